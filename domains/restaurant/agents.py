"""Offline agents for the restaurant domain: ``reference`` follows policy.md; the flawed variants make mistakes real
ordering bots make, so tests can show that success and the metrics catch them.

The agent knows the menu (it reads ``db.json``, as an ordering system is configured with its menu) and is
stateless: every turn it re-reads the whole conversation, replays what the guest said into the order the guest
wants (lines, lines waiting for a required choice, an unclear dish, whether the guest is done or said yes), brings
the open order in line with it through the tools, then says what it did and asks what it still needs.

Understanding the guest is rule-based and synonym-tolerant: item names, aliases and plurals; option names, their
aliases in ``db.json`` ("ranch" for "buttermilk ranch") and removal phrasings ("without onions", "hold the
onions"); quantities as digits or words. A loose description ("that spicy fried chicken thing") gets a question
suggesting the closest items.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView, ToolRequest
from pytest_mmtau.domain import import_file

_HERE = Path(__file__).resolve().parent
menu = import_file(_HERE / "menu.py", f"{__name__}__menu")

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_QUANTITY = re.compile(r"(?<![a-z0-9])(\d{1,2}|" + "|".join(_NUMBERS) + r")(?:\s*x)?(?![a-z0-9])")
_REMOVE = re.compile(r"\b(take off|take away|remove|drop|cancel|no more|dont want|do not want|didnt order|"
                     r"did not order|get rid of)\b")
_DONE = re.compile(r"\b(thats (?:the whole order|my (?:whole|full) order|all|everything|it)|nothing (?:more|else)|"
                   r"(?:that|this) is (?:all|everything|the whole order)|im done|that will be all|all set)\b")
_READ_BACK_PLEASE = re.compile(r"\bread (?:it|the order|my order)? ?back\b|\brepeat (?:the|my) order\b")
_YES = re.compile(r"\b(yes|yeah|yep|yup|correct|right|perfect|go ahead|sounds good|please do|place it)\b")
_NO = re.compile(r"\b(no|not|wrong|missed|should be|didnt|dont|take off|instead)\b")
_HOW_LONG = re.compile(r"\bhow long\b")
_VAGUE = frozenset({"thing", "things", "one", "ones", "dish", "stuff", "whatever", "something", "those", "that"})
_STOP = frozenset({"the", "a", "an", "that", "those", "thing", "things", "one", "ones", "with", "and", "of", "in",
                   "is", "it", "whatever", "called", "just", "little", "i", "me", "like", "some", "please", "um",
                   "uh", "for", "to", "id", "ill", "also", "have", "get", "can", "want", "would", "dish", "stuff"})
_READ_BACK_ASK = "Shall I place the order?"
_ASK_MARK = " would you like for the "
_UNSURE_MARK = "which dish you mean"


def _clean(text: str) -> str:
    """Lower-case, apostrophes dropped ("that's" is "thats"), specials as spaces; keeps , ; : . ? ! for clauses."""
    text = text.lower().replace("&", " and ").replace("'", "").replace("\u2019", "")
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9,;:.?! ]", " ", text)).strip()


def _stem(word: str) -> str:
    """A crude stem so "cheesy" meets "cheese" and "rolls" meets "roll"."""
    word = word[:-1] if word.endswith("s") and len(word) > 3 else word
    return word[:-1] if word.endswith(("y", "e")) and len(word) > 3 else word


# --------------------------------------------------------------------------------------------- menu knowledge


@dataclass(frozen=True, kw_only=True)
class _Knowledge:
    """The menu plus the patterns the agent hears it by (built once per process)."""

    menu: Any
    items: re.Pattern[str]  # every item name and alias, longest first, so "sweet potato fries" beats "fries"
    by_name: dict[str, Any]
    option_forms: dict[str, tuple[str, ...]]  # option name -> ways a guest says it
    words: dict[str, frozenset[str]]  # item id -> stems of its name, aliases, description, category


@functools.lru_cache(maxsize=2048)
def _word_pattern(phrase: str, *, plural: bool) -> re.Pattern[str]:
    suffix = "(?:s|es)?" if plural else ""
    return re.compile(rf"(?<![a-z0-9]){re.escape(phrase)}{suffix}(?![a-z0-9])")


def _forms(option: str, aliases: dict[str, list[str]]) -> tuple[str, ...]:
    forms = [option, *aliases.get(option, ())]
    if option.startswith("no "):
        rest = option[3:]
        for thing in {rest, rest.removesuffix("s")}:
            forms += [f"no {thing}", f"without {thing}", f"hold the {thing}", f"without the {thing}"]
    return tuple(sorted(set(forms), key=len, reverse=True))


def _knowledge() -> _Knowledge:
    global _KNOWLEDGE
    if _KNOWLEDGE is None:
        db = json.loads((_HERE / "db.json").read_text(encoding="utf-8"))
        the_menu = menu.Menu(db)
        by_name = {menu.normalise(n): item for item in the_menu.items for n in (item.name, *item.aliases)}
        names = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
        aliases = db.get("option_aliases", {})
        _KNOWLEDGE = _Knowledge(
            menu=the_menu,
            items=re.compile(rf"(?<![a-z0-9])({names})(?:s|es)?(?![a-z0-9])"),
            by_name=by_name,
            option_forms={o: _forms(o, aliases) for item in the_menu.items for o in item.option_names()},
            words={item.id: frozenset(_stem(w) for w in menu.normalise(" ".join(
                (item.name, *item.aliases, item.description, item.category))).split()) for item in the_menu.items},
        )
    return _KNOWLEDGE


_KNOWLEDGE: _Knowledge | None = None


# --------------------------------------------------------------------------------------------- what the guest said


@dataclass(frozen=True, kw_only=True)
class _Wish:
    """One item the guest named in one message: how many (None: not said), which options, or to remove it."""

    item: Any
    quantity: int | None
    options: tuple[str, ...]
    remove: bool = False


@dataclass(frozen=True, kw_only=True)
class _Heard:
    wishes: tuple[_Wish, ...]
    rest: tuple[str, ...]  # the clauses that named no item (an answer, a loose description, "that's all")


def _options_in(text: str, item: Any, *, keep_optional: bool) -> list[str]:
    """The item's options said in ``text``, longest phrase first; a later choice in a one-option group wins."""
    forms = _knowledge().option_forms
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    candidates = sorted(((form, option) for option in item.option_names() for form in forms[option]),
                        key=lambda pair: len(pair[0]), reverse=True)
    for form, option in candidates:
        for m in _word_pattern(form, plural=not form.startswith(("no ", "without", "hold"))).finditer(text):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                taken.append((m.start(), m.end()))
                found.append((m.start(), option))
    chosen: dict[str, str] = {}  # one-option group key -> option
    picked: list[str] = []
    for _, option in sorted(found):
        group = item.group_of(option)
        if not group.required and not keep_optional:
            continue  # the flawed agent's deafness to extras and removals
        if group.max == 1:
            chosen[group.key] = option
        elif option not in picked:
            picked.append(option)
    return [*chosen.values(), *picked]


@functools.lru_cache(maxsize=512)  # the agent re-reads the whole conversation every turn: the conversation's messages
def _hear(text: str, *, keep_optional: bool) -> _Heard:
    """Split a guest message into items named (with quantity and options) and the clauses that name none."""
    knowledge = _knowledge()
    wishes: list[_Wish] = []
    rest: list[str] = []
    for clause in (c.strip() for c in re.split(r"[.;!?]+(?:\s+|$)", _clean(text)) if c.strip()):
        hits = [(m.start(), m.end(), knowledge.by_name[m.group(1)]) for m in knowledge.items.finditer(clause)]
        if not hits:
            rest.append(clause)
            continue
        starts = []  # a line starts at the quantity word before its item, else at the item
        for k, (start, _, _) in enumerate(hits):
            gap_from = hits[k - 1][1] if k else 0
            numbers = list(_QUANTITY.finditer(clause, gap_from, start))
            starts.append(numbers[-1].start() if numbers else start)
        if starts[0] > 0:
            rest.append(clause[:starts[0]])
        for k, (start, end, item) in enumerate(hits):
            chunk_end = starts[k + 1] if k + 1 < len(hits) else len(clause)
            gap_from = hits[k - 1][1] if k else 0
            numbers = list(_QUANTITY.finditer(clause, gap_from, start))
            quantity = None
            if numbers:
                word = numbers[-1].group(1)
                quantity = int(word) if word.isdigit() else _NUMBERS[word]
            masked = clause[starts[k]:start] + " " * (end - start) + clause[end:chunk_end]
            wishes.append(_Wish(item=item, quantity=quantity,
                                options=tuple(_options_in(masked, item, keep_optional=keep_optional)),
                                remove=bool(_REMOVE.search(clause[gap_from:end]))))
    return _Heard(wishes=tuple(wishes), rest=tuple(rest))


# --------------------------------------------------------------------------------------------- the order wanted


@dataclass(frozen=True, kw_only=True)
class _Line:
    item: Any
    quantity: int
    options: tuple[str, ...]

    def missing(self) -> list[Any]:
        return [g for g in self.item.required_groups if not any(g.option(o) for o in self.options)]

    def canonical(self) -> tuple[str, ...]:
        order = self.item.option_names()
        return tuple(sorted(self.options, key=order.index))


@dataclass(kw_only=True)
class _Wanted:
    """The order as the agent understands the guest so far."""

    lines: list[_Line] = field(default_factory=list)  # complete or waiting for a required choice
    unsure: str | None = None  # a loose description no item matched
    done: bool = False  # the guest has everything they want
    read_back: bool = False  # the guest asked to hear the order
    yes: bool = False  # the guest said yes to the latest read-back

    @property
    def waiting(self) -> list[_Line]:
        return [line for line in self.lines if line.missing()]

    @property
    def complete(self) -> list[_Line]:
        return [line for line in self.lines if not line.missing()]

    def upsert(self, wish: _Wish) -> None:
        """A named item: a new line, or a change to the line of that item (what is said replaces what was)."""
        line = next((x for x in self.lines if x.item.id == wish.item.id), None)
        if wish.remove:
            if line is not None:
                self.lines.remove(line)
            return
        if line is None:
            self.lines.append(_Line(item=wish.item, quantity=wish.quantity or 1, options=wish.options))
            return
        options = line.options
        if wish.options:
            said_groups = {wish.item.group_of(o).key for o in wish.options}
            kept = [o for o in line.options if wish.item.group_of(o).required
                    and wish.item.group_of(o).key not in said_groups]
            options = (*kept, *wish.options)
        self.lines[self.lines.index(line)] = replace(line, quantity=wish.quantity or line.quantity, options=options)

    def fill(self, text: str, *, keep_optional: bool) -> None:
        """An answer naming no item completes the first line waiting for a choice."""
        waiting = self.waiting
        if not waiting:
            return
        line = waiting[0]
        said = _options_in(text, line.item, keep_optional=keep_optional)
        if said:
            groups = {line.item.group_of(o).key for o in said}
            kept = tuple(o for o in line.options if line.item.group_of(o).key not in groups
                         or not line.item.group_of(o).required)
            self.lines[self.lines.index(line)] = replace(line, options=tuple(dict.fromkeys((*kept, *said))))


_LEAD = re.compile(r"^(?:(?:hi|hello|um|uh|so|and|also|next|then|plus|oh|look|honestly|please|sorry|can i get|"
                   r"can i have|could i get|id (?:also )?like|ill (?:also )?have|i want|i would like|i?ll take)"
                   r"[ ,:]+)+")


def _unsure(rest: tuple[str, ...]) -> str | None:
    """A loose description of a dish ("that spicy fried chicken thing"), if the clauses hold one."""
    for clause in (part.strip() for text in rest for part in re.split(r",\s*", text)):
        words = clause.split()
        if _VAGUE & set(words) and any(_stem(w) in ws for w in words if w not in _STOP
                                       for ws in _knowledge().words.values()):
            return _LEAD.sub("", clause).strip() or clause
    return None


def _suggest(description: str) -> list[Any]:
    said = {_stem(w) for w in description.split() if w not in _STOP}
    scored = sorted(((len(said & words), position, item) for position, (item, words) in
                     enumerate((i, _knowledge().words[i.id]) for i in _knowledge().menu.items)),
                    key=lambda s: (-s[0], s[1]))
    return [item for score, _, item in scored[:2] if score]


# --------------------------------------------------------------------------------------------- the conversation


def _open_order(conversation: ConversationView) -> list[dict[str, Any]]:
    """The open order's lines, from the latest tool result that shows it."""
    for call in reversed(conversation.calls):
        if not call.ok or not isinstance(call.result, dict):
            continue
        if call.name == "place_order":
            return []
        view = call.result.get("order", call.result)
        if isinstance(view, dict) and "lines" in view:
            return list(view["lines"])
    return []


class RestaurantAgent:
    """Takes pickup orders by policy.md. Flaws: ``keep_optional=False`` never hears extras or removals (it rings
    up only the required choices); ``read_back=False`` places the order as soon as the guest is done, without
    reading it back or asking for a yes."""

    def __init__(self, *, keep_optional: bool = True, read_back: bool = True) -> None:
        self.keep_optional, self.read_back = keep_optional, read_back

    async def respond(self, request: AgentRequest) -> AgentReply:
        return self.decide(ConversationView.of(request))

    # ------------------------------------------------------------------------------------------ understanding

    def understand(self, conversation: ConversationView) -> _Wanted:
        """Replay every guest message, in the context of the agent text it answered."""
        wanted = _Wanted()
        for exchange in conversation.exchanges:
            asked = exchange.asked or ""
            heard = _hear(exchange.said, keep_optional=self.keep_optional)
            said = _clean(exchange.said)
            if _READ_BACK_ASK in asked:
                agreed = bool(_YES.search(said)) and not _NO.search(said) and not heard.wishes
                wanted.yes = agreed
                if agreed:
                    continue
            else:
                wanted.yes = False
            if _ASK_MARK in asked or _UNSURE_MARK in asked:
                wanted.fill(" ".join(heard.rest), keep_optional=self.keep_optional)
            for wish in heard.wishes:
                wanted.upsert(wish)
            unsure = _unsure(heard.rest)
            if unsure is not None or heard.wishes:
                wanted.unsure = unsure
            wanted.done = wanted.done or bool(_DONE.search(said))
            wanted.read_back = bool(_READ_BACK_PLEASE.search(said))
        return wanted

    # ------------------------------------------------------------------------------------------ deciding

    def decide(self, conversation: ConversationView) -> AgentReply:
        placed = conversation.result("place_order")
        if placed is not None:
            return AgentReply(text=self._placed_text(placed, conversation))
        wanted = self.understand(conversation)
        sync = self._sync(wanted, conversation)
        if sync:
            return AgentReply(tool_calls=tuple(sync))
        lead = self._changes(conversation)
        if _HOW_LONG.search(_clean(conversation.exchanges[-1].said if conversation.exchanges else "")):
            lead = "Orders are usually ready about 20 minutes after they are placed. " + lead
        order = _open_order(conversation)
        summary = menu.summary(line["text"] for line in order)
        if wanted.waiting:
            return AgentReply(text=lead + self._ask_choice(wanted.waiting[0]))
        if wanted.unsure is not None:
            return AgentReply(text=lead + self._ask_which(wanted.unsure))
        if order and wanted.yes and summary in conversation.last_own:
            return AgentReply(tool_calls=(ToolRequest(name="place_order", arguments={"lines": summary}),))
        if order and (wanted.done or wanted.read_back):
            if not self.read_back:
                return AgentReply(tool_calls=(ToolRequest(name="place_order", arguments={"lines": summary}),))
            total = menu.money(sum(line["line_total"] for line in order))
            return AgentReply(text=f"{lead}Here is your order: {summary}. Your total is ${total}. {_READ_BACK_ASK}")
        if not order and not lead:
            return AgentReply(text="Welcome to The Lantern Yard! What would you like to order?")
        return AgentReply(text=lead + "Anything else?")

    def _sync(self, wanted: _Wanted, conversation: ConversationView) -> list[ToolRequest]:
        """Tool calls that make the open order hold exactly the complete lines wanted (none already tried this
        turn: a call that failed is reported, not retried)."""
        order = _open_order(conversation)
        held = {line["item_id"]: line for line in order}
        want = {line.item.id: line for line in wanted.complete}
        requests = []
        for item_id, line in held.items():
            if item_id not in want:
                requests.append(ToolRequest(name="remove_line", arguments={"line_id": line["line_id"]}))
        for item_id, line in want.items():
            options = list(line.canonical())
            current = held.get(item_id)
            if current is None:
                requests.append(ToolRequest(name="add_item", arguments={"item": line.item.name,
                                                                        "quantity": line.quantity,
                                                                        "modifiers": options}))
            elif current["quantity"] != line.quantity or current["modifiers"] != options:
                requests.append(ToolRequest(name="update_line", arguments={
                    "line_id": current["line_id"], "quantity": line.quantity, "modifiers": options}))
        tried = [(c.name, c.arguments) for c in conversation.this_turn]
        return [r for r in requests if (r.name, r.arguments) not in tried]

    # ------------------------------------------------------------------------------------------ saying it

    @staticmethod
    def _changes(conversation: ConversationView) -> str:
        said = []
        for call in conversation.this_turn:
            if not call.ok:
                said.append(f"Sorry, I couldn't do that: {call.result['error']}.")
            elif "added" in call.result:
                said.append(f"I've added {call.result['added']['text']}.")
            elif "updated" in call.result:
                said.append(f"I've changed that line to {call.result['updated']['text']}.")
            elif "removed" in call.result:
                said.append(f"I've removed {call.result['removed']['text']}.")
        return " ".join(said) + (" " if said else "")

    @staticmethod
    def _ask_choice(line: _Line) -> str:
        groups = line.missing()
        labels = " and ".join(g.label for g in groups)
        options = " ".join(f"{g.label.capitalize()}: {', '.join(g.names()[:-1])} or {g.names()[-1]}."
                           for g in groups)
        return f"Which {labels}{_ASK_MARK}{line.item.name.lower()}? {options}"

    @staticmethod
    def _ask_which(description: str) -> str:
        close = _suggest(description)
        offer = (" Do you mean the " + " or the ".join(i.name.lower() for i in close) + "?") if close else ""
        return f"Sorry, I'm not sure {_UNSURE_MARK} by \"{description}\".{offer} Please tell me the dish's name."

    @staticmethod
    def _placed_text(placed: dict[str, Any], conversation: ConversationView) -> str:
        if any(c.name == "place_order" for c in conversation.this_turn):
            return (f"Thank you! Your order is placed. Your order number is {placed['order_number']}, the total is "
                    f"${placed['total']}, and it will be ready for pickup in about {placed['ready_in_minutes']} "
                    "minutes. Is there anything else I can help you with?")
        return (f"Your order {placed['order_number']} is already placed and can't be changed here. "
                "Is there anything else I can help you with?")


AGENTS = {
    "reference": RestaurantAgent,
    "drops_optional_modifiers": lambda: RestaurantAgent(keep_optional=False),
    "places_without_readback": lambda: RestaurantAgent(read_back=False),
}
