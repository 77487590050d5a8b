"""The LLM-path workload of ``llm_path.py`` through LangWatch Scenario and DeepEval, for ``llm_path.py --peers``.

Neither is a dependency of pytest-mmtau: install them where you like (``--peers-python`` names that interpreter;
a separate venv keeps their pytest plugins out of this project's runs). Each tool runs in its own process, as
``python benchmarks/_peers.py TOOL N BASE_URL TURNS OUT``, against the same fixed-latency server, with the same
conversation length (``TURNS`` simulated-user messages, each answered by the agent: no judge, no early stop) and
the same agent under test: an OpenAI-compatible endpoint reached with one aiohttp session per event loop (as
pytest-mmtau's ``OpenAICompatibleAgent`` does), so only the tools' own machinery differs. All N conversations
are in flight at once: Scenario's ``run`` per conversation under ``asyncio.gather`` (each in its own thread and
loop, as Scenario does it), DeepEval's ``ConversationSimulator`` with ``max_concurrent=N``. The call phase's wall
and CPU (every thread of the process) go to ``OUT`` as JSON.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
os.environ.setdefault("SCENARIO_HEADLESS", "true")
KEY = "sk-bench"
_SESSIONS: dict[Any, Any] = {}


async def ask_agent(base_url: str, messages: list[dict[str, str]]) -> str:
    """The agent under test: one POST on this loop's session."""
    import aiohttp

    loop = asyncio.get_running_loop()
    session = _SESSIONS.get(loop)
    if session is None:
        session = _SESSIONS[loop] = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    body = {"model": "bench-agent", "messages": [{"role": "system", "content": "You are a support agent."},
                                                  *messages]}
    async with session.post(f"{base_url}/chat/completions", json=body,
                            headers={"authorization": f"Bearer {KEY}"}) as answer:
        return (await answer.json())["choices"][0]["message"]["content"]


async def with_scenario(n: int, base_url: str, turns: int) -> int:
    import scenario

    class Agent(scenario.AgentAdapter):
        async def call(self, input: scenario.AgentInput) -> scenario.AgentReturnTypes:
            history = [{"role": m["role"], "content": str(m.get("content") or "")} for m in input.messages]
            return await ask_agent(base_url, history)

    def one(i: int) -> Any:
        return scenario.run(
            name=f"bench {i}", description="A customer wants to cancel the subscription on account A100.",
            agents=[Agent(), scenario.UserSimulatorAgent(model="openai/bench-user", api_base=base_url, api_key=KEY)],
            script=[step for _ in range(turns) for step in (scenario.user(), scenario.agent())] + [scenario.succeed()])

    results = await asyncio.gather(*(one(i) for i in range(n)))
    return sum(1 for r in results if r.success)


def with_deepeval(n: int, base_url: str, turns: int) -> int:
    from deepeval.dataset import ConversationalGolden
    from deepeval.models import GPTModel
    from deepeval.simulator import ConversationSimulator
    from deepeval.test_case import Turn

    async def callback(input: str, turns: list[Turn], thread_id: str) -> Turn:
        history = [{"role": t.role, "content": t.content} for t in turns]
        return Turn(role="assistant", content=await ask_agent(base_url, history))

    simulator = ConversationSimulator(model_callback=callback, max_concurrent=n,
                                      simulator_model=GPTModel(model="gpt-4.1-mini", api_key=KEY, base_url=base_url))
    golden = ConversationalGolden(scenario="A customer wants to cancel the subscription on account A100.",
                                  user_description="A customer with account A100.")
    cases = simulator.simulate(conversational_goldens=[golden] * n, max_user_simulations=turns)
    return sum(1 for case in cases if len(case.turns) == 2 * turns)


def main() -> None:
    tool, n, base_url, turns, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
    if tool == "scenario":
        import scenario  # noqa: F401 - imported before the clock starts, as pytest-mmtau imports litellm first
    else:
        import deepeval.simulator  # noqa: F401
    wall, cpu = time.perf_counter(), time.process_time()
    done = asyncio.run(with_scenario(n, base_url, turns)) if tool == "scenario" else with_deepeval(n, base_url, turns)
    with open(out, "w") as handle:
        json.dump({"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu, "complete": done}, handle)


if __name__ == "__main__":
    main()
