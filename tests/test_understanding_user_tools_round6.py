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
    _ABROAD, _AIR_LOOK, _AIRPLANE, _APN, _BAR_OR_NET, _BILL, _BOTH_PERMS, _DATA, _MMS, _NETPREF, _SAVER, _SIM_OUT,
    _VPN, _VPN_LOOK, _WIFI_CALLING, _matches, _tools)

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


# a second batch, blind, on the styles the held-out aggregates still read worst: steps as bulleted items under a
# header that asks (or none), a step on "it" or "that" after the agent's previous message, a setting described,
# an indirect ask, a terse step; and questions about the problem that name the phone's things
BULLETED = [
    ("telecom", _AIRPLANE, "", "Let's try this:\n\n- Swipe down from the top of the screen\n- Tap the airplane icon so "
                               "it's no longer highlighted\n- Wait about 20 seconds", ["turn_off_airplane_mode"]),
    ("telecom", _THREE, "", "A few things on your phone, please:\n\n* Turn **Data roaming** on\n* Turn **Data Saver** "
                            "off\n* Disconnect the **VPN**",
     ["turn_on_data_roaming", "turn_off_data_saver", "disconnect_vpn"]),
    ("telecom", _DATA, "", "Here's what I'd like you to do:\n\n- Go to Settings > Network & internet\n- Switch on "
                           "**Mobile data**\n- Then run a speed test", ["turn_on_mobile_data", "run_speed_test"]),
    ("telecom", _SIM_OUT, "", "Could you try the following?\n\n• Power the phone off\n• Take the SIM out and put it back "
                              "in\n• Power it back on", ["reseat_sim_card", "reboot_device"]),
    ("telecom", _MMS, "", "To fix picture messages:\n\n- Open Settings > Apps > Messages > Permissions\n- Set **SMS** to "
                          "Allow\n- Try sending the MMS again", ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _VPN, "", "Next steps:\n- disconnect the VPN\n- run a fresh speed test\n- tell me the download speed",
     ["disconnect_vpn", "run_speed_test"]),
    ("mock", "router_off", "", "Please do these two things:\n\n- Unplug the router, wait 30 seconds and plug it back "
                               "in\n- Check whether your device shows as online", ["restart_router", "check_connection"]),
    ("telecom", _APN, "", "When you have a moment:\n\n* Reset your APN settings to default\n* Restart the phone",
     ["reset_apn_settings", "reboot_device"]),
    ("telecom", _WIFI_CALLING, "", "Things to check on your side:\n- Is **Wi-Fi Calling** on or off?\n- What does your "
                                   "status bar show?", ["check_wifi_calling", "check_status_bar"]),
    ("telecom", _AIRPLANE, "", "Here's what I found on our side:\n\n- Your line is active\n- There's no outage in your "
                               "area\n- Your plan includes unlimited data", []),
]

AFTER_PREVIOUS = [
    ("telecom", _SAVER, "Data Saver is turned on, which limits background data.", "Please turn that off.",
     ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "Your phone's roaming switch is off, so it won't use networks abroad.",
     "Could you switch it on for me?", ["turn_on_data_roaming"]),
    ("telecom", _VPN, "Your status bar shows a key icon, which means a VPN is running.",
     "Please disconnect from it and run the speed test again.", ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _NETPREF, "Your network mode is set to 3G only.", "Let's change it to 4G/5G preferred.",
     ["set_network_mode_4g_5g"]),
    ("telecom", _AIRPLANE, "Airplane mode looks to be on.", "Turn it off, then tell me how many bars you have.",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    ("telecom", _MMS, "The Messages app doesn't have the SMS permission.", "Could you grant that?",
     ["grant_sms_permission"]),
    ("mock", "wifi_off", "Your device's Wi-Fi switch is off.", "Please turn it on and check the indicator again.",
     ["turn_on_wifi", "check_connection"]),
    ("telecom", _SIM_OUT, "Your phone reports that no SIM card is detected.", "Please reseat it and restart the phone.",
     ["reseat_sim_card", "reboot_device"]),
    ("telecom", _DATA, "Mobile data is switched off on your phone.", "That's why nothing loads - I've noted it on your "
                                                                     "account.", []),
    ("telecom", _SAVER, "Please turn Data Saver off.", "Thanks for doing that - I can see your usage has picked up.",
     []),
]

DESCRIBED_AND_INDIRECT = [
    ("telecom", _AIRPLANE, "", "Please turn off the mode that stops your phone from connecting to any network.",
     ["turn_off_airplane_mode"]),
    pytest.param("telecom", _DATA, "", "Please switch on the setting that lets your phone use the internet without "
                                       "Wi-Fi.", ["turn_on_mobile_data"],
                 marks=pytest.mark.xfail(strict=True, reason="mobile data described by what it does shares no word "
                                                             "with its tool's description, and 'Wi-Fi' points to the "
                                                             "Wi-Fi tools")),
    ("telecom", _SIM_OUT, "", "I'll need you to pop the little card out of its slot and push it back in.",
     ["reseat_sim_card"]),
    pytest.param("telecom", _VPN, "", "It would be best if you turned off the private network app for now.",
                 ["disconnect_vpn"],
                 marks=pytest.mark.xfail(strict=True, reason="'the private network app' is no name of the VPN (only "
                                                             "'virtual private network' is)")),
    ("telecom", _AIRPLANE, "", "It would be best if you restarted your phone now.", ["reboot_device"]),
    ("telecom", _DATA, "", "My next request is that you check how fast your connection is with a speed test.",
     ["run_speed_test"]),
    ("telecom", _AIRPLANE, "", "The best next move would be a quick restart of your phone.", ["reboot_device"]),
    ("mock", "router_off", "", "What I'd ask is that you give the router a restart.", ["restart_router"]),
    ("telecom", _SAVER, "", "Data Saver needs to be off for this test, so please take care of that.",
     ["turn_off_data_saver"]),
]

TERSE_MORE = [
    ("telecom", _DATA, "", "Mobile data: on. Then a speed test, please.", ["turn_on_mobile_data", "run_speed_test"]),
    ("telecom", _AIRPLANE, "", "Quick restart, please.", ["reboot_device"]),
    ("telecom", _VPN, "", "VPN - disconnect it.", ["disconnect_vpn"]),
    ("mock", "wifi_off", "", "Wi-Fi on, please.", ["turn_on_wifi"]),
]

PROBLEM_QUESTIONS = [
    ("telecom", _DATA, "", "What seems to be the problem with your mobile data?", []),
    ("telecom", _AIRPLANE, "", "Can you describe what's going on with your phone's signal?", []),
    ("telecom", _MMS, "", "What happens when you try to send a picture message?", []),
    ("mock", "wifi_off", "", "How can I help with your internet connection today?", []),
    ("telecom", _VPN, "", "How long has your mobile data been slow?", []),
    ("telecom", _SIM_OUT, "", "What would you like help with on your line today?", []),
]


# a third batch, blind: lists in other shapes (a checklist of things to look at, a path per phone, a bold label
# for each step, states to put settings in) and "it"/"that" after the previous message in other words
LISTS = [
    # (one look at the mobile data screen shows both roaming and Data Saver)
    ("telecom", _THREE, "", "Could you check these for me?\n\n- Data roaming\n- Data Saver\n- VPN",
     ["check_mobile_data_settings", "check_vpn_status|check_status_bar"]),
    ("telecom", _DATA, "", "Please turn on mobile data:\n\n- **iPhone:** Settings > Cellular > Cellular Data\n"
                           "- **Android:** Settings > Network & internet > Mobile data", ["turn_on_mobile_data"]),
    ("telecom", _SIM_OUT, "", "**Step 1 - Remove the SIM:** use the tool to open the tray and take the card out.\n"
                              "**Step 2 - Put it back:** seat it firmly and close the tray.\n"
                              "**Step 3 - Restart:** hold the power button and tap Restart.",
     ["reseat_sim_card", "reboot_device"]),
    ("telecom", _THREE, "", "Please set these on your phone:\n\n- Data roaming: **On**\n- Data Saver: **Off**\n"
                            "- VPN: **Disconnected**",
     ["turn_on_data_roaming", "turn_off_data_saver", "disconnect_vpn"]),
    ("telecom", _AIRPLANE, "", "Two quick questions:\n\n1. Is airplane mode on?\n2. How many signal bars do you see?",
     [_AIR_LOOK, _BAR_OR_NET]),
    ("mock", "wifi_off", "", "When you get a chance:\n\n- Turn Wi-Fi on\n- Let me know what the connection indicator "
                             "says", ["turn_on_wifi", "check_connection"]),
    ("telecom", _MMS, "", "Here's the fix:\n\n1. Open **Settings**\n2. Tap **Apps**, then **Messages**\n3. Tap "
                          "**Permissions**\n4. Allow **SMS**", ["grant_sms_permission"]),
    ("telecom", _DATA, "", "What I can see on my side:\n\n- Line status: active\n- Data plan: unlimited\n- Roaming: "
                           "not needed", []),
]

PREVIOUS_MORE = [
    ("telecom", _ABROAD, "Data roaming is the switch under Settings > Mobile network.", "Go ahead and flip it on.",
     ["turn_on_data_roaming"]),
    ("telecom", _DATA, "Please toggle mobile data off and back on.", "Once that's done, run a speed test.",
     ["run_speed_test"]),
    ("telecom", _AIRPLANE, "I'd like you to check whether airplane mode is on.", "Is it still on?", [_AIR_LOOK]),
    ("telecom", _SAVER, "Data Saver may be what's limiting you.", "Can you check it now?",
     ["check_mobile_data_settings|check_status_bar|check_network_status"]),
    ("telecom", _NETPREF, "Your phone is set to 2G only.", "Let's get that sorted - please switch it to 4G/5G.",
     ["set_network_mode_4g_5g"]),
    ("telecom", _WIFI_CALLING, "Please turn Wi-Fi Calling off.", "Hmm, that didn't help. Let's undo that - turn it "
                                                                 "back on.", ["turn_on_wifi_calling"]),
    ("telecom", _VPN, "There's a VPN connected on your phone.", "Could you disconnect that one and let me know when "
                                                                "it's done?", ["disconnect_vpn"]),
    ("telecom", _SIM_OUT, "Your SIM card may have come loose.", "Could you reseat it?", ["reseat_sim_card"]),
    ("mock", "router_off", "Your router seems to have lost power.", "Please turn it back on.", ["restart_router"]),
    ("telecom", _ABROAD, "Data roaming is off on your phone.", "That's expected while you're at home, so nothing to "
                                                               "change there.", []),
]


# a fourth batch, blind, in the manner of the third blind set's dev half (asks after a finding on the agent's side,
# positions of switches, icons with a mark on them, a payment from the phone's wallet, the last step left to the
# phone), each in other words than the corpus's
MANNER_OF_THE_BLIND_SET = [
    ("telecom", _AIRPLANE, "", "Could you have a look at the top edge of your screen and list the icons you can see "
                               "there?", ["check_status_bar"]),
    ("telecom", _SIM_OUT, "", "Your account is fine. On the phone, do you see a SIM symbol with a line through it near "
                              "the top?", ["check_sim_status|check_status_bar"]),
    ("telecom", _ABROAD, "", "Please open your mobile network settings and tell me whether the Data roaming switch is "
                             "on or off.", ["check_mobile_data_settings|check_network_status"]),
    ("telecom", _THREE, "", "In your mobile data settings, what position are the Data roaming and Data Saver switches "
                            "in?", ["check_mobile_data_settings"]),
    ("telecom", _VPN, "", "Please open the VPN app on your phone and tap Disconnect.", ["disconnect_vpn"]),
    ("telecom", _ABROAD, "", "Everything is enabled on our end now. What's left is on your handset: switch on Data "
                             "roaming and then try a speed test.", ["turn_on_data_roaming", "run_speed_test"]),
    ("telecom", _DATA, "", "When that's done, run a speed test and send me the result.", ["run_speed_test"]),
    ("telecom", _APN, "", "Go into Settings > Mobile network > Access Point Names and read me the APN name that's "
                          "selected.", ["check_apn_settings"]),
    ("telecom", _BILL, "", "The payment request for $60.00 is on its way to your phone. Could you approve it in your "
                           "wallet once it shows up?", ["pay_payment_request"]),
    ("telecom", _BOTH_PERMS, "", "Please let Messages use your SMS and your photos and files, then send a test MMS.",
     ["grant_sms_permission", "grant_storage_permission", "can_send_mms"]),
    ("telecom", _DATA, "", "After the speed test finishes, what rating does it give you?", ["run_speed_test"]),
    ("telecom", _MMS, "", "Now try sending a photo to someone by text and let me know whether it arrives.",
     ["can_send_mms"]),
    ("mock", "wifi_off", "", "Please make sure your Wi-Fi is switched on, and tell me when you've done it.",
     ["turn_on_wifi"]),
    ("mock", "wifi_off", "Wi-Fi is on now.", "Is your device showing as connected now?", ["check_connection"]),
    ("mock", "wifi_off", "", "Tap the network symbol at the bottom of your screen and turn Wi-Fi on.", ["turn_on_wifi"]),
    ("mock", "router_off", "", "First things first: unplug the router from the wall, count to thirty, and plug it in "
                               "again.", ["restart_router"]),
    ("telecom", _NETPREF, "", "It's on 3G only, which explains the slow speeds. Please switch it to **4G/5G** and tell "
                              "me once it's saved.", ["set_network_mode_4g_5g"]),
    ("telecom", _SAVER, "", "Could you open your mobile data settings and check whether Data Saver is enabled? If it "
                            "is, switch it off.", ["check_mobile_data_settings", "turn_off_data_saver"]),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling can stop picture messages going out on our network. Please go to "
                                   "Settings > Connections, turn Wi-Fi Calling off, and then send the MMS again.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _AIRPLANE, "", "If a small plane shows up at the top, please switch airplane mode off.",
     [_AIR_LOOK, "turn_off_airplane_mode"]),
    # hard negatives in the same manner
    ("mock", "router_off", "", "What's the model number printed on the bottom of your router?", []),
    ("telecom", _SIM_OUT, "", "Could you read me the PUK code printed on your SIM card's packaging?", []),
    ("telecom", _DATA, "", "Your data usage this month is 1.8 GB out of 5 GB, so you haven't hit your limit.", []),
    ("telecom", _ABROAD, "", "Roaming is switched off on your line at the moment. I can turn it on for free - shall "
                             "I?", []),
    ("telecom", _SAVER, "", "Great news - your speed test now shows excellent. Turning off Data Saver did the trick.",
     []),
    ("mock", "router_off", "", "I've restarted the line test on our side; it should finish in a minute.", []),
    ("telecom", _BILL, "", "I can send a payment request for the overdue bill to your phone. Would you like me to?", []),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling sends your calls over Wi-Fi when your signal is weak, but our "
                                   "network doesn't carry picture messages that way.", []),
]


# a fifth batch, after the variants benchmark showed two forms still broken on dev lines (a step made sure of in
# the -ing form after "try" or "would you mind"; a wished step in an irregular past tense: "if you paid it"); written
# after those two fixes, in other words, to keep them
FORMS = [
    ("telecom", _DATA, "", "Would you mind making sure mobile data is enabled and then checking your status bar?",
     ["turn_on_mobile_data", "check_status_bar"]),
    ("telecom", _SAVER, "", "Try ensuring Data Saver is disabled, then run the speed test.",
     ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _BILL, "", "It would help if you paid the pending request from your phone.", ["pay_payment_request"]),
    ("telecom", _NETPREF, "", "It'd be ideal if you chose 4G/5G as your network mode.", ["set_network_mode_4g_5g"]),
    ("telecom", _SAVER, "", "Making sure Data Saver is off usually helps with slow apps.", []),
    # (and where a step is done, led by "so": no look of its own; the last of these three read an extra look before
    # the fix, the first two did not)
    ("telecom", _WIFI_CALLING, "", "Alright, so open Settings > Connections, then switch Wi-Fi Calling off.",
     ["turn_off_wifi_calling"]),
    ("telecom", _AIRPLANE, "", "OK so pull down the quick settings panel from the top of the screen and tap the plane "
                               "icon so it goes grey.", ["turn_off_airplane_mode"]),
    ("telecom", _VPN, "", "Okay, so go into Settings to open the VPN page, then tap Disconnect.", ["disconnect_vpn"]),
]


# a sixth batch, blind: a step on "it" or "that" after the previous message named the thing (0 of 20 read wrong
# before any fix), and statements with no question mark that use the settings' words (1 of 25 read wrong: "I've
# reset the APN profile for your line on our side" read as the user's reset, a tool's own verb and thing taken
# without asking who does it)
PREVIOUS_NAMED = [
    ("telecom", _BILL, "A payment request for $60.00 should now be waiting on your phone.",
     "Tap on it and complete the payment, please.", ["pay_payment_request"]),
    ("telecom", _VPN, "I can see from your status bar that a VPN is active.",
     "Can you shut it off and try another speed test?", ["disconnect_vpn", "run_speed_test"]),
    ("mock", "wifi_off", "You'll find the Wi-Fi toggle in your device's network menu.",
     "Switch it on, then tell me what the indicator shows.", ["turn_on_wifi", "check_connection"]),
    ("telecom", _SIM_OUT, "Please take the SIM out and reinsert it.",
     "Once it's back in, how many bars are you getting?", [_BAR_OR_NET]),
    ("telecom", _APN, "The APN on your phone isn't one of ours.",
     "Please reset it to the default, then reboot.", ["reset_apn_settings", "reboot_device"]),
    ("telecom", _SAVER, "Data Saver is switched on according to your settings.",
     "Go ahead and turn it off.", ["turn_off_data_saver"]),
    ("telecom", _NETPREF, "Your preferred network type shows 2G only.",
     "Could you bump it up to 4G/5G?", ["set_network_mode_4g_5g"]),
    ("telecom", _WIFI_CALLING, "Wi-Fi Calling is enabled on your phone.",
     "That can block picture messages, so please disable it and send the MMS again.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _AIRPLANE, "Airplane mode is on, which cuts off all signal.",
     "Switch it off and tell me if the bars come back.",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    ("telecom", _DATA, "The Mobile data switch is off.",
     "Flip it on, please.", ["turn_on_mobile_data"]),
    ("telecom", _ABROAD, "Your phone has Data roaming turned off.",
     "Turn that on and run a speed test afterwards.", ["turn_on_data_roaming", "run_speed_test"]),
    ("telecom", _MMS, "The Messages app has the SMS permission turned off.",
     "Please turn it on in the app's permissions.", ["grant_sms_permission"]),
    ("telecom", _BOTH_PERMS, "Messages is missing the SMS and Storage permissions.",
     "Could you allow them?", ["grant_sms_permission", "grant_storage_permission"]),
    ("mock", "router_off", "Your router looks to be offline.",
     "Could you unplug it for thirty seconds and then plug it back in?", ["restart_router"]),
    ("telecom", _VPN, "Thanks - so the VPN is connected to a server overseas.",
     "Let's turn that off for now.", ["disconnect_vpn"]),
    ("telecom", _SAVER, "Thanks for turning Data Saver off.",
     "Now run the speed test once more.", ["run_speed_test"]),
    ("telecom", _AIRPLANE, "Thanks - airplane mode is off now.",
     "Great, that's sorted then.", []),
    ("telecom", _DATA, "Mobile data is now on.",
     "Perfect, that explains why pages are loading again.", []),
    ("telecom", _SIM_OUT, "Your status bar shows no SIM.",
     "That usually means the card has come loose in its tray.", []),
    ("telecom", _VPN, "Please disconnect the VPN.",
     "Did disconnecting it make any difference?", []),
]

STATEMENTS = [
    ("telecom", _DATA, "",
     "Your speed test came back at 2 Mbps, which is well below what your plan supports.", []),
    ("telecom", _AIRPLANE, "",
     "You should now see signal bars next to the clock within a minute or so.", []),
    ("telecom", _SAVER, "",
     "The Data Saver switch lives under Settings > Network & internet > Data Saver, for future reference.", []),
    ("telecom", _VPN, "",
     "Thanks for disconnecting the VPN and running the test again - 45 Mbps is a great result.", []),
    ("telecom", _ABROAD, "",
     "Since you're in Portugal, your phone will need data roaming to use mobile data there.", []),
    ("telecom", _SIM_OUT, "",
     "A SIM that isn't seated properly is the most common reason for a 'No SIM' message.", []),
    ("telecom", _BILL, "",
     "Once the payment goes through, your line will be reactivated automatically and you'll see service return.", []),
    ("telecom", _NETPREF, "",
     "Setting the network mode to 2G only limits your speed to well under 1 Mbps.", []),
    ("telecom", _APN, "",
     "The APN tells your phone which gateway to use for mobile data and picture messages.", []),
    ("telecom", _MMS, "",
     "Picture messages need both the SMS and Storage permissions to go out.", []),
    ("telecom", _WIFI_CALLING, "",
     "With Wi-Fi Calling on, your phone sends texts over Wi-Fi, and our network can't carry MMS that way.", []),
    ("telecom", _AIRPLANE, "",
     "It's possible airplane mode was switched on by accident - that happens a lot.", []),
    ("telecom", _DATA, "",
     "I've checked your line: mobile data is enabled on our side and there's no usage cap reached.", []),
    ("telecom", _VPN, "",
     "Your status bar showing a key icon means a VPN is connected.", []),
    ("telecom", _SAVER, "",
     "Turning Data Saver off will let apps use data in the background again", []),
    ("telecom", _ABROAD, "",
     "Roaming on your line is now active, so your phone can connect once its own roaming switch is on", []),
    ("telecom", _SIM_OUT, "",
     "The SIM tray is on the left side of most phones, next to the volume buttons", []),
    ("telecom", _AIRPLANE, "",
     "If the restart doesn't help, the next thing we'd look at is the SIM card", []),
    ("telecom", _DATA, "",
     "Mobile data and Wi-Fi can both be on at the same time; the phone prefers Wi-Fi when it's available", []),
    ("mock", "wifi_off", "",
     "When Wi-Fi is off, the connection indicator shows offline even if the router is fine", []),
    ("mock", "router_off", "",
     "A router restart usually takes two or three minutes to complete", []),
    ("telecom", _BILL, "",
     "The payment request will show up as a notification on your phone within a few seconds", []),
    ("telecom", _NETPREF, "",
     "I'd expect the speed test to improve a lot once you're on 4G/5G", []),
    ("telecom", _MMS, "",
     "After you grant the permission, picture messages should go through normally", []),
    ("telecom", _APN, "",
     "I've reset the APN profile for your line on our side, so nothing else is needed there", []),
]


# a seventh batch, blind: settings and screens described by what the user sees or does (1 of 20 read wrong before
# any fix: "pick the option that says 4G/5G", the network type by its label)
DESCRIBED_MORE = [
    ("telecom", _AIRPLANE, "",
     "Please tap the aeroplane tile in your quick settings panel so it turns grey.", ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "",
     "Could you slide the Cellular Data toggle to the right so it goes green?", ["turn_on_mobile_data"]),
    ("telecom", _SIM_OUT, "",
     "Please push a paperclip into the tiny hole on the side to pop the tray out, then slide the card back in.",
     ["reseat_sim_card"]),
    ("telecom", _DATA, "",
     "Could you hold down the power button and choose Restart?", ["reboot_device"]),
    ("telecom", _VPN, "",
     "Do you see a little key or lock symbol in the bar at the top?", [_VPN_LOOK]),
    ("telecom", _DATA, "",
     "Please check the letters beside your signal bars - does it say LTE, 5G or nothing?", [_BAR_OR_NET]),
    ("telecom", _NETPREF, "",
     "Under Preferred network type, please pick the option that says 4G/5G.", ["set_network_mode_4g_5g"]),
    ("telecom", _APN, "",
     "In the Access Point Names screen, tap the three dots and choose Reset to default.", ["reset_apn_settings"]),
    ("telecom", _BILL, "",
     "When the payment notification pops up, tap it and hit Pay.", ["pay_payment_request"]),
    ("telecom", _MMS, "",
     "Please send a photo to any contact using the Messages app.", ["can_send_mms"]),
    ("telecom", _WIFI_CALLING, "",
     "Please switch off the option that lets your phone make calls over your home Wi-Fi.", ["turn_off_wifi_calling"]),
    ("telecom", _ABROAD, "",
     "Please turn on the switch labelled Data roaming in your mobile network settings.", ["turn_on_data_roaming"]),
    ("telecom", _SAVER, "",
     "Please turn off the data-saving mode that restricts background data.", ["turn_off_data_saver"]),
    ("telecom", _AIRPLANE, "",
     "How strong is your signal at the moment - how many bars?", [_BAR_OR_NET]),
    ("telecom", _DATA, "",
     "How quick is your connection right now if you run a speed test?", ["run_speed_test"]),
    ("mock", "wifi_off", "",
     "Click the wireless icon in the corner and turn it on.", ["turn_on_wifi"]),
    ("mock", "router_off", "",
     "Please switch the internet box off at the plug, wait half a minute, and switch it back on.",
     ["restart_router"]),
    ("mock", "wifi_off", "",
     "Does the little connection light on your screen say online or offline?", ["check_connection"]),
    ("telecom", _SIM_OUT, "",
     "What does it say under SIM status in your settings?", ["check_sim_status"]),
    ("telecom", _AIRPLANE, "",
     "Is the plane icon still showing at the top of your screen?", [_AIR_LOOK]),
]


# an eighth batch, blind: the order of steps said in still other words ("beforehand", "when the VPN is
# disconnected", "lastly", terse states with their place: "airplane mode off first", "send me the result"). Before any
# fix 3 of 18 were read wrong
ORDER_MORE = [
    ("telecom", _DATA, "",
     "Run a speed test - but switch Wi-Fi off beforehand.", ["turn_off_wifi", "run_speed_test"]),
    ("telecom", _SIM_OUT, "",
     "Restart the phone once you've put the SIM back in.", ["reseat_sim_card", "reboot_device"]),
    ("telecom", _VPN, "",
     "Take a speed test when the VPN is disconnected.", ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _MMS, "",
     "Try the picture message again after you've allowed SMS for Messages.",
     ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _APN, "",
     "First reset the APN settings. Then restart. Then send me the speed test result.",
     ["reset_apn_settings", "reboot_device", "run_speed_test"]),
    ("telecom", _AIR_VPN_DATA, "",
     "Here's the order: airplane mode off first, then mobile data on, and lastly disconnect the VPN.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _THREE, "",
     "Disconnect the VPN, but only after you've turned Data Saver off.", ["turn_off_data_saver", "disconnect_vpn"]),
    ("telecom", _AIRPLANE, "",
     "Before checking your bars, restart the phone.", ["reboot_device", _BAR_OR_NET]),
    ("telecom", _NETPREF, "",
     "Set the network mode to 4G/5G and afterwards run a speed test.", ["set_network_mode_4g_5g", "run_speed_test"]),
    ("telecom", _ABROAD, "",
     "Run the speed test again, this time with data roaming on.", ["turn_on_data_roaming", "run_speed_test"]),
    ("telecom", _WIFI_CALLING, "",
     "Once Wi-Fi Calling is switched off, restart the phone, and then try the MMS.",
     ["turn_off_wifi_calling", "reboot_device", "can_send_mms"]),
    ("telecom", _BILL, "",
     "After paying the request, restart your phone so it reconnects.", ["pay_payment_request", "reboot_device"]),
    ("mock", "router_off", "",
     "Check the connection again after the router has fully restarted.", ["restart_router", "check_connection"]),
    ("telecom", _DATA, "",
     "Step one: turn on mobile data. Step two: run the speed test.", ["turn_on_mobile_data", "run_speed_test"]),
    ("telecom", _SAVER, "",
     "Could you turn Data Saver off and, when that's done, run another speed test?",
     ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _THREE, "",
     "Turn on data roaming - and before you do that, disconnect the VPN.",
     ["disconnect_vpn", "turn_on_data_roaming"]),
    ("telecom", _SIM_OUT, "",
     "With the phone powered off, take the SIM out and reseat it, then turn the phone back on.",
     ["reseat_sim_card", "reboot_device"]),
    ("telecom", _MMS, "",
     "Send a test MMS. Before that, though, grant Messages the SMS permission.",
     ["grant_sms_permission", "can_send_mms"]),
]


# every batch above, each read as the user would
@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"),
                         _cases(INDICATORS, BESIDE_AN_APPROVAL, LEFT_TO_YOU, SCREEN_CONDITIONS, LISTED, PURPOSES,
                                LINE_FACTS, NEGATIVES, BULLETED, AFTER_PREVIOUS, DESCRIBED_AND_INDIRECT, TERSE_MORE,
                                PROBLEM_QUESTIONS, LISTS, PREVIOUS_MORE, MANNER_OF_THE_BLIND_SET, FORMS, PREVIOUS_NAMED,
                                STATEMENTS, DESCRIBED_MORE, ORDER_MORE))
def test_user_tools_round6(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got
