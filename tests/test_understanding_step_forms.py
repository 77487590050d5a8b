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


STEP_LABELS = [
    (_DATA, "**Step 1:** It looks like mobile data is switched off on your phone.\n**Step 2:** Please turn it on "
            "under Settings > Network & internet > Mobile data.", ["turn_on_mobile_data|toggle_mobile_data"]),
    (_AIRPLANE, "Step 1: Swipe down from the top of the screen.\nStep 2: If the plane icon is lit, tap it so it "
                "turns grey.", ["check_status_bar", "turn_off_airplane_mode"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), STEP_LABELS)
def test_a_step_label_is_a_list_mark(task: str, text: str, tools: list[str]) -> None:
    """"**Step 1:** It looks like …" states what was found; the label makes no ask of it (found by the ``steps``
    rewrite)."""
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


def test_a_step_label_before_a_statement_asks_no_fact() -> None:
    from test_understanding_facts import T_LINE, _read

    reading = _read(T_LINE, "**Step 1:** Thanks, Priya - your line is active.\n**Step 2:** Could you tell me your "
                            "date of birth?")
    assert [f.key for f in reading.asked] == ["date_of_birth"]


QUOTED_LABELS = [
    (_NETPREF, "Please switch your 'network mode' over to 4G/5G preferred.", ["set_network_mode_4g_5g"]),
    (_NETPREF, 'Could you change the "Preferred network type" to 4G/5G?', ["set_network_mode_4g_5g"]),
    (_DATA, "Turn on 'Mobile data' from the quick settings panel, please.", ["turn_on_mobile_data|toggle_mobile_data"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), QUOTED_LABELS)
def test_a_setting_named_in_quotes(task: str, text: str, tools: list[str]) -> None:
    """A label of the screen set off in quotes is the setting (found by the ``quoted_settings`` rewrite)."""
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got
