"""Requests that the user operate their own tools (telecom's phone, mock's device), phrased freely: probes written for
issue 20 round 3, away from the corpus's wording, read by the same ``understanding.read`` the scripted user and the
labeller use. An expected entry may name alternatives ("check_status_bar|check_network_status") when either tool shows
what is asked, as in the corpus (tests/data/understanding/README.md). Hard negatives: the agent's own actions,
explanations of a setting, past-tense reports, "you don't need to", questions about what the user already did."""

from __future__ import annotations

import functools

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Task
from pytest_mmtau.understanding import read, vocabulary


@functools.cache
def _domain(name: str) -> Domain:
    return DomainRegistry().get(name)


def _task(domain: str, prefix: str) -> Task:
    return next(t for t in _domain(domain).tasks if t.id.startswith(prefix))


def _tools(domain: str, task: str, text: str) -> list[str]:
    return list(read(text, vocabulary(_task(domain, task), _domain(domain).tool_infos)).tools)


def _matches(expected: list[str], got: list[str]) -> bool:
    return len(expected) == len(got) and all(g in e.split("|") for e, g in zip(expected, got))


_AIRPLANE = "[service_issue]airplane_mode_on"
_DATA = "[mobile_data_issue]data_mode_off"
_MMS = "[mms_issue]break_app_sms_permission"
_BAR_OR_NET = "check_status_bar|check_network_status"
_DATA_LOOK = "check_mobile_data_settings|check_network_status|check_status_bar"

TELECOM = [
    # settings paths and menus in every form
    (_AIRPLANE, "Let's rule out the obvious first: swipe down from the top of the screen and tap the airplane icon so "
                "it's no longer highlighted.", ["turn_off_airplane_mode"]),
    (_DATA, "Head into your connection settings and flip the Mobile Data switch to on.", ["turn_on_mobile_data"]),
    (_DATA, "In the Mobile Data menu, is the Data Roaming toggle enabled or disabled?",
     ["check_mobile_data_settings|check_network_status"]),
    (_DATA, "Go to Settings > Network & internet > SIMs > Roaming and switch it on.", ["turn_on_data_roaming"]),
    (_MMS, "Kindly go to Apps > Messages > Permissions and allow SMS.", ["grant_sms_permission"]),
    (_AIRPLANE, "Would you be able to check whether your SIM is detected? It's under Settings > About phone > SIM "
                "status.", ["check_sim_status"]),
    (_DATA, "Please enable Wi-Fi calling - it's in the Phone app's settings.", ["turn_on_wifi_calling"]),
    # the state read off a screen
    (_AIRPLANE, "What does the very top of your screen show right now - any icons next to the clock?",
     ["check_status_bar"]),
    (_DATA, "Do you see 4G, LTE or 5G next to your signal bars?", [_BAR_OR_NET]),
    (_AIRPLANE, "How many bars are you getting at the moment?", [_BAR_OR_NET]),
    (_AIRPLANE, "Does your status bar show 'Emergency calls only'?", ["check_status_bar"]),
    (_DATA, "Let me know what the network status screen shows for 'Mobile network state'.", ["check_network_status"]),
    (_MMS, "Please take a look at your APN settings and read me the MMSC field.", ["check_apn_settings"]),
    (_DATA, "Can you pop into Settings and tell me what your Preferred network type says?", ["check_network_mode"]),
    (_DATA, "Is your phone currently set to 3G only or 2G only?", ["check_network_mode"]),
    (_AIRPLANE, "Tell me exactly what the SIM status page says.", ["check_sim_status"]),
    (_DATA, "Would you please verify that the VPN is disconnected?", ["check_vpn_status"]),
    (_MMS, "Can you confirm whether Wi-Fi calling is enabled on your handset?", ["check_wifi_calling"]),
    (_MMS, "Open the Messages app's permission page and check that both SMS and Storage are allowed.",
     ["check_app_permissions"]),
    (_DATA, "Could you have a peek at whether there's a little key icon in your notification bar?",
     ["check_status_bar|check_vpn_status"]),
    (_DATA, "What does it say under 'Preferred network type'?", ["check_network_mode"]),
    (_AIRPLANE, "Please check the payment section on your phone for a pending request from us.",
     ["check_payment_request"]),
    # imperative verbs and their synonyms
    (_AIRPLANE, "Could you power-cycle your phone for me?", ["reboot_device"]),
    (_AIRPLANE, "Please eject the SIM tray, give the card a gentle wipe, and slot it back in.", ["reseat_sim_card"]),
    (_DATA, "Next step: open a speed-test app and tap Go. What download speed do you get?", ["run_speed_test"]),
    (_MMS, "Try texting a photo to a friend and tell me whether it goes through.", ["can_send_mms"]),
    (_DATA, "I'd recommend resetting your APN to the default values - the option is in the menu on the Access Point "
            "Names screen.", ["reset_apn_settings"]),
    (_DATA, "Please set the preferred network type to 4G/5G (recommended).", ["set_network_mode_4g_5g"]),
    (_MMS, "The Messages app needs storage access - please grant it.", ["grant_storage_permission"]),
    (_AIRPLANE, "There should be a payment prompt from us on your phone; go ahead and pay it.",
     ["pay_payment_request"]),
    (_DATA, "Would you mind turning Data Saver off?", ["turn_off_data_saver"]),
    (_DATA, "Kill the VPN connection, please.", ["disconnect_vpn"]),
    (_AIRPLANE, "Go ahead and approve the $45.00 charge that just popped up on your phone.", ["pay_payment_request"]),
    (_AIRPLANE, "Kindly do a hard restart of the phone (hold the power button for 10 seconds).", ["reboot_device"]),
    (_AIRPLANE, "Take the SIM out, check it isn't damaged, and put it back in firmly.", ["reseat_sim_card"]),
    (_DATA, "Now load a webpage or run a quick speed test to confirm data is working.", ["run_speed_test"]),
    # "make sure", toggles, sequences
    (_AIRPLANE, "Make sure Airplane Mode is disabled.", ["turn_off_airplane_mode"]),
    (_DATA, "Can you make sure the Data Saver toggle is off?", ["turn_off_data_saver"]),
    (_MMS, "Toggle Wi-Fi Calling off and then back on.", ["turn_off_wifi_calling", "turn_on_wifi_calling"]),
    (_DATA, "Please toggle mobile data off and back on.", ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_AIRPLANE, "Switch on Airplane mode, wait ten seconds, and switch it off again.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_DATA, "**Step 1:** Disable Wi-Fi.\n**Step 2:** Reboot.\n**Step 3:** Run a speed test and share the result.",
     ["turn_off_wifi", "reboot_device", "run_speed_test"]),
    (_DATA, "First, make sure mobile data is on. After that, restart the phone.",
     ["turn_on_mobile_data", "reboot_device"]),
    (_DATA, "Turn off the VPN app, then retry the speed test.", ["disconnect_vpn", "run_speed_test"]),
    (_AIRPLANE, "Try restarting. Once it's back up, check the status bar again.",
     ["reboot_device", "check_status_bar"]),
    (_MMS, "Reboot the handset and then try sending the MMS again.", ["reboot_device", "can_send_mms"]),
    (_DATA, "Could you enable data roaming and then reboot?", ["turn_on_data_roaming", "reboot_device"]),
    (_MMS, "Once you've granted SMS permission, try sending a picture message again.",
     ["grant_sms_permission", "can_send_mms"]),
    # conditional steps: the look, then the action
    (_DATA, "If Data Roaming is off, please switch it on.", [_DATA_LOOK, "turn_on_data_roaming"]),
    (_DATA, "In case mobile data is disabled, turn it on.", [_DATA_LOOK, "turn_on_mobile_data"]),
    (_DATA, "Is Wi-Fi on? If so, please switch it off for now so we're only on cellular.",
     ["check_wifi_status|check_status_bar", "turn_off_wifi"]),
    (_DATA, "If you see a little key icon up top, disconnect the VPN.",
     ["check_status_bar|check_vpn_status", "disconnect_vpn"]),
    # hard negatives: nothing asked of the user's phone
    (_DATA, "I've turned on roaming on your line from our side.", []),
    (_AIRPLANE, "Airplane mode disables all radios, including cellular, Wi-Fi and Bluetooth.", []),
    (_AIRPLANE, "You don't need to restart your phone - the change applies immediately.", []),
    (_DATA, "Thanks for restarting your phone and turning off Wi-Fi.", []),
    (_AIRPLANE, "Have you already tried rebooting the device?", []),
    (_AIRPLANE, "Once the line is reactivated, the status bar should show full bars again.", []),
    (_DATA, "Data Saver limits background data usage to help reduce your bill.", []),
    (_DATA, "I can see on my end that your line is active and mobile data is enabled on the plan.", []),
    (_DATA, "If the speed test still comes back slow after all this, I'll escalate to our network team.", []),
    (_AIRPLANE, "Great - you turned off airplane mode and the bars are back, so the service issue is resolved.", []),
    (_DATA, "For future reference, Wi-Fi calling lives under Settings > Connections > Wi-Fi Calling.", []),
    (_AIRPLANE, "Let me check the network status in your area.", []),
    (_AIRPLANE, "I'll run a diagnostic on your SIM from our end; this takes about a minute.", []),
    (_AIRPLANE, "Restarting won't erase any of your data or settings.", []),
    (_DATA, "Roaming is enabled on your account, so as soon as your phone's own roaming toggle is on you'll be "
            "connected.", []),
]

MOCK = [
    ("router_off", "Could you check if your device shows as online?", ["check_connection"]),
    ("router_off", "Please unplug the router for 30 seconds, then plug it back in.", ["restart_router"]),
    ("wifi_off", "Head into Settings and enable Wi-Fi, please.", ["turn_on_wifi"]),
    ("wifi_off", "Is your device connected to the internet right now?", ["check_connection"]),
    ("router_off", "Give your router a quick reboot and tell me if the connection comes back.",
     ["restart_router", "check_connection"]),
    ("router_off", "I've restarted the router remotely; it should be back in a minute.", []),
    ("wifi_off", "Your device will reconnect automatically once Wi-Fi is on.", []),
]

# domains without user tools: the same verbs ask nothing of a phone
OTHER = [
    ("retail", "cancel", "Please check your email for the return label and turn on notifications for updates."),
    ("ecommerce", "", "Could you restart the checkout and run the payment again?"),
    ("restaurant", "", "Would you like me to switch the fries to a side salad?"),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM)
def test_telecom_phone_requests(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK)
def test_mock_device_requests(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("domain", "task", "text"), OTHER)
def test_no_user_tools_no_requests(domain: str, task: str, text: str) -> None:
    assert _tools(domain, task, text) == []


# a second batch, written after the first was fixed: wordings none of the rules were written against
TELECOM_MORE = [
    (_DATA, "On an iPhone that's Settings > Cellular > Cellular Data Options > Data Roaming - please slide it to "
            "green.", ["turn_on_data_roaming"]),
    (_DATA, "Open Control Center and long-press the connectivity tile; is the cellular data icon lit up?",
     [_DATA_LOOK]),
    (_AIRPLANE, "Pull down your quick settings panel. Is the plane icon highlighted?", ["check_status_bar"]),
    (_DATA, "While you're in Mobile networks, change Network mode to '5G/4G/3G/2G (auto connect)'.",
     ["set_network_mode_4g_5g"]),
    (_DATA, "Could you glance at the signal indicator and let me know how strong it looks?", [_BAR_OR_NET]),
    (_AIRPLANE, "What's written in the upper-left corner of your screen, where the carrier name usually is?",
     ["check_status_bar"]),
    (_DATA, "Before anything else, I'd like you to disconnect from your VPN.", ["disconnect_vpn"]),
    (_DATA, "Here's what to try:\n\n1. Switch off Data Saver\n2. Restart the phone\n3. Run the speed test again\n\n"
            "Let me know the result.", ["turn_off_data_saver", "reboot_device", "run_speed_test"]),
    (_MMS, "Next, re-enable Wi-Fi Calling.", ["turn_on_wifi_calling"]),
    (_MMS, "Please restore your APN settings to their defaults and then restart your device so they take effect.",
     ["reset_apn_settings", "reboot_device"]),
    (_AIRPLANE, "Could you power your phone down, remove the SIM, put it back, and turn the phone on again?",
     ["reseat_sim_card", "reboot_device"]),
    (_DATA, "Once Wi-Fi is off, what speed does the test report?",
     ["turn_off_wifi|check_wifi_status", "run_speed_test"]),
    (_MMS, "Go to Settings > Apps > Messages > Permissions, and turn on both SMS and Storage.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_DATA, "Is the Mobile data switch on or off?", ["check_mobile_data_settings|check_network_status"]),
    (_DATA, "Is Data Saver turned on by any chance?", ["check_mobile_data_settings|check_status_bar"]),
    (_DATA, "What does the speed test come back with now?", ["run_speed_test"]),
    (_AIRPLANE, "You'll want to switch off airplane mode - it's the plane icon in Control Center.",
     ["turn_off_airplane_mode"]),
    (_DATA, "Roaming needs to be on for data abroad, so please enable it in your phone's settings.",
     ["turn_on_data_roaming"]),
    (_MMS, "After you've switched Wi-Fi Calling off, send yourself a test picture message.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    (_AIRPLANE, "Just to double-check: does it still say 'No SIM' at the top?", ["check_status_bar|check_sim_status"]),
    # hard negatives
    (_DATA, "Data roaming lets your phone use partner networks abroad; charges may apply depending on your plan.", []),
    (_DATA, "I've reset the network settings on our end and refreshed your line's provisioning.", []),
    (_AIRPLANE, "Perfect, airplane mode is now off and you have full bars - that's exactly what we wanted.", []),
    (_DATA, "There's no need to reset your APN settings; they look correct from here.", []),
    (_MMS, "Picture messages need both mobile data and the right APN, which is why we checked those earlier.", []),
    (_DATA, "Toggling Wi-Fi won't affect your data allowance.", []),
    (_AIRPLANE, "When you restarted earlier, did the No Service message appear right away?", []),
]

MOCK_MORE = [
    ("router_off", "Can you check that the router's lights are on and tell me whether your device is online?",
     ["check_connection"]),
    ("wifi_off", "It looks like your Wi-Fi is off - please switch it back on and let me know once you're connected.",
     ["turn_on_wifi", "check_connection"]),
    ("router_off", "Please power-cycle the router: unplug it, wait a minute, and plug it back in.", ["restart_router"]),
    ("router_off", "The router being off would explain it; once it's back on, everything should reconnect.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_MORE)
def test_telecom_phone_requests_more(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_MORE)
def test_mock_device_requests_more(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# a third batch: orderings, several asks at once, platform-specific paths, more negatives
TELECOM_THIRD = [
    (_DATA, "Before running the speed test, please turn Wi-Fi off.", ["turn_off_wifi", "run_speed_test"]),
    (_DATA, "Run a speed test after you've disabled the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_DATA, "Check your mobile data toggle; if it's off, turn it on.", [_DATA_LOOK, "turn_on_mobile_data"]),
    (_DATA, "Turn on mobile data:\n- iPhone: Settings > Cellular > Cellular Data\n- Android: Settings > Network & "
            "internet > Mobile network > Mobile data", ["turn_on_mobile_data"]),
    (_MMS, "Then text a picture to someone and let me know if it fails.", ["can_send_mms"]),
    (_AIRPLANE, "Please confirm airplane mode is off.", ["check_status_bar"]),
    (_AIRPLANE, "Can you tell me two things: is airplane mode on, and is there a SIM icon at the top?",
     ["check_status_bar"]),
    (_DATA, "Step 3 - with roaming enabled, reboot so the phone re-registers on the partner network.",
     ["turn_on_data_roaming", "reboot_device"]),
    (_MMS, "Under Messages > Permissions, set SMS to Allow.", ["grant_sms_permission"]),
    (_AIRPLANE, "Hold the power button, choose Restart, and wait for the phone to come back up.", ["reboot_device"]),
    (_DATA, "Pull up the network mode setting - what's it on right now?", ["check_network_mode"]),
    (_DATA, "Disable Data Saver, then test your speed again.", ["turn_off_data_saver", "run_speed_test"]),
    (_AIRPLANE, "Could you do me a favour and see whether your SIM shows as active in the SIM status page?",
     ["check_sim_status"]),
    (_AIRPLANE, "Let's get you back online. Pay the outstanding bill using the request I just sent to your phone.",
     ["pay_payment_request"]),
    (_DATA, "Go into your VPN app and hit Disconnect, then let me know when you're done.", ["disconnect_vpn"]),
    # negatives
    (_DATA, "I just want to make sure I understand: the problem started after you turned on the VPN?", []),
    (_DATA, "Your plan includes 5 GB of data; once you hit that limit, speeds are reduced.", []),
    (_AIRPLANE, "After the payment goes through, I'll reactivate the line and you should get service back.", []),
    (_MMS, "Wi-Fi calling sometimes interferes with picture messages on some carriers.", []),
    (_DATA, "Did turning off the VPN make any difference?", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_THIRD)
def test_telecom_phone_requests_third(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a fourth batch: mostly statements that use the device's words without asking anything of the phone
TELECOM_FOURTH = [
    (_DATA, "I can see your phone is set to 3G only, which explains the slow speeds.", []),
    (_AIRPLANE, "Restarting the phone usually clears this kind of glitch.", []),
    (_DATA, "Mobile data is switched off on your device, according to our diagnostics.", []),
    (_AIRPLANE, "Airplane mode was on - that's why you had no service. Glad it's sorted!", []),
    (_DATA, "**Why this happens:** when Data Saver is on, apps can't use data in the background.", []),
    (_MMS, "To send picture messages, your phone needs mobile data turned on and a valid APN.", []),
    (_DATA, "Some customers find that turning the VPN off helps; others don't see a difference.", []),
    (_DATA, "Let me reset your data usage counter on our side.", []),
    (_AIRPLANE, "I'm going to check whether there's an outage in your area.", []),
    (_DATA, "If it still doesn't work after that, we'll look at the APN next.", []),
    (_AIRPLANE, "Sorry for the trouble! Once the SIM is reseated, the phone usually finds the network within a minute.",
     []),
    (_DATA, "Is there anything else going on with your phone that I should know about?", []),
    # and positives in new shapes
    (_DATA, "Quick check - are you connected to Wi-Fi at the moment?", ["check_wifi_status"]),
    (_AIRPLANE, "Is the SIM card properly seated? Please take it out and reinsert it.",
     ["check_sim_status", "reseat_sim_card"]),
    (_DATA, "Could you switch the network mode over to 4G/5G and then see if the speed improves?",
     ["set_network_mode_4g_5g", "run_speed_test"]),
    (_DATA, "A couple of quick things to try:\n* turn Airplane Mode on and off\n* restart your phone",
     ["turn_on_airplane_mode", "turn_off_airplane_mode", "reboot_device"]),
    (_DATA, "Please make sure Data Roaming is turned on - it's off by default on most phones.",
     ["turn_on_data_roaming"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_FOURTH)
def test_telecom_phone_requests_fourth(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a fifth batch: the long structured replies frontier agents write
TELECOM_FIFTH = [
    (_AIRPLANE, "Could you try the following and let me know how it goes:\n\n1. **Toggle Airplane Mode** - swipe down, "
                "tap the airplane icon, wait 10 seconds, then tap it again.\n2. **Restart** - hold the power button "
                "and choose Restart.", ["turn_on_airplane_mode", "turn_off_airplane_mode", "reboot_device"]),
    (_MMS, "### Let's check the APN\nOpen **Settings > Connections > Mobile networks > Access Point Names** and tell "
           "me what's in the MMSC field.", ["check_apn_settings"]),
    (_DATA, "Thanks! Two things, please:\n- Confirm whether the VPN icon (a small key) is showing\n- If it is, "
            "disconnect the VPN", ["check_status_bar|check_vpn_status", "disconnect_vpn"]),
    (_MMS, "Great news - the account looks fine. The next thing I'd like you to do is grant the Messages app "
           "permission to use Storage. After that, try the picture message once more.",
     ["grant_storage_permission", "can_send_mms"]),
    (_DATA, "Okay, so mobile data is on. Next, what network type do you see in the status bar - 4G, 3G, or nothing?",
     [_BAR_OR_NET]),
    (_AIRPLANE, "Alright. Please power the phone off, wait about 30 seconds, and power it on again. When it's back, "
                "tell me what the status bar shows.", ["reboot_device", "check_status_bar"]),
]

MOCK_FIFTH = [
    ("router_off", "Here's what I'd suggest:\n1. Check that the router is plugged in and powered on.\n2. If the "
                   "lights are off, restart it.\n3. Then let me know whether your device is back online.",
     ["restart_router", "check_connection"]),
    ("wifi_off", "Your device shows as offline on our side. Can you open your Wi-Fi settings and turn Wi-Fi on?",
     ["turn_on_wifi"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_FIFTH)
def test_telecom_phone_requests_fifth(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_FIFTH)
def test_mock_device_requests_fifth(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# a sixth batch: more ways to ask for a look, pairs of permissions, off-and-on in other words
TELECOM_SIXTH = [
    (_DATA, "Could you navigate to Settings > Mobile network and let me know whether Data roaming is switched on?",
     ["check_mobile_data_settings|check_network_status"]),
    (_AIRPLANE, "What's your signal like right now?", [_BAR_OR_NET]),
    (_AIRPLANE, "Are you seeing any bars at all, or does it say 'No service'?", [_BAR_OR_NET]),
    (_DATA, "Do you have LTE showing up top?", [_BAR_OR_NET]),
    (_DATA, "Can you tell me what network mode you're on?", ["check_network_mode"]),
    (_MMS, "Are the SMS and Storage permissions enabled for Messages?", ["check_app_permissions"]),
    (_MMS, "Please give the Messages app SMS permission and Storage permission.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_MMS, "Allow Messages to access SMS and storage.", ["grant_sms_permission", "grant_storage_permission"]),
    (_MMS, "Switch Wi-Fi calling off, and turn Wi-Fi off too.", ["turn_off_wifi_calling", "turn_off_wifi"]),
    (_DATA, "Disable and then re-enable mobile data.", ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_DATA, "Turn mobile data off, count to ten, and turn it back on.",
     ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_AIRPLANE, "Could you check for a pending payment notification?", ["check_payment_request"]),
    (_AIRPLANE, "Tap Pay on that notification, please.", ["pay_payment_request"]),
]

MOCK_SIXTH = [
    ("router_off", "Try browsing to any website - does it load?", ["check_connection"]),
    ("router_off", "Please switch the router back on.", ["restart_router"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_SIXTH)
def test_telecom_phone_requests_sixth(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_SIXTH)
def test_mock_device_requests_sixth(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# a seventh batch: statements near the new rules (imperatives, toggles, "once X is on", qualifiers)
TELECOM_SEVENTH = [
    (_DATA, "Once mobile data is on, you'll see the 4G icon next to your bars.", []),
    (_MMS, "Turning off Wi-Fi calling fixed it for many customers.", []),
    (_AIRPLANE, "Check back with us if the issue persists.", []),
    (_AIRPLANE, "Payment requests usually arrive within a few minutes.", []),
    (_AIRPLANE, "Go ahead and let me know if you have any other questions.", []),
    (_AIRPLANE, "Note: toggling airplane mode briefly drops any call in progress.", []),
    (_AIRPLANE, "Set up autopay to avoid future suspensions.", []),
    (_DATA, "Make sure to keep your phone charged while we work on this.", []),
    (_DATA, "Roaming charges for your destination are listed on our website.", []),
    (_MMS, "The storage permission lets Messages attach photos; the SMS permission lets it send texts.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_SEVENTH)
def test_telecom_statements_ask_nothing(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# an eighth batch: a step, then a look at its effect
TELECOM_EIGHTH = [
    (_AIRPLANE, "Turn airplane mode off and tell me whether you have service now.",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_AIRPLANE, "After restarting, does the SIM show up?", ["reboot_device", "check_sim_status|check_status_bar"]),
    (_AIRPLANE, "Once you've reseated the SIM, tell me if the 'No SIM' message is gone.",
     ["reseat_sim_card", "check_status_bar|check_sim_status"]),
    (_DATA, "With the VPN disconnected, please rerun the speed test and share the new numbers.",
     ["disconnect_vpn", "run_speed_test"]),
    (_MMS, "Reset the APN, reboot, and then try one more MMS.",
     ["reset_apn_settings", "reboot_device", "can_send_mms"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_EIGHTH)
def test_telecom_step_then_look(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a ninth batch: device actions in idiom and phrasal verbs
TELECOM_NINTH = [
    (_AIRPLANE, "Pop the SIM out and back in.", ["reseat_sim_card"]),
    (_DATA, "Kick off a speed test when you're ready.", ["run_speed_test"]),
    (_MMS, "Fire off a test MMS to a friend.", ["can_send_mms"]),
    (_AIRPLANE, "Could you flip the phone into airplane mode for a few seconds and then back out?",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_DATA, "Get rid of the VPN connection for now.", ["disconnect_vpn"]),
    (_AIRPLANE, "Put your phone in airplane mode, then take it back out.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_MMS, "Let the Messages app use your storage.", ["grant_storage_permission"]),
    (_AIRPLANE, "Turn your device off completely and then back on.", ["reboot_device"]),
    (_DATA, "Could you cut the VPN connection?", ["disconnect_vpn"]),
    (_MMS, "Hit 'Reset to default' in the APN menu.", ["reset_apn_settings"]),
    (_DATA, "Switch roaming on.", ["turn_on_data_roaming"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_NINTH)
def test_telecom_idioms(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a tenth batch: looks asked with other verbs, and the mock device
TELECOM_TENTH = [
    (_DATA, "Could you double-check whether Data Saver is switched on?",
     ["check_mobile_data_settings|check_status_bar"]),
    (_DATA, "I'd love to know what the VPN app says - connected or not?", ["check_vpn_status"]),
    (_AIRPLANE, "Can you find out whether your SIM is locked?", ["check_sim_status"]),
    (_DATA, "Please report back the download speed after running a speed test.", ["run_speed_test"]),
    (_MMS, "Glance at your APN list and tell me which one is selected.", ["check_apn_settings"]),
    (_AIRPLANE, "Do you notice a small plane symbol anywhere near the clock?", ["check_status_bar"]),
]

MOCK_TENTH = [
    ("wifi_off", "Flip Wi-Fi on from the quick settings and tell me if the connection comes back.",
     ["turn_on_wifi", "check_connection"]),
    ("router_off", "Is the router powered? If not, switch it on.", ["restart_router"]),
    ("router_off", "Can you see whether your device is online now?", ["check_connection"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TENTH)
def test_telecom_looks_in_other_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_TENTH)
def test_mock_device_requests_tenth(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# an eleventh batch: tool requests mixed with facts, approvals and the agent's own steps
TELECOM_ELEVENTH = [
    (_AIRPLANE, "Thanks, Maria. While I pull up your account, could you restart your phone?", ["reboot_device"]),
    (_AIRPLANE, "Can you confirm the phone number on the account, and also check if airplane mode is on?",
     ["check_status_bar"]),
    (_DATA, "Shall I add a 2 GB top-up to your line? Meanwhile, please turn mobile data on.", ["turn_on_mobile_data"]),
    (_DATA, "I'll enable roaming on my side; then you'll need to turn it on on your phone too.",
     ["turn_on_data_roaming"]),
    (_DATA, "I've lifted the block on your line. Now, on your end, restart the phone so it picks up the change.",
     ["reboot_device"]),
    # "you can …" is too often information ("you can find it under …") to read as an ask: left unread for now
    pytest.param(_AIRPLANE, "Would you like me to send the payment request now? Once it arrives, you can approve it "
                            "on your phone.", ["pay_payment_request"],
                 marks=pytest.mark.xfail(strict=True, reason="'you can X' is not read as an ask")),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_ELEVENTH)
def test_telecom_requests_among_other_asks(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


def test_a_list_of_symptoms_is_no_list_of_things_to_look_at() -> None:
    """Found by benchmarks/free_phrasing.py: the control user once checked its mobile data for this question."""
    assert _tools("telecom", _AIRPLANE, "Could you describe what isn't working: calls and texts, mobile data, or "
                                        "picture messages?") == []


# a twelfth batch: settings paths written every way, and "check whether" in other clothes
TELECOM_TWELFTH = [
    (_DATA, "Navigate: Settings -> Connections -> Data usage -> Data saver, and flip it off.", ["turn_off_data_saver"]),
    (_DATA, "In Settings, tap Network & internet, then Internet, and switch Mobile data on.", ["turn_on_mobile_data"]),
    (_DATA, "The option lives in Settings / Cellular / Cellular Data Options / Voice & Data - please pick "
            "'5G Auto' or 'LTE'.", ["set_network_mode_4g_5g"]),
    (_MMS, "Path: Settings › Apps › Messages › Permissions. Once there, allow SMS.", ["grant_sms_permission"]),
    (_DATA, "Could you take a quick look and see if your VPN is active?", ["check_vpn_status"]),
    (_AIRPLANE, "It'd help me to know whether airplane mode is enabled.", ["check_status_bar"]),
    (_DATA, "I'm curious whether mobile data is actually on right now - could you check?", [_DATA_LOOK]),
    (_MMS, "Is Wi-Fi Calling on or off on your phone?", ["check_wifi_calling"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWELFTH)
def test_telecom_paths_and_whether(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a thirteenth batch: the mock device in an LLM agent's words, and its negatives
MOCK_THIRTEENTH = [
    ("router_off", "Let's power-cycle the router - pull the plug, count to 30, and reconnect it.", ["restart_router"]),
    ("wifi_off", "On your device, tap the Wi-Fi icon so it turns blue.", ["turn_on_wifi"]),
    ("wifi_off", "Could you flip Wi-Fi back on?", ["turn_on_wifi"]),
    ("router_off", "Does your device show a connection now?", ["check_connection"]),
    # "once the router has restarted" describes when, as "once the line is reactivated" does: one look
    ("router_off", "Once the router has restarted, check whether you can load a web page.", ["check_connection"]),
    ("wifi_off", "Wi-Fi being off is the most common reason for this, so no worries.", []),
    ("router_off", "I've logged the outage report; our team will follow up by email.", []),
    ("router_off", "Routers sometimes need a restart after a power outage.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_THIRTEENTH)
def test_mock_device_in_llm_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


def test_authorising_the_payment_pays_it() -> None:
    from pytest_mmtau._discovery import DomainRegistry
    from pytest_mmtau.understanding import read, vocabulary

    telecom = DomainRegistry().get("telecom")
    task = next(t for t in telecom.tasks if any(u.name == "pay_payment_request" for u in telecom.user_tools.values()))
    words = vocabulary(task, telecom.tool_infos)
    assert "pay_payment_request" in read("Once you've found it, go ahead and authorise the payment with your saved "
                                         "card.", words).tools
    assert "pay_payment_request" not in read("Can you confirm the amount on the bill?", words).tools


def test_it_may_be_the_thing_the_agents_previous_message_named() -> None:
    from pytest_mmtau._discovery import DomainRegistry
    from pytest_mmtau.understanding import read, vocabulary

    telecom = DomainRegistry().get("telecom")
    words = vocabulary(telecom.tasks[0], telecom.tool_infos)
    before = "Thanks - your status bar shows a key icon, which means a VPN is active."
    reading = read("Please disconnect it for now and then run a fresh speed test.", words, previous=before)
    assert list(reading.tools) == ["disconnect_vpn", "run_speed_test"]


# a fourteenth batch (round 4), written fresh in a frontier agent's manner: markdown steps with sub-bullets, order
# said against the order of the words, conditions, hedged and indirect asks; and the agent's own doing as negatives
_SAVER_LOOK = "check_mobile_data_settings|check_status_bar|check_network_status"
TELECOM_FOURTEENTH = [
    (_DATA, "Thanks for bearing with me! Here's what I'd like you to try:\n\n1. Open **Settings**.\n2. Tap "
            "**Network & internet** → **SIMs**.\n3. Turn on **Roaming**.\n\nLet me know once that's done.",
     ["turn_on_data_roaming"]),
    (_DATA, "Could you check whether Data Saver is switched on? On most Android phones it sits under Settings > "
            "Network & internet > Data Saver.", [_SAVER_LOOK]),
    (_AIRPLANE, "Go ahead and toggle airplane mode: on, wait a few seconds, then off again.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_AIRPLANE, "After you've reseated the SIM card, please restart your phone.", ["reseat_sim_card", "reboot_device"]),
    (_AIRPLANE, "Please restart your phone once you've put the SIM back in.", ["reseat_sim_card", "reboot_device"]),
    (_MMS, "Before you restart, could you reset your APN settings to their defaults?",
     ["reset_apn_settings", "reboot_device"]),
    (_AIRPLANE, "Give your phone a quick power cycle, and when it comes back up, tell me how many signal bars you "
                "see.", ["reboot_device", _BAR_OR_NET]),
    (_DATA, "It sounds like the VPN might be routing your traffic oddly. Could you disconnect it and run another "
            "speed test?", ["disconnect_vpn", "run_speed_test"]),
    (_MMS, "If Wi-Fi Calling is currently off, please turn it on.", ["check_wifi_calling", "turn_on_wifi_calling"]),
    (_DATA, "Here's what I'd suggest:\n- Turn off Wi-Fi so the phone relies on mobile data\n- Then run a speed test\n"
            "- Share the download speed with me", ["turn_off_wifi", "run_speed_test"]),
    (_AIRPLANE, "Let's try a power cycle: hold the power button, choose **Restart**, and wait for it to boot back up.",
     ["reboot_device"]),
    (_DATA, "Could you flip mobile data off and back on for me?", ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_MMS, "Please send a test picture message to someone you know and let me know whether it goes through.",
     ["can_send_mms"]),
    (_MMS, "Would you mind opening the Messages app's permissions and granting both SMS and Storage access?",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_DATA, "Your preferred network type should be 4G/5G. Could you switch it to that?", ["set_network_mode_4g_5g"]),
    (_DATA, "What network mode is your phone on right now: 2G only, 3G only, or 4G/5G?", ["check_network_mode"]),
    (_AIRPLANE, "Can you tell me whether the SIM status screen shows the SIM as locked or missing?",
     ["check_sim_status"]),
    (_AIRPLANE, "There's a payment request waiting on your phone for $32.50. Please open it and complete the payment.",
     ["pay_payment_request"]),
    (_AIRPLANE, "Take a look at the top of your screen. Do you see an airplane icon?", ["check_status_bar"]),
    (_DATA, "Please make sure that Wi-Fi is turned off, then try the speed test again.",
     ["turn_off_wifi", "run_speed_test"]),
    (_AIRPLANE, "Once Airplane Mode is off, give it a minute and check your signal.",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_DATA, "Try running a speed test after you've disconnected from the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_AIRPLANE, "Pop the SIM tray out with the ejector tool, re-seat the card, and slide the tray back in.",
     ["reseat_sim_card"]),
    (_AIRPLANE, "I'd suggest restarting the handset; a plain restart is enough, there's no need for a factory reset.",
     ["reboot_device"]),
    (_DATA, "Let's make sure roaming is enabled on the device itself: Settings → Connections → Mobile networks → "
            "Data roaming.", ["turn_on_data_roaming"]),
    (_MMS, "Next, could you check your APN? Specifically, what's listed in the MMSC field?", ["check_apn_settings"]),
    (_DATA, "Is your phone connected to a Wi-Fi network at the moment", ["check_wifi_status|check_status_bar"]),
    (_AIRPLANE, "Please power your phone off completely, wait about 30 seconds, then turn it back on.",
     ["reboot_device"]),
    (_DATA, "Could you open the Network Status screen and read me what it says next to 'Data roaming'?",
     ["check_network_status"]),
    (_DATA, "Switch the preferred network to 4G/5G and then restart the phone so the change takes effect.",
     ["set_network_mode_4g_5g", "reboot_device"]),
    (_DATA, "Just to narrow this down: are you seeing the letters 'LTE' or '5G' beside the signal indicator?",
     [_BAR_OR_NET]),
    (_DATA, "If the VPN shows as connected, go ahead and disconnect it.",
     ["check_vpn_status|check_status_bar", "disconnect_vpn"]),
    (_MMS, "Please turn Data Saver off, since it can block MMS downloads in the background.",
     ["turn_off_data_saver"]),
    (_DATA, "Could you re-enable mobile data? It looks like it got switched off.", ["turn_on_mobile_data"]),
    (_MMS, "Go into Settings > Apps > Messages > Permissions and tell me which permissions are allowed.",
     ["check_app_permissions"]),
    (_MMS, "To reset your APN: open Access Point Names, tap the ⋮ menu, and choose **Reset to default**.",
     ["reset_apn_settings"]),
    (_DATA, "Now that mobile data is back on, could you try loading a web page or running a speed test?",
     ["run_speed_test"]),
    (_MMS, "Please disable Wi-Fi Calling for now.", ["turn_off_wifi_calling"]),
    (_DATA, "Here's the plan:\n1. **Wi-Fi**\n   - Swipe down and tap the Wi-Fi tile so it goes grey.\n2. **Mobile "
            "data**\n   - Make sure Mobile data is on.\n3. **Speed test**\n   - Run one and tell me the result.",
     ["turn_off_wifi", "turn_on_mobile_data", "run_speed_test"]),
    (_AIRPLANE, "Would you be able to remove the SIM card and put it back in? Sometimes it just needs reseating.",
     ["reseat_sim_card"]),
    (_AIRPLANE, "It'd be great if you could turn off Airplane mode.", ["turn_off_airplane_mode"]),
    (_AIRPLANE, "I'll need you to reboot the phone once more.", ["reboot_device"]),
    (_DATA, "The next step would be to toggle Wi-Fi off.", ["turn_off_wifi"]),
    (_DATA, "Can you double-check that mobile data is switched on", [_DATA_LOOK]),
    (_AIRPLANE, "Could you swipe down from the top and let me know which icons you see?", ["check_status_bar"]),
    (_DATA, "What download and upload speeds does the speed test give you?", ["run_speed_test"]),
    (_MMS, "Please grant the Messages app permission to access storage.", ["grant_storage_permission"]),
    (_MMS, "Give the Messages app the SMS permission, then send a test MMS.", ["grant_sms_permission", "can_send_mms"]),
    (_DATA, "Let's take one thing at a time. First, turn off Data Saver. Second, check whether mobile data is on.",
     ["turn_off_data_saver", _DATA_LOOK]),
    (_AIRPLANE, "Would you please check for a pending payment request on your phone and, if there is one, pay it?",
     ["check_payment_request", "pay_payment_request"]),
    (_DATA, "Try switching your network mode to 4G/5G preferred.", ["set_network_mode_4g_5g"]),
    (_AIRPLANE, "Please restart your device and, when it's back on, check whether the 'No service' message is gone.",
     ["reboot_device", _BAR_OR_NET]),
    (_DATA, "Could you turn on Wi-Fi and connect to your home network?", ["turn_on_wifi"]),
    (_DATA, "Please check the VPN app and tell me if it says Connected.", ["check_vpn_status"]),
    (_AIRPLANE, "Is there an exclamation mark on your signal icon?", [_BAR_OR_NET]),
    (_AIRPLANE, "Let's reboot. Power the phone off, then back on.", ["reboot_device"]),
    (_DATA, "Quick question: is the Mobile data toggle on or off?", [_DATA_LOOK]),
    # the agent's own doing, explanations and reports: nothing asked of the phone
    (_AIRPLANE, "I've just sent a payment request to your phone for the overdue balance of $45.", []),
    (_DATA, "When Data Roaming is on, your phone can use partner networks abroad; charges may apply.", []),
    (_AIRPLANE, "Restarting the phone clears temporary glitches and reloads the network settings.", []),
    (_AIRPLANE, "Good news: your line has been reactivated on our end, so there's no need to toggle anything.", []),
    (_DATA, "I'm going to reset the network settings on your line from our side now.", []),
    (_AIRPLANE, "Your SIM shows as active in our system, so the card itself is fine.", []),
    (_DATA, "It looks like you already switched off the VPN, which is great.", []),
    (_DATA, "The 4G/5G preferred mode usually gives the best speeds in your area.", []),
    (_MMS, "Please don't reset your APN yet; I want to check something first.", []),
    (_AIRPLANE, "Once I've lifted the suspension, your phone should reconnect by itself within a few minutes.", []),
    (_MMS, "Wi-Fi calling lets you make calls over Wi-Fi when the cellular signal is weak.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_FOURTEENTH)
def test_telecom_in_a_frontier_agents_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


MOCK_FOURTEENTH = [
    ("router_off", "Could you unplug your router, wait about a minute, and plug it back in?", ["restart_router"]),
    ("wifi_off", "Please turn on Wi-Fi on your device.", ["turn_on_wifi"]),
    ("router_off", "What does the connection indicator on your device show right now?", ["check_connection"]),
    ("router_off", "Could you give the router a power cycle?", ["restart_router"]),
    ("router_off", "After restarting the router, check the connection status.", ["restart_router", "check_connection"]),
    ("router_off", "Switch the router back on, please.", ["restart_router"]),
    ("router_off", "Turn Wi-Fi on, then restart the router, then check your connection.",
     ["turn_on_wifi", "restart_router", "check_connection"]),
    ("router_off", "If your device says it's offline, please restart your router.",
     ["check_connection", "restart_router"]),
    ("router_off", "The router may need a restart if it lost power overnight.", []),
    ("router_off", "I've reset the network profile on your account from our side.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_FOURTEENTH)
def test_mock_in_a_frontier_agents_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


@functools.cache
def _own_domain(name: str) -> Domain:
    from pathlib import Path

    from pytest_mmtau.domain import load_domain_folder

    return load_domain_folder(Path(__file__).parent / "data" / name)


OWN_DOMAINS = [
    ("streamco", "playback_error", "Could you let me know exactly what error the TV app displays?",
     ["read_error_on_screen"]),
    ("streamco", "playback_error", "Please clear the cache for the StreamCo app: Settings > Apps > StreamCo > "
                                   "Storage > Clear cache.", ["clear_app_cache"]),
    ("streamco", "playback_error", "After clearing the cache, restart the app and try playing something.",
     ["clear_app_cache", "restart_app", "play_a_title"]),
    ("streamco", "playback_error", "Force-close the app and launch it again.", ["restart_app"]),
    ("streamco", "playback_error", "Can you try to start any film and tell me whether it plays?", ["play_a_title"]),
    ("streamco", "playback_error", "Clearing the cache won't delete your watch history or downloads.", []),
    ("bank", "freeze_after_alert", "Could you open your banking app and check the alerts screen?",
     ["check_app_alerts"]),
    ("bank", "freeze_after_alert", "What does the latest alert in the app say?", ["check_app_alerts"]),
    ("bank", "freeze_after_alert", "You'll get an alert in the app once the card is unblocked.", []),
    ("power", "meter_reading", "Please read the kWh figure off your meter's display.", ["read_meter"]),
    ("power", "meter_reading", "What number is showing on your electricity meter right now?", ["read_meter"]),
    ("power", "meter_reading", "We estimate usage when a meter reading isn't submitted.", []),
]


@pytest.mark.parametrize(("domain", "task", "text", "tools"), OWN_DOMAINS)
def test_own_domains_in_a_frontier_agents_words(domain: str, task: str, text: str, tools: list[str]) -> None:
    own = _own_domain(domain)
    got = list(read(text, vocabulary(own.task(task), own.tool_infos)).tools)
    assert _matches(tools, got), got


# a fifteenth batch (round 4): harder phrasing: a thing described instead of named, the order given by "but first",
# "afterwards", "as soon as", "until", and asks hedged as advice
TELECOM_FIFTEENTH = [
    (_AIRPLANE, "I'm sorry for the trouble! Let's start by checking the little plane icon: is it showing in your "
                "status bar?", ["check_status_bar"]),
    # the thing named in apposition after a description of it ("the setting that limits …, Data Saver,"): read by
    # what the setting does since round 8
    (_DATA, "It might be worth switching off the setting that limits background data, Data Saver, and "
            "trying again.", ["turn_off_data_saver"]),
    (_DATA, "You may want to turn on the cellular data switch.", ["turn_on_mobile_data"]),
    (_DATA, "Please run a speed test, but first disconnect the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_MMS, "Send yourself a picture message. Before that, though, allow the Storage permission for Messages.",
     ["grant_storage_permission", "can_send_mms"]),
    (_AIRPLANE, "Reseat the SIM card. Afterwards, reboot the phone.", ["reseat_sim_card", "reboot_device"]),
    (_AIRPLANE, "As soon as the phone has restarted, have a look at the SIM status page.",
     ["reboot_device", "check_sim_status"]),
    (_DATA, "Once that's done, please run the speed test one more time.", ["run_speed_test"]),
    (_DATA, "Could you confirm for me whether the roaming switch on your phone is on", [_DATA_LOOK]),
    (_AIRPLANE, "If you don't mind, please restart the phone and then tell me what the status bar shows.",
     ["reboot_device", "check_status_bar"]),
    (_DATA, "When you get a chance, please set your phone's network type to 4G/5G preferred.",
     ["set_network_mode_4g_5g"]),
    (_DATA, "Would you be able to tell me what speed you're getting on a speed test?", ["run_speed_test"]),
    (_MMS, "Let's check the Messages app's permissions: which ones are currently allowed and which are denied?",
     ["check_app_permissions"]),
    (_DATA, "Can you tap the Wi-Fi icon in your quick settings to turn it off?", ["turn_off_wifi"]),
    (_DATA, "Please turn Wi-Fi back on when you're done with the test.", ["turn_on_wifi"]),
    (_MMS, "I'd like you to switch off Wi-Fi Calling and then try the MMS again.",
     ["turn_off_wifi_calling", "can_send_mms"]),
    (_AIRPLANE, "Please check your phone for a payment notification from us.", ["check_payment_request"]),
    (_DATA, "Next up, have a look at your mobile data settings and tell me if Data Roaming is on.",
     ["check_mobile_data_settings"]),
    (_AIRPLANE, "Could you reboot? When it's back up, check whether you have signal.",
     ["reboot_device", _BAR_OR_NET]),
    (_DATA, "Please turn roaming on. That's the one thing missing.", ["turn_on_data_roaming"]),
    (_AIRPLANE, "Please switch off flight mode.", ["turn_off_airplane_mode"]),
    (_DATA, "Could you please enable cellular data and let me know when it's on?", ["turn_on_mobile_data"]),
    (_MMS, "Can you confirm what the APN name is set to?", ["check_apn_settings"]),
    (_DATA, "What does your phone show for the preferred network type", ["check_network_mode"]),
    # negatives: the state described, advice for later, a question about before
    (_DATA, "Data roaming is currently off on your phone, which is why you can't connect abroad.", []),
    (_AIRPLANE, "If this happens again in the future, restarting your phone is a good first step.", []),
    (_DATA, "Did you notice the problem before or after you turned on the VPN?", []),
    (_MMS, "The MMS center address is part of your APN settings.", []),
    (_AIRPLANE, "Your payment of $45 went through, thank you.", []),
    (_DATA, "The speed test you ran shows 0.4 Mbps, which is far below what your plan should give.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_FIFTEENTH)
def test_telecom_described_and_ordered(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a sixteenth batch (round 4): what an LLM agent says about the phone without asking anything of it, and a few asks
# whose wording holds a look that is no step ("view SMS" is what the permission allows)
TELECOM_SIXTEENTH = [
    (_AIRPLANE, "Your phone will restart by itself after the carrier settings update installs.", []),
    (_DATA, "Roaming charges apply whenever data roaming is turned on abroad.", []),
    (_MMS, "If you ever need to reset your APN later, the option is under Mobile network > Access Point Names.", []),
    (_DATA, "The speed test measures your download and upload speeds.", []),
    (_AIRPLANE, "Once you restart, you may notice a brief 'No service' message; that's normal.", []),
    (_DATA, "Thanks! A VPN can sometimes slow mobile data down noticeably.", []),
    (_DATA, "Would you like step-by-step instructions for turning off Data Saver?", []),
    (_AIRPLANE, "You mentioned you already restarted the phone twice this morning.", []),
    (_DATA, "Mobile data appears to be on, based on what you described.", []),
    (_AIRPLANE, "After the payment is processed, your line will be restored automatically.", []),
    (_AIRPLANE, "The SIM status page lists the SIM state, the network and the phone number.", []),
    (_DATA, "Great, so mobile data is on and roaming is enabled.", []),
    (_DATA, "Perfect, a download speed of 45 Mbps is right where it should be.", []),
    (_AIRPLANE, "I'm sorry the restart didn't help.", []),
    (_DATA, "Unfortunately I can't change settings on your phone remotely; only you can do that.", []),
    (_MMS, "Please note that turning off Wi-Fi calling may affect calls indoors.", []),
    (_AIRPLANE, "Which phone model are you using?", []),
    (_AIRPLANE, "Tap **Restart** when the power menu appears, then wait for the lock screen.", ["reboot_device"]),
    (_MMS, "Allow Messages to send and view SMS from its permissions page.", ["grant_sms_permission"]),
    (_DATA, "If it's still slow after that, try a speed test with the VPN disconnected.",
     ["disconnect_vpn", "run_speed_test"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_SIXTEENTH)
def test_telecom_said_about_the_phone(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a seventeenth batch (round 4): several steps in one message, in the shapes an LLM agent lays them out
TELECOM_SEVENTEENTH = [
    (_DATA, "Let's work through this together:\n\n1. **Turn off Wi-Fi** so we're only testing cellular.\n2. **Check "
            "Data Saver**: if it's on, switch it off.\n3. **Run a speed test** and tell me the download speed.",
     ["turn_off_wifi", _SAVER_LOOK, "turn_off_data_saver", "run_speed_test"]),
    (_AIRPLANE, "Here's what to do:\n- Power the phone down\n- Take out the SIM card, wipe the contacts gently, and "
                "reinsert it\n- Power the phone back on", ["reseat_sim_card", "reboot_device"]),
    (_MMS, "While you're in the Messages app's permissions, please allow SMS and then allow Storage as well.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_MMS, "First reset the APN to default, then restart the phone so it takes effect, and finally send yourself a "
           "test MMS.", ["reset_apn_settings", "reboot_device", "can_send_mms"]),
    (_DATA, "Please restart your phone. Once it's back on, open Settings and set the preferred network type to "
            "4G/5G.", ["reboot_device", "set_network_mode_4g_5g"]),
    (_DATA, "Could you run a speed test now? If the result is still under 1 Mbps, disconnect the VPN and run it "
            "again.", ["run_speed_test", "disconnect_vpn"]),
    (_AIRPLANE, "1. Open your phone's quick settings.\n2. If the airplane icon is lit, tap it to turn it off.\n"
                "3. Wait about 20 seconds and check your signal bars.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    (_DATA, "Please turn mobile data on and, while you're at it, make sure Data Roaming is enabled too.",
     ["turn_on_mobile_data", "turn_on_data_roaming"]),
    (_MMS, "Switch Wi-Fi calling off. After that, reboot, and once the phone is back up, try the picture message "
           "again.", ["turn_off_wifi_calling", "reboot_device", "can_send_mms"]),
    (_DATA, "Disconnect from the VPN first; once you've done that, run a speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    (_AIRPLANE, "Could you reseat your SIM card and then check the SIM status screen?",
     ["reseat_sim_card", "check_sim_status"]),
    (_DATA, "Turn Data Saver off, turn mobile data on, and then let me know what the speed test shows.",
     ["turn_off_data_saver", "turn_on_mobile_data", "run_speed_test"]),
    (_AIRPLANE, "Please pay the pending request on your phone and then restart it.",
     ["pay_payment_request", "reboot_device"]),
    (_MMS, "Go to Settings > Apps > Messages > Permissions, grant SMS, then go back and grant Storage.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_DATA, "Restart the phone, but only after you've switched mobile data back on.",
     ["turn_on_mobile_data", "reboot_device"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_SEVENTEENTH)
def test_telecom_steps_in_an_llm_agents_layout(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# an eighteenth batch (round 4): looks asked in other words ("how fast", "which … does it have", "could you
# verify?" after naming the thing), device gestures, and "check for X and pay it"
TELECOM_EIGHTEENTH = [
    (_DATA, "How fast is your connection on a speed test?", ["run_speed_test"]),
    (_AIRPLANE, "Please hold down the power button and tap Restart.", ["reboot_device"]),
    (_DATA, "Mobile data should be on. Could you verify?", [_DATA_LOOK]),
    (_MMS, "Which permissions does the Messages app have right now?", ["check_app_permissions"]),
    (_MMS, "Under Messages > Permissions, is SMS listed under Allowed or Not allowed?", ["check_app_permissions"]),
    (_AIRPLANE, "Could you check for a payment notification and pay the outstanding amount?",
     ["check_payment_request", "pay_payment_request"]),
    (_DATA, "Let's get Wi-Fi off for now.", ["turn_off_wifi"]),
    (_AIRPLANE, "Do you have any bars?", [_BAR_OR_NET]),
    # where it is shown ("next to the bars") should pick the status bar over the network mode screen: unread
    pytest.param(_DATA, "What's the network type shown next to the bars?", [_BAR_OR_NET],
                 marks=pytest.mark.xfail(strict=True, reason="the place a thing is shown does not choose the screen")),
    (_DATA, "Please set Mobile Data to ON.", ["turn_on_mobile_data"]),
    (_DATA, "Disable the VPN toggle under Settings > Network > VPN.", ["disconnect_vpn"]),
    (_AIRPLANE, "Slide the SIM tray out, check the card is seated flat, and push the tray back in until it clicks.",
     ["reseat_sim_card"]),
    (_AIRPLANE, "Once you've reinserted the SIM, please reboot and check the SIM status.",
     ["reseat_sim_card", "reboot_device", "check_sim_status"]),
    (_MMS, "Please enable Wi-Fi Calling, then disable it again.", ["turn_on_wifi_calling", "turn_off_wifi_calling"]),
    # negatives: what the user owns, and a wait
    (_AIRPLANE, "Do you have any SIM ejector tool nearby?", []),
    (_AIRPLANE, "Please hold while I look into your account.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_EIGHTEENTH)
def test_telecom_looks_and_gestures(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a nineteenth batch (round 4): opening a screen is where a step is done, unless the look is all that is asked;
# finding a thing first is a look; a question after "once …"
TELECOM_NINETEENTH = [
    (_DATA, "Open the Wi-Fi settings and switch Wi-Fi off.", ["turn_off_wifi"]),
    (_DATA, "When you find the VPN app, tap Disconnect.", ["disconnect_vpn"]),
    # "a payment prompt": "payment" qualifies several names of the request, all of the same tools (round 5)
    (_AIRPLANE, "A payment prompt should have landed on your phone. Once you've spotted it, approve it.",
     ["check_payment_request", "pay_payment_request"]),
    (_AIRPLANE, "The payment request should be on your phone now. Once you've spotted it, approve it.",
     ["check_payment_request", "pay_payment_request"]),
    (_DATA, "Pull up your mobile data settings and tell me how the three toggles are set.",
     ["check_mobile_data_settings"]),
    (_MMS, "Please check that Wi-Fi calling is on; if it isn't, tap it on.",
     ["check_wifi_calling", "turn_on_wifi_calling"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_NINETEENTH)
def test_telecom_screens_opened_and_things_found(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


def test_a_question_after_once_is_asked() -> None:
    assert _tools("mock", "router_off", "Now that the router is back up, is your device connected") == [
        "check_connection"]


# a twentieth batch (round 4): settings listed as "thing: state" under an ask, and "do a restart"
TELECOM_TWENTIETH = [
    (_DATA, "Could you make the following changes?\n- Mobile data: **On**\n- Data Saver: **Off**\n- VPN: "
            "**Disconnected**", ["turn_on_mobile_data", "turn_off_data_saver", "disconnect_vpn"]),
    (_AIRPLANE, "Do a quick restart and then let me know whether the bars come back.", ["reboot_device", _BAR_OR_NET]),
    (_DATA, "Here's what I can see on our side:\n- Mobile data: On\n- Roaming: Off", []),
    (_AIRPLANE, "Do the bars come back after a minute?", [_BAR_OR_NET]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTIETH)
def test_telecom_settings_listed_with_their_state(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a twenty-first batch (round 4): hard negatives an LLM agent writes around the phone
TELECOM_TWENTY_FIRST = [
    (_AIRPLANE, "Before we restart anything, can I get your phone number?", []),
    (_DATA, "The toggle for Data Saver is usually under Settings > Network & internet.", []),
    (_DATA, "Were you able to turn off the VPN?", []),
    (_MMS, "Which app do you use to send picture messages?", []),
    (_MMS, "Have you made any changes to your APN settings recently?", []),
    (_DATA, "If the speed test is still slow, let me know and we'll look at other options.", []),
    (_AIRPLANE, "Your phone may show 'No service' for a minute after the restart.", []),
    (_DATA, "Shall I turn on roaming for your line? Once I do, you'll also need to enable data roaming on your phone.",
     []),
    (_AIRPLANE, "Restarting didn't help, so let's look at the SIM next.", []),
    (_DATA, "You can turn Data Saver back on later if you like.", []),
    # and the asks beside them
    (_DATA, "Before you run the speed test, please toggle Wi-Fi off.", ["turn_off_wifi", "run_speed_test"]),
    # "do that" standing for the step a question named is not followed: unread
    pytest.param(_DATA, "Have you turned Wi-Fi off yet? If not, please do that now.", ["turn_off_wifi"],
                 marks=pytest.mark.xfail(strict=True, reason="'do that' does not repeat the step a question named")),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_FIRST)
def test_telecom_said_around_the_phone(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a twenty-second batch (round 4): the mock device, its indicator named as its description names it
MOCK_TWENTY_SECOND = [
    ("router_off", "What does the status indicator on your device say right now?", ["check_connection"]),
    ("router_off", "Once the router is back up, can you load any website?", ["check_connection"]),
    ("router_off", "If the router's lights are off, plug it back in and switch it on.", ["restart_router"]),
    ("router_off", "Please restart the router, then turn Wi-Fi on on your device, and finally check the connection.",
     ["restart_router", "turn_on_wifi", "check_connection"]),
    ("wifi_off", "Could you open Settings, find Wi-Fi and turn it on?", ["turn_on_wifi"]),
    ("wifi_off", "Your device's Wi-Fi appears to be disabled.", []),
    ("router_off", "A router restart usually fixes this kind of thing.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_TWENTY_SECOND)
def test_mock_device_indicator_and_steps(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# a twenty-third batch (round 4): iPhone words, sliders, a test by another name
TELECOM_TWENTY_THIRD = [
    (_DATA, "Make sure the slider next to Mobile data is green.", ["turn_on_mobile_data"]),
    (_MMS, "Test sending an MMS to yourself.", ["can_send_mms"]),
    (_DATA, "Open fast.com or Speedtest by Ookla and run a test.", ["run_speed_test"]),
    (_DATA, "Please switch to LTE/5G in Voice & Data.", ["set_network_mode_4g_5g"]),
    (_DATA, "On an iPhone: Settings > Cellular > Cellular Data Options > Data Roaming, and turn it on.",
     ["turn_on_data_roaming"]),
    (_DATA, "Please turn off Low Data Mode under Cellular Data Options.", ["turn_off_data_saver"]),
    (_DATA, "Please disconnect the VPN. Then, turn Data Saver off. Lastly, restart your phone.",
     ["disconnect_vpn", "turn_off_data_saver", "reboot_device"]),
    (_DATA, "Let me know your download speed after disconnecting the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_DATA, "Could you check your network mode and, if it's on 3G only, change it to 4G/5G preferred?",
     ["check_network_mode", "set_network_mode_4g_5g"]),
    # steps written with arrows are not read as steps yet
    pytest.param(_AIRPLANE, "Airplane mode on → wait 10 seconds → off.",
                 ["turn_on_airplane_mode", "turn_off_airplane_mode"],
                 marks=pytest.mark.xfail(strict=True, reason="steps joined by arrows are not read")),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_THIRD)
def test_telecom_iphone_words_and_sliders(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a twenty-fourth batch (round 4): asks put politely as questions, and looks put as "confirm X is …"
TELECOM_TWENTY_FOURTH = [
    (_DATA, "Please confirm mobile data is turned on.", [_DATA_LOOK]),
    (_DATA, "Can you confirm for me that the VPN is disconnected?", ["check_vpn_status|check_status_bar"]),
    (_DATA, "Are you okay to switch off your VPN while we test?", ["disconnect_vpn"]),
    (_AIRPLANE, "Why don't you try rebooting the phone?", ["reboot_device"]),
    (_DATA, "Would you like me to add a 2 GB data top-up? In the meantime, please restart your phone.",
     ["reboot_device"]),
    (_DATA, "How about turning Wi-Fi off and testing again?", ["turn_off_wifi"]),
    (_DATA, "Can you do me a favor and turn off the VPN?", ["disconnect_vpn"]),
    (_AIRPLANE, "Don't restart your phone yet.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_FOURTH)
def test_telecom_polite_questions_and_confirmed_states(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a twenty-fifth batch (round 4): "it" and "do that" for what the agent's previous message named
FOLLOW_UPS = [
    (_DATA, "It looks like mobile data is turned off on your phone.", "Please turn it back on.",
     ["turn_on_mobile_data"]),
    (_DATA, "To fix this, you'll need to turn off Data Saver and then restart your phone.", "Could you do that now?",
     ["turn_off_data_saver", "reboot_device"]),
    (_DATA, "I can add a 2 GB top-up to your line.", "Would you like me to do that now?", []),
    (_DATA, "Data roaming is currently off.", "Please switch it on, then restart.",
     ["turn_on_data_roaming", "reboot_device"]),
    (_AIRPLANE, "Please power your phone off completely.", "Now turn your phone back on.", ["reboot_device"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), FOLLOW_UPS)
def test_telecom_follow_ups_on_the_previous_message(task: str, previous: str, text: str, tools: list[str]) -> None:
    words = vocabulary(_task("telecom", task), _domain("telecom").tool_infos)
    got = list(read(text, words, previous=previous, previous_asked=read(previous, words).asked).tools)
    assert _matches(tools, got), got


# a twenty-sixth batch (round 4): wh-questions about what a screen shows, and the codes and numbers that are not
TELECOM_TWENTY_SIXTH = [
    (_AIRPLANE, "What's your signal strength?", [_BAR_OR_NET]),
    (_AIRPLANE, "How's your reception?", [_BAR_OR_NET]),
    (_DATA, "What network are you connected to?", ["check_network_status|check_status_bar"]),
    (_MMS, "Which permissions are denied for Messages?", ["check_app_permissions"]),
    (_AIRPLANE, "What's the PUK code printed on your SIM card holder?", []),
    (_AIRPLANE, "What's the phone number on the account?", []),
    (_AIRPLANE, "How are you doing today?", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_SIXTH)
def test_telecom_wh_questions_about_the_screen(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a twenty-seventh batch (round 4): the user's own step beside the agent's offer to act on the account
TELECOM_TWENTY_SEVENTH = [
    (_DATA, "Shall I enable roaming on your line? You'll also want to turn on data roaming on your phone.",
     ["turn_on_data_roaming"]),
    (_DATA, "Would you like me to turn on roaming for C1001? After that, please enable data roaming in your phone "
            "settings.", ["turn_on_data_roaming"]),
    (_AIRPLANE, "Shall I send the payment request now? When it arrives, please pay it from your phone.",
     ["pay_payment_request"]),
    (_DATA, "Shall I enable roaming on your line?", []),
    (_DATA, "I'll enable roaming on your line, and you won't need to change anything on your phone.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_SEVENTH)
def test_telecom_own_steps_beside_an_offer(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a twenty-eighth batch (round 4): long markdown messages with empathy, asides and branches
TELECOM_TWENTY_EIGHTH = [
    (_AIRPLANE, "I'm sorry you're dealing with this; losing service is really frustrating. Let's get to the bottom of "
                "it.\n\n**First, a quick check:** could you look at the very top of your screen and tell me whether "
                "you see a small airplane icon?\n\n- If you **do** see it, Airplane Mode is on, which blocks all "
                "cellular signals. Please turn it off from your quick settings panel.\n- If you **don't** see it, "
                "just let me know and we'll move on to the next step.",
     ["check_status_bar", "turn_off_airplane_mode"]),
    (_DATA, "Thanks for the details! Slow data is usually caused by one of a few settings. Could you please:\n\n1. "
            "Open **Settings → Network & internet → Data Saver** and make sure it's **off**.\n2. Check whether a "
            "**VPN** is connected (you'd see a key icon in the status bar). If one is, please disconnect it.\n3. Run "
            "a speed test (e.g., Speedtest by Ookla) and share the download speed.\n\nLet me know what you find!",
     ["turn_off_data_saver", "check_vpn_status|check_status_bar", "disconnect_vpn", "run_speed_test"]),
    (_DATA, "Got it, you're traveling abroad. For your phone to use data overseas, **Data Roaming** needs to be on in "
            "your phone settings.\n\nOn most Android phones:\n* Settings → Connections → Mobile networks → **Data "
            "roaming** (toggle on)\n\nAfter you've turned it on, please run a quick speed test so we can confirm "
            "data is working.", ["turn_on_data_roaming", "run_speed_test"]),
    (_AIRPLANE, "Thanks for checking. Since the airplane icon isn't showing, let's try reseating your SIM card:\n\n1. "
                "Power off your phone.\n2. Use the SIM tool to eject the tray.\n3. Remove the SIM, make sure it's "
                "clean and undamaged, and put it back in.\n4. Insert the tray and power the phone back on.\n\nOnce "
                "it restarts, check whether you have signal bars again.",
     ["reseat_sim_card", "reboot_device", _BAR_OR_NET]),
    # "either … it" stands for each of the two just named: only the last one is granted
    pytest.param(_MMS, "Go to **Settings > Apps > Messages > Permissions** and check whether **SMS** and **Files and "
                       "media** (Storage) are set to *Allowed*. If either is denied, tap it and choose **Allow**.",
                 ["check_app_permissions", "grant_sms_permission", "grant_storage_permission"],
                 marks=pytest.mark.xfail(strict=True, reason="'if either is denied, tap it' grants only one")),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_EIGHTH)
def test_telecom_long_markdown_messages(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


OWN_DOMAINS_MORE = [
    ("streamco", "playback_error", "Can you relaunch the StreamCo app?", ["restart_app"]),
    ("streamco", "playback_error", "Could you try streaming an episode of anything and let me know if it works?",
     ["play_a_title"]),
    ("streamco", "playback_error", "Is there an error code on the screen?", ["read_error_on_screen"]),
    ("streamco", "playback_error", "Please don't clear the cache yet.", []),
    ("power", "meter_reading", "What does your meter currently show?", ["read_meter"]),
    ("power", "meter_reading", "Your last meter reading was 10234 kWh.", []),
]


@pytest.mark.parametrize(("domain", "task", "text", "tools"), OWN_DOMAINS_MORE)
def test_own_domains_more(domain: str, task: str, text: str, tools: list[str]) -> None:
    own = _own_domain(domain)
    got = list(read(text, vocabulary(own.task(task), own.tool_infos)).tools)
    assert _matches(tools, got), got


# a twenty-ninth batch (round 4): terse chat-style asks, checkmark lists, tag questions about a state
TELECOM_TWENTY_NINTH = [
    (_AIRPLANE, "Quick one: airplane mode, on or off?", ["check_status_bar"]),
    (_DATA, "Mobile data: on or off right now?", [_DATA_LOOK]),
    (_DATA, "✅ Turn off Wi-Fi\n✅ Turn on mobile data\n✅ Run a speed test",
     ["turn_off_wifi", "turn_on_mobile_data", "run_speed_test"]),
    (_DATA, "Just to double-check, VPN's off, right?", ["check_vpn_status|check_status_bar"]),
    (_DATA, "And Data Saver is off now, correct?", [_SAVER_LOOK]),
    (_DATA, "You should see a toggle labeled 'Mobile data'; tap it so it's on.", ["turn_on_mobile_data"]),
    (_DATA, "Your phone number is 555-0134, correct?", []),
    (_DATA, "Data Saver can be switched on or off in Settings.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_TWENTY_NINTH)
def test_telecom_terse_asks_and_tag_questions(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# a thirtieth batch (round 4): questions naming a phone thing that ask a choice or a contact, not a look
TELECOM_THIRTIETH = [
    (_AIRPLANE, "Please reach out to us again if the signal drops.", []),
    (_DATA, "What would you like to do about your data plan?", []),
    (_DATA, "How would you like to pay for the top-up?", []),
    (_DATA, "What seems to be the problem with your mobile data?", []),
    (_AIRPLANE, "A quick check: what's your account number?", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_THIRTIETH)
def test_telecom_choices_and_contacts_ask_no_step(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


def test_reaching_out_is_no_look_at_the_connection() -> None:
    assert _tools("mock", "router_off", "Please reach out if your internet connection drops again.") == []


# round 5 (the user-tools helper): blind probes written before running them, in the styles frontier agents write:
# settings paths with other separators, Android and iPhone words, "could you check whether …", what the top of the
# screen shows, off-and-on as two steps, conditionals, numbered plans, casual and novice-friendly words, and the hard
# negatives beside them (the agent's own actions, what the user already tried, codes and numbers, offers, talk about
# a setting without asking)
TELECOM_R5_PATHS = [
    (_DATA, "On Android, head to **Settings › Network & Internet › SIMs › Roaming** and flip the switch on.",
     ["turn_on_data_roaming"]),
    (_DATA, "iPhone users: Settings → Cellular → Cellular Data Options → Data Mode → Standard (this turns off Low "
            "Data Mode).", ["turn_off_data_saver"]),
    (_DATA, "Go to Settings > Connections > Data usage > Data saver and toggle it off.", ["turn_off_data_saver"]),
    (_MMS, "Navigate to Settings > Apps > Messages > Permissions > Files and media and select Allow.",
     ["grant_storage_permission"]),
    (_MMS, "Please tap through Settings > Connections > Mobile networks > Access Point Names, open the three-dot menu "
           "and choose Reset to default.", ["reset_apn_settings"]),
    (_DATA, "On your iPhone, go to Settings > Cellular > Cellular Data Options > Voice & Data and pick 5G Auto.",
     ["set_network_mode_4g_5g"]),
    (_MMS, "Settings > Connections > Wi-Fi Calling: switch that off for now.", ["turn_off_wifi_calling"]),
    (_DATA, "Android: Settings > Network & internet > Internet > Mobile data (toggle on).", ["turn_on_mobile_data"]),
    (_AIRPLANE, "Could you open Settings > About phone > Status > SIM status and tell me what it says for Network "
                "state?", ["check_sim_status"]),
    (_DATA, "Go to Settings > Network & internet > Mobile network > Preferred network type and choose 5G "
            "(recommended).", ["set_network_mode_4g_5g"]),
    (_DATA, "Samsung: Settings > Connections > Mobile networks > Network mode, then select 5G/LTE/3G/2G (auto "
            "connect).", ["set_network_mode_4g_5g"]),
    (_DATA, "Pixel phones: Settings > Network & internet > Internet, then tap the gear next to your carrier and turn "
            "on Roaming.", ["turn_on_data_roaming"]),
    (_DATA, "On iPhone, Cellular Data needs to be green in Settings > Cellular; please make sure it is.",
     ["turn_on_mobile_data"]),
    (_DATA, "iPhone: turn off Low Data Mode (Settings > Cellular > Cellular Data Options).", ["turn_off_data_saver"]),
    (_AIRPLANE, "Open Control Center (swipe down from the top-right corner) and tap the airplane so it's no longer "
                "orange.", ["turn_off_airplane_mode"]),
]

TELECOM_R5_LOOKS = [
    (_DATA, "Could you check whether Wi-Fi is currently connected?", ["check_wifi_status|check_status_bar"]),
    (_MMS, "Could you check whether the Messages app has permission to use SMS?", ["check_app_permissions"]),
    (_DATA, "Would you mind checking if there's a VPN profile active on your phone?",
     ["check_vpn_status|check_status_bar"]),
    (_AIRPLANE, "Can you check whether your phone is detecting the SIM card at all?", ["check_sim_status"]),
    (_DATA, "I'd like to know whether your phone is currently on 2G only, 3G only, or 4G/5G.", ["check_network_mode"]),
    (_MMS, "Can you check if Wi-Fi Calling is switched on under your call settings?", ["check_wifi_calling"]),
    (_DATA, "Could you see whether Data Saver is enabled?", [_SAVER_LOOK]),
    (_AIRPLANE, "Would you check if a payment request from us has arrived on your phone?", ["check_payment_request"]),
    (_AIRPLANE, "What icons do you see along the top edge of your screen, next to the battery?", ["check_status_bar"]),
    (_AIRPLANE, "Glance at the top right of your display - what's there besides the battery and the time?",
     ["check_status_bar"]),
    (_DATA, "What letters appear next to your signal strength indicator - 5G, LTE, 4G, 3G, or H+?", [_BAR_OR_NET]),
    (_AIRPLANE, "When you look at the top of your phone's screen, what do you see?", ["check_status_bar"]),
    (_AIRPLANE, "Do you see a little plane symbol anywhere up top?", ["check_status_bar"]),
    (_DATA, "Is there a small key or lock icon up near the clock?", ["check_status_bar|check_vpn_status"]),
    # a place on the screen named only by what usually shows there (the carrier name), no tool's thing: unread
    pytest.param(_AIRPLANE, "What does your phone say where the carrier name normally appears?",
                 ["check_status_bar|check_network_status"],
                 marks=pytest.mark.xfail(strict=True, reason="the carrier name is none of the tools' things")),
    (_AIRPLANE, "Let me know what the SIM status screen reports.", ["check_sim_status"]),
    # the settings area looked at is read as a look of its own (at the network status); merging the two looks lost
    # held-out recall, so it stays
    pytest.param(_DATA, "Take a look at your network settings and tell me which network type is selected.",
                 ["check_network_mode"], marks=pytest.mark.xfail(strict=True, reason="a look at the settings area "
                                                                 "is read as a look at the network status too")),
    (_MMS, "Go into the APN settings and tell me what's listed for MMSC.", ["check_apn_settings"]),
    (_DATA, "Please head to your phone's settings and check your APN - the name field should read 'internet'.",
     ["check_apn_settings"]),
    # one screen shows both: a tool is listed once however often it is asked for
    (_DATA, "First things first: is mobile data on? Second: is Data Saver on?", ["check_mobile_data_settings"]),
]

TELECOM_R5_TOGGLES = [
    (_DATA, "Switch mobile data off, give it about ten seconds, then switch it back on.",
     ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_AIRPLANE, "Enable flight mode, wait 15 seconds, and then disable it.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_MMS, "Turn Wi-Fi calling off and then on again.", ["turn_off_wifi_calling", "turn_on_wifi_calling"]),
    (_DATA, "Please flick Wi-Fi off and back on.", ["turn_off_wifi", "turn_on_wifi"]),
    (_DATA, "Give mobile data a quick off-and-on.", ["turn_off_mobile_data", "turn_on_mobile_data"]),
    (_DATA, "Cycle data roaming: off, then on.", ["turn_off_data_roaming", "turn_on_data_roaming"]),
    (_AIRPLANE, "Try toggling airplane mode once.", ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_DATA, "Disconnect from Wi-Fi for a moment and then reconnect.", ["turn_off_wifi", "turn_on_wifi"]),
    (_DATA, "Please switch off Wi-Fi and mobile data, then switch just mobile data back on.",
     ["turn_off_wifi", "turn_off_mobile_data", "turn_on_mobile_data"]),
    (_DATA, "Turn both Wi-Fi and the VPN off.", ["turn_off_wifi", "disconnect_vpn"]),
    (_MMS, "Please grant both permissions - SMS and Storage - to Messages.",
     ["grant_sms_permission", "grant_storage_permission"]),
]

TELECOM_R5_CONDITIONS = [
    (_MMS, "If Wi-Fi Calling is on, please turn it off.", ["check_wifi_calling", "turn_off_wifi_calling"]),
    (_DATA, "If the Data Saver switch is enabled, switch it off.", [_SAVER_LOOK, "turn_off_data_saver"]),
    (_AIRPLANE, "If you see a plane icon at the top, airplane mode is on - tap it to turn it off.",
     ["check_status_bar", "turn_off_airplane_mode"]),
    (_DATA, "Should the network mode be set to 3G only, change it to 4G/5G preferred.",
     ["check_network_mode", "set_network_mode_4g_5g"]),
    (_MMS, "If SMS isn't allowed for Messages, allow it.", ["check_app_permissions", "grant_sms_permission"]),
    (_DATA, "In case you're connected to a VPN, disconnect it.",
     ["check_vpn_status|check_status_bar", "disconnect_vpn"]),
    (_DATA, "Please confirm that roaming is switched on, and if not, switch it on.",
     [_DATA_LOOK, "turn_on_data_roaming"]),
    (_DATA, "Is the VPN app still connected? If it is, tap Disconnect.",
     ["check_vpn_status|check_status_bar", "disconnect_vpn"]),
    (_AIRPLANE, "Swipe down from the very top of your screen to open the shortcuts panel; if the little airplane "
                "picture is lit up, tap it once so it turns grey.", ["check_status_bar", "turn_off_airplane_mode"]),
]

TELECOM_R5_PLANS = [
    (_DATA, "Please try these steps in order:\n1. Turn off Wi-Fi so you're on cellular.\n2. Make sure Mobile data is "
            "on.\n3. Turn on Data roaming.\n4. Restart your phone.",
     ["turn_off_wifi", "turn_on_mobile_data", "turn_on_data_roaming", "reboot_device"]),
    (_MMS, "Here's the plan:\n\n1. **Reset your APN settings** to default.\n2. **Restart** your phone.\n3. **Send a "
           "test MMS** to your own number.\n\nReport back with what happens.",
     ["reset_apn_settings", "reboot_device", "can_send_mms"]),
    (_AIRPLANE, "**Step 1** - Power off the phone.\n**Step 2** - Take out the SIM, then put it back in.\n**Step 3** - "
                "Power the phone on and check the status bar.",
     ["reseat_sim_card", "reboot_device", "check_status_bar"]),
    (_MMS, "1) Open Settings > Apps > Messages > Permissions\n2) Allow SMS\n3) Allow Files and media\n4) Try sending "
           "the picture again", ["grant_sms_permission", "grant_storage_permission", "can_send_mms"]),
    (_DATA, "a. Disconnect the VPN\nb. Turn Data Saver off\nc. Rerun the speed test",
     ["disconnect_vpn", "turn_off_data_saver", "run_speed_test"]),
    (_AIRPLANE, "Take a peek at your notifications - there should be a payment request from us; please approve it.",
     ["check_payment_request", "pay_payment_request"]),
    (_AIRPLANE, "Please restart your handset and, once it's back on, tell me how many bars you have.",
     ["reboot_device", _BAR_OR_NET]),
]

TELECOM_R5_CASUAL = [
    (_AIRPLANE, "Give your phone a quick restart for me.", ["reboot_device"]),
    (_AIRPLANE, "Mind giving the phone a reboot?", ["reboot_device"]),
    (_DATA, "Go ahead and fire up a speed test.", ["run_speed_test"]),
    (_DATA, "Kill Wi-Fi for a sec so we're only on mobile data.", ["turn_off_wifi"]),
    (_DATA, "Ditch the VPN for now.", ["disconnect_vpn"]),
    (_MMS, "Shoot a photo over to a friend via text and see if it lands.", ["can_send_mms"]),
    (_DATA, "Let's bump your network mode up to 4G/5G.", ["set_network_mode_4g_5g"]),
    (_AIRPLANE, "Pop your SIM out, blow off any dust, and pop it back in.", ["reseat_sim_card"]),
    (_AIRPLANE, "Could you turn your phone off and on again?", ["reboot_device"]),
    (_DATA, "Flip roaming on real quick.", ["turn_on_data_roaming"]),
    (_AIRPLANE, "I'd suggest a restart at this point.", ["reboot_device"]),
    (_AIRPLANE, "A reboot might shake things loose - would you give that a go?", ["reboot_device"]),
    (_DATA, "When you have a moment, run the speed test again and paste the download and upload figures here.",
     ["run_speed_test"]),
    (_MMS, "Now that the permissions are sorted, have another go at sending that photo.", ["can_send_mms"]),
    (_DATA, "Could you have another go at the speed test?", ["run_speed_test"]),
    (_AIRPLANE, "Please pay the $30 balance through the request on your phone.", ["pay_payment_request"]),
    (_DATA, "Could you set your preferred network to the 5G option?", ["set_network_mode_4g_5g"]),
    (_MMS, "Can you make sure Storage access is allowed for the Messages app?", ["grant_storage_permission"]),
]

TELECOM_R5_NOVICE = [
    (_AIRPLANE, "On the side of your phone there's a tiny hole next to the SIM tray - push a paperclip in, slide the "
                "tray out, then slide it back in.", ["reseat_sim_card"]),
    (_AIRPLANE, "Press and hold the button on the side of your phone until a menu appears, then tap Restart.",
     ["reboot_device"]),
    (_DATA, "Look for the switch labelled 'Mobile data' and tap it so it turns blue.", ["turn_on_mobile_data"]),
    (_DATA, "Open the app you use for the speed check (the one with the big GO button) and tap GO.",
     ["run_speed_test"]),
    (_MMS, "In the Messages app, attach a picture to a new message to yourself and press send.", ["can_send_mms"]),
    (_DATA, "The setting that saves data in the background - Data Saver - please switch that off.",
     ["turn_off_data_saver"]),
]

TELECOM_R5_NEGATIVES = [
    (_DATA, "I've just pushed new APN settings to your line from our system.", []),
    (_AIRPLANE, "What have you already tried - restarting, toggling airplane mode, anything like that?", []),
    (_AIRPLANE, "Could you tell me the last four digits of the SIM card number?", []),
    (_AIRPLANE, "What's the IMEI of your phone? You can find it by dialing *#06#.", []),
    (_DATA, "I can either enable roaming on your account or add an international pass - which would you prefer?", []),
    (_DATA, "The Data Saver setting restricts background data; it doesn't affect speed tests.", []),
    (_AIRPLANE, "Would you like me to transfer you to a specialist? I'll pass along your SIM details.", []),
    (_AIRPLANE, "I've checked your line and the SIM is active on our network.", []),
    (_DATA, "Had you turned on roaming before you left home?", []),
    (_MMS, "Picture messages can fail when Wi-Fi calling is on, which is why I asked about it.", []),
    (_DATA, "Your speed test results look normal for a 4G connection.", []),
    (_AIRPLANE, "No need to take the SIM out yet.", []),
    (_DATA, "You mentioned you restarted the phone twice already - thanks for doing that.", []),
    (_AIRPLANE, "If restarting doesn't help, the next step would be for me to check the network in your area.", []),
    (_DATA, "Turning mobile data off and on again is a common fix, but let's first see what's going on.", []),
    (_AIRPLANE, "The payment request will show up as a notification from us on your phone.", []),
    (_DATA, "Let me know which you'd prefer: a data top-up or a roaming pass.", []),
    (_MMS, "Do you know whether your phone is an Android or an iPhone?", []),
    (_DATA, "Are you able to access the settings on your phone right now?", []),
    (_AIRPLANE, "Do you have a paperclip or SIM ejector handy?", []),
    (_DATA, "Network mode options include 2G only, 3G only and 4G/5G preferred.", []),
]

MOCK_R5 = [
    ("router_off", "Could you unplug your router, count to thirty, and plug it back in?", ["restart_router"]),
    ("router_off", "Give the modem a power cycle.", ["restart_router"]),
    ("router_off", "Once the lights on the box stop blinking, try opening a website.", ["check_connection"]),
    ("wifi_off", "Can you pull down your quick settings and tap the Wi-Fi tile so it lights up?", ["turn_on_wifi"]),
    ("wifi_off", "Does the connection indicator on your device say online or offline?", ["check_connection"]),
    ("router_off", "After restarting the router, is your device online?", ["restart_router", "check_connection"]),
    ("wifi_off", "Please join your home Wi-Fi network.", ["turn_on_wifi"]),
    ("router_off", "I'll wait while you reboot the router - let me know when it's back.", ["restart_router"]),
    ("router_off", "Routers sometimes need a restart after a firmware update.", []),
    ("wifi_off", "Did you turn Wi-Fi off on purpose?", []),
    ("router_off", "What model is your router?", []),
    ("router_off", "I've sent a remote reboot to the router; please don't unplug it.", []),
]

OWN_DOMAINS_R5 = [
    ("gym", "door_pass", "Could you open the door pass in the club app and tell me what it shows?",
     ["open_door_pass"]),
    ("gym", "door_pass", "Please log out of the club app and then log back in.", ["sign_out_and_back_in"]),
    ("gym", "door_pass", "Try signing out of the app and signing in again, then bring up your pass.",
     ["sign_out_and_back_in", "open_door_pass"]),
    # the QR code is named only in the door pass tool's description (read since round 33: a code on a screen the
    # look shows is no detail)
    ("gym", "door_pass", "What does the QR code screen in your app say?", ["open_door_pass"]),
    ("gym", "door_pass", "Could you pull up your entry pass?", ["open_door_pass"]),
    ("gym", "door_pass", "Signing out and back in usually refreshes the pass.", []),
    ("gym", "door_pass", "Your membership is active, so the pass should work at the entrance.", []),
    ("streamco", "playback_error", "Could you wipe the StreamCo app's cached data?", ["clear_app_cache"]),
    ("power", "meter_reading", "Could you pop outside and tell me the figures on your meter?", ["read_meter"]),
    ("bank", "freeze_after_alert", "Open the alerts tab in your banking app - what's the most recent one?",
     ["check_app_alerts"]),
]

_R5_TELECOM = [*TELECOM_R5_PATHS, *TELECOM_R5_LOOKS, *TELECOM_R5_TOGGLES, *TELECOM_R5_CONDITIONS, *TELECOM_R5_PLANS,
               *TELECOM_R5_CASUAL, *TELECOM_R5_NOVICE, *TELECOM_R5_NEGATIVES]


@pytest.mark.parametrize(("task", "text", "tools"), _R5_TELECOM)
def test_telecom_round_five(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_R5)
def test_mock_round_five(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("domain", "task", "text", "tools"), OWN_DOMAINS_R5)
def test_own_domains_round_five(domain: str, task: str, text: str, tools: list[str]) -> None:
    own = _own_domain(domain)
    got = list(read(text, vocabulary(own.task(task), own.tool_infos)).tools)
    assert _matches(tools, got), got


# round 5, second batch: whole replies as frontier agents write them (a greeting, an explanation, several steps, a
# report asked for at the end), "otherwise" branches, reports of what a step changed, and the negatives around them
TELECOM_R5_REPLIES = [
    (_AIRPLANE, "Thanks for your patience, Sam! Your account is in good standing, so let's focus on the phone.\n\n"
                "1. Swipe down from the top and check whether the ✈️ icon is lit.\n2. If it is, tap it to switch "
                "Airplane Mode off.\n3. Then tell me what happens to your signal bars.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    (_DATA, "Got it. Slow data abroad almost always comes down to one setting. Could you open **Settings > "
            "Connections > Mobile networks** and turn **Data roaming** on? Once that's done, run a speed test and "
            "send me the download figure.", ["turn_on_data_roaming", "run_speed_test"]),
    (_MMS, "Thanks! Picture messages need two permissions. Please open **Settings > Apps > Messages > Permissions** "
           "and make sure **SMS** and **Photos and videos** are both set to *Allow*. After that, try sending the "
           "photo once more and let me know whether it goes through.",
     ["grant_sms_permission", "grant_storage_permission", "can_send_mms"]),
    (_AIRPLANE, "I'm sorry you're stuck without service. Let's try a quick SIM reseat:\n\n- Turn the phone off\n- "
                "Eject the SIM tray with a pin\n- Take the SIM out, then slide it back in\n- Turn the phone back on"
                "\n\nOnce it's on again, let me know whether you see any bars.",
     ["reseat_sim_card", "reboot_device", _BAR_OR_NET]),
    (_DATA, "Let's check a couple of things. First, is a VPN connected? If yes, disconnect it; otherwise, skip to "
            "the next step. Second, please make sure Data Saver is off.",
     ["check_vpn_status|check_status_bar", "disconnect_vpn", "turn_off_data_saver"]),
    (_MMS, "One likely culprit is Wi-Fi Calling. Please switch it off in **Settings > Connections > Wi-Fi Calling**, "
           "restart the phone, and then send a test MMS.",
     ["turn_off_wifi_calling", "reboot_device", "can_send_mms"]),
    (_DATA, "Here's what I'd like you to do next:\n\n**A.** Turn Wi-Fi off so we're testing cellular only.\n**B.** "
            "Open your speed test app and run a test.\n**C.** Share the download and upload speeds with me.",
     ["turn_off_wifi", "run_speed_test"]),
    (_AIRPLANE, "To rule out a software glitch, please restart your phone. When it comes back up, check the status "
                "bar and tell me what it says.", ["reboot_device", "check_status_bar"]),
    (_DATA, "Your network mode is probably set to 3G only, which would cap your speeds. Could you switch it to "
            "4G/5G preferred and then run another speed test?", ["set_network_mode_4g_5g", "run_speed_test"]),
    (_MMS, "The APN looks off. Please reset it to the default (Access Point Names > ⋮ > Reset to default), then "
           "reboot and try the MMS again.", ["reset_apn_settings", "reboot_device", "can_send_mms"]),
    (_AIRPLANE, "A payment request for $45.00 is now waiting on your phone. Please open it and complete the payment; "
                "your service will be restored right after.", ["pay_payment_request"]),
    (_DATA, "Let's make sure the basics are right:\n- Mobile data: **on**\n- Data roaming: **on**\n- Data Saver: "
            "**off**\nPlease adjust anything that doesn't match.",
     ["turn_on_mobile_data", "turn_on_data_roaming", "turn_off_data_saver"]),
    (_DATA, "Could you turn Wi-Fi off and leave it off while we test? Then load a speed test and tell me the result.",
     ["turn_off_wifi", "run_speed_test"]),
    (_AIRPLANE, "Thanks, that helps. Next, please check your SIM status and read me what it says under 'SIM state'.",
     ["check_sim_status"]),
    (_DATA, "In the meantime, could you check your network status and let me know whether it says connected?",
     ["check_network_status"]),
    (_MMS, "Let's confirm the Messages permissions first: go to App info > Permissions and tell me which ones are "
           "allowed and which are denied.", ["check_app_permissions"]),
    (_DATA, "Please do the following, in this order: disconnect the VPN, switch Data Saver off, restart the phone, "
            "and rerun the speed test.",
     ["disconnect_vpn", "turn_off_data_saver", "reboot_device", "run_speed_test"]),
    (_AIRPLANE, "Please take the SIM out and put it back in, then restart the phone.",
     ["reseat_sim_card", "reboot_device"]),
    (_DATA, "If mobile data is already on, try switching it off and back on.",
     [_DATA_LOOK, "turn_off_mobile_data", "turn_on_mobile_data"]),
    (_DATA, "Once roaming is enabled, please reboot your phone so it registers on the partner network.",
     ["turn_on_data_roaming", "reboot_device"]),
]

TELECOM_R5_AROUND = [
    (_DATA, "You've already restarted and toggled airplane mode, so let's look at your account next.", []),
    (_DATA, "If that doesn't help, we can try resetting the APN later.", []),
    (_AIRPLANE, "Just so you know, restarting your phone won't affect your contacts or photos.", []),
    (_MMS, "Great, the picture message went through! That means the storage permission was the culprit.", []),
    (_DATA, "Thanks for running the speed test - 2 Mbps is well below what your plan should deliver.", []),
    (_AIRPLANE, "I see the payment request was paid a moment ago. Your line should come back within a few minutes.",
     []),
    (_DATA, "Could you tell me roughly when the slowdown started?", []),
    (_DATA, "Which country are you travelling in at the moment?", []),
    (_MMS, "What's the phone number you're trying to send the picture to?", []),
    (_AIRPLANE, "Is this the phone number we should use to reach you: 555-0142?", []),
    (_DATA, "Roaming is now enabled on your line from our side.", []),
    (_DATA, "I'd recommend keeping Data Saver off while you're travelling, but that's entirely up to you.", []),
    (_AIRPLANE, "Restarting the phone, reseating the SIM and toggling airplane mode are the usual first steps, and "
                "you've done all three.", []),
    (_MMS, "The MMSC field should read http://mms.carrier.com - that's the address picture messages go through.",
     []),
    (_DATA, "I'll stay on the line while your phone restarts.", []),
]

MOCK_R5_REPLIES = [
    ("router_off", "Thanks for checking. Since the router's lights are off, please make sure it's plugged in and "
                   "switch it on. Once the lights are steady, tell me whether your device shows online.",
     ["restart_router", "check_connection"]),
    ("wifi_off", "It sounds like Wi-Fi might be switched off on your device. Could you turn it on and let me know "
                 "if the connection comes back?", ["turn_on_wifi", "check_connection"]),
    ("router_off", "Could you check your connection status for me - does it say online or offline?",
     ["check_connection"]),
    ("router_off", "Please give the router a restart: switch it off at the wall, wait 30 seconds, then switch it "
                   "back on.", ["restart_router"]),
    ("wifi_off", "You're all set once Wi-Fi is on - your device should reconnect on its own.", []),
    ("router_off", "Your account is active and there's no outage in your area.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), [*TELECOM_R5_REPLIES, *TELECOM_R5_AROUND])
def test_telecom_round_five_replies(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_R5_REPLIES)
def test_mock_round_five_replies(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# round 5, third batch: the tasks the corpus uses most (a suspended line's bill, a PIN-locked SIM, roaming abroad, a
# slow connection), each ask put another way, with the plans and offers around them that ask nothing of the phone
_BILL = "[service_issue]overdue_bill_suspension"
_PIN = "[service_issue]lock_sim_card_pin"
_ABROAD = "[mobile_data_issue]user_abroad_roaming_enabled_off"
_SIM_OUT = "[service_issue]unseat_sim_card"
_VPN = "[mobile_data_issue]bad_vpn"
_NETPREF = "[mobile_data_issue]bad_network_preference"
_WIFI_CALLING = "[mms_issue]bad_wifi_calling"
_APN = "[service_issue]break_apn_settings"
TELECOM_R5_TASKS = [
    # "confirm the $60.00 payment" is the user's step on the request, no approval of an agent action named by the
    # noun of its own name
    (_BILL, "The payment request is on its way to your phone now. As soon as it shows up, please tap it and confirm "
            "the $60.00 payment.", ["pay_payment_request"]),
    (_BILL, "Could you keep an eye on your notifications and tell me when the payment request from us arrives?",
     ["check_payment_request"]),
    (_BILL, "Has the payment prompt come through on your phone yet?", ["check_payment_request"]),
    (_BILL, "Once you spot the request in your notifications, approve it and let me know.",
     ["check_payment_request", "pay_payment_request"]),
    (_BILL, "Your line is back on. Could you power-cycle the phone and tell me whether service is back?",
     ["reboot_device", _BAR_OR_NET]),
    (_BILL, "Here's the plan:\n1. I send the payment request for bill B9001.\n2. You pay it from your phone.\n3. I "
            "resume your line.\n\nShall I go ahead with step 1?", []),
    (_BILL, "I've sent the request - there's nothing else you need to do until it appears.", []),
    (_BILL, "The payment went through, thank you! I'm reactivating your line now.", []),
    (_BILL, "Would you like me to send the payment request to your phone?", []),
    (_PIN, "What's the PUK on the plastic card your SIM came in?", []),
    (_PIN, "I can't reset the SIM PIN from here, but a colleague can help you unblock it.", []),
    (_PIN, "Please don't enter the PIN again - after three wrong tries the SIM locks.", []),
    (_ABROAD, "While you're abroad, your phone's Data Roaming switch has to be on. Could you flip it on for me?",
     ["turn_on_data_roaming"]),
    (_ABROAD, "Could you take a look at whether there's an R next to your signal indicator?", [_BAR_OR_NET]),
    (_ABROAD, "Switch Data roaming off, wait a few seconds, switch it on again, and then run a speed test.",
     ["turn_off_data_roaming", "turn_on_data_roaming", "run_speed_test"]),
    (_ABROAD, "Is roaming switched on in your phone's settings at the moment?", [_DATA_LOOK]),
    (_ABROAD, "Roaming is already enabled for your line on our side, so nothing else is needed from me.", []),
    (_SIM_OUT, "After you've pushed the SIM back into its slot, reboot the phone and tell me if the bars return.",
     ["reseat_sim_card", "reboot_device", _BAR_OR_NET]),
    (_SIM_OUT, "Could you check whether your phone is currently showing 'No SIM card'?",
     ["check_sim_status|check_status_bar"]),
    (_SIM_OUT, "Please reseat your SIM card and let me know what the SIM status page says afterwards.",
     ["reseat_sim_card", "check_sim_status"]),
    (_VPN, "Is a VPN switched on right now - something like NordVPN or your work VPN? If so, turn it off for the "
           "time being.", ["check_vpn_status|check_status_bar", "disconnect_vpn"]),
    (_VPN, "With the VPN off, please run the speed test one more time and share the numbers.",
     ["disconnect_vpn", "run_speed_test"]),
    (_VPN, "Please switch off the VPN, then see whether a new speed test is any faster.",
     ["disconnect_vpn", "run_speed_test"]),
    (_NETPREF, "Next up: set your network mode to 4G/5G preferred, then do a speed test and tell me what it shows.",
     ["set_network_mode_4g_5g", "run_speed_test"]),
    (_NETPREF, "I'd like to know which network mode your phone is using. Under Settings > Mobile networks, tap "
               "Network mode and tell me which option has the tick.", ["check_network_mode"]),
    (_NETPREF, "To check whether the change helped, could you run a speed test and share the rating?",
     ["run_speed_test"]),
    (_WIFI_CALLING, "Could you switch Wi-Fi off and back on, and then check whether the picture message goes "
                    "through?", ["turn_off_wifi", "turn_on_wifi", "can_send_mms"]),
    (_WIFI_CALLING, "First, is your phone on Wi-Fi right now? And is Wi-Fi Calling turned on in your settings?",
     ["check_wifi_status|check_status_bar", "check_wifi_calling"]),
    (_WIFI_CALLING, "To rule out Wi-Fi, please switch it off entirely and then try the MMS over mobile data.",
     ["turn_off_wifi", "can_send_mms"]),
    (_APN, "Could you switch airplane mode on for ten seconds or so and then turn it off again? That makes the phone "
           "re-register.", ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_APN, "Please restart your phone so the new APN takes effect, then tell me what you see in the status bar.",
     ["reboot_device", "check_status_bar"]),
    (_APN, "Open Access Point Names and tell me which APN is selected and what its MMSC field says.",
     ["check_apn_settings"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_TASKS)
def test_telecom_round_five_tasks(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, fourth batch: the mock domain's other tasks (billing, plans, cancellation), where "online", "website",
# "connection" and "check" are everyday words that ask nothing of the device, beside its real device asks
MOCK_R5_ACCOUNT = [
    ("balance_inquiry", "You can check your balance any time on our website or in the app.", []),
    ("balance_inquiry", "Would you prefer to pay online or by phone?", []),
    ("upgrade_plan", "Feel free to browse the plans on our website before deciding.", []),
    ("upgrade_plan", "Could you check your email for the upgrade confirmation and let me know when it arrives?", []),
    ("cancel_subscription", "In connection with your cancellation, is there anything we could have done better?",
     []),
    ("cancel_subscription", "Once the cancellation is processed, you'll be able to see it online.", []),
    ("balance_inquiry", "Can you confirm whether you'd like to pay the full $42.50 today?", []),
    ("upgrade_plan", "The Premium plan gives you a faster connection and priority support. Shall I upgrade you?", []),
    ("locked_account_escalation", "For security, I can't unlock the account here; shall I connect you to our "
                                  "security team?", []),
    ("router_off_and_downgrade", "Before we change your plan, could you restart your router and tell me whether the "
                                 "internet comes back?", ["restart_router", "check_connection"]),
    ("router_off_and_downgrade", "While I set up the downgrade, please switch your router back on.",
     ["restart_router"]),
    ("router_off_and_downgrade", "Are the lights on your router lit at all right now?", []),
    ("wifi_off", "Could you try loading a web page now that Wi-Fi is on?", ["check_connection"]),
    ("wifi_off", "Does your device say it's offline?", ["check_connection"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_R5_ACCOUNT)
def test_mock_round_five_account_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# round 5, fifth batch: single asks in the many polite frames agents wrap them in ("if you could …, that would be
# great", "it'd help to know …", "can I ask you to …", "the next thing to try is …"), with the thing described
_SAVER = "[mobile_data_issue]data_saver_mode_on"
_BOTH_PERMS = "[mms_issue]break_app_both_permissions"
_MMS_APN = "[mms_issue]break_apn_mms_setting"
TELECOM_R5_FRAMES = [
    (_SIM_OUT, "If you could glance at the clock area and tell me whether the SIM icon has a cross on it, that "
               "would be great.", ["check_status_bar"]),
    (_NETPREF, "It'd help to know how many bars you've got and whether it says 4G or 5G beside them",
     [_BAR_OR_NET]),
    (_NETPREF, "Can I ask you to change the network mode to 5G/LTE/3G/2G (auto connect)?", ["set_network_mode_4g_5g"]),
    (_AIRPLANE, "The next thing to try is switching flight mode off.", ["turn_off_airplane_mode"]),
    (_SIM_OUT, "When you get a chance, open Settings > About phone > SIM status and check what it says.",
     ["check_sim_status"]),
    (_SIM_OUT, "Is your phone showing a 'No SIM' or 'Invalid SIM' message anywhere", ["check_sim_status|check_status_bar"]),
    (_WIFI_CALLING, "A restart of the handset may clear this up - would you mind doing that now?", ["reboot_device"]),
    (_APN, "Could you read me the name of the selected APN under Settings > Mobile network > Access Point Names?",
     ["check_apn_settings"]),
    (_MMS_APN, "Since the MMSC is blank, please set the APN settings back to their defaults.", ["reset_apn_settings"]),
    (_DATA, "Mobile data appears to be off - please switch it back on from the quick settings tile with the two "
            "arrows.", ["turn_on_mobile_data"]),
    (_SAVER, "Is Data Saver on at the moment? It lives under Settings > Network & internet > Data Saver.",
     [_SAVER_LOOK]),
    (_ABROAD, "As you're in Mexico, the phone's Data roaming switch needs to be on; please head to Settings > "
              "Network & internet > SIMs and turn on Roaming.", ["turn_on_data_roaming"]),
    (_ABROAD, "Would you check for me whether Data Roaming is switched on?", [_DATA_LOOK]),
    (_VPN, "Can you look up your VPN status in Settings > Network & internet > VPN?", ["check_vpn_status"]),
    (_DATA, "So that we're testing cellular only, could you switch off Wi-Fi for the moment?", ["turn_off_wifi"]),
    (_WIFI_CALLING, "Would you check whether Wi-Fi Calling is enabled? You'll normally find it under Settings > "
                    "Connections.", ["check_wifi_calling"]),
    (_MMS, "To send MMS, Messages needs the SMS permission - please grant it under App info > Permissions.",
     ["grant_sms_permission"]),
    (_BOTH_PERMS, "Could you try to send a photo to a friend and let me know whether it arrives?", ["can_send_mms"]),
    (_MMS_APN, "Time for a test: send a picture message - any photo is fine - to another number.", ["can_send_mms"]),
    (_SAVER, "Where do things stand now? Please do a speed test and give me the rating.", ["run_speed_test"]),
    (_BILL, "There should be a payment request notification on its way. Could you keep an eye out for it?",
     ["check_payment_request"]),
    (_DATA, "Turn mobile data on, please - you'll find it in Quick Settings.", ["turn_on_mobile_data"]),
    (_NETPREF, "How does the speed test look now", ["run_speed_test"]),
    (_NETPREF, "Please change the network mode over to 4G/5G preferred.", ["set_network_mode_4g_5g"]),
    (_VPN, "Could you open the VPN app and tap Disconnect?", ["disconnect_vpn"]),
    (_MMS, "Settings > Apps > Messages > Permissions > SMS > Allow - give that a try.", ["grant_sms_permission"]),
    (_MMS_APN, "Let's look at the APN next. What do you see under Settings > Mobile networks > Access Point Names?",
     ["check_apn_settings"]),
    (_SIM_OUT, "Please pop the SIM out, look it over for damage, and push it back in.", ["reseat_sim_card"]),
    (_DATA, "For this test the phone needs to be off Wi-Fi, so please turn Wi-Fi off and keep it off until I say so.",
     ["turn_off_wifi"]),
    (_SAVER, "Data Saver is holding back your background data; please switch it off under Settings > Network & "
             "Internet > Data Saver.", ["turn_off_data_saver"]),
    (_MMS_APN, "Now that the APN has been reset, could you send an MMS to any contact and tell me whether it shows "
               "as delivered?", ["can_send_mms"]),
    (_APN, "Could you switch your phone off and back on?", ["reboot_device"]),
    ("[mobile_data_issue]user_abroad_roaming_disabled_on", "Could you let me know whether you see an R or a "
                                                           "triangle beside your signal bars?", [_BAR_OR_NET]),
    (_AIRPLANE, "Go to Settings > About phone > Status and tell me what Service state says.",
     ["check_network_status"]),
    (_BILL, "Please find the payment request in your notifications and tell me the amount on it.",
     ["check_payment_request"]),
    (_MMS, "Messages can't send texts right now. Please let it send and view SMS in Settings > Apps > Messages > "
           "Permissions.", ["grant_sms_permission"]),
    (_BOTH_PERMS, "Before changing anything, could you read out the permissions Messages has on its App info page?",
     ["check_app_permissions"]),
    (_SIM_OUT, "Does the SIM icon at the top have an exclamation mark or a line through it", ["check_status_bar"]),
    (_SIM_OUT, "Once the phone is back on, check the SIM status screen and let me know whether it says Ready.",
     ["check_sim_status"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_FRAMES)
def test_telecom_round_five_polite_frames(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, sixth batch: several steps in one reply, in the orders and joins agents use ("… and let me know if your
# signal comes back", "once X, Y", "after Z", a numbered plan with a check in it, a step with its report)
_DATA_SAVER = "[mobile_data_issue]data_saver_mode_on"
_ABROAD_ON = "[mobile_data_issue]user_abroad_roaming_disabled_on"
_NET_MMS = "[mms_issue]bad_network_preference"
_AIR_DATA = "[mobile_data_issue]airplane_mode_on|bad_vpn|data_mode_off|data_usage_exceeded|user_abroad_roaming_disabled_on"
TELECOM_R5_SEQUENCES = [
    ("wifi_off", "Try this:\n1. Switch Wi-Fi on.\n2. Give it a moment to connect.\n3. Look at your connection status "
                 "and tell me what it shows.", ["turn_on_wifi", "check_connection"]),
    (_NETPREF, "Next, please switch your network mode to LTE/5G preferred, run a speed test afterwards, and share "
               "the result with me.", ["set_network_mode_4g_5g", "run_speed_test"]),
    (_AIRPLANE, "Airplane mode seems to be on. Could you turn it off and tell me whether your signal returns?",
     ["turn_off_airplane_mode", _BAR_OR_NET]),
    (_SIM_OUT, "With the SIM back in place, restart the phone and let me know whether you get bars again.",
     ["reboot_device", _BAR_OR_NET]),
    (_VPN, "Please turn off the VPN for now (in the VPN app, tap Disconnect), and then do a speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    (_BOTH_PERMS, "Please check that SMS and Files and media are both allowed in the Messages app's permissions, and "
                  "allow whichever isn't.", ["check_app_permissions", "grant_sms_permission",
                                             "grant_storage_permission"]),
    (_AIRPLANE, "A few quick checks, please:\n1. Look at the top of your screen - is airplane mode on?\n2. If so, "
                "switch it off.\n3. Then let me know whether you have signal.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    (_ABROAD, "**1.** Switch on Data roaming.\n**2.** Reboot the phone.\n**3.** Do a speed test.",
     ["turn_on_data_roaming", "reboot_device", "run_speed_test"]),
    (_DATA, "Could you make sure mobile data is switched on, then take a look at your network status?",
     ["turn_on_mobile_data", "check_network_status"]),
    (_SIM_OUT, "After you reseat the SIM, please restart the phone.", ["reseat_sim_card", "reboot_device"]),
    (_APN, "Would you turn airplane mode on and then back off? It makes the phone reconnect.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_WIFI_CALLING, "Try switching Wi-Fi off and on once more, then check whether the message goes out.",
     ["turn_off_wifi", "turn_on_wifi", "can_send_mms"]),
    (_ABROAD, "Flip Data roaming off and on again, and then run a speed test.",
     ["turn_off_data_roaming", "turn_on_data_roaming", "run_speed_test"]),
    (_AIRPLANE, "Here's something quick to try:\n\n- Open Control Center (swipe down from the top-right)\n- Find the "
                "airplane icon\n- If it's lit up, tap it so it goes grey\n\nThen tell me what happens to your bars.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    (_BOTH_PERMS, "The Messages app needs two permissions to send pictures:\n\n* **SMS** - to send texts\n* "
                  "**Storage** - to attach photos\n\nCould you grant both?",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_VPN, "Since your VPN is on, it's likely slowing things down. Please turn it off and tell me what a speed test "
           "shows after that.", ["disconnect_vpn", "run_speed_test"]),
    (_BILL, "I've sent the payment request to your phone. When you have a second, find the notification and pay it "
            "there; let me know when that's done.", ["check_payment_request", "pay_payment_request"]),
    (_WIFI_CALLING, "Before anything else: are you connected to Wi-Fi right now? And is Wi-Fi Calling switched on in "
                    "your settings?", ["check_wifi_status|check_status_bar", "check_wifi_calling"]),
    (_SIM_OUT, "Please follow these steps in order:\n\n1. Power the phone down.\n2. Take the SIM card out and make "
               "sure it's clean.\n3. Put it back until it clicks.\n4. Power the phone back up.\n5. Tell me whether "
               "the 'No SIM' warning has gone.",
     ["reseat_sim_card", "reboot_device", "check_sim_status|check_status_bar"]),
    (_BILL, "Your line is active again. Please reboot your phone so it reconnects, then tell me whether you have "
            "service.", ["reboot_device", _BAR_OR_NET]),
    (_NETPREF, "**Step 1 - check the network mode:** open Settings > Connections > Mobile networks > Network mode "
               "and tell me what's selected.\n\n**Step 2 - fix it if needed:** if it's on 3G only or 2G only, change "
               "it to 5G/LTE/3G/2G (auto).", ["check_network_mode", "set_network_mode_4g_5g"]),
    (_VPN, "Do you have a VPN running at the moment - a work one, or something like ExpressVPN? If you do, please "
           "disconnect it for now.", ["check_vpn_status|check_status_bar", "disconnect_vpn"]),
    (_WIFI_CALLING, "Let's rule out Wi-Fi: please switch it off completely and send the MMS using mobile data.",
     ["turn_off_wifi", "can_send_mms"]),
    ("wifi_off", "Please switch Wi-Fi on in your device settings and let me know if you're back online.",
     ["turn_on_wifi", "check_connection"]),
    (_AIRPLANE, "Let's check the top of the screen first. If you see a small plane there, tap it in quick settings "
                "so it turns grey, and then tell me whether any signal bars show up.",
     ["check_status_bar", "turn_off_airplane_mode", _BAR_OR_NET]),
    ("wifi_off", "Can you make sure Wi-Fi is turned on, and then tell me what the connection indicator says now?",
     ["turn_on_wifi", "check_connection"]),
    (_DATA, "Roaming is on from our side. On your phone, please check that mobile data is on - if it isn't, switch "
            "it on - and then run a speed test.",
     ["check_mobile_data_settings|check_network_status", "turn_on_mobile_data", "run_speed_test"]),
    (_AIR_DATA, "A few settings on your phone are getting in the way. Please:\n\n1. Switch airplane mode off.\n2. "
                "Turn mobile data back on.\n3. Disconnect the VPN.\n\nLet me know once you've done that.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "disconnect_vpn"]),
    (_NET_MMS, "Could you check which network mode is selected? If it's not 4G/5G, switch it to 4G/5G preferred, and "
               "then try sending the picture message again.",
     ["check_network_mode", "set_network_mode_4g_5g", "can_send_mms"]),
    (_APN, "Please restart the phone so the new settings kick in, and then tell me what's in the status bar.",
     ["reboot_device", "check_status_bar"]),
    (_DATA_SAVER, "Could you switch Data Saver off and then run the speed test one more time?",
     ["turn_off_data_saver", "run_speed_test"]),
    (_SIM_OUT, "Once the SIM is back in, reboot your phone and check whether the bars come back.",
     ["reboot_device", _BAR_OR_NET]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_SEQUENCES)
def test_round_five_sequences(task: str, text: str, tools: list[str]) -> None:
    domain = "mock" if task in ("wifi_off", "router_off") else "telecom"
    got = _tools(domain, task, text)
    assert _matches(tools, got), got


# round 5, seventh batch: what agents say around the phone that asks nothing of it: identity questions, statements
# of what a setting does or what the phone shows, the agent's own checks and actions, offers, closings
_CONTRACT = "[service_issue]contract_end_suspension"
_USAGE = "[mobile_data_issue]data_usage_exceeded"
TELECOM_R5_QUIET = [
    (_USAGE, "Could you confirm the account holder's name and date of birth?", []),
    (_MMS, "What's the number on the line, and what's your date of birth?", []),
    (_BILL, "The payment is complete. Would you like me to resume line 415-555-0163 on account C1002?", []),
    (_PIN, "Thanks, Daniel. I'll take a look at your line now.", []),
    (_APN, "You're down as Priya Raman - is that right?", []),
    (_BILL, "I can't turn the line back on until the outstanding bill has been paid.", []),
    (_AIRPLANE, "Excellent - your status bar shows you're connected again. Anything else I can help with?", []),
    (_AIRPLANE, "Airplane mode being switched on is one of the most common reasons for losing service.", []),
    (_APN, "Once the APN is correct, you should see 'connected' next to the carrier name in the status bar.", []),
    (_NETPREF, "For Kestrel phones, 4G/5G preferred is the network mode we recommend.", []),
    (_BILL, "I can confirm the payment request reached your phone.", []),
    (_WIFI_CALLING, "With Wi-Fi calling, calls and texts go over Wi-Fi, but picture messages still need the mobile "
                    "network.", []),
    (_MMS, "Once the permissions are in place, Messages can attach photos to your texts.", []),
    (_NETPREF, "I'm afraid I can't change settings on your handset remotely - that part has to be done on the phone.",
     []),
    (_ABROAD, "Data roaming allows your phone to connect to partner networks when you're overseas.", []),
    (_AIRPLANE, "For most customers with this symptom, switching airplane mode off solves it.", []),
    (_MMS_APN, "Here's what's happening: picture messages rely on an APN field called the MMSC. When it's empty, MMS "
               "fails even though normal texts work, and resetting the APN to default puts it back.", []),
    (_ABROAD, "Would you like me to turn off roaming on line 312-555-0147 for account C1001?", []),
    (_NETPREF, "Your line is active, there are no outages near you, and you've got 8.2 GB left this month.", []),
    (_USAGE, "You've used all 15 GB of this month's allowance; a top-up would bring back full speed until the 1st.",
     []),
    (_PIN, "I've passed your case to a human agent who can verify you and give you the unblocking code - please stay "
           "in the chat.", []),
    (_NETPREF, "Switching the network mode to 4G/5G preferred normally brings speeds back within a minute.", []),
    (_VPN, "Some VPN apps reconnect by themselves after a few minutes - that's expected.", []),
    (_BILL, "Just to double-check: you'd like line 415-555-0163 on account C1002 suspended?", []),
    (_CONTRACT, "Your contract ended last month, so the line is suspended. Renewing it needs a colleague - shall I "
                "connect you?", []),
    (_PIN, "Could you give me the eight-digit PUK printed on your SIM card's holder?", []),
    (_BILL, "Do you have the reference number from your last payment?", []),
    (_AIRPLANE, "Thanks for restarting - I can see the phone re-registered on the network a moment ago.", []),
    (_DATA, "Mobile data is off, which is why apps can't connect without Wi-Fi.", []),
    (_SIM_OUT, "A loose SIM is a common cause of 'No SIM' errors, especially after a drop.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_QUIET)
def test_telecom_round_five_asks_nothing_of_the_phone(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, eighth batch: looks at one setting or indicator named every way (which screen shows it), and orders given
# by "but first", "before that", "as a last step", "also" in the next sentence
TELECOM_R5_LOOKS_AND_ORDER = [
    (_WIFI_CALLING, "Is there a Wi-Fi symbol up at the top of your screen?", ["check_status_bar|check_wifi_status"]),
    (_AIRPLANE, "Does the network status screen say 'Connected' or 'Disconnected' for mobile network state?",
     ["check_network_status"]),
    (_ABROAD, "On the mobile data screen, what does it show next to Data roaming?", [_DATA_LOOK]),
    (_DATA_SAVER, "Could you tell me whether Data Saver is on? There's usually a small icon in the status bar when it "
                  "is.", [_SAVER_LOOK]),
    (_VPN, "Is your VPN connected right now?", ["check_vpn_status|check_status_bar"]),
    (_DATA, "Is mobile data switched on on your phone?", [_DATA_LOOK]),
    (_WIFI_CALLING, "Are you on Wi-Fi at the moment, or on mobile data?", ["check_wifi_status|check_status_bar"]),
    (_NETPREF, "What does your phone have selected as its preferred network type?", ["check_network_mode"]),
    (_MMS, "Which of the Messages app's permissions are currently turned off?", ["check_app_permissions"]),
    (_SIM_OUT, "What does your phone show under SIM status right now?", ["check_sim_status"]),
    (_MMS_APN, "What's in the MMSC field of your APN?", ["check_apn_settings"]),
    (_AIRPLANE, "Could you let me know whether you've got any signal bars now?", [_BAR_OR_NET]),
    (_DATA, "Please run a speed test - but first, turn off Wi-Fi so the test uses mobile data.",
     ["turn_off_wifi", "run_speed_test"]),
    (_MMS, "Try sending the picture again. Before that, please allow the SMS permission for Messages.",
     ["grant_sms_permission", "can_send_mms"]),
    (_SIM_OUT, "Reseat the SIM, restart the phone, and as a last step check the SIM status.",
     ["reseat_sim_card", "reboot_device", "check_sim_status"]),
    (_VPN, "Please disconnect the VPN. Also, switch Data Saver off if it's on.",
     ["disconnect_vpn", "check_mobile_data_settings|check_status_bar", "turn_off_data_saver"]),
    (_DATA, "Restart your phone once mobile data is back on.", ["turn_on_mobile_data", "reboot_device"]),
    (_MMS_APN, "Once you've reset the APN, restart the phone, and after it's back up, send me a test MMS.",
     ["reset_apn_settings", "reboot_device", "can_send_mms"]),
    (_DATA_SAVER, "Before running the next speed test, please switch Data Saver off.",
     ["turn_off_data_saver", "run_speed_test"]),
    (_ABROAD, "You'll need to turn on Data roaming first; after that, a quick restart should get you connected.",
     ["turn_on_data_roaming", "reboot_device"]),
    (_AIRPLANE, "Turn airplane mode off, then restart the phone, then check the status bar.",
     ["turn_off_airplane_mode", "reboot_device", "check_status_bar"]),
    (_WIFI_CALLING, "Could you disable Wi-Fi Calling and then send the picture message again over mobile data?",
     ["turn_off_wifi_calling", "can_send_mms"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_LOOKS_AND_ORDER)
def test_telecom_round_five_looks_and_order(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, ninth batch: "it", "that" and "them" for what the agent's previous message named, beside offers to do the
# thing on the account (the agent's own step, no ask of the phone)
FOLLOW_UPS_R5 = [
    (_DATA_SAVER, "Thanks - your mobile data screen shows Data Saver is on, which limits what apps can use.",
     "Would you switch it off and try the speed test once more?", ["turn_off_data_saver", "run_speed_test"]),
    (_VPN, "Thanks - the key icon in your status bar means a VPN is active.",
     "Please turn that off for the moment, then run a new speed test.", ["disconnect_vpn", "run_speed_test"]),
    (_APN, "Thanks - your APN is back to the default now.",
     "Last step: reboot the phone so it picks up the change, and then tell me what's in the status bar.",
     ["reboot_device", "check_status_bar"]),
    (_ABROAD, "Your phone's Data roaming switch is off, and that's why you have no data in Mexico.",
     "Can you switch it on?", ["turn_on_data_roaming"]),
    (_WIFI_CALLING, "Wi-Fi Calling is turned on, and on some phones it blocks picture messages.",
     "Could you disable it and send the photo again?", ["turn_off_wifi_calling", "can_send_mms"]),
    (_AIRPLANE, "The airplane icon in your status bar means Airplane Mode is on.", "Tap it to switch it off, please.",
     ["turn_off_airplane_mode"]),
    (_MMS, "The Messages app is missing the SMS permission.", "Could you grant it?", ["grant_sms_permission"]),
    (_BOTH_PERMS, "Messages is missing two permissions: SMS and Storage.", "Please allow both of them.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_BILL, "I've just sent a payment request for $60.00 to your phone.", "Once it arrives, please approve it.",
     ["pay_payment_request"]),
    (_ABROAD, "Your line doesn't have international roaming enabled on our side, which is why data isn't working "
              "in Portugal.", "Want me to switch that on for you now?", []),
    (_BILL, "Bill B9001 is paid, but line 415-555-0163 is still suspended.", "Shall I turn it back on?", []),
    ("[mobile_data_issue]data_mode_off", "Mobile data is switched off on your phone.", "Can you turn it back on and "
                                                                                      "check the speed again?",
     ["turn_on_mobile_data", "run_speed_test"]),
]


@pytest.mark.parametrize(("task", "previous", "text", "tools"), FOLLOW_UPS_R5)
def test_telecom_round_five_follow_ups(task: str, previous: str, text: str, tools: list[str]) -> None:
    words = vocabulary(_task("telecom", task), _domain("telecom").tool_infos)
    got = list(read(text, words, previous=previous, previous_asked=read(previous, words).asked).tools)
    assert _matches(tools, got), got


# round 5, tenth batch: the other words agents pick for each step (a soft reset, pausing the VPN, an image instead
# of a picture, 5G switched on, a permission changed from Deny to Allow, …)
TELECOM_R5_WORDS = [
    (_APN, "Could you do a soft reset of the phone?", ["reboot_device"]),
    (_AIRPLANE, "Please give the handset a fresh start - power it off and back on.", ["reboot_device"]),
    (_AIRPLANE, "Could you take the phone out of flight mode?", ["turn_off_airplane_mode"]),
    (_AIRPLANE, "Make sure the plane icon in Quick Settings isn't highlighted.", ["turn_off_airplane_mode"]),
    (_SIM_OUT, "Please remove the SIM tray, then push it back in until it clicks.", ["reseat_sim_card"]),
    (_SIM_OUT, "Does your phone recognise the SIM card at the moment?", ["check_sim_status"]),
    (_NETPREF, "Please enable 5G in Settings > Cellular > Voice & Data.", ["set_network_mode_4g_5g"]),
    (_NETPREF, "Select the 4G/5G option as your preferred network type.", ["set_network_mode_4g_5g"]),
    (_NETPREF, "Could you measure your connection speed with a speed test app?", ["run_speed_test"]),
    (_NETPREF, "Check your download speed with Speedtest, please.", ["run_speed_test"]),
    (_MMS_APN, "Try attaching an image to a text and sending it.", ["can_send_mms"]),
    (_MMS_APN, "Please send an image message to a friend.", ["can_send_mms"]),
    (_VPN, "Could you pause your VPN for a few minutes?", ["disconnect_vpn"]),
    (_VPN, "Please log out of the VPN app for now.", ["disconnect_vpn"]),
    (_DATA_SAVER, "Could you switch Low Data Mode off on your iPhone?", ["turn_off_data_saver"]),
    (_MMS, "Please change SMS from Deny to Allow in the Messages permissions.", ["grant_sms_permission"]),
    (_MMS, "Give Messages access to SMS, please.", ["grant_sms_permission"]),
    (_BOTH_PERMS, "Please toggle on both the SMS and the Storage permission for Messages.",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_BILL, "Could you accept the payment request we just sent?", ["pay_payment_request"]),
    (_BILL, "Please go ahead and pay the bill from the prompt on your phone.", ["pay_payment_request"]),
    (_DATA, "Please enable your cellular data.", ["turn_on_mobile_data"]),
    (_WIFI_CALLING, "Could you turn Wi-Fi calling off under Settings > Phone > Wi-Fi Calling?",
     ["turn_off_wifi_calling"]),
    (_WIFI_CALLING, "Please disconnect from your Wi-Fi network.", ["turn_off_wifi"]),
    (_ABROAD, "Please activate data roaming on the handset.", ["turn_on_data_roaming"]),
    (_APN, "Please restore the APN to its factory settings.", ["reset_apn_settings"]),
    (_SIM_OUT, "Could you reinsert the SIM card?", ["reseat_sim_card"]),
    (_AIRPLANE, "Please have a look at your signal strength.", [_BAR_OR_NET]),
    # a screenshot sent to the agent is no picture message (a rule reading it as one cost held-out precision)
    (_MMS_APN, "If it's easier, you can send me a screenshot of the error.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_WORDS)
def test_telecom_round_five_other_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, eleventh batch: looks asked with other verbs and nouns (confirm for me, report, note down, what's
# displayed, the readout, the indicator light), and the mock device's connection asked every way
TELECOM_R5_LOOK_WORDS = [
    (_SIM_OUT, "Could you report back what the SIM status screen displays?", ["check_sim_status"]),
    (_AIRPLANE, "Please note down what's displayed in the top bar and share it with me.", ["check_status_bar"]),
    (_NETPREF, "What's the network mode currently configured as?", ["check_network_mode"]),
    (_VPN, "Is any VPN active on the device at this moment?", ["check_vpn_status|check_status_bar"]),
    (_APN, "Could you check the APN entries and let me know which one is ticked?", ["check_apn_settings"]),
    (_WIFI_CALLING, "Can you see whether Wi-Fi Calling is toggled on?", ["check_wifi_calling"]),
    (_BILL, "Could you confirm whether a payment request has appeared on your phone?", ["check_payment_request"]),
    (_MMS, "Take a quick look at the Messages app's permissions and tell me what's allowed.",
     ["check_app_permissions"]),
    (_AIRPLANE, "What's your phone showing for signal right now - full bars, one bar, or none?", [_BAR_OR_NET]),
    (_DATA, "Can you check your mobile data settings and tell me whether mobile data is on?",
     ["check_mobile_data_settings"]),
    (_SIM_OUT, "Could you tell me whether your phone currently detects a SIM?", ["check_sim_status"]),
    (_NETPREF, "Please check which preferred network type your phone is set to.", ["check_network_mode"]),
    (_AIRPLANE, "Is there any signal at all on your phone at the moment?", [_BAR_OR_NET]),
    (_WIFI_CALLING, "Can you tell me whether your phone is currently connected to a Wi-Fi network?",
     ["check_wifi_status|check_status_bar"]),
]

MOCK_R5_WORDS = [
    ("wifi_off", "Can you tell me whether your device has internet access right now?", ["check_connection"]),
    ("router_off", "Could you power the router back up?", ["restart_router"]),
    ("router_off", "Please turn your modem off and back on.", ["restart_router"]),
    ("wifi_off", "Please turn on your device's wireless connection.", ["turn_on_wifi"]),
    ("wifi_off", "Would you check if websites are loading now?", ["check_connection"]),
    ("router_off", "Is your device able to get online now that the router is back on?", ["check_connection"]),
    ("wifi_off", "Can you enable WLAN on your device?", ["turn_on_wifi"]),
    ("router_off", "Please reboot your internet box.", ["restart_router"]),
    ("router_off", "The router needs to be on for your device to connect.", []),
    ("wifi_off", "Wi-Fi on your device appears to be turned off according to our records.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_LOOK_WORDS)
def test_telecom_round_five_look_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


@pytest.mark.parametrize(("task", "text", "tools"), MOCK_R5_WORDS)
def test_mock_round_five_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("mock", task, text)
    assert _matches(tools, got), got


# round 5, twelfth batch: a step on the phone asked beside a fact, an approval or the agent's own action
TELECOM_R5_MIXED = [
    (_DATA, "Could you confirm the phone number on the account? In the meantime, please restart your phone.",
     ["reboot_device"]),
    (_BILL, "Before I send the payment request, could you check whether mobile data is on?", [_DATA_LOOK]),
    (_ABROAD, "I'll enable roaming on your line now. Meanwhile, please switch on Data roaming in your phone's "
              "settings.", ["turn_on_data_roaming"]),
    (_USAGE, "Shall I add 2 GB to line 206-555-0128 for $12.00? Once it's added, please restart your phone.",
     ["reboot_device"]),
    # telecom's phone has no browser tool: whether pages load is read as no look at all
    pytest.param(_DATA, "While I look into your account, could you turn off Wi-Fi and tell me whether pages still "
                        "load?", ["turn_off_wifi", _BAR_OR_NET + "|check_mobile_data_settings|run_speed_test"],
                 marks=pytest.mark.xfail(strict=True, reason="pages loading is no telecom tool's thing")),
    (_AIRPLANE, "Thanks, Priya. Your line is active. What's the name on the account, and could you also check "
                "whether airplane mode is on?", ["check_status_bar"]),
    (_MMS, "I can't change app permissions from here, but you can: please allow SMS for Messages in your settings.",
     ["grant_sms_permission"]),
    (_BILL, "Shall I send the payment request for bill B9001 to account C1002? Once you've paid it, I'll reactivate "
            "the line.", []),
    (_ABROAD, "Would you like me to turn on roaming for your line? You'll also need to switch on Data roaming on "
              "your phone afterwards.", ["turn_on_data_roaming"]),
    (_VPN, "I've checked the network and there's no outage. Let's look at the phone: is a VPN connected?",
     ["check_vpn_status|check_status_bar"]),
    # "Please confirm." after an offer confirms the offer: no look at what the offer named
    (_ABROAD, "Roaming is switched off for your line on our side. Would you like me to turn it on for you? It costs "
              "nothing. Please confirm.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_MIXED)
def test_telecom_round_five_beside_other_asks(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, thirteenth batch: list formats (emoji numbers, "First:"/"Finally,", checkboxes, sub-bullets, a table of
# settings to match)
TELECOM_R5_FORMATS = [
    (_DATA, "1️⃣ Turn off Wi-Fi\n2️⃣ Turn on mobile data\n3️⃣ Run a speed test",
     ["turn_off_wifi", "turn_on_mobile_data", "run_speed_test"]),
    (_SIM_OUT, "First: power off the phone and reseat the SIM.\nThen: power it back on.\nFinally, check the SIM "
               "status.", ["reseat_sim_card", "reboot_device", "check_sim_status"]),
    (_VPN, "- [ ] Disconnect the VPN\n- [ ] Turn Data Saver off\n- [ ] Run a new speed test",
     ["disconnect_vpn", "turn_off_data_saver", "run_speed_test"]),
    (_MMS, "Please fix the Messages permissions:\n- SMS\n  - set to **Allow**\n- Storage\n  - set to **Allow**",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_DATA, "Please set your phone to match this:\n\n| Setting | Should be |\n|---|---|\n| Mobile data | On |\n| "
            "Data Saver | Off |", ["turn_on_mobile_data", "turn_off_data_saver"]),
    (_AIRPLANE, "### Step 1\nTurn Airplane Mode **off**.\n\n### Step 2\nRestart the phone.",
     ["turn_off_airplane_mode", "reboot_device"]),
    (_ABROAD, "➡️ Settings > Network & internet > SIMs > **Roaming: ON**", ["turn_on_data_roaming"]),
    (_NETPREF, "👉 Change your network mode to **4G/5G preferred**, then 👉 run a speed test.",
     ["set_network_mode_4g_5g", "run_speed_test"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_FORMATS)
def test_telecom_round_five_list_formats(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, fourteenth batch: hedged, chatty and indirect asks ("you might want to", "it'd be worth", "would it be
# possible", "go ahead and", "feel free to"), and statements shaped like them that ask nothing
TELECOM_R5_HEDGED = [
    (_DATA_SAVER, "You might want to switch Data Saver off while we troubleshoot.", ["turn_off_data_saver"]),
    (_AIRPLANE, "It'd be worth restarting the phone at this point.", ["reboot_device"]),
    (_VPN, "Would it be possible for you to disconnect the VPN for a few minutes?", ["disconnect_vpn"]),
    (_NETPREF, "Go ahead and run a fresh speed test whenever you're ready.", ["run_speed_test"]),
    (_MMS_APN, "Feel free to reset the APN to default - it's safe and only takes a second.", ["reset_apn_settings"]),
    (_SIM_OUT, "I'd suggest reseating the SIM card next.", ["reseat_sim_card"]),
    (_WIFI_CALLING, "My recommendation would be to turn Wi-Fi Calling off for now.", ["turn_off_wifi_calling"]),
    (_ABROAD, "The fix here is simple: turn on Data roaming in your phone settings.", ["turn_on_data_roaming"]),
    (_DATA, "All you need to do is switch mobile data back on.", ["turn_on_mobile_data"]),
    (_BILL, "The last thing to do is pay the request on your phone.", ["pay_payment_request"]),
    (_DATA_SAVER, "Customers who switch Data Saver off usually see their speeds recover straight away.", []),
    (_AIRPLANE, "A restart is sometimes all it takes, but in your case the line itself was suspended.", []),
    (_VPN, "Many VPN apps have a kill switch that blocks data when the VPN drops.", []),
    (_MMS_APN, "Resetting the APN is safe; it only restores your carrier's default values.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_HEDGED)
def test_telecom_round_five_hedged(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, fifteenth batch: the order of steps said in words ("start by", "prior to", "but before you do", "after
# which", "lastly", "to start,"), across sentences and inside one
TELECOM_R5_ORDER_WORDS = [
    (_DATA, "Start by turning Wi-Fi off, then run the speed test.", ["turn_off_wifi", "run_speed_test"]),
    (_VPN, "Prior to running the speed test, please disconnect the VPN.", ["disconnect_vpn", "run_speed_test"]),
    (_MMS, "Send the picture again - but before you do, allow the SMS permission for Messages.",
     ["grant_sms_permission", "can_send_mms"]),
    (_APN, "Reset the APN, after which you should restart the phone.", ["reset_apn_settings", "reboot_device"]),
    (_SIM_OUT, "To start, power the phone off. Next, reseat the SIM. After that, power it back on. Lastly, check "
               "the SIM status.", ["reseat_sim_card", "reboot_device", "check_sim_status"]),
    (_NETPREF, "Begin with the network mode: set it to 4G/5G preferred. Then run a speed test.",
     ["set_network_mode_4g_5g", "run_speed_test"]),
    (_ABROAD, "Restart the phone - but only after you've turned Data roaming on.",
     ["turn_on_data_roaming", "reboot_device"]),
    (_DATA_SAVER, "First things first, turn Data Saver off. Second, rerun the speed test.",
     ["turn_off_data_saver", "run_speed_test"]),
    (_WIFI_CALLING, "Send a test MMS once you've switched both Wi-Fi and Wi-Fi Calling off.",
     ["turn_off_wifi", "turn_off_wifi_calling", "can_send_mms"]),
    (_AIRPLANE, "Please check the status bar again after you restart the phone.", ["reboot_device", "check_status_bar"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_ORDER_WORDS)
def test_telecom_round_five_order_words(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, sixteenth batch: the gym member's club app (the door pass, signing out and back in) asked every way, and
# what a club agent says about the app without asking
GYM_R5 = [
    ("door_pass", "Could you open your door pass and tell me what it says?", ["open_door_pass"]),
    ("door_pass", "Please sign out of the club app, then sign back in.", ["sign_out_and_back_in"]),
    # "the pass" is the door pass by its head noun; what the user sees when doing the step asks for the step
    ("door_pass", "What do you see when you open the pass in the app?", ["open_door_pass"]),
    ("door_pass", "Try logging out and back in to the club app, please.", ["sign_out_and_back_in"]),
    ("door_pass", "After you've signed back in, open the door pass again and let me know what it shows.",
     ["sign_out_and_back_in", "open_door_pass"]),
    ("door_pass", "Could you bring up the pass you scan at the entrance?", ["open_door_pass"]),
    ("door_pass", "The door pass refreshes every time the app starts.", []),
    ("door_pass", "I've checked your membership: it's active and paid up.", []),
    ("door_pass", "What's the email address on your membership?", []),
    ("freeze", "Could you open the club app and check your membership status?", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), GYM_R5)
def test_gym_round_five(task: str, text: str, tools: list[str]) -> None:
    own = _own_domain("gym")
    got = list(read(text, vocabulary(own.task(task), own.tool_infos)).tools)
    assert _matches(tools, got), got


# round 5, seventeenth batch: branches ("if not", "otherwise", "either way", "if it's already off, skip this")
TELECOM_R5_BRANCHES = [
    (_DATA, "Is mobile data on? If not, please turn it on.", [_DATA_LOOK, "turn_on_mobile_data"]),
    (_VPN, "Check whether a VPN is connected; if it is, disconnect it, otherwise move on to the speed test.",
     ["check_vpn_status|check_status_bar", "disconnect_vpn", "run_speed_test"]),
    (_AIRPLANE, "Either way, please restart the phone afterwards.", ["reboot_device"]),
    (_DATA_SAVER, "If Data Saver is already off, skip this step; if it's on, switch it off.",
     [_SAVER_LOOK, "turn_off_data_saver"]),
    (_ABROAD, "In either case, please make sure Data roaming is on before you test again.",
     ["turn_on_data_roaming"]),
    (_WIFI_CALLING, "If Wi-Fi Calling shows as enabled, turn it off; if not, leave it as it is.",
     ["check_wifi_calling", "turn_off_wifi_calling"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_BRANCHES)
def test_telecom_round_five_branches(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


# round 5, eighteenth batch: questions whose question mark was left off, and "on file" (the company's records)
TELECOM_R5_NO_MARK = [
    (_APN, "Restarting usually clears this up - would you reboot the phone for me.", ["reboot_device"]),
    (_VPN, "One more thing, can you disconnect the VPN.", ["disconnect_vpn"]),
    (_APN, "Would you switch your handset off and back on?", ["reboot_device"]),
    (_DATA, "🙂 Is mobile data switched on at the moment", [_DATA_LOOK]),
    (_MMS, "Thanks! Is the date of birth we have on file, 3 May 1990, right.", []),
    (_USAGE, "We have your email on file, so the receipt will go there.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), TELECOM_R5_NO_MARK)
def test_telecom_round_five_without_question_marks(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got
