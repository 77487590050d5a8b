"""The restaurant reference agent (Toast style): takes pickup orders from The Lantern Yard's menu, asks for missing
required choices (size, doneness, dressing…), reads the whole order back and places it only after a yes. The
simulated guest keeps its own view of the order and corrects a read-back that is wrong."""

import pytest

from pytest_mmtau import assert_cfa, assert_ias


@pytest.mark.domain("restaurant", tasks="simple/*")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2, pass_hat_k={1: 1.0, 2: 1.0})
async def test_simple_orders(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail  # the placed order is the target order
    assert_ias(conv)  # read back, then placed only after the guest's yes
    assert_cfa(conv)  # place_order stated exactly the target's lines


@pytest.mark.domain("restaurant", tasks="complex/*")
@pytest.mark.persona("diner-vague-craver", "diner-in-a-hurry", "diner-family-organiser")
@pytest.mark.trials(2, pass_hat_k={2: 1.0})
async def test_complex_orders_for_restaurant_guests(simulated_user, judge, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
    report = judge(conv)
    assert report.ias == 1.0 and report.cfa == 1.0
    # the guest's tracker: what the agent confirmed back matched the target when the guest said yes
    heard = [t.user_state["tracker"]["order"] for t in conv.user_turns if t.has_act("affirm")]
    assert heard and heard[-1]["complete"] and heard[-1]["current"]
