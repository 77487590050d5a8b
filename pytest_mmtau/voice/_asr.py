"""Speech recognition: the ``Recogniser`` role, its result values, choosing a backend, and a memo of results.

A recogniser turns 16 kHz audio into words with a confidence in [0, 1] and timings. Backends: ``pocketsphinx``
(offline default, its wheel bundles an English model) and ``faster-whisper`` (a local CTranslate2 model folder, or
a model name it downloads). Recognisers are shared per process (loading a model is the slow part) and decoding is
deterministic, so identical audio with identical settings is recognised once and remembered (concurrent trials
asking for the same audio wait for the one recognition in progress). ``identity_of`` names what decides a
recognition (engine, model, settings) without loading anything, for record/replay.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import itertools
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import UsageError, allowed
from ._audio import Audio


@dataclass(frozen=True, kw_only=True)
class Word:
    word: str
    confidence: float
    start: float | None = None  # seconds
    end: float | None = None


@dataclass(frozen=True, kw_only=True)
class Recognition:
    words: tuple[Word, ...]
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return " ".join(w.word for w in self.words)


class Recogniser(Protocol):
    backend: str

    @property
    def model(self) -> str | None:
        """The model it runs (a name or folder), or None for a backend with one built-in model."""
        ...

    def recognise(self, audio: Audio, *, vocabulary: Sequence[str] = ()) -> Recognition:
        """Blocking; the channel calls it from a worker thread."""
        ...


_SHARED: dict[tuple[str, str | None], Recogniser] = {}
_SHARED_LOCK = threading.Lock()


def make_recogniser(backend: str, model: str | None = None) -> Recogniser:
    """The process-wide recogniser for (backend, model); checks the backend is installed."""
    with _SHARED_LOCK:
        key = (backend, model)
        if key not in _SHARED:
            _SHARED[key] = _create(backend, model)
        return _SHARED[key]


def _create(backend: str, model: str | None) -> Recogniser:
    if backend == "pocketsphinx":
        from ._asr_sphinx import Sphinx

        return Sphinx()
    if backend == "faster-whisper":
        from ._asr_whisper import Whisper

        return Whisper(model)
    from ._profile import ASR_BACKENDS

    raise UsageError(f"unknown ASR backend {backend!r}; allowed: {allowed(ASR_BACKENDS)}")


def identity_of(recogniser: Recogniser | None, backend: str, model: str | None) -> dict[str, Any]:
    """Engine, model and settings of ``recogniser``, or of the backend's default one when None (nothing loaded)."""
    if recogniser is not None:
        known = getattr(recogniser, "identity", None)
        if isinstance(known, dict):
            return known
        return {"engine": recogniser.backend, "model": recogniser.model, "settings": {}}
    if backend == "pocketsphinx":
        from ._asr_sphinx import identity

        return identity()
    if backend == "faster-whisper":
        from ._asr_whisper import identity as whisper_identity

        return whisper_identity(model)
    from ._profile import ASR_BACKENDS

    raise UsageError(f"unknown ASR backend {backend!r}; allowed: {allowed(ASR_BACKENDS)}")


_TOKENS = itertools.count(1)


class Memo:
    """Recognition results by (backend, model, vocabulary, audio digest); bounded, thread-safe."""

    def __init__(self, limit: int = 2048) -> None:
        self._items: OrderedDict[str, Recognition] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()
        self._running: dict[str, concurrent.futures.Future[Recognition]] = {}
        self.hits = 0
        self.misses = 0

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    @staticmethod
    def key(recogniser: Recogniser, audio: Audio, vocabulary: Sequence[str]) -> str:
        """Per recogniser instance (two instances may differ in settings), audio and vocabulary."""
        try:
            token = vars(recogniser).setdefault("_mmtau_memo_token", next(_TOKENS))
        except TypeError:  # no instance dict
            token = id(recogniser)
        digest = hashlib.sha256(audio.pcm16())
        digest.update(repr((recogniser.backend, recogniser.model, token, audio.rate, tuple(vocabulary))).encode())
        return digest.hexdigest()

    def recognise(self, recogniser: Recogniser, audio: Audio, vocabulary: Sequence[str]) -> tuple[Recognition, bool]:
        """Remembered result, or recognise; concurrent calls with the same key recognise once (blocking)."""
        key = self.key(recogniser, audio, vocabulary)
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found, True
            running = self._running.get(key)
            mine: concurrent.futures.Future[Recognition] = concurrent.futures.Future()
            if running is None:
                self._running[key] = mine
        if running is not None:
            result = running.result()
            with self._lock:
                self.hits += 1
            return result, True
        try:
            result = recogniser.recognise(audio, vocabulary=vocabulary)
        except BaseException as exc:
            mine.set_exception(exc)
            raise
        finally:
            with self._lock:
                self._running.pop(key, None)
        mine.set_result(result)
        with self._lock:
            self._items[key] = result
            while len(self._items) > self._limit:
                self._items.popitem(last=False)
            self.misses += 1
        return result, False


MEMO = Memo()
