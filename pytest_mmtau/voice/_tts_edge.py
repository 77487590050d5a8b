"""The edge-tts backend (online neural voices): streamed MP3 (24 kHz mono), decoded in memory with PyAV.

It needs the network. Offline, the connection fails within milliseconds (a DNS error, which aiohttp raises as an
``OSError``); that and every other transport or service failure becomes an InfrastructureError, so the trial is
reported as an error rather than an agent failure. The audio is streamed into memory rather than saved, so a
failed call never leaves an empty file behind.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

from ..errors import InfrastructureError, UsageError
from ._audio import Audio, from_pcm16
from ._deps import module

CONNECT_TIMEOUT_S = 5
RECEIVE_TIMEOUT_S = 30


def _rate(rate: float) -> str:
    return f"{round((rate - 1.0) * 100):+d}%"


def decode_mp3(data: bytes, rate: int = 16000) -> Audio:
    """Decode compressed audio (MP3 …) to mono 16-bit at ``rate`` with PyAV (no system ffmpeg needed)."""
    av = module("av", purpose="decoding edge-tts audio")
    pcm = bytearray()
    with av.open(io.BytesIO(data)) as container:
        resampler = av.AudioResampler(format="s16", layout="mono", rate=rate)
        for frame in container.decode(audio=0):
            for out in resampler.resample(frame):
                pcm += out.to_ndarray().tobytes()
        for out in resampler.resample(None):
            pcm += out.to_ndarray().tobytes()
    return from_pcm16(bytes(pcm), rate)


class EdgeTts:
    backend = "edge-tts"

    def __init__(self) -> None:
        self._edge = module("edge_tts", purpose="the edge-tts TTS backend")
        module("av", purpose="the edge-tts TTS backend (MP3 decoding)")

    def check_voice(self, voice: str) -> None:
        try:
            self._edge.Communicate("x", voice)
        except ValueError as exc:
            raise UsageError(f"edge-tts: {exc}; voices look like en-US-AriaNeural") from None

    async def synthesise(self, text: str, *, voice: str, rate: float) -> Audio:
        import aiohttp

        failures: tuple[type[BaseException], ...] = (aiohttp.ClientError, OSError, asyncio.TimeoutError,
                                                     self._edge.exceptions.EdgeTTSException)
        try:
            speaker: Any = self._edge.Communicate(text, voice, rate=_rate(rate), connect_timeout=CONNECT_TIMEOUT_S,
                                                  receive_timeout=RECEIVE_TIMEOUT_S)
        except ValueError as exc:
            raise UsageError(f"edge-tts: {exc}") from None
        data = bytearray()
        try:
            async for chunk in speaker.stream():
                if chunk["type"] == "audio":
                    data += chunk["data"]
        except failures as exc:
            raise InfrastructureError(f"edge-tts could not synthesise speech (it needs the network; "
                                      f"{type(exc).__name__}: {exc})") from exc
        if not data:
            raise InfrastructureError("edge-tts returned no audio")
        return await asyncio.to_thread(decode_mp3, bytes(data))
