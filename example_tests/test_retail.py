"""The retail reference agent: authenticates, reads the order, confirms every irreversible write, and refuses
what policy does not allow — on a subset of the 128 generated tasks (select more with ``tasks=``)."""

import pytest

from pytest_mmtau import assert_cfa, assert_ias


@pytest.mark.domain("retail", tasks="cancel/*/W3105*")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2, pass_hat_k={1: 1.0, 2: 1.0})
async def test_cancel_orders(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)  # asked before cancelling, naming the order
    assert_cfa(conv)  # the right customer and order


@pytest.mark.domain("retail", tasks="exchange/name_zip/ok/W31[45]*")
@pytest.mark.persona("none", "hard")
@pytest.mark.trials(2)
async def test_exchanges(simulated_user, judge, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
    report = judge(conv)
    assert report.ias == 1.0 and report.cfa == 1.0
