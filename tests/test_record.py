"""Record/replay of LLM calls, per-trial tokens and cost, and the cost budget, through the real plugin.

A LiteLLMAgent whose answers come from the fake server (the mock domain's reference agent over the wire) talks to
the scripted user; cassettes are then replayed with the server stopped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fake_openai import FakeOpenAI, json_reply
from test_agent_adapters import brain_server

from pytest_mmtau.record import canonical_request, cassette_path, request_hash

KEY = "sk-record-not-real-24680"
TEST_FILE = """
import os

import pytest

from pytest_mmtau import LiteLLMAgent


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona("easy")
async def test_live(simulated_user):
    agent = LiteLLMAgent(os.environ["MMTAU_T_MODEL"], api_base=os.environ["MMTAU_T_BASE"],
                         api_key=os.environ["MMTAU_T_API_KEY"], max_attempts=1)
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
"""



@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.setenv("MMTAU_T_MODEL", "openai/fake-agent")
    monkeypatch.setenv("MMTAU_T_API_KEY", KEY)
    monkeypatch.setenv("MMTAU_T_BASE", "http://127.0.0.1:9/v1")  # nothing listens: a live call would fail
    pytester.makepyfile(test_suite=TEST_FILE)
    return pytester


def run(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, server: FakeOpenAI | None,
        *args: str) -> pytest.RunResult:
    if server is not None:
        monkeypatch.setenv("MMTAU_T_BASE", server.base_url)
    return suite.runpytest("-p", "no:cacheprovider", "--mmtau-report=r.json", *args)


def cassette(suite: pytest.Pytester) -> Path:
    return suite.path / "cassettes" / "test_suite" / "test_live-cancel_subscription-easy-text.json"


def entries(suite: pytest.Pytester) -> list[dict[str, Any]]:
    files = list((suite.path / "cassettes").rglob("*.json"))
    assert len(files) == 1, files
    return json.loads(files[0].read_text())["entries"]


def trials(suite: pytest.Pytester) -> list[dict[str, Any]]:
    return json.loads((suite.path / "r.json").read_text())["trials"]


def test_round_trip_replays_with_the_server_stopped(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                    mock_domain: Any) -> None:
    with brain_server(mock_domain) as server:
        recorded = run(suite, monkeypatch, server, "--mmtau-record=once", "--mmtau-trials=2")
        calls = len(server.requests)
    recorded.assert_outcomes(passed=1)
    assert calls >= 4
    stored = entries(suite)
    assert len(stored) == calls and {e["trial"] for e in stored} == {0, 1}
    assert all(t["usage"]["llm_calls"] == t["usage"]["prompt_tokens"] / 11 for t in trials(suite))
    assert all(t["usage"]["replayed_calls"] == 0 for t in trials(suite))
    before = (suite.path / "cassettes").rglob("*.json").__next__().read_text()
    # the server is gone: every call must come from the cassette, in both `none` and `once` modes
    for mode in ("none", "once"):
        replayed = run(suite, monkeypatch, None, f"--mmtau-record={mode}", "--mmtau-trials=2")
        replayed.assert_outcomes(passed=1)
        usage = [t["usage"] for t in trials(suite)]
        assert sum(u["replayed_calls"] for u in usage) == calls
        assert all(u["replayed_calls"] == u["llm_calls"] and u["live_cost_usd"] is None for u in usage)
    assert next((suite.path / "cassettes").rglob("*.json")).read_text() == before  # replay never rewrites


def test_a_miss_in_none_mode_fails_naming_the_request(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(suite, monkeypatch, None, "--mmtau-record=none")
    assert result.ret != 0
    text = result.stdout.str()
    assert "no recorded answer" in text and "'openai/fake-agent'" in text and "first user message" in text
    assert "--mmtau-record=new" in text
    assert [t["retries"] for t in trials(suite)] == [0]  # a retry cannot find it either: no waiting
    assert not (suite.path / "cassettes").exists() or not list((suite.path / "cassettes").rglob("*.json"))


def test_new_appends_and_all_overwrites(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                        mock_domain: Any) -> None:
    with brain_server(mock_domain) as server:
        run(suite, monkeypatch, server, "--mmtau-record=new", "--mmtau-trials=1").assert_outcomes(passed=1)
        one_trial = len(server.requests)
        assert {e["trial"] for e in entries(suite)} == {0}
        first = entries(suite)
        run(suite, monkeypatch, server, "--mmtau-record=new", "--mmtau-trials=2").assert_outcomes(passed=1)
        two_trials = len(server.requests)
        stored = entries(suite)
        assert {e["trial"] for e in stored} == {0, 1} and len(stored) == two_trials
        assert [e for e in stored if e["trial"] == 0] == first  # trial 0 was replayed, kept as it was
        assert two_trials - one_trial == sum(e["trial"] == 1 for e in stored)  # only trial 1 was called
        usage = {t["trial"]: t["usage"] for t in trials(suite)}
        assert usage[0]["replayed_calls"] == usage[0]["llm_calls"] and usage[1]["replayed_calls"] == 0
        run(suite, monkeypatch, server, "--mmtau-record=all", "--mmtau-trials=1").assert_outcomes(passed=1)
        assert len(server.requests) == two_trials + one_trial  # every call live again
    assert {e["trial"] for e in entries(suite)} == {0}  # the file was rewritten from scratch


def test_cassettes_hold_no_secrets(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, mock_domain: Any) -> None:
    reference = brain_server(mock_domain)
    answer = reference.script

    def leaky(request: dict, n: int) -> Any:
        reply = answer(request, n)
        reply.body["id"] = f"chatcmpl-{KEY}"  # a provider echoing the key somewhere in its answer
        return reply

    reference.script = leaky
    with reference as server:
        run(suite, monkeypatch, server, "--mmtau-record=all", "--mmtau-cassette-dir=tapes").assert_outcomes(passed=1)
    text = next((suite.path / "tapes").rglob("*.json")).read_text()
    assert KEY not in text and "[REDACTED]" in text
    assert "authorization" not in text.lower() and "api_key" not in text and "127.0.0.1" not in text
    assert "record" not in (suite.path / "r.json").read_text() or KEY not in (suite.path / "r.json").read_text()


def test_tokens_and_cost_per_trial_in_the_report(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                 mock_domain: Any) -> None:
    monkeypatch.setenv("MMTAU_T_MODEL", "openai/gpt-4o-mini")  # priced in litellm's bundled map
    with brain_server(mock_domain) as server:
        run(suite, monkeypatch, server, "--mmtau-trials=2").assert_outcomes(passed=1)
    assert not (suite.path / "cassettes").exists()  # recording is off by default
    for trial in trials(suite):
        usage = trial["usage"]
        assert usage["llm_calls"] >= 2 and usage["prompt_tokens"] == 11 * usage["llm_calls"]
        assert usage["completion_tokens"] == 7 * usage["llm_calls"]
        assert usage["cost_usd"] == pytest.approx(usage["llm_calls"] * (11 * 1.5e-7 + 7 * 6e-7))
        assert usage["live_cost_usd"] == usage["cost_usd"] and usage["unpriced_calls"] == 0


def test_unpriced_models_have_unknown_cost(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                           mock_domain: Any) -> None:
    with brain_server(mock_domain) as server:
        run(suite, monkeypatch, server).assert_outcomes(passed=1)
    usage = trials(suite)[0]["usage"]
    assert usage["cost_usd"] is None and usage["unpriced_calls"] == usage["llm_calls"] > 0


def test_max_cost_stops_the_run_cleanly(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                        mock_domain: Any) -> None:
    monkeypatch.setenv("MMTAU_T_MODEL", "openai/gpt-4o-mini")
    suite.makepyfile(test_suite=TEST_FILE + TEST_FILE.split("import LiteLLMAgent", 1)[1].replace("test_live",
                                                                                                 "test_again"))
    with brain_server(mock_domain) as server:
        result = run(suite, monkeypatch, server, "--mmtau-max-cost=0.000001")
    result.assert_outcomes(passed=1)
    assert "more than --mmtau-max-cost $1e-06" in result.stdout.str()
    report = json.loads((suite.path / "r.json").read_text())
    assert len(report["trials"]) == 1  # the report is complete for what ran


def test_the_llm_judge_is_recorded_and_replayed(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    def labels(request: dict, n: int) -> Any:
        return json_reply({"evidence": "asks", "confirmation_request": True, "confirms_tool": "cancel_subscription",
                           "clarification": False, "escalation": False, "refusal": False, "information": False})

    monkeypatch.setenv("MMTAU_JUDGE_API_KEY", KEY)
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.persona("easy")
        async def test_judged(simulated_user, judge, mmtau_domain):
            conv = await simulated_user.converse(mmtau_domain.agents["reference"]())
            report = await judge.evaluate(conv)
            assert report.labels.labeller == "llm" and report.ias == 1.0
    """)
    args = ("-p", "no:cacheprovider", "--mmtau-judge-model=openai/fake-judge", "--mmtau-judge-samples=1",
            "--mmtau-report=r.json")
    with FakeOpenAI(labels) as server:
        pytester.runpytest(*args, f"--mmtau-judge-api-base={server.base_url}",
                           "--mmtau-record=once").assert_outcomes(passed=1)
        calls = len(server.requests)
    assert calls >= 2
    replay = pytester.runpytest(*args, "--mmtau-judge-api-base=http://127.0.0.1:9/v1", "--mmtau-record=none")
    replay.assert_outcomes(passed=1)
    usage = json.loads((pytester.path / "r.json").read_text())["trials"][0]["usage"]
    assert usage["replayed_calls"] == usage["llm_calls"] == calls


def test_request_keys_ignore_credentials_and_judge_nonces() -> None:
    base = {"model": "m", "messages": [{"role": "user", "content": "<<DATA-0123456789abcdef>>\nx\n"
                                                                   "<<END-0123456789abcdef>> 0123456789abcdef"}]}
    other = {**base, "messages": [{"role": "user", "content": "<<DATA-fedcba9876543210>>\nx\n"
                                                              "<<END-fedcba9876543210>> fedcba9876543210"}],
             "api_key": KEY, "api_base": "http://x", "timeout": 3}
    assert request_hash(canonical_request(base)) == request_hash(canonical_request(other))
    assert KEY not in json.dumps(canonical_request(other))
    assert request_hash(canonical_request({**base, "temperature": 0.7})) != request_hash(canonical_request(base))
    path = cassette_path(Path("c"), "tests/sub/test_x.py::Cls::test_y[a b/c]")
    assert path == Path("c/tests/sub/test_x/Cls.test_y_a_b_c.json")


def test_bad_record_settings_are_usage_errors(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_x(): pass")
    result = pytester.runpytest("--mmtau-record=sometimes")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    pytester.makeini("[pytest]\nmmtau_record = sometimes\n")
    assert pytester.runpytest().ret == pytest.ExitCode.USAGE_ERROR


def test_a_retried_call_keeps_its_place_in_the_cassette(tmp_path: Path) -> None:
    """A call that failed (429) and was retried is recorded as the trial's first such call, so it replays."""
    import asyncio

    from fake_openai import content_reply, error_reply

    from pytest_mmtau import record
    from pytest_mmtau._llm_transport import acomplete_retrying

    request = {"model": "openai/fake", "messages": [{"role": "user", "content": "hello"}], "api_key": KEY}

    def call(mode: str, base: str) -> str:
        recorder = record.ItemRecorder("t::x", tmp_path / "c.json", mode)
        token = record._TRIAL.set(recorder.scope(0, 7))
        try:
            response = asyncio.run(acomplete_retrying(who="test", backoff_s=0.01, api_base=base, **request))
        finally:
            record._TRIAL.reset(token)
            recorder.close()
        return response.choices[0].message.content

    with FakeOpenAI(lambda _body, n: error_reply(429) if n == 0 else content_reply("hi there")) as server:
        assert call("all", server.base_url) == "hi there"
        assert len(server.requests) == 2
    assert call("none", "http://127.0.0.1:9/v1") == "hi there"
