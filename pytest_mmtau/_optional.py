"""Importing optional dependencies (framework adapters, the HTTP client, litellm) with one error that names the
extra to install.

A missing optional package is the test setup's problem, never the agent's: it is a ``UsageError`` (exit status 4),
raised when the adapter is built so that no trial runs with it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import UsageError


def require(module: str, *, extra: str, purpose: str) -> ModuleType:
    """Import ``module`` or raise a UsageError saying ``pip install "pytest-mmtau[<extra>]"``."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        raise UsageError(f"{purpose} needs the Python package {top!r}, which is not installed ({exc}); "
                         f'install it with: pip install "pytest-mmtau[{extra}]"') from None
