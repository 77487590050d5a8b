"""What the simulated user and the rule labeller read in agent messages of teams' own domains that no rule was
written for (a fitness club and a car-rental desk in `tests/data/`, each first run with an agent phrasing freely):
every line here is a message of that first run that the harness misread, pinned with how it must be read."""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.models import Persona, ToolCall, Transcript, Turn
from pytest_mmtau.understanding import confirms, read, vocabulary

DATA = Path(__file__).parent / "data"


@functools.cache
def _domain(name: str) -> Domain:
    return DomainRegistry([DATA]).get(name)


def _vocabulary(domain: str, task: str) -> Any:
    dom = _domain(domain)
    return vocabulary(dom.task(task), dom.tool_infos)


_SUMMARY = ("Here's the change:\n\n* **Reservation:** RX-48213\n* **New return date:** 2026-12-20\n"
            "* **Extra cost:** $83.00\n\nShall I make it official?")


def test_an_approval_naming_no_action_is_of_the_one_action_its_values_are_for() -> None:
    reading = read(_SUMMARY, _vocabulary("rental", "extend"))
    assert reading.confirmation and reading.action == "extend_rental"
    assert reading.values == {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}


def test_values_every_action_shares_name_no_action() -> None:
    # a booking code alone is stated for every action on that booking: "go ahead" with what?
    reading = read("I have booking RX-48213 open here. Shall I go ahead?", _vocabulary("rental", "extend"))
    assert reading.action is None


def test_the_labeller_counts_what_the_user_approved() -> None:
    dom = _domain("rental")
    task = dom.task("extend")
    turns = (Turn(index=0, role="user", text=task.goal.request), Turn(index=1, role="agent", text=_SUMMARY))
    conv = Transcript(task=task, persona=Persona(name="probe"), domain=dom.name, turns=turns,
                      irreversible_tools=tuple(n for n, s in dom.tools.items() if s.irreversible),
                      tools=dom.tool_infos)
    label = RuleLabeller().label_sync(conv).labels[1]
    call = ToolCall(id="probe", name="extend_rental", irreversible=True, critical=dom.tools["extend_rental"].critical,
                    arguments={"confirmation_code": "RX-48213", "return_date": "2026-12-20"})
    assert label.confirmation_request and confirms(conv, turns[1], call, labelled_tool=label.confirms_tool)
    wrong = ToolCall(id="probe", name="extend_rental", irreversible=True, critical=call.critical,
                     arguments={"confirmation_code": "RX-48213", "return_date": "2026-12-21"})
    assert not confirms(conv, turns[1], wrong, labelled_tool=label.confirms_tool)  # another day was approved


_BREAKFAST = ("Here's the summary:\n* Booking: KT4M9P\n* Breakfast: 2 guests, every morning\n"
              "* Cost: 18 EUR per guest per day\n\nDoes that look right?")


def test_a_summary_of_one_action_checked_with_a_yes_no_question_approves_it() -> None:
    reading = read(_BREAKFAST, _vocabulary("hotel", "breakfast"))
    assert reading.confirmation and not reading.verification
    assert reading.action == "add_breakfast" and reading.values == {"booking_reference": "KT4M9P", "guests": 2}


def test_values_read_back_without_the_action_only_check_them() -> None:
    reading = read("Your booking KT4M9P is for 2 guests - is that right?", _vocabulary("hotel", "breakfast"))
    assert not reading.confirmation and reading.verification


def test_the_approved_change_reported_in_other_words_completes_the_goal() -> None:
    from pytest_mmtau.user._tracker import StateTracker

    task = _domain("rental").task("extend")
    done = "Your return date has been moved to December 20; the extra days are added at your daily rate."
    tracker = StateTracker(goal=task.goal)
    assert tracker.observe(done) == 0  # none of the task's milestone words, and nothing approved yet
    tracker.approve("extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"})
    assert tracker.observe("Would you like the return date moved to December 20?") == 0  # a question reports nothing
    assert tracker.observe("The return date can be moved to December 20 if you like.") == 0  # nor what could be
    assert tracker.observe(done) == 1 and tracker.goal_confirmed


@pytest.mark.parametrize(("domain", "task", "text", "asked"), [
    ("gym", "freeze", "How long would you like the freeze to last?", ["months"]),
    ("gym", "freeze", "A freeze can run for 1-3 months - what length would work for you?", ["months"]),
    ("gym", "freeze", "Just let me know the duration you'd like (up to three months) and I'll set that up.", ["months"]),
    ("gym", "freeze", "For how long should I pause it?", ["months"]),
    ("gym", "freeze", "How many months do you need it paused for?", ["months"]),
    ("gym", "freeze", "How long have you been a member?", []),  # the past: no span the user wants
    ("hotel", "breakfast", "How many guests should I add it for?", ["guests"]),
    ("hotel", "breakfast", "How many people will be having breakfast?", ["guests"]),
    ("hotel", "breakfast", "Could you tell me the number of guests?", ["guests"]),
])
def test_a_count_is_asked_by_its_unit_and_a_span_of_time_by_how_long(domain: str, task: str, text: str,
                                                                     asked: list[str]) -> None:
    assert [f.key for f in read(text, _vocabulary(domain, task)).asked] == asked


@pytest.mark.parametrize(("domain", "task", "text", "asked"), [
    ("hotel", "late_checkout", "What check-out time did you have in mind?", ["checkout_time"]),  # checkout_time
    ("hotel", "late_checkout", "Standard check-out is 11 am. How late would you like to stay?", ["checkout_time"]),
    ("hotel", "late_checkout", "How late were you up last night?", []),  # no time of day to come
    ("rental", "second_driver", "What's her full name as it appears on her licence?", ["driver_name"]),
    ("clinic", "reschedule", "What's her name?", []),  # the patient's own names are no third person's
    ("gym", "home_club", "Your current home club is Station Square. Which location would you like to switch to? We "
                         "have Harbour Street and Millbrook.", ["club"]),  # the options said next to it
    ("gym", "home_club", "Which location suits you best?", []),  # no options: which location?
])
def test_facts_asked_by_a_hyphenated_name_or_by_the_options_next_to_the_question(domain: str, task: str, text: str,
                                                                                 asked: list[str]) -> None:
    assert [f.key for f in read(text, _vocabulary(domain, task)).asked] == asked


@pytest.mark.parametrize(("text", "tools"), [
    ("When you open the door pass, is there a QR code or an error message?", ["open_door_pass"]),
    ("Please open the door pass.", ["open_door_pass"]),
    ("Try logging out of the app and logging back in - that should refresh your pass.", ["sign_out_and_back_in"]),
    ("Please go to Profile > Sign out, then log back in with your usual details.", ["sign_out_and_back_in"]),
    ("Is the app up to date?", []),  # the words of no tool of the user's
])
def test_a_user_tool_named_by_the_words_of_its_name_and_description(text: str, tools: list[str]) -> None:
    reading = read(text, _vocabulary("gym", "door_pass"))
    assert list(reading.tools) == tools and not reading.goal_question


@pytest.mark.parametrize("text", [
    "What do you see when you open your pass in the app?",
    "Let's get you back in. What do you see when you open your pass in the app?",
    "What does it show when you open your pass?",
])
def test_what_the_user_sees_when_doing_a_step_asks_for_the_step(text: str) -> None:
    # "your pass" is the door pass by its head noun (no other thing of the user's has it), and "what do you see when
    # you open it" asks the user to open it and say what it shows; "Let's get you back in" is the agent's aim, no ask
    reading = read(text, _vocabulary("gym", "door_pass"))
    assert list(reading.tools) == ["open_door_pass"] and not reading.goal_question and not reading.unmatched


def test_what_happens_when_the_user_tries_a_step_describes_the_problem() -> None:
    reading = read("What happens when you try to open your pass?", _vocabulary("gym", "door_pass"))
    assert not reading.tools


@pytest.mark.parametrize(("text", "tools"), [
    ("Okay, here's the fix:\n1. Sign out of the club app\n2. Log in again\n\nLet me know once you've done that.",
     ["sign_out_and_back_in"]),
    pytest.param("Here's the fix:\n- Log out of the app\n- Then log back in", ["sign_out_and_back_in"],
                 marks=pytest.mark.xfail(strict=True, reason="'Then log back in' reads as no ask on its own; joining "
                                                             "items that ask nothing read false tools elsewhere")),
    ("Two things to check:\n1. Sign out of the club app\n2. Tell me your membership number", []),
])
def test_one_tool_split_over_list_items_is_read_from_the_items_together(text: str, tools: list[str]) -> None:
    reading = read(text, _vocabulary("gym", "door_pass"))
    assert list(reading.tools) == tools


def test_a_change_reported_done_completes_nothing_of_a_goal_with_other_requests() -> None:
    from pytest_mmtau.user._tracker import StateTracker

    task = DomainRegistry().get("mock").task("router_off_and_downgrade")  # the internet, and a downgrade
    tracker = StateTracker(goal=task.goal)
    tracker.approve("change_plan", {"account_id": "A104", "plan": "basic"})
    tracker.observe("Account A104 is now on the basic plan. Is there anything else I can help you with?")
    assert not tracker.goal_confirmed  # the internet is still down


# --------------------------------------------------------------------------------------------------------------
# An insurance claims desk (`claims`) and a broadband provider whose customer operates their own router (`isp`),
# written after the rules above by someone who had not read them, and first run with an agent phrasing freely.
# Every positive line below is a message of that first run the harness misread; the negatives use the same
# trigger words without asking for anything. Lines marked xfail are still misread: the trials they cost are
# inconclusive (simulator), never failed.

_DESTINATION = pytest.mark.xfail(strict=True, reason="where to send something is not read as the user's email")
_UNPLACED = pytest.mark.xfail(strict=True, reason="the fact is described by what it is for ('the person who'll be "
                                                  "home'), not named by its key (contact_name)")


@pytest.mark.parametrize(("domain", "task", "text", "asked"), [
    ("claims", "burst_pipe", "Thanks. Roughly how much do you think it will cost to put right?", ["estimated_amount"]),
    # an amount asked by its head's other names ("a figure") or, estimated, as "your estimate"
    ("claims", "burst_pipe", "Noted. Do you have a figure for the repair or replacement? An estimate is fine.",
     ["estimated_amount"]),
    ("claims", "burst_pipe", "Got it. What's your estimate of the damage, in dollars?", ["estimated_amount"]),
    ("claims", "burst_pipe", "Let me figure out what happened, then I'll sum up the next steps.", []),
    ("claims", "burst_pipe", "The amount we pay out depends on your excess.", []),
    ("claims", "burst_pipe", "Thank you - and how much are you claiming for, approximately?", ["estimated_amount"]),
    ("claims", "burst_pipe", "How much will it cost to repair?", ["estimated_amount"]),
    ("claims", "burst_pipe", "Thanks. And on what date did this happen?", ["incident_date"]),
    ("claims", "burst_pipe", "Got it. When did the incident take place?", ["incident_date"]),
    # the date of something that happened (an incident), asked by when it happened; never the date of birth
    ("claims", "burst_pipe", "When did this take place?", ["incident_date"]),
    ("claims", "burst_pipe", "Could you tell me when it happened?", ["incident_date"]),
    ("claims", "burst_pipe", "When were you born?", ["date_of_birth"]),
    pytest.param("claims", "burst_pipe", "When did you take out the policy?", [],
                 marks=pytest.mark.xfail(strict=True, reason="'when' with 'policy' (a word of the look-up that takes "
                                                             "the date of birth) reads as the date of birth")),
    pytest.param("claims", "burst_pipe", "Good news - your policy includes water damage cover. When did this take "
                                         "place? And once you've got a rough figure for the damage, pop it in here "
                                         "too.", ["incident_date", "estimated_amount"],
                 marks=pytest.mark.xfail(strict=True, reason="an ask under a condition ('once you've got a "
                                                             "rough figure …') points at it by 'pop it in'; read "
                                                             "as no ask")),
    pytest.param("claims", "burst_pipe", "Two quick details to complete the claim:\n\n- **When** did it happen?\n- "
                                         "What's your **best estimate of the cost**? A quote or a ballpark figure is "
                                         "fine.", ["incident_date", "estimated_amount"]),
    # which of the user's addresses: "your work email", "your personal email"
    ("claims", "claim_form", "Found it - claim CLM-60931. What's your work email? I'll send the form straight over.",
     ["email"]),
    ("claims", "claim_form", "Thanks. And which personal email should the form go to?", ["email"]),
    ("claims", "claim_form", "Please don't reply from a work email - it may be filtered.", []),
    pytest.param("claims", "claim_form", "No problem at all. Where should I send the detailed claim form for "
                                         "CLM-60931?", ["email"], marks=_DESTINATION),
    pytest.param("claims", "claim_form", "Of course! Just drop the address you'd like it delivered to below and I'll "
                                         "email it across.", ["email"], marks=_DESTINATION),
    # a span gone by, with its unit named: the count of that unit ("how long have you been a member?" is no ask)
    ("isp", "outage_credit", "Thanks, Oliver. How long were you offline for, in days?", ["days"]),
    ("isp", "outage_credit", "How long did the outage last, in days?", ["days"]),
    ("gym", "freeze", "How long have you been a member, in months?", []),
    # a label of a few words before the fact
    ("isp", "slow_engineer", "Perfect. Just one more detail to check: the postcode on the account.", ["postcode"]),
    ("isp", "slow_engineer", "Here is what we found on the line test: the router is fine.", []),
    ("isp", "outage_credit", "Sorry about that. Roughly how many full days did the outage last for you?", ["days"]),
    ("isp", "slow_engineer", "Thanks. The speed is still far too low, so I'd like to book an engineer. Could you tell "
                             "me which weekday suits you?", ["visit_date"]),
    ("isp", "slow_engineer", "Engineers visit on weekdays only, between 8 and 5.", []),
    # options said by the part that tells them apart ("500 or 900" of Fibre 150, Fibre 500 and Fibre 900)
    ("isp", "faster_plan", "Let me know which speed you'd like to move up to - 500 or 900 Mbps - and I'll set it up.",
     ["plan"]),
    ("isp", "faster_plan", "Would you like 500 Mbps or 900 Mbps?", ["plan"]),
    ("isp", "faster_plan", "Your line tested at 500 or so Mbps earlier today.", []),
    # (the header "… I need:" asks for its items)
    ("isp", "slow_engineer", "I'm sorry, it's no better - this needs an engineer. To arrange the visit I need:\n\n"
                             "- The name of the person who'll be home", ["contact_name"]),
    pytest.param("isp", "slow_engineer", "Thank you. To verify the account, please confirm the installation postcode.",
                 ["postcode"]),
    pytest.param("isp", "slow_engineer", "For the engineer visit, please share which weekday suits you, whether you'd "
                                         "prefer a morning (8-12) or afternoon (12-5) slot and the name of the person "
                                         "who'll be home.", ["visit_date", "time_slot", "contact_name"],
                 marks=_UNPLACED),
    # information using the facts' words, and questions about something else
    ("claims", "burst_pipe", "Your excess on this policy is $250.00, so the first $250 of any claim is yours.", []),
    ("claims", "burst_pipe", "Once it's lodged, a claims handler will call you within two working days.", []),
    ("claims", "burst_pipe", "How much is your excess?", []),  # another amount, which the user cannot give
    ("claims", "burst_pipe", "Your excess is $250, and how much the handler pays depends on the assessment.", []),
    ("claims", "claim_form", "I've emailed the form to the address we have on file.", []),
    ("isp", "outage_credit", "We credit 1.50 GBP for each whole day without service, up to 14 days.", []),
    ("isp", "slow_engineer", "A 65 GBP call-out fee applies only if the fault turns out to be inside your home.", []),
])
def test_a_claim_desks_and_a_broadband_desks_asks_for_facts(domain: str, task: str, text: str,
                                                           asked: list[str]) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert [f.key for f in reading.asked] == asked
    assert not reading.confirmation


@pytest.mark.parametrize("text", [
    "Thanks. Roughly how much do you think it will cost to put right?",
    "How much will it take to set right?",
])
def test_put_right_at_the_end_of_a_question_is_no_check_of_values(text: str) -> None:
    # "… put right?" was read as "… right?": the user answered an amount question with "yes, do it"
    reading = read(text, _vocabulary("claims", "stolen_bike"))
    assert not reading.confirmation and not reading.verification


@pytest.mark.parametrize(("text", "tools"), [
    # a two-word thing said head first: "the lights on the front of your router" are the router lights
    ("I'm sorry your internet is down - let's get you reconnected. Could you look at the lights on the front of your "
     "router and tell me what colour each one is?", ["check_router_lights"]),
    ("Sorry about that! First, what are the lights on your router doing right now - are any of them orange or "
     "flashing?", ["check_router_lights"]),
    ("That's frustrating, I'm sorry. Can you check the router's status lights for me and describe them?",
     ["check_router_lights"]),
    # advice in the first person, and "off and on again" without a second verb, is a restart asked for
    ("I'd suggest turning the router off and on again; that clears most connection drops. Give it a couple of "
     "minutes after switching it back on.", ["restart_router"]),
    ("I'd recommend restarting the router.", ["restart_router"]),
    ("Okay, that's far lower than it should be. Please restart the router:\n\n1. Switch it off\n2. Wait 30 "
     "seconds\n3. Switch it back on and give it two minutes", ["restart_router"]),
    ("Hmm, that's very slow. Turning the router off and on again clears a lot of speed problems - can you give that "
     "a go?", ["restart_router"]),
    ("Thank you. One more speed test, please, so we can compare.", ["run_speed_test"]),  # the verb left unsaid
    ("That's definitely too slow. Could you power-cycle your router for me - off for 30 seconds, then back on - and "
     "let me know when it's up again?", ["restart_router"]),
    ("Great. Now let's see if that helped - please do another speed test.", ["run_speed_test"]),
    ("Thanks! To see how slow it is, would you mind doing a quick speed test on a device connected to your router?",
     ["run_speed_test"]),
    # the router's words in information, and what only the provider does
    ("A blinking orange Internet light means the router has lost its connection to our network.", []),
    ("Restarting the router won't change anything on your bill.", []),
    ("Our engineer will test the line at the street cabinet before coming to you.", []),
    ("The lights on the front of your router show the state of the connection.", []),
    ("Another speed test won't tell us anything new, so I'll book the engineer.", []),
    ("I'd suggest we book an engineer.", []),  # the agent's own next step
    # the speed the user wants is no speed a test shows
    ("You're on our entry-level plan right now. Let me know which speed you'd like to move up to - 500 or 900 Mbps - "
     "and I'll set it up.", []),
    ("Let me know what speed the test shows once you've run it.", ["run_speed_test"]),
])
def test_the_customers_router_operated_in_an_agents_own_words(text: str, tools: list[str]) -> None:
    reading = read(text, _vocabulary("isp", "no_internet"))
    assert list(reading.tools) == tools and not reading.goal_question


def test_a_numbered_procedure_with_a_wait_step_is_no_choice_to_act_or_not() -> None:
    # "2. Wait 30 seconds" was taken for the option of not acting, and "Switch it off" ("switch" changes a plan)
    # for the option of acting: the user was asked to approve a plan change and declined its own router restart
    steps = "Please restart the router:\n\n1. Switch it off\n2. Wait 30 seconds\n3. Switch it back on"
    reading = read(steps, _vocabulary("isp", "slow_engineer"))
    assert not reading.confirmation and reading.tools == ("restart_router",)


def _conversation(domain: str, task: str, said: list[tuple[str, str, tuple[ToolCall, ...]]]) -> Transcript:
    dom = _domain(domain)
    turns = tuple(Turn(index=i, role=role, text=text, tool_calls=calls)  # type: ignore[arg-type]
                  for i, (role, text, calls) in enumerate(said))
    return Transcript(task=dom.task(task), persona=Persona(name="probe"), domain=dom.name, turns=turns,
                      irreversible_tools=tuple(n for n, s in dom.tools.items() if s.irreversible),
                      tools=dom.tool_infos)


def _call(domain: str, tool: str, result: object = None, **arguments: object) -> ToolCall:
    spec = _domain(domain).tools[tool]
    return ToolCall(id=f"probe-{tool}", name=tool, arguments=dict(arguments), irreversible=spec.irreversible,
                    critical=spec.critical, result=result)


_LOOKUP = {"account_number": "6120077415", "holder": "Sofia Marin", "plan": "Fibre 150"}


@pytest.mark.parametrize(("question", "account", "confirmed"), [
    # the account the user gave and the look-up found: the approval is about it, unnamed or not
    ("Okay! I'll switch your broadband to Fibre 500 (38 GBP a month, new 18-month contract). Reply yes and I'll make "
     "the change.", "6120077415", True),
    ("Upgrading you to Fibre 500 - can you confirm?", "6120077415", True),  # a verb at the start, capitalised
    # a digit swapped on the way is not the user's account: it must be read back
    ("Okay! I'll switch your broadband to Fibre 500. Reply yes and I'll make the change.", "6120077451", False),
    # another plan than the one the call makes
    ("Upgrading you to Fibre 900 - can you confirm?", "6120077415", False),
])
def test_the_one_account_the_conversation_is_about_need_not_be_read_back(question: str, account: str,
                                                                        confirmed: bool) -> None:
    lookup = _call("isp", "find_account", _LOOKUP, account_number="6120077415", postcode="BS3 4HN")
    conv = _conversation("isp", "faster_plan", [
        ("user", "The connection works but it's far too slow. Can I get a faster package?", ()),
        ("agent", "Could you share your account number and postcode?", ()),
        ("user", "It's 6120077415, postcode BS3 4HN.", ()),
        ("agent", question, (lookup,)),
        ("user", "Yes.", ()),
    ])
    call = _call("isp", "change_plan", account_number=account, plan="Fibre 500")
    assert confirms(conv, conv.turns[3], call) is confirmed


@pytest.mark.parametrize(("question", "confirmed"), [
    ("Just to confirm: you'd like me to file a theft claim on policy HM-318665 for an incident on 2026-11-22, with "
     "an estimated loss of $890.00?", True),  # an amount written as money
    ("I'm ready to submit a storm damage claim for $1,275.50, incident date 22 November 2026. Can you confirm those "
     "details are right and that you'd like me to proceed?", False),  # another amount
    ("Okay! I'll register the claim as follows: theft, happened 22 November 2026, estimated at $890. Reply yes and "
     "I'll get it lodged.", True),
])
def test_an_amount_claimed_is_stated_as_money(question: str, confirmed: bool) -> None:
    lookup = _call("claims", "find_policy", {"policy_number": "HM-318665", "holder": "Tomas Berg"},
                   policy_number="HM-318665", date_of_birth="1991-07-02")
    conv = _conversation("claims", "stolen_bike", [
        ("user", "Someone took my bike. Policy HM-318665, born 1991-07-02; it was stolen on 2026-11-22, about 890.",
         ()),
        ("agent", question, (lookup,)),
    ])
    call = _call("claims", "file_claim", policy_number="HM-318665", claim_type="theft", incident_date="2026-11-22",
                 estimated_amount=890.0)
    assert confirms(conv, conv.turns[1], call) is confirmed


def test_thousands_are_grouped_and_a_year_read_back_is_no_other_amount() -> None:
    from pytest_mmtau.understanding._values import all_stated, other_values

    summary = "- **Date of incident:** 14 November 2026\n- **Estimated cost:** $2,350.00\n\nShall I go ahead?"
    assert all_stated(summary, "", {"estimated_amount": 2350.0, "incident_date": "2026-11-14"})
    assert other_values(summary, "2350") == []  # "2026" is the incident's year, not another amount
    assert not all_stated("That comes to $12,350.00 in total.", "", {"estimated_amount": 2350.0})
    assert not all_stated("Shall I add data to your line for $2?", "", {"gigabytes": 2.0})  # a price, not 2 GB


@pytest.mark.parametrize(("text", "stated"), [
    ("I'll withdraw CLM-55102 (reason: the cost is below your $300.00 excess). Is that right?", True),
    ("Withdrawing CLM-55102 because it was filed by mistake - shall I?", True),
    ("The cost is below. The excess on your policy is $300.", False),  # another sentence
    pytest.param("It's well below what the excess usually covers.", False,
                 marks=pytest.mark.xfail(strict=True, reason="two words between, as in 'below your $300 excess': "
                                                             "the window cannot tell them apart")),
    ("It's below the amount, so whatever the policy says about an excess does not matter.", False),  # too far apart
])
def test_an_enumerations_member_is_stated_with_a_few_words_between_its_own(text: str, stated: bool) -> None:
    from pytest_mmtau.understanding._values import states

    value = "filed_by_mistake" if "mistake" in text else "below_excess"
    assert states(text, value) is stated


@pytest.mark.parametrize(("text", "asked", "confirmation"), [
    # options offered with the agent's own next step after them ask which; "check" there is the agent's
    ("Let me know whether you'd prefer a morning or afternoon slot and I'll check availability.", ["time_slot"],
     False),
    ("Unfortunately a restart hasn't helped, so I'll get an engineer out to you. Let me know whether you'd prefer a "
     "morning (8-12) or afternoon (12-5) slot and I'll check availability.", ["time_slot"], False),
    # the wish itself, with the agent's step after it, still waits on a yes
    ("Let me know if you'd like that and I'll book the visit.", [], True),
    # a visit laid out by its values and named by its noun is approved without the account repeated
    ("Just to confirm, you'd like an engineer visit on 2026-12-03 in the morning, with Ama Mensah at home to let "
     "them in?", [], True),
    pytest.param("Let me know whether you'd prefer a morning or afternoon slot and the name of the person who'll be "
                 "home.", ["time_slot", "contact_name"], False,
                 marks=pytest.mark.xfail(strict=True, reason="a whether-clause runs to the end of the sentence, so "
                                                             "the second ask joined by 'and the name of' is taken "
                                                             "for part of it")),
])
def test_a_choice_of_slots_before_the_agents_own_step_asks_which(text: str, asked: list[str],
                                                                confirmation: bool) -> None:
    reading = read(text, _vocabulary("isp", "slow_engineer"))
    assert [f.key for f in reading.asked] == asked and reading.confirmation is confirmation
    if confirmation and "visit on" in text:
        assert reading.action == "book_engineer_visit"


def test_one_value_read_back_with_the_action_unnamed_stays_a_check() -> None:
    # the account number a look-up holds is left out of what lays out an action only when two values or more
    # remain: "the postcode is LS6 2QT, correct?" checks a value
    reading = read("Just to make sure I have it right: your postcode is LS6 2QT, correct?",
                   _vocabulary("isp", "slow_engineer"))
    assert not reading.confirmation


# A blind round written after the fixes above, in the same two domains: other wordings of the same asks, approvals and
# router steps, and statements using their words.

@pytest.mark.parametrize(("domain", "task", "text", "action"), [
    ("isp", "slow_engineer", "Great - I can get an engineer out to you on **Thursday 3 December**, morning slot "
                             "(8am-12pm), with Ama Mensah as the contact. Want me to lock that in?",
     "book_engineer_visit"),
    ("claims", "burst_pipe", "Before I lodge anything, please double-check these details:\n1. Type: water damage\n2. "
                             "Date: 14/11/2026\n3. Estimate: $2,350\n\nIf it all looks right, just reply **yes** and "
                             "I'll submit the claim.", "file_claim"),
    ("claims", "burst_pipe", "I've noted a water-damage claim dated 14 November 2026 for around $2,350. Shall I submit "
                             "it now, or is there anything you'd like to change first?", "file_claim"),
    ("claims", "burst_pipe", "Your claim CLM-61000 for $2,350.00 has been lodged.", None),
    ("claims", "burst_pipe", "If you'd rather speak to a claims handler about policy HM-204871, I can transfer you.",
     None),
])
def test_approvals_at_the_claims_and_broadband_desks_blind(domain: str, task: str, text: str,
                                                           action: str | None) -> None:
    reading = read(text, _vocabulary(domain, task))
    if action is None:
        assert not reading.confirmation or reading.action not in ("file_claim", "book_engineer_visit")
    else:
        assert reading.confirmation and reading.action == action


@pytest.mark.parametrize(("text", "tools"), [
    ("Next, could you pop over to speedtest.example.net on your laptop and let me know what download speed you get?",
     ["run_speed_test"]),
    # (a look named by a word of its tool's name: "the Internet light" for check_router_lights)
    ("Once the lights have settled, what colour is the Internet light showing?", ["check_router_lights"]),
    ("Give the router a quick reboot - unplug it, count to thirty, and plug it back in.", ["restart_router"]),
    ("Our records show your router was last restarted remotely on Monday.", []),
    ("If the lights are all green and it's still slow, I'll book an engineer.", []),
])
def test_router_steps_blind(text: str, tools: list[str]) -> None:
    reading = read(text, _vocabulary("isp", "no_internet"))
    assert list(reading.tools) == tools


@pytest.mark.parametrize(("domain", "task", "text", "asked"), [
    ("claims", "stolen_bike", "To get the ball rolling, I'll need your policy number - it's the one starting with HM on "
                              "your schedule - and the policyholder's date of birth.",
     ["policy_number", "date_of_birth"]),
    ("isp", "outage_credit", "Roughly how many days were you without a connection?", ["days"]),
    # "when they arrive" in a who-question is the time of something else, no date asked
    ("isp", "slow_engineer", "Who should the engineer ask for when they arrive?", ["contact_name"]),
    ("isp", "slow_engineer", "Which day works, and when should the engineer come?", ["visit_date"]),
    ("claims", "claim_form", "Which email address should the form go to?", ["email"]),
    ("isp", "outage_credit", "The outage in your area lasted from the 18th to the 21st.", []),
])
def test_facts_at_the_claims_and_broadband_desks_blind(domain: str, task: str, text: str, asked: list[str]) -> None:
    assert [f.key for f in read(text, _vocabulary(domain, task)).asked] == asked


# --------------------------------------------------------------------------------------------------------------
# Round 29: what the own-domain corpus's dev half (tests/data/understanding/own_dev.jsonl) showed the reading missed,
# each beside a line with the same words that must read as it did.


@pytest.mark.parametrize(("domain", "task", "text", "action", "values"), [
    # an identifier said in groups of digits by a voice agent; spelled capitals before one digit
    ("isp", "slow_engineer", "Let me read that back: an engineer visit on account six one two zero, zero four nine, "
                             "one eight three, on Thursday the third of December, in the morning, with Ama Mensah at "
                             "home. Shall I book it?",
     "book_engineer_visit", {"account_number": "6120049183", "visit_date": "2026-12-03", "time_slot": "morning",
                             "contact_name": "Ama Mensah"}),
    ("streamco", "triple_charge", "So what I'll do is refund two charges, C H two and C H three, on account A C three "
                                  "one zero. Is that okay with you?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
    # the action waits for a yes said after it
    ("power", "move_out", "I will schedule the move-out for account 4417-2290 on 2026-12-19 after you reply YES.",
     "schedule_move_out", {"account_number": "4417-2290", "move_out_date": "2026-12-19"}),
    # a later return is an extension
    ("rental", "extend", "Want me to push the return on RX-48213 out to 20 December?",
     "extend_rental", {"confirmation_code": "RX-48213", "return_date": "2026-12-20"}),
    # an action named by its own verb, beside a word of another that changes something ("claim")
    ("claims", "claim_form", "Shall I email the detailed claim form for CLM-60931 to l.ferreira@northgate-design.com?",
     "send_claim_form", {"claim_number": "CLM-60931", "email": "l.ferreira@northgate-design.com"}),
])
def test_approvals_of_the_own_domains_round29(domain: str, task: str, text: str, action: str,
                                              values: dict[str, Any]) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert (reading.confirmation, reading.action, reading.values) == (True, action, values)


@pytest.mark.parametrize(("domain", "task", "text"), [
    ("power", "move_out", "I'll explain the final bill after you confirm your email."),
    ("claims", "claim_form", "Shall I file the claim and send you the form?"),  # (file_claim, named by its verb)
    ("streamco", "triple_charge", "What I'd like to know is your email."),
])
def test_near_misses_of_those_approvals_round29(domain: str, task: str, text: str) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert reading.action != {"power": "schedule_move_out", "claims": "send_claim_form",
                              "streamco": "refund_charges"}[domain]


@pytest.mark.parametrize(("domain", "task", "text", "tools"), [
    ("streamco", "playback_error", "Pick anything from your list and press play.", ["play_a_title"]),
    ("streamco", "playback_error", "Put on any show and tell me what happens.", ["play_a_title"]),
    ("streamco", "playback_error", "Clear the app cache + relaunch it.", ["clear_app_cache", "restart_app"]),
    ("streamco", "playback_error", "Next, quit the app completely - not just back to the home screen, but fully "
                                   "closed - and then open it again.", ["restart_app"]),
    ("streamco", "playback_error", "Playback failed on the TV earlier, so we pressed on with the refund.", []),
    ("gym", "door_pass", "Could you pull up your door pass?", ["open_door_pass"]),
    ("gym", "door_pass", "Pull the pass up and tell me what it says.", ["open_door_pass"]),
    ("gym", "door_pass", "log out of the app n back in?", ["sign_out_and_back_in"]),
    # a verb and its way back, by the phrase's synonyms, beside a second step
    ("gym", "door_pass", "Log out of the app and back in, then pull the pass up again.",
     ["sign_out_and_back_in", "open_door_pass"]),
    ("gym", "door_pass", "You logged out of the app and back in yesterday, I see.", []),
    ("streamco", "playback_error", "Start any show or film and tell me what happens.", ["play_a_title"]),
    # a step's label ("Last step:") is no ask of its own, the step after it is
    ("streamco", "playback_error", "Last step: pick anything from your list and press play.", ["play_a_title"]),
])
def test_steps_on_the_own_domains_app_round29(domain: str, task: str, text: str, tools: list[str]) -> None:
    assert list(read(text, _vocabulary(domain, task)).tools) == tools


@pytest.mark.parametrize(("domain", "task", "text", "asked"), [
    ("rental", "extend", "Booking ref + surname pls", ["confirmation_code", "last_name"]),
    ("rental", "extend", "What's the reservation number?", ["confirmation_code"]),
    ("rental", "extend", "Your booking RX-48213 is confirmed.", []),
    ("claims", "stolen_bike", "What date did it happen?", ["incident_date"]),
    # an amount asked by what something will cost
    ("claims", "burst_pipe", "Two things I need for the claim: when did the pipe burst, and roughly what do you expect "
                             "the repairs to cost?",
     ["incident_date", "estimated_amount"]),
    ("claims", "burst_pipe", "What does the excess cover? It won't cost you anything extra.", []),
    ("claims", "stolen_bike", "When were you born?", ["date_of_birth"]),
    ("hotel", "sea_view", "Which room would you like?", ["room_type"]),
    ("hotel", "sea_view", "Thanks! I'll check which sea-facing rooms are free for you.", []),
])
def test_facts_of_the_own_domains_round29(domain: str, task: str, text: str, asked: list[str]) -> None:
    assert [f.key for f in read(text, _vocabulary(domain, task)).asked] == asked


# round 30: the second own-domain set's dev half, read as agents write (each beside a near miss with the same words)
@pytest.mark.parametrize(("domain", "task", "text", "tools"), [
    # a look at the user's one screen named by a word of its checking tool's description
    ("power", "meter_reading", "What does the display say?", ["read_meter"]),
    ("power", "meter_reading", "Could you read me the kWh figure?", ["read_meter"]),
    ("power", "meter_reading", "Could you tell me the number on your letter?", []),
    # a reading taken is a look ("I'll need a reading - …": each part an aside sets apart)
    ("power", "move_out", "Before we close it, could you take a final meter reading?", ["read_meter"]),
    ("power", "meter_reading", "Next, I'll need a reading from you - what does the display say?", ["read_meter"]),
    ("power", "move_out", "Our engineer will take a reading next week.", []),
    ("power", "move_out", "I took a reading from your smart meter remotely: 18,250.", []),
    # close-then-reopen said at length is a restart
    ("streamco", "playback_error", "Please go out from the StreamCo app totally, then open it again.", ["restart_app"]),
    ("streamco", "playback_error", "Highlight StreamCo in the recent apps and swipe it away (or press the X), then start "
                                   "it up again.", ["restart_app"]),
    ("streamco", "playback_error", "Once you closed the app, did it open again?", []),
    # going to the web address a user tool's description names
    ("isp", "no_internet", "On a laptop on your home Wi-Fi, go to speedtest.example.net, tap Go, and read me the "
                           "download and upload figures.", ["run_speed_test"]),
    ("isp", "no_internet", "I ran speedtest.example.net from our side and it was fine.", []),
    # "go to Door Pass" opens the pass; a numbered step said as a path or by a user tool's verb asks
    ("gym", "door_pass", "Could you go into Door Pass in the app?", ["open_door_pass"]),
    ("gym", "door_pass", "1. Club app → Profile → Sign out\n2. Sign back in\n3. Go to Door Pass",
     ["open_door_pass", "sign_out_and_back_in"]),
    # a step after its condition, said by an app verb
    ("gym", "door_pass", "If it says it's expired, log out and back in.", ["sign_out_and_back_in"]),
    ("gym", "door_pass", "It said it was expired after you logged out and back in.", []),
    # a thing of its own tried is the tool used on it
    ("streamco", "playback_error", "clear the app cache + relaunch it, then try a show",
     ["clear_app_cache", "restart_app", "play_a_title"]),
    ("streamco", "playback_error", "I'd try a different show later if I were you.", []),
    # a step's label after a sentence is no ask of its own either
    ("streamco", "playback_error", "Great, the cache is cleared and the app's back open. Last step: pick anything from "
                                   "your list and press play - does it start?", ["play_a_title"]),
    # left off a while before it goes back on: a restart
    ("isp", "no_internet", "This time leave it off for a full minute before you turn it back on.", ["restart_router"]),
    ("isp", "no_internet", "Keep your router nearby and turn it on.", []),
    # a path to a screen with the look at its end, "what does" said short
    ("bank", "freeze_after_alert", "app → alerts → whats the top one say?", ["check_app_alerts"]),
    ("bank", "freeze_after_alert", "In the app, open Alerts - what does the top one say?", ["check_app_alerts"]),
])
def test_steps_on_the_own_domains_app_round30(domain: str, task: str, text: str, tools: list[str]) -> None:
    assert sorted(read(text, _vocabulary(domain, task)).tools) == sorted(tools)


@pytest.mark.parametrize(("domain", "task", "text", "action", "values"), [
    # an enumeration's member in everyday words
    ("gym", "cancel", "I can wrap up your Premium membership, M-3302, at the end of this billing month since you're "
                      "relocating. Shall I go ahead and cancel it?",
     "cancel_membership", {"member_id": "M-3302", "reason": "moving_away"}),
    # a time of day as agents say it
    ("hotel", "late_checkout", "Late check-out at 1 pm on your last day, booking HB7Q2K - no charge. Want me to set it?",
     "set_late_checkout", {"booking_reference": "HB7Q2K", "checkout_time": "13:00"}),
    # a claim's kind in everyday words; a count of two as "both guests"; a value's words in another order; a time
    # of day in words; an action named by the compound of its name
    ("claims", "burst_pipe", "Claim summary: policy HM-204871, burst pipe flooding on 14 November, estimate £2,350. "
                             "Shall I submit it?",
     "file_claim", {"policy_number": "HM-204871", "claim_type": "water_damage", "incident_date": "2026-11-14",
                    "estimated_amount": 2350.0}),
    ("hotel", "breakfast", "Breakfast for both guests on KT4M9P, 18 EUR each per morning - shall I add it?",
     "add_breakfast", {"booking_reference": "KT4M9P", "guests": 2}),
    ("hotel", "sea_view", "Upgrade for HB7Q2K to the double with sea views - want me to lock that in?",
     "upgrade_room", {"booking_reference": "HB7Q2K", "room_type": "sea view double"}),
    ("hotel", "late_checkout", "Late check-out at one in the afternoon for booking HB7Q2K - shall I arrange it?",
     "set_late_checkout", {"booking_reference": "HB7Q2K", "checkout_time": "13:00"}),
    # "lodge" names filing, and an action the customer may take later names nothing approved now
    ("claims", "burst_pipe", "Policy HM-204871, water damage on Saturday 14 November, estimated £2,350. Once a claim is "
                             "lodged it stays on your history, even if you withdraw it later. Shall I go ahead and "
                             "lodge it?",
     "file_claim", {"policy_number": "HM-204871", "claim_type": "water_damage", "incident_date": "2026-11-14",
                    "estimated_amount": 2350.0}),
])
def test_approvals_of_the_own_domains_round30(domain: str, task: str, text: str, action: str,
                                              values: dict[str, Any]) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert reading.confirmation and reading.action == action and reading.values == values


@pytest.mark.parametrize(("domain", "task", "text"), [
    ("hotel", "late_checkout", "Late check-out at 2 pm on your last day, booking HB7Q2K. Want me to set it?"),
    ("hotel", "late_checkout", "Late check-out at two in the afternoon for booking HB7Q2K - shall I arrange it?"),
    ("claims", "burst_pipe", "Claim summary: policy HM-204871, storm damage on 14 November, estimate £2,350. Shall I "
                             "submit it?"),
    ("hotel", "sea_view", "Upgrade for HB7Q2K to a double room - the sea views are on the other side. Want me to lock "
                          "that in?"),
    ("gym", "cancel", "I can wrap up your Premium membership, M-3302, at the end of this billing month. Shall I go "
                      "ahead and cancel it?"),
])
def test_near_misses_of_those_approvals_round30(domain: str, task: str, text: str) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert reading.confirmation and reading.values is None  # a value left out or another one: no confirmation


def test_a_value_read_back_with_does_that_match_yours_is_a_check() -> None:
    words = _vocabulary("isp", "slow_engineer")
    right = read("The postcode I have on file is LS6 2QT. Does that match yours?", words)
    wrong = read("The postcode I have on file is LS6 2TQ. Does that match yours?", words)
    assert [f.key for f in right.verified] == ["postcode"] and not right.unmatched and not right.confirmation
    assert [f.key for f in wrong.misread] == ["postcode"] and not wrong.unmatched


@pytest.mark.parametrize(("text", "misread", "verified"), [
    # the customer's claim number with two digits swapped, whatever it is called
    ("Just so I'm looking at the right one, the number on your letter is CLM-55012?", ["claim_number"], []),
    ("Just so I'm looking at the right one, the number on your letter is CLM-55102?", [], ["claim_number"]),
])
def test_an_identifier_read_back_with_one_slip_is_misread(text: str, misread: list[str], verified: list[str]) -> None:
    reading = read(text, _vocabulary("claims", "withdraw"))
    assert [f.key for f in reading.misread] == misread and [f.key for f in reading.verified] == verified


@pytest.mark.parametrize(("domain", "task", "text", "misread"), [
    # a wrong enumeration member read back in everyday words (the customer is cancelling for illness)
    ("clinic", "cancel", "Okay - so I'll cancel appointment AP-9002 and note the reason as a scheduling clash. OK to "
                         "proceed?", ["reason"]),
    ("clinic", "cancel", "Okay - so I'll cancel appointment AP-9002 and note the reason as illness. OK to proceed?", []),
    # a part of a member, said of something else, is no read-back of it
    ("clinic", "cancel", "There's no clash with your other bookings. I'll cancel AP-9002 and note the reason as "
                         "illness - OK?", []),
])
def test_enumeration_members_read_back_in_everyday_words(domain: str, task: str, text: str,
                                                         misread: list[str]) -> None:
    assert [f.key for f in read(text, _vocabulary(domain, task)).misread] == misread


@pytest.mark.parametrize(("domain", "task", "text", "asked"), [
    ("claims", "stolen_bike", "Could you tell me what day the shed was broken into?", ["incident_date"]),
    ("claims", "stolen_bike", "When was the bike stolen?", ["incident_date"]),
    ("claims", "stolen_bike", "When was your account opened?", []),
    ("hotel", "breakfast", "Will both of you be having breakfast, or just one?", ["guests"]),
    ("hotel", "breakfast", "How many of you will be having breakfast?", ["guests"]),
    ("hotel", "breakfast", "I've added breakfast for both of you.", []),
])
def test_facts_of_the_own_domains_round30(domain: str, task: str, text: str, asked: list[str]) -> None:
    assert [f.key for f in read(text, _vocabulary(domain, task)).asked] == asked


# round 32: values as agents write and say them, the goal's own write not marked irreversible, and steps said with
# their order turned round (each beside a near miss with the same words)
@pytest.mark.parametrize(("domain", "task", "text", "action", "values"), [
    # a write the team did not mark irreversible, named by its object alone ("your checkout")
    ("hotel", "late_checkout", "Would you like me to extend your checkout to 1 pm on booking HB7Q2K?",
     "set_late_checkout", {"booking_reference": "HB7Q2K", "checkout_time": "13:00"}),
    ("hotel", "late_checkout", "I'll set a late checkout of 1 pm on booking HB7Q2K. Shall I go ahead?",
     "set_late_checkout", {"booking_reference": "HB7Q2K", "checkout_time": "13:00"}),
    # a reference spelled out with pauses, "o'clock" of the afternoon
    ("hotel", "late_checkout", "So that's a one o'clock checkout on booking H, B, seven, Q, two, K. Shall I lock that "
                               "in?", "set_late_checkout", {"booking_reference": "HB7Q2K", "checkout_time": "13:00"}),
    # an account number in other groups, a plan in American spelling
    ("isp", "faster_plan", "Shall I move account 6120-077-415 onto Fiber 500?",
     "change_plan", {"account_number": "6120077415", "plan": "Fibre 500"}),
    # a day first with no year, a title and surname for the contact
    ("isp", "slow_engineer", "I'll book an engineer for 3/12, morning slot, for account 6120049183, contact Ms Mensah. "
                             "OK to book?", "book_engineer_visit",
     {"account_number": "6120049183", "visit_date": "2026-12-03", "time_slot": "morning",
      "contact_name": "Ama Mensah"}),
    # an amount in words the British way, a day's hyphenated ordinal, thousands as "k"
    ("claims", "burst_pipe", "Shall I file a water damage claim on policy HM-204871 for the 14th of November, "
                             "estimated at two thousand three hundred and fifty pounds?", "file_claim",
     {"policy_number": "HM-204871", "claim_type": "water_damage", "incident_date": "2026-11-14",
      "estimated_amount": 2350.0}),
    ("claims", "stolen_bike", "Shall I file a theft claim on policy H M three one eight six six five for November "
                              "twenty-second, estimate eight hundred and ninety pounds?", "file_claim",
     {"policy_number": "HM-318665", "claim_type": "theft", "incident_date": "2026-11-22", "estimated_amount": 890.0}),
    ("claims", "burst_pipe", "Shall I file a water damage claim on policy HM-204871 for 14/11, estimated at £2.35k?",
     "file_claim", {"policy_number": "HM-204871", "claim_type": "water_damage", "incident_date": "2026-11-14",
                    "estimated_amount": 2350.0}),
    # the action's past participle, a claim that stays open being no proposal
    ("claims", "withdraw", "Because a withdrawn claim can't be reopened, I need a clear yes from you. Are you happy "
                           "for me to go ahead?", "withdraw_claim",
     {"claim_number": "CLM-55102", "reason": "below_excess"}),
    # what the sentence leaves out of a list is no element of it
    ("streamco", "triple_charge", "I'll refund charges CH-2 and CH-3 on account AC-310 and leave CH-1 as your November "
                                  "payment. Shall I go ahead?",
     "refund_charges", {"account_id": "AC-310", "charge_ids": ["CH-2", "CH-3"]}),
])
def test_approvals_of_the_own_domains_round32(domain: str, task: str, text: str, action: str,
                                              values: dict[str, Any]) -> None:
    previous = ("Here's the withdrawal I'd make: withdraw_claim for claim_number CLM-55102, reason below_excess, since "
                "the repair came in under your excess. Your storm claim CLM-55087 stays open.") \
        if task == "withdraw" else ""
    reading = read(text, _vocabulary(domain, task), previous=previous)
    assert reading.confirmation and reading.action == action and reading.values == values


@pytest.mark.parametrize(("domain", "task", "text", "misread"), [
    ("isp", "slow_engineer", "I'll book an engineer for 4/12, morning slot, for account 6120049183, contact Ms Mensah. "
                             "OK to book?", ["visit_date"]),  # neither 4 December nor 12 April is the 3rd
    ("claims", "burst_pipe", "Shall I file a water damage claim on policy HM-204871 for 14 November, estimated at two "
                             "thousand three hundred and five pounds?", ["estimated_amount"]),  # 2,305, not 2,350
    ("ecommerce", "E206019/invoice|order_details", "I'll issue the invoice for order E206019 under the title \"Harbour "
                                                   "Print Ltd\". Is that OK?", ["invoice_title"]),  # a name's spelling
    ("streamco", "triple_charge", "I'll refund charges CH-1, CH-2 and CH-3 on account AC-310. Shall I go ahead?", []),
    ("bank", "duplicate_grocery", "The search returned two entries for Green Basket Grocers: TX-7002 and TX-7003. I'll "
                                  "dispute TX-7002 with the reason 'duplicate'. Reply yes to confirm.", []),
])
def test_near_misses_of_those_approvals_round32(domain: str, task: str, text: str, misread: list[str]) -> None:
    words = _vocabulary(domain, task) if domain != "ecommerce" else _builtin_vocabulary(domain, task)
    reading = read(text, words)
    assert reading.confirmation and reading.values is None and [f.key for f in reading.misread] == misread


def _builtin_vocabulary(domain: str, task: str) -> Any:
    dom = DomainRegistry().get(domain)
    return vocabulary(dom.task(task), dom.tool_infos)


@pytest.mark.parametrize(("domain", "task", "text", "tools"), [
    # a thing asked for that only a look gives, no verb of looking said
    ("power", "meter_reading", "What's the kWh reading?", ["read_meter"]),
    ("power", "meter_reading", "Do you have a meter reading handy?", ["read_meter"]),
    ("power", "meter_reading", "I'll need a fresh meter reading from you.", ["read_meter"]),
    ("power", "meter_reading", "What's your account number?", []),
    ("power", "meter_reading", "I'll need your account number.", []),
    # the steps said with the later one first
    ("streamco", "playback_error", "Press play once you've restarted the app.", ["restart_app", "play_a_title"]),
    ("streamco", "playback_error", "Press play after you've closed the app completely and opened it again.",
     ["restart_app", "play_a_title"]),
    ("streamco", "playback_error", "Now close it down fully - not just back to the TV's home screen - and open it "
                                   "again. Then try that film you were going to watch and tell me if it starts.",
     ["restart_app", "play_a_title"]),
    # going to where the device is, before the look
    ("isp", "no_internet", "Could you pop over to where the router is for me? Just tell me what colour each light on "
                           "the front is.", ["check_router_lights"]),
    # what a screen says, quoted, and a tip for another time, ask nothing
    ("gym", "door_pass", "The 'Pass expired - sign in again' message appears when the app's login runs out.", []),
    ("gym", "door_pass", "If the app says 'Pass expired - sign in again', tap Sign out and log back in.",
     ["sign_out_and_back_in"]),
    ("isp", "outage_credit", "Just so you have it for another time: if the service ever drops out again, the first "
                             "thing worth trying is switching the router off at the back for 30 seconds.", []),
    ("bank", "freeze_after_alert", "The alert you saw in the app earlier - a 15.99 USD payment at Nimbus Streaming "
                                   "- is the notice we send for every card payment.", []),
])
def test_steps_on_the_own_domains_app_round32(domain: str, task: str, text: str, tools: list[str]) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert list(reading.tools) == tools and not reading.unmatched


# round 33: the number a look reads is no fact of the user's, steps after a look already read, facts picked by the
# user and asked with "whose" (each beside a near miss with the same words)
@pytest.mark.parametrize(("domain", "task", "text", "tools", "asked"), [
    # the number on the device's display, named by a pronoun, a screen or a label, is what the look reads
    ("power", "meter_reading", "Could you walk over to the meter and read me the number on its display?",
     ["read_meter"], []),
    ("power", "meter_reading", "Note the number shown on the display before kWh and send it to me.", ["read_meter"],
     []),
    ("power", "meter_reading", "What's the number on your latest bill?", [], ["account_number"]),
    # a look joined to a fact asked in one breath
    ("power", "meter_reading", "I need two things: your account number, and the figure on your meter's display.",
     ["read_meter"], ["account_number"]),
    # a second look asked at what the message before looked at
    ("power", "meter_reading", "Hmm, could you take another look?", ["read_meter"], []),
    # an item's label before the step it bids, the number it reads sent later
    ("power", "meter_reading", "Two kinds of meter:\n\n- **Digital:** read the number shown before kWh.\n"
                               "- **Dial meter:** read the black dials left to right.\n\n"
                               "Then send me that whole number.",
     ["read_meter"], []),
    # alerts called notifications, the newest one looked at
    ("bank", "freeze_after_alert", "Open the notifications in your banking app. What does the latest one say?",
     ["check_app_alerts"], []),
    ("bank", "freeze_after_alert", "Could you read me the merchant and amount on the newest alert?",
     ["check_app_alerts"], []),
    # the step after one read, and what it is done with
    ("gym", "door_pass", "Sign out of the app, then log back in with your usual email and password. Once you're back "
                         "in, tap the QR symbol and tell me whether the code appears.",
     ["sign_out_and_back_in", "open_door_pass"], []),
    # how the step before went is no look of its own
    ("streamco", "playback_error", "Press play on any film and let me know whether it plays or an error pops up.",
     ["play_a_title"], []),
    ("streamco", "playback_error", "Tell me what the error on the screen says.", ["read_error_on_screen"], []),
    # a fact the user picks, with "a"; a name asked with "whose"
    ("isp", "slow_engineer", "Could you give me a date that suits you for the engineer visit?", [], ["visit_date"]),
    ("isp", "slow_engineer", "Whose name should I put down for the visit?", [], ["contact_name"]),
    ("isp", "slow_engineer", "A date has been set aside for engineer visits in your area.", [], []),
    # something to look the user up by
    ("streamco", "triple_charge", "I need something to look you up by: the email you sign in with.", [], ["email"]),
    # the date of what happened, named with a hyphen
    ("claims", "stolen_bike", "When did the break-in happen?", [], ["incident_date"]),
])
def test_steps_and_facts_of_the_own_domains_round33(domain: str, task: str, text: str, tools: list[str],
                                                    asked: list[str]) -> None:
    previous = "Could you read me the number on your meter's display?" if "another look" in text else ""
    reading = read(text, _vocabulary(domain, task), previous=previous)
    assert list(reading.tools) == tools and [f.key for f in reading.asked] == asked and not reading.unmatched
    assert reading.action is None  # no approval read into an ask ("whose name should I put down …?")


@pytest.mark.parametrize(("domain", "task", "text", "action", "values"), [
    # a pending action's card with the bare word of its prompt
    ("bank", "dispute_fuel", "**Awaiting sign-off:** `dispute_transaction`\n- Transaction: TX-7001\n"
                             "- Reason: not recognised\n\nApprove or reject?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    ("bank", "dispute_fuel", "I'd open a dispute on TX-7001 because you don't recognise it. Approve?",
     "dispute_transaction", {"transaction_id": "TX-7001", "reason": "not_recognised"}),
    # how to decline names no second action; an enumeration's member said with an amount between its words
    ("claims", "withdraw", "Withdrawal of claim CLM-55102 - the repair cost less than your £300 excess.\n\n"
                           "Reply YES to withdraw it, or NO to keep it open.",
     "withdraw_claim", {"claim_number": "CLM-55102", "reason": "below_excess"}),
    # a decline button names no cancellation
    ("clinic", "reschedule", "Holding this for your approval:\nAppointment AP-9001, moving to 8 Dec at 09:30\n"
                             "[ Approve ]  [ Cancel ]",
     "reschedule_appointment", {"appointment_id": "AP-9001", "new_date": "2026-12-08"}),
    # a field named by the noun of an action's own name names no action ("Appointment id:" is no rescheduling)
    ("clinic", "cancel", "**Pending action:** `cancel_appointment`\n- Appointment id: AP-9002\n- Reason: illness\n\n"
                         "Approve or reject?", "cancel_appointment", {"appointment_id": "AP-9002"}),
    # "do you want me to" is no verb of doing anything: the hand-over the ask names is what it approves
    ("isp", "slow_engineer", "Before I book anything: a cabinet fault is also possible, and second-line can test "
                             "that remotely. Do you want me to hand this over to them?",
     "transfer_to_human", {}),
])
def test_approvals_of_pending_actions_round34(domain: str, task: str, text: str, action: str,
                                             values: dict[str, Any]) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert reading.confirmation and reading.action == action and reading.values == values


@pytest.mark.parametrize(("domain", "task", "text"), [
    ("bank", "dispute_fuel", "Are you ok now?"),  # after the user, no yes asked
    ("bank", "dispute_fuel", "I approved the dispute on TX-7001 a moment ago."),
])
def test_no_approval_in_those_words_round34(domain: str, task: str, text: str) -> None:
    assert not read(text, _vocabulary(domain, task)).confirmation


def test_a_count_said_of_another_unit_confirms_no_count() -> None:
    """"booking KT4M9P, 2 nights" states no 2 guests: the labeller counts no confirmation of breakfast for two."""
    dom = _domain("hotel")
    task = dom.task("breakfast")
    text = "I've found booking KT4M9P, 2 nights from 14 February. Shall I add breakfast to it?"
    turns = (Turn(index=0, role="user", text=task.goal.request), Turn(index=1, role="agent", text=text))
    conv = Transcript(task=task, persona=Persona(name="probe"), domain=dom.name, turns=turns,
                      irreversible_tools=tuple(n for n, s in dom.tools.items() if s.irreversible),
                      tools=dom.tool_infos)
    call = ToolCall(id="probe", name="add_breakfast", irreversible=True, critical=dom.tools["add_breakfast"].critical,
                    arguments={"booking_reference": "KT4M9P", "guests": 2})
    assert not confirms(conv, turns[1], call)
    both = text.replace("Shall I add breakfast to it?", "Shall I add breakfast for 2 guests to it?")
    turns = (turns[0], Turn(index=1, role="agent", text=both))
    assert confirms(replace(conv, turns=turns), turns[1], call)


@pytest.mark.parametrize(("domain", "task", "text", "tools", "asked"), [
    # hedged asks, after a lead clause
    ("power", "meter_reading", "Could I have your account number? And while you're at it, it might be easiest to "
                               "read me the figure on the meter's display too.", ["read_meter"], ["account_number"]),
    ("isp", "slow_engineer", "If you get a moment, it would be helpful to run a speed test on a device on your Wi-Fi.",
     ["run_speed_test"], []),
    # a list item naming what the device shows, under an ask
    ("power", "meter_reading", "Two things, please:\n- Your account number\n- The figure on your meter's display, in "
                               "kWh", ["read_meter"], ["account_number"]),
    # the unit a look reads, and the look's digits
    ("power", "meter_reading", "Could you read me the digits just before kWh?", ["read_meter"], []),
    ("power", "meter_reading", "Could you read me the number on your bill?", [], ["account_number"]),
    # what the alert says, pasted into the chat
    ("bank", "freeze_after_alert", "Open Alerts in the app and paste the newest one here.", ["check_app_alerts"], []),
    # "reading me" a part of what the screen shows
    ("streamco", "playback_error", "Would you mind reading me the exact wording of the error?",
     ["read_error_on_screen"], []),
    # where the step before took the user
    ("streamco", "playback_error", "Once you're in there, pick Clear cache.", ["clear_app_cache"], []),
    # a thing tried to see what it does; steps tried are no thing
    ("streamco", "playback_error", "Now try the episode you were watching.", ["play_a_title"], []),
    ("streamco", "playback_error", "Try the steps above again.", [], []),
    # a worry voiced and answered asks no step
    ("streamco", "playback_error", "Wondering whether clearing the cache signs you out? It doesn't - it only removes "
                                   "temporary files.", [], []),
    # a count with a word before its unit
    ("isp", "outage_credit", "How many full days were you without internet?", [], ["days"]),
    # "it" of a question naming its own thing is that thing, no fact named before; the one fact of that thing when
    # it is one
    ("bank", "dispute_fuel", "Your card ending 4417 is active. Which charge is it?", [], []),
    ("isp", "faster_plan", "Thanks. Which account is this?", [], ["account_number"]),
])
def test_steps_and_facts_of_the_own_domains_round34(domain: str, task: str, text: str, tools: list[str],
                                                    asked: list[str]) -> None:
    reading = read(text, _vocabulary(domain, task))
    assert list(reading.tools) == tools and [f.key for f in reading.asked] == asked


def test_a_spelling_to_confirm_checks_the_value_read_back() -> None:
    reading = read("I've noted your email as l.ferreira@northgate-design.com. Can you confirm the spelling is correct?",
                   _vocabulary("claims", "claim_form"))
    assert [f.key for f in reading.verified] == ["email"] and not reading.asked


@pytest.mark.parametrize(("previous", "text", "tools"), [
    # the second half of a power cycle, asked after the first
    ("Round the back there's a small power button. Press that and all the lights should go off.",
     "Good, I heard the click. Leave it off for thirty seconds… right. Now press it again to switch it back on.",
     ["restart_router"]),
    ("Please switch the router off at the wall.", "Okay, switch it back on.", ["restart_router"]),
    # (not after another thing switched off, nor with no first half)
    ("Turn Wi-Fi off on your laptop.", "Okay, switch it back on.", []),
    ("", "Okay, switch it back on.", []),
])
def test_a_power_cycle_asked_over_two_messages_round34(previous: str, text: str, tools: list[str]) -> None:
    assert list(read(text, _vocabulary("isp", "no_internet"), previous=previous).tools) == tools
