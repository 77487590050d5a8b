"""Memory at scale: resident set size of a pytest-mmtau run over all 2285 telecom conversations (the reference agent,
``split="full"``, a JSON report), serially and under xdist ``-n 2``, printed per process at 100, 1000 and every
item, with each process's peak (VmHWM, which includes collection and writing the report).

Each run is a subprocess in a temporary folder; a conftest there reads ``/proc/self/status`` after every finished
item, at the end of the session (before any plugin's end of run: the peak while the items ran) and at exit. Flat
means: peak ≤ 1.2 × the RSS after 100 items, per process. Linux only.

``--pytest-alone`` runs the same probes over a plain parametrised test with as many items and pytest-mmtau disabled
(``-p no:mmtau``): what pytest itself (and xdist) grows by, keeping every item and report, the plugin's share apart.

Run from the repository root::

    .venv/bin/python benchmarks/memory.py              # serial and -n 2
    .venv/bin/python benchmarks/memory.py --modes serial --split test
    .venv/bin/python benchmarks/memory.py --pytest-alone   # the same runs without the plugin
    .venv/bin/python benchmarks/memory.py --no-report      # without --mmtau-report, as users run by default
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TEST_FILE = '''
import pytest

@pytest.mark.domain("telecom", split={split!r})
def test_full(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail
'''

# The same number of items with no plugin at all: pytest's own cost per item
PLAIN_TEST_FILE = '''
import pytest

@pytest.mark.parametrize("number", range({items}))
def test_plain(number):
    assert number >= 0
'''

# Per process: RSS after collection, after the Nth finished item for the probe points, and the peak at exit.
CONFTEST = '''
import atexit, json, os, pytest

PROBES = {probes!r}
_out = os.path.join({folder!r}, f"rss-{{os.getpid()}}.jsonl")
_done = 0

def _status():
    fields = {{}}
    with open("/proc/self/status") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0]) // 1024
    return fields

def _write(point, **extra):
    with open(_out, "a") as fh:
        fh.write(json.dumps({{"point": point, **_status(), **extra}}) + "\\n")

def pytest_configure(config):
    role = "worker" if hasattr(config, "workerinput") else "main"
    _write("start", role=role)
    atexit.register(lambda: _write("exit", role=role, items=_done))

def pytest_collection_finish(session):
    _write("collected", items=len(session.items))

def pytest_runtest_logreport(report):
    global _done
    if report.when != "call":
        return
    _done += 1
    if _done in PROBES:
        _write(_done)

@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_sessionfinish(session):
    _write("finish")  # after the last item, before any plugin's end of run (a wrapper runs before every plain hook)
    return (yield)

@pytest.hookimpl(tryfirst=True)
def pytest_terminal_summary(terminalreporter):
    _write("summary")  # the report is written; the plugins' terminal summaries follow
'''

AGENT_FIXTURE = '''
@pytest.fixture
def agent(mmtau_domain):
    return mmtau_domain.agents["reference"]()
'''


def run(mode: str, split: str, probes: tuple[int, ...], plain_items: int = 0, report: bool = True,
        extra: tuple[str, ...] = ()) -> list[dict]:
    """One run; ``plain_items``: that many plain items with the plugin disabled instead of the telecom split;
    ``report``: with ``--mmtau-report`` (else as users run by default, no file written); ``extra``: more pytest
    arguments."""
    with tempfile.TemporaryDirectory(prefix="mmtau-memory-") as folder:
        test_file = PLAIN_TEST_FILE.format(items=plain_items) if plain_items else TEST_FILE.format(split=split)
        Path(folder, "test_scale.py").write_text(test_file)
        conftest = CONFTEST.format(probes=probes, folder=folder)
        Path(folder, "conftest.py").write_text(conftest if plain_items else conftest + AGENT_FIXTURE)
        plugin = ["-p", "no:mmtau"] if plain_items else ["--mmtau-report=r.json"] if report else []
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin,
                   "test_scale.py", *(["-n", "2"] if mode == "-n 2" else []), *extra]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        started = time.perf_counter()
        done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - started
        if done.returncode != 0:
            sys.exit(f"{mode}: pytest exited {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        report_mb = Path(folder, "r.json").stat().st_size / 2**20 if not plain_items and report else 0.0
        processes = []
        for path in sorted(Path(folder).glob("rss-*.jsonl")):
            rows = [json.loads(line) for line in path.read_text().splitlines()]
            role = rows[0].get("role", "?")
            points = {row["point"]: row for row in rows}
            processes.append({"role": role, "points": points, "wall": wall, "report_mb": report_mb})
        return sorted(processes, key=lambda p: p["role"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="+", default=["serial", "-n 2"], choices=["serial", "-n 2"])
    parser.add_argument("--split", default="full", help="the telecom split to run (default: full)")
    parser.add_argument("--pytest-alone", action="store_true",
                        help="a plain parametrised test with as many items, pytest-mmtau disabled")
    parser.add_argument("--no-report", action="store_true", help="without --mmtau-report, as users run by default")
    parser.add_argument("--no-hypothesis", action="store_true",
                        help="without Hypothesis's pytest plugin, as without the [fuzz] extra (the plugin imports "
                             "Hypothesis in the terminal summary, after the last item: about 8 MB of peak)")
    args = parser.parse_args()
    extra = ("-p", "no:hypothesispytest") if args.no_hypothesis else ()
    plain_items = 0
    if args.pytest_alone:
        sys.path.insert(0, str(ROOT))
        from pytest_mmtau._discovery import DomainRegistry

        plain_items = len(DomainRegistry().get("telecom").with_split(args.split).tasks)
    probes = (1, 100, 1000, 2000, 2285)
    shown = ("collected", 1, 100, 1000, 2285)
    width = 21 if args.pytest_alone else 8
    print(f"{'run':<{width}} {'process':<7} {'items':>5} " + " ".join(f"{str(p):>9}" for p in shown)
          + f" {'items peak':>10} {'/100':>5} {'peak':>6} {'peak/100':>8} {'wall':>6}  (RSS in MB)")
    for mode in args.modes:
        label = f"{mode} (pytest alone)" if plain_items else mode
        for proc in run(mode, args.split, probes, plain_items, report=not args.no_report, extra=extra):
            points, end = proc["points"], proc["points"].get("exit", {})
            cells = [f"{points[p]['VmRSS']:>9}" if p in points else f"{'-':>9}" for p in shown]
            peak = end.get("VmHWM", 0)
            # the peak while the items ran: at the end of the session, before any plugin's end of run (the report,
            # the terminal summaries)
            items_peak = points.get("finish", {}).get("VmHWM", 0)
            at_100 = points.get(100, {}).get("VmRSS")
            ratio = f"{peak / at_100:8.3f}" if at_100 else f"{'-':>8}"
            items_ratio = f"{items_peak / at_100:5.3f}" if at_100 and items_peak else f"{'-':>5}"
            print(f"{label:<{width}} {proc['role']:<7} {end.get('items', 0):>5} " + " ".join(cells)
                  + f" {items_peak:>10} {items_ratio} {peak:>6} {ratio} {proc['wall']:>5.0f}s")
        if not plain_items and not args.no_report:
            print(f"{'':<{width}} report: {proc['report_mb']:.1f} MB")


if __name__ == "__main__":
    main()
