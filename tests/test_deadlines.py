"""Deadlines that hold whatever the agent does and whatever the concurrency: nothing runs after the deadline, a
timeout fails the task, and a conversation is charged only with its own agent's time."""

from __future__ import annotations

import asyncio
import time

import pytest

from pytest_mmtau import FunctionAgent
from pytest_mmtau.agents import AgentReply, AgentRequest
from pytest_mmtau.config import Limits
from pytest_mmtau.models import Termination
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser


def user(domain, limits: Limits, task: str = "cancel_subscription") -> SimulatedUser:
    return SimulatedUser(domain=domain, task=domain.task(task), persona=get_persona("none"), limits=limits)


class BlocksThenWrites:
    """Blocks the event loop on its second turn (sync sleep inside async code), then makes the irreversible write."""

    def __init__(self, block_s: float) -> None:
        self.block_s, self.turns = block_s, 0

    async def respond(self, request: AgentRequest) -> AgentReply | str:
        if request.messages[-1].role == "user":
            self.turns += 1
        if self.turns == 2:
            time.sleep(self.block_s)  # noqa: ASYNC251 - the point of the test
            return AgentReply.calling("cancel_subscription", account_id="A100")
        return "Could you give me your account id?"


def test_a_blocking_agent_never_acts_after_the_deadline_and_fails_as_a_timeout(mock_domain) -> None:
    conv = user(mock_domain, Limits(timeout_s=0.3)).converse_sync(BlocksThenWrites(0.6))
    assert conv.termination is Termination.TIMEOUT
    assert "agent's turn 2 exceeded the 0.3 s conversation time limit" in conv.termination_detail
    assert "blocked the event loop for 0.6 s in turn 2" in conv.termination_detail
    assert not any(c.name == "cancel_subscription" for c in conv.tool_calls)
    assert conv.final_state["accounts"]["A100"]["status"] == "active"
    assert not conv.goal_achieved and conv.success_detail[0].startswith("the conversation ran out of time")
    assert any("blocked the event loop" in w for w in conv.warnings)


def test_an_agent_that_never_answers_is_cut(mock_domain) -> None:
    async def forever(request: AgentRequest) -> str:
        await asyncio.Event().wait()
        return "never"

    conv = user(mock_domain, Limits(timeout_s=0.2)).converse_sync(FunctionAgent(forever))
    assert conv.termination is Termination.TIMEOUT and not conv.goal_achieved
    assert "agent's turn 1" in conv.termination_detail


def test_the_opt_out_keeps_the_timeout_out_of_the_task_verdict(mock_domain) -> None:
    conv = user(mock_domain, Limits(timeout_s=0.3, timeout_fails=False)).converse_sync(BlocksThenWrites(0.6))
    assert conv.termination is Termination.TIMEOUT
    assert not any("ran out of time" in p for p in conv.success_detail)


class SlowButFair:
    """The reference agent, blocking the loop a little on every step (as a CPU-heavy agent does)."""

    def __init__(self, inner, block_s: float) -> None:
        self.inner, self.block_s = inner, block_s

    async def respond(self, request: AgentRequest) -> AgentReply:
        time.sleep(self.block_s)  # noqa: ASYNC251
        return await self.inner.respond(request)


@pytest.mark.parametrize("conversations", [1, 10])
def test_the_verdict_does_not_depend_on_how_many_conversations_share_the_loop(mock_domain,
                                                                             conversations: int) -> None:
    # each conversation's own agent holds the loop for ~0.25 s in all, under its 0.6 s limit; ten of them together
    # take ~2.5 s of wall time, which must not be charged to each other
    limits = Limits(timeout_s=0.6)

    async def together() -> list:
        return await asyncio.gather(*(user(mock_domain, limits).converse(
            SlowButFair(mock_domain.agents["reference"](), 0.05)) for _ in range(conversations)))

    convs = asyncio.run(together())
    assert [c.termination for c in convs] == [Termination.USER_STOP] * conversations
    assert all(c.goal_achieved for c in convs)


def test_a_neighbour_that_blocks_does_not_cost_a_well_behaved_conversation(mock_domain) -> None:
    limits = Limits(timeout_s=0.4)

    async def together() -> list:
        return await asyncio.gather(
            user(mock_domain, limits).converse(BlocksThenWrites(0.8)),
            *(user(mock_domain, limits).converse(mock_domain.agents["reference"]()) for _ in range(3)))

    blocker, *others = asyncio.run(together())
    assert blocker.termination is Termination.TIMEOUT
    assert all(c.goal_achieved for c in others), [c.termination_detail for c in others]


def test_an_event_loop_clash_is_the_setups_problem_not_the_agents(mock_domain) -> None:
    from pytest_mmtau.errors import UsageError

    other = asyncio.new_event_loop()
    future = other.create_future()  # made on another loop, as a client built by a fixture on another loop is

    async def agent(request: AgentRequest) -> str:
        await future
        return "never"

    with pytest.raises(UsageError, match="built on another event loop"):
        user(mock_domain, Limits(timeout_s=2)).converse_sync(FunctionAgent(agent))
    other.close()


def test_a_test_opts_out_of_timeout_failures_with_its_trials_marker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import asyncio
        import pytest
        from pytest_mmtau import FunctionAgent

        async def slow(request):
            await asyncio.sleep(5)

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(1, timeout_fails={flag})
        async def test_support(simulated_user):
            conv = await simulated_user.converse(FunctionAgent(slow))
            assert conv.termination.value == "timeout"
            assert any("ran out of time" in p for p in conv.success_detail) == {flag}
    """.replace("{flag}", "False"))
    pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-timeout=0.2").assert_outcomes(passed=1)
