"""Readings round 6 of issue 20 fixed: what the dev half of the corpus and of the third blind set read wrong, read
here in new sentences of the same kinds, written for this test.

- A read-back of the order that counts an item the guest never ordered ("…, and 1 garlic knots with marinara
  dip") is a wrong read-back: the guest does not approve it, and the labeller does not count it as confirming the
  order (a list's value is the whole multiset of lines, not a subset).
"""

from __future__ import annotations

from typing import Any

import pytest

from test_understanding_confirmations import guest_errors, probe_errors
from test_understanding_confirmations_round3 import _NONE, _PIZZA, _R_PIZZA

# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    ("restaurant", _PIZZA, "", "So that's 1 large BBQ Chicken Pizza with classic crust and light sauce, 2 medium Diet "
                               "Colas, and 1 Caesar salad. Shall I send it through?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "Recap: one large BBQ Chicken Pizza (classic crust, light sauce), two medium Diet Colas "
                               "plus two mozzarella sticks. Ready for me to place it?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "Your order: 2 medium Diet Colas; 1 large BBQ Chicken Pizza, classic crust, light "
                               "sauce; 1 tiramisu. Okay to submit?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "1 large BBQ Chicken Pizza with classic crust and light sauce, 2 medium Diet Colas and "
                               "2 garlic knots - want me to send that to the kitchen?", "place_order", _NONE),
    # the same lists with nothing extra still confirm the order
    ("restaurant", _PIZZA, "", "So that's 1 large BBQ Chicken Pizza with classic crust and light sauce, and 2 medium "
                               "Diet Colas. Shall I send it through?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "Recap: one large BBQ Chicken Pizza (classic crust, light sauce) plus two medium Diet "
                               "Colas. Ready for me to place it?", "place_order", _R_PIZZA),
]


@pytest.mark.parametrize("case", PROBES, ids=[c[3][:50] for c in PROBES])
def test_approvals_read_alike(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


@pytest.mark.parametrize("case", [c for c in PROBES if c[0] == "restaurant"],
                         ids=[c[3][:50] for c in PROBES if c[0] == "restaurant"])
def test_the_guest_reads_these_order_approvals_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert guest_errors(case) == []
