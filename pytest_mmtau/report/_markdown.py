"""The JSON report as a compact GitHub-flavoured Markdown summary for a CI job page (``$GITHUB_STEP_SUMMARY``).

A headline (gate status, items, trials, pass rate, the baseline verdict), a table per test (pass^k by k, mm_tap
and the key metrics for each item and for the whole test, plus noisy modalities against text and the simulator's
quality), and the failing gates: those above the item, then each failing item with the reason of its first failing
trial (and a warning when the simulated user went off script in it). Text from the
report is escaped, so a reason holding ``|``, a backtick, a newline or markup can neither break a table nor add
formatting, links or HTML.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._secrets import scrub
from ..config import SUMMARY_METRICS
from ..simulator_metrics import off_script_sentence
from ._criteria import criteria_line

__all__ = ["render_markdown"]

MAX_FAILING_ITEMS = 50  # the list stops here, saying how many more there are
MAX_REASON_CHARS = 300
# Markdown punctuation that formats; an underscore only at a word's edge (inside snake_case it formats nothing)
_SPECIAL = re.compile(r"([\\`*\[\]|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")


def md_text(value: object, limit: int | None = None) -> str:
    """Plain text safe inside a table cell or a list item: one line, no control or bidi characters, Markdown and
    HTML characters escaped."""
    from .._display import printable

    text = printable(" ".join(str(value).split()))
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _SPECIAL.sub(r"\\\1", text)


def md_code(value: object) -> str:
    """An inline code span for names, with a fence longer than any backtick run inside (not for table cells)."""
    from .._display import printable

    text = printable(" ".join(str(value).split()))
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _num(value: object, digits: int = 2) -> str:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return f"{value:.{digits}f}" if ok else "–"


def _ks(groups: Iterable[Mapping[str, Any]]) -> list[int]:
    return sorted({int(k) for g in groups for k in (g.get("pass_hat_k") or {})})


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _headline(report: Mapping[str, Any]) -> list[str]:
    groups, trials = report.get("groups") or [], report.get("trials") or []
    items = [g for g in groups if g.get("level") == "item"]
    outcomes = [t.get("outcome") for t in trials]
    passed, errors = outcomes.count("passed"), outcomes.count("error")
    scored = len(outcomes) - errors
    failing_items = sum(bool(g.get("gate_failures")) for g in items)
    above = len(report.get("gate_failures") or [])
    found = report.get("baseline")
    baseline: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    failed = ([f"gates failed for {failing_items} of {len(items)} items"] if failing_items else []) + (
        [f"{_plural(above, 'gate')} above the item failed"] if above else []) + (
        ["the baseline comparison failed"] if baseline.get("verdict") == "FAIL" else [])
    status = "❌ " + "; ".join(failed) if failed else f"✅ all gates passed ({_plural(len(items), 'item')})"
    verdict = report.get("verdict") if isinstance(report.get("verdict"), Mapping) else None
    if verdict is not None and verdict.get("kind") not in ("passed", "gates_failed"):  # says more than the gates
        status = f"⚠️ {md_text(verdict.get('headline', ''))}: {md_text('; '.join(map(str, verdict.get('reasons') or [])))}"
    rate = f"{passed / scored:.0%}" if scored else "–"
    stats = (f"{_plural(len(items), 'item')} · {_plural(len(trials), 'trial')} · pass rate {rate} ({passed} of "
             f"{scored} scored) · {_plural(errors, 'infrastructure error')}")
    if errors:
        stats += " (not counted in pass^k)"
    run = report.get("run") or {}
    facts = [f"{name} {md_text(run[key])}" for key, name in (("seed", "seed"), ("profile", "profile"),
                                                             ("plugin_version", "pytest-mmtau")) if key in run]
    lines = [f"## mmtau: {status}", "", stats]
    if facts:
        lines += ["", " · ".join(facts)]
    return lines + _baseline(baseline)


def _baseline(baseline: Mapping[str, Any]) -> list[str]:
    """One line per k: the change of pass^k against the baseline, its p-value and verdict."""
    if not baseline:
        return []
    lines = ["", f"Baseline {md_code(baseline.get('path', '?'))}: **{md_text(baseline.get('verdict', '?'))}**"]
    for r in baseline.get("results") or []:
        if isinstance(r, Mapping) and isinstance(r.get("change"), (int, float)):
            lines.append(f"- pass^{md_text(r.get('k'))}: change {r['change']:+.3f} over {md_text(r.get('items'))} "
                         f"paired items, p = {_num(r.get('p_value'), 3)} → {md_text(r.get('verdict'))}")
    lines += [f"- {md_text(n, MAX_REASON_CHARS)}" for n in baseline.get("notes") or []]
    return lines


def _test_table(name: str, test: Mapping[str, Any] | None, items: Sequence[Mapping[str, Any]]) -> list[str]:
    everything = [*items, *([test] if test else [])]
    ks = _ks(everything)
    metrics = [m for m in SUMMARY_METRICS if any(m in (g.get("metrics") or {}) for g in everything)]
    head = ["item", "passed", *(f"pass^{k}" for k in ks), "mm_tap", *metrics, "gate"]
    lines = ["", f"### {md_code(name)}", "", _row(head), _row([":--", *(["--:"] * (len(head) - 2)), ":--"])]

    def values(g: Mapping[str, Any]) -> list[str]:
        curve, means = g.get("pass_hat_k") or {}, g.get("metrics") or {}
        return [*(_num(curve.get(str(k))) for k in ks), _num(g.get("mm_tap")), *(_num(means.get(m)) for m in metrics)]

    for g in items:
        scored = (g.get("trials") or 0) - (g.get("errors") or 0)
        gate = "❌ FAIL" if g.get("gate_failures") else "ok"
        name, ratio = md_text(g.get("case") or g.get("key")), md_text(f"{g.get('passed', '–')}/{scored}")
        lines.append(_row([name, ratio, *values(g), gate]))
    if test is not None:
        passed = sum(g.get("passed") or 0 for g in items)
        scored = (test.get("trials") or 0) - (test.get("errors") or 0)
        gate = "❌ FAIL" if test.get("gate_failures") else ""
        lines.append(_row(["**all**", f"{passed}/{scored}", *values(test), gate]))
        for c in test.get("cross_modality") or []:
            terms = " · ".join(f"{label} {_num(c.get(key))}" for key, label in (("mrs", "MRS"), ("to", "TO"),
                                                                               ("arga", "ARGA"), ("wer", "WER")))
            pairs = _plural(int(c.get("paired_items") or 0), "paired item")
            lines += ["", f"{md_text(c.get('modality'))} against text: {terms} ({pairs})"]
    failed = (test or {}).get("failures")
    if isinstance(failed, Mapping):
        counts = ", ".join(f"{d} {md_text(failed.get(d, 0))}" for d in ("action", "search", "output", "other"))
        lines += ["", f"Failed trials by check (ECom-Bench): {counts} (of {md_text(failed.get('failed', 0))})"]
    sim = (test or {}).get("simulator")
    if isinstance(sim, Mapping):
        terms = ", ".join(f"{label} {_num(sim.get(key))}" for key, label in (("pas", "PAS"), ("bvs", "BVS"),
                                                                          ("tra", "TRA"), ("dei", "DEI")))
        off = int(sim.get("off_script") or 0)
        flagged = [md_text(g.get("case") or g.get("key")) for g in items
                   if isinstance(g.get("simulator"), Mapping) and g["simulator"].get("off_script")]
        lines += ["", f"Simulator quality: CRRS {_num(sim.get('crrs'))} ({terms}); off script in {off} of "
                      f"{_plural(int(sim.get('trials') or 0), 'trial')}"
                  + (f" ({', '.join(flagged)})" if flagged else "")]
    return lines


def _first_failure(trials: Sequence[Mapping[str, Any]], key: str) -> Mapping[str, Any] | None:
    mine = [t for t in trials if t.get("nodeid") == key and t.get("outcome") != "passed"]
    return next((t for t in mine if t.get("outcome") == "failed"), mine[0] if mine else None)


def _failing_gates(report: Mapping[str, Any]) -> list[str]:
    groups = [g for g in report.get("groups") or [] if g.get("gate_failures")]
    above = [g if isinstance(g, Mapping) else {"gate": str(g)} for g in report.get("gate_failures") or []]
    if not groups and not above:
        return []
    trials = report.get("trials") or []
    lines = ["", "### Failing gates", ""]
    for g in above:
        observed = _num(g.get("observed")) if g.get("observed") is not None else "not measurable"
        where = " ".join(md_text(g[k]) for k in ("scope", "group") if g.get(k))
        lines.append(f"- {where + ': ' if where else ''}{md_text(g.get('gate'))} not met (observed {observed})")
    for g in groups[:MAX_FAILING_ITEMS]:
        lines.append(f"- {md_code(g.get('key'))}: {md_text('; '.join(map(str, g['gate_failures'])), MAX_REASON_CHARS)}")
        trial = _first_failure(trials, str(g.get("key")))
        if trial is not None:
            label = f"trial {int(trial.get('trial', 0)) + 1}, seed {md_text(trial.get('seed', '–'))}"
            if trial.get("failure"):
                label += f"; failed: {md_text(', '.join(map(str, trial['failure'])))}"
            reason = md_text(trial.get("reason") or trial.get("outcome"), MAX_REASON_CHARS)
            lines.append(f"  - first failing trial ({label}): {reason}")
            sentence = off_script_sentence((trial.get("simulator") or {}).get("off_script") or ())
            if sentence:
                lines.append(f"  - ⚠️ {md_text(sentence, MAX_REASON_CHARS)}")
    if len(groups) > MAX_FAILING_ITEMS:
        lines.append(f"- … and {len(groups) - MAX_FAILING_ITEMS} more failing items (see the full report)")
    return lines


def render_markdown(report: Mapping[str, Any]) -> str:
    """The report dict (as ``build_report`` returns it, or loaded from its JSON) as Markdown; secrets masked."""
    report = json.loads(scrub(json.dumps(report, default=str)))
    groups = report.get("groups") or []
    names = list(dict.fromkeys(str(g.get("test")) for g in groups if g.get("level") in ("item", "test")))
    tests = {str(g.get("test")): g for g in groups if g.get("level") == "test"}
    lines = _headline(report)
    criteria = criteria_line(report.get("trials") or [])
    if criteria is not None:
        lines += ["", f"⚠️ {md_text(criteria)}" if "SKIPPED" in criteria else md_text(criteria)]
    for name in names:
        items = [g for g in groups if g.get("level") == "item" and str(g.get("test")) == name]
        lines += _test_table(name, tests.get(name), items)
    lines += _failing_gates(report)
    return "\n".join(lines) + "\n"
