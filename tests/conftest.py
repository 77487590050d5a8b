"""Shared helpers for the plugin's own tests."""

from __future__ import annotations

import numpy  # noqa: F401 - loaded once here: pytester's in-process runs unload modules they imported, and numpy
import pytest  # cannot be imported a second time in one process (the baseline comparison uses it)

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain


@pytest.fixture(scope="session")
def mock_domain() -> Domain:
    return DomainRegistry().get("mock")


@pytest.fixture(autouse=True)
def _litellm_before_in_process_runs(request: pytest.FixtureRequest) -> None:
    """Import litellm in this process before any in-process pytester run that may use it (any run naming a model
    imports it before its first item): imported inside one, its modules are dropped with the run's and the next
    in-process run can no longer read package metadata (pluggy's version, the plugin's entry point)."""
    if "pytester" in request.fixturenames:
        from pytest_mmtau._llm_transport import litellm_module

        litellm_module()
