"""Gates above the item: per test function, per domain, and for the whole session.

Values are aggregated the same way at every level: pass^k is the mean over the level's items that have at least
k scored trials; a metric is the mean over the level's scored trials where it is defined. A failing gate names the
group, the value and the requirement, and lists the failing trials behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..config import Threshold
from ..metrics import mean_pass_hat_k
from . import ItemRecord, metric_means

_SHOWN_TRIALS = 5


@dataclass(frozen=True, kw_only=True)
class GroupGateFailure:
    scope: str
    group: str
    gate: str
    observed: float | None
    trials: tuple[str, ...]  # "nodeid trial i/n: reason" of the group's failing trials, the first few

    def lines(self) -> list[str]:
        seen = "not measurable" if self.observed is None else f"{self.observed:.3f}"
        out = [f"{self.scope} {self.group}: {self.gate} not met (observed {seen})"]
        out.extend(f"    {t}" for t in self.trials)
        return out


def _groups(items: Sequence[ItemRecord], scope: str) -> dict[str, list[ItemRecord]]:
    groups: dict[str, list[ItemRecord]] = {}
    for item in items:
        if scope == "session":
            key = "all"
        elif scope == "test":
            key = item.test
        else:
            key = next((t.domain for t in item.trials if t.domain), "(no domain)")
        groups.setdefault(key, []).append(item)
    return groups


def _observed(items: Sequence[ItemRecord], gate: Threshold) -> float | None:
    if gate.k is not None:
        return mean_pass_hat_k((i.scored for i in items), gate.k)
    return metric_means(t for i in items for t in i.trials).get(gate.metric)


def _failing_trials(items: Sequence[ItemRecord]) -> tuple[str, ...]:
    failed = [(i, t) for i in items for t in i.trials if t.outcome == "failed"]
    shown = [f"{i.nodeid} trial {t.trial + 1}/{len(i.trials)}: {t.reason}" for i, t in failed[:_SHOWN_TRIALS]]
    if len(failed) > _SHOWN_TRIALS:
        shown.append(f"... and {len(failed) - _SHOWN_TRIALS} more failing trials")
    return tuple(shown)


def judge_group_gates(items: Sequence[ItemRecord], gates: Sequence[Threshold]) -> list[GroupGateFailure]:
    """Check every test/domain/session gate; a pass^k gate deeper than any group's trials cannot be met."""
    failures: list[GroupGateFailure] = []
    for gate in gates:
        if gate.scope == "item":
            continue
        for group, members in sorted(_groups(items, gate.scope).items()):
            observed = _observed(members, gate)
            conversed = any(t.termination for i in members for t in i.trials)
            if observed is None and gate.k is None and conversed:
                continue  # the metric was undefined in every conversation (err without errors): nothing failed
            if observed is None or not gate.holds(observed):
                failures.append(GroupGateFailure(scope=gate.scope, group=group, gate=str(gate), observed=observed,
                                                 trials=_failing_trials(members)))
    return failures
