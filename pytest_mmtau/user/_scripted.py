"""The scripted realiser: turns (goal, tracker state, turn attributes, agent message) into the next user message.

Offline and deterministic by seed. It understands the agent through a small rule set — requests for a fact (by the
fact's aliases), confirmation requests, instructions to operate the user's own device (the lexicon of the domain's
user-tool phrases), and closings — and answers with templates, tagging every message with its dialogue acts.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from ..agents import ToolRequest
from ..domain import ToolSpec
from ..engine import UserMove, UserObservation
from ..judge._labels import action_verb
from ..models import DialogueAct, Persona, UserFact, UserGoal
from ._attributes import AttributeGenerator, TurnAttributes
from ._tracker import CLOSING_CUES as _CLOSING_CUES
from ._tracker import (StateTracker, asked_facts, asks_confirmation, fact_name, mentions, mentions_other_value,
                       normalise, requested_tools, tool_lexicon)

_MOOD_PREFIX = {
    "calm": ("", ""),
    "irritated": ("Look, ", "Honestly, "),
    "angry": ("This is ridiculous. ", "I'm getting really annoyed. "),
}
_FILLER = ("I'm not great with this stuff, sorry. ", "I've been dealing with this all morning. ")


_fact_name = fact_name


class ScriptedRealiser:
    """One simulated user in one episode; implements the engine's ``UserRole``."""

    def __init__(self, *, goal: UserGoal, persona: Persona, user_tools: Mapping[str, ToolSpec],
                 rng: random.Random) -> None:
        self._goal, self._persona, self._rng = goal, persona, rng
        self._tracker = StateTracker(goal=goal)
        self._attributes = AttributeGenerator(persona, rng)
        self._lexicon = tool_lexicon(user_tools)
        self._accepted_verbs = {action_verb(name) for name in goal.accepts}

    @property
    def tracker(self) -> StateTracker:
        return self._tracker

    async def act(self, observation: UserObservation) -> UserMove:
        if observation.tool_results:
            return self._report(observation)
        self._tracker.user_turns += 1
        if observation.agent_message is None:
            return self._opening(self._attributes.next(frustrated=False))
        return self._reply(observation.agent_message)

    # ----------------------------------------------------------------------------------- message kinds

    def _opening(self, attrs: TurnAttributes) -> UserMove:
        vague = self._persona.communication_style == "vague" and self._goal.vague_request
        parts = [self._goal.vague_request if vague else self._goal.request]
        acts = [DialogueAct(kind="request", slot=self._goal.intent, vague=bool(vague))]
        if attrs.volunteer_all:
            for fact in self._goal.facts:
                parts.append(self._disclose(fact, acts))
        return self._finish(parts, acts, attrs)

    def _reply(self, text: str) -> UserMove:
        tracker = self._tracker
        tracker.observe(text)
        if tracker.user_turns > self._persona.patience:
            return UserMove(text="This is taking far too long. Please put me through to a person.",
                            acts=(DialogueAct(kind="transfer", value="patience exhausted"),),
                            state=self._state(None))
        requested = self._requested_tools(text)
        if requested:
            take = requested if self._persona.execution_style == "all_at_once" else requested[:1]
            return UserMove(tool_calls=tuple(ToolRequest(name=name) for name in take))

        closing = any(cue in normalise(text) for cue in _CLOSING_CUES)
        if tracker.goal_confirmed and (closing or not self._is_confirmation(text)):
            return UserMove(text=self._rng.choice(("No, that's everything. Thanks!", "That's all, thank you.")),
                            acts=(DialogueAct(kind="stop"),), state=self._state(None))
        parts: list[str] = []
        acts: list[DialogueAct] = []
        frustrated = False
        if self._is_confirmation(text):
            self._answer_confirmation(text, parts, acts)
        else:
            for fact in self._asked_facts(text):
                tracker.asked[fact.key] += 1
                if tracker.disclosed.get(fact.key) == "exact":
                    frustrated = tracker.asked[fact.key] > self._persona.clarification_tolerance
                    parts.append(f"As I said, my {_fact_name(fact)} is {fact.value}.")
                    acts.append(DialogueAct(kind="repeat", slot=fact.key, value=fact.value))
                else:
                    parts.append(self._disclose(fact, acts))
        attrs = self._attributes.next(frustrated=frustrated)
        if not parts:
            lead = "That doesn't solve my problem yet. " if closing else ""
            parts.append(lead + self._goal.request)
            acts.append(DialogueAct(kind="restate", slot=self._goal.intent))
            if attrs.volunteer_all:
                for fact in self._tracker.undisclosed():
                    parts.append(self._disclose(fact, acts))
        return self._finish(parts, acts, attrs)

    def _report(self, observation: UserObservation) -> UserMove:
        parts, acts = [], []
        for call in observation.tool_results:
            shown = call.error or str(call.result)
            self._tracker.observe(shown)
            parts.append(f"I did that ({call.name.replace('_', ' ')}). It says: {shown}.")
            acts.append(DialogueAct(kind="inform", slot=call.name, value=shown))
        return UserMove(text=" ".join(parts), acts=tuple(acts), state=self._state(None))

    # ----------------------------------------------------------------------------------- understanding

    def _requested_tools(self, text: str) -> list[str]:
        return requested_tools(text, self._lexicon)

    def _asked_facts(self, text: str) -> list[UserFact]:
        return asked_facts(text, self._goal)

    def _is_confirmation(self, text: str) -> bool:
        return asks_confirmation(text)

    def _answer_confirmation(self, text: str, parts: list[str], acts: list[DialogueAct]) -> None:
        words = set(re.findall(r"[a-z]+", normalise(text)))
        wrong = [f for f in self._goal.facts
                 if any(mentions(text, a) for a in f.aliases) and not mentions(text, f.value)
                 and self._mentions_other_value(text, f)]
        action_ok = not self._goal.accepts or bool(self._accepted_verbs & words)
        if wrong:
            fact = wrong[0]
            parts.append(f"No, that's not right. My {_fact_name(fact)} is {fact.value}.")
            acts += [DialogueAct(kind="deny"), DialogueAct(kind="correct", slot=fact.key, value=fact.value)]
            self._tracker.disclosed[fact.key] = "exact"
        elif action_ok:
            terse = self._persona.verbosity == "terse"
            parts.append("Yes." if terse else self._rng.choice(("Yes, please go ahead.", "Yes, that's right.",
                                                                  "Yes, do it.")))
            acts.append(DialogueAct(kind="affirm"))
        else:
            parts.append("No, that's not what I asked for. " + self._goal.request)
            acts += [DialogueAct(kind="deny"), DialogueAct(kind="restate", slot=self._goal.intent)]

    @staticmethod
    def _mentions_other_value(text: str, fact: UserFact) -> bool:
        return mentions_other_value(text, fact)

    # ----------------------------------------------------------------------------------- saying it

    def _disclose(self, fact: UserFact, acts: list[DialogueAct]) -> str:
        tracker = self._tracker
        if tracker.disclosed.get(fact.key) is None and fact.vague and self._attributes.hazy(fact.key):
            tracker.disclosed[fact.key] = "vague"
            acts.append(DialogueAct(kind="inform", slot=fact.key, value=fact.vague, vague=True))
            return f"Hmm, my {_fact_name(fact)}... {fact.vague}."
        if tracker.disclosed.get(fact.key) == "vague":
            tracker.disclosed[fact.key] = "exact"
            acts.append(DialogueAct(kind="correct", slot=fact.key, value=fact.value))
            return f"Sorry, I found it: my {_fact_name(fact)} is {fact.value}."
        tracker.disclosed[fact.key] = "exact"
        acts.append(DialogueAct(kind="inform", slot=fact.key, value=fact.value))
        if self._persona.verbosity == "terse":
            return f"{fact.value}."
        return f"My {_fact_name(fact)} is {fact.value}."

    def _finish(self, parts: list[str], acts: list[DialogueAct], attrs: TurnAttributes) -> UserMove:
        prefix = self._rng.choice(_MOOD_PREFIX[attrs.mood])
        if self._persona.verbosity == "verbose" and self._tracker.user_turns == 1:
            prefix = self._rng.choice(_FILLER) + prefix
        if attrs.side_question:
            parts.append("Also, how long does this usually take?")
            acts.append(DialogueAct(kind="request", slot="side_question"))
        body = " ".join(parts)
        if prefix and not re.match(r"I\b", body):
            body = body[:1].lower() + body[1:]
        return UserMove(text=prefix + body, acts=tuple(acts), state=self._state(attrs))

    def _state(self, attrs: TurnAttributes | None) -> dict[str, object]:
        """What this message was decided from, recorded on the turn for simulator-quality metrics (closings, hand-overs
        and reports of the user's own tools carry no instructed attributes)."""
        state: dict[str, object] = {"tracker": self._tracker.snapshot()}
        if attrs is not None:
            state["attributes"] = attrs.as_dict()
        return state
