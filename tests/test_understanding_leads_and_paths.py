"""Asks after a conversational lead, steps put as done together, and settings paths written another way (issue 20),
found by ad hoc rewrites of the dev lines' steps (``benchmarks/understanding_variants.py``'s method, applied to the
telecom steps): "Okay, so is your phone showing LTE?" lost its look at the status bar and left the user unable to
answer; "Okay, so share the order number." asked nothing; "switch Flight Mode off on your end" also read as turning
it on; "Settings › Mobile network › Access Point Names" and "Settings -> …" named another screen; and "Can we
disable Airplane Mode?" read as the agent asking leave to disable roaming. Sentences written for this test.
"""

from __future__ import annotations

import pytest
from test_understanding_rewrites import R_EMAIL, T_LINE, T_MMS, _label, _read

LED_STEPS = [
    (T_LINE, "Okay, so is your phone showing an LTE or 5G icon next to the bars?", ["check_status_bar"]),
    (T_LINE, "So is there a small airplane icon at the top of your screen?", ["check_status_bar"]),
    (T_LINE, "Alright, so does the status bar show any bars at all", ["check_status_bar"]),
    (T_LINE, "Okay, so switch airplane mode off, please.", ["turn_off_airplane_mode"]),
    (T_MMS, "Great, so open Settings > Apps > Messages > Permissions and allow SMS.", ["grant_sms_permission"]),
]


@pytest.mark.parametrize(("where", "text", "tools"), LED_STEPS)
def test_a_step_after_a_conversational_lead_is_the_step(where: tuple[str, str], text: str, tools: list[str]) -> None:
    reading = _read(where, text)
    assert list(reading.tools) == tools and not reading.unmatched, text


@pytest.mark.parametrize("text", ["Okay, so share the order number.", "Great, so send me the email on the account.",
                                  "Alright, provide the order number, please."])
def test_a_fact_asked_after_a_conversational_lead_is_asked(text: str) -> None:
    assert _read(R_EMAIL, text).asked, text


def test_so_that_still_says_why() -> None:
    # a purpose clause after a step names no step of its own
    reading = _read(T_LINE, "Please restart your phone, so the network can register it again.")
    assert list(reading.tools) == ["reboot_device"]


@pytest.mark.parametrize("text", ["Please switch Flight Mode off on your end.",
                                  "Could you turn airplane mode off on your side?",
                                  "From your end, please turn airplane mode off."])
def test_on_your_end_is_where_the_user_is_not_a_state(text: str) -> None:
    assert list(_read(T_LINE, text).tools) == ["turn_off_airplane_mode"], text


@pytest.mark.parametrize("path", ["Settings › Mobile network › Access Point Names",
                                  "Settings -> Mobile network -> Access Point Names",
                                  "Settings / Mobile network / Access Point Names",
                                  "Settings » Mobile network » Access Point Names"])
def test_a_settings_path_is_a_path_however_it_is_separated(path: str) -> None:
    text = f"Could you open {path} and tell me which APN is selected?"
    assert list(_read(T_MMS, text).tools) == ["check_apn_settings"], text


def test_a_slash_between_values_is_no_path() -> None:
    assert list(_read(T_LINE, "Please set the network mode to LTE/5G under Settings / Network mode.").tools) \
        == ["set_network_mode_4g_5g"]


@pytest.mark.parametrize(("text", "tools"), [
    ("Can we disable Airplane Mode?", ["turn_off_airplane_mode"]),
    ("Shall we try restarting your phone?", ["reboot_device"]),
    ("Could we switch Flight Mode off for a moment?", ["turn_off_airplane_mode"]),
])
def test_a_step_put_as_done_together_is_the_users_step(text: str, tools: list[str]) -> None:
    reading = _read(T_LINE, text)
    assert list(reading.tools) == tools and not reading.confirmation, text
    assert not _label(T_LINE, text).confirmation_request


def test_we_on_the_account_side_is_still_the_agents_action() -> None:
    # "we" acting on the line is the agent asking leave: an approval, no step on the phone
    text = "Shall we resume line 415-555-0163 on your account now?"
    assert not _read(T_LINE, text).tools and _label(T_LINE, text).confirmation_request


def test_a_step_together_on_what_the_sentence_before_named() -> None:
    text = "The phone's own Data roaming switch is still off. Can we turn it on?"
    reading = _read(T_LINE, text)
    assert list(reading.tools) == ["turn_on_data_roaming"] and not reading.confirmation


def test_so_ill_need_you_to_asks() -> None:
    reading = _read(T_LINE, "Okay, so I'll need you to restart your phone once the SIM is back in.")
    assert list(reading.tools) == ["reboot_device"]


@pytest.mark.parametrize("aside", ["Is now still a good time?", "Did you know you can also manage this in our app?",
                                   "Does that make sense?", "Does this sound fair?"])
def test_small_talk_after_a_step_keeps_the_step_and_asks_nothing_unanswerable(aside: str) -> None:
    # found by rewrites adding small talk after every dev line: "Is now still a good time?" left the user unable to
    # answer on 637 of 673 lines (each an inconclusive trial), and "Does that make sense?" read as a look at "that"
    text = f"Please restart your phone and tell me whether the bars come back.\n\n{aside}"
    reading = _read(T_LINE, text)
    assert list(reading.tools)[:1] == ["reboot_device"] and not reading.unmatched, text
    assert not _read(R_EMAIL, f"Could you share your email?\n\n{aside}").unmatched


@pytest.mark.parametrize("opener", ["Shall we get started?", "Ready to dive in?", "Shall we begin?"])
def test_an_offer_to_begin_approves_no_action(opener: str) -> None:
    # "Shall we get started?" read as approving get_user_details ("get"); a yes to it only goes on
    reading = _read(R_EMAIL, f"{opener} Could you share the email on your account?")
    assert [f.key for f in reading.asked] == ["email"] and not reading.confirmation and reading.action is None
    assert not _read(R_EMAIL, opener).unmatched
    assert _read(R_EMAIL, "Shall we start the return for order #W3125736?").confirmation  # an action named: asked
