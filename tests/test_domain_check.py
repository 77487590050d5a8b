"""A broken domain is a usage error naming file, task, field and line — never an agent failure."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau._check import check_domain
from pytest_mmtau.domain import load_domain_folder

MOCK = Path(__file__).parent.parent / "domains" / "mock"


def broken_copy(tmp_path: Path, edit: Callable[[dict[str, Any]], None], name: str = "shop") -> Path:
    """The mock domain as a project's own domain, with its first task (cancel_subscription) edited."""
    folder = tmp_path / "domains" / name
    shutil.copytree(MOCK, folder, ignore=shutil.ignore_patterns("__pycache__", "agents.py", "personas.yaml"))
    tasks = json.loads((folder / "tasks.json").read_text())
    edit(tasks[0])
    (folder / "tasks.json").write_text(json.dumps(tasks, indent=2))
    return folder


MISTAKES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "critical field naming a tool that does not exist": (
        lambda t: t["critical_fields"][0].update(tool="close_acount"),
        "critical_fields[0]: agent tool 'close_acount' does not exist; the domain's agent tools: cancel_subscription"),
    "success path with a typo": (
        lambda t: t["success"]["state"][0].update(path="acounts.A100.status"),
        "success.state[0].path: 'acounts.A100.status' exists neither in the starting state nor after the reference"),
    "reference with a wrong argument name": (
        lambda t: t["reference"][1]["arguments"].update(account="A100"),
        "reference[1].arguments.account: cancel_subscription takes no argument 'account'; it takes account_id"),
    "reference that does not make the checks hold": (
        lambda t: t["reference"].pop(),
        "reference: reference solution does not succeed: state accounts.A100.status is 'active', expected 'cancelled'"),
    "checks that hold before any action": (
        lambda t: t["success"]["state"][0].update(equals="active") or t.update(reference=[]),
        "success: state checks already hold before any action"),
    "reference that fails to run": (
        lambda t: t["reference"][1]["arguments"].update(account_id="Z999"),
        "reference: cancel_subscription fails: no account 'Z999'"),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_mistake_is_found_with_file_task_field_and_line(tmp_path: Path, mistake: str) -> None:
    edit, expected = MISTAKES[mistake]
    folder = broken_copy(tmp_path, edit)
    problems = [p for p in check_domain(load_domain_folder(folder), folder) if p.severity == "error"]
    assert problems, mistake
    text = "\n".join(map(str, problems))
    assert expected in text, text
    first = problems[0]
    assert first.file.endswith("tasks.json") and first.task == "cancel_subscription" and first.line == 3


def test_a_fact_no_agent_can_ask_for_is_a_warning(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, lambda t: t["goal"]["facts"][0].update(key="f1", aliases=[]))
    problems = check_domain(load_domain_folder(folder), folder)
    assert [p.severity for p in problems] == ["warning"]
    assert "fact 'f1' is not recognised even when asked for by its name ('What is your f1?')" in str(problems[0])
    # a plain name, even one no agent tool takes, is understood: no warning
    folder = broken_copy(tmp_path / "plain", lambda t: t["goal"]["facts"][0].update(key="loyalty_code",
                                                                                 aliases=[]))
    assert check_domain(load_domain_folder(folder), folder) == []


def test_a_path_may_index_a_list(tmp_path: Path) -> None:
    def patch(task: dict[str, Any]) -> None:
        task["setup"] = [{"path": "history.0", "value": "opened"}]
        task["success"]["state"].append({"path": "history.0", "equals": "opened"})

    folder = broken_copy(tmp_path, patch)
    db = json.loads((folder / "db.json").read_text())
    (folder / "db.json").write_text(json.dumps({**db, "history": ["new"]}))
    assert check_domain(load_domain_folder(folder), folder) == []


def test_every_built_in_domain_passes_the_check() -> None:
    from pytest_mmtau._discovery import DomainRegistry

    registry = DomainRegistry()
    for name in registry.names():
        domain = registry.get(name)
        errors = [p for p in check_domain(domain, Path(domain.source)) if p.severity == "error"]
        assert errors == [], (name, errors[:3])


def test_a_broken_domain_stops_the_run_at_collection_with_every_problem(pytester: pytest.Pytester) -> None:
    broken_copy(pytester.path, lambda t: (t["critical_fields"][0].update(tool="close_acount"),
                                          t["success"]["state"][0].update(path="acounts.A100.status")))
    pytester.makeini("[pytest]\nmmtau_domains = domains\n")
    pytester.makepyfile(test_shop="""
        import pytest

        @pytest.mark.domain("shop", tasks="cancel_subscription")
        def test_support(simulated_user):
            raise AssertionError("no agent may be judged on a broken domain")
    """)
    result = pytester.runpytest_subprocess("-p", "no:randomly")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([
        "*domain 'shop' has 2 problem(s); no agent was judged on it:*",
        "*tasks.json:3: task 'cancel_subscription' critical_fields[[]0[]]: agent tool 'close_acount' does not exist*",
        "*tasks.json:3: task 'cancel_subscription' success.state[[]0[]].path: 'acounts.A100.status' exists neither*",
    ])


def test_the_check_command(tmp_path: Path) -> None:
    from pytest_mmtau.__main__ import main

    folder = broken_copy(tmp_path, lambda t: t["critical_fields"][0].update(tool="close_acount"))
    assert main(["check", str(folder)]) == 1
    assert main(["check", "mock"]) == 0
    (folder / "tools.py").unlink()
    assert main(["check", str(folder)]) == 4  # missing tools.py: named, not "unknown domain"


def test_replay_and_check_find_the_projects_own_domains_from_its_ini(tmp_path: Path) -> None:
    import subprocess
    import sys

    broken_copy(tmp_path, lambda t: None)  # a sound copy of mock, named shop
    shutil.copy(MOCK / "agents.py", tmp_path / "domains" / "shop" / "agents.py")
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\nmmtau_domains = ["domains"]\n')
    (tmp_path / "sub").mkdir()
    replay = subprocess.run([sys.executable, "-m", "pytest_mmtau.replay", "--domain", "shop", "--task",
                             "cancel_subscription", "--seed", "3", "--agent", "shop:reference"],
                            cwd=tmp_path / "sub", capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert "cancel" in replay.stdout.lower()
    check = subprocess.run([sys.executable, "-m", "pytest_mmtau", "check", "shop"], cwd=tmp_path,
                           capture_output=True, text=True)
    assert check.returncode == 0 and "shop: 6 tasks, 0 errors" in check.stdout, check.stdout + check.stderr


def test_a_schema_error_lists_every_problem_with_the_task_id(tmp_path: Path) -> None:
    from pytest_mmtau.errors import UsageError

    def two_mistakes(task: dict[str, Any]) -> None:
        task["optimal_turns"] = 0
        del task["goal"]["request"]

    folder = broken_copy(tmp_path, two_mistakes)
    with pytest.raises(UsageError) as problem:
        load_domain_folder(folder)
    text = str(problem.value)
    assert "tasks.json: 2 problem(s):" in text
    assert "task 'cancel_subscription' field 'goal.request': Field required" in text
    assert "task 'cancel_subscription' field 'optimal_turns': Input should be greater than or equal to 1" in text


def test_golden_messages_of_every_domain_mistake(tmp_path: Path) -> None:
    from test_snapshots import check_snapshot

    from pytest_mmtau.errors import UsageError

    lines = []
    for title, (edit, _) in MISTAKES.items():
        folder = broken_copy(tmp_path / title.replace(" ", "_"), edit)
        problems = check_domain(load_domain_folder(folder), folder)
        lines += [f"{title}:", *(f"  {p.severity}: {str(p).replace(str(folder), '<domain>')}" for p in problems), ""]
    folder = broken_copy(tmp_path / "fact", lambda t: t["goal"]["facts"][0].update(key="f1", aliases=[]))
    lines += ["a fact no agent can ask for:", *(f"  {p.severity}: {str(p).replace(str(folder), '<domain>')}"
                                                for p in check_domain(load_domain_folder(folder), folder)), ""]
    folder = broken_copy(tmp_path / "schema", lambda t: (t.update(optimal_turns=0), t["goal"].pop("request")))
    with pytest.raises(UsageError) as problem:
        load_domain_folder(folder)
    lines += ["a schema error with two problems:", str(problem.value).replace(str(folder), "<domain>"), ""]
    (folder / "tools.py").unlink()
    with pytest.raises(UsageError) as problem:
        load_domain_folder(folder)
    lines += ["a folder missing tools.py:", str(problem.value).replace(str(folder), "<domain>"), ""]
    check_snapshot("domain_check.txt", "\n".join(lines))
