"""Shared helpers for the plugin's own tests."""

from __future__ import annotations

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain


@pytest.fixture(scope="session")
def mock_domain() -> Domain:
    return DomainRegistry().get("mock")
