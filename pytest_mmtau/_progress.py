"""Live progress of an item's trials on the terminal: ``[mmtau 3/8 trials: 3 passed]`` while the item runs.

pytest prints an item's result only when it ends, and an item of 8 LLM conversations can take minutes. As its trials
finish, a short status is written after the cursor (the cursor then moves back with backspaces) and blanked out
before pytest writes the item's result, so nothing of it stays in the output and pytest's own idea of the current
line is untouched.

Only on an interactive terminal: pytest's terminal writer must do markup (``hasmarkup``: a tty, not ``TERM=dumb``,
no ``NO_COLOR``, not ``--color=no``) and stdout must itself be a tty, so ``--color=yes`` into a CI log or a pipe gets
nothing. Off as well with ``-s`` and with live logging (``log_cli``), whose lines would strand a half-written
status. Under pytest-xdist the trials run in worker processes whose output nobody sees: there is no per-trial
progress there (xdist reports each item as it finishes).

Trials end on worker threads or on an event loop in another thread; only the main thread writes to the terminal,
so those are counted and drawn at the main thread's next ``refresh()``.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from contextlib import AbstractContextManager
from typing import Protocol, cast

import pytest


class _Capture(Protocol):
    """What progress needs of pytest's capture manager: to step around capturing for a moment (as live logging does)."""

    def global_and_fixture_disabled(self) -> AbstractContextManager[None]: ...


class TrialProgress(Protocol):
    """What the trial runners report to: one call per finished trial, and a chance to draw from the main thread."""

    def trial_finished(self, outcome: str) -> None: ...

    def refresh(self) -> None: ...


class NoProgress:
    """Progress nobody sees (not a terminal, xdist worker, -s, ...)."""

    def trial_finished(self, outcome: str) -> None:
        pass

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        pass


NO_PROGRESS = NoProgress()


class ItemProgress:
    """The status of one item's trials, drawn in place on the terminal."""

    def __init__(self, terminal: TerminalProgress, total: int) -> None:
        self._terminal, self._total = terminal, total
        self._lock = threading.Lock()
        self._counts = {"passed": 0, "failed": 0, "error": 0, "inconclusive": 0}
        self._drawn = ""  # the status now on the screen
        self._dirty = True

    def status(self) -> str:
        with self._lock:
            done = sum(self._counts.values())
            parts = [f"{self._counts['passed']} passed"]
            parts += [f"{self._counts[k]} {label}" for k, label in (("failed", "failed"), ("error", "errors"),
                                                                    ("inconclusive", "inconclusive"))
                      if self._counts[k]]
        return f" [mmtau {done}/{self._total} trials: {', '.join(parts)}]"

    def trial_finished(self, outcome: str) -> None:
        with self._lock:
            self._counts[outcome if outcome in self._counts else "failed"] += 1
            self._dirty = True
        self.refresh()

    def refresh(self) -> None:
        if self._dirty and threading.current_thread() is threading.main_thread():
            self._dirty = False
            self._draw(self._terminal.fit(self.status()))

    def close(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self._draw("")

    def _draw(self, text: str) -> None:
        if text == self._drawn:
            return
        width = max(len(text), len(self._drawn))
        # write over the old status (blanks where it was longer), then walk the cursor back to where it was
        if self._terminal.write(text.ljust(width) + "\b" * width):
            self._drawn = text


class TerminalProgress:
    """The session's terminal, as far as progress is concerned."""

    def __init__(self, config: pytest.Config) -> None:
        self._writer = config.get_terminal_writer()
        self._capture = cast("_Capture | None", config.pluginmanager.getplugin("capturemanager"))
        self._off = False  # stdout turned out not to be a terminal: stop trying

    def for_item(self, trials: int) -> ItemProgress:
        progress = ItemProgress(self, trials)
        progress.refresh()  # "0/8": the item is running
        return progress

    def fit(self, status: str) -> str:
        """The status, or nothing when the current line has no room for it (it must never wrap)."""
        room = self._writer.fullwidth - self._writer.width_of_current_line - 1
        return status if len(status) <= room else ""

    def write(self, text: str) -> bool:
        """Write to the real terminal, around pytest's output capture. False when stdout is no terminal."""
        if self._off:
            return False
        with self._capture.global_and_fixture_disabled() if self._capture is not None else contextlib.nullcontext():
            out = sys.stdout  # the real stdout while capture is suspended
            if not out.isatty():
                self._off = True
                return False
            out.write(text)
            out.flush()
        return True


_PROGRESS = pytest.StashKey["TerminalProgress | None"]()


def item_progress(config: pytest.Config, trials: int) -> ItemProgress | NoProgress:
    """Progress for an item about to run ``trials`` trials: drawn on an interactive terminal, else nowhere."""
    if _PROGRESS not in config.stash:
        config.stash[_PROGRESS] = _terminal_progress(config)
    terminal = config.stash[_PROGRESS]
    return terminal.for_item(trials) if terminal is not None else NO_PROGRESS


def _terminal_progress(config: pytest.Config) -> TerminalProgress | None:
    if hasattr(config, "workerinput") or config.getoption("capture", "fd") == "no" or config.getini("log_cli"):
        return None
    try:
        writer = config.get_terminal_writer()
    except (AssertionError, KeyError):  # no terminal reporter (-p no:terminal)
        return None
    # whether stdout itself is a terminal is checked at each write, with capture suspended (it is captured now)
    return TerminalProgress(config) if writer.hasmarkup else None
