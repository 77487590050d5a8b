"""The run's journal: every finished item, appended as it finishes, so nothing computed is lost on a kill.

``<report>.items.jsonl``: the first line is a header holding the run's metadata and everything needed to judge it
again (seed, profile, gates, simulator, judge, the budget of inconclusive trials); then one line per finished item,
and one (``{"mmtau_fuzz": [...]}``) per failed Hypothesis test over mmtau's fixtures (``_fuzz``); the last line, written only when the run ends normally, records its exit status. A journal with no end line is an
interrupted run.

A new run never destroys an earlier journal: one already at that path is first moved aside to
``<report>.items.<its run id>.jsonl``, and the report tool can rebuild any of them.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from ..config import MmtauConfig, parse_thresholds
from . import FullTrials, ItemRecord

HEADER, END, FUZZ = "mmtau_journal", "mmtau_journal_end", "mmtau_fuzz"


def journal_path(report: Path) -> Path:
    return report.with_name(report.name + ".items.jsonl")


def _run_id_of(path: Path) -> str:
    try:
        with path.open(encoding="utf-8") as fh:
            first = json.loads(fh.readline() or "{}")
    except (OSError, ValueError):
        first = {}
    header = first.get(HEADER) if isinstance(first, dict) else None
    return str(header.get("run_id")) if isinstance(header, dict) and header.get("run_id") else \
        time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))


def open_journal(report: Path, config: MmtauConfig, run: dict[str, Any]) -> IO[str]:
    """Start this run's journal at ``journal_path(report)``, moving an earlier one aside, and write the header."""
    path = journal_path(report)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size:
        kept = path.with_name(f"{report.name}.items.{_run_id_of(path)}.jsonl")
        path.replace(kept if not kept.exists() else kept.with_name(f"{kept.stem}-{uuid.uuid4().hex[:6]}.jsonl"))
    handle = path.open("w", encoding="utf-8")
    header = {"run_id": time.strftime("%Y%m%d-%H%M%S") + "-" + uuid.uuid4().hex[:6], "run": run,
              "judging": {"thresholds": [str(t) for t in config.thresholds.values()],
                          "max_inconclusive_share": config.max_inconclusive_share, "seed": config.seed,
                          "profile": config.profile}}
    handle.write(json.dumps({HEADER: header}) + "\n")
    handle.flush()
    return handle


def open_scratch_journal() -> IO[str]:
    """The journal of a run that asked for no JSON report: an unnamed temporary file (removed when it is closed,
    or by the system when the run is killed), so the run keeps only slim records in memory all the same."""
    return tempfile.TemporaryFile("w+", encoding="utf-8")


def trials_reader(journal: Path | IO[str], lines: dict[str, int]) -> FullTrials:
    """An item's complete trials read back from this run's journal, a path or the scratch journal's open handle
    (``lines``: node id -> offset of its line), so the run keeps only slim records in memory; None when the item is
    not there."""
    def read(item: ItemRecord) -> list[dict[str, Any]] | None:
        offset = lines.get(item.nodeid)
        if offset is None:
            return None
        if isinstance(journal, Path):
            with journal.open("rb") as fh:
                fh.seek(offset)
                line: str | bytes = fh.readline()
        else:
            journal.seek(offset)
            line = journal.readline()
            journal.seek(0, os.SEEK_END)  # where the next line is written
        trials = json.loads(line).get("trials")
        return trials if isinstance(trials, list) else None

    return read


def fuzz_line(found: list[dict[str, Any]]) -> str:
    """The journal line of a failed Hypothesis test: what it found (``_fuzz.fuzz_failures``)."""
    return json.dumps({FUZZ: found})


def close_journal(handle: IO[str], exit_status: int, *, other_failures: int = 0) -> None:
    """The end line: the run's exit status, and how many tests that are not mmtau items failed (they fail the run,
    and only the run saw them)."""
    handle.write(json.dumps({END: {"exit_status": int(exit_status), "other_failures": other_failures}}) + "\n")
    handle.close()


@dataclass(frozen=True)
class Journal:
    """What a journal holds: the run's header (empty for journals from before headers), its items, its failed
    Hypothesis tests, and whether the run ended normally."""

    header: dict[str, Any]
    items: list[ItemRecord]
    end_status: int | None  # the run's exit status when it ended normally; None: killed before its end
    fuzz: list[dict[str, Any]] = field(default_factory=list)  # failed Hypothesis tests (``_fuzz``), in run order
    other_failures: int = 0  # failed tests that are not mmtau items (from the end line)

    @property
    def interrupted(self) -> bool:
        return self.end_status is None or self.end_status == 2  # 2: pytest's and our "interrupted"

    def config(self, **paths: Any) -> MmtauConfig:
        """The configuration the run judged with, for the rebuild (output paths from the caller)."""
        judging, run = self.header.get("judging") or {}, self.header.get("run") or {}
        thresholds = parse_thresholds(" ".join(judging.get("thresholds") or []), source="the journal's header")
        base = MmtauConfig(**paths)
        return replace(base, thresholds=thresholds, seed=int(judging.get("seed", base.seed)),
                       profile=str(judging.get("profile", base.profile)),
                       # journals from before the simulator cause named the budget max_infra_share
                       max_inconclusive_share=float(judging.get("max_inconclusive_share",
                                                                judging.get("max_infra_share",
                                                                            base.max_inconclusive_share))),
                       user_model=_model(run.get("simulator")), user_nlu_model=_nlu_model(run.get("simulator")),
                       judge_model=None if run.get("judge") in (None, "rules")
                       else str(run["judge"]), persona_exposure=int(run.get("persona_exposure", 0)),
                       exposure_model=_model(run.get("exposure_inferrer")))


def _nlu_model(described: Any) -> str | None:
    return described.partition("+nlu:")[2] or None if isinstance(described, str) else None


def _model(described: Any) -> str | None:
    return described.removeprefix("llm:") if isinstance(described, str) and described.startswith("llm:") else None


def read_journal(path: Path) -> Journal:
    """A journal's header, items, fuzz failures and end; a last line cut off mid-write (the run was killed) is
    skipped."""
    items: dict[str, ItemRecord] = {}
    fuzz: list[dict[str, Any]] = []
    header: dict[str, Any] = {}
    end_status: int | None = None
    other_failures = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            if isinstance(data, dict) and HEADER in data:
                header = data[HEADER]
                continue
            if isinstance(data, dict) and END in data:
                end_status = int((data[END] or {}).get("exit_status", 0))
                other_failures = int((data[END] or {}).get("other_failures", 0))
                continue
            if isinstance(data, dict) and FUZZ in data:
                fuzz.extend(entry for entry in data[FUZZ] if isinstance(entry, dict))
                continue
            record = ItemRecord.from_json(line)
        except (json.JSONDecodeError, KeyError, ValueError, TypeError):
            print(f"{path}:{number}: skipping an incomplete line", file=sys.stderr)
            continue
        items[record.nodeid] = record
    return Journal(header=header, items=list(items.values()), end_status=end_status, fuzz=fuzz,
                   other_failures=other_failures)
