"""Running one mmtau test item: its trials, their results, its gates, and the record that reaches the report."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest

from . import metrics
from ._display import bounded, printable
from ._misunderstood import misunderstandings
from ._secrets import scrub
from .config import item_settings
from .errors import UsageError
from .markers import CASE_ARG, Case, parse_trials
from .models import TrialResult, Transcript
from .record import trial_usage
from .report import ItemRecord
from ._progress import item_progress
from .report._junit import testcase_properties
from .session import ITEM_RECORD, ITEM_UNJUDGED, PROGRESS, state
from .simulator_metrics import off_script_sentence, simulator_quality
from .trials import (Finished, Retry, TrialOutcome, TrialPlan, judge_gates, outcome_of, run_async_trials,
                     run_sync_trials)
from .user import derive_seed, simulator_of
from .voice._summary import summarise



def _for_report(conv: Transcript) -> dict[str, Any]:
    """The transcript as the report embeds it: everything but the final state, which can be a whole database
    (the success checks already name the state that differs), each turn's text bounded (scrubbed first: to_json)."""
    data = json.loads(conv.to_json())
    data.pop("final_state", None)
    for turn in data.get("turns") or ():
        for key in ("text", "heard"):
            if isinstance(turn.get(key), str):
                turn[key] = bounded(turn[key])
    for key in ("termination_detail", "agent_error"):
        if isinstance(data.get(key), str):
            data[key] = bounded(data[key])
    return data  # type: ignore[no-any-return]


def _result(item: pytest.Function, case: Case | None, outcome: TrialOutcome) -> TrialResult:
    last = outcome.transcripts[-1] if outcome.transcripts else None
    scores: dict[str, float | None] = {name: None for name in metrics.PER_CONVERSATION}
    judged: dict[str, Any] = {"labeller": "rules"}
    if last is not None:
        report = next((r for j in outcome.judges if (r := j.cached(last)) is not None), None)
        if report is not None:  # the test's own judge (maybe an LLM) already labelled this conversation
            scores.update(report.metrics())
            judged = {"labeller": report.labels.labeller, "agreement": report.labels.agreement,
                      "unscored_turns": list(report.labels.unscored), **report.labels.meta}
        else:
            scores.update({name: (float(s) if s.defined else None) for name, s in metrics.score_all(last).items()})
    criteria = [v for j in outcome.judges for r in getattr(j, "criteria_reports", ()) for v in r.as_dicts()]
    if criteria:  # plain-language criteria: judged, inconclusive, or skipped without a judge model (never hidden)
        judged["criteria"] = criteria
    return TrialResult(
        nodeid=item.nodeid, test=item.nodeid.split("[")[0],
        task_id=case.task_id if case else "", domain=case.domain if case else "",
        persona=case.persona if case else "",
        modality=case.modality if case else "", trial=outcome.trial, seed=outcome.seed, outcome=outcome.outcome,
        persona_exposure=last.persona_exposure if last is not None else _exposure(item, case),
        success=outcome.outcome == "passed",
        reason=bounded(scrub(outcome.reason), limit=2_000), termination=last.termination.value if last else None,
        metrics=scores, judge=judged, duration_s=outcome.duration_s, detail=bounded(scrub(outcome.detail)),
        retries=outcome.retries,
        agent_turns=len(last.agent_turns) if last is not None else None,
        channel=summarise(last) if last is not None else {},
        transcript=_for_report(last) if last is not None and outcome.outcome != "passed" else None,
        failure=metrics.failure_dimensions(last) if outcome.outcome == "failed" else (),
        usage=trial_usage(item.nodeid, outcome.trial),
        simulator=_simulator(last, outcome.transcripts),
    )


def _simulator(conv: Transcript | None, transcripts: tuple[Transcript, ...] = ()) -> dict[str, Any]:
    """Who wrote the user's messages and how well it played its part (``simulator_metrics``: PAS, BVS, TRA, DEI,
    CRRS, off-script flags), and every turn of the trial's conversations it did not understand (``misunderstood``,
    from ``_misunderstood``). Simulator quality is a diagnosis, so a user role whose records it cannot read never
    fails the trial: the problem is recorded instead."""
    if conv is None:
        return {}
    try:
        quality = simulator_quality(conv).as_dict()
    except Exception as exc:  # noqa: BLE001 - a custom user role's odd user_state
        quality = {"quality_error": f"{type(exc).__name__}: {exc}"}
    lost = [{**event, "agent": bounded(event["agent"])} for event in misunderstandings(transcripts or (conv,))]
    return {**simulator_of(conv), **quality, **({"misunderstood": lost} if lost else {})}


def _exposure(item: pytest.Function, case: Case | None) -> int:
    """The item's persona exposure when no conversation ran (marker, else the run's default)."""
    default = state(item.config).config.persona_exposure
    return default if case is None else case.exposure_or(default)


ITEM_DEADLINE = pytest.StashKey[tuple[float, str]]()  # (monotonic deadline, why) set by an item time limit
FINISHED = pytest.StashKey[list[Finished]]()  # the item's trials as they ended, waiting to be judged


def _case_of(item: pytest.Function) -> Case | None:
    callspec = getattr(item, "callspec", None)
    return callspec.params.get(CASE_ARG) if callspec is not None else None


def _settings(item: pytest.Function) -> Any:
    marker = parse_trials(item.get_closest_marker("trials"))
    return item_settings(state(item.config).config, marker.n, marker.pass_hat_k, marker.thresholds)


def plan_for(item: pytest.Function, body: Callable[..., Any], kwargs: Mapping[str, Any]) -> TrialPlan:
    """How ``item``'s trials run: the test's own body and arguments, a seed per trial, concurrency, retries and
    the item's time limit (pytest-timeout's, when set)."""
    run, case, settings = state(item.config), _case_of(item), _settings(item)
    # a voice item's trials get its text twin's seeds, and every persona-exposure level the seeds of the item
    # without the marker, so the simulated user makes the same choices in each and comparisons across modalities
    # (MRS, TO) and exposure levels compare like with like
    twin = item.nodeid if case is None else \
        item.nodeid.replace(case.id, replace(case, modality="text", persona_exposure=None).id)
    seeds = [derive_seed(run.config.seed, twin, t) for t in range(settings.trials)]
    deadline, why = item.stash.get(ITEM_DEADLINE, (None, ""))
    item.stash[PROGRESS] = progress = item_progress(item.config, settings.trials)
    return TrialPlan(fn=body, kwargs=dict(kwargs), seeds=seeds, concurrency=run.config.concurrency,
                     retry=Retry(attempts=run.config.infra_retries, backoff_s=run.config.infra_backoff_s),
                     deadline=deadline, progress=progress, **({"deadline_reason": why} if why else {}))


def finish_item(item: pytest.Function, finished: list[Finished]) -> None:
    """Score the finished trials, put the item's record on its report, and fail it when a gate fails."""
    case, settings = _case_of(item), _settings(item)
    outcomes = [outcome_of(done) for done in finished]
    results = tuple(_result(item, case, o) for o in outcomes)
    for result in results:
        item.config.hook.pytest_mmtau_trial_finished(item=item, result=result)
    record = ItemRecord(nodeid=item.nodeid, test=item.nodeid.split("[")[0], case_id=case.id if case else item.name,
                        trials=results, thresholds=tuple(str(t) for t in settings.thresholds))
    _warn_about_the_agent(item, outcomes)
    gate = judge_gates(record, settings.thresholds)
    # the whole record travels on the item's report (to the xdist controller too), not in JUnit; JUnit gets a few
    # readable properties
    item.stash[ITEM_RECORD] = replace(record, gate_failures=gate.lines).to_json()
    item.stash[ITEM_UNJUDGED] = gate.infrastructure
    item.user_properties.extend(testcase_properties(record, gate.lines))
    if not gate.passed:
        pytest.fail(_failure_message(item, outcomes, gate.lines, settings.trials, results), pytrace=False)


def _failure_message(item: pytest.Function, outcomes: list[TrialOutcome], problems: tuple[str, ...],
                     n: int, results: tuple[TrialResult, ...] = ()) -> str:
    lines = [f"mmtau gate failed: {'; '.join(problems)}"]
    passed = sum(o.outcome == "passed" for o in outcomes)
    errors = sum(o.outcome == "error" for o in outcomes)
    lost = sum(o.outcome == "inconclusive" for o in outcomes)
    lines.append(f"{n} trials: {passed} passed, {n - passed - errors - lost} failed, {errors} infrastructure errors"
                 + (f", {lost} inconclusive (simulator: the simulated user did not understand the agent)"
                    if lost else ""))
    off_script = {r.trial: off_script_sentence(r.simulator.get("off_script") or ()) for r in results}
    for o in outcomes:
        if o.outcome == "passed":
            continue
        conv = o.transcripts[-1] if o.transcripts else None
        where = f" [{conv.termination.value}: {conv.termination_detail}]" if conv else ""
        verdict = "INCONCLUSIVE (simulator)" if o.outcome == "inconclusive" else o.outcome.upper()
        lines.append(f"--- trial {o.trial + 1}/{n} (seed {o.seed}) {verdict}: {o.reason}{where}")
        if o.outcome == "failed" and off_script.get(o.trial):
            lines.append(f"    note: {off_script[o.trial]}")
        lines.extend("    " + line for line in o.detail.splitlines()[-12:])
    lines.append(f"reproduce: pytest '{item.nodeid}' --mmtau-trials={n} "
                 f"--mmtau-seed={state(item.config).config.seed}")
    # scrubbed, then made safe for a terminal: the agent's words are in there
    return printable(bounded(scrub("\n".join(lines)), limit=8 * 1024))


class AgentWarning(UserWarning):
    """Something the harness noticed about how the agent runs (e.g. it blocks the event loop)."""


def _warn_about_the_agent(item: pytest.Function, outcomes: list[TrialOutcome]) -> None:
    """One pytest warning per item for what the engine noticed (shown in pytest's warnings summary)."""
    seen = [(o.trial, w) for o in outcomes for t in o.transcripts for w in t.warnings]
    if seen:
        trial, first = seen[0]
        more = f" (and {len(seen) - 1} more in this item's trials)" if len(seen) > 1 else ""
        item.warn(AgentWarning(f"trial {trial + 1}: {first}{more}"))


def install_body(item: pytest.Function) -> None:
    """Replace the item's test function by one that runs all its trials, so whoever runs the test runs them all:
    pytest for a sync test; for an async test pytest-asyncio or anyio on the loop of the test's async fixtures,
    or, when no async plugin takes it, the plugin itself (``run_own_loop``). The finished trials wait in the
    item's stash until ``finish_item`` judges them on the main thread."""
    original = item.obj

    async def mmtau_async_trials(**kwargs: Any) -> None:
        _require_asyncio(item)
        item.stash[FINISHED] = await run_async_trials(plan_for(item, original, kwargs))

    def mmtau_sync_trials(**kwargs: Any) -> None:
        item.stash[FINISHED] = run_sync_trials(plan_for(item, original, kwargs))

    body: Any = mmtau_async_trials if inspect.iscoroutinefunction(original) else mmtau_sync_trials
    body.mmtau_original = original
    item.obj = body


def run_own_loop(item: pytest.Function, kwargs: Mapping[str, Any]) -> None:
    """Run an async item's trials on a loop of the plugin's own (no async plugin took the test)."""
    from ._loops import run_on_own_loop

    limits = state(item.config).config.limits
    plan = plan_for(item, item.obj.mmtau_original, kwargs)
    # a loop that gives no sign of life for longer than a whole conversation may take is stuck in an agent
    item.stash[FINISHED] = run_on_own_loop(plan, stall_limit_s=limits.timeout_s * 1.5 + 2.0)


def _require_asyncio(item: pytest.Function) -> None:
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        raise UsageError(f"{item.nodeid}: pytest-mmtau runs trials on asyncio, but this test runs on another "
                         "event loop (anyio's trio backend?); give mmtau tests the asyncio backend, e.g. "
                         "@pytest.mark.parametrize('anyio_backend', ['asyncio'])") from None
