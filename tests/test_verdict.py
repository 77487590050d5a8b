"""One run verdict, one exit status each: usage errors are 4 wherever they are found, an inconclusive run is 75
(never pytest's 3), and every report carries the verdict."""

from __future__ import annotations

import json

import pytest

from pytest_mmtau._verdict import ExitStatus, decide


def test_precedence_usage_interrupted_gates_inconclusive() -> None:
    assert decide().kind == "passed" and decide().exit_status == 0
    assert decide(inconclusive=["x"]).exit_status == 75
    assert decide(inconclusive=["x"], gates_failed=["y"]).kind == "gates_failed"
    assert decide(interrupted="ctrl-c", gates_failed=["y"]).exit_status == ExitStatus.INTERRUPTED
    assert decide(usage=["bad"], interrupted="ctrl-c", gates_failed=["y"]).exit_status == ExitStatus.USAGE_ERROR
    assert 3 not in {int(s) for s in ExitStatus}  # pytest's INTERNALERROR means a crash, nothing else


SUITE = """
import pytest

@pytest.fixture
def agent(mmtau_domain):
    {agent}

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(2)
async def test_support(simulated_user, agent):
    await simulated_user.converse(agent)
"""


def test_a_usage_error_in_the_agent_fixture_is_exit_4_with_the_verdict_in_the_report(
        pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SUITE.format(
        agent='from pytest_mmtau import OpenAICompatibleAgent\n    return OpenAICompatibleAgent("localhost:8000")'))
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-report=r.json")
    assert result.ret == ExitStatus.USAGE_ERROR
    result.stdout.fnmatch_lines(["*expected an http:// or https:// URL*"])


def test_a_usage_error_inside_a_trial_is_exit_4(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import pytest
        from pytest_mmtau import UsageError

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        def test_support(simulated_user):
            raise UsageError("the suite asked for something that does not exist")

        def test_plain():
            pass
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly")
    assert result.ret == ExitStatus.USAGE_ERROR


def test_a_marker_mistake_is_exit_4_not_interrupted(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import pytest

        @pytest.mark.domain("mock")
        @pytest.mark.persona("harrd")
        def test_support(simulated_user):
            pass
    """)
    assert pytester.runpytest_subprocess().ret == ExitStatus.USAGE_ERROR


def test_a_corrupt_cassette_is_a_usage_error_naming_the_file(pytester: pytest.Pytester) -> None:
    from pytest_mmtau.record import cassette_path

    pytester.makepyfile(test_suite="""
        import pytest

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        async def test_support(simulated_user, judge, mmtau_domain):
            judge(await simulated_user.converse(mmtau_domain.agents["reference"]()))
    """)
    cassettes = pytester.path / "cassettes"
    broken = cassette_path(cassettes, "test_suite.py::test_support[cancel_subscription-none-text]")
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text("{not json")
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-record=once",
                                           f"--mmtau-cassette-dir={cassettes}", "--mmtau-judge-model=openai/x",
                                           "--mmtau-judge-api-base=http://127.0.0.1:9/v1")
    result.stdout.fnmatch_lines(["*is not a readable cassette*"])
    assert result.ret == ExitStatus.USAGE_ERROR


def test_the_fuzz_profile_without_hypothesis_is_exit_4(pytester: pytest.Pytester) -> None:
    blocker = pytester.mkpydir("hypothesis")
    (blocker / "__init__.py").write_text("raise ImportError('hypothesis is not installed here')\n")
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:hypothesispytest", "--mmtau-fuzz-profile=ci")
    assert result.ret == ExitStatus.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mmtau-fuzz-profile ci needs Hypothesis*pip install*"])


def test_every_report_carries_the_verdict(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SUITE.format(agent='return mmtau_domain.agents["skips_confirmation"]()') +
                        "    from pytest_mmtau import assert_ias\n    assert_ias(simulated_user.transcripts[-1])\n")
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-report=r.json", "--mmtau-html=r.html",
                                           "--mmtau-markdown=r.md", "--junitxml=j.xml")
    assert result.ret == ExitStatus.GATES_FAILED
    verdict = json.loads((pytester.path / "r.json").read_text())["verdict"]
    assert verdict["kind"] == "gates_failed" and verdict["exit_status"] == 1
    assert "Verdict: gates failed" in (pytester.path / "r.html").read_text()
    assert 'name="mmtau.verdict" value="gates_failed"' in (pytester.path / "j.xml").read_text()
    result.stdout.fnmatch_lines(["verdict: gates failed: the agent did not meet the bar (exit status 1)"])
