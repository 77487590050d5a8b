"""Persona presets and lookup by name.

The three MM-τ-p² settings: ``none`` is the neutral baseline, ``easy`` a user familiar with the domain who gives
structured information up front, ``hard`` a novice who omits details until asked, hedges, and tires sooner.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import UsageError, allowed
from .models import Persona

PRESETS: Mapping[str, Persona] = {
    p.name: p
    for p in (
        Persona(
            name="none",
            expertise="none",
            biography="A customer with no particular traits; the neutral baseline.",
        ),
        Persona(
            name="easy",
            expertise="expert",
            ambiguity=0.0,
            verbosity="terse",
            clarification_tolerance=3,
            patience=15,
            communication_style="clear",
            execution_style="all_at_once",
            biography="Knows the product and its vocabulary; states the problem and every identifier at once.",
        ),
        Persona(
            name="hard",
            expertise="novice",
            ambiguity=0.7,
            verbosity="verbose",
            clarification_tolerance=1,
            emotion="frustrated",
            patience=14,
            communication_style="vague",
            execution_style="one_by_one",
            exploration=0.2,
            biography="Unsure of the terms, describes symptoms loosely and only shares details when asked.",
        ),
    )
}


def get_persona(name: str) -> Persona:
    """Return the preset called ``name``, else a UsageError listing the presets."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UsageError(f"unknown persona {name!r}; allowed: {allowed(PRESETS)}") from None
