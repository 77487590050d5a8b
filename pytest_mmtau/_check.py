"""Checking a domain before any agent is judged on it: every problem at once, each naming file, task, field and
line, so a typo in a domain file is a usage error, never an agent failure.

Errors (the domain cannot judge an agent fairly):

- a tool named by ``critical_fields``, ``reference`` or ``success.required_calls`` that the domain does not have
  on that side, or an argument that tool does not take;
- a ``success.state`` path that exists neither in the task's starting state nor after its reference solution;
- a reference solution that fails to run on a fresh state, or runs but does not make the success checks hold;
- success checks that already hold before any action (any agent, even a silent one, would pass);
- ``setup`` patches on paths that do not exist.

Paths are dotted; a number picks an item of a list (``transactions.0.status``).

Warnings: a goal fact the simulated user does not recognise even when asked for it by its own name or first alias
("What is your f1?") — no agent would get an answer for it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .domain import Domain, get_path
from .errors import UsageError
from .models import Action, Task


@dataclass(frozen=True, kw_only=True)
class Problem:
    domain: str
    message: str
    file: str = ""
    task: str = ""
    field: str = ""
    line: int | None = None
    severity: str = "error"  # error | warning

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "") if self.file else self.domain
        task = f" task {self.task!r}" if self.task else ""
        field = f" {self.field}" if self.field else ""
        return f"{where}:{task}{field}: {self.message}"


def _task_lines(tasks_file: Path | None) -> dict[str, int]:
    """The line of each task's ``"id"`` in a tasks file, for pointing at it."""
    if tasks_file is None or not tasks_file.is_file() or tasks_file.suffix != ".json":
        return {}
    lines: dict[str, int] = {}
    for number, line in enumerate(tasks_file.read_text(encoding="utf-8").splitlines(), 1):
        for match in re.finditer(r'"id"\s*:\s*"((?:[^"\\]|\\.)*)"', line):
            lines.setdefault(json.loads(f'"{match.group(1)}"'), number)
    return lines


def _tool_problems(domain: Domain, action: Action, field: str) -> list[tuple[str, str]]:
    spec = domain.spec(action.side, action.tool)
    if spec is None:
        known = sorted((domain.tools if action.side == "agent" else domain.user_tools))
        return [(field, f"{action.side} tool {action.tool!r} does not exist; the domain's {action.side} tools: "
                        f"{', '.join(known)}")]
    takes = set((spec.parameters or {}).get("properties", {}))
    return [(f"{field}.arguments.{name}", f"{action.tool} takes no argument {name!r}; it takes "
                                          f"{', '.join(sorted(takes)) or 'none'}")
            for name in action.arguments if name not in takes]


def _path_exists(state: Any, path: str) -> bool:
    try:
        get_path(state, path)
    except (KeyError, IndexError, TypeError, ValueError):
        return False
    return True


def check_task(domain: Domain, task: Task) -> list[tuple[str, str, str]]:
    """(severity, field, message) for one task."""
    found: list[tuple[str, str, str]] = []

    def error(field: str, message: str) -> None:
        found.append(("error", field, message))

    for i, action in enumerate(task.reference):
        for field, message in _tool_problems(domain, action, f"reference[{i}]"):
            error(field, message)
    for i, action in enumerate(task.success.required_calls):
        for field, message in _tool_problems(domain, action, f"success.required_calls[{i}]"):
            error(field, message)
    for i, critical in enumerate(task.critical_fields):
        for field, message in _tool_problems(domain, Action(tool=critical.tool, arguments={critical.argument: 0}),
                                              f"critical_fields[{i}]"):
            error(field.replace(f".arguments.{critical.argument}", ".argument"), message)
    try:
        start = domain.new_state(task)
    except Exception as exc:  # noqa: BLE001 - a setup patch on a path that does not exist
        error("setup", f"cannot be applied to db.json: {type(exc).__name__}: {exc}")
        return found
    if any(f[0] == "error" and f[1].startswith("reference") for f in found):
        return found  # a reference naming a missing tool cannot be replayed meaningfully
    try:
        end = domain.replay_reference(task)
    except UsageError as exc:
        error("reference", str(exc).split(": reference action ", 1)[-1])
        return found
    for i, check in enumerate(task.success.state):
        if not _path_exists(start, check.path) and not _path_exists(end, check.path):
            error(f"success.state[{i}].path", f"{check.path!r} exists neither in the starting state nor after the "
                                              "reference solution (a typo?)")
    if not any(f[0] == "error" and f[1].startswith("success.state") for f in found):
        for problem in domain.verify(task):
            error("reference" if problem.startswith("reference") else "success", problem)
    found += _unrecognised_facts(domain, task)
    return found


def _unrecognised_facts(domain: Domain, task: Task) -> list[tuple[str, str, str]]:
    """Facts the simulated user does not recognise even when an agent asks for them by their own name or first
    alias ("What is your f1?"): a name no agent would say, which the understanding cannot place either."""
    from .understanding import read, vocabulary

    words = vocabulary(task, domain.tool_infos)
    found = []
    for i, fact in enumerate(task.goal.facts):
        name = fact.aliases[0] if fact.aliases else fact.key.replace("_", " ")
        question = f"What is your {name}?"
        if fact.key not in [f.key for f in read(question, words).asked]:
            found.append(("warning", f"goal.facts[{i}]", f"fact {fact.key!r} is not recognised even when asked for "
                                                          f"by its name ({question!r}): give it the aliases an agent "
                                                          "would ask for it by"))
    return found


def check_domain(domain: Domain, folder: Path | None = None, tasks_file: Path | None = None) -> list[Problem]:
    """Every problem of every task; ``tasks_file`` (default: the folder's tasks.json) is where tasks are pointed at."""
    if tasks_file is None and folder is not None and (folder / "tasks.json").is_file():
        tasks_file = folder / "tasks.json"
    lines = _task_lines(tasks_file)
    problems = []
    for task in domain.tasks:
        where = str(tasks_file) if tasks_file is not None and (task.id in lines or not lines) else ""
        for severity, field, message in check_task(domain, task):
            problems.append(Problem(domain=domain.name, file=where, task=task.id,
                                    field=field, line=lines.get(task.id), message=message, severity=severity))
    return problems


def fingerprint(domain: Domain) -> str:
    """What the check depends on: the tasks, the starting data, the tools' schemas (and the domain's code files)."""
    digest = hashlib.sha256()
    # the JSON list of every task, hashed a task at a time: the same digest as hashing the whole list as one string,
    # which for telecom's 2285 tasks was a 34 MB peak at collection
    digest.update(b"[")
    for index, task in enumerate(domain.tasks):
        digest.update((", " if index else "").encode() + json.dumps(task.model_dump(mode="json"), sort_keys=True)
                      .encode())
    digest.update(b"]")
    digest.update(json.dumps(domain.initial_state, sort_keys=True, default=str).encode())
    for spec in (*domain.tools.values(), *domain.user_tools.values()):
        digest.update(json.dumps([spec.name, spec.side, spec.parameters, spec.irreversible,
                                  list(spec.critical)], sort_keys=True, default=str).encode())
    if domain.source:
        for path in sorted(Path(domain.source).glob("*.py")):  # tools.py and the siblings it loads
            digest.update(path.read_bytes())
    return digest.hexdigest()


def errors_of(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]


class DomainWarning(UserWarning):
    """A domain problem that does not make verdicts wrong but weakens them (see ``check_task``)."""


def check_for_collection(config: Any, task_sets: Iterable[tuple[str, str | None, str | None]]) -> None:
    """Check every (domain, split, tasks file) the collected mmtau tests use; a broken one is a UsageError listing
    all its problems. One whose fingerprint passed before (pytest's cache) is not checked again."""
    import warnings

    from .session import state

    cache = getattr(config, "cache", None)
    broken: list[str] = []
    for name, split, tasks_file in sorted(set(task_sets), key=lambda k: tuple(str(p) for p in k)):
        domain = state(config).domains.get(name, split=split, tasks_file=tasks_file)
        key, mark = f"mmtau/domain-check/{name}", fingerprint(domain)
        if split is not None or tasks_file is not None:
            key += "/" + hashlib.sha256(f"{split}|{tasks_file}".encode()).hexdigest()[:16]
        if cache is not None and cache.get(key, None) == mark:
            continue
        problems = check_domain(domain, Path(domain.source) if domain.source else None,
                                Path(tasks_file) if tasks_file is not None else None)
        for problem in problems:
            if problem.severity == "warning":
                warnings.warn(DomainWarning(str(problem)), stacklevel=1)
        errors = errors_of(problems)
        if errors:
            label = f"domain {name!r}" + (f" (tasks from {domain.task_source})" if domain.task_source else "")
            broken.append(f"{label} has {len(errors)} problem(s); no agent was judged on it:\n" +
                          "\n".join(f"  {p}" for p in errors))
        elif cache is not None:
            cache.set(key, mark)
    if broken:
        raise UsageError("\n".join(broken) + "\n(run `python -m pytest_mmtau check DOMAIN` to check a domain alone)")
