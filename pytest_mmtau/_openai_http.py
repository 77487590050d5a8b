"""The lean LLM path: chat completions posted straight to an OpenAI-compatible endpoint, without litellm.

A call takes it when its model is ``openai/<name>`` with an explicit ``api_base`` (a local or self-hosted
OpenAI-compatible server: vLLM, Ollama, LM Studio, a gateway), its ``response_format`` is a JSON dict and it uses
no argument outside :data:`LEAN_ARGUMENTS`; everything else goes through litellm, and
``MMTAU_LLM_TRANSPORT=litellm`` sends every call there. What a call sends is what litellm sends for it: the body
holds the model without its ``openai/`` prefix and the request's own fields, the key goes in an ``Authorization:
Bearer`` header (``api_key``, else ``OPENAI_API_KEY``; none when neither is set, as local servers expect).

litellm costs ≈ 3 ms of CPU per call in its own layers (the OpenAI SDK, logging, a thread-pool hop, cost
bookkeeping); this path costs a fraction of that (``benchmarks/llm_path.py``). Everything around the call stays in
:mod:`pytest_mmtau._llm_transport` and is the same on both paths: record/replay, retries, usage and cost, secret
scrubbing. Failures raise :class:`EndpointError` subclasses named like litellm's (``RateLimitError``,
``InternalServerError``, ``Timeout``, ``APIConnectionError``, ``AuthenticationError``, ``BadRequestError``, …), so
the retry policy and the messages read the same whichever path answered.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Mapping
from typing import Any

__all__ = ["LEAN_ARGUMENTS", "ChatResponse", "EndpointError", "complete", "takes"]

# arguments a lean call understands: sent in the body, or used for the call itself
BODY_ARGUMENTS = frozenset({"messages", "temperature", "response_format", "seed", "tools", "tool_choice",
                            "top_p", "max_tokens", "max_completion_tokens", "stop", "n", "presence_penalty",
                            "frequency_penalty", "user", "parallel_tool_calls"})
LEAN_ARGUMENTS = BODY_ARGUMENTS | {"model", "api_base", "api_key", "timeout", "max_retries", "_skip_mcp_handler"}
PREFIX = "openai/"
SWITCH = "MMTAU_LLM_TRANSPORT"  # "litellm": every call through litellm


def takes(kwargs: Mapping[str, Any]) -> bool:
    """Whether the lean path serves this call (see the module docstring)."""
    model, base, schema = kwargs.get("model"), kwargs.get("api_base"), kwargs.get("response_format")
    return (isinstance(model, str) and model.startswith(PREFIX) and isinstance(base, str) and bool(base)
            and (schema is None or isinstance(schema, dict)) and LEAN_ARGUMENTS.issuperset(kwargs)
            and _aiohttp_installed() and os.environ.get(SWITCH, "").strip().lower() != "litellm")


_AIOHTTP: list[bool] = []


def _aiohttp_installed() -> bool:
    if not _AIOHTTP:
        import importlib.util

        _AIOHTTP.append(importlib.util.find_spec("aiohttp") is not None)
    return _AIOHTTP[0]


# --------------------------------------------------------------------------------------------- errors


class EndpointError(Exception):
    """The endpoint did not answer with a chat completion. ``transient`` errors are worth retrying; ``headers``
    are the answer's (for ``Retry-After``)."""

    transient = False

    def __init__(self, text: str, *, status: int | None = None, headers: Any = None) -> None:
        super().__init__(text)
        self.status_code, self.headers = status, headers


class BadRequestError(EndpointError): ...
class AuthenticationError(EndpointError): ...
class PermissionDeniedError(EndpointError): ...
class NotFoundError(EndpointError): ...
class UnprocessableEntityError(EndpointError): ...
class APIError(EndpointError): ...


class _Transient(EndpointError):
    transient = True


class RateLimitError(_Transient): ...
class InternalServerError(_Transient): ...
class BadGatewayError(_Transient): ...
class ServiceUnavailableError(_Transient): ...
class Timeout(_Transient): ...
class APIConnectionError(_Transient): ...


_BY_STATUS: dict[int, type[EndpointError]] = {
    400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError,
    408: Timeout, 422: UnprocessableEntityError, 429: RateLimitError,
    502: BadGatewayError, 503: ServiceUnavailableError, 504: Timeout,
}


def _error_for(status: int) -> type[EndpointError]:
    return _BY_STATUS.get(status) or (InternalServerError if status >= 500 else APIError)


# --------------------------------------------------------------------------------------------- response


class _Attributes:
    """Read-only attribute access over a JSON object (as litellm's response objects give), dict access too."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            return None

    def get(self, name: str, default: Any = None) -> Any:
        return self._data.get(name, default)

    def __getitem__(self, name: str) -> Any:
        return self._data[name]


class _Choice(_Attributes):
    __slots__ = ()

    @property
    def message(self) -> _Attributes | None:
        message = self._data.get("message")
        return _Attributes(message) if isinstance(message, Mapping) else None


class ChatResponse(_Attributes):
    """A chat completion as the endpoint (or a cassette) gave it, read as litellm's responses are:
    ``choices[i].message.content``, ``.tool_calls`` (the JSON list), ``usage.prompt_tokens``; ``model_dump()`` is
    the JSON object, as cassettes store it."""

    __slots__ = ()

    @property
    def choices(self) -> list[_Choice]:
        return [_Choice(c) for c in self._data.get("choices") or () if isinstance(c, Mapping)]

    @property
    def usage(self) -> _Attributes | None:
        usage = self._data.get("usage")
        return _Attributes(usage) if isinstance(usage, Mapping) else None

    @property
    def payload(self) -> Mapping[str, Any]:
        """The JSON object itself (not a copy: read it, do not change it)."""
        return self._data

    def model_dump(self, **_options: Any) -> dict[str, Any]:
        """A copy of the JSON object."""
        copy: dict[str, Any] = json.loads(json.dumps(self._data))
        return copy


# --------------------------------------------------------------------------------------------- the call


async def complete(kwargs: Mapping[str, Any]) -> ChatResponse:
    """One POST to ``{api_base}/chat/completions`` on the loop's shared session; an EndpointError when the answer
    is not a complete chat completion."""
    import aiohttp

    from ._http_pool import session, ssl_for

    url = f"{str(kwargs['api_base']).rstrip('/')}/chat/completions"
    body = {name: value for name, value in kwargs.items() if name in BODY_ARGUMENTS and value is not None}
    body["model"] = str(kwargs["model"])[len(PREFIX):]
    key = kwargs.get("api_key") or os.environ.get("OPENAI_API_KEY")
    headers = {"content-type": "application/json"}
    if key:
        headers["authorization"] = f"Bearer {key}"
    timeout = kwargs.get("timeout")
    try:
        async with session().post(url, data=json.dumps(body).encode(), headers=headers, ssl=ssl_for(url),
                                  timeout=aiohttp.ClientTimeout(total=float(timeout) if timeout else None)) as answer:
            status, text = answer.status, await answer.text(errors="replace")
            if status >= 400:
                raise _error_for(status)(f"HTTP {status} from the endpoint: {text[:500]}", status=status,
                                         headers=answer.headers)
    except (asyncio.TimeoutError, aiohttp.ServerTimeoutError) as exc:
        raise Timeout(f"no answer within {timeout} s ({type(exc).__name__})") from None
    except aiohttp.ClientError as exc:  # refused, reset, DNS, a cut-off body
        raise APIConnectionError(f"{type(exc).__name__}: {exc}") from None
    try:
        payload = json.loads(text)
        payload["choices"][0]["message"]  # noqa: B018 - the part every caller reads
    except (ValueError, KeyError, IndexError, TypeError):
        raise InternalServerError(f"the answer is not a complete chat completion (truncated?): {text[:200]!r}",
                                  status=status) from None
    return ChatResponse(payload)
