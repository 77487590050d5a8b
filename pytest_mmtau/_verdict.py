"""The run's verdict and its exit status, decided once and written to every report.

| exit | verdict | meaning |
|---|---|---|
| 0 | ``passed`` | every gate held |
| 1 | ``gates_failed`` | the agent did not meet the bar (an item, test, domain or session gate, or the baseline) |
| 2 | ``interrupted`` | the run was cut short (Ctrl-C, a crash of the test code); partial reports say so |
| 4 | ``usage_error`` | the setup is wrong: a marker, ini key, option, domain or cassette, a missing optional package |
| 5 | (pytest) | no tests were collected |
| 75 | ``inconclusive`` | too much of the run could not be judged (inconclusive trials past ``--mmtau-max-inconclusive``, or an item none of whose trials could be judged): it says nothing about the agent; rerun, or fix the simulator's understanding. 75 is sysexits' EX_TEMPFAIL, a code pytest never returns |

A trial is inconclusive for one of two causes: ``infrastructure`` (a provider or endpoint fault after retries, a trial
the harness cut; outcome ``error``) or ``simulator`` (it failed after the simulated user did not understand the
agent; outcome ``inconclusive``). Neither enters pass^k; both count towards the share.

pytest's own 3 stays its INTERNALERROR: a crash never reads as "the infrastructure failed". When several apply, the
first of usage error, interrupted, gates failed, inconclusive wins: a gate that failed on scored trials is evidence
of a regression even when other items could not be judged (trials without a verdict never count against a gate).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any


class ExitStatus(IntEnum):
    PASSED = 0
    GATES_FAILED = 1
    INTERRUPTED = 2
    USAGE_ERROR = 4
    NO_TESTS = 5
    INCONCLUSIVE = 75


KINDS = {ExitStatus.PASSED: "passed", ExitStatus.GATES_FAILED: "gates_failed",
         ExitStatus.INTERRUPTED: "interrupted", ExitStatus.USAGE_ERROR: "usage_error",
         ExitStatus.INCONCLUSIVE: "inconclusive"}
_HEADLINES = {"passed": "passed: every gate held", "gates_failed": "gates failed: the agent did not meet the bar",
              "interrupted": "interrupted: the run was cut short; these results are partial",
              "usage_error": "usage error: the test setup is wrong; nothing here judges the agent",
              "inconclusive": "inconclusive: this run says nothing about the agent"}


@dataclass(frozen=True, kw_only=True)
class Verdict:
    kind: str
    exit_status: int
    reasons: tuple[str, ...] = ()

    @property
    def headline(self) -> str:
        return f"{_HEADLINES[self.kind]} (exit status {self.exit_status})"

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "exit_status": self.exit_status, "reasons": list(self.reasons),
                "headline": self.headline}


def inconclusive_causes(infrastructure: int, simulator: int) -> str:
    """``2 infrastructure errors, 1 where the simulated user did not understand the agent`` (the causes seen)."""
    parts = [f"{infrastructure} infrastructure error{'s' if infrastructure != 1 else ''}"] if infrastructure else []
    parts += [f"{simulator} where the simulated user did not understand the agent"] if simulator else []
    return ", ".join(parts)


def decide(*, usage: list[str] | tuple[str, ...] = (), interrupted: str = "",
           inconclusive: list[str] | tuple[str, ...] = (),
           gates_failed: list[str] | tuple[str, ...] = ()) -> Verdict:
    """The run's one verdict from what went wrong, in order of precedence."""
    for status, reasons in ((ExitStatus.USAGE_ERROR, tuple(usage)),
                            (ExitStatus.INTERRUPTED, (interrupted,) if interrupted else ()),
                            (ExitStatus.GATES_FAILED, tuple(gates_failed)),
                            (ExitStatus.INCONCLUSIVE, tuple(inconclusive))):
        if reasons:
            return Verdict(kind=KINDS[status], exit_status=int(status), reasons=reasons)
    return Verdict(kind="passed", exit_status=0)
