"""Named noise and channel presets, calibrated per ASR backend, as plain data (the effects are built from them).

The same SNR means very different WER on different recognisers (pocketsphinx is far less robust than Whisper), so
each preset names an *intent* and gives per-backend steps. The pocketsphinx levels were chosen by measuring flite
speech (``benchmarks/voice.py --calibrate``; WER in docs/voice.md); the faster-whisper levels are starting
points that were not measured here (no real Whisper weights offline; ``--whisper-model DIR`` calibrates them).
A step is ``(kind, *parameters)``; the chain runs in order: the acoustic scene first (noise), then the line
(band-pass, sample rate, μ-law).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

Step = tuple[str | float, ...]

_PHONE: tuple[Step, ...] = (("bandpass", 300.0, 3400.0), ("resample", 8000.0), ("mulaw",))


@dataclass(frozen=True, kw_only=True)
class Preset:
    name: str
    intent: str
    steps: Mapping[str, tuple[Step, ...]]  # ASR backend -> steps
    calibrated: tuple[str, ...] = ("pocketsphinx",)

    def for_asr(self, asr: str) -> tuple[Step, ...]:
        return self.steps.get(asr, self.steps["pocketsphinx"])


def _same(steps: tuple[Step, ...]) -> dict[str, tuple[Step, ...]]:
    return {"pocketsphinx": steps, "faster-whisper": steps}


PRESETS: Mapping[str, Preset] = {p.name: p for p in (
    Preset(name="clean", intent="studio-quality 16 kHz speech", steps=_same(()),
           calibrated=("pocketsphinx", "faster-whisper")),
    Preset(name="8khz", intent="narrowband audio, otherwise clean", steps=_same((("resample", 8000.0),))),
    Preset(name="phone", intent="a landline: 300-3400 Hz band, 8 kHz, G.711 mu-law", steps=_same(_PHONE)),
    Preset(name="mild", intent="a quiet room: a point or two of WER over clean",
           steps={"pocketsphinx": (("white", 40.0),), "faster-whisper": (("white", 20.0),)}),
    Preset(name="noisy", intent="a busy office or cafe: WER about 2.5x clean",
           steps={"pocketsphinx": (("babble", 20.0),), "faster-whisper": (("babble", 5.0),)}),
    Preset(name="noisy-phone", intent="a phone call from a busy place",
           steps={"pocketsphinx": (("babble", 30.0), *_PHONE), "faster-whisper": (("babble", 10.0), *_PHONE)}),
    Preset(name="severe", intent="a loud street: most words lost",
           steps={"pocketsphinx": (("babble", 10.0),), "faster-whisper": (("babble", 0.0),)}),
)}
PRESET_NAMES = tuple(PRESETS)
