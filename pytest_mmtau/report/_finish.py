"""The end of a run: build the report once, judge test/domain/session gates, compare with a baseline, check the
infrastructure-error budget, and write every requested file. Returns what the terminal should show and how the
exit status must change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import MmtauConfig
from . import FullTrials, ItemRecord, build_summary, trial_dicts, write_report
from ._gates import judge_group_gates

from .._verdict import ExitStatus, Verdict, decide

INFRASTRUCTURE_EXIT = int(ExitStatus.INCONCLUSIVE)  # the run says nothing about the agent (see _verdict)


@dataclass(frozen=True, kw_only=True)
class RunOutcome:
    lines: tuple[tuple[str, bool], ...] = ()  # (text, is it bad news)
    quality_failed: bool = False  # an aggregate gate or the baseline comparison failed
    infrastructure_failed: bool = False
    usage_failed: bool = False  # the baseline could not be read or compared
    properties: dict[str, Any] = field(default_factory=dict)  # suite-level JUnit properties
    report: dict[str, Any] = field(default_factory=dict)
    verdict: Verdict = field(default_factory=lambda: decide())


def run_metadata(config: MmtauConfig, version: str) -> dict[str, Any]:
    return {"plugin_version": version, "seed": config.seed, "profile": config.profile,
            "thresholds": [str(t) for t in config.thresholds.values()],
            # what produced the verdicts; a baseline from a different simulator or judge is not comparable
            "simulator": f"llm:{config.user_model}" if config.user_model else "scripted",
            "judge": config.judge_model or "rules",
            # what the agent was told about the user when a test has no persona_exposure marker
            "persona_exposure": config.persona_exposure,
            "exposure_inferrer": f"llm:{config.exposure_model}" if config.exposure_model else "heuristic"}


def _unjudged(item: ItemRecord) -> bool:
    return any("cannot be judged" in line or "nothing was scored" in line for line in item.gate_failures)


def finish(items: list[ItemRecord], config: MmtauConfig, version: str, *, usage: tuple[str, ...] = (),
           interrupted: str = "", other_failures: int = 0, full_trials: FullTrials | None = None) -> RunOutcome:
    """``usage``: usage errors met during the run; ``interrupted``: why the run was cut short, if it was;
    ``other_failures``: failed tests that are not mmtau items (they fail the run as they would without us);
    ``full_trials``: an item's complete trials when its record in memory was slimmed (read back from the journal).

    The JSON report's trials are streamed to the file one at a time; the report returned (and given to the HTML
    and Markdown renderers and the baseline comparison) holds ``"trials"`` only when one of those needs them."""
    report = build_summary(items, run=run_metadata(config, version))
    if config.baseline is not None or config.html is not None or config.markdown is not None:
        report["trials"] = list(trial_dicts(items, _failing_only(full_trials)))
    lines: list[tuple[str, bool]] = []
    failures = judge_group_gates(items, list(config.thresholds.values()))
    report["gate_failures"] = [failure.__dict__ for failure in failures]
    for failure in failures:
        lines.extend((line, True) for line in failure.lines())
    quality_failed = bool(failures)

    trials = [t for i in items for t in i.trials]
    errors = sum(t.outcome == "error" for t in trials)
    share = errors / len(trials) if trials else 0.0
    infrastructure_failed = share > config.max_infra_share
    if errors:
        lines.append((f"infrastructure: {errors} of {len(trials)} trials ({share:.0%}) hit infrastructure errors "
                      f"(excluded from pass^k; limit {config.max_infra_share:.0%})", infrastructure_failed))
    if infrastructure_failed:
        lines.append(("infrastructure: too many infrastructure errors; this run says nothing about the agent",
                      True))

    usage_failed = False
    if config.baseline is not None:
        from ..errors import UsageError
        from ._baseline import compare, load_report

        try:
            comparison = compare(load_report(config.baseline), report, margin=config.baseline_margin,
                                 alpha=config.baseline_alpha, seed=config.seed)
        except UsageError as exc:
            lines.append((f"baseline comparison not done: {exc}", True))
            usage_failed = True
        else:
            report["baseline"] = comparison.as_dict(str(config.baseline))
            lines.extend((line, comparison.verdict != "PASS") for line in comparison.lines())
            quality_failed |= comparison.verdict == "FAIL"

    failed_items = [i for i in items if i.gate_failures and not _unjudged(i)]
    unjudged = [i for i in items if _unjudged(i)]
    gates = [f"{len(failed_items)} of {len(items)} items failed their gates"] if failed_items else []
    gates += [line for line, bad in lines if bad and not line.startswith("infrastructure")] if quality_failed else []
    gates += [f"{other_failures} other tests failed"] if other_failures else []
    inconclusive = [f"{len(unjudged)} items could not be judged (infrastructure errors)"] if unjudged else []
    inconclusive += [f"{share:.0%} of trials hit infrastructure errors (limit {config.max_infra_share:.0%})"] \
        if infrastructure_failed else []
    baseline_usage = [line for line, _ in lines if line.startswith("baseline comparison not done")]
    verdict = decide(usage=[*usage, *baseline_usage], interrupted=interrupted, gates_failed=gates,
                     inconclusive=inconclusive)
    report["verdict"] = {**verdict.as_dict(), "items": len(items), "trials": len(trials)}
    lines.append((f"verdict: {verdict.headline}", verdict.exit_status != 0))
    if config.report is not None:
        write_report(config.report, report, report["trials"] if report["trials"] is not None
                     else trial_dicts(items, full_trials))
    if report["trials"] is None:
        del report["trials"]  # streamed to the file, never held
    if config.html is not None:
        from ._html import render_html

        _write_text(config.html, render_html(report, base_dir=config.html.parent))
    if config.markdown is not None:
        from ._markdown import render_markdown

        _write_text(config.markdown, render_markdown(report), append=True)
    test_groups = [g for g in report["groups"] if g["level"] == "test"]
    properties = {f"mmtau.{g['test']}.pass^{k}": f"{v:.4f}" for g in test_groups for k, v in g["pass_hat_k"].items()}
    properties["mmtau.trials"] = str(len(trials))
    properties["mmtau.infrastructure_errors"] = str(errors)
    properties["mmtau.verdict"] = verdict.kind
    return RunOutcome(lines=tuple(lines), quality_failed=quality_failed, infrastructure_failed=infrastructure_failed,
                      usage_failed=usage_failed, properties=properties, report=report, verdict=verdict)


def _failing_only(full_trials: FullTrials | None) -> FullTrials | None:
    """Complete trials read back only for items with a trial that did not pass: the renderers show the transcripts
    of those alone, so passing items stay as slim as they are in memory."""
    if full_trials is None:
        return None
    return lambda item: full_trials(item) if any(t.outcome != "passed" for t in item.trials) else None


def _write_text(path: Path, text: str, *, append: bool = False) -> None:
    """HTML is replaced atomically; Markdown is appended (a CI step summary file is shared)."""
    from .._secrets import scrub

    path.parent.mkdir(parents=True, exist_ok=True)
    if append:
        with path.open("a", encoding="utf-8") as fh:
            fh.write(scrub(text))
        return
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(scrub(text), encoding="utf-8")
    tmp.replace(path)
