"""Benchmark of the framework adapters: the CPU an adapter adds per turn over calling the framework directly.

For each framework, the same scripted model (the mock domain's reference agent behind the framework's own offline
model, ``tests/scripted_llm.py``) answers the same turn — "I want to cancel my subscription on account A100." and,
as a second turn, the confirmation — in two ways:

* **direct**: the framework called as a team would call it without pytest-mmtau, with tools that run the domain's
  functions on a state dict;
* **adapter**: the pytest-mmtau adapter's ``respond`` with an ``AgentRequest`` whose tools run through
  ``call_tool`` (recorded, snapshotted, deadline-checked) on the same kind of state.

CPU time (``time.process_time``) per turn over ``--turns`` repetitions; the difference is the adapter's overhead.
Target: < 1 ms per turn, printed with PASS or MISS. The OpenAI Agents SDK runs against a local fake
chat-completions server in both ways (the HTTP cost is common to both and cancels out).

    .venv/bin/python benchmarks/adapters.py [--turns 200]
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import sys
import time
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the scripted models and the fake server

from scripted_llm import chat_completion_script, langchain_chat_model, pydantic_ai_model  # noqa: E402

from pytest_mmtau._discovery import DomainRegistry  # noqa: E402
from pytest_mmtau.agents import AgentRequest, Message  # noqa: E402
from pytest_mmtau.models import ToolCall  # noqa: E402

DOMAIN = DomainRegistry().get("mock")
OPENING = "I want to cancel my subscription on account A100."


class _Executor:
    """call_tool's engine side without an episode: runs the domain tool and snapshots it, as the engine does."""

    def __init__(self) -> None:
        self.state = DOMAIN.new_state(DOMAIN.task("cancel_subscription"))

    def run(self, name: str, arguments: dict[str, Any]) -> ToolCall:
        result, error = DOMAIN.execute(self.state, "agent", name, copy.deepcopy(arguments))
        spec = DOMAIN.spec("agent", name)
        return ToolCall(id=name, name=name, arguments=copy.deepcopy(arguments), irreversible=bool(spec and
                        spec.irreversible), result=copy.deepcopy(result), error=error)


def request(executor: _Executor, conversation: str) -> AgentRequest:
    specs = tuple(__import__("pytest_mmtau.agents", fromlist=["AgentTool"]).AgentTool(
        name=s.name, description=s.description, parameters=s.parameters, irreversible=s.irreversible,
        critical=tuple(s.critical)) for s in DOMAIN.tools.values())
    return AgentRequest(messages=(Message(role="user", content=OPENING),), tools=tuple(s.openai_schema() for s in specs),
                        conversation_id=conversation, tool_specs=specs, executor=executor)


_STATE: dict[str, Any] = {}  # the direct path's state, fresh per turn (its tools are built once)


def fresh_state() -> None:
    _STATE["now"] = DOMAIN.new_state(DOMAIN.task("cancel_subscription"))


def plain_tools() -> dict[str, Any]:
    def make(name: str) -> Any:
        def run(**arguments: Any) -> Any:
            result, error = DOMAIN.execute(_STATE["now"], "agent", name, arguments)
            return {"error": error} if error else result
        run.__name__ = name
        return run
    return {name: make(name) for name in DOMAIN.tools}


def reference() -> Any:
    return DOMAIN.agents["reference"]()


def cpu_per_turn(turn: Any, turns: int) -> float:
    async def repeat() -> float:
        await turn(-1)  # warm caches and imports
        started = time.process_time()
        for i in range(turns):
            await turn(i)
        return (time.process_time() - started) / turns * 1000

    return asyncio.run(repeat())  # one loop, as in a test run: clients stay bound to it


def pydantic_ai(turns: int) -> tuple[float, float]:
    from pydantic_ai import Agent, Tool
    from pydantic_ai.toolsets import FunctionToolset

    from pytest_mmtau import PydanticAIAgent

    agent = Agent(pydantic_ai_model(reference))
    adapter = PydanticAIAgent(agent)

    toolset = FunctionToolset([Tool.from_schema(fn, name=n, description=DOMAIN.tools[n].description,
                                                json_schema=DOMAIN.tools[n].parameters)
                               for n, fn in plain_tools().items()])

    async def direct(i: int) -> None:
        fresh_state()
        await agent.run(OPENING, toolsets=[toolset])

    async def adapted(i: int) -> None:
        await adapter.for_trial(i, i).respond(request(_Executor(), f"c{i}"))

    return cpu_per_turn(direct, turns), cpu_per_turn(adapted, turns)


def langgraph(turns: int) -> tuple[float, float]:
    from langchain_core.messages import HumanMessage
    from langchain_core.tools import StructuredTool
    from langgraph.prebuilt import create_react_agent

    from pytest_mmtau import LangGraphAgent

    model = langchain_chat_model(reference)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        adapter = LangGraphAgent(lambda tools: create_react_agent(model, tools))

    lc = [StructuredTool.from_function(func=fn, name=n, description=DOMAIN.tools[n].description,
                                       args_schema=DOMAIN.tools[n].parameters) for n, fn in plain_tools().items()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        graph = create_react_agent(model, lc)

    async def direct(i: int) -> None:
        fresh_state()
        await graph.ainvoke({"messages": [HumanMessage(content=OPENING)]})

    async def adapted(i: int) -> None:
        await adapter.for_trial(i, i).respond(request(_Executor(), f"c{i}"))

    return cpu_per_turn(direct, turns), cpu_per_turn(adapted, turns)


def openai_agents(turns: int) -> tuple[float, float]:
    import json as _json

    from agents import Agent, FunctionTool, OpenAIChatCompletionsModel, Runner, set_tracing_disabled
    from fake_openai import FakeOpenAI
    from openai import AsyncOpenAI

    from pytest_mmtau import OpenAIAgentsSDKAgent

    set_tracing_disabled(True)
    with FakeOpenAI(chat_completion_script(reference)) as server:
        def sdk_agent() -> Any:
            model = OpenAIChatCompletionsModel(model="scripted", openai_client=AsyncOpenAI(
                base_url=server.base_url, api_key="x", max_retries=0))
            return Agent(name="support", instructions="Support.", model=model)

        adapter = OpenAIAgentsSDKAgent(sdk_agent())

        def tool(name: str, fn: Any) -> Any:
            async def invoke(ctx: Any, args: str) -> str:
                return _json.dumps(fn(**_json.loads(args or "{}")))
            return FunctionTool(name=name, description=DOMAIN.tools[name].description,
                                params_json_schema=DOMAIN.tools[name].parameters, on_invoke_tool=invoke,
                                strict_json_schema=False)

        direct_agent = sdk_agent().clone(tools=[tool(n, fn) for n, fn in plain_tools().items()])

        async def direct(i: int) -> None:
            fresh_state()
            await Runner.run(direct_agent, input=[{"role": "user", "content": OPENING}])

        async def adapted(i: int) -> None:
            await adapter.for_trial(i, i).respond(request(_Executor(), f"c{i}"))

        return cpu_per_turn(direct, turns), cpu_per_turn(adapted, turns)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()
    print(f"CPU per turn over {args.turns} turns (ms); overhead = adapter - direct; target < 1 ms")
    for name, run in (("pydantic-ai", pydantic_ai), ("LangGraph", langgraph), ("OpenAI Agents SDK", openai_agents)):
        direct, adapted = run(args.turns)
        overhead = adapted - direct
        verdict = "PASS" if overhead < 1.0 else "MISS"
        print(f"  {name:18s} direct {direct:7.3f}  adapter {adapted:7.3f}  overhead {overhead:+7.3f}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
