"""Judges: turn a Transcript into a report of every metric. The default is offline and rule-based.

An LLM judge (later) labels what code cannot know; it plugs in through the same ``Judge`` Protocol and the
``pytest_mmtau_make_judge`` hook.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..models import Score, Transcript
from ._labels import TurnLabels, label_agent_turns

__all__ = ["Judge", "JudgeReport", "RuleJudge"]


@dataclass(frozen=True, kw_only=True)
class JudgeReport:
    success: Score
    cfa: Score
    ias: Score
    te: Score
    labels: dict[int, TurnLabels] = field(default_factory=dict)
    judge: str = "rules"

    def metrics(self) -> dict[str, float]:
        from ..config import METRIC_NAMES

        return {name: float(getattr(self, name)) for name in METRIC_NAMES}


@runtime_checkable
class Judge(Protocol):
    async def evaluate(self, conv: Transcript) -> JudgeReport: ...


class RuleJudge:
    """Deterministic judge: computes metrics from the transcript with the rule-based act labeller."""

    name = "rules"

    def __call__(self, conv: Transcript) -> JudgeReport:
        from .. import metrics  # metrics imports the labeller from this package; import it late

        return JudgeReport(success=metrics.success(conv), cfa=metrics.cfa(conv), ias=metrics.ias(conv),
                           te=metrics.te(conv), labels=label_agent_turns(conv), judge=self.name)

    async def evaluate(self, conv: Transcript) -> JudgeReport:
        return self(conv)

    def for_trial(self, trial: int, seed: int) -> RuleJudge:
        return self

    def __repr__(self) -> str:
        return "RuleJudge()"
