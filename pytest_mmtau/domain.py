"""Domains: shared state, the tools agent and user act on it with, the tasks, and deterministic success checks.

A domain is a folder holding ``policy.md`` (the agent's policy), ``db.json`` (initial state, agent side and user
side), ``tools.py`` (functions decorated with :func:`tool`), ``tasks.json`` and/or a ``generate_tasks(state)``
function in ``tools.py``, and optionally ``agents.py`` with reference agents in an ``AGENTS`` mapping.

``tools.py`` may also name task sets: ``SPLITS`` (name → what it holds) with ``generate_tasks(state, split=None)``
building any of them, and ``read_task_file(path, state, ids)`` reading tasks written in another benchmark's format
(:class:`TaskFile`; ``ids``: only those tasks, when not None). :meth:`Domain.with_split` and
:meth:`Domain.with_task_file` give the domain with those tasks.
"""

from __future__ import annotations

import copy
import fnmatch
import functools
import hashlib
import importlib.util
import inspect
import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, TypeAdapter, ValidationError, create_model

from .errors import UsageError, allowed
from .models import Action, Side, Task, ToolCall, ToolInfo

_TOOL_ATTR = "__mmtau_tool__"


class ToolError(Exception):
    """Raised by a tool for a request it refuses (unknown id, invalid state); the caller sees the message."""


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    """A tool as the environment hosts it: who may call it, whether it writes irreversibly, its critical args."""

    name: str
    side: Side
    function: Callable[..., Any]
    description: str
    parameters: dict[str, Any]
    irreversible: bool = False
    critical: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    _validator: Any = field(default=None, repr=False, compare=False)

    def info(self) -> ToolInfo:
        """What a transcript keeps of this tool (for reading agent messages afterwards)."""
        return ToolInfo(name=self.name, side=self.side, description=self.description, parameters=self.parameters,
                        irreversible=self.irreversible, critical=self.critical, phrases=self.phrases)

    def openai_schema(self) -> dict[str, Any]:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}

    def call(self, state: dict[str, Any], arguments: Mapping[str, Any]) -> Any:
        try:
            validated = self._validator.model_validate(dict(arguments))
        except ValidationError as exc:
            raise ToolError(f"invalid arguments for {self.name}: {_problems(exc)}") from None
        return self.function(state, **validated.model_dump())

    def argument_problems(self, arguments: Mapping[str, Any]) -> str | None:
        """Why ``arguments`` do not fit this tool's parameters, or None when they do (nothing is executed)."""
        try:
            self._validator.model_validate(dict(arguments))
        except ValidationError as exc:
            return _problems(exc)
        return None


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or '(arguments)'}: {e['msg']}" for e in exc.errors())


def tool(
    *, side: Side = "agent", irreversible: bool = False, critical: Iterable[str] = (), phrases: Iterable[str] = ()
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark ``fn(state, **arguments)`` as a domain tool; its JSON schema comes from the type hints.

    ``phrases`` are extra ways to name the tool's action, for the simulated user and the labeller
    (``pytest_mmtau.understanding``). For a user-side tool: how an agent asks the user to run it ("toggle flight
    mode off"). For an agent-side tool: how an agent names its action when it asks the user to approve it ("put
    the order through" for ``place_order``). Neither is required: actions are also recognised from the tool's
    name in any inflection or common synonym, and its arguments from their names, types and the description.
    """

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, _TOOL_ATTR, {"side": side, "irreversible": irreversible,
                                 "critical": tuple(critical), "phrases": tuple(phrases)})
        return fn

    return mark


def _spec_from_function(fn: Callable[..., Any]) -> ToolSpec:
    meta = getattr(fn, _TOOL_ATTR)
    params = list(inspect.signature(fn).parameters.values())[1:]  # first parameter is the state
    hints = inspect.get_annotations(fn, eval_str=True)
    fields = {
        p.name: (hints.get(p.name, Any), ... if p.default is inspect.Parameter.empty else p.default) for p in params
    }
    validator = create_model(  # type: ignore[call-overload,unused-ignore]
        f"{fn.__name__}_arguments", __config__=ConfigDict(extra="forbid"),
        **fields)  # pyright: ignore[reportArgumentType]
    schema = validator.model_json_schema()
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    unknown = set(meta["critical"]) - set(fields)
    if unknown:
        raise UsageError(f"tool {fn.__name__!r} marks unknown critical arguments {sorted(unknown)}; "
                         f"its arguments are {sorted(fields)}")
    return ToolSpec(name=fn.__name__, side=meta["side"], function=fn,
                    description=inspect.cleandoc(fn.__doc__ or fn.__name__), parameters=schema,
                    irreversible=meta["irreversible"], critical=meta["critical"], phrases=meta["phrases"],
                    _validator=validator)


# --------------------------------------------------------------------------------------------- state paths


def _step(node: Any, part: str, path: str) -> Any:
    """One part of a dotted path: a key of an object, or an index of a list ("transactions.0.status")."""
    if isinstance(node, Mapping) and part in node:
        return node[part]
    if isinstance(node, list) and part.isdigit() and int(part) < len(node):
        return node[int(part)]
    raise KeyError(path)


def get_path(state: Mapping[str, Any], path: str) -> Any:
    node: Any = state
    for part in path.split("."):
        node = _step(node, part, path)
    return node


def set_path(state: dict[str, Any], path: str, value: Any) -> None:
    *parents, leaf = path.split(".")
    node: Any = state
    for part in parents:
        node = _step(node, part, path) if isinstance(node, list) else node.setdefault(part, {})
    if isinstance(node, list):
        _step(node, leaf, path)  # an index of the list, or a KeyError naming the path
        node[int(leaf)] = value
    else:
        node[leaf] = value


# --------------------------------------------------------------------------------------------- the domain


@dataclass(frozen=True, kw_only=True)
class TaskFile:
    """Tasks a domain read from a file in another benchmark's format, with what that file's world needs: its own
    starting state and a policy matching it (None: the domain's own)."""

    tasks: tuple[Task, ...]
    initial_state: Mapping[str, Any] | None = None
    policy: str | None = None


@dataclass(frozen=True, kw_only=True)
class Domain:
    name: str
    policy: str
    initial_state: Mapping[str, Any]
    tools: Mapping[str, ToolSpec]
    user_tools: Mapping[str, ToolSpec]
    tasks: tuple[Task, ...]
    agents: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    after_step: Callable[[dict[str, Any]], None] | None = None
    source: str = ""
    splits: Mapping[str, str] = field(default_factory=dict)  # named task sets: name -> what it holds
    task_source: str = ""  # where ``tasks`` come from when not the default set: "split 'test'", a task file's path
    build_split: Callable[[str], Iterable[Task]] | None = field(default=None, repr=False, compare=False)
    # tasks of a file in a foreign format (None: not that format), only those with the given ids when there are some
    read_task_file: Callable[[Path, frozenset[str] | None], TaskFile | None] | None = field(
        default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        tasks = f"{len(self.tasks)} from {self.task_source}" if self.task_source else len(self.tasks)
        return f"Domain(name={self.name!r}, tasks={tasks}, source={self.source!r})"

    def with_split(self, name: str) -> Domain:
        """This domain with the tasks of its split ``name``; an unknown split is a UsageError naming the allowed."""
        if name not in self.splits or self.build_split is None:
            raise UsageError(f"domain {self.name!r} has no split {name!r}; allowed: {allowed(self.splits)}")
        return replace(self, tasks=tuple(self.build_split(name)), task_source=f"split {name!r}")

    def with_task_file(self, path: Path, split: str | None = None) -> Domain:
        """This domain with the tasks of a file (this domain's tasks.json format, or a foreign format the domain
        reads and verifies), optionally only those of one of its splits (``split_<name>.json`` beside it)."""
        from ._task_files import domain_from_file

        return domain_from_file(self, Path(path), split)

    @functools.cached_property
    def tool_infos(self) -> tuple[ToolInfo, ...]:
        """Every tool (agent side, then user side) as transcripts keep it; one tuple shared by all of them."""
        return tuple(spec.info() for spec in (*self.tools.values(), *self.user_tools.values()))

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Keep Hypothesis's falsifying-example report to one line for the domain fixture."""
        printer.text(repr(self))

    def new_state(self, task: Task) -> dict[str, Any]:
        state = copy.deepcopy(dict(self.initial_state))
        for patch in task.setup:
            set_path(state, patch.path, copy.deepcopy(patch.value))
        if self.after_step is not None:
            self.after_step(state)
        return state

    def task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise UsageError(f"domain {self.name!r} has no task {task_id!r}; allowed: {allowed(t.id for t in self.tasks)}")

    def select(self, pattern: str | Sequence[str] = "*") -> tuple[Task, ...]:
        """The tasks whose id matches the glob, or any of the globs (in the domain's order); each must match one."""
        if not isinstance(pattern, str):
            wanted = {t.id for glob in pattern for t in self.select(glob)}
            return tuple(t for t in self.tasks if t.id in wanted)
        chosen = tuple(t for t in self.tasks if fnmatch.fnmatchcase(t.id, pattern))
        if not chosen and "[" in pattern:
            # ids like "[mms_issue]a|b" hold brackets, which a glob reads as a character class: when the glob as
            # written matches nothing, read its brackets literally ("[mms_issue]*" == "[[]mms_issue[]]*")
            literal = "".join(f"[{ch}]" if ch in "[]" else ch for ch in pattern)
            chosen = tuple(t for t in self.tasks if fnmatch.fnmatchcase(t.id, literal))
        if not chosen:
            raise UsageError(f"tasks={pattern!r} matches no task of domain {self.name!r}; "
                             f"allowed: {allowed(t.id for t in self.tasks)}")
        return chosen

    def spec(self, side: Side, name: str) -> ToolSpec | None:
        return (self.tools if side == "agent" else self.user_tools).get(name)

    def execute(self, state: dict[str, Any], side: Side, name: str, arguments: Mapping[str, Any]) -> tuple[Any, str | None]:
        """Run one tool call; returns (result, error). Unknown tools and ToolErrors become errors, never raise."""
        spec = self.spec(side, name)
        if spec is None:
            known = self.tools if side == "agent" else self.user_tools
            return None, f"unknown {side} tool {name!r}; available: {allowed(known)}"
        try:
            return spec.call(state, arguments), None
        except ToolError as exc:
            return None, str(exc)
        except Exception as exc:  # whatever the caller sent, the conversation goes on and the error is recorded
            return None, f"{name} raised {type(exc).__name__}: {exc}"
        finally:
            if self.after_step is not None:
                self.after_step(state)

    def replay_reference(self, task: Task) -> dict[str, Any]:
        state = self.new_state(task)
        for action in task.reference:
            _, error = self.execute(state, action.side, action.tool, action.arguments)
            if error:
                raise UsageError(f"domain {self.name!r} task {task.id!r}: reference action "
                                 f"{action.tool} fails: {error}")
        return state

    def evaluate(self, task: Task, state: Mapping[str, Any], calls: Iterable[ToolCall],
                 agent_texts: Iterable[str]) -> tuple[bool, tuple[str, ...]]:
        """Deterministic success: state assertions, reference end state, required calls, output keywords."""
        problems = self.check_success(task, state, calls, agent_texts)
        return not problems, tuple(text for _, text in problems)

    def check_success(self, task: Task, state: Mapping[str, Any], calls: Iterable[ToolCall],
                      agent_texts: Iterable[str]) -> list[tuple[str, str]]:
        """Every failed success check as (dimension, problem), ECom-Bench's three dimensions: ``action`` (the
        end state: state assertions, the replayed reference, a required call that writes), ``search`` (a required
        call that only reads) and ``output`` (a keyword the agent never said)."""
        problems: list[tuple[str, str]] = []
        for check in task.success.state:
            try:
                actual = get_path(state, check.path)
            except KeyError:
                actual = "<missing>"
            if not check.holds(actual):
                problems.append(("action", f"state {check.path} is {actual!r}, expected {check.expectation()}"))
        if task.success.match_reference_state:
            expected = self.replay_reference(task)
            for path in _diff_paths(expected, dict(state)):
                problems.append(("action", f"state {path} differs from the reference solution's end state"))
        made = [c for c in calls if c.error is None]
        for required in task.success.required_calls:
            if not any(_call_matches(c, required) for c in made):
                spec = self.spec(required.side, required.tool)
                problems.append(("action" if spec is not None and spec.irreversible else "search",
                                 f"required call {required.tool}({_fmt_args(required.arguments)}) was not made"))
        texts = list(agent_texts)
        said = " ".join(texts).lower()
        for keyword in task.success.output_keywords:
            if not _keyword_said(keyword, texts, said):
                problems.append(("output", f"the agent never said {keyword!r}"))
        return problems

    def verify(self, task: Task) -> list[str]:
        """A task is sound when its reference solution succeeds and, if it has state checks, doing nothing fails:
        the checks fail on the starting state, or something else the task requires is missing there (an
        escalation's transfer, say, whose checks hold from the start)."""
        problems: list[str] = []
        reference_calls = [ToolCall(id=f"ref{i}", name=a.tool, arguments=a.arguments, side=a.side)
                           for i, a in enumerate(task.reference)]
        final = self.replay_reference(task)
        ok, why = self.evaluate(task, final, reference_calls, task.success.output_keywords)
        if not ok:
            problems.append(f"reference solution does not succeed: {'; '.join(why)}")
        start = self.new_state(task)
        if task.success.state and all(c.holds(_safe_get(start, c.path)) for c in task.success.state) \
                and self.evaluate(task, start, (), ())[0]:
            problems.append("state checks already hold before any action")
        return problems


def _keyword_said(keyword: str, texts: Iterable[str], joined: str) -> bool:
    """Whether the agent said an output keyword: one of its ``|`` alternatives, as written (case aside), or for a
    ``not:<word>`` alternative any statement negating the word ("not:install": "it doesn't come with an
    installation service"), read as the simulated user reads milestones."""
    from .understanding import negated_word, negates

    for alternative in (a.strip() for a in keyword.split("|")):
        word = negated_word(alternative)
        if word is not None:
            if any(negates(text, word) for text in texts):
                return True
        elif alternative and alternative.lower() in joined:
            return True
    return False


def _safe_get(state: Mapping[str, Any], path: str) -> Any:
    try:
        return get_path(state, path)
    except KeyError:
        return "<missing>"


def _call_matches(call: ToolCall, action: Action) -> bool:
    return (call.name == action.tool and call.side == action.side
            and all(call.arguments.get(k) == v for k, v in action.arguments.items()))


def _fmt_args(arguments: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in arguments.items())


def _diff_paths(expected: Any, actual: Any, prefix: str = "") -> list[str]:
    if expected == actual:  # equal subtrees compare at C speed; only differing branches are walked
        return []
    if isinstance(expected, dict) and isinstance(actual, dict):
        paths: list[str] = []
        for key in sorted(set(expected) | set(actual)):
            sub = f"{prefix}.{key}" if prefix else str(key)
            if key not in expected or key not in actual:
                paths.append(sub)
            else:
                paths.extend(_diff_paths(expected[key], actual[key], sub))
        return paths
    return [] if expected == actual else [prefix or "(root)"]


# --------------------------------------------------------------------------------------------- loading a folder

_TASKS = TypeAdapter(list[Task])


def load_domain_folder(folder: Path, name: str | None = None) -> Domain:
    """Build a Domain from its folder; every problem is a UsageError naming the file and field."""
    folder = Path(folder)
    name = name or folder.name
    policy_file, db_file = folder / "policy.md", folder / "db.json"
    for required in (policy_file, db_file, folder / "tools.py"):
        if not required.is_file():
            raise UsageError(f"domain {name!r} at {folder}: missing {required.name} "
                             "(a domain folder holds policy.md, db.json, tools.py and tasks)")
    try:
        initial_state = json.loads(db_file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{db_file}: not valid JSON: {exc}") from None
    module_prefix = f"_mmtau_domain_{name}_{hashlib.sha1(str(folder.resolve()).encode()).hexdigest()[:8]}"
    tools_module = import_file(folder / "tools.py", f"{module_prefix}_tools")
    specs = [_spec_from_function(fn) for fn in vars(tools_module).values()
             if callable(fn) and hasattr(fn, _TOOL_ATTR)]
    tasks = _load_tasks(folder / "tasks.json") if (folder / "tasks.json").is_file() else []
    generate = getattr(tools_module, "generate_tasks", None)
    if generate is not None:
        tasks.extend(generate(copy.deepcopy(initial_state)))
    splits = dict(getattr(tools_module, "SPLITS", {}))
    build_split: Callable[[str], Iterable[Task]] | None = None
    if splits and generate is not None:
        def split_tasks(split: str) -> Iterable[Task]:
            made: Iterable[Task] = generate(copy.deepcopy(initial_state), split=split)
            return made

        build_split = split_tasks
    reader = getattr(tools_module, "read_task_file", None)
    ids = [t.id for t in tasks]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise UsageError(f"domain {name!r}: duplicate task ids {duplicates}")
    agents: Mapping[str, Callable[[], Any]] = {}
    if (folder / "agents.py").is_file():
        found = getattr(import_file(folder / "agents.py", f"{module_prefix}_agents"), "AGENTS", {})
        agents = {agent_name: _tagged(factory, f"{name}:{agent_name}") for agent_name, factory in found.items()}
    return Domain(
        name=name,
        policy=policy_file.read_text(encoding="utf-8"),
        initial_state=initial_state,
        tools={s.name: s for s in specs if s.side == "agent"},
        user_tools={s.name: s for s in specs if s.side == "user"},
        tasks=tuple(tasks),
        agents=agents,
        after_step=getattr(tools_module, "after_step", None),
        source=str(folder),
        splits=splits,
        build_split=build_split,
        read_task_file=None if reader is None else lambda path, ids: reader(path, copy.deepcopy(initial_state), ids),
    )


def _tagged(factory: Callable[[], Any], spec: str) -> Callable[[], Any]:
    """Mark agents built from a domain's AGENTS so a reproduce command can name them (``mock:reference``)."""

    def make() -> Any:
        agent = factory()
        try:
            agent.mmtau_spec = spec
        except AttributeError:  # a slotted or frozen agent just goes unnamed
            pass
        return agent

    return make


def _load_tasks(path: Path, data: bytes | None = None) -> list[Task]:
    """Every task of a tasks.json (``data``: its bytes, when already read); a schema error lists every problem,
    each with its task's id and field."""
    data = path.read_bytes() if data is None else data
    try:
        return _TASKS.validate_json(data)
    except ValidationError as exc:
        try:
            raw = json.loads(data)
        except ValueError:
            raw = None
        lines = []
        for error in exc.errors():
            loc = error["loc"]
            if len(loc) < 2 or not isinstance(loc[0], int):
                lines.append(f"  top level: {error['msg']}")
                continue
            task = raw[loc[0]] if isinstance(raw, list) and loc[0] < len(raw) else None
            name = f"task {task['id']!r}" if isinstance(task, dict) and "id" in task else f"task #{loc[0]}"
            lines.append(f"  {name} field {'.'.join(map(str, loc[1:]))!r}: {error['msg']}")
        raise UsageError(f"{path}: {exc.error_count()} problem(s):\n" + "\n".join(lines)) from None


def import_file(path: Path, module_name: str) -> Any:
    """Import a domain's Python file by path under ``module_name`` (once); domain files may use it for siblings."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        del sys.modules[module_name]
        raise
    return module
