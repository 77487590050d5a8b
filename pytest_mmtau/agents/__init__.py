"""The agent under test: its Protocol, the request and reply values, and the ``FunctionAgent`` adapter.

An agent receives the conversation so far (user messages, its own messages and tool calls, tool results), the
domain's tool schemas, the policy and an optional persona hint, and returns its next message: text, tool calls for
the environment to run, and traces of tools it ran itself (agent-hosted tools).

An agent whose framework runs its own tools (LangGraph, pydantic-ai, the OpenAI Agents SDK) runs them in the
episode's environment through ``request.call_tool`` / ``call_tool_sync``: the call executes at once, on the domain's
state, and is recorded in the transcript like a returned tool call.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import itertools
import threading
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..models import ToolCall
from ._view import ConversationView, ToolOutcome

if TYPE_CHECKING:  # loaded on first use at run time (``__getattr__``), seen statically here
    from .._per_trial import per_trial as per_trial
    from ._langgraph import LangGraphAgent as LangGraphAgent
    from ._litellm import LiteLLMAgent as LiteLLMAgent
    from ._openai_agents import OpenAIAgentsSDKAgent as OpenAIAgentsSDKAgent
    from ._openai_compat import OpenAICompatibleAgent as OpenAICompatibleAgent
    from ._pydantic_ai import PydanticAIAgent as PydanticAIAgent

__all__ = ["Agent", "AgentOutputError", "AgentReply", "AgentRequest", "AgentTool", "ConversationView", "FunctionAgent",
           "LangGraphAgent", "LiteLLMAgent", "Message", "OpenAIAgentsSDKAgent", "OpenAICompatibleAgent",
           "PydanticAIAgent", "ToolCallError", "ToolOutcome", "ToolRequest", "per_trial"]

_ADAPTERS = {"LiteLLMAgent": "._litellm", "OpenAICompatibleAgent": "._openai_compat", "per_trial": ".._per_trial",
             "LangGraphAgent": "._langgraph", "PydanticAIAgent": "._pydantic_ai",
             "OpenAIAgentsSDKAgent": "._openai_agents"}


def __getattr__(name: str) -> Any:
    """The live adapters load on first use (they are the only agents that need httpx or litellm)."""
    if name not in _ADAPTERS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_ADAPTERS[name], __name__), name)
    globals()[name] = value
    return value


@dataclass(frozen=True, kw_only=True)
class Message:
    """One entry of the agent's view of the conversation, in the chat-completions shape."""

    role: Literal["user", "assistant", "tool"]
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None

    def to_openai(self) -> dict[str, Any]:
        import json

        out: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            out["tool_calls"] = [{"id": c.id, "type": "function",
                                  "function": {"name": c.name, "arguments": json.dumps(c.arguments)}}
                                 for c in self.tool_calls]
        if self.tool_call_id is not None:
            out["tool_call_id"] = self.tool_call_id
        return out


@dataclass(frozen=True, kw_only=True)
class AgentTool:
    """An agent-side tool of the domain as the agent sees it: its schema and what the metrics know about it."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=dict)  # JSON schema of the arguments
    irreversible: bool = False  # a write that cannot be undone: IAS requires a confirmed request before it
    critical: tuple[str, ...] = ()  # arguments whose values CFA checks

    def openai_schema(self) -> dict[str, Any]:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}


class ToolCallError(Exception):
    """A tool run through ``request.call_tool`` failed (unknown tool, bad arguments, the tool's own error). The
    message is the error text the model should see; the failed call is recorded in the transcript."""


class ToolExecutor(Protocol):
    """The engine's side of ``call_tool``: runs an agent-side tool now and returns its recorded call."""

    def run(self, name: str, arguments: dict[str, Any]) -> ToolCall: ...


@dataclass(frozen=True, kw_only=True)
class AgentRequest:
    """One agent step's input. ``tools`` are plain OpenAI tool dicts (send them to a provider as they are);
    ``tool_specs`` the same tools with their ``irreversible``/``critical`` flags. ``conversation_id`` is the same for
    every step of one conversation and different across conversations: key a framework's session or thread on it."""

    messages: tuple[Message, ...]
    tools: tuple[dict[str, Any], ...] = ()
    policy: str = ""
    persona_hint: str | None = None
    conversation_id: str = ""
    tool_specs: tuple[AgentTool, ...] = ()
    executor: ToolExecutor | None = field(default=None, repr=False, compare=False)

    @property
    def last_user_message(self) -> str:
        return next((m.content for m in reversed(self.messages) if m.role == "user"), "")

    def call_tool_sync(self, name: str, /, **arguments: Any) -> Any:
        """Run the agent-side tool ``name`` in the episode's environment now; returns a copy of its result or raises
        ToolCallError. Safe from any thread (frameworks run sync tools in worker threads)."""
        if self.executor is None:
            from ..errors import UsageError

            raise UsageError(f"call_tool({name!r}): this AgentRequest is not part of a running conversation (it was "
                             "built by hand); only requests the engine sends can run tools")
        call = self.executor.run(name, dict(arguments))
        if call.error is not None:
            raise ToolCallError(call.error)
        return copy.deepcopy(call.result)

    async def call_tool(self, name: str, /, **arguments: Any) -> Any:
        """``call_tool_sync`` for async code (tools run synchronously on the domain's state)."""
        return self.call_tool_sync(name, **arguments)


@dataclass(frozen=True, kw_only=True)
class ToolRequest:
    """A tool call the agent asks the environment to run."""

    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True, kw_only=True)
class AgentReply:
    text: str = ""
    tool_calls: tuple[ToolRequest, ...] = ()
    hosted_tool_calls: tuple[ToolCall, ...] = ()

    @classmethod
    def calling(cls, tool: str, **arguments: Any) -> AgentReply:
        """A reply that asks the environment to run one tool (the usual step of a rule-based agent)."""
        return cls(tool_calls=(ToolRequest(name=tool, arguments=arguments),))


@runtime_checkable
class Agent(Protocol):
    """The role of the agent under test: one async method."""

    async def respond(self, request: AgentRequest) -> AgentReply: ...


class AgentOutputError(Exception):
    """The agent returned something that is not a reply; ends the trial as an agent failure."""


class _WireToolRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    id: str | None = None


class _WireHostedCall(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    result: Any = None
    error: str | None = None
    irreversible: bool = False


class _WireReply(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = ""
    tool_calls: list[_WireToolRequest] = Field(default_factory=list)
    hosted_tool_calls: list[_WireHostedCall] = Field(default_factory=list)


_hosted_ids = itertools.count()


def coerce_reply(value: object) -> AgentReply:
    """Accept an AgentReply, a plain string, or a mapping of the same shape; anything else is malformed."""
    if isinstance(value, AgentReply):
        return value
    if isinstance(value, str):
        return AgentReply(text=value)
    if isinstance(value, Mapping):
        try:
            wire = _WireReply.model_validate(dict(value))
        except ValidationError as exc:
            raise AgentOutputError(f"agent reply does not match the reply shape: {exc}") from None
        return AgentReply(
            text=wire.text,
            tool_calls=tuple(ToolRequest(name=t.name, arguments=t.arguments, id=t.id) for t in wire.tool_calls),
            hosted_tool_calls=tuple(
                ToolCall(id=f"hosted{next(_hosted_ids)}", name=h.name, arguments=copy.deepcopy(h.arguments),
                         hosted="agent", result=copy.deepcopy(h.result), error=h.error, irreversible=h.irreversible)
                for h in wire.hosted_tool_calls
            ),
        )
    raise AgentOutputError(f"agent returned {type(value).__name__} {value!r:.80}; expected AgentReply, str or dict")


class FunctionAgent:
    """Wrap any sync or async callable ``fn(request) -> AgentReply | str | dict`` as an Agent.

    Sync callables run in a worker thread so a slow one does not stall the other conversations in flight.
    """

    def __init__(self, fn: Callable[[AgentRequest], object | Awaitable[object]], *, name: str | None = None) -> None:
        self._fn = fn
        self.name = name or getattr(fn, "__name__", type(fn).__name__)
        target = fn if inspect.isfunction(fn) or inspect.ismethod(fn) else getattr(fn, "__call__", fn)
        self._is_async = inspect.iscoroutinefunction(target)

    async def respond(self, request: AgentRequest) -> AgentReply:
        if self._is_async:
            value = await self._fn(request)  # type: ignore[misc]
        else:
            value = await _in_daemon_thread(self._fn, request)
            if inspect.isawaitable(value):
                value = await value
        return coerce_reply(value)

    def __repr__(self) -> str:
        return f"FunctionAgent({self.name})"


async def _in_daemon_thread(fn: Callable[[AgentRequest], object], request: AgentRequest) -> object:
    """Run a sync agent call off the event loop on a daemon thread.

    Unlike ``asyncio.to_thread``, nothing waits for the thread at shutdown: an agent that hangs past the
    conversation timeout is abandoned instead of holding the whole run.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[object] = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not future.done():
            (future.set_result if ok else future.set_exception)(value)

    def work() -> None:
        try:
            outcome: tuple[bool, Any] = (True, fn(request))
        except BaseException as exc:  # noqa: BLE001 - handed to the awaiting coroutine
            outcome = (False, exc)
        try:
            loop.call_soon_threadsafe(settle, *outcome)
        except RuntimeError:  # the loop is gone: the conversation timed out long ago
            pass

    threading.Thread(target=work, name="mmtau-agent", daemon=True).start()
    return await future


def as_agent(candidate: object) -> Agent:
    """Accept an Agent or a plain callable (wrapped in FunctionAgent)."""
    if isinstance(candidate, Agent):
        return candidate
    if callable(candidate):
        return FunctionAgent(candidate)
    from ..errors import UsageError

    raise UsageError(f"agent must implement respond(request) or be a callable; got {type(candidate).__name__}")
