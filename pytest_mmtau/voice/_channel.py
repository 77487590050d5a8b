"""The ``voice`` channel: user text → spoken form → TTS (cached) → effects → ASR → what the agent reads.

Per user turn the channel records the intended text, its spoken form, what was heard, the WER against the spoken
form, each critical field's fate, per-word confidence, the audio files and the timings (``Heard.details``, kept
on the transcript's turn). The agent's replies are synthesised and logged too; by default the user receives the
agent's words unchanged (``agent_asr=True`` runs them through the recogniser as well).

With ``--mmtau-record`` the syntheses and recognitions go through the trial's cassette (``_record``); a channel
built with ``replay_only=True`` loads its engines only if a call is ever made live, so a replay needs neither.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._artifacts import turn_file
from ._asr import MEMO, Recogniser, Recognition, identity_of, make_recogniser
from ._audio import Audio, write_wav
from ._babble import babble_for
from ._cache import Cached, cache_for
from ._deps import module
from ._effects import build
from ._listen import understand, vocabulary_of, words_detail
from ._presets import PRESETS
from ._profile import VoiceProfile
from ._record import recognise, speak, tts_request
from ._seeds import mix
from ._spoken import spoken_form
from ._tts import Synthesiser, make_synthesiser

if TYPE_CHECKING:
    from ..record import TrialScope
    from . import Heard


def _default_dir() -> Path:
    return Path(tempfile.gettempdir()) / "pytest-mmtau-audio"


class VoiceChannel:
    modality = "voice"

    def __init__(self, profile: VoiceProfile | None = None, *, hints: Sequence[str] = (),
                 audio_dir: str | Path | None = None, item: str = "voice", trial: int = 0, seed: int = 0,
                 synthesiser: Synthesiser | None = None, recogniser: Recogniser | None = None,
                 replay_only: bool = False) -> None:
        self.profile = profile or VoiceProfile()
        module("numpy", purpose="the voice channel")
        module("jiwer", purpose="the voice channel's word error rate")
        self._tts_made, self._asr_made = synthesiser, recogniser
        if not replay_only:  # a missing engine or an unknown voice is a usage error now, not mid-trial
            self._synthesiser()
            self._recogniser()
        self._tts_backend = synthesiser.backend if synthesiser is not None else self.profile.tts
        self._asr_identity = identity_of(recogniser, self.profile.asr, self.profile.asr_model)
        self.hints = tuple(dict.fromkeys(str(h) for h in hints))
        self.vocabulary = vocabulary_of(self.hints)
        self.audio_dir = Path(audio_dir) if audio_dir else _default_dir()
        self.cache = cache_for(self.audio_dir / "tts-cache")
        steps = PRESETS[self.profile.noise].for_asr(self.profile.asr)
        self._babble = babble_for(self.cache) if any(step[0] == "babble" for step in steps) else None
        self._chain = build(steps, self._babble)
        self.item, self.trial, self.seed = item, trial, seed
        self._turns = itertools.count(1)

    def _synthesiser(self) -> Synthesiser:
        """Created (and the voice checked) on first need."""
        if self._tts_made is None:
            made = make_synthesiser(self.profile.tts)
            made.check_voice(self.profile.voice)
            self._tts_made = made
        return self._tts_made

    def _recogniser(self) -> Recogniser:
        if self._asr_made is None:
            self._asr_made = make_recogniser(self.profile.asr, self.profile.asr_model)
        return self._asr_made

    def for_trial(self, trial: int, seed: int) -> VoiceChannel:
        """A fresh channel for one trial, sharing the loaded engines, the cache and the settings."""
        clone = copy.copy(self)
        clone.trial, clone.seed, clone._turns = trial, seed, itertools.count(1)
        return clone

    async def _speak(self, text: str, scope: TrialScope | None) -> tuple[Cached, bool]:
        voice, rate = self.profile.voice, self.profile.rate

        async def make() -> Cached:
            return await self.cache.get(self._tts_backend, voice, rate, text,
                                        lambda: self._synthesiser().synthesise(text, voice=voice, rate=rate))

        return await speak(scope, tts_request(self._tts_backend, voice, rate, text), make)

    def _recognise(self, audio: Audio) -> tuple[Recognition, bool]:
        return MEMO.recognise(self._recogniser(), audio, self.vocabulary)

    async def transmit(self, text: str, *, speaker: str) -> Heard:
        from ..record import current
        from . import Heard

        scope = current()
        turn = next(self._turns)
        base: dict[str, Any] = {"modality": self.modality, "speaker": speaker, **self.profile.describe()}
        if not text.strip():
            return Heard(text=text, details={**base, "intended": text, "skipped": "nothing was said"})
        form = spoken_form(text)
        started = time.perf_counter()
        spoken, tts_replayed = await self._speak(form.tts_text, scope)
        tts_s = time.perf_counter() - started
        timings: dict[str, Any] = {"audio_s": round(spoken.audio.duration_s, 3), "tts_s": round(tts_s, 4)}
        tts_file = str(spoken.path) if spoken.path else None
        recording = scope is not None and scope.item.mode is not None
        if speaker == "agent" and not self.profile.agent_asr:
            return Heard(text=text, details={**base, "intended": text, "spoken": " ".join(form.words),
                                             "tts_text": form.tts_text, "audio": {"tts": tts_file},
                                             "timings": timings, "cached": {"tts": spoken.hit},
                                             **({"replayed": {"tts": tts_replayed}} if recording else {})})

        if self._babble is not None:
            await self._babble.prepare()
        np = module("numpy", purpose="the voice channel")
        mark = time.perf_counter()
        heard_audio, heard_file = spoken.audio, tts_file
        if not self._chain.identity:
            rng = np.random.default_rng(mix(self.seed, self.item, turn, speaker))
            heard_audio = await asyncio.to_thread(self._chain.apply, spoken.audio, rng)
            path = turn_file(self.audio_dir, self.item, self.trial, turn, speaker, self.profile.noise)
            heard_file = str(await asyncio.to_thread(write_wav, path, heard_audio))
        timings["effects_s"] = round(time.perf_counter() - mark, 4)
        mark = time.perf_counter()
        recognition, memo_hit, asr_replayed = await recognise(scope, self._asr_identity, self.vocabulary, heard_audio,
                                                              form.tts_text, lambda: self._recognise(heard_audio))
        timings["asr_s"] = round(time.perf_counter() - mark, 4)
        timings["total_s"] = round(time.perf_counter() - started, 4)
        if spoken.audio.duration_s:
            timings["asr_rtf"] = round(timings["asr_s"] / spoken.audio.duration_s, 4)
        understood = understand(form, recognition.words, hints=self.hints, threshold=self.profile.low_confidence,
                                listener=speaker == "agent")
        details = {**base, **understood.details, "tts_text": form.tts_text, "words": words_detail(recognition.words),
                   "asr_details": recognition.details, "audio": {"tts": tts_file, "heard": heard_file},
                   "timings": timings, "cached": {"tts": spoken.hit, "asr": memo_hit}}
        if recording:
            details["replayed"] = {"tts": tts_replayed, "asr": asr_replayed}
        # the agent reads the transcript with its confidence note; a simulated user just hears the words
        return Heard(text=understood.text if speaker == "user" else understood.details["heard"], details=details)

    def __repr__(self) -> str:
        p = self.profile
        return f"VoiceChannel(tts={p.tts}:{p.voice}, asr={p.asr}, noise={p.noise}, trial={self.trial})"
