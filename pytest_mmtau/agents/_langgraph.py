"""``LangGraphAgent``: a LangGraph (or LangChain) agent as the agent under test.

Two ways in:

- **tools hosted by the graph** (the usual way): ``LangGraphAgent(lambda tools: create_react_agent(model, tools))``.
  The adapter builds LangChain tools from the domain's agent tools (once) whose bodies run ``request.call_tool`` in
  the conversation's environment, and the graph runs them with its own tool node; every call is recorded like a
  returned one. A failing tool is a ``ToolException`` the model reads. The conversation so far is passed to the
  graph each turn as its messages (history kept per ``request.conversation_id``).
- **tools returned**: ``LangGraphAgent(graph, tools="returned")`` for a compiled graph with a checkpointer and a
  node named ``"tools"``. The adapter runs it with ``interrupt_before=["tools"]`` on the thread
  ``request.conversation_id``, returns the pending tool calls to the environment, and resumes the graph with the
  results as the tool node's output.

Text the model wrote next to its tool calls is part of the turn's text. Provider faults are infrastructure.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Literal

from .._optional import require
from ..errors import UsageError
from . import AgentReply, AgentRequest, AgentTool, ToolCallError, ToolRequest
from ._hosted import answering, as_infrastructure, as_text, names, provider_fault, tool_body

__all__ = ["LangGraphAgent"]


class LangGraphAgent:
    """See the module docstring. ``graph`` is a factory ``build(tools) -> compiled graph`` (hosted tools) or a
    compiled graph (``tools="returned"``); ``config`` is merged into every run's config."""

    def __init__(self, graph: Callable[[list[Any]], Any] | Any, *, tools: Literal["hosted", "returned"] = "hosted",
                 config: dict[str, Any] | None = None, recursion_limit: int = 50) -> None:
        require("langgraph", extra="langgraph", purpose="LangGraphAgent")
        if tools not in ("hosted", "returned"):
            raise UsageError(f"LangGraphAgent(tools={tools!r}): allowed: 'hosted', 'returned'")
        if tools == "hosted" and (not callable(graph) or hasattr(graph, "ainvoke")):
            raise UsageError("LangGraphAgent(graph): with tools='hosted', give a factory `lambda tools: "
                             "create_react_agent(model, tools)` so the graph runs the domain's tools; a compiled "
                             "graph whose tools stay outside needs tools='returned'")
        if tools == "returned" and getattr(graph, "checkpointer", None) is None:
            raise UsageError("LangGraphAgent(graph, tools='returned') needs a graph compiled with a checkpointer "
                             "(e.g. InMemorySaver()): it pauses before the 'tools' node and resumes with the results")
        self._source, self.mode = graph, tools
        self.config, self.recursion_limit = dict(config or {}), recursion_limit
        self._graphs: dict[tuple[str, ...], Any] = {}
        self._histories: dict[str, list[Any]] = {}  # hosted: the graph's messages per conversation
        self._pending: dict[str, int] = {}  # returned: tool calls waiting for results, per conversation

    def for_trial(self, trial: int, seed: int) -> LangGraphAgent:
        fresh = LangGraphAgent.__new__(LangGraphAgent)
        fresh.__dict__.update(self.__dict__, _histories={}, _pending={})  # the compiled graphs are shared: they are stateless
        return fresh

    def __repr__(self) -> str:
        return f"LangGraphAgent(tools={self.mode!r})"

    async def respond(self, request: AgentRequest) -> AgentReply:
        try:
            with answering(request):
                if self.mode == "hosted":
                    return await self._hosted(request)
                return await self._returned(request)
        except Exception as exc:
            if provider_fault(exc):
                raise as_infrastructure("LangGraphAgent", exc) from exc
            raise

    # ---------------------------------------------------------------------------------------- hosted tools

    def _graph(self, specs: tuple[AgentTool, ...]) -> Any:
        found = self._graphs.get(names(specs))
        if found is None:
            found = self._graphs[names(specs)] = self._source([_langchain_tool(s) for s in specs])
        return found

    async def _hosted(self, request: AgentRequest) -> AgentReply:
        from langchain_core.messages import HumanMessage, SystemMessage

        history = self._histories.get(request.conversation_id, [])
        sent = [*history, HumanMessage(content=request.last_user_message)]
        extra = [SystemMessage(content=request.persona_hint)] if request.persona_hint else []
        state = await self._graph(request.tool_specs).ainvoke({"messages": [*extra, *sent]}, self._run_config())
        messages = list(state["messages"])[len(extra):]
        self._histories[request.conversation_id] = messages
        return AgentReply(text=_texts(messages[len(sent):]))

    # ---------------------------------------------------------------------------------------- returned tools

    async def _returned(self, request: AgentRequest) -> AgentReply:
        from langchain_core.messages import HumanMessage, ToolMessage

        graph: Any = self._source  # a compiled graph with a checkpointer (checked when the adapter was built)
        config = self._run_config(thread=request.conversation_id)
        last = request.messages[-1] if request.messages else None
        if last is not None and last.role == "tool":  # the environment ran what the graph asked for: resume
            results = [m for m in reversed(request.messages) if m.role == "tool"]
            done = list(reversed(results[:self._pending.get(request.conversation_id, 0)]))
            await graph.aupdate_state(config, {"messages": [
                ToolMessage(content=m.content, tool_call_id=m.tool_call_id or "") for m in done]}, as_node="tools")
            state = await graph.ainvoke(None, config, interrupt_before=["tools"])
        else:
            state = await graph.ainvoke({"messages": [HumanMessage(content=request.last_user_message)]}, config,
                                        interrupt_before=["tools"])
        snapshot = await graph.aget_state(config)
        messages = list(state["messages"])
        pending = messages[-1] if "tools" in (snapshot.next or ()) else None
        calls = tuple(ToolRequest(name=c["name"], arguments=dict(c.get("args") or {}), id=c.get("id"))
                      for c in getattr(pending, "tool_calls", None) or ())
        self._pending[request.conversation_id] = len(calls)  # how many results the next resume carries
        text = _content_text(pending.content) if pending is not None else _texts(_since_last_human(messages))
        return AgentReply(text=text, tool_calls=calls)

    def _run_config(self, thread: str | None = None) -> dict[str, Any]:
        config: dict[str, Any] = {"recursion_limit": self.recursion_limit, **self.config}
        if thread is not None:
            config["configurable"] = {**dict(config.get("configurable") or {}), "thread_id": thread}
        return config


def _langchain_tool(spec: AgentTool) -> Any:
    from langchain_core.tools import StructuredTool, ToolException

    body = tool_body(spec)

    async def run(**arguments: Any) -> str:
        try:
            return as_text(await body(**arguments))
        except ToolCallError as exc:
            raise ToolException(str(exc)) from None

    return StructuredTool.from_function(coroutine=run, name=spec.name, description=spec.description or spec.name,
                                        args_schema=spec.parameters or {"type": "object", "properties": {}},
                                        handle_tool_error=True)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks
        return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return json.dumps(content, default=str) if content else ""


def _texts(messages: list[Any]) -> str:
    """Every text the model wrote in these messages (also next to tool calls), in order."""
    texts = [_content_text(m.content) for m in messages if getattr(m, "type", "") == "ai"]
    return "\n\n".join(t.strip() for t in texts if t and t.strip())


def _since_last_human(messages: list[Any]) -> list[Any]:
    start = max((i for i, m in enumerate(messages) if getattr(m, "type", "") == "human"), default=-1)
    return messages[start + 1:]
