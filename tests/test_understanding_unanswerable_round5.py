"""Blind probes of what the user cannot place, round 5 (issue 20): fresh agent messages written for this test, in
the ways frontier LLM support agents write, before any rule was changed for them.

Four readings are probed. ``unanswerable`` (``Reading.unmatched``): a false flag turns a failing agent's trial
inconclusive, a missed one blames the agent for the simulator; ``closing`` (``anything_else``) and ``achieved``
(the state tracker sees a goal milestone stated); and the restaurant guest's reading of a waiter's turn (what it
asks about the guest's lines, whether it asks what else to order, which lines it states wrongly).
"""

from __future__ import annotations

import random

import pytest
from test_understanding_facts import _domain_anywhere
from test_understanding_facts import _read_any as _read

from pytest_mmtau.models import Persona
from pytest_mmtau.understanding import Reading, read, vocabulary
from pytest_mmtau.user._scripted import ScriptedRealiser
from pytest_mmtau.user._tracker import StateTracker

R_EMAIL = ("retail", "cancel/email/ok")
R_RETURN = ("retail", "return/email/ok")
R_EXCHANGE = ("retail", "exchange/email/ok")
R_PAY = ("retail", "payment/email/ok")
R_ADDRESS = ("retail", "address/email/ok")
E_TRACK = ("ecommerce", "E206433")
E_INVOICE = ("ecommerce", "E206019")
T_LINE = ("telecom", "[service_issue]airplane_mode_on")
T_DATA = ("telecom", "[mobile_data_issue]data_mode_off")
T_MMS = ("telecom", "[mms_issue]bad_wifi_calling")
M_CANCEL = ("mock", "cancel_subscription")
M_PLAN = ("mock", "upgrade_plan")
M_BALANCE = ("mock", "balance_inquiry")
BANK = ("bank", "dispute_fuel")
CLINIC = ("clinic", "reschedule")
POWER = ("power", "meter_reading")
STREAM = ("streamco", "triple_charge")
GYM = ("gym", "freeze")
HOTEL = ("hotel", "sea_view")
RENTAL = ("rental", "extend")
CLAIMS = ("claims", "burst_pipe")
ISP = ("isp", "no_internet")


# ------------------------------------------------------------------ turns the user answers or lets pass
ANSWERABLE = [
    # courtesy and small talk
    (R_EMAIL, "I completely understand how annoying it is when an order isn't needed anymore - we'll sort it."),
    (BANK, "I'm really sorry to hear about the unfamiliar charge; that must have been unsettling to see."),
    (CLINIC, "Thanks for letting us know in advance - it really helps the clinic plan the day."),
    (STREAM, "Being charged three times for one month is definitely not okay, and I appreciate your patience."),
    (HOTEL, "Congratulations on the trip! A sea view makes all the difference."),
    (GYM, "Hope the travels go smoothly - two months abroad sounds exciting!"),
    # satisfaction, preference and opinion the persona can give
    (M_PLAN, "Is there a particular feature of Premium that matters most to you?"),
    (HOTEL, "Do you have a preference between a higher floor and one closer to the lift?"),
    (CLINIC, "Would a morning or an afternoon slot suit you better on that day?"),
    (GYM, "Are you happy for the freeze to begin straight away, or would you rather it start next week?"),
    (RENTAL, "How are you finding the car so far?"),
    (STREAM, "Is it just the charges you'd like looked at today, or is there something else bothering you too?"),
    # offers and invitations the user says yes or no to
    (BANK, "Would you like me to send you a copy of the dispute form by email once it's filed?"),
    (POWER, "If it's helpful, I can also explain how estimated bills are worked out."),
    (E_TRACK, "Happy to walk you through how to follow the parcel in the app, if that would be useful."),
    (CLAIMS, "Should you want it, I can text you a link to upload photos later on."),
    # facts the user has, asked in odd ways
    (CLINIC, "And the family name the appointment is booked under would be...?"),
    (BANK, "Roughly how much was the fuel charge you don't recognise"),
    (POWER, "What's the account number printed at the top of your bill - the one with the dash in the middle?"),
    (RENTAL, "Which date were you hoping to bring the car back instead?"),
    (HOTEL, "Could I grab the six-character booking code from your confirmation email?"),
    pytest.param(CLAIMS, "On what day did the pipe burst, as best you remember?",
                 marks=pytest.mark.xfail(strict=True, reason="the facts reader drops a date the goal's action takes from a question in the past ('what day did … burst'): an incident's date is asked in the past; not this area")),
    (STREAM, "Which email do you sign in to StreamCo with?"),
    (R_RETURN, "So I can start the return, which of the items from that order is going back?"),
    (R_EXCHANGE, "What colour and size would you like the replacement boots in?"),
    (R_PAY, "Which payment method would you like the order moved over to?"),
    (E_INVOICE, "Who should the invoice be made out to - yourself or a business?"),
    (M_BALANCE, "To pull up the balance, I'll just need your account ID."),
    # a message that points back at the agent's last one
    (R_EMAIL, "Just following up on my earlier question - whenever you get a chance."),
    (CLINIC, "No pressure on the date I mentioned above; just let me know what works for you."),
    # the user's own tools
    (T_DATA, "When you get a moment, swipe down and make sure the Mobile Data tile is lit up."),
    # (read since round 33: a number on the device's display is what the look reads)
    (POWER, "Could you head to the meter and jot down the number on the display for me?"),
    pytest.param(ISP, "What colour is the light next to the globe symbol on the router at the moment",
                 marks=pytest.mark.xfail(strict=True, reason="the user-tool reader does not place a light's colour as check_router_lights (not this area)")),
    # approvals in indirect forms
    pytest.param(GYM, "All I need now is a quick yes from you and the two-month freeze goes on.",
                 marks=pytest.mark.xfail(strict=True, reason="an approval put as 'all I need is a yes' is not read as one (approvals, not this area)")),
    (BANK, "Happy for me to open the dispute on the $62.18 charge at Coastline Fuel?"),
    # hard negatives: cue words of an ask, informing only
    (R_EMAIL, "Your order number is on the confirmation email, but don't worry - I've already found it."),
    (T_LINE, "The ticket number for today's chat is TK-99120, just in case you need it later."),
    (BANK, "The reference for your dispute will appear in the app within a day or so."),
    (CLAIMS, "Claims like this usually get a case number within 24 hours."),
    (E_TRACK, "The tracking number is listed in the shipping email we sent on Monday."),
    (STREAM, "You don't need any code or reference from me - the refund goes straight back to your card."),
    (HOTEL, "There's no need to send a copy of your passport; we'll check it at the front desk."),
]

CANNOT_PLACE = [
    (R_EMAIL, "Could you pass along the RMA code from your earlier return?"),
    (R_EMAIL, "Before I cancel, what's the gift receipt number on the packing slip?"),
    (E_TRACK, "Can you tell me the waybill number the courier left on the missed-delivery card?"),
    (E_INVOICE, "I'll also need your company's tax ID to put on the invoice."),
    (T_LINE, "What's the EID shown under Settings > About for your eSIM?"),
    (T_LINE, "Please read me the 8-digit unlock code from your SIM's original packaging."),
    (M_CANCEL, "What's the referral code that came with your welcome pack?"),
    (M_PLAN, "Please give me the last four digits of the card you'd like to be billed."),
    (BANK, "What's the authorisation code from the receipt the petrol station gave you?"),
    (CLINIC, "Could you read me your NHS number from the letter we posted?"),
    (POWER, "Can you tell me the MPAN - the long number in the box on page two of your bill?"),
    (STREAM, "What was the transaction ID on the bank statement for the second charge?"),
    (GYM, "What's the locker number you were assigned at reception?"),
    (HOTEL, "Could you give me the flight number you're arriving on?"),
    (RENTAL, "What's the mileage showing on the dashboard right now?"),
    (CLAIMS, "Please send over the plumber's invoice reference for the repair."),
    pytest.param(R_ADDRESS, "Could you forward me the PDF of the utility bill showing the new address?",
                 marks=pytest.mark.xfail(strict=True, reason="the new address named in what the document shows reads as asking for the address: the document itself is left unplaced only by a rule that would also drop 'a photo showing the damage' asks")),
    (T_DATA, "Please re-register your phone on the network through the carrier's USSD menu."),
    (HOTEL, "Could you email a signed authorisation form to the front office?"),
    # (under a line that asks: a bare list of noun phrases asks nothing by its structure)
    (CLAIMS, "To open the claim, please send:\n- Your policy number\n- The claim handler's reference from your last "
             "claim"),
]


# a second batch, written after the first fixes (12 of these 22 read as unplaced before the second): offers of an
# account ("a quick comparison", "a breakdown of the charges"), the user's own questions, its opinion of a proposal
OFFERS_AND_OPINIONS = [
    (M_PLAN, "Would you like a quick comparison with your current plan before deciding?"),
    (STREAM, "Would you like a breakdown of the charges first?"),
    (CLINIC, "Do you want a reminder text the day before?"),
    (BANK, "Would a summary of the next steps be helpful?"),
    (GYM, "Want me to go over what's included in the freeze?"),
    (HOTEL, "Is there anything you'd like to know about the sea view rooms?"),
    (POWER, "Any questions about how the final bill works?"),
    (RENTAL, "Would you like to hear about our insurance options while I'm at it?"),
    (R_EMAIL, "Would it help if I explained the refund timeline?"),
    (E_TRACK, "Shall I keep you posted if the status changes?"),
    (CLAIMS, "Would you like me to stay on the line while you gather the photos?"),
    (T_LINE, "How are you feeling about the service so far?"),
    (M_BALANCE, "Was that what you were expecting to see?"),
    (STREAM, "Are you happy with a refund to the original card?"),
    (HOTEL, "How does that room sound to you?"),
    (HOTEL, "Do you have any accessibility needs we should know about for the room?"),
    (GYM, "Does two months sound right to you?"),
    (BANK, "Is that the charge you were worried about?"),
    (CLINIC, "Is the 8th still good for you?"),
    (R_EMAIL, "Sorry, could you say that again? I didn't quite catch it."),
    (E_INVOICE, "Did you need anything else on the invoice besides the company name?"),
    (T_DATA, "Was it working fine before today?"),
    (POWER, "Would you like to book a final meter reading as well, or will you submit it yourself?"),
]

CANNOT_PLACE_MORE = [
 (E_TRACK, "What's the parcel's consignment number?"),
 (BANK, "Could you give me the terminal ID from the fuel station receipt?"),
 (HOTEL, "What's your Hilton Honors number?"),
 (GYM, "Please scan the QR code at the front desk and send me the code it shows."),
 (STREAM, "What's your TV's serial number?"),
 (CLINIC, "What's the referral letter number from your GP?"),
 (M_CANCEL, "What was the order number on your original sign-up?"),
 (RENTAL, "Could you send me the fuel receipt from your last fill-up?"),
]


def _read_after(where: tuple[str, str], previous: str, text: str) -> Reading:
    """The message read after the agent's message before it (what "those" and "it" refer to)."""
    domain, prefix = where
    task = next(t for t in _domain_anywhere(domain).tasks if t.id.startswith(prefix))
    words = vocabulary(task, _domain_anywhere(domain).tool_infos)
    return read(text, words, previous=previous, previous_asked=read(previous, words).asked)


# a message that leans on the one before it (written after the second fixes: 4 of these 14 read as unplaced)
AFTER_PREVIOUS = [
    (R_EMAIL, "I found two pending orders on your account: #W3125736 (headphones) and #W3111111 (a desk lamp).",
     "Which of those are we cancelling?"),
    (R_EMAIL, "Could you share the email on your account?", "Whenever you're ready!"),
    (R_EMAIL, "Could you share the email on your account?", "Just checking in - were you able to find it?"),
    (R_RETURN, "To start the return I'll need the order number and the item.",
     "No rush - send them over when you have them."),
    (T_LINE, "Please open Settings and check whether Airplane Mode is on.", "What did you find?"),
    (T_LINE, "Please toggle Airplane Mode off.", "Done? What does the status bar show now?"),
    (M_PLAN, "We have Basic, Plus and Premium plans.", "Which one catches your eye?"),
    (GYM, "You can freeze for one, two or three months.", "What length works best for you?"),
    (HOTEL, "I have a sea view double and a sea view suite available.", "Which would you like?"),
    (CLINIC, "I have openings on December 8 at 9:00 and December 10 at 14:30.", "Do either of those work?"),
    (BANK, "I see two charges from Coastline Fuel: $62.18 on the 3rd and $40.00 on the 9th.",
     "Which one is the one you don't recognise?"),
    (E_TRACK, "Your parcel is at the Denver hub.", "Anything else you'd like to know about it?"),
    (RENTAL, "I can extend the rental to December 20 for an extra $90.", "Want me to lock that in?"),
    pytest.param(R_EXCHANGE, "The boots come in olive, black and tan, sizes 8 to 12.", "What would you like?",
                 marks=pytest.mark.xfail(strict=True, reason="options of a new variant listed in the message before "
                                                             "are not tied to the exchange's new options by a bare "
                                                             "'what would you like?' (facts reader)")),
]


@pytest.mark.parametrize(("where", "previous", "text"), AFTER_PREVIOUS)
def test_a_message_leaning_on_the_one_before_leaves_nothing_unplaced(where: tuple[str, str], previous: str,
                                                                     text: str) -> None:
    assert _read_after(where, previous, text).unmatched == ()


def test_options_named_before_are_of_the_fact_whose_value_is_among_them() -> None:
    reading = _read_after(CLINIC, "I have openings on December 8 at 9:00 and December 10 at 14:30.",
                          "Do either of those work?")
    assert [f.key for f in reading.asked] == ["new_date"]


@pytest.mark.parametrize(("where", "text"), OFFERS_AND_OPINIONS)
def test_an_offer_or_a_question_of_opinion_leaves_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), CANNOT_PLACE_MORE)
def test_more_asks_the_user_cannot_answer_are_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched


# an ask the user cannot place, then small talk: the small talk is answered in passing and explains nothing of the
# ask, which stays unplaced (found by the benchmark's small_talk rewrite, budgeted until now)
CANNOT_PLACE_THEN_SMALL_TALK = [
    (T_LINE, "I'll need the 4-digit account PIN you set up when you joined. Did you know you can also manage this in "
             "our app?"),
    (E_TRACK, "Please provide the carrier's tracking ID so I can look into it. Does that make sense?"),
    (GYM, "I'll need the number on the back of your key fob. Thanks for bearing with me!"),
]


@pytest.mark.parametrize(("where", "text"), CANNOT_PLACE_THEN_SMALL_TALK)
def test_small_talk_after_an_ask_does_not_hide_it(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched


@pytest.mark.parametrize(("where", "text"), ANSWERABLE)
def test_a_turn_the_user_can_answer_leaves_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), CANNOT_PLACE)
def test_an_ask_the_user_cannot_answer_is_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched


# ------------------------------------------------------------------ closing and statements of completion
CLOSING = [
    (R_EMAIL, "Is there anything more I can do for you today?", True),
    (BANK, "Anything else on your mind before we wrap up?", True),
    (CLINIC, "Wishing you a speedy recovery, and see you on the 8th!", True),
    (STREAM, "Happy watching!", True),
    (GYM, "Enjoy the time away - we'll be here when you get back.", True),
    (HOTEL, "Have a wonderful stay with us!", True),
    (POWER, "Thanks for getting in touch - all the best with the move.", True),
    (RENTAL, "Safe travels, and enjoy the extra days with the car!", True),
    (E_TRACK, "If there's nothing else, I'll let you get on with your day. Take care!", True),
    (M_PLAN, "Was there anything else you wanted to look at while I have your account open?", True),
    # not closings
    (R_EMAIL, "Is there anything else about this order you'd like to change?", False),
    (BANK, "Anything else you remember about the transaction, like the time of day?", False),
    (GYM, "Is there anything else I should know before setting up the freeze?", False),
]


# more of this request or of the problem, with "anything else": no offer of further help, and answered "no" (written
# after the first fixes: 5 read as closings)
ANYTHING_ELSE_HERE = [
    (T_LINE, "Have you tried anything else so far, like restarting?"),
    (R_EMAIL, "Do you need anything else changed on the order before I cancel it?"),
    (T_LINE, "Is anything else not working - calls, texts, data?"),
    (M_PLAN, "Would you like anything else added to the upgrade, like extra storage?"),
    (T_LINE, "Is there something else going on with the phone, like it being slow?"),
    (R_EMAIL, "Is there anything else about this order you'd like to change?"),
    (BANK, "Anything else you remember about the transaction, like the time of day?"),
]


@pytest.mark.parametrize(("where", "text"), ANYTHING_ELSE_HERE)
def test_anything_else_about_this_request_is_no_closing_and_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.anything_else and reading.unmatched == ()


@pytest.mark.parametrize(("where", "text", "closing"), CLOSING)
def test_an_offer_of_more_help_or_a_sign_off_is_closing(where: tuple[str, str], text: str, closing: bool) -> None:
    assert _read(where, text).anything_else is closing


def _achieved(where: tuple[str, str], text: str) -> bool:
    domain, prefix = where
    task = next(t for t in _domain_anywhere(domain).tasks if t.id.startswith(prefix))
    reading = _read(where, text)
    return StateTracker(goal=task.goal).observe(text, plan=reading.confirmation) > 0


ACHIEVED = [
    (M_CANCEL, "All set - that subscription won't renew and has been cancelled as of today.", True),
    (R_EMAIL, "You're good to go: the order is cancelled and the refund is on its way.", True),
    (STREAM, "Done! The two extra charges have been refunded to your card.", True),
    (GYM, "Your membership is officially on hold for the next two months.", True),
    (CLINIC, "Great news - your appointment has been moved to Tuesday, December 8.", True),
    (BANK, "I've gone ahead and opened a dispute for the Coastline Fuel charge.", True),
    (POWER, "Your meter reading of 48213 has been logged, thanks!", True),
    (CLAIMS, "That's your claim filed - reference CL-2291 is on its way to your inbox.", True),
    (RENTAL, "Sorted: the booking is extended and your drop-off is now December 20.", True),
    (M_BALANCE, "Right now your balance stands at $42.50.", True),
    # plans, conditions, questions: not yet
    (M_CANCEL, "As soon as you give the word, the subscription will be cancelled.", False),
    (STREAM, "Once the refund goes through, it usually shows within 3-5 business days.", False),
    (GYM, "Would you like the membership put on hold from today?", False),
    (CLINIC, "I can move the appointment to December 8 if that suits.", False),
    (BANK, "A dispute can be opened for any charge within 120 days.", False),
    # the outcome's noun said to be in place (written after the first fixes; the first two read as not achieved)
    (R_RETURN, "Your return request for the Wireless Earbuds is in. A prepaid label will follow by email.", True),
    (R_EMAIL, "The cancellation went through, and the refund is on its way.", True),
    (R_RETURN, "Your return request isn't through yet; I'll check again in a moment.", False),
    (R_RETURN, "Once your return request is in, you'll get a label.", False),
    (R_RETURN, "Is your return request in?", False),
    (R_EMAIL, "Your cancellation request is being processed.", False),
    (E_INVOICE, "Your issue has been logged with our team.", False),
]


@pytest.mark.parametrize(("where", "text", "achieved"), ACHIEVED)
def test_a_statement_of_completion_in_other_words_is_achieved(where: tuple[str, str], text: str,
                                                              achieved: bool) -> None:
    assert _achieved(where, text) is achieved


# ------------------------------------------------------------------ the restaurant guest's reading of a waiter
def _guest(task_id: str, told: str, text: str) -> tuple[str, list[str], list[str], bool]:
    """(what the turn asks of the guest, the items of the lines asked about, the items stated wrongly, closing),
    read as the simulated guest reads it: ``told`` is ``start`` (nothing said yet), ``items`` (every line's item and
    quantity) or ``full`` (every line exactly)."""
    domain = _domain_anywhere("restaurant")
    task = next(t for t in domain.tasks if t.id == task_id)
    guest = ScriptedRealiser(goal=task.goal, persona=Persona(name="probe"), user_tools={}, rng=random.Random(0),
                             vocabulary=vocabulary(task, domain.tool_infos))
    order = guest._order
    assert order is not None
    if told == "items":
        order.told = ["partial" if line.modifiers else "exact" for line in task.goal.order]
    elif told == "full":
        order.told = ["exact"] * len(task.goal.order)
    stated = order.observe(text)
    reading = read(text, vocabulary(task, domain.tool_infos))
    kind, lines = guest._order_reading(reading, stated)
    asked = sorted(task.goal.order[i].item for i in lines) if kind == "asked" else []
    if kind == "confirm":
        diff = order.diff()
        wrong = sorted({line.item for line in (*(c for _, c in diff.wrong), *diff.extra, *diff.missing)}) \
            if stated else []
    elif kind == "fix":
        wrong = sorted({line.item for line in guest._order_misstated(stated)})
    else:
        wrong = []
    kind = "closing" if reading.anything_else else kind
    return kind, asked, wrong, bool(reading.unmatched)


BREW = "simple/01-cold-brew"
NACHOS = "simple/05-loaded-nachos"
BBQ = "medium/03-bbq-chicken-pizza"
PARM = "medium/05-chicken-parmesan"
SMASH = "complex/01-lantern-smash-burger"
SWISS = "complex/03-mushroom-swiss-burger"

_BACON_READ_BACK = ("Here's everything before it goes to the kitchen:\n1. 2 x Bacon Jam Burger - well done, gluten-free "
                    "bun, add bacon, {lettuce}\n2. 2 x Fresh Lemonade - small, strawberry, no ice\n3. 2 x Apple "
                    "Crumble - extra chocolate sauce\n4. 1 x Crunchy Coleslaw\n\nShall I place it?")

# (task, told, text, kind, items asked about, items stated wrongly)
WAITER = [
    # what else to order: upsells and drinks, in every style
    (BREW, "start", "Hi there, welcome in! What can I get started for you today?", "next", [], []),
    (NACHOS, "items", "Can I tempt you with anything to drink alongside the nachos?", "next", [], []),
    (BBQ, "items", "Anything to drink with that", "next", [], []),
    (PARM, "items", "Great picks! Would you like to add a dessert? Our tiramisu is lovely tonight.", "next", [], []),
    (SMASH, "items", "Got all of that down. Anything more for the table?", "next", [], []),
    (SWISS, "items", "Perfect. **Anything else** I can add for you?", "next", [], []),
    (BREW, "full", "Is that everything, or can I get you something to nibble on as well?", "next", [], []),
    # questions about the guest's own lines
    (BREW, "items", "And what size would you like the cold brew in - small, medium or large?", "asked",
     ["Cold Brew"], []),
    (NACHOS, "items", "Regular portion for the nachos, or the sharing size?", "asked", ["Loaded Nachos"], []),
    (BBQ, "items", "For the pizza, which crust - classic, thin or gluten-free?", "asked", ["BBQ Chicken Pizza"], []),
    (BBQ, "items", "What size should the colas be?", "asked", ["Diet Cola"], []),
    (PARM, "items", "How would you like the pasta on the parm - regular or gluten-free penne?", "asked",
     ["Chicken Parmesan"], []),
    (SMASH, "items", "How would you like the smash burger cooked?", "asked", ["Lantern Smash Burger"], []),
    (SWISS, "items", "Which dressing would you like on the Greek salads?", "asked", ["Greek Salad"], []),
    # read-backs: a wrong modifier, a missing line, a wrong count
    (BREW, "full", "So that's one medium Cold Brew - shall I send it through?", "confirm", [], ["Cold Brew"]),
    (BBQ, "full", "Let me read that back: 1 x BBQ Chicken Pizza (large, classic crust, light sauce). Good to go?",
     "confirm", [], ["Diet Cola"]),
    (PARM, "full", "Just to confirm: 2 x Chicken Parmesan (gluten free penne, extra marinara) and 2 x Ginger Ale "
                   "(large). Shall I place it?", "confirm", [], ["Ginger Ale"]),
    (NACHOS, "full", "I've got one Loaded Nachos, regular size, on the order.", "fix", [], ["Loaded Nachos"]),
    # right read-backs
    (BREW, "full", "One small Cold Brew coming right up - shall I put that through for you?", "confirm", [], []),
    (BBQ, "full", "Here's your order: 1 x BBQ Chicken Pizza (large, classic crust, light sauce); 2 x Diet Cola "
                  "(medium). Ready for me to send it to the kitchen?", "confirm", [], []),
    # sign-offs
    (BREW, "full", "Your order #5301 is in - enjoy your cold brew and have a great afternoon!", "closing", [], []),
    (PARM, "full", "That's all placed. Thanks so much for ordering with us, and enjoy your meal!", "closing", [], []),
    # a second batch of sign-offs, written after the first fixes: help offered once the order is in is no ask for
    # more food
    (BREW, "full", "Your order #5301 is in! Is there anything else I can help you with today?", "closing", [], []),
    (BBQ, "full", "All done - it's gone to the kitchen. Anything else I can do for you?", "closing", [], []),
    (NACHOS, "full", "Order placed! It'll be ready in about 20 minutes. Thanks for choosing us!", "closing", [], []),
    (SWISS, "full", "You're all set. Enjoy, and thanks for dining with us!", "closing", [], []),
    (SMASH, "full", "Your food is on its way. Bon appetit!", "closing", [], []),
    (BREW, "items", "Is there anything else I can get for you?", "next", [], []),
    (PARM, "items", "Anything else you'd like to add before I send it through?", "next", [], []),
    # a third batch, of detail questions in the waiter's shorthand (two read wrong after the second fixes: an addition
    # to a line read as an offer of a further line, and a question of needs as unplaced)
    ("simple/04-cobb-salad", "items", "Would you like to add grilled chicken or avocado to the salad?", "asked",
     ["Cobb Salad"], []),
    ("simple/03-crispy-calamari", "items", "The calamari comes with a dipping sauce - spicy marinara or lemon aioli. "
                                           "Which would you like", "asked", ["Crispy Calamari"], []),
    ("medium/01-yard-meat-feast-pizza", "items", "What size pizza are we doing - small, medium or large? And any crust "
                                                 "preference?", "asked", ["Yard Meat Feast Pizza"], []),
    ("medium/04-four-cheese-pizza", "items", "For the Bacon Jam Burgers - which bun, and any add-ons?", "asked",
     ["Bacon Jam Burger"], []),
    ("complex/04-black-bean-burger", "items", "For the iced teas, sweetened or unsweetened? And ice or no ice?",
     "asked", ["Iced Tea"], []),
    ("simple/02-spinach-artichoke-dip", "items", "Chips or veggie sticks with the dip?", "asked",
     ["Spinach Artichoke Dip"], []),
    ("complex/01-lantern-smash-burger", "items", "Do you have any allergies I should flag to the kitchen?", "other",
     [], []),
    ("complex/05-bacon-jam-burger", "full", "Just so you know, the kitchen is a little busy, so it may be about 25 "
                                            "minutes.", "other", [], []),
    # a line described, then a question without its mark; "what else" after it asks for more food
    ("medium/02-garden-veggie-pizza", "items", "Our Garlic Knots are served with a dip: marinara or garlic butter. "
                                               "Which would you like", "asked", ["Garlic Knots"], []),
    ("medium/02-garden-veggie-pizza", "items", "The Garlic Knots come with a dip. What else would you like?", "next",
     [], []),
    # "add bacon" on a read-back line is the bacon the guest asked for; "add lettuce" is not its "no lettuce"
    ("complex/05-bacon-jam-burger", "full", _BACON_READ_BACK.format(lettuce="no lettuce"), "confirm", [], []),
    ("complex/05-bacon-jam-burger", "full", _BACON_READ_BACK.format(lettuce="add lettuce"), "confirm", [],
     ["Bacon Jam Burger"]),
]


@pytest.mark.parametrize(("task_id", "told", "text", "kind", "asked", "wrong"), WAITER)
def test_the_guest_reads_a_waiters_turn(task_id: str, told: str, text: str, kind: str, asked: list[str],
                                        wrong: list[str]) -> None:
    # (the guest compares lines by their normalised item names)
    assert _guest(task_id, told, text) == (kind, asked, [item.lower() for item in wrong], False)


# ------------------------------------------------------------------ end to end
# a mock agent that opens with turns of the offers and questions of opinion read above as nothing to place, and one
# that first asks for an account PIN the user was never given, then small talk: "polite" does the task
# right, "flawed" cancels without asking, "unplaceable" asks the PIN and then cancels without asking
POLITE_CONFTEST = '''
import pytest
from pytest_mmtau.agents import AgentReply

AROUND = [
    "Would you like a quick summary of what happens next once we're done?",
    "Any questions about how the cancellation works?",
    "How does that sound to you?",
    "Was that what you were expecting?",
]
PIN = ("I'll need the 4-digit account PIN you chose when you signed up. Did you know you can also manage this in "
       "our app?")


class PoliteAgent:
    def __init__(self, domain, kind):
        self.domain, self.kind = domain, kind

    def for_trial(self, trial, seed):
        return self

    async def respond(self, request):
        said = sum(1 for m in request.messages if m.role == "assistant" and m.content)
        if self.kind == "unplaceable" and said == 0:
            return AgentReply(text=PIN)
        if self.kind != "unplaceable" and said < len(AROUND):  # turns of nothing but an offer or a question first
            return AgentReply(text=AROUND[said])
        name = "reference" if self.kind == "polite" else "skips_confirmation"
        return await self.domain.agents[name]().respond(request)


@pytest.fixture
def agent(mmtau_domain, request):
    return PoliteAgent(mmtau_domain, request.node.callspec.params["kind"])
'''

POLITE_TESTS = '''
import pytest
from pytest_mmtau import assert_ias


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(2)
@pytest.mark.parametrize("kind", ["polite", "flawed", "unplaceable"])
def test_cancel(simulated_user, agent, kind):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, f"goal not achieved: {conv.termination.value}"
    assert_ias(conv)
'''


def test_offers_and_opinions_neither_excuse_a_bad_agent_nor_hide_an_ask(pytester: pytest.Pytester) -> None:
    import json

    pytester.makeconftest(POLITE_CONFTEST)
    pytester.makepyfile(test_agent=POLITE_TESTS)
    pytester.runpytest("--mmtau-report=r.json", "-p", "no:randomly", "--mmtau-max-inconclusive=1")
    report = json.loads((pytester.path / "r.json").read_text())
    by_kind: dict[str, set[str]] = {}
    excused: dict[str, bool] = {}
    for trial in report["trials"]:
        kind = trial["nodeid"].split("-")[-1].rstrip("]")
        by_kind.setdefault(kind, set()).add(trial["outcome"])
        excused[kind] = excused.get(kind, False) or bool(trial.get("simulator", {}).get("misunderstood"))
    # the polite agent passes and the flawed one fails as itself: the offers and opinions trip nothing
    assert by_kind["polite"] == {"passed"} and by_kind["flawed"] == {"failed"}
    assert not excused["polite"] and not excused["flawed"]
    # the PIN the user was never given is not hidden by the small talk after it: the event is recorded
    assert excused["unplaceable"]
