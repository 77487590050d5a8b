"""Channels between the simulated user and the agent: the Protocol, the text passthrough, the modalities.

A channel turns what one side said into what the other side receives. ``text`` passes it through unchanged;
``voice`` runs TTS → effects → ASR (``_channel``); ``asr-noise`` simulates recognition errors at a target WER
without audio (``_asr_noise``). Channels may offer ``for_trial(trial, seed)`` for a fresh per-trial instance.
Importing this package stays light (no numpy, no pydantic): the voice channels load on first lookup.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # loaded on first use at run time (``__getattr__``), seen statically here
    from ..models import Side
    from ._asr_noise import AsrNoiseChannel as AsrNoiseChannel
    from ._channel import VoiceChannel as VoiceChannel
    from ._confidence import parse_note as parse_note
    from ._profile import VoiceProfile as VoiceProfile

__all__ = ["MODALITIES", "AsrNoiseChannel", "Channel", "Heard", "TextChannel", "VoiceChannel", "VoiceProfile",
           "parse_note"]


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


class _Modalities(MutableMapping[str, type]):
    """Modality name → channel class; the built-in voice channels are imported on first lookup. Register your own
    channel class with ``MODALITIES["name"] = cls``."""

    def __init__(self) -> None:
        self._classes: dict[str, type] = {"text": TextChannel}
        self._lazy = {"voice": ("._channel", "VoiceChannel"), "asr-noise": ("._asr_noise", "AsrNoiseChannel")}

    def __getitem__(self, name: str) -> type:
        if name not in self._classes and name in self._lazy:
            where, attr = self._lazy[name]
            self._classes[name] = getattr(importlib.import_module(where, __name__), attr)
        return self._classes[name]

    def __setitem__(self, name: str, cls: type) -> None:
        self._lazy.pop(name, None)
        self._classes[name] = cls

    def __delitem__(self, name: str) -> None:
        if self._lazy.pop(name, None) is None:
            del self._classes[name]
        self._classes.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._classes), **dict.fromkeys(self._lazy)})

    def __len__(self) -> int:
        return len(set(self._classes) | set(self._lazy))

    def __repr__(self) -> str:
        return f"MODALITIES({', '.join(self)})"


MODALITIES: MutableMapping[str, type] = _Modalities()

_LAZY = {"VoiceChannel": "._channel", "AsrNoiseChannel": "._asr_noise", "VoiceProfile": "._profile",
         "parse_note": "._confidence"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value
