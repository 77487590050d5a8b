"""The e-commerce reference agent (ECom-Bench style): every task brings 2–8 requests about one order, made one after
another; success is DB state × required retrievals × keywords; price-protection and damage requests carry an image
the agent reads with ``read_image``."""

import pytest

from pytest_mmtau import assert_cfa, assert_ias


@pytest.mark.domain("ecommerce", tasks="E2062*")  # price protection allowed (then an invoice), and refused
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2, pass_hat_k={1: 1.0, 2: 1.0})
async def test_price_protection_from_a_screenshot(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail  # read the screenshot, refunded the right amount (or refused)
    assert_ias(conv)
    assert_cfa(conv)


@pytest.mark.domain("ecommerce", tasks="E2060*")  # 2 to 8 requests: invoices, installation, damage, reads…
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2)
def test_several_requests_about_one_order(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail
