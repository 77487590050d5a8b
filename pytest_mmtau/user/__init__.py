"""Simulated users: the ``SimulatedUser`` a test talks through, and the realisers behind it.

``SimulatedUser`` holds one trial's task, persona and seed; each ``converse`` runs one episode with a fresh
realiser (state tracker + attribute generator + templates, or + an LLM writing the words: ``user._llm``) and keeps
the transcript.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import as_agent
from ..domain import Domain
from ..config import Limits
from ..engine import run_episode
from ..errors import UsageError
from ..exposure import check_inject, check_level, hint_source
from .._turn_checks import TurnCheck, TurnCheckFailed
from ..models import Persona, Task, Termination, Transcript
from ..understanding import endings_for, vocabulary
from ..voice import MODALITIES, Channel
from ._script import ScriptedOpening, check_script
from ._scripted import ScriptedRealiser

__all__ = ["SimulatedUser", "ScriptedRealiser", "derive_seed", "simulator_of", "task_endings"]

_ENDINGS: dict[tuple[int, int], tuple[Domain, Task, dict[str, str]]] = {}


def task_endings(domain: Domain, task: Task) -> dict[str, str]:
    """The last digits of the task's payment methods in the domain's data for it (the user knows its own cards),
    found once per (domain, task) pair: the state is built only for a task whose calls take a payment method, and
    building a retail state takes some 25 ms, which every trial of the task would otherwise pay again."""
    cached = _ENDINGS.get((id(domain), id(task)))
    if cached is not None and cached[0] is domain and cached[1] is task:
        return cached[2]
    endings = endings_for(task, lambda: domain.new_state(task))
    _ENDINGS[(id(domain), id(task))] = (domain, task, endings)
    return endings


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
    persona_inject: str = "start"  # persona exposure 1: "start" or "after_verification" (exposure.py)
    inferrer: Any = None  # persona exposure 2: a PersonaInferrer (None: the offline heuristic)
    llm: Any = None  # LLMUserSettings when the LLM realiser writes the user's messages, else None (scripted)
    nlu: Any = None  # NLUSettings when a model reads the agent's messages for the scripted user, else None (rules)


class SimulatedUser:
    """The user side of one trial. ``await converse(agent)`` or ``converse_sync(agent)`` returns a Transcript."""

    def __init__(self, *, domain: Domain, task: Task, persona: Persona, seed: int = 0, trial: int = 0,
                 limits: Limits = Limits(), persona_exposure: int = 0, modality: str = "text",
                 realiser: str | None = None, user_model: str | None = None, user_api_base: str | None = None,
                 user_temperature: float | None = None, user_api_key: str | None = None,
                 user_nlu_model: str | None = None, user_nlu_api_base: str | None = None,
                 user_nlu_api_key: str | None = None, persona_inferrer: Any = None,
                 persona_inject: str = "start") -> None:
        persona_exposure = check_level(persona_exposure, "SimulatedUser(persona_exposure=...)")
        persona_inject = check_inject(persona_inject, "SimulatedUser(persona_inject=...)")
        llm = _llm_settings(realiser, user_model, user_api_base, user_temperature, user_api_key)
        nlu = _nlu_settings(llm, user_nlu_model, user_nlu_api_base, user_nlu_api_key)
        self._setup = _Setup(domain=domain, task=task, persona=persona, limits=limits,
                             persona_exposure=persona_exposure, modality=modality, llm=llm, nlu=nlu,
                             inferrer=persona_inferrer, persona_inject=persona_inject)
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
                trial: int | None = None, persona_exposure: int | None = None) -> SimulatedUser:
        """A fresh user like this one with another persona, task (object or id), seed or persona exposure — e.g.
        per @given example."""
        s = self._setup
        chosen = s.domain.task(task) if isinstance(task, str) else task or s.task
        return SimulatedUser(domain=s.domain, task=chosen, persona=persona or s.persona,
                             seed=self.seed if seed is None else seed, trial=self.trial if trial is None else trial,
                             limits=s.limits, modality=s.modality, persona_inferrer=s.inferrer,
                             persona_inject=s.persona_inject,
                             persona_exposure=s.persona_exposure if persona_exposure is None else persona_exposure,
                             **_llm_options(s.llm), **_nlu_options(s.nlu))

    async def converse_trials(self, agent: object, k: int, *, channel: Channel | None = None,
                              script: Sequence[str] = (), on_turn: TurnCheck | None = None) -> list[Transcript]:
        """k independent conversations (seeds derived from this user's), e.g. to check pass^k inside one example."""
        runs = [self.variant(seed=derive_seed(self.seed, "trial", i), trial=i) for i in range(k)]
        return list(await asyncio.gather(*(u.converse(agent, channel=channel, script=script, on_turn=on_turn)
                                           for u in runs)))

    async def converse(self, agent: object, *, channel: Channel | None = None, script: Sequence[str] = (),
                       on_turn: TurnCheck | None = None) -> Transcript:
        """One conversation with ``agent`` through ``channel`` (default: this user's modality, text).

        ``script``: the user's first messages, said verbatim (through the channel, like any message); then the
        simulated user goes on by itself. ``on_turn``: a check called after every turn with the conversation so far
        (:class:`~pytest_mmtau._turn_checks.ConversationSoFar`); an ``assert`` in it that fails ends the
        conversation and raises :class:`TurnCheckFailed` (the agent's failure, naming the check and the turn).
        """
        s = self._setup
        lines = check_script(script)
        if on_turn is not None and not callable(on_turn):
            raise UsageError(f"converse(on_turn=...) takes a function of the conversation so far, got "
                             f"{type(on_turn).__name__}")
        rng = random.Random(derive_seed(self.seed, s.task.id, s.persona.name, len(self.transcripts)))
        realiser = self._realiser(rng)
        user = ScriptedOpening(realiser, lines) if lines else realiser
        hint = hint_source(s.persona_exposure, s.persona, s.inferrer, inject=s.persona_inject,  # fresh per episode
                           identifiers=[f.value for f in s.task.goal.facts])
        transcript = await run_episode(
            domain=s.domain, task=s.task, persona=s.persona, user=user, agent=as_agent(agent),
            channel=channel or MODALITIES[s.modality](), limits=s.limits, seed=self.seed, trial=self.trial,
            persona_hint=hint, on_turn=on_turn,
        )
        self.transcripts.append(transcript)
        _note_for_hypothesis(transcript, agent)
        if transcript.termination is Termination.CHECK_FAILED:
            raise TurnCheckFailed(f"{transcript.termination_detail} (task {s.task.id}, persona {s.persona.name}, "
                                  f"trial {self.trial}, seed {self.seed})", transcript)
        return transcript

    @property
    def simulator(self) -> dict[str, Any]:
        """Which realiser writes this user's messages (and the model, for the LLM realiser)."""
        s = self._setup
        described: dict[str, Any] = {"realiser": "scripted"}
        if s.llm is not None:
            described = s.llm.describe()
        elif s.nlu is not None:
            described.update(s.nlu.describe())
        return described

    def _realiser(self, rng: random.Random) -> Any:
        s = self._setup
        # the same reading as the labeller's, from the same tools; the user knows its own cards' last digits
        words = vocabulary(s.task, s.domain.tool_infos, task_endings(s.domain, s.task))
        if s.llm is None:
            reader = None
            if s.nlu is not None:
                from ._nlu import LLMReader

                reader = LLMReader(s.nlu, goal=s.task.goal, user_tools=s.domain.user_tools, agent_tools=s.domain.tools)
            return ScriptedRealiser(goal=s.task.goal, persona=s.persona, user_tools=s.domain.user_tools, rng=rng,
                                    vocabulary=words, reader=reader)
        from ._llm import LLMRealiser

        return LLMRealiser(goal=s.task.goal, persona=s.persona, user_tools=s.domain.user_tools, rng=rng,
                           settings=s.llm, vocabulary=words)

    def converse_sync(self, agent: object, *, channel: Channel | None = None, script: Sequence[str] = (),
                      on_turn: TurnCheck | None = None) -> Transcript:
        """``converse`` for a sync test (``def``); the same arguments."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.converse(agent, channel=channel, script=script, on_turn=on_turn))
        raise UsageError("converse_sync() was called inside a running event loop; use `await converse(...)`")

    def __repr__(self) -> str:
        s = self._setup
        return f"SimulatedUser(task={s.task.id!r}, persona={s.persona.name!r}, trial={self.trial}, seed={self.seed})"


REALISERS = ("scripted", "llm")


def _llm_settings(realiser: str | None, model: str | None, api_base: str | None, temperature: float | None,
                  api_key: str | None) -> Any:
    """The LLM realiser's settings, None for the scripted realiser; a model alone selects the LLM realiser."""
    chosen = realiser or ("llm" if model else "scripted")
    if chosen not in REALISERS:
        raise UsageError(f"SimulatedUser: unknown realiser {realiser!r}; allowed: {', '.join(REALISERS)}")
    if chosen == "scripted":
        if model or api_base:
            raise UsageError("SimulatedUser: realiser='scripted' takes no user_model/user_api_base; "
                             "give a user_model to use the LLM realiser")
        return None
    if not model:
        raise UsageError("SimulatedUser: realiser='llm' needs user_model, a litellm model name such as "
                         "'openai/gpt-4o-mini'")
    from ._llm import DEFAULT_TEMPERATURE, LLMUserSettings

    return LLMUserSettings(model=model, api_base=api_base, api_key=api_key,
                           temperature=DEFAULT_TEMPERATURE if temperature is None else temperature)


def _nlu_settings(llm: Any, model: str | None, api_base: str | None, api_key: str | None) -> Any:
    """The scripted user's LLM understanding, None for the rules; the LLM user reads the agent itself."""
    if model is None:
        if api_base:
            raise UsageError("SimulatedUser: user_nlu_api_base needs a user_nlu_model")
        return None
    if llm is not None:
        raise UsageError("SimulatedUser: user_nlu_model is for the scripted user; the LLM user (user_model) reads "
                         "the agent's messages itself; give one of them")
    from ._nlu import NLUSettings

    return NLUSettings(model=model, api_base=api_base, api_key=api_key)


def _nlu_options(settings: Any) -> dict[str, Any]:
    if settings is None:
        return {}
    return {"user_nlu_model": settings.model, "user_nlu_api_base": settings.api_base,
            "user_nlu_api_key": settings.api_key}


def _llm_options(settings: Any) -> dict[str, Any]:
    if settings is None:
        return {}
    return {"realiser": "llm", "user_model": settings.model, "user_api_base": settings.api_base,
            "user_temperature": settings.temperature, "user_api_key": settings.api_key}


def simulator_of(transcript: Transcript) -> dict[str, Any]:
    """Which realiser (and model) wrote a transcript's user messages, read from the turns' ``user_state``."""
    for turn in transcript.user_turns:
        if turn.user_state.get("realiser") == "llm":
            return {k: turn.user_state[k] for k in ("realiser", "model", "prompt_version") if k in turn.user_state}
    notes = [n for t in transcript.user_turns if isinstance(n := t.user_state.get("understanding"), dict)]
    if not notes:
        return {"realiser": "scripted"}
    return {"realiser": "scripted", "nlu_model": notes[0].get("model"), "nlu_prompt_version":
            notes[0].get("prompt_version"), "nlu_fallbacks": sum(n.get("by") == "rules" for n in notes)}


def reproduce_command(conv: Transcript, agent: object) -> str:
    """One shell line that replays this conversation (``python -m pytest_mmtau.replay``)."""
    spec = getattr(agent, "mmtau_spec", None) or "<module:factory of your agent>"
    persona = conv.persona.model_dump_json(exclude_defaults=True)
    line = (f"python -m pytest_mmtau.replay --domain {conv.domain} --task '{conv.task.id}' --seed {conv.seed} "
            f"--persona '{persona}' --agent {spec}")
    if conv.persona_exposure:
        line += f" --persona-exposure {conv.persona_exposure}"
    inferrer = next((h.source for h in conv.persona_hints if h.source.startswith("llm:")), None)
    if inferrer:
        line += f" --exposure-model '{inferrer.removeprefix('llm:')}'"
    user_model = next((t.user_state.get("model") for t in conv.user_turns if t.user_state.get("realiser") == "llm"),
                      None)
    if user_model:
        line += f" --user-model '{user_model}'"
    nlu_model = simulator_of(conv).get("nlu_model")
    if nlu_model:
        line += f" --user-nlu-model '{nlu_model}'"
    return line


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

