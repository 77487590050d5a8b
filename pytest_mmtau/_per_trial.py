"""``per_trial(factory)``: an agent fixture value that gives every trial an agent of its own.

The trials of an item run concurrently and call ``for_trial(trial, seed)`` on every argument that has it. An agent
that keeps per-conversation state (a framework session, a memory, a cancelled subscription in its own cache) must
not be shared between them; an agent fixture returns ``per_trial(MyAgent)`` (or an object with its own
``for_trial``) and each trial builds a fresh one.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any


class PerTrialAgent:
    """Builds a fresh agent per trial with ``factory()`` (or ``factory(trial, seed)`` when it takes two
    arguments). Used outside a trial (a Hypothesis example, a direct ``converse``), it builds one on first use."""

    def __init__(self, factory: Callable[..., Any]) -> None:
        if not callable(factory):
            from .errors import UsageError

            raise UsageError(f"per_trial(factory) needs a callable that builds an agent, got {type(factory).__name__}")
        self._factory = factory
        self._takes_trial = _positional_arity(factory) >= 2
        self._single: Any = None

    def for_trial(self, trial: int, seed: int) -> Any:
        return self._factory(trial, seed) if self._takes_trial else self._factory()

    async def respond(self, request: Any) -> Any:
        from .agents import as_agent

        if self._single is None:
            self._single = as_agent(self.for_trial(0, 0))
        return await self._single.respond(request)

    def __repr__(self) -> str:
        return f"per_trial({getattr(self._factory, '__name__', self._factory)!r})"


def _positional_arity(fn: Callable[..., Any]) -> int:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return 0
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty for p in params)


def per_trial(factory: Callable[..., Any]) -> PerTrialAgent:
    """Wrap an agent factory so that every trial gets its own agent."""
    return PerTrialAgent(factory)
