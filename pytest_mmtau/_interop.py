"""pass^k next to the pytest plugins a suite already uses: reruns never re-roll an mmtau item.

pytest-rerunfailures reruns a failed test until it passes. An mmtau item already re-simulates its conversation k
times and gates on pass^k; rerunning the item until its gate passes would turn "fails one time in three" into a
green build. So mmtau items are never rerun (``flaky(reruns=0)`` on each, which the plugin reads before its
``--reruns`` option), other tests of the run keep their reruns, and asking explicitly for reruns of an mmtau test
is a usage error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import UsageError

REASON = "pass^k over k trials is already the retry; raise k with @pytest.mark.trials(n) instead"


def disable_reruns(config: Any, items: Sequence[Any]) -> int:
    """Keep pytest-rerunfailures off mmtau items; returns how many items it would otherwise have rerun."""
    if not items or not config.pluginmanager.hasplugin("rerunfailures"):
        return 0
    import pytest

    if config.getoption("force_reruns", None):
        raise UsageError(f"--force-reruns would rerun mmtau items until their gates pass; {REASON}. Select "
                         "mmtau tests out of that run (-m/-k) or drop --force-reruns")
    asked = [item.nodeid for item in items if _asks_for_reruns(item.get_closest_marker("flaky"))]
    if asked:
        raise UsageError(f"@pytest.mark.flaky(reruns=...) on mmtau test(s) {', '.join(asked)}: {REASON}")
    for item in items:
        item.add_marker(pytest.mark.flaky(reruns=0))
    return len(items) if (config.getoption("reruns", None) or 0) > 0 else 0


def _asks_for_reruns(marker: Any) -> bool:
    if marker is None:
        return False
    reruns = marker.kwargs.get("reruns", marker.args[0] if marker.args else 1)
    return bool(reruns)
