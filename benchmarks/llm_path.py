"""Benchmark of the LLM path at the latency limit: N conversations between the LLM simulated user and an agent over
HTTP, every model call answered by a local server after a fixed latency.

What runs, the way users run it: a throw-away test project with one test,

    @pytest.mark.domain("mock", tasks="cancel_subscription") @pytest.mark.persona("easy") @pytest.mark.trials(N)
    async def test_llm_path(simulated_user, judge, agent): conv = await simulated_user.converse(agent) ...

run by ``python -m pytest`` in a subprocess with ``--mmtau-user-model`` (the LLM user, ``user/_llm.py``) and an
``OpenAICompatibleAgent`` fixture, both pointed at the server (``_latency_server.py``, its own process on 127.0.0.1
so its CPU is not counted). ``--judge`` adds the LLM judge (``--mmtau-judge-model``, one sample per turn unless
``--judge-samples``), ``--exposure`` the LLM persona inferrer (persona exposure 2, ``--mmtau-exposure-model``).
The user speaks ``--user-turns`` turns and then stops, so one conversation makes ``2 × turns + 1`` requests in a
row (plus the inferrer's and the judge's). The plugin's default ``--mmtau-concurrency`` applies unless
``--concurrency`` is given.

Printed per N (medians over ``--rounds``):

* **run wall**: the test item's call phase (its trials, scoring and gates), measured inside pytest;
* **bound**: the latency bound, the longest chain of requests one conversation must make in a row × the latency
  (the judge's calls of one conversation run in parallel, as many at once as the LLM labeller allows);
* **wall/bound**;
* **CPU/req**: the pytest process's CPU (every thread) during the call phase ÷ model requests answered;
* **process wall / CPU**: the whole ``python -m pytest`` (start-up, collection, litellm import, reports);
* **peak RSS** of the pytest process;
* **load**: the machine's 1-minute load average as the run ended. On a shared machine the wall figures are only
  meaningful when it is below the number of CPUs; CPU per request is the steady figure;
* **srv CPU** and **peak**: the server's own CPU seconds during the run and the most requests it held at once
  (its CPU competes for the same cores).

Targets (issue 17) at N = 128: wall ≤ 2 × bound, CPU ≤ 3 ms per request, peak RSS ≤ 250 MB; each printed with
PASS or MISS. ``--peers`` runs the same workload through LangWatch Scenario and DeepEval when they are installed
(never a dependency of this project) and prints their figures and the ratios.

    .venv/bin/python benchmarks/llm_path.py                      # N = 1, 8, 32, 64, 128 at 200 ms
    .venv/bin/python benchmarks/llm_path.py --n 128 --judge --exposure --rounds 3
    .venv/bin/python benchmarks/llm_path.py --latency 50 --concurrency 8
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent

TARGET_WALL_RATIO, TARGET_CPU_MS, TARGET_RSS_MB = 2.0, 3.0, 250.0

CONFTEST = '''
import json, os, time
from pathlib import Path

import pytest

from pytest_mmtau import OpenAICompatibleAgent


@pytest.fixture
def agent():
    return OpenAICompatibleAgent(os.environ["BENCH_BASE_URL"], model="bench-agent")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        return (yield)
    finally:
        Path(os.environ["BENCH_OUT"]).write_text(json.dumps(
            {"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu}))
'''

TEST = '''
import os

import pytest

N, TURNS, JUDGE = int(os.environ["BENCH_N"]), int(os.environ["BENCH_TURNS"]), os.environ["BENCH_JUDGE"] == "1"


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona("easy")
@pytest.mark.trials(N)
async def test_llm_path(simulated_user, judge, agent):
    conv = await simulated_user.converse(agent)
    users = sum(1 for t in conv.turns if t.role == "user")
    assert users == TURNS + 1, f"{users} user turns, expected {TURNS + 1}: {conv.termination_detail}"
    if JUDGE:
        await judge.evaluate(conv)
'''


@dataclass(frozen=True)
class Run:
    n: int
    wall_s: float  # the item's call phase
    cpu_s: float
    process_wall_s: float
    process_cpu_s: float
    rss_mb: float
    counts: dict[str, int]
    bound_s: float
    ok: bool
    load: float = math.nan  # the machine's 1-minute load average when the run ended
    detail: str = ""

    @property
    def requests(self) -> int:
        return sum(v for k, v in self.counts.items() if k not in ("peak_in_flight", "cpu_s"))

    @property
    def cpu_ms_per_request(self) -> float:
        return self.cpu_s / max(1, self.requests) * 1000


class LatencyServer:
    """``_latency_server.py`` in its own process."""

    def __init__(self, latency_ms: float, user_turns: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "_latency_server.py"), "--latency-ms", str(latency_ms),
             "--user-turns", str(user_turns)], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line.startswith("PORT "):
            self.process.kill()
            raise RuntimeError(f"the latency server did not start: {line!r}")
        self.base_url = f"http://127.0.0.1:{int(line.split()[1])}/v1"

    def stats(self) -> dict[str, int]:
        with urllib.request.urlopen(f"{self.base_url}/stats", timeout=10) as answer:  # noqa: S310 - 127.0.0.1
            return json.loads(answer.read())

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def bound_s(counts: dict[str, int], n: int, latency_s: float) -> float:
    """The latency bound: one conversation's requests that must follow each other, times the latency (the judge's
    calls of one conversation go out together, as many at once as the LLM labeller allows)."""
    import inspect

    from pytest_mmtau.judge._llm import LLMLabeller

    at_once = inspect.signature(LLMLabeller).parameters["concurrency"].default
    per = {k: counts.get(k, 0) / n for k in ("user", "agent", "inferrer", "judge")}
    chain = per["user"] + per["agent"] + per["inferrer"] + math.ceil(per["judge"] / at_once)
    return chain * latency_s


def run_pytest(project: Path, server: LatencyServer, args: argparse.Namespace, n: int) -> Run:
    out = project / "timing.json"
    out.unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep),
           "BENCH_BASE_URL": server.base_url, "BENCH_OUT": str(out), "BENCH_N": str(n),
           "BENCH_TURNS": str(args.user_turns), "BENCH_JUDGE": "1" if args.judge else "0",
           **{f"MMTAU_{role}_API_KEY": "sk-bench" for role in ("USER", "JUDGE", "EXPOSURE")}}
    command = [sys.executable, "-m", "pytest", str(project), "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
               "--rootdir", str(project), "--mmtau-user-model", "openai/bench-user",
               "--mmtau-user-api-base", server.base_url]
    if args.concurrency:
        command += ["--mmtau-concurrency", str(args.concurrency)]
    if args.judge:
        command += ["--mmtau-judge-model", "openai/bench-judge", "--mmtau-judge-api-base", server.base_url,
                    "--mmtau-judge-samples", str(args.judge_samples)]
    if args.exposure:
        command += ["--mmtau-persona-exposure", "2", "--mmtau-exposure-model", "openai/bench-inferrer",
                    "--mmtau-exposure-api-base", server.base_url]
    if args.py_spy:
        command = ["py-spy", "record", "--gil", "--format", "raw", "--rate", "250", "--subprocesses", "--output",
                   str(args.py_spy.with_suffix(f".n{n}.txt").resolve()), "--", *command]
    before = server.stats()
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert process.stdout is not None
    output = process.stdout.read().decode(errors="replace")
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    process_wall = time.perf_counter() - started
    after = server.stats()
    counts = {k: after.get(k, 0) - before.get(k, 0) for k in after if k != "peak_in_flight"}
    counts["peak_in_flight"] = after.get("peak_in_flight", 0)  # cpu_s: the server's own CPU during the run
    timing = json.loads(out.read_text()) if out.exists() else {"wall_s": math.nan, "cpu_s": math.nan}
    ok = process.returncode == 0
    return Run(n=n, wall_s=timing["wall_s"], cpu_s=timing["cpu_s"], process_wall_s=process_wall,
               process_cpu_s=usage.ru_utime + usage.ru_stime, rss_mb=usage.ru_maxrss / 1024, counts=counts,
               bound_s=bound_s(counts, n, args.latency / 1000), ok=ok, load=os.getloadavg()[0],
               detail="" if ok else "\n".join(output.splitlines()[-30:]))


PEERS = ("scenario", "deepeval")


def run_peer(tool: str, server: LatencyServer, args: argparse.Namespace, n: int, folder: Path) -> Run:
    """The same workload through a peer (``_peers.py``), in its own process under ``--peers-python``."""
    out = folder / f"{tool}.json"
    out.unlink(missing_ok=True)
    before = server.stats()
    started = time.perf_counter()
    process = subprocess.Popen([str(args.peers_python), str(HERE / "_peers.py"), tool, str(n), server.base_url,
                                str(args.user_turns), str(out)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert process.stdout is not None
    output = process.stdout.read().decode(errors="replace")
    _pid, status, usage = os.wait4(process.pid, 0)
    process_wall = time.perf_counter() - started
    after = server.stats()
    counts = {k: after.get(k, 0) - before.get(k, 0) for k in after if k != "peak_in_flight"}
    counts["peak_in_flight"] = after.get("peak_in_flight", 0)
    timing = json.loads(out.read_text()) if out.exists() else {"wall_s": math.nan, "cpu_s": math.nan, "complete": 0}
    ok = os.waitstatus_to_exitcode(status) == 0 and timing["complete"] == n
    requests = sum(v for k, v in counts.items() if k not in ("peak_in_flight", "cpu_s"))
    return Run(n=n, wall_s=timing["wall_s"], cpu_s=timing["cpu_s"], process_wall_s=process_wall,
               process_cpu_s=usage.ru_utime + usage.ru_stime, rss_mb=usage.ru_maxrss / 1024, counts=counts,
               bound_s=requests / n * args.latency / 1000, ok=ok, load=os.getloadavg()[0],  # every request in a row
               detail="" if ok else "\n".join(output.splitlines()[-30:]))


def write_project(folder: Path) -> Path:
    (folder / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    (folder / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (folder / "test_llm_path.py").write_text(textwrap.dedent(TEST))
    return folder


def median_run(runs: list[Run]) -> Run:
    """The round with the median call-phase wall (its own CPU and RSS kept together)."""
    return sorted(runs, key=lambda r: r.wall_s)[len(runs) // 2]


def show(label: str, run: Run) -> None:
    ratio = run.wall_s / run.bound_s if run.bound_s else math.nan
    print(f"{label:10s} {run.n:5d} {run.requests:6d} {run.wall_s:8.2f} {run.bound_s:7.2f} {ratio:7.2f} "
          f"{run.cpu_ms_per_request:8.2f} {run.process_wall_s:8.2f} {run.process_cpu_s:8.2f} {run.rss_mb:8.0f} "
          f"{run.load:6.1f} {run.counts.get('cpu_s', math.nan):7.2f} {run.counts.get('peak_in_flight', 0):6d}"
          + ("" if run.ok else "  (pytest failed)"), flush=True)


HEADER = (f"{'tool':10s} {'N':>5s} {'reqs':>6s} {'wall s':>8s} {'bound':>7s} {'w/bound':>7s} {'CPU ms/req':>8s} "
          f"{'proc s':>8s} {'proc CPU':>8s} {'RSS MB':>8s} {'load':>6s} {'srv CPU':>7s} {'peak':>6s}")


def targets(run: Run) -> list[str]:
    ratio = run.wall_s / run.bound_s if run.bound_s else math.nan
    return [f"{'PASS' if ratio <= TARGET_WALL_RATIO else 'MISS'} wall {ratio:.2f} x bound (target <= "
            f"{TARGET_WALL_RATIO:g})",
            f"{'PASS' if run.cpu_ms_per_request <= TARGET_CPU_MS else 'MISS'} CPU {run.cpu_ms_per_request:.2f} ms "
            f"per request (target <= {TARGET_CPU_MS:g})",
            f"{'PASS' if run.rss_mb <= TARGET_RSS_MB else 'MISS'} peak RSS {run.rss_mb:.0f} MB (target <= "
            f"{TARGET_RSS_MB:g})"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", default="1,8,32,64,128", help="conversation counts, comma-separated")
    parser.add_argument("--latency", type=float, default=200.0, help="server latency per request, ms")
    parser.add_argument("--user-turns", type=int, default=6, help="user turns before the user stops")
    parser.add_argument("--concurrency", type=int, default=None, help="--mmtau-concurrency (default: the plugin's)")
    parser.add_argument("--judge", action="store_true", help="label every conversation with the LLM judge")
    parser.add_argument("--judge-samples", type=int, default=1)
    parser.add_argument("--exposure", action="store_true", help="persona exposure 2 with the LLM persona inferrer")
    parser.add_argument("--rounds", type=int, default=1, help="rounds per N; the median is printed")
    parser.add_argument("--peers", action="store_true", help="also LangWatch Scenario and DeepEval (see _peers.py)")
    parser.add_argument("--peers-python", type=Path, default=Path(sys.executable),
                        help="the interpreter that has langwatch-scenario and deepeval installed (default: this one)")
    parser.add_argument("--json", type=Path, help="write every run here")
    parser.add_argument("--py-spy", type=Path, metavar="PREFIX",
                        help="sample the pytest process with py-spy (collapsed stacks in PREFIX.n<N>.txt; the "
                             "sampler's own CPU is not counted, but it slows the run)")
    args = parser.parse_args()
    sizes = [int(x) for x in args.n.split(",") if x.strip()]

    print(f"latency {args.latency:g} ms, {args.user_turns} user turns, judge={'on' if args.judge else 'off'}"
          f"{f' ({args.judge_samples} samples)' if args.judge else ''}, inferrer={'on' if args.exposure else 'off'}, "
          f"concurrency={args.concurrency or 'plugin default'}; python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    print(HEADER)
    server = LatencyServer(args.latency, args.user_turns)
    results: dict[str, list[Run]] = {"pytest-mmtau": []}
    try:
        with tempfile.TemporaryDirectory(prefix="mmtau-llm-path-") as tmp:
            project = write_project(Path(tmp))
            for n in sizes:
                rounds = [run_pytest(project, server, args, n) for _ in range(args.rounds)]
                chosen = median_run(rounds)
                results["pytest-mmtau"].append(chosen)
                show("mmtau", chosen)
                if not chosen.ok:
                    print(chosen.detail)
            if args.peers:
                for tool in PEERS:
                    results[tool] = []
                    for n in sizes:
                        chosen = median_run([run_peer(tool, server, args, n, project) for _ in range(args.rounds)])
                        results[tool].append(chosen)
                        show(tool, chosen)
                        if not chosen.ok:
                            print(chosen.detail)
    finally:
        server.close()
    largest = max(results["pytest-mmtau"], key=lambda r: r.n)
    print(f"\ntargets at N = {largest.n}:")
    for line in targets(largest):
        print("  " + line)
    for name, runs in results.items():
        if name == "pytest-mmtau":
            continue
        for ours, theirs in zip(results["pytest-mmtau"], runs):
            print(f"  {name} / pytest-mmtau at N = {ours.n}: wall {theirs.wall_s / ours.wall_s:.2f}x, "
                  f"wall/bound {(theirs.wall_s / theirs.bound_s) / (ours.wall_s / ours.bound_s):.2f}x, "
                  f"CPU per request {theirs.cpu_ms_per_request / ours.cpu_ms_per_request:.2f}x, "
                  f"RSS {theirs.rss_mb / ours.rss_mb:.2f}x")
    if args.json:
        args.json.write_text(json.dumps({k: [r.__dict__ | {"requests": r.requests} for r in v]
                                         for k, v in results.items()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.path[:0] = [str(ROOT), str(HERE)]  # this checkout's pytest_mmtau, as the pytest runs use
    raise SystemExit(main())
