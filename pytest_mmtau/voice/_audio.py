"""Mono audio as a frozen value (float32 samples in [-1, 1] and a sample rate), WAV files, and resampling.

The channel works at 16 kHz, the rate both offline recognisers expect. numpy is imported on first use.
"""

from __future__ import annotations

import io
import os
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._deps import numpy

RATE = 16000


@dataclass(frozen=True, kw_only=True, eq=False)
class Audio:
    samples: Any  # numpy float32 array, mono
    rate: int

    @property
    def duration_s(self) -> float:
        return len(self.samples) / self.rate if self.rate else 0.0

    def pcm16(self) -> bytes:
        """Little-endian signed 16-bit PCM, clipped to full scale."""
        np = numpy()
        pcm: bytes = (np.clip(self.samples, -1.0, 1.0) * 32767.0).astype("<i2").tobytes()
        return pcm


def from_pcm16(data: bytes, rate: int, channels: int = 1) -> Audio:
    np = numpy()
    samples = np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0
    if channels > 1:
        samples = samples.reshape(-1, channels).mean(axis=1)
    return Audio(samples=samples, rate=rate)


def read_wav(source: str | Path | bytes) -> Audio:
    """Read a 16-bit PCM WAV (path or bytes), mixing down to mono."""
    handle = io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")  # noqa: SIM115
    with handle, wave.open(handle, "rb") as wav:
        if wav.getsampwidth() != 2:
            raise ValueError(f"expected 16-bit PCM WAV, got {8 * wav.getsampwidth()}-bit")
        return from_pcm16(wav.readframes(wav.getnframes()), wav.getframerate(), wav.getnchannels())


def wav_bytes(audio: Audio) -> bytes:
    return pcm16_wav(audio.pcm16(), audio.rate)


def pcm16_wav(pcm: bytes, rate: int) -> bytes:
    """A mono 16-bit WAV file holding exactly these samples."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm)
    return buffer.getvalue()


def write_wav(path: Path, audio: Audio) -> Path:
    """Write atomically (temp file in the same folder, then rename), so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(wav_bytes(audio))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def resample(audio: Audio, rate: int) -> Audio:
    """FFT resampling (band-limited; fine for clips of a few seconds)."""
    if audio.rate == rate or len(audio.samples) == 0:
        return Audio(samples=audio.samples, rate=rate)
    np = numpy()
    n_in = len(audio.samples)
    n_out = max(1, round(n_in * rate / audio.rate))
    spectrum = np.fft.rfft(audio.samples)
    keep = min(len(spectrum), n_out // 2 + 1)
    out = np.zeros(n_out // 2 + 1, dtype=complex)
    out[:keep] = spectrum[:keep]
    samples = np.fft.irfft(out, n=n_out) * (n_out / n_in)
    return Audio(samples=samples.astype(np.float32), rate=rate)


def to_channel_rate(audio: Audio) -> Audio:
    return resample(audio, RATE)
