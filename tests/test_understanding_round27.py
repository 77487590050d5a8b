"""Readings round 27 of issue 20 fixed, in new sentences written for this test (not corpus lines). Every probe here
fails on round 26's rules (a checkout of 7517195)."""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")
_CANCEL = ("retail", "cancel/email/ok/W3125736")
_RETURN = ("retail", "return/name_zip/ok/W3101855")
_INVOICE = ("ecommerce", "E206019/invoice|order_details")
_WIFI = ("mock", "wifi_off")


# ------------------------------------------------------------------------------------------------- facts asked

@pytest.mark.parametrize(("where", "text", "facts"), [
    (_AIRPLANE, "Number of the failing line, please, so I can look it up.", ["phone_number"]),
    (_AIRPLANE, "Could you resend the whole number? One digit seems to be missing.", ["phone_number"]),
    (_CANCEL, "Two of them are still pending. Go ahead and pick the order: reply 1 or 2.", ["order_id"]),
    (_CANCEL, "Next, the email you signed up with - that's how I'll pull up your orders.", ["email"]),
    (_CANCEL, "Thanks for your patience. I would be very grateful for your order number.", ["order_id"]),
    (_INVOICE, "To make it out, I need from you the company title it must carry.", ["invoice_title"]),
    # as the voice channel hears them: the step's number in words, the dash a comma, the contraction expanded
    (_CANCEL, "step three of four: pick the order. reply one or two.", ["order_id"]),
    (_CANCEL, "then, the email you signed up with, that's how i'll pull up your orders.", ["email"]),
    (_CANCEL, "Next, the email you signed up with - that is how I will pull up your orders.", ["email"]),
])
def test_the_facts_asked(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert [f.key for f in _read(where, text).asked] == facts


def test_a_value_that_found_nothing_is_not_asked_beside_the_facts_that_are() -> None:
    reading = _read(_AIRPLANE, "This number didn't bring anything up, so I'll need your full name and date of birth.")
    assert sorted(f.key for f in reading.asked) == ["date_of_birth", "full_name"], reading


def test_a_step_reported_done_asks_nothing() -> None:
    assert _read(_RETURN, "Step 1 of 3 complete - account verified (Elif Farouk, ZIP 22668).").asked == ()


# ------------------------------------------------------------------------------------------------ approvals

@pytest.mark.parametrize(("where", "text", "action"), [
    (_INVOICE, "I can put you through to a colleague from our human team. Do you desire that?",
     "transfer_to_human_agents"),
    (_INVOICE, "The invoice for order E206019 will carry the title Harbor Print Ltd. Do you give me your agreement "
               "to issue it?", "issue_invoice"),
    (_CANCEL, "If you are content for me to cancel order W3125736, simply say so.", "cancel_pending_order"),
])
def test_the_approvals_asked(where: tuple[str, str], text: str, action: str) -> None:
    reading = _read(where, text)
    assert reading.confirmation and reading.action == action, reading


def test_the_users_word_asked_for_approves_the_action_named_before() -> None:
    reading = _read(_CANCEL, "Might I have your word on that?",
                    previous="To recap: order W3125736 would be cancelled, as it is no longer needed.")
    assert reading.action == "cancel_pending_order" and reading.values == {"order_id": "W3125736"}, reading


def test_another_item_in_a_return_about_to_be_made_is_a_misread() -> None:
    reading = _read(_RETURN, "I'll request a return of the Yoga Mat from order W3101855. The refund goes back to "
                             "your card. OK to submit?")
    assert [f.key for f in reading.misread] == ["item"], reading


# -------------------------------------------------------------------------------------------- the user's tools

@pytest.mark.parametrize(("where", "text", "tools"), [
    (_AIRPLANE, "Now do a full reboot (not an airplane mode toggle) and tell me what the status bar shows.",
     ("reboot_device", "check_status_bar")),
    (_WIFI, "Please switch the Wi-Fi on, and after to tell me if the connection indicator is green.",
     ("turn_on_wifi", "check_connection")),
])
def test_the_steps_asked(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools
