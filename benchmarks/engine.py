"""Benchmark of the episode engine: how fast the harness runs conversations, and how it scales with concurrency.

What it measures, on the built-in ``mock`` domain with the scripted simulated user (``SimulatedUser``) talking to
the domain's rule-based ``reference`` agent:

* **Instant agent** (the reference agent, never waiting: one bare yield to the event loop per call) at 1 and
  at 64 concurrent conversations: conversations per second (conversations / wall time), mean latency of one
  conversation (its own wall time, from its start to its transcript, not counting time queued behind the
  concurrency limit), and harness CPU per conversation and per turn (``time.process_time`` over the run divided
  by conversations or by turns, where a turn is one entry of ``Transcript.turns``). "Harness" here is everything
  in the process: the episode engine, the simulated user *and* the reference agent; the agent's own share is
  reported separately.
* **Slow agent** (the reference agent behind a 20 ms ``asyncio.sleep`` per call, standing in for a model API):
  wall time at concurrency 1 and 64, the speed-up, and the latency-bound lower limit the engine could reach.

Targets, each printed with PASS or MISS:

* harness CPU per turn < 1 ms;
* 64 concurrent conversations cost no more CPU per conversation than 1 conversation at a time (10 % tolerance).

Run from the repository root::

    .venv/bin/python benchmarks/engine.py               # full run, well under 30 s
    .venv/bin/python benchmarks/engine.py --quick       # shorter, noisier run
    .venv/bin/python benchmarks/engine.py --json out.json

The exit status is 0 whether the targets pass or miss; read the PASS/MISS lines (or the JSON ``targets``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.agents import AgentReply, AgentRequest
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Persona, Task
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

DOMAIN = "mock"
AGENT = "reference"
PERSONAS = ("none", "easy", "hard")
CONCURRENCIES = (1, 64)
SLOW_AGENT_DELAY_S = 0.020

CPU_PER_TURN_TARGET_MS = 1.0
SCALING_TOLERANCE = 0.10


@dataclass(frozen=True)
class Settings:
    conversations: int  # per instant-agent run
    rounds: int  # instant-agent runs per concurrency; the best (least CPU) run of each is reported
    slow_conversations: int  # per slow-agent run


FULL = Settings(conversations=288, rounds=6, slow_conversations=64)
QUICK = Settings(conversations=108, rounds=3, slow_conversations=24)

WorkItem = tuple[Task, Persona, int]


def build_workload(domain: Domain, count: int) -> list[WorkItem]:
    """``count`` conversations cycling through every task, then every persona, then a fresh seed."""
    tasks = domain.tasks
    personas = [get_persona(name) for name in PERSONAS]
    per_seed = len(tasks) * len(personas)
    return [(tasks[i % len(tasks)], personas[(i // len(tasks)) % len(personas)], i // per_seed)
            for i in range(count)]


class CountingAgent:
    """Delegates to the reference agent after ``asyncio.sleep(delay_s)``; counts calls and the inner agent's CPU.

    With ``delay_s=0`` the sleep is a bare yield to the event loop, as any real async agent makes while it waits
    on its API. Without it nothing in an episode would ever suspend (the text channel and the reference agent
    return at once), so each conversation would run start to finish before the next began and "64 concurrent"
    would measure 64 sequential conversations. One reply may carry tool calls, after which the engine asks the
    agent again, so calls >= agent turns.
    """

    def __init__(self, inner: Any, delay_s: float = 0.0) -> None:
        self._inner, self._delay_s = inner, delay_s
        self.calls = 0
        self.cpu_s = 0.0

    async def respond(self, request: AgentRequest) -> AgentReply:
        self.calls += 1
        await asyncio.sleep(self._delay_s)
        started = time.process_time()
        reply = await self._inner.respond(request)
        self.cpu_s += time.process_time() - started
        return reply


@dataclass(frozen=True)
class Conversation:
    turns: int
    agent_calls: int
    agent_cpu_s: float
    latency_s: float
    goal_achieved: bool


@dataclass
class RunResult:
    agent: str  # "instant" or "slow"
    concurrency: int
    wall_s: float
    cpu_s: float
    conversations: list[Conversation] = field(repr=False)

    @property
    def count(self) -> int:
        return len(self.conversations)

    @property
    def turns(self) -> int:
        return sum(c.turns for c in self.conversations)

    @property
    def agent_calls(self) -> int:
        return sum(c.agent_calls for c in self.conversations)

    @property
    def agent_cpu_s(self) -> float:
        return sum(c.agent_cpu_s for c in self.conversations)

    @property
    def goals(self) -> int:
        return sum(c.goal_achieved for c in self.conversations)

    @property
    def conversations_per_s(self) -> float:
        return self.count / self.wall_s

    @property
    def cpu_ms_per_conversation(self) -> float:
        return 1000 * self.cpu_s / self.count

    @property
    def cpu_ms_per_turn(self) -> float:
        return 1000 * self.cpu_s / self.turns

    @property
    def agent_cpu_share(self) -> float:
        return self.agent_cpu_s / self.cpu_s if self.cpu_s else 0.0

    @property
    def mean_latency_ms(self) -> float:
        return 1000 * statistics.fmean(c.latency_s for c in self.conversations)

    def summary(self) -> dict[str, Any]:
        return {
            "agent": self.agent, "concurrency": self.concurrency, "conversations": self.count,
            "turns": self.turns, "agent_calls": self.agent_calls, "goals_achieved": self.goals,
            "wall_s": round(self.wall_s, 6), "cpu_s": round(self.cpu_s, 6),
            "conversations_per_s": round(self.conversations_per_s, 2),
            "mean_latency_ms": round(self.mean_latency_ms, 4),
            "cpu_ms_per_conversation": round(self.cpu_ms_per_conversation, 4),
            "cpu_ms_per_turn": round(self.cpu_ms_per_turn, 4),
            "agent_cpu_share": round(self.agent_cpu_share, 4),
        }


async def _converse(domain: Domain, item: WorkItem, inner: Any, delay_s: float,
                    gate: asyncio.Semaphore) -> Conversation:
    task, persona, seed = item
    async with gate:
        agent = CountingAgent(inner, delay_s)
        user = SimulatedUser(domain=domain, task=task, persona=persona, seed=seed)
        started = time.perf_counter()
        transcript = await user.converse(agent)
        latency = time.perf_counter() - started
    return Conversation(turns=len(transcript.turns), agent_calls=agent.calls, agent_cpu_s=agent.cpu_s,
                        latency_s=latency, goal_achieved=transcript.goal_achieved)


async def _run_all(domain: Domain, items: list[WorkItem], concurrency: int,
                   delay_s: float) -> tuple[float, float, list[Conversation]]:
    inner = domain.agents[AGENT]()  # stateless: one instance serves every conversation
    gate = asyncio.Semaphore(concurrency)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    conversations = await asyncio.gather(*(_converse(domain, item, inner, delay_s, gate) for item in items))
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return wall, cpu, list(conversations)


def run(domain: Domain, items: list[WorkItem], concurrency: int, *, delay_s: float = 0.0) -> RunResult:
    """One measured run: ``items`` as conversations, at most ``concurrency`` of them in flight."""
    gc.collect()  # start each run from the same heap state; collections during the run count as harness CPU
    wall, cpu, conversations = asyncio.run(_run_all(domain, items, concurrency, delay_s))
    return RunResult(agent="slow" if delay_s else "instant", concurrency=concurrency, wall_s=wall, cpu_s=cpu,
                     conversations=conversations)


def latency_lower_limit_s(result: RunResult, delay_s: float) -> float:
    """Shortest possible wall time if the engine cost nothing: the agent's sleeps, packed ``concurrency`` wide."""
    sleeps = [c.agent_calls * delay_s for c in result.conversations]
    return max(max(sleeps), sum(sleeps) / result.concurrency)


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer conversations and rounds (noisier)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers as JSON to PATH")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL
    began = time.perf_counter()

    domain = DomainRegistry().get(DOMAIN)
    per_cycle = len(domain.tasks) * len(PERSONAS)
    print(f"pytest-mmtau engine benchmark: domain {DOMAIN!r}, agent {AGENT!r}, scripted user, "
          f"personas {'/'.join(PERSONAS)}, {len(domain.tasks)} tasks")
    print(f"Python {platform.python_version()} on {platform.machine()}; "
          f"{'quick' if args.quick else 'full'} run: {settings.conversations} conversations x {settings.rounds} "
          f"rounds per concurrency (best round shown), {settings.slow_conversations} with the slow agent")

    # Warm-up, not measured: imports, regex compilation, first-call costs, on every (task, persona) pair.
    warm = build_workload(domain, 2 * per_cycle)
    for concurrency in CONCURRENCIES:
        run(domain, warm, concurrency)
    run(domain, warm[:2], 2, delay_s=0.001)

    # ---- instant agent: CPU cost and throughput. Rounds alternate concurrencies so drift hits both alike.
    items = build_workload(domain, settings.conversations)
    rounds: dict[int, list[RunResult]] = {c: [] for c in CONCURRENCIES}
    for _ in range(settings.rounds):
        for concurrency in CONCURRENCIES:
            rounds[concurrency].append(run(domain, items, concurrency))
    # Noise (other processes, frequency changes) only ever adds CPU time, so the least-CPU round is the estimate.
    best = {c: min(results, key=lambda r: r.cpu_s) for c, results in rounds.items()}

    print()
    print("Instant agent (harness CPU = engine + simulated user + reference agent, all in this process)")
    rows = [["concurrency", "convs", "turns", "wall s", "convs/s", "mean latency ms", "CPU ms/conv",
             "CPU ms/turn", "agent share", "goals"]]
    for c in CONCURRENCIES:
        r = best[c]
        rows.append([str(c), str(r.count), str(r.turns), f"{r.wall_s:.3f}", f"{r.conversations_per_s:.0f}",
                     f"{r.mean_latency_ms:.2f}", f"{r.cpu_ms_per_conversation:.3f}", f"{r.cpu_ms_per_turn:.3f}",
                     f"{100 * r.agent_cpu_share:.0f}%", f"{r.goals}/{r.count}"])
    print(_table(rows))
    spread = {c: [round(r.cpu_ms_per_conversation, 3) for r in rounds[c]] for c in CONCURRENCIES}
    print("CPU ms/conv in every round: " + "; ".join(f"concurrency {c}: {v}" for c, v in spread.items()))
    print("(the instant agent yields to the event loop on every call, so 64 conversations really are interleaved;\n"
          " one CPU-bound loop shares its time among them, so latency grows with concurrency: compare throughput)")

    # ---- slow agent: latency-bound scaling.
    slow_items = build_workload(domain, settings.slow_conversations)
    slow = {c: run(domain, slow_items, c, delay_s=SLOW_AGENT_DELAY_S) for c in CONCURRENCIES}
    print()
    print(f"Slow agent ({SLOW_AGENT_DELAY_S * 1000:.0f} ms asyncio.sleep per agent call, then the reference agent)")
    rows = [["concurrency", "convs", "agent calls", "wall s", "lower limit s", "wall / limit", "convs/s",
             "mean latency ms", "goals"]]
    for c in CONCURRENCIES:
        r = slow[c]
        limit = latency_lower_limit_s(r, SLOW_AGENT_DELAY_S)
        rows.append([str(c), str(r.count), str(r.agent_calls), f"{r.wall_s:.3f}", f"{limit:.3f}",
                     f"{r.wall_s / limit:.2f}", f"{r.conversations_per_s:.1f}", f"{r.mean_latency_ms:.1f}",
                     f"{r.goals}/{r.count}"])
    print(_table(rows))
    lo, hi = CONCURRENCIES[0], CONCURRENCIES[-1]
    speedup = slow[lo].wall_s / slow[hi].wall_s
    ideal = latency_lower_limit_s(slow[lo], SLOW_AGENT_DELAY_S) / latency_lower_limit_s(slow[hi], SLOW_AGENT_DELAY_S)
    print(f"speed-up {hi} vs {lo}: {speedup:.1f}x (ideal {ideal:.1f}x; the lower limit at {hi} is the longest "
          f"conversation's agent calls x {SLOW_AGENT_DELAY_S * 1000:.0f} ms)")

    # ---- targets.
    cpu_per_turn = max(best[c].cpu_ms_per_turn for c in CONCURRENCIES)
    # The agent is instant, so there is no I/O for concurrency to overlap and 64 in flight cannot be faster per
    # conversation than 1; wall latency per conversation is not comparable either (it grows with the number
    # interleaved). What the target claims is that concurrency itself adds no per-conversation overhead
    # (semaphore, task switching, timers, larger working set), so compare CPU per conversation on the same
    # workload, within a tolerance for measurement noise.
    scaling_ratio = best[hi].cpu_ms_per_conversation / best[lo].cpu_ms_per_conversation
    targets = {
        "cpu_per_turn": {"value_ms": round(cpu_per_turn, 4), "limit_ms": CPU_PER_TURN_TARGET_MS,
                         "pass": cpu_per_turn < CPU_PER_TURN_TARGET_MS},
        "concurrency_overhead": {"cpu_per_conversation_ratio": round(scaling_ratio, 4),
                                 "limit_ratio": 1 + SCALING_TOLERANCE,
                                 "pass": scaling_ratio <= 1 + SCALING_TOLERANCE},
    }
    print()
    print(f"{_verdict(targets['cpu_per_turn']['pass'])}  harness CPU per turn < {CPU_PER_TURN_TARGET_MS:g} ms: "
          f"{cpu_per_turn:.3f} ms (worst of concurrency {lo} and {hi})")
    print(f"{_verdict(targets['concurrency_overhead']['pass'])}  {hi} concurrent no slower per conversation than "
          f"{lo}: CPU/conversation {best[hi].cpu_ms_per_conversation:.3f} ms vs "
          f"{best[lo].cpu_ms_per_conversation:.3f} ms = {scaling_ratio:.3f}x "
          f"(limit {1 + SCALING_TOLERANCE:.2f}x)")
    elapsed = time.perf_counter() - began
    print(f"total benchmark time {elapsed:.1f} s")

    if args.json:
        report = {
            "benchmark": "pytest-mmtau engine", "domain": DOMAIN, "agent": AGENT, "personas": list(PERSONAS),
            "python": platform.python_version(), "machine": platform.machine(), "quick": args.quick,
            "settings": {"conversations": settings.conversations, "rounds": settings.rounds,
                         "slow_conversations": settings.slow_conversations,
                         "slow_agent_delay_s": SLOW_AGENT_DELAY_S},
            "instant": {str(c): best[c].summary() for c in CONCURRENCIES},
            "instant_rounds": {str(c): [r.summary() for r in rounds[c]] for c in CONCURRENCIES},
            "slow": {str(c): {**slow[c].summary(),
                              "lower_limit_s": round(latency_lower_limit_s(slow[c], SLOW_AGENT_DELAY_S), 6)}
                     for c in CONCURRENCIES},
            "slow_speedup": round(speedup, 3), "slow_ideal_speedup": round(ideal, 3),
            "targets": targets, "total_s": round(elapsed, 3),
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
