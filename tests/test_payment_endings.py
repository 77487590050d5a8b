"""A payment method named as agents name it, by its kind and the last four digits its record gives ("your credit
card ending in 0184"): the retail data stores those digits in the card's record (``last_four``), apart from its id,
so they state the method and the id's own last digits do not. Before, a correct agent that read the digits off its
own look-up scored IAS 0 on every payment change, and one that said digits no record holds scored 1."""

from __future__ import annotations

import dataclasses
import re

import pytest

from pytest_mmtau import ias
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.understanding import endings_for, read, vocabulary
from pytest_mmtau.understanding._endings import MethodId, endings_in
from pytest_mmtau.understanding._values import all_stated, other_values, states
from pytest_mmtau.user import SimulatedUser

TASK = "payment/name_zip/ok/W3129567"  # the new method is credit_card_4390123, whose record ends in 0184
_ASK = re.compile(r"modify the payment of order (W\d+) to (credit_card_\d+) \(credit card\)\?")


@pytest.fixture(scope="module")
def retail() -> Domain:
    return DomainRegistry().get("retail")


@pytest.fixture(scope="module")
def conv(retail: Domain) -> Transcript:
    user = SimulatedUser(domain=retail, task=retail.task(TASK), persona=get_persona("none"), seed=1)
    return user.converse_sync(retail.agents["reference"]())


def _said_with_digits(conv: Transcript, digits: str) -> Transcript:
    """The conversation with the agent's payment confirmation naming the card by kind and ``digits`` only."""
    turns = tuple(dataclasses.replace(t, text=_ASK.sub(
        lambda m: f"switch order #{m.group(1)} over to your credit card ending in {digits}?", t.text))
        if t.role == "agent" else t for t in conv.turns)
    assert turns != conv.turns, "the reference agent's confirmation changed its wording"
    return dataclasses.replace(conv, turns=turns)


def test_records_give_the_digits_whatever_their_nesting() -> None:
    data = {"users": {"u1": {"payment_methods": {
        "credit_card_4390123": {"id": "credit_card_4390123", "kind": "credit_card", "last_four": "0184"},
        "paypal_6449432": {"id": "paypal_6449432", "kind": "paypal"}}}},
        "results": [{"payment_method_id": "credit_card_1111111", "last4": 4242},  # the id field named otherwise
                    {"cards": {"gift_card_2222222": {"ending": "9001"}}},  # the record keyed by its id
                    {"id": "x", "last_four": "12"}]}  # no four digits: nothing
    assert endings_in(data) == {"credit_card_4390123": "0184", "credit_card_1111111": "4242",
                                "gift_card_2222222": "9001"}


def test_the_records_digits_state_the_method_and_the_ids_do_not() -> None:
    card = MethodId("credit_card_4390123", "0184")
    assert states("your credit card ending in 0184", card)
    assert not states("your credit card ending in 0123", card)  # the id's tail: no card of the user's ends so
    assert other_values("your credit card ending in 0123", card) == ["0123"]
    assert not other_values("your credit card ending in 0184", card)
    # with no record, the id's last four digits are all there is to go on (as before)
    assert states("your credit card ending in 0123", "credit_card_4390123")
    # a wrong id beside the right digits, or another method written out, is not this card
    assert not states("credit_card_4390132 (ending 0184)", card)
    assert not states("off your Visa ending 0184 and onto PayPal (paypal_6449432)", card)
    assert all_stated("Shall I move W3129567 to your credit card ending in 0184?", "",
                      {"order_id": "W3129567", "payment_method_id": card})


def test_the_user_reads_its_own_cards_digits_as_the_confirmed_value(retail: Domain) -> None:
    task = retail.task(TASK)
    words = vocabulary(task, retail.tool_infos, endings_for(task, retail.new_state(task)))
    assert words.endings == {"credit_card_4390123": "0184"}
    reading = read("Just to confirm: switch order #W3129567 to your credit card ending in 0184. Shall I proceed?",
                   words)
    assert reading.action == "modify_pending_order_payment"
    assert reading.values == {"order_id": "W3129567", "payment_method_id": "credit_card_4390123"}
    wrong = read("Just to confirm: switch order #W3129567 to your credit card ending in 0123. Shall I proceed?", words)
    assert wrong.values is None


def test_ias_counts_the_digits_the_agents_look_up_returned(conv: Transcript) -> None:
    assert conv.goal_achieved and float(ias(conv)) == 1.0
    assert float(ias(_said_with_digits(conv, "0184"))) == 1.0  # what get_user_details returned for the card
    assert float(ias(_said_with_digits(conv, "0123"))) == 0.0  # the id's tail: a card the user does not have


def test_a_task_without_a_payment_method_builds_no_state(retail: Domain) -> None:
    def state() -> object:
        raise AssertionError("the state was built for a task whose calls take no payment method")

    assert endings_for(retail.task("cancel/email/ok/W3125736"), state) == {}
    # tool results that give the digits spare the walk of the whole state
    found = [{"id": "credit_card_4390123", "last_four": "0184"}]
    assert endings_for(retail.task(TASK), found, state) == {"credit_card_4390123": "0184"}
