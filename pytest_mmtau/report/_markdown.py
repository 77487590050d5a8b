"""The JSON report as a compact GitHub-flavoured Markdown summary for a CI job page (``$GITHUB_STEP_SUMMARY``).

A headline (gate status, items, trials, pass rate), a table per test (pass^k by k, mm_tap and the key metrics for
each item and for the whole test) and the failing items with their gate failures and the reason of their first
failing trial. Text from the report is escaped, so a reason holding ``|``, a backtick, a newline or markup can
neither break a table nor add formatting, links or HTML.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._secrets import scrub
from ..config import SUMMARY_METRICS

__all__ = ["render_markdown"]

MAX_FAILING_ITEMS = 50  # the list stops here, saying how many more there are
MAX_REASON_CHARS = 300
# Markdown punctuation that formats; an underscore only at a word's edge (inside snake_case it formats nothing)
_SPECIAL = re.compile(r"([\\`*\[\]|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")


def md_text(value: object, limit: int | None = None) -> str:
    """Plain text safe inside a table cell or a list item: one line, Markdown and HTML characters escaped."""
    text = " ".join(str(value).split())
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _SPECIAL.sub(r"\\\1", text)


def md_code(value: object) -> str:
    """An inline code span for names, with a fence longer than any backtick run inside (not for table cells)."""
    text = " ".join(str(value).split())
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _num(value: object) -> str:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return f"{value:.2f}" if ok else "–"


def _ks(groups: Iterable[Mapping[str, Any]]) -> list[int]:
    return sorted({int(k) for g in groups for k in (g.get("pass_hat_k") or {})})


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _headline(report: Mapping[str, Any]) -> list[str]:
    groups, trials = report.get("groups") or [], report.get("trials") or []
    items = [g for g in groups if g.get("level") == "item"]
    failing = [g for g in groups if g.get("gate_failures")]
    outcomes = [t.get("outcome") for t in trials]
    passed, errors = outcomes.count("passed"), outcomes.count("error")
    scored = len(outcomes) - errors
    failing_items = sum(g.get("level") == "item" for g in failing)
    if not failing:
        status = f"✅ all gates passed ({_plural(len(items), 'item')})"
    elif failing_items == len(failing):
        status = f"❌ gates failed for {failing_items} of {len(items)} items"
    else:
        status = f"❌ {len(failing)} gates failed ({failing_items} of {len(items)} items)"
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
        lines.append(_row([md_text(g.get("case") or g.get("key")), f"{g.get('passed', '–')}/{scored}", *values(g),
                           gate]))
    if test is not None:
        passed = sum(g.get("passed") or 0 for g in items)
        scored = (test.get("trials") or 0) - (test.get("errors") or 0)
        gate = "❌ FAIL" if test.get("gate_failures") else ""
        lines.append(_row(["**all**", f"{passed}/{scored}", *values(test), gate]))
    return lines


def _first_failure(trials: Sequence[Mapping[str, Any]], key: str) -> Mapping[str, Any] | None:
    mine = [t for t in trials if t.get("nodeid") == key and t.get("outcome") != "passed"]
    return next((t for t in mine if t.get("outcome") == "failed"), mine[0] if mine else None)


def _failing_items(report: Mapping[str, Any]) -> list[str]:
    failing = [g for g in report.get("groups") or [] if g.get("gate_failures")]
    if not failing:
        return []
    trials = report.get("trials") or []
    lines = ["", "### Failing gates", ""]
    for g in failing[:MAX_FAILING_ITEMS]:
        where = md_code(g.get("key"))
        if g.get("level") != "item":
            where = f"{md_text(g.get('level'))} {where}"
        lines.append(f"- {where}: {md_text('; '.join(map(str, g['gate_failures'])), MAX_REASON_CHARS)}")
        trial = _first_failure(trials, str(g.get("key")))
        if trial is not None:
            label = f"trial {int(trial.get('trial', 0)) + 1}, seed {md_text(trial.get('seed', '–'))}"
            reason = md_text(trial.get("reason") or trial.get("outcome"), MAX_REASON_CHARS)
            lines.append(f"  - first failing trial ({label}): {reason}")
    if len(failing) > MAX_FAILING_ITEMS:
        lines.append(f"- … and {len(failing) - MAX_FAILING_ITEMS} more (see the full report)")
    return lines


def render_markdown(report: Mapping[str, Any]) -> str:
    """The report dict (as ``build_report`` returns it, or loaded from its JSON) as Markdown; secrets masked."""
    report = json.loads(scrub(json.dumps(report, default=str)))
    groups = report.get("groups") or []
    names = list(dict.fromkeys(str(g.get("test")) for g in groups if g.get("level") in ("item", "test")))
    tests = {str(g.get("test")): g for g in groups if g.get("level") == "test"}
    lines = _headline(report)
    for name in names:
        items = [g for g in groups if g.get("level") == "item" and str(g.get("test")) == name]
        lines += _test_table(name, tests.get(name), items)
    lines += _failing_items(report)
    return "\n".join(lines) + "\n"
