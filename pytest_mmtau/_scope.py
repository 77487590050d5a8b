"""Which tests are pytest-mmtau's: the rule, written once.

A test is an mmtau test when it requests one of mmtau's per-item fixtures (directly or through another fixture) or
carries the explicit ``@pytest.mark.mmtau`` marker. Every other test is none of the plugin's business, whatever
markers it has: a suite's own ``domain``, ``persona``, ``modality`` or ``trials`` markers mean what that suite says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

MMTAU_FIXTURES = frozenset({"simulated_user", "voice_channel", "judge", "mmtau_domain", "mmtau_case"})
EXPLICIT_MARKER = "mmtau"


def is_mmtau_test(fixturenames: Iterable[str], node: Any) -> bool:
    """True for a test that requests an mmtau fixture or is marked ``@pytest.mark.mmtau``."""
    return bool(MMTAU_FIXTURES.intersection(fixturenames)) or node.get_closest_marker(EXPLICIT_MARKER) is not None


def is_mmtau_item(item: Any) -> bool:
    """The same rule for a collected item."""
    return is_mmtau_test(getattr(item, "fixturenames", ()), item)
