"""A rule-based agent's view of the conversation, re-read from its ``AgentRequest`` every turn.

Stateless agents (the domains' reference agents, a team's own scripted baselines) decide from what the user said,
what they said themselves, and which tool calls succeeded with what result; this gathers those once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import AgentRequest


@dataclass(frozen=True, kw_only=True)
class ToolOutcome:
    """One environment tool call the agent made and what came back (``ok`` False: the tool reported an error)."""

    name: str
    arguments: dict[str, Any]
    result: Any
    ok: bool

    def matches(self, tool: str, arguments: dict[str, object]) -> bool:
        return self.name == tool and all(self.arguments.get(k) == v for k, v in arguments.items())


@dataclass(frozen=True, kw_only=True)
class Exchange:
    """One user message and the agent text it answered (None for the opening)."""

    asked: str | None
    said: str


@dataclass(frozen=True, kw_only=True)
class ConversationView:
    user_texts: tuple[str, ...]
    own_texts: tuple[str, ...]  # the agent's own text messages (tool-calling steps excluded)
    calls: tuple[ToolOutcome, ...]
    exchanges: tuple[Exchange, ...] = ()
    this_turn: tuple[ToolOutcome, ...] = ()  # the tool calls made since the user's last message

    @classmethod
    def of(cls, request: AgentRequest) -> ConversationView:
        results = {m.tool_call_id: json.loads(m.content) for m in request.messages if m.role == "tool"}
        calls: list[ToolOutcome] = []
        exchanges: list[Exchange] = []
        own: list[str] = []
        since_user = 0
        for m in request.messages:
            if m.role == "user":
                exchanges.append(Exchange(asked=own[-1] if own else None, said=m.content))
                since_user = len(calls)
            elif m.role == "assistant" and m.tool_calls:
                for c in m.tool_calls:
                    result = results.get(c.id)
                    calls.append(ToolOutcome(name=c.name, arguments=dict(c.arguments), result=result,
                                             ok=not (isinstance(result, dict) and set(result) == {"error"})))
            elif m.role == "assistant":
                own.append(m.content)
        return cls(user_texts=tuple(e.said for e in exchanges), own_texts=tuple(own), calls=tuple(calls),
                   exchanges=tuple(exchanges), this_turn=tuple(calls[since_user:]))

    @property
    def user(self) -> str:
        """Everything the user said, joined."""
        return " ".join(self.user_texts)

    @property
    def last_user(self) -> str:
        return self.user_texts[-1] if self.user_texts else ""

    @property
    def last_own(self) -> str:
        return self.own_texts[-1] if self.own_texts else ""

    def result(self, tool: str, **arguments: object) -> Any:
        """The latest successful result of ``tool`` called with (at least) these arguments, else None."""
        return next((c.result for c in reversed(self.calls) if c.ok and c.matches(tool, arguments)), None)

    def tried(self, tool: str, **arguments: object) -> bool:
        return any(c.matches(tool, arguments) for c in self.calls)

    def failed(self, tool: str, **arguments: object) -> bool:
        return any(not c.ok and c.matches(tool, arguments) for c in self.calls)

    def error(self, tool: str) -> str | None:
        """The latest error message ``tool`` returned, else None."""
        return next((c.result["error"] for c in reversed(self.calls) if c.name == tool and not c.ok), None)
