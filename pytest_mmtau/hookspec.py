"""Hooks other plugins and conftest.py files implement to extend pytest-mmtau.

Factory hooks stop at the first non-None result; the built-in defaults run last, so a conftest implementation
replaces them. Use in conftest plugins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pluggy import HookspecMarker

if TYPE_CHECKING:
    from .domain import Domain
    from .judge import Judge
    from .markers import Case
    from .models import Persona, Task, TrialResult
    from .user import SimulatedUser
    from .voice import Channel

hookspec = HookspecMarker("pytest")


@hookspec(firstresult=True)
def pytest_mmtau_load_domain(name: str, config: pytest.Config) -> Domain | None:
    """Return the Domain called ``name``, or None to fall through to the built-in discovery.

    :param name: the domain name from ``@pytest.mark.domain`` or ``--mmtau-list``.
    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def pytest_mmtau_make_user(request: pytest.FixtureRequest, domain: Domain, task: Task, persona: Persona,
                           case: Case) -> SimulatedUser | None:
    """Return the simulated user for one item (it must offer ``for_trial(trial, seed)``).

    :param request: the fixture request of the test item.
    :param case: the item's (domain, task_id, persona, modality) coordinates.
    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def pytest_mmtau_make_channel(request: pytest.FixtureRequest, modality: str) -> Channel | None:
    """Return the channel for ``modality`` (text, voice, …). Stops at first non-None result."""


@hookspec(firstresult=True)
def pytest_mmtau_make_judge(request: pytest.FixtureRequest) -> Judge | None:
    """Return the judge used by the ``judge`` fixture. Stops at first non-None result."""


@hookspec()
def pytest_mmtau_trial_finished(item: pytest.Item, result: TrialResult) -> None:
    """Called once per finished trial with its TrialResult, on the process that ran it."""
