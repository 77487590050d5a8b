"""What the framework adapters share: the request being answered (so tools built once reach the right
conversation), the domain's tools as plain callables, and which framework errors are the infrastructure's.

A framework builds its tool objects once; each tool's body runs ``call_tool`` on the request the adapter is
answering, found through a context variable that the adapter sets around the framework's run (context variables
follow the run into tasks and into the threads frameworks use for sync tools).
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import InfrastructureError, UsageError
from . import AgentRequest, AgentTool

_CURRENT: contextvars.ContextVar[AgentRequest | None] = contextvars.ContextVar("mmtau_request", default=None)


@contextmanager
def answering(request: AgentRequest) -> Iterator[None]:
    token = _CURRENT.set(request)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current_request(tool: str) -> AgentRequest:
    request = _CURRENT.get()
    if request is None:
        raise UsageError(f"the domain tool {tool!r} was called outside a conversation: it only works while the "
                         "adapter answers a turn")
    return request


def names(specs: tuple[AgentTool, ...]) -> tuple[str, ...]:
    """A cache key for framework tool objects built from ``specs`` (the specs hold dicts: not hashable)."""
    return tuple(s.name for s in specs)


def tool_body(spec: AgentTool) -> Callable[..., Awaitable[Any]]:
    """An async function running ``spec`` in the current conversation's environment (raises ToolCallError)."""

    async def run(**arguments: Any) -> Any:
        return await current_request(spec.name).call_tool(spec.name, **arguments)

    run.__name__ = spec.name
    return run


def as_text(result: Any) -> str:
    """A tool result as the text a model reads."""
    return result if isinstance(result, str) else json.dumps(result, default=str)


# Exceptions (by class name, anywhere in the error's class hierarchy) that mean the model provider or the network
# failed, not the agent: the same rule as for OpenAICompatibleAgent (docs/agents.md, "Whose fault is a failed call").
_PROVIDER_FAULTS = frozenset({
    "APIConnectionError", "APITimeoutError", "RateLimitError", "InternalServerError", "ServiceUnavailableError",
    "ModelHTTPError", "TransportError", "TimeoutException", "ConnectError", "ReadTimeout", "ConnectTimeout",
    "RemoteProtocolError", "AuthenticationError", "PermissionDeniedError",
})


def provider_fault(error: BaseException) -> bool:
    seen: BaseException | None = error
    for _ in range(4):  # frameworks wrap provider errors; look a few causes deep
        if seen is None:
            return False
        if any(cls.__name__ in _PROVIDER_FAULTS for cls in type(seen).__mro__):
            return True  # any HTTP status from the provider, timeouts, refused connections: never the agent
        seen = seen.__cause__ or seen.__context__
    return False


def as_infrastructure(adapter: str, error: BaseException) -> InfrastructureError:
    from .._secrets import scrub

    return InfrastructureError(f"{adapter}: the model provider failed ({type(error).__name__}: "
                               f"{scrub(str(error))[:300]}); this says nothing about the agent")
