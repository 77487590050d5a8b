"""The voice channel's audio side with stand-in engines: effects, WAV files, the TTS cache, the channel's per-turn
record and artifacts, edge-tts with a failing network, faster-whisper with a tiny random model built here, and
the errors for missing backends. Needs numpy (the ``voice`` extra); no speech engine is required."""

from __future__ import annotations

import asyncio
import json
import math
import socket
import sys
import time
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason='the voice channel needs numpy: pip install "pytest-mmtau[voice]"')
pytest.importorskip("jiwer", reason='the voice channel needs jiwer: pip install "pytest-mmtau[voice]"')

from pytest_mmtau.errors import InfrastructureError, UsageError  # noqa: E402
from pytest_mmtau.voice import VoiceChannel, VoiceProfile  # noqa: E402
from pytest_mmtau.voice._asr import Recognition, Word  # noqa: E402
from pytest_mmtau.voice._audio import RATE, Audio, read_wav, resample, wav_bytes, write_wav  # noqa: E402
from pytest_mmtau.voice._cache import TtsCache  # noqa: E402
from pytest_mmtau.voice._effects import (  # noqa: E402
    BandPass, Chain, MuLaw, NoiseFloor, SampleRate, WhiteNoise, build)
from pytest_mmtau.voice._presets import PRESETS  # noqa: E402


def tone(freq: float, seconds: float = 1.0, rate: int = RATE, level: float = 0.5) -> Audio:
    t = np.arange(int(seconds * rate)) / rate
    return Audio(samples=(level * np.sin(2 * np.pi * freq * t)).astype(np.float32), rate=rate)


def power(x: Any) -> float:
    return float(np.mean(np.square(x, dtype=np.float64)))


def band_energy(audio: Audio, low: float, high: float) -> float:
    spectrum = np.abs(np.fft.rfft(audio.samples)) ** 2
    freqs = np.fft.rfftfreq(len(audio.samples), 1 / audio.rate)
    return float(spectrum[(freqs >= low) & (freqs <= high)].sum())


# --------------------------------------------------------------------------------------------- effects


@pytest.mark.parametrize("snr", [30.0, 10.0, 0.0])
def test_white_noise_lands_at_the_requested_snr(snr: float) -> None:
    clean = tone(440)
    noisy = WhiteNoise(snr).apply(clean, np.random.default_rng(0))
    measured = 10 * math.log10(power(clean.samples) / power(noisy.samples - clean.samples))
    assert measured == pytest.approx(snr, abs=0.05)


def test_babble_is_scaled_to_the_snr_from_a_random_offset() -> None:
    from pytest_mmtau.voice._effects import Babble

    loop = tone(300, seconds=3.0)
    clean = tone(1000, seconds=1.0)
    one = Babble(20.0, lambda: loop).apply(clean, np.random.default_rng(1))
    two = Babble(20.0, lambda: loop).apply(clean, np.random.default_rng(2))
    measured = 10 * math.log10(power(clean.samples) / power(one.samples - clean.samples))
    assert measured == pytest.approx(20.0, abs=0.05) and not np.allclose(one.samples, two.samples)


def test_noise_floor_level_and_no_digital_silence() -> None:
    silent = Audio(samples=np.zeros(RATE, np.float32), rate=RATE)
    floored = NoiseFloor(-60).apply(silent, np.random.default_rng(0))
    assert 20 * math.log10(math.sqrt(power(floored.samples))) == pytest.approx(-60, abs=0.5)
    assert np.count_nonzero(floored.samples) == RATE


def test_telephone_band_and_narrowband_remove_what_a_phone_line_cannot_carry() -> None:
    mix = Audio(samples=tone(100).samples + tone(1000).samples + tone(6000).samples, rate=RATE)
    banded = BandPass(300, 3400).apply(mix, None)
    assert band_energy(banded, 50, 150) < 1e-6 * band_energy(mix, 50, 150)
    assert band_energy(banded, 950, 1050) == pytest.approx(band_energy(mix, 950, 1050), rel=1e-3)
    narrow = Chain((SampleRate(8000),)).apply(mix, None)
    assert narrow.rate == RATE and len(narrow.samples) == len(mix.samples)
    assert band_energy(narrow, 5900, 6100) < 1e-6 * band_energy(mix, 5900, 6100)


def test_mu_law_is_lossy_but_close() -> None:
    clean = tone(440, level=0.3)
    coded = MuLaw().apply(clean, None)
    snr = 10 * math.log10(power(clean.samples) / power(coded.samples - clean.samples))
    assert 25 < snr < 50
    assert len(np.unique(coded.samples)) <= 256


def test_chain_limits_peaks_and_every_preset_builds() -> None:
    loud = Audio(samples=np.full(1000, 0.98, np.float32), rate=RATE)
    assert float(np.max(np.abs(WhiteNoise(0).apply(loud, np.random.default_rng(0)).samples))) > 0.99
    out = Chain((WhiteNoise(0),)).apply(loud, np.random.default_rng(0))
    assert float(np.max(np.abs(out.samples))) <= 0.99 + 1e-6
    for preset in PRESETS.values():
        for asr in ("pocketsphinx", "faster-whisper"):
            chain = build(preset.for_asr(asr), babble=lambda: tone(200, 2.0))
            result = chain.apply(tone(500), np.random.default_rng(0))
            assert result.rate == RATE and len(result.samples) == RATE
    assert build(PRESETS["clean"].for_asr("pocketsphinx")).identity


# --------------------------------------------------------------------------------------------- audio files


def test_wav_round_trip_and_resampling(tmp_path: Path) -> None:
    audio = tone(440, 0.5)
    back = read_wav(write_wav(tmp_path / "a" / "x.wav", audio))
    assert back.rate == RATE and np.max(np.abs(back.samples - audio.samples)) < 1e-3
    assert read_wav(wav_bytes(audio)).rate == RATE
    down = resample(audio, 22050)
    assert down.rate == 22050 and abs(down.duration_s - 0.5) < 1e-3
    assert not list(tmp_path.glob("a/.x.wav.*"))  # no temp file left behind


# --------------------------------------------------------------------------------------------- stand-in engines


class FakeSynthesiser:
    """Speech stand-in: 0.1 s of a tone per word, so audio length follows the text."""

    backend = "fake-tts"

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, float]] = []

    def check_voice(self, voice: str) -> None:
        pass

    async def synthesise(self, text: str, *, voice: str, rate: float) -> Audio:
        self.calls.append((text, voice, rate))
        return tone(300 + len(text), 0.1 * len(text.split()), rate=22050)


class FakeRecogniser:
    """Hears the words it is told to, with fixed confidences; counts calls."""

    backend = "fake-asr"
    model = None

    def __init__(self, words: list[tuple[str, float]]) -> None:
        self.words, self.calls = words, 0

    def recognise(self, audio: Audio, *, vocabulary: Any = ()) -> Recognition:
        self.calls += 1
        self.vocabulary = tuple(vocabulary)
        return Recognition(words=tuple(Word(word=w, confidence=c, start=0.1 * i, end=0.1 * i + 0.1)
                                       for i, (w, c) in enumerate(self.words)), details={"fake": True})


def test_tts_cache_keys_on_backend_voice_rate_and_text(tmp_path: Path) -> None:
    synth = FakeSynthesiser()
    cache = TtsCache(tmp_path)

    async def say(text: str, voice: str = "v", rate: float = 1.0) -> Any:
        return await cache.get("fake", voice, rate, text, lambda: synth.synthesise(text, voice=voice, rate=rate))

    first = asyncio.run(say("hello there"))
    again = asyncio.run(say("hello there"))
    assert not first.hit and again.hit and len(synth.calls) == 1 and first.path == again.path
    asyncio.run(say("hello there", voice="w"))
    asyncio.run(say("hello there", rate=1.2))
    assert len(synth.calls) == 3 and cache.hits == 1 and cache.misses == 3 and cache.hit_rate == 0.25
    fresh = TtsCache(tmp_path)  # another process: the files are reused
    assert asyncio.run(fresh.get("fake", "v", 1.0, "hello there", lambda: synth.synthesise("x", voice="v", rate=1))).hit
    first.path.write_bytes(b"not a wav")  # a damaged file is synthesised again
    assert not asyncio.run(TtsCache(tmp_path).get("fake", "v", 1.0, "hello there",
                                                  lambda: synth.synthesise("x", voice="v", rate=1))).hit


def _channel(tmp_path: Path, words: list[tuple[str, float]], **profile: Any) -> tuple[VoiceChannel, Any, Any]:
    synth, asr = FakeSynthesiser(), FakeRecogniser(words)
    channel = VoiceChannel(VoiceProfile(**profile), hints=("A100", "premium", "Yusuf"), audio_dir=tmp_path,
                           item="tests/test_x.py::test_y[cancel-none-voice]", synthesiser=synth, recogniser=asr)
    return channel, synth, asr


HEARD = [("my", 0.99), ("account", 0.9), ("id", 0.8), ("is", 0.9), ("a", 0.42), ("one", 0.9), ("zero", 0.8),
         ("zero", 0.9)]


def test_a_user_turn_records_everything_the_issue_asks_for(tmp_path: Path) -> None:
    channel, synth, asr = _channel(tmp_path, HEARD, noise="mild")
    heard = asyncio.run(channel.for_trial(1, 42).transmit("My account ID is A100.", speaker="user"))
    d = heard.details
    assert heard.text == 'my account id is A100 [asr low confidence: "A100" 0.42]'
    assert d["intended"] == "My account ID is A100." and d["spoken"] == "my account id is a one zero zero"
    assert d["tts_text"] == "My account I.D. is A. one zero zero." and d["heard"] == "my account id is A100"
    assert d["wer"] == 0.0 and d["fields"] == [{"value": "A100", "survived": True, "heard_as": "A100",
                                                "confidence": 0.42, "low_confidence": True}]
    assert d["words"][4] == {"word": "a", "confidence": 0.42, "start": 0.4, "end": 0.5}
    assert set(d["timings"]) == {"audio_s", "tts_s", "effects_s", "asr_s", "total_s", "asr_rtf"}
    assert d["cached"] == {"tts": False, "asr": False} and d["noise"] == "mild" and d["tts"] == "flite:rms"
    tts_file, heard_file = Path(d["audio"]["tts"]), Path(d["audio"]["heard"])
    assert tts_file.parent == tmp_path / "tts-cache" and tts_file.is_file()
    assert heard_file.is_relative_to(tmp_path) and heard_file.name == "turn-001-user-mild.wav"
    assert heard_file.parent.name == "trial-01" and "[" not in heard_file.parent.parent.name
    assert asr.vocabulary == ("premium", "yusuf")  # words worth teaching the recogniser; not the spelled id
    assert synth.calls == [("My account I.D. is A. one zero zero.", "rms", 1.0)]
    assert json.loads(json.dumps(d)) == d  # plain JSON values only (no numpy scalars), for the transcript


def test_agent_turns_are_synthesised_and_logged_but_reach_the_user_unchanged(tmp_path: Path) -> None:
    channel, _, asr = _channel(tmp_path, HEARD)
    heard = asyncio.run(channel.transmit("Shall I cancel account A100?", speaker="agent"))
    assert heard.text == "Shall I cancel account A100?" and asr.calls == 0
    assert Path(heard.details["audio"]["tts"]).is_file() and heard.details["spoken"].startswith("shall i cancel")
    listening, _, asr2 = _channel(tmp_path, [("shall", 0.9), ("i", 0.9), ("cancel", 0.9)], agent_asr=True)
    heard = asyncio.run(listening.transmit("Shall I cancel it?", speaker="agent"))
    # the words as recognised ("it" lost), the question heard in the voice (its mark on the last word kept)
    assert heard.text == "shall i cancel?" and asr2.calls == 1 and "[asr" not in heard.text


def test_repeated_trials_hit_the_tts_cache_and_the_asr_memo(tmp_path: Path) -> None:
    channel, synth, asr = _channel(tmp_path, HEARD)  # clean: identical audio every trial
    for trial in range(3):
        d = asyncio.run(channel.for_trial(trial, 100 + trial).transmit("My account ID is A100.", speaker="user"))
    assert len(synth.calls) == 1 and asr.calls == 1 and d.details["cached"] == {"tts": True, "asr": True}
    assert d.details["audio"]["heard"] == d.details["audio"]["tts"]  # nothing changed the audio: no copy
    noisy, synth2, asr2 = _channel(tmp_path / "n", HEARD, noise="mild")
    for trial in range(3):
        asyncio.run(noisy.for_trial(trial, 100 + trial).transmit("My account ID is A100.", speaker="user"))
    assert len(synth2.calls) == 1 and asr2.calls == 3  # new noise per trial: recognised again


def test_trials_running_at_once_synthesise_and_recognise_once(tmp_path: Path) -> None:
    channel, synth, asr = _channel(tmp_path, HEARD)

    async def together() -> list[Any]:
        return await asyncio.gather(*(channel.for_trial(t, t).transmit("My account ID is A100.", speaker="user")
                                      for t in range(4)))

    heard = asyncio.run(together())
    assert len(synth.calls) == 1 and asr.calls == 1 and len({h.text for h in heard}) == 1
    assert sum(h.details["cached"]["tts"] for h in heard) == 3


def test_silence_is_not_sent_through_the_engines(tmp_path: Path) -> None:
    channel, synth, asr = _channel(tmp_path, HEARD)
    heard = asyncio.run(channel.transmit("  ", speaker="user"))
    assert heard.details["skipped"] and not synth.calls and not asr.calls


def test_unknown_voice_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    if shutil.which("flite") is None:
        pytest.skip("flite is not installed (apt-get install flite)")
    with pytest.raises(UsageError, match=r"unknown flite voice 'nobody'; allowed: .*'rms'"):
        VoiceChannel(VoiceProfile(voice="nobody"))


# --------------------------------------------------------------------------------------------- missing backends


@pytest.mark.parametrize(("backend", "program", "hint"), [("flite", "flite", "apt-get install flite"),
                                                          ("espeak-ng", "espeak-ng", "apt-get install espeak-ng")])
def test_missing_tts_program_says_which_system_package(monkeypatch: pytest.MonkeyPatch, backend: str,
                                                       program: str, hint: str) -> None:
    from pytest_mmtau.voice import _deps
    from pytest_mmtau.voice._tts import make_synthesiser

    monkeypatch.setattr(_deps.shutil, "which", lambda name: None)
    with pytest.raises(UsageError, match=rf"needs the '{program}' program.*{hint}"):
        make_synthesiser(backend)


@pytest.mark.parametrize(("module", "build"), [
    ("edge_tts", lambda: __import__("pytest_mmtau.voice._tts", fromlist=["x"]).make_synthesiser("edge-tts")),
    ("pocketsphinx", lambda: __import__("pytest_mmtau.voice._asr_sphinx", fromlist=["x"]).Sphinx()),
    ("faster_whisper", lambda: __import__("pytest_mmtau.voice._asr_whisper", fromlist=["x"]).Whisper("tiny.en")),
])
def test_missing_python_backend_says_pip_install_the_extra(monkeypatch: pytest.MonkeyPatch, module: str,
                                                           build: Any) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail
    with pytest.raises(UsageError, match=r'pip install "pytest-mmtau\[voice\]"'):
        build()


# --------------------------------------------------------------------------------------------- edge-tts offline


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Name resolution and connections fail, as on a machine without internet."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known (simulated offline)")

    def no_connect(self: socket.socket, *args: Any) -> Any:
        raise OSError("network disabled in this test")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", no_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", no_connect)
    for proxy in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(proxy, raising=False)


def test_edge_tts_offline_fails_fast_as_infrastructure_and_leaves_no_file(tmp_path: Path, no_network: None) -> None:
    pytest.importorskip("edge_tts")
    pytest.importorskip("av")
    channel = VoiceChannel(VoiceProfile(tts="edge-tts", voice="en-US-AriaNeural"), audio_dir=tmp_path,
                           recogniser=FakeRecogniser(HEARD))
    started = time.monotonic()
    with pytest.raises(InfrastructureError, match=r"edge-tts could not synthesise speech .*needs the network"):
        asyncio.run(channel.transmit("My account ID is A100.", speaker="user"))
    assert time.monotonic() - started < 3.0
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []  # no empty audio file


def test_edge_tts_bad_voice_or_rate_is_a_usage_error_without_network(no_network: None) -> None:
    pytest.importorskip("edge_tts")
    from pytest_mmtau.voice._tts_edge import EdgeTts, _rate

    with pytest.raises(UsageError, match="edge-tts: Invalid voice 'bogus'"):
        EdgeTts().check_voice("bogus")
    assert _rate(1.25) == "+25%" and _rate(0.9) == "-10%"


def test_mp3_decoding_needs_no_system_ffmpeg() -> None:
    av = pytest.importorskip("av")
    import io

    from pytest_mmtau.voice._tts_edge import decode_mp3

    buffer = io.BytesIO()  # encode a tone as MP3 with PyAV, as edge-tts would send it
    with av.open(buffer, "w", format="mp3") as out:
        stream = out.add_stream("mp3", rate=24000, layout="mono")
        samples = (tone(440, 0.5, rate=24000).samples * 32767).astype(np.int16).reshape(1, -1)
        frame = av.AudioFrame.from_ndarray(samples, format="s16", layout="mono")
        frame.sample_rate = 24000
        for packet in stream.encode(frame):
            out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    audio = decode_mp3(buffer.getvalue())
    assert audio.rate == 16000 and 0.4 < audio.duration_s < 0.7


# --------------------------------------------------------------------------------------------- faster-whisper


@pytest.fixture(scope="session")
def tiny_whisper(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("faster_whisper")
    from tiny_whisper import build_tiny_whisper

    return build_tiny_whisper(tmp_path_factory.mktemp("tiny-whisper"))


@pytest.mark.voice
def test_faster_whisper_loads_a_local_folder_and_transcribes_with_word_confidence(tiny_whisper: Path) -> None:
    from pytest_mmtau.voice._asr_whisper import Whisper

    recogniser = Whisper(str(tiny_whisper), beam_size=1, temperature=0.0, max_new_tokens=12)
    result = recogniser.recognise(tone(220, 1.5), vocabulary=("premium",))
    assert result.details["language"] == "en" and result.details["avg_logprob"] < 0
    assert result.words and all(0.0 <= w.confidence <= 1.0 for w in result.words)
    assert any(w.start is not None for w in result.words)  # word timestamps came back as plain floats
    assert all(isinstance(w.start, float) for w in result.words if w.start is not None)


@pytest.mark.voice
def test_faster_whisper_behind_the_channel(tiny_whisper: Path, tmp_path: Path) -> None:
    from pytest_mmtau.voice._asr_whisper import Whisper

    channel = VoiceChannel(VoiceProfile(asr="faster-whisper", asr_model=str(tiny_whisper)), audio_dir=tmp_path,
                           synthesiser=FakeSynthesiser(),
                           recogniser=Whisper(str(tiny_whisper), beam_size=1, temperature=0.0, max_new_tokens=12))
    heard = asyncio.run(channel.transmit("My account ID is A100.", speaker="user"))
    assert heard.details["asr"] == "faster-whisper" and heard.details["wer"] >= 0.5  # random weights: nonsense
    assert heard.details["fields"][0]["survived"] is False


def test_faster_whisper_model_folder_is_checked_before_loading(tmp_path: Path) -> None:
    pytest.importorskip("faster_whisper")
    from pytest_mmtau.voice._asr_whisper import Whisper

    with pytest.raises(UsageError, match=r"model folder '\./no/such/model' does not exist"):
        Whisper("./no/such/model")
    (tmp_path / "model.bin").write_bytes(b"")
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(UsageError, match=r"lacks tokenizer\.json, vocabulary\.json"):
        Whisper(str(tmp_path))


def test_faster_whisper_model_name_offline_is_an_infrastructure_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("faster_whisper")
    import faster_whisper.transcribe
    from huggingface_hub.errors import LocalEntryNotFoundError

    from pytest_mmtau.voice._asr_whisper import Whisper

    def offline(*args: Any, **kwargs: Any) -> str:
        raise LocalEntryNotFoundError("cannot find the requested files in the local cache (simulated offline)")

    monkeypatch.setattr(faster_whisper.transcribe, "download_model", offline)  # never reach the Hub
    with pytest.raises(InfrastructureError, match=r"could not load model 'tiny\.en'.*local CTranslate2 model folder"):
        Whisper("tiny.en").recognise(tone(220, 0.5))
