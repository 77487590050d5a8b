"""Simulated users: the ``SimulatedUser`` a test talks through, and the realisers behind it.

``SimulatedUser`` holds one trial's task, persona and seed; each ``converse`` runs one episode with a fresh
realiser (state tracker + attribute generator + templates) and keeps the transcript.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import sys
from dataclasses import dataclass

from ..agents import as_agent
from ..domain import Domain
from ..config import Limits
from ..engine import run_episode
from ..errors import UsageError
from ..models import Persona, Task, Transcript
from ..voice import MODALITIES, Channel
from ._scripted import ScriptedRealiser

__all__ = ["SimulatedUser", "ScriptedRealiser", "derive_seed"]


def derive_seed(*parts: object) -> int:
    """A stable 32-bit seed from any parts (unlike ``hash``, the same in every process)."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(frozen=True, kw_only=True)
class _Setup:
    domain: Domain
    task: Task
    persona: Persona
    modality: str = "text"
    limits: Limits = Limits()
    persona_exposure: int = 0


class SimulatedUser:
    """The user side of one trial. ``await converse(agent)`` or ``converse_sync(agent)`` returns a Transcript."""

    def __init__(self, *, domain: Domain, task: Task, persona: Persona, seed: int = 0, trial: int = 0,
                 limits: Limits = Limits(), persona_exposure: int = 0, modality: str = "text") -> None:
        if persona_exposure not in (0, 1):
            raise UsageError(f"persona_exposure={persona_exposure!r} is not supported yet; allowed: 0, 1")
        self._setup = _Setup(domain=domain, task=task, persona=persona, limits=limits,
                             persona_exposure=persona_exposure, modality=modality)
        self.seed, self.trial = seed, trial
        self.transcripts: list[Transcript] = []

    @property
    def task(self) -> Task:
        return self._setup.task

    @property
    def persona(self) -> Persona:
        return self._setup.persona

    @property
    def domain(self) -> Domain:
        return self._setup.domain

    def for_trial(self, trial: int, seed: int) -> SimulatedUser:
        return self.variant(trial=trial, seed=seed)

    def variant(self, *, persona: Persona | None = None, task: Task | str | None = None, seed: int | None = None,
                trial: int | None = None) -> SimulatedUser:
        """A fresh user like this one with another persona, task (object or id) or seed — e.g. per @given example."""
        s = self._setup
        chosen = s.domain.task(task) if isinstance(task, str) else task or s.task
        return SimulatedUser(domain=s.domain, task=chosen, persona=persona or s.persona,
                             seed=self.seed if seed is None else seed, trial=self.trial if trial is None else trial,
                             limits=s.limits, persona_exposure=s.persona_exposure, modality=s.modality)

    async def converse_trials(self, agent: object, k: int, *, channel: Channel | None = None) -> list[Transcript]:
        """k independent conversations (seeds derived from this user's), e.g. to check pass^k inside one example."""
        runs = [self.variant(seed=derive_seed(self.seed, "trial", i), trial=i) for i in range(k)]
        return list(await asyncio.gather(*(u.converse(agent, channel=channel) for u in runs)))

    async def converse(self, agent: object, *, channel: Channel | None = None) -> Transcript:
        s = self._setup
        rng = random.Random(derive_seed(self.seed, s.task.id, s.persona.name, len(self.transcripts)))
        realiser = ScriptedRealiser(goal=s.task.goal, persona=s.persona, user_tools=s.domain.user_tools, rng=rng)
        hint = _persona_hint(s.persona) if s.persona_exposure == 1 else None
        transcript = await run_episode(
            domain=s.domain, task=s.task, persona=s.persona, user=realiser, agent=as_agent(agent),
            channel=channel or MODALITIES[s.modality](), limits=s.limits, seed=self.seed, trial=self.trial, persona_hint=hint,
        )
        self.transcripts.append(transcript)
        _note_for_hypothesis(transcript, agent)
        return transcript

    def converse_sync(self, agent: object, *, channel: Channel | None = None) -> Transcript:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.converse(agent, channel=channel))
        raise UsageError("converse_sync() was called inside a running event loop; use `await converse(...)`")

    def __repr__(self) -> str:
        s = self._setup
        return f"SimulatedUser(task={s.task.id!r}, persona={s.persona.name!r}, trial={self.trial}, seed={self.seed})"


def reproduce_command(conv: Transcript, agent: object) -> str:
    """One shell line that replays this conversation (``python -m pytest_mmtau.replay``)."""
    spec = getattr(agent, "mmtau_spec", None) or "<module:factory of your agent>"
    persona = conv.persona.model_dump_json(exclude_defaults=True)
    return (f"python -m pytest_mmtau.replay --domain {conv.domain} --task '{conv.task.id}' --seed {conv.seed} "
            f"--persona '{persona}' --agent {spec}")


def _note_for_hypothesis(conv: Transcript, agent: object) -> None:
    """Inside a Hypothesis example, record what a failing example needs to be understood and replayed."""
    if "hypothesis" not in sys.modules:
        return
    from hypothesis import note
    from hypothesis.control import currently_in_test_context

    if currently_in_test_context():
        note(f"mmtau: task={conv.task.id} seed={conv.seed} persona={conv.persona.model_dump_json(exclude_defaults=True)}"
             f" -> {conv.termination.value}, goal_achieved={conv.goal_achieved}")
        note(f"mmtau reproduce: {reproduce_command(conv, agent)}")


def _persona_hint(persona: Persona) -> str:
    return (f"The user's expertise is {persona.expertise}; they communicate in a {persona.communication_style} way, "
            f"are {persona.emotion}, and prefer {persona.verbosity} answers. {persona.biography}").strip()
