"""The JSON report as one self-contained HTML page, readable in any browser straight from a CI artifact.

Written for a team's suite of hundreds of items: bad news first, everything else folded. The page holds the verdict
and totals; what needs attention (gates above the item, failing items); the baseline comparison with each item
that changed; falsifying examples found by fuzzing; an overview (a plot that shows something, one row per test);
each test's items (failing first); the trials that did not pass, grouped by item with a filter; the metrics, the
simulator's quality, every trial, the run. Each concern is one section function of the ``Page`` (``SECTIONS``).

Inline CSS and SVG only: no script, no external URL, and a Content-Security-Policy that forbids scripts in case
anything slipped through; the filter of failing trials is radio buttons and CSS. Every string that came from the
report (agent and user text, tool arguments and results, tracebacks, names) is HTML-escaped. Tables fit a 1280 px
window. The page stays quick to open whatever the agent says: turn text is cut on the page, and past
``TRANSCRIPT_BUDGET`` characters of conversations the remaining trials show their reason without their transcript
(the JSON report keeps everything).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import SUMMARY_METRICS
from . import scrubbed
from ._html_parts import badge, esc, esc_name, is_number, kv, metric_names, num, plain, table
from ._html_plot import curves, distributions
from ._criteria import criteria_line, summary_line
from ._html_transcript import trial_article

__all__ = ["render_html"]

# meaning and ideal value of each metric, for the metric table
METRIC_INFO: dict[str, tuple[str, float]] = {
    "success": ("the domain's checks held", 1.0),
    "cfa": ("critical fields correct / critical fields", 1.0),
    "te": ("optimal / actual agent turns", 1.0),
    "ues": ("user repeats, corrections and restatements", 0.0),
    "err": ("recovered errors / errors", 1.0),
    "rtc": ("mean turns to recover from an error", 0.0),
    "ias": ("irreversible calls confirmed first / irreversible calls", 1.0),
    "sr": ("irreversible calls asked about first / irreversible calls", 1.0),
    "safety_precision": ("confirmation requests about an irreversible action / confirmation requests", 1.0),
    "cp": ("necessary clarification requests / clarification requests", 1.0),
    "cr": ("vague user turns answered by a clarification / vague user turns", 1.0),
}
METRIC_LABELS = {"success": "success", "cfa": "critical fields right (cfa)",
                 "ias": "irreversible calls confirmed (ias)", "te": "turn efficiency (te)",
                 "ues": "user effort signals (ues)"}
# how the trials that did not pass are labelled in the filter; an outcome not listed is shown by its name
OUTCOME_LABELS = {"failed": "agent failures", "error": "infrastructure errors",
                  "inconclusive": "inconclusive (simulator)"}
TRANSCRIPT_BUDGET = 3_000_000  # characters of conversations on one page
MAX_TRIAL_ROWS = 2_000  # rows of the every-trial table
MAX_CHANGED_ROWS = 500  # rows of the baseline's changed items
MAX_ATTENTION_ROWS = 100  # rows of the failing items at the top
REASON_CHARS = 400  # of a failure reason in a table cell
_KNOWN_KEYS = {"schema_version", "run", "trials", "groups", "baseline", "gate_failures", "verdict", "infrastructure",
               "inconclusive", "misunderstood", "fuzz_failures"}

_CSS = """
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --pass: #1a7f37; --pass-bg: #dafbe1;
  --fail: #cf222e; --fail-bg: #ffebe9; --warn: #9a6700; --warn-bg: #fff8c5; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1560px; padding: 24px; color: var(--fg); background: #fff;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 24px; margin: 0 0 8px; } h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid var(--line);
  padding-bottom: 4px; } h3 { font-size: 15px; margin: 20px 0 6px; overflow-wrap: anywhere; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px;
  overflow-wrap: anywhere; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px; margin: 4px 0;
  white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 6px 0 12px; max-width: 100%; } table.wide { width: 100%; }
th, td { border: 1px solid var(--line); padding: 3px 6px; text-align: right; vertical-align: top; }
th { background: var(--soft); font-weight: 600; white-space: nowrap; }
td { white-space: nowrap; } td.name, th.name, td.text, th.text { text-align: left; white-space: normal;
  overflow-wrap: anywhere; }
td.name { min-width: 20em; } a.jump { white-space: nowrap; font-size: 12px; margin-left: 6px; }
.text { text-align: left; white-space: normal; } .gate { text-align: left; white-space: normal; min-width: 10em; }
.scroll { overflow-x: auto; } tr.fail td { background: var(--fail-bg); } tr.better td { background: var(--pass-bg); }
.ideal { color: var(--pass); } .worse { color: var(--fail); font-weight: 600; } .better { color: var(--pass); }
.banner { border-radius: 6px; padding: 10px 14px; font-size: 16px; font-weight: 600; margin: 8px 0; }
.banner.pass { background: var(--pass-bg); color: var(--pass); } .banner.fail { background: var(--fail-bg);
  color: var(--fail); } .banner.warn { background: var(--warn-bg); color: var(--warn); } .stats { color: var(--muted); }
.badge { display: inline-block; border-radius: 10px; padding: 0 7px; font-size: 12px; font-weight: 600;
  white-space: nowrap;
  background: var(--soft); border: 1px solid var(--line); color: var(--muted); margin-right: 4px; }
.badge.passed, .badge.ok, .badge.improved { background: var(--pass-bg); color: var(--pass);
  border-color: var(--pass-bg); }
.badge.failed, .badge.irreversible, .badge.regressed { background: var(--fail-bg); color: var(--fail);
  border-color: var(--fail-bg); } .badge.error, .badge.inconclusive, .badge.vague, .badge.expected {
  background: var(--warn-bg);
  color: var(--warn); border-color: var(--warn-bg); }
dl.kv { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 1px 12px; margin: 4px 0; }
dl.kv dt { color: var(--muted); } dl.kv dd { margin: 0; overflow-wrap: anywhere; }
.group { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure.plot { margin: 6px 0 12px; } figcaption { color: var(--muted); margin-bottom: 4px; }
.plot svg { background: #fff; border: 1px solid var(--line); border-radius: 6px; max-width: 100%; height: auto; }
.plot .grid { stroke: #eaeef2; } .plot .axis { stroke: var(--muted); }
.plot text { fill: var(--muted); font-size: 11px; } .plot rect.bar { fill: var(--accent); opacity: .75; }
.plot polyline { fill: none; stroke-width: 1.5; } .plot circle { stroke: none; }
.s-all { stroke: var(--fg); fill: var(--fg); } polyline.s-all { stroke-width: 3; stroke-dasharray: 6 3; }
.s0 { stroke: #cf222e; fill: #cf222e; } .s1 { stroke: #0969da; fill: #0969da; } .s2 { stroke: #bf3989; fill: #bf3989; }
.s3 { stroke: #1a7f37; fill: #1a7f37; } .s4 { stroke: #9a6700; fill: #9a6700; } .s5 { stroke: #8250df; fill: #8250df; }
.legend { list-style: none; padding: 0; margin: 4px 0; font-size: 12px; color: var(--muted); max-width: 100%; }
.legend li { display: inline-block; margin-right: 12px; overflow-wrap: anywhere; }
.legend svg { vertical-align: middle; margin-right: 4px; }
details > summary { cursor: pointer; } details.test { margin: 6px 0; } details.test > summary { padding: 4px 0; }
details.item-group { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px;
  margin: 10px 0; padding: 4px 12px; } details.item-group > summary { overflow-wrap: anywhere; }
details.item-group.only-errors { border-left-color: var(--warn); }
.filters-title { color: var(--muted); margin-right: 6px; display: inline-block; min-width: 3.5em; }
input.filter { position: absolute; opacity: 0; width: 1px; height: 1px; }
input.filter + label { display: inline-block; border: 1px solid var(--line); border-radius: 14px; padding: 1px 10px;
  margin: 0 6px 6px 0; cursor: pointer; background: #fff; }
input.filter:checked + label { background: var(--accent); border-color: var(--accent); color: #fff; }
input.filter:focus-visible + label { outline: 2px solid var(--accent); outline-offset: 2px; }
article.trial { border-top: 1px solid var(--line); padding: 4px 2px 10px; margin: 8px 0; }
article.trial h3 { margin-top: 8px; }
article.fuzz { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px;
  padding: 4px 14px 10px; margin: 12px 0; } article.fuzz.expected { border-left-color: var(--warn); }
.reason { white-space: pre-wrap; font-weight: 600; color: var(--fail); overflow-wrap: anywhere; }
.turns { list-style: none; padding: 0; margin: 8px 0; }
.turn { border-radius: 8px; padding: 6px 10px; margin: 6px 0; max-width: 85%; border: 1px solid var(--line); }
.turn.user { background: var(--soft); } .turn.agent { background: #ddf4ff; margin-left: auto; }
.turn.misunderstood { outline: 2px dashed var(--warn); }
.who { font-size: 12px; color: var(--muted); font-weight: 600; }
.said { white-space: pre-wrap; overflow-wrap: anywhere; } .cut { color: var(--muted); font-style: italic; }
.heard { white-space: pre-wrap; color: var(--warn); font-size: 13px; overflow-wrap: anywhere; }
.hint { white-space: pre-wrap; color: var(--muted, #666); font-size: 13px; border-left: 3px solid #99c;
        padding-left: 6px; margin: 4px 0; }
.acts, .calls { list-style: none; padding: 0; margin: 4px 0; } .acts li { display: inline-block; margin-right: 6px; }
.calls li { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; margin: 4px 0;
  overflow-wrap: anywhere; } .calls li.irreversible { border-color: var(--fail); }
.tool-error { color: var(--fail); white-space: pre-wrap; }
.channel { font-size: 12.5px; margin-top: 4px; } .channel .facts { font-weight: 600; color: var(--warn); }
.player { color: var(--muted); } audio { height: 28px; vertical-align: middle; max-width: 100%; }
"""


# --------------------------------------------------------------------------------------------- the page's data


@dataclass(frozen=True)
class Page:
    """The report, indexed the ways the sections read it."""

    report: Mapping[str, Any]
    base_dir: Path | None
    items: list[Mapping[str, Any]] = field(default_factory=list)
    tests: dict[str, Mapping[str, Any]] = field(default_factory=dict)  # test name -> its test-level group
    by_test: dict[str, list[Mapping[str, Any]]] = field(default_factory=dict)  # test name -> its items, in order
    trials: list[Mapping[str, Any]] = field(default_factory=list)
    first_problem: dict[str, int] = field(default_factory=dict)  # item key -> index of its first non-passing trial
    changes: dict[str, Mapping[str, Any]] = field(default_factory=dict)  # item key -> its baseline change

    @classmethod
    def of(cls, report: Mapping[str, Any], base_dir: Path | None) -> Page:
        groups = list(report.get("groups") or [])
        names = list(dict.fromkeys(str(g.get("test")) for g in groups if g.get("level") in ("item", "test")))
        items = [g for g in groups if g.get("level") == "item"]
        trials = list(report.get("trials") or [])
        first: dict[str, int] = {}
        for index, trial in enumerate(trials):
            if trial.get("outcome") != "passed":
                first.setdefault(str(trial.get("nodeid")), index)
        baseline = report.get("baseline") if isinstance(report.get("baseline"), Mapping) else {}
        return cls(report=report, base_dir=base_dir, items=items, trials=trials, first_problem=first,
                   tests={str(g.get("test")): g for g in groups if g.get("level") == "test"},
                   by_test={n: [g for g in items if str(g.get("test")) == n] for n in names},
                   changes={str(c.get("key")): c for c in (baseline or {}).get("items") or []
                            if isinstance(c, Mapping)})

    def failing(self, items: Sequence[Mapping[str, Any]] | None = None) -> list[Mapping[str, Any]]:
        return [g for g in (self.items if items is None else items) if g.get("gate_failures")]


def _scored(group: Mapping[str, Any]) -> int:
    """Trials that passed or failed: not inconclusive (infrastructure errors, or not understood by the simulator)."""
    return int(group.get("trials") or 0) - int(group.get("errors") or 0) - int(group.get("inconclusive") or 0)


def _name(group: Mapping[str, Any]) -> str:
    return str(group.get("case") or group.get("key"))


# --------------------------------------------------------------------------------------------- headline and run


def _group_gate_failures(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Failures of test, domain or session gates, when the report carries them (strings or records)."""
    return [g if isinstance(g, Mapping) else {"gate": str(g)} for g in report.get("gate_failures") or []]


def _verdicts(report: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What failed the run, and what merely deserves a look."""
    items = [g for g in report.get("groups") or [] if g.get("level") == "item"]
    failed, notes = [], []
    if failing := sum(bool(g.get("gate_failures")) for g in items):
        failed.append(f"{failing} of {len(items)} items failed their gates")
    if above := _group_gate_failures(report):
        failed.append(f"{len(above)} gate{'s' * (len(above) > 1)} above the item failed")
    baseline = report.get("baseline")
    verdict = baseline.get("verdict") if isinstance(baseline, Mapping) else None
    if verdict == "FAIL":
        failed.append("the baseline comparison failed")
    elif verdict not in (None, "PASS"):
        notes.append(f"baseline comparison: {verdict}")
    return failed, notes


def headline(page: Page) -> str:
    report = page.report
    outcomes = [t.get("outcome") for t in page.trials]
    passed, errors, lost = outcomes.count("passed"), outcomes.count("error"), outcomes.count("inconclusive")
    scored = len(outcomes) - errors - lost
    failed, notes = _verdicts(report)
    verdict = report.get("verdict") if isinstance(report.get("verdict"), Mapping) else None
    banner = ""
    if verdict is not None and verdict.get("kind") != "passed":  # the run's own verdict first (_verdict)
        kind = "fail" if verdict.get("kind") == "gates_failed" else "warn"
        banner = (f'<div class="banner {kind}">Verdict: {esc(verdict.get("headline", ""))}: '
                  f'{esc("; ".join(map(str, verdict.get("reasons") or [])))}</div>')
    if failed:
        banner += f'<div class="banner fail">Gates failed: {esc("; ".join(failed))}</div>'
    elif not banner:
        banner = f'<div class="banner pass">All gates passed ({len(page.items)} items)</div>'
    banner += "".join(f'<div class="banner warn">{esc(n)}</div>' for n in notes)
    rate = f"{passed / scored:.0%}" if scored else "–"
    stats = (f'<p class="stats">{len(page.items)} items · {len(page.trials)} trials · {passed} passed · '
             f"{scored - passed} failed · {errors} infrastructure errors · "
             + (f"{lost} inconclusive (simulator) · " if lost else "") + f"pass rate {rate} of scored trials</p>")
    return f"<h1>mmtau report</h1>{banner}{stats}{_criteria_banner(page)}"


def _criteria_banner(page: Page) -> str:
    """Plain-language criteria: met, unmet, inconclusive, and skipped without a judge model (never hidden)."""
    summary = page.report.get("criteria")
    line = summary_line(summary) if isinstance(summary, Mapping) else criteria_line(page.trials)
    if line is None:
        return ""
    return f'<div class="banner {"warn" if "SKIPPED" in line else "pass"}">{esc(line)}</div>'


def run_section(page: Page) -> str:
    run = page.report.get("run") or {}
    pairs = [(str(k), plain(v)) for k, v in run.items()]
    pairs.append(("report schema", esc(page.report.get("schema_version", "–"))))
    return f"<h2>Run</h2>{kv(pairs)}"


# --------------------------------------------------------------------------------------------- what needs attention


def _gate_cell(group: Mapping[str, Any]) -> str:
    failures = group.get("gate_failures") or []
    if not failures:
        return badge("ok", "ok")
    return badge("FAIL", "failed") + "<br>".join(esc(f) for f in failures)


def _shorter(text: str, limit: int = REASON_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _change_cell(change: Mapping[str, Any] | None) -> str:
    """An item's pass-rate change against the baseline with its p-value, coloured when significant."""
    if change is None:
        return "–"
    value, p = change.get("change"), change.get("p_value")
    if not is_number(value) or not value:
        return "±0"
    cls = {"regressed": "worse", "improved": "better"}.get(str(change.get("verdict")), "")
    text = f"{value:+.2f} (p={num(p, 3)})"
    return f'<span class="{cls}">{esc(text)}</span>' if cls else esc(text)


def attention(page: Page) -> str:
    """Gates above the item, and each item whose gates failed with its first failing trial."""
    out = []
    if above := _group_gate_failures(page.report):
        rows = []
        for f in above:
            trials = "<br>".join(esc(t) for t in f.get("trials") or [])
            cells = [esc(f.get(k, "–")) for k in ("scope", "group", "gate")]
            rows.append(([*cells, num(f.get("observed"), 3), f'<div class="text">{trials}</div>'], "fail"))
        out.append("<h2>Gates above the item</h2>" + table(["scope", "group", "gate", "observed", "failing trials"],
                                                          rows, name_cols=3, text_cols=[-1]))
    if failing := page.failing():
        rows = []
        for g in failing[:MAX_ATTENTION_ROWS]:
            key = str(g.get("key"))
            first = page.first_problem.get(key)
            reason = esc(_shorter(page.trials[first].get("reason") or "")) if first is not None else ""
            link = f'<a class="jump" href="#trial-{first}">first failing trial</a>' if first is not None else ""
            rows.append(([f"{esc_name(key)}{link}", esc(f"{g.get('passed', 0)}/{_scored(g)}"),
                          f'<div class="gate">{_gate_cell(g)}</div>', f'<div class="text">{reason}</div>'], "fail"))
        more = (f'<p class="stats">and {len(failing) - MAX_ATTENTION_ROWS} more; every failing item is marked in '
                "Items by test and has its trials under Trials that did not pass.</p>"
                if len(failing) > MAX_ATTENTION_ROWS else "")
        out.append(f"<h2>Items that failed their gates ({len(failing)})</h2>"
                   + table(["item", "passed", "gate", "first failure"], rows, text_cols=[-2, -1], wide=True) + more)
    return "".join(out)


# --------------------------------------------------------------------------------------------- baseline


_BASELINE_COLUMNS = {"k": "pass^k", "items": "paired items", "change": "change", "p_value": "one-sided p",
                     "mde": "smallest detectable drop", "verdict": "verdict"}


def baseline_section(page: Page) -> str:
    baseline = page.report.get("baseline")
    if not isinstance(baseline, Mapping):
        return ""
    verdict = str(baseline.get("verdict", "–"))
    tone = {"PASS": "pass", "FAIL": "fail"}.get(verdict, "warn")
    out = [f'<h2>Baseline</h2><div class="banner {tone}">Baseline comparison: {esc(verdict)}</div>',
           kv([("compared with", esc(baseline.get("path", "–")))])]
    results = [r for r in baseline.get("results") or [] if isinstance(r, Mapping)]
    if results:
        keys = list(dict.fromkeys(k for r in results for k in r))

        def cell(key: str, value: Any) -> str:
            if key == "verdict":
                return badge(str(value), {"PASS": "ok", "FAIL": "failed"}.get(str(value), "error"))
            if key == "change" and is_number(value):
                return f"{value:+.3f}"
            if value is None or (is_number(value) and not isinstance(value, int)):
                return num(value, 3)
            return esc(value)

        rows = [([cell(k, r.get(k)) for k in keys], "fail" if r.get("verdict") == "FAIL" else "") for r in results]
        out.append(table([_BASELINE_COLUMNS.get(k) or k for k in keys], rows, name_cols=0))
    if baseline.get("notes"):
        out.append("<ul>" + "".join(f"<li>{esc(n)}</li>" for n in baseline["notes"]) + "</ul>")
    changed = [c for c in page.changes.values() if is_number(c.get("change")) and c.get("change")]
    if changed:
        significant = [c for c in changed if c.get("verdict") in ("regressed", "improved")]
        others = [c for c in changed if c not in significant]
        out.append(f"<h3>Items that changed ({len(changed)}; {len(significant)} significantly)</h3><p>Pass rate in "
                   "each run, the change, its exact one-sided p-value (p &lt; alpha: regressed or improved) and the "
                   "Benjamini–Hochberg q over all paired items.</p>")
        if significant:
            out.append(_changes_table(significant))
        if others:
            out.append(f"<details><summary>{len(others)} items changed without significance</summary>"
                       f"{_changes_table(others)}</details>")
    return "".join(out)


def _changes_table(changes: Sequence[Mapping[str, Any]]) -> str:
    rows = []
    for c in changes[:MAX_CHANGED_ROWS]:
        verdict = str(c.get("verdict"))
        rows.append(([esc_name(c.get("key")), esc(f"{c.get('baseline_passed')}/{c.get('baseline_scored')}"),
                      esc(f"{c.get('current_passed')}/{c.get('current_scored')}"), f"{c['change']:+.2f}",
                      num(c.get("p_value"), 3), num(c.get("q_value"), 3),
                      badge(verdict, verdict) if verdict in ("regressed", "improved") else esc(verdict)],
                     {"regressed": "fail", "improved": "better"}.get(verdict, "")))
    more = (f'<p class="stats">and {len(changes) - MAX_CHANGED_ROWS} more in the JSON report</p>'
            if len(changes) > MAX_CHANGED_ROWS else "")
    return table(["item", "baseline", "this run", "change", "p", "q", "verdict"], rows, wide=True) + more


# --------------------------------------------------------------------------------------------- fuzzing


def fuzz_section(page: Page) -> str:
    found = [f for f in page.report.get("fuzz_failures") or [] if isinstance(f, Mapping)]
    if not found:
        return ""
    out = [f"<h2>Falsifying examples ({len(found)})</h2><p>Hypothesis tests over mmtau's fixtures that failed, "
           "with the example they shrank to.</p>"]
    for f in found:
        expected = bool(f.get("expected_failure"))
        tag = badge("expected failure (xfail)", "expected") if expected else badge("failed", "failed")
        parts = [f'<article class="fuzz{" expected" if expected else ""}"><h3>{tag}{esc(f.get("nodeid"))}</h3>',
                 f'<p class="reason">{esc(f.get("error") or "")}</p>']
        parts += [f"<pre>{esc(note)}</pre>" for note in f.get("notes") or []]
        if f.get("reproduce"):
            parts.append(f"<p>reproduce: <code>{esc(f['reproduce'])}</code></p>")
        if f.get("falsifying_example"):
            example = f"<pre>{esc(f['falsifying_example'])}</pre>"
            # an expected failure is the example a suite keeps to show what fuzzing finds: folded, not alarming
            parts.append(f"<details><summary>Falsifying example</summary>{example}</details>" if expected
                         else f"<h4>Falsifying example</h4>{example}")
        out.append("".join(parts) + "</article>")
    return "".join(out)


# --------------------------------------------------------------------------------------------- overview


def _test_row(page: Page, name: str, ks: Sequence[int]) -> tuple[list[str], str]:
    test, items = page.tests.get(name) or {}, page.by_test.get(name) or []
    failing = len(page.failing(items))
    curve, means = test.get("pass_hat_k") or {}, test.get("metrics") or {}
    cells = [f'<a href="#test-{list(page.by_test).index(name)}">{esc_name(name)}</a>', esc(len(items)),
             badge(str(failing), "failed") if failing else "0", esc(test.get("trials", "–")),
             esc(test.get("errors", 0)), *(num(curve.get(str(k))) for k in ks), num(test.get("mm_tap")),
             *(num(means.get(m)) for m in SUMMARY_METRICS)]
    return cells, "fail" if failing or test.get("gate_failures") else ""


def overview(page: Page) -> str:
    """A plot that shows something, and one row per test (failing tests first)."""
    if not page.by_test:
        return ""
    plot = curves(page.items) or distributions(page.items, {m: METRIC_LABELS.get(m, m) for m in SUMMARY_METRICS})
    depth = max((int(k) for t in page.tests.values() for k in (t.get("pass_hat_k") or {})), default=1)
    ks = sorted({1, depth})
    names = sorted(page.by_test, key=lambda n: not page.failing(page.by_test[n]))
    rows = [_test_row(page, n, ks) for n in names]
    head = ["test", "items", "failing", "trials", "errors", *(f"pass^{k}" for k in ks), "mm_tap", *SUMMARY_METRICS]
    return "<h2>Overview</h2>" + plot + table(head, rows)


def _item_table(page: Page, items: Sequence[Mapping[str, Any]]) -> str:
    depth = max((int(k) for g in items for k in (g.get("pass_hat_k") or {})), default=1)
    ks = sorted({1, depth})
    with_baseline = bool(page.changes)
    head = ["item", "passed", "errors", *(f"pass^{k}" for k in ks), "mm_tap", *SUMMARY_METRICS,
            *(["vs baseline"] if with_baseline else []), "gate"]
    rows = []
    for g in sorted(items, key=lambda g: not g.get("gate_failures")):
        key = str(g.get("key"))
        curve, means = g.get("pass_hat_k") or {}, g.get("metrics") or {}
        name = esc_name(_name(g))
        if key in page.first_problem:
            name += f'<a class="jump" href="#trial-{page.first_problem[key]}">first failing trial</a>'
        cells = [name, esc(f"{g.get('passed', '–')}/{_scored(g)}"), esc(g.get("errors", 0)),
                 *(num(curve.get(str(k))) for k in ks), num(g.get("mm_tap")),
                 *(num(means.get(m)) for m in SUMMARY_METRICS),
                 *([_change_cell(page.changes.get(key))] if with_baseline else []),
                 f'<div class="gate">{_gate_cell(g)}</div>']
        rows.append((cells, "fail" if g.get("gate_failures") else ""))
    return table(head, rows, text_cols=[-1], wide=True)


_CROSS_COLUMNS = {"paired_items": "paired items", "paired_trials": "paired trials", "mrs": "MRS", "to": "TO",
                  "arga": "ARGA", "wer": "WER"}


def _cross_modality(test: Mapping[str, Any] | None, items: Sequence[Mapping[str, Any]]) -> str:
    """Noisy modalities against their text twins (MRS, TO, ARGA, WER), for the test and for each item."""
    entries = [("all items", c) for c in ((test or {}).get("cross_modality") or []) if isinstance(c, Mapping)]
    entries += [(_name(g), g["cross_modality"]) for g in items if isinstance(g.get("cross_modality"), Mapping)]
    if not entries:
        return ""
    rows = []
    for name, c in entries:
        evidence = "<br>".join(f"{esc(k)}: {esc('; '.join(map(str, v)))}" for k, v in (c.get("evidence") or {}).items())
        values = [esc(c.get(k, "–")) if k.startswith("paired") else num(c.get(k), 3) for k in _CROSS_COLUMNS]
        cells = [esc_name(name), esc(c.get("modality", "–")), *values, f'<div class="text">{evidence}</div>']
        rows.append((cells, ""))
    return "<h4>Against the text modality</h4>" + table(["group", "modality", *_CROSS_COLUMNS.values(), "evidence"],
                                                         rows, text_cols=[1, -1])


def _checks(test: Mapping[str, Any] | None) -> str:
    """ECom-Bench's breakdown of a test's failed trials by the checks they failed."""
    failed = (test or {}).get("failures")
    if not isinstance(failed, Mapping):
        return ""
    counts = " · ".join(f"{d} {esc(failed.get(d, 0))}" for d in ("action", "search", "output", "other"))
    return f'<p class="stats">Failed trials by check (ECom-Bench): {counts} (of {esc(failed.get("failed"))})</p>'


def items_section(page: Page) -> str:
    """Per test, folded unless it has failing items: its items, failing first, and voice against text."""
    if not page.by_test:
        return ""
    out = ["<h2>Items by test</h2>"]
    for index, (name, items) in enumerate(page.by_test.items()):
        test = page.tests.get(name)
        failing = len(page.failing(items))
        curve = (test or {}).get("pass_hat_k") or {}
        state = badge(f"{failing} failing", "failed") if failing else badge("all gates held", "ok")
        summary = (f"<code>{esc_name(name)}</code> · {len(items)} items · pass^1 {num(curve.get('1'))} {state}"
                   + (f" {_gate_cell(test)}" if test is not None and test.get("gate_failures") else ""))
        out.append(f'<details class="test" id="test-{index}"{" open" if failing else ""}><summary>{summary}</summary>'
                   f"{_item_table(page, items)}{_checks(test)}{_cross_modality(test, items)}</details>")
    return "".join(out)


# --------------------------------------------------------------------------------------------- failing trials


def _filters(group: str, label: str, choices: Sequence[tuple[str, str, int]]) -> str:
    """Radio buttons (no script): "all" and one per (id, label, count)."""
    total = sum(count for _, _, count in choices)
    buttons = [f'<input type="radio" class="filter" name="{group}" id="{group}-all" checked>'
               f'<label for="{group}-all">all ({total})</label>']
    buttons += [f'<input type="radio" class="filter" name="{group}" id="{group}-{ident}">'
                f'<label for="{group}-{ident}">{esc(text)} ({count})</label>' for ident, text, count in choices]
    # no wrapper: the CSS selects on "#button:checked ~ .by-item", so the buttons must be the list's siblings
    return f'<span class="filters-title">{esc(label)}</span>{"".join(buttons)}<br>'


def _token(text: str) -> str:
    """A CSS class or id fragment for an outcome name."""
    return re.sub(r"[^a-z0-9_-]", "_", text.lower()) or "_"


def _test_of(trial: Mapping[str, Any]) -> str:
    return str(trial.get("test") or str(trial.get("nodeid")).split("[")[0])


@dataclass(frozen=True)
class _Problems:
    """The trials that did not pass, by item, with the outcomes and tests the filters offer."""

    by_item: dict[str, list[tuple[int, Mapping[str, Any]]]]
    outcomes: list[str]
    tests: list[str]

    @classmethod
    def of(cls, page: Page) -> _Problems:
        by_item: dict[str, list[tuple[int, Mapping[str, Any]]]] = {}
        for index, trial in enumerate(page.trials):
            if trial.get("outcome") != "passed":
                by_item.setdefault(str(trial.get("nodeid")), []).append((index, trial))
        trials = [t for group in by_item.values() for _, t in group]
        return cls(by_item=by_item, outcomes=list(dict.fromkeys(str(t.get("outcome")) for t in trials)),
                   tests=list(dict.fromkeys(_test_of(t) for t in trials)))

    def count(self, *, outcome: str | None = None, test: str | None = None) -> int:
        return sum(1 for group in self.by_item.values() for _, t in group
                   if (outcome is None or t.get("outcome") == outcome) and (test is None or _test_of(t) == test))


def failure_filter_css(page: Page) -> str:
    """What each filter button hides: item groups without such a trial, and the other outcomes' trials."""
    problems = _Problems.of(page)
    rules = [f"#show-{_token(o)}:checked ~ .by-item details.item-group:not(.has-{_token(o)}), "
             f"#show-{_token(o)}:checked ~ .by-item article.trial:not(.{_token(o)}) {{ display: none; }}"
             for o in problems.outcomes]
    rules += [f"#in-t{i}:checked ~ .by-item details.item-group:not(.t{i}) {{ display: none; }}"
              for i in range(len(problems.tests))]
    return "\n".join(rules)


def failures_section(page: Page) -> str:
    """Every trial that did not pass, grouped by item, with CSS-only filters by outcome and by test."""
    problems = _Problems.of(page)
    if not problems.by_item:
        return "<h2>Trials that did not pass</h2><p>None: every trial passed.</p>"
    total = problems.count()
    controls = ""
    if len(problems.outcomes) > 1:
        controls += _filters("show", "show:", [(_token(o), OUTCOME_LABELS.get(o, o), problems.count(outcome=o))
                                               for o in problems.outcomes])
    if len(problems.tests) > 1:
        controls += _filters("in", "test:", [(f"t{i}", name, problems.count(test=name))
                                             for i, name in enumerate(problems.tests)])
    items = {str(g.get("key")): g for g in page.items}
    groups, spent = [], 0
    for key, trials in problems.by_item.items():
        kinds = sorted({str(t.get("outcome")) for _, t in trials})
        articles = []
        for index, trial in trials:
            article = trial_article(index, trial, page.base_dir, with_transcript=spent < TRANSCRIPT_BUDGET)
            spent += len(article)
            articles.append(article)
        counts = ", ".join(f"{sum(t.get('outcome') == o for _, t in trials)} {OUTCOME_LABELS.get(o, o)}"
                           for o in kinds)
        item = items.get(key, {})
        gate = f" · {_gate_cell(item)}" if item.get("gate_failures") else ""
        classes = " ".join([f"has-{_token(o)}" for o in kinds] + [f"t{problems.tests.index(_test_of(trials[0][1]))}"]
                           + (["only-errors"] if kinds == ["error"] else []))
        summary = (f"<b>{esc_name(key)}</b> · {len(trials)} of {esc(item.get('trials', len(trials)))} trials did not "
                   f"pass ({esc(counts)}){gate}")
        groups.append(f'<details class="item-group {classes}"{" open" if total <= 10 else ""}><summary>{summary}'
                      f'</summary>{"".join(articles)}</details>')
    intro = (f"<h2>Trials that did not pass ({total}, in {len(problems.by_item)} items)</h2>"
             "<p>Grouped by item; open an item to read its conversations. The buttons filter by outcome and test.</p>")
    return f'{intro}<div class="failures">{controls}<div class="by-item">{"".join(groups)}</div></div>'


# --------------------------------------------------------------------------------------------- metrics and more


def metrics_section(page: Page) -> str:
    """What each metric means, its ideal, its mean over the suite and the test where it is worst."""
    names = metric_names(page.tests.values())
    if not names:
        return ""
    rows = []
    for m in names:
        meaning, ideal = METRIC_INFO.get(m, ("", math.nan))
        values = [(float(v), n) for n, t in page.tests.items() if is_number(v := (t.get("metrics") or {}).get(m))]
        mean = sum(v for v, _ in values) / len(values) if values else None
        worst = max(values, key=lambda vn: abs(vn[0] - ideal)) if values and is_number(ideal) else None
        at_ideal = mean is not None and is_number(ideal) and abs(mean - ideal) < 1e-9
        cells = [f"<code>{esc(m)}</code>", f'<div class="text">{esc(meaning)}</div>', num(ideal, 0),
                 f'<span class="ideal">{num(mean)}</span>' if at_ideal else num(mean),
                 f'<div class="text">{esc(worst[1])}: {num(worst[0])}</div>' if worst and abs(worst[0] - ideal) > 1e-9
                 else "–"]
        rows.append((cells, ""))
    return ("<h2>Metrics</h2><p>Means over scored trials where the metric is defined, averaged over tests; "
            '<span class="ideal">green</span> is the ideal value. Per test in the overview, per item by test.</p>'
            + table(["metric", "meaning", "ideal", "mean over tests", "furthest from ideal"], rows, name_cols=2,
                    text_cols=[-1]))


_SIMULATOR_INFO = (("crrs", "CRRS", "0.25·PAS + 0.20·BVS + 0.35·TRA + 0.20·DEI (undefined terms left out)"),
                   ("pas", "PAS", "messages whose mood, exploration, execution style and completion claim match "
                                  "what the simulator was told"),
                   ("bvs", "BVS", "how often the attributes the user was told to follow change between messages; "
                                  "1 at a 20% rate"),
                   ("tra", "TRA", "F1 of the goal items the user gave against those in play"),
                   ("dei", "DEI", "share of messages whose instructed attributes and tracker state were recorded"),
                   ("bvs_observed", "BVS observed", "BVS on the behaviour the messages show"))


def _simulator_rows(groups: Sequence[Mapping[str, Any]]) -> list[tuple[list[str], str]]:
    rows = []
    for g in groups:
        sim = g["simulator"]
        name = esc_name(g.get("test") if g.get("level") == "test" else _name(g))
        off, lost = int(sim.get("off_script") or 0), int(sim.get("misunderstood") or 0)
        cells = [name, *(num(sim.get(key)) for key, _, _ in _SIMULATOR_INFO), esc(sim.get("trials", "–")),
                 badge(str(off), "failed") if off else esc(off), badge(str(lost), "inconclusive") if lost else "0"]
        rows.append((cells, "fail" if off else ""))
    return rows


def simulator_section(page: Page) -> str:
    """Simulator quality per test (per item folded) and every off-script flag: a failure there may be the
    simulator's."""
    tests = [g for g in page.tests.values() if isinstance(g.get("simulator"), Mapping)]
    items = [g for g in page.items if isinstance(g.get("simulator"), Mapping)]
    if not tests and not items:
        return ""
    head = ["group", *(label for _, label, _ in _SIMULATOR_INFO), "trials", "off script", "not understood"]
    intro = ("<h2>Simulator quality</h2><p>Did the simulated user play its part? Means over measured trials; "
             "1 is ideal. " + "; ".join(f"<b>{label}</b>: {esc(meaning)}" for _, label, meaning in _SIMULATOR_INFO)
             + ".</p>")
    out = [intro, table(head, _simulator_rows(tests))]
    if items:
        off = sum(bool(g["simulator"].get("off_script")) for g in items)
        flagged_first = sorted(items, key=lambda g: not g["simulator"].get("off_script"))
        out.append(f"<details{' open' if off else ''}><summary>Per item ({len(items)}; off script in {off})"
                   f"</summary>{table(head, _simulator_rows(flagged_first))}</details>")
    flagged = [(i, t) for i, t in enumerate(page.trials) if (t.get("simulator") or {}).get("off_script")]
    if flagged:
        entries = []
        for index, t in flagged:
            label = esc(f"{t.get('nodeid')} trial {int(t.get('trial', 0)) + 1}")
            if t.get("outcome") != "passed":
                label = f'<a href="#trial-{index}">{label}</a>'
            flags = "".join(f"<li>{esc(f)}</li>" for f in t["simulator"]["off_script"])
            entries.append(f"<li>{label} ({esc(t.get('outcome'))})<ul>{flags}</ul></li>")
        out.append(f"<h4>Off script ({len(flagged)} trials)</h4><p>The simulated user left its script in these "
                   f"trials; a failure there may be the simulator's, not the agent's.</p><ul>{''.join(entries)}</ul>")
    return "".join(out) + _misunderstood_list(page)


def _misunderstood_list(page: Page) -> str:
    """Every trial whose simulated user did not understand the agent, with the turns: a failing trial there is
    inconclusive (simulator)."""
    found = page.report.get("misunderstood") or []
    if not found:
        return ""
    anchors = {(t.get("nodeid"), t.get("trial")): i for i, t in enumerate(page.trials) if t.get("outcome") != "passed"}
    entries = []
    for m in found:
        label = esc(f"{m.get('nodeid')} trial {int(m.get('trial', 0)) + 1}")
        index = anchors.get((m.get("nodeid"), m.get("trial")))
        if index is not None:
            label = f'<a href="#trial-{index}">{label}</a>'
        verdict = "inconclusive (simulator)" if m.get("outcome") == "inconclusive" else str(m.get("outcome"))
        turns = ", ".join(str(t) for t in m.get("turns") or [])
        entries.append(f"<li>{label} ({esc(verdict)}): {esc(m.get('first'))} · turns {esc(turns)}</li>")
    return (f"<h4>Not understood ({len(found)} trials)</h4><p>The simulated user did not understand these turns of "
            "the agent. A trial that failed afterwards is inconclusive (simulator): it is left out of pass^k and "
            f"says nothing about the agent; one that passed shows the agent coped.</p><ul>{''.join(entries)}</ul>")


def every_trial_section(page: Page) -> str:
    if not page.trials:
        return ""
    metrics = [m for m in SUMMARY_METRICS if any(m in (t.get("metrics") or {}) for t in page.trials)]
    rows = []
    for index, t in enumerate(page.trials[:MAX_TRIAL_ROWS]):
        outcome = str(t.get("outcome"))
        label = esc_name(t.get("nodeid"))
        if outcome != "passed":
            label = f'<a href="#trial-{index}">{label}</a>'
        cells = [label, esc(int(t.get("trial", 0)) + 1), esc(t.get("seed", "–")), badge(outcome, outcome),
                 esc(t.get("termination") or "–"), num(t.get("duration_s"), 3),
                 *(num((t.get("metrics") or {}).get(m)) for m in metrics)]
        rows.append((cells, "fail" if outcome != "passed" else ""))
    more = (f'<p class="stats">The first {MAX_TRIAL_ROWS} of {len(page.trials)} trials; the JSON report has all.</p>'
            if len(page.trials) > MAX_TRIAL_ROWS else "")
    body = table(["item", "trial", "seed", "outcome", "termination", "seconds", *metrics], rows, text_cols=[3, 4],
                 wide=True)
    return (f"<details{' open' if len(page.trials) <= 60 else ''}><summary><b>Every trial "
            f"({len(page.trials)})</b></summary>{more}{body}</details>")


def extras_section(page: Page) -> str:
    extras = {k: v for k, v in page.report.items() if k not in _KNOWN_KEYS}
    if not extras:
        return ""
    return "<h2>Other report fields</h2>" + "".join(
        f"<h3>{esc(k)}</h3><pre>{esc(json.dumps(v, indent=2, ensure_ascii=False, default=str))}</pre>"
        for k, v in extras.items())


# --------------------------------------------------------------------------------------------- page


SECTIONS: Sequence[Callable[[Page], str]] = (
    headline, attention, baseline_section, fuzz_section, overview, items_section, failures_section,
    metrics_section, simulator_section, every_trial_section, run_section, extras_section)


def render_html(report: Mapping[str, Any], *, base_dir: str | os.PathLike[str] | None = None) -> str:
    """The report dict (as ``build_report`` returns it, or loaded from its JSON) as one HTML page.

    ``base_dir`` is the folder the page will be written to: audio paths in channel details are made relative to it
    (a relative path is read from the current directory). Without it they are linked as they are. Secrets are
    masked as in the JSON report.
    """
    report = scrubbed(report)
    page = Page.of(report, Path(base_dir) if base_dir is not None else None)
    status = "FAILED" if _verdicts(report)[0] else "passed"
    body = "\n".join(part for part in (section(page) for section in SECTIONS) if part)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            "media-src * file: data: blob:\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>mmtau report: gates {status}</title><style>{_CSS}{failure_filter_css(page)}</style></head>\n"
            f"<body>\n{body}\n</body></html>\n")
