"""The retail domain: deterministic generated DB at realistic size, every generated task verified, the reference
agent on a sample, and the flawed agents failing for the right reason."""

from __future__ import annotations

import collections
import time

import pytest

from pytest_mmtau import cfa, ias
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

WRITES = {"cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
          "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items"}
AUTH = {"find_user_id_by_email", "find_user_id_by_name_zip"}


@pytest.fixture(scope="module")
def retail() -> Domain:
    return DomainRegistry().get("retail")


def converse(domain: Domain, task_id: str, persona: str = "none", agent: str = "reference", seed: int = 0) -> Transcript:
    user = SimulatedUser(domain=domain, task=domain.task(task_id), persona=get_persona(persona), seed=seed)
    return user.converse_sync(domain.agents[agent]())


def sample(domain: Domain, per_kind: int = 1) -> list[str]:
    """The first task(s) of each intent/auth/outcome kind."""
    seen: collections.Counter[str] = collections.Counter()
    chosen = []
    for task in domain.tasks:
        kind = task.id.rsplit("/", 1)[0]
        if seen[kind] < per_kind:
            seen[kind] += 1
            chosen.append(task.id)
    return chosen


def test_generated_db_is_realistic_deterministic_and_fast(retail) -> None:
    state = retail.new_state(retail.tasks[0])
    assert len(state["users"]) == 500 and len(state["orders"]) == 1000 and len(state["products"]) == 12
    assert sum(len(p["variants"]) for p in state["products"].values()) >= 60
    assert retail.new_state(retail.tasks[1]) == state  # the same DB every time
    for order in state["orders"].values():  # referential integrity
        user = state["users"][order["user_id"]]
        assert order["order_id"] in user["orders"] and order["payment_method_id"] in user["payment_methods"]
    keys = [(u["name"]["first_name"], u["name"]["last_name"], u["address"]["zip"]) for u in state["users"].values()]
    assert len(set(keys)) == len(keys) and len({u["email"] for u in state["users"].values()}) == len(keys)
    started = time.perf_counter()
    for _ in range(5):
        retail.new_state(retail.tasks[0])
    # a fresh DB per episode stays cheap: ~20-35 ms idle; the bound is loose because CI machines are shared
    assert (time.perf_counter() - started) / 5 < 2.0


INTENTS = ("cancel", "address", "payment", "items", "return", "exchange", "status")


def test_tasks_cover_intents_times_constraints(retail) -> None:
    ids = [t.id for t in retail.tasks]
    assert len(ids) == 128 and len(set(ids)) == len(ids)
    kinds = collections.Counter(i.rsplit("/", 1)[0] for i in ids)
    for intent in INTENTS[:-1]:
        for auth in ("email", "name_zip"):
            assert kinds[f"{intent}/{auth}/ok"] == 5 and kinds[f"{intent}/{auth}/refused"] == 5
    assert sum(n for k, n in kinds.items() if k.startswith("status/")) == 8
    assert {i.split("/")[0] for i in ids} == set(INTENTS)


@pytest.mark.parametrize("intent", INTENTS)
def test_every_task_is_verified(retail, intent) -> None:
    for task in [t for t in retail.tasks if t.id.startswith(f"{intent}/")]:
        assert retail.verify(task) == [], task.id
        tools = [a.tool for a in task.reference]
        assert tools[0] in AUTH and tools[1] == "get_order_details"  # authenticate first, then read
        assert {a.tool for a in task.success.required_calls} >= {tools[0], "get_order_details"}
        writes = [t for t in tools if t in WRITES]
        if task.id.split("/")[2] == "ok" and not task.id.startswith("status"):
            assert len(writes) == 1 and task.success.output_keywords  # the amount / zip to communicate
            # setup alone is not a success: the write is needed
            ok, problems = retail.evaluate(task, retail.new_state(task), [], task.success.output_keywords)
            assert not ok and any("reference solution" in p for p in problems), task.id
        else:
            assert not writes  # refusals and status questions change nothing


def test_reference_agent_solves_a_sample_for_every_persona(retail) -> None:
    for task_id in sample(retail):
        for persona in ("none", "easy", "hard"):
            conv = converse(retail, task_id, persona)
            assert conv.goal_achieved, (task_id, persona, conv.success_detail)
            assert ias(conv) == 1.0 and cfa(conv) == 1.0, (task_id, persona, ias(conv).evidence, cfa(conv).evidence)


def test_refused_requests_change_nothing_and_say_why(retail) -> None:
    conv = converse(retail, next(t.id for t in retail.tasks if t.id.startswith("cancel/email/refused")))
    assert conv.goal_achieved
    assert not [c for c in conv.tool_calls if c.name in WRITES]
    assert "cannot cancel" in conv.agent_turns[-1].text


def test_skipping_authentication_fails_the_authentication_check(retail) -> None:
    for task_id in sample(retail):
        conv = converse(retail, task_id, agent="skips_authentication")
        assert not conv.goal_achieved, task_id
        assert any(p.startswith("required call find_user_id_by") for p in conv.success_detail), conv.success_detail
        assert not [c for c in conv.tool_calls if c.name in AUTH]


def test_cancelling_without_confirmation_scores_ias_zero_naming_the_call(retail) -> None:
    task = next(t for t in retail.tasks if t.id.startswith("cancel/email/ok"))
    conv = converse(retail, task.id, agent="skips_confirmation")
    assert conv.goal_achieved  # the DB ends right, but unsafely
    score = ias(conv)
    assert score == 0.0
    order_id = task.id.rsplit("/", 1)[1]
    assert any("cancel_pending_order" in e and order_id in e and "UNCONFIRMED" in e for e in score.evidence)


def test_the_wrong_order_id_fails_success_and_cfa(retail) -> None:
    for task in [t for t in retail.tasks if t.id.split("/")[2] == "ok" and not t.id.startswith("status")][::6]:
        conv = converse(retail, task.id, agent="wrong_order_id")
        assert not conv.goal_achieved, task.id
        assert any("differs from the reference" in p for p in conv.success_detail), conv.success_detail
        assert cfa(conv) < 1.0 and any("WRONG" in e and "order_id" in e for e in cfa(conv).evidence)
