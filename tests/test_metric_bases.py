"""The bases of the cross-trial metrics as MM-τ-p² defines them: TO pooled over pairs, RTC in agent turns, ARGA over
conversations where the ASR changed something that matters, MRS and ARGA on the outcomes pass^k uses, and CR
counting an ambiguously heard critical value ("Boston" or "Austin"?) as needing clarification."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mmtau import cr, rtc
from pytest_mmtau.metrics import asr_changed, asr_changes, asr_error, mean_pass_hat_k, to_from
from pytest_mmtau.models import DialogueAct, ToolCall, Transcript, TrialResult, Turn
from pytest_mmtau.personas import get_persona

# --------------------------------------------------------------------------------------------- TO

pairs = st.lists(st.tuples(st.integers(1, 40), st.integers(0, 40)), min_size=1, max_size=12)


def test_to_pools_turns_over_pairs_as_the_authors_do() -> None:
    # the mean of per-pair ratios would say (0.2 + 1.0) / 2 = 0.6
    assert to_from([(10, 12), (2, 4)]) == pytest.approx(16 / 12 - 1)


@given(pairs)
def test_to_is_sum_voice_over_sum_text_minus_one(p) -> None:
    text, voice = sum(t for t, _ in p), sum(v for _, v in p)
    assert to_from(p) == pytest.approx(voice / text - 1)
    # equivalently: the per-pair relative overheads weighted by each pair's text turns
    assert to_from(p) == pytest.approx(sum(t * (v / t - 1) for t, v in p) / text)
    assert to_from(p) >= -1.0


@given(pairs, st.integers(2, 5))
def test_to_does_not_change_when_every_pair_is_repeated(p, times) -> None:
    assert to_from(p * times) == pytest.approx(to_from(p))


# --------------------------------------------------------------------------------------------- RTC


def call(name: str, error: str | None = None, **arguments) -> ToolCall:
    return ToolCall(id=name, name=name, arguments=arguments, critical=("account_id",), error=error)


def conv(domain, *turns, task: str = "balance_inquiry", modality: str = "text") -> Transcript:
    built = []
    for i, spec in enumerate(turns):
        role, text, *extra = spec
        built.append(Turn(index=i, role=role, text=text,
                          heard=next((e for e in extra if isinstance(e, str)), None),
                          channel=next((e for e in extra if isinstance(e, dict)), {}),
                          acts=tuple(e for e in extra if isinstance(e, DialogueAct)),
                          tool_calls=tuple(e for e in extra if isinstance(e, ToolCall))))
    return Transcript(task=domain.task(task), persona=get_persona("none"), domain="mock", modality=modality,
                      turns=tuple(built), irreversible_tools=("cancel_subscription", "change_plan"))


def test_a_recovery_in_the_next_agent_turn_is_one_whatever_the_error(mock_domain) -> None:
    tool_error = conv(mock_domain, ("user", "Balance of A102?"),
                      ("agent", "One moment.", call("get_account", error="timeout", account_id="A102")),
                      ("user", "Sure."),
                      ("agent", "42.50.", call("get_account", account_id="A102")))
    asr = conv(mock_domain, ("user", "My account is A102.", "my account is a one hundred two"),
               ("agent", "Account A102, got it."))
    assert rtc(tool_error) == 1.0 and rtc(asr) == 1.0
    assert "(1 agent turn)" in rtc(tool_error).evidence[0]


def test_a_retry_within_the_same_agent_turn_is_zero_and_later_ones_count_agent_turns(mock_domain) -> None:
    retried = conv(mock_domain, ("user", "Balance of A102?"),
                   ("agent", "42.50.", call("get_account", error="timeout", account_id="A102"),
                    call("get_account", account_id="A102")))
    assert rtc(retried) == 0.0
    late = conv(mock_domain, ("user", "Balance of A102?"),
                ("agent", "One moment.", call("get_account", error="timeout", account_id="A102")),
                ("user", "Ok."), ("agent", "Still looking."), ("user", "Ok."), ("agent", "Still looking."),
                ("user", "Ok."), ("agent", "42.50.", call("get_account", account_id="A102")))
    assert rtc(late) == 3.0


# --------------------------------------------------------------------------------------------- ARGA's basis


def spoken(text: str, heard: str, *fields: dict, wer: float = 0.1) -> dict:
    return {"modality": "voice", "intended": text, "heard": heard, "wer": wer, "fields": list(fields)}


def field(value: str, heard_as: str, confidence: float = 0.9) -> dict:
    return {"value": value, "heard_as": heard_as, "confidence": confidence, "low_confidence": confidence < 0.5,
            "survived": heard_as == value}


def test_a_changed_filler_word_is_no_asr_error_but_a_changed_value_or_question_is(mock_domain) -> None:
    text = "Hi there, my account ID is A100."
    filler = conv(mock_domain, ("user", text, "hi they're my account id is A100",
                                spoken(text, "hi they're my account id is A100", field("A100", "A100"))),
                  modality="voice")
    assert asr_changed(filler) and not asr_error(filler) and asr_changes(filler) == []
    value = conv(mock_domain, ("user", text, "hi there my account id is 8100",
                               spoken(text, "hi there my account id is 8100", field("A100", "8100"))),
                 modality="voice")
    assert asr_error(value) and asr_changes(value) == ["turn 0: 'A100' reached the agent as '8100'"]
    question = "Can you check my balance?"
    asked = conv(mock_domain, ("user", question, "can you check my balloons", spoken(question, "can you check my "
                                                                                     "balloons")),
                 modality="voice")
    assert asr_error(asked) and "lost balance" in asr_changes(asked)[0]


def _trial(modality: str, trial: int, *, outcome: str, goal: bool, asr_error: bool = False) -> TrialResult:
    return TrialResult(nodeid=f"t.py::test[a-none-{modality}]", test="t.py::test", task_id="a", persona="none",
                       modality=modality, trial=trial, seed=trial, outcome=outcome, success=outcome == "passed",
                       metrics={"success": 1.0 if goal else 0.0}, agent_turns=3,
                       channel={"asr_error": asr_error} if modality != "text" else {})


def test_mrs_and_arga_take_the_outcomes_pass_hat_k_takes() -> None:
    from pytest_mmtau.report import ItemRecord
    from pytest_mmtau.voice._cross import compare

    text = (_trial("text", 0, outcome="passed", goal=True), _trial("text", 1, outcome="passed", goal=True))
    # trial 0 reached the goal but failed the test (say, an unconfirmed irreversible action); trial 1 is an
    # infrastructure error, outside every rate
    voice = (_trial("voice", 0, outcome="failed", goal=True, asr_error=True),
             _trial("voice", 1, outcome="error", goal=False, asr_error=True),
             _trial("voice", 2, outcome="passed", goal=True, asr_error=True))
    items = [ItemRecord(nodeid=t[0].nodeid, test="t.py::test", case_id=f"a-none-{t[0].modality}", trials=t)
             for t in (text, voice)]
    result = compare(items, "voice")
    assert items[1].pass_hat()[1] == 0.5 == mean_pass_hat_k([items[1].scored], 1)
    assert result.mrs == 0.5  # pass^1 voice 0.5 / text 1.0, on test outcomes
    assert result.arga == 0.5  # the goal-reached-but-failed trial counts as a failure, as in pass^k


# --------------------------------------------------------------------------------------------- CR


def test_an_ambiguously_heard_critical_value_needs_clarification(mock_domain) -> None:
    said = "My account ID is A102."
    unsure = spoken(said, 'my account id is A102 [asr low confidence: "A102" 0.31]', field("A102", "A102", 0.31))
    proceeded = conv(mock_domain, ("user", said, unsure["heard"], unsure),
                     ("agent", "The balance is 42.50 dollars.", call("get_account", account_id="A102")),
                     modality="voice")
    assert cr(proceeded) == 0.0 and "did NOT ask before using it" in cr(proceeded).evidence[0]
    asked = conv(mock_domain, ("user", said, unsure["heard"], unsure),
                 ("agent", "Sorry, was that account A102?"),
                 ("user", "Yes.", "yes", spoken("Yes.", "yes", wer=0.0), DialogueAct(kind="affirm")),
                 ("agent", "The balance is 42.50 dollars.", call("get_account", account_id="A102")),
                 modality="voice")
    assert cr(asked) == 1.0 and "clarified at turn 1" in cr(asked).evidence[0]
    sure = spoken(said, "my account id is A102", field("A102", "A102", 0.95))
    clear = conv(mock_domain, ("user", said, sure["heard"], sure), ("agent", "The balance is 42.50 dollars."),
                 modality="voice")
    assert not cr(clear).defined  # nothing was vague or ambiguous: nothing to clarify
