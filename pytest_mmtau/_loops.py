"""Running an async item's trials on an event loop of the plugin's own, in a thread the harness can give up on.

Used when no async plugin (pytest-asyncio, anyio) runs the test. The loop lives in a daemon thread; the main thread
watches a heartbeat the loop sends every 0.2 s. A conversation's own deadline is enforced by the engine; what the
engine cannot stop is an agent that never gives the loop back (``while True`` inside ``async def respond``). When
the heartbeat stops for longer than any conversation may last, the harness abandons the loop: trials that finished
keep their results, the trial whose agent holds the loop fails as a timeout, and the trials it starved end as
errors (not the agent's failures). Ctrl-C in the main thread cancels the trials, then propagates.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from ._loop_resources import close_running_loop_resources
from .trials import TRIAL_TASK_PREFIX, Finished, TrialPlan, run_async_trials

_BEAT_S = 0.2


def run_on_own_loop(plan: TrialPlan, *, stall_limit_s: float) -> list[Finished]:
    """Run ``plan`` on a fresh loop in a daemon thread; give up on the loop after ``stall_limit_s`` without a
    heartbeat, or at the plan's deadline."""
    # closed like asyncio.run: leftover tasks cancelled, the default executor and async generators shut down
    runner = asyncio.Runner(loop_factory=asyncio.new_event_loop)
    loop = runner.get_loop()
    loop.set_task_factory(_named_after_trial)
    finished: dict[int, Finished] = {}
    box: dict[str, Any] = {}
    last_beat = [time.monotonic()]
    started = time.monotonic()

    def beat() -> None:
        last_beat[0] = time.monotonic()
        loop.call_later(_BEAT_S, beat)

    def main() -> None:
        asyncio.set_event_loop(loop)
        loop.call_soon(beat)
        try:
            box["result"] = runner.run(run_async_trials(plan, finished))
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            box["error"] = exc
        finally:
            try:
                runner.run(close_running_loop_resources())  # e.g. the HTTP agent's client on this loop
            finally:
                runner.close()

    thread = threading.Thread(target=main, name="mmtau-loop", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(_BEAT_S / 2)
            plan.progress.refresh()  # trials finish on the loop's thread; the terminal is written from this one
            stalled = time.monotonic() - last_beat[0]
            late = plan.deadline is not None and time.monotonic() > plan.deadline + 1.0
            if thread.is_alive() and (stalled > stall_limit_s or late):
                return _abandon(plan, loop, finished, stalled, started, deadline_passed=late)
        plan.progress.refresh()
    except BaseException:  # Ctrl-C: stop every trial, give them a moment to unwind, then propagate
        loop.call_soon_threadsafe(_cancel_all, loop)
        thread.join(2.0)
        raise
    if "error" in box:
        raise box["error"]
    return list(box["result"])


def _cancel_all(loop: asyncio.AbstractEventLoop) -> None:
    for task in asyncio.all_tasks(loop):
        task.cancel()


def _named_after_trial(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
    """Tasks a trial starts carry the trial's task name, so a stuck task can be traced to its trial."""
    parent = asyncio.current_task(loop)
    task = asyncio.Task(coro, loop=loop, **kwargs)
    if parent is not None and parent.get_name().startswith(TRIAL_TASK_PREFIX):
        task.set_name(f"{parent.get_name()}/{task.get_name()}")
    return task


def _stuck_trial(loop: asyncio.AbstractEventLoop) -> int | None:
    """The trial whose task holds the loop right now (read from another thread: a plain dict lookup)."""
    task = asyncio.current_task(loop)
    name = task.get_name() if task is not None else ""
    if not name.startswith(TRIAL_TASK_PREFIX):
        return None
    digits = name[len(TRIAL_TASK_PREFIX):].split("/", 1)[0]
    return int(digits) if digits.isdigit() else None


def _abandon(plan: TrialPlan, loop: asyncio.AbstractEventLoop, finished: dict[int, Finished], stalled: float,
             started: float, *, deadline_passed: bool) -> list[Finished]:
    stuck = _stuck_trial(loop)
    took = round(time.monotonic() - started, 6)
    results: list[Finished] = []
    for trial, seed in enumerate(plan.seeds):
        if trial in finished:
            results.append(finished[trial])
        elif deadline_passed:
            results.append(plan.cut(trial, started))
        elif trial == stuck:
            results.append(Finished(trial, seed, {}, None, took, blamed=(
                f"timeout: the agent blocked the event loop for {stalled:.1f} s without giving it back (longer "
                "than a whole conversation may last); the harness abandoned this trial. An `async def respond` "
                "must not block: use async I/O, `await asyncio.sleep`, or a sync agent (FunctionAgent runs it in "
                "a thread)")))
        else:
            who = f"trial {stuck + 1}'s agent" if stuck is not None else "an agent"
            results.append(Finished(trial, seed, {}, None, took, cut=(
                f"not run to the end: {who} blocked the shared event loop for {stalled:.1f} s and the harness "
                "abandoned it; this says nothing about this trial's conversation")))
    return results
