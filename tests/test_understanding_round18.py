"""Readings round 18 of issue 20 fixed: dev misses older sets had left (a look before the step it leads to, a state
judged right, an option named with the kind of thing it is, dates offered with their weekdays, a value checked with
"is that the … on your account?") and what the eighteenth blind set's dev half read wrong (texting and email agents,
steps chained and conditioned, choices among the user's own things, an agent correcting itself, a brand-voiced
agent), read here in new sentences of the same kinds, written for this test.

- A look at what a later step acts on, before any step, is a step of its own ("find the payment request, see whether
  it's for bill B9001, then pay it"); a look at "it" after a step still reports that step.
- "Data roaming is on, which is what we want" judges a state just reported: no question, no step.
- A choice among options where one is the user's value, named with its kind ("your PayPal account (…) or the Visa")
  or with its weekday ("Tuesday, March 3 or Thursday, March 5"), asks for the value.
- "You gave us …" names no action of the agent's (the user is the subject of "gave"), and "is that the number on
  your account?" after a value read back is a check of it.
- An email's signature (name, team, hours, phone number) under its sign-off is no value read back.
- "Order # too if u have it" after facts asked asks one more; "Thanks, the photo does show a dent" asks for no photo;
  items under "Here's what's saved on your account:" state, they ask nothing.
- A rating of the help ("on a scale of 1 to 10, how would you rate my help?") and a slogan ("Loving your new
  speaker?") ask nothing the user cannot place.
- A confirm among the user's own steps ("open the payment request, confirm it shows bill B9001, then pay it") is a
  look, no approval; so is "make sure it's for bill …"; a way round a failed step in brackets ("(if it isn't there,
  open the app)") leaves the step as it is; "Now, let's look at …" and "First step: flight mode off." ask steps.
- "…, but hold off until I tell you" leaves the sentence's step for later; "You turned data saver off earlier; please
  turn it back on" asks only the step now; "Meanwhile, on your phone, please …" beside an approval is the user's step.
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports
from test_understanding_facts import _read

_BILL = ("telecom", "[service_issue]overdue_bill_suspension")
_ROAMING_ON = ("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_on")
_PAYMENT = ("retail", "payment/email/ok/W3141805")
_INSTALL = ("ecommerce", "E205741/installation|price")


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_BILL, "Please find the payment request in your notifications, see whether it's for bill B9001, then pay it.",
     ("check_payment_request", "pay_payment_request")),
    # the look after a step reports it
    (("telecom", "[mobile_data_issue]data_mode_off"), "Switch mobile data on and tell me what it shows.",
     ("turn_on_mobile_data",)),
])
def test_a_look_before_the_step_it_leads_to(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


@pytest.mark.parametrize("text", ["Data roaming is on, which is what we want for your trip.",
                                  "Roaming shows as enabled, which is exactly right."])
def test_a_state_judged_right_asks_nothing(text: str) -> None:
    reading = _read(_ROAMING_ON, text)
    assert not reading.tools and not reading.unmatched and not reading.clarification, reading


@pytest.mark.parametrize(("where", "text", "asked"), [
    (_PAYMENT, "Should W3141805 go on your PayPal account (paypal_7357918) or on the Visa ending in 4410?",
     ["payment_method"]),
    (_INSTALL, "The technician can come on Tuesday, March 3 or Thursday, March 5 - which would you like?", ["date"]),
    (_INSTALL, "Would you prefer the installation on March 3 or March 5?", ["date"]),
])
def test_a_choice_that_holds_the_users_value_asks_for_it(where: tuple[str, str], text: str,
                                                         asked: list[str]) -> None:
    reading = _read(where, text)
    assert [f.key for f in reading.asked] == asked and not reading.unmatched, reading


@pytest.mark.parametrize("text", [
    "You gave us 631-555-3438 - is that the number on your account?",
    "I've found a customer under 631-555-3438. Is that the phone number you registered with?",
])
def test_is_that_the_number_on_your_account_checks_the_value_just_said(text: str) -> None:
    reading = _read(("ecommerce", "E205826/"), text)
    assert reading.verification and [f.key for f in reading.verified] == ["phone_number"], reading
    assert not reading.confirmation and not reading.asked and not reading.unmatched, reading


def test_an_email_signature_reads_back_nothing() -> None:
    text = ("Hello,\n\nThanks for writing in about the installation for order #E205741. I'm checking which dates our "
            "technicians have free and will write again shortly.\n\nBest regards,\nSam\nBrightcart Support\n"
            "Mon-Fri 8:00-20:00 | 1-800-555-0199")
    reading = _read(_INSTALL, text)
    assert not reading.misread and not reading.asked and not reading.verification, reading


@pytest.mark.parametrize(("where", "text", "asked"), [
    (("retail", "status/name_zip/"), "to find ur order i need ur full name + zip. the order # too if u have it",
     ["name", "zip", "order_id"]),
    # no fact asked before: "too" agrees, it asks nothing
    (("retail", "status/name_zip/"), "Sure, that works too.", []),
    (("ecommerce", "E206037/"), "Thanks, the photo does show the cracked lid. Shall I start a free return for order "
                                "E206037?", []),
    (("retail", "payment/name_zip/ok/W3134755"), "Here's what's saved on your account:\n\n1. Visa ending 9844, the "
                                                 "card the order is on now\n2. PayPal (paypal_4838621)\n\nWhich one "
                                                 "should I switch it to?", ["payment_method"]),
])
def test_facts_asked_in_passing(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert [f.key for f in _read(where, text).asked] == asked, text


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_BILL, "Thanks, the payment is in. I'll resume your line next. You'll need to restart the phone after that, but "
            "hold off until I tell you.", ()),
    # a wait after the step asks it all the same
    (_BILL, "Please restart your phone, then wait until I tell you the line is back.", ("reboot_device",)),
    (("telecom", "[mms_issue]bad_network_preference|bad_wifi_calling"), "You turned Wi-Fi calling off earlier; please "
                                                                        "turn it back on now.",
     ("turn_on_wifi_calling",)),
    (("telecom", "[mobile_data_issue]data_saver_mode_on|user_abroad_roaming_disabled_on"),
     "I'll turn roaming on for line 415-555-0163 once you say yes. Meanwhile, on your phone, please switch off Data "
     "Saver.", ("turn_off_data_saver",)),
])
def test_steps_now_and_steps_later(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


@pytest.mark.parametrize(("where", "text"), [
    (("retail", "status/"), "Your order is packed. Before you go, on a scale of 1 to 10, how would you rate my help?"),
    (("ecommerce", "E206433/"), "Order E206433 is out for delivery. Loving your new speaker? Leave us a review!"),
])
def test_a_rating_or_a_slogan_is_no_question_the_user_cannot_place(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.unmatched and not reading.clarification and not reading.asked, reading


@pytest.mark.parametrize(("where", "text", "tools"), [
    # a confirm among the user's own steps is a look, no approval of the agent's action
    (_BILL, "Open the payment request, confirm it shows bill B9001, then pay it.",
     ("check_payment_request", "pay_payment_request")),
    (_BILL, "Tap the notification, make sure it's for bill B9001, and pay it from your wallet.",
     ("check_payment_request", "pay_payment_request")),
    # a way round a failed step, in brackets, leaves the step as it is
    (_BILL, "Look in your notifications for one called Payment request (if it isn't there, open the Kestrel app). "
            "Then open it and pay it.", ("check_payment_request", "pay_payment_request")),
    (("telecom", "[mms_issue]break_app_sms_permission"), "Now, let's look at what the Messages app may access.",
     ("check_app_permissions",)),
    # a step said tersely after a label of its place
    (("telecom", "[service_issue]airplane_mode_on"), "First step: flight mode off.", ("turn_off_airplane_mode",)),
])
def test_steps_in_other_words(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    reading = _read(where, text)
    assert reading.tools == tools and not reading.confirmation, reading


def test_an_approval_asked_after_a_step_is_still_one() -> None:
    reading = _read(_BILL, "Please confirm you'd like me to send the payment request for bill B9001 to your phone.")
    assert reading.confirmation and reading.action == "send_payment_request" and not reading.tools, reading


@pytest.mark.parametrize(("where", "text", "refusal", "escalation"), [
    # a texted contraction without its apostrophe reads as the contraction
    (("ecommerce", "E206298/price_refused"), "checked IMG-4684 - that price doesnt qualify so i cant refund the gap",
     True, False),
    # a hand-off texted without its "I'm"
    (("mock", "locked_account_escalation"), "A103 is locked so i cant change it. handing u over to a human agent now",
     False, True),
])
def test_texted_refusals_and_hand_offs(where: tuple[str, str], text: str, refusal: bool, escalation: bool) -> None:
    reading = _read(where, text)
    assert (reading.refusal, reading.escalation) == (refusal, escalation), reading


@pytest.mark.parametrize(("text", "reported"), [
    # the plan said back before the approval is asked: nothing done yet
    ("Ah, you meant the cheaper one. So that's account A104 moved down to Basic. Shall I go ahead?", False),
    ("Done - account A104 is on Basic now. Anything else?", True),
])
def test_the_plan_said_back_beside_its_approval_reports_nothing(text: str, reported: bool) -> None:
    assert milestone_reports(text, ["basic"], plan=True) is reported, text


@pytest.mark.parametrize(("where", "text", "action"), [
    # where the cost of the swap goes, said after a comma, is no change of payment
    (("retail", "items/name_zip/ok/W3112859"), "That's the white lamp with the cool light, charged to the PayPal "
                                               "account the order was paid with. Shall I make the swap on W3112859?",
     "modify_pending_order_items"),
    (_PAYMENT, "Should the order be charged to your PayPal account from now on?", "modify_pending_order_payment"),
])
def test_what_a_change_costs_is_no_change_of_payment(where: tuple[str, str], text: str, action: str) -> None:
    assert _read(where, text).action == action, text
