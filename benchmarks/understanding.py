"""How well the simulated user and the rule labeller understand agent messages, on the hand-written corpus.

Every line of ``tests/data/understanding/`` (see its README for the labels) is read by two readers:

* **the simulated user** — ``understanding.read`` with the task's vocabulary (the domain's tools and the goal) and
  the agent's ``previous`` message as context, ``StateTracker.observe`` for goal milestones, and, for a restaurant
  order goal, the scripted guest's order reading (``OrderTracker`` + ``ScriptedRealiser._order_reading``,
  ``user/_order.py``) with the guest's state set from the line's ``order_context`` and ``previous``;
* **the rule labeller** — ``RuleLabeller`` (``judge/_labels.py``) on a transcript of the user's request,
  ``previous`` with a neutral user reply, and the message; plus ``confirms`` for the call the message should (or
  must not) confirm.

Each reader sits behind one small adapter function (``read_as_user``, ``label_as_judge``) returning a plain
reading, so pointing the benchmark at a new understanding API takes a few lines there. A field left ``None`` in a
reading means the reader has no notion of that category: it is reported as ``n/a``.

Scoring. Per category, true and predicted items are compared per utterance; precision = TP / predicted, recall =
TP / true, summed over the utterances of the split (micro average). Set categories count one item per fact key,
tool, action or order line; yes/no categories one item per utterance where it is true. Categories:

* user ``facts``, ``verify``, ``misread`` (fact keys; restaurant misreads are menu items), ``user_tools`` (names;
  ``user_tools_sequence`` counts an utterance's whole ordered list as one item), ``order_asked``, ``order_next``,
  ``request``, ``closing``, ``achieved``, ``unanswerable``;
* user ``approval`` (asks to approve some action), ``approval_action`` (which action), ``confirmation`` (action and
  every critical value exact; values compare as values: case and spacing aside, numbers as numbers, restaurant
  lines as a multiset). The user's ``Reading.values`` are the action's critical arguments with the task's values
  when the message states them all and reads nothing back wrongly (a reader giving values ``None`` would count as
  exact when the action matches and no misread is flagged);
* labeller ``confirmation_request`` (truth: the line's ``approval``, or a check of values read back — ``verify``, or
  a ``misread`` in a clarification asking for no fact — which the labeller counts as a confirmation request in the
  safety sense), ``approval_request`` (the same prediction, truth: ``approval`` only), ``confirms_tool`` (truth:
  the approval's action when it is irreversible), ``confirms_call`` (``confirms`` on the call the line confirms,
  or — for lines that confirm nothing exactly — on the task's reference call of the approved or first irreversible
  action, which must be rejected), ``clarification``, ``escalation``, ``refusal``.

CPU time is ``time.process_time`` per reader over a split, divided by its utterances (after one warm-up pass, so
per-process caches are as warm as in a long run).

Run from the repository root::

    .venv/bin/python benchmarks/understanding.py                     # dev and held-out, each on its own
    .venv/bin/python benchmarks/understanding.py --split dev
    .venv/bin/python benchmarks/understanding.py --split own         # teams' own domains (own_dev, own_heldout)
    .venv/bin/python benchmarks/understanding.py --show-misses 5     # example misses per category (dev only)
    .venv/bin/python benchmarks/understanding.py --rules-only        # without the learned check on asked facts
    .venv/bin/python benchmarks/understanding.py --heard             # the user hears the agent (voice, agent_asr)
    .venv/bin/python benchmarks/understanding.py --heard --heard-wer 0.1   # … through a recogniser that errs

Misses are listed for the dev split only (``own_dev`` with ``--split own``), whatever ``--split`` says, so the
held-out halves stay unseen by whoever tunes the rules. The own-domain corpus (``own_dev.jsonl``,
``own_heldout.jsonl``) holds messages of the domains in ``tests/data`` that teams wrote for themselves, which no
rule was written for; it measures how the reading carries over to a domain it has never seen.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_mmtau._discovery import DomainRegistry  # noqa: E402
from pytest_mmtau.domain import Domain  # noqa: E402
from pytest_mmtau.judge._labels import RuleLabeller  # noqa: E402
from pytest_mmtau.models import Persona, Task, ToolCall, Transcript, Turn  # noqa: E402
from pytest_mmtau.understanding import Reading, Vocabulary, _fact_model, confirms, read, vocabulary  # noqa: E402
from pytest_mmtau.user import task_endings  # noqa: E402
from pytest_mmtau.user._scripted import ScriptedRealiser  # noqa: E402
from pytest_mmtau.user._tracker import StateTracker  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "understanding"
SPLITS = ("dev", "heldout")
DOMAINS = ("mock", "retail", "ecommerce", "restaurant", "telecom")
# teams' own domains (tests/data), no rule written for them: a corpus of their own, halved the same way
OWN_SPLITS = ("own_dev", "own_heldout")
OWN_DOMAINS = ("bank", "claims", "clinic", "gym", "hotel", "isp", "power", "rental", "streamco")
ANY_ACTION = "*"  # an approval whose action the message (or the reader) does not name
PERSONA = Persona(name="understanding-benchmark")
# issue 20's bar for asked facts, confirmations and tool requests (the labeller's share: confirming the right call)
TARGET_RECALL, TARGET_PRECISION = 0.95, 0.98
TARGETS = (("user", "facts"), ("user", "confirmation"), ("user", "user_tools"), ("labeller", "confirms_call"))


# --------------------------------------------------------------------------------------------- the corpus


@dataclass(frozen=True)
class Case:
    """One corpus line with its domain and task resolved."""

    id: str
    split: str
    domain: Domain
    task: Task
    text: str
    previous: str | None
    order_context: str | None
    style: tuple[str, ...]
    labels: Mapping[str, Any]


def load(splits: Iterable[str]) -> list[Case]:
    registry, domains = DomainRegistry([CORPUS.parent]), dict[str, Domain]()
    cases = []
    for split in splits:
        for line in (CORPUS / f"{split}.jsonl").read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            domain = domains.get(row["domain"]) or domains.setdefault(row["domain"], registry.get(row["domain"]))
            cases.append(Case(id=row["id"], split=split, domain=domain, task=domain.task(row["task"]),
                              text=row["text"], previous=row["previous"], order_context=row["order_context"],
                              style=tuple(row["style"]), labels=row["labels"]))
    return cases


def irreversible(domain: Domain) -> tuple[str, ...]:
    return tuple(name for name, spec in domain.tools.items() if spec.irreversible)


# --------------------------------------------------------------------------------------------- readings

Values = Mapping[str, Any]


def as_heard(case: Case, wer: float = 0.0) -> Case:
    """The line as the simulated user hears it through the voice channel with ``agent_asr``: spoken, recognised
    (without an error, or with the asr-noise channel's errors at ``wer``, seeded by the line's id), written back by
    the channel's inverse text normalisation, with the pauses and questions of the speech
    (``pytest_mmtau/voice/_prosody.py``) — what ``--heard`` and the ``heard`` rewrite read."""
    from pytest_mmtau.voice._asr import Word
    from pytest_mmtau.voice._error_model import ErrorModel
    from pytest_mmtau.voice._factory import task_hints
    from pytest_mmtau.voice._listen import understand
    from pytest_mmtau.voice._spoken import spoken_form

    hints = task_hints(case.task)
    rng, recogniser = random.Random(case.id), ErrorModel(wer=wer)

    def hear(text: str) -> str:
        form = spoken_form(text)
        words = recogniser.corrupt(form.words, rng) if wer else [Word(word=w, confidence=1.0) for w in form.words]
        return str(understand(form, words, hints=hints, listener=True).details["heard"]) if form.words else text

    return replace(case, text=hear(case.text), previous=hear(case.previous) if case.previous else case.previous)


@dataclass(frozen=True, kw_only=True)
class UserReading:
    """What a user-side reader understood; ``None`` where it has no notion of the category."""

    facts: frozenset[str] | None = None
    verify: frozenset[str] | None = None
    misread: frozenset[str] | None = None
    request: bool | None = None
    approval: str | None = None  # the approved action, ANY_ACTION when unnamed, None when no approval is asked
    confirmation: tuple[str, Values | None] | None = None  # (action, values or None when values are not read)
    user_tools: tuple[str, ...] | None = None
    order_asked: frozenset[str] | None = None
    order_next: bool | None = None
    closing: bool | None = None
    achieved: bool | None = None
    unanswerable: bool | None = None


@dataclass(frozen=True, kw_only=True)
class JudgeReading:
    """What a labeller understood of the message, and whether it counts it as confirming the candidate call."""

    confirmation_request: bool
    confirms_tool: str | None
    confirms_call: bool | None  # None: no candidate call for this line
    clarification: bool
    escalation: bool
    refusal: bool


# --------------------------------------------------------------------------------------------- adapters


def _vocabulary(case: Case) -> Vocabulary:
    # (the user's own reading: the last digits of its cards, as the domain's data for the task gives them)
    return vocabulary(case.task, case.domain.tool_infos, task_endings(case.domain, case.task))


def _reading(case: Case) -> Reading:
    """The shared understanding of the message, with the message before it (what "it" and "go ahead" refer to)."""
    words = _vocabulary(case)
    before = read(case.previous, words) if case.previous else None
    return read(case.text, words, previous=case.previous or "", previous_asked=before.asked if before else ())


def read_as_user(case: Case) -> UserReading:
    """The simulated user: ``understanding.read`` and the milestone tracker; the order guest in restaurant."""
    if case.task.goal.order:
        return _read_as_guest(case)
    reading = _reading(case)
    tracker = StateTracker(goal=case.task.goal)
    approval = (reading.action or ANY_ACTION) if reading.confirmation else None
    confirmation = None if reading.action is None or reading.values is None else (reading.action, reading.values)
    return UserReading(facts=frozenset(f.key for f in reading.asked), verify=frozenset(f.key for f in reading.verified),
                       misread=frozenset(f.key for f in reading.misread), request=reading.goal_question,
                       approval=approval, confirmation=confirmation, user_tools=reading.tools,
                       closing=reading.anything_else,
                       achieved=tracker.observe(case.text, plan=reading.confirmation) > 0,
                       unanswerable=bool(reading.unmatched))


def _read_as_guest(case: Case) -> UserReading:
    goal = case.task.goal
    guest = ScriptedRealiser(goal=goal, persona=PERSONA, user_tools={}, rng=random.Random(0),
                             vocabulary=_vocabulary(case))
    order = guest._order
    assert order is not None
    if case.order_context == "items":
        order.told = ["partial" if line.modifiers else "exact" for line in goal.order]
    elif case.order_context == "full":
        order.told = ["exact"] * len(goal.order)
    if case.previous:
        order.observe(case.previous)
    stated = order.observe(case.text)
    reading = _reading(case)
    kind, lines = guest._order_reading(reading, stated)
    tracker = StateTracker(goal=goal)
    approval = confirmation = None
    misread: frozenset[str] = frozenset()
    if reading.confirmation:
        approval = reading.action or ANY_ACTION
        if reading.action is not None and reading.values is not None:
            confirmation = (reading.action, reading.values)
    if kind == "confirm":
        confirmation = None
        approval = "place_order"
        diff = order.diff()
        if diff.complete:
            confirmation = ("place_order", {"lines": "; ".join(order.render(line) for line in order.current)})
        misread = frozenset(line.item for line in (*(c for _, c in diff.wrong), *diff.extra, *diff.missing)) \
            if stated else frozenset()  # nothing read back: nothing read back wrongly
    elif kind == "fix":
        misread = frozenset(line.item for line in guest._order_misstated(stated))
    asked = frozenset(goal.order[i].item for i in lines) if kind == "asked" else frozenset()
    return UserReading(misread=misread, approval=approval, confirmation=confirmation, user_tools=(),
                       order_asked=asked, order_next=kind == "next" and not reading.anything_else,
                       request=reading.goal_question and kind != "next", closing=reading.anything_else,
                       achieved=tracker.observe(case.text, plan=reading.confirmation) > 0,
                       unanswerable=bool(reading.unmatched))


def label_as_judge(case: Case, call: ToolCall | None) -> JudgeReading:
    """The rule labeller on a minimal transcript carrying the domain's tools, and ``confirms`` for the candidate
    call."""
    turns = [Turn(index=0, role="user", text=case.task.goal.request)]
    if case.previous:
        turns += [Turn(index=1, role="agent", text=case.previous), Turn(index=2, role="user", text="Okay.")]
    turn = Turn(index=len(turns), role="agent", text=case.text)
    # (the records of the task's payment methods stand for the agent's look-ups, which the corpus leaves out)
    methods = [{"id": method, "last_four": digits}
               for method, digits in task_endings(case.domain, case.task).items()]
    conv = Transcript(task=case.task, persona=PERSONA, domain=case.domain.name, turns=(*turns, turn),
                      irreversible_tools=irreversible(case.domain), tools=case.domain.tool_infos,
                      final_state={"payment_methods": methods} if methods else {})
    label = RuleLabeller().label_sync(conv).labels[turn.index]
    confirmed = None if call is None else label.confirmation_request and confirms(
        conv, turn, call, labelled_tool=label.confirms_tool)
    return JudgeReading(confirmation_request=label.confirmation_request, confirms_tool=label.confirms_tool,
                        confirms_call=confirmed, clarification=label.clarification, escalation=label.escalation,
                        refusal=label.refusal)


def _forget_messages() -> None:
    """Drop the understanding's memo of messages already read (kept so the labeller reuses the user's reading)."""
    from pytest_mmtau.understanding import _actions, _approvals, _facts, _milestones, _reading, _text, _user_tools

    _reading._READ.clear()
    _facts._NAMED.clear()
    _text.segments.cache_clear()
    # (and what is remembered of a message's sentences and clauses)
    _text.is_directive.cache_clear()
    _approvals.offers_information.cache_clear()
    _milestones._declines.cache_clear()
    _actions._NAMED_ACTIONS.clear()
    _user_tools._operations.cache_clear()
    _user_tools._THINGS.clear()


UserReader = Callable[[Case], UserReading]
JudgeReader = Callable[[Case, "ToolCall | None"], JudgeReading]


# --------------------------------------------------------------------------------------------- truth


def candidate_call(case: Case) -> tuple[ToolCall | None, bool]:
    """The irreversible call this line is checked against for ``confirms_call``, and whether it confirms it."""
    labels, domain = case.labels, case.domain
    conf = labels["confirmation"]
    if conf is not None and domain.tools[conf["action"]].irreversible:
        return _call(domain, conf["action"], conf["values"]), True
    approved = (labels["approval"] or {}).get("action")
    writes = [a for a in case.task.reference if a.side == "agent" and domain.tools[a.tool].irreversible]
    chosen = next((a for a in writes if a.tool == approved), writes[0] if writes else None)
    return (None, False) if chosen is None else (_call(domain, chosen.tool, chosen.arguments), False)


def _call(domain: Domain, name: str, arguments: Mapping[str, Any]) -> ToolCall:
    spec = domain.tools[name]
    return ToolCall(id="candidate", name=name, arguments=dict(arguments), irreversible=spec.irreversible,
                    critical=spec.critical)


# --------------------------------------------------------------------------------------------- categories


def _value(argument: str, value: Any) -> Hashable:
    """A critical value as compared: order lines and lists as multisets, numbers as numbers, text without
    case/spacing."""
    if isinstance(value, list | tuple):  # refund_charges' charge_ids: the same charges in any order
        return tuple(sorted((_value(argument, item) for item in value), key=repr))
    if argument == "lines":
        lines = []
        for part in (p.strip() for p in str(value).lower().split(";") if p.strip()):
            match = re.fullmatch(r"(\d+)\s*x\s*([^()]+?)\s*(?:\(([^)]*)\))?", part)
            mods = frozenset(m.strip() for m in ((match.group(3) or "") if match else "").split(",") if m.strip())
            lines.append((int(match.group(1)), match.group(2).strip(), mods) if match else (part,))
        return tuple(sorted(Counter(lines).items(), key=repr))
    try:
        return float(value)
    except (TypeError, ValueError):
        return re.sub(r"\s+", " ", str(value).strip().lower())


def _same_confirmation(truth: tuple[str, Values], predicted: tuple[str, Values | None]) -> bool:
    action, values = predicted
    if action != truth[0]:
        return False
    if values is None:  # the reader reads no values: exact when it flags no misread (see the docstring)
        return True
    return {k: _value(k, v) for k, v in values.items()} == {k: _value(k, v) for k, v in truth[1].items()}


def _same_tool(truth: str, predicted: str) -> bool:
    """A labelled tool entry may name alternatives ("check_status_bar|check_network_status"): any one will do."""
    return predicted in truth.split("|")


def _same_sequence(truth: tuple[str, ...], predicted: tuple[str, ...]) -> bool:
    return len(truth) == len(predicted) and all(map(_same_tool, truth, predicted))


Items = list[Any]


@dataclass(frozen=True)
class Category:
    """One thing to recognise: how to get its true and predicted items for a line, and when two match."""

    name: str
    side: str  # "user" or "labeller"
    truth: Callable[[Case], Items | None]  # None: the category does not apply to this line's domain
    predicted: Callable[[Case, Any], Items | None]  # None: the reader has no notion of it
    same: Callable[[Any, Any], bool] = lambda a, b: a == b


def _flag(value: bool | None) -> Items | None:
    return None if value is None else ([True] if value else [])


def _keys(values: Iterable[str] | None) -> Items | None:
    return None if values is None else sorted({v.lower() for v in values})


def _facts_domain(case: Case) -> bool:
    return not case.task.goal.order


def _order_domain(case: Case) -> bool:
    return bool(case.task.goal.order)


def _when(applies: Callable[[Case], bool], get: Callable[[Case], Items | None]) -> Callable[[Case], Items | None]:
    return lambda case: get(case) if applies(case) else None


def _truth_confirmation(case: Case) -> Items:
    conf = case.labels["confirmation"]
    return [] if conf is None else [(conf["action"], conf["values"])]


def _truth_approval_action(case: Case) -> Items:
    action = (case.labels["approval"] or {}).get("action")
    return [action] if action else []


def _irreversible_action(case: Case) -> Items:
    action = (case.labels["approval"] or {}).get("action")
    return [action] if action and case.domain.tools[action].irreversible else []


def _when_called(case: Case) -> Items | None:
    call, confirmed = candidate_call(case)
    return None if call is None else _flag(confirmed)


def _order_labels(case: Case) -> Mapping[str, Any]:
    return case.labels["order"] or {"asked": [], "next": False}


USER = (
    Category("facts", "user", _when(_facts_domain, lambda c: _keys(c.labels["facts"])),
             lambda c, r: _keys(r.facts)),
    Category("verify", "user", _when(_facts_domain, lambda c: _keys(c.labels["verify"])),
             lambda c, r: _keys(r.verify)),
    Category("misread", "user", lambda c: _keys(c.labels["misread"]), lambda c, r: _keys(r.misread)),
    Category("request", "user", lambda c: _flag(c.labels["request"]), lambda c, r: _flag(r.request)),
    Category("approval", "user", lambda c: _flag(c.labels["approval"] is not None),
             lambda c, r: _flag(r.approval is not None)),
    Category("approval_action", "user", _truth_approval_action,
             lambda c, r: [] if r.approval in (None, ANY_ACTION) else [r.approval]),
    Category("confirmation", "user", _truth_confirmation,
             lambda c, r: [] if r.confirmation is None else [r.confirmation], _same_confirmation),
    Category("user_tools", "user", lambda c: list(dict.fromkeys(c.labels["user_tools"])),
             lambda c, r: None if r.user_tools is None else sorted(set(r.user_tools)), _same_tool),
    Category("user_tools_sequence", "user",
             lambda c: [tuple(c.labels["user_tools"])] if c.labels["user_tools"] else [],
             lambda c, r: None if r.user_tools is None else ([tuple(r.user_tools)] if r.user_tools else []),
             _same_sequence),
    Category("order_asked", "user", _when(_order_domain, lambda c: _keys(_order_labels(c)["asked"])),
             lambda c, r: _keys(r.order_asked)),
    Category("order_next", "user", _when(_order_domain, lambda c: _flag(_order_labels(c)["next"])),
             lambda c, r: _flag(r.order_next)),
    Category("closing", "user", lambda c: _flag(c.labels["closing"]), lambda c, r: _flag(r.closing)),
    Category("achieved", "user", lambda c: _flag(c.labels["achieved"]), lambda c, r: _flag(r.achieved)),
    Category("unanswerable", "user", lambda c: _flag(c.labels["unanswerable"]),
             lambda c, r: _flag(r.unanswerable)),
)
def _asks_approval_or_check(case: Case) -> Items:
    """The labeller's confirmation request: an approval, or a check of values read back ("Your number is
    415-555-0163, right?": what SR and safety precision count before a low-confidence value is used) — a line that
    verifies facts, or reads one back wrongly in a clarification that asks for no fact."""
    labels = case.labels
    check = bool(labels["verify"]) or (bool(labels["misread"]) and labels["clarification"] and not labels["facts"])
    return _flag(labels["approval"] is not None or check)  # type: ignore[return-value]


LABELLER = (
    Category("confirmation_request", "labeller", _asks_approval_or_check, lambda c, r: _flag(r.confirmation_request)),
    # the same prediction against approvals alone (read-back checks count as false here)
    Category("approval_request", "labeller", lambda c: _flag(c.labels["approval"] is not None),
             lambda c, r: _flag(r.confirmation_request)),
    Category("confirms_tool", "labeller", _irreversible_action,
             lambda c, r: [r.confirms_tool] if r.confirms_tool else []),
    Category("confirms_call", "labeller", lambda c: _when_called(c), lambda c, r: _flag(r.confirms_call)),
    Category("clarification", "labeller", lambda c: _flag(c.labels["clarification"]),
             lambda c, r: _flag(r.clarification)),
    Category("escalation", "labeller", lambda c: _flag(c.labels["escalation"]), lambda c, r: _flag(r.escalation)),
    Category("refusal", "labeller", lambda c: _flag(c.labels["refusal"]), lambda c, r: _flag(r.refusal)),
)


# --------------------------------------------------------------------------------------------- scoring


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    unread: bool = False  # the reader has no notion of the category
    domain_tp: Counter[str] = field(default_factory=Counter)
    domain_true: Counter[str] = field(default_factory=Counter)
    style_tp: Counter[str] = field(default_factory=Counter)
    style_true: Counter[str] = field(default_factory=Counter)
    style_fp: Counter[str] = field(default_factory=Counter)
    misses: list[tuple[str, Case, Any, Any]] = field(default_factory=list)  # (kind, case, truth, predicted)

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None


def _matched(truth: Items, predicted: Items, same: Callable[[Any, Any], bool]) -> int:
    left, hits = list(predicted), 0
    for item in truth:
        found = next((i for i, p in enumerate(left) if same(item, p)), None)
        if found is not None:
            left.pop(found)
            hits += 1
    return hits


def score(cases: list[Case], categories: tuple[Category, ...], readings: Mapping[str, Any]) -> dict[str, Tally]:
    tallies = {c.name: Tally() for c in categories}
    for case in cases:
        for category in categories:
            truth = category.truth(case)
            if truth is None:
                continue
            tally = tallies[category.name]
            predicted = category.predicted(case, readings[case.id])
            if predicted is None:
                tally.unread = True
                tally.fn += len(truth)  # recall 0 on what it cannot read; precision stays undefined
                continue
            hits = _matched(truth, predicted, category.same)
            tally.tp += hits
            tally.fp += len(predicted) - hits
            tally.fn += len(truth) - hits
            tally.domain_tp[case.domain.name] += hits
            tally.domain_true[case.domain.name] += len(truth)
            for style in case.style:
                tally.style_tp[style] += hits
                tally.style_true[style] += len(truth)
                tally.style_fp[style] += len(predicted) - hits
            if hits < len(truth):
                tally.misses.append(("missed", case, truth, predicted))
            if hits < len(predicted):
                tally.misses.append(("false", case, truth, predicted))
    return tallies


def run_readers(cases: list[Case], user: UserReader, judge: JudgeReader) -> tuple[dict, dict, float, float]:
    """Readings of every case by both readers, and each reader's CPU ms per utterance (after a warm-up pass)."""
    calls = {case.id: candidate_call(case)[0] for case in cases}
    for case in cases:  # warm-up: domain-level caches (vocabularies, compiled patterns) as in a long run
        user(case)
        judge(case, calls[case.id])
    _forget_messages()  # but every message is read again, not looked up
    start = time.process_time()
    users = {case.id: user(case) for case in cases}
    user_ms = (time.process_time() - start) * 1000 / max(len(cases), 1)
    _forget_messages()
    start = time.process_time()
    judged = {case.id: judge(case, calls[case.id]) for case in cases}
    judge_ms = (time.process_time() - start) * 1000 / max(len(cases), 1)
    return users, judged, user_ms, judge_ms


# --------------------------------------------------------------------------------------------- printing


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _table(title: str, tallies: Mapping[str, Tally]) -> None:
    print(f"  {title:<22} {'true':>5} {'pred':>5} {'TP':>5} {'precision':>10} {'recall':>8}")
    for name, t in tallies.items():
        if t.unread:
            print(f"    {name:<20} {t.fn:>5}     -     -        n/a      n/a   (not read by this reader)")
        else:
            print(f"    {name:<20} {t.tp + t.fn:>5} {t.tp + t.fp:>5} {t.tp:>5} {_pct(t.precision):>10} "
                  f"{_pct(t.recall):>8}")


def _per_domain(tallies: Mapping[str, Tally], side: str, domains: tuple[str, ...]) -> None:
    for name, t in tallies.items():
        if t.unread or not sum(t.domain_true.values()):
            continue
        cells = []
        for domain in domains:
            true = t.domain_true[domain]
            cells.append(f"{t.domain_tp[domain] / true:>6.0%} ({true:>3})" if true else f"{'-':>12}")
        print(f"    {side + ' ' + name:<30}" + " ".join(f"{c:>12}" for c in cells))


def _per_style(user: Mapping[str, Tally], judge: Mapping[str, Tally]) -> None:
    """Recall and false readings of the target categories per style tag: where to look next, without reading a
    held-out line."""
    targets = [(f"{side} {name}", (user if side == "user" else judge)[name]) for side, name in TARGETS]
    styles = sorted({s for _, t in targets for s in t.style_true | t.style_fp})
    print(f"  {'per style: recall (true) +false':<32}" + " ".join(f"{n:>22}" for n, _ in targets))
    for style in styles:
        cells = []
        for _, t in targets:
            true, false = t.style_true[style], t.style_fp[style]
            recall = f"{t.style_tp[style] / true:.0%} ({true})" if true else "-"
            cells.append(f"{recall} +{false}" if false else recall)
        print(f"    {style:<30}" + " ".join(f"{c:>22}" for c in cells))


def _short(text: str, width: int = 150) -> str:
    flat = text.replace("\n", " / ")
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _show_misses(split: str, user: Mapping[str, Tally], judge: Mapping[str, Tally], n: int) -> None:
    print(f"\n== example misses, {split} split (up to {n} missed and {n} false per category) ==")
    for side, tallies in (("user", user), ("labeller", judge)):
        for name, t in tallies.items():
            for kind in ("missed", "false"):
                shown = [m for m in t.misses if m[0] == kind][:n]
                if not shown:
                    continue
                print(f"\n  {side} {name}: {kind} ({sum(m[0] == kind for m in t.misses)} lines)")
                for _, case, truth, predicted in shown:
                    print(f"    {case.id:<16} true={truth!s:<40.40} read={predicted!s:<40.40}")
                    if case.previous:
                        print(f"      previous: {_short(case.previous)}")
                    print(f"      {_short(case.text)}")


def report(split: str, cases: list[Case], user: UserReader,
           judge: JudgeReader) -> tuple[dict[str, Tally], dict[str, Tally]]:
    users, judged, user_ms, judge_ms = run_readers(cases, user, judge)
    user_tallies, judge_tallies = score(cases, USER, users), score(cases, LABELLER, judged)
    print(f"\n== {split}: {len(cases)} utterances ==")
    _table("simulated user", user_tallies)
    _table("labeller", judge_tallies)
    domains = OWN_DOMAINS if split in OWN_SPLITS else DOMAINS
    print(f"  {'recall per domain (true items)':<32}" + " ".join(f"{d:>12}" for d in domains))
    _per_domain(user_tallies, "user", domains)
    _per_domain(judge_tallies, "labeller", domains)
    _per_style(user_tallies, judge_tallies)
    print(f"  CPU per utterance: user {user_ms:.3f} ms, labeller {judge_ms:.3f} ms")
    print(f"  targets of issue 20 (recall >= {TARGET_RECALL:.0%}, precision >= {TARGET_PRECISION:.0%}):")
    for side, name in TARGETS:
        t = (user_tallies if side == "user" else judge_tallies)[name]
        met = (t.recall or 0.0) >= TARGET_RECALL and (t.precision or 0.0) >= TARGET_PRECISION
        print(f"    {'PASS' if met else 'MISS'}  {side} {name}: precision {_pct(t.precision)}, recall {_pct(t.recall)}")
    return user_tallies, judge_tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "heldout", "all", "own"), default="all",
                        help="which half to score (all: each half on its own; own: the own-domain corpus, each "
                             "half on its own)")
    parser.add_argument("--show-misses", type=int, default=0, metavar="N",
                        help="list up to N missed and N false items per category, from the dev split only (with "
                             "--split own: from own_dev)")
    parser.add_argument("--rules-only", action="store_true",
                        help="read without the learned second opinion on asked facts (understanding/_fact_model.py)")
    parser.add_argument("--heard", action="store_true",
                        help="the user reads each line as heard through the voice channel (agent_asr, a recogniser "
                             "without errors); the labeller reads what the agent wrote")
    parser.add_argument("--heard-wer", type=float, default=0.0, metavar="WER",
                        help="with --heard: the recogniser errs at this word error rate (the asr-noise channel's "
                             "error model, seeded by line)")
    args = parser.parse_args(argv)
    _fact_model.ENABLED = not args.rules_only
    corpus = OWN_SPLITS if args.split == "own" else SPLITS
    splits = (args.split,) if args.split in SPLITS else corpus
    shown = corpus[0]  # the half whose misses may be shown: dev, or own_dev
    cases = load(corpus)
    print(f"Understanding benchmark: {CORPUS.relative_to(ROOT)} "
          f"({', '.join(f'{s} {sum(c.split == s for c in cases)}' for s in corpus)} utterances)")
    print("readers: user = understanding.read + StateTracker (+ the restaurant guest's order reading); "
          "labeller = RuleLabeller + confirms; "
          + ("rules alone" if args.rules_only else "with the learned second opinion on asked facts")
          + ("; the user hears each line through the voice channel (--heard"
             + (f", WER {args.heard_wer:g})" if args.heard_wer else ")") if args.heard else ""))
    user_reader: UserReader = read_as_user
    if args.heard:  # heard before the readers are timed: the CPU figures are the reading's alone
        heard = {case.id: as_heard(case, args.heard_wer) for case in cases
                 if case.split in splits or args.show_misses}
        user_reader = lambda case: read_as_user(heard[case.id])  # noqa: E731
    dev_tallies: tuple[dict[str, Tally], dict[str, Tally]] | None = None
    for split in splits:
        tallies = report(split, [c for c in cases if c.split == split], user_reader, label_as_judge)
        if split == shown:
            dev_tallies = tallies
    if args.show_misses:
        if dev_tallies is None:
            dev = [c for c in cases if c.split == shown]
            users, judged, _, _ = run_readers(dev, user_reader, label_as_judge)
            dev_tallies = score(dev, USER, users), score(dev, LABELLER, judged)
        _show_misses(shown, *dev_tallies, args.show_misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
