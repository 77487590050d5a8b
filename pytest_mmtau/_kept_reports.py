"""What pytest keeps of every report on the xdist controller, shared between reports instead of held once per report.

pytest keeps every setup, call and teardown report to the end of the run (``terminalreporter.stats``). On the
controller each one arrives from a worker as new objects: execnet makes a new string of every field, so an item's
three reports hold three copies of its node id (parsed into a ``NodeId``), its location, its keyword names, its
user properties, and every report a copy of "passed", "call", the worker id and the run's uid. By tracemalloc that
was about 6 of the 10.6 KB the controller kept per mmtau item.

``share`` changes what the reports hold, never what they say: strings are interned, an item's ``NodeId`` and
location (both immutable) are the previous report's when they are equal, keyword dicts are rebuilt with interned
keys (each report keeps its own dict: another plugin may change one), and user property pairs with short values
("mmtau.pass^1", "1.0000") are shared tuples. Every report stays equal to what it was, field by field.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

_SHORT = 256  # longer strings are rarely repeated (a traceback, a record): left as they are
_SHARED_PAIRS = 65536  # distinct short property pairs shared at most (names x values: far fewer in practice)


def _interned(value: Any) -> Any:
    return sys.intern(value) if type(value) is str and len(value) <= _SHORT else value


class ReportSharing:
    """One per run on the controller: the previous report's node id, location and property pairs (an item's
    reports arrive one after the other), and the short property pairs met so far."""

    def __init__(self) -> None:
        self._last_id: Any = None
        self._last_location: Any = None
        self._last_pairs: dict[tuple[Any, Any], tuple[Any, Any]] = {}
        self._pairs: dict[tuple[Any, Any], tuple[Any, Any]] = {}

    def share(self, report: Any) -> None:
        fields = vars(report)
        for name, value in fields.items():
            fields[name] = _interned(value)
        node_id = fields.get("_id")  # pytest >= 9: the node id, parsed; immutable
        if node_id is not None:
            fields["_id"] = self._last_id = self._last_id if node_id == self._last_id else node_id
        location = fields.get("location")
        if type(location) is tuple:
            fields["location"] = self._last_location = self._last_location if location == self._last_location \
                else tuple(_interned(part) for part in location)
        keywords = fields.get("keywords")
        if type(keywords) is dict:
            fields["keywords"] = {_interned(key): value for key, value in keywords.items()}
        properties = fields.get("user_properties")
        if type(properties) is list and properties:
            pairs: dict[tuple[Any, Any], tuple[Any, Any]] = {}
            for index, pair in enumerate(properties):
                properties[index] = shared = self._pair(pair)
                with contextlib.suppress(TypeError):  # another plugin's unhashable value
                    pairs[shared] = shared
            self._last_pairs = pairs

    def _pair(self, pair: Any) -> Any:
        if type(pair) is not tuple or len(pair) != 2:
            return pair
        try:
            found = self._last_pairs.get(pair) or self._pairs.get(pair)
        except TypeError:  # another plugin's unhashable value
            return pair
        if found is not None:
            return found
        shared = (_interned(pair[0]), _interned(pair[1]))
        if type(shared[1]) is str and len(shared[1]) <= 16 and len(self._pairs) < _SHARED_PAIRS:
            self._pairs[shared] = shared  # "1.0000": met again and again; a long value rarely is
        return shared
