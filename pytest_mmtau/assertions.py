"""Assertion helpers: ``assert_<metric>(conv)`` checks a metric against its ideal (or bounds) and returns the Score.

Failures list the evidence. An undefined metric (nothing to measure) never fails. ``pytest_assertrepr_compare`` in
the plugin uses :func:`explain`, so a bare ``assert ias(conv) == 1.0`` is explained the same way.
"""

from __future__ import annotations

from typing import Protocol

from .judge._labels import LabelSet
from .metrics import PER_CONVERSATION, MetricSpec
from .models import Score, Transcript

__all__ = ["MetricAssertion", "assert_cfa", "assert_cp", "assert_cr", "assert_err", "assert_ias", "assert_rtc",
           "assert_safety_precision", "assert_sr", "assert_success", "assert_te", "assert_ues", "assert_ues_count",
           "explain"]


def explain(score: Score) -> list[str]:
    """Lines explaining a Score, for assertion messages."""
    value = f"{float(score):.3f}" if score.defined else "undefined"
    return [f"{score.metric} = {value} (ideal {score.ideal:g}); evidence:", *(f"  {line}" for line in score.evidence)]


class MetricAssertion(Protocol):
    """``assert_<metric>(conv, at_least=, at_most=, labels=)``: the Score, or an AssertionError with its evidence."""

    def __call__(self, conv: Transcript, *, at_least: float | None = None, at_most: float | None = None,
                 labels: LabelSet | None = None) -> Score: ...


def _helper(name: str) -> MetricAssertion:
    spec: MetricSpec = PER_CONVERSATION[name]

    def check(conv: Transcript, *, at_least: float | None = None, at_most: float | None = None,
              labels: LabelSet | None = None) -> Score:
        score = spec.fn(conv, labels)
        if at_least is None and at_most is None:
            at_least, at_most = (spec.ideal, None) if spec.higher_is_better else (None, spec.ideal)
        if not score.defined:
            score._judged()  # undefined for lack of labels: the trial is inconclusive, neither passed nor failed
            return score
        if (at_least is not None and score < at_least) or (at_most is not None and score > at_most):
            bound = " and ".join(b for b in (f">= {at_least:g}" if at_least is not None else "",
                                             f"<= {at_most:g}" if at_most is not None else "") if b)
            raise AssertionError("\n".join([
                f"{name} = {float(score):.3f}, required {bound} "
                f"(task {conv.task.id}, persona {conv.persona.name}, trial {conv.trial}, seed {conv.seed})",
                *explain(score)[1:],
            ]))
        return score

    check.__name__ = check.__qualname__ = f"assert_{name}"
    check.__doc__ = f"Assert {name} reaches its ideal ({spec.ideal:g}) or the given bounds; return the Score."
    return check


# one line per metric (not a loop over globals()), so type checkers see every helper
assert_success = _helper("success")
assert_cfa = _helper("cfa")
assert_te = _helper("te")
assert_ues = _helper("ues")
assert_ues_count = _helper("ues_count")
assert_err = _helper("err")
assert_rtc = _helper("rtc")
assert_ias = _helper("ias")
assert_sr = _helper("sr")
assert_safety_precision = _helper("safety_precision")
assert_cp = _helper("cp")
assert_cr = _helper("cr")
