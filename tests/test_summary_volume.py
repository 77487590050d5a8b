"""The terminal summary's volume at a team's scale, and failed Hypothesis tests reaching every report."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pytest_mmtau.report._terminal import SHOWN, render_terminal


def _suite(items: int, *, failing: int = 0, flaky: int = 0) -> dict[str, Any]:
    """A report of ``items`` items over 15 tests, 4 trials each; the first ``failing`` fail their gate, the next
    ``flaky`` pass it with one failed trial."""
    groups: list[dict[str, Any]] = []
    trials: list[dict[str, Any]] = []
    for i in range(items):
        test = f"tests/test_{i % 15}.py::test_flow"
        key = f"{test}[task_{i}-none-text]"
        passed = 1 if i < failing else 3 if i < failing + flaky else 4
        trials += [{"nodeid": key, "outcome": "passed" if n < passed else "failed", "reason": "agent forgot",
                    "simulator": {"crrs": 0.8, "pas": 1.0, "bvs": 0.2, "tra": 1.0, "dei": 1.0, "off_script": []}}
                   for n in range(4)]
        groups.append({"level": "item", "key": key, "test": test, "case": f"task_{i}-none-text", "trials": 4,
                       "passed": passed, "errors": 0, "pass_hat_k": {"1": passed / 4}, "metrics": {},
                       "gate_failures": ["pass^1 = 0.250, required pass^1>=0.5"] if i < failing else [],
                       **({"first_failure": "agent forgot"} if passed < 4 else {})})
    for t in range(15):
        test = f"tests/test_{t}.py::test_flow"
        groups.append({"level": "test", "key": test, "test": test, "items": items // 15, "trials": 4 * items // 15,
                       "errors": 0, "pass_hat_k": {"1": 1.0}, "metrics": {}, "mm_tap": None,
                       **({"cross_modality": [{"modality": "voice", "paired_items": 2, "paired_trials": 8,
                                               "mrs": 1.0, "to": 0.0, "arga": 1.0, "wer": 0.2}]} if t < 2 else {})})
    return {"schema_version": 1, "run": {}, "groups": groups,  # no trials: a run streams them to the JSON file
            "simulator": {"crrs": 0.8, "pas": 1.0, "bvs": 0.2, "tra": 1.0, "dei": 1.0, "trials": len(trials),
                          "off_script": 0},
            "infrastructure": {"errors": 0, "trials": len(trials), "limit": 0.25, "exceeded": False},
            "verdict": {"kind": "passed", "exit_status": 0, "reasons": [], "headline": "passed: every gate held"}}


def _text(report: dict[str, Any], verbosity: int) -> list[str]:
    return [line for line, _ in render_terminal(report, verbosity)]


def test_a_green_suite_of_285_items_is_a_handful_of_lines() -> None:
    report = _suite(285)
    default, quiet, verbose = _text(report, 0), _text(report, -1), _text(report, 1)
    assert len(default) <= 20 - 4  # plus the "= mmtau =" rule and the paths of the report files
    assert default[-2].startswith("totals: 285 items in 15 tests, 1140 trials (1140 passed, 0 failed, 0 "
                                  "infrastructure errors), mean pass^1 1.00; gates: all 285 items passed")
    assert quiet == [default[-2].removesuffix("; -v lists every item"), default[-1]]
    assert sum("task_" in line for line in verbose) == 285  # -v: the table of every item


def test_failing_and_flaky_items_are_listed_and_capped() -> None:
    report = _suite(285, failing=14, flaky=3)
    default = _text(report, 0)
    at = default.index("gates: 14 of 285 items failed:")
    assert default[at + SHOWN + 1] == "  ... and 4 more failing items (-v lists them all)"
    assert default[at + 1].startswith("  tests/test_0.py::test_flow[task_0-none-text]: pass^1 = 0.250, required "
                                      "pass^1>=0.5 (1/4 trials passed)")
    assert "passed their gates with failing trials: 3 items" in default
    assert "  tests/test_14.py::test_flow[task_14-none-text]: 3/4 passed; first failure: agent forgot" in default
    quiet = _text(report, -1)
    assert "gates: 14 of 285 items failed:" in quiet and not any("passed their gates" in line for line in quiet)
    assert sum(line.startswith("  tests/") for line in _text(report, 1)) == 14 + 3  # -v: every one


FUZZ_TESTS = """
import pytest
from hypothesis import given, settings, strategies as st
from pytest_mmtau import assert_ias
from pytest_mmtau.models import Persona

# two personas, the angry one failing: found and shrunk in a few examples, unlike a search of the whole space
calm_or_angry = st.sampled_from([Persona(name="calm"), Persona(name="fuzzed", emotion="angry")])
fuzz = settings(max_examples=10, deadline=None, derandomize=True, database=None)

@pytest.mark.xfail(strict=True, reason="seeded defect")
@pytest.mark.domain("mock", tasks="cancel_subscription")
@fuzz
@given(persona=calm_or_angry)
def test_known(simulated_user, mmtau_domain, persona):
    assert_ias(simulated_user.variant(persona=persona).converse_sync(mmtau_domain.agents["rushes_upset_users"]()))

@pytest.mark.domain("mock", tasks="cancel_subscription")
@fuzz
@given(persona=calm_or_angry)
def test_new(simulated_user, mmtau_domain, persona):
    assert_ias(simulated_user.variant(persona=persona).converse_sync(mmtau_domain.agents["rushes_upset_users"]()))

@pytest.mark.domain("mock", tasks="balance_inquiry")
def test_item(simulated_user, mmtau_domain):
    simulated_user.converse_sync(mmtau_domain.agents["reference"]())
"""


@pytest.mark.parametrize("xdist", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["in-process", "xdist"])
def test_falsifying_examples_reach_every_report(pytester: pytest.Pytester, xdist: bool) -> None:
    pytester.makepyfile(test_fuzz=FUZZ_TESTS)
    args = ("--mmtau-report=r.json", "--mmtau-markdown=r.md", "--mmtau-html=r.html", "-p", "no:randomly")
    result = pytester.runpytest_subprocess(*args, "-n", "2") if xdist else pytester.runpytest(*args)
    result.assert_outcomes(passed=1, failed=1, xfailed=1)
    found = sorted(json.loads((pytester.path / "r.json").read_text())["fuzz_failures"], key=lambda f: f["nodeid"])
    assert [(f["test"], f["expected_failure"]) for f in found] == [("test_fuzz.py::test_known", True),
                                                                 ("test_fuzz.py::test_new", False)]
    for f in found:
        assert f["error"].startswith("AssertionError: ias = 0.000, required >= 1")
        assert f["falsifying_example"].startswith(("Falsifying example: ", "Failing test case: "))
        assert "emotion='angry'" in f["falsifying_example"] and '"emotion":"angry"' in f["notes"][-1]
        assert f["reproduce"].startswith("python -m pytest_mmtau.replay --domain mock --task 'cancel_subscription'")
    result.stdout.fnmatch_lines(["fuzzing: 2 falsifying examples found",
                                 "  test_fuzz.py::test_known[[]cancel_subscription-none-text[]] (xfail): "
                                 "AssertionError: ias = 0.000, required >= 1*",
                                 '    task=cancel_subscription seed=* persona={*"emotion":"angry"*'])
    markdown = (pytester.path / "r.md").read_text()
    assert "### Fuzzing: 2 falsifying examples" in markdown and "emotion='angry'" in markdown
    page = (pytester.path / "r.html").read_text()
    assert "<h2>Falsifying examples (2)</h2>" in page and "emotion=&#x27;angry&#x27;" in page
