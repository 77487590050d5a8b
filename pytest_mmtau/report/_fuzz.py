"""Hypothesis tests over mmtau's fixtures that failed: what Hypothesis found, kept for every report.

A fuzz test (``@given`` with ``simulated_user``) runs no trials and leaves no item record. When it fails, Hypothesis
adds the shrunk falsifying example to the exception as notes (``Falsifying example: test_x(persona=...)``, or
``Failing test case:`` in newer versions), and the simulated user adds its own (``mmtau: task=… seed=…`` and
``mmtau reproduce: python -m pytest_mmtau.replay …``). They are read from the exception on the process that ran the
test and travel on its report; an expected failure (xfail) is kept too, marked as expected, since it is the example
a suite keeps to show what fuzzing finds.
"""

from __future__ import annotations

from typing import Any

from .._display import bounded
from .._secrets import scrub

_EXAMPLE_PREFIXES = ("Falsifying example", "Failing test case", "Falsifying explicit example")
_ERROR_CHARS, _EXAMPLE_CHARS, _NOTE_CHARS = 2_000, 8_000, 2_000


def _failures_of(error: BaseException) -> list[BaseException]:
    """Hypothesis raises an exception group when it found several distinct failures."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _failures_of(inner)]
    return [error]


def fuzz_failures(nodeid: str, error: BaseException, *, expected: bool) -> list[dict[str, Any]]:
    """One entry per distinct failure Hypothesis reported for the test ``nodeid``."""
    out = []
    for failure in _failures_of(error):
        notes = [str(n) for n in getattr(failure, "__notes__", ()) or ()]
        example = next((n for n in notes if n.startswith(_EXAMPLE_PREFIXES)), "")
        mmtau = [n for n in notes if n.startswith("mmtau: ")]
        reproduce = next((n.removeprefix("mmtau reproduce: ") for n in notes if n.startswith("mmtau reproduce: ")),
                         None)
        message = str(failure).strip() or type(failure).__name__
        out.append({"nodeid": nodeid, "test": nodeid.split("[")[0],
                    "error": bounded(scrub(f"{type(failure).__name__}: {message}"), _ERROR_CHARS),
                    "falsifying_example": bounded(scrub(example), _EXAMPLE_CHARS),
                    "notes": [bounded(scrub(n), _NOTE_CHARS) for n in mmtau],
                    "reproduce": scrub(reproduce) if reproduce else None, "expected_failure": expected})
    return out
