"""Live per-trial progress: drawn on an interactive terminal (a pseudo-terminal here), erased before pytest writes the
item's result, and absent when the output is not a terminal."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys

import pytest

SUITE = """
import asyncio
import pytest

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(3)
def test_sync(simulated_user, mmtau_domain):
    assert simulated_user.converse_sync(mmtau_domain.agents["reference"]()).goal_achieved

@pytest.mark.domain("mock", tasks="upgrade_plan")
@pytest.mark.trials(4)
async def test_async(simulated_user, mmtau_domain):
    await simulated_user.converse(mmtau_domain.agents["reference"]())
    await asyncio.sleep(0.2 * simulated_user.trial)  # trials end one by one
    assert simulated_user.trial % 2 == 0, "every other trial fails"
"""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PY_COLORS", "FORCE_COLOR", "PYTEST_ADDOPTS")}
    return env | {"TERM": "xterm", "COLUMNS": "160"}


def _run_in_terminal(pytester: pytest.Pytester, *args: str) -> str:
    """pytest in a subprocess whose stdout and stderr are a pseudo-terminal; everything it wrote, raw."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", *args],
                            cwd=pytester.path, stdin=subprocess.DEVNULL, stdout=follower, stderr=follower,
                            env=_env())
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 120)
        if not ready:
            proc.kill()
            raise AssertionError("pytest wrote nothing for 120 s")
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def _screen(raw: str) -> list[str]:
    """What a terminal shows after ``raw``: backspace moves the cursor left, characters overwrite, CR returns."""
    import re

    raw = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", raw)  # colours
    lines, line, col = [], [], 0
    for char in raw:
        if char == "\n":
            lines.append("".join(line).rstrip())
            line, col = [], 0
        elif char == "\r":
            col = 0
        elif char == "\b":
            col = max(0, col - 1)
        else:
            line[col:col + 1] = [char] if col < len(line) else [*([" "] * (col - len(line))), char]
            col += 1
    return [*lines, "".join(line).rstrip()]


def test_progress_is_drawn_on_a_terminal_and_leaves_nothing_behind(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SUITE)
    raw = _run_in_terminal(pytester, "-q")
    # sync items report from the thread pool, async ones from the plugin's own loop thread
    for status in ("[mmtau 0/3 trials: 0 passed]", "[mmtau 1/3 trials: 1 passed]", "[mmtau 3/3 trials: 3 passed]",
                   "[mmtau 0/4 trials: 0 passed]", "[mmtau 2/4 trials: 1 passed, 1 failed]",
                   "[mmtau 4/4 trials: 2 passed, 2 failed]"):
        assert status in raw, raw
    screen = _screen(raw)
    assert not any("[mmtau" in line for line in screen), screen  # erased before pytest wrote the results
    assert any(line.startswith(".F") for line in screen), screen  # pytest's own progress, intact


def test_no_progress_when_the_output_is_not_a_terminal(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SUITE)
    forced = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--color=yes", "-q"],
                            cwd=pytester.path, capture_output=True, text=True, env=_env(), timeout=300, check=False)
    assert "[mmtau" not in forced.stdout and "\b" not in forced.stdout  # colour forced into a pipe: still nothing
    assert "\x1b[" in forced.stdout  # (colour was on)
    for args in (["-s"], ["-o", "log_cli=true"], ["-p", "xdist", "-n", "1"]):
        raw = _run_in_terminal(pytester, "-q", *args)  # a terminal, but where a status would garble the output
        assert "[mmtau" not in raw, (args, raw)
