"""Readings round 11 of issue 20 fixed: what the eleventh blind set's dev half read wrong (facts asked the ways
agents ask them, steps on the user's phone, approvals and their near misses, three house styles of chat models, the
turn after the user answered), read here in new sentences of the same kinds, written for this test.

- A plan's name priced, compared or described ("Basic is $10 a month", "Basic: $10", "with Premium, you'd get …",
  "Basic is cheaper", "the Premium rate kicks in …", a comparison) reports no milestone, nor does an aim ("Let's get
  you back online") or a change laid out ("Here's the change: … moves to Basic"); "you're on Basic now" does.
- "… after that we can sort out the new address" names a fact for later, not asked now.
- A fact an approval reads back with its value is no ask ("New payment method: PayPal (paypal_…). Shall I?").
- "Once I know which order …, I can check …" asks for it; "Which of the two …?" after both plans were named asks
  the plan.
- "Before I issue the invoice …, one thing: is 613-555-… still your number?" checks the number, not the invoice.
- "switching from Basic to Premium" reads the plan back as Premium: what a change starts from is no read-back.
- No ask: "I have the return ready for …", "tap OK, it's covered" after "a pop-up", "or has it been used?" (a
  passive), "Just give that number at the counter", "a screenshot that shows the price and the date" (its content),
  "just tell me and we'll look somewhere else" (no approval).
- Steps: "tap the airplane icon so it turns orange", "please switch it off in Settings > …" beside an approval of
  the agent's own, "SMS is allowed but Files and media isn't. Tap it …" (the one still to fix); not "our network
  can't send …", "two switches to flip", nor "read it out" after a code.
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports
from test_understanding_confirmations import probe_errors
from test_understanding_facts import _read

_DOWNGRADE = ("mock", "router_off_and_downgrade")
_UPGRADE = ("mock", "upgrade_plan")
_INVOICE = ("ecommerce", "E206358/price|logistics|product_price|delivery_date|invoice|damage")


@pytest.mark.parametrize(("text", "reported"), [
    ("Quick overview first: Basic is $12 a month and Premium is $40.", False),
    ("Our Basic plan is $12 a month, billed on the 1st.", False),
    ("Basic: $12/month, 10 Mbps. Premium: $40/month, 500 Mbps.", False),
    ("With Basic, you'd get slower speeds but a smaller bill.", False),
    ("You're on Premium at the moment; Basic is cheaper but slower.", False),
    ("Here's how they compare: Basic at $12, Premium at $40.", False),
    ("Basic vs Premium - Basic is the lighter plan.", False),
    ("Good news on the bill, and the Basic rate applies from the 1st of next month.", False),
    ("Let's get you onto Basic after the router is sorted.", False),
    ("Here's the change: A104 goes from Premium to Basic today.", False),
    ("Done - your account is on Basic now.", True),
    ("I've moved A104 to Basic.", True),
    ("With that, you're now on the Basic plan.", True),
])
def test_a_plan_described_priced_or_laid_out_reports_no_milestone(text: str, reported: bool) -> None:
    assert bool(milestone_reports(text, ["basic"])) == reported, text


@pytest.mark.parametrize(("where", "previous", "text", "asked"), [
    (("retail", "address/name_zip/ok/W3139059"), "", "Send me your name and ZIP and I'll find the account; after that "
     "we can look at the new address.", ["name", "zip"]),
    (("retail", "address/name_zip/ok/W3139059"), "", "Thanks! Then I'll need the new address.", ["new_address"]),
    (("retail", "return/name_zip/ok/W3127625"), "", "Refunds take a few days. As soon as I know which order the "
     "chair was on, I can check the return window.", ["order_id"]),
    (_UPGRADE, "", "A101 is on Basic today. Premium adds the faster tier. Which of the two do you want it on?",
     ["plan"]),
])
def test_facts(where: tuple[str, str], previous: str, text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text, previous).asked) == asked, text


@pytest.mark.parametrize("case", [
    ("retail", "payment/email/ok/W3141805", "", "Here's what I'd change:\n\n- **Order:** #W3141805\n- **New payment "
     "method:** PayPal (`paypal_7357918`)\n\nShall I switch it?", "modify_pending_order_payment",
     {"order_id": "W3141805", "payment_method_id": "paypal_7357918"}),
    ("mock", "router_off_and_downgrade", "", "Before I put this through: account A104, going from Basic to Premium. "
     "Right?", "change_plan", None),
    ("mock", "router_off_and_downgrade", "", "Before I put this through: account A104, going from Premium to Basic. "
     "Right?", "change_plan", {"account_id": "A104", "plan": "basic"}),
], ids=["a value read back is no ask", "from Basic to Premium", "from Premium to Basic"])
def test_approvals(case) -> None:
    assert probe_errors(case) == []


def test_a_question_an_action_waits_on_checks_only_its_own_values() -> None:
    reading = _read(_INVOICE, "Before I issue the invoice for E206358 to Orchard Studio LLC, one quick thing: is "
                              "613-555-7649 still the number on your account?")
    assert not reading.confirmation and [f.key for f in reading.verified] == ["phone_number"]


@pytest.mark.parametrize(("where", "text"), [
    (("retail", "return/name_zip/ok/W3145599"), "I have the exchange ready for order W3145599."),
    (("restaurant", "complex/04-black-bean-burger"), "Order 5301 is in. Just quote that number at the counter."),
])
def test_nothing_is_asked(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.unmatched and not reading.confirmation, text


def test_a_pop_up_asks_nothing() -> None:
    reading = _read(("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_off"), "Roaming is on for your line, "
                    "so switch on Data roaming in Settings. You may see a pop-up about charges; tap OK, it's covered.")
    assert not reading.asked and reading.tools == ("turn_on_data_roaming",), reading


def test_a_passive_asks_nothing_of_it() -> None:
    reading = _read(("retail", "return/email/ok/W3136655"),
                    "The return for W3136655 covers the Water Bottle. One question: is the bottle still sealed, or has "
                    "it been used?")
    assert not reading.asked, reading


def test_what_a_screenshot_shows_is_no_thing_of_its_own() -> None:
    reading = _read(_INVOICE, "Please upload a screenshot of the listing that shows the lower price and the date.")
    assert [f.key for f in reading.asked] == ["screenshot"] and not reading.unmatched


def test_where_troubleshooting_goes_next_is_no_approval() -> None:
    reading = _read(("telecom", "[mobile_data_issue]data_mode_off"), "If the Mobile data tile is already lit, just "
                                                                     "tell me and we'll try something else.")
    assert not reading.confirmation and reading.action is None


@pytest.mark.parametrize(("where", "text", "tools"), [
    (("telecom", "[service_issue]break_apn_settings"), "Open Control Center, tap the plane so it turns orange, wait "
     "a few seconds, then tap it again to turn it off.", ("turn_on_airplane_mode", "turn_off_airplane_mode")),
    (("telecom", "[mobile_data_issue]data_saver_mode_on|user_abroad_roaming_disabled_on"), "I can enable roaming on "
     "415-555-0163 for you; shall I? And on the phone, data saver is on: please switch it off in Settings > Data "
     "Saver.", ("turn_off_data_saver",)),
    (("telecom", "[mms_issue]break_app_storage_permission"), "So SMS is allowed but Files and media isn't. Tap it and "
     "pick Allow.", ("grant_storage_permission",)),
    (("telecom", "[mms_issue]bad_wifi_calling"), "If Wi-Fi Calling is on, please turn it off: our network can't "
     "send picture messages over it.", ("check_wifi_calling", "turn_off_wifi_calling")),
    (("telecom", "[mms_issue]bad_wifi_calling"), "Two switches to flip: turn Wi-Fi Calling off, then turn Mobile "
     "data on.",
     ("turn_off_wifi_calling", "turn_on_mobile_data")),
    (("telecom", "[service_issue]lock_sim_card_pin|unseat_sim_card"), "Do you have the PUK code from the card the "
     "SIM came on? If so, read it out to me.", ()),
])
def test_steps(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text
