"""Personas from files and ECom-Bench's grid, and what the agent is told about the user (persona exposure)."""

import pytest

from pytest_mmtau import assert_ias


@pytest.mark.domain("mock", tasks="upgrade_plan")
@pytest.mark.persona("rushed-expert", "rambler")  # from fixtures/personas/examples.yaml
@pytest.mark.trials(2)
async def test_personas_from_files(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona("calm-patient-clear", "angry-patient-vague")  # two corners of the emotion x patience x style grid
@pytest.mark.persona_exposure(0, 1, 2)  # MM-tau-p2's p: nothing, the persona, a persona inferred from the conversation
@pytest.mark.trials(2, pass_hat_k={1: 1.0, 2: 1.0})
async def test_every_exposure_level(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)
    if conv.persona_exposure == 2:
        # re-inferred once 3 user messages arrived, then after every 3 more; each hint names the turn that got it
        assert all(hint.user_messages % 3 == 0 and hint.source == "heuristic" for hint in conv.persona_hints)
        assert len(conv.persona_hints) == (len(conv.user_turns) - 1) // 3  # none made after the user's last word
    elif conv.persona_exposure == 1:
        assert [hint.source for hint in conv.persona_hints] == ["persona"]
    else:
        assert not conv.persona_hints
