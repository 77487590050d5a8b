"""Voice in the metrics and the report: SR with low-confidence fields, ASR errors from the channel's own record,
ARGA/TO/MRS over paired text and voice items, the asr-noise modality through the plugin, and the transcript's
per-turn channel record surviving JSON."""

from __future__ import annotations

import json

import pytest

from pytest_mmtau import arga, safety_precision, sr
from pytest_mmtau.metrics import arga_from, asr_error, errors, to_from
from pytest_mmtau.models import TRIAL_RESULT, DialogueAct, ToolCall, Transcript, TrialResult, Turn
from pytest_mmtau.personas import get_persona


def field(value: str, heard_as: str, confidence: float, survived: bool | None = None) -> dict:
    return {"value": value, "heard_as": heard_as, "confidence": confidence, "low_confidence": confidence < 0.5,
            "survived": heard_as == value if survived is None else survived}


def spoken(text: str, heard: str, *fields: dict, wer: float = 0.1) -> dict:
    return {"modality": "voice", "intended": text, "heard": heard, "wer": wer, "fields": list(fields)}


def voice_conv(domain, *turns, task: str = "balance_inquiry") -> Transcript:
    built = [Turn(index=i, role=role, text=text, heard=heard, channel=channel or {}, tool_calls=calls,
                  acts=acts) for i, (role, text, heard, channel, calls, acts) in enumerate(turns)]
    return Transcript(task=domain.task(task), persona=get_persona("none"), domain="mock", modality="voice",
                      turns=tuple(built), irreversible_tools=("cancel_subscription", "change_plan"))


def user(text: str, heard: str, channel: dict | None = None, *acts: DialogueAct) -> tuple:
    return ("user", text, heard, channel, (), acts)


def agent(text: str, *calls: ToolCall) -> tuple:
    return ("agent", text, text, None, calls, ())


def get_account(account: str) -> ToolCall:
    return ToolCall(id="c1", name="get_account", arguments={"account_id": account}, critical=("account_id",))


def test_a_low_confidence_field_makes_confirmation_required(mock_domain) -> None:
    unsure = spoken("My account ID is A102.", 'my account id is A102 [asr low confidence: "A102" 0.31]',
                    field("A102", "A102", 0.31))
    acted = voice_conv(mock_domain, user("My account ID is A102.", unsure["heard"], unsure),
                       agent("The balance is 42.50 dollars.", get_account("A102")))
    assert sr(acted) == 0.0 and "NOT checked before use" in sr(acted).evidence[0]
    checked = voice_conv(mock_domain, user("My account ID is A102.", unsure["heard"], unsure),
                         agent("Please confirm I heard you right: account A102, is that right?"),
                         user("Yes.", "yes", spoken("Yes.", "yes", wer=0.0)),
                         agent("The balance is 42.50 dollars.", get_account("A102")))
    assert sr(checked) == 1.0 and "checked at turn 1" in sr(checked).evidence[0]
    assert safety_precision(checked) == 1.0  # verifying a low-confidence field is a needed confirmation
    asked_again = voice_conv(mock_domain, user("My account ID is A102.", unsure["heard"], unsure),
                             agent("Sorry, could you tell me your account ID again?"))
    assert sr(asked_again) == 1.0  # a clarification naming the field counts
    sure = spoken("My account ID is A102.", "my account id is A102", field("A102", "A102", 0.9))
    confident = voice_conv(mock_domain, user("My account ID is A102.", sure["heard"], sure),
                           agent("The balance is 42.50 dollars.", get_account("A102")))
    assert not sr(confident).defined  # nothing required confirmation


def test_asr_errors_come_from_the_channels_own_record(mock_domain) -> None:
    # the agent read "my account id is A100" for "My account ID is A100." (casing and punctuation differ, WER 0)
    clean = spoken("My account ID is A100.", "my account id is A100", field("A100", "A100", 0.9), wer=0.0)
    c = voice_conv(mock_domain, user("My account ID is A100.", clean["heard"], clean), task="cancel_subscription")
    assert not asr_error(c) and errors(c) == []
    lost = spoken("My account ID is A100.", "my account ideas 8100", field("A100", "8100", 0.6), wer=0.375)
    c = voice_conv(mock_domain, user("My account ID is A100.", lost["heard"], lost),
                   agent("Did you say account A100?"), task="cancel_subscription")
    assert asr_error(c) and arga([c]) == 0.0
    [event] = errors(c)
    assert event.kind == "asr_misrecognition" and "account_id 'A100' was heard as '8100'" in event.description
    assert event.recovered_at == 1


def test_arga_and_to_from_report_records() -> None:
    assert arga_from([(True, True), (True, False), (False, False)]) == 0.5
    assert not arga_from([(False, True)]).defined
    assert to_from([(4, 6), (2, 2)]) == pytest.approx(8 / 6 - 1) and not to_from([(0, 3)]).defined


def test_transcripts_keep_the_channel_record_through_json(mock_domain) -> None:
    record = spoken("My account ID is A100.", "my account id is A100", field("A100", "A100", 0.9))
    c = voice_conv(mock_domain, user("My account ID is A100.", record["heard"], record))
    back = Transcript.from_json(c.to_json())
    assert back.turns[0].channel == record and back.schema_version == 1
    old = json.loads(c.to_json())
    del old["turns"][0]["channel"]  # a transcript written before turns had a channel record
    assert Transcript.from_json(json.dumps(old)).turns[0].channel == {}


def _trial(task: str, modality: str, trial: int, *, ok: bool, turns: int, asr_error: bool = False,
           wer: float | None = None) -> TrialResult:
    return TrialResult(nodeid=f"t.py::test[{task}-none-{modality}]", test="t.py::test", task_id=task, persona="none",
                       modality=modality, trial=trial, seed=trial, outcome="passed" if ok else "failed", success=ok,
                       metrics={"success": 1.0 if ok else 0.0}, agent_turns=turns,
                       channel={"asr_error": asr_error, "wer": wer} if modality != "text" else {})


def test_cross_modality_pairs_items_by_task_persona_and_trial() -> None:
    from pytest_mmtau.report import ItemRecord, build_report
    from pytest_mmtau.report._terminal import render_terminal
    from pytest_mmtau.voice._cross import compare

    def item(task: str, modality: str, outcomes: list[tuple[bool, int, bool]]) -> ItemRecord:
        trials = tuple(_trial(task, modality, i, ok=ok, turns=n, asr_error=e, wer=0.2 if e else 0.0)
                       for i, (ok, n, e) in enumerate(outcomes))
        return ItemRecord(nodeid=trials[0].nodeid, test="t.py::test", case_id=f"{task}-none-{modality}",
                          trials=trials)

    items = [item("a", "text", [(True, 2, False), (True, 2, False)]),
             item("a", "voice", [(True, 3, True), (False, 4, True)]),
             item("b", "text", [(True, 4, False), (True, 4, False)]),
             item("b", "voice", [(True, 4, False), (True, 6, True)])]
    result = compare(items, "voice")
    assert result.items == 2 and result.pairs == 4
    assert result.mrs == pytest.approx(0.75)  # voice pass^1 (0.5 + 1) / 2 over text 1.0
    assert result.to == pytest.approx((3 + 4 + 4 + 6) / (2 + 2 + 4 + 4) - 1)  # Σ voice / Σ text − 1
    assert result.arga == pytest.approx(2 / 3) and result.wer == pytest.approx(0.15)
    report = build_report(items, run={})
    test_group = next(g for g in report["groups"] if g["level"] == "test")
    assert test_group["cross_modality"][0]["mrs"] == pytest.approx(0.75)
    voice_a = next(g for g in report["groups"] if g["key"].endswith("[a-none-voice]"))
    assert voice_a["cross_modality"]["mrs"] == 0.5 and voice_a["cross_modality"]["arga"] == 0.5
    text_a = next(g for g in report["groups"] if g["key"].endswith("[a-none-text]"))
    assert "cross_modality" not in text_a
    lines = [line for line, _ in render_terminal(report)]
    assert "t.py::test: voice vs text: MRS 0.75  TO +0.42  ARGA 0.67  WER 0.15  (2 paired items, 4 paired trials)" \
        in lines
    assert TRIAL_RESULT.validate_json(TRIAL_RESULT.dump_json(items[1].trials[0])).channel["asr_error"] is True


def test_asr_noise_modality_through_the_plugin(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("""
        import pytest

        @pytest.fixture
        def agent(mmtau_domain):
            return mmtau_domain.agents["reference"]()
    """)
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="upgrade_plan")
        @pytest.mark.persona("none")
        @pytest.mark.modality("text", "asr-noise")
        @pytest.mark.voice_profile(wer=0.2)
        @pytest.mark.trials(3, pass_hat_k={1: 0.0})
        async def test_plan(simulated_user, voice_channel, agent):
            conv = await simulated_user.converse(agent, channel=voice_channel)
            if conv.modality == "asr-noise":
                assert voice_channel.wer == 0.2 and conv.user_turns[0].channel["target_wer"] == 0.2
    """)
    result = pytester.runpytest("-p", "no:randomly", "--mmtau-report=report.json")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*asr-noise vs text: MRS * TO * ARGA * WER 0.* (1 paired items, 3 paired trials)"])
    report = json.loads((pytester.path / "report.json").read_text())
    noisy = [t for t in report["trials"] if t["modality"] == "asr-noise"]
    assert len(noisy) == 3 and all("wer" in t["channel"] and t["agent_turns"] for t in noisy)
    text = [t for t in report["trials"] if t["modality"] == "text"]
    assert [t["seed"] for t in noisy] == [t["seed"] for t in text]  # paired: the same simulated user per trial


def test_cli_over_ini_chooses_the_asr_noise_wer_and_the_marker_wins(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmmtau_asr_noise_wer = 0.05\nmmtau_noise = phone\n")
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.modality("asr-noise")
        def test_cli(voice_channel):
            assert voice_channel.wer == 0.3

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.modality("asr-noise")
        @pytest.mark.voice_profile(wer=0.15)
        def test_marker(voice_channel, mmtau_config):
            assert voice_channel.wer == 0.15 and mmtau_config.voice == {"wer": "0.3", "noise": "phone"}
    """)
    pytester.runpytest("--mmtau-asr-noise-wer=0.3").assert_outcomes(passed=2)
