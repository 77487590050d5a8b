"""The voice channel's text side: spoken forms, inverse normalisation, WER, field checks, the confidence note, the
asr-noise error model and channel, profiles and their precedence, and the cross-modality metrics. No audio."""

from __future__ import annotations

import asyncio
import random
import statistics

import pytest

from pytest_mmtau.errors import UsageError
from pytest_mmtau.voice._confidence import agent_view, parse_note
from pytest_mmtau.voice._fields import find_values
from pytest_mmtau.voice._itn import normalise, shape_of
from pytest_mmtau.voice._profile import VoiceProfile, parse_marker, resolve, run_settings
from pytest_mmtau.voice._spoken import cardinal, spoken_form

jiwer = pytest.importorskip("jiwer", reason='WER needs jiwer: pip install "pytest-mmtau[voice]"')


# --------------------------------------------------------------------------------------------- spoken form


@pytest.mark.parametrize(("text", "words"), [
    ("My account ID is A100.", "my account id is a one zero zero"),
    ("Call 555 123-2002", "call five five five one two three two zero zero two"),
    ("It is $129.99", "it is one hundred twenty nine dollars and ninety nine cents"),
    ("order #W2378156", "order number w two three seven eight one five six"),
    ("mail yusuf.rossi9136@example.com", "mail yusuf dot rossi nine one three six at example dot com"),
    ("I have 42 of them", "i have forty two of them"),
    ("A-one-oh-something", "a one oh something"),
    ("Send an SMS, OK?", "send an s m s okay"),
])
def test_spoken_form_says_numbers_and_ids_the_way_a_caller_would(text: str, words: str) -> None:
    assert " ".join(spoken_form(text).words) == words


def test_spoken_form_keeps_prosody_and_spells_letters_for_the_engine() -> None:
    form = spoken_form("My account ID is A100.")
    assert form.tts_text == "My account I.D. is A. one zero zero."
    start = form.text.index("A100")
    assert [form.words[i] for i in form.words_of(start, start + 4)] == ["a", "one", "zero", "zero"]


def test_cardinals() -> None:
    assert cardinal(2002) == ["two", "thousand", "two"]
    assert cardinal(115) == ["one", "hundred", "fifteen"]
    assert cardinal(1_000_040) == ["one", "million", "forty"]


# --------------------------------------------------------------------------------------------- ITN


def _itn(text: str, hints: tuple[str, ...] = ()) -> str:
    words = text.split()
    return normalise(words, [0.9] * len(words), [s for h in hints if (s := shape_of(h))]).text


@pytest.mark.parametrize(("heard", "written"), [
    ("five five five one two three two zero zero two", "5551232002"),
    ("two thousand two", "2002"),
    ("one hundred twenty three", "123"),
    ("one oh four", "104"),
    ("forty two dollars", "$42"),
    ("four dollars and fifty cents", "$4.50"),
    ("add two g b", "add 2 GB"),
    ("the premium one", "the premium one"),  # a lone digit word stays a word
    ("oh no", "oh no"),
])
def test_number_words_become_digits(heard: str, written: str) -> None:
    assert _itn(heard) == written


def test_spelled_ids_join_only_when_shaped_like_a_known_id() -> None:
    assert _itn("my account is a one zero zero", ("A100",)) == "my account is A100"
    assert _itn("my account is a one zero one", ("A100",)) == "my account is A101"  # shape, not value
    assert _itn("my account is a one zero zero") == "my account is a 100"  # no hint: an article and a number
    assert _itn("a b c one two three", ("ABC123",)) == "ABC123"
    assert shape_of("premium") is None and shape_of("A100") == r"[A-Z]{1}\d{3}"


def test_confidence_of_a_joined_token_is_its_weakest_word() -> None:
    words = "is a one zero zero".split()
    out = normalise(words, [0.9, 0.3, 0.8, 0.7, 0.95], [shape_of("A100")])
    assert [(t.text, t.confidence, t.words) for t in out.tokens] == [("is", 0.9, (0,)), ("A100", 0.3, (1, 2, 3, 4))]


# --------------------------------------------------------------------------------------------- confidence note


def test_low_confidence_spans_are_noted_for_the_agent_and_parse_back() -> None:
    words = "my account is a one zero two thanks so much".split()
    heard = normalise(words, [0.99, 0.3, 0.95, 0.3, 0.6, 0.41, 0.9, 0.9, 0.2, 0.4], [shape_of("A100")])
    view = agent_view(heard, 0.5)  # adjacent unsure tokens form one span, at their lowest confidence
    assert view == 'my account is A102 thanks so much [asr low confidence: "account" 0.30, "A102" 0.30, ' \
                   '"so much" 0.20]'
    text, spans = parse_note(view)
    assert text == "my account is A102 thanks so much"
    assert [(s.text, s.confidence) for s in spans] == [("account", 0.3), ("A102", 0.3), ("so much", 0.2)]
    assert agent_view(heard, 0.1) == "my account is A102 thanks so much"  # nothing below the threshold: no note


# --------------------------------------------------------------------------------------------- fields and WER


def test_critical_values_come_from_hints_and_patterns() -> None:
    text = "My account ID is A100, call 555 123-2002 or mail a.b@example.com about the premium plan."
    found = [v for v, _, _ in find_values(text, hints=("premium", "A100"))]
    assert found == ["A100", "555 123-2002", "a.b@example.com", "premium"]


def test_understand_scores_against_the_spoken_form_and_follows_each_field() -> None:
    from pytest_mmtau.voice._asr import Word
    from pytest_mmtau.voice._listen import understand

    form = spoken_form("My account ID is A100, the premium plan.")
    heard = [Word(word=w, confidence=c) for w, c in [("my", 1.0), ("account", 0.9), ("ideas", 0.4), ("a", 0.6),
                                                     ("one", 0.9), ("zero", 0.8), ("two", 0.45), ("the", 0.9),
                                                     ("premium", 0.95), ("plan", 0.9)]]
    out = understand(form, heard, hints=("A100", "premium"), threshold=0.5)
    assert out.details["spoken"] == "my account id is a one zero zero the premium plan"
    assert out.details["wer"] == pytest.approx(3 / 11, abs=1e-4)  # ideas for "id is" (1 sub + 1 del), two for zero
    fields = {f["value"]: f for f in out.details["fields"]}
    assert fields["A100"] == {"value": "A100", "survived": False, "heard_as": "A102", "confidence": 0.45,
                              "low_confidence": True}
    assert fields["premium"]["survived"] and not fields["premium"]["low_confidence"]
    assert out.text == 'my account ideas A102 the premium plan [asr low confidence: "ideas A102" 0.40]'


def test_wer_of_empty_sides() -> None:
    from pytest_mmtau.voice._wer import score

    assert score([], []).wer == 0.0 and score([], ["uh"]).wer == 1.0 and score(["a", "b"], []).wer == 1.0


# --------------------------------------------------------------------------------------------- asr-noise


def _utterances() -> list[str]:
    from pytest_mmtau._discovery import DomainRegistry

    domain = DomainRegistry().get("mock")
    out = []
    for task in domain.tasks:
        out += [task.goal.request, task.goal.vague_request or ""]
        out += [f"My {f.key.replace('_', ' ')} is {f.value}." for f in task.goal.facts]
    out += ["Yes, please go ahead.", "No, that's not right. My account id is A104.", "That's all, thank you."]
    return [u for u in out if u]


@pytest.mark.parametrize("target", [0.05, 0.1, 0.2, 0.3])
def test_asr_noise_hits_its_target_wer_within_two_points(target: float) -> None:
    from pytest_mmtau.voice._error_model import ErrorModel
    from pytest_mmtau.voice._wer import norm_word

    model, rng = ErrorModel(wer=target), random.Random(7)
    references = [[norm_word(w) for w in spoken_form(text).words] for text in _utterances()] * 40
    hypotheses = [[norm_word(w.word) for w in model.corrupt(words, rng)] for words in references]
    measured = jiwer.wer([" ".join(r) for r in references], [" ".join(h) for h in hypotheses])  # corpus WER
    assert abs(measured - target) <= 0.02, measured


def test_asr_noise_confidence_separates_right_from_wrong_words() -> None:
    from pytest_mmtau.voice._error_model import ErrorModel

    words = "my account id is a one zero zero".split() * 200
    heard = ErrorModel(wer=0.3, deletion=0.0, insertion=0.0).corrupt(words, random.Random(1))
    right = [w.confidence for w, ref in zip(heard, words) if w.word == ref]
    wrong = [w.confidence for w, ref in zip(heard, words) if w.word != ref]
    assert statistics.mean(right) - statistics.mean(wrong) > 0.4
    assert sum(c < 0.5 for c in wrong) / len(wrong) > 0.6 and sum(c < 0.5 for c in right) / len(right) < 0.1


def test_asr_noise_channel_is_deterministic_by_seed_and_leaves_the_agent_alone() -> None:
    from pytest_mmtau.voice import AsrNoiseChannel

    async def run(channel: AsrNoiseChannel) -> list[str]:
        said = ["My account ID is A100.", "I want to upgrade my plan to premium.", "Yes, please go ahead."] * 4
        return [(await channel.transmit(t, speaker="user")).text for t in said]

    base = AsrNoiseChannel(0.3, hints=("A100", "premium"))
    one, again, other = (asyncio.run(run(base.for_trial(0, s))) for s in (11, 11, 12))
    assert one == again and one != other
    agent = asyncio.run(base.for_trial(0, 11).transmit("Shall I cancel it?", speaker="agent"))
    assert agent.text == "Shall I cancel it?" and agent.details == {}
    heard = asyncio.run(base.for_trial(0, 11).transmit("My account ID is A100.", speaker="user"))
    assert {"intended", "spoken", "heard", "wer", "fields", "words", "target_wer"} <= set(heard.details)


def test_asr_noise_with_agent_asr_lets_the_user_mishear_the_agent_and_keeps_its_questions() -> None:
    from pytest_mmtau.voice import AsrNoiseChannel

    said = "To confirm: shall I cancel the subscription on account A100? This cannot be undone."
    listening = AsrNoiseChannel(0.3, hints=("A100",), agent_asr=True)
    heard = [asyncio.run(listening.for_trial(0, seed).transmit(said, speaker="agent")) for seed in range(20)]
    again = asyncio.run(listening.for_trial(0, 0).transmit(said, speaker="agent"))
    assert again.text == heard[0].text and again.details["speaker"] == "agent"
    assert len({h.text for h in heard}) > 10  # misheard a different way each trial …
    assert all("[asr" not in h.text for h in heard)  # … with no confidence note (that is for the agent) …
    assert sum(h.text.count("?") == 1 for h in heard) >= 18, [h.text for h in heard]  # … and the question kept
    assert any(h.details["wer"] > 0 for h in heard)


# --------------------------------------------------------------------------------------------- profile


def test_profile_precedence_marker_over_cli_over_persona_over_default() -> None:
    from pytest_mmtau.personas import PRESETS

    noisy_persona = PRESETS["none"].model_copy(update={"noise_profile": "noisy", "voice": "slt",
                                                         "speaking_rate": 1.2})
    assert resolve({}, {}, None) == VoiceProfile()
    from_persona = resolve({}, {}, noisy_persona)
    assert (from_persona.noise, from_persona.voice, from_persona.rate) == ("noisy", "slt", 1.2)
    from_run = resolve({}, {"noise": "phone", "tts": "espeak-ng", "wer": "0.2"}, noisy_persona)
    assert (from_run.noise, from_run.tts, from_run.voice, from_run.wer) == ("phone", "espeak-ng", "slt", 0.2)
    from_marker = resolve(parse_marker({"noise": "clean", "tts": "flite:kal16", "rate": 0.9}), {"noise": "phone"})
    assert (from_marker.noise, from_marker.tts, from_marker.voice, from_marker.rate) == ("clean", "flite", "kal16", 0.9)
    assert resolve({}, {"tts": "espeak-ng"}).voice == "en-us+klatt"  # the backend's default voice


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"tts": "festival"}, "unknown TTS backend 'festival'; allowed: 'edge-tts', 'espeak-ng', 'flite'"),
    ({"asr": "vosk"}, "unknown ASR backend 'vosk'; allowed: 'faster-whisper', 'pocketsphinx'"),
    ({"noise": "loud"}, "unknown noise preset 'loud'; allowed: '8khz', 'clean', 'mild', 'noisy', 'noisy-phone', "
                        "'phone', 'severe'"),
    ({"wer": 1.5}, "the target WER must be a number in [0, 0.9]"),
    ({"rate": "fast"}, "the speaking rate must be a number in [0.5, 2]"),
    ({"snr": 10}, "unexpected argument(s) ['snr']"),
])
def test_bad_marker_values_name_what_is_allowed(kwargs: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
                       .replace("]", r"\]")):
        parse_marker(kwargs)


def test_run_settings_take_cli_over_ini_and_validate() -> None:
    cli = {"mmtau_noise": "phone"}
    ini = {"mmtau_noise": "noisy", "mmtau_tts": "flite:slt"}
    assert run_settings(cli.get, ini.get) == {"noise": "phone", "tts": "flite:slt"}
    with pytest.raises(UsageError, match="--mmtau-asr: unknown ASR backend 'whisper'"):
        run_settings({"mmtau_asr": "whisper"}.get, {}.get)


def test_artifact_names_are_safe_unique_and_stay_inside_the_folder(tmp_path) -> None:
    from pytest_mmtau.voice._artifacts import audio_root, safe_name, turn_file

    a, b = safe_name("t.py::test[A/B-none-voice]"), safe_name("t.py::test[A_B-none-voice]")
    assert a != b and "/" not in a and "[" not in a and a.startswith("t.py_test_A_B-none-voice")
    assert safe_name("../../etc/passwd").startswith("etc_passwd-") and len(safe_name("x" * 500)) <= 89
    path = turn_file(tmp_path, "../escape", 2, 7, "user", "noisy")
    assert path.resolve().is_relative_to(tmp_path) and path.name == "turn-007-user-noisy.wav"
    assert audio_root(configured=None, report=tmp_path / "r" / "report.json", fallback=tmp_path) == \
        tmp_path / "r" / "mmtau-audio"
    assert audio_root(configured=str(tmp_path / "a"), report=None, fallback=tmp_path) == tmp_path / "a"


@pytest.mark.parametrize(("written", "said", "heard"), [
    ("born 1988-04-12.", "born april twelfth nineteen eighty eight", "born April 12, 1988"),
    ("on 2026-12-08", "on december eighth twenty twenty six", "on December 8, 2026"),
    ("2026-02-22 works", "february twenty second twenty twenty six works", "February 22, 2026 works"),
    ("2005-01-31", "january thirty first two thousand five", "January 31, 2005"),
    ("1900-07-30", "july thirtieth nineteen hundred", "July 30, 1900"),
    # two dates said one after the other stay two dates (digit by digit they ran into one number)
    ("1988-04-12. 2026-12-08.", "april twelfth nineteen eighty eight december eighth twenty twenty six",
     "April 12, 1988 December 8, 2026"),
])
def test_a_date_is_said_as_a_caller_says_it_and_written_back(written: str, said: str, heard: str) -> None:
    words = spoken_form(written).words
    assert " ".join(words) == said
    assert normalise(words, [0.9] * len(words)).text == heard


def test_may_is_a_month_only_with_a_year() -> None:
    for text, heard in (("you may first check", "you may first check"), ("may fifth 2026", "May 5, 2026")):
        words = text.split()
        assert normalise(words, [0.9] * len(words)).text == heard


def test_a_date_heard_as_written_survives() -> None:
    from pytest_mmtau.voice._fields import survives

    assert survives("1988-04-12", "my date of birth is April 12, 1988")
    assert not survives("1988-04-12", "my date of birth is April 21, 1988")
