"""ECom-Bench's persona traits beyond the grid and the Toast paper's mood vocabulary, as the scripted user acts on
them: each non-default value changes what the user does, the defaults change nothing, and the reference agents
still serve every trait."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from pytest_mmtau import FunctionAgent, cfa, ias
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.agents import AgentRequest
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Persona, Task, Transcript
from pytest_mmtau.personas import PRESETS
from pytest_mmtau.simulator_metrics import pas
from pytest_mmtau.user import SimulatedUser
from pytest_mmtau.user._attributes import MOOD_VOCABULARIES
from pytest_mmtau.user._traits import HESITATION, PUSHBACK, SIDE_QUESTIONS


@pytest.fixture(scope="module")
def ecom() -> Domain:
    return DomainRegistry().get("ecommerce")


def persona(**traits: Any) -> Persona:
    return PRESETS["none"].model_copy(update={"name": "traits", **traits})


def talk(domain: Domain, task: Task, who: Persona, agent: Any = None, seed: int = 0) -> Transcript:
    user = SimulatedUser(domain=domain, task=task, persona=who, seed=seed)
    return user.converse_sync(agent or domain.agents["reference"]())


def scripted(*messages: str) -> FunctionAgent:
    """An agent that says ``messages`` in turn, then keeps asking whether there is anything else."""
    said: list[str] = []

    def respond(request: AgentRequest) -> str:
        said.append("")
        return messages[len(said) - 1] if len(said) <= len(messages) else "Is there anything else?"

    return FunctionAgent(respond)


def user_texts(conv: Transcript) -> list[str]:
    return [t.text for t in conv.user_turns]


def task_with(ecom: Domain, *labels: str, first: str | None = None) -> Task:
    return next(t for t in ecom.tasks if set(labels) <= set(t.id.split("/")[1].split("|"))
                and (first is None or t.goal.requests[0].intent == first))


def test_the_defaults_are_the_neutral_user(ecom) -> None:
    task = ecom.tasks[20]
    base = talk(ecom, task, PRESETS["none"])
    explicit = talk(ecom, task, persona(name="none", consumer_type="unspecified", attentiveness="average",
                                        trust="neutral", rights_awareness="average", inquiry_style="direct",
                                        tone="neutral", pace="measured", mood_vocabulary="mmtau"))
    assert user_texts(base) == user_texts(explicit) and base.goal_achieved


@pytest.mark.parametrize("kind", sorted(SIDE_QUESTIONS))
def test_consumer_type_sets_what_the_user_wonders_about(ecom, kind) -> None:
    conv = talk(ecom, ecom.tasks[0], persona(consumer_type=kind, exploration=1.0))
    assert any(SIDE_QUESTIONS[kind] in text for text in user_texts(conv))


def test_a_careless_user_answers_only_the_first_of_two_questions(ecom) -> None:
    ask = "Could you give me your phone number and the order ID?"
    average = talk(ecom, ecom.tasks[0], persona(), scripted(ask))
    careless = talk(ecom, ecom.tasks[0], persona(attentiveness="careless"), scripted(ask))
    given = [{a.slot for a in c.user_turns[1].acts if a.kind == "inform"} for c in (average, careless)]
    assert given == [{"phone_number", "order_id"}, {"phone_number"}]


def test_a_detail_oriented_user_corrects_a_wrong_value_in_any_message(ecom) -> None:
    task = ecom.tasks[0]
    wrong = "I see order E999999 on file for you."
    corrected = talk(ecom, task, persona(attentiveness="detail_oriented"), scripted(wrong))
    assert corrected.user_turns[1].has_act("correct") and task.id.split("/")[0] in corrected.user_turns[1].text
    ignored = talk(ecom, task, persona(), scripted(wrong))
    assert not ignored.user_turns[1].has_act("correct")


def test_a_skeptical_user_questions_the_first_action_then_agrees(ecom) -> None:
    task = task_with(ecom, "invoice")
    conv = talk(ecom, task, persona(trust="skeptical"))
    assert sum(HESITATION in t for t in user_texts(conv)) == 1
    assert conv.goal_achieved and ias(conv) == 1.0  # the agent answered and asked again before acting
    assert HESITATION not in " ".join(user_texts(talk(ecom, task, persona())))


def test_a_trusting_user_agrees_without_checking_the_read_back(ecom) -> None:
    task = task_with(ecom, "invoice", first="invoice")
    order_id = task.id.split("/")[0]
    confirm = f"Shall I issue an invoice for order E000000 instead of {order_id[:2]}…? Please confirm."
    neutral = talk(ecom, task, persona(), scripted(confirm))
    trusting = talk(ecom, task, persona(trust="trusting"), scripted(confirm))
    assert neutral.user_turns[1].has_act("deny") and trusting.user_turns[1].has_act("affirm")


def test_a_rights_aware_user_pushes_back_once_on_each_refusal(ecom) -> None:
    task = next(t for t in ecom.tasks if sum(label.endswith("_refused") for label in t.id.split("|")) >= 1)
    refusals = sum(label.endswith("_refused") for label in task.id.split("/")[1].split("|"))
    conv = talk(ecom, task, persona(rights_awareness="high"))
    assert sum(PUSHBACK in t for t in user_texts(conv)) == refusals
    assert conv.goal_achieved, conv.success_detail
    assert PUSHBACK not in " ".join(user_texts(talk(ecom, task, persona())))


def test_an_indirect_user_hedges_every_request(ecom) -> None:
    task = next(t for t in ecom.tasks if len(t.goal.requests) >= 4)
    conv = talk(ecom, task, persona(inquiry_style="indirect"))
    made = [a for t in conv.user_turns for a in t.acts if a.kind == "request" and a.slot != "side_question"]
    first_time = {}
    for act in made:
        first_time.setdefault(act.slot, act)
    assert all(act.vague for act in first_time.values()) and len(first_time) == len(task.goal.requests)
    assert conv.goal_achieved  # the agent asked what was meant, and the user said it plainly


@pytest.mark.parametrize("tone, opening, closing", [("formal", "Good day.", "That is all, thank you very much."),
                                                     ("familiar", "Hey there.", "That's it, cheers."),
                                                     ("concise", "", "That's all.")])
def test_tone_changes_the_words(ecom, tone, opening, closing) -> None:
    conv = talk(ecom, ecom.tasks[1], persona(tone=tone))
    texts = user_texts(conv)
    assert texts[0].startswith(opening) and texts[-1] == closing and conv.goal_achieved
    if tone == "concise":
        phone = next(f.value for f in conv.task.goal.facts if f.key == "phone_number")
        assert f"{phone}." in texts


def test_a_hurried_user_brings_up_the_next_request_before_the_current_is_done(ecom) -> None:
    task = next(t for t in ecom.tasks if len(t.goal.requests) >= 5)
    second = task.goal.requests[1]
    conv = talk(ecom, task, persona(pace="hurried"))
    raised = next(t.index for t in conv.user_turns if any(a.kind == "request" and a.slot == second.intent
                                                          for a in t.acts))
    answered = next(t.index for t in conv.agent_turns
                    if task.goal.requests[0].confirmed_by[0].lower() in t.text.lower())
    assert raised < answered and conv.goal_achieved
    measured = talk(ecom, task, persona())
    raised_later = next(t.index for t in measured.user_turns
                        if any(a.kind == "request" and a.slot == second.intent for a in t.acts))
    assert raised_later > next(t.index for t in measured.agent_turns
                               if task.goal.requests[0].confirmed_by[0].lower() in t.text.lower())


@pytest.mark.parametrize("trait", [{"consumer_type": "value_oriented"}, {"attentiveness": "careless"},
                                   {"attentiveness": "detail_oriented"}, {"trust": "skeptical"},
                                   {"trust": "trusting"}, {"rights_awareness": "high"},
                                   {"inquiry_style": "indirect"}, {"tone": "formal"}, {"pace": "hurried"}])
def test_the_reference_agent_serves_every_trait(ecom, trait) -> None:
    for task in [t for t in ecom.tasks[::3] if len(t.goal.requests) <= 6]:
        conv = talk(ecom, task, persona(**trait))
        assert conv.goal_achieved and ias(conv) == 1.0 and cfa(conv) == 1.0, (task.id, conv.success_detail)


def test_hedging_every_one_of_eight_requests_is_never_cut_by_the_turn_limit(ecom) -> None:
    """An indirect user needs more than the default 40 turns for eight requests; the limit grows with the task's
    optimal turns, so the reference agent is not failed by it."""
    task = next(t for t in ecom.tasks if len(t.goal.requests) == 8)
    conv = SimulatedUser(domain=ecom, task=task, persona=persona(inquiry_style="indirect")).converse_sync(
        ecom.agents["reference"]())
    assert conv.goal_achieved and ias(conv) == 1.0 and len(conv.turns) > 40, conv.termination


# --------------------------------------------------------------------------------------------- Toast moods


def test_toast_moods_follow_what_happens(mock_domain) -> None:
    toast = persona(mood_vocabulary="toast")
    stalled = talk(mock_domain, mock_domain.task("cancel_subscription"), toast,
                   scripted(*["Hmm, let me think about the weather."] * 6))
    moods = [t.user_state["attributes"]["mood"] for t in stalled.user_turns if "attributes" in t.user_state]
    assert set(moods) <= set(MOOD_VOCABULARIES["toast"]) and "confused" in moods
    again = "What is your account ID?"
    pestered = talk(mock_domain, mock_domain.task("cancel_subscription"), toast, scripted(*[again] * 8))
    assert "frustrated" in [t.user_state["attributes"]["mood"] for t in pestered.user_turns
                            if "attributes" in t.user_state]


def test_toast_personas_show_the_moods_they_are_told(mock_domain) -> None:
    toast = persona(mood_vocabulary="toast")
    convs = [talk(mock_domain, task, toast, seed=seed) for task in mock_domain.tasks for seed in range(6)]
    told = {t.user_state["attributes"]["mood"] for c in convs for t in c.user_turns if "attributes" in t.user_state}
    assert {"casual", "enthusiastic"} <= told <= set(MOOD_VOCABULARIES["toast"])
    assert statistics.mean(float(pas(c)) for c in convs) > 0.9
    assert all(c.goal_achieved for c in convs)
