"""The plain-language criteria of a run in one line for the terminal, the Markdown and the HTML report.

Criteria skipped for want of a judge model are always counted here, so an offline run never passes them silently.
Reads the trial records (``TrialResult.judge["criteria"]``, or the same in the JSON report's trials).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["criteria_counts", "criteria_line", "criteria_summary", "summary_line"]

_ORDER = ("met", "unmet", "inconclusive", "skipped")


def _judge_of(trial: Any) -> Mapping[str, Any]:
    found = trial.get("judge") if isinstance(trial, Mapping) else getattr(trial, "judge", None)
    return found if isinstance(found, Mapping) else {}


def criteria_counts(trials: Iterable[Any]) -> tuple[Counter[str], int]:
    """How many criterion verdicts of each kind, and in how many trials criteria were asked for."""
    counts: Counter[str] = Counter()
    asked = 0
    for trial in trials:
        verdicts = [v for v in _judge_of(trial).get("criteria") or () if isinstance(v, Mapping)]
        asked += bool(verdicts)
        counts.update(str(v.get("verdict")) for v in verdicts)
    return counts, asked


def criteria_summary(trials: Iterable[Any]) -> dict[str, int] | None:
    """The counts the report keeps (``criteria``): verdicts of each kind and the trials that asked; None if none."""
    counts, asked = criteria_counts(trials)
    return {**{k: counts[k] for k in _ORDER}, "trials": asked} if asked else None


def summary_line(summary: Mapping[str, Any] | None) -> str | None:
    """``criteria: 4 met, 1 unmet, 3 SKIPPED ... in 5 trials`` from ``criteria_summary`` (None: no criteria)."""
    if not summary or not summary.get("trials"):
        return None
    asked = int(summary["trials"])
    parts = [f"{summary[k]} {k.upper() if k == 'skipped' else k}" for k in _ORDER if summary.get(k)]
    line = f"criteria: {', '.join(parts)} in {asked} trial{'s' * (asked != 1)}"
    if summary.get("skipped"):
        line += " (skipped: no judge model, so they were NOT checked; set --mmtau-judge-model to judge them)"
    return line


def criteria_line(trials: Iterable[Any]) -> str | None:
    """``criteria: 4 met, 1 unmet, 3 SKIPPED ... in 5 trials`` (None when no test asked for criteria)."""
    return summary_line(criteria_summary(trials))
