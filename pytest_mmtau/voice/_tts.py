"""Text to speech: the ``Synthesiser`` role, and choosing a backend by name.

A synthesiser turns text into mono audio (any rate; the channel resamples to 16 kHz). Backends: ``flite`` (offline
default, system package), ``espeak-ng`` (offline, system package), ``edge-tts`` (online neural voices). Creating
one checks that it is installed and raises a UsageError saying what to install when it is not.
"""

from __future__ import annotations

from typing import Protocol

from ..errors import UsageError, allowed
from ._audio import Audio


class Synthesiser(Protocol):
    backend: str

    def check_voice(self, voice: str) -> None:
        """Raise a UsageError naming the available voices when ``voice`` is not one."""

    async def synthesise(self, text: str, *, voice: str, rate: float) -> Audio: ...


def make_synthesiser(backend: str) -> Synthesiser:
    if backend == "flite":
        from ._tts_flite import Flite

        return Flite()
    if backend == "espeak-ng":
        from ._tts_espeak import EspeakNg

        return EspeakNg()
    if backend == "edge-tts":
        from ._tts_edge import EdgeTts

        return EdgeTts()
    from ._profile import TTS_BACKENDS

    raise UsageError(f"unknown TTS backend {backend!r}; allowed: {allowed(TTS_BACKENDS)}")
