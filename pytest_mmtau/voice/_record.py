"""The voice channel's TTS and ASR calls through the trial's cassette (:mod:`pytest_mmtau.record`), and their usage.

A synthesis is keyed by engine, voice, rate and text. Its audio is stored as a 16-bit WAV in the cassette's sidecar
folder, and from then on the channel works with the audio exactly as stored (its 16-bit samples), so a recording
and its replay feed the effects and the recogniser identical samples and every later key matches. A recognition is
keyed by engine, model, settings, vocabulary and a hash of the 16-bit audio it heard, and stores the words with
their confidences and timings plus the recogniser's details. Replaying needs neither the TTS engine (edge-tts
replays offline) nor the recogniser (no faster-whisper model, no pocketsphinx decoder).

Precedence: with a record mode on, a recorded call comes from the cassette and the TTS cache and the recognition
memo are not consulted; a call that is not recorded goes through them as usual (a cache hit is recorded like a
fresh synthesis). Every call counts in the trial's usage: TTS calls and characters, ASR calls and seconds of audio,
and how many of them were replayed.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ._asr import Recognition, Word
from ._audio import Audio, from_pcm16, pcm16_wav, read_wav
from ._cache import Cached

if TYPE_CHECKING:
    from ..record import TrialScope

FIRST_WORDS = 8


def _first_words(text: str) -> str:
    words = text.split()
    return " ".join(words[:FIRST_WORDS]) + (" …" if len(words) > FIRST_WORDS else "")


def tts_request(engine: str, voice: str, rate: float, text: str) -> dict[str, Any]:
    return {"kind": "tts", "engine": engine, "voice": voice, "rate": round(rate, 4), "text": text}


def asr_request(identity: Mapping[str, Any], vocabulary: Sequence[str], audio: Audio) -> dict[str, Any]:
    return {"kind": "asr", **identity, "vocabulary": list(vocabulary), "rate": audio.rate,
            "audio": hashlib.sha256(audio.pcm16()).hexdigest()[:32]}


async def speak(scope: TrialScope | None, request: dict[str, Any],
                make: Callable[[], Awaitable[Cached]]) -> tuple[Cached, bool]:
    """The speech for a TTS request (from the cassette, else ``make()``, recorded when recording); and whether it
    was replayed."""
    if scope is None:
        return await make(), False
    text = request["text"]
    entry, slot = scope.replay(request, f"TTS engine {request['engine']!r}, voice {request['voice']!r}, rate "
                                        f"{request['rate']}, text {_first_words(text)!r}")
    if entry is not None:
        path = scope.item.audio_path(entry.get("audio", ""))
        audio = await asyncio.to_thread(read_wav, path)
        scope.usage.add_tts(len(text), replayed=True)
        return Cached(audio=audio, path=path, hit=True), True
    made = await make()
    scope.usage.add_tts(len(text), replayed=False)
    if slot is None:
        return made, False
    pcm = made.audio.pcm16()
    name = await asyncio.to_thread(scope.item.put_audio, pcm16_wav(pcm, made.audio.rate))
    scope.keep(slot, {"audio": name, "duration_s": round(made.audio.duration_s, 3)})
    return Cached(audio=from_pcm16(pcm, made.audio.rate), path=scope.item.audio_path(name), hit=made.hit), False


async def recognise(scope: TrialScope | None, identity: Mapping[str, Any], vocabulary: Sequence[str], audio: Audio,
                    said: str, run: Callable[[], tuple[Recognition, bool]]) -> tuple[Recognition, bool, bool]:
    """The recognition of ``audio`` (from the cassette, else ``run()`` in a worker thread, recorded when
    recording); whether the memo had it; whether it was replayed. ``said`` (what was synthesised) only names a
    missing recording."""
    if scope is None:
        return (*await asyncio.to_thread(run), False)
    request = asr_request(identity, vocabulary, audio)
    entry, slot = scope.replay(request, f"ASR engine {request.get('engine')!r}, model {request.get('model')!r}, "
                                        f"{audio.duration_s:.2f} s of audio saying {_first_words(said)!r}")
    if entry is not None:
        words = tuple(Word(word=str(w["word"]), confidence=float(w["confidence"]), start=w.get("start"),
                           end=w.get("end")) for w in entry.get("words", ()))
        scope.usage.add_asr(audio.duration_s, replayed=True)
        return Recognition(words=words, details=dict(entry.get("details") or {})), False, True
    recognition, memo_hit = await asyncio.to_thread(run)
    scope.usage.add_asr(audio.duration_s, replayed=False)
    scope.keep(slot, {"audio_s": round(audio.duration_s, 3), "details": recognition.details,
                      "words": [{"word": w.word, "confidence": w.confidence, "start": w.start, "end": w.end}
                                for w in recognition.words]})
    return recognition, memo_hit, False
