"""The JSON report streamed trial by trial, with transcripts read back from the journal, is byte for byte the report
built as one dict; a run keeps in memory only what the aggregates read of each item."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mmtau.models import TrialResult
from pytest_mmtau.report import ItemRecord, build_report, build_summary, trial_dicts, write_atomic, write_report
from pytest_mmtau.report._journal import trials_reader


def _trial(nodeid: str, trial: int, outcome: str, modality: str = "text") -> TrialResult:
    failed = outcome != "passed"
    criterion = {"criterion": "polite", "verdict": "met" if trial else "not met", "judged_by": "llm"}
    lost = [{"turn": 3, "agent": "Could you do the thing?", "why": "no fact"}] if outcome == "failed" else []
    return TrialResult(nodeid=nodeid, test=nodeid.split("[")[0], task_id="t", domain="mock", persona="easy",
                       modality=modality, trial=trial, seed=trial, outcome=outcome, persona_exposure=1,
                       success=not failed, termination="user_stop", duration_s=1.5, retries=1,
                       metrics={"success": 0.0 if failed else 1.0, "ias": 1.0, "cfa": 0.5, "te": 2.0, "ues": 1.0,
                                "err": None},
                       judge={"labeller": "rules", "agreement": 1.0, "criteria": [criterion]},
                       agent_turns=4 + trial, usage={"calls": 3, "cost_usd": None},
                       channel={"wer": 0.1 * trial, "asr_error": bool(trial), "audio_s": 3.0} if modality == "voice"
                       else {},
                       simulator={"realiser": "scripted", "crrs": 0.8, "pas": 1.0, "bvs": None, "tra": 1.0, "dei": 1.0,
                                  "off_script": ["flag"] if trial else [], **({"misunderstood": lost} if lost else {})},
                       failure=("action",) if outcome == "failed" else (),
                       reason="no" if failed else "", detail="Traceback: boom" if failed else "",
                       transcript={"turns": [{"text": "key sk-" + "a" * 20, "index": 0}]} if failed else None)


def _items() -> list[ItemRecord]:
    return [ItemRecord(nodeid=f"t.py::test[{c}-{m}]", test="t.py::test", case_id=f"{c}-{m}", thresholds=("ias>=1",),
                       trials=(_trial(f"t.py::test[{c}-{m}]", 0, "passed", m),
                               _trial(f"t.py::test[{c}-{m}]", 1, outcome, m)))
            for c, outcome in (("b", "failed"), ("a", "passed"), ("c", "error")) for m in ("text", "voice")]


def test_streamed_report_has_the_same_bytes_as_the_whole_dict(tmp_path: Path) -> None:
    items = _items()
    journal, lines = tmp_path / "j.jsonl", {}
    with journal.open("w", encoding="utf-8") as fh:
        for item in items:
            lines[item.nodeid] = fh.tell()
            fh.write(item.to_json() + "\n")
    slim = [i.for_aggregates() for i in items]
    assert all(t.transcript is None and not t.detail and not t.usage for i in slim for t in i.trials)
    write_atomic(tmp_path / "whole.json", build_report(items, run={"seed": 1}))
    write_report(tmp_path / "streamed.json", build_summary(slim, run={"seed": 1}),
                 trial_dicts(slim, trials_reader(journal, lines)))
    whole = (tmp_path / "whole.json").read_bytes()
    assert (tmp_path / "streamed.json").read_bytes() == whole
    assert b"sk-aaaa" not in whole and all(t["transcript"] for t in json.loads(whole)["trials"]
                                          if t["outcome"] != "passed")  # scrubbed, read back


def test_a_record_kept_for_the_aggregates_gives_the_same_summary_gates_and_verdict_inputs() -> None:
    from pytest_mmtau.config import parse_thresholds
    from pytest_mmtau.report._criteria import criteria_summary
    from pytest_mmtau.report._gates import judge_group_gates

    items = _items()
    slim = [i.for_aggregates() for i in items]
    assert build_summary(slim, run={}) == build_summary(items, run={})
    assert build_summary(slim, run={})["misunderstood"] and build_summary(slim, run={})["groups"][-1]["cross_modality"]
    gates = list(parse_thresholds("test:pass^1>=0.9 session:ias>=1 session:pass^2>=1", source="test").values())
    assert [g.__dict__ for g in judge_group_gates(slim, gates)] == [g.__dict__ for g in judge_group_gates(items, gates)]
    assert criteria_summary(t for i in slim for t in i.trials) == criteria_summary(t for i in items for t in i.trials)
    assert all(t.transcript is None and not t.detail and not t.usage and set(t.judge) <= {"criteria"}
               and set(t.channel) <= {"wer", "asr_error"} and "realiser" not in t.simulator
               for i in slim for t in i.trials)  # nothing the aggregates do not read


def test_an_empty_report_streams_as_the_whole_dict(tmp_path: Path) -> None:
    write_atomic(tmp_path / "whole.json", build_report([], run={}))
    write_report(tmp_path / "streamed.json", build_summary([], run={}), trial_dicts([]))
    assert (tmp_path / "streamed.json").read_bytes() == (tmp_path / "whole.json").read_bytes()


@pytest.mark.parametrize("report", ["--mmtau-report=r.json", None])
def test_a_run_keeps_slim_records_and_its_report_keeps_the_transcripts(pytester, report: str | None) -> None:
    """With or without a JSON report (then the journal is a scratch file, removed at the end)."""
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
            session.config._slim = bool(records) and all(
                t.transcript is None and not t.detail and not t.judge and not t.simulator.get("realiser")
                and not t.duration_s for r in records for t in r.trials)
        def pytest_unconfigure(config):
            print("SLIM", getattr(config, "_slim", None))
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", *([report] if report else []), "--mmtau-html=r.html",
                                "-s")
    result.stdout.fnmatch_lines(["SLIM True"])
    html = (pytester.path / "r.html").read_text()
    assert "upgrade" in html.lower() and "transcript" in html.lower()
    if report is None:
        assert sorted(p.name for p in pytester.path.iterdir() if p.is_file()) == [
            "conftest.py", "r.html", "test_a_run_keeps_slim_records_and_its_report_keeps_the_transcripts.py"]
        return
    written = json.loads((pytester.path / "r.json").read_text())
    failing = [t for t in written["trials"] if t["outcome"] == "failed"]
    assert failing and all(t["transcript"] and t["judge"]["labeller"] == "rules" and t["duration_s"] > 0
                           and t["simulator"]["realiser"] for t in failing)
