"""Readings round 15 of issue 20 fixed: what the fifteenth blind set's dev half read wrong (agents built on agent
frameworks, near-twins of asks and non-asks, approvals in every form, phone steps from three kinds of writer, facts
asked in unusual forms), read here in new sentences of the same kinds, written for this test.

- Facts: "what should I look you up by?" asks for what the sentences after it name (else what an account look-up
  takes); "I still need that title" asks for it; a fill-in line ("Order number: W _ _ _") under "copy this, fill in
  the blank" asks for it; "the number's still missing" after an ask for a number and a name asks for the number;
  "once I've found you by the phone number" asks for it.
- Checks: "Both correct?" after a read-back checks it; a check whose own clause states a value, after a clause
  reporting what the agent found, checks that value only; a check of who the user is, with the agent's next step
  after it, approves no action.
- Wrong values: an identifier the agent searched for in vain is read back wrong though the ask names the fact; a new
  variant "in black" is read where the change is said, not in the item's current options in brackets.
- Approvals: a verb two actions share ("add that") takes the one the message before named.
- Phone steps: "power it off and back on" restarts the device whatever "it" was before; "meanwhile" and "flip" lead
  a step; a step "in your phone's settings" beside an approval is the user's; "both the permissions to the Messages
  app, SMS as well as Storage" names both; "the Messages app's permissions" is the permissions screen; a verbless
  item ("wifi ON") in a list of steps is a step.
"""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_ROAMING_OFF = ("telecom", "[mobile_data_issue]user_abroad_roaming_disabled_off")
_BOTH_PERMISSIONS = ("telecom", "[mms_issue]break_app_both_permissions")


@pytest.mark.parametrize(("where", "previous", "text", "asked"), [
    (("retail", "cancel/name_zip/"), "", "To pull up the right profile, what can I look you up by? Your full name and "
                                         "ZIP code are what I usually go with.", ["name", "zip"]),
    (("mock", "cancel_subscription"), "", "Happy to check. What should I search for to find your account?",
     ["account_id"]),
    (("ecommerce", "E204570/"), "What should the invoice be made out to?",
     "Got the order number, thanks. I still need that title, though.", ["invoice_title"]),
    (("retail", "cancel/email/ok/W3125736"), "", "Copy this line, fill in the blank and send it back:\n\nOrder number:"
                                                 " W _ _ _ _ _ _ _", ["order_id"]),
    (("telecom", "[mms_issue]break_apn_mms_setting"), "What's the number of the line, and the full name on the "
                                                      "account?", "Thank you for the name. The number is still "
                                                                  "missing - can you add it?", ["phone_number"]),
])
def test_facts_asked(where: tuple[str, str], previous: str, text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text, previous).asked) == asked, text


@pytest.mark.parametrize(("where", "text", "verified"), [
    (("retail", "return/name_zip/ok/W3127625"), "Before I search: I have you down as Jonas Jensen, ZIP 81230. Both "
                                                "correct?", ["name", "zip"]),
    (("retail", "return/name_zip/ok/W3127625"), "The account under Jonas Jensen came up - to be sure, is 81230 your "
                                                "ZIP? After that I'll open order W3127625.", ["zip"]),
])
def test_values_checked(where: tuple[str, str], text: str, verified: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.verified) == verified and not reading.asked, reading


@pytest.mark.parametrize(("where", "text"), [
    # an identifier searched for and not found, while the ask names the fact
    (("mock", "balance_inquiry"), "I tried A201 and nothing came up on my side. Digits get swapped easily - could you "
                                  "send the account ID once more?"),
    # a new variant read back with another colour, the item's current options in brackets before it
    (("retail", "exchange/email/ok/W3121218"), "Okay: the Electric Kettle on W3121218 (1.0L, red) goes back, and you "
                                               "get the 1.7L in black. Shall I put the exchange through?"),
])
def test_values_read_back_wrong(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert reading.misread and reading.values is None, reading


def test_a_shared_verb_approves_the_action_named_before() -> None:
    where = ("telecom", "[mms_issue]airplane_mode_on|break_apn_mms_setting|data_usage_exceeded|"
                        "user_abroad_roaming_disabled_on")
    previous = ("Your line 415-555-0163 (customer C1002) is out of data. A 2 GB refuel costs $8.00 at your plan's rate "
                "of $4 per GB.")
    reading = _read(where, "Want me to add that for you now?", previous)
    assert reading.action == "refuel_data" and reading.values == {
        "customer_id": "C1002", "phone_number": "415-555-0163", "gigabytes": 2.0}, reading


@pytest.mark.parametrize(("where", "text", "tools"), [
    (("telecom", "[service_issue]break_apn_settings"), "Good, the APN settings are back to default. They only apply "
                                                       "after a restart, so please power it off and back on.",
     ("reboot_device",)),
    (_ROAMING_OFF, "Data roaming is off on line 312-555-0147. Is it OK if I turn it on for you? Meanwhile flip Data "
                   "roaming ON in your phone's mobile network settings.", ("turn_on_data_roaming",)),
    (_BOTH_PERMISSIONS, "Kindly give both the permissions to the Messages app, SMS as well as Storage, in Settings > "
                        "Apps.", ("grant_sms_permission", "grant_storage_permission")),
    (_BOTH_PERMISSIONS, "Next: open the Messages app's permissions and tell me which are allowed.",
     ("check_app_permissions",)),
    (("mock", "wifi_off"), "1) wifi ON\n2) check connection", ("turn_on_wifi", "check_connection")),
])
def test_steps_asked(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


def test_a_list_reporting_states_asks_no_step() -> None:
    """A verbless item is a step only among steps: a list of what the agent sees asks nothing."""
    assert _read(("mock", "wifi_off"), "Here's what I see on my side:\n- Wi-Fi: off\n- Router: on").tools == ()
