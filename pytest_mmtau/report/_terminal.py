"""The terminal summary at the end of a run, rendered from the report dict like every other report.

Volume follows pytest's verbosity:

- ``-q`` (< 0): the items whose gates failed, unexpected fuzzing failures, gates above the item, the trials that
  were inconclusive because the simulated user did not understand the agent, the budget of inconclusive trials,
  criteria not checked, the baseline's verdict, one line of totals and the verdict;
- default (0): adds items that passed their gates with failing trials, failed trials by check, noisy modalities
  against text, the simulator's quality and every turn it did not understand, every criteria count and the
  baseline's changed items; lists stop after
  ``SHOWN`` entries;
- ``-v`` (≥ 1): adds a table of every item (pass^k and the key metrics) and lists everything.

A green run of any size is a handful of lines. Each concern is one section: a function of the report and the
verbosity returning ``(line, tone)`` pairs (tone: "" plain, "red" bad news, "yellow" a warning); ``SECTIONS`` says
their order (bad news last, next to the prompt). The report may come without its trials (a run streams them to the
JSON file): sections read only the groups and the run-level entries.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..config import SUMMARY_METRICS

Line = tuple[str, str]  # (text, tone: "" | "red" | "yellow")
Section = Callable[[Mapping[str, Any], int], list[Line]]
SHOWN = 10  # entries of a list at default verbosity
_REASON_CHARS = 160
RED, YELLOW = "red", "yellow"


def _fmt(value: Any) -> str:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return f"{value:4.2f}" if ok else "   -"


def _items(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [g for g in report.get("groups") or [] if g.get("level") == "item"]


def _tests(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [g for g in report.get("groups") or [] if g.get("level") == "test"]


def _scored(group: Mapping[str, Any]) -> int:
    """Trials that passed or failed: not inconclusive (infrastructure errors, or not understood by the simulator)."""
    return int(group.get("trials") or 0) - int(group.get("errors") or 0) - int(group.get("inconclusive") or 0)


def _cut(text: Any, limit: int = _REASON_CHARS) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _capped(lines: list[str], verbosity: int, more: str) -> list[str]:
    """All lines at -v, else the first SHOWN and a line saying how many more there are."""
    if verbosity >= 1 or len(lines) <= SHOWN:
        return lines
    return [*lines[:SHOWN], f"  ... and {len(lines) - SHOWN} more {more} (-v lists them all)"]


# --------------------------------------------------------------------------------------------- sections


def item_tables(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """-v: per test, every item's trials, pass^k and key metrics, and the test's mean pass^k."""
    if verbosity < 1:
        return []
    lines: list[Line] = []
    for test in _tests(report):
        items = [g for g in _items(report) if g.get("test") == test.get("test")]
        depth = max((int(g.get("trials") or 0) for g in items), default=0)
        lost = int(test.get("inconclusive") or 0)
        lines.append((f"{test['test']}: {len(items)} items, {test.get('trials', 0)} trials, "
                      f"{test.get('errors', 0)} infrastructure errors"
                      + (f", {lost} inconclusive (simulator)" if lost else ""), ""))
        width = max([len(str(g.get("case"))) for g in items] + [4])
        ks = range(1, depth + 1)
        header = f"  {'item':<{width}}  {'trials':>6} " + " ".join(f"{'pass^' + str(k):>7}" for k in ks)
        lines.append((header + " " + " ".join(f"{m:>7}" for m in SUMMARY_METRICS) + "  gate", ""))
        for g in items:
            curve, means = g.get("pass_hat_k") or {}, g.get("metrics") or {}
            row = f"  {str(g.get('case')):<{width}}  {str(g.get('passed', 0)) + '/' + str(_scored(g)):>6} "
            row += " ".join(f"{_fmt(curve.get(str(k))):>7}" for k in ks)
            row += " " + " ".join(f"{_fmt(means.get(m)):>7}" for m in SUMMARY_METRICS)
            failed = bool(g.get("gate_failures"))
            lines.append((row + "  " + ("FAIL" if failed else "ok"), RED if failed else ""))
        curve = test.get("pass_hat_k") or {}
        lines.append((f"  {'all':<{width}}  {'':>6} " + " ".join(f"{_fmt(curve.get(str(k))):>7}" for k in ks), ""))
    return lines


def cross_modality(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Noisy modalities against their text twins, one line per test and modality."""
    if verbosity < 0:
        return []
    lines = []
    for test in _tests(report):
        for c in test.get("cross_modality") or []:
            to = c.get("to")
            to_text = f"{to:+.2f}" if isinstance(to, (int, float)) else "-"
            lines.append((f"{test['test']}: {c.get('modality')} vs text: MRS {_fmt(c.get('mrs')).strip()}  "
                          f"TO {to_text}  ARGA {_fmt(c.get('arga')).strip()}  WER {_fmt(c.get('wer')).strip()}  "
                          f"({c.get('paired_items')} paired items, {c.get('paired_trials')} paired trials)", ""))
    return lines


def simulator_quality(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Did the simulated user play its part, over the whole run."""
    summary = report.get("simulator")
    if verbosity < 0 or not isinstance(summary, Mapping):
        return []
    from . import CRRS_TERMS

    terms = ", ".join(f"{name.upper()} {_fmt(summary.get(name)).strip()}" for name in CRRS_TERMS)
    lost = int(summary.get("misunderstood") or 0)
    return [(f"simulator quality: CRRS {_fmt(summary.get('crrs')).strip()} ({terms}); "
             f"off script in {summary.get('off_script')}/{summary.get('trials')} trials"
             + (f"; did not understand the agent in {lost}/{summary.get('trials')} trials" if lost else ""), "")]


def misunderstood(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Every trial whose simulated user did not understand the agent, with the turn: inconclusive (simulator) when it
    failed afterwards (shown at -q too), passed when the agent coped."""
    found = [m for m in report.get("misunderstood") or [] if verbosity >= 0 or m.get("outcome") == "inconclusive"]
    if not found:
        return []
    lost = sum(m.get("outcome") == "inconclusive" for m in found)
    coped = len(found) - lost
    head = (f"simulated user did not understand the agent in {len(found)} trials ({lost} inconclusive (simulator), "
            "excluded from pass^k" + (f"; in {coped} the agent coped and the trial passed):" if coped else "):"))
    rows, tones = [], []
    for m in found:
        failed = m.get("outcome") == "inconclusive"
        more = f" (+{len(m['turns']) - 1} more)" if len(m.get("turns") or ()) > 1 else ""
        rows.append(f"  {m.get('nodeid')} trial {int(m.get('trial', 0)) + 1}/{m.get('of')} "
                    f"{'inconclusive (simulator)' if failed else m.get('outcome')}: {m.get('first')}{more}")
        tones.append(RED if failed else "")
    shown = _capped(rows, verbosity, "trials")
    return [(head, RED if lost else ""), *zip(shown, [*tones[:len(shown)], ""][:len(shown)])]


def failures_by_check(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """ECom-Bench's breakdown of each test's failed trials: which checks they failed."""
    if verbosity < 0:
        return []
    rows = []
    for test in _tests(report):
        b = test.get("failures")
        if isinstance(b, Mapping) and b.get("failed"):
            counts = " · ".join(f"{d} {b.get(d, 0)}" for d in ("action", "search", "output", "other"))
            rows.append(f"{test['test']}: failed trials by check: {counts} (of {b['failed']})")
    return [(line, "") for line in _capped(rows, verbosity, "tests")]


def fuzz_failures(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Hypothesis tests over mmtau's fixtures that failed: the error, the conversation it shrank to, a replay."""
    found = [f for f in report.get("fuzz_failures") or [] if verbosity >= 0 or not f.get("expected_failure")]
    if not found:
        return []
    count = f"{len(found)} falsifying example{'s' if len(found) > 1 else ''}"
    lines = [(f"fuzzing: {count} found", RED if any(not f.get("expected_failure") for f in found) else "")]
    for f in found[: SHOWN if verbosity < 1 else None]:
        expected = " (xfail)" if f.get("expected_failure") else ""
        error = (str(f.get("error") or "").splitlines() or [""])[0]
        lines.append((f"  {f.get('nodeid')}{expected}: {_cut(error)}", "" if f.get("expected_failure") else RED))
        # the simulated user's note names the shrunk persona in a line; Hypothesis's own example is in the reports
        lines.extend((f"    {_cut(note.removeprefix('mmtau: '), 240)}", "") for note in (f.get("notes") or [])[-1:])
        if f.get("reproduce"):
            lines.append((f"    reproduce: {f['reproduce']}", ""))
    return lines


def flaky_items(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Items that passed their gates although some trials failed: worth a look before they start failing."""
    if verbosity < 0:
        return []
    flaky = [g for g in _items(report) if not g.get("gate_failures") and int(g.get("passed") or 0) < _scored(g)]
    if not flaky:
        return []
    rows = []
    for g in flaky:
        why = f"; first failure: {_cut(g['first_failure'])}" if g.get("first_failure") else ""
        rows.append(f"  {g.get('key')}: {g.get('passed')}/{_scored(g)} passed{why}")
    head = f"passed their gates with failing trials: {len(flaky)} items"
    return [(head, ""), *((line, "") for line in _capped(rows, verbosity, "items"))]


def failing_items(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Items whose own gates failed, with why."""
    items = _items(report)
    failing = sorted((g for g in items if g.get("gate_failures")), key=lambda g: str(g.get("key")))
    if not failing:
        return []
    rows = [f"  {g.get('key')}: {'; '.join(map(str, g['gate_failures']))} ({g.get('passed')}/{_scored(g)} trials "
            "passed)" for g in failing]
    return [(line, RED) for line in
            [f"gates: {len(failing)} of {len(items)} items failed:", *_capped(rows, verbosity, "failing items")]]


def gates_above_the_item(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Test, domain and session gates that failed, with the first failing trials behind them."""
    lines: list[Line] = []
    for f in report.get("gate_failures") or []:
        observed = f.get("observed")
        seen = "not measurable" if observed is None else f"{observed:.3f}"
        lines.append((f"{f.get('scope')} {f.get('group')}: {f.get('gate')} not met (observed {seen})", RED))
        lines.extend((f"    {t}", RED) for t in (f.get("trials") or []))
    return lines


def inconclusive(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Trials that could not be judged, by cause: excluded from pass^k, and within the limit or not."""
    from .._verdict import inconclusive_causes

    share = report.get("inconclusive") or {}
    count, total = int(share.get("trials") or 0), int(share.get("total") or 0)
    if not count:
        return []
    exceeded = bool(share.get("exceeded"))
    causes = inconclusive_causes(int(share.get("infrastructure") or 0), int(share.get("simulator") or 0))
    lines = [(f"inconclusive: {count} of {total} trials ({count / total:.0%}) could not be judged: {causes} "
              f"(excluded from pass^k; limit {share.get('limit', 0.1):.0%}, --mmtau-max-inconclusive)",
              RED if exceeded else "")]
    if exceeded:
        lines.append(("inconclusive: too many inconclusive trials; this suite says nothing about the agent", RED))
    return lines


def criteria(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """Plain-language criteria: met, unmet, inconclusive, and skipped for want of a judge model (never hidden)."""
    from ._criteria import summary_line

    summary = report.get("criteria")
    line = summary_line(summary if isinstance(summary, Mapping) else None)
    if line is None or (verbosity < 0 and "SKIPPED" not in line):
        return []
    return [(line, YELLOW if "SKIPPED" in line else "")]


def baseline(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """The comparison with the baseline: per k, and (default and -v) the items that changed."""
    base = report.get("baseline")
    if not isinstance(base, Mapping):
        return []
    lines = [(f"baseline comparison: {base.get('verdict')}", "" if base.get("verdict") == "PASS" else RED)]
    for r in base.get("results") or []:
        mde = "n/a (no variation)" if r.get("mde") is None else f"{r['mde']:.3f}"
        lines.append((f"  pass^{r['k']}: change {r['change']:+.3f} over {r['items']} paired items, one-sided "
                      f"p={r['p_value']:.3f}, smallest detectable drop {mde} -> {r['verdict']}",
                      RED if r["verdict"] == "FAIL" else ""))
    changed = [i for i in base.get("items") or [] if i.get("change")]
    if changed and verbosity >= 0:
        count = {v: sum(i.get("verdict") == v for i in changed) for v in ("regressed", "improved")}
        lines.append((f"  items: {count['regressed']} regressed, {count['improved']} improved (p < alpha per item), "
                      f"{len(changed) - sum(count.values())} changed without significance",
                      RED if count["regressed"] else ""))
        rows = [f"    {i['verdict']:<15}  {i['key']}: {i['baseline_passed']}/{i['baseline_scored']} -> "
                f"{i['current_passed']}/{i['current_scored']} passed, change {i['change']:+.2f}, p={i['p_value']:.3f}"
                for i in changed]
        lines.extend((line, RED if line.startswith("    regressed") else "")
                     for line in _capped(rows, verbosity, "changed items"))
    lines.extend((f"  {n}", "") for n in base.get("notes") or [])
    return lines


def totals(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """One line: items, trials by outcome, mean pass^1 over items, and the item gates when they all held."""
    items = _items(report)
    trials = sum(int(g.get("trials") or 0) for g in items)
    passed = sum(int(g.get("passed") or 0) for g in items)
    errors = sum(int(g.get("errors") or 0) for g in items)
    lost = sum(int(g.get("inconclusive") or 0) for g in items)
    pass1 = [g["pass_hat_k"]["1"] for g in items if "1" in (g.get("pass_hat_k") or {})]
    failing = any(g.get("gate_failures") for g in items)
    simulator = f", {lost} inconclusive (simulator)" if lost else ""
    line = (f"totals: {len(items)} items in {len(_tests(report))} tests, {trials} trials ({passed} passed, "
            f"{trials - errors - lost - passed} failed, {errors} infrastructure errors{simulator}), mean pass^1 "
            f"{_fmt(sum(pass1) / len(pass1) if pass1 else None).strip()}")
    line += "" if failing else f"; gates: all {len(items)} items passed"
    return [(line + ("; -v lists every item" if verbosity == 0 else ""), "")]


def verdict(report: Mapping[str, Any], verbosity: int) -> list[Line]:
    """The run's one verdict and, unless it passed, why."""
    v = report.get("verdict") or {}
    if not v:
        return []
    lines = [(f"verdict: {v.get('headline')}", RED if v.get("exit_status") else "")]
    if v.get("kind") not in ("passed", "gates_failed"):  # gates are listed above; the other kinds say why here
        lines.extend((f"  {_cut(reason, 400)}", RED) for reason in v.get("reasons") or [])
    return lines


SECTIONS: Sequence[Section] = (item_tables, cross_modality, simulator_quality, misunderstood, failures_by_check,
                               fuzz_failures, flaky_items, failing_items, gates_above_the_item, inconclusive, criteria,
                               baseline, totals, verdict)


def render_terminal(report: Mapping[str, Any], verbosity: int = 0) -> list[Line]:
    """The summary as (line, tone) pairs."""
    return [line for section in SECTIONS for line in section(report, verbosity)]


__all__ = ["SECTIONS", "render_terminal"]
