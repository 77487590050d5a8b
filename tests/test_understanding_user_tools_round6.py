"""Requests to operate the user's own tools, round 6: probes written before reading how the rules take them, of the
kinds the third blind set's dev half missed. An icon or indicator on the screen described instead of a screen named
("what does the network icon in the corner show?"); a step inside a message that also asks the agent's own
approval; a step left to the user after the agent's side is done ("now you just need to make sure …"); a condition
on what the screen shows ("if there's a plane icon by the clock, …": a look, then the step); several steps after a
colon, in the order said; a purpose after the step that uses a screen's words ("so it can find the network again").
Hard negatives: what a setting or an icon does, what the agent did, and facts asked about the line ("the phone
number of the line that's affected") that no screen shows."""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import (
    _ABROAD, _AIR_LOOK, _AIRPLANE, _APN, _BAR_OR_NET, _BILL, _DATA, _NETPREF, _SAVER, _SIM_OUT, _VPN, _VPN_LOOK,
    _WIFI_CALLING, _matches, _tools)

_THREE = "[mobile_data_issue]bad_vpn|data_saver_mode_on|user_abroad_roaming_disabled_off"
_ROAM_AND_DATA = "[mobile_data_issue]data_mode_off|user_abroad_roaming_disabled_on"
_AIR_VPN_DATA = "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off"
_DATA_SHOWN = "check_status_bar|check_network_status|check_mobile_data_settings"

# (domain, task, the agent's previous message, the message, the tools in order)
INDICATORS = [
    ("mock", "wifi_off", "", "What is the Wi-Fi symbol at the top of your screen showing at the moment?",
     ["check_connection"]),
    ("mock", "wifi_off", "", "Can you glance at the connection icon on your device and tell me what it shows?",
     ["check_connection"]),
    ("mock", "wifi_off", "", "What's the little network indicator on your device saying right now?",
     ["check_connection"]),
    ("mock", "wifi_off", "", "Could you describe what the network symbol in the corner of your device looks like?",
     ["check_connection"]),
    ("mock", "router_off", "", "Is the connection indicator on your device showing anything unusual?",
     ["check_connection"]),
    ("mock", "router_off", "", "What colour is the connection light on your device right now?", ["check_connection"]),
    ("telecom", _AIRPLANE, "", "What does the icon next to the clock at the top of your screen look like?",
     [_AIR_LOOK]),
    ("telecom", _DATA, "", "Could you tell me what the signal indicator on your phone is showing right now?",
     [_BAR_OR_NET]),
    ("telecom", _VPN, "", "What do the icons in the top corner of your phone show at the moment?", [_VPN_LOOK]),
    ("telecom", _SIM_OUT, "", "Could you read me what the indicator at the top of your phone says?", [_BAR_OR_NET]),
    ("telecom", _AIRPLANE, "", "Is there a little aeroplane symbol showing beside your battery?", [_AIR_LOOK]),
    ("telecom", _DATA, "", "What letters appear next to your signal bars right now - 4G, LTE, or nothing?",
     [_BAR_OR_NET]),
    ("telecom", _AIRPLANE, "", "Is the signal indicator at the top of your phone empty, or does it show bars?",
     [_BAR_OR_NET]),
]

# a step the user is asked beside an approval of the agent's own action (and that action alone: no step)
BESIDE_AN_APPROVAL = [
    ("telecom", _ROAM_AND_DATA, "", "I can add a roaming pass to your line; meanwhile, please make sure Mobile data is "
                                    "enabled on your phone. Would you like me to add the pass?",
     ["turn_on_mobile_data"]),
    ("telecom", _ABROAD, "", "Please switch on Data Roaming in your phone's settings. Do you want me to also add the "
                             "travel pass to your account?", ["turn_on_data_roaming"]),
    ("telecom", _AIRPLANE, "", "In the meantime, please turn airplane mode off on your phone. Would you like me to "
                               "refresh your line's registration as well?", ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "Please make sure Mobile data is on. Shall I go ahead and reset your network registration?",
     ["turn_on_mobile_data"]),
    ("telecom", _SAVER, "", "Could you switch Data Saver off? And shall I add 2 GB to your line while you do that?",
     ["turn_off_data_saver"]),
    ("telecom", _NETPREF, "", "Please set your network mode to 4G/5G preferred. Would it be okay if I also refreshed "
                              "your line on our side?", ["set_network_mode_4g_5g"]),
    ("mock", "wifi_off", "", "Please switch Wi-Fi on on your device. Shall I also upgrade your plan?",
     ["turn_on_wifi"]),
    ("telecom", _VPN, "", "Please disconnect the VPN on your phone. Should I also open a ticket with our network team?",
     ["disconnect_vpn"]),
    ("telecom", _DATA, "", "Shall I turn on mobile data for your line from our side?", []),
    ("telecom", _ABROAD, "", "I can enable roaming on your account right now. Shall I go ahead?", []),
    ("telecom", _DATA, "", "Would you like me to walk you through turning mobile data on?", []),
]

# the agent's side is done; one step is left to the user
LEFT_TO_YOU = [
    ("telecom", _ABROAD, "", "Roaming is already active on your account, so all that's left is for you to make sure "
                             "Data Roaming is on in your phone's settings.", ["turn_on_data_roaming"]),
    ("telecom", _DATA, "", "Everything looks fine on our side, so you'll just need to make sure mobile data is "
                           "switched on in your phone's settings.", ["turn_on_mobile_data"]),
    ("telecom", _SAVER, "", "Your plan is fine; now you only need to make sure Data Saver is turned off on the phone.",
     ["turn_off_data_saver"]),
    ("telecom", _WIFI_CALLING, "", "From here on you just have to make sure Wi-Fi Calling is switched off in your call "
                                   "settings.", ["turn_off_wifi_calling"]),
    ("telecom", _AIRPLANE, "", "Your line is active, so now you simply need to make sure airplane mode is off.",
     ["turn_off_airplane_mode"]),
    ("mock", "wifi_off", "", "Your account is in good standing, so now you just need to make sure Wi-Fi is switched "
                             "on on your device.", ["turn_on_wifi"]),
    ("telecom", _ABROAD, "", "now all you need to do is make sure data roaming is enabled on your handset",
     ["turn_on_data_roaming"]),
    ("telecom", _ABROAD, "", "Roaming is already enabled on your line from our side, and your phone's roaming switch is "
                             "on too.", []),
    ("telecom", _ABROAD, "", "Data roaming has been switched on in our system, so your phone should connect shortly.",
     []),
]

# a condition on what the screen shows is a look at it, then the step
SCREEN_CONDITIONS = [
    ("telecom", _AIRPLANE, "", "If you can see a small plane near the top of the screen, turn airplane mode off.",
     [_AIR_LOOK, "turn_off_airplane_mode"]),
    ("telecom", _VPN, "", "If a key icon is showing next to the clock, disconnect the VPN.",
     [_VPN_LOOK, "disconnect_vpn"]),
    ("telecom", _DATA, "", "If there are no LTE or 4G letters beside your signal bars, switch mobile data on.",
     [_DATA_SHOWN, "turn_on_mobile_data"]),
    ("telecom", _SAVER, "", "If you notice the Data Saver icon in your status bar, please turn Data Saver off.",
     [_DATA_SHOWN, "turn_off_data_saver"]),
    ("telecom", _AIRPLANE, "", "Should the aeroplane symbol be lit in your quick settings, tap it to switch airplane "
                               "mode off.", [_AIR_LOOK, "turn_off_airplane_mode"]),
    ("mock", "wifi_off", "", "If the Wi-Fi icon on your device is greyed out, switch Wi-Fi on.",
     ["check_connection", "turn_on_wifi"]),
    ("telecom", _SIM_OUT, "", "If your status bar says 'No SIM', reseat the SIM card.",
     ["check_status_bar|check_sim_status", "reseat_sim_card"]),
    ("telecom", _WIFI_CALLING, "", "In case there's a Wi-Fi calling symbol by the clock, turn Wi-Fi Calling off.",
     ["check_status_bar|check_wifi_calling", "turn_off_wifi_calling"]),
    ("telecom", _AIRPLANE, "", "If airplane mode was on, that would explain the missing signal.", []),
    ("telecom", _VPN, "", "If a VPN is running, your speeds can drop quite a bit.", []),
]

# several steps after a colon, in the order said
LISTED = [
    ("telecom", _THREE, "", "On your phone, please: turn on Data roaming, switch off Data Saver, and disconnect the VPN.",
     ["turn_on_data_roaming", "turn_off_data_saver", "disconnect_vpn"]),
    ("telecom", _THREE, "", "Three quick things on the phone: disconnect the VPN, turn Data Saver off, and enable data "
                            "roaming.", ["disconnect_vpn", "turn_off_data_saver", "turn_on_data_roaming"]),
    ("telecom", _THREE, "", "Here's what to do: kill the VPN, turn Data roaming on, then switch off Data Saver.",
     ["disconnect_vpn", "turn_on_data_roaming", "turn_off_data_saver"]),
    ("telecom", _THREE, "", "Please do these in order: Data Saver off, roaming on, VPN disconnected.",
     ["turn_off_data_saver", "turn_on_data_roaming", "disconnect_vpn"]),
    ("telecom", _THREE, "", "Please: enable roaming, shut off Data Saver, and drop the VPN.",
     ["turn_on_data_roaming", "turn_off_data_saver", "disconnect_vpn"]),
    ("telecom", _THREE, "", "Next, on the handset: close the VPN connection and then switch Data Saver off.",
     ["disconnect_vpn", "turn_off_data_saver"]),
    ("telecom", _AIR_VPN_DATA, "", "Please: turn airplane mode off, turn mobile data on, and disconnect your VPN.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _THREE, "", "Roaming is on at our end. On the phone itself, please: switch off the VPN, turn Data Saver "
                            "off and make sure data roaming is on.",
     ["disconnect_vpn", "turn_off_data_saver", "turn_on_data_roaming"]),
    ("telecom", _THREE, "", "Roaming is now active for your line. On the phone, please: switch Data roaming on, kill the "
                            "VPN, and turn off Data Saver.",
     ["turn_on_data_roaming", "disconnect_vpn", "turn_off_data_saver"]),
]

# a purpose or result after the step uses a screen's words: no look
PURPOSES = [
    ("telecom", _BILL, "", "Please restart your phone so that it can pick up the network again.", ["reboot_device"]),
    ("telecom", _SIM_OUT, "", "Please reseat your SIM so your phone can detect it and register on the network.",
     ["reseat_sim_card"]),
    ("telecom", _AIRPLANE, "", "Please switch airplane mode off so the phone can search for a signal.",
     ["turn_off_airplane_mode"]),
    ("telecom", _BILL, "", "Please reboot now so it can find the network, and once it's back, tell me what your status "
                           "bar shows.", ["reboot_device", "check_status_bar"]),
    ("telecom", _APN, "", "Please reset the APN settings so your phone can reconnect to mobile data.",
     ["reset_apn_settings"]),
    ("telecom", _DATA, "", "Please turn on mobile data so that your phone can load web pages away from Wi-Fi.",
     ["turn_on_mobile_data"]),
    ("mock", "router_off", "", "Please restart the router so your device can find the network again.",
     ["restart_router"]),
    ("telecom", _BILL, "", "Restart the phone so it can re-register, then check whether you have signal bars.",
     ["reboot_device", _BAR_OR_NET]),
]

# facts asked about the line: nothing on the phone's screens
LINE_FACTS = [
    ("telecom", _AIRPLANE, "", "Could you tell me the phone number of the affected line?", []),
    ("telecom", _SIM_OUT, "", "What's the number of the phone that has no service?", []),
    ("telecom", _DATA, "", "Can you give me the mobile number that isn't getting data?", []),
    ("telecom", _BILL, "", "Which phone number is the suspended line?", []),
    ("telecom", _AIRPLANE, "", "Could you let me know the number on the account so I can look at the network status "
                               "on our side?", []),
    ("telecom", _NETPREF, "", "What's your customer ID, and which line is having trouble?", []),
    ("mock", "router_off", "", "Could you tell me the account ID for the connection that's down?", []),
    ("telecom", _SIM_OUT, "", "Could you tell me the name on the account for the line that shows no service?", []),
    ("telecom", _ABROAD, "", "Which country are you travelling in at the moment?", []),
    ("telecom", _DATA, "", "Is the line that isn't getting data the one ending in 0163?", []),
]

# what a setting or an icon does, what the agent did
NEGATIVES = [
    ("telecom", _ABROAD, "", "Data roaming lets your phone connect to partner networks when you're outside the country.",
     []),
    ("telecom", _SAVER, "", "Data Saver limits background data, which is why some apps seemed slow.", []),
    ("telecom", _AIRPLANE, "", "I've checked the network status for your area and there are no outages.", []),
    ("telecom", _AIRPLANE, "", "The plane icon in your status bar means airplane mode is on.", []),
    ("mock", "wifi_off", "", "The network icon in the corner shows whether your device is connected.", []),
    ("telecom", _VPN, "", "I've reset your line's data session from our end.", []),
    ("telecom", _DATA, "", "The icon next to your signal shows which network type you're on.", []),
    ("telecom", _BILL, "", "Your line was restored a moment ago, and the network should see your phone shortly.", []),
    ("telecom", _APN, "", "Resetting the APN puts back the access point names that our network expects.", []),
    ("telecom", _WIFI_CALLING, "", "I turned off Wi-Fi Calling provisioning on your account, so that's handled.", []),
    ("telecom", _SIM_OUT, "", "The SIM status screen shows whether the card is detected.", []),
    ("telecom", _DATA, "", "Once mobile data is on, you'll see 4G or LTE next to your bars.", []),
]


def _cases(*groups: list[object]) -> list[object]:
    return [case for group in groups for case in group]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"),
                         _cases(INDICATORS, BESIDE_AN_APPROVAL, LEFT_TO_YOU, SCREEN_CONDITIONS, LISTED, PURPOSES,
                                LINE_FACTS, NEGATIVES))
def test_user_tools_round6(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got
