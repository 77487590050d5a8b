"""The three kinds of failure pytest-mmtau keeps apart: misuse, infrastructure, unsupported capability.

Agent behaviour is never one of these: it is an ``AssertionError`` raised by the test or a gate.
"""

from __future__ import annotations


class MmtauError(Exception):
    """Root of every error raised by pytest-mmtau itself."""


class UsageError(MmtauError, ValueError):
    """The user asked for something that does not exist or is malformed (marker, option, file)."""


class InfrastructureError(MmtauError, RuntimeError):
    """Something outside the agent failed (provider, TTS, network); reported as an error, not an agent failure."""

    transient = True  # worth retrying the trial; False when a retry can only fail the same way


class UnsupportedCapability(MmtauError, NotImplementedError):
    """A channel or backend cannot do what the test asked of it."""


def allowed(values: object) -> str:
    """Render a collection of allowed values for an error message."""
    names = sorted(str(v) for v in values)  # type: ignore[attr-defined]
    return ", ".join(repr(n) for n in names) if names else "(none)"
