"""Which TTS, ASR and noise a voice item uses: the frozen ``VoiceProfile``, its validation and its precedence.

Settings come from ``@pytest.mark.voice_profile(...)`` (per test), the command line (``--mmtau-tts`` …), ini
(``mmtau_tts`` …), the persona (``voice``, ``speaking_rate``, ``noise_profile``) and the defaults, in that order of
precedence. Every bad value is a UsageError naming what is allowed. Imports nothing heavy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..errors import UsageError, allowed
from ._presets import PRESET_NAMES

TTS_BACKENDS = ("flite", "espeak-ng", "edge-tts")
ASR_BACKENDS = ("pocketsphinx", "faster-whisper")
DEFAULT_VOICES = {"flite": "rms", "espeak-ng": "en-us+klatt", "edge-tts": "en-US-AriaNeural"}
DEFAULT_WHISPER_MODEL = "tiny.en"

# run-wide settings: key -> (CLI flag, ini name, help)
RUN_SETTINGS = {
    "tts": ("--mmtau-tts", "mmtau_tts", "voice: TTS backend[:voice] (flite, espeak-ng, edge-tts; default flite:rms)"),
    "asr": ("--mmtau-asr", "mmtau_asr", "voice: ASR backend (pocketsphinx, faster-whisper; default pocketsphinx)"),
    "asr_model": ("--mmtau-asr-model", "mmtau_asr_model",
                  "voice: faster-whisper model: a local CTranslate2 folder or a model name such as tiny.en"),
    "noise": ("--mmtau-noise", "mmtau_noise", "voice: noise/channel preset (clean, phone, mild, noisy, …)"),
    "wer": ("--mmtau-asr-noise-wer", "mmtau_asr_noise_wer", "asr-noise: target word error rate (default 0.1)"),
    "audio_dir": ("--mmtau-audio-dir", "mmtau_audio_dir",
                  "voice: folder for audio artifacts and the TTS cache (default: next to the report, else a temp dir)"),
}
MARKER_KWARGS = ("tts", "voice", "rate", "asr", "asr_model", "noise", "wer", "low_confidence", "agent_asr")


@dataclass(frozen=True, kw_only=True)
class VoiceProfile:
    """Everything a voice or asr-noise channel needs to know about its speech stack."""

    tts: str = "flite"
    voice: str = ""  # empty: the backend's default voice
    rate: float = 1.0  # speaking rate, 1.0 = the engine's normal pace
    asr: str = "pocketsphinx"
    asr_model: str | None = None  # faster-whisper only
    noise: str = "clean"
    wer: float = 0.1  # the asr-noise channel's target word error rate
    low_confidence: float = 0.5  # words recognised below this confidence are flagged to the agent
    agent_asr: bool = False  # also recognise the agent's speech and give the user what was heard

    def __post_init__(self) -> None:
        if not self.voice:
            object.__setattr__(self, "voice", DEFAULT_VOICES.get(self.tts, ""))

    def describe(self) -> dict[str, Any]:
        return {"tts": f"{self.tts}:{self.voice}", "rate": self.rate, "asr": self.asr,
                "asr_model": self.asr_model, "noise": self.noise}


def parse_tts(value: str, source: str) -> tuple[str, str | None]:
    """``backend`` or ``backend:voice`` → (backend, voice or None)."""
    backend, _, voice = str(value).partition(":")
    backend = backend.strip()
    if backend not in TTS_BACKENDS:
        raise UsageError(f"{source}: unknown TTS backend {backend!r}; allowed: {allowed(TTS_BACKENDS)} "
                         "(optionally backend:voice, e.g. flite:slt)")
    return backend, (voice.strip() or None)


def check_asr(value: str, source: str) -> str:
    if value not in ASR_BACKENDS:
        raise UsageError(f"{source}: unknown ASR backend {value!r}; allowed: {allowed(ASR_BACKENDS)}")
    return value


def check_noise(value: str, source: str) -> str:
    if value not in PRESET_NAMES:
        raise UsageError(f"{source}: unknown noise preset {value!r}; allowed: {allowed(PRESET_NAMES)}")
    return value


def _fraction(value: Any, source: str, *, low: float, high: float, name: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if isinstance(value, bool) or not low <= number <= high:
        raise UsageError(f"{source}: {name} must be a number in [{low:g}, {high:g}], got {value!r}")
    return number


def check_wer(value: Any, source: str) -> float:
    return _fraction(value, source, low=0.0, high=0.9, name="the target WER")


def run_settings(option: Callable[[str], Any], ini: Callable[[str], Any]) -> dict[str, str]:
    """The voice settings given on the command line or in ini (CLI wins), validated; absent keys are left out."""
    out: dict[str, str] = {}
    for key, (flag, ini_name, _help) in RUN_SETTINGS.items():
        for value, source in ((option(ini_name), flag), (ini(ini_name), f"ini {ini_name}")):
            if value not in (None, ""):
                _check_run_value(key, str(value), source)
                out[key] = str(value)
                break
    return out


def _check_run_value(key: str, value: str, source: str) -> None:
    if key == "tts":
        parse_tts(value, source)
    elif key == "asr":
        check_asr(value, source)
    elif key == "noise":
        check_noise(value, source)
    elif key == "wer":
        check_wer(value, source)


def parse_marker(kwargs: Mapping[str, Any], args: tuple[Any, ...] = ()) -> dict[str, Any]:
    """Validate ``@pytest.mark.voice_profile(...)``'s arguments; returns them normalised."""
    where = "@pytest.mark.voice_profile"
    if args:
        raise UsageError(f"{where} takes keyword arguments only, got {args!r}; allowed: {allowed(MARKER_KWARGS)}")
    extra = set(kwargs) - set(MARKER_KWARGS)
    if extra:
        raise UsageError(f"{where}: unexpected argument(s) {sorted(extra)}; allowed: {allowed(MARKER_KWARGS)}")
    out: dict[str, Any] = {}
    for key, value in kwargs.items():
        source = f"{where}({key}=...)"
        if key == "tts":
            backend, voice = parse_tts(value, source)
            out["tts"] = backend
            if voice:
                out["voice"] = voice
        elif key in ("voice", "asr_model"):
            if not isinstance(value, str) or not value:
                raise UsageError(f"{source}: expected a non-empty string, got {value!r}")
            out[key] = value
        elif key == "rate":
            out["rate"] = _fraction(value, source, low=0.5, high=2.0, name="the speaking rate")
        elif key == "asr":
            out["asr"] = check_asr(value, source)
        elif key == "noise":
            out["noise"] = check_noise(value, source)
        elif key == "wer":
            out["wer"] = check_wer(value, source)
        elif key == "low_confidence":
            out["low_confidence"] = _fraction(value, source, low=0.0, high=1.0, name="the confidence threshold")
        elif key == "agent_asr":
            if not isinstance(value, bool):
                raise UsageError(f"{source}: expected True or False, got {value!r}")
            out["agent_asr"] = value
    return out


def resolve(marker: Mapping[str, Any], run: Mapping[str, str], persona: Any = None) -> VoiceProfile:
    """Fold marker > run settings (CLI > ini) > persona > defaults into one profile."""
    profile = VoiceProfile()
    persona_voice = getattr(persona, "voice", "default")
    persona_noise = getattr(persona, "noise_profile", "clean")
    persona_rate = getattr(persona, "speaking_rate", 1.0)

    tts, voice = profile.tts, None
    if "tts" in run:
        tts, voice = parse_tts(run["tts"], "--mmtau-tts/ini mmtau_tts")
    if "tts" in marker:
        tts, voice = marker["tts"], None
    voice = marker.get("voice") or voice or (persona_voice if persona_voice != "default" else None)
    noise = marker.get("noise") or run.get("noise") or check_noise(persona_noise, "persona noise_profile")
    asr = marker.get("asr") or run.get("asr") or profile.asr
    asr_model = marker.get("asr_model") or run.get("asr_model") or None
    wer = marker["wer"] if "wer" in marker else (float(run["wer"]) if "wer" in run else profile.wer)
    return replace(profile, tts=tts, voice=voice or DEFAULT_VOICES[tts], rate=marker.get("rate", persona_rate),
                   asr=asr, asr_model=asr_model, noise=noise, wer=wer,
                   low_confidence=marker.get("low_confidence", profile.low_confidence),
                   agent_asr=marker.get("agent_asr", profile.agent_asr))
