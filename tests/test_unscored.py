"""A turn the judge could not label is never scored 0 (nor silently 1): metrics that depend on it are undefined,
comparisons with them make the trial an error, and gates on them cannot be judged."""

from __future__ import annotations

import math

import pytest

from pytest_mmtau import assert_ias, cp, cr, ias, safety_precision, sr
from pytest_mmtau.errors import InfrastructureError
from pytest_mmtau.judge._labels import LabelSet, RuleLabeller
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser


@pytest.fixture(scope="module")
def reference_conv(mock_domain):
    user = SimulatedUser(domain=mock_domain, task=mock_domain.task("cancel_subscription"),
                         persona=get_persona("easy"))
    return user.converse_sync(mock_domain.agents["reference"]())


def without(labels: LabelSet, turns: set[int]) -> LabelSet:
    """The labels as an LLM judge returns them when it could not label ``turns``."""
    return LabelSet(labels={i: lab for i, lab in labels.labels.items() if i not in turns},
                    labeller="llm:test", unscored=tuple(sorted(turns)))


def test_an_unlabelled_confirmation_turn_makes_ias_undefined_not_zero(reference_conv) -> None:
    full = RuleLabeller().label_sync(reference_conv)
    assert float(ias(reference_conv, full)) == 1.0
    asking = [i for i, lab in full.labels.items() if lab.confirmation_request]
    partial = without(full, set(asking))
    score = ias(reference_conv, partial)
    assert math.isnan(score) and score.unjudged
    assert f"agent turn(s) {', '.join(map(str, asking))}" in score.evidence[0]
    for metric in (sr, safety_precision, cp):
        assert not metric(reference_conv, partial).defined


def test_an_unlabelled_turn_after_the_write_does_not_hide_a_known_ias(reference_conv) -> None:
    full = RuleLabeller().label_sync(reference_conv)
    last = reference_conv.agent_turns[-1].index
    assert float(ias(reference_conv, without(full, {last}))) == 1.0


def test_comparing_an_unjudged_score_is_an_infrastructure_error_not_a_failure(reference_conv) -> None:
    full = RuleLabeller().label_sync(reference_conv)
    asking = {i for i, lab in full.labels.items() if lab.confirmation_request}
    score = ias(reference_conv, without(full, asking))
    with pytest.raises(InfrastructureError, match="ias cannot be compared"):
        assert score >= 1.0
    with pytest.raises(InfrastructureError):
        assert_ias(reference_conv, labels=without(full, asking))
    assert not cr(reference_conv, full).unjudged  # a plainly undefined metric stays quietly undefined


def test_a_gate_on_a_metric_the_judge_could_not_read_is_not_judged() -> None:
    from pytest_mmtau.config import Threshold
    from pytest_mmtau.models import TrialResult
    from pytest_mmtau.report import ItemRecord
    from pytest_mmtau.trials import judge_gates

    trials = tuple(TrialResult(nodeid="t[x]", test="t", task_id="x", persona="none", modality="text", trial=i,
                               seed=i, outcome="passed", success=True, termination="user_stop",
                               metrics={"ias": None}, judge={"unscored_turns": [3]}) for i in range(2))
    record = ItemRecord(nodeid="t[x]", test="t", case_id="x", trials=trials)
    gate = judge_gates(record, [Threshold(metric="ias", op=">=", value=1.0)])
    assert not gate.passed and gate.infrastructure
    assert "cannot be judged: the judge could not label turns in trial(s) 1, 2" in gate.lines[0]
