"""Shared helpers for the plugin's own tests."""

from __future__ import annotations

import numpy  # noqa: F401 - loaded once here: pytester's in-process runs unload modules they imported, and numpy
import pytest  # cannot be imported a second time in one process (the baseline comparison uses it)

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain


@pytest.fixture(scope="session")
def mock_domain() -> Domain:
    return DomainRegistry().get("mock")
