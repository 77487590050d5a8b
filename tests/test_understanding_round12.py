"""Readings round 12 of issue 20 fixed: what the twelfth blind set's dev half read wrong (a phone agent deep in
troubleshooting, approvals of writes with many values, messages that mention facts without asking, the line between
asking a fact, checking a value and approving an action, agents that narrate their plan), read here in new sentences
of the same kinds, written for this test.

- A check of a value beside a question asking what an action still needs ("Your account ID is A101, correct? And
  which plan do you want?") checks the value and asks the fact; it approves no action.
- "Can you confirm these details before I look anything up?" over a list of values checks them: nobody approves a look-up.
- "Wait for it to join your network, then …" in a list of steps is a pause, not the option of doing nothing.
- An assumption the user may correct ("I'll assume you mean order W…, unless you tell me otherwise") checks its
  value, and a wrong one is a misread.
- No milestone: what the user asked for said back ("you've told me you want Premium"), what the user gave ("you've
  already given me both (A103, Premium)"), what has to happen ("installations have to be booked two days ahead").
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports
from test_understanding_facts import _read

_UPGRADE = ("mock", "upgrade_plan")


@pytest.mark.parametrize(("where", "text", "asked", "verified"), [
    (_UPGRADE, "To be sure I have the right record: the account is A101, right? And which plan should it move to?",
     ["plan"], ["account_id"]),
    (("retail", "payment/email/ok/W3141805"), "Is it order W3141805? And which payment method should it use "
     "instead?", ["payment_method"], ["order_id"]),
])
def test_a_check_beside_a_question_for_what_the_action_needs(where: tuple[str, str], text: str, asked: list[str],
                                                              verified: list[str]) -> None:
    reading = _read(where, text)
    assert not reading.confirmation and reading.action is None, text
    assert sorted(f.key for f in reading.asked) == asked and sorted(f.key for f in reading.verified) == verified


def test_values_checked_before_a_look_up() -> None:
    reading = _read(("ecommerce", "E204159/"), "Can you confirm these details before I look anything up?\n\n- "
                                                    "Phone: 366-555-6908\n- Order: E204159")
    assert not reading.confirmation and reading.verification, reading


def test_a_pause_in_a_list_of_steps_is_no_option() -> None:
    reading = _read(("mock", "wifi_off"), "Here's what to do:\n1. Open Settings.\n2. Switch Wi-Fi on.\n3. Wait for "
                                          "it to connect, then check the connection indicator and tell me what it "
                                          "says.")
    assert not reading.confirmation and reading.tools == ("turn_on_wifi", "check_connection"), reading


@pytest.mark.parametrize(("text", "verified", "misread"), [
    ("I'll assume this is about order W3127232, your latest one, unless you tell me otherwise.", ["order_id"], []),
    ("I'll assume this is about order W3127223, your latest one - correct me if not.", [], ["order_id"]),
])
def test_an_assumption_checks_its_value(text: str, verified: list[str], misread: list[str]) -> None:
    reading = _read(("retail", "status/name_zip/delivered/W3127232"), text)
    assert [f.key for f in reading.verified] == verified and [f.key for f in reading.misread] == misread, reading


@pytest.mark.parametrize(("text", "alternatives", "reported"), [
    ("Status: A101 is on Basic. You've told me you want Premium, so I have what I need.", ["premium"], False),
    ("The accounts team will handle it, and you've already given me both (A103, Premium).", ["premium"], False),
    ("Installations have to be booked at least two days ahead.", ["booked"], False),
    ("Your installation is booked for March 6.", ["booked"], True),
])
def test_what_the_user_asked_for_or_what_must_happen_is_no_milestone(text: str, alternatives: list[str],
                                                                     reported: bool) -> None:
    assert bool(milestone_reports(text, alternatives)) == reported, text
