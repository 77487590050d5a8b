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
from typing import Any

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.models import Persona, Task, ToolCall, Transcript, Turn
from pytest_mmtau.understanding import Reading, confirms, read, vocabulary


@functools.cache
def _domain(name: str) -> Domain:
    return DomainRegistry().get(name)


def _task(domain: str, prefix: str) -> Task:
    return next(t for t in _domain(domain).tasks if t.id.startswith(prefix))


_CANCEL, _ADDRESS, _PAYMENT = "cancel/email/ok/W3125736", "address/email/ok/W3135709", "payment/email/ok/W3141805"
_RETURN, _EXCHANGE = "return/email/ok/W3129434", "exchange/email/ok/W3110919"
_INVOICE, _INSTALL, _PRICE = "E206019/", "E205810/", "E206299/"
_BILL, _REFUEL = "[service_issue]overdue_bill_suspension", "[mobile_data_issue]data_usage_exceeded"
_ROAMING = "[mobile_data_issue]user_abroad_roaming_disabled_on"
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


@pytest.mark.parametrize("case", PROBES, ids=[f"{c[0]}-{k:02d}" for k, c in enumerate(PROBES)])
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
