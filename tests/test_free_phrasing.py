"""A correct agent that phrases freely is judged correct (issue 20): every built-in domain's reference agent, speaking
through ``tests/paraphrasing.py`` (its own decisions, each text said as a frontier LLM agent would word it, the same
content), talks with the scripted user over a spread of tasks. What must hold: no trial is FAILED (passed, or
inconclusive (simulator) when the user said it did not understand, are both honest), and no metric marks a passed
trial down (CR, CP, IAS, CFA and safety precision all 1 where defined).

The cases the harness misreads today are ``xfail(strict=True)``, each naming the misread message: when the
understanding rules learn it, the case passes and the mark must go. ``benchmarks/free_phrasing.py`` runs the whole
grid (every task, none/easy/hard, 2 trials, and the unparaphrased control)."""

from __future__ import annotations

import functools

import pytest
from paraphrasing import Paraphrasing, judge

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.personas import PRESETS
from pytest_mmtau.user import SimulatedUser, derive_seed

TRIALS = 2
PERSONA = "none"
EVERY = {"mock": 1, "retail": 16, "ecommerce": 6, "restaurant": 3, "telecom": 12}  # telecom: its base split


@functools.cache
def _domain(name: str) -> Domain:
    domain = DomainRegistry().get(name)
    return domain.with_split("base") if name == "telecom" else domain


# ECom-Bench's refusals said freely ("the Air Fryer doesn't come with an installation service"): once misread, as
# their output keyword and the user's goal marker were the literal "no installation service"; a task each
EXTRA = {"ecommerce": ("E206140/installation_refused|price|delivery_date|order_details|invoice",
                       "E205133/install_info|invoice|order_details|delivery_date|product_price",
                       "E205042/tracking|order_details|damage_refused", "E206298/price_refused|damage")}

# (domain, task id) -> the agent message the harness misreads (the paraphrase, as the user got it); none today
MISREAD: dict[tuple[str, str], str] = {}


def _cases() -> list[object]:
    cases = []
    for name, every in EVERY.items():
        tasks = _domain(name).tasks
        for task in [*tasks[::every], *(t for t in tasks if t.id in EXTRA.get(name, ()))]:
            reason = MISREAD.get((name, task.id))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            cases.append(pytest.param(name, task.id, marks=marks, id=f"{name}:{task.id}"))
    return cases


@pytest.mark.parametrize(("domain_name", "task_id"), _cases())
def test_a_correct_agent_that_phrases_freely_is_not_failed(domain_name: str, task_id: str) -> None:
    domain = _domain(domain_name)
    task = next(t for t in domain.tasks if t.id == task_id)
    wrong = []
    for trial in range(TRIALS):
        agent = Paraphrasing(domain.agents["reference"](), domain_name)
        conv = SimulatedUser(domain=domain, task=task, persona=PRESETS[PERSONA],
                             seed=derive_seed(0, trial)).converse_sync(agent)
        judged = judge(conv)
        if judged.outcome == "failed":
            wrong.append(f"trial {trial} failed: {'; '.join(conv.success_detail)}")
        if judged.outcome == "passed" and judged.flags:  # a correct agent: no metric may mark it down either
            wrong += [f"trial {trial} passed with {name.upper()} {why}" for name, why in judged.flags.items()]
    assert wrong == []


def test_the_paraphrasing_agent_sees_its_own_words_and_says_others() -> None:
    """The wrapper rewrites what the user gets, and hands the agent back its own texts (it checks its last one)."""
    domain = _domain("mock")
    task = next(t for t in domain.tasks if t.id == "cancel_subscription")
    seen: list[tuple[str, ...]] = []
    inner = domain.agents["reference"]()
    decide = inner.decide

    def spying(view):  # type: ignore[no-untyped-def]
        seen.append(view.own_texts)
        return decide(view)

    inner.decide = spying
    agent = Paraphrasing(inner, "mock")
    conv = SimulatedUser(domain=domain, task=task, persona=PRESETS["none"], seed=derive_seed(0, 0)).converse_sync(agent)
    rewrites = [rw for rws in agent.rewrites.values() for rw in rws]
    assert conv.goal_achieved
    assert any(rw.rewritten != rw.original for rw in rewrites)
    originals = {rw.original for rw in rewrites}
    assert all(text in originals for texts in seen for text in texts)
    assert all(not rw.unmatched for rw in rewrites)


def test_the_variants_are_chosen_by_the_conversation_and_repeat() -> None:
    from paraphrasing import paraphrase

    text = "To confirm: shall I cancel the subscription on account A100? This cannot be undone."
    said = {paraphrase("mock", text, f"task/trial{k}/seed{k}|3").rewritten for k in range(40)}
    assert len(said) > 1 and all("A100" in s for s in said)
    assert paraphrase("mock", text, "x|1") == paraphrase("mock", text, "x|1")
