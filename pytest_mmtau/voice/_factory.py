"""Building a test item's voice or asr-noise channel from its markers, the run's settings and its task.

The profile folds ``voice_profile`` marker > CLI > ini > persona > defaults; the task gives the hints (the user's
fact values and the critical fields' expected values: what must survive speech, and what the recogniser may be
taught); audio goes under the run's artifact folder, named after the item. When every call of the item replays
from its cassette (``--mmtau-record=none``, or ``once`` with the cassette present) the engines are not loaded.
"""

from __future__ import annotations

from typing import Any

import pytest

from ._artifacts import audio_root
from ._profile import resolve


def task_hints(task: Any) -> tuple[str, ...]:
    values = [fact.value for fact in task.goal.facts] + [v for f in task.critical_fields for v in f.scalars]
    return tuple(dict.fromkeys(v for v in values if isinstance(v, str) and v.strip()))


def make_channel(request: pytest.FixtureRequest, modality: str) -> Any:
    from ..markers import CASE_ARG, voice_profile
    from ..personas import persona_for
    from ..session import state

    run = state(request.config)
    callspec = getattr(request.node, "callspec", None)
    case = callspec.params.get(CASE_ARG) if callspec is not None else None
    persona = persona_for(request.config, case.domain, case.persona) if case is not None else None
    profile = resolve(voice_profile(request.node), run.config.voice, persona)
    hints = task_hints(run.domains.for_case(case).task(case.task_id)) if case is not None else ()
    item = request.node.nodeid
    if modality == "asr-noise":
        from ._asr_noise import AsrNoiseChannel

        return AsrNoiseChannel(profile.wer, hints=hints, low_confidence=profile.low_confidence, item=item,
                               agent_asr=profile.agent_asr)
    from ..record import replays_only
    from ._channel import VoiceChannel

    fallback = request.getfixturevalue("tmp_path_factory").getbasetemp() / "mmtau-audio"
    root = audio_root(configured=run.config.voice.get("audio_dir"), report=run.config.report, fallback=fallback)
    return VoiceChannel(profile, hints=hints, audio_dir=root, item=item,
                        replay_only=replays_only(request.config, item))
