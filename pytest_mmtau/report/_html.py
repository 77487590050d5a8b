"""The JSON report as one self-contained HTML page, readable in any browser straight from a CI artifact.

Layout: headline and run metadata; per test a summary, a pass^k-over-k plot (inline SVG) and its items; a metric
table; the simulator's quality and off-script flags; then the transcript of every trial that did not pass. The
page has inline CSS and SVG only: no script, no external URL, and a Content-Security-Policy that forbids scripts in
case anything slipped through. Every string that came from the report (agent and user text, tool arguments and
results, tracebacks, names) is HTML-escaped.
"""

from __future__ import annotations

import contextlib
import html
import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .._secrets import scrub
from ..config import METRIC_NAMES
from ..simulator_metrics import off_script_sentence
from ._criteria import criteria_line

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
AUDIO_SUFFIXES = (".wav", ".mp3", ".ogg", ".oga", ".opus", ".flac", ".webm", ".m4a", ".aac")
MAX_JSON_CHARS = 4000  # tool results longer than this are cut in the transcript view
_KNOWN_KEYS = {"schema_version", "run", "trials", "groups", "baseline", "gate_failures", "verdict"}

_CSS = """
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --pass: #1a7f37; --pass-bg: #dafbe1;
  --fail: #cf222e; --fail-bg: #ffebe9; --warn: #9a6700; --warn-bg: #fff8c5; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 24px; color: var(--fg); background: #fff;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 24px; margin: 0 0 8px; } h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid var(--line);
  padding-bottom: 4px; } h3 { font-size: 15px; margin: 20px 0 6px; word-break: break-all; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px; margin: 4px 0;
  white-space: pre-wrap; word-break: break-word; }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 6px; text-align: right; vertical-align: top; }
th { background: var(--soft); font-weight: 600; } td.name, th.name { text-align: left; overflow-wrap: anywhere;
  min-width: 11em; } a.jump { white-space: nowrap; font-size: 12px; margin-left: 6px; }
.text { text-align: left; } .gate { text-align: left; min-width: 13em; } .scroll { overflow-x: auto; }
tr.fail td { background: var(--fail-bg); } .ideal { color: var(--pass); }
.banner { border-radius: 6px; padding: 10px 14px; font-size: 16px; font-weight: 600; margin: 8px 0; }
.banner.pass { background: var(--pass-bg); color: var(--pass); } .banner.fail { background: var(--fail-bg);
  color: var(--fail); } .banner.warn { background: var(--warn-bg); color: var(--warn); } .stats { color: var(--muted); }
.badge { display: inline-block; border-radius: 10px; padding: 0 7px; font-size: 12px; font-weight: 600;
  background: var(--soft); border: 1px solid var(--line); color: var(--muted); margin-right: 4px; }
.badge.passed, .badge.ok { background: var(--pass-bg); color: var(--pass); border-color: var(--pass-bg); }
.badge.failed, .badge.irreversible, .badge.error-tag { background: var(--fail-bg); color: var(--fail);
  border-color: var(--fail-bg); } .badge.error, .badge.vague { background: var(--warn-bg); color: var(--warn);
  border-color: var(--warn-bg); }
dl.kv { display: grid; grid-template-columns: max-content auto; gap: 1px 12px; margin: 4px 0; }
dl.kv dt { color: var(--muted); } dl.kv dd { margin: 0; word-break: break-word; }
.group { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure.plot { margin: 6px 0 12px; }
.plot svg { background: #fff; border: 1px solid var(--line); border-radius: 6px; }
.plot .grid { stroke: #eaeef2; } .plot .axis { stroke: var(--muted); }
.plot text { fill: var(--muted); font-size: 11px; }
.plot polyline { fill: none; stroke-width: 1.5; } .plot circle { stroke: none; }
.s-all { stroke: var(--accent); fill: var(--accent); } polyline.s-all { stroke-width: 3; }
.s-pass { stroke: var(--pass); fill: var(--pass); opacity: .55; } .s-fail { stroke: var(--fail); fill: var(--fail);
  opacity: .55; } .s0 { stroke: #0969da; fill: #0969da; } .s1 { stroke: #bf3989; fill: #bf3989; }
.s2 { stroke: #1a7f37; fill: #1a7f37; } .s3 { stroke: #9a6700; fill: #9a6700; } .s4 { stroke: #8250df;
  fill: #8250df; } .s5 { stroke: #cf222e; fill: #cf222e; }
.legend { list-style: none; padding: 0; margin: 4px 0; font-size: 12px; color: var(--muted); }
.legend li { display: inline-block; margin-right: 12px; } .legend svg { vertical-align: middle; margin-right: 4px; }
article.trial { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px;
  padding: 4px 14px 10px; margin: 16px 0; } article.trial.error { border-left-color: var(--warn); }
.reason { white-space: pre-wrap; font-weight: 600; color: var(--fail); }
.turns { list-style: none; padding: 0; margin: 8px 0; }
.turn { border-radius: 8px; padding: 6px 10px; margin: 6px 0; max-width: 85%; border: 1px solid var(--line); }
.turn.user { background: var(--soft); } .turn.agent { background: #ddf4ff; margin-left: auto; }
.who { font-size: 12px; color: var(--muted); font-weight: 600; }
.said { white-space: pre-wrap; word-break: break-word; }
.heard { white-space: pre-wrap; color: var(--warn); font-size: 13px; }
.hint { white-space: pre-wrap; color: var(--muted, #666); font-size: 13px; border-left: 3px solid #99c;
        padding-left: 6px; margin: 4px 0; }
.acts, .calls { list-style: none; padding: 0; margin: 4px 0; } .acts li { display: inline-block; margin-right: 6px; }
.calls li { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; margin: 4px 0; }
.calls li.irreversible { border-color: var(--fail); } .tool-error { color: var(--fail); white-space: pre-wrap; }
.channel { font-size: 12.5px; margin-top: 4px; } .channel .facts { font-weight: 600; color: var(--warn); }
.player { color: var(--muted); } audio { height: 28px; vertical-align: middle; }
details > summary { cursor: pointer; color: var(--muted); }
"""


# --------------------------------------------------------------------------------------------- small helpers


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _num(value: object, digits: int = 2) -> str:
    return f"{value:.{digits}f}" if _is_number(value) else "–"


def _json(value: object, limit: int = MAX_JSON_CHARS) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters)"


def _ks(curves: Iterable[Mapping[str, Any]]) -> list[int]:
    return sorted({int(k) for curve in curves for k in curve})


def _metric_names(groups: Iterable[Mapping[str, Any]]) -> list[str]:
    present = {name for g in groups for name in (g.get("metrics") or {})}
    return [m for m in METRIC_NAMES if m in present] + sorted(present - set(METRIC_NAMES))


def _table(head: Sequence[str], rows: Iterable[tuple[Sequence[str], str]], *, name_cols: int = 1) -> str:
    """``head`` is plain text; each row is (cells as HTML, row class); the first ``name_cols`` cells align left."""
    ths = "".join(f'<th class="name">{_esc(h)}</th>' if i < name_cols else f"<th>{_esc(h)}</th>"
                  for i, h in enumerate(head))
    body = []
    for cells, cls in rows:
        tds = "".join(f'<td class="name">{c}</td>' if i < name_cols else f"<td>{c}</td>" for i, c in enumerate(cells))
        body.append(f'<tr class="{cls}">{tds}</tr>' if cls else f"<tr>{tds}</tr>")
    return f'<div class="scroll"><table><thead><tr>{ths}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'


def _kv(pairs: Iterable[tuple[str, str]]) -> str:
    """A definition list; keys are plain text, values HTML."""
    return '<dl class="kv">' + "".join(f"<dt>{_esc(k)}</dt><dd>{v}</dd>" for k, v in pairs) + "</dl>"


def _badge(text: str, cls: str = "") -> str:
    return f'<span class="badge {_esc(cls)}">{_esc(text)}</span>'


def _plain(value: object) -> str:
    """Any JSON value as escaped text: lists comma-joined, objects as JSON."""
    if value is None or value == [] or value == {}:
        return "–"
    if isinstance(value, list) and all(not isinstance(v, (list, dict)) for v in value):
        return _esc(", ".join(str(v) for v in value))
    if isinstance(value, (list, dict)):
        return f"<code>{_esc(_json(value))}</code>"
    return _esc(value)


# --------------------------------------------------------------------------------------------- plot


def _plot(series: Sequence[tuple[str, Mapping[str, Any], str]], legend: Sequence[tuple[str, str]]) -> str:
    """pass^k over k as inline SVG: one polyline per (label, curve, css class); y from 0 to 1, x from k=1 to n."""
    ks = _ks(curve for _, curve, _ in series)
    if not ks:
        return ""
    n, width, height = max(ks), 380, 230
    left, right, top, bottom = 46, 14, 12, 42
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(k: int) -> float:
        return left + (plot_w / 2 if n == 1 else (k - 1) * plot_w / (n - 1))

    def y(v: float) -> float:
        return top + (1 - min(max(v, 0.0), 1.0)) * plot_h

    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="pass^k">']
    for v in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
                     f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
    step = max(1, math.ceil(n / 10))
    for k in range(1, n + 1, step):
        parts.append(f'<text x="{x(k):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{k}</text>')
    parts.append(f'<line class="axis" x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}"/>'
                 f'<line class="axis" x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}"/>'
                 f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">k</text>'
                 f'<text x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + plot_h / 2:.1f})">pass^k</text>')
    for label, curve, cls in series:
        points = sorted((int(k), v) for k, v in curve.items() if _is_number(v))
        coords = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in points)
        parts.append(f'<g><title>{_esc(label)}</title><polyline class="{cls}" points="{coords}"/>')
        parts.extend(f'<circle class="{cls}" cx="{x(k):.1f}" cy="{y(v):.1f}" r="{3 if cls == "s-all" else 2}">'
                     f"<title>{_esc(label)}: pass^{k} = {v:.3f}</title></circle>" for k, v in points)
        parts.append("</g>")
    parts.append("</svg>")
    keys = "".join(f'<li><svg width="18" height="8"><line class="{cls}" x1="0" x2="18" y1="4" y2="4" '
                   f'stroke-width="3"/></svg>{_esc(text)}</li>' for text, cls in legend)
    return f'<figure class="plot">{"".join(parts)}<ul class="legend">{keys}</ul></figure>'


# --------------------------------------------------------------------------------------------- summary sections


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


def _headline(report: Mapping[str, Any]) -> str:
    groups, trials = report.get("groups") or [], report.get("trials") or []
    items = [g for g in groups if g.get("level") == "item"]
    outcomes = [t.get("outcome") for t in trials]
    passed, errors = outcomes.count("passed"), outcomes.count("error")
    scored = len(outcomes) - errors
    failed, notes = _verdicts(report)
    verdict = report.get("verdict") if isinstance(report.get("verdict"), Mapping) else None
    banner = ""
    if verdict is not None and verdict.get("kind") != "passed":  # the run's own verdict first (_verdict)
        kind = "fail" if verdict.get("kind") == "gates_failed" else "warn"
        banner = (f'<div class="banner {kind}">Verdict: {_esc(verdict.get("headline", ""))}: '
                  f'{_esc("; ".join(map(str, verdict.get("reasons") or [])))}</div>')
    if failed:
        banner += f'<div class="banner fail">Gates failed: {_esc("; ".join(failed))}</div>'
    elif not banner:
        banner = f'<div class="banner pass">All gates passed ({len(items)} items)</div>'
    banner += "".join(f'<div class="banner warn">{_esc(n)}</div>' for n in notes)
    rate = f"{passed / scored:.0%}" if scored else "–"
    stats = (f'<p class="stats">{len(items)} items · {len(trials)} trials · {passed} passed · '
             f"{scored - passed} failed · {errors} infrastructure errors · pass rate {rate} of scored trials</p>")
    return f"<h1>mmtau report</h1>{banner}{stats}"


def _run_section(report: Mapping[str, Any]) -> str:
    run = report.get("run") or {}
    pairs = [(str(k), _plain(v)) for k, v in run.items()]
    pairs.append(("report schema", _esc(report.get("schema_version", "–"))))
    return f"<h2>Run</h2>{_kv(pairs)}"


def _group_row(group: Mapping[str, Any], ks: Sequence[int], metrics: Sequence[str]) -> list[str]:
    curve, means = group.get("pass_hat_k") or {}, group.get("metrics") or {}
    return ([_num(curve.get(str(k))) for k in ks] + [_num(group.get("mm_tap"))]
            + [_num(means.get(m)) for m in metrics])


def _gate_cell(group: Mapping[str, Any]) -> str:
    failures = group.get("gate_failures") or []
    if not failures:
        return _badge("ok", "ok")
    return _badge("FAIL", "failed") + "<br>".join(_esc(f) for f in failures)


def _item_table(items: Sequence[Mapping[str, Any]], first_failure: Mapping[str, int]) -> str:
    ks, metrics = _ks(g.get("pass_hat_k") or {} for g in items), _metric_names(items)
    head = ["item", "passed", "errors", *(f"pass^{k}" for k in ks), "mm_tap", *metrics, "gate"]
    rows = []
    for g in items:
        scored = (g.get("trials") or 0) - (g.get("errors") or 0)
        name = _esc(g.get("case") or g.get("key"))
        if g.get("key") in first_failure:
            name += f'<a class="jump" href="#trial-{first_failure[g["key"]]}">first failing trial</a>'
        cells = [name, _esc(f"{g.get('passed', '–')}/{scored}"), _esc(g.get("errors", 0)),
                 *_group_row(g, ks, metrics), f'<div class="gate">{_gate_cell(g)}</div>']
        rows.append((cells, "fail" if g.get("gate_failures") else ""))
    return _table(head, rows)


def _test_plot(test: Mapping[str, Any] | None, items: Sequence[Mapping[str, Any]]) -> str:
    """One thin line per item (green: gates held, red: gates failed) and a thick one for the test's mean."""
    series = [(str(g.get("case") or g.get("key")), g.get("pass_hat_k") or {},
               "s-fail" if g.get("gate_failures") else "s-pass") for g in items]
    kinds = {cls for _, _, cls in series}
    legend = [(text, cls) for text, cls in (("item passing its gates", "s-pass"), ("item failing its gates", "s-fail"))
              if cls in kinds]
    if test is not None:
        series.append(("all items (mean)", test.get("pass_hat_k") or {}, "s-all"))
        legend.insert(0, ("all items (mean)", "s-all"))
    return _plot(series, legend)


def _test_summary(test: Mapping[str, Any]) -> str:
    ks, metrics = _ks([test.get("pass_hat_k") or {}]), _metric_names([test])
    head = ["items", "trials", "errors", *(f"pass^{k}" for k in ks), "mm_tap", *metrics]
    cells = [_esc(test.get("items", "–")), _esc(test.get("trials", "–")), _esc(test.get("errors", 0)),
             *_group_row(test, ks, metrics)]
    table = _table(head, [(cells, "fail" if test.get("gate_failures") else "")], name_cols=0)
    return table + (f"<p>{_gate_cell(test)}</p>" if test.get("gate_failures") else "")


_CROSS_COLUMNS = {"paired_items": "paired items", "paired_trials": "paired trials", "mrs": "MRS", "to": "TO",
                  "arga": "ARGA", "wer": "WER"}


def _cross_modality(test: Mapping[str, Any] | None, items: Sequence[Mapping[str, Any]]) -> str:
    """Noisy modalities against their text twins (MRS, TO, ARGA, WER), for the test and for each item."""
    entries = [("all items", c) for c in ((test or {}).get("cross_modality") or []) if isinstance(c, Mapping)]
    entries += [(str(g.get("case") or g.get("key")), g["cross_modality"]) for g in items
                if isinstance(g.get("cross_modality"), Mapping)]
    if not entries:
        return ""
    rows = []
    for name, c in entries:
        evidence = "<br>".join(f"{_esc(k)}: {_esc('; '.join(map(str, v)))}"
                               for k, v in (c.get("evidence") or {}).items())
        values = [_esc(c.get(k, "–")) if k.startswith("paired") else _num(c.get(k), 3) for k in _CROSS_COLUMNS]
        rows.append(([_esc(name), _esc(c.get("modality", "–")), *values, f'<div class="text">{evidence}</div>'], ""))
    return "<h4>Against the text modality</h4>" + _table(["group", "modality", *_CROSS_COLUMNS.values(), "evidence"],
                                                          rows)


def _test_section(name: str, test: Mapping[str, Any] | None, items: Sequence[Mapping[str, Any]],
                  first_failure: Mapping[str, int]) -> str:
    summary = _test_summary(test) if test is not None else ""
    failed = (test or {}).get("failures")
    checks = ""
    if isinstance(failed, Mapping):
        counts = " · ".join(f"{d} {_esc(failed.get(d, 0))}" for d in ("action", "search", "output", "other"))
        checks = f'<p class="stats">Failed trials by check (ECom-Bench): {counts} (of {_esc(failed.get("failed"))})</p>'
    return (f'<h3>{_esc(name)}</h3><div class="group"><div>{summary}</div>{_test_plot(test, items)}</div>'
            + _item_table(items, first_failure) + checks + _cross_modality(test, items))


def _tests_section(groups: Sequence[Mapping[str, Any]], first_failure: Mapping[str, int]) -> str:
    names = list(dict.fromkeys(str(g.get("test")) for g in groups if g.get("level") in ("item", "test")))
    tests = {str(g.get("test")): g for g in groups if g.get("level") == "test"}
    out = ["<h2>Tests</h2>"]
    if len(tests) > 1:
        series = [(name, tests[name].get("pass_hat_k") or {}, f"s{i % 6}")
                  for i, name in enumerate(n for n in names if n in tests)]
        out.append("<p>pass^k of every test (the mean over its items):</p>"
                   + _plot(series, [(label, cls) for label, _, cls in series]))
    for name in names:
        items = [g for g in groups if g.get("level") == "item" and str(g.get("test")) == name]
        out.append(_test_section(name, tests.get(name), items, first_failure))
    return "".join(out)


def _gates_section(report: Mapping[str, Any]) -> str:
    failures = _group_gate_failures(report)
    if not failures:
        return ""
    rows = []
    for f in failures:
        trials = "<br>".join(_esc(t) for t in f.get("trials") or [])
        cells = [_esc(f.get(k, "–")) for k in ("scope", "group", "gate")]
        rows.append(([*cells, _num(f.get("observed"), 3), f'<div class="text">{trials}</div>'], "fail"))
    return "<h2>Gates above the item</h2>" + _table(["scope", "group", "gate", "observed", "failing trials"], rows,
                                                     name_cols=3)


_BASELINE_COLUMNS = {"k": "pass^k", "items": "paired items", "change": "change", "p_value": "one-sided p",
                     "mde": "smallest detectable drop", "verdict": "verdict"}


def _baseline_section(baseline: Any) -> str:
    if not isinstance(baseline, Mapping):
        return ""
    verdict = str(baseline.get("verdict", "–"))
    tone = {"PASS": "pass", "FAIL": "fail"}.get(verdict, "warn")
    out = [f'<h2>Baseline</h2><div class="banner {tone}">Baseline comparison: {_esc(verdict)}</div>',
           _kv([("compared with", _esc(baseline.get("path", "–")))])]
    results = [r for r in baseline.get("results") or [] if isinstance(r, Mapping)]
    if results:
        keys = list(dict.fromkeys(k for r in results for k in r))

        def cell(key: str, value: Any) -> str:
            if key == "verdict":
                return _badge(str(value), {"PASS": "ok", "FAIL": "failed"}.get(str(value), "error"))
            if key == "change" and _is_number(value):
                return f"{value:+.3f}"
            if value is None or (_is_number(value) and not isinstance(value, int)):
                return _num(value, 3)
            return _esc(value)

        rows = [([cell(k, r.get(k)) for k in keys], "fail" if r.get("verdict") == "FAIL" else "") for r in results]
        out.append(_table([_BASELINE_COLUMNS.get(k) or k for k in keys], rows, name_cols=0))
    if baseline.get("notes"):
        out.append("<ul>" + "".join(f"<li>{_esc(n)}</li>" for n in baseline["notes"]) + "</ul>")
    return "".join(out)


def _metrics_section(groups: Sequence[Mapping[str, Any]], trials: Sequence[Mapping[str, Any]]) -> str:
    tests = [g for g in groups if g.get("level") == "test"]
    names = _metric_names(groups)
    if not names:
        return ""
    rows = []
    for m in names:
        meaning, ideal = METRIC_INFO.get(m, ("", math.nan))
        cells = [f"<code>{_esc(m)}</code>", f'<div class="text">{_esc(meaning)}</div>', _num(ideal, 0)]
        for t in tests:
            value = (t.get("metrics") or {}).get(m)
            at_ideal = value is not None and _is_number(value) and abs(value - ideal) < 1e-9
            cells.append(f'<span class="ideal">{_num(value)}</span>' if at_ideal else _num(value))
        rows.append((cells, ""))
    intro = ("<h2>Metrics</h2><p>Means over scored trials where the metric is defined; "
             '<span class="ideal">green</span> is the ideal value.</p>')
    out = [intro,
           _table(["metric", "meaning", "ideal", *(str(t.get("test")) for t in tests)], rows, name_cols=2)]
    if trials:
        trial_metrics = [m for m in METRIC_NAMES if any(m in (t.get("metrics") or {}) for t in trials)]
        trial_rows = []
        for index, t in enumerate(trials):
            outcome = str(t.get("outcome"))
            label = _esc(str(t.get("nodeid")).rpartition("::")[2])  # the test's section names its file
            if outcome != "passed":
                label = f'<a href="#trial-{index}">{label}</a>'
            cells = [label, _esc(int(t.get("trial", 0)) + 1), _esc(t.get("seed", "–")), _badge(outcome, outcome),
                     _esc(t.get("termination") or "–"), _num(t.get("duration_s"), 3),
                     *(_num((t.get("metrics") or {}).get(m)) for m in trial_metrics)]
            trial_rows.append((cells, "fail" if outcome != "passed" else ""))
        table = _table(["item", "trial", "seed", "outcome", "termination", "seconds", *trial_metrics], trial_rows)
        out.append(f"<details{' open' if len(trials) <= 60 else ''}><summary>Every trial ({len(trials)})</summary>"
                   f"{table}</details>")
    return "".join(out)


_SIMULATOR_INFO = (("crrs", "CRRS", "0.25·PAS + 0.20·BVS + 0.35·TRA + 0.20·DEI (undefined terms left out)"),
                   ("pas", "PAS", "messages whose mood, exploration, execution style and completion claim match "
                                  "what the simulator was told"),
                   ("bvs", "BVS", "how often the attributes the user was told to follow change between messages; "
                                  "1 at a 20% rate"),
                   ("tra", "TRA", "F1 of the goal items the user gave against those in play"),
                   ("dei", "DEI", "share of messages whose instructed attributes and tracker state were recorded"),
                   ("bvs_observed", "BVS observed", "BVS on the behaviour the messages show"))


def _simulator_section(groups: Sequence[Mapping[str, Any]], trials: Sequence[Mapping[str, Any]]) -> str:
    """Simulator quality per test and item, and every off-script flag (a failure there may be the simulator's)."""
    measured = [g for g in groups if isinstance(g.get("simulator"), Mapping)]
    if not measured:
        return ""
    intro = ("<h2>Simulator quality</h2><p>Did the simulated user play its part? Means over measured trials; "
             "1 is ideal. " + "; ".join(f"<b>{label}</b>: {_esc(meaning)}" for _, label, meaning in _SIMULATOR_INFO)
             + ".</p>")
    rows = []
    for g in measured:
        sim = g["simulator"]
        name = _esc(g.get("test") if g.get("level") == "test" else g.get("case") or g.get("key"))
        if g.get("level") == "test":
            name = f"<b>{name}</b> (all items)"
        off = int(sim.get("off_script") or 0)
        cells = [name, *(_num(sim.get(key)) for key, _, _ in _SIMULATOR_INFO), _esc(sim.get("trials", "–")),
                 _badge(str(off), "failed") if off else _esc(off)]
        rows.append((cells, "fail" if off else ""))
    out = [intro, _table(["group", *(label for _, label, _ in _SIMULATOR_INFO), "trials", "off script"], rows)]
    flagged = [(i, t) for i, t in enumerate(trials) if (t.get("simulator") or {}).get("off_script")]
    if flagged:
        items = []
        for index, t in flagged:
            label = _esc(f"{t.get('nodeid')} trial {int(t.get('trial', 0)) + 1}")
            if t.get("outcome") != "passed":
                label = f'<a href="#trial-{index}">{label}</a>'
            flags = "".join(f"<li>{_esc(f)}</li>" for f in t["simulator"]["off_script"])
            items.append(f"<li>{label} ({_esc(t.get('outcome'))})<ul>{flags}</ul></li>")
        out.append(f"<h4>Off script ({len(flagged)} trials)</h4><p>The simulated user left its script in these "
                   f"trials; a failure there may be the simulator's, not the agent's.</p><ul>{''.join(items)}</ul>")
    return "".join(out)


# --------------------------------------------------------------------------------------------- transcripts


def _media_src(path: str, base_dir: Path | None) -> str:
    """A relative URL for a local audio file.

    With ``base_dir`` (the folder the page is written to) the path is made relative to it; a relative path is read
    as relative to the current directory, where the run wrote it. Quoting turns ``:`` into ``%3A``, so the result
    never carries a scheme such as ``javascript:``.
    """
    if base_dir is not None:
        with contextlib.suppress(ValueError):  # ValueError: another drive on Windows; keep the path as it is
            path = os.path.relpath(os.path.abspath(path), os.path.abspath(base_dir))
    return quote(path.replace(os.sep, "/"), safe="/-_.~")


def _audio_files(value: Any, label: str, found: dict[str, list[str]]) -> None:
    """Collect every audio file path in the details, with the keys that lead to it (``tts``, ``heard``...)."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            _audio_files(inner, f"{label}.{key}" if label else str(key), found)
    elif isinstance(value, list):
        for inner in value:
            _audio_files(inner, label, found)
    elif isinstance(value, str) and value.lower().endswith(AUDIO_SUFFIXES):
        found.setdefault(value, []).append(label.removeprefix("audio.") or "audio")


def _detail_value(key: str, value: Any) -> str:
    if isinstance(value, Mapping):
        return _details(value)
    if isinstance(value, list):
        if value and all(isinstance(v, Mapping) for v in value):  # e.g. recognised words with their confidence
            return "; ".join(", ".join(f"{_esc(k)} {_detail_value(str(k), v)}" for k, v in d.items()) for d in value)
        if any(isinstance(v, list) for v in value):
            return f"<code>{_esc(_json(value))}</code>"
        return ", ".join(_detail_value(key, v) for v in value) or "–"
    if _is_number(value) and not isinstance(value, int):
        return _esc(f"{value:.3f}" if key.lower() == "wer" else f"{value:.4g}")
    if isinstance(value, str) and value.lower().endswith(AUDIO_SUFFIXES):
        return f"<code>{_esc(value)}</code>"
    return "–" if value is None else _esc(value)


def _details(details: Mapping[str, Any]) -> str:
    """Details of any shape as a key/value list, WER first; nested mappings nest."""
    keys = sorted(details, key=lambda k: str(k).lower() != "wer")
    return _kv(("WER" if str(k).lower() == "wer" else str(k), _detail_value(str(k), details[k])) for k in keys)


def _channel(details: Mapping[str, Any], base_dir: Path | None) -> str:
    """What the channel did to a turn: WER and confidence up front, a player per audio file, the rest folded."""
    facts = [f"{label} {details[key]:.3f}" for key, label in (("wer", "WER"), ("confidence", "confidence"))
             if _is_number(details.get(key))]
    files: dict[str, list[str]] = {}
    _audio_files(details, "", files)
    players = "".join(f'<div class="player">{_esc(" = ".join(labels))} <audio controls preload="none" '
                      f'src="{_esc(_media_src(path, base_dir))}"></audio></div>' for path, labels in files.items())
    head = f'<div class="facts">{_esc(" · ".join(facts))}</div>' if facts else ""
    return (f'<div class="channel">{head}{players}<details><summary>channel details</summary>{_details(details)}'
            "</details></div>")


def _tool_call(call: Mapping[str, Any]) -> str:
    args = ", ".join(f"{k}={_json(v, 400)}" for k, v in (call.get("arguments") or {}).items())
    tags = [_badge(f"{call.get('side', 'agent')} side"), _badge(f"hosted by {call.get('hosted', 'env')}")]
    if call.get("irreversible"):
        tags.append(_badge("irreversible", "irreversible"))
    if call.get("critical"):
        tags.append(_badge("critical: " + ", ".join(map(str, call["critical"]))))
    parts = [f"<code>{_esc(call.get('name'))}({_esc(args)})</code> {''.join(tags)}"]
    if call.get("error"):
        parts.append(f'<div class="tool-error">error: {_esc(call["error"])}</div>')
    elif "result" in call:
        parts.append(f"<div>result: <code>{_esc(_json(call.get('result')))}</code></div>")
    return f'<li class="{"irreversible" if call.get("irreversible") else ""}">{"".join(parts)}</li>'


def _act(act: Mapping[str, Any]) -> str:
    inner = ", ".join(str(act[p]) for p in ("slot", "value") if act.get(p) not in (None, ""))
    label = f"{act.get('kind')}({inner})" if inner else str(act.get("kind"))
    return f"<li>{_badge(label, 'vague' if act.get('vague') else '')}</li>"


def _hint(hint: Mapping[str, Any]) -> str:
    """A persona hint the agent received before this turn (persona exposure 1 or 2)."""
    made = (f"inferred by {hint.get('source')} from the last {hint.get('window')} messages after "
            f"{hint.get('user_messages')} user messages" if hint.get("source") != "persona" else "the persona")
    return f'<div class="hint">agent was told ({_esc(made)}): {_esc(hint.get("text", ""))}</div>'


def _turn(turn: Mapping[str, Any], base_dir: Path | None, hints: Sequence[Mapping[str, Any]] = ()) -> str:
    role = "agent" if turn.get("role") == "agent" else "user"
    text, heard = str(turn.get("text") or ""), turn.get("heard")
    out = [f'<li class="turn {role}"><div class="who">{role.capitalize()} · turn {_esc(turn.get("index", "?"))}</div>',
           *(_hint(h) for h in hints),
           f'<div class="said">{_esc(text) if text else "<em>(no text)</em>"}</div>']
    if heard is not None and str(heard) != text:
        out.append(f'<div class="heard">heard: {_esc(heard)}</div>')
    if turn.get("acts"):
        out.append('<ul class="acts">' + "".join(_act(a) for a in turn["acts"]) + "</ul>")
    if turn.get("tool_calls"):
        out.append('<ul class="calls">' + "".join(_tool_call(c) for c in turn["tool_calls"]) + "</ul>")
    channel = turn.get("channel")
    if isinstance(channel, Mapping) and channel:
        out.append(_channel(channel, base_dir))
    elif channel:
        out.append(f'<div class="channel">{_plain(channel)}</div>')
    return "".join(out) + "</li>"


def _transcript(transcript: Mapping[str, Any], base_dir: Path | None) -> str:
    task, persona = transcript.get("task") or {}, transcript.get("persona") or {}
    traits = ", ".join(f"{k} {persona[k]}" for k in ("expertise", "emotion", "verbosity", "communication_style")
                       if k in persona)
    pairs = [("task", f"{_esc(task.get('id', '–'))}: {_esc(task.get('description', ''))}"),
             ("persona", f"{_esc(persona.get('name', '–'))}" + (f" ({_esc(traits)})" if traits else "")),
             ("domain", _esc(transcript.get("domain", "–"))), ("modality", _esc(transcript.get("modality", "–"))),
             ("persona exposure", _esc(transcript.get("persona_exposure", 0))),
             ("goal achieved", _esc(transcript.get("goal_achieved", "–"))),
             ("ended", _esc(f"{transcript.get('termination', '–')}: {transcript.get('termination_detail', '')}"))]
    if transcript.get("success_detail"):
        pairs.append(("success checks", "<br>".join(_esc(s) for s in transcript["success_detail"])))
    hints: dict[Any, list[Mapping[str, Any]]] = {}
    for hint in transcript.get("persona_hints") or []:
        hints.setdefault(hint.get("turn"), []).append(hint)
    out = [_kv(pairs), '<ol class="turns">',
           *(_turn(t, base_dir, hints.get(t.get("index"), ())) for t in transcript.get("turns") or []), "</ol>"]
    if transcript.get("agent_error"):
        out.append(f"<h4>Agent error</h4><pre>{_esc(transcript['agent_error'])}</pre>")
    return "".join(out)


def _trial(index: int, trial: Mapping[str, Any], base_dir: Path | None) -> str:
    outcome = str(trial.get("outcome"))
    meta = (f"trial {_esc(int(trial.get('trial', 0)) + 1)} · seed {_esc(trial.get('seed', '–'))} · persona "
            f"{_esc(trial.get('persona', '–'))} · {_esc(trial.get('modality', '–'))} · ended "
            f"{_esc(trial.get('termination') or '–')} · {_num(trial.get('duration_s'), 3)} s")
    checks = "".join(_badge(str(d), "error") for d in trial.get("failure") or ())  # ECom-Bench's dimensions
    out = [f'<article class="trial {_esc(outcome)}" id="trial-{index}">',
           f"<h3>{_badge(outcome, outcome)}{checks}{_esc(trial.get('nodeid'))}</h3>", f'<p class="stats">{meta}</p>']
    if trial.get("reason"):
        out.append(f'<p class="reason">{_esc(trial["reason"])}</p>')
    flags = (trial.get("simulator") or {}).get("off_script") or []
    if flags:
        out.append(f'<div class="banner warn">{_esc(off_script_sentence(flags))}</div>')
    if isinstance(trial.get("transcript"), Mapping):
        out.append(_transcript(trial["transcript"], base_dir))
    else:
        out.append("<p><em>No conversation was recorded for this trial.</em></p>")
    if trial.get("detail"):
        out.append(f"<h4>Traceback</h4><pre>{_esc(trial['detail'])}</pre>")
    return "".join(out) + "</article>"


def _failures_section(trials: Sequence[Mapping[str, Any]], base_dir: Path | None) -> str:
    failing = [(i, t) for i, t in enumerate(trials) if t.get("outcome") != "passed"]
    if not failing:
        return "<h2>Trials that did not pass</h2><p>None: every trial passed.</p>"
    return (f"<h2>Trials that did not pass ({len(failing)})</h2>"
            + "".join(_trial(i, t, base_dir) for i, t in failing))


def _extras_section(report: Mapping[str, Any]) -> str:
    extras = {k: v for k, v in report.items() if k not in _KNOWN_KEYS}
    if not extras:
        return ""
    return "<h2>Other report fields</h2>" + "".join(
        f"<h3>{_esc(k)}</h3><pre>{_esc(json.dumps(v, indent=2, ensure_ascii=False, default=str))}</pre>"
        for k, v in extras.items())


# --------------------------------------------------------------------------------------------- page


def render_html(report: Mapping[str, Any], *, base_dir: str | os.PathLike[str] | None = None) -> str:
    """The report dict (as ``build_report`` returns it, or loaded from its JSON) as one HTML page.

    ``base_dir`` is the folder the page will be written to: audio paths in channel details are made relative to it
    (a relative path is read from the current directory). Without it they are linked as they are. Secrets are
    masked as in the JSON report.
    """
    report = json.loads(scrub(json.dumps(report, default=str)))
    groups, trials = list(report.get("groups") or []), list(report.get("trials") or [])
    base = Path(base_dir) if base_dir is not None else None
    first_failure: dict[str, int] = {}
    for index, trial in enumerate(trials):
        if trial.get("outcome") != "passed":
            first_failure.setdefault(str(trial.get("nodeid")), index)
    status = "FAILED" if _verdicts(report)[0] else "passed"
    criteria = criteria_line(trials)
    body = [_headline(report),
            f'<div class="banner {"warn" if "SKIPPED" in criteria else "pass"}">{_esc(criteria)}</div>'
            if criteria is not None else "",
            _run_section(report), _gates_section(report), _baseline_section(report.get("baseline")),
            _tests_section(groups, first_failure), _metrics_section(groups, trials),
            _simulator_section(groups, trials), _failures_section(trials, base),
            _extras_section(report)]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            "media-src * file: data: blob:\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>mmtau report: gates {status}</title><style>{_CSS}</style></head>\n<body>\n"
            + "\n".join(part for part in body if part) + "\n</body></html>\n")
