"""Requests put as a wish (issue 20): "If you could share the order number, that would be great", "I'd appreciate it
if you could restart the phone". Found by ``benchmarks/understanding_variants.py`` (the ``indirect`` rewrite): the
same asks read right as "Could you …?" and were lost as wishes — the fact because "phone number" after "if you"
read as a call to the support line, the second step because "if you could …" read as a condition. Sentences
written for this test; hard negatives keep conditions and the agent's own plans out.
"""

from __future__ import annotations

import pytest
from test_understanding_facts import E_INVOICE, M_PLAN, R_EMAIL, T_LINE, _read
from test_understanding_user_tools_round3 import _AIRPLANE, _DATA, _VPN, _matches, _tools

FACTS_AS_WISHES = [
    (E_INVOICE, "If you could share the phone number on your account, that would be great.", ["phone_number"]),
    (E_INVOICE, "If you could send me the phone number linked to your Brightcart account, I'll pull up the order.",
     ["phone_number"]),
    (E_INVOICE, "I'd really appreciate it if you could tell me the title you want on the invoice.", ["invoice_title"]),
    (R_EMAIL, "It would be super helpful if you could give me the email you shop with.", ["email"]),
    (R_EMAIL, "Thanks! If you could pass along the order number, that'd be a big help.", ["order_id"]),
    (M_PLAN, "I'd be grateful if you could confirm your account ID.", ["account_id"]),
    (T_LINE, "If you could let me know the number of the line that's affected, that would help a lot.",
     ["phone_number"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), FACTS_AS_WISHES)
def test_a_fact_asked_as_a_wish(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == sorted(facts)


STEPS_AS_WISHES = [
    (_AIRPLANE, "If you could switch airplane mode on and then off again, that would be perfect.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_AIRPLANE, "I'd appreciate it if you could toggle airplane mode on for a few seconds and then back off.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_DATA, "If you could turn mobile data on, that would be wonderful.", ["turn_on_mobile_data|toggle_mobile_data"]),
    (_VPN, "It would help if you could disconnect the VPN and then run a speed test.",
     ["disconnect_vpn", "run_speed_test"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), STEPS_AS_WISHES)
def test_steps_asked_as_a_wish(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


NOT_WISHES = [
    # a condition, then a step of its own: the step is asked, the condition is the look before it
    (_AIRPLANE, "If you could see the plane icon earlier, turn airplane mode off now.",
     ["check_status_bar", "turn_off_airplane_mode"]),
    # what the user could not do: a report, no request
    (_AIRPLANE, "If you could not get online after that, I'll look at the network side.", []),
    (_AIRPLANE, "If you'd like, I can walk you through it step by step.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), NOT_WISHES)
def test_conditions_are_not_wishes(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


def test_the_phone_named_after_if_you_is_no_call_to_support() -> None:
    """"If you call us from your phone …" is another channel; "the phone number" after "if you" is a fact."""
    assert [f.key for f in _read(E_INVOICE, "If you could share the phone number, I'll check it.").asked] == [
        "phone_number"]
    assert not _read(E_INVOICE, "The invoice will be ready if you phone our billing team tomorrow.").asked
