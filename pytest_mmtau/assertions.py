"""Assertion helpers: ``assert_<metric>(conv)`` checks a metric and returns its Score; failures list evidence.

``pytest_assertrepr_compare`` in the plugin uses :func:`explain` so a bare ``assert ias(conv) == 1.0`` is explained
the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from . import metrics
from .models import Score, Transcript

__all__ = ["assert_cfa", "assert_ias", "assert_success", "assert_te", "explain"]


def _check(score: Score, at_least: float | None, at_most: float | None, conv: Transcript) -> Score:
    if at_least is None and at_most is None:
        at_least = score.ideal
    failed = (at_least is not None and not score >= at_least) or (at_most is not None and not score <= at_most)
    if failed:
        bound = " and ".join(p for p in (f">= {at_least:g}" if at_least is not None else "",
                                         f"<= {at_most:g}" if at_most is not None else "") if p)
        raise AssertionError("\n".join([
            f"{score.metric} = {float(score):.3f}, required {bound} "
            f"(task {conv.task.id}, persona {conv.persona.name}, trial {conv.trial}, seed {conv.seed})",
            *explain(score)[1:],
        ]))
    return score


def _helper(metric: Callable[[Transcript], Score], name: str) -> Callable[..., Score]:
    def check(conv: Transcript, *, at_least: float | None = None, at_most: float | None = None) -> Score:
        return _check(metric(conv), at_least, at_most, conv)

    check.__name__ = f"assert_{name}"
    check.__doc__ = (f"Assert {name} reaches its ideal (or the given bounds); return the Score. "
                     f"Raises AssertionError listing the evidence.")
    return check


assert_success = _helper(metrics.success, "success")
assert_cfa = _helper(metrics.cfa, "cfa")
assert_ias = _helper(metrics.ias, "ias")
assert_te = _helper(metrics.te, "te")


def explain(score: Score) -> list[str]:
    """Lines explaining a Score, for assertion messages."""
    return [f"{score.metric} = {float(score):.3f} (ideal {score.ideal:g}); evidence:",
            *(f"  {line}" for line in score.evidence)]
