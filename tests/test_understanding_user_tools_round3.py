"""Requests to operate the user's own tools, round 3 of issue 20: blind probes aimed at the classes the held-out
aggregates still miss. A thing named in one sentence and operated by pronoun in the next (or in the agent's
previous message); indirect asks ("I'll need you to …", "it would help if you could …"); settings named by what
they do or what the user sees; "do the same again" for the steps of the previous message; bulleted and terse asks;
the order of steps said against the order of the words. Hard negatives: explanations of what a setting does, what
the agent will do, what happened, conditions on a later option ("if it still doesn't work we can …"), the past
("you've already restarted"), questions about the problem. Written before looking at how the rules read them."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain, load_domain_folder
from pytest_mmtau.models import Task
from pytest_mmtau.understanding import read, vocabulary


@functools.cache
def _domain(name: str) -> Domain:
    """A built-in domain, or a team's own domain from tests/data."""
    if name in ("telecom", "mock"):
        return DomainRegistry().get(name)
    return load_domain_folder(Path(__file__).parent / "data" / name)


def _task(domain: str, prefix: str) -> Task:
    return next(t for t in _domain(domain).tasks if t.id.startswith(prefix))


def _tools(domain: str, task: str, text: str, previous: str = "") -> list[str]:
    words = vocabulary(_task(domain, task), _domain(domain).tool_infos)
    before = read(previous, words) if previous else None
    return list(read(text, words, previous=previous, previous_asked=before.asked if before else ()).tools)


def _matches(expected: list[str], got: list[str]) -> bool:
    return len(expected) == len(got) and all(g in e.split("|") for e, g in zip(expected, got))


_AIRPLANE = "[service_issue]airplane_mode_on"
_DATA = "[mobile_data_issue]data_mode_off"
_MMS = "[mms_issue]break_app_sms_permission"
_BILL = "[service_issue]overdue_bill_suspension"
_ABROAD = "[mobile_data_issue]user_abroad_roaming_enabled_off"
_SIM_OUT = "[service_issue]unseat_sim_card"
_VPN = "[mobile_data_issue]bad_vpn"
_NETPREF = "[mobile_data_issue]bad_network_preference"
_WIFI_CALLING = "[mms_issue]bad_wifi_calling"
_APN = "[service_issue]break_apn_settings"
_SAVER = "[mobile_data_issue]data_saver_mode_on"
_BOTH_PERMS = "[mms_issue]break_app_both_permissions"

_BAR_OR_NET = "check_status_bar|check_network_status"
_DATA_LOOK = "check_mobile_data_settings|check_network_status|check_status_bar"
_SAVER_LOOK = "check_mobile_data_settings|check_status_bar|check_network_status"
_ROAM_LOOK = "check_mobile_data_settings|check_network_status"
_AIR_LOOK = "check_status_bar|check_network_status"
_WIFI_LOOK = "check_wifi_status|check_status_bar"
_VPN_LOOK = "check_vpn_status|check_status_bar"

# (task, the agent's previous message, the message, the tools in order)
TELECOM_PRONOUN = [
    (_AIRPLANE, "Your status bar shows the airplane icon, so airplane mode is on.", "Could you turn it off for me?",
     ["turn_off_airplane_mode"]),
    (_SAVER, "", "Data Saver can throttle your speeds quite a bit. Could you switch it off for me?",
     ["turn_off_data_saver"]),
    (_WIFI_CALLING, "", "Wi-Fi Calling lives under Settings > Connections. Please check that it's enabled.",
     ["check_wifi_calling"]),
    (_ABROAD, "", "Data roaming is the setting we need here. Can you make sure it's on?", ["turn_on_data_roaming"]),
    (_VPN, "It looks like your VPN is still connected.", "Would you disconnect it and let me know once that's done?",
     ["disconnect_vpn"]),
    (_DATA, "The mobile data toggle is off on your phone.", "Please flip it back on.", ["turn_on_mobile_data"]),
    (_WIFI_CALLING, "", "Next, find Wi-Fi in your settings. Turn it off, then run the speed test again.",
     ["turn_off_wifi", "run_speed_test"]),
    (_NETPREF, "Your preferred network type is set to 2G only.", "Can you change it to 4G/5G?",
     ["set_network_mode_4g_5g"]),
    (_WIFI_CALLING, "Thanks! So Wi-Fi Calling is on.", "Let's try without it for a moment - could you disable it?",
     ["turn_off_wifi_calling"]),
    (_SIM_OUT, "", "The SIM card might not be seated properly. Could you take it out and put it back in?",
     ["reseat_sim_card"]),
    (_BILL, "I can see a pending payment request for $45 on your account.", "Could you approve it from your phone?",
     ["pay_payment_request"]),
    (_APN, "", "Your APN settings look off. Please reset them to default, then restart your phone.",
     ["reset_apn_settings", "reboot_device"]),
    (_SAVER, "You should have a Data Saver switch under Mobile data.", "Is it on?", [_SAVER_LOOK]),
    (_ABROAD, "", "There's a toggle called Data roaming under Mobile network. Is it enabled?", [_ROAM_LOOK]),
    (_AIRPLANE, "Airplane mode is now on, as planned.", "Great - now switch it back off.", ["turn_off_airplane_mode"]),
    (_MMS, "", "The Messages app needs the SMS permission to send anything. Could you grant it?",
     ["grant_sms_permission"]),
    (_VPN, "", "I can see a VPN connection in your settings. Can you turn it off and try the speed test again?",
     ["disconnect_vpn", "run_speed_test"]),
    (_DATA, "", "Mobile data is the switch labelled 'Cellular Data' on an iPhone. Please check that it's green.",
     [_DATA_LOOK]),
    (_ABROAD, "Data roaming is currently switched off.", "Could you enable it, please", ["turn_on_data_roaming"]),
    (_SAVER, "", "Data Saver is on. Turning it off should help - would you mind doing that?", ["turn_off_data_saver"]),
]

TELECOM_INDIRECT = [
    (_AIRPLANE, "", "I'll need you to restart your phone for me.", ["reboot_device"]),
    (_DATA, "", "It would help if you could run a quick speed test.", ["run_speed_test"]),
    (_AIRPLANE, "", "What I'd like you to do next is turn off airplane mode.", ["turn_off_airplane_mode"]),
    (_DATA, "", "If you could switch mobile data on, that would be great.", ["turn_on_mobile_data"]),
    (_SIM_OUT, "", "I'm going to ask you to reseat your SIM card.", ["reseat_sim_card"]),
    (_VPN, "", "The next step would be for you to disconnect the VPN.", ["disconnect_vpn"]),
    (_AIRPLANE, "", "Could I get you to check what your status bar shows?", ["check_status_bar"]),
    (_NETPREF, "", "It'd be really useful to know what network mode your phone is set to.", ["check_network_mode"]),
    (_WIFI_CALLING, "", "I'd appreciate it if you could turn Wi-Fi calling off.", ["turn_off_wifi_calling"]),
    (_ABROAD, "", "Would it be possible for you to turn on data roaming?", ["turn_on_data_roaming"]),
    (_AIRPLANE, "", "Your next move: give the phone a restart.", ["reboot_device"]),
    (_SAVER, "", "Let's have you turn off Data Saver.", ["turn_off_data_saver"]),
    (_BOTH_PERMS, "", "I need you to grant the Messages app access to storage.", ["grant_storage_permission"]),
    (_APN, "", "The best thing you can do right now is reset your APN settings.", ["reset_apn_settings"]),
    (_SIM_OUT, "", "I was wondering if you could check your SIM status for me.", ["check_sim_status"]),
    (_NETPREF, "", "We'll want you to set your network mode to 4G/5G preferred.", ["set_network_mode_4g_5g"]),
    (_DATA, "", "Something that often helps is turning mobile data off and back on - could you give that a go?",
     ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_VPN, "", "It would be great if you could disconnect from the VPN and then tell me the download speed a new "
               "speed test reports.", ["disconnect_vpn", "run_speed_test"]),
    (_MMS, "", "What would really help me is if you tried sending a picture message to a friend.", ["can_send_mms"]),
    (_AIRPLANE, "", "For the next step I'll have you power the phone off and back on.", ["reboot_device"]),
    (_BILL, "", "You'll find a payment request from us on your phone; I'd ask you to go ahead and pay it.",
     ["pay_payment_request"]),
    (_APN, "", "My suggestion is that you restore the default APN settings.", ["reset_apn_settings"]),
]

TELECOM_DESCRIBED = [
    (_ABROAD, "", "Please turn on the setting that lets your phone use partner networks when you're abroad.",
     ["turn_on_data_roaming"]),
    (_AIRPLANE, "", "Can you switch off the mode that cuts all wireless connections - the little plane icon?",
     ["turn_off_airplane_mode"]),
    (_SAVER, "", "Please turn off the feature that restricts background data to save your allowance.",
     ["turn_off_data_saver"]),
    (_DATA, "", "Could you turn on the switch that lets your phone use the cellular network for internet?",
     ["turn_on_mobile_data"]),
    (_WIFI_CALLING, "", "Please disable the option that routes your calls over your home Wi-Fi.",
     ["turn_off_wifi_calling"]),
    pytest.param(_VPN, "", "Could you disconnect the private network app - the one that puts a little key at the top?",
     ["disconnect_vpn"],
                 marks=pytest.mark.xfail(strict=True, reason="'private network app' is no name of the VPN the lexicon "
                                                             "knows, and the dash names only 'the one that …'")),
    (_SIM_OUT, "", "Could you pop the little card out of its tray and slide it back in?", ["reseat_sim_card"]),
    (_APN, "", "Could you look at the settings that tell your phone how to reach our data network - the access point "
               "names?", ["check_apn_settings"]),
    (_AIRPLANE, "", "Please look at the icons in the strip along the top of your screen and tell me what you see.",
     ["check_status_bar"]),
    pytest.param(_DATA, "", "Can you measure how fast your connection is right now?", ["run_speed_test"],
                 marks=pytest.mark.xfail(strict=True, reason="'measure how fast' names the speed test by what it "
                                                             "measures; 'connection' is read as no test")),
    (_BOTH_PERMS, "", "Could you let the Messages app access your photos and files?", ["grant_storage_permission"]),
    pytest.param(_MMS, "", "Please allow Messages to send and receive texts in its app permissions.", ["grant_sms_permission"],
                 marks=pytest.mark.xfail(strict=True, reason="the permission named by what it lets the app do ('send "
                                                             "and receive texts'), not 'SMS'")),
    (_WIFI_CALLING, "", "Could you turn your phone's wireless internet off?", ["turn_off_wifi"]),
    pytest.param(_NETPREF, "", "Check which generation of network your phone prefers - 2G, 3G or 4G/5G.", ["check_network_mode"],
                 marks=pytest.mark.xfail(strict=True, reason="'which generation … prefers' describes the network "
                                                             "mode; read as the network status screen")),
    (_AIRPLANE, "", "Please switch off flight mode - the aeroplane symbol in your quick settings.",
     ["turn_off_airplane_mode"]),
    (_DATA, "", "How many bars of signal is your phone showing in the top corner?", [_BAR_OR_NET]),
    (_SIM_OUT, "", "Could you open the screen that shows whether your SIM is detected?", ["check_sim_status"]),
    # (since round 30: a look named by a word of its tool's description, "VPN" after the dash)
    (_VPN, "", "Please check whether anything is tunnelling your traffic - a VPN app that's switched on.", [_VPN_LOOK]),
]

TELECOM_PREVIOUS = [
    (_AIRPLANE, "Please turn airplane mode on, wait ten seconds, then turn it off.", "Done? Now do the same again.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_AIRPLANE, "Could you restart your phone?", "Thanks. Could you do that one more time?", ["reboot_device"]),
    (_VPN, "Please run a speed test.", "Let's repeat that now that the VPN is off.", ["run_speed_test"]),
    (_DATA, "First, toggle mobile data off and back on.", "Great, please give that another go.",
     ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_MMS, "Please send a picture message to a friend.", "Try that again now.", ["can_send_mms"]),
    (_SIM_OUT, "Please reseat the SIM card.", "Once more, please - and make sure it clicks into place.",
     ["reseat_sim_card"]),
    (_APN, "You'll need to reset the APN settings and then reboot.", "Go ahead whenever you're ready.",
     ["reset_apn_settings", "reboot_device"]),
    (_DATA, "Please run a speed test.", "Could you run it again now that mobile data is on?", ["run_speed_test"]),
    # hard negatives
    (_DATA, "I can reset your line on our side.", "Shall I do that now?", []),
    (_AIRPLANE, "Please restart your phone.", "Thanks for doing that - it looks like the restart worked.", []),
    (_VPN, "Please disconnect the VPN.", "Perfect, that did it: your speed is back to normal.", []),
    (_DATA, "Could you turn mobile data on?", "Great, and do you have any other questions for me today?", []),
]

TELECOM_LISTS = [
    (_WIFI_CALLING, "", "Here's what I'd like you to try:\n\n- Turn off Wi-Fi\n- Turn on mobile data\n- Run a speed "
                        "test",
     ["turn_off_wifi", "turn_on_mobile_data", "run_speed_test"]),
    (_SAVER, "", "A couple of quick fixes:\n- **Data Saver:** switch it off\n- **VPN:** disconnect it",
     ["turn_off_data_saver", "disconnect_vpn"]),
    (_MMS, "", "Next steps:\n• Restart your phone\n• Then send a test MMS", ["reboot_device", "can_send_mms"]),
    (_BOTH_PERMS, "", "Try the following:\n- Go to Settings > Apps > Messages > Permissions\n- Allow SMS\n- Allow "
                      "Storage",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_SIM_OUT, "", "**To do:**\n- Reseat the SIM\n- Reboot\n- Check the SIM status screen again",
     ["reseat_sim_card", "reboot_device", "check_sim_status"]),
    (_WIFI_CALLING, "", "What I need from you:\n\n- Disable Wi-Fi Calling\n- Then try sending the picture again",
     ["turn_off_wifi_calling", "can_send_mms"]),
    (_AIRPLANE, "", "Could you do these two things?\n\n1. Turn airplane mode off\n2. Tell me how many bars you have",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_VPN, "", "Please work through this list:\n\n* disconnect your VPN\n* switch Data Saver off\n* run a new speed "
               "test",
     ["disconnect_vpn", "turn_off_data_saver", "run_speed_test"]),
    (_APN, "", "Steps:\n1) Reset APN settings to default\n2) Restart the device\n3) Check the status bar",
     ["reset_apn_settings", "reboot_device", "check_status_bar"]),
    (_NETPREF, "", "- Change your preferred network to 4G/5G\n- Then run a speed test and share the result",
     ["set_network_mode_4g_5g", "run_speed_test"]),
]

TELECOM_TERSE = [
    (_AIRPLANE, "", "Airplane mode off, please.", ["turn_off_airplane_mode"]),
    (_AIRPLANE, "", "Quick reboot?", ["reboot_device"]),
    (_DATA, "", "Mobile data on, then a speed test.", ["turn_on_mobile_data", "run_speed_test"]),
    (_VPN, "", "VPN off, please.", ["disconnect_vpn"]),
    (_ABROAD, "", "Data roaming on, please.", ["turn_on_data_roaming"]),
    pytest.param(_SIM_OUT, "", "SIM out, SIM back in.", ["reseat_sim_card"],
                 marks=pytest.mark.xfail(strict=True, reason="verbless reseat ('SIM out, SIM back in') is not read as "
                                                             "a step")),
    pytest.param(_DATA, "", "Speed test?", ["run_speed_test"],
                 marks=pytest.mark.xfail(strict=True, reason="a bare noun question naming a tool is not read as a "
                                                             "request")),
    (_WIFI_CALLING, "", "Wi-Fi calling: off.", ["turn_off_wifi_calling"]),
]

TELECOM_ORDER = [
    (_SAVER, "", "Before you run the speed test, turn off Data Saver.", ["turn_off_data_saver", "run_speed_test"]),
    (_VPN, "", "Run a speed test once you've disconnected the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_APN, "", "Restart your phone - but first, reset the APN settings.", ["reset_apn_settings", "reboot_device"]),
    (_APN, "", "After resetting your APN, reboot the phone and then send an MMS.",
     ["reset_apn_settings", "reboot_device", "can_send_mms"]),
    (_WIFI_CALLING, "", "Please send a test MMS after you've turned Wi-Fi calling off and restarted.",
     ["turn_off_wifi_calling", "reboot_device", "can_send_mms"]),
    (_AIRPLANE, "", "Turn off airplane mode, then check whether the bars come back.",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_DATA, "", "Start by switching on mobile data; after that, run a speed test and tell me the download speed.",
     ["turn_on_mobile_data", "run_speed_test"]),
    (_VPN, "", "Disable the VPN first, and only then run the speed test.", ["disconnect_vpn", "run_speed_test"]),
    (_NETPREF, "", "Switch the network mode to 4G/5G preferred, reboot, and then tell me what the status bar shows.",
     ["set_network_mode_4g_5g", "reboot_device", "check_status_bar"]),
    (_WIFI_CALLING, "", "1. Turn Wi-Fi off\n2. Restart\n3. Turn Wi-Fi back on",
     ["turn_off_wifi", "reboot_device", "turn_on_wifi"]),
    (_SAVER, "", "Go ahead and run the speed test again - but make sure Data Saver is off before you do.",
     ["turn_off_data_saver", "run_speed_test"]),
    (_MMS, "", "Send the picture message again, this time after granting Messages the SMS permission.",
     ["grant_sms_permission", "can_send_mms"]),
    (_APN, "", "Once the APN has been reset, restart the phone.", ["reset_apn_settings", "reboot_device"]),
    (_SIM_OUT, "", "With the phone switched off, take the SIM out and reinsert it, then power back on.",
     ["reseat_sim_card", "reboot_device"]),
]

TELECOM_CONDITIONS = [
    (_AIRPLANE, "", "If the plane icon is showing at the top, tap it so airplane mode turns off.",
     ["check_status_bar", "turn_off_airplane_mode"]),
    (_VPN, "", "If there's a VPN connected, please disconnect it.", [_VPN_LOOK, "disconnect_vpn"]),
    (_ABROAD, "", "Should Data roaming be off, please switch it on.", [_ROAM_LOOK, "turn_on_data_roaming"]),
    (_SAVER, "", "In case Data Saver is on, turn it off.", [_SAVER_LOOK, "turn_off_data_saver"]),
]

TELECOM_NEGATIVE = [
    (_AIRPLANE, "", "Airplane mode disables all wireless radios, including mobile data.", []),
    (_ABROAD, "", "Data roaming lets your phone connect to partner networks abroad; it's usually off by default.", []),
    (_DATA, "", "I'll check your line's status on our side while you wait.", []),
    (_APN, "", "If it still doesn't work after that, we can look at resetting your APN settings.", []),
    (_AIRPLANE, "", "You've already restarted the phone, so we can skip that step.", []),
    (_APN, "", "Since you restarted your phone earlier, the APN changes should have taken effect.", []),
    (_SAVER, "", "Has this been happening since you turned on Data Saver?", []),
    (_AIRPLANE, "", "When did you first notice the airplane icon?", []),
    (_VPN, "", "Thanks - turning off the VPN fixed it, and the speed test now shows 40 Mbps.", []),
    (_AIRPLANE, "", "Restarting your phone clears temporary glitches and forces it to re-register on the network.", []),
    (_VPN, "", "A VPN can slow your connection down, because your traffic is routed through another server.", []),
    (_WIFI_CALLING, "", "If you'd prefer, I can walk you through turning off Wi-Fi calling.", []),
    (_VPN, "", "Great, so mobile data is on and the VPN is disconnected.", []),
    (_DATA, "", "Once you've done that, the data connection should come back within a minute or so.", []),
    (_AIRPLANE, "", "The reason we turned airplane mode off is that it blocks the cellular radio.", []),
    (_WIFI_CALLING, "", "You mentioned that Wi-Fi calling was on before the problem started.", []),
    (_BILL, "", "I've sent a payment request to your phone for the overdue balance of $45.", []),
    (_APN, "", "Resetting the APN will not delete any of your photos or messages.", []),
    (_DATA, "", "If the speed test shows less than 1 Mbps, that usually means the network is congested.", []),
    (_AIRPLANE, "", "Should the bars not come back, the next option would be a visit to one of our stores.", []),
    (_DATA, "", "Can you tell me roughly when the data stopped working?", []),
    (_MMS, "", "Is the problem only with picture messages, or with regular texts too?", []),
    (_ABROAD, "", "Perfect - with roaming on, you should now have data in Spain.", []),
    (_DATA, "", "I'm going to refresh the network on our end; you don't need to restart anything.", []),
    (_WIFI_CALLING, "", "You don't have to turn off Wi-Fi for this to work.", []),
    (_SAVER, "", "Data Saver was switched on, which is why your speeds were limited.", []),
    (_AIRPLANE, "", "Toggling airplane mode is something we can try later if needed.", []),
    (_AIRPLANE, "", "What were you doing when the No Service message first appeared?", []),
    (_VPN, "", "Earlier you said the VPN was disconnected - thanks for confirming that.", []),
    (_ABROAD, "", "When you're abroad, data roaming needs to be on for mobile data to work.", []),
    (_WIFI_CALLING, "", "Wi-Fi calling lets you make calls over Wi-Fi when the cellular signal is weak.", []),
    (_SIM_OUT, "", "Reseating the SIM often fixes a 'No SIM' error like the one you're seeing", []),
    (_NETPREF, "", "Your phone was set to 2G only, which explains the slow speeds", []),
    (_AIRPLANE, "", "After you restarted, the status bar showed full bars, which is great news", []),
    (_APN, "", "The APN settings tell your phone how to connect to our data network", []),
    (_DATA, "", "I just checked, and mobile data is enabled on your line from our side", []),
    (_BILL, "", "Once the payment goes through, your service will be restored within a few minutes", []),
    (_VPN, "", "If the speed is still slow after that, I'll escalate the issue to our network team", []),
    (_DATA, "", "Could you describe what happens when you try to open a website?", []),
    (_MMS, "", "Who are you trying to send the picture message to?", []),
]

MOCK_PROBES = [
    ("wifi_off", "Your device's Wi-Fi appears to be switched off.", "Could you turn it on for me?", ["turn_on_wifi"]),
    ("router_off", "", "I'll need you to power-cycle the router.", ["restart_router"]),
    ("router_off", "", "It would help if you could check whether your device shows as online.", ["check_connection"]),
    ("wifi_off", "", "Please switch on the wireless on your device, then tell me whether it shows as connected.",
     ["turn_on_wifi", "check_connection"]),
    pytest.param("router_off", "", "Unplug the box that gives you internet, wait 30 seconds, and plug it back in.",
     ["restart_router"],
                 marks=pytest.mark.xfail(strict=True, reason="the router named only as 'the box that gives you "
                                                             "internet'")),
    ("router_off", "Please unplug the router and plug it back in.", "Done? Now do the same again.", ["restart_router"]),
    ("router_off", "", "What does the connection indicator say now?", ["check_connection"]),
    ("router_off", "", "Please try:\n- Turn Wi-Fi on\n- Restart the router\n- Check the connection",
     ["turn_on_wifi", "restart_router", "check_connection"]),
    ("router_off", "", "Router restart, please.", ["restart_router"]),
    ("router_off", "", "Before checking the connection again, restart the router.",
     ["restart_router", "check_connection"]),
    ("router_off", "", "Is your device online or offline at the moment", ["check_connection"]),
    ("wifi_off", "", "I'd appreciate it if you could enable Wi-Fi on your device.", ["turn_on_wifi"]),
    ("router_off", "", "Would you mind giving the router a power cycle and then checking whether you're back online?",
     ["restart_router", "check_connection"]),
    ("wifi_off", "", "Once Wi-Fi is switched on, please check the connection.", ["turn_on_wifi", "check_connection"]),
    ("router_off", "", "Please check the connection after you've restarted the router.",
     ["restart_router", "check_connection"]),
    ("router_off", "Your router seems to have no power.", "Could you switch it back on?", ["restart_router"]),
    ("wifi_off", "", "The next step would be for you to turn Wi-Fi on.", ["turn_on_wifi"]),
    # hard negatives
    ("router_off", "", "The router restarts itself every night at 3 am.", []),
    ("router_off", "", "If the connection is still down after that, we can send a technician.", []),
    ("router_off", "", "You've already restarted the router, so let's not do that again.", []),
    ("wifi_off", "", "Wi-Fi lets your device connect to your home router wirelessly.", []),
    ("router_off", "", "When did the connection first drop?", []),
    ("router_off", "", "I can check your account status in the meantime.", []),
    ("router_off", "", "Your device will show as online once the router has fully booted.", []),
    ("wifi_off", "", "Great, your device is online now that Wi-Fi is back on", []),
]


def _cases(*groups: list[tuple[str, str, str, list[str]]]) -> list[tuple[str, str, str, list[str]]]:
    return [case for group in groups for case in group]


@pytest.mark.parametrize(("task", "previous", "text", "tools"),
                         _cases(TELECOM_PRONOUN, TELECOM_INDIRECT, TELECOM_DESCRIBED, TELECOM_PREVIOUS,
                                TELECOM_LISTS, TELECOM_TERSE, TELECOM_ORDER, TELECOM_CONDITIONS, TELECOM_NEGATIVE))
def test_telecom_round3(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "previous", "text", "tools"), MOCK_PROBES)
def test_mock_round3(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text, previous)
    assert _matches(tools, got), got


# a second batch, written blind after the first was fixed: a look asked after a step ("and let me know whether …"),
# "it"/"that"/"the switch" for a setting an earlier sentence explained, and polite questions that ask no step
TELECOM_REPORTS = [
    (_AIRPLANE, "", "Please switch airplane mode off and tell me whether your signal bars come back.",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_AIRPLANE, "", "After the restart, let me know if you've got service again.", ["reboot_device", _BAR_OR_NET]),
    (_SIM_OUT, "", "Reseat the SIM and then report back on whether the 'No SIM' warning has gone.",
     ["reseat_sim_card", "check_sim_status|check_status_bar"]),
    (_VPN, "", "Go ahead and disconnect the VPN, then see whether a new speed test looks any better.",
     ["disconnect_vpn", "run_speed_test"]),
    (_WIFI_CALLING, "", "Could you turn Wi-Fi Calling off and check if the picture message sends this time?",
     ["turn_off_wifi_calling", "can_send_mms"]),
    (_DATA, "", "Flip mobile data on and let me know what the status bar shows afterwards.",
     ["turn_on_mobile_data", "check_status_bar"]),
    (_APN, "", "Once your phone is back up after the restart, could you let me know whether you have data?",
     ["reboot_device", _DATA_LOOK]),
    (_AIRPLANE, "", "Now that airplane mode is off, do you see any bars at the top of your screen?", [_BAR_OR_NET]),
    (_SAVER, "", "Turn Data Saver off, run one more speed test, and share the download figure with me.",
     ["turn_off_data_saver", "run_speed_test"]),
    (_ABROAD, "", "With roaming switched on, does a speed test give you a result now?",
     ["turn_on_data_roaming", "run_speed_test"]),
    (_AIRPLANE, "", "Thanks for restarting. What does the top of your screen show now - still 'No service'?",
     ["check_status_bar"]),
    (_MMS, "", "Once SMS is allowed for Messages, have another go at sending the photo and tell me what happens.",
     ["grant_sms_permission", "can_send_mms"]),
]

TELECOM_EXPLAINED_THEN_IT = [
    (_SAVER, "", "Data Saver limits what apps can do in the background, and it's on right now. Please switch it off.",
     ["turn_off_data_saver"]),
    (_VPN, "", "That key icon means a VPN is running, which can slow things down a lot. Could you disconnect it?",
     ["disconnect_vpn"]),
    (_ABROAD, "", "Abroad, your phone only uses data if Data roaming is allowed. Please switch that on now.",
     ["turn_on_data_roaming"]),
    # (a step said with "we": the user's, since only the user can do it)
    (_WIFI_CALLING, "", "Wi-Fi Calling sometimes interferes with picture messages. Can we try with that setting off?",
     ["turn_off_wifi_calling"]),
    (_NETPREF, "", "Your network mode is locked to 3G, which is slower. Please set it back to 4G/5G preferred.",
     ["set_network_mode_4g_5g"]),
    (_MMS, "", "Messages can't send texts without the SMS permission. Would you mind granting that one?",
     ["grant_sms_permission"]),
    (_DATA, "The cellular data switch on your phone is grey, which means it's off.", "Tap it so it turns green.",
     ["turn_on_mobile_data"]),
    (_AIRPLANE, "Airplane mode is switched on.", "That's what's blocking your signal - please switch it off.",
     ["turn_off_airplane_mode"]),
    (_VPN, "I can see a VPN profile called 'WorkSecure' is active.", "Please disconnect from it for now.",
     ["disconnect_vpn"]),
    (_WIFI_CALLING, "Your phone is connected to a Wi-Fi network called 'Home-5G'.", "Please switch that off for now.",
     ["turn_off_wifi"]),
    (_ABROAD, "Since you're in France, your phone's Data roaming setting needs to be on.", "Is it?", [_ROAM_LOOK]),
    (_SIM_OUT, "The SIM card may have come loose in its tray.", "Could you reseat it?", ["reseat_sim_card"]),
]

TELECOM_POLITE_NOTHING = [
    (_AIRPLANE, "", "Could you tell me what happened right after you restarted the phone yesterday?", []),
    (_WIFI_CALLING, "", "Would you like me to walk you through disabling Wi-Fi Calling step by step?", []),
    (_DATA, "", "Could you let me know if the problem started after a software update?", []),
    (_VPN, "", "Could you tell me which VPN app you use?", []),
    (_DATA, "", "Would you like me to add more data to your line instead?", []),
    (_SIM_OUT, "", "Do you happen to have a SIM ejector tool or a paperclip nearby?", []),
    (_BILL, "", "Would you like me to send the payment request to your phone now?", []),
    (_ABROAD, "", "Could you tell me which country you're travelling in?", []),
    (_APN, "", "Can I ask how long picture messages have been failing?", []),
    (_AIRPLANE, "", "Is there anything else on the phone you've changed recently?", []),
    (_NETPREF, "", "Shall I explain how to change the network mode, or would you rather I stay on the line?", []),
    pytest.param(_MMS, "", "Are picture messages failing to every contact, or just one?", [],
                 marks=pytest.mark.xfail(strict=True, reason="a question about the problem's scope ('failing to every "
                                                             "contact') reads as a look at sending an MMS")),
    (_DATA, "", "Could you confirm the phone number of the line you're calling about?", []),
    (_VPN, "", "Did anyone at work set up that VPN for you?", []),
    (_AIRPLANE, "", "Which phone model do you have - an iPhone or an Android?", []),
]

TELECOM_STATEMENTS_NOTHING = [
    (_AIRPLANE, "", "Great news - the status bar now shows full bars and 5G", []),
    (_DATA, "", "Turning mobile data on is usually the quickest fix for this kind of problem", []),
    (_VPN, "", "I'd normally suggest disconnecting the VPN, but you've told me you need it for work, so let's leave it",
     []),
    (_APN, "", "Your APN has been reset and the phone has restarted, so picture messages should work now", []),
    (_SAVER, "", "Data Saver is now off, and the speed test shows 45 Mbps - that's a big improvement", []),
    (_SIM_OUT, "", "If reseating the SIM doesn't help, the card itself may need replacing", []),
    (_ABROAD, "", "Roaming charges won't apply, because your plan includes EU roaming", []),
    (_WIFI_CALLING, "", "I can't change Wi-Fi Calling from here; it's a setting on your handset", []),
    (_AIRPLANE, "", "In the future, if you see the plane icon, that means airplane mode is on", []),
    (_DATA, "", "We'll run a few checks on the network side first, then come back to your phone", []),
    (_NETPREF, "", "I changed nothing on your account; the network mode is set on the phone itself", []),
    (_BILL, "", "The payment request expires after 24 hours, so there's no rush", []),
]

TELECOM_SEQUENCES_MORE = [
    (_SIM_OUT, "", "Please power the phone off, take the SIM out, wipe it gently, put it back, and switch the phone on.",
     ["reseat_sim_card", "reboot_device"]),
    (_APN, "", "Before restarting, reset your APN settings to default.", ["reset_apn_settings", "reboot_device"]),
    (_DATA, "", "Start a speed test only after mobile data is switched on.", ["turn_on_mobile_data", "run_speed_test"]),
    (_WIFI_CALLING, "", "Send the MMS again, but turn off Wi-Fi first.", ["turn_off_wifi", "can_send_mms"]),
    (_VPN, "", "Two things, in this order: disconnect your VPN, then switch Data Saver off.",
     ["disconnect_vpn", "turn_off_data_saver"]),
    (_BOTH_PERMS, "", "Grant Messages the Storage permission, then the SMS permission, and then try the MMS again.",
     ["grant_storage_permission", "grant_sms_permission", "can_send_mms"]),
    (_AIRPLANE, "", "Turn airplane mode on, count to ten, and turn it off again; then restart the phone.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode", "reboot_device"]),
    (_NETPREF, "", "Once you've restarted, change the network mode to 4G/5G and run a speed test.",
     ["reboot_device", "set_network_mode_4g_5g", "run_speed_test"]),
]

MOCK_MORE = [
    ("router_off", "", "Please restart the router and tell me if your device comes back online.",
     ["restart_router", "check_connection"]),
    ("wifi_off", "Your device shows Wi-Fi as disabled.", "Could you switch it back on?", ["turn_on_wifi"]),
    ("router_off", "", "Would you like me to walk you through restarting the router?", []),
    ("router_off", "", "Restarting the router usually clears this kind of problem", []),
    ("router_off", "", "Could you tell me when the internet stopped working?", []),
    ("wifi_off", "", "Turn Wi-Fi on, and once it's connected, check the status indicator for me.",
     ["turn_on_wifi", "check_connection"]),
    ("router_off", "", "Your router is the box with the blinking lights - please unplug it for half a minute and plug "
                       "it "
                       "back in", ["restart_router"]),
    ("router_off", "The router seems to have lost power.", "Please plug it back in and power it up.",
     ["restart_router"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"),
                         _cases(TELECOM_REPORTS, TELECOM_EXPLAINED_THEN_IT, TELECOM_POLITE_NOTHING,
                                TELECOM_STATEMENTS_NOTHING, TELECOM_SEQUENCES_MORE))
def test_telecom_round3_second_batch(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "previous", "text", "tools"), MOCK_MORE)
def test_mock_round3_second_batch(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text, previous)
    assert _matches(tools, got), got


# a third batch, written blind: the shapes a frontier agent gives the common troubleshooting asks (a look after a
# step, "it" for what the sentence before explained, numbered and bold steps, "if so"), each in new words
_SIM_LOOK = "check_sim_status|check_status_bar"
TELECOM_SHAPES = [
    (_SIM_OUT, "", "When the SIM is reinserted, give the phone a restart and then let me know if you've got signal.",
     ["reboot_device", _BAR_OR_NET]),
    (_BILL, "", "A payment request should land on your phone in a moment. Could you keep an eye out for it?",
     ["check_payment_request"]),
    (_SIM_OUT, "", "Reseat the SIM first, and then I'll need you to reboot the phone.",
     ["reseat_sim_card", "reboot_device"]),
    (_AIRPLANE, "", "Here's something to try:\n\n- Swipe down to open your quick settings\n- Find the airplane icon\n"
                    "- If it's lit up, tap it so it goes grey\n\nThen tell me what happens to your bars.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    (_BOTH_PERMS, "", "Right now Messages can't reach your photos. Could you give it storage access (sometimes called "
                      "**Files and media**) and then resend the picture?",
     ["grant_storage_permission", "can_send_mms"]),
    (_BOTH_PERMS, "", "Messages is missing two permissions:\n\n- **SMS**\n- **Storage**\n\nPlease enable them both.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_ABROAD, "", "Roaming is active on your account, so what's left is the **Data roaming** toggle on the phone "
                  "itself "
                  "- please switch that on.", ["turn_on_data_roaming"]),
    (_VPN, "", "Since a VPN is active, your traffic may be taking a detour. Please switch it off and then tell me the "
               "result of a speed test.", ["disconnect_vpn", "run_speed_test"]),
    (_BILL, "", "I've sent a payment request to your phone. Please find the notification and pay it from there.",
     ["check_payment_request", "pay_payment_request"]),
    (_AIRPLANE, "", "It would really help if you could let me know whether there's a little plane icon at the top of "
                    "your screen.", ["check_status_bar"]),
    (_SAVER, "", "Data Saver is holding back your background data. Kindly switch it off via Settings > Network & "
                 "Internet > Data Saver.", ["turn_off_data_saver"]),
    (_APN, "", "With the APN restored, let's check whether that fixed it: could you send a photo message to someone "
               "and tell me if it goes through?", ["can_send_mms"]),
    (_SAVER, "Your mobile data settings show Data Saver is on; that feature limits how much data apps can use.",
     "Would you switch that off and try the speed test once more?", ["turn_off_data_saver", "run_speed_test"]),
    (_BILL, "", "You should now see a $60.00 request in your notifications. After you've located it, please approve "
                "the payment.", ["check_payment_request", "pay_payment_request"]),
    (_SIM_OUT, "", "When the phone has restarted, open the SIM status screen and let me know if it shows Ready.",
     ["check_sim_status"]),
    (_BOTH_PERMS, "", "Please let Messages use your photos and media - the storage permission - then try sending the "
                      "picture once more.", ["grant_storage_permission", "can_send_mms"]),
    (_VPN, "Your status bar has a key icon, meaning a VPN is on.",
     "Please turn it off and run a fresh speed test to see if things improve.", ["disconnect_vpn", "run_speed_test"]),
    (_MMS, "", "Messages isn't allowed to send texts right now. Please grant it the permission for SMS in App info > "
               "Permissions.", ["grant_sms_permission"]),
    (_APN, "Done - your APN is back to the default.",
     "Last step: reboot your phone so the settings apply, then let me know what you see in the status bar.",
     ["reboot_device", "check_status_bar"]),
    (_NETPREF, "", "Thanks for changing that! To find out if it made a difference, I'd like you to run a speed test "
                   "and tell me what rating it shows.", ["run_speed_test"]),
    (_AIRPLANE, "", "Looks like Flight mode is on. Could you switch that off and tell me if the signal returns?",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_APN, "", "Let's test it now - please send a picture message to any contact.", ["can_send_mms"]),
    pytest.param(_NETPREF, "", "Speed test result now", ["run_speed_test"],
                 marks=pytest.mark.xfail(strict=True, reason="a verbless terse ask for a result is not read as a "
                                                             "request")),
    (_VPN, "", "Disconnect the VPN from inside its app, please.", ["disconnect_vpn"]),
    (_MMS, "", "Grant Messages SMS access, please.", ["grant_sms_permission"]),
    (_AIRPLANE, "", "A few quick checks:\n1. Is the airplane icon showing at the top?\n2. If so, switch airplane mode "
                    "off.\n3. Then let me know if any bars appear.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    (_ABROAD, "", "**First**, switch Data roaming on. **Second**, restart. **Third**, run a speed test.",
     ["turn_on_data_roaming", "reboot_device", "run_speed_test"]),
    (_SIM_OUT, "", "In this order, please:\n1. Power down the phone.\n2. Pop the SIM out and look it over for damage.\n"
                   "3. Put it back in firmly.\n4. Power the phone back up.\n5. Tell me if the 'No SIM' message has "
                   "cleared.", ["reseat_sim_card", "reboot_device", _SIM_LOOK]),
    (_AIRPLANE, "", "Your line is active again. Please reboot the phone so it reconnects, then tell me whether you've "
                    "got service.", ["reboot_device", _BAR_OR_NET]),
    (_NETPREF, "", "**1. Look at your network mode** - under Settings > Mobile networks > Network mode, which option "
                   "is ticked?\n\n**2. Fix it if needed** - if it's 2G or 3G only, change it to 4G/5G preferred.",
     ["check_network_mode", "set_network_mode_4g_5g"]),
    (_VPN, "", "Do you have a VPN switched on right now? If yes, please turn it off for the time being.",
     [_VPN_LOOK, "disconnect_vpn"]),
    (_ABROAD, "", "Roaming is enabled on our end now. On your phone, check that mobile data is on - switch it on if "
                  "it isn't - and then run a speed test.", [_DATA_LOOK, "turn_on_mobile_data", "run_speed_test"]),
    (_AIRPLANE, "", "A few settings on your phone are getting in the way:\n\n- Turn airplane mode off\n- Turn mobile "
                    "data back on\n- Disconnect the VPN\n\nLet me know once that's done.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    (_NETPREF, "", "Which network mode is your phone on right now? If it isn't 4G/5G, switch it over and then try "
                   "sending the picture again.", ["check_network_mode", "set_network_mode_4g_5g", "can_send_mms"]),
    (_MMS, "", "First I'd like to see what Messages is allowed to do - can you list its permissions from App info?",
     ["check_app_permissions"]),
    (_DATA, "", "Please open the mobile data settings and tell me, for each of the three switches there, whether "
                "it's on or off.", ["check_mobile_data_settings"]),
    (_WIFI_CALLING, "", "Before anything else, are you on Wi-Fi right now, and is Wi-Fi Calling switched on?",
     [_WIFI_LOOK, "check_wifi_calling"]),
    (_WIFI_CALLING, "", "For this test the phone needs to be off Wi-Fi, so please turn Wi-Fi off and keep it off for "
                        "now.", ["turn_off_wifi"]),
    (_SIM_OUT, "", "Please take the SIM out, make sure it isn't scratched, and push it back in until it clicks.",
     ["reseat_sim_card"]),
    (_APN, "", "The MMSC field is blank, which is why pictures fail. Would you restore the APN to its defaults?",
     ["reset_apn_settings"]),
    (_DATA, "", "Mobile data looks to be off. Please switch it on from Settings > Network & internet > SIMs.",
     ["turn_on_mobile_data"]),
    (_AIRPLANE, "", "Could you switch your phone off and back on again?", ["reboot_device"]),
    # ("I want to …" is the agent's own wish, not an offer to approve: the step is the user's)
    (_WIFI_CALLING, "", "I want to rule out Wi-Fi interference: could you switch Wi-Fi off entirely and then send "
                        "the MMS over mobile data?", ["turn_off_wifi", "can_send_mms"]),
    (_DATA, "", "Please flip mobile data off for a few seconds and then back on.",
     ["turn_off_mobile_data", "turn_on_mobile_data"]),
]

MOCK_SHAPES = [
    ("wifi_off", "", "Please turn Wi-Fi on and tell me if the connection is back.", ["turn_on_wifi", "check_connection"]),
    pytest.param("router_off_and_downgrade", "", "When your connection is back, just let me know, and we'll sort out "
                                                 "the plan "
                                     "change afterwards.", ["check_connection"],
                 marks=pytest.mark.xfail(strict=True, reason="the approval reader (outside this area) takes the "
                                                             "sentence for the agent's plan change, so the look "
                                                             "beside it is never offered to the user-tool reader")),
    ("wifi_off", "", "Now that Wi-Fi is on, could you check whether pages load - open any website?",
     ["check_connection"]),
    ("router_off", "", "For the outage, please unplug the router, give it half a minute, and plug it in again. When "
                       "the "
                       "lights settle, tell me whether you're online.", ["restart_router", "check_connection"]),
    ("wifi_off", "", "Your device reports Wi-Fi as off, which would explain the outage.", []),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), TELECOM_SHAPES)
def test_telecom_round3_shapes(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "previous", "text", "tools"), MOCK_SHAPES)
def test_mock_round3_shapes(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text, previous)
    assert _matches(tools, got), got


# a fourth batch, written blind: the problem described ("what happens when you try …") asks no step; settings
# explained without asking; and a few more names for the same settings
TELECOM_DESCRIBE_NOTHING = [
    (_MMS, "", "Tell me what you see when a picture message fails - is it stuck on 'Sending', or is there an error?",
     []),
    (_MMS, "", "Describe what happens when you try to send an MMS - does it fail right away?", []),
    (_MMS, "", "What do you see when a picture message fails to send?", []),
    (_DATA, "", "Can you describe the problem with your mobile data in a bit more detail?", []),
    (_DATA, "", "Walk me through what happens when you try to load a web page on mobile data", []),
    (_AIRPLANE, "", "Flight mode is a frequent reason for a phone suddenly losing service.", []),
    (_APN, "", "With the right APN, your status bar should read 'connected' beside the carrier name.", []),
    (_NETPREF, "", "For Kestrel phones we recommend the 4G/5G preferred network mode.", []),
    (_MMS, "", "After the permissions are granted, Messages will be able to attach photos.", []),
    (_AIRPLANE, "", "Most customers with this symptom fix it by turning airplane mode off.", []),
    (_MMS, "", "Let me explain: MMS relies on an APN field called the MMSC. When it's empty, picture messages fail "
               "while normal texts still go through. Resetting the APN puts it back.", []),
    (_NETPREF, "", "Switching the network mode to 4G/5G preferred normally brings full speed back within a minute.", []),
    (_VPN, "", "Some VPNs reconnect on their own after a while; that's expected.", []),
    (_AIRPLANE, "", "Don't worry if the screen goes black for a moment while airplane mode switches.", []),
    (_DATA, "", "Once mobile data is back on, you should see 4G or 5G next to the bars.", []),
    (_AIRPLANE, "", "Take your time - I'll be here when the phone is back on.", []),
    (_WIFI_CALLING, "", "Thanks for turning Wi-Fi calling off; that rules it out.", []),
    (_SIM_OUT, "", "You've done everything right so far - the SIM is reseated and the phone restarted.", []),
    # a step asked beside the description is still asked
    (_MMS, "", "Send a test MMS and tell me what happens when you do.", ["can_send_mms"]),
    (_MMS, "", "Try sending a picture message, and if it fails, describe the error you get.", ["can_send_mms"]),
    (_DATA, "", "Please run a speed test and describe what you see.", ["run_speed_test"]),
]

TELECOM_NAMES = [
    (_SAVER, "", "Please turn off Low Data Mode.", ["turn_off_data_saver"]),
    (_DATA, "", "Please switch on your mobile internet.", ["turn_on_mobile_data"]),
    (_ABROAD, "", "Please turn on international roaming on your phone.", ["turn_on_data_roaming"]),
    (_AIRPLANE, "", "Please switch off aeroplane mode.", ["turn_off_airplane_mode"]),
    (_VPN, "", "Please disable the VPN profile.", ["disconnect_vpn"]),
    (_SIM_OUT, "", "Could you pull the SIM tray out and push it back in?", ["reseat_sim_card"]),
    (_NETPREF, "", "Please change the network type to 4G.", ["set_network_mode_4g_5g"]),
    (_SIM_OUT, "The SIM status shows 'Not detected'.", "Please reseat it.", ["reseat_sim_card"]),
    (_DATA, "The speed test result was 2 Mbps.", "Please run it again.", ["run_speed_test"]),
    (_SAVER, "Low Data Mode is switched on, which limits data.", "Could you disable that?", ["turn_off_data_saver"]),
    (_DATA, "I see that cellular data is switched off.", "Could you flip that on?", ["turn_on_mobile_data"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), _cases(TELECOM_DESCRIBE_NOTHING, TELECOM_NAMES))
def test_telecom_round3_fourth_batch(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


# a fifth batch, written blind: toggles and restarts said every way, conditions on what the user is using, the
# state a step is done in said last ("…, with Wi-Fi off", "without the VPN"), and a restart that only explains
TELECOM_TOGGLES_AND_STATES = [
    (_AIRPLANE, "", "Please put the phone in airplane mode for ten seconds, then take it out again.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_AIRPLANE, "", "Cycle airplane mode - on for 10 seconds, then off.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_AIRPLANE, "", "Could you enable flight mode, wait a moment, and disable it again?",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_WIFI_CALLING, "", "Please disable Wi-Fi, then re-enable it after about ten seconds.",
     ["turn_off_wifi", "turn_on_wifi"]),
    (_AIRPLANE, "", "A restart would be a good next step.", ["reboot_device"]),
    (_AIRPLANE, "", "Have you tried restarting the phone? If not, please do.", ["reboot_device"]),
    (_AIRPLANE, "", "Please restart your phone if you haven't yet.", ["reboot_device"]),
    (_VPN, "", "If you're using a VPN, please turn it off for now.", [_VPN_LOOK, "disconnect_vpn"]),
    (_VPN, "", "Please run the speed test without the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_VPN, "", "Run the speed test with your VPN switched off.", ["disconnect_vpn", "run_speed_test"]),
    (_WIFI_CALLING, "", "Try the MMS again over mobile data only, with Wi-Fi off.", ["turn_off_wifi", "can_send_mms"]),
    (_APN, "", "Reset your APN settings; the change only applies after a restart, so please restart too.",
     ["reset_apn_settings", "reboot_device"]),
    (_SIM_OUT, "", "Restart the phone once you've reseated the SIM, then check whether it says 'No SIM'.",
     ["reseat_sim_card", "reboot_device", _SIM_LOOK]),
    (_DATA, "", "Mobile data should be on - can you double-check that for me?", [_DATA_LOOK]),
    (_DATA, "", "Mobile data needs to be on for this to work.", []),
    (_MMS, "", "Messages may have lost a permission. Could you open **Settings > Apps > Messages > Permissions** and "
               "tell me which ones are allowed and which are denied?", ["check_app_permissions"]),
    (_AIRPLANE, "", "A top-up would be a good option for you.", []),
]

MOCK_GIVEN = [
    ("wifi_off", "", "Great - with Wi-Fi on now, could you see whether the connection works, say by opening a web page?",
     ["check_connection"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), TELECOM_TOGGLES_AND_STATES)
def test_telecom_round3_toggles_and_states(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "previous", "text", "tools"), MOCK_GIVEN)
def test_mock_round3_given_state(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text, previous)
    assert _matches(tools, got), got


# a sixth batch, written blind: polite questions beside other asks, lists of what the agent did, what the user knows
TELECOM_POLITE_MIXED = [
    (_AIRPLANE, "", "Could you tell me which phone number you're calling about, and whether the airplane icon is "
                    "showing?", ["check_status_bar"]),
    (_VPN, "", "Could you share your phone number, and also let me know if you have a VPN app installed?", [_VPN_LOOK]),
    (_DATA, "", "Could you please let me know when you first noticed the problem and whether you've restarted since?",
     []),
    (_AIRPLANE, "", "Would you be able to restart the phone while I check the network on my side?", ["reboot_device"]),
    (_AIRPLANE, "", "Here's what I did:\n1. Checked your line - it's active.\n2. Confirmed there's no outage.\n"
                    "3. Reset your network registration.", []),
    (_DATA, "", "To summarise:\n1. Mobile data was off - you've turned it on.\n2. The speed test shows 40 Mbps.\n"
                "3. Everything looks good.", []),
    (_VPN, "", "Thanks! Which city are you in, and did the slowdown start after you installed a VPN?", []),
    (_AIRPLANE, "", "May I ask whether you've recently changed any settings on the phone?", []),
    (_DATA, "", "Would you be so kind as to run a speed test for me?", ["run_speed_test"]),
    (_DATA, "", "If it's not too much trouble, could you switch mobile data on?", ["turn_on_mobile_data"]),
    (_AIRPLANE, "", "Do you know how to turn off airplane mode?", []),
    (_VPN, "", "Do you know how to disconnect your VPN, or would you like instructions?", []),
    (_AIRPLANE, "", "Please turn off airplane mode - do you know where to find it?", ["turn_off_airplane_mode"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), TELECOM_POLITE_MIXED)
def test_telecom_round3_polite_mixed(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


# a seventh batch, written blind: the order of steps said with participles, "only when", "as soon as", a
# trailing "first, though" on a sentence of its own
TELECOM_ORDER_MORE = [
    (_SIM_OUT, "", "Restart your phone, having first reseated the SIM.", ["reseat_sim_card", "reboot_device"]),
    (_VPN, "", "Run a speed test as soon as the VPN is disconnected.", ["disconnect_vpn", "run_speed_test"]),
    (_WIFI_CALLING, "", "Send the MMS again. You'll need to turn off Wi-Fi Calling first, though.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    (_BOTH_PERMS, "", "Allow Storage for Messages, having allowed SMS already.", ["grant_storage_permission"]),
    (_DATA, "", "Run the speed test only when mobile data is back on.", ["turn_on_mobile_data", "run_speed_test"]),
    (_DATA, "", "Run the speed test, making sure mobile data is on first.", ["turn_on_mobile_data", "run_speed_test"]),
    (_VPN, "", "Open your settings. Disable the VPN first, and only then run the speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    (_SIM_OUT, "", "Restart your phone. Before that, though, reseat the SIM.", ["reseat_sim_card", "reboot_device"]),
    (_APN, "", "You'll need to restart the phone, but only once the APN has been reset.",
     ["reset_apn_settings", "reboot_device"]),
    (_DATA, "", "Prior to running the speed test, please enable mobile data.", ["turn_on_mobile_data", "run_speed_test"]),
    (_VPN, "", "Run a speed test, then disconnect the VPN and run another one.", ["run_speed_test", "disconnect_vpn"]),
    (_DATA, "", "When mobile data is on, you should see 4G or 5G next to the bars.", []),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), TELECOM_ORDER_MORE)
def test_telecom_round3_order_more(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


# an eighth batch, written blind: "it" in "is it enabled?" is the setting the sentence before explained (its
# subject), not the last thing that sentence named, nor the phone the question mentions
TELECOM_IT_IS_THE_SETTING = [
    (_WIFI_CALLING, "Wi-Fi Calling can interfere with MMS on some phones.", "Could you check whether it's enabled?",
     ["check_wifi_calling"]),
    (_ABROAD, "Data roaming has to be on for data to work abroad.", "Can you check that it's enabled on your phone?",
     [_ROAM_LOOK]),
    (_SAVER, "", "Data Saver could be throttling you. Is it switched on?", [_SAVER_LOOK]),
    (_SAVER, "", "Data Saver might be the culprit here. Switch it off and run the test again, please.",
     ["turn_off_data_saver", "run_speed_test"]),
    (_MMS, "The SMS permission for Messages is set to 'Deny'.", "Could you change it to 'Allow'?",
     ["grant_sms_permission"]),
    (_BILL, "I've sent a payment request to your phone.", "Once it arrives, please pay it.", ["pay_payment_request"]),
    (_BILL, "I've sent a payment request to your phone.", "Has it arrived yet?", ["check_payment_request"]),
    (_WIFI_CALLING, "You're connected to Wi-Fi right now.", "Please disconnect from it and try the MMS again.",
     ["turn_off_wifi", "can_send_mms"]),
    (_AIRPLANE, "", "Restart your phone and check that it's on again.", ["reboot_device"]),
    (_VPN, "A VPN can route your traffic through a distant server.", "Is one running on your phone right now?",
     [_VPN_LOOK]),
]

MOCK_IT = [
    ("wifi_off", "Your device's Wi-Fi is currently turned off.", "Please turn it back on and check whether you're online.",
     ["turn_on_wifi", "check_connection"]),
    ("router_off", "Your router appears to be unplugged.", "Could you plug it back in?", ["restart_router"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), TELECOM_IT_IS_THE_SETTING)
def test_telecom_round3_it_is_the_setting(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text, previous)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "previous", "text", "tools"), MOCK_IT)
def test_mock_round3_it(task: str, previous: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text, previous)
    assert _matches(tools, got), got
