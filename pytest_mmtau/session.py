"""Per-run state kept in ``config.stash``: the configuration, the domains, and the collected item records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from ._discovery import DomainRegistry
from .config import MmtauConfig
from .domain import Domain
from .report import ItemRecord


class Domains:
    """Domain lookup: the ``pytest_mmtau_load_domain`` hook first, then the registry."""

    def __init__(self, config: pytest.Config, registry: DomainRegistry) -> None:
        self._config, self._registry = config, registry

    def names(self) -> list[str]:
        return self._registry.names()

    def get(self, name: str) -> Domain:
        found = self._config.hook.pytest_mmtau_load_domain(name=name, config=self._config)
        return found if found is not None else self._registry.get(name)


@dataclass
class RunState:
    config: MmtauConfig
    domains: Domains
    items: dict[str, ItemRecord] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


STATE = pytest.StashKey[RunState]()


def state(config: pytest.Config) -> RunState:
    return config.stash[STATE]
