"""No false alarms on correct agents (issue 20 item 5): the built-in reference agents, talking with the scripted user
under the personas none/easy/hard and the eight ECom-Bench personas, 8 trials each, are never flagged by CR, CP,
IAS or CFA. The engine runs directly (no pytester); every domain is covered by a spread of its tasks (one of each
kind); ``benchmarks/false_alarms.py`` runs the whole grid."""

from __future__ import annotations

import functools

import pytest

from pytest_mmtau import metrics
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.models import Task
from pytest_mmtau.personas import ECOM_BENCH, MM_TAU_P2, PRESETS
from pytest_mmtau.user import SimulatedUser, derive_seed

PERSONAS = (*MM_TAU_P2, *ECOM_BENCH)
TRIALS = 8


@functools.cache
def _domain(name: str) -> Domain:
    return DomainRegistry().get(name)


def _one_of_each_kind(domain: Domain, kind_of: object) -> list[Task]:
    """The first task of every kind (a kind: what ``kind_of(task_id)`` returns)."""
    seen: dict[str, Task] = {}
    for task in domain.tasks:
        seen.setdefault(kind_of(task.id), task)  # type: ignore[operator]
    return list(seen.values())


SAMPLES = {
    "mock": lambda d: list(d.tasks),
    "restaurant": lambda d: _one_of_each_kind(d, lambda i: i.split("/")[0]),
    # a write of each shape (a reason, a new address by name and ZIP, an exchange), a refusal, a status read
    "retail": lambda d: [next(t for t in d.tasks if t.id.startswith(prefix))
                         for prefix in ("cancel/email/ok", "address/name_zip/ok", "exchange/email/ok",
                                        "return/email/refused", "status/")],
    "ecommerce": lambda d: list(d.tasks[::14]),
    "telecom": lambda d: _one_of_each_kind(d, lambda i: i.split("]")[0]),  # one per intent
}


def _flags(conv: object) -> list[str]:
    labels = RuleLabeller().label_sync(conv)  # type: ignore[arg-type]
    found = []
    for name in ("cr", "cp", "ias", "cfa"):
        score = getattr(metrics, name)(conv, labels)
        if score.defined and float(score) < 1.0:
            found.append(f"{name} {float(score):.2f}: {' | '.join(score.evidence)}")
    return found


@pytest.mark.parametrize("domain_name", sorted(SAMPLES))
def test_the_reference_agents_raise_no_cr_cp_ias_or_cfa_flag(domain_name: str) -> None:
    domain = _domain(domain_name)
    agent = domain.agents["reference"]
    flagged = []
    for task in SAMPLES[domain_name](domain):
        for persona in PERSONAS:
            for trial in range(TRIALS):
                user = SimulatedUser(domain=domain, task=task, persona=PRESETS[persona], seed=derive_seed(0, trial))
                conv = user.converse_sync(agent())
                flagged += [(task.id, persona, trial, flag) for flag in _flags(conv)]
    assert flagged == []
