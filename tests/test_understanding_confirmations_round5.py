"""Approvals and confirmations in the forms the held-out styles still read worst (issue 20, round 5 of the
confirmations helper): telecom top-ups, roaming, bill payments and line resumptions put as offers with a price, as
a dash question or as a polite 'would it be alright'; restaurant read-backs with modifiers and quantities asking to
place the order; declines followed by an offer; numbered and bulleted summaries closed by "Shall I go ahead?";
terse forms ("Cancel W3125736 - yes?"); asks that lean on the agent's previous message — and hard negatives where
one value is wrong or missing, the action is only described as possible, or it is reported as done.

Every sentence was written for this file before the rules were run on it. Each is read by the simulated user and
by the rule labeller, with the checks of ``test_understanding_confirmations.probe_errors``; the restaurant's are
also read by the guest's order tracker (``guest_errors``).
"""

from __future__ import annotations

from typing import Any

import pytest

from test_understanding_confirmations import guest_errors, probe_errors
from test_understanding_confirmations_round3 import (
    _A100, _A101, _A104, _ADDRESS, _BILL, _BREW, _CALAMARI, _CANCEL, _DAMAGE, _E_DAMAGE, _E_INSTALL, _E_INVOICE,
    _E_PRICE, _EXCHANGE, _INSTALL, _INVOICE, _ITEMS, _NONE, _PAYMENT, _PENDING, _PIZZA, _PRICE, _R_BREW, _R_CALAMARI,
    _R_PIZZA, _REFUEL, _RETURN, _ROAMING, _ROAMING_OFF, _T_BILL, _T_REFUEL, _T_RESUME, _T_ROAMING, _W_ADDRESS,
    _W_CANCEL, _W_EXCHANGE, _W_ITEMS, _W_PAYMENT, _W_RETURN)

_FREEZE = {"card_id": "CARD-5120"}
_DISPUTE = {"transaction_id": "TX-7001", "reason": "not_recognised"}
_RESCHEDULE = {"appointment_id": "AP-9001", "new_date": "2026-12-08"}
_CANCEL_VISIT = {"appointment_id": "AP-9002"}
_MOVE_OUT = {"account_number": "4417-2290", "move_out_date": "2026-12-19"}
_REFUND = {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}

# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    # ================================================================ mock
    ("mock", "cancel_subscription", "", "I can't refund last month's charge, but I can stop the subscription on A100 "
                                        "from renewing. Want me to cancel it?", "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "", "Here's what I'd do:\n1. Move account A101 from Basic to Premium\n2. Apply the new "
                                 "rate from today\n\nShall I go ahead?", "change_plan", _A101),
    ("mock", "upgrade_plan", "", "A101 → Premium. Confirm?", "change_plan", _A101),
    ("mock", "cancel_subscription", "", "Cancel A100 - yes?", "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "", "Just so we're on the same page: downgrading A104 to Basic lowers your "
                                             "bill to $10/month. Would you like me to make that change",
     "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Premium would suit your usage better, and I could move A101 onto it today if you'd "
                                 "like.", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "", "Shall I switch A104 to Premium?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Shall I change the plan for you?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "", "Before I make any changes, I want to confirm: you'd like account A101 on Premium, "
                                 "starting today?", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "Account A104 is on Standard at $25/month; Basic is $10/month.",
     "Would you like me to switch you to Basic?", "change_plan", _A104),
    ("mock", "router_off_and_downgrade", "", "How would you like to proceed?\n1. Downgrade A104 to Basic now\n2. Keep "
                                             "your current plan", "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Ready when you are to move A101 to Premium.", "change_plan", _A101),
    # mock: hard negatives
    ("mock", "upgrade_plan", "", "Upgrades to Premium can be made at any time and take effect immediately.",
     None, None),
    ("mock", "cancel_subscription", "", "The subscription on A100 was cancelled; you won't be charged again.",
     None, None),
    ("mock", "router_off_and_downgrade", "", "Downgrading to Basic would lower the bill, but it also drops the "
                                             "cloud storage.", None, None),
    # ================================================================ retail
    ("retail", _RETURN, "", "I'm sorry, W3129434 has been delivered so I can't cancel it. I can, however, start a "
                            "return for the Wireless Earbuds instead - would that help?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "Here's the summary:\n1. Order: #W3125736\n2. Action: cancel the whole order\n3. Reason: "
                            "no longer needed\n\nShall I go ahead?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Cancel W3125736 - yes?", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "Return the Wireless Earbuds from W3129434 to your original payment method - okay?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "", "To make sure I get this right - you'd like to exchange the Hiking Boots on #W3110919 "
                              "for the olive pair in US 10. Shall I submit the exchange",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ADDRESS, "", "If everything looks correct, I'll go ahead and update the shipping address on W3135709 "
                             "to 836 Birch Boulevard, Brookfield, WI 33688.", "modify_pending_order_address",
     _W_ADDRESS),
    ("retail", _PAYMENT, "Order W3141805 is paid with your Visa. Your PayPal account (paypal_7357918) is also on file.",
     "Would you like me to move the payment to PayPal?", "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _CANCEL, "", "Shall I cancel order W3125763?", "cancel_pending_order", _NONE),
    ("retail", _CANCEL, "", "Would you like me to cancel your order?", "cancel_pending_order", _NONE),
    ("retail", _CANCEL, "", "Would you be comfortable with me going ahead and cancelling order #W3125736 for you?",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "I'd be happy to process the return of your Wireless Earbuds (order W3129434). Just give "
                            "me the green light.", "return_delivered_order_items", _W_RETURN),
    ("retail", _ITEMS, "The Running Shorts on W3125314 can still be changed to black, size S while the order is "
                       "pending.", "Want me to do that now", "modify_pending_order_items", _W_ITEMS),
    ("retail", _ADDRESS, "", "I'm not able to add a gift note to W3135709, but I can still update its delivery address "
                             "to 836 Birch Boulevard, Brookfield, WI 33688 if you'd like.",
     "modify_pending_order_address", _W_ADDRESS),
    ("retail", _ADDRESS, "", "Shall I update W3135709 to 836 Birch Boulevard, Brookfield, WI 33868?",
     "modify_pending_order_address", _NONE),
    ("retail", _EXCHANGE, "", "Here's the exchange:\n1. Hiking Boots on W3110919\n2. New option: olive, US 11\n\nShall "
                              "I proceed?", "exchange_delivered_order_items", _NONE),
    ("retail", _CANCEL, "", "Would you like the cancellation of #W3125736 to go ahead?", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _RETURN, "", "Summary of the return:\n1. Order W3129434\n2. Item: Wireless Earbuds\n3. Refund to your "
                            "original card\n\nLet me know if I should submit it", "return_delivered_order_items",
     _W_RETURN),
    ("retail", _CANCEL, "", "W3125736: cancel, reason no longer needed. Go?", "cancel_pending_order", _W_CANCEL),
    ("retail", _PAYMENT, "", "Shall I switch W3141805 to your PayPal account ending in 7981?",
     "modify_pending_order_payment", _NONE),
    ("retail", _PAYMENT, "", "Shall I switch W3141805 to your PayPal account ending in 7918?",
     "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _CANCEL, "", "That's not something I can change myself. Would you like me to transfer you to a human "
                            "agent who can?", "transfer_to_human_agents", {}),
    # retail: hard negatives
    ("retail", _CANCEL, "", "Cancelling W3125736 would refund $89.10 to your original card; orders that have shipped "
                            "can't be cancelled.", None, None),
    ("retail", _EXCHANGE, "", "The exchange for W3110919 has been submitted; you'll get an email with the return "
                              "instructions.", None, None),
    ("retail", _CANCEL, "", "The cancellation of W3125736 was completed earlier today.", None, None),
    ("retail", _RETURN, "", "Returns are accepted within 30 days of delivery, and the refund goes to the original "
                            "payment method.", None, None),
    # ================================================================ e-commerce
    ("ecommerce", _INVOICE, "", "Issue the invoice for E206019 to Harbor Print Ltd - shall I?", "issue_invoice",
     _E_INVOICE),
    ("ecommerce", _INSTALL, "", "Here's what I'll set up:\n- **Order:** E205810\n- **Installation date:** Friday, "
                                "March 13\n\nDoes that work for you? If so, I'll book it.", "schedule_installation",
     _E_INSTALL),
    ("ecommerce", _DAMAGE, "", "I'm afraid I can't send a replacement directly, but I can open a return for E204931 "
                               "using photo IMG-4308 so you get a full refund. Would you like that?", "create_return",
     _E_DAMAGE),
    ("ecommerce", _PRICE, "", "I can apply price protection to E206299 based on screenshot IMG-4699 - let me know if "
                              "you'd like me to go ahead", "apply_price_protection", _E_PRICE),
    ("ecommerce", _INSTALL, "", "Shall I book the installation for E205810 on March 14?", "schedule_installation",
     _NONE),
    ("ecommerce", _PRICE, "Your screenshot IMG-4699 shows our price for E206299 fell from $249 to $199.",
     "Would you like me to claim the difference?", "apply_price_protection", _E_PRICE),
    ("ecommerce", _INSTALL, "", "Book the installer for March 13 on E205810?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "I'm unable to schedule installations on public holidays, but Friday, March 13 is open "
                                "for E205810. Shall I book it?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INVOICE, "", "Would you like me to issue the invoice?", "issue_invoice", _NONE),
    # e-commerce: hard negatives
    ("ecommerce", _INSTALL, "", "Installations can be scheduled Monday to Saturday between 8 am and 6 pm.", None, None),
    ("ecommerce", _INVOICE, "", "Invoices are issued in the name you give us and can't be changed afterwards.", None,
     None),
    ("ecommerce", _DAMAGE, "", "A return for E204931 has been opened; the courier will collect the item on Monday.",
     None, None),
    # ================================================================ restaurant
    ("restaurant", _PIZZA, "", "Here's your order:\n1. 1 × BBQ Chicken Pizza - large, classic crust, light sauce\n2. "
                               "2 × Diet Cola - medium\n\nShall I place it?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "One large BBQ Chicken Pizza (classic crust, light sauce) and two medium Diet Colas - "
                               "ready for me to place the order?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "That's 1 large BBQ Chicken Pizza with classic crust and light sauce, plus 2 Diet "
                               "Colas. Shall I put it through?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "I've got 1 BBQ Chicken Pizza (large, classic crust, light sauce) and 1 Diet Cola "
                               "(medium). Good to send to the kitchen?", "place_order", _NONE),
    ("restaurant", _CALAMARI, "", "We're out of garlic aioli tonight, but the Crispy Calamari with spicy marinara is "
                                  "available. Would you like me to place the order for one of those?", "place_order",
     _R_CALAMARI),
    ("restaurant", _BREW, "", "1 small Cold Brew - place it?", "place_order", _R_BREW),
    ("restaurant", _BREW, "", "Your order so far is one small Cold Brew. Whenever you're ready, I can send it to the "
                              "kitchen.", "place_order", _R_BREW),
    ("restaurant", _CALAMARI, "1. Crispy Calamari x1 (spicy marinara)", "Does everything look right? If so, I'll "
                                                                         "place the order now.",
     "place_order", _R_CALAMARI),
    ("restaurant", _CALAMARI, "", "Two Crispy Calamari with spicy marinara - shall I place the order?", "place_order",
     _NONE),
    ("restaurant", _CALAMARI, "", "Lovely - so that's one Crispy Calamari with the spicy marinara. Would you like me "
                                  "to go ahead and submit that order for you?", "place_order", _R_CALAMARI),
    ("restaurant", _BREW, "", "Shall I place the order?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "So that's two Diet Colas, medium, and a large BBQ Chicken Pizza on classic crust with "
                               "light sauce. Okay to place that?", "place_order", _R_PIZZA),
    # restaurant: hard negatives
    ("restaurant", _BREW, "", "Our Cold Brew comes in small, medium and large.", None, None),
    ("restaurant", _CALAMARI, "", "Your Crispy Calamari with spicy marinara has gone to the kitchen and will be ready "
                                  "in 15 minutes.", None, None),
    # ================================================================ telecom
    ("telecom", _REFUEL, "", "I can add 2 GB to 206-555-0128 (customer C1003) for $10 - want it?", "refuel_data",
     _T_REFUEL),
    ("telecom", _ROAMING, "", "Roaming for 312-555-0147 (C1001) is off. Okay to switch it on?", "enable_roaming",
     _T_ROAMING),
    ("telecom", _ROAMING, "", "Here's what I can do:\n1. Turn on roaming for 312-555-0147 (customer C1001)\n2. It's "
                              "free on your plan\n\nShall I go ahead?", "enable_roaming", _T_ROAMING),
    ("telecom", _BILL, "", "Unfortunately I can't waive the late fee on B9001. What I can do is send you a payment "
                           "request for it (customer C1002) so the line can be restored - would that help?",
     "send_payment_request", _T_BILL),
    ("telecom", _REFUEL, "", "Top up 206-555-0128 with 2 GB (C1003)?", "refuel_data", _T_REFUEL),
    ("telecom", _BILL, "", "Your line 415-555-0163 (customer C1002) is suspended; now that B9001 is paid, I can "
                           "reactivate it. Okay to go ahead?", "resume_line", _T_RESUME),
    ("telecom", _REFUEL, "", "Shall I add 5 GB to 206-555-0128 (customer C1003)?", "refuel_data", _NONE),
    ("telecom", _ROAMING, "", "Roaming on 312-555-0417 (C1001) - flip it on?", "enable_roaming", _NONE),
    ("telecom", _REFUEL, "", "Would you like me to add some extra data to your line?", "refuel_data", _NONE),
    ("telecom", _REFUEL, "Line 206-555-0128 (customer C1003) has used all of its 5 GB allowance. A 2 GB refuel costs "
                         "$10.", "Would you like to go ahead with that?", "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "", "Would it be alright if I went ahead and enabled international roaming on 312-555-0147 "
                              "for customer C1001?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "Just to confirm before I make any changes: you'd like roaming turned on for "
                              "312-555-0147 (customer C1001)?", "enable_roaming", _T_ROAMING),
    ("telecom", _BILL, "", "I'll resume 415-555-0163 for customer C1002 as soon as you confirm.", "resume_line",
     _T_RESUME),
    ("telecom", _BILL, "Bill B9001 for $85.00 is overdue on customer C1002's account.",
     "If you'd like, I can send a payment request for it to your phone.", "send_payment_request", _T_BILL),
    ("telecom", _BILL, "", "I'm not able to change your plan from here. Would you like me to transfer you to a "
                           "colleague who can?", "transfer_to_human", {}),
    ("telecom", _REFUEL, "", "Shall I refuel 206-555-0128 (C1003) with 2 GB", "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "", "Happy to turn roaming on for 312-555-0147 (C1001) - just say yes.", "enable_roaming",
     _T_ROAMING),
    ("telecom", _BILL, "", "Send a payment request for bill B9001 (customer C1002) to your phone - shall I?",
     "send_payment_request", _T_BILL),
    ("telecom", _REFUEL, "", "A 2 GB data refuel for 206-555-0128 (customer C1003) is $10. Want me to add it?",
     "refuel_data", _T_REFUEL),
    # telecom: hard negatives
    ("telecom", _REFUEL, "", "Data top-ups come in 1, 2 and 5 GB sizes and are billed to your next statement.", None,
     None),
    ("telecom", _ROAMING, "", "Roaming charges apply from the moment you connect to a foreign network, so keep an eye "
                              "on your usage.", None, None),
    ("telecom", _BILL, "", "I've sent the payment request for B9001 to your phone - you should see it in a moment.",
     None, None),
    ("telecom", _BILL, "", "Once the bill is paid, line 415-555-0163 can be resumed.", None, None),
    ("telecom", _ROAMING, "", "To enable roaming, I'll first need the phone number of the line you're travelling "
                              "with.", None, None),
    # ================================================================ the teams' own domains
    ("bank", "freeze_after_alert", "", "I can't reverse the charge myself, but I can freeze card CARD-5120 so nothing "
                                       "else goes through. Should I?", "freeze_card", _FREEZE),
    ("bank", "freeze_after_alert", "", "Freeze CARD-5120 now?", "freeze_card", _FREEZE),
    ("bank", "dispute_fuel", "", "Dispute TX-7001 (Coastline Fuel, $62.18) as not recognised - okay?",
     "dispute_transaction", _DISPUTE),
    ("bank", "freeze_after_alert", "", "Shall I freeze CARD-5210?", "freeze_card", _NONE),
    ("clinic", "reschedule", "", "Here's the reschedule:\n1. Appointment AP-9001\n2. New date: Tuesday, December "
                                 "8\n\nShall I go ahead?", "reschedule_appointment", _RESCHEDULE),
    ("clinic", "reschedule", "", "Would you like me to move AP-9001 to Wednesday, December 9?",
     "reschedule_appointment", _NONE),
    ("clinic", "cancel", "", "Cancel AP-9002 - confirm?", "cancel_appointment", _CANCEL_VISIT),
    ("power", "move_out", "", "Your move-out on account 4417-2290 would be December 19, 2026, with a final meter read "
                              "that day. Shall I set it up?", "schedule_move_out", _MOVE_OUT),
    ("streamco", "triple_charge", "", "I'd refund the two duplicate charges - CH-2 and CH-3 - on AC-310. OK to "
                                      "proceed?", "refund_charges", _REFUND),
    ("streamco", "triple_charge", "", "Shall I refund CH-1 and CH-2 on AC-310?", "refund_charges", _NONE),
    ("streamco", "triple_charge", "", "I can't close the whole account over chat, but I can refund CH-2 and CH-3 on "
                                      "AC-310 right now. Would you like that?", "refund_charges", _REFUND),
    # own domains: hard negatives
    ("power", "move_out", "", "Move-outs can be scheduled up to 30 days ahead.", None, None),
    ("bank", "freeze_after_alert", "", "Card CARD-5120 is now frozen; you can unfreeze it in the app.", None, None),
]

# a second batch, written after the first was fixed: markdown recaps, choices between acting and waiting, declines
# with "though"/"however", terse arrows, an offer whose later step is the order itself, and waits on a yes
PROBES += [
    ("telecom", _REFUEL, "",
     "Good news - I can get you back online right away. A **2 GB data refuel** on 206-555-0128 (customer "
     "C1003) costs $10 and is added instantly.\n\nWould you like me to add it?",
     "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "",
     "Two options:\n1. Add 2 GB to 206-555-0128 (C1003) now for $10\n2. Wait for your allowance to reset "
     "on the 1st\n\nWhich would you prefer?",
     "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "",
     "I'm sorry, I can't refund roaming charges already billed. I can, however, enable roaming on "
     "312-555-0147 (customer C1001) so your data works abroad. Shall I do that?",
     "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "",
     "I see roaming is turned off for 312-555-0147 on account C1001, which is why you have no data "
     "abroad. I'd be glad to switch it on - just confirm and I'll take care of it.",
     "enable_roaming", _T_ROAMING),
    ("telecom", _BILL, "", "Line 415-555-0163 (C1002) - resume now?", "resume_line", _T_RESUME),
    ("telecom", _BILL, "",
     "To restore service I'd send a payment request for your overdue bill B9001 (customer C1002). Is it "
     "okay if I send that now?",
     "send_payment_request", _T_BILL),
    ("telecom", _BILL, "",
     "Would you be happy for me to reactivate 415-555-0163 for customer C1002?",
     "resume_line", _T_RESUME),
    ("telecom", _REFUEL, "", "Adding 2 GB to 206-555-0128 for customer C1003. Sound okay", "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "",
     "Adding 2 GB to 206-555-0128 (customer C1003) would cost $10 and is applied instantly.",
     None, None),
    ("telecom", _ROAMING, "", "Roaming can be turned on for 312-555-0147 at any time from our app.", None, None),
    ("telecom", _ROAMING, "", "Shall I enable roaming on 312-555-0147 (customer C1010)?", "enable_roaming", _NONE),
    ("telecom", _BILL, "",
     "I've reviewed your account (customer C1002):\n\n- Bill **B9001**: $85.00, overdue\n- Line "
     "415-555-0163: suspended for non-payment\n\nI can send a payment request for B9001 to your phone. "
     "Would you like me to go ahead?",
     "send_payment_request", _T_BILL),
    ("restaurant", _PIZZA, "",
     "Perfect! Here's a quick recap:\n\n- **BBQ Chicken Pizza** x1 - large, classic crust, light "
     "sauce\n- **Diet Cola** x2 - medium\n\nIf that all looks good, I'll place the order.",
     "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "",
     "Got it! 1 large BBQ Chicken Pizza (classic crust, light sauce) + 2 medium Diet Colas. Place order?",
     "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "",
     "I'm sorry, the thin crust isn't available for the BBQ Chicken Pizza, but classic is. So that'd be "
     "1 large BBQ Chicken Pizza, classic crust, light sauce, and 2 medium Diet Colas - shall I place "
     "that?",
     "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "",
     "1 large BBQ Chicken Pizza, thin crust, light sauce, and 2 medium Diet Colas. Shall I place the "
     "order?",
     "place_order", _NONE),
    ("restaurant", _CALAMARI, "",
     "One order of Crispy Calamari with spicy marinara coming right up - would you like me to submit it "
     "now?",
     "place_order", _R_CALAMARI),
    ("restaurant", _BREW, "",
     "Just the small Cold Brew then? I'll send it to the kitchen once you confirm.",
     "place_order", _R_BREW),
    ("restaurant", _BREW, "",
     "One small Cold Brew, please confirm and I'll put the order through",
     "place_order", _R_BREW),
    ("restaurant", _CALAMARI, "", "Would you like to add a drink before I place the order?", None, None),
    ("retail", _CANCEL, "",
     "I've pulled up order #W3125736 (Backpack, Coffee Maker). Since it's still pending, I can cancel it "
     "for you.\n\n**Reason:** no longer needed\n**Refund:** $89.10 to your original card\n\nDo you want "
     "me to proceed with the cancellation?",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "",
     "Unfortunately I can't issue a refund without the item coming back. I can start a return for the "
     "Wireless Earbuds on W3129434 though, and the refund goes out once it arrives. Want me to set that "
     "up",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "",
     "Exchange Hiking Boots (W3110919) -> olive, US 10. OK?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ITEMS, "",
     "Just to double-check before I make the change: the Running Shorts on W3125314 become black in size "
     "S, right?",
     "modify_pending_order_items", _W_ITEMS),
    ("retail", _ADDRESS, "",
     "Please review:\n1. Order: W3135709\n2. New address: 836 Birch Boulevard, Brookfield, WI "
     "33688\n\nShall I update it?",
     "modify_pending_order_address", _W_ADDRESS),
    ("retail", _ADDRESS, "",
     "Please review:\n1. Order: W3135709\n2. New address: 836 Birch Boulevard, Brookfield, WI "
     "33689\n\nShall I update it?",
     "modify_pending_order_address", _NONE),
    ("retail", _PAYMENT, "",
     "I'm unable to split the payment, but I can move the whole of W3141805 to your PayPal "
     "(paypal_7357918). Would that work for you?",
     "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _CANCEL, "",
     "If you'd still like to go ahead, I can cancel W3125736 - otherwise we can leave it as is.",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "",
     "Kindly reply 'yes' to confirm the cancellation of order #W3125736.",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "",
     "You could return the Wireless Earbuds on W3129434 within 30 days if they don't suit you.",
     None, None),
    ("ecommerce", _INSTALL, "",
     "**Installation summary**\n- Order: E205810\n- Date: Friday, March 13\n\nReady to book?",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _INVOICE, "",
     "Sorry, I can't add a PO number to the invoice. I can still issue it for E206019 under Harbor Print "
     "Ltd, though. Shall I?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _DAMAGE, "", "Return for E204931 with photo IMG-4308 - go ahead?", "create_return", _E_DAMAGE),
    ("ecommerce", _PRICE, "",
     "Would you like me to go ahead and apply price protection on E206299 using IMG-4699, or would you "
     "rather hold off?",
     "apply_price_protection", _E_PRICE),
    ("mock", "upgrade_plan", "",
     "Totally understand wanting more data! Moving account A101 to the Premium plan would give you "
     "unlimited data for $20 more a month. Would you like me to make the switch?",
     "change_plan", _A101),
    ("mock", "cancel_subscription", "",
     "I'm not able to pause a subscription, but I can cancel the one on A100 and you can restart it any "
     "time. Would you like to go that route?",
     "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "",
     "Confirming: Basic plan for A104, effective today. Good to go?",
     "change_plan", _A104),
    ("streamco", "triple_charge", "",
     "Here's what I'd refund on AC-310:\n1. CH-2 - $12.99\n2. CH-3 - $12.99\n\nShall I go ahead?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    ("clinic", "cancel", "",
     "I'm afraid I can't waive the late-cancellation fee, but I can cancel appointment AP-9002 for you "
     "now. Would you like me to?",
     "cancel_appointment", {"appointment_id": "AP-9002"}),
    ("power", "move_out", "",
     "To confirm, I'll schedule the move-out for account 4417-2290 on 12/19/2026 - okay?",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    ("bank", "freeze_after_alert", "",
     "For your security I'd suggest freezing CARD-5120 until we've looked into this. Okay with you?",
     "freeze_card", {"card_id": "CARD-5120"}),
]

# a third batch, from a scratch rewrite that joined the last sentence to the ask with a dash: the ask after the dash
# is the approval, the clause before it only context
PROBES += [
    ("retail", _CANCEL, "",
     "Order W3125736 can be cancelled today. The refund would return to your original card within 5-7 days - would "
     "you like me to go ahead?", "cancel_pending_order", _W_CANCEL),
    ("telecom", _BILL, "",
     "Bill B9001 (customer C1002) is overdue. Paying it lets us resume your line - shall I send you the payment "
     "request?", "send_payment_request", _T_BILL),
    ("telecom", _ROAMING, "",
     "Roaming is off on 312-555-0147 (customer C1001). Turning it on won't change your plan - shall I proceed?",
     "enable_roaming", _T_ROAMING),
]

# a fourth batch, from a scratch rewrite of approvals into "I'd … - is that okay with you?": the step the agent would
# take, then a bare question of assent
PROBES += [
    ("retail", _CANCEL, _PENDING, "I'd proceed with that now - is that okay with you?", "cancel_pending_order",
     _W_CANCEL),
    ("mock", "upgrade_plan", "Premium on A101 is $20 a month and starts today.",
     "I'd go ahead right away - is that alright?", "change_plan", _A101),
    ("telecom", _ROAMING, _ROAMING_OFF, "I would take care of it straight away - okay with you?", "enable_roaming",
     _T_ROAMING),
    ("mock", "upgrade_plan", "", "I'd recommend reading the plan details on our site first.", None, None),
]

# a fifth batch: the guest's line to add, laid out as the agent's own step before the ask (adding a line changes nothing
# for good, so it is not what "the order" names: placing it)
_DIP, _ONE_DIP = "simple/02-spinach-artichoke-dip", {"item": "Spinach Artichoke Dip", "quantity": 1}
PROBES += [
    ("restaurant", _DIP, "", "I'll add one Spinach Artichoke Dip to your order next. Does that work for you?",
     "add_item", _ONE_DIP),
    ("restaurant", _DIP, "", "Give me the nod and I'll add one Spinach Artichoke Dip to the order.", "add_item",
     _ONE_DIP),
    ("restaurant", _DIP, "", "I'll add two Spinach Artichoke Dips to your order. Sound good?", "add_item", _NONE),
]

# probes the rules still read wrongly, by (domain, previous message, message), with why a fix is not safe yet
UNREAD: dict[tuple[str, str, str], str] = {}


def _marked(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> Any:
    reason = UNREAD.get((case[0], case[2], case[3]))
    return pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else case


@pytest.mark.parametrize("case", [_marked(c) for c in PROBES], ids=[f"{c[0]}-{k:03d}" for k, c in enumerate(PROBES)])
def test_offers_summaries_terse_asks_and_wrong_values_are_read_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


_ORDERS = [c for c in PROBES if c[0] == "restaurant" and c[4] in (None, "place_order")]
# restaurant probes the guest's order tracker still reads wrongly, by message, with why
_GUEST_UNREAD: dict[str, str] = {
    "We're out of garlic aioli tonight, but the Crispy Calamari with spicy marinara is available. Would you like me to "
    "place the order for one of those?":
        "the guest's order tracker takes no line from a statement of what is available ('… is available'), and 'one "
        "of those' after it is no read-back of a line; taking lines from availability would fill the order from "
        "every menu suggestion",
}


@pytest.mark.parametrize("case", [
    pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=_GUEST_UNREAD[c[3]])) if c[3] in _GUEST_UNREAD else c
    for c in _ORDERS], ids=[f"order-{k:02d}" for k in range(len(_ORDERS))])
def test_the_guest_reads_these_order_approvals_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert guest_errors(case) == []
