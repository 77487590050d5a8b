"""The one door through which pytest-mmtau calls an LLM with litellm: lazy import, recording, usage, retries.

``acomplete(**kwargs)`` takes the keyword arguments of ``litellm.acompletion`` and

- replays the answer from the current trial's cassette when record/replay is on (see :mod:`pytest_mmtau.record`),
  without importing more than litellm's response type and without touching the network;
- otherwise calls litellm (the OpenAI SDK's own retries off, ``max_retries=0``), then adds the tokens and the cost
  to the current trial's usage and, when recording, stores the answer.

``acomplete_retrying`` wraps it in the one retry policy (:mod:`pytest_mmtau._retry`: rate limits, timeouts, 5xx,
connection errors; jittered exponential backoff honouring ``Retry-After``) and turns any transport failure into an :class:`~pytest_mmtau.errors.InfrastructureError`
whose message is scrubbed of the API key. Future TTS/ASR providers record through the same recorder seam
(:func:`pytest_mmtau.record.current`), with their own request canonicalisation.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from ._secrets import MASK, scrub
from .errors import InfrastructureError, UsageError

__all__ = ["RETRYABLE_NAMES", "acomplete", "acomplete_retrying", "clean_error", "litellm_module", "response_cost"]

RETRYABLE_NAMES = ("RateLimitError", "Timeout", "InternalServerError", "APIConnectionError",
                   "ServiceUnavailableError", "BadGatewayError")


def litellm_module() -> Any:
    """Import litellm on first use, without the network fetch of its price map and without its banners."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    return litellm


def retryable_errors(litellm: Any) -> tuple[type[BaseException], ...]:
    found = tuple(getattr(litellm, name) for name in RETRYABLE_NAMES if hasattr(litellm, name))
    return (*found, asyncio.TimeoutError)


def response_cost(response: Any, model: str | None = None) -> float | None:
    """The USD cost of one response from litellm's bundled price map, or None when the model is not priced.

    litellm's own figure for the call first (priced by the requested model), then ``completion_cost`` by the
    requested model (a server may name its model differently in the answer).
    """
    hidden = getattr(response, "_hidden_params", None) or {}
    if isinstance(hidden.get("response_cost"), (int, float)):
        return float(hidden["response_cost"])
    try:
        cost = litellm_module().completion_cost(completion_response=response, model=model)
    except Exception:  # noqa: BLE001 - an unpriced model (ModelNotMappedError) or odd response: cost unknown
        return None
    return float(cost) if isinstance(cost, (int, float)) else None


def response_text(response: Any) -> str | None:
    """The first choice's message content, or None when the response has no text there."""
    try:
        message = response.choices[0].message
    except (AttributeError, IndexError, TypeError):
        return None
    content = message.get("content") if isinstance(message, dict) else getattr(message, "content", None)
    return content if isinstance(content, str) else None


def strip_token(text: str, token: str) -> str:
    """``text`` without the spotlighting token of a prompt's data markers, so data can never close its block."""
    while token in text:  # repeated: removing one occurrence may join the halves of another
        text = text.replace(token, "")
    return text


def clean_error(error: BaseException, *secrets: str | None) -> str:
    """An error's text with the given secrets and anything shaped like a credential masked, at most 500 chars."""
    text = str(error) or type(error).__name__
    for secret in secrets:
        if secret:
            text = text.replace(secret, MASK)
    text = scrub(text)
    return text if len(text) <= 500 else text[:500] + " …"


async def acomplete(**kwargs: Any) -> Any:
    """``litellm.acompletion(**kwargs)`` through the current trial's recorder (replay, record, usage)."""
    from . import record

    scope = record.current()
    if scope is not None:
        replayed = scope.lookup(kwargs)
        if replayed is not None:
            return replayed
    recorded = kwargs.pop("_mmtau_record_key", None)
    litellm = litellm_module()
    kwargs.setdefault("max_retries", 0)
    if kwargs.get("tools"):
        kwargs.setdefault("_skip_mcp_handler", True)  # litellm 1.106 imports the optional `mcp` package otherwise
    try:
        response = await litellm.acompletion(**kwargs)
    except BaseException:
        if scope is not None and recorded is not None:
            scope.unclaim(recorded)  # a retry of this call must reuse its occurrence number, or replay misses it
        raise
    if scope is not None:
        scope.store(recorded, response, response_cost(response, kwargs.get("model")))
    return response


async def acomplete_retrying(*, who: str, attempts: int = 4, backoff_s: float = 0.5,
                             guard_s: float | None = None, **kwargs: Any) -> Any:
    """``acomplete`` under the one retry policy (``_retry``); every failure becomes an InfrastructureError naming
    ``who``. ``guard_s`` bounds one attempt from outside, in case litellm's own ``timeout`` does not fire."""
    from ._retry import RetryPolicy, with_retries
    from .record import CassetteMiss

    transient = retryable_errors(litellm_module())
    secret = kwargs.get("api_key")
    tries = [0]

    async def once() -> Any:
        tries[0] += 1
        call = acomplete(**kwargs)
        return await (asyncio.wait_for(call, guard_s) if guard_s else call)

    try:
        return await with_retries(once, transient=lambda exc: isinstance(exc, transient),
                                  policy=RetryPolicy(attempts=attempts, base_s=backoff_s))
    except (CassetteMiss, UsageError):  # a miss in replay-only mode, a broken cassette: the setup's, said as such
        raise
    except Exception as exc:  # noqa: BLE001 - spent retries, authentication, bad request: never the agent's fault
        raise InfrastructureError(f"{who}: failed after {tries[0]} attempt{'s' * (tries[0] != 1)}: "
                                  f"{type(exc).__name__}: {clean_error(exc, secret)}") from None
