"""The question mood without a question mark (issue 20, metamorphic round): agents in a hurry drop the "?" ("Which
order would you like to return") or end a question with a full stop ("Shall I go ahead."). The understanding reads a
sentence's mood from its word order — an inverted auxiliary and its subject after a lead clause, a colon or a dash,
a tag question (", right"), an elliptical "Ready for me to …", a wh-word as a determiner before a modal — and then
reads the question exactly as if its mark were there. Statements that share those words stay statements: a
pseudo-cleft ("What's happening is …"), a subjectless "Will do", the imperative "Have your number handy", a
condition ("Should you need anything, …"), a relative clause ("…, which is still pending").

Every sentence here was written for this test (none is a line of the corpus).
"""

from __future__ import annotations

import pytest
from test_understanding_facts import _read_any
from test_understanding_rewrites import _label as _label_first_reply

from pytest_mmtau.judge._labels import TurnLabels
from pytest_mmtau.understanding import Reading
from pytest_mmtau.understanding._text import is_question, segments


def _read(domain: str, prefix: str, text: str) -> Reading:
    return _read_any((domain, prefix), text)


def _label(domain: str, prefix: str, text: str) -> TurnLabels:
    return _label_first_reply((domain, prefix), text)


# ---------------------------------------------------------------------------------------------- the mood itself

QUESTIONS = [
    # a question clause after a lead clause, a colon or a dash
    "I've found the Desk Lamp on your order - did I read the variant right",
    "The new card ends in 4417 - have I got that down correctly.",
    "I'll put the refund back on your Visa — would you like me to go ahead.",
    "Your plan renews on the 3rd, is that the date you had in mind",
    "Since the parcel already left the warehouse, can we look at a return instead",
    "Before I touch anything on the account: are you the account holder",
    "One last check: is your billing ZIP still 60614",
    "The tablet ships in two colours, which would you prefer",
    "So that's the Standard plan, and would you like it from today",
    # tag questions
    "The order you mean is #W5550123, right",
    "Your birthday is 4 May 1986 - correct.",
    # elliptical asks to go on, with a full stop for the mark
    "Ready for me to send the payment link.",
    "Everything's lined up. Ready to submit the exchange.",
    # a wh-word as the subject's determiner, or with an adjective, before a modal
    "Which delivery slot would suit you best.",
    "What name should go on the invoice",
    "How soon would you need the technician",
    "Anything else I can look at for you today",
    "Quick one for the burger: what size",
    "How may I help you this afternoon.",
    "Which items are you sending back, and why",
    "About the dropped calls - what exactly happens when you dial out",
    "Open the APN list, and what does the MMSC field under the ticked entry say",
    "Friday at 10 for the engineer. Sound good",
    # a wh-word as the subject's determiner before "be" or "do" (found by a synonym with the mark dropped)
    "Which mobile number is your Brightcart account linked to.",
    "What e-mail address is associated with the booking",
    "First, which cell number is the account registered under",
    "What billing postcode does the card use.",
]

STATEMENTS = [
    "What's happening is that roaming is switched off on your line.",
    "What's left is the refund, which goes out today.",
    "Will do - I've noted the new address.",
    "Could be a problem with the SIM tray.",
    "Have your order number handy in case the courier asks.",
    "Should you need anything else, I'm here.",
    "I can see order #W5550123, which is still pending.",
    "Your parcel was delivered on Monday, and the receipt is in your inbox.",
    "The technician will call, right before arriving.",
    "What you could do is restart the phone once more.",
    "Anything else is covered by the standard warranty.",
    "Which bundle works out cheaper really depends on how many lines you have.",
    "Your deposit is $80, and how much comes back depends on the inspection.",
    "It's already been refunded, which is the quickest route.",
    "The label is attached, as is the receipt.",
    "The roaming pass - how much it costs depends on the country.",
    "It's been shipped, and what's more, the refund is already on its way.",
    "Sounds good, I'll book Friday at 10.",
    # pseudo-clefts whose wh-clause has a verb or a subject of its own
    "What usually fixes this is a quick restart.",
    "What worked for other customers was resetting the APN.",
    "What the tracking page shows is the last scan.",
    "What this means is that the refund is already on its way.",
    "What remains is the delivery fee of $4.99.",
    "Which means the order is already with the courier.",
    "What a relief that is!",
    "Which plans are eligible depends on your contract.",
]


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_question_without_its_mark_is_a_question(text: str) -> None:
    last = segments(text)[-1]
    assert last.question and last.asks, text
    assert last.text.endswith("?")  # read as if it were written with its mark


@pytest.mark.parametrize("text", STATEMENTS)
def test_a_statement_with_a_question_word_stays_a_statement(text: str) -> None:
    assert not any(s.question for s in segments(text)), text


RUN_ONS = [
    # (message with its question mark dropped before the next sentence, the sentences it is read as)
    ("Which size should I switch it to If you're not sure, the guide is on the product page.",
     ["which size should i switch it to?", "if you're not sure, the guide is on the product page."]),
    ("What time suits you for the visit We have mornings free all next week.",
     ["what time suits you for the visit?", "we have mornings free all next week."]),
    ("Do you still have the box Please keep it for the courier.",
     ["do you still have the box?", "please keep it for the courier."]),
    ("Look right to you Just say yes and I'll send it.", ["look right to you?", "just say yes and i'll send it."]),
]


@pytest.mark.parametrize(("text", "sentences"), RUN_ONS)
def test_a_dropped_question_mark_still_ends_the_question(text: str, sentences: list[str]) -> None:
    assert [s.text for s in segments(text)] == sentences


@pytest.mark.parametrize("text", [
    "Would you like me to turn on Do Not Disturb for you",  # a name in title case is no new sentence
    "Is it the Black or the White one you ordered",
])
def test_a_capitalised_name_inside_a_question_does_not_cut_it(text: str) -> None:
    assert len(segments(text)) == 1 and is_question(segments(text)[0].text)


# ------------------------------------------------------------------------------- what the unmarked question asks

R_CANCEL = ("retail", "cancel/email/ok/W3125736")
R_EXCHANGE = ("retail", "exchange/email/ok/W3110919")
E_INSTALL = ("ecommerce", "E205810/")
M_CANCEL = ("mock", "cancel_subscription")
T_ROAMING = ("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_on")

# (task, message, the action it asks to approve, or None)
APPROVALS = [
    (R_CANCEL, "Order #W3125736 is still pending - shall I cancel it now.", "cancel_pending_order"),
    (R_CANCEL, "I can cancel #W3125736 straight away — would you like me to go ahead", "cancel_pending_order"),
    (E_INSTALL, "I'll book the installation for March 20 on E205810 — is that alright with you.",
     "schedule_installation"),
    (T_ROAMING, "Roaming is free on your plan - would you like me to switch it on for 312-555-0147",
     "enable_roaming"),
    (M_CANCEL, "The subscription on A100 can be ended today. Ready for me to cancel it.", "cancel_subscription"),
    # (one action or leaving things be is whether to act)
    (M_CANCEL, "What would you like to do next - cancel it, or keep it running", "cancel_subscription"),
    # hard negatives: the question before the dash asks which, the tail is an aside; no one value is proposed
    (E_INSTALL, "Could you tell me which date works - we have slots from March 4", None),
    (E_INSTALL, "Is there a particular day that works best for the installation", None),
    (R_EXCHANGE, "Would a refund or a store credit help more", None),
]


def _with_mark(text: str, mark: str) -> str:
    """The message as written, or with its question mark put back (the reading must not change)."""
    return text.rstrip(" .") + "?" if mark else text


@pytest.mark.parametrize("mark", ["", "?"])
@pytest.mark.parametrize(("where", "text", "action"), APPROVALS)
def test_an_unmarked_question_to_approve_is_an_approval(where: tuple[str, str], text: str, action: str | None,
                                                        mark: str) -> None:
    text = _with_mark(text, mark)
    reading = _read(*where, text)
    assert (reading.action if reading.confirmation else None) == action, text
    assert _label(*where, text).confirmation_request == (action is not None), text


# (task, message, a read-back to check)
CHECKS = [
    (R_EXCHANGE, "Your email is aisha.kovacs@example.com, right", True),
    (R_EXCHANGE, "Before I set up the exchange, is your email still aisha.kovacs@example.com", True),
    (T_ROAMING, "So the line we're looking at is 312-555-0147 - is that right.", True),
    # hard negatives: the wh-word is what is right, or the wish is for information
    (R_EXCHANGE, "Which of these two numbers is right", False),
    (("mock", "upgrade_plan"), "Would you like the details of the Premium plan first", False),
]


@pytest.mark.parametrize("mark", ["", "?"])
@pytest.mark.parametrize(("where", "text", "check"), CHECKS)
def test_an_unmarked_read_back_is_a_check_of_values(where: tuple[str, str], text: str, check: bool,
                                                    mark: str) -> None:
    text = _with_mark(text, mark)
    reading = _read(*where, text)
    assert reading.verification == check and not reading.confirmation, (text, reading)


@pytest.mark.parametrize("mark", ["", "?"])
def test_a_device_state_question_with_or_is_no_choice(mark: str) -> None:
    # what the user's phone shows is a step of theirs, not information the agent needs
    text = _with_mark("Is Data roaming on or off on your phone right now", mark)
    assert not _read(*T_ROAMING, text).clarification
    assert not _label(*T_ROAMING, text).clarification


@pytest.mark.parametrize("mark", ["", "?"])
@pytest.mark.parametrize("text", [
    "Which order are you asking about - the one from March or the one from April.",
    "What's the reason for cancelling: no longer needed, or ordered by mistake",
])
def test_an_unmarked_question_for_a_fact_asks_for_it(text: str, mark: str) -> None:
    text = _with_mark(text, mark)
    reading = _read(*R_CANCEL, text)
    assert reading.asked and not reading.confirmation, text


@pytest.mark.parametrize("mark", ["", ".", "?"])
@pytest.mark.parametrize(("text", "fact"), [
    ("What e-mail address is associated with your account", "email"),
    ("Which e-mail is the order under", "email"),
])
def test_an_unmarked_question_names_its_fact_by_a_synonym(text: str, fact: str, mark: str) -> None:
    # the synonym is read as the fact with or without the mark, as the fact's own name is
    assert [f.key for f in _read(*R_CANCEL, _with_mark(text, mark)).asked] == [fact], text


@pytest.mark.parametrize("mark", ["", "?"])
@pytest.mark.parametrize("text", [
    "Just to double-check, is a full refund what you'd like",
    "Before I go ahead: is a cancellation of #W3125736 what you want",
])
def test_an_ask_to_approve_is_no_question_of_what_the_user_needs(text: str, mark: str) -> None:
    # answered yes or no, though it ends in "what you want"
    reading = _read(*R_CANCEL, _with_mark(text, mark))
    assert reading.confirmation and not reading.goal_question, text


R_ADDRESS = ("retail", "address/email/ok/W3135709")

# (task, message, the action a plan read back under "To confirm:" asks to approve, or None): the agent's own action
# in its bare form is a plan laid out for a yes, with or without a question mark; what was done, or a step of the
# user's, is not
PLANS = [
    (R_ADDRESS, "To confirm, update order #W3135709 to ship to 836 Birch Boulevard, Brookfield, WI 33868.",
     "modify_pending_order_address"),
    (R_CANCEL, "Just to confirm: cancel #W3125736 because it's no longer needed.", "cancel_pending_order"),
    (("telecom", "[service_issue]overdue_bill_suspension"),
     "To recap: send a payment request for bill B9001 to customer C1002.", "send_payment_request"),
    (R_ADDRESS, "To confirm, I've updated order #W3135709 to ship to 836 Birch Boulevard.", None),
    (R_CANCEL, "To confirm: cancelled on your request earlier today, refund on its way.", None),
    (R_CANCEL, "To confirm, tap the link in the email we just sent you.", None),
]


@pytest.mark.parametrize(("where", "text", "action"), PLANS)
def test_a_plan_read_back_under_to_confirm_asks_to_approve_it(where: tuple[str, str], text: str,
                                                              action: str | None) -> None:
    reading = _read(*where, text)
    assert (reading.action if reading.confirmation else None) == action, text
