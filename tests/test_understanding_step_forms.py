"""A step asked in its -ing form reads like the imperative (issue 20): "Try toggling airplane mode on and then
switching it back off", "Try swapping the network mode over to 4G/5G preferred", "Would you mind toggling it off?".
Found by the ``try_gerund`` and ``would_you_mind`` rewrites of ``benchmarks/understanding_variants.py``: verbs that
drop their -e ("toggling") or double their last letter ("swapping", "tapping") before -ing were unknown to the
particle and the operation patterns. Sentences written for this test.
"""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import _AIRPLANE, _DATA, _NETPREF, _VPN, _matches, _tools

GERUND_STEPS = [
    (_AIRPLANE, "Try toggling airplane mode on for a few seconds and then switching it back off.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    (_AIRPLANE, "Would you mind toggling airplane mode off for me?", ["turn_off_airplane_mode"]),
    (_NETPREF, "Try swapping your preferred network type over to 4G/5G.", ["set_network_mode_4g_5g"]),
    (_NETPREF, "Could you try swapping the network mode to 4G/5G preferred?", ["set_network_mode_4g_5g"]),
    (_VPN, "I'd suggest disabling the VPN first, then running a speed test.", ["disconnect_vpn", "run_speed_test"]),
    (_DATA, "Try toggling mobile data on from the quick settings panel.", ["turn_on_mobile_data|toggle_mobile_data"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), GERUND_STEPS)
def test_a_step_in_its_ing_form(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


NOT_STEPS = [
    # what happened, in the same forms
    (_AIRPLANE, "Toggling airplane mode earlier didn't fix it, so let's look at the account side.", []),
    (_NETPREF, "I see the network mode was swapped to 3G at some point.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), NOT_STEPS)
def test_the_same_forms_reporting_the_past(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got
