"""The agent bridge: framework-hosted tools through ``request.call_tool``, tool specs with their flags, a turn's
text and tool calls both recorded, and a transcript that is a true record of each moment."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading

import pytest

from pytest_mmtau import FunctionAgent, ias
from pytest_mmtau.agents import AgentReply, AgentRequest, Message, ToolCallError
from pytest_mmtau.errors import UsageError
from pytest_mmtau.models import Termination
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser


def talk(domain, task_id: str, agent, persona: str = "none"):
    user = SimulatedUser(domain=domain, task=domain.task(task_id), persona=get_persona(persona))
    return user.converse_sync(agent)


class FrameworkHosted:
    """An agent whose framework runs the tools itself, as LangGraph or pydantic-ai do: it decides with the
    domain's reference agent on its own copy of the history and runs each tool through ``call_tool``."""

    def __init__(self, inner, *, sync_tools: bool = False) -> None:
        self.inner, self.sync_tools = inner, sync_tools

    async def respond(self, request: AgentRequest) -> AgentReply:
        history = list(request.messages)
        for _ in range(10):
            reply = await self.inner.respond(dataclasses.replace(request, messages=tuple(history)))
            if not reply.tool_calls:
                return AgentReply(text=reply.text)
            for step in reply.tool_calls:
                try:
                    if self.sync_tools:  # a framework running sync tools in a worker thread
                        result = await asyncio.to_thread(request.call_tool_sync, step.name, **step.arguments)
                    else:
                        result = await request.call_tool(step.name, **step.arguments)
                    content = json.dumps(result)
                except ToolCallError as exc:
                    content = json.dumps({"error": str(exc)})
                from pytest_mmtau.models import ToolCall

                call = ToolCall(id=f"fw{len(history)}", name=step.name, arguments=step.arguments)
                history += [Message(role="assistant", tool_calls=(call,)),
                            Message(role="tool", tool_call_id=call.id, content=content)]
        raise AssertionError("no answer")


@pytest.mark.parametrize("sync_tools", [False, True])
def test_framework_hosted_tools_act_on_the_domain_state_and_are_recorded(mock_domain, sync_tools: bool) -> None:
    conv = talk(mock_domain, "cancel_subscription", FrameworkHosted(mock_domain.agents["reference"](),
                                                                     sync_tools=sync_tools))
    assert conv.goal_achieved, conv.success_detail
    cancel = [c for c in conv.tool_calls if c.name == "cancel_subscription"]
    assert len(cancel) == 1 and cancel[0].irreversible and cancel[0].critical == ("account_id",)
    assert cancel[0].side == "agent" and cancel[0].error is None
    assert float(ias(conv)) == 1.0


def test_a_flawed_framework_agent_is_caught_through_its_hosted_tools(mock_domain) -> None:
    conv = talk(mock_domain, "cancel_subscription", FrameworkHosted(mock_domain.agents["skips_confirmation"]()))
    assert float(ias(conv)) == 0.0


def test_tool_specs_carry_the_flags_and_tools_stay_plain_openai(mock_domain) -> None:
    seen: list[AgentRequest] = []

    def agent(request: AgentRequest) -> str:
        seen.append(request)
        return "Goodbye."

    talk(mock_domain, "cancel_subscription", FunctionAgent(agent))
    request = seen[0]
    specs = {s.name: s for s in request.tool_specs}
    assert specs["cancel_subscription"].irreversible and specs["change_plan"].critical == ("account_id", "plan")
    assert not specs["get_account"].irreversible
    assert [t["function"]["name"] for t in request.tools] == list(specs)
    assert all(set(t) == {"type", "function"} for t in request.tools)
    assert request.conversation_id and all(r.conversation_id == request.conversation_id for r in seen)
    other: list[AgentRequest] = []
    talk(mock_domain, "cancel_subscription", FunctionAgent(lambda r: other.append(r) or "Bye."))
    assert other[0].conversation_id != request.conversation_id


def test_a_failing_hosted_call_raises_tool_call_error_and_is_recorded(mock_domain) -> None:
    errors: list[str] = []

    async def agent(request: AgentRequest) -> str:
        if not errors:
            try:
                await request.call_tool("get_account", account_id="NOPE")
            except ToolCallError as exc:
                errors.append(str(exc))
        return "Which account do you mean?"

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(agent))
    assert errors == ["no account 'NOPE'"]
    failed = conv.tool_calls[0]
    assert failed.name == "get_account" and failed.error == "no account 'NOPE'"


def test_call_tool_outside_a_conversation_is_a_usage_error() -> None:
    request = AgentRequest(messages=(Message(role="user", content="hi"),))
    with pytest.raises(UsageError, match="not part of a running conversation"):
        request.call_tool_sync("get_account", account_id="A100")


def test_a_call_after_the_turn_ended_runs_nothing(mock_domain) -> None:
    kept: list[AgentRequest] = []

    def agent(request: AgentRequest) -> str:
        kept.append(request)
        return "Goodbye."

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(agent))
    with pytest.raises(RuntimeError, match="after the agent's turn ended"):
        kept[0].call_tool_sync("cancel_subscription", account_id="A100")
    assert not any(c.name == "cancel_subscription" for c in conv.tool_calls)


def test_a_hosted_transfer_ends_the_conversation(mock_domain) -> None:
    async def agent(request: AgentRequest) -> str:
        await request.call_tool("transfer_to_human", summary="customer wants a person")
        return "I'm handing you over to a colleague now."

    conv = talk(mock_domain, "locked_account_escalation", FunctionAgent(agent))
    assert conv.termination is Termination.AGENT_TRANSFER
    assert conv.turns[-1].text == "I'm handing you over to a colleague now."


def test_text_sent_with_tool_calls_is_recorded_with_the_turn(mock_domain) -> None:
    def agent(request: AgentRequest) -> AgentReply:
        if request.messages[-1].role == "user":
            return AgentReply.calling("get_account", account_id="A100").__class__(
                text="Let me pull up your account.", tool_calls=AgentReply.calling("get_account",
                                                                                    account_id="A100").tool_calls)
        return AgentReply(text="I found it. Anything else?")

    conv = talk(mock_domain, "balance_inquiry", FunctionAgent(agent))
    first = conv.agent_turns[0]
    assert first.text == "Let me pull up your account.\n\nI found it. Anything else?"
    assert first.heard == first.text
    assert [c.name for c in first.tool_calls] == ["get_account"]


def test_a_recorded_read_is_not_rewritten_by_a_later_write(mock_domain) -> None:
    def agent(request: AgentRequest) -> AgentReply | str:
        done = [m for m in request.messages if m.role == "tool"]
        if len(done) == 0:
            return AgentReply.calling("get_account", account_id="A100")
        if len(done) == 1:
            return AgentReply.calling("cancel_subscription", account_id="A100")
        return "Your subscription is cancelled."

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(agent))
    read = next(c for c in conv.tool_calls if c.name == "get_account")
    assert read.result["status"] == "active"
    assert conv.final_state["accounts"]["A100"]["status"] == "cancelled"


def test_results_handed_to_the_agent_are_copies(mock_domain) -> None:
    async def agent(request: AgentRequest) -> str:
        account = await request.call_tool("get_account", account_id="A100")
        account["status"] = "hacked"  # the agent scribbling on what it got must not reach the state or the record
        return "Goodbye."

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(agent))
    assert conv.tool_calls[0].result["status"] == "active"
    assert conv.final_state["accounts"]["A100"]["status"] == "active"


def test_call_tool_sync_is_safe_from_many_threads(mock_domain) -> None:
    async def agent(request: AgentRequest) -> str:
        if len(request.messages) == 1:
            threads = [threading.Thread(target=request.call_tool_sync, args=("get_account",),
                                        kwargs={"account_id": "A100"}) for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        return "Goodbye."

    conv = talk(mock_domain, "cancel_subscription", FunctionAgent(agent))
    calls = conv.agent_turns[0].tool_calls
    assert len(calls) == 8 and len({c.id for c in calls}) == 8


LIVE_TOOLS = '''
from typing import Any
from pytest_mmtau.domain import tool


@tool(critical=("order_id",))
def get_order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    """The order itself, as many real backends hand it out: a live reference into the data."""
    return state["orders"][order_id]


@tool(irreversible=True, critical=("order_id", "payment"))
def set_payment(state: dict[str, Any], order_id: str, payment: str) -> dict[str, Any]:
    """Change the payment method."""
    state["orders"][order_id]["payment"] = payment
    return state["orders"][order_id]
'''


@pytest.fixture
def live_domain(tmp_path):
    from pytest_mmtau.domain import load_domain_folder

    folder = tmp_path / "shop"
    folder.mkdir()
    (folder / "policy.md").write_text("Change payment methods on request.\n")
    (folder / "tools.py").write_text(LIVE_TOOLS)
    (folder / "db.json").write_text(json.dumps({"orders": {"O1": {"payment": "card"}}}))
    (folder / "tasks.json").write_text(json.dumps([{
        "id": "pay_by_gift_card", "description": "Pay order O1 by gift card.",
        "goal": {"intent": "set_payment", "request": "I want to pay order O1 by gift card.",
                 "facts": [{"key": "order_id", "value": "O1"}, {"key": "payment", "value": "gift card"}]},
        "reference": [{"tool": "set_payment", "arguments": {"order_id": "O1", "payment": "gift card"}}],
        "success": {"state": [{"path": "orders.O1.payment", "equals": "gift card"}]},
        "optimal_turns": 1}]))
    return load_domain_folder(folder)


@pytest.mark.parametrize("hosted", [False, True])
def test_a_read_of_live_data_is_not_rewritten_by_a_later_write(live_domain, hosted: bool) -> None:
    async def agent(request: AgentRequest) -> AgentReply | str:
        done = [m for m in request.messages if m.role == "tool"]
        if hosted:
            await request.call_tool("get_order", order_id="O1")
            await request.call_tool("set_payment", order_id="O1", payment="gift card")
            return "Done: order O1 is now paid by gift card."
        if not done:
            return AgentReply.calling("get_order", order_id="O1")
        if len(done) == 1:
            return AgentReply.calling("set_payment", order_id="O1", payment="gift card")
        return "Done: order O1 is now paid by gift card."

    conv = talk(live_domain, "pay_by_gift_card", FunctionAgent(agent))
    read = next(c for c in conv.tool_calls if c.name == "get_order")
    assert read.result == {"payment": "card"}  # what the read returned at the time
    assert conv.final_state["orders"]["O1"]["payment"] == "gift card"
