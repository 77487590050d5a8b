"""The simulated user's deterministic state tracker: what it has disclosed, what it was asked, which goal
milestones the agent has reported done. How the user reads an agent message is ``pytest_mmtau.understanding``."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..models import UserFact, UserGoal
from ..understanding import Reading, mentions, milestone_reports, normalise, reports_done_as_approved

__all__ = ["Reading", "StateTracker", "fact_name", "said_of"]


def fact_name(fact: UserFact) -> str:
    return fact.key.replace("_", " ")


# a fact that counts something, named by its unit in the plural ("months", "guests", "nights")
_COUNT_KEY = re.compile(r"[a-z]+[^s_]s")
# a value written as a program's enumeration member ("moving_away", "not_recognised")
_ENUM_VALUE = re.compile(r"[a-z]+(?:_[a-z]+)+")


def said_of(fact: UserFact, value: str | None = None) -> str:
    """How a person states a fact, lower-case, without a full stop: "my email is …", and "2 months" for a count
    named by its unit ("my months is 2" is no English), an enumeration member in words ("moving away")."""
    value = fact.value if value is None else value
    if _COUNT_KEY.fullmatch(fact.key) and value.isdigit():
        return f"{value} {fact.key[:-1] if value == '1' else fact.key}"
    if _ENUM_VALUE.fullmatch(value):
        value = value.replace("_", " ")
    return f"my {fact_name(fact)} is {value}"


@dataclass
class StateTracker:
    """Goal progress as the user can observe it; it never reads the backend, only what it was told or saw."""

    goal: UserGoal
    disclosed: dict[str, str] = field(default_factory=dict)  # fact key -> "exact" | "vague"
    asked: Counter[str] = field(default_factory=Counter)
    confirmed: list[bool] = field(default_factory=list)
    user_turns: int = 0
    idle_turns: int = 0  # agent turns that brought the user no closer to the goal: what patience is spent on
    _last_tools: tuple[str, ...] = ()
    _last_said: str = ""
    _approved: dict[str, object] = field(default_factory=dict)  # the values of the goal's action the user said yes to

    def __post_init__(self) -> None:
        self.confirmed = [False] * len(self.goal.confirmed_by)

    def observe(self, text: str, *, tool_result: bool = False, plan: bool = False) -> int:
        """Mark goal milestones that this agent message (or the result of one of the user's own tools) reports as
        done; returns how many were newly marked. Questions, options offered, what would or could happen and a
        ``plan`` the message asks the user to approve don't count (``understanding.milestone_reports``)."""
        newly = 0
        for i, alternatives in enumerate(self.goal.confirmed_by):
            if self.confirmed[i]:
                continue
            said = any(mentions(text, alt) for alt in alternatives.split("|")) if tool_result else \
                milestone_reports(text, alternatives.split("|"), plan=plan)
            if said:
                self.confirmed[i] = True
                newly += 1
        # a goal of one milestone: the approved change reported done in the agent's own words (with several, the
        # report may be of another request's change: "A104 is now on Basic" says nothing of the internet)
        if self.confirmed == [False] and self._approved and not tool_result and not plan \
                and reports_done_as_approved(text, self._approved):
            self.confirmed[0] = True
            newly += 1
        return newly

    def approve(self, action: str | None, values: Mapping[str, object] | None) -> None:
        """The user said yes to the goal's ``action`` with ``values`` (its critical arguments as stated)."""
        if action in self.goal.accepts and values:
            self._approved = dict(values)

    def weigh_progress(self, text: str, reading: Reading, *, milestones: int, order_changed: bool = False) -> None:
        """Spend patience only on agent turns that move nothing forward. A long but productive conversation (a
        seven-fault phone repair) never exhausts a patient user; an agent that repeats itself, reads a value back
        wrong, asks again for what it was told, or asks nothing new does. Progress: a milestone reached, a new
        step to do on the device, a confirmation to give, a fact not yet given; for an order, a line the agent took
        down (``order_changed``) or a question about one."""
        said = normalise(text)
        progressed = said != self._last_said and not reading.misread and (
            milestones > 0 or reading.confirmation or bool(reading.tools and reading.tools != self._last_tools)
            or any(self.disclosed.get(f.key) != "exact" for f in reading.asked)
            or order_changed or (bool(self.goal.order) and (reading.choice or bool(reading.order_lines))))
        self._last_tools, self._last_said = reading.tools, said
        self.idle_turns += 0 if progressed else 1

    @property
    def goal_confirmed(self) -> bool:
        return all(self.confirmed)

    def undisclosed(self) -> list[UserFact]:
        return [f for f in self.goal.facts if self.disclosed.get(f.key) != "exact"]

    def snapshot(self) -> dict[str, object]:
        """The tracker as recorded in ``Turn.user_state["tracker"]`` (JSON-ready, a copy)."""
        return {"disclosed": dict(self.disclosed), "asked": dict(self.asked), "confirmed": sum(self.confirmed),
                "milestones": len(self.confirmed), "goal_confirmed": self.goal_confirmed,
                "idle_turns": self.idle_turns}
