"""The reference agent handles every mock task, for every persona, on every trial."""

import pytest

from pytest_mmtau import assert_ias, assert_sr, assert_te


@pytest.mark.domain("mock")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(4, pass_hat_k={1: 1.0, 4: 1.0})
async def test_support_agent(simulated_user, voice_channel, judge, agent):
    conv = await simulated_user.converse(agent, channel=voice_channel)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)                      # raises, listing any unconfirmed irreversible call
    assert judge(conv).cfa >= 0.9


@pytest.mark.domain("mock", tasks="*plan*")
@pytest.mark.persona("easy")
@pytest.mark.trials(3)
def test_sync_tests_work_too(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved
    assert_te(conv, at_least=0.5)


@pytest.mark.domain("mock", tasks="*_*")
@pytest.mark.persona("hard")
@pytest.mark.trials(2, thresholds="ues<=4 cp>=0.6")
async def test_the_judge_reports_every_metric(simulated_user, judge, agent):
    conv = await simulated_user.converse(agent)
    report = await judge.evaluate(conv)  # `judge(conv)` works too; async tests can await it
    assert report.success == 1.0 and report.cfa == 1.0
    assert report.ias == 1.0
    assert_sr(conv)  # asked before every irreversible call; undefined (and passing) when none was needed
