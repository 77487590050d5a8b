"""mmtau items under the async plugins teams already use (pytest-asyncio, anyio), and next to a suite's own
markers: every trial runs, on the loop of the test's async fixtures, and a harness problem is never an agent
failure."""

from __future__ import annotations

import json

import pytest

# An agent like a real client: bound to the loop it was created on (an HTTP session, a framework runner), it
# fails when used from another loop, as aiohttp and httpx do.
LOOP_BOUND_AGENT = """
import asyncio
import pytest
import pytest_asyncio
from pytest_mmtau import per_trial


class LoopBoundAgent:
    def __init__(self, inner):
        self.loop = asyncio.get_running_loop()
        self.inner = inner

    async def respond(self, request):
        assert asyncio.get_running_loop() is self.loop, "used from another event loop"
        return await self.inner.respond(request)
"""

TEST_BODY = """
@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(4, pass_hat_k={{4: 1.0}})
{marker}
async def test_support(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
"""


def _report(pytester: pytest.Pytester) -> dict:
    return json.loads((pytester.path / "r.json").read_text())


def _suite(pytester: pytest.Pytester, fixture: str, marker: str) -> None:
    pytester.makepyfile(test_suite=LOOP_BOUND_AGENT + fixture + TEST_BODY.format(marker=marker))


ASYNCIO_FIXTURE = """
@pytest_asyncio.fixture
async def agent(mmtau_domain):
    return LoopBoundAgent(mmtau_domain.agents["reference"]())
"""


@pytest.mark.parametrize("mode, marker", [("strict", "@pytest.mark.asyncio"), ("auto", ""),
                                          ("auto", "@pytest.mark.asyncio")])
def test_pytest_asyncio_runs_every_trial_on_the_fixtures_loop(pytester: pytest.Pytester, mode: str,
                                                              marker: str) -> None:
    _suite(pytester, ASYNCIO_FIXTURE, marker)
    result = pytester.runpytest_subprocess("-p", "asyncio", "-o", f"asyncio_mode={mode}",
                                           "-o", "asyncio_default_fixture_loop_scope=function",
                                           "--mmtau-report=r.json", "--mmtau-concurrency=4")
    result.assert_outcomes(passed=1)
    trials = _report(pytester)["trials"]
    assert [t["outcome"] for t in trials] == ["passed"] * 4


def test_an_unmarked_async_test_with_a_pytest_asyncio_fixture_is_refused_with_what_to_change(
        pytester: pytest.Pytester) -> None:
    _suite(pytester, ASYNCIO_FIXTURE, "")
    result = pytester.runpytest_subprocess("-p", "asyncio", "-o", "asyncio_mode=strict",
                                           "-o", "asyncio_default_fixture_loop_scope=function")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*an async mmtau test must run on the event loop of its async fixtures*"
                                 "test_suite.py::test_support*uses async fixture(s) 'agent'*"
                                 "@pytest.mark.asyncio*"])


ANYIO_FIXTURE = """
@pytest.fixture
def anyio_backend():
    return "asyncio"

@pytest.fixture
async def agent(mmtau_domain, anyio_backend):
    return LoopBoundAgent(mmtau_domain.agents["reference"]())
"""


def test_anyio_runs_every_trial_with_gates_and_a_report(pytester: pytest.Pytester) -> None:
    _suite(pytester, ANYIO_FIXTURE, "@pytest.mark.anyio")
    result = pytester.runpytest_subprocess("-p", "anyio", "-p", "no:asyncio", "--mmtau-report=r.json")
    result.assert_outcomes(passed=1)
    assert [t["outcome"] for t in _report(pytester)["trials"]] == ["passed"] * 4
    result.stdout.fnmatch_lines(["totals: 1 items in 1 tests, 4 trials (4 passed, 0 failed, 0 infrastructure errors)*"])


def test_anyio_trio_backend_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import pytest

        @pytest.fixture
        def anyio_backend():
            return "trio"

        @pytest.mark.anyio
        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        async def test_support(simulated_user, mmtau_domain):
            await simulated_user.converse(mmtau_domain.agents["reference"]())
    """)
    pytest.importorskip("trio", reason="trio is not installed; anyio cannot run the trio backend")
    result = pytester.runpytest_subprocess("-p", "anyio")
    result.stdout.fnmatch_lines(["*runs trials on asyncio*anyio_backend*asyncio*"])


def test_a_failing_agent_still_fails_under_pytest_asyncio_auto_mode(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import pytest

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(3)
        async def test_support(simulated_user, mmtau_domain):
            conv = await simulated_user.converse(mmtau_domain.agents["skips_confirmation"]())
            assert conv.goal_achieved and not conv.success_detail
            from pytest_mmtau import assert_ias
            assert_ias(conv)
    """)
    result = pytester.runpytest_subprocess("-p", "asyncio", "-o", "asyncio_mode=auto",
                                           "-o", "asyncio_default_fixture_loop_scope=function",
                                           "--mmtau-report=r.json")
    result.assert_outcomes(failed=1)
    trials = _report(pytester)["trials"]
    assert [t["outcome"] for t in trials] == ["failed"] * 3
    assert all("already running" not in t["reason"] for t in trials)


def test_a_suite_with_its_own_markers_runs_as_without_the_plugin(pytester: pytest.Pytester) -> None:
    pytester.makeini("""
        [pytest]
        markers =
            contracts: ours
    """)
    pytester.makepyfile(test_theirs="""
        import pytest

        calls = []

        @pytest.mark.domain("contracts")
        @pytest.mark.persona("lawyer")
        @pytest.mark.modality("fax")
        @pytest.mark.trials(20, min_success=0.9)
        def test_contract_parser():
            calls.append(1)

        def test_ran_once():
            assert calls == [1]
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--strict-markers")
    result.assert_outcomes(passed=2)
    assert "= mmtau =" not in result.stdout.str()  # no mmtau summary: nothing of the plugin ran


def test_per_trial_gives_every_trial_its_own_agent(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import pytest
        from pytest_mmtau import per_trial

        built = []

        class StatefulAgent:
            def __init__(self, inner):
                built.append(self)
                self.inner, self.conversations = inner, set()

            async def respond(self, request):
                self.conversations.add(request.messages[0].content)
                assert len(self.conversations) == 1, "state shared between trials"
                return await self.inner.respond(request)

        @pytest.fixture
        def agent(mmtau_domain):
            return per_trial(lambda: StatefulAgent(mmtau_domain.agents["reference"]()))

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.persona("none", "easy")
        @pytest.mark.trials(3)
        async def test_support(simulated_user, agent):
            conv = await simulated_user.converse(agent)
            assert conv.goal_achieved, conv.success_detail

        def test_built_per_trial():
            assert len(built) == 6
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-concurrency=3")
    result.assert_outcomes(passed=3)


def test_an_agent_that_never_gives_the_loop_back_is_abandoned_and_blamed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import time
        import pytest
        from pytest_mmtau import FunctionAgent

        async def stuck(request):
            while True:
                time.sleep(0.05)  # never awaits: the event loop is held for good

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        async def test_support(simulated_user):
            await simulated_user.converse(FunctionAgent(stuck))
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:asyncio", "--mmtau-timeout=0.5",
                                           "--mmtau-concurrency=1", "--mmtau-report=r.json")
    result.assert_outcomes(failed=1)
    trials = _report(pytester)["trials"]
    assert trials[0]["outcome"] == "failed" and "blocked the event loop" in trials[0]["reason"]
    assert trials[1]["outcome"] == "error" and "abandoned" in trials[1]["reason"]


def test_pytest_timeout_cuts_the_item_but_keeps_its_finished_trials_and_the_report(
        pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import asyncio
        import pytest

        @pytest.mark.mmtau
        @pytest.mark.trials(4)
        async def test_slow_then_stuck(request):
            await asyncio.sleep(0.05)
            if len(getattr(request.config, "_done", [])) >= 2:
                await asyncio.sleep(60)
            request.config._done = [*getattr(request.config, "_done", []), 1]
    """)
    result = pytester.runpytest_subprocess("-p", "timeout", "-p", "no:asyncio", "--timeout=2",
                                           "--mmtau-concurrency=1", "--mmtau-report=r.json")
    trials = _report(pytester)["trials"]
    assert [t["outcome"] for t in trials] == ["passed", "passed", "error", "error"]
    assert "pytest-timeout" in trials[2]["reason"]
    assert "Timeout" not in result.stdout.str().split("mmtau")[0] or result.ret != 0


def test_an_agent_that_blocks_the_loop_gets_a_warning_naming_how_long(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import time
        import pytest

        class Heavy:
            def __init__(self, inner):
                self.inner = inner

            async def respond(self, request):
                time.sleep(0.15)
                return await self.inner.respond(request)

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        async def test_support(simulated_user, mmtau_domain):
            conv = await simulated_user.converse(Heavy(mmtau_domain.agents["reference"]()))
            assert conv.goal_achieved
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:asyncio")
    result.assert_outcomes(passed=1, warnings=1)
    result.stdout.fnmatch_lines(["*AgentWarning: trial 1: the agent blocked the event loop for 0.1* s in turn *"])


def test_pytest_timeout_on_pytest_asyncios_loop_cuts_trials_and_keeps_the_report(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import asyncio
        import pytest

        done = []

        @pytest.mark.asyncio
        @pytest.mark.mmtau
        @pytest.mark.trials(3)
        async def test_slow_then_stuck():
            await asyncio.sleep(0.05)
            if len(done) >= 1:
                await asyncio.sleep(60)
            done.append(1)
    """)
    pytester.runpytest_subprocess("-p", "timeout", "-p", "asyncio", "--timeout=2", "--mmtau-concurrency=1",
                                  "-o", "asyncio_default_fixture_loop_scope=function", "--mmtau-report=r.json")
    trials = _report(pytester)["trials"]
    assert [t["outcome"] for t in trials] == ["passed", "error", "error"]
