"""``PydanticAIAgent``: a pydantic-ai ``Agent`` as the agent under test, its tools run by pydantic-ai itself.

The domain's agent tools are handed to the run as a toolset (``Tool.from_schema`` per tool, built once) whose
functions run ``request.call_tool`` in the conversation's environment, so every call is recorded and checked like
a returned one. A failing tool becomes ``ModelRetry``: the model reads the error and may try again. History is kept
per conversation (``request.conversation_id``); ``for_trial`` gives every trial a fresh history. The agent's own
instructions are kept; a persona hint (persona exposure 1 and 2) is added as extra instructions. Build your agent
without the domain's tools (the adapter supplies them); tools of your own with other names stay.
"""

from __future__ import annotations

from typing import Any

from .._optional import require
from . import AgentReply, AgentRequest, AgentTool, ToolCallError
from ._hosted import answering, as_infrastructure, names, provider_fault, tool_body

__all__ = ["PydanticAIAgent"]


class PydanticAIAgent:
    """``PydanticAIAgent(agent)`` for a ``pydantic_ai.Agent``."""

    def __init__(self, agent: Any, *, model_settings: Any = None) -> None:
        require("pydantic_ai", extra="pydantic-ai", purpose="PydanticAIAgent")
        self.agent, self.model_settings = agent, model_settings
        self._histories: dict[str, list[Any]] = {}
        self._toolsets: dict[tuple[str, ...], Any] = {}  # shared by the trials' copies: stateless

    def for_trial(self, trial: int, seed: int) -> PydanticAIAgent:
        fresh = PydanticAIAgent(self.agent, model_settings=self.model_settings)
        fresh._toolsets = self._toolsets
        return fresh

    def __repr__(self) -> str:
        return f"PydanticAIAgent({getattr(self.agent, 'name', None) or type(self.agent).__name__})"

    def _toolset(self, specs: tuple[AgentTool, ...]) -> Any:
        found = self._toolsets.get(names(specs))
        if found is None:
            from pydantic_ai import ModelRetry, Tool
            from pydantic_ai.toolsets import FunctionToolset

            def tool(spec: AgentTool) -> Any:
                body = tool_body(spec)

                async def run(**arguments: Any) -> Any:
                    try:
                        return await body(**arguments)
                    except ToolCallError as exc:
                        raise ModelRetry(str(exc)) from None

                return Tool.from_schema(run, name=spec.name, description=spec.description,
                                        json_schema=spec.parameters or {"type": "object", "properties": {}})

            found = self._toolsets[names(specs)] = FunctionToolset([tool(s) for s in specs])
        return found

    async def respond(self, request: AgentRequest) -> AgentReply:
        from pydantic_ai.messages import ModelResponse, TextPart

        history = self._histories.get(request.conversation_id)
        try:
            with answering(request):
                result = await self.agent.run(request.last_user_message, message_history=history,
                                              toolsets=[self._toolset(request.tool_specs)],
                                              instructions=request.persona_hint or None,
                                              model_settings=self.model_settings)
        except Exception as exc:
            if provider_fault(exc):
                raise as_infrastructure("PydanticAIAgent", exc) from exc
            raise
        self._histories[request.conversation_id] = result.all_messages()
        texts = [part.content for message in result.new_messages() if isinstance(message, ModelResponse)
                 for part in message.parts if isinstance(part, TextPart) and part.content.strip()]
        return AgentReply(text="\n\n".join(texts) or str(result.output or ""))
