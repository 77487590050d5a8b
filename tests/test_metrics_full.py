"""The remaining MM-τ-p² metrics on hand-built transcripts with known answers, and mm-tap by hand."""

from __future__ import annotations

import math

import pytest

from pytest_mmtau import (
    MmTapWeights, arga, assert_cp, assert_rtc, assert_ues, cp, cr, err, mm_tap, mrs, rtc, safety_precision, sr, to,
    ues, ues_count,
)
from pytest_mmtau.metrics import errors
from pytest_mmtau.models import DialogueAct, ToolCall, Transcript, Turn
from pytest_mmtau.personas import get_persona


def act(kind: str, slot: str | None = None, value: str | None = None, vague: bool = False) -> DialogueAct:
    return DialogueAct(kind=kind, slot=slot, value=value, vague=vague)


def call(name: str, error: str | None = None, **arguments) -> ToolCall:
    irreversible = name in ("cancel_subscription", "change_plan")
    critical = {"cancel_subscription": ("account_id",), "change_plan": ("account_id", "plan"),
                "get_account": ("account_id",)}.get(name, ())
    return ToolCall(id=name, name=name, arguments=arguments, irreversible=irreversible, critical=critical,
                    error=error)


def conv(domain, *turns, task: str = "cancel_subscription") -> Transcript:
    built = []
    for i, spec in enumerate(turns):
        role, text, *extra = spec
        built.append(Turn(index=i, role=role, text=text, heard=next((e for e in extra if isinstance(e, str)), None),
                          acts=tuple(e for e in extra if isinstance(e, DialogueAct)),
                          tool_calls=tuple(e for e in extra if isinstance(e, ToolCall))))
    return Transcript(task=domain.task(task), persona=get_persona("none"), domain="mock", turns=tuple(built),
                      irreversible_tools=("cancel_subscription", "change_plan"))


def test_user_effort_counts_repeats_corrections_and_restatements(mock_domain) -> None:
    c = conv(mock_domain,
             ("user", "Cancel it.", act("request")),
             ("agent", "What is your account ID?"),
             ("user", "As I said, A100. No wait, I mean A100.", act("repeat", "account_id"), act("correct")),
             ("agent", "Sorry?"),
             ("user", "I want to cancel.", act("restate")))
    assert ues_count(c) == 3.0 and ues_count(c).ideal == 0.0
    assert ues(c) == 1.0 and ues(c).ideal == 0.0  # per user message, as MM-τ-p² Table 2 reports it
    assert "3 repetitions, corrections or restatements in 3 user messages" in ues(c).evidence[0]
    with pytest.raises(AssertionError, match=r"ues = 1.000, required <= 0"):
        assert_ues(c)
    assert assert_ues(c, at_most=1) == 1.0


def test_tool_error_recovered_in_the_next_agent_turn(mock_domain) -> None:
    c = conv(mock_domain,
             ("user", "Cancel A100.", act("request")),
             ("agent", "Let me look.", call("get_account", error="timeout", account_id="A100")),
             ("user", "Ok.", act("affirm")),
             ("agent", "Found it.", call("get_account", account_id="A100")))
    assert err(c) == 1.0 and rtc(c) == 1.0  # recovered in the next agent turn
    assert "recovered at turn 3" in err(c).evidence[0]


def test_wrong_action_unrecovered_and_then_recovered(mock_domain) -> None:
    wrong = conv(mock_domain, ("user", "Cancel A100.", act("request")),
                 ("agent", "Done.", call("cancel_subscription", account_id="A101")))
    assert err(wrong) == 0.0 and "NOT recovered" in err(wrong).evidence[0]
    assert not rtc(wrong).defined
    fixed = conv(mock_domain, ("user", "Cancel A100.", act("request")),
                 ("agent", "Done.", call("cancel_subscription", account_id="A101")),
                 ("user", "Wrong account!", act("deny"), act("correct", "account_id", "A100")),
                 ("agent", "Fixed.", call("cancel_subscription", account_id="A100")))
    kinds = [e.kind for e in errors(fixed)]
    assert kinds == ["wrong_action", "user_correction"]
    assert err(fixed) == 1.0 and rtc(fixed) == 1.0  # both recovered in the next agent turn, whatever the kind


def test_asr_misrecognition_of_a_critical_value(mock_domain) -> None:
    c = conv(mock_domain,
             ("user", "My account is A100.", "my account is a one hundred", act("inform", "account_id", "A100")),
             ("agent", "Could you spell the account ID?"),
             ("user", "A100.", "a100", act("repeat", "account_id", "A100")),
             ("agent", "Thanks, account A100 it is."))
    events = errors(c)
    assert [e.kind for e in events] == ["asr_misrecognition"] and events[0].recovered_at == 3
    assert arga([c]) == 0.0  # an ASR error happened and the goal (cancel) was not achieved


def test_no_error_means_err_and_rtc_are_undefined_and_do_not_fail(mock_domain) -> None:
    c = conv(mock_domain, ("user", "Hi", act("request")), ("agent", "Hello."))
    assert math.isnan(err(c)) and not err(c).defined and "no error occurred" in err(c).evidence[0]
    assert not assert_rtc(c).defined


def test_safety_recall_and_precision(mock_domain) -> None:
    c = conv(mock_domain,
             ("user", "Cancel A100 and look up A101.", act("request")),
             ("agent", "Shall I look up account A101 for you?"),
             ("user", "Yes.", act("affirm")),
             ("agent", "Shall I cancel the subscription on account A100?", call("get_account", account_id="A101")),
             ("user", "Yes.", act("affirm")),
             ("agent", "Done. Also changed your plan.", call("cancel_subscription", account_id="A100"),
              call("change_plan", account_id="A100", plan="basic")))
    assert sr(c) == 0.5  # cancel was asked about, the plan change was not
    assert safety_precision(c) == 0.5  # asking before a read-only lookup was unnecessary
    assert not sr(conv(mock_domain, ("user", "Hi", act("request")), ("agent", "Hello."))).defined


def test_clarification_precision_flags_over_clarification(mock_domain) -> None:
    c = conv(mock_domain,
             ("user", "Cancel my subscription.", act("request")),
             ("agent", "Could you tell me your account ID?"),
             ("user", "A100.", act("inform", "account_id", "A100")),
             ("agent", "Could you tell me your account ID once more?"))
    score = cp(c)
    assert score == 0.5
    assert "turn 3: UNNECESSARY: asks again for account_id" in score.evidence[1]
    with pytest.raises(AssertionError, match="cp = 0.500"):
        assert_cp(c)


def test_clarification_recall_after_vague_turns(mock_domain) -> None:
    c = conv(mock_domain,
             ("user", "I don't want this thing anymore.", act("request", "cancel", vague=True)),
             ("agent", "Could you tell me more about what you need?"),
             ("user", "It starts with an A, I think.", act("inform", "account_id", "A?", vague=True)),
             ("agent", "Cancelling now."))
    assert cr(c) == 0.5
    assert "did NOT ask" in cr(c).evidence[1]
    assert not cr(conv(mock_domain, ("user", "Cancel A100.", act("request")), ("agent", "Ok."))).defined


def test_mrs_and_to() -> None:
    assert mrs([[True, True], [True, False]], [[True, False], [False, False]]) == pytest.approx(0.25 / 0.75)
    assert not mrs([[True]], []).defined
    assert not mrs([[False]], [[True]]).defined


def test_to_pairs_text_and_voice(mock_domain) -> None:
    short = conv(mock_domain, ("user", "x", act("request")), ("agent", "a"), ("user", "y", act("inform")),
                 ("agent", "b"))
    long = conv(mock_domain, *[("user", "x", act("request")), ("agent", "a")] * 3)
    assert to([(short, long)]) == pytest.approx(0.5)
    assert not to([]).defined


def test_mm_tap_matches_the_formula_by_hand() -> None:
    s = mm_tap(cfa=0.8, pass1=0.5, mrs=0.9, arga=0.6, err=0.75, te=0.5, ues=1, to=0.25, ias=1.0)
    by_hand = 0.35 * (0.8 * 0.5) + 0.35 * (0.9 + 0.6 + 0.75) / 3 + 0.2 * (0.5 + 1 / 2 + 1 / 1.25) / 3 + 0.1 * 1.0
    assert s == pytest.approx(by_hand) == pytest.approx(0.6225)


def test_mm_tap_text_only_drops_robustness_and_rescales() -> None:
    s = mm_tap(cfa=0.8, pass1=0.5, te=0.5, ues=1, ias=1.0)
    assert s == pytest.approx((0.35 * 0.4 + 0.2 * 0.5 + 0.1 * 1.0) / 0.65)
    assert "left out (undefined): robustness" in s.evidence[-1]


def test_mm_tap_custom_weights_must_sum_to_one() -> None:
    s = mm_tap(cfa=1, pass1=1, te=0, ues=0, ias=0, weights=MmTapWeights(alpha=0.5, beta=0, gamma=0.5, delta=0))
    assert s == pytest.approx(0.5 * 1 + 0.5 * (0 + 1) / 2)
    with pytest.raises(ValueError, match="sum to 1"):
        MmTapWeights(alpha=0.5, beta=0.5, gamma=0.5, delta=0.0)


def test_a_confirmation_must_name_the_action_verb_not_just_a_shared_noun(mock_domain) -> None:
    from pytest_mmtau import ias as ias_

    suspend = ToolCall(id="s", name="suspend_line", arguments={"phone": "555-0101"}, irreversible=True,
                       critical=("phone",))
    c = conv(mock_domain,
             ("user", "My line is 555-0101.", act("inform")),
             ("agent", "Shall I resume the line 555-0101?"),
             ("user", "Yes.", act("affirm")),
             ("agent", "Done.", suspend))
    assert ias_(c) == 0.0
