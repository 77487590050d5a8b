"""The Markdown summary for CI job pages: a hand-built report, hostile text in cells, and a real run."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pytest_mmtau.report._markdown import md_code, md_text, render_markdown

TEST = "tests/test_bot.py::test_support"
GOOD, BAD = f"{TEST}[ok-easy-text]", f"{TEST}[cancel|x`y-easy-text]"
HOSTILE_REASON = "ias = 0.000 | required >= 1\nagent said `rm -rf` <script>alert(1)</script> [click](http://x)"


def _trial(nodeid: str, trial: int, outcome: str, reason: str = "") -> dict[str, Any]:
    return {"nodeid": nodeid, "test": TEST, "trial": trial, "seed": 40 + trial, "outcome": outcome, "reason": reason,
            "metrics": {"success": 1.0, "ias": 1.0 if outcome == "passed" else 0.0}}


@pytest.fixture
def report() -> dict[str, Any]:
    item = {"level": "item", "test": TEST, "trials": 3, "errors": 0, "thresholds": ["pass^1>=1"]}
    return {
        "schema_version": 1,
        "run": {"plugin_version": "0.1.0", "seed": 7, "profile": "ci"},
        "trials": [_trial(GOOD, 0, "passed"), _trial(GOOD, 1, "passed"), _trial(GOOD, 2, "passed"),
                   _trial(BAD, 0, "passed"), _trial(BAD, 1, "error", "provider returned 503"),
                   _trial(BAD, 2, "failed", HOSTILE_REASON)],
        "groups": [
            item | {"key": GOOD, "case": "ok-easy-text", "passed": 3, "pass_hat_k": {"1": 1.0, "2": 1.0, "3": 1.0},
                    "metrics": {"success": 1.0, "ias": 1.0, "err": 1.0}, "mm_tap": 0.97, "gate_failures": []},
            item | {"key": BAD, "case": "cancel|x`y-easy-text", "passed": 1, "errors": 1,
                    "pass_hat_k": {"1": 0.5, "2": 0.0}, "metrics": {"success": 1.0, "ias": 0.5}, "mm_tap": None,
                    "gate_failures": ["pass^1 = 0.500, required pass^1>=1"]},
            {"level": "test", "key": TEST, "test": TEST, "items": 2, "trials": 6, "errors": 1,
             "pass_hat_k": {"1": 0.75, "2": 0.5, "3": 1.0}, "metrics": {"success": 1.0, "ias": 0.8}, "mm_tap": 0.7},
        ],
    }


def unescaped_pipes(line: str) -> int:
    return len(re.findall(r"(?<!\\)\|", line))


def assert_tables_are_whole(text: str) -> None:
    """Every row of every table has exactly as many cells as its header."""
    for table in re.findall(r"(?:^\|.*\n)+", text, flags=re.MULTILINE):
        rows = table.splitlines()
        assert len({unescaped_pipes(row) for row in rows}) == 1, table
        assert re.fullmatch(r"\|( :?-+:? \|)+", rows[1]), rows[1]


def test_headline_tables_and_failing_items(report: dict[str, Any]) -> None:
    text = render_markdown(report)
    lines = text.splitlines()
    assert lines[0] == "## mmtau: ❌ gates failed for 1 of 2 items"
    assert ("2 items · 6 trials · pass rate 80% (4 of 5 scored) · 1 infrastructure error (not counted in pass^k)"
            in lines)
    assert "seed 7 · profile ci · pytest-mmtau 0.1.0" in lines
    assert f"### `{TEST}`" in lines
    assert "| item | passed | pass^1 | pass^2 | pass^3 | mm_tap | success | ias | gate |" in lines
    assert "| ok-easy-text | 3/3 | 1.00 | 1.00 | 1.00 | 0.97 | 1.00 | 1.00 | ok |" in lines
    assert r"| cancel\|x\`y-easy-text | 1/2 | 0.50 | 0.00 | – | – | 1.00 | 0.50 | ❌ FAIL |" in lines
    assert "| **all** | 4/5 | 0.75 | 0.50 | 1.00 | 0.70 | 1.00 | 0.80 |  |" in lines
    assert "### Failing gates" in lines
    assert "- ``tests/test_bot.py::test_support[cancel|x`y-easy-text]``: pass^1 = 0.500, required pass^1&gt;=1" in lines
    assert_tables_are_whole(text)


def test_the_first_failing_trial_is_named_with_its_reason_escaped(report: dict[str, Any]) -> None:
    reason_line = next(line for line in render_markdown(report).splitlines() if "first failing trial" in line)
    assert reason_line.startswith("  - first failing trial (trial 3, seed 42): ias = 0.000 \\| required &gt;= 1 ")
    assert r"agent said \`rm -rf\` &lt;script&gt;alert(1)&lt;/script&gt; \[click\](http://x)" in reason_line
    assert "503" not in reason_line  # an infrastructure error is not the failure to show when a trial failed


def test_cells_survive_pipes_backticks_newlines_and_markup() -> None:
    assert md_text("a | b\n`c`\r\n<d> & [e](f) *g* snake_case _h_") == (
        r"a \| b \`c\` &lt;d&gt; &amp; \[e\](f) \*g\* snake_case \_h\_")
    assert md_text("x" * 400, limit=10) == "x" * 9 + "…"
    assert md_code("a`b") == "``a`b``" and md_code("`x") == "`` `x ``" and md_code("p\nq") == "`p q`"


def test_a_clean_run_says_so(report: dict[str, Any]) -> None:
    report["groups"] = [g | {"gate_failures": []} for g in report["groups"]]
    text = render_markdown(report)
    assert text.startswith("## mmtau: ✅ all gates passed (2 items)\n") and "Failing gates" not in text


def test_a_long_list_of_failures_is_cut(report: dict[str, Any]) -> None:
    bad = report["groups"][1]
    report["groups"] = [bad | {"key": f"{TEST}[case{i}]", "case": f"case{i}"} for i in range(60)]
    text = render_markdown(report)
    assert text.count("\n- ") == 50 + 1
    assert text.rstrip().endswith("- … and 10 more failing items (see the full report)")


def test_gates_above_the_item_the_baseline_and_voice_against_text(report: dict[str, Any]) -> None:
    report["gate_failures"] = [{"scope": "session", "group": "all", "gate": "session:pass^1>=0.9", "observed": 0.75,
                                "trials": []},
                               {"scope": "domain", "group": "mock", "gate": "domain:cp>=0.8", "observed": None}]
    report["baseline"] = {"path": "baseline.json", "verdict": "FAIL", "notes": ["judge changed | <rules>"],
                          "results": [{"k": 1, "items": 2, "change": -0.25, "p_value": 0.012, "mde": 0.1,
                                       "verdict": "FAIL"}]}
    report["groups"][2]["cross_modality"] = [{"modality": "voice", "paired_items": 1, "mrs": None, "to": 1.5,
                                              "arga": 1.0, "wer": 0.1288}]
    lines = render_markdown(report).splitlines()
    assert lines[0] == ("## mmtau: ❌ gates failed for 1 of 2 items; 2 gates above the item failed; the baseline "
                        "comparison failed")
    assert "Baseline `baseline.json`: **FAIL**" in lines
    assert "- pass^1: change -0.250 over 2 paired items, p = 0.012 → FAIL" in lines
    assert r"- judge changed \| &lt;rules&gt;" in lines
    assert "voice against text: MRS – · TO 1.50 · ARGA 1.00 · WER 0.13 (1 paired item)" in lines
    assert "- session all: session:pass^1&gt;=0.9 not met (observed 0.75)" in lines
    assert "- domain mock: domain:cp&gt;=0.8 not met (observed not measurable)" in lines


def test_secrets_are_masked(report: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUPPORT_BOT_TOKEN", "tok-5f4e3d2c1b0a")
    report["trials"][-1]["reason"] = "401 for tok-5f4e3d2c1b0a"
    text = render_markdown(report)
    assert "tok-5f4e3d2c1b0a" not in text and "\\[REDACTED\\]" in text


from test_plugin import AGENT_CONFTEST, SUPPORT_TEST  # the same support suite the plugin tests run


def test_a_real_run(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(AGENT_CONFTEST)
    pytester.makepyfile(test_good=SUPPORT_TEST.format(agent="reference"),
                        test_flawed=SUPPORT_TEST.format(agent="skips_confirmation"))
    pytester.runpytest("--mmtau-report=r.json").assert_outcomes(passed=2, failed=2)
    text = render_markdown(json.loads((pytester.path / "r.json").read_text()))
    lines = text.splitlines()
    assert lines[0] == "## mmtau: ❌ gates failed for 2 of 4 items"
    assert "4 items · 12 trials · pass rate 50% (6 of 12 scored) · 0 infrastructure errors" in lines
    assert "### `test_flawed.py::test_support`" in lines and "### `test_good.py::test_support`" in lines
    assert any(line.startswith("| cancel_subscription-easy-text | 0/3 | 0.00 | 0.00 | 0.00 |") for line in lines)
    assert any(line.startswith("| cancel_subscription-easy-text | 3/3 | 1.00 | 1.00 | 1.00 |") for line in lines)
    failing = [line for line in lines if line.startswith("- ")]
    assert failing == [f"- `test_flawed.py::test_support[cancel_subscription-{p}-text]`: pass^1 = 0.000, required "
                       "pass^1&gt;=1" for p in ("easy", "none")]
    assert text.count("  - first failing trial (trial 1, seed ") == 2 and "ias = 0.000, required &gt;= 1" in text
    assert_tables_are_whole(text)
