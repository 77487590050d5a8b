"""Readings round 23 of issue 20 fixed, in new sentences written for this test (not corpus lines). Every probe here
fails on round 22's rules (a checkout of a7f64b2)."""

from __future__ import annotations

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.understanding._spoken_values import written_values
from pytest_mmtau.user._tracker import StateTracker

from test_understanding_facts import _read

_IDENTITY = ("telecom", "[mms_issue]break_app_storage_permission")
_DATA_OFF = ("telecom", "[mobile_data_issue]data_mode_off")
_SAVER = ("telecom", "[mobile_data_issue]data_saver_mode_on")
_STORAGE = _IDENTITY
_NETWORK_MODE = ("telecom", "[mobile_data_issue]bad_network_preference")
_AIR_VPN_DATA = ("telecom", "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off")
_REFUEL = ("telecom", "[mms_issue]airplane_mode_on|break_apn_mms_setting|data_usage_exceeded|"
                      "user_abroad_roaming_disabled_on")
_ADDRESS = ("retail", "address/email/ok/W3146444")
_NAME_ZIP = ("retail", "cancel/name_zip/refused/W3116277")
_ITEMS = ("retail", "items/name_zip/ok/W3145471")
_PAYMENT = ("retail", "payment/email/ok/W3121805")
_DOWNGRADE = ("mock", "router_off_and_downgrade")
_ESCALATION = ("mock", "locked_account_escalation")
_UPGRADE = ("mock", "upgrade_plan")
_IMAGES = ("ecommerce", "E206153/price|invoice_refused|delivery_date|damage_refused")
_INSTALL = ("ecommerce", "E205810/installation|delivery_date|order_details")


# ------------------------------------------------------------------------------------------------- facts asked

def test_what_the_agent_can_do_is_no_fact_that_would_do() -> None:
    reading = _read(_ADDRESS, "Changing where your order ships to is something I can do. What's the email on your "
                              "account?")
    assert [f.key for f in reading.asked] == ["email"], reading


def test_a_question_that_opens_with_the_facts_noun_asks_for_it() -> None:
    assert [f.key for f in _read(_DATA_OFF, "Number you're calling about?").asked] == ["phone_number"]


def test_a_value_pointed_back_at_beside_another_ask_is_not_asked_again() -> None:
    reading = _read(_IDENTITY, "I see three profiles under that name, so could you give me your date of birth?")
    assert [f.key for f in reading.asked] == ["date_of_birth"], reading


def test_a_fact_asked_after_that_with_a_word_on_its_form() -> None:
    reading = _read(_NAME_ZIP, "May I have your first and last name? And after that the ZIP - just the five digits "
                               "is fine.")
    assert {f.key for f in reading.asked} == {"name", "zip"}, reading


def test_the_items_named_in_the_plural_are_what_them_stands_for() -> None:
    reading = _read(_ITEMS, "Order W3145471 came up, with four items on it. I'll need to know which of them you were "
                            "hoping to exchange.")
    assert [f.key for f in reading.asked] == ["item"], reading


def test_an_ask_after_a_dash_past_the_options_on_offer() -> None:
    reading = _read(_ITEMS, "It's made in charcoal or ivory, each in mesh or leather - if you tell me the colour and "
                            "material you want, I'll check it's in stock.")
    assert [f.key for f in reading.asked] == ["new_options"], reading


@pytest.mark.parametrize("text", ["All I need now is the day you'd like the technician - anything from 6 March on "
                                  "works.",
                                  "Choose whichever day works for you and I'll check the diary."])
def test_the_day_to_book_asked_beside_the_first_day_on_offer(text: str) -> None:
    assert [f.key for f in _read(_INSTALL, text).asked] == ["date"]


def test_the_mobile_is_the_phone_number_where_no_phone_is_operated() -> None:
    reading = _read(_IMAGES, "I find customers by the mobile they used at checkout, so if you could share that, "
                             "I'll get started.")
    assert [f.key for f in reading.asked] == ["phone_number"], reading


def test_a_bid_before_an_approval_announced_for_later_still_asks() -> None:
    reading = _read(_DOWNGRADE, "Tell me which plan you'd like, and I'll put the change together for you to approve.")
    assert [f.key for f in reading.asked] == ["plan"], reading


def test_a_name_two_facts_share_is_the_one_the_message_names_by_its_own() -> None:
    reading = _read(_IMAGES, "Please upload a picture of the crack, then send me its image ID.")
    assert [f.key for f in reading.asked] == ["photo"], reading


# ------------------------------------------------------------------------------------------ checks and approvals

def test_a_wrong_id_read_back_before_a_look_up_is_a_misread() -> None:
    reading = _read(_DOWNGRADE, "Just double-checking the ID before I search: A041, correct?")
    assert [f.key for f in reading.misread] == ["account_id"], reading


def test_a_plan_no_call_of_the_task_takes_is_still_one_of_the_plans() -> None:
    reading = _read(_ESCALATION, "Handing you over now. Note for my colleague: A103 wants to move to Basic.")
    assert [f.key for f in reading.misread] == ["plan"], reading


def test_one_plan_said_back_last_is_checked() -> None:
    reading = _read(_DOWNGRADE, "Which account is it? And so I have it straight - it's basic you want?")
    assert [f.key for f in reading.verified] == ["plan"], reading


def test_a_refuel_is_the_action_its_amount_names() -> None:
    reading = _read(_REFUEL, "Roaming alone won't fix it: the plan's data is used up. I can add 2 GB to "
                             "415-555-0163 on account C1002 for $8. Want me to do that?")
    assert reading.action == "refuel_data" and reading.values is not None, reading


def test_digits_said_one_by_one_before_and_are_the_cards_last_four() -> None:
    said = written_values("your card ending in six, four, one, two, and the total moves there")
    assert "6412," in said


# -------------------------------------------------------------------------------------------- the user's tools

@pytest.mark.parametrize("text", ["Are regular text messages sending okay?",
                                  "Just let me know the one that's getting no service.",
                                  "I'll first pull up the account, then check the line's data settings on our side.",
                                  "I'll look up the account first, then check data roaming on my end.",
                                  "I'd usually have you restart the phone now, but you're driving, so let's wait.",
                                  "Wi-Fi: OFF.\nMobile data: ON.\nRoaming: n/a (at home)."])
def test_no_step_is_asked(text: str) -> None:
    assert _read(_SAVER, text).tools == ()


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_SAVER, "Could you read me the icons in the status bar from left to right?", ("check_status_bar",)),
    (_STORAGE, "If you could give Messages access to photos and media files, that ought to fix it.",
     ("grant_storage_permission",)),
    (_SAVER, "disconnect the vpn. same speed test after pls", ("disconnect_vpn", "run_speed_test")),
    (_SAVER, "Kill Data Saver, then speed test.", ("turn_off_data_saver", "run_speed_test")),
    (_AIR_VPN_DATA, "Two quick toggles, in this order:\n1. airplane mode off\n2. mobile data on",
     ("turn_off_airplane_mode", "turn_on_mobile_data")),
    (_NETWORK_MODE, "-> Settings > Mobile network > Network mode > 4G/5G preferred", ("set_network_mode_4g_5g",)),
    (_AIR_VPN_DATA, "Switch mobile data on and leave Wi-Fi as is.", ("turn_on_mobile_data",)),
    (_AIR_VPN_DATA, "Good, the plane is gone. Now let's bring mobile data back.", ("turn_on_mobile_data",)),
])
def test_the_steps_asked(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools


# ------------------------------------------------------------------------------------- closings and milestones

def test_nothing_more_to_confirm_is_no_offer_of_more_help() -> None:
    assert not _read(_UPGRADE, "No need to check anything else: the account matched first time.").anything_else


@pytest.mark.parametrize(("where", "text"), [
    (("retail", "cancel/email/ok/W3125736"), "I'll always read it back first - nothing gets cancelled without your "
                                             "say-so."),
    (_UPGRADE, "What the upgrade means: Premium has faster speeds than Basic, and it costs $10 more a month."),
])
def test_a_rule_or_a_comparison_reports_nothing_done(where: tuple[str, str], text: str) -> None:
    domain, prefix = where
    task = next(t for t in DomainRegistry().get(domain).tasks if t.id.startswith(prefix))
    tracker = StateTracker(goal=task.goal)
    tracker.observe(text)
    assert not tracker.goal_confirmed
