"""--mmtau-max-cost holds for the whole run: under pytest-xdist every worker adds to and reads one ledger."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_agent_adapters import brain_server

SUITE = """
import os
import pytest
from pytest_mmtau import LiteLLMAgent

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.modality("text", "asr-noise")
async def test_live(simulated_user):
    agent = LiteLLMAgent("openai/gpt-4o-mini", api_base=os.environ["MMTAU_T_BASE"], api_key="sk-test-not-real",
                         max_attempts=1)
    await simulated_user.converse(agent)
"""


def _costs(report: dict[str, Any]) -> list[float]:
    return [t["usage"]["cost_usd"] for t in report["trials"]]


def test_the_budget_is_one_for_the_whole_run_under_xdist(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                         mock_domain: Any) -> None:
    pytester.makepyfile(test_suite=SUITE)
    with brain_server(mock_domain) as server:
        monkeypatch.setenv("MMTAU_T_BASE", server.base_url)
        full = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-report=full.json")
        costs = _costs(json.loads((pytester.path / "full.json").read_text()))
        assert len(costs) == 6 and all(c and c > 0 for c in costs), costs
        budget = 2.5 * max(costs)  # each worker alone would stay under it for 2 of its 3 items, and run all 3
        capped = pytester.runpytest_subprocess("-p", "no:randomly", "-n", "2", f"--mmtau-max-cost={budget:.9f}",
                                               "--mmtau-report=capped.json")
    ran = _costs(json.loads((pytester.path / "capped.json").read_text()))
    assert full.ret == 0
    # a per-worker budget lets each worker run its 3 items (2 cost less than the budget): all 6 run. The shared one
    # stops both workers once the run as a whole is over it; what each worker had already started still finishes
    assert len(ran) < 6, f"{len(ran)} items ran: the budget held per worker, not for the run"
    capped.stdout.fnmatch_lines(["*more than --mmtau-max-cost*"])
