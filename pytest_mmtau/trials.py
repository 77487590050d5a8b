"""Running one item's trials concurrently, and judging the item's gates.

Each trial calls the test body with fresh per-trial objects (anything with ``for_trial(trial, seed)``: the
simulated user, the channel, the judge). Async bodies share one event loop, bounded by a semaphore; sync bodies
run on a thread pool of the same size. A trial passes if its body raises nothing; an ``InfrastructureError`` makes
it an error, excluded from pass^k.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from .config import Threshold
from .errors import InfrastructureError, UsageError
from .models import Transcript
from .report import ItemRecord


@dataclass(frozen=True, kw_only=True)
class TrialOutcome:
    trial: int
    seed: int
    outcome: str  # passed | failed | error
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
class _Finished:
    trial: int
    seed: int
    kwargs: Mapping[str, Any]
    exc: BaseException | None
    took: float
    retries: int = 0


def _outcome(done: _Finished) -> TrialOutcome:
    """Summarise one finished trial. Called on the main thread only: pytest's traceback rendering parses source
    with ``ast``, which is not thread-safe on CPython 3.11 ("AST constructor recursion depth mismatch")."""
    convs, exc = _transcripts(done.kwargs), done.exc
    judges = tuple(v for v in done.kwargs.values() if callable(getattr(v, "cached", None)))
    if exc is None:
        return TrialOutcome(trial=done.trial, seed=done.seed, outcome="passed", transcripts=convs,
                            duration_s=done.took, judges=judges, retries=done.retries)
    detail = str(pytest.ExceptionInfo.from_exception(exc).getrepr(style="short", chain=False))
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    kind = "error" if isinstance(exc, InfrastructureError) else "failed"
    reason = first if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {first}"
    return TrialOutcome(trial=done.trial, seed=done.seed, outcome=kind, reason=reason, detail=detail,
                        transcripts=convs, duration_s=done.took, judges=judges, retries=done.retries)


@dataclass(frozen=True, kw_only=True)
class Retry:
    """How a trial that hit an InfrastructureError is retried: ``attempts`` more times, doubling the wait."""

    attempts: int = 2
    backoff_s: float = 0.5

    def wait(self, attempt: int) -> float:
        return self.backoff_s * 2 ** attempt


def run_trials(fn: Callable[..., Any], kwargs: Mapping[str, Any], seeds: Sequence[int],
               concurrency: int, retry: Retry = Retry()) -> list[TrialOutcome]:
    """Run ``fn`` once per seed; returns outcomes in trial order. Skips and interrupts propagate."""
    if inspect.iscoroutinefunction(fn):
        finished = asyncio.run(_run_async(fn, kwargs, seeds, concurrency, retry))
    else:
        with ThreadPoolExecutor(max_workers=min(concurrency, len(seeds)), thread_name_prefix="mmtau-trial") as pool:
            finished = list(pool.map(lambda pair: _run_sync(fn, kwargs, *pair, retry), enumerate(seeds)))
    return [_outcome(done) for done in finished]


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


def _run_sync(fn: Callable[..., Any], kwargs: Mapping[str, Any], trial: int, seed: int, retry: Retry) -> _Finished:
    for attempt in range(retry.attempts + 1):
        mine, started = _per_trial(kwargs, trial, seed), time.monotonic()
        with _Capture() as captured:
            fn(**mine)
        if not _retryable(captured.error) or attempt == retry.attempts:
            break
        time.sleep(retry.wait(attempt))
    return _Finished(trial, seed, mine, captured.error, round(time.monotonic() - started, 6), attempt)


async def _run_async(fn: Callable[..., Any], kwargs: Mapping[str, Any], seeds: Sequence[int],
                     concurrency: int, retry: Retry) -> list[_Finished]:
    gate = asyncio.Semaphore(concurrency)

    async def one(trial: int, seed: int) -> _Finished:
        for attempt in range(retry.attempts + 1):
            async with gate:
                mine, started = _per_trial(kwargs, trial, seed), time.monotonic()
                with _Capture() as captured:
                    await fn(**mine)
            if not _retryable(captured.error) or attempt == retry.attempts:
                break
            await asyncio.sleep(retry.wait(attempt))  # outside the semaphore: let other trials use the slot
        return _Finished(trial, seed, mine, captured.error, round(time.monotonic() - started, 6), attempt)

    return list(await asyncio.gather(*(one(i, s) for i, s in enumerate(seeds))))


# --------------------------------------------------------------------------------------------- gates


@dataclass(frozen=True, kw_only=True)
class GateResult:
    passed: bool
    lines: tuple[str, ...] = ()
    infrastructure: bool = False  # the gate could not be judged because of infrastructure errors


def judge_gates(record: ItemRecord, thresholds: Sequence[Threshold]) -> GateResult:
    """Check an item's pass^k and metric-mean thresholds; infrastructure errors never count as agent failures."""
    scored, errors = record.scored, record.errors
    if not scored:
        return GateResult(passed=False, infrastructure=True,
                          lines=(f"all {len(record.trials)} trials hit infrastructure errors; nothing was scored",))
    curve, means = record.pass_hat(), record.metric_means()
    failures: list[str] = []
    unjudged: list[str] = []
    for threshold in thresholds:
        if threshold.k is not None:
            if threshold.k > len(scored):
                unjudged.append(f"{threshold} cannot be judged: only {len(scored)} scored trials "
                                f"({errors} infrastructure errors)")
            elif not threshold.holds(curve[threshold.k]):
                failures.append(f"{threshold.metric} = {curve[threshold.k]:.3f}, required {threshold}")
        elif threshold.metric not in means:
            if not any(t.termination for t in record.trials):
                failures.append(f"{threshold} cannot be judged: no trial produced a conversation to measure")
            # otherwise the metric was undefined in every conversation (say, err without errors): nothing failed
        elif not threshold.holds(means[threshold.metric]):
            failures.append(f"mean {threshold.metric} = {means[threshold.metric]:.3f}, required {threshold}")
    return GateResult(passed=not failures and not unjudged, lines=tuple(failures + unjudged),
                      infrastructure=bool(unjudged) and not failures)
