"""Readings round 20 of issue 20 fixed, in new sentences written for this test: a phone number written as a tool
returns it, ten digits without separators ("2065550128"), names the line an action acts on as its dashed form does,
so "add 2 GB to 2065550128" is the refuel it says and not the roaming change the same verb also names (the voice
channel's written-back form writes a number that way too)."""

from __future__ import annotations

import pytest

from test_understanding_facts import _read

_REFUEL = ("telecom", "[mobile_data_issue]data_usage_exceeded")


@pytest.mark.parametrize("text", [
    "I can add 2 GB to 2065550128 on customer C1003 for $12. Would you like me to do that?",
    "Just to confirm: 2 GB added to 2065550128, account C1003, for $12. Proceed?",
    "Want me to top up 2065550128 (customer C1003) with 2 GB for $12?",
])
def test_a_phone_number_without_separators_names_the_line_of_the_refuel(text: str) -> None:
    reading = _read(_REFUEL, text)
    assert reading.confirmation and reading.action == "refuel_data", reading
    assert reading.values == {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}, reading
