"""Readings round 7 of issue 20 fixed: what the fifth blind set (a voice agent, a tool-running framework agent, an
agent calming an upset customer) and the dev half before it read wrong, read here in new sentences of the same
kinds, written for this test.

- A speaking agent says its values in words: identifiers digit by digit after their spelled letters ("W three one
  four …", "C one zero zero two", "B as in Bravo"), phone numbers in groups, emails with "dot" and "at". They are
  the same values as written ones, for the user and for the labeller; a lone number word stays a word, and a
  wrong value said aloud is as wrong as a written one.
- "Harbor Print Limited" is Harbor Print Ltd (a company's legal form, spelled out or abbreviated).
- A first name after "Okay" reads back no surname ("Okay Daniel" is no wrong "Okafor").
- "I want to make sure I have the right account: …" is the agent's wish, not an offer to approve.
- "Reply **place it** and I'll send it to the kitchen", "Type 'upgrade' and I'll …": the words of assent spelled
  out, then the agent's step, ask for a yes; so does a step under way ("I'm putting you down for March 13 — does
  that work?").
- "This is required for plan modifications" asks for nothing it names after "for".
- "The address verification code" is a code, not the address.
- A bid for another time ("If it drops again, just give us a call back", "Should you have other questions, …")
  asks nothing now: the user has nothing to place.
- A transfer offered as a colleague taking over ("Would you rather have a specialist handle this?") asks to approve
  the transfer; an action named by its noun with a value of it under "just to confirm" ("installation on March
  13?") asks to approve that action; a bare verb after "ok" or "so" opens an action question.
- Another size after the right colour ("the sage one, also in large") reads the choice back wrong.
- "All back in?" asks whether the step is done; "Kindly wait" asks nothing; a "transaction reference" is a payment's,
  not the order number; a check "before I do that" waits on a yes.
- "What'll it be?", "What are we having tonight?" ask what to order; "Is there something specific going on?" what
  the user needs; "Have I resolved everything for you today?" offers more help.
- A return of another item than the user's ("return the backpack" for the earbuds), even lowercase and of one word,
  reads the item back wrong and confirms nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_mmtau.understanding._spoken_values import written_values
from test_understanding_confirmations import probe_errors
from test_understanding_confirmations_round3 import (_A101, _BILL, _CANCEL, _E_INVOICE, _INVOICE, _NONE, _PAYMENT,
                                                     _PIZZA, _R_PIZZA, _REFUEL, _ROAMING, _T_BILL, _T_REFUEL,
                                                     _T_RESUME, _T_ROAMING, _W_CANCEL, _W_PAYMENT)
from test_understanding_facts import _read


@pytest.mark.parametrize(("spoken", "written"), [
    ("the order is W three one four one eight oh five", "the order is W3141805"),
    ("customer C, one zero zero two", "customer C1002"),
    ("the photo I M G four six nine nine", "the photo IMG4699"),
    ("bill B as in Bravo, nine zero zero one", "bill B9001"),
    ("the line three one two, five five five, oh one four seven", "the line 312-555-0147"),
    ("account A one oh one", "account A101"),
    ("ending in double oh one eight", "ending in 0018"),
    ("it's greta dot alvarez seven one five at mailbox dot test", "it's greta.alvarez715@mailbox.test"),
    ("send it to j underscore lee at example dot co dot uk", "send it to j_lee@example.co.uk"),
    ("the year twenty twenty six", "the year 2026"),
    ("so that's account A, one, zero, four?", "so that's account A104?"),
    ("on Friday, March thirteenth, or April twenty first", "on Friday, March 13, or April 21"),
    # words that only look like a value stay words
    ("Oh one more thing: two chicken parm and one large ginger ale.", "Oh one more thing: two chicken parm and one "
                                                                      "large ginger ale."),
    ("I want one of the two.", "I want one of the two."),
    ("It takes two, three or four days.", "It takes two, three or four days."),
    ("You may the fourth time round", "You may the fourth time round"),
    ("We'll meet at the store.", "We'll meet at the store."),
    ("X as in the letter, not an id", "X as in the letter, not an id"),
])
def test_spoken_values_are_written(spoken: str, written: str) -> None:
    assert written_values(spoken) == written


# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    ("retail", _PAYMENT, "", "Alright, so I'd switch order W three one four one eight oh five over to PayPal, that's "
                             "PayPal seven three five seven nine one eight. Shall I do that?",
     "modify_pending_order_payment", _W_PAYMENT),
    ("telecom", _BILL, "", "Okay Daniel, I see bill B as in Bravo, nine zero zero one, on customer C one zero zero "
                           "two. Want me to send a payment request for it to your phone?", "send_payment_request",
     _T_BILL),
    ("telecom", _BILL, "", "Right, so I'll resume four one five, five five five, oh one six three on customer C one "
                           "zero zero two. Okay to go ahead?", "resume_line", _T_RESUME),
    ("mock", "upgrade_plan", "", "So that's account A one oh one, moving up to Premium. Should I make the change?",
     "change_plan", _A101),
    ("ecommerce", _INVOICE, "", "Okay, I'll issue the invoice for order E two zero six zero one nine, made out to "
                                "Harbor Print Limited. Good to go?", "issue_invoice", {"order_id": "E206019",
                                                                               "title": "Harbor Print Ltd"}),
    ("ecommerce", "E205810/", "", "Okay, I'm booking your installation on order E two zero five eight one zero for "
                                  "Friday, March thirteenth. Does that work for you?", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("restaurant", _PIZZA, "", "Here's the order: 1 large BBQ Chicken Pizza, classic crust, light sauce, and 2 medium "
                               "Diet Colas.\n\nReply **send it** and I'll pass it to the kitchen.", "place_order",
     _R_PIZZA),
    ("mock", "upgrade_plan", "", "Type 'upgrade' and I'll move A101 to Premium.", "change_plan", _A101),
    # a transfer offered as a colleague taking over
    ("ecommerce", _INVOICE, "", "Would you rather have a specialist handle this invoice? I can connect you right away.",
     "transfer_to_human_agents", {}),
    ("retail", _PAYMENT, "", "Would you like a colleague to take this over from here?", "transfer_to_human_agents", {}),
    # an action named by its noun, with a value of it, under "just to confirm"; a bare verb after "ok"
    ("ecommerce", "E205810/", "", "Just to double-check: the installation on E205810 for March 13 - is that the date "
                                  "you want?", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", "E205810/", "Your Wall Oven on order E205810 qualifies for free installation.",
     "Just to confirm - installation on Friday, March 13?", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("retail", _PAYMENT, "", "Okay, so switch W3141805 over to PayPal (paypal_7357918)?",
     "modify_pending_order_payment", _W_PAYMENT),
    # a check "before I do it" waits on the yes for the step the message before laid out
    ("retail", _PAYMENT, "So you want order #W3141805 moved from your card to PayPal.",
     "One last check before I do that: PayPal account paypal_7357918, right?", "modify_pending_order_payment",
     _W_PAYMENT),
    # an offer after a decline names its own action, not the one declined ("can't be changed")
    ("retail", _CANCEL, "", "That one can't be changed anymore. What I can do is cancel order #W3125736 outright. "
                            "Should I?", "cancel_pending_order", _W_CANCEL),
    # a wrong value said aloud confirms nothing
    ("telecom", _BILL, "", "Okay, that's bill B as in Bravo, nine zero zero two, on customer C one zero zero two. Send "
                           "the payment request?", "send_payment_request", _NONE),
    ("mock", "upgrade_plan", "", "So that's account A one one zero, moving up to Premium. Should I make the change?",
     "change_plan", _NONE),
    ("ecommerce", "E205810/", "", "Alright, I'm putting you down for installation on order E205810 on Thursday, March "
                                  "twelfth. Does that work?", "schedule_installation", _NONE),
]


@pytest.mark.parametrize("case", PROBES, ids=[c[3][:50] for c in PROBES])
def test_spoken_approvals_read_as_written_ones(case: tuple[str, str, str, str, str | None,
                                                           dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


_UPGRADE, _CANCEL_W3125736 = ("mock", "upgrade_plan"), ("retail", _CANCEL)
# approvals in forms a templated or GPT-style agent writes, all read alike (3 read wrong before round 7: "Reply Yes to
# proceed or No to cancel" approved a cancellation, "I need your explicit approval: …" nothing)
FORMS = [  # (domain and task, message, the action it approves, its values)
    (_UPGRADE, "Here's what I'll do:\n- Account: A101\n- New plan: "
               "Premium\n\nReply **Yes** to proceed or **No** to cancel.", "change_plan", _A101),
    (_UPGRADE, "Plan change summary\nAccount A101 → Premium\nType CONFIRM to continue.", "change_plan", _A101),
    (_UPGRADE, "I'm ready to move A101 to Premium. Proceed? (Y/N)", "change_plan", _A101),
    (_UPGRADE, "Does everything above look correct? Account A101, upgrading "
               "to Premium. If so, I'll submit it.", "change_plan", _A101),
    (_UPGRADE, "A101 will be upgraded to Premium once you give me a thumbs-up 👍", "change_plan", _A101),
    (_UPGRADE, "Quick confirmation needed: upgrade A101 to Premium?", "change_plan", _A101),
    pytest.param(_UPGRADE, "**Action:** Upgrade A101 to Premium\n**Your approval:** needed", "change_plan", _A101,
                 marks=pytest.mark.xfail(strict=True, reason="label: value rows with no verb of assent")),
    (_UPGRADE, "Before I make this change, I need your explicit approval: "
               "A101 from Basic to Premium.", "change_plan", _A101),
    (_UPGRADE, "Just say \"go\" and A101 moves to Premium.", "change_plan", _A101),
    (_UPGRADE, "I've prepared the upgrade of A101 to Premium - may I finalize it?", "change_plan", _A101),
    (_UPGRADE, "Would you like to confirm the upgrade of A101 to Premium?", "change_plan", _A101),
    (_UPGRADE, "Can you confirm you want A101 upgraded to Premium?", "change_plan", _A101),
    (_UPGRADE, "Please reply 'approve' to upgrade A101 to Premium.", "change_plan", _A101),
    (_UPGRADE, "Everything's set to upgrade A101 to Premium. Shall I hit submit?", "change_plan", _A101),
    (_UPGRADE, "Okay to lock in Premium for A101?", "change_plan", _A101),
    (_CANCEL_W3125736, "Cancellation of #W3125736 (reason: no longer needed) is "
                       "ready. Confirm?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "I'll need you to confirm: cancel #W3125736 because it's no "
                       "longer needed?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "To be 100% sure: you want order #W3125736 cancelled?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "So we're cancelling #W3125736 - correct?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "Cancelling #W3125736 now unless you'd rather keep it - ok?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "Are we good to cancel #W3125736?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "Do you still want to go through with cancelling #W3125736?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "If you're sure, I'll cancel #W3125736 - just confirm.", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "Final check before I cancel #W3125736: is that what you "
                       "want?", "cancel_pending_order", _W_CANCEL),
    (_CANCEL_W3125736, "#W3125736 - cancel? (this can't be undone)", "cancel_pending_order", _W_CANCEL),
    (("telecom", _ROAMING), "Roaming for 312-555-0147 (customer C1001): switch it on? "
                            "It's free.", "enable_roaming", _T_ROAMING),
    (("telecom", _ROAMING), "I'd like to turn roaming on for customer C1001's line "
                            "312-555-0147. Do I have your permission?", "enable_roaming", _T_ROAMING),
    (("telecom", _REFUEL), "2 GB for 206-555-0128 (customer C1003) - $12. Want it?", "refuel_data", _T_REFUEL),
    (("telecom", _REFUEL), "Ready to add 2 GB to 206-555-0128 on customer C1003 as soon "
                           "as you say so.", "refuel_data", _T_REFUEL),
    (("ecommerce", _INVOICE), "Invoice for E206019, titled Harbor Print Ltd - good to "
                              "generate?", "issue_invoice", _E_INVOICE),
]


@pytest.mark.parametrize(("where", "text", "action", "values"), FORMS)
def test_approval_forms_read_alike(where: tuple[str, str], text: str, action: str, values: dict[str, Any]) -> None:
    assert probe_errors((*where, "", text, action, values)) == []


_ORDER_ADDRESS = ("retail", "address/")


@pytest.mark.parametrize(("where", "text", "facts"), [
    (("mock", "upgrade_plan"), "Could you also give me the four-digit PIN? This is required for plan changes.", []),
    (("mock", "upgrade_plan"), "That is needed for any plan modification on a flagged account.", []),
    (_ORDER_ADDRESS, "Your new address is required before I can reroute it.", ["new_address"]),
])
def test_facts_asked_and_not(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == facts, text


def test_an_address_verification_code_is_no_address() -> None:
    reading = _read(_ORDER_ADDRESS, "Please read me the address verification code from the letter we sent.")
    assert "new_address" not in {f.key for f in reading.asked}


@pytest.mark.parametrize("text", [
    "I want to make sure I have the right account: your email is noor.rossi324@inbox.example.org, correct?",
    "Before I touch anything, I want to be sure I'm on the right profile. Is your email still "
    "noor.rossi324@inbox.example.org?",
])
def test_an_identity_check_is_no_approval(text: str) -> None:
    reading = _read(_ORDER_ADDRESS, text)
    assert not reading.confirmation and reading.verification, text


@pytest.mark.parametrize(("text", "asks"), [
    ("If it drops again, just give us a call back.", False),
    ("Should you have any other questions, feel free to reach out any time.", False),
    ("If the problem comes back, restart the router and try again.", False),
    ("If you have the order number handy, send it over.", True),
])
def test_a_bid_for_another_time_asks_nothing_now(text: str, asks: bool) -> None:
    reading = _read(_ORDER_ADDRESS, text)
    assert bool(reading.asked or reading.unmatched or reading.tools) == asks, text


@pytest.mark.parametrize("text", ["Everything plugged back in? Then tell me what the indicator shows.",
                                  "Your request is being processed by our system. Kindly wait."])
def test_nothing_the_user_cannot_place(text: str) -> None:
    reading = _read(("mock", "upgrade_plan"), text)
    assert not reading.asked and not reading.unmatched, text


@pytest.mark.parametrize(("where", "text", "kind"), [
    (("restaurant", "medium/03-bbq-chicken-pizza"), "Hey, thanks for calling. What are we having tonight?", "more_items"),
    (("restaurant", "medium/03-bbq-chicken-pizza"), "What'll it be?", "more_items"),
    (("restaurant", "medium/03-bbq-chicken-pizza"), "How hungry are we tonight?", "more_items"),
    (("mock", "upgrade_plan"), "Is there something specific going on with your account?", "goal_question"),
    (("retail", "address/"), "Have I resolved everything for you today?", "anything_else"),
])
def test_a_servers_and_a_helpers_questions_are_placed(where: tuple[str, str], text: str, kind: str) -> None:
    reading = _read(where, text)
    assert getattr(reading, kind) and not reading.unmatched, text


def test_a_transaction_reference_is_no_order_number() -> None:
    reading = _read(_ORDER_ADDRESS, "I'll need the transaction reference of your card payment for that.")
    assert "order_id" not in {f.key for f in reading.asked}


@pytest.mark.parametrize(("text", "wrong"), [
    ("So you'd like to swap the navy pillow for the sage one, also in large - is that right?", True),
    ("So you'd like to swap the large navy pillow for the sage one in small - is that right?", False),
])
def test_another_size_after_the_right_colour_is_a_misread(text: str, wrong: bool) -> None:
    misread = {f.key for f in _read(("retail", "exchange/name_zip/ok/W3148161"), text).misread}
    assert ("new_options" in misread) == wrong, text


_RETURN_EARBUDS = ("retail", "return/email/ok/W3129434")  # the user returns the Wireless Earbuds


@pytest.mark.parametrize(("text", "wrong"), [
    ("Shall I return the backpack on #W3129434?", True),
    ("Shall I go ahead and return the coffee grinder from order #W3129434?", True),
    ("Shall I return the earbuds on #W3129434?", False),
    ("Shall I return the item on #W3129434?", False),
    ("Shall I return the pair on #W3129434?", False),
])
def test_a_return_of_another_item_is_a_misread(text: str, wrong: bool) -> None:
    assert ("item" in {f.key for f in _read(_RETURN_EARBUDS, text).misread}) == wrong, text


@pytest.mark.parametrize("text", ["Okay Daniel, there's one overdue bill on your account.",
                                  "Alright Daniel, your line is suspended."])
def test_a_first_name_after_okay_is_no_misread(text: str) -> None:
    assert not _read(("telecom", _BILL), text).misread, text
