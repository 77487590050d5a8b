"""Record/replay of the voice channel's TTS and ASR calls: a voice item recorded with flite → pocketsphinx, then
replayed with both engines (and the TTS cache and recognition memo) made unusable; misses name the request; the
trial usage counts characters and seconds of audio. One short conversation recorded and replayed through the plugin
(a few seconds); the rest are unit tests."""

from __future__ import annotations

import asyncio
import importlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

for _module in ("numpy", "jiwer", "pocketsphinx"):
    pytest.importorskip(_module, reason=f'voice record/replay needs {_module}: pip install "pytest-mmtau[voice]"')

from pytest_mmtau import record
from pytest_mmtau.record import CassetteMiss, ItemRecorder
from pytest_mmtau.voice import _asr, _cache, _channel  # imported here, so the patches reach pytester runs
from pytest_mmtau.voice._audio import Audio
from pytest_mmtau.voice._profile import VoiceProfile
from pytest_mmtau.voice._record import recognise

# Modules an in-process pytester run would otherwise import (and assertion-rewrite) afresh on each of its runs.
for _module in ("_item", "engine", "report._finish", "trials", "user", "voice._factory", "voice._summary",
                "voice._cross", "voice._asr_sphinx", "voice._tts_flite"):
    importlib.import_module(f"pytest_mmtau.{_module}")

CONFTEST = """
import pytest


@pytest.fixture
def agent(mmtau_domain):
    return mmtau_domain.agents["reference"]()
"""
TEST_FILE = """
import json
from pathlib import Path

import pytest


@pytest.mark.domain("mock", tasks="balance_inquiry")
@pytest.mark.persona("easy")
@pytest.mark.modality("voice")
@pytest.mark.voice_profile(tts="flite:kal16", noise="clean")
@pytest.mark.trials(1)
async def test_balance(simulated_user, voice_channel, agent):
    conv = await simulated_user.converse(agent, channel=voice_channel)
    turns = [[t.role, t.text, t.heard, t.channel.get("words"), t.channel.get("replayed")] for t in conv.turns]
    Path("heard.json").write_text(json.dumps(turns))
    assert conv.goal_achieved, conv.success_detail
"""


def _cassette(suite: pytest.Pytester) -> Path:
    return suite.path / "cassettes" / "test_voice" / "test_balance_balance_inquiry-easy-voice.json"


def _run(suite: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, dict[str, Any]]:
    result = suite.runpytest("-p", "no:cacheprovider", "-p", "no:randomly", "--mmtau-report=r.json",
                             "--mmtau-infra-retries=0", *args)
    trials = json.loads((suite.path / "r.json").read_text())["trials"] if (suite.path / "r.json").exists() else []
    return result, (trials[0]["usage"] if trials else {})


def _unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    """No TTS engine, no recogniser, no TTS cache and no recognition memo: only the cassette can answer."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a speech engine was used during replay")

    monkeypatch.setattr(_channel, "make_synthesiser", refuse)
    monkeypatch.setattr(_channel, "make_recogniser", refuse)
    monkeypatch.setattr(_cache.TtsCache, "get", refuse)
    monkeypatch.setattr(_asr.Memo, "recognise", refuse)


@pytest.mark.voice
@pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)")
def test_voice_item_replays_without_engines(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_voice=TEST_FILE)
    recorded, usage = _run(pytester, "--mmtau-record=all")
    recorded.assert_outcomes(passed=1)
    live = json.loads((pytester.path / "heard.json").read_text())
    document = json.loads(_cassette(pytester).read_text())
    kinds = [e.get("kind") for e in document["entries"]]
    spoken = [t for t in live if t[4] is not None]  # the user's goodbye ends the conversation unsent
    user_turns = sum(t[0] == "user" for t in spoken)
    assert kinds.count("asr") == user_turns >= 2 and kinds.count("tts") == len(spoken)  # agents speak too
    sidecar = _cassette(pytester).with_suffix(".audio")
    assert {e["audio"] for e in document["entries"] if e["kind"] == "tts"} == {p.name for p in sidecar.iterdir()}
    asr = next(e for e in document["entries"] if e["kind"] == "asr")
    assert asr["request"]["engine"] == "pocketsphinx" and asr["words"][0]["confidence"] >= 0
    assert usage["tts_calls"] == len(spoken) and usage["asr_calls"] == user_turns and usage["replayed_voice_calls"] == 0
    assert usage["tts_characters"] > 20 and usage["asr_audio_s"] > 1.0 and "llm_calls" not in usage
    before = {p.name: p.read_bytes() for p in [_cassette(pytester), *sidecar.iterdir()]}

    _unusable(monkeypatch)
    (pytester.path / "heard.json").unlink()
    replayed, again = _run(pytester, "--mmtau-record=none")
    replayed.assert_outcomes(passed=1)
    heard = json.loads((pytester.path / "heard.json").read_text())
    assert [t[:4] for t in heard] == [t[:4] for t in live]  # the same words, confidences and turns
    assert all(t[4] == {"tts": True, "asr": True} for t in heard if t[0] == "user" and t[4] is not None)
    assert again == {**usage, "replayed_voice_calls": usage["tts_calls"] + usage["asr_calls"]}
    assert {p.name: p.read_bytes() for p in [_cassette(pytester), *sidecar.iterdir()]} == before  # untouched


def test_a_synthesis_miss_names_engine_voice_and_first_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _unusable(monkeypatch)
    item = ItemRecorder("t.py::test_x", tmp_path / "t" / "test_x.json", "none")
    monkeypatch.setattr(record, "_ITEM", item)
    channel = _channel.VoiceChannel(VoiceProfile(tts="edge-tts"), audio_dir=tmp_path, replay_only=True)

    async def say() -> Any:
        record.enter_trial(0, 5)
        return await channel.for_trial(0, 5).transmit("Hello, I would like to check the balance of my account "
                                                      "A100 please.", speaker="user")

    with pytest.raises(CassetteMiss) as missed:
        asyncio.run(say())
    assert str(missed.value).startswith(f"no recorded tts in {item.path} (mode 'none') for trial 0 seed 5: TTS "
                                        "engine 'edge-tts', voice 'en-US-AriaNeural', rate 1.0, text 'Hello, I "
                                        "would like to check the balance …'")
    assert str(missed.value).endswith("; record it with --mmtau-record=new")


def test_a_recognition_miss_names_engine_model_and_speech(tmp_path: Path) -> None:
    import numpy as np

    item = ItemRecorder("t.py::test_x", tmp_path / "t" / "test_x.json", "none")
    scope = item.scope(0, 5)
    audio = Audio(samples=np.zeros(16000, dtype=np.float32), rate=16000)
    identity = _asr.identity_of(None, "faster-whisper", str(tmp_path / "models" / "tiny.en"))
    assert identity["model"] == "tiny.en" and identity["settings"]["beam_size"] == 5  # a folder keys by its name
    with pytest.raises(CassetteMiss, match=r"no recorded asr .*ASR engine 'faster-whisper', model 'tiny.en', "
                                           r"1.00 s of audio saying 'my account id is'"):
        asyncio.run(recognise(scope, identity, (), audio, "my account id is", lambda: pytest.fail("recognised")))
    assert scope.usage.to_dict() == {}


def test_rewritten_cassettes_drop_audio_no_entry_names(tmp_path: Path) -> None:
    item = ItemRecorder("t.py::test_x", tmp_path / "t" / "test_x.json", "all")
    scope = item.scope(0, 5)
    kept, stale = item.put_audio(b"RIFF-kept"), item.put_audio(b"RIFF-stale")
    _, slot = scope.replay({"kind": "tts", "engine": "e", "voice": "v", "rate": 1.0, "text": "hi"}, "hi")
    scope.keep(slot, {"audio": kept})
    item.close()
    assert sorted(p.name for p in item.audio_folder.iterdir()) == [kept] and stale != kept
    with pytest.raises(Exception, match="bad audio file name"):
        item.audio_path("../escape.wav")
