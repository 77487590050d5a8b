"""Every persona field changes what the simulated user does: changing only that field changes the transcripts on
some task. And what expertise does: a novice asks what jargon means before acting, describes settings by what it
sees and needs more steps; with ambiguity (MM-τ-p²'s Hard user) it misunderstands and writes identifiers
inconsistently; the reference agents still succeed with it."""

from __future__ import annotations

import asyncio
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.agents import AgentReply, ConversationView
from pytest_mmtau.config import Limits
from pytest_mmtau.models import Persona, Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

BASE = Persona(name="base")  # the neutral persona; every variant keeps its name (the seed derives from it)
SEEDS = range(4)
APN_TASK = "[service_issue]break_apn_settings"


@pytest.fixture(scope="module")
def domains() -> DomainRegistry:
    return DomainRegistry()


# field -> (changed value, domain, task, agent: a domain agent's name or one of _agent's, persona exposure, and
# what else the neutral persona needs for the field to matter: a side question to word, a mood to name)
BEHAVIOUR: dict[str, tuple[Any, str, str, str, int, dict[str, Any]]] = {
    "expertise": ("novice", "telecom", APN_TASK, "reference", 0, {}),
    "ambiguity": (1.0, "mock", "cancel_subscription", "reference", 0, {}),
    "verbosity": ("terse", "mock", "cancel_subscription", "reference", 0, {}),
    "clarification_tolerance": (0, "mock", "cancel_subscription", "reasks", 0, {}),
    "emotion": ("angry", "mock", "cancel_subscription", "reference", 0, {}),
    "patience": (1, "mock", "cancel_subscription", "reasks", 0, {}),
    "communication_style": ("vague", "mock", "cancel_subscription", "reference", 0, {}),
    "execution_style": ("all_at_once", "mock", "upgrade_plan", "reference", 0, {}),
    "exploration": (1.0, "mock", "cancel_subscription", "reference", 0, {}),
    # who the user is: what the agent is told about it (persona exposure 1) and what the LLM user plays
    "biography": ("A retired teacher who calls from her garden.", "mock", "cancel_subscription", "reference", 1, {}),
    # ECom-Bench's traits beyond the grid (tests/test_persona_traits.py shows each value)
    "consumer_type": ("value_oriented", "mock", "cancel_subscription", "reference", 0, {"exploration": 1.0}),
    "attentiveness": ("careless", "mock", "upgrade_plan", "asks_both", 0, {}),
    "trust": ("skeptical", "mock", "cancel_subscription", "reference", 0, {}),
    "rights_awareness": ("high", "mock", "cancel_subscription", "refuses", 0, {}),
    "inquiry_style": ("indirect", "mock", "cancel_subscription", "reference", 0, {}),
    "tone": ("formal", "mock", "cancel_subscription", "reference", 0, {}),
    "pace": ("hurried", "mock", "cancel_subscription", "reference", 0, {}),
    "mood_vocabulary": ("toast", "mock", "cancel_subscription", "reference", 0, {"emotion": "angry"}),
}
VOICE = {"voice": "slt", "speaking_rate": 1.6, "noise_profile": "noisy"}  # how the user sounds: voice channel


_OPENERS = {"reasks": ("Could you give me your account ID?",) * 3,
            "asks_both": ("Could you give me your account ID and which plan you would like?",),
            "refuses": ("I'm sorry, I can't cancel subscriptions on this line.",)}


def _agent(domain: Any, which: str) -> Any:
    """A domain agent, or the reference agent after some first messages of its own (``_OPENERS``)."""
    if which not in _OPENERS:
        return domain.agents[which]()
    from pytest_mmtau import FunctionAgent

    reference, opening = domain.agents["reference"](), _OPENERS[which]

    def respond(request: Any) -> AgentReply:
        view = ConversationView.of(request)
        if len(view.own_texts) < len(opening):
            return AgentReply(text=opening[len(view.own_texts)])
        return reference.decide(view)

    return FunctionAgent(respond)


def said(conv: Transcript) -> list[tuple[Any, ...]]:
    return [(t.role, t.text, tuple(str(a) for a in t.acts), tuple(c.name for c in t.tool_calls))
            for t in conv.turns] + [tuple(h.text for h in conv.persona_hints)]


def conversations(domains: DomainRegistry, persona: Persona, domain: str, task: str, agent: str,
                  exposure: int = 0) -> list[Transcript]:
    d = domains.get(domain)
    return [SimulatedUser(domain=d, task=d.task(task), persona=persona, seed=seed,
                          persona_exposure=exposure).converse_sync(_agent(d, agent)) for seed in SEEDS]


def test_every_field_has_its_test() -> None:
    assert set(Persona.model_fields) - {"name"} == set(BEHAVIOUR) | set(VOICE)


@pytest.mark.parametrize("field", sorted(BEHAVIOUR))
def test_changing_only_this_field_changes_the_transcripts(domains: DomainRegistry, field: str) -> None:
    value, domain, task, agent, exposure, needs = BEHAVIOUR[field]
    base = BASE.model_copy(update=needs)
    changed = base.model_copy(update={field: value})
    assert changed.model_dump(exclude={field}) == base.model_dump(exclude={field}) and changed != base
    before = [said(c) for c in conversations(domains, base, domain, task, agent, exposure)]
    after = [said(c) for c in conversations(domains, changed, domain, task, agent, exposure)]
    assert before != after, f"changing only {field} to {value!r} changed no transcript of {domain}/{task}"


@pytest.mark.voice
@pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)")
@pytest.mark.parametrize("field", sorted(VOICE))
def test_changing_only_a_voice_field_changes_the_voice_transcripts(domains: DomainRegistry, field: str,
                                                                   tmp_path: Path) -> None:
    pytest.importorskip("pocketsphinx", reason='needs pip install "pytest-mmtau[voice]"')
    from pytest_mmtau.voice import VoiceChannel
    from pytest_mmtau.voice._profile import resolve

    d = domains.get("mock")
    task = d.task("balance_inquiry")

    def channel_said(persona: Persona) -> list[Any]:
        channel = VoiceChannel(resolve({}, {}, persona), audio_dir=tmp_path / field, item=field)
        user = SimulatedUser(domain=d, task=task, persona=persona, seed=1, limits=Limits(max_turns=2))
        conv = asyncio.run(user.converse(d.agents["reference"](), channel=channel))
        return [(t.heard, t.channel.get("tts"), t.channel.get("noise"), t.channel.get("asr_text"),
                 (t.channel.get("timings") or {}).get("audio_s")) for t in conv.user_turns]

    assert channel_said(BASE) != channel_said(BASE.model_copy(update={field: VOICE[field]}))


# --------------------------------------------------------------------------------------------- expertise


def _user_texts(conv: Transcript) -> list[str]:
    return [t.text for t in conv.user_turns]


def test_a_novice_asks_what_jargon_means_before_acting(domains: DomainRegistry) -> None:
    novice = BASE.model_copy(update={"expertise": "novice"})
    for conv in conversations(domains, novice, "telecom", APN_TASK, "reference"):
        texts = _user_texts(conv)
        question = next(i for i, t in enumerate(texts) if re.search(r"what's an APN|what an APN is|APN is", t))
        acted = next(i for i, t in enumerate(conv.user_turns) if any("apn" in c.name for c in t.tool_calls))
        assert question < acted  # asked first, acted after the agent answered
        assert conv.goal_achieved
    ordinary = conversations(domains, BASE, "telecom", APN_TASK, "reference")
    assert not any("APN" in t for c in ordinary for t in _user_texts(c))


def test_a_novice_describes_settings_by_what_it_sees_and_an_expert_by_their_names(domains: DomainRegistry) -> None:
    novice = conversations(domains, BASE.model_copy(update={"expertise": "novice"}), "telecom", APN_TASK, "reference")
    reports = [t for c in novice for t in _user_texts(c) if "I had a look at" in t or "I found and changed" in t]
    assert reports and any("the icons along the top of the screen" in t for t in reports)
    assert not any("check status bar" in t.lower() for t in reports)  # not the setting's name
    expert = conversations(domains, BASE.model_copy(update={"expertise": "expert"}), "telecom", APN_TASK, "reference")
    assert any("check status bar: status bar: airplane mode" in t.lower() for c in expert for t in _user_texts(c))


def test_a_novice_needs_more_steps_and_the_reference_agent_still_succeeds(domains: DomainRegistry) -> None:
    d = domains.get("telecom")
    tasks = d.tasks[::6]
    for persona in (BASE, BASE.model_copy(update={"expertise": "novice"})):
        convs = [SimulatedUser(domain=d, task=t, persona=persona, seed=s).converse_sync(d.agents["reference"]())
                 for t in tasks for s in (0, 1)]
        turns = sum(len(c.user_turns) for c in convs)
        if persona is BASE:
            base_turns, base_goals = turns, [c.goal_achieved for c in convs]
    assert turns > base_turns
    assert [c.goal_achieved for c in convs] == base_goals  # the simulator never makes a correct agent fail


def _plain(value: str) -> str:
    return re.sub(r"[^0-9a-z]", "", value.lower())


def test_the_hard_user_misunderstands_and_writes_identifiers_inconsistently(domains: DomainRegistry) -> None:
    from pytest_mmtau.understanding import read, vocabulary

    hard, ordinary = get_persona("hard"), get_persona("hard").model_copy(update={"expertise": "intermediate"})
    seen = {"wrong detail": 0, "wrong check": 0, "loose identifier": 0}
    goals: list[tuple[bool, bool]] = []
    for domain, every in (("telecom", 3), ("ecommerce", 2), ("mock", 1)):
        d = domains.get(domain)
        for task in d.tasks[::every]:
            values = {f.key: f.value for f in task.goal.facts}
            for seed in (0, 1, 2):
                conv = SimulatedUser(domain=d, task=task, persona=hard, seed=seed).converse_sync(
                    d.agents["reference"]())
                for turn in conv.user_turns:
                    asked = read(conv.turns[turn.index - 1].text, vocabulary(task, d.tool_infos)).tools \
                        if turn.index else ()
                    seen["wrong detail"] += "oh, do you mean my" in turn.text.lower()
                    seen["wrong check"] += any(asked and c.name not in asked for c in turn.tool_calls)
                    seen["loose identifier"] += any(  # the same identifier, written another way
                        a.kind == "inform" and a.value == values.get(a.slot) and a.value not in turn.text
                        and _plain(a.value) in _plain(turn.text) for a in turn.acts)
                plain = SimulatedUser(domain=d, task=task, persona=ordinary, seed=seed).converse_sync(
                    d.agents["reference"]())
                goals.append((plain.goal_achieved, conv.goal_achieved))
    assert all(seen.values()), seen
    assert all(hard_ok for plain_ok, hard_ok in goals if plain_ok)  # a correct agent copes with the hard user
