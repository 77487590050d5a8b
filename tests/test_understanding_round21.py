"""Readings round 21 of issue 20 fixed, in new sentences written for this test (not corpus lines), and what the
scripted user says when the agent asks which of its own actions to take first.

A capable agent with two changes to make, each needing its own yes, often asks the user to choose the order ("Which
would you like me to start with - the price protection or the return?"). Before, the user could not place the
question: it said it did not follow and recorded a `simulator_misunderstood` event, so a correct agent's trial could
end inconclusive. A user who wants both changes leaves the order to the agent; one who wants only one of them still
says it does not follow (it has no goal to answer from).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.engine import UserObservation
from pytest_mmtau.personas import get_persona
from pytest_mmtau.understanding import vocabulary
from pytest_mmtau.understanding._spoken_values import written_values
from pytest_mmtau.user import ScriptedRealiser

from test_understanding_facts import _read

_MOCK_BALANCE = ("mock", "balance_inquiry")
_ROUTER = ("mock", "router_off_and_downgrade")
_BOTH = "E204159/order_details|price|damage"  # the user wants the price protection and the return
_PRICE_AND_INVOICE = "E206299/price|invoice"  # … the price protection and an invoice, no return
_ROAMING_OFF = ("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_on")
_VPN = ("telecom", "[mobile_data_issue]bad_vpn")
_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")


@pytest.mark.parametrize("text", [
    "Sure thing. The first thing I'll need is the account ID on your statement.",
    "Okay, so what I need first is your account ID, please.",
])
def test_what_i_need_first_asks_for_it(text: str) -> None:
    assert [f.key for f in _read(_MOCK_BALANCE, text).asked] == ["account_id"]


def test_what_the_agent_cannot_do_is_left_to_the_user() -> None:
    reading = _read(_ROUTER, "I can't reset hardware from here, so that bit is on your side: pull the router's plug, "
                             "count to thirty, then plug it in again.")
    assert reading.tools == ("restart_router",), reading


def test_a_question_about_the_past_after_a_lead_phrase_asks_no_step() -> None:
    reading = _read(_AIRPLANE, "Out of interest, had you switched on airplane mode for a trip lately?")
    assert reading.tools == (), reading


def test_a_step_for_after_the_answers_is_not_asked_now() -> None:
    reading = _read(_ROAMING_OFF, "Please send the line's number and the account holder's name. Once I have those, "
                                  "we'll look at the roaming switch on your phone.")
    assert reading.tools == () and {f.key for f in reading.asked} == {"phone_number", "full_name"}, reading


def test_the_phone_looking_for_the_network_is_no_look_of_the_users() -> None:
    reading = _read(_AIRPLANE, "Let's have the phone drop the network and search for it again: turn on airplane "
                               "mode, wait ten seconds, then turn it off.")
    assert reading.tools == ("turn_on_airplane_mode", "turn_off_airplane_mode"), reading


def test_a_bare_disconnect_does_not_take_the_thing_of_the_next_step() -> None:
    reading = _read(_VPN, "Open the VPN app. If it says connected, tap Disconnect, then run another speed test.")
    assert "disconnect_vpn" in reading.tools and "run_speed_test" in reading.tools, reading


def test_a_quick_yes_asks_for_the_go_ahead() -> None:
    reading = _read(("retail", "payment/name_zip/ok/W3121805"),
                    "I'll move order W3121805 from PayPal to credit_card_8604746. Since that can't be reversed, "
                    "I'm waiting on you - one quick yes and it's done.")
    assert reading.confirmation and reading.action == "modify_pending_order_payment", reading


def test_a_tool_named_by_its_identifier_is_not_the_action_offered() -> None:
    reading = _read(("retail", "items/email/refused/W3121398"),
                    "`cancel_pending_order` only applies to pending orders and W3121398 has been delivered. I could "
                    "set up an exchange for another variant instead. Would you like me to start that?")
    assert reading.action == "exchange_delivered_order_items", reading


def test_digits_said_one_by_one_with_commas_are_one_number() -> None:
    assert written_values("the zip code is two, zero, seven, two, eight.") == "the zip code is 20728."
    assert written_values("pick one, two, three, four, or five") == "pick one, two, three, four, or five"


def test_the_bill_to_field_asks_for_the_invoice_title() -> None:
    reading = _read(("ecommerce", "E206019"), "The order is delivered, so the invoice can go out today. What goes "
                                              "in the 'Bill to' field?")
    assert [f.key for f in reading.asked] == ["invoice_title"], reading


@pytest.mark.parametrize("text", [
    "Both changes need their own yes, so one at a time. Which would you like me to start with: the price protection "
    "or the return?",
    "I can apply the price protection on E204159 and I can start the return for the damaged unit. Which should I do "
    "first?",
    "Would you like me to apply the price protection first, or create the return?",
])
def test_a_question_which_action_first_offers_the_actions(text: str) -> None:
    reading = _read(("ecommerce", _BOTH), text)
    assert set(reading.actions_offered) == {"apply_price_protection", "create_return"}, reading
    assert reading.unmatched == () and not reading.confirmation and reading.clarification, reading


def test_a_question_that_names_one_action_offers_no_choice() -> None:
    reading = _read(("ecommerce", _BOTH), "Would you like me to apply the price protection now?")
    assert reading.actions_offered == () and reading.confirmation, reading


def _reply(task_id: str, text: str, seed: int = 1) -> Any:
    ecommerce = DomainRegistry().get("ecommerce")
    task = ecommerce.task(task_id)
    realiser = ScriptedRealiser(goal=task.goal, persona=get_persona("none"), user_tools=ecommerce.user_tools,
                                rng=random.Random(seed), vocabulary=vocabulary(task, ecommerce.tool_infos))

    async def two_turns() -> Any:
        await realiser.act(UserObservation(agent_message=None))
        return await realiser.act(UserObservation(agent_message=text))

    return asyncio.run(two_turns())


_WHICH_FIRST = ("I've checked both images. The price protection and the return each need their own confirmation. "
                "Which would you like me to start with - the price protection or the return?")


def test_a_user_who_wants_both_leaves_the_order_to_the_agent() -> None:
    move = _reply(_BOTH, _WHICH_FIRST)
    assert "either" in move.text.lower() or "whichever" in move.text.lower(), move.text
    assert not move.state.get("events"), move.state  # understood: nothing recorded against the simulator
    assert [(a.kind, a.value) for a in move.acts] == [("inform", "either")]


def test_a_user_who_wants_only_one_cannot_place_the_question() -> None:
    move = _reply(_PRICE_AND_INVOICE, _WHICH_FIRST.replace("E204159", "E206299"))
    assert move.acts[0].slot == "clarification", move.text
    assert move.state["events"][0]["asks"] == ["Which would you like me to start with - the price protection or "
                                               "the return?"]


# from the twenty-second set's dev half

def test_a_status_line_led_by_a_check_mark_reports_a_state() -> None:
    reading = _read(_AIRPLANE, "Progress so far:\n✅ Airplane mode: off\n❌ Signal: still searching\n\nNothing for "
                               "you to change yet - I'm checking the line from here.")
    assert reading.tools == () and reading.asked == (), reading


def test_a_recap_label_asks_no_step() -> None:
    reading = _read(("telecom", "[mms_issue]break_apn_mms_setting"),
                    "**What you did:** restored the default APN and restarted the phone so it picked it up.")
    assert reading.tools == (), reading


def test_a_label_opening_on_a_question_word_is_no_question() -> None:
    reading = _read(("telecom", "[mms_issue]break_apn_mms_setting"),
                    "What went wrong: the MMSC address in your APN was blank, so picture messages had nowhere to go.")
    assert reading.unmatched == () and not reading.clarification, reading


def test_a_bold_title_is_no_question() -> None:
    reading = _read(("retail", "address"), "**How an address change works**\n\nIt only applies to an order that is "
                                           "still pending. To start, what's the email on your account?")
    assert [f.key for f in reading.asked] == ["email"] and reading.unmatched == (), reading


def test_click_is_a_step_as_tap_is() -> None:
    reading = _read(("mock", "wifi_off"), "In the panel that opens, click the Wi-Fi tile so it is on.")
    assert reading.tools == ("turn_on_wifi",), reading


def test_pulling_the_routers_plug_and_pushing_it_back_restarts_it() -> None:
    reading = _read(_ROUTER, "Please pull the plug out of the router, give it half a minute, then put it back in.")
    assert reading.tools == ("restart_router",), reading


@pytest.mark.parametrize("text", [
    "I can look you up another way, but I'll need two things. The first is your full name as it appears on the "
    "account. The second is your date of birth.",
    "I'll need a couple of details. The first one is your full name; the other is your date of birth.",
])
def test_things_announced_then_named_one_by_one_are_asked(text: str) -> None:
    assert {f.key for f in _read(_AIRPLANE, text).asked} == {"full_name", "date_of_birth"}


def test_a_device_thing_joined_to_an_ask_is_no_unknown_fact() -> None:
    reading = _read(("telecom", "[mobile_data_issue]bad_vpn"),
                    "Two things are still slowing you down: the network mode and the VPN. Let's start with the "
                    "network mode: set it to 4G/5G preferred.")
    assert reading.unmatched == () and "set_network_mode_4g_5g" in reading.tools, reading


@pytest.mark.parametrize("text", [
    "I've got account A100 up. **Shall I cancel the subscription on it**",
    "Account A100, subscription to be cancelled. What would you like: cancel it now, or keep it until the cycle ends",
])
def test_a_bold_line_or_a_label_that_asks_someone_is_still_a_question(text: str) -> None:
    reading = _read(("mock", "cancel_subscription"), text)
    assert reading.clarification or reading.confirmation, reading
