"""What the understanding knows of one task in one domain: how an agent may name each of the user's facts, each
agent action and each of the user's own tools — derived from the domain's tool schemas (names, argument names,
types, enums, descriptions, declared phrases) and the task (facts and their aliases, which tool arguments carry
which fact), plus the general English of ``_lexicon``.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..models import TRANSFER_TOOLS, Action, CriticalField, Task, ToolInfo, UserFact, UserGoal
from ._lexicon import (DELIVERY_VERBS, GENERIC_MODIFIERS, ID_NAMES, NAMED_AS, PHRASE_SYNONYMS, action_synonyms,
                       description_verb, inflections, noun_synonyms, singular, verbs_of)
from ._endings import known_as
from ._text import compiled, normalise, words
from ._values import is_money, shape, written_forms

Words = tuple[str, ...]
_COUNTS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}
_WH = frozenset({"when", "why", "where", "which", "what", "how", "who"})
# words of tool names that say which things an action applies to, not what it does
_QUALIFIERS = frozenset({"pending", "delivered", "open", "current", "new", "all", "by", "to", "a", "an", "the",
                         "for", "of", "from", "with", "and", "or", "my", "your", "human", "agents", "agent", "can",
                         "id", "ids", "details", "info", "status", "settings", "setting", "one", "via"})
_ADJECTIVES = frozenset({"full", "legal", "complete", "exact", "registered", "primary", "new"})
_ID_NOUNS = frozenset({"number", "id", "code", "no", "#"})
_DEVICE = frozenset({"phone", "mobile", "cell", "device", "handset", "telephone", "smartphone"})
# words around a question about a person: "who is the account holder?", "who am I speaking with?"
_PERSON = frozenset({"holder", "owner", "account", "speaking", "talking", "chatting", "registered", "name"})
# verbs of a tool name that say only that something is done to its object (the object's own verb says what)
_GENERIC_VERBS = frozenset({"modify", "update", "change", "edit", "apply", "create", "send", "process", "submit", "make",
                            "set", "request", "initiate", "open", "handle", "manage"})
# the verbs of tools that only read ("get_order_details", "find_account", "list_transactions"): nobody is asked to
# approve one, so "get" in "Can I get a yes?" names no action while another is named nearby
LOOK_UP_VERBS = action_synonyms("get") | {"search", "list", "view", "lookup", "verify", "read", "show", "calculate"}
_MANNER = frozenset({"method", "way", "mode", "means", "option"})  # a fact naming how something is done
_CLOCK_TIME = re.compile(r"(?:[01]?\d|2[0-3]):[0-5]\d")
_PARTICLE_END = re.compile(r"^([a-z]{3,})(out|in|up|off|down|over|back)$")
_COUNT = re.compile(r"[a-z]+[^s]s")  # a plural noun: the unit a count is named by ("months", "guests")
_TIME_UNITS = frozenset({"minutes", "hours", "days", "nights", "weeks", "months", "years"})
_PEOPLE = frozenset({"guests", "adults", "passengers", "travellers", "travelers", "attendees", "diners", "visitors"})
_CLASSIFIERS = frozenset({"type", "kind", "category", "class", "tier", "level"})  # words that only say what kind
_MOTIVES = frozenset({"reason", "cause", "motive", "purpose"})  # a fact naming why something is done


@dataclass(frozen=True)
class FactSense:
    """How an agent may name one of the user's facts."""

    fact: UserFact
    terms: tuple[tuple[Words, int], ...]  # word sequences naming the fact, with a weight (3 own, 2 derived, 1 part)
    own: frozenset[str]  # words that belong to this fact (never make its name name something else)
    context: frozenset[str]  # words of the actions that take it: an interrogative alias needs one ("when … install")
    interrogatives: frozenset[str]  # aliases that are bare question words ("when", "why")
    options: tuple[str, ...] = ()  # the enumeration the value is one of
    kind: str | None = None  # the value's shape (see _values.shape)
    tools: frozenset[str] = frozenset()  # agent tools with an argument carrying this fact
    weak: frozenset[str] = frozenset()  # one-word names that only qualify it ("order" for the order id)
    nouns: frozenset[str] = frozenset()  # the words of its names (not of the tools that take it)
    head: str | None = None  # the noun the fact's key ends with ("number" for phone_number)
    scheduled: bool = False  # a date an action takes: "when would you like …?" asks for it
    compounds: tuple[tuple[str, frozenset[str], int], ...] = ()  # two-word names: (qualifier, head forms, weight)
    acted_on: frozenset[str] = frozenset()  # verb forms of the actions done to it ("return" for the item)
    replacement: bool = False  # the new value of something ("new_options"): "what should I change it to?"
    described: frozenset[str] = frozenset()  # words of the tools whose description names it
    told: frozenset[str] = frozenset()  # words of the descriptions of the tools taking it ("drop-off" of a return date)


@dataclass(frozen=True)
class ActionSense:
    """How an agent may name the action of one of its tools ("cancel", "cancellation", "call off …")."""

    tool: str
    verb: str
    verbs: frozenset[str]  # the verb's own forms
    synonyms: frozenset[str]  # forms of verbs naming the same action
    objects: tuple[frozenset[str], ...]  # nouns the action applies to, each with its synonyms
    phrases: tuple[str, ...] = ()  # declared by the tool
    irreversible: bool = False
    critical: tuple[str, ...] = ()
    transfer: bool = False  # hands the conversation to a human
    name_nouns: tuple[frozenset[str], ...] = ()  # the nouns of its name, each with its synonyms
    wanted: bool = False  # an action that does what the user's goal wants (``UserGoal.accepts``)

    @functools.cached_property
    def own_words(self) -> frozenset[str]:
        """Its verb's forms and the nouns of its name: said as nouns they still name it ("open a dispute",
        "register the claim")."""
        return self.verbs.union(*self.name_nouns)

    @functools.cached_property
    def alters(self) -> bool:
        """Whether the action changes a record: irreversible, or the goal's own write (teams mark only some writes
        irreversible: a late check-out, a membership freeze; a tool with critical arguments whose verb is no
        look-up's). Other writes not marked irreversible are steps on the way (a restaurant's cart lines)."""
        return self.irreversible or (self.wanted and bool(self.critical) and self.verb not in LOOK_UP_VERBS)

    @property
    def changes(self) -> bool:
        """Whether the action changes something: a record (``alters``), or who the user talks to (a hand-over)."""
        return self.alters or self.transfer


@dataclass(frozen=True)
class UserToolSense:
    """How an agent may ask the user to operate one of the user's own tools."""

    tool: str
    verb: str  # check, turn on, turn off, set, reset, restart, …
    objects: tuple[str, ...]  # the thing operated, with synonyms, longest first
    mentions: frozenset[str]  # things a checking tool shows (from its description)
    phrases: tuple[str, ...] = ()
    also: frozenset[str] = frozenset()  # other operations its description says it does ("this also powers it on")
    # the verb its name starts with when it is none of the operations above (clear_app_cache: "clear"), with its
    # synonyms: "wipe the app's cache" asks for it
    actions: frozenset[str] = frozenset()
    # the content words of its name and description ("open", "door", "pass", "qr", "code", …): the last resort for
    # an ask nothing else reads ("What do you see when you open your pass in the app?")
    keywords: frozenset[str] = frozenset()
    name_keywords: frozenset[str] = frozenset()  # those of its name alone, which count double
    # web addresses its description names ("Run the speed test at speedtest.example.net"): going there is using it
    sites: frozenset[str] = frozenset()


@dataclass(frozen=True)
class OrderSense:
    """One target line of an ordering goal: the item's name and the modifiers the guest wants."""

    index: int
    item: str
    modifiers: tuple[str, ...]


@dataclass(frozen=True)
class Vocabulary:
    """Everything the understanding reads a message of this task with."""

    goal: UserGoal
    facts: tuple[FactSense, ...] = ()
    actions: tuple[ActionSense, ...] = ()
    user_tools: tuple[UserToolSense, ...] = ()
    order: tuple[OrderSense, ...] = ()
    irreversible: frozenset[str] = field(default_factory=frozenset)
    # the critical argument values the task expects for each action (its reference solution and critical fields)
    expected: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # every reference call's critical values, per action ("add three Garlic Knots" is the second add_item)
    calls: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)
    # the last four digits of each payment method whose record gives them (the task's data, the tools' results)
    endings: Mapping[str, str] = field(default_factory=dict)

    def call_values(self, tool: str) -> tuple[Mapping[str, Any], ...]:
        """The critical values of each call of ``tool`` the task expects, its first call's first."""
        first = self.expected.get(tool, {})
        return (first, *(c for c in self.calls.get(tool, ()) if c != first))

    def fact(self, key: str) -> FactSense | None:
        return next((f for f in self.facts if f.fact.key == key), None)

    def action(self, tool: str) -> ActionSense | None:
        return next((a for a in self.actions if a.tool == tool), None)


# ------------------------------------------------------------------------------------------------ building


def build(goal: UserGoal, tools: Iterable[ToolInfo], *, critical_fields: Sequence[CriticalField] = (),
          reference: Sequence[Action] = (), endings: Mapping[str, str] | None = None) -> Vocabulary:
    """The vocabulary of a goal among the domain's tools (agent and user side); ``endings``: the last four digits
    of the payment methods whose records give them (``endings_for``)."""
    tools = tuple(tools)
    agent = [t for t in tools if t.side == "agent"]
    links = _argument_links(goal, agent, critical_fields, reference)
    facts = tuple(replace(_fact_sense(f, links.get(f.key, []), {t.name: t for t in agent}),
                          described=_described_by(f, agent, goal.facts)) for f in goal.facts)
    facts = tuple(_address_of_mail(f, facts) for f in facts)
    taken = {t.name: [f for f in facts if t.name in f.tools] for t in agent}
    actions = tuple(replace(_action_sense(t, taken[t.name]), wanted=t.name in goal.accepts) for t in agent)
    user_tools = tuple(_user_tool_sense(t) for t in tools if t.side == "user")
    order = tuple(OrderSense(index=i, item=normalise(line.item), modifiers=tuple(normalise(m) for m in line.modifiers))
                  for i, line in enumerate(goal.order))
    named = dict(endings or {})
    return Vocabulary(goal=goal, facts=facts, actions=actions, user_tools=user_tools, order=order,
                      irreversible=frozenset(t.name for t in agent if t.irreversible),
                      expected={tool: _known(values, named) for tool, values in
                                _expected(agent, critical_fields, reference, goal.facts).items()},
                      calls={tool: tuple(_known(v, named) for v in values)
                             for tool, values in _calls(agent, reference).items()},
                      endings=named)


def _known(values: Mapping[str, Any], endings: Mapping[str, str]) -> dict[str, Any]:
    """Critical values, a payment method among them knowing the last digits its record gives."""
    return {argument: known_as(value, endings) for argument, value in values.items()}


def _address_of_mail(sense: FactSense, facts: Sequence[FactSense]) -> FactSense:
    """An email is also "that address" ("nothing came up for that address") when no other fact is an address (an
    address not pointed back to, "your home address", is none the user has)."""
    if sense.kind != "email" or any("address" in f.nouns for f in facts if f is not sense):
        return sense
    terms = dict(sense.terms)
    for pointer in ("that", "this", "same", "different", "another", "other"):
        terms.setdefault((pointer, "address"), 2)
    return replace(sense, terms=tuple(sorted(terms.items(), key=lambda t: (-len(t[0]), t[0]))))


def _calls(tools: Sequence[ToolInfo], reference: Sequence[Action]) -> dict[str, tuple[dict[str, Any], ...]]:
    critical = {t.name: t.critical for t in tools}
    out: dict[str, list[dict[str, Any]]] = {}
    for action in reference:
        if action.side == "agent" and action.tool in critical:
            out.setdefault(action.tool, []).append({k: v for k, v in action.arguments.items()
                                                    if k in critical[action.tool]})
    return {tool: tuple(values) for tool, values in out.items()}


def for_task(task: Task, tools: Iterable[ToolInfo], endings: Mapping[str, str] | None = None) -> Vocabulary:
    return build(task.goal, tools, critical_fields=task.critical_fields, reference=task.reference, endings=endings)


def _expected(tools: Sequence[ToolInfo], critical_fields: Sequence[CriticalField],
              reference: Sequence[Action], facts: Sequence[UserFact] = ()) -> dict[str, dict[str, Any]]:
    """Per agent tool: its critical arguments with the values the task expects (reference calls first)."""
    critical = {t.name: t.critical for t in tools}
    out: dict[str, dict[str, Any]] = {}
    for action in reference:
        if action.side == "agent" and action.tool in critical:
            out.setdefault(action.tool, {k: v for k, v in action.arguments.items() if k in critical[action.tool]})
    for field_ in critical_fields:
        out.setdefault(field_.tool, {}).setdefault(field_.argument, field_.expected)
    # an action the task does not take still has the user's values: the same argument of another call
    known = {k: v for values in out.values() for k, v in values.items()}
    known.update({k: v for a in reference if a.side == "agent" for k, v in a.arguments.items() if k not in known})
    # … or the user's fact of that name: the plan a locked account should move to, though only a human may move it
    known.update({f.key: f.value for f in facts if f.key not in known})
    for tool, names in critical.items():
        values = out.setdefault(tool, {})
        for argument in names:
            if argument not in values and argument in known:
                values[argument] = known[argument]
    return out


def _same(a: object, b: object) -> bool:
    return normalise(str(a)).replace(" ", "") == normalise(str(b)).replace(" ", "")


def _part_of(part: object, whole: str) -> bool:
    text = normalise(str(part))
    return len(text) >= 2 and compiled(rf"(?<![a-z0-9]){re.escape(text)}(?![a-z0-9])").search(normalise(whole)) is not None


def _argument_links(goal: UserGoal, tools: Sequence[ToolInfo], critical_fields: Sequence[CriticalField],
                    reference: Sequence[Action]) -> dict[str, list[tuple[str, str, int]]]:
    """Per fact: (tool, argument, weight) of the tool arguments that carry its value (2) or a part of it (1)."""
    known = {t.name for t in tools}
    pairs = [(c.tool, c.argument, c.expected) for c in critical_fields]
    pairs += [(a.tool, k, v) for a in reference if a.side == "agent" for k, v in a.arguments.items()]
    links: dict[str, list[tuple[str, str, int]]] = {}
    for fact in goal.facts:
        found: list[tuple[str, str, int]] = []
        for tool, argument, value in pairs:
            if tool not in known or isinstance(value, (list, tuple, dict, bool)) or value is None:
                continue
            if _same(value, fact.value):
                found.append((tool, argument, 2))
            elif _part_of(value, fact.value) or _part_of(fact.value, str(value)):  # a city; "paypal" in its id
                found.append((tool, argument, 1))
        links[fact.key] = list(dict.fromkeys(found))
    return links


def _described_by(fact: UserFact, tools: Iterable[ToolInfo], facts: Sequence[UserFact] = ()) -> frozenset[str]:
    """The words of the agent tools whose description names the fact ("Refund the difference when the screenshot
    shows …": the screenshot is about price protection): their names' words and, when the description names no
    fact called alike (a photo and a screenshot are both "the image"), its longer words ("damaged", "price")."""
    def key_of(f: UserFact) -> set[str]:
        return {w for w in _name_words(f.key) if len(w) >= 4 and w not in GENERIC_MODIFIERS}

    key = key_of(fact)
    alike = {s for w in key for s in noun_synonyms(w)}
    others = {w for f in facts if f.key != fact.key for w in key_of(f) if w in alike} - key
    out: set[str] = set()
    for tool in tools:
        said = set(words(normalise(tool.description)))
        if key & said:
            out |= {w for w in _name_words(tool.name) if w not in _QUALIFIERS}
            if not others & said:
                out |= {w for w in said if len(w) >= 5 and w.isalpha() and w not in _COMMON}
    return frozenset(out)


# long words of tool descriptions that say nothing of what a fact is about
_COMMON = frozenset({"which", "their", "there", "these", "those", "other", "another", "about", "after", "before",
                     "while", "where", "whether", "customer", "customers", "returns", "given", "using", "first",
                     "every", "should", "would", "could", "order", "orders", "ordered", "irreversible"})


def _name_words(name: str) -> Words:
    """``payment_method_id`` → (payment, method, id); ``address1`` → (address,); ``mode_4g_5g`` keeps 4g, 5g."""
    out = []
    for token in name.lower().replace("-", "_").split("_"):
        token = re.sub(r"(?<=[a-z])\d+$", "", token)
        if token:
            out.append(token)
    return tuple(out)


@functools.lru_cache(maxsize=4096)  # the same names recur in every task of a domain
def _variants(term: Words) -> frozenset[Words]:
    """A term with its head noun and its modifiers replaced by synonyms ("order id" → "purchase number", …)."""
    if not term:
        return frozenset()
    options: list[list[Words]] = []
    for k, word in enumerate(term):
        if word in GENERIC_MODIFIERS and k < len(term) - 1:
            options.append([(word,)])
            continue
        options.append([tuple(s.split()) for s in sorted(noun_synonyms(word))])
    found = {tuple(itertools.chain.from_iterable(combo)) for combo in itertools.product(*options)}
    said = " ".join(term)
    return frozenset(found | {tuple(p.split()) for cls in PHRASE_SYNONYMS if said in cls for p in cls})


def _description_terms(description: str, argument: str) -> set[Words]:
    """Names of an argument that its tool's description uses: the argument's words followed by a noun
    ("phone" → "the phone number on their account" → phone number)."""
    said = normalise(description)
    arg = " ".join(_name_words(argument))
    found: set[Words] = set()
    for m in compiled(rf"\b{re.escape(arg)}\s+(number|id|code|address|name|date|title|method)\b").finditer(said):
        found.add(tuple(m.group(0).split()))
    return found


def _enum(prop: Mapping[str, Any]) -> tuple[str, ...]:
    """The values an argument's schema enumerates, normalised (none when it enumerates none)."""
    enum = prop.get("enum") or next((o.get("enum") for o in prop.get("anyOf", ()) if o.get("enum")), None)
    return tuple(normalise(str(o)) for o in enum or ())


def _fact_sense(fact: UserFact, links: list[tuple[str, str, int]], tools: Mapping[str, ToolInfo]) -> FactSense:
    terms: dict[Words, int] = {}
    interrogatives: set[str] = set()

    def add(term: Words, weight: int) -> None:
        bare = term
        while len(bare) > 1 and bare[0] in _ADJECTIVES:  # "full name" is also asked as "the name"
            bare = bare[1:]
        for base in {term, bare}:
            for variant in _variants(base):
                terms[variant] = max(terms.get(variant, 0), weight if variant == term else min(weight, 2))

    key = _name_words(fact.key)
    add(key, 3)
    # a compound with a particle is also written with a hyphen ("checkout time": "check-out time", "pickup date")
    hyphenated = tuple(_PARTICLE_END.sub(r"\1-\2", w) for w in key)
    if hyphenated != key:
        add(hyphenated, 3)
    for lead, count in zip(key, key[1:]):  # card_last_four: "the last 4 digits of your card", "the final four"
        if lead in ("last", "first", "final") and (count in _COUNTS or count in _COUNTS.values()):
            number = next(k for k, v in _COUNTS.items() if count in (k, v))
            for said_lead in ("first",) if lead == "first" else ("last", "final"):
                for said in (number, _COUNTS[number]):
                    add((said_lead, said, "digits"), 3)
                    add((said_lead, said), 2)
            if lead != "first":  # "the card ending in 4417", "a card that ends with 4417"
                for ending in (("ending", "in"), ("ends", "in"), ("ending", "with"), ("ends", "with")):
                    add(ending, 2)
    if len(key) >= 2 and (set(key[1:]) <= _CLASSIFIERS or key[1] in ("last", "first", "final")):
        # a thing named by its kind or its digits: "which room …?" asks for the room type, "which card …?" for the
        # card's last four (only after a question word: a weak name)
        terms.setdefault(key[:1], 2)
    if len(key) == 2 and key[1] in _ID_NOUNS:  # "order_id" is also the order's "confirmation number"
        for name in ID_NAMES.get(key[0], ()):
            terms.setdefault(tuple(name.split()), 2)
        # … and a "confirmation_code" is the number of what it confirms: "your booking ref", "the reservation number"
        for thing in (thing for thing, names in ID_NAMES.items() if " ".join(key) in names):
            add((thing, "number"), 2)
    if "of" in key:  # "date of birth" is also "your birthday", "when you were born"
        add(key[key.index("of") + 1:], 2)
    if len(key) == 1 and _COUNT.fullmatch(key[0]) and fact.value.strip().isdigit():
        # a count named by its unit ("months", "guests"): "how many months?", "the number of guests", and a span of
        # time also "the duration", "what length"; people also "how many people?"
        units = {key[0], *(("people", "persons") if key[0] in _PEOPLE else ())}
        for unit in units:
            add(("how", "many", unit), 3)
            add(("number", "of", unit), 3)
        if key[0] in _PEOPLE:  # the people asked about are the user's party: "how many of you", "both of you or one?"
            add(("how", "many", "of", "you"), 3)
            add(("both", "of", "you"), 2)
            add(("one", "of", "you"), 2)
        if key[0] in _TIME_UNITS:  # "how long would you like …?" (never "how long have you been …?")
            interrogatives.add("how long")
            add(("duration",), 2)
            add(("length",), 2)
            for whole in ("whole", "full", "complete", "entire"):  # "how many whole days were you without it?"
                add(("how", "many", whole, key[0]), 3)
    qualifiers: set[str] = set()  # "line" of "line number": asked as "which line?"
    for alias in fact.aliases:
        alias_words = tuple(words(normalise(alias)))
        if len(alias_words) == 1 and alias_words[0] in _WH:
            interrogatives.add(alias_words[0])
        elif alias_words:
            add(alias_words, 3)
            if (len(alias_words) == 2 and alias_words[1] in _ID_NOUNS and alias_words[0] not in GENERIC_MODIFIERS
                    and alias_words[0] not in _DEVICE):
                terms[alias_words[:1]] = max(terms.get(alias_words[:1], 0), 2)  # no synonyms: "line", not "number"
                qualifiers.add(alias_words[0])
    context: set[str] = set()
    options: tuple[str, ...] = ()
    linked_tools: set[str] = set()
    for tool, argument, weight in links:
        linked_tools.add(tool)
        arg_words = _name_words(argument)
        if arg_words and arg_words[-1] in ("id", "code") and len(arg_words) > 1:
            add(arg_words[:-1], weight)  # "image_id" is named "the image", "state_code" "the state"
        add(arg_words, weight)
        spec = tools.get(tool)
        if spec is not None:
            for term in _description_terms(spec.description, argument):
                add(term, weight)
            enum = _enum(spec.parameters.get("properties", {}).get(argument, {}))
            if enum and weight == 2:
                options = enum
        context |= set(_name_words(tool)) - _QUALIFIERS
    if not options:  # a value no call of the task takes, among a tool's options of its name ("wants Premium")
        options = next((listed for spec in tools.values()
                        for name, prop in spec.parameters.get("properties", {}).items()
                        if tuple(_name_words(name)) == tuple(key) and normalise(fact.value) in (listed := _enum(prop))),
                       ())
    kind = shape(fact.value)
    if kind == "date":
        interrogatives.add("when")  # "when would you like it installed?"
    elif _CLOCK_TIME.fullmatch(fact.value.strip()):
        interrogatives.add("how late")  # a time of day: "how late would you like to stay?"
    elif re.match(r"\d+ \w+.*,", fact.value):
        interrogatives.add("where")  # an address: "where should we ship it?"
        context |= {form for verb in DELIVERY_VERBS for form in inflections(verb)}  # "where should it be sent?"
    elif kind == "money" or (kind == "number" and is_money(fact.key)):
        # an amount: "how much was the charge you'd like to dispute?", "how much do you estimate the loss at?"
        interrogatives.add("how much")
        if len(key) > 1:  # and by its head alone, asked: "do you have a figure for the repair?"
            add(key[-1:], 2)
    if len(key) > 1 and key[-1] in _MANNER:  # a payment method: "how would you like to pay?", "… to be charged?"
        interrogatives.add("how")
        context |= {form for verb in verbs_of(key[-2]) for synonym in action_synonyms(verb) if " " not in synonym
                    for form in inflections(synonym)}
    if key and key[-1] in _MOTIVES:  # a reason: "may I ask why you need to cancel?"
        interrogatives.add("why")
    if len(key) > 1 and key[-1] in ("name", "title") and key[-2] not in _ADJECTIVES:
        interrogatives.add("who")  # an invoice title: "who should the invoice be made out to?"
    elif key and key[-1] == "name":  # a person's name: "who is the account holder?"
        interrogatives.add("who")
        context |= _PERSON
    # the thing an action is done to ("item" of return_delivered_order_items): "what would you like to return?"
    acted_on = frozenset(form for t in tools.values() if t.irreversible and len(key) == 1
                         for verb, nouns in [_verb_and_nouns(t.name)] if singular(key[0]) in nouns
                         for synonym in action_synonyms(verb) for form in inflections(synonym))
    context |= set(key) - {"of", "by", "to", "for", "on", "in"}  # "out of the blue" is no date of birth
    nouns = {w for term in terms for w in term} | set(key)
    nouns |= {singular(w) for w in nouns}
    bases = [key, *(tuple(words(normalise(a))) for a in fact.aliases), *(_name_words(a) for _, a, _ in links)]
    if len(key) == 2 and key[1] in _ID_NOUNS:  # "the reference from your confirmation email"
        bases += [tuple(name.split()) for name in ID_NAMES.get(key[0], ())]
    compounds = _compounds({b: terms.get(b, 2) for b in bases})
    own = nouns | context | {singular(w) for w in context} | {h for _, heads, _ in compounds for h in heads}
    # a context noun in another word of its class: "the install date" for an installation's date
    own |= {synonym for w in context for synonym in noun_synonyms(w) if " " not in synonym}
    qualifiers -= {w for alias in fact.aliases for w in [normalise(alias)] if " " not in w} | set(key)
    weak = frozenset(w for w in key[:-1] if len(key) > 1 and "of" not in key) | frozenset(
        s for w in key[:-1] if len(key) > 1 and "of" not in key for s in noun_synonyms(w) if " " not in s) | qualifiers
    told = frozenset(w for tool, _, weight in links if weight == 2 and tool in tools
                     for w in words(normalise(tools[tool].description)) if len(w) >= 4 and re.fullmatch(r"[a-z-]+", w))
    return FactSense(fact=fact, terms=tuple(sorted(terms.items(), key=lambda t: (-len(t[0]), t[0]))),
                     own=frozenset(own), context=frozenset(context | {singular(c) for c in context}),
                     interrogatives=frozenset(interrogatives), options=options, kind=kind,
                     tools=frozenset(linked_tools), weak=weak, nouns=frozenset(nouns - GENERIC_MODIFIERS),
                     head=key[-1] if key and "of" not in key else None,
                     # (a date to book, move or extend to: not the date of what happened, "file the claim's
                     # incident date")
                     scheduled=kind == "date" and any(tools[t].irreversible and _verb_and_nouns(t)[0] in _BOOKING
                                                      for t in linked_tools if t in tools),
                     compounds=compounds, acted_on=acted_on, replacement=len(key) > 1 and key[0] == "new", told=told)


# the verbs of actions done on a day to come
_BOOKING = action_synonyms("schedule") | action_synonyms("reschedule") | action_synonyms("extend")


def _verb_and_nouns(name: str) -> tuple[str, frozenset[str]]:
    """The verb of a tool's name and the nouns it applies to (``return_delivered_order_items`` → return, {order,
    item})."""
    parts = [w for w in _name_words(name) if w not in _QUALIFIERS]
    return (parts[0] if parts else name), frozenset(singular(w) for w in parts[1:])


def _compounds(terms: Mapping[Words, int]) -> tuple[tuple[str, frozenset[str], int], ...]:
    """The two-word names of a fact as (qualifier, head forms, weight), to find them split: "the number of your
    order", "what name should appear on the invoice"."""
    out = []
    for term, weight in terms.items():
        if len(term) == 2 and term[0] not in GENERIC_MODIFIERS and term[0] not in _ADJECTIVES:
            heads = {term[1], singular(term[1]), *NAMED_AS.get(term[1], ()),
                     term[1] + ("d" if term[1].endswith("e") else "ed")}  # "titled", "named", "addressed"
            out.append((term[0], frozenset(heads | {s for h in heads for s in noun_synonyms(h) if " " not in s}),
                        weight))
    return tuple(dict.fromkeys(out))


def _action_sense(tool: ToolInfo, facts: Sequence[FactSense]) -> ActionSense:
    """The action of an agent tool: the verb of its name, the nouns of its name, the options of its enumerated
    arguments and the facts it takes as objects ("the plan" and "Premium" for ``change_plan``)."""
    name = _name_words(tool.name)
    verb = next((w for w in name if w not in _QUALIFIERS), name[0] if name else tool.name)
    objects = [noun_synonyms(w) | noun_synonyms(singular(w)) for w in dict.fromkeys(name)
               if w != verb and w not in _QUALIFIERS]
    name_nouns = tuple(objects)
    for prop in tool.parameters.get("properties", {}).values():
        enum = prop.get("enum") or next((o.get("enum") for o in prop.get("anyOf", ()) if o.get("enum")), None)
        if enum:
            objects.append(frozenset(normalise(str(o)) for o in enum))
    for fact in facts:
        objects.append(frozenset({" ".join(_name_words(fact.fact.key)), *written_forms(normalise(fact.fact.value))}))
    # a generic verb's object names the action by its own verb ("pay … with PayPal" for modify_pending_order_payment;
    # never for cancel_appointment, whose noun is only what is cancelled)
    derived = {v for w in name if w != verb and w not in _QUALIFIERS for v in verbs_of(w)} \
        if verb in _GENERIC_VERBS else set()
    synonyms = frozenset(f for v in (verb, *derived) for s in action_synonyms(v) for f in inflections(s))
    described = description_verb(tool.description) if tool.irreversible else None
    if described is not None and described != verb and not _light_verb(tool.description, verb):
        synonyms |= inflections(described)  # "Close the account on …" names schedule_move_out
    # (a noun of the action's own name is what it acts on: "Appointment id: AP-9002" names no rescheduling)
    synonyms -= {n for group in name_nouns for n in group}
    return ActionSense(tool=tool.name, verb=verb, verbs=inflections(verb), synonyms=synonyms,
                       objects=tuple(o - {""} for o in objects if o - {""}),
                       phrases=tuple(normalise(p) for p in tool.phrases), irreversible=tool.irreversible,
                       critical=tool.critical, transfer=tool.name in TRANSFER_TOOLS or verb == "transfer",
                       name_nouns=name_nouns)


def _light_verb(description: str, verb: str) -> bool:
    """The description opens on a verb whose object is the tool's own action said as a noun ("Open a dispute on a
    card transaction" for ``dispute_transaction``): that verb says nothing of its own ("open the alerts tab")."""
    said = words(normalise(description))
    nouns = [w for w in said[1:4] if w not in ("a", "an", "the", "new")]
    return bool(nouns) and nouns[0] in inflections(verb)


# how a user tool's name starts → the operation it does (see _user_tools)
_USER_VERBS = (("turn on", "turn on"), ("turn off", "turn off"), ("switch on", "turn on"), ("switch off", "turn off"),
               ("enable", "turn on"), ("disable", "turn off"), ("disconnect", "turn off"), ("connect", "turn on"),
               ("check", "check"), ("open", "check"), ("read", "check"), ("view", "check"), ("look", "check"),
               ("show", "check"), ("reset", "reset"), ("restore", "reset"), ("restart", "restart"),
               ("reboot", "restart"), ("power cycle", "restart"), ("reseat", "reseat"), ("reinsert", "reseat"),
               ("run", "run"), ("set", "set"), ("change", "set"), ("select", "set"), ("grant", "grant"),
               ("allow", "grant"), ("pay", "pay"), ("accept", "pay"), ("approve", "pay"), ("can send", "send"),
               ("send", "send"), ("test", "send"), ("toggle", "toggle"))
_TAILS = ("status", "settings", "setting", "details", "info", "information", "screen", "permission", "permissions",
          "switches", "switch", "app")
_OPERATION_WORDS = re.compile(r"^(?:check|look|turn|switch|enable|disable|reset|restore|reseat|re-?insert|take|pop|"
                              r"remove|restart|reboot|run|send|set|change|grant|allow|give|pay|accept|approve|make|"
                              r"complete|disconnect|connect|power|what|which|is|any|top)\b")


_SHOWN = re.compile(r"^(?:list|read|show)s? (?:the |all )?(?!whether|if|what|which)([a-z][a-z -]*?)(?= of | on | at |:|"
                    r" \(|,|\.|$)")


# a domain's user tools are the same in each of its tasks (a ToolInfo hashes without its parameters, which this
# does not read)
@functools.lru_cache(maxsize=1024)
def _user_tool_sense(tool: ToolInfo) -> UserToolSense:
    """A user tool: the operation its name starts with, the thing it operates (its name's rest, without values
    and generic tails, with synonyms, plus its declared noun phrases) and, for a checking tool, the things its
    description says it shows."""
    name = " ".join(_name_words(tool.name)).replace("wifi", "wi-fi")
    verb, rest = "check", name
    actions: frozenset[str] = frozenset()
    for prefix, meaning in sorted(_USER_VERBS, key=lambda v: -len(v[0])):
        if name == prefix or name.startswith(prefix + " "):
            verb, rest = meaning, name[len(prefix):].strip()
            break
    else:
        first, _, tail = name.partition(" ")
        if tail:  # "clear app cache": an operation of its own on the rest
            # (a verb with its particle, "sign out and back in", by the phrase's synonyms: "log out")
            phrasal = f"{first} {tail.split()[0]}"
            said = action_synonyms(first) | (action_synonyms(phrasal) if len(action_synonyms(phrasal)) > 1 else set())
            # (a phrasal synonym in every form of its verb: "put on", "putting on"; "press play")
            actions = frozenset(" ".join((form, *rest_of)) for synonym in said
                                for head, *rest_of in [synonym.split()] for form in inflections(head))
            rest = tail
    rest = re.sub(r"^(?:a|an|the|any|your) ", "", rest)  # play_a_title operates a title
    thing = " ".join(w for w in rest.split() if not re.search(r"\d", w)) or rest  # "network mode", not its value
    things = {thing, rest}
    located = re.match(r"^(.+?) (?:on|in|at|from) \S", thing)  # read_error_on_screen reads an error
    if located:
        things.add(located.group(1))
    placed = re.match(r"^(?:app|phone|device|tv|screen|home) (\w.*)$", thing)  # check_app_alerts reads alerts
    if placed:
        things.add(placed.group(1))
    for tail in _TAILS:
        for t in list(things):
            if t.endswith(" " + tail):
                things.add(t[: -len(tail) - 1])
    things = {t for t in things if t}
    if any("card" in t.split() for t in things):
        things |= {t.replace(" card", "") for t in things}
    phrases = tuple(normalise(p) for p in tool.phrases)
    objects = {o for t in things for o in noun_synonyms(t)} | {p for p in phrases if not _OPERATION_WORDS.match(p)}
    mentions: set[str] = set()
    description = normalise(tool.description)
    if verb == "check" and ":" in description:  # "Read the icons …: airplane mode, SIM, signal, …"
        for piece in re.split(r",|\band\b|\(|\)|;", description.split(":", 1)[1]):
            piece = re.sub(r"\b(?:switches|switch|settings|icons?)$|^the ", "", piece.strip(" .")).strip()
            if piece and len(piece.split()) <= 3:
                mentions |= noun_synonyms(piece)
    # "Read the preferred network mode (4G/5G preferred, 3G only, 2G only)": it shows those values (a single plain
    # word, "(messages, camera, browser)", names too common a thing to stand for the screen)
    listed = re.search(r"\(([^()]+,[^()]+)\)", description)
    if verb == "check" and listed:
        mentions |= {v.strip() for v in listed.group(1).split(",")
                     if 2 <= len(v.split()) <= 3 or re.search(r"\d", v)}
    # "What the device's connection indicator shows.": that indicator, also by its head ("the status indicator")
    what = re.match(r"^what (?:the |your )?(?:[\w-]+'s )?([a-z][a-z -]*?) (?:shows?|says?|displays?|reads?)\b",
                    description)
    if verb == "check" and what and len(what.group(1).split()) <= 3:
        head = what.group(1).split()[-1]
        # (and by the head's one-word synonyms: "the network icon in the corner" is that indicator too)
        mentions |= noun_synonyms(what.group(1)) | {head} | {w for w in noun_synonyms(head) if " " not in w}
    shown = _SHOWN.match(description)  # "List the permissions of the installed apps": it shows permissions
    if verb == "check" and shown and len(shown.group(1).split()) <= 3:
        mentions |= noun_synonyms(shown.group(1))
    also = frozenset({"turn on"}) if re.search(r"\b(?:powers?|turns?|switch(?:es)?) (?:it|them) on\b", description) \
        else frozenset()
    return UserToolSense(tool=tool.name, verb=verb, objects=tuple(sorted(objects, key=lambda o: (-len(o), o))),
                         also=also, actions=actions,
                         mentions=frozenset(mentions - objects), phrases=phrases,
                         keywords=content_words(f"{name} {description}"),
                         name_keywords=content_words(name, particles=True),
                         sites=frozenset(web_addresses(tool.description)))


# words too common to say which tool is meant
_FUNCTION_WORDS = frozenset("""a an the and or but if then than so to of in on at by for from with into onto out off
up down back again is are was were be been being it its this that these those your you my me i we our us they them
their he she his her do does did done have has had can could would will should shall may might must please just now
what which who when where why how any some all each every not no yes there here as about after before once while
say says said show shows see sees seen tell let know try get got make made use used like one two new other same
phone app device screen""".split())
# the particles of a tool's name ("sign out and back in"): function words elsewhere, telling in a name
_PARTICLES = frozenset({"out", "in", "up", "down", "off", "on", "back", "over"})
# the same operation in other words ("log out" of a tool named sign_out…)
_KEYWORD_SYNONYMS = {"log": "sign", "login": "sign", "logout": "sign", "signin": "sign", "signout": "sign",
                     "relaunch": "restart", "reboot": "restart", "reopen": "open", "launch": "open"}


_WEB_ADDRESS = re.compile(r"\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|co|uk|de|fr|app|tv|info)\b")


def web_addresses(text: str) -> set[str]:
    """The web addresses a text names, without scheme or path ("https://Speedtest.example.net/go" → the host)."""
    return set(_WEB_ADDRESS.findall(text.lower()))


def content_words(text: str, *, particles: bool = False) -> frozenset[str]:
    """The content words of a text, each in one form (plural -s and -ing/-ed dropped, synonyms unified);
    ``particles`` keeps "out", "back", "in", … (they tell "sign out and back in" from "sign")."""
    keep = _PARTICLES if particles else frozenset()
    out: set[str] = set()
    for found in re.findall(r"[a-z]+", normalise(text)):
        word = str(found)
        for suffix in ("ging", "ing", "ged", "ed", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
                word = word[: -len(suffix)]
                break
        word = _KEYWORD_SYNONYMS.get(word, word)
        if (word not in _FUNCTION_WORDS or word in keep) and len(word) > 1:
            out.add(word)
    return frozenset(out)


def tool_infos(specs: Iterable[Any]) -> tuple[ToolInfo, ...]:
    """ToolInfo of domain ToolSpecs (or of ToolInfos, unchanged)."""
    out = []
    for s in specs:
        if isinstance(s, ToolInfo):
            out.append(s)
        else:
            out.append(ToolInfo(name=s.name, side=s.side, description=s.description, parameters=s.parameters,
                                irreversible=s.irreversible, critical=tuple(s.critical),
                                phrases=tuple(s.phrases)))
    return tuple(out)

