"""The one retry policy for every call to a provider or an agent endpoint (LLM judge, LLM user, persona inferrer,
LiteLLMAgent, OpenAICompatibleAgent), built on tenacity.

Retried: rate limits, timeouts, 5xx and connection failures — whatever the caller's ``transient`` predicate says.
The wait is jittered exponential (``BASE_S`` doubling, at most ``CAP_S`` per wait), and a server's ``Retry-After``
(seconds or an HTTP date, read from the exception's response headers) is honoured up to ``CAP_S``. The SDKs' own
retries stay off (litellm/openai ``max_retries=0``), so this is the only loop. When the attempts are spent, the
caller turns the last error into an ``InfrastructureError``: a provider that keeps failing says nothing about the
agent.
"""

from __future__ import annotations

import asyncio
import email.utils
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

ATTEMPTS = 4  # first try included
BASE_S = 0.5
CAP_S = 30.0  # longest single wait, also the most of a Retry-After we honour
TOTAL_S = 120.0  # no new attempt starts after this much time spent retrying one call


@dataclass(frozen=True, kw_only=True)
class RetryPolicy:
    attempts: int = ATTEMPTS
    base_s: float = BASE_S
    cap_s: float = CAP_S
    total_s: float = TOTAL_S


def retry_after_s(error: BaseException) -> float | None:
    """The server's Retry-After on the error's HTTP response (httpx, openai and litellm errors carry it), or None."""
    response = getattr(error, "response", None)
    headers = getattr(response, "headers", None) or getattr(error, "headers", None)
    if not headers:
        wrapped = getattr(error, "error", None) or error.__cause__  # a caller's wrapper around the real error
        return retry_after_s(wrapped) if isinstance(wrapped, BaseException) and wrapped is not error else None
    try:
        raw = headers.get("retry-after") or headers.get("Retry-After")
    except AttributeError:
        return None
    if raw is None:
        return None
    raw = str(raw).strip()
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


async def with_retries(call: Callable[[], Awaitable[T]], *, transient: Callable[[BaseException], bool],
                       policy: RetryPolicy = RetryPolicy(),
                       sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> T:
    """Await ``call()`` until it succeeds, retrying errors ``transient`` accepts; re-raises the last error."""
    started = time.monotonic()
    try:  # the first attempt needs no retry machinery: most calls succeed at once
        return await call()
    except Exception as exc:  # noqa: BLE001 - judged just below
        if policy.attempts <= 1 or not transient(exc):
            raise
        first: list[BaseException] = [exc]
    from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, stop_after_delay
    from tenacity.wait import wait_random_exponential

    jitter = wait_random_exponential(multiplier=policy.base_s, max=policy.cap_s)

    def wait(state: Any) -> float:
        error = state.outcome.exception() if state.outcome is not None else None
        told = retry_after_s(error) if error is not None else None
        chosen = jitter(state)
        return min(policy.cap_s, max(chosen, told)) if told is not None else chosen

    async def again() -> T:
        if first:  # tenacity's attempt 1 is the one already made: its error, not a new call
            raise first.pop()
        return await call()

    spent = time.monotonic() - started  # the time limit counts from the first attempt
    retrying = AsyncRetrying(stop=stop_after_attempt(policy.attempts) | stop_after_delay(policy.total_s - spent),
                             wait=wait, retry=retry_if_exception(transient), sleep=sleep, reraise=True)
    async for attempt in retrying:
        with attempt:
            return await again()
    raise AssertionError("unreachable")  # pragma: no cover
