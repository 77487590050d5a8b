"""The public fixtures and the default implementations of the factory hooks they call.

Fixtures are thin: read the item's case, then ask the ``pytest_mmtau_make_*`` hooks (a conftest can replace any
of them). Each returns an object with ``for_trial(trial, seed)`` so every trial gets a fresh one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .config import MmtauConfig
from .errors import UsageError, allowed
from .markers import CASE_ARG, Case
from .session import state

if TYPE_CHECKING:
    from .domain import Domain
    from .judge import Judge
    from .models import Persona, Task
    from .user import SimulatedUser
    from .voice import Channel


def _case(request: pytest.FixtureRequest, fixture: str) -> Case:
    callspec = getattr(request.node, "callspec", None)
    case: Case | None = callspec.params.get(CASE_ARG) if callspec is not None else None
    if case is None:
        raise UsageError(f"fixture {fixture!r} needs @pytest.mark.domain(name) on {request.node.name}")
    return case


@pytest.fixture(scope="session")
def mmtau_config(pytestconfig: pytest.Config) -> MmtauConfig:
    """The run's frozen pytest-mmtau configuration."""
    return state(pytestconfig).config


@pytest.fixture
def mmtau_domain(request: pytest.FixtureRequest) -> Domain:
    """The Domain of this item (from ``@pytest.mark.domain``)."""
    return state(request.config).domains.for_case(_case(request, "mmtau_domain"))


@pytest.fixture
def simulated_user(request: pytest.FixtureRequest, mmtau_domain: Domain) -> SimulatedUser:
    """The simulated user for this item's task, persona and persona exposure; fresh for every trial."""
    from .personas import persona_for

    case = _case(request, "simulated_user")
    user: SimulatedUser = request.config.hook.pytest_mmtau_make_user(
        request=request, domain=mmtau_domain, task=mmtau_domain.task(case.task_id),
        persona=persona_for(request.config, case.domain, case.persona), case=case)
    return user


@pytest.fixture
def voice_channel(request: pytest.FixtureRequest) -> Channel:
    """The channel for this item's modality: ``text`` passes text through unchanged, ``voice`` speaks and recognises
    it (``voice_profile`` marker, ``--mmtau-tts``/``--mmtau-asr``/``--mmtau-noise``), ``asr-noise`` simulates
    recognition errors at a target WER."""
    callspec = getattr(request.node, "callspec", None)
    case = callspec.params.get(CASE_ARG) if callspec is not None else None
    channel: Channel = request.config.hook.pytest_mmtau_make_channel(request=request,
                                                                     modality=case.modality if case else "text")
    return channel


@pytest.fixture
def judge(request: pytest.FixtureRequest) -> Judge:
    """The judge: ``judge(conv)`` returns a report with every per-conversation metric."""
    made: Judge = request.config.hook.pytest_mmtau_make_judge(request=request)
    return made


# --------------------------------------------------------------------------------------------- default factories


@pytest.hookimpl(trylast=True)
def pytest_mmtau_make_user(request: pytest.FixtureRequest, domain: Domain, task: Task, persona: Persona,
                           case: Case) -> SimulatedUser:
    import os

    from .user import SimulatedUser

    cfg = state(request.config).config
    llm: dict[str, Any] = {} if cfg.user_model is None else {
        "user_model": cfg.user_model, "user_api_base": cfg.user_api_base, "user_temperature": cfg.user_temperature,
        "user_api_key": os.environ.get("MMTAU_USER_API_KEY")}
    if cfg.user_nlu_model is not None:
        llm = {"user_nlu_model": cfg.user_nlu_model, "user_nlu_api_base": cfg.user_nlu_api_base,
               "user_nlu_api_key": os.environ.get("MMTAU_USER_NLU_API_KEY")}
    from dataclasses import replace

    from .markers import parse_trials

    limits = replace(cfg.limits, timeout_fails=parse_trials(request.node.get_closest_marker("trials")).timeout_fails)
    return SimulatedUser(domain=domain, task=task, persona=persona, limits=limits, modality=case.modality, **llm,
                         **_exposure(case, cfg))


def _exposure(case: Case, cfg: MmtauConfig) -> dict[str, Any]:
    """The item's persona exposure (marker, else CLI/ini) and, for context injection, the persona inferrer."""
    level = case.exposure_or(cfg.persona_exposure)
    if level != 2:
        inject = case.persona_inject or cfg.persona_inject
        return {"persona_exposure": level, **({"persona_inject": inject} if level == 1 else {})}
    import os

    from .exposure import make_inferrer

    return {"persona_exposure": level,
            "persona_inferrer": make_inferrer(cfg.exposure_model, api_base=cfg.exposure_api_base,
                                              api_key=os.environ.get("MMTAU_EXPOSURE_API_KEY"))}


@pytest.hookimpl(trylast=True)
def pytest_mmtau_make_channel(request: pytest.FixtureRequest, modality: str) -> Channel:
    from .voice import MODALITIES

    if modality not in MODALITIES:
        raise UsageError(f"unknown modality {modality!r}; allowed: {allowed(MODALITIES)}")
    if modality in ("voice", "asr-noise"):
        from .voice._factory import make_channel

        made: Channel = make_channel(request, modality)  # profile from marker/CLI/ini/persona, hints from the task
        return made
    channel: Channel = MODALITIES[modality]()
    return channel


@pytest.hookimpl(trylast=True)
def pytest_mmtau_make_judge(request: pytest.FixtureRequest) -> Judge:
    import os

    from .judge import LLMJudge, RuleJudge

    cfg = state(request.config).config
    if cfg.judge_model is None:
        return RuleJudge()
    return LLMJudge(cfg.judge_model, api_base=cfg.judge_api_base, samples=cfg.judge_samples,
                    api_key=os.environ.get("MMTAU_JUDGE_API_KEY"))
