"""Seeded per-turn attributes of the simulated user: mood, execution style, exploration.

They follow the persona on average and vary from turn to turn, so trials of one persona differ realistically
while the same seed always gives the same conversation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from ..models import Persona

Mood = Literal["calm", "irritated", "angry"]
_MOODS: tuple[Mood, ...] = ("calm", "irritated", "angry")
_START = {"calm": 0, "frustrated": 1, "angry": 2}


@dataclass(frozen=True, kw_only=True)
class TurnAttributes:
    mood: Mood
    volunteer_all: bool
    side_question: bool

    def as_dict(self) -> dict[str, str]:
        """The attributes in the vocabulary of the simulator-quality metrics (``user._observe``)."""
        return {"mood": self.mood, "execution_style": "all_at_once" if self.volunteer_all else "one_by_one",
                "exploration": "explores" if self.side_question else "stays_on_task"}


class AttributeGenerator:
    def __init__(self, persona: Persona, rng: random.Random) -> None:
        self._persona, self._rng = persona, rng
        self._level = _START[persona.emotion]
        self._hazy: dict[str, bool] = {}  # drawn once per fact: a user stays hazy about the same detail

    def hazy(self, key: str) -> bool:
        """Whether this user first gives ``key`` vaguely (drawn once per fact, from the persona's ambiguity)."""
        if key not in self._hazy:
            self._hazy[key] = self._rng.random() < self._persona.ambiguity
        return self._hazy[key]

    def next(self, *, frustrated: bool) -> TurnAttributes:
        if frustrated and self._rng.random() < 0.8:
            self._level = min(self._level + 1, 2)
        elif self._level > _START[self._persona.emotion] and self._rng.random() < 0.15:
            self._level -= 1
        all_at_once = self._persona.execution_style == "all_at_once"
        # one turn in ten goes against the persona's habit, as real users do
        volunteer = all_at_once if self._rng.random() >= 0.1 else not all_at_once
        return TurnAttributes(mood=_MOODS[self._level], volunteer_all=volunteer,
                              side_question=self._rng.random() < self._persona.exploration)
