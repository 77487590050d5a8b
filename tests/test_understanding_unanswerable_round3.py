"""Blind probes of the user's ``unanswerable`` reading, round 3 (issue 20): fresh agent messages written for this
test in the styles of frontier LLM support agents, across the built-in and the teams' domains.

A false unanswerable records ``simulator_misunderstood`` and turns a failing agent's trial inconclusive, so the
ordinary turns here (pleasantries, aims, the agent's own next steps, rhetorical questions, headers, "feel free to
…", asks the user can answer from its facts, tools or goal) must leave ``unmatched`` empty; asks truly outside the
user's knowledge (an internal ticket id, a PUK code, a tracking number never given, an action none of its tools
performs) must fill it.
"""

from __future__ import annotations

import pytest
from test_understanding_facts import _read_any as _read

R_EMAIL = ("retail", "cancel/email/ok")
R_RETURN = ("retail", "return/email/ok")
E_TRACK = ("ecommerce", "E206433")
R_ADDRESS = ("retail", "address/email/ok")
E_INVOICE = ("ecommerce", "E206019")
T_LINE = ("telecom", "[service_issue]airplane_mode_on")
M_CANCEL = ("mock", "cancel_subscription")
M_PLAN = ("mock", "upgrade_plan")
M_WIFI = ("mock", "wifi_off")
FOOD = ("restaurant", "simple/01-cold-brew")
GYM = ("gym", "freeze")
HOTEL = ("hotel", "breakfast")
ISP = ("isp", "no_internet")
ISP_PLAN = ("isp", "faster_plan")
RENTAL = ("rental", "extend")


# ------------------------------------------------------------------ turns a person answers or lets pass
ORDINARY = [
    # pleasantries and aims
    (R_EMAIL, "Let's get this sorted for you."),
    (R_EMAIL, "Let's take care of that cancellation together!"),
    (GYM, "Let's get your membership paused so you're not paying while you're away."),
    (HOTEL, "Let's make your stay even better - breakfast is a great idea."),
    (ISP, "Let's get you back online as quickly as possible."),
    (RENTAL, "Let's see what we can do about keeping the car a little longer."),
    (T_LINE, "Let's figure out what's going on with your service."),
    (M_PLAN, "Let's get you onto a plan that fits."),
    (FOOD, "Let's get your order started!"),
    (E_INVOICE, "Let's get that invoice issued for you."),
    # statements of what the agent will do
    (R_EMAIL, "I'll go ahead and pull up your recent orders now."),
    (GYM, "I'm going to check what freeze options your membership allows."),
    (HOTEL, "I'll add breakfast for both guests once I've located the booking."),
    (ISP, "I'm running a quick line check from our side now."),
    (RENTAL, "Let me check the availability for the extra days."),
    (M_CANCEL, "Let me look into your subscription details."),
    (E_INVOICE, "Allow me a moment to look up the order."),
    (T_LINE, "Let me run a diagnostic on your line."),
    # rhetorical questions
    (ISP, "Why does restarting help? It clears out temporary glitches in the router's memory."),
    (GYM, "What does a freeze mean for your billing? Simply put, you won't be charged while it's active."),
    (RENTAL, "How does the extension work? We just move the return date and adjust the total."),
    (HOTEL, "What's included? A full buffet each morning from 7 to 10."),
    (M_PLAN, "What's the difference between the plans? Premium adds priority support and more storage."),
    # headers and labels
    (R_EMAIL, "## Next steps"),
    (HOTEL, "**What happens next:**"),
    (ISP, "### Troubleshooting"),
    (GYM, "**Your options:**"),
    (RENTAL, "Here's a quick summary:"),
    (E_INVOICE, "**Invoice details**"),
    # feel free to / you can / invitations that ask nothing now
    (R_EMAIL, "Feel free to reach out if anything else comes up."),
    (HOTEL, "Feel free to ask if you'd like any restaurant recommendations nearby."),
    (GYM, "You're welcome to get in touch any time to unfreeze early."),
    (ISP, "Don't hesitate to message us again if the connection drops."),
    (RENTAL, "If you have any questions about the new total, just ask."),
    (M_CANCEL, "If you change your mind later, you can always resubscribe."),
    (T_LINE, "If the problem comes back, feel free to contact us again."),
    # conversational checks
    (ISP, "Is the internet working for you again now?"),
    (HOTEL, "Does that sound good to you?"),
    (GYM, "Does that make sense?"),
    (RENTAL, "Are you happy with that?"),
    (R_EMAIL, "Is there anything about the cancellation you'd like me to clarify?"),
    (M_PLAN, "How does that sound?"),
    (T_LINE, "Can you see the signal bars at the top of your screen now?"),
    (FOOD, "How's everything sounding so far?"),
    (E_INVOICE, "Were you able to see the invoice in your email?"),
    (GYM, "Sound good?"),
    # asks answered from the user's own facts or goal
    (GYM, "How long would you like the freeze to last?"),
    (GYM, "What's the email address on your membership?"),
    (HOTEL, "Could you share your booking reference and the surname on the reservation?"),
    (HOTEL, "How many guests will be having breakfast?"),
    (RENTAL, "What's your confirmation code? It usually starts with RX."),
    (RENTAL, "Until what date would you like to keep the car?"),
    (ISP_PLAN, "Could you give me your account number and the postcode of the property?"),
    (ISP_PLAN, "Which speed tier were you thinking of moving to?"),
    (R_EMAIL, "Why would you like to cancel, if you don't mind me asking?"),
    (R_ADDRESS, "Where should we send the order instead?"),
    (E_INVOICE, "What title should appear on the invoice?"),
    (M_CANCEL, "Which account are we working with today? The ID will do."),
    (M_PLAN, "Which plan would you like to switch to?"),
    (T_LINE, "May I have the phone number on the account, please?"),
    # asks to operate the user's own tools
    (ISP, "Could you take a look at the lights on the front of your router and tell me what you see?"),
    (ISP, "Please unplug the router, wait thirty seconds, and plug it back in."),
    (ISP, "Could you run a speed test and tell me the result?"),
    (M_WIFI, "Can you check whether your device is connected?"),
    (M_WIFI, "Please switch your Wi-Fi back on."),
    (T_LINE, "Could you check whether airplane mode is switched on?"),
    # approvals and choices
    (GYM, "Shall I go ahead and freeze it for two months?"),
    (HOTEL, "Would you like me to add breakfast for both of you?"),
    (RENTAL, "Do you want me to extend the booking to the 20th?"),
    (ISP_PLAN, "Should I make the switch to Fibre 500 for you?"),
    (R_EMAIL, "Do I have your go-ahead to cancel it?"),
    (M_CANCEL, "Can you confirm you'd like me to cancel the subscription?"),
    # pace and patience
    (ISP, "Give me just a second while I check your line."),
    (HOTEL, "Thanks for your patience while I look this up!"),
    (RENTAL, "Bear with me for a moment."),
    (GYM, "Hang tight - this will only take a moment."),
    # notes to the user that are information
    (R_EMAIL, "Please note that refunds can take 5-7 business days to appear."),
    (HOTEL, "Just so you know, breakfast is served in the garden restaurant."),
    (GYM, "Keep in mind that a freeze can last up to three months."),
    (RENTAL, "Note: the daily rate stays the same for the extra days."),
    (ISP, "Remember that the lights can take a couple of minutes to settle after a restart."),
]

# ------------------------------------------------------------------ asks outside what the user knows or can do
CANNOT_PLACE = [
    (R_EMAIL, "Could you give me the internal ticket ID from your previous contact?"),
    (R_EMAIL, "What's the tracking number on the shipping label?"),
    (R_ADDRESS, "Can you tell me the ticket reference our warehouse team gave you?"),
    (E_INVOICE, "Please provide your company's VAT registration number."),
    (E_INVOICE, "What's the tracking number for the parcel?"),
    (T_LINE, "Could you read me the PUK code printed on your SIM card holder?"),
    (T_LINE, "What's the ICCID number on your SIM card?"),
    (T_LINE, "Can you tell me your device's IMEI?"),
    (M_CANCEL, "What's the case number from your last support ticket?"),
    (M_PLAN, "Could you tell me the promo code you were given?"),
    (GYM, "What's the barcode number on the back of your membership card?"),
    (GYM, "Which trainer have you been booked with?"),
    (HOTEL, "What's your loyalty programme membership number?"),
    (HOTEL, "Could you tell me the credit card number you booked with?"),
    (RENTAL, "What's the registration plate of the car?"),
    (RENTAL, "Please give me your driving licence number."),
    (ISP, "What's the MAC address of your router?"),
    (ISP, "Could you give me the ticket number from the engineer's last visit?"),
    (ISP_PLAN, "What's your router's serial number?"),
    (R_EMAIL, "Please send me the invoice number from your bank statement."),
    (M_WIFI, "Please reflash the firmware on your router."),
    (M_WIFI, "Could you replace the network card in your laptop?"),
    (ISP, "Please re-run the cabling from the master socket to a different room."),
    (T_LINE, "Could you update the carrier settings profile on your handset via a computer?"),
    (HOTEL, "Could you send me a scan of your passport?"),
    (GYM, "Please upload a doctor's note to the member portal."),
]

# a second batch, written before the first fixes were run against it
ORDINARY_MORE = [
    (R_EMAIL, "Totally understand - plans change!"),
    (GYM, "No worries at all, that's exactly what the freeze option is for."),
    (HOTEL, "What a lovely way to celebrate!"),
    (ISP, "I'm sorry you're dealing with this - losing your connection is really frustrating."),
    (RENTAL, "Great news: the car is available for the extra days."),
    (M_PLAN, "Good choice - Premium is our most popular plan."),
    (E_INVOICE, "Happy to help with the invoice!"),
    (R_EMAIL, "Here's what I'll do next: cancel the order and issue the refund to your original payment method."),
    (GYM, "Once the freeze is in place, I'll send you a confirmation email."),
    (HOTEL, "I'll make a note on the booking so the restaurant team knows to expect you."),
    (ISP, "I'll keep an eye on the line from our end over the next hour."),
    (RENTAL, "I'll update the return date and the new total will show on your booking."),
    (ISP, "Wondering why the lights matter? They tell us whether the line is reaching your home."),
    (GYM, "Curious how long you can pause for? Up to three months at a time."),
    (R_EMAIL, "**Quick question before we continue:**"),
    (HOTEL, "### A couple of things to check"),
    (RENTAL, "**Here's where things stand:**"),
    (GYM, "If you ever want to come back sooner, just let us know and we'll lift the freeze."),
    (HOTEL, "If there's anything else you'd like arranged for the anniversary, I'm happy to help."),
    (ISP, "If the lights look different from what I described, tell me and we'll try something else."),
    (R_EMAIL, "You can also track the refund in the Orders section of your account."),
    (RENTAL, "You're all set to keep the car until the 20th."),
    (ISP, "Did the restart do the trick?"),
    (HOTEL, "Is there anything special you'd like us to prepare for the occasion?"),
    (GYM, "Are you okay with the freeze starting today?"),
    (RENTAL, "Does the new total work for you?"),
    (M_CANCEL, "Is that the account you meant?"),
    (ISP, "Thanks so much for bearing with me while we got that sorted."),
    (E_INVOICE, "One moment please while I generate the invoice."),
    (T_LINE, "Let's work through this step by step."),
]

# polite statements, sign-offs and the agent's pace: "please" on a statement asks nothing
ORDINARY_POLITE = [
    (R_EMAIL, "Please don't worry - your refund is already on its way."),
    (GYM, "Please know that you can unfreeze at any time."),
    (HOTEL, "Please rest easy, everything is in order for your stay."),
    (ISP, "Please feel free to reach out if the connection drops again."),
    (RENTAL, "Please keep in mind that the car must be returned to the same branch."),
    (M_PLAN, "Please remember the new price applies from your next bill."),
    (E_INVOICE, "Please expect the invoice within the next few minutes."),
    (T_LINE, "Please be assured we'll get your service working again."),
    (R_EMAIL, "Let me know if you have any other questions."),
    (GYM, "Let me know how you'd like to proceed."),
    (HOTEL, "Let me know if that works for you!"),
    (ISP, "Let me know once you've done that."),
    (RENTAL, "Just a heads-up: fuel charges still apply at return."),
    (M_CANCEL, "You may want to download any saved data before the cancellation takes effect."),
    (ISP, "I'd suggest waiting a couple of minutes for the lights to settle."),
    (HOTEL, "Enjoy your anniversary!"),
    (GYM, "Enjoy your trip, and we'll see you back at the gym soon!"),
    (RENTAL, "Drive safely and enjoy the extra days!"),
    (R_EMAIL, "Take care!"),
    (ISP, "Hope that helps!"),
    (HOTEL, "Rest assured, we'll take good care of you."),
    (GYM, "Stay well, and safe travels!"),
    (E_INVOICE, "Keep this invoice for your records."),
    (T_LINE, "Hold tight while I refresh your line's settings."),
    (RENTAL, "Sit tight for just a moment."),
    (ISP, "Thanks for trying that - let's look at the next step."),
    (HOTEL, "Allow me to check availability with the restaurant."),
    (GYM, "Let me walk you through the freeze options."),
    (R_EMAIL, "Bear in mind that the refund goes back to the original card."),
    (M_PLAN, "Don't worry, your data stays exactly as it is."),
]

# what the agent says it does or found: its own checks and steps, information
AGENT_STATEMENTS = [
    (R_EMAIL, "We'll need to confirm with the warehouse that it hasn't shipped yet."),
    (R_EMAIL, "I'll need to check whether the order is still eligible for cancellation."),
    (GYM, "I need to see if your contract allows a two-month freeze."),
    (HOTEL, "We'd like to make sure everything is perfect for your stay."),
    (ISP, "The next step is to check the line from our end."),
    (RENTAL, "First, I'll verify the booking, then check availability for the extra days."),
    (M_PLAN, "Your current plan is Basic, and upgrading takes effect immediately."),
    (E_INVOICE, "The order was delivered on March 3, so it's eligible for an invoice."),
    (T_LINE, "It looks like your line is active, so the issue is likely on the device."),
    (R_EMAIL, "Your order hasn't shipped yet, so it can still be cancelled - just say the word."),
    (ISP, "Your router is showing a fault, try not to worry, we'll fix it."),
    (HOTEL, "Breakfast costs 18 euros per person per day; it's served from 7 to 10."),
    (GYM, "Here's how it works: your membership pauses, billing stops, and your spot is held."),
    (RENTAL, "To extend, I'll move your return date and recalculate the total."),
    (ISP, "Typically, a restart clears this kind of problem."),
    (M_CANCEL, "I can see the subscription on your account; cancelling it ends access at the end of the cycle."),
    (T_LINE, "Once airplane mode is off, your phone should reconnect within a minute or so."),
    (E_INVOICE, "We'll email the invoice to the address on file."),
    (GYM, "Great question! A freeze keeps your rate locked in."),
    (R_EMAIL, "Good news - the order is still processing, so cancelling is no problem at all."),
]

# asks the user answers from its goal, its facts or its screen, in multi-sentence messages
ANSWERABLE_IN_CONTEXT = [
    (T_LINE, "Thanks for that! Could you swipe down from the top of your screen and tell me whether the little airplane icon is highlighted?"),
    (T_LINE, "Got it. Next, head into **Settings** and look for a toggle called Airplane Mode - if it's on, switch it off."),
    (T_LINE, "Once that's done, give it about 30 seconds and then let me know what the signal indicator in the status bar shows."),
    (T_LINE, "I can see your line is active on our side. To narrow things down: what does the top of your screen show right now - any bars, or 'No Service'?"),
    (T_LINE, "Perfect. Now let's confirm it worked: can you try making a quick test call?"),
    (FOOD, "Coming right up! Would you like that iced or hot?"),
    (FOOD, "Great choice. Any milk preference, or is it black?"),
    (FOOD, "Anything to eat with that, or just the drink today?"),
    (FOOD, "Is this for here or to go?"),
    (FOOD, "Alright! Your total comes to $4.50. Shall I put that through?"),
    (R_RETURN, "I've found your order. Which of the items in it are you hoping to return?"),
    (R_RETURN, "Before I process the return, is the item unused and in its original condition?"),
    (E_TRACK, "Thanks! I'm seeing two recent orders on that number - the one from March 2 or the one from March 9?"),
    (E_TRACK, "Is there anything specific about the delivery you're worried about?"),
    (E_INVOICE, "Should the invoice be issued to you personally or to a company?"),
    (M_CANCEL, "Before I cancel, would you be interested in a discounted plan instead?"),
    (M_PLAN, "Premium is $20 a month. Ready for me to make the switch?"),
    (M_WIFI, "Try toggling Wi-Fi off and on again, then tell me if you're connected."),
    (R_EMAIL, "Just to double-check - is it order #W2378156 you want cancelled, the one with the headphones?"),
    (R_EMAIL, "How did you hear about us, by the way?"),

    (M_WIFI, "Can you tell me whether the Wi-Fi icon shows at the top of your screen?"),
]

# checks of what the user sees, where it is, what it has at hand; leave to ask
CONVERSATIONAL_CHECKS = [
    (T_LINE, "Does that match what you're seeing on your phone?"),
    (ISP, "Does that line up with what you're seeing on the router?"),
    (HOTEL, "Is that correct?"),
    (RENTAL, "Did I get that right?"),
    (GYM, "Have I understood that correctly?"),
    (R_EMAIL, "Can you confirm that's accurate?"),
    (ISP, "Are you somewhere near the router at the moment?"),
    (T_LINE, "Do you have your phone handy?"),
    (M_WIFI, "Are you on the device that's having trouble right now?"),
    (GYM, "Will you be back in town after the two months?"),
    (ISP, "Are any of the lights red or flashing orange?"),
    (RENTAL, "Would it be okay if I put you on hold for a minute?"),
    (R_EMAIL, "Mind if I ask a couple of quick questions first?"),
    (E_INVOICE, "Ready when you are!"),

    pytest.param(HOTEL, "Are you still planning to arrive on Friday?",
                 marks=pytest.mark.xfail(strict=True, reason="a yes/no about the user's plans that names no fact: "
                                                             "placing it needs the goal's dates; a rule wide enough "
                                                             "cut true unanswerables on held-out")),
]


@pytest.mark.parametrize(("where", "text"), CONVERSATIONAL_CHECKS)
def test_conversational_checks_leave_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), ANSWERABLE_IN_CONTEXT)
def test_answerable_asks_in_context_leave_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), AGENT_STATEMENTS)
def test_the_agents_own_statements_leave_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), ORDINARY_POLITE)
def test_polite_statements_leave_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), ORDINARY_MORE)
def test_more_ordinary_turns_leave_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), ORDINARY)
def test_an_ordinary_turn_leaves_nothing_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched == ()


@pytest.mark.parametrize(("where", "text"), CANNOT_PLACE)
def test_an_ask_outside_the_users_knowledge_is_unplaced(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched
