"""Persona exposure 1 injected after identity verification, as the MM-τ-p² authors' code does: an option on the
``persona_exposure`` marker and in ini, with the hint arriving the agent turn after the first successful lookup
with a value the user gave."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_mmtau import FunctionAgent
from pytest_mmtau.agents import AgentRequest
from pytest_mmtau.errors import UsageError
from pytest_mmtau.exposure import describe_persona, hint_source
from pytest_mmtau.personas import PRESETS
from pytest_mmtau.user import SimulatedUser


def recording(reference: Any, seen: list[str | None]) -> FunctionAgent:
    async def respond(request: AgentRequest) -> Any:
        seen.append(request.persona_hint)
        return await reference.respond(request)

    return FunctionAgent(respond)


@pytest.mark.parametrize("domain_name, task", [("mock", "cancel_subscription"), ("ecommerce", None)])
def test_the_persona_arrives_after_the_first_verified_lookup(domain_name, task) -> None:
    from pytest_mmtau._discovery import DomainRegistry

    domain = DomainRegistry().get(domain_name)
    chosen = domain.task(task) if task else domain.tasks[0]
    seen: list[str | None] = []
    user = SimulatedUser(domain=domain, task=chosen, persona=PRESETS["hard"], persona_exposure=1,
                         persona_inject="after_verification")
    conv = user.converse_sync(recording(domain.agents["reference"](), seen))
    facts = {f.value for f in chosen.goal.facts}
    lookup = next(t for t in conv.agent_turns for c in t.tool_calls
                  if c.error is None and facts & {str(v) for v in c.arguments.values()})
    first = next(t for t in conv.agent_turns if t.index > lookup.index)
    described = describe_persona(PRESETS["hard"])
    assert conv.persona_exposure == 1 and conv.goal_achieved
    assert [(h.turn, h.text) for h in conv.persona_hints] == [(first.index, described)]
    switch = seen.index(described)  # the agent saw nothing, then the persona for the rest of the conversation
    assert switch >= 2 and set(seen[:switch]) == {None} and set(seen[switch:]) == {described}


def test_from_the_start_by_default_and_nothing_to_verify_means_at_once(mock_domain) -> None:
    seen: list[str | None] = []
    user = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"), persona=PRESETS["none"],
                         persona_exposure=1)
    user.converse_sync(recording(mock_domain.agents["reference"](), seen))
    assert None not in seen
    wifi = mock_domain.task("wifi_off")  # the user gives no facts: nothing to verify
    assert wifi.goal.facts == ()
    seen.clear()
    SimulatedUser(domain=mock_domain, task=wifi, persona=PRESETS["none"], persona_exposure=1,
                  persona_inject="after_verification").converse_sync(recording(mock_domain.agents["reference"](),
                                                                               seen))
    assert None not in seen
    with pytest.raises(UsageError, match=r"unknown injection point 'later'; allowed: 'after_verification', 'start'"):
        hint_source(1, PRESETS["none"], inject="later")


MARKED = """
import pytest

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona_exposure(1, inject="after_verification")
def test_after(simulated_user, mmtau_domain):
    conv = simulated_user.converse_sync(mmtau_domain.agents["reference"]())
    assert conv.persona_hints and conv.persona_hints[0].turn > 1

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona_exposure(1)
def test_default(simulated_user, mmtau_domain):
    conv = simulated_user.converse_sync(mmtau_domain.agents["reference"]())
    assert conv.persona_hints[0].turn == {first}
"""


def test_the_marker_and_the_ini_choose_the_injection_point(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(MARKED.replace("{first}", "1"))
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=2)
    pytester.makeini("[pytest]\nmmtau_persona_inject = after_verification\n")
    pytester.makepyfile(MARKED.replace("== {first}", "> 1"))
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=2)


def test_a_bad_injection_point_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(MARKED.replace('inject="after_verification"', 'inject="soon"').replace("{first}", "1"))
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR or "unknown injection point 'soon'" in result.stdout.str()
    assert "@pytest.mark.persona_exposure(inject=...): unknown injection point 'soon'; allowed: " \
           "'after_verification', 'start'" in (result.stdout.str() + result.stderr.str())
    pytester.makeini("[pytest]\nmmtau_persona_inject = never\n")
    pytester.makepyfile(MARKED.replace("{first}", "1"))
    bad = pytester.runpytest()
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    assert "ini mmtau_persona_inject: unknown injection point 'never'" in bad.stderr.str()
