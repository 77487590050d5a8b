"""A user's test module, type-checked (never run) by ``make typecheck``: ``mypy --strict`` and pyright in strict mode
must see every public name and fixture with its real type, not ``Any``.

Each function uses the API the way the docs show it; ``assert_type`` fails the check when a name degrades to
``Any`` or changes its type.
"""
# pyright: strict

from __future__ import annotations

from typing import assert_type

import pytest

from pytest_mmtau import (Agent, AgentReply, AgentRequest, Channel, ConversationSoFar, CriteriaReport, FunctionAgent,
                          Judge, JudgeReport, LiteLLMAgent, OpenAICompatibleAgent, Persona, Score, SimulatedUser,
                          Transcript, Turn, TurnCheckFailed, UsageError, assert_cfa, assert_ias, assert_te, cfa, ias,
                          mm_tap, pass_hat_k, per_trial)


def my_agent(request: AgentRequest) -> AgentReply:
    return AgentReply(text=f"{len(request.messages)} messages so far")


@pytest.fixture
def agent() -> Agent:
    return FunctionAgent(my_agent)


@pytest.mark.domain("mock")
@pytest.mark.trials(2, pass_hat_k={1: 1.0})
async def test_support_agent(simulated_user: SimulatedUser, voice_channel: Channel, judge: Judge,
                             agent: Agent) -> None:
    conv = await simulated_user.converse(agent, channel=voice_channel)
    assert_type(conv, Transcript)
    assert conv.goal_achieved, conv.success_detail
    assert_type(assert_ias(conv), Score)
    assert_type(assert_te(conv, at_least=0.5), Score)
    assert_type(assert_cfa(conv), Score)
    report = judge(conv)
    assert_type(report, JudgeReport)
    assert_type(await judge.evaluate(conv), JudgeReport)
    assert_type(report.cfa, Score)
    assert_type(cfa(conv), Score)
    assert_type(ias(conv), Score)
    last = conv.turns[-1]
    assert_type(last, Turn)
    assert_type(judge.criteria(conv, "the agent never promises a refund before checking the order"), CriteriaReport)
    assert_type(await judge.evaluate_criteria(conv, "the agent confirms before cancelling"), CriteriaReport)


def no_early_cancel(so_far: ConversationSoFar) -> None:
    assert_type(so_far.last, Turn)
    assert not so_far.called("cancel_subscription")


@pytest.mark.domain("mock")
async def test_scripted(simulated_user: SimulatedUser, agent: Agent) -> None:
    try:
        conv = await simulated_user.converse(agent, script=["I want to cancel"], on_turn=no_early_cancel)
    except TurnCheckFailed as failed:
        assert_type(failed.transcript, Transcript)
        raise
    assert_type(conv, Transcript)


def test_sync(simulated_user: SimulatedUser, agent: Agent) -> None:
    assert_type(simulated_user.persona, Persona)
    conv = simulated_user.variant(persona=simulated_user.persona).converse_sync(agent)
    assert_type(conv, Transcript)


def test_estimators() -> None:
    assert_type(pass_hat_k([True, False, True], 2), float)
    assert_type(mm_tap(cfa=1.0, pass1=1.0, te=1.0, ues=0.0, ias=1.0), Score)
    assert issubclass(UsageError, ValueError)


def test_live_agents() -> None:
    assert_type(LiteLLMAgent("openai/gpt-4o-mini"), LiteLLMAgent)
    assert_type(OpenAICompatibleAgent("http://localhost:8000/v1", model="bot"), OpenAICompatibleAgent)
    per_trial(lambda: FunctionAgent(my_agent))
