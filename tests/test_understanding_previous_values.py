"""A confirmation whose values stand in the message before it (issue 20): "Here's the change: … from the card
ending in 8501 to PayPal (paypal_7357918)." then "Shall I proceed?". The card is where the change starts from, not
a rival to the PayPal account it goes to. Found by the ``split_previous`` rewrite of
``benchmarks/understanding_variants.py`` (the same words in one message read right). Sentences written for this
test; a wrong value before the ask still never counts.
"""

from __future__ import annotations

from test_understanding_facts import _read

PAY = ("retail", "payment/email/ok/W3141805")  # order W3141805 moves to paypal_7357918
_BEFORE = ("Here's what I'll update: order #W3141805 moves from the credit card ending in 8501 to your PayPal "
           "account (paypal_7357918). The card is refunded and PayPal is charged the same amount.")


def test_the_values_of_the_message_before_with_a_from_and_a_to() -> None:
    reading = _read(PAY, "Would you like me to go ahead?", previous=_BEFORE)
    assert reading.confirmation and reading.action == "modify_pending_order_payment"
    assert reading.values == {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}


def test_a_wrong_target_before_the_ask_never_counts() -> None:
    wrong = _BEFORE.replace("paypal_7357918", "paypal_7357919")
    reading = _read(PAY, "Would you like me to go ahead?", previous=wrong)
    assert reading.values is None


def test_two_targets_before_the_ask_are_ambiguous() -> None:
    """Two accounts the change could go to: neither is the one confirmed."""
    both = ("Order #W3141805 can move from the card ending in 8501 to PayPal (paypal_7357918) or to the gift card "
            "(gift_card_1190283).")
    assert _read(PAY, "Shall I make that change?", previous=both).values is None
