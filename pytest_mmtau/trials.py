"""Running one item's trials concurrently, and judging the item's gates.

Each trial calls the test body with fresh per-trial objects (anything with ``for_trial(trial, seed)``: the
simulated user, the channel, the judge, and an agent that offers it). Async bodies run as tasks on the event loop
they are given — the loop of the test's async fixtures under pytest-asyncio or anyio, else one of the plugin's
own (``_loops``) — bounded by a semaphore; sync bodies run on a thread pool of the same size. A trial passes if
its body raises nothing; an ``InfrastructureError`` makes it an error, excluded from pass^k, and so does a trial
the harness had to cut (the item's time limit): only the agent's own failures count against it. A trial that
failed after the simulated user did not understand the agent (``_misunderstood``) is inconclusive (simulator),
also excluded: the failure may be the simulator's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from ._progress import NO_PROGRESS, TrialProgress
from .config import Threshold
from ._misunderstood import misunderstandings, misunderstood_sentence
from ._verdict import inconclusive_causes
from .errors import InfrastructureError, UsageError
from .models import Transcript
from .report import ItemRecord


@dataclass(frozen=True, kw_only=True)
class TrialOutcome:
    trial: int
    seed: int
    # passed | failed | error (inconclusive: infrastructure) | inconclusive (simulator: ``_misunderstood``)
    outcome: Literal["passed", "failed", "error", "inconclusive"]
    reason: str = ""
    detail: str = ""
    transcripts: tuple[Transcript, ...] = ()
    duration_s: float = 0.0
    judges: tuple[Any, ...] = ()  # the trial's judges, whose cached reports feed the trial's metrics
    retries: int = 0  # infrastructure retries before this outcome


def _per_trial(kwargs: Mapping[str, Any], trial: int, seed: int) -> dict[str, Any]:
    from .record import enter_trial  # this trial's LLM calls find their cassette and usage from here on

    enter_trial(trial, seed)
    return {k: (v.for_trial(trial, seed) if hasattr(v, "for_trial") else v) for k, v in kwargs.items()}


def _transcripts(kwargs: Mapping[str, Any]) -> tuple[Transcript, ...]:
    return tuple(t for v in kwargs.values() for t in getattr(v, "transcripts", ()) if isinstance(t, Transcript))


@dataclass(frozen=True)
class Finished:
    """One trial as it ended, before it is summarised (on the main thread) into a TrialOutcome."""

    trial: int
    seed: int
    kwargs: Mapping[str, Any]
    exc: BaseException | None
    took: float
    retries: int = 0
    cut: str = ""  # why the harness ended this trial before it finished (never the agent's fault), else ""
    blamed: str = ""  # why the harness gave up on this trial because of its own agent (a failure), else ""

    @property
    def outcome(self) -> Literal["passed", "failed", "error", "inconclusive"]:
        """passed | failed | error | inconclusive, decided without rendering anything (safe on any thread): a trial
        that failed after the simulated user did not understand the agent is inconclusive (simulator)."""
        if self.blamed:
            return "failed"
        if self.cut:
            return "error"
        if self.exc is None:
            return "passed"
        if isinstance(self.exc, InfrastructureError):
            return "error"
        return "inconclusive" if misunderstandings(_transcripts(self.kwargs)) else "failed"


def outcome_of(done: Finished) -> TrialOutcome:
    """Summarise one finished trial. Called on the main thread only: pytest's traceback rendering parses source
    with ``ast``, which is not thread-safe on CPython 3.11 ("AST constructor recursion depth mismatch")."""
    convs, exc = _transcripts(done.kwargs), done.exc
    judges = tuple(v for v in done.kwargs.values() if callable(getattr(v, "cached", None)))
    common: dict[str, Any] = {"trial": done.trial, "seed": done.seed, "transcripts": convs,
                              "duration_s": done.took, "judges": judges, "retries": done.retries}
    if done.blamed or done.cut:
        return TrialOutcome(outcome=done.outcome, reason=done.blamed or done.cut, **common)
    if exc is None:
        return TrialOutcome(outcome="passed", **common)
    detail = str(pytest.ExceptionInfo.from_exception(exc).getrepr(style="short", chain=False))
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    reason = first if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {first}"
    outcome = done.outcome
    if outcome == "inconclusive":  # never the agent's failure: the simulator did not understand a turn of it
        reason = (f"{misunderstood_sentence(misunderstandings(convs))}; the check that failed afterwards ({reason}) "
                  "says nothing about the agent")
    return TrialOutcome(outcome=outcome, reason=reason, detail=detail, **common)


@dataclass(frozen=True, kw_only=True)
class Retry:
    """How a trial that hit an InfrastructureError is retried: ``attempts`` more times, doubling the wait."""

    attempts: int = 2
    backoff_s: float = 0.5

    def wait(self, attempt: int) -> float:
        return self.backoff_s * 2.0 ** attempt


@dataclass(frozen=True, kw_only=True)
class TrialPlan:
    """How one item's trials run: the body, its per-item arguments, one seed per trial, and the limits."""

    fn: Callable[..., Any]
    kwargs: Mapping[str, Any]
    seeds: Sequence[int]
    concurrency: int
    retry: Retry = Retry()
    deadline: float | None = None  # time.monotonic() by which the item must end (e.g. pytest-timeout's limit)
    deadline_reason: str = "cut short by the item's time limit before it finished"
    progress: TrialProgress = NO_PROGRESS  # told of every finished trial (the terminal's live status)

    def cut(self, trial: int, started: float) -> Finished:
        return Finished(trial, self.seeds[trial], {}, None, round(time.monotonic() - started, 6),
                        cut=self.deadline_reason)

    def remaining(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())


def _retryable(error: BaseException | None) -> bool:
    return isinstance(error, InfrastructureError) and error.transient


# Outcomes that belong to the whole item or run, never to one trial.
_PROPAGATE = (pytest.skip.Exception, pytest.xfail.Exception, pytest.exit.Exception, UsageError)


class _Capture:
    """Context manager keeping a trial body's failure (an exception or ``pytest.fail``) as its result."""

    error: BaseException | None = None

    def __enter__(self) -> _Capture:
        return self

    def __exit__(self, kind: type | None, exc: BaseException | None, tb: object) -> bool:
        if exc is None or isinstance(exc, _PROPAGATE) or not isinstance(exc, (Exception, pytest.fail.Exception)):
            return False
        self.error = exc
        return True


def run_sync_trials(plan: TrialPlan) -> list[Finished]:
    """A sync body: one worker thread per trial in flight (a conversation gets its own event loop there)."""
    started = time.monotonic()
    pool = ThreadPoolExecutor(max_workers=min(plan.concurrency, len(plan.seeds)), thread_name_prefix="mmtau-trial")
    try:
        futures = [pool.submit(_run_sync, plan, trial, seed) for trial, seed in enumerate(plan.seeds)]
        done: set[Future[Finished]] = set()
        while len(done) < len(futures):  # wake up at each finished trial, to show progress from this thread
            remaining = plan.remaining()
            if remaining == 0:
                break
            now, _ = wait(set(futures) - done, timeout=remaining, return_when=FIRST_COMPLETED)
            for future in now:
                if future.exception() is None:  # a skip or exit inside a trial is raised below, after the others
                    plan.progress.trial_finished(future.result().outcome)
            done |= now
        results = [f.result() if f in done else plan.cut(i, started) for i, f in enumerate(futures)]
    finally:
        # a trial still running at the item's deadline is abandoned; its own conversation limits end its thread
        pool.shutdown(wait=False, cancel_futures=True)
    return results


def _run_sync(plan: TrialPlan, trial: int, seed: int) -> Finished:
    attempt = 0
    while True:
        mine, started = _per_trial(plan.kwargs, trial, seed), time.monotonic()
        with _Capture() as captured:
            plan.fn(**mine)
        if not _retryable(captured.error) or attempt == plan.retry.attempts:
            return Finished(trial, seed, mine, captured.error, round(time.monotonic() - started, 6), attempt)
        time.sleep(plan.retry.wait(attempt))
        attempt += 1


TRIAL_TASK_PREFIX = "mmtau-trial-"


async def run_async_trials(plan: TrialPlan, finished: dict[int, Finished] | None = None) -> list[Finished]:
    """An async body: every trial a task on the running loop, at most ``concurrency`` at once. Each trial is put
    in ``finished`` as it ends, so a caller that has to give up on a stuck loop still has what was done."""
    gate, started = asyncio.Semaphore(plan.concurrency), time.monotonic()
    finished = {} if finished is None else finished

    async def one(trial: int, seed: int) -> None:
        attempt = 0
        while True:
            async with gate:
                mine, began = _per_trial(plan.kwargs, trial, seed), time.monotonic()
                with _Capture() as captured:
                    await plan.fn(**mine)
            if not _retryable(captured.error) or attempt == plan.retry.attempts:
                finished[trial] = Finished(trial, seed, mine, captured.error, round(time.monotonic() - began, 6),
                                           attempt)
                plan.progress.trial_finished(finished[trial].outcome)
                return
            await asyncio.sleep(plan.retry.wait(attempt))  # outside the semaphore: let other trials use the slot
            attempt += 1

    tasks = [asyncio.create_task(one(i, s), name=f"{TRIAL_TASK_PREFIX}{i}") for i, s in enumerate(plan.seeds)]
    try:
        _done, pending = await asyncio.wait(tasks, timeout=plan.remaining())
    finally:  # cancelled or interrupted, or the item's deadline passed: no trial outlives this call
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for task in tasks:  # a skip, xfail, exit or usage error inside one trial belongs to the whole item
        if task not in pending and not task.cancelled() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
    return [finished[i] if i in finished else plan.cut(i, started) for i in range(len(plan.seeds))]


# --------------------------------------------------------------------------------------------- gates


@dataclass(frozen=True, kw_only=True)
class GateResult:
    passed: bool
    lines: tuple[str, ...] = ()
    infrastructure: bool = False  # the gate could not be judged: its trials were inconclusive (either cause)


def judge_gates(record: ItemRecord, thresholds: Sequence[Threshold]) -> GateResult:
    """Check an item's pass^k and metric-mean thresholds; inconclusive trials (infrastructure errors, or the
    simulated user did not understand the agent) never count as agent failures."""
    scored, errors = record.scored, record.errors
    if not scored:
        causes = inconclusive_causes(errors, record.inconclusive)
        return GateResult(passed=False, infrastructure=True,
                          lines=(f"all {len(record.trials)} trials were inconclusive ({causes}); nothing was scored",))
    curve, means = record.pass_hat(), record.metric_means()
    failures: list[str] = []
    unjudged: list[str] = []
    for threshold in thresholds:
        if threshold.k is not None:
            if threshold.k > len(scored):
                unjudged.append(f"{threshold} cannot be judged: only {len(scored)} scored trials "
                                f"({inconclusive_causes(errors, record.inconclusive)})")
            elif not threshold.holds(curve[threshold.k]):
                failures.append(f"{threshold.metric} = {curve[threshold.k]:.3f}, required {threshold}")
        elif threshold.metric not in means:
            unlabelled = [t.trial + 1 for t in record.trials if (t.judge or {}).get("unscored_turns")]
            if not any(t.termination for t in record.trials):
                failures.append(f"{threshold} cannot be judged: no trial produced a conversation to measure")
            elif unlabelled:  # undefined because the judge could not read turns: not judged, not passed
                unjudged.append(f"{threshold} cannot be judged: the judge could not label turns in trial(s) "
                                f"{', '.join(map(str, unlabelled))}")
            # otherwise the metric was undefined in every conversation (say, err without errors): nothing failed
        elif not threshold.holds(means[threshold.metric]):
            failures.append(f"mean {threshold.metric} = {means[threshold.metric]:.3f}, required {threshold}")
    return GateResult(passed=not failures and not unjudged, lines=tuple(failures + unjudged),
                      infrastructure=bool(unjudged) and not failures)
