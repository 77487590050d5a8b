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
    assert f"<details><summary><code>{TEST}</code>: 2 items, 1 failing</summary>" in lines
    table = lines.index("| item | passed | pass^1 | pass^2 | pass^3 | mm_tap | success | ias | gate |")
    assert lines[table + 2:table + 5] == [  # the test's mean, then failing items first
        "| **all** | 4/5 | 0.75 | 0.50 | 1.00 | 0.70 | 1.00 | 0.80 |  |",
        r"| cancel\|x\`y-easy-text | 1/2 | 0.50 | 0.00 | – | – | 1.00 | 0.50 | ❌ FAIL |",
        "| ok-easy-text | 3/3 | 1.00 | 1.00 | 1.00 | 0.97 | 1.00 | 1.00 | ok |"]
    assert lines[lines.index("### Tests (1)") + 2:lines.index("### Tests (1)") + 5] == [
        "| test | items | failing | passed | pass^1 | pass^3 | mm_tap |", "| :-- | --: | --: | --: | --: | --: | --: |",
        "| tests/test_bot.py::test_support | 2 | ❌ 1 | 4/5 | 0.75 | 1.00 | 0.70 |"]
    assert text.index("### Failing gates") < text.index("### Tests (1)") < text.index("<details>")
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
    failing = text[text.index("### Failing gates"):text.index("<details>")]
    assert failing.count("\n- ") == 50 + 1
    assert failing.rstrip().endswith("- … and 10 more failing items (see the full report)")


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
    assert "### Baseline `baseline.json`: **FAIL**" in lines
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


def test_the_baseline_lists_the_items_that_changed(report: dict[str, Any]) -> None:
    report["baseline"] = {"path": "b.json", "verdict": "WARN", "notes": [], "results": [], "items": [
        {"key": BAD, "baseline_passed": 4, "baseline_scored": 4, "current_passed": 0, "current_scored": 4,
         "change": -1.0, "p_value": 0.0143, "q_value": 0.0286, "verdict": "regressed"},
        {"key": GOOD, "baseline_passed": 2, "baseline_scored": 3, "current_passed": 3, "current_scored": 3,
         "change": 0.333, "p_value": 0.5, "q_value": 0.5, "verdict": "not significant"},
        {"key": "same", "baseline_passed": 3, "baseline_scored": 3, "current_passed": 3, "current_scored": 3,
         "change": 0.0, "p_value": 1.0, "q_value": 1.0, "verdict": "not significant"}]}
    text = render_markdown(report)
    lines = text.splitlines()
    assert "2 items changed; 1 significantly (p < alpha per item; q is the Benjamini–Hochberg adjustment over all " \
           "paired items):" in lines
    assert r"| tests/test_bot.py::test_support\[cancel\|x\`y-easy-text\] | 4/4 | 0/4 | -1.00 | 0.014 | 0.029 | " \
           "**regressed** |" in lines
    assert "same" not in text  # an item that did not change is not listed
    assert_tables_are_whole(text)


def test_falsifying_examples_are_shown(report: dict[str, Any]) -> None:
    report["fuzz_failures"] = [{
        "nodeid": "t.py::test_fuzz[cancel-none-text]", "test": "t.py::test_fuzz", "expected_failure": True,
        "error": "AssertionError: ias = 0.000, required >= 1", "notes": [],
        "falsifying_example": "Falsifying example: test_fuzz(\n    persona=Persona(emotion='angry'),\n)  # ```",
        "reproduce": "python -m pytest_mmtau.replay --domain mock --seed 0"}]
    lines = render_markdown(report).splitlines()
    assert "### Fuzzing: 1 falsifying example" in lines
    assert ("- `t.py::test_fuzz[cancel-none-text]` (expected failure, xfail): AssertionError: ias = 0.000, "
            "required &gt;= 1") in lines
    assert "  - reproduce: `python -m pytest_mmtau.replay --domain mock --seed 0`" in lines
    fence = lines.index("  ````")  # longer than the backticks inside the example
    assert lines[fence + 1:fence + 4] == ["  Falsifying example: test_fuzz(", "      persona=Persona(emotion='angry'),",
                                          "  )  # ```"]


def _huge_report(tests: int, items_per_test: int, trials: int) -> dict[str, Any]:
    """A synthetic suite: long ids, every tenth item failing with a long reason, a baseline that moved."""
    groups: list[dict[str, Any]] = []
    all_trials: list[dict[str, Any]] = []
    changes = []
    for t in range(tests):
        test = f"tests/suite_{t:03d}/test_conversations_of_a_large_team.py::test_support_flow_{t}"
        for i in range(items_per_test):
            key = f"{test}[task_{i:04d}_with_a_rather_long_descriptive_name|variant-persona_{i % 7}-text]"
            failing = i % 10 == 3
            passed = trials // 2 if failing else trials
            for n in range(trials):
                ok = n < passed
                all_trials.append({"nodeid": key, "test": test, "trial": n, "seed": n, "outcome":
                                   "passed" if ok else "failed", "reason": "" if ok else "x" * 2000})
            curve = {str(k): (1.0 if not failing else 0.5 ** k) for k in range(1, trials + 1)}
            groups.append({"level": "item", "key": key, "test": test, "case": key.split("[")[1][:-1],
                           "trials": trials, "passed": passed, "errors": 0, "pass_hat_k": curve,
                           "metrics": {m: 0.9 for m in ("success", "cfa", "ias", "te", "ues")}, "mm_tap": 0.8,
                           "thresholds": ["pass^1>=0.9"],
                           "gate_failures": ["pass^1 = 0.500, required pass^1>=0.9 " + "y" * 500] if failing else []})
            changes.append({"key": key, "baseline_passed": trials, "baseline_scored": trials,
                            "current_passed": passed, "current_scored": trials, "change": passed / trials - 1,
                            "p_value": 0.01 if failing else 1.0, "q_value": 0.2 if failing else 1.0,
                            "verdict": "regressed" if failing else "not significant"})
        groups.append({"level": "test", "key": test, "test": test, "items": items_per_test,
                       "trials": items_per_test * trials, "errors": 0, "pass_hat_k": {"1": 0.95}, "metrics": {},
                       "mm_tap": 0.8, "cross_modality": [{"modality": "voice", "paired_items": 3, "mrs": 0.9}],
                       "simulator": {"crrs": 0.8, "pas": 1, "bvs": 0.3, "tra": 1, "dei": 1, "trials": 9,
                                     "off_script": 0}})
    return {"schema_version": 1, "run": {"seed": 1}, "trials": all_trials, "groups": groups,
            "gate_failures": [{"scope": "test", "group": f"g{i}", "gate": "test:pass^1>=0.99", "observed": 0.9,
                               "trials": []} for i in range(300)],
            "baseline": {"path": "main.json", "verdict": "FAIL", "notes": ["n" * 300] * 20, "items": changes,
                         "results": [{"k": 1, "items": 5000, "change": -0.05, "p_value": 0.0005, "mde": 0.01,
                                      "verdict": "FAIL"}]},
            "fuzz_failures": [{"nodeid": f"t.py::f[{i}]", "test": "t.py::f", "error": "E" * 3000,
                               "falsifying_example": "z\n" * 2000, "notes": [], "reproduce": "r" * 500,
                               "expected_failure": False} for i in range(40)]}


@pytest.mark.parametrize("shape", [(1, 8, 4), (15, 19, 4), (250, 20, 8)], ids=["tiny", "example-suite", "huge"])
def test_any_suite_fits_a_github_comment(shape: tuple[int, int, int]) -> None:
    from pytest_mmtau.report._markdown import MAX_CHARS

    text = render_markdown(_huge_report(*shape))
    assert len(text) < MAX_CHARS <= 60_000  # GitHub refuses a comment over 65,536 characters
    assert_tables_are_whole(text)
    assert text.count("<details>") == text.count("</details>") >= 1
    # bad news first: failing gates, fuzzing and the baseline come before any test's table
    assert text.index("### Failing gates") < text.index("### Fuzzing") < text.index("### Baseline") \
        < text.index("### Tests") < text.index("<details><summary><code>")
    tables = text[text.index("<details><summary><code>"):]
    first_table = tables[:tables.index("</details>")]
    assert "❌ FAIL" in first_table.split("| **all** |")[1].splitlines()[1]  # failing items first in a table
    if shape[0] == 250:
        assert "more failing items (see the full report)" in text and "more tests (see the JSON or HTML report)" \
            in text


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
    summaries = [line for line in lines if line.startswith("<details><summary>")]
    assert summaries == ["<details><summary><code>test_flawed.py::test_support</code>: 2 items, 2 failing</summary>",
                         "<details><summary><code>test_good.py::test_support</code>: 2 items, all gates held</summary>"]
    assert any(line.startswith("| cancel_subscription-easy-text | 0/3 | 0.00 | 0.00 | 0.00 |") for line in lines)
    assert any(line.startswith("| cancel_subscription-easy-text | 3/3 | 1.00 | 1.00 | 1.00 |") for line in lines)
    failing = [line for line in lines if line.startswith("- ")]
    assert failing == [f"- `test_flawed.py::test_support[cancel_subscription-{p}-text]`: pass^1 = 0.000, required "
                       "pass^1&gt;=1" for p in ("easy", "none")]
    assert text.count("  - first failing trial (trial 1, seed ") == 2 and "ias = 0.000, required &gt;= 1" in text
    assert_tables_are_whole(text)
