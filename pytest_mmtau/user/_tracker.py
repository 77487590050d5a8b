"""The simulated user's deterministic state tracker: what it has disclosed, what it was asked, what is confirmed."""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from ..models import UserFact, UserGoal


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

    def __post_init__(self) -> None:
        self.confirmed = [False] * len(self.goal.confirmed_by)

    def observe(self, text: str) -> None:
        """Mark goal milestones that this agent message or tool result states as done (questions don't count)."""
        statements = [s for s in sentences(text) if not s.endswith("?")]
        for i, alternatives in enumerate(self.goal.confirmed_by):
            if not self.confirmed[i] and any(mentions(s, alt) for s in statements for alt in alternatives.split("|")):
                self.confirmed[i] = True

    @property
    def goal_confirmed(self) -> bool:
        return all(self.confirmed)

    def undisclosed(self) -> list[UserFact]:
        return [f for f in self.goal.facts if self.disclosed.get(f.key) != "exact"]
