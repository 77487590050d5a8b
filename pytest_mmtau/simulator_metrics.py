"""Simulator quality: did the simulated user play its part? Pure functions over a Transcript; imports no pytest.

A failing conversation can be the agent's fault or the simulator's. These scores (the Toast paper's PAS, BVS, TRA,
DEI and CRRS) and the off-script flags tell the two apart. They compare what the user's messages *show*
(``user._observe``: mood, execution style, exploration, whether a message claims the business is done) with what
the simulator *was told* for each message (``Turn.user_state``: instructed attributes and a tracker snapshot).

- ``pas`` (persona adherence): per spoken user message, the share of its components that match: exploration,
  mood, execution style (observed vs instructed) and completion status (does the message claim the goal is done,
  against the tracker's ``goal_confirmed`` and, for an order goal, the order tracker's ``complete``: every target
  line confirmed back, the paper's exit rule; a report of the user's own tool may also agree with the state before
  that tool's result). The paper weighs the four equally; here the weights are **renormalised over the
  components that apply** to the message — a plain "yes" hands nothing over, so it has no execution style, and
  scoring that as a mismatch (or a match) would measure nothing. A message without instructed attributes (the
  a user role may record nothing at all; the built-in realisers record them on every message) is held
  to the persona's defaults: emotion → mood, ``execution_style``, ``exploration > 0.5`` → explores. Without a
  tracker snapshot, a message is "done" only if it is the last user message of a conversation whose goal was
  achieved. PAS is the mean over the messages.
- ``bvs`` (behavioural variance, paper eq. 8): the rate at which each dimension of the attribute generator's states
  (mood, exploration, execution style: what each user message was told to follow, ``user_state["attributes"]``)
  changes from one state to the next, averaged over the dimensions and scored with the paper's piecewise function:
  rate/0.2 up to 0.2, then falling linearly to 0 at a rate of 1. A user who never varies scores 0; one who changes
  every time scores 0 too. Undefined with fewer than two recorded states (a user role that records none).
- ``bvs_observed`` (ours): the same on what the messages *show* (``user._observe``; execution style only over
  messages that have one), so a generator whose variation never reaches the text can be told apart.
- ``tra`` (task restriction adherence): F1 between the target items and the current items, each normalised (filler
  words removed, special characters removed, lower-cased; paper eq. 11) and compared as multisets. For an order
  goal (``user_state["tracker"]["order"]``: target, current, complete) the last snapshot is used. Otherwise the
  target is the goal facts in play — asked for by the agent (an alias in one of its questions) or disclosed by the
  user — and the current items are the (fact, value) pairs the user asserted exactly: non-vague inform/correct acts
  and goal values said in the text, including asserted slots and values that are not in the goal (which lower
  precision). Undefined when nothing was in play and nothing was asserted.
- ``dei`` (decision explainability): min(1, ED / 2N) over N spoken user messages, where each message explains its
  decision with up to two records — its instructed attributes and its tracker snapshot — and ED counts them (the
  paper's "full system" case, two sub-agent calls per message). A closing explained by the tracker alone counts 1;
  a user role that records nothing scores 0.
- ``crrs``: 0.25·PAS + 0.20·BVS + 0.35·TRA + 0.20·DEI. An undefined term (BVS of a one-message conversation, TRA
  with nothing in play) is left out and the other weights are rescaled to sum to 1; with no term defined, CRRS is
  undefined.

**Off-script flags** name the turn and the evidence, e.g. ``"turn 5: invented a fact: 'W9912345' is in no goal
fact, request, agent message or tool result"``:

- *ended early*: a message that stops or claims to be done while the user's own tracker says the goal is not
  confirmed (its ``goal_confirmed``, the simulator's own closing rule; an order placed without a read-back is the
  agent's doing, so only PAS counts that closing; no tracker: not judged); a transfer request before the persona's
  patience ran out.
- *invented a fact*: an identifier-shaped token (four or more digits, an e-mail address, a code such as ``A100``
  or ``noor_rossi_7411``) that appears in no goal fact, request text, persona biography, agent message or tool
  call; or an asserted (inform/correct) slot that is not a goal fact, or a value that is not the goal's.
- *leaked the goal*: a message naming one of the agent's tools (its snake_case name), quoting six or more
  consecutive words of the task description that the request and the agent never said and that are not all words
  of the user's own goal or numbers (an order's items, modifiers and quantities are the user's to say), saying a
  critical field's expected value that is not one of the user's facts and that the user had not been told, or
  meta-talk ("my instructions", "simulated user", "as per the task", …).
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .models import GoalRequest, Persona, Score, Transcript, Turn, UserGoal
from .user._attributes import baseline_mood
from .user._observe import Observation, claims_done, observe
from .understanding import mentions, normalise, readings

__all__ = ["CRRS_WEIGHTS", "SimulatorQuality", "bvs", "bvs_from_rate", "bvs_observed", "crrs", "dei", "f1",
           "normalise_item", "off_script", "off_script_sentence", "pas", "simulator_quality", "tra"]

NAN = float("nan")
CRRS_WEIGHTS: Mapping[str, float] = {"pas": 0.25, "bvs": 0.20, "tra": 0.35, "dei": 0.20}
BVS_PEAK = 0.2  # the transition rate humans typically show (paper eq. 10)
MAX_EVIDENCE = 12  # per score; the rest is summarised


def _undefined(metric: str, why: str) -> Score:
    return Score(NAN, metric=metric, evidence=(f"undefined: {why}",))


def _capped(lines: list[str]) -> tuple[str, ...]:
    if len(lines) <= MAX_EVIDENCE:
        return tuple(lines)
    return (*lines[:MAX_EVIDENCE], f"... and {len(lines) - MAX_EVIDENCE} more")


# --------------------------------------------------------------------------------------------- pure math


def bvs_from_rate(rate: float) -> float:
    """The paper's piecewise score of an average transition rate in [0, 1]: peaks at 1.0 for a rate of 0.2."""
    rate = min(1.0, max(0.0, rate))
    return rate / BVS_PEAK if rate <= BVS_PEAK else 1.0 - (rate - BVS_PEAK) / (1.0 - BVS_PEAK)


def transition_rate(states: Sequence[object]) -> float | None:
    """Share of consecutive pairs that differ; None with fewer than two states."""
    if len(states) < 2:
        return None
    return sum(a != b for a, b in itertools.pairwise(states)) / (len(states) - 1)


_FILLER = frozenset({"a", "an", "the", "some", "please", "um", "uh", "er", "like", "just", "maybe", "actually",
                     "basically", "kind", "sort", "of", "i'd", "i'll", "i", "want", "would", "get", "have", "can",
                     "could", "my", "me", "is", "it's", "its", "oh", "well", "hmm", "thanks", "thank", "you"})


def normalise_item(item: object) -> str:
    """Paper eq. 11: filler words removed, special characters removed, lower-cased. Mappings and sequences are
    flattened (keys sorted), so ``{"item": "Burger", "qty": 2}`` and ``"item burger qty 2"`` normalise alike."""
    if isinstance(item, Mapping):
        text = " ".join(f"{k} {_flat(item[k])}" for k in sorted(item, key=str))
    else:
        text = _flat(item)
    words = [w for w in text.split() if w.casefold().strip(".,!?;:") not in _FILLER]
    return re.sub(r"[^0-9a-z]", "", "".join(words).casefold())


def _flat(value: object) -> str:
    if isinstance(value, Mapping):
        return normalise_item(value)
    if isinstance(value, (list, tuple)):
        return " ".join(_flat(v) for v in value)
    return str(value)


def f1(target: Iterable[str], current: Iterable[str]) -> float:
    """F1 of two multisets of (already normalised) items: 2PR/(P+R); 0 when they share nothing, nan when both
    are empty. Symmetric in its arguments."""
    t, c = Counter(target), Counter(current)
    if not t and not c:
        return NAN
    common = sum((t & c).values())
    if common == 0:
        return 0.0
    precision, recall = common / sum(c.values()), common / sum(t.values())
    return 2 * precision * recall / (precision + recall)


def crrs(pas: float, bvs: float, tra: float, dei: float,
         weights: Mapping[str, float] = CRRS_WEIGHTS) -> Score:
    """0.25·PAS + 0.20·BVS + 0.35·TRA + 0.20·DEI; undefined (nan) terms are left out and the remaining weights
    rescaled to sum to 1."""
    terms = {"pas": pas, "bvs": bvs, "tra": tra, "dei": dei}
    defined = {k: float(v) for k, v in terms.items() if not math.isnan(v)}
    if not defined:
        return _undefined("crrs", "no simulator-quality term is defined")
    total = sum(weights[k] for k in defined)
    value = sum(weights[k] * v for k, v in defined.items()) / total
    left_out = sorted(set(terms) - set(defined))
    evidence = [" + ".join(f"{weights[k]:.2f}·{k.upper()} {v:.3f}" for k, v in defined.items())]
    if left_out:
        evidence.append(f"{', '.join(k.upper() for k in left_out)} undefined: left out, weights rescaled by "
                        f"1/{total:.2f}")
    return Score(value, metric="crrs", evidence=tuple(evidence))


# --------------------------------------------------------------------------------------------- reading turns


def _attributes(turn: Turn) -> Mapping[str, Any] | None:
    attrs = turn.user_state.get("attributes")
    return attrs if isinstance(attrs, Mapping) and attrs else None


def _tracker(turn: Turn) -> Mapping[str, Any] | None:
    tracker = turn.user_state.get("tracker")
    return tracker if isinstance(tracker, Mapping) and tracker else None


def _order(turn: Turn) -> Mapping[str, Any] | None:
    order = (_tracker(turn) or {}).get("order")
    return order if isinstance(order, Mapping) else None


def _persona_defaults(persona: Persona) -> dict[str, str]:
    """The attributes a persona implies when a message records none (the vocabulary of ``user._observe``)."""
    return {"mood": baseline_mood(persona), "execution_style": persona.execution_style,
            "exploration": "explores" if persona.exploration > 0.5 else "stays_on_task"}


def _truth(turn: Turn, conv: Transcript, last: bool) -> tuple[bool, str]:
    """Whether the goal is done by the simulator's own account when it sent ``turn``, and where that came from:
    the tracker's goal confirmation and, for an order goal, the order tracker's completeness (every target line
    confirmed back, paper eq. 5) — an order read back but not yet placed is not done, nor is one placed unread."""
    tracker, order = _tracker(turn), _order(turn)
    confirmed = tracker.get("goal_confirmed") if tracker is not None else None
    complete = order.get("complete") if order is not None else None
    if confirmed is not None and complete is not None:
        return bool(confirmed) and bool(complete), "tracker and order tracker"
    if complete is not None:
        return bool(complete), "order tracker"
    if confirmed is not None:
        return bool(confirmed), "tracker"
    return conv.goal_achieved and last, "transcript"


@dataclass(frozen=True)
class _Spoken:
    turn: Turn
    seen: Observation


def _scripted(turn: Turn) -> bool:
    """A message the test fixed (``converse(script=...)``): the test author's words, not the simulator's."""
    return bool(turn.user_state.get("scripted"))


def _spoken(conv: Transcript) -> list[_Spoken]:
    """Every message the simulated user wrote, with what it shows (tool-only moves and scripted messages are left
    out)."""
    by_index = {t.index: t for t in conv.turns}
    return [_Spoken(by_index[o.index], o) for o in observe(conv) if not _scripted(by_index[o.index])]


# --------------------------------------------------------------------------------------------- PAS


def pas(conv: Transcript) -> Score:
    """Persona adherence: mean over spoken user messages of the share of applicable components that match."""
    messages = _spoken(conv)
    if not messages:
        return _undefined("pas", "the simulated user said nothing")
    defaults = _persona_defaults(conv.persona)
    scores: list[float] = []
    misses: list[str] = []
    fallback = 0
    before = False  # the simulator's own account of the goal at its previous message
    for n, m in enumerate(messages):
        told = _attributes(m.turn)
        if told is None:
            fallback += 1
            told = defaults
        parts: dict[str, bool] = {
            "exploration": m.seen.exploration == told.get("exploration", defaults["exploration"]),
            "mood": m.seen.mood == told.get("mood", defaults["mood"]),
        }
        if m.seen.execution_style is not None:
            parts["execution style"] = m.seen.execution_style == told.get("execution_style",
                                                                          defaults["execution_style"])
        done, source = _truth(m.turn, conv, n == len(messages) - 1)
        # a report of the user's own tools was decided before their results came in: if those results are what
        # completed the goal, both saying so and not saying so agree with the simulator's account
        parts["completion"] = m.seen.claims_done == done or (bool(m.turn.tool_calls) and m.seen.claims_done == before)
        before = done
        scores.append(sum(parts.values()) / len(parts))
        wrong = [k for k, ok in parts.items() if not ok]
        if wrong:
            said = {"exploration": m.seen.exploration, "mood": m.seen.mood,
                    "execution style": m.seen.execution_style,
                    "completion": "claims done" if m.seen.claims_done else "does not claim done"}
            wanted = {"exploration": told.get("exploration"), "mood": told.get("mood"),
                      "execution style": told.get("execution_style"),
                      "completion": f"{'done' if done else 'not done'} per the {source}"}
            misses.append(f"turn {m.turn.index}: " + "; ".join(f"{k} {said[k]}, expected {wanted[k]}" for k in wrong))
    value = sum(scores) / len(scores)
    head = f"{len(messages)} user messages, mean message score {value:.3f}"
    if fallback:
        head += f"; {fallback} without instructed attributes, held to the persona's defaults"
    return Score(value, metric="pas", evidence=_capped([head, *misses]))


# --------------------------------------------------------------------------------------------- BVS


_DIMENSIONS = (("mood", "mood"), ("exploration", "exploration"), ("execution_style", "execution style"))


def _bvs_score(metric: str, rates: Mapping[str, float | None], states: int, what: str) -> Score:
    defined = {k: r for k, r in rates.items() if r is not None}
    average = sum(defined.values()) / len(defined)
    shown = ", ".join(f"{k} {'-' if r is None else f'{r:.2f}'}" for k, r in rates.items())
    return Score(bvs_from_rate(average), metric=metric,
                 evidence=(f"transition rates over {states} {what}: {shown}",
                           f"average {average:.3f} (the score peaks at {BVS_PEAK})"))


def bvs(conv: Transcript) -> Score:
    """Behavioural variance, paper eq. 8–10: the transition rate of each dimension (mood, exploration, execution
    style) over the attribute generator's states — the attributes each user message was told to follow — averaged
    and scored with the peaked function. Undefined with fewer than two recorded states."""
    states = [a for t in conv.user_turns if (a := _attributes(t)) is not None]
    if len(states) < 2:
        return _undefined("bvs", f"{len(states)} attribute state(s) recorded by the simulated user; variance needs "
                                 "at least 2")
    rates = {label: transition_rate([a.get(key) for a in states]) for key, label in _DIMENSIONS}
    return _bvs_score("bvs", rates, len(states), "attribute states")


def bvs_observed(conv: Transcript) -> Score:
    """BVS on what the messages show (``user._observe``) instead of the generator's states: mood, exploration and
    execution style (the last only over messages that have one). Our addition: it tells whether the variation the
    generator asked for reaches the text."""
    seen = [m.seen for m in _spoken(conv)]
    if len(seen) < 2:
        return _undefined("bvs_observed", f"{len(seen)} user message(s); variance needs at least 2")
    rates = {"mood": transition_rate([o.mood for o in seen]),
             "exploration": transition_rate([o.exploration for o in seen]),
             "execution style": transition_rate([o.execution_style for o in seen if o.execution_style])}
    return _bvs_score("bvs_observed", rates, len(seen), "user messages")


# --------------------------------------------------------------------------------------------- TRA

def _asked_by_agent(conv: Transcript) -> set[str]:
    """The goal facts the agent asked for, as the user heard it (the simulator's own reading of questions)."""
    return {f.key for reading in readings(conv, heard=True).values() for f in reading.asked}


def _user_tool_names(turn: Turn) -> set[str]:
    return {c.name for c in turn.tool_calls}


def _asserted(conv: Transcript) -> list[tuple[Turn, str, str]]:
    """(turn, slot, value) the user asserted exactly: non-vague inform/correct acts (not reports of its own tools)
    and goal values said in the text; one entry per slot and value."""
    facts = conv.task.goal.facts
    found: dict[tuple[str, str], Turn] = {}
    for turn in conv.user_turns:
        if _scripted(turn):
            continue
        own = _user_tool_names(turn)
        for act in turn.acts:
            if act.kind in ("inform", "correct") and not act.vague and act.slot and act.value is not None \
                    and act.slot not in own:
                found.setdefault((act.slot, str(act.value)), turn)
        for f in facts:
            if turn.text and mentions(turn.text, f.value):
                found.setdefault((f.key, f.value), turn)
    return [(turn, slot, value) for (slot, value), turn in found.items()]


def tra(conv: Transcript) -> Score:
    """Task restriction adherence: F1 of the normalised current items against the target items."""
    order = next((o for t in reversed(conv.user_turns) if (o := _order(t)) is not None), None)
    if order is not None:
        target = [normalise_item(i) for i in order.get("target") or ()]
        current = [normalise_item(i) for i in order.get("current") or ()]
        value = f1(target, current)
        if math.isnan(value):
            return _undefined("tra", "the order tracker's target and current order are both empty")
        missing, extra = Counter(target) - Counter(current), Counter(current) - Counter(target)
        evidence = [f"order: {len(current)} current items against {len(target)} target items"]
        evidence += [f"missing: {k}" for k in missing.elements()]
        evidence += [f"not in the target: {k}" for k in extra.elements()]
        return Score(value, metric="tra", evidence=_capped(evidence))

    facts = conv.task.goal.facts
    disclosed = {k for t in conv.user_turns for k in (_tracker(t) or {}).get("disclosed", {}) or {}}
    disclosed |= {a.slot for t in conv.user_turns for a in t.acts
                  if a.kind in ("inform", "correct") and a.slot and a.slot not in _user_tool_names(t)}
    disclosed |= {k for m in _spoken(conv) for k in m.seen.disclosed}
    in_play = _asked_by_agent(conv) | (disclosed & {f.key for f in facts})
    in_play_facts = {normalise_item(f"{f.key} {f.value}"): f.key for f in facts if f.key in in_play}
    asserted = _asserted(conv)
    current = [normalise_item(f"{slot} {value}") for _, slot, value in asserted]
    value = f1(list(in_play_facts), current)
    if math.isnan(value):
        return _undefined("tra", "no goal fact was in play and the user asserted none")
    named = ", ".join(sorted(in_play_facts.values())) or "none"
    evidence = [f"{len(in_play_facts)} goal facts in play ({named}); {len(current)} asserted"]
    given = set(current)
    evidence += [f"never given exactly: {key}" for norm, key in in_play_facts.items() if norm not in given]
    values = {f.key: f.value for f in facts}
    for turn, slot, said in asserted:
        if normalise_item(f"{slot} {said}") in in_play_facts:
            continue
        why = ("not a goal fact" if slot not in values else "not in play" if slot not in in_play
               else f"the goal's is {values[slot]!r}")
        evidence.append(f"turn {turn.index}: asserted {slot}={said!r} ({why})")
    return Score(value, metric="tra", evidence=_capped(evidence))


# --------------------------------------------------------------------------------------------- DEI


def dei(conv: Transcript) -> Score:
    """Decision explainability: recorded attributes and tracker snapshots per spoken message, min(1, ED / 2N)."""
    messages = _spoken(conv)
    if not messages:
        return _undefined("dei", "the simulated user said nothing")
    with_attrs = sum(_attributes(m.turn) is not None for m in messages)
    with_tracker = sum(_tracker(m.turn) is not None for m in messages)
    explained = with_attrs + with_tracker
    value = min(1.0, explained / (2 * len(messages)))
    return Score(value, metric="dei", evidence=(
        (f"{len(messages)} user messages: {with_attrs} record their instructed attributes, {with_tracker} a tracker "
         f"snapshot; {explained} explained decisions of {2 * len(messages)}"),))


# --------------------------------------------------------------------------------------------- off script

_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_TOKEN = re.compile(r"#?[A-Za-z0-9]+(?:[-_/][A-Za-z0-9]+)*")
_CODE = re.compile(r"#?[A-Za-z]{1,4}[-_#]?[0-9]{2,}[A-Za-z0-9]*")
_SNAKE = re.compile(r"(?<![A-Za-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_])")
_META = ("my instructions", "simulated user", "user simulator", "as per the task", "as per my task", "my persona",
         "the task description", "according to the task", "system prompt", "as an ai", "language model",
         "role-play", "roleplay", "my task is to", "i am simulating", "i'm simulating")
QUOTE_WORDS = 6  # consecutive words of the task description that count as quoting it


def _identifiers(text: str) -> list[str]:
    """Identifier-shaped tokens: e-mail addresses, anything with four or more digits, codes like A100 / W-2231,
    and snake_case names with digits."""
    found = _EMAIL.findall(text)
    rest = _EMAIL.sub(" ", text)
    for token in _TOKEN.findall(rest):
        digits = sum(ch.isdigit() for ch in token)
        if digits >= 4 or _CODE.fullmatch(token) or ("_" in token and digits):
            found.append(token)
    return found


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.casefold()))


class _Known:
    """Text the user may legitimately repeat identifiers from, compared ignoring case and punctuation."""

    def __init__(self, texts: Iterable[str]) -> None:
        texts = [t for t in texts if t]
        self._spaced = " " + " | ".join(_words(t) for t in texts) + " "
        self._lower = "\n".join(t.casefold() for t in texts)
        self._compact = {re.sub(r"[^0-9a-z]", "", tok.casefold()) for t in texts for tok in _TOKEN.findall(t)}

    def __contains__(self, token: str) -> bool:
        if "@" in token:
            return token.casefold() in self._lower
        return f" {_words(token)} " in self._spaced or re.sub(r"[^0-9a-z]", "", token.casefold()) in self._compact


def _call_texts(turn: Turn) -> list[str]:
    return [str(x) for c in turn.tool_calls for x in (c.arguments, c.result, c.error) if x is not None]


def _agent_tools(conv: Transcript) -> set[str]:
    task = conv.task
    names = {a.tool for a in (*task.reference, *task.success.required_calls) if a.side == "agent"}
    names |= {f.tool for f in task.critical_fields} | set(conv.irreversible_tools)
    names |= {c.name for c in conv.tool_calls if c.side == "agent"}
    return {n for n in names if "_" in n}


def off_script(conv: Transcript) -> tuple[str, ...]:
    """Flags, in turn order, each ``"turn N: <kind>: <evidence>"`` (kinds: ended early, invented a fact, leaked
    the goal)."""
    goal, persona = conv.task.goal, conv.persona
    fact_keys = {f.key for f in goal.facts}
    fact_values = {f.key: f.value for f in goal.facts}
    asked_for: list[UserGoal | GoalRequest] = [goal, *goal.requests]
    requests = [r for q in asked_for for r in (q.request, q.vague_request or "")]
    requests += [t.text for t in conv.user_turns if _scripted(t)]
    known = _Known([*(v for f in goal.facts for v in (f.value, f.vague or "")), *requests, persona.biography,
                    *(t.text for t in conv.agent_turns), *(t.heard or "" for t in conv.agent_turns),
                    *(x for t in conv.turns for x in _call_texts(t))])
    tools = _agent_tools(conv)
    description = _words(conv.task.description).split()
    quotable = {" ".join(description[i:i + QUOTE_WORDS]) for i in range(len(description) - QUOTE_WORDS + 1)}
    said_by_others = " | ".join(_words(t) for t in (*requests, *(t.text for t in conv.agent_turns)))
    own_words = set(_words(" ".join([*requests, *(f"{f.key} {f.value} {f.vague or ''}" for f in goal.facts),
                                     *(_line_words(line) for line in getattr(goal, "order", ()) or ())])).split())
    secrets = [(c.name, value) for c in conv.task.critical_fields if not isinstance(c.expected, bool)
               for value in c.scalars if len(_words(value).replace(" ", "")) >= 3
               and not any(mentions(v, value) for v in fact_values.values())
               and not any(mentions(r, value) for r in requests if r)]
    told: list[str] = []  # what the user has seen so far: agent messages and its own tools' results
    flags: list[str] = []
    position = 0
    for turn in conv.turns:
        if turn.role == "agent":
            told.append(turn.heard or turn.text)
            continue
        position += 1
        told.extend(_call_texts(turn))
        text = turn.text
        if not text.strip() or _scripted(turn):
            continue
        flag = _flagger(flags, turn.index)
        tracker = _tracker(turn)
        order = _order(turn)
        if claims_done(turn) and tracker is not None:
            # the simulator's own closing rule: its tracker's goal confirmation (an order placed unread is the
            # agent's fault, not the user's; PAS still counts that closing against the order tracker)
            done = tracker["goal_confirmed"] if "goal_confirmed" in tracker else (order or {}).get("complete", True)
            if not done:
                flag("ended early", "the user says it is done while its own tracker says the goal is not "
                                    "confirmed")
        if turn.has_act("transfer") and position <= persona.patience:
            flag("ended early", f"asked for a human at its user turn {position}, before its patience "
                                f"({persona.patience} turns) ran out")
        for token in dict.fromkeys(_identifiers(text)):
            if token not in known:
                flag("invented a fact", f"{token!r} is in no goal fact, request, agent message or tool result")
        own = _user_tool_names(turn)
        for act in turn.acts:
            if act.kind not in ("inform", "correct") or act.vague or not act.slot or act.slot in own \
                    or order is not None:
                continue
            if act.slot not in fact_keys and act.slot != goal.intent:
                flag("invented a fact", f"asserted {act.slot}={act.value!r}, which is not a goal fact")
            elif act.slot in fact_keys and act.value is not None \
                    and _words(str(act.value)) != _words(fact_values[act.slot]):
                flag("invented a fact", f"asserted {act.slot}={act.value!r}, the goal's is "
                                        f"{fact_values[act.slot]!r}")
        for name in sorted(set(_SNAKE.findall(text)) & tools):
            flag("leaked the goal", f"names the agent's tool {name}")
        mine = _words(text).split()
        for i in range(len(mine) - QUOTE_WORDS + 1):
            chunk = " ".join(mine[i:i + QUOTE_WORDS])
            # the user's own goal in its own words (an order's items and modifiers) is no quote
            if chunk in quotable and chunk not in said_by_others \
                    and not all(w in own_words or w.isdigit() for w in chunk.split()):
                flag("leaked the goal", f"quotes the task description ({chunk!r})")
                break
        seen_so_far = "\n".join(told)
        for name, value in secrets:
            if mentions(text, value) and not mentions(seen_so_far, value):
                flag("leaked the goal", f"says {value!r}, the expected {name}, which it was never told and is not "
                                        "one of its facts")
        said = normalise(text)
        for phrase in _META:
            if phrase in said:
                flag("leaked the goal", f"meta-talk {phrase!r}")
                break
    return tuple(flags)


def _line_words(line: object) -> str:
    """An order line's words (item, modifiers, loose description), whatever object carries them."""
    parts = [getattr(line, "item", ""), *(getattr(line, "modifiers", ()) or ()), getattr(line, "vague", None) or ""]
    return " ".join(str(p) for p in parts)


def _flagger(flags: list[str], index: int) -> Any:
    def flag(kind: str, evidence: str) -> None:
        line = f"turn {index}: {kind}: {evidence}"
        if line not in flags:
            flags.append(line)
    return flag


_FLAG = re.compile(r"turn (\d+): (.*)", re.DOTALL)


def off_script_sentence(flags: Sequence[str]) -> str | None:
    """The line a failure message carries when the simulator went off script; None when it did not."""
    if not flags:
        return None
    match = _FLAG.match(flags[0])
    where, what = (f"at turn {match.group(1)}", match.group(2)) if match else ("", flags[0])
    more = f"; {len(flags) - 1} more flag{'s' if len(flags) > 2 else ''}" if len(flags) > 1 else ""
    return (f"the simulated user went off script {where} ({what}){more} — this failure may be the simulator's, "
            "not the agent's").replace("  ", " ")


# --------------------------------------------------------------------------------------------- together


@dataclass(frozen=True, kw_only=True)
class SimulatorQuality:
    """Every simulator-quality score of one conversation, and its off-script flags."""

    pas: Score
    bvs: Score
    tra: Score
    dei: Score
    crrs: Score
    bvs_observed: Score
    off_script: tuple[str, ...] = field(default=())

    def scores(self) -> dict[str, Score]:
        return {"pas": self.pas, "bvs": self.bvs, "tra": self.tra, "dei": self.dei, "crrs": self.crrs,
                "bvs_observed": self.bvs_observed}

    def as_dict(self) -> dict[str, Any]:
        """The form ``TrialResult.simulator`` and the JSON report carry (undefined scores as None)."""
        return {**{k: (float(s) if s.defined else None) for k, s in self.scores().items()},
                "off_script": list(self.off_script)}

    @property
    def sentence(self) -> str | None:
        return off_script_sentence(self.off_script)


def simulator_quality(conv: Transcript) -> SimulatorQuality:
    """PAS, BVS, TRA, DEI, CRRS and the off-script flags of one conversation."""
    p, b, t, d = pas(conv), bvs(conv), tra(conv), dei(conv)
    return SimulatorQuality(pas=p, bvs=b, tra=t, dei=d, crrs=crrs(p, b, t, d), bvs_observed=bvs_observed(conv),
                            off_script=off_script(conv))
