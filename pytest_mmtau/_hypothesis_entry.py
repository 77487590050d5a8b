"""Hypothesis's entry point (group ``hypothesis``): ``st.from_type(Persona)`` draws from ``personas()``.

Hypothesis runs entry points while ``hypothesis`` itself is still being imported, which may be in the middle of
importing ``pytest_mmtau.strategies`` (a user's ``from pytest_mmtau.strategies import personas`` as the first
import); so this module imports nothing of ours at load and defers the strategy until it is first drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from .models import Persona


def register() -> None:
    from hypothesis import strategies as st

    from .models import Persona

    st.register_type_strategy(Persona, st.deferred(_personas))


def _personas() -> SearchStrategy[Persona]:
    from .strategies import personas

    return personas()
