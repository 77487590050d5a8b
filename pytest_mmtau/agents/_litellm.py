"""``LiteLLMAgent``: the baseline tool-calling agent, any litellm model with the domain policy as system prompt.

Every call goes through :func:`pytest_mmtau._llm_transport.acomplete_retrying`, so it is recorded/replayed with
``--mmtau-record``, counted in the trial's tokens and cost, retried on transient provider errors, and a provider
that keeps failing is an InfrastructureError (the trial is an error, not an agent failure). A reply whose tool-call
arguments are not a JSON object is an :class:`AgentOutputError`: the model under test produced it.
"""

from __future__ import annotations

import json
import os
from typing import Any

from . import AgentOutputError, AgentReply, AgentRequest, ToolRequest

__all__ = ["LiteLLMAgent", "build_messages", "parse_tool_calls"]


def build_messages(request: AgentRequest) -> list[dict[str, Any]]:
    """The chat-completions messages for ``request``: the policy (and persona hint) as system prompt first."""
    system = request.policy.strip()
    if request.persona_hint:
        system += f"\n\nAbout the user you are talking to: {request.persona_hint.strip()}"
    return [{"role": "system", "content": system}, *(m.to_openai() for m in request.messages)]


def parse_tool_calls(raw_calls: Any) -> tuple[ToolRequest, ...]:
    """Tool calls in the OpenAI shape (objects or dicts) as ToolRequests; malformed arguments raise AgentOutputError."""
    out: list[ToolRequest] = []
    for call in raw_calls or ():
        function = _get(call, "function")
        name = _get(function, "name")
        arguments = _get(function, "arguments")
        if not isinstance(name, str) or not name:
            raise AgentOutputError(f"a tool call has no function name: {call!r:.200}")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except ValueError as exc:
                raise AgentOutputError(f"tool call {name!r}: arguments are not valid JSON ({exc}): "
                                       f"{arguments!r:.200}") from None
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise AgentOutputError(f"tool call {name!r}: arguments must be a JSON object, got "
                                   f"{type(arguments).__name__}")
        out.append(ToolRequest(name=name, arguments=arguments, id=_get(call, "id")))
    return tuple(out)


def _get(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


class LiteLLMAgent:
    """A tool-calling LLM agent through litellm (``model`` as litellm names it, e.g. ``openai/gpt-4o-mini``).

    ``api_key`` defaults to litellm's own lookup (provider environment variables); ``api_key_env`` names another
    variable to read it from. ``max_attempts`` counts transport attempts per reply.
    """

    def __init__(self, model: str, *, api_base: str | None = None, api_key: str | None = None,
                 api_key_env: str | None = None, temperature: float | None = 0.0, timeout_s: float = 60.0,
                 max_attempts: int = 4, backoff_s: float = 0.5, tool_choice: str | None = "auto",
                 extra: dict[str, Any] | None = None) -> None:
        if not model:
            from ..errors import UsageError

            raise UsageError("LiteLLMAgent: model must be a litellm model name")
        self.model, self.api_base, self.temperature = model, api_base, temperature
        self.timeout_s, self.max_attempts, self.backoff_s = timeout_s, max_attempts, backoff_s
        self.tool_choice, self.extra = tool_choice, dict(extra or {})
        self._api_key = api_key if api_key is not None else (os.environ.get(api_key_env) if api_key_env else None)
        self.name = f"litellm:{model}"

    def __repr__(self) -> str:  # never shows the key
        return f"LiteLLMAgent(model={self.model!r}, api_base={self.api_base!r})"

    def _kwargs(self, request: AgentRequest) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"model": self.model, "messages": build_messages(request),
                                  "timeout": self.timeout_s, "max_retries": 0, **self.extra}
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        if request.tools:
            kwargs["tools"] = [dict(t) for t in request.tools]
            if self.tool_choice is not None:
                kwargs["tool_choice"] = self.tool_choice
        if self.api_base is not None:
            kwargs["api_base"] = self.api_base
        if self._api_key is not None:
            kwargs["api_key"] = self._api_key
        return kwargs

    async def respond(self, request: AgentRequest) -> AgentReply:
        from .._llm_transport import acomplete_retrying

        response = await acomplete_retrying(who=f"LiteLLMAgent: model {self.model!r}", attempts=self.max_attempts,
                                            backoff_s=self.backoff_s, guard_s=self.timeout_s * 2 + 5,
                                            **self._kwargs(request))
        try:
            message = response.choices[0].message
        except (AttributeError, IndexError, TypeError):
            raise AgentOutputError(f"model {self.model!r} returned no choices") from None
        content = _get(message, "content")
        return AgentReply(text=content if isinstance(content, str) else "",
                          tool_calls=parse_tool_calls(_get(message, "tool_calls")))

