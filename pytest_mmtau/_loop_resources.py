"""Async resources that belong to one event loop (an HTTP client, say), closed before that loop goes away.

Clients are reused across turns and trials on their loop. The plugin's own loop closes them before it closes; the
session's end closes the rest whose loops are still open (a pytest-asyncio or anyio session loop).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

Closer = Callable[[], Awaitable[Any]]
_OPEN: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[Closer]] = weakref.WeakKeyDictionary()


def on_loop_close(closer: Closer) -> None:
    """Close something with ``await closer()`` when the running loop's resources are released."""
    _OPEN.setdefault(asyncio.get_running_loop(), []).append(closer)


async def close_running_loop_resources() -> None:
    """Close everything registered on the running loop (errors while closing are not the test's business)."""
    for closer in _OPEN.pop(asyncio.get_running_loop(), []):
        try:
            await closer()
        except Exception:  # noqa: BLE001, S110 - a peer that already went away
            pass


def close_all() -> None:
    """At session end: close what is left on loops that still exist and are not running."""
    for loop in list(_OPEN):
        if loop.is_closed() or loop.is_running():
            _OPEN.pop(loop, None)  # gone (its sockets go with it) or busy elsewhere: nothing we may do here
            continue
        loop.run_until_complete(close_running_loop_resources())
