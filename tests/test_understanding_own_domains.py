"""What the simulated user and the rule labeller read in agent messages of teams' own domains that no rule was
written for (a fitness club and a car-rental desk in `tests/data/`, each first run with an agent phrasing freely):
every line here is a message of that first run that the harness misread, pinned with how it must be read."""

from __future__ import annotations

import functools
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


def test_what_the_user_sees_on_a_tool_named_loosely_is_not_taken_for_the_problem() -> None:
    # "open … pass" names the door pass too loosely to operate it, but the question is about what the pass shows,
    # not about the user's problem: the user says it cannot place it, never repeats its opening request
    reading = read("What do you see when you open your pass in the app?", _vocabulary("gym", "door_pass"))
    assert not reading.goal_question and not reading.tools and reading.unmatched


def test_a_change_reported_done_completes_nothing_of_a_goal_with_other_requests() -> None:
    from pytest_mmtau.user._tracker import StateTracker

    task = DomainRegistry().get("mock").task("router_off_and_downgrade")  # the internet, and a downgrade
    tracker = StateTracker(goal=task.goal)
    tracker.approve("change_plan", {"account_id": "A104", "plan": "basic"})
    tracker.observe("Account A104 is now on the basic plan. Is there anything else I can help you with?")
    assert not tracker.goal_confirmed  # the internet is still down
