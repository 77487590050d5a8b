"""What a simulated user's messages show, read from the transcript alone (text and acts, never the simulator's
intentions): the mood they express, whether they hand over details one by one or all at once, whether they wander
off the task, and whether they claim the task is done.

The simulator-quality metrics compare these observations with the attributes the simulator was told to follow
(``Turn.user_state``), and the offline persona inference of context injection reads the same signals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..models import GoalRequest, Transcript, Turn, UserGoal
from ..understanding import mentions, normalise, readings

ObservedMood = Literal["calm", "irritated", "angry", "casual", "frustrated", "confused", "enthusiastic"]
MOODS: tuple[ObservedMood, ...] = ("calm", "irritated", "angry")

_ANGRY = ("ridiculous", "annoyed", "unacceptable", "furious", "fed up", "waste of my time", "absurd", "useless",
          "terrible", "outrageous", "i'm done with", "sick of", "fix it now")
_IRRITATED = ("look,", "honestly", "as i said", "i already", "i just told you", "again?", "come on", "seriously",
              "still not", "how many times", "taking far too long", "taking too long")
_CLOSINGS = ("that's all", "that's everything", "that is all", "nothing else", "no, that's it", "that's it, thank",
             "goodbye", "bye")
_SHOUT = re.compile(r"\b[A-Z]{4,}\b")


_FRUSTRATED = ("ugh", "frustrat")
_CONFUSED = ("i'm a bit lost", "i'm lost", "not sure i follow", "confused", "what do you mean", "don't understand",
             "i do not understand")
_ENTHUSIASTIC = ("wonderful", "great news", "fantastic", "awesome", "brilliant", "excellent", "amazing")


def observed_mood(text: str, vocabulary: str = "mmtau") -> ObservedMood:
    """The mood a message expresses, from markers of anger and irritation (lexicon, exclamations, shouting); in
    the Toast paper's vocabulary (``vocabulary="toast"``) anger and irritation read as frustrated, and confusion and
    enthusiasm have markers of their own, else the message is casual."""
    said = normalise(text)
    angry = any(m in said for m in _ANGRY) or text.count("!") >= 2 or _SHOUT.search(text)
    irritated = any(m in said for m in _IRRITATED)
    if vocabulary == "toast":
        if angry or irritated or any(m in said for m in _FRUSTRATED):
            return "frustrated"
        if any(m in said for m in _CONFUSED):
            return "confused"
        return "enthusiastic" if any(m in said for m in _ENTHUSIASTIC) else "casual"
    if angry:
        return "angry"
    return "irritated" if irritated else "calm"


def claims_done(turn: Turn) -> bool:
    """Whether the message says the user's business is finished (a stop act or a closing phrase)."""
    if turn.has_act("stop"):
        return True
    said = normalise(turn.text)
    return any(c in said for c in _CLOSINGS) and "?" not in said


@dataclass(frozen=True, kw_only=True)
class Observation:
    """One user message as observed. ``None`` means the dimension does not apply to this message (a plain "yes"
    has no execution style; nothing was left to hand over)."""

    index: int
    mood: ObservedMood
    execution_style: Literal["one_by_one", "all_at_once"] | None
    exploration: Literal["explores", "stays_on_task"]
    claims_done: bool
    disclosed: tuple[str, ...]  # goal facts whose exact value this message carries


def observe(transcript: Transcript) -> list[Observation]:
    """Observe every user message that is spoken (tool-only moves have no text), in order."""
    goal = transcript.task.goal
    fact_keys = {f.key for f in goal.facts}
    # the task's words are not the user's mood
    asked_for: list[UserGoal | GoalRequest] = [goal, *goal.requests]
    scripted = [r for q in asked_for for r in (q.request, q.vague_request) if r]
    given: set[str] = set()
    agent_asked: set[str] = set()
    read = readings(transcript, heard=True)
    out: list[Observation] = []
    for turn in transcript.turns:
        if turn.role == "agent":
            agent_asked = {f.key for f in read[turn.index].asked}
            continue
        if not turn.text.strip():
            continue
        disclosed = tuple(f.key for f in goal.facts
                          if mentions(turn.text, f.value)
                          or any(a.slot == f.key and a.kind in ("inform", "correct") and not a.vague
                                 for a in turn.acts))
        fresh = {k for k in disclosed if k not in given}
        asked = agent_asked - given
        execution = _execution_style(fresh, asked, remaining=len(fact_keys - given))
        given.update(disclosed)
        own_words = turn.text
        for text in scripted:
            own_words = own_words.replace(text, " ")
        mood = observed_mood(own_words, transcript.persona.mood_vocabulary)
        out.append(Observation(index=turn.index, mood=mood, execution_style=execution,
                               exploration="explores" if _explores(turn, goal.intent, fact_keys) else "stays_on_task",
                               claims_done=claims_done(turn), disclosed=disclosed))
    return out


def _execution_style(fresh: set[str], asked: set[str],
                     remaining: int) -> Literal["one_by_one", "all_at_once"] | None:
    """How a message hands details over. Answering exactly what was asked shows no style; volunteering more than
    one detail (or more than was asked) is all at once; giving one of several asked, or volunteering a single
    detail while several are missing, is one by one."""
    volunteered = fresh - asked
    if volunteered and len(fresh) >= 2:
        return "all_at_once"
    if len(asked) >= 2 and len(fresh & asked) == 1:
        return "one_by_one"
    if len(volunteered) == 1 and not asked and remaining >= 2:
        return "one_by_one"
    return None


def _explores(turn: Turn, intent: str, fact_keys: set[str]) -> bool:
    """A question or request off the task: a request act about something that is neither the goal nor a fact (nor
    a question about what the agent said: ``clarification``)."""
    return any(a.kind == "request" and a.slot not in (None, intent, "clarification") and a.slot not in fact_keys
               for a in turn.acts)
