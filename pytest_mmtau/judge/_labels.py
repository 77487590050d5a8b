"""Offline, rule-based labelling of agent turns: which ones ask to confirm which action, ask for clarification,
escalate, or inform.

Definitions (the metrics rely on them):

- A **confirmation request for a tool call** is an agent turn before the call, containing a question, that names
  the action (a word of the tool's name other than filler, e.g. "cancel" for ``cancel_subscription``) and states
  every critical argument value of the call (e.g. the account id). Asking about a different account is therefore
  not a confirmation of this call.
- An **explicit affirmation** is the user turn right after that request carrying an ``affirm`` act and no ``deny``.
- A **clarification request** is an agent question that names something the user is expected to supply (one of
  the task's user facts, by alias) and is not a confirmation request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..models import TRANSFER_TOOLS, ToolCall, Transcript, Turn

_FILLER = frozenset({"to", "a", "an", "the", "get", "set", "do", "make", "human", "agents"})


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower())


def action_words(tool_name: str) -> frozenset[str]:
    return frozenset(w for w in tool_name.lower().split("_") if w not in _FILLER)


def _value_words(value: object) -> str:
    return _norm(str(value))


def _mentions(text: str, value: str) -> bool:
    """Whole-token match, so a question about A100 does not confirm a call on A10."""
    return re.search(rf"(?<![a-z0-9]){re.escape(value)}(?![a-z0-9])", text) is not None


@dataclass(frozen=True, kw_only=True)
class TurnLabels:
    index: int
    confirmation_for: tuple[str, ...] = ()  # signatures of later calls this turn asked to confirm
    clarification: bool = False
    escalation: bool = False


def is_question(turn: Turn) -> bool:
    return "?" in turn.text


def confirms(turn: Turn, call: ToolCall) -> bool:
    """Whether ``turn`` asks the user to confirm exactly ``call`` (action and critical argument values)."""
    if turn.role != "agent" or not is_question(turn):
        return False
    text = _norm(turn.text)
    words = set(re.findall(r"[a-z]+", text))
    if not action_words(call.name) & words:
        return False
    return all(_mentions(text, _value_words(call.arguments[a])) for a in call.critical if a in call.arguments)


def asks_for_fact(turn: Turn, transcript: Transcript) -> bool:
    if turn.role != "agent" or not is_question(turn):
        return False
    text = _norm(turn.text)
    for fact in transcript.task.goal.facts:
        if any(_mentions(text, alias.lower()) for alias in (*fact.aliases, fact.key.replace("_", " "))):
            return True
    return False


def label_agent_turns(transcript: Transcript) -> dict[int, TurnLabels]:
    """Label every agent turn of the transcript."""
    labels: dict[int, TurnLabels] = {}
    calls = [(t.index, c) for t in transcript.turns for c in t.tool_calls if c.irreversible]
    for turn in transcript.turns:
        if turn.role != "agent":
            continue
        confirmed = tuple(c.signature() for idx, c in calls
                          if idx >= turn.index and confirms(turn, c))
        labels[turn.index] = TurnLabels(
            index=turn.index,
            confirmation_for=confirmed,
            clarification=not confirmed and asks_for_fact(turn, transcript),
            escalation=any(c.name in TRANSFER_TOOLS for c in turn.tool_calls),
        )
    return labels
