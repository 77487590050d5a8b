"""Hypothesis strategies for persona and task fuzzing, and for testing metrics.

- ``personas()``: every persona field within its bounds; the presets come first, and generated personas shrink
  field by field toward the neutral ``none`` persona, so a falsifying example names only the traits that matter.
- ``tasks(domain)``: a domain's tasks, shrinking toward tasks with fewer subtasks (ids joined by ``|``).
- ``channels()``: channel specs — text, and the voice modalities that are installed, with WER ranges.
- ``transcripts(domain)``: plausible conversations (turns, acts, tool calls) for property tests of the metrics.

``st.from_type(Persona)`` uses ``personas()`` wherever the package is installed (its ``hypothesis``
entry point registers it).
Profiles: ``mmtau-ci`` (bounded budget, no deadline, a directory example database replayed first) and
``mmtau-dev``; select with ``--mmtau-fuzz-profile ci`` or ``settings.load_profile("mmtau-ci")``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

from .domain import Domain
from .models import ActKind, DialogueAct, Persona, Task, ToolCall, Transcript, Turn
from .personas import MM_TAU_P2, PRESETS

__all__ = ["ChannelSpec", "channels", "personas", "register_profiles", "tasks", "transcripts"]

_NEUTRAL = PRESETS["none"]


def _around(neutral: int, low: int, high: int) -> st.SearchStrategy[int]:
    """Integers in [low, high] that shrink toward ``neutral`` rather than toward ``low``."""
    return st.integers(low - neutral, high - neutral).map(lambda offset: neutral + offset)


def _neutral_first(neutral: str, *others: str) -> st.SearchStrategy[str]:
    return st.sampled_from((neutral, *(o for o in others if o != neutral)))


def personas(*, presets: bool = True, name: str = "fuzzed") -> st.SearchStrategy[Persona]:
    """Personas with every field in bounds, shrinking toward the neutral persona (``presets`` tried first)."""
    generated = st.builds(
        Persona,
        name=st.just(name),
        expertise=_neutral_first(_NEUTRAL.expertise, "novice", "intermediate", "expert"),
        ambiguity=st.floats(0.0, 1.0, allow_nan=False),
        verbosity=_neutral_first(_NEUTRAL.verbosity, "terse", "verbose"),
        clarification_tolerance=_around(_NEUTRAL.clarification_tolerance, 0, 10),
        emotion=_neutral_first(_NEUTRAL.emotion, "frustrated", "angry"),
        patience=_around(_NEUTRAL.patience, 3, 40),
        communication_style=_neutral_first(_NEUTRAL.communication_style, "vague"),
        execution_style=_neutral_first(_NEUTRAL.execution_style, "all_at_once"),
        exploration=st.floats(0.0, 1.0, allow_nan=False),
    )
    if not presets:
        return generated
    # MM-τ-p²'s presets only: an ECom-Bench preset (e.g. angry-patient-clear) would win shrinking over the
    # generated persona that names the single trait that matters (neutral + emotion='angry')
    return st.one_of(st.sampled_from([PRESETS[n] for n in MM_TAU_P2]), generated)


def _subtasks(task: Task) -> int:
    return task.id.count("|") + 1


def tasks(domain: Domain | str, *, pattern: str = "*", max_subtasks: int | None = None) -> st.SearchStrategy[Task]:
    """The domain's tasks matching ``pattern``; shrinks toward fewer subtasks, then toward the first id."""
    if isinstance(domain, str):
        from ._discovery import DomainRegistry

        domain = DomainRegistry().get(domain)
    chosen = sorted(domain.select(pattern), key=lambda t: (_subtasks(t), t.id))
    if max_subtasks is not None:
        chosen = [t for t in chosen if _subtasks(t) <= max_subtasks]
    if not chosen:
        from .errors import UsageError

        raise UsageError(f"tasks({domain.name!r}, pattern={pattern!r}, max_subtasks={max_subtasks}) selects nothing")
    return st.sampled_from(chosen)


@dataclass(frozen=True, kw_only=True)
class ChannelSpec:
    """Which channel to build, with its options (e.g. a target WER for ``asr-noise``)."""

    modality: str
    options: dict[str, Any] = field(default_factory=dict)

    def build(self) -> Any:
        from .voice import MODALITIES

        return MODALITIES[self.modality](**self.options)


def channels(*, wer: tuple[float, float] = (0.0, 0.3)) -> st.SearchStrategy[ChannelSpec]:
    """Text first, then each installed noisy modality; ``asr-noise`` draws a target WER from ``wer``."""
    from .voice import MODALITIES

    options = [st.just(ChannelSpec(modality="text"))]
    if "asr-noise" in MODALITIES:
        options.append(st.floats(*wer).map(lambda w: ChannelSpec(modality="asr-noise", options={"wer": round(w, 3)})))
    if "voice" in MODALITIES:
        options.append(st.just(ChannelSpec(modality="voice")))
    return st.one_of(options)


# --------------------------------------------------------------------------------------------- transcripts

_AGENT_LINES = (
    "Could you tell me your account ID?", "Shall I cancel the subscription on account {acct}?",
    "Which plan would you like: basic or premium?", "Done.", "Is there anything else I can help you with?",
    "Could you tell me more about what you need?", "The subscription on account {acct} is now cancelled.",
)
_USER_ACTS: tuple[ActKind, ...] = ("inform", "request", "affirm", "deny", "repeat", "correct", "restate")


@st.composite
def transcripts(draw: st.DrawFn, domain: Domain | str = "mock", *, max_turns: int = 12) -> Transcript:
    """Alternating user/agent turns with random acts, vague turns, channel garbling and agent tool calls."""
    if isinstance(domain, str):
        from ._discovery import DomainRegistry

        domain = DomainRegistry().get(domain)
    task = draw(tasks(domain))
    accounts = ("A100", "A101", "A102", "A10")
    turns: list[Turn] = []
    for index in range(draw(st.integers(1, max_turns))):
        if index % 2 == 0:
            kinds = draw(st.lists(st.sampled_from(_USER_ACTS), min_size=1, max_size=2, unique=True))
            text = draw(st.sampled_from(("Yes.", "No.", "My account is A100.", "Cancel it.", "It starts with A.")))
            heard = draw(st.none() | st.just(text.replace("A100", "a one hundred")))
            acts = tuple(DialogueAct(kind=k, slot="account_id" if k in ("inform", "correct", "repeat") else None,
                                     value="A100" if k in ("inform", "correct", "repeat") else None,
                                     vague=draw(st.booleans())) for k in kinds)
            turns.append(Turn(index=index, role="user", text=text, heard=heard, acts=acts))
        else:
            text = draw(st.sampled_from(_AGENT_LINES)).format(acct=draw(st.sampled_from(accounts)))
            calls = draw(st.lists(st.builds(
                lambda name, acct, failed: ToolCall(
                    id=f"c{index}", name=name, arguments={"account_id": acct},
                    irreversible=domain.tools[name].irreversible, critical=domain.tools[name].critical,
                    error="no such account" if failed else None),
                st.sampled_from(sorted(n for n in domain.tools if set(domain.tools[n].parameters.get("required", []))
                                       == {"account_id"})),
                st.sampled_from(accounts), st.booleans()), max_size=2))
            turns.append(Turn(index=index, role="agent", text=text, tool_calls=tuple(calls)))
    return Transcript(task=task, persona=draw(personas()), domain=domain.name, turns=tuple(turns),
                      goal_achieved=draw(st.booleans()),
                      irreversible_tools=tuple(sorted(n for n, s in domain.tools.items() if s.irreversible)),
                      tools=domain.tool_infos)


# --------------------------------------------------------------------------------------------- profiles

PROFILES = ("mmtau-ci", "mmtau-dev")


def register_profiles(database: str | Path = ".hypothesis/mmtau") -> None:
    """Register ``mmtau-ci`` and ``mmtau-dev``. Both keep an example database, so stored failures replay first
    (Hypothesis's own ``ci`` profile turns the database off); conversations are slow, so there is no deadline."""
    db = DirectoryBasedExampleDatabase(str(database))
    common: dict[str, Any] = dict(deadline=None, database=db, derandomize=False, print_blob=True,
                                  suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("mmtau-ci", max_examples=40, **common,
                              phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink])
    settings.register_profile("mmtau-dev", max_examples=100, **common)
