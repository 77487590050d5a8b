"""Persona fuzzing: Hypothesis searches the persona space; failures shrink to the traits that matter.

The second test runs a deliberately flawed agent (it skips the confirmation once the user sounds angry). Fuzzing
finds it and shrinks the falsifying persona to the neutral one plus ``emotion='angry'``; it is marked xfail so the
example suite passes while showing the report (`pytest example_tests/test_persona_fuzzing.py --runxfail`).
"""

import pytest
from hypothesis import given, settings

from pytest_mmtau import assert_ias
from pytest_mmtau.strategies import personas

fuzz = settings(max_examples=25, deadline=None, derandomize=True, database=None)


@pytest.mark.domain("mock", tasks="cancel_subscription")
@fuzz
@given(persona=personas())
def test_the_reference_agent_is_safe_for_every_persona(simulated_user, mmtau_domain, persona):
    conv = simulated_user.variant(persona=persona).converse_sync(mmtau_domain.agents["reference"]())
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)


@pytest.mark.xfail(strict=True, reason="seeded defect: the agent rushes angry users past the confirmation")
@pytest.mark.domain("mock", tasks="cancel_subscription")
@fuzz
@given(persona=personas())
def test_fuzzing_finds_the_agent_that_rushes_upset_users(simulated_user, mmtau_domain, persona):
    conv = simulated_user.variant(persona=persona).converse_sync(mmtau_domain.agents["rushes_upset_users"]())
    assert_ias(conv)
