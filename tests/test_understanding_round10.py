"""Readings round 10 of issue 20 fixed: what the tenth blind set's dev half read wrong (a voice agent, an agent
whose framework leaks into its text, several intents at once, British and Indian-English registers, the edges of a
conversation), read here in new sentences of the same kinds, written for this test.

- "Could you read the number out again?", "repeat the number" ask for it; so does "# of the line w/ no service?".
- A code or number named by another noun is that thing ("the 6-digit security code from the confirmation email",
  "the address verification code", "the tracking number … could you paste it?"): no fact of the user's.
- "The only thing I'm missing is the title" asks for it; "What should it say?" after that ask is the same ask.
- A bid after a statement (", so just give me a quick yes") and "kindly revert with a 'yes'" ask for a yes;
  "nothing is submitted until you confirm" after "I'll read the whole return back to you" asks for none yet.
- "Kindly stay connected", "no action is needed from you", ", which is why …", a tag on a remark ("Frustrating,
  isn't it?"), the user's problem echoed as a question at the start, and a question the next sentence answers
  ("According to the carrier, …") ask nothing.
- "Is that definitely your account number?" after the value checks it.
- Steps: "swipe", a step after ", so", "look on your phone for …", going to a screen and reading what it says after
  another step, a step the agent will ask for later ("After that I'll … ask you to restart").
- Values spelled letter by letter ("L T D") and "email ID" (the email address).
- "Which one are you sending back?" after a dash asks for the item; a record laid out in a table for a yes asks
  nothing by its rows; an identifier in one row of a table of other things is no option; "the email address on the
  account" is no postal address; "the screenshot that shows …" names no title.
- A value named for what it is ("that's our Basic plan") reports no milestone; "you're on Basic now" does.
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports
from test_understanding_confirmations import probe_errors
from test_understanding_facts import _read

_BILL = ("telecom", "[service_issue]overdue_bill_suspension")
_AIRPLANE = ("telecom", "[service_issue]airplane_mode_on")
_SIM = ("telecom", "[service_issue]unseat_sim_card")
_INVOICE = ("ecommerce", "E206019/invoice")
_TRACKING = ("ecommerce", "E206433/logistics")
_DOWNGRADE = ("mock", "router_off_and_downgrade")


@pytest.mark.parametrize(("where", "previous", "text", "asked"), [
    (_AIRPLANE, "Hmm, nothing comes up under 206-555-0181.", "Would you read the number out to me once more?",
     ["phone_number"]),
    (_AIRPLANE, "", "Sorry, could you repeat the number slowly?", ["phone_number"]),
    (_AIRPLANE, "", "# of the line that lost service?", ["phone_number"]),
    (("retail", "cancel/email/refused/W3105475"), "", "Could you read me the 4-digit security code printed on your "
     "order confirmation?", []),
    (("retail", "address/email/ok/W3135709"), "", "Please send me the address verification code from your welcome "
     "email.", []),
    (_TRACKING, "", "To chase the courier I'd need the tracking number from your dispatch email - could you paste it "
     "in?", []),
    (_INVOICE, "", "Everything checks out. The only thing I'm missing is the invoice title. What should it say?",
     ["invoice_title"]),
    (_INVOICE, "", "Which order is the invoice for? And the exact name you'd like on it?", ["invoice_title", "order_id"]),
    (("retail", "cancel/email/ok/"), "", "Kindly share the email ID linked to your account.", ["email"]),
    (("retail", "address/name_zip/ok/W3139059"), "", "Could I get the email address on the account, or else your full "
     "name and postcode?", ["name", "zip"]),
    (("retail", "return/email/ok/W3129434"), "", "I see two items on W3129434 - which one are you sending back?",
     ["item"]),
    (_DOWNGRADE, "", "Please restart the router first. I'll ask you for your account ID once you're back online.", []),
    (("ecommerce", "E204769/price"), "", "Could you upload the screenshot that shows the cheaper listing?",
     ["screenshot"]),
])
def test_facts(where: tuple[str, str], previous: str, text: str, asked: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text, previous).asked) == asked, text


@pytest.mark.parametrize("case", [
    ("retail", "payment/name_zip/ok/W3121805", "", "Here's the plan: move order W3121805 over to credit_card_8604746. "
     "There's no undoing it, so just give me a quick yes.", "modify_pending_order_payment",
     {"order_id": "W3121805", "payment_method_id": "credit_card_8604746"}),
    ("retail", "cancel/email/ok/W3111757", "", "I shall be cancelling order W3111757 as requested. Kindly revert with "
     "a 'yes' so I can process the same.", "cancel_pending_order", {"order_id": "W3111757"}),
    ("ecommerce", "E206019/invoice", "", "Right, the invoice for E206019 goes to Harbor Print, L T D. Shall I issue "
     "it?", "issue_invoice", {"order_id": "E206019", "title": "Harbor Print Ltd"}),
    ("retail", "return/email/ok/W3129434", "", "Tell me which item it is, and I'll read the whole return back to you; "
     "nothing is sent until you confirm.", None, None),
], ids=["so give me a yes", "kindly revert", "spelled letters", "a yes for later"])
def test_approvals(case) -> None:
    assert probe_errors(case) == []


@pytest.mark.parametrize(("where", "text"), [
    (_DOWNGRADE, "I'm processing the downgrade now. Kindly stay connected while it goes through."),
    (("retail", "status/email/processed/"), "Your order is with the warehouse - no action is needed from you."),
    (("telecom", "[mms_issue]break_apn_mms_setting"), "The MMSC field is empty, which is why picture messages fail."),
    (("retail", "cancel/email/refused/"), "It's already been delivered, so I can't cancel it. Frustrating, isn't it? "
                                          "A return is still possible."),
    (("telecom", "[mobile_data_issue]bad_vpn"), "Pages crawling even with full bars? That usually comes down to a "
                                                "setting on the phone."),
    (_TRACKING, "Where's your speaker now? According to the courier, it left the Denver hub this morning."),
])
def test_nothing_is_asked(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert not reading.asked and not reading.unmatched and not reading.confirmation, text


def test_a_value_checked_with_an_adverb() -> None:
    reading = _read(("mock", "upgrade_plan"), "The record I pulled up is A101. Is that really your account number?")
    assert [f.key for f in reading.verified] == ["account_id"] and not reading.unmatched


@pytest.mark.parametrize(("where", "text", "tools"), [
    (_AIRPLANE, "If you spot a tiny plane up by the clock, airplane mode is on, so swipe down and tap the plane to "
                "turn it off.", ("check_status_bar", "turn_off_airplane_mode")),
    (_BILL, "Could you look on your phone for a payment request from us? If you find it, go ahead and pay it.",
     ("check_payment_request", "pay_payment_request")),
    (_SIM, "Pop the SIM tray out, then push the card back in. Once it's seated, go to Settings > About phone > SIM "
           "status and read me what it says.", ("reseat_sim_card", "check_sim_status")),
    (_BILL, "Please pay the request that just came in. After that I'll lift the suspension and ask you to restart the "
            "phone.", ("pay_payment_request",)),
])
def test_steps(where: tuple[str, str], text: str, tools: tuple[str, ...]) -> None:
    assert _read(where, text).tools == tools, text


def test_a_table_laid_out_for_a_yes_asks_nothing_by_its_rows() -> None:
    text = ("Ready to submit:\n\n| field | value |\n|---|---|\n| tool | `change_plan` |\n| account_id | A104 |\n"
            "| new plan | basic |\n\nReply **yes** and it goes through.")
    reading = _read(_DOWNGRADE, text)
    assert not reading.asked and reading.confirmation and reading.values == {"account_id": "A104", "plan": "basic"}


def test_an_identifier_in_one_row_is_no_option() -> None:
    text = ("Here's what's on file:\n\n| method | details |\n|---|---|\n| credit_card_9985792 | ending 9817 |\n"
            "| gift_card_6372448 | used on W3144185 |\n| paypal_5902125 | - |\n\nWhich one should the order go on?")
    assert [f.key for f in _read(("retail", "payment/name_zip/ok/W3144185"), text).asked] == ["payment_method"]


@pytest.mark.parametrize(("text", "reported"), [
    ("About the cheaper option you mentioned: that's our Basic plan. First, let's get the router back up.", False),
    ("That is the Basic tier; I'll move you once we're done with the router.", False),
    ("All set - you're on Basic now.", True),
    ("Done: A104 is now on the Basic plan.", True),
])
def test_a_value_named_for_what_it_is_reports_no_milestone(text: str, reported: bool) -> None:
    assert bool(milestone_reports(text, ["basic"])) == reported, text
