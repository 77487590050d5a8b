"""The plain-language criteria of a run in one line for the terminal, the Markdown and the HTML report.

Criteria skipped for want of a judge model are always counted here, so an offline run never passes them silently.
Reads the trial records (``TrialResult.judge["criteria"]``, or the same in the JSON report's trials).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["criteria_counts", "criteria_line"]

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


def criteria_line(trials: Iterable[Any]) -> str | None:
    """``criteria: 4 met, 1 unmet, 3 SKIPPED ... in 5 trials`` (None when no test asked for criteria)."""
    counts, asked = criteria_counts(trials)
    if not asked:
        return None
    parts = [f"{counts[k]} {k.upper() if k == 'skipped' else k}" for k in _ORDER if counts[k]]
    line = f"criteria: {', '.join(parts)} in {asked} trial{'s' * (asked != 1)}"
    if counts["skipped"]:
        line += " (skipped: no judge model, so they were NOT checked; set --mmtau-judge-model to judge them)"
    return line
