"""The flite TTS backend (offline default): the ``flite`` program, run as a subprocess, writing a 16 kHz WAV.

Voices: ``rms`` (default; the easiest for pocketsphinx), ``slt``, ``awb``, ``kal16`` (fastest), ``kal`` (8 kHz),
or a path to a ``.flitevox`` file. flite silently falls back to another voice for an unknown name, so names are
checked against ``flite -lv`` first.
"""

from __future__ import annotations

import asyncio
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

from ..errors import InfrastructureError, UsageError, allowed
from ._audio import Audio, read_wav
from ._deps import binary


@lru_cache(maxsize=4)
def _voices(program: str) -> tuple[str, ...]:
    out = subprocess.run([program, "-lv"], capture_output=True, text=True, timeout=10).stdout
    return tuple(out.split(":", 1)[-1].split())


class Flite:
    backend = "flite"

    def __init__(self) -> None:
        self.program = binary("flite", purpose="the flite TTS backend")

    def check_voice(self, voice: str) -> None:
        if voice.endswith(".flitevox"):
            if not Path(voice).is_file():
                raise UsageError(f"flite voice file {voice!r} does not exist")
            return
        known = _voices(self.program)
        if voice not in known:
            raise UsageError(f"unknown flite voice {voice!r}; allowed: {allowed(known)} or a .flitevox file")

    def _run(self, text: str, voice: str, rate: float) -> Audio:
        with tempfile.TemporaryDirectory(prefix="mmtau-flite-") as folder:
            out = Path(folder) / "speech.wav"
            command = [self.program, "-voice", voice, "--setf", f"duration_stretch={1.0 / rate:.4f}",
                       "-t", text, "-o", str(out)]
            done = subprocess.run(command, capture_output=True, text=True, timeout=60)
            if done.returncode != 0 or not out.is_file():
                raise InfrastructureError(f"flite failed (exit {done.returncode}): {done.stderr.strip()[:300]}")
            return read_wav(out)

    async def synthesise(self, text: str, *, voice: str, rate: float) -> Audio:
        return await asyncio.to_thread(self._run, text, voice, rate)
