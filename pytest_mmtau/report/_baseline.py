"""Comparing a run with a baseline report: did pass^k drop significantly, beyond a margin, and which items changed?

Items are paired by node id (task × persona × modality of the same test). For each k (1 and the deepest k both
runs support), the change D = mean over paired items of pass^k(current) − pass^k(baseline) (negative: worse). A
stratified permutation test asks how often relabelling each item's pooled trials gives a D at least that low
(one-sided p). The verdict:

- FAIL when p < alpha and D < −margin (a real drop bigger than we tolerate);
- WARN when D < −margin but p ≥ alpha (a drop the run cannot confirm), or when the smallest detectable drop
  (MDE = (z₁₋α + z₀.₈) · sd(d)/√T, power 0.8) exceeds the margin (underpowered);
- PASS otherwise.

Relabelling an item's pooled trials only changes how many passes land in the current run, and that number is
hypergeometric; so the test draws those counts for every item and resample at once (numpy) and looks the item's
change up in a table, instead of shuffling lists one by one.

Per item, the change of its pass rate (pass^1) comes with the exact one-sided p-value of the same relabelling
(Fisher's exact test) in the direction of the change, and a Benjamini–Hochberg q-value over all paired items: an
item *regressed* or *improved* when p < alpha. With a handful of trials per item only large changes can reach it
(3 of 3 trials passing, then 0 of 3, gives p = 0.05 exactly: not below 0.05).

Runs whose simulated user or judge differ cannot be compared (their drift would look like a regression).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import NormalDist, stdev
from typing import TYPE_CHECKING, Any, Literal

from ..errors import UsageError
from ..models import SCORED_OUTCOMES

if TYPE_CHECKING:
    import numpy as np

_POWER = 0.8
_TIE = 1e-9  # changes closer than this are equal (distinct values differ by far more)
_CELLS_PER_BLOCK = 1 << 21  # resamples × items drawn at once: bounds memory for huge suites

ItemVerdict = Literal["regressed", "improved", "not significant"]


@dataclass(frozen=True, kw_only=True)
class KResult:
    """The run-level test for one k."""

    k: int
    items: int  # paired items
    change: float  # D: mean over paired items of pass^k(current) − pass^k(baseline); negative is worse
    p_value: float  # one-sided: share of relabellings with a change at most D
    mde: float | None  # smallest drop the run could detect at the given alpha with power 0.8; None: no variation
    verdict: str  # PASS | WARN | FAIL


@dataclass(frozen=True, kw_only=True)
class ItemChange:
    """One paired item: its pass rate in both runs, the change, and how surprising that change is."""

    key: str  # node id
    baseline_passed: int
    baseline_scored: int
    current_passed: int
    current_scored: int
    change: float  # pass^1(current) − pass^1(baseline): the effect size, in pass-rate points
    p_value: float  # exact one-sided p in the direction of the change (1.0 when nothing changed)
    q_value: float  # Benjamini–Hochberg adjustment of p_value over all paired items
    verdict: ItemVerdict  # regressed / improved when p < alpha, else not significant (whatever the change)


@dataclass(frozen=True, kw_only=True)
class Comparison:
    verdict: str  # PASS | WARN | FAIL
    results: tuple[KResult, ...]
    items: tuple[ItemChange, ...] = ()  # every paired item, significant regressions first (_most_telling_first)
    notes: tuple[str, ...] = ()

    def as_dict(self, path: str) -> dict[str, Any]:
        """The ``baseline`` entry of the JSON report."""
        return {"path": path, "verdict": self.verdict, "results": [asdict(r) for r in self.results],
                "items": [asdict(i) for i in self.items], "notes": list(self.notes)}


def load_report(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise UsageError(f"--mmtau-baseline {str(path)!r}: cannot read the report: {exc}") from None
    if not isinstance(data, dict) or data.get("schema_version") != 1 or not isinstance(data.get("trials"), list):
        raise UsageError(f"--mmtau-baseline {str(path)!r}: not a pytest-mmtau report with schema_version 1")
    return data


def _outcomes(report: Mapping[str, Any]) -> dict[str, list[bool]]:
    by_item: dict[str, list[bool]] = {}
    for trial in report["trials"]:
        if trial.get("outcome") in SCORED_OUTCOMES:  # inconclusive trials are not evidence about the agent
            by_item.setdefault(trial["nodeid"], []).append(trial["outcome"] == "passed")
    return by_item


@dataclass(frozen=True)
class _Pair:
    """One paired item as counts: passes and scored trials in the baseline and in this run."""

    base_passed: int
    base_n: int
    cur_passed: int
    cur_n: int

    def change(self, k: int, cur_passed: int | None = None) -> float:
        """pass^k(current) − pass^k(baseline) when ``cur_passed`` of the pooled passes fall in this run."""
        cur = self.cur_passed if cur_passed is None else cur_passed
        base = self.base_passed + self.cur_passed - cur
        return math.comb(cur, k) / math.comb(self.cur_n, k) - math.comb(base, k) / math.comb(self.base_n, k)


def _pair(base: Sequence[bool], cur: Sequence[bool]) -> _Pair:
    return _Pair(sum(base), len(base), sum(cur), len(cur))


def _relabelled_passes(pairs: Sequence[_Pair], resamples: int, seed: int) -> np.ndarray:
    """For each resample (row) and item (column): how many of the item's pooled passes land in this run when its
    trials are relabelled at random — a hypergeometric draw."""
    import numpy as np

    rng = np.random.default_rng(seed)
    good = np.array([p.base_passed + p.cur_passed for p in pairs])
    bad = np.array([p.base_n + p.cur_n for p in pairs]) - good
    drawn = np.array([p.cur_n for p in pairs])
    # an item whose pooled trials all passed (or all failed) relabels to itself: only the others need draws, which
    # makes a mostly green suite cheap
    counts = np.tile(np.where(bad == 0, drawn, 0), (resamples, 1))
    mixed = (good > 0) & (bad > 0)
    if mixed.any():
        counts[:, mixed] = rng.hypergeometric(good[mixed], bad[mixed], drawn[mixed], size=(resamples, int(mixed.sum())))
    return counts


def _permutation_p(pairs: Sequence[_Pair], k: int, observed: float, draws: np.ndarray) -> float:
    """One-sided p-value of a change at most ``observed``, relabelling trials within each item."""
    import numpy as np

    width = max(p.cur_n for p in pairs) + 1
    table = np.zeros((len(pairs), width))  # table[i, x]: item i's change when x passes land in this run
    for i, p in enumerate(pairs):
        low, high = max(0, p.base_passed + p.cur_passed - p.base_n), min(p.cur_n, p.base_passed + p.cur_passed)
        table[i, low:high + 1] = [p.change(k, x) for x in range(low, high + 1)]
    columns = np.arange(len(pairs))
    at_most = 0
    block = max(1, _CELLS_PER_BLOCK // len(pairs))
    for start in range(0, len(draws), block):
        means = table[columns, draws[start:start + block]].mean(axis=1)
        at_most += int(np.count_nonzero(means <= observed + _TIE))
    return (1 + at_most) / (len(draws) + 1)


def _hypergeometric_tail(pair: _Pair, *, lower: bool) -> float:
    """Exact P(X ≤ observed) (``lower``) or P(X ≥ observed) for the passes X landing in this run."""
    total, pooled, n = pair.base_n + pair.cur_n, pair.base_passed + pair.cur_passed, pair.cur_n
    xs = range(max(0, pooled - pair.base_n), min(n, pooled) + 1)
    tail = [x for x in xs if (x <= pair.cur_passed if lower else x >= pair.cur_passed)]
    return sum(math.comb(pooled, x) * math.comb(total - pooled, n - x) for x in tail) / math.comb(total, n)


def _benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    q = [1.0] * len(p_values)
    smallest = 1.0
    for rank in range(len(order), 0, -1):  # from the largest p down, keeping q monotone
        i = order[rank - 1]
        smallest = min(smallest, p_values[i] * (len(p_values) / rank))
        q[i] = max(smallest, p_values[i])  # never below p, whatever the rounding
    return q


def _item_changes(keys: Sequence[str], pairs: Sequence[_Pair], alpha: float) -> tuple[ItemChange, ...]:
    changes = [p.change(1) for p in pairs]
    p_values = [1.0 if abs(c) < _TIE else _hypergeometric_tail(p, lower=c < 0) for p, c in zip(pairs, changes)]
    q_values = _benjamini_hochberg(p_values)
    out = []
    for key, pair, change, p, q in zip(keys, pairs, changes, p_values, q_values):
        verdict: ItemVerdict = "not significant" if p >= alpha else ("regressed" if change < 0 else "improved")
        out.append(ItemChange(key=key, baseline_passed=pair.base_passed, baseline_scored=pair.base_n,
                              current_passed=pair.cur_passed, current_scored=pair.cur_n, change=change, p_value=p,
                              q_value=q, verdict=verdict))
    return tuple(sorted(out, key=_most_telling_first))


def _most_telling_first(item: ItemChange) -> tuple[int, float, float, str]:
    """Significant regressions, then significant improvements, then the rest by p-value (drops first on ties)."""
    return ({"regressed": 0, "improved": 1}.get(item.verdict, 2), item.p_value, item.change, item.key)


def _same(label: str, base: Any, cur: Any) -> str | None:
    if base != cur:
        return f"refusing to compare: the {label} differs (baseline {base!r}, this run {cur!r})"
    return None


def compare(baseline: Mapping[str, Any], current: Mapping[str, Any], *, margin: float = 0.05, alpha: float = 0.05,
            resamples: int = 2000, seed: int = 0) -> Comparison:
    for label, key, default in (("simulated user", "simulator", None), ("judge", "judge", None),
                                ("default persona exposure", "persona_exposure", 0),
                                ("persona inferrer of exposure 2", "exposure_inferrer", "heuristic")):
        refusal = _same(label, baseline.get("run", {}).get(key, default), current.get("run", {}).get(key, default))
        if refusal:
            raise UsageError(f"--mmtau-baseline: {refusal}")
    base, cur = _outcomes(baseline), _outcomes(current)
    paired = sorted(set(base) & set(cur))
    notes = [f"{len(set(cur) - set(base))} items are new and {len(set(base) - set(cur))} items are gone; "
             "only paired items are compared"] if set(base) ^ set(cur) else []
    if not paired:
        return Comparison(verdict="WARN", results=(), notes=("no item appears in both runs", *notes))
    pairs = [_pair(base[key], cur[key]) for key in paired]
    depth = min(min(p.base_n, p.cur_n) for p in pairs)
    if depth == 0:
        return Comparison(verdict="WARN", results=(), notes=("an item has no scored trial in one of the runs", *notes))
    z = NormalDist().inv_cdf(1 - alpha) + NormalDist().inv_cdf(_POWER)
    draws = _relabelled_passes(pairs, resamples, seed)  # the same relabellings serve every k
    results = []
    for k in sorted({1, depth}):
        diffs = [p.change(k) for p in pairs]
        change = sum(diffs) / len(diffs)
        p_value = _permutation_p(pairs, k, change, draws)
        spread = stdev(diffs) if len(diffs) > 1 else 0.0
        mde = z * spread / math.sqrt(len(diffs)) if spread > 0 else None
        if p_value < alpha and change < -margin:
            verdict = "FAIL"
        elif change < -margin or (mde is not None and mde > margin):
            verdict = "WARN"
        else:
            verdict = "PASS"
        results.append(KResult(k=k, items=len(pairs), change=change, p_value=p_value, mde=mde, verdict=verdict))
    if any(r.mde is not None and r.mde > margin for r in results):
        notes.append(f"underpowered: this run cannot reliably detect a drop of {margin:g}; add trials or tasks")
    overall = "FAIL" if any(r.verdict == "FAIL" for r in results) else (
        "WARN" if any(r.verdict == "WARN" for r in results) else "PASS")
    return Comparison(verdict=overall, results=tuple(results), items=_item_changes(paired, pairs, alpha),
                      notes=tuple(notes))
