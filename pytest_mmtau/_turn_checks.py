"""Checks a test runs after every turn of a conversation (``converse(..., on_turn=check)``).

A check is a plain function (or coroutine function) of the conversation so far. It fails the trial the way a test
does, with ``assert`` (an ``AssertionError``) or ``pytest.fail``: the conversation stops there and ``converse``
raises :class:`TurnCheckFailed`, the agent's failure, naming the check, the turn and the check's message. Any other
exception from a check is a bug in the test, not the agent's fault: a :class:`~pytest_mmtau.errors.UsageError`;
pytest-mmtau's own errors keep their meaning (an ``InfrastructureError`` from a model call inside the check is
infrastructure), and ``pytest.skip`` inside a check skips the item as anywhere else.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Union

import pytest

from .errors import MmtauError, UsageError
from .models import Persona, Task, Transcript, Turn, TurnsView

__all__ = ["ConversationSoFar", "TurnCheck", "TurnCheckFailed", "run_check"]


@dataclass(frozen=True, kw_only=True)
class ConversationSoFar(TurnsView):
    """What a turn check sees: every turn up to and including the one just added, and what the test is about."""

    turns: tuple[Turn, ...]
    task: Task
    persona: Persona
    modality: str

    @property
    def last(self) -> Turn:
        """The turn just added (a user turn or an agent turn)."""
        return self.turns[-1]

    def called(self, tool: str, **arguments: object) -> bool:
        """Whether a tool call of this name (and with these argument values, when given) ran without error."""
        return any(c.name == tool and c.error is None and all(c.arguments.get(k) == v for k, v in arguments.items())
                   for c in self.tool_calls)


TurnCheck = Callable[[ConversationSoFar], Union[None, Awaitable[None]]]


class TurnCheckFailed(AssertionError):
    """A turn check failed: the agent's failure. ``transcript`` holds the conversation up to the failing turn."""

    def __init__(self, message: str, transcript: Transcript) -> None:
        super().__init__(message)
        self.transcript = transcript


def _name(check: object) -> str:
    return getattr(check, "__qualname__", None) or getattr(check, "__name__", None) or type(check).__name__


def describe_turn(turn: Turn) -> str:
    return f"turn {turn.index} ({turn.role})"


async def run_check(check: TurnCheck, so_far: ConversationSoFar) -> str | None:
    """Run one check on the conversation so far: None when it passed, else the failure (check, turn, message)."""
    where = describe_turn(so_far.last)
    try:
        result = check(so_far)
        if inspect.isawaitable(result):
            await result
    except (AssertionError, pytest.fail.Exception) as failed:
        message = str(failed).strip() or "assertion failed"
        return f"check {_name(check)} failed after {where}: {message}"
    except MmtauError:  # a usage or infrastructure error (a model call inside the check) keeps its own verdict
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in the test's check is never the agent's failure
        raise UsageError(f"the on_turn check {_name(check)} raised {type(exc).__name__}: {exc} (after {where}); a "
                         "check fails the trial with assert or pytest.fail, any other exception is a bug in the "
                         "check") from exc
    return None
