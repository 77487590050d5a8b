"""The faster-whisper ASR backend: a local CTranslate2 model folder, or a model name downloaded from the Hub.

No weights ship with faster-whisper, so offline it needs a folder holding ``model.bin``, ``config.json``, a
vocabulary and ``tokenizer.json`` (without the tokenizer file faster-whisper goes to the network and retries for
25 s). The folder is checked before loading; a name that cannot be downloaded is an InfrastructureError naming the
way out. Confidence is each word's probability (``word_timestamps=True``); the task's vocabulary goes in as
``hotwords``. The model loads on first use and is shared by every channel of the process. ``identity`` (what decides
a recognition: the model, a folder by its name, and the decoding settings) needs neither faster-whisper nor the
model, so recorded recognitions replay without them.
"""

from __future__ import annotations

import importlib.util
import math
import threading
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import InfrastructureError, UsageError
from ._asr import Recognition, Word
from ._audio import Audio
from ._deps import EXTRA, module

REQUIRED_FILES = ("model.bin", "config.json", "tokenizer.json")
DEFAULTS: MappingProxyType[str, Any] = MappingProxyType({
    "compute_type": "int8", "beam_size": 5, "temperature": (0.0, 0.2, 0.4, 0.6, 0.8, 1.0), "max_new_tokens": None})


def model_name(model: str | None) -> str:
    """How a model is named in a cassette key: a folder by its last part (it lives elsewhere on another machine)."""
    from ._profile import DEFAULT_WHISPER_MODEL

    model = model or DEFAULT_WHISPER_MODEL
    if model.startswith(("/", ".", "~")) or Path(model).expanduser().exists():
        return Path(model).expanduser().name or model
    return model


def identity(model: str | None, **settings: Any) -> dict[str, Any]:
    """Engine, model and decoding settings of a recogniser, without loading (or having) it."""
    return {"engine": "faster-whisper", "model": model_name(model), "settings": {**DEFAULTS, **settings}}


def model_folder(model: str) -> Path | None:
    """The folder ``model`` names, checked; None when it is a model name or Hub id instead of a path."""
    path = Path(model).expanduser()
    looks_like_path = model.startswith(("/", ".", "~")) or path.exists()
    if not looks_like_path:
        return None
    if not path.is_dir():
        raise UsageError(f"faster-whisper model folder {model!r} does not exist (give a CTranslate2 model folder, "
                         "or a model name such as tiny.en to download)")
    missing = [name for name in REQUIRED_FILES if not (path / name).is_file()]
    if not any((path / f"vocabulary.{ext}").is_file() for ext in ("json", "txt")):
        missing.append("vocabulary.json")
    if missing:
        raise UsageError(f"faster-whisper model folder {model!r} lacks {', '.join(missing)} "
                         "(a CTranslate2 conversion of a Whisper model, with its tokenizer.json)")
    return path


class Whisper:
    backend = "faster-whisper"

    def __init__(self, model: str | None, *, device: str = "cpu", compute_type: str = DEFAULTS["compute_type"],
                 beam_size: int = DEFAULTS["beam_size"],
                 temperature: float | tuple[float, ...] = DEFAULTS["temperature"],
                 max_new_tokens: int | None = DEFAULTS["max_new_tokens"]) -> None:
        if importlib.util.find_spec("faster_whisper") is None:
            raise UsageError(f"the faster-whisper ASR backend needs the Python package 'faster-whisper'; "
                             f"install it with: {EXTRA}")
        from ._profile import DEFAULT_WHISPER_MODEL

        self.model = model or DEFAULT_WHISPER_MODEL
        self.folder = model_folder(self.model)
        self.device, self.compute_type = device, compute_type
        self.beam_size, self.temperature, self.max_new_tokens = beam_size, temperature, max_new_tokens
        self._loaded: Any = None
        self._lock = threading.Lock()

    @property
    def identity(self) -> dict[str, Any]:
        return identity(self.model, compute_type=self.compute_type, beam_size=self.beam_size,
                        temperature=self.temperature, max_new_tokens=self.max_new_tokens)

    def _load(self) -> Any:
        if self._loaded is None:
            fw = module("faster_whisper", purpose="the faster-whisper ASR backend")
            source = str(self.folder) if self.folder is not None else self.model
            try:
                self._loaded = fw.WhisperModel(source, device=self.device, compute_type=self.compute_type)
            except (OSError, ValueError) as exc:  # Hub unreachable, unknown name, unreadable files
                raise InfrastructureError(
                    f"faster-whisper could not load model {self.model!r} ({type(exc).__name__}: {exc}); offline, "
                    "pass a local CTranslate2 model folder with --mmtau-asr-model or "
                    "@pytest.mark.voice_profile(asr_model=...)") from exc
        return self._loaded

    def recognise(self, audio: Audio, *, vocabulary: Sequence[str] = ()) -> Recognition:
        np = module("numpy", purpose="the faster-whisper ASR backend")
        with self._lock:
            model = self._load()
            segments, info = model.transcribe(
                np.asarray(audio.samples, dtype=np.float32), language="en", beam_size=self.beam_size,
                temperature=self.temperature, word_timestamps=True, condition_on_previous_text=False,
                hotwords=" ".join(vocabulary) or None, max_new_tokens=self.max_new_tokens)
            segments = list(segments)  # decoding happens here, lazily
        words: list[Word] = []
        for seg in segments:
            if seg.words:
                words += [Word(word=w.word.strip(), confidence=float(w.probability), start=float(w.start),
                               end=float(w.end)) for w in seg.words if w.word.strip()]
            else:
                words += [Word(word=t, confidence=math.exp(seg.avg_logprob)) for t in seg.text.split()]
        details = {
            "language": info.language,
            "avg_logprob": round(float(np.mean([s.avg_logprob for s in segments])), 4) if segments else None,
            "no_speech_prob": round(float(max((s.no_speech_prob for s in segments), default=0.0)), 4),
            "compression_ratio": round(float(max((s.compression_ratio for s in segments), default=0.0)), 3),
            "fallback": any(s.temperature and s.temperature > 0 for s in segments),
        }
        return Recognition(words=tuple(words), details=details)
