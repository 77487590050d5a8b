"""Results remembered per vocabulary: what a message read with a task's vocabulary gave, kept while that vocabulary
lives (the simulated user reads a message, the labeller reads it again) and forgotten with it.

A memo shared by all vocabularies and keyed by ``id(vocab)`` had to hold each vocabulary alive (to tell a reused id
apart), so a run kept the vocabularies of the last few hundred tasks, tens of KB each, however few were in use.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

Value = TypeVar("Value")
_MISSING: Any = object()


class PerVocabulary(Generic[Value]):
    """Up to ``size`` results per live vocabulary, least recently stored first out."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._memos: dict[int, OrderedDict[Hashable, Value]] = {}

    def _memo(self, vocab: object) -> OrderedDict[Hashable, Value]:
        found = self._memos.get(id(vocab))
        if found is None:
            found = self._memos[id(vocab)] = OrderedDict()
            # runs as the vocabulary is freed, before its id can be given to another object
            weakref.finalize(vocab, self._memos.pop, id(vocab), None)
        return found

    def get(self, vocab: object, key: Hashable) -> Value | None:
        memo = self._memos.get(id(vocab))
        return None if memo is None else memo.get(key)

    def put(self, vocab: object, key: Hashable, value: Value) -> Value:
        memo = self._memo(vocab)
        memo[key] = value
        if len(memo) > self._size:
            memo.popitem(last=False)
        return value

    def clear(self) -> None:
        for memo in self._memos.values():
            memo.clear()

    def vocabularies(self) -> int:
        """How many vocabularies have results remembered (for tests)."""
        return len(self._memos)
