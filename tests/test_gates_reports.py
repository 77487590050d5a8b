"""Issue 8 behaviour as users run it: scoped gates, infrastructure budget and retries, baseline comparison,
JUnit properties, and rebuilding reports from the journal of an interrupted run."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

FLAKY_AGENT_TESTS = """
import pytest
from pytest_mmtau import assert_ias

@pytest.fixture
def agent(mmtau_domain, request):
    return mmtau_domain.agents[request.config.getoption("--agent-kind", "reference")]()

@pytest.mark.domain("mock", tasks="[cb]*")
@pytest.mark.persona("none", "easy")
@pytest.mark.trials(3, pass_hat_k={1: 0.0})
def test_support(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved
    assert_ias(conv)
"""

CONFTEST = """
def pytest_addoption(parser):
    parser.addoption("--agent-kind", default="reference")
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_suite=FLAKY_AGENT_TESTS)
    return pytester


def test_session_and_test_gates_fail_the_run_and_list_failing_trials(suite: pytest.Pytester) -> None:
    result = suite.runpytest("--agent-kind=skips_confirmation",
                             "--mmtau-thresholds=session:pass^1>=0.9 test:ias>=0.9 domain:cfa>=0.5")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=4)  # every item passes its own (lenient) gate; the aggregates do not
    result.stdout.fnmatch_lines([
        "session all: session:pass^1>=0.9 not met (observed 0.500)",
        "    test_suite.py::test_support[[]cancel_subscription-*-text[]] trial 1/3: ias = 0.000*",
        "test test_suite.py::test_support: test:ias>=0.9 not met (observed 0.500)",
    ])
    assert "domain mock" not in result.stdout.str()  # cfa was fine


def test_infrastructure_errors_are_retried_then_budgeted(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest
        from pytest_mmtau import InfrastructureError

        attempts = {}

        @pytest.mark.mmtau
        @pytest.mark.trials(2)
        def test_recovers_after_one_outage(request):
            key = (request.node.nodeid, len(attempts))
            attempts[key] = True
            if len(attempts) == 1:
                raise InfrastructureError("503 from provider")

        @pytest.mark.mmtau
        @pytest.mark.trials(2)
        def test_provider_down():
            raise InfrastructureError("503 from provider")
    """)
    result = pytester.runpytest("-o", "mmtau_infra_backoff=0.01", "--mmtau-report=r.json")
    assert result.ret == 75  # 2 of 4 trials are infrastructure errors: over the 10% budget, inconclusive
    result.stdout.fnmatch_lines([
        "inconclusive: 2 of 4 trials (50%) could not be judged: 2 infrastructure errors (excluded from pass^k; "
        "limit 10%, --mmtau-max-inconclusive)",
        "inconclusive: too many inconclusive trials; this suite says nothing about the agent",
        "verdict: inconclusive: this run says nothing about the agent (exit status 75)",
    ])
    trials = json.loads((pytester.path / "r.json").read_text())["trials"]
    recovered = [t for t in trials if "recovers" in t["nodeid"]]
    assert [t["outcome"] for t in recovered] == ["passed", "passed"] and max(t["retries"] for t in recovered) == 1
    assert all(t["retries"] == 2 for t in trials if "down" in t["nodeid"])
    lenient = pytester.runpytest("-o", "mmtau_infra_backoff=0.01", "--mmtau-max-infra-errors=0.6")
    # within the budget, but one item could not be judged at all: the run cannot say the agent is fine
    assert lenient.ret == 75
    lenient.stdout.fnmatch_lines(["verdict: inconclusive*", ])


def test_baseline_comparison(suite: pytest.Pytester) -> None:
    base = suite.runpytest("--mmtau-report=base.json")
    assert base.ret == 0
    same = suite.runpytest("--mmtau-baseline=base.json")
    assert same.ret == 0
    same.stdout.fnmatch_lines(["baseline comparison: *", "  pass^1: change +0.000 over 4 paired items*"])
    worse = suite.runpytest("--agent-kind=skips_confirmation", "--mmtau-baseline=base.json",
                            "--mmtau-report=worse.json")
    assert worse.ret == pytest.ExitCode.TESTS_FAILED
    worse.stdout.fnmatch_lines(["baseline comparison: FAIL",
                                "  pass^1: change -0.500 over 4 paired items, one-sided p=0.0*-> FAIL"])
    worse_report = json.loads((suite.path / "worse.json").read_text())
    assert worse_report["baseline"]["verdict"] == "FAIL"
    fell = [i for i in worse_report["baseline"]["items"] if i["change"] < 0]
    assert [i["key"].split("[")[1] for i in fell] == ["cancel_subscription-easy-text]",
                                                      "cancel_subscription-none-text]"]
    # 3/3 -> 0/3 is the strongest evidence three trials can give, and Fisher's p is exactly 0.05: not below alpha
    assert all(i["change"] == -1.0 and i["p_value"] == pytest.approx(0.05) and i["verdict"] == "not significant"
               for i in fell)
    worse.stdout.fnmatch_lines(["  items: 0 regressed, 0 improved (p < alpha per item), 2 changed without significance",
                                "    not significant  test_suite.py::test_support[[]cancel_subscription-easy-text[]]: "
                                "3/3 -> 0/3 passed, change -1.00, p=0.050"])
    from pytest_mmtau.report._schema import Report

    Report.model_validate(worse_report)
    judged = json.loads((suite.path / "base.json").read_text())
    judged["run"]["judge"] = "openai/gpt-4.1"
    (suite.path / "other_judge.json").write_text(json.dumps(judged))
    refused = suite.runpytest("--mmtau-baseline=other_judge.json")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    refused.stdout.fnmatch_lines(["*refusing to compare: the judge differs (baseline 'openai/gpt-4.1', this run "
                                  "'rules')*"])
    exposed = suite.runpytest("--mmtau-baseline=base.json", "--mmtau-persona-exposure=2")
    assert exposed.ret == pytest.ExitCode.USAGE_ERROR
    exposed.stdout.fnmatch_lines(["*refusing to compare: the default persona exposure differs (baseline 0, this run 2)*"])


def test_baseline_statistics_warn_when_underpowered() -> None:
    from pytest_mmtau.report._baseline import compare

    def report(outcomes: dict[str, list[bool]]) -> dict:
        return {"schema_version": 1, "run": {"simulator": "scripted", "judge": "rules"},
                "trials": [{"nodeid": key, "outcome": "passed" if ok else "failed"}
                           for key, results in outcomes.items() for ok in results]}

    base = report({f"t{i}": [True, True] for i in range(3)})
    small_drop = report({"t0": [True, False], "t1": [True, True], "t2": [True, True]})
    result = compare(base, small_drop, margin=0.05)
    assert result.verdict == "WARN"  # D = -0.167 < -margin, but 3 items cannot make that significant
    assert result.results[0].p_value >= 0.05 and result.results[0].mde is not None
    assert any("underpowered" in note for note in result.notes)


def test_junit_properties_per_item_and_for_the_suite(suite: pytest.Pytester) -> None:
    result = suite.runpytest("--junitxml=j.xml")
    assert result.ret == 0
    tree = ET.parse(suite.path / "j.xml")
    suite_props = {p.get("name"): p.get("value") for p in tree.getroot().iter("property")
                   if p.get("name", "").startswith("mmtau.test_suite")}
    assert suite_props == {f"mmtau.test_suite.py::test_support.pass^{k}": "1.0000" for k in (1, 2, 3)}
    case = tree.getroot().find(".//testcase")
    names = {p.get("name") for p in case.iter("property")}
    assert {"mmtau.trials", "mmtau.pass^1", "mmtau.pass^3", "mmtau.ias", "mmtau.cfa"} <= names
    assert {p.get("value") for p in case.iter("property") if p.get("name") == "mmtau.trials"} == {
        "3/3 passed, 0 infrastructure errors"}
    for case in tree.getroot().iter("testcase"):  # a glance per test case; the records are in the JSON report
        assert len(ET.tostring(case.find("properties"))) <= 2048


def test_junit_properties_stay_small_however_deep_the_item(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(60, pass_hat_k={1: 1.0})
        def test_deep(simulated_user, mmtau_domain):
            simulated_user.converse_sync(mmtau_domain.agents["skips_confirmation"]())
            assert simulated_user.trial % 3, "every third trial fails " + "and explains itself at length " * 40
    """)
    result = pytester.runpytest("--junitxml=j.xml", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    case = ET.parse(pytester.path / "j.xml").getroot().find(".//testcase")
    properties = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert len(ET.tostring(case.find("properties"))) <= 2048
    assert properties["mmtau.trials"] == "40/60 passed, 0 infrastructure errors"
    assert properties["mmtau.gate_failures"].startswith("pass^1 = 0.667, required pass^1>=1")
    assert "mmtau.pass^1" in properties and "mmtau.pass^60" in properties  # the first and the deepest k
    assert properties["mmtau.more"].endswith("more values in the JSON report (--mmtau-report)")


@pytest.mark.slow
def test_junit_suite_properties_under_xdist(suite: pytest.Pytester) -> None:
    result = suite.runpytest_subprocess("-n", "2", "--junitxml=j.xml")
    assert result.ret == 0
    names = {p.get("name") for p in ET.parse(suite.path / "j.xml").getroot().iter("property")}
    assert "mmtau.test_suite.py::test_support.pass^3" in names and "mmtau.trials" in names


def test_an_interrupted_run_keeps_its_items_and_the_report_can_be_rebuilt(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(2)
        def test_first(simulated_user, mmtau_domain):
            simulated_user.converse_sync(mmtau_domain.agents["reference"]())

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        def test_second(simulated_user):
            raise KeyboardInterrupt  # Ctrl-C in the middle of the run
    """)
    result = pytester.runpytest_subprocess("--mmtau-report=out/r.json")  # a real Ctrl-C must not hit this run
    assert result.ret == pytest.ExitCode.INTERRUPTED
    partial = json.loads((pytester.path / "out" / "r.json").read_text())["verdict"]
    assert partial["kind"] == "interrupted" and partial["items"] == 1
    result.stdout.fnmatch_lines(["verdict: interrupted: the run was cut short; these results are partial*"])
    journal = pytester.path / "out" / "r.json.items.jsonl"
    lines = journal.read_text().splitlines()
    assert len(lines) == 3 and "mmtau_journal" in lines[0] and '"exit_status": 2' in lines[-1]  # header, item, end
    with journal.open("a") as fh:
        fh.write('{"nodeid": "half-writ')  # a kill in the middle of a line
    from pytest_mmtau.report.__main__ import main

    assert main(["--journal", str(journal), "--out", str(pytester.path / "rebuilt.json")]) == 2  # as the run ended
    rebuilt = json.loads((pytester.path / "rebuilt.json").read_text())
    assert rebuilt["verdict"]["kind"] == "interrupted"
    assert [t["outcome"] for t in rebuilt["trials"]] == ["passed", "passed"]
    assert rebuilt["groups"][0]["pass_hat_k"] == {"1": 1.0, "2": 1.0}


def test_a_rerun_never_destroys_the_killed_runs_journal_and_the_rebuild_judges_as_the_run_did(
        pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import os, signal
        import pytest

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(2)
        def test_first(simulated_user, mmtau_domain):
            simulated_user.converse_sync(mmtau_domain.agents["skips_confirmation"]())

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        def test_second(simulated_user, mmtau_domain):
            if os.environ.get("KILL_ME"):
                os.kill(os.getpid(), signal.SIGKILL)  # the CI runner dies: no session end, no report
            simulated_user.converse_sync(mmtau_domain.agents["reference"]())
    """)
    command = ("--mmtau-report=out/r.json", "--mmtau-thresholds=session:pass^1>=0.9 ias>=1.0", "--mmtau-seed=7",
               "-p", "no:randomly")
    import os

    os.environ["KILL_ME"] = "1"
    try:
        killed = pytester.runpytest_subprocess(*command)
    finally:
        del os.environ["KILL_ME"]
    assert killed.ret not in (0, 1) and not (pytester.path / "out" / "r.json").exists()
    pytester.runpytest_subprocess("--co", *command)  # even a collect-only rerun of the same command
    again = pytester.runpytest_subprocess(*command)
    assert again.ret == 0
    kept = [p for p in (pytester.path / "out").glob("r.json.items.*.jsonl")]
    assert len(kept) >= 1
    first = min(kept, key=lambda p: p.stat().st_mtime)
    from pytest_mmtau.report.__main__ import main

    status = main(["--journal", str(first), "--out", str(pytester.path / "rebuilt.json")])
    rebuilt = json.loads((pytester.path / "rebuilt.json").read_text())
    assert status == 2 and rebuilt["verdict"]["kind"] == "interrupted"
    assert rebuilt["run"]["seed"] == 7 and "ias>=1" in rebuilt["run"]["thresholds"]
    assert len(rebuilt["trials"]) == 2  # every finished item of the killed run


def test_the_rebuilt_report_keeps_what_fuzzing_found_and_the_other_failed_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_item_rebuild="""
        import pytest
        from hypothesis import given, settings
        from pytest_mmtau import assert_ias
        from pytest_mmtau.strategies import personas

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        def test_item(simulated_user, mmtau_domain):
            simulated_user.converse_sync(mmtau_domain.agents["reference"]())

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @settings(max_examples=25, deadline=None, derandomize=True, database=None)
        @given(persona=personas())
        def test_fuzz(simulated_user, mmtau_domain, persona):
            assert_ias(simulated_user.variant(persona=persona).converse_sync(
                mmtau_domain.agents["rushes_upset_users"]()))

        def test_plain():
            assert False, "not an mmtau item, still a failed test"
    """)
    result = pytester.runpytest_subprocess("--mmtau-report=r.json", "-p", "no:randomly", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    ran = json.loads((pytester.path / "r.json").read_text())
    assert [f["test"] for f in ran["fuzz_failures"]] == ["test_item_rebuild.py::test_fuzz"]
    from pytest_mmtau.report.__main__ import main

    status = main(["--journal", str(pytester.path / "r.json.items.jsonl"), "--out", str(pytester.path / "re.json")])
    rebuilt = json.loads((pytester.path / "re.json").read_text())
    assert status == result.ret
    assert rebuilt["fuzz_failures"] == ran["fuzz_failures"]
    assert rebuilt["verdict"] == ran["verdict"]
