"""The live agent adapters against the fake OpenAI-compatible server: LiteLLMAgent and OpenAICompatibleAgent.

No network and no real key: every call goes to ``tests/fake_openai.py`` on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import pytest
from fake_openai import FakeOpenAI, Reply, chat_body, content_reply, error_reply

from pytest_mmtau.agents import AgentOutputError, AgentReply, AgentRequest, Message
from pytest_mmtau.errors import InfrastructureError
from pytest_mmtau.models import Termination, ToolCall
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

KEY = "sk-adapter-not-real-98765"
TOOLS = ({"type": "function", "function": {"name": "get_account", "description": "look up an account",
                                           "parameters": {"type": "object",
                                                          "properties": {"account_id": {"type": "string"}}}}},)
REQUEST = AgentRequest(messages=(Message(role="user", content="Where is my account A100?"),), tools=TOOLS,
                       policy="You are a support agent. Follow the policy.", persona_hint="The user is in a hurry.")


def tool_call_reply(name: str, arguments: str, call_id: str = "call_1") -> Reply:
    body = chat_body(None, finish_reason="tool_calls")
    body["choices"][0]["message"]["tool_calls"] = [{"id": call_id, "type": "function",
                                                    "function": {"name": name, "arguments": arguments}}]
    return Reply(body=body)


def litellm_agent(server: FakeOpenAI, **options: Any) -> Any:
    from pytest_mmtau import LiteLLMAgent

    return LiteLLMAgent("openai/fake-agent", api_base=server.base_url, api_key=KEY, backoff_s=0.01, **options)


def http_agent(base_url: str, **options: Any) -> Any:
    from pytest_mmtau import OpenAICompatibleAgent

    return OpenAICompatibleAgent(base_url, api_key=KEY, backoff_s=0.01, **options)


def closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"  # nothing listens there any more: connection refused


# --------------------------------------------------------------------------------------------- LiteLLMAgent


def test_litellm_agent_tool_call_then_text() -> None:
    def script(req: dict, n: int) -> Reply:
        return tool_call_reply("get_account", json.dumps({"account_id": "A100"})) if n == 0 else content_reply("Done.")

    with FakeOpenAI(script) as server:
        agent = litellm_agent(server)
        first = asyncio.run(agent.respond(REQUEST))
        follow = AgentRequest(messages=(*REQUEST.messages,
                                        Message(role="assistant", tool_calls=(ToolCall(id="call_1", name="get_account",
                                                                                       arguments={"account_id": "A100"}),)),
                                        Message(role="tool", content='{"status": "active"}', tool_call_id="call_1")),
                              tools=TOOLS, policy=REQUEST.policy)
        second = asyncio.run(agent.respond(follow))
    assert first.text == "" and [(c.name, c.arguments, c.id) for c in first.tool_calls] == [
        ("get_account", {"account_id": "A100"}, "call_1")]
    assert second == AgentReply(text="Done.")
    body = server.bodies[0]
    assert body["model"] == "fake-agent" and body["tools"] == list(TOOLS) and body["temperature"] == 0.0
    assert body["messages"][0]["role"] == "system"
    assert body["messages"][0]["content"].startswith("You are a support agent.")
    assert "in a hurry" in body["messages"][0]["content"]
    assert body["messages"][1:] == [{"role": "user", "content": "Where is my account A100?"}]
    assert [m["role"] for m in server.bodies[1]["messages"]] == ["system", "user", "assistant", "tool"]
    assert KEY not in json.dumps(server.bodies)
    assert {k.lower(): v for k, v in server.requests[0]["headers"].items()}["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("arguments", ['{"account_id": "A1', '["A100"]'])
def test_litellm_agent_malformed_tool_arguments_are_an_agent_failure(arguments: str) -> None:
    with FakeOpenAI(lambda req, n: tool_call_reply("get_account", arguments)) as server:
        with pytest.raises(AgentOutputError, match="get_account"):
            asyncio.run(litellm_agent(server).respond(REQUEST))


def test_litellm_agent_retries_a_rate_limit() -> None:
    with FakeOpenAI(lambda req, n: error_reply(429, "slow down") if n == 0 else content_reply("Hi")) as server:
        reply = asyncio.run(litellm_agent(server).respond(REQUEST))
    assert reply.text == "Hi" and len(server.requests) == 2


def test_litellm_agent_gives_up_as_infrastructure_without_leaking_the_key() -> None:
    with FakeOpenAI(lambda req, n: error_reply(503, f"overloaded for key {KEY}")) as server:
        with pytest.raises(InfrastructureError) as caught:
            asyncio.run(litellm_agent(server, max_attempts=2).respond(REQUEST))
    assert len(server.requests) == 2
    assert "fake-agent" in str(caught.value) and KEY not in str(caught.value)


def test_litellm_agent_authentication_error_is_infrastructure_at_once_and_scrubbed() -> None:
    with FakeOpenAI(lambda req, n: error_reply(401, f"bad key {KEY}")) as server:
        with pytest.raises(InfrastructureError) as caught:
            asyncio.run(litellm_agent(server).respond(REQUEST))
    assert len(server.requests) == 1 and KEY not in str(caught.value)


def test_litellm_agent_connection_refused_is_infrastructure() -> None:
    from pytest_mmtau import LiteLLMAgent

    agent = LiteLLMAgent("openai/fake-agent", api_base=closed_port_url(), api_key=KEY, max_attempts=2, backoff_s=0.01,
                         timeout_s=5)
    with pytest.raises(InfrastructureError) as caught:
        asyncio.run(agent.respond(REQUEST))
    assert "after 2 attempts" in str(caught.value) and KEY not in str(caught.value)
    assert KEY not in repr(agent)


def _as_request(body: dict[str, Any]) -> AgentRequest:
    """The chat-completions body turned back into the AgentRequest the mock domain's reference agent reads."""
    messages = []
    for m in body["messages"][1:]:
        calls = tuple(ToolCall(id=c["id"], name=c["function"]["name"], arguments=json.loads(c["function"]["arguments"]))
                      for c in m.get("tool_calls") or ())
        messages.append(Message(role=m["role"], content=m.get("content") or "", tool_calls=calls,
                                tool_call_id=m.get("tool_call_id")))
    return AgentRequest(messages=tuple(messages), tools=tuple(body.get("tools", ())),
                        policy=body["messages"][0]["content"])


def _as_completion(reply: AgentReply) -> Reply:
    body = chat_body(reply.text or None, finish_reason="tool_calls" if reply.tool_calls else "stop")
    if reply.tool_calls:
        body["choices"][0]["message"]["tool_calls"] = [
            {"id": c.id or f"call_{i}", "type": "function",
             "function": {"name": c.name, "arguments": json.dumps(c.arguments)}} for i, c in enumerate(reply.tool_calls)]
    return Reply(body=body)


def brain_server(mock_domain: Any) -> FakeOpenAI:
    """A fake LLM whose answers are the mock domain's reference agent's, over the wire."""
    reference = mock_domain.agents["reference"]()
    return FakeOpenAI(lambda req, n: _as_completion(asyncio.run(reference.respond(_as_request(req)))))


@pytest.mark.parametrize("adapter", ["litellm", "http"])
def test_a_full_conversation_with_the_scripted_user(mock_domain: Any, adapter: str) -> None:
    with brain_server(mock_domain) as server:
        agent = litellm_agent(server) if adapter == "litellm" else http_agent(server.base_url)
        user = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"),
                             persona=get_persona("easy"), seed=1)
        conv = user.converse_sync(agent)
    assert conv.termination is Termination.USER_STOP, conv.termination_detail
    assert conv.goal_achieved, conv.success_detail
    assert [c.name for t in conv.turns for c in t.tool_calls] == ["get_account", "cancel_subscription"]
    assert server.bodies[0]["messages"][0]["content"] == mock_domain.policy.strip()
    assert {t["function"]["name"] for t in server.bodies[0]["tools"]} >= {"get_account", "cancel_subscription"}


def test_malformed_arguments_end_the_conversation_as_an_agent_error(mock_domain: Any) -> None:
    with FakeOpenAI(lambda req, n: tool_call_reply("get_account", "{not json")) as server:
        user = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"),
                             persona=get_persona("easy"), seed=1)
        conv = user.converse_sync(litellm_agent(server))
    assert conv.termination is Termination.AGENT_ERROR
    assert "not valid JSON" in conv.termination_detail


# --------------------------------------------------------------------------------------------- OpenAICompatibleAgent


def test_http_agent_tool_call_then_text_with_headers() -> None:
    def script(req: dict, n: int) -> Reply:
        return tool_call_reply("get_account", '{"account_id": "A100"}') if n == 0 else content_reply("All set.")

    with FakeOpenAI(script) as server:
        agent = http_agent(server.base_url, model="my-agent", headers={"X-Tenant": "acme"})
        first = asyncio.run(agent.respond(REQUEST))
        second = asyncio.run(agent.respond(REQUEST))
    assert first.tool_calls[0].arguments == {"account_id": "A100"} and second.text == "All set."
    body, headers = server.bodies[0], {k.lower(): v for k, v in server.requests[0]["headers"].items()}
    assert body["model"] == "my-agent" and body["tools"] == list(TOOLS)
    assert body["messages"][0]["role"] == "system" and "in a hurry" in body["messages"][0]["content"]
    assert headers["x-tenant"] == "acme" and headers["authorization"] == f"Bearer {KEY}"
    assert server.requests[0]["path"] == "/v1/chat/completions"


def test_http_agent_reports_hosted_tool_calls() -> None:
    def script(req: dict, n: int) -> Reply:
        body = chat_body("Refunded.")
        body["choices"][0]["message"]["hosted_tool_calls"] = [
            {"name": "refund", "arguments": {"order": "O1"}, "result": {"ok": True}, "irreversible": True}]
        return Reply(body=body)

    with FakeOpenAI(script) as server:
        reply = asyncio.run(http_agent(server.base_url).respond(REQUEST))
    assert reply.text == "Refunded." and reply.hosted_tool_calls[0].name == "refund"
    assert reply.hosted_tool_calls[0].irreversible and reply.hosted_tool_calls[0].hosted == "agent"


@pytest.mark.parametrize("status", [429, 503])
def test_http_agent_retries_overload_then_succeeds(status: int) -> None:
    with FakeOpenAI(lambda req, n: error_reply(status) if n < 2 else content_reply("Hi")) as server:
        reply = asyncio.run(http_agent(server.base_url).respond(REQUEST))
    assert reply.text == "Hi" and len(server.requests) == 3


# Endpoint faults are the infrastructure's for every adapter alike (docs/agents.md, "Whose fault is a failed call"): retried, then an
# InfrastructureError whose message has no key. Only a well-formed answer that breaks the protocol is the agent's.
FAULTS = {
    "500": lambda req, n: error_reply(500, f"boom {KEY}"),
    "502": lambda req, n: error_reply(502, f"boom {KEY}"),
    "400": lambda req, n: error_reply(400, f"boom {KEY}"),
    "401": lambda req, n: error_reply(401, f"who are you {KEY}"),
    "truncated body": lambda req, n: Reply(body=b'{"choices": [{"message": {"content": "Hel'),
    "html body": lambda req, n: Reply(body=b"<html>oops</html>"),
    "read timeout": lambda req, n: Reply(body=chat_body("late"), delay_s=1.0),
}


@pytest.mark.parametrize("adapter", ["http", "litellm"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_endpoint_faults_are_infrastructure_for_every_adapter(adapter: str, fault: str) -> None:
    with FakeOpenAI(FAULTS[fault]) as server:
        agent = http_agent(server.base_url, timeout_s=0.3, max_attempts=2) if adapter == "http" else \
            litellm_agent(server, timeout_s=0.3, max_attempts=2)
        with pytest.raises(InfrastructureError) as caught:
            asyncio.run(agent.respond(REQUEST))
    assert KEY not in str(caught.value)


def test_an_unreachable_endpoint_is_infrastructure_after_the_retries() -> None:
    with pytest.raises(InfrastructureError, match="after 2 attempts") as caught:
        asyncio.run(http_agent(closed_port_url(), max_attempts=2).respond(REQUEST))
    assert "ClientConnectorError" in str(caught.value) and KEY not in str(caught.value)


def test_a_well_formed_answer_that_breaks_the_protocol_is_the_agents_fault() -> None:
    with FakeOpenAI(lambda req, n: tool_call_reply("get_account", "{broken")) as server:
        with pytest.raises(AgentOutputError, match="not valid JSON"):
            asyncio.run(http_agent(server.base_url).respond(REQUEST))
    with FakeOpenAI(lambda req, n: Reply(body={"choices": [{"message": "just a string"}]})) as server:
        with pytest.raises(AgentOutputError, match="not an object"):
            asyncio.run(http_agent(server.base_url).respond(REQUEST))


def test_http_agent_honours_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    import pytest_mmtau._retry as retry

    waits: list[float] = []
    real = retry.with_retries

    async def recording(call, **kwargs):
        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        return await real(call, **{**kwargs, "sleep": sleep})

    monkeypatch.setattr(retry, "with_retries", recording)
    script = lambda req, n: Reply(status=429, body={"error": {"message": "slow down"}},  # noqa: E731
                                  headers={"Retry-After": "2"}) if n == 0 else content_reply("Hi")
    with FakeOpenAI(script) as server:
        reply = asyncio.run(http_agent(server.base_url).respond(REQUEST))
    assert reply.text == "Hi" and len(waits) == 1 and 2.0 <= waits[0] <= 2.5


def counting_sessions(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every aiohttp session made from now on."""
    import aiohttp

    made: list[Any] = []
    original = aiohttp.ClientSession

    class Counting(original):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(aiohttp, "ClientSession", Counting)
    return made


def test_http_agent_reuses_one_session_per_loop_and_closes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mmtau._loop_resources import close_running_loop_resources

    made = counting_sessions(monkeypatch)

    async def three_turns(agent: Any) -> None:
        for _ in range(3):
            await agent.respond(REQUEST)
        await close_running_loop_resources()

    with FakeOpenAI(lambda req, n: content_reply("Hi")) as server:
        agent = http_agent(server.base_url)
        asyncio.run(three_turns(agent))
        assert len(made) == 1 and made[0].closed
        # a loop the harness does not close itself (asyncio.run, as converse_sync uses) closes it at shutdown
        asyncio.run(agent.respond(REQUEST))
    assert len(made) == 2 and made[1].closed and len(server.requests) == 4


def test_a_missing_aiohttp_is_a_usage_error_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from pytest_mmtau.errors import UsageError

    monkeypatch.setitem(sys.modules, "aiohttp", None)
    with pytest.raises(UsageError, match=r'pip install "pytest-mmtau\[http\]"'):
        http_agent("http://127.0.0.1:9/v1")


def test_adapters_are_exported_lazily() -> None:
    import pytest_mmtau
    import pytest_mmtau.agents as agents

    assert pytest_mmtau.LiteLLMAgent is agents.LiteLLMAgent
    assert pytest_mmtau.OpenAICompatibleAgent is agents.OpenAICompatibleAgent
    assert {"LiteLLMAgent", "OpenAICompatibleAgent"} <= set(pytest_mmtau.__all__)
