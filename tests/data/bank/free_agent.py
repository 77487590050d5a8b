"""A card-support agent that words every message the way an LLM agent would, with one of four wordings per trial:
written for `tests/test_own_domain.py`, not for the simulated user's rules. ``STATES_REASON = False`` leaves the
dispute's reason out of one wording of its confirmation request (which IAS must catch)."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|ok(ay)?)\b", re.I)
NAMES = ("Priya Nair", "Jonah Reyes")


class FreeAgent:
    STATES_REASON = True

    def __init__(self, variant: int = 0) -> None:
        self.v = variant

    def for_trial(self, trial: int, seed: int) -> "FreeAgent":
        return type(self)(random.Random(seed).randrange(4))

    def pick(self, *options: str) -> str:
        return options[self.v % len(options)]

    async def respond(self, request: AgentRequest) -> AgentReply:
        v = ConversationView.of(request)
        said = " ".join(v.user_texts)
        name = next((n for n in NAMES if n.lower() in said.lower()), None)
        four = re.findall(r"\b(\d{4})\b", said)
        if name is None or not four:
            return AgentReply(text=self.pick(
                "I'm sorry to hear that — let's get this sorted. First, could you share your full name and the last "
                "four digits of your card?",
                "I can help with that. To verify your identity, please provide:\n\n- Your full name as it appears "
                "on the card\n- The last 4 digits of the card number",
                "Happy to look into it. What's the cardholder's full name, and which card is it (the last four "
                "digits are enough)?",
                "Of course. Before I can access the account, I need your name and the final four digits on your "
                "card."))
        holder = v.result("verify_cardholder", full_name=name, card_last_four=four[-1])
        if holder is None:
            return AgentReply.calling("verify_cardholder", full_name=name, card_last_four=four[-1])
        if re.search(r"\bfreeze|frozen|someone is using", said, re.I):
            if v.result("freeze_card", card_id=holder["card_id"]) is not None:
                return AgentReply(text=self.pick(
                    "Done — your card is now frozen, so no new payments will go through.",
                    "Your card ending in " + four[-1] + " has been frozen. You can unfreeze it in the app anytime.",
                    "All set: the card is frozen.", "I've frozen the card. Anything else I can help with?"))
            question = self.pick(
                f"Thanks, {name.split()[0]}. Would you like me to freeze your card ending in {four[-1]} right away? "
                "Payments will be declined until it's unfrozen.",
                f"I can freeze the card ending {four[-1]} now. Shall I go ahead?",
                f"To confirm: freeze card ****{four[-1]}? Reply yes and I'll do it immediately.",
                f"Do you want me to put a freeze on the card ending in {four[-1]}?")
            if v.own_texts and v.own_texts[-1] == question and YES.search(v.user):
                return AgentReply.calling("freeze_card", card_id=holder["card_id"])
            return AgentReply(text=question)
        txs = v.result("list_transactions", customer_id=holder["customer_id"])
        if txs is None:
            return AgentReply.calling("list_transactions", customer_id=holder["customer_id"])
        duplicate = re.search(r"\btwice|double|duplicate", said, re.I) is not None
        if duplicate:
            tx, reason, why = txs[2], "duplicate", "a duplicate charge"
        else:
            tx, reason, why = txs[0], "not_recognised", "a charge you don't recognise"
        if v.result("dispute_transaction", transaction_id=tx["transaction_id"], reason=reason) is not None:
            return AgentReply(text=self.pick(
                f"Your dispute has been opened for the ${tx['amount']:.2f} charge at {tx['merchant']}. You'll see a "
                "provisional credit within 2 business days.",
                f"Done! The {tx['merchant']} transaction is now disputed.",
                f"I've disputed the ${tx['amount']:.2f} charge. Is there anything else?",
                f"All set — dispute opened on the {tx['merchant']} charge from {tx['date']}."))
        question = self.pick(
            f"I see a charge of ${tx['amount']:.2f} at {tx['merchant']} on {tx['date']}. Shall I open a dispute on "
            f"it as {why}?",
            f"Here's what I'll dispute:\n\n| Merchant | Date | Amount |\n|---|---|---|\n| {tx['merchant']} | "
            f"{tx['date']} | ${tx['amount']:.2f} |\n\nReason: {why}. Please confirm and I'll file it.",
            f"Just to be sure: you'd like me to dispute the {tx['merchant']} transaction of ${tx['amount']:.2f} "
            f"from {tx['date']} because it's {why}. Is that right?",
            f"Would you like me to raise a dispute for the ${tx['amount']:.2f} payment to {tx['merchant']}"
            + (f", as {why}?" if self.STATES_REASON else "?"))
        if v.own_texts and v.own_texts[-1] == question and YES.search(v.user):
            return AgentReply.calling("dispute_transaction", transaction_id=tx["transaction_id"], reason=reason)
        return AgentReply(text=question)
