"""Probes of the facts an agent asks the user for (issue 20, round 3): fresh agent messages written for this test —
not taken from the understanding corpus — in the ways GPT-, Claude- and Gemini-class support agents ask, across the
domains that have user facts (mock, retail, e-commerce, telecom): descriptive asks ("the number printed on your
receipt"), asks by purpose ("so I can look you up"), conditionals, lists and markdown, several asks at once,
pronouns — and hard negatives that use the same words without asking anything, or ask for what the user cannot know.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain, load_domain_folder
from pytest_mmtau.understanding import Reading, read, vocabulary

# (domain, task id prefix): the facts each task's user has
R_EMAIL = ("retail", "cancel/email/ok")  # email, order_id, reason
R_NAME = ("retail", "cancel/name_zip/ok")  # name, zip, order_id, reason
R_ADDRESS = ("retail", "address/email/ok")  # email, order_id, new_address
R_PAY = ("retail", "payment/name_zip/ok")  # name, zip, order_id, payment_method
R_ITEMS = ("retail", "items/email/ok")  # email, order_id, item, new_options
E_INVOICE = ("ecommerce", "E206019")  # phone_number, order_id, invoice_title
E_IMAGES = ("ecommerce", "E204159")  # phone_number, order_id, screenshot, photo
E_DATE = ("ecommerce", "E205741")  # phone_number, order_id, date, screenshot
T_LINE = ("telecom", "[service_issue]airplane_mode_on")  # phone_number, full_name, date_of_birth
M_PLAN = ("mock", "upgrade_plan")  # account_id, plan


# the teams' own domains (tests/data): what a cardholder, a patient, an electricity customer, a subscriber knows
B_DISPUTE = ("bank", "dispute_fuel")  # full_name, card_last_four, merchant, amount, reason
C_MOVE = ("clinic", "reschedule")  # last_name, date_of_birth, new_date
C_CANCEL = ("clinic", "cancel")  # last_name, date_of_birth, reason
P_MOVE = ("power", "move_out")  # account_number, move_out_date
S_CHARGE = ("streamco", "triple_charge")  # email
M_CANCEL = ("mock", "cancel_subscription")  # account_id
R_ITEMS2 = ("retail", "items/name_zip/ok")  # name, zip, order_id, item (Desk Lamp), new_options
_OWN = frozenset({"bank", "clinic", "power", "streamco"})


@functools.cache
def _domain(name: str) -> Domain:
    if name in _OWN:
        return load_domain_folder(Path(__file__).parent / "data" / name)
    return DomainRegistry().get(name)


def _read(where: tuple[str, str], text: str, previous: str = "") -> Reading:
    domain, prefix = where
    task = next(t for t in _domain(domain).tasks if t.id.startswith(prefix))
    words = vocabulary(task, _domain(domain).tool_infos)
    before = read(previous, words) if previous else None
    return read(text, words, previous=previous, previous_asked=before.asked if before else ())


ASKS = [
    # by name, synonym or description
    (R_EMAIL, "Before we go any further, what email did you use when you signed up with us?", ["email"]),
    (R_EMAIL, "Which inbox do our order confirmations go to? That's the address I'll search under.", ["email"]),
    (R_EMAIL, "To locate your purchase, I'll need the number printed on your order confirmation - it begins with a W.",
     ["order_id"]),
    (R_EMAIL, "If you have the order number handy, go ahead and share it.", ["order_id"]),
    (R_EMAIL, "Mind letting me know why you'd like to cancel?", ["reason"]),
    (R_EMAIL, "What made you decide to cancel this order?", ["reason"]),
    (R_EMAIL, "Here's what I need from you:\n\n- **Email** on the account\n- **Order #** (starts with W)",
     ["email", "order_id"]),
    (R_EMAIL, "Do you happen to know your order ID? It'd be a W followed by seven digits.", ["order_id"]),
    (R_EMAIL, "Drop me the e-mail you use to log in and I'll take it from there.", ["email"]),
    (R_EMAIL, "Which of your orders is this regarding?", ["order_id"]),
    (R_EMAIL, "Could you walk me through which purchase this is about? The reference is in your confirmation email.",
     ["order_id"]),
    (R_EMAIL, "What's the reason for the cancellation - for example, no longer needed or ordered by mistake?",
     ["reason"]),
    (R_EMAIL, "You won't need the order number yet - just the email on the account will do.", ["email"]),
    (R_NAME, "No worries if you don't have your email on hand - your first and last name plus the ZIP code on file "
             "will work just as well.", ["name", "zip"]),
    (R_NAME, "So I can look you up, could I get the name on the account and the postal code of your billing address?",
     ["name", "zip"]),
    (R_NAME, "Please spell out your full name, and the five-digit ZIP tied to the account", ["name", "zip"]),
    (R_NAME, "Sorry, I didn't quite catch the ZIP - could you repeat it?", ["zip"]),
    (R_NAME, "And the postcode?", ["zip"]),
    (R_NAME, "Whose name is the account registered under?", ["name"]),
    (R_NAME, "To verify your identity, I'll just need two details from you.\n1. First and last name\n2. Zip",
     ["name", "zip"]),
    (R_ADDRESS, "Where would you like the package shipped instead?", ["new_address"]),
    (R_ADDRESS, "What's the full street address, city, state and ZIP you want us to use going forward?",
     ["new_address"]),
    (R_ADDRESS, "What should the new delivery address be?", ["new_address"]),
    (R_PAY, "Which payment method should we charge instead - a gift card, PayPal, or the credit card on file?",
     ["payment_method"]),
    (R_PAY, "How would you prefer to pay for this order going forward?", ["payment_method"]),
    (R_ITEMS, "Got it. Which of the items in that order are you looking to swap?", ["item"]),
    (R_ITEMS, "What size and color would you like instead?", ["new_options"]),
    (E_INVOICE, "What's the mobile number linked to your Brightcart account?", ["phone_number"]),
    (E_INVOICE, "Can you send me the order number? It should start with an E.", ["order_id"]),
    (E_INVOICE, "Who should the invoice be issued to - a person or a company name?", ["invoice_title"]),
    (E_INVOICE, "What name or business would you like printed at the top of the invoice?", ["invoice_title"]),
    (E_INVOICE, "To pull up your account I just need the phone number you shop with.", ["phone_number"]),
    (E_INVOICE, "Great - and the best number to reach you at?", ["phone_number"]),
    (E_IMAGES, "Could you upload a photo showing the damage?", ["photo"]),
    (E_IMAGES, "Please attach a screenshot of the lower price you found.", ["screenshot"]),
    (E_IMAGES, "Could you send over the picture you took of the broken item, and the order number?",
     ["order_id", "photo"]),
    (E_IMAGES, "To get the damaged item replaced, I'll need a photo of it - and please tell me which order it came "
               "from.", ["order_id", "photo"]),
    (E_DATE, "What day works best for the technician to come install it?", ["date"]),
    (E_DATE, "Which date should I book the installation for?", ["date"]),
    (E_DATE, "Which day in March suits you for the installation visit?", ["date"]),
    (T_LINE, "Can I get the number of the line that's having trouble?", ["phone_number"]),
    (T_LINE, "For security, please confirm your full name and date of birth.", ["date_of_birth", "full_name"]),
    (T_LINE, "When were you born?", ["date_of_birth"]),
    (T_LINE, "Who is the account holder, and what's their birthday?", ["date_of_birth", "full_name"]),
    (T_LINE, "What cell number are you calling about?", ["phone_number"]),
    (T_LINE, "Which phone number is the affected one? Please include the area code.", ["phone_number"]),
    (T_LINE, "Next up: your date of birth (MM/DD/YYYY).", ["date_of_birth"]),
    (T_LINE, "I'll need three things:\n1. Name on the account\n2. Birth date\n3. The phone number in question",
     ["date_of_birth", "full_name", "phone_number"]),
    (M_PLAN, "What's your account ID? It's in your welcome email and starts with A.", ["account_id"]),
    (M_PLAN, "Which plan would you like to move to - Basic or Premium?", ["plan"]),
    (M_PLAN, "Could you share the account number so I can pull it up?", ["account_id"]),
    (M_PLAN, "What plan are you hoping to switch to?", ["plan"]),
    (R_EMAIL, "I just need one thing to get started: the email tied to your profile.", ["email"]),
    (R_EMAIL, "Let's start with the basics. What e-mail do you have on file with us?", ["email"]),
    (R_EMAIL, "Could you confirm the email address associated with your order so I can locate it?", ["email"]),
    (R_EMAIL, "Can you tell me the order's confirmation number?", ["order_id"]),
    (R_EMAIL, "Got it! Now, which order would you like canceled? If you're not sure, I can list your recent ones.",
     ["order_id"]),
    (R_EMAIL, "**Step 1 - Identify you.** Please reply with the email address on your account.", ["email"]),
    (R_EMAIL, "What's the order ID? You'll find it in the subject line of the confirmation email we sent.",
     ["order_id"]),
    (R_EMAIL, "Could you give me a quick reason for the cancellation? This helps us improve.", ["reason"]),
    (R_EMAIL, "Is the cancellation because you no longer need it, or was it ordered by mistake?", ["reason"]),
    (R_NAME, "What name is on the account, and what zip code is it registered to?", ["name", "zip"]),
    (R_NAME, "Please share: your first name, last name, and ZIP.", ["name", "zip"]),
    (R_NAME, "May I have your full name? And which ZIP code do we have on file for you?", ["name", "zip"]),
    (R_ADDRESS, "Please send me the new address you'd like the order to go to, including the apartment number if any.",
     ["new_address"]),
    (R_ADDRESS, "Where should we redirect the shipment?", ["new_address"]),
    (R_ADDRESS, "What's the complete address it should go to instead?", ["new_address"]),
    (R_ITEMS, "Which product from the order do you want to exchange?", ["item"]),
    (R_ITEMS, "What options would you like for the replacement (e.g., color, size)?", ["new_options"]),
    (E_INVOICE, "What title should appear on the invoice?", ["invoice_title"]),
    (E_INVOICE, "Could you provide the phone number registered with your Brightcart account? That's how I'll find "
                "your orders.", ["phone_number"]),
    (E_INVOICE, "What company name should we put on the invoice?", ["invoice_title"]),
    (E_INVOICE, "Who's the invoice for?", ["invoice_title"]),
    (E_IMAGES, "Do you have a screenshot showing the cheaper price? If so, please send it over.", ["screenshot"]),
    (E_IMAGES, "Would you be able to snap a picture of the damage and share it with me?", ["photo"]),
    (E_IMAGES, "Please share an image that shows the competitor's lower price.", ["screenshot"]),
    (E_IMAGES, "Please share an image of the cracked screen so I can file the return.", ["photo"]),
    (E_DATE, "When would you like us to schedule the installation?", ["date"]),
    (E_DATE, "What date should the technician come out?", ["date"]),
    (T_LINE, "What's the phone number on the account you're calling about?", ["phone_number"]),
    (T_LINE, "To pull up your account, I'll need your full name along with your date of birth.",
     ["date_of_birth", "full_name"]),
    (T_LINE, "Could I get the name the account is under?", ["full_name"]),
    (T_LINE, "What's your DOB?", ["date_of_birth"]),
    (T_LINE, "Can you share the 10-digit number of the affected line?", ["phone_number"]),
    (T_LINE, "If you don't have the number handy, your full name and birthday work too.",
     ["date_of_birth", "full_name"]),
    (M_PLAN, "Which tier are you interested in?", ["plan"]),
    (M_PLAN, "What's the ID on your account? It's the A followed by three digits.", ["account_id"]),
    (R_EMAIL, "Can you point me to the order in question? The ID is on your receipt.", ["order_id"]),
    (R_EMAIL, "Which e-mail is the account under, and which order are we talking about?", ["email", "order_id"]),
    (R_EMAIL, "Please reply with your email address; once I've located your account I'll ask about the order.",
     ["email"]),
    (R_EMAIL, "Could I trouble you for the email you shop with?", ["email"]),
    (R_EMAIL, "What's the W-number of the order you want cancelled?", ["order_id"]),
    (R_NAME, "I'll need your first and last name as well as the zip code where you receive your orders.",
     ["name", "zip"]),
    (R_NAME, "Could you give me your name exactly as it appears on the account?", ["name"]),
    (R_NAME, "And what five-digit zip is associated with your billing address?", ["zip"]),
    (R_ADDRESS, "What address should I update the shipment to? Please include street, city, state, and zip.",
     ["new_address"]),
    (R_ADDRESS, "Where do you want this order delivered now?", ["new_address"]),
    (R_PAY, "Would you like to pay with PayPal, a gift card, or a credit card?", ["payment_method"]),
    (R_PAY, "What would you like to switch the payment to?", ["payment_method"]),
    (R_ITEMS, "Which item needs swapping, and what color and size do you want instead?", ["item", "new_options"]),
    (E_INVOICE, "Under what name should the invoice be issued?", ["invoice_title"]),
    (E_INVOICE, "Which phone number do you have registered with us?", ["phone_number"]),
    (E_INVOICE, "I'll just need the number on your account to find the order.", ["phone_number"]),
    (E_IMAGES, "Could you share the image ID of the screenshot showing the lower price?", ["screenshot"]),
    (E_DATE, "Is there a particular day you'd like the installer to come by?", ["date"]),
    (T_LINE, "Could you confirm the phone number for the line you need help with?", ["phone_number"]),
    (T_LINE, "To verify you're the account holder, what's your date of birth?", ["date_of_birth"]),
    (T_LINE, "I'll need to verify your identity. Please provide your full name and date of birth, or the phone "
             "number on the account.", ["date_of_birth", "full_name", "phone_number"]),
]


# a third round of probes, written after the first fixes (7 of these 51 were read wrong before the rules below them)
ASKS += [
    (R_EMAIL, "What's the number on the order confirmation we emailed you?", ["order_id"]),
    (R_EMAIL, "Could you read me the code at the top of your receipt? It looks like W followed by digits.",
     ["order_id"]),
    (R_EMAIL, "Where do you usually receive emails from us?", ["email"]),
    (R_EMAIL, "What's the best email to find your profile with?", ["email"]),
    (R_EMAIL, "Is there an email address I can look you up by?", ["email"]),
    (R_EMAIL, "To get started, can you share:\n\n1) the email you signed up with\n2) your order number",
     ["email", "order_id"]),
    (R_EMAIL, "Do you have the order number on hand? If so, please pass it along.", ["order_id"]),
    (R_EMAIL, "And which order is it - do you have the number?", ["order_id"]),
    (R_EMAIL, "Before I cancel, may I ask what's prompting the cancellation?", ["reason"]),
    (R_EMAIL, "Could you let me know the reason - no longer needed, or ordered by mistake?", ["reason"]),
    (R_EMAIL, "I'll need to look up your account first. What email is it registered under?", ["email"]),
    (R_EMAIL, "Please share the email address we have on record for you.", ["email"]),
    (R_EMAIL, "Which order ID should I cancel?", ["order_id"]),
    (R_EMAIL, "Can you let me know the order you're referring to?", ["order_id"]),
    (R_EMAIL, "What address do we send your order updates to?", ["email"]),
    (R_NAME, "Could you please provide your full name and zip code for verification?", ["name", "zip"]),
    (R_NAME, "What's your first and last name?", ["name"]),
    (R_NAME, "What zip code is on the account?", ["zip"]),
    (R_NAME, "I can also find you by name - just send your full name and ZIP.", ["name", "zip"]),
    (R_NAME, "Which postal code should I search under?", ["zip"]),
    (R_NAME, "Who am I chatting with today?", ["name"]),
    (R_NAME, "May I have your name, please?", ["name"]),
    (R_ADDRESS, "Please provide the full new shipping address (street, city, state, ZIP).", ["new_address"]),
    (R_ADDRESS, "What's the address you'd like it to ship to?", ["new_address"]),
    (R_ADDRESS, "Where should I have it sent?", ["new_address"]),
    (R_PAY, "Which of your saved payment methods would you like to use?", ["payment_method"]),
    pytest.param(R_PAY, "What should we charge instead?", ["payment_method"],
                 marks=pytest.mark.xfail(strict=True, reason="a payment method asked by the verb 'charge' alone")),
    (R_ITEMS, "Which product is it you'd like to exchange?", ["item"]),
    (R_ITEMS, "What would you like to exchange it for?", ["new_options"]),
    (R_ITEMS, "Please tell me which item and the new color/size you'd prefer.", ["item", "new_options"]),
    (E_INVOICE, "What number are you calling from?", ["phone_number"]),
    (E_INVOICE, "Could you provide the phone number associated with your account?", ["phone_number"]),
    (E_INVOICE, "Who should I make the invoice out to?", ["invoice_title"]),
    (E_INVOICE, "What would you like the invoice title to be?", ["invoice_title"]),
    (E_INVOICE, "Should the invoice be under your personal name or a company? Please give me the exact title.",
     ["invoice_title"]),
    (E_INVOICE, "Which order would you like the invoice for?", ["order_id"]),
    (E_IMAGES, "Could you send me a screenshot of the lower price?", ["screenshot"]),
    (E_IMAGES, "Can you send a photo showing the damage?", ["photo"]),
    (E_IMAGES, "Please upload an image of the damaged item.", ["photo"]),
    (E_IMAGES, "Please upload an image showing the cheaper price you saw.", ["screenshot"]),
    (E_DATE, "What date would you like the installation?", ["date"]),
    (E_DATE, "Which day suits you best for the technician visit?", ["date"]),
    (E_DATE, "When would be a good time for installation?", ["date"]),
    (T_LINE, "What's the number of the phone you're having trouble with?", ["phone_number"]),
    (T_LINE, "Please tell me the account holder's name and their date of birth.", ["date_of_birth", "full_name"]),
    (T_LINE, "And what is your birth date?", ["date_of_birth"]),
    (T_LINE, "Which line is affected?", ["phone_number"]),
    (T_LINE, "Could you tell me the mobile number in question?", ["phone_number"]),
    (M_PLAN, "Can you tell me your account ID?", ["account_id"]),
    (M_PLAN, "Which plan are you interested in, Basic or Premium?", ["plan"]),
    (M_PLAN, "What's the account you're calling about?", ["account_id"]),
]

# a fourth round: pronouns and ellipsis across sentences, tables, facts the agent already has (8 of the first 42
# read wrong before the rules written for them; the last 9 written after)
ASKS += [
    (R_EMAIL, "I already have your email, so all I need now is the order number.", ["order_id"]),
    (R_EMAIL, "Thanks - I've got your account. Now, the order: what's its ID?", ["order_id"]),
    (R_EMAIL, "I see a few orders on your account. Which one did you mean?", ["order_id"]),
    (R_EMAIL, "Your account shows several orders. Could you tell me which one?", ["order_id"]),
    (R_EMAIL, "Let me know the order number when you find it.", ["order_id"]),
    (R_EMAIL, "I couldn't find an account with that email. Could you double-check the spelling?", ["email"]),
    (R_EMAIL, "Hmm, nothing came up for that address. Might you have used a different one?", ["email"]),
    (R_EMAIL, "| Detail | Needed |\n|---|---|\n| Email | yes |\n| Order ID | yes |\nPlease send both.",
     ["email", "order_id"]),
    (R_EMAIL, "First things first: your email.", ["email"]),
    (R_EMAIL, "Could you also provide your email? That's how I can pull up your account.", ["email"]),
    (R_EMAIL, "One more question: why do you want to cancel it?", ["reason"]),
    (R_EMAIL, "May I know the reason you're cancelling?", ["reason"]),
    (R_NAME, "If you don't remember your email, I can look you up by full name and ZIP instead - would you share "
             "those?",
     ["name", "zip"]),
    (R_NAME, "And the name on the account?", ["name"]),
    (R_NAME, "Thanks, Aisha. What's the zip code?", ["zip"]),
    (R_NAME, "Great! Could you share your name and the ZIP associated with the account? Once I have those I can pull "
             "up your orders.",
     ["name", "zip"]),
    (R_NAME, "Please share the ZIP code as well.", ["zip"]),
    (R_ADDRESS, "Please type out the new address in full.", ["new_address"]),
    (R_ADDRESS, "What's the new shipping address, including the city, state and ZIP?", ["new_address"]),
    (R_ADDRESS, "Where should we send your order now?", ["new_address"]),
    (R_ITEMS, "Which item in that order is the problem?", ["item"]),
    (R_ITEMS, "Which color and size would you like the new one in?", ["new_options"]),
    (R_ITEMS, "What would you like to change it to?", ["new_options"]),
    (E_INVOICE, "What should the invoice say in the \"bill to\" field?", ["invoice_title"]),
    (E_INVOICE, "Please provide the exact company or personal name for the invoice.", ["invoice_title"]),
    (E_INVOICE, "Which order is this invoice for? The order ID starts with E.", ["order_id"]),
    (E_INVOICE, "Please enter the phone number on your account (e.g. 415-555-0192).", ["phone_number"]),
    (E_IMAGES, "Could you take a photo of the damaged product and send it to me?", ["photo"]),
    (E_IMAGES, "Do you have a screenshot of the cheaper listing?", ["screenshot"]),
    (E_DATE, "What date works for you?", ["date"]),
    (E_DATE, "Let me know which day you'd prefer for the installation.", ["date"]),
    (T_LINE, "What's the number you're calling about?", ["phone_number"]),
    (T_LINE, "Could you give me your full name as it appears on your account?", ["full_name"]),
    (T_LINE, "Thanks, Maria. And your date of birth?", ["date_of_birth"]),
    (T_LINE, "Alternatively, share your full name and date of birth and I'll find the account that way.",
     ["date_of_birth", "full_name"]),
    (M_PLAN, "What's the account number?", ["account_id"]),
    (M_PLAN, "Which plan should I move you to?", ["plan"]),
    (R_EMAIL, "No need to resend your email - I just need the order number.", ["order_id"]),
    (R_EMAIL, "We've got your email on file; could you share the order ID?", ["order_id"]),
    (R_EMAIL, "I have your order number, but I still need the email on the account.", ["email"]),
    (R_EMAIL, "Could you confirm the email you have on file with us?", ["email"]),
    (R_EMAIL, "Could you share your email and the order ID you have?", ["email", "order_id"]),
    (R_EMAIL, "Hmm, nothing came up for that address. Might you have used a different one?", ["email"]),
    (R_EMAIL, "Is there another address you might have signed up with?", ["email"]),
]

# a fifth round: ways of identifying the user offered as alternatives (2 of 30 wrong before)
ASKS += [
    (M_PLAN, "Sure thing! Which account are we looking at today?", ["account_id"]),
    (M_PLAN, "To get started, can you tell me the ID of your account? It begins with \"A\".", ["account_id"]),
    (M_PLAN, "Please share your account identifier.", ["account_id"]),
    (M_PLAN, "Would you prefer Basic or Premium?", ["plan"]),
    (M_PLAN, "Just let me know which plan you want and I'll take care of it.", ["plan"]),
    (M_PLAN, "Which account is this for?", ["account_id"]),
    (M_PLAN, "Could you tell me your account number and which plan you'd like to move to?", ["account_id", "plan"]),
    (R_EMAIL, "Could you let me know which order you want to cancel? You can find the order number (it starts with "
              "#W) in your confirmation email.",
     ["order_id"]),
    (R_EMAIL, "What order would you like me to look into?", ["order_id"]),
    (R_EMAIL, "To look up your account, I'll need your email address. Could you share that?", ["email"]),
    (R_EMAIL, "Could you provide your email so I can locate your account?", ["email"]),
    (R_EMAIL, "Also, what's the reason for cancelling? Options are \"no longer needed\" or \"ordered by mistake\".",
     ["reason"]),
    (R_NAME, "Alternatively, I can verify you with your first name, last name, and zip code.", ["name", "zip"]),
    (R_NAME, "I'll need to authenticate you first - please provide your first and last name along with your ZIP code.",
     ["name", "zip"]),
    (R_ADDRESS, "Could you give me the complete new address (street, city, state, ZIP)?", ["new_address"]),
    (R_PAY, "Which payment method would you like to switch to?", ["payment_method"]),
    (R_ITEMS, "Which item would you like to exchange?", ["item"]),
    (R_ITEMS, "Which new options would you like (for example color and size)?", ["new_options"]),
    (E_INVOICE, "To get started, could you provide the phone number on your Brightcart account?", ["phone_number"]),
    (E_INVOICE, "Which order is this about? Please share the order ID (it starts with E).", ["order_id"]),
    (E_INVOICE, "What title should the invoice carry - your name or your company's?", ["invoice_title"]),
    (E_IMAGES, "Please send the screenshot of the lower price so I can review it.", ["screenshot"]),
    (E_IMAGES, "Please send me a photo of the damage so I can set up the return.", ["photo"]),
    (E_DATE, "What day would you like the installation scheduled for?", ["date"]),
    (T_LINE, "To get started, could you provide the phone number of the line you're having trouble with?",
     ["phone_number"]),
    (T_LINE, "If you don't have the phone number handy, I can also look you up by your full name and date of birth.",
     ["date_of_birth", "full_name"]),
    (T_LINE, "Which of your lines is having the issue?", ["phone_number"]),
    (T_LINE, "Can you confirm the mobile number you're reaching out about?", ["phone_number"]),
    (T_LINE, "Who's the account holder?", ["full_name"]),
    (T_LINE, "For verification, please provide your birthday.", ["date_of_birth"]),
]
# a sixth round: terse asks (0 of 25 wrong) and names by function or in other words (6 of 36 wrong before)
ASKS += [
    (R_EMAIL, "**To proceed, please send:**\n1. Email address\n2. Order number", ["email", "order_id"]),
    (R_EMAIL, "1. Your email\n2. The order you'd like to cancel", ["email", "order_id"]),
    (R_EMAIL, "Order number please", ["order_id"]),
    (R_EMAIL, "email address on file?", ["email"]),
    (R_EMAIL, "Which order? (It'll be a W followed by 7 digits.)", ["order_id"]),
    (R_EMAIL, "I'll need two things from you - the email on your account and the order ID.", ["email", "order_id"]),
    (R_EMAIL, "Lastly, the reason for the cancellation", ["reason"]),
    (R_EMAIL, "Could you paste the order ID from your confirmation email here", ["order_id"]),
    (R_NAME, "Please verify: full name + ZIP code", ["name", "zip"]),
    (R_NAME, "Name and zip, please!", ["name", "zip"]),
    (R_ADDRESS, "New address?", ["new_address"]),
    (R_ADDRESS, "Happy to update the shipping address! First, I need your email and the order number.",
     ["email", "order_id"]),
    (R_PAY, "Which would you like instead: PayPal, a gift card, or credit card?", ["payment_method"]),
    (R_ITEMS, "- Which item\n- What new size/color", ["item", "new_options"]),
    (E_INVOICE, "Invoice title?", ["invoice_title"]),
    (E_INVOICE, "And the name you'd like the invoice made out to?", ["invoice_title"]),
    (E_INVOICE, "To issue the invoice I need **the order ID** and **the invoice title** (company or personal name).",
     ["invoice_title", "order_id"]),
    (E_IMAGES, "A photo of the damage would help - could you send one?", ["photo"]),
    (E_IMAGES, "Screenshot of the lower price, please.", ["screenshot"]),
    (E_DATE, "Preferred installation date?", ["date"]),
    (T_LINE, "Phone number on the account?", ["phone_number"]),
    (T_LINE, "Full name and DOB, please.", ["date_of_birth", "full_name"]),
    (T_LINE, "What number should I look up?", ["phone_number"]),
    (M_PLAN, "Account ID please?", ["account_id"]),
    (M_PLAN, "Basic or Premium?", ["plan"]),
    (R_EMAIL, "What do you use to log in to your account?", ["email"]),
    (R_EMAIL, "What's the login email for your account?", ["email"]),
    (R_EMAIL, "What's the confirmation number for that purchase?", ["order_id"]),
    (R_EMAIL, "Do you know the reference for the order?", ["order_id"]),
    (R_EMAIL, "Could you share the ID of the order you'd like cancelled?", ["order_id"]),
    (R_EMAIL, "What's the order # on your receipt?", ["order_id"]),
    (R_EMAIL, "How come you'd like to cancel?", ["reason"]),
    (R_EMAIL, "What's the main reason behind the cancellation?", ["reason"]),
    (R_EMAIL, "Could you tell me why you no longer want the order?", ["reason"]),
    (R_NAME, "What's the name on your account?", ["name"]),
    (R_NAME, "Can I get your first and last name?", ["name"]),
    (R_NAME, "And your zip?", ["zip"]),
    (R_NAME, "What's the postal code for the address on your account?", ["zip"]),
    (R_ADDRESS, "Where would you like it to go instead?", ["new_address"]),
    (R_ADDRESS, "What's the address you'd like to switch to?", ["new_address"]),
    (R_ADDRESS, "Please give me the updated address.", ["new_address"]),
    (R_PAY, "What payment method would you like to use instead?", ["payment_method"]),
    pytest.param(R_PAY, "Would you like to use PayPal or a gift card?", ["payment_method"],
                 marks=pytest.mark.xfail(strict=True, reason="options without the value nor an enum: an offer")),
    (R_ITEMS, "Which of the products would you like to swap out?", ["item"]),
    (R_ITEMS, "Which size and color do you want?", ["new_options"]),
    (R_ITEMS, "What variant would you like instead?", ["new_options"]),
    (E_INVOICE, "What's your phone number?", ["phone_number"]),
    (E_INVOICE, "Which phone number is your account registered to?", ["phone_number"]),
    (E_INVOICE, "Who do you want the invoice addressed to?", ["invoice_title"]),
    (E_INVOICE, "What should the invoice header read?", ["invoice_title"]),
    (E_INVOICE, "Which company name should appear on the invoice?", ["invoice_title"]),
    (E_IMAGES, "Could you send a picture of the item as it arrived?", ["photo"]),
    (E_IMAGES, "Could you capture a screenshot of the price you saw and send it over?", ["screenshot"]),
    (E_DATE, "When should we send the installer?", ["date"]),
    (E_DATE, "What's your preferred date for the install?", ["date"]),
    (T_LINE, "Which number is having issues?", ["phone_number"]),
    (T_LINE, "What's your birthdate?", ["date_of_birth"]),
    (T_LINE, "And your name, please?", ["full_name"]),
    (T_LINE, "Could you confirm the name and birth date on the account?", ["date_of_birth", "full_name"]),
    (M_PLAN, "Which subscription plan do you want?", ["plan"]),
    (M_PLAN, "Which account ID is this regarding?", ["account_id"]),
]
# a seventh round: asks inside a longer turn, after a statement or in a condition (2 of 21 wrong before)
ASKS += [
    (T_LINE, "I'm sorry your data isn't working! Let's get this sorted. First, could you give "
     "me the phone number for the affected line?", ["phone_number"]),
    (T_LINE, "Happy to help with that. Which mobile number are we troubleshooting today?", ["phone_number"]),
    (T_LINE, "I wasn't able to find an account for that number. Could you give me your full "
     "name and date of birth so I can search another way?", ["date_of_birth", "full_name"]),
    (T_LINE, "Thanks! While I pull that up - what's the number of the line?", ["phone_number"]),
    (T_LINE, "I found an account under Priya Raman. For security, could you confirm your date "
     "of birth?", ["date_of_birth"]),
    (T_LINE, "Before we troubleshoot, I need to locate your account. What's the phone number "
     "associated with it?", ["phone_number"]),
    (T_LINE, "Could you spell your full name for me?", ["full_name"]),
    (T_LINE, "To look into the MMS issue, I'll need the phone number on the account.", ["phone_number"]),
    (T_LINE, "Sure! If you share your number, I'll check whether roaming is enabled on the line.", ["phone_number"]),
    (E_INVOICE, "I can help with the invoice. Which order should it be for?", ["order_id"]),
    (E_INVOICE, "Sure! Please share the phone number on your account and the order ID.", ["order_id", "phone_number"]),
    (E_INVOICE, "Got it, order E206019. What title would you like on the invoice - a company "
     "name or your own name?", ["invoice_title"]),
    (E_IMAGES, "Sorry to hear it arrived damaged! If you can, please send a photo of the damage.", ["photo"]),
    (E_IMAGES, "If you found it cheaper on our site, please share a screenshot showing that price.", ["screenshot"]),
    (E_DATE, "The installation service is available for this product. What date would you like to book?", ["date"]),
    (E_DATE, "Which date in March should the technician come?", ["date"]),
    (R_ITEMS, "I can help exchange an item. Which product from order W3125314 is it?", ["item"]),
    (R_ITEMS, "Got it, the Running Shorts. What new color and size would you like?", ["new_options"]),
    (R_ADDRESS, "I can update it since the order hasn't shipped yet. Please share the full new "
     "address.", ["new_address"]),
    (R_EMAIL, "I can cancel that for you. Could you tell me why you're cancelling - no longer "
     "needed, or ordered by mistake?", ["reason"]),
    (R_PAY, "Which payment method would you like to switch to? I see a credit card, a gift "
     "card and PayPal on your account.", ["payment_method"]),
]
# an eighth round, after the rules found on the new corpus dev lines (a search offered by name, options put as a
# choice without a question, "a screen grab … will do"); 1 of 7 wrong before
ASKS += [
    (T_LINE, "No problem - we can also search by the full name and birthday of the account holder.",
     ["date_of_birth", "full_name"]),
    (R_NAME, "We could look you up either with your email or with your name plus ZIP, whatever's easier.",
     ["name", "zip"]),
    (E_IMAGES, "A screen grab of the product page with the lower price will do.", ["screenshot"]),
    (R_EMAIL, "Please note our system records a reason - it's either no longer needed or ordered by mistake for "
              "this one.",
     ["reason"]),
    (E_IMAGES, "Could you send a snapshot of the damaged box?", ["photo"]),
]


# a ninth round, written fresh in the styles of today's frontier agents (markdown, lists, hedges, asks without a
# question mark, facts named by what holds them, their format or their purpose), across the built-in domains and
# the teams' own (bank, clinic, power, streamco)
ASKS += [
    (R_EMAIL, "Happy to help you cancel that! To get started, could you please provide the email address associated "
              "with your account?", ["email"]),
    (R_EMAIL, "Thanks for reaching out! Before I make any changes, I'll need to verify your account. Could you "
              "share:\n\n1. The email address you used to place the order\n2. The order number (it starts with "
              "**#W**)", ["email", "order_id"]),
    (R_EMAIL, "Could you let me know the order number you're looking to cancel? You'll find it in your order "
              "confirmation email, formatted like #W1234567.", ["order_id"]),
    (R_EMAIL, "Got it. And what's the reason for the cancellation? Our system accepts either \"no longer needed\" or "
              "\"ordered by mistake.\"", ["reason"]),
    (R_EMAIL, "Mind sharing what's behind the decision to cancel?", ["reason"]),
    (R_EMAIL, "To pull up your order, I'll need the email on file - the one your receipts are sent to.", ["email"]),
    (R_EMAIL, "What email address should I search under", ["email"]),
    (R_EMAIL, "Which purchase would you like me to cancel", ["order_id"]),
    (R_EMAIL, "I'd be glad to help. First I need to find your account - what's the best email to use?", ["email"]),
    (R_EMAIL, "Please provide the order number, which begins with the letter W followed by seven digits.",
     ["order_id"]),
    (R_EMAIL, "So I can locate the right purchase, could you send me the reference from your confirmation email?",
     ["order_id"]),
    (R_EMAIL, "Could you tell me a little about why you're cancelling? I'll need to record it as either no longer "
              "needed or ordered by mistake.", ["reason"]),
    (R_EMAIL, "I'll also need the **order ID** - you can copy it from the subject line of your confirmation email.",
     ["order_id"]),
    (R_EMAIL, "Which email is linked to your account? Once I have it, I'll pull up your recent orders.", ["email"]),
    (R_NAME, "No problem! I can look you up another way. Please provide:\n- Your first and last name\n- The ZIP code "
             "associated with your account", ["name", "zip"]),
    (R_NAME, "Could you tell me your full name and the zip code for your billing address?", ["name", "zip"]),
    (R_NAME, "What's the five-digit ZIP code on your account?", ["zip"]),
    (R_NAME, "Which name did you register the account under, and what postal code is linked to it?",
     ["name", "zip"]),
    (R_NAME, "May I have the name and zip code associated with your account so I can locate it?", ["name", "zip"]),
    pytest.param(R_NAME, "Perfect, thank you. Lastly, the ZIP code where your account is registered", ["zip"],
                 marks=pytest.mark.xfail(strict=True, reason="a bare noun phrase with a relative clause is no ask")),
    (R_ADDRESS, "What's the new shipping address you'd like to use? Please include the street, city, state, and ZIP "
                "code.", ["new_address"]),
    (R_ADDRESS, "Where should we ship it instead? A full address please (street, apartment if any, city, state, "
                "ZIP).", ["new_address"]),
    (R_ADDRESS, "Please share the address you'd like the package rerouted to.", ["new_address"]),
    (R_ADDRESS, "Could you give me the complete delivery address for this order going forward?", ["new_address"]),
    (R_ADDRESS, "Thanks! Now, what's the updated address?", ["new_address"]),
    (R_ADDRESS, "To update the delivery details, I'll need the email address on your account and the order number.",
     ["email", "order_id"]),
    (R_PAY, "Which payment method would you like to switch to - the credit card, PayPal, or a gift card on file?",
     ["payment_method"]),
    (R_PAY, "What would you like to use to pay for this order instead?", ["payment_method"]),
    (R_PAY, "How would you like to be charged for this order going forward?", ["payment_method"]),
    (R_ITEMS, "Which item from this order would you like to exchange, and what new size or color are you after?",
     ["item", "new_options"]),
    (R_ITEMS, "Could you tell me which product you'd like to swap?", ["item"]),
    (R_ITEMS, "What color and size should the replacement be?", ["new_options"]),
    (R_ITEMS, "Which variant would you like in place of the current one?", ["new_options"]),
    (E_INVOICE, "To locate your orders, could you provide the mobile number linked to your account?",
     ["phone_number"]),
    (E_INVOICE, "What name or company should appear as the title on the invoice?", ["invoice_title"]),
    (E_INVOICE, "Could you confirm the order ID for the invoice? It should begin with **E**.", ["order_id"]),
    (E_INVOICE, "Please provide the invoice title - usually your company's legal name or your own full name.",
     ["invoice_title"]),
    (E_INVOICE, "What phone number did you use when placing the order?", ["phone_number"]),
    (E_INVOICE, "Whom should the invoice be made out to?", ["invoice_title"]),
    (E_IMAGES, "Could you attach a clear photo of the damaged item so I can file a claim?", ["photo"]),
    (E_IMAGES, "Please send a screenshot showing the lower price you found on our site.", ["screenshot"]),
    (E_IMAGES, "To process the price adjustment, I'll need a screenshot of the cheaper listing.", ["screenshot"]),
    (E_IMAGES, "Would you mind uploading a picture that shows the damage?", ["photo"]),
    (E_DATE, "What date would work best for the installation appointment?", ["date"]),
    (E_DATE, "When would you like the technician to come out for the install?", ["date"]),
    (E_DATE, "Let me know your preferred installation date, and I'll get it booked.", ["date"]),
    (T_LINE, "To get started, could you share the phone number associated with the line that's having issues?",
     ["phone_number"]),
    (T_LINE, "For verification, please provide the account holder's full name and date of birth (MM/DD/YYYY).",
     ["date_of_birth", "full_name"]),
    (T_LINE, "What's the mobile number you're reaching out about?", ["phone_number"]),
    (T_LINE, "Please confirm your identity by sharing your full name and birthdate.", ["date_of_birth", "full_name"]),
    (T_LINE, "Which number is experiencing the data issue", ["phone_number"]),
    (T_LINE, "I'm sorry you're dealing with this. So I can pull up your account, what's the 10-digit number on the "
             "line?", ["phone_number"]),
    (M_PLAN, "Could you please share your account ID so I can pull up your subscription?", ["account_id"]),
    (M_PLAN, "Which plan would you like to upgrade to?", ["plan"]),
    (M_PLAN, "Sure! What's the account number? It should start with an A.", ["account_id"]),
    (B_DISPUTE, "To verify you, could you share your full name and the last four digits of the card?",
     ["card_last_four", "full_name"]),
    (B_DISPUTE, "Which merchant is the charge from, and what was the amount?", ["amount", "merchant"]),
    (B_DISPUTE, "How much was the transaction you'd like to dispute?", ["amount"]),
    (B_DISPUTE, "What are the final four digits on your card?", ["card_last_four"]),
    (B_DISPUTE, "Could you tell me the name of the business that charged you?", ["merchant"]),
    (B_DISPUTE, "What's the name of the cardholder?", ["full_name"]),
    (C_MOVE, "To locate your record, could I have your last name and date of birth?",
     ["date_of_birth", "last_name"]),
    (C_MOVE, "What day would you like to move your appointment to?", ["new_date"]),
    (C_MOVE, "And your surname, please?", ["last_name"]),
    (C_MOVE, "Which new date works best for you?", ["new_date"]),
    (C_MOVE, "What date should I reschedule it to?", ["new_date"]),
    (C_CANCEL, "May I ask why you need to cancel the appointment?", ["reason"]),
    (P_MOVE, "Could you give me your account number? It's at the top of your bill, four digits, a dash, then four "
             "more.", ["account_number"]),
    (P_MOVE, "What date are you moving out?", ["move_out_date"]),
    (P_MOVE, "What's the date you'd like the account closed?", ["move_out_date"]),
    (P_MOVE, "When is your move-out date?", ["move_out_date"]),
    (S_CHARGE, "Which email do you use to sign in to StreamCo?", ["email"]),
    (S_CHARGE, "Could you share the email address on your StreamCo account so I can look into the charges?",
     ["email"]),
]


# a tenth round, written after the first fixes of the ninth (8 of these 52 read wrong before the rules below them)
ASKS += [
    (R_EMAIL, "Could you tell me which order this is? The order ID should be in the confirmation email we sent when "
              "you placed it.", ["order_id"]),
    (R_EMAIL, "I'd be happy to help with that! Could you please share the email address on your account, along with "
              "the order number you'd like to cancel?", ["email", "order_id"]),
    (R_EMAIL, "Sure - what's the email? And the order # too, if you have it handy.", ["email", "order_id"]),
    (R_EMAIL, "In order to proceed, I'll need to verify your identity. What is the email address associated with "
              "your account?", ["email"]),
    (R_EMAIL, "Before I cancel it, could you let me know why? (e.g., no longer needed, ordered by "
              "mistake)", ["reason"]),
    (R_NAME, "I can also verify you with your name and ZIP code instead - whichever is easier for "
             "you.", ["name", "zip"]),
    (R_NAME, "Could you also confirm the zip code on file?", ["zip"]),
    (R_ADDRESS, "What address should the order be shipped to?", ["new_address"]),
    (R_ADDRESS, "Could you provide the new address in this format: street, city, state ZIP?", ["new_address"]),
    pytest.param(R_PAY, "Would you like to switch to PayPal, a gift card, or a different credit "
                        "card?", ["payment_method"],
                 marks=pytest.mark.xfail(strict=True, reason="options offered with 'switch to' are read as an "
                                                             "approval")),
    (R_ITEMS, "Which of the items would you like to exchange? And what would you like instead "
              "(color/size)?", ["item", "new_options"]),
    (E_INVOICE, "Could you please let me know what title you'd like on the invoice (for example, a company "
                "name)?", ["invoice_title"]),
    (E_INVOICE, "What is the order number (starting with E) that needs an invoice?", ["order_id"]),
    (E_IMAGES, "To proceed with the damage claim, please upload a photo of the item showing the damage.", ["photo"]),
    (E_IMAGES, "If you have proof of the lower price - like a screenshot - please share it.", ["screenshot"]),
    (E_DATE, "What's a good date for the install? We have availability throughout March.", ["date"]),
    (T_LINE, "Sure, I can help with that. May I have the phone number associated with the account?", ["phone_number"]),
    (T_LINE, "What's the full name on the account, and the account holder's DOB?", ["date_of_birth", "full_name"]),
    (T_LINE, "I'll need to verify your identity first. Please provide your name and date of "
             "birth.", ["date_of_birth", "full_name"]),
    (M_PLAN, "Which account would you like to upgrade? Please share the account ID.", ["account_id"]),
    (M_PLAN, "Great choice! Which plan - Basic or Premium - would you like?", ["plan"]),
    (C_MOVE, "Could you please provide your surname and date of birth so I can find your "
             "appointment?", ["date_of_birth", "last_name"]),
    (C_MOVE, "When would you like to come in instead?", ["new_date"]),
    (C_CANCEL, "What's the reason for cancelling - illness, a scheduling conflict, or something else?", ["reason"]),
    pytest.param(B_DISPUTE, "Which charge would you like to dispute? Please give me the merchant and the "
                            "amount.", ["amount", "merchant"],
                 marks=pytest.mark.xfail(strict=True, reason="a charge is identified by the merchant and"
                                                             " amount the user knows")),
    (B_DISPUTE, "What was the amount of the charge?", ["amount"]),
    pytest.param(B_DISPUTE, "Where was the charge made?", ["merchant"],
                 marks=pytest.mark.xfail(strict=True, reason="'where' of a charge asks for the merchant, not an "
                                                             "address")),
    (P_MOVE, "What's your account number?", ["account_number"]),
    (P_MOVE, "Which date would you like us to take the final reading and close the account?", ["move_out_date"]),
    (S_CHARGE, "What email address is your StreamCo subscription under?", ["email"]),
]


# an eleventh round: a name split between a noun and 'it' ('… issue an invoice. What name would you like printed on
# it?'), 'which day' for a date, asks without a question mark (6 of these 47 read wrong before, 3 still)
ASKS += [
    (E_INVOICE, "Sure, I can issue an invoice for that order. What name would you like printed on "
                "it?", ["invoice_title"]),
    (E_INVOICE, "I'll need two things for the invoice:\n1. The order it's for\n2. The name or company it should be "
                "addressed to", ["invoice_title", "order_id"]),
    pytest.param(E_INVOICE, "For the invoice - should it be made out to you personally, or to a business? Either "
                            "way, please give me the exact wording.", ["invoice_title"],
                 marks=pytest.mark.xfail(strict=True, reason="a title asked as 'the exact wording' after a choice "
                                                             "of the kind of name")),
    (E_INVOICE, "Which mobile number do you use to sign in to Brightcart?", ["phone_number"]),
    (E_INVOICE, "Happy to help! What's the phone number tied to your Brightcart account? That's how I'll find the "
                "order.", ["phone_number"]),
    (E_IMAGES, "Could you share a photo that clearly shows the damage? Once I have it, I can start the "
               "claim.", ["photo"]),
    (E_IMAGES, "Do you have a picture of the product as it arrived? If so, please send it my way.", ["photo"]),
    (E_IMAGES, "For the price match, I'll need proof of the lower price - a screenshot of the product page works "
               "best.", ["screenshot"]),
    (E_DATE, "Our installers are available most days in March. Which date should I put you down for?", ["date"]),
    (E_DATE, "When works best for the installation visit", ["date"]),
    (R_EMAIL, "Thanks for contacting us! I'll need to confirm your identity first. Can you give me the email you "
              "used for this order?", ["email"]),
    (R_EMAIL, "To cancel, I need the order number. It's a W followed by seven digits, e.g. W0000000.", ["order_id"]),
    (R_EMAIL, "Could you also tell me the reason? Just so I can note it on the cancellation.", ["reason"]),
    (R_EMAIL, "Any particular reason you'd like to cancel? The options are: no longer needed, or ordered by "
              "mistake.", ["reason"]),
    (R_EMAIL, "Okay! Which one of your orders is it? The order number will look something like "
              "#W1234567.", ["order_id"]),
    pytest.param(R_NAME, "No email? No problem - I can search with your full name and the ZIP code of your address "
                         "instead.", ["name", "zip"],
                 marks=pytest.mark.xfail(strict=True, reason="'No email?' before 'No problem' is rhetorical, read "
                                                             "as an ask nobody can answer")),
    (R_NAME, "Could you type out your first and last name exactly as it appears on your account, plus your 5-digit "
             "ZIP?", ["name", "zip"]),
    (R_NAME, "Thanks! What's the zip?", ["zip"]),
    (R_ADDRESS, "Got it. Could you send over the full address you'd like the order shipped to instead (street, "
                "city, state and ZIP)?", ["new_address"]),
    (R_ADDRESS, "Where should it go instead?", ["new_address"]),
    (R_ADDRESS, "And the new delivery address is...?", ["new_address"]),
    (R_PAY, "Which payment method should I switch the order to?", ["payment_method"]),
    (R_PAY, "What would you like to pay with instead - PayPal, gift card or credit card?", ["payment_method"]),
    (R_ITEMS, "Which item would you like to swap, and for which color and size?", ["item", "new_options"]),
    (R_ITEMS, "What's the item you want to exchange?", ["item"]),
    (R_ITEMS, "Which size and colour would you like the new pair in?", ["new_options"]),
    (T_LINE, "I'd be happy to help. Could you first provide the phone number for the line in "
             "question?", ["phone_number"]),
    (T_LINE, "Thanks, Priya! Could you also give me your date of birth so I can verify the "
             "account?", ["date_of_birth"]),
    (T_LINE, "What name is the account registered under?", ["full_name"]),
    (T_LINE, "To locate your account, I'll need one of the following:\n- The phone number on the account, or\n- "
             "Your full name and date of birth", ["date_of_birth", "full_name", "phone_number"]),
    (T_LINE, "What's the number I should look up?", ["phone_number"]),
    (M_PLAN, "What's your account ID? You can find it in the top-right of your dashboard.", ["account_id"]),
    (M_PLAN, "Which plan are you looking to switch to today?", ["plan"]),
    (M_PLAN, "Could you tell me the account ID you'd like me to look at?", ["account_id"]),
    (C_MOVE, "Happy to move that for you. First, what's your last name and date of "
             "birth?", ["date_of_birth", "last_name"]),
    (C_MOVE, "What new date would you prefer for the appointment?", ["new_date"]),
    (C_MOVE, "Which day would suit you better?", ["new_date"]),
    (C_CANCEL, "Could you let me know the reason for cancelling - illness, a scheduling conflict, or something "
               "else?", ["reason"]),
    (C_CANCEL, "To pull up your appointment, please share your surname and DOB.", ["date_of_birth", "last_name"]),
    (P_MOVE, "Could you give me the date you're moving out, and your account "
             "number?", ["account_number", "move_out_date"]),
    (P_MOVE, "What day should the final meter reading and account closure be?", ["move_out_date"]),
    (P_MOVE, "When do you move out?", ["move_out_date"]),
    (B_DISPUTE, "Could you confirm your full name and the last 4 digits of the card in "
                "question?", ["card_last_four", "full_name"]),
    (B_DISPUTE, "Why are you disputing this charge - you don't recognise it, it was charged twice, or "
                "you never received the goods?", ["reason"]),
    (B_DISPUTE, "Which merchant was it, and how much were you charged?", ["amount", "merchant"]),
    (S_CHARGE, "What's the email on your StreamCo account?", ["email"]),
    (S_CHARGE, "To look into those charges, I'll need the email address you log in with.", ["email"]),
]


# a thirteenth round: 'they' for the facts just named ('… your name and ZIP code instead. What are they?')
ASKS += [
    (R_EMAIL, "Thanks for reaching out about your order! So I can help, may I get the email on your "
              "profile?", ["email"]),
    (R_EMAIL, "Thanks! I'll need the order number next - you can find it under **My Orders**.", ["order_id"]),
    (R_NAME, "Since you don't have the email handy, let's try your name and ZIP code instead. What are "
             "they?", ["name", "zip"]),
    (R_ADDRESS, "Please reply with the new shipping address, including any apartment or suite "
                "number.", ["new_address"]),
    (R_ITEMS, "Which product in order #W3125314 are you looking to exchange, and what would you like "
              "instead?", ["item", "new_options"]),
    (E_INVOICE, "Perfect. What would you like the invoice title to say?", ["invoice_title"]),
    (E_INVOICE, "Got it! To find the order, please tell me the phone number you registered with.", ["phone_number"]),
    (E_IMAGES, "I'm sorry it arrived broken. Please send me a photo of the damage along with the order "
               "ID.", ["order_id", "photo"]),
    (E_DATE, "Installation is free for this item. Let me know which date you'd like.", ["date"]),
    (T_LINE, "I'll need the account holder's full name, please.", ["full_name"]),
    (T_LINE, "Got it. And can you confirm the date of birth on the account?", ["date_of_birth"]),
    (M_PLAN, "To make that change, I'll need your account ID.", ["account_id"]),
    (C_MOVE, "Sure thing. Could you give me your last name, please?", ["last_name"]),
    (C_MOVE, "Thanks. What's your date of birth?", ["date_of_birth"]),
    (P_MOVE, "Sorry to see you go! What's the account number, and what day are you moving "
             "out?", ["account_number", "move_out_date"]),
    (B_DISPUTE, "To get started, please share your full name and the last four digits of your "
                "card.", ["card_last_four", "full_name"]),
    (S_CHARGE, "I'm sorry about the extra charges. What's the email address on your StreamCo account?", ["email"]),
]


# a fourteenth round: long markdown turns with headers, bold asks and lists; 'which one' after 'a few orders' in the
# same sentence or 'any payment method'; 'the merchant name'; 'the order number would also help' (4 of 24 wrong
# before, 1 still)
ASKS += [
    (R_EMAIL, "## Let's get started\n\nTo look into your order, please provide the following information:\n\n- The "
              "**ID of the order** (you'll find it in your confirmation email)\n- The **email address** linked to "
              "your account\n\nOnce I have these, I'll check the order status and cancellation "
              "eligibility.", ["email", "order_id"]),
    (R_EMAIL, "I'm sorry to hear you'd like to cancel. I can definitely help with that!\n\nFirst, I'll need to "
              "verify your account. **What's the email address you used to place the order?**", ["email"]),
    (R_EMAIL, "If you have it, the order number would also help speed things up.", ["order_id"]),
    (R_EMAIL, "Thanks, Noor! I've found your account. I see a few recent orders - could you tell me which one you'd "
              "like to cancel? If it's easier, the order ID is shown at the top of the confirmation "
              "email.", ["order_id"]),
    (R_EMAIL, "Thank you. Before I proceed, could you tell me why you'd like to cancel? This is optional, but it "
              "helps us improve. Common reasons are:\n- No longer needed\n- Ordered by mistake", ["reason"]),
    (R_NAME, "Absolutely, I can look you up another way. Could you please provide:\n\n1. **Your full name** (first "
             "and last)\n2. **Your ZIP code**\n\nThis helps me locate your account securely.", ["name", "zip"]),
    (R_ADDRESS, "I can help update the shipping address, as long as the order hasn't shipped yet. What's the new "
                "address? Please include:\n- Street address (and apartment/unit if applicable)\n- City\n- State\n- "
                "ZIP code", ["new_address"]),
    (R_PAY, "Sure! Your order can be switched to any payment method saved on your account. Which one would you like "
            "to use?", ["payment_method"]),
    (R_ITEMS, "I can help you exchange items from a delivered order. Could you let me know:\n1. Which item(s) you'd "
              "like to exchange\n2. The new color/size you'd like", ["item", "new_options"]),
    (E_INVOICE, "To issue the invoice, I'll need:\n- **Order ID** (starts with E)\n- **Invoice title** - the "
                "company or personal name to appear on the invoice\n\nCould you share "
                "those?", ["invoice_title", "order_id"]),
    (E_INVOICE, "Thanks for reaching out to Brightcart support! To get started, could you please share the phone "
                "number associated with your account? I'll use it to look up your orders.", ["phone_number"]),
    (E_IMAGES, "I'm sorry your item arrived damaged. To process this, I'll need:\n\n1. The order number\n2. A photo "
               "clearly showing the damage\n\nOnce I have both, I'll start the return.", ["order_id", "photo"]),
    (E_IMAGES, "We do offer price protection! Please upload a **screenshot** showing the lower price on our site, "
               "and I'll review it right away.", ["screenshot"]),
    (E_DATE, "Good news - your Dishwasher qualifies for free installation. **Which date would you like the "
             "technician to visit?** Available dates start from March 4.", ["date"]),
    (T_LINE, "I'm sorry your phone isn't working as expected. Let's sort it out!\n\nFirst, could you please provide "
             "the **phone number** of the affected line? If you don't have it handy, I can also look you up using "
             "your **full name** and **date of birth**.", ["date_of_birth", "full_name", "phone_number"]),
    (T_LINE, "Thank you! For security, can you also confirm the account holder's date of birth?", ["date_of_birth"]),
    (M_PLAN, "I'd be glad to help you upgrade! Could you please provide your **account ID**? It starts with the "
             "letter \"A\".", ["account_id"]),
    (M_PLAN, "Thanks! Your account is currently on the Basic plan. Which plan would you like to switch to?", ["plan"]),
    (C_MOVE, "I'd be happy to reschedule your appointment. To find your record, please share:\n- Your surname\n- "
             "Your date of birth", ["date_of_birth", "last_name"]),
    (C_MOVE, "I've found your appointment on December 2nd. What date would you like to move it to?", ["new_date"]),
    (P_MOVE, "I can arrange your move-out. Please tell me:\n1. Your account number (format 1234-5678)\n2. The date "
             "you're moving out", ["account_number", "move_out_date"]),
    (B_DISPUTE, "I'm sorry to hear about the unfamiliar charge. To verify your identity, could you please provide "
                "your full name and the last four digits of your card?", ["card_last_four", "full_name"]),
    pytest.param(B_DISPUTE, "Thanks, Priya. Which transaction would you like to dispute? Please tell me the "
                            "merchant name and the amount.", ["amount", "merchant"],
                 marks=pytest.mark.xfail(strict=True, reason="a charge is identified by the merchant and amount the "
                                                             "user knows")),
    (S_CHARGE, "I'm sorry you were charged more than once. Let's look into it. What email do you use for "
               "StreamCo?", ["email"]),
]


# a fifteenth round: an account and a plan (mock), an item and its new options (retail) in more words: 'what account ID
# is the subscription under' without '?', 'subscription level', '… exchange the shorts for (color and size)?' (3 of
# 30 wrong before)
ASKS += [
    (M_CANCEL, "I can help you cancel your subscription. What's the ID of the account you'd like to "
               "cancel?", ["account_id"]),
    (M_CANCEL, "Sorry to see you go! Which account should I cancel? The ID starts with an A.", ["account_id"]),
    (M_CANCEL, "Before I cancel anything, please tell me your account identifier (e.g. A123).", ["account_id"]),
    (M_CANCEL, "Could you provide the account ID associated with the subscription?", ["account_id"]),
    (M_CANCEL, "What account ID is the subscription under", ["account_id"]),
    (M_CANCEL, "Happy to help. Do you have your account number on hand?", ["account_id"]),
    (M_CANCEL, "To locate your subscription, I'll need the account ID shown in your welcome email.", ["account_id"]),
    (M_PLAN, "Upgrading is quick! First, which account is this for? Please share its ID.", ["account_id"]),
    (M_PLAN, "We offer two plans: **Basic** and **Premium**. Which one would you like?", ["plan"]),
    (M_PLAN, "What plan would you like your account moved to?", ["plan"]),
    (M_PLAN, "Which tier should I put you on - Basic or Premium?", ["plan"]),
    (M_PLAN, "Which subscription level are you after?", ["plan"]),
    (M_PLAN, "And which plan are you upgrading to?", ["plan"]),
    (M_PLAN, "Could you confirm the account ID and the plan you want?", ["account_id", "plan"]),
    (M_PLAN, "Sure - just let me know your account ID and the new plan.", ["account_id", "plan"]),
    (M_PLAN, "What's the account ID, and would you like Basic or Premium?", ["account_id", "plan"]),
    (R_ITEMS, "Which item from order #W3125314 would you like to exchange?", ["item"]),
    (R_ITEMS, "Got it. What's the product you'd like to swap, and which size and color do you want "
              "instead?", ["item", "new_options"]),
    (R_ITEMS, "Which of the products in that order is the one you want to exchange?", ["item"]),
    (R_ITEMS, "What would you like to exchange the shorts for (color and size)?", ["new_options"]),
    (R_ITEMS, "Which color would you like, and in what size?", ["new_options"]),
    (R_ITEMS, "What options should the new item have?", ["new_options"]),
    (R_ITEMS, "Please tell me the new color and size for the Running Shorts.", ["new_options"]),
    (R_ITEMS, "Which version would you like instead? The shorts come in black, navy and olive, in sizes S to "
              "XL.", ["new_options"]),
    (R_ITEMS2, "Which item would you like to exchange - and what finish and light color do you "
               "want?", ["item", "new_options"]),
    (R_ITEMS2, "What would you like the lamp swapped for?", ["new_options"]),
    (R_ITEMS2, "Which product needs exchanging?", ["item"]),
    (R_ITEMS2, "What variant of the Desk Lamp would you prefer?", ["new_options"]),
    (R_ITEMS, "What do you want to exchange?", ["item"]),
]


# a sixteenth round: asks beside an offer of the agent's action or a step on the phone (0 of 14 wrong)
ASKS += [
    (R_EMAIL, "I can cancel order #W3125736 for you. Before I do, could you tell me the reason for "
              "cancelling?", ["reason"]),
    (R_EMAIL, "Once you share the reason, I'll cancel order #W3125736 right away.", ["reason"]),
    (R_ADDRESS, "I can update the address on #W3135709 - what should the new address be?", ["new_address"]),
    (E_INVOICE, "I'll generate the invoice as soon as you tell me the title you'd like on it.", ["invoice_title"]),
    (E_DATE, "I can book the installation for you - which date should I reserve?", ["date"]),
    (M_PLAN, "I can switch your plan right now. Which plan would you like?", ["plan"]),
    (T_LINE, "While your phone restarts, could you tell me the phone number of the affected line?", ["phone_number"]),
    (T_LINE, "Before we try anything on the phone, what's the number of your line?", ["phone_number"]),
    (T_LINE, "To check roaming on our side, I'll need your phone number first.", ["phone_number"]),
    (T_LINE, "Could you read me the phone number on the account so I can check the line status?", ["phone_number"]),
    (C_CANCEL, "I can cancel the appointment. Could you share the reason - illness, schedule conflict, or something "
               "else?", ["reason"]),
    (P_MOVE, "I can schedule the move-out once you give me the date you're leaving.", ["move_out_date"]),
    (B_DISPUTE, "I can open a dispute for you. First, what's your full name as it appears on the card?", ["full_name"]),
]


# a seventeenth round: facts by what they are for ('which digits would someone dial to reach the phone?'), a
# 'destination address', 'the last day you'll be living at the property' (5 of 30 wrong before, 2 still)
ASKS += [
    (T_LINE, "So I can look this up, which digits would someone dial to reach the phone that's acting "
             "up?", ["phone_number"]),
    (T_LINE, "What's the cell number that's giving you trouble?", ["phone_number"]),
    (T_LINE, "Could you tell me the month, day and year you were born?", ["date_of_birth"]),
    (T_LINE, "And the name exactly as it's printed on your bill?", ["full_name"]),
    (E_INVOICE, "Which number do we text your delivery updates to? That's the one your account is "
                "under.", ["phone_number"]),
    (E_INVOICE, "What mobile number did you sign up with?", ["phone_number"]),
    (R_EMAIL, "Which address do our shipping notifications go to? I'll look you up with it.", ["email"]),
    (R_EMAIL, "What's the ID in the subject line of your order email? It starts with W.", ["order_id"]),
    (R_EMAIL, "When you get a chance, send me the order number - it's at the top of your receipt.", ["order_id"]),
    (R_EMAIL, "I'll just need to note why you're cancelling: no longer needed, or ordered by mistake?", ["reason"]),
    (R_EMAIL, "What email did you check out with?", ["email"]),
    (R_NAME, "What's the postcode where you live?", ["zip"]),
    (R_NAME, "Please tell me the first and last name the account was opened under.", ["name"]),
    (R_ADDRESS, "Please send the street address, city, state and ZIP where it should be delivered "
                "now.", ["new_address"]),
    (R_ADDRESS, "What's the destination address you'd like the order rerouted to?", ["new_address"]),
    pytest.param(R_ITEMS, "Which thing from the order are you hoping to swap out?", ["item"],
                 marks=pytest.mark.xfail(strict=True, reason="'thing' is too generic a noun to name the item")),
    (R_ITEMS, "What colour and size would suit you better?", ["new_options"]),
    pytest.param(E_IMAGES, "When you get a moment, snap a quick shot of the damaged box and send it over.", ["photo"],
                 marks=pytest.mark.xfail(strict=True, reason="'a shot' is no image noun (it is also a try)")),
    (E_IMAGES, "Please grab a screenshot of our product page showing the new lower price.", ["screenshot"]),
    (E_DATE, "What day should our installer come by?", ["date"]),
    (E_DATE, "Let me know a date in March that suits you, and I'll book the installer.", ["date"]),
    (M_CANCEL, "I'll need the ID on your account - it's in your welcome email, starting with A.", ["account_id"]),
    (M_PLAN, "Which tier would you like to move up to?", ["plan"]),
    (M_PLAN, "Are you after Basic or Premium?", ["plan"]),
    (C_MOVE, "What's the family name on your patient record?", ["last_name"]),
    (C_MOVE, "Which date would you like to move your visit to?", ["new_date"]),
    (P_MOVE, "What's the last day you'll be living at the property?", ["move_out_date"]),
    (P_MOVE, "Please send me the account number printed on your bill (it looks like 0000-0000).", ["account_number"]),
    (B_DISPUTE, "What are the last 4 digits of the card you were charged on?", ["card_last_four"]),
    (S_CHARGE, "What email do you sign in to StreamCo with?", ["email"]),
]


# an eighteenth round: an account and a plan asked around steps on the device (mock), 'the A-number', 'a different
# plan. Which one …?' (2 of 20 wrong before)
ASKS += [
    (M_PLAN, "While the router restarts, could you send me your account ID?", ["account_id"]),
    (M_PLAN, "Please turn Wi-Fi back on, and then tell me your account number so I can check the "
             "plan.", ["account_id"]),
    (M_PLAN, "Once that's done, send me the ID on your account.", ["account_id"]),
    (M_CANCEL, "I'm sorry to hear you want to cancel. Could you share your account ID? It's the code that starts "
               "with an A.", ["account_id"]),
    (M_CANCEL, "To cancel, I just need your account ID.", ["account_id"]),
    (M_CANCEL, "Which account would you like to cancel the subscription for?", ["account_id"]),
    (M_CANCEL, "What's the account?", ["account_id"]),
    (M_CANCEL, "Please share the A-number on your account.", ["account_id"]),
    (M_PLAN, "Your connection looks good now. Next, which plan would you like - Basic or Premium?", ["plan"]),
    (M_PLAN, "I can move you to a different plan. Which one are you interested in?", ["plan"]),
    (M_PLAN, "Tell me the account ID and which plan you'd like, and I'll make the switch.", ["account_id", "plan"]),
    (M_PLAN, "Could you tell me your account ID (it looks like A123)?", ["account_id"]),
    (M_PLAN, "What's the account ID on the subscription you want upgraded?", ["account_id"]),
    (M_PLAN, "Which plan do you want to change to?", ["plan"]),
    (M_PLAN, "Sure! What plan should I switch you to?", ["plan"]),
    (M_PLAN, "Do you know your account ID? If not, it's in your welcome email.", ["account_id"]),
    (M_CANCEL, "Can I get your account ID to pull up the subscription?", ["account_id"]),
    (T_LINE, "While the phone restarts, what's the phone number on your account?", ["phone_number"]),
    (T_LINE, "Meanwhile, could you give me your full name and date of birth?", ["date_of_birth", "full_name"]),
]


# a twenty-first round: terse and indirect asks ('Order number?', 'Feel free to paste the order ID here', 'It would
# be great to have your phone number', 'Just need your email to continue') (3 of 20 wrong before)
ASKS += [
    (R_EMAIL, "Pop your order number in the chat and I'll take a look.", ["order_id"]),
    (R_EMAIL, "Go ahead and drop your email below.", ["email"]),
    (R_EMAIL, "Feel free to paste the order ID here.", ["order_id"]),
    (R_EMAIL, "Mind confirming your email for me?", ["email"]),
    (T_LINE, "Could I trouble you for your DOB?", ["date_of_birth"]),
    (M_PLAN, "I'd love to get your account ID so I can help.", ["account_id"]),
    (E_INVOICE, "It would be great to have your phone number so I can find the order.", ["phone_number"]),
    (R_NAME, "Kindly furnish your full name and ZIP code.", ["name", "zip"]),
    (R_NAME, "I'll need you to type in your ZIP.", ["zip"]),
    (R_EMAIL, "Just need your email to continue.", ["email"]),
    (R_EMAIL, "Email address, please.", ["email"]),
    (R_EMAIL, "Order number?", ["order_id"]),
    (T_LINE, "Name and date of birth, please.", ["date_of_birth", "full_name"]),
    (R_EMAIL, "Send over the order number whenever you're ready.", ["order_id"]),
    (E_IMAGES, "Attach the screenshot here when you can.", ["screenshot"]),
    (E_DATE, "Preferred installation date?", ["date"]),
    (M_CANCEL, "Account ID?", ["account_id"]),
    (R_ADDRESS, "New address, please - street, city, state, ZIP.", ["new_address"]),
    (R_EMAIL, "Which email would I find your account under", ["email"]),
    (T_LINE, "Please reply with the number of the line you're having trouble with", ["phone_number"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS)
def test_asks_for_facts(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched  # understood: the user answers, it does not say "sorry, which … do you mean?"
    assert not reading.confirmation


NOTHING_ASKED = [
    (R_EMAIL, "Thanks, I've found your account under that email."),
    (R_EMAIL, "No need to send your email again - I already have it."),
    (R_EMAIL, "Your order number is W3125736 and it's still pending."),
    (R_EMAIL, "The reason you gave, no longer needed, has been recorded."),
    (R_NAME, "The name on the card doesn't need to match the name on the account."),
    (R_ITEMS, "Once the exchange goes through, you'll get a confirmation at your email address."),
    (E_INVOICE, "Our invoice team will email you the PDF within a day."),
    (E_DATE, "I can see the order was placed on March 2nd and delivered two days later."),
    (T_LINE, "I've sent a payment request to the phone number on your account."),
    (M_PLAN, "Your plan will switch to Premium at the start of the next billing cycle."),
    (R_EMAIL, "If the email doesn't match, I won't be able to find the account."),
    (R_EMAIL, "I'll send the cancellation confirmation to the email we have on file."),
    (E_INVOICE, "The invoice will be issued under the title you choose, and it can't be changed afterwards."),
    (T_LINE, "I located the account using your phone number, thanks."),
    (R_ADDRESS, "Note that the new address must be within the US."),
    (E_DATE, "Installation dates are available Monday through Saturday."),
    (M_PLAN, "You're moving from Basic to Premium today."),
    (R_EMAIL, "Two reasons are accepted here: no longer needed and ordered by mistake."),
    (T_LINE, "I've checked the line and roaming is currently disabled."),
    (T_LINE, "Your line 206-555-0128 is active and in good standing."),
    (R_EMAIL, "No problem - the reason is optional, but it helps us improve."),
    (R_EMAIL, "You can find your order number in the confirmation email we sent you."),
    (R_EMAIL, "Your email is only used to verify your account."),
    (R_ADDRESS, "Your new address has been saved on the order."),
    (T_LINE, "Thanks, I have your date of birth on file now."),
    (R_EMAIL, "I see the order was placed under a different email than the one you first gave."),
    (R_NAME, "Thanks, Aisha - your name and zip code match our records."),
    (E_INVOICE, "The phone number you gave is linked to two orders."),
    (T_LINE, "Your date of birth matches, thank you."),
    (R_PAY, "The refund will go back to the original payment method."),
]


# a ninth round of hard negatives: the facts' words in information, a summary, a policy, a thanks
NOTHING_ASKED += [
    (R_EMAIL, "I've located your account using the email you provided. I can see order #W3125736, which is still "
              "pending."),
    (R_EMAIL, "Once the cancellation goes through, a confirmation will be sent to your email address and the refund "
              "will go back to your original payment method."),
    (R_NAME, "Thanks, Aisha! Your name and ZIP code match the account on file."),
    (T_LINE, "I've verified your identity - thank you, Priya."),
    (E_DATE, "Installations can be booked any day from Monday to Saturday, between 9 am and 5 pm."),
    (M_PLAN, "The Premium plan includes unlimited streaming and priority support."),
    (R_ADDRESS, "Please note that address changes are only possible while the order is still pending."),
    (R_PAY, "PayPal refunds usually take 3-5 business days to appear."),
    (E_IMAGES, "Screenshots from other retailers can't be used for a price match - only prices on our own site "
               "qualify."),
    (C_MOVE, "Your date of birth is only used to confirm it's really you."),
    (P_MOVE, "Your account number is printed at the top of every bill."),
    (B_DISPUTE, "Disputes on card transactions usually take up to 10 business days to resolve."),
    (R_EMAIL, "Here's a summary:\n- **Email:** noor.rossi324@inbox.example.org\n- **Order:** #W3125736 (pending)"),
    (E_INVOICE, "Your phone number is also where we'll text the delivery updates."),
]


# an eleventh round of hard negatives (1 of these 12 read wrong before: a price per month's slash as options)
NOTHING_ASKED += [
    (E_INVOICE, "I've issued the invoice to Harbor Print Ltd - you'll receive it by email shortly."),
    (E_INVOICE, "Invoices show the title exactly as entered, so double-check the spelling before you send it."),
    (R_EMAIL, "Great news - order #W3125736 has been cancelled and the refund will go back to your original payment "
              "method."),
    (R_EMAIL, "I found your account. You have two orders: #W3125736 (pending) and #W3125999 (delivered)."),
    (T_LINE, "Thanks, Priya - your identity is verified and I can see the line ending in 0128."),
    (C_MOVE, "Your appointment has been moved to December 8th at the same time."),
    (P_MOVE, "Your final bill will be sent to the address we have on file."),
    (B_DISPUTE, "I've opened a dispute for the Coastline Fuel charge of $62.18. You'll see a provisional credit "
                "within 2 business days."),
    (R_NAME, "Note: the ZIP code must match the billing address on the account."),
    (M_PLAN, "Premium costs $20/month and Basic costs $10/month."),
    (S_CHARGE, "I can see three charges of $12.99 on your account this month."),
    (E_DATE, "The technician will call you about 30 minutes before arriving."),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED)
def test_the_same_words_without_an_ask(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.unmatched


CANNOT_ANSWER = [
    (E_INVOICE, "Could you give me the tracking number from the carrier?"),
    (R_ITEMS, "What's the item ID of the product you'd like to return?"),
    (T_LINE, "Can you read me the PUK code from your SIM card packaging?"),
    (T_LINE, "What's your customer ID?"),
    (R_EMAIL, "What's your user ID?"),
    (E_IMAGES, "Could you give me the product ID of the item?"),
    (T_LINE, "What is the bill ID of the overdue bill?"),
    (R_EMAIL, "What's your home address?"),
    (R_EMAIL, "What's the shipping address on the order?"),
]


# a fifteenth round of asks the user cannot answer: ids of things the user never had, another address than theirs,
# a past date where the user's date is one to book (1 of 16 read as an ask before: 'What date was the item
# delivered?')
CANNOT_ANSWER += [
    (R_EMAIL, "What's the SKU of the product you ordered?"),
    (R_EMAIL, "Do you have the tracking number for the shipment?"),
    (R_ADDRESS, "What's the billing address on your card?"),
    (R_ADDRESS, "What's the current shipping address on the order?"),
    (T_LINE, "What's the IMEI of your phone? You can find it by dialing *#06#."),
    (T_LINE, "Could you tell me the ICCID number printed on your SIM card?"),
    (E_DATE, "When did you place the order?"),
    (E_DATE, "What date was the item delivered?"),
    (M_PLAN, "What's the email address on the account?"),
    (R_NAME, "What's your phone number?"),
    (E_INVOICE, "What's your company's tax ID for the invoice?"),
    (E_IMAGES, "What's the serial number on the damaged unit?"),
    (R_PAY, "What are the last four digits of the credit card?"),
    (T_LINE, "What's your account PIN?"),
    (C_MOVE, "What's your patient ID?"),
    (R_EMAIL, "What's the name of the courier that delivered it?"),
]


@pytest.mark.parametrize(("where", "text"), CANNOT_ANSWER)
def test_an_ask_the_user_cannot_answer_is_unmatched(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and reading.unmatched


def test_read_backs_with_the_users_value_and_with_another() -> None:
    check = _read(R_EMAIL, "Just to double-check, is your email noor.rossi324@inbox.example.org?")
    assert [f.key for f in check.verified] == ["email"] and not check.misread
    zip_check = _read(R_NAME, "I have your ZIP as 70365 - is that right?")
    assert [f.key for f in zip_check.verified] == ["zip"]
    wrong = _read(R_EMAIL, "I found order W3125763 under your email - is that the one?")
    assert [f.key for f in wrong.misread] == ["order_id"]


@pytest.mark.parametrize("text", [
    "What can I help you with today?",
    "Could you describe what's going on with the order?",
    "What happens exactly when you try to open the order page?",
    "Do you see any error message when it fails?",
    "When did the problem start?",
    "What brings you in today?",
])
def test_asks_for_the_request(text: str) -> None:
    reading = _read(R_EMAIL, text)
    assert reading.goal_question and not reading.asked


# values read back: the user's own (a check, "verified") or another of the fact's shape ("misread"); 3 of these 14
# were read wrong before (a ZIP of other digits, a name one letter short, "Is <phone> the number on your account?")
@pytest.mark.parametrize(("where", "kind", "text", "facts"), [
    (R_EMAIL, "verified", "Can you confirm that your email is noor.rossi324@inbox.example.org?", ["email"]),
    (R_EMAIL, "misread", "I have your email as noor.rossi342@inbox.example.org - is that right?", ["email"]),
    (R_EMAIL, "verified", "Just to make sure, the order is #W3125736, correct?", ["order_id"]),
    (R_EMAIL, "misread", "Is W3125763 the order you want cancelled?", ["order_id"]),
    (R_NAME, "verified", "So that's Aisha Kovacs in 70365 - did I get that right?", ["name", "zip"]),
    (R_NAME, "misread", "I have Aisha Kovacs with ZIP 70356. Is that correct?", ["zip"]),
    (R_NAME, "misread", "Let me confirm: Aisha Kovac, ZIP 70365?", ["name"]),
    (E_INVOICE, "verified", "Is 272-555-7588 the number on your account?", ["phone_number"]),
    (E_INVOICE, "misread", "I searched for 272-555-7858 but found nothing. Is that the right number?",
     ["phone_number"]),
    (T_LINE, "misread", "I have your birthday as February 17, 1992 - is that correct?", ["date_of_birth"]),
    (T_LINE, "verified", "Your date of birth is February 17, 1991, right?", ["date_of_birth"]),
    (T_LINE, "misread", "I found the account under Priya Ramen. Is that you?", ["full_name"]),
    (M_PLAN, "misread", "I pulled up account A110. Is that yours?", ["account_id"]),
    (M_PLAN, "verified", "Account A101 - is that the right one?", ["account_id"]),
])
def test_values_read_back(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# questions that ask for no fact: checks that the user follows and offers of more help are understood (nothing to
# say "sorry, which … do you mean?" to); asks for the problem ask for the request. 6 of these 24 were unmatched
# before ("Does that make sense?", "Are you still there?", "What issue are you having with your phone?")
@pytest.mark.parametrize(("where", "text"), [
    (R_EMAIL, "Is there anything else you need help with today?"),
    (R_EMAIL, "Does that make sense?"),
    (R_EMAIL, "Any other questions I can answer?"),
    (R_EMAIL, "Sound good?"),
    (R_EMAIL, "How does that sound?"),
    (R_EMAIL, "Would that work for you?"),
    (R_EMAIL, "What else can I do for you?"),
    (R_EMAIL, "Can I help with anything else?"),
    (R_EMAIL, "Is everything clear?"),
    (R_EMAIL, "Does that answer your question?"),
    (R_EMAIL, "Are you still there?"),
    (R_EMAIL, "Could you clarify what you mean?"),
])
def test_questions_for_no_fact_are_understood(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.unmatched


@pytest.mark.parametrize(("where", "text"), [
    (R_EMAIL, "What would you like to do with this order?"),
    (R_EMAIL, "How would you like to proceed?"),
    (R_EMAIL, "What can I do for you today?"),
    (R_EMAIL, "What do you need help with?"),
    (E_INVOICE, "What seems to be the problem with your order?"),
    (E_INVOICE, "Is there an issue with your order I can help with?"),
    (T_LINE, "What issue are you having with your phone?"),
    (T_LINE, "Can you tell me what's going on with your service?"),
    (T_LINE, "What's not working?"),
    (T_LINE, "What exactly isn't working - calls, texts, or data?"),
    (M_PLAN, "What brings you here today?"),
    (M_PLAN, "What would you like to do with your account?"),
])
def test_questions_for_the_problem_ask_for_the_request(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert reading.goal_question and not reading.asked and not reading.unmatched


# a ninth round of read-backs in other formats: an email in other case, a date with slashes or day first, a phone
# number with brackets or dots, an address abbreviated, an account number with a space, a card by its last four
@pytest.mark.parametrize(("where", "kind", "text", "facts"), [
    (R_EMAIL, "verified", "Just to confirm, the email on your account is Noor.Rossi324@inbox.example.org - is that "
                          "right?", ["email"]),
    (R_ADDRESS, "verified", "So the new address is 836 Birch Blvd., Brookfield, WI 33688 - did I get that right?",
     ["new_address"]),
    (R_ADDRESS, "misread", "So the new address is 836 Birch Boulevard, Brookfield, WI 33868 - did I get that right?",
     ["new_address"]),
    (T_LINE, "verified", "I have your date of birth as 02/17/1991 - can you confirm that's correct?",
     ["date_of_birth"]),
    (T_LINE, "misread", "Just to confirm, your date of birth is 17 February 1993?", ["date_of_birth"]),
    (T_LINE, "verified", "Is (206) 555-0128 the number you're calling about?", ["phone_number"]),
    (T_LINE, "misread", "I looked up 206.555.0182 - is that the right line?", ["phone_number"]),
    (E_INVOICE, "misread", "Got it - the invoice title will read Harbour Print Ltd. Is that spelled correctly?",
     ["invoice_title"]),
    (M_PLAN, "verified", "To confirm, your account ID is a101?", ["account_id"]),
    (R_EMAIL, "misread", "I wasn't able to find anything under noor.rossi@inbox.example.org. Could you double-check "
                         "it?", ["email"]),
    (C_MOVE, "verified", "So that's Okoro, born April 12, 1988 - correct?", ["date_of_birth", "last_name"]),
    (C_MOVE, "misread", "I have you down as Okoro, born 12 April 1989. Is that right?", ["date_of_birth"]),
    (P_MOVE, "verified", "Your account number is 4417 2290, correct?", ["account_number"]),
    (P_MOVE, "misread", "Is 4417-2209 your account number?", ["account_number"]),
    (S_CHARGE, "misread", "I found an account under mara.lindquist@example.com - is that yours?", ["email"]),
    (B_DISPUTE, "verified", "Just to confirm, you're Priya Nair and the card ends in 4417?",
     ["card_last_four", "full_name"]),
    (E_DATE, "misread", "Just to confirm, the date you want is March 15?", ["date"]),
])
def test_values_read_back_in_other_formats(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# a tenth round of read-backs: lists, digits one by one, a value at the end of a question, a failed look-up
READ_BACKS_10 = [
    (R_NAME, "verified", "Here's what I have:\n- **Name:** Aisha Kovacs\n- **ZIP:** 70365\n\nIs that "
                         "correct?", ["name", "zip"]),
    (R_EMAIL, "verified", "Can you confirm the following details?\n- Email: noor.rossi324@inbox.example.org\n- "
                          "Order: #W3125736", ["email", "order_id"]),
    (T_LINE, "verified", "Just to verify - your number is +1 206 555 0128?", ["phone_number"]),
    (T_LINE, "verified", "I have your date of birth as Feb 17th, 1991. Is that accurate?", ["date_of_birth"]),
    (T_LINE, "misread", "I have your date of birth as Feb 7th, 1991. Is that accurate?", ["date_of_birth"]),
    (R_NAME, "verified", "Your ZIP code is 7-0-3-6-5, correct?", ["zip"]),
    (R_NAME, "verified", "So I'm speaking with aisha kovacs?", ["name"]),
    (T_LINE, "misread", "I've pulled up the account for Priya Rahman.", ["full_name"]),
    (R_NAME, "verified", "Is your ZIP still 70365?", ["zip"]),
    pytest.param(R_EMAIL, "verified", "You mentioned your email is noor.rossi324@inbox.example.org - I just want to "
                                      "make sure that's right before I search. Is it?", ["email"],
                 marks=pytest.mark.xfail(strict=True, reason="an elliptical 'Is it?' after a read-back is not read "
                                                             "as a check")),
    (R_EMAIL, "misread", "Thanks! I'll look up noor.rossi234@inbox.example.org now.", ["email"]),
    (E_INVOICE, "verified", "The number you gave me is (272) 555-7588 - can you confirm?", ["phone_number"]),
    (E_INVOICE, "misread", "I don't see any orders under 272-555-7558. Could you check the number "
                           "again?", ["phone_number"]),
    (M_PLAN, "misread", "I found account A-110 - can you confirm that's yours?", ["account_id"]),
    (R_EMAIL, "misread", "I see order W3125756 on your account. Is this the one you'd like to cancel?", ["order_id"]),
    (E_DATE, "verified", "So the installation date you'd like is Thursday, 5 March - right?", ["date"]),
    pytest.param(C_MOVE, "misread", "I couldn't find a patient named Okora born on April 12, 1988. Could you spell "
                                    "your last name for me?", ["last_name"],
                 marks=pytest.mark.xfail(strict=True, reason="a one-word value one letter off is no near"
                                                             " miss (only one word of several may be)")),
    (P_MOVE, "verified", "Thanks - so that's account 44172290?", ["account_number"]),
    (S_CHARGE, "verified", "Is MARA.LINDQVIST@EXAMPLE.COM the email you sign in with?", ["email"]),
    (B_DISPUTE, "misread", "I have the cardholder as Priya Nair, card ending 4471. Is that right?", ["card_last_four"]),
    (T_LINE, "verified", "Confirming: Priya Raman, DOB 2/17/1991, line 206-555-0128. All "
                         "correct?", ["date_of_birth", "full_name", "phone_number"]),
    (R_NAME, "misread", "Thanks, Aisha. I'm searching for Aisha Kovacs in ZIP 70356 now.", ["zip"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_10)
def test_values_read_back_in_lists_and_questions(where: tuple[str, str], kind: str, text: str,
                                                 facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# a twelfth round of read-backs, most of them wrong: a value after the label of another fact ("the photo (IMG-…)"),
# a date or an amount in a check, a ZIP searched for and not found, a size after its label (9 of 19 read wrong before)
READ_BACKS_12 = [
    (R_EMAIL, "misread", "I've pulled up your account (noor.rosi324@inbox.example.org). Which order would you like "
                         "to cancel?", ["email"]),
    (R_EMAIL, "misread", "Thanks! I've located order #W3152736 - it's still pending, so it can be "
                         "cancelled.", ["order_id"]),
    (R_NAME, "misread", "I found an account for Aisha Kovacs, but the ZIP on file is 70635. Could you double-check "
                        "your ZIP?", ["zip"]),
    (R_ADDRESS, "misread", "I'll update the shipping address to 863 Birch Boulevard, Brookfield, WI "
                           "33688.", ["new_address"]),
    (R_ADDRESS, "misread", "So you'd like it sent to 836 Birch Boulevard, Brookdale, WI 33688 "
                           "instead?", ["new_address"]),
    (R_ADDRESS, "verified", "Just confirming the address: 836 Birch Blvd, Brookfield, Wisconsin 33688 - is that "
                            "right?", ["new_address"]),
    pytest.param(R_PAY, "misread", "Got it - you'd like to switch the payment to PayPal. Is that "
                                   "right?", ["payment_method"],
                 marks=pytest.mark.xfail(strict=True, reason="a payment method that no tool enumerates: another "
                                                             "method named is not seen as a misread")),
    (R_ITEMS, "misread", "To confirm, you'd like to exchange the Running Shorts for the navy, size S "
                         "version?", ["new_options"]),
    (E_INVOICE, "misread", "Thanks! I found order E206091 under your number. Is that the one?", ["order_id"]),
    (E_INVOICE, "verified", "I see order E206019 on your account - is that the one you need the invoice "
                            "for?", ["order_id"]),
    (E_IMAGES, "misread", "Thanks for the photo (IMG-4152). I'll attach it to the damage claim.", ["photo"]),
    (E_DATE, "misread", "Great, I have the installation down for Friday, March 6. Does that work?", ["date"]),
    (T_LINE, "misread", "Thanks, Priya. I see the line 206-555-0129 on your account.", ["phone_number"]),
    (T_LINE, "verified", "Thanks, Priya Raman - and your birthday is the 17th of February, "
                         "1991?", ["date_of_birth", "full_name"]),
    pytest.param(M_PLAN, "misread", "I see account A102 is on the Basic plan. Shall we continue?", ["account_id"],
                 marks=pytest.mark.xfail(strict=True, reason="the plan the account is on now is read as a misread "
                                                             "of the plan asked for")),
    (C_MOVE, "misread", "I've found your record, Ms. Okoro. You'd like to move the appointment to December 9th - "
                        "correct?", ["new_date"]),
    (P_MOVE, "misread", "I'll schedule the move-out for December 18th on account 4417-2290. Shall I "
                        "proceed?", ["move_out_date"]),
    (B_DISPUTE, "misread", "I see a charge from Coastline Fuel for $61.28 - is that the one?", ["amount"]),
    (S_CHARGE, "verified", "Is Mara.Lindqvist@Example.com the address you use to sign in?", ["email"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_12)
def test_values_misread_in_checks_and_statements(where: tuple[str, str], kind: str, text: str,
                                                 facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# a thirteenth round of hard negatives: questions and directives that use a fact's name without asking for it —
# keep it, check an inbox, make sure of it, questions about something else (4 of these 22 read as asks before)
@pytest.mark.parametrize(("where", "text"), [
    (R_EMAIL, "Please check your email for the cancellation confirmation - it should arrive within a few minutes."),
    (R_EMAIL, "Please keep your order number handy in case you need to contact us again."),
    (R_EMAIL, "Do you want me to send the cancellation receipt to your email?"),
    (R_ADDRESS, "Shall I go ahead and update the address on the order?"),
    (R_PAY, "Would you like the refund to go back to the original payment method?"),
    (T_LINE, "Let me know if anything changes with your phone number in the future."),
    (M_PLAN, "Feel free to reach out if you have any questions about your plan."),
    (R_EMAIL, "Is there anything else I can help you with regarding your order?"),
    (R_EMAIL, "Did you receive a confirmation email when you placed the order?"),
    (E_IMAGES, "Did the package look damaged when it arrived, or only the item inside?"),
    (E_INVOICE, "Would you like the invoice emailed to you as a PDF?"),
    (T_LINE, "Have you recently changed your phone or SIM card?"),
    (R_NAME, "Make sure the name you use matches the one on your account next time."),
    (E_DATE, "Would you like me to check installation availability for that date?"),
    pytest.param(R_ITEMS, "Do you still have the original packaging for the item?",
                 marks=pytest.mark.xfail(strict=True, reason="'the packaging for the item' is read as naming the "
                                                             "item")),
    (R_EMAIL, "Please don't share your password with anyone, including us."),
    (C_MOVE, "Please arrive ten minutes before your appointment time."),
    (P_MOVE, "Please remember to take a final meter reading on the day you move out."),
    (B_DISPUTE, "Please keep an eye on your statement for the provisional credit."),
    (S_CHARGE, "Please allow 5-7 business days for the refunds to appear on your card."),
    (R_EMAIL, "Can you see the order in your account's order history?"),
    (E_INVOICE, "Is this for a business purchase?"),
])
def test_asks_about_something_else_ask_for_no_fact(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.misread and not reading.verified


# a sixteenth round of read-backs: values laid out after "Please verify:", a table of values, a name spelled letter by
# letter, "is that exactly how you want it to appear?" (3 of these 16 read wrong before)
@pytest.mark.parametrize(("where", "kind", "text", "facts"), [
    (R_EMAIL, "verified", "Is noor.rossi324@inbox.example.org still the best email for your account?", ["email"]),
    (R_NAME, "verified", "I have the following on file:\n- Name: Aisha Kovacs\n- ZIP: 70365\n\nPlease confirm these "
                         "details are correct.", ["name", "zip"]),
    (T_LINE, "verified", "Please verify: Name - Priya Raman, DOB - 17 Feb 1991.", ["date_of_birth", "full_name"]),
    (T_LINE, "verified", "Your DOB: 17 Feb 1991 — correct?", ["date_of_birth"]),
    (T_LINE, "verified", "Please confirm your date of birth is February 17, 1991.", ["date_of_birth"]),
    (T_LINE, "verified", "| Field | Value |\n|---|---|\n| Name | Priya Raman |\n| DOB | 1991-02-17 |\n\nDoes "
                         "everything look right?", ["date_of_birth", "full_name"]),
    (T_LINE, "misread", "| Field | Value |\n|---|---|\n| Name | Priya Raman |\n| DOB | 1991-02-18 |\n\nDoes "
                        "everything look right?", ["date_of_birth"]),
    (E_INVOICE, "misread", "Can you confirm the phone number on your account is 272-555-7589?", ["phone_number"]),
    (M_PLAN, "verified", "Okay - account A101, correct?", ["account_id"]),
    (R_ADDRESS, "verified", "Is this the address you'd like: 836 Birch Boulevard, Brookfield, WI "
                            "33688?", ["new_address"]),
    (R_ITEMS, "verified", "So you'd like the shorts in black, size S - have I got that right?", ["new_options"]),
    (R_ITEMS, "misread", "So you'd like the shorts in black, size M - have I got that right?", ["new_options"]),
    (E_INVOICE, "verified", "The title will be \"Harbor Print Ltd\" - is that exactly how you want it to "
                            "appear?", ["invoice_title"]),
    (C_MOVE, "verified", "Thanks - just to double-check, that's O-K-O-R-O, born 12 April "
                         "1988?", ["date_of_birth", "last_name"]),
    (P_MOVE, "verified", "And your move-out date is the 19th of December - is that right?", ["move_out_date"]),
    (P_MOVE, "misread", "And your move-out date is the 9th of December - is that right?", ["move_out_date"]),
])
def test_values_laid_out_to_check(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


def test_an_approval_may_ask_for_a_fact_too() -> None:
    reading = _read(R_EMAIL, "Shall I go ahead and cancel it? If so, please also let me know why you're cancelling.")
    assert reading.confirmation and [f.key for f in reading.asked] == ["reason"] and not reading.unmatched


# a nineteenth round: read-backs put as questions check values and ask for none of them (0 of 12 wrong)
@pytest.mark.parametrize(("where", "text"), [
    (R_EMAIL, "Could you confirm the email on your account - is it noor.rossi324@inbox.example.org?"),
    (R_EMAIL, "Is your email noor.rossi342@inbox.example.org?"),
    (R_NAME, "Can you confirm your ZIP is 70365?"),
    (T_LINE, "Please confirm the phone number 206-555-0128 is the line with the issue."),
    (E_INVOICE, "So the invoice should be titled Harbor Print Ltd, correct?"),
    (M_PLAN, "Just to confirm, your account ID is A101 and you'd like Premium?"),
    (E_DATE, "Just to double-check - March 5th is the date you'd like?"),
    (R_ITEMS, "So it's the Running Shorts you want to exchange, right?"),
    (C_MOVE, "Can you confirm your date of birth is 12 April 1988?"),
    (P_MOVE, "You're moving out on December 19, right?"),
    (R_ADDRESS, "Is 836 Birch Boulevard, Brookfield, WI 33688 the new address?"),
    (S_CHARGE, "Is mara.lindqvist@example.com the right email?"),
])
def test_a_read_back_question_checks_and_asks_for_nothing(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.unmatched and (reading.verification or reading.confirmation)


# … and lists that explain or report, naming the user's facts in clauses: what the agent did or will do, a label with
# its value (5 of these 6 were read as asks before)
@pytest.mark.parametrize(("where", "text"), [
    (R_EMAIL, "Here's how cancellation works:\n1. I verify your account using your email\n2. I check the order "
              "status\n3. I cancel it and the refund goes to your original payment method"),
    (E_INVOICE, "Here's what happens next:\n- The invoice is issued under the title you gave\n- A PDF is sent to "
                "your phone number by SMS\n- You can download it anytime"),
    (T_LINE, "What I've done so far:\n- Verified your identity (name and date of birth)\n- Checked the line status: "
             "active\n- Confirmed roaming is enabled"),
    (R_ADDRESS, "**Summary of changes**\n- Order: #W3135709\n- New shipping address: updated\n- Status: pending"),
    (E_DATE, "Next steps:\n1. The technician will call the phone number on your account the day before\n2. They'll "
             "arrive between 9 and 5 on the installation date"),
    (M_PLAN, "Plan comparison:\n- **Basic**: $10/month\n- **Premium**: $20/month, includes priority support"),
])
def test_a_list_that_states_asks_for_no_fact(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.misread and not reading.verified


# a twentieth round: yes/no questions about something else that name a fact ("any emails from us" are messages) (3 of
# these 12 read as asks before, 2 still)
@pytest.mark.parametrize(("where", "text"), [
    (R_EMAIL, "Are you able to log in to your account with that email?"),
    pytest.param(R_EMAIL, "Can you see the order number in the app's order history?",
                 marks=pytest.mark.xfail(strict=True, reason="a yes/no question about seeing the number is read as "
                                                             "asking for it")),
    (R_EMAIL, "Would you like the refund to go to the same card?"),
    (R_EMAIL, "Have you received any emails from us about this order?"),
    (E_INVOICE, "Would you like a copy of the invoice sent to your phone number?"),
    (T_LINE, "Is the phone with the issue the same one you're contacting us from?"),
    (M_PLAN, "Would you like to hear what the Premium plan includes before deciding?"),
    pytest.param(E_DATE, "Would you prefer a morning or an afternoon slot on that date?",
                 marks=pytest.mark.xfail(strict=True, reason="'that date', a date already given, is read as asked "
                                                             "again")),
    (R_ADDRESS, "Is the new address a residential or a business address?"),
    (E_IMAGES, "Is the damage visible in the photo you took?"),
    (R_ITEMS, "Does the item still have its tags attached?"),
    (R_NAME, "Did you use the same name when you placed the order?"),
])
def test_a_question_about_something_else_asks_for_no_fact(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.misread and not reading.verified


# a twenty-second round of read-backs on a phone line: numbers and dates in every format ('+1 (206) 555-0128',
# '2/17/91', '17.02.1991'), another number at the end of a check (4 of these 12 read wrong before, 1 still)
@pytest.mark.parametrize(("where", "kind", "text", "facts"), [
    (T_LINE, "verified", "I have your number as +1 (206) 555-0128 - is that right?", ["phone_number"]),
    (T_LINE, "verified", "Is 2065550128 the line you're calling about?", ["phone_number"]),
    (T_LINE, "verified", "Your date of birth is Feb. 17, 1991 - correct?", ["date_of_birth"]),
    (T_LINE, "verified", "Your date of birth is 2/17/91 - correct?", ["date_of_birth"]),
    (T_LINE, "misread", "Your date of birth is 2/17/92 - correct?", ["date_of_birth"]),
    (T_LINE, "verified", "Just to confirm, you were born on the 17th of February 1991?", ["date_of_birth"]),
    (T_LINE, "verified", "I've got Priya Raman, DOB 17.02.1991. Is that correct?", ["date_of_birth", "full_name"]),
    (T_LINE, "verified", "So that's February seventeenth, 1991?", ["date_of_birth"]),  # a spoken day (round 7)
    (T_LINE, "misread", "I have the account holder as Priya Ramon - is that right?", ["full_name"]),
    (T_LINE, "verified", "The account is under PRIYA RAMAN, correct?", ["full_name"]),
    (T_LINE, "verified", "Can you confirm the line is 206 555 0128?", ["phone_number"]),
    (T_LINE, "misread", "Can you confirm the line is 206 555 0182?", ["phone_number"]),
])
def test_phone_numbers_and_dates_read_back_in_any_format(where: tuple[str, str], kind: str, text: str,
                                                         facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# ---------------------------------------------------------------------------------------------------------------------
# a thirtieth round (blind, written before running them): every domain, the teams' own included (gym, rental, hotel are
# tuned by nothing here); facts named by description and format, alternatives, numbered and bulleted asks, asks with
# no question mark, pronoun asks, and hard negatives
G_FREEZE = ("gym", "freeze")  # email, months
G_CANCEL = ("gym", "cancel")  # email, reason (moving_away | too_expensive | health | other)
G_CLUB = ("gym", "home_club")  # email, club (Harbour Street | Millbrook | Station Square)
RE_EXTEND = ("rental", "extend")  # confirmation_code RX-48213, last_name Moreau, return_date 2026-12-20
RE_DRIVER = ("rental", "second_driver")  # confirmation_code RX-50977, last_name Adeyemi, driver_name, licence_number
H_VIEW = ("hotel", "sea_view")  # booking_reference HB7Q2K, last_name Lindgren, room_type
H_BREAKFAST = ("hotel", "breakfast")  # booking_reference KT4M9P, last_name Achebe, guests 2
H_LATE = ("hotel", "late_checkout")  # booking_reference HB7Q2K, last_name Lindgren, checkout_time 13:00
B_FREEZE = ("bank", "freeze_after_alert")  # full_name Jonah Reyes, card_last_four 0032


@functools.cache
def _domain_anywhere(name: str) -> Domain:
    folder = Path(__file__).parent / "data" / name
    return load_domain_folder(folder) if (folder / "tasks.json").exists() else DomainRegistry().get(name)


def _read_any(where: tuple[str, str], text: str) -> Reading:
    """As ``_read``, for the built-in domains and every team's own domain in tests/data."""
    domain, prefix = where
    task = next(t for t in _domain_anywhere(domain).tasks if t.id.startswith(prefix))
    return read(text, vocabulary(task, _domain_anywhere(domain).tool_infos))


ASKS_30 = [
    # retail: descriptions, formats, alternatives, lists, no question mark
    (R_EMAIL, "To pull up your order, I'll need the **email address** you used at checkout.", ["email"]),
    (R_EMAIL, "Happy to help with that! Once you've found the order confirmation, pop the order number in here - it "
              "looks something like #W1234567.", ["order_id"]),
    (R_EMAIL, "Could you share the seven-digit number that follows the W on your receipt?", ["order_id"]),
    (R_EMAIL, "Here's what I'll need to get started:\n\n1. **Email on file**\n2. **Order number** (begins with #W)\n"
              "3. **Reason for cancelling** - *no longer needed* or *ordered by mistake*",
     ["email", "order_id", "reason"]),
    (R_EMAIL, "Whenever you're ready, just send over the address you log in with.", ["email"]),
    (R_EMAIL, "And what prompted you to cancel it", ["reason"]),
    (R_EMAIL, "Got it - and which of the two options best describes why: no longer needed, or ordered by mistake?",
     ["reason"]),
    (R_NAME, "I can verify you one of two ways:\n- your email address, **or**\n- your first and last name plus your "
             "ZIP code\nWhichever is easier for you works.", ["name", "zip"]),
    (R_NAME, "Thanks! The last piece I need is the ZIP code for the billing address.", ["zip"]),
    (R_NAME, "Could you tell me the name the account is under, exactly as you entered it when you registered?",
     ["name"]),
    (R_ADDRESS, "Sure - what's the complete address you'd like this delivered to instead? Please include the street, "
                "city, state and ZIP.", ["new_address"]),
    (R_ADDRESS, "Let me know where you'd like the package to go and I'll update it.", ["new_address"]),
    (R_PAY, "Which card or account would you like this order billed to going forward?", ["payment_method"]),
    (R_ITEMS, "Which product from that order would you like to swap out, and what **color and size** should the "
              "replacement be?", ["item", "new_options"]),
    (R_ITEMS, "Tell me which options you'd like for the new one (for example, colour and size).", ["new_options"]),
    # ecommerce
    (E_INVOICE, "To find your orders I'll need the mobile number registered to your account - the one you get our "
                "delivery texts on.", ["phone_number"]),
    (E_INVOICE, "What should appear as the **invoice header**? This can be your own name or your company's name.",
     ["invoice_title"]),
    (E_INVOICE, "Please share the order number (it starts with \"E\" followed by six digits).", ["order_id"]),
    (E_IMAGES, "When you get a moment, please attach a clear picture of the damaged item.", ["photo"]),
    (E_IMAGES, "To process the price match, I'll need proof of the lower price - a screenshot of the other listing "
               "works perfectly.", ["screenshot"]),
    (E_DATE, "Which day should we schedule the installer for? Any day next week is open.", ["date"]),
    (E_DATE, "Let me know your preferred installation date and I'll lock it in.", ["date"]),
    # telecom
    (T_LINE, "So I can locate your account, please provide the 10-digit mobile number of the affected line.",
     ["phone_number"]),
    (T_LINE, "To keep your account secure, I need to verify a couple of things:\n\n* Your **full name**\n* Your "
             "**date of birth**", ["date_of_birth", "full_name"]),
    (T_LINE, "What's the birthdate of the account holder (MM/DD/YYYY)?", ["date_of_birth"]),
    (T_LINE, "Which number is giving you trouble? Include the area code, please.", ["phone_number"]),
    (T_LINE, "Just send me the line's number and I'll run a diagnostic", ["phone_number"]),
    # mock
    (M_PLAN, "Sure! What's the ID on your account? You'll find it in your welcome email - it starts with the letter A.",
     ["account_id"]),
    (M_PLAN, "Which tier would you like - **Basic** or **Premium**?", ["plan"]),
    (M_CANCEL, "I can cancel that for you. First, please share your account ID.", ["account_id"]),
    (M_CANCEL, "Which account should I close the subscription on", ["account_id"]),
    # bank
    (B_DISPUTE, "To verify your identity, please share your full name and the last four digits of your card.",
     ["card_last_four", "full_name"]),
    (B_DISPUTE, "Which merchant is the charge from, and how much was it?", ["amount", "merchant"]),
    (B_DISPUTE, "What's the name of the business that appears on the charge?", ["merchant"]),
    (B_DISPUTE, "How much was the transaction for?", ["amount"]),
    (B_DISPUTE, "Could you tell me the ending digits of the card - just the final four?", ["card_last_four"]),
    (B_DISPUTE, "And why are you disputing it - you don't recognise it, it's a duplicate, or you never received "
                "what you paid for?", ["reason"]),
    (B_FREEZE, "Before I freeze anything, I'll need the name on the card and its last 4 digits.",
     ["card_last_four", "full_name"]),
    # clinic
    (C_MOVE, "To find your record, could you give me your surname and your date of birth?",
     ["date_of_birth", "last_name"]),
    (C_MOVE, "What day would you like to move the appointment to?", ["new_date"]),
    (C_MOVE, "Which date works better for you instead?", ["new_date"]),
    (C_MOVE, "And your family name, please.", ["last_name"]),
    (C_CANCEL, "May I ask why you need to cancel - is it due to illness, a scheduling conflict, or something else?",
     ["reason"]),
    (C_CANCEL, "Please confirm your last name and DOB so I can pull up your appointments.",
     ["date_of_birth", "last_name"]),
    # power
    (P_MOVE, "Please send me your account number - it's the eight digits with a dash in the middle, printed at the "
             "top of your bill.", ["account_number"]),
    (P_MOVE, "What date are you moving out?", ["move_out_date"]),
    (P_MOVE, "When is your last day at the property?", ["move_out_date"]),
    (P_MOVE, "Which day should we close the account on?", ["move_out_date"]),
    # streamco
    (S_CHARGE, "What's the email address you use to sign in to StreamCo?", ["email"]),
    (S_CHARGE, "To look into those charges I'll need the login email on your subscription.", ["email"]),
    # gym
    (G_FREEZE, "Could you share the email address you signed up with so I can find your membership?", ["email"]),
    (G_FREEZE, "How many months would you like to pause it for? You can choose between 1 and 3.", ["months"]),
    (G_FREEZE, "For how long would you like the freeze to last?", ["months"]),
    (G_FREEZE, "Just let me know the length of the pause - one, two or three months.", ["months"]),
    (G_CANCEL, "Sorry to see you go! Could you let me know the main reason you're cancelling? For example: moving "
               "away, too expensive, health, or something else.", ["reason"]),
    (G_CANCEL, "What's the email on your membership?", ["email"]),
    (G_CLUB, "Which club would you like as your new home club - Harbour Street, Millbrook, or Station Square?",
     ["club"]),
    pytest.param(G_CLUB, "Where would you like to train from now on?", ["club"],
                 marks=pytest.mark.xfail(strict=True, reason="'where' asks for a club only if the rules knew "
                                                             "the options are places; nothing in the schema says so")),
    # rental
    (RE_EXTEND, "Could you give me the confirmation code from your booking email (it looks like RX-12345) and the "
                "last name on the reservation?", ["confirmation_code", "last_name"]),
    (RE_EXTEND, "Until what date would you like to keep the car?", ["return_date"]),
    (RE_EXTEND, "What's the new drop-off date you have in mind?", ["return_date"]),
    (RE_EXTEND, "When would you like to return the vehicle?", ["return_date"]),
    (RE_DRIVER, "What's the full name of the person you'd like to add as a driver?", ["driver_name"]),
    (RE_DRIVER, "I'll also need their driving licence number.", ["licence_number"]),
    (RE_DRIVER, "Please share the additional driver's name and licence number.", ["driver_name", "licence_number"]),
    (RE_DRIVER, "What's the surname the booking was made under?", ["last_name"]),
    # hotel
    (H_VIEW, "Could I have your booking reference? It's the six-character code in your confirmation email.",
     ["booking_reference"]),
    (H_VIEW, "And the guest's surname, please.", ["last_name"]),
    (H_VIEW, "Which room type would you like to upgrade to: superior double, sea view double, or junior suite?",
     ["room_type"]),
    (H_VIEW, "What kind of room did you have in mind?", ["room_type"]),
    (H_BREAKFAST, "How many guests should I add breakfast for?", ["guests"]),
    (H_BREAKFAST, "For how many people would you like the breakfast buffet?", ["guests"]),
    (H_LATE, "What time would you like to check out? The latest we can offer is 14:00.", ["checkout_time"]),
    (H_LATE, "Let me know what time you'd like to leave the room on your last day.", ["checkout_time"]),
    (H_LATE, "To find your stay, please share the booking reference and your last name.",
     ["booking_reference", "last_name"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_30)
def test_asks_for_facts_round_30(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation


NOTHING_ASKED_30 = [
    (R_EMAIL, "I've sent a cancellation confirmation to the **email address** on your account."),
    (R_EMAIL, "Your order number is the code starting with W on your receipt - but no need to send it, I already "
              "found the order."),
    (R_EMAIL, "Cancellations can only be made for pending orders; delivered orders need a return instead."),
    (R_NAME, "All set - your name and ZIP match what we have on file."),
    (R_ADDRESS, "**Done!** The new delivery address is now on order #W3135709."),
    (R_PAY, "Gift card balances are applied before any card is charged."),
    (E_INVOICE, "Invoices are emailed as PDFs; the title you choose is printed at the top."),
    (E_DATE, "Installers work from 9 am to 5 pm, so whichever date you pick, they'll arrive in that window."),
    (E_IMAGES, "Thanks for the photo - the damage is clearly visible."),
    (T_LINE, "Your date of birth is used only to verify your identity and is never shared."),
    (T_LINE, "I've checked the line ending in 0128: it's active, with no outages in your area."),
    (M_PLAN, "Your account ID is printed in your welcome email, just under your name."),
    (B_DISPUTE, "Dispute reasons we can file are: not recognised, duplicate, and not received."),
    (B_DISPUTE, "You'll see the provisional credit for the amount in dispute within 2 business days."),
    (C_MOVE, "Appointments can be moved to any weekday, at the same time and with the same clinician."),
    (C_CANCEL, "When you cancel, the slot is released to other patients straight away."),
    (P_MOVE, "Your final bill will be calculated up to the move-out date and sent to your forwarding address."),
    (G_FREEZE, "A freeze can last between one and three months and starts on your next billing date."),
    (G_CLUB, "You can change your home club once every 12 months."),
    (G_CANCEL, "Once cancelled, the membership ends at the close of the current billing month."),
    (RE_EXTEND, "The daily rate applies to every day added to the rental."),
    (RE_DRIVER, "An additional driver costs 12 USD a day and must show their licence at pick-up."),
    (H_LATE, "Late check-out is free for loyalty members and can go up to 14:00 at the latest."),
    (H_BREAKFAST, "Breakfast is served from 7 to 10:30 every morning in the main restaurant."),
    (H_VIEW, "The sea view double faces the bay and has a small balcony."),
    (RE_EXTEND, "Your booking reference RX-48213 has been updated - you'll get a new confirmation email shortly."),
    (S_CHARGE, "If you'd like, I can transfer you to a colleague who can look at the account ID history."),
    (H_VIEW, "The name of the city's main train station is Centraal; it's a ten-minute walk from the hotel."),
    (C_MOVE, "When you arrive, please check in at the front desk ten minutes early."),
    (P_MOVE, "When the move-out is processed, you'll get a confirmation by email."),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED_30)
def test_the_same_words_without_an_ask_round_30(where: tuple[str, str], text: str) -> None:
    reading = _read_any(where, text)
    assert not reading.asked and not reading.unmatched and not reading.misread


CANNOT_ANSWER_30 = [
    (RE_EXTEND, "What's the licence plate of the car you picked up?"),
    (H_VIEW, "What's your room number?"),
    (G_FREEZE, "What's your member ID? It's on the back of your key fob."),
    (B_DISPUTE, "What's the transaction ID shown on your statement?"),
    (C_MOVE, "What's your appointment ID?"),
    (P_MOVE, "What's the meter serial number?"),
    (S_CHARGE, "What's the charge ID of the duplicate payment?"),
    (R_EMAIL, "What's the tracking number of the parcel?"),
    (E_INVOICE, "What's your VAT registration number?"),
    (T_LINE, "What's the SIM card's serial number?"),
    (H_BREAKFAST, "What's your loyalty membership number?"),
    (RE_DRIVER, "What's the second driver's date of birth?"),
]


@pytest.mark.parametrize(("where", "text"), CANNOT_ANSWER_30)
def test_an_ask_the_user_cannot_answer_is_unmatched_round_30(where: tuple[str, str], text: str) -> None:
    reading = _read_any(where, text)
    assert not reading.asked and reading.unmatched


READ_BACKS_30 = [
    (G_FREEZE, "verified", "Just to confirm, the email on your membership is aiko.t@example.net?", ["email"]),
    (G_FREEZE, "misread", "I found a membership under aiko.t@example.com - is that you?", ["email"]),
    (RE_EXTEND, "verified", "I have confirmation code RX-48213 under the name Moreau - is that correct?",
     ["confirmation_code", "last_name"]),
    (RE_EXTEND, "misread", "Just to double-check, your code is RX-48231?", ["confirmation_code"]),
    (RE_DRIVER, "verified", "So the licence number is O4418275 - did I get that right?", ["licence_number"]),
    (RE_DRIVER, "misread", "The second driver is Amara Okafur, correct?", ["driver_name"]),
    (H_VIEW, "verified", "I have booking HB7Q2K for Lindgren - is that right?", ["booking_reference", "last_name"]),
    (H_VIEW, "misread", "Is your reference HB7Q2X?", ["booking_reference"]),
    (H_BREAKFAST, "verified", "That's breakfast for 2 guests, right?", ["guests"]),
    pytest.param(H_LATE, "misread", "So you'd like to check out at 12:00 - correct?", ["checkout_time"],
                 marks=pytest.mark.xfail(strict=True, reason="a clock time has no shape of its own, so another time is "
                                                             "no misread (a 'time' shape would change every reading)")),
    (C_MOVE, "verified", "Let me confirm: Okoro, born 12/04/1988?", ["date_of_birth", "last_name"]),
    (C_MOVE, "misread", "You'd like the new appointment on December 9th - is that right?", ["new_date"]),
    (P_MOVE, "verified", "Your account number is 4417-2290, correct?", ["account_number"]),
    (P_MOVE, "misread", "Is your account number 4417-2209?", ["account_number"]),
    (B_DISPUTE, "verified", "Just to confirm: a charge of $62.18 at Coastline Fuel?", ["amount", "merchant"]),
    (B_DISPUTE, "misread", "You said the card ends in 4471 - is that right?", ["card_last_four"]),
    (T_LINE, "verified", "I have your number as (206) 555-0128 and your name as Priya Raman - correct?",
     ["full_name", "phone_number"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_30)
def test_values_read_back_round_30(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


def test_a_check_of_the_users_own_item_with_its_action_reads_nothing_wrong() -> None:
    """"So it's the Desk Lamp you'd like to exchange - correct?" may be read as approving the exchange or as a check
    of the item; either way nothing is misread or asked."""
    reading = _read_any(R_ITEMS2, "So it's the **Desk Lamp** you'd like to exchange - correct?")
    assert not reading.misread and not reading.asked and not reading.unmatched
    assert reading.confirmation or [f.key for f in reading.verified] == ["item"]


def test_a_yes_no_question_on_the_users_own_account_reads_nothing_wrong() -> None:
    """"Is A101 the account you'd like to upgrade?" is a check or an approval; nothing misread, nothing asked."""
    reading = _read_any(M_PLAN, "Is A101 the account you'd like to upgrade?")
    assert not reading.misread and not reading.asked and not reading.unmatched
    assert reading.confirmation or [f.key for f in reading.verified] == ["account_id"]


# a thirty-first round (blind): longer messages as LLM agents write them on the built-in domains — an ask after
# information, two asks in two sentences, asks that point back ("the one you mentioned"), asks put as wishes or
# conditions, and read-backs inside statements and approvals
R_PAYPAL = ("retail", "payment/email/ok")  # email felix.brennan912@mailbox.test, order_id W3141805, paypal

ASKS_31 = [
    (M_PLAN, "Thanks for reaching out! I can definitely help you change plans. Could you start by sharing the "
             "account ID? It's a capital A followed by three digits.", ["account_id"]),
    (M_PLAN, "Great question - Premium includes priority support and unlimited streaming, while Basic covers the "
             "essentials. Which of the two would you like to be on?", ["plan"]),
    (M_PLAN, "I'd be glad to switch that for you. Just reply with your account ID and whether you'd like Basic or "
             "Premium.", ["account_id", "plan"]),
    (M_PLAN, "Once I have the account ID, I'll check what you're currently on.", ["account_id"]),
    (M_PLAN, "Which tier should account A101 be moved to?", ["plan"]),
    (M_PLAN, "Before I make any change, I'll need the identifier for your account - you'll find it at the top of "
             "your welcome email.", ["account_id"]),
    (M_CANCEL, "Sorry to hear you'd like to cancel. Which account is the subscription on? An ID like A123 is "
               "perfect.", ["account_id"]),
    (M_CANCEL, "To cancel, I'll first need to pull up your account - what's the ID?", ["account_id"]),
    (M_CANCEL, "**Step 1:** tell me your account ID.\n**Step 2:** I'll confirm the cancellation details with you.",
     ["account_id"]),
    (R_EMAIL, "I'm sorry the order isn't needed anymore! To locate it, could you please tell me the email address "
              "associated with your account?", ["email"]),
    (R_EMAIL, "Thanks, Noor! I've located your account. Which order would you like to cancel? You can find the "
              "number in your order confirmation.", ["order_id"]),
    (R_EMAIL, "I see a couple of pending orders on your account. Could you let me know the order number of the one "
              "you'd like to cancel?", ["order_id"]),
    (R_EMAIL, "Before I can cancel, our system needs a reason. Is it that you no longer need it, or was it ordered "
              "by mistake?", ["reason"]),
    (R_EMAIL, "I can cancel that for you. Could you confirm the reason for the cancellation?", ["reason"]),
    (R_EMAIL, "Sure thing. What's the email tied to your account, and the order ID?", ["email", "order_id"]),
    (R_EMAIL, "Please reply with the order number in the format #W1234567.", ["order_id"]),
    (R_EMAIL, "Can you double-check and send me your email address again? I want to make sure I have it exactly "
              "right.", ["email"]),
    (R_NAME, "No problem - if you can't recall your email, I can also find your account with your full name and "
             "ZIP code. Could you provide those?", ["name", "zip"]),
    (R_NAME, "Thank you! And what's the ZIP code on your account?", ["zip"]),
    (R_NAME, "Could you please provide your first name, last name, and the zip code associated with your account?",
     ["name", "zip"]),
    (R_NAME, "Which order number should I cancel? I can see several on your account.", ["order_id"]),
    (R_ADDRESS, "I can update the shipping address for order #W3135709. What's the new address you'd like it sent "
                "to?", ["new_address"]),
    (R_ADDRESS, "Sure! What address should the order be redirected to? Please include the apartment number if there "
                "is one.", ["new_address"]),
    (R_ADDRESS, "Please provide the updated delivery address in full.", ["new_address"]),
    (R_PAY, "I can change the payment method on that order. What would you like to use instead?",
     ["payment_method"]),
    (R_PAY, "Which payment option should I switch the order to?", ["payment_method"]),
    # (the user's value joined by "and" to another of its kind is one of the options the question picks from)
    (R_PAYPAL, "I can see a credit card and a PayPal account saved to your profile. Which would you like to use for "
               "this order?", ["payment_method"]),
    (R_PAYPAL, "What email is your account registered under?", ["email"]),
    (R_ITEMS, "Got it! Which item from order #W3125314 would you like to exchange?", ["item"]),
    (R_ITEMS, "What size and colour would you like the Running Shorts in instead?", ["new_options"]),
    (R_ITEMS, "And what would you like instead - a different size, a different colour, or both?", ["new_options"]),
    (R_ITEMS2, "Which item would you like to swap, and what options would you like for the replacement?",
     ["item", "new_options"]),
    (R_ITEMS2, "Could you share your full name and ZIP code so I can look up the account?", ["name", "zip"]),
    (E_INVOICE, "Welcome to Brightcart support! To get started, could you share the phone number on your account?",
     ["phone_number"]),
    (E_INVOICE, "Which order would you like the invoice for, and what title should be on it?",
     ["invoice_title", "order_id"]),
    (E_INVOICE, "What name should I put on the invoice - yours, or a business?", ["invoice_title"]),
    (E_INVOICE, "Could you tell me the order ID? It'll be in your order history, starting with \"E\".",
     ["order_id"]),
    (E_IMAGES, "To look into the damage claim, please upload a photo of the item as it arrived.", ["photo"]),
    (E_IMAGES, "Could you share a screenshot of the page where you saw the lower price?", ["screenshot"]),
    (E_IMAGES, "Please send both: the screenshot of the lower price and a photo of the damaged item.",
     ["photo", "screenshot"]),
    (E_DATE, "Installation is available for this product. What date would suit you?", ["date"]),
    (E_DATE, "When would you like the technician to come out?", ["date"]),
    (E_DATE, "Which day should I book the installation for? We have availability throughout March.", ["date"]),
    (T_LINE, "I'm sorry to hear your phone isn't working. Could you share the phone number that's having issues?",
     ["phone_number"]),
    (T_LINE, "Thanks! To verify your identity, please also provide the full name on the account and your date of "
             "birth.", ["date_of_birth", "full_name"]),
    (T_LINE, "I couldn't find an account under that number. Could you give me your full name and date of birth "
             "instead?", ["date_of_birth", "full_name"]),
    (T_LINE, "What's the mobile number we should look at?", ["phone_number"]),
    (T_LINE, "Can you also confirm the date of birth on the account?", ["date_of_birth"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_31)
def test_asks_for_facts_round_31(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation


NOTHING_ASKED_31 = [
    (M_PLAN, "Your account A101 is currently on the Basic plan, billed monthly."),
    (M_PLAN, "The plan change takes effect immediately, and your next bill will be prorated."),
    (M_CANCEL, "Your subscription on account A100 has been cancelled. You'll keep access until the end of the "
               "billing period."),
    (R_EMAIL, "I've found order #W3125736 - it contains a Wireless Mouse and is still pending, so it can be "
              "cancelled."),
    (R_EMAIL, "Once cancelled, the refund goes back to your original payment method within 5-7 business days."),
    pytest.param(R_EMAIL, "Orders can be cancelled for one of two reasons: no longer needed, or ordered by mistake.",
                 marks=pytest.mark.xfail(strict=True, reason="options joined by 'or' in a statement are read as put "
                                                             "to the user (by design: '… whichever fits: X, or Y')")),
    (R_NAME, "I found your account, Aisha. There are two orders on it."),
    (R_ADDRESS, "The shipping address on order #W3135709 has been updated to 836 Birch Boulevard, Brookfield, WI "
                "33688."),
    (R_PAY, "Your order will now be charged to your credit card ending in 4421."),
    (R_ITEMS, "The Running Shorts are available in black, navy and grey, in sizes XS to XL."),
    (E_INVOICE, "The invoice for order E206019 has been issued to Harbor Print Ltd and sent to your email."),
    (E_IMAGES, "I've reviewed the screenshot - the lower price was listed on our own site, so it qualifies."),
    (E_DATE, "Your installation is booked for March 5th. The technician will call ahead."),
    (T_LINE, "Thanks, Priya - I've verified your account. I can see one line, 206-555-0128, which is active."),
    (T_LINE, "Your date of birth matches our records, so you're all set."),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED_31)
def test_the_same_words_without_an_ask_round_31(where: tuple[str, str], text: str) -> None:
    reading = _read_any(where, text)
    assert not reading.asked and not reading.unmatched and not reading.misread


READ_BACKS_31 = [
    (M_PLAN, "misread", "I'm pulling up account A110 now.", ["account_id"]),
    (M_PLAN, "misread", "Just to confirm: you'd like account A101 moved to the Basic plan?", ["plan"]),
    (M_CANCEL, "misread", "I'll cancel the subscription on account A010 once you confirm.", ["account_id"]),
    (R_EMAIL, "misread", "I couldn't find an account for noor.rosi324@inbox.example.org. Could you double-check "
                         "it?", ["email"]),
    (R_EMAIL, "verified", "I have your email as noor.rossi324@inbox.example.org - is that right?", ["email"]),
    (R_EMAIL, "misread", "Order #W3125763 is pending. Shall I go ahead and cancel it?", ["order_id"]),
    (R_NAME, "misread", "I found an account for Aisha Kovacs in ZIP 70356 - is that you?", ["zip"]),
    (R_ADDRESS, "misread", "I'll update the address to 836 Birch Boulevard, Brookfield, WI 33668. Does that look "
                           "right?", ["new_address"]),
    (E_INVOICE, "misread", "I'll issue the invoice under the title Harbour Print Ltd - correct?", ["invoice_title"]),
    (E_DATE, "misread", "I have the installation down for March 6th - does that work?", ["date"]),
    (T_LINE, "misread", "Just to confirm, your number is 206-555-0182?", ["phone_number"]),
    (T_LINE, "verified", "So that's Priya Raman, born February 17, 1991?", ["date_of_birth", "full_name"]),
    (E_IMAGES, "verified", "I can see the order is E204159. Is that the one with the damaged item?", ["order_id"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_31)
def test_values_read_back_round_31(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# a thirty-second round (blind): the retail tasks the earlier rounds left out (returns, exchanges, order status),
# more plan changes and phone lines, and read-backs of values in statements, lists and approvals
R_RETURN = ("retail", "return/email/ok")  # greta.costa574@inbox.example.org, W3129434, Wireless Earbuds
R_RETURN_NZ = ("retail", "return/name_zip/ok")  # Jonas Jensen, 81230, W3127625, Office Chair
R_EXCHANGE = ("retail", "exchange/email/ok")  # ingrid.alvarez141@mailbox.test, W3110919, Hiking Boots, olive, us-10
R_EXCHANGE_NZ = ("retail", "exchange/name_zip/ok")  # Mateo Romero, 82187, W3148161, Throw Pillow, sage, small
R_STATUS = ("retail", "status/email/pending")  # sana.moreau826@example.com, W3103246
R_STATUS_NZ = ("retail", "status/name_zip/delivered")  # Ines Nakamura, 39362, W3127232

ASKS_32 = [
    (R_RETURN, "I'm sorry the earbuds didn't work out! Let's start with your email address so I can bring up the "
               "order.", ["email"]),
    (R_RETURN, "Which item would you like to send back to us?", ["item"]),
    (R_RETURN, "Thanks, Greta. Which order is the return for? The number starts with #W.", ["order_id"]),
    (R_RETURN, "Could you let me know which product you're returning and the order it came in?",
     ["item", "order_id"]),
    (R_RETURN, "To set up the return, I'll need:\n- the order number\n- the item(s) you'd like to return",
     ["item", "order_id"]),
    pytest.param(R_RETURN_NZ, "No email on hand? No problem - your full name and ZIP code will do.",
                 ["name", "zip"], marks=pytest.mark.xfail(strict=True, reason="the rhetorical 'No email on hand?' is "
                                                                            "an ask the user cannot place")),
    (R_RETURN_NZ, "What's the name of the item you'd like to return?", ["item"]),
    (R_EXCHANGE, "Happy to help with an exchange! What's the email address on your account?", ["email"]),
    (R_EXCHANGE, "Which item are you hoping to exchange, and what would you like instead (colour and size)?",
     ["item", "new_options"]),
    (R_EXCHANGE, "What colour and size would you like the Hiking Boots in?", ["new_options"]),
    (R_EXCHANGE, "Which variant of the boots should I send you instead?", ["new_options"]),
    (R_EXCHANGE, "Thanks! Now, which order has the boots in it?", ["order_id"]),
    (R_EXCHANGE_NZ, "Could you give me your name and the ZIP code on file so I can pull up the order?",
     ["name", "zip"]),
    (R_EXCHANGE_NZ, "What would you like the Throw Pillow swapped for - which colour and size?", ["new_options"]),
    (R_STATUS, "I'd be glad to check on that order. What's the email address associated with it?", ["email"]),
    (R_STATUS, "Do you have the order number? It'll be in your confirmation email, starting with #W.",
     ["order_id"]),
    (R_STATUS, "Which order would you like me to check the status of?", ["order_id"]),
    (R_STATUS, "Please share your email and, if you have it, the order number.", ["email", "order_id"]),
    (R_STATUS_NZ, "Can I get your full name and ZIP to look up the order?", ["name", "zip"]),
    (R_STATUS_NZ, "What's the order number you're asking about?", ["order_id"]),
    (M_PLAN, "Which plan would you like to switch to? We offer **Basic** ($10/mo) and **Premium** ($20/mo).",
     ["plan"]),
    (M_PLAN, "I'll need your account ID before I can make the switch - could you send it over?", ["account_id"]),
    (M_PLAN, "Sure - and which plan are we moving you to?", ["plan"]),
    (M_CANCEL, "Could you provide the ID of the account you'd like to cancel?", ["account_id"]),
    (T_LINE, "Could you tell me which phone number is affected, along with the account holder's full name?",
     ["full_name", "phone_number"]),
    (T_LINE, "For verification, what's the date of birth on file for the account?", ["date_of_birth"]),
    (T_LINE, "Which of your lines is having the problem?", ["phone_number"]),
    (E_IMAGES, "Could you send me the order number and a screenshot showing the lower price?",
     ["order_id", "screenshot"]),
    (E_INVOICE, "Who would you like the invoice addressed to?", ["invoice_title"]),
    (E_DATE, "What's your preferred installation date?", ["date"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_32)
def test_asks_for_facts_round_32(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation


NOTHING_ASKED_32 = [
    (R_RETURN, "Returns are accepted within 30 days of delivery, and the refund goes back to your original payment "
               "method."),
    (R_RETURN, "I've found order #W3129434 - it was delivered last week and includes the Wireless Earbuds."),
    (R_EXCHANGE, "The Hiking Boots come in olive, brown and black, in US sizes 8 to 11."),
    (R_STATUS, "Order #W3103246 is still pending and should ship within two business days."),
    (R_STATUS_NZ, "Your order was delivered on March 3rd to the address on file."),
    (M_PLAN, "Premium adds priority support and unlimited streaming for $10 more per month."),
    (T_LINE, "I've looked up the line - there are no outages reported in your area."),
    (E_INVOICE, "Invoices can only be issued once per order, so the title can't be changed afterwards."),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED_32)
def test_the_same_words_without_an_ask_round_32(where: tuple[str, str], text: str) -> None:
    reading = _read_any(where, text)
    assert not reading.asked and not reading.unmatched and not reading.misread


READ_BACKS_32 = [
    (R_RETURN, "misread", "I've found order #W3129443 with the Wireless Earbuds. Is that the right one?",
     ["order_id"]),
    (R_RETURN, "verified", "Just to confirm, it's the Wireless Earbuds from order #W3129434?", ["item", "order_id"]),
    (R_EXCHANGE, "misread", "So you'd like the Hiking Boots exchanged for the brown pair in US 10 - correct?",
     ["new_options"]),
    (R_EXCHANGE, "misread", "I found your account under ingrid.alvarez114@mailbox.test.", ["email"]),
    (R_EXCHANGE_NZ, "misread", "I have Mateo Romero, ZIP 82178 - is that right?", ["zip"]),
    (R_STATUS, "misread", "Checking on order #W3103264 for you now.", ["order_id"]),
    (R_STATUS, "verified", "Is #W3103246 the order you're asking about?", ["order_id"]),
    (M_PLAN, "misread", "Just to confirm - you'd like to switch account A101 to Basic?", ["plan"]),
    (M_CANCEL, "misread", "Could you confirm the account you'd like cancelled is A101?", ["account_id"]),
    (T_LINE, "misread", "Thanks, Priya - I've found the line 206-555-0138.", ["phone_number"]),
    (T_LINE, "misread", "I have your date of birth as 17 February 1990 - is that right?", ["date_of_birth"]),
    (E_IMAGES, "misread", "Thanks! I'm looking at order E204195 now.", ["order_id"]),
    (E_INVOICE, "misread", "I'll issue the invoice for order E206019 to Harbor Prints Ltd. Shall I go ahead?",
     ["invoice_title"]),
    (E_DATE, "verified", "The installation would be on March 5, 2026. Does that date work for you?", ["date"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_32)
def test_values_read_back_round_32(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched


# a thirty-third round (blind): long markdown messages (tables, emoji, a question that a list goes on), asks after the
# agent's own message before ("… And who should it be made out to?"), and a choice's current value named as
# information (5 of these 24 read wrong when written)
def _read_after(where: tuple[str, str], previous: str, text: str) -> Reading:
    domain, prefix = where
    task = next(t for t in _domain_anywhere(domain).tasks if t.id.startswith(prefix))
    words = vocabulary(task, _domain_anywhere(domain).tool_infos)
    before = read(previous, words) if previous else None
    return read(text, words, previous=previous, previous_asked=before.asked if before else ())


_EITHER_WAY = ("I'm sorry to hear you'd like to cancel - let's get that taken care of for you.\n\nTo start, I'll need "
               "to verify your identity. Could you please provide **one** of the following?\n\n- The **email "
               "address** associated with your account, or\n- Your **full name** and **ZIP code**\n\nOnce I've "
               "located your account, we can go over the order together.")

ASKS_33 = [
    (R_EMAIL, "", _EITHER_WAY, ["email"]),
    (R_NAME, "", _EITHER_WAY, ["name", "zip"]),
    (R_EMAIL, "", "Thank you, Noor - you're verified! ✅\n\nI can see the following orders on your account:\n\n| Order "
                  "| Status | Items |\n|---|---|---|\n| #W3125736 | Pending | Wireless Mouse, Desk Mat |\n| #W3125999 | "
                  "Delivered | Phone Case |\n\nWhich of these would you like to cancel?", ["order_id"]),
    (R_EMAIL, "", "Order **#W3125736** is still pending, so it can be cancelled. Before I do, could you tell me the "
                  "reason?\n\n1. No longer needed\n2. Ordered by mistake", ["reason"]),
    (R_ADDRESS, "", "Thanks! Order #W3135709 hasn't shipped yet, so I can update the address. 📦\n\nPlease send the "
                    "new address in this format:\n\n**Street, City, State ZIP**\n\n(for example: 123 Main St, "
                    "Springfield, IL 62704)", ["new_address"]),
    (R_ITEMS, "", "Great news - order #W3125314 is still pending, so we can modify it. It contains:\n\n- **Running "
                  "Shorts** (navy, M)\n- **Water Bottle** (steel, 750 ml)\n\nLet me know which item you'd like to "
                  "modify and the new options you want.", ["item", "new_options"]),
    (R_PAY, "", "You're verified, Chloe. I see these payment methods on file:\n\n1. Credit card ending in 1842\n2. "
                "PayPal\n3. Gift card (balance $25.00)\n\nWhich would you like order #W3121805 to use?",
     ["payment_method"]),
    (M_PLAN, "", "Thanks! Account **A101** is currently on the **Basic** plan. Here are your options:\n\n| Plan | "
                 "Price | Includes |\n|---|---|---|\n| Basic | $10/mo | Standard support |\n| Premium | $20/mo | "
                 "Priority support, unlimited streaming |\n\nWhich one would you like?", ["plan"]),
    (M_PLAN, "", "What's your account ID? Once I have it I'll confirm your current plan and make the switch.",
     ["account_id"]),
    (E_INVOICE, "", "I can issue an invoice for that order. 🧾\n\nJust two quick things:\n1. The **order ID** "
                    "(starts with E)\n2. The **title** you want on the invoice - a personal name or a company name",
     ["invoice_title", "order_id"]),
    (E_IMAGES, "", "I'm sorry your item arrived damaged! To file the claim I'll need a couple of things:\n\n* A "
                   "**photo** of the damage\n* The **order number**\n\nOnce I have both, I'll get it sorted right "
                   "away.", ["order_id", "photo"]),
    (E_DATE, "", "This item includes free installation. 🛠️ We have slots available throughout March - just let me "
                 "know which date suits you best and I'll book it in.", ["date"]),
    (T_LINE, "", "I'm sorry you're having trouble with your service. Let's get this sorted.\n\nFirst, I need to "
                 "locate your account. Could you provide:\n\n1. The **phone number** of the affected line\n\nIf you "
                 "don't have that handy, your **full name** and **date of birth** will work too.",
     ["date_of_birth", "full_name", "phone_number"]),
    (T_LINE, "", "Thanks, I couldn't find an account with that number. 🤔 Could you double-check it, or share the full "
                 "name and birth date on the account instead?", ["date_of_birth", "full_name"]),
    (R_NAME, "What's your name?", "Thanks, Aisha! And the ZIP code?", ["zip"]),
    (R_EMAIL, "What's the reason for cancelling?", "Sorry, I should have said - the two options are \"no longer "
                                                   "needed\" and \"ordered by mistake\". Which one applies?", ["reason"]),
    (E_INVOICE, "Which order would you like the invoice for?", "Got it. And who should it be made out to?",
     ["invoice_title"]),
    (T_LINE, "Could you give me your full name?", "Thank you. And your DOB?", ["date_of_birth"]),
    (M_PLAN, "What's your account ID?", "Got it. Which plan would you like instead?", ["plan"]),
    (M_PLAN, "", "Absolutely, I can help with an upgrade. What account should I apply it to?", ["account_id"]),
    (M_PLAN, "", "To make the change, I need to know two things: which account, and which plan.",
     ["account_id", "plan"]),
    (R_EMAIL, "", "I'll look you up by email - which one do you use with us?", ["email"]),
    (R_RETURN, "", "Which items are you returning?", ["item"]),
    (R_STATUS, "", "What's the order number you'd like me to look up?", ["order_id"]),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"), ASKS_33)
def test_asks_for_facts_round_33(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read_after(where, previous, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation and not reading.misread


# a thirty-fourth round (blind) on the teams' own domains: each fact asked as a team's agent would (3 of these 30 read
# wrong when written; 1 left as a strict xfail)
ASKS_34 = [
    (B_DISPUTE, "I'm sorry you're dealing with an unfamiliar charge. To get started, what's the cardholder's full "
                "name?", ["full_name"]),
    (B_DISPUTE, "What's the merchant name exactly as it appears on your statement?", ["merchant"]),
    (B_DISPUTE, "And roughly how much was the charge? The exact amount helps me find it.", ["amount"]),
    (B_DISPUTE, "Which transaction is it - could you tell me the merchant and the amount?", ["amount", "merchant"]),
    pytest.param(B_DISPUTE, "Please tell me who the charge was from.", ["merchant"],
                 marks=pytest.mark.xfail(strict=True, reason="'who' names a person; nothing in the schema says a "
                                                             "merchant is answered to 'who'")),
    (B_FREEZE, "Which card would you like me to freeze? The last four digits are enough.", ["card_last_four"]),
    (B_FREEZE, "What's your name as it's printed on the card?", ["full_name"]),
    (C_MOVE, "To what date should I move your appointment?", ["new_date"]),
    (C_MOVE, "When would you like to come in instead?", ["new_date"]),
    (C_MOVE, "Could you give me the date of birth of the patient?", ["date_of_birth"]),
    (C_CANCEL, "Please confirm your family name and birth date.", ["date_of_birth", "last_name"]),
    (P_MOVE, "Could you give me your account number? It's formatted like 1234-5678.", ["account_number"]),
    (P_MOVE, "On what date would you like service to end at the property?", ["move_out_date"]),
    (P_MOVE, "What's the eight-digit number at the top of your bill?", ["account_number"]),
    (S_CHARGE, "Which email do you sign in with?", ["email"]),
    (G_FREEZE, "How long would you like to freeze your membership for?", ["months"]),
    (G_FREEZE, "Please let me know the number of months (1-3).", ["months"]),
    (G_CANCEL, "What's the main reason for leaving? (moving away, too expensive, health, other)", ["reason"]),
    (G_CLUB, "Which location should be your new home club?", ["club"]),
    (RE_EXTEND, "Until when would you like to extend the rental?", ["return_date"]),
    (RE_EXTEND, "What date would you like to return the car instead?", ["return_date"]),
    (RE_DRIVER, "Who would you like to add as a second driver?", ["driver_name"]),
    (RE_DRIVER, "What's the second driver's full name and driving licence number?", ["driver_name", "licence_number"]),
    (H_VIEW, "Which room would you like to upgrade to?", ["room_type"]),
    (H_VIEW, "Could you give me the six-character reference from your confirmation?", ["booking_reference"]),
    (H_BREAKFAST, "How many people will be having breakfast?", ["guests"]),
    (H_BREAKFAST, "For how many guests?", ["guests"]),
    (H_LATE, "How late would you like to stay on your last day?", ["checkout_time"]),
    (H_LATE, "What check-out time would suit you?", ["checkout_time"]),
    (M_PLAN, "Which plan - Basic or Premium - would you like?", ["plan"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_34)
def test_asks_for_facts_round_34(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation and not reading.misread


# a thirty-fifth round (blind) of hard negatives on the built-in domains: hand-offs that mention the user's facts,
# offers, yes/no questions, advice; and an ask by "let me know which" after the options (3 of these 30 read wrong when
# written, 1 left as a strict xfail)
NOTHING_ASKED_35 = [
    (R_EMAIL, "I'm going to transfer you to a human agent now. I'll pass along your email and order number so you "
              "won't have to repeat them."),
    (R_EMAIL, "I can transfer you to a specialist - they'll have your order number and email on hand."),
    (R_EMAIL, "I'll pass your order number and email to the specialist so you won't need to repeat them."),
    (T_LINE, "I'll hand you over to a technician; they'll already have your phone number, name and date of birth."),
    (E_INVOICE, "When the invoice is ready, we'll text it to the phone number on your account."),
    (E_DATE, "When the technician arrives, they'll need about an hour to install it."),
    (R_NAME, "When you placed the order, it was under the name Aisha Kovacs."),
    (M_PLAN, "When your plan changes, the new price applies from the next cycle."),
    (R_EMAIL, "The order number is on the confirmation email and on your account page."),
    (E_IMAGES, "Got the photo, thanks. I can see the crack on the corner."),
    (R_EMAIL, "If you don't remember your order number, no worries - I can look it up from your account."),
    (R_EMAIL, "Let me know if you have any other questions about your order."),
    (T_LINE, "Please keep your phone nearby; I may send a verification code."),
    (M_CANCEL, "Once cancelled, account A100 can't be reactivated."),
    (R_EMAIL, "Just so you know, we'll send a confirmation to your email once the cancellation goes through."),
    (R_EMAIL, "Is there anything else I can help you with regarding your order?"),
    (M_PLAN, "Anything else I can do for account A101?"),
    (T_LINE, "Is your phone currently in airplane mode?"),
    (T_LINE, "Is this the number you're calling from?"),
    pytest.param(E_INVOICE, "The invoice title will appear exactly as you type it, so please double-check spelling.",
                 marks=pytest.mark.xfail(strict=True, reason="advice to check the spelling of what the user will "
                                                             "type reads as asking for it")),
]


@pytest.mark.parametrize(("where", "text"), NOTHING_ASKED_35)
def test_the_same_words_without_an_ask_round_35(where: tuple[str, str], text: str) -> None:
    reading = _read_any(where, text)
    assert not reading.asked and not reading.unmatched and not reading.misread


def test_a_hand_off_offer_that_passes_on_an_id_asks_for_nothing() -> None:
    reading = _read_any(M_PLAN, "If you'd prefer, I can connect you with a human agent and share your account ID "
                                "with them.")
    assert not reading.asked and not reading.misread


@pytest.mark.parametrize(("where", "text", "facts"), [
    (M_PLAN, "Premium is $20 a month; Basic is $10. Let me know which you'd like.", ["plan"]),
    (R_EMAIL, "The two reasons we accept are no longer needed and ordered by mistake - tell me which applies.",
     ["reason"]),
    (R_EMAIL, "Could you share your email with me?", ["email"]),
    (R_EMAIL, "Please share the order number with us.", ["order_id"]),
])
def test_asks_with_the_same_verbs_still_ask(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts and not reading.unmatched


# a thirty-sixth round (blind) of read-backs on the built-in domains: in approvals, statements and checks, values
# spelled out ("noor dot rossi …"), a company form changed ("LLC" for Ltd) (2 of these 22 read wrong when written)
READ_BACKS_36 = [
    (R_EMAIL, "misread", "Just to confirm, you'd like to cancel order #W3125763 because it's no longer needed?",
     ["order_id"]),
    (R_EMAIL, "misread", "I'll cancel #W3125736 with the reason \"ordered by mistake\" - okay?", ["reason"]),
    (R_EMAIL, "misread", "Thanks! I've located the account for noor.rossi234@inbox.example.org.", ["email"]),
    (R_EMAIL, "verified", "So the email is noor dot rossi 324 at inbox dot example dot org?", ["email"]),
    (R_NAME, "misread", "Thanks - looking up Aisha Kovac in 70365 now.", ["name"]),
    (R_NAME, "misread", "Is your ZIP code 70635?", ["zip"]),
    (R_ADDRESS, "misread", "I'll update the shipping address to 863 Birch Boulevard, Brookfield, WI 33688. Shall I "
                           "proceed?", ["new_address"]),
    (R_ADDRESS, "verified", "Just to confirm, the new address is 836 Birch Boulevard, Brookfield, WI 33688?",
     ["new_address"]),
    (R_ITEMS, "misread", "To confirm: exchange the Running Shorts for black, size M?", ["new_options"]),
    (R_ITEMS, "misread", "Just checking - it's the Running Short you want to change, right?", ["item"]),
    (R_ITEMS2, "verified", "So that's the Desk Lamp in white with a warm light?", ["item"]),
    (E_INVOICE, "misread", "I've pulled up the account for 272-555-7855.", ["phone_number"]),
    (E_INVOICE, "verified", "Is your phone number (272) 555-7588?", ["phone_number"]),
    (E_INVOICE, "misread", "So the invoice title should be \"Harbor Print LLC\"?", ["invoice_title"]),
    (E_INVOICE, "verified", "So the invoice title should be \"Harbor Print Ltd\"?", ["invoice_title"]),
    (E_IMAGES, "verified", "Is IMG-4125 the photo of the damage?", ["photo"]),
    (E_DATE, "misread", "Shall I book the installation for March 15?", ["date"]),
    (T_LINE, "misread", "I found the account for Priya Rahman.", ["full_name"]),
    (T_LINE, "misread", "Is the number you're calling about 206-555-1028?", ["phone_number"]),
    (M_PLAN, "misread", "I'll upgrade account A011 to Premium once you confirm.", ["account_id"]),
    (M_PLAN, "misread", "To confirm, you want the Basic plan on A101?", ["plan"]),
    (M_CANCEL, "misread", "Checking account A001 for you now.", ["account_id"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_36)
def test_values_read_back_round_36(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched and not reading.asked


def test_a_device_step_after_a_message_naming_a_line_asks_for_no_fact() -> None:
    """'it' in a step on the user's phone is the phone's screen, never a noun of the agent's message before (found by
    tests/test_free_phrasing.py: CP flagged a correct agent for 'asking again' for the phone number)."""
    previous = ("You've used up all 15 GB of data on line 206-555-0128 this cycle. Please confirm you'd like me to "
                "refuel 2.0 GB on line 206-555-0128 for $10.00.")
    reading = _read_after(T_LINE, previous, "Thanks! Next, could you check your APN settings (Settings › Mobile "
                                            "network › Access Point Names) and tell me what it shows?")
    assert not reading.asked


# a thirty-seventh round (blind) on retail returns, exchanges and changes: the thing asked named loosely ("which
# product in that order is going back?", "what would you like the order charged to?") (2 of these 20 read wrong when
# written: 'which piece from the order' read as the order, 'charged to' as the order; the first is now an ask the user
# cannot place, the second is fixed)
ASKS_37 = [
    (R_RETURN, "Got it - which product in that order is going back?", ["item"]),
    (R_RETURN, "Let me know which of the items you'd like to return, and I'll check whether it's eligible.", ["item"]),
    (R_RETURN, "Could you name the item(s) you're sending back?", ["item"]),
    (R_RETURN, "What are you returning from order #W3129434?", ["item"]),
    (R_RETURN, "Please list the items you'd like to return.", ["item"]),
    (R_EXCHANGE, "Which pair would you like instead - what colour and what size?", ["new_options"]),
    (R_EXCHANGE, "Which variant should I exchange them to?", ["new_options"]),
    (R_EXCHANGE, "Tell me the new colour/size combination you'd like.", ["new_options"]),
    (R_EXCHANGE, "Could you let me know which item you're exchanging and what you'd like in its place?", ["item"]),
    (R_ITEMS, "Which of the items in your pending order should I update?", ["item"]),
    (R_ITEMS, "What size should the shorts be instead?", ["new_options"]),
    (R_STATUS, "Could you give me the number of the order you'd like an update on?", ["order_id"]),
    (R_NAME, "What's the five-digit ZIP on your billing address?", ["zip"]),
    (R_NAME, "Your first name and surname, please.", ["name"]),
    (R_ADDRESS, "Please type the full street address, city, state and ZIP of the new destination.", ["new_address"]),
    (R_PAY, "What would you like the order charged to?", ["payment_method"]),
    (R_EMAIL, "Which of your orders would you like to cancel?", ["order_id"]),
    (R_EMAIL, "Which reason should I note - no longer needed or ordered by mistake?", ["reason"]),
    (R_RETURN, "Which item in the order is it?", ["item"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_37)
def test_asks_for_facts_round_37(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation


def test_a_question_about_a_thing_the_order_only_locates_is_not_the_order() -> None:
    """"Which piece from the order …?" asks for a piece (an item named in no way the rules know), not the order."""
    reading = _read_any(R_RETURN, "Which piece from the order do you want refunded?")
    assert not reading.asked


# a thirty-eighth round (blind) on phone lines and e-commerce: the line by its device or by an adjective, an invoice
# title asked by the verb ("How would you like the invoice titled?") (3 of these 20 read wrong when written; a first
# fix, 'get/have the number' after any verb, cost held-out facts precision and was narrowed to "may/can I get the …")
ASKS_38 = [
    (T_LINE, "Let's start by pulling up your account - what number are you texting from?", ["phone_number"]),
    (T_LINE, "So I can look into it, I'll need the mobile number that isn't working.", ["phone_number"]),
    (T_LINE, "What's the 10-digit number for the line?", ["phone_number"]),
    (T_LINE, "Whose name is the account in, and what's their date of birth?", ["date_of_birth", "full_name"]),
    (T_LINE, "Could you verify the date of birth on the account (month, day, year)?", ["date_of_birth"]),
    (T_LINE, "Please give me the name on the account exactly as registered.", ["full_name"]),
    (T_LINE, "Could you tell me which of your numbers we're working on today?", ["phone_number"]),
    (T_LINE, "May I get the number associated with the device?", ["phone_number"]),
    (T_LINE, "First, the affected number, please.", ["phone_number"]),
    (E_INVOICE, "Please share the mobile number you registered with Brightcart.", ["phone_number"]),
    (E_INVOICE, "And the invoice should be made out to whom?", ["invoice_title"]),
    (E_INVOICE, "How would you like the invoice titled?", ["invoice_title"]),
    (E_IMAGES, "Do you have a picture showing the damage? Please upload it here.", ["photo"]),
    (E_IMAGES, "I'll need a screen capture of the lower price you saw.", ["screenshot"]),
    (E_DATE, "When is a good day for us to install it?", ["date"]),
    (E_DATE, "Please choose a date for the installation appointment.", ["date"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_38)
def test_asks_for_facts_round_38(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation


@pytest.mark.parametrize(("where", "text"), [
    (T_LINE, "I have the number you gave me."),
    (T_LINE, "You'll get the number of the new SIM by text."),
    (T_LINE, "First, the number on your bill is the one we'll use."),
    (E_INVOICE, "The invoice will be titled exactly as you give it."),
])
def test_the_number_and_the_title_in_statements_ask_for_nothing(where: tuple[str, str], text: str) -> None:
    reading = _read_any(where, text)
    assert not reading.asked and not reading.unmatched


# a thirty-ninth round (blind) of read-backs on the teams' own domains: counts by their unit, an enumeration's member
# in words, a surname one letter off, dates, amounts, codes (5 of these 24 read wrong when written, 1 left as a
# strict xfail)
READ_BACKS_39 = [
    # (the freeze with its value read back right is an approval of the goal's own write since round 32: see
    # test_understanding_own_domains.py; no fact is read back wrong)
    (G_FREEZE, "misread", "Just to confirm: freeze your membership for 2 months, starting on your next billing "
                          "date?", []),
    (G_FREEZE, "misread", "Just to confirm: freeze your membership for 3 months, starting on your next billing "
                          "date?", ["months"]),
    (G_CANCEL, "misread", "I'll cancel with the reason \"too expensive\". Shall I go ahead?", ["reason"]),
    (G_CLUB, "verified", "You'd like Millbrook as your new home club, right?", ["club"]),
    (G_CLUB, "misread", "You'd like Harbour Street as your new home club, right?", ["club"]),
    (RE_EXTEND, "misread", "I'll extend the rental to 21 December 2026 - shall I proceed?", ["return_date"]),
    (RE_EXTEND, "misread", "I found booking RX-48213 under Moreaux.", ["last_name"]),
    (RE_DRIVER, "misread", "Adding Amara Okafor, licence O4418257, as a second driver - shall I go ahead?",
     ["licence_number"]),
    (H_VIEW, "misread", "Shall I upgrade booking HB7Q2K to the junior suite?", ["room_type"]),
    (H_BREAKFAST, "misread", "I'll add breakfast for 3 guests on booking KT4M9P - okay?", ["guests"]),
    pytest.param(H_LATE, "misread", "Late check-out at 1 pm on booking HB7Q2K - shall I set that?", ["checkout_time"],
                 marks=pytest.mark.xfail(strict=True, reason="a clock time has no shape of its own (see above)")),
    (P_MOVE, "misread", "I'll close account 4417-2290 on December 18, 2026 - correct?", ["move_out_date"]),
    (C_MOVE, "misread", "Shall I move your appointment to 9 December 2026?", ["new_date"]),
    (C_CANCEL, "misread", "I'll cancel the appointment with the reason \"schedule conflict\" - okay?", ["reason"]),
    (B_DISPUTE, "misread", "I'll open a dispute on the $62.81 Coastline Fuel charge as not recognised - shall I "
                           "proceed?", ["amount"]),
    (B_DISPUTE, "misread", "I'll open a dispute on the $62.18 Coastline Fuel charge as a duplicate - shall I "
                           "proceed?", ["reason"]),
    (S_CHARGE, "misread", "I found your account under mara.lindquist@example.com.", ["email"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS_39)
def test_values_read_back_round_39(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched and not reading.asked


@pytest.mark.parametrize(("where", "text"), [
    (G_FREEZE, "I'll pause the membership for two months - okay?"),
    (G_FREEZE, "A freeze can last anywhere from one to three months."),
    (H_BREAKFAST, "I'll add breakfast for two guests on booking KT4M9P - okay?"),
    (H_BREAKFAST, "Rooms of this type sleep up to 4 guests."),
    (RE_EXTEND, "I found booking RX-48213 under Moreau."),
    (RE_EXTEND, "I found booking RX-48213 under Moreau. Monday is the earliest drop-off we can offer."),
    (C_CANCEL, "I'll cancel the appointment with the reason \"illness\" - okay?"),
])
def test_the_users_own_values_read_back_are_no_misread(where: tuple[str, str], text: str) -> None:
    assert not _read_any(where, text).misread


# a fortieth round (blind): indirect asks with no question mark on every domain ("pop the order number in here",
# "shoot me your account ID", "just say how many months") (3 of these 28 read wrong when written; 1 fixed, 2 left:
# a conditional ask for a company name read as an offer, "Whenever you can, attach …" read as no ask — the second
# fixed later: an imperative after a leading clause of the user's time asks)
ASKS_40 = [
    (R_EMAIL, "Once you've found your order confirmation, pop the order number in here", ["order_id"]),
    (R_EMAIL, "Whenever you're ready, drop your email below and I'll pull up the account", ["email"]),
    (R_EMAIL, "If you can dig up the order number, that would speed things up a lot", ["order_id"]),
    (R_EMAIL, "Let me know the email on your account whenever you get a sec", ["email"]),
    (R_EMAIL, "Just paste the order ID here when you have it", ["order_id"]),
    (R_NAME, "If email isn't handy, your name and ZIP work too - just type them here", ["name", "zip"]),
    (M_PLAN, "Shoot me your account ID and I'll get this moving", ["account_id"]),
    (M_PLAN, "Feel free to send the account ID along with the plan you want", ["account_id", "plan"]),
    (M_PLAN, "All I need now is which plan you'd like", ["plan"]),
    (M_CANCEL, "If you could send over the account ID, I'll take it from there", ["account_id"]),
    (T_LINE, "When you get a moment, send me the number on the line that's acting up", ["phone_number"]),
    (T_LINE, "It would help to have your date of birth for verification", ["date_of_birth"]),
    (T_LINE, "I'll need the account holder's full name before I can go further", ["full_name"]),
    (E_INVOICE, "Go ahead and tell me what the invoice should be titled", ["invoice_title"]),
    (E_DATE, "Once you've checked your calendar, let me know a date that works for the install", ["date"]),
    (R_ITEMS, "Just tell me which item, and what you'd like instead", ["item", "new_options"]),
    (R_ADDRESS, "Drop the new address here and I'll update the order", ["new_address"]),
    (G_FREEZE, "Just say how many months and I'll set it up", ["months"]),
    (RE_EXTEND, "Let me know the new return date and I'll check availability", ["return_date"]),
    (H_BREAKFAST, "Tell me how many guests will join you for breakfast", ["guests"]),
    (C_MOVE, "Give me a date that suits you better and I'll move it", ["new_date"]),
    (P_MOVE, "Let me know your move-out date when you have it confirmed", ["move_out_date"]),
    (B_DISPUTE, "Just tell me the merchant and the amount and I'll find the transaction", ["amount", "merchant"]),
    (S_CHARGE, "Pop your login email in here and I'll check the charges", ["email"]),
    pytest.param(E_INVOICE, "If you'd like it under a company name, just let me know the exact name to use",
                 ["invoice_title"], marks=pytest.mark.xfail(strict=True, reason="a conditional ask is read as an "
                                                                              "offer, and 'the name' as no fact")),
    (E_IMAGES, "Whenever you can, attach a snapshot of the damage", ["photo"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), ASKS_40)
def test_asks_for_facts_round_40(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read_any(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.unmatched
    assert not reading.confirmation
