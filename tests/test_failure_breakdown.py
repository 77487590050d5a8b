"""ECom-Bench's failure breakdown: every failed trial classified by the success checks that failed — action (the end
state), search (required retrievals), output (keywords), or other — in the transcript, the trial record, each
group of the JSON report, the terminal summary, the Markdown summary and the HTML page."""

from __future__ import annotations

import json

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.metrics import failure_breakdown, failure_dimensions
from pytest_mmtau.models import Action, SuccessCriteria, ToolCall
from pytest_mmtau.personas import PRESETS
from pytest_mmtau.user import SimulatedUser


@pytest.fixture(scope="module")
def ecom():
    return DomainRegistry().get("ecommerce")


def test_each_check_has_its_dimension(ecom, mock_domain) -> None:
    task = next(t for t in ecom.tasks if "installation" in t.id.split("/")[1].split("|"))
    conv = SimulatedUser(domain=ecom, task=task, persona=PRESETS["none"]).converse_sync(ecom.agents["reference"]())
    calls, texts = list(conv.tool_calls), [t.text for t in conv.agent_turns]
    assert ecom.check_success(task, conv.final_state, calls, texts) == [] and conv.failed_dimensions == ()
    no_read = [c for c in calls if c.name != "get_installation_service_info"]
    assert {d for d, _ in ecom.check_success(task, conv.final_state, no_read, texts)} == {"search"}
    assert {d for d, _ in ecom.check_success(task, conv.final_state, calls, [])} == {"output"}
    assert {d for d, _ in ecom.check_success(task, ecom.new_state(task), calls, texts)} == {"action"}
    # a required call that writes is an action, not a search
    cancel = mock_domain.task("cancel_subscription").model_copy(update={"success": SuccessCriteria(
        match_reference_state=False, required_calls=(Action(tool="cancel_subscription",
                                                            arguments={"account_id": "A100"}),))})
    assert [d for d, _ in mock_domain.check_success(cancel, mock_domain.new_state(cancel), [], [])] == ["action"]
    done = [ToolCall(id="c", name="cancel_subscription", arguments={"account_id": "A100"})]
    assert mock_domain.check_success(cancel, mock_domain.new_state(cancel), done, []) == []


def test_flawed_agents_fail_in_their_dimension(ecom) -> None:
    def dims(agent: str, task) -> tuple[str, ...]:
        conv = SimulatedUser(domain=ecom, task=task, persona=PRESETS["none"]).converse_sync(ecom.agents[agent]())
        assert not conv.goal_achieved
        return failure_dimensions(conv)

    writes = next(t for t in ecom.tasks if {"invoice", "installation"} & set(t.id.split("/")[1].split("|")))
    assert "search" in dims("skips_authentication", writes)  # never looked the customer up
    assert dims("wrong_order_id", writes)[0] == "action"  # wrote to another order
    image = next(t for t in ecom.tasks if "price" in t.id.split("/")[1].split("|"))
    assert "search" in dims("skips_image", image)  # never read the screenshot


def test_a_failed_trial_without_failed_checks_is_other() -> None:
    assert failure_dimensions(None) == ("other",)
    assert failure_breakdown([("action", "output"), ("other",), ("search",)]) == {
        "failed": 3, "action": 1, "search": 1, "output": 1, "other": 1}


FLAWED = """
import pytest

@pytest.mark.domain("ecommerce", tasks="E2060*")
@pytest.mark.trials(2)
def test_unauthenticated(simulated_user, mmtau_domain):
    conv = simulated_user.converse_sync(mmtau_domain.agents["skips_authentication"]())
    assert conv.goal_achieved, conv.success_detail

@pytest.mark.domain("ecommerce", tasks="E2060*")
def test_unconfirmed(simulated_user, mmtau_domain):
    from pytest_mmtau import assert_ias
    conv = simulated_user.converse_sync(mmtau_domain.agents["skips_confirmation"]())
    assert conv.goal_achieved
    assert_ias(conv)
"""


def test_reports_break_failures_down(pytester: pytest.Pytester) -> None:
    from pytest_mmtau.report._html import render_html
    from pytest_mmtau.report._markdown import render_markdown
    from pytest_mmtau.report._schema import Report

    pytester.makepyfile(FLAWED)
    result = pytester.runpytest("--mmtau-report=r.json", "-p", "no:randomly")
    report = json.loads((pytester.path / "r.json").read_text())
    Report.model_validate(report)
    failed = [t for t in report["trials"] if t["outcome"] == "failed"]
    assert failed and all(t["failure"] for t in failed)
    assert all(t["failure"] == [] for t in report["trials"] if t["outcome"] == "passed")
    tests = {g["test"].rsplit("::", 1)[1]: g for g in report["groups"] if g["level"] == "test"}
    unauth, trials = tests["test_unauthenticated"]["failures"], tests["test_unauthenticated"]["trials"]
    assert unauth["failed"] == unauth["search"] == trials  # every trial failed: no customer lookup
    unconfirmed = tests["test_unconfirmed"]["failures"]  # goal met, IAS failed: none of the three checks
    assert unconfirmed["other"] == unconfirmed["failed"] >= 1 and unconfirmed["action"] == 0
    result.stdout.fnmatch_lines([f"*::test_unauthenticated: failed trials by check: action {unauth['action']} · search "
                                 f"{trials} · output {unauth['output']} · other {unauth['other']} (of {trials})"])
    markdown = render_markdown(report)
    assert "Failed trials by check (ECom-Bench): action" in markdown and "; failed: " in markdown
    page = render_html(report)
    assert "Failed trials by check (ECom-Bench)" in page and '<span class="badge error">search</span>' in page
