"""The JSON report as a GitHub-flavoured Markdown summary for a CI job page (``$GITHUB_STEP_SUMMARY``) or a pull
request comment.

Always under ``MAX_CHARS`` (GitHub refuses comments over 65,536 characters), whatever the suite's size. Bad news
comes first and stays visible: the headline (verdict, items, trials, pass rate), failing gates with each failing
item's first failing trial, the trials whose simulated user did not understand the agent, falsifying examples found
by Hypothesis, the baseline comparison with the items that changed. Then one row per test (failing tests first)
and, collapsed in ``<details>``, each test's item table (failing items first) with its noisy modalities against
text and its simulator quality. Each section has a share of the budget; what does not fit is counted and left to
the JSON and HTML reports.

Text from the report is escaped, so a reason holding ``|``, a backtick, a newline or markup can neither break a
table nor add formatting, links or HTML.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..config import SUMMARY_METRICS
from ..simulator_metrics import off_script_sentence
from . import scrubbed
from ._criteria import criteria_line

__all__ = ["MAX_CHARS", "render_markdown"]

MAX_CHARS = 60_000
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


def html_text(value: object, limit: int | None = None) -> str:
    """Text inside an HTML element (a ``<summary>``): one line, printable, HTML-escaped (Markdown is not read)."""
    from .._display import printable

    text = printable(" ".join(str(value).split()))
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return html.escape(text, quote=False)


def _code_block(text: str) -> list[str]:
    """A fenced block that nothing inside can close."""
    from .._display import printable

    body = printable(text)
    fence = "`" * max(3, max((len(run) for run in re.findall(r"`+", body)), default=0) + 1)
    return [fence, *body.splitlines(), fence]


def _fit(lines: Sequence[str], budget: int, more: Callable[[int], str]) -> list[str]:
    """As many of ``lines`` as fit in ``budget`` characters, then ``more(left out)`` when some were left out."""
    if sum(len(line) + 1 for line in lines) <= budget:
        return list(lines)
    kept: list[str] = []
    used = len(more(len(lines))) + 1
    for line in lines:
        if used + len(line) + 1 > budget:
            break
        kept.append(line)
        used += len(line) + 1
    return [*kept, more(len(lines) - len(kept))]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _num(value: object, digits: int = 2) -> str:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return f"{value:.{digits}f}" if ok else "–"


def _ks(groups: Iterable[Mapping[str, Any]]) -> list[int]:
    return sorted({int(k) for g in groups for k in (g.get("pass_hat_k") or {})})


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _items(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [g for g in report.get("groups") or [] if g.get("level") == "item"]


def _failing_first(groups: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return sorted(groups, key=lambda g: not g.get("gate_failures"))  # stable: report order otherwise


# --------------------------------------------------------------------------------------------- sections


def headline(report: Mapping[str, Any], budget: int) -> list[str]:
    groups, trials = report.get("groups") or [], report.get("trials") or []
    items = [g for g in groups if g.get("level") == "item"]
    outcomes = [t.get("outcome") for t in trials]
    passed, errors, lost = outcomes.count("passed"), outcomes.count("error"), outcomes.count("inconclusive")
    scored = len(outcomes) - errors - lost
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
        reasons = md_text("; ".join(map(str, verdict.get("reasons") or [])), 1000)
        status = f"⚠️ {md_text(verdict.get('headline', ''))}: {reasons}"
    rate = f"{passed / scored:.0%}" if scored else "–"
    stats = (f"{_plural(len(items), 'item')} · {_plural(len(trials), 'trial')} · pass rate {rate} ({passed} of "
             f"{scored} scored) · {_plural(errors, 'infrastructure error')}")
    if lost:
        stats += f" · {lost} inconclusive (simulator: the simulated user did not understand the agent)"
    if errors or lost:
        stats += " (not counted in pass^k)"
    run = report.get("run") or {}
    facts = [f"{name} {md_text(run[key])}" for key, name in (("seed", "seed"), ("profile", "profile"),
                                                             ("plugin_version", "pytest-mmtau")) if key in run]
    lines = [f"## mmtau: {status}", "", stats]
    return lines + (["", " · ".join(facts)] if facts else [])


def criteria(report: Mapping[str, Any], budget: int) -> list[str]:
    """Plain-language criteria: met, unmet, inconclusive, and skipped without a judge model (never hidden)."""
    line = criteria_line(report.get("trials") or [])
    if line is None:
        return []
    return ["", f"⚠️ {md_text(line)}" if "SKIPPED" in line else md_text(line)]


def misunderstood(report: Mapping[str, Any], budget: int) -> list[str]:
    """Every trial whose simulated user did not understand the agent, with the turn."""
    found = report.get("misunderstood") or []
    if not found:
        return []
    lines = ["", "### The simulated user did not understand the agent", "",
             "A trial that failed afterwards is inconclusive (simulator): left out of pass^k, it says nothing "
             "about the agent. One that passed shows the agent coped.", ""]
    entries = []
    for m in found:
        verdict = "inconclusive (simulator)" if m.get("outcome") == "inconclusive" else m.get("outcome")
        more = f" (+{len(m['turns']) - 1} more)" if len(m.get("turns") or ()) > 1 else ""
        entries.append(f"- {md_code(m.get('nodeid'))} trial {int(m.get('trial', 0)) + 1} ({md_text(verdict)}): "
                       f"{md_text(m.get('first'), MAX_REASON_CHARS)}{more}")
    more_line = "- … and {} more trials (see the JSON report)".format
    return lines + _fit(entries, budget - sum(len(line) + 1 for line in lines), more_line)


def _first_failure(trials: Sequence[Mapping[str, Any]], key: str) -> Mapping[str, Any] | None:
    mine = [t for t in trials if t.get("nodeid") == key and t.get("outcome") != "passed"]
    return next((t for t in mine if t.get("outcome") == "failed"), mine[0] if mine else None)


def failing_gates(report: Mapping[str, Any], budget: int) -> list[str]:
    """Gates above the item, then each failing item with the reason of its first failing trial."""
    groups = [g for g in report.get("groups") or [] if g.get("level") == "item" and g.get("gate_failures")]
    above = [g if isinstance(g, Mapping) else {"gate": str(g)} for g in report.get("gate_failures") or []]
    if not groups and not above:
        return []
    trials = report.get("trials") or []
    entries: list[str] = []
    for g in above:
        observed = _num(g.get("observed")) if g.get("observed") is not None else "not measurable"
        where = " ".join(md_text(g[k]) for k in ("scope", "group") if g.get(k))
        entries.append(f"- {where + ': ' if where else ''}{md_text(g.get('gate'))} not met (observed {observed})")
    for g in groups[:MAX_FAILING_ITEMS]:
        entry = [f"- {md_code(g.get('key'))}: {md_text('; '.join(map(str, g['gate_failures'])), MAX_REASON_CHARS)}"]
        trial = _first_failure(trials, str(g.get("key")))
        if trial is not None:
            label = f"trial {int(trial.get('trial', 0)) + 1}, seed {md_text(trial.get('seed', '–'))}"
            if trial.get("failure"):
                label += f"; failed: {md_text(', '.join(map(str, trial['failure'])))}"
            reason = md_text(trial.get("reason") or trial.get("outcome"), MAX_REASON_CHARS)
            entry.append(f"  - first failing trial ({label}): {reason}")
            sentence = off_script_sentence((trial.get("simulator") or {}).get("off_script") or ())
            if sentence:
                entry.append(f"  - ⚠️ {md_text(sentence, MAX_REASON_CHARS)}")
        entries.append("\n".join(entry))
    left = len(groups) - MAX_FAILING_ITEMS
    kept = _fit(entries, budget - 40,
                lambda n: f"- … and {n + max(left, 0)} more failing items (see the full report)")
    if left > 0 and len(kept) == len(entries):
        kept.append(f"- … and {left} more failing items (see the full report)")
    return ["", "### Failing gates", "", *kept]


def fuzz_failures(report: Mapping[str, Any], budget: int) -> list[str]:
    """Falsifying examples Hypothesis found in tests over mmtau's fixtures."""
    found = report.get("fuzz_failures") or []
    if not found:
        return []
    entries = []
    for f in found:
        expected = " (expected failure, xfail)" if f.get("expected_failure") else ""
        entry = [f"- {md_code(f.get('nodeid'))}{expected}: {md_text(f.get('error'), MAX_REASON_CHARS)}"]
        if f.get("reproduce"):
            entry.append(f"  - reproduce: {md_code(f['reproduce'])}")
        if f.get("falsifying_example"):
            entry += ["", "  <details><summary>falsifying example</summary>", "",
                      *(f"  {line}" for line in _code_block(str(f["falsifying_example"]))), "", "  </details>"]
        entries.append("\n".join(entry))
    title = f"### Fuzzing: {_plural(len(found), 'falsifying example')}"
    more = "- … and {} more (see the JSON report)".format
    return ["", title, "", *_fit(entries, budget - len(title) - 4, more)]


def baseline(report: Mapping[str, Any], budget: int) -> list[str]:
    """The change of pass^k against the baseline, its p-value and verdict, and the items that changed."""
    base = report.get("baseline")
    if not isinstance(base, Mapping):
        return []
    lines = ["", f"### Baseline {md_code(base.get('path', '?'))}: **{md_text(base.get('verdict', '?'))}**", ""]
    for r in base.get("results") or []:
        if isinstance(r, Mapping) and isinstance(r.get("change"), (int, float)):
            lines.append(f"- pass^{md_text(r.get('k'))}: change {r['change']:+.3f} over {md_text(r.get('items'))} "
                         f"paired items, p = {_num(r.get('p_value'), 3)} → {md_text(r.get('verdict'))}")
    lines += [f"- {md_text(n, MAX_REASON_CHARS)}" for n in base.get("notes") or []]
    changed = [i for i in base.get("items") or [] if isinstance(i, Mapping) and i.get("change")]
    if not changed:
        return lines
    head = ["", _row(["item", "baseline", "this run", "change", "p", "q", "verdict"]),
            _row([":--", "--:", "--:", "--:", "--:", "--:", ":--"])]
    rows = [_row([md_text(i.get("key")),
                  f"{i.get('baseline_passed')}/{i.get('baseline_scored')}",
                  f"{i.get('current_passed')}/{i.get('current_scored')}", f"{i['change']:+.2f}",
                  _num(i.get("p_value"), 3), _num(i.get("q_value"), 3),
                  ("**regressed**" if i.get("verdict") == "regressed" else md_text(i.get("verdict")))])
            for i in changed]
    significant = sum(i.get("verdict") in ("regressed", "improved") for i in changed)
    lines += ["", f"{_plural(len(changed), 'item')} changed; {significant} significantly (p < alpha per item; q is "
                  "the Benjamini–Hochberg adjustment over all paired items):"]
    room = budget - sum(len(line) + 1 for line in lines) - sum(len(line) + 1 for line in head)
    return lines + head + _fit(rows, room, lambda n: f"\n… and {n} more changed items (see the JSON report)")


def _test_row(name: str, test: Mapping[str, Any], items: Sequence[Mapping[str, Any]], ks: Sequence[int]) -> str:
    failing = sum(bool(g.get("gate_failures")) for g in items)
    passed = sum(int(g.get("passed") or 0) for g in items)
    scored = int(test.get("trials") or 0) - int(test.get("errors") or 0) - int(test.get("inconclusive") or 0)
    curve = test.get("pass_hat_k") or {}
    return _row([md_text(name), str(len(items)),
                 f"❌ {failing}" if failing else "0", f"{passed}/{scored}",
                 *(_num(curve.get(str(k))) for k in ks), _num(test.get("mm_tap"))])


def tests_overview(report: Mapping[str, Any], budget: int) -> list[str]:
    """One row per test, failing tests first."""
    groups = report.get("groups") or []
    tests = [g for g in groups if g.get("level") == "test"]
    if not tests:
        return []
    by_test = {str(t.get("test")): [g for g in _items(report) if g.get("test") == t.get("test")] for t in tests}
    tests.sort(key=lambda t: not any(g.get("gate_failures") for g in by_test[str(t.get("test"))]))
    depth = max((max(map(int, t.get("pass_hat_k") or {"1": 0})) for t in tests), default=1)
    ks = sorted({1, depth})
    head = [_row(["test", "items", "failing", "passed", *(f"pass^{k}" for k in ks), "mm_tap"]),
            _row([":--", *(["--:"] * (4 + len(ks)))])]
    rows = [_test_row(str(t.get("test")), t, by_test[str(t.get("test"))], ks) for t in tests]
    title = f"### Tests ({len(tests)})"
    room = budget - len(title) - sum(len(line) + 1 for line in head) - 8
    return ["", title, "", *head, *_fit(rows, room, lambda n: f"\n… and {n} more tests (see the JSON report)")]


def _test_table(test: Mapping[str, Any] | None, items: Sequence[Mapping[str, Any]], budget: int) -> list[str]:
    everything = [*items, *([test] if test else [])]
    ks = _ks(everything)
    metrics = [m for m in SUMMARY_METRICS if any(m in (g.get("metrics") or {}) for g in everything)]
    head = ["item", "passed", *(f"pass^{k}" for k in ks), "mm_tap", *metrics, "gate"]
    lines = [_row(head), _row([":--", *(["--:"] * (len(head) - 2)), ":--"])]

    def values(g: Mapping[str, Any]) -> list[str]:
        curve, means = g.get("pass_hat_k") or {}, g.get("metrics") or {}
        return [*(_num(curve.get(str(k))) for k in ks), _num(g.get("mm_tap")), *(_num(means.get(m)) for m in metrics)]

    rows = []
    for g in _failing_first(items):
        scored = (g.get("trials") or 0) - (g.get("errors") or 0) - (g.get("inconclusive") or 0)
        gate = "❌ FAIL" if g.get("gate_failures") else "ok"
        name, ratio = md_text(g.get("case") or g.get("key")), md_text(f"{g.get('passed', '–')}/{scored}")
        rows.append(_row([name, ratio, *values(g), gate]))
    if test is not None:
        passed = sum(g.get("passed") or 0 for g in items)
        scored = (test.get("trials") or 0) - (test.get("errors") or 0) - (test.get("inconclusive") or 0)
        gate = "❌ FAIL" if test.get("gate_failures") else ""
        lines.append(_row(["**all**", f"{passed}/{scored}", *values(test), gate]))  # the mean first: it is kept
    room = budget - sum(len(line) + 1 for line in lines)
    lines += _fit(rows, room, lambda n: f"\n… and {n} more items (see the JSON or HTML report)")
    for c in (test or {}).get("cross_modality") or []:
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
                  + (f" ({', '.join(flagged[:20])}{', …' if len(flagged) > 20 else ''})" if flagged else "")]
    return lines


def test_details(report: Mapping[str, Any], budget: int) -> list[str]:
    """Per test, collapsed: its items (failing first), voice against text and simulator quality."""
    groups = report.get("groups") or []
    names = list(dict.fromkeys(str(g.get("test")) for g in groups if g.get("level") in ("item", "test")))
    tests = {str(g.get("test")): g for g in groups if g.get("level") == "test"}
    by_test = {name: [g for g in groups if g.get("level") == "item" and str(g.get("test")) == name] for name in names}
    names.sort(key=lambda n: not any(g.get("gate_failures") for g in by_test[n]))
    out: list[str] = []
    reserve = 120  # the closing note when tests are left out
    for index, name in enumerate(names):
        items = by_test[name]
        failing = sum(bool(g.get("gate_failures")) for g in items)
        state = f"{failing} failing" if failing else "all gates held"
        opening = ["", f"<details><summary><code>{html_text(name, 300)}</code>: {_plural(len(items), 'item')}, "
                       f"{state}</summary>", ""]
        closing = ["", "</details>"]
        room = budget - reserve - sum(len(line) + 1 for line in [*out, *opening, *closing])
        if room < 400:  # not even a useful part of the table
            out += ["", f"… and {len(names) - index} more tests (see the JSON or HTML report)"]
            break
        out += [*opening, *_test_table(tests.get(name), items, room), *closing]
    return out


# Each concern: (section, its share of MAX_CHARS). The last, unbounded one takes what is left.
Section = Callable[[Mapping[str, Any], int], list[str]]
SECTIONS: Sequence[tuple[Section, int | None]] = (
    (headline, 3_000), (criteria, 1_000), (failing_gates, 16_000), (misunderstood, 4_000), (fuzz_failures, 6_000),
    (baseline, 8_000), (tests_overview, 6_000), (test_details, None))


def render_markdown(report: Mapping[str, Any]) -> str:
    """The report dict (as ``build_report`` returns it, or loaded from its JSON) as Markdown of at most
    ``MAX_CHARS`` characters; secrets masked."""
    report = scrubbed(report)
    lines: list[str] = []
    for section, share in SECTIONS:
        used = sum(len(line) + 1 for line in lines)
        lines += section(report, min(share or MAX_CHARS, MAX_CHARS - used - 200))
    return "\n".join(lines) + "\n"
