"""``OpenAIAgentsSDKAgent``: an OpenAI Agents SDK ``Agent`` as the agent under test, its tools run by the SDK.

The domain's agent tools become ``FunctionTool``s (built once) whose ``on_invoke_tool`` runs ``request.call_tool``
in the conversation's environment; a failing tool answers the model with the error text, as the SDK's own tools
do. Tools of your agent with the same names are replaced, others stay. The conversation is carried per
``request.conversation_id`` with ``result.to_input_list()``; ``for_trial`` gives every trial a fresh one. Point
the agent's model at any OpenAI-compatible server with ``OpenAIChatCompletionsModel(model=...,
openai_client=AsyncOpenAI(base_url=...))``. Provider faults (connection, timeouts, rate limits, 5xx) are
infrastructure; a model that breaks the SDK's protocol (``ModelBehaviorError``, ``MaxTurnsExceeded``) is the
agent's failure.
"""

from __future__ import annotations

import json
from typing import Any

from .._optional import require
from . import AgentReply, AgentRequest, AgentTool, ToolCallError
from ._hosted import answering, as_infrastructure, as_text, names, provider_fault, tool_body

__all__ = ["OpenAIAgentsSDKAgent"]


class OpenAIAgentsSDKAgent:
    """``OpenAIAgentsSDKAgent(agent)`` for an ``agents.Agent``; ``max_turns`` bounds the SDK's own loop."""

    def __init__(self, agent: Any, *, max_turns: int = 12) -> None:
        require("agents", extra="openai-agents", purpose="OpenAIAgentsSDKAgent")
        self.agent, self.max_turns = agent, max_turns
        self._inputs: dict[str, list[Any]] = {}
        self._agents: dict[tuple[str, ...], Any] = {}  # the agent with the domain's tools, per tool set

    def for_trial(self, trial: int, seed: int) -> OpenAIAgentsSDKAgent:
        fresh = OpenAIAgentsSDKAgent(self.agent, max_turns=self.max_turns)
        fresh._agents = self._agents
        return fresh

    def __repr__(self) -> str:
        return f"OpenAIAgentsSDKAgent({getattr(self.agent, 'name', '?')!r})"

    def _with_tools(self, specs: tuple[AgentTool, ...]) -> Any:
        found = self._agents.get(names(specs))
        if found is None:
            from agents import FunctionTool

            def tool(spec: AgentTool) -> Any:
                body = tool_body(spec)

                async def invoke(context: Any, arguments: str) -> str:
                    try:
                        return as_text(await body(**(json.loads(arguments) if arguments else {})))
                    except ToolCallError as exc:
                        return f"error: {exc}"

                return FunctionTool(name=spec.name, description=spec.description,
                                    params_json_schema=spec.parameters or {"type": "object", "properties": {}},
                                    on_invoke_tool=invoke, strict_json_schema=False)

            domain_names = {s.name for s in specs}
            own = [t for t in getattr(self.agent, "tools", []) or [] if getattr(t, "name", None) not in domain_names]
            found = self._agents[names(specs)] = self.agent.clone(tools=[*own, *(tool(s) for s in specs)])
        return found

    async def respond(self, request: AgentRequest) -> AgentReply:
        from agents import MessageOutputItem, Runner
        from agents.items import ItemHelpers

        conversation = [*self._inputs.get(request.conversation_id, []),
                        {"role": "user", "content": request.last_user_message}]
        agent = self._with_tools(request.tool_specs)
        if request.persona_hint:
            agent = agent.clone(instructions=f"{agent.instructions or ''}\n\n{request.persona_hint}".strip())
        try:
            with answering(request):
                result = await Runner.run(agent, input=conversation, max_turns=self.max_turns)
        except Exception as exc:
            if provider_fault(exc):
                raise as_infrastructure("OpenAIAgentsSDKAgent", exc) from exc
            raise
        self._inputs[request.conversation_id] = result.to_input_list()
        texts = [ItemHelpers.text_message_output(item) for item in result.new_items
                 if isinstance(item, MessageOutputItem)]
        return AgentReply(text="\n\n".join(t for t in texts if t.strip()) or str(result.final_output or ""))
