"""Probes of the facts an agent asks the user for, a further blind round (issue 20): agent messages written for
this test in the ways today's frontier support agents ask — polite and indirect asks with no question mark ("I'll
just need the email on the account to pull this up"), facts named by what they are or look like ("the code that
starts with a W"), pronouns that point back at a fact the sentence before named ("… could you send it over?"),
alternatives ("either X or Y"), lists — and hard negatives: facts named in confirmations, in information, in asks
the user cannot answer, and in hand-offs, none of which ask for the user's facts.
"""

from __future__ import annotations

import pytest

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
    (M_PLAN, "What level of service would you like going forward?", ["plan"]),
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
