"""One ask in the frames agents wrap it in (issue 20), found by rewrites of ``benchmarks/understanding_variants.py``:
a favour asked with a hedge or a question about the user's willingness ("Could you just quickly share …", "May I
ask you to provide …", "Would it be possible for you to send …") asks for the information and approves nothing; a
wait while the agent acts ("Hold while I transfer you") asks nothing the user could fail to answer; "Forward me the
receipt" asks for it; "… if you send me the OK" waits on the user's go-ahead. Sentences written for this test.
"""

from __future__ import annotations

import pytest
from test_understanding_rewrites import E_INVOICE, M_PLAN, R_EMAIL, T_LINE, _label, _read

FAVOURS = [
    (R_EMAIL, "Could you just quickly share the email address on your account?", ["email"]),
    (R_EMAIL, "May I ask you to provide the order number for the item you want to cancel?", ["order_id"]),
    (E_INVOICE, "Would it be possible for you to send me the exact title for the invoice?", ["invoice_title"]),
    (E_INVOICE, "I was wondering if you could tell me the phone number on the account.", ["phone_number"]),
    (M_PLAN, "Can I trouble you to give me the account ID once more?", ["account_id"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), FAVOURS)
def test_a_favour_asks_for_the_fact_and_approves_nothing(where: tuple[str, str], text: str, facts: list[str]) -> None:
    reading = _read(where, text)
    assert sorted(f.key for f in reading.asked) == facts
    assert not reading.confirmation and not reading.verified
    assert not _label(where, text).confirmation_request


WAITS = [
    "Hold while I transfer you to a member of our billing team.",
    "Please stay in this chat - a specialist will join shortly.",
    "Wait a moment while I pull up your account.",
]


@pytest.mark.parametrize("text", WAITS)
def test_a_wait_while_the_agent_acts_asks_nothing(text: str) -> None:
    reading = _read(M_PLAN, text)
    assert not reading.unmatched and not reading.asked
    assert not _label(M_PLAN, text).clarification


def test_a_step_to_wait_for_is_still_a_step() -> None:
    """"Wait" and "hold" with a thing of the user's to do are steps, not courtesies."""
    assert not _read(M_PLAN, "Hold while I transfer you.").unmatched
    assert _read(("telecom", "[service_issue]airplane_mode_on"),
                 "Hold the power button until the phone restarts.").tools


def test_forward_asks_for_what_is_forwarded() -> None:
    reading = _read(E_INVOICE, "Forward me the order confirmation with the order number on it.")
    assert [f.key for f in reading.asked] == ["order_id"]


def test_send_me_the_ok_waits_on_the_go_ahead() -> None:
    text = "I'll go ahead and start the cancellation of order #W3125736 if you send me the OK."
    assert _read(R_EMAIL, text).confirmation
    assert _label(R_EMAIL, text).confirmation_request


NOT_NEEDED = [
    (R_EMAIL, "There's no need to tell me the order number you're asking about for this."),
    (R_EMAIL, "You don't need to tell me the order number - I can see it here."),
    (M_PLAN, "You don't have to tell me why you're switching plans."),
]


@pytest.mark.parametrize(("where", "text"), NOT_NEEDED)
def test_what_the_agent_says_it_does_not_need_is_not_asked(where: tuple[str, str], text: str) -> None:
    # found by the not_needed rewrite ("Could you tell me …?" -> "There's no need to tell me …")
    reading = _read(where, text)
    assert not reading.asked and not reading.unmatched, text
    assert not _label(where, text).clarification


def test_an_ask_after_what_is_not_needed_is_still_asked() -> None:
    reading = _read(R_EMAIL, "No need to tell me why. Please tell me the email on your account.")
    assert [f.key for f in reading.asked] == ["email"]


@pytest.mark.parametrize("text", [
    "Mind sharing the 10-digit number on your line, e.g. 312-555-0100?",
    "Do you have the phone number on the account handy (for example 312-555-0100)?",
    "Do you happen to have the number for your line? Something like 312-555-0100?",
])
def test_an_example_of_the_format_reads_nothing_back(text: str) -> None:
    # found by the favour_forms rewrite: the example read as the user's number read back wrong
    reading = _read(T_LINE, text)
    assert [f.key for f in reading.asked] == ["phone_number"] and not reading.misread, text
    assert not reading.verification and not _label(T_LINE, text).confirmation_request


FACT_FRAMES = [
    (R_EMAIL, "Mind if I ask for the email address on your account?", ["email"]),
    (R_EMAIL, "Do you mind if I ask you for the order number?", ["order_id"]),
    (R_EMAIL, "Let me have the order number, and I'll take it from there.", ["order_id"]),
    (R_EMAIL, "I'll take your email whenever you're ready.", ["email"]),
    (R_EMAIL, "To get started, I need: the email on your account.", ["email"]),
    (R_EMAIL, "Great, thanks! Next up: the order number.", ["order_id"]),
    (E_INVOICE, "**Needed:** the exact title for the invoice", ["invoice_title"]),
]


@pytest.mark.parametrize(("where", "text", "facts"), FACT_FRAMES)
def test_a_fact_asked_in_a_frame_or_under_a_label_is_asked(where: tuple[str, str], text: str,
                                                          facts: list[str]) -> None:
    # found by the favour_forms rewrite's last five forms
    reading = _read(where, text)
    assert [f.key for f in reading.asked] == facts and not reading.unmatched, text


@pytest.mark.parametrize("text", ["Mind if I ask a couple of quick questions first?",
                                  "Let me get that sorted for you.",
                                  "I'll take care of the refund as soon as the parcel is back."])
def test_leave_to_ask_and_the_agents_own_doing_ask_for_no_fact(text: str) -> None:
    assert not _read(R_EMAIL, text).asked, text
