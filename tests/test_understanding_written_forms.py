"""A value written another way names the same action (issue 20): an agent that writes the line as "(206) 555-0128"
confirms the same top-up as one that writes "206-555-0128". Found by the ``phone_format`` rewrite of
``benchmarks/understanding_variants.py``: the phone number was an object of the action only as the task spells it,
so the bracketed form lost the tie to another action. Sentences written for this test.
"""

from __future__ import annotations

import functools

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.understanding import read, vocabulary
from pytest_mmtau.understanding._values import written_forms

_TOP_UP = "[mobile_data_issue]data_usage_exceeded"  # the line 206-555-0128 of customer C1003 needs 2 GB


@functools.cache
def _telecom() -> Domain:
    return DomainRegistry().get("telecom")


@pytest.mark.parametrize("line", ["206-555-0128", "(206) 555-0128", "206.555.0128", "206 555 0128"])
def test_a_top_up_confirmed_with_the_line_written_any_way(line: str) -> None:
    task = next(t for t in _telecom().tasks if t.id == _TOP_UP)
    reading = read(f"Quick check before I go ahead: 2 GB added to {line} on account C1003, for $12.00. OK?",
                   vocabulary(task, _telecom().tool_infos))
    assert reading.confirmation and reading.action == "refuel_data"
    assert reading.values == {"customer_id": "C1003", "phone_number": "206-555-0128", "gigabytes": 2.0}


def test_written_forms_of_a_phone_number_and_of_other_values() -> None:
    assert written_forms("206-555-0128") >= {"(206) 555-0128", "206.555.0128", "206 555 0128", "206-555-0128"}
    assert written_forms("W3125736") == {"W3125736"}
    assert written_forms("premium") == {"premium"}
