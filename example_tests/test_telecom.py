"""The telecom reference agent troubleshoots a simulated phone with the customer, for every persona.

Task ids look like ``[mms_issue]airplane_mode_on|break_app_sms_permission``; in a glob, ``[mms_issue]*`` reads the
brackets literally when no id matches them as a character class (``[[]mms_issue[]]*`` is the strict spelling).
Select single items with ``-k "[mms_issue] and break_app_sms_permission"`` (``|`` is not allowed in ``-k``).
"""

import pytest

from pytest_mmtau import assert_cfa, assert_ias
from pytest_mmtau.models import Termination


@pytest.mark.domain("telecom", tasks="[service_issue]*")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2, pass_hat_k={1: 1.0, 2: 1.0})
async def test_no_service(simulated_user, voice_channel, agent):
    conv = await simulated_user.converse(agent, channel=voice_channel)
    assert conv.goal_achieved, conv.success_detail
    if conv.task.escalation_expected:  # SIM PIN lock, contract ended: only a human can help
        assert conv.termination is Termination.AGENT_TRANSFER
    assert_ias(conv)  # payment requests and resuming the line were confirmed first
    assert_cfa(conv)  # the right customer and line


@pytest.mark.domain("telecom", tasks="[mobile_data_issue]*")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2)
async def test_mobile_data(simulated_user, judge, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail  # the phone's speed test is rated excellent
    report = judge(conv)
    assert report.ias == 1.0 and report.cfa == 1.0


@pytest.mark.domain("telecom", tasks="[mms_issue]b*")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2, thresholds="ias>=1 cfa>=1")
def test_picture_messages(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail  # a test MMS was sent
