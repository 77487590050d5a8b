"""Approvals in the styles the held-out corpus still reads worst (issue 20, round 4 of the confirmations helper):
a decline followed by an offer of another action or a transfer, an approval with a question for a fact or a choice
in the same message, polite and indirect asks, the action or its values only in the agent's previous message,
pronouns, asks without a question mark, inflected verbs and nouns, and read-backs with one wrong value (a wrong
colour or size in an exchange stops the approval from confirming the call). Hard negatives use the same words
without asking: declines with no offer, offers of a choice, reports, and questions for a fact only.

Every sentence was written for this file before the rules were run on it. Each is read by the simulated user and
by the rule labeller, with the checks of ``test_understanding_confirmations.probe_errors``.
"""

from __future__ import annotations

from typing import Any

import pytest

from test_understanding_confirmations import probe_errors
from test_understanding_confirmations_round3 import (
    _A100, _A101, _A104, _ADDRESS, _BILL, _BREW, _CALAMARI, _CANCEL, _DAMAGE, _E_DAMAGE, _E_INSTALL, _E_INVOICE,
    _E_PRICE, _EXCHANGE, _INSTALL, _INVOICE, _ITEMS, _NONE, _PAYMENT, _PENDING, _PIZZA, _PRICE, _R_BREW, _R_CALAMARI,
    _R_PIZZA, _REFUEL, _RETURN, _ROAMING, _ROAMING_OFF, _T_BILL, _T_REFUEL, _T_RESUME, _T_ROAMING, _W_ADDRESS,
    _W_CANCEL, _W_EXCHANGE, _W_ITEMS, _W_PAYMENT, _W_RETURN)

# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    # ================================================================ mock
    ("mock", "cancel_subscription", "", "I'm not able to refund the current month, but I can cancel the subscription "
                                        "on A100 so you aren't charged again. Would you like me to do that?",
     "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "", "Unfortunately I can't give you a free trial of Premium. What I can do is upgrade "
                                 "A101 to Premium right away - interested?", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "", "That plan isn't something I can set up myself, though I can transfer "
                                             "you to a specialist who can. Want me to connect you?",
     "transfer_to_human", {}),
    ("mock", "upgrade_plan", "", "Shall I move A101 onto Premium? And which email should the receipt go to?",
     "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "", "Would you like me to downgrade A104 to Basic - and do you want it to "
                                             "start today or at the next cycle?", "change_plan", _A104),
    ("mock", "cancel_subscription", "The subscription on A100 is active and renews monthly.",
     "Would you like me to cancel it for you?", "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "Premium for account A101 costs $20 a month.", "Shall I go ahead with the upgrade?",
     "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "I can change A104 to the Basic plan today.", "Please confirm and I'll make "
                                                                                       "the change.",
     "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Could you please confirm that you'd like account A101 upgraded to Premium?",
     "change_plan", _A101),
    ("mock", "cancel_subscription", "", "If you'd kindly confirm, I'll cancel the subscription on A100.",
     "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "", "Let me know if I should downgrade A104 to Basic.", "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Shall I upgrade A101 to Basic?", "change_plan", _NONE),
    ("mock", "cancel_subscription", "", "Cancelling A100 now - is that right", "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "", "Upgrading A101 to Premium takes effect straight away. Happy for me to proceed",
     "change_plan", _A101),
    # mock: hard negatives
    ("mock", "cancel_subscription", "", "I'm sorry, I can't cancel a subscription that has already been closed.",
     None, None),
    ("mock", "upgrade_plan", "", "I can't change plans on a suspended account. Could you tell me your account ID so I "
                                 "can check its status?", None, None),
    ("mock", "router_off_and_downgrade", "", "Which would you prefer: Basic or Standard?", None, None),
    ("mock", "upgrade_plan", "", "Premium was applied to A101 a moment ago; your next bill will show it.", None, None),
    ("mock", "cancel_subscription", "", "To cancel, I'll need the account ID first - what is it?", None, None),
    # ================================================================ retail
    ("retail", _RETURN, "", "Order W3129434 has already been delivered, so I'm unable to cancel it. I could, however, "
                            "set up a return for the Wireless Earbuds - shall I?", "return_delivered_order_items",
     _W_RETURN),
    ("retail", _EXCHANGE, "", "I can't cancel W3110919 now that it's been delivered, but exchanging the Hiking Boots "
                              "for the olive pair in US 10 is possible. Would you like me to arrange the exchange?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _CANCEL, "", "Sorry - changing the price of an item isn't something I can do. I can pass you to a "
                            "human colleague if you'd like. Shall I?", "transfer_to_human_agents", {}),
    ("retail", _ADDRESS, "", "I can't ship W3135709 to a PO box, but I can update it to 836 Birch Boulevard, "
                             "Brookfield, WI 33688 instead. Would that work?", "modify_pending_order_address",
     _W_ADDRESS),
    ("retail", _CANCEL, "", "Shall I cancel W3125736? If so, what's the reason - no longer needed, or ordered by "
                            "mistake?", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "Would you like me to process the return of the Wireless Earbuds from W3129434, and "
                            "should the refund go to the original card or to a gift card?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "", "Shall I go ahead with exchanging the Hiking Boots on W3110919 for olive, US 10? Also, "
                              "which payment method should cover any difference?", "exchange_delivered_order_items",
     _W_EXCHANGE),
    ("retail", _CANCEL, _PENDING, "Would you like me to go ahead?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Shall I cancel it now?", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "The Wireless Earbuds on #W3129434 were delivered, and a return would refund $54.10 to your "
                        "Visa.", "Do you want me to start that return?", "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "The olive Hiking Boots in US 10 are in stock for order W3110919 at the same price.",
     "Would you like me to exchange them?", "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ITEMS, "I can change the Running Shorts on W3125314 to black, size S, before it ships.",
     "Should I make that change?", "modify_pending_order_items", _W_ITEMS),
    ("retail", _PAYMENT, "Your PayPal (paypal_7357918) can be used for order W3141805.", "Would you like me to switch "
                                                                                         "the payment over?",
     "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _ADDRESS, "The new address would be 836 Birch Boulevard, Brookfield, WI 33688 for order W3135709.",
     "Shall I apply it?", "modify_pending_order_address", _W_ADDRESS),
    ("retail", _CANCEL, "", "Could you please confirm that you'd like order W3125736 cancelled?",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "Would you be so kind as to confirm the return of the Wireless Earbuds on W3129434?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "Please let me know whether I should cancel #W3125736.", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _ITEMS, "", "Just confirm and I'll swap the Running Shorts on W3125314 for black, size S.",
     "modify_pending_order_items", _W_ITEMS),
    ("retail", _EXCHANGE, "", "Once you confirm, the Hiking Boots on W3110919 will be exchanged for the olive pair in "
                              "US 10.", "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _PAYMENT, "", "Say yes and order W3141805 gets moved to PayPal (paypal_7357918).",
     "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _CANCEL, "", "I'd be cancelling order W3125736 in full - okay to go ahead", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _RETURN, "", "Returning the Wireless Earbuds on W3129434 - shall I submit that?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "", "Shall I exchange the Hiking Boots on W3110919 for the black pair in US 10?",
     "exchange_delivered_order_items", _NONE),
    ("retail", _EXCHANGE, "", "Shall I exchange the Hiking Boots on W3110919 for the olive pair in US 11?",
     "exchange_delivered_order_items", _NONE),
    ("retail", _ITEMS, "", "Shall I change the Running Shorts on W3125314 to black, size L?",
     "modify_pending_order_items", _NONE),
    ("retail", _ITEMS, "", "Shall I change the Running Shorts on W3125314 to navy, size S?",
     "modify_pending_order_items", _NONE),
    ("retail", _PAYMENT, "", "Shall I move W3141805 to PayPal (paypal_7357981)?", "modify_pending_order_payment",
     _NONE),
    ("retail", _RETURN, "", "Shall I return the Wireless Earbuds on order W3129443?", "return_delivered_order_items",
     _NONE),
    ("retail", _EXCHANGE, "", "Shall I exchange the black Hiking Boots from W3110919 for the olive pair?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _EXCHANGE, "", "Shall I swap your brown size 9 Hiking Boots (W3110919) for the olive pair in US 10?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ITEMS, "", "Shall I replace the grey Running Shorts on W3125314 with black ones, size S?",
     "modify_pending_order_items", _W_ITEMS),
    # retail: hard negatives
    ("retail", _RETURN, "", "I'm sorry, but order W3129434 can't be cancelled because it has already been delivered.",
     None, None),
    ("retail", _EXCHANGE, "", "I can't exchange items from a pending order; once W3110919 is delivered you can ask "
                              "again.", None, None),
    ("retail", _CANCEL, "", "Would you like to cancel the order or keep it and change the address instead?", None,
     None),
    ("retail", _ITEMS, "", "Which colour would you like the Running Shorts in - black, navy or grey?", None, None),
    ("retail", _RETURN, "", "The return for W3129434 was processed; your refund of $54.10 is on its way.", None, None),
    ("retail", _CANCEL, "", "What's the reason for the cancellation: no longer needed, or ordered by mistake?", None,
     None),
    ("retail", _PAYMENT, "", "I'm unable to split a payment across two methods.", None, None),
    ("retail", _EXCHANGE, "", "Before I exchange anything, could you confirm the email on your account?", None, None),
    # ================================================================ e-commerce
    ("ecommerce", _INVOICE, "", "I can't change the VAT rate on an invoice, but I can issue one for E206019 to Harbor "
                                "Print Ltd. Would you like that?", "issue_invoice", _E_INVOICE),
    ("ecommerce", _DAMAGE, "", "A replacement isn't possible for order E204931, but photo IMG-4308 qualifies it for a "
                               "free return. Shall I open one?", "create_return", _E_DAMAGE),
    ("ecommerce", _PRICE, "", "I'm afraid I can't price-match another retailer. However, IMG-4699 shows our own price "
                              "fell for E206299 - want me to apply price protection?", "apply_price_protection",
     _E_PRICE),
    ("ecommerce", _INSTALL, "", "Shall I book the installation for March 13 on E205810? And what's the best phone "
                                "number for the technician to reach you?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INVOICE, "", "Would you like me to issue the invoice for E206019 to Harbor Print Ltd, and should it "
                                "be emailed or posted?", "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "An invoice for E206019 can be made out to Harbor Print Ltd.", "Shall I issue it?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INSTALL, "The installer can come on March 13 for order E205810.", "Would you like me to book that?",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _DAMAGE, "Photo IMG-4308 confirms the damage on E204931.", "Shall I start the return?",
     "create_return", _E_DAMAGE),
    ("ecommerce", _PRICE, "IMG-4699 shows our price on E206299 dropped by $50.", "Would you like me to claim it?",
     "apply_price_protection", _E_PRICE),
    ("ecommerce", _INVOICE, "", "Please confirm that the invoice for E206019 should be issued to Harbor Print Ltd",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INSTALL, "", "Kindly confirm the installation on E205810 for 2026-03-13 and I'll schedule it.",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _DAMAGE, "", "Let me know if you'd like a return created for E204931 using photo IMG-4308.",
     "create_return", _E_DAMAGE),
    ("ecommerce", _INVOICE, "", "Shall I issue the invoice for E206091 to Harbor Print Ltd?", "issue_invoice", _NONE),
    ("ecommerce", _INSTALL, "", "Shall I schedule the installation on E205810 for March 31?",
     "schedule_installation", _NONE),
    ("ecommerce", _PRICE, "", "Shall I apply price protection to E206299 with screenshot IMG-4696?",
     "apply_price_protection", _NONE),
    # e-commerce: hard negatives
    ("ecommerce", _INVOICE, "", "I can't issue an invoice for an order that hasn't been delivered yet.", None, None),
    ("ecommerce", _INSTALL, "", "Which date would suit you for the installation: March 13 or March 14?", None, None),
    ("ecommerce", _DAMAGE, "", "Could you upload a photo of the damage so I can look into a return?", None, None),
    ("ecommerce", _PRICE, "", "Price protection was applied to E206299; $50 will be back on your card in 3-5 days.",
     None, None),
    ("ecommerce", _INVOICE, "", "What company name should the invoice for E206019 carry?", None, None),
    # ================================================================ restaurant
    ("restaurant", _BREW, "", "We're out of large cups, I'm afraid, but I can place the order with a small Cold Brew "
                              "instead. Shall I?", "place_order", _R_BREW),
    ("restaurant", _CALAMARI, "", "One Crispy Calamari with spicy marinara - shall I place the order? And would you "
                                  "like anything to drink with it?", "place_order", _R_CALAMARI),
    ("restaurant", _BREW, "So far: 1 small Cold Brew.", "Would you like me to place the order?", "place_order",
     _R_BREW),
    ("restaurant", _CALAMARI, "You've got one Crispy Calamari with spicy marinara.", "Shall I send that through?",
     "place_order", _R_CALAMARI),
    ("restaurant", _PIZZA, "", "To confirm, your order is:\n- 1 x BBQ Chicken Pizza (large, classic crust, light "
                               "sauce)\n- 2 x Diet Cola (medium)\n\nPlease confirm and I'll place it.",
     "place_order", _R_PIZZA),
    ("restaurant", _BREW, "", "One small Cold Brew. Let me know if I should go ahead and place the order",
     "place_order", _R_BREW),
    ("restaurant", _BREW, "", "One large Cold Brew - shall I place the order?", "place_order", _NONE),
    ("restaurant", _CALAMARI, "", "One Crispy Calamari with garlic aioli - shall I place the order?", "place_order",
     _NONE),
    ("restaurant", _PIZZA, "", "1 medium BBQ Chicken Pizza, classic crust, light sauce, and 2 medium Diet Colas. "
                               "Shall I place it?", "place_order", _NONE),
    # restaurant: hard negatives
    ("restaurant", _BREW, "", "I'm sorry, we can't do the Cold Brew in large today.", None, None),
    ("restaurant", _CALAMARI, "", "Would you like spicy marinara or garlic aioli with your calamari?", None, None),
    ("restaurant", _PIZZA, "", "Your order has been placed - the pizza will be ready in 20 minutes.", None, None),
    # ================================================================ telecom
    ("telecom", _BILL, "", "I can't waive bill B9001, but I can send a payment request for it to your phone "
                           "(customer C1002). Would you like me to?", "send_payment_request", _T_BILL),
    ("telecom", _ROAMING, "", "Roaming can't be enabled for free on a prepaid plan, but I can turn it on for "
                              "312-555-0147 (C1001) at the standard rate. Shall I?", "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "", "I'm not able to raise your monthly allowance, but I can add a 2 GB refuel to "
                             "206-555-0128 (customer C1003). Want that?", "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "", "Shall I enable roaming on 312-555-0147 for C1001? And which country are you travelling "
                              "to?", "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "", "Would you like me to add 2 GB to 206-555-0128 (customer C1003), and should it be charged "
                             "to this month's bill?", "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, _ROAMING_OFF, "Would you like me to turn it on?", "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "A 2 GB refuel for 206-555-0128 (customer C1003) costs $10.", "Shall I add that for you?",
     "refuel_data", _T_REFUEL),
    ("telecom", _BILL, "Your bill B9001 (customer C1002) is overdue.", "Would you like me to send you a payment "
                                                                       "request for it?",
     "send_payment_request", _T_BILL),
    ("telecom", _BILL, "Bill B9001 is paid now. Line 415-555-0163 (customer C1002) is still suspended.",
     "Shall I resume it?", "resume_line", _T_RESUME),
    ("telecom", _ROAMING, "", "Please confirm you'd like roaming enabled on 312-555-0147 (customer C1001)",
     "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "", "Just let me know and I'll refuel 206-555-0128 (C1003) with 2 GB.", "refuel_data",
     _T_REFUEL),
    ("telecom", _BILL, "", "Could you kindly confirm that I should resume line 415-555-0163 for customer C1002?",
     "resume_line", _T_RESUME),
    ("telecom", _ROAMING, "", "Shall I enable roaming on 312-555-0174 (customer C1001)?", "enable_roaming", _NONE),
    ("telecom", _REFUEL, "", "Shall I add 2 GB to 206-555-0128 for customer C1001?", "refuel_data", _NONE),
    # telecom: hard negatives
    ("telecom", _BILL, "", "I'm unable to resume a line while its bill is still unpaid.", None, None),
    ("telecom", _ROAMING, "", "Roaming has been enabled on 312-555-0147; it may take a few minutes to work.", None,
     None),
    ("telecom", _REFUEL, "", "How many gigabytes would you like to add: 1, 2 or 5?", None, None),
    ("telecom", _BILL, "", "I can't resume the line yet - could you check whether the payment went through on your "
                           "side?", None, None),
]

# a second batch, written after the first was run: declines with an offer not phrased as a question, approvals beside a
# question for a fact, asks that lean on the previous message, and the guest's order
PROBES += [
    ("mock", "cancel_subscription", "", "Refunds for past months aren't something I'm able to issue. What I can do "
                                        "is cancel the subscription on A100 so it doesn't renew - just say the word.",
     "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "I can move A101 to Premium today for $20 a month.", "Does that work for you?",
     "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "Switching A104 to Basic would bring the bill down to $10 a month.",
     "Sound good?", "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Shall I go ahead with the Premium upgrade on A101? If so, would you like the invoice "
                                 "emailed to you?", "change_plan", _A101),
    ("retail", _RETURN, "", "Unfortunately, a delivered order can't be cancelled. Instead, I can process a return of "
                            "the Wireless Earbuds on W3129434 for a full refund if you'd like.",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "That's not something I can do from my side, I'm afraid. Would you like to be transferred "
                            "to a human agent?", "transfer_to_human_agents", {}),
    ("retail", _CANCEL, "", "I'm unable to apply a discount code retroactively. I could connect you with a human agent "
                            "who may be able to help - would that be useful?", "transfer_to_human_agents", {}),
    ("retail", _CANCEL, _PENDING, "Should I proceed? And could you tell me the reason for cancelling - no longer "
                                  "needed or ordered by mistake?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Do you want me to go ahead with that?", "cancel_pending_order", _W_CANCEL),
    ("retail", _EXCHANGE, "The olive Hiking Boots in US 10 are available for W3110919.", "Shall I put the exchange "
                                                                                         "through?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ITEMS, "The black Running Shorts in size S are in stock for W3125314.", "Want me to swap them in?",
     "modify_pending_order_items", _W_ITEMS),
    ("retail", _ADDRESS, "", "Shall I update the address on W3135709 to 836 Birch Boulevard, Brookfield, WI 33688, and "
                             "is there a unit or apartment number I should add?", "modify_pending_order_address",
     _W_ADDRESS),
    ("retail", _RETURN, "A return of the Wireless Earbuds on W3129434 would refund $54.10 to your original card.",
     "Would you like me to submit it?", "return_delivered_order_items", _W_RETURN),
    ("ecommerce", _INSTALL, "", "The technician can't come on Sunday, but I can book the installation on E205810 for "
                                "Friday, March 13 instead. Does that work?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INVOICE, "An invoice for E206019 in the name of Harbor Print Ltd is ready to be issued.",
     "Shall I go ahead?", "issue_invoice", _E_INVOICE),
    ("ecommerce", _DAMAGE, "", "Shall I open a free return for E204931 with photo IMG-4308? Also, would you prefer a "
                               "refund or a replacement?", "create_return", _E_DAMAGE),
    ("telecom", _BILL, "", "I can't lift the suspension while bill B9001 is unpaid. I can send a payment request for "
                           "it "
                           "to your phone (customer C1002), though - would you like that?", "send_payment_request",
     _T_BILL),
    ("telecom", _ROAMING, "Roaming is off on 312-555-0147 (customer C1001); turning it on costs nothing.",
     "Would you like me to do that?", "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "", "Shall I add 2 GB to 206-555-0128 (customer C1003)? And do you want a text when it's "
                             "applied?", "refuel_data", _T_REFUEL),
    ("restaurant", _BREW, "", "Anything else, or shall I place the order for one small Cold Brew?", "place_order",
     _R_BREW),
    ("restaurant", _CALAMARI, "", "That's one Crispy Calamari with spicy marinara. Can I go ahead and put that in for "
                                  "you?", "place_order", _R_CALAMARI),
    ("restaurant", _PIZZA, "", "So: one large BBQ Chicken Pizza, classic crust, light sauce, plus two medium Diet "
                               "Colas. Should I submit the order?", "place_order", _R_PIZZA),
    ("restaurant", _BREW, "", "One small Cold Brew for you. Ready for me to send it to the kitchen?", "place_order",
     _R_BREW),
    # hard negatives
    ("retail", _CANCEL, "", "Unfortunately, I can't cancel an order that has already shipped.", None, None),
    ("telecom", _ROAMING, "", "I'm afraid I can't enable roaming while the line is suspended. Could you tell me your "
                              "customer ID?", None, None),
    ("ecommerce", _INSTALL, "", "I can't book installations on Sundays. Which weekday would suit you?", None, None),
    ("restaurant", _PIZZA, "", "Would you like anything else with your pizza?", None, None),
]

# a third batch: telecom offers by pronoun and by the previous message, polite 'may I' asks
PROBES += [
    ("telecom", _ROAMING, "Roaming on 312-555-0147 (customer C1001) is currently disabled.",
     "Would you like me to switch it on for you?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "",
     "If it's alright with you, I'll enable roaming on 312-555-0147 for customer C1001 now.", "enable_roaming",
     _T_ROAMING),
    ("telecom", _REFUEL, "206-555-0128 (customer C1003) has used its full allowance.",
     "Would you like a 2 GB refuel added to it?", "refuel_data", _T_REFUEL),
    ("telecom", _BILL, "",
     "Would it help if I sent a payment request for bill B9001 to your phone (customer C1002)?",
     "send_payment_request", _T_BILL),
    ("telecom", _BILL, "Bill B9001 shows as paid for customer C1002.",
     "I can get 415-555-0163 back up and running - shall I?", "resume_line", _T_RESUME),
    ("telecom", _REFUEL, "", "I'd recommend a 2 GB refuel on 206-555-0128 (customer C1003). Shall I set that up",
     "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "", "Enabling roaming on 312-555-0147 (customer C1001) - please confirm.",
     "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "Roaming is now enabled on 312-555-0147. Would you like me to check anything else?",
     None, None),
    ("telecom", _REFUEL, "", "A refuel adds data immediately and is billed on your next statement.", None, None),
    ("retail", _CANCEL, "", "Could you confirm you'd like me to cancel W3125736?", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "May I go ahead and process the return for the Wireless Earbuds on W3129434?",
     "return_delivered_order_items", _W_RETURN),
    ("mock", "upgrade_plan", "", "May I upgrade A101 to Premium for you?", "change_plan", _A101),
]

# probes the rules still read wrongly, by (domain, previous message, message), with why a fix is not safe yet
UNREAD: dict[tuple[str, str, str], str] = {
    ("mock", "", "Upgrading A101 to Premium takes effect straight away. Happy for me to proceed"):
        "'Happy for me to proceed' without a question mark is not marked as asking by the sentence reader "
        "(_text.py, another helper's file); an approval frame in a segment read as a statement is not looked at",
}


def _marked(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> Any:
    reason = UNREAD.get((case[0], case[2], case[3]))
    return pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else case


@pytest.mark.parametrize("case", [_marked(c) for c in PROBES], ids=[f"{c[0]}-{k:03d}" for k, c in enumerate(PROBES)])
def test_declines_with_offers_multi_asks_and_wrong_readbacks_are_read_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


_READ_BACK_BREW = "Your order: 1 x Cold Brew (small)."
# (previous agent message, message) the guest takes as the order to place, its one line complete
_GUEST_PLACES: list[tuple[str, str]] = [
    *((_READ_BACK_BREW, t) for t in (
        "Good to go?", "Does that all look right?", "Ready to check out?", "Sound good?", "Shall I finalise it?",
        "Can I send that to the kitchen?", "Want me to put that through now?", "Does that look right to you",
        "Shall I go ahead?", "Happy with that?", "Is that correct?", "Should I complete the order?",
        "Can I confirm that for you?", "Shall I ring it up?", "Would you like me to submit it?", "All good to place?",
        "Anything else, or are we good to go?", "Shall we make it official?", "Everything correct?")),
    ("", "Alright, a small Cold Brew it is. Shall I put the order in?"),
    ("", "A single small Cold Brew - should I send it through?"),
    ("", "Just the one small cold brew, yes?"),
]
_GUEST_UNREAD = {
    "Just the one small cold brew, yes?": "a read-back of the order with a tag question and no action named is read as "
                                          "a check of values; reading every order read-back as the approval to place "
                                          "it cost held-out precision (approval, misread) with no recall gained",
}


@pytest.mark.parametrize(("previous", "text"), [
    pytest.param(p, t, marks=pytest.mark.xfail(strict=True, reason=_GUEST_UNREAD[t])) if t in _GUEST_UNREAD else (p, t)
    for p, t in _GUEST_PLACES])
def test_the_guest_takes_these_as_the_order_to_place(previous: str, text: str) -> None:
    from test_understanding_confirmations import guest_errors

    assert guest_errors(("restaurant", _BREW, previous, text, "place_order", _R_BREW)) == []
