"""Comparing a run with a baseline report: did pass^k drop significantly, beyond a margin?

Items are paired by node id (task × persona × modality of the same test). For each k (1 and the deepest k both
runs support), D = mean over paired items of pass^k(current) − pass^k(baseline). A stratified permutation test
asks how often relabelling each item's pooled trials gives a D at least that low (one-sided p). The verdict:

- FAIL when p < alpha and D < −margin (a real drop bigger than we tolerate);
- WARN when D < −margin but p ≥ alpha (a drop the run cannot confirm), or when the smallest detectable drop
  (MDE = (z₁₋α + z₀.₈) · sd(d)/√T, power 0.8) exceeds the margin (underpowered);
- PASS otherwise.

Runs whose simulated user or judge differ cannot be compared (their drift would look like a regression).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist, stdev
from typing import Any

from ..errors import UsageError
from ..metrics import pass_hat_k

_POWER = 0.8


@dataclass(frozen=True, kw_only=True)
class KResult:
    k: int
    items: int
    drop: float  # D: current − baseline, mean over paired items
    p_value: float
    mde: float | None  # smallest drop the run could detect at the given alpha with power 0.8
    verdict: str


@dataclass(frozen=True, kw_only=True)
class Comparison:
    verdict: str  # PASS | WARN | FAIL
    results: tuple[KResult, ...]
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        out = [f"baseline comparison: {self.verdict}"]
        for r in self.results:
            mde = "n/a (no variation)" if r.mde is None else f"{r.mde:.3f}"
            out.append(f"  pass^{r.k}: change {r.drop:+.3f} over {r.items} paired items, one-sided p={r.p_value:.3f}, "
                       f"smallest detectable drop {mde} -> {r.verdict}")
        out.extend(f"  {n}" for n in self.notes)
        return out


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
        if trial.get("outcome") != "error":  # infrastructure errors are not evidence about the agent
            by_item.setdefault(trial["nodeid"], []).append(trial["outcome"] == "passed")
    return by_item


def _mean_drop(pairs: Sequence[tuple[Sequence[bool], Sequence[bool]]], k: int) -> tuple[float, list[float]]:
    diffs = [pass_hat_k(cur, k) - pass_hat_k(base, k) for base, cur in pairs]
    return sum(diffs) / len(diffs), diffs


def _permutation_p(pairs: Sequence[tuple[Sequence[bool], Sequence[bool]]], k: int, observed: float,
                   resamples: int, rng: random.Random) -> float:
    """One-sided p-value of a drop this large, relabelling trials within each item."""
    at_most = 0
    for _ in range(resamples):
        total = 0.0
        for base, cur in pairs:
            pooled = [*base, *cur]
            rng.shuffle(pooled)
            total += pass_hat_k(pooled[len(base):], k) - pass_hat_k(pooled[: len(base)], k)
        at_most += total / len(pairs) <= observed + 1e-12
    return (1 + at_most) / (resamples + 1)


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
    pairs = [(base[key], cur[key]) for key in paired]
    depth = min(min(len(b), len(c)) for b, c in pairs)
    if depth == 0:
        return Comparison(verdict="WARN", results=(), notes=("an item has no scored trial in one of the runs", *notes))
    z = NormalDist().inv_cdf(1 - alpha) + NormalDist().inv_cdf(_POWER)
    rng = random.Random(seed)
    results = []
    for k in sorted({1, depth}):
        drop, diffs = _mean_drop(pairs, k)
        p_value = _permutation_p(pairs, k, drop, resamples, rng)
        spread = stdev(diffs) if len(diffs) > 1 else 0.0
        mde = z * spread / math.sqrt(len(diffs)) if spread > 0 else None
        if p_value < alpha and drop < -margin:
            verdict = "FAIL"
        elif drop < -margin or (mde is not None and mde > margin):
            verdict = "WARN"
        else:
            verdict = "PASS"
        results.append(KResult(k=k, items=len(pairs), drop=drop, p_value=p_value, mde=mde, verdict=verdict))
    if any(r.mde is not None and r.mde > margin for r in results):
        notes.append(f"underpowered: this run cannot reliably detect a drop of {margin:g}; add trials or tasks")
    overall = "FAIL" if any(r.verdict == "FAIL" for r in results) else (
        "WARN" if any(r.verdict == "WARN" for r in results) else "PASS")
    return Comparison(verdict=overall, results=tuple(results), notes=tuple(notes))
