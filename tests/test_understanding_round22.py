"""Readings round 22 of issue 20 fixed, in new sentences written for this test (not corpus lines). Every one of
these 31 probes fails on round 21's rules (a checkout of d2cb113); the payment-method digits have their own test
(``test_payment_endings.py``)."""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_STORAGE = ("telecom", "[mms_issue]break_app_both_permissions")
_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")
_SAVER = ("telecom", "[mobile_data_issue]data_saver_mode_on")
_WIFI_CALLING = ("telecom", "[mms_issue]bad_wifi_calling")
_ROAMING = ("telecom", "[mobile_data_issue]user_abroad_roaming_enabled_off")
_DATA_USAGE = ("telecom", "[mobile_data_issue]data_usage_exceeded")
_REFUSED_RETURN = ("retail", "return/name_zip/refused/W3122629")
_PENDING_CANCEL = ("retail", "cancel/email/ok/W3125736")
_PAYMENT = ("retail", "payment/email/ok/W3123918")
_MOCK_PLAN = ("mock", "plan_upgrade")
_IMAGES = ("ecommerce", "E206153/price|invoice_refused|delivery_date|damage_refused")
_INSTALL = ("ecommerce", "E205464/order_details|product_price|installation|delivery_date")
_ORDER = ("restaurant", "")


# ------------------------------------------------------------------------------------------ the user's own tools

def test_two_permissions_joined_by_and_to_are_both_granted() -> None:
    reading = _read(_STORAGE, "Messages is missing two permissions - could you give it access to SMS and to your "
                              "photos and files?")
    assert set(reading.tools) == {"grant_sms_permission", "grant_storage_permission"}, reading


def test_the_photos_permission_is_storage() -> None:
    reading = _read(_STORAGE, "Next, turn on the Photos permission for the Messages app.")
    assert reading.tools == ("grant_storage_permission",), reading


def test_a_bare_ask_for_me_is_the_users_step_not_the_agents_offer() -> None:
    reading = _read(_AIRPLANE, "The plane icon is still lit at the top. Turn that off for me?")
    assert reading.tools == ("turn_off_airplane_mode",) and not reading.confirmation, reading


@pytest.mark.parametrize("text", ["Please restart your modem and let me know when its lights settle.",
                                  "Could you reboot your laptop too?"])
def test_another_device_is_no_phone_to_restart(text: str) -> None:
    assert _read(_SAVER, text).tools == ()


def test_the_same_step_for_another_setting_with_a_please() -> None:
    reading = _read(_STORAGE, "Great, SMS is done. Now do the same for Storage, please.",
                    previous="On the Permissions screen, tap SMS and choose Allow.")
    assert reading.tools == ("grant_storage_permission",), reading


def test_reply_with_what_a_screen_shows_is_a_look() -> None:
    reading = _read(_AIRPLANE, "1) Disable airplane mode. 2) Reply with the status bar icons you see.")
    assert reading.tools == ("turn_off_airplane_mode", "check_status_bar"), reading


def test_a_tip_for_another_time_after_a_label_asks_nothing() -> None:
    reading = _read(_SAVER, "All sorted! Tip: if the speed slows down again, check whether Data Saver crept back on.")
    assert reading.tools == (), reading


def test_power_it_off_and_on_is_the_phone_whatever_was_named_before() -> None:
    reading = _read(_DATA_USAGE, "The phone only picks up the change when it registers on the network again, so "
                                 "please power it off and back on.")
    assert reading.tools == ("reboot_device",), reading


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_SAVER, "Turn Data Saver off, then run the same test one more time.", ("turn_off_data_saver", "run_speed_test")),
    (_WIFI_CALLING, "Reboot the phone, and once it's on again, send that same picture message again.",
     ("reboot_device", "can_send_mms")),
])
def test_the_same_test_again_is_run_again(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools


def test_a_look_asked_after_a_condition_is_asked_after_the_step() -> None:
    reading = _read(_SAVER, "Restart it please, and once it is back on tell me which icons the top of the screen "
                            "shows.")
    assert reading.tools == ("reboot_device", "check_status_bar"), reading


def test_a_time_gone_by_reports_what_the_user_did() -> None:
    reading = _read(_AIRPLANE, "Earlier you say you put phone on airplane mode yesterday at the airport and forget, "
                               "so please switch it off now.")
    assert reading.tools == ("turn_off_airplane_mode",), reading


def test_look_if_asks_a_look() -> None:
    reading = _read(_AIRPLANE, "Switch airplane mode off and look if your signal bars reappear.")
    assert reading.tools[0] == "turn_off_airplane_mode" and len(reading.tools) == 2, reading


def test_whether_the_step_was_done_is_no_step() -> None:
    reading = _read(("mock", "wifi_off"), "Got it on? Nice. Now tell me what the connection indicator shows.",
                    previous="Please switch Wi-Fi on from the menu in the corner of the screen.")
    assert reading.tools == ("check_connection",), reading


def test_what_something_cannot_do_states_why() -> None:
    reading = _read(_WIFI_CALLING, "Your carrier's system can't send MMS while Wi-Fi calling is active, so please "
                                   "switch Wi-Fi calling off.")
    assert reading.tools == ("turn_off_wifi_calling",), reading


def test_what_a_permission_is_for_is_no_send() -> None:
    reading = _read(_STORAGE, "Messages needs permission to attach photos, so could you allow Storage for it?")
    assert reading.tools == ("grant_storage_permission",), reading


# ------------------------------------------------------------------------------------------ approvals

def test_do_that_approves_the_action_offered_last() -> None:
    reading = _read(_REFUSED_RETURN, "A return isn't possible while the order is pending, but it can be cancelled "
                                     "instead. I can also transfer you to a human agent who can review it. Would you "
                                     "like me to do that?")
    assert reading.action == "transfer_to_human_agents", reading


def test_can_still_proposes_the_action() -> None:
    reading = _read(_PENDING_CANCEL, "The refund can't go to another card, but I can still cancel the order with the "
                                     "money returned to your gift card - would you like me to do that?")
    assert reading.action == "cancel_pending_order", reading


def test_an_explicit_yes_is_asked_for() -> None:
    reading = _read(_DATA_USAGE, "I'll need a firm yes from you before I run that top-up.",
                    previous="Line 415-555-0163 has used all its data. I can add 2 GB for $8.00 on customer C1002.")
    assert reading.confirmation and reading.action == "refuel_data", reading


@pytest.mark.parametrize("text", [
    "Which payment method should it go on? Once you choose, I'll recap the change and ask for your final go-ahead.",
    "I'll always read the change back to you and wait for your yes first. Which payment method should I use?",
])
def test_a_yes_announced_for_later_is_no_approval_now(text: str) -> None:
    reading = _read(_PAYMENT, text)
    assert not reading.confirmation and [f.key for f in reading.asked] == ["payment_method"], reading


def test_a_summary_put_together_for_approval_later_is_no_approval_now() -> None:
    reading = _read(_INSTALL, "Which day suits you for the technician's visit? Any date from March 4 works - just "
                              "let me know, and I'll put a booking summary together for you to approve.")
    assert not reading.confirmation and [f.key for f in reading.asked] == ["date"], reading


def test_reading_the_order_back_offers_information() -> None:
    reading = _read(_ORDER, "Two Garlic Knots are on there. Anything more, or shall I read the full order back?")
    assert not reading.confirmation, reading


def test_a_leading_purpose_names_no_action_to_approve() -> None:
    reading = _read(_INSTALL, "To make sure we schedule the visit for the right appliance, which order is this for?")
    assert not reading.confirmation and [f.key for f in reading.asked] == ["order_id"], reading


# ------------------------------------------------------------------------------------------ facts and read-backs

@pytest.mark.parametrize("text", ["Your contract end date is 2026-09-30, so there's no early-exit fee to worry about.",
                                  "| due date | 2026-04-02 |"])
def test_another_date_named_so_is_no_date_of_birth_read_back(text: str) -> None:
    assert _read(_ROAMING, text).misread == ()


@pytest.mark.parametrize(("text", "asked"), [
    ("Could you send me the image ID of your photo?", ["photo"]),
    ("And what's the image ID of the screenshot?", ["screenshot"]),
])
def test_an_id_of_a_named_image_is_that_images(text: str, asked: list[str]) -> None:
    assert [f.key for f in _read(_IMAGES, text).asked] == asked


def test_all_i_need_asks_nothing() -> None:
    reading = _read(_INSTALL, "Got it - E205464, the Wall Oven. That's everything I need to get started.")
    assert reading.asked == (), reading


@pytest.mark.xfail(strict=True, reason="the learned check (round 28) adds the phone number of 'pull up your line' "
                                       "(p = 0.81)")
def test_what_the_facts_are_for_asks_no_phone_number() -> None:
    reading = _read(_ROAMING, "Please send your full name and date of birth. Once I have both, I can pull up your "
                              "line.")
    assert {f.key for f in reading.asked} == {"full_name", "date_of_birth"}, reading
