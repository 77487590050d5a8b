"""The restaurant domain (Toast style): The Lantern Yard's pickup ordering backend — menu look-ups, the guest's open
order (add, update, remove lines; every modifier validated against the item's modifier groups), placing the order
(irreversible) and a hand-over to a human; plus the task generator (target orders of three sizes).

State: ``menu`` and ``modifier_groups`` (read only), ``order.lines`` (the open order), ``placed_orders`` and
``next_order_number``. Placing an order moves its lines, in canonical order and without line ids, into
``placed_orders`` and empties the open order, so the end state depends only on what was ordered, not on how the
order was edited along the way — which is what lets success compare it with the replayed reference.

The loader imports only this file; the sibling modules are imported by path under names derived from this one's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from pytest_mmtau.domain import ToolError, import_file, tool
from pytest_mmtau.errors import allowed
from pytest_mmtau.models import Task

_HERE = Path(__file__).resolve().parent


def _sibling(name: str) -> ModuleType:
    return import_file(_HERE / f"{name}.py", f"{__name__}__{name}")


menu = _sibling("menu")
targets = _sibling("targets")


# --------------------------------------------------------------------------------------------- helpers


_MENUS: dict[int, tuple[Any, Any]] = {}


def _menu(state: dict[str, Any]) -> Any:
    """The state's menu, built once per state (it is read only; building it on every call would dominate)."""
    held = _MENUS.get(id(state["menu"]))
    if held is None or held[0] is not state["menu"]:
        if len(_MENUS) > 256:  # states come and go with episodes; keep the cache small
            _MENUS.clear()
        held = _MENUS[id(state["menu"])] = (state["menu"], menu.Menu(state))
    return held[1]


def _line(state: dict[str, Any], line_id: str) -> dict[str, Any]:
    wanted = line_id.strip().upper()
    for line in state["order"]["lines"]:
        if line["line_id"] == wanted:
            return line
    ids = [line["line_id"] for line in state["order"]["lines"]]
    raise ToolError(f"no line {line_id!r} in the open order; its lines are: {allowed(ids)}")


def _quantity(state: dict[str, Any], quantity: int) -> int:
    most = state["restaurant"]["max_quantity"]
    if not 1 <= quantity <= most:
        raise ToolError(f"quantity must be a whole number from 1 to {most}; got {quantity}")
    return quantity


def _priced(state: dict[str, Any], item: Any, quantity: int, modifiers: tuple[str, ...]) -> dict[str, Any]:
    unit = _menu(state).unit_price(item, modifiers)
    return {"item_id": item.id, "name": item.name, "quantity": quantity, "modifiers": list(modifiers),
            "unit_price": unit, "line_total": round(unit * quantity, 2),
            "text": menu.line_text(item.name, quantity, modifiers)}


def _next_line_id(state: dict[str, Any]) -> str:
    # derived from the lines held, not a counter: an emptied order starts again at L1
    numbers = [int(line["line_id"][1:]) for line in state["order"]["lines"]]
    return f"L{max(numbers, default=0) + 1}"


def _view(state: dict[str, Any]) -> dict[str, Any]:
    lines = state["order"]["lines"]
    return {"lines": [dict(line) for line in lines],
            "summary": menu.summary(line["text"] for line in lines),
            "total": menu.money(sum(line["line_total"] for line in lines)),
            "item_count": sum(line["quantity"] for line in lines)}


def _item_card(item: Any) -> dict[str, Any]:
    return {"item_id": item.id, "name": item.name, "category": item.category, "price": menu.money(item.price),
            "description": item.description,
            "required_choices": [g.label for g in item.required_groups]}


_LINE_SYNTAX = re.compile(r"^\s*(\d+)\s*x\s*([^()]+?)\s*(?:\(([^)]*)\))?\s*$", re.IGNORECASE)


def _read_lines(state: dict[str, Any], lines: str) -> Counter[tuple[str, int, frozenset[str]]]:
    """Parse ``place_order``'s ``lines`` ("2 x margherita pizza (large, thin crust); 1 x cola (small)")."""
    found: Counter[tuple[str, int, frozenset[str]]] = Counter()
    look_up = _menu(state)
    for part in (p for p in lines.split(";") if p.strip()):
        match = _LINE_SYNTAX.match(part)
        if match is None:
            raise ToolError(f"lines: cannot read {part.strip()!r}; write each line as '<quantity> x <item> "
                            "(<modifier>, <modifier>)' and separate lines with ';' (view_order's summary)")
        item = look_up.item(match.group(2))
        mods = frozenset(menu.normalise(m) for m in (match.group(3) or "").split(",") if m.strip())
        found[(item.id, int(match.group(1)), mods)] += 1
    return found


# --------------------------------------------------------------------------------------------- menu tools


@tool()
def search_menu(state: dict[str, Any], query: str = "", category: str = "") -> list[dict[str, Any]]:
    """Find menu items by words of their name, aliases or description, and/or by category (starters, mains,
    pizzas, burgers, salads, sides, drinks, desserts). Empty query and category list the whole menu."""
    look_up = _menu(state)
    wanted_category = menu.normalise(category)
    if wanted_category and wanted_category not in look_up.categories:
        raise ToolError(f"category: unknown category {category!r}; allowed: {allowed(look_up.categories)}")
    words = set(menu.normalise(query).split())
    scored = []
    for position, item in enumerate(look_up.items):
        if wanted_category and item.category != wanted_category:
            continue
        text = set(menu.normalise(" ".join((item.name, *item.aliases, item.description, item.category))).split())
        score = len(words & text)
        if not words or score:
            scored.append((-score, position, item))
    return [_item_card(item) for _, _, item in sorted(scored, key=lambda s: s[:2])]


@tool()
def get_menu_item(state: dict[str, Any], item: str) -> dict[str, Any]:
    """One item (by name, alias or item id) with its modifier groups: each group's options and price deltas,
    whether it is required (choose exactly one) or optional (up to ``max``)."""
    found = _menu(state).item(item)
    return {**_item_card(found), "aliases": list(found.aliases),
            "modifier_groups": [{"group": g.label, "required": g.required, "max": g.max,
                                 "options": [{"name": o.name, "price_delta": menu.money(o.price)} for o in g.options]}
                                for g in found.groups]}


# --------------------------------------------------------------------------------------------- the open order


@tool(critical=("item", "quantity"))
def add_item(state: dict[str, Any], item: str, quantity: int = 1,
             modifiers: list[str] | None = None) -> dict[str, Any]:
    """Add a line to the guest's open order: a menu item, how many, and its modifiers by option name (one option
    of every required group, any optional ones). Returns the new line and the whole order."""
    look_up = _menu(state)
    found = look_up.item(item)
    chosen = look_up.canonical_modifiers(found, modifiers or ())
    line = {"line_id": _next_line_id(state), **_priced(state, found, _quantity(state, quantity), chosen)}
    state["order"]["lines"].append(line)
    return {"added": dict(line), "order": _view(state)}


@tool(critical=("line_id",))
def update_line(state: dict[str, Any], line_id: str, quantity: int | None = None,
                modifiers: list[str] | None = None) -> dict[str, Any]:
    """Change a line of the open order: its quantity, and/or its modifiers (the full new list replaces the old
    one). Returns the updated line and the whole order."""
    line = _line(state, line_id)
    if quantity is None and modifiers is None:
        raise ToolError("update_line needs a new quantity, new modifiers, or both")
    look_up = _menu(state)
    found = look_up.item(line["item_id"])
    chosen = look_up.canonical_modifiers(found, modifiers) if modifiers is not None else tuple(line["modifiers"])
    count = _quantity(state, quantity) if quantity is not None else line["quantity"]
    line.update(_priced(state, found, count, chosen))
    return {"updated": dict(line), "order": _view(state)}


@tool(critical=("line_id",))
def remove_line(state: dict[str, Any], line_id: str) -> dict[str, Any]:
    """Remove a line from the open order. Returns the removed line and the whole order."""
    line = _line(state, line_id)
    state["order"]["lines"].remove(line)
    return {"removed": dict(line), "order": _view(state)}


@tool()
def view_order(state: dict[str, Any]) -> dict[str, Any]:
    """The open order: its lines (line id, item, quantity, modifiers, prices, text), ``summary`` (every line, in
    the form place_order takes) and the total."""
    return _view(state)


@tool(irreversible=True, critical=("lines",))
def place_order(state: dict[str, Any], lines: str) -> dict[str, Any]:
    """Send the open order to the kitchen and charge it. Irreversible. ``lines`` must state every line of the open
    order exactly as read back to the guest: view_order's ``summary``, e.g.
    "2 x margherita pizza (large, classic crust); 1 x cola (small)". Returns the order number."""
    open_lines = state["order"]["lines"]
    if not open_lines:
        raise ToolError("the open order is empty; add items before placing it")
    held = Counter((line["item_id"], line["quantity"], frozenset(line["modifiers"])) for line in open_lines)
    stated = _read_lines(state, lines)
    if stated != held:
        texts = {(line["item_id"], line["quantity"], frozenset(line["modifiers"])): line["text"] for line in open_lines}
        missing = [texts[key] for key in held - stated]
        surplus = [f"{n} x {item_id} ({', '.join(sorted(mods))})" for (item_id, n, mods) in stated - held]
        raise ToolError("lines: do not match the open order; "
                        f"in the order but not in lines: {missing or 'none'}; "
                        f"in lines but not in the order: {surplus or 'none'} (view_order gives the summary)")
    number = str(state["next_order_number"])
    placed = sorted(({k: line[k] for k in ("item_id", "name", "quantity", "modifiers", "line_total", "text")}
                     for line in open_lines), key=lambda line: line["text"])
    view = _view(state)
    state["placed_orders"].append({"order_number": number, "lines": placed, "summary": view["summary"],
                                   "total": view["total"]})
    state["next_order_number"] += 1
    state["order"] = {"lines": []}
    return {"order_number": number, "status": "placed", "summary": view["summary"], "total": view["total"],
            "ready_in_minutes": state["restaurant"]["ready_in_minutes"]}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the guest to a human colleague, with a one-line summary."""
    return "transferred"


# --------------------------------------------------------------------------------------------- tasks


def generate_tasks(state: dict[str, Any]) -> Iterable[Task]:
    """Target orders of three sizes (simple, medium, complex), deterministic from db.json's generator seed."""
    return targets.build_tasks(state)
