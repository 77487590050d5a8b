"""Readings round 19 of issue 20 fixed: what the nineteenth and twentieth blind sets' dev halves read wrong (facts
mentioned without being asked, steps talked about but not asked, asks the user cannot answer, approvals beside other
actions, help-desk macros, a diagnostic agent's readouts) and two dev misses older sets had left, read here in new
sentences of the same kinds, written for this test.

- A value held "down as" a fact and read back wrong is a misread, and "could you check that against your bill?"
  after it checks it (no ask for the value again); "is that spelled the way it should appear?" checks too.
- A value of two parts, each among options ("500ml or 750ml, in teal or coral"), is a choice asked.
- ", so what's the number …" asks on its own; a code of something else named before "it" ("the unlock code …, I'll
  release it") is what the user cannot place; "the number" said just before "send it over" is the one fact that is a
  number; "the ZIP for that new address" is part of the new address.
- Waiting is no step: "give the phone a minute to find the network", "hold off for a moment", "give me a minute to
  check …"; nor is a step for later ("then I'll ask you to restart"), of no use ("a restart now wouldn't help"), for
  another time ("if you travel again"), the agent's ("roaming needs to be switched on for the line"), the billing
  cycle ("Cycle resets: 1 June"), or a state in a readout beside other readings.
- Only a plug goes "back in": a SIM tray slid back in after powering down is no restart.
- Where a thing shows picks the look ("gone from the top of the screen"); "the bill number and amount it shows" reports
  a look; a step named by its gerund is what "could you give that a go?" asks; "tap Allow rather than Deny" allows.
- "let me know and I'll confirm it on my end" approves nothing; "nobody likes …, right?" is a remark; "make the swap"
  names the change; "I always wait for your okay" is a habit.
- A decline is waived for what cannot be undone, for a setting only the user's phone holds, and after "if it's not
  allowed"; "there's nothing I can book for it" declines.
"""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_ROUTER_PLAN = ("mock", "router_off_and_downgrade")
_LOCKED = ("mock", "locked_account_escalation")
_INVOICE = ("ecommerce", "E206019/invoice")
_TRACKING = ("ecommerce", "E206433/logistics")
_EXCHANGE = ("retail", "exchange/name_zip/ok/W3146929")
_ADDRESS = ("retail", "address/name_zip/ok/W3130536")
_CANCEL = ("retail", "cancel/name_zip/ok/W3104595")
_ITEMS = ("retail", "items/name_zip/ok/W3112859")
_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")
_SIM = ("telecom", "[service_issue]unseat_sim_card")
_BILL = ("telecom", "[service_issue]overdue_bill_suspension")
_DATA_OFF = ("telecom", "[mobile_data_issue]data_mode_off")
_VPN = ("telecom", "[mobile_data_issue]bad_vpn")
_ABROAD = ("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_on")
_STORAGE = ("telecom", "[mms_issue]break_app_storage_permission")
_CONTRACT = ("telecom", "[service_issue]contract_end_suspension")


def test_a_value_held_down_as_a_fact_and_read_back_wrong() -> None:
    reading = _read(_ROUTER_PLAN, "I've got your account down as A014. Can you check that against your statement?")
    assert [f.key for f in reading.misread] == ["account_id"] and not reading.asked, reading
    assert reading.clarification and not reading.unmatched, reading


@pytest.mark.parametrize(("value", "verified", "misread"), [("Harbor Print Inc", [], ["invoice_title"]),
                                                              ("Harbor Print Ltd", ["invoice_title"], [])])
def test_spelled_the_way_it_should_appear(value: str, verified: list[str], misread: list[str]) -> None:
    reading = _read(_INVOICE, f"I've recorded the invoice title as {value}. Is that spelled the way it should appear?")
    assert ([f.key for f in reading.verified], [f.key for f in reading.misread]) == (verified, misread), reading
    assert not reading.asked, reading


@pytest.mark.parametrize(("where", "text", "asked"), [
    (_EXCHANGE, "Which capacity and colour should the new bottle be: 500ml or 750ml, in teal, coral or graphite?",
     ["new_options"]),
    (_TRACKING, "Accounts here are found by phone, so what's the number you shopped with?", ["phone_number"]),
    (_AIRPLANE, "If the number isn't in your head, it's on the packaging your SIM came in. Once you've got it, send it "
                "across and I'll look up the line.", ["phone_number"]),
    (_ADDRESS, "Thanks, I have 308 Juniper Path, Harrow Bay, ME. What's the ZIP for that new address?",
     ["new_address"]),
    (_CANCEL, "W3104595 can still be cancelled. Which is closer: you no longer need it, or it was placed by mistake?",
     ["reason"]),
])
def test_facts_asked(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert [f.key for f in _read(where, text).asked] == asked, text


def test_a_code_of_something_else_before_it() -> None:
    reading = _read(_LOCKED, "A103 is locked, which is why the plan can't change yet. If you can give me the six-digit "
                             "unlock code from your welcome letter, I'll try to release it.")
    assert not reading.asked and reading.unmatched, reading


@pytest.mark.parametrize(("where", "text"), [
    (_AIRPLANE, "Once that's done, give the phone a couple of minutes to find the network."),
    (_ABROAD, "I'm double-checking the roaming setting on your line, so hold off for a moment."),
    (_SIM, "Give me a minute to check how your line is set up on our side."),
    (_BILL, "When the payment clears, I'll resume the line and then I'll ask you to restart the phone."),
    (_BILL, "Please don't restart it yet: a restart right now wouldn't change anything."),
    (_ABROAD, "If you travel again, you'll want to turn data roaming on before you land."),
    (_ABROAD, "To use data abroad, roaming needs to be switched on for the line."),
    (("telecom", "[mobile_data_issue]data_usage_exceeded"), "Plan: Basic 5\nCycle resets: 1 June"),
    (_DATA_OFF, "Please leave the APN settings exactly as they are."),
])
def test_no_step_now(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.tools and not reading.unmatched and not reading.asked, reading


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_SIM, "Power the handset off, ease the tray out, lay the card flat and slide the tray back in.",
     ("reseat_sim_card",)),
    (_SIM, "Now tell me whether 'No SIM' has gone from the top of the screen.", ("check_status_bar",)),
    (_BILL, "Could you open the payment request and read me the bill number and amount it shows?",
     ("check_payment_request",)),
    (_DATA_OFF, "Open Settings > Mobile Service and make sure the Mobile Data switch near the top of that page is "
                "green.", ("turn_on_mobile_data",)),
    (_VPN, "Server: relay-3.example\nData saver: off\nLine: active\n\nPlease disconnect the VPN.", ("disconnect_vpn",)),
    (("telecom", "[service_issue]break_apn_settings"), "The usual cure is resetting the APN. Could you give that a go?",
     ("reset_apn_settings",)),
    (_STORAGE, "A box will ask whether Messages may use your photos and media - please tap Allow rather than Deny.",
     ("grant_storage_permission",)),
    # guards: a step with a fallback, a step instead of another, states to set in a list of steps
    (_BILL, "Restart the phone - if that doesn't help, we'll try something else.", ("reboot_device",)),
    (_SIM, "Instead of restarting, reseat the SIM.", ("reseat_sim_card",)),
    (_VPN, "Please set these:\nAirplane mode: off\nMobile data: on", ("turn_off_airplane_mode", "turn_on_mobile_data")),
])
def test_steps(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


def test_the_agents_own_check_approves_nothing() -> None:
    reading = _read(_BILL, "I've sent the payment request for bill B9001. Check whether it has arrived, and if it has, "
                           "go ahead and pay it. Then let me know and I'll confirm it on my end.")
    assert reading.tools == ("check_payment_request", "pay_payment_request"), reading
    assert not reading.confirmation and not reading.asked, reading


def test_a_remark_with_a_tag_approves_nothing() -> None:
    reading = _read(_CONTRACT, "Nobody enjoys being passed along, right? I'm transferring you now to a colleague who "
                               "can sort out the contract.")
    assert not reading.confirmation and not reading.unmatched and reading.escalation, reading


@pytest.mark.parametrize(("where", "text", "action"), [
    (_ITEMS, "The white Desk Lamp is in stock, so #W3112859 can switch to it. The address change is separate; "
             "I'll do it next. For the lamp, just say the word and I'll make the swap.", "modify_pending_order_items"),
    (_ROUTER_PLAN, "A plan change is permanent, so I always read it back and wait for your okay before touching "
                   "anything.", None),
])
def test_which_action_is_approved(where: tuple[str, str], text: str, action: str | None) -> None:
    reading = _read(where, text)
    assert (reading.action if reading.confirmation else None) == action, reading


@pytest.mark.parametrize(("where", "text", "refusal"), [
    (_STORAGE, "See whether Storage is listed as allowed. If it's not allowed, tap it and choose Allow.", False),
    (_ROUTER_PLAN, "Heads up: plan changes can't be rolled back by me once they're made. Shall I go ahead?", False),
    (_STORAGE, "I can't change app permissions from my end; they live on your phone. Could you open them?", False),
    (("ecommerce", "E206140"), "The Air Fryer has no installation service, so there's nothing I can book for it.",
     True),
])
def test_declines(where: tuple[str, str], text: str, refusal: bool) -> None:
    assert _read(where, text).refusal == refusal, text
