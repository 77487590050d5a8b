"""Tasks from a file a test names (``@pytest.mark.domain(name, tasks_file=..., split=...)``): the domain's own
tasks.json format, or another benchmark's format the domain reads (tau2-bench's, for telecom), optionally narrowed
to one split of the file. Splits live beside the file as ``split_<stem>.json`` (tau2-bench's convention: a JSON
object of split name → task ids); ``.json.gz`` files are read as they are.

Every problem is a UsageError naming the file, and the task and field when there is one.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from .domain import Domain, TaskFile, _load_tasks
from .errors import UsageError, allowed


def read_bytes(path: Path) -> bytes:
    """The file's bytes, decompressed when it ends in ``.gz``."""
    if not path.is_file():
        raise UsageError(f"tasks_file {str(path)!r}: no such file")
    data = path.read_bytes()
    if path.suffix == ".gz":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise UsageError(f"{path}: not a readable gzip file: {exc}") from None
    return data


def read_json(path: Path) -> Any:
    try:
        return json.loads(read_bytes(path))
    except ValueError as exc:
        raise UsageError(f"{path}: not valid JSON: {exc}") from None


def split_file(path: Path) -> Path:
    """Where the splits of a tasks file live: ``split_tasks.json`` for ``tasks.json`` (or ``tasks.json.gz``)."""
    stem = path.name.removesuffix(".gz").removesuffix(".json")
    return path.with_name(f"split_{stem}.json")


def read_splits(path: Path) -> dict[str, list[str]]:
    """The splits of a tasks file: split name → task ids."""
    where = split_file(path)
    if not where.is_file():
        raise UsageError(f"tasks_file {str(path)!r}: a split needs {where.name} beside it (split name -> task ids), "
                         "and there is none")
    raw = read_json(where)
    if not isinstance(raw, dict) or not all(
            isinstance(ids, list) and all(isinstance(i, str) for i in ids) for ids in raw.values()):
        raise UsageError(f"{where}: expected a JSON object of split name -> list of task ids")
    return raw


def domain_from_file(domain: Domain, path: Path, split: str | None) -> Domain:
    """``domain`` with the tasks of ``path`` (and that file's world, for a foreign format), narrowed to ``split``."""
    path = path.resolve()
    splits = read_splits(path) if split is not None or split_file(path).is_file() else {}
    wanted: frozenset[str] | None = None
    if split is not None:
        if split not in splits:
            raise UsageError(f"{split_file(path)}: no split {split!r}; allowed: {allowed(splits)}")
        wanted = frozenset(splits[split])
    found = domain.read_task_file(path, wanted) if domain.read_task_file is not None else None
    if found is None:
        found = TaskFile(tasks=tuple(_load_tasks(path, read_bytes(path))))
    ids = [t.id for t in found.tasks]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise UsageError(f"{path}: duplicate task ids {duplicates}")
    tasks = found.tasks
    if wanted is not None:
        missing = sorted(wanted - set(ids))
        if missing:
            raise UsageError(f"{split_file(path)}: split {split!r} names {len(missing)} task(s) that {path.name} does "
                             f"not hold, e.g. {missing[0]!r}: the split file belongs to another tasks file")
        tasks = tuple(t for t in tasks if t.id in wanted)
    return replace(domain, tasks=tasks, initial_state=found.initial_state or domain.initial_state,
                   policy=found.policy or domain.policy, splits={name: f"{len(v)} tasks" for name, v in splits.items()},
                   build_split=None, read_task_file=None,
                   task_source=str(path) + (f" split {split!r}" if split is not None else ""))
