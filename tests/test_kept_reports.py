"""What pytest keeps of every report on the xdist controller is shared between reports, and says the same."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

import pytest
from _pytest.reports import TestReport

from pytest_mmtau._kept_reports import ReportSharing


def _fresh(text: str) -> str:
    """A new string object, as execnet makes one for every field of every report."""
    return "".join(list(text))


def _report(case: str, when: str, properties: list) -> TestReport:
    nodeid = _fresh(f"test_x.py::test_full[{case}-easy-text]")
    return TestReport(nodeid=nodeid, location=(_fresh("test_x.py"), 3, _fresh(f"test_full[{case}-easy-text]")),
                      keywords={_fresh(f"test_full[{case}-easy-text]"): 1, _fresh("domain"): 1},
                      outcome=_fresh("passed"), longrepr=None, when=_fresh(when),
                      user_properties=[(_fresh(name), _fresh(value) if isinstance(value, str) else value)
                                       for name, value in properties])


def test_an_items_reports_share_what_they_repeat_and_say_the_same() -> None:
    properties = [("mmtau.trials", "3/4 passed, 0 infrastructure errors"), ("mmtau.pass^1", "0.7500"),
                  ("other", {"unhashable": [1]})]
    reports = [_report(case, when, properties if when != "setup" else [])
               for case in ("a", "b") for when in ("setup", "call", "teardown")]
    before = [copy.deepcopy(vars(r)) for r in reports]
    sharing = ReportSharing()
    for report in reports:
        sharing.share(report)
    assert [vars(r) for r in reports] == before  # field by field, the same
    setup, call, teardown, other_setup, other_call, _ = reports
    assert call.location is setup.location and teardown.location is setup.location
    assert vars(call).get("_id", call) is vars(setup).get("_id", setup)  # pytest >= 9 parses the node id
    assert sys_interned(call.when)
    assert all(a is b for a, b in zip(call.user_properties[:2], teardown.user_properties))  # the item's pairs
    assert other_call.user_properties[1] is call.user_properties[1]  # ("mmtau.pass^1", "0.7500"): any item's
    assert list(other_call.keywords)[1] is list(call.keywords)[1]  # "domain"
    assert other_setup.location is not setup.location  # another item


def sys_interned(text: str) -> bool:
    import sys

    return sys.intern(_fresh(text)) is text


@pytest.mark.slow
def test_the_xdist_controller_keeps_shared_reports_and_junit_keeps_the_properties(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks=["balance_inquiry", "cancel_subscription"])
        def test_support(simulated_user, mmtau_domain):
            simulated_user.converse_sync(mmtau_domain.agents["reference"]())
    """)
    pytester.makeconftest("""
        import pytest

        @pytest.hookimpl(trylast=True)
        def pytest_terminal_summary(terminalreporter, config):
            if not hasattr(config, "workerinput"):
                reports = [r for reps in terminalreporter.stats.values() for r in reps
                           if getattr(r, "when", None) in ("call", "teardown")]
                calls = [r for r in reports if r.when == "call"]
                shared = all(r.user_properties[0] is c.user_properties[0] and r.location is c.location
                             for c in calls for r in reports if r.when == "teardown" and r.nodeid == c.nodeid)
                print("SHARED", bool(calls) and shared)
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-n", "1", "--junitxml=j.xml", "-s")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*SHARED True*"])
    cases = ET.parse(pytester.path / "j.xml").getroot().iter("testcase")
    assert all({p.get("name") for p in case.iter("property")} >= {"mmtau.trials", "mmtau.pass^1"} for case in cases)
