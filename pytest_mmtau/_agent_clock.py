"""A conversation's clock, charged only with time that is this conversation's own.

Many conversations share one event loop. An ``async def respond`` that blocks (``time.sleep``, CPU work, sync I/O)
stalls every conversation on the loop, so a wall-clock deadline would give a neighbour's verdict to a well-behaved
agent, and different verdicts at concurrency 1 and 64. The agent's coroutine is therefore driven step by step
(``timed``): each synchronous stretch is measured and added to the loop's ledger. A conversation's charged time is
its wall time, minus time off the clock (the simulated user's own turns), minus the time other conversations'
agents held the loop while it ran. A blocking agent is charged its own blocking and nothing else.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

BLOCKING_WARNING_S = 0.1  # one synchronous stretch longer than this is reported as blocking the loop


@dataclass
class _Ledger:
    held_s: float = 0.0  # total time agents on this loop held it in synchronous stretches


_LEDGERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Ledger] = weakref.WeakKeyDictionary()


def _ledger() -> _Ledger:
    loop = asyncio.get_running_loop()
    found = _LEDGERS.get(loop)
    if found is None:
        found = _LEDGERS[loop] = _Ledger()
    return found


@dataclass
class ConversationClock:
    """Charged time of one conversation; create it inside the conversation's running loop."""

    limit_s: float
    started: float = field(default_factory=time.monotonic)
    off_s: float = 0.0  # the simulator's time, never charged
    own_held_s: float = 0.0  # this conversation's agent holding the loop (charged: it is its own)
    longest_hold: tuple[float, int] = (0.0, 0)  # (seconds, agent turn) of the longest synchronous stretch
    _ledger: _Ledger = field(default_factory=_ledger)
    _ledger_start: float = 0.0

    def __post_init__(self) -> None:
        self._ledger_start = self._ledger.held_s

    def charged(self) -> float:
        others = (self._ledger.held_s - self._ledger_start) - self.own_held_s
        return time.monotonic() - self.started - self.off_s - others

    def remaining(self) -> float:
        return self.limit_s - self.charged()

    def expired(self) -> bool:
        return self.remaining() <= 0

    def hold(self, seconds: float, turn: int) -> None:
        self._ledger.held_s += seconds
        self.own_held_s += seconds
        if seconds > self.longest_hold[0]:
            self.longest_hold = (seconds, turn)


class _Timed:
    """Drive an awaitable step by step, charging each synchronous stretch to ``clock``."""

    def __init__(self, awaitable: Awaitable[T], clock: ConversationClock, turn: int) -> None:
        self._awaitable, self._clock, self._turn = awaitable, clock, turn

    def __await__(self) -> Generator[Any, Any, Any]:
        inner = self._awaitable.__await__()
        to_send: Any = None
        to_throw: BaseException | None = None
        while True:
            began = time.perf_counter()
            try:
                out = inner.throw(to_throw) if to_throw is not None else inner.send(to_send)
            except StopIteration as done:
                self._clock.hold(time.perf_counter() - began, self._turn)
                return done.value
            except BaseException:
                self._clock.hold(time.perf_counter() - began, self._turn)
                raise
            self._clock.hold(time.perf_counter() - began, self._turn)
            try:
                to_send, to_throw = (yield out), None
            except BaseException as exc:  # noqa: BLE001 - cancellation and the like go into the agent's coroutine
                to_send, to_throw = None, exc


async def timed(awaitable: Awaitable[T], clock: ConversationClock, turn: int) -> T:
    return await _Timed(awaitable, clock, turn)  # type: ignore[no-any-return]
