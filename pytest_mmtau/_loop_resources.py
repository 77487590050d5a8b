"""Async resources that belong to one event loop (an HTTP session, say), closed before that loop goes away.

Clients are reused across turns and trials on their loop. They are closed by whichever comes first: the plugin's
own loop closing them before it closes; the loop's shutdown of async generators, which ``asyncio.run``,
``asyncio.Runner`` (pytest-asyncio) and anyio all perform before closing a loop (so a loop the harness does not own,
such as the one ``converse_sync`` starts, closes its clients too); or the session's end, for loops still open.
"""

from __future__ import annotations

import asyncio
import sys
import weakref
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Any

Closer = Callable[[], Awaitable[Any]]
_OPEN: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[Closer]] = weakref.WeakKeyDictionary()
_WATCHERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, AsyncGenerator[None, None]] = \
    weakref.WeakKeyDictionary()


def on_loop_close(closer: Closer) -> None:
    """Close something with ``await closer()`` when the running loop's resources are released."""
    loop = asyncio.get_running_loop()
    _OPEN.setdefault(loop, []).append(closer)
    if loop not in _WATCHERS:
        _WATCHERS[loop] = _watch(loop)


def _watch(loop: asyncio.AbstractEventLoop) -> AsyncGenerator[None, None]:
    """An async generator the loop knows about (its first step runs under the loop's hooks), parked at its yield:
    the loop's shutdown closes it, and closing it closes the loop's resources. Held here: loops hold it weakly."""
    hooks, owner = sys.get_asyncgen_hooks(), weakref.ref(loop)  # weak: the loop is this entry's key

    def finalizer(generator: AsyncGenerator[None, None]) -> None:
        alive = owner()
        if alive is not None and not alive.is_closed() and hooks.finalizer is not None:  # else nothing can run it
            hooks.finalizer(generator)

    watcher = _close_at_shutdown()
    sys.set_asyncgen_hooks(firstiter=hooks.firstiter, finalizer=finalizer)
    try:
        watcher.asend(None).send(None)
    except StopIteration:  # parked at the yield, without ever suspending
        pass
    finally:
        sys.set_asyncgen_hooks(*hooks)
    return watcher


async def _close_at_shutdown() -> AsyncGenerator[None, None]:
    try:
        yield
    finally:
        loop = asyncio.get_running_loop()
        _WATCHERS.pop(loop, None)
        await _close_registered(loop)


async def _close_registered(loop: asyncio.AbstractEventLoop) -> None:
    for closer in _OPEN.pop(loop, []):
        try:
            await closer()
        except Exception:  # noqa: BLE001, S110 - a peer that already went away
            pass


async def close_running_loop_resources() -> None:
    """Close everything registered on the running loop (errors while closing are not the test's business)."""
    loop = asyncio.get_running_loop()
    watcher = _WATCHERS.pop(loop, None)
    if watcher is not None:
        await watcher.aclose()  # runs its ``finally``
    await _close_registered(loop)


def close_all() -> None:
    """At session end: close what is left on loops that still exist and are not running."""
    for loop in list(_OPEN):
        if loop.is_closed() or loop.is_running():
            _OPEN.pop(loop, None)  # gone (its sockets go with it) or busy elsewhere: nothing we may do here
            continue
        loop.run_until_complete(close_running_loop_resources())
