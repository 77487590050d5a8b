"""The support agent by voice, offline: speech in and out (flite → pocketsphinx), and cheap simulated ASR errors.

Each test runs every item in text too, so the summary and the JSON report show MRS, TO and ARGA for voice against
text. The user's words are spoken, heard back by the recogniser, and the agent reads the transcript with a note
on words heard with low confidence; the reference agent reads a doubtful account ID back before it uses it.
"""

import importlib.util
import shutil

import pytest

from pytest_mmtau import assert_ias, assert_sr


@pytest.mark.skipif(shutil.which("flite") is None or importlib.util.find_spec("pocketsphinx") is None,
                    reason='needs flite and pocketsphinx: apt-get install flite; pip install "pytest-mmtau[voice]"')
@pytest.mark.domain("mock", tasks="[bc]a*")  # balance_inquiry and cancel_subscription
@pytest.mark.persona("none")
@pytest.mark.modality("text", "voice")
@pytest.mark.voice_profile(tts="flite:rms", asr="pocketsphinx", noise="clean")
@pytest.mark.trials(2, pass_hat_k={2: 1.0})
async def test_by_voice(simulated_user, voice_channel, agent):
    conv = await simulated_user.converse(agent, channel=voice_channel)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)
    assert_sr(conv)  # every account ID heard with low confidence was checked before it was used
    if conv.modality == "voice":
        opening = conv.user_turns[0].channel  # what the channel measured for the first thing the user said
        assert opening["spoken"] and opening["wer"] < 0.5, opening


@pytest.mark.domain("mock")
@pytest.mark.persona("none", "easy")
@pytest.mark.modality("text", "asr-noise")
@pytest.mark.voice_profile(wer=0.1)
@pytest.mark.trials(4, pass_hat_k={1: 0.75})
async def test_robust_to_recognition_errors(simulated_user, voice_channel, agent):
    conv = await simulated_user.converse(agent, channel=voice_channel)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)
