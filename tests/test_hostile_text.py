"""Hostile and huge agent text is safe to show: no control or bidi characters reach the terminal or Markdown, and
turn text in every report is bounded (with a note of what was cut)."""

from __future__ import annotations

import json

import pytest

from pytest_mmtau._display import TURN_LIMIT, bounded, printable

HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b]8;;https://evil.test\x1b\\click\x1b]8;;\x1b\\\x00\u202eoot\u2066"


def test_printable_neutralises_every_control_and_bidi_character() -> None:
    out = printable(HOSTILE + "\nline two\tcol")
    assert not any(ord(c) < 32 and c not in "\n\t" for c in out)
    assert "\u202e" not in out and "\u2066" not in out and "\x7f" not in printable("a\x7fb")
    assert "\\x1b]0;pwned" in out and out.endswith("\nline two\tcol")


def test_bounded_says_what_was_cut() -> None:
    assert bounded("x" * 10, limit=20) == "x" * 10
    assert bounded("x" * 30, limit=20).endswith("[10 more characters cut from the report]")


SUITE = """
import pytest
from pytest_mmtau import FunctionAgent

HOSTILE = {hostile!r}

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(2)
def test_support(simulated_user):
    conv = simulated_user.converse_sync(FunctionAgent(lambda r: HOSTILE + "x" * {size} + " Goodbye."))
    assert conv.goal_achieved, HOSTILE
"""


def test_a_hostile_huge_agent_reaches_no_terminal_or_report_raw(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SUITE.format(hostile=HOSTILE, size=1_000_000))
    result = pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-report=r.json", "--mmtau-markdown=r.md",
                                           "--mmtau-html=r.html", "--junitxml=j.xml")
    assert result.ret == 1
    terminal = result.stdout.str()
    assert "\x1b]0;pwned" not in terminal and "\u202e" not in terminal and "\x00" not in terminal
    markdown = (pytester.path / "r.md").read_text()
    assert "\x1b" not in markdown and "\x00" not in markdown and "\u202e" not in markdown
    report = json.loads((pytester.path / "r.json").read_text())
    texts = [t["text"] for trial in report["trials"] for t in (trial["transcript"] or {}).get("turns", [])
             if t["role"] == "agent"]
    assert texts and all(len(t) <= TURN_LIMIT + 100 and "characters cut from the report" in t for t in texts)
    for name in ("r.json", "r.html", "j.xml"):
        assert (pytester.path / name).stat().st_size < 2_000_000, name  # 1 MB per turn, 2 trials: bounded
