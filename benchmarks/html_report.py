"""Benchmark of the HTML report: render time, page size, and how long headless Chromium takes to open it.

Pages (``tests/report_samples.py``):

* **1 MB per turn**: an agent that says 1 MB in every turn (cut to the report's 20,000 characters per turn, as the
  plugin stores it) failing every trial of ``--items`` items (default 60 × 4 trials × 12 turns: 58 MB of
  conversation in the JSON report);
* **team suite**: 300 items over 12 tests, 34 failing, long ids, a baseline, a falsifying example;
* ``--report PATH``: any JSON report, e.g. the example suite's.

For each page: the render time (secrets assumed masked, as the run hands the report over), the page's size, and
two Chromium figures, medians of ``--rounds``:

* **open**: wall time of ``chromium --headless --dump-dom`` on the page (browser start included);
* **load + layout**: inside the browser, from setting an iframe's ``src`` to the page's load event with its layout
  forced, then the same with every ``<details>`` opened (someone expanding everything).

Target, printed with PASS or MISS: any report of a 1 MB-per-turn agent opens in under 5 s.

Run from the repository root (Chromium at /usr/bin/chromium, ``make sysdeps``)::

    .venv/bin/python benchmarks/html_report.py
    .venv/bin/python benchmarks/html_report.py --report mmtau-report.json --rounds 5
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from report_samples import bulky_report, team_report  # noqa: E402

from pytest_mmtau.report import Scrubbed  # noqa: E402
from pytest_mmtau.report._html import render_html  # noqa: E402

TARGET_S = 5.0
TIMER = """<!DOCTYPE html><html><body>
<iframe id="f" style="width:1280px;height:1000px;border:0"></iframe>
<script>
const f = document.getElementById("f"), started = performance.now();
f.addEventListener("load", () => {
  const d = f.contentDocument;
  d.documentElement.scrollHeight;  // forces layout
  const loaded = performance.now() - started;
  d.querySelectorAll("details").forEach(e => { e.open = true; });
  d.documentElement.scrollHeight;
  document.body.setAttribute("data-ms", JSON.stringify([loaded, performance.now() - started]));
});
f.src = "page.html";
</script></body></html>"""


def _chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([shutil.which("chromium") or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                           "--no-first-run", "--disable-background-networking", "--disable-component-update",
                           "--disable-sync", "--disable-dev-shm-usage", f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def _measure(name: str, report: dict[str, Any], rounds: int, folder: Path) -> float:
    started = time.perf_counter()
    page = render_html(Scrubbed(report))
    rendered = time.perf_counter() - started
    (folder / "page.html").write_text(page, encoding="utf-8")
    (folder / "timer.html").write_text(TIMER, encoding="utf-8")
    opens, inside = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        shown = _chromium(folder / "profile", "--dump-dom", (folder / "page.html").as_uri())
        opens.append(time.perf_counter() - started)
        assert shown.returncode == 0, shown.stderr[-1000:]
        timed = _chromium(folder / "profile", "--dump-dom", "--allow-file-access-from-files",
                          "--virtual-time-budget=60000", (folder / "timer.html").as_uri())
        found = re.search(r'data-ms="([^"]*)"', timed.stdout)
        if found:
            inside.append(json.loads(html.unescape(found.group(1))))
    conversation = sum(len(str(turn.get("text", ""))) for t in report["trials"] if t.get("transcript")
                       for turn in t["transcript"].get("turns") or [])
    load = statistics.median(ms[0] for ms in inside) / 1000 if inside else float("nan")
    expanded = statistics.median(ms[1] for ms in inside) / 1000 if inside else float("nan")
    print(f"{name}: {len(report['trials'])} trials, {conversation / 1e6:.1f} MB of conversation in the report; "
          f"render {rendered:.2f} s; page {len(page) / 1e6:.2f} MB; open {statistics.median(opens):.2f} s; "
          f"load + layout {load:.2f} s, with every <details> open {expanded:.2f} s")
    return statistics.median(opens)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=60, help="failing items of the 1 MB-per-turn page")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--report", type=Path, help="also measure this JSON report")
    args = parser.parse_args(argv)
    if shutil.which("chromium") is None:
        print("chromium is not installed (make sysdeps); nothing measured")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        worst = _measure(f"1 MB per turn, {args.items} failing items", bulky_report(args.items), args.rounds, folder)
        worst = max(worst, _measure("1 MB per turn, 2 failing items", bulky_report(2), args.rounds, folder))
        _measure("team suite, 300 items", team_report(), args.rounds, folder)
        if args.report is not None:
            _measure(str(args.report), json.loads(args.report.read_text()), args.rounds, folder)
    print(f"target: a 1 MB-per-turn agent's report opens in < {TARGET_S:g} s: "
          f"{'PASS' if worst < TARGET_S else 'MISS'} (slowest {worst:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
