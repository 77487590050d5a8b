"""Synthetic pairs of reports for the baseline comparison: items with given trial counts and pass rates.

Shared by the baseline tests and ``benchmarks/baseline.py``; the scenarios are fixed by their seed, so outputs
captured from one implementation can be compared with another's.
"""

from __future__ import annotations

import random
from typing import Any

# name: (items, baseline trials, current trials, baseline pass rate, current pass rate, error share, seed)
SCENARIOS: dict[str, tuple[int, int, int, float, float, float, int]] = {
    "no change, all green": (20, 4, 4, 1.0, 1.0, 0.0, 1),
    "no change, flaky": (30, 4, 4, 0.8, 0.8, 0.0, 2),
    "clear drop": (25, 4, 4, 0.95, 0.6, 0.0, 3),
    "small drop, few items": (5, 3, 3, 0.9, 0.75, 0.0, 4),
    "improvement": (40, 2, 2, 0.6, 0.95, 0.0, 5),
    "uneven trials with errors": (15, 5, 3, 0.85, 0.8, 0.1, 6),
    "one item": (1, 8, 8, 0.9, 0.4, 0.0, 7),
    "example-suite shape": (284, 4, 4, 0.92, 0.9, 0.01, 8),
}


def _trials(rng: random.Random, nodeid: str, n: int, rate: float, errors: float) -> list[dict[str, Any]]:
    out = []
    for _ in range(n):
        outcome = "error" if rng.random() < errors else ("passed" if rng.random() < rate else "failed")
        out.append({"nodeid": nodeid, "outcome": outcome})
    return out


def scenario(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(baseline report, current report) for the named scenario; every item appears in both runs, plus one item
    only in each when there is more than one item."""
    items, n_base, n_cur, p_base, p_cur, errors, seed = SCENARIOS[name]
    rng = random.Random(seed)
    run = {"simulator": "scripted", "judge": "rules"}
    base: list[dict[str, Any]] = []
    cur: list[dict[str, Any]] = []
    for i in range(items):
        nodeid = f"tests/test_s.py::test_x[item{i:03d}]"
        rate = min(1.0, max(0.0, p_base + rng.uniform(-0.1, 0.1))) if 0 < p_base < 1 else p_base
        base += _trials(rng, nodeid, n_base, rate, errors)
        shift = p_cur - p_base
        cur += _trials(rng, nodeid, n_cur, min(1.0, max(0.0, rate + shift)), errors)
    if items > 1:
        base += _trials(rng, "tests/test_s.py::test_x[gone]", n_base, p_base, 0.0)
        cur += _trials(rng, "tests/test_s.py::test_x[new]", n_cur, p_cur, 0.0)
    return ({"schema_version": 1, "run": run, "trials": base}, {"schema_version": 1, "run": run, "trials": cur})
