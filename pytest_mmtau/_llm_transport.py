"""The one door through which pytest-mmtau calls an LLM: routing, lazy litellm, recording, usage, retries.

``acomplete(**kwargs)`` takes the keyword arguments of ``litellm.acompletion`` and

- replays the answer from the current trial's cassette when record/replay is on (see :mod:`pytest_mmtau.record`),
  without importing litellm and without touching the network;
- otherwise calls the model: straight over HTTP when the call is for an OpenAI-compatible endpoint
  (:mod:`pytest_mmtau._openai_http`, the lean path), through litellm for everything else (the OpenAI SDK's own
  retries off, ``max_retries=0``); then adds the tokens and the cost (litellm's price map, the same function on
  both paths) to the current trial's usage and, when recording, stores the answer in the same cassette format.

``acomplete_retrying`` wraps it in the one retry policy (:mod:`pytest_mmtau._retry`: rate limits, timeouts, 5xx,
connection errors; jittered exponential backoff honouring ``Retry-After``) and turns any transport failure into an
:class:`~pytest_mmtau.errors.InfrastructureError` whose message is scrubbed of the API key. :func:`is_transient`
is that policy's test, for callers with their own loop (the LLM judge). Future TTS/ASR providers record through
the same recorder seam (:func:`pytest_mmtau.record.current`), with their own request canonicalisation.

litellm is imported once, before the first trial when the run names a model (:func:`preload`, from the plugin),
else on first use; never at plugin import.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import re
import sys
from functools import lru_cache
from typing import Any

from ._secrets import MASK, scrub
from .errors import InfrastructureError, UsageError

__all__ = ["RETRYABLE_NAMES", "acomplete", "acomplete_retrying", "clean_error", "is_transient", "litellm_module",
           "preload", "response_cost", "supports_seed"]

RETRYABLE_NAMES = ("RateLimitError", "Timeout", "InternalServerError", "APIConnectionError",
                   "ServiceUnavailableError", "BadGatewayError")


def check_settings(who: str, model: object, api_base: str | None, *, timeout_s: float, max_attempts: int,
                   backoff_s: float) -> None:
    """One clear usage error for a model caller's settings (``who``: "LLM simulated user", …)."""
    if not isinstance(model, str) or not model.strip() or any(c.isspace() for c in model):
        raise UsageError(f"{who}: model must be a litellm model name such as 'openai/gpt-4o-mini', got {model!r}")
    if api_base is not None and not re.match(r"^https?://[^\s/]+", api_base):
        raise UsageError(f"{who}: api_base must be an http(s) URL, got {api_base!r}")
    if timeout_s <= 0 or max_attempts < 1 or backoff_s < 0:
        raise UsageError(f"{who}: timeout_s must be > 0, max_attempts >= 1 and backoff_s >= 0")


def litellm_module() -> Any:
    """Import litellm on first use, without the network fetch of its price map and without its banners."""
    litellm: Any = sys.modules.get("litellm")
    if litellm is None:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        litellm = importlib.import_module("litellm")
    litellm.suppress_debug_info = True
    return litellm


def preload() -> None:
    """Import litellm now (≈ 2–5 s, once per process), so that it does not land inside the first trial."""
    litellm_module()


@lru_cache(maxsize=4)
def retryable_errors(litellm: Any) -> tuple[type[BaseException], ...]:
    found = tuple(getattr(litellm, name) for name in RETRYABLE_NAMES if hasattr(litellm, name))
    return (*found, asyncio.TimeoutError)


def is_transient(error: BaseException) -> bool:
    """Whether the retry policy retries ``error``: a rate limit, a timeout, a 5xx or a connection failure, from
    either path."""
    from ._openai_http import EndpointError

    if isinstance(error, EndpointError):
        return error.transient
    if isinstance(error, asyncio.TimeoutError):
        return True
    litellm = sys.modules.get("litellm")  # a litellm error means litellm is loaded
    return litellm is not None and isinstance(error, retryable_errors(litellm))


def supports_seed(model: str) -> bool:
    """Whether ``model``'s provider accepts ``seed``: always for ``openai/`` (OpenAI-compatible endpoints accept
    it, as litellm says), else litellm's parameter table (an unknown provider: no)."""
    if model.startswith("openai/"):
        return True
    return _litellm_supports_seed(model)


@lru_cache(maxsize=64)
def _litellm_supports_seed(model: str) -> bool:
    try:
        params = litellm_module().get_supported_openai_params(model=model)
    except Exception:  # noqa: BLE001 - an unknown provider: play safe
        return False
    return bool(params) and "seed" in params


_UNPRICED: set[str | None] = set()  # requested models litellm's price map does not know (it does not change in a run)


def response_cost(response: Any, model: str | None = None) -> float | None:
    """The USD cost of one response from litellm's bundled price map, or None when the model is not priced.

    litellm's own figure for the call first (priced by the requested model), then ``completion_cost`` by the
    requested model (a server may name its model differently in the answer). A lean-path response is priced by
    the same ``completion_cost`` on its JSON.
    """
    hidden = getattr(response, "_hidden_params", None) or {}
    if isinstance(hidden.get("response_cost"), (int, float)):
        return float(hidden["response_cost"])
    if model in _UNPRICED:
        return None
    from ._openai_http import ChatResponse

    answer = response.payload if isinstance(response, ChatResponse) else response
    try:
        cost = litellm_module().completion_cost(completion_response=answer, model=model)
    except Exception:  # noqa: BLE001 - an unpriced model (ModelNotMappedError) or odd response: cost unknown
        cost = None
    if not isinstance(cost, (int, float)):
        _UNPRICED.add(model)
        return None
    return float(cost)


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
    try:
        response = await _call(kwargs)
    except BaseException:
        if scope is not None and recorded is not None:
            scope.unclaim(recorded)  # a retry of this call must reuse its occurrence number, or replay misses it
        raise
    if scope is not None:
        scope.store(recorded, response, response_cost(response, kwargs.get("model")))
    return response


async def _call(kwargs: dict[str, Any]) -> Any:
    """One call on the path that serves it (see the module docstring)."""
    from . import _openai_http

    if _openai_http.takes(kwargs):
        return await _openai_http.complete(kwargs)
    kwargs.setdefault("max_retries", 0)
    if kwargs.get("tools"):
        kwargs.setdefault("_skip_mcp_handler", True)  # litellm 1.106 imports the optional `mcp` package otherwise
    return await litellm_module().acompletion(**kwargs)


async def acomplete_retrying(*, who: str, attempts: int = 4, backoff_s: float = 0.5,
                             guard_s: float | None = None, **kwargs: Any) -> Any:
    """``acomplete`` under the one retry policy (``_retry``); every failure becomes an InfrastructureError naming
    ``who``. ``guard_s`` bounds one attempt from outside, in case litellm's own ``timeout`` does not fire."""
    from ._retry import RetryPolicy, with_retries
    from .record import CassetteMiss

    secret = kwargs.get("api_key")
    tries = [0]

    async def once() -> Any:
        tries[0] += 1
        call = acomplete(**kwargs)
        return await (asyncio.wait_for(call, guard_s) if guard_s else call)

    try:
        return await with_retries(once, transient=is_transient,
                                  policy=RetryPolicy(attempts=attempts, base_s=backoff_s))
    except (CassetteMiss, UsageError):  # a miss in replay-only mode, a broken cassette: the setup's, said as such
        raise
    except Exception as exc:  # noqa: BLE001 - spent retries, authentication, bad request: never the agent's fault
        raise InfrastructureError(f"{who}: failed after {tries[0]} attempt{'s' * (tries[0] != 1)}: "
                                  f"{type(exc).__name__}: {clean_error(exc, secret)}") from None
