"""What pytest-mmtau needs from the async plugins a suite already uses (pytest-asyncio, anyio), checked at
collection.

An async mmtau test's trials run on the loop that runs the test body. pytest-asyncio (a marked test, or any async
test in auto mode) and anyio (a test with the ``anyio_backend`` fixture) run it on the loop their async fixtures
live on, so an agent built by an async fixture is used on its own loop. An async test that neither plugin runs
gets a loop of the plugin's own — fine for agents built by sync fixtures, wrong for one built by an async fixture
on another loop. That combination is refused here with what to change, instead of failing every trial with
"attached to a different loop".
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from .errors import UsageError


def _async_fixtures(item: Any) -> list[str]:
    info = getattr(item, "_fixtureinfo", None)
    found = []
    for name, defs in (getattr(info, "name2fixturedefs", None) or {}).items():
        func = defs[-1].func if defs else None
        if func is not None and (inspect.iscoroutinefunction(func) or inspect.isasyncgenfunction(func)):
            found.append(name)
    return sorted(found)


def _runs_on_a_plugin_loop(item: Any) -> bool:
    return item.get_closest_marker("asyncio") is not None or "anyio_backend" in getattr(item, "fixturenames", ())


def check_event_loops(config: Any, items: Iterable[Any]) -> None:
    """Refuse async mmtau tests that would run on another loop than their async fixtures."""
    problems = []
    for item in items:
        if not inspect.iscoroutinefunction(getattr(item, "obj", None)) or _runs_on_a_plugin_loop(item):
            continue
        fixtures = _async_fixtures(item)
        if fixtures:
            problems.append(f"{item.nodeid} uses async fixture(s) {', '.join(map(repr, fixtures))}")
    if problems:
        raise UsageError(
            "an async mmtau test must run on the event loop of its async fixtures, but no async plugin runs these "
            "tests: " + "; ".join(problems) + ". Mark them @pytest.mark.asyncio (pytest-asyncio; or set "
            "asyncio_mode = auto) or @pytest.mark.anyio (anyio), or build the agent in a sync fixture.")
