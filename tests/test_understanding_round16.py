"""Readings round 17 of issue 20 fixed: what the sixteenth and seventeenth blind sets' dev halves read wrong (phone
steps from a voice agent, a checklist bot, an agent describing the screen and a novice-friendly agent; framework
agents deep in troubleshooting or answering in structured forms; facts late in a conversation; a chatty agent's
questions that ask nothing; confirmations in unusual orders and their near misses), read here in new sentences of the
same kinds, written for this test.

- Questions no one answers: "Who doesn't like …?", "Now, where was I? Ah yes: …", "Isn't it satisfying when …?",
  "…? Great question!", "What makes a smash burger a smash burger?", "Was that quick or was that quick?" ask the
  user nothing, so the simulated user does not say it did not understand (and, but for the last, the labeller
  counts no clarification).
- A list set out for another time ("If it ever drops again, here's what I'd try:", "For your next trip, here's a
  checklist:") asks none of its steps.
- "Give me a second while I look at your line" asks for no line; "in a moment I'll need your account ID …, so no
  need to hunt for it right this minute" asks for nothing now (with a question beside it, it still asks).
- Facts: "Or, if that's easier, simply your mobile number." after an ask offers another fact to give; "your full
  name and date of birth will work just as well for finding you" asks for them; a fact asked beside an approval
  with its options ("the reason: no longer needed, or ordered by mistake?") is asked, though the task's value is
  among them.
- Task lists: a ticked box ("- [x] Router restarted") is done; an open one ("- [ ] Reply YES if you want me to …")
  is read as any item. "Quick yes or no before I submit the plan change: …" asks to approve it.
- Phone steps: a thing several screens show (signal) is looked at on the screen the message sends the user to ("Check
  the top of your screen. What does it show for signal?"), unless a step comes between; "the VPN app" is the VPN, not
  the apps' permissions; "give the Messages app the SMS and Storage permissions" grants both; the quick-settings
  icons "two arrows" and "curved lines" are mobile data and Wi-Fi; "reply with what's in the MMSC field" asks to
  look; "so it goes from blue to grey" switches off; "where the time and the battery are" is a place, not a second
  thing asked; a permission that "says not allowed" is a label on the screen, no refusal.
- Seventeenth set: praise for a step done ("Switching the Wi-Fi back on is very often all it takes"), "You've
  rebooted it already?", "please leave it as it is", "Action required: none." and "Are you ready for the first
  step?" ask nothing; "Action required: a yes from you for the downgrade" and "All good to lock this in?" ask to
  approve; "tap it to switch it off … back on" after finding a setting's tile toggles that setting, and finding the
  tile is no look; "Online, or still offline?" after a look is that look; "I'll need its ID" after "your account"
  asks for the account ID.
"""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")
_ROAMING_ON = ("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_on")


@pytest.mark.parametrize(("where", "text"), [
    (("ecommerce", "E206433/"), "Who doesn't like a quick delivery update? Your order E206433 left the Denver hub this "
                                "morning."),
    (("retail", "status/"), "Thanks, you're verified. Now, where was I? Ah yes: your order is packed and waiting for "
                            "the carrier."),
    (("telecom", "[mobile_data_issue]bad_vpn"), "Your data is quick again. Isn't it satisfying when the fix is that "
                                                "simple?"),
    (("retail", "status/"), "So, where has your parcel got to? Great question! It is at the regional depot and goes "
                            "out tomorrow."),
    (("restaurant", "complex/01-lantern-smash-burger"), "What makes a smash burger a smash burger? Pressing the patty "
                                                        "flat so the edges crisp up. I've added one to your order."),
])
def test_questions_no_one_answers(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.unmatched and not reading.clarification and not reading.asked, reading


def test_how_easy_it_went_is_no_question_the_user_cannot_place() -> None:
    """(Its "or" still reads as a choice to the labeller, as "Anything else, or is that all?" must.)"""
    reading = _read(("mock", "upgrade_plan"), "Account A101 is on Premium now. Was that quick or was that quick?")
    assert not reading.unmatched and not reading.asked, reading


@pytest.mark.parametrize(("where", "text"), [
    (("mock", "wifi_off"), "All fixed! If it ever drops again, here's what I'd try:\n1. Switch Wi-Fi back on.\n"
                           "2. Restart the router."),
    (_ROAMING_ON, "Roaming is on now. For your next trip, here's a checklist:\n1. Turn on data roaming when you land."
                  "\n2. Run a speed test if it feels slow."),
    (("telecom", "[mms_issue]bad_wifi_calling"), "Give me a second while I look at your line."),
    (("mock", "balance_inquiry"), "Just so you know, in a moment I'll need your account ID to look at the bill, so no "
                                  "need to hunt for it right this minute."),
])
def test_nothing_asked_now(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.tools and not reading.unmatched, reading


def test_a_need_for_later_with_a_question_beside_it_still_asks() -> None:
    assert [f.key for f in _read(("mock", "balance_inquiry"), "I'll need your account ID shortly - could you send "
                                                              "it?").asked] == ["account_id"]


@pytest.mark.parametrize(("where", "text", "values"), [
    (("mock", "router_off_and_downgrade"), "## Still to do\n- [x] Router restarted (thanks!)\n- [ ] Reply YES if "
                                           "you want me to move account A104 from Premium to Basic",
     {"account_id": "A104", "plan": "basic"}),
    (("mock", "upgrade_plan"), "quick yes/no before I submit the plan change: acct A101 -> premium tier",
     {"account_id": "A101", "plan": "premium"}),
])
def test_approvals_in_lists_and_terse_forms(where: tuple[str, str], text: str, values: dict[str, str]) -> None:
    reading = _read(where, text)
    assert reading.action == "change_plan" and reading.values == values and not reading.tools, reading


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_AIRPLANE, "Check the top of your screen. What does it show for signal?", ("check_status_bar",)),
    # a look after a step is a look of its own, on whichever screen shows it
    (_AIRPLANE, "Look at the top of your screen, turn airplane mode off, then tell me if you have signal.",
     ("check_status_bar", "turn_off_airplane_mode", "check_network_status")),
    (("telecom", "[mobile_data_issue]bad_vpn"), "Please open the VPN app and tell me whether it says connected.",
     ("check_vpn_status",)),
    (("telecom", "[mms_issue]break_app_both_permissions"), "Could you give the Messages app the SMS and Storage "
                                                          "permissions, please?",
     ("grant_sms_permission", "grant_storage_permission")),
    (("telecom", "[mobile_data_issue]data_mode_off"), "Swipe down and tap the tile with two arrows so it turns blue.",
     ("turn_on_mobile_data",)),
    (("telecom", "[mms_issue]bad_wifi_calling"), "Open Settings and tap the item with the curved lines. What does it "
                                                 "say under it?", ("check_wifi_status",)),
])
def test_steps_asked(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


@pytest.mark.parametrize(("where", "text", "tools"), [
    (("telecom", "[mms_issue]break_apn_mms_setting"), "Reply with what's in the MMSC field.", ("check_apn_settings",)),
    (_AIRPLANE, "Tap the one with the plane so it goes from blue to grey.", ("turn_off_airplane_mode",)),
    (_AIRPLANE, "Look right up where the time and the battery are, and read me the icons there.",
     ("check_status_bar",)),
])
def test_steps_understood_whole(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    """"Reply with what …" asks to look; "from blue to grey" switches off; "where the time and the battery are" is a
    place on the screen, no second thing asked the user cannot place."""
    reading = _read(where, text)
    assert reading.tools == tools and not reading.unmatched, reading


def test_a_label_on_the_screen_is_no_refusal() -> None:
    text = "Okay, so SMS is the one that says not allowed. On the same screen, tap SMS and set it to allow."
    reading = _read(("telecom", "[mms_issue]break_app_sms_permission"), text)
    assert not reading.refusal and reading.tools == ("grant_sms_permission",), reading


@pytest.mark.parametrize(("where", "text", "asked"), [
    # an alternative to the facts just asked, said without a verb
    (("telecom", "[mobile_data_issue]data_usage_exceeded"), "To find your account I need:\n\n* your full name\n* your "
                                                            "date of birth\n\nOr, if that's easier, simply your mobile "
                                                            "number.", ["date_of_birth", "full_name", "phone_number"]),
    # what will do instead, said with what it is for
    (("telecom", "[mobile_data_issue]data_mode_off"), "If the number isn't handy, that's fine - your full name and "
                                                      "date of birth will work just as well for finding you.",
     ["date_of_birth", "full_name"]),
    # a fact asked beside an approval, its options put to the user, is asked though the task's value is among them
    (("retail", "cancel/name_zip/ok/W3107281"), "I can cancel W3107281 right away - shall I? If so, I just need the "
                                                "reason for the record: was it no longer needed, or ordered by "
                                                "mistake?", ["reason"]),
])
def test_facts_asked(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == asked, text


# the seventeenth set's dev half: structured-output framework agents, an agent thinking aloud, a novice-friendly
# phone agent, restaurant agents, near misses of approvals

@pytest.mark.parametrize(("where", "text"), [
    # praise for a step already done, and an echo of it
    (("mock", "wifi_off"), "Nicely done. Switching the Wi-Fi back on is very often all it takes, so please don't feel "
                           "bad about it."),
    (("telecom", "[mms_issue]break_apn_mms_setting"), "You've rebooted it already? Great, that's exactly what the new "
                                                      "settings needed."),
    (_ROAMING_ON, "Data roaming on your phone is right as it is, so please leave it as it is. The remaining fix is on "
                  "our side, for your line."),
    (("mock", "balance_inquiry"), "Result\nAccount: A102\nBalance: $42.50\n\nAction required: none. That is simply "
                                  "what is owed today."),
    (_AIRPLANE, "There are a few things we'll check together. Are you ready for the first step?"),
])
def test_nothing_asked_of_the_user(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.tools and not reading.asked and not reading.unmatched and reading.action is None, reading


@pytest.mark.parametrize(("where", "previous", "text", "action", "values"), [
    (("mock", "router_off_and_downgrade"), "Account A104 is on Premium and you'd like Basic instead. The change can't "
                                           "be undone.", "Action required: a yes from you for the downgrade.",
     "change_plan", {"account_id": "A104", "plan": "basic"}),
    (("ecommerce", "E204384/"), "", "Summary\nOrder: E204384\nInstallation date: 2026-03-06\n\nAll good to lock this "
                                    "in?", "schedule_installation", {"order_id": "E204384", "date": "2026-03-06"}),
])
def test_approvals_in_forms(where: tuple[str, str], previous: str, text: str, action: str,
                            values: dict[str, str]) -> None:
    reading = _read(where, text, previous)
    assert reading.action == action and reading.values == values and not reading.unmatched, reading


@pytest.mark.parametrize(("where", "text", "tools"), [
    (("telecom", "[mobile_data_issue]data_mode_off"), "Find the 'Mobile data' tile. Tap it once to switch it off, wait "
                                                      "a moment, then tap it to switch it back on. Then tell me it's "
                                                      "done.", ("turn_off_mobile_data", "turn_on_mobile_data")),
    (("mock", "wifi_off"), "Look at the connection icon by the clock. What does it say? Online, or still offline?",
     ("check_connection",)),
])
def test_steps_and_their_follow_ups(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    reading = _read(where, text)
    assert reading.tools == tools and not reading.asked and not reading.unmatched, reading


def test_its_id_after_naming_the_account() -> None:
    reading = _read(("mock", "cancel_subscription"), "Happy to help. To find your account I'll need its ID - a capital "
                                                     "A and three digits.")
    assert [f.key for f in reading.asked] == ["account_id"], reading
