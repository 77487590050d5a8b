"""``python -m pytest_mmtau check [DOMAIN|PATH ...]``: check domains the way a test run does at collection, and print
every problem at once. Exit status 0 when no domain has an error, 1 when one has, 4 when a domain cannot be found
or loaded.

``python -m pytest_mmtau new-domain NAME [--dir PATH] [--tools tools.json]``: write a runnable domain skeleton
(``_scaffold``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def _domains(targets: Sequence[str], paths: Sequence[Path]) -> list[tuple[object, Path | None]]:
    from ._discovery import DomainRegistry
    from .domain import load_domain_folder

    from ._project_ini import project_domain_paths

    registry = DomainRegistry(tuple(paths) or tuple(project_domain_paths()))
    chosen = []
    for target in targets or registry.names():
        folder = Path(target)
        domain = load_domain_folder(folder) if folder.is_dir() else registry.get(target)
        source = getattr(domain, "source", "")
        chosen.append((domain, Path(source) if source else None))
    return chosen


def check(targets: Sequence[str], paths: Sequence[Path]) -> int:
    from ._check import check_domain, errors_of
    from .errors import UsageError

    try:
        domains = _domains(targets, paths)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 4
    status = 0
    for domain, folder in domains:
        problems = check_domain(domain, folder)  # type: ignore[arg-type]
        errors = errors_of(problems)
        for problem in problems:
            print(f"{problem.severity}: {problem}")
        tasks = len(domain.tasks)  # type: ignore[attr-defined]
        print(f"{domain.name}: {tasks} tasks, {len(errors)} errors, "  # type: ignore[attr-defined]
              f"{len(problems) - len(errors)} warnings")
        status = status or (1 if errors else 0)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_mmtau", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="check domains (names or folders; default: every domain)")
    checking.add_argument("targets", nargs="*", metavar="DOMAIN|PATH")
    checking.add_argument("--domain-path", action="append", type=Path, default=[],
                          help="a folder of domains, as ini mmtau_domains (repeatable)")
    scaffold = commands.add_parser("new-domain", help="write a runnable domain skeleton and its example test")
    scaffold.add_argument("name")
    scaffold.add_argument("--dir", type=Path, default=Path("."), help="the project folder (default: here)")
    scaffold.add_argument("--tools", type=Path, help="OpenAI-style tool schemas (JSON) to add as typed stubs")
    args = parser.parse_args(argv)
    if args.command == "new-domain":
        return _new_domain(args.name, args.dir, args.tools)
    return check(args.targets, args.domain_path)


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
