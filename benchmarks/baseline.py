"""Benchmark of the baseline comparison (``--mmtau-baseline``): how long comparing two runs of a suite takes.

The workload is two synthetic reports shaped like the example suite (284 paired items, 4 trials each side, pass
rates around 0.9, 1 % infrastructure errors; ``tests/baseline_scenarios.py``), compared with the default 2000
resamples at pass^1 and pass^4, per-item Fisher tests included. Printed:

* **cold**: the first comparison in the process, numpy's import included (what a CI run pays once);
* **warm**: the median of ``--rounds`` further comparisons;
* the same for a suite with every item's trials mixed (the worst case: no item can be skipped) and for a larger
  suite (``--items``, default 2000).

Target, printed with PASS or MISS: 284 items warm < 0.2 s (the pure-Python version took 6.3–8 s on this machine).

Run from the repository root::

    .venv/bin/python benchmarks/baseline.py
    .venv/bin/python benchmarks/baseline.py --rounds 20 --items 5000
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from baseline_scenarios import scenario  # noqa: E402

from pytest_mmtau.report._baseline import compare  # noqa: E402

TARGET_S = 0.2


def _mixed(items: int, trials: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every item has passes and failures on both sides: nothing can be skipped."""
    rng = random.Random(seed)

    def side() -> dict[str, Any]:
        outcomes = []
        for i in range(items):
            passes = rng.randint(1, trials - 1)
            outcomes += [{"nodeid": f"t.py::test[{i}]", "outcome": "passed" if j < passes else "failed"}
                         for j in range(trials)]
        return {"schema_version": 1, "run": {"simulator": "scripted", "judge": "rules"}, "trials": outcomes}

    return side(), side()


def _time(base: dict[str, Any], cur: dict[str, Any], rounds: int) -> tuple[float, float]:
    started = time.perf_counter()
    compare(base, cur)
    cold = time.perf_counter() - started
    warm = []
    for seed in range(rounds):
        started = time.perf_counter()
        compare(base, cur, seed=seed)
        warm.append(time.perf_counter() - started)
    return cold, statistics.median(warm)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--items", type=int, default=2000, help="items of the larger suite")
    args = parser.parse_args(argv)
    cold, warm = _time(*scenario("example-suite shape"), args.rounds)
    print(f"284 items, example-suite shape:   cold {cold:.3f} s (numpy import included)   warm {warm:.3f} s")
    _, mixed = _time(*_mixed(284, 4, 1), args.rounds)
    print(f"284 items, every item mixed:       warm {mixed:.3f} s")
    _, large = _time(*_mixed(args.items, 8, 2), max(1, args.rounds // 3))
    print(f"{args.items} items x 8 trials, mixed:  warm {large:.3f} s")
    print(f"target: 284 items < {TARGET_S} s warm: {'PASS' if max(warm, mixed) < TARGET_S else 'MISS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
