"""A look at the screen just opened (issue 20): "Open Network mode and tell me which option is selected", "… >
Permissions, and read off everything under 'Not allowed'". The report names no thing and says no "it"; what it looks
at is the setting the step before opened. Found by the ``tools_after_previous`` rewrite of
``benchmarks/understanding_variants.py``: once the sentence naming the setting ("I'd like to see which network mode
your handset prefers.") was sent as a message of its own, the path and the report alone read as nothing, and the
user would have said it did not understand. Sentences written for this test, with hard negatives.
"""

from __future__ import annotations

import pytest
from test_understanding_user_tools_round3 import _MMS, _NETPREF, _matches, _tools

LOOKS_AT_WHAT_WAS_OPENED = [
    (_NETPREF, "Open Network mode and tell me which option is selected.", ["check_network_mode"]),
    (_NETPREF, "Head to Settings > Mobile network > Preferred network type and read me the option that's ticked.",
     ["check_network_mode"]),
    (_NETPREF, "In Settings > Connections > Mobile networks, tap **Network mode** and let me know what's selected.",
     ["check_network_mode"]),
    (_NETPREF, "Please open the network mode menu and read me the currently selected option.", ["check_network_mode"]),
    (_MMS, "Long-press the Messages icon, choose App info, then Permissions, and read off everything under "
           "'Not allowed'.", ["check_app_permissions"]),
    (_MMS, "Open the Messages app's permissions and tell me what's listed under 'Allowed'.",
     ["check_app_permissions"]),
]


@pytest.mark.parametrize(("task", "text", "tools"), LOOKS_AT_WHAT_WAS_OPENED)
def test_a_report_looks_at_the_screen_just_opened(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got


NO_LOOK = [
    # what the user wants, not what a screen shows
    (_NETPREF, "Let me know which option you'd prefer, and I'll note it on your account.", []),
    # the agent's own screen
    (_NETPREF, "On my side, the option that's selected for your line is the 5G plan.", []),
]


@pytest.mark.parametrize(("task", "text", "tools"), NO_LOOK)
def test_no_look_without_a_screen_of_the_users(task: str, text: str, tools: list[str]) -> None:
    got = _tools("telecom", task, text)
    assert _matches(tools, got), got
