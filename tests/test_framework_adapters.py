"""The framework adapters end to end: LangGraph, pydantic-ai and the OpenAI Agents SDK run the domain's tools
themselves through ``call_tool``, on the mock and retail domains, with each framework's own offline test model."""

from __future__ import annotations

import asyncio
import sys
import warnings
from typing import Any

import pytest
from scripted_llm import chat_completion_script, langchain_chat_model, pydantic_ai_model

from pytest_mmtau import cfa, ias
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.errors import InfrastructureError, UsageError
from pytest_mmtau.models import Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

CASES = [("mock", "cancel_subscription"), ("retail", "cancel/email/ok/W3125736")]


def converse(domain_name: str, task: str, agent: Any, *, seed: int = 0) -> Transcript:
    domain = DomainRegistry().get(domain_name)
    user = SimulatedUser(domain=domain, task=domain.task(task), persona=get_persona("easy"), seed=seed)
    return user.converse_sync(agent)


def reference(domain_name: str) -> Any:
    domain = DomainRegistry().get(domain_name)
    return lambda: domain.agents["reference"]()


def langgraph_agent(domain_name: str) -> Any:
    from langgraph.prebuilt import create_react_agent

    from pytest_mmtau import LangGraphAgent

    model = langchain_chat_model(reference(domain_name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # create_react_agent's deprecation notice in LangGraph 1.x
        return LangGraphAgent(lambda tools: create_react_agent(model, tools))


def pydantic_ai_agent(domain_name: str) -> Any:
    from pydantic_ai import Agent

    from pytest_mmtau import PydanticAIAgent

    return PydanticAIAgent(Agent(pydantic_ai_model(reference(domain_name)), instructions="You are support."))


def openai_sdk_agent(domain_name: str, base_url: str) -> Any:
    from agents import Agent, OpenAIChatCompletionsModel, set_tracing_disabled
    from openai import AsyncOpenAI

    from pytest_mmtau import OpenAIAgentsSDKAgent

    set_tracing_disabled(True)
    model = OpenAIChatCompletionsModel(model="scripted", openai_client=AsyncOpenAI(base_url=base_url, api_key="x",
                                                                                   max_retries=0))
    return OpenAIAgentsSDKAgent(Agent(name="support", instructions="You are support.", model=model))


def check(conv: Transcript) -> None:
    assert conv.goal_achieved, conv.success_detail
    writes = [c for c in conv.tool_calls if c.irreversible]
    assert writes and all(c.side == "agent" and c.critical for c in writes)
    assert float(ias(conv)) == 1.0 and float(cfa(conv)) == 1.0


@pytest.mark.parametrize("domain_name, task", CASES)
def test_langgraph_with_tools_hosted_by_the_graph(domain_name: str, task: str) -> None:
    check(converse(domain_name, task, langgraph_agent(domain_name)))


@pytest.mark.parametrize("domain_name, task", CASES)
def test_pydantic_ai_with_its_own_tool_execution(domain_name: str, task: str) -> None:
    check(converse(domain_name, task, pydantic_ai_agent(domain_name)))


@pytest.mark.parametrize("domain_name, task", CASES)
def test_openai_agents_sdk_against_a_local_server(domain_name: str, task: str) -> None:
    from fake_openai import FakeOpenAI

    with FakeOpenAI(chat_completion_script(reference(domain_name))) as server:
        check(converse(domain_name, task, openai_sdk_agent(domain_name, server.base_url)))


def test_langgraph_with_tools_returned_to_the_environment() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.prebuilt import create_react_agent

    from pytest_mmtau import LangGraphAgent
    from pytest_mmtau.agents._hosted import tool_body  # noqa: F401 - the graph's own tools never run here

    domain = DomainRegistry().get("mock")
    from langchain_core.tools import StructuredTool

    def never(**kwargs: Any) -> str:
        raise AssertionError("the graph must not run tools in returned mode")

    stubs = [StructuredTool.from_function(func=never, name=s.name, description=s.description,
                                          args_schema=s.openai_schema()["function"]["parameters"])
             for s in domain.tools.values()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        graph = create_react_agent(langchain_chat_model(reference("mock")), stubs, checkpointer=InMemorySaver())
    check(converse("mock", "cancel_subscription", LangGraphAgent(graph, tools="returned")))


@pytest.mark.parametrize("make", ["langgraph", "pydantic_ai"])
def test_concurrent_trials_get_their_own_history(make: str) -> None:
    adapter = {"langgraph": langgraph_agent, "pydantic_ai": pydantic_ai_agent}[make]("mock")
    domain = DomainRegistry().get("mock")

    async def two() -> list[Transcript]:
        users = [SimulatedUser(domain=domain, task=domain.task(t), persona=get_persona("none"), seed=i)
                 for i, t in enumerate(("cancel_subscription", "upgrade_plan"))]
        return list(await asyncio.gather(*(u.converse(adapter.for_trial(i, i)) for i, u in enumerate(users))))

    first, second = asyncio.run(two())
    assert first.goal_achieved and second.goal_achieved, (first.success_detail, second.success_detail)


def test_a_provider_outage_inside_a_framework_is_infrastructure() -> None:
    from fake_openai import FakeOpenAI, error_reply

    with FakeOpenAI(lambda req, n: error_reply(503, "overloaded")) as server:
        conv_agent = openai_sdk_agent("mock", server.base_url)
        with pytest.raises(InfrastructureError, match="OpenAIAgentsSDKAgent: the model provider failed"):
            converse("mock", "cancel_subscription", conv_agent)


@pytest.mark.parametrize("module, make", [("langgraph", "LangGraphAgent"), ("pydantic_ai", "PydanticAIAgent"),
                                          ("agents", "OpenAIAgentsSDKAgent")])
def test_a_missing_framework_is_a_usage_error_naming_the_extra(monkeypatch: pytest.MonkeyPatch, module: str,
                                                               make: str) -> None:
    import pytest_mmtau

    monkeypatch.setitem(sys.modules, module, None)
    extra = {"langgraph": "langgraph", "pydantic_ai": "pydantic-ai", "agents": "openai-agents"}[module]
    with pytest.raises(UsageError, match=rf'pip install "pytest-mmtau\[{extra}\]"'):
        getattr(pytest_mmtau, make)(object())


def test_the_plugin_gives_each_trial_a_fresh_adapter(pytester: pytest.Pytester) -> None:
    from pathlib import Path

    pytester.makepyfile(scripted_llm=(Path(__file__).parent / "scripted_llm.py").read_text())
    pytester.makepyfile(test_suite="""
        import pytest
        from pydantic_ai import Agent
        from scripted_llm import pydantic_ai_model
        from pytest_mmtau import PydanticAIAgent

        @pytest.fixture
        def agent(mmtau_domain):
            return PydanticAIAgent(Agent(pydantic_ai_model(lambda: mmtau_domain.agents["reference"]())))

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.persona("none", "easy")
        @pytest.mark.trials(3)
        async def test_support(simulated_user, agent):
            conv = await simulated_user.converse(agent)
            assert conv.goal_achieved, conv.success_detail
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-concurrency=3")
    result.assert_outcomes(passed=2)


@pytest.mark.parametrize("framework", ["langgraph", "pydantic-ai"])
def test_a_teams_own_domain_with_a_list_argument_runs_in_the_framework(framework: str) -> None:
    """The streaming domain of tests/data: the framework hosts refund_charges(charge_ids: list[str]) and the agent
    looks up and asks for confirmation in one turn; IAS and CFA (the list compared as values) hold."""
    import importlib.util
    from pathlib import Path

    from pytest_mmtau.domain import load_domain_folder

    folder = Path(__file__).parent / "data" / "streamco"
    spec = importlib.util.spec_from_file_location("streamco_free_agent", folder / "free_agent.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    decides = lambda: module.FreeAgent()  # noqa: E731
    if framework == "langgraph":
        from langgraph.prebuilt import create_react_agent

        from pytest_mmtau import LangGraphAgent

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            agent: Any = LangGraphAgent(lambda tools: create_react_agent(langchain_chat_model(decides), tools))
    else:
        from pydantic_ai import Agent

        from pytest_mmtau import PydanticAIAgent

        agent = PydanticAIAgent(Agent(pydantic_ai_model(decides), instructions="You are support."))
    domain = load_domain_folder(folder)
    for seed in range(3):
        user = SimulatedUser(domain=domain, task=domain.task("triple_charge"), persona=get_persona("easy"), seed=seed)
        conv = user.converse_sync(agent)
        calls = [c for t in conv.turns for c in t.tool_calls if c.name == "refund_charges"]
        assert conv.goal_achieved and ias(conv) == 1.0 and cfa(conv) == 1.0, conv.success_detail
        assert [c.arguments["charge_ids"] for c in calls] == [["CH-2", "CH-3"]]
