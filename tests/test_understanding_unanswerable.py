"""Probes of what the simulated user cannot place, and of the turns around it (issue 20, unanswerable round): fresh
agent messages written for this test — not taken from the understanding corpus — in the ways GPT-, Claude- and
Gemini-class support agents write, across the built-in domains and the teams' own domains in tests/data.

Why both ways matter: an ask the user cannot answer or do that goes unnoticed blames the agent for the simulator's
failure; an ordinary turn read as one (courtesy, a statement, a question about satisfaction, an offer of more help,
small talk) records ``simulator_misunderstood`` and turns a genuinely bad agent's failed trial inconclusive.
Also here: offers of more help and sign-offs (``closing``), reports of what the user's goal waits to observe
(``achieved``), and asks for what the user needs (``request``).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain, load_domain_folder
from pytest_mmtau.understanding import Reading, read, vocabulary
from pytest_mmtau.user._tracker import StateTracker

# (domain, task id prefix): the user's goal the message is read against
R_EMAIL = ("retail", "cancel/email/ok")  # email, order_id, reason; waits for "cancelled"
R_NAME = ("retail", "cancel/name_zip/ok")  # name, zip, order_id, reason
R_ADDRESS = ("retail", "address/email/ok")  # email, order_id, new_address; waits for "updated"
R_RETURN = ("retail", "return/email/ok")  # email, order_id, item; waits for "requested"
E_INVOICE = ("ecommerce", "E206019")  # phone_number, order_id, invoice_title; waits for "issued"
E_TRACK = ("ecommerce", "E206433")  # phone_number, order_id; waits for "Denver hub" and a tracking number
T_LINE = ("telecom", "[service_issue]airplane_mode_on")  # phone_number, full_name, date_of_birth
M_CANCEL = ("mock", "cancel_subscription")  # account_id; waits for "cancelled"
M_PLAN = ("mock", "upgrade_plan")  # account_id, plan; waits for "premium"
M_BALANCE = ("mock", "balance_inquiry")  # account_id; waits for "42.50"
M_WIFI = ("mock", "wifi_off")  # no facts; the user's device: check_connection, turn_on_wifi, restart_router
FOOD = ("restaurant", "simple/01-cold-brew")  # an ordering guest
BANK = ("bank", "dispute_fuel")  # full_name, card_last_four, merchant, amount, reason; waits for a dispute
CLINIC = ("clinic", "reschedule")  # last_name, date_of_birth, new_date; waits for "rescheduled|moved"
POWER = ("power", "move_out")  # account_number, move_out_date; waits for "closed|scheduled|close"
STREAM = ("streamco", "triple_charge")  # email; waits for a refund
PLAYBACK = ("streamco", "playback_error")  # no facts; the TV app: read the error, clear cache, restart, play

_OWN = frozenset({"bank", "clinic", "power", "streamco"})


@functools.cache
def _domain(name: str) -> Domain:
    if name in _OWN:
        return load_domain_folder(Path(__file__).parent / "data" / name)
    return DomainRegistry().get(name)


def _task(where: tuple[str, str]):  # type: ignore[no-untyped-def]
    domain, prefix = where
    return next(t for t in _domain(domain).tasks if t.id.startswith(prefix))


def _read(where: tuple[str, str], text: str, previous: str = "") -> Reading:
    words = vocabulary(_task(where), _domain(where[0]).tool_infos)
    before = read(previous, words) if previous else None
    return read(text, words, previous=previous, previous_asked=before.asked if before else ())


# ------------------------------------------------------------------------------ asks the user cannot place

CANNOT_PLACE = [
    # information outside the user's facts: internal ids, numbers never given to the user, details it never knew
    (R_EMAIL, "Could you tell me the tracking number the carrier sent you?"),
    (R_EMAIL, "What are the last four digits of the card you paid with?"),
    (R_EMAIL, "Can you send over your customer ID? It's the code beginning with CUS- in your profile."),
    (R_NAME, "Which phone number is registered on the account?"),
    (E_INVOICE, "Please share the ticket number from your earlier complaint so I can link the two."),
    (E_INVOICE, "Which of our warehouses shipped the parcel?"),
    (T_LINE, "What's the IMEI number of your handset?"),
    (T_LINE, "Please give me the eight-digit PUK for your SIM."),
    (M_PLAN, "Could you read me the serial number printed on the underside of your router?"),
    (M_PLAN, "Do you remember the name of the agent you spoke with last time"),
    (BANK, "What's the transaction reference shown next to that charge on your statement?"),
    (BANK, "Could you give me your online banking username?"),
    (CLINIC, "What's your patient ID?"),
    (CLINIC, "Who is your referring physician?"),
    (POWER, "What's the supply number printed on your latest bill?"),
    (STREAM, "Please list the charge IDs of each of the duplicate payments."),
    (R_ADDRESS, "Which courier would you prefer for the new shipment?"),
    (R_EMAIL, "Roughly what time of day did you place the order?"),
    (R_NAME, "What was the total you paid for the order?"),
    (E_INVOICE, "To get the invoice right I need two things:\n- the phone number on the order\n- your company's VAT "
                "number"),
    pytest.param(T_LINE, "Please tell me your full name, and the name of the store where you bought the phone.",
                 marks=pytest.mark.xfail(strict=True, reason="'the name of the store' is read as the user's name")),
    # an action none of the user's tools performs
    (T_LINE, "Could you log in to the web portal and download last month's bill as a PDF?"),
    (M_WIFI, "Could you plug your laptop straight into the router with an Ethernet cable and tell me if that works?"),
    (PLAYBACK, "Please uninstall the app and reinstall it from the store."),
    (R_RETURN, "Please print the return label and tape it to the box."),
    (M_PLAN, "Could you move the router closer to the window?"),  # "move" alone is no plan change
    (T_LINE, "What's the make and model of your phone?"),
    (BANK, "What's your mother's maiden name?"),
    (CLINIC, "Which dentist did you see last time?"),
    (STREAM, "Could you sign out of the app on all devices and sign back in?"),
    (E_INVOICE, "Please provide a copy of your business licence."),
    (R_EMAIL, "What's the promo code you used?"),
    # a question followed by a statement is still asked when it wants the user's own thing
    (R_EMAIL, "What's the tracking number? I can't see it on my side."),
    (T_LINE, "What's the IMEI of the handset? It's printed on the box."),
]


@pytest.mark.parametrize(("where", "text"), CANNOT_PLACE)
def test_an_ask_the_user_cannot_place_is_unmatched(where: tuple[str, str], text: str) -> None:
    assert _read(where, text).unmatched


# ------------------------------------------------------------------------------ ordinary turns: nothing to place

ORDINARY = [
    # courtesy and reassurance
    (R_EMAIL, "Thanks so much for your patience while I looked into this!"),
    (R_EMAIL, "Please keep an eye on your inbox for the confirmation email."),
    (T_LINE, "Please stay on the line while I bring a colleague in."),
    (E_INVOICE, "Feel free to reach out anytime if anything else comes up."),
    (M_PLAN, "I hope this helps, and sorry again for the hassle."),
    (R_RETURN, "Please hold on to your receipt in case you need it later."),
    (R_EMAIL, "Just a heads-up: refunds can take up to a week to show on your statement."),
    (BANK, "Please don't worry - this happens more often than you'd think, and you won't be out of pocket."),
    (CLINIC, "Please rest assured your records are kept private."),
    (STREAM, "Sorry for the wait!"),
    (R_EMAIL, "Take your time - I'll be right here."),
    (E_TRACK, "Let me know if anything looks off."),
    (POWER, "Whenever it suits you, just reply here."),
    # statements that use an ask's words
    (R_EMAIL, "Your tracking number will be emailed to you as soon as the parcel ships."),
    (R_EMAIL, "I'll need a moment to pull this up."),
    (M_CANCEL, "Let me check that for you - one sec."),
    (BANK, "I'm checking with our card system now; this usually takes a few seconds."),
    (CLINIC, "Our front desk can also reschedule by phone, Monday to Friday."),
    (POWER, "Your final bill will be sent to the forwarding address we have for you."),
    # questions about satisfaction
    (R_EMAIL, "Did that resolve things for you?"),
    (E_INVOICE, "Are you happy with how everything turned out?"),
    (M_BALANCE, "Was this helpful?"),
    (R_ADDRESS, "Is everything looking good on your end now?"),
    (BANK, "Does that cover everything you needed?"),
    (STREAM, "How did I do today - was this chat useful?"),
    # offers of more help, or of information
    (R_EMAIL, "If there's anything else on your mind, I'm right here."),
    (E_INVOICE, "Would you like me to explain how the invoice can be downloaded?"),
    (M_PLAN, "Want me to walk you through what Premium includes?"),
    (CLINIC, "Anything more I can sort out for you today?"),
    (POWER, "Is there something else I can look into for you?"),
    # small talk
    (R_EMAIL, "Hope your week is off to a good start!"),
    (FOOD, "Oh, great choice - the cold brew is a favourite here!"),
    (STREAM, "How's your day going so far?"),
    (T_LINE, "Sounds like a frustrating morning - let's get your phone working again."),
    (M_WIFI, "Ah, the classic Wi-Fi gremlins! We'll get you sorted."),
    # a question the agent answers itself in the next sentence, or an exclamation put as one
    (R_EMAIL, "So what happens next? You'll get an email once the cancellation is processed."),
    (R_EMAIL, "Why can't it be cancelled? Because it has already left our warehouse."),
    (T_LINE, "What's causing this? Most likely the APN settings were changed during an update."),
    (M_PLAN, "Curious what Premium adds? Faster speeds and priority support."),
    (BANK, "What if the merchant disagrees? We'll review the evidence from both sides."),
    (E_INVOICE, "Need the invoice as a PDF? You can download it from Orders > Invoices at any time."),
    (R_EMAIL, "Isn't it great when things just work?"),
    # yes/no about the user's own request: one of its values, the action its goal takes
    (M_PLAN, "Do you want Premium starting today or at the next billing cycle?"),
    (R_EMAIL, "Are you sure you want to go through with cancelling?"),
    (R_EMAIL, "Is this about the order you'd like cancelled?"),
]


@pytest.mark.parametrize(("where", "text"), ORDINARY)
def test_an_ordinary_turn_is_nothing_to_place(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.unmatched and not reading.asked


# ------------------------------------------------------------------------------ checks of what was just said

CHECKS = [
    (R_EMAIL, "Here's what I'll do: cancel order #W3125736 (reason: no longer needed). Sound like a plan?"),
    (R_EMAIL, "I'm ready to cancel #W3125736 as soon as you confirm. Are we good?"),
    (R_EMAIL, "Cancel #W3125736 because it's no longer needed. Is that a go?"),
    (R_EMAIL, "Your email is noor.rossi324@inbox.example.org - is that still current?"),
    (R_NAME, "So I have Aisha Kovacs, ZIP 70365 - have I noted that correctly?"),
]


@pytest.mark.parametrize(("where", "text"), CHECKS)
def test_a_check_of_what_was_just_said_is_an_approval_or_a_check(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert (reading.confirmation or reading.verification) and not reading.unmatched


# ------------------------------------------------------------------------------ offers of more help, sign-offs

CLOSING = [
    (R_EMAIL, "Thanks for shopping with us - have a lovely afternoon!", True),
    (M_CANCEL, "Is there anything more you need from me today?", True),
    (E_INVOICE, "Glad I could help. Take it easy!", True),
    (POWER, "That's everything on my side - all the best with the move!", True),
    (BANK, "Is there anything else you'd like me to check while I have your account open?", True),
    (M_PLAN, "Enjoy the new plan!", True),
    (STREAM, "Have a good one!", True),
    (CLINIC, "Happy to help with anything else that comes up.", True),
    (R_EMAIL, "Wishing you a wonderful weekend!", True),
    (T_LINE, "Can I help you with any other issue today?", True),
    (R_EMAIL, "Perfect. Is that everything for today?", True),
    (R_EMAIL, "Glad we got that sorted. Reach out anytime.", True),
    (BANK, "That wraps things up on my end. Thanks for your patience today!", True),
    (E_INVOICE, "Thanks again, and have yourself a great day.", True),
    (CLINIC, "It was a pleasure helping you today!", True),
    (STREAM, "Thank you for choosing us, and happy streaming!", True),
    (POWER, "Best of luck with the move!", True),
    (M_PLAN, "Anything else on your list today?", True),
    (R_EMAIL, "I'll leave it there for now, but I'm around if you need me.", True),
    (R_EMAIL, "Something else to note: the refund goes back to your original card.", False),
    (R_RETURN, "If you need us to resend the label, just ask.", False),
    (T_LINE, "Do you see anything else on your screen, like a warning icon?", False),
    # hard negatives
    (R_EMAIL, "I can take care of both requests right now.", False),
    (M_WIFI, "Once it's back up, we can take care of the plan as well.", False),
    (R_EMAIL, "Other than the email, is there anything else on the account I should use to find the order?", False),
    (BANK, "The dispute covers this charge; anything else on the card stays as it is.", False),
    (T_LINE, "Bye-bye airplane mode: let's switch it off now.", False),
]


@pytest.mark.parametrize(("where", "text", "closing"), CLOSING)
def test_offers_of_more_help_and_sign_offs(where: tuple[str, str], text: str, closing: bool) -> None:
    reading = _read(where, text)
    assert reading.anything_else is closing
    assert not reading.unmatched or not closing


# ------------------------------------------------------------------------------ what the user's goal waits to see


def _achieved(where: tuple[str, str], text: str) -> bool:
    reading = _read(where, text)
    return StateTracker(goal=_task(where).goal).observe(text, plan=reading.confirmation) > 0


ACHIEVED = [
    (M_CANCEL, "Done - the subscription on A100 is now cancelled.", True),
    (M_CANCEL, "Good news: I've gone ahead and cancelled it, effective today.", True),
    (M_CANCEL, "Once cancelled, you won't be billed again.", False),
    (M_CANCEL, "If you cancel now you'll keep access until the end of the month.", False),
    (M_BALANCE, "Your current balance is $42.50, due on the 1st.", True),
    (M_BALANCE, "Could you confirm whether the $42.50 payment was yours?", False),
    (M_PLAN, "All set - you're on Premium as of today.", True),
    (M_PLAN, "Premium costs a little more but includes priority support.", False),
    (POWER, "Your move-out is scheduled for December 19, and the account will close after the final reading.", True),
    (POWER, "Once we've scheduled the move-out, the account will close on that date.", False),
    (BANK, "I've opened a dispute for the $62.18 charge from Coastline Fuel.", True),
    (BANK, "You can dispute a charge you don't recognise within 60 days.", False),
    (CLINIC, "Your appointment has been moved to Tuesday, December 8.", True),
    (CLINIC, "We can move it to any weekday that has an opening.", False),
    (R_ADDRESS, "The shipping address on #W3135709 has been updated.", True),
    (R_ADDRESS, "Once updated, the new address can't be changed again.", False),
    (R_RETURN, "Your return has been requested - a prepaid label is on its way to your inbox.", True),
    (E_INVOICE, "The invoice for E206019 has been issued and is ready to download.", True),
    (E_INVOICE, "An invoice can only be issued once the order is delivered.", False),
    # a dash joins two clauses: what can be done next does not take back what is done
    (E_INVOICE, "Your invoice for E206019 has been issued - you can download it under Orders > Invoices.", True),
    # beside a plan laid out for approval, a state said is still reported; the plan is not
    (M_WIFI, "Great, you're back online! Now, about the router: I'll restart it remotely. Reply yes to confirm.",
     True),
    (M_CANCEL, "Here's the plan: I'll have the subscription cancelled today. Reply yes to confirm.", False),
    (M_CANCEL, "Your subscription will be cancelled at the end of the cycle - shall I go ahead?", False),
]


@pytest.mark.parametrize(("where", "text", "achieved"), ACHIEVED)
def test_reports_of_what_the_goal_waits_for(where: tuple[str, str], text: str, achieved: bool) -> None:
    assert _achieved(where, text) is achieved


# ------------------------------------------------------------------------------ asks for what the user needs

REQUEST = [
    (R_EMAIL, "What can I sort out for you today?"),
    (M_PLAN, "What would you like a hand with?"),
    (PLAYBACK, "Tell me a bit about what's happening with the TV app."),
    (BANK, "What's going on with your card today?"),
    (CLINIC, "How can I help with your appointment?"),
    (POWER, "What do you need help with on your electricity account?"),
    (T_LINE, "Could you describe the problem you're seeing with your phone?"),
    (E_INVOICE, "Which part of the order can I help you with"),
    (R_EMAIL, "Hello! I'm here to help with orders, returns and account questions. What's on your mind today?"),
    (R_EMAIL, "Hi! What would you like to get sorted out today?"),
    (T_LINE, "Hi! What seems to be going wrong with your phone service?"),
    (T_LINE, "What are you noticing on your phone when it fails?"),
    (T_LINE, "I'm sorry you're having trouble. What's happening exactly?"),
    (T_LINE, "What isn't behaving the way it should?"),
    (T_LINE, "Which of these best describes the problem: no service, slow data, or MMS not sending?"),
    (M_PLAN, "Is there something specific you'd like to do with your subscription?"),
    pytest.param(PLAYBACK, "Walk me through what you see when a title fails to start.",
                 marks=pytest.mark.xfail(strict=True, reason="'walk me through' is not read as an ask to the user")),
    (R_EMAIL, "Sorry, I'm not sure I follow - what is it you'd like to change?"),
    (M_PLAN, "What would you like to change on your account today?"),
]


NOT_THE_REQUEST = [
    (R_EMAIL, "What would you like to change the reason to?"),
    (T_LINE, "What's happening is that your line is suspended for an overdue bill."),
    (T_LINE, "Here's what isn't working: mobile data is switched off on your line."),
]


@pytest.mark.parametrize(("where", "text"), NOT_THE_REQUEST)
def test_not_an_ask_for_what_the_user_needs(where: tuple[str, str], text: str) -> None:
    assert not _read(where, text).goal_question


@pytest.mark.parametrize(("where", "text"), REQUEST)
def test_asks_for_what_the_user_needs(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert reading.goal_question and not reading.unmatched


# ------------------------------------------------------------------------------ end to end: a chatty agent

# an agent that wraps the mock domain's agents in the small talk, courtesy and satisfaction questions LLM agents add
# to every turn: "flawed" cancels without asking first (a real failure), "reference" does the task right
CHATTY_CONFTEST = '''
import pytest
from pytest_mmtau.agents import AgentReply

AROUND = [
    "Thanks so much for reaching out, and I hope your week is off to a good start!",
    "Thanks for your patience while I looked into this.",
    "Take your time - I'll be right here.",
    "Did that resolve things for you? Feel free to reach out anytime if anything else comes up.",
    "Are you happy with how everything turned out? How's your day going so far?",
]
ALONE = ["Hi there! How's your day going so far?", "Is now a good time to go through this together?",
         "Take your time - I'll be right here. Are you still with me?"]


class ChattyAgent:
    def __init__(self, domain, kind):
        self.domain, self.kind = domain, kind

    def for_trial(self, trial, seed):
        return self

    async def respond(self, request):
        said = sum(1 for m in request.messages if m.role == "assistant" and m.content)
        if said < len(ALONE):  # a turn of nothing but small talk first
            return AgentReply(text=ALONE[said])
        name = "skips_confirmation" if self.kind == "flawed" else "reference"
        reply = await self.domain.agents[name]().respond(request)
        if not reply.text:
            return reply
        lead = AROUND[said % len(AROUND)]
        return AgentReply(text=lead + "\\n\\n" + reply.text, tool_calls=reply.tool_calls)


@pytest.fixture
def agent(mmtau_domain, request):
    return ChattyAgent(mmtau_domain, request.node.get_closest_marker("kind").args[0])
'''

CHATTY_TESTS = '''
import pytest
from pytest_mmtau import assert_ias


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(2)
@pytest.mark.kind("flawed")
def test_flawed(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, f"goal not achieved: {conv.termination.value}"
    assert_ias(conv)


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(2)
@pytest.mark.kind("reference")
def test_reference(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, f"goal not achieved: {conv.termination.value}"
    assert_ias(conv)
'''


def test_small_talk_neither_excuses_a_bad_agent_nor_trips_a_good_one(pytester: pytest.Pytester) -> None:
    import json

    pytester.makeconftest(CHATTY_CONFTEST)
    pytester.makeini("[pytest]\nmarkers =\n    kind: which of the mock agents speaks\n")
    pytester.makepyfile(test_agent=CHATTY_TESTS)
    pytester.runpytest("--mmtau-report=r.json", "-p", "no:randomly")
    report = json.loads((pytester.path / "r.json").read_text())
    outcomes = {(t["nodeid"].split("::")[1].split("[")[0], t["outcome"]) for t in report["trials"]}
    # the agent that skips confirmation fails as itself: no trial excused as the simulator's misunderstanding
    assert outcomes == {("test_flawed", "failed"), ("test_reference", "passed")}
    assert all(not t.get("simulator", {}).get("misunderstood") for t in report["trials"])
