"""Probes of the facts an agent asks the user for, a further blind round (issue 20): agent messages written for
this test in the ways today's frontier support agents ask — polite and indirect asks with no question mark ("I'll
just need the email on the account to pull this up"), facts named by what they are or look like ("the code that
starts with a W"), pronouns that point back at a fact the sentence before named ("… could you send it over?"),
alternatives ("either X or Y"), lists — and hard negatives: facts named in confirmations, in information, in asks
the user cannot answer, and in hand-offs, none of which ask for the user's facts.
"""

from __future__ import annotations

import pytest
import test_understanding_facts as tf

from test_understanding_facts import (E_DATE, E_IMAGES, E_INVOICE, M_CANCEL, M_PLAN, R_ADDRESS, R_EMAIL, R_ITEMS,
                                      R_NAME, R_PAY, T_LINE, _read)

# ------------------------------------------------------------------------------------------------ polite, indirect
POLITE_INDIRECT = [
    (R_EMAIL, "I'll just need the email on the account to pull this up.", ["email"]),
    (R_EMAIL, "If you could share the order number, I can take a look right away.", ["order_id"]),
    (R_EMAIL, "Whenever you're ready, send over the email address you shop with.", ["email"]),
    (R_EMAIL, "Once you have it handy, pop the order number in here.", ["order_id"]),
    (R_EMAIL, "I'd be grateful if you could tell me what's prompting the cancellation.", ["reason"]),
    (R_EMAIL, "To get started, the email tied to your account would be great.", ["email"]),
    (R_EMAIL, "Happy to help with that! First, I'll need the email address associated with your account.", ["email"]),
    (R_EMAIL, "Could you let me know the order number for the purchase you'd like to cancel.", ["order_id"]),
    (R_EMAIL, "It would also help to know the reason you're cancelling - no pressure, just for our records.",
     ["reason"]),
    (R_EMAIL, "Go ahead and type the email you used at checkout, and I'll find your orders.", ["email"]),
    (R_NAME, "Since you don't have the email handy, I can use your full name and ZIP code instead - please send "
             "both.", ["name", "zip"]),
    (R_NAME, "I'll need the first and last name on the account along with the billing ZIP.", ["name", "zip"]),
    (R_NAME, "Whenever it's convenient, share your full name and the zip code on file.", ["name", "zip"]),
    (R_NAME, "Kindly provide your name exactly as it appears on your account.", ["name"]),
    (R_ADDRESS, "Please share the complete new address - street, city, state and ZIP - and I'll update the shipment.",
     ["new_address"]),
    (R_ADDRESS, "Next I just need to know where you'd like it delivered instead.", ["new_address"]),
    (R_PAY, "Let me know which payment method you'd like to switch to.", ["payment_method"]),
    (R_PAY, "I'll need to know how you'd like to pay instead - PayPal, a gift card or a credit card.",
     ["payment_method"]),
    (R_ITEMS, "Tell me which item from the order you'd like to exchange, and the new size and color you want.",
     ["item", "new_options"]),
    (R_ITEMS, "When you get a chance, let me know the size and colour you'd prefer for the replacement.",
     ["new_options"]),
    (M_PLAN, "I'll need your account ID to get the upgrade going.", ["account_id"]),
    (M_PLAN, "If you could confirm which plan you're hoping to move to, I'll check the pricing.", ["plan"]),
    (M_PLAN, "Please send me your account ID and the plan you'd like to switch to.", ["account_id", "plan"]),
    (M_CANCEL, "To cancel the subscription, I'll first need the account ID.", ["account_id"]),
    (M_CANCEL, "Sure thing - just share your account ID and I'll look into the cancellation.", ["account_id"]),
    (M_CANCEL, "I can definitely help cancel that. Which account ID is the subscription under?", ["account_id"]),
    (E_INVOICE, "To pull up your orders, I'll just need the phone number on your account.", ["phone_number"]),
    (E_INVOICE, "Please let me know the title you'd like printed on the invoice.", ["invoice_title"]),
    (E_INVOICE, "Whenever you're ready, send me the order number you need the invoice for.", ["order_id"]),
    (E_INVOICE, "Also let me know who the invoice should be made out to.", ["invoice_title"]),
    (E_IMAGES, "When you have a moment, please upload a photo of the damaged item.", ["photo"]),
    (E_IMAGES, "If you could attach a screenshot of the lower price, I'll look into a price adjustment.",
     ["screenshot"]),
    (E_DATE, "Let me know what date you'd like the technician to come out.", ["date"]),
    (E_DATE, "I'll need a preferred installation date - any day next week works on our side.", ["date"]),
    (T_LINE, "To verify your identity, I'll need your full name and date of birth.", ["date_of_birth", "full_name"]),
    (T_LINE, "Please share the phone number that's having the issue so I can look up the line.", ["phone_number"]),
    (T_LINE, "I'd like to start by confirming your identity. Could you give me the name on the account and your "
             "birth date", ["date_of_birth", "full_name"]),
    (T_LINE, "If you could tell me the number of the affected line, I'll run a check on it.", ["phone_number"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), POLITE_INDIRECT)
def test_polite_and_indirect_asks(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


# ------------------------------------------------------------------------------------------- by description/format
DESCRIBED = [
    (R_EMAIL, "What's the code on your order confirmation? It's a W followed by seven digits.", ["order_id"]),
    (R_EMAIL, "Could you send me the W-number from your receipt?", ["order_id"]),
    (R_EMAIL, "What address do we send your order confirmations to?", ["email"]),
    (R_EMAIL, "Which address do you use to sign in to the store?", ["email"]),
    (R_NAME, "And the five-digit postal code for your billing address?", ["zip"]),
    (R_NAME, "How is the account holder's name spelled?", ["name"]),
    (M_PLAN, "What's the ID on your account? It starts with the letter A.", ["account_id"]),
    (M_PLAN, "Which tier would you like to move up to?", ["plan"]),
    (M_CANCEL, "Could you share the identifier from your welcome email - it begins with an A?", ["account_id"]),
    (E_INVOICE, "What's the ten-digit mobile number you registered with?", ["phone_number"]),
    (E_INVOICE, "Could you send the order reference from your confirmation text? It begins with E.", ["order_id"]),
    (E_INVOICE, "What company name should go on the invoice?", ["invoice_title"]),
    (E_IMAGES, "Could you snap a picture of the broken part and send it over?", ["photo"]),
    (E_IMAGES, "Please grab a screen capture of the listing showing the cheaper price.", ["screenshot"]),
    (E_DATE, "What day suits you for the installation appointment?", ["date"]),
    (T_LINE, "What's the mobile number that isn't getting service?", ["phone_number"]),
    (T_LINE, "What's your DOB?", ["date_of_birth"]),
    (T_LINE, "Whose name is the line registered to?", ["full_name"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), DESCRIBED)
def test_facts_named_by_description(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


# ---------------------------------------------------------------------------------------------------- pronoun asks
PRONOUN_ASKS = [
    (R_EMAIL, "I'll need your order number to find the purchase. Could you send it over?", ["order_id"]),
    (R_EMAIL, "The order number is on your confirmation email. Could you share it with me?", ["order_id"]),
    (R_EMAIL, "Your account email is the quickest way for me to find you. Mind sending it?", ["email"]),
    (R_NAME, "The ZIP code on file helps me match your account. What is it?", ["zip"]),
    (M_PLAN, "Your account ID starts with an A and is in your welcome email. Could you paste it here", ["account_id"]),
    (M_CANCEL, "To cancel, I work from the account ID. Can you send that over?", ["account_id"]),
    (E_INVOICE, "The phone number on your account lets me pull up your orders - could you share it?",
     ["phone_number"]),
    (E_IMAGES, "A photo of the damage will help the claim go through faster. Could you upload one?", ["photo"]),
    (T_LINE, "I'll need the phone number of the affected line. Can you type it out for me?", ["phone_number"]),
    (T_LINE, "For security I verify the date of birth on the account. What is it, please?", ["date_of_birth"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), PRONOUN_ASKS)
def test_pronoun_asks(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


PRONOUN_ACROSS_MESSAGES = [
    (R_EMAIL, "To get started, what's the email on your account?", "Sorry, I missed that - could you send it again?",
     ["email"]),
    (T_LINE, "Which phone number is having trouble?", "Whenever you're ready, just type it in here.",
     ["phone_number"]),
    (M_PLAN, "What's your account ID?", "No rush - paste it here once you find it.", ["account_id"]),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), PRONOUN_ACROSS_MESSAGES)
def test_pronoun_asks_after_the_message_before(where: tuple[str, str], previous: str, text: str,
                                               facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# --------------------------------------------------------------------------------------------- options and lists
OPTIONS_AND_LISTS = [
    (R_NAME, "You can give me either the email on the account, or your full name and ZIP code.", ["name", "zip"]),
    (R_EMAIL, "To find your account, I can use either your email or your name plus ZIP code - whichever is easier.",
     ["email"]),
    (R_EMAIL, "Is the reason that you no longer need it, or that it was ordered by mistake?", ["reason"]),
    (R_PAY, "Would you like to switch to PayPal, a gift card, or the credit card on file?", ["payment_method"]),
    (M_PLAN, "Which plan would you like: Basic, Standard or Premium?", ["plan"]),
    (R_EMAIL, "To get this moving I'll need two things:\n\n1. The email address on your account\n2. The order "
              "number (starts with W)", ["email", "order_id"]),
    (R_NAME, "Please send the following:\n- Full name\n- ZIP code\n- Order number", ["name", "order_id", "zip"]),
    (T_LINE, "To verify you, please reply with:\n\n* **Full name**\n* **Date of birth**\n* **Phone number** on the "
             "account", ["date_of_birth", "full_name", "phone_number"]),
    (E_INVOICE, "For the invoice I'll need:\n1. Your order number\n2. The title to print (personal name or company)",
     ["invoice_title", "order_id"]),
    (E_IMAGES, "Here's what would help:\n- a photo of the damaged item\n- a screenshot of the cheaper listing",
     ["photo", "screenshot"]),
    (M_PLAN, "Just two details and we're set:\n1. Account ID\n2. The plan you want", ["account_id", "plan"]),
    (R_ITEMS, "Let me know:\n- which item you want to exchange\n- the colour and size you'd like",
     ["item", "new_options"]),
    (R_ADDRESS, "To update the shipping address, please send:\n1. Your email\n2. The order number\n3. The new address",
     ["email", "new_address", "order_id"]),
    (E_DATE, "Please reply with the order number and a date that works for installation.", ["date", "order_id"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), OPTIONS_AND_LISTS)
def test_asks_in_options_and_lists(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


# ---------------------------------------------------------------------------------------------- several asks at once
MULTI = [
    (R_EMAIL, "Thanks for reaching out! Could you share the email on your account, the order number, and the reason "
              "you'd like to cancel?", ["email", "order_id", "reason"]),
    (R_NAME, "Got it. What's your full name? And the ZIP code on the account?", ["name", "zip"]),
    (R_PAY, "I can help switch the payment method. First, what's your full name and ZIP? Then let me know the order "
            "number.", ["name", "order_id", "zip"]),
    (E_DATE, "Sure! Please share the phone number on your account and the order number, and I'll check "
             "installation slots.", ["order_id", "phone_number"]),
    (T_LINE, "Let's get you reconnected. I'll need your full name, your date of birth, and the number of the line "
             "with the problem.", ["date_of_birth", "full_name", "phone_number"]),
    (E_IMAGES, "Sorry to hear it arrived broken. Please upload a photo of the damage and tell me the order number.",
     ["order_id", "photo"]),
    (R_ITEMS, "Thanks, I've found your account. Which order is it, and which item in it would you like to swap?",
     ["item", "order_id"]),
    (M_PLAN, "Great choice! What's your account ID, and are you going for Premium or Standard?",
     ["account_id", "plan"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), MULTI)
def test_several_asks_at_once(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


# -------------------------------------------------------------------------------------------------- hard negatives
NOTHING_ASKED = [
    # information with the facts' words
    (R_EMAIL, "Your order number is printed at the top of the confirmation email we sent."),
    (R_EMAIL, "Cancellations usually take 3-5 business days to show on the email receipt."),
    (R_EMAIL, "The reason you gave will be noted on the cancellation for our records."),
    (R_NAME, "Names on accounts are stored exactly as entered at sign-up, including middle initials."),
    (R_NAME, "ZIP codes help us route your refund to the right regional team."),
    (R_ADDRESS, "Address changes are only possible before an order ships."),
    (R_PAY, "Payment methods can be changed until the order leaves our warehouse."),
    (M_PLAN, "Account IDs always start with the letter A and have three digits."),
    (M_PLAN, "The Premium plan includes unlimited streaming and costs $20 a month."),
    (M_CANCEL, "Once the subscription is cancelled, your account ID stays active for billing history."),
    (E_INVOICE, "Invoices are issued under the title you choose and are emailed within 24 hours."),
    (E_INVOICE, "Your phone number is only used for delivery updates."),
    (E_IMAGES, "Photos of damaged items help us process claims faster."),
    (E_DATE, "Installation dates are usually available within five business days of delivery."),
    (T_LINE, "Date of birth is one of the details we use to protect your account."),
    (T_LINE, "Your line's phone number stays the same after a SIM swap."),
    # the agent states what it has found (no ask)
    (R_EMAIL, "Thanks! I found your account under that email and I can see order W3125736."),
    (T_LINE, "Thanks, Priya - I've verified your identity with your name and date of birth."),
    (M_PLAN, "I've located account A101; it's currently on the Basic plan."),
    (E_INVOICE, "I see the order E206019 on the account with phone number 272-555-7588."),
    # transfer offers and hand-offs mentioning facts
    (R_EMAIL, "I can transfer you to a specialist, and I'll pass along your order number so you don't need to repeat "
              "it."),
    (T_LINE, "I'll connect you with our technical team - they'll already have your phone number on the ticket."),
    (M_CANCEL, "A billing specialist will reach out to you using the email on account A100."),
    # advice and keeping things
    (R_EMAIL, "Keep your order number handy in case you need to contact us again."),
    (E_IMAGES, "Going forward, it's a good idea to photograph packages as soon as they arrive."),
    (E_INVOICE, "Tip: you can download the invoice anytime from the Orders page using your phone number to sign in."),
    # yes/no about a fact, not for it
    (R_ADDRESS, "Is the new address a residential or a business address?"),
    (R_EMAIL, "Did you receive the order confirmation email?"),
    (E_IMAGES, "Did you take the photo before or after opening the box?"),
    # questions the user cannot answer (not their facts)
    (R_EMAIL, "Do you happen to know the tracking number the carrier gave you?"),
    (M_PLAN, "What's the billing cycle start date on your current plan?"),
    (T_LINE, "What's the IMEI number of your phone?"),
    (E_INVOICE, "What's your company's tax registration number?"),
    (R_NAME, "What's the name of the city the order was shipped to?"),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED)
def test_the_facts_words_without_an_ask_of_them(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked
    assert not reading.misread


# ------------------------------------------------------------------------------- confirmations that ask no facts
CONFIRMATIONS = [
    (R_EMAIL, "Just to confirm: you'd like me to cancel order W3125736 because it's no longer needed. Shall I go "
              "ahead?"),
    (R_EMAIL, "I'm about to cancel order **W3125736** (reason: no longer needed). Do you want me to proceed?"),
    (R_ADDRESS, "Here's the change:\n- Order: W3135709\n- New address: 836 Birch Boulevard, Brookfield, WI 33688\n\n"
                "Should I update it?"),
    (R_PAY, "I'll switch the payment on order W3121805 to your credit card. Is that okay with you?"),
    (M_PLAN, "To confirm, I'll upgrade account A101 to the Premium plan, effective today. Would you like me to go "
             "ahead?"),
    (M_CANCEL, "Shall I cancel the subscription on account A100 now?"),
    (E_INVOICE, "I'll issue the invoice for order E206019 with the title Harbor Print Ltd. Please confirm and I'll "
                "submit it."),
    (E_DATE, "I can book the installation for order E205741 on March 5, 2026. Does that work for you?"),
    (T_LINE, "I'll reset the network settings on line 206-555-0128. Okay to proceed?"),
    (R_ITEMS, "I'll exchange the Running Shorts in order W3125314 for the black, size S version. Want me to go "
              "ahead?"),
    (R_NAME, "Before I cancel order W3107281 for Aisha Kovacs, can you confirm that's the one you mean?"),
    (E_IMAGES, "I've got your photo and screenshot. Shall I submit the damage claim for order E204159 now?"),
]


@pytest.mark.parametrize(("where", "text"), CONFIRMATIONS)
def test_a_confirmation_asks_no_facts(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked
    assert not reading.misread


# ---------------------------------------------------------------------------------------- a second batch (blind)
ASKS_B = [
    (M_PLAN, "Mind popping your account ID in the chat?", ["account_id"]),
    (M_PLAN, "Drop your account ID below and I'll take a look.", ["account_id"]),
    (M_PLAN, "Any chance you have the account ID on hand?", ["account_id"]),
    (M_PLAN, "I'm going to need the account number before I can change anything.", ["account_id"]),
    (M_PLAN, "Your account ID, please.", ["account_id"]),
    (M_PLAN, "Which subscription tier are you interested in?", ["plan"]),
    pytest.param(M_PLAN, "What level of service would you like going forward?", ["plan"],
                 marks=pytest.mark.xfail(strict=True, reason="'level of service' is no name of the plan")),
    (M_PLAN, "And what plan did you have in mind?", ["plan"]),
    (M_PLAN, "Sure - which package would you like to move to?", ["plan"]),
    (M_PLAN, "Happy to upgrade you. What are you looking to upgrade to?", ["plan"]),
    (M_CANCEL, "Reply with your account ID to continue.", ["account_id"]),
    (M_CANCEL, "Once you've got your account ID, just drop it here and I'll take care of the rest.", ["account_id"]),
    (M_CANCEL, "Could you confirm the account ID the subscription is billed under", ["account_id"]),
    (R_EMAIL, "Tell me a bit about why you'd like to cancel.", ["reason"]),
    (R_EMAIL, "May I ask what's behind the decision to cancel?", ["reason"]),
    (R_EMAIL, "Can you share what led you to cancel the order?", ["reason"]),
    (R_EMAIL, "Before I proceed, I'd love to know why you're cancelling.", ["reason"]),
    (R_EMAIL, "What's the reason, if you don't mind me asking?", ["reason"]),
    (R_EMAIL, "Let's start with your email.", ["email"]),
    (R_EMAIL, "First things first: your email address.", ["email"]),
    (R_EMAIL, "What's the e-mail you signed up with?", ["email"]),
    (R_EMAIL, "Could I get the email that's linked to your profile?", ["email"]),
    (R_EMAIL, "As soon as you send the order number, I'll check whether it can still be cancelled.", ["order_id"]),
    (R_EMAIL, "Feel free to paste the order ID whenever you find it.", ["order_id"]),
    (R_EMAIL, "Simply type in your email and I'll locate the order.", ["email"]),
    (R_EMAIL, "I still need the reason for the cancellation before I can submit it.", ["reason"]),
    (R_EMAIL, "You can reply with the order number.", ["order_id"]),
    (R_NAME, "To look you up, I need a couple of details - name on the account and ZIP.", ["name", "zip"]),
    (R_NAME, "What's your zip?", ["zip"]),
    (R_NAME, "Your postcode?", ["zip"]),
    (R_NAME, "Could you spell your last name for me?", ["name"]),
    (R_NAME, "I need a few details first: your name and ZIP.", ["name", "zip"]),
    (R_NAME, "You'll just want to give me your ZIP code and name.", ["name", "zip"]),
    (R_ADDRESS, "Where should we ship it now?", ["new_address"]),
    (R_ADDRESS, "What's the address you'd like it rerouted to?", ["new_address"]),
    (R_ADDRESS, "Send the new shipping address, including the apartment number if there is one.", ["new_address"]),
    (R_PAY, "How do you want to pay for it now?", ["payment_method"]),
    (R_PAY, "What would you like the order charged to instead?", ["payment_method"]),
    (R_ITEMS, "Which product would you like to exchange?", ["item"]),
    (R_ITEMS, "Which variant would you like instead (colour/size)?", ["new_options"]),
    (T_LINE, "What's the number you're calling about?", ["phone_number"]),
    (T_LINE, "Which line is giving you trouble? Please share the number.", ["phone_number"]),
    (T_LINE, "Can I grab your birthday for verification?", ["date_of_birth"]),
    (T_LINE, "What name is the account under?", ["full_name"]),
    (T_LINE, "Please confirm the phone number associated with the account.", ["phone_number"]),
    (T_LINE, "Please confirm your date of birth.", ["date_of_birth"]),
    (T_LINE, "To proceed with verification: full name + DOB.", ["date_of_birth", "full_name"]),
    (T_LINE, "Only one more piece of info: your date of birth.", ["date_of_birth"]),
    (E_INVOICE, "What's the phone number you placed the order with?", ["phone_number"]),
    (E_INVOICE, "Which order do you need the invoice for?", ["order_id"]),
    (E_INVOICE, "What should the invoice header say?", ["invoice_title"]),
    (E_INVOICE, "Who's the invoice for - you personally or a business?", ["invoice_title"]),
    (E_INVOICE, "All that's left is the invoice title.", ["invoice_title"]),
    (E_INVOICE, "I'm ready to look into this as soon as I have your phone number.", ["phone_number"]),
    (E_IMAGES, "Please send over a picture of the item as it arrived.", ["photo"]),
    (E_IMAGES, "Can you share a screenshot showing where you saw the lower price?", ["screenshot"]),
    (E_IMAGES, "I'll need you to send me a photo of the damage.", ["photo"]),
    (E_DATE, "When would you like the installer to come?", ["date"]),
    (E_DATE, "What date should I schedule the install for?", ["date"]),
    (E_DATE, "Do you have a date in mind for the installation?", ["date"]),
    (E_DATE, "The last thing I need is a date for the installation.", ["date"]),
    (E_DATE, "Whenever it suits you, the order number would let me pull it up.", ["order_id"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_B)
def test_asks_second_batch(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


NOTHING_ASKED_B = [
    (R_EMAIL, "If you have any more questions about your order number or account, feel free to ask."),
    (R_EMAIL, "I'll send the cancellation confirmation to your email once it's done."),
    (M_PLAN, "What a great choice - the Premium plan is our most popular."),
    (M_PLAN, "Which plan is best really depends on how much you stream."),
    (M_PLAN, "Let me know if you have any other questions about your plan."),
    (M_PLAN, "What's your current plan?"),
    (E_INVOICE, "Would you like me to email the invoice to you?"),
    (R_EMAIL, "Would you like a copy of the receipt sent to your email?"),
    (T_LINE, "What's the serial number on your router?"),
    (E_IMAGES, "What's the name of the courier who delivered it?"),
    (E_DATE, "Do you know the date the package was delivered?"),
    (E_DATE, "What time did the delivery driver drop it off?"),
    (E_INVOICE, "What's the phone number of the store you bought it from?"),
    (R_ADDRESS, "What was the original shipping address on the order?"),
    (T_LINE, "Your date of birth matches our records, so I'll now run a check on the line."),
    (R_EMAIL, "I've noted your reason (no longer needed) and I'll cancel order W3125736 once you say yes."),
    (R_EMAIL, "Please confirm: cancel order W3125736, reason: no longer needed. Reply yes to proceed."),
    (E_INVOICE, "Just to double-check before I submit: order E206019, invoice title 'Harbor Print Ltd'. Good to go?"),
    (T_LINE, "Everything look right? Name: Priya Raman, DOB: 1991-02-17, line: 206-555-0128."),
    (M_CANCEL, "Your account ID is A100 and the subscription renews on the 1st; shall I cancel it before then?"),
    (R_NAME, "Thanks, Aisha - your name and ZIP match the account, and I can see order W3107281."),
    (E_IMAGES, "Thanks for the photo! It clearly shows the damage, so I'll file the claim now."),
    (R_PAY, "Payment on order W3121805 is currently a gift card; switching it to the credit card is instant."),
    (E_DATE, "Our technicians install Monday through Saturday, 8am to 6pm."),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED_B)
def test_nothing_asked_second_batch(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked
    assert not reading.misread


# ------------------------------------------------------------------------------------- a third and fourth batch
# (blind: written before running them; of these 250, 35 read wrong when written — 27 fixed by the rules below, 8 left
# as strict xfails)
M_BAL = ("mock", "balance_inquiry")  # account_id
M_LOCK = ("mock", "locked_account_escalation")  # account_id, plan
M_DOWN = ("mock", "router_off_and_downgrade")  # account_id, plan (basic)
R_RETURN = ("retail", "return/email/ok")  # email, order_id, item
R_RETURN_NZ = ("retail", "return/name_zip/ok")  # name, zip, order_id, item
R_EXCH = ("retail", "exchange/email/ok")  # email, order_id, item, new_options (olive, us-10)
R_EXCH_NZ = ("retail", "exchange/name_zip/ok")  # name, zip, order_id, item, new_options
R_STATUS = ("retail", "status/email/pending")  # email, order_id
R_STATUS_NZ = ("retail", "status/name_zip/delivered")  # name, zip, order_id
R_PAY_E = ("retail", "payment/email/ok")  # email, order_id, payment_method
R_ITEMS_NZ = ("retail", "items/name_zip/ok")  # name, zip, order_id, item, new_options
R_ADDRESS_NZ = ("retail", "address/name_zip/ok")  # name, zip, order_id, new_address
T_MMS = ("telecom", "[mms_issue]bad_network_preference")  # phone_number, full_name, date_of_birth
E_DAMAGE = ("ecommerce", "E205947")  # phone_number, order_id, invoice_title, photo

ASKS_C = [  # polite asks, synonyms ('customer ID', 'form of payment'), descriptions
    (M_PLAN, "I'd be happy to help you upgrade! Could you please provide your customer ID so I can pull up your "
     'details?', ['account_id']),
    (M_PLAN, "Before I make any changes, may I ask which plan you'd like to switch to?", ['plan']),
    (M_PLAN, "What's the subscriber ID on your account?", ['account_id']),
    (M_PLAN, 'Could you share your user ID?', ['account_id']),
    (M_PLAN, 'Which plan should I move you to?', ['plan']),
    (M_PLAN, 'What plan do you want to be on?', ['plan']),
    (M_PLAN, 'Which plan are you interested in?', ['plan']),
    (M_PLAN, 'Which account is this for?', ['account_id']),
    (M_PLAN, 'Do you know your account ID? It usually looks like A followed by three digits.', ['account_id']),
    (M_PLAN, 'Great! Which option works best for you - Basic or Premium?', ['plan']),
    (M_PLAN, 'To confirm the right account, please reply with the ID from your welcome email.', ['account_id']),
    (M_PLAN, 'What would you like to upgrade to?', ['plan']),
    (M_PLAN, "Let me know the tier you'd prefer.", ['plan']),
    (M_PLAN, "I can certainly help you change plans. I'll need your account ID first - you can find it in your "
     'welcome email.', ['account_id']),
    (M_CANCEL, "I'm sorry to see you go! To cancel, I'll need to look up your account. What's your account ID?",
     ['account_id']),
    (M_CANCEL, "Could you provide the ID of the account you'd like to cancel?", ['account_id']),
    (M_CANCEL, 'Which account would you like me to cancel the subscription on?', ['account_id']),
    (M_CANCEL, 'Please provide your account identifier so I can proceed.', ['account_id']),
    (M_CANCEL, 'Can you give me your account number, please?', ['account_id']),
    (M_CANCEL, "I'll just need your account details - specifically the account ID.", ['account_id']),
    (R_EMAIL, "I'm sorry the order isn't needed anymore! So that I can look into this, would you mind sharing the "
     'email associated with your account?', ['email']),
    (R_EMAIL, 'Thanks for your patience. In order to proceed, may I please have the email address linked to your '
     'account?', ['email']),
    (R_EMAIL, 'Would you be so kind as to share your order number?', ['order_id']),
    (R_EMAIL, 'Could you please let me know the reason for the cancellation? This helps us improve.', ['reason']),
    (R_EMAIL, 'I would appreciate it if you could provide the order ID.', ['order_id']),
    (R_EMAIL, 'At your convenience, please send the order number.', ['order_id']),
    (R_EMAIL, 'Would it be possible for you to share the order number?', ['order_id']),
    (R_EMAIL, 'Might I trouble you for the email on the account?', ['email']),
    (R_EMAIL, 'Do you remember which email you used to place the order?', ['email']),
    (R_EMAIL, "What's the best email to find you under?", ['email']),
    (R_EMAIL, 'To help me locate your account, could you provide your email address?', ['email']),
    (R_EMAIL, "May I have the order number you're referring to?", ['order_id']),
    (R_EMAIL, 'Please go ahead and share the details: the email on file and the order number.', ['email', 'order_id']),
    (R_EMAIL, 'And the reason for cancelling?', ['reason']),
    (R_EMAIL, "May I know why you'd like to cancel?", ['reason']),
    (R_EMAIL, "Is there a particular reason you're cancelling?", ['reason']),
    (R_EMAIL, 'Could you tell me a little about why you no longer want the order?', ['reason']),
    (R_EMAIL, 'Which order would you like me to cancel?', ['order_id']),
    (R_EMAIL, 'Which order are we talking about?', ['order_id']),
    (R_EMAIL, "What's the order you'd like to cancel?", ['order_id']),
    (R_NAME, 'Could you please provide your first and last name as well as your ZIP code?', ['name', 'zip']),
    (R_NAME, 'Alternatively, I can find your account with your full name and ZIP code.', ['name', 'zip']),
    (R_NAME, 'No problem! In that case, please share your name and the zip code associated with the account.',
     ['name', 'zip']),
    (R_NAME, "What name is the account under, and what's the zip?", ['name', 'zip']),
    (R_NAME, "What's the postal code on your account?", ['zip']),
    (R_NAME, 'Could you verify your name and ZIP code for me?', ['name', 'zip']),
    (R_NAME, 'Could I have your name and zip code to look up the account instead?', ['name', 'zip']),
    (R_ADDRESS, "What's the new shipping address?", ['new_address']),
    (R_ADDRESS, "Please provide the full address you'd like the order shipped to, including ZIP.", ['new_address']),
    (R_ADDRESS, 'Where would you like your order to be delivered?', ['new_address']),
    (R_ADDRESS, 'What address should I update the order to?', ['new_address']),
    (R_ADDRESS, 'Could you share the updated address?', ['new_address']),
    (R_ADDRESS, "What's the address you want it sent to instead?", ['new_address']),
    (R_PAY, 'Which payment method would you like to use instead?', ['payment_method']),
    (R_PAY, 'What would you like to pay with?', ['payment_method']),
    (R_PAY, 'What payment method should I switch the order to?', ['payment_method']),
    (R_PAY, 'Which form of payment would you prefer?', ['payment_method']),
    (R_ITEMS, 'Which item would you like to exchange, and what would you like instead?', ['item', 'new_options']),
    (R_ITEMS, 'What color and size would you like the new pair in?', ['new_options']),
    (R_ITEMS, 'Which options would you like for the replacement?', ['new_options']),
    (R_ITEMS, 'What would you like to exchange it for?', ['new_options']),
    (R_ITEMS, 'Which item in the order is it?', ['item']),
    (T_LINE, 'Could you please provide the phone number associated with the affected line?', ['phone_number']),
    (T_LINE, 'May I have your full name and date of birth for verification purposes?', ['date_of_birth', 'full_name']),
    (T_LINE, "What is the account holder's full name?", ['full_name']),
    (T_LINE, 'Could you confirm your birthdate?', ['date_of_birth']),
    (T_LINE, 'What mobile number is affected?', ['phone_number']),
    (T_LINE, "What's the number of the phone with no service?", ['phone_number']),
    (T_LINE, 'Can you tell me your name as it appears on the account?', ['full_name']),
    (T_LINE, 'Which number should I look up?', ['phone_number']),
    (E_INVOICE, 'Could you please provide the phone number registered to your account?', ['phone_number']),
    (E_INVOICE, 'What title should appear on the invoice?', ['invoice_title']),
    pytest.param(E_INVOICE, 'How would you like the invoice to be addressed?', ['invoice_title'],
                 marks=pytest.mark.xfail(strict=True, reason="a title asked by the verb 'addressed' names no fact")),
    (E_INVOICE, 'Which name should we put on the invoice?', ['invoice_title']),
    (E_INVOICE, "Should the invoice be in your name or a company's? If a company, what's the exact name?",
     ['invoice_title']),
    (E_INVOICE, "What's the invoice title you need?", ['invoice_title']),
    (E_INVOICE, 'For which order would you like an invoice?', ['order_id']),
    (E_IMAGES, 'Could you please send a photo of the damaged product?', ['photo']),
    (E_IMAGES, 'Please share an image showing the damage.', ['photo']),
    (E_IMAGES, 'Do you have a screenshot of the lower price you saw?', ['screenshot']),
    (E_IMAGES, 'Could you provide proof of the lower price, such as a screenshot?', ['screenshot']),
    pytest.param(E_IMAGES, 'Please upload pictures of the item and packaging.', ['photo'],
                 marks=pytest.mark.xfail(strict=True, reason="'pictures' fits the photo and the screenshot alike, "
                                                             "nothing tells them apart")),
    (E_DATE, 'What date would you like to schedule the installation for?', ['date']),
    (E_DATE, 'When would be a good day for the installation?', ['date']),
    (E_DATE, 'Which day should we book the technician for?', ['date']),
    (E_DATE, 'Please let me know your preferred installation date.', ['date']),
    (E_DATE, 'When should we send someone to install it?', ['date']),
]

ASKS_D = [  # the other tasks: a balance, a locked account, a downgrade, returns, exchanges, order status, MMS
    (M_BAL, 'Sure, I can check your balance. Which account should I look at?', ['account_id']),
    (M_BAL, "I can pull up your balance right away - I'll just need the account ID.", ['account_id']),
    (M_BAL, "To see what you owe, I need to know which account this is. What's the ID?", ['account_id']),
    (M_BAL, 'Happy to help with your balance! The account ID would be the fastest way for me to find it.',
     ['account_id']),
    (M_BAL, "Could you tell me the account you're asking about? It'll be an A followed by three digits.",
     ['account_id']),
    (M_BAL, "I'll check that for you. Which account ID are we looking at today", ['account_id']),
    (M_BAL, 'Balance questions are easy to sort out. Just send me your account ID.', ['account_id']),
    (M_LOCK, "I'm sorry you're locked out. Before I can escalate, I'll need your account ID.", ['account_id']),
    (M_LOCK, 'Thanks for explaining. Which account is locked? Please share its ID.', ['account_id']),
    (M_LOCK, "What's the ID of the account you can't get into?", ['account_id']),
    (M_DOWN, 'Sure, I can move you to a cheaper plan. Which plan would you like to downgrade to?', ['plan']),
    (M_DOWN, 'What would you like to downgrade to?', ['plan']),
    (M_DOWN, 'Which plan are you looking to step down to?', ['plan']),
    (M_DOWN, 'Got it - a smaller plan. Which one did you have in mind?', ['plan']),
    (M_DOWN, "Let me know which plan you'd like to move down to, and your account ID.", ['account_id', 'plan']),
    (M_DOWN, "To make the switch I'll need two things: your account ID and the plan you want instead.",
     ['account_id', 'plan']),
    (R_RETURN, 'Which item from that order are you sending back?', ['item']),
    (R_RETURN, 'What would you like to return?', ['item']),
    (R_RETURN, 'Which of the products would you like to return?', ['item']),
    (R_RETURN, "Let me know which item you'd like to return, and I'll get the label ready.", ['item']),
    (R_RETURN, 'I see a few items on order W3129434. Which one is going back?', ['item']),
    (R_RETURN, "To start the return, I'll need the email on the account and the order number.", ['email', 'order_id']),
    (R_RETURN, 'Please tell me which product you want to return.', ['item']),
    (R_RETURN, "Which item isn't working out for you?", ['item']),
    (R_EXCH, 'What size and colour would you like the boots in?', ['new_options']),
    (R_EXCH, 'Which color would you like instead, and in what size?', ['new_options']),
    (R_EXCH, 'The boots come in olive, brown and black. Which would you prefer, and what size?', ['new_options']),
    (R_EXCH, 'Let me know the colour and size you want for the replacement pair.', ['new_options']),
    (R_EXCH, 'What would you like to exchange the boots for?', ['new_options']),
    (R_EXCH, 'Which item would you like to exchange, and for what variant?', ['item', 'new_options']),
    (R_EXCH, 'What variant should I swap them to?', ['new_options']),
    (R_EXCH, "Tell me which new options you'd like - color and size.", ['new_options']),
    (R_STATUS, "I'd be glad to check on your order. What email address is on the account?", ['email']),
    (R_STATUS, 'Which order would you like me to check on?', ['order_id']),
    (R_STATUS, 'Could you share the order number so I can look up its status?', ['order_id']),
    (R_STATUS, "To track it down, I'll need your email and, if you have it, the order number.", ['email', 'order_id']),
    (R_STATUS, "If you know the order number, that'll speed things up.", ['order_id']),
    (R_STATUS, "What's the order you're asking about?", ['order_id']),
    (R_STATUS, 'Do you have the order number handy?', ['order_id']),
    (T_MMS, "Let's sort out your picture messages. First, what's the phone number on the account?", ['phone_number']),
    (T_MMS, "Could you confirm the account holder's name and date of birth?", ['date_of_birth', 'full_name']),
    (T_MMS, 'For verification, I need the name on the account and the birth date.', ['date_of_birth', 'full_name']),
    (T_MMS, 'Which number are you having MMS trouble with?', ['phone_number']),
    (T_MMS, "Please provide the line number that can't send pictures.", ['phone_number']),
    (T_MMS, "What's your full name, please?", ['full_name']),
    (T_MMS, 'And your date of birth?', ['date_of_birth']),
    (T_MMS, "I'll need to verify a couple of things: your name and DOB.", ['date_of_birth', 'full_name']),
    (T_MMS, "To pull up your account, may I have the mobile number it's under?", ['phone_number']),
]

NOTHING_ASKED_C = [  # information, the agent's own steps, questions the user cannot answer, listed offers
    (M_PLAN, 'For security, could you tell me the answer to your security question?', []),
    (M_PLAN, "What's the email address of the account's secondary user?", []),
    (M_PLAN, "Which payment card should the upgrade be billed to? I'll need the last four digits.", []),
    (M_PLAN, 'Premium costs $20/month and Basic costs $10/month - both can be changed at any time.', []),
    (M_PLAN, 'The plan change will show up on your next invoice for account A101.', []),
    (M_PLAN, 'Upgrading account A101 to Premium now - this only takes a moment.', []),
    (M_PLAN, 'Plans available:\n1. Basic - $10/month\n2. Premium - $20/month', []),
    (M_PLAN, "Your account ID is the code starting with A in your welcome email; you'll want it for future calls.", []),
    (M_PLAN, "Once I have your go-ahead, I'll switch account A101 to Premium.", []),
    (M_PLAN, "I've noted that you want Premium. Processing the upgrade on account A101 now.", []),
    (M_BAL, 'Your balance is $42.50. Would you like me to explain the charges?', []),
    (M_BAL, "What's the date of your last payment?", []),
    (M_CANCEL, 'Cancelling the subscription for account A100 - one moment please.', []),
    (M_CANCEL, 'Before I cancel, please note that any remaining credit on account A100 will be forfeited.', []),
    (M_CANCEL, 'Could you give me the confirmation code from the original sign-up email?', []),
    (R_EMAIL, 'Could you tell me the amount you were charged for the order?', []),
    (R_EMAIL, "What's the gift card number you paid with?", []),
    (R_EMAIL, 'Could you send me the tracking number from the shipping email?', []),
    (R_EMAIL, 'Which warehouse was the order shipped from?', []),
    (R_EMAIL, 'The reasons we accept are:\n1. No longer needed\n2. Ordered by mistake', []),
    (R_EMAIL, "I'll proceed with cancelling order W3125736 now, since you confirmed it's no longer needed.", []),
    (R_EMAIL, 'Cancelled! Order W3125736 is now void and the refund is on its way to your original payment method.',
     []),
    (R_EMAIL, 'The email on the account is noor.rossi324@inbox.example.org, and I can see order W3125736 is still '
     'pending.', []),
    (R_EMAIL, 'When an order is cancelled, the refund goes back to the original payment method within 5-7 business '
     'days.', []),
    (R_EMAIL, 'Could you confirm that the email on your account is noor.rossi324@inbox.example.org?', []),
    (R_NAME, 'I found the account for Aisha Kovacs at ZIP 70365 - let me pull up the orders.', []),
    pytest.param(R_NAME, "What's the name of the person who received the package?", [],
                 marks=pytest.mark.xfail(strict=True, reason="a third person's name in a relative clause reads as "
                                                             "the user's name")),
    (R_ADDRESS, 'Just so you know, the new address must be within the US.', []),
    (R_ADDRESS, 'Updating the shipping address for order W3135709 to 836 Birch Boulevard, Brookfield, WI 33688 now.',
     []),
    (R_ADDRESS, "What's the apartment number at the old address?", []),
    (R_PAY, 'Your payment options on file are:\n- PayPal\n- Credit card ending 4421\n- Gift card (balance $12)', []),
    (R_PAY, "The payment method was changed to PayPal; you'll see the new charge within a day.", []),
    (R_PAY, "What's the CVV on the credit card?", []),
    (R_ITEMS, 'Available colors: black, navy, grey. Sizes: S, M, L.', []),
    (R_ITEMS, 'Swapping the Running Shorts to black, size S now.', []),
    (R_ITEMS, "What's the item ID of the version you'd like?", []),
    (R_RETURN, 'Returned items must be unused and in their original packaging.', []),
    (R_RETURN, "What's the serial number on the earbuds' case?", []),
    (E_INVOICE, 'Invoices can be titled with a personal name or a registered company name.', []),
    (E_INVOICE, 'Issuing the invoice for order E206019 under Harbor Print Ltd now.', []),
    (E_INVOICE, "What's the VAT number of your company?", []),
    pytest.param(E_INVOICE, "What's the billing email for the company on the invoice?", [],
                 marks=pytest.mark.xfail(strict=True, reason="'company on the invoice' reads as the invoice title "
                                                             "though the ask is an email")),
    (E_INVOICE, "Your phone number 272-555-7588 is linked to two orders; I'll use E206019 for the invoice.", []),
    (E_IMAGES, "What's the model number printed on the item's label?", []),
    (E_IMAGES, 'Photos should be clear and show the whole item; blurry images may delay the claim.', []),
    (E_IMAGES, 'Could you tell me when you noticed the damage?', []),
    (E_IMAGES, 'What price did you see on the other site?', []),
    (E_DATE, 'Installation slots:\n1. March 5, morning\n2. March 6, afternoon\n3. March 9, morning', []),
    (E_DATE, 'What time does the delivery driver usually arrive in your area?', []),
    (E_DATE, 'Booking the installation for March 5 now.', []),
    (E_DATE, 'When was the item delivered to you?', []),
    (T_LINE, "What's the PIN for your voicemail?", []),
    (T_LINE, 'Could you read me the ICCID printed on your SIM card?', []),
    (T_LINE, "Thanks, Priya Raman, born 17 February 1991. I'm running a check on line 206-555-0128 now.", []),
    (T_LINE, "What's the account number on your last bill?", []),
    (T_LINE, 'Verifying your details now - one moment.', []),
    (T_LINE, "I've confirmed your identity, so no need to send your date of birth again.", []),
    (T_LINE, "What's the name of the carrier shown in your status bar?", []),
    (T_LINE, 'When did the service stop working?', []),
]

ASKS_E = [  # the corpus's kinds of ask, rephrased (lists, markdown, several asks, pronouns, conditions)
    (R_EMAIL, '',
     'Happy to help! I can find your account one of two ways:\n\n1. The **email** you signed up with\n2. Your **full '
     'name** plus **ZIP code**\n\nJust use whichever works best.', ['email']),
    (R_NAME, '',
     'Happy to help! I can find your account one of two ways:\n\n1. The **email** you signed up with\n2. Your **full '
     'name** plus **ZIP code**\n\nJust use whichever works best.', ['name', 'zip']),
    (R_NAME, '', 'May I have your first and last name please', ['name']),
    (R_ADDRESS, '', "Sure, I can help change where it's going. Which email address did you order with?", ['email']),
    (R_PAY_E, '', "First let's verify you. Kindly send the email address tied to your account.", ['email']),
    (R_RETURN_NZ, '',
     'I can help with that return. Please share your full name and ZIP code so I can locate your account.',
     ['name', 'zip']),
    (R_STATUS, '',
     'Thanks for getting in touch! Could you share your email so I can find your account, and the order number too '
     "if it's handy?", ['email', 'order_id']),
    (R_EMAIL, '',
     "I couldn't find any account under that email address. Would you mind checking it and sending it once more?",
     ['email']),
    (R_PAY, '', "To verify you, I'll need the name on the account along with your ZIP code.", ['name', 'zip']),
    (R_ITEMS_NZ, '',
     'Can you tell me your full name and the ZIP code on your account? Then we can look at the order.',
     ['name', 'zip']),
    (R_EMAIL, '',
     "Thanks, Noor, I've found your account. Which order are you looking to cancel? If you have the number (it "
     'begins with #W), please send it.', ['order_id']),
    (R_NAME, '', "Thanks, Aisha - you're verified. Which order number should I cancel?", ['order_id']),
    (R_PAY_E, '',
     "You're all verified, Felix. Please tell me the number of the order whose payment you'd like changed.",
     ['order_id']),
    (R_RETURN, '',
     "Thanks, Greta. Which order did the item come from? When you've got the order number, just send it over.",
     ['order_id']),
    (R_EXCH, '', 'Great. Which of your orders has the item you want to exchange?', ['order_id']),
    (R_NAME, '',
     "I'm seeing several orders on your account. Do you know which one you'd like to cancel? Its number starts with "
     'W.', ['order_id']),
    (R_ADDRESS, '',
     "For the address change I'll need the complete new address:\n- Street\n- City\n- State\n- ZIP", ['new_address']),
    (R_ADDRESS_NZ, '', 'Which order is this, and where would you like it shipped now?', ['new_address', 'order_id']),
    (R_PAY_E, '',
     "What payment method should we use instead? Here's what's on file:\n- Credit card ending in 8501 (current)\n- "
     'PayPal', ['payment_method']),
    (R_ITEMS, '',
     'Which item in the order should I change, and what colour or size do you want instead?', ['item', 'new_options']),
    (R_EXCH_NZ, '',
     "Please tell me:\n1. The item you want to exchange\n2. The colour and size you'd like in its place",
     ['item', 'new_options']),
    (R_RETURN, '', 'Which of the items in that order are you returning?', ['item']),
    (R_NAME, '', 'Why would you like to cancel the order?', ['reason']),
    (R_EXCH, '', 'What size would you like for the boots instead?', ['new_options']),
    (R_ADDRESS_NZ, '',
     "Order #W3139059 hasn't shipped yet, so the address can still change. Where should it go now?", ['new_address']),
    (R_RETURN_NZ, '',
     "Order #W3127625 was delivered, so it can be returned. Which item are you sending back, and what's the reason?",
     ['item']),
    (R_ITEMS, '',
     'Thanks! Order #W3125314 is still pending and has the Running Shorts (navy, S). What should I change them to?',
     ['new_options']),
    (R_EXCH, '',
     'The boots are available in olive, brown and black, in sizes US 8 through US 11. What color and size would you '
     'like?', ['new_options']),
    (R_RETURN, '',
     'Two quick questions before I start the return:\n- Which item are you returning?\n- Is the original packaging '
     'still with you?', ['item']),
    (R_EXCH, '',
     "### What I need for the exchange\n- The item you're exchanging\n- The new size or colour",
     ['item', 'new_options']),
    (R_EXCH, '',
     'Happy to help you exchange it! So I can pull up your account, could you share the email you used when '
     "ordering? Once I have it, I'll look at your recent orders.", ['email']),
    (R_ITEMS, '',
     'Thanks, Yuki, I found your account. Please send the order number (starts with **#W**) of the order you want to '
     'change, and tell me which item in it.', ['item', 'order_id']),
    (R_ADDRESS_NZ, '',
     'Great news, Tariq - order #W3139059 is still processing, so it can be redirected. Where should we send it? '
     'Please include street, city, state and ZIP.', ['new_address']),
    (R_ITEMS_NZ, '',
     'What variant would you like the Desk Lamp changed to? It comes in **black** or **white**, with **warm** or '
     '**cool** light.', ['new_options']),
    (R_RETURN, '',
     "Sure, Greta! Which item from that order would you like to return, and can you share the order number if it's "
     'nearby?', ['item', 'order_id']),
    (R_ITEMS, '',
     'Thanks. What would you like to change the Running Shorts to - another color, another size, or both?',
     ['new_options']),
    (R_STATUS, '',
     "Hello! I'm glad to look into your order. What's the email on your account? If you know the order number too, "
     'feel free to add it.', ['email', 'order_id']),
    (R_PAY_E, '',
     "Thanks for getting in touch! I'll need the email on your account to find you; after that, tell me which order "
     'you want the payment switched on.', ['email', 'order_id']),
    (R_EMAIL, '',
     "Certainly! To find your account please share the email on file. After that I'll need the number of the order "
     "you'd like cancelled.", ['email', 'order_id']),
    pytest.param(R_ADDRESS, '',
     'Could you give me the email on your account? Then let me know which order should be sent to a new address.',
     ['email', 'order_id'],
                 marks=pytest.mark.xfail(strict=True, reason="the learned check (round 28) adds the new address of "
                                                             "'which order … a new address'")),
    (R_ITEMS_NZ, '',
     "Thanks, Freya. Can you tell me the order number, which item you want to modify, and what you'd like it changed "
     'to?', ['item', 'new_options', 'order_id']),
    (R_STATUS_NZ, '', "Could you kindly share the order number you're asking about?", ['order_id']),
    (R_RETURN, '', "What's the email you shop with? That's the fastest way for me to pull up your orders.", ['email']),
    (R_ADDRESS_NZ, '', 'Thanks, Tariq! Could you also confirm the 5-digit ZIP on the account?', ['zip']),
    (R_NAME, '',
     'I can find you by the email on your profile, or by your name plus the postal code of your billing address - '
     "whatever's easier.", ['name', 'zip']),
    (R_PAY, 'On file I see: a Visa ending 9844 (credit card), PayPal, and a gift card.',
     'Which of those should order #W3121805 be charged to instead', ['payment_method']),
    (R_EMAIL, '',
     "Thanks, Elif. There are a few orders on your profile. Could you tell me which one you'd like cancelled - its "
     'reference starts with W and has seven digits', ['order_id']),
    (R_EMAIL, '',
     'Understood. We need a reason recorded before cancelling - is it that you **no longer need it**, or was it '
     '**ordered by mistake**', ['reason']),
    (R_STATUS, '',
     "Sure, I'll track it down. Please send:\n1. Your account email\n2. The order number if you have it (starts with "
     '#W)', ['email', 'order_id']),
    (R_ADDRESS, '',
     "Order #W3135709 hasn't shipped, so there's time. Where should it go instead - I'll need street, city, state "
     'and ZIP', ['new_address']),
    (R_PAY, '',
     'Which payment method should I put on #W3121805? Options:\n\n| Method | Detail |\n|---|---|\n| Credit card | '
     'ending 0078 |\n| PayPal | in use |', ['payment_method']),
    (R_RETURN, '',
     "Thanks, you're verified! Which purchase are you returning? If you can send the order number and the item, I'll "
     'check eligibility.', ['item', 'order_id']),
    (R_EXCH, '',
     'The Hiking Boots come in olive or brown, each in sizes 9 to 11. Which combination would you like instead',
     ['new_options']),
    (R_NAME, '',
     'Hi Aisha! Before we look at the order, please give me your full name as on the account and the postcode on '
     'file.', ['name', 'zip']),
    (R_NAME, '',
     "I just need to record why you're cancelling - whichever applies: no longer needed, or ordered by mistake.",
     ['reason']),
    (R_RETURN, '', "I'm glad to help with your return. What's the email address on your account", ['email']),
    (R_RETURN, '', 'Which order and item do you want to return', ['item', 'order_id']),
    (R_EXCH, '',
     'Which colour and size would you like the replacement boots in? They come in olive, brown or black, and sizes '
     'US 8 to US 11.', ['new_options']),
    (R_STATUS, '',
     "Sure! I'll need your shopping email and the order number if you have it. Which order are we looking at?",
     ['email', 'order_id']),
    (M_CANCEL, '',
     'Glad to help! Could you tell me the ID of your account? It begins with an A and is followed by three numbers.',
     ['account_id']),
    (M_CANCEL, '', 'To begin, all I need is the number of the account you want me to check.', ['account_id']),
    (M_PLAN, '',
     'Sure thing. Two details please:\n- the account ID\n- which plan you want (Basic or Premium)',
     ['account_id', 'plan']),
    (M_LOCK, '', 'Which plan should account A103 be on - Basic or Premium?', ['plan']),
    (M_DOWN, '',
     "Next, the plan change: could you give me your account number and tell me which plan you'd like to move to?",
     ['account_id', 'plan']),
    (M_BAL, '', 'Can you share your account number so I can look up your balance?', ['account_id']),
    (M_DOWN, '',
     "Your router is up again. For the plan change I'll need your account ID as well - send it over whenever you "
     'have it.', ['account_id']),
    (M_PLAN, '', 'Account A101 is on Basic right now. Which plan would you like instead: Basic or Premium?', ['plan']),
    (M_PLAN, '',
     'Of course! What is your account ID, and which plan would you like to upgrade to?', ['account_id', 'plan']),
    (M_PLAN, '', 'Thanks, Lee. Which plan should I move account A101 to', ['plan']),
    (M_LOCK, '', "Happy to help. What's the ID of the account you want switched over to Premium", ['account_id']),
]

ASKS_F = [  # asks beside an offer or a confirmation, elliptical follow-ups, picks among things listed, conditions
    (R_EMAIL, '',
     'I can cancel order W3125736 for you. Before I do, could you tell me the reason - no longer needed, or ordered '
     'by mistake?', ['reason']),
    (R_EMAIL, '',
     'Order W3125736 is pending, so it can be cancelled. Why are you cancelling, and shall I go ahead once you tell '
     'me?', ['reason']),
    (M_PLAN, '',
     "Premium is $20/month. Would you like me to switch you? If so, I'll need your account ID.", ['account_id']),
    (M_PLAN, '', "I can upgrade you to Premium right away - what's your account ID?", ['account_id']),
    (E_INVOICE, '',
     "I can issue the invoice for order E206019. What title should it carry? Once you tell me, I'll confirm the "
     'details before submitting.', ['invoice_title']),
    (E_DATE, '', 'Installation is available. What date works, and should I book it as soon as you pick one?', ['date']),
    (T_LINE, '',
     "Could you confirm the phone number on the account? I'd also need your date of birth.",
     ['date_of_birth', 'phone_number']),
    (R_ADDRESS, '',
     "I can update the address on order W3135709 - where should it go? I'll read it back to you before saving.",
     ['new_address']),
    (R_PAY, '',
     "Sure, I can change the payment on W3121805. What would you like it switched to? I'll confirm with you before "
     'making the change.', ['payment_method']),
    (R_EMAIL, '', 'Got it. And the order number?', ['order_id']),
    (R_EMAIL, '', 'Thanks! Next, which order is it?', ['order_id']),
    (R_NAME, '', 'Perfect, and your ZIP?', ['zip']),
    (T_LINE, '', 'Thanks, Priya. Lastly, your date of birth?', ['date_of_birth']),
    (E_IMAGES, '', 'Thank you! Now, the photo of the damage, please.', ['photo']),
    (M_PLAN, '', "Thanks! And the plan you're after?", ['plan']),
    (R_EMAIL, '',
     'I see two orders on your account: W3125736 (Backpack) and W3199999 (Desk Lamp). Which one should I cancel?',
     ['order_id']),
    (R_EMAIL, '',
     'Your account has these orders:\n- #W3125736 - pending\n- #W3199999 - delivered\n\nWhich is the one you want '
     'cancelled?', ['order_id']),
    (R_ITEMS, '',
     'Order W3125314 has:\n1. Running Shorts (navy, S)\n2. Water Bottle (blue)\n\nWhich would you like to change?',
     ['item']),
    # (products named in prose, joined by "and": the item is one of them)
    (R_ITEMS, '', 'Order W3125314 has Running Shorts and a Water Bottle. Which one do you want to exchange, and for '
                  'what?', ['item', 'new_options']),
    (E_INVOICE, '',
     'I found two orders: E206019 and E206020. Which should the invoice be for, and what name goes on it?',
     ['invoice_title', 'order_id']),
    (T_LINE, '', 'There are two lines on the account. Which number is the one with no service?', ['phone_number']),
    (R_EMAIL, '', "I wasn't able to find W3125763. Could you double-check the order number?", ['order_id']),
    (T_LINE, '', "Hmm, 206-555-0182 isn't showing up. Could you confirm the number?", ['phone_number']),
    (R_EMAIL, '', 'No account turned up for noor.rossi@inbox.example.org. Mind checking the spelling?', ['email']),
    pytest.param(E_INVOICE, '',
                 "To issue the invoice I'll need the company name exactly as registered, and the order number it's "
                 'for.', ['invoice_title', 'order_id'],
                 marks=pytest.mark.xfail(strict=True, reason="'the company name' is tied to the invoice only in a "
                                                             "purpose clause, which is left out")),
    (E_IMAGES, '',
     'To file the claim, I need two things from you: the order number and a clear photo of the damage.',
     ['order_id', 'photo']),
    (E_DATE, '',
     "To book the visit, send me the order number and the day you'd like the installer.", ['date', 'order_id']),
    (T_LINE, '',
     "I can check the line once I have the number and the account holder's name and birthday.",
     ['date_of_birth', 'full_name', 'phone_number']),
    (R_ADDRESS, '',
     "Once I have your email and the order number, I'll also need the new address you want it sent to.",
     ['email', 'new_address', 'order_id']),
    (R_ITEMS, '',
     'After you share the order number, tell me the item and the new colour/size.',
     ['item', 'new_options', 'order_id']),
    (M_PLAN, '', "Once you send your account ID and the plan you'd like, I'll set it up.", ['account_id', 'plan']),
    (R_EMAIL, '',
     'When you get a chance, reply with the email on your account and the order number, plus a quick note on why '
     "you're cancelling.", ['email', 'order_id', 'reason']),
    (R_NAME, '',
     "So I can verify you: what's your name, and what ZIP code is on the account? Also, which order is it?",
     ['name', 'order_id', 'zip']),
    (E_INVOICE, '',
     'What phone number is the account under? And which order needs the invoice?', ['order_id', 'phone_number']),
    (T_LINE, '',
     "Let's verify you first - name, date of birth, and the number of the line, please.",
     ['date_of_birth', 'full_name', 'phone_number']),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_C + ASKS_D)
def test_asks_third_batch(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


@pytest.mark.parametrize(("where", "text", "facts"), NOTHING_ASKED_C)
def test_nothing_asked_third_batch(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.misread


@pytest.mark.parametrize(("where", "previous", "text", "facts"), ASKS_E + ASKS_F)
def test_asks_fourth_batch(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    """(an identifier the agent searched for and did not find may be read as misread too: that is by design)"""
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# a fifth batch (blind): several asks in one message with asks the user cannot answer beside them, labels over bare
# names, asks without a question mark, choices put as questions, and every way of asking a mock account's ID and plan
# (12 of these 101 read wrong when written; 7 fixed, 4 dropped as ambiguous, 3 left as strict xfails)
ASKS_G = [
    (T_LINE, '',
     "Got it! I see your account, Priya. Now, could you confirm the number of the line that's affected?",
     ['phone_number']),
    (E_IMAGES, '',
     "Thanks! Two quick things: what's the order number, and do you have a photo of the damage you could upload?",
     ['order_id', 'photo']),
    (E_DATE, '',
     'Before I book this, I need the order number and your preferred date. Mornings or afternoons?',
     ['date', 'order_id']),
    (E_DATE, '',
     "What's the best phone number for your account, and which order are you asking about? If you have a screenshot "
     "of the cheaper price, please attach it too.",
     ['order_id', 'phone_number', 'screenshot']),
    (M_PLAN, '',
     "I'll look into it. Could you share your account ID? Also, are you wanting Premium or Basic?",
     ['account_id', 'plan']),
    (R_ADDRESS_NZ, '', 'Thanks, Tariq. The order is still pending. Where would you like it to go?', ['new_address']),
    (R_EMAIL, '',
     "Please confirm your email, the order in question, and the reason you'd like it cancelled.",
     ['email', 'order_id', 'reason']),
    (R_EMAIL, '', 'Sure! Just need your email first. After that, the order number, please.', ['email', 'order_id']),
    (E_INVOICE, '',
     'Can you give me your phone number? Also, the order number would be helpful.', ['order_id', 'phone_number']),
    pytest.param(R_ADDRESS, '',
     "Just to verify, what's the email on your account? And which order did you want to change the address on?",
     ['email', 'order_id'],
                 marks=pytest.mark.xfail(strict=True, reason="the learned check (round 28) adds the new address of "
                                                             "'which order … a new address'")),
    (R_PAY, '',
     "I'll need your name and ZIP to verify you, then the order number and what you want the payment switched to.",
     ['name', 'order_id', 'payment_method', 'zip']),
    (R_ITEMS, '',
     'Which order is this about, and which item in it needs exchanging? Also let me know the new size/color.',
     ['item', 'new_options', 'order_id']),
    (E_INVOICE, '',
     'Could you tell me the order number and what title you want on the invoice (personal or company name)?',
     ['invoice_title', 'order_id']),
    (E_DAMAGE, '',
     'I can help with both! For the invoice, who should it be made out to? For the damage, please send a photo.',
     ['invoice_title', 'photo']),
    (E_DATE, '',
     "For the price match, I'll need a screenshot of the lower price. And for installation, what day works for you?",
     ['date', 'screenshot']),
    (T_LINE, '',
     "Let me get you verified: full name, date of birth. Then tell me the number that isn't working.",
     ['date_of_birth', 'full_name', 'phone_number']),
    (T_LINE, '',
     "What's your birth date and full name? I'll also need the affected number.",
     ['date_of_birth', 'full_name', 'phone_number']),
    (E_IMAGES, '',
     "Thanks for your patience! I'll need a few details: the number on your account, the order ID and a photo "
     "showing the issue.",
     ['order_id', 'phone_number', 'photo']),
    (R_EMAIL, '', "What's your email, and do you know the tracking number?", ['email']),
    (E_INVOICE, '', "Could you share the order number and the item's SKU?", ['order_id']),
    (T_LINE, '', "What's the phone number on the account and the IMEI of the device?", ['phone_number']),
    (R_EMAIL, '',
     "I'd like to get your email and order number so I can look into the cancellation", ['email', 'order_id']),
    (E_INVOICE, '',
     'Kindly share the phone number and order number linked to this purchase', ['order_id', 'phone_number']),
    (M_PLAN, '', "Tell me the account ID and the plan you'd like and I'll get it sorted", ['account_id', 'plan']),
    (E_DATE, '', "Send over the date you'd like the installation and I'll lock it in", ['date']),
    (T_LINE, '', 'Let me know your full name and DOB so I can verify the account', ['date_of_birth', 'full_name']),
    (R_EMAIL, '',
     "I'm sorry to hear that! To cancel, I'll need the email on your account, the order number, and the reason for "
     "cancelling (no longer needed or ordered by mistake).",
     ['email', 'order_id', 'reason']),
    (R_NAME, '', 'No email? No problem - your full name and ZIP code will do.', ['name', 'zip']),
    (R_NAME, '',
     "If you don't have the email, the name on the account plus your billing ZIP works too", ['name', 'zip']),
    (R_EMAIL, '', 'Which email should I search under', ['email']),
    (R_EMAIL, '', 'Which email address is the account registered to', ['email']),
    (R_STATUS, '', 'Any idea what the order number is', ['order_id']),
    (R_STATUS, '', 'Do you happen to have the order number? It starts with W.', ['order_id']),
    (R_EXCH, '', 'And what size would you like the new pair in', ['new_options']),
    (R_EXCH, '', 'What color would you like them in', ['new_options']),
    (R_RETURN, '', 'Which product are you returning - the earbuds or something else?', ['item']),
    (M_PLAN, '', 'Are you thinking Premium, or would you rather stay on Basic?', ['plan']),
    (E_DATE, '', 'Would March 5 or March 6 suit you better for the install?', ['date']),
    pytest.param(R_PAY, '', 'Would you like to pay with PayPal or the card on file?', ['payment_method'],
                 marks=pytest.mark.xfail(strict=True, reason="'the card on file' is no option of the payment "
                                                             "method's, so 'PayPal or …' offers only one")),
    (R_EMAIL, '', 'Is it no longer needed, or was it ordered by mistake?', ['reason']),
    (T_LINE, '', 'Is the line having trouble 206-555-0128, or a different number?', ['phone_number']),
    (R_ADDRESS, '', 'Where should we redirect it?', ['new_address']),
    (R_ADDRESS, '', 'And the new address is…?', ['new_address']),
    (E_INVOICE, '', 'Who should the invoice be addressed to?', ['invoice_title']),
    (E_INVOICE, '', 'What name should go at the top of the invoice', ['invoice_title']),
    (M_PLAN, '', 'Would you like Premium or Basic?', ['plan']),
    (M_PLAN, '', 'Do you want Basic or Premium?', ['plan']),
    (M_PLAN, '', 'Which would you prefer: Basic ($10/mo) or Premium ($20/mo)?', ['plan']),
    (M_PLAN, '', 'We offer two plans, Basic and Premium. Which one would you like?', ['plan']),
    (M_PLAN, '',
     'We have two plans:\n- **Basic** - $10/month\n- **Premium** - $20/month\n\nWhich one suits you?', ['plan']),
    (M_PLAN, '', "Let me know whether you'd like Basic or Premium.", ['plan']),
    (M_PLAN, '', "Just say Basic or Premium and I'll make the change.", ['plan']),
    (M_PLAN, '', 'Are you after Basic or Premium?', ['plan']),
    (M_PLAN, '', 'Basic or Premium?', ['plan']),
    (M_PLAN, '', 'What plan should I put you on - Basic or Premium?', ['plan']),
    (M_PLAN, '', 'Which plan would you like me to change account A101 to?', ['plan']),
    pytest.param(M_PLAN, '', 'Which subscription should account A101 have going forward?', ['plan'],
                 marks=pytest.mark.xfail(strict=True, reason="'subscription' alone is no name of the plan")),
    (M_PLAN, '', 'Got it, you want to change plans. Which plan?', ['plan']),
    (M_PLAN, '', 'Which plan are we switching to today?', ['plan']),
    (M_PLAN, '', 'And what plan would you like?', ['plan']),
    (M_PLAN, '', "Could you tell me which plan you'd like to switch to", ['plan']),
    (M_PLAN, '', "I'll need the account ID and the plan you'd like to switch to", ['account_id', 'plan']),
    (M_PLAN, '', 'Please tell me the account ID, and whether you want Basic or Premium', ['account_id', 'plan']),
    (M_PLAN, '', "Could you give me the account ID you'd like upgraded", ['account_id']),
    (M_PLAN, '', 'What is the account number?', ['account_id']),
    (M_PLAN, '', 'Which account are we working with today?', ['account_id']),
    (M_PLAN, '', 'Which account would you like upgraded?', ['account_id']),
    (M_PLAN, '', "What's the account you want moved to Premium?", ['account_id']),
    (M_PLAN, '', 'Could you provide the account you want changed?', ['account_id']),
    (M_PLAN, '', "To make the change, I'll need to know which account it's for.", ['account_id']),
    (M_PLAN, '', "I'll need to know which account to upgrade.", ['account_id']),
    (M_PLAN, '', 'Please share the account identifier.', ['account_id']),
    (M_PLAN, '', 'Your account ID?', ['account_id']),
    (M_PLAN, '', 'Account ID, please.', ['account_id']),
    (M_PLAN, '', 'First, the account ID.', ['account_id']),
    (M_PLAN, '', "What's the ID, please?", ['account_id']),
    (M_PLAN, '', 'Please provide the ID of the account.', ['account_id']),
    (M_PLAN, '', 'Sure - what account is this for?', ['account_id']),
    (M_PLAN, '', 'Which account is the plan change for?', ['account_id']),
    (M_PLAN, '', 'Which account ID should I update?', ['account_id']),
    (M_BAL, '', 'Which account would you like the balance for?', ['account_id']),
    (M_BAL, '', 'What account should I check?', ['account_id']),
    (M_BAL, '', 'I just need the account ID to check the balance.', ['account_id']),
    (M_BAL, '', 'Please send me the account ID so I can check what you owe.', ['account_id']),
    (M_BAL, '', "For the balance I'll need your account number first.", ['account_id']),
    (M_CANCEL, '', "Which account's subscription should I cancel?", ['account_id']),
    (M_CANCEL, '', 'Could you confirm the account the subscription is on?', ['account_id']),
    (M_CANCEL, '', 'Which account should the cancellation apply to?', ['account_id']),
    (M_CANCEL, '', 'What account would you like the subscription cancelled on', ['account_id']),
    (M_CANCEL, '', 'So that I cancel the right subscription, please share your account ID.', ['account_id']),
    (M_DOWN, '', 'Which plan should account A104 move to?', ['plan']),
    (M_DOWN, '', 'Which plan would you like for account A104 - Basic or Premium?', ['plan']),
    (M_DOWN, '', "Tell me which plan to switch you to and I'll do it.", ['plan']),
    (M_DOWN, '', 'Now for the plan change: which plan do you want?', ['plan']),
    (M_LOCK, '', "What's the account ID for the locked account?", ['account_id']),
    (M_LOCK, '', "Which account is locked? I'll need the ID.", ['account_id']),
    (M_LOCK, '', "Which account can't you get into?", ['account_id']),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), ASKS_G)
def test_asks_fifth_batch(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# a sixth batch (blind): questions of what was (an earlier size, a delivery day, where a photo was taken) and of what
# others hold, confirmations that ask no fact, long markdown messages with the ask at the end, and the teams' own
# domains (17 of these 128 read wrong when written: 5 fixed, 4 dropped as ambiguous, 7 left as strict xfails)
E_TRACK = ("ecommerce", "E206433")  # phone_number, order_id
ASKS_H = [
    pytest.param(R_EMAIL, '', 'Could you give me the email of the person who sent it as a gift?', [],
                 marks=pytest.mark.xfail(strict=True, reason="a third person's email reads as the user's")),
    (R_EMAIL, '', "What's the ZIP code of the warehouse it shipped from?", []),
    pytest.param(R_EMAIL, '', 'What reason did the carrier give for the delay?', [],
                 marks=pytest.mark.xfail(strict=True, reason="the carrier's reason reads as the user's reason for "
                                                             "cancelling")),
    (E_TRACK, '', "What's the phone number of the delivery driver?", []),
    pytest.param(M_PLAN, '', 'Can you tell me the account number on your bank statement?', [],
                 marks=pytest.mark.xfail(strict=True, reason="a bank account's number reads as the account ID")),
    (E_DATE, '', 'What date did you place the order?', []),
    pytest.param(E_DATE, '', "What's the date on your receipt?", [],
                 marks=pytest.mark.xfail(strict=True, reason='a date printed on a document reads as the date to book')),
    (E_DATE, '', 'Which day did the package arrive?', []),
    (M_PLAN, '', "What's the plan code printed on your last invoice?", []),
    (M_PLAN, '', 'Which plan were you on before Basic?', []),
    pytest.param(R_EMAIL, '', 'What was your previous email address, before you changed it?', [],
                 marks=pytest.mark.xfail(strict=True, reason="'previous' does not set the email apart from the "
                                                             "user's")),
    (E_INVOICE, '', "What's the title of the product you bought?", []),
    (E_IMAGES, '', "What's the title of the listing where you saw the lower price?", []),
    pytest.param(E_IMAGES, '', 'Which phone did you take the photo with?', [],
                 marks=pytest.mark.xfail(strict=True, reason="'which phone' (the device) reads as the phone number")),
    (E_INVOICE, '', "What's the name of the store where you saw it cheaper?", []),
    (T_LINE, '', "What's the name of the Wi-Fi network you're connected to?", []),
    (T_LINE, '', "What's the date shown on your last bill?", []),
    (R_ITEMS, '', 'What colour is the pair you have now?', []),
    (R_ITEMS, '', 'What size did you originally order?', []),
    (R_ADDRESS, '', 'What was the address you originally entered?', []),
    (M_CANCEL, '', 'What email address did the renewal notice come from?', []),
    (E_IMAGES, '', 'When was the photo taken?', []),
    (E_DATE, '', "What's the date of the delivery?", []),
    (R_EMAIL, '', "What's the reason code on the refund notice?", []),
    (T_LINE, '', 'Who is your employer, if the line is a business line?', []),
    pytest.param(E_INVOICE, '', "What's your company's registered address for the invoice?", [],
                 marks=pytest.mark.xfail(strict=True, reason='an address for the invoice reads as the invoice title')),
    (R_EMAIL, '', "Could you confirm you'd like to cancel order W3125736?", []),
    (R_EMAIL, '', 'Please confirm the order number W3125736 and the reason "no longer needed" are correct.', []),
    (R_EMAIL, '',
     'Just confirming the cancellation details:\n1. Order: #W3125736\n2. Reason: no longer needed\n\nShall I proceed?',
     []),
    (R_EMAIL, '',
     "I'm ready to cancel order #W3125736 (reason: no longer needed). Can you confirm you want me to go ahead?", []),
    (R_EMAIL, '', 'Before I submit the cancellation, can you confirm the reason is that you no longer need it?', []),
    (R_EMAIL, '', 'Confirming: cancel order W3125736, reason no longer needed. OK to proceed?', []),
    (R_EMAIL, '', 'Would you like me to go ahead with cancelling order W3125736 for the reason you gave?', []),
    (R_EMAIL, '', 'To cancel order W3125736 I need your confirmation - should I go ahead?', []),
    (R_EMAIL, '', 'Please reply "yes" to confirm the cancellation of order W3125736.', []),
    (R_ADDRESS, '', 'Can you confirm the new shipping address is 836 Birch Boulevard, Brookfield, WI 33688?', []),
    (R_ADDRESS, '',
     "I'll update order W3135709 to ship to 836 Birch Boulevard, Brookfield, WI 33688. Is that the right address?", []),
    (R_ADDRESS, '', 'Shall I change the shipping address on order W3135709 to the one you gave me?', []),
    (R_ADDRESS, '',
     'Please confirm the updated address before I save it:\n\n**836 Birch Boulevard, Brookfield, WI 33688**', []),
    (R_PAY, '', "Do you want me to switch order W3121805's payment method to the credit card on file?", []),
    (R_PAY, '', 'Shall I update the payment method for order W3121805 to credit card?', []),
    (R_PAY, '', 'Can you confirm the payment for order W3121805 should now go on your credit card?', []),
    (R_ITEMS, '', "I'll exchange the Running Shorts for black, size S. Is that right?", []),
    (R_ITEMS, '', 'Please confirm you want the Running Shorts changed to black in size S.', []),
    (R_ITEMS, '',
     'To confirm the modification:\n- Item: Running Shorts\n- New options: black, S\n\nShall I go ahead?', []),
    (M_PLAN, '', 'Can you confirm you want account A101 upgraded to Premium?', []),
    (M_PLAN, '', 'Should I go ahead and switch account A101 to the Premium plan?', []),
    (M_PLAN, '', 'Please confirm: upgrade account A101 from Basic to Premium, $20/month.', []),
    (M_CANCEL, '', 'Do you want me to cancel the subscription on account A100 now?', []),
    (M_CANCEL, '', "Confirm that you'd like to cancel the subscription for A100 and I'll process it.", []),
    (E_INVOICE, '', 'Should I issue the invoice for order E206019 with the title "Harbor Print Ltd"?', []),
    (E_INVOICE, '', 'Can you confirm the invoice title should read Harbor Print Ltd?', []),
    (E_INVOICE, '',
     'Please confirm these invoice details:\n- Order: E206019\n- Title: Harbor Print Ltd\n\nReady to issue?', []),
    (E_DATE, '', 'Can I book the installation for order E205741 on March 5?', []),
    (E_DATE, '', 'Would you like me to schedule the installation for March 5, 2026?', []),
    (E_DATE, '', 'Just to confirm, the installation date is March 5 - shall I book it?', []),
    (E_IMAGES, '', "I've received your photo. Would you like me to submit the damage claim for order E204159?", []),
    (E_IMAGES, '', 'Shall I file the price protection request for order E204159 using the screenshot you sent?', []),
    (T_LINE, '', 'Can you confirm your name is Priya Raman and your date of birth is February 17, 1991?', []),
    (T_LINE, '', 'Is the phone number on the account 206-555-0128?', []),
    (T_LINE, '', "Before I reset the line 206-555-0128, please confirm you'd like me to go ahead.", []),
    (T_LINE, '', 'Shall I toggle roaming on for line 206-555-0128?', []),
    (R_EMAIL, '',
     "Thanks for reaching out, and I'm sorry you need to cancel!\n\n**Here's how this works:** orders can be "
     "cancelled while they're still pending. Refunds go back to the original payment method.\n\n**What I need from "
     "you:**\n- The email address on your account\n- The order number (starts with #W)\n- The reason for cancelling",
     ['email', 'order_id', 'reason']),
    (R_EMAIL, '',
     "## Let's get your order cancelled\n\nTo find your account, I'll need the **email address** you used to sign "
     "up. Once I've located it, I'll ask for the order number.",
     ['email']),
    (R_ADDRESS, '',
     "Good news - order #W3135709 hasn't shipped yet, so we can still change where it's going.\n\n**Please send the "
     "new address**, including:\n1. Street and number\n2. City\n3. State\n4. ZIP code",
     ['new_address']),
    (M_PLAN, '',
     "Upgrading is quick! Here's a summary of the plans:\n\n| Plan | Price |\n|---|---|\n| Basic | $10/mo |\n| "
     "Premium | $20/mo |\n\nTo proceed, please share your **account ID** and the **plan** you'd like.",
     ['account_id', 'plan']),
    (T_LINE, '',
     "I'm sorry you've lost service - let's get this fixed.\n\n### Step 1: Verify your identity\nPlease provide:\n- "
     "Your full name\n- Your date of birth\n\n### Step 2: Identify the line\nWhich phone number is affected?",
     ['date_of_birth', 'full_name', 'phone_number']),
    (E_IMAGES, '',
     "I'm sorry the item arrived damaged. Here's what happens next:\n\n1. You send a photo of the damage.\n2. I "
     "review it and set up a free return.\n\nCould you also confirm which order this was?",
     ['order_id', 'photo']),
    (E_DATE, '',
     'Installation is included free with your Dishwasher. **Available days:** any date from March 4 onward.\n\nLet '
     'me know the date that works best for you.',
     ['date']),
    (E_INVOICE, '',
     "Invoices can be issued to a person or a company. **Who should this invoice be issued to?** If it's a company, "
     "please give the full registered name.",
     ['invoice_title']),
    (R_ITEMS, '',
     'Order #W3125314 is pending, so the item can be modified. The Running Shorts come in:\n- **Colors:** black, '
     'navy, grey\n- **Sizes:** S, M, L\n\nWhich color and size would you like?',
     ['new_options']),
    (R_RETURN, '',
     'Order #W3129434 was delivered on Feb 10 and is within the 30-day window.\n\n**Items in this order:**\n- '
     'Wireless Earbuds - $89.99\n- Phone Case - $19.99\n\nWhich item would you like to return?',
     ['item']),
    (R_NAME, '',
     "No problem if you don't have your email handy.\n\n**Alternative verification:**\n- First and last name\n- ZIP "
     "code on the account\n\nJust reply with those two.",
     ['name', 'zip']),
    (R_PAY, '',
     "Here are the payment options available for order #W3121805:\n\n1. Credit card (ending 4421)\n2. PayPal\n3. "
     "Gift card\n\nReply with the number of the option you'd like.",
     ['payment_method']),
    (T_LINE, '',
     "Thanks, Priya! I've verified your identity.\n\nNext, I'll need the **phone number** of the line with no "
     "service - it should be a 10-digit number like 206-555-0100.",
     ['phone_number']),
    (M_DOWN, '',
     "Your router is back online - great!\n\nNow for the plan change. Please tell me:\n1. Your account ID\n2. The "
     "plan you'd like to move to",
     ['account_id', 'plan']),
    (E_DATE, '',
     "> Note: installations must be booked at least two days ahead.\n\nWhat date would you like for the "
     "installation, and what's the order number?",
     ['date', 'order_id']),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), ASKS_H)
def test_asks_sixth_batch(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.misread


ASKS_OWN = [
    (tf.B_DISPUTE, '',
     "I'll just need the cardholder's full name and the last four digits of the card to pull this up.",
     ['card_last_four', 'full_name']),
    (tf.B_DISPUTE, '', 'Which merchant was the charge from, and how much was it?', ['amount', 'merchant']),
    (tf.B_DISPUTE, '', 'The name on the card would be great to start with.', ['full_name']),
    (tf.B_DISPUTE, '', "You can give me the last four of the card and I'll find the transaction.", ['card_last_four']),
    (tf.B_DISPUTE, '', 'Why are you disputing it - do you not recognise it, or was it a duplicate?', ['reason']),
    (tf.B_DISPUTE, '', 'Could you tell me the merchant name as it appears on your statement', ['merchant']),
    (tf.B_DISPUTE, '', 'What amount were you charged?', ['amount']),
    (tf.C_MOVE, '', 'To find your appointment: last name and date of birth, please.', ['date_of_birth', 'last_name']),
    (tf.C_MOVE, '', 'What new date would work better for you?', ['new_date']),
    (tf.C_MOVE, '', 'Which day would you like to move the appointment to?', ['new_date']),
    (tf.C_MOVE, '', 'Could you spell your surname for me?', ['last_name']),
    (tf.C_CANCEL, '', 'May I ask why you need to cancel the appointment?', ['reason']),
    (tf.C_CANCEL, '', "I'll need your last name and DOB before I can cancel.", ['date_of_birth', 'last_name']),
    (tf.P_MOVE, '', "What's your account number? It's the 8-digit number at the top of your bill.", ['account_number']),
    (tf.P_MOVE, '', 'When are you moving out?', ['move_out_date']),
    (tf.P_MOVE, '', 'What date should we stop service at the old address?', ['move_out_date']),
    (tf.P_MOVE, '', 'Once you have your bill handy, pop the account number in here.', ['account_number']),
    (tf.P_MOVE, '', 'Your account number would let me pull up the service address.', ['account_number']),
    (tf.S_CHARGE, '', 'Which email do you log in with?', ['email']),
    (tf.S_CHARGE, '', "What's the email on your StreamCo account?", ['email']),
    (tf.G_FREEZE, '', 'How many months would you like to freeze your membership for?', ['months']),
    (tf.G_FREEZE, '', "What's the email address on your membership?", ['email']),
    (tf.G_FREEZE, '', 'And for how long - one, two or three months?', ['months']),
    (tf.G_CANCEL, '', "What's the main reason you're cancelling?", ['reason']),
    (tf.G_CLUB, '', 'Which club would you like as your new home club?', ['club']),
    (tf.G_CLUB, '', 'Which location would you like to switch to - Harbour Street, Millbrook or Station Square?',
     ['club']),
    (tf.G_CLUB, '', 'What would you like your home club changed to?', ['club']),
    (tf.RE_EXTEND, '', "What's your confirmation code? It starts with RX.", ['confirmation_code']),
    (tf.RE_EXTEND, '', 'When would you like to return the car instead?', ['return_date']),
    (tf.RE_EXTEND, '', "What's the new return date you have in mind?", ['return_date']),
    (tf.RE_EXTEND, '',
     'To find the booking, I need the confirmation code and the last name on it.', ['confirmation_code', 'last_name']),
    (tf.RE_DRIVER, '', "What's the full name of the driver you'd like to add?", ['driver_name']),
    (tf.RE_DRIVER, '', 'Could you share their licence number?', ['licence_number']),
    (tf.RE_DRIVER, '', "What's her name as it appears on her licence?", ['driver_name']),
    (tf.H_VIEW, '', "What's your booking reference?", ['booking_reference']),
    (tf.H_VIEW, '', 'Which room type would you like to switch to?', ['room_type']),
    (tf.H_BREAKFAST, '', 'How many guests will be having breakfast?', ['guests']),
    (tf.H_LATE, '', 'What time would you like to check out?', ['checkout_time']),
    (tf.H_LATE, '', 'How late would you like to stay?', ['checkout_time']),
    (tf.B_DISPUTE, '', 'Our records show a charge of $62.18 at Coastline Fuel on your card ending 4417.', []),
    (tf.B_DISPUTE, '', 'Let me know if you have any questions about the dispute process.', []),
    (tf.C_MOVE, '', 'Appointments can be moved up to 24 hours before they start.', []),
    (tf.P_MOVE, '', 'Your account number is printed at the top of every bill.', []),
    (tf.G_FREEZE, '', 'Freezes can last one, two or three months.', []),
    (tf.RE_EXTEND, '', 'Extensions are charged at the daily rate for each extra day.', []),
    (tf.H_VIEW, '', 'Sea view doubles are $40 more per night than standard rooms.', []),
    (tf.H_LATE, '', 'Checkout is normally at 11:00; late checkout is available until 14:00.', []),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), ASKS_OWN)
def test_asks_on_the_teams_own_domains(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = tf._read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.misread


# a seventh batch (blind): compact lists of facts ("Name, DOB and phone number, please", "name/ZIP") and approvals
# that need the user's word, not a fact ("I just need your confirmation to switch …", "booking March 5 now, or …")
# (5 of these 49 read wrong when written: 3 fixed, 2 dropped as ambiguous)
ASKS_I = [
    (R_NAME, '', 'Could you send your name/ZIP?', ['name', 'zip']),
    (R_NAME, '', 'Please share your name & ZIP code.', ['name', 'zip']),
    (R_NAME, '', 'Name + ZIP, please.', ['name', 'zip']),
    (R_NAME, '', 'What are your full name and zip?', ['name', 'zip']),
    (R_EMAIL, '', 'What are your email and order number?', ['email', 'order_id']),
    (R_EMAIL, '', 'Email and order #?', ['email', 'order_id']),
    (R_EMAIL, '', 'Could I have the email (and the order number, if handy)?', ['email', 'order_id']),
    (R_EMAIL, '', "What's the email - and the order number, if you have it?", ['email', 'order_id']),
    (R_EMAIL, '', 'Email on the account, order number, and reason for cancelling?', ['email', 'order_id', 'reason']),
    (T_LINE, '', 'Name, DOB and phone number, please.', ['date_of_birth', 'full_name', 'phone_number']),
    (T_LINE, '',
     'Could you verify your name and date of birth, as well as the phone number in question?',
     ['date_of_birth', 'full_name', 'phone_number']),
    (T_LINE, '',
     "May I have the line's number plus your full name and birthday?",
     ['date_of_birth', 'full_name', 'phone_number']),
    (E_INVOICE, '', 'Phone number and order ID, please?', ['order_id', 'phone_number']),
    (E_INVOICE, '', 'What are the order number and the invoice title?', ['invoice_title', 'order_id']),
    (E_INVOICE, '', 'I need the order no. and the title for the invoice.', ['invoice_title', 'order_id']),
    (E_IMAGES, '', 'Please attach both the screenshot and the photo.', ['photo', 'screenshot']),
    (E_IMAGES, '', 'Could you send a photo of the damage along with the order number?', ['order_id', 'photo']),
    (E_DATE, '', 'Which order, and which date?', ['date', 'order_id']),
    (E_DATE, '', 'Could you confirm the order ID as well as the preferred installation date?', ['date', 'order_id']),
    (M_PLAN, '', 'Account ID and desired plan?', ['account_id', 'plan']),
    (M_PLAN, '', "What's the account ID? Also, which plan?", ['account_id', 'plan']),
    (R_ITEMS, '', 'Which item, and which new color/size?', ['item', 'new_options']),
    (R_ITEMS, '', 'Item name plus the size and colour you want?', ['item', 'new_options']),
    (R_PAY, '',
     'Your name, ZIP, the order number and the new payment method, please.',
     ['name', 'order_id', 'payment_method', 'zip']),
    (R_EMAIL, '', "Let me know if you'd like me to go ahead and cancel order W3125736.", []),
    (R_EMAIL, '', "Just let me know and I'll cancel the order for you.", []),
    (R_EMAIL, '', "Which would you prefer - should I cancel order W3125736 now, or wait until you've checked?", []),
    (R_EMAIL, '', 'Would you like me to cancel it now? I just need a yes from you.', []),
    (R_EMAIL, '', 'All I need is your go-ahead to cancel order W3125736.', []),
    (R_ADDRESS, '', 'Shall I proceed with updating the shipping address to the one you provided?', []),
    (R_ADDRESS, '', "Let me know if the new address looks right and I'll save it.", []),
    (R_ADDRESS, '', 'Tell me "yes" and I\'ll update the shipping address on W3135709.', []),
    (R_PAY, '', 'I just need your confirmation to switch the payment method to PayPal.', []),
    (R_PAY, '', 'Would you like me to update the payment method now? Let me know.', []),
    (M_PLAN, '', 'All I need now is your okay to upgrade account A101 to Premium.', []),
    (M_PLAN, '', 'Ready when you are - just tell me to go ahead with the Premium upgrade.', []),
    (M_CANCEL, '', "Please let me know if you'd like me to cancel the subscription on A100.", []),
    (E_INVOICE, '', "Let me know if the invoice title is correct and I'll issue it.", []),
    (E_INVOICE, '', "Once you confirm, I'll issue the invoice to Harbor Print Ltd for order E206019.", []),
    (E_DATE, '', 'What do you think - shall I book March 5 for the installation?', []),
    (E_DATE, '', 'Which works better for you: booking March 5 now, or waiting until you check your schedule?', []),
    (T_LINE, '', 'Would you like me to go ahead and reset the network settings on your line? Let me know.', []),
    (T_LINE, '', 'I need your permission to reset the line 206-555-0128 - okay?', []),
    (R_ITEMS, '', "Does black in size S sound right for the Running Shorts? If so, I'll make the change.", []),
    (R_ITEMS, '', "Let me know if you'd like me to go ahead with the exchange of the Running Shorts.", []),
    (R_NAME, '', 'Would you like to go ahead with cancelling order W3107281? Just say the word.', []),
    (R_EMAIL, '', 'What would you like me to do - cancel order W3125736, or leave it as is?', []),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), ASKS_I)
def test_asks_seventh_batch(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# an eighth batch (blind): values read back for a check, in other formats (a birthday in words, a number with dots or
# spaces, a street abbreviated, a bulleted summary) and one character off (3 of these 54 read wrong when written: 2
# dropped as confirmations of an action rather than checks, 1 left as a strict xfail)
READ_BACKS = [
    (T_LINE, 'verified', 'Just to verify: Priya Raman, born February 17th, 1991 - is that right?',
     ['date_of_birth', 'full_name']),
    (T_LINE, 'verified', 'Can you confirm your date of birth is 02/17/1991?', ['date_of_birth']),
    (T_LINE, 'misread', 'Can you confirm your date of birth is 02/27/1991?', ['date_of_birth']),
    (T_LINE, 'verified', 'Is the affected line (206) 555-0128?', ['phone_number']),
    (T_LINE, 'verified', "Is the line you're calling about 206.555.0128?", ['phone_number']),
    (T_LINE, 'misread', "Is the line you're calling about 206.555.0182?", ['phone_number']),
    (T_LINE, 'misread', 'Just to check, is your birthday 17 February 1992?', ['date_of_birth']),
    (T_LINE, 'verified', "So that's Priya Raman, DOB 1991-02-17, on line 206-555-0128. Correct?",
     ['date_of_birth', 'full_name', 'phone_number']),
    (T_LINE, 'misread', 'I have you as Pria Raman - is that right?', ['full_name']),
    (R_EMAIL, 'verified', 'Just to confirm, your email is noor.rossi324@inbox.example.org?', ['email']),
    (R_EMAIL, 'misread', 'Just to confirm, your email is noor.rossi324@inbox.example.com?', ['email']),
    (R_EMAIL, 'misread', 'Is the order you want cancelled #W3125376?', ['order_id']),
    (R_NAME, 'verified', 'Can you confirm the ZIP on the account is 70365?', ['zip']),
    (R_NAME, 'misread', 'Can you confirm the ZIP on the account is 70356?', ['zip']),
    (R_NAME, 'verified', 'I have your name as Aisha Kovacs - is that correct?', ['name']),
    (R_NAME, 'misread', 'I have your name as Aisha Kovaks - is that correct?', ['name']),
    (R_ADDRESS, 'verified', 'So the new address is 836 Birch Blvd, Brookfield, WI 33688 - did I get that right?',
     ['new_address']),
    (R_ADDRESS, 'misread', 'So the new address is 836 Birch Blvd, Brookfield, WI 33668 - did I get that right?',
     ['new_address']),
    (R_ADDRESS, 'misread', 'Just to double-check, you want it shipped to 836 Birch Boulevard, Bloomfield, WI 33688?',
     ['new_address']),
    pytest.param(R_PAY, 'misread', "So you'd like to pay with PayPal instead - correct?", ['payment_method'],
                 marks=pytest.mark.xfail(strict=True, reason='the payment method has no options in the schema, so '
                                                             'another one stated is no misread')),
    (R_ITEMS, 'verified', 'So: black, size S for the Running Shorts. Is that right?', ['item', 'new_options']),
    (R_ITEMS, 'misread', 'So: black, size L for the Running Shorts. Is that right?', ['new_options']),
    (M_PLAN, 'verified', 'Just to check, the account ID is A101?', ['account_id']),
    (M_PLAN, 'misread', 'Just to check, the account ID is A110?', ['account_id']),
    (M_PLAN, 'misread', "You'd like to move to Basic, correct?", ['plan']),
    (E_INVOICE, 'verified', 'Is the title "Harbor Print Ltd" exactly as you\'d like it on the invoice?',
     ['invoice_title']),
    (E_INVOICE, 'misread', 'Is the title "Harbour Print Ltd" exactly as you\'d like it on the invoice?',
     ['invoice_title']),
    (E_INVOICE, 'verified', 'The phone number is 272-555-7588, right?', ['phone_number']),
    (E_INVOICE, 'misread', 'The phone number is 272-555-7858, right?', ['phone_number']),
    (E_DATE, 'verified', 'So the installation should be on Thursday, March 5th - have I got that right?', ['date']),
    (E_DATE, 'misread', 'So the installation should be on Friday, March 6th - have I got that right?', ['date']),
    (E_DATE, 'verified', "Is 5 March the date you'd like for the installation?", ['date']),
    (T_LINE, 'verified', 'Thanks! Just to make sure I have the right account: Priya Raman, born 17 Feb 1991?',
     ['date_of_birth', 'full_name']),
    (T_LINE, 'verified', 'I see line 206-555-0128 is registered to Priya Raman. Is that you?',
     ['full_name', 'phone_number']),
    (T_LINE, 'verified', 'And your date of birth is the 17th of February, 1991?', ['date_of_birth']),
    (T_LINE, 'verified', 'Your birthday: Feb. 17, 1991 - correct?', ['date_of_birth']),
    (T_LINE, 'verified', 'Could you confirm the number is 206 555 0128?', ['phone_number']),
    (T_LINE, 'verified', 'Could you confirm the number is 2065550128?', ['phone_number']),
    (T_LINE, 'verified', 'Can you confirm that your full name is Priya Raman?', ['full_name']),
    (T_LINE, 'verified', 'Please confirm: name Priya Raman, date of birth 17/02/1991.', ['date_of_birth', 'full_name']),
    (T_LINE, 'verified', "To double-check the details I have:\n- Name: Priya Raman\n- DOB: February 17, 1991\n"
                         "- Line: 206-555-0128\n\nIs everything correct?",
     ['date_of_birth', 'full_name', 'phone_number']),
    (T_LINE, 'misread', "To double-check the details I have:\n- Name: Priya Raman\n- DOB: February 17, 1991\n"
                        "- Line: 206-555-0123\n\nIs everything correct?",
     ['phone_number']),
    (T_LINE, 'verified', 'Is +1 206-555-0128 the number with no signal?', ['phone_number']),
    (T_LINE, 'verified', 'Did I get your name right - Priya Raman?', ['full_name']),
    (T_MMS, 'verified', "Just to confirm, you're Maria Lopez, born July 9, 1984?", ['date_of_birth', 'full_name']),
    (T_MMS, 'misread', "Just to confirm, you're Maria Lopez, born July 19, 1984?", ['date_of_birth']),
    (T_MMS, 'verified', 'Is your number 312-555-0147?', ['phone_number']),
    (R_EMAIL, 'verified', 'Let me make sure I have it right: noor.rossi324@inbox.example.org?', ['email']),
    (R_NAME, 'verified', "So that's Aisha Kovacs, ZIP 70365 - correct?", ['name', 'zip']),
    (R_NAME, 'misread', "So that's Aisha Kovacs, ZIP 70356 - correct?", ['zip']),
    (E_INVOICE, 'verified', 'Please confirm the number on your account: 272-555-7588.', ['phone_number']),
    (M_PLAN, 'verified', 'Your account ID is A101 - is that right?', ['account_id']),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS)
def test_values_read_back(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.asked


# a ninth batch (blind): information and advice that name the user's facts — what to have ready for a call, what to
# write on a return slip, what to pick in the app (3 of these 21 read wrong when written; all 3 fixed)
NOTHING_ASKED_D = [
    (R_EMAIL, '', "You'll need your order number if you contact the carrier directly.", []),
    (R_EMAIL, '', 'You can find your order number in the confirmation email we sent when you ordered.', []),
    (T_LINE, '', 'You may be asked for your date of birth again if you call back.', []),
    (E_INVOICE, '', "We'll send the invoice to the email on file once it's issued.", []),
    (R_NAME, '', 'Make sure the ZIP code on your account matches your billing address to avoid payment issues.', []),
    (R_ADDRESS, '', 'If you change your address again, just reach out before the order ships.', []),
    (R_EMAIL, '', "Note that the reason you choose doesn't affect your refund.", []),
    (M_PLAN, '', 'Your account ID will appear on every invoice going forward.', []),
    (E_DATE, '', 'Please note the installer will call the phone number on your account the day before.', []),
    (E_IMAGES, '', 'For future claims, photos taken at delivery are the most helpful.', []),
    (T_LINE, '', 'The name on the account must match your ID if you visit a store.', []),
    (R_PAY, '', 'Your new payment method will be charged when the order ships.', []),
    (R_ITEMS, '', 'The new size and color will be reflected on your order confirmation.', []),
    (E_INVOICE, '',
     "The invoice title can't be changed once the invoice is issued, so please double-check before confirming.", []),
    (R_EMAIL, '', "Once cancelled, you'll get an email at the address on your account.", []),
    (M_CANCEL, '', 'Please keep your account ID for your records.', []),
    (T_LINE, '', 'Please have your phone number and date of birth ready if you call our support line.', []),
    (R_STATUS, '', 'Please allow 24 hours for the order number to appear in your account.', []),
    (E_DATE, '', 'Please choose a date at least two days out when you book through the app.', []),
    (R_RETURN, '', 'Please include the order number on the return slip inside the box.', []),
    (R_EXCH, '', "Please don't send the old pair back until you receive the label.", []),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), NOTHING_ASKED_D)
def test_advice_for_another_time_asks_nothing(where: tuple[str, str], previous: str, text: str,
                                              facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# a tenth batch (blind): lists that inform — what the agent checked, what is on offer, steps the user takes with a fact
# ("1. Log in with your email") (5 of these 15 read wrong when written: 3 fixed, 2 dropped as ambiguous: "Here's how
# address changes work: 1. You give me the new address", "To keep your account secure we check: - the name …")
NOTHING_ASKED_E = [
    (R_EMAIL, '',
     "Here's what happens next:\n1. I verify your account with your email.\n2. I cancel the order.\n3. You get a "
     "refund within 5-7 days.", []),
    (R_EMAIL, '', 'Your options are:\n1. Keep the order as is\n2. Cancel it\n3. Change the shipping address', []),
    (R_EMAIL, '',
     'Steps to find it yourself:\n1. Log in with your email\n2. Go to Orders\n3. Look for the order number at the '
     'top', []),
    (M_PLAN, '', 'We offer:\n- Basic ($10/month)\n- Premium ($20/month)', []),
    (R_PAY, '', 'Payment methods we accept:\n1. Credit card\n2. PayPal\n3. Gift card', []),
    (R_NAME, '', 'Reasons we can record for a cancellation:\n- No longer needed\n- Ordered by mistake', []),
    (E_DATE, '', 'Available installation dates:\n1. March 4\n2. March 5\n3. March 6', []),
    (E_DATE, '', 'Installation is available on March 4, 5 or 6.', []),
    (R_ITEMS, '', 'The shorts come in black, navy or grey, and in sizes S, M or L.', []),
    (T_LINE, '',
     "Here's what I checked:\n1. Your name and date of birth match the account.\n2. Line 206-555-0128 is "
     "active.\n3. No outages in your area.", []),
    (E_IMAGES, '',
     'What we need for damage claims (for future reference):\n- a photo of the item\n- the order number', []),
    (M_PLAN, '', '1. Basic: $10/month, standard speed\n2. Premium: $20/month, faster speeds and priority support', []),
    (E_INVOICE, '', "Invoices can be issued:\n- in your own name, or\n- in a company's registered name", []),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), NOTHING_ASKED_E)
def test_lists_that_inform_ask_nothing(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# an eleventh batch (blind): pronouns that point back — at a fact named in a statement just before, or at what the
# agent's message before asked or listed ("Sorry, I didn't catch that - could you type it again?", "Could you send
# both?", "Which one would you like?") (9 of these 20 read wrong when written: 7 fixed, 2 left as strict xfails)
PRONOUNS_BACK = [
    (R_EMAIL, '',
     'Could you check your confirmation email for the order number? Once you have it, send it my way.', ['order_id']),
    (R_EMAIL, '', 'Find your order number in your confirmation email, then paste it here.', ['order_id']),
    (R_EMAIL, '', 'Your order number is in the confirmation email. Once you find it, pop it in here.', ['order_id']),
    (R_EMAIL, "You'll find the order number at the top of your receipt.",
     "Once you've found it, just send it over.", ['order_id']),
    (R_EMAIL, "What's the email on your account?", "Sorry, I didn't catch that - could you type it again?", ['email']),
    (T_LINE, 'Could you tell me the number of the affected line?',
     "Thanks! And could you double-check it? I'm not seeing a match.", ['phone_number']),
    (E_INVOICE, 'What title would you like on the invoice?',
     'Got it - could you spell that out exactly as it should appear?', ['invoice_title']),
    (M_PLAN, 'The account ID is on your welcome email; it starts with A.',
     'When you have it, reply with it here.', ['account_id']),
    (E_IMAGES, 'A photo of the damage would help me file the claim.',
     "Whenever you're ready, upload it here.", ['photo']),
    (R_NAME, 'I can also find you with your name and ZIP code.', 'Could you send both?', ['name', 'zip']),
    (R_NAME, '', 'I can also find you with your name and ZIP code. Could you send both?', ['name', 'zip']),
    (R_NAME, '',
     "If you don't have your email, I can use your full name and ZIP instead. What are they?", ['name', 'zip']),
    (E_DATE, 'Installation can be booked any day from March 4.', 'Which one works for you?', ['date']),
    pytest.param(R_ITEMS, 'The shorts come in black, navy and grey, in S, M or L.',
                 'Which would you like?', ['new_options'],
                 marks=pytest.mark.xfail(strict=True, reason='the sizes and colours listed in the message before are '
                                                             'no options of the new options')),
    # (the methods listed in the message before, the user's among them)
    (R_PAY, 'You have PayPal, a gift card and a credit card on file.', 'Which should I use?', ['payment_method']),
    (T_LINE, "To verify you I'll need your full name and date of birth.",
     'Please send them when ready.', ['date_of_birth', 'full_name']),
    (M_DOWN, 'You can switch to Basic or Premium.', 'Which one would you like?', ['plan']),
    (R_EMAIL, "I wasn't able to find that order number.", 'Could you check it and try again?', ['order_id']),
    (R_EMAIL, 'I need the reason for cancelling.', 'Mind sharing it?', ['reason']),
    (E_INVOICE, '', 'The phone number on your account lets me find the order. Can you share that?', ['phone_number']),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), PRONOUNS_BACK)
def test_pronouns_point_back(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# a twelfth batch (blind): follow-ups to the agent's own ask before — a hint at the format, what is still missing,
# a pick among what it listed (7 of these 16 read wrong when written: 3 fixed, 4 left as strict xfails)
FOLLOW_UPS = [
    (R_EMAIL, 'I see two orders: #W3125736 (pending) and #W3199999 (delivered).',
     'Which of those is it?', ['order_id']),
    (R_EMAIL, "What's the order number?", 'It should start with a W and have seven digits.', ['order_id']),
    (R_NAME, 'Could you tell me your name and ZIP?', 'Thanks! Just the ZIP is missing now.', ['zip']),
    (R_ADDRESS, 'Please share the new address.', 'Including the ZIP code, please.', ['new_address']),
    (R_EMAIL, "What's the email on your account?",
     "Hmm, that doesn't look like a complete email address - could you check it?", ['email']),
    (T_LINE, "What's the number of the affected line?",
     'That one only has nine digits. Could you resend it?', ['phone_number']),
    (E_DATE, 'What date would you like for the installation?',
     'That day is fully booked, unfortunately. Is there another day that works?', ['date']),
    (R_EMAIL, 'Here are your recent orders: #W3125736 and #W3199999.', 'Let me know which one.', ['order_id']),
    (M_PLAN, 'Which plan would you like?', 'Basic or Premium?', ['plan']),
    (M_PLAN, "What's your account ID?", "It's the one starting with A in your welcome email.", ['account_id']),
    pytest.param(E_IMAGES, 'Could you upload a photo of the damage?',
                 "The image didn't come through - could you try attaching it again?", ['photo'],
                 marks=pytest.mark.xfail(strict=True, reason="'the image' fits the photo and the screenshot; the ask "
                                                             "before (a photo) does not break the tie")),
    pytest.param(R_ITEMS, 'Which item would you like to change?', 'The shorts or the water bottle?', ['item'],
                 marks=pytest.mark.xfail(strict=True, reason='products put as alternatives in prose are no options '
                                                             'of the item')),
    (T_LINE, 'Can I have your full name and date of birth?',
     'Thanks, Priya. And the date of birth?', ['date_of_birth']),
    pytest.param(E_INVOICE, 'What title should the invoice carry?',
                 'Is that a personal name or a company? If a company, please give the exact registered name.',
                 ['invoice_title'],
                 marks=pytest.mark.xfail(strict=True, reason="'the exact registered name' in a conditional follow-up "
                                                             "is not tied back to the invoice")),
    pytest.param(R_EMAIL, 'Could you share the email on your account?', 'No rush - whenever you find it.', ['email'],
                 marks=pytest.mark.xfail(strict=True, reason="an elliptical 'whenever you find it' is no ask")),
    (R_PAY, 'Which payment method would you like instead?', 'PayPal, gift card, or credit card?', ['payment_method']),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), FOLLOW_UPS)
def test_follow_ups_to_the_ask_before(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts


# a thirteenth batch (blind): re-asks after the agent's own ask ("Could you pick another?", "Could you confirm
# both?", "Sorry, could you clarify which one you meant?") (6 of these 13 read wrong when written: 3 fixed, 1 dropped
# as a check rather than an ask, 2 left as strict xfails)
RE_ASKS = [
    (R_EMAIL, 'Could you provide your email address?',
     "Thanks! Unfortunately I can't find an account with that email. Could you double-check it?", ['email']),
    (R_NAME, 'Could you give me your full name and ZIP code?',
     'I found no match for that combination. Could you confirm both?', ['name', 'zip']),
    (E_DATE, 'What date would you like for the installation?',
     "We don't have availability then. Could you pick another?", ['date']),
    (E_INVOICE, 'What title should go on the invoice?', 'Could you spell it out for me exactly?', ['invoice_title']),
    (E_IMAGES, 'Please upload a photo of the damage.', "I haven't received it yet - could you try again?", ['photo']),
    (M_PLAN, 'Which plan would you like?', 'Sorry, could you clarify which one you meant?', ['plan']),
    pytest.param(R_ADDRESS, "What's the new address?",
                 'Could you also add the apartment number to it?', ['new_address'],
                 marks=pytest.mark.xfail(strict=True, reason='an apartment number alone is no name of the new '
                                                             'address')),
    (R_EMAIL, "What's the order number?", 'Sorry, could you send that once more? It got cut off.', ['order_id']),
    (M_CANCEL, "What's your account ID?",
     "That ID doesn't look right - could you check the welcome email and send it again?", ['account_id']),
    (R_PAY, 'Which payment method should I switch to?', 'Could you pick one of those for me?', ['payment_method']),
    (T_LINE, 'Could you share your date of birth?',
     'I think there may be a typo - could you re-enter it?', ['date_of_birth']),
    pytest.param(R_ITEMS, 'What size and color would you like instead?',
                 'Could you tell me again? I want to make sure I get it right.', ['new_options'],
                 marks=pytest.mark.xfail(strict=True, reason="'tell me again' is not read as a request to repeat")),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), RE_ASKS)
def test_re_asks_after_the_ask_before(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts
