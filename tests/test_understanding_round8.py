"""Readings round 8 of issue 20 fixed: what the seventh blind set (a troubleshooting agent deep in a conversation,
heavy-markdown replies, recaps before an action, facts asked and mentioned) and the dev half before it read wrong,
read here in new sentences of the same kinds, written for this test.

- A goal milestone is reported only by what is done. What the agent says it will do ("I'll switch you to Premium",
  "let me move you"), what a colleague could do ("a specialist who can unlock it and put you on Premium": the
  modal governs every verb joined to it by "and"), a change still asked for ("your request to move you to
  Premium"), one of alternatives ("Basic or Premium") and a row of a comparison table report nothing; a key and
  its value in a table still do. A date is reported however it is written ("Delivered on February 14, 2026").
- Nobody approves a look-up: "Just checking before I search for it: your number is …, right?" checks the value.
- "If so, I'll move on to …" after a check names the next topic, no action to approve.
- A sentence saying nothing is needed ("so nothing else is needed", "No need to send …") bids nothing, and a
  fact the user gave already ("the number you gave me is enough") is not asked again.
- "Does everything above look correct before I submit the change?" checks what is listed above it.
- A table's header row names its columns ("| Check | Result |" asks no check), and a heading that opens on a
  question of a few words ("## Slow data? Let's check your VPN") is a title.
- Wrong read-backs confirm nothing, for the user and the labeller: an extra line in a numbered order read-back, the
  user's own act read back with another item ("you're sending back the Electric Kettle"), and a target value beside
  the value the change starts from ("| Current plan | Premium |" above "| New plan | Basic |").
- Items laid out as alternatives ("Either of these works:" above them, "Whichever's easier for you!" below) ask for
  the facts they name, in a list or a table.
- "Is that all correct?" checks the order read back; it offers no more help. "Once you confirm, it'll be sent to the
  kitchen" waits on a yes, with the participle of any verb.
"""

from __future__ import annotations

import pytest

from typing import Any

from pytest_mmtau.understanding import milestone_reports, segments
from test_understanding_confirmations import probe_errors
from test_understanding_confirmations_round3 import _NONE, _PIZZA, _R_PIZZA, _RETURN, _W_RETURN
from test_understanding_facts import _read

_PREMIUM = ["premium"]


@pytest.mark.parametrize("text", [
    "I'll switch you over to Premium right away.",
    "We will move account A101 to Premium as soon as the payment clears.",
    "Let me move you to Premium.",
    "A specialist who can unlock the account and put you on Premium will take it from here.",
    "I've passed your request to move you to Premium to the accounts team.",
    "The plan you're after - Basic or Premium",
    "Quick comparison:\n\n| Plan | Price | Support |\n|---|---|---|\n| Basic | $12 | Email |\n| Premium | $25 | Chat |",
])
def test_what_is_not_done_reports_no_milestone(text: str) -> None:
    assert not milestone_reports(text, _PREMIUM), text


@pytest.mark.parametrize("text", [
    "All set - your account is now on Premium.",
    "Done: upgraded you to Premium.",
    "I've unlocked the account and moved it to Premium.",
    "Here's the result:\n\n| Field | Value |\n|---|---|\n| Plan | Premium |",
    "Your account is on Premium now, and you can use the new features today.",
])
def test_what_is_done_reports_the_milestone(text: str) -> None:
    assert milestone_reports(text, _PREMIUM), text


def test_a_value_in_a_table_of_several_rows_is_reported() -> None:
    text = "## Order placed!\n\n| | |\n|---|---|\n| Order # | **5301** |\n| Total | $4.50 |\n| Pickup | in 20 minutes |"
    assert milestone_reports(text, ["5301"])


@pytest.mark.parametrize(("text", "reported"), [
    ("It was delivered on February 14, 2026.", True),
    ("- ✅ Delivered **Feb 14, 2026** - left at your doorstep", True),
    ("Delivered on 14 February.", True),
    ("It was delivered on February 15, 2026.", False),
    ("If it isn't there by February 14, let me know.", False),
])
def test_a_date_is_reported_however_it_is_written(text: str, reported: bool) -> None:
    assert milestone_reports(text, ["2026-02-14"]) == reported, text


_INVOICE = ("ecommerce", "E206019/")  # phone 272-555-7588
_ORDER_ADDRESS = ("retail", "address/")


@pytest.mark.parametrize("text", [
    "Just checking before I search for it: the phone number on your account is 272-555-7588, right?",
    "Just confirming before I look it up - your number is 272-555-7588, correct?",
])
def test_a_check_before_a_look_up_is_no_approval(text: str) -> None:
    reading = _read(_INVOICE, text)
    assert not reading.confirmation and reading.verification, text


def test_the_next_topic_after_a_check_is_no_approval() -> None:
    text = ("I found an account under 272-555-7588.\n\n- Is that your number?\n"
            "- If so, I'll move on to the invoice question.")
    reading = _read(_INVOICE, text)
    assert not reading.confirmation and reading.verification


@pytest.mark.parametrize(("text", "asked"), [
    ("You'd normally need to confirm your order number for this - I already have it, so nothing more is needed.", []),
    ("No need to send your email address - the order number you gave me is enough.", []),
    ("The email you shared is enough on its own.", []),
    # (a bid beside it still asks, and a fact not yet given may suffice)
    ("No need for the order number, just send the email on the account.", ["email"]),
    ("Your email address would be enough.", ["email"]),
])
def test_what_is_not_needed_is_not_asked(text: str, asked: list[str]) -> None:
    reading = _read(_ORDER_ADDRESS, text)
    assert sorted(f.key for f in reading.asked) == asked and not reading.confirmation, text


@pytest.mark.parametrize("text", [
    "Does everything above look correct before I submit the change?",
    "Is everything listed above right? Then I'll submit the address change.",
])
def test_everything_above_is_checked_before_the_change(text: str) -> None:
    listed = "New shipping address for W3135709:\n- 836 Birch Boulevard\n- Brookfield, WI 33688\n\n"
    reading = _read(_ORDER_ADDRESS, listed + text)
    assert reading.confirmation and reading.action == "modify_pending_order_address", text


@pytest.mark.parametrize(("text", "asking"), [
    ("| Check | Result |\n|---|---|\n| Line status | Active |\n| Roaming | Enabled |", []),
    ("## Slow data? Let's look at it together\n\nIs a VPN connected on the phone?",
     ["let's look at it together", "is a vpn connected on the phone?"]),
    ("### Which plan would you like?\nBasic or Premium.", ["which plan would you like?"]),
])
def test_titles_and_column_names_ask_nothing(text: str, asking: list[str]) -> None:
    assert [s.text for s in segments(text) if s.asks] == asking


_UPGRADE = {"account_id": "A101", "plan": "premium"}
READ_BACKS: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    ("restaurant", _PIZZA, "", "Here's everything before I send it:\n1. 1 x BBQ Chicken Pizza (large, classic crust, "
     "light sauce)\n2. 2 x Diet Cola (medium)\n3. 1 x Garlic Knots\n\nLook right? I'll place it when you say go.",
     "place_order", _NONE),
    ("restaurant", _PIZZA, "", "Here's everything before I send it:\n1. 1 x BBQ Chicken Pizza (large, classic crust, "
     "light sauce)\n2. 2 x Diet Cola (medium)\n\nLook right? I'll place it when you say go.", "place_order", _R_PIZZA),
    ("retail", _RETURN, "", "To confirm the return on order #W3129434: you're sending back the Phone Case (black), and "
     "the refund goes to your original card. Can I go ahead and submit it?", "return_delivered_order_items", _NONE),
    ("retail", _RETURN, "", "To confirm the return on order #W3129434: you're sending back the Wireless Earbuds, and "
     "the refund goes to your original card. Can I go ahead and submit it?", "return_delivered_order_items",
     _W_RETURN),
    ("mock", "upgrade_plan", "", "Here's the change:\n\n| Field | Value |\n|---|---|\n| Account | A101 |\n"
     "| Current plan | Premium |\n| New plan | Basic |\n\nShall I submit it?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Here's the change:\n\n| Field | Value |\n|---|---|\n| Account | A101 |\n"
     "| Current plan | Basic |\n| New plan | Premium |\n\nShall I submit it?", "change_plan", _UPGRADE),
    ("mock", "upgrade_plan", "", "Here's what I'll do:\n1. Account A101\n2. Current plan: Basic -> new plan: Premium"
     "\n\nShall I make the switch?", "change_plan", _UPGRADE),
]


@pytest.mark.parametrize("case", READ_BACKS, ids=[c[3][:50] for c in READ_BACKS])
def test_wrong_read_backs_confirm_nothing(case: tuple[str, str, str, str, str | None,
                                                     dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


@pytest.mark.parametrize(("text", "closing"), [
    ("Is that all correct?", False),
    ("Is that everything right?", False),
    ("Is that all for today?", True),
])
def test_a_check_of_the_read_back_offers_no_more_help(text: str, closing: bool) -> None:
    assert _read(("restaurant", "medium/03-bbq-chicken-pizza"), text).anything_else == closing, text


def test_a_yes_awaited_in_the_passive_is_an_approval() -> None:
    text = "1 x BBQ Chicken Pizza (large, classic crust, light sauce) and 2 x Diet Cola (medium). Once you confirm, " \
           "it'll be sent to the kitchen."
    reading = _read(("restaurant", "medium/03-bbq-chicken-pizza"), text)
    assert reading.confirmation and reading.action == "place_order"


@pytest.mark.parametrize(("text", "asked"), [
    ("Either of these works:\n\n| Option | What to send |\n|---|---|\n| A | The email on your account |\n"
     "| B | Your order number |\n\nWhichever's easier for you!", ["email", "order_id"]),
    ("You can verify with:\n- the email on your account\n- or your order number\n\nWhichever is quicker.",
     ["email", "order_id"]),
    # (a list of what the agent found, with no pick offered, asks nothing)
    ("Here's what I found:\n- the email on your account is verified\n- your order number matches", []),
])
def test_alternatives_laid_out_ask_their_facts(text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(_ORDER_ADDRESS, text).asked) == asked, text
