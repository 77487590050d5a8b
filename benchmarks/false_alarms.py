"""CR, CP, IAS and CFA flags on the built-in reference agents (issue 20 item 5): a correct agent is never flagged.

For every built-in domain, its ``reference`` agent talks with the scripted user over every task (or every Nth), the
personas none/easy/hard and the eight ECom-Bench personas, and 8 trials each (seeds as the plugin derives them);
every conversation is labelled by the rule labeller and scored. Prints, per domain, the conversations run, the
goal rate, and the number flagged by each metric (a defined score below its ideal), with the first few flagged
conversations. ``tests/test_no_false_alarms.py`` pins a sample of this grid; this runs all of it.

Run from the repository root::

    .venv/bin/python benchmarks/false_alarms.py                 # every task (about 20 000 conversations)
    .venv/bin/python benchmarks/false_alarms.py --every 5       # every 5th task
    .venv/bin/python benchmarks/false_alarms.py mock retail     # some domains
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_mmtau import metrics  # noqa: E402
from pytest_mmtau._discovery import DomainRegistry  # noqa: E402
from pytest_mmtau.judge import RuleLabeller  # noqa: E402
from pytest_mmtau.personas import ECOM_BENCH, MM_TAU_P2, PRESETS  # noqa: E402
from pytest_mmtau.user import SimulatedUser, derive_seed  # noqa: E402

PERSONAS = (*MM_TAU_P2, *ECOM_BENCH)
METRICS = ("cr", "cp", "ias", "cfa")
TRIALS = 8


def flags(conv: object) -> list[str]:
    """The metrics that flag this conversation (a defined score below 1)."""
    labels = RuleLabeller().label_sync(conv)  # type: ignore[arg-type]
    found = []
    for name in METRICS:
        score = getattr(metrics, name)(conv, labels)
        if score.defined and float(score) < 1.0:
            found.append(name)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("domains", nargs="*", help="domain names (default: every built-in domain)")
    parser.add_argument("--every", type=int, default=1, metavar="N", help="every Nth task only")
    args = parser.parse_args(argv)
    registry = DomainRegistry()
    print(f"{'domain':<11} {'convs':>6} {'goal':>6} " + " ".join(f"{m:>5}" for m in METRICS) + "  cpu s")
    total: Counter[str] = Counter()
    for name in args.domains or registry.names():
        domain = registry.get(name)
        agent = domain.agents["reference"]
        counts: Counter[str] = Counter()
        shown: list[str] = []
        runs = goals = 0
        start = time.process_time()
        for task in domain.tasks[::args.every]:
            for persona in PERSONAS:
                for trial in range(TRIALS):
                    user = SimulatedUser(domain=domain, task=task, persona=PRESETS[persona],
                                         seed=derive_seed(0, trial))
                    conv = user.converse_sync(agent())
                    runs, goals = runs + 1, goals + conv.goal_achieved
                    for metric in flags(conv):
                        counts[metric] += 1
                        if len(shown) < 5:
                            shown.append(f"    {metric}: {task.id} {persona} trial {trial}")
        total.update(counts)
        print(f"{name:<11} {runs:>6} {goals / max(runs, 1):>6.1%} " + " ".join(f"{counts[m]:>5}" for m in METRICS)
              + f"  {time.process_time() - start:.0f}")
        for line in shown:
            print(line)
    print("flags in all:", sum(total.values()))
    return 1 if sum(total.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
