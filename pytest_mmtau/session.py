"""Per-run state kept in ``config.stash``: the configuration, the domains, and the collected item records.

Imports stay light here: this module is loaded by every pytest run; domains load on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .config import MmtauConfig

if TYPE_CHECKING:
    from ._discovery import DomainRegistry
    from .domain import Domain
    from .markers import Case
    from .report import ItemRecord


class Domains:
    """Domain lookup: the ``pytest_mmtau_load_domain`` hook first, then the registry (built on first use)."""

    def __init__(self, config: pytest.Config, mmtau_config: MmtauConfig) -> None:
        self._config, self._paths = config, mmtau_config.domain_paths
        self._registry: DomainRegistry | None = None
        self._task_sets: dict[tuple[str, str | None, str | None], Domain] = {}

    @property
    def registry(self) -> DomainRegistry:
        if self._registry is None:
            from ._discovery import DomainRegistry

            self._registry = DomainRegistry(self._paths)
        return self._registry

    def names(self) -> list[str]:
        return self.registry.names()

    def get(self, name: str, *, split: str | None = None, tasks_file: str | None = None) -> Domain:
        """The domain, with the tasks of one of its splits or of a task file when asked (each built once)."""
        found = self._config.hook.pytest_mmtau_load_domain(name=name, config=self._config)
        domain = found if found is not None else self.registry.get(name)
        if split is None and tasks_file is None:
            return domain
        key = (name, split, tasks_file)
        if key not in self._task_sets:
            self._task_sets[key] = (domain.with_task_file(Path(tasks_file), split) if tasks_file is not None
                                    else domain.with_split(split))  # type: ignore[arg-type]
        return self._task_sets[key]

    def for_case(self, case: Case) -> Domain:
        """The domain an item's task comes from."""
        return self.get(case.domain, split=case.split, tasks_file=case.tasks_file)


@dataclass
class RunState:
    config: MmtauConfig
    domains: Domains
    items: dict[str, ItemRecord] = field(default_factory=dict)


STATE = pytest.StashKey[RunState]()
# Names of the user properties an mmtau item puts on its report (they travel to the xdist controller).
ITEM_PROPERTY = "mmtau"
INFRA_PROPERTY = "mmtau_infrastructure_error"
USAGE_PROPERTY = "mmtau_usage_error"


def state(config: pytest.Config) -> RunState:
    return config.stash[STATE]
