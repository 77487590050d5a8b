"""Fixed opening turns: ``converse(agent, script=["I want to cancel", ...])`` says these words verbatim as the
user's first messages, then the simulated user carries on by itself.

The realiser takes each scripted message as its own (``adopt``): its tracker counts the turn, notes what the agent
said and which goal values the message gave, so what it says afterwards follows on. The acts of a scripted message
are read from its words, since the metrics need them: ``affirm`` or ``deny`` when it starts with yes or no, a
``request`` of the goal for the opening message, an ``inform`` for every goal value it names. Each scripted turn
records ``user_state["scripted"] = True``; the simulator-quality metrics leave those turns out, as they are the test
author's words, not the simulator's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..engine import UserMove, UserObservation, UserRole
from ..errors import UsageError
from ..models import DialogueAct, UserGoal
from ..understanding import mentions, normalise
from ._tracker import StateTracker

__all__ = ["Adopts", "ScriptedOpening", "adopted_move", "check_script"]

_AFFIRM = re.compile(r"^(yes|yeah|yep|sure|correct|right|ok|okay|please do|go ahead|that's right|that is right)\b")
_DENY = re.compile(r"^(no|nope|don't|do not|that's wrong|that is wrong|that's not right)\b")


@runtime_checkable
class Adopts(UserRole, Protocol):
    """A realiser that can take a scripted message as its own."""

    def adopt(self, observation: UserObservation, text: str) -> UserMove: ...


def check_script(script: object) -> tuple[str, ...]:
    """The script as a tuple of messages, or a UsageError saying what a script is."""
    if isinstance(script, str) or not isinstance(script, Sequence):
        raise UsageError(f"converse(script=...) takes a list of user messages, got {type(script).__name__}"
                         + (" (wrap a single message in a list)" if isinstance(script, str) else ""))
    for i, line in enumerate(script):
        if not isinstance(line, str) or not line.strip():
            raise UsageError(f"converse(script=...): message {i} must be a non-empty string, got {line!r}")
    return tuple(script)


def adopted_move(tracker: StateTracker, goal: UserGoal, observation: UserObservation, text: str,
                 state: dict[str, Any] | None = None) -> UserMove:
    """The move of a scripted message, with the tracker updated as if the simulated user had said it."""
    tracker.user_turns += 1
    if observation.agent_message is not None:
        tracker.observe(observation.agent_message)
    said = normalise(text)
    acts: list[DialogueAct] = []
    if _AFFIRM.match(said):
        acts.append(DialogueAct(kind="affirm"))
    elif _DENY.match(said):
        acts.append(DialogueAct(kind="deny"))
    if observation.agent_message is None:
        acts.append(DialogueAct(kind="request", slot=goal.intent))
    for fact in goal.facts:
        if mentions(text, fact.value):
            acts.append(DialogueAct(kind="inform", slot=fact.key, value=fact.value))
            tracker.disclosed[fact.key] = "exact"
    return UserMove(text=text, acts=tuple(acts),
                    state={**(state or {}), "scripted": True, "tracker": tracker.snapshot()})


class ScriptedOpening:
    """The engine's ``UserRole`` for a conversation with fixed first messages: the script's, then the realiser's."""

    def __init__(self, realiser: UserRole, script: Sequence[str]) -> None:
        if not isinstance(realiser, Adopts):
            raise UsageError(f"this simulated user ({type(realiser).__name__}) cannot follow a script: it has no "
                             "adopt(observation, text) method")
        self._realiser: Adopts = realiser
        self._script = list(script)

    async def act(self, observation: UserObservation) -> UserMove:
        if observation.tool_results or not self._script:
            return await self._realiser.act(observation)
        return self._realiser.adopt(observation, self._script.pop(0))
