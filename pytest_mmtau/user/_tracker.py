"""The simulated user's deterministic state tracker (what it has disclosed, what it was asked, what is confirmed)
and the rules by which the user understands an agent message; both realisers use them."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..models import UserFact, UserGoal

if TYPE_CHECKING:
    from ..domain import ToolSpec


@functools.lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Lower-case, unify dashes and whitespace, so lexicon phrases match however the agent spells them."""
    text = text.lower().replace("\u2011", "-").replace("wifi", "wi-fi")
    return re.sub(r"\s+", " ", text)


def sentences(text: str) -> list[str]:
    """Split text into normalised sentences, keeping each one's final punctuation ("42.50" stays whole)."""
    return [p.strip() for p in re.split(r"(?<=[.?!])\s+", normalise(text)) if p.strip()]


@functools.lru_cache(maxsize=1024)
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """Whole-word pattern of a normalised phrase, to search in normalised text."""
    return re.compile(rf"(?<![a-z0-9]){re.escape(normalise(phrase))}(?![a-z0-9])")


def mentions(text: str, phrase: str) -> bool:
    return phrase_pattern(phrase).search(normalise(text)) is not None


@dataclass
class StateTracker:
    """Goal progress as the user can observe it; it never reads the backend, only what it was told or saw."""

    goal: UserGoal
    disclosed: dict[str, str] = field(default_factory=dict)  # fact key -> "exact" | "vague"
    asked: Counter[str] = field(default_factory=Counter)
    confirmed: list[bool] = field(default_factory=list)
    user_turns: int = 0
    idle_turns: int = 0  # agent turns that brought the user no closer to the goal: what patience is spent on
    _last_tools: tuple[str, ...] = ()
    _last_said: str = ""

    def __post_init__(self) -> None:
        self.confirmed = [False] * len(self.goal.confirmed_by)

    def observe(self, text: str) -> int:
        """Mark goal milestones that this agent message or tool result states as done (questions don't count);
        returns how many were newly marked."""
        statements = [s for s in sentences(text) if not s.endswith("?")]
        newly = 0
        for i, alternatives in enumerate(self.goal.confirmed_by):
            if not self.confirmed[i] and any(mentions(s, alt) for s in statements for alt in alternatives.split("|")):
                self.confirmed[i] = True
                newly += 1
        return newly

    def weigh_progress(self, text: str, reading: Reading, *, milestones: int) -> None:
        """Spend patience only on agent turns that move nothing forward. A long but productive conversation (a
        seven-fault phone repair) never exhausts a patient user; an agent that repeats itself, reads a value back
        wrong, asks again for what it was told, or asks nothing new does. Progress: a milestone reached, a new
        step to do on the device, a confirmation to give, a fact not yet given."""
        said = normalise(text).strip()
        progressed = said != self._last_said and not reading.misread and (
            milestones > 0 or reading.confirmation or bool(reading.tools and reading.tools != self._last_tools)
            or any(self.disclosed.get(f.key) != "exact" for f in reading.asked))
        self._last_tools, self._last_said = reading.tools, said
        self.idle_turns += 0 if progressed else 1

    @property
    def goal_confirmed(self) -> bool:
        return all(self.confirmed)

    def undisclosed(self) -> list[UserFact]:
        return [f for f in self.goal.facts if self.disclosed.get(f.key) != "exact"]

    def snapshot(self) -> dict[str, object]:
        """The tracker as recorded in ``Turn.user_state["tracker"]`` (JSON-ready, a copy)."""
        return {"disclosed": dict(self.disclosed), "asked": dict(self.asked), "confirmed": sum(self.confirmed),
                "milestones": len(self.confirmed), "goal_confirmed": self.goal_confirmed,
                "idle_turns": self.idle_turns}


# --------------------------------------------------------------------------------------------- understanding
# How the simulated user reads an agent message, shared by the scripted and the LLM realisers: which facts the
# agent asks for, whether it asks for a confirmation or whether anything else is wanted, which of the user's own
# tools it asks the user to operate, and which facts it read back with another value.

CONFIRM_CUES = ("confirm", "shall i", "should i", "do you want me to", "would you like me to", "go ahead",
                "proceed", "is that right", "is that correct", "okay to")
ASK_CUES = ("?", "please", "could you", "can you", "tell me", "provide", "what is", "what's", "need your", "give me")
CLOSING_CUES = ("anything else", "something else", "else i can help")

Lexicon = tuple[tuple[str, str], ...]  # (phrase, user tool name)


def fact_name(fact: UserFact) -> str:
    return fact.key.replace("_", " ")


def tool_lexicon(user_tools: Mapping[str, ToolSpec]) -> Lexicon:
    """The phrases an agent uses to ask the user to run each of the user's own tools."""
    return tuple((phrase, name) for name, spec in user_tools.items() for phrase in spec.phrases)


def requested_tools(text: str, lexicon: Lexicon) -> list[str]:
    """The user tools the agent asks the user to operate, in the order it mentions them."""
    said = normalise(text)
    spans = [(m.start(), m.end(), name) for p, name in lexicon if normalise(p) in said
             for m in phrase_pattern(p).finditer(said)]
    # the longest phrase wins: "turn off wi-fi" inside "turn off wi-fi calling" is not a request of its own
    found = sorted(s for s in spans
                   if not any(o[0] <= s[0] and s[1] <= o[1] and o[1] - o[0] > s[1] - s[0] for o in spans))
    ordered: list[str] = []
    for _, _, name in found:
        if name not in ordered:
            ordered.append(name)
    return ordered


def asked_facts(text: str, goal: UserGoal) -> list[UserFact]:
    """The goal's facts that a question or request of the agent names (by an alias or the fact's own name)."""
    asks = [q for q in sentences(text) if any(cue in q for cue in ASK_CUES)]
    return [f for f in goal.facts if any(mentions(q, a) for q in asks for a in (*f.aliases, fact_name(f)))]


def asks_confirmation(text: str) -> bool:
    """Whether the agent asks the user to approve something ("Shall I ...?", "... is that right?")."""
    return any("?" in q and any(cue in q for cue in CONFIRM_CUES) for q in sentences(text))


def asks_anything_else(text: str) -> bool:
    """Whether the agent asks if there is anything else (a closing question)."""
    said = normalise(text)
    return any(cue in said for cue in CLOSING_CUES)


def mentions_other_value(text: str, fact: UserFact) -> bool:
    """True when the text carries a value shaped like this fact's value (same letters/digits pattern)."""
    shape = re.sub(r"[0-9]", "9", re.sub(r"[A-Za-z]", "a", fact.value))
    pattern = "".join(r"[0-9]" if c == "9" else (r"[A-Za-z]" if c == "a" else re.escape(c)) for c in shape)
    return any(m.lower() != fact.value.lower()
               for m in re.findall(rf"(?<![A-Za-z0-9]){pattern}(?![A-Za-z0-9])", text))


def misread_facts(text: str, goal: UserGoal) -> list[UserFact]:
    """Facts the agent names with a value other than the user's (a wrong read-back)."""
    return [f for f in goal.facts if any(mentions(text, a) for a in f.aliases) and not mentions(text, f.value)
            and mentions_other_value(text, f)]


@dataclass(frozen=True, kw_only=True)
class Reading:
    """What one agent message asks of the user, as the tracker-side rules understand it."""

    asked: tuple[UserFact, ...] = ()
    confirmation: bool = False
    anything_else: bool = False
    tools: tuple[str, ...] = ()
    misread: tuple[UserFact, ...] = ()


def read_agent_message(text: str, goal: UserGoal, lexicon: Lexicon) -> Reading:
    return Reading(asked=tuple(asked_facts(text, goal)), confirmation=asks_confirmation(text),
                   anything_else=asks_anything_else(text), tools=tuple(requested_tools(text, lexicon)),
                   misread=tuple(misread_facts(text, goal)))
