"""The pocketsphinx ASR backend (offline default): the US-English model bundled in the pocketsphinx wheel.

Confidence is each word's lattice posterior (``seg().prob``, already linear in [0, 1]). ``maxhmmpf=3000`` caps the
search (faster than the default, especially in noise, for a WER within a point on clean speech). Each utterance is
decoded whole (``full_utt``), so cepstral mean normalisation sees all of it: feeding one-second chunks instead
cost 13 WER points on telephone-band speech here. Domain words missing from the dictionary (customer names…) are
added with pronunciations from flite's letter-to-sound rules when flite is installed; each distinct set of added
words gets its own decoder, so one task's vocabulary never changes another task's results. ``identity`` (engine and
search settings) can be had without pocketsphinx, for replaying recorded recognitions.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from ..errors import InfrastructureError
from ._asr import Recognition, Word
from ._audio import RATE, Audio
from ._deps import module

_FILLER = re.compile(r"^(<s>|</s>|<sil>|<unk>|\[.*\]|\+\+.*\+\+)$")
# flite's phone set is CMU's, as pocketsphinx's; only the reduced vowels differ
_PHONES = {"ax": "AH", "axr": "ER"}
DEFAULTS: MappingProxyType[str, Any] = MappingProxyType({"maxhmmpf": 3000})


def identity(**settings: Any) -> dict[str, Any]:
    """Engine, model and search settings of a recogniser, without loading (or having) pocketsphinx."""
    return {"engine": "pocketsphinx", "model": None, "settings": {**DEFAULTS, **settings}}


def flite_phones(word: str) -> str | None:
    """Pronunciation of ``word`` in pocketsphinx phones, from ``flite -ps``; None without flite."""
    program = shutil.which("flite")
    if program is None:
        return None
    out = subprocess.run([program, "-ps", "-t", word, "-o", "none"], capture_output=True, text=True, timeout=10)
    phones = [_PHONES.get(p, p.upper()) for p in out.stdout.split() if p != "pau"]
    return " ".join(phones) or None


class Sphinx:
    backend = "pocketsphinx"
    model = None

    def __init__(self, *, maxhmmpf: int = DEFAULTS["maxhmmpf"], keep_decoders: int = 4) -> None:
        self._ps = module("pocketsphinx", purpose="the pocketsphinx ASR backend")
        self._options = {"samprate": RATE, "loglevel": "ERROR", "maxhmmpf": maxhmmpf}
        self._decoders: OrderedDict[frozenset[tuple[str, str]], Any] = OrderedDict()
        self._keep = keep_decoders
        self._lock = threading.Lock()
        self.added: dict[str, str | None] = {}  # word -> pronunciation used (None: none available)

    @property
    def identity(self) -> dict[str, Any]:
        return identity(maxhmmpf=self._options["maxhmmpf"])

    def _new_decoder(self) -> Any:
        try:
            return self._ps.Decoder(**self._options)
        except Exception as exc:  # a broken install or model folder
            raise InfrastructureError(f"pocketsphinx could not load its model: {exc}") from exc

    def _decoder(self, vocabulary: Sequence[str]) -> Any:
        if frozenset() not in self._decoders:
            self._decoders[frozenset()] = self._new_decoder()
        base = self._decoders[frozenset()]
        extra: dict[str, str] = {}
        for word in {w.lower() for w in vocabulary if re.fullmatch(r"[a-z']{2,}", w.lower())}:
            if base.lookup_word(word) is not None:
                continue
            if word not in self.added:
                self.added[word] = flite_phones(word)
            if self.added[word]:
                extra[word] = self.added[word]  # type: ignore[assignment]
        key = frozenset(extra.items())
        if key not in self._decoders:
            decoder = self._new_decoder()
            for word, phones in sorted(extra.items()):
                decoder.add_word(word, phones, True)
            self._decoders[key] = decoder
            while len(self._decoders) > self._keep:
                oldest = next(k for k in self._decoders if k)
                del self._decoders[oldest]
        self._decoders.move_to_end(key)
        return self._decoders[key]

    def recognise(self, audio: Audio, *, vocabulary: Sequence[str] = ()) -> Recognition:
        pcm = audio.pcm16()
        with self._lock:
            decoder = self._decoder(vocabulary)
            started = time.monotonic()
            decoder.start_utt()
            decoder.process_raw(pcm, False, True)
            decoder.end_utt()
            words = tuple(
                Word(word=re.sub(r"\(\d+\)$", "", s.word), confidence=float(min(1.0, max(0.0, s.prob))),
                     start=s.start_frame / 100.0, end=(s.end_frame + 1) / 100.0)
                for s in decoder.seg() if not _FILLER.match(s.word))
            took = time.monotonic() - started
        return Recognition(words=words, details={"decode_s": round(took, 4)})
