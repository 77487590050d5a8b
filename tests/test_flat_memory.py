"""Flat memory: what a run holds of an item once it is done, and the domain check's transient peak.

Whether RSS stays flat over thousands of items is measured by ``benchmarks/memory.py``, never by a test (RSS is
too noisy to assert on); these tests check the mechanisms: nothing of a finished item stays in its stash, the
records and the report are collectable once the terminal summary is printed, and the domain check never builds
the JSON of every task as one string.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau import _check
from pytest_mmtau._discovery import DomainRegistry

pytest_plugins = ["pytester"]

_MOCK_TESTS = """
    import pytest

    @pytest.mark.domain("mock", tasks=["upgrade_plan", "cancel_subscription"])
    def test_agent(simulated_user, mmtau_domain):
        conv = simulated_user.converse_sync(mmtau_domain.agents["reference"]())
        assert conv.goal_achieved
"""


def test_a_finished_item_leaves_nothing_of_its_run_in_its_stash(pytester: pytest.Pytester) -> None:
    """pytest keeps every item object to the end of the run: its progress line, record and flags must not stay."""
    pytester.makepyfile(_MOCK_TESTS)
    pytester.makeconftest("""
        def pytest_sessionfinish(session):
            from pytest_mmtau import session as mmtau_session
            from pytest_mmtau._item import FINISHED
            keys = {"progress": mmtau_session.PROGRESS, "record": mmtau_session.ITEM_RECORD,
                    "unjudged": mmtau_session.ITEM_UNJUDGED, "finished": FINISHED}
            left = sorted({name for item in session.items for name, key in keys.items() if key in item.stash})
            print("LEFT", left, len(session.items))
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "-s")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*LEFT [[][]] 2"])


@pytest.mark.parametrize("report", ["--mmtau-report=r.json", None])
def test_records_and_the_report_are_collectable_once_the_summary_is_printed(pytester: pytest.Pytester,
                                                                            report: str | None) -> None:
    """After the terminal summary (before Hypothesis's plugin imports Hypothesis for its own), nothing holds the
    run's records or its summary: that memory is reused, not added to the peak. The summary and the report file
    are what they were."""
    pytester.makepyfile(_MOCK_TESTS)
    pytester.makeconftest("""
        import gc, weakref
        import pytest

        HELD = []

        def pytest_sessionfinish(session):
            from pytest_mmtau.session import state
            HELD.extend(weakref.ref(record) for record in state(session.config).items.values())

        @pytest.hookimpl(trylast=True)
        def pytest_terminal_summary(terminalreporter):
            gc.collect()
            aggregator = terminalreporter.config.pluginmanager.getplugin("mmtau-aggregator")
            print("HELD", len(HELD), sum(ref() is not None for ref in HELD), "report", aggregator._report is not None)
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", *([report] if report else []))
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*= mmtau =*", "totals: 2 items in 1 tests, 2 trials*", "HELD 2 0 report False"])
    if report is not None:
        written = json.loads((pytester.path / "r.json").read_text())
        assert len(written["trials"]) == 2 and {g["level"] for g in written["groups"]} == {"item", "test"}


def test_the_domain_fingerprint_hashes_one_task_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The digest is the one of every task's JSON as one list (so caches from before stay valid), but no string
    of all the tasks is ever made: for telecom's full split that string was a 34 MB peak at collection."""
    domain = DomainRegistry().get("retail")
    whole = json.dumps([t.model_dump(mode="json") for t in domain.tasks], sort_keys=True)
    made: list[int] = []

    class CountingJson:
        def dumps(self, value: Any, **options: Any) -> str:
            text = json.dumps(value, **options)
            made.append(len(text))
            return text

    monkeypatch.setattr(_check, "json", CountingJson())
    digest = _check.fingerprint(domain)
    monkeypatch.undo()
    assert len(domain.tasks) > 100 and max(made) < len(whole) / 10

    expected = hashlib.sha256(whole.encode())
    expected.update(json.dumps(domain.initial_state, sort_keys=True, default=str).encode())
    for spec in (*domain.tools.values(), *domain.user_tools.values()):
        expected.update(json.dumps([spec.name, spec.side, spec.parameters, spec.irreversible, list(spec.critical)],
                                   sort_keys=True, default=str).encode())
    for path in sorted(Path(domain.source).glob("*.py")):
        expected.update(path.read_bytes())
    assert digest == expected.hexdigest()


def test_the_summary_holds_each_repeated_number_once() -> None:
    """The summary keeps a group per item to the end of the run, and most of its numbers repeat from item to item
    (1.0, 0.0, a threshold's text): equal values are one object, so the groups of 2285 items add ~1 MB less to the
    peak. The values are what they were."""
    from pytest_mmtau.models import TrialResult
    from pytest_mmtau.report import ItemRecord, build_summary

    def trial(nodeid: str) -> TrialResult:
        return TrialResult(nodeid=nodeid, test="t.py::test", task_id="t", domain="mock", persona="none",
                           modality="text", trial=0, seed=0, outcome="passed", success=True,
                           metrics={"success": 1.0, "ias": 1.0, "cfa": 1.0, "te": 0.5, "ues": 0.0},
                           simulator={"realiser": "scripted", "crrs": 0.75, "pas": 1.0, "bvs": 0.5, "tra": 1.0,
                                      "dei": 1.0})

    items = [ItemRecord(nodeid=f"t.py::test[{n}]", test="t.py::test", case_id=str(n), thresholds=("pass^1>=1",),
                        trials=(trial(f"t.py::test[{n}]"),)) for n in range(50)]
    groups = [g for g in build_summary(items, run={})["groups"] if g["level"] == "item"]
    assert len(groups) == 50 and all(g["metrics"]["te"] == 0.5 and g["simulator"]["crrs"] == 0.75 for g in groups)
    for read in (lambda g: g["metrics"]["te"], lambda g: g["metrics"]["ias"], lambda g: g["simulator"]["crrs"],
                 lambda g: g["mm_tap"], lambda g: g["pass_hat_k"]["1"], lambda g: g["thresholds"][0]):
        assert len({id(read(g)) for g in groups}) == 1


def test_records_and_groups_hold_each_equal_small_dict_once() -> None:
    """A run keeps every record to its end and, at the end, a group per item: the metrics and simulator scores of
    a passing trial repeat from item to item, and are one dict each in the records and in the groups (the groups
    of 2285 telecom items: 3.2 -> 1.3 MB; the records: 6.1 -> 4.8 MB, by tracemalloc)."""
    from pytest_mmtau.report import ItemRecord, build_summary

    def record(n: int, te: float) -> ItemRecord:
        text = json.dumps({"nodeid": f"t.py::test[{n}]", "test": "t.py::test", "case_id": str(n),
                           "thresholds": ["pass^1>=1"], "gate_failures": [],
                           "trials": [{"nodeid": f"t.py::test[{n}]", "test": "t.py::test", "task_id": "t",
                                       "domain": "mock", "persona": "none", "modality": "text", "trial": 0,
                                       "seed": n, "outcome": "passed", "success": True,
                                       "metrics": {"success": 1.0, "te": te, "ues_count": 0.0},
                                       "simulator": {"crrs": 0.75, "off_script": []}}]})
        return ItemRecord.from_json(text).for_aggregates()

    same, other = [record(n, 0.5) for n in range(20)], record(20, 0.25)
    for read in (lambda r: r.trials[0].metrics, lambda r: r.trials[0].simulator):
        assert len({id(read(r)) for r in same}) == 1
    assert other.trials[0].metrics is not same[0].trials[0].metrics
    assert other.trials[0].metrics == {"success": 1.0, "te": 0.25, "ues_count": 0.0}

    groups = {g["key"]: g for g in build_summary([*same, other], run={})["groups"] if g["level"] == "item"}
    kept = [groups[r.nodeid] for r in same]
    assert len({id(g["metrics"]) for g in kept}) == 1 and len({id(g["simulator"]) for g in kept}) == 1
    assert groups[other.nodeid]["metrics"]["te"] == 0.25 and kept[0]["metrics"]["te"] == 0.5


def test_equal_values_are_shared_only_when_they_write_the_same_json() -> None:
    """1, 1.0, True and -0.0 against 0.0 are equal in Python but written differently: never swapped."""
    from pytest_mmtau.report import _SharedValues

    share = _SharedValues()
    values = [{"a": 1}, {"a": 1.0}, {"a": True}, {"a": 0.0}, {"a": -0.0}, [1], [1.0], [True], {"a": [0.0]},
              {"a": [-0.0]}, {"a": None}, {"a": "1"}]
    written = [json.dumps(v) for v in values]
    assert [json.dumps(share(v)) for v in values] == written
    assert [json.dumps(share(json.loads(text))) for text in written] == written
    assert share({"a": 1.0}) is values[1] and share([True]) is values[7]
