"""Domains: the mock domain's tasks are verified; discovery from built-ins, ini paths and entry points; file errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mmtau import UsageError
from pytest_mmtau.domain import load_domain_folder

TINY_TOOLS = '''
from pytest_mmtau.domain import tool

@tool(irreversible=True, critical=("order_id",))
def refund(state, order_id: str) -> str:
    """Refund an order."""
    state["orders"][order_id] = "refunded"
    return "refunded"
'''

TINY_TASK = {
    "id": "refund_o1", "description": "Refund order O1.",
    "goal": {"intent": "refund", "request": "Please refund my order.",
             "facts": [{"key": "order_id", "value": "O1", "aliases": ["order"]}], "confirmed_by": ["refunded"],
             "accepts": ["refund"]},
    "reference": [{"tool": "refund", "arguments": {"order_id": "O1"}}],
    "success": {"state": [{"path": "orders.O1", "equals": "refunded"}]},
    "critical_fields": [{"name": "order_id", "tool": "refund", "argument": "order_id", "expected": "O1"}],
    "optimal_turns": 2,
}


def make_domain(root: Path, name: str = "shop", tasks: object = (TINY_TASK,)) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "policy.md").write_text("Refund orders after confirming.\n")
    (folder / "db.json").write_text(json.dumps({"orders": {"O1": "paid"}}))
    (folder / "tools.py").write_text(TINY_TOOLS)
    (folder / "tasks.json").write_text(json.dumps(list(tasks)) if not isinstance(tasks, str) else tasks)
    return folder


def test_every_mock_task_is_sound(mock_domain) -> None:
    assert len(mock_domain.tasks) >= 5
    assert sum(bool(t.critical_fields) for t in mock_domain.tasks) >= 5
    for task in mock_domain.tasks:
        assert mock_domain.verify(task) == [], task.id


def test_mock_domain_has_the_required_tool_kinds(mock_domain) -> None:
    assert not mock_domain.tools["get_account"].irreversible
    assert mock_domain.tools["cancel_subscription"].irreversible
    assert mock_domain.tools["change_plan"].critical == ("account_id", "plan")
    assert mock_domain.user_tools and all(s.side == "user" for s in mock_domain.user_tools.values())
    schema = mock_domain.tools["change_plan"].openai_schema()["function"]["parameters"]
    assert schema["properties"]["plan"]["enum"] == ["basic", "premium"] and schema["required"] == ["account_id", "plan"]


def test_verify_catches_a_task_whose_checks_already_hold(tmp_path: Path) -> None:
    broken = dict(TINY_TASK, success={"state": [{"path": "orders.O1", "equals": "paid"}]}, reference=[])
    domain = load_domain_folder(make_domain(tmp_path, tasks=[broken]))
    assert domain.verify(domain.tasks[0]) == ["state checks already hold before any action"]


@pytest.mark.parametrize(("tasks", "message"), [
    ("[{]", r"tasks.json: 1 problem\(s\):\n  top level: Invalid JSON"),
    ([dict(TINY_TASK, optimal_turns=0)], r"task 'refund_o1' field 'optimal_turns': Input should be greater"),
    ([{k: v for k, v in TINY_TASK.items() if k != "goal"}], r"task 'refund_o1' field 'goal': Field required"),
    ([TINY_TASK, TINY_TASK], r"duplicate task ids \['refund_o1'\]"),
])
def test_malformed_task_files_name_file_and_field(tmp_path: Path, tasks: object, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        load_domain_folder(make_domain(tmp_path, tasks=tasks))


def test_missing_domain_file_is_named(tmp_path: Path) -> None:
    folder = make_domain(tmp_path)
    (folder / "policy.md").unlink()
    with pytest.raises(UsageError, match="missing policy.md"):
        load_domain_folder(folder)


def test_domain_from_ini_path(pytester: pytest.Pytester) -> None:
    make_domain(pytester.path / "our_domains")
    pytester.makeini("[pytest]\nmmtau_domains = our_domains\n")
    pytester.makeconftest("""
        import pytest
        from pytest_mmtau import FunctionAgent

        @pytest.fixture
        def agent():
            def reply(request):
                asked = sum(m.role == "assistant" for m in request.messages)
                if asked == 0:
                    return "Shall I refund order O1?"
                if not any(m.role == "tool" for m in request.messages):
                    return {"tool_calls": [{"name": "refund", "arguments": {"order_id": "O1"}}]}
                return "Your order O1 is refunded. Anything else?"
            return FunctionAgent(reply)
    """)
    pytester.makepyfile("""
        import pytest
        from pytest_mmtau import assert_ias

        @pytest.mark.domain("shop")
        @pytest.mark.persona("easy")
        def test_refund(simulated_user, agent):
            conv = simulated_user.converse_sync(agent)
            assert conv.goal_achieved, conv.success_detail
            assert_ias(conv)
    """)
    listed = pytester.runpytest("--mmtau-list=domains")
    listed.stdout.fnmatch_lines(["mock", "shop", "* domains"])  # built-ins and the ini folder's, sorted
    pytester.runpytest().assert_outcomes(passed=1)


def test_domain_from_entry_point(pytester: pytest.Pytester) -> None:
    folder = make_domain(pytester.path / "ext_data", name="whatever")
    dist = pytester.path / "fake_ext-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-ext\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[pytest_mmtau.domains]\nshop = fake_ext:domain_folder\n")
    pytester.makepyfile(fake_ext=f"def domain_folder():\n    return {str(folder)!r}\n")
    pytester.syspathinsert()
    result = pytester.runpytest("--mmtau-list=tasks:shop")
    result.stdout.fnmatch_lines(["refund_o1", "1 tasks"])
