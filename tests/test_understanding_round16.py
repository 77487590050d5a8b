"""Readings round 16 of issue 20 fixed: what the sixteenth blind set's dev half read wrong (phone steps from a voice
agent, a checklist bot and an agent describing the screen; a framework agent deep in troubleshooting; facts late in
a conversation; a chatty agent's questions that ask nothing; confirmations in unusual orders), read here in new
sentences of the same kinds, written for this test.

- Questions no one answers: "Who doesn't like …?", "Now, where was I? Ah yes: …", "…? Great question!", "What
  makes a smash burger a smash burger?", "Was that quick or was that quick?" ask the user nothing, so the simulated
  user does not say it did not understand and the labeller counts no clarification.
- A list set out for another time ("If it ever drops again, here's what I'd try:", "For your next trip, here's a
  checklist:") asks none of its steps.
- "Give me a second while I look at your line" asks for no line; "in a moment I'll need your account ID …, so no
  need to hunt for it right this minute" asks for nothing now (with a question beside it, it still asks).
- Task lists: a ticked box ("- [x] Router restarted") is done; an open one ("- [ ] Reply YES if you want me to …")
  is read as any item. "Quick yes or no before I submit the plan change: …" asks to approve it.
- Phone steps: a thing several screens show (signal) is looked at on the screen the message sends the user to ("Check
  the top of your screen. What does it show for signal?"), unless a step comes between; "the VPN app" is the VPN, not
  the apps' permissions; "give the Messages app the SMS and Storage permissions" grants both; the quick-settings
  icons "two arrows" and "curved lines" are mobile data and Wi-Fi.
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
    (("retail", "status/"), "So, where has your parcel got to? Great question! It is at the regional depot and goes "
                            "out tomorrow."),
    (("restaurant", "complex/01-lantern-smash-burger"), "What makes a smash burger a smash burger? Pressing the patty "
                                                        "flat so the edges crisp up. I've added one to your order."),
    (("mock", "upgrade_plan"), "Account A101 is on Premium now. Was that quick or was that quick?"),
])
def test_questions_no_one_answers(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.unmatched and not reading.clarification and not reading.asked, reading


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
