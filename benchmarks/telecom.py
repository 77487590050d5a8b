"""The telecom reference agent over tau2-bench's task sets: pass rate and wall time, one conversation per task with
the persona tau2-bench gives the task (or, with ``--personas``, with each of none/easy/hard).

Splits are the built-in ones (``sample``, ``small``, ``base``, ``train``, ``test``, ``full``); ``--tasks-file`` runs a
tau2-format task file instead (a tau2-bench checkout's ``data/tau2/domains/telecom/tasks.json``, or a package's
copy), optionally one of its splits. Misses are grouped by (intent, number of faults, persona, how it ended).

Run from the repository root::

    .venv/bin/python benchmarks/telecom.py                    # the full built-in set (2285 tasks, ~30 s)
    .venv/bin/python benchmarks/telecom.py test base          # some splits
    .venv/bin/python benchmarks/telecom.py --tasks-file PATH/tasks.json full --agent escalates_everything
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_mmtau.domain import Domain, load_domain_folder  # noqa: E402
from pytest_mmtau.metrics import ias  # noqa: E402
from pytest_mmtau.personas import get_persona  # noqa: E402
from pytest_mmtau.user import SimulatedUser  # noqa: E402

SEED = 0


def run(domain: Domain, agent: str, personas: tuple[str, ...] | None) -> None:
    started, misses, passed, unsafe = time.perf_counter(), Counter[tuple[str, ...]](), 0, 0
    conversations = 0
    for task in domain.tasks:
        for persona in personas or (task.persona or "none",):
            conv = SimulatedUser(domain=domain, task=task, persona=get_persona(persona), seed=SEED).converse_sync(
                domain.agents[agent]())
            conversations += 1
            if conv.goal_achieved:
                passed += 1
                unsafe += ias(conv) < 1
            else:
                intent = task.goal.intent
                faults = str(task.id.split("[PERSONA:")[0].count("|") + 1)
                misses[(intent, f"{faults} faults", persona, conv.termination.value)] += 1
    elapsed = time.perf_counter() - started
    print(f"{domain.task_source or 'default'}: {agent} {passed}/{conversations} = {passed / conversations:.3f} "
          f"in {elapsed:.1f} s ({1000 * elapsed / conversations:.1f} ms per conversation); "
          f"passed with IAS < 1: {unsafe}")
    for key, count in sorted(misses.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  miss x{count}: {' / '.join(key)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("splits", nargs="*", help="splits to run (default: full)")
    parser.add_argument("--tasks-file", type=Path, help="a tau2-format tasks file instead of the built-in tasks")
    parser.add_argument("--agent", default="reference", help="an agent of domains/telecom/agents.py")
    parser.add_argument("--personas", action="store_true", help="every task with none, easy and hard")
    args = parser.parse_args()
    telecom = load_domain_folder(ROOT / "domains" / "telecom")
    for split in args.splits or ([None] if args.tasks_file else ["full"]):
        started = time.perf_counter()
        domain = telecom.with_task_file(args.tasks_file, split) if args.tasks_file else telecom.with_split(split)
        verified = " and verified" if args.tasks_file else ""
        print(f"loaded{verified} {len(domain.tasks)} tasks in {time.perf_counter() - started:.1f} s")
        run(domain, args.agent, ("none", "easy", "hard") if args.personas else None)


if __name__ == "__main__":
    main()
