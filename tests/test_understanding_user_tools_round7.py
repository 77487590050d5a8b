"""Requests to operate the user's own tools, round 7: probes written before reading how the rules take them, of the
kinds the fourth blind set's dev half missed and of kinds an LLM agent is likely to write. A state the setting
should end up in ("airplane mode needs to come off", "roaming wants to be on"); terse list items after a lead
("after that: mobile data on, the VPN disconnected"); a terse question about a setting's state, then a step on it
("data saver on? if so, kill it"); a question the user answers with a tool the agent names as the means ("a speed
test will tell us"); "it" in a question about the thing the sentence before is about; a condition on what the
screen shows; "either one" of two permissions. Hard negatives: what a setting does, what the agent did, states
reported, facts about the line, tools named as something the agent or a past test did."""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import (
    _ABROAD, _AIR_LOOK, _AIRPLANE, _BAR_OR_NET, _BILL, _BOTH_PERMS, _DATA, _DATA_LOOK, _MMS, _NETPREF, _ROAM_LOOK,
    _SAVER, _SAVER_LOOK, _SIM_OUT, _VPN, _VPN_LOOK, _WIFI_CALLING, _WIFI_LOOK, _matches, _tools)

_AIR_VPN_DATA = "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off"
_THREE = "[mobile_data_issue]bad_vpn|data_saver_mode_on|user_abroad_roaming_disabled_off"
_CALLING_LOOK = "check_wifi_calling|check_status_bar"
_ROAM_AND_DATA = "[mobile_data_issue]data_mode_off|user_abroad_roaming_disabled_on"

# a state the setting should end up in, said of the setting
DESIRED_STATES = [
    ("telecom", _AIRPLANE, "", "First of all, airplane mode has to come off.", ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "Mobile data needs to go back on before anything else will work.",
     ["turn_on_mobile_data"]),
    ("telecom", _SAVER, "", "Data Saver should go off for the rest of this test.", ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "", "While you're abroad, data roaming wants to be on.", ["turn_on_data_roaming"]),
    ("telecom", _VPN, "", "The VPN ought to be disconnected while we run this.", ["disconnect_vpn"]),
    pytest.param("telecom", _WIFI_CALLING, "", "For picture messages to go out, Wi-Fi Calling has to be switched off.",
                 ["turn_off_wifi_calling"],
                 marks=pytest.mark.xfail(strict=True, reason="what the state is for, said beside it, reads as an "
                                                              "explanation (pinned in round 3: 'Mobile data needs to "
                                                              "be on for this to work' asks nothing)")),
    ("telecom", _AIRPLANE, "", "Airplane mode needs to be off, so please sort that first.",
     ["turn_off_airplane_mode"]),
    pytest.param("mock", "wifi_off", "", "Your Wi-Fi needs to come back on for the device to go online.",
                 ["turn_on_wifi"],
                 marks=pytest.mark.xfail(strict=True, reason="what the state is for, said beside it, reads as an "
                                                              "explanation (pinned in round 3: 'Mobile data needs to "
                                                              "be on for this to work' asks nothing)")),
    ("telecom", _DATA, "", "Mobile data should be turned on, ideally right now.", ["turn_on_mobile_data"]),
    ("telecom", _AIRPLANE, "", "Airplane mode came off by itself after the restart, so the bars should be back.",
     []),
    ("telecom", _DATA, "", "Mobile data was switched off at some point, which is why nothing loads.", []),
    ("telecom", _SAVER, "", "Data Saver tends to come on by itself when the battery gets low.", []),
]

# terse items after a lead, each a setting and the state it should be in
TERSE_ITEMS = [
    ("telecom", _AIR_VPN_DATA, "",
     "Airplane mode goes first: switch it off. After that: mobile data on, and the VPN disconnected.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _THREE, "", "What I need from you: VPN off, Data Saver off, roaming on.",
     ["disconnect_vpn", "turn_off_data_saver", "turn_on_data_roaming"]),
    ("telecom", _AIR_VPN_DATA, "", "Then, in this order: airplane mode off, mobile data on, VPN disconnected.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    pytest.param("telecom", _THREE, "", "Once the VPN is disconnected, the rest is: Data Saver off and data roaming on.",
                 ["disconnect_vpn", "turn_off_data_saver", "turn_on_data_roaming"],
                 marks=pytest.mark.xfail(strict=True, reason="a state set up first, then two terse steps joined by "
                                                              "'and' in one clause: the terse reading takes a sentence "
                                                              "of terse clauses only")),
    ("telecom", _ROAM_AND_DATA, "",
     "Two switches on your side. Next: mobile data on, then data roaming on.",
     ["turn_on_mobile_data", "turn_on_data_roaming"]),
    ("telecom", _THREE, "", "On our side: roaming on, the account is fine and the plan has data left.", []),
]

# a terse question about a setting's state is a look; a step on it after "if so" is the step
STATE_QUESTIONS = [
    ("telecom", _SAVER, "", "data saver on? if so, kill it", [_SAVER_LOOK, "turn_off_data_saver"]),
    ("telecom", _VPN, "", "VPN still connected? if yes, drop it", [_VPN_LOOK, "disconnect_vpn"]),
    ("telecom", _AIRPLANE, "", "airplane mode on by any chance? If it is, turn it off.",
     [_AIR_LOOK, "turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "Mobile data off? If so, flip it on.", [_DATA_LOOK, "turn_on_mobile_data"]),
    ("telecom", _ABROAD, "", "roaming enabled on the handset? if not, switch it on",
     [_ROAM_LOOK, "turn_on_data_roaming"]),
    ("telecom", _WIFI_CALLING, "", "wifi calling on? if yes, shut it off",
     [_CALLING_LOOK, "turn_off_wifi_calling"]),
    ("telecom", _SAVER, "", "Data Saver on? That would explain the slow speeds.", [_SAVER_LOOK]),
    ("telecom", _SAVER, "", "Data Saver on since Tuesday, you said - that explains the slow speeds.", []),
]

# a question the user answers with a tool of their own, the tool named as the means
MEANS = [
    ("telecom", _NETPREF, "",
     "How fast is it now? A speed test on the phone will tell us - the download number is what I'm after.",
     ["run_speed_test"]),
    ("telecom", _DATA, "", "Is the connection any quicker? The easiest way to find out is a speed test.",
     ["run_speed_test"]),
    ("telecom", _MMS, "", "Does MMS work now? Sending a picture to a friend is the quickest way to know.",
     ["can_send_mms"]),
    ("telecom", _AIRPLANE, "", "Have you got signal back? The bars at the top of your screen will show it.",
     [_BAR_OR_NET]),
    ("telecom", _NETPREF, "", "What speeds are you getting? Running a quick speed test will give us the figure.",
     ["run_speed_test"]),
    ("telecom", _MMS, "", "Can you send pictures again? A test MMS to any contact would settle it.",
     ["can_send_mms"]),
    ("telecom", _NETPREF, "", "The speed test I ran from our side shows the line itself is healthy.", []),
    ("telecom", _NETPREF, "", "A speed test measures the download and upload rates your phone gets.", []),
    ("telecom", _DATA, "", "Your last speed test came back at 2 Mbps, which is far too low.", []),
]

# "it" in a question about the thing the sentence before is about
ANTECEDENTS = [
    ("telecom", _WIFI_CALLING, "",
     "Wi-Fi calling can hijack picture messages and try to send them over Wi-Fi. Is it switched on on your phone",
     [_CALLING_LOOK]),
    ("telecom", _SAVER, "", "Data Saver limits background traffic over the mobile network. Is it on right now?",
     [_SAVER_LOOK]),
    ("telecom", _VPN, "", "A VPN routes everything through a server far away from Wi-Fi hotspots. Is it active on your "
                          "phone?", [_VPN_LOOK]),
    ("telecom", _ABROAD, "", "Data roaming lets the phone use partner networks abroad instead of Wi-Fi. Is it on?",
     [_ROAM_LOOK]),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling sends your calls over Wi-Fi. Could you turn it off?",
     ["turn_off_wifi_calling"]),
    ("telecom", _SAVER, "", "Data Saver keeps apps from using mobile data in the background. That's all it does.", []),
]

# a condition on what the screen shows is a look, then the step
SCREEN_CONDITIONS = [
    ("telecom", _AIRPLANE, "",
     "If that little plane is showing, that's our culprit. Swipe down from the top and tap it so it goes grey.",
     ["check_status_bar|check_network_status", "turn_off_airplane_mode"]),
    ("telecom", _VPN, "", "If the key symbol is up there by the clock, that's the VPN: disconnect it.",
     [_VPN_LOOK, "disconnect_vpn"]),
    ("telecom", _AIRPLANE, "", "If you see the plane icon up top, that's what's blocking you - switch it off.",
     [_AIR_LOOK, "turn_off_airplane_mode"]),
    ("telecom", _AIRPLANE, "", "If the plane icon was showing earlier, that was the cause of the outage.", []),
]

# "either one" of two permissions: each is the step
EITHER_ONE = [
    ("telecom", _BOTH_PERMS, "",
     "Open Settings > Apps > Messages > Permissions and check whether SMS and Storage are both allowed. If either one "
     "is denied, tap it and change it to Allow.",
     ["check_app_permissions", "grant_sms_permission", "grant_storage_permission"]),
    ("telecom", _BOTH_PERMS, "",
     "Please allow both SMS and Storage for the Messages app.",
     ["grant_sms_permission", "grant_storage_permission"]),
    ("telecom", _BOTH_PERMS, "",
     "The Messages app needs both the SMS and the Storage permissions to send pictures.", []),
]

# ways an LLM agent words a step that the earlier rounds may not hold
OTHER_WORDINGS = [
    ("telecom", _SIM_OUT, "", "Could you give the SIM a reseat for me?", ["reseat_sim_card"]),
    ("telecom", _BILL, "", "Give the phone a quick restart and we'll see where we are.", ["reboot_device"]),
    ("telecom", _AIRPLANE, "", "Let's get airplane mode off first.", ["turn_off_airplane_mode"]),
    ("telecom", _VPN, "", "Mind disconnecting the VPN for a moment?", ["disconnect_vpn"]),
    ("telecom", _DATA, "", "The next move is yours: mobile data needs switching on.", ["turn_on_mobile_data"]),
    ("telecom", _NETPREF, "", "Do me a favour and run one more speed test.", ["run_speed_test"]),
    ("telecom", _SAVER, "", "Your homework is simple: Data Saver off.", ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "", "Can we get data roaming switched on on your handset?", ["turn_on_data_roaming"]),
    ("mock", "wifi_off", "", "Let's get your Wi-Fi back on - can you switch it on from the device?", ["turn_on_wifi"]),
    ("mock", "router_off", "", "Give the router a power cycle and tell me when it's back.", ["restart_router"]),
    ("telecom", _MMS, "", "I'd love for you to try one more picture message.", ["can_send_mms"]),
    ("telecom", _SIM_OUT, "", "What does your phone say about the SIM right now?", ["check_sim_status"]),
]

# hard negatives: what the agent did, what a setting does, states reported, facts about the line
NEGATIVES = [
    ("telecom", _AIRPLANE, "", "Airplane mode cuts every radio on the phone, which is why calls weren't coming in.",
     []),
    ("telecom", _DATA, "", "I've checked the line: mobile data is enabled on our side and the plan has 3 GB left.", []),
    ("telecom", _VPN, "", "VPN connections often slow things down because the traffic goes the long way round.", []),
    ("telecom", _SAVER, "", "Thanks - with Data Saver now off, your apps can refresh in the background again.", []),
    ("telecom", _ABROAD, "", "I've enabled roaming on your line; it can take a few minutes to reach the phone.", []),
    ("telecom", _BILL, "", "The restart you did earlier was the right call; it just couldn't help while the line was "
                           "suspended.", []),
    ("telecom", _NETPREF, "", "Which phone number is the line with the slow data registered under?", []),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling on, Wi-Fi connected - that matches what you told me.", []),
    ("telecom", _SIM_OUT, "", "A SIM that has slipped out of place usually shows as No SIM in the status bar.", []),
    ("mock", "wifi_off", "", "Your device showed offline because Wi-Fi had been switched off.", []),
    ("telecom", _MMS, "", "The Messages app needs the SMS permission to send and receive any message.", []),
    ("telecom", _AIRPLANE, "", "Airplane mode off and signal back: great, that's exactly what we wanted.", []),
]


# a second batch, written after the first was fixed, before running it: a look and the report of it in one sentence
# (one screen), the noun "change" or "switch" beside the network, formal and chatty steps, and negatives
SECOND_BATCH = [
    ("telecom", _BILL, "",
     "Please look at the top of your screen and let me know whether the signal bars are back.", [_BAR_OR_NET]),
    ("telecom", _AIRPLANE, "",
     "Glance at the status bar and tell me if you can still see the plane icon.", [_AIR_LOOK]),
    ("telecom", _BILL, "",
     "For the update to reach your handset, please restart it.", ["reboot_device"]),
    ("telecom", _NETPREF, "",
     "The switch to 4G/5G should make a big difference to your speeds.", []),
    ("telecom", _NETPREF, "",
     "After the change to the network mode, the phone may take a minute to reconnect.", []),
    ("telecom", _NETPREF, "",
     "Kindly change the preferred network type to 4G/5G and confirm once done.", ["set_network_mode_4g_5g"]),
    ("telecom", _VPN, "",
     "The VPN has to come off for this test, so please disconnect it.", ["disconnect_vpn"]),
    ("telecom", _SAVER, "",
     "Data Saver needs to stay off while we test.", ["turn_off_data_saver"]),
    ("telecom", _DATA, "",
     "mobile data off? if so, turn it back on", [_DATA_LOOK, "turn_on_mobile_data"]),
    ("telecom", _VPN, "",
     "vpn on? if not, we can skip that step", [_VPN_LOOK]),
    ("telecom", _AIRPLANE, "",
     "Is your signal back? The bars next to the battery will tell you.", [_BAR_OR_NET]),
    ("telecom", _MMS, "",
     "Is MMS fixed? A picture message to yourself will show us.", ["can_send_mms"]),
    ("telecom", _DATA, "",
     "Mobile data has to be on for the speed test to mean anything, and from what you said it is.", []),
    ("telecom", _SAVER, "",
     "Data Saver should be off now that you've toggled it.", []),
    ("telecom", _ABROAD, "",
     "Roaming on the line should be active within five minutes of my change.", []),
    ("telecom", _WIFI_CALLING, "",
     "Wi-Fi Calling routes your calls through the router. If it's on, please switch it off.",
     [_CALLING_LOOK, "turn_off_wifi_calling"]),
    ("telecom", _SAVER, "",
     "Data Saver restricts background data and can block picture downloads. Could you check whether it's on?",
     [_SAVER_LOOK]),
    ("mock", "wifi_off", "",
     "If the little Wi-Fi symbol is greyed out, that's the problem. Tap it to switch Wi-Fi on.",
     ["check_connection", "turn_on_wifi"]),
    ("telecom", _AIR_VPN_DATA, "",
     "Remaining on your list: mobile data on, VPN disconnected.", ["turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _AIR_VPN_DATA, "",
     "Current state on your phone: airplane mode off, mobile data on, VPN disconnected.", []),
]


# a third batch, on steps set as bulleted items (the held-out figures by style read these worst), written before
# running them: headers that ask or only announce, items as imperatives, as "thing: state", with arrows and bold,
# with a look among them; and a status block that only reports
BULLETED_STEPS = [
    ("telecom", _AIR_VPN_DATA, "",
     "Here's the plan:\n- Turn airplane mode off\n- Switch mobile data on\n- Disconnect the VPN",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _AIR_VPN_DATA, "",
     "A few quick fixes on your phone:\n\n- **Airplane mode** → off\n- **Mobile data** → on\n- **VPN** → disconnect",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _THREE, "",
     "Next steps for you:\n* VPN: disconnect it\n* Data Saver: turn it off\n* Data roaming: switch it on",
     ["disconnect_vpn", "turn_off_data_saver", "turn_on_data_roaming"]),
    ("telecom", _SIM_OUT, "",
     "When you have a minute:\n- power the phone off\n- take the SIM out and put it back in firmly\n- power it on "
     "again\n- tell me what the status bar shows",
     ["reseat_sim_card", "reboot_device", "check_status_bar"]),
    ("telecom", _MMS, "",
     "To get picture messages working:\n- Open Settings > Apps > Messages > Permissions\n- Allow SMS\n- Then send a "
     "test MMS", ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _DATA, "",
     "Two things I'd like you to check:\n- whether mobile data is on\n- what the signal indicator shows",
     [_DATA_LOOK, _BAR_OR_NET]),
    ("telecom", _ABROAD, "",
     "Before we go further:\n- make sure Data Roaming is on\n- restart the phone",
     ["turn_on_data_roaming", "reboot_device"]),
    ("mock", "router_off", "",
     "Let's do this:\n- Unplug the router for 30 seconds and plug it back in\n- Check the connection on your device",
     ["restart_router", "check_connection"]),
    ("telecom", _NETPREF, "",
     "What to do:\n- Go to Settings > Mobile network > Network mode\n- Pick 4G/5G\n- Run a speed test",
     ["set_network_mode_4g_5g", "run_speed_test"]),
    ("telecom", _SAVER, "",
     "Quick checklist:\n- Data Saver off\n- Speed test again",
     ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _AIR_VPN_DATA, "",
     "Here's what I can see on the line:\n- Status: active\n- Roaming: enabled\n- Data remaining: 3 GB", []),
    ("telecom", _AIR_VPN_DATA, "",
     "What those icons mean:\n- the plane: airplane mode is on\n- the key: a VPN is connected", []),
]


# a fourth batch, on the held-out figures' other weak styles, written before running them: a step on what the
# agent's previous message named, an indirect ask, a setting described, a terse step
PREVIOUS_AND_INDIRECT = [
    ("telecom", _SAVER, "From your screenshot, Data Saver is switched on.",
     "That one needs to go off - can you flip it?", ["turn_off_data_saver"]),
    ("telecom", _VPN, "Your status bar shows a small key icon, which means a VPN is connected.",
     "Let's get rid of that for now.", ["disconnect_vpn"]),
    ("telecom", _ABROAD, "Your line has roaming enabled on our side now.",
     "The last piece is the Data Roaming switch on your phone; it has to be on as well.", ["turn_on_data_roaming"]),
    ("telecom", _AIRPLANE, "Airplane mode is still on, going by what you described.",
     "Once you've turned it off, what do the bars look like?", ["turn_off_airplane_mode", _BAR_OR_NET]),
    pytest.param("telecom", _MMS, "The Messages app is missing the SMS permission.",
                 "Granting it should sort picture messages out - it's under App info > Permissions.",
                 ["grant_sms_permission"],
                 marks=pytest.mark.xfail(strict=True, reason="a step as the subject of what it will do ('Granting it "
                                                              "should sort …') reads as a prediction")),
    ("telecom", _DATA, "",
     "What I'd suggest is flipping mobile data back on and then trying a page.",
     ["turn_on_mobile_data"]),  # (telecom has no tool that loads a page)
    ("telecom", _NETPREF, "",
     "It would be worth setting the network mode to 4G/5G preferred.", ["set_network_mode_4g_5g"]),
    ("telecom", _SIM_OUT, "",
     "The fix here is usually as simple as taking the SIM out and seating it again.", ["reseat_sim_card"]),
    pytest.param("telecom", _WIFI_CALLING, "",
                 "The calling-over-Wi-Fi feature is the likely culprit; please disable it.", ["turn_off_wifi_calling"],
                 marks=pytest.mark.xfail(strict=True, reason="'calling-over-Wi-Fi feature' is no name of Wi-Fi "
                                                              "Calling in the lexicon, so 'it' has no setting to "
                                                              "disable and nothing is read")),
    ("telecom", _SAVER, "",
     "The setting that limits background data - Data Saver - should be switched off.", ["turn_off_data_saver"]),
    ("telecom", _AIRPLANE, "The plane icon means airplane mode is on.",
     "Tap it once to switch it off.", ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "Mobile data is off on your phone, which is why nothing loads.",
     "Mobile data is the setting your phone uses to reach the internet without Wi-Fi.", []),
]


# every batch above, each read as the user would
@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"),
                         [*DESIRED_STATES, *TERSE_ITEMS, *STATE_QUESTIONS, *MEANS, *ANTECEDENTS, *SCREEN_CONDITIONS,
                          *EITHER_ONE, *OTHER_WORDINGS, *NEGATIVES, *SECOND_BATCH, *BULLETED_STEPS,
                          *PREVIOUS_AND_INDIRECT])
def test_user_tools_round7(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got
