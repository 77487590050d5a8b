"""The last four digits a payment method is known by, as the domain's own data gives them.

Agents name a card by its kind and last four digits ("your credit card ending in 0184"), read from the record
their look-up returned (``{"id": "credit_card_4390123", "kind": "credit_card", "last_four": "0184"}``). Those digits
are a field of the record, not the tail of its id, so a confirmation is checked against the record's field wherever
the conversation or the task's data holds one; only a method with no such record falls back to its id's last four
digits. A value that knows its record's digits is a ``MethodId``: a plain string everywhere else.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..models import Task, ToolCall

# a record's field holding a card's last digits: last_four, last4, last_4_digits, card_last_four, ending
_DIGITS_FIELD = re.compile(r"(?:card_?)?(?:last_?(?:four|4)(?:_?digits)?|last_?digits|ending(?:_?digits)?)")
_FOUR_DIGITS = re.compile(r"\d{4}")
# the field naming the record itself
_ID_FIELD = re.compile(r"(?:[a-z]+_)*id")


# an id of a payment method: its kind and its number ("paypal_7357918", "credit_card_4421337")
METHOD_ID = re.compile(r"([a-z]+(?:_[a-z]+)*)_(\d{4,})")


class MethodId(str):
    """A payment method's id that knows the last four digits its record gives."""

    last_four: str

    def __new__(cls, value: str, last_four: str) -> MethodId:
        made = super().__new__(cls, value)
        made.last_four = last_four
        return made


def endings_in(data: object) -> dict[str, str]:
    """Id → last four digits of every record in ``data`` (tool results, a database state: any nesting of
    mappings and lists) that holds both one id and one four-digit last-digits field; a record may also be the
    value of its id in a mapping keyed by ids."""
    out: dict[str, str] = {}
    for record, key in _records(data, None):
        digits = {str(v) for k, v in record.items() if _field(k) == "digits"
                  and isinstance(v, (str, int)) and _FOUR_DIGITS.fullmatch(str(v))}
        if len(digits) != 1:
            continue
        ids = {v for k, v in record.items() if _field(k) == "id" and isinstance(v, str) and v}
        ids |= {key} if key is not None and not ids else set()
        if len(ids) == 1:
            out[ids.pop()] = digits.pop()
    return out


@functools.lru_cache(maxsize=1024)
def _field(name: object) -> str | None:
    """What a record's field holds: "digits" (a card's last digits), "id" (the record's own id), else None."""
    said = str(name).lower()
    return "digits" if _DIGITS_FIELD.fullmatch(said) else "id" if _ID_FIELD.fullmatch(said) else None


def endings_for(task: Task, *sources: object, calls: Iterable[ToolCall] = ()) -> dict[str, str]:
    """The last digits of the payment methods the task's critical fields and the critical arguments of ``calls``
    that change something (a conversation's writes) name, from the first of ``sources`` that gives them; a source
    may be a function making the data, called only while a method is still missing (tool results before a whole
    database: a retail state takes some 20 ms to walk, and only a method id's digits are ever read, so a task
    without one walks nothing)."""
    named = [[f.expected for f in task.critical_fields],
             [[v for k, v in c.arguments.items() if k in c.critical] for c in calls if c.irreversible]]
    wanted = {v for v in _strings(named) if METHOD_ID.fullmatch(v.lower())}
    out: dict[str, str] = {}
    if not wanted:
        return out
    for source in sources:
        data = source() if callable(source) else source
        out.update((v, d) for v, d in endings_in(data).items() if v in wanted and v not in out)
        if not wanted - out.keys():
            break
    return out


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, Mapping):
        for v in data.values():
            yield from _strings(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _strings(v)


def _records(data: object, key: str | None) -> Iterator[tuple[Mapping[Any, Any], str | None]]:
    if isinstance(data, Mapping):
        yield data, key
        for k, v in data.items():
            yield from _records(v, k if isinstance(k, str) else None)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _records(v, None)


def known_as(value: object, endings: Mapping[str, str]) -> object:
    """``value`` (a scalar, a list or a mapping of them) with each id whose record gives last digits as a
    ``MethodId``."""
    if isinstance(value, str) and not isinstance(value, MethodId) and value in endings:
        return MethodId(value, endings[value])
    if isinstance(value, (list, tuple)):
        return type(value)(known_as(v, endings) for v in value)
    if isinstance(value, Mapping):
        return {k: known_as(v, endings) for k, v in value.items()}
    return value
