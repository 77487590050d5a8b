"""Labels of agent turns — what code cannot read off the tool log — and the offline rule-based labeller.

Definitions the metrics rely on (a labeller, rules or LLM, decides each from the conversation up to that turn):

- **confirmation request**: the agent asks the user to approve an action before performing it ("Shall I cancel…?",
  "Please confirm…?"). ``confirms_tool`` names the domain tool whose action it names, if any.
- **clarification request**: the agent asks the user for information it needs (a detail of the user's request,
  an identifier, which option), and it is not a confirmation request.
- **escalation**: the agent hands over, or says it will hand over, to a human.
- **refusal**: the agent declines to do what the user asked.
- **information**: the agent states facts or results.

Matching a confirmation request to a later tool call is deterministic code, not the labeller's call: a request
confirms a call when it names the call's action and states every critical argument value of the call as a whole
token (a question about A100 does not confirm a call on A10). An **explicit affirmation** is the user turn right
after the request carrying an ``affirm`` act and no ``deny`` act.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..models import TRANSFER_TOOLS, ToolCall, Transcript, Turn

_FILLER = frozenset({"to", "a", "an", "the", "get", "set", "do", "make", "human", "agents"})
_CONFIRM_CUES = ("confirm", "shall i", "should i", "do you want me to", "would you like me to", "go ahead",
                 "proceed", "okay to", "is it ok", "are you sure")
_CLARIFY_CUES = ("could you", "can you", "what is", "what's", "which", "please provide", "tell me", "do you mean",
                 "clarify", "more about", "what do you", "need your", "could i have")
_REFUSAL_CUES = ("i can't", "i cannot", "i'm unable", "i am unable", "not able to", "not allowed", "won't be able")
_ESCALATION_CUES = ("transfer you", "transferring you", "human agent", "a colleague", "specialist will")


@dataclass(frozen=True, kw_only=True)
class TurnLabels:
    index: int
    confirmation_request: bool = False
    confirms_tool: str | None = None
    clarification: bool = False
    escalation: bool = False
    refusal: bool = False
    information: bool = False

    def kinds(self) -> list[str]:
        return [k for k in ("confirmation_request", "clarification", "escalation", "refusal", "information")
                if getattr(self, k)]


@dataclass(frozen=True, kw_only=True)
class LabelSet:
    """One labeller's verdict on a transcript: labels per agent turn, plus how sure it was."""

    labels: Mapping[int, TurnLabels]
    labeller: str = "rules"
    agreement: float = 1.0  # mean share of samples agreeing with the majority, per turn
    unscored: tuple[int, ...] = ()  # agent turns no sample could label; metrics skip them
    meta: Mapping[str, Any] = field(default_factory=dict)


class Labeller(Protocol):
    async def label(self, conv: Transcript) -> LabelSet: ...


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower())


def mentions(text: str, value: str) -> bool:
    """Whole-token, case-insensitive match of ``value`` in ``text``."""
    return re.search(rf"(?<![a-z0-9]){re.escape(norm(value))}(?![a-z0-9])", norm(text)) is not None


def questions(text: str) -> list[str]:
    """The normalised sentences of ``text`` that end with a question mark."""
    return [s.strip() for s in re.split(r"(?<=[.?!])\s+", norm(text)) if s.strip().endswith("?")]


def action_verb(tool_name: str) -> str:
    """The verb that names a tool's action: its first meaningful word (``suspend`` for ``suspend_line``).

    Only the verb counts, so "resume the line" does not name ``suspend_line`` although both mention the line.
    """
    return next((w for w in tool_name.lower().split("_") if w not in _FILLER), tool_name.lower())


def names_action(text: str, tool_name: str) -> bool:
    return action_verb(tool_name) in set(re.findall(r"[a-z]+", norm(text)))


def confirms(turn: Turn, call: ToolCall, label: TurnLabels | None) -> bool:
    """Whether ``turn`` is a confirmation request for exactly ``call`` (its action and critical values)."""
    if turn.role != "agent" or label is None or not label.confirmation_request:
        return False
    action_named = label.confirms_tool == call.name or names_action(turn.text, call.name)
    return action_named and all(mentions(turn.text, str(call.arguments[a])) for a in call.critical
                                if a in call.arguments)


def asks_for_fact(text: str, conv: Transcript) -> bool:
    return any(mentions(text, alias) for fact in conv.task.goal.facts
               for alias in (*fact.aliases, fact.key.replace("_", " ")))


class RuleLabeller:
    """Offline, deterministic labeller from cue phrases, the task's fact aliases and the domain's tool names."""

    name = "rules"

    def label_sync(self, conv: Transcript) -> LabelSet:
        labels: dict[int, TurnLabels] = {}
        for turn in conv.agent_turns:
            text = norm(turn.text)
            asked = questions(text)
            tool = next((name for name in conv.irreversible_tools if any(names_action(q, name) for q in asked)), None)
            confirmation = any(any(cue in q for cue in _CONFIRM_CUES)
                               or tool is not None and q.startswith(("shall", "should", "can i", "may i"))
                               for q in asked)
            clarification = not confirmation and any(asks_for_fact(q, conv) or any(cue in q for cue in _CLARIFY_CUES)
                                                     for q in asked)
            labels[turn.index] = TurnLabels(
                index=turn.index,
                confirmation_request=confirmation,
                confirms_tool=tool if confirmation else None,
                clarification=clarification,
                escalation=any(c.name in TRANSFER_TOOLS for c in turn.tool_calls)
                or any(cue in text for cue in _ESCALATION_CUES),
                refusal=any(cue in text for cue in _REFUSAL_CUES),
                information=len(asked) < len(re.split(r"(?<=[.?!])\s+", text.strip())),
            )
        return LabelSet(labels=labels, labeller=self.name)

    async def label(self, conv: Transcript) -> LabelSet:
        return self.label_sync(conv)
