"""Simulator quality and goal rates of the built-in domains' agents, with the scripted simulated user.

For every built-in domain and every agent in its ``agents.py``, one conversation per task x persona (the personas
that domain's tests can use: presets, ECom-Bench's grid, the domain's own persona file) with a fixed seed; prints
the share of conversations whose goal was reached and the mean simulator-quality scores (PAS, BVS, TRA, DEI,
CRRS) with the number of conversations the simulator went off script in, and the number in which it did not
understand the agent (a ``simulator_misunderstood`` event). A reference agent with a high goal rate and no
off-script or misunderstood conversations says the simulator plays its part; a flawed agent's lower rate is the
agent's. ``--show-misunderstood`` prints each ask the simulator could not place.

Run from the repository root::

    .venv/bin/python benchmarks/simulator.py                    # every domain (a few minutes)
    .venv/bin/python benchmarks/simulator.py restaurant mock    # some domains
    .venv/bin/python benchmarks/simulator.py --quick            # every 5th task
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_mmtau._discovery import DomainRegistry  # noqa: E402
from pytest_mmtau._misunderstood import misunderstandings  # noqa: E402
from pytest_mmtau.personas import load_registry  # noqa: E402
from pytest_mmtau.simulator_metrics import simulator_quality  # noqa: E402
from pytest_mmtau.user import SimulatedUser  # noqa: E402

SEED = 7
SCORES = ("pas", "bvs", "tra", "dei", "crrs")


def _mean(values: list[float]) -> str:
    defined = [v for v in values if not math.isnan(v)]
    return f"{statistics.mean(defined):.3f}" if defined else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("domains", nargs="*", help="domain names (default: every built-in domain)")
    parser.add_argument("--quick", action="store_true", help="every 5th task only")
    parser.add_argument("--show-misunderstood", action="store_true", help="print every ask the user could not place")
    args = parser.parse_args(argv)
    registry, personas = DomainRegistry(), load_registry(rootdir=ROOT)
    print(f"{'domain':<11} {'agent':<26} {'convs':>6} {'goal':>6} " + " ".join(f"{s:>6}" for s in SCORES)
          + "  off-script  misunderstood")
    for name in args.domains or registry.names():
        domain = registry.get(name)
        tasks = domain.tasks[::5] if args.quick else domain.tasks
        view = personas.for_domain(name)
        for agent_name, make_agent in domain.agents.items():
            goals, off, lost, scores = 0, 0, 0, {s: [] for s in SCORES}
            for persona in view:
                for task in tasks:
                    conv = SimulatedUser(domain=domain, task=task, persona=view[persona], seed=SEED).converse_sync(
                        make_agent())
                    quality = simulator_quality(conv)
                    goals += conv.goal_achieved
                    off += bool(quality.off_script)
                    events = misunderstandings([conv])
                    lost += bool(events)
                    for event in events if args.show_misunderstood else ():
                        print(f"  {name} {agent_name} {task.id} {persona}: turn {event['turn']}: {event['asks']}")
                    for s in SCORES:
                        scores[s].append(float(getattr(quality, s)))
            n = len(view) * len(tasks)
            print(f"{name:<11} {agent_name:<26} {n:>6} {goals / n:>6.1%} "
                  + " ".join(f"{_mean(scores[s]):>6}" for s in SCORES) + f"  {off:>10}  {lost:>13}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
