"""Readings round 24 of issue 20 fixed, in new sentences written for this test (not corpus lines). Every probe here
fails on round 23's rules (a checkout of 82cf7b1)."""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_ROAMING = ("telecom", "[mobile_data_issue]user_abroad_roaming_enabled_off")
_SAVER = ("telecom", "[mobile_data_issue]data_saver_mode_on")
_STORAGE = ("telecom", "[mms_issue]break_app_storage_permission")
_OVERDUE = ("telecom", "[service_issue]overdue_bill_suspension")
_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")
_PILLOW = ("retail", "exchange/name_zip/ok/W3148161")
_CHAIR = ("retail", "items/email/ok/W3136323")
_DOWNGRADE = ("mock", "router_off_and_downgrade")
_INVOICE = ("ecommerce", "E204570/logistics|tracking|install_info|invoice|order_details")
_INSTALL = ("ecommerce", "E205810/installation|delivery_date|order_details")
_PRICE = ("ecommerce", "E206153/price|invoice_refused|delivery_date|damage_refused")


# ------------------------------------------------------------------------------------------------- facts asked

@pytest.mark.parametrize(("where", "text", "facts"), [
    (_AIRPLANE, "A customer ID would be fastest if it's to hand; otherwise, the mobile number of the affected line is "
                "absolutely fine.", ["phone_number"]),
    (_INVOICE, "could u share the phone # on ur account?\nor the order # works too, whatever's easier",
     ["order_id", "phone_number"]),
    (_INSTALL, "whenever ur ready just pop in the day u want the installer", ["date"]),
    (_DOWNGRADE, "Which of our two plans would you like to stay on?", ["plan"]),
    (_PRICE, "To claim the difference I'll need a capture of our product page with the lower price on it.",
     ["screenshot"]),
    (_INVOICE, "Here's my checklist:\n1. The phone number on your account\n2. The business name the invoice should "
               "be addressed to", ["invoice_title", "phone_number"]),
    (_PILLOW, "Just so we land on the right one: sage in small, or sage in large?", ["new_options"]),
    (_CHAIR, "That desk isn't a version of the chair, I'm afraid. What's in stock is charcoal mesh, ivory mesh and "
             "ivory leather. Would one of those suit you?", ["new_options"]),
])
def test_the_facts_asked(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == facts


def test_an_invoice_in_whose_name_asks_its_title_after_the_invoice_is_offered() -> None:
    reading = _read(_INVOICE, "Should it be under your own name or your company's?",
                    previous="That order has no invoice yet, so I can issue one now.")
    assert [f.key for f in reading.asked] == ["invoice_title"], reading


@pytest.mark.parametrize("text", [
    "Lookup results:\n- `get_customer_by_phone` → C1001, Maria Lopez\n- `get_line_details` → active\n\nPlease open "
    "your data settings and tell me whether Data Saver is on.",
    "Your line looks fine, so let's check the handset: is there a plane symbol up by the clock?",
])
def test_no_fact_is_asked_by_what_the_agent_states(text: str) -> None:
    assert _read(_SAVER, text).asked == ()


# ------------------------------------------------------------------------------------------ checks and approvals

def test_a_step_picked_by_number_and_said_again_is_approved() -> None:
    reading = _read(_OVERDUE, "Plan:\n1. (me) I send a payment request for bill B9001.\n2. (you) You pay it.\n\n"
                              "Shall I go ahead with step 1 and send the payment request for bill B9001 on account "
                              "C1002?")
    assert reading.action == "send_payment_request" and reading.values is not None, reading


# -------------------------------------------------------------------------------------------- the user's tools

@pytest.mark.parametrize(("where", "text", "tools"), [
    (_ROAMING, "Switch on Data Roaming. A warning may pop up. Tap **OK** to continue.", ("turn_on_data_roaming",)),
    (_ROAMING, "1. Open Settings > Cellular > Cellular Data Options.\n2. Turn Data Roaming on.",
     ("turn_on_data_roaming",)),
    (_SAVER, "Open Settings → Network & internet → Mobile network and tell me whether Data Saver is on or off.",
     ("check_mobile_data_settings",)),
    (_STORAGE, "For the phone side, go here: Settings > Apps > Messages > Permissions > Storage → Allow. And on my "
                "side, shall I enable roaming on 206-555-0128 for customer C1003?",
     ("grant_storage_permission",)),
    (_SAVER, "Quick checklist, report only:\n- SIM status: Ready or No SIM?\n- Network mode: what's selected?",
     ("check_sim_status", "check_network_mode")),
    (_SAVER, "Thanks for that. When you're ready, it would help to run one more speed test.", ("run_speed_test",)),
    (_STORAGE, "The Messages app is missing permission to reach your photos. Would you go into its "
               "permissions and allow storage?", ("grant_storage_permission",)),
])
def test_the_steps_asked(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools


@pytest.mark.parametrize(("where", "text"), [
    (_OVERDUE, "I'll resume the line first. After that you'll need to restart the phone - I'll walk you through it "
               "once it's back on."),
    (_OVERDUE, "You'll need to restart the phone after that, but hold off for a moment until I confirm it's "
               "resumed."),
    (_AIRPLANE, "If the bars come back, just send me a quick message and we're done."),
    (_ROAMING, "Here's the order:\n1. Turn on roaming for your line *(me)*\n2. Check back with me *(you)*"),
    (_STORAGE, "Which of the two is the line that can't send picture messages: the one ending in 0128 or 0129?"),
])
def test_no_step_is_asked(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).tools == ()


# ------------------------------------------------------------------------------- from the thirtieth set's dev half

_RETURN_BY_EMAIL = ("retail", "return/email/refused/W3142081")
_DELIVERED = ("retail", "items/email/ok/W3136323")


def test_ways_the_agent_can_find_you_ask_for_one_of_them() -> None:
    reading = _read(_RETURN_BY_EMAIL, "To find you I can use either the email on the account or your name with your "
                                      "ZIP. Whichever is simpler.")
    assert [f.key for f in reading.asked] == ["email"], reading


@pytest.mark.parametrize(("where", "text"), [
    (_DELIVERED, "I've looked at that order and it has been delivered, which means its items can't be swapped now. "
                 "Anything else I can help with?"),
    (_PRICE, "Here's how I'd suggest we tackle it:\n- Price protection on order E206153, from your screenshot.\n- "
             "Then the invoice.\n\nDoes that sound all right?"),
])
def test_what_the_agent_states_asks_no_fact(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).asked == ()


def test_any_of_it_points_back_at_no_fact() -> None:
    reading = _read(_PRICE, "Price protection depends on what your screenshot shows.\n\nBefore I can look into any "
                            "of it, I need to confirm who you are.")
    assert "screenshot" not in {f.key for f in reading.asked}, reading


def test_a_wrong_plan_read_back_for_checking_is_a_misread() -> None:
    reading = _read(_DOWNGRADE, "This can't be undone, so please check it carefully: I'll move account A104 to the "
                                "premium plan. Shall I go ahead?")
    assert [f.key for f in reading.misread] == ["plan"] and not reading.asked, reading


def test_a_thing_alone_after_a_step_gets_the_same_step() -> None:
    assert _read(_STORAGE, "Under Permissions, set SMS to Allow first, then Storage.").tools == (
        "grant_sms_permission", "grant_storage_permission")
