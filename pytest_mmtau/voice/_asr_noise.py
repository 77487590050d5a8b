"""The ``asr-noise`` channel: the voice channel's bookkeeping without audio, errors drawn from ``ErrorModel``.

The user's text is put in spoken form, corrupted at the target WER, and normalised back into what the agent reads
(with the same low-confidence note as the voice channel), so metrics, SR and field checks work the same way. It
takes microseconds per turn and is deterministic by (seed, turn, text). The agent's words reach the user unchanged,
unless ``agent_asr``: then they are corrupted the same way and the user hears them with the marks of the speech
(``_prosody``), as through the voice channel.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._error_model import ErrorModel
from ._listen import understand
from ._profile import check_wer
from ._seeds import mix
from ._spoken import spoken_form

if TYPE_CHECKING:
    from . import Heard


class AsrNoiseChannel:
    modality = "asr-noise"

    def __init__(self, wer: float = 0.1, *, hints: Sequence[str] = (), low_confidence: float = 0.5,
                 item: str = "asr-noise", trial: int = 0, seed: int = 0, agent_asr: bool = False) -> None:
        self.wer = check_wer(wer, "asr-noise channel")
        self.model = ErrorModel(wer=self.wer)
        self.hints = tuple(dict.fromkeys(str(h) for h in hints))
        self.low_confidence = low_confidence
        self.item, self.trial, self.seed = item, trial, seed
        self.agent_asr = agent_asr
        self._turns = itertools.count(1)

    def for_trial(self, trial: int, seed: int) -> AsrNoiseChannel:
        return AsrNoiseChannel(self.wer, hints=self.hints, low_confidence=self.low_confidence, item=self.item,
                               trial=trial, seed=seed, agent_asr=self.agent_asr)

    async def transmit(self, text: str, *, speaker: str) -> Heard:
        from . import Heard

        turn = next(self._turns)
        listener = speaker == "agent"
        if (listener and not self.agent_asr) or not text.strip():
            return Heard(text=text)
        form = spoken_form(text)
        rng = random.Random(mix(self.seed, self.item, turn, text))
        recognised = self.model.corrupt([w.lower() for w in form.words], rng)
        understood = understand(form, recognised, hints=self.hints, threshold=self.low_confidence, listener=listener)
        details = {"modality": self.modality, "speaker": speaker, "target_wer": self.wer, **understood.details,
                   "words": [{"word": w.word, "confidence": w.confidence} for w in recognised]}
        # the agent reads the transcript with its confidence note; a simulated user just hears the words
        return Heard(text=understood.details["heard"] if listener else understood.text, details=details)

    def __repr__(self) -> str:
        return f"AsrNoiseChannel(wer={self.wer}, trial={self.trial})"
