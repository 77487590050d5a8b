"""Every way an episode ends, dual control, agent-hosted tools, determinism and the transcript's JSON round trip."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from pytest_mmtau import FunctionAgent, Transcript, UsageError, ias
from pytest_mmtau.config import Limits
from pytest_mmtau.models import Termination
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser


def talk(domain, task_id: str, agent, *, persona: str = "none", seed: int = 0, limits: Limits = Limits(),
         **persona_changes) -> Transcript:
    chosen = get_persona(persona).model_copy(update=persona_changes)
    user = SimulatedUser(domain=domain, task=domain.task(task_id), persona=chosen, seed=seed, limits=limits)
    return user.converse_sync(agent)


def test_user_stops_when_the_goal_is_confirmed(mock_domain) -> None:
    conv = talk(mock_domain, "cancel_subscription", mock_domain.agents["reference"]())
    assert conv.termination is Termination.USER_STOP
    assert conv.goal_achieved and conv.success_detail == ()
    assert conv.turns[-1].has_act("stop")


def test_impatient_user_asks_for_a_human(mock_domain) -> None:
    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(lambda r: "Hello, how are you?"), patience=3)
    assert conv.termination is Termination.USER_TRANSFER
    assert conv.turns[-1].has_act("transfer")
    assert not conv.goal_achieved


def test_agent_transfer_ends_the_episode(mock_domain) -> None:
    conv = talk(mock_domain, "locked_account_escalation", mock_domain.agents["reference"](), persona="easy")
    assert conv.termination is Termination.AGENT_TRANSFER
    assert conv.goal_achieved, conv.success_detail


def test_transfer_when_escalation_is_not_expected_fails(mock_domain) -> None:
    escalate = FunctionAgent(lambda r: {"tool_calls": [{"name": "transfer_to_human", "arguments": {"summary": "x"}}]})
    conv = talk(mock_domain, "cancel_subscription", escalate)
    assert conv.termination is Termination.AGENT_TRANSFER
    assert not conv.goal_achieved


def test_max_turns(mock_domain) -> None:
    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(lambda r: "Hmm."), limits=Limits(max_turns=17))
    assert conv.termination is Termination.MAX_TURNS
    assert "max_turns=17" in conv.termination_detail
    assert len(conv.turns) == 17


def test_the_turn_limit_never_cuts_below_eight_turns_per_optimal_turn(mock_domain) -> None:
    task = mock_domain.task("cancel_subscription")  # optimal_turns 2
    assert Limits(max_turns=5).turns_for(task.optimal_turns) == 16 == 8 * task.optimal_turns
    conv = talk(mock_domain, task.id, FunctionAgent(lambda r: "Hmm."), limits=Limits(max_turns=5))
    assert conv.termination is Termination.MAX_TURNS and len(conv.turns) == 16, conv.termination_detail


def test_consecutive_tool_errors(mock_domain) -> None:
    bad_lookup = FunctionAgent(lambda r: {"tool_calls": [{"name": "get_account", "arguments": {"account_id": "Z9"}}]})
    conv = talk(mock_domain, "cancel_subscription", bad_lookup, limits=Limits(max_tool_errors=3))
    assert conv.termination is Termination.MAX_TOOL_ERRORS
    assert "no account 'Z9'" in conv.termination_detail
    assert [c.error is not None for c in conv.tool_calls] == [True, True, True]


def test_invalid_tool_arguments_are_tool_errors_not_crashes(mock_domain) -> None:
    agent = FunctionAgent(lambda r: {"tool_calls": [{"name": "change_plan", "arguments": {"account_id": "A101",
                                                                                          "plan": "gold"}}]})
    conv = talk(mock_domain, "upgrade_plan", agent, limits=Limits(max_tool_errors=1))
    assert conv.termination is Termination.MAX_TOOL_ERRORS
    assert "invalid arguments for change_plan: plan" in conv.tool_calls[0].error


def test_timeout(mock_domain) -> None:
    async def slow(request):
        await asyncio.sleep(5)

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(slow), limits=Limits(timeout_s=0.05))
    assert conv.termination is Termination.TIMEOUT
    assert conv.turns and conv.turns[0].role == "user"  # what happened before the timeout is kept


def test_agent_that_raises_is_an_agent_failure_with_traceback(mock_domain) -> None:
    def broken(request):
        raise KeyError("session")

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(broken))
    assert conv.termination is Termination.AGENT_ERROR
    assert "KeyError: 'session'" in conv.termination_detail
    assert "in broken" in conv.agent_error and "Traceback" in conv.agent_error
    assert not conv.goal_achieved


@pytest.mark.parametrize("garbage", [42, {"txt": "hi"}, ""])
def test_malformed_agent_output_is_an_agent_failure(mock_domain, garbage) -> None:
    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(lambda r: garbage))
    assert conv.termination is Termination.AGENT_ERROR
    assert "malformed reply" in conv.termination_detail


def test_user_operates_its_own_device(mock_domain) -> None:
    conv = talk(mock_domain, "wifi_off", mock_domain.agents["reference"]())
    user_calls = [c for t in conv.user_turns for c in t.tool_calls]
    assert [c.name for c in user_calls] == ["check_connection", "turn_on_wifi", "check_connection"]
    assert all(c.side == "user" and c.hosted == "env" for c in user_calls)
    assert conv.final_state["device"]["connected"] is True and conv.goal_achieved


def test_agent_hosted_tool_traces_are_recorded_with_domain_flags(mock_domain) -> None:
    def production_agent(request):
        if len(request.messages) == 1:
            return {"text": "Done, your subscription is cancelled.",
                    "hosted_tool_calls": [{"name": "cancel_subscription", "arguments": {"account_id": "A100"},
                                           "result": {"status": "cancelled"}}]}
        return "Anything else?"

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(production_agent), persona="easy")
    hosted = [c for c in conv.tool_calls if c.hosted == "agent"]
    assert hosted and hosted[0].irreversible and hosted[0].critical == ("account_id",)
    assert ias(conv) == 0.0


def test_same_seed_same_conversation_different_seed_differs(mock_domain) -> None:
    def strip_times(conv: Transcript) -> list:
        return [(t.role, t.text, t.acts, [dataclasses.replace(c, at=0.0) for c in t.tool_calls]) for t in conv.turns]

    agent = mock_domain.agents["reference"]()
    runs = [talk(mock_domain, "router_off_and_downgrade", agent, persona="hard", seed=s) for s in (7, 7, 8, 9, 10)]
    assert strip_times(runs[0]) == strip_times(runs[1])
    assert any(strip_times(runs[0]) != strip_times(r) for r in runs[2:])


def test_transcript_json_round_trip(mock_domain) -> None:
    conv = talk(mock_domain, "router_off_and_downgrade", mock_domain.agents["reference"](), persona="hard")
    again = Transcript.from_json(conv.to_json())
    assert again == conv
    assert '"schema_version":1' in conv.to_json()


def test_transcript_from_a_newer_schema_is_refused(mock_domain) -> None:
    conv = talk(mock_domain, "balance_inquiry", mock_domain.agents["reference"](), persona="easy")
    newer = conv.to_json().replace('"schema_version":1', '"schema_version":99')
    with pytest.raises(UsageError, match="schema_version 99 is not supported"):
        Transcript.from_json(newer)


def test_converse_sync_inside_a_loop_says_what_to_do(mock_domain) -> None:
    user = SimulatedUser(domain=mock_domain, task=mock_domain.tasks[0], persona=get_persona("none"))

    async def inside() -> None:
        user.converse_sync(mock_domain.agents["reference"]())

    with pytest.raises(UsageError, match="use `await converse"):
        asyncio.run(inside())


def test_agent_that_only_calls_tools_hits_max_tool_steps(mock_domain) -> None:
    looping = FunctionAgent(lambda r: {"tool_calls": [{"name": "get_account", "arguments": {"account_id": "A100"}}]})
    conv = talk(mock_domain, "cancel_subscription", looping, limits=Limits(max_tool_steps=3))
    assert conv.termination is Termination.MAX_TOOL_STEPS
    assert len(conv.tool_calls) == 4 and not conv.goal_achieved


class ReturnsWhatever:
    def __init__(self, value):
        self.value = value

    async def respond(self, request):
        return self.value


@pytest.mark.parametrize("value", [None, 3.5, "plain text is fine"])
def test_protocol_agents_replies_are_coerced_or_fail_cleanly(mock_domain, value) -> None:
    conv = talk(mock_domain, "cancel_subscription", ReturnsWhatever(value), limits=Limits(max_turns=4))
    if isinstance(value, str):
        assert conv.termination is Termination.MAX_TURNS and conv.agent_turns[0].text == value
    else:
        assert conv.termination is Termination.AGENT_ERROR and "malformed reply" in conv.termination_detail


def test_a_hanging_sync_agent_is_abandoned_at_the_timeout(mock_domain) -> None:
    import time

    started = time.monotonic()
    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(lambda r: time.sleep(30)),
                limits=Limits(timeout_s=0.2))
    assert conv.termination is Termination.TIMEOUT
    assert time.monotonic() - started < 10  # did not wait for the agent's thread


def test_secrets_never_reach_the_transcript_json(mock_domain, monkeypatch) -> None:
    monkeypatch.setenv("ACME_API_KEY", "live-9f8e7d6c5b4a")

    def leaky(request):
        raise RuntimeError("auth failed for key live-9f8e7d6c5b4a with header Bearer abcdefghijklmnop")

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(leaky))
    text = conv.to_json()
    assert "live-9f8e7d6c5b4a" not in text and "abcdefghijklmnop" not in text
    assert "[REDACTED]" in text
    Transcript.from_json(text)  # still valid JSON


def test_the_simulators_own_time_is_not_the_agents_timeout(mock_domain) -> None:
    """A slow simulated user (an LLM user, a persona inferrer) must not end the episode as the agent's timeout."""
    import random

    from pytest_mmtau.engine import run_episode
    from pytest_mmtau.user import ScriptedRealiser
    from pytest_mmtau.voice import TextChannel

    task = mock_domain.task("cancel_subscription")
    scripted = ScriptedRealiser(goal=task.goal, persona=get_persona("easy"), user_tools=mock_domain.user_tools,
                                rng=random.Random(0))

    class SlowUser:
        async def act(self, observation):
            await asyncio.sleep(0.15)
            return await scripted.act(observation)

    conv = asyncio.run(run_episode(domain=mock_domain, task=task, persona=get_persona("easy"), user=SlowUser(),
                                   agent=mock_domain.agents["reference"](), channel=TextChannel(),
                                   limits=Limits(timeout_s=0.1)))
    assert conv.termination is Termination.USER_STOP and conv.goal_achieved, conv.termination_detail


def test_a_user_that_keeps_operating_its_device_is_an_infrastructure_error(mock_domain) -> None:
    from pytest_mmtau.agents import ToolRequest
    from pytest_mmtau.engine import UserMove, run_episode
    from pytest_mmtau.errors import InfrastructureError
    from pytest_mmtau.voice import TextChannel

    class LoopingUser:
        async def act(self, observation):
            return UserMove(tool_calls=(ToolRequest(name=next(iter(mock_domain.user_tools))),))

    task = mock_domain.task("cancel_subscription")
    with pytest.raises(InfrastructureError, match="the simulator, not the agent"):
        asyncio.run(run_episode(domain=mock_domain, task=task, persona=get_persona("none"), user=LoopingUser(),
                                agent=mock_domain.agents["reference"](), channel=TextChannel()))
