"""The e-commerce domain (ECom-Bench style): success = DB × required retrievals × keywords, images read through
the vision tool (offline content, or a plugged-in model), every task verified, flawed agents failing rightly."""

from __future__ import annotations

import collections

import pytest

from pytest_mmtau import cfa, ias
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

WRITES = {"issue_invoice", "schedule_installation", "apply_price_protection", "create_return"}


@pytest.fixture(scope="module")
def ecom() -> Domain:
    return DomainRegistry().get("ecommerce")


def converse(domain: Domain, task_id: str, persona: str = "none", agent: str = "reference", seed: int = 0) -> Transcript:
    user = SimulatedUser(domain=domain, task=domain.task(task_id), persona=get_persona(persona), seed=seed)
    return user.converse_sync(domain.agents[agent]())


def test_tasks_carry_two_to_eight_requests_and_are_verified(ecom) -> None:
    sizes = collections.Counter(len(t.goal.requests) for t in ecom.tasks)
    assert set(sizes) == set(range(2, 9)) and min(sizes.values()) >= 5 and len(ecom.tasks) == 42
    intents = collections.Counter(label for t in ecom.tasks for label in t.id.split("/")[1].split("|"))
    for write in ("invoice", "installation", "price", "damage"):  # every write both allowed and refused somewhere
        assert intents[write] and intents[f"{write}_refused"], write
    for task in ecom.tasks:
        assert ecom.verify(task) == [], task.id
        required = {a.tool for a in task.success.required_calls}
        assert {"find_customer_by_phone", "get_order"} <= required and task.success.output_keywords
        requests = [r.intent for r in task.goal.requests]
        assert task.goal.confirmed_by == tuple(c for r in task.goal.requests for c in r.confirmed_by)
        assert len(set(task.goal.confirmed_by)) == len(task.goal.confirmed_by)  # each request its own marker
        if "damage" in requests:
            assert requests[-1] == "damage" and not {"installation", "install_info"} & set(requests)
        if {"price", "damage"} & set(requests):
            assert "read_image" in required


def test_success_is_the_product_of_state_retrievals_and_keywords(ecom) -> None:
    task = next(t for t in ecom.tasks if "|installation|" in f"|{t.id.split('/')[1]}|")
    calls = [c for c in converse(ecom, task.id).tool_calls]
    final = ecom.replay_reference(task)
    texts = list(task.success.output_keywords)
    assert ecom.evaluate(task, final, calls, texts)[0]
    no_info = [c for c in calls if c.name != "get_installation_service_info"]
    assert any("get_installation_service_info" in p for p in ecom.evaluate(task, final, no_info, texts)[1])
    unique = next(k for k in reversed(texts) if not any(k in other for other in texts if other != k))
    assert any("never said" in p for p in ecom.evaluate(task, final, calls, [k for k in texts if k != unique])[1])
    assert any("reference solution" in p for p in ecom.evaluate(task, ecom.new_state(task), calls, texts)[1])


@pytest.mark.parametrize(("said", "counts"), [
    ("Unfortunately, the Air Fryer doesn't come with an installation service, so I'm not able to book one.", True),
    ("The Air Fryer has no installation service.", True),
    ("There is no installation for the Air Fryer.", True),
    ("Could you tell me whether the installation isn't booked yet?", False),  # a question states nothing
    ("If it isn't installed yet, let me know.", False),  # nor does a condition
    ("I couldn't find an installation slot on Monday, but Tuesday is free: shall I book that?", False),  # an offer
    ("Your installation is booked for 2026-03-04.", False),
])
def test_a_no_counts_in_the_agents_own_words(ecom, said: str, counts: bool) -> None:
    """The refused installation's output keyword and the user's goal marker are met by any statement negating the
    installation, not only by the literal "no installation service"."""
    from pytest_mmtau.understanding import milestone_reports

    task = next(t for t in ecom.tasks if "installation_refused" in t.id)
    keyword = next(k for k in task.success.output_keywords if "not:install" in k)
    final = ecom.replay_reference(task)
    calls = [c for c in converse(ecom, task.id).tool_calls]
    others = [k for k in task.success.output_keywords if k != keyword]
    problems = ecom.evaluate(task, final, calls, [*others, said])[1]
    assert (f"the agent never said {keyword!r}" not in problems) is counts
    marker = next(r.confirmed_by[0] for r in task.goal.requests if r.intent == "installation")
    assert milestone_reports(said, marker.split("|")) is counts


def test_reference_agent_solves_every_task_for_every_persona(ecom) -> None:
    for task in ecom.tasks:
        for persona in ("none", "easy", "hard"):
            conv = converse(ecom, task.id, persona)
            assert conv.goal_achieved, (task.id, persona, conv.success_detail)
            assert ias(conv) == 1.0 and cfa(conv) == 1.0, (task.id, persona, ias(conv).evidence)


def test_images_are_read_offline_and_a_vision_model_can_be_plugged_in(ecom, monkeypatch) -> None:
    task = next(t for t in ecom.tasks if t.goal.requests[0].intent == "price" and "price_refused" not in t.id)
    conv = converse(ecom, task.id)
    read = next(c for c in conv.tool_calls if c.name == "read_image")
    image_id = read.arguments["image_id"]
    assert read.result == ecom.initial_state.get("images", conv.final_state["images"])[image_id]["content"]
    tools = __import__("sys").modules[ecom.tools["read_image"].function.__module__]
    seen = []

    def model(image_id: str, record: dict) -> dict:
        seen.append((image_id, record["caption"]))
        return {**record["content"], "shop": "another shop"}  # a model that misreads the shop

    monkeypatch.setattr(tools, "VISION_MODEL", model)
    conv = converse(ecom, task.id)
    assert seen and seen[0][0] == image_id
    assert not conv.goal_achieved and any("not covered" in t.text for t in conv.agent_turns)


def _writes(task) -> list[str]:
    return [label for label in task.id.split("/")[1].split("|")
            if label in ("invoice", "installation", "price", "damage")]


def test_flawed_agents_fail_for_the_right_reason(ecom) -> None:
    writing = [t for t in ecom.tasks if _writes(t)][:12]
    for task in writing:
        order_id = task.id.split("/")[0]
        unauth = converse(ecom, task.id, agent="skips_authentication")
        assert not unauth.goal_achieved and any("find_customer_by_phone" in p for p in unauth.success_detail)
        rushed = converse(ecom, task.id, agent="skips_confirmation")
        assert rushed.goal_achieved and ias(rushed) == 0.0
        assert any("UNCONFIRMED" in e and order_id in e for e in ias(rushed).evidence)
        wrong = converse(ecom, task.id, agent="wrong_order_id")
        assert not wrong.goal_achieved and cfa(wrong) < 1.0
    for task in [t for t in ecom.tasks if {"price", "damage"} & set(_writes(t))][:6]:
        blind = converse(ecom, task.id, agent="skips_image")
        assert not blind.goal_achieved
        assert any(p.startswith("required call read_image") for p in blind.success_detail)


def test_the_user_makes_the_requests_one_after_another(ecom) -> None:
    task = next(t for t in ecom.tasks if len(t.goal.requests) == 8)
    conv = converse(ecom, task.id)
    assert conv.goal_achieved, conv.success_detail
    made = [a.slot for t in conv.user_turns for a in t.acts if a.kind == "request"]
    assert made == [r.intent for r in task.goal.requests]  # each once, in order, none skipped
    answered = [next(i for i, t in enumerate(conv.turns) if t.role == "agent" and r.confirmed_by[0].lower() in
                     t.text.lower()) for r in task.goal.requests]
    assert answered == sorted(answered)
