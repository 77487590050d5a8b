"""Probes of the facts an agent asks for, a fifth blind round (issue 20): messages written for this test, before any
rule below was changed, in the ways today's frontier support agents ask — several facts in one sentence, a fact
inside a polite wrapper or a hedge ("If it's not too much trouble, could you pass along …"), a fact named by what
holds it or what it is for ("the number at the top of your invoice", "so I can pull up your profile"), a choice
among a fact's options, and asks that point back at the message before — with hard negatives that name a fact
without asking it: a confirmation restating values, a list of what the agent found, information about a fact, an
ask for what the user cannot know, and a fact's word inside an action ("update the email address on file?").
"""

from __future__ import annotations

import pytest
import test_understanding_facts as tf

from pytest_mmtau.understanding import Reading, read, vocabulary

R_EMAIL, R_NAME, R_ADDRESS, R_PAY, R_ITEMS = tf.R_EMAIL, tf.R_NAME, tf.R_ADDRESS, tf.R_PAY, tf.R_ITEMS
E_INVOICE, E_IMAGES, E_DATE, T_LINE = tf.E_INVOICE, tf.E_IMAGES, tf.E_DATE, tf.T_LINE
M_PLAN, M_CANCEL = tf.M_PLAN, tf.M_CANCEL
B_DISPUTE, C_MOVE, C_CANCEL, P_MOVE, S_CHARGE = tf.B_DISPUTE, tf.C_MOVE, tf.C_CANCEL, tf.P_MOVE, tf.S_CHARGE
G_FREEZE, G_CLUB, RE_EXTEND, RE_DRIVER, H_VIEW, H_LATE = tf.G_FREEZE, tf.G_CLUB, tf.RE_EXTEND, tf.RE_DRIVER, \
    tf.H_VIEW, tf.H_LATE


def _read(where: tuple[str, str], text: str, previous: str = "") -> Reading:
    """As the round-3 reader, for every built-in and own domain, with the agent's message before when given."""
    domain, prefix = where
    found = tf._domain_anywhere(domain)
    task = next(t for t in found.tasks if t.id.startswith(prefix))
    words = vocabulary(task, found.tool_infos)
    before = read(previous, words) if previous else None
    return read(text, words, previous=previous, previous_asked=before.asked if before else ())


# ------------------------------------------------------------------------------------ several facts in one sentence
SEVERAL = [
    (R_NAME, "", "Could you give me your name, the ZIP code on the account and the order number?",
     ["name", "order_id", "zip"]),
    (R_EMAIL, "", "I'll need your email, the order number and a quick reason for cancelling.",
     ["email", "order_id", "reason"]),
    (T_LINE, "", "Please share your full name, your birthday, and the number that's giving you trouble.",
     ["date_of_birth", "full_name", "phone_number"]),
    (M_PLAN, "", "Can you tell me your account ID and which plan you'd like to be on going forward?",
     ["account_id", "plan"]),
    (E_INVOICE, "", "Send me the phone number on your account plus the order number, and tell me who the invoice "
                    "should be addressed to.", ["invoice_title", "order_id", "phone_number"]),
    (C_MOVE, "", "To find your appointment I just need your surname and DOB, and then the new day you'd prefer.",
     ["date_of_birth", "last_name", "new_date"]),
    (RE_DRIVER, "", "For the extra driver I'll need their full name and their driving licence number, please.",
     ["driver_name", "licence_number"]),
    (H_LATE, "", "What's your booking reference and last name, and what time would you like to leave the room?",
     ["booking_reference", "checkout_time", "last_name"]),
    (B_DISPUTE, "", "Which merchant was it, how much was the charge, and what are the last four digits of the card?",
     ["amount", "card_last_four", "merchant"]),
    (R_ITEMS, "", "Which item are you swapping and what colour and size should the new one be",
     ["item", "new_options"]),
]


# ---------------------------------------------------------------------------------- polite wrappers and hedges
POLITE = [
    (R_EMAIL, "", "If it's not too much trouble, could you pass along the email address you use with us?", ["email"]),
    (R_EMAIL, "", "Whenever it's convenient, I'll need the order number for the purchase in question.", ["order_id"]),
    (M_CANCEL, "", "I'd really appreciate it if you could share your account ID so I can get started.",
     ["account_id"]),
    (M_PLAN, "", "Would you mind letting me know your account ID? Once I have it I can look at plan options.",
     ["account_id"]),
    (T_LINE, "", "Before we dig in, would it be alright if I grabbed your full name and date of birth?",
     ["date_of_birth", "full_name"]),
    (E_INVOICE, "", "Sorry for the extra step, but I'll need the mobile number registered to your account.",
     ["phone_number"]),
    (R_ADDRESS, "", "No rush, but when you get a sec, please send the address you'd like the package to go to.",
     ["new_address"]),
    (S_CHARGE, "", "Thanks so much for your patience! Could you kindly confirm the email tied to your StreamCo "
                   "account?", ["email"]),
    (P_MOVE, "", "Would you be so kind as to share your account number? It's printed on any of your bills.",
     ["account_number"]),
    (G_FREEZE, "", "I'm happy to sort that out. Might I ask for the email address on your membership", ["email"]),
    (C_CANCEL, "", "If you're comfortable sharing, may I ask the reason you need to cancel?", ["reason"]),
    (H_VIEW, "", "I hope you don't mind, but I'll just need your booking reference to pull up the stay.",
     ["booking_reference"]),
    (RE_EXTEND, "", "Happy to help extend it - if you wouldn't mind sending your confirmation code and surname.",
     ["confirmation_code", "last_name"]),
    (R_NAME, "", "I'm sorry to ask again, but could you double-check and resend your ZIP code?", ["zip"]),
]


# ------------------------------------------------------------------------ by what holds it or what it is for
DESCRIBED = [
    (R_EMAIL, "", "What's the number at the top of your order confirmation email?", ["order_id"]),
    (R_EMAIL, "", "So I can pull up your profile, what email do you sign in with?", ["email"]),
    (M_CANCEL, "", "What's the ID printed on your welcome letter? It starts with an A.", ["account_id"]),
    (M_PLAN, "", "So I can find your account, could you read me the identifier shown in your account settings?",
     ["account_id"]),
    (E_INVOICE, "", "What number did you sign up with? That's how I'll locate your orders.", ["phone_number"]),
    pytest.param(E_IMAGES, "", "Could you send a shot of the price you saw elsewhere, so I can match it?", ["screenshot"],
                 marks=pytest.mark.xfail(strict=True, reason="a 'shot' of a price is not read as the screenshot")),
    pytest.param(E_IMAGES, "", "Please send a picture showing what arrived broken.", ["photo"],
                 marks=pytest.mark.xfail(strict=True, reason="'what arrived broken' is not read as the damage the photo shows")),
    (T_LINE, "", "Which number is the phone that can't connect?", ["phone_number"]),
    (P_MOVE, "", "What's the account number printed at the top of your latest bill?", ["account_number"]),
    (B_DISPUTE, "", "Which card is this about? Just the last four digits is fine.", ["card_last_four"]),
    pytest.param(B_DISPUTE, "", "Where was the purchase made, and for how much?", ["amount", "merchant"],
                 marks=pytest.mark.xfail(strict=True, reason="the merchant asked as where a purchase was made, the amount as 'how much'")),
    (G_CLUB, "", "Which of our locations would you like to make your home gym?", ["club"]),
    (H_VIEW, "", "What's the six-character code on your booking confirmation?", ["booking_reference"]),
    (RE_EXTEND, "", "When would you like to bring the car back now?", ["return_date"]),
    (C_MOVE, "", "What date were you born? I need it to find your file.", ["date_of_birth"]),
]


# ------------------------------------------------------------------------ a choice among a fact's options
OPTIONS = [
    (M_PLAN, "", "Is it the Basic or the Premium plan you'd like to move to?", ["plan"]),
    (M_PLAN, "", "Which would you prefer:\n\n- **Basic**\n- **Premium**", ["plan"]),
    (R_PAY, "", "Would you rather pay by credit card, PayPal, or a gift card?", ["payment_method"]),
    (R_EMAIL, "", "Was it no longer needed, or ordered by mistake? Either reason is fine.", ["reason"]),
    (G_CLUB, "", "We have three clubs: Harbour Street, Millbrook and Station Square. Which one should be home?",
     ["club"]),
    (G_FREEZE, "", "Would you like to freeze for one, two or three months?", ["months"]),
    (C_CANCEL, "", "Could you tell me why you're cancelling - illness, a scheduling conflict, or something else?",
     ["reason"]),
    (H_VIEW, "", "Which room would you like instead - a sea view double, or a garden view twin?", ["room_type"]),
]


# ---------------------------------------------------------------------- indirect, no question mark, lists
INDIRECT = [
    (R_EMAIL, "", "I'd just need to know which order you mean", ["order_id"]),
    (M_CANCEL, "", "Once you have your account ID in front of you, drop it here and I'll take it from there.",
     ["account_id"]),
    (T_LINE, "", "The next step is verifying who I'm speaking with, so your full name and date of birth please",
     ["date_of_birth", "full_name"]),
    (E_DATE, "", "Let me know the day that suits you for the installer and I'll see what's open.", ["date"]),
    (R_NAME, "", "To look you up:\n\n1. Your full name\n2. The ZIP code on your account", ["name", "zip"]),
    (M_PLAN, "", "Here's what I'll need:\n- Your account ID\n- The plan you want to switch to", ["account_id", "plan"]),
    (E_INVOICE, "", "A couple of details and we're set:\n* **Order number**\n* **Invoice title** (person or company)",
     ["invoice_title", "order_id"]),
    (S_CHARGE, "", "I'll look into those charges right away - I just need the email on the account first.",
     ["email"]),
    (P_MOVE, "", "I can set that up. What I need from you is the date you're moving out.", ["move_out_date"]),
    (C_MOVE, "", "Tell me your last name and date of birth and I'll find the booking.", ["date_of_birth", "last_name"]),
    (R_ADDRESS, "", "Just reply with the new street address, city, state and ZIP.", ["new_address"]),
    (H_LATE, "", "I'll also need to know roughly what time you'd like to check out.", ["checkout_time"]),
]


# ------------------------------------------------------------------ pointing back at the message before
PREVIOUS = [
    (R_EMAIL, "I can cancel that for you. First I'll need the order number.",
     "Sorry, I didn't catch that - could you send it again?", ["order_id"]),
    (M_PLAN, "Which plan would you like to move to: Basic or Premium?",
     "Just to be sure I have it right, which of the two was it?", ["plan"]),
    pytest.param(T_LINE, "I'll need your full name and date of birth to verify the account.",
     "Thanks! I have the name - now just the other one, please.", ["date_of_birth"],
                 marks=pytest.mark.xfail(strict=True, reason="'the other one' after an ask for two facts")),
    pytest.param(R_NAME, "Could I get your full name and ZIP code?",
     "Thanks, Aisha. And the second detail I asked about?", ["zip"],
                 marks=pytest.mark.xfail(strict=True, reason="'the second detail I asked about' after an ask for two facts")),
]


# ------------------------------------------------------------------ the mock domain: account ids and plans
MOCK = [
    (M_CANCEL, "", "Sure - what account are we cancelling today?", ["account_id"]),
    (M_CANCEL, "", "Which account would you like me to look at? The ID is on your welcome email.", ["account_id"]),
    (M_CANCEL, "", "To locate the subscription, could you provide the account identifier (for example A123)?",
     ["account_id"]),
    (M_CANCEL, "", "I'm sorry to hear you want to leave. May I have the ID of the account you'd like closed",
     ["account_id"]),
    (M_CANCEL, "", "What's the account ID on the subscription you want to end", ["account_id"]),
    (M_CANCEL, "", "Could you tell me which account this is for so I can pull up the subscription?", ["account_id"]),
    (M_PLAN, "", "Great choice to upgrade! Which plan should I put you on, and under what account ID?",
     ["account_id", "plan"]),
    (M_PLAN, "", "Which tier did you have in mind - Basic or Premium?", ["plan"]),
    (M_PLAN, "", "What plan would you like your account changed to", ["plan"]),
    (M_PLAN, "", "Do you know your account ID? It looks like the letter A and three digits.", ["account_id"]),
    (M_PLAN, "", "Let me know which plan you're after and the ID of the account to change.", ["account_id", "plan"]),
    (M_PLAN, "", "**To get started, please share:**\n1. Your account ID\n2. The plan you'd like (Basic or Premium)",
     ["account_id", "plan"]),
    (M_PLAN, "", "Which account are we upgrading today?", ["account_id"]),
    (M_PLAN, "", "Are you looking to move to the Premium plan, or to Basic?", ["plan"]),
]


# ------------------------------------------------------------------------------------------- hard negatives
NOTHING = [
    # a confirmation that restates the values
    (R_EMAIL, "", "Just to confirm: cancel order #W3125736 because it's no longer needed - shall I go ahead?"),
    (M_PLAN, "", "I'll move account A101 to the Premium plan. Would you like me to proceed?"),
    (R_ADDRESS, "", "Shall I update the shipping address on order W3135709 to 836 Birch Boulevard, Brookfield, "
                    "WI 33688?"),
    (T_LINE, "", "To recap, I'll turn data roaming on for the line 206-555-0128 registered to Priya Raman. Good to "
                 "go?"),
    (E_INVOICE, "", "I'll issue the invoice for order E206019 with the title Harbor Print Ltd - okay to proceed"),
    (C_MOVE, "", "Moving your appointment to December 8 under the name Okoro. Please confirm and I'll finalise it."),
    (G_FREEZE, "", "Freezing your membership for two months starting next cycle - is that what you'd like?"),
    (R_PAY, "", "Before I switch the payment on order W3121805 to your credit card, can you confirm that's the one?"),
    # a list of what the agent found
    (T_LINE, "", "Here's what I found:\n- **Name:** Priya Raman\n- **Line:** 206-555-0128\n- **Status:** active"),
    (R_EMAIL, "", "I found your account. Your recent orders:\n1. #W3125736 - pending\n2. #W3001201 - delivered"),
    (M_CANCEL, "", "Account A100 is active on the Basic plan, with no balance due."),
    # information about a fact
    (S_CHARGE, "", "Your email is only used for receipts and account notices - we never share it."),
    (R_NAME, "", "The ZIP code on your account is what we use to verify card payments."),
    (P_MOVE, "", "Your account number stays the same even if you move within our service area."),
    (T_LINE, "", "We ask for your date of birth only to protect your account from unauthorized changes."),
    (E_INVOICE, "", "Invoices show the title you choose and the order number; they can be downloaded from the app."),
    (M_PLAN, "", "The Premium plan includes priority support and faster speeds; Basic covers the essentials."),
    (B_DISPUTE, "", "Disputes usually take 5-10 business days, and you'll be updated at the email on file."),
    # an ask the user cannot know: internal identifiers
    # (unmatched, not a fact of the user's)
    # a fact's word inside an action
    (R_EMAIL, "", "Would you also like me to update the email address on file?"),
    (T_LINE, "", "Do you want me to change the phone number linked to your account as well?"),
    (M_PLAN, "", "Would you like me to email you a summary of the plan change?"),
    (R_NAME, "", "Should I also correct the name on the account while I'm at it?"),
    # thanks for a fact already given, and a fact not needed
    (R_EMAIL, "", "Thanks for sending the order number - I'm pulling it up now."),
    (C_MOVE, "", "No need to send your date of birth again, I already have it."),
    (H_LATE, "", "Late checkout is available until 14:00 on your booking."),
]


CANNOT_KNOW = [
    (R_EMAIL, "Could you give me the internal ticket ID for your last support case?"),
    (M_PLAN, "What's the billing profile ID attached to your account? It's an internal code."),
    (T_LINE, "Could you tell me the IMEI of your SIM's provisioning record?"),
]


# ------------------------------------------------------------------------------------------ read-backs
READ_BACKS = [
    (M_PLAN, "verified", "Just so I have it right, your account is A101?", ["account_id"]),
    (M_PLAN, "misread", "Just so I have it right, your account is A110?", ["account_id"]),
    (R_EMAIL, "verified", "Before I search: the email is noor.rossi324@inbox.example.org - correct?", ["email"]),
    (R_EMAIL, "misread", "Before I search: the email is noor.rossi342@inbox.example.org - correct?", ["email"]),
    (T_LINE, "verified", "Can you confirm I'm speaking with Priya Raman, date of birth 17 February 1991?",
     ["date_of_birth", "full_name"]),
    (T_LINE, "misread", "Can you confirm I'm speaking with Priya Raman, date of birth 17 February 1992?",
     ["date_of_birth"]),
    (C_MOVE, "verified", "I have you down as Okoro, born 12 April 1988. Is that right?",
     ["date_of_birth", "last_name"]),
    (E_INVOICE, "verified", "Is 272-555-7588 still the best number for your account?", ["phone_number"]),
    (R_NAME, "misread", "I've looked up Aisha Kovacs at ZIP 70635, but found no orders.", ["zip"]),
]


@pytest.mark.parametrize(("where", "previous", "text", "facts"),
                         SEVERAL + POLITE + DESCRIBED + OPTIONS + INDIRECT + PREVIOUS + MOCK)
def test_facts_asked(where: tuple[str, str], previous: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text, previous)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.misread


@pytest.mark.parametrize(("where", "previous", "text"), NOTHING)
def test_facts_named_but_not_asked(where: tuple[str, str], previous: str, text: str) -> None:
    reading = _read(where, text, previous)
    assert [f.key for f in reading.asked] == []
    assert not reading.misread


@pytest.mark.parametrize(("where", "text"), CANNOT_KNOW)
def test_an_internal_identifier_is_no_fact_of_the_users(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert [f.key for f in reading.asked] == []
    assert reading.unmatched


@pytest.mark.parametrize(("where", "kind", "text", "facts"), READ_BACKS)
def test_values_read_back(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.asked



# written after the fix for asking leave to take a fact and for "if you wouldn't mind …": the same forms with other
# verbs and frames, and the asks for leave to act that must stay approvals
TAKING_LEAVE = [
    (T_LINE, "Would it be okay if I got your full name and date of birth?", ["date_of_birth", "full_name"]),
    (T_LINE, "Is it alright if I take your full name and date of birth?", ["date_of_birth", "full_name"]),
    (M_PLAN, "Is it ok if I ask for your account ID?", ["account_id"]),
    (R_EMAIL, "If you wouldn't mind sharing the order number.", ["order_id"]),
    (R_EMAIL, "If you would share the order number, that'd help.", ["order_id"]),
    (R_EMAIL, "If you would like a copy, I can send it to your email.", []),
]


@pytest.mark.parametrize(("where", "text", "facts"), TAKING_LEAVE)
def test_leave_to_take_a_fact_asks_for_it(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation and not reading.verification


LEAVE_TO_ACT = [
    (M_PLAN, "Would it be alright if I changed your plan?", "change_plan"),
    (M_PLAN, "Is it okay if I get your plan changed to Premium?", "change_plan"),
    (M_CANCEL, "Is it okay if I get that cancelled for you?", "cancel_subscription"),
    (M_PLAN, "Is it alright if I go ahead and change your plan?", "change_plan"),
]


@pytest.mark.parametrize(("where", "text", "action"), LEAVE_TO_ACT)
def test_leave_to_act_stays_an_approval(where: tuple[str, str], text: str, action: str) -> None:
    reading = _read(where, text)
    assert reading.confirmation and reading.action == action
    assert not reading.asked


# a read-back of an action and its values is an approval of it, not a check of facts (the corpus's labelling rule;
# this probe was first written expecting a verify)
def test_a_read_back_of_the_action_is_its_approval() -> None:
    reading = _read(P_MOVE, "You're moving out on 19 December, and the account is 4417-2290 - is that all correct?")
    assert reading.confirmation and reading.action == "schedule_move_out"
    assert not reading.asked and not reading.verified and not reading.misread


# written after the fixes for another person's name beside another ask, a qualifier picked out by a word before it
# ("the name of the second driver") and a club named by a place word
PICKED_OUT = [
    (RE_DRIVER, "I'll need their full name and their licence number.", ["driver_name", "licence_number"]),
    (RE_DRIVER, "What is the name of the additional driver?", ["driver_name"]),
    (RE_DRIVER, "Can I get your last name and the licence number of the second driver?",
     ["last_name", "licence_number"]),
    (G_CLUB, "Which branch should be your home club?", ["club"]),
    (G_CLUB, "You can use any of our locations with your membership.", []),
]


@pytest.mark.parametrize(("where", "text", "facts"), PICKED_OUT)
def test_a_fact_picked_out_by_whose_it_is(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == facts


# written after the first fixes, by a scratch rewrite of dev asks into hedged frames and a second blind batch of
# listed options: a question followed by the options to pick from is asked, not answered by itself; a list laid
# out before "Which would you like?" or "Let me know which you'd like"; "Which works best?" after values of a shape
LISTED = [
    (R_EMAIL, "What's the reason for cancelling? The options are:\n- No longer needed\n- Ordered by mistake",
     ["reason"]),
    (R_EMAIL, "What's the reason for cancelling? The options are no longer needed and ordered by mistake.",
     ["reason"]),
    (R_EMAIL, "What's the reason for the cancellation?\n- No longer needed\n- Ordered by mistake", ["reason"]),
    (R_EMAIL, "Why can't it be cancelled? Because it has already shipped.", []),
    (R_EMAIL, "What's the reason it can't be cancelled? It has already shipped.", []),
    (G_FREEZE, "Freeze options:\n- 1 month\n- 2 months\n- 3 months\nLet me know which you'd like.", ["months"]),
    (E_DATE, "Available dates:\n- March 3\n- March 5\n- March 9\nWhich would you like?", ["date"]),
    (E_DATE, "I have openings on March 3, March 5 and March 9. Which works best?", ["date"]),
    (E_INVOICE, "It would be really helpful to have the phone number on your account.", ["phone_number"]),
    (E_INVOICE, "If you wouldn't mind sending your account's phone number, that'd be great.", ["phone_number"]),
    (E_INVOICE, "Would it be alright if I grabbed the exact company name for the invoice title?", ["invoice_title"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), LISTED)
def test_options_laid_out_and_hedged_asks(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation and not reading.verification


# a third blind batch, of asks the user cannot answer that use a fact's words (5 of 24 read a fact wrongly when
# written; 3 fixed: a relative "who" is no question, the owner after its modifier, "whom should I …" asks)
ANOTHER_PERSONS = [
    (R_NAME, "What's the name of the sales rep who helped you?", []),
    (R_NAME, "Could you tell me the name of the courier who delivered it?", []),
    (R_NAME, "Could you tell me who the account holder is?", ["name"]),
    (R_NAME, "What's the name of the account holder?", ["name"]),
    (R_NAME, "What's the postal code of the billing address on file?", ["zip"]),
    (E_INVOICE, "Whom should I address the invoice to?", ["invoice_title"]),
    (T_LINE, "What's the phone number of the line that isn't working?", ["phone_number"]),
    pytest.param(R_NAME, "What's the ZIP code of the warehouse it shipped from?", [],
                 marks=pytest.mark.xfail(strict=True, reason="the warehouse's ZIP is read as the user's")),
    pytest.param(R_EMAIL, "Could you share the tracking number from the carrier's email?", [],
                 marks=pytest.mark.xfail(strict=True, reason="the carrier's email (a message) is read as the address")),
    pytest.param(T_LINE, "What's the phone number of the person you were trying to reach?", [],
                 marks=pytest.mark.xfail(strict=True, reason="another person's number is read as the user's line")),
]


@pytest.mark.parametrize(("where", "text", "facts"), ANOTHER_PERSONS)
def test_another_persons_details_are_not_the_users(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation


# a fourth blind batch, of the mock domain's ids and plans (3 of 24 read wrong when written: a bare label "Desired
# plan" under "Please share:" fixed; "your customer number" and "what level of service" kept as strict xfails) and
# what an account is on now, which is no read-back of the plan the user wants (found while checking that fix)
MOCK_LABELS = [
    (M_PLAN, "Please share:\n\u2022 Account ID\n\u2022 Desired plan", ["account_id", "plan"]),
    (M_PLAN, "Please share:\n- Desired plan", ["plan"]),
    (E_DATE, "Please send:\n- Order number\n- Preferred date", ["date", "order_id"]),
    pytest.param(M_CANCEL, "Could you let me know your customer number?", ["account_id"],
                 marks=pytest.mark.xfail(strict=True, reason="'customer number' (not 'customer ID') is no account id")),
    pytest.param(M_PLAN, "Could you tell me what level of service you'd like?", ["plan"],
                 marks=pytest.mark.xfail(strict=True, reason="'level of service' is no name of a plan")),
]


@pytest.mark.parametrize(("where", "text", "facts"), MOCK_LABELS)
def test_labels_and_names_of_the_mock_facts(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == facts


NOW_ON = [
    (M_PLAN, "Current plan: Basic", []),
    (M_PLAN, "Here's your account:\n- Current plan: Basic\n- Status: active", []),
    (M_PLAN, "Your current plan is Basic. Would you like me to upgrade you to Premium?", []),
    (M_PLAN, "I'll switch your current plan to Basic. Shall I go ahead?", ["plan"]),
    (M_PLAN, "I'll move account A101 to Basic. Shall I go ahead?", ["plan"]),
]


@pytest.mark.parametrize(("where", "text", "misread"), NOW_ON)
def test_the_plan_an_account_is_on_is_no_misread(where: tuple[str, str], text: str, misread: list[str]) -> None:
    assert [f.key for f in _read(where, text).misread] == misread


# a fifth blind batch, of read-backs (1 of 24 read wrong when written, fixed: "Is that the one with the issue?"
# after a found value checks it; the user could not place it)
CHECKED_ONE = [
    (T_LINE, "verified", "I see the line 206-555-0128 on your account - is that the one with the issue?",
     ["phone_number"]),
    (T_LINE, "misread", "I see the line 206-555-0182 on your account. Is that the one having trouble?",
     ["phone_number"]),
    (R_EMAIL, "verified", "I found order #W3125736. Is that the order with the damaged item?", ["order_id"]),
]


@pytest.mark.parametrize(("where", "kind", "text", "facts"), CHECKED_ONE)
def test_is_that_the_one_with_checks_it(where: tuple[str, str], kind: str, text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in getattr(reading, kind)) == facts
    assert not reading.unmatched and not reading.asked
