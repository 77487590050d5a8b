"""pass^k survives pytest-rerunfailures: an mmtau item is never rerun until its gate passes."""

from __future__ import annotations

import json

import pytest

FLAKY_SUITE = """
import pytest

class Flaky:
    # fails the task in one conversation of three: a real regression a pass^4 gate must catch
    def __init__(self, inner, fail):
        self.inner, self.fail = inner, fail

    async def respond(self, request):
        if self.fail:
            return "I cannot help with that."
        return await self.inner.respond(request)

@pytest.fixture
def agent(mmtau_domain):
    from pytest_mmtau import per_trial
    made = []
    return per_trial(lambda: (made.append(1), Flaky(mmtau_domain.agents["reference"](), len(made) % 3 == 0))[1])

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(4, pass_hat_k={4: 1.0})
async def test_support(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail

calls = []

def test_other_flaky():
    calls.append(1)
    assert len(calls) > 1  # passes on its first rerun
"""


def test_reruns_never_reroll_an_mmtau_gate_but_still_help_other_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=FLAKY_SUITE)
    result = pytester.runpytest_subprocess("-p", "rerunfailures", "-p", "no:randomly", "--reruns=5",
                                           "--mmtau-report=r.json")
    result.stdout.fnmatch_lines(["*= 1 failed, 1 passed, 1 rerun in *"])  # the rerun is the other test's
    result.stdout.fnmatch_lines(["reruns: --reruns is off for 1 mmtau items (pass^k over k trials is already "
                                 "the retry*"])
    report = json.loads((pytester.path / "r.json").read_text())
    assert len(report["trials"]) == 4
    assert len((pytester.path / "r.json.items.jsonl").read_text().splitlines()) == 3  # header, the item, end


def test_an_explicit_flaky_marker_on_an_mmtau_test_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite="""
        import pytest

        @pytest.mark.flaky(reruns=3)
        @pytest.mark.domain("mock", tasks="cancel_subscription")
        def test_support(simulated_user):
            pass
    """)
    result = pytester.runpytest_subprocess("-p", "rerunfailures")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*@pytest.mark.flaky(reruns=...) on mmtau test(s) *test_support*"])


def test_force_reruns_is_refused_when_mmtau_items_are_selected(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=FLAKY_SUITE)
    result = pytester.runpytest_subprocess("-p", "rerunfailures", "--force-reruns=2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
