"""The simulated guest's own view of a restaurant order — the Toast paper's state tracker, made deterministic.

``T_target`` is the goal's order; ``T_current`` the lines the agent has confirmed back to the guest, read from the
agent's messages alone (never from the backend). ``T_current`` changes only as the agent states it: a statement
adds a line ("I've added 2 x …"), removes one ("I've removed the cola") or changes one ("I've changed that to …"),
and a read-back ("Here is your order: …", or a request to confirm that lists lines) replaces it with what was read.
Questions and suggestions change nothing. The order is ``complete`` when ``T_current`` holds every target line and
nothing else.

Lines are compared as (item, quantity, set of modifiers) and shown as normalised strings — lower case, specials and
leading filler removed, modifiers in the target's order — like ``2 x margherita pizza (large, fresh basil)``.
The agent's text is read two ways: the structured ``<n> x <item> (<modifiers>)`` form (any item), and natural
mentions of the items the guest knows (its target and the current lines), with a number before the item and the
guest's own modifiers around it (``two large margherita pizzas with fresh basil``).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..models import OrderLine
from ..understanding._text import compiled, is_question, without_shorthand
from ..understanding._values import COUNTED_LINE, OPTION_KINDS

_NUMBERS = {"a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_WORDS = {n: w for w, n in _NUMBERS.items() if w not in ("a", "an", "single")}
_NUMBERS["couple"] = 2  # "a couple of Diet Colas" (said, never written by the guest: not in _WORDS)
# ("add bacon" on a read-back line is the bacon modifier)
_FILLER = frozenset({"the", "a", "an", "some", "please", "with", "and", "plus", "also", "of", "just", "um", "uh",
                     "like", "order", "for", "me", "add"})
_STRUCTURED = re.compile(r"(?<![a-z0-9.])(\d{1,2})\s*[x×]\s+")
# "Sparkling Water x3", "Diet Cola (medium) x2", or the next cell of a table row ("| Iced Tea | 2 | large |")
_QUANTITY_AFTER = re.compile(r"\s*(?:\([^)]*\)\s*)?(?:x\s?|\|\s*)(\d{1,2})(?![0-9]|[.,][0-9])")
# cues of what a statement does to the order (matched in cleaned text: apostrophes dropped, "i've" is "ive")
_ADDED = re.compile(r"\b(added|adding|ive put|ive got|got it|got you|noted|put in|put down|included|coming up)\b")
# a question proposing one more line ("Should I put the broccolini on as well?") reads nothing back
# ("Should I put a small Cold Brew on the order?", "Shall I pop a Crispy Calamari onto your order?")
_ADDING = re.compile(r"\b(?:add|adding|put|include|throw)\b.*\b(?:as well|too|also|in addition)\b|\b(?:add|adding)\b"
                     r"|\b(?:put|pop|stick|throw|include)\b.* (?:on|onto|in|into|to) (?:the|your) order\b")
_REMOVED = re.compile(r"\b(removed|taken off|took off|deleted|dropped|cancell?ed|no longer)\b")
# a sentence about what the kitchen cannot do (cleaned: "can't" is "cant"), which reads no line back
_UNAVAILABLE = re.compile(r"\b(?:cant|cannot|can not|dont|doesnt|isnt|arent|wont|unable to|out of|sold out|unavailable|"
                          r"not available)\b")
_CHANGED = re.compile(r"\b(changed|updated|corrected|fixed|instead|switched)\b")
_READ_BACK = re.compile(r"your order(?: is| has| so far| now| comes| reads|:)|here is your|heres your|so far|"
                        r"to confirm|you(?:ve| have)? ordered|altogether|all together|in total|full order|"
                        r"whole order|\bso thats\b|\bthat makes\b|\byou(?:d| would) like\b|\bi have you down\b"
                        r"|\byou have\b|"
                        r"read(?:ing)? (?:it|that|this|your order|everything) back|\brecap\b|\bsummary\b")
# a price or a bare number beside a line, which no modifier is
_PRICE = re.compile(r"\$?\s*\d+(?:[.,]\d+)?(?:\s*(?:each|total|usd|eur))?")

# where a stated line ends and its price or a remark on it begins
_LINE_TAIL = re.compile(r"\s*[:~,=]?\s*\$\s*\d|,\s*(?:which|that|for a total|totall?ing|coming to|at)\b")

Told = Literal["vague", "partial", "exact"]


def clean(text: str) -> str:
    """Lower-case; ``&`` as "and"; hyphens, quotes and other specials as spaces, keeping the punctuation that
    separates lines and modifiers (``( ) , ; . ? !``, a table's ``|``, a spaced dash as ``~``) and prices."""
    # ("garlic dip + extra dip": a plus divides modifiers, as a comma does)
    text = without_shorthand(text.lower().replace("+", ",")).replace("&", " and ").replace("\u00d7", "x")
    text = text.replace("'", "").replace("\u2019", "")
    text = re.sub(r"\bw/o\b", " without ", text)
    text = re.sub(r"\bw/", " with ", text)  # "w/ spicy marinara"
    text = re.sub(r"\s[-\u2013\u2014]+\s", " ~ ", text)  # a spaced dash ends a counted line ("… knots - want it?")
    text = re.sub(r"[^a-z0-9()\[\],;:.?!$|~ ]", " ", text)  # "|" divides a table's cells
    return re.sub(r"\s+", " ", text).strip()


@functools.lru_cache(maxsize=4096)
def phrase(text: str) -> str:
    """A name or modifier as compared: cleaned, punctuation gone, leading and trailing filler words dropped."""
    words = re.sub(r"[^a-z0-9 ]", " ", clean(text)).split()
    while words and words[0] in _FILLER:
        words.pop(0)
    while words and words[-1] in _FILLER:
        words.pop()
    return " ".join(words)


def line_string(item: str, quantity: int, modifiers: Iterable[str]) -> str:
    mods = ", ".join(modifiers)
    return f"{quantity} x {item}" + (f" ({mods})" if mods else "")


@dataclass(frozen=True)
class TrackedLine:
    """One order line as the guest compares it."""

    item: str
    quantity: int
    modifiers: frozenset[str] = frozenset()

    def same_item(self, other: TrackedLine) -> bool:
        return self.item == other.item


@dataclass(frozen=True)
class OrderDiff:
    """Target against current: lines right, missing, stated wrongly (target, current) and extra."""

    matched: tuple[TrackedLine, ...] = ()
    missing: tuple[TrackedLine, ...] = ()
    wrong: tuple[tuple[TrackedLine, TrackedLine], ...] = ()
    extra: tuple[TrackedLine, ...] = ()

    @property
    def complete(self) -> bool:
        return not (self.missing or self.wrong or self.extra)


def compare(target: Sequence[TrackedLine], current: Sequence[TrackedLine]) -> OrderDiff:
    """Pair target and current lines: exact matches first, then the same item with another quantity or other
    modifiers (wrong); the rest of the target is missing, the rest of current extra."""
    left = list(current)
    matched, unmatched = [], []
    for line in target:
        if line in left:
            left.remove(line)
            matched.append(line)
        else:
            unmatched.append(line)
    missing, wrong = [], []
    for line in unmatched:
        other = next((c for c in left if c.same_item(line)), None)
        if other is None:
            missing.append(line)
        else:
            left.remove(other)
            wrong.append((line, other))
    return OrderDiff(matched=tuple(matched), missing=tuple(missing), wrong=tuple(wrong), extra=tuple(left))


def _removal_forms(modifier: str) -> tuple[str, ...]:
    """How a removal may be said: "no onions" is also "without onions", "hold the onions", "no onion"."""
    if not modifier.startswith("no "):
        return (modifier,)
    rest = modifier[3:]
    singular = rest.removesuffix("s")
    return tuple(dict.fromkeys((modifier, f"no {singular}", f"without {rest}", f"without {singular}",
                                f"hold the {rest}", f"hold the {singular}")))


def _said_forms(modifier: str) -> tuple[str, ...]:
    """A modifier as it may be said: its removal forms, and without a generic last word ("brioche" for "brioche
    bun")."""
    forms = _removal_forms(modifier)
    words = modifier.split()
    if len(words) > 1 and words[-1] in OPTION_KINDS:
        forms = (*forms, " ".join(words[:-1]))
    if len(words) == 2 and words[0] in _AMOUNT_WORDS:  # "light sauce" said "light on the sauce"
        forms = (*forms, f"{words[0]} on the {words[1]}", f"{words[0]} on {words[1]}")
    if modifier in _SIZE_LETTERS:  # "Diet Cola x2 - M": a size by its letter
        forms = (*forms, _SIZE_LETTERS[modifier])
    return forms


# amounts of a topping or sauce, said before it or "… on the sauce"
_AMOUNT_WORDS = frozenset({"light", "extra", "easy", "heavy"})
# the letters sizes are written with on menus and receipts
_SIZE_LETTERS = {"small": "s", "medium": "m", "large": "l"}


def _pattern(name: str) -> re.Pattern[str]:
    """Whole-word pattern of an item name, tolerating a plural ("pizzas", "sandwiches")."""
    return compiled(rf"(?<![a-z0-9]){re.escape(name)}(?:s|es)?(?![a-z0-9])")


@dataclass
class OrderTracker:
    """T_target vs T_current for one guest, plus what the guest has said about each target line."""

    goal: Sequence[OrderLine]
    asks_approval: Callable[[str], bool] = lambda sentence: False  # whether a sentence asks to approve
    target: tuple[TrackedLine, ...] = ()
    current: list[TrackedLine] = field(default_factory=list)
    told: list[Told | None] = field(default_factory=list)  # per target line: how the guest has named it so far
    corrections: Counter[str] = field(default_factory=Counter)  # per target line string: times corrected
    # the lines the agent's last message named in passing, without adding, changing or reading back ("That's one
    # small Cold Brew."): what an ask to place the order right after it ("Shall I put it through?") approves
    mentioned: list[TrackedLine] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.target = tuple(TrackedLine(item=phrase(g.item), quantity=g.quantity,
                                        modifiers=frozenset(phrase(m) for m in g.modifiers)) for g in self.goal)
        self.told = [None] * len(self.target)
        self._order_of = {phrase(m): i for g in self.goal for i, m in enumerate(g.modifiers)}

    # ------------------------------------------------------------------------------------------- state

    def render(self, line: TrackedLine) -> str:
        """The normalised string of a line, modifiers in the target's order, then alphabetical."""
        mods = sorted(line.modifiers, key=lambda m: (self._order_of.get(m, len(self._order_of)), m))
        return line_string(line.item, line.quantity, mods)

    def diff(self) -> OrderDiff:
        return compare(self.target, self.current)

    @property
    def complete(self) -> bool:
        """T_current ⊇ T_target with nothing extra: what the guest needs to hear before saying yes."""
        return self.diff().complete

    def snapshot(self) -> dict[str, object]:
        """The tracker as recorded on each user turn (``Turn.user_state["tracker"]["order"]``)."""
        return {"target": [self.render(t) for t in self.target],
                "current": [self.render(c) for c in self.current], "complete": self.complete}

    def untold(self) -> list[int]:
        return [i for i, told in enumerate(self.told) if told is None]

    def hazy(self) -> list[int]:
        """Target lines the guest named only loosely or without their modifiers."""
        return [i for i, told in enumerate(self.told) if told in ("vague", "partial")]

    # ------------------------------------------------------------------------------------------- reading

    def observe(self, text: str) -> list[TrackedLine]:
        """Update T_current from one agent message; returns the lines the message stated (added, changed or read
        back), so the guest can react to a line stated wrongly."""
        parts = _sentences(text)
        # lines stated in a message that asks to approve them (or to place the order) are a read-back
        # ("Shall I add that to your order?" approves one more line: what is stated beside it is no read-back)
        confirming = any(self.asks_approval(s) and not (is_question(s) and _ADDING.search(s)) for s in parts)
        read_back = self._read_back(parts, confirming)
        asks_as_written = not confirming and any(self.asks_approval(s) for s in _written_sentences(text))
        if not read_back and asks_as_written:
            # the ask may show only as written ("I'll send it once you say it's right", "… - want me to ring that
            # up?": cleaning drops the apostrophes and dashes its forms are made of); what the message lists is then
            # a read-back when it names every item of the order (one line named beside "I'll place it once you
            # confirm" reads nothing back)
            whole = self._read_back(parts, True)
            said = {line.item for s in whole for line in self.lines_in(s)}
            read_back = whole if said >= {t.item for t in self.target} else []
        before, self.mentioned = self.mentioned, []
        if read_back:  # a read-back states the whole order: T_current becomes exactly what was read
            stated = list(dict.fromkeys(line for s in read_back for line in self.lines_in(s)))
            self.current = stated
            return stated
        if (confirming or asks_as_written) and before and not any(self.lines_in(s) for s in parts):
            # "Shall I put it through?" right after "Great - one small Cold Brew.": the lines just named are the
            # order the guest is asked to approve (the guest reacted to them when they were said)
            self.current = before
            return []
        stated = []
        for sentence in (s for s in parts if not is_question(s)):
            # a natural mention only counts when the sentence says it did something ("the pizza comes in three
            # sizes" confirms nothing); the structured "2 x …" form is a statement of an order line by itself
            acted = any(cue.search(sentence) for cue in (_ADDED, _REMOVED, _CHANGED))
            lines = self.lines_in(sentence, natural=acted)
            if _REMOVED.search(sentence):
                for line in lines:
                    self._remove(line)
                continue
            for line in lines:
                if _CHANGED.search(sentence):
                    self.current = [c for c in self.current if not c.same_item(line)]
                if line not in self.current:
                    self.current.append(line)
                stated.append(line)
        named = list(dict.fromkeys(line for s in parts if not is_question(s) for line in self.lines_in(s)))
        if not stated and {line.item for line in named} >= {t.item for t in self.target}:
            self.mentioned = named  # every item of the order named in passing: a read-back, if an ask follows
        return stated

    def _read_back(self, parts: list[str], confirming: bool) -> list[str]:
        """The sentences that read the order back: said as a read-back, or stating lines beside an ask to approve
        (not one saying what cannot be had: "I can't offer the calamari gluten-free")."""
        return [s for s in parts if (_READ_BACK.search(s) or confirming) and not _ADDED.search(s)
                and not (s.endswith("?") and _ADDING.search(s)) and not _UNAVAILABLE.search(s) and self.lines_in(s)]

    def _remove(self, line: TrackedLine) -> None:
        if line in self.current:
            self.current.remove(line)
        else:  # "I've removed the cola": every line of that item
            self.current = [c for c in self.current if not c.same_item(line)]

    def lines_in(self, sentence: str, *, natural: bool = True) -> list[TrackedLine]:
        """The order lines one sentence states, structured ("2 x …") or naturally about items the guest knows."""
        said = clean(sentence)
        found: list[tuple[int, TrackedLine]] = []
        covered: list[tuple[int, int]] = []
        markers = list(_STRUCTURED.finditer(said))
        for k, marker in enumerate(markers):
            end = markers[k + 1].start() if k + 1 < len(markers) else len(said)
            line = self._structured(int(marker.group(1)), said[marker.end():end])
            if line is not None:
                found.append((marker.start(), line))
                covered.append((marker.start(), end))
        if natural:
            named = self._natural(said, covered)
            found.extend(named)
            if named:  # a list of known lines may hold one the guest never ordered ("… and 2 garlic knots")
                found.extend(self._unknown(said, [*covered, *((start, start + 1) for start, _ in named)]))
        return [line for _, line in sorted(found, key=lambda f: f[0])]

    def _known_items(self) -> list[str]:
        names = {t.item for t in self.target} | {c.item for c in self.current}
        return sorted(names, key=len, reverse=True)  # longest first: "diet cola" before "cola"

    def _item_names(self) -> list[tuple[str, str]]:
        """(item, name said) of the known items: the full name, and — when no other item shares it — the name
        without its first word ("lemonade" for "fresh lemonade", "salmon" for "grilled salmon"); longest first."""
        items = self._known_items()
        names = [(item, item) for item in items]
        for item in items:
            rest = item.split(" ", 1)[1] if " " in item else ""
            if len(rest) >= 5 and not any(other != item and rest in other for other in items):
                names.append((item, rest))
        return sorted(names, key=lambda n: -len(n[1]))

    def _structured(self, quantity: int, segment: str) -> TrackedLine | None:
        head = re.split(r"[;.!?]\s|[;.!?]$", segment, maxsplit=1)[0]
        # "1 x tiramisu: $8.00", "…, which comes to $13.00" (not a price inside the brackets: "(large +$1.00)")
        tail = next((m for m in _LINE_TAIL.finditer(head)
                     if head.count("(", 0, m.start()) == head.count(")", 0, m.start())), None)
        head = head[:tail.start()] if tail else head
        name = head
        mods: list[str] = []
        if "(" in head:
            name, _, inner = head.partition("(")
            mods = inner.split(")")[0].split(",")
        else:
            name = re.split(r",|\bwith\b", head, maxsplit=1)[0]
            if " with " in f" {head} ":
                mods = re.split(r",|\band\b", head.split("with", 1)[1])
        name = phrase(name)
        item = next((k for k in self._known_items() if name == k or name.startswith(k + " ")
                     or _pattern(k).fullmatch(name)), None)
        if item is not None and name.startswith(item + " ") and not _pattern(item).fullmatch(name):
            mods = [name[len(item):], *mods]  # "2 x four cheese pizza - small, classic crust"
            if "(" not in head and " with " not in f" {head} ":
                mods += head.split(",")[1:]
        elif item is not None and "(" not in head and " with " not in f" {head} ":
            mods += head.split(",")[1:]  # "1 x cold brew, small"
        mods = [m for m in mods if not _PRICE.fullmatch(m.strip())]  # "1 x cold brew, $4.50"
        mods = [self._as_ordered(item, phrase(m)) for m in mods] if item is not None else mods
        if item is None:
            # an item the guest does not know: cut at a connector and keep a short name (it is an extra)
            item = phrase(re.split(r"\band\b|\bplus\b", name)[0])
            if not item or len(item.split()) > 6:
                return None
        return TrackedLine(item=item, quantity=quantity, modifiers=frozenset(p for m in mods if (p := phrase(m))))

    def _unknown(self, said: str, covered: list[tuple[int, int]]) -> list[tuple[int, TrackedLine]]:
        """Lines of a list that name no item the guest knows: a counted noun phrase between the list's separators
        ("1 garlic knots with marinara dip"), which is an item the guest never asked for."""
        out = []
        for m in COUNTED_LINE.finditer(said):
            if any(m.start("line") <= a < m.end("line") for a, _ in covered):
                continue
            quantity = int(m.group("n")) if m.group("n").isdigit() else _NUMBERS[m.group("n")]
            name = phrase(re.split(r"\bwith\b|\(", m.group("name"), maxsplit=1)[0])
            if name and len(name.split()) <= 4 and quantity:
                out.append((m.start("line"), TrackedLine(item=name, quantity=quantity)))
        return out

    def _as_ordered(self, item: str, said: str) -> str:
        """A modifier said of a line as the guest's own modifier it names: "brioche" for "brioche bun", "spicy
        marinara dip" for "spicy marinara"; else as said."""
        head, _, kind = said.rpartition(" ")
        for target in (m for t in self.target if t.item == item for m in t.modifiers):
            if said in _said_forms(target) or (kind in OPTION_KINDS and head == target):
                return target
        return said

    def _natural(self, said: str, covered: list[tuple[int, int]]) -> list[tuple[int, TrackedLine]]:
        hits: list[tuple[int, int, str]] = []
        for item, name in self._item_names():
            for m in _pattern(name).finditer(said):
                overlaps = any(a <= m.start() < b for a, b in covered) or any(
                    not (m.end() <= s or e <= m.start()) for s, e, _ in hits)
                if not overlaps:
                    hits.append((m.start(), m.end(), item))
        hits.sort()
        out = []
        for k, (start, end, item) in enumerate(hits):
            previous_end = hits[k - 1][1] if k else 0
            # (a count is a word or one or two digits, brackets aside: "order 5301 (1 cobb salad" counts 1)
            before = [w.strip("([") for w in said[max(previous_end, start - 40):start].split()[-4:]]
            after = _QUANTITY_AFTER.match(said, end)  # "Sparkling Water x3", "Diet Cola (medium) x2"
            quantity = next((_NUMBERS.get(w, int(w) if w.isdigit() else 0) for w in reversed(before)
                             if w in _NUMBERS or (w.isdigit() and len(w) <= 2)),
                            int(after.group(1)) if after else 1) or 1
            stop = hits[k + 1][0] if k + 1 < len(hits) else len(said)
            window = " ".join(before) + " " + re.split(r"[;.!?]", said[end:stop], maxsplit=1)[0]
            known = {m for t in self.target if t.item == item for m in t.modifiers}
            mods = frozenset(m for m in known if any(_pattern_phrase(form).search(window)
                                                     for form in _said_forms(m)))
            out.append((start, TrackedLine(item=item, quantity=quantity, modifiers=mods)))
        return out


@functools.lru_cache(maxsize=2048)
def _pattern_phrase(text: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z0-9]){re.escape(text)}(?![a-z0-9])")


def _written_sentences(text: str) -> list[str]:
    """Sentences and lines of an agent message as written (not cleaned)."""
    return [s.strip() for line in text.splitlines() for s in re.split(r"(?<=[.?!])\s+", line) if s.strip()]


def _sentences(text: str) -> list[str]:
    """Sentences and lines of an agent message, cleaned; a price ("$38.50") does not end one."""
    return [s.strip() for line in text.splitlines() for s in re.split(r"(?<=[.?!])\s+", clean(line)) if s.strip()]


# ------------------------------------------------------------------------------------------------ saying a line


def spoken_quantity(quantity: int, *, digits: bool, item: str) -> str:
    if digits:
        return str(quantity)
    if quantity == 1:
        return "an" if item[:1] in "aeiou" else "a"
    return _WORDS.get(quantity, str(quantity))


def plural(item: str, quantity: int) -> str:
    """"margherita pizzas", "firebird chicken sandwiches"; names already plural or uncountable stay."""
    if quantity == 1 or item.endswith(("s", "cheese", "chips", "bao", "slaw", "broccolini", "calamari", "tiramisu")):
        return item
    return item + ("es" if item.endswith(("ch", "sh")) else "s")


def spoken_modifier(modifier: str, *, variant: int) -> str:
    """A removal said one of three ways ("no onions", "without onions", "hold the onions")."""
    if not modifier.startswith("no "):
        return modifier
    return (modifier, f"without {modifier[3:]}", f"hold the {modifier[3:]}")[variant % 3]


def joined(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
