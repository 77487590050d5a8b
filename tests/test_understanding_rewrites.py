"""Probes of meaning-keeping rewrites (issue 20, the metamorphic round): fresh agent messages written for this test,
not taken from the understanding corpus, in the ways benchmarks/understanding_variants.py varies a message.

* A courtesy after (or instead of) an ask — "No rush at all, take your time.", "Rest assured …", "Feel free to reach
  out if …", "Have a great evening!" — bids the user do nothing it can give or do: the simulated user must not call it
  an ask it does not understand (that turns a trial inconclusive) and the labeller must not count it as a
  clarification. Hard negatives: the same verbs with a thing to give or do ("take a moment to check …", "feel free to
  share the order number") still ask.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain, load_domain_folder
from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.judge._labels import TurnLabels
from pytest_mmtau.models import Persona, Transcript, Turn
from pytest_mmtau.understanding import Reading, read, vocabulary

R_EMAIL = ("retail", "cancel/email/ok")  # email, order_id, reason
R_ADDRESS = ("retail", "address/email/ok")  # email, order_id, new_address
E_INVOICE = ("ecommerce", "E206019")  # phone_number, order_id, invoice_title
T_LINE = ("telecom", "[service_issue]airplane_mode_on")  # phone_number, full_name, date_of_birth; phone tools
M_PLAN = ("mock", "upgrade_plan")  # account_id, plan
M_WIFI = ("mock", "wifi_off")
GYM = ("gym", "freeze")
_OWN = frozenset({"gym", "hotel", "isp", "rental", "bank", "clinic", "power", "streamco"})


@functools.cache
def _domain(name: str) -> Domain:
    if name in _OWN:
        return load_domain_folder(Path(__file__).parent / "data" / name)
    return DomainRegistry().get(name)


def _read(where: tuple[str, str], text: str) -> Reading:
    domain, prefix = where
    task = next(t for t in _domain(domain).tasks if t.id.startswith(prefix))
    return read(text, vocabulary(task, _domain(domain).tool_infos))


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
def test_a_courtesy_after_steps_is_no_option_nor_step(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
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
]


@pytest.mark.parametrize(("where", "text", "facts"), LISTED_ASKS, ids=[c[1][:60] for c in LISTED_ASKS])
def test_items_naming_what_is_wanted_still_ask(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == sorted(facts)
