"""Requests to operate the user's own tools, round 8: probes written before running them against the rules, on the
styles the held-out half reads worst (bulleted lists, steps leaning on the message before, indirect asks, settings
described by what they do, pronouns across sentences, terse fragments) and on wordings an LLM agent is likely to use
that earlier rounds may not hold: bullets under headers, sub-bullets, bold setting names and "→" paths; "now do the
same for …", "once that's done, …"; "it'd help to know whether …", "I'm curious what … shows". Hard negatives: what
a setting does, what the agent did, states reported, facts asked about the line."""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import (
    _ABROAD, _AIR_LOOK, _AIRPLANE, _APN, _BAR_OR_NET, _BILL, _BOTH_PERMS, _DATA, _DATA_LOOK, _MMS, _NETPREF,
    _ROAM_LOOK, _SAVER, _SAVER_LOOK, _SIM_OUT, _VPN, _VPN_LOOK, _WIFI_CALLING, _matches, _tools)

_AIR_VPN_DATA = "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off"
_THREE = "[mobile_data_issue]bad_vpn|data_saver_mode_on|user_abroad_roaming_disabled_off"
_CALLING_LOOK = "check_wifi_calling|check_status_bar"
_SIM_LOOK = "check_sim_status|check_status_bar"

# bulleted steps: under headers, with sub-bullets, bold setting names and paths with arrows
BULLETED = [
    ("telecom", _AIR_VPN_DATA, "",
     "### On your phone\n- **Airplane mode**: off\n- **Mobile data**: on\n\n### In your VPN app\n- Disconnect",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    ("telecom", _SAVER, "",
     "**Step 1 – Data Saver**\n- Settings → Network & internet → Data Saver\n- Toggle it off",
     ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "",
     "Please try the following:\n- Settings → Mobile network → **Roaming**\n  - switch it on\n  - then restart the "
     "phone", ["turn_on_data_roaming", "reboot_device"]),
    ("telecom", _MMS, "",
     "Here's how to fix picture messages:\n- Go to **Settings → Apps → Messages → Permissions**\n- Set **SMS** to "
     "*Allow*\n- Send yourself a test picture", ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _NETPREF, "",
     "Try this:\n• Settings → Connections → Mobile networks → Network mode\n• Choose **4G/5G (auto)**\n• Run a speed "
     "test afterwards", ["set_network_mode_4g_5g", "run_speed_test"]),
    ("telecom", _SIM_OUT, "",
     "To reseat the SIM:\n- Power the phone off\n- Eject the tray with the SIM tool\n- Put the card back in and "
     "power on", ["reseat_sim_card", "reboot_device"]),
    ("telecom", _WIFI_CALLING, "",
     "**Wi-Fi Calling**\n- Where: Settings → Connections → Wi-Fi Calling\n- What to do: turn it off",
     ["turn_off_wifi_calling"]),
    ("telecom", _DATA, "",
     "Quick check for me:\n- Is mobile data on?\n- How many bars do you have?",
     [_DATA_LOOK, _BAR_OR_NET]),
    ("telecom", _VPN, "",
     "Next:\n- VPN → disconnect\n- Speed test → run again", ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _APN, "",
     "A couple of things on your end:\n- **APN settings** – reset to default\n- **Phone** – restart",
     ["reset_apn_settings", "reboot_device"]),
    ("mock", "wifi_off", "",
     "On the device:\n- **Wi-Fi** → on\n- then look at the connection indicator and tell me what it says",
     ["turn_on_wifi", "check_connection"]),
    ("mock", "router_off", "",
     "Let's try:\n* unplug the router, wait 30 seconds, plug it back in\n* check whether your device shows online",
     ["restart_router", "check_connection"]),
    ("telecom", _BOTH_PERMS, "",
     "For the Messages app, please allow:\n- SMS\n- Storage",
     ["grant_sms_permission", "grant_storage_permission"]),
    ("telecom", _AIR_VPN_DATA, "",
     "What I checked on our side:\n- **Line status**: active\n- **Data allowance**: 4.2 GB left\n- **Roaming**: "
     "not needed", []),
    ("telecom", _SAVER, "",
     "**Why it's slow**\n- Data Saver limits background data\n- The VPN adds an extra hop", []),
    ("telecom", _NETPREF, "",
     "Network modes explained:\n- **2G**: calls and texts only\n- **3G**: basic data\n- **4G/5G**: fastest", []),
]

# a step leaning on the message before: "now do the same for …", "once that's done, …"
PREVIOUS = [
    pytest.param("telecom", _THREE, "Please disconnect the VPN first.",
     "Now do the same for Data Saver - switch it off.", ["turn_off_data_saver"],
                 marks=pytest.mark.xfail(strict=True, reason="the reading above the tool rules repeats the previous "
                                                             "message's step for 'do the same', beside the step on "
                                                             "Data Saver this message names")),
    ("telecom", _AIR_VPN_DATA, "Please turn airplane mode off.",
     "Once that's done, switch mobile data on.", ["turn_on_mobile_data"]),
    ("telecom", _SAVER, "Data Saver is the switch under Settings > Network > Data Saver.",
     "Go ahead and flip that off.", ["turn_off_data_saver"]),
    ("telecom", _VPN, "Please disconnect the VPN.",
     "Once you have, run a speed test and send me the numbers.", ["run_speed_test"]),
    ("telecom", _ABROAD, "Your phone's Data Roaming switch is off.",
     "Let's flip that on.", ["turn_on_data_roaming"]),
    ("telecom", _SIM_OUT, "Please take the SIM out and put it back in.",
     "Once it's back in, restart the phone.", ["reboot_device"]),
    ("telecom", _WIFI_CALLING, "Wi-Fi Calling is on, from your screenshot.",
     "Same deal as before - please turn that off.", ["turn_off_wifi_calling"]),
    ("telecom", _DATA, "Could you turn mobile data on?",
     "When that's done, what does the top of your screen show?", [_BAR_OR_NET]),
    ("telecom", _MMS, "Please allow the SMS permission for Messages.",
     "Done? Great - try sending a picture now.", ["can_send_mms"]),
    ("mock", "wifi_off", "Please switch Wi-Fi on.",
     "After that, take a look at whether the device says online.", ["check_connection"]),
    ("telecom", _VPN, "Please disconnect the VPN.",
     "Thanks for doing that - it was the most likely culprit.", []),
    ("telecom", _AIRPLANE, "Please turn airplane mode off.",
     "Perfect, that's the one that was blocking calls.", []),
]

# an indirect ask: "it'd help to know whether …", "I'm curious what … shows"
INDIRECT = [
    ("telecom", _VPN, "", "It'd help to know whether a VPN is running on the phone.", [_VPN_LOOK]),
    ("telecom", _AIRPLANE, "", "I'm curious what your status bar shows right now.", [_AIR_LOOK]),
    ("telecom", _SAVER, "", "I'd love to know if Data Saver is switched on.", [_SAVER_LOOK]),
    pytest.param("telecom", _NETPREF, "", "It would be good to see what speeds a test gives you now.",
                 ["run_speed_test"],
                 marks=pytest.mark.xfail(strict=True, reason="'it would be good to see what …' is no ask the rules "
                                                             "know, and the speed test is named as the subject of "
                                                             "'gives'")),
    ("telecom", _SIM_OUT, "", "I wonder what your phone says about the SIM at the moment.", [_SIM_LOOK]),
    ("telecom", _WIFI_CALLING, "", "It'd be useful to know if Wi-Fi Calling is enabled on your handset.",
     [_CALLING_LOOK]),
    ("telecom", _ABROAD, "", "My next question is whether data roaming is on for you.", [_ROAM_LOOK]),
    ("telecom", _DATA, "", "What I'd really like is for mobile data to be switched back on.", ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "It might be worth disconnecting the VPN while we test.", ["disconnect_vpn"]),
    pytest.param("mock", "router_off", "", "I'd be grateful if the router could get a quick restart.",
                 ["restart_router"],
                 marks=pytest.mark.xfail(strict=True, reason="a restart the router 'could get' is a wish about the "
                                                             "router, not an operation on it; no rule turns it into "
                                                             "the step")),
    ("telecom", _NETPREF, "", "If you don't mind, I'd like the network mode set to 4G/5G.",
     ["set_network_mode_4g_5g"]),
    ("telecom", _BILL, "", "It'd help to know when your last payment went through.", []),
    ("telecom", _NETPREF, "", "I'm curious which plan you're on - is it the Unlimited one?", []),
    ("telecom", _VPN, "", "It'd help to know which VPN provider your employer uses.", []),
]

# a setting described by what it does rather than named
DESCRIPTION = [
    ("telecom", _AIRPLANE, "", "Please turn off the mode that shuts down all of the phone's radios.",
     ["turn_off_airplane_mode"]),
    ("telecom", _SAVER, "", "Switch off the setting that restricts apps from using data in the background.",
     ["turn_off_data_saver"]),
    ("telecom", _ABROAD, "", "Turn on the option that lets your phone use data on partner networks abroad.",
     ["turn_on_data_roaming"]),
    ("telecom", _DATA, "", "Please enable the switch that lets your phone use the internet over the cellular network.",
     ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "Please disconnect the app that routes your traffic through a private server.",
     ["disconnect_vpn"]),
    ("telecom", _AIRPLANE, "", "Could you check whether the little plane icon is showing at the top?", [_AIR_LOOK]),
    ("telecom", _SAVER, "", "The setting that restricts background data can slow down picture downloads.", []),
    ("telecom", _ABROAD, "", "The option that lets your phone use partner networks abroad is off on many phones.",
     []),
]

# a pronoun reaching back across sentences
PRONOUN = [
    ("telecom", _VPN, "", "I see a VPN on your phone. Please disconnect it and then run a speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _SAVER, "", "Data Saver can throttle your apps. Let's switch it off for now.",
     ["turn_off_data_saver"]),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling sometimes interferes with MMS. Can you tell me if it's on?",
     [_CALLING_LOOK]),
    ("telecom", _ABROAD, "", "Your phone's roaming switch is what matters here. Make sure it's on.",
     ["turn_on_data_roaming"]),
    ("telecom", _AIRPLANE, "", "Airplane mode seems to be on. Turning it off should bring your signal back - "
                               "could you do that?", ["turn_off_airplane_mode"]),
    ("mock", "wifi_off", "", "Your device's Wi-Fi is off. Please turn it back on.", ["turn_on_wifi"]),
    ("telecom", _VPN, "", "A VPN was set up by your employer. It's probably why work apps load fine.", []),
    ("telecom", _SAVER, "", "Data Saver was turned on by a battery app. It happens quite a lot.", []),
]

# terse fragments
TERSE = [
    ("telecom", _AIRPLANE, "", "airplane mode - off pls", ["turn_off_airplane_mode"]),
    ("telecom", _VPN, "", "vpn off, then retest speed", ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _DATA, "", "data on?", [_DATA_LOOK]),
    ("telecom", _BILL, "", "restart phone pls", ["reboot_device"]),
    ("telecom", _SIM_OUT, "", "reseat sim, then reboot", ["reseat_sim_card", "reboot_device"]),
    ("telecom", _NETPREF, "", "net mode -> 4G/5G", ["set_network_mode_4g_5g"]),
    ("telecom", _MMS, "", "sms permission for messages: allow", ["grant_sms_permission"]),
    pytest.param("telecom", _SAVER, "", "bars? and data saver - on or off?", [_BAR_OR_NET, _SAVER_LOOK],
                 marks=pytest.mark.xfail(strict=True, reason="'bars?' alone names no state, so it is not read as a "
                                                             "terse question about the status bar")),
    pytest.param("mock", "router_off", "", "router: unplug, 30s, replug", ["restart_router"],
                 marks=pytest.mark.xfail(strict=True, reason="'unplug … replug' as bare verbs after a label is a "
                                                             "restart said in shorthand; the restart rules need a "
                                                             "verb with 'back in'")),
    ("telecom", _VPN, "", "vpn was the issue, all good now", []),
    ("telecom", _AIRPLANE, "", "airplane mode off on your end - nice", []),
]

# hard negatives: what a setting does, what the agent did, states reported, facts asked about the line
NEGATIVES = [
    ("telecom", _AIRPLANE, "", "Airplane mode turns off every radio, so no calls, texts or data get through.", []),
    ("telecom", _DATA, "", "I've refreshed your line on our network; mobile data should follow within a minute.", []),
    ("telecom", _VPN, "", "The VPN you disconnected earlier was routing traffic through another country.", []),
    ("telecom", _NETPREF, "", "Your phone was on 3G only, which explains the slow speed test.", []),
    ("telecom", _SIM_OUT, "", "Do you have the PUK for your SIM card?", []),
    ("telecom", _BILL, "", "Which phone number is the account registered to?", []),
    ("telecom", _ABROAD, "", "Roaming is enabled on your plan, and charges apply at $5 per day.", []),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi Calling lets you make calls over a wireless network when signal is weak.",
     []),
    ("telecom", _SAVER, "", "Once Data Saver is off, background apps can sync again.", []),
    ("telecom", _MMS, "", "Picture messages need the SMS permission, which yours was missing.", []),
    ("mock", "router_off", "", "The router was off, which is why your device showed offline.", []),
    ("telecom", _APN, "", "I've pushed fresh APN settings to your line from our side.", []),
]

# a second batch, written after the first was fixed, before running it: steps on what the message before named,
# sub-bullets under a numbered step, a look and its step in one question, terse asks, and states reported
SECOND_BATCH = [
    ("telecom", _SAVER, "Data Saver is on, from your screenshot.",
     "Could you switch that off and then run the speed test again?", ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _VPN, "I can see a VPN profile is active.",
     "That's likely slowing you down. Can you turn it off for now?", ["disconnect_vpn"]),
    ("telecom", _ABROAD, "",
     "Since you're in Spain, roaming has to be enabled on the handset. Go to Settings > Mobile network and enable it.",
     ["turn_on_data_roaming"]),
    ("telecom", _NETPREF, "",
     "1. Open Settings\n2. Tap Mobile network\n   - Network mode\n   - Select 4G/5G (recommended)\n3. Run a speed test",
     ["set_network_mode_4g_5g", "run_speed_test"]),
    ("telecom", _MMS, "",
     "Messages needs permission to send SMS. Head to App info > Permissions and flip SMS to Allowed.",
     ["grant_sms_permission"]),
    ("telecom", _SIM_OUT, "",
     "Could you pop the SIM tray out, make sure the card is sitting flat, and slide it back in?", ["reseat_sim_card"]),
    ("telecom", _VPN, "",
     "Is there a VPN app on your phone that's connected right now? If yes, please disconnect it.",
     [_VPN_LOOK, "disconnect_vpn"]),
    ("telecom", _SAVER, "", "Data Saver? Off, please.", ["turn_off_data_saver"]),
    ("telecom", _VPN, "Please disconnect the VPN.", "And the speed test after that, please.", ["run_speed_test"]),
    ("telecom", _WIFI_CALLING, "",
     "Does your phone have Wi-Fi Calling turned on? It's under Settings > Connections.", [_CALLING_LOOK]),
    ("telecom", _AIRPLANE, "", "Let me know if you see a plane icon near the clock.", [_AIR_LOOK]),
    ("telecom", _DATA, "", "I'd suggest turning mobile data on and checking whether the 4G icon appears.",
     ["turn_on_mobile_data", _BAR_OR_NET]),
    # (its place in the order said after it: a step, as blind writers label "same speed test after." — round 23;
    # round 8 read it as a heading)
    ("telecom", _VPN, "", "The speed test, after that.", ["run_speed_test"]),
    ("telecom", _SAVER, "",
     "Data Saver has been on since your last update, which explains why apps don't refresh.", []),
    ("telecom", _VPN, "", "Your VPN connects automatically at startup, which is why it keeps coming back.", []),
]


# every batch above, each read as the user would
@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"),
                         [*BULLETED, *PREVIOUS, *INDIRECT, *DESCRIPTION, *PRONOUN, *TERSE, *NEGATIVES,
                          *SECOND_BATCH])
def test_user_tools_round8(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got
