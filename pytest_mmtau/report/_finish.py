"""The end of a run: build the report once, judge test/domain/session gates, compare with a baseline, check the
share of inconclusive trials (infrastructure and simulator), and write every requested file. Returns what the
terminal should show and how the exit status must change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import MmtauConfig
from . import FullTrials, ItemRecord, build_summary, scrubbed, trial_dicts, write_report
from ._gates import judge_group_gates

from .._verdict import ExitStatus, Verdict, decide, inconclusive_causes

INFRASTRUCTURE_EXIT = int(ExitStatus.INCONCLUSIVE)  # the run says nothing about the agent (see _verdict)


@dataclass(frozen=True, kw_only=True)
class RunOutcome:
    quality_failed: bool = False  # an aggregate gate or the baseline comparison failed
    inconclusive_failed: bool = False  # too many trials were inconclusive (either cause)
    usage_failed: bool = False  # the baseline could not be read or compared
    report: dict[str, Any] = field(default_factory=dict)  # everything the terminal, JUnit and the files show
    verdict: Verdict = field(default_factory=lambda: decide())


def run_metadata(config: MmtauConfig, version: str) -> dict[str, Any]:
    return {"plugin_version": version, "seed": config.seed, "profile": config.profile,
            "thresholds": [str(t) for t in config.thresholds.values()],
            # what produced the verdicts; a baseline from a different simulator or judge is not comparable
            "simulator": f"llm:{config.user_model}" if config.user_model else
            f"scripted+nlu:{config.user_nlu_model}" if config.user_nlu_model else "scripted",
            "judge": config.judge_model or "rules",
            # what the agent was told about the user when a test has no persona_exposure marker
            "persona_exposure": config.persona_exposure,
            "exposure_inferrer": f"llm:{config.exposure_model}" if config.exposure_model else "heuristic"}


def _unjudged(item: ItemRecord) -> bool:
    return any("cannot be judged" in line or "nothing was scored" in line for line in item.gate_failures)


def finish(items: list[ItemRecord], config: MmtauConfig, version: str, *, usage: tuple[str, ...] = (),
           interrupted: str = "", other_failures: int = 0, full_trials: FullTrials | None = None,
           fuzz: Sequence[dict[str, Any]] = ()) -> RunOutcome:
    """``usage``: usage errors met during the run; ``interrupted``: why the run was cut short, if it was;
    ``other_failures``: failed tests that are not mmtau items (they fail the run as they would without us);
    ``full_trials``: an item's complete trials when its record in memory was reduced (read back from the journal);
    ``fuzz``: failed Hypothesis tests over mmtau's fixtures (``_fuzz``).

    The JSON report's trials are streamed to the file one at a time; the report returned (and given to the HTML
    and Markdown renderers and the baseline comparison) holds ``"trials"`` only when one of those needs them. The
    terminal summary reads only what the report holds without them."""
    report = build_summary(items, run=run_metadata(config, version))
    if config.baseline is not None or config.html is not None or config.markdown is not None:
        report["trials"] = list(trial_dicts(items, full_trials))
    failures = judge_group_gates(items, list(config.thresholds.values()))
    report["gate_failures"] = [failure.__dict__ for failure in failures]
    quality_failed = bool(failures)
    report["fuzz_failures"] = list(fuzz)
    from ._criteria import criteria_summary

    asked = criteria_summary(t for i in items for t in i.trials)
    if asked is not None:  # criteria skipped without a judge model are counted, never hidden
        report["criteria"] = asked

    trials = [t for i in items for t in i.trials]
    errors, lost = sum(t.outcome == "error" for t in trials), sum(t.outcome == "inconclusive" for t in trials)
    share, limit = (errors + lost) / len(trials) if trials else 0.0, config.max_inconclusive_share
    too_many = share > limit
    causes = inconclusive_causes(errors, lost)
    report["inconclusive"] = {"trials": errors + lost, "infrastructure": errors, "simulator": lost,
                              "total": len(trials), "share": share, "limit": limit, "exceeded": too_many}

    baseline_usage: list[str] = []
    if config.baseline is not None:
        from ..errors import UsageError
        from ._baseline import compare, load_report

        try:
            comparison = compare(load_report(config.baseline), report, margin=config.baseline_margin,
                                 alpha=config.baseline_alpha, seed=config.seed)
        except UsageError as exc:
            baseline_usage.append(f"baseline comparison not done: {exc}")
        else:
            report["baseline"] = comparison.as_dict(str(config.baseline))
            quality_failed |= comparison.verdict == "FAIL"

    failed_items = [i for i in items if i.gate_failures and not _unjudged(i)]
    unjudged = [i for i in items if _unjudged(i)]
    gates = [f"{len(failed_items)} of {len(items)} items failed their gates"] if failed_items else []
    gates += [line for failure in failures for line in failure.lines()[:1]]
    if report.get("baseline", {}).get("verdict") == "FAIL":
        gates.append("the baseline comparison found a significant drop")
    gates += [f"{other_failures} other tests failed"] if other_failures else []
    unjudged_causes = inconclusive_causes(sum(i.errors for i in unjudged), sum(i.inconclusive for i in unjudged))
    inconclusive = [f"{len(unjudged)} items could not be judged ({unjudged_causes or 'infrastructure errors'})"
                    ] if unjudged else []
    inconclusive += [f"{share:.0%} of trials were inconclusive ({causes}; limit {limit:.0%})"] if too_many else []
    if inconclusive:  # what to do about it, by cause
        inconclusive += ["infrastructure: rerun once the provider or endpoint is back"] if errors else []
        inconclusive += ["simulator: the turns it did not understand are listed above; give the task the fact or an "
                         "alias for how the agent asks for it, or try --mmtau-user-nlu-model"] if lost else []
    verdict = decide(usage=[*usage, *baseline_usage], interrupted=interrupted, gates_failed=gates,
                     inconclusive=inconclusive)
    report["verdict"] = {**verdict.as_dict(), "items": len(items), "trials": len(trials)}
    if config.report is not None:
        write_report(config.report, report, report["trials"] if report["trials"] is not None
                     else trial_dicts(items, full_trials))
    if report["trials"] is None:
        del report["trials"]  # streamed to the file, never held
    if config.html is not None or config.markdown is not None:
        report = scrubbed(report)  # once for both renderers (the JSON file was scrubbed piece by piece)
    if config.html is not None:
        from ._html import render_html

        _write_text(config.html, render_html(report, base_dir=config.html.parent))
    if config.markdown is not None:
        from ._markdown import render_markdown

        _write_text(config.markdown, render_markdown(report), append=True)
    return RunOutcome(quality_failed=quality_failed, inconclusive_failed=too_many,
                      usage_failed=bool(baseline_usage), report=report, verdict=verdict)


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
