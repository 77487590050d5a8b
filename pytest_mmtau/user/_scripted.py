"""The scripted realiser: turns (goal, tracker state, turn attributes, agent message) into the next user message.

Offline and deterministic by seed. It understands the agent through ``pytest_mmtau.understanding`` — requests for
facts, approval of an action with its values, checks of values read back, instructions to operate the user's own
device, closings — and answers with templates, tagging every message with its dialogue acts.

On its own device it follows tau2-bench's user guidelines: one requested action per turn (asked for several, it
does none and asks for one step at a time, unless its persona works all at once), and it tells the agent what the
device shows in its own sentences rather than pasting the tool's output.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
from dataclasses import replace
from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from ..agents import ToolRequest
from ..domain import ToolSpec
from ..engine import UserMove, UserObservation
from ..models import TRANSFER_TOOLS, DialogueAct, GoalRequest, Persona, UserFact, UserGoal
from .._misunderstood import ASKED_AGAIN, MISHEARD, misunderstood_event
from ..understanding import Reading, Vocabulary, approval, build, normalise, read, segments, tool_infos
from ._attributes import AttributeGenerator, TurnAttributes
from ._expertise import another_check, is_novice, loose_form, report, unknown_terms, what_is
from ._order import OrderTracker, TrackedLine, joined, plural, spoken_modifier, spoken_quantity
from ._requests import RequestQueue
from ._tracker import StateTracker, fact_name, said_of
from ._traits import HESITATION, PUSHBACK, Traits

_MOOD_PREFIX = {
    "calm": ("", ""),
    "irritated": ("Look, ", "Honestly, "),
    "angry": ("This is ridiculous. ", "I'm getting really annoyed. "),
    # the Toast paper's moods (Persona.mood_vocabulary = "toast")
    "casual": ("", ""),
    "frustrated": ("Ugh, ", "Honestly, this is frustrating. "),
    "confused": ("Sorry, I'm a bit lost. ", "I'm not sure I follow. "),
    "enthusiastic": ("Oh, wonderful. ", "That's great news. "),
}
_FILLER = ("I'm not great with this stuff, sorry. ", "I've been dealing with this all morning. ")
_ONE_AT_A_TIME = ("I can only do one thing at a time. What should I do first?",
                  "That's a lot at once. Could you give me one step at a time, please?")
_READING = re.compile(r"^([A-Za-z][\w /().'-]*?): (.+)$")
# restaurant orders: how a guest ends the list
_ORDER_DONE = ("That's the whole order.", "That's my full order.", "Nothing more for me.")


_WHAT_ELSE = ("Is there something else you need from me? I'm not sure what I'm missing.",
              "What else do you need from me? I think I've given you that already.")


def _in_own_words(result: object) -> str:
    """What a tool showed, said as sentences: ``key: value`` readings become "key is value", a screen's readings
    "the status bar shows …", and "Done - …" becomes "OK, done: …"."""
    if isinstance(result, dict):
        return "It shows " + "; ".join(f"{key} is {value}" for key, value in result.items()) + "."
    said = []
    for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", str(result).strip()):
        sentence = sentence.strip().rstrip(".")
        lead = "OK, done: " if sentence.startswith("Done - ") else ""
        segments = sentence.removeprefix("Done - ").split("; ")
        head, _, rest = segments[0].partition(": ")
        if rest and _READING.match(rest):  # a screen of readings: "Status bar: airplane mode: off; ..."
            said.append(f"The {head.lower()} shows " + "; ".join(_spoken(seg) for seg in (rest, *segments[1:])))
        else:
            said.append(lead + "; ".join(_spoken(seg) for seg in segments))
    return " ".join(f"{s[:1].upper()}{s[1:]}." for s in said if s)


def _spoken(segment: str) -> str:
    reading = _READING.match(segment)
    return f"{reading.group(1)} is {reading.group(2)}" if reading else segment


# what an ask is about, named back in a request for clarification ("Sorry, which number do you mean?")
_THING = re.compile(r"\b(number|code|id|pin|name|date|address|email|e-mail|reference|password|amount|account|"
                    r"order|plan|card|device|setting|option|model|serial|zip|postcode|username|booking|ticket)s?\b")


def _asked_thing(ask: str) -> str | None:
    found = _THING.search(normalise(ask))
    if found is None:
        return None
    thing = found.group(1)
    return {"id": "ID", "pin": "PIN", "zip": "ZIP code"}.get(thing, thing)


class Reader(Protocol):
    """Reads an agent message into a Reading instead of the rules (given their reading), with a note for the
    turn (``_nlu.LLMReader``)."""

    async def read(self, text: str, rules: Reading) -> tuple[Reading, dict[str, Any]]: ...


class ScriptedRealiser:
    """One simulated user in one episode; implements the engine's ``UserRole``."""

    def __init__(self, *, goal: UserGoal, persona: Persona, user_tools: Mapping[str, ToolSpec],
                 rng: random.Random, vocabulary: Vocabulary | None = None, reader: Reader | None = None) -> None:
        self._goal, self._persona, self._rng = goal, persona, rng
        self._tracker = StateTracker(goal=goal)
        self._attributes = AttributeGenerator(persona, rng)
        self._vocab = vocabulary or build(goal, tool_infos(user_tools.values()))
        self._previous: tuple[str, Reading | None] = ("", None)  # the agent's last message and its reading
        self._reader = reader  # an LLM reading agent messages (``_nlu``); None: the rules
        self._note: dict[str, object] | None = None  # how the last agent message was read, for the next turn
        self._user_tools = tuple(user_tools)
        self._repeated: Counter[str] = Counter()  # facts said again ("As I said, …") because asked again
        self._asked_terms: list[str] = []  # jargon a novice asked about (``_expertise``)
        self._questioned: set[str] = set()  # instructions a novice asked about: when repeated, it acts
        self._misunderstood: set[str] = set()  # what a novice has already misunderstood once
        self._own_turn_pending = False  # the agent's next turn answers the user's own question or mix-up
        self._excused = 0  # unproductive agent turns that only answered that: they spend no patience
        self._swapped = False  # the tool results about to be reported come from a step it mixed up
        # facts asked in the message that asked for the step being taken: told with what the step showed
        self._asked_beside: tuple[UserFact, ...] = ()
        self._last_attrs: TurnAttributes | None = None
        self._traits = Traits(persona)  # ECom-Bench's traits beyond the grid (_traits)
        self._requests = RequestQueue(goal)  # several requests, one after another (_requests)

    @property
    def tracker(self) -> StateTracker:
        return self._tracker

    def adopt(self, observation: UserObservation, text: str) -> UserMove:
        """Take a scripted message as this user's own (``converse(script=...)``)."""
        from ._script import adopted_move

        return adopted_move(self._tracker, self._goal, observation, text)

    async def act(self, observation: UserObservation) -> UserMove:
        if observation.tool_results:
            return self._report(observation)
        self._tracker.user_turns += 1
        if observation.agent_message is None:
            return self._opening(self._attributes.next(frustrated=False))
        text = observation.agent_message
        if self._reader is None:
            return self._reply(text, unclear=observation.unclear)
        reading, self._note = await self._reader.read(text, self._rules_reading(text))  # noted on the turn
        return self._reply(text, reading, unclear=observation.unclear)

    # ----------------------------------------------------------------------------------- message kinds

    def _opening(self, attrs: TurnAttributes) -> UserMove:
        if self._order is not None:
            return self._order_opening(attrs)
        parts: list[str] = [self._traits.greeting()] if self._traits.greeting() else []
        acts: list[DialogueAct] = []
        for i, request in enumerate(self._requests.opening(everything=attrs.volunteer_all)):
            self._ask(request, parts, acts, lead="Also, " if i else "", opening=True)
        if attrs.volunteer_all:
            for fact in self._goal.facts:
                parts.append(self._disclose(fact, acts))
        return self._finish(parts, acts, attrs)

    def _ask(self, request: GoalRequest, parts: list[str], acts: list[DialogueAct], *, lead: str = "",
             opening: bool = False) -> None:
        """Make one request: in its hedged form (when the task has one) for a vague user's opening, and for every
        request of an indirect one."""
        vague = bool(request.vague_request) and ((opening and self._persona.communication_style == "vague")
                                                 or self._traits.indirect())
        said = (request.vague_request if vague else request.request) or request.request
        parts.append(lead + (said if not lead or re.match(r"I\b", said) else said[:1].lower() + said[1:]))
        acts.append(DialogueAct(kind="request", slot=request.intent, vague=vague))

    def _rules_reading(self, text: str) -> Reading:
        before, before_reading = self._previous
        return read(text, self._vocab, previous=before, previous_asked=before_reading.asked if before_reading else ())

    def _reply(self, text: str, reading: Reading | None = None, *, unclear: tuple[str, ...] = ()) -> UserMove:
        """Answer an agent message, as the rules read it or as ``reading`` (the LLM reader's) says; ``unclear``: the
        words of it the user heard only unclearly."""
        tracker = self._tracker
        reading = reading or self._rules_reading(text)
        self._previous = (text, reading)
        answers_yes_no = reading.confirmation or reading.verification
        milestones = tracker.observe(text, plan=reading.confirmation)
        progress = milestones > 0  # this message completed part of the goal
        stated = self._order.observe(text) if self._order is not None else []  # the lines the agent stated
        idle = tracker.idle_turns
        tracker.weigh_progress(text, reading, milestones=milestones, order_changed=bool(stated))
        if self._own_turn_pending and tracker.idle_turns > idle:  # it answered the user's own question or mix-up
            self._excused += 1
        self._own_turn_pending = False
        if tracker.idle_turns - self._excused > self._persona.patience:
            attrs = self._attributes.fed_up(self._attributes.next(frustrated=True))  # never calm
            return self._finish(["This is taking far too long. Please put me through to a person."],
                                [DialogueAct(kind="transfer", value="patience exhausted")], attrs)
        requested = reading.tools
        self._asked_beside = ()  # (a fact waits for a step's report only when asked with that step)
        one_by_one = self._persona.execution_style != "all_at_once" or is_novice(self._persona)
        if len(requested) > 1 and one_by_one:
            attrs = replace(self._attributes.next(frustrated=False), side_question=False)
            ask = DialogueAct(kind="request", slot=self._goal.intent, value="one step at a time")
            return self._finish([self._rng.choice(_ONE_AT_A_TIME)], [ask], attrs)
        if requested:
            # ("your account number, and the current figure from your meter's display": both, in one reply)
            self._asked_beside = tuple(self._traits.answers(list(reading.asked)))
            return self._operate(text, requested)

        closing = reading.anything_else
        if tracker.goal_confirmed and (closing or not answers_yes_no):
            attrs = replace(self._attributes.next(frustrated=False, progress=progress), side_question=False)
            usual = self._rng.choice(("No, that's everything. Thanks!", "That's all, thank you."))
            return self._finish([self._traits.closing(usual)], [DialogueAct(kind="stop")], attrs)
        if self._order is not None:  # an ordering goal (restaurant): build the order, check what is read back
            return self._order_reply(reading, stated)
        parts: list[str] = []
        acts: list[DialogueAct] = []
        events: list[dict[str, object]] = []
        frustrated = False
        current = self._requests.current(tracker.confirmed)
        if not answers_yes_no and self._traits.pushes_back(text):  # a rights-aware user contests a no
            parts.append(PUSHBACK)
            acts.append(DialogueAct(kind="restate", slot=current.intent))
        elif reading.confirmation and self._traits.hesitates():  # a skeptical user asks before agreeing
            parts.append(HESITATION)
            acts.append(DialogueAct(kind="request", slot=current.intent))
        elif (misheard := _misheard(reading, unclear)) is not None:
            # a value of its own heard wrong and unclearly: a listener asks to hear it again, it does not say the
            # agent got it wrong (and a failure after this is not the agent's)
            parts.append(f"Sorry, I didn't quite catch the {fact_name(misheard)}. Could you say it again?")
            acts.append(DialogueAct(kind="request", slot="clarification", value=fact_name(misheard)))
            events.append(misunderstood_event(text, unclear, source="hearing", cause=MISHEARD))
        elif answers_yes_no:
            self._answer_confirmation(reading, parts, acts)
        elif self._traits.checks_every_message and reading.misread:
            self._correct(reading.misread[0], parts, acts)
        else:
            for fact in self._traits.answers(list(reading.asked)):
                tracker.asked[fact.key] += 1
                other = self._mistaken_for(fact, reading.asked)
                if tracker.disclosed.get(fact.key) == "exact":
                    frustrated = tracker.asked[fact.key] > self._persona.clarification_tolerance
                    parts.append(f"As I said, {said_of(fact)}.")
                    self._repeated[fact.key] += 1
                    acts.append(DialogueAct(kind="repeat", slot=fact.key, value=fact.value))
                elif other is not None:  # a confused novice gives another detail; the agent has to ask again
                    parts.append(f"Oh, do you mean my {fact_name(other)}? {self._disclose(other, acts, exact=True)}")
                else:
                    parts.append(self._disclose(fact, acts))
            source = "rules" if (self._note or {}).get("by", "rules") == "rules" else "nlu"
            # which of the agent's actions first: a user who wants them all leaves the order to the agent; one who
            # does not want them all cannot place the question
            wanted = [tool for tool in reading.actions_offered if tool in self._goal.accepts]
            unplaced = reading.unmatched
            if not unplaced and reading.actions_offered and len(wanted) < 2:
                unplaced = (next((seg.raw for seg in reversed(segments(text)) if seg.question), text),)
            if len(wanted) >= 2 and not unplaced:
                parts.append("Either order is fine." if self._traits.terse else
                             self._rng.choice(("Either order is fine, I need both done.",
                                               "Whichever you prefer - I'd like both taken care of.")))
                acts.append(DialogueAct(kind="inform", slot="order of actions", value="either"))
            if unplaced:  # said as a person would, and recorded: a failure after this is not the agent's
                parts.append(self._clarify(unplaced[0]))
                acts.append(DialogueAct(kind="request", slot="clarification", value=unplaced[0]))
                events.append(misunderstood_event(text, unplaced, source=source))
            elif reading.asked and all(self._repeated[f.key] > 1 for f in reading.asked):
                # asked again for what it was already told twice, exactly: the ask likely holds something the user
                # could not place ("your family name, along with your birth date" read as the birth date alone)
                parts.append(self._rng.choice(_WHAT_ELSE))
                acts.append(DialogueAct(kind="request", slot="clarification", value="what else"))
                events.append(misunderstood_event(text, (), source=source, cause=ASKED_AGAIN))
        nothing_to_answer = not parts
        if nothing_to_answer and (upcoming := self._requests.next(tracker.confirmed)) is not None:
            self._ask(upcoming, parts, acts, lead="Next, ")
        elif nothing_to_answer:
            lead = "That doesn't solve my problem yet. " if closing else ""
            parts.append(lead + current.request)
            acts.append(DialogueAct(kind="restate", slot=current.intent))
        elif self._traits.hurried and not answers_yes_no and \
                (upcoming := self._requests.next(tracker.confirmed, early=True)) is not None:
            self._ask(upcoming, parts, acts, lead="Also, ")
        attrs = self._attributes.next(frustrated=frustrated, progress=progress,
                                      confused=(nothing_to_answer or bool(reading.unmatched)) and not progress
                                      and not closing)
        if attrs.volunteer_all and not answers_yes_no:
            for fact in self._tracker.undisclosed():
                if tracker.disclosed.get(fact.key) is None:  # a hazy first answer is corrected only when asked
                    parts.append(self._disclose(fact, acts))
        return self._finish(parts, acts, attrs, events)

    def _operate(self, text: str, tools: tuple[str, ...]) -> UserMove:
        """Do what the agent asks on the user's own device. A novice first asks what jargon means, and may check
        another setting than the one named."""
        if not is_novice(self._persona):
            return UserMove(tool_calls=tuple(ToolRequest(name=name) for name in tools))
        terms = unknown_terms(tools[0].replace("_", " "), self._asked_terms)  # the step it is about to take
        if terms and normalise(text) not in self._questioned:  # one question per instruction
            self._asked_terms.append(terms[0])
            self._questioned.add(normalise(text))
            return self._own_turn([what_is(terms[0], self._confusion.randrange(3))],
                                  [DialogueAct(kind="request", slot="clarification", value=terms[0])])
        name = tools[0]
        if self._misunderstands(f"tool:{name}"):
            swapped = another_check(name, self._user_tools, self._confusion.randrange(len(self._user_tools)))
            self._swapped = swapped is not None
            name = swapped or name
        return UserMove(tool_calls=(ToolRequest(name=name),))

    @functools.cached_property
    def _confusion(self) -> random.Random:
        """A novice's own draws (its questions and mix-ups), forked from the seeded generator without taking from
        it, so everything else it does is drawn as for an ordinary user of the same seed."""
        state = hashlib.sha256(repr(self._rng.getstate()).encode()).digest()
        return random.Random(int.from_bytes(state[:8], "big"))

    def _own_turn(self, parts: list[str], acts: list[DialogueAct]) -> UserMove:
        """A turn the user's own confusion costs: in its last mood, drawn from its own generator; the agent's
        answer to it spends no patience."""
        self._own_turn_pending = True
        attrs = self._last_attrs or self._attributes.next(frustrated=False)
        return self._finish(parts, acts, replace(attrs, side_question=False), rng=self._confusion)

    def _misunderstands(self, what: str) -> bool:
        """Whether a novice misunderstands this (``fact:<key>`` asked for, ``tool:<name>`` to operate): drawn the
        first time, with the persona's ambiguity as the chance; at most one mix-up of each kind per conversation."""
        kind = what.partition(":")[0]
        if not is_novice(self._persona) or what in self._misunderstood or kind in self._misunderstood:
            return False
        self._misunderstood.add(what)
        if self._confusion.random() < self._persona.ambiguity:
            self._misunderstood.add(kind)
            return True
        return False

    def _mistaken_for(self, fact: UserFact, asked: tuple[UserFact, ...]) -> UserFact | None:
        """The detail a confused novice gives instead of ``fact`` (another one it has not given), else None."""
        if self._tracker.disclosed.get(fact.key) is not None:
            return None
        others = [f for f in self._goal.facts if f not in asked and self._tracker.disclosed.get(f.key) is None]
        if not others or not self._misunderstands(f"fact:{fact.key}"):
            return None
        self._own_turn_pending = True  # the agent has to ask again
        return others[0]

    def _report(self, observation: UserObservation) -> UserMove:
        parts, acts = [], []
        for call in observation.tool_results:
            shown = call.error or str(call.result)
            self._tracker.observe(shown, tool_result=True)
            if call.error:
                parts.append(f"I tried, but it didn't work: {call.error}.")
            else:
                variant = self._confusion.randrange(2) if is_novice(self._persona) else 0
                parts.append(report(self._persona, call.name, shown, _in_own_words(call.result), variant))
            acts.append(DialogueAct(kind="inform", slot=call.name, value=shown))
        for fact in self._asked_beside:
            self._tracker.asked[fact.key] += 1
            if self._tracker.disclosed.get(fact.key) != "exact":
                parts.append(self._disclose(fact, acts))
        self._asked_beside = ()
        if self._swapped:  # it checked another setting than the one asked for: a turn its confusion costs
            self._swapped = False
            return self._own_turn(parts, acts)
        return self._finish(parts, acts, self._attributes.next(frustrated=False))

    # ----------------------------------------------------------------------------------- understanding

    def _agrees_to(self, action: str | None) -> bool:
        """Yes to what the goal accepts, to a harmless step, and to "go ahead" naming nothing; no to another
        irreversible action, and to a transfer the user did not ask for."""
        if action is None or action in self._goal.accepts:
            return True
        return action not in self._vocab.irreversible and action not in TRANSFER_TOOLS

    def _answer_confirmation(self, reading: Reading, parts: list[str], acts: list[DialogueAct]) -> None:
        wrong = list(reading.misread) if self._traits.checks_read_backs else []  # a trusting user says yes
        action_ok = self._agrees_to(reading.action)
        if wrong:
            self._correct(wrong[0], parts, acts)
        elif action_ok:
            terse = self._traits.terse
            parts.append("Yes." if terse else self._rng.choice(("Yes, please go ahead.", "Yes, that's right.",
                                                                  "Yes, do it.")))
            acts.append(DialogueAct(kind="affirm"))
            self._tracker.approve(reading.action, reading.values)
        else:
            current = self._requests.current(self._tracker.confirmed)
            parts.append("No, that's not what I asked for. " + current.request)
            acts += [DialogueAct(kind="deny"), DialogueAct(kind="restate", slot=current.intent)]

    def _correct(self, fact: UserFact, parts: list[str], acts: list[DialogueAct]) -> None:
        """The agent stated ``fact`` with another value: say no and give the right one."""
        parts.append(f"No, that's not right. {_sentence(said_of(fact))}")
        acts += [DialogueAct(kind="deny"), DialogueAct(kind="correct", slot=fact.key, value=fact.value)]
        self._tracker.disclosed[fact.key] = "exact"

    # ----------------------------------------------------------------------------------- saying it

    def _disclose(self, fact: UserFact, acts: list[DialogueAct], *, exact: bool = False) -> str:
        tracker = self._tracker
        if not exact and tracker.disclosed.get(fact.key) is None and fact.vague and self._attributes.hazy(fact.key):
            tracker.disclosed[fact.key] = "vague"
            acts.append(DialogueAct(kind="inform", slot=fact.key, value=fact.vague, vague=True))
            return f"Hmm, my {fact_name(fact)}... {fact.vague}."
        if tracker.disclosed.get(fact.key) == "vague":
            tracker.disclosed[fact.key] = "exact"
            acts.append(DialogueAct(kind="correct", slot=fact.key, value=fact.value))
            return f"Sorry, I found it: {said_of(fact)}."
        value = fact.value
        loose = loose_form(fact) if is_novice(self._persona) and tracker.disclosed.get(fact.key) is None else None
        if loose is not None and self._confusion.random() < self._persona.ambiguity:
            value = loose  # the first time, as a novice types it; later mentions give it exactly
        tracker.disclosed[fact.key] = "exact"
        acts.append(DialogueAct(kind="inform", slot=fact.key, value=fact.value))  # the same identifier
        if self._traits.terse:
            return f"{value}."
        return _sentence(said_of(fact, value))

    def _clarify(self, ask: str) -> str:
        """What a person says to an ask it cannot place: which thing it means, in the persona's manner."""
        thing = _asked_thing(ask)
        persona, pick = self._persona, self._rng.choice
        if self._traits.terse:
            return pick((f"Which {thing}?", f"Sorry, which {thing}?")) if thing else \
                pick(("Sorry, what do you mean?", "Not sure what you mean."))
        said = pick((f"which {thing} do you mean?", f"I'm not sure which {thing} you mean.",
                     f"which {thing} is that? I'm not sure what you're asking for.")) if thing else \
            pick(("I'm not sure what you're asking me.", "I don't follow. What do you need from me?",
                  "I'm not sure what you mean. Could you put that another way?"))
        lead = pick(("I don't really know these things, ", "I'm not good with this stuff, sorry, ")) \
            if is_novice(persona) else "Sorry, "
        said = lead + said
        if persona.verbosity == "verbose":
            said += pick((" I don't want to give you the wrong thing.", " I'm a bit lost, to be honest."))
        return said

    def _finish(self, parts: list[str], acts: list[DialogueAct], attrs: TurnAttributes,
                events: list[dict[str, object]] | None = None, rng: random.Random | None = None) -> UserMove:
        rng = rng or self._rng
        self._last_attrs = attrs
        prefix = rng.choice(_MOOD_PREFIX[attrs.mood])
        if self._persona.verbosity == "verbose" and self._tracker.user_turns == 1:
            prefix = rng.choice(_FILLER) + prefix
        if attrs.side_question:
            parts.append(self._traits.side_question())
            acts.append(DialogueAct(kind="request", slot="side_question"))
        body = " ".join(parts)
        if prefix.endswith(", ") and body[1:2].islower():  # "Look, my account..." (not after a sentence, not "OK")
            body = body[:1].lower() + body[1:]
        return UserMove(text=prefix + body, acts=tuple(acts), state=self._state(attrs, events))

    def _state(self, attrs: TurnAttributes | None,
               events: list[dict[str, object]] | None = None) -> dict[str, object]:
        """What this message was decided from, recorded on the turn for simulator-quality metrics (and what the
        simulator noticed about its own understanding: ``_misunderstood``)."""
        state: dict[str, object] = {"tracker": self._tracker.snapshot()}
        if events:
            state["events"] = list(events)
        if self._note is not None:
            state["understanding"], self._note = self._note, None
        if self._order is not None:  # T_target vs T_current; the TRA metric reads this key
            state["tracker"] = dict(self._tracker.snapshot(), order=self._order.snapshot())
        if attrs is not None:
            state["attributes"] = attrs.as_dict()
        return state

    # ----------------------------------------------------------------------------------- restaurant orders

    @functools.cached_property
    def _order(self) -> OrderTracker | None:
        """The guest's own view of the order, for goals with a target order; None for every other goal."""
        if not self._goal.order:
            return None
        return OrderTracker(self._goal.order,
                            asks_approval=lambda sentence: approval(normalise(sentence), self._vocab) is not None)

    def _order_opening(self, attrs: TurnAttributes) -> UserMove:
        vague = self._persona.communication_style == "vague" and bool(self._goal.vague_request)
        parts = [(self._goal.vague_request if vague else self._goal.request) or ""]
        acts = [DialogueAct(kind="request", slot=self._goal.intent, vague=vague)]
        self._order_give(attrs, parts, acts, lead=self._rng.choice(("I'll have ", "I'd like ", "Can I get ")))
        return self._finish(parts, acts, attrs)

    def _order_reply(self, reading: Reading, stated: list[TrackedLine]) -> UserMove:
        order = self._order
        assert order is not None
        kind, lines = self._order_reading(reading, stated)
        tolerance = self._persona.clarification_tolerance
        # asked again about a line already given exactly, or the same correction needed again: irritating
        frustrated = kind in ("asked", "confirm", "fix") and any(
            order.corrections[order.render(order.target[i])] >= tolerance for i in lines if i >= 0)
        attrs = self._attributes.next(frustrated=frustrated)
        parts: list[str] = []
        acts: list[DialogueAct] = []
        if kind == "confirm":
            self._order_confirm(parts, acts)
        elif kind == "approve":
            parts.append("Yes." if self._persona.verbosity == "terse" else self._rng.choice(
                ("Yes, please.", "Yes, go ahead.", "Sure, that's right.")))
            acts.append(DialogueAct(kind="affirm"))
        elif kind == "asked":
            named = reading.order_lines
            for i in lines:
                parts.append(self._order_answer(i, acts, named=i in named))
        elif kind == "fix":
            self._order_fix(stated, parts, acts)
        elif order.untold():
            self._order_give(attrs, parts, acts, lead=self._rng.choice(("I'd also like ", "And ", "Next, ")))
        elif order.hazy():
            parts.append(self._order_answer(order.hazy()[0], acts, named=False))
        elif kind == "next":
            parts.append(self._rng.choice(_ORDER_DONE))
            acts.append(DialogueAct(kind="inform", slot="order_complete"))
        else:  # nothing left to say and nothing understood: ask to hear the order
            parts.append("That's the whole order. Could you read it back to me, please?")
            acts.append(DialogueAct(kind="request", slot=self._goal.intent, value="read back"))
        return self._finish(parts, acts, attrs)

    def _order_reading(self, reading: Reading, stated: list[TrackedLine]) -> tuple[str, list[int]]:
        """What the agent's message asks of the guest: ``confirm`` (read-back or request to place), ``approve`` (a
        step towards the order, such as adding a line, stated right), ``asked``
        (about target lines, given as indices), ``fix`` (it stated a line wrongly), ``next`` ("anything else?")
        or ``other``."""
        order = self._order
        assert order is not None
        sense = self._vocab.action(reading.action) if reading.confirmation and reading.action else None
        if sense is not None and not sense.irreversible and not sense.transfer and not reading.misread:
            # "Shall I add one Mushroom Swiss Burger, medium?": a step towards the order, not the order to place
            misstated = self._order_misstated(stated)
            return ("fix", [self._order_index(line.item) for line in misstated]) if misstated else ("approve", [])
        if reading.confirmation and (stated or reading.action in self._goal.accepts):
            return "confirm", [i for i in range(len(order.target))]
        asked = list(reading.order_lines)
        # ("Anything to drink with that?" offers a further line: no detail of the one left open)
        if not asked and order.hazy() and reading.choice and not reading.more_items:
            asked = order.hazy()[:1]  # "What size would you like?" is about the line the guest left open
        if not asked and reading.repeat:  # the agent did not understand: say it again
            asked = [i for i, t in enumerate(order.target) if order.told[i] and t not in order.current]
        if asked:
            return "asked", asked
        if self._order_misstated(stated):
            return "fix", [self._order_index(line.item) for line in self._order_misstated(stated)]
        if reading.more_items or reading.anything_else or reading.goal_question:
            return "next", []
        return "other", []

    def _order_index(self, item: str) -> int:
        order = self._order
        assert order is not None
        return next((i for i, t in enumerate(order.target) if t.item == item), -1)

    def _order_misstated(self, stated: list[TrackedLine]) -> list[TrackedLine]:
        """Lines the agent just stated that the guest did not ask for: another item, or a told line stated
        with another quantity or other modifiers."""
        order = self._order
        assert order is not None
        wrong = []
        for line in stated:
            i = self._order_index(line.item)
            if i < 0 or (order.told[i] is not None and line != order.target[i]):
                wrong.append(line)
        return wrong

    def _order_give(self, attrs: TurnAttributes, parts: list[str], acts: list[DialogueAct], *, lead: str) -> None:
        """The next untold line (one by one) or all of them (all at once); the whole-order cue after the last."""
        order = self._order
        assert order is not None
        untold = order.untold()
        take = untold if attrs.volunteer_all else untold[:1]
        parts.append(lead + "; ".join(self._order_line(i, acts) for i in take) + ".")
        if not order.untold() and (attrs.volunteer_all or self._rng.random() < 0.5):
            parts.append(self._rng.choice(_ORDER_DONE))
            acts.append(DialogueAct(kind="inform", slot="order_complete"))

    def _order_line(self, i: int, acts: list[DialogueAct]) -> str:
        """Name target line ``i`` for the first time: exactly, or — drawn once per line from the persona's
        ambiguity — without its modifiers, or by its loose description when the persona is vague."""
        order = self._order
        assert order is not None
        line, target = self._goal.order[i], order.target[i]
        if line.modifiers and self._attributes.hazy(f"order_line_{i}"):
            if line.vague and self._persona.communication_style == "vague":
                order.told[i] = "vague"
                acts.append(DialogueAct(kind="inform", slot="order_line", value=line.vague, vague=True))
                if line.quantity == 1:
                    return line.vague
                return f"{line.vague}, {spoken_quantity(line.quantity, digits=False, item=line.item)} of those"
            order.told[i] = "partial"
            acts.append(DialogueAct(kind="inform", slot="order_line",
                                    value=order.render(TrackedLine(target.item, target.quantity)), vague=True))
            return self._order_spoken(i, with_modifiers=False)
        order.told[i] = "exact"
        acts.append(DialogueAct(kind="inform", slot="order_line", value=order.render(target)))
        return self._order_spoken(i)

    def _order_spoken(self, i: int, *, with_modifiers: bool = True) -> str:
        """"two margherita pizzas (large, thin crust)", "2 margherita pizzas: large, thin crust", …"""
        line = self._goal.order[i]
        terse = self._persona.verbosity == "terse"
        item = line.item.lower()
        head = f"{spoken_quantity(line.quantity, digits=terse, item=item)} {plural(item, line.quantity)}"
        if not with_modifiers or not line.modifiers:
            return head
        variant = self._rng.randrange(3)
        mods = [spoken_modifier(m, variant=variant) for m in line.modifiers]
        style = 0 if terse else self._rng.randrange(3)
        if style == 0:
            return f"{head} ({', '.join(mods)})"
        return f"{head}: {', '.join(mods)}" if style == 1 else f"{head}, {joined(mods)}"

    def _order_answer(self, i: int, acts: list[DialogueAct], *, named: bool) -> str:
        """Answer a question about target line ``i`` from the target: the modifiers left out, the exact item
        after a loose description, or — for a line already given exactly — the line again."""
        order = self._order
        assert order is not None
        line, value = self._goal.order[i], order.render(order.target[i])
        told, order.told[i] = order.told[i], "exact"
        if told == "partial":
            acts.append(DialogueAct(kind="inform", slot="order_line", value=value))
            mods = joined([spoken_modifier(m, variant=self._rng.randrange(3)) for m in line.modifiers])
            return f"{mods[:1].upper()}{mods[1:]}, please." if named else f"For the {line.item.lower()}: {mods}."
        if told == "vague":
            acts.append(DialogueAct(kind="correct", slot="order_line", value=value))
            return f"Sorry, I mean {self._order_spoken(i)}."
        if told is None:
            acts.append(DialogueAct(kind="inform", slot="order_line", value=value))
            return f"Yes, {self._order_spoken(i)}."
        order.corrections[value] += 1
        acts.append(DialogueAct(kind="repeat", slot="order_line", value=value))
        return f"As I said, {self._order_spoken(i)}."

    def _order_fix(self, stated: list[TrackedLine], parts: list[str], acts: list[DialogueAct]) -> None:
        """The agent just stated lines the guest did not ask for: complete a line the guest left open, correct a
        wrong one, and have an unwanted one taken off."""
        order = self._order
        assert order is not None
        for line in self._order_misstated(stated):
            i = self._order_index(line.item)
            if i < 0:
                acts += [DialogueAct(kind="deny"),
                         DialogueAct(kind="correct", slot="remove_line", value=order.render(line))]
                parts.append(f"I didn't order the {line.item}; please take it off.")
            elif order.told[i] in ("partial", "vague"):
                parts.append(self._order_answer(i, acts, named=False))
            else:
                value = order.render(order.target[i])
                order.corrections[value] += 1
                acts += [DialogueAct(kind="deny"), DialogueAct(kind="correct", slot="order_line", value=value)]
                parts.append(f"Sorry, that's not right: it should be {self._order_spoken(i)}.")

    def _order_confirm(self, parts: list[str], acts: list[DialogueAct]) -> None:
        """The agent read the order back (or asks to place it): yes when it matches the target, else no and every
        fix — a line stated wrongly, a line missing, a line the guest never ordered."""
        order = self._order
        assert order is not None
        diff = order.diff()
        if diff.complete:
            terse = self._persona.verbosity == "terse"
            parts.append("Yes." if terse else self._rng.choice(("Yes, that's right, please place it.",
                                                                 "Yes, that's correct. Go ahead.",
                                                                 "Yes, perfect, please place the order.")))
            acts.append(DialogueAct(kind="affirm"))
            return
        parts.append(self._rng.choice(("No, that's not quite right.", "Hmm, no, that's not it.")))
        acts.append(DialogueAct(kind="deny"))
        for target in (*(t for t, _ in diff.wrong), *diff.missing):
            i = order.target.index(target)
            value = order.render(target)
            if order.told[i] is None:  # the agent asked before the guest got to this line
                acts.append(DialogueAct(kind="inform", slot="order_line", value=value))
                parts.append(f"I'd also like {self._order_spoken(i)}.")
                order.told[i] = "exact"
            elif order.told[i] in ("partial", "vague"):
                parts.append(self._order_answer(i, acts, named=False))
            else:
                order.corrections[value] += 1
                acts.append(DialogueAct(kind="correct", slot="order_line", value=value))
                lead = "You missed" if target in diff.missing else "It should be"
                parts.append(f"{lead} {self._order_spoken(i)}.")
        for extra in diff.extra:
            acts.append(DialogueAct(kind="correct", slot="remove_line", value=order.render(extra)))
            parts.append(f"Please take off the {extra.item}; I didn't order that.")


def _sentence(clause: str) -> str:
    return clause[:1].upper() + clause[1:] + "."


def _misheard(reading: Reading, unclear: tuple[str, ...]) -> UserFact | None:
    """The value of the user's read back wrong where the user heard a value only unclearly (a digit, an address,
    an id among the unclear words), else None."""
    if not unclear or not reading.misread or not any(re.search(r"[\d@]", span) for span in unclear):
        return None
    return reading.misread[0]
