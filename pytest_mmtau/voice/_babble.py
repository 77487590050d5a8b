"""The babble loop: six talkers (different offline voices and sentences) summed into a 20-second track.

Built once per process with the offline engine at hand (flite voices, else espeak-ng variants) through the TTS
cache, each talker RMS-normalised and looped from a fixed random offset, so the track is the same every run.
"""

from __future__ import annotations

import shutil
import threading
from functools import partial
from typing import Any

from ..errors import UsageError
from ._audio import RATE, Audio
from ._cache import TtsCache
from ._deps import numpy

LOOP_S = 20.0
SENTENCES = (
    "I was just telling him that the meeting got moved to Thursday afternoon instead.",
    "Could you pass me the sugar, and maybe one of those napkins over there?",
    "We drove for hours before we found a place that was still open that late.",
    "She said the new schedule starts next week, but nobody has seen it yet.",
    "The kids loved the museum, especially the part with the dinosaur bones.",
    "If the weather holds we might go hiking on the ridge trail this weekend.",
)
_TALKERS = {
    "flite": ("awb", "rms", "kal16", "slt", "awb", "slt"),
    "espeak-ng": ("en-us+f3", "en-gb", "en-us+m3", "en-us+klatt", "en-us+f2", "en-us+m1"),
}


class BabbleSource:
    """Callable returning the loop; ``await prepare()`` first (it synthesises the talkers)."""

    def __init__(self, cache: TtsCache) -> None:
        self._cache = cache
        self._track: Audio | None = None
        self._thread_lock = threading.Lock()

    async def prepare(self) -> None:
        if self._track is not None:
            return
        from ._tts import make_synthesiser

        engine = next((name for name in _TALKERS if shutil.which(name)), None)
        if engine is None:
            raise UsageError("babble noise is made from offline speech and needs flite or espeak-ng; install one "
                             "(apt-get install flite) or pick a preset without babble")
        synthesiser = make_synthesiser(engine)
        talkers = []
        for voice, sentence in zip(_TALKERS[engine], SENTENCES):
            made = await self._cache.get(engine, voice, 1.0, sentence, partial(synthesiser.synthesise, sentence,
                                                                               voice=voice, rate=1.0))
            talkers.append(made.audio.samples)
        track = self._mix(talkers)
        with self._thread_lock:
            self._track = track

    @staticmethod
    def _mix(talkers: list[Any]) -> Audio:  # numpy sample arrays
        np = numpy()
        rng = np.random.default_rng(20)
        length = int(LOOP_S * RATE)
        mix = np.zeros(length, dtype=np.float64)
        for samples in talkers:
            rms = float(np.sqrt(np.mean(np.square(samples, dtype=np.float64)))) or 1.0
            start = int(rng.integers(0, len(samples)))
            reps = -(-(start + length) // len(samples))
            mix += np.tile(samples / rms, reps)[start:start + length]
        mix /= max(1e-9, float(np.max(np.abs(mix))))
        return Audio(samples=(mix * 0.5).astype(np.float32), rate=RATE)

    def __call__(self) -> Audio:
        if self._track is None:
            raise RuntimeError("BabbleSource.prepare() was not awaited")
        return self._track


_SOURCES: dict[int, BabbleSource] = {}


def babble_for(cache: TtsCache) -> BabbleSource:
    return _SOURCES.setdefault(id(cache), BabbleSource(cache))
