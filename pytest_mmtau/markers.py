"""The markers: their help text, and turning a test's markers into validated cases (task × persona × modality,
× persona exposure when the test has a ``persona_exposure`` marker).

Every problem is a UsageError naming the marker, the bad value and what is allowed; the plugin raises it at
collection time.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .config import parse_thresholds
from .errors import UsageError, allowed

MARKERS = {
    "mmtau": "mmtau: make this an mmtau test although it requests none of mmtau's fixtures (simulated_user, "
             "voice_channel, judge, mmtau_domain, mmtau_case); only mmtau tests get mmtau's markers applied",
    "domain": "domain(name, tasks='*', split=None, tasks_file=None): run the test on every task of the domain whose "
              "id matches the glob (or one of a list of globs); split names one of the domain's task sets (telecom: sample, small, base, train, "
              "test, full), tasks_file a task file to run instead (the domain's format or, for telecom, "
              "tau2-bench's; split then names a split of that file)",
    "persona": "persona(*names): one item per simulated-user persona (default: none)",
    "modality": "modality(*names): one item per channel modality (default: text)",
    "persona_exposure": "persona_exposure(*levels, inject='start'): one item per level of what the agent is told "
                        "about the user: 0 nothing, 1 the persona, 2 a persona inferred from the conversation "
                        "(context injection); default --mmtau-persona-exposure / ini mmtau_persona_exposure, else 0. "
                        "inject='after_verification' gives level 1's persona only once the user's identity is "
                        "verified (default ini mmtau_persona_inject, else 'start')",
    "trials": "trials(n, pass_hat_k={k: min}, thresholds='ias>=1 cp>=0.8', timeout_fails=True): n re-simulated "
              "trials per item, gated on pass^k and on item means of any metric; timeout_fails=False keeps a "
              "conversation that hit its time limit from failing its task",
    "voice_profile": "voice_profile(tts='flite[:voice]', rate=1.0, asr='pocketsphinx', asr_model=None, "
                     "noise='clean', wer=0.1, low_confidence=0.5, agent_asr=False): the speech stack of this test's "
                     "voice and asr-noise items (over --mmtau-tts/--mmtau-asr/--mmtau-noise and ini)",
}
CASE_ARG = "mmtau_case"


@dataclass(frozen=True, kw_only=True)
class Case:
    """One item's coordinates."""

    domain: str
    task_id: str
    persona: str
    modality: str
    persona_exposure: int | None = None  # from the marker; None: the run's default (CLI/ini), not in the id
    split: str | None = None  # the domain's task set the task comes from (None: its default tasks)
    tasks_file: str | None = None  # absolute path of the task file the task comes from
    persona_inject: str | None = None  # the marker's inject= for exposure 1; None: the run's default (ini)

    def exposure_or(self, default: int) -> int:
        """The marker's persona exposure, else ``default`` (the run's, from CLI/ini)."""
        return default if self.persona_exposure is None else self.persona_exposure

    @property
    def id(self) -> str:
        suffix = "" if self.persona_exposure is None else f"-p{self.persona_exposure}"
        return f"{self.task_id}-{self.persona}-{self.modality}{suffix}"


@dataclass(frozen=True, kw_only=True)
class TrialsMark:
    n: int | None
    pass_hat_k: Mapping[int, float]
    thresholds: str = ""
    timeout_fails: bool = True  # a conversation that ends on its time limit fails its task


def _only(mark: pytest.Mark, allowed_kwargs: set[str]) -> None:
    extra = set(mark.kwargs) - allowed_kwargs
    if extra:
        raise UsageError(f"@pytest.mark.{mark.name}: unexpected argument(s) {sorted(extra)}; "
                         f"allowed: {allowed(allowed_kwargs)}")


def _names(mark: pytest.Mark | None, default: str, known: Any) -> tuple[str, ...]:
    if mark is None:
        return (default,)
    _only(mark, set())
    if not mark.args:
        raise UsageError(f"@pytest.mark.{mark.name}() needs at least one name; allowed: {allowed(known)}")
    for name in mark.args:
        if not isinstance(name, str) or name not in known:
            raise UsageError(f"@pytest.mark.{mark.name}: unknown {mark.name} {name!r}; allowed: {allowed(known)}")
    if len(set(mark.args)) != len(mark.args):
        raise UsageError(f"@pytest.mark.{mark.name}: duplicate names in {mark.args!r}")
    return tuple(mark.args)


def _inject(mark: pytest.Mark | None) -> str | None:
    """A ``persona_exposure`` marker's ``inject=`` (None without one: the run's default applies)."""
    if mark is None or "inject" not in mark.kwargs:
        return None
    from .config import check_inject

    return check_inject(mark.kwargs["inject"], "@pytest.mark.persona_exposure(inject=...)")


def _exposures(mark: pytest.Mark | None) -> tuple[int | None, ...]:
    """The levels of a ``persona_exposure`` marker; (None,) without one (the run's default applies)."""
    if mark is None:
        return (None,)
    from .config import EXPOSURE_LEVELS, check_level

    _only(mark, {"inject"})
    if not mark.args:
        raise UsageError(f"@pytest.mark.persona_exposure() needs at least one level; allowed: "
                         f"{', '.join(map(str, EXPOSURE_LEVELS))}")
    levels = tuple(check_level(p, "@pytest.mark.persona_exposure", text=False) for p in mark.args)
    if len(set(levels)) != len(levels):
        raise UsageError(f"@pytest.mark.persona_exposure: duplicate levels in {mark.args!r}")
    return levels


def parse_trials(mark: pytest.Mark | None) -> TrialsMark:
    if mark is None:
        return TrialsMark(n=None, pass_hat_k={})
    _only(mark, {"n", "pass_hat_k", "thresholds", "timeout_fails"})
    args = list(mark.args)
    if len(args) > 1:
        raise UsageError(f"@pytest.mark.trials takes one positional argument (n), got {tuple(args)!r}")
    n = args[0] if args else mark.kwargs.get("n")
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise UsageError(f"@pytest.mark.trials: n must be a positive integer, got {n!r}")
    from .config import MAX_TRIALS

    if n is not None and n > MAX_TRIALS:
        raise UsageError(f"@pytest.mark.trials: n={n} is more than the maximum {MAX_TRIALS} trials per item")
    gates = mark.kwargs.get("pass_hat_k") or {}
    if not isinstance(gates, Mapping):
        raise UsageError(f"@pytest.mark.trials: pass_hat_k must be a dict {{k: minimum}}, got {gates!r}")
    for k, minimum in gates.items():
        if isinstance(k, bool) or not isinstance(k, int) or k < 1 or (n is not None and k > n):
            raise UsageError(f"@pytest.mark.trials: pass_hat_k key {k!r} must be an integer k with 1 <= k <= n "
                             f"(n={n})")
        if isinstance(minimum, bool) or not isinstance(minimum, (int, float)) or not 0 <= minimum <= 1:
            raise UsageError(f"@pytest.mark.trials: pass_hat_k[{k}] must be a number in [0, 1], got {minimum!r}")
    thresholds = mark.kwargs.get("thresholds", "")
    if not isinstance(thresholds, str):
        raise UsageError(f"@pytest.mark.trials: thresholds must be a string like 'ias>=1 cp>=0.8', got {thresholds!r}")
    parse_thresholds(thresholds, source="@pytest.mark.trials(thresholds=...)")
    timeout_fails = mark.kwargs.get("timeout_fails", True)
    if not isinstance(timeout_fails, bool):
        raise UsageError(f"@pytest.mark.trials: timeout_fails must be True or False, got {timeout_fails!r}")
    return TrialsMark(n=n, pass_hat_k=dict(gates), thresholds=thresholds, timeout_fails=timeout_fails)


def voice_profile(node: pytest.Function | Any) -> dict[str, Any]:
    """The validated arguments of the test's ``voice_profile`` marker ({} without one)."""
    mark = node.get_closest_marker("voice_profile")
    if mark is None:
        return {}
    from .voice._profile import parse_marker

    return parse_marker(mark.kwargs, tuple(mark.args))


def cases(node: pytest.Function | Any, registry: Any, personas: Any, modalities: Any) -> list[Case] | None:
    """The cases a test parametrises into, or None when it has no ``domain`` marker."""
    domain_mark = node.get_closest_marker("domain")
    persona_mark = node.get_closest_marker("persona")
    modality_mark = node.get_closest_marker("modality")
    profile_mark = node.get_closest_marker("voice_profile")
    exposure_mark = node.get_closest_marker("persona_exposure")
    if domain_mark is None:
        stray = [m.name for m in (persona_mark, modality_mark, profile_mark, exposure_mark) if m is not None]
        if stray:
            raise UsageError(f"@pytest.mark.{stray[0]} needs @pytest.mark.domain(name) on the same test; "
                             f"available domains: {allowed(registry.names())}")
        return None
    _only(domain_mark, {"tasks", "split", "tasks_file"})
    if len(domain_mark.args) != 1 or not isinstance(domain_mark.args[0], str):
        raise UsageError(f"@pytest.mark.domain takes exactly one domain name, got {domain_mark.args!r}; "
                         f"available: {allowed(registry.names())}")
    pattern = domain_mark.kwargs.get("tasks", "*")
    if not (isinstance(pattern, str) or (isinstance(pattern, (list, tuple)) and pattern
                                         and all(isinstance(p, str) for p in pattern))):
        raise UsageError(f"@pytest.mark.domain: tasks must be a glob string or a list of them, got {pattern!r}")
    split = domain_mark.kwargs.get("split")
    if split is not None and not isinstance(split, str):
        raise UsageError(f"@pytest.mark.domain: split must be a split name, got {split!r}")
    tasks_file = _tasks_file(node, domain_mark.kwargs.get("tasks_file"))
    domain = registry.get(domain_mark.args[0], split=split, tasks_file=tasks_file)
    tasks = domain.select(pattern)
    chosen = _names(modality_mark, "text", modalities)
    if profile_mark is not None:
        voice_profile(node)
        if set(chosen) <= {"text"}:
            raise UsageError("@pytest.mark.voice_profile applies to voice and asr-noise items, but this test runs "
                             "only 'text'; add e.g. @pytest.mark.modality(\"text\", \"voice\")")
    exposures, inject = _exposures(exposure_mark), _inject(exposure_mark)
    view = personas.for_domain(domain.name)  # this domain's personas; a name from another domain says so
    for name in persona_mark.args if persona_mark is not None else ():
        if isinstance(name, str) and name not in view and (reason := personas.elsewhere(name, domain.name)):
            raise UsageError(f"@pytest.mark.persona: {reason}")
    personas = view
    for t in tasks:
        if persona_mark is None and t.persona is not None and t.persona not in personas:
            raise UsageError(f"domain {domain.name!r} task {t.id!r} field 'persona': unknown persona {t.persona!r}; "
                             f"allowed: {allowed(personas)}")
    return [Case(domain=domain.name, task_id=t.id, persona=p, modality=m, persona_exposure=e, split=split,
                 tasks_file=tasks_file, persona_inject=inject)
            for t in tasks
            for p in _names(persona_mark, t.persona or "none", personas)
            for m in chosen
            for e in exposures]


def _tasks_file(node: Any, value: object) -> str | None:
    """The marker's ``tasks_file`` as an absolute path; a relative one is relative to the test's own file."""
    if value is None:
        return None
    if not isinstance(value, (str, os.PathLike)):
        raise UsageError(f"@pytest.mark.domain: tasks_file must be a path, got {value!r}")
    path = Path(value)
    if not path.is_absolute():
        path = Path(getattr(node, "path", Path.cwd())).parent / path
    return str(path.resolve())
