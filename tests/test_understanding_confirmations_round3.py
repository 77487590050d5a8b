"""Approvals phrased the way the held-out styles are weakest (issue 20, round 3 of the confirmations helper): terse
asks ("Go ahead?", "Proceed with the swap?"), approvals that lean on the agent's previous message ("Want me to do
it?"), pronouns and ellipsis ("shall I take care of it?"), the action named by a synonym or another form drawn from
the tool's name and description, approvals without a question mark ("Just say the word and I'll …", "Reply YES to
…"), a decline with an offer, an approval with a fact question beside it — and hard negatives that use the same
words without asking: reports of what was done, information about an action, offers of several options, and
questions whose verb is "proceed" but that ask for a fact.

Every sentence was written for this file before the rules were run on it. Each is read by the simulated user and
by the rule labeller, with the checks of ``test_understanding_confirmations.probe_errors``.
"""

from __future__ import annotations

from typing import Any

import pytest

from test_understanding_confirmations import guest_errors, probe_errors

_CANCEL, _ADDRESS, _PAYMENT = "cancel/email/ok/W3125736", "address/email/ok/W3135709", "payment/email/ok/W3141805"
_RETURN, _EXCHANGE, _ITEMS = "return/email/ok/W3129434", "exchange/email/ok/W3110919", "items/email/ok/W3125314"
_INVOICE, _INSTALL, _PRICE, _DAMAGE = "E206019/", "E205810/", "E206299/", "E204931/"
_BILL, _REFUEL = "[service_issue]overdue_bill_suspension", "[mobile_data_issue]data_usage_exceeded"
_ROAMING = "[mobile_data_issue]user_abroad_roaming_disabled_on"
_BREW, _CALAMARI, _PIZZA = "simple/01-cold-brew", "simple/03-crispy-calamari", "medium/03-bbq-chicken-pizza"
_NONE = None  # an approval whose values are not all stated, or one is stated wrongly

_A100, _A101, _A104 = {"account_id": "A100"}, {"account_id": "A101", "plan": "premium"}, \
    {"account_id": "A104", "plan": "basic"}
_W_CANCEL, _W_RETURN, _W_EXCHANGE, _W_ITEMS = ({"order_id": "W3125736"}, {"order_id": "W3129434"},
                                               {"order_id": "W3110919"}, {"order_id": "W3125314"})
_W_ADDRESS = {"order_id": "W3135709", "zip": "33688"}
_W_PAYMENT = {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}
_E_INVOICE = {"order_id": "E206019", "title": "Harbor Print Ltd"}
_E_INSTALL = {"order_id": "E205810", "date": "2026-03-13"}
_E_PRICE, _E_DAMAGE = {"order_id": "E206299", "image_id": "IMG-4699"}, {"order_id": "E204931", "image_id": "IMG-4308"}
_T_ROAMING = {"customer_id": "C1001", "phone_number": "312-555-0147"}
_T_REFUEL = {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}
_T_BILL, _T_RESUME = {"customer_id": "C1002", "bill_id": "B9001"}, {"customer_id": "C1002",
                                                                    "phone_number": "415-555-0163"}
_R_BREW, _R_CALAMARI = {"lines": "1 x cold brew (small)"}, {"lines": "1 x crispy calamari (spicy marinara)"}
_R_PIZZA = {"lines": "1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)"}

_PENDING = ("Order #W3125736 (Backpack, Coffee Maker) is still pending, so it can be cancelled. The $89.10 would go "
            "back to your original card.")
_ROAMING_OFF = "Roaming is switched off on 312-555-0147 (customer C1001). Turning it on is free of charge."

# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    # ================================================================ mock
    ("mock", "cancel_subscription", "Account A100 is on the Basic plan with an active subscription. Cancelling ends "
                                    "it at the close of the cycle and can't be undone.", "Go ahead?",
     "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "Premium on A101 is $20/month and adds 50 GB of cloud storage.",
     "Want me to make the switch?", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "", "Just say the word and I'll move A104 down to the Basic plan.",
     "change_plan", _A104),
    ("mock", "cancel_subscription", "", "Reply YES to cancel the subscription on account A100.",
     "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "I can downgrade A104 to Basic, effective today.", "Shall I take care of it?",
     "change_plan", _A104),
    ("mock", "upgrade_plan", "", "OK to put A101 on Premium?", "change_plan", _A101),
    ("mock", "upgrade_plan", "", "I'm ready to switch A101 to Premium - just give me the nod.", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "", "**Plan change**\n- Account: A104\n- New plan: Basic\n\nShall I make it "
                                             "so?", "change_plan", _A104),
    ("mock", "cancel_subscription", "", "Terminating the subscription on A100 is permanent. Do you still want me to "
                                        "go through with it?", "cancel_subscription", _A100),
    ("mock", "cancel_subscription", "Your subscription on A100 renews on the 1st of next month.",
     "Would you like me to end it now?", "cancel_subscription", _A100),
    ("mock", "cancel_subscription", "", "Shall I cancel the subscription on account A101?", "cancel_subscription",
     _NONE),
    ("mock", "upgrade_plan", "", "Shall I upgrade A101 to Premium? Also, would you like the change to show on this "
                                 "month's bill or next month's?", "change_plan", _A101),
    ("mock", "upgrade_plan", "Moving A101 to Premium would take effect immediately and costs $20/month.",
     "Should I go ahead with that?", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "Basic on A104 would be $10/month, down from $25.", "Want me to lock it in?",
     "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Reply 'yes' to upgrade account A101 to Premium, or 'no' to stay where you are.",
     "change_plan", _A101),
    ("mock", "cancel_subscription", "", "Please confirm you'd like A100's subscription terminated.",
     "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "", "Downgrade A104 to Basic now?", "change_plan", _A104),
    ("mock", "upgrade_plan", "", "Happy to bump A101 up to Premium for you - shall I?", "change_plan", _A101),
    # mock: hard negatives
    ("mock", "cancel_subscription", "", "Your subscription on A100 has been cancelled. Is there anything else I can "
                                        "help with?", None, None),
    ("mock", "upgrade_plan", "", "I've moved A101 to Premium - the change is live now.", None, None),
    ("mock", "upgrade_plan", "", "Would you prefer Premium or Standard for A101?", None, None),
    ("mock", "router_off_and_downgrade", "", "Which plan should I move account A104 to?", None, None),
    ("mock", "cancel_subscription", "", "Cancelling a subscription is permanent and can't be reversed, so it's worth "
                                        "being sure before you ask.", None, None),
    ("mock", "router_off_and_downgrade", "", "Do you know which plan you're on at the moment?", None, None),
    ("mock", "router_off_and_downgrade", "", "I can move A104 to Basic or to Standard - which one would you like?",
     None, None),
    ("mock", "upgrade_plan", "", "Upgrades from Basic to Premium take effect immediately, and you're billed the "
                                 "difference pro rata.", None, None),
    ("mock", "cancel_subscription", "", "Would you like me to look up the balance on A100 first?", None, None),
    ("mock", "router_off_and_downgrade", "", "Have you already tried restarting the router?", None, None),
    # ================================================================ retail
    ("retail", _CANCEL, _PENDING, "Shall I go ahead?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Want me to do it?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Proceed with the cancellation of W3125736?", "cancel_pending_order", _W_CANCEL),
    ("retail", _ITEMS, "The Running Shorts on order W3125314 are currently grey, size M. The black size S variant is "
                       "in stock at the same price.", "Proceed with the swap?", "modify_pending_order_items",
     _W_ITEMS),
    ("retail", _ITEMS, "", "OK to swap the Running Shorts on #W3125314 for the black pair in size S?",
     "modify_pending_order_items", _W_ITEMS),
    ("retail", _ITEMS, "", "I'll switch your Running Shorts on W3125314 to black / S - just reply YES to confirm.",
     "modify_pending_order_items", _W_ITEMS),
    ("retail", _RETURN, "Order #W3129434 was delivered on March 2. Returning the Wireless Earbuds would refund $54.10 "
                        "to your Visa ending 4417.", "OK to refund $54.10 to the Visa?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _RETURN, "", "Would you like me to send the Wireless Earbuds from #W3129434 back for a refund?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _RETURN, "", "Happy to start the return on order W3129434 for the Wireless Earbuds. Just let me know "
                            "and I'll get the label out.", "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "Your Hiking Boots from W3110919 can be exchanged for the olive pair in US 10; there's no "
                          "price difference.", "Do you want me to go ahead with that?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _EXCHANGE, "", "Should I trade the Hiking Boots on W3110919 for the olive ones in US 10?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _PAYMENT, "", "I'll move order W3141805 over to your PayPal (paypal_7357918) once you say so.",
     "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _PAYMENT, "Order W3141805 is currently charged to your Visa. You also have PayPal on file "
                         "(paypal_7357918).", "Switch it to PayPal?", "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _ADDRESS, "Order #W3135709 is still pending, so the address can be changed. New address: 836 Birch "
                         "Boulevard, Brookfield, WI 33688.", "Shall I update it?", "modify_pending_order_address",
     _W_ADDRESS),
    ("retail", _ADDRESS, "", "Shall I send order W3135709 to 836 Birch Boulevard, Brookfield, WI 33688 instead?",
     "modify_pending_order_address", _W_ADDRESS),
    ("retail", _ADDRESS, "", "Just to confirm, I'll change the shipping address on W3135709 to 836 Birch Boulevard, "
                             "Brookfield, WI 33668 - okay?", "modify_pending_order_address", _NONE),
    ("retail", _CANCEL, "", "Shall I cancel order #W3125763?", "cancel_pending_order", _NONE),
    ("retail", _CANCEL, "", "If you're happy with that, I'll cancel W3125736 for you now.", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _CANCEL, "", "Let me know if you'd like me to proceed with cancelling #W3125736.",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "I'm afraid I can't cancel order #W3129434 because it's already been delivered. What I can "
                            "do is start a return for the Wireless Earbuds instead - would you like that?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "I'm not able to change the reason on an order once it's submitted, but I can connect you "
                            "with a human agent who can. Would you like me to transfer you?",
     "transfer_to_human_agents", {}),
    ("retail", _CANCEL, "", "Here's what will happen:\n- Order **#W3125736** will be cancelled\n- **$89.10** goes back "
                            "to your original payment method\n\nReady for me to go ahead?", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _RETURN, "", "To recap:\n1. Order: W3129434\n2. Item to return: Wireless Earbuds\n3. Refund to: "
                            "original payment method\n\nShall I submit the return request?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "The Backpack and Coffee Maker on #W3125736 haven't shipped yet.",
     "Would you like me to cancel the order, then?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Would you be comfortable with me cancelling order W3125736 today?",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _ADDRESS, "Order W3135709 ships to 12 Oak Lane right now. The new address would be 836 Birch Boulevard, "
                         "Brookfield, WI 33688.", "Shall I make the change?", "modify_pending_order_address",
     _W_ADDRESS),
    ("retail", _CANCEL, "", "Would you like the cancellation processed for W3125736 now?", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _CANCEL, "", "Do you want #W3125736 cancelled?", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "Happy for me to send the return through for the Wireless Earbuds on W3129434?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _RETURN, "", "Shall I arrange for the Wireless Earbuds on W3129434 to be sent back?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "Would you like me to put a stop to order W3125736 before it ships?",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Shall I call off order W3125736?", "cancel_pending_order", _W_CANCEL),
    ("retail", _ADDRESS, "New address for W3135709: 836 Birch Boulevard, Brookfield, WI 33668.", "Shall I update it?",
     "modify_pending_order_address", _NONE),
    ("retail", _EXCHANGE, "", "So the plan is to exchange your Hiking Boots (W3110919) for the olive pair in US 10. "
                              "Sound good?", "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ITEMS, "", "Before the order ships, I can change the Running Shorts on W3125314 to black in size S. "
                           "Would you like that?", "modify_pending_order_items", _W_ITEMS),
    ("retail", _PAYMENT, "", "Shall I charge order W3141805 to your PayPal account (paypal_7357918) instead of the "
                             "card?", "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _CANCEL, "", "Cancelling order W3125736 will refund $89.10 to your card. Shall I proceed, and is there "
                            "anything you'd like me to note as the reason?", "cancel_pending_order", _W_CANCEL),
    # retail: hard negatives
    ("retail", _CANCEL, "", "Your order #W3125736 has been cancelled, and $89.10 will be refunded within 5-7 business "
                            "days.", None, None),
    ("retail", _RETURN, "", "I've submitted the return for the Wireless Earbuds on W3129434 - you'll receive a "
                            "prepaid label shortly.", None, None),
    ("retail", _EXCHANGE, "", "To proceed with the exchange, which size would you like instead?", None, None),
    ("retail", _CANCEL, "", "To proceed, could you tell me the email address on your account?", None, None),
    ("retail", _CANCEL, "", "Before proceeding, may I have the number of the order you'd like to cancel?", None, None),
    ("retail", _CANCEL, "", "Cancellations are only possible while an order is pending; once it ships, you'd need to "
                            "request a return instead.", None, None),
    ("retail", _ITEMS, "", "I was able to swap the Running Shorts on W3125314 to black, size S. The price stayed the "
                           "same.", None, None),
    ("retail", _RETURN, "", "Which item on order W3129434 would you like to send back?", None, None),
    ("retail", _EXCHANGE, "", "The exchange for W3110919 is complete - your olive boots in US 10 ship tomorrow.", None,
     None),
    ("retail", _ADDRESS, "", "I went ahead and updated the shipping address on W3135709 to 836 Birch Boulevard.",
     None, None),
    ("retail", _CANCEL, "", "Shall I look up your other orders as well?", None, None),
    ("retail", _PAYMENT, "", "Which payment method should I proceed with for W3141805?", None, None),
    ("retail", _ITEMS, "", "You can proceed to checkout on the website once the new item is in your cart.", None,
     None),
    ("retail", _CANCEL, "", "Do you want to cancel the whole order, or only some of the items?", None, None),
    ("retail", _RETURN, "", "Returns are refunded to the original payment method within 5-7 business days of us "
                            "receiving the item.", None, None),
    ("retail", _CANCEL, "", "Once an order is cancelled, the refund goes back to the card you paid with.", None,
     None),
    ("retail", _EXCHANGE, "", "Would you like to exchange for a different colour, or a different size?", None, None),
    # ================================================================ e-commerce
    ("ecommerce", _INVOICE, "Order E206019 was delivered on March 2 and has no invoice yet. I can issue one to Harbor "
                            "Print Ltd.", "Go ahead?", "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "", "OK to issue the invoice for E206019 under the name Harbor Print Ltd?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "", "I'll generate an invoice for order E206019 made out to Harbor Print Ltd as soon as "
                                "you give me the go-ahead.", "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "", "Reply YES and I'll raise the invoice for E206019 in the name of Harbor Print Ltd.",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "", "Shall I issue the invoice for E206019 to Harbor Print LLC?", "issue_invoice", _NONE),
    ("ecommerce", _INSTALL, "The technician has openings on March 13 and March 14 for order E205810.",
     "Shall I grab March 13 for you?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "Would you like me to set up the installation for Friday, March 13 on order E205810?",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "Book the installer for 13 March on E205810?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "If March 13 suits you, I'll reserve that slot for the installation on order E205810.",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _PRICE, "", "Based on screenshot IMG-4699, you're eligible for a price-protection refund on E206299. "
                              "Want me to file that for you?", "apply_price_protection", _E_PRICE),
    ("ecommerce", _PRICE, "Screenshot IMG-4699 shows the product at $399 on our site, $50 below what you paid for "
                          "order E206299.", "Shall I claim the difference back for you?", "apply_price_protection",
     _E_PRICE),
    ("ecommerce", _PRICE, "", "Shall I apply price protection to E206299 using IMG-4699? And what name should go on "
                              "the invoice afterwards?", "apply_price_protection", _E_PRICE),
    ("ecommerce", _DAMAGE, "", "The photo IMG-4308 clearly shows the cracked panel on E204931. I can open a free "
                               "return for it - shall I?", "create_return", _E_DAMAGE),
    ("ecommerce", _DAMAGE, "Photo IMG-4308 shows the damage on order E204931, so it qualifies for a free return.",
     "Want me to set that up?", "create_return", _E_DAMAGE),
    ("ecommerce", _DAMAGE, "", "Should I arrange a return for the damaged item on E204931 (photo IMG-4308)?",
     "create_return", _E_DAMAGE),
    ("ecommerce", _INVOICE, "", "Shall I get that invoice out to Harbor Print Ltd for order E206019?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INSTALL, "March 13 is open for the installation on order E205810.", "Want me to lock that in?",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "Should I go ahead and pencil in the technician for 2026-03-13 (order E205810)?",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "Installation for E205810 on March 14 - shall I book it?", "schedule_installation",
     _NONE),
    ("ecommerce", _PRICE, "", "I can't match the other store's price, but screenshot IMG-4699 does show our own price "
                              "dropped for E206299, so I can refund you the difference. Would you like that?",
     "apply_price_protection", _E_PRICE),
    ("ecommerce", _DAMAGE, "", "| Order | Photo | Action |\n|---|---|---|\n| E204931 | IMG-4308 | Free return |\n\n"
                               "Reply YES to go ahead.", "create_return", _E_DAMAGE),
    # e-commerce: hard negatives
    ("ecommerce", _INVOICE, "", "Your invoice for E206019 has been issued to Harbor Print Ltd and emailed to you.",
     None, None),
    ("ecommerce", _INVOICE, "", "To proceed with the invoice, what company name should appear on it?", None, None),
    ("ecommerce", _INSTALL, "", "Installation is available on March 13 or March 14 - which date works best?", None,
     None),
    ("ecommerce", _PRICE, "", "Price protection covers drops in our own price within 15 days of delivery.", None,
     None),
    ("ecommerce", _INSTALL, "", "I've booked the installation for March 13; the technician will call ahead.", None,
     None),
    ("ecommerce", _PRICE, "", "Could you send me a screenshot showing the lower price so I can proceed?", None, None),
    ("ecommerce", _INVOICE, "", "Would you like the invoice in your own name or your company's?", None, None),
    ("ecommerce", _INSTALL, "", "If you'd like, I can check whether installation is offered for this product.", None,
     None),
    ("ecommerce", _INSTALL, "", "Proceeding with an installation requires the product to be delivered first, and "
                                "yours arrives March 10.", None, None),
    ("ecommerce", _DAMAGE, "", "A free return needs a photo of the damage - once you've sent one, I can take it from "
                               "there.", None, None),
    ("ecommerce", _INSTALL, "", "What date should I go ahead with for the installation?", None, None),
    # ================================================================ restaurant
    ("restaurant", _BREW, "That's one small Cold Brew on your order.", "Shall I put it through?", "place_order",
     _R_BREW),
    ("restaurant", _BREW, "", "One small Cold Brew - ready to send to the kitchen?", "place_order", _R_BREW),
    ("restaurant", _CALAMARI, "", "Your order is 1 x Crispy Calamari with spicy marinara. Just say the word and I'll "
                                  "fire it off to the kitchen.", "place_order", _R_CALAMARI),
    ("restaurant", _CALAMARI, "", "Is that everything? If so, I'll place the order for one Crispy Calamari with the "
                                  "spicy marinara.", "place_order", _R_CALAMARI),
    ("restaurant", _PIZZA, "", "Here's what I have:\n- 1 Large BBQ Chicken Pizza, classic crust, light sauce\n- 2 "
                               "Medium Diet Colas\n\nGood to go?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "So that's 1 large BBQ Chicken Pizza on classic crust with light sauce and 3 medium "
                               "Diet Colas. Shall I send it to the kitchen?", "place_order", _NONE),
    ("restaurant", _BREW, "Your order: 1 x Cold Brew (small).", "Submit?", "place_order", _R_BREW),
    ("restaurant", _BREW, "", "Would you like me to go ahead and charge your card for the order (1 small Cold Brew)?",
     "place_order", _R_BREW),
    ("restaurant", _BREW, "", "Sorry, the Cold Brew only comes in small today. Would you like me to place the order "
                              "with one small Cold Brew instead?", "place_order", _R_BREW),
    ("restaurant", _BREW, "Great - one small Cold Brew.", "Shall I go ahead and place it?", "place_order", _R_BREW),
    ("restaurant", _BREW, "", "Confirm and I'll send your order (1 small Cold Brew) to the kitchen.", "place_order",
     _R_BREW),
    ("restaurant", _PIZZA, "", "**Your order**\n1. BBQ Chicken Pizza - large, classic crust, light sauce\n2. Diet Cola "
                               "x2 - medium\n\nAll correct? I'll pass it to the kitchen once you confirm.",
     "place_order", _R_PIZZA),
    ("restaurant", _CALAMARI, "I've got one Crispy Calamari with spicy marinara.", "Want me to ring that up?",
     "place_order", _R_CALAMARI),
    # restaurant: hard negatives
    ("restaurant", _BREW, "", "Your order's in! One small Cold Brew, ready in about 10 minutes.", None, None),
    ("restaurant", _BREW, "", "What size would you like the Cold Brew in - small or large?", None, None),
    ("restaurant", _BREW, "", "The kitchen closes at 10pm, so orders placed after that go to the next day.", None,
     None),
    ("restaurant", _CALAMARI, "", "Which dip would you like with the Crispy Calamari?", None, None),
    ("restaurant", _PIZZA, "", "Should the BBQ Chicken Pizza be small, medium or large?", None, None),
    # ================================================================ telecom
    ("telecom", _ROAMING, _ROAMING_OFF, "Go ahead?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, _ROAMING_OFF, "Want me to flip it on?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "OK to enable international roaming on 312-555-0147 for customer C1001?",
     "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "Just say the word and I'll switch roaming on for 312-555-0147 (customer C1001).",
     "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "You've used all 5 GB on 206-555-0128 (customer C1003). A 2 GB refuel costs $10.",
     "Shall I add it?", "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "", "Top up 2 GB on 206-555-0128 for C1003?", "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "", "I'll add 3 GB to 206-555-0128 (customer C1003) - is that OK?", "refuel_data", _NONE),
    ("telecom", _REFUEL, "", "Reply YES to add 2 GB of data to line 206-555-0128 (customer C1003).", "refuel_data",
     _T_REFUEL),
    ("telecom", _BILL, "Bill B9001 on customer C1002 is overdue, which is why the line is suspended.",
     "Shall I send the payment request to your phone?", "send_payment_request", _T_BILL),
    ("telecom", _BILL, "", "I can ping a payment request for bill B9001 (customer C1002) to your phone - want me to?",
     "send_payment_request", _T_BILL),
    ("telecom", _BILL, "Thanks - bill B9001 now shows as paid for customer C1002.",
     "Shall I bring 415-555-0163 back online?", "resume_line", _T_RESUME),
    ("telecom", _BILL, "", "Now that the bill is paid, I'd like to unsuspend 415-555-0163 (C1002). Is that OK?",
     "resume_line", _T_RESUME),
    ("telecom", _BILL, "", "Once you give me the go-ahead, I'll restore service on 415-555-0163 for customer C1002.",
     "resume_line", _T_RESUME),
    ("telecom", _ROAMING, "", "Should I turn on roaming for 312-555-0147 (customer C1001)? Also, which country are you "
                              "in at the moment?", "enable_roaming", _T_ROAMING),
    ("telecom", _BILL, "", "I'm not able to waive the overdue bill myself, but I can hand you over to a human agent "
                           "who can look at it. Shall I do that?", "transfer_to_human", {}),
    ("telecom", _ROAMING, "", "Shall I activate roaming on 312-555-0147 (C1001) now?", "enable_roaming", _T_ROAMING),
    ("telecom", _BILL, "", "Reactivate 415-555-0163 for C1002?", "resume_line", _T_RESUME),
    ("telecom", _BILL, "Bill B9001 is now paid. Your line 415-555-0163 (customer C1002) is still suspended, though.",
     "Want me to lift the suspension now?", "resume_line", _T_RESUME),
    ("telecom", _REFUEL, "", "**Data refuel**\n- Line: 206-555-0128\n- Customer: C1003\n- Amount: 2 GB ($10)\n\nShall "
                             "I add it?", "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "", "Roaming on 312-555-0147 (customer C1001) is off. Would you like it turned on?",
     "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "Your line 206-555-0128 (customer C1003) is out of data for this cycle.",
     "Do you want a 2 GB refuel added?", "refuel_data", _T_REFUEL),
    ("telecom", _ROAMING, "", "Turn on roaming for 312-555-0174 (customer C1001)?", "enable_roaming", _NONE),
    # telecom: hard negatives
    ("telecom", _ROAMING, "", "I've enabled roaming on 312-555-0147 - please restart your phone so it picks up the "
                              "change.", None, None),
    ("telecom", _ROAMING, "", "Roaming on 312-555-0147 is free to enable, but data used abroad is billed at $5/GB.",
     None, None),
    ("telecom", _BILL, "", "Your line 415-555-0163 was suspended because bill B9001 is overdue.", None, None),
    ("telecom", _BILL, "", "To proceed, could you give me the phone number of the affected line?", None, None),
    ("telecom", _REFUEL, "", "Would you like me to check your data usage for this cycle?", None, None),
    ("telecom", _REFUEL, "", "You've used 5.0 of 5.0 GB. Data refuels are charged at your plan's refuel price.", None,
     None),
    ("telecom", _BILL, "", "The payment request has been sent to 415-555-0163 - tap the link to pay.", None, None),
    ("telecom", _ROAMING, "", "Which line would you like roaming turned on for?", None, None),
    ("telecom", _REFUEL, "", "How many gigabytes would you like me to add to 206-555-0128?", None, None),
    ("telecom", _BILL, "", "Once the bill is paid, resuming the line usually takes a few minutes.", None, None),
    ("telecom", _REFUEL, "", "I can add 1, 2 or 5 GB to 206-555-0128 - which amount would you like?", None, None),

    # ================================================================ second batch: questions without their mark,
    # one-word asks after a summary, verbs of doing anything applied to what was just offered, the action in a
    # synonym drawn from the tool's description, a decline with another action offered, wrong values read back
    ("mock", "cancel_subscription", "", "Should I go ahead and cancel the subscription on A100", "cancel_subscription",
     _A100),
    ("mock", "upgrade_plan", "", "Want me to put A101 on Premium", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "Account A104 is on the Standard plan at $25/month. Basic is $10/month.",
     "Would you like me to switch you over", "change_plan", _A104),
    ("mock", "upgrade_plan", "So: account A101, Basic to Premium, effective immediately.", "Confirm?", "change_plan",
     _A101),
    ("mock", "cancel_subscription", "Cancelling the subscription on A100 stops billing from next month.",
     "Do you want me to take care of that for you?", "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "", "I can migrate account A104 to the Basic tier today. Is that what you'd "
                                             "like?", "change_plan", _A104),
    ("mock", "cancel_subscription", "", "Shall I discontinue the subscription on account A100?",
     "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "", "Do you want me to switch A101 over to Premium Plus?", "change_plan", _NONE),
    ("mock", "upgrade_plan", "Account A101 is on Basic.", "Want me to move it to Premium Plus?", "change_plan", _NONE),
    ("mock", "cancel_subscription", "", "I'm unable to pause a subscription, but I can cancel it outright for A100 "
                                        "if you'd prefer - would you like that?", "cancel_subscription", _A100),
    ("mock", "router_off_and_downgrade", "", "Before I step A104 down to Basic, can you tell me if the router's power "
                                             "light is on? And should I go ahead with the downgrade?", "change_plan",
     _A104),
    ("mock", "locked_account_escalation", "", "Your account is locked, so I can't make changes myself. A colleague on "
                                              "our security team can unlock it - want me to put you through?",
     "transfer_to_human", {}),
    # mock: hard negatives
    ("mock", "upgrade_plan", "", "Once you approve a plan change, it usually shows on your next bill.", None, None),
    ("mock", "upgrade_plan", "", "You'll be asked to confirm before any change is made to your plan.", None, None),
    ("mock", "cancel_subscription", "", "I'll need your approval before cancelling anything, but first - what's the "
                                        "account ID?", None, None),
    ("mock", "upgrade_plan", "", "Would you like me to go over what's included in Premium?", None, None),
    ("mock", "router_off_and_downgrade", "", "How would you like to proceed with the router - restart it first, or "
                                             "check the cables?", None, None),
    # ---- retail
    ("retail", _CANCEL, "", "Would you like me to cancel order W3125736", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "Should I process the return for the Wireless Earbuds on #W3129434", 
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "Here's the summary:\n- Order: #W3125736\n- Items: Backpack, Coffee Maker\n- Refund: $89.10 "
                        "to your card", "Good to cancel?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Cancel it?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Do you want me to get that sorted now?", "cancel_pending_order", _W_CANCEL),
    ("retail", _EXCHANGE, "For order #W3110919 I'd exchange the Hiking Boots (brown, US 9) for the olive pair in US "
                          "10, no price difference.", "Shall I put that through?", "exchange_delivered_order_items",
     _W_EXCHANGE),
    ("retail", _EXCHANGE, "For order #W3110919 I'd exchange the Hiking Boots (brown, US 9) for the olive pair in US "
                          "10, no price difference.", "ok to go ahead", "exchange_delivered_order_items",
     _W_EXCHANGE),
    ("retail", _ITEMS, "On #W3125314 the Running Shorts would change from grey / M to black / S; same price.",
     "Should I make that change", "modify_pending_order_items", _W_ITEMS),
    ("retail", _ITEMS, "", "I can replace the Running Shorts on pending order W3125314 with the black ones in size S. "
                           "Want me to?", "modify_pending_order_items", _W_ITEMS),
    ("retail", _ADDRESS, "", "Shall I redirect order W3135709 to 836 Birch Boulevard, Brookfield, WI 33688?",
     "modify_pending_order_address", _W_ADDRESS),
    ("retail", _ADDRESS, "", "I'll reroute #W3135709 to 836 Birch Boulevard, Brookfield, WI 33688 as soon as you say "
                             "yes.", "modify_pending_order_address", _W_ADDRESS),
    ("retail", _PAYMENT, "", "Should I put order W3141805 on your PayPal (paypal_7357918) instead", 
     "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _PAYMENT, "", "Paying for W3141805 with PayPal (paypal_7357918) instead of the card - shall I make "
                             "that switch?", "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _PAYMENT, "", "Shall I switch the payment on order W3141805 to your PayPal?",
     "modify_pending_order_payment", _NONE),
    ("retail", _RETURN, "The Wireless Earbuds on #W3129434 qualify for a return; $54.10 would go back to your Visa.",
     "Want me to send them back for you?", "return_delivered_order_items", _W_RETURN),
    ("retail", _RETURN, "", "Order W3129434 has already been delivered, so I can't cancel it, but I can start a "
                            "return for the Wireless Earbuds. Would that work for you?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "", "The boots on W3110919 can't be refunded since it's been over 30 days, but an exchange "
                              "for the olive pair in US 10 is still possible. Would you like to go that route?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _CANCEL, "", "I can cancel #W3125736 for you. Before I do - is the reason that you no longer need it, "
                            "or was it ordered by mistake?", None, None),
    ("retail", _CANCEL, "", "Shall I cancel #W3125736? If so, could you also tell me the reason - no longer needed or "
                            "ordered by mistake?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "Order W3125736 is pending.", "Shall I cancel order W3152736?", "cancel_pending_order",
     _NONE),
    ("retail", _ADDRESS, "", "1. Order: #W3135709\n2. New shipping address: 836 Birch Boulevard, Brookfield, WI 33688"
                             "\n\nPlease confirm and I'll make the update.", "modify_pending_order_address",
     _W_ADDRESS),
    ("retail", _RETURN, "", "Just to confirm - you'd like to send back the Wireless Earbuds from order #W3129434 for a "
                            "refund to your original payment method", "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "If you'd like me to go ahead with cancelling #W3125736, just reply 'yes'.",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Let me know if I should go ahead and scrap order W3125736.", "cancel_pending_order",
     _W_CANCEL),
    # retail: hard negatives
    ("retail", _CANCEL, "", "You said you'd like to cancel order W3125736 - let me pull it up.", None, None),
    ("retail", _PAYMENT, "", "Would you like a receipt for the new payment method emailed to you?", None, None),
    ("retail", _CANCEL, "", "Do you need help with anything else on order W3125736?", None, None),
    ("retail", _CANCEL, "", "I can see two pending orders, #W3125736 and #W3199001. Which one would you like to "
                            "cancel?", None, None),
    ("retail", _RETURN, "", "Returns for delivered orders are processed within 3 business days once the item reaches "
                            "our warehouse.", None, None),
    ("retail", _ADDRESS, "", "Where should order W3135709 be shipped instead?", None, None),
    ("retail", _ITEMS, "", "The Running Shorts come in black, navy and grey, in sizes S to XL. Which colour and size "
                           "would you like?", None, None),
    ("retail", _CANCEL, "", "I'd be happy to help with a cancellation. Could you share the order number and the email "
                            "on the account?", None, None),
    ("retail", _EXCHANGE, "", "Exchanging the boots is free, and the new pair usually ships within two days of us "
                              "receiving the old one.", None, None),
    ("retail", _RETURN, "", "Shall I read back the items on order W3129434 so you can pick the one to return?", None,
     None),
    # ---- e-commerce
    ("ecommerce", _INVOICE, "", "Would you like me to issue the invoice for E206019 to Harbor Print Ltd",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "Invoice details:\n- Order: E206019\n- Title: Harbor Print Ltd", "Issue it?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "Order E206019 can be invoiced to Harbor Print Ltd.", "Want me to draw that up?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INSTALL, "", "Shall I schedule the technician visit for E205810 on Friday the 13th of March",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "Order E205810: installation is free, and Friday, March 13 is available.",
     "Book it?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "Order E205810: installation is free, and Friday, March 13 is available.",
     "Should I go ahead and reserve it for you", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "Do you want me to arrange the installation of your order E205810 on 2026-03-14?",
     "schedule_installation", _NONE),
    ("ecommerce", _PRICE, "Screenshot IMG-4699 shows our price fell by $50 after you bought order E206299.",
     "Would you like me to credit you the difference", "apply_price_protection", _E_PRICE),
    ("ecommerce", _PRICE, "", "Shall I submit a price adjustment on E206299 based on IMG-4699?",
     "apply_price_protection", _E_PRICE),
    ("ecommerce", _PRICE, "", "Should I apply price protection to E206299 using screenshot IMG-4696?",
     "apply_price_protection", _NONE),
    ("ecommerce", _DAMAGE, "", "I can set up a free return for order E204931 using your photo IMG-4308 - just give me "
                               "the go-ahead.", "create_return", _E_DAMAGE),
    ("ecommerce", _DAMAGE, "Thanks - photo IMG-4308 shows the dented corner on order E204931.",
     "Shall I start the return?", "create_return", _E_DAMAGE),
    ("ecommerce", _DAMAGE, "", "Price protection doesn't apply here, but since photo IMG-4308 shows the damage on "
                               "E204931, I can open a free return instead. Shall I?", "create_return", _E_DAMAGE),
    ("ecommerce", _INVOICE, "", "Shall I issue the invoice for E206019 to Harbor Print Ltd? Also, what's the best "
                                "phone number to reach you on?", "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "", "Invoice for E206019 made out to Harbour Prints Ltd - shall I issue it?",
     "issue_invoice", _NONE),
    # e-commerce: hard negatives
    ("ecommerce", _INVOICE, "", "Would you like a copy of the invoice emailed to you as well?", None, None),
    ("ecommerce", _INSTALL, "", "Would you like a text message when the technician is on the way?", None, None),
    ("ecommerce", _INSTALL, "", "What time of day would suit you best for the technician's visit?", None, None),
    ("ecommerce", _PRICE, "", "I've applied price protection to E206299; the $50 difference will reach your card in "
                              "3-5 days.", None, None),
    ("ecommerce", _DAMAGE, "", "Which order arrived damaged, and could you send a photo of it?", None, None),
    ("ecommerce", _INVOICE, "", "Invoices can only be issued once per order, so please double-check the title before "
                                "you send it to me.", None, None),
    ("ecommerce", _PRICE, "", "To proceed with price protection, I'll need a screenshot of the lower price - could "
                              "you upload one?", None, None),
    # ---- restaurant
    ("restaurant", _BREW, "", "Should I go ahead and place the order for one small Cold Brew", "place_order",
     _R_BREW),
    ("restaurant", _BREW, "Okay, that's 1 small Cold Brew.", "Send it to the kitchen?", "place_order", _R_BREW),
    ("restaurant", _CALAMARI, "So far: one Crispy Calamari with spicy marinara.", "Shall I finalise it?",
     "place_order", _R_CALAMARI),
    ("restaurant", _CALAMARI, "", "One Crispy Calamari, spicy marinara on the side. Want me to get that cooking?",
     "place_order", _R_CALAMARI),
    ("restaurant", _PIZZA, "Here's your order so far: one large BBQ Chicken Pizza on classic crust with light sauce, "
                           "and two medium Diet Colas.", "Ready for me to ring it up?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "That's a large BBQ Chicken Pizza, classic crust, light sauce, and two medium Diet "
                               "Colas - $29.00 in all. Can I put that in for you", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "One large BBQ Chicken Pizza, classic crust, light sauce, and two large Diet Colas. "
                               "Shall I place it?", "place_order", _NONE),
    ("restaurant", _BREW, "", "We're out of oat milk today, so the Cold Brew would come black. Would you like me to "
                              "place the order for one small Cold Brew anyway?", "place_order", _R_BREW),
    # restaurant: hard negatives
    ("restaurant", _BREW, "", "Shall I read the order back to you before we go on?", None, None),
    ("restaurant", _BREW, "", "Would you like anything else with your Cold Brew?", None, None),
    ("restaurant", _PIZZA, "", "I've sent your order to the kitchen - a large BBQ Chicken Pizza and two Diet Colas. "
                               "It'll be ready in 25 minutes.", None, None),
    ("restaurant", _PIZZA, "", "Which crust would you like on the BBQ Chicken Pizza: classic, thin or gluten-free?",
     None, None),
    # ---- telecom
    ("telecom", _ROAMING, "", "Should I enable roaming on 312-555-0147 for customer C1001", "enable_roaming",
     _T_ROAMING),
    ("telecom", _ROAMING, _ROAMING_OFF, "Shall I switch it on for you", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, _ROAMING_OFF, "Do you want me to sort that out now?", "enable_roaming", _T_ROAMING),
    ("telecom", _REFUEL, "Line 206-555-0128 (customer C1003) has used its full 5 GB. You can add up to 2 GB at "
                         "$5/GB.", "Want the full 2 GB?", "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "", "I can boost 206-555-0128 (customer C1003) with an extra 2 GB for $10. Should I?",
     "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "", "Shall I top up line 206-555-0128 (customer C1003) with 2.5 GB?", "refuel_data", _NONE),
    ("telecom", _REFUEL, "", "Shall I add 12 GB to 206-555-0128 for customer C1003?", "refuel_data", _NONE),
    ("telecom", _BILL, "Line 415-555-0163 (customer C1002) is suspended for the unpaid bill B9001.",
     "Would you like me to text you a link to pay it?", "send_payment_request", _T_BILL),
    ("telecom", _BILL, "Bill B9001 (customer C1002) is now marked as paid. Line 415-555-0163 is still suspended.",
     "Shall I turn it back on?", "resume_line", _T_RESUME),
    ("telecom", _BILL, "", "Would you like me to reconnect line 415-555-0163 (customer C1002)", "resume_line",
     _T_RESUME),
    ("telecom", _BILL, "", "I can't clear the overdue balance for you, but I can send a payment request for bill "
                           "B9001 to customer C1002's phone so you can pay it. Want me to do that?",
     "send_payment_request", _T_BILL),
    ("telecom", _ROAMING, "", "Enable roaming on 312-555-0147 (customer C1001)? And which country are you calling "
                              "from?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "I'll activate roaming for customer C1001 on 312-555-0147 once you give me the nod.",
     "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "Should I enable roaming on 312-555-0147 for customer C1010?", "enable_roaming",
     _NONE),
    # telecom: hard negatives
    ("telecom", _BILL, "", "I've sent the payment request - once you've paid it, let me know and I'll check the line "
                           "again.", None, None),
    ("telecom", _ROAMING, "", "Would you like to proceed with the troubleshooting steps first?", None, None),
    ("telecom", _ROAMING, "", "Should I stay on the chat while you restart the phone?", None, None),
    ("telecom", _REFUEL, "", "Refuels are billed at $5 per GB and expire at the end of the cycle.", None, None),
    ("telecom", _ROAMING, "", "Can you tell me which country you're in, so I can check roaming coverage there?", None,
     None),
    ("telecom", _BILL, "", "Your line 415-555-0163 has been resumed - restart your phone and service should be back "
                           "within a few minutes.", None, None),

    # ================================================================ third batch: the ask after an offer or a plan
    # in the previous message in more turns of phrase, bare asks ("Should I?", "Yes?"), asks for no objection, an
    # approval beside a question of fact, values written in other formats
    ("mock", "cancel_subscription", "I can cancel the subscription on A100 today; it stays active until the 30th.",
     "Should I?", "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "Here's the plan: move A101 from Basic to Premium ($20/month), starting today.",
     "How does that sound?", "change_plan", _A101),
    ("mock", "upgrade_plan", "Here's the plan: move A101 from Basic to Premium ($20/month), starting today.",
     "Sound like a plan?", "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "I'd downgrade A104 to Basic from the next billing cycle.",
     "Any objections?", "change_plan", _A104),
    ("mock", "router_off_and_downgrade", "", "Mind if I go ahead and drop A104 down to Basic?", "change_plan", _A104),
    ("mock", "cancel_subscription", "", "You still want the subscription on A100 cancelled, right?",
     "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "", "Is it a yes to upgrading A101 to the Premium tier?", "change_plan", _A101),
    ("mock", "cancel_subscription", "Cancelling A100's subscription can't be undone.", "Still want to go ahead?",
     "cancel_subscription", _A100),
    ("mock", "upgrade_plan", "", "Nothing changes on A101 until you say yes - then I'll switch it to Premium.",
     "change_plan", _A101),
    ("mock", "router_off_and_downgrade", "", "Your call: shall I move A104 to Basic now, or wait until the router is "
                                             "sorted?", "change_plan", _A104),
    # ---- retail
    ("retail", _CANCEL, _PENDING, "Should I?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Shall I do that for you?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Is that something you'd like me to do?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, _PENDING, "Let me know if you want me to go ahead.", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Yes/no: cancel #W3125736?", "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "Quick check before I hit the button - cancel order W3125736, yes?",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "Returning the Wireless Earbuds from #W3129434 gets you $54.10 back on your Visa.",
     "Are you okay with that?", "return_delivered_order_items", _W_RETURN),
    ("retail", _RETURN, "Returning the Wireless Earbuds from #W3129434 gets you $54.10 back on your Visa.",
     "Do I have the green light?", "return_delivered_order_items", _W_RETURN),
    ("retail", _EXCHANGE, "", "Swap the Hiking Boots on W3110919 for the olive US 10s?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _EXCHANGE, "", "Please confirm: exchange the Hiking Boots on #W3110919 for the olive pair, US 10?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _ITEMS, "", "Just so I've got it right: on pending order W3125314 you'd like the Running Shorts changed "
                           "to black, size S - shall I make that modification?", "modify_pending_order_items",
     _W_ITEMS),
    ("retail", _ITEMS, "For W3125314: Running Shorts, grey / M -> black / S. Same price.", "All good?",
     "modify_pending_order_items", _W_ITEMS),
    ("retail", _ADDRESS, "", "Would you object if I updated the delivery address on W3135709 to 836 Birch Boulevard, "
                             "Brookfield, WI 33688?", "modify_pending_order_address", _W_ADDRESS),
    ("retail", _ADDRESS, "", "So the new shipping address for #W3135709 will be 836 Birch Boulevard, Brookfield, WI "
                             "33688. Shall I save it?", "modify_pending_order_address", _W_ADDRESS),
    ("retail", _PAYMENT, "I can move the payment for W3141805 from your Visa to PayPal (paypal_7357918).",
     "Your call - want me to do that?", "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _PAYMENT, "", "Happy to switch W3141805 to PayPal (paypal_7357918) if you want - I'll need a yes "
                             "first.", "modify_pending_order_payment", _W_PAYMENT),
    ("retail", _CANCEL, "", "I've got #W3125736 ready to cancel. Before I do, could you tell me the reason? And just "
                            "to be sure - you do want it cancelled?", "cancel_pending_order", _W_CANCEL),
    ("retail", _RETURN, "", "That order's already been delivered, so cancelling isn't possible - but I could set up a "
                            "return of the Wireless Earbuds on W3129434 instead. Shall I?",
     "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "I'm not able to waive the restocking fee, but a human agent might be able to. Want me to "
                            "transfer you?", "transfer_to_human_agents", {}),
    ("retail", _EXCHANGE, "", "I can't exchange the boots for a different product, only another variant. Would you "
                              "like me to go ahead with the olive pair in US 10 on order W3110919?",
     "exchange_delivered_order_items", _W_EXCHANGE),
    ("retail", _CANCEL, "", "Just to confirm, you'd like order #W3125736 canceled", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _RETURN, "", "Confirming: return of the Wireless Earbuds, order #W3129434, refund to the original "
                            "card. OK?", "return_delivered_order_items", _W_RETURN),
    ("retail", _CANCEL, "", "Shall I cancel W-3125736 for you?", "cancel_pending_order", _W_CANCEL),
    # retail: hard negatives
    ("retail", _CANCEL, "", "Let me know how you'd like to proceed.", None, None),
    ("retail", _CANCEL, "", "Would you like to proceed with a different order instead, or is it just this one?", None,
     None),
    ("retail", _RETURN, "", "Are you looking to return the whole order, or just the earbuds?", None, None),
    ("retail", _CANCEL, "", "Order #W3125736 was cancelled on your request yesterday, and the refund is on its way.",
     None, None),
    ("retail", _ADDRESS, "", "Is 836 Birch Boulevard a house or an apartment?", None, None),
    ("retail", _EXCHANGE, "", "Do you still have the original packaging for the boots?", None, None),
    # ---- e-commerce
    ("ecommerce", _INVOICE, "Ready to issue: invoice for E206019, made out to Harbor Print Ltd.", "Yes?",
     "issue_invoice", _E_INVOICE),
    ("ecommerce", _INVOICE, "", "To confirm: invoice for E206019 to \"Harbor Print Ltd\"?", "issue_invoice",
     _E_INVOICE),
    ("ecommerce", _INVOICE, "", "Invoice for order E206019 under Harbor Print Ltd - okay to issue", "issue_invoice",
     _E_INVOICE),
    ("ecommerce", _INSTALL, "", "Book the installation for E205810 on 3/13?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "", "Shall I put you down for an installation on Friday 13 March (order E205810)?",
     "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "I can schedule the installation for E205810 on March 13, between 9 and 12.",
     "Does that work for you?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _INSTALL, "I can schedule the installation for E205810 on March 13, between 9 and 12.",
     "Shall I go ahead and confirm the booking?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _PRICE, "Screenshot IMG-4699 shows our price dropped by $50 within 15 days of your order E206299.",
     "Do you want me to go ahead with the refund?", "apply_price_protection", _E_PRICE),
    ("ecommerce", _PRICE, "", "Refund the $50 difference on E206299 (screenshot IMG-4699)?", "apply_price_protection",
     _E_PRICE),
    ("ecommerce", _DAMAGE, "", "Shall I raise a return for order E204931 with photo IMG-4308 as evidence?",
     "create_return", _E_DAMAGE),
    ("ecommerce", _DAMAGE, "The damaged item on order E204931 (photo IMG-4308) qualifies for a free return.",
     "Should I file it?", "create_return", _E_DAMAGE),
    ("ecommerce", _INVOICE, "", "I can't change the title on an invoice once it's issued, so let's get it right first: "
                                "shall I issue the invoice for E206019 to Harbor Print Ltd?", "issue_invoice",
     _E_INVOICE),
    ("ecommerce", _INSTALL, "", "Shall I book the installation for E205810 on March 13? And is the address on the "
                                "order where the technician should go?", "schedule_installation", _E_INSTALL),
    ("ecommerce", _PRICE, "", "I can't price-match another retailer, but I can connect you with a colleague who "
                              "handles exceptions - would you like that?", "transfer_to_human_agents", {}),
    # e-commerce: hard negatives
    ("ecommerce", _INVOICE, "", "Which title should the invoice for E206019 carry?", None, None),
    ("ecommerce", _PRICE, "", "Our price on that item dropped by $50 on March 1 - do you have a screenshot of it?", None,
     None),
    # ---- restaurant
    ("restaurant", _BREW, "One small Cold Brew, $4.50.", "Place it?", "place_order", _R_BREW),
    ("restaurant", _BREW, "One small Cold Brew, $4.50.", "Should I send that through now", "place_order", _R_BREW),
    ("restaurant", _CALAMARI, "", "Okay: 1 Crispy Calamari, spicy marinara. Shall I send it off?", "place_order",
     _R_CALAMARI),
    ("restaurant", _CALAMARI, "", "One Crispy Calamari with spicy marinara coming right up - shall I put the order "
                                  "in?", "place_order", _R_CALAMARI),
    ("restaurant", _PIZZA, "", "Here's what I've got: a large BBQ Chicken Pizza (classic crust, light sauce) and two "
                               "medium Diet Colas. Want me to send that to the kitchen?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "| Qty | Item | Options |\n|---|---|---|\n| 1 | BBQ Chicken Pizza | large, classic "
                               "crust, light sauce |\n| 2 | Diet Cola | medium |\n\nShall I place it?", "place_order",
     _R_PIZZA),
    ("restaurant", _BREW, "", "Would you like me to add a second Cold Brew to the order?", "add_item", _NONE),
    ("restaurant", _CALAMARI, "", "Shall I put some garlic knots on the order as well?", "add_item", _NONE),
    # restaurant: hard negatives
    ("restaurant", _PIZZA, "", "Would you like a drink with that?", None, None),
    ("restaurant", _BREW, "", "Your Cold Brew will be ready for pickup in about 10 minutes.", None, None),
    # ---- telecom
    ("telecom", _ROAMING, _ROAMING_OFF, "Should I?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, _ROAMING_OFF, "Turn it on?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "Confirm: roaming on for 312-555-0147 (customer C1001)?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "I'd like to switch on international roaming for line 312-555-0147 on account C1001 - "
                              "any objection?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "Mind if I enable roaming on (312) 555-0147 for customer C1001?", "enable_roaming",
     _T_ROAMING),
    ("telecom", _REFUEL, "You can add up to 2 GB to 206-555-0128 (customer C1003) at $5 per GB.", "Top it up?",
     "refuel_data", _T_REFUEL),
    ("telecom", _REFUEL, "", "Shall I add two gigabytes to line 206-555-0128 for customer C1003?", "refuel_data",
     _T_REFUEL),
    ("telecom", _REFUEL, "", "2GB refuel on 206-555-0128, account C1003, $10 - go ahead?", "refuel_data", _T_REFUEL),
    ("telecom", _BILL, "Bill B9001 (customer C1002) is overdue.", "Want me to send you a payment request for it?",
     "send_payment_request", _T_BILL),
    ("telecom", _BILL, "", "Shall I send a request to pay bill B9001 to customer C1002's phone, and could you tell me "
                           "when you'll be able to pay it?", "send_payment_request", _T_BILL),
    ("telecom", _BILL, "Payment for B9001 is confirmed on customer C1002's account.",
     "Can I go ahead and reactivate 415-555-0163?", "resume_line", _T_RESUME),
    ("telecom", _BILL, "Payment for B9001 is confirmed on customer C1002's account.",
     "Reconnect 415-555-0163 now?", "resume_line", _T_RESUME),
    ("telecom", _BILL, "", "The contract on this line has ended, which I can't renew from here. Would you like to be "
                           "put through to our retention team?", "transfer_to_human", {}),
    ("telecom", _BILL, "", "I'm afraid I can't remove the late fee on bill B9001. Would you like me to send the payment "
                           "request for it to customer C1002 so you can settle it?", "send_payment_request", _T_BILL),
    ("telecom", _ROAMING, "", "Before I turn roaming on for 312-555-0147 (customer C1001): are you travelling right "
                              "now, and shall I go ahead?", "enable_roaming", _T_ROAMING),
    # telecom: hard negatives
    ("telecom", _ROAMING, "", "Once roaming is on, you may need to restart your phone before data works.", None, None),
    ("telecom", _REFUEL, "", "Do you want to check your data usage in the app first?", None, None),
    ("telecom", _BILL, "", "Is the payment request showing on your phone yet?", None, None),

    # ================================================================ fourth batch: the restaurant's place and add
    # asks in more verbs, hand-offs to the kitchen (no person), transfers to the restaurant's staff
    ('restaurant', 'simple/01-cold-brew', '', 'One small Cold Brew - shall I send that off to the kitchen?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'Want me to add a second Cold Brew for you?', 'add_item', None),
    ('restaurant', 'simple/01-cold-brew', '', 'Should I throw in a pastry with that?', 'add_item', None),
    ('restaurant', 'simple/03-crispy-calamari', '', 'Would you like me to put in one more Crispy Calamari?', 'add_item', None),
    ('restaurant', 'simple/03-crispy-calamari', '', 'Can I add a side of fries to your order?', 'add_item', None),
    ('restaurant', 'simple/03-crispy-calamari', '', "I'll add one Crispy Calamari with spicy marinara to the order - sound good?", 'add_item', {'item': 'Crispy Calamari', 'quantity': 1}),
    ('restaurant', 'simple/03-crispy-calamari', '', "Great, one Crispy Calamari with spicy marinara. I'll get that order in once you confirm.", 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', 'One Crispy Calamari with spicy marinara - is that everything, and shall I put it through?', 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', "Crispy Calamari, spicy marinara. That'll be $12.50. Want me to go ahead and process the order?", 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', 'Got it - one Crispy Calamari with the spicy marinara. Shall I charge it to your card and send it to the kitchen?', 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', 'Crispy Calamari with spicy marinara, one of them. Can I finalize that for you', 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', "So it's one Crispy Calamari with spicy marinara. Should I go ahead and check out?", 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', "I can't offer the calamari gluten-free, sorry. Would you still like me to place the order for one Crispy Calamari with spicy marinara?", 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', "We don't do delivery, only pickup. Would you like me to connect you with the restaurant staff?", 'transfer_to_human', {}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', 'I have 1 large BBQ Chicken Pizza (classic crust, light sauce) and 2 medium Diet Colas.', "Is that everything? If so I'll send it through.", 'place_order', {'lines': '1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)'}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', '1 x BBQ Chicken Pizza (large, classic crust, light sauce)\n2 x Diet Cola (medium)\n\nPlace order?', 'place_order', {'lines': '1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)'}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', "That's a large BBQ Chicken Pizza with classic crust and light sauce, plus 2 medium Diet Colas. Are you ready for me to put the order through", 'place_order', {'lines': '1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)'}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'Order summary: BBQ Chicken Pizza (large, classic crust, light sauce) x1, Diet Cola (medium) x2. Good to place?', 'place_order', {'lines': '1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)'}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'Would you like to place your order now?', 'place_order', None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'Are you ready to place your order?', 'place_order', None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'Would you like the Diet Colas in medium or large?', None, None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'Can I get you anything else before I place the order?', None, None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'What would you like to order today?', None, None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', "I've added one large BBQ Chicken Pizza with classic crust and light sauce.", None, None),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Shall I send it over to the kitchen?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Should I pass your order along to the kitchen?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Want me to forward that to the kitchen now?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Can I hand that off to the kitchen?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Shall I get that started for you?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Ready for me to get it going?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Shall I confirm the order?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', 'One small Cold Brew.', 'Should I make it official?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'Your order is one small Cold Brew. Shall I go ahead and confirm it?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'One small Cold Brew for pickup. Would you like to complete your order?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'One small Cold Brew for pickup. Would you like to go ahead and order?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', "That's one small Cold Brew. Should I lock in your order?", 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', "Just the one small Cold Brew? Then I'll send it straight through.", 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', "That's 1 small Cold Brew for $4.50. Do you want me to ring it through?", 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'Would you like to speak to someone at the restaurant about that?', 'transfer_to_human', {}),
    ('restaurant', 'simple/01-cold-brew', '', "I can't change the kitchen's recipe, but I can get a staff member on the line - shall I?", 'transfer_to_human', {}),
    ('restaurant', 'simple/01-cold-brew', '', 'Would you like me to pass you to a team member at the store?', 'transfer_to_human', {}),
    # ---- wrong values read back: another option, item, reason, id, date, amount or title; a line too many
    ('retail', 'exchange/email/ok/W3110919', '', 'Shall I exchange the Hiking Boots on #W3110919 for the olive pair in US 9?', 'exchange_delivered_order_items', None),
    ('retail', 'exchange/email/ok/W3110919', '', 'Shall I exchange the Hiking Boots on #W3110919 for the black pair in US 10?', 'exchange_delivered_order_items', None),
    ('retail', 'exchange/email/ok/W3110919', '', 'Shall I exchange the Trail Runners on #W3110919 for the olive pair in US 10?', 'exchange_delivered_order_items', None),
    ('retail', 'exchange/email/ok/W3110919', 'The Hiking Boots on #W3110919 can be exchanged for the olive pair in US 9.', 'Want me to go ahead?', 'exchange_delivered_order_items', None),
    ('retail', 'cancel/email/ok/W3125736', '', 'Shall I cancel order #W3125736 because it was ordered by mistake?', 'cancel_pending_order', None),
    ('retail', 'cancel/email/ok/W3125736', '', "To confirm: cancel #W3125736, reason 'ordered by mistake'. Proceed?", 'cancel_pending_order', None),
    ('retail', 'return/email/ok/W3129434', '', 'Shall I return the Office Chair from order #W3129434?', 'return_delivered_order_items', None),
    ('retail', 'return/email/ok/W3129434', '', 'Would you like me to process the return of the Wireless Headphones from #W3129434?', 'return_delivered_order_items', None),
    ('retail', 'items/email/ok/W3125314', '', 'Should I change the Running Shorts on W3125314 to navy, size S?', 'modify_pending_order_items', None),
    ('retail', 'items/email/ok/W3125314', '', 'Should I change the Running Shorts on W3125314 to black, size M?', 'modify_pending_order_items', None),
    ('retail', 'payment/email/ok/W3141805', '', 'Shall I move W3141805 to your credit card (credit_card_7357918)?', 'modify_pending_order_payment', None),
    ('retail', 'payment/email/ok/W3141805', '', 'Shall I move W3141805 to PayPal (paypal_7357981)?', 'modify_pending_order_payment', None),
    ('retail', 'address/email/ok/W3135709', '', 'Shall I change the address on W3135709 to 863 Birch Boulevard, Brookfield, WI 33688?', 'modify_pending_order_address', None),
    ('retail', 'address/email/ok/W3135709', '', 'Shall I change the address on W3135709 to 836 Birch Boulevard, Brookline, WI 33688?', 'modify_pending_order_address', None),
    ('retail', 'address/email/ok/W3135709', '', 'Shall I change the address on W3135709 to 836 Birch Street, Brookfield, WI 33688?', 'modify_pending_order_address', None),
    ('retail', 'address/email/ok/W3135709', '', 'Shall I change the address on W3135709 to 836 Birch Boulevard, Brookfield, WA 33688?', 'modify_pending_order_address', None),
    ('mock', 'upgrade_plan', '', 'Shall I move A101 to the Premium Family plan?', 'change_plan', None),
    ('mock', 'upgrade_plan', '', 'Shall I move A101 to Standard?', 'change_plan', None),
    ('mock', 'router_off_and_downgrade', '', 'Shall I downgrade A104 to Basic Plus?', 'change_plan', None),
    ('mock', 'upgrade_plan', '', 'Shall I move account A1010 to Premium?', 'change_plan', None),
    ('ecommerce', 'E206019/', '', 'Shall I issue the invoice for E206019 to Harbor Printing Ltd?', 'issue_invoice', None),
    ('ecommerce', 'E206019/', '', 'Shall I issue the invoice for E206091 to Harbor Print Ltd?', 'issue_invoice', None),
    ('ecommerce', 'E206019/', '', 'Shall I issue the invoice for E206019 to Harbor Print?', 'issue_invoice', None),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on 2026-03-31?', 'schedule_installation', None),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on Friday the 13th of April?', 'schedule_installation', None),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on 13 May?', 'schedule_installation', None),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on Saturday, March 14?', 'schedule_installation', None),
    ('ecommerce', 'E206299/', '', 'Shall I apply price protection to E206299 with screenshot IMG-4669?', 'apply_price_protection', None),
    ('ecommerce', 'E204931/', '', 'Shall I open a free return for E204931 using screenshot IMG-4300?', 'create_return', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 1 GB to 206-555-0128 (customer C1003)?', 'refuel_data', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2 GB to 206-555-0182 (customer C1003)?', 'refuel_data', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2 GB to 206-555-0128 (customer C1001)?', 'refuel_data', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2,000 MB to 206-555-0128 (customer C1003)?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 20 GB to 206-555-0128 (customer C1003)?', 'refuel_data', None),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Shall I send a payment request for bill B9010 to customer C1002?', 'send_payment_request', None),
    ('telecom', '[service_issue]overdue_bill_suspension', 'Bill B9001 (customer C1002) is overdue.', 'Shall I send a payment request for bill B9100?', 'send_payment_request', None),
    ('telecom', '[service_issue]overdue_bill_suspension', 'Your line 415-555-0163 (customer C1002) is suspended.', 'Shall I resume 415-555-0136?', 'resume_line', None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'Roaming is off on 312-555-0147 (customer C1001).', 'Shall I turn it on for 312-555-0174?', 'enable_roaming', None),
    ('restaurant', 'simple/01-cold-brew', '', 'One large Cold Brew - shall I place it?', 'place_order', None),
    ('restaurant', 'simple/01-cold-brew', '', 'Two small Cold Brews - shall I place the order?', 'place_order', None),
    ('restaurant', 'simple/03-crispy-calamari', '', 'One Crispy Calamari with lemon aioli - shall I send it in?', 'place_order', None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'One large BBQ Chicken Pizza on classic crust with light sauce, plus two medium Diet Colas and a Garlic Knots. Shall I place it?', 'place_order', None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'One large BBQ Chicken Pizza on thin crust with light sauce, plus two medium Diet Colas. Shall I place it?', 'place_order', None),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'One large BBQ Chicken Pizza on classic crust, plus two medium Diet Colas. Shall I place it?', 'place_order', None),
    # ---- values written in other formats: dates, phone numbers, amounts, ids in other case, quoted titles
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on Fri 3/13?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on the 13th of March?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on March 13th?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for E205810 on 13/03/2026?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', 'The installer is free on Friday, March 13 for order E205810.', 'Shall I book you in for the 13th?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for order no. E205810 on 13 Mar 2026?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Shall I book the installation for e205810 on Friday, 13 March?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I enable roaming on (312) 555-0147 for customer C1001?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I enable roaming on 312.555.0147 for customer C1001?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I enable roaming on 3125550147 for customer C1001?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I enable roaming on +1 312 555 0147 for customer ID C1001?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I enable roaming on your line ending in 0147 (customer C1001)?', 'enable_roaming', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2GB to 206-555-0128 for customer C1003?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add two GB to 206-555-0128 for customer C1003?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2 gigs to 206-555-0128 for customer C1003?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2.0GB to 206-555-0128 for customer C1003?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add a couple of gigabytes to 206-555-0128 for customer C1003?', 'refuel_data', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add a 2 GB data pack to 206-555-0128, account C1003, for $10.00?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Shall I send a payment request for bill #B9001 to customer C1002?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Shall I send a payment request for bill B9001 ($60.00, due April 15) to customer C1002?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Shall I cancel order number w3125736?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Shall I cancel order W3125736 (placed March 2, $89.10)?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'address/email/ok/W3135709', '', 'Shall I update order W3135709 to ship to 836 Birch Blvd, Brookfield, WI 33688?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'address/email/ok/W3135709', '', 'New address for W3135709:\n836 Birch Boulevard\nBrookfield, WI 33688\n\nShall I update it?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'payment/email/ok/W3141805', '', 'Shall I switch W3141805 to your PayPal account (ID paypal_7357918)?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'payment/email/ok/W3141805', '', 'Shall I switch W3141805 to PayPal - paypal_7357918?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('ecommerce', 'E206019/', '', 'Shall I issue the invoice for E206019 to **Harbor Print Ltd.**?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E206019/', '', 'Shall I issue the invoice for E206019 to HARBOR PRINT LTD?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E206019/', '', "Shall I issue the invoice for E206019 with the title 'Harbor Print Ltd'?", 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E206299/', '', 'Shall I apply price protection on order E206299 using the screenshot img-4699?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E206299/', '', 'Shall I apply price protection on order E206299 using image IMG 4699?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('mock', 'upgrade_plan', '', 'Shall I move account A101 to the Premium plan?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', '', 'Shall I move account #A101 to PREMIUM?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'router_off_and_downgrade', '', 'Shall I move account A104 from Premium to Basic?', 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('mock', 'router_off_and_downgrade', '', 'Shall I move account A104 off Premium and onto Basic?', 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('mock', 'upgrade_plan', '', 'Shall I move account A101 from Basic up to Premium?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('restaurant', 'simple/01-cold-brew', '', '1 Cold Brew (S) - shall I place it?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'A small cold brew - shall I place it?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', '1 Cold Brew - Small - $4.50\n\nShall I place it?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', 'Crispy Calamari w/ spicy marinara x1 - shall I place it?', 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'simple/03-crispy-calamari', '', 'One order of Crispy Calamari, spicy marinara dip. Shall I place it?', 'place_order', {'lines': '1 x crispy calamari (spicy marinara)'}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'A large BBQ chicken pizza (classic crust, light on the sauce) and a couple of medium Diet Colas. Shall I place it?', 'place_order', {'lines': '1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)'}),
    ('restaurant', 'medium/03-bbq-chicken-pizza', '', 'BBQ Chicken Pizza - L, classic crust, light sauce; Diet Cola x 2 - M. Shall I place it?', 'place_order', {'lines': '1 x bbq chicken pizza (large, classic crust, light sauce); 2 x diet cola (medium)'}),
    # ---- plans of two steps, offers with 'interested?', generic verbs with the action's noun, 'proceed' asking
    # how or which
    ('telecom', '[service_issue]overdue_bill_suspension', "To restore service, two things need to happen: I send a payment request for bill B9001 (customer C1002) to your phone, and once it's paid I resume line 415-555-0163.", 'Shall I start with the payment request?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', "To restore service, two things need to happen: I send a payment request for bill B9001 (customer C1002) to your phone, and once it's paid I resume line 415-555-0163.", 'Shall I kick things off?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "Great, the payment's through. Next step is reactivating 415-555-0163 for customer C1002 - good to go?", 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "Bill B9001 is settled. I'd now like to lift the suspension on 415-555-0163 (C1002) - may I?", 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'International roaming for 312-555-0147 (C1001): currently off. Enabling it costs nothing. Go ahead and switch it on?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Would you like roaming turned on for your line 312-555-0147 (account C1001) so your data works abroad', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'The fix is to activate roaming on 312-555-0147 (customer C1001). Want me to?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', "You're out of data on 206-555-0128 (customer C1003). A 2 GB refill would get you going again for $10 - interested?", 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', "I'd recommend adding 2 GB to 206-555-0128 (customer C1003). Shall I go ahead with that top-up?", 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Refuelling 2 GB on 206-555-0128 (C1003) costs $10. Do you want to go ahead?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Would a 2 GB data top-up on 206-555-0128 (customer C1003) do the trick?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', 'Line 206-555-0128 (customer C1003): 5 of 5 GB used.', 'Should I purchase an extra 2 GB for you?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('mock', 'cancel_subscription', '', 'Account A100 - I can close out the subscription for you today. Would you like me to go ahead and do so?', 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'cancel_subscription', '', "Before I process the cancellation for A100, can you confirm that's what you want?", 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'upgrade_plan', '', 'Alright, Premium for account A101 it is. Should I make the switch now, or would you rather wait until your next billing date?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', '', 'Upgrade A101 to Premium: yes or no?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'router_off_and_downgrade', '', "Now that your internet's back, let's do the downgrade: A104 to Basic. Okay?", 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('mock', 'router_off_and_downgrade', '', "For the plan, I'll need a quick yes before moving A104 to Basic.", 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('retail', 'cancel/email/ok/W3125736', '', "I have order #W3125736 up. It's still pending, so I can cancel it right now and refund the $89.10 to your card - would you like that?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Order #W3125736: pending, $89.10. Cancel and refund to the original card? Let me know.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "I can go ahead with the cancellation of #W3125736 whenever you're ready - just confirm.", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Got it - the Backpack and Coffee Maker order (#W3125736). Do you want me to cancel the whole thing?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'return/email/ok/W3129434', '', 'I can return the Wireless Earbuds on #W3129434 for you - the refund goes to your original card. Shall I get that started?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', 'The Wireless Earbuds (order #W3129434) are within the return window. Initiate the return?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'exchange/email/ok/W3110919', '', 'To sum up: Hiking Boots on #W3110919, exchanging for olive / US 10, no extra cost. Want me to submit that?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'exchange/email/ok/W3110919', '', "I'll swap your Hiking Boots (order W3110919) for the olive US 10 pair - okay with you?", 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'items/email/ok/W3125314', '', "Since W3125314 hasn't shipped yet, I can update the Running Shorts to black / S before it goes out. Want me to make the change?", 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'items/email/ok/W3125314', '', 'The black, size S Running Shorts are in stock. Shall I update order #W3125314 with them?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'payment/email/ok/W3141805', '', 'Moving order #W3141805 to PayPal (paypal_7357918) will refund your card and charge PayPal. Proceed?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'address/email/ok/W3135709', '', 'Updating the shipping address of #W3135709 to 836 Birch Boulevard, Brookfield, WI 33688 - should I go ahead', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('ecommerce', 'E206019/', '', "An invoice for E206019 can only be issued once. I'd issue it to Harbor Print Ltd - please confirm that's right before I do.", 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E206019/', '', "I'm ready to generate the invoice for order E206019 (Harbor Print Ltd). Okay?", 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E205810/', '', 'Friday, March 13 is free for the installation on E205810. Would you like to take that slot?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Friday, March 13 is free for the installation on E205810. Shall I secure it for you?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E206299/', '', 'You qualify for price protection on E206299 (screenshot IMG-4699). Would you like me to go ahead and claim it?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E206299/', '', 'I can credit back the $50 price drop on E206299 based on IMG-4699 - want me to process that?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E204931/', '', 'Your photo IMG-4308 confirms the damage on E204931. Shall I arrange a free return?', 'create_return', {'order_id': 'E204931', 'image_id': 'IMG-4308'}),
    ('ecommerce', 'E204931/', '', "I'd like to open a damage return for E204931 with photo IMG-4308 as evidence - is that okay?", 'create_return', {'order_id': 'E204931', 'image_id': 'IMG-4308'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'How would you like to proceed with order #W3125736?', None, None),
    ('retail', 'cancel/email/ok/W3125736', '', 'Do you want to proceed by email or by phone for the refund receipt?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Are you able to proceed with restarting the phone now?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Please proceed to Settings > Network and turn on Data Roaming.', None, None),
    ('ecommerce', 'E205810/', '', 'Would you like to proceed with the booking for a different date?', None, None),
    ('retail', 'return/email/ok/W3129434', '', 'You can proceed with the return from your account page, or I can do it for you here.', None, None),
    ('mock', 'upgrade_plan', '', "I've processed the upgrade: A101 is now on Premium.", None, None),
    ('mock', 'upgrade_plan', '', "Shall we start by checking which plan you're on?", None, None),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Would you like me to check whether the payment has come through?', None, None),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "I'll resume the line as soon as the payment shows on my side.", None, None),
    ('retail', 'exchange/email/ok/W3110919', '', 'Would you like to see the other colours first?', None, None),

    # ================================================================ fifth batch: telecom actions in other verbs and
    # particles ('turn roaming off on 312-…' is no turning on), offers to walk through the user's own steps
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Roaming is off on your line 312-555-0147 (customer C1001). Shall I flip it on from my side?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'I can turn roaming back on for 312-555-0147 (customer C1001) from here - want me to?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Your line's roaming is disabled on our side. Shall I unblock roaming for 312-555-0147 (C1001)?", 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I allow roaming on 312-555-0147 (customer C1001)?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Do you want me to get roaming working on 312-555-0147 (customer C1001)?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Roaming isn't enabled on 312-555-0147 (customer C1001), which is why you have no data in Spain. Shall I fix that?", 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Roaming is disabled on 312-555-0147 (customer C1001). Would you like me to change that?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Would you like me to add international roaming to 312-555-0147 (customer C1001)?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Should I set up roaming on line 312-555-0147 for customer C1001?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Your line 415-555-0163 (customer C1002) is suspended. Would you like me to get it back up and running once the bill is paid?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Payment received. Shall I unblock 415-555-0163 (customer C1002) now?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Payment received. Shall I restore 415-555-0163 (customer C1002) now?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Payment received. Want me to switch your line 415-555-0163 (customer C1002) back on?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Payment received. Shall I take 415-555-0163 (customer C1002) off suspension?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Payment received. Should I release the hold on 415-555-0163 (customer C1002)?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Payment received. Shall I reinstate service on 415-555-0163 (customer C1002)?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "Shall I text a pay link for bill B9001 to customer C1002's phone?", 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Want me to send bill B9001 (customer C1002) to your phone so you can pay it?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Shall I request payment for B9001 from customer C1002?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Would you like to pay bill B9001 (customer C1002) now? I can send the request to your phone.', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Shall I issue a payment request for B9001 on account C1002?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I buy you 2 GB of extra data on 206-555-0128 (C1003)?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I load 2 GB onto 206-555-0128 (C1003)?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Would you like 2 more GB on 206-555-0128 (C1003) for $10?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I increase the data on 206-555-0128 (C1003) by 2 GB?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I give 206-555-0128 (C1003) a 2 GB refill?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'For your safety, would you like me to suspend 312-555-0147 until you find the phone?', 'suspend_line', None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Would you like me to freeze the line 312-555-0147 while you look for the phone?', 'suspend_line', None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Should I turn roaming off on 312-555-0147 to avoid charges?', 'disable_roaming', None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Could you turn on Data Roaming in your phone's settings?", None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Can you check whether roaming is switched on in your settings?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Would you like me to walk you through turning on roaming on your phone?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I send you the steps to turn on roaming?', None, None),

    # ================================================================ sixth batch: an approval beside a question of
    # fact, a decline with another action or a hand-over offered, 'if you're happy for me to'
    ('retail', 'cancel/email/ok/W3125736', '', 'I can cancel #W3125736 for you. Could you tell me the reason for cancelling, and shall I go ahead once I have it?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Two quick things: 1) what's the reason for the cancellation? 2) Do you want me to cancel #W3125736 right away once it's noted?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Would you like me to cancel order #W3125736? If so, please also let me know the reason - no longer needed or ordered by mistake.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'return/email/ok/W3129434', '', 'Which payment method should the refund go to, and shall I start the return of the Wireless Earbuds from #W3129434?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'exchange/email/ok/W3110919', '', 'Is US 10 the right size, and do you want me to process the exchange on W3110919 for the olive pair?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'address/email/ok/W3135709', '', 'Could you confirm the apartment number, if any, for 836 Birch Boulevard, Brookfield, WI 33688? And shall I update order W3135709 with it?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('ecommerce', 'E206019/', '', 'Before I issue the invoice for E206019 to Harbor Print Ltd: do you need a tax ID on it? And shall I go ahead?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E205810/', '', "Shall I book the installation on E205810 for March 13? Also, what's the best phone number for the technician to call?", 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E206299/', '', 'Would you like me to apply price protection to E206299 (IMG-4699)? And do you also need an invoice for this order?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'How many GB would you like - 1 or 2? I can add it to 206-555-0128 (customer C1003) right away once you say.', None, None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Shall I add 2 GB to 206-555-0128 (customer C1003)? And are you on Wi-Fi at the moment?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Which country are you in? Once I know, I'll enable roaming on 312-555-0147 (customer C1001) if you're happy for me to.", 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('mock', 'upgrade_plan', '', 'Do you want the upgrade on A101 to Premium to start today, and is the card on file still the one to charge?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'router_off_and_downgrade', '', "First, is your router's light green now? And second, shall I downgrade A104 to Basic?", 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Unfortunately I can't cancel only part of an order. Would you like me to cancel the whole of #W3125736 instead?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'return/email/ok/W3129434', '', "Sorry, #W3129434 was delivered, so cancelling isn't possible anymore. Should I set up a return for the Wireless Earbuds?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', "Since #W3129434 has already arrived, I can't cancel it - would a return of the Wireless Earbuds work for you instead?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', "I'm unable to cancel a delivered order. What I can do is process a return for the Wireless Earbuds on #W3129434. Interested?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'exchange/email/ok/W3110919', '', "A refund isn't available for #W3110919 anymore, but I could exchange the Hiking Boots for the olive pair in US 10. Would that help?", 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'cancel/email/ok/W3125736', '', "I'm not authorised to expedite shipping, but I can transfer you to a specialist who is. Shall I?", 'transfer_to_human_agents', {}),
    ('retail', 'cancel/email/ok/W3125736', '', "That isn't something I can do myself, I'm afraid. Would you like to speak with a human agent about it?", 'transfer_to_human_agents', {}),
    ('ecommerce', 'E206299/', '', "Price protection only covers Brightcart's own price, so I can't apply it to another store's screenshot. I can hand this over to a human colleague if you'd like - just say so.", 'transfer_to_human_agents', {}),
    ('ecommerce', 'E205810/', '', "Installation can't be booked on a Sunday. The nearest slot is Friday, March 13 - shall I book that for E205810 instead?", 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "I can't resume 415-555-0163 until bill B9001 is paid. Shall I send the payment request for it to customer C1002 first?", 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', "Your plan doesn't allow unlimited data, but I can add 2 GB to 206-555-0128 (customer C1003) for $10. Would that be okay?", 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('mock', 'upgrade_plan', '', "I can't apply a discount to Premium, but I can still move A101 onto it at the standard price. Want to go ahead?", 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'locked_account_escalation', '', "Since the account is locked, I can't make changes to it. Would you like me to get a human agent to help you?", 'transfer_to_human', {}),
    ('restaurant', 'simple/01-cold-brew', '', "We can't do the Cold Brew in large today, sorry. Shall I put through one small Cold Brew instead?", 'place_order', {'lines': '1 x cold brew (small)'}),
    # ---- retail: the order laid out in the previous message, then an ask in a pronoun or a verb of any doing
    ('retail', 'items/email/ok/W3125314', 'Pending order #W3125314 has the Running Shorts in grey, size M; black in size S is available at the same price.', 'Shall I make the swap?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'items/email/ok/W3125314', 'Pending order #W3125314 has the Running Shorts in grey, size M; black in size S is available at the same price.', 'Want me to put the change through?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'items/email/ok/W3125314', 'Pending order #W3125314 has the Running Shorts in grey, size M; black in size S is available at the same price.', 'Shall I update the order?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'items/email/ok/W3125314', 'Pending order #W3125314 has the Running Shorts in grey, size M; black in size S is available at the same price.', 'Shall I apply that to your order?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'items/email/ok/W3125314', 'Pending order #W3125314 has the Running Shorts in grey, size M; black in size S is available at the same price.', 'Would you like me to go with the black ones, then?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'exchange/email/ok/W3110919', 'The Hiking Boots from delivered order #W3110919 can be exchanged for olive, US 10 at no extra cost.', 'Shall I process that for you?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'exchange/email/ok/W3110919', 'The Hiking Boots from delivered order #W3110919 can be exchanged for olive, US 10 at no extra cost.', 'Shall I submit that request?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'exchange/email/ok/W3110919', 'The Hiking Boots from delivered order #W3110919 can be exchanged for olive, US 10 at no extra cost.', 'Want me to lock that in?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'return/email/ok/W3129434', 'Order #W3129434 was delivered last week; the Wireless Earbuds are eligible for a full refund of $54.10.', 'Shall I go ahead and request that?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', 'Order #W3129434 was delivered last week; the Wireless Earbuds are eligible for a full refund of $54.10.', 'Do you want me to set that in motion?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', 'Order #W3129434 was delivered last week; the Wireless Earbuds can be returned for a full refund of $54.10.', 'Want me to do that for you?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'cancel/email/ok/W3125736', 'I found order #W3125736 - a Backpack and a Coffee Maker, $89.10, still pending.', "Is this the one you'd like to cancel?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'I found order #W3125736 - a Backpack and a Coffee Maker, $89.10, still pending.', 'Would you like me to void it?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'I found order #W3125736 - a Backpack and a Coffee Maker, $89.10, still pending.', 'Go ahead and cancel?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'I found order #W3125736 - a Backpack and a Coffee Maker, $89.10, still pending.', 'Should I cancel the lot?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'payment/email/ok/W3141805', 'Order #W3141805 is paid with your Visa; your PayPal (paypal_7357918) is also on file.', 'Shall I move it over to PayPal?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'payment/email/ok/W3141805', 'Order #W3141805 is paid with your Visa; your PayPal (paypal_7357918) is also on file.', 'Would you like to pay with PayPal instead?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'payment/email/ok/W3141805', 'Order #W3141805 is paid with your Visa; your PayPal (paypal_7357918) is also on file.', 'Should I switch the payment method?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'address/email/ok/W3135709', "Order #W3135709 is still pending and ships to 12 Oak Lane. You'd like it to go to 836 Birch Boulevard, Brookfield, WI 33688 instead.", 'Should I make that change now?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'address/email/ok/W3135709', "Order #W3135709 is still pending and ships to 12 Oak Lane. You'd like it to go to 836 Birch Boulevard, Brookfield, WI 33688 instead.", 'Shall I redirect it?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'address/email/ok/W3135709', "Order #W3135709 is still pending and ships to 12 Oak Lane. You'd like it to go to 836 Birch Boulevard, Brookfield, WI 33688 instead.", 'Is that correct?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),

    # ================================================================ seventh batch: options of several actions or
    # values (a choice, no approval), and one action or leaving things be (an approval)
    ('retail', 'cancel/email/ok/W3125736', '', 'Here are your options:\n1. Cancel order #W3125736 now for a full refund\n2. Change the shipping address instead\n\nWhich would you prefer?', None, None),
    ('retail', 'return/email/ok/W3129434', '', "You have two options for the Wireless Earbuds on #W3129434:\n- Return them for a refund of $54.10\n- Exchange them for another colour\n\nLet me know which you'd like.", None, None),
    ('retail', 'exchange/email/ok/W3110919', '', 'I can either exchange the Hiking Boots on #W3110919 for the olive US 10 pair, or return them for a refund. Which works better for you?', None, None),
    ('mock', 'upgrade_plan', '', 'For A101 you could go to Standard ($15) or Premium ($20). Which one should I switch you to?', None, None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Two ways to get data back on 206-555-0128: I add 2 GB now for $10, or you wait until your allowance resets on the 1st. What would you like to do?', 'refuel_data', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Options for 206-555-0128 (customer C1003):\n- Add 1 GB ($5)\n- Add 2 GB ($10)\n- Add 5 GB ($20)\n\nWhich would you like?', None, None),
    ('ecommerce', 'E205810/', '', 'Available slots for E205810:\n1. Friday, March 13\n2. Saturday, March 14\n3. Monday, March 16\n\nWhich date should I book?', None, None),
    ('ecommerce', 'E206299/', '', 'I can either apply price protection on E206299 with IMG-4699, or issue your invoice first. Which should I do first?', None, None),
    ('restaurant', 'simple/01-cold-brew', '', 'Would you like to place the order now, or keep browsing the menu?', 'place_order', None),
    ('retail', 'cancel/email/ok/W3125736', '', 'What would you like me to do with order #W3125736: cancel it, or change the address?', None, None),
    ('retail', 'cancel/email/ok/W3125736', '', 'Would you like to cancel the order, or would you rather I change the delivery address?', None, None),
    ('mock', 'cancel_subscription', '', 'Would you like to cancel the subscription on A100, or downgrade it to Basic instead?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Do you want me to enable roaming on 312-555-0147 (customer C1001), or would you rather use Wi-Fi while you're away?", 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),

    # ================================================================ eighth batch: polite and verbose, the ask among
    # apologies, news and thanks ('I'd be glad to book it' after 'If that date works for you')
    ('retail', 'cancel/email/ok/W3125736', '', "Thanks so much for your patience! I've pulled up order #W3125736 and it's still pending, which means we can cancel it without any issue. The $89.10 would be refunded to your original card within 5-7 business days. Just let me know if you'd like me to go ahead with that, and I'll take care of it right away!", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "I'd be more than happy to cancel #W3125736 for you - would you like me to?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Whenever you're ready, just give me the thumbs up and I'll process the cancellation of #W3125736.", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Please feel free to let me know if you'd like me to proceed with cancelling #W3125736.", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('mock', 'upgrade_plan', '', 'It would be my pleasure to upgrade A101 to Premium for you - shall I?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', '', "Shall I go ahead and upgrade A101 to Premium? Let me know if there's anything else I can help with, too!", 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('ecommerce', 'E206019/', '', "Thank you for confirming the details! I'm all set to issue the invoice for order E206019 to Harbor Print Ltd. Would you like me to proceed?", 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E205810/', '', "Great news - the technician is available on Friday, March 13! If that date works for you, I'd be glad to book the installation for order E205810.", 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Great news - the technician is available on Friday, March 13 for order E205810! Would that date suit you?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'I completely understand how frustrating it is to be without data while travelling. The good news is that I can enable roaming on 312-555-0147 (customer C1001) right now, free of charge. Would you like me to do that for you?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', "I'm sorry you've run out of data! I'd be happy to add 2 GB to 206-555-0128 (customer C1003) for $10 - please let me know if that works for you.", 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Thank you! Everything is in place to resume your line 415-555-0163 (customer C1002). May I go ahead?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('restaurant', 'simple/01-cold-brew', '', "Lovely choice! That's one small Cold Brew. Whenever you're ready, I can send it over to the kitchen for you.", 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'Perfect - one small Cold Brew it is! Would you like me to place that for you now?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('retail', 'return/email/ok/W3129434', '', "I'm so sorry the earbuds didn't work out! I can go ahead and start a return for the Wireless Earbuds on #W3129434 - you'd get $54.10 back on your card. Does that sound good to you?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'payment/email/ok/W3141805', '', 'Of course! I can change the payment on #W3141805 to your PayPal account (paypal_7357918). Should I go ahead and make that update for you?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Thank you for your patience while I looked into this. I'm sorry to share that I'm not able to cancel order #W3125736 online once it's been packed. I'd be happy to connect you with a member of our team who can help further - would that be alright?", 'transfer_to_human_agents', {}),
    ('retail', 'cancel/email/ok/W3125736', '', "Thanks for reaching out! Once you confirm, cancellations are final and can't be reversed, so please take a moment to review the details.", None, None),
    ('retail', 'cancel/email/ok/W3125736', '', "Happy to help! Just so you know, I'll always ask before making any changes to your orders.", None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Thanks for your patience! I've gone ahead and enabled roaming on 312-555-0147 - you should have data within a few minutes.", None, None),

    # ================================================================ ninth batch: the teams' own domains (bank,
    # clinic, power, streamco, gym, rental, hotel), never tuned on
    ('bank', 'dispute_fuel', 'The $62.18 charge at Coastline Fuel is transaction TX-7001. Disputing it as not recognised gets you a provisional credit in 2 business days.', 'Go ahead?', 'dispute_transaction', {'transaction_id': 'TX-7001', 'reason': 'not_recognised'}),
    ('bank', 'dispute_fuel', '', "Shall I raise a dispute on TX-7001 (Coastline Fuel, $62.18) as a charge you don't recognise?", 'dispute_transaction', {'transaction_id': 'TX-7001', 'reason': 'not_recognised'}),
    ('bank', 'freeze_after_alert', '', 'I can freeze card CARD-5120 right now so nothing new goes through - want me to?', 'freeze_card', {'card_id': 'CARD-5120'}),
    ('bank', 'freeze_after_alert', 'Card CARD-5120 (ending 0032) shows two declined attempts abroad.', 'Lock it?', 'freeze_card', {'card_id': 'CARD-5120'}),
    ('bank', 'freeze_after_alert', '', 'Would you like me to put a block on card CARD-5120', 'freeze_card', {'card_id': 'CARD-5120'}),
    ('bank', 'dispute_fuel', '', "I've opened a dispute on TX-7001; the provisional credit arrives in 2 business days.", None, None),
    ('clinic', 'reschedule', 'Appointment AP-9001 is on December 3 with Dr. Lee; December 8 at the same time is free.', 'Shall I move it?', 'reschedule_appointment', {'appointment_id': 'AP-9001', 'new_date': '2026-12-08'}),
    ('clinic', 'reschedule', '', 'OK to push AP-9001 back to Tuesday, December 8?', 'reschedule_appointment', {'appointment_id': 'AP-9001', 'new_date': '2026-12-08'}),
    ('clinic', 'cancel', '', "Just say the word and I'll cancel appointment AP-9002.", 'cancel_appointment', {'appointment_id': 'AP-9002'}),
    ('clinic', 'cancel', '', 'Appointment AP-9002 has been cancelled and the slot released.', None, None),
    ('power', 'move_out', '', 'Shall I set the move-out on account 4417-2290 for December 19, 2026? A final bill will follow.', 'schedule_move_out', {'account_number': '4417-2290', 'move_out_date': '2026-12-19'}),
    ('power', 'move_out', 'Account 4417-2290 can be closed on your move-out day, 2026-12-19; the final bill follows.', 'Want me to arrange that?', 'schedule_move_out', {'account_number': '4417-2290', 'move_out_date': '2026-12-19'}),
    ('streamco', 'triple_charge', '', 'I see three charges this month; CH-2 and CH-3 are duplicates on account AC-310. Shall I refund both?', 'refund_charges', {'account_id': 'AC-310', 'charge_ids': ['CH-2', 'CH-3']}),
    ('streamco', 'triple_charge', '', 'Refund CH-2 and CH-3 on AC-310 back to your card?', 'refund_charges', {'account_id': 'AC-310', 'charge_ids': ['CH-2', 'CH-3']}),
    ('streamco', 'triple_charge', '', 'Shall I refund CH-2 on AC-310?', 'refund_charges', None),
    ('gym', 'cancel', '', "I'm sorry you're moving! I can end membership M-3302 at the close of this month, reason: moving away. Shall I go ahead?", 'cancel_membership', {'member_id': 'M-3302', 'reason': 'moving_away'}),
    ('gym', 'home_club', '', "Switching M-3303's home club to Millbrook can only be done once a year. Still want me to do it?", 'change_home_club', {'member_id': 'M-3303', 'club': 'Millbrook'}),
    ('gym', 'home_club', '', 'Would you like Millbrook as the new home club for member M-3303?', 'change_home_club', {'member_id': 'M-3303', 'club': 'Millbrook'}),
    ('rental', 'extend', '', 'Extending RX-48213 to December 20 adds 3 days at the daily rate. Proceed?', 'extend_rental', {'confirmation_code': 'RX-48213', 'return_date': '2026-12-20'}),
    ('rental', 'extend', 'Reservation RX-48213 currently ends on December 17. The car is free until December 20.', 'Want me to push the return to the 20th?', 'extend_rental', {'confirmation_code': 'RX-48213', 'return_date': '2026-12-20'}),
    ('rental', 'second_driver', '', "I'll add Amara Okafor (licence O4418275) as a second driver on RX-50977 for 12 USD a day - okay?", 'add_driver', {'confirmation_code': 'RX-50977', 'driver_name': 'Amara Okafor', 'licence_number': 'O4418275'}),
    ('rental', 'cancel', '', "Cancelling RX-48213 is free as it's more than 24 hours before pick-up. Shall I?", 'cancel_reservation', {'confirmation_code': 'RX-48213'}),
    ('rental', 'cancel', '', 'Your reservation RX-48213 can be cancelled free of charge until 24 hours before pick-up.', None, None),
    ('hotel', 'sea_view', '', 'A Sea View Double is available for all nights of HB7Q2K at +40 EUR a night. Shall I upgrade you?', 'upgrade_room', {'booking_reference': 'HB7Q2K', 'room_type': 'sea view double'}),
    ('hotel', 'sea_view', '', 'Move booking HB7Q2K up to a Sea View Double?', 'upgrade_room', {'booking_reference': 'HB7Q2K', 'room_type': 'sea view double'}),
    ('hotel', 'breakfast', '', 'Breakfast for 2 guests on KT4M9P, 18 EUR per guest per morning - want me to add it?', 'add_breakfast', {'booking_reference': 'KT4M9P', 'guests': 2}),
    ('hotel', 'breakfast', '', 'Shall I add breakfast for 3 guests to KT4M9P?', 'add_breakfast', None),
    ('hotel', 'breakfast', '', "Would you like breakfast added for both of you? That's 2 guests on booking KT4M9P", 'add_breakfast', {'booking_reference': 'KT4M9P', 'guests': 2}),
    # ---- a summary or a finding in the previous message, then the ask ('Everything in order?', 'Are you sure?')
    ('retail', 'cancel/email/ok/W3125736', 'Order #W3125736 qualifies for cancellation; the refund of $89.10 goes to your Visa.', 'Thanks for bearing with me! Shall I go ahead and do that now?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'Cancellation details - order #W3125736, reason: no longer needed, refund $89.10.', 'Everything in order?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'Cancellation details - order #W3125736, reason: no longer needed, refund $89.10.', 'Can you confirm?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'Cancellation details - order #W3125736, reason: no longer needed, refund $89.10.', 'Please confirm.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'Cancellation details - order #W3125736, reason: no longer needed, refund $89.10.', 'Reply YES to confirm.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'exchange/email/ok/W3110919', 'Exchange summary for #W3110919: Hiking Boots (brown, US 9) -> Hiking Boots (olive, US 10). No price difference.', 'Shall I submit it?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'exchange/email/ok/W3110919', 'Exchange summary for #W3110919: Hiking Boots (brown, US 9) -> Hiking Boots (olive, US 10). No price difference.', 'Are you happy for me to proceed?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('ecommerce', 'E206299/', 'Price protection check for E206299: screenshot IMG-4699 shows our price at $349, $50 below what you paid, within the 15-day window.', 'Would you like me to apply it?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E206299/', 'Price protection check for E206299: screenshot IMG-4699 shows our price at $349, $50 below what you paid, within the 15-day window.', 'Shall I go ahead?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E204931/', 'The photo IMG-4308 shows the crack on the item from order E204931. That qualifies for a free damage return.', 'Do you want me to go ahead and file it?', 'create_return', {'order_id': 'E204931', 'image_id': 'IMG-4308'}),
    ('ecommerce', 'E206019/', 'For order E206019 the invoice would be made out to Harbor Print Ltd. Note that only one invoice can be issued per order.', 'Happy to proceed?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'I checked line 312-555-0147 (customer C1001): roaming is disabled, which is why you have no data abroad.', 'Want me to enable it?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'I checked line 312-555-0147 (customer C1001): roaming is disabled, which is why you have no data abroad.', 'Shall I turn that on for you?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'I checked line 312-555-0147 (customer C1001): roaming is disabled, which is why you have no data abroad.', 'Shall I fix that from my end?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', 'Line 206-555-0128 (customer C1003) is out of data. You can refuel up to 2 GB at $5 per GB.', 'Shall I refuel the full 2 GB?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', 'Line 206-555-0128 (customer C1003) is out of data. You can refuel up to 2 GB at $5 per GB.', 'How about I add 2 GB?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[service_issue]overdue_bill_suspension', 'Your line 415-555-0163 (customer C1002) was suspended for the unpaid bill B9001, which has now been paid.', 'Shall I lift the suspension?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', 'Your line 415-555-0163 (customer C1002) was suspended for the unpaid bill B9001, which has now been paid.', 'Shall I get you reconnected?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('mock', 'router_off_and_downgrade', 'Account A104 is on Standard. Basic would save you $15 a month.', 'Shall I move you down?', 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('mock', 'cancel_subscription', "Account A100 has an active subscription; cancelling is immediate and can't be reversed.", 'Are you sure?', 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'cancel_subscription', "Account A100 has an active subscription; cancelling is immediate and can't be reversed.", 'Do you still wish to continue?', 'cancel_subscription', {'account_id': 'A100'}),

    # ================================================================ tenth batch: the action as a participle after
    # its object ('Would you like account A101 upgraded …?'), a passive, a noun ('Reactivation of …: go ahead?')
    ('retail', 'cancel/email/ok/W3125736', '', 'Shall I get order #W3125736 cancelled for you?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Should order #W3125736 be cancelled, then?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Do you want #W3125736 to be cancelled today?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Is a cancellation of #W3125736 what you'd like?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Cancellation of #W3125736 - confirm?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'return/email/ok/W3129434', '', 'Shall I have the Wireless Earbuds from #W3129434 returned?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', "Would you like a refund for the Wireless Earbuds on #W3129434? I'd set up the return now.", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'exchange/email/ok/W3110919', '', 'An exchange of the Hiking Boots on #W3110919 for olive / US 10 - is that what you want me to do?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'items/email/ok/W3125314', '', 'Would you like the Running Shorts on #W3125314 replaced with the black size S?', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'address/email/ok/W3135709', '', 'Do you want the delivery address on #W3135709 updated to 836 Birch Boulevard, Brookfield, WI 33688?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'payment/email/ok/W3141805', '', 'Would you like #W3141805 paid with PayPal (paypal_7357918) instead?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('mock', 'upgrade_plan', '', 'Would you like account A101 upgraded to Premium?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', '', 'An upgrade of A101 to Premium - shall I?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'router_off_and_downgrade', '', 'Should A104 be downgraded to Basic now?', 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('mock', 'cancel_subscription', '', 'Do you want the subscription on A100 terminated?', 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'cancel_subscription', '', "Shall I get A100's subscription closed?", 'cancel_subscription', {'account_id': 'A100'}),
    ('ecommerce', 'E206019/', '', 'Would you like the invoice for E206019 made out to Harbor Print Ltd?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E206019/', '', 'Invoicing E206019 to Harbor Print Ltd - shall I?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E205810/', '', 'Do you want the installation for E205810 booked for March 13?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', '', 'Shall I get a technician scheduled for E205810 on March 13?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E206299/', '', 'Would you like the price difference on E206299 refunded, based on IMG-4699?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E206299/', '', 'A price-protection refund for E206299 using IMG-4699 - want it?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E204931/', '', 'Would you like a return opened for E204931 with photo IMG-4308?', 'create_return', {'order_id': 'E204931', 'image_id': 'IMG-4308'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Want roaming switched on for 312-555-0147 (customer C1001)?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Should roaming be enabled on 312-555-0147 (customer C1001)?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Roaming activation on 312-555-0147 (customer C1001) - shall I?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Would you like 415-555-0163 (customer C1002) reactivated now?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Reactivation of 415-555-0163 (customer C1002): go ahead?', 'resume_line', {'customer_id': 'C1002', 'phone_number': '415-555-0163'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Would you like a payment request sent for bill B9001 (customer C1002)?', 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Would you like 206-555-0128 (customer C1003) topped up with 2 GB?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'A 2 GB top-up for 206-555-0128 (customer C1003) - shall I?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('restaurant', 'simple/01-cold-brew', '', 'Would you like your order of one small Cold Brew placed now?', 'place_order', {'lines': '1 x cold brew (small)'}),
    ('restaurant', 'simple/01-cold-brew', '', 'One small Cold Brew - should it go to the kitchen?', 'place_order', {'lines': '1 x cold brew (small)'}),

    # ================================================================ eleventh batch: values stated in the previous
    # message beside others of their shape (the old address under 'From:', the delivery date, two lines, two
    # orders), and a date picked by its day ('Shall I book the 13th?')
    ('retail', 'address/email/ok/W3135709', 'Order #W3135709 currently ships to 120 Meadow Crescent, Riverton, OR 95350. The new address would be 836 Birch Boulevard, Brookfield, WI 33688.', 'Shall I update it?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'address/email/ok/W3135709', "Here's the change for order #W3135709:\n- From: 120 Meadow Crescent, Riverton, OR 95350\n- To: 836 Birch Boulevard, Brookfield, WI 33688", 'Shall I go ahead?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('ecommerce', 'E205810/', 'Your Washer on order E205810 was delivered on 2026-03-09. The installer can come on 2026-03-13.', 'Shall I book it?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E205810/', 'Order E205810 arrived March 9. Installation is available March 13 or March 14.', 'Shall I book the 13th?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'Customer C1001 has two lines: 312-555-0147 (roaming off) and 312-555-0199 (roaming on).', 'Shall I enable roaming on 312-555-0147?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'Customer C1001 has two lines: 312-555-0147 (roaming off) and 312-555-0199 (roaming on).', 'Shall I turn roaming on for the first one?', 'enable_roaming', None),
    ('retail', 'cancel/email/ok/W3125736', 'You have two orders: #W3125736 (pending) and #W3199001 (delivered). Only the pending one can be cancelled.', 'Shall I cancel #W3125736?', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', 'You have two orders: #W3125736 (pending) and #W3199001 (delivered). Only the pending one can be cancelled.', 'Shall I cancel the pending one?', 'cancel_pending_order', None),
    ('retail', 'payment/email/ok/W3141805', 'Order #W3141805 is on your Visa (credit_card_1234567). You also have PayPal (paypal_7357918).', 'Switch it to PayPal?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', 'Line 206-555-0128 (customer C1003) has used 5 GB of 5 GB. A refuel of up to 2 GB costs $5 per GB.', 'Shall I add 2 GB?', 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('mock', 'router_off_and_downgrade', 'Account A104 is on Premium at $25 a month; Basic is $10.', 'Shall I switch you to Basic?', 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('ecommerce', 'E206299/', 'Screenshot IMG-4699 shows $349 on our site; your order E206299 was $399 (receipt IMG-4600).', 'Shall I apply price protection using the screenshot?', 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),

    # ================================================================ twelfth batch: the ask without a question mark
    # ('OK if I go ahead and book …', 'Once you've confirmed, I'll …', 'Tell me when and I'll …'), and steps that
    # wait on something else ('Let me know once you've restarted the phone and I'll check')
    ('retail', 'cancel/email/ok/W3125736', '', 'I can cancel #W3125736 now if that works', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Happy to cancel #W3125736 - just confirm', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Say yes and #W3125736 is cancelled.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Your go-ahead is all I need to cancel #W3125736.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'All I need now is your OK to cancel W3125736.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', 'Ready when you are to cancel W3125736.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Just need a yes from you and I'll cancel W3125736.", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('ecommerce', 'E205810/', '', 'OK if I go ahead and book the installation for E205810 on March 13', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('ecommerce', 'E206019/', '', "Let me know once you're happy for me to issue the invoice for E206019 to Harbor Print Ltd.", 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E206299/', '', "I'll submit the price protection claim for E206299 with IMG-4699 as soon as I hear back from you.", 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Shall I go ahead and enable roaming on 312-555-0147 for customer C1001 now', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Give me the word and roaming goes on for 312-555-0147 (customer C1001).', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', "If you'd like the 2 GB refuel on 206-555-0128 (customer C1003), just let me know.", 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "Once you've confirmed, I'll send the payment request for bill B9001 to customer C1002.", 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('mock', 'upgrade_plan', '', 'Awaiting your go-ahead to move A101 to Premium.', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'cancel_subscription', '', "I'll hold off on cancelling A100 until you give me the nod.", 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'router_off_and_downgrade', '', 'Downgrade of A104 to Basic is ready - your call.', 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('restaurant', 'simple/01-cold-brew', '', "One small Cold Brew. Tell me when and I'll send it to the kitchen.", 'place_order', {'lines': '1 x cold brew (small)'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Once the cancellation goes through, you'll see the refund in 5-7 business days.", None, None),
    ('retail', 'cancel/email/ok/W3125736', '', "I'll confirm by email once the order has been cancelled.", None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', "Let me know once you've restarted the phone and I'll check roaming again.", None, None),
    ('ecommerce', 'E205810/', '', "Let me know if the technician doesn't show up and I'll rebook it.", None, None),

    # ================================================================ thirteenth batch: declines in one sentence and
    # the other action offered in the next; bare questions of assent after the user's own steps (no plan)
    ('retail', 'return/email/ok/W3129434', '', "I can't cancel #W3129434 since it's been delivered, but I can return the Wireless Earbuds for you. Would you like me to do that instead?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', "Cancelling #W3129434 isn't possible now that it's delivered. Returning the Wireless Earbuds is, though - want me to start that?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', "Delivered orders like #W3129434 can't be cancelled. The alternative is a return of the Wireless Earbuds. Shall I set one up?", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'exchange/email/ok/W3110919', '', "The boots on #W3110919 can't be modified anymore because the order was delivered. I can exchange them for the olive pair in US 10 instead. Would you like me to?", 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'cancel/email/ok/W3125736', '', "I can't apply a discount to #W3125736, I'm sorry. A colleague on our team may be able to help - shall I connect you with them?", 'transfer_to_human_agents', {}),
    ('retail', 'cancel/email/ok/W3125736', '', "Unfortunately, partial cancellations aren't something I can do. I could cancel the entire order #W3125736, if that would work for you?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('ecommerce', 'E206299/', '', "A second invoice can't be issued for E206299. If you like, I can apply price protection with IMG-4699 instead - want me to go ahead?", 'apply_price_protection', {'order_id': 'E206299', 'image_id': 'IMG-4699'}),
    ('ecommerce', 'E204931/', '', "I can't offer a refund without a return, but I can open a free damage return for E204931 with photo IMG-4308. Shall I?", 'create_return', {'order_id': 'E204931', 'image_id': 'IMG-4308'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "I'm not able to resume 415-555-0163 while bill B9001 is unpaid. I can send you a payment request for it (customer C1002), though - shall I?", 'send_payment_request', {'customer_id': 'C1002', 'bill_id': 'B9001'}),
    ('telecom', '[service_issue]overdue_bill_suspension', '', "I can't extend the contract from here. Our retention team can, so would you like me to transfer you to them?", 'transfer_to_human', {}),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', "Unlimited data isn't available on your plan. I could add 2 GB to 206-555-0128 (customer C1003) instead - would that help?", 'refuel_data', {'customer_id': 'C1003', 'phone_number': '206-555-0128', 'gigabytes': 2.0}),
    ('mock', 'upgrade_plan', '', "I'm not able to give you Premium for free, but I can upgrade A101 to Premium at the regular price. Would you like that?", 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'cancel_subscription', '', "I can't refund past months on A100. What I can do is cancel the subscription so you're not charged again - shall I?", 'cancel_subscription', {'account_id': 'A100'}),
    ('restaurant', 'simple/01-cold-brew', '', "We can't do delivery for this order, I'm afraid - pickup only. Would you still like me to place it for one small Cold Brew?", 'place_order', {'lines': '1 x cold brew (small)'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Toggle airplane mode on, wait ten seconds, then off again. All good?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'Please restart your phone now.', 'All set?', None, None),
    ('mock', 'wifi_off', '', 'Your router should be back online in a minute. Any objections to waiting that long?', None, None),
    ('retail', 'cancel/email/ok/W3125736', '', "I've cancelled #W3125736. Everything in order on your side?", None, None),
    ('retail', 'cancel/email/ok/W3125736', '', 'Are you okay?', None, None),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', '', 'Is everything okay with the phone now?', None, None),
    ('retail', 'cancel/email/ok/W3125736', '', "Just to confirm - you'd like to know where your refund is?", None, None),
    ('retail', 'cancel/email/ok/W3125736', '', "So you'd like to check the status of #W3125736 first?", None, None),
    ('retail', 'return/email/ok/W3129434', '', "Is a refund to your original card what you'd expect?", None, None),
    ('ecommerce', 'E206019/', '', "Is Harbor Print Ltd what you'd like on the invoice?", None, None),

    # ================================================================ fourteenth batch: the right value in the
    # previous message, a wrong one in the approval ('You can add 2 GB.' → 'Shall I add 1 GB then?')
    ('retail', 'cancel/email/ok/W3125736', 'Order W3125736 is pending.', 'Shall I cancel order 3125763?', 'cancel_pending_order', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', 'Line 206-555-0128 (customer C1003) is out of data.', 'Shall I add 3 GB?', 'refuel_data', None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', 'Line 206-555-0128 (customer C1003) is out of data. You can add 2 GB.', 'Shall I add 1 GB then?', 'refuel_data', None),
    ('mock', 'upgrade_plan', 'Account A101 is on Basic.', 'Shall I move it to Standard?', 'change_plan', None),
    ('ecommerce', 'E205810/', 'The installer is free on March 13 for order E205810.', 'Shall I book March 14 then?', 'schedule_installation', None),
    ('ecommerce', 'E206019/', 'Order E206019 can be invoiced to Harbor Print Ltd.', 'Shall I issue it to Harbor Print LLC?', 'issue_invoice', None),
    ('telecom', '[service_issue]overdue_bill_suspension', 'Line 415-555-0163 (customer C1002) is suspended.', 'Shall I resume line 415-555-0136?', 'resume_line', None),
    ('restaurant', 'simple/01-cold-brew', "That's one small Cold Brew.", 'Shall I place it as a large?', 'place_order', None),
    ('retail', 'address/email/ok/W3135709', 'New address for W3135709: 836 Birch Boulevard, Brookfield, WI 33688.', 'Shall I update it to 836 Birch Boulevard, Brookfield, WI 33868?', 'modify_pending_order_address', None),
    ('mock', 'upgrade_plan', 'Account A101 is on Basic; Premium is $20.', 'Shall I move A110 to Premium?', 'change_plan', None),

    # ================================================================ fifteenth batch: retail summaries in tables,
    # headings and From/To lists, and 'Please confirm by replying yes'
    ('retail', 'return/email/ok/W3129434', '', "| Item | Price | Refund to |\n|---|---|---|\n| Wireless Earbuds | $54.10 | Visa ending 4417 |\n\nThat's the return for order #W3129434. Please confirm (yes/no).", 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'return/email/ok/W3129434', '', '**Return request**\n\n- Order: #W3129434\n- Item: Wireless Earbuds\n- Refund: $54.10\n\nShould I submit this?', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'cancel/email/ok/W3125736', '', '### Cancellation summary\n| Order | Items | Refund |\n|---|---|---|\n| #W3125736 | Backpack, Coffee Maker | $89.10 |\n\nReply **yes** to cancel.', 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'exchange/email/ok/W3110919', '', 'Exchange for #W3110919:\n* Return: Hiking Boots (brown, US 9)\n* Receive: Hiking Boots (olive, US 10)\n* Price difference: $0\n\nGood to submit?', 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'items/email/ok/W3125314', '', 'Modification for pending order #W3125314:\n1. Running Shorts: grey / M -> black / S\n2. Price difference: none\n\nShall I make this change? Note: a pending order can only be modified once.', 'modify_pending_order_items', {'order_id': 'W3125314'}),
    ('retail', 'payment/email/ok/W3141805', '', 'Payment change for #W3141805:\n- From: Visa ending 4417\n- To: PayPal (paypal_7357918)\n\nConfirm?', 'modify_pending_order_payment', {'order_id': 'W3141805', 'payment_method_id': 'paypal_7357918'}),
    ('retail', 'address/email/ok/W3135709', '', 'Address change for #W3135709:\n- From: 120 Meadow Crescent, Riverton, OR 95350\n- To: 836 Birch Boulevard, Brookfield, WI 33688\n\nConfirm?', 'modify_pending_order_address', {'order_id': 'W3135709', 'zip': '33688'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Before I go ahead: cancelling #W3125736 will refund $89.10 to your original payment method in 5-7 days, and it can't be undone. Do you want to proceed?", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'cancel/email/ok/W3125736', '', "Order #W3125736 is ready to be cancelled (reason: no longer needed). Please confirm by replying 'yes'.", 'cancel_pending_order', {'order_id': 'W3125736'}),
    ('retail', 'return/email/ok/W3129434', '', 'All set to return the Wireless Earbuds from #W3129434 - just need your confirmation.', 'return_delivered_order_items', {'order_id': 'W3129434'}),
    ('retail', 'exchange/email/ok/W3110919', '', "I've got the exchange for #W3110919 teed up: brown US 9 Hiking Boots out, olive US 10 in. Shall I send it through?", 'exchange_delivered_order_items', {'order_id': 'W3110919'}),
    ('retail', 'items/email/ok/W3125314', '', "Changing the Running Shorts on #W3125314 to black, size S. Confirm and I'll update the order.", 'modify_pending_order_items', {'order_id': 'W3125314'}),

    # ================================================================ sixteenth batch: idioms of a yes asked for after
    # an offer ('Is it a go?', 'Do we have a deal?', 'Shall we?'), and questions about the user's own mind
    ('mock', 'upgrade_plan', 'I can move A101 to Premium today for $20 a month.', 'Shall we do it?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', 'I can move A101 to Premium today for $20 a month.', 'Is it a go?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', 'I can move A101 to Premium today for $20 a month.', 'Can I take that as a yes?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', 'I can move A101 to Premium today for $20 a month.', 'Should I pull the trigger on that?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'upgrade_plan', 'I can move A101 to Premium today for $20 a month.', 'Do we have a deal?', 'change_plan', {'account_id': 'A101', 'plan': 'premium'}),
    ('mock', 'cancel_subscription', 'The subscription on A100 can be cancelled effective immediately.', 'Would you like to go ahead with that?', 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'cancel_subscription', 'The subscription on A100 can be cancelled effective immediately.', 'Want to go ahead?', 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'cancel_subscription', 'The subscription on A100 can be cancelled effective immediately.', 'Shall I make it happen?', 'cancel_subscription', {'account_id': 'A100'}),
    ('mock', 'router_off_and_downgrade', '', "Let's get A104 moved to Basic - sound okay?", 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('mock', 'router_off_and_downgrade', '', "I'm going to downgrade A104 to Basic now, unless you'd rather I didn't?", 'change_plan', {'account_id': 'A104', 'plan': 'basic'}),
    ('ecommerce', 'E206019/', 'Invoice for E206019 to Harbor Print Ltd is ready to go.', 'Shall I send it off?', 'issue_invoice', {'order_id': 'E206019', 'title': 'Harbor Print Ltd'}),
    ('ecommerce', 'E205810/', '', 'Good news: March 13 works for the installer on E205810. Lock it in?', 'schedule_installation', {'order_id': 'E205810', 'date': '2026-03-13'}),
    ('telecom', '[mobile_data_issue]user_abroad_roaming_disabled_on', 'Roaming for 312-555-0147 (customer C1001) is off and costs nothing to enable.', 'Shall we?', 'enable_roaming', {'customer_id': 'C1001', 'phone_number': '312-555-0147'}),
    ('mock', 'upgrade_plan', '', 'Have you decided whether you want Premium?', None, None),
    ('mock', 'upgrade_plan', '', 'Premium gives you 50 GB and priority support - interested in hearing more?', None, None),
    ('mock', 'cancel_subscription', '', 'Did you want to cancel, or were you just checking the renewal date?', None, None),

    # ================================================================ seventeenth batch: wishes and wants that are no
    # approval (information wanted, a receipt sent, help with something)
    ('retail', 'cancel/email/ok/W3125736', '', "So you'd like a receipt for the cancellation emailed to you?", None, None),
    ('retail', 'return/email/ok/W3129434', '', "And you'd like the refund to go to your original card?", None, None),
    ('retail', 'cancel/email/ok/W3125736', '', 'You still want help with the cancellation, right?', None, None),
    ('telecom', '[mobile_data_issue]data_usage_exceeded', '', 'Want the full breakdown of your 5 GB usage?', None, None),
    ('ecommerce', 'E205810/', '', "Want the technician's phone number for March 13?", None, None),
    ('mock', 'upgrade_plan', '', "Want Premium's feature list?", None, None),
    ('retail', 'cancel/email/ok/W3125736', '', 'Your order #W3125736 - which item is the problem: the Backpack or the Coffee Maker?', None, None),
    ('retail', 'cancel/email/ok/W3125736', '', 'Refund status: pending - is there anything else?', None, None),
    ('telecom', '[service_issue]overdue_bill_suspension', '', 'Next step: restart your phone. Did it reconnect?', None, None),
]


# probes the rules still read wrongly, by (domain, previous message, message), with why a fix is not safe yet
UNREAD: dict[tuple[str, str, str], str] = {
    ("mock", "So: account A101, Basic to Premium, effective immediately.", "Confirm?"):
        "the summary names no action (no verb, no noun of the tool's name: 'Basic to Premium' says a change only by "
        "its arrow-like 'to'); reading values alone as a plan would make 'Your account A101 is on Premium. Is that "
        "right?' an approval of change_plan",
    ("retail", "For W3125314: Running Shorts, grey / M -> black / S. Same price.", "All good?"):
        "the same: a change said only by '->' between two variants names no action",
    ("retail", "", "Would you like to proceed with a different order instead, or is it just this one?"):
        "'a different order' asks which order; telling it from 'add another 2 GB' or 'ship to a new address' needs "
        "the sense of 'different' as a choice of object, which no rule has",
    ("ecommerce", "", "Would you like to proceed with the booking for a different date?"):
        "the same: 'a different date' asks for another date rather than approving the booking",
    ("telecom", "", "Confirm: roaming on for 312-555-0147 (customer C1001)?"):
        "'roaming on for …' has no verb: 'on' after the tool's object would read 'Roaming on 312-555-0147 is free' "
        "as an enabling too",
    ("restaurant", "", "Should I throw in a pastry with that?"):
        "'throw in' is no verb of add_item (its lexicon has 'put', 'include'); a phrase for one probe",
    ("restaurant", "", "Would you like me to put in one more Crispy Calamari?"):
        "'put in' is a verb of place_order ('put the order in'); 'one more <item>' as an addition would need the "
        "menu's items as objects of add_item",
    ("restaurant", "", "Just the one small Cold Brew? Then I'll send it straight through."):
        "a statement of the agent's next step after a question ('Then I'll …') is read as information; reading "
        "every 'then I'll' after a question as an approval would take 'Is it on now? Then I'll check the line'",
    ("retail", "The Hiking Boots on #W3110919 can be exchanged for the olive pair in US 9.", "Want me to go ahead?"):
        "a misread of new_options (another size of the new variant) in the previous message: the variant rule reads "
        "the current message only",
    ("restaurant", "", "One large BBQ Chicken Pizza on classic crust with light sauce, plus two medium Diet Colas and a "
                       "Garlic Knots. Shall I place it?"):
        "an item the guest never ordered, named naturally, is not one the guest's tracker knows (it knows its own "
        "items and the structured '1 x …' form), so the extra line goes unseen",
    ("restaurant", "", "1 Cold Brew (S) - shall I place it?"):
        "'S' for small is an abbreviation of a modifier the guest's tracker does not expand",
    ("restaurant", "", "BBQ Chicken Pizza - L, classic crust, light sauce; Diet Cola x 2 - M. Shall I place it?"):
        "'L' and 'M' are size abbreviations the tracker does not expand",
    ("telecom", "", "Your line's roaming is disabled on our side. Shall I unblock roaming for 312-555-0147 (C1001)?"):
        "'unblock' is a verb of resume_line; that its object is roaming (enable_roaming's own noun) would need a "
        "verb of one action applied to another's object to name the other, which ties break only by the goal",
    ("ecommerce", "", "Great news - the technician is available on Friday, March 13 for order E205810! Would that date "
                      "suit you?"):
        "a date offered by the technician's availability names no action (no verb, no noun of the tool): the check "
        "'Would that date suit you?' reads as a check of the date",
    ("bank", "Card CARD-5120 (ending 0032) shows two declined attempts abroad.", "Lock it?"):
        "'lock' is no verb of freeze_card in the lexicon (a synonym for one probe), and the previous message names "
        "no action",
    ("telecom", "I checked line 312-555-0147 (customer C1001): roaming is disabled, which is why you have no data "
                "abroad.", "Shall I fix that from my end?"):
        "'fix that' refers to a state ('roaming is disabled'); which action undoes a state needs the opposite of "
        "its verb (disable/enable), which no rule derives",
    ("restaurant", "", "One small Cold Brew - should it go to the kitchen?"):
        "'go to the kitchen' said of the order is the order's own movement, no verb of place_order; 'should it go' "
        "alone asks nothing of the agent",
    ("mock", "", "Downgrade of A104 to Basic is ready - your call."):
        "'your call' leaves the decision to the user without asking a yes/no question; read as an ask it would take "
        "'Which plan is your call' too",
    ("telecom", "", "Is everything okay with the phone now?"):
        "'is everything okay' is a check of read-back values for the rules (the labeller counts it as a "
        "confirmation request); a question about the phone's state belongs to the user tools' reading",
    ("retail", "Order W3125736 is pending.", "Shall I cancel order 3125763?"):
        "an order number without its letter is not compared with W3125736 as another value of its shape, so the "
        "right number in the message before still counts",
    ("restaurant", "That's one small Cold Brew.", "Shall I place it as a large?"):
        "a modifier changed in the approval itself ('as a large') with no item named: neither the values nor the "
        "guest's tracker see a line in it, and the read-back before stands",
    ("retail", "", "And you'd like the refund to go to your original card?"):
        "the user's wish said back names the refund, a noun of the return, so it reads as an approval of the return; "
        "where money goes is a detail of an action, which needs the wish's object (the refund) told from the action",
    ("retail", "", "You still want help with the cancellation, right?"):
        "the same: 'help with the cancellation' is read as the cancellation itself",
    ("retail", "", "Refund status: pending - is there anything else?"):
        "'is there anything else?' after a dash is read as a check of the status line before it (the labeller "
        "counts it as a confirmation request); a closing question is no check",
}


def _marked(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> Any:
    reason = UNREAD.get((case[0], case[2], case[3]))
    return pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else case


@pytest.mark.parametrize("case", [_marked(c) for c in PROBES], ids=[f"{c[0]}-{k:03d}" for k, c in enumerate(PROBES)])
def test_terse_referring_and_unmarked_approvals_are_read_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


_ORDERS = [c for c in PROBES if c[0] == "restaurant" and c[4] in (None, "place_order")]


# the abbreviations the guest's order tracker reads since round 4 (a size by its letter); the general reader and the
# labeller still read their values wrongly (reasons above). Paraphrases ("light on the sauce", "a couple of") all
# three read since round 30.
_GUEST_READS = ("'S' for small", "'L' and 'M'")


def _marked_for_guest(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> Any:
    reason = UNREAD.get((case[0], case[2], case[3]), "")
    return case if reason.startswith(_GUEST_READS) else _marked(case)


@pytest.mark.parametrize("case", [_marked_for_guest(c) for c in _ORDERS],
                         ids=[f"order-{k:02d}" for k in range(len(_ORDERS))])
def test_the_guest_reads_these_order_approvals_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert guest_errors(case) == []


# (task, what the guest has said of its order: "items" or "full", message, the action the guest takes it to ask
# approval of — "place_order" whenever the guest reads it as the order to place — or None)
_GUEST_ASKS: list[tuple[str, str, str, str | None]] = [
    ("simple/01-cold-brew", "items", "Would you like your Cold Brew small?", None),
    ("simple/01-cold-brew", "full", "Shall I add a second Cold Brew to the order?", "add_item"),
    ("simple/01-cold-brew", "full", "Should I put a small Cold Brew on the order for you?", "add_item"),
    ("simple/01-cold-brew", "full", "Want me to include a pastry with that?", "add_item"),
    ("simple/03-crispy-calamari", "full", "I can add one Crispy Calamari with spicy marinara - shall I?", "add_item"),
    ("simple/03-crispy-calamari", "full", "One Crispy Calamari with spicy marinara. Shall I place it?", "place_order"),
    ("simple/03-crispy-calamari", "full", "Would you like me to connect you with a member of staff?", "transfer_to_human"),
    ("medium/03-bbq-chicken-pizza", "items", "Should the BBQ Chicken Pizza be large?", None),
    ("medium/03-bbq-chicken-pizza", "items", "Do you want the classic crust for the BBQ Chicken Pizza?", None),
    ("medium/03-bbq-chicken-pizza", "items", "Is one BBQ Chicken Pizza enough, or would you like two?", None),
    ("medium/03-bbq-chicken-pizza", "full", "Should I place the order now, or is there anything else you'd like to add?",
     "place_order"),
    ("medium/03-bbq-chicken-pizza", "full", "That's everything on your list. Ready to check out?", "place_order"),
]


@pytest.mark.parametrize(("task", "told", "text", "action"), _GUEST_ASKS)
def test_the_guest_tells_an_order_to_place_from_a_line_to_add_or_a_question(task: str, told: str, text: str,
                                                                             action: str | None) -> None:
    import random

    from test_understanding_confirmations import _domain, _reading, _task
    from pytest_mmtau.models import Persona
    from pytest_mmtau.understanding import vocabulary
    from pytest_mmtau.user._scripted import ScriptedRealiser

    goal_task = _task("restaurant", task)
    guest = ScriptedRealiser(goal=goal_task.goal, persona=Persona(name="probe"), user_tools={}, rng=random.Random(0),
                             vocabulary=vocabulary(goal_task, _domain("restaurant").tool_infos))
    order = guest._order
    assert order is not None
    order.told = ["exact" if told == "full" or not line.modifiers else "partial" for line in goal_task.goal.order]
    stated = order.observe(text)
    reading = _reading("restaurant", goal_task, "", text)
    kind, _ = guest._order_reading(reading, stated)
    taken = "place_order" if kind == "confirm" else (reading.action if reading.confirmation else None)
    assert taken == action
