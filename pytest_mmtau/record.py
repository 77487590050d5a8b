"""Record/replay of LLM, TTS and ASR calls ("cassettes"), per-trial usage accounting, and the run's cost budget.

Modes (``--mmtau-record`` / ini ``mmtau_record``), after pytest-recording:

- ``none``: replay only. A call with no recorded answer raises :class:`CassetteMiss` naming the request.
- ``once``: record when the test's cassette file does not exist yet, otherwise behave like ``none``.
- ``new``: replay what is recorded, call and append what is not.
- ``all``: always call, and overwrite the cassette.
- not set (the default): no cassette is read or written; calls are live. Usage is still counted.

One JSON file per test: ``<cassette dir>/<test module path without .py>/<test name>.json`` (the dir is
``--mmtau-cassette-dir`` / ini ``mmtau_cassette_dir``, default ``cassettes`` under the rootdir). An entry is keyed
by trial, seed, a hash of the canonical request (model, messages, tools, tool_choice, response_format,
temperature) and the number of earlier identical requests in the same trial. API keys, base URLs and headers are
never part of an entry, and the whole file is run through :func:`~pytest_mmtau._secrets.scrub` before it is
written. Random nonces of the LLM judge's prompt (its ``<<DATA-token>>`` markers) are normalised in the key, so
its calls replay.

The voice channel records through the same entries (:meth:`TrialScope.replay` / :meth:`TrialScope.keep`, with a
``kind`` of ``tts`` or ``asr``; entries without one are LLM calls): a synthesis is keyed by engine, voice, rate and
text and its audio is a 16-bit WAV in the sidecar folder ``<test name>.audio/`` next to the cassette, named by the
hash of its content (repeated sentences are stored once, the JSON stays small enough to review, and the clips play
in any player); a recognition is keyed by engine, model, settings, vocabulary and a hash of the audio, and stores
the words with their confidences and timings. Sidecar files no longer referenced are removed when a cassette is
rewritten.

The plugin sets the current item around each test call and :func:`enter_trial` runs at the start of every trial
attempt (in the trial's own thread or task), so the LLM callers and the voice channel find their trial through a
context variable.
"""

from __future__ import annotations

import contextvars
import hashlib
import json
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from ._secrets import scrub
from .errors import InfrastructureError

__all__ = ["MODES", "CassetteMiss", "ItemRecorder", "Slot", "TrialScope", "current", "enter_trial", "replays_only",
           "trial_usage"]

MODES = ("none", "once", "new", "all")
KEY_FIELDS = ("model", "messages", "tools", "tool_choice", "response_format", "temperature")
_NONCE = re.compile(r"<<DATA-([0-9a-f]{8,64})>>")
FORMAT_VERSION = 1
_AUDIO_NAME = re.compile(r"[0-9a-f]{16,64}\.wav")


class CassetteMiss(InfrastructureError):
    """Replay-only mode met a request that the cassette does not hold."""

    transient = False  # the cassette will not hold it on a retry either


# --------------------------------------------------------------------------------------------- keys


def canonical_request(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The parts of a chat-completion request that decide its answer, JSON-ready, volatile nonces normalised."""
    out: dict[str, Any] = {}
    for name in KEY_FIELDS:
        value = kwargs.get(name)
        if name == "response_format" and isinstance(value, type) and hasattr(value, "model_json_schema"):
            value = value.model_json_schema()
        if value is not None:
            out[name] = value
    text = json.dumps(out, sort_keys=True, default=str, ensure_ascii=False)
    for nonce in set(_NONCE.findall(text)):
        text = text.replace(nonce, "NONCE")
    canonical: dict[str, Any] = json.loads(text)
    return canonical


def request_hash(canonical: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()[:24]


def describe(canonical: dict[str, Any]) -> str:
    """A short name for a request in error messages: the model and the first user message."""
    first = next((m.get("content") for m in canonical.get("messages", ())
                  if isinstance(m, dict) and m.get("role") == "user"), "") or ""
    first = " ".join(str(first).split())
    return f"model {canonical.get('model')!r}, first user message {scrub(first)[:80]!r}"


# --------------------------------------------------------------------------------------------- usage


@dataclass
class Usage:
    calls: int = 0
    replayed_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0  # of the calls whose model has a price (replayed calls count what they cost when recorded)
    live_cost_usd: float = 0.0  # spent in this run
    unpriced_calls: int = 0
    tts_calls: int = 0  # syntheses the voice channel asked for (cache hits and replays included)
    tts_characters: int = 0
    asr_calls: int = 0
    asr_audio_s: float = 0.0
    replayed_voice_calls: int = 0  # TTS and ASR calls answered from the cassette

    def add(self, usage: dict[str, Any] | None, cost: float | None, *, replayed: bool) -> None:
        self.calls += 1
        self.replayed_calls += replayed
        self.prompt_tokens += int((usage or {}).get("prompt_tokens") or 0)
        self.completion_tokens += int((usage or {}).get("completion_tokens") or 0)
        if cost is None:
            self.unpriced_calls += 1
        else:
            self.cost_usd += cost
            if not replayed:
                self.live_cost_usd += cost

    def add_tts(self, characters: int, *, replayed: bool) -> None:
        self.tts_calls += 1
        self.tts_characters += characters
        self.replayed_voice_calls += replayed

    def add_asr(self, audio_s: float, *, replayed: bool) -> None:
        self.asr_calls += 1
        self.asr_audio_s += audio_s
        self.replayed_voice_calls += replayed

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.calls:
            priced = self.calls > self.unpriced_calls
            out = {"llm_calls": self.calls, "replayed_calls": self.replayed_calls,
                   "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                   "cost_usd": round(self.cost_usd, 8) if priced else None,
                   "live_cost_usd": round(self.live_cost_usd, 8) if priced else None,
                   "unpriced_calls": self.unpriced_calls}
        if self.tts_calls or self.asr_calls:
            out.update(tts_calls=self.tts_calls, tts_characters=self.tts_characters, asr_calls=self.asr_calls,
                       asr_audio_s=round(self.asr_audio_s, 3), replayed_voice_calls=self.replayed_voice_calls)
        return out


def _usage_of(response: Any) -> dict[str, Any]:
    usage = getattr(response, "usage", None)
    return {"prompt_tokens": getattr(usage, "prompt_tokens", 0) or 0,
            "completion_tokens": getattr(usage, "completion_tokens", 0) or 0}


# --------------------------------------------------------------------------------------------- cassettes


def _safe(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_") or "test"
    if len(cleaned) > 120:
        cleaned = cleaned[:100] + "-" + hashlib.sha256(name.encode()).hexdigest()[:12]
    return cleaned


def cassette_path(root: Path, nodeid: str) -> Path:
    """``root/<module path without .py>/<test name>.json`` for a pytest node id."""
    module, _, name = nodeid.partition("::")
    folder = Path(*[_safe(p) for p in Path(module).with_suffix("").parts if p not in ("", ".", "..")])
    return root / folder / f"{_safe(name.replace('::', '.'))}.json"


class ItemRecorder:
    """The cassette and the per-trial usage of one test item; shared by its concurrent trials."""

    def __init__(self, nodeid: str, path: Path | None, mode: str | None) -> None:
        self.nodeid, self.path, self.mode = nodeid, path, mode
        self._lock = threading.Lock()
        self._entries: list[dict[str, Any]] | None = None  # loaded on first use
        self._index: dict[tuple[int, int, str, int], dict[str, Any]] = {}
        self._replay_only = mode == "none"
        self._wrote = False
        self.scopes: dict[int, TrialScope] = {}

    def scope(self, trial: int, seed: int) -> TrialScope:
        with self._lock:
            found = self.scopes.get(trial)
            if found is None or found.seed != seed:
                found = self.scopes[trial] = TrialScope(self, trial, seed)
            found.seen.clear()  # a retried attempt replays from the start of the trial
            return found

    def _load(self) -> None:
        if self._entries is not None or self.path is None:
            return
        exists = self.path.is_file()
        if self.mode == "once":
            self._replay_only = exists
        entries: list[dict[str, Any]] = []
        if exists and self.mode != "all":
            try:
                entries = list(json.loads(self.path.read_text(encoding="utf-8"))["entries"])
            except (OSError, ValueError, KeyError, TypeError) as exc:
                from .errors import UsageError  # a broken file of the project, not an outage: never retried

                raise UsageError(f"cassette {self.path} is not a readable cassette ({type(exc).__name__}: {exc}); "
                                 "delete it, or re-record it with --mmtau-record=all") from None
        self._entries = entries
        self._index = {(e["trial"], e["seed"], e["key"], e["n"]): e for e in entries}

    def find(self, trial: int, seed: int, key: str, n: int) -> dict[str, Any] | None:
        with self._lock:
            self._load()
            return self._index.get((trial, seed, key, n))

    @property
    def replay_only(self) -> bool:
        with self._lock:
            self._load()
            return self._replay_only

    def add(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self._load()
            assert self._entries is not None and self.path is not None
            ident = (entry["trial"], entry["seed"], entry["key"], entry["n"])
            old = self._index.get(ident)
            if old is not None:
                self._entries.remove(old)
            self._entries.append(entry)
            self._index[ident] = entry
            document = {"version": FORMAT_VERSION, "test": self.nodeid,
                        "entries": sorted(self._entries, key=lambda e: (e["trial"], e["seed"], e["n"], e["key"]))}
            text = scrub(json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False, default=str)) + "\n"
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + f".tmp{os.getpid()}")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(self.path)
            self._wrote = True

    @property
    def audio_folder(self) -> Path | None:
        """The sidecar folder of the cassette's audio: ``<test name>.audio/`` next to it."""
        return self.path.with_name(self.path.stem + ".audio") if self.path is not None else None

    def put_audio(self, wav: bytes) -> str:
        """Store a WAV file in the sidecar folder under the hash of its content; returns its file name."""
        folder = self.audio_folder
        assert folder is not None
        name = hashlib.sha256(wav).hexdigest()[:24] + ".wav"
        target = folder / name
        if not target.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            temporary = folder / f".{name}.tmp{os.getpid()}-{threading.get_ident()}"
            temporary.write_bytes(wav)
            temporary.replace(target)
        return name

    def audio_path(self, name: str) -> Path:
        """The sidecar file a recorded entry names (checked, so a cassette cannot point outside its folder)."""
        folder = self.audio_folder
        if folder is None or not _AUDIO_NAME.fullmatch(str(name)):
            raise InfrastructureError(f"cassette {self.path}: bad audio file name {name!r}")
        path = folder / name
        if not path.is_file():
            raise InfrastructureError(f"cassette {self.path}: its audio file {path} is missing")
        return path

    def close(self) -> None:
        """After the item: drop sidecar audio that no entry names any more (the cassette was rewritten)."""
        with self._lock:
            folder = self.audio_folder
            if not self._wrote or folder is None or not folder.is_dir():
                return
            used = {e.get("audio") for e in self._entries or ()}
            try:
                for path in folder.iterdir():
                    if _AUDIO_NAME.fullmatch(path.name) and path.name not in used:
                        path.unlink(missing_ok=True)
                if not any(folder.iterdir()):
                    folder.rmdir()
            except OSError:  # tidying only: a file held open elsewhere stays until the next rewrite
                pass


@dataclass(frozen=True)
class Slot:
    """Where a call that is not replayed will be recorded: its request key, occurrence and canonical request."""

    key: str
    n: int
    request: MappingProxyType[str, Any]


@dataclass(eq=False)
class TrialScope:
    """One trial of one item: where its LLM, TTS and ASR calls are looked up, recorded and counted."""

    item: ItemRecorder
    trial: int
    seed: int
    usage: Usage = field(default_factory=Usage)
    seen: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _occurrence(self, key: str) -> int:
        with self._lock:
            n = self.seen.get(key, 0)
            self.seen[key] = n + 1
            return n

    def unclaim(self, recorded: tuple[str, int, dict[str, Any]]) -> None:
        """Give back the occurrence number of a call that failed before answering (it will be retried)."""
        key, n, _ = recorded
        with self._lock:
            if self.seen.get(key) == n + 1:
                self.seen[key] = n

    def lookup(self, kwargs: dict[str, Any]) -> Any | None:
        """The recorded response for this request, or None when it has to be called (and maybe recorded)."""
        if self.item.mode is None:
            return None
        canonical = canonical_request(kwargs)
        key = request_hash(canonical)
        n = self._occurrence(key)
        kwargs["_mmtau_record_key"] = (key, n, canonical)  # popped by the transport and handed to store()
        if self.item.mode == "all":
            return None
        entry = self.item.find(self.trial, self.seed, key, n)
        if entry is not None:
            from ._openai_http import ChatResponse  # the recorded JSON as is, whichever path recorded it

            response = ChatResponse(entry["response"])
            self.usage.add(entry.get("usage"), entry.get("cost_usd"), replayed=True)
            return response
        if self.item.replay_only:
            raise CassetteMiss(f"no recorded answer in {self.item.path} (mode {self.item.mode!r}) for trial "
                               f"{self.trial} seed {self.seed}: {describe(canonical)} [request {key} #{n}]; "
                               f"record it with --mmtau-record=new")
        return None

    def store(self, recorded: tuple[str, int, dict[str, Any]] | None, response: Any, cost: float | None) -> None:
        """Count a live call and, when recording, keep its answer (``recorded`` comes from :meth:`lookup`)."""
        usage = _usage_of(response)
        self.usage.add(usage, cost, replayed=False)
        if recorded is None or self.item.path is None:
            return
        key, n, canonical = recorded
        self.item.add({"trial": self.trial, "seed": self.seed, "key": key, "n": n, "request": canonical,
                       "response": _response_dict(response), "usage": usage, "cost_usd": cost})

    def replay(self, canonical: dict[str, Any], what: str) -> tuple[dict[str, Any] | None, Slot | None]:
        """For a TTS or ASR call: its recorded entry (replay it), else None and the slot to record it into (None
        when recording is off). ``what`` names the request in the :class:`CassetteMiss` of replay-only mode."""
        if self.item.mode is None:
            return None, None
        key = request_hash(canonical)
        slot = Slot(key, self._occurrence(key), MappingProxyType(canonical))
        if self.item.mode == "all":
            return None, slot
        entry = self.item.find(self.trial, self.seed, key, slot.n)
        if entry is not None:
            return entry, slot
        if self.item.replay_only:
            raise CassetteMiss(f"no recorded {canonical.get('kind', 'call')} in {self.item.path} (mode "
                               f"{self.item.mode!r}) for trial {self.trial} seed {self.seed}: {scrub(what)} "
                               f"[request {key} #{slot.n}]; record it with --mmtau-record=new")
        return None, slot

    def keep(self, slot: Slot | None, answer: dict[str, Any]) -> None:
        """Record a live TTS or ASR answer in the slot :meth:`replay` gave (nothing when it gave none)."""
        if slot is None or self.item.path is None:
            return
        self.item.add({"trial": self.trial, "seed": self.seed, "key": slot.key, "n": slot.n,
                       "kind": slot.request.get("kind"), "request": dict(slot.request), **answer})


def _response_dict(response: Any) -> dict[str, Any]:
    dump = response.model_dump(mode="json") if hasattr(response, "model_dump") else dict(response)
    return {k: v for k, v in dump.items() if not k.startswith("_")}


# --------------------------------------------------------------------------------------------- current trial

_TRIAL: contextvars.ContextVar[TrialScope | None] = contextvars.ContextVar("mmtau_trial", default=None)
_ITEM: ItemRecorder | None = None  # pytest runs one item at a time per process; its trials run concurrently


def current() -> TrialScope | None:
    """The trial whose LLM calls are being made in this thread or task, if any."""
    return _TRIAL.get()


def enter_trial(trial: int, seed: int) -> None:
    """Called at the start of every trial attempt, in the trial's own thread or task."""
    _TRIAL.set(_ITEM.scope(trial, seed) if _ITEM is not None else None)


def replays_only(config: pytest.Config, nodeid: str) -> bool:
    """Whether every call of this item comes from its cassette (mode ``none``, or ``once`` with the cassette
    present), so the voice channel need not load its engines."""
    plugin = config.pluginmanager.get_plugin("mmtau-record")
    mode = getattr(plugin, "mode", None)
    if mode == "none":
        return True
    return mode == "once" and plugin is not None and cassette_path(plugin.root, nodeid).is_file()


def trial_usage(nodeid: str, trial: int) -> dict[str, Any]:
    item = _ITEM
    if item is None or item.nodeid != nodeid or trial not in item.scopes:
        return {}
    return item.scopes[trial].usage.to_dict()


# --------------------------------------------------------------------------------------------- plugin


def add_options(group: Any, parser: pytest.Parser) -> None:
    group.addoption("--mmtau-record", dest="mmtau_record", choices=MODES,
                    help="record/replay LLM calls: none (replay only), once, new, all; default: off (live)")
    group.addoption("--mmtau-cassette-dir", dest="mmtau_cassette_dir", metavar="DIR",
                    help="where cassettes live (default: cassettes under the rootdir)")
    group.addoption("--mmtau-max-cost", dest="mmtau_max_cost", type=float, metavar="USD",
                    help="stop the run once its live LLM calls have cost more than this")
    parser.addini("mmtau_record", "record/replay mode for LLM calls: none, once, new, all", default="")
    parser.addini("mmtau_cassette_dir", "folder of the cassettes (relative to the rootdir)", default="")
    parser.addini("mmtau_max_cost", "stop the run once its live LLM calls have cost more than this (USD)",
                  default="")


class RecordPlugin:
    """Sets the current item's recorder around each test call and enforces the cost budget."""

    def __init__(self, config: pytest.Config) -> None:
        mode = config.getoption("mmtau_record", None) or config.getini("mmtau_record") or None
        if mode is not None and mode not in MODES:
            raise pytest.UsageError(f"pytest-mmtau: ini mmtau_record: unknown mode {mode!r}; "
                                    f"allowed: {', '.join(MODES)}")
        folder = config.getoption("mmtau_cassette_dir", None) or config.getini("mmtau_cassette_dir") or "cassettes"
        raw_cost = config.getoption("mmtau_max_cost", None)
        if raw_cost is None and config.getini("mmtau_max_cost"):
            try:
                raw_cost = float(config.getini("mmtau_max_cost"))
            except ValueError:
                raise pytest.UsageError("pytest-mmtau: ini mmtau_max_cost: expected a number of USD, got "
                                        f"{config.getini('mmtau_max_cost')!r}") from None
        if raw_cost is not None and raw_cost < 0:
            raise pytest.UsageError(f"pytest-mmtau: --mmtau-max-cost: must not be negative, got {raw_cost}")
        self.mode: str | None = mode
        self.root = config.rootpath / folder
        self.max_cost: float | None = raw_cost
        self.spent = 0.0  # this process's share
        self._ledger: Any = None  # the whole run's spend (all xdist workers), when there is a budget
        if raw_cost is not None:
            from ._budget import WORKER_KEY, CostLedger

            worker = getattr(config, "workerinput", None)
            self._owns_ledger = worker is None
            self._ledger = CostLedger(Path(worker[WORKER_KEY])) if worker else CostLedger.create()

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        """xdist: every worker adds to, and reads, the controller's ledger."""
        if self._ledger is not None:
            from ._budget import WORKER_KEY

            node.workerinput[WORKER_KEY] = str(self._ledger.path)

    def pytest_unconfigure(self) -> None:
        if self._ledger is not None and self._owns_ledger:
            self._ledger.remove()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Any:
        global _ITEM
        recorder = ItemRecorder(item.nodeid, cassette_path(self.root, item.nodeid) if self.mode else None,
                                self.mode)
        _ITEM = recorder
        try:
            return (yield)
        finally:
            _ITEM = None
            recorder.close()
            cost = sum(s.usage.live_cost_usd for s in recorder.scopes.values())
            self.spent += cost
            if self._ledger is not None:
                self._ledger.add(cost)
                total = self._ledger.total()  # every worker's calls, not only this process's
                if total > self.max_cost:
                    item.session.shouldstop = (f"pytest-mmtau: live LLM calls cost ${total:.6f}, more than "
                                               f"--mmtau-max-cost ${self.max_cost:g}; stopping after {item.nodeid}")
