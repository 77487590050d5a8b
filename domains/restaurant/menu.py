"""The Lantern Yard's menu as code: items, modifier groups, validation of a line's modifiers, prices, line text.

Shared by the tools (which validate and price what the agent rings up), the task generator (which builds target
orders) and the offline agents (which parse what the guest says). It reads the menu part of a domain state (or of
``db.json``) and never changes it.

A line's text is its canonical, normalised form — ``2 x margherita pizza (large, classic crust, fresh basil)`` —
with the modifiers in menu order (group by group as the item lists its groups, options as the group lists them).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pytest_mmtau.domain import ToolError
from pytest_mmtau.errors import allowed


def normalise(text: str) -> str:
    """Lower-case, ``&`` as "and", hyphens and other specials as spaces, single spaces."""
    text = text.lower().replace("&", " and ")
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9 ]", " ", text)).strip()


@dataclass(frozen=True, kw_only=True)
class Option:
    name: str
    price: float


@dataclass(frozen=True, kw_only=True)
class Group:
    """A modifier group: a required group takes exactly one option, an optional one up to ``max``."""

    key: str
    label: str
    required: bool
    max: int
    options: tuple[Option, ...]

    def option(self, name: str) -> Option | None:
        wanted = normalise(name)
        return next((o for o in self.options if o.name == wanted), None)

    def names(self) -> list[str]:
        return [o.name for o in self.options]


@dataclass(frozen=True, kw_only=True)
class Item:
    id: str
    name: str
    category: str
    price: float
    description: str
    groups: tuple[Group, ...]
    aliases: tuple[str, ...]
    vague: str | None

    @property
    def key(self) -> str:
        """The item's name as it appears in line texts."""
        return normalise(self.name)

    @property
    def required_groups(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.required)

    def group_of(self, option: str) -> Group | None:
        return next((g for g in self.groups if g.option(option) is not None), None)

    def option_names(self) -> list[str]:
        return [o.name for g in self.groups for o in g.options]


class Menu:
    """Lookup over the menu of a state (``state["menu"]`` and ``state["modifier_groups"]``)."""

    def __init__(self, state: Mapping[str, Any]) -> None:
        groups = {key: Group(key=key, label=g["label"], required=g["required"],
                             max=1 if g["required"] else g.get("max", len(g["options"])),
                             options=tuple(Option(name=n, price=price) for n, price in g["options"].items()))
                  for key, g in state["modifier_groups"].items()}
        self.categories: tuple[str, ...] = tuple(state["restaurant"]["categories"])
        self.items: tuple[Item, ...] = tuple(
            Item(id=i["id"], name=i["name"], category=i["category"], price=i["price"], description=i["description"],
                 groups=tuple(groups[k] for k in i["groups"]), aliases=tuple(i.get("aliases", ())),
                 vague=i.get("vague"))
            for i in state["menu"])
        self._by_name: dict[str, Item] = {}
        for item in self.items:
            for name in (item.id, item.name, *item.aliases):
                self._by_name.setdefault(normalise(name), item)

    def find(self, name: str) -> Item | None:
        """The item called ``name`` (its id, menu name or an alias; case and punctuation ignored)."""
        wanted = normalise(name)
        found = self._by_name.get(wanted)
        if found is None and wanted.endswith("s"):  # "margherita pizzas"
            found = self._by_name.get(wanted[:-1]) or self._by_name.get(wanted[:-2])
        return found

    def item(self, name: str) -> Item:
        """Like :meth:`find`, but an unknown name is a ToolError suggesting close names."""
        found = self.find(name)
        if found is None:
            close = difflib.get_close_matches(normalise(name), list(self._by_name), n=3, cutoff=0.6)
            hint = f"; did you mean: {', '.join(self._by_name[c].name for c in close)}?" if close else ""
            raise ToolError(f"unknown menu item {name!r}{hint} (search_menu lists the items)")
        return found

    def canonical_modifiers(self, item: Item, modifiers: Iterable[str]) -> tuple[str, ...]:
        """Validate a line's modifiers for ``item`` and return them in menu order; a ToolError says what is wrong."""
        chosen: dict[str, list[str]] = {g.key: [] for g in item.groups}
        seen: set[str] = set()
        for raw in modifiers:
            name = normalise(raw)
            if name in seen:
                raise ToolError(f"modifier {raw!r} is given twice for {item.name}")
            seen.add(name)
            group = item.group_of(name)
            if group is None:
                choices = item.option_names()
                raise ToolError(f"modifier {raw!r} is not available for {item.name}; allowed: "
                                f"{allowed(choices) if choices else 'none (this item takes no modifiers)'}")
            chosen[group.key].append(name)
        for group in item.groups:
            picked = chosen[group.key]
            if group.required and not picked:
                raise ToolError(f"{item.name} needs a {group.label}: choose exactly one of {', '.join(group.names())}")
            if len(picked) > group.max:
                what = "exactly one" if group.required else f"at most {group.max}"
                raise ToolError(f"{item.name}: the {group.label} group takes {what}; got {', '.join(picked)}")
        return tuple(o.name for g in item.groups for o in g.options if o.name in chosen[g.key])

    def unit_price(self, item: Item, modifiers: Iterable[str]) -> float:
        wanted = set(modifiers)
        return round(item.price + sum(o.price for g in item.groups for o in g.options if o.name in wanted), 2)


def line_text(name: str, quantity: int, modifiers: Iterable[str]) -> str:
    """``2 x margherita pizza (large, classic crust)``; the modifiers as given (callers pass menu order)."""
    mods = ", ".join(modifiers)
    return f"{quantity} x {normalise(name)}" + (f" ({mods})" if mods else "")


def summary(texts: Iterable[str]) -> str:
    """An order's lines as one string, in a canonical (sorted) order, so the same order always reads the same."""
    return "; ".join(sorted(texts))


def money(value: float) -> str:
    return f"{value:.2f}"
