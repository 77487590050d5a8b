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
from dataclasses import dataclass, field
from typing import Any

import pytest

from .config import Threshold
from .errors import InfrastructureError
from .metrics import pass_hat_k
from .models import Transcript


@dataclass(frozen=True, kw_only=True)
class TrialOutcome:
    trial: int
    seed: int
    outcome: str  # passed | failed | error
    reason: str = ""
    detail: str = ""
    transcripts: tuple[Transcript, ...] = ()
    duration_s: float = 0.0


def _per_trial(kwargs: Mapping[str, Any], trial: int, seed: int) -> dict[str, Any]:
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


def _outcome(done: _Finished) -> TrialOutcome:
    """Summarise one finished trial. Called on the main thread only: pytest's traceback rendering parses source
    with ``ast``, which is not thread-safe on CPython 3.11 ("AST constructor recursion depth mismatch")."""
    convs, exc = _transcripts(done.kwargs), done.exc
    if exc is None:
        return TrialOutcome(trial=done.trial, seed=done.seed, outcome="passed", transcripts=convs,
                            duration_s=done.took)
    detail = str(pytest.ExceptionInfo.from_exception(exc).getrepr(style="short", chain=False))
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    kind = "error" if isinstance(exc, InfrastructureError) else "failed"
    reason = first if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {first}"
    return TrialOutcome(trial=done.trial, seed=done.seed, outcome=kind, reason=reason, detail=detail,
                        transcripts=convs, duration_s=done.took)


def run_trials(fn: Callable[..., Any], kwargs: Mapping[str, Any], seeds: Sequence[int],
               concurrency: int) -> list[TrialOutcome]:
    """Run ``fn`` once per seed; returns outcomes in trial order. Skips and interrupts propagate."""
    if inspect.iscoroutinefunction(fn):
        finished = asyncio.run(_run_async(fn, kwargs, seeds, concurrency))
    else:
        with ThreadPoolExecutor(max_workers=min(concurrency, len(seeds)), thread_name_prefix="mmtau-trial") as pool:
            finished = list(pool.map(lambda pair: _run_sync(fn, kwargs, *pair), enumerate(seeds)))
    return [_outcome(done) for done in finished]


def _run_sync(fn: Callable[..., Any], kwargs: Mapping[str, Any], trial: int, seed: int) -> _Finished:
    mine, started = _per_trial(kwargs, trial, seed), time.monotonic()
    error: BaseException | None = None
    try:
        fn(**mine)
    except pytest.skip.Exception:
        raise
    except (Exception, pytest.fail.Exception) as exc:  # any failure of the body is this trial's result
        error = exc
    return _Finished(trial, seed, mine, error, round(time.monotonic() - started, 6))


async def _run_async(fn: Callable[..., Any], kwargs: Mapping[str, Any], seeds: Sequence[int],
                     concurrency: int) -> list[_Finished]:
    gate = asyncio.Semaphore(concurrency)

    async def one(trial: int, seed: int) -> _Finished:
        async with gate:
            mine, started = _per_trial(kwargs, trial, seed), time.monotonic()
            error: BaseException | None = None
            try:
                await fn(**mine)
            except pytest.skip.Exception:
                raise
            except (Exception, pytest.fail.Exception) as exc:
                error = exc
            return _Finished(trial, seed, mine, error, round(time.monotonic() - started, 6))

    return list(await asyncio.gather(*(one(i, s) for i, s in enumerate(seeds))))


# --------------------------------------------------------------------------------------------- gates


@dataclass(frozen=True, kw_only=True)
class GateResult:
    passed: bool
    lines: tuple[str, ...] = field(default_factory=tuple)
    pass_hat: Mapping[int, float] = field(default_factory=dict)
    infrastructure_only: bool = False


def metric_means(outcomes: Sequence[TrialOutcome], metrics: Mapping[str, Callable[[Transcript], float]]) -> dict[str, float]:
    """Mean of each metric over the last conversation of every scored trial that had one."""
    last = [o.transcripts[-1] for o in outcomes if o.outcome != "error" and o.transcripts]
    return {name: sum(fn(t) for t in last) / len(last) for name, fn in metrics.items()} if last else {}


def judge_gates(outcomes: Sequence[TrialOutcome], thresholds: Sequence[Threshold],
                means: Mapping[str, float]) -> GateResult:
    scored = [o.outcome == "passed" for o in outcomes if o.outcome != "error"]
    errors = sum(o.outcome == "error" for o in outcomes)
    if not scored:
        return GateResult(passed=False, infrastructure_only=True,
                          lines=(f"all {len(outcomes)} trials hit infrastructure errors; nothing was scored",))
    curve = {k: pass_hat_k(scored, k) for k in range(1, len(scored) + 1)}
    failures: list[str] = []
    for threshold in thresholds:
        if threshold.k is not None:
            if threshold.k > len(scored):
                failures.append(f"{threshold} cannot be judged: only {len(scored)} scored trials "
                                f"({errors} infrastructure errors)")
            elif not threshold.holds(curve[threshold.k]):
                failures.append(f"{threshold.metric} = {curve[threshold.k]:.3f}, required {threshold}")
        elif threshold.metric in means and not threshold.holds(means[threshold.metric]):
            failures.append(f"mean {threshold.metric} = {means[threshold.metric]:.3f}, required {threshold}")
    return GateResult(passed=not failures, lines=tuple(failures), pass_hat=curve)
