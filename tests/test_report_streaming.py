"""The JSON report streamed trial by trial, with transcripts read back from the journal, is byte for byte the report
built as one dict; a run keeps only slim item records in memory."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_mmtau.models import TrialResult
from pytest_mmtau.report import ItemRecord, build_report, build_summary, trial_dicts, write_atomic, write_report
from pytest_mmtau.report._journal import trials_reader


def _trial(nodeid: str, trial: int, outcome: str) -> TrialResult:
    failed = outcome != "passed"
    return TrialResult(nodeid=nodeid, test=nodeid.split("[")[0], task_id="t", persona="easy", modality="text",
                       trial=trial, seed=trial, outcome=outcome, metrics={"success": 0.0 if failed else 1.0},
                       reason="no" if failed else "", detail="Traceback: boom" if failed else "",
                       transcript={"turns": [{"text": "key sk-" + "a" * 20, "index": 0}]} if failed else None)


def _items() -> list[ItemRecord]:
    return [ItemRecord(nodeid=f"t.py::test[{c}]", test="t.py::test", case_id=c,
                       trials=(_trial(f"t.py::test[{c}]", 0, "passed"), _trial(f"t.py::test[{c}]", 1, outcome)))
            for c, outcome in (("b", "failed"), ("a", "passed"), ("c", "error"))]


def test_streamed_report_has_the_same_bytes_as_the_whole_dict(tmp_path: Path) -> None:
    items = _items()
    journal, lines = tmp_path / "j.jsonl", {}
    with journal.open("w", encoding="utf-8") as fh:
        for item in items:
            lines[item.nodeid] = fh.tell()
            fh.write(item.to_json() + "\n")
    slim = [i.without_transcripts() for i in items]
    assert all(t.transcript is None and not t.detail for i in slim for t in i.trials)
    write_atomic(tmp_path / "whole.json", build_report(items, run={"seed": 1}))
    write_report(tmp_path / "streamed.json", build_summary(slim, run={"seed": 1}),
                 trial_dicts(slim, trials_reader(journal, lines)))
    whole = (tmp_path / "whole.json").read_bytes()
    assert (tmp_path / "streamed.json").read_bytes() == whole
    assert b"sk-aaaa" not in whole and json.loads(whole)["trials"][3]["transcript"]  # scrubbed, read back


def test_an_empty_report_streams_as_the_whole_dict(tmp_path: Path) -> None:
    write_atomic(tmp_path / "whole.json", build_report([], run={}))
    write_report(tmp_path / "streamed.json", build_summary([], run={}), trial_dicts([]))
    assert (tmp_path / "streamed.json").read_bytes() == (tmp_path / "whole.json").read_bytes()


def test_a_run_keeps_slim_records_and_its_report_keeps_the_transcripts(pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="upgrade_plan")
        def test_fails(simulated_user, mmtau_domain):
            simulated_user.converse_sync(mmtau_domain.agents["reference"]())
            assert False, "always"
    """)
    pytester.makeconftest("""
        def pytest_sessionfinish(session):
            from pytest_mmtau.session import state
            records = state(session.config).items.values()
            session.config._slim = all(t.transcript is None for r in records for t in r.trials)
        def pytest_unconfigure(config):
            print("SLIM", getattr(config, "_slim", None))
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "--mmtau-report=r.json", "-s")
    result.stdout.fnmatch_lines(["SLIM True"])
    report = json.loads((pytester.path / "r.json").read_text())
    failing = [t for t in report["trials"] if t["outcome"] == "failed"]
    assert failing and all(t["transcript"] for t in failing)
