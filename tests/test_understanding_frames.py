"""One ask in the frames agents wrap it in (issue 20), found by rewrites of ``benchmarks/understanding_variants.py``:
a favour asked with a hedge or a question about the user's willingness ("Could you just quickly share …", "May I
ask you to provide …", "Would it be possible for you to send …") asks for the information and approves nothing; a
wait while the agent acts ("Hold while I transfer you") asks nothing the user could fail to answer; "Forward me the
receipt" asks for it; "… if you send me the OK" waits on the user's go-ahead. Sentences written for this test.
"""

from __future__ import annotations

import pytest
from test_understanding_rewrites import E_INVOICE, M_PLAN, R_EMAIL, _label, _read

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
