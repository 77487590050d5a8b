"""The scripted user's optional LLM understanding (``--mmtau-user-nlu-model``) against the fake OpenAI server:
readings from the model, one call per agent message and a cache by message, a fallback to the rules on an unusable
answer, a provider fault as infrastructure, record/replay cassettes, and the options.

The agent phrases the way the rules do not follow ("the customer code on your profile"; "Please confirm you want
me to do this." without a question mark); the fake model understands it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fake_openai import FakeOpenAI, Reply, content_reply, error_reply, json_reply
from free_phrasing import ASK_ID, free_agent, message_of, reader, reading_for

from pytest_mmtau import FunctionAgent
from pytest_mmtau._misunderstood import misunderstandings
from pytest_mmtau.domain import Domain
from pytest_mmtau.errors import InfrastructureError, UsageError
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser, reproduce_command, simulator_of
from pytest_mmtau.user._nlu import NLU_PROMPT_VERSION, new_run

MODEL = "openai/fake-nlu"
KEY = "sk-nlu-not-real-24680"
def user(domain: Domain, server: FakeOpenAI | None, *, seed: int = 1, **extra: Any) -> SimulatedUser:
    nlu = {"user_nlu_model": MODEL, "user_nlu_api_base": server.base_url, "user_nlu_api_key": KEY} if server else {}
    return SimulatedUser(domain=domain, task=domain.task("cancel_subscription"), persona=get_persona("none"),
                         seed=seed, **nlu, **extra)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    new_run()


def test_the_model_reads_what_the_rules_do_not(mock_domain: Domain) -> None:
    with FakeOpenAI(reader) as server:
        conv = user(mock_domain, server).converse_sync(FunctionAgent(free_agent))
    assert conv.goal_achieved, (conv.termination_detail, [t.text for t in conv.turns])
    assert misunderstandings([conv]) == []
    agent_messages = [t for t in conv.agent_turns if t.text]
    assert len(server.requests) == len(agent_messages) == 3  # one call per agent message
    notes = [t.user_state["understanding"] for t in conv.user_turns if "understanding" in t.user_state]
    assert notes == [{"by": "llm", "model": MODEL, "prompt_version": NLU_PROMPT_VERSION, "cached": False}] * 3
    assert simulator_of(conv) == {"realiser": "scripted", "nlu_model": MODEL, "nlu_prompt_version": NLU_PROMPT_VERSION,
                                  "nlu_fallbacks": 0}
    assert reproduce_command(conv, None).endswith(f"--user-nlu-model '{MODEL}'")
    body = server.bodies[0]
    assert body["model"] == "fake-nlu" and body["temperature"] == 0.0
    assert body["response_format"]["json_schema"]["name"] == "agent_message_reading"
    system = body["messages"][0]["content"]
    assert '"key": "account_id"' in system and "A100" not in system  # fact names, never the values
    assert '"name": "cancel_subscription"' in system and '"name": "turn_on_wifi"' in system
    assert KEY not in json.dumps(server.bodies)
    # the rules alone do not follow this agent: the user says so, and the trial would be inconclusive
    rules = user(mock_domain, None).converse_sync(FunctionAgent(free_agent))
    assert misunderstandings([rules])[0]["asks"] == [ASK_ID.split("! ")[1]]


def test_a_secret_the_agent_echoes_never_reaches_the_reading_model(mock_domain: Domain,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-proj-Zq8Lw2Xr5Tn9Vb3Mc7Kd1Fh6Gj4"
    monkeypatch.setenv("ACME_BACKEND_TOKEN", secret)

    def leaky(request: Any) -> Any:
        reply = free_agent(request)
        return replace(reply, text=f"{reply.text} (debug: token={secret})") if reply.text else reply

    with FakeOpenAI(reader) as server:
        user(mock_domain, server).converse_sync(FunctionAgent(leaky))
    assert server.requests and secret not in json.dumps(server.bodies)
    assert secret[:12] not in json.dumps(server.bodies)


def test_answers_are_cached_by_message_within_the_run(mock_domain: Domain) -> None:
    with FakeOpenAI(reader) as server:
        first = user(mock_domain, server).converse_sync(FunctionAgent(free_agent))
        calls = len(server.requests)
        second = user(mock_domain, server, seed=1).converse_sync(FunctionAgent(free_agent))
    assert len(server.requests) == calls  # the same messages: read once
    assert [t.text for t in second.turns] == [t.text for t in first.turns]
    assert all(t.user_state["understanding"]["cached"] for t in second.user_turns if "understanding" in t.user_state)
    assert second.goal_achieved


@pytest.mark.parametrize(("answer", "problem"), [
    ("this is not json", "does not match the schema"),
    (json.dumps({"facts": ["pin_code"]}), "names a fact the task does not have: 'pin_code'"),
    (json.dumps({"confirmation": {"action": "delete_everything"}}), "names a action the task does not have"),
    (json.dumps({"tools": ["reboot_universe"]}), "names a tool the task does not have"),
    (json.dumps({"facts": [], "mood": "happy"}), "does not match the schema"),
])
def test_an_unusable_answer_falls_back_to_the_rules_for_that_turn(mock_domain: Domain, answer: str,
                                                                   problem: str) -> None:
    def sometimes_broken(body: dict[str, Any], n: int) -> Reply:
        return content_reply(answer) if n == 0 else reader(body, n)

    agent = mock_domain.agents["reference"]()  # phrased for the rules: falling back loses nothing
    with FakeOpenAI(sometimes_broken) as server:
        conv = user(mock_domain, server).converse_sync(agent)
    assert conv.goal_achieved
    first = next(t.user_state["understanding"] for t in conv.user_turns if "understanding" in t.user_state)
    assert first["by"] == "rules" and problem in first["fallback"]
    assert simulator_of(conv)["nlu_fallbacks"] == 1


def test_a_stated_value_the_message_does_not_hold_is_not_believed(mock_domain: Domain) -> None:
    def lying(body: dict[str, Any], n: int) -> Reply:
        found = reading_for(message_of(body))
        if found["confirmation"]:  # claims the agent read back another account: the message says A100
            found["confirmation"]["values"] = {"account_id": "A999"}
        return json_reply(found)

    with FakeOpenAI(lying) as server:
        conv = user(mock_domain, server).converse_sync(FunctionAgent(free_agent))
    assert conv.goal_achieved  # the user did not deny a correct read-back


def test_a_provider_fault_is_infrastructure_not_the_agent(mock_domain: Domain) -> None:
    with FakeOpenAI(lambda body, n: error_reply(500, "upstream down")) as server:
        with pytest.raises(InfrastructureError, match="simulated user understanding: model 'openai/fake-nlu': "
                                                      "failed after 4 attempts: InternalServerError") as raised:
            user(mock_domain, server).converse_sync(FunctionAgent(free_agent))
    assert KEY not in str(raised.value)


def test_options_and_their_mistakes(mock_domain: Domain, pytester: pytest.Pytester) -> None:
    for bad in ({"user_nlu_model": "two words"}, {"user_nlu_api_base": "http://127.0.0.1:9/v1"},
                {"user_nlu_model": MODEL, "user_nlu_api_base": "ftp://x"},
                {"user_nlu_model": MODEL, "user_model": "openai/x"}):
        with pytest.raises(UsageError):
            user(mock_domain, None, **bad)
    pytester.makepyfile("def test_x(): pass")
    for args, named in ((["--mmtau-user-nlu-api-base=http://127.0.0.1:9/v1"],
                         "--mmtau-user-nlu-api-base: needs a model for the simulated user's understanding "
                         "(--mmtau-user-nlu-model or ini mmtau_user_nlu_model)"),
                        (["-o", "mmtau_user_nlu_model=two words"], "ini mmtau_user_nlu_model"),
                        ([f"--mmtau-user-nlu-model={MODEL}", "--mmtau-user-model=openai/x"],
                         "--mmtau-user-nlu-model/ini mmtau_user_nlu_model: is for the scripted user")):
        result = pytester.runpytest(*args)
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        assert named in result.stderr.str()


# --------------------------------------------------------------------------------------------- through the plugin

SUITE = """
import os
from pathlib import Path

import pytest
from pytest_mmtau import FunctionAgent
from free_phrasing import free_agent


@pytest.mark.domain("mock", tasks="cancel_subscription")
def test_cancel(simulated_user):
    conv = simulated_user.converse_sync(FunctionAgent(free_agent))
    out = Path(os.environ["MMTAU_T_OUT"]) / f"trial-{simulated_user.trial}.json"
    out.write_text(conv.to_json())
    assert conv.goal_achieved, conv.success_detail
"""


@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    from pytest_mmtau._llm_transport import litellm_module

    monkeypatch.setenv("MMTAU_USER_NLU_API_KEY", KEY)
    litellm_module()  # imported outside the in-process runs (see tests/test_record.py)
    pytester.makepyfile(test_suite=SUITE)
    return pytester


def _turns(path: Path) -> list[str]:
    from pytest_mmtau.models import Transcript

    return [t.text for t in Transcript.from_json(path.read_text()).turns]


def test_record_then_replay_with_the_server_stopped(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    from test_llm_user import closed_port_url

    recorded, replayed = tmp_path / "recorded", tmp_path / "replayed"
    recorded.mkdir()
    replayed.mkdir()
    common = ("-p", "no:cacheprovider", f"--mmtau-user-nlu-model={MODEL}", "--mmtau-trials=2",
              "--mmtau-report=r.json")
    monkeypatch.setenv("MMTAU_T_OUT", str(recorded))
    with FakeOpenAI(reader) as server:
        suite.runpytest(*common, f"--mmtau-user-nlu-api-base={server.base_url}",
                        "--mmtau-record=all").assert_outcomes(passed=1)
        calls = len(server.requests)
    report = json.loads((suite.path / "r.json").read_text())
    assert report["run"]["simulator"] == f"scripted+nlu:{MODEL}"
    assert calls == 6  # three agent messages per trial; with cassettes on, each trial reads its own
    trials = report["trials"]
    assert [t["usage"]["llm_calls"] for t in trials] == [3, 3]
    assert all(t["usage"]["prompt_tokens"] == 21 * 3 for t in trials)
    assert all(t["simulator"]["nlu_model"] == MODEL for t in trials)
    cassette = next((suite.path / "cassettes").rglob("*.json")).read_text()
    assert KEY not in cassette and "127.0.0.1" not in cassette

    monkeypatch.setenv("MMTAU_T_OUT", str(replayed))
    suite.runpytest(*common, f"--mmtau-user-nlu-api-base={closed_port_url()}",
                    "--mmtau-record=none").assert_outcomes(passed=1)
    usage = [t["usage"] for t in json.loads((suite.path / "r.json").read_text())["trials"]]
    assert sum(u["replayed_calls"] for u in usage) == calls
    for trial in (0, 1):
        assert _turns(replayed / f"trial-{trial}.json") == _turns(recorded / f"trial-{trial}.json")


def test_without_cassettes_the_run_reads_each_message_once(suite: pytest.Pytester,
                                                          monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MMTAU_T_OUT", str(tmp_path))
    with FakeOpenAI(reader) as server:
        suite.runpytest("-p", "no:cacheprovider", f"--mmtau-user-nlu-model={MODEL}", "--mmtau-trials=3",
                        f"--mmtau-user-nlu-api-base={server.base_url}").assert_outcomes(passed=1)
        distinct = {message_of(b) for b in server.bodies}
    assert len(server.requests) == len(distinct)  # every message read once across the trials


def test_a_provider_outage_makes_the_run_inconclusive(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setenv("MMTAU_T_OUT", str(tmp_path))
    with FakeOpenAI(lambda body, n: error_reply(503, "overloaded")) as server:
        result = suite.runpytest("-p", "no:cacheprovider", f"--mmtau-user-nlu-model={MODEL}",
                                 f"--mmtau-user-nlu-api-base={server.base_url}", "-o", "mmtau_infra_backoff=0.01")
    assert result.ret == 75
    result.assert_outcomes(errors=1)  # an infrastructure error, never the agent's failure
    result.stdout.fnmatch_lines(["*ERROR: InfrastructureError: simulated user understanding: model "
                                 "'openai/fake-nlu': failed after*",
                                 "inconclusive: 1 of 1 trials (100%) could not be judged: 1 infrastructure error*"])


def test_the_actions_offered_as_a_choice_stay_with_the_models_reading(mock_domain: Domain) -> None:
    """The model's schema has no list of the agent's actions offered: the rules' list stays, and the model's
    ``unmatched`` still decides whether the user asks back."""
    from pytest_mmtau.understanding import Reading
    from pytest_mmtau.user._nlu import _Classified, to_reading

    goal = mock_domain.task("cancel_subscription").goal
    rules = Reading(actions_offered=("change_plan", "cancel_subscription"))
    reading = to_reading(_Classified(), "Which should I do first: the plan change or the cancellation?", goal, rules)
    assert reading.actions_offered == ("change_plan", "cancel_subscription") and reading.unmatched == ()
