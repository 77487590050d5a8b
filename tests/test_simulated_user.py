"""The scripted simulated user: persona fields change behaviour measurably; every message carries its acts."""

from __future__ import annotations

import statistics

from pytest_mmtau.models import ACT_KINDS
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

SEEDS = range(12)


def conversations(domain, persona: str, task_ids=None):
    agent = domain.agents["reference"]()
    for task in domain.tasks:
        if task_ids and task.id not in task_ids:
            continue
        for seed in SEEDS:
            yield SimulatedUser(domain=domain, task=task, persona=get_persona(persona), seed=seed).converse_sync(agent)


def test_hard_needs_more_turns_than_easy(mock_domain) -> None:
    turns = {p: statistics.mean(len(c.agent_turns) for c in conversations(mock_domain, p))
             for p in ("easy", "none", "hard")}
    assert turns["easy"] < turns["none"] < turns["hard"], turns


def test_easy_volunteers_details_hard_withholds_them(mock_domain) -> None:
    def opening_informs(persona: str) -> float:
        convs = list(conversations(mock_domain, persona, {"cancel_subscription", "upgrade_plan"}))
        return statistics.mean(sum(a.kind == "inform" for a in c.turns[0].acts) for c in convs)

    easy, hard = opening_informs("easy"), opening_informs("hard")
    # one turn in ten goes against the persona's habit, so hard users occasionally volunteer a detail
    assert easy > 1.0 and hard < easy / 3, (easy, hard)


def test_hard_is_vague_and_corrects_itself(mock_domain) -> None:
    convs = list(conversations(mock_domain, "hard"))
    corrections = sum(t.has_act("correct") for c in convs for t in c.user_turns)
    restatements = sum(t.has_act("restate") for c in convs for t in c.user_turns)
    assert corrections > 0 and restatements > 0
    easy = list(conversations(mock_domain, "easy"))
    assert sum(t.has_act("correct") for c in easy for t in c.user_turns) == 0


def test_every_user_message_carries_acts(mock_domain) -> None:
    for persona in ("none", "easy", "hard"):
        for conv in conversations(mock_domain, persona):
            for turn in conv.user_turns:
                assert turn.acts, (persona, conv.task.id, turn.text)
                assert all(a.kind in ACT_KINDS for a in turn.acts)


def test_user_affirms_the_matching_confirmation_and_corrects_a_wrong_account(mock_domain) -> None:
    from pytest_mmtau import FunctionAgent

    def wrong_account(request):
        return "To confirm: shall I cancel the subscription on account A999?"

    conv = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"),
                         persona=get_persona("easy"), seed=1).converse_sync(FunctionAgent(wrong_account))
    reply = conv.user_turns[1]
    assert reply.has_act("deny") and reply.has_act("correct") and "A100" in reply.text


def test_angry_mood_grows_when_asked_the_same_thing_again(mock_domain) -> None:
    from pytest_mmtau import FunctionAgent

    conv = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"),
                         persona=get_persona("easy"), seed=3).converse_sync(
        FunctionAgent(lambda r: "Could you tell me your account ID?"))
    repeats = [t for t in conv.user_turns if t.has_act("repeat")]
    assert len(repeats) >= 3
    assert any(t.text.startswith(("Look", "Honestly", "This is ridiculous", "I'm getting")) for t in repeats[2:])
