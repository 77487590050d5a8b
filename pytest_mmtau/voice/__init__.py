"""Channels between the simulated user and the agent: the Protocol and the text passthrough.

A channel turns what one side said into what the other side receives. ``text`` passes it through unchanged;
voice channels (TTS → effects → ASR) plug in behind the same Protocol.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..models import Side

__all__ = ["Channel", "Heard", "TextChannel", "MODALITIES"]


@dataclass(frozen=True, kw_only=True)
class Heard:
    """What came out of the channel, with channel-specific measurements (WER, confidence, audio paths…)."""

    text: str
    details: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Channel(Protocol):
    modality: str

    async def transmit(self, text: str, *, speaker: Side) -> Heard: ...


class TextChannel:
    """The text modality: the listener receives exactly what the speaker wrote."""

    modality = "text"

    async def transmit(self, text: str, *, speaker: Side) -> Heard:
        return Heard(text=text)

    def for_trial(self, trial: int, seed: int) -> TextChannel:
        return self

    def __repr__(self) -> str:
        return "TextChannel()"


MODALITIES: dict[str, type] = {"text": TextChannel}
