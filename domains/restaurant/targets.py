"""Target orders for the restaurant domain, in three sizes, generated deterministically from the menu.

- **simple**: one item, quantity one, only its required modifiers;
- **medium**: two or three items, some quantities above one, some optional modifiers;
- **complex**: four or five items, several optional modifiers and at least two removals ("no onions").

Every order uses distinct items (a guest correcting "the pizza" means one line), so a target line is found in the
conversation by its item. Each task's reference solution adds the lines and places the order; success is the end
state of that replay, and the critical field is the order's lines as ``place_order`` states them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from pytest_mmtau.domain import import_file
from pytest_mmtau.models import Action, CriticalField, OrderLine, SuccessCriteria, Task, UserGoal

menu = import_file(Path(__file__).resolve().parent / "menu.py", f"{__name__}__menu")

SIZES = ("simple", "medium", "complex")
_MAIN_CATEGORIES = ("pizzas", "burgers", "mains")
_OPENINGS = (
    "Hi! I'd like to place an order for pickup, please.",
    "Hello, I'd like to order some food for pickup.",
    "Hi there, can I put in a pickup order?",
    "Good evening! I want to order takeout for pickup.",
)
_VAGUE_OPENING = "Hi, um, I'm not sure how this works. Can I order some food here?"


def build_tasks(state: dict[str, Any]) -> list[Task]:
    look_up = menu.Menu(state)
    settings = state["task_generator"]
    rng = random.Random(settings["seed"])
    number = str(state["next_order_number"])
    tasks: list[Task] = []
    for size in SIZES:
        used_first: set[str] = set()
        for n in range(settings["per_size"]):
            lines = _target(look_up, size, rng, avoid_first=used_first)
            while size == "complex" and sum(_is_removal(m) for line in lines for m in line.modifiers) < 2:
                lines = _target(look_up, size, rng, avoid_first=used_first)
            used_first.add(lines[0].item)
            tasks.append(_task(size, n + 1, lines, number, rng))
    return tasks


def _target(look_up: Any, size: str, rng: random.Random, *, avoid_first: set[str]) -> list[OrderLine]:
    by_category: dict[str, list[Any]] = {}
    for item in look_up.items:
        by_category.setdefault(item.category, []).append(item)
    if size == "simple":
        pool = [i for i in look_up.items if i.required_groups and i.name not in avoid_first]
        return [_line(rng.choice(pool), 1, rng, optional=0)]
    count = rng.choice((2, 3)) if size == "medium" else rng.choice((4, 5))
    # a meal: one main first, then other courses from distinct categories
    first_pool = [i for c in _MAIN_CATEGORIES for i in by_category[c] if i.name not in avoid_first]
    chosen = [rng.choice(first_pool)]
    others = [c for c in look_up.categories if c != chosen[0].category]
    for category in rng.sample(others, k=count - 1):
        chosen.append(rng.choice(by_category[category]))
    lines = []
    for position, item in enumerate(chosen):
        quantity = rng.choice((1, 1, 2, 3)) if position else rng.choice((1, 2))
        optional = rng.choice((0, 1)) if size == "medium" else rng.choice((1, 2))
        lines.append(_line(item, quantity, rng, optional=optional, removal=size == "complex"))
    if size == "medium" and all(line.quantity == 1 for line in lines):
        lines[-1] = lines[-1].model_copy(update={"quantity": 2})
    if size == "medium" and not any(_optional_count(look_up, line) for line in lines):
        lines[0] = _line(chosen[0], lines[0].quantity, rng, optional=1)
    return lines


def _optional_count(look_up: Any, line: OrderLine) -> int:
    item = look_up.find(line.item)
    return sum(1 for m in line.modifiers if not item.group_of(m).required)


def _is_removal(name: str) -> bool:
    return name.startswith("no ") or name in ("light sauce", "dressing on the side")


def _line(item: Any, quantity: int, rng: random.Random, *, optional: int, removal: bool = False) -> OrderLine:
    """One line: an option of each required group, ``optional`` options from distinct optional groups (one of them
    a removal when ``removal`` and the item has one)."""
    picked = [rng.choice(g.options).name for g in item.required_groups]
    groups = [g for g in item.groups if not g.required]
    rng.shuffle(groups)
    extras: list[str] = []
    if removal:
        removals = [o.name for g in groups for o in g.options if _is_removal(o.name)]
        if removals:
            extras.append(rng.choice(removals))
    wanted = optional + len(extras)  # a removal comes on top of the optional extras
    for group in groups:
        if len(extras) >= wanted:
            break
        if any(group.option(e) for e in extras):  # one option per optional group: no "no ice" with "light ice"
            continue
        extras.append(rng.choice([o.name for o in group.options if not _is_removal(o.name)] or group.names()))
    modifiers = [o.name for g in item.groups for o in g.options if o.name in (*picked, *extras)]
    return OrderLine(item=item.name, quantity=quantity, modifiers=tuple(modifiers), vague=item.vague)


def _task(size: str, n: int, lines: list[OrderLine], order_number: str, rng: random.Random) -> Task:
    texts = [menu.line_text(line.item, line.quantity, line.modifiers) for line in lines]
    summary = menu.summary(texts)
    slug = menu.normalise(lines[0].item).replace(" ", "-")
    reference = [Action(tool="add_item", arguments={"item": line.item, "quantity": line.quantity,
                                                    "modifiers": list(line.modifiers)}) for line in lines]
    reference.append(Action(tool="place_order", arguments={"lines": summary}))
    return Task(
        id=f"{size}/{n:02d}-{slug}",
        description=f"A {size} pickup order of {len(lines)} line(s): {summary}.",
        goal=UserGoal(intent="place_order", request=rng.choice(_OPENINGS), vague_request=_VAGUE_OPENING,
                      order=tuple(lines), confirmed_by=(order_number,), accepts=("place_order",)),
        reference=tuple(reference),
        success=SuccessCriteria(required_calls=(Action(tool="place_order"),)),
        critical_fields=(CriticalField(name="order_lines", tool="place_order", argument="lines", expected=summary),),
        optimal_turns=2,  # the whole order at once, then a read-back to confirm; placing it answers the yes
    )
