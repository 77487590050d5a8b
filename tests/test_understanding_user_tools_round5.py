"""Requests to operate the user's own tools, round 5 of issue 20: blind probes written before reading how the rules
take them, aimed at the classes the held-out aggregates still miss: a setting operated by "it", "that" or "the same"
after it was named in an earlier sentence or the agent's previous message; terse imperative steps; a setting
described instead of named; indirect asks; and the order of steps when the words come in another order. Hard
negatives: polite explanations and reports that use a setting's words without asking (what a setting does, what the
agent did, what the user already did, advice for later, "if that doesn't work we'll try X next")."""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import (
    _ABROAD, _AIRPLANE, _APN, _BAR_OR_NET, _BILL, _BOTH_PERMS, _DATA, _MMS, _NETPREF, _ROAM_LOOK, _SAVER, _SIM_OUT,
    _VPN, _WIFI_CALLING, _matches, _tools)


# (domain, task, the agent's previous message, the message, the tools in order)
PRONOUNS = [
    ("telecom", _WIFI_CALLING, "Let's start with Wi-Fi Calling: please switch it off.",
     "Thanks! Now do the same for Wi-Fi.", ["turn_off_wifi"]),
    ("telecom", _AIRPLANE, "Please turn on airplane mode for about ten seconds.",
     "Great. Could you switch it back off now?", ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "I can see mobile data is switched off on your phone. Would you mind turning it back on?",
     ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "It looks like a VPN is active on your device. That can slow things down a lot, so please "
                          "disconnect from it for now.", ["disconnect_vpn"]),
    ("telecom", _ABROAD, "Data roaming needs to be on while you're travelling.",
     "Could you go ahead and enable that for me?", ["turn_on_data_roaming"]),
    pytest.param("telecom", _SAVER, "", "Your Data Saver is on. Let's turn that off and see whether your apps load.",
     ["turn_off_data_saver"],
                 marks=pytest.mark.xfail(strict=True, reason="'see whether your apps load' reads as a look at the "
                                                             "Messages app's permissions ('app' is one of that screen's "
                                                             "things)")),
    ("telecom", _NETPREF, "Your network mode is set to 3G only.",
     "Please change that to the 4G/5G preferred option.", ["set_network_mode_4g_5g"]),
    ("telecom", _APN, "Your APN settings don't match ours.", "Please reset them to the defaults.",
     ["reset_apn_settings"]),
    ("telecom", _SIM_OUT, "", "Your phone says there's no SIM. Could you take the card out, check it for dust, and "
                              "put it back in firmly?", ["reseat_sim_card"]),
    ("telecom", _DATA, "Could you please turn mobile data off?",
     "Perfect. Now, after about five seconds, turn it back on.", ["turn_on_mobile_data"]),
    ("telecom", _MMS, "Messages is missing the SMS permission.", "Could you allow it in the app's settings?",
     ["grant_sms_permission"]),
    ("telecom", _WIFI_CALLING, "Please open Settings > Connections and find Wi-Fi Calling.",
     "Once you're there, is it switched on or off?", ["check_wifi_calling"]),
    ("telecom", _DATA, "Please run a speed test.", "Thanks. Could you do the same once more with Wi-Fi off?",
     ["turn_off_wifi", "run_speed_test"]),
    ("telecom", _BILL, "There's a payment request for your overdue balance waiting on your phone.",
     "Whenever you're ready, please accept it.", ["pay_payment_request"]),
    ("mock", "wifi_off", "Wi-Fi seems to be off on your device.", "Can you flip it on?", ["turn_on_wifi"]),
    ("mock", "router_off", "", "The router may have lost power. Please unplug it, wait thirty seconds, and plug it "
                               "back in.", ["restart_router"]),
    ("streamco", "playback_error", "The app's cache might be corrupted.", "Could you clear it for me?",
     ["clear_app_cache"]),
    pytest.param("streamco", "playback_error", "Please close the StreamCo app completely.",
     "Now open it again and try to play any title.", ["restart_app", "play_a_title"],
                 marks=pytest.mark.xfail(strict=True, reason="a restart split across messages (closed in the previous "
                                                             "one, 'open it again' now) is not read as one")),
    ("isp", "no_internet", "Let's look at your router.", "Can you tell me what colour its lights are?",
     ["check_router_lights"]),
    ("gym", "door_pass", "", "Your app session may be stale. Please sign out of the club app and then log back into "
                             "it.", ["sign_out_and_back_in"]),
]

TERSE = [
    ("telecom", _AIRPLANE, "", "Reboot.", ["reboot_device"]),
    ("telecom", _AIRPLANE, "", "Airplane mode off, then on.", ["turn_off_airplane_mode", "turn_on_airplane_mode"]),
    ("telecom", _DATA, "", "Mobile data on, please.", ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "VPN off, then speed test.", ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _WIFI_CALLING, "", "Next: Wi-Fi calling off.", ["turn_off_wifi_calling"]),
    ("telecom", _SIM_OUT, "", "Step 2 - reseat the SIM.", ["reseat_sim_card"]),
    ("telecom", _APN, "", "APN: reset to default.", ["reset_apn_settings"]),
    ("telecom", _SAVER, "", "Data Saver: off.", ["turn_off_data_saver"]),
    ("telecom", _MMS, "", "Quick one: send a test picture message.", ["can_send_mms"]),
    ("telecom", _AIRPLANE, "", "Restart, then check the signal bars.", ["reboot_device", _BAR_OR_NET]),
    ("mock", "router_off", "", "Restart router.", ["restart_router"]),
    ("streamco", "playback_error", "", "Clear cache, restart app.", ["clear_app_cache", "restart_app"]),
    pytest.param("isp", "no_internet", "", "Router lights - what colour?", ["check_router_lights"],
                 marks=pytest.mark.xfail(strict=True, reason="a verbless 'what colour?' after a thing is no question "
                                                             "about what the thing shows")),
    pytest.param("power", "meter_reading", "", "Meter reading, please.", ["read_meter"],
                 marks=pytest.mark.xfail(strict=True, reason="'meter reading' is no thing of read_meter's (only "
                                                             "'meter'), so no terse step")),
]

DESCRIBED = [
    ("telecom", _AIRPLANE, "", "Could you tap the little plane icon in your quick settings so that it's no longer "
                               "highlighted?", ["turn_off_airplane_mode"]),
    pytest.param("telecom", _ABROAD, "", "Please enable the toggle that lets your phone use other carriers' networks while "
                             "you're abroad.", ["turn_on_data_roaming"],
                 marks=pytest.mark.xfail(strict=True, reason="roaming named only by what it does ('use other carriers' "
                                                             "networks … abroad'), no word of its tool's name or "
                                                             "description")),
    ("telecom", _WIFI_CALLING, "", "Please turn off the setting that sends your calls and texts over Wi-Fi.",
     ["turn_off_wifi_calling"]),
    ("telecom", _SIM_OUT, "", "Could you pull out the small tray on the side of the phone, reseat the chip inside, "
                              "and slide the tray back?", ["reseat_sim_card"]),
    ("telecom", _DATA, "", "Please check the bars and network letters at the top of your screen.",
     [_BAR_OR_NET]),
    ("telecom", _DATA, "", "Could you switch your phone off completely and then power it back up?",
     ["reboot_device"]),
    ("telecom", _VPN, "", "Could you check whether there's a little key icon at the top of your screen?",
     ["check_status_bar|check_vpn_status"]),
    ("telecom", _DATA, "", "Please run an internet speed check and tell me the download figure.",
     ["run_speed_test"]),
    pytest.param("streamco", "playback_error", "", "What exactly does the message on your TV say when the show fails to start?",
     ["read_error_on_screen"],
                 marks=pytest.mark.xfail(strict=True, reason="read as trying a title (the when-clause), not reading the "
                                                             "error on screen")),
    pytest.param("isp", "no_internet", "", "Could you switch the box off at the back, wait half a minute, and switch it on again?",
     ["restart_router"],
                 marks=pytest.mark.xfail(strict=True, reason="'the box' is no name of the router")),
    # (read since round 33)
    ("power", "meter_reading", "", "Could you read me the number on the display of your electricity meter?",
     ["read_meter"]),
    pytest.param("gym", "door_pass", "", "Could you open the QR code you scan at the entrance and tell me what it shows?",
     ["open_door_pass"],
                 marks=pytest.mark.xfail(strict=True, reason="the door pass named only as 'the QR code …'; a code is "
                                                             "read as a fact, not a screen")),
]

INDIRECT = [
    ("telecom", _AIRPLANE, "", "Once you've had a chance to restart your phone, let me know what you see in the "
                               "status bar.", ["reboot_device", "check_status_bar"]),
    ("telecom", _DATA, "", "I'd need you to switch mobile data on before we go any further.",
     ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "It would help a lot if you disconnected the VPN and ran a fresh speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _NETPREF, "", "The fix here is for your network mode to be set to 4G/5G preferred; are you able to "
                              "make that change?", ["set_network_mode_4g_5g"]),
    pytest.param("telecom", _MMS, "", "What we need is for the Messages app to have permission to use SMS. You can grant that "
                          "under Settings > Apps > Messages > Permissions.", ["grant_sms_permission"],
                 marks=pytest.mark.xfail(strict=True, reason="'You can grant that under Settings > …' (a modal 'you "
                                                             "can') is not read as asking the step")),
    ("telecom", _APN, "", "I'd suggest resetting your APN settings to their defaults at this point.",
     ["reset_apn_settings"]),
    ("telecom", _SIM_OUT, "", "Ideally, you'd check your SIM status in Settings and let me know what it shows.",
     ["check_sim_status"]),
    ("telecom", _ABROAD, "", "When you have a moment, I'd like you to look at whether data roaming is enabled.",
     [_ROAM_LOOK]),
    ("telecom", _WIFI_CALLING, "", "I'm going to have you turn Wi-Fi off for this next part.", ["turn_off_wifi"]),
    ("telecom", _SAVER, "", "The quickest way to test this would be to switch Data Saver off for a few minutes",
     ["turn_off_data_saver"]),
    pytest.param("telecom", _BILL, "", "To get your service back, the payment request on your phone will need to be paid.",
     ["pay_payment_request"],
                 marks=pytest.mark.xfail(strict=True, reason="a step asked in the passive ('the payment request … will "
                                                             "need to be paid') is not read")),
    ("mock", "router_off", "", "It'd be great if you could check whether your device shows as connected now",
     ["check_connection"]),
    # ('try a title' plays one since round 30, as 'then try a show')
    ("streamco", "playback_error", "", "My recommendation would be to clear the app's cache and then try a title "
                                       "again.", ["clear_app_cache", "play_a_title"]),
    ("bank", "freeze_after_alert", "", "It would be helpful to know what the most recent alert in your banking app "
                                       "says.", ["check_app_alerts"]),
]

ORDER = [
    ("telecom", _AIRPLANE, "", "Before you restart, turn off airplane mode.",
     ["turn_off_airplane_mode", "reboot_device"]),
    ("telecom", _DATA, "", "Run a speed test, but only after you've switched mobile data on.",
     ["turn_on_mobile_data", "run_speed_test"]),
    ("telecom", _MMS, "", "Prior to sending another MMS, please grant the SMS permission to Messages.",
     ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _SIM_OUT, "", "Please reboot the phone - having first reseated the SIM card.",
     ["reseat_sim_card", "reboot_device"]),
    ("telecom", _VPN, "", "After disconnecting the VPN, please run the speed test again.",
     ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _WIFI_CALLING, "", "Try sending the MMS again once Wi-Fi Calling is off.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _APN, "", "Restart your phone. Make sure you've reset the APN settings before doing so.",
     ["reset_apn_settings", "reboot_device"]),
    ("telecom", _DATA, "", "1. Turn off Wi-Fi\n2. Turn on mobile data\n3. Then run a speed test",
     ["turn_off_wifi", "turn_on_mobile_data", "run_speed_test"]),
    ("mock", "router_off", "", "Check the connection, but restart the router first.",
     ["restart_router", "check_connection"]),
    ("streamco", "playback_error", "", "Before you try playing anything, restart the app.",
     ["restart_app", "play_a_title"]),
    ("isp", "no_internet", "", "After the router has been restarted, run a speed test from a connected device.",
     ["restart_router", "run_speed_test"]),
]

NEGATIVES = [
    ("telecom", _WIFI_CALLING, "", "Turning off Wi-Fi calling can sometimes help with picture messages.", []),
    ("telecom", _ABROAD, "", "When data roaming is on, your phone may use partner networks, which can add charges.",
     []),
    ("telecom", _DATA, "", "I've refreshed your line's data provisioning on our end.", []),
    ("telecom", _AIRPLANE, "", "Thanks for turning airplane mode off - I can see your phone back on the network.",
     []),
    ("telecom", _AIRPLANE, "", "If this ever happens again, a quick restart of your phone is usually the fastest fix.",
     []),
    ("telecom", _APN, "", "If that doesn't work, we'll try resetting your APN settings next.", []),
    ("telecom", _VPN, "", "Some VPN apps reconnect automatically after a restart, so keep that in mind.", []),
    ("telecom", _SIM_OUT, "", "A loose SIM card is one of the most common causes of the 'No service' message.", []),
    ("telecom", _SAVER, "", "Data Saver stops apps from using data in the background to keep your usage down.", []),
    ("telecom", _NETPREF, "", "Your phone should now be on 4G/5G, which explains why the speed test looks much "
                              "better.", []),
    ("telecom", _MMS, "", "You mentioned you already restarted the phone earlier today, so there's no need to do "
                          "that again.", []),
    ("telecom", _DATA, "", "Mobile data being off would explain why nothing loads away from Wi-Fi.", []),
    ("telecom", _BILL, "", "Once the payment clears, service usually comes back within a few minutes; you may need "
                           "to restart the phone at that point.", []),
    ("telecom", _AIRPLANE, "", "I'll send a refresh signal to your phone now; you don't need to do anything.", []),
    ("telecom", _DATA, "", "Could you tell me roughly when mobile data stopped working?", []),
    ("telecom", _WIFI_CALLING, "Please switch Wi-Fi Calling off.",
     "Great, that's all done - Wi-Fi Calling is now off and your MMS should go through.", []),
    ("telecom", _ABROAD, "", "Roaming charges for your plan are $5 per day while you're abroad.", []),
    ("telecom", _VPN, "", "Your speed test result of 48 Mbps is right where it should be.", []),
    ("mock", "router_off", "", "Restarting the router clears its memory and often fixes dropped connections.", []),
    ("mock", "wifi_off", "", "I've just checked from here and the connection looks healthy now.", []),
    ("streamco", "playback_error", "", "Clearing the cache won't sign you out or remove your profiles.", []),
    ("isp", "no_internet", "", "A solid green light on the router means it's connected to our network.", []),
    ("power", "meter_reading", "", "We'll use your meter reading to correct the estimated bill.", []),
    ("gym", "door_pass", "", "Your door pass refreshes automatically every time you open the app.", []),
]


def _cases(*groups: list[object]) -> list[object]:
    return [case for group in groups for case in group]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"),
                         _cases(PRONOUNS, TERSE, DESCRIBED, INDIRECT, ORDER, NEGATIVES))
def test_user_tools_round5(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got


# a second batch, written after two new rewrites of the variants benchmark (you_could_try, would_help_if) broke 25
# and 33 of 71 dev tool items: advice as "you could try …", a step wished for in the past tense, word that a step is
# done after it ("once you've …, let me know"), and steps put off for another time
SECOND = [
    ("telecom", _AIRPLANE, "", "You could try restarting your phone - that often clears this up.", ["reboot_device"]),
    ("telecom", _DATA, "", "You might also try toggling mobile data.", ["turn_off_mobile_data", "turn_on_mobile_data"]),
    ("telecom", _VPN, "", "It would be really helpful if you turned the VPN off and then took a fresh speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _APN, "", "It would help us a lot if you reset the APN settings.", ["reset_apn_settings"]),
    ("telecom", _SIM_OUT, "", "It'd be great if you tapped Restart in the power menu.", ["reboot_device"]),
    ("mock", "router_off", "", "It would help if you restarted the router and checked the connection again.",
     ["restart_router", "check_connection"]),
    ("telecom", _AIRPLANE, "", "Once you've switched flight mode off, just let me know.", ["turn_off_airplane_mode"]),
    ("telecom", _WIFI_CALLING, "", "After you've turned Wi-Fi calling off, drop me a quick message.",
     ["turn_off_wifi_calling"]),
    # hard negatives: a step for another time, a possible later ask
    ("telecom", _AIRPLANE, "", "You can try restarting again later if the problem comes back.", []),
    ("telecom", _DATA, "", "In the future, you could try toggling mobile data before calling us.", []),
    ("telecom", _VPN, "", "Later on I might ask you to disconnect the VPN, but not yet.", []),
    ("telecom", _SAVER, "", "If it ever happens again, you could switch Data Saver off yourself.", []),
    ("telecom", _AIRPLANE, "", "It would have helped if you had restarted before the update.", []),
]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"), SECOND)
def test_user_tools_round5_second_batch(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got


# a third batch: a step followed by what the user will then see or by "let me know" (extra looks the rules read
# where nothing more is asked: 2 of these 10 were read with a false look before the fix)
AFTER_A_STEP = [
    ("telecom", _AIRPLANE, "", "Please turn off airplane mode and let me know.", ["turn_off_airplane_mode"]),
    ("telecom", _AIRPLANE, "", "Please turn off airplane mode, then let me know.", ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "Please enable mobile data - you should then see 4G or LTE next to your signal bars.",
     ["turn_on_mobile_data"]),
    ("telecom", _DATA, "", "Please enable mobile data. You should then see LTE beside the bars.",
     ["turn_on_mobile_data"]),
    ("telecom", _DATA, "", "Turn on mobile data. You should then restart your phone.",
     ["turn_on_mobile_data", "reboot_device"]),
    ("telecom", _AIRPLANE, "", "Once your signal is back, let me know.", [_BAR_OR_NET]),
    ("telecom", _WIFI_CALLING, "", "Please disable Wi-Fi calling and let me know if that helps.",
     ["turn_off_wifi_calling"]),
    ("telecom", _SIM_OUT, "", "Go ahead and reseat the SIM card, and let me know once it's back in.",
     ["reseat_sim_card"]),
    ("telecom", _DATA, "", "Please switch on mobile data and let me know what happens.", ["turn_on_mobile_data"]),
    ("mock", "wifi_off", "", "Please turn Wi-Fi on and let me know.", ["turn_on_wifi"]),
]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"), AFTER_A_STEP)
def test_user_tools_round5_after_a_step(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got


# a fourth batch, blind again: "that"/"it"/"that one" for a setting the sentence or message before named, "if so"
# after a state the agent suspects, "Did that help? If not, repeat it", a needed state then "Could you handle that?",
# settings described by what the user sees, indirect asks, and hard negatives. Before the fixes 4 of 33 were wrong
# (one of them a label of mine: a web page is no tool's)
FOURTH = [
    # pronouns and references to an earlier sentence or the previous message
    ("telecom", _VPN, "Your VPN app seems to be routing all traffic through a server abroad.",
     "Could you pause that for a few minutes?", ["disconnect_vpn"]),
    ("telecom", _DATA, "", "Mobile data should be enabled for this to work. Mind checking that for me?",
     ["check_mobile_data_settings|check_network_status|check_status_bar"]),
    ("telecom", _ABROAD, "Since you're in Spain, your phone needs data roaming switched on.",
     # (loading a web page is none of the phone's tools: only the step is read)
     "Once you've flipped that on, try loading a web page.", ["turn_on_data_roaming"]),
    ("telecom", _WIFI_CALLING, "Wi-Fi Calling can interfere with picture messages on some phones.",
     "Let's switch that off for now, and then try sending the MMS again.", ["turn_off_wifi_calling", "can_send_mms"]),
    ("telecom", _AIRPLANE, "It sounds like airplane mode might still be on.",
     "If so, please turn it off.", ["check_status_bar|check_network_status", "turn_off_airplane_mode"]),
    ("telecom", _APN, "", "Your APN settings may have been changed by a recent update. Resetting them usually sorts "
                          "this out - could you give that a try?", ["reset_apn_settings"]),
    ("telecom", _SAVER, "I can see you've got Data Saver turned on.", "That one needs to be off. Could you handle that?",
     ["turn_off_data_saver"]),
    ("telecom", _NETPREF, "Your phone is locked to 2G.", "Let's get that changed to 4G/5G.",
     ["set_network_mode_4g_5g"]),
    ("telecom", _SIM_OUT, "Please reseat the SIM card.", "Thanks! Now restart the phone once more.",
     ["reboot_device"]),
    ("telecom", _DATA, "Please toggle mobile data off and on.", "Did that help? If not, please repeat it once more.",
     ["turn_off_mobile_data", "turn_on_mobile_data"]),
    ("telecom", _BOTH_PERMS, "Messages is missing two permissions: SMS and Storage.",
     "Please grant both of them.", ["grant_sms_permission", "grant_storage_permission"]),
    ("mock", "router_off", "Your router seems to be stuck.", "Could you power-cycle it?", ["restart_router"]),
    # described, not named
    ("telecom", _AIRPLANE, "", "Please swipe down from the top and make sure the aeroplane tile isn't lit.",
     ["turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "Please make sure the Cellular Data switch is green.", ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "Do you see a small key symbol near the clock?", ["check_status_bar|check_vpn_status"]),
    ("telecom", _SIM_OUT, "", "Please take out the little SIM tray with a paperclip, then push it back in until it clicks.",
     ["reseat_sim_card"]),
    ("telecom", _DATA, "", "How fast is your connection right now according to a speed test?", ["run_speed_test"]),
    ("telecom", _WIFI_CALLING, "", "Please turn off the option that lets your phone place calls over your home "
                                   "internet connection.", ["turn_off_wifi_calling"]),
    ("telecom", _NETPREF, "", "What does your phone list as its preferred type of network?", ["check_network_mode"]),
    # indirect
    ("telecom", _AIRPLANE, "", "What I'd suggest is giving your phone a quick restart.", ["reboot_device"]),
    ("telecom", _DATA, "", "The next thing I'd ask is that you switch mobile data on.", ["turn_on_mobile_data"]),
    ("telecom", _VPN, "", "Could I ask you to disconnect the VPN for now?", ["disconnect_vpn"]),
    ("telecom", _APN, "", "Resetting the APN settings is what I'd recommend next.", ["reset_apn_settings"]),
    ("telecom", _MMS, "", "You'll want to allow the SMS permission for Messages before trying again.",
     ["grant_sms_permission"]),
    ("telecom", _SAVER, "", "I'd encourage you to turn Data Saver off while we test this.", ["turn_off_data_saver"]),
    # hard negatives
    ("telecom", _VPN, "", "A VPN can slow your connection, since it sends your traffic through another server.", []),
    ("telecom", _AIRPLANE, "", "Restarting your phone won't delete any of your photos or messages.", []),
    ("telecom", _DATA, "", "Mobile data is included in your plan at no extra cost.", []),
    ("telecom", _SAVER, "", "I turned on a data alert for your line so you'll know when you're close to your limit.",
     []),
    ("telecom", _ABROAD, "Data roaming is now on.", "Perfect - roaming is working, so you should be all set.", []),
    ("telecom", _WIFI_CALLING, "", "Wi-Fi calling is handy when you have weak signal indoors.", []),
    ("telecom", _SIM_OUT, "", "If the SIM still isn't detected after that, we'll send you a replacement card.", []),
    ("mock", "router_off", "", "The router's lights should turn solid green within a couple of minutes.", []),
]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"), FOURTH)
def test_user_tools_round5_fourth_batch(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got


# a fifth batch, blind: the order of steps said in other words ("this time with Data Saver off", "ahead of the speed
# test", "having first …", "only after …", a reason after a dash that names a step: "the reset only takes effect
# after a restart"). Before the fixes 4 of 18 were wrong
ORDERED = [
    ("telecom", _DATA, "", "Turn off Wi-Fi first; after that, run a speed test.", ["turn_off_wifi", "run_speed_test"]),
    ("telecom", _AIRPLANE, "", "Restart your phone, but before that, make sure airplane mode is off.",
     ["turn_off_airplane_mode", "reboot_device"]),
    ("telecom", _SAVER, "", "Please run a speed test again - this time with Data Saver off.",
     ["turn_off_data_saver", "run_speed_test"]),
    ("telecom", _SIM_OUT, "", "Once you've reseated the SIM and restarted, check the SIM status.",
     ["reseat_sim_card", "reboot_device", "check_sim_status"]),
    ("telecom", _SIM_OUT, "", "Please check the SIM status after restarting.", ["reboot_device", "check_sim_status"]),
    ("telecom", _DATA, "", "Start by turning mobile data on; then toggle airplane mode.",
     ["turn_on_mobile_data", "turn_on_airplane_mode", "turn_off_airplane_mode"]),
    ("telecom", _VPN, "", "Before anything else, please disconnect your VPN. Then run a speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    ("telecom", _APN, "", "Reset your APN settings and then reboot - the reset only takes effect after a restart.",
     ["reset_apn_settings", "reboot_device"]),
    ("telecom", _BOTH_PERMS, "", "Go to Settings > Apps > Messages > Permissions, allow SMS and Storage, then send "
                                 "yourself a test MMS.",
     ["grant_sms_permission", "grant_storage_permission", "can_send_mms"]),
    ("telecom", _APN, "Please reset the APN settings.", "After that's done, please restart.", ["reboot_device"]),
    ("telecom", _NETPREF, "", "Two things, please: turn off Data Saver, and set the network mode to 4G/5G.",
     ["turn_off_data_saver", "set_network_mode_4g_5g"]),
    ("telecom", _DATA, "", "Turn Wi-Fi off. Then, with Wi-Fi off, run a speed test.", ["turn_off_wifi", "run_speed_test"]),
    ("telecom", _AIRPLANE, "", "Switch airplane mode on, count to ten, and switch it off.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    ("telecom", _DATA, "", "Reboot your phone. Once it's back on, turn mobile data on and run a speed test.",
     ["reboot_device", "turn_on_mobile_data", "run_speed_test"]),
    ("telecom", _MMS, "", "Send the MMS again only after granting Messages the SMS permission.",
     ["grant_sms_permission", "can_send_mms"]),
    ("telecom", _VPN, "", "Ahead of the speed test, please turn the VPN off.", ["disconnect_vpn", "run_speed_test"]),
    ("mock", "router_off", "", "Restart the router first, then turn Wi-Fi on, then check the connection.",
     ["restart_router", "turn_on_wifi", "check_connection"]),
    pytest.param("streamco", "playback_error", "", "Once the cache is cleared, restart the app and then try a show.",
                 ["clear_app_cache", "restart_app", "play_a_title"],
                 marks=pytest.mark.xfail(strict=True, reason="a step done first said in the passive ('once the cache "
                                                             "is cleared'), and 'try a show' for playing one")),
]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"), ORDERED)
def test_user_tools_round5_ordered(domain: str, task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got


# a sixth batch, blind: a step with an explanation beside it that uses other settings' words (false extra tools, the
# held-out's "+N" in polite and no-question-mark messages). Before the fix 1 of 14 was wrong (a relative clause
# "which the app needs to send picture messages" read as a step)
BESIDE = [
    ("telecom", _AIRPLANE, "", "Please restart your phone. This will also refresh its connection to the network.",
     ["reboot_device"]),
    ("telecom", _VPN, "", "Please turn off the VPN - VPNs can sometimes slow down your mobile data.", ["disconnect_vpn"]),
    ("telecom", _ABROAD, "", "Please turn on data roaming. Roaming charges may apply, so keep an eye on your usage.",
     ["turn_on_data_roaming"]),
    ("telecom", _SIM_OUT, "", "Please reseat the SIM card; a loose SIM can cause the 'No service' message in your "
                              "status bar.", ["reseat_sim_card"]),
    ("telecom", _DATA, "", "Could you switch off Wi-Fi so that your phone uses mobile data for the test?",
     ["turn_off_wifi"]),
    ("telecom", _MMS, "", "Please allow the SMS permission for Messages, which the app needs to send picture messages.",
     ["grant_sms_permission"]),
    ("telecom", _DATA, "", "Please run a speed test. Your plan includes speeds of up to 300 Mbps.", ["run_speed_test"]),
    ("telecom", _AIRPLANE, "", "Please toggle airplane mode - this resets your phone's connection to the network.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    ("telecom", _SAVER, "", "Please turn off Data Saver. Note that this may increase how much data your apps use.",
     ["turn_off_data_saver"]),
    ("telecom", _AIRPLANE, "", "Please restart your phone; when it powers back on, it'll reconnect to the network by "
                               "itself.", ["reboot_device"]),
    ("telecom", _NETPREF, "", "Please set the network mode to 4G/5G preferred. Your phone will still fall back to 3G "
                              "where 4G isn't available.", ["set_network_mode_4g_5g"]),
    ("telecom", _WIFI_CALLING, "", "Please turn Wi-Fi calling off. Your calls will then go over the cellular network.",
     ["turn_off_wifi_calling"]),
    ("telecom", _BILL, "", "Please pay the payment request on your phone. Service is usually restored within minutes "
                           "of payment, and you won't need to restart.", ["pay_payment_request"]),
    ("telecom", _APN, "", "Please reset your APN settings. The APN tells your phone how to connect to our data "
                          "network.", ["reset_apn_settings"]),
]


@pytest.mark.parametrize(("domain", "task", "previous", "text", "tools"), BESIDE)
def test_user_tools_round5_beside_an_explanation(domain: str, task: str, previous: str, text: str,
                                                 tools: list[str]) -> None:
    got = _tools(domain, task, text, previous)
    assert _matches(tools, got), got
