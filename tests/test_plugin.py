"""The plugin as users run it: markers, parametrisation, trials, gates, the report, listing, usage errors."""

from __future__ import annotations

import json

import pytest

AGENT_CONFTEST = """
import pytest

@pytest.fixture
def agent(mmtau_domain, request):
    kind = getattr(request.module, "AGENT", "reference")
    return mmtau_domain.agents[kind]()
"""

SUPPORT_TEST = """
import pytest
from pytest_mmtau import assert_ias

AGENT = "{agent}"

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona("none", "easy")
@pytest.mark.trials(3)
async def test_support(simulated_user, voice_channel, judge, agent):
    conv = await simulated_user.converse(agent, channel=voice_channel)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv) == 1.0
    assert judge(conv).cfa >= 0.9
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(AGENT_CONFTEST)
    return pytester


def test_items_per_task_persona_modality_with_readable_ids(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest
        @pytest.mark.domain("mock", tasks="[ul]*")
        @pytest.mark.persona("easy", "hard")
        @pytest.mark.modality("text")
        def test_x(simulated_user):
            pass
        def test_untouched():
            pass
    """)
    result = project.runpytest("--co", "-q", "--strict-markers")
    result.stdout.fnmatch_lines([
        "*test_x[[]upgrade_plan-easy-text[]]",
        "*test_x[[]upgrade_plan-hard-text[]]",
        "*test_x[[]locked_account_escalation-easy-text[]]",
        "*test_x[[]locked_account_escalation-hard-text[]]",
        "*::test_untouched",
        "5 tests collected*",
    ])
    assert "=" not in "".join(line for line in result.outlines if "test_x[" in line)


def test_tasks_may_be_a_list_of_globs_each_of_which_must_match(project: pytest.Pytester) -> None:
    project.makepyfile(test_list="""
        import pytest
        @pytest.mark.domain("mock", tasks=["upgrade_plan", "cancel_*"])
        def test_x(simulated_user):
            pass
    """)
    result = project.runpytest("--co", "-q")
    result.stdout.fnmatch_lines(["*test_x[[]cancel_subscription-none-text[]]", "*test_x[[]upgrade_plan-none-text[]]",
                                 "2 tests collected*"])
    project.makepyfile(test_list="""
        import pytest
        @pytest.mark.domain("mock", tasks=["upgrade_plan", "no_such_*"])
        def test_typo(simulated_user):
            pass
    """)
    result = project.runpytest("--co", "-q")
    result.stdout.fnmatch_lines(["*tasks='no_such_*' matches no task of domain 'mock'*"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_markers_are_registered(project: pytest.Pytester) -> None:
    result = project.runpytest("--markers")
    result.stdout.fnmatch_lines(["*@pytest.mark.domain(name, tasks='*', split=None, tasks_file=None)*", "*@pytest.mark.trials(n, pass_hat_k=*"])


def test_reference_agent_passes_and_the_summary_shows_pass_hat_k(project: pytest.Pytester) -> None:
    project.makepyfile(SUPPORT_TEST.format(agent="reference"))
    result = project.runpytest("--strict-markers")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines([
        "*= mmtau =*",
        "totals: 2 items in 1 tests, 6 trials (6 passed, 0 failed, 0 infrastructure errors), mean pass^1 1.00; "
        "gates: all 2 items passed; -v lists every item",
    ])
    project.runpytest("-v").stdout.fnmatch_lines([
        "*test_support: 2 items, 6 trials, 0 infrastructure errors",
        "*cancel_subscription-easy-text*3/3*1.00*1.00*1.00*ok",
    ])


def test_flawed_agent_fails_naming_the_unconfirmed_call(project: pytest.Pytester) -> None:
    project.makepyfile(SUPPORT_TEST.format(agent="skips_confirmation"))
    result = project.runpytest()
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*mmtau gate failed: pass^1 = 0.000, required pass^1>=1",
        "*3 trials: 0 passed, 3 failed, 0 infrastructure errors",
        "*--- trial 1/3 (seed *) FAILED: ias = 0.000, required >= 1*",
        "*cancel_subscription(account_id='A100') UNCONFIRMED: no earlier agent turn asked*",
        "*reproduce: pytest '*test_support[[]cancel_subscription-none-text[]]' --mmtau-trials=3 --mmtau-seed=0",
    ])


def test_pass_hat_k_gates_from_the_marker(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(4, pass_hat_k={1: 0.5})
        def test_lenient(simulated_user):
            assert simulated_user.trial % 2 == 0, "odd trial"

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(4, pass_hat_k={1: 0.5, 2: 0.5})
        def test_strict(simulated_user):
            assert simulated_user.trial % 2 == 0, "odd trial"
    """)
    result = project.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*mmtau gate failed: pass^2 = 0.167, required pass^2>=0.5",
        "*--- trial 2/4 (seed *) FAILED: odd trial*",
        "*--- trial 4/4 (seed *) FAILED: odd trial*",
    ])
    assert "trial 1/4" not in result.stdout.str()


def test_thresholds_from_ini_and_cli_with_marker_precedence(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\nmmtau_thresholds = pass^1>=0.9\nmmtau_trials = 4\n")
    project.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        def test_ini_gate(simulated_user):
            assert simulated_user.trial != 0

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(pass_hat_k={1: 0.75})
        def test_marker_wins(simulated_user):
            assert simulated_user.trial != 0
    """)
    result = project.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*test_ini_gate*", "*pass^1 = 0.750, required pass^1>=0.9*"])
    cli = project.runpytest("--mmtau-thresholds=pass^1>=0.5")
    cli.assert_outcomes(passed=2)


def test_metric_threshold_gates_the_item_mean(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest
        AGENT = "reference"

        @pytest.mark.domain("mock", tasks="router_off_and_downgrade")
        @pytest.mark.persona("hard")
        @pytest.mark.trials(2)
        def test_efficiency(simulated_user, agent):
            simulated_user.converse_sync(agent)
    """)
    result = project.runpytest("--mmtau-thresholds=te>=0.9")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*mmtau gate failed: mean te = 0.*, required te>=0.9"])


def test_json_report(project: pytest.Pytester) -> None:
    project.makepyfile(SUPPORT_TEST.format(agent="reference"))
    result = project.runpytest("--mmtau-report=out/report.json", "--mmtau-seed=5")
    result.assert_outcomes(passed=2)
    report = json.loads((project.path / "out" / "report.json").read_text())
    assert report["schema_version"] == 1 and report["run"]["seed"] == 5
    assert len(report["trials"]) == 6
    first = report["trials"][0]
    assert set(first) >= {"nodeid", "task_id", "persona", "modality", "trial", "seed", "success", "outcome",
                          "termination", "metrics"}
    assert first["success"] is True
    assert first["task_id"] == "cancel_subscription" and first["termination"] == "user_stop"
    assert set(first["metrics"]) == {"success", "cfa", "te", "ues", "ues_count", "err", "rtc", "ias", "sr",
                                     "safety_precision", "cp", "cr"}
    assert len({t["seed"] for t in report["trials"]}) == 6  # a fresh seed per trial
    levels = [g["level"] for g in report["groups"]]
    assert levels.count("item") == 2 and levels.count("test") == 1
    item = report["groups"][0]
    assert item["pass_hat_k"] == {"1": 1.0, "2": 1.0, "3": 1.0}
    assert item["metrics"]["ias"] == 1.0 and "err" not in item["metrics"]  # undefined metrics are left out
    test_group = report["groups"][-1]
    assert test_group["level"] == "test" and 0.0 < test_group["mm_tap"] <= 1.0
    assert not list(project.path.joinpath("out").glob(".report.json.*"))  # no temp file left behind
    header, *journal, end = (project.path / "out" / "report.json.items.jsonl").read_text().splitlines()
    assert "mmtau_journal" in json.loads(header)
    assert json.loads(end) == {"mmtau_journal_end": {"exit_status": 0, "other_failures": 0}}
    assert len(journal) == 2 and all(json.loads(line)["trials"] for line in journal)


def test_trials_run_concurrently_within_the_bound(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import asyncio, threading
        import pytest

        state = {"now": 0, "max": 0}

        @pytest.mark.mmtau
        @pytest.mark.trials(6)
        async def test_async(simulated_user=None):
            state["now"] += 1
            state["max"] = max(state["max"], state["now"])
            await asyncio.sleep(0.02)
            state["now"] -= 1

        def test_peak():
            assert state["max"] == 2

        barrier = threading.Barrier(2, timeout=10)

        @pytest.mark.mmtau
        @pytest.mark.trials(4)
        def test_sync_threads():
            barrier.wait()  # only returns when two trials are in flight at once
    """)
    result = project.runpytest("--mmtau-concurrency=2", "-p", "no:randomly")
    result.assert_outcomes(passed=3)


def test_infrastructure_errors_are_errors_and_excluded_from_pass_hat_k(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest
        from pytest_mmtau import InfrastructureError

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(3)
        def test_flaky_provider(simulated_user):
            if simulated_user.trial == 1:
                raise InfrastructureError("provider returned 503")

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(2)
        def test_provider_down(simulated_user):
            raise InfrastructureError("provider returned 503")
    """)
    result = project.runpytest("--mmtau-report=r.json")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*all 2 trials were inconclusive (2 infrastructure errors); nothing was scored*"])
    report = json.loads((project.path / "r.json").read_text())
    flaky = next(g for g in report["groups"] if g["level"] == "item" and "flaky" in g["key"])
    assert flaky["errors"] == 1 and flaky["pass_hat_k"] == {"1": 1.0, "2": 1.0}


def test_secrets_never_reach_reports_or_the_terminal(project: pytest.Pytester, monkeypatch) -> None:
    monkeypatch.setenv("SUPPORT_BOT_TOKEN", "tok-5f4e3d2c1b0a")
    project.makepyfile("""
        import os
        import pytest
        from pytest_mmtau import InfrastructureError

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(2)
        def test_leaky(simulated_user):
            if simulated_user.trial == 0:
                raise InfrastructureError("401 for api_key=sk-abcdef0123456789")
            assert False, "token " + os.environ["SUPPORT_BOT_TOKEN"]
    """)
    result = project.runpytest("--mmtau-report=r.json", "--junitxml=j.xml")
    result.assert_outcomes(failed=1)
    written = [(project.path / name).read_text() for name in ("r.json", "r.json.items.jsonl", "j.xml")]
    for text in [result.stdout.str(), *written]:
        assert "sk-abcdef0123456789" not in text and "tok-5f4e3d2c1b0a" not in text
    assert "[REDACTED]" in written[0]


def test_gates_that_cannot_be_judged(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest
        from pytest_mmtau import InfrastructureError

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.trials(3, pass_hat_k={3: 0.5})
        def test_one_outage(simulated_user, mmtau_domain):
            if simulated_user.trial == 0:
                raise InfrastructureError("rate limited")
            simulated_user.converse_sync(mmtau_domain.agents["reference"]())

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        def test_never_converses(simulated_user):
            pass
    """)
    result = project.runpytest("--mmtau-thresholds=ias>=1")
    result.assert_outcomes(errors=1, failed=1)
    result.stdout.fnmatch_lines([
        "*pass^3>=0.5 cannot be judged: only 2 scored trials (1 infrastructure error)*",
        "*ias>=1 cannot be judged: no trial produced a conversation to measure*",
    ])


def test_pytest_outcomes_inside_a_trial_apply_to_the_item(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest

        @pytest.mark.trials(3)
        def test_skipped():
            pytest.skip("not today")

        @pytest.mark.trials(2)
        def test_xfailed():
            pytest.xfail("known bug")
    """)
    project.runpytest().assert_outcomes(skipped=1, xfailed=1)


def test_assertrepr_explains_bare_metric_comparisons(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest
        from pytest_mmtau import ias
        AGENT = "skips_confirmation"

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        def test_bare(simulated_user, agent):
            conv = simulated_user.converse_sync(agent)
            assert ias(conv) == 1.0
    """)
    result = project.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ias=0.000 == 1.0*", "*cancel_subscription(account_id='A100') UNCONFIRMED*"])


def test_listing(project: pytest.Pytester) -> None:
    domains = project.runpytest("--mmtau-list", "domains")
    assert domains.ret == 0
    domains.stdout.fnmatch_lines(["mock", "* domains"])
    personas = project.runpytest("--mmtau-list=personas")
    names = personas.outlines[:-1]
    assert names == sorted(names)
    assert {"easy", "hard", "none", "calm-patient-clear", "angry-impatient-vague"} <= set(names)
    assert personas.outlines[-1] == f"{len(names)} personas"  # presets, plus any domain's personas.yaml
    tasks = project.runpytest("--mmtau-list=tasks:mock:*_o*")
    assert tasks.outlines[-3:] == ["wifi_off", "router_off_and_downgrade", "2 tasks"]
    bad = project.runpytest("--mmtau-list=tasks:nope")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stderr.fnmatch_lines(["ERROR: --mmtau-list: unknown domain 'nope'; allowed: *'mock'*"])


def test_unmarked_tests_are_untouched(project: pytest.Pytester) -> None:
    project.makepyfile("""
        def test_plain():
            assert 1 + 1 == 2
    """)
    result = project.runpytest()
    result.assert_outcomes(passed=1)
    assert "= mmtau =" not in result.stdout.str()


@pytest.mark.slow
def test_xdist_gives_the_same_aggregates(project: pytest.Pytester) -> None:
    project.makepyfile(SUPPORT_TEST.format(agent="skips_confirmation").replace('"none", "easy"', '"none", "easy", "hard"'))
    serial = project.runpytest("--mmtau-report=serial.json")
    parallel = project.runpytest_subprocess("-n", "2", "--mmtau-report=parallel.json")
    assert serial.ret == parallel.ret == pytest.ExitCode.TESTS_FAILED

    def groups(name: str) -> list:
        report = json.loads((project.path / name).read_text())
        return sorted((g["key"], g["pass_hat_k"], g.get("metrics")) for g in report["groups"])

    assert groups("serial.json") == groups("parallel.json")
    parallel.stdout.fnmatch_lines(["*= mmtau =*", "gates: 3 of 3 items failed:"])


def test_metric_thresholds_from_the_marker_override_the_command_line(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest
        AGENT = "reference"

        @pytest.mark.domain("mock", tasks="upgrade_plan")
        @pytest.mark.persona("hard")
        @pytest.mark.trials(2, thresholds="ues<=0 cp>=0.5")
        def test_effort(simulated_user, agent):
            simulated_user.converse_sync(agent)
    """)
    result = project.runpytest("--mmtau-thresholds=ues<=10")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*mmtau gate failed: mean ues = *, required ues<=0"])


def test_judged_trials_are_not_kept_alive_by_their_items(project: pytest.Pytester) -> None:
    project.makeconftest(AGENT_CONFTEST + """

def pytest_sessionfinish(session):
    from pytest_mmtau._item import FINISHED

    kept = [item.nodeid for item in session.items if FINISHED in item.stash]
    assert not kept, f"items still hold their trials (transcripts, final states): {kept}"
    print("NOTHING KEPT")
""")
    project.makepyfile(test_support=SUPPORT_TEST.format(agent="reference"))
    result = project.runpytest("-s", "-p", "no:randomly")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*NOTHING KEPT*"])
