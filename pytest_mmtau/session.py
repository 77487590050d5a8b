"""Per-run state kept in ``config.stash``: the configuration, the domains, and the collected item records.

Imports stay light here: this module is loaded by every pytest run; domains load on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
    fuzz: list[dict[str, Any]] = field(default_factory=list)  # failed Hypothesis tests (report._fuzz)


STATE = pytest.StashKey[RunState]()
# What a finished mmtau item leaves in its stash until its call report is made: its record as JSON, whether its
# gates could not be judged for infrastructure errors, and its live progress on the terminal
ITEM_RECORD = pytest.StashKey[str]()
ITEM_UNJUDGED = pytest.StashKey[bool]()
PROGRESS = pytest.StashKey[Any]()
# Attributes the plugin sets on an item's call report: they travel to the xdist controller with the report (pytest
# serialises a report's attributes), and, unlike user_properties, stay out of JUnit XML
RECORD_ATTRIBUTE = "mmtau_record"  # the item's record (report.ItemRecord as JSON)
UNJUDGED_ATTRIBUTE = "mmtau_unjudged"  # True: its gates could not be judged (infrastructure errors)
FUZZ_ATTRIBUTE = "mmtau_fuzz"  # a Hypothesis test over mmtau fixtures that failed: its falsifying example
# A usage error met in a trial travels as a user property (short, and worth seeing in JUnit too)
USAGE_PROPERTY = "mmtau_usage_error"


def state(config: pytest.Config) -> RunState:
    return config.stash[STATE]
