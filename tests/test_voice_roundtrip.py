"""Real offline speech: flite (and espeak-ng) → pocketsphinx round trips, the recogniser's domain vocabulary, and
voice items run through the plugin. Marked ``voice``; each test skips with the reason when an engine is missing.
Kept to a few short utterances so ``make test`` stays fast."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.voice

for _module in ("numpy", "jiwer", "pocketsphinx"):
    pytest.importorskip(_module, reason=f'the voice round trip needs {_module}: pip install "pytest-mmtau[voice]"')

needs_flite = pytest.mark.skipif(shutil.which("flite") is None,
                                 reason="flite is not installed (apt-get install flite, or make sysdeps)")
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (apt-get install espeak-ng)")

# a project whose ``agent`` fixture is the domain's reference agent
REFERENCE_AGENT = """
    import pytest

    @pytest.fixture
    def agent(mmtau_domain):
        return mmtau_domain.agents["reference"]()
"""


@needs_flite
def test_flite_to_pocketsphinx_round_trip_keeps_the_account_id(tmp_path: Path) -> None:
    from pytest_mmtau.voice import VoiceChannel, VoiceProfile

    channel = VoiceChannel(VoiceProfile(), hints=("A100",), audio_dir=tmp_path, item="round-trip")
    heard = asyncio.run(channel.transmit("My account ID is A100.", speaker="user"))
    d = heard.details
    assert d["asr_text"].endswith("a one zero zero") and d["wer"] <= 0.25, d
    assert d["fields"][0]["value"] == "A100" and d["fields"][0]["survived"], d["fields"]
    assert "A100" in heard.text and d["words"] and all(0 <= w["confidence"] <= 1 for w in d["words"])
    assert Path(d["audio"]["tts"]).stat().st_size > 20_000 and d["timings"]["asr_rtf"] < 2.5
    assert json.loads(json.dumps(d)) == d  # real engine values are plain JSON too


@needs_flite
def test_customer_names_are_added_to_the_recogniser_dictionary() -> None:
    from pytest_mmtau.voice._asr import make_recogniser
    from pytest_mmtau.voice._asr_sphinx import flite_phones

    assert flite_phones("yusuf") == "Y UW S AH F"  # flite's letter-to-sound rules, in pocketsphinx's phones
    sphinx = make_recogniser("pocketsphinx")
    decoder = sphinx._decoder(["yusuf", "premium"])  # noqa: SLF001 - the per-vocabulary decoder
    assert decoder.lookup_word("yusuf") == "Y UW S AH F" and sphinx._decoder([]).lookup_word("yusuf") is None


@needs_espeak
def test_espeak_ng_speech_has_a_noise_floor_and_is_recognised(tmp_path: Path) -> None:
    import numpy as np

    from pytest_mmtau.voice import VoiceChannel, VoiceProfile

    channel = VoiceChannel(VoiceProfile(tts="espeak-ng"), audio_dir=tmp_path)
    heard = asyncio.run(channel.transmit("Yes, go ahead.", speaker="user"))
    from pytest_mmtau.voice._audio import read_wav

    samples = read_wav(heard.details["audio"]["tts"]).samples
    zero_runs = np.diff(np.flatnonzero(np.diff(np.concatenate(([0], samples == 0, [0])).astype(int))))[::2]
    assert zero_runs.max(initial=0) < 5  # no stretch of digital silence, only isolated rounding zeros
    assert heard.details["words"] and heard.details["tts"] == "espeak-ng:en-us+klatt"


@needs_flite
def test_voice_items_through_the_plugin(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(REFERENCE_AGENT)
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.persona("easy")
        @pytest.mark.modality("text", "voice")
        @pytest.mark.voice_profile(tts="flite:kal16", noise="clean")
        @pytest.mark.trials(1)
        async def test_balance(simulated_user, voice_channel, agent):
            conv = await simulated_user.converse(agent, channel=voice_channel)
            if conv.modality == "voice":
                said = conv.user_turns[0].channel
                assert said["spoken"] and said["fields"] and "wer" in said
            assert conv.goal_achieved, conv.success_detail
    """)
    result = pytester.runpytest("-p", "no:randomly", "--mmtau-report=out/report.json")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*voice vs text: MRS 1.00  TO *  ARGA *  WER *(1 paired items, 1 paired trials)"])
    report = json.loads((pytester.path / "out" / "report.json").read_text())
    voice = next(t for t in report["trials"] if t["modality"] == "voice")
    assert voice["agent_turns"] >= 1 and voice["channel"]["fields"] >= 1 and "asr_error" in voice["channel"]
    item = next(g for g in report["groups"] if g["level"] == "item" and g["key"].endswith("voice]"))
    assert item["cross_modality"]["mrs"] == 1.0 and item["mm_tap"] is not None
    assert any((pytester.path / "out" / "mmtau-audio" / "tts-cache").glob("flite-*.wav"))


@needs_flite
def test_a_user_hearing_the_agent_through_the_recogniser_still_hears_its_questions(pytester: pytest.Pytester) -> None:
    """``agent_asr``: the simulated user gets what pocketsphinx made of the agent's speech, words only; the pauses
    and questions it hears too are what let it answer a confirmation request (voice/_prosody.py). Without them the
    user never heard "shall I cancel the subscription …?" as a question, never said yes, and the correct agent
    failed the trial."""
    pytester.makeconftest(REFERENCE_AGENT)
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.persona("easy")
        @pytest.mark.modality("voice")
        @pytest.mark.voice_profile(tts="flite:kal16", noise="clean", agent_asr=True)
        @pytest.mark.trials(1)
        async def test_cancel(simulated_user, voice_channel, agent):
            conv = await simulated_user.converse(agent, channel=voice_channel)
            heard = [t.heard for t in conv.turns if t.role == "agent" and t.heard]
            assert heard and all(t.channel["asr_text"] for t in conv.turns if t.role == "agent" and t.text)
            assert not any("?" in t.channel["asr_text"] for t in conv.turns if t.role == "agent" and t.text)
            assert any(h.rstrip().endswith("?") for h in heard), heard
            assert conv.goal_achieved, (conv.success_detail, heard)
    """)
    result = pytester.runpytest("-p", "no:randomly")
    result.assert_outcomes(passed=1)
