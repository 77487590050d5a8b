"""Judges: turn a Transcript into a report of every per-conversation metric.

A judge is a labeller (what code cannot read off the tool log: which agent turns ask to confirm, to clarify,
escalate…) plus the deterministic metric code. ``RuleJudge`` labels with offline rules; ``LLMJudge`` labels with an
LLM through litellm (see ``_llm.py``). Success, CFA, IAS's tool-call ordering, TE, UES and errors never depend on
the LLM, so an agent cannot talk its way into a better score on them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import copy
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..models import Score, Transcript
from ._criteria import CriteriaReport, CriterionVerdict, check_criteria, skipped_report
from ._labels import LabelSet, Labeller, RuleLabeller, TurnLabels

__all__ = ["CriteriaReport", "CriterionVerdict", "Judge", "JudgeReport", "LLMJudge", "LabelSet", "RuleJudge",
           "TurnLabels"]

T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class JudgeReport:
    """Every per-conversation metric as a Score, the labels behind them, and who produced the labels."""

    success: Score
    cfa: Score
    te: Score
    ues: Score
    ues_count: Score
    err: Score
    rtc: Score
    ias: Score
    sr: Score
    safety_precision: Score
    cp: Score
    cr: Score
    labels: LabelSet = field(default_factory=lambda: LabelSet(labels={}))

    def metrics(self) -> dict[str, float | None]:
        from ..config import METRIC_NAMES

        return {name: (float(s) if (s := getattr(self, name)).defined else None) for name in METRIC_NAMES}


def report_from(conv: Transcript, labels: LabelSet) -> JudgeReport:
    from ..metrics import score_all

    return JudgeReport(**score_all(conv, labels), labels=labels)


@runtime_checkable
class Judge(Protocol):
    """What the ``judge`` fixture gives a test (and what ``pytest_mmtau_make_judge`` returns)."""

    async def evaluate(self, conv: Transcript) -> JudgeReport:
        """Label and score ``conv``: every per-conversation metric, with evidence."""
        ...

    def __call__(self, conv: Transcript) -> JudgeReport:
        """``evaluate`` from sync or async code."""
        ...

    def criteria(self, conv: Transcript, *criteria: str) -> CriteriaReport:
        """Judge plain-language criteria on ``conv``; an AssertionError when one is unmet."""
        ...

    async def evaluate_criteria(self, conv: Transcript, *criteria: str) -> CriteriaReport:
        """``criteria`` for async code."""
        ...


def _run_blocking(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from sync code, even when called inside a running event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="mmtau-judge") as pool:
        # the trial's context travels along: its cassette and usage scope (record.current) live there
        return pool.submit(contextvars.copy_context().run, asyncio.run, coro).result()


class _LabellingJudge:
    """``await judge.evaluate(conv)`` in async code; ``judge(conv)`` anywhere."""

    def __init__(self, labeller: Labeller) -> None:
        self.labeller = labeller
        self._reports: dict[int, tuple[Transcript, JudgeReport]] = {}
        self.criteria_reports: list[CriteriaReport] = []  # this trial's, for its record in the reports

    async def evaluate(self, conv: Transcript) -> JudgeReport:
        """Label and score ``conv``; the same transcript is judged once (the report also feeds the JSON report)."""
        known = self.cached(conv)
        if known is None:
            known = report_from(conv, await self.labeller.label(conv))
            self._reports[id(conv)] = (conv, known)
        return known

    def cached(self, conv: Transcript) -> JudgeReport | None:
        hit = self._reports.get(id(conv))
        return hit[1] if hit is not None and hit[0] is conv else None

    def __call__(self, conv: Transcript) -> JudgeReport:
        return _run_blocking(self.evaluate(conv))

    def criteria(self, conv: Transcript, *criteria: str) -> CriteriaReport:
        """Judge each plain-language criterion on the whole conversation, e.g. ``judge.criteria(conv, "the agent
        never promises a refund before checking the order")``. Like an ``assert_<metric>`` helper it raises an
        AssertionError listing the unmet criteria with the turns each verdict rests on, and returns the report
        otherwise. A criterion the judge could not decide makes the trial inconclusive, never failed; without a
        judge model every criterion is skipped, and the reports say so."""
        return _run_blocking(self.evaluate_criteria(conv, *criteria))

    async def evaluate_criteria(self, conv: Transcript, *criteria: str) -> CriteriaReport:
        """``criteria`` for async code (no thread, no second event loop)."""
        texts = check_criteria(conv, criteria)
        report = await self._judge_criteria(conv, texts)
        self.criteria_reports.append(report)
        report.raise_for_verdicts(conv)
        return report

    async def _judge_criteria(self, conv: Transcript, criteria: tuple[str, ...]) -> CriteriaReport:
        return skipped_report(criteria)

    def for_trial(self, trial: int, seed: int) -> _LabellingJudge:
        clone = copy.copy(self)
        clone._reports = {}
        clone.criteria_reports = []
        return clone


class RuleJudge(_LabellingJudge):
    """The offline default: rule labels, deterministic metrics."""

    def __init__(self) -> None:
        super().__init__(RuleLabeller())

    def __call__(self, conv: Transcript) -> JudgeReport:
        known = self.cached(conv)
        if known is None:  # no event loop needed for rules
            known = report_from(conv, RuleLabeller().label_sync(conv))
            self._reports[id(conv)] = (conv, known)
        return known

    def __repr__(self) -> str:
        return "RuleJudge()"


class LLMJudge(_LabellingJudge):
    """LLM labels (majority of ``samples`` per agent turn), deterministic metrics. Arguments go to LLMLabeller."""

    def __init__(self, model: str, **options: Any) -> None:
        from ._criteria import LLMCriteriaJudge
        from ._llm import LLMLabeller

        super().__init__(LLMLabeller(model, **options))
        self._criteria = LLMCriteriaJudge(model, **options)

    async def _judge_criteria(self, conv: Transcript, criteria: tuple[str, ...]) -> CriteriaReport:
        return await self._criteria.judge(conv, criteria)

    def __repr__(self) -> str:
        return f"LLMJudge({getattr(self.labeller, 'model', '')!r})"
