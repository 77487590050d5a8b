"""``--mmtau-list``: domains, personas, or the tasks of a domain (optionally filtered by a glob)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ._discovery import DomainRegistry
from .errors import UsageError
from .personas import PRESETS

_USAGE = "use 'domains', 'personas' or 'tasks:<domain>[:<glob>]'"


def list_names(what: str, domain_paths: Iterable[Path]) -> list[str]:
    kind, _, rest = what.partition(":")
    if kind == "personas" and not rest:
        return sorted(PRESETS)
    if kind == "domains" and not rest:
        return DomainRegistry(domain_paths).names()
    if kind == "tasks":
        name, _, pattern = rest.partition(":")
        if not name:
            raise UsageError(f"{what!r} names no domain; {_USAGE}")
        return [t.id for t in DomainRegistry(domain_paths).get(name).select(pattern or "*")]
    raise UsageError(f"cannot list {what!r}; {_USAGE}")
