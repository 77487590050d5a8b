"""Benchmark of ``OpenAICompatibleAgent`` against a local chat-completions server: the cost of one agent call with
the adapter's one aiohttp session per event loop, next to opening a new ``httpx.AsyncClient`` per call (what the
adapter did first). Wall and CPU milliseconds per call over ``--calls`` calls, one at a time, server on 127.0.0.1 in
this process. Many calls in flight at once are measured by ``llm_path.py``.

    .venv/bin/python benchmarks/http_agent.py [--calls 300]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the fake server

import httpx  # noqa: E402
from fake_openai import FakeOpenAI, content_reply  # noqa: E402

from pytest_mmtau import OpenAICompatibleAgent  # noqa: E402
from pytest_mmtau.agents import AgentRequest, Message  # noqa: E402

REQUEST = AgentRequest(messages=(Message(role="user", content="Where is my order?"),))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    calls = parser.parse_args().calls
    with FakeOpenAI(lambda request, n: content_reply("It ships tomorrow.")) as server:
        agent = OpenAICompatibleAgent(server.base_url)

        async def adapter() -> None:
            await agent.respond(REQUEST)

        async def new_client() -> None:
            async with httpx.AsyncClient() as client:
                await client.post(agent.url, json={"model": "agent", "messages": [{"role": "user", "content": "x"}]})

        for name, call in (("one session per loop (adapter)", adapter), ("a new client per call", new_client)):
            async def run() -> tuple[float, float]:
                await call()
                wall, cpu = time.perf_counter(), time.process_time()
                for _ in range(calls):
                    await call()
                return (time.perf_counter() - wall) / calls * 1000, (time.process_time() - cpu) / calls * 1000

            wall, cpu = asyncio.run(run())
            print(f"{name:32s} {wall:7.2f} ms wall  {cpu:7.2f} ms CPU per call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
