"""Approvals and confirmations phrased freely (issue 20, round 3): agent messages written for this test, the way
frontier LLM support agents ask to approve an action — and hard negatives that use the same words and ask nothing.

Each line is read twice, by the simulated user (``understanding.read``: which action it asks to approve, and the
critical values when it states them all) and by the rule labeller (``RuleLabeller`` + ``confirms`` on the task's
call of that action), and both must agree with the line and with each other: the user never says yes to what the
metrics would count as unconfirmed, or the other way round. None of these sentences is a cue of the rules; each
is read by its structure (an ask to approve, the action named by its tool's verb, noun or a synonym, the values).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain, load_domain_folder
from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.models import Persona, Task, ToolCall, Transcript, Turn
from pytest_mmtau.understanding import Reading, confirms, read, vocabulary


# the teams' own domains, loaded from their folders (a card issuer, a dental clinic, an electricity supplier, a
# streaming service, a gym, a car rental desk, a hotel)
_OWN_DOMAINS = ("bank", "clinic", "power", "streamco", "gym", "rental", "hotel")


@functools.cache
def _domain(name: str) -> Domain:
    if name in _OWN_DOMAINS:
        return load_domain_folder(Path(__file__).parent / "data" / name)
    return DomainRegistry().get(name)


def _task(domain: str, prefix: str) -> Task:
    return next(t for t in _domain(domain).tasks if t.id.startswith(prefix))


_CANCEL, _ADDRESS, _PAYMENT = "cancel/email/ok/W3125736", "address/email/ok/W3135709", "payment/email/ok/W3141805"
_RETURN, _EXCHANGE = "return/email/ok/W3129434", "exchange/email/ok/W3110919"
_INVOICE, _INSTALL, _PRICE = "E206019/", "E205810/", "E206299/"
_BILL, _REFUEL = "[service_issue]overdue_bill_suspension", "[mobile_data_issue]data_usage_exceeded"
_ROAMING = "[mobile_data_issue]user_abroad_roaming_disabled_on"
_ITEMS, _DAMAGE = "items/email/ok/W3125314", "E204931/"
_SUMMARY = ("Here's the summary:\n- Cancel order #W3125736\n- Reason: no longer needed\n- Refund: $89.10 to your "
            "original payment method")
_PENDING = "Order #W3125736 (Backpack, Coffee Maker, $89.10) is still pending and can be cancelled."
_NONE = None  # an approval whose values are not all stated (or stated wrongly): no confirmation

# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    # ---- mock
    ("mock", "cancel_subscription", "", "Just say the word and I'll cancel the subscription on account A100.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "", "Once you confirm, I'll move account A101 onto the Premium plan.",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "router_off_and_downgrade", "", "Are you happy for me to downgrade A104 to Basic?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "upgrade_plan", "", "Should I switch A101 over to Premium now, or do you have questions first?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "cancel_subscription", "", "Let me know if I should proceed with terminating the subscription for A100.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "", "I can confirm that account A100 has an active subscription on the Basic plan.",
     None, None),
    ("mock", "cancel_subscription", "", "The subscription on A100 has been cancelled, and a confirmation email is on "
                                        "its way to you.", None, None),
    ("mock", "upgrade_plan", "", "Would you like me to walk you through what the Premium plan includes?", None, None),
    ("mock", "router_off_and_downgrade", "", "Do you prefer the Basic plan or the Standard one?", None, None),
    # ---- retail
    ("retail", _CANCEL, "", "Here's what I have:\n- Order: #W3125736\n- Reason: no longer needed\n\nReply YES to go "
                            "ahead with the cancellation.", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "If that all looks right, I'll submit the cancellation for order W3125736.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "I'll need your go-ahead to cancel #W3125736 (reason: no longer needed).",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Everything's lined up to cancel order W3125736. Can I proceed?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "Order W3125736 holds a Backpack and a Coffee Maker, and both are still pending.",
     "Do you want me to cancel it?", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Is it alright if I process the cancellation of #W3125736 now?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Just to double-check before I cancel: it's order W3152736 you want cancelled, correct?",
     "cancel_pending_order", _NONE),
    ("retail", _RETURN, "", "Shall I go ahead and put through the return of the Wireless Earbuds from order "
                            "#W3129434?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "", "Processing the return for W3129434 would send the refund to your original card - want me "
                            "to do that?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "Would you like me to put through the exchange of your Hiking Boots (order W3110919) for "
                              "the olive pair in US 10?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _ADDRESS, "", "I'd like to update the shipping address on W3135709 to 836 Birch Boulevard, Brookfield, "
                             "WI 33688. Is that okay with you?", "modify_pending_order_address",
     {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "", "New delivery address for order W3135709: 836 Birch Boulevard, Brookfield, WI 33688. Good "
                             "to proceed?", "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "", "I can switch the payment on order W3141805 to your PayPal account (paypal_7357918). Want "
                             "me to go ahead?", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "", "Switching you to PayPal for order W3141805 - should I do it?",
     "modify_pending_order_payment", _NONE),
    ("retail", _CANCEL, "", "I can confirm that order #W3125736 is still pending, so it's eligible for cancellation.",
     None, None),
    ("retail", _CANCEL, "", "Order W3125736 has already been cancelled; the refund of $89.10 will appear within 5-7 "
                            "business days.", None, None),
    ("retail", _CANCEL, "", "Would you like to know when the refund should reach your card?", None, None),
    ("retail", _CANCEL, "", "Before I cancel anything, could you tell me the order number?", None, None),
    ("retail", _RETURN, "", "The return for order W3129434 is all set - you'll get a prepaid label by email.",
     None, None),
    # ---- e-commerce
    ("ecommerce", _INVOICE, "", "I can issue the invoice for order E206019 made out to Harbor Print Ltd. Shall I go "
                                "ahead?", "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INVOICE, "", "| Field | Value |\n|---|---|\n| Order | E206019 |\n| Invoice title | Harbor Print Ltd "
                                "|\n\nOnce you give me the green light, I'll generate the invoice.", "issue_invoice",
     {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INSTALL, "", "Would Friday, March 13 work for the installation on order E205810? If so, I'll lock "
                                "it in.", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Shall I book the technician for 3/13 on order E205810?", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Shall I schedule the installation for March 12 on E205810?",
     "schedule_installation", _NONE),
    ("ecommerce", _PRICE, "", "I'll apply price protection to order E206299 based on your screenshot IMG-4699 - okay "
                              "to proceed?", "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _INSTALL, "", "Your installation for E205810 is booked for March 13 between 9am and noon.",
     None, None),
    ("ecommerce", _INVOICE, "", "I can confirm that the invoice for E206019 was issued to Harbor Print Ltd on March 2.",
     None, None),
    # ---- restaurant
    ("restaurant", "simple/01-cold-brew", "", "So that's one small Cold Brew. Want me to send that to the kitchen?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Your order: 1 x Cold Brew (small). Ready for me to place it?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Your order has been placed and will be ready in about 10 minutes.",
     None, None),
    ("restaurant", "simple/01-cold-brew", "", "Would you like your Cold Brew small or large?", None, None),
    # ---- telecom
    ("telecom", _ROAMING, "", "I can turn international roaming on for 312-555-0147 (customer C1001) at no charge. "
                              "Would you like me to do that?", "enable_roaming",
     {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "", "Enabling roaming on line 312-555-0147, account C1001 - okay to go ahead?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "", "I can add a 2 GB data top-up to 206-555-0128 (customer C1003); it's billed at your "
                             "plan's rate. Want it?", "refuel_data",
     {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "", "Shall I add 5 GB of data to 206-555-0128 for customer C1003?", "refuel_data", _NONE),
    ("telecom", _BILL, "", "Should I get your line 415-555-0163 (customer C1002) back up and running now that the bill "
                           "is settled?", "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "I can send a payment request for bill B9001 to customer C1002's phone. Shall I?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "", "I can transfer you to a specialist who can look at the line for C1002 - would you like "
                           "that?", "transfer_to_human", {}),  # a transfer takes no critical value
    ("telecom", _ROAMING, "", "Roaming is already enabled on 312-555-0147, so that isn't what's blocking your data.",
     None, None),
    ("telecom", _ROAMING, "", "Would you like me to explain how roaming charges work?", None, None),
    ("telecom", _ROAMING, "", "Are you still abroad at the moment?", None, None),
    # ---- second batch, written after the first was fixed (the same rules must read these unseen)
    ("telecom", _BILL, "", "Here's the plan:\n1. Lift the suspension on 415-555-0163 (account C1002)\n2. Service "
                           "should return within a few minutes\n\nShall I go ahead?", "resume_line",
     {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "I can reconnect 415-555-0163 for customer C1002 right away - just give me a yes.",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "Would you like me to reactivate service on 415-555-0163 (C1002)?", "resume_line",
     {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "I'll need your OK before I text a payment link for bill B9001 to customer C1002.",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "", "Want me to push a payment request for bill B9001 (customer C1002) to your phone?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _ROAMING, "", "Turning on international roaming for 312-555-0147 (customer C1001) is free - shall I?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "", "Do you want roaming activated on 312-555-0147? It's on customer C1001's account.",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "", "I can give you 2 more gigabytes on 206-555-0128 (customer C1003). Should I add that?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "", "A 2GB data boost for 206-555-0128 (account C1003) costs $10. Shall I apply it?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "", "Could you confirm you'd like me to add 2.0 GB to line 206-555-0128 under customer C1003?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _ROAMING, "", "I'd suggest turning on roaming for 312-555-0147 (customer C1001). Okay?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "", "Your allowance resets on the 1st; so far you've used 5 GB of your 5 GB.", None, None),
    ("telecom", _REFUEL, "", "Would you like to hear about our unlimited plans?", None, None),
    ("telecom", _ROAMING, "", "Can you confirm whether you're currently travelling outside the country?", None, None),
    ("ecommerce", _INSTALL, "", "I'd be glad to book an installation for order E205810 on 2026-03-13. Does that work "
                                "for you?", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Installation slot: Friday 13 March for order E205810. Should I reserve it?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INVOICE, "", "Shall I go ahead and raise the invoice for E206019 to Harbor Print Ltd?",
     "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INVOICE, "", "To confirm, you'd like the invoice for order E206019 issued to \"Harbor Print Ltd\"?",
     "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _PRICE, "", "I can refund the price difference on E206299 using your screenshot (IMG-4699). Would "
                              "you like me to submit that claim?", "apply_price_protection",
     {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _INSTALL, "", "The installation fee for this model is $49, and the earliest slot is March 13.",
     None, None),
    ("ecommerce", _INVOICE, "", "Would you like the invoice emailed to you or sent by post?", None, None),
    ("retail", _ADDRESS, "", "Here are the changes:\n* Order: W3135709\n* New address: 836 Birch Boulevard, "
                             "Brookfield, WI 33688\n\nShould I update it?", "modify_pending_order_address",
     {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _RETURN, "", "Ready when you are - just reply \"confirm\" and the return for order #W3129434 goes "
                            "through.", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "Do you want to go ahead with the exchange for order W3110919 (Hiking Boots > olive, "
                              "US 10)?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _CANCEL, "", "I can confirm the order number is W3125736 and that it's still processing.", None, None),
    ("retail", _RETURN, "", "Once the return is processed, the refund takes 5-7 business days to reach your card.",
     None, None),
    ("retail", _PAYMENT, "", "Let me know which payment method you'd like to use instead: PayPal or your Visa ending "
                             "4242.", None, None),
    ("retail", _PAYMENT, "", "Payment for W3141805 will move to PayPal (paypal_7357918). Sound good?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("restaurant", "simple/01-cold-brew", "", "Here's your order:\n- 1 x Cold Brew, small\n\nShall I send it "
                                              "through?", "place_order", {"lines": "1 x cold brew (small)"}),
    ("mock", "cancel_subscription", "", "I'm ready to cancel the subscription on A100 - I just need a yes from you.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "", "Per your request: change account A101 from Basic to Premium. Confirm?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    # ---- third batch: steps waiting on the user's assent, offers "if you'd like", a bare "Want to …?", and offers to
    # look something up, to explain or to stay on the line (no approval)
    ("retail", _CANCEL, "", "Can I get a quick yes on cancelling order W3125736?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "I'm all set to cancel W3125736 once I hear back from you.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Let me know and I'll cancel order W3125736 straight away.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("restaurant", "simple/01-cold-brew", "", "Whenever you're ready, I'll submit your order of one small Cold Brew.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("retail", _CANCEL, "", "I can cancel order W3125736 for you right now if you'd like.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "If you'd like, I can explain how refunds work for cancelled orders.", None, None),
    ("telecom", _ROAMING, "", "I can turn roaming on for 312-555-0147 (customer C1001) - is that something you'd like "
                              "me to do?", "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("retail", _CANCEL, "", "Is it okay with you if I cancel order W3125736?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Please let me know whether you'd like me to cancel order W3125736.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Kindly confirm so I can proceed with cancelling W3125736.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _PAYMENT, "", "Would it be alright if I moved the payment for W3141805 over to PayPal (paypal_7357918)?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _CANCEL, "", "Do I have your permission to cancel #W3125736?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Type YES and I'll cancel W3125736.", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Just to be sure, you want me to cancel W3125736?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "I'm going to go ahead and cancel W3125736 - okay?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Cancelling W3125736 now.", None, None),
    ("retail", _CANCEL, "", "I'll cancel it now and send you a confirmation email.", None, None),
    ("retail", _CANCEL, "", "I've gone ahead and cancelled W3125736 as you asked.", None, None),
    ("retail", _CANCEL, "", "Once it's cancelled, you'll get an email confirming the refund.", None, None),
    ("retail", _CANCEL, "", "If you change your mind later, you can always place a new order.", None, None),
    ("telecom", _ROAMING, "", "If roaming still doesn't work after that, I can check the line settings for you.", None,
     None),
    ("retail", _CANCEL, "", "Whenever you're ready, tell me the reason for the cancellation.", None, None),
    ("mock", "upgrade_plan", "Account A101 is on Basic; Premium is $20/month and includes 50 GB.", "Want to go for it?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "", "Upgrading A101 to Premium takes effect immediately. Shall we?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("ecommerce", _INVOICE, "", "Invoice for E206019 to Harbor Print Ltd - go ahead?", "issue_invoice",
     {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INVOICE, "", "Say \"go\" and I'll issue the invoice for E206019 to Harbor Print Ltd.",
     "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INSTALL, "", "Would you like me to go ahead and book the installation for E205810 on 2026-03-13?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Do you want me to check which installation dates are available?", None, None),
    ("telecom", _ROAMING, "", "Can I ask whether you're travelling at the moment?", None, None),
    ("telecom", _ROAMING, "", "Would you like me to stay on the line while you restart the phone?", None, None),
    # ---- fourth batch: summaries and plans above the ask, a choice to act or not, checks of a value that an action
    # takes ("Is that the correct company name?"), "Does that date suit you?", "Do you want it on?"
    ("retail", _CANCEL, "", "**Please confirm the following:**\n- Cancel order #W3125736\n- Reason: no longer needed",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Order #W3125736 can be cancelled. How would you like to proceed?\n1. Yes, cancel it\n2. "
                            "No, keep the order", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Got it. Before I cancel #W3125736, what's the reason - no longer needed, or ordered by "
                            "mistake?", None, None),
    ("retail", _CANCEL, "", "Thanks! So, to recap: order #W3125736, reason \"no longer needed\". I'll cancel it as "
                            "soon as you say yes.", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _ADDRESS, "", "I have the new address as 836 Birch Boulevard, Brookfield, WI 33688 for order #W3135709. "
                             "Does everything look correct before I make the change?", "modify_pending_order_address",
     {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "", "You have two payment methods on file: PayPal (paypal_7357918) and a Visa ending in 4417. "
                             "Which one should I use for W3141805?", None, None),
    ("telecom", _BILL, "", "Your line is suspended because bill B9001 ($45.00) is overdue. I can send a payment "
                           "request to your phone; once it's paid I can resume the line. Would you like me to send "
                           "the request now?", "send_payment_request", _NONE),  # the customer id is not said
    ("telecom", _BILL, "Your bill B9001 for customer C1002 is overdue.", "Should I send you the payment request?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "", "Payment received, thanks! Now I can resume 415-555-0163 for customer C1002 - shall I do "
                           "that now?", "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _ROAMING, "", "Here's what I'll do:\n\n1. Enable international roaming on **312-555-0147** (customer "
                              "**C1001**)\n2. You restart your phone\n\nDoes that plan work for you?", "enable_roaming",
     {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "", "Roaming is off on 312-555-0147. Turning it on is free. Do you want it on?",
     "enable_roaming", _NONE),
    ("telecom", _ROAMING, "", "Okay - you'd like roaming enabled on 312-555-0147 under customer C1001, correct?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "", "To confirm, I'll be enabling roaming on line 312-555-0147 for customer C1001. Is that "
                              "right?", "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("ecommerce", _INVOICE, "", "Your invoice will be issued to Harbor Print Ltd for order E206019. Is that the "
                                "correct company name?", "issue_invoice",
     {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INSTALL, "", "What date would you like the installation for order E205810?", None, None),
    ("ecommerce", _PRICE, "", "Your screenshot IMG-4699 shows $389 at Brightcart's own site, so order E206299 "
                              "qualifies. Want me to apply the price protection?", "apply_price_protection",
     {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("mock", "cancel_subscription", "", "Cancelling A100's subscription is permanent. Are you sure?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "router_off_and_downgrade", "", "Moving A104 to the Basic plan will lower your bill to $10/month. Just to "
                                             "confirm: go ahead with the downgrade?", "change_plan",
     {"account_id": "A104", "plan": "basic"}),
    ("restaurant", "simple/01-cold-brew", "", "One small cold brew coming right up - should I put it through?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Would you like a pastry with your cold brew?", None, None),
    ("restaurant", "simple/01-cold-brew", "", "Great choice! What size would you like for the Cold Brew - small or "
                                              "large?", None, None),
    # ---- fifth batch (my own wording of the classes the blind dev lines added by corpus3 showed): asks without "?",
    # a long lead clause before "should I", "With your permission, I'll …", "are we good to …", "the green light",
    # a read-back after a colon, the agent's own stated step before "is that alright?"
    ("telecom", _ROAMING, "", "Want me to activate roaming on 312-555-0147 for customer C1001 now", "enable_roaming",
     {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("retail", _CANCEL, "", "Since the order is still sitting in our warehouse as pending, should I cancel W3125736 for "
                            "you", "cancel_pending_order", {"order_id": "W3125736"}),
    ("telecom", _REFUEL, "", "With your approval, I'll add 2 GB of data to 206-555-0128 (customer C1003).",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("restaurant", "simple/01-cold-brew", "", "One small Cold Brew - are we good to put that through?", "place_order",
     {"lines": "1 x cold brew (small)"}),
    ("ecommerce", _INVOICE, "", "Invoice for order E206019, made out to Harbor Print Ltd. Do I have the green light to "
                                "issue it", "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("mock", "cancel_subscription", "", "Let me make sure I understand: you'd like the subscription on A100 ended today?",
     "cancel_subscription", {"account_id": "A100"}),
    ("ecommerce", _INSTALL, "", "I'll reserve 13 March for the installation on order E205810 - is that alright with "
                                "you?", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("restaurant", "simple/01-cold-brew", "", "Can I tempt you with a pastry to go with your cold brew?", None, None),
    ("restaurant", "simple/01-cold-brew", "", "That's one small Cold Brew for pickup - shall I send that to the kitchen "
                                              "now", "place_order", {"lines": "1 x cold brew (small)"}),
    ("telecom", _ROAMING, "", "Tell me what happens when you open a web page - does it time out straight away", None,
     None),
    ("mock", "wifi_off", "", "Your router reports that Wi-Fi is off, which would explain why nothing connects.", None,
     None),
    # ---- values in other formats: a date with slashes, an address as the post abbreviates it, a payment method by
    # its kind and last digits, a count after the item
    ("ecommerce", _INSTALL, "", "Shall I book the installation for order E205810 on 2026/03/13?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("retail", _ADDRESS, "", "Shall I change the address on W3135709 to 836 Birch Blvd, Brookfield, Wisconsin 33688?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "", "Shall I change the address on W3135709 to 836 Birch Boulevard, Brookfield, WI 33868?",
     "modify_pending_order_address", _NONE),
    ("retail", _PAYMENT, "", "Shall I switch order W3141805 to PayPal (account ending 7918)?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "", "Shall I switch order W3141805 to PayPal (ending 1234)?", "modify_pending_order_payment",
     _NONE),
    ("restaurant", "complex/02-four-cheese-pizza", "", "Here's the full order:\n- Four Cheese Pizza x2 - large, "
     "gluten-free crust, extra mozzarella, no basil\n- Garlic Green Beans x3 - no garlic\n- Grilled Salmon x2 - "
     "seasonal greens, no capers\n- Black Bean Burger x3 - gluten-free bun, bacon, no yard sauce\n\nShall I place "
     "it?", "place_order", {"lines": "2 x four cheese pizza (large, gluten free crust, extra mozzarella, no basil); "
                                     "2 x grilled salmon (seasonal greens, no capers); 3 x black bean burger (gluten "
                                     "free bun, bacon, no yard sauce); 3 x garlic green beans (no garlic)"}),
    # ---- sixth batch (round 4, written fresh before touching the rules): summary blocks and tables above "Would
    # you like me to proceed?", "Just say the word", "Can I get a yes from you?", actions named by a noun or a
    # synonym ("the swap", "a price adjustment", "restore service", "close the account"), values in other formats
    # and in the message before, wrong or ambiguous values, the teams' own domains, and hard negatives
    ("retail", _CANCEL, "", "Here's a quick summary before I make any changes:\n\n**Order:** #W3125736\n**Action:** "
                            "Cancel (reason: no longer needed)\n\nWould you like me to proceed?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "I found order #W3125736 - it's still pending, so it can be cancelled.",
     "Just say the word and I'll take care of it.", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Before I hit submit on the cancellation of W3125736, can I get a yes from you?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _RETURN, "", "I'd be happy to get the return started for the Wireless Earbuds on order W3129434. Shall I "
                            "go ahead?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "I can get those Hiking Boots from order W3110919 exchanged for the olive pair in US 10. "
                              "Would you like me to proceed?", "exchange_delivered_order_items",
     {"order_id": "W3110919"}),
    ("retail", _EXCHANGE, "", "To summarize the swap:\n- Order: W3110919\n- Hiking Boots -> olive, US 10\n- Price "
                              "difference: $0.00\n\nShould I go ahead with it?", "exchange_delivered_order_items",
     {"order_id": "W3110919"}),
    ("retail", _ADDRESS, "", "I'll update the shipping address for order #W3135709 to:\n\n836 Birch Boulevard\n"
                             "Brookfield, WI 33688\n\nDoes that look right? If so, I'll save the change.",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "", "Shall I have order W3135709 redirected to 836 Birch Boulevard, Brookfield, WI 33688?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "", "Just to confirm, you'd like the payment method on order W3141805 changed to your PayPal "
                             "account (paypal_7357918) - shall I make that change?", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "", "I can charge order W3141805 to your PayPal account ending in 7918 instead of the gift "
                             "card. Would you like me to do that?", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _CANCEL, "", "Good news - order #W3125736 is still pending, which means it's eligible for cancellation "
                            "if you decide to go that route.", None, None),
    ("retail", _RETURN, "", "Your return for W3129434 has been processed. You should see the refund of $54.99 on your "
                            "original card within 5-7 business days.", None, None),
    ("retail", _CANCEL, "", "Would you like me to proceed with cancelling order #W3125763?", "cancel_pending_order",
     _NONE),  # another order's digits
    ("retail", _CANCEL, "I see two pending orders: #W3125736 and #W3188420.", "Shall I cancel it?",
     "cancel_pending_order", _NONE),  # which of the two is not said
    ("retail", _RETURN, "Order #W3129434 was delivered on March 2 and includes Wireless Earbuds ($54.99).",
     "Would you like me to process a return for those?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _CANCEL, "", "Order W3125736 - cancel? Reply **yes** to confirm or **no** to keep it.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _PAYMENT, "", "Heads up: the payment change can't be undone once the order ships. Are you sure you'd like "
                             "me to switch order W3141805 to paypal_7357918?", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _CANCEL, "", "I've located order **#W3125736**. Here are the details:\n\n| Item | Price |\n|---|---|\n| "
                            "Backpack | $54.10 |\n| Coffee Maker | $35.00 |\n\nSince it's still pending, I can cancel "
                            "it for you. Would you like me to proceed with the cancellation?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _RETURN, "", "Before I process the return, please confirm:\n1. Order: #W3129434\n2. Item: Wireless "
                            "Earbuds\n3. Refund to: original payment method\n\nIs everything correct?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "Would you like me to check whether the olive pair in US 10 is in stock before we go "
                              "further?", None, None),
    ("retail", _EXCHANGE, "", "Exchanges are free, and the new pair ships as soon as we receive the old one.", None,
     None),
    ("ecommerce", _INSTALL, "", "I have a technician available on **Friday, March 13th**. Would you like me to book "
                                "that slot for order E205810?", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Great - so that's an installation appointment for order E205810 on 13/03/2026. Can I "
                                "go ahead and lock that in?", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Shall I go ahead and schedule the technician visit for E205810 on March 14?",
     "schedule_installation", _NONE),
    ("ecommerce", _INVOICE, "", "Here's what will appear on the invoice:\n\n- Order: E206019\n- Billed to: Harbor "
                                "Print Ltd\n\nShall I generate it now?", "issue_invoice",
     {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INVOICE, "", "Please confirm that I should issue the invoice for E206019 under the name Harbor Print "
                                "Ltd.", "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INVOICE, "", "Would you like me to issue the invoice for E206019 to Harbor Printing Co.?",
     "issue_invoice", _NONE),
    ("ecommerce", _PRICE, "", "Since the lower price in your screenshot (IMG-4699) is from our own store, order E206299 "
                              "qualifies for a price adjustment. Shall I process it?", "apply_price_protection",
     {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _PRICE, "", "I can submit a price-protection claim for order E206299 using screenshot IMG-4699, and "
                              "the difference would be refunded to your original payment method. Just let me know if "
                              "you'd like me to proceed.", "apply_price_protection",
     {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _PRICE, "", "Price protection covers drops within 30 days of purchase; your order E206299 was placed "
                              "12 days ago.", None, None),
    ("ecommerce", _INSTALL, "", "Would you prefer a morning or an afternoon slot for the installation?", None, None),
    ("ecommerce", _INVOICE, "", "Which company name should appear on the invoice for E206019?", None, None),
    ("ecommerce", _INSTALL, "", "Just let me know if March 13 works for you, and I'll get the installation for E205810 "
                                "on the calendar.", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("telecom", _ROAMING, "", "**Summary of the change**\n\n| Line | 312-555-0147 |\n| Customer | C1001 |\n| Change | "
                              "Enable international roaming |\n\nWould you like me to proceed?", "enable_roaming",
     {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "Your line 312-555-0147 (customer C1001) currently has roaming turned off.",
     "Shall I switch it on for you?", "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "", "I can add **2 GB** of extra data to 206-555-0128 (customer C1003) for $10.00. Would you "
                             "like me to go ahead with the top-up?", "refuel_data",
     {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "", "Would you like me to add two gigabytes to 206-555-0128 on account C1003?", "refuel_data",
     {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "", "Shall I add 1 GB to 206-555-0128 for customer C1003?", "refuel_data", _NONE),
    ("telecom", _BILL, "", "Once payment is confirmed, I can restore service on 415-555-0163 for customer C1002. Would "
                           "you like me to do that now?", "resume_line",
     {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "To get your line back up, the first step is settling bill B9001. I can send the payment "
                           "request for it to customer C1002's phone - just say the word.", "send_payment_request",
     {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "", "Your line 415-555-0163 was suspended on March 3rd because bill B9001 ($45.00) is past due.",
     None, None),
    ("telecom", _REFUEL, "", "Data top-ups come in 1, 2 and 5 GB sizes and are billed to your next statement.", None,
     None),
    ("telecom", _ROAMING, "", "Could you confirm the phone number on the account?", None, None),
    ("telecom", _BILL, "", "Would you like me to connect you with our billing team?", "transfer_to_human", {}),
    ("telecom", _ROAMING, "", "Got it. I'll enable roaming on 312-555-0147 (C1001) once you give me the thumbs-up.",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "", "I'd recommend enabling roaming on your line 312-555-0147 (customer C1001). If you're "
                              "comfortable with that, just reply \"yes\" and I'll take care of it right away.",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _BILL, "Bill B9001 ($45.00) is overdue on customer C1002's account.",
     "I can text a payment link for it to your phone - want me to?", "send_payment_request",
     {"customer_id": "C1002", "bill_id": "B9001"}),
    ("mock", "upgrade_plan", "", "Here's what the upgrade looks like:\n- Account: A101\n- Current plan: Basic\n- New "
                                 "plan: Premium ($20/month)\n\nShall I make the change?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("mock", "cancel_subscription", "", "Cancelling the subscription on account A100 takes effect at the end of the "
                                        "billing period. Do you want me to go ahead with the cancellation?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "router_off_and_downgrade", "", "Would you like me to move A104 down to the Basic tier?", "change_plan",
     {"account_id": "A104", "plan": "basic"}),
    ("mock", "cancel_subscription", "", "Just so you know, you can cancel your subscription at any time from the "
                                        "account page.", None, None),
    ("mock", "upgrade_plan", "", "Premium includes 50 GB and priority support; Basic includes 10 GB.", None, None),
    ("mock", "upgrade_plan", "Account A101 is currently on the Basic plan.", "Should I upgrade it to Premium?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "cancel_subscription", "", "Would you like me to go ahead and cancel the subscription on A100? Please reply "
                                        "yes or no.", "cancel_subscription", {"account_id": "A100"}),
    ("restaurant", "simple/01-cold-brew", "", "Perfect - **1 small Cold Brew**. Shall I go ahead and place the order?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Just to confirm, that's a large Cold Brew - good to place the order?",
     "place_order", _NONE),
    ("restaurant", "simple/01-cold-brew", "", "Your small Cold Brew is being prepared now!", None, None),
    ("bank", "freeze_after_alert", "", "I can freeze card CARD-5120 right away so no new payments go through. Would "
                                       "you like me to do that?", "freeze_card", {"card_id": "CARD-5120"}),
    ("bank", "freeze_after_alert", "", "To confirm: you'd like me to place a freeze on CARD-5120 - is that right?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("bank", "freeze_after_alert", "", "Freezing a card is reversible - you can unfreeze it from the app at any time.",
     None, None),
    ("bank", "dispute_fuel", "", "I found the charge: **Coastline Fuel, $62.18** (TX-7001). Would you like me to open a "
                                 "dispute on it as a charge you don't recognise?", "dispute_transaction",
     {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "dispute_fuel", "", "Shall I dispute TX-7001 (Coastline Fuel, $62.18) with the reason \"not recognised\"?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "dispute_fuel", "", "Shall I open a dispute on TX-7001 as a duplicate charge?", "dispute_transaction",
     _NONE),
    ("bank", "duplicate_grocery", "", "I see two identical charges from Green Basket Grocers. Shall I dispute the "
                                      "second one, TX-7003, as a duplicate?", "dispute_transaction",
     {"transaction_id": "TX-7003", "reason": "duplicate"}),
    ("bank", "dispute_fuel", "", "Disputes usually take 7-10 business days to resolve, and a provisional credit appears "
                                 "within 2 business days.", None, None),
    ("bank", "dispute_fuel", "", "Could you tell me the name of the merchant on the charge you'd like to dispute?",
     None, None),
    ("clinic", "reschedule", "", "I can move appointment AP-9001 to Tuesday, December 8th, same time and clinician. "
                                 "Shall I go ahead?", "reschedule_appointment",
     {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "reschedule", "", "Would you like me to reschedule AP-9001 to 12/08/2026?", "reschedule_appointment",
     {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "reschedule", "", "Shall I move AP-9001 to December 9?", "reschedule_appointment", _NONE),
    ("clinic", "reschedule", "", "AP-9001 -> Tuesday 8 December 2026 (same time, same clinician). Shall I make the "
                                 "change?", "reschedule_appointment",
     {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "cancel", "", "Just to double-check before I cancel: appointment AP-9002, reason illness. Okay to "
                             "proceed?", "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("clinic", "cancel", "Your upcoming appointment is AP-9002 on December 3 with Dr. Lee.",
     "Would you like me to cancel it?", "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("clinic", "reschedule", "", "Our next openings are December 8 and December 10. Which day works best for you?",
     None, None),
    ("clinic", "cancel", "", "Please note that cancellations within 24 hours may incur a fee.", None, None),
    ("power", "move_out", "", "I'll arrange a final meter read and close account 4417-2290 on December 19, 2026. Does "
                              "that sound right?", "schedule_move_out",
     {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("power", "move_out", "", "Shall I set your move-out date for account 4417-2290 to 19 December?",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("power", "move_out", "", "Shall I schedule the move-out on account 4417-2290 for December 20?",
     "schedule_move_out", _NONE),
    ("power", "move_out", "", "After your move-out date, you'll receive a final bill within 10 days.", None, None),
    ("streamco", "triple_charge", "", "I can refund the two extra charges, CH-2 and CH-3, on account AC-310 back to "
                                      "your card. Shall I proceed?", "refund_charges",
     {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("streamco", "triple_charge", "", "Here's what I'll refund on account AC-310:\n- CH-2 ($12.99)\n- CH-3 ($12.99)\n\n"
                                      "Can I get a yes from you?", "refund_charges",
     {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("streamco", "triple_charge", "", "Shall I refund CH-2 on account AC-310?", "refund_charges", _NONE),
    ("streamco", "triple_charge", "", "Should I refund CH-1, CH-2 and CH-3 on AC-310?", "refund_charges", _NONE),
    ("streamco", "triple_charge", "", "Refunds go back to the original card and usually show up within 5 business "
                                      "days.", None, None),
    # ---- seventh batch (round 4, also before the rules): longer frontier-style messages, restaurant read-backs as
    # lists, tables and prose, user-subject asks ("Would you like to proceed with the upgrade?"), values formatted
    # otherwise ("(312) 555-0147", "19/12/2026", "the 13th of March")
    ("restaurant", "medium/02-garden-veggie-pizza", "", "Here's your order so far:\n\n1. **Garden Veggie Pizza** "
     "(large, gluten-free crust) x 2\n2. **Garlic Knots** x 3 - garlic butter dip, plus extra dip\n\nDoes everything "
     "look right? If so, I'll send it to the kitchen.", "place_order",
     {"lines": "2 x garden veggie pizza (large, gluten free crust); 3 x garlic knots (garlic butter dip, extra dip)"}),
    ("restaurant", "medium/03-bbq-chicken-pizza", "", "Alright! That's one large BBQ Chicken Pizza on the classic crust "
     "with light sauce, and two medium Diet Colas. Shall I go ahead and put the order in?", "place_order",
     {"lines": "1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)"}),
    ("restaurant", "medium/05-chicken-parmesan", "", "Let me read that back: 2 Chicken Parmesan with gluten-free penne "
     "and extra marinara, plus 1 large Ginger Ale. Ready to place it?", "place_order",
     {"lines": "1 x ginger ale (large); 2 x chicken parmesan (gluten free penne, extra marinara)"}),
    ("restaurant", "medium/01-yard-meat-feast-pizza", "", "So that's one small Yard Meat Feast Pizza (classic crust, "
     "mushrooms) and one Charred Broccolini with toasted almonds. Should I place the order?", "place_order", _NONE),
    ("restaurant", "simple/05-loaded-nachos", "", "| Item | Qty | Notes |\n|---|---|---|\n| Loaded Nachos | 1 | "
     "sharing size |\n\nGood to go? I'll place it as soon as you say so.", "place_order",
     {"lines": "1 x loaded nachos (sharing size)"}),
    ("restaurant", "simple/04-cobb-salad", "", "Got it - a Cobb Salad with honey mustard dressing. If that's everything, "
     "shall I put it through?", "place_order", {"lines": "1 x cobb salad (honey mustard)"}),
    ("restaurant", "simple/04-cobb-salad", "", "Your Cobb Salad with honey mustard has been sent to the kitchen - it "
     "should be out in about 15 minutes.", None, None),
    ("mock", "upgrade_plan", "", "I've reviewed account A101. Moving it to **Premium** would cost $20/month, starting "
     "today.\n\nWould you like to proceed with the upgrade?", "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "router_off_and_downgrade", "Your account A104 is on the Standard plan.",
     "Would you like me to switch you to Basic instead?", "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "cancel_subscription", "", "Cancelling will end the subscription on A100 immediately, and you'll lose "
     "access to its features. Do you still want to go through with it?", "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "", "Please reply **CONFIRM** to cancel the subscription on account A100.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "", "To make sure I've got this right - you want to terminate the subscription tied "
     "to A100, correct?", "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "", "Shall I upgrade A110 to Premium?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Your plan was changed to Premium on March 3rd.", None, None),
    ("mock", "upgrade_plan", "", "Would you like to hear what's included in Premium before deciding?", None, None),
    ("retail", _CANCEL, "", "Thanks for your patience! I've pulled up order **#W3125736**:\n\n- Status: Pending\n- "
     "Items: Backpack, Coffee Maker\n- Total: $89.10\n\nTo cancel it, I just need your confirmation. Should I "
     "proceed?", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _RETURN, "", "Sure thing. Just to make sure we're on the same page: you'd like to return the Wireless "
     "Earbuds from order #W3129434 and have the refund sent to your original payment method. Can you confirm?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "I can set up an exchange of the Hiking Boots on #W3110919 for the olive / US 10 variant "
     "at no extra cost. Do you want me to submit it?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _ADDRESS, "", "Let me know if you'd like the address on W3135709 updated to 836 Birch Boulevard, "
     "Brookfield, WI 33688, and I'll make the change right away.", "modify_pending_order_address",
     {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "", "I'll change the delivery address on W3135709 to 836 Birch Blvd., Brookfield, WI 33688 - "
     "okay?", "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _CANCEL, "", "Alright, I'm ready to cancel order W3125736. Please type 'yes' to confirm.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "Here are the details of the cancellation:\n- Order #W3125736\n- Reason: no longer needed\n- "
     "Refund: $89.10 to your original payment method", "Please confirm (yes/no).", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _RETURN, "Order #W3129434 contains Wireless Earbuds ($54.99), delivered March 2.",
     "Would you like to go ahead and send them back?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "", "Would you like to proceed with returning the Wireless Earbuds?",
     "return_delivered_order_items", _NONE),
    ("retail", _CANCEL, "", "If you'd rather cancel it yourself, you can also do that from the Orders page.", None,
     None),
    ("retail", _CANCEL, "", "Cancellation requests are usually processed within a few minutes.", None, None),
    ("retail", _EXCHANGE, "", "Could you confirm which item you'd like to exchange?", None, None),
    ("retail", _PAYMENT, "", "Alright, I can swap the payment on W3141805 over to PayPal (paypal_7357918). Would that "
     "work for you?", "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _RETURN, "", "Shall I initiate the return for order W3129434?", "return_delivered_order_items",
     {"order_id": "W3129434"}),
    ("ecommerce", _INSTALL, "", "I can book a technician to install your purchase from order E205810 on Fri, Mar 13. "
     "Let me know if that works and I'll confirm the booking.", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "", "Perfect. I'll set up the installation for order E205810 on the 13th of March. Sound "
     "good?", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INVOICE, "", "For the invoice, I'll use the following:\n- Order number: E206019\n- Company name: "
     "Harbor Print Ltd\n\nPlease let me know if that's correct and I'll issue it.", "issue_invoice",
     {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _PRICE, "Your screenshot IMG-4699 shows the item at $389 on our site, and order E206299 was bought "
     "at $429.", "Would you like me to apply the $40 difference as price protection?", "apply_price_protection",
     {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _PRICE, "", "I can get a price match processed for E206299 based on IMG-4699. Shall I go ahead?",
     "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _INVOICE, "", "The invoice for E206019 will be issued to Harbor Print Ltd once the order is "
     "delivered.", None, None),
    ("ecommerce", _INSTALL, "", "Would you like the installation scheduled for March 13 on order E205810?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("telecom", _REFUEL, "", "Here's what I can do:\n\n- **Add 2 GB of data** to 206-555-0128 (customer C1003)\n- "
     "Cost: $10, added to your next bill\n\nLet me know if you'd like me to go ahead.", "refuel_data",
     {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "", "I can lift the suspension on 415-555-0163 (customer C1002) now that the payment has gone "
     "through. Do you want me to do that?", "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "Customer C1002, line 415-555-0163: suspended, bill now paid.", "Shall I reactivate it?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _ROAMING, "", "Shall I turn roaming on for (312) 555-0147, customer C1001?", "enable_roaming",
     {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "", "Shall I turn roaming on for 312-555-0174 (customer C1001)?", "enable_roaming", _NONE),
    ("telecom", _BILL, "", "Would it be okay if I sent a payment request for B9001 to the phone on customer C1002's "
     "account?", "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _ROAMING, "", "Roaming usually starts working within a few minutes of being enabled.", None, None),
    ("telecom", _ROAMING, "", "Would you like me to check whether roaming is enabled on your line?", None, None),
    ("telecom", _BILL, "", "Would you prefer that I transfer you to a specialist?", "transfer_to_human", {}),
    ("bank", "freeze_after_alert", "", "Given the unfamiliar alert, I'd recommend freezing card CARD-5120 right away. "
     "Shall I go ahead?", "freeze_card", {"card_id": "CARD-5120"}),
    ("bank", "freeze_after_alert", "", "Please confirm you'd like card CARD-5120 locked so no new payments can go "
     "through.", "freeze_card", {"card_id": "CARD-5120"}),
    ("clinic", "reschedule", "", "Your appointment AP-9001 can be moved to Tuesday, Dec. 8. Shall I book that for you?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "cancel", "", "I'll cancel appointment AP-9002 for you - can you confirm that's what you'd like?",
     "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("power", "move_out", "", "Just to confirm the details before I schedule your move-out:\n- Account: 4417-2290\n- "
     "Move-out date: 19/12/2026\n\nShall I go ahead?", "schedule_move_out",
     {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("power", "move_out", "", "Shall I close account 4417-2290 effective December 19?", "schedule_move_out",
     {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("streamco", "triple_charge", "", "I can refund charges CH-2 and CH-3 ($12.99 each) on your account AC-310. Would "
     "you like me to go ahead with both refunds?", "refund_charges",
     {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    # ---- eighth batch (round 4): the ask before or after other talk, reply instructions, conditional asks, offers
    # to hand over said as the user's wish, choices between two actions, and more values said otherwise
    ("retail", _CANCEL, "", "If you'd like to proceed with cancelling order #W3125736, just reply \"yes\".",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Reply \"yes\" to cancel order #W3125736, or \"no\" to keep it.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Order #W3125736 is eligible for cancellation, and the $89.10 would go back to your "
     "original payment method. Shall I proceed? Also, feel free to ask if you have any other questions.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Thanks, Yusuf! I've verified your identity.\n\nI can see order **#W3125736** is still "
     "pending. Cancelling it will refund the full amount within 5-7 business days.\n\n**Do you want me to go ahead and "
     "cancel it?**", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _ADDRESS, "", "The new shipping address would be:\n> 836 Birch Boulevard, Brookfield, WI 33688\n\nIs it "
     "okay for me to apply this to order #W3135709?", "modify_pending_order_address",
     {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "", "Please confirm by replying YES: switch the payment for W3141805 to PayPal "
     "(paypal_7357918).", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _RETURN, "", "I've got everything I need to process the return of the Wireless Earbuds on W3129434. Can "
     "you confirm you'd like me to submit it?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "Exchanging the boots on W3110919 for the olive / US 10 pair - is that what you'd like me "
     "to do?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _CANCEL, "", "Do you want to keep order W3125736, or should I cancel it?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Would you like to cancel the whole order or just one of the items?", None, None),
    ("retail", _CANCEL, "", "Is there anything else you'd like me to do with order W3125736?", None, None),
    ("retail", _CANCEL, "", "Once the cancellation goes through, you'll receive a confirmation email.", None, None),
    ("retail", _RETURN, "", "Would you like the refund for the return to go to your original card or to a gift card?",
     None, None),
    ("mock", "locked_account_escalation", "", "Would you like to speak with a human agent about unlocking it?",
     "transfer_to_human", {}),
    ("mock", "cancel_subscription", "", "Confirming the cancellation for account A100 - yes or no?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "", "All set to move A101 to Premium whenever you are. Just give me the go-ahead!",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "", "Premium costs $20/month. Should I go ahead and switch A101 to it?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "", "Does upgrading A101 to Premium sound good to you?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "", "Would you like to upgrade to Premium or stay on Basic?", "change_plan", _NONE),
    ("mock", "router_off_and_downgrade", "", "Before I downgrade A104 to Basic, do you have any questions about what "
     "changes?", None, None),
    ("ecommerce", _INSTALL, "", "Does Friday 13 March suit you for the installation on E205810? I'll book it in as soon "
     "as you confirm.", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INVOICE, "", "Shall I go ahead and issue an invoice for order E206019? I'll need the company name "
     "first.", "issue_invoice", _NONE),
    ("ecommerce", _PRICE, "", "You're eligible for price protection on E206299. To apply it with screenshot IMG-4699, "
     "just reply 'confirm'.", "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("telecom", _ROAMING, "", "Before I make any changes: you'd like international roaming turned on for 312-555-0147 "
     "(customer C1001). Please confirm.", "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "", "Adding 2 GB to 206-555-0128 for customer C1003 will cost $10. Do you approve?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "", "I can get a human agent to look into this for you if you'd prefer.", "transfer_to_human",
     {}),
    ("telecom", _REFUEL, "", "How much data would you like me to add to 206-555-0128?", None, None),
    ("restaurant", "simple/02-spinach-artichoke-dip", "", "Order summary: Spinach Artichoke Dip with veggie sticks "
     "(1). Place order?", "place_order", {"lines": "1 x spinach artichoke dip (veggie sticks)"}),
    ("restaurant", "simple/03-crispy-calamari", "", "One Crispy Calamari, spicy marinara on the side - I'll send that "
     "through once you say it's right.", "place_order", {"lines": "1 x crispy calamari (spicy marinara)"}),
    ("restaurant", "medium/03-bbq-chicken-pizza", "", "That's 1 large BBQ Chicken Pizza (classic crust, light sauce) "
     "and 2 medium Diet Colas, for a total of $27.50. Shall I submit the order?", "place_order",
     {"lines": "1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)"}),
    ("restaurant", "simple/01-cold-brew", "", "Is there anything else you'd like, or shall I place the order for your "
     "small Cold Brew?", "place_order", {"lines": "1 x cold brew (small)"}),
    # a list's other elements in a sentence of their own are context, not part of what is refunded
    ("streamco", "triple_charge", "", "You were charged three times this month: CH-1, CH-2 and CH-3. Shall I refund "
     "CH-2 and CH-3 on account AC-310?", "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    # ---- ninth batch (round 4): short asks after a message that named the action and its values, the approval
    # next to a question for a fact, "Do you authorize …", "May I proceed with …", restaurant "ring it up"
    ("retail", _CANCEL, _PENDING,
     "OK to proceed?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _PENDING,
     "Want me to do it?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _PENDING,
     "Should I?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _PENDING,
     "Would you like me to go ahead with that?", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _PENDING,
     "Confirm?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Shall I cancel order W3125736? If so, could you also tell me the reason - no longer "
     "needed or ordered by mistake?", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "May I proceed with the cancellation of order #W3125736?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Do you authorize me to cancel order W3125736?", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _ADDRESS, "", "I'd like to confirm the following before proceeding:\n\n- Order: #W3135709\n- New "
     "address: 836 Birch Boulevard, Brookfield, WI 33688\n\nIs this correct?", "modify_pending_order_address",
     {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "Order W3141805 is paid with a gift card; your PayPal account (paypal_7357918) is also on "
     "file.", "Want me to move the payment over to PayPal?", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _EXCHANGE, "Order W3110919: Hiking Boots, delivered. The olive pair in US 10 is in stock.",
     "Can I go ahead and swap them for you?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _RETURN, "", "Can I go ahead and start a return for order W3129434?", "return_delivered_order_items",
     {"order_id": "W3129434"}),
    ("mock", "upgrade_plan", "Account A101 is on Basic; Premium is $20/month.", "Want me to make that change?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "", "Go ahead with the plan change for A101 to Premium?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("mock", "cancel_subscription", "", "I'll need your consent before cancelling the subscription on A100. Do I have "
     "it?", "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "", "May I go ahead and end the subscription on account A100?",
     "cancel_subscription", {"account_id": "A100"}),
    ("ecommerce", _INSTALL, "Friday, March 13 is open for the installation on order E205810.",
     "Should I grab that slot for you?", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INVOICE, "", "Can I go ahead and generate the invoice for E206019 under Harbor Print Ltd?",
     "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _PRICE, "", "Do you authorize me to file a price protection claim on E206299 with IMG-4699?",
     "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("telecom", _ROAMING, "", "May I enable international roaming on 312-555-0147 for customer C1001?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "Line 206-555-0128 (customer C1003) has used its full allowance; a 2 GB top-up is $10.",
     "Should I add it?", "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "", "Can I go ahead and send you a payment request for bill B9001 (customer C1002)?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "", "Do I have your consent to resume service on 415-555-0163 for customer C1002?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("restaurant", "simple/01-cold-brew", "", "One small Cold Brew - want me to ring that up?", "place_order",
     {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Can I send this off to the kitchen? That's one small Cold Brew.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/04-cobb-salad", "", "Shall I finalize your order of one Cobb Salad with honey mustard?",
     "place_order", {"lines": "1 x cobb salad (honey mustard)"}),
    ("restaurant", "simple/04-cobb-salad", "", "Is that everything? If so, I'll place the order for your Cobb Salad "
     "with honey mustard.", "place_order", {"lines": "1 x cobb salad (honey mustard)"}),
    ("bank", "freeze_after_alert", "", "May I go ahead and freeze CARD-5120?", "freeze_card", {"card_id": "CARD-5120"}),
    ("clinic", "cancel", "", "Do you authorize me to cancel appointment AP-9002?", "cancel_appointment",
     {"appointment_id": "AP-9002"}),
    ("power", "move_out", "Account 4417-2290 can be closed on 19 December 2026, with a final bill after.",
     "Shall I set that up?", "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    # hard negatives: a question about the past, a plan's price, "May I ask …", "Can I help with anything else?"
    ("retail", _CANCEL, "", "May I ask why you'd like to cancel?", None, None),
    ("retail", _CANCEL, "", "Did you want to cancel the order yourself earlier today?", None, None),
    ("mock", "upgrade_plan", "", "Can I help you with anything else regarding your plan?", None, None),
    ("telecom", _ROAMING, "", "Have you already tried enabling roaming on your phone?", None, None),
    # ---- tenth batch (round 4): a bare ask under a summary in the message before - waiting on the user's word,
    # "let me know if that works", "this change" for what the summary named
    ("retail", _CANCEL, _SUMMARY, "Please confirm you want to proceed with this change.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "I'm ready to submit this whenever you are.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Awaiting your confirmation to proceed.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Should I go ahead, or would you like to make any changes first?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "I'll wait for your confirmation before making any changes.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "I just need a quick 'yes' to go ahead.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Please let me know whether you'd like to proceed.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Let me know if that works for you.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Let me know if everything looks correct.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Just confirm and I'll take care of the rest.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "If everything looks right, just give me a thumbs up.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, _SUMMARY, "Happy for me to proceed?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Let me know if that helps!", None, None),
    ("retail", _CANCEL, "", "I'll wait here while you check your email for the order number.", None, None),
    # ---- eleventh batch (round 4): hard negatives - offers of a record ("a copy of the cancellation confirmation"),
    # questions of which, when or how, "Are you sure you have the right order number?" - and approvals whose value is
    # missing or one digit off
    ("retail", _CANCEL, "", "Would you like a copy of the cancellation confirmation sent to your email?",
     None, None),
    ("retail", _CANCEL, "", "Do you want the refund to go back to your card, or would you prefer store credit?",
     None, None),
    ("retail", _CANCEL, "", "Just to let you know, once I cancel the order it can't be reinstated.",
     None, None),
    ("retail", _CANCEL, "", "I'm going to need the order number before I can cancel anything.",
     None, None),
    ("retail", _CANCEL, "", "Are you sure you have the right order number? I can't find W3125763.",
     None, None),
    ("retail", _CANCEL, "", "Do you happen to know whether the order has shipped yet?",
     None, None),
    ("retail", _CANCEL, "", "Can you confirm the email address on your account so I can locate the order?",
     None, None),
    ("retail", _RETURN, "", "Would you like to return all the items, or only some of them?",
     None, None),
    ("retail", _RETURN, "", "Returns can be processed within 30 days of delivery.",
     None, None),
    ("retail", _EXCHANGE, "", "Which size would you like for the replacement boots?",
     None, None),
    ("retail", _ADDRESS, "", "What's the new address you'd like the order shipped to?",
     None, None),
    ("retail", _ADDRESS, "", "Shall I update the address on W3135709 to 836 Birch Boulevard, Brookfield, WI 33698?",
     "modify_pending_order_address", _NONE),
    ("retail", _ADDRESS, "", "Shall I update the address on W3135709 to 863 Birch Boulevard, Brookfield, WI 33688?",
     "modify_pending_order_address", _NONE),
    ("retail", _PAYMENT, "", "Which payment method would you like to switch to?",
     None, None),
    ("retail", _PAYMENT, "", "Shall I switch the payment on W3141805 to your PayPal account?",
     "modify_pending_order_payment", _NONE),
    ("retail", _CANCEL, "", "Shall I cancel your order?",
     "cancel_pending_order", _NONE),
    ("mock", "upgrade_plan", "", "Shall I move A101 to Basic?",
     "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Would you like me to tell you the price of each plan?",
     None, None),
    ("mock", "upgrade_plan", "", "Which plan would you like to switch to?",
     None, None),
    ("ecommerce", _INSTALL, "", "What day works best for the installation?",
     None, None),
    ("ecommerce", _INSTALL, "", "Would a morning installation on March 13 work, or would you prefer the afternoon?",
     None, None),
    ("ecommerce", _INSTALL, "", "Shall I book the installation for E205810 on March 31?",
     "schedule_installation", _NONE),
    ("ecommerce", _INVOICE, "", "Shall I issue the invoice for E206091 to Harbor Print Ltd?",
     "issue_invoice", _NONE),
    ("ecommerce", _INVOICE, "", "Do you need the invoice to include your VAT number?",
     None, None),
    ("ecommerce", _PRICE, "", "Could you upload a screenshot showing the lower price?",
     None, None),
    ("ecommerce", _PRICE, "", "Shall I apply price protection to E206299 using IMG-4696?",
     "apply_price_protection", _NONE),
    ("telecom", _ROAMING, "", "Would you like me to check if roaming is turned on for your line?",
     None, None),
    ("telecom", _ROAMING, "", "Do you know if roaming is switched on in your phone's settings?",
     None, None),
    ("telecom", _REFUEL, "", "Would you like 1 GB, 2 GB or 5 GB?",
     None, None),
    ("telecom", _REFUEL, "", "Shall I add 2 GB to 206-555-0182 for customer C1003?",
     "refuel_data", _NONE),
    ("telecom", _REFUEL, "", "Shall I add 2 GB to 206-555-0128 for customer C1030?",
     "refuel_data", _NONE),
    ("telecom", _BILL, "", "Shall I resume the line 415-555-0163 for customer C1002 once you've paid bill B9001?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "Once the bill is paid, your line will be resumed automatically within an hour.",
     None, None),
    ("telecom", _BILL, "", "Do you want to hear about payment plans for the overdue bill?",
     None, None),
    ("restaurant", "simple/01-cold-brew", "", "Would you like to add anything else to your order?",
     None, None),
    ("restaurant", "simple/01-cold-brew", "", "Would you like that hot or iced?",
     None, None),
    ("restaurant", "simple/01-cold-brew", "", "Shall I place the order for one large Cold Brew?",
     "place_order", _NONE),
    ("restaurant", "simple/01-cold-brew", "", "Shall I place the order for two small Cold Brews?",
     "place_order", _NONE),
    ("restaurant", "simple/01-cold-brew", "", "Can I get you anything to eat with that?",
     None, None),
    ("restaurant", "simple/01-cold-brew", "", "Would you like to pay now or at pickup?",
     None, None),
    # ---- twelfth batch (round 4): a plan of steps asking to start, "flip it on?", "have I got that right?",
    # "…, yes?", "once you give the word", hand-offs offered as "send you their way", "All I need is your okay"
    ("retail", _RETURN, "", "I'm all set to process the return for order #W3129434 (Wireless Earbuds). Shall I make it "
     "happen?", "return_delivered_order_items", {"order_id": "W3129434"}),
    ("telecom", _BILL, "", "Here's my plan:\n1. Send the payment request for bill B9001 to customer C1002.\n2. Once it's "
     "paid, resume 415-555-0163.\n\nOkay to kick things off with step one?", "send_payment_request",
     {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _REFUEL, "", "Should I go with the 2 GB top-up for 206-555-0128 on account C1003", "refuel_data",
     {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _ROAMING, "", "Roaming for 312-555-0147 (account C1001) - flip it on?", "enable_roaming",
     {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("retail", _EXCHANGE, "", "You'd like the Hiking Boots on W3110919 traded for the olive US 10 pair - have I got that "
     "right?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("mock", "cancel_subscription", "", "Just so we're clear, you want the subscription on A100 cancelled, yes?",
     "cancel_subscription", {"account_id": "A100"}),
    ("retail", _ADDRESS, "", "I'll put the new address (836 Birch Boulevard, Brookfield, WI 33688) on order W3135709 "
     "once you give the word.", "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("telecom", _BILL, "", "A colleague on our billing team can sort this out. Want me to send you their way?",
     "transfer_to_human", {}),
    ("telecom", _BILL, "", "That's something a human agent will need to handle. Would you like me to hand you off?",
     "transfer_to_human", {}),
    ("ecommerce", _INSTALL, "", "Ready to lock in March 13 for the installation on E205810 - shall I?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _PRICE, "", "I can credit the $40 difference on E206299 based on IMG-4699. Want me to do that?",
     "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _INVOICE, "", "Invoice for E206019 under 'Harbor Print Ltd' - okay to generate?", "issue_invoice",
     {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("retail", _PAYMENT, "", "Should I make the switch for order W3141805 to paypal_7357918?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("mock", "router_off_and_downgrade", "", "Okay to move A104 to Basic starting next cycle?", "change_plan",
     {"account_id": "A104", "plan": "basic"}),
    ("retail", _CANCEL, "", "Let me know if I should go ahead with cancelling W3125736.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "All I need is your okay to cancel #W3125736.", "cancel_pending_order",
     {"order_id": "W3125736"}),
    ("retail", _CANCEL, "", "Cancel order W3125736 - yes or no?", "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _RETURN, "", "To proceed with the return on W3129434, please reply with 'Yes, return'.",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "", "I'd recommend swapping the boots (order W3110919) for the olive US 10 pair. Shall I set "
     "that up?", "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("telecom", _BILL, "", "Can I go ahead and reactivate 415-555-0163 for C1002?", "resume_line",
     {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "", "Should I push through the payment request for B9001 to customer C1002 now",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("restaurant", "simple/01-cold-brew", "", "1 Cold Brew, small. Send it?", "place_order",
     {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "One small Cold Brew it is! Shall I get that order in for you?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "That's a small Cold Brew. All good to send to the kitchen?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("mock", "upgrade_plan", "", "You'd like A101 bumped up to Premium - did I get that right?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("telecom", _ROAMING, "", "Just to be clear, you want roaming turned on for 312-555-0147 under C1001, right?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("ecommerce", _INSTALL, "", "So that's installation on 13 March 2026 for order E205810 - can I go ahead and reserve "
     "it?", "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("bank", "freeze_after_alert", "", "Would you like me to put a freeze on card CARD-5120?", "freeze_card",
     {"card_id": "CARD-5120"}),
    ("clinic", "reschedule", "", "Shall I move your appointment AP-9001 to December 8th?", "reschedule_appointment",
     {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("retail", _EXCHANGE, "Order W3110919 was delivered, so it can't be modified anymore. An exchange of the Hiking "
     "Boots for the olive US 10 pair is possible, though.", "Would you like to go that route?",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    # ---- thirteenth batch (round 4): a guest's order - lines added, changed or taken off ("take the pastry off",
    # "drop the muffin"), "check out" and "lock that in" for placing it, a member of staff to hand over to
    ("restaurant", "simple/01-cold-brew", "", "Should I go ahead and add one small Cold Brew?",
     "add_item", {"item": "Cold Brew", "quantity": 1}),
    ("restaurant", "simple/01-cold-brew", "", "I can add a small Cold Brew for you - shall I?",
     "add_item", _NONE),
    ("restaurant", "simple/01-cold-brew", "", "Shall I switch the Cold Brew to a small?",
     "update_line", {}),
    ("restaurant", "simple/01-cold-brew", "", "Do you want me to change that Cold Brew to small?",
     "update_line", {}),
    ("restaurant", "simple/01-cold-brew", "", "Should I take the pastry off your order?",
     "remove_line", {}),
    ("restaurant", "simple/01-cold-brew", "", "Would you like me to remove the croissant?",
     "remove_line", {}),
    ("restaurant", "simple/01-cold-brew", "", "Want me to drop the muffin from the order?",
     "remove_line", {}),
    ("restaurant", "simple/01-cold-brew", "", "Would you like me to get a member of staff to help with that?",
     "transfer_to_human", {}),
    ("restaurant", "simple/01-cold-brew", "", "Is it okay if I send the order now? It's one small Cold Brew.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "",
     "Your total is $4.50 for one small Cold Brew. Would you like me to go ahead and place it?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Final order: one small Cold Brew ($4.50). Confirm and I'll send it off.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Shall I finalize the order? One small Cold Brew.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "Are you ready for me to send this order in? One small Cold Brew.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "One small Cold Brew - would you like to check out?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "", "One small Cold Brew. Should I lock that in?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "",
     "Great - so just the one small Cold Brew. Can I go ahead and put that order through?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    # ---- fourteenth batch (round 4): values that look right and are not - a longer name that starts with the
    # option ("Premium Plus"), a price or a time for a count ("for $2"), the ask about another line than the one also
    # named, another year; and the same value said right next to them
    ("mock", "upgrade_plan", "", "Shall I move A101 to Premium Plus?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Shall I move A101 to the Premium Family plan?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Shall I move A101 to the Premium Plan?", "change_plan",
     {"account_id": "A101", "plan": "premium"}),
    ("telecom", _REFUEL, "", "Shall I add data to 206-555-0128 (customer C1003) for $2?", "refuel_data", _NONE),
    ("telecom", _REFUEL, "", "Shall I add 2 GB to 206-555-0128 (customer C1003) for $10?", "refuel_data",
     {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _ROAMING, "", "Shall I turn roaming on for 312-555-0199 (customer C1001)? Your other line "
     "312-555-0147 already has it.", "enable_roaming", _NONE),
    ("telecom", _ROAMING, "", "Your other line 312-555-0199 already has roaming. Shall I turn it on for 312-555-0147 "
     "(customer C1001) too?", "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("ecommerce", _INSTALL, "", "Shall I book the installation for order E205810 on March 13, 2025?",
     "schedule_installation", _NONE),
    ("clinic", "reschedule", "", "Shall I move AP-9001 to December 8, 2027?", "reschedule_appointment", _NONE),
    ("streamco", "triple_charge", "", "Shall I refund CH-2 and CH-3 on account AC-301?", "refund_charges", _NONE),
    # ---- fifteenth batch (round 4): the action done to a thing ("get the order cancelled", "have the address
    # changed"), offers closed by "Interested?" or "Would a 2 GB top-up help?", "whenever you give me the nod",
    # an approval next to a step of the user's, an action the goal does not want (the user declines it)
    ("retail", _CANCEL, "",
     "Your cancellation request for W3125736 is ready to submit - confirm?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Shall I get order W3125736 cancelled for you?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _ADDRESS, "",
     "Shall I have the shipping address on W3135709 changed to 836 Birch Boulevard, Brookfield, WI 33688?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _CANCEL, "",
     "Do you want order W3125736 canceled right away?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _RETURN, "",
     "Do you want this return for W3129434 processed now?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _CANCEL, "",
     "I've prepared the cancellation of #W3125736. Want me to submit it?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _EXCHANGE, "",
     "The exchange for W3110919 is ready on my end - just need your okay to place it.",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _PAYMENT, "",
     "I'm about to change the payment method on W3141805 to paypal_7357918. OK with you?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _CANCEL, "",
     "Can I cancel it for you? (Order #W3125736)",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Can do! Cancelling #W3125736 - shall I?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("telecom", _ROAMING, "",
     "While I enable roaming on 312-555-0147 (customer C1001), could you restart your phone? Shall I go ahead "
     "with the roaming change?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _BILL, "",
     "To sort this out, I'd suggest two steps: first I send a payment request for B9001 to customer C1002, then "
     "you pay it from your phone. Sound okay?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _ROAMING, "",
     "I could switch roaming on for 312-555-0147 under C1001 - it's free. Interested?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "",
     "Would a 2 GB top-up on 206-555-0128 (customer C1003) help? I can add it now.",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "",
     "Reactivation of 415-555-0163 (C1002) is just one click on my side. Want me to go for it?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "Should I suspend the line 415-555-0163 for customer C1002 while you're away?",
     "suspend_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("mock", "upgrade_plan", "",
     "I can bump A101 up to Premium today. Interested?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "cancel_subscription", "",
     "One last check: cancel the subscription on A100 - are you certain?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Would you like the A100 subscription cancelled effective immediately?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "",
     "I'm happy to process the upgrade of A101 to Premium whenever you give me the nod.",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("ecommerce", _INSTALL, "",
     "A technician can come on Friday, March 13 to install the item from order E205810. Shall I confirm that "
     "appointment?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INVOICE, "",
     "I'll prepare the invoice for E206019 addressed to Harbor Print Ltd. Good to issue?",
     "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _PRICE, "",
     "Your claim for E206299 (screenshot IMG-4699) is ready. Shall I submit it for price protection?",
     "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("restaurant", "simple/01-cold-brew", "",
     "Great, one small Cold Brew. Should I send the order through now?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/01-cold-brew", "",
     "I have one small Cold Brew on the order. Do you want me to finalize it?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("bank", "dispute_fuel", "",
     "I can raise a dispute for TX-7001 ($62.18 at Coastline Fuel) since you don't recognise it. Shall I?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "freeze_after_alert", "",
     "Should I block card CARD-5120 to be safe?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("clinic", "reschedule", "",
     "Would you like your appointment AP-9001 moved to Tuesday, December 8?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("power", "move_out", "",
     "I can schedule your account 4417-2290 to close on December 19, 2026. Would you like me to do that?",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("streamco", "triple_charge", "",
     "I can reverse charges CH-2 and CH-3 on AC-310. Should I?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    # a value proposed for an action named by its noun
    ("ecommerce", _INSTALL, "", "Is Friday, March 13 okay for the installation on E205810?", "schedule_installation",
     {"order_id": "E205810", "date": "2026-03-13"}),
    # ("Is Friday, March 13 okay for you?" offers the user's own install date back for a yes: a check of a value read
    # back, which the labeller counts as a confirmation request in the safety sense, so it is no probe of this list)
    # ---- sixteenth batch (round 4): hand-overs offered in other words - the person named without a verb of
    # handing ("a human agent to take over"), "would you rather chat with …", "raise this with a supervisor", "route
    # you to our retention team - would that be okay?" - and statements or offers to look that hand nothing over
    ("telecom", _BILL, "", "If you'd like, I can get a colleague to call you back.", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would you like to be transferred?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Shall I escalate this to our technical team?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "I can raise this with a supervisor - want me to?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Do you want to talk to a person?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would it help to speak with someone from billing?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "I can pass this along to a specialist if you prefer.", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would you like a human agent to take over?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Should I hand this over to a human?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Want me to escalate?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Can I transfer you to the billing department?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "I could loop in a supervisor. Should I?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would you prefer to speak with a live agent?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Shall I get someone from our technical team on the line?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Let me know if you'd like me to connect you with a human agent.", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would you like me to open an escalation for you?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Do you want me to put you through to a representative?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would you like to continue with a human agent?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "I can route you to our retention team - would that be okay?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "Would you rather chat with one of our human agents?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "A human agent would need to handle contract renewals.", None, None),
    ("telecom", _BILL, "", "Our specialists are available 24/7.", None, None),
    ("telecom", _BILL, "", "I'll be right here if you need anything else.", None, None),
    ("telecom", _BILL, "", "If the issue continues, our technical team can investigate further.", None, None),
    ("telecom", _BILL, "", "Would you like me to check anything else on your account?", None, None),
    # ---- seventeenth batch (round 4): payment methods by brand and last digits ("your Visa ending in 8457",
    # "Mastercard ****8457"), "the gift card ending in 5443" (no order is ended), from one method to another
    ("retail", "payment/email/ok/W3123918", "",
     "Shall I switch order W3123918 to your credit card ending in 8457?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", "payment/email/ok/W3123918", "",
     "Shall I switch order W3123918 to your Visa ending in 8457?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", "payment/email/ok/W3123918", "",
     "Shall I switch order W3123918 to your card (credit_card_6678457)?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", "payment/email/ok/W3123918", "",
     "Shall I move #W3123918 from PayPal to the credit card ending 8457?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", "payment/email/ok/W3123918", "",
     "Shall I switch order W3123918 to your Mastercard ****8457?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", "payment/email/ok/W3123918", "",
     "Shall I switch order W3123918 to your credit card ending in 1234?",
     "modify_pending_order_payment", _NONE),
    ("retail", "payment/email/ok/W3124578", "",
     "Shall I put order W3124578 on your gift card (gift_card_5445443)?",
     "modify_pending_order_payment", {"order_id": "W3124578", "payment_method_id": "gift_card_5445443"}),
    ("retail", "payment/email/ok/W3124578", "",
     "Shall I put order W3124578 on your gift card ending in 5443?",
     "modify_pending_order_payment", {"order_id": "W3124578", "payment_method_id": "gift_card_5445443"}),
    ("retail", "payment/email/ok/W3124578", "",
     "Shall I charge W3124578 to the gift card instead?",
     "modify_pending_order_payment", _NONE),
    ("retail", "payment/email/ok/W3141805", "",
     "To confirm: change the payment method on order #W3141805 from the credit card ending in 8501 to PayPal "
     "(paypal_7357918). OK?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", "payment/email/ok/W3141805", "",
     "Shall I switch order W3141805 to PayPal?",
     "modify_pending_order_payment", _NONE),
    ("retail", "payment/email/ok/W3141805", "",
     "Shall I switch order W3141805 over to the PayPal account on file, paypal_7357918?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    # ---- eighteenth batch (round 4): a plan change or a cancellation in other verbs ("drop A104 down to Basic",
    # "scale back", "discontinue", "unsubscribe", "end your subscription") and a hand-over on a locked account
    ("mock", "upgrade_plan", "",
     "Shall I switch plans for A101 - Basic to Premium?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Ready for me to apply the Premium upgrade to account A101?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "I can get A101 onto Premium right now. Should I?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Can I go ahead and put A101 on the Premium plan?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Premium for A101, effective today - shall I lock that in?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Shall I process a plan upgrade on A101 to Premium?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Would you like account A101 upgraded to Premium?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Do you want to go ahead with the upgrade to Premium for account A101?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "cancel_subscription", "",
     "Shall I end your subscription on account A100 today?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Would you like me to cancel your membership on A100?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "I can discontinue the subscription on A100 for you. Want me to go ahead?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Shall I stop the subscription on account A100?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Do you want me to unsubscribe account A100?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Shall I deactivate the subscription on A100?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "Account A100 has an active Basic subscription.",
     "Cancel it?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "Account A100 has an active Basic subscription.",
     "Do you still want it cancelled?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "router_off_and_downgrade", "",
     "Shall I drop A104 down to Basic?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "router_off_and_downgrade", "",
     "Shall I move A104 to the cheaper Basic plan?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "router_off_and_downgrade", "",
     "Would you like me to scale A104 back to Basic?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "router_off_and_downgrade", "Your account A104 is on Premium at $20/month; Basic is $10/month.",
     "Want me to make the switch?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "locked_account_escalation", "",
     "Your account is locked, so I'll need to bring in a human colleague. Is that okay?",
     "transfer_to_human", {}),
    ("mock", "locked_account_escalation", "",
     "Since the account is locked, would you like me to escalate this to our support staff?",
     "transfer_to_human", {}),
    # ---- nineteenth batch (round 4): a line's actions in other verbs ("unlock roaming", "load 2 GB onto", "a 2 GB
    # data pass", "bring it back online", "trigger a payment prompt") and "switch off roaming on 312-…" (no "switch on")
    ("telecom", _ROAMING, "",
     "Shall I activate international roaming on 312-555-0147 (customer C1001)?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Shall I get roaming enabled for 312-555-0147 on account C1001?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Want me to unlock roaming for 312-555-0147 (C1001)?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Should I allow roaming on 312-555-0147 for C1001?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Roaming is off for 312-555-0147 (C1001). I can turn it on from here - want me to?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Shall I add international roaming to your line 312-555-0147 (customer C1001)?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Can I set your line 312-555-0147 (C1001) up for roaming?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Should I switch off roaming on 312-555-0147 (customer C1001)?",
     "disable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "",
     "Shall I top your line 206-555-0128 (customer C1003) up with 2 GB?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "Shall I load 2 GB onto 206-555-0128 for customer C1003?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "Would you like to buy a 2 GB add-on for 206-555-0128 (account C1003)?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "Should I purchase 2 GB of extra data for 206-555-0128 under C1003?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "A 2 GB data pass for 206-555-0128 (C1003) is $10 - shall I add it?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "I can give 206-555-0128 (customer C1003) an extra 2 GB right away. Would you like that?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "",
     "Shall I bring 415-555-0163 (customer C1002) back online?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "Shall I unsuspend 415-555-0163 for customer C1002?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "Should I turn service back on for 415-555-0163 (C1002)?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "Should I restore your line 415-555-0163 (customer C1002) now?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "Can I send a bill payment request for B9001 to customer C1002?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "",
     "Shall I text you a link to pay bill B9001 (customer C1002)?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "",
     "Would you like me to request payment of B9001 from customer C1002's phone?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "",
     "I can trigger a payment prompt on your phone for bill B9001 (customer C1002). Okay?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    # ---- twentieth batch (round 4): offers to send or show information, which approve no action ("Shall I email
    # you the return label?", "Can I send you a text with the steps?", "Would you like a PDF copy of the invoice?")
    ("telecom", _BILL, "",
     "Would you like me to send you a summary of this chat?",
     None, None),
    ("telecom", _BILL, "",
     "Shall I send the details to your email?",
     None, None),
    ("telecom", _BILL, "",
     "Can I send you a text with the steps?",
     None, None),
    ("telecom", _ROAMING, "",
     "Would you like me to send you a link explaining roaming rates?",
     None, None),
    ("retail", _CANCEL, "",
     "Would you like to receive text notifications about your orders?",
     None, None),
    ("retail", _CANCEL, "",
     "Would you like me to email you the receipt?",
     None, None),
    ("retail", _RETURN, "",
     "Shall I email you the return label?",
     None, None),
    ("retail", _RETURN, "",
     "Do you still have the original packaging?",
     None, None),
    ("ecommerce", _INVOICE, "",
     "Would you like a PDF copy of the invoice as well?",
     None, None),
    ("ecommerce", _INSTALL, "",
     "Would you like a reminder the day before the installation?",
     None, None),
    ("mock", "upgrade_plan", "",
     "Would you like to know what else is included in Premium?",
     None, None),
    ("mock", "cancel_subscription", "",
     "Would you like to tell me why you're cancelling? It helps us improve.",
     None, None),
    ("restaurant", "simple/01-cold-brew", "",
     "Would you like a receipt with your order?",
     None, None),
    ("retail", _EXCHANGE, "",
     "Would you like to see the other colors available?",
     None, None),
    # a move from one date to another asks about the old date and states the new one (the clinic's own agent)
    ("clinic", "reschedule", "", "December 8 is open for AP-9001. Do you want me to book the move from December 3?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    # ---- round 5, written blind (issue 20, generalising): values in tables and bullet lists above "Reply YES to
    # continue", "green light", "make it official", "lock that in"; actions named by synonyms ("put a stop to",
    # "swap", "switch", "send back", "move", "call off"); the action and values in the message before and only
    # "Cancel it?" now; the teams' own domains (gym, rental, hotel untuned); hard negatives: transfer offers that
    # mention an id, "confirm"/"proceed" in information or in asks for a fact, one wrong value, reports of done work
    ("mock", "cancel_subscription", "",
     "**Account:** A100\n**Action:** cancel subscription\n\nReply YES to continue.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "I'm able to put a stop to the subscription on account A100 today. Want me to lock that in?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "",
     "I can bump account A101 up to the Premium plan effective immediately - shall I make it official?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "router_off_and_downgrade", "",
     "Here's what would change:\n\n| | Current | New |\n|---|---|---|\n| Account | A104 | A104 |\n| Plan | Standard | "
     "Basic |\n\nI'll go ahead once you give me the green light.",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "upgrade_plan", "Account A101 is on Basic, and Premium adds 50 GB for $20/month.",
     "Shall I switch you over?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Shall I move A101 to the Standard plan?",
     "change_plan", _NONE),
    ("mock", "cancel_subscription", "",
     "Your subscription on A100 was cancelled a moment ago; you'll keep access until the end of the billing period.",
     None, None),
    ("mock", "locked_account_escalation", "",
     "Account A103 is locked, so I can't make changes to it myself. I can transfer you to a human colleague who can "
     "unlock it - would you like that?",
     "transfer_to_human", {}),
    ("mock", "upgrade_plan", "",
     "To proceed, I'll need the account ID you'd like upgraded.",
     None, None),
    ("mock", "cancel_subscription", "",
     "Just so you're aware, once you confirm a cancellation it can't be undone.",
     None, None),
    ("mock", "upgrade_plan", "",
     "Proceeding with the upgrade requires the account to be in good standing - A101 is, so there's no issue there.",
     None, None),
    ("retail", _CANCEL, "",
     "Here's a quick summary before I make any changes:\n\n| Order | Status | Action |\n|---|---|---|\n| #W3125736 | "
     "Pending | Cancel |\n\nPlease confirm and I'll take care of it.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "I can put a stop to order #W3125736 before it ships. Want me to go ahead?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "Order #W3125736 is still pending, so there's still time to call it off.",
     "Cancel it?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Shall I cancel order #W3125763?",
     "cancel_pending_order", _NONE),
    ("retail", _CANCEL, "",
     "I've cancelled order #W3125736 - the $89.10 refund will go back to your original payment method within 5-7 "
     "business days.",
     None, None),
    ("retail", _CANCEL, "",
     "If you'd like to speak with someone about order #W3125736, I can transfer you to a human agent.",
     "transfer_to_human_agents", {}),
    ("retail", _CANCEL, "",
     "A human colleague can take a closer look at order #W3125736 for you. Shall I transfer you?",
     "transfer_to_human_agents", {}),
    ("retail", _CANCEL, "",
     "Please confirm: should I cancel **#W3125736**, or would you rather keep it?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "I can confirm order #W3125736 is eligible for cancellation. I'm ready to proceed whenever you are - just say the "
     "word.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Could you confirm the order number you'd like me to cancel?",
     None, None),
    ("retail", _CANCEL, "",
     "To proceed with a cancellation, I'll first need to verify your identity - what's the email address on your "
     "account?",
     None, None),
    ("retail", _RETURN, "",
     "Shall I arrange for the Wireless Earbuds on order #W3129434 to be sent back? The refund would go to your "
     "original card.",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "",
     "Just reply YES and I'll get the return for #W3129434 started - you'll receive a prepaid shipping label by email.",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "",
     "Your return request for order #W3129434 has been submitted. Please drop the earbuds off within 14 days.",
     None, None),
    ("retail", _RETURN, "",
     "Once you proceed with the drop-off, the courier scans the parcel and your refund starts processing.",
     None, None),
    ("retail", _EXCHANGE, "",
     "Great news - the olive Hiking Boots in US 10 are in stock. Want me to swap your pair on order #W3110919 for "
     "those?",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _EXCHANGE, "",
     "To summarize the exchange:\n- **Order:** #W3110919\n- **Item:** Hiking Boots\n- **New variant:** olive, US 10\n"
     "- **Price difference:** $0.00\n\nShall I make it official?",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _EXCHANGE, "",
     "Please confirm you'd like the Hiking Boots on order #W3110919 exchanged for the olive pair in US 10",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _ITEMS, "",
     "I can switch the Running Shorts on pending order #W3125314 to black, size S. Want me to lock that in?",
     "modify_pending_order_items", {"order_id": "W3125314"}),
    ("retail", _ITEMS, "",
     "Which size would you like the Running Shorts in before I proceed?",
     None, None),
    ("retail", _ADDRESS, "",
     "Here's the updated shipping info:\n\n> 836 Birch Boulevard\n> Brookfield, WI 33688\n\nI'll apply it to order "
     "#W3135709 as soon as you give me the go-ahead.",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "",
     "Shall I update the address on #W3135709 to 836 Birch Boulevard, Brookfield, WI 33698?",
     "modify_pending_order_address", _NONE),
    ("retail", _ADDRESS, "The new address you gave me is 836 Birch Boulevard, Brookfield, WI 33688, and order "
                         "#W3135709 is still pending.",
     "Want me to go ahead and make that change?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "",
     "**Proposed change for order #W3141805**\n- Payment method: PayPal (paypal_7357918)\n\nReply YES to continue.",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "",
     "I can move the charge for #W3141805 over to your PayPal account. Shall I?",
     "modify_pending_order_payment", _NONE),
    ("ecommerce", _INVOICE, "",
     "Before I generate it, here are the invoice details:\n1. Order: E206019\n2. Billed to: Harbor Print Ltd\n\nReply "
     "YES to continue.",
     "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("ecommerce", _INVOICE, "",
     "Shall I issue the invoice for E206019 to Harbor Press Ltd?",
     "issue_invoice", _NONE),
    ("ecommerce", _INSTALL, "",
     "I've pencilled in **Friday, March 13** for the installation on order E205810. Want me to lock that in?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "",
     "Installation date for order E205810: 2026-03-13. Shall I make it official?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "The earliest installation slot for order E205810 is Friday, March 13, between 9am and "
                            "noon.",
     "Want me to lock that in?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("ecommerce", _INSTALL, "",
     "Your installation on order E205810 is confirmed for Friday, March 13 - the technician will call ahead.",
     None, None),
    ("ecommerce", _INSTALL, "",
     "You can proceed to book another installation slot on our website if March 13 no longer works.",
     None, None),
    ("ecommerce", _PRICE, "",
     "Based on the screenshot you shared (IMG-4699), order E206299 qualifies for a price adjustment. I'll go ahead "
     "once you give me the green light.",
     "apply_price_protection", {"order_id": "E206299", "image_id": "IMG-4699"}),
    ("ecommerce", _PRICE, "",
     "Shall I file the price protection claim for E206299 with screenshot IMG-4609?",
     "apply_price_protection", _NONE),
    ("ecommerce", _DAMAGE, "",
     "I'm sorry your item arrived damaged. Using your photo IMG-4308, I can set up a free return for order E204931. "
     "Would you like me to do that?",
     "create_return", {"order_id": "E204931", "image_id": "IMG-4308"}),
    ("ecommerce", _DAMAGE, "",
     "Once you send a photo of the damage, I can proceed with the return.",
     None, None),
    ("ecommerce", _INVOICE, "",
     "I'm transferring you to a human colleague who can look at invoice issues on order E206019.",
     None, None),
    ("restaurant", "simple/01-cold-brew", "",
     "Here's your order:\n\n| Item | Size | Qty |\n|---|---|---|\n| Cold Brew | Small | 1 |\n\nReply YES to place it.",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/04-cobb-salad", "",
     "One Cobb Salad with honey mustard dressing - want me to lock that in?",
     "place_order", {"lines": "1 x cobb salad (honey mustard)"}),
    ("restaurant", "simple/01-cold-brew", "",
     "One large Cold Brew, coming up - I'll send it to the kitchen once you give me the green light.",
     "place_order", _NONE),
    ("restaurant", "simple/01-cold-brew", "One small Cold Brew is on your order so far.",
     "Shall I make it official?",
     "place_order", {"lines": "1 x cold brew (small)"}),
    ("restaurant", "simple/03-crispy-calamari", "So far I have one Crispy Calamari with spicy marinara.",
     "Ready for me to send it to the kitchen?",
     "place_order", {"lines": "1 x crispy calamari (spicy marinara)"}),
    ("restaurant", "simple/05-loaded-nachos", "",
     "Your Loaded Nachos (sharing size) have been sent to the kitchen - they'll be out in about 12 minutes.",
     None, None),
    ("telecom", _ROAMING, "",
     "Here's what I'll change:\n- **Customer:** C1001\n- **Line:** 312-555-0147\n- **Change:** international roaming "
     "ON (free)\n\nReply YES to continue.",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "I can switch on roaming for 312-555-0147 (account C1001) right now - want me to lock that in?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "Roaming is currently turned off on line 312-555-0147 under customer C1001.",
     "Want me to turn it on?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Shall I enable roaming on 312-555-0147 for customer C1010?",
     "enable_roaming", _NONE),
    ("telecom", _ROAMING, "",
     "I can escalate the roaming issue on 312-555-0147 (customer C1001) to a specialist - would you like me to?",
     "transfer_to_human", {}),
    ("telecom", _ROAMING, "",
     "Roaming has been enabled on 312-555-0147. Please restart your phone so it picks up the change.",
     None, None),
    ("telecom", _REFUEL, "",
     "I can top up line 206-555-0128 (customer C1003) with **2 GB** for this billing cycle. I'll go ahead once you "
     "give me the green light.",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "A 2 GB refill on 206-555-0128 for customer C1003 - shall I make it official?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "I've added 2 GB of data to 206-555-0128; it should be usable within a couple of minutes.",
     None, None),
    ("telecom", _REFUEL, "",
     "Before we proceed, how many gigabytes would you like to add?",
     None, None),
    ("telecom", _BILL, "",
     "I can reinstate service on 415-555-0163 (customer C1002) now that bill B9001 is paid. Reply YES to continue.",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "Your payment for bill B9001 went through, so the line is ready to be resumed. Just to confirm, the line is "
     "415-555-0163 and the customer ID is C1002 - shall I proceed?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "To proceed, could you tell me the phone number of the suspended line?",
     None, None),
    ("telecom", _BILL, "",
     "If you'd rather talk it through with someone, I can hand you over to a human agent - your customer ID C1002 "
     "will be passed along.",
     "transfer_to_human", {}),
    ("telecom", _BILL, "",
     "Payment requests usually arrive within a minute; once you confirm payment on your phone, the bill status "
     "changes to paid.",
     None, None),
    ("telecom", _BILL, "",
     "Let me know if you'd like me to send the payment request for bill B9001 to customer C1002's phone",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("bank", "freeze_after_alert", "",
     "For your security, I'd suggest we put a stop to any new payments on card CARD-5120 by freezing it. Want me to "
     "lock that in?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("bank", "freeze_after_alert", "",
     "Card **CARD-5120** - freeze now? Reply YES to continue.",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("bank", "freeze_after_alert", "",
     "Shall I freeze card CARD-5210?",
     "freeze_card", _NONE),
    ("bank", "freeze_after_alert", "",
     "Your card CARD-5120 is now frozen; no new payments will go through until you unfreeze it.",
     None, None),
    ("bank", "freeze_after_alert", "The alert was for a $240 purchase on card CARD-5120 that you don't recognise.",
     "Shall I freeze it now?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("bank", "dispute_fuel", "",
     "Here's the dispute I'd file:\n\n| Transaction | Merchant | Amount | Reason |\n|---|---|---|---|\n| TX-7001 | "
     "Coastline Fuel | $62.18 | Not recognised |\n\nShall I make it official?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "dispute_fuel", "",
     "I can raise a dispute on TX-7001 since you don't recognise the Coastline Fuel charge. I'll go ahead once you "
     "give me the green light.",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "duplicate_grocery", "",
     "It looks like Green Basket Grocers charged you twice. Shall I dispute TX-7003 as a charge you don't recognise?",
     "dispute_transaction", _NONE),
    ("bank", "dispute_fuel", "",
     "Could you confirm which transaction you'd like me to dispute?",
     None, None),
    ("clinic", "reschedule", "",
     "I can move your appointment AP-9001 to **Tuesday, December 8** - same time, same clinician. Want me to lock "
     "that in?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "reschedule", "Your appointment AP-9001 is on December 3; the first opening after that is Tuesday, "
                             "December 8 at the same time.",
     "Shall I move it?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "reschedule", "",
     "Shall I shift AP-9001 to 2026-12-09?",
     "reschedule_appointment", _NONE),
    ("clinic", "cancel", "",
     "I'm able to call off appointment AP-9002 for you. Reply YES to continue.",
     "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("clinic", "cancel", "I found your appointment: AP-9002 on December 3 with Dr. Lee.",
     "Do you still want it cancelled?",
     "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("clinic", "cancel", "",
     "Your appointment AP-9002 has been cancelled, and you'll receive a confirmation text shortly.",
     None, None),
    ("power", "move_out", "",
     "Here's what I'll set up:\n- **Account:** 4417-2290\n- **Move-out date:** Saturday, December 19, 2026\n- "
     "**Final meter read:** same day\n\nShall I make it official?",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("power", "move_out", "",
     "I'll close account 4417-2290 on 2026-12-19 once you give me the green light.",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("power", "move_out", "",
     "Shall I schedule the move-out for account 4417-2209 on December 19?",
     "schedule_move_out", _NONE),
    ("power", "move_out", "",
     "Once your move-out is scheduled, we'll send the final bill to your forwarding address.",
     None, None),
    ("streamco", "triple_charge", "",
     "I can reverse the two duplicate charges (CH-2 and CH-3) on account AC-310. Want me to lock that in?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("streamco", "triple_charge", "",
     "Refund summary for account AC-310:\n\n| Charge | Amount |\n|---|---|\n| CH-2 | $12.99 |\n| CH-3 | $12.99 |\n\n"
     "Reply YES to continue.",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("streamco", "triple_charge", "",
     "Shall I refund CH-3 and CH-2 on account AC-310?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("streamco", "triple_charge", "",
     "Shall I refund CH-1 and CH-2 on account AC-310?",
     "refund_charges", _NONE),
    ("streamco", "triple_charge", "",
     "I've refunded CH-2 and CH-3 on account AC-310; you'll see the money back within 5 business days.",
     None, None),
    ("gym", "cancel", "",
     "I can end membership M-3302 at the close of this billing month, with the reason recorded as moving away. Shall "
     "I make it official?",
     "cancel_membership", {"member_id": "M-3302", "reason": "moving_away"}),
    ("gym", "cancel", "",
     "Just to confirm before I put a stop to it: membership M-3302, reason - you're moving away. Reply YES to "
     "continue.",
     "cancel_membership", {"member_id": "M-3302", "reason": "moving_away"}),
    ("gym", "cancel", "",
     "Shall I cancel membership M-3302 as too expensive?",
     "cancel_membership", _NONE),
    ("gym", "cancel", "",
     "I can pass you to a club manager if you'd like to discuss a retention offer on membership M-3302 - would you "
     "like that?",
     "transfer_to_human", {}),
    ("gym", "home_club", "",
     "I can switch your home club on membership M-3303 to **Millbrook**. Just a heads-up: this can only be done once "
     "every 12 months. Want me to lock that in?",
     "change_home_club", {"member_id": "M-3303", "club": "Millbrook"}),
    ("gym", "home_club", "",
     "Shall I move M-3303's home club to Harbour Street?",
     "change_home_club", _NONE),
    ("gym", "home_club", "Millbrook has space on your plan, and membership M-3303 hasn't changed club in the last 12 "
                         "months.",
     "Want me to make the switch?",
     "change_home_club", {"member_id": "M-3303", "club": "Millbrook"}),
    ("gym", "home_club", "",
     "Your home club is now Millbrook, so you can book classes there starting today.",
     None, None),
    ("rental", "extend", "",
     "I can push the drop-off on reservation RX-48213 back to **Sunday, December 20**. The daily rate applies to the "
     "extra days. Shall I make it official?",
     "extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}),
    ("rental", "extend", "",
     "Here's the change:\n- Reservation: RX-48213\n- New return date: 12/20/2026\n\nI'll go ahead once you give me "
     "the green light.",
     "extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}),
    ("rental", "extend", "",
     "Shall I extend RX-48213 to December 21?",
     "extend_rental", _NONE),
    ("rental", "extend", "",
     "What date would you like to return the car? Once I have it, I can proceed with the extension.",
     None, None),
    ("rental", "second_driver", "",
     "To add Amara Okafor as a second driver on RX-50977, I'll use licence number O4418275. It's $12 a day - want me "
     "to lock that in?",
     "add_driver", {"confirmation_code": "RX-50977", "driver_name": "Amara Okafor", "licence_number": "O4418275"}),
    ("rental", "second_driver", "",
     "Shall I add Amara Okafor (licence O4418257) to RX-50977?",
     "add_driver", _NONE),
    ("rental", "cancel", "",
     "Cancelling is free up to 24 hours before pick-up. Want me to put a stop to reservation RX-48213?",
     "cancel_reservation", {"confirmation_code": "RX-48213"}),
    ("rental", "cancel", "Your reservation RX-48213 is for pick-up on December 15 at the downtown branch.",
     "Cancel it?",
     "cancel_reservation", {"confirmation_code": "RX-48213"}),
    ("rental", "cancel", "",
     "Reservation RX-48213 has been cancelled at no charge.",
     None, None),
    ("hotel", "sea_view", "",
     "I can upgrade booking HB7Q2K to a Sea View Double for every night of your stay; the price difference is "
     "charged at check-out. Shall I make it official?",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("hotel", "sea_view", "",
     "**Booking:** HB7Q2K\n**New room:** Sea View Double\n\nReply YES to continue.",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("hotel", "sea_view", "",
     "Shall I move booking HB7Q2K to a Garden View Double?",
     "upgrade_room", _NONE),
    ("hotel", "sea_view", "A Sea View Double is available on booking HB7Q2K for all four nights, at 35 EUR more per "
                          "night.",
     "Shall I make it official?",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("hotel", "breakfast", "",
     "I can add the breakfast buffet for 2 guests to booking KT4M9P (18 EUR per guest per day). Want me to lock that "
     "in?",
     "add_breakfast", {"booking_reference": "KT4M9P", "guests": 2}),
    ("hotel", "breakfast", "",
     "Breakfast for two on KT4M9P, every morning of your stay - shall I make it official?",
     "add_breakfast", {"booking_reference": "KT4M9P", "guests": 2}),
    ("hotel", "breakfast", "",
     "Shall I add breakfast for 3 guests to KT4M9P?",
     "add_breakfast", _NONE),
    ("hotel", "breakfast", "",
     "Breakfast is served from 7 to 10:30 in the main restaurant, and it's 18 EUR per guest per day.",
     None, None),
    # ---- round 5, second batch (blind, written after the first was fixed): other tasks of each domain (other
    # orders, payment methods, items, reasons), long read-backs in prose and lists, approvals after a summary in the
    # message before, "Just to confirm, I've …" reports, and asks for a fact that mention the action
    ("retail", "cancel/email/ok/W3111757", "",
     "I've located order #W3111757 - it's still pending, so it can be cancelled. The reason I'll note is \"ordered by "
     "mistake\". Would you like me to proceed with the cancellation?",
     "cancel_pending_order", {"order_id": "W3111757"}),
    ("retail", "cancel/name_zip/ok/W3107281", "",
     "Thanks, Aisha. Order #W3107281 is eligible to be canceled. Could you confirm you'd like me to cancel it as no "
     "longer needed?",
     "cancel_pending_order", {"order_id": "W3107281"}),
    ("retail", "cancel/name_zip/ok/W3147332", "Order #W3147332 contains a Desk Lamp and is still pending.",
     "Want me to call it off?",
     "cancel_pending_order", {"order_id": "W3147332"}),
    ("retail", "cancel/name_zip/ok/W3104595", "",
     "Before I go ahead: you'd like order #W3104595 canceled because it was ordered by mistake - is that right?",
     "cancel_pending_order", {"order_id": "W3104595"}),
    ("retail", "cancel/email/ok/W3132560", "",
     "I can cancel order #W3132650 for you now. Shall I?",
     "cancel_pending_order", _NONE),
    ("retail", "cancel/email/ok/W3103768", "",
     "Order #W3103768 has been successfully cancelled. A refund of $45.20 is on its way to your original payment "
     "method.",
     None, None),
    ("retail", _CANCEL, "",
     "Just to confirm, I've cancelled order #W3125736 and the refund is on its way.",
     None, None),
    ("retail", _CANCEL, "",
     "I'd be happy to help with the cancellation. Could you please provide the order ID?",
     None, None),
    ("retail", "address/email/ok/W3111803", "",
     "Thanks! I'll update the shipping address for order #W3111803 to:\n\n596 Meadow Crescent\nFairhaven, WA 93743\n\n"
     "Shall I go ahead?",
     "modify_pending_order_address", {"order_id": "W3111803", "zip": "93743"}),
    ("retail", "address/email/ok/W3146444", "",
     "Just to double-check the new address before I submit it: 382 Maple Avenue, Ashford, CT 81793, for order "
     "#W3146444. Good to go?",
     "modify_pending_order_address", {"order_id": "W3146444", "zip": "81793"}),
    ("retail", "address/name_zip/ok/W3124905", "",
     "I have the new shipping address as 747 Granite Court, Lakeview, MI 47740. Shall I apply that to order "
     "#W3124905?",
     "modify_pending_order_address", _NONE),
    ("retail", "address/email/ok/W3125130", "",
     "Would you like me to redirect order #W3125130 to 211 Granite Court, Harrow Bay, ME 99181?",
     "modify_pending_order_address", {"order_id": "W3125130", "zip": "99181"}),
    ("retail", "payment/email/ok/W3123918", "",
     "I can switch the payment on order #W3123918 to your credit card ending in 8457. Do you want me to go ahead with "
     "that change?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", "payment/email/ok/W3124578", "",
     "Order #W3124578 will be charged to your gift card (gift_card_5445443) instead of the current card - okay to "
     "proceed?",
     "modify_pending_order_payment", {"order_id": "W3124578", "payment_method_id": "gift_card_5445443"}),
    ("retail", "payment/name_zip/ok/W3134755", "",
     "Shall I put order #W3134755 on your PayPal account, paypal_4838621?",
     "modify_pending_order_payment", {"order_id": "W3134755", "payment_method_id": "paypal_4838621"}),
    ("retail", "payment/name_zip/ok/W3121805", "Your credit card on file is credit_card_8604746, and order #W3121805 "
                                               "is currently paid by PayPal.",
     "Should I switch it to the card?",
     "modify_pending_order_payment", {"order_id": "W3121805", "payment_method_id": "credit_card_8604746"}),
    ("retail", "items/email/ok/W3111175", "",
     "To confirm the item change on #W3111175: Running Shorts, switching to navy in size XL. Note that items can only "
     "be modified once per order. Shall I proceed?",
     "modify_pending_order_items", {"order_id": "W3111175"}),
    ("retail", "items/email/ok/W3121620", "",
     "I'll swap the Yoga Mat on order #W3121620 for the blue 4mm version - the price difference will go back to your "
     "original payment method. Is that okay?",
     "modify_pending_order_items", {"order_id": "W3121620"}),
    ("retail", "items/name_zip/ok/W3112859", "",
     "Would you like me to change the Desk Lamp on pending order #W3112859 to the white / cool variant?",
     "modify_pending_order_items", {"order_id": "W3112859"}),
    ("retail", "items/name_zip/ok/W3101303", "",
     "The Notebook on order #W3101303 has been updated to the hardcover, blank version.",
     None, None),
    ("retail", _RETURN, "",
     "I can start a return for the Wireless Earbuds on order #W3129434; you'd get the refund on your original payment "
     "method. Want me to submit the return request?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "",
     "Since #W3129434 was delivered, it can't be cancelled - but I can process a return for the Wireless Earbuds "
     "instead. Would you like to go that route?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _EXCHANGE, "",
     "So you'd like to exchange the Hiking Boots on order #W3110919 for the olive pair in US 10. Is that correct?",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _EXCHANGE, "Here's the exchange for order #W3110919: Hiking Boots (olive, US 9) for Hiking Boots "
                          "(olive, US 10), no price difference.",
     "Does that look right? If it does, I'll submit the exchange.",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("mock", "upgrade_plan", "",
     "Premium gives you 50 GB and priority support for $20/month. Shall I go ahead and upgrade account A101 to it?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Okay! I'm ready to switch account A101 from Basic to Premium. Please reply \"yes\" to confirm.",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "router_off_and_downgrade", "",
     "You'd like account A104 moved down to the Basic plan, correct?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "router_off_and_downgrade", "",
     "Do you want me to downgrade account A140 to Basic?",
     "change_plan", _NONE),
    ("mock", "cancel_subscription", "",
     "I'd like to confirm before making changes: you want to cancel the subscription on account A100?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "Account A100 has an active Basic subscription, renewing on the 1st.",
     "Would you like me to cancel it?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "I'll go ahead and process the cancellation for A100 once I have your confirmation.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "upgrade_plan", "",
     "I can confirm account A101 is currently on the Basic plan and eligible for an upgrade.",
     None, None),
    ("mock", "locked_account_escalation", "",
     "I'm unable to unlock the account myself. Would you like me to connect you with a human agent?",
     "transfer_to_human", {}),
    ("mock", "upgrade_plan", "",
     "Which plan would you like to move account A101 to?",
     None, None),
    ("ecommerce", "E205947/", "",
     "Your order E205947 qualifies for a free return, since the photo IMG-4553 clearly shows the damage. Would you "
     "like me to create the return now?",
     "create_return", {"order_id": "E205947", "image_id": "IMG-4553"}),
    ("ecommerce", "E205947/", "",
     "I'll issue the invoice for E205947 with the title Granite Works LLC. Please confirm that's correct.",
     "issue_invoice", {"order_id": "E205947", "title": "Granite Works LLC"}),
    ("ecommerce", "E205741/", "",
     "Would Thursday, March 5 work for your installation on order E205741? I can book it right away.",
     "schedule_installation", {"order_id": "E205741", "date": "2026-03-05"}),
    ("ecommerce", "E205741/", "",
     "I can schedule the installation for order E205741 on March 6. Shall I book it?",
     "schedule_installation", _NONE),
    ("ecommerce", "E206010/", "",
     "Good news: screenshot IMG-4558 shows a lower Brightcart price within the 15-day window, so order E206010 "
     "qualifies for price protection. Do you want me to apply the refund of the difference?",
     "apply_price_protection", {"order_id": "E206010", "image_id": "IMG-4558"}),
    ("ecommerce", "E204769/", "",
     "Here's what I'll file:\n- Order: E204769\n- Type: price protection\n- Evidence: IMG-4278\n\nShall I submit it?",
     "apply_price_protection", {"order_id": "E204769", "image_id": "IMG-4278"}),
    ("ecommerce", "E204769/", "",
     "Here's the invoice I'm about to issue:\n- Order: E204769\n- Title: Quarry Tools LLC\n\nIs everything correct?",
     "issue_invoice", {"order_id": "E204769", "title": "Quarry Tools LLC"}),
    ("ecommerce", "E206075/", "",
     "The installation for order E206075 is booked for March 14 - you'll receive a text the day before.",
     None, None),
    ("ecommerce", _INVOICE, "",
     "What title would you like on the invoice for order E206019?",
     None, None),
    ("ecommerce", _INVOICE, "",
     "I can confirm that order E206019 has been delivered, so it's eligible for an invoice. What company name should "
     "appear on it?",
     None, None),
    ("ecommerce", "E205039/", "",
     "Installation is free for your product. I'll book it for 7 March on order E205039 - let me know if that works.",
     "schedule_installation", {"order_id": "E205039", "date": "2026-03-07"}),
    ("restaurant", "medium/01-yard-meat-feast-pizza", "",
     "Perfect! Here's your order:\n- 1 x Yard Meat Feast Pizza - small, classic crust, mushrooms\n- 2 x Charred "
     "Broccolini - toasted almonds\n\nWould you like me to place it?",
     "place_order", {"lines": "1 x yard meat feast pizza (small, classic crust, mushrooms); 2 x charred broccolini "
                              "(toasted almonds)"}),
    ("restaurant", "medium/03-bbq-chicken-pizza", "",
     "So we have a large BBQ Chicken Pizza with classic crust and light sauce, plus two medium Diet Colas. Shall I "
     "send that to the kitchen?",
     "place_order", {"lines": "1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)"}),
    ("restaurant", "medium/04-four-cheese-pizza", "",
     "Your order: two small Four Cheese Pizzas (classic crust, roasted peppers), three Charred Broccolini, and two "
     "medium Bacon Jam Burgers on gluten-free buns with a fried egg. Everything good to place?",
     "place_order", {"lines": "2 x bacon jam burger (medium, gluten free bun, fried egg); 2 x four cheese pizza "
                              "(small, classic crust, roasted peppers); 3 x charred broccolini"}),
    ("restaurant", "complex/01-lantern-smash-burger", "",
     "Let me confirm everything:\n1. Lantern Smash Burger - medium rare, brioche bun, fried egg, no onions\n2. Grilled "
     "Salmon - mashed potatoes, no capers\n3. Sparkling Water x3\n4. Spinach Artichoke Dip - veggie sticks\n5. Sweet "
     "Potato Fries x3 - large, no salt\n\nShall I put the order through?",
     "place_order", {"lines": "1 x grilled salmon (mashed potatoes, no capers); 1 x lantern smash burger (medium rare, "
                              "brioche bun, fried egg, no onions); 1 x spinach artichoke dip (veggie sticks); 3 x "
                              "sparkling water; 3 x sweet potato fries (large, no salt)"}),
    ("restaurant", "complex/05-bacon-jam-burger", "",
     "Here's the full order: two Bacon Jam Burgers well done on gluten-free buns with bacon and no lettuce, two small "
     "strawberry Fresh Lemonades with no ice, two Apple Crumbles with extra chocolate sauce, and one Crunchy Coleslaw. "
     "Can I go ahead and place it?",
     "place_order", {"lines": "1 x crunchy coleslaw; 2 x apple crumble (extra chocolate sauce); 2 x bacon jam burger "
                              "(well done, gluten free bun, bacon, no lettuce); 2 x fresh lemonade (small, strawberry, "
                              "no ice)"}),
    ("restaurant", "medium/05-chicken-parmesan", "",
     "That's two Chicken Parmesans with gluten-free penne and extra marinara, and one large Ginger Ale. Would you like "
     "to place the order?",
     "place_order", {"lines": "1 x ginger ale (large); 2 x chicken parmesan (gluten free penne, extra marinara)"}),
    ("restaurant", "medium/05-chicken-parmesan", "",
     "That's two Chicken Parmesans with regular penne and extra marinara, and one large Ginger Ale. Shall I place the "
     "order?",
     "place_order", _NONE),
    ("restaurant", "simple/02-spinach-artichoke-dip", "Your order so far: 1 Spinach Artichoke Dip with veggie sticks.",
     "Good to send it to the kitchen?",
     "place_order", {"lines": "1 x spinach artichoke dip (veggie sticks)"}),
    ("restaurant", "complex/03-mushroom-swiss-burger", "",
     "Your order has been placed! It'll be ready in about 25 minutes.",
     None, None),
    ("restaurant", "complex/04-black-bean-burger", "",
     "Reading it back: one Black Bean Burger on a sesame bun with a fried egg and no tomato; one Garden Salad with "
     "lemon tahini, grilled chicken and the dressing on the side; two large sweetened Iced Teas, no ice; one Tiramisu; "
     "and three medium Garden Veggie Pizzas on gluten-free crust with fennel sausage and no cheese. Shall I place it?",
     "place_order", {"lines": "1 x black bean burger (sesame bun, fried egg, no tomato); 1 x garden salad (lemon "
                              "tahini, grilled chicken, dressing on the side); 1 x tiramisu; 2 x iced tea (large, "
                              "sweetened, no ice); 3 x garden veggie pizza (medium, gluten free crust, fennel sausage, "
                              "no cheese)"}),
    ("restaurant", "simple/03-crispy-calamari", "",
     "Would you like your Crispy Calamari with spicy marinara or lemon aioli?",
     None, None),
    ("telecom", _ROAMING, "",
     "I checked line 312-555-0147 (customer C1001) and international roaming is switched off, which is why you have no "
     "data abroad. Would you like me to enable it? There's no charge.",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "Shall I go ahead and activate roaming on your line?",
     "enable_roaming", _NONE),
    ("telecom", _REFUEL, "",
     "You've used all 5 GB of your plan's data on 206-555-0128. I can add 2 GB for $10 to customer C1003's line - "
     "want me to do that?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _REFUEL, "",
     "Please confirm: add 2 GB of data to line 206-555-0128 for customer C1003, charged at $5 per GB.",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off|data_usage_exceeded|", "",
     "I'll top up 312-555-0147 with 2 GB of data on account C1001 once you say yes.",
     "refuel_data", {"customer_id": "C1001", "phone_number": "312-555-0147", "gigabytes": 2.0}),
    ("telecom", _BILL, "",
     "Your bill B9001 is overdue, which is why the line is suspended. Shall I send a payment request for it to your "
     "phone? It's on customer account C1002.",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "The payment request for bill B9001 was paid, and line 415-555-0163 on account C1002 is still "
                       "suspended.",
     "Shall I resume it now?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "",
     "I've sent the payment request for bill B9001 to your phone. Please accept it when it arrives.",
     None, None),
    ("telecom", _BILL, "",
     "Shall I resume line 415-555-0136 for customer C1002?",
     "resume_line", _NONE),
    ("telecom", _ROAMING, "",
     "Could you confirm the name on the account so I can proceed?",
     None, None),
    ("telecom", _ROAMING, "",
     "To turn roaming on, I first need to find your account. What's the phone number on the line?",
     None, None),
    ("telecom", _REFUEL, "",
     "Would you like me to transfer you to a human agent to discuss your data plan options for 206-555-0128?",
     "transfer_to_human", {}),
    ("bank", "dispute_fuel", "",
     "I've found the transaction: Coastline Fuel, $62.18, TX-7001. I can open a dispute for it with the reason \"not "
     "recognised\" - a provisional credit usually follows within 2 business days. Would you like me to go ahead?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "duplicate_grocery", "",
     "I'd like to dispute TX-7003 (Green Basket Grocers) as a duplicate charge. Is that okay with you?",
     "dispute_transaction", {"transaction_id": "TX-7003", "reason": "duplicate"}),
    ("bank", "freeze_after_alert", "",
     "Would you like me to freeze your card ending in 0032 (CARD-5120) so no new payments go through?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("clinic", "reschedule", "",
     "Good news - there's an opening on 8 December at your usual time. Shall I move appointment AP-9001 to that day?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("clinic", "cancel", "",
     "Please confirm you want appointment AP-9002 cancelled due to illness. This can't be undone.",
     "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("power", "move_out", "",
     "To confirm: close account 4417-2290 with a move-out date of December 19, 2026, and send the final bill. Is that "
     "right?",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("streamco", "triple_charge", "",
     "Would you like me to refund the duplicate charges CH-2 and CH-3 to your card? They're both on account AC-310.",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("gym", "home_club", "",
     "Shall I change M-3303's home club to Millbrook? Keep in mind you can only do this once every 12 months.",
     "change_home_club", {"member_id": "M-3303", "club": "Millbrook"}),
    ("gym", "cancel", "",
     "Since you're moving away, I can cancel membership M-3302 - it'll end at the close of this billing month. Is that "
     "what you'd like?",
     "cancel_membership", {"member_id": "M-3302", "reason": "moving_away"}),
    ("hotel", "sea_view", "",
     "Would you like me to go ahead and upgrade your stay (booking HB7Q2K) to the Sea View Double?",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("hotel", "breakfast", "",
     "I can add breakfast for both guests on booking KT4M9P at 18 EUR per person per day. Shall I?",
     "add_breakfast", {"booking_reference": "KT4M9P", "guests": 2}),
    ("rental", "second_driver", "",
     "Here are the driver details I'll add to reservation RX-50977:\n- Name: Amara Okafor\n- Licence: O4418275\n\n"
     "Shall I go ahead?",
     "add_driver", {"confirmation_code": "RX-50977", "driver_name": "Amara Okafor", "licence_number": "O4418275"}),
    ("rental", "extend", "",
     "Extending RX-48213 to December 20 will add the daily rate for the extra days. Do you want me to go ahead with "
     "the extension?",
     "extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}),
    # ---- round 5, third batch (blind): more of each retail task (other orders, payment ids, items and options,
    # old and new addresses side by side), read-backs of an item or option with one detail wrong, short asks after a
    # plan in the message before, kettles, pillows and backpacks by their options
    ("retail", "cancel/name_zip/ok/W3135800", "",
     "Order #W3135800 (Yoga Mat, $31.50) is still pending. If you'd like, I can cancel it now with the reason \"no "
     "longer needed\" - the refund would go back to your original payment method. Just let me know.",
     "cancel_pending_order", {"order_id": "W3135800"}),
    ("retail", "cancel/name_zip/ok/W3149228", "I see order #W3149228 on your account: a Desk Lamp, pending, $58.40.",
     "Do you want it cancelled?",
     "cancel_pending_order", {"order_id": "W3149228"}),
    ("retail", "cancel/name_zip/ok/W3149228", "",
     "Please confirm (yes/no) that you'd like order #W3149228 cancelled.",
     "cancel_pending_order", {"order_id": "W3149228"}),
    ("retail", "address/name_zip/ok/W3130536", "",
     "Here's the change:\n\n**Order #W3130536**\n- Old address: 14 Cedar Lane, Riverton, OR 95350\n- New address: 308 "
     "Juniper Path, Harrow Bay, ME 74895\n\nWould you like me to save it?",
     "modify_pending_order_address", {"order_id": "W3130536", "zip": "74895"}),
    ("retail", "address/name_zip/ok/W3121327", "",
     "Shall I change the delivery address on #W3121327 to 75 Maple Ave, Harrow Bay, ME 77100?",
     "modify_pending_order_address", {"order_id": "W3121327", "zip": "77100"}),
    ("retail", "address/name_zip/ok/W3115119", "",
     "Before I save it, I want to make sure I have it right: 169 Orchard Way, Stonebridge, TX 29920 as the new "
     "shipping address for order #W3115119?",
     "modify_pending_order_address", {"order_id": "W3115119", "zip": "29920"}),
    ("retail", "address/name_zip/ok/W3115119", "",
     "Please confirm the new shipping address for #W3115119 is 169 Orchard Way, Stoneridge, TX 29920, and I'll update "
     "it.",
     "modify_pending_order_address", _NONE),
    ("retail", "payment/email/ok/W3142981", "",
     "I'm all set to move order #W3142981 onto your PayPal account (paypal_3799391). Shall I make the switch?",
     "modify_pending_order_payment", {"order_id": "W3142981", "payment_method_id": "paypal_3799391"}),
    ("retail", "payment/email/ok/W3121889", "",
     "Would you like me to pay for order #W3121889 with PayPal instead?",
     "modify_pending_order_payment", _NONE),
    ("retail", "payment/name_zip/ok/W3144185", "",
     "Just to confirm: change the payment method for order #W3144185 to your credit card (credit_card_9985792). Yes or "
     "no?",
     "modify_pending_order_payment", {"order_id": "W3144185", "payment_method_id": "credit_card_9985792"}),
    ("retail", "payment/name_zip/ok/W3120254", "PayPal (paypal_1403284) is on file for your account.",
     "Would you like me to move order #W3120254 onto it?",
     "modify_pending_order_payment", {"order_id": "W3120254", "payment_method_id": "paypal_1403284"}),
    ("retail", "items/email/ok/W3136323", "",
     "I can replace the Office Chair on order #W3136323 with the charcoal mesh version for an extra $12.40, charged to "
     "your original payment method. Keep in mind a pending order's items can only be changed once. Do you want me to "
     "go ahead?",
     "modify_pending_order_items", {"order_id": "W3136323"}),
    ("retail", "items/email/ok/W3135840", "Order #W3135840 has the Running Shorts in navy, size S; the orange XS pair "
                                          "is in stock at the same price.",
     "Should I make that swap?",
     "modify_pending_order_items", {"order_id": "W3135840"}),
    ("retail", "items/name_zip/ok/W3120436", "",
     "So you'd like the Wireless Earbuds on order #W3120436 changed to the standard case in jet - is that right?",
     "modify_pending_order_items", {"order_id": "W3120436"}),
    ("retail", "items/name_zip/ok/W3120793", "",
     "Just to be sure: the Running Shorts on #W3120793 become navy, size M?",
     "modify_pending_order_items", _NONE),
    ("retail", "items/name_zip/ok/W3145471", "",
     "Reply CONFIRM and I'll update the Office Chair on order #W3145471 to ivory leather.",
     "modify_pending_order_items", {"order_id": "W3145471"}),
    ("retail", "return/email/ok/W3129703", "",
     "The Desk Lamp from order #W3129703 is within the return window. Shall I go ahead and request the return? The "
     "refund would go to your original payment method.",
     "return_delivered_order_items", {"order_id": "W3129703"}),
    ("retail", "return/email/ok/W3129302", "Your Backpack from order #W3129302 was delivered on March 2 and can be "
                                          "returned for $64.00.",
     "Would you like to send it back?",
     "return_delivered_order_items", {"order_id": "W3129302"}),
    ("retail", "return/email/ok/W3108130", "",
     "Just to confirm, you'd like to return the Running Shoes from order #W3108130?",
     "return_delivered_order_items", _NONE),
    ("retail", "return/name_zip/ok/W3145599", "",
     "I'll set up the return of the Water Bottle on order #W3145599 as soon as you give me the OK.",
     "return_delivered_order_items", {"order_id": "W3145599"}),
    ("retail", "return/name_zip/ok/W3101855", "",
     "Your return for the Running Shorts on order #W3101855 is confirmed - a prepaid label is on its way to your "
     "inbox.",
     None, None),
    ("retail", "exchange/email/ok/W3108492", "",
     "Shall I exchange the Electric Kettle on order #W3108492 for the 1.0L matte black version?",
     "exchange_delivered_order_items", {"order_id": "W3108492"}),
    ("retail", "exchange/email/ok/W3121218", "",
     "So that's the Electric Kettle on #W3121218 swapped for the 1.7L in blue - shall I submit it?",
     "exchange_delivered_order_items", _NONE),
    ("retail", "exchange/name_zip/ok/W3118304", "The Backpack on order #W3118304 can be exchanged for the maroon "
                                                "30-litre version at no extra cost.",
     "Want me to go ahead with the exchange?",
     "exchange_delivered_order_items", {"order_id": "W3118304"}),
    ("retail", "exchange/name_zip/ok/W3148161", "",
     "Here's the exchange:\n- Order: #W3148161\n- Returning: Throw Pillow (rust, large)\n- Receiving: Throw Pillow "
     "(sage, small)\n\nReply yes to go ahead.",
     "exchange_delivered_order_items", {"order_id": "W3148161"}),
    ("retail", "exchange/name_zip/ok/W3116421", "",
     "Which color and size would you like instead for the Running Shorts on order #W3116421?",
     None, None),
    ("mock", "locked_account_escalation", "",
     "Account A103 is locked, so plan changes aren't possible from my side. Would you like to be transferred to a "
     "human agent who can unlock it?",
     "transfer_to_human", {}),
    ("mock", "upgrade_plan", "Here's the upgrade: account A101, Basic to Premium, $20/month starting today.",
     "Does that look right? If so, I'll make the change.",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "To confirm, you'd like account A101 moved to the Basic plan?",
     "change_plan", _NONE),
    ("mock", "router_off_and_downgrade", "",
     "Got it. I'll switch account A104 to the Basic plan as soon as you confirm.",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "cancel_subscription", "",
     "Please reply \"yes\" if you'd like me to cancel the subscription for account A100 - this can't be undone.",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Can you confirm the account ID for the subscription you'd like cancelled?",
     None, None),
    ("ecommerce", "E206299/", "",
     "I'll issue the invoice for order E206299 made out to Quarry Tools Ltd. Do I have your go-ahead?",
     "issue_invoice", {"order_id": "E206299", "title": "Quarry Tools Ltd"}),
    ("ecommerce", "E206299/", "",
     "Invoice title noted as **Quarry Tool Ltd** for order E206299. Shall I issue it?",
     "issue_invoice", _NONE),
    ("ecommerce", "E204159/", "",
     "I'm sorry the item arrived damaged. Based on your photo IMG-4125, order E204159 qualifies for a free return. "
     "Reply yes and I'll create it.",
     "create_return", {"order_id": "E204159", "image_id": "IMG-4125"}),
    ("ecommerce", "E204159/", "Return request: order E204159, reason: arrived damaged, evidence: IMG-4125. No charge "
                              "to you.",
     "Shall I submit that?",
     "create_return", {"order_id": "E204159", "image_id": "IMG-4125"}),
    ("ecommerce", "E204107/", "",
     "| Order | Paid | Current price | Difference |\n|---|---|---|---|\n| E204107 | $212.00 | $189.00 | $23.00 |\n\n"
     "Your screenshot IMG-4103 backs this up. Would you like me to apply the price protection refund?",
     "apply_price_protection", {"order_id": "E204107", "image_id": "IMG-4103"}),
    ("ecommerce", "E206075/", "",
     "I can lock in Saturday, March 14 for the installation on order E206075. Shall I?",
     "schedule_installation", {"order_id": "E206075", "date": "2026-03-14"}),
    ("ecommerce", "E206075/", "",
     "Which date works best for the installation on order E206075?",
     None, None),
    ("restaurant", "medium/02-garden-veggie-pizza", "",
     "Okay, so that's two large Garden Veggie Pizzas on gluten-free crust, plus three orders of Garlic Knots with the "
     "garlic butter dip and extra dip. Want me to put that order in?",
     "place_order", {"lines": "2 x garden veggie pizza (large, gluten free crust); 3 x garlic knots (garlic butter "
                              "dip, extra dip)"}),
    ("restaurant", "medium/02-garden-veggie-pizza", "",
     "So that's two large Garden Veggie Pizzas on regular crust and three Garlic Knots with garlic butter dip and "
     "extra dip. Shall I send it in?",
     "place_order", _NONE),
    ("restaurant", "complex/02-four-cheese-pizza", "",
     "Here's the full order before it goes to the kitchen:\n\n| Qty | Item | Details |\n|---|---|---|\n| 2 | Four "
     "Cheese Pizza | large, gluten-free crust, extra mozzarella, no basil |\n| 3 | Garlic Green Beans | no garlic |\n"
     "| 2 | Grilled Salmon | seasonal greens, no capers |\n| 3 | Black Bean Burger | gluten-free bun, bacon, no yard "
     "sauce |\n\nShall I place it?",
     "place_order", {"lines": "2 x four cheese pizza (large, gluten free crust, extra mozzarella, no basil); 2 x "
                              "grilled salmon (seasonal greens, no capers); 3 x black bean burger (gluten free bun, "
                              "bacon, no yard sauce); 3 x garlic green beans (no garlic)"}),
    ("restaurant", "complex/03-mushroom-swiss-burger", "",
     "Just to make sure I've got it: a medium Mushroom Swiss Burger on brioche with aged cheddar, no yard sauce; a "
     "Shrimp Linguine at medium heat without parsley; one Sparkling Water; and two Greek Salads with lemon tahini, "
     "falafel and dressing on the side. Ready for me to place it?",
     "place_order", {"lines": "1 x mushroom swiss burger (medium, brioche bun, aged cheddar, no yard sauce); 1 x "
                              "shrimp linguine (medium heat, no parsley); 1 x sparkling water; 2 x greek salad (lemon "
                              "tahini, falafel, dressing on the side)"}),
    ("restaurant", "simple/05-loaded-nachos", "", "One Loaded Nachos, sharing size. Shall I put it through?",
     "place_order", {"lines": "1 x loaded nachos (sharing size)"}),
    ("restaurant", "simple/04-cobb-salad", "",
     "Your Cobb Salad with ranch dressing - shall I place the order?",
     "place_order", _NONE),
    ("telecom", _ROAMING, "Line 312-555-0147 on customer account C1001 has international roaming turned off.",
     "Would you like it switched on?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _ROAMING, "",
     "I'll activate roaming for line 312-555-0147 on account C1001 as soon as you give me the go-ahead.",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "",
     "Shall I add 2 GB to line 206-555-0182 for customer C1003?",
     "refuel_data", _NONE),
    ("telecom", _REFUEL, "Your line 206-555-0128 (customer C1003) has used its full 5 GB allowance. A 2 GB top-up "
                         "costs $10.",
     "Want me to add it?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "",
     "To restore your service, I can send a payment request for bill B9001 to your phone (customer C1002). Would you "
     "like me to send it now?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _BILL, "",
     "Just to confirm, you've paid the bill? Once it shows as paid I can resume the line.",
     None, None),
    # ---- round 5, fourth batch (blind): retail actions told apart by what they act on ("update the order so it
    # ships to …", "change how it's paid", "replace the shorts" on a pending order, "get the boots replaced" on a
    # delivered one), plans in the message before and a bare ask now, options to act or not, ids said otherwise
    ("retail", _ADDRESS, "",
     "Shall I update order #W3135709 so it ships to 836 Birch Boulevard, Brookfield, WI 33688 instead?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "",
     "I can redirect the package for #W3135709 to your new place at 836 Birch Boulevard, Brookfield, WI 33688. Should "
     "I do that?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "Order #W3135709 is still pending, so the shipping address can be changed. The new one would "
                         "be 836 Birch Boulevard, Brookfield, WI 33688.",
     "Okay to submit?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _ADDRESS, "",
     "Would you like the shipping address on #W3135709 changed? I have the new one as 836 Birch Boulevard, "
     "Brookfield, WI 33688.",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("retail", _PAYMENT, "",
     "Want me to change how order #W3141805 is paid - PayPal (paypal_7357918) instead of your card?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "",
     "Switch the card on #W3141805 to PayPal (paypal_7357918)?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "",
     "Here's the payment update:\n\n- **Order:** #W3141805\n- **From:** Visa ending 8501\n- **To:** PayPal "
     "(paypal_7357918)\n\nShould I make it happen?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _PAYMENT, "PayPal (paypal_7357918) is linked to your account, and order #W3141805 is still pending.",
     "Shall I go ahead and do that?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", "payment/email/ok/W3123918", "",
     "I can charge order #W3123918 to your credit card (credit_card_6678457) rather than the gift card. Do you want "
     "that?",
     "modify_pending_order_payment", {"order_id": "W3123918", "payment_method_id": "credit_card_6678457"}),
    ("retail", _PAYMENT, "",
     "Your payment options for #W3141805 are:\n1. Switch to PayPal (paypal_7357918)\n2. Keep the current card\n\nWhich "
     "would you like me to do?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("retail", _ITEMS, "",
     "Shall I replace the Running Shorts on #W3125314 with the black pair in size S?",
     "modify_pending_order_items", {"order_id": "W3125314"}),
    ("retail", _ITEMS, "Order #W3125314 is pending and has the Running Shorts in navy, size S. The black, size S pair "
                       "costs $1.18 more.",
     "Would you like me to make the change?",
     "modify_pending_order_items", {"order_id": "W3125314"}),
    ("retail", _ITEMS, "",
     "I'll modify the Running Shorts on pending order #W3125314 to black / S as soon as you confirm. Remember, items "
     "on an order can only be changed once.",
     "modify_pending_order_items", {"order_id": "W3125314"}),
    ("retail", _ITEMS, "",
     "Before I make the switch, which color would you like for the Running Shorts on #W3125314?",
     None, None),
    ("retail", _EXCHANGE, "",
     "Shall I get the Hiking Boots on #W3110919 replaced with the olive US 10 pair?",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _EXCHANGE, "",
     "Everything checks out for order #W3110919. If you'd like, I can trade your Hiking Boots for the olive pair in US "
     "10 - just say yes.",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _EXCHANGE, "The olive Hiking Boots in US 10 are in stock, and order #W3110919 was delivered last week.",
     "Shall I set up the exchange?",
     "exchange_delivered_order_items", {"order_id": "W3110919"}),
    ("retail", _RETURN, "",
     "I can process a refund for the Wireless Earbuds on #W3129434 by setting up a return. Would you like that?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "",
     "Return summary:\n- Order: #W3129434\n- Item: Wireless Earbuds\n- Refund: $54.99 to your original payment "
     "method\n\nCan you confirm you'd like to go ahead?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _RETURN, "",
     "Would you like to return just the Wireless Earbuds, or the whole order?",
     None, None),
    ("retail", _RETURN, "Here's the return I'd request: the Wireless Earbuds from order #W3129434, refunded to your "
                        "original card.",
     "Good to go?",
     "return_delivered_order_items", {"order_id": "W3129434"}),
    ("retail", _CANCEL, "",
     "Order #W3125736 is still pending, so I can cancel it for you.\n\n1. Yes, cancel it\n2. No, keep it\n\nWhat "
     "would you like to do?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "I'd be glad to help. Cancelling #W3125736 would refund $89.10 to your original payment method. Shall I go ahead "
     "and do that for you?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Understood - you'd like order #W3125736 cancelled since it's no longer needed. I just need a quick yes from you "
     "to proceed.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Cancellations are final, so please double-check: do you want me to cancel #W3125736 now?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "I've pulled up order #W3125736 (Backpack and Coffee Maker, $89.10). It hasn't shipped yet.",
     "Do you still want to go ahead with cancelling it?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "Unfortunately I can't cancel #W3125736 myself because it's being packed right now. Would you like me to transfer "
     "you to a human agent who may be able to stop it?",
     "transfer_to_human_agents", {}),
    ("retail", _CANCEL, "",
     "Your order #W3125736 has been cancelled. Please confirm you received the cancellation email.",
     None, None),
    ("retail", _CANCEL, "",
     "What's the reason for the cancellation - no longer needed, or ordered by mistake?",
     None, None),
    ("mock", "upgrade_plan", "Account A101: Basic plan, $10/month. Premium: $20/month with 50 GB and priority support.",
     "Would you like me to go ahead with the upgrade?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Just reply yes and I'll move A101 onto Premium right away.",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "router_off_and_downgrade", "",
     "Plan change for account A104: Standard -> Basic. Please confirm.",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "cancel_subscription", "",
     "Shall I end the subscription on A100 today, or would you rather keep it until the renewal date?",
     "cancel_subscription", {"account_id": "A100"}),
    ("mock", "cancel_subscription", "",
     "Are you sure you want to cancel the subscription on account A100? Once it's cancelled, it can't be restored.",
     "cancel_subscription", {"account_id": "A100"}),
    ("telecom", _ROAMING, "",
     "Good news: enabling roaming is free. Would you like me to switch it on for 312-555-0147 under customer C1001?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("telecom", _REFUEL, "",
     "Would a 2 GB data top-up on 206-555-0128 (customer C1003) work for you? It's $10, added to your next bill.",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "",
     "Now that bill B9001 is paid, I can resume line 415-555-0163 on account C1002. Let me know if you'd like me to go "
     "ahead.",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("telecom", _BILL, "Bill B9001 ($45.00) is overdue on customer C1002.",
     "Would you like a payment request sent to your phone so you can settle it?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    # frames found failing in a sweep of 50 ask forms over five actions (written for it): "I can … if that works for
    # you", "How about I …?", "If it's alright with you, I'll …", options above "What would you like to do?", and a
    # verb of doing anything ("submit that", "lock it in", "put that through") after a message that named the action
    ("retail", _CANCEL, "",
     "I can cancel order #W3125736 if that works for you.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("telecom", _ROAMING, "",
     "How about I enable roaming on 312-555-0147 for customer C1001?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("gym", "home_club", "",
     "If it's alright with you, I'll move membership M-3303's home club to Millbrook.",
     "change_home_club", {"member_id": "M-3303", "club": "Millbrook"}),
    ("telecom", _ROAMING, "I can enable international roaming on 312-555-0147 (customer C1001) at no charge.",
     "Should I lock it in?",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("ecommerce", _INSTALL, "I can book the installation for order E205810 on Friday, March 13.",
     "Want me to submit that?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("rental", "extend", "I can extend reservation RX-48213 so the car is due back on December 20.",
     "Shall I put that through?",
     "extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}),
    ("telecom", _ROAMING, "",
     "How about I check whether roaming is enabled on your line first?",
     None, None),
    # several actions in one message (the first step asked about), two orders and "Which one …?" (a choice, not a
    # check of the value read back), a step of the user's beside the agent's
    ("telecom", _BILL, "",
     "Here's the plan: first I'll send a payment request for bill B9001 to customer C1002's phone; once it's paid, "
     "I'll resume line 415-555-0163. Shall I send the request now?",
     "send_payment_request", {"customer_id": "C1002", "bill_id": "B9001"}),
    ("telecom", _REFUEL, "",
     "Since you've used your full allowance, I can add 2 GB to 206-555-0128 (customer C1003) for $10. After that, "
     "please toggle airplane mode on and off. Would you like the top-up?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("ecommerce", "E206299/", "Price protection on E206299 is done - $40 is on its way back to you.",
     "Now, shall I issue the invoice for the same order to Quarry Tools Ltd?",
     "issue_invoice", {"order_id": "E206299", "title": "Quarry Tools Ltd"}),
    ("ecommerce", "E205741/", "",
     "Two things I can do for order E205741: schedule the installation for March 5, and apply price protection using "
     "IMG-4462. Shall I book the installation first?",
     "schedule_installation", {"order_id": "E205741", "date": "2026-03-05"}),
    ("retail", _CANCEL, "",
     "I see two pending orders: #W3125736 and #W3187645. Shall I cancel #W3125736?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("retail", _CANCEL, "",
     "You have two orders: #W3125736 (pending) and #W3199999 (delivered). Which one would you like me to cancel?",
     None, None),
    ("mock", "router_off_and_downgrade", "",
     "First, please turn your router off and on again. Meanwhile, shall I downgrade account A104 to the Basic plan?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    ("mock", "router_off_and_downgrade", "",
     "I can downgrade A104 to Basic once you've restarted the router. Could you restart it now and let me know when "
     "it's back?",
     None, None),
    # the message before states the value now in place beside the one proposed ("currently booked for December 3",
    # "Current address: …", "was delivered on March 9"): the proposed one is what a bare ask now refers to
    ("retail", _ADDRESS, "Here's the change for order #W3135709:\n- Current address: 120 Meadow Crescent, Riverton, OR "
                         "95350\n- New address: 836 Birch Boulevard, Brookfield, WI 33688",
     "Shall I update it?",
     "modify_pending_order_address", {"order_id": "W3135709", "zip": "33688"}),
    ("ecommerce", _INSTALL, "Order E205810 was delivered on March 9. The earliest installation slot is Friday, March "
                            "13.",
     "Shall I book it?",
     "schedule_installation", {"order_id": "E205810", "date": "2026-03-13"}),
    ("rental", "extend", "Reservation RX-48213 is due back on December 15. I can move the return to December 20.",
     "Shall I do that?",
     "extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}),
    ("clinic", "reschedule", "AP-9001 is currently booked for December 3. December 8 is available at the same time.",
     "Would you like me to move it there?",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    ("hotel", "sea_view", "Booking HB7Q2K is a Garden View Double. A Sea View Double is free for your dates.",
     "Shall I upgrade you?",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("mock", "upgrade_plan", "Account A101 would move from Basic ($10/month) to Premium ($20/month).",
     "Shall I go ahead?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("retail", _PAYMENT, "Order #W3141805 is paid with your Visa (credit_card_1234567). You also have PayPal "
                         "(paypal_7357918) on file.",
     "Shall I move it to PayPal?",
     "modify_pending_order_payment", {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("ecommerce", _INSTALL, "Order E205810 has two open slots: March 12 and March 13.",
     "Shall I book it?",
     "schedule_installation", _NONE),
    # a second sweep of 37 statement-like asks (written for it): "just confirm below", "I just need your
    # confirmation to …", "Once confirmed, I'll …", "I'm happy to … - just let me know", "… on your confirmation",
    # "Ready to … on your word", options labelled "Option 1: … Option 2: …", "Do you give me permission to …?";
    # and the same words where nothing waits on the user ("on your confirmation email", "once confirmed, the refund …")
    ("retail", _CANCEL, "",
     "Next step: I'll cancel order #W3125736 - just confirm below.",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("telecom", _ROAMING, "",
     "I just need your confirmation to turn on roaming for 312-555-0147 (customer C1001).",
     "enable_roaming", {"customer_id": "C1001", "phone_number": "312-555-0147"}),
    ("mock", "upgrade_plan", "",
     "Once confirmed, I'll switch account A101 to Premium.",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("bank", "freeze_after_alert", "",
     "I'm happy to freeze card CARD-5120 - just let me know.",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("rental", "cancel", "",
     "I'll cancel reservation RX-48213 on your confirmation.",
     "cancel_reservation", {"confirmation_code": "RX-48213"}),
    ("hotel", "sea_view", "",
     "Ready to upgrade booking HB7Q2K to the Sea View Double on your word.",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("retail", _CANCEL, "",
     "Option 1: cancel order #W3125736. Option 2: leave things as they are. Which do you prefer?",
     "cancel_pending_order", {"order_id": "W3125736"}),
    ("bank", "freeze_after_alert", "",
     "Do you give me permission to freeze card CARD-5120?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("ecommerce", _INSTALL, "",
     "Which order would you like the installation for? The number is on your confirmation email.",
     None, None),
    ("retail", _CANCEL, "",
     "Once confirmed, the refund for order #W3125736 usually reaches your card within 5-7 business days.",
     None, None),
    ("retail", _CANCEL, "",
     "Option 1 is to keep order #W3125736 as it is; option 2 is to contact the seller directly.",
     None, None),
    ("mock", "balance_inquiry", "",
     "Your account A102 has a balance of 42.50 dollars. If there's anything else I can help you with, just let me "
     "know!",
     None, None),
    # offers to hand over, said with whom and how (a sweep written for it): "put you through to our billing
    # department", "bring in a technician", "continue with a human agent", "put you in touch with the club manager",
    # "speak with a receptionist"; and mentions of people that offer nothing
    ("telecom", _BILL, "",
     "I can put you through to our billing department if you'd like.",
     "transfer_to_human", {}),
    ("telecom", _BILL, "",
     "Shall I bring in a technician to take a closer look?",
     "transfer_to_human", {}),
    ("telecom", _BILL, "",
     "Would you prefer to continue with a human agent?",
     "transfer_to_human", {}),
    ("gym", "cancel", "",
     "Would you like me to put you in touch with the club manager?",
     "transfer_to_human", {}),
    ("clinic", "cancel", "",
     "Would you like to speak with a receptionist instead?",
     "transfer_to_human", {}),
    ("telecom", _BILL, "",
     "Our human agents can't lift a suspension either, so that wouldn't help here.",
     None, None),
    ("telecom", _BILL, "",
     "If the issue persists after the restart, we may need to involve a technician.",
     None, None),
    # a thing wanted with no verb, the object of one action ("Would you like Premium on account A101?"), beside a
    # choice of things and a wh-question that wants a detail
    ("mock", "upgrade_plan", "",
     "Would you like Premium on account A101?",
     "change_plan", {"account_id": "A101", "plan": "premium"}),
    ("mock", "upgrade_plan", "",
     "Would you like Premium or Standard for account A101?",
     None, None),
    ("ecommerce", _INSTALL, "",
     "When would you like the installation scheduled?",
     None, None),
    ("telecom", _REFUEL, "",
     "Shall I give 206-555-0128 (customer C1003) an extra 2 GB for this cycle?",
     "refuel_data", {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}),
    ("telecom", _BILL, "",
     "Shall I get 415-555-0163 (customer C1002) working again?",
     "resume_line", {"customer_id": "C1002", "phone_number": "415-555-0163"}),
    ("mock", "router_off_and_downgrade", "",
     "Shall I step account A104 down to the Basic plan?",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    # the own domains' actions by other verbs (a sweep written for it): "flag … and open a dispute", "file a
    # chargeback", "put a temporary hold on", "credit … back", "end service", "make Millbrook the home club", and
    # "transfer" of a thing (a membership), which hands nobody over
    ("bank", "dispute_fuel", "",
     "Would you like me to file a chargeback on TX-7001 as not recognised?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "freeze_after_alert", "",
     "Want me to put a temporary hold on CARD-5120?",
     "freeze_card", {"card_id": "CARD-5120"}),
    ("streamco", "triple_charge", "",
     "Shall I credit CH-2 and CH-3 back to your card on account AC-310?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("power", "move_out", "",
     "Shall I end service on account 4417-2290 on December 19?",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("gym", "home_club", "",
     "Would you like me to make Millbrook the home club for M-3303?",
     "change_home_club", {"member_id": "M-3303", "club": "Millbrook"}),
    ("gym", "home_club", "",
     "Shall I transfer membership M-3303 to the Millbrook club?",
     "change_home_club", {"member_id": "M-3303", "club": "Millbrook"}),
    ("rental", "second_driver", "",
     "Shall I put Amara Okafor (licence O4418275) on the rental agreement for RX-50977?",
     "add_driver", {"confirmation_code": "RX-50977", "driver_name": "Amara Okafor", "licence_number": "O4418275"}),
    # hard negatives from a last sweep of 39 statements and asks that use an approval's words (written for it):
    # looking something up next, doubting a value, wanting to check something else
    ("retail", _CANCEL, "",
     "Do you want to check the status of another order too?",
     None, None),
    ("telecom", _BILL, "",
     "Once you approve the payment request on your phone, let me know and I'll check the bill status.",
     None, None),
    ("telecom", _REFUEL, "",
     "Would you like me to check your current data usage?",
     None, None),
    ("mock", "cancel_subscription", "",
     "Are you sure about the account number? I couldn't find A110.",
     None, None),
    ("retail", _CANCEL, "",
     "Before we proceed, I need to verify your identity. What's the email on your account?",
     None, None),
    ("telecom", _ROAMING, "",
     "I've enabled roaming on your line. Could you restart your phone now?",
     None, None),
    ("power", "move_out", "",
     "Could you confirm the date you're moving out?",
     None, None),
    # restaurant read-backs in more layouts (a sweep written for the guest's tracker): "2x …", "x2" after the item,
    # "w/", "hold the …", "add bacon", a table with the count in its own column after the item
    ("restaurant", "medium/02-garden-veggie-pizza", "",
     "2x Garden Veggie Pizza (large, gluten-free crust)\n3x Garlic Knots (garlic butter dip, extra dip)\n\nShall I "
     "place this order?",
     "place_order", {"lines": "2 x garden veggie pizza (large, gluten free crust); 3 x garlic knots (garlic butter "
                              "dip, extra dip)"}),
    ("restaurant", "medium/02-garden-veggie-pizza", "",
     "Two large gluten-free Garden Veggie Pizzas and three Garlic Knots w/ garlic butter dip and extra dip - shall I "
     "put the order in?",
     "place_order", {"lines": "2 x garden veggie pizza (large, gluten free crust); 3 x garlic knots (garlic butter "
                              "dip, extra dip)"}),
    ("restaurant", "medium/05-chicken-parmesan", "",
     "Order recap: Chicken Parmesan x2 (gluten-free penne, extra marinara) and a large Ginger Ale. Place it now?",
     "place_order", {"lines": "1 x ginger ale (large); 2 x chicken parmesan (gluten free penne, extra marinara)"}),
    ("restaurant", "complex/01-lantern-smash-burger", "",
     "Your order: 1 Lantern Smash Burger cooked medium rare on a brioche bun with a fried egg, hold the onions; 1 "
     "Grilled Salmon with mashed potatoes, no capers; 3 Sparkling Waters; 1 Spinach Artichoke Dip with veggie sticks; "
     "3 large Sweet Potato Fries, no salt. Ready for me to place it?",
     "place_order", {"lines": "1 x grilled salmon (mashed potatoes, no capers); 1 x lantern smash burger (medium rare, "
                              "brioche bun, fried egg, no onions); 1 x spinach artichoke dip (veggie sticks); 3 x "
                              "sparkling water; 3 x sweet potato fries (large, no salt)"}),
    ("restaurant", "complex/04-black-bean-burger", "",
     "| Item | Qty | Options |\n|---|---|---|\n| Black Bean Burger | 1 | sesame bun, fried egg, no tomato |\n| Garden "
     "Salad | 1 | lemon tahini, grilled chicken, dressing on the side |\n| Iced Tea | 2 | large, sweetened, no ice |\n"
     "| Tiramisu | 1 | |\n| Garden Veggie Pizza | 3 | medium, gluten-free crust, fennel sausage, no cheese |\n\nShall "
     "I place the order?",
     "place_order", {"lines": "1 x black bean burger (sesame bun, fried egg, no tomato); 1 x garden salad (lemon "
                              "tahini, grilled chicken, dressing on the side); 1 x tiramisu; 2 x iced tea (large, "
                              "sweetened, no ice); 3 x garden veggie pizza (medium, gluten free crust, fennel sausage, "
                              "no cheese)"}),
    ("restaurant", "simple/05-loaded-nachos", "",
     "Loaded Nachos, sharing size, x1. Okay to send to the kitchen?",
     "place_order", {"lines": "1 x loaded nachos (sharing size)"}),
    ("restaurant", "complex/05-bacon-jam-burger", "",
     "Here's everything:\n- 2 Bacon Jam Burgers, well done, gluten-free bun, add bacon, no lettuce\n- 2 small Fresh "
     "Lemonades, strawberry, no ice\n- 2 Apple Crumbles with extra chocolate sauce\n- 1 Crunchy Coleslaw\n\nShall I "
     "send it to the kitchen?",
     "place_order", {"lines": "1 x crunchy coleslaw; 2 x apple crumble (extra chocolate sauce); 2 x bacon jam burger "
                              "(well done, gluten free bun, bacon, no lettuce); 2 x fresh lemonade (small, strawberry, "
                              "no ice)"}),
]


def _reading(domain: str, task: Task, previous: str, text: str) -> Reading:
    words = vocabulary(task, _domain(domain).tool_infos)
    before = read(previous, words) if previous else None
    return read(text, words, previous=previous, previous_asked=before.asked if before else ())


def _conversation(domain: Domain, task: Task, previous: str, text: str) -> Transcript:
    turns = [Turn(index=0, role="user", text=task.goal.request)]
    if previous:
        turns += [Turn(index=1, role="agent", text=previous), Turn(index=2, role="user", text="Okay.")]
    turns.append(Turn(index=len(turns), role="agent", text=text))
    return Transcript(task=task, persona=Persona(name="probe"), domain=domain.name, turns=tuple(turns),
                      irreversible_tools=tuple(n for n, s in domain.tools.items() if s.irreversible),
                      tools=domain.tool_infos)


def _call(domain: Domain, task: Task, action: str | None) -> ToolCall | None:
    """The task's call of ``action`` (or of its first irreversible action): what a confirmation would confirm."""
    writes = [a for a in task.reference if a.side == "agent" and domain.tools[a.tool].irreversible]
    chosen = next((a for a in writes if a.tool == action), writes[0] if writes else None)
    if chosen is None:
        return None
    spec = domain.tools[chosen.tool]
    return ToolCall(id="probe", name=chosen.tool, arguments=dict(chosen.arguments), irreversible=True,
                    critical=spec.critical)


def probe_errors(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> list[str]:
    """What the user or the labeller reads wrongly in one probe (empty when both read it right)."""
    domain_name, prefix, previous, text, action, values = case
    domain, task = _domain(domain_name), _task(domain_name, prefix)
    reading = _reading(domain_name, task, previous, text)
    errors = []
    said = reading.action if reading.confirmation else None
    if (action is None) != (not reading.confirmation) or (action is not None and said != action):
        errors.append(f"user approval {said!r} (confirmation={reading.confirmation}), expected {action!r}")
    confirmed = reading.values is not None and said == action and said is not None
    if confirmed != (values is not None) or (confirmed and {k: str(v).lower() for k, v in reading.values.items()}
                                             != {k: str(v).lower() for k, v in values.items()}):  # type: ignore
        errors.append(f"user values {reading.values}, expected {values}")
    conv = _conversation(domain, task, previous, text)
    turn = conv.turns[-1]
    label = RuleLabeller().label_sync(conv).labels[turn.index]
    if label.confirmation_request != (action is not None):
        errors.append(f"labeller confirmation_request {label.confirmation_request}, expected {action is not None}")
    call = _call(domain, task, action)
    if call is not None:
        judged = label.confirmation_request and confirms(conv, turn, call, labelled_tool=label.confirms_tool)
        if judged != (values is not None and call.name == action):
            errors.append(f"labeller confirms {call.name}: {judged}")
    return errors


# probes the rules still read wrongly, by (domain, previous message, message), with why a fix is not safe yet
UNREAD: dict[tuple[str, str, str], str] = {
    ("retail", "", "Just to be sure: the Running Shorts on #W3120793 become navy, size M?"):
        "an action said only by its outcome ('become navy') names no tool; reading 'become' as a change would make "
        "every description of a state an approval",
    ("telecom", "", "Just to confirm, you've paid the bill? Once it shows as paid I can resume the line."):
        "a question about what the user did, after 'Just to confirm', reads as a check of values; it asks for no "
        "value of the user's, so the labeller still counts it as a confirmation request in the safety sense",
}


def _marked(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> Any:
    reason = UNREAD.get((case[0], case[2], case[3]))
    return pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else case


@pytest.mark.parametrize("case", [_marked(c) for c in PROBES], ids=[f"{c[0]}-{k:02d}" for k, c in enumerate(PROBES)])
def test_approvals_are_read_alike_by_the_user_and_the_labeller(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


# (domain, task, message, refusal, escalation)
REFUSALS: list[tuple[str, str, str, bool, bool]] = [
    ("retail", _RETURN, "Unfortunately, order W3129434 was delivered last week, so it can no longer be cancelled.",
     True, False),
    ("retail", _CANCEL, "That's outside what I'm able to do from here, but I can point you to our returns page.",
     True, False),
    ("retail", _CANCEL, "I'm not able to find an order under that number - could you double-check it?", False, False),
    ("ecommerce", _PRICE, "Price protection only covers Brightcart's own prices, so I can't apply it to a competitor's "
                          "listing.", True, False),
    ("ecommerce", _INVOICE, "Unfortunately that's not something I can do: an order only gets one invoice.", True,
     False),
    ("retail", _CANCEL, "I'm unable to process that request because the order has already shipped.", True, False),
    ("telecom", _BILL, "I can't see a suspension on your line right now - it shows as active.", False, False),
    ("telecom", _BILL, "I've passed your case to a colleague on our billing team; they'll pick it up from here.",
     False, True),
    ("mock", "locked_account_escalation", "I'm handing you over to a human agent now - one moment.", False, True),
    ("telecom", _BILL, "If you'd prefer, I can connect you with a human agent.", False, False),
    ("retail", _CANCEL, "I won't be able to cancel it myself, so I'm transferring you to a colleague who can.",
     False, True),
    # second batch: "can't" of perceiving, knowing or feeling, and limits that do not apply, decline nothing
    ("retail", _CANCEL, "I can't wait to get this sorted for you!", False, False),
    ("telecom", _BILL, "I cannot stress enough how important it is to keep your SIM PIN private.", False, False),
    ("telecom", _ROAMING, "Roaming isn't available on prepaid lines, but yours is postpaid, so we're fine there.",
     False, False),
    ("retail", _CANCEL, "I'm afraid I don't see any other orders on your account besides #W3125736.", False, False),
    ("telecom", _BILL, "I can't tell from here whether the SIM is seated properly, so let's check it together.", False,
     False),
    ("retail", _RETURN, "Returns aren't possible after 30 days, but your order arrived 5 days ago, so you're well "
                        "within the window.", False, False),
    ("ecommerce", _PRICE, "I can't promise the price will stay this low, but the protection applies to what you paid.",
     False, False),
    ("telecom", _BILL, "You won't be able to make calls until the line is resumed, so let's get the bill sorted first.",
     False, False),
    ("retail", _EXCHANGE, "I'm afraid the olive pair in US 10 is out of stock, so I can't exchange for that exact "
                          "variant.", True, False),
    ("retail", _CANCEL, "Sorry, but that order has already shipped, so cancelling it isn't an option anymore.", True,
     False),
    ("ecommerce", _INVOICE, "An invoice has already been issued for E206019, and we're only able to issue one per "
                            "order.", True, False),
    ("mock", "upgrade_plan", "Plan changes aren't something I'm able to make on a locked account.", True, False),
    ("telecom", _REFUEL, "Unfortunately I have no way to add data to a suspended line.", True, False),
    ("ecommerce", _INSTALL, "Installation isn't offered for this product, so I'm not able to book a technician.", True,
     False),
    ("ecommerce", _PRICE, "I'm afraid price protection doesn't cover prices from other retailers.", True, False),
    ("mock", "upgrade_plan", "Account A101 can't be moved to Premium by me while it's locked.", True, False),
    ("retail", _CANCEL, "Order W3125736 has shipped, so there's nothing left to cancel on it.", True, False),
    ("ecommerce", _PRICE, "The screenshot shows another store's price, so I'm unable to open a price-protection claim.",
     True, False),
    ("ecommerce", _PRICE, "Sorry, I'm unable to open the screenshot you sent - could you attach it again?", False,
     False),
    ("telecom", _BILL, "Open Settings > Apps > Messages > Permissions and read me what's listed under 'Not allowed'.",
     False, False),
    ("mock", "cancel_subscription", "Just so you know, a cancelled subscription can't be restored later.", False,
     False),
    # hand-offs said in other words (a person taking the case over), and offers or other connections that are not
    ("telecom", _BILL, "I've opened a ticket, and a specialist from our technical team will call you within 24 hours.",
     False, True),
    ("telecom", _BILL, "I'm looping in a supervisor now.", False, True),
    ("telecom", _BILL, "Let me get a human agent on the line for you.", False, True),
    ("telecom", _BILL, "You're being connected to a live agent.", False, True),
    ("telecom", _BILL, "A member of our support team will take it from here.", False, True),
    ("telecom", _BILL, "I've sent your case over to a human agent, who'll pick it up in a few minutes.", False, True),
    ("telecom", _BILL, "I'm handing this off to our escalations team, who can override the suspension.", False, True),
    ("telecom", _BILL, "Shall I transfer you to a human agent?", False, False),
    ("telecom", _BILL, "Can I connect you with someone from billing?", False, False),
    ("telecom", _BILL, "I'm transferring you to a billing specialist now - could you hold for a moment?", False, True),
    ("telecom", _BILL, "I'm going to transfer you to a human agent.", False, True),
    ("telecom", _BILL, "If you'd like to speak to a human, just let me know.", False, False),
    ("telecom", _BILL, "Our human agents are available 9-5 on weekdays.", False, False),
    ("telecom", _BILL, "I can escalate this if the steps don't work.", False, False),
    ("telecom", _BILL, "Once I reconnect your line, you'll be connected to the network within a few minutes.", False,
     False),
    ("telecom", _BILL, "I'll connect the payment request to bill B9001 and send it to your phone.", False, False),
]


def refusal_errors(case: tuple[str, str, str, bool, bool]) -> list[str]:
    domain_name, prefix, text, refusal, escalation = case
    domain, task = _domain(domain_name), _task(domain_name, prefix)
    label = RuleLabeller().label_sync(_conversation(domain, task, "", text)).labels
    got = label[max(label)]
    errors = []
    if got.refusal != refusal:
        errors.append(f"refusal {got.refusal}")
    if got.escalation != escalation:
        errors.append(f"escalation {got.escalation}")
    return errors


@pytest.mark.parametrize("case", REFUSALS, ids=[f"{c[0]}-{k:02d}" for k, c in enumerate(REFUSALS)])
def test_refusals_and_hand_offs(case: tuple[str, str, str, bool, bool]) -> None:
    assert refusal_errors(case) == []


@pytest.mark.parametrize(("domain", "task", "previous", "text"), [
    # offers of information or of company: yes/no questions the user can answer, not approvals nor riddles
    ("retail", _CANCEL, "", "If you'd like, I can explain how refunds work for cancelled orders."),
    ("telecom", _ROAMING, "", "Would you like me to explain how roaming charges work?"),
    ("ecommerce", _INSTALL, "", "Do you want me to check which installation dates are available?"),
    ("retail", _CANCEL, "", "Would you like to know when the refund should reach your card?"),
    # the parts of an approval: its question before "If so, I'll …", the list it asks about, the agent's own steps
    ("ecommerce", _INSTALL, "", "Would Friday, March 13 work for the installation on order E205810? If so, I'll lock "
                                "it in."),
    ("retail", _CANCEL, "", "**Please confirm the following:**\n- Cancel order #W3125736\n- Reason: no longer needed"),
    ("telecom", _ROAMING, "", "Here's what I'll do:\n\n1. Enable international roaming on **312-555-0147** (customer "
                              "**C1001**)\n2. You restart your phone\n\nDoes that plan work for you?"),
])
def test_offers_and_the_parts_of_an_approval_are_understood(domain: str, task: str, previous: str, text: str) -> None:
    assert _reading(domain, _task(domain, task), previous, text).unmatched == ()


# the restaurant guest reads an order read-back with its own tracker (``user/_order.py``): it must take the same
# approvals as asks to place the order, and hold the order complete exactly when the probe confirms its lines
_ORDERS = [c for c in PROBES if c[0] == "restaurant" and c[4] in (None, "place_order")]


def guest_errors(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> list[str]:
    from pytest_mmtau.user._scripted import ScriptedRealiser
    import random

    domain_name, prefix, previous, text, action, values = case
    domain, task = _domain(domain_name), _task(domain_name, prefix)
    guest = ScriptedRealiser(goal=task.goal, persona=Persona(name="probe"), user_tools={}, rng=random.Random(0),
                             vocabulary=vocabulary(task, domain.tool_infos))
    order = guest._order
    assert order is not None
    order.told = ["exact"] * len(task.goal.order)  # the guest has said its whole order
    if previous:
        order.observe(previous)
    stated = order.observe(text)
    kind, _ = guest._order_reading(_reading(domain_name, task, previous, text), stated)
    errors = []
    if (kind == "confirm") != (action is not None):
        errors.append(f"guest reads {kind!r}")
    elif kind == "confirm" and order.diff().complete != (values is not None):
        errors.append(f"guest holds the order complete={order.diff().complete}: {order.snapshot()['current']}")
    return errors


@pytest.mark.parametrize("case", _ORDERS, ids=[f"order-{k:02d}" for k in range(len(_ORDERS))])
def test_the_guest_reads_order_approvals_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert guest_errors(case) == []
