"""Assertion helpers: ``assert_<metric>(conv)`` checks a metric against its ideal (or bounds) and returns the Score.

Failures list the evidence. An undefined metric (nothing to measure) never fails. ``pytest_assertrepr_compare`` in
the plugin uses :func:`explain`, so a bare ``assert ias(conv) == 1.0`` is explained the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from .judge._labels import LabelSet
from .metrics import PER_CONVERSATION, MetricSpec
from .models import Score, Transcript

__all__ = ["explain"] + [f"assert_{name}" for name in PER_CONVERSATION]


def explain(score: Score) -> list[str]:
    """Lines explaining a Score, for assertion messages."""
    value = f"{float(score):.3f}" if score.defined else "undefined"
    return [f"{score.metric} = {value} (ideal {score.ideal:g}); evidence:", *(f"  {line}" for line in score.evidence)]


def _helper(name: str, spec: MetricSpec) -> Callable[..., Score]:
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


for _name, _spec in PER_CONVERSATION.items():
    globals()[f"assert_{_name}"] = _helper(_name, _spec)
