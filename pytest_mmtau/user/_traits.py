"""ECom-Bench's persona traits beyond the emotion × patience × style grid, as the scripted user acts on them.

Each trait's default is neutral (the user behaves as without it); every other value changes what the user does:

- ``consumer_type``: what the user wonders about when it explores (a side question): the cost (value oriented),
  the warranty (quality oriented), how long it takes (convenience oriented, and unspecified).
- ``attentiveness``: ``careless`` answers only the first of several things asked at once; ``detail_oriented``
  corrects a wrong value the agent states in any message, not only in a confirmation request.
- ``trust``: ``skeptical`` asks what exactly will happen before agreeing to the first action it is asked to
  approve; ``trusting`` agrees without checking the values read back to it.
- ``rights_awareness``: ``high`` pushes back once on each refusal, asking the agent to check the policy again.
- ``inquiry_style``: ``indirect`` introduces each request in its hedged form (the task's vague wording) and says
  it plainly only when the agent asks what it needs.
- ``tone``: ``concise`` gives bare values and one-word answers; ``formal`` greets and thanks formally;
  ``familiar`` greets and closes casually.
- ``pace``: ``hurried`` brings up the next request before the current one is done (goals with several requests)
  and skips the pleasantries of the closing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..models import Persona
from ..understanding import refusals

T = TypeVar("T")

SIDE_QUESTIONS = {
    "unspecified": "Also, how long does this usually take?",
    "convenience_oriented": "Also, how long does this usually take?",
    "value_oriented": "Also, will this cost me anything extra?",
    "quality_oriented": "Also, is this covered by the warranty?",
}
HESITATION = "Before I agree: is that final, and is that exactly what will happen?"
PUSHBACK = "I think I'm entitled to this under your policy. Could you check that again?"
_GREETING = {"formal": "Good day. ", "familiar": "Hey there. "}
_CLOSING = {"formal": "That is all, thank you very much.", "familiar": "That's it, cheers.",
            "concise": "That's all.", "hurried": "That's all."}


class Traits:
    """One user's ECom-Bench traits, with the little state they need (what it already questioned)."""

    def __init__(self, persona: Persona) -> None:
        self.persona = persona
        self._hesitated = False
        self._pushed: set[str] = set()

    @property
    def terse(self) -> bool:
        return self.persona.tone == "concise" or self.persona.verbosity == "terse"

    def side_question(self) -> str:
        return SIDE_QUESTIONS[self.persona.consumer_type]

    def answers(self, asked: Sequence[T]) -> list[T]:
        """What the user answers of the facts asked at once: a careless user only the first."""
        return list(asked[:1]) if self.persona.attentiveness == "careless" else list(asked)

    @property
    def checks_every_message(self) -> bool:
        return self.persona.attentiveness == "detail_oriented"

    @property
    def checks_read_backs(self) -> bool:
        return self.persona.trust != "trusting"

    def hesitates(self) -> bool:
        """Whether a skeptical user questions this confirmation request instead of answering it (the first one)."""
        if self.persona.trust != "skeptical" or self._hesitated:
            return False
        self._hesitated = True
        return True

    def pushes_back(self, text: str) -> bool:
        """Whether a rights-aware user contests this refusal (once per refusal sentence)."""
        if self.persona.rights_awareness != "high":
            return False
        fresh = [s for s in refusals(text) if s not in self._pushed]
        self._pushed.update(fresh)
        return bool(fresh)

    def indirect(self) -> bool:
        return self.persona.inquiry_style == "indirect"

    def greeting(self) -> str:
        return _GREETING.get(self.persona.tone, "")

    def closing(self, usual: str) -> str:
        """The user's last words: ``usual`` (drawn by the realiser) in a neutral tone and pace."""
        if self.persona.pace == "hurried" and self.persona.tone == "neutral":
            return _CLOSING["hurried"]
        return _CLOSING.get(self.persona.tone, usual)

    @property
    def hurried(self) -> bool:
        return self.persona.pace == "hurried"
