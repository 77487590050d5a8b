"""Readings round 9 of issue 20 fixed: what the eighth and ninth blind sets' dev halves read wrong (an agent that
ran its own tools, wrong read-backs, a terse chat widget, a polite indirect agent, structured lists; recaps in many
registers, facts by description, follow-ups, an agent correcting itself, long answers with a buried ask), read
here in new sentences of the same kinds, written for this test.

- A number and its unit are one value however they are spaced ("750 ml" is the user's "750ml").
- An order line read back ends where its price or a remark on it begins ("1 x Tiramisu: $8.00", "…, which comes to
  $13.00"); a price inside its brackets ("(large +$1.00)") is not where it ends.
- An emoji after a word ends a sentence ("… from here 😕 want me to pass you on?").
- A value among the options of a question ("which plan: Basic or Premium?") is asked, not read back.
- An identifier among no others of its kind is stated, not offered ("- Line 415-555-0163, customer C1002").
- A sentence that puts an ask off ("no need to dig it up just yet", "I'll ask for it when we get there") asks
  nothing, and a sentence that ends "… is what I'd need" asks.
- The items under "What I've handed over:" report, and the way to a screen ("open Settings > Apps > Messages")
  is part of the steps taken there; neither is an ask the user cannot place.
- "can't be undone." is no question; "Before anything else" offers no more help; "tell me a little about what's been
  going on" asks for the problem, not for a look at the device.
- A step withdrawn ("hold off on restarting the router", "leave the router alone for now") is not asked; "It'll
  show up on your phone for you to pay" asks nothing; "Can you confirm the line with no service is …?" checks a
  number; "I'd love to know whether the bars come back" asks for a look.
- "I'll now create a return" names the return; "a note about the plan change" names no action; "the card ending
  0574" ends nothing; "I'll recap the details for your go-ahead" asks for no yes yet.
- A plan laid out as a form ("FROM basic / TO premium") starts from its FROM line; the one identifier of its shape
  read back wrong is a misread wherever the message names it; the new address's ZIP is no wrong ZIP.
- The restaurant guest approves a line it is asked to add when the line is right, instead of reading the line as
  the whole order; an order number before a line ("Order #5301 (1 Cobb Salad …)") is no count.
- A change still needed ("needs … a move to Premium"), named as a thing ("the move to Premium") or as a gerund
  ("Moving to Premium takes effect …") is not done; "the move to Premium is complete" is.
- A question word after a dash starts a question of its own ("… - which colour and which size?"), and the items
  under "Here's a recap:" report.
- Every critical value of an action counts, also of one the task does not take (the plan a locked account should
  move to, taken from the user's fact of that name); of two actions one verb names ("add"), the one whose own value
  the ask states ("the full 2 GB") is meant; a table's "Current" column reads back nothing, its "New" column does;
  a size of one letter is read only where a size stands ("navy / S", not the "s" of "here's").
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports
from test_understanding_confirmations import probe_errors
from test_understanding_facts import _read
from test_understanding_unanswerable_round5 import _guest

_EXCHANGE = "exchange/name_zip/ok/W3146929"  # the Water Bottle for 750ml, teal
_UPGRADE = ("mock", "upgrade_plan")  # A101, Basic to Premium
_PIN = ("telecom", "[service_issue]lock_sim_card_pin")  # 415-555-0163, C1002
_SIM = ("telecom", "[service_issue]unseat_sim_card")
_VPN = ("telecom", "[mobile_data_issue]bad_vpn")
_WIFI = ("mock", "wifi_off")


@pytest.mark.parametrize("case", [
    ("retail", _EXCHANGE, "", "I can swap the Water Bottle on W3146929 for the teal one in 750 ml. Want me to "
     "submit the exchange?", "exchange_delivered_order_items", {"order_id": "W3146929"}),
    ("retail", _EXCHANGE, "", "I can swap the Water Bottle on W3146929 for the teal one in 500 ml. Want me to "
     "submit the exchange?", "exchange_delivered_order_items", None),
], ids=["750 ml", "500 ml"])
def test_a_number_and_its_unit_are_one_value(case) -> None:
    assert probe_errors(case) == []


@pytest.mark.parametrize(("task", "text"), [
    ("simple/03-crispy-calamari", "Your order: 1 × Crispy Calamari with spicy marinara, which comes to $13.00. Shall "
                                  "I send it to the kitchen?"),
    ("medium/03-bbq-chicken-pizza", "Before I send it:\n- 1 x BBQ Chicken Pizza (large +$3.00, classic crust, light "
                                    "sauce): $19.00\n- 2 x Diet Cola (medium) - $6.00\n\nReady to place?"),
])
def test_a_line_read_back_ends_at_its_price(task: str, text: str) -> None:
    assert _guest(task, "full", text)[:3] == ("confirm", [], [])


def test_the_guest_approves_a_line_it_is_asked_to_add() -> None:
    text = ("Apologies, I had the wrong burger down. Corrected: 1 Mushroom Swiss Burger, medium, on a brioche bun with "
            "aged cheddar and no yard sauce. Shall I add it to your order?")
    assert _guest("complex/03-mushroom-swiss-burger", "full", text)[:3] == ("approve", [], [])


@pytest.mark.parametrize("case", [
    ("mock", "locked_account_escalation", "", "A103 is locked so i can't move the plan from here 😕 want me to pass "
     "you to a colleague?", "transfer_to_human", {}),
    ("mock", "locked_account_escalation", "", "The account is locked, so I can't change the plan myself. Shall I "
     "hand you to a colleague with a note about the plan change?", "transfer_to_human", {}),
    ("mock", "upgrade_plan", "", "i've got A101 on file. which plan do you want: basic or premium?", None, None),
    ("mock", "upgrade_plan", "", "upgrade A101 to premium? can't be undone.", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
], ids=["emoji", "note about", "options asked", "can't be undone"])
def test_approvals(case) -> None:
    assert probe_errors(case) == []


def test_options_of_a_question_are_not_checked() -> None:
    reading = _read(_UPGRADE, "You're down as account A101 - is that right? And which plan: Basic or Premium?")
    assert [f.key for f in reading.asked] == ["plan"] and [f.key for f in reading.verified] == ["account_id"]
    assert not reading.confirmation


@pytest.mark.parametrize(("where", "text", "asked"), [
    (_PIN, "I've handed you over. The note says:\n- Line 415-555-0163, customer C1002\n- SIM asking for a PIN", []),
    (_PIN, "Is the line 415-555-0163, or another number?", ["phone_number"]),
    (_UPGRADE, "Once the router is back, I'll need your account ID for the plan. No need to dig it up just yet.", []),
    (_UPGRADE, "I'll need your account ID for the plan later on; I'll ask for it when we get there.", []),
    (_UPGRADE, "The account ID from your welcome email is what I'd need to get started.", ["account_id"]),
    (("retail", "cancel/email"), "Your order number would help me take a closer look.", ["order_id"]),
])
def test_facts_asked_put_off_and_stated(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == asked, text


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_SIM, "When it's back in, I'd love to know whether the signal bars return.", ("check_network_status",)),
    (_VPN, "Could you open Settings > Network > VPN and see whether one is active?", ("check_vpn_status",)),
    (_WIFI, "Sorry, I got ahead of myself - please hold off on restarting the router. Could you turn Wi-Fi on?",
     ("turn_on_wifi",)),
    (_WIFI, "We'll leave the router alone for now. Please switch Wi-Fi on.", ("turn_on_wifi",)),
    (_WIFI, "Could you tell me a little about what's been going on with your connection?", ()),
    (("telecom", "[service_issue]overdue_bill_suspension"), "It'll show up on your phone for you to pay.", ()),
    (("telecom", "[service_issue]airplane_mode_on"), "Can you confirm the line with no service is 206-555-0128?", ()),
])
def test_steps_asked_and_not(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    reading = _read(where, text)
    assert reading.tools == tools and not reading.unmatched, text


@pytest.mark.parametrize(("where", "text"), [
    (("mock", "locked_account_escalation"), "I'm passing you to a colleague now.\n\n**What I've handed over:**\n"
                                            "- Request: move to Premium\n- Account A103 (locked)"),
    (("telecom", "[mms_issue]break_app_both_permissions"), "Would you mind opening Settings > Apps > Messages > "
                                                           "Permissions? Then allow SMS there."),
    (_UPGRADE, "upgrade A101 to premium? can't be undone."),
])
def test_nothing_is_left_unplaced(where: tuple[str, str], text: str) -> None:
    assert not _read(where, text).unmatched, text


def test_before_anything_else_offers_no_more_help() -> None:
    assert not _read(_PIN, "Before anything else, is the phone showing any bars?").anything_else


@pytest.mark.parametrize(("where", "text", "action"), [
    (("ecommerce", "E204107/"), "I'll now create a return for order E204107 using your damage photo. Shall I go "
                                "ahead?", "create_return"),
    (("retail", "items/email/ok/W3111175"), "Swapping the Running Shorts on W3111175 to navy / XL; the difference "
                                            "goes to your card ending 0574. OK?", "modify_pending_order_items"),
    (("ecommerce", "E205741/installation"), "What date suits you? Once we've settled on one, I'll recap the details "
                                            "for your go-ahead.", None),
    (("retail", "address/"), "The new address is ready to go; I'll wait for your go-ahead before I update it.",
     "modify_pending_order_address"),
])
def test_the_action_named(where: tuple[str, str], text: str, action: str | None) -> None:
    reading = _read(where, text)
    assert (reading.action if reading.confirmation else None) == action, text


@pytest.mark.parametrize(("where", "previous", "text", "misread"), [
    (("mock", "router_off_and_downgrade"), "", "Here's the request:\n```\nACCOUNT   A104\nFROM      basic\n"
                                               "TO        premium\n```\nOkay to submit?", ["plan"]),
    (("mock", "router_off_and_downgrade"), "", "Here's the request:\n```\nACCOUNT   A104\nFROM      premium\n"
                                               "TO        basic\n```\nOkay to submit?", []),
    (("mock", "cancel_subscription"), "", "Noted, A010. Just so I'm sure: that's the account you want closed?",
     ["account_id"]),
    (("retail", "address/name_zip/ok/W3139059"), "I can send order #W3139059 to 799 Willow Street, Oakdale, GA 20782. "
     "Shall I?", "My mistake, the ZIP is 20728. Shall I update the shipping address now?", []),
])
def test_values_read_back(where: tuple[str, str], previous: str, text: str, misread: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.misread) == misread, text
    assert (reading.values is not None) == (not misread), text


@pytest.mark.parametrize(("text", "reported"), [
    ("I'm handing you over with a note that A103 needs unlocking and a move to Premium.", False),
    ("A colleague can look at the lock on A103 and the move to Premium.", False),
    ("Moving to Premium takes effect straight away, and the new price starts next month.", False),
    ("Done - the move to Premium is complete.", True),
    ("You're on Premium now.", True),
])
def test_a_change_still_needed_or_described_is_not_done(text: str, reported: bool) -> None:
    assert bool(milestone_reports(text, ["premium"])) == reported, text


@pytest.mark.parametrize(("where", "text", "asked"), [
    (("retail", "items/email/ok/W3125314"), "Which item would you like to swap, and what should the new one be - which "
                                            "colour and which size?", ["item", "new_options"]),
    (("retail", "exchange/"), "All done! Here's a recap:\n- Sending back: the earbuds\n- Receiving: the jet, standard "
                              "case pair", []),
])
def test_a_second_question_word_and_a_recap(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == asked, text


def test_an_order_number_is_no_count() -> None:
    text = "You're all set! Order #5301 (1 Cobb Salad with honey mustard) has been placed. Anything else?"
    assert _guest("simple/04-cobb-salad", "full", text)[2] == []


_LOCKED = ("mock", "locked_account_escalation")  # A103 to Premium, which only a human may do
_REFUEL_TASK = ("[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off|data_usage_exceeded|"
                "user_abroad_roaming_disabled_on")  # C1001, 312-555-0147, 2 GB; roaming too
_SHORTS = ("retail", "items/email/ok/W3125314")  # Running Shorts to black, S


@pytest.mark.parametrize("case", [
    ("mock", "locked_account_escalation", "", "Before I touch anything: you'd like A103 moved to the Basic plan, "
     "correct?", "change_plan", None),
    ("mock", "locked_account_escalation", "", "Shall I move A103 to the Premium plan?", "change_plan",
     {"account_id": "A103", "plan": "premium"}),
    ("telecom", _REFUEL_TASK, "Line 312-555-0147 (customer C1001) has used all 15 GB. I can add up to 2 GB at $5.00 "
     "per GB.", "Shall I add the full 2 GB", "refuel_data",
     {"customer_id": "C1001", "phone_number": "312-555-0147", "gigabytes": 2.0}),
    ("retail", _SHORTS[1], "", "I can make this change on W3125314:\n\n| Item | Current | New |\n|---|---|---|\n"
     "| Running Shorts | Navy / S | Black / M |\n\nPlease confirm before I submit the change.", "modify_pending_order_items",
     None),
    ("retail", _SHORTS[1], "", "I can make this change on W3125314:\n\n| Item | Current | New |\n|---|---|---|\n"
     "| Running Shorts | Navy / M | Black / S |\n\nPlease confirm before I submit the change.", "modify_pending_order_items",
     {"order_id": "W3125314"}),
], ids=["other plan, action not taken", "its plan", "a value only one action takes", "new column wrong",
        "new column right"])
def test_critical_values_of_every_action(case) -> None:
    assert probe_errors(case) == []
