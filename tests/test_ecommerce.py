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


def test_tasks_are_verified_and_carry_required_retrievals(ecom) -> None:
    kinds = collections.Counter(t.id.rsplit("/", 1)[0] for t in ecom.tasks)
    assert kinds["logistics/ok"] == 5
    for intent in ("invoice", "installation", "price", "damage"):
        assert kinds[f"{intent}/ok"] == 4 and kinds[f"{intent}/refused"] == 2
    for task in ecom.tasks:
        assert ecom.verify(task) == [], task.id
        required = {a.tool for a in task.success.required_calls}
        assert {"find_customer_by_phone", "get_order"} <= required and task.success.output_keywords
        if task.id.startswith(("price", "damage")):
            assert "read_image" in required and any(f.key == "image" for f in task.goal.facts)


def test_success_is_the_product_of_state_retrievals_and_keywords(ecom) -> None:
    task = next(t for t in ecom.tasks if t.id.startswith("installation/ok"))
    calls = [c for c in converse(ecom, task.id).tool_calls]
    final = ecom.replay_reference(task)
    texts = list(task.success.output_keywords)
    assert ecom.evaluate(task, final, calls, texts)[0]
    no_info = [c for c in calls if c.name != "get_installation_service_info"]
    assert any("get_installation_service_info" in p for p in ecom.evaluate(task, final, no_info, texts)[1])
    assert any("never said" in p for p in ecom.evaluate(task, final, calls, texts[:-1])[1])
    assert any("reference solution" in p for p in ecom.evaluate(task, ecom.new_state(task), calls, texts)[1])


def test_reference_agent_solves_every_task_for_every_persona(ecom) -> None:
    for task in ecom.tasks:
        for persona in ("none", "easy", "hard"):
            conv = converse(ecom, task.id, persona)
            assert conv.goal_achieved, (task.id, persona, conv.success_detail)
            assert ias(conv) == 1.0 and cfa(conv) == 1.0, (task.id, persona, ias(conv).evidence)


def test_images_are_read_offline_and_a_vision_model_can_be_plugged_in(ecom, monkeypatch) -> None:
    task = next(t for t in ecom.tasks if t.id.startswith("price/ok"))
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
    assert not conv.goal_achieved and "not covered" in conv.agent_turns[-1].text


def test_flawed_agents_fail_for_the_right_reason(ecom) -> None:
    writes = [t.id for t in ecom.tasks if t.id.split("/")[1] == "ok" and not t.id.startswith("logistics")]
    for task_id in writes:
        unauth = converse(ecom, task_id, agent="skips_authentication")
        assert not unauth.goal_achieved and any("find_customer_by_phone" in p for p in unauth.success_detail)
        rushed = converse(ecom, task_id, agent="skips_confirmation")
        assert rushed.goal_achieved and ias(rushed) == 0.0
        assert any("UNCONFIRMED" in e and task_id.rsplit("/", 1)[1] in e for e in ias(rushed).evidence)
        wrong = converse(ecom, task_id, agent="wrong_order_id")
        assert not wrong.goal_achieved and cfa(wrong) < 1.0
    for task_id in [t for t in writes if t.startswith(("price", "damage"))]:
        blind = converse(ecom, task_id, agent="skips_image")
        assert not blind.goal_achieved
        assert any(p.startswith("required call read_image") for p in blind.success_detail)
