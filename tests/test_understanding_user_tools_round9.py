"""Requests to operate the user's own tools, round 9: probes written before running them against the rules, on
the kinds the seventh blind set showed (a troubleshooting agent deep in a conversation) and that the held-out
half reads worst: a numbered plan whose step is picked by its number, bulleted "Setting: do this to it (path)"
items, a step the message before announced and this one calls by its noun ("now for that restart"), a condition
on two settings ("if SMS or Storage is off, allow it"), a change that "takes effect after a restart", steps in
indirect and terse forms and pronouns across sentences. Hard negatives: what a setting does, what the agent did or
offers to do ("I could also go over our roaming rates"), states reported, facts asked about the line."""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import (
    _ABROAD, _AIR_LOOK, _AIRPLANE, _APN, _BAR_OR_NET, _BILL, _BOTH_PERMS, _DATA, _MMS, _NETPREF, _ROAM_LOOK,
    _SAVER, _SAVER_LOOK, _SIM_OUT, _VPN, _VPN_LOOK, _WIFI_CALLING, _matches, _tools)

_AIR_VPN_DATA = "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off"
_CALLING_LOOK = "check_wifi_calling|check_status_bar"
_SIM_LOOK = "check_sim_status|check_status_bar"
_SAVER_VPN_ROAM = "[mobile_data_issue]bad_vpn|data_saver_mode_on|user_abroad_roaming_disabled_off"

# a numbered plan, some steps the agent's, and the step to do now picked by its number
NUMBERED = [
    ("telecom", _SIM_OUT, "",
     "Here's what we'll do:\n1. I confirm your line is active (done).\n2. You take the SIM out and put it back "
     "in.\n3. We check the signal together.\n\nGo ahead with step 2.", ["reseat_sim_card"]),
    ("telecom", _VPN, "",
     "Two ways forward:\n1. Disconnect the VPN.\n2. Keep it and pick a closer server.\n\nOption 1 is quicker - "
     "could you do that one?", ["disconnect_vpn"]),
    ("telecom", _NETPREF, "",
     "The plan:\n1. I've checked your line - it's fine.\n2. You set the network mode to 4G/5G.\n3. You run a "
     "speed test.\n\nStart with #2, then #3.", ["set_network_mode_4g_5g", "run_speed_test"]),
    ("telecom", _DATA, "1. Switch mobile data on.\n2. Run a speed test.", "Let's begin with step 1.",
     ["turn_on_mobile_data"]),
    ("telecom", _APN, "",
     "What happens next:\n1. You reset the APN settings.\n2. I refresh your line from here.\n3. You restart the "
     "phone.", ["reset_apn_settings", "reboot_device"]),
    ("telecom", _VPN, "",
     "1. (me) Check the line - done\n2. (you) Disconnect the VPN\n3. (you) Re-run the speed test",
     ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _BILL, "",
     "Here's what I did:\n1. Checked your line status.\n2. Reset your network registration.\n3. Cleared the "
     "suspension flag.", []),
]

# a bulleted setting, then what to do to "it", and where it is in parentheses
BULLETED = [
    ("telecom", _SAVER, "", "- Data Saver: turn it off (Settings → Network & internet → Data Saver)",
     ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "",
     "On the phone:\n- Roaming: switch it on (Settings → Mobile network → Roaming)\n- Phone: restart it afterwards",
     ["turn_on_data_roaming", "reboot_device"]),
    ("telecom", _WIFI_CALLING, "", "* Wi-Fi Calling - turn it off (Settings > Connections > Wi-Fi Calling)",
     ["turn_off_wifi_calling"]),
    ("telecom", _DATA, "", "- Mobile data: please make sure it's on (Settings → Connections → Data usage)",
     ["turn_on_mobile_data"]),
    ("telecom", _AIR_VPN_DATA, "",
     "**Your checklist**\n- Airplane mode: off (swipe down from the top)\n- Mobile data: on\n- VPN: disconnected",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _APN, "", "- APN: reset it to default (Settings → Mobile network → Access Point Names → ⋮)",
     ["reset_apn_settings"]),
    ("telecom", _SAVER, "",
     "Two things to change:\n- Data Saver: switch it off (Settings → Mobile data → Data Saver)\n- Speed test: "
     "run it again once that's done", ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _AIR_VPN_DATA, "",
     "Here's what your screenshot shows:\n- Airplane mode: off\n- Mobile data: on\n- VPN: connected", []),
    ("telecom", _SAVER, "", "- Data Saver: it limits background data (Settings → Network & internet → Data Saver)",
     []),
]

# a step the message before announced, called now by its noun
PREVIOUS = [
    ("telecom", _APN, "Go to Access Point Names and reset them to default. We'll restart the phone after that.",
     "Great - now for that restart. When it's back on, run a speed test for me.",
     ["reboot_device", "run_speed_test"]),
    ("telecom", _SIM_OUT, "After the SIM is reseated you'll need to reboot.",
     "Okay, time for the reboot I mentioned.", ["reboot_device"]),
    ("telecom", _VPN, "We'll run a speed test once the VPN is off.",
     "The VPN's off now, so let's do that speed test.", ["run_speed_test"]),
    ("telecom", _ABROAD, "Please switch on data roaming.",
     "Thanks! That change takes effect after a restart, so could you restart the phone now?", ["reboot_device"]),
    ("telecom", _APN, "Please reset the APN settings to default.",
     "Nice. The reset needs a reboot to stick, so please reboot the phone and then check your signal bars.",
     ["reboot_device", _BAR_OR_NET]),
    ("telecom", _NETPREF, "Set the network mode to 4G/5G, please.",
     "That new mode only applies after a restart - would you restart the phone?", ["reboot_device"]),
    ("telecom", _MMS, "Once SMS is allowed, we'll send a test picture.",
     "SMS is allowed now, good. And that test picture I mentioned - send it to any contact and tell me if it "
     "goes.", ["can_send_mms"]),
    ("telecom", _SIM_OUT, "Please restart the phone.",
     "Thanks for restarting - that restart cleared the stuck registration.", []),
    ("telecom", _BILL, "",
     "The restart you did earlier didn't change anything, so the problem is on the network side.", []),
]

# a condition on two settings, each one granted
EITHER = [
    ("telecom", _BOTH_PERMS, "",
     "In the Messages app's permissions, if either SMS or Storage shows as denied, allow it.",
     ["check_app_permissions", "grant_sms_permission", "grant_storage_permission"]),
    pytest.param("telecom", _BOTH_PERMS, "",
                 "Both SMS and Storage need to be allowed for Messages - please turn them on if they're off.",
                 ["check_app_permissions", "grant_sms_permission", "grant_storage_permission"],
                 marks=pytest.mark.xfail(strict=True, reason="a condition after its step is looked at through the "
                                                             "things the step names; 'them' stands for things of the "
                                                             "clause before, which that rule does not see, so the "
                                                             "look is lost (the two grants are read)")),
    ("telecom", _BOTH_PERMS, "Mobile data is on now.",
     "Next, the Messages permissions: if SMS or Storage is set to Deny there, switch it to Allow.",
     ["check_app_permissions", "grant_sms_permission", "grant_storage_permission"]),
]

# the agent's offers and descriptions, no step of the user's
OFFERS = [
    ("telecom", _ABROAD, "",
     "Roaming is switched on for your line now. If it helps, I can also walk you through our daily roaming "
     "charges.", []),
    ("telecom", _DATA, "", "Your data is topped up. I could also check your usage for this month if you like.", []),
    ("telecom", _VPN, "", "If you want, I can explain how the VPN affects your speed - just say the word.", []),
    ("telecom", _BILL, "", "I could also look at your last three bills, if that's useful.", []),
    ("telecom", _ABROAD, "", "If you'd like, I can go over the roaming settings on your plan as well.", []),
    ("telecom", _APN, "", "That APN reset only takes effect after a reboot, which you've already done.", []),
    ("telecom", _SAVER, "", "Data Saver stops apps from using data in the background unless you open them.", []),
    ("telecom", _WIFI_CALLING, "",
     "With Wi-Fi Calling on, picture messages may try to go over Wi-Fi instead.", []),
    ("telecom", _SIM_OUT, "",
     "I've re-provisioned the SIM on our side; it can take a few minutes to register.", []),
    ("telecom", _AIRPLANE, "", "Your screenshot shows airplane mode is off and you have two bars.", []),
    ("telecom", _DATA, "", "Is the number ending 4417 the line with the data problem?", []),
    ("telecom", _ABROAD, "", "Which country are you travelling in at the moment?", []),
    ("telecom", _NETPREF, "", "The 4G/5G setting uses a bit more battery, but it's much faster.", []),
    ("telecom", _VPN, "", "Disconnecting the VPN usually brings speeds back to normal within a minute.", []),
    ("telecom", _DATA, "", "Mobile data was switched off when you called, and it's on now.", []),
    ("telecom", _MMS, "", "Messages has SMS allowed but Storage denied, per your screenshot.", []),
    ("telecom", _AIRPLANE, "",
     "If airplane mode ever comes back on by itself, that's usually a widget being tapped.", []),
]

# indirect asks
INDIRECT = [
    ("telecom", _VPN, "", "The next thing I'd ask is that you disconnect the VPN for a few minutes.",
     ["disconnect_vpn"]),
    ("telecom", _SAVER, "", "What would help most now is a look at whether Data Saver is on.", [_SAVER_LOOK]),
    ("telecom", _SIM_OUT, "", "It's worth taking the SIM out and seating it again before anything else.",
     ["reseat_sim_card"]),
    ("telecom", _WIFI_CALLING, "",
     "My suggestion would be to turn off Wi-Fi Calling and then send a picture message.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _NETPREF, "", "The fix here is usually to set the network mode to 4G/5G, if you can.",
     ["set_network_mode_4g_5g"]),
    ("mock", "wifi_off", "", "The thing to try first is switching Wi-Fi on on your device.", ["turn_on_wifi"]),
    ("telecom", _DATA, "", "You'll want to turn mobile data on for this to work.", ["turn_on_mobile_data"]),
]

# a pronoun reaching back across sentences
PRONOUN = [
    ("telecom", _SAVER, "", "Data Saver is still on according to your screenshot. Mind turning it off?",
     ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "", "There's a switch called Data roaming under Mobile network. Flip it on, please.",
     ["turn_on_data_roaming"]),
    ("telecom", _VPN, "", "Your VPN app shows 'Connected'. Tap Disconnect there and tell me when it's done.",
     ["disconnect_vpn"]),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling is the one to look at. Is it on or off?", [_CALLING_LOOK]),
    ("telecom", _APN, "", "The APN settings look wrong. Could you reset them to default and then restart?",
     ["reset_apn_settings", "reboot_device"]),
    ("mock", "router_off", "",
     "The router is probably hung. Give it a restart and then check your device's connection.",
     ["restart_router", "check_connection"]),
]

# terse fragments
TERSE = [
    ("telecom", _SAVER, "", "data saver off, then speed test", ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _AIRPLANE, "", "plane mode off + restart pls", ["turn_off_airplane_mode", "reboot_device"]),
    ("telecom", _ABROAD, "", "roaming on? if not, switch on", [_ROAM_LOOK, "turn_on_data_roaming"]),
    ("telecom", _SIM_OUT, "", "sim out & back in pls", ["reseat_sim_card"]),
    ("telecom", _VPN, "", "speed test again pls", ["run_speed_test"]),
    pytest.param("telecom", _DATA, "", "signal bars now?", [_BAR_OR_NET],
                 marks=pytest.mark.xfail(strict=True, reason="as round 8's 'bars?': a thing with no state and no "
                                                             "question word is not read as a look at it")),
]

# other shapes an LLM agent is likely to use
OTHER = [
    ("telecom", _VPN, "", "Could you run a quick speed test and paste the result here?", ["run_speed_test"]),
    # (a step in an after-clause is asked too, as the corpus labels it: "Once you've found it, authorise it")
    ("telecom", _SIM_OUT, "", "Once you've reseated the SIM, let me know what the status bar says.",
     ["reseat_sim_card", _BAR_OR_NET]),
    ("telecom", _AIRPLANE, "", "Go ahead and toggle airplane mode on and then off again.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    ("telecom", _VPN, "",
     "Please don't restart the phone yet - first, tell me whether the VPN icon is showing.", [_VPN_LOOK]),
    ("telecom", _MMS, "", "Try sending a picture message to yourself, and screenshot any error.", ["can_send_mms"]),
    ("mock", "router_off", "", "Step 2 on my list is the router: unplug it, wait a minute, plug it back in.",
     ["restart_router"]),
    ("telecom", _SIM_OUT, "", "After the restart, is the 'No SIM' message gone?", ["reboot_device", _SIM_LOOK]),
    ("telecom", _NETPREF, "", "Before we go further, what network mode is selected on your phone?",
     ["check_network_mode"]),
    ("telecom", _AIRPLANE, "", "Swipe down from the top of your screen - is the little plane lit up?", [_AIR_LOOK]),
]

# a second batch, written after the first was fixed and before running it: variations on the seventh set's dev
# lines in the styles the held-out half reads worst (bullets with a label and "it", a step leaning on the message
# before, indirect asks, terse chat)
SECOND_BATCH = [
    ("telecom", _APN, "",
     "**On your side:**\n- Phone: restart it (hold the power button, then tap Restart)\n- Then: run a speed test",
     ["reboot_device", "run_speed_test"]),
    ("mock", "router_off", "",
     "- Router: unplug it for ten seconds, then plug it back in\n- Laptop: check whether it shows online",
     ["restart_router", "check_connection"]),
    ("telecom", _WIFI_CALLING, "",
     "Quick checklist:\n- Wi-Fi Calling → off\n- Airplane mode → off\n- Then send a test MMS",
     ["turn_off_wifi_calling", "turn_off_airplane_mode", "can_send_mms"]),
    ("telecom", _BOTH_PERMS, "",
     "Here's what to do:\n* Open the Messages app info\n* Permissions → SMS → Allow\n* Permissions → Storage → "
     "Allow",
     ["grant_sms_permission", "grant_storage_permission"]),
    ("telecom", _VPN, "", "On your phone:\n- VPN: if it's connected, tap Disconnect",
     [_VPN_LOOK, "disconnect_vpn"]),
    ("telecom", _AIRPLANE, "",
     "**Next steps for you**\n1. Toggle airplane mode on, wait 10 seconds, toggle it off\n2. Check your bars",
     ["turn_on_airplane_mode", "turn_off_airplane_mode", _BAR_OR_NET]),
    ("telecom", _SAVER, "", "On your phone:\n- Data saver (Settings > Network > Data saver): off",
     ["turn_off_data_saver"]),
    ("telecom", _APN, "", "**What changed on our side**\n- Roaming: enabled on the line\n- Data: 2 GB added", []),
    ("telecom", _SAVER, "",
     "For reference:\n- Airplane mode cuts every radio\n- Data saver limits background data", []),
    ("telecom", _WIFI_CALLING, "Wi-Fi Calling is on in your screenshot.",
     "Let's switch that off, then try the picture message again.", ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _ABROAD, "Data roaming needs to be on while you're in Portugal.",
     "Could you take care of that now?", ["turn_on_data_roaming"]),
    ("telecom", _VPN, "Your VPN app is connected to a server in Brazil.",
     "Disconnect from it and re-run the test.", ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _SIM_OUT, "Please restart your phone.",
     "Is it back on? What do the bars look like now?", [_BAR_OR_NET]),
    ("telecom", _AIRPLANE, "Airplane mode is on.", "That's the culprit - it blocks every signal.", []),
    ("telecom", _SIM_OUT, "", "It would be great if you could pop the SIM out and back in.", ["reseat_sim_card"]),
    ("telecom", _VPN, "", "Could I ask you to disconnect the VPN for a moment?", ["disconnect_vpn"]),
    ("telecom", _BOTH_PERMS, "", "I'll need you to allow Storage for the Messages app.",
     ["grant_storage_permission"]),
    ("telecom", _BILL, "", "The best next step would be a restart of the phone.", ["reboot_device"]),
    ("telecom", _BILL, "", "reboot pls, then lmk how many bars", ["reboot_device", _BAR_OR_NET]),
    ("telecom", _APN, "", "apn → reset, then restart", ["reset_apn_settings", "reboot_device"]),
    ("telecom", _WIFI_CALLING, "", "wifi calling off & retry the mms", ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _ABROAD, "", "roaming: on. speed test after.", ["turn_on_data_roaming", "run_speed_test"]),
    ("telecom", _ABROAD, "",
     "I've turned roaming on for the line; nothing is needed on your phone for that part.", []),
    ("telecom", _VPN, "", "Your phone restarted itself overnight, which is why the VPN reconnected.", []),
    ("telecom", _BILL, "", "What's the best number to reach you on if we get cut off?", []),
    ("telecom", _BOTH_PERMS, "", "Storage lets Messages attach photos; SMS lets it send them.", []),
    ("telecom", _ABROAD, "", "Once roaming is on, your phone should pick up a partner network within a minute.", []),
]

# a third batch, written after the second was fixed and before running it: a variation on each user-tools line of
# the seventh set's dev half, in other words (its held-out neighbours are variations of the same asks)
THIRD_BATCH = [
    ("telecom", _AIRPLANE, "Great, airplane mode is off now.",
     "Next, go to Settings > About phone > Status and read me what it shows under Service state.",
     ["check_network_status"]),
    ("telecom", _APN, "Please reset your APN to default under Access Point Names.",
     "Thanks. The phone needs a reboot before the new APN is used, so please reboot it now and then tell me whether "
     "you have signal.", ["reboot_device", _BAR_OR_NET]),
    ("telecom", _SIM_OUT, "Your status bar shows 'No SIM'.",
     "Plan from here:\n1. You take the SIM out and put it back in.\n2. I re-check the line.\n\nGo ahead with the "
     "first step.", ["reseat_sim_card"]),
    ("telecom", _BILL, "I've sent the payment request to your phone.",
     "Has it arrived yet? It should appear in your notifications.", ["check_payment_request"]),
    ("telecom", _BILL, "The line is reactivated on our side.",
     "One last thing on your end: the phone has to restart to pick that up, so please turn it off and on again. "
     "Once it's up, do you have bars again", ["reboot_device", _BAR_OR_NET]),
    ("telecom", _SIM_OUT, "The line looks fine on my end.",
     "Let's check the SIM itself. On the phone:\n- Settings → About phone → SIM status\n- read me what it says for "
     "SIM state", ["check_sim_status"]),
    ("telecom", _ABROAD, "Please turn data roaming off for a few seconds.",
     "Now switch it back on and give it half a minute.", ["turn_on_data_roaming"]),
    ("telecom", _VPN, "Please switch off Data Saver.",
     "Same for the VPN: if it shows connected, disconnect it.", [_VPN_LOOK, "disconnect_vpn"]),
    ("telecom", _DATA, "Airplane mode is off and you have full bars.",
     "Next up, mobile data - please make sure it's on in Settings > Network > Mobile data.", ["turn_on_mobile_data"]),
    ("telecom", _SAVER, "Your speed test came back at 40 Mbps.",
     "Data Saver can cap speeds. Could you look in your mobile data settings and, if Data Saver is on, switch it "
     "off?", ["check_mobile_data_settings", "turn_off_data_saver"]),
    ("telecom", _DATA, "You have signal but no data icon.",
     "Let's toggle mobile data: turn it off, wait ten seconds, then back on. Then tell me whether 4G or 5G shows "
     "next to the bars.", ["turn_off_mobile_data", "turn_on_mobile_data", _BAR_OR_NET]),
    ("telecom", _WIFI_CALLING, "So Wi-Fi Calling is enabled.",
     "Let's turn that off and then resend the picture to your friend.", ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _MMS, "The network side looks fine.",
     "Could you open Settings > Apps > Messages > Permissions and tell me which are allowed and which are not",
     ["check_app_permissions"]),
    ("telecom", _DATA, "Roaming is active and data roaming is on. Mobile data itself is off, though.",
     "Would you switch it on for me? Then we'll look at the Messages app.", ["turn_on_mobile_data"]),
    ("mock", "wifi_off", "Looks like Wi-Fi is off on your laptop.",
     "Please turn it on.", ["turn_on_wifi"]),
    ("mock", "wifi_off", "Please turn Wi-Fi off for ten seconds.",
     "Right, turn it back on now and check the connection indicator again.", ["turn_on_wifi", "check_connection"]),
    ("mock", "wifi_off", "Your router lights look normal.",
     "Next: check your connection indicator, and if it shows Wi-Fi off, turn Wi-Fi on.",
     ["check_connection", "turn_on_wifi"]),
    ("mock", "router_off", "The router has no lights.",
     "It has probably lost power. **Your side:**\n- Router: restart it (unplug, wait, plug back in)\n- Laptop: when "
     "the lights settle, look at the connection indicator and tell me what it says",
     ["restart_router", "check_connection"]),
    ("mock", "router_off", "Please restart your router.",
     "When it has finished starting up, check your laptop's connection indicator and let me know what it shows.",
     ["check_connection"]),
    ("mock", "router_off", "",
     "Two things:\n\n1. Unplug your router for ten seconds and plug it back in.\n2. Send me your account ID so I "
     "can check the plan.", ["restart_router"]),
    ("mock", "wifi_off", "",
     "## No internet 🔧\n\n### Step 1 - Wi-Fi\nOpen quick settings and make sure **Wi-Fi** is **on**.\n\n### Step 2 "
     "- Result\nThen look at the connection indicator and tell me what it shows.",
     ["turn_on_wifi", "check_connection"]),
    ("telecom", _VPN, "",
     "## Slow data? 🐢\n\n👉 **Settings → Network & internet → VPN**: is a VPN connected?\n\nIf it is, **disconnect "
     "it** and run a speed test.", [_VPN_LOOK, "disconnect_vpn", "run_speed_test"]),
    ("telecom", _AIRPLANE, "",
     "You don't need to send your birthday. Next, please swipe down from the top and tell me if there's a plane "
     "icon.", [_AIR_LOOK]),
    ("telecom", _BILL, "",
     "The payment request for B9001 is on its way to your phone. Please approve it there and let me know when you "
     "have.", ["pay_payment_request"]),
    ("telecom", _ABROAD, "",
     "Roaming is on for your line now. I could also send you our rates for Spain if that's useful.", []),
    ("mock", "wifi_off", "",
     "All done - your account is cancelled. If you like, I can walk you through exporting your history first.", []),
    ("telecom", _BILL, "",
     "## Progress\n\n| Check | Result |\n|---|---|\n| Roaming | ✅ enabled by me |\n| Mobile data | ✅ turned on by "
     "you |", []),
    ("telecom", _SIM_OUT, "",
     "Your SIM is PIN-locked. Do you have the PUK code? It's on the card the SIM came with.", []),
]

# a fourth batch, written after the third was fixed and before running it: variations on the sixth set's dev
# lines (an agent leaning on the conversation; a small model's templated, over-polite wording)
FOURTH_BATCH = [
    ("mock", "wifi_off", "Please switch Wi-Fi on from quick settings.",
     "All set? Now have another look at the connection indicator - does it say online?", ["check_connection"]),
    pytest.param("mock", "wifi_off", "Your indicator says offline and the Wi-Fi icon is grey.",
                 "Sounds like Wi-Fi was turned off. Switch it on again and check the indicator - online now?",
                 ["turn_on_wifi", "check_connection"],
                 marks=pytest.mark.xfail(strict=True, reason="the sentence ends on a question without its verb, and "
                                                             "the reading above the tool rules "
                                                             "(understanding/_approvals.py) takes 'switch it on' "
                                                             "for an approval of the agent's plan change, so no "
                                                             "step is read")),
    ("telecom", _AIRPLANE, "Could you tell me which icons are at the top of your screen?",
     "Thanks. Do you see a small plane among them? If yes, turn airplane mode off please.",
     ["check_status_bar", "turn_off_airplane_mode"]),
    ("telecom", _SIM_OUT, "Please reseat the SIM.",
     "Back in? Now check the SIM status screen once more and tell me what it shows.", ["check_sim_status"]),
    ("telecom", _BILL, "I've resumed your line.",
     "To get service back, reboot the phone - hold the power button, then tap Restart.", ["reboot_device"]),
    ("telecom", _ABROAD, "Enabling roaming on the line now.",
     "Done on our side. On the phone, please also make sure data roaming is enabled under **Settings > Mobile "
     "network**.", ["turn_on_data_roaming"]),
    ("telecom", _VPN, "A key icon in your status bar means a VPN is running.",
     "Could you open the VPN app and tell me which server it's on?", ["check_vpn_status"]),
    # (since round 30 both read as a look named by the words of its tool's description)
    ("telecom", _SAVER, "Please open your mobile data settings.",
     "What are the three toggles set to - mobile data, roaming and data saver?", ["check_mobile_data_settings"]),
    ("telecom", _SAVER, "Data saver is on, which throttles you.",
     "Switch that off, please.", ["turn_off_data_saver"]),
    ("telecom", _APN, "The MMSC field in your APN is blank.",
     "Let's put the defaults back: open the menu on the APN screen and tap **Reset to default**, then reboot the "
     "phone so it takes effect.", ["reset_apn_settings", "reboot_device"]),
    ("mock", "wifi_off", "",
     "Kindly do the needful and turn ON Wi-Fi on your device, then tell me what the connection indicator shows.",
     ["turn_on_wifi", "check_connection"]),
    ("mock", "wifi_off", "",
     "Could you kindly check the connection status on your device and revert what it displays?",
     ["check_connection"]),
    ("mock", "router_off", "",
     "Sorry!! Can you please try to switch the router off and on once?", ["restart_router"]),
    ("telecom", _AIRPLANE, "",
     "Kindly check if airplane mode is ON in your phone and revert. If ON, switch it OFF please.",
     [_AIR_LOOK, "turn_off_airplane_mode"]),
    ("telecom", _BILL, "",
     "Line is active now. Kindly reboot the phone so it registers on network.", ["reboot_device"]),
    ("telecom", _ABROAD, "",
     "Please go to Settings > Network & Internet > Mobile network and check whether Data roaming is ON. What is it "
     "showing?", [_ROAM_LOOK]),
    ("telecom", _SAVER, "",
     "Kindly switch off Data Saver (Settings > Network > Data Saver) and do the speed test again.",
     ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _MMS, "",
     "Can you check permissions of Messages app and tell what is allowed?", ["check_app_permissions"]),
    ("telecom", _APN, "",
     "Please reset APN settings to default and after that restart the device. Kindly do the needful.",
     ["reset_apn_settings", "reboot_device"]),
    ("telecom", _DATA, "",
     "Please switch Mobile Data off and then on once more.", ["turn_off_mobile_data", "turn_on_mobile_data"]),
]

# a fifth batch, written after the fourth was fixed and before running it: variations on the fourth set's dev
# lines (a terse agent on a busy shift; creative device wording; a formal agent's steps)
FIFTH_BATCH = [
    ("mock", "router_off", "",
     "reboot the router pls, then lmk if the device says online", ["restart_router", "check_connection"]),
    ("mock", "wifi_off", "",
     "do these pls:\n1. wifi settings - make sure wifi's on\n2. check connection status\nthen lmk",
     ["turn_on_wifi", "check_connection"]),
    ("mock", "router_off", "",
     "2 things: (a) power-cycle the router (b) send me the acct id so i can check the plan", ["restart_router"]),
    ("telecom", _AIRPLANE, "",
     "top of your screen - any little plane icon there", ["check_status_bar"]),
    ("telecom", _AIRPLANE, "",
     "airplane mode on? turn it off", [_AIR_LOOK, "turn_off_airplane_mode"]),
    ("telecom", _APN, "",
     "Settings > Mobile network > APN, ⋮ → Reset to default. then reboot", ["reset_apn_settings", "reboot_device"]),
    ("telecom", _BILL, "",
     "approve the payment request on your phone pls", ["pay_payment_request"]),
    ("telecom", _BILL, "",
     "line's back on. reboot the phone so it picks up signal", ["reboot_device"]),
    ("telecom", _SAVER, "",
     "data saver - on? if so switch it off", [_SAVER_LOOK, "turn_off_data_saver"]),
    ("telecom", _NETPREF, "",
     "Settings > Mobile networks > Network mode → 4G/5G please", ["set_network_mode_4g_5g"]),
    ("telecom", _MMS, "",
     "Settings > Apps > Messages > Permissions - allow SMS. then resend the MMS and lmk",
     ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _AIRPLANE, "",
     "Have a peek at the top of your screen near the clock. Any tiny plane up there?", ["check_status_bar"]),
    ("telecom", _AIRPLANE, "",
     "If the little plane is there, that's the problem. Swipe down, tap it so it turns grey, then tell me if the "
     "bars by the battery come back.", ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    ("telecom", _BILL, "",
     "What I'd like next is a restart of the phone - hold power, choose Restart. Once it's up, how do the bars by "
     "the battery look?", ["reboot_device", _BAR_OR_NET]),
    ("telecom", _SIM_OUT, "",
     "The phone may have lost touch with the SIM. Could you pop the tray out with a pin, press the card back in and "
     "push the tray home?", ["reseat_sim_card"]),
    ("telecom", _ABROAD, "",
     "Roaming is on for the line already, so the rest is on the phone: in **Settings > Mobile network**, switch "
     "*Data roaming* on.", ["turn_on_data_roaming"]),
    ("telecom", _DATA, "",
     "It'd really help if you could turn mobile data back on - it's the **Mobile data** tile in quick settings.",
     ["turn_on_mobile_data"]),
    ("telecom", _SAVER, "",
     "Data Saver is like a tap half closed on your connection. Could you open it fully by switching Data Saver off?",
     ["turn_off_data_saver"]),
    ("telecom", _NETPREF, "",
     "What network type does your phone show as preferred - 4G/5G, 3G or 2G?", ["check_network_mode"]),
    ("telecom", _VPN, "",
     "Is a VPN running? A small key at the top of the screen gives it away.", [_VPN_LOOK]),
    ("telecom", _NETPREF, "",
     "Two things, in order: set the network type to 4G/5G, then send a picture message to someone. Does it go "
     "through?", ["set_network_mode_4g_5g", "can_send_mms"]),
    ("telecom", _BOTH_PERMS, "",
     "Messages needs both SMS and storage access. Please grant both, then send a test picture to a friend.",
     ["grant_sms_permission", "grant_storage_permission", "can_send_mms"]),
    ("telecom", _AIR_VPN_DATA, "",
     "Several things at once here. First, airplane mode has to come off. After that, mobile data on and the VPN off.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("mock", "wifi_off", "",
     "Wi-Fi is like the bridge from your device to the router, and the bridge is up. Please lower it by switching "
     "Wi-Fi on.", ["turn_on_wifi"]),
    ("mock", "wifi_off", "",
     "One thing first: does your device say it's connected right now", ["check_connection"]),
    ("mock", "router_off", "",
     "Happy to help with both. While the router restarts - unplug it, then plug it in again - could you send me "
     "your account ID?", ["restart_router"]),
]

# a sixth batch, written before running it: hard negatives of the kinds the held-out half reads falsely (a
# condition describing a setting, what will show, the agent's own plan, a problem asked about), and three asks of
# the same shapes
SIXTH_BATCH = [
    ("telecom", _SAVER, "",
     "If Data Saver is on, apps won't refresh in the background, which is why your feeds look stale.", []),
    ("telecom", _AIRPLANE, "Please turn airplane mode off.",
     "Once it's off, you should see the bars come back within a few seconds.", []),
    ("telecom", _ABROAD, "",
     "If you ever need to, you can switch data roaming on under Settings > Mobile network.", []),
    ("telecom", _VPN, "",
     "When a VPN is connected, a small key icon shows in the status bar.", []),
    ("telecom", _APN, "",
     "Resetting the APN puts back the settings your phone shipped with.", []),
    ("telecom", _SIM_OUT, "",
     "A loose SIM card is the most common reason for a 'No SIM' message.", []),
    ("telecom", _BILL, "",
     "After the payment clears, I'll reactivate your line and you'll get a text confirming it.", []),
    ("telecom", _DATA, "Please turn mobile data on.",
     "Thanks - that was the last switch we needed.", []),
    ("telecom", _WIFI_CALLING, "",
     "Wi-Fi Calling is handy at home, but it can get in the way of picture messages.", []),
    ("telecom", _NETPREF, "",
     "Your phone is set to 3G only, which limits speeds to a few megabits.", []),
    ("telecom", _AIRPLANE, "",
     "Did you turn airplane mode on by accident, or was it on for a flight?", []),
    ("telecom", _BILL, "",
     "Just so you know, restarting won't help until the bill is paid.", []),
    ("telecom", _SAVER, "Data Saver is off now.",
     "Great, so that rules Data Saver out.", []),
    ("mock", "wifi_off", "",
     "Your device shows offline because Wi-Fi is switched off.", []),
    ("mock", "router_off", "",
     "If the router's lights are all off, it's likely unplugged.", []),
    ("telecom", _VPN, "",
     "I'll note on your account that the VPN was the cause, in case it happens again.", []),
    ("telecom", _ABROAD, "",
     "Once roaming is enabled on my side, your phone will need data roaming on too - I'll walk you through that "
     "next.", []),
    ("telecom", _MMS, "",
     "Normally the Messages app asks for the SMS permission the first time you open it.", []),
    ("telecom", _SAVER, "",
     "I'm going to check whether anything on the line is throttling you - one moment.", []),
    ("telecom", _DATA, "",
     "Does the problem happen on Wi-Fi as well, or only on mobile data?", []),
    ("telecom", _SAVER, "",
     "If Data Saver is on, please switch it off so apps can refresh in the background.",
     [_SAVER_LOOK, "turn_off_data_saver"]),
    ("telecom", _ABROAD, "",
     "You'll need data roaming on while abroad - could you switch it on under Settings > Mobile network?",
     ["turn_on_data_roaming"]),
    ("telecom", _VPN, "",
     "See a small key icon in the status bar? That means a VPN is connected - please disconnect it.",
     [_VPN_LOOK, "disconnect_vpn"]),
]

# a seventh batch, written before running it: a step on a thing the message before named, and indirect asks
SEVENTH_BATCH = [
    ("telecom", _AIRPLANE, "Airplane mode is the plane icon at the top.",
     "Tap it once so it goes grey.", ["turn_off_airplane_mode"]),
    ("telecom", _VPN, "There's a VPN profile called WorkNet on your phone.",
     "Go into it and hit Disconnect.", ["disconnect_vpn"]),
    ("telecom", _BOTH_PERMS, "The Messages app is missing the Storage permission.",
     "Could you grant it?", ["grant_storage_permission"]),
    ("telecom", _NETPREF, "Your network mode is set to 2G only.",
     "Let's get that changed to 4G/5G.", ["set_network_mode_4g_5g"]),
    ("telecom", _BILL, "The payment request should now be in your notifications.",
     "Go ahead and tap on it and pay.", ["pay_payment_request"]),
    ("telecom", _VPN, "Please restart the phone.",
     "Once it comes back, test the speed again for me.", ["run_speed_test"]),
    ("telecom", _WIFI_CALLING, "Wi-Fi Calling is on.",
     "That one should be off for MMS to work - can you change it?", ["turn_off_wifi_calling"]),
    ("telecom", _WIFI_CALLING, "I see you're on Wi-Fi right now.",
     "Please disconnect from it so we're testing mobile data.", ["turn_off_wifi"]),
    ("telecom", _ABROAD, "Roaming is now on for your line.",
     "On the phone side, the matching setting is Data roaming - please turn that on as well.",
     ["turn_on_data_roaming"]),
    ("telecom", _SIM_OUT, "The SIM tray is on the left edge.",
     "Pop it out with the tool, then push it back in.", ["reseat_sim_card"]),
    pytest.param("telecom", _SAVER_VPN_ROAM, "Data Saver and the VPN can both slow you down.",
                 "Please turn both off.", ["turn_off_data_saver", "disconnect_vpn"],
                 marks=pytest.mark.xfail(strict=True, reason="the two things of the message before are listed in "
                                                             "the order the reader keeps them for 'it', the later "
                                                             "first, so the steps come out reversed")),
    ("telecom", _AIRPLANE, "Is the plane icon showing?",
     "Okay, switch it off then.", ["turn_off_airplane_mode"]),
    ("mock", "router_off", "Please restart your router.",
     "When the lights stop blinking, check whether your laptop is online.", ["check_connection"]),
    ("telecom", _VPN, "",
     "I'd like you to have a look at your VPN app and tell me if it says connected.", [_VPN_LOOK]),
    ("telecom", _VPN, "",
     "Would you be able to run a speed test for me?", ["run_speed_test"]),
    ("telecom", _BILL, "",
     "It's worth a quick reboot of the phone at this point.", ["reboot_device"]),
    ("telecom", _AIRPLANE, "",
     "Perhaps try switching airplane mode on and off?", ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    ("telecom", _DATA, "",
     "How about turning mobile data off and on again?", ["turn_off_mobile_data", "turn_on_mobile_data"]),
    ("telecom", _SIM_OUT, "",
     "Can I get you to reseat the SIM?", ["reseat_sim_card"]),
    ("telecom", _SAVER, "",
     "Data Saver's on in your screenshot - mind switching it off and running the speed test again?",
     ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _APN, "",
     "Your APN looks customised. Let's put it back to default, then give the phone a restart.",
     ["reset_apn_settings", "reboot_device"]),
    ("telecom", _MMS, "",
     "Messages can't send texts without the SMS permission - could you allow that for it?", ["grant_sms_permission"]),
]

# an eighth batch, written before running it: settings described by what they do, indirect asks; four read wrong
# and are left as strict xfails (no rule written for them this round)
EIGHTH_BATCH = [
    ("telecom", _AIRPLANE, "",
     "Please switch off the setting that cuts every wireless connection on the phone.", ["turn_off_airplane_mode"]),
    ("telecom", _SAVER, "",
     "There's a mode that limits how much data apps use in the background - could you turn that off?",
     ["turn_off_data_saver"]),
    pytest.param("telecom", _ABROAD, "",
                 "Your phone has a switch that lets it use data on foreign networks. Please flip it on.",
                 ["turn_on_data_roaming"],
                 marks=pytest.mark.xfail(strict=True, reason="a setting described by what it does in one sentence "
                                                             "and operated by 'it' in the next: the description is "
                                                             "read only inside its own sentence")),
    ("telecom", _VPN, "", "Is anything routing your traffic through another server right now, like a VPN app?",
     [_VPN_LOOK]),
    pytest.param("telecom", _NETPREF, "",
                 "Could you tell me which generation of network your phone prefers - 2G, 3G or 4G/5G?",
                 ["check_network_mode"],
                 marks=pytest.mark.xfail(strict=True, reason="the network a phone 'prefers' is read as the network "
                                                             "status, not the preferred network mode")),
    ("telecom", _WIFI_CALLING, "",
     "Please turn off the feature that sends calls and texts over Wi-Fi.", ["turn_off_wifi_calling"]),
    ("telecom", _DATA, "",
     "The switch that lets your phone use the cellular network for internet should be on - could you check it?",
     ["check_mobile_data_settings"]),
    ("telecom", _SIM_OUT, "",
     "It might be worth taking the little card out of its tray and putting it back.", ["reseat_sim_card"]),
    ("telecom", _BILL, "",
     "I'd appreciate it if you could give the phone a quick restart.", ["reboot_device"]),
    ("telecom", _VPN, "",
     "If you don't mind, disconnect the VPN and then test your speed again.", ["disconnect_vpn", "run_speed_test"]),
    ("mock", "wifi_off", "",
     "When you get a second, could you make sure the wireless is switched on on your laptop?", ["turn_on_wifi"]),
    ("mock", "router_off", "",
     "It'd be a big help if you could power-cycle the router.", ["restart_router"]),
    pytest.param("telecom", _MMS, "",
                 "Let me know once the Messages app has permission to send SMS.", ["grant_sms_permission"],
                 marks=pytest.mark.xfail(strict=True, reason="a state to reach ('once it has permission') said as a "
                                                             "report is read as a look at the permissions, not the "
                                                             "grant that reaches it")),
    ("telecom", _AIRPLANE, "",
     "The next thing I'd check is the little plane at the top of the screen - is it there?", [_AIR_LOOK]),
]


# every batch above, each read as the user would
@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"),
                         [*NUMBERED, *BULLETED, *PREVIOUS, *EITHER, *OFFERS, *INDIRECT, *PRONOUN, *TERSE, *OTHER,
                          *SECOND_BATCH, *THIRD_BATCH, *FOURTH_BATCH, *FIFTH_BATCH,
                          *SIXTH_BATCH, *SEVENTH_BATCH, *EIGHTH_BATCH])
def test_user_tools_round9(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got
