"""The LLM transport's two paths: straight over HTTP for OpenAI-compatible endpoints (the lean path), litellm for the
rest. Both must send the same requests and keep the same records: cassettes, usage and cost, retries, scrubbing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fake_openai import FakeOpenAI, Reply, chat_body, content_reply, error_reply
from test_agent_adapters import _as_completion, _as_request
from test_llm_user import brain, closed_port_url

from pytest_mmtau import LiteLLMAgent, record
from pytest_mmtau._llm_transport import acomplete_retrying, is_transient
from pytest_mmtau._openai_http import SWITCH, ChatResponse, takes
from pytest_mmtau.errors import InfrastructureError
from pytest_mmtau.models import Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

KEY = "sk-transport-not-real-97531"
MODEL = "openai/gpt-4o-mini"  # priced in litellm's bundled map: the cost must agree too
PATHS = ("lean", "litellm")


@pytest.fixture(params=PATHS)
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test once on each path."""
    choose(monkeypatch, request.param)
    return str(request.param)


def choose(monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    if path == "litellm":
        monkeypatch.setenv(SWITCH, "litellm")
    else:
        monkeypatch.delenv(SWITCH, raising=False)


def support_server(mock_domain: Any) -> FakeOpenAI:
    """One endpoint for both sides: the LLM user's turns (a cooperative customer) and the agent's (the mock
    domain's reference agent over the wire)."""
    reference = mock_domain.agents["reference"]()

    def script(body: dict[str, Any], n: int) -> Reply:
        if (body.get("response_format") or {}).get("json_schema", {}).get("name") == "simulated_user_turn":
            return brain(body, n)
        return _as_completion(asyncio.run(reference.respond(_as_request(body))))

    return FakeOpenAI(script)


def conversation(mock_domain: Any, base_url: str, cassette: Path | None, mode: str | None) -> tuple[Transcript, dict]:
    """One conversation of the LLM user with a LiteLLMAgent, recorded (or replayed) as the plugin does it."""
    recorder = record.ItemRecorder("tests/test_x.py::test_both", cassette, mode)
    scope = recorder.scope(0, 11)
    token = record._TRIAL.set(scope)
    try:
        user = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"),
                             persona=get_persona("easy"), seed=11, user_model=MODEL, user_api_base=base_url,
                             user_api_key=KEY)
        conv = user.converse_sync(LiteLLMAgent(MODEL, api_base=base_url, api_key=KEY, backoff_s=0.01))
    finally:
        record._TRIAL.reset(token)
        recorder.close()
    return conv, scope.usage.to_dict()


def said(conv: Transcript) -> list[tuple[Any, ...]]:
    return [(t.role, t.text, tuple(str(a) for a in t.acts), tuple((c.name, c.arguments) for c in t.tool_calls))
            for t in conv.turns]


def essentials(entry: dict[str, Any]) -> dict[str, Any]:
    """What a cassette entry says, whichever path wrote it (litellm adds null fields of its own)."""
    message = entry["response"]["choices"][0]["message"]
    calls = [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in message.get("tool_calls") or ()]
    return {**{k: entry[k] for k in ("trial", "seed", "key", "n", "request", "usage", "cost_usd")},
            "content": message.get("content"), "tool_calls": calls}


def test_the_same_conversation_on_both_paths_sends_and_records_the_same(mock_domain: Any, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    runs: dict[str, Any] = {}
    for path in PATHS:
        choose(monkeypatch, path)
        with support_server(mock_domain) as server:
            conv, usage = conversation(mock_domain, server.base_url, tmp_path / f"{path}.json", "all")
            runs[path] = (conv, usage, server.bodies, json.loads((tmp_path / f"{path}.json").read_text()))
    (lean, lean_usage, lean_sent, lean_tape), (full, full_usage, full_sent, full_tape) = runs["lean"], runs["litellm"]
    assert lean.goal_achieved and said(lean) == said(full)
    assert lean_sent == full_sent  # byte for byte the same request bodies
    assert any(b.get("tools") for b in lean_sent) and any(b.get("response_format") for b in lean_sent)
    assert lean_usage == full_usage and lean_usage["cost_usd"] > 0 and lean_usage["unpriced_calls"] == 0
    assert lean_usage["llm_calls"] == len(lean_sent)
    assert [essentials(e) for e in lean_tape["entries"]] == [essentials(e) for e in full_tape["entries"]]
    assert lean_tape["version"] == full_tape["version"] and KEY not in json.dumps(lean_tape)


def test_a_cassette_recorded_on_one_path_replays_on_the_other(mock_domain: Any, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    tapes = {}
    for path in PATHS:
        choose(monkeypatch, path)
        with support_server(mock_domain) as server:
            tapes[path] = (tmp_path / f"{path}.json", *conversation(mock_domain, server.base_url,
                                                                      tmp_path / f"{path}.json", "all"))
    for recorded_by, replayed_by in (("lean", "litellm"), ("litellm", "lean")):
        choose(monkeypatch, replayed_by)
        tape, live, live_usage = tapes[recorded_by]
        replayed, usage = conversation(mock_domain, closed_port_url(), tape, "none")  # nothing listens
        assert said(replayed) == said(live)
        assert usage["replayed_calls"] == usage["llm_calls"] == live_usage["llm_calls"]
        assert usage["cost_usd"] == live_usage["cost_usd"] and usage["live_cost_usd"] == 0


def test_transient_errors_are_retried_the_same_on_both_paths(path: str) -> None:
    script = lambda body, n: error_reply(429, "slow down") if n < 2 else content_reply("hi")  # noqa: E731
    with FakeOpenAI(script) as server:
        answer = asyncio.run(acomplete_retrying(who="test", backoff_s=0.01, model=MODEL, api_base=server.base_url,
                                                api_key=KEY, messages=[{"role": "user", "content": "x"}]))
    assert answer.choices[0].message.content == "hi" and len(server.requests) == 3


@pytest.mark.parametrize(("status", "kind", "calls"), [(500, "InternalServerError", 3), (503, "ServiceUnavailable", 3),
                                                       (401, "AuthenticationError", 1), (400, "BadRequestError", 1)])
def test_failures_are_infrastructure_errors_named_alike_and_scrubbed(path: str, status: int, kind: str,
                                                                     calls: int) -> None:
    with FakeOpenAI(lambda body, n: error_reply(status, f"no, {KEY}")) as server:
        with pytest.raises(InfrastructureError, match=kind) as caught:
            asyncio.run(acomplete_retrying(who="test", attempts=3, backoff_s=0.01, model=MODEL,
                                           api_base=server.base_url, api_key=KEY,
                                           messages=[{"role": "user", "content": "x"}]))
    assert len(server.requests) == calls and f"after {calls} attempt" in str(caught.value)
    assert KEY not in str(caught.value)


def test_timeouts_and_refused_connections_are_transient_on_both_paths(path: str) -> None:
    late = Reply(body=chat_body("late"), delay_s=1.0)
    with FakeOpenAI(lambda body, n: late) as server:
        with pytest.raises(InfrastructureError, match="Timeout"):
            asyncio.run(acomplete_retrying(who="test", attempts=2, backoff_s=0.01, model=MODEL, timeout=0.2,
                                           api_base=server.base_url, api_key=KEY, messages=[{"role": "user", "content": "x"}]))
    assert len(server.requests) == 2
    with pytest.raises(InfrastructureError, match="after 2 attempts"):
        asyncio.run(acomplete_retrying(who="test", attempts=2, backoff_s=0.01, model=MODEL, timeout=5,
                                       api_base=closed_port_url(), api_key=KEY, messages=[{"role": "user", "content": "x"}]))


def test_which_calls_take_the_lean_path(monkeypatch: pytest.MonkeyPatch) -> None:
    call = {"model": "openai/local-llama", "api_base": "http://127.0.0.1:8000/v1", "messages": [],
            "temperature": 0.0, "response_format": {"type": "json_object"}, "timeout": 5, "max_retries": 0}
    monkeypatch.delenv(SWITCH, raising=False)
    assert takes(call)
    assert not takes({**call, "api_base": None})  # OpenAI itself: litellm maps its models' parameters
    assert not takes({**call, "model": "anthropic/claude-3-5-haiku"})
    assert not takes({**call, "response_format": dict})  # a pydantic class: litellm builds the schema
    assert not takes({**call, "num_retries": 2})  # anything else litellm understands: litellm
    monkeypatch.setenv(SWITCH, "litellm")
    assert not takes(call)


def test_a_lean_answer_reads_like_litellms() -> None:
    body = chat_body("hello", prompt_tokens=3, completion_tokens=2)
    body["choices"][0]["message"]["tool_calls"] = [{"id": "c1", "type": "function",
                                                    "function": {"name": "f", "arguments": "{}"}}]
    answer = ChatResponse(body)
    message = answer.choices[0].message
    assert message.content == "hello" and message["content"] == "hello" and message.get("role") == "assistant"
    assert message.tool_calls[0]["function"]["name"] == "f" and message.refusal is None
    assert answer.usage.prompt_tokens == 3 and answer.usage.completion_tokens == 2
    copy = answer.model_dump()
    copy["model"] = "changed"
    assert answer.model == "fake-judge" and copy == {**body, "model": "changed"}
    assert ChatResponse({"choices": []}).usage is None


def test_is_transient_reads_both_paths_errors() -> None:
    from pytest_mmtau import _openai_http as lean
    from pytest_mmtau._llm_transport import litellm_module

    litellm = litellm_module()
    assert is_transient(lean.RateLimitError("x")) and is_transient(lean.Timeout("x"))
    assert not is_transient(lean.AuthenticationError("x")) and not is_transient(ValueError("x"))
    assert is_transient(asyncio.TimeoutError())
    assert is_transient(litellm.RateLimitError("x", llm_provider="openai", model="m"))
    assert not is_transient(litellm.AuthenticationError("x", llm_provider="openai", model="m"))
