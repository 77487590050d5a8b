"""Audio degradations in numpy: noise floor, white and babble noise at an SNR, band-pass, sample rate, μ-law.

Each effect is a frozen value with ``apply(audio, rng) -> Audio``; a ``Chain`` runs them in order and returns
16 kHz audio, peak-limited so the sum never clips. SNR is measured over the whole clip (as in the calibration).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import UsageError
from ._audio import RATE, Audio, resample
from ._deps import numpy

PEAK = 0.99


class Effect(Protocol):
    def apply(self, audio: Audio, rng: Any) -> Audio: ...


def _power(x: Any) -> float:
    np = numpy()
    return float(np.mean(np.square(x, dtype=np.float64))) if len(x) else 0.0


def _scaled_to_snr(signal: Any, noise: Any, snr_db: float) -> Any:
    np = numpy()
    p_signal, p_noise = _power(signal), _power(noise)
    if p_signal == 0.0 or p_noise == 0.0:
        return np.zeros_like(signal)
    gain = np.sqrt(p_signal / (p_noise * 10.0 ** (snr_db / 10.0)))
    return (noise * gain).astype(np.float32)


@dataclass(frozen=True)
class NoiseFloor:
    """Faint white noise at an absolute level, so no sample is digital silence."""

    dbfs: float = -60.0

    def apply(self, audio: Audio, rng: Any) -> Audio:
        np = numpy()
        level = 10.0 ** (self.dbfs / 20.0)
        noise = rng.standard_normal(len(audio.samples)).astype(np.float32) * level
        return Audio(samples=(audio.samples + noise).astype(np.float32), rate=audio.rate)


@dataclass(frozen=True)
class WhiteNoise:
    snr_db: float

    def apply(self, audio: Audio, rng: Any) -> Audio:
        np = numpy()
        noise = rng.standard_normal(len(audio.samples)).astype(np.float32)
        return Audio(samples=audio.samples + _scaled_to_snr(audio.samples, noise, self.snr_db), rate=audio.rate)


@dataclass(frozen=True)
class Babble:
    """Several voices talking at once (a loop built from TTS speech), from a random offset, at an SNR."""

    snr_db: float
    track: Callable[[], Audio]  # the babble loop at the channel rate

    def apply(self, audio: Audio, rng: Any) -> Audio:
        np = numpy()
        loop = resample(self.track(), audio.rate).samples
        if len(loop) == 0:
            return audio
        start = int(rng.integers(0, len(loop)))
        reps = -(-(start + len(audio.samples)) // len(loop))
        noise = np.tile(loop, reps)[start:start + len(audio.samples)]
        return Audio(samples=audio.samples + _scaled_to_snr(audio.samples, noise, self.snr_db), rate=audio.rate)


@dataclass(frozen=True)
class BandPass:
    """Brick-wall FFT band-pass (a telephone line passes about 300-3400 Hz)."""

    low_hz: float
    high_hz: float

    def apply(self, audio: Audio, rng: Any) -> Audio:
        np = numpy()
        spectrum = np.fft.rfft(audio.samples)
        freqs = np.fft.rfftfreq(len(audio.samples), d=1.0 / audio.rate)
        spectrum[(freqs < self.low_hz) | (freqs > self.high_hz)] = 0
        return Audio(samples=np.fft.irfft(spectrum, n=len(audio.samples)).astype(np.float32), rate=audio.rate)


@dataclass(frozen=True)
class SampleRate:
    """Pass the audio through a channel running at ``rate`` (the chain returns to 16 kHz at its end)."""

    rate: int

    def apply(self, audio: Audio, rng: Any) -> Audio:
        return resample(audio, self.rate)


@dataclass(frozen=True)
class MuLaw:
    """G.711 μ-law: compand, quantise to 8 bits, expand."""

    mu: int = 255

    def apply(self, audio: Audio, rng: Any) -> Audio:
        np = numpy()
        x = np.clip(audio.samples, -1.0, 1.0)
        companded = np.sign(x) * np.log1p(self.mu * np.abs(x)) / np.log1p(self.mu)
        quantised = np.round((companded + 1.0) / 2.0 * 255.0) / 255.0 * 2.0 - 1.0
        expanded = np.sign(quantised) * ((1.0 + self.mu) ** np.abs(quantised) - 1.0) / self.mu
        return Audio(samples=expanded.astype(np.float32), rate=audio.rate)


@dataclass(frozen=True)
class Chain:
    effects: tuple[Effect, ...] = ()

    def apply(self, audio: Audio, rng: Any) -> Audio:
        np = numpy()
        for effect in self.effects:
            audio = effect.apply(audio, rng)
        audio = resample(audio, RATE)
        peak = float(np.max(np.abs(audio.samples))) if len(audio.samples) else 0.0
        if peak > PEAK:
            audio = Audio(samples=(audio.samples * (PEAK / peak)).astype(np.float32), rate=audio.rate)
        return audio

    @property
    def identity(self) -> bool:
        return not self.effects


def build(steps: Sequence[tuple[Any, ...]], babble: Callable[[], Audio] | None = None) -> Chain:
    """Effects from preset steps (see ``_presets``); ``babble`` supplies the babble loop when a step needs it."""
    effects: list[Effect] = []
    for kind, *params in steps:
        if kind == "floor":
            effects.append(NoiseFloor(float(params[0])))
        elif kind == "white":
            effects.append(WhiteNoise(float(params[0])))
        elif kind == "babble":
            if babble is None:
                raise UsageError("babble noise needs a babble source")
            effects.append(Babble(float(params[0]), babble))
        elif kind == "bandpass":
            effects.append(BandPass(float(params[0]), float(params[1])))
        elif kind == "resample":
            effects.append(SampleRate(int(params[0])))
        elif kind == "mulaw":
            effects.append(MuLaw())
        else:
            raise UsageError(f"unknown effect step {kind!r}")
    return Chain(tuple(effects))
