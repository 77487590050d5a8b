"""Aggregation of trial results into groups, and the versioned JSON report every other report is rendered from.

Items travel to the controller (or stay in-process) as :class:`ItemRecord`; groups are computed here: one per item
(task × persona × modality) and one per test function (pass^k averaged over its items).
"""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .._misunderstood import quoted
from .._secrets import scrub
from ..config import METRIC_NAMES
from ..metrics import failure_breakdown, mean_pass_hat_k, mm_tap, pass_hat_k
from ..models import TRIAL_RESULT, TrialResult
from ..voice import _cross as cross

REPORT_SCHEMA_VERSION = 1


def metric_means(trials: Iterable[TrialResult]) -> dict[str, float]:
    """Mean of each metric over scored trials where it is defined; metrics defined nowhere are left out."""
    scored = [t for t in trials if t.scored]
    out: dict[str, float] = {}
    for name in METRIC_NAMES:
        values = [v for t in scored if (v := t.metrics.get(name)) is not None]
        if values:
            out[name] = sum(values) / len(values)
    return out


SIMULATOR_SCORES = ("crrs", "pas", "bvs", "tra", "dei", "bvs_observed")
CRRS_TERMS = ("pas", "bvs", "tra", "dei")


def simulator_summary(trials: Iterable[TrialResult]) -> dict[str, Any] | None:
    """Simulator quality over scored trials whose conversation was measured: the mean of each score where it is
    defined (None if defined nowhere), how many trials were measured, and in how many the simulated user went off
    script and in how many it did not understand the agent (a ``simulator_misunderstood`` event, whatever the
    trial's outcome). None when no trial was measured."""
    measured = [t for t in trials if t.outcome != "error" and "crrs" in t.simulator]
    if not measured:
        return None
    out: dict[str, Any] = {}
    for name in SIMULATOR_SCORES:
        values = [float(v) for t in measured if isinstance(v := t.simulator.get(name), (int, float))]
        out[name] = sum(values) / len(values) if values else None
    out["trials"] = len(measured)
    out["off_script"] = sum(bool(t.simulator.get("off_script")) for t in measured)
    out["misunderstood"] = sum(bool(t.simulator.get("misunderstood")) for t in measured)
    return out


def failures(trials: Iterable[TrialResult]) -> dict[str, int] | None:
    """ECom-Bench's breakdown of the failed trials (action / search / output / other); None when none failed."""
    breakdown = failure_breakdown(t.failure or ("other",) for t in trials if t.outcome == "failed")
    return breakdown if breakdown["failed"] else None


class _SharedValues:
    """Equal values as one object each: a run keeps every item's record and, at its end, a summary group per item,
    and most of their values repeat (1.0, 0.0, "passed", "pass^1>=1", a passing trial's metrics); as new objects
    they were a third of the summary's size. Numbers, short strings, and small dicts and lists made of those are
    shared, compared with their types (1, 1.0 and True stay apart). Dicts and lists are changed in place and may
    come back as an equal one seen before: give only ones nobody else holds, and never change what comes back."""

    _LIMIT = 65536  # distinct values kept at most: a run has far fewer
    _SMALL = 32  # entries of a dict or list worth sharing
    _SHORT = 64  # characters of a string worth sharing

    def __init__(self) -> None:
        self._seen: dict[Any, Any] = {}

    def __call__(self, value: Any) -> Any:
        return self._share(value)[0]

    def _share(self, value: Any) -> tuple[Any, Any]:
        """The value to keep and what stands for it in a container's key (its type and content, or for a shared
        container its identity: shared ones live as long as the table); None when it is not shared."""
        kind = type(value)
        if kind is float and _negative_zero(value):
            return value, None  # equals 0.0, but is written "-0.0"
        if kind in (float, int, bool, type(None)) or kind is str and len(value) <= self._SHORT:
            return self._shared((kind, value), value)
        if kind is dict and len(value) <= self._SMALL:
            parts = []
            for name, inner in value.items():
                value[name], part = self._share(inner)
                parts.append((name, part))
            return self._shared((dict, tuple(parts)), value) if None not in (p for _, p in parts) else (value, None)
        if kind is list and len(value) <= self._SMALL:
            shared = [self._share(inner) for inner in value]
            value[:] = [inner for inner, _ in shared]
            parts = [part for _, part in shared]
            return self._shared((list, tuple(parts)), value) if None not in parts else (value, None)
        if kind in (dict, list):  # too big to be worth a key: its parts may still be shared
            for index, inner in (value.items() if kind is dict else enumerate(value)):
                value[index] = self(inner)
        return value, None

    def _shared(self, key: tuple[Any, Any], value: Any) -> tuple[Any, Any]:
        found = self._seen.get(key, self)
        if found is self:
            if len(self._seen) >= self._LIMIT:
                return value, None
            self._seen[key] = found = value
        return found, key if key[0] not in (dict, list) else (key[0], id(found))


def _negative_zero(value: float) -> bool:
    return value == 0 and math.copysign(1.0, value) < 0


# the values of the records a run keeps (one table for the process: its size is bounded)
_RECORD_VALUES = _SharedValues()


@dataclass(frozen=True, kw_only=True, slots=True, weakref_slot=True)  # slots: a run keeps one per item
class ItemRecord:
    nodeid: str
    test: str
    case_id: str
    trials: tuple[TrialResult, ...]
    thresholds: tuple[str, ...] = ()
    gate_failures: tuple[str, ...] = ()

    @property
    def scored(self) -> list[bool]:
        return [t.outcome == "passed" for t in self.trials if t.scored]

    @property
    def errors(self) -> int:
        """Trials inconclusive because of the infrastructure."""
        return sum(t.outcome == "error" for t in self.trials)

    @property
    def inconclusive(self) -> int:
        """Trials inconclusive because the simulated user did not understand the agent."""
        return sum(t.outcome == "inconclusive" for t in self.trials)

    def pass_hat(self) -> dict[int, float]:
        s = self.scored
        return {k: pass_hat_k(s, k) for k in range(1, len(s) + 1)}

    def metric_means(self) -> dict[str, float]:
        return metric_means(self.trials)

    def to_json(self) -> str:
        return scrub(json.dumps({"nodeid": self.nodeid, "test": self.test, "case_id": self.case_id,
                           "thresholds": list(self.thresholds), "gate_failures": list(self.gate_failures),
                           "trials": [TRIAL_RESULT.dump_python(t, mode="json") for t in self.trials]}))

    def for_aggregates(self) -> ItemRecord:
        """The record as a run keeps it in memory once it is in the journal: only what the summary, the gates and
        the verdict read, its repeated strings shared. The reports read every trial back from the journal."""
        # the node id interned: the xdist controller interns the one of every report it keeps (_kept_reports)
        nodeid, test = sys.intern(self.nodeid), sys.intern(self.test)
        return replace(self, nodeid=nodeid, test=test, case_id=sys.intern(self.case_id),
                       thresholds=tuple(sys.intern(t) for t in self.thresholds),
                       trials=tuple(_for_aggregates(t, nodeid, test) for t in self.trials))

    @classmethod
    def from_json(cls, text: str) -> ItemRecord:
        raw = json.loads(text)
        return cls(nodeid=raw["nodeid"], test=raw["test"], case_id=raw["case_id"],
                   thresholds=tuple(raw["thresholds"]), gate_failures=tuple(raw["gate_failures"]),
                   trials=tuple(TRIAL_RESULT.validate_python(t) for t in raw["trials"]))


_SIMULATOR_KEPT = frozenset({*SIMULATOR_SCORES, "off_script", "misunderstood"})
_CHANNEL_KEPT = ("wer", "asr_error")  # voice/_cross


def _for_aggregates(trial: TrialResult, nodeid: str, test: str) -> TrialResult:
    """A trial reduced to what ``build_summary``, ``judge_group_gates``, ``criteria_summary``, the voice comparison
    (``_cross``) and the verdict read: no transcript, traceback, usage, timing or seed, a reason only where a trial
    did not pass, the judge's criteria only."""
    criteria = trial.judge.get("criteria")
    return TrialResult(
        nodeid=nodeid, test=test, task_id=sys.intern(trial.task_id), domain=sys.intern(trial.domain),
        persona=sys.intern(trial.persona), modality=sys.intern(trial.modality), trial=trial.trial, seed=0,
        outcome=_RECORD_VALUES(trial.outcome), persona_exposure=trial.persona_exposure, success=trial.success,
        reason=trial.reason if trial.outcome != "passed" else "",
        termination=sys.intern(trial.termination) if trial.termination is not None else None,
        metrics=_RECORD_VALUES({sys.intern(k): v for k, v in trial.metrics.items() if v is not None}),  # None: absent
        judge=_RECORD_VALUES({"criteria": criteria} if criteria is not None else {}),
        agent_turns=trial.agent_turns,
        channel=_RECORD_VALUES({k: trial.channel[k] for k in _CHANNEL_KEPT if k in trial.channel}),
        failure=tuple(sys.intern(f) for f in trial.failure),
        simulator=_RECORD_VALUES({sys.intern(k): v for k, v in trial.simulator.items() if k in _SIMULATOR_KEPT}))


@dataclass(frozen=True, kw_only=True)
class FunctionGroup:
    test: str
    items: tuple[ItemRecord, ...] = field(default_factory=tuple)

    def pass_hat(self) -> dict[int, float]:
        depth = max((len(i.scored) for i in self.items), default=0)
        curve = {k: mean_pass_hat_k((i.scored for i in self.items), k) for k in range(1, depth + 1)}
        return {k: v for k, v in curve.items() if v is not None}


def group_by_test(items: Iterable[ItemRecord]) -> list[FunctionGroup]:
    by_test: dict[str, list[ItemRecord]] = {}
    for item in sorted(items, key=lambda i: i.nodeid):
        by_test.setdefault(item.test, []).append(item)
    return [FunctionGroup(test=t, items=tuple(v)) for t, v in by_test.items()]


# --------------------------------------------------------------------------------------------- JSON


def _mm_tap(means: dict[str, float], pass1: float | None,
            voice: dict[str, float | None] | None = None) -> float | None:
    """mm-tap from group means; the voice terms (MRS, ARGA, TO) come from cross-modality pairs when there are any."""
    if pass1 is None or any(name not in means for name in ("cfa", "te", "ues", "ias")):
        return None
    voice = voice or {}
    score = mm_tap(cfa=means["cfa"], pass1=pass1, te=means["te"], ues=means["ues"], ias=means["ias"],
                   err=means.get("err"), mrs=voice.get("mrs"), arga=voice.get("arga"), to=voice.get("to"))
    return float(score) if score.defined else None


FullTrials = Callable[[ItemRecord], "list[dict[str, Any]] | None"]


def trial_dicts(items: Iterable[ItemRecord], full: FullTrials | None = None) -> Iterator[dict[str, Any]]:
    """Every trial as the JSON report holds it, in node-id order, one at a time; ``full`` gives an item's complete
    trials when the record in memory was reduced (``ItemRecord.for_aggregates``)."""
    for item in sorted(items, key=lambda i: i.nodeid):
        found = full(item) if full is not None else None
        yield from found if found is not None else (TRIAL_RESULT.dump_python(t, mode="json") for t in item.trials)


def build_report(items: Sequence[ItemRecord], *, run: dict[str, Any]) -> dict[str, Any]:
    """The whole report as one dict (every trial materialised); a run writes it with ``build_summary`` and
    ``write_report`` instead, streaming the trials."""
    report = build_summary(items, run=run)
    report["trials"] = list(trial_dicts(items))
    return report


def build_summary(items: Sequence[ItemRecord], *, run: dict[str, Any]) -> dict[str, Any]:
    """The report without its trials: ``"trials"`` is a placeholder (None) that keeps the key's place."""
    groups: list[dict[str, Any]] = []
    shared = _SharedValues()
    for group in group_by_test(items):
        for item in group.items:
            means = item.metric_means()
            mine = cross.for_item(item, group.items)  # voice items: MRS, TO, ARGA against the text twin
            groups.append(shared({"level": "item", "key": item.nodeid, "test": item.test, "case": item.case_id,
                           "persona_exposure": item.trials[0].persona_exposure if item.trials else None,
                           "trials": len(item.trials), "passed": sum(item.scored), "errors": item.errors,
                           "inconclusive": item.inconclusive,
                           "pass_hat_k": {str(k): v for k, v in item.pass_hat().items()},
                           "metrics": means,
                           "mm_tap": _mm_tap(means, item.pass_hat().get(1), cross.terms([mine] if mine else [])),
                           "thresholds": list(item.thresholds), "gate_failures": list(item.gate_failures),
                           **({"cross_modality": mine.as_dict()} if mine else {}),
                           **_failures_entry(item.trials), **_simulator_entry(item.trials),
                           **_first_failure_entry(item.trials)}))
        curve, pooled = group.pass_hat(), metric_means(t for i in group.items for t in i.trials)
        across = [cross.compare(group.items, m) for m in cross.modalities(group.items)]
        groups.append({"level": "test", "key": group.test, "test": group.test, "items": len(group.items),
                       "trials": sum(len(i.trials) for i in group.items),
                       "errors": sum(i.errors for i in group.items),
                       "inconclusive": sum(i.inconclusive for i in group.items),
                       "pass_hat_k": {str(k): v for k, v in curve.items()},
                       "metrics": pooled, "mm_tap": _mm_tap(pooled, curve.get(1), cross.terms(across)),
                       **({"cross_modality": [r.as_dict() for r in across]} if across else {}),
                       **_failures_entry(t for i in group.items for t in i.trials),
                       **_simulator_entry(t for i in group.items for t in i.trials)})
    return {"schema_version": REPORT_SCHEMA_VERSION, "run": run, "trials": None, "groups": groups,
            **_simulator_entry(t for i in items for t in i.trials), **_misunderstood_entry(items)}


def _misunderstood_entry(items: Sequence[ItemRecord]) -> dict[str, Any]:
    """Every trial whose simulated user did not understand the agent, with the turns (``_misunderstood``): the
    terminal and the renderers list them without reading the trials."""
    found = [{"nodeid": item.nodeid, "trial": t.trial, "of": len(item.trials), "outcome": t.outcome,
              "turns": [e.get("turn") for e in t.simulator["misunderstood"]],
              "first": quoted(t.simulator["misunderstood"][0])}
             for item in sorted(items, key=lambda i: i.nodeid) for t in item.trials if t.simulator.get("misunderstood")]
    return {"misunderstood": found} if found else {}


def _failures_entry(trials: Iterable[TrialResult]) -> dict[str, Any]:
    breakdown = failures(trials)
    return {"failures": breakdown} if breakdown is not None else {}


def _first_failure_entry(trials: Iterable[TrialResult]) -> dict[str, Any]:
    """The reason of an item's first failed trial: the terminal names it without reading the trials."""
    failed = next((t for t in trials if t.outcome == "failed"), None)
    return {"first_failure": failed.reason} if failed is not None else {}


def _simulator_entry(trials: Iterable[TrialResult]) -> dict[str, Any]:
    summary = simulator_summary(trials)
    return {"simulator": summary} if summary is not None else {}


class Scrubbed(dict[str, Any]):
    """A report whose every string has had its secrets masked: writers and renderers need not scan it again (a
    scan of a large report takes seconds)."""


def scrubbed(report: Mapping[str, Any]) -> Scrubbed:
    """``report`` with secrets masked, once."""
    return report if isinstance(report, Scrubbed) else Scrubbed(json.loads(scrub(json.dumps(report, default=str))))


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write JSON so readers never see a half-written file: temp file in the same folder, then rename."""
    _atomic(path, lambda fh: fh.write(scrub(json.dumps(data, indent=2)) + "\n"))


def write_report(path: Path, report: dict[str, Any], trials: Iterable[dict[str, Any]]) -> None:
    """``report`` (from ``build_summary``) written atomically with ``trials`` streamed in at its ``"trials"`` key,
    each piece (a trial, a group) scrubbed on its own: the same bytes as ``write_atomic`` of the whole dict, without
    ever holding every trial, or the whole text, in memory."""
    def write(fh: Any) -> None:
        fh.write("{")
        for number, (key, value) in enumerate(report.items()):
            fh.write(("," if number else "") + "\n  " + json.dumps(key) + ": ")
            if key == "trials" and value is None:
                _write_list(fh, trials)
            elif isinstance(value, list):  # the groups: one per item, never one string of them all
                _write_list(fh, value)
            else:
                fh.write(scrub(_indented(json.dumps(value, indent=2), 2)))
        fh.write("\n}\n" if report else "}\n")

    _atomic(path, write)


def _write_list(fh: Any, values: Iterable[Any]) -> None:
    empty = True
    for value in values:
        fh.write(("[" if empty else ",") + "\n    " + scrub(_indented(json.dumps(value, indent=2), 4)))
        empty = False
    fh.write("[]" if empty else "\n  ]")


def _indented(text: str, spaces: int) -> str:
    return text.replace("\n", "\n" + " " * spaces)  # JSON strings hold no raw newline: only structure moves


def _atomic(path: Path, write: Callable[[Any], Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.chmod(tmp, 0o644)  # mkstemp makes it private; a report is meant to be read
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


__all__ = ["ItemRecord", "Scrubbed", "build_report", "build_summary", "scrubbed", "trial_dicts", "write_atomic",
           "write_report"]
