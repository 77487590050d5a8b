"""``python -m pytest_mmtau check [DOMAIN|PATH ...] [--split NAME] [--tasks-file FILE]``: check domains the way a test
run does at collection (with the tasks of one of their splits, or of a task file, like the ``domain`` marker's
``split=`` and ``tasks_file=``), and print every problem at once. Exit status 0 when no domain has an error, 1 when
one has, 4 when a domain, split or task file cannot be found or loaded.

``python -m pytest_mmtau new-domain NAME [--dir PATH] [--tools tools.json]``: write a runnable domain skeleton
(``_scaffold``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _domains(targets: Sequence[str], paths: Sequence[Path], split: str | None,
             tasks_file: Path | None) -> list[tuple[Any, Path | None]]:
    from ._discovery import DomainRegistry
    from ._project_ini import project_domain_paths
    from .domain import load_domain_folder
    from .errors import UsageError

    registry = DomainRegistry(tuple(paths) or tuple(project_domain_paths()))
    names = list(targets or registry.names())
    if (split is not None or tasks_file is not None) and len(names) != 1:
        raise UsageError("--split and --tasks-file apply to one domain: name it, e.g. `check telecom --split test`")
    chosen: list[tuple[Any, Path | None]] = []
    for target in names:
        folder = Path(target)
        domain = load_domain_folder(folder) if folder.is_dir() else registry.get(target)
        if tasks_file is not None:
            domain = domain.with_task_file(tasks_file, split)
        elif split is not None:
            domain = domain.with_split(split)
        source = getattr(domain, "source", "")
        chosen.append((domain, Path(source) if source else None))
    return chosen


def check(targets: Sequence[str], paths: Sequence[Path], split: str | None = None,
          tasks_file: Path | None = None) -> int:
    from ._check import check_domain, errors_of
    from .errors import UsageError

    try:
        domains = _domains(targets, paths, split, tasks_file)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 4
    status = 0
    for domain, folder in domains:
        problems = check_domain(domain, folder, tasks_file.resolve() if tasks_file is not None else None)
        errors = errors_of(problems)
        for problem in problems:
            print(f"{problem.severity}: {problem}")
        where = f" (from {domain.task_source})" if domain.task_source else ""
        print(f"{domain.name}: {len(domain.tasks)} tasks{where}, {len(errors)} errors, "
              f"{len(problems) - len(errors)} warnings")
        status = status or (1 if errors else 0)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_mmtau",
                                     description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="check domains (names or folders; default: every domain)")
    checking.add_argument("targets", nargs="*", metavar="DOMAIN|PATH")
    checking.add_argument("--domain-path", action="append", type=Path, default=[],
                          help="a folder of domains, as ini mmtau_domains (repeatable)")
    checking.add_argument("--split", help="check the tasks of this split (of the domain, or of --tasks-file)")
    checking.add_argument("--tasks-file", type=Path, help="check the tasks of this file (the domain's format or, "
                                                           "for telecom, tau2-bench's) instead of the domain's own")
    scaffold = commands.add_parser("new-domain", help="write a runnable domain skeleton and its example test")
    scaffold.add_argument("name")
    scaffold.add_argument("--dir", type=Path, default=Path("."), help="the project folder (default: here)")
    scaffold.add_argument("--tools", type=Path, help="OpenAI-style tool schemas (JSON) to add as typed stubs")
    args = parser.parse_args(argv)
    if args.command == "new-domain":
        return _new_domain(args.name, args.dir, args.tools)
    return check(args.targets, args.domain_path, args.split, args.tasks_file)


def _new_domain(name: str, root: Path, tools: Path | None) -> int:
    from ._scaffold import new_domain
    from .errors import UsageError

    try:
        written = new_domain(name, root, tools)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 4
    for path in written:
        print(f"wrote {path}")
    print(f"next: python -m pytest_mmtau check {name} && python -m pytest tests/test_{name}.py")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
