"""Readings round 13 of issue 20 fixed: what the thirteenth blind set's dev half read wrong (facts asked every way,
steps on the user's phone phrased freely, approvals and their near misses, multi-ask messages in several house
styles), read here in new sentences of the same kinds, written for this test.

- Facts asked as a statement ("The one thing I still need for verification is …", "Either your account ID or your
  email will do", "I can find you by your number, or by your name and birth date"), in a condition ("If you also
  have the order number to hand, please add it") or after an ask as "And the X, that's the one …".
- A value spelled out one character at a time ("A-1-0-3") is read back; "Can you confirm that's your number?" right
  after a number was stated checks it.
- No approval, misread, milestone or refusal where there is none: a code among no others of its shape ("For the oven
  on E204384, …"), the dates of a price drop beside price protection, a state's name beside its postal code, the
  last option of a list ("…, or something else?"), plans on offer ("We offer two plans, …"), what cannot be undone
  once done ("Once it's booked I can't move it").
- Phone steps: a step announced for when something else has happened, one done before ("the reset you did"), a
  problem looked into, a screen named as a heading, a report that each step is done, finding a tray to reseat a SIM.
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports, refuses
from test_understanding_facts import _read

_PICTURES = ("telecom", "[mms_issue]break_app_sms_permission")


@pytest.mark.parametrize(("where", "text", "asked"), [
    (_PICTURES, "The one piece I still need for verification is your date of birth.", ["date_of_birth"]),
    (("mock", "balance_inquiry"), "Either your account ID or the email on the account will do for me to find you.",
     ["account_id"]),
    (_PICTURES, "I can find you by the line's number, or otherwise by your full name plus your date of birth.",
     ["date_of_birth", "full_name", "phone_number"]),
    (("ecommerce", "E206433/"), "If you also have the order number to hand, please add it as well.", ["order_id"]),
    (("ecommerce", "E206433/"), "Thanks! And the order number, that's the one beginning with an E.", ["order_id"]),
])
def test_a_fact_asked_as_a_statement_or_under_a_condition(where: tuple[str, str], text: str,
                                                          asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == asked, text


@pytest.mark.parametrize(("where", "text", "verified", "misread"), [
    (("mock", "router_off_and_downgrade"), "I've got your account as A-1-0-4 - is that right?", ["account_id"], []),
    (("mock", "router_off_and_downgrade"), "I've got your account as A-1-4-0 - is that right?", [], ["account_id"]),
    (("ecommerce", "E206190/"), "I see an account under 366-555-6908. Can you confirm that's the number you use "
                                "with us?", ["phone_number"], []),
])
def test_a_value_spelled_out_or_pointed_at_is_checked(where: tuple[str, str], text: str, verified: list[str],
                                                     misread: list[str]) -> None:
    reading = _read(where, text)
    assert [f.key for f in reading.verified] == verified and [f.key for f in reading.misread] == misread, reading


def test_a_code_among_no_others_of_its_shape_is_no_option() -> None:
    reading = _read(("ecommerce", "E204384/"), "For the Wall Oven on E204384, the technician can come on one of "
                                               "these:\n\n1. Tuesday, March 10\n2. Thursday, March 12\n\nWhich suits "
                                               "you best?")
    assert [f.key for f in reading.asked] == ["date"], reading


def test_dates_of_a_price_drop_are_no_misread_of_an_installation_date() -> None:
    reading = _read(("ecommerce", "E205741/"), "You paid $543.35 on Feb 6; our price fell to $533.35 on Feb 8, as "
                                               "your screenshot IMG-4462 shows. Shall I apply price protection to "
                                               "order E205741?")
    assert not reading.misread and reading.values is not None, reading


def test_a_state_named_beside_its_postal_code_is_no_misread() -> None:
    reading = _read(("retail", "address/email/ok/W3125130"), "I can send order W3125130 to 211 Granite Court, "
                                                             "Harrow Bay, Maine instead. Shall I update it?")
    assert not reading.misread and reading.action == "modify_pending_order_address", reading


@pytest.mark.parametrize(("where", "text"), [
    (("ecommerce", "E206298/"), "Just so I open the right file - the photo of the dent is IMG-4692?"),
    (("retail", "return/name_zip/ok/W3145599"), "The mat can be returned for a refund or exchanged for another "
                                               "colour. Which would you prefer?"),
])
def test_no_approval_where_none_is_asked(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert reading.action is None and not reading.confirmation and not reading.unmatched, reading


def test_an_aside_after_a_question_asks_nothing() -> None:
    reading = _read(("ecommerce", "E205111/"), 'Invoice for E205111, titled "Meadow Health Ltd". Issue it? (only one '
                                               "per order)")
    assert reading.action == "issue_invoice" and not reading.unmatched, reading


def test_just_confirm_and_it_is_done_asks_for_a_yes() -> None:
    reading = _read(("retail", "cancel/name_zip/ok/W3135800"), "It hasn't shipped, so I can cancel order W3135800 "
                                                               "for you. Just confirm and it's done.")
    assert reading.action == "cancel_pending_order" and not reading.unmatched, reading


@pytest.mark.parametrize(("where", "text", "asks_need", "closing"), [
    (("ecommerce", "E206466/"), "Hi there! What can I help with - an order, a delivery, or something else?", True,
     False),
    (_PICTURES, "No need to send your date of birth or anything else - the number is enough.", False, False),
    (("telecom", "[mobile_data_issue]data_saver_mode_on"), "The catch is that everything loads a bit slower.", False,
     False),
    (("ecommerce", "E206466/"), "Is that everything for today?", False, True),
])
def test_a_last_option_or_a_clause_is_no_closing(where: tuple[str, str], text: str, asks_need: bool,
                                                 closing: bool) -> None:
    reading = _read(where, text)
    assert (reading.goal_question, reading.anything_else) == (asks_need, closing), reading


@pytest.mark.parametrize(("text", "alternatives", "reported"), [
    ("We offer two plans, Basic and Premium.", ["premium"], False),
    ("Account A101 is on Premium now.", ["premium"], True),
])
def test_plans_on_offer_are_no_milestone(text: str, alternatives: list[str], reported: bool) -> None:
    assert bool(milestone_reports(text, alternatives)) == reported, text


@pytest.mark.parametrize(("text", "refused"), [
    ("Once it's booked I can't move it from here. Shall I book it?", False),
    ("Order W3116277 was delivered, so it cannot be cancelled anymore.", True),
    ("It can't be returned because the window closed last week.", True),
])
def test_what_cannot_be_undone_once_done_is_no_refusal(text: str, refused: bool) -> None:
    assert refuses(text) == refused, text


_DATA = ("telecom", "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off")


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_PICTURES, "Once I have both, I'll open your line and we can dig into the picture-message issue.", ()),
    (("telecom", "[mms_issue]"), "Once roaming is live on your line I'll have you turn on data roaming.", ()),
    (("telecom", "[service_issue]break_apn_settings"), "Great, now restart the phone - that applies the APN reset you "
                                                       "did earlier.", ("reboot_device",)),
    (("telecom", "[service_issue]break_apn_settings"), "## Next step: APN settings\n\n1. Open Settings > Mobile "
                                                       "network > Access Point Names and tell me the APN shown.\n2. If "
                                                       "it isn't kestrel.web, tap Reset to default.",
     ("check_apn_settings", "reset_apn_settings")),
    (_DATA, "Do these in order and tell me when each one is done:\n1. Switch airplane mode off.\n2. Switch mobile "
            "data on.", ("turn_off_airplane_mode", "turn_on_mobile_data")),
    (("telecom", "[service_issue]unseat_sim_card"), "1. Find the SIM tray on the edge of the phone and pop it out.\n"
                                                    "2. Seat the card flat and push the tray back in.\n\nThen tell me "
                                                    "whether 'No SIM' is still showing.",
     ("reseat_sim_card", "check_sim_status")),
])
def test_steps_for_later_done_before_or_not_steps(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


def test_the_name_of_a_screen_entry_is_no_name_of_the_user() -> None:
    reading = _read(("telecom", "[service_issue]break_apn_settings"), "Open Settings > Access Point Names and read me "
                                                                      "the name of the entry that's ticked.")
    assert not reading.asked and reading.tools == ("check_apn_settings",), reading
