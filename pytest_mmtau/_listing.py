"""``--mmtau-list``: domains, personas (presets and persona files; ``personas:<domain>`` for those a domain's tests
can use), or the tasks of a domain or of one of its splits (``tasks:telecom@test``), optionally filtered by a
glob."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ._discovery import DomainRegistry
from .errors import UsageError
from .personas import registry_for

_USAGE = "use 'domains', 'personas[:<domain>]' or 'tasks:<domain>[@<split>][:<glob>]'"


def list_names(what: str, domain_paths: Iterable[Path], *, config: Any) -> list[str]:
    """The names to print. ``config`` (a pytest Config) finds the run's persona files."""
    kind, _, rest = what.partition(":")
    if kind == "personas":
        registry = registry_for(config)
        if rest:
            DomainRegistry(domain_paths).get(rest)  # an unknown domain is an error naming the known ones
            registry = registry.for_domain(rest)
        return sorted(registry)
    if kind == "domains" and not rest:
        return DomainRegistry(domain_paths).names()
    if kind == "tasks":
        name, _, pattern = rest.partition(":")
        name, _, split = name.partition("@")
        if not name:
            raise UsageError(f"{what!r} names no domain; {_USAGE}")
        domain = DomainRegistry(domain_paths).get(name)
        return [t.id for t in (domain.with_split(split) if split else domain).select(pattern or "*")]
    raise UsageError(f"cannot list {what!r}; {_USAGE}")
