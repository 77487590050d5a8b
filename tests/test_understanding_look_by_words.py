"""A look at one of the user's own screens named only by a word of its tool's name or description (issue 20, the
fallback of ``look_by_keywords``), each beside a near miss with the same words: what the agent will look at itself,
a step on someone else's phone, a condition, a word every tool shares, a report of what the agent did, and the
menu paths of a step already read."""

from __future__ import annotations

import functools

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.understanding import read, vocabulary
from pytest_mmtau.understanding._reading import Reading

_APN = "[service_issue]break_apn_settings"
_DATA = "[mobile_data_issue]data_mode_off"
_APN_ASK = ("Could you open Settings → Network & internet → SIMs → Access point names and read me the name of the "
            "entry that has the filled-in circle next to it?")


@functools.cache
def _domain(name: str) -> Domain:
    return DomainRegistry().get(name)


def _read(domain: str, task: str, text: str) -> Reading:
    dom = _domain(domain)
    return read(text, vocabulary(next(t for t in dom.tasks if t.id.startswith(task)), dom.tool_infos))


@pytest.mark.parametrize("text", [
    _APN_ASK,
    "Okay, so " + _APN_ASK[0].lower() + _APN_ASK[1:],  # a leading "so" sets off no purpose
    f"- {_APN_ASK}\n- I'm looking for whether it says kestrel.web or something else.",  # an item alone
])
def test_a_screen_named_by_the_words_of_its_tool(text: str) -> None:
    reading = _read("telecom", _APN, text)
    assert reading.tools == ("check_apn_settings",) and not reading.unmatched, reading


@pytest.mark.parametrize(("task", "text"), [
    # what the agent will look at itself
    (_DATA, "Thanks — with 312-555-0147 I'll first pull up the account it belongs to, then check the line's data "
            "settings on our side."),
    # a condition, then no ask
    ("[service_issue]airplane_mode_on",
     "Should the bars not come back, the next option would be a visit to one of our stores."),
    # the words of looking name no screen
    (_DATA, "If the speed test is still slow, let me know and we'll look at other options."),
    # a choice between offers, no look
    (_DATA, "Let me know which you'd prefer: a data top-up or a roaming pass."),
    # a report of the agent's own steps, numbered
    (_DATA, "Here's what I did:\n1. Checked your line status.\n2. Reset your network registration."),
])
def test_near_misses_name_no_screen(task: str, text: str) -> None:
    assert _read("telecom", task, text).tools == ()


def test_menu_paths_of_a_step_read_above_add_no_look() -> None:
    text = ("Turn on mobile data:\n- iPhone: Settings > Cellular > Cellular Data\n"
            "- Android: Settings > Network & internet > Mobile network > Mobile data")
    assert _read("telecom", _DATA, text).tools == ("turn_on_mobile_data",)


def test_a_look_beside_another_step_adds_none() -> None:
    text = "Is the connection any quicker? The easiest way to find out is a speed test."
    assert _read("telecom", _DATA, text).tools == ("run_speed_test",)


def test_a_size_letter_is_read_in_its_place_only() -> None:
    # the user wants black, size S: "navy s | black m" reads black M, a wrong value, not black S near by
    text = ("i can make this change on order W3125314. here's what it would look like: item | current | new "
            "running shorts | navy s | black m. please confirm these details before i submit the change.")
    reading = _read("retail", "items/email/ok/W3125314", text)
    assert [fact.key for fact in reading.misread] == ["new_options"] and reading.values is None, reading
