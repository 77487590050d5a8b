"""Readings round 14 of issue 20 fixed: what the fourteenth blind set's dev half read wrong (five house styles of chat
models, a voice agent's spoken values, the turn after the user answered, approvals whose values are spread over
the conversation, phone steps asked every way), read here in new sentences of the same kinds, written for this test.

- Values as a voice agent says them: a day before its month ("Saturday the fourteenth of March"), a code with a dash
  said ("I M G dash four five oh oh"), an amount in dollars and cents ("forty-two dollars and fifty cents").
- Facts: "the phone number of your account" is the user's phone number; a part of a value among options ("which
  size - small or large?") is asked, not read back; a fact the agent says it already has is not asked; "the easiest
  fix is the phone number of the line" asks for it; "these" over a list points at the list, not at a fact before.
- Approvals: "Is that a yes on the cancellation?" asks for one; a plan that will read the details back and act only
  after a yes asks nothing yet.
- No milestone: options named as routes, a choice noted ("Premium - noted"), what the user tries to do, what has not
  happened yet, an image the agent opened. No escalation from a VPN routing the user through a server; a request
  passed to a colleague is one.
- Phone steps: "tell me after each how it went" asks no look, a state ("the mode it's set to") is no step, a look in
  a relative clause ("the status bar you read me") was done before, "now for the phone side" names no step, "if it
  is on please turn it off" is a step after its condition, and the device named in a step is no phone number.
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports, read, vocabulary
from pytest_mmtau.understanding._speech import ESCALATION
from test_understanding_facts import _domain, _read


@pytest.mark.parametrize(("where", "text", "values"), [
    (("ecommerce", "E206075/"), "Alright, for the washer on order E two oh six oh seven five, I have you down for "
                                "Saturday the fourteenth of March. Want me to book that?",
     {"order_id": "E206075", "date": "2026-03-14"}),
    (("ecommerce", "E205826/"), "I can see the dent in image I M G dash four five oh oh, so I can set up a free "
                                "return for order E two oh five eight two six. Shall I create it?",
     {"order_id": "E205826", "image_id": "IMG-4500"}),
])
def test_values_said_aloud_confirm(where: tuple[str, str], text: str, values: dict[str, str]) -> None:
    reading = _read(where, text)
    assert reading.values == values and not reading.misread, reading


def test_an_amount_in_dollars_and_cents_reports_the_balance() -> None:
    said = "Okay, on account A one oh two the balance is forty-two dollars and fifty cents right now."
    assert milestone_reports(said, ["42.50"])


@pytest.mark.parametrize(("where", "text", "asked"), [
    (("ecommerce", "E206037/"), "To help, I need:\n1. The phone number of your account\n2. The order ID",
     ["order_id", "phone_number"]),
    (("retail", "exchange/name_zip/ok/W3148161"), "Sage is in stock. Which size do you want - small or large?",
     ["new_options"]),
    (("retail", "return/name_zip/ok/W3127625"), "I can verify you by name and ZIP code instead. I already have your "
                                                "full name, so all I still need is the ZIP code.", ["zip"]),
    (("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_on"), "That birth date doesn't match. If not "
                                                                        "that, the easiest fix is the phone number "
                                                                        "of the line.", ["phone_number"]),
    # a second ask after one about what happened is no question about the fact (round 15, from the learned check's
    # first dev addition)
    (("mock", "cancel_subscription"), "Sorry you're thinking of leaving! Could you tell me what prompted it, and pass "
                                      "along the account ID the subscription sits on so I can bring it up?",
     ["account_id"]),
    (("retail", "cancel/email/ok/W3125736"), "Thanks! Could you tell me what's going on, and share the email address "
                                             "linked to your account?", ["email"]),
    (("telecom", "[mobile_data_issue]data_mode_off"), "Your line looks fine on our side. Please work through these "
                                                      "and tell me after each how it went:\n- turn mobile data on\n- "
                                                      "restart the phone", []),
])
def test_facts_asked_or_not(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == asked, text


@pytest.mark.parametrize(("where", "previous", "text", "action"), [
    (("mock", "cancel_subscription"), "Account A100 is active on Basic; once cancelled, it can't be reopened.",
     "So is that a yes on the cancellation?", "cancel_subscription"),
    (("mock", "cancel_subscription"), "", "Thanks, I have A100. I'll pull it up, read the cancellation details "
                                          "back to you, and only cancel once you've said yes.", None),
])
def test_a_yes_asked_now_or_later(where: tuple[str, str], previous: str, text: str, action: str | None) -> None:
    domain, prefix = where
    task = next(t for t in _domain(domain).tasks if t.id.startswith(prefix))
    words = vocabulary(task, _domain(domain).tool_infos)
    assert read(text, words, previous=previous).action == action, text


@pytest.mark.parametrize(("text", "alternatives"), [
    ("For A104 there are two routes: move down to Basic, or close the account.", ["basic"]),
    ("Which reason should I put down: change of plan or airline cancelled flight?", ["cancelled"]),
    ("Reasons you can give: no longer needed, ordered by mistake.", ["ordered"]),
    ("Premium for A103 - noted. One moment while I look the account up.", ["premium"]),
    ("Take the device you're trying to get online with and look at its indicator.", ["online"]),
    ("Nothing has been submitted for that order yet.", ["submitted"]),
    ("Thanks, I've opened the image and I can see the crack.", ["opened"]),
])
def test_no_milestone_where_nothing_is_done(text: str, alternatives: list[str]) -> None:
    assert not milestone_reports(text, alternatives), text


@pytest.mark.parametrize("text", [
    "Your order W3125736 is cancelled, and I have noted the refund method.",
    "Your order W3125736 is cancelled, and I have recorded the reason.",
    "Order W3125736 has been cancelled (reason: no longer needed).",
])
def test_a_milestone_reported_beside_what_the_agent_noted(text: str) -> None:
    """"noted" closing a sentence notes a choice, and "reasons" list options; the agent noting something beside what
    it did, or the one reason it recorded, reports what was done."""
    assert milestone_reports(text, ["cancelled"]), text


@pytest.mark.parametrize(("text", "escalates"), [
    ("The VPN was routing you through a far-off server, which slowed everything down.", False),
    ("I've passed your request to switch plans to a colleague on our accounts team.", True),
])
def test_what_hands_the_user_over(text: str, escalates: bool) -> None:
    assert (ESCALATION.search(text.lower()) is not None) == escalates, text


@pytest.mark.parametrize(("where", "text", "tools"), [
    (("telecom", "[mobile_data_issue]bad_network_preference"), "Line 206-555-0128 looks fine on our side. So let's "
                                                               "look at the phone itself: could you check which "
                                                               "network mode it's set to?", ("check_network_mode",)),
    (("telecom", "[mobile_data_issue]data_mode_off"), "Now for the phone side. Switch mobile data on - it showed as "
                                                      "off in the status bar you read me.", ("turn_on_mobile_data",)),
    (("telecom", "[mms_issue]bad_wifi_calling"), "Please check if Wi-Fi calling is on and if it is on please turn it "
                                                 "off.", ("check_wifi_calling", "turn_off_wifi_calling")),
    (("telecom", "[mms_issue]bad_wifi_calling"), "Now for the picture message problem: please check whether Wi-Fi "
                                                 "calling is on.", ("check_wifi_calling",)),
])
def test_steps_asked_and_what_only_sounds_like_one(where: tuple[str, str], text: str,
                                                   tools: tuple[str, ...]) -> None:
    reading = _read(where, text)
    assert reading.tools == tools and not reading.asked, reading
