"""Loading the voice stack's optional pieces on first use, with an error that says what to install.

Python packages come from the ``voice`` extra; the offline speech engines are system packages. Nothing here is
imported by the plugin at load time.
"""

from __future__ import annotations

import shutil
from types import ModuleType

from .._optional import require
from ..errors import UsageError

EXTRA = 'pip install "pytest-mmtau[voice]"'

# system binary -> how to get it
SYSTEM_PACKAGES = {
    "flite": "apt-get install flite (Debian/Ubuntu; `make sysdeps` does it), or brew install flite",
    "espeak-ng": "apt-get install espeak-ng (Debian/Ubuntu), or brew install espeak-ng",
}


def module(name: str, *, purpose: str) -> ModuleType:
    """Import an optional package or raise a UsageError naming the extra that provides it."""
    return require(name, extra="voice", purpose=purpose)


def binary(name: str, *, purpose: str) -> str:
    """The path of a system binary, or a UsageError saying which system package to install."""
    found = shutil.which(name)
    if found is None:
        raise UsageError(f"{purpose} needs the {name!r} program, which is not on PATH; install it with: "
                         f"{SYSTEM_PACKAGES.get(name, name)}")
    return found


def numpy() -> ModuleType:
    return module("numpy", purpose="the voice channel (audio effects)")
