"""The TTS cache: synthesised speech keyed by (backend, voice, rate, text), in memory and as WAV files on disk.

Repeated trials say the same sentences, so only the first trial pays for synthesis; trials running at the same
time wait for one synthesis instead of each making their own. Files are written atomically, so pytest-xdist
workers sharing the folder never read half a file. Counters of hits and
misses are kept for the benchmark.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import threading
import wave
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from ._audio import Audio, read_wav, to_channel_rate, write_wav

MEMORY_ITEMS = 128  # about 25 MB of 16 kHz float32 speech; the files on disk hold the rest


@dataclass(frozen=True, kw_only=True)
class Cached:
    audio: Audio  # at the channel rate
    path: Path | None
    hit: bool


class TtsCache:
    def __init__(self, folder: Path | None, *, memory_items: int = MEMORY_ITEMS) -> None:
        self.folder = folder
        self._memory: OrderedDict[str, tuple[Audio, Path | None]] = OrderedDict()
        self._limit = memory_items
        self._lock = threading.Lock()
        self._running: dict[str, concurrent.futures.Future[tuple[Audio, Path | None]]] = {}
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(backend: str, voice: str, rate: float, text: str) -> str:
        raw = json.dumps([backend, voice, round(rate, 4), text], ensure_ascii=False)
        return hashlib.sha256(raw.encode()).hexdigest()

    def _file(self, backend: str, key: str) -> Path | None:
        return self.folder / f"{backend}-{key[:24]}.wav" if self.folder is not None else None

    def _remember(self, key: str, audio: Audio, path: Path | None) -> None:
        with self._lock:
            self._memory[key] = (audio, path)
            self._memory.move_to_end(key)
            while len(self._memory) > self._limit:
                self._memory.popitem(last=False)

    async def get(self, backend: str, voice: str, rate: float, text: str,
                  make: Callable[[], Awaitable[Audio]]) -> Cached:
        """The cached speech, else ``make()``'s; concurrent requests for the same key synthesise once."""
        key = self.key(backend, voice, rate, text)
        with self._lock:
            found = self._memory.get(key)
            if found is not None:
                self._memory.move_to_end(key)
                self.hits += 1
                return Cached(audio=found[0], path=found[1], hit=True)
            running = self._running.get(key)
            mine: concurrent.futures.Future[tuple[Audio, Path | None]] = concurrent.futures.Future()
            if running is None:
                self._running[key] = mine
        if running is not None:  # another trial is making this one right now (any thread, any event loop)
            audio, path = await asyncio.wrap_future(running)
            with self._lock:
                self.hits += 1
            return Cached(audio=audio, path=path, hit=True)
        try:
            made = await self._load_or_make(backend, key, make)
        except BaseException as exc:
            mine.set_exception(exc)
            raise
        finally:
            with self._lock:
                self._running.pop(key, None)
        if not mine.done():
            mine.set_result((made.audio, made.path))
        return made

    async def _load_or_make(self, backend: str, key: str, make: Callable[[], Awaitable[Audio]]) -> Cached:
        path = self._file(backend, key)
        if path is not None and path.is_file():
            try:
                audio = read_wav(path)
            except (OSError, ValueError, EOFError, wave.Error):
                audio = None  # a damaged file: synthesise again and overwrite it
            if audio is not None:
                self._remember(key, audio, path)
                with self._lock:
                    self.hits += 1
                return Cached(audio=audio, path=path, hit=True)
        audio = to_channel_rate(await make())
        if path is not None:
            write_wav(path, audio)
        self._remember(key, audio, path)
        with self._lock:
            self.misses += 1
        return Cached(audio=audio, path=path, hit=False)

    @property
    def hit_rate(self) -> float | None:
        total = self.hits + self.misses
        return self.hits / total if total else None


_CACHES: dict[Path | None, TtsCache] = {}
_CACHES_LOCK = threading.Lock()


def cache_for(folder: Path | None) -> TtsCache:
    """The process-wide cache of a folder (None: memory only)."""
    with _CACHES_LOCK:
        if folder not in _CACHES:
            _CACHES[folder] = TtsCache(folder)
        return _CACHES[folder]
