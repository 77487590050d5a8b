"""Readings round 25 of issue 20 fixed, in new sentences written for this test (not corpus lines). Every probe here
fails on round 24's rules (a checkout of 3cf1b34)."""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_PAY_BY_NAME = ("retail", "payment/name_zip/ok/W3134755")
_PAY_BY_EMAIL = ("retail", "payment/email/ok/W3141805")
_EXCHANGE_REFUSED = ("retail", "exchange/name_zip/refused/W3123041")
_SMS = ("telecom", "[mms_issue]break_app_sms_permission")
_BOTH = ("telecom", "[mms_issue]break_app_both_permissions")
_SIM = ("telecom", "[service_issue]unseat_sim_card")
_OVERDUE = ("telecom", "[service_issue]overdue_bill_suspension")


# ------------------------------------------------------------------------------------------------- facts asked

def test_a_value_the_user_gave_as_the_subject_of_a_statement_is_not_asked_again() -> None:
    reading = _read(_SMS, "The phone number you gave me isn't showing up on our side, so please could you tell me "
                          "the full name on the account?")
    assert [f.key for f in reading.asked] == ["full_name"], reading


def test_a_pick_among_listed_options_asks_the_option_not_everything_named() -> None:
    reading = _read(_PAY_BY_EMAIL, "Two methods are on file: PayPal, which is what order #W3141805 uses today, and "
                                   "a credit card ending in 8501. Which of those should it go on?")
    assert [f.key for f in reading.asked] == ["payment_method"], reading


@pytest.mark.parametrize("text", [
    "What I looked at: the order hasn't gone out to you.\n\nWhat I need from you: nothing for now.",
    "Summary: the exchange can't go ahead.\nWhat I checked: your order isn't delivered.",
])
def test_a_template_section_stating_a_negated_fact_asks_nothing(text: str) -> None:
    assert _read(_EXCHANGE_REFUSED, text).asked == ()


# ------------------------------------------------------------------------------------------------ confirmations

def test_a_payment_method_picked_by_its_kind_from_the_options_before_is_confirmed() -> None:
    reading = _read(_PAY_BY_NAME, "Got it, the PayPal one. Say yes and I'll switch order #W3134755 over to PayPal.",
                    previous="You can pay with:\n1. PayPal (`paypal_4838621`)\n2. A credit card ending in 9844\n\n"
                             "Which would you like?")
    assert reading.action == "modify_pending_order_payment" and reading.values == {
        "order_id": "W3134755", "payment_method_id": "paypal_4838621"}, reading


# -------------------------------------------------------------------------------------------- the user's tools

@pytest.mark.parametrize(("where", "text", "tools"), [
    (_SIM, "Could you head to Settings > About phone > SIM status and let me know what's shown there?",
     ("check_sim_status",)),
    (_BOTH, "Open its permissions, tap Storage and set it to Allow, then the same thing for SMS.",
     ("grant_storage_permission", "grant_sms_permission")),
    (_OVERDUE, "Requests from us appear on the phone under payment requests. Please check whether there's one "
               "for $60.00 and, if so, pay it.", ("check_payment_request", "pay_payment_request")),
])
def test_the_steps_asked(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools


def test_a_step_on_another_phone_is_no_step_of_the_users_own_tools() -> None:
    assert _read(_SIM, "Would you pop the SIM into a friend's phone and tell me if it gets signal bars there?").tools \
        == ()
