"""Probes of meaning-keeping rewrites (issue 20, the metamorphic round): fresh agent messages written for this test,
not taken from the understanding corpus, in the ways benchmarks/understanding_variants.py varies a message.

* A courtesy after (or instead of) an ask — "No rush at all, take your time.", "Rest assured …", "Feel free to
  reach out if …", "Have a great evening!" — bids the user do nothing it can give or do: the simulated user must not
  call it an ask it does not understand (that turns a trial inconclusive) and the labeller must not count it as a
  clarification. Hard negatives: the same verbs with a thing to give or do ("take a moment to check …", "feel free
  to share the order number") still ask.
* A message's sentences set as a bulleted or numbered list stay sentences: only an item that names what is wanted
  asks for it.
* Other wordings of one ask read alike: an ability question ("Would you be able to provide …"), a time clause before
  an ask, "you would like" for "you'd like", a value in bold, a softener ("If you don't mind, …").
"""

from __future__ import annotations

import pytest
from test_understanding_facts import _domain_anywhere as _domain
from test_understanding_facts import _read_any as _read

from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.judge._labels import TurnLabels
from pytest_mmtau.models import Persona, Transcript, Turn

R_EMAIL = ("retail", "cancel/email/ok")  # email, order_id, reason
R_ADDRESS = ("retail", "address/email/ok")  # email, order_id, new_address
E_INVOICE = ("ecommerce", "E206019")  # phone_number, order_id, invoice_title
T_LINE = ("telecom", "[service_issue]airplane_mode_on")  # phone_number, full_name, date_of_birth; phone tools
M_PLAN = ("mock", "upgrade_plan")  # account_id, plan
M_WIFI = ("mock", "wifi_off")
GYM = ("gym", "freeze")


def _label(where: tuple[str, str], text: str) -> TurnLabels:
    """The rule labeller's labels of the message as the agent's first reply."""
    name, prefix = where
    domain = _domain(name)
    task = next(t for t in domain.tasks if t.id.startswith(prefix))
    turns = (Turn(index=0, role="user", text=task.goal.request), Turn(index=1, role="agent", text=text))
    conv = Transcript(task=task, persona=Persona(name="probe"), domain=domain.name, turns=turns,
                      irreversible_tools=tuple(n for n, s in domain.tools.items() if s.irreversible),
                      tools=domain.tool_infos)
    return RuleLabeller().label_sync(conv).labels[1]


# ------------------------------------------------------------------ courtesies ask nothing
# (place, message, the facts asked): the message's asks are all understood, and a message that only states and
# reassures is no clarification
COURTESIES = [
    (R_EMAIL, "I've pulled up order W1234567 and it's still pending. No rush at all, take your time.", []),
    (R_EMAIL, "Your cancellation is being processed now. Take all the time you need.", []),
    (R_EMAIL, "What email is the account under? Take your time - there's no hurry.", ["email"]),
    (R_EMAIL, "Which order would you like to cancel? No rush.", ["order_id"]),
    (R_EMAIL, "Could you tell me why you'd like to cancel? Whenever suits you.", ["reason"]),
    (R_ADDRESS, "Please share the new shipping address. Rest assured, nothing ships before it's updated.",
     ["new_address"]),
    (R_ADDRESS, "The address change is saved. Feel free to reach out if anything else comes up!", []),
    (E_INVOICE, "The invoice request is in. Please don't hesitate to contact us with any other questions.", []),
    (E_INVOICE, "What phone number is on your account? Hang tight while I pull up the order afterwards.",
     ["phone_number"]),
    (M_PLAN, "I'm checking the plans on account A101 now. Bear with me, and don't worry about a thing.", []),
    (M_PLAN, "Your plan is now Premium. Enjoy the faster speeds, and have a wonderful evening!", []),
    (M_PLAN, "Could you give me your account ID? Happy to help however I can.", ["account_id"]),
    (GYM, "Your membership freeze is all set. Take care and stay well!", []),
    (T_LINE, "Thanks for confirming your identity. Sit tight - I'm looking at the line now.", []),
    (T_LINE, "I've reset the network settings on our side. Hold tight, and take all the time you need.", []),
    (E_INVOICE, "Your invoice is being generated. Please take your time; there's no rush at all.", []),
    (R_EMAIL, "The refund has been issued to your card. Take care, and enjoy the rest of your weekend!", []),
    (R_EMAIL, "Take your time with this. What's the email address on the order?", ["email"]),
    (R_EMAIL, "Why would you like to cancel? Thanks for bearing with me - no pressure at all.", ["reason"]),
    (R_EMAIL, "What's the reason for cancelling? Rest assured, we'll get this sorted for you.", ["reason"]),
    # an offer of further help answers no question before it
    (R_EMAIL, "What's the reason for the cancellation? I'm here if you need anything else.", ["reason"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), COURTESIES, ids=[c[1][:60] for c in COURTESIES])
def test_courtesies_ask_nothing(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert reading.unmatched == ()
    assert sorted(f.key for f in reading.asked) == sorted(facts)
    assert _label(where, text).clarification == bool(facts)


# a courtesy after the last step of a list is no option to decline, nor a step
STEPS_THEN_COURTESY = [
    (M_WIFI, "Here's what to try:\n1. Switch Wi-Fi on.\n2. Then check your connection and tell me what you see. "
             "No rush, take your time.", ("turn_on_wifi", "check_connection")),
    (M_WIFI, "Could you do these for me:\n- Turn on Wi-Fi\n- Check the connection status\n- No worries if it takes a "
             "minute.", ("turn_on_wifi", "check_connection")),
]


@pytest.mark.parametrize(("where", "text", "tools"), STEPS_THEN_COURTESY, ids=[c[1][:60] for c in STEPS_THEN_COURTESY])
def test_a_courtesy_after_steps_is_no_option_nor_step(where: tuple[str, str], text: str,
                                                      tools: tuple[str, ...]) -> None:
    reading = _read(where, text)
    assert not reading.confirmation
    assert reading.tools == tools
    assert reading.unmatched == ()


# the same verbs with a thing to give or do: still asks
STILL_ASKS = [
    (R_EMAIL, "Take a moment to check your confirmation email for the order number.", ["order_id"]),
    (R_EMAIL, "Take your time, and send me the order number once you've found it.", ["order_id"]),
    (R_EMAIL, "What's your email? Feel free to share the order number too, if it's handy.", ["email", "order_id"]),
    (R_EMAIL, "No worries - just send me the order number when you can.", ["order_id"]),
    (R_EMAIL, "Have a look at your receipt and tell me the order number.", ["order_id"]),
    (R_EMAIL, "Whenever you're ready, send over the email on the account.", ["email"]),
    (R_EMAIL, "Have a good look at your confirmation email and tell me the order number.", ["order_id"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), STILL_ASKS, ids=[c[1][:60] for c in STILL_ASKS])
def test_the_same_verbs_with_a_thing_to_give_still_ask(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == sorted(facts)
    assert _label(where, text).clarification


# ------------------------------------------------------------------ a message's sentences set as a list
# A list item that is a full sentence — a thanks, an acknowledgement, the agent's own step, a read-back, a clause
# with its subject and verb — says something; only an item naming a fact without its value asks for it.
LISTED_SENTENCES = [
    (R_EMAIL, "- Thanks, Morgan.\n- Order W7654321 is still pending, so it can be cancelled.\n- Why would you like to "
              "cancel it?", ["reason"]),
    (R_EMAIL, "1. Thank you for the email address.\n2. Let me pull up your orders.", []),
    (R_EMAIL, "- Got it.\n- Your order has not shipped yet.\n- Which order number is it, though?", ["order_id"]),
    (R_ADDRESS, "- No problem - I can help change the shipping address.\n- What email is the account under?",
     ["email"]),
    (R_ADDRESS, "- I'd be glad to update the address for you!\n- Could you share the email on the account?", ["email"]),
    (M_PLAN, "1. Thanks, Sam.\n2. Account A101 is currently on the Basic plan.\n3. Shall I look at the upgrade "
             "options with you?", []),
    (T_LINE, "- Thanks, Jordan Ellis, born 2 May 1990.\n- Let me take a look at your line.", []),
    (T_LINE, "- Since you're travelling, your line already has roaming switched on from our side.\n- The last step "
             "is on your phone.", []),
    (E_INVOICE, "- Thanks for sending that over.\n- The invoice will go to the phone number on the order.", []),
]


@pytest.mark.parametrize(("where", "text", "facts"), LISTED_SENTENCES, ids=[c[1][:60] for c in LISTED_SENTENCES])
def test_sentences_set_as_a_list_ask_only_what_they_ask(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == sorted(facts)


# hard negatives: items that name what is wanted (a noun and its relative clause, a bare label) still ask
LISTED_ASKS = [
    (R_EMAIL, "To cancel, I'll need:\n- The email you signed up with\n- The order number you'd like cancelled",
     ["email", "order_id"]),
    (R_EMAIL, "Please send me:\n1. Your email address.\n2. The reason for cancelling.", ["email", "reason"]),
    (R_ADDRESS, "- Of course!\n- To find your account, please provide the email on file.\n- I'll then need the new "
                "shipping address.", ["email", "new_address"]),
    (E_INVOICE, "Two things, please:\n- the phone number on the account\n- the title the invoice should carry",
     ["invoice_title", "phone_number"]),
    (R_EMAIL, "I need these:\n- The email that is linked to your account\n- The order number", ["email", "order_id"]),
    (R_EMAIL, "Here is what I found:\n- The order that was placed last week is W1234567\n- It has shipped", []),
]


@pytest.mark.parametrize(("where", "text", "facts"), LISTED_ASKS, ids=[c[1][:60] for c in LISTED_ASKS])
def test_items_naming_what_is_wanted_still_ask(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == sorted(facts)


# ------------------------------------------------------------------ other wordings of the same ask
R_ITEMS = ("retail", "items/name_zip/ok")  # name, zip, order_id, item (Desk Lamp), new_options
FOOD = ("restaurant", "simple/01-cold-brew")
T_MMS = ("telecom", "[mms_issue]")

# a question for information framed as the user's ability or willingness asks for it, even when it names a value
# (an example, the item it is about): no approval, no check of values read back
ABILITY_ASKS = [
    (T_LINE, "Would you be able to share the phone number on the account, e.g. 312-555-0100?", ["phone_number"]),
    (T_LINE, "Are you able to tell me the full name on the account?", ["full_name"]),
    (R_ITEMS, "Would you be able to tell me what colour you'd like the Desk Lamp in instead?", ["new_options"]),
    (R_EMAIL, "Would you mind sharing the order number, e.g. W1234567?", ["order_id"]),
    (R_EMAIL, "Is it possible for you to send me the email address you ordered with?", ["email"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ABILITY_ASKS, ids=[c[1][:60] for c in ABILITY_ASKS])
def test_an_ability_question_for_information_asks_for_it(where: tuple[str, str], text: str,
                                                         facts: list[str]) -> None:
    reading = _read(where, text)
    assert not reading.confirmation and not reading.verification
    assert sorted(f.key for f in reading.asked) == sorted(facts)
    assert not _label(where, text).confirmation_request


# hard negatives: a value read back for a yes still asks to check it
ABILITY_CHECKS = [
    (R_EMAIL, "Would you be able to confirm your email is jo.kim@example.com?"),
    (T_LINE, "Could you confirm the number on the account is 206-555-0128?"),
]


@pytest.mark.parametrize(("where", "text"), ABILITY_CHECKS, ids=[c[1][:60] for c in ABILITY_CHECKS])
def test_a_value_read_back_still_asks_to_check_it(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert reading.confirmation or reading.verification


def test_a_time_clause_before_an_ask_belongs_to_the_ask() -> None:
    """"whenever you are ready, tell me what …" asks what to order; the agent's "I will be taking your order" is no
    step waiting on a yes (while "We will send it to the kitchen once you are ready." is)."""
    asks = _read(FOOD, "Good evening! I will be taking your order tonight - whenever you are ready, tell me what you "
                       "would like to start with.")
    assert not asks.confirmation and asks.clarification
    waits = _read(FOOD, "That's one small Cold Brew. We will send it to the kitchen once you are ready.")
    assert waits.confirmation


CONDITIONS = [
    # a condition that something is missing states what follows; a missing thing stated asks for it
    (T_LINE, "Picture messages need an MMSC entry. If it is missing, MMS fails even though texts work.", []),
    (T_LINE, "When the APN is missing, data stops working - that's the usual cause.", []),
    (T_LINE, "Your date of birth is still missing.", ["date_of_birth"]),
    (T_LINE, "Thanks, Jordan - the date of birth is required before I can go on.", ["date_of_birth"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), CONDITIONS, ids=[c[1][:60] for c in CONDITIONS])
def test_missing_in_a_condition_asks_nothing(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == sorted(facts)
    assert reading.unmatched == () and reading.tools == ()


# "you would like" is "you'd like": a which-question of the order is a choice to make
@pytest.mark.parametrize("text", ["What's the first item you would like?", "Which drink would you prefer?",
                                  "Which size you would like for the cold brew - small or large?"])
def test_which_you_would_like_asks_a_choice(text: str) -> None:
    assert _read(FOOD, text).clarification


# what the user wants a thing changed to is a value, not what the user needs help with
GOALS = [
    (R_ITEMS, "Could you tell me the order number, which item you would like to swap, and what you would like to "
              "change it to?", False),
    (R_ITEMS, "Let me know what you need help with today.", True),
    (R_ITEMS, "Please tell me what you would like to do with the order.", True),
]


@pytest.mark.parametrize(("where", "text", "goal"), GOALS, ids=[c[1][:60] for c in GOALS])
def test_what_you_would_like_changed_is_no_goal_question(where: tuple[str, str], text: str, goal: bool) -> None:
    assert _read(where, text).goal_question is goal


# ------------------------------------------------------------------ emphasis, softeners, invitations
E_INSTALL = ("ecommerce", "E205810")  # installation on 2026-03-13 for order E205810

# a value in bold or italics is the value: the confirmation of exactly that call stands
EMPHASISED = [
    "So that's the installation on the **13th** of March for order **E205810** - shall I book it?",
    "Just to confirm: installation on *Friday the 13th of March* for order `E205810`. Shall I go ahead?",
    "Shall I book the technician for __March 13__ on order E205810?",
]


@pytest.mark.parametrize("text", EMPHASISED, ids=[t[:60] for t in EMPHASISED])
def test_an_emphasised_value_is_the_value(text: str) -> None:
    reading = _read(E_INSTALL, text)
    assert reading.action == "schedule_installation"
    assert reading.values is not None and str(reading.values["date"]) == "2026-03-13"


# a softener or a courtesy with a condition of its own asks nothing by itself; what follows it decides
SOFTENED = [
    (M_PLAN, "If you don't mind, please hold while I transfer you to a colleague in billing.", [], True),
    (M_PLAN, "When you have a moment, please bear with me while I connect you to a human agent.", [], True),
    (R_EMAIL, "If you don't mind, please share the email address on the order.", ["email"], False),
    (R_EMAIL, "If possible, send me the order number as well.", ["order_id"], False),
    (R_EMAIL, "Why would you like to cancel?\n\nIf anything above is unclear, feel free to ask.", ["reason"], False),
    (R_EMAIL, "What's the reason for cancelling? I really appreciate your patience.", ["reason"], False),
]


@pytest.mark.parametrize(("where", "text", "facts", "hand_off"), SOFTENED, ids=[c[1][:60] for c in SOFTENED])
def test_a_softener_asks_nothing_by_itself(where: tuple[str, str], text: str, facts: list[str],
                                           hand_off: bool) -> None:
    reading = _read(where, text)
    assert reading.unmatched == ()
    assert sorted(f.key for f in reading.asked) == sorted(facts)
    assert reading.escalation is hand_off


# a reassurance after a check of values read back is no step of the agent's: the check stays a check
def test_a_reassurance_after_a_check_keeps_it_a_check() -> None:
    reading = _read(R_EMAIL, "Can you confirm your email is sam.lee@example.com? Rest assured, we'll get this sorted.")
    assert reading.verification and not reading.confirmation
