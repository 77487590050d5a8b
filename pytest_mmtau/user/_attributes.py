"""Seeded per-turn attributes of the simulated user: mood, execution style, exploration.

They follow the persona on average and vary from turn to turn, so trials of one persona differ realistically
while the same seed always gives the same conversation.

Two mood vocabularies (``Persona.mood_vocabulary``):

- ``mmtau`` (the default): calm → irritated → angry, a ladder the user climbs when asked again for what it already
  said or kept waiting, and slowly comes down from.
- ``toast``: the Toast paper's mood_tone, casual / frustrated / confused / enthusiastic. Frustrated on the same
  triggers; confused when the agent's message gave the user nothing it could answer; enthusiastic (sometimes) when
  the agent just completed part of the goal; back to the persona's baseline otherwise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from ..models import Persona

Mood = Literal["calm", "irritated", "angry", "casual", "frustrated", "confused", "enthusiastic"]
MOOD_VOCABULARIES: dict[str, tuple[Mood, ...]] = {
    "mmtau": ("calm", "irritated", "angry"),
    "toast": ("casual", "frustrated", "confused", "enthusiastic"),
}
_MOODS = MOOD_VOCABULARIES["mmtau"]
_START = {"calm": 0, "frustrated": 1, "angry": 2}


def moods_of(persona: Persona) -> tuple[Mood, ...]:
    """The moods a persona's messages can take."""
    return MOOD_VOCABULARIES[persona.mood_vocabulary]


def baseline_mood(persona: Persona) -> Mood:
    """The mood a persona starts in and returns to."""
    if persona.mood_vocabulary == "toast":
        return "casual" if persona.emotion == "calm" else "frustrated"
    return _MOODS[_START[persona.emotion]]


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
        self._mood: Mood = baseline_mood(persona)
        self._hazy: dict[str, bool] = {}  # drawn once per fact: a user stays hazy about the same detail

    def hazy(self, key: str) -> bool:
        """Whether this user first gives ``key`` vaguely (drawn once per fact, from the persona's ambiguity)."""
        if key not in self._hazy:
            self._hazy[key] = self._rng.random() < self._persona.ambiguity
        return self._hazy[key]

    def next(self, *, frustrated: bool, confused: bool = False, progress: bool = False) -> TurnAttributes:
        """The next turn's attributes. ``frustrated``: asked again for what was said, or kept waiting;
        ``confused``: the agent's message gave nothing to answer; ``progress``: it completed part of the goal (the
        last two only move the ``toast`` vocabulary)."""
        if self._persona.mood_vocabulary == "toast":
            mood = self._toast_mood(frustrated, confused, progress)
        else:
            if frustrated and self._rng.random() < 0.8:
                self._level = min(self._level + 1, 2)
            elif self._level > _START[self._persona.emotion] and self._rng.random() < 0.15:
                self._level -= 1
            mood = _MOODS[self._level]
        all_at_once = self._persona.execution_style == "all_at_once"
        # one turn in ten goes against the persona's habit, as real users do
        volunteer = all_at_once if self._rng.random() >= 0.1 else not all_at_once
        return TurnAttributes(mood=mood, volunteer_all=volunteer,
                              side_question=self._rng.random() < self._persona.exploration)

    def fed_up(self, attrs: TurnAttributes) -> TurnAttributes:
        """The attributes of a user whose patience ran out: never calm, and no side question."""
        if self._persona.mood_vocabulary == "toast":
            return replace(attrs, mood="frustrated", side_question=False)
        return replace(attrs, mood="irritated" if attrs.mood == "calm" else attrs.mood, side_question=False)

    def _toast_mood(self, frustrated: bool, confused: bool, progress: bool) -> Mood:
        draw = self._rng.random()
        baseline = baseline_mood(self._persona)
        if frustrated and draw < 0.8:
            self._mood = "frustrated"
        elif confused and draw < 0.6:
            self._mood = "confused"
        elif progress and self._mood != "frustrated" and draw < 0.5:
            self._mood = "enthusiastic"
        elif self._mood != baseline and draw < 0.5:
            self._mood = baseline
        return self._mood
