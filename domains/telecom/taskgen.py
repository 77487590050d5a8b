"""Telecom tasks, composed from atomic subtasks.

An atomic subtask is a fault injection (state patches), its fix (reference actions of agent and user, or ``None``
when only a human can fix it) and the assertions that hold once it is fixed. Each intent lists *selection sets* of
mutually exclusive subtasks; a task picks at most one subtask from each set (at least one overall, and for
``mobile_data_issue`` and ``mms_issue`` at least one from the intent's own sets). The full space is enumerated by
:func:`iter_tasks`; :func:`sample_combinations` is the seeded sample a domain run uses by default.

Space size (see :func:`space_size`): service_issue 47 + mobile_data_issue 254 + mms_issue 1984 = 2285 tasks,
tau2-bench's full telecom set. ``splits.py`` names its subsets (tau2's splits and our default sample).

Task ids look like ``[mms_issue]airplane_mode_on|break_app_sms_permission`` (subtask names sorted). The customer of
a task is one of three invented customers, chosen by a hash of the task id, so the same id always means the same
task.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from pytest_mmtau.models import (
    Action,
    CriticalField,
    StateAssertion,
    StatePatch,
    SuccessCriteria,
    Task,
    UserFact,
    UserGoal,
)

SAMPLE_SEED = 2026
SAMPLE_PER_BIN = 2
INTENTS = ("service_issue", "mobile_data_issue", "mms_issue")
REFUEL_GB = 2.0
OVERDUE_BILL = "B9001"  # the bill a suspension for an overdue bill adds (one id for every task, as in tau2-bench)
MIN_SPEED_MBPS = 200.0  # tau2-bench's mobile-data goal: a speed test of at least 200 Mbps, rated excellent


@dataclass(frozen=True)
class Who:
    """The customer a task happens to, and the facts of their line."""

    customer_id: str
    line_id: str
    phone_number: str
    full_name: str
    date_of_birth: str
    plan_gb: float
    monthly_fee: float  # what the overdue bill of last month charges
    last_month: tuple[str, str, str]  # (period, due date, last day) of the month before today
    country: str  # where they travel in the abroad subtasks


def customers(state: Mapping[str, Any]) -> tuple[Who, ...]:
    """The three task customers, from the initial state."""
    picks = (("C1001", "L101", "Portugal"), ("C1002", "L201", "Japan"), ("C1003", "L301", "Mexico"))
    last_day = date.fromisoformat(state["carrier"]["today"]).replace(day=1) - timedelta(days=1)
    last_month = (last_day.strftime("%Y-%m"), last_day.replace(day=15).isoformat(), last_day.isoformat())
    out = []
    for customer_id, line_id, country in picks:
        customer, line = state["customers"][customer_id], state["lines"][line_id]
        plan = state["plans"][line["plan_id"]]
        out.append(Who(customer_id, line_id, line["phone_number"], customer["full_name"], customer["date_of_birth"],
                       plan["data_gb"], plan["monthly_fee"], last_month, country))
    return tuple(out)


# --------------------------------------------------------------------------------------------- atomic subtasks


def _user(tool: str) -> Action:
    return Action(tool=tool, side="user")


def _agent(tool: str, **arguments: Any) -> Action:
    return Action(tool=tool, arguments=arguments)


def _patch(path: str, value: Any) -> StatePatch:
    return StatePatch(path=path, value=value)


def _is(path: str, value: Any) -> StateAssertion:
    return StateAssertion(path=path, equals=value)


def _line(w: Who, field: str) -> str:
    return f"lines.{w.line_id}.{field}"


def _abroad(w: Who, backend: bool, phone: bool) -> list[StatePatch]:
    return [_patch("phone.location", w.country), _patch(_line(w, "roaming_enabled"), backend),
            _patch("phone.data_roaming", phone)]


def _enable_roaming(w: Who) -> Action:
    return _agent("enable_roaming", customer_id=w.customer_id, phone_number=w.phone_number)


def _suspended_for_overdue_bill(w: Who, *, contract_ended: bool) -> list[StatePatch]:
    """tau2's suspension: a new overdue bill for last month's plan fee, the line suspended (its contract ended last
    month too, for ``contract_ended``), and the phone's network search losing service."""
    period, due, last_day = w.last_month
    bill = {"bill_id": OVERDUE_BILL, "customer_id": w.customer_id, "period": period, "amount": w.monthly_fee,
            "due_date": due, "status": "overdue", "payment_requested": False}
    return [_patch(f"bills.{OVERDUE_BILL}", bill), _patch(_line(w, "status"), "suspended"),
            _patch(_line(w, "suspended_for"), "overdue_bill"),
            *([_patch(_line(w, "contract_end_date"), last_day)] if contract_ended else []),
            _patch("phone.searched_line_active", False)]


def _reset_apn() -> list[Action]:
    return [_user("reset_apn_settings"), _user("reboot_device")]  # the reset applies at the restart


@dataclass(frozen=True)
class Subtask:
    name: str
    fault: str  # what is wrong, for the task description
    setup: Callable[[Who], list[StatePatch]]
    fix: Callable[[Who], list[Action]] | None  # None: only a human agent can fix it
    check: Callable[[Who], list[StateAssertion]]
    abroad: bool = False


_SUBTASKS = (
    Subtask("airplane_mode_on", "airplane mode is on",
            lambda w: [_patch("phone.airplane_mode", True)],
            lambda w: [_user("turn_off_airplane_mode")],
            lambda w: [_is("phone.airplane_mode", False)]),
    Subtask("unseat_sim_card", "the SIM card is loose",
            lambda w: [_patch("phone.sim.seated", False)],
            lambda w: [_user("reseat_sim_card")],
            lambda w: [_is("phone.sim.seated", True)]),
    Subtask("lock_sim_card_pin", "the SIM card is PIN-locked (needs a human agent)",
            lambda w: [_patch("phone.sim.pin_locked", True)], None, lambda w: []),
    Subtask("break_apn_settings", "the APN name is wrong",
            lambda w: [_patch("phone.apn.name", "kestrel.wap")],
            lambda w: _reset_apn(),
            lambda w: [_is("phone.apn.name", "kestrel.web")]),
    Subtask("overdue_bill_suspension", "the line is suspended for an overdue bill",
            lambda w: _suspended_for_overdue_bill(w, contract_ended=False),
            lambda w: [_agent("send_payment_request", customer_id=w.customer_id, bill_id=OVERDUE_BILL),
                       _user("pay_payment_request"),
                       _agent("resume_line", customer_id=w.customer_id, phone_number=w.phone_number),
                       _user("reboot_device")],
            lambda w: [_is(f"bills.{OVERDUE_BILL}.status", "paid"), _is(_line(w, "status"), "active")]),
    Subtask("contract_end_suspension", "the line is suspended for an overdue bill and its contract ended (needs a "
                                       "human agent)",
            lambda w: _suspended_for_overdue_bill(w, contract_ended=True), None, lambda w: []),
    Subtask("user_abroad_roaming_enabled_off", "abroad with roaming enabled on the line but data roaming off",
            lambda w: _abroad(w, backend=True, phone=False),
            lambda w: [_user("turn_on_data_roaming")],
            lambda w: [_is("phone.data_roaming", True)], abroad=True),
    Subtask("user_abroad_roaming_disabled_on", "abroad with data roaming on but roaming disabled on the line",
            lambda w: _abroad(w, backend=False, phone=True),
            lambda w: [_enable_roaming(w)],
            lambda w: [_is(_line(w, "roaming_enabled"), True)], abroad=True),
    Subtask("user_abroad_roaming_disabled_off", "abroad with roaming disabled on the line and data roaming off",
            lambda w: _abroad(w, backend=False, phone=False),
            lambda w: [_enable_roaming(w), _user("turn_on_data_roaming")],
            lambda w: [_is(_line(w, "roaming_enabled"), True), _is("phone.data_roaming", True)], abroad=True),
    Subtask("data_mode_off", "mobile data is switched off",
            lambda w: [_patch("phone.mobile_data", False)],
            lambda w: [_user("turn_on_mobile_data")],
            lambda w: [_is("phone.mobile_data", True)]),
    Subtask("data_saver_mode_on", "data saver is on",
            lambda w: [_patch("phone.data_saver", True)],
            lambda w: [_user("turn_off_data_saver")],
            lambda w: [_is("phone.data_saver", False)]),
    Subtask("bad_network_preference", "the network mode is 2G only",
            lambda w: [_patch("phone.network_mode", "2g_only")],
            lambda w: [_user("set_network_mode_4g_5g")],
            lambda w: [_is("phone.network_mode", "4g_5g_preferred")]),
    Subtask("bad_vpn", "a slow far-away VPN is connected",
            lambda w: [_patch("phone.vpn", {"connected": True, "server": "relay-9.tunnelfree.example",
                                            "performance": "poor"})],
            lambda w: [_user("disconnect_vpn")],
            lambda w: [_is("phone.vpn.connected", False)]),
    Subtask("data_usage_exceeded", "the plan's data allowance is used up",
            lambda w: [_patch(_line(w, "data_used_gb"), round(w.plan_gb + 0.5, 2))],
            lambda w: [_agent("refuel_data", customer_id=w.customer_id, phone_number=w.phone_number,
                              gigabytes=REFUEL_GB)],
            lambda w: [_is(_line(w, "data_refuel_gb"), REFUEL_GB)]),
    Subtask("bad_wifi_calling", "Wi-Fi calling is on",
            lambda w: [_patch("phone.wifi_calling", True), _patch("phone.wifi_calling_mms", True)],
            lambda w: [_user("turn_off_wifi_calling")],
            lambda w: [_is("phone.wifi_calling", False)]),
    Subtask("break_apn_mms_setting", "the MMS center is missing from the APN settings",
            lambda w: [_patch("phone.apn.mmsc", "")],
            lambda w: _reset_apn(),
            lambda w: [_is("phone.apn.mmsc", "mms.kestrel.example")]),
    Subtask("break_app_sms_permission", "the messages app lacks the SMS permission",
            lambda w: [_patch("phone.apps.messages.sms", False)],
            lambda w: [_user("grant_sms_permission")],
            lambda w: [_is("phone.apps.messages.sms", True)]),
    Subtask("break_app_storage_permission", "the messages app lacks the storage permission",
            lambda w: [_patch("phone.apps.messages.storage", False)],
            lambda w: [_user("grant_storage_permission")],
            lambda w: [_is("phone.apps.messages.storage", True)]),
    Subtask("break_app_both_permissions", "the messages app lacks the SMS and storage permissions",
            lambda w: [_patch("phone.apps.messages.sms", False), _patch("phone.apps.messages.storage", False)],
            lambda w: [_user("grant_sms_permission"), _user("grant_storage_permission")],
            lambda w: [_is("phone.apps.messages.sms", True), _is("phone.apps.messages.storage", True)]),
)
SUBTASKS: Mapping[str, Subtask] = {s.name: s for s in _SUBTASKS}
_ORDER = {s.name: i for i, s in enumerate(_SUBTASKS)}  # troubleshooting order of the reference fixes

_ROAMING = ("user_abroad_roaming_enabled_off", "user_abroad_roaming_disabled_on", "user_abroad_roaming_disabled_off")
_PERMISSIONS = ("break_app_sms_permission", "break_app_storage_permission", "break_app_both_permissions")
# Each intent: its selection sets (mutually exclusive subtasks) in tau2-bench's order. A task needs at least one
# subtask from the sets after the first ``_LEADING[intent]`` ones (tau2's task validators: any subtask for service,
# one beyond airplane mode for mobile data, one from the MMS path's own four sets for MMS).
SELECTION_SETS: Mapping[str, tuple[tuple[str, ...], ...]] = {
    "service_issue": (("airplane_mode_on",), ("unseat_sim_card",), ("lock_sim_card_pin",), ("break_apn_settings",),
                      ("overdue_bill_suspension", "contract_end_suspension")),
    "mobile_data_issue": (("airplane_mode_on",), _ROAMING, ("data_mode_off",), ("data_saver_mode_on",),
                          ("bad_network_preference",), ("bad_vpn",), ("data_usage_exceeded",)),
    "mms_issue": (("airplane_mode_on",), ("unseat_sim_card",), ("data_mode_off",), ("data_usage_exceeded",), _ROAMING,
                  ("bad_network_preference",), ("bad_wifi_calling",), ("break_apn_mms_setting",), _PERMISSIONS),
}
_LEADING = {"service_issue": 0, "mobile_data_issue": 1, "mms_issue": 5}

# --------------------------------------------------------------------------------------------- the space


def combinations(intent: str | None = None, sets: Mapping[str, tuple[tuple[str, ...], ...]] = SELECTION_SETS
                 ) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every valid (intent, sorted subtask names) in tau2-bench's order: per intent, the product of the selection
    sets (each set's members, then "none"), stably sorted by the number of subtasks."""
    for name in (intent,) if intent else INTENTS:
        lead = _LEADING[name]
        valid = (pick for pick in itertools.product(*[(*s, None) for s in sets[name]])
                 if any(n is not None for n in pick[lead:]))
        yield from sorted(((name, tuple(sorted(n for n in pick if n is not None))) for pick in valid),
                          key=lambda combo: len(combo[1]))


def space_size(intent: str | None = None) -> int:
    """Number of tasks in the full space, counted without enumerating it."""
    total = 0
    for name in (intent,) if intent else INTENTS:
        sets = SELECTION_SETS[name]
        total += math.prod(len(s) + 1 for s in sets) - math.prod(len(s) + 1 for s in sets[:_LEADING[name]])
    return total


def task_id(intent: str, names: tuple[str, ...]) -> str:
    return f"[{intent}]{'|'.join(names)}"


def iter_tasks(state: Mapping[str, Any], intent: str | None = None) -> Iterator[Task]:
    """The full space of tasks, built one at a time."""
    who = customers(state)
    for name, names in combinations(intent):
        yield build_task(name, names, who)


def sample_combinations() -> list[tuple[str, tuple[str, ...]]]:
    """The default set: every single-subtask task (each atomic subtask in its own intent), plus up to
    ``SAMPLE_PER_BIN`` tasks drawn with seed ``SAMPLE_SEED`` from every (intent, number of subtasks) bin above one."""
    chosen: list[tuple[str, tuple[str, ...]]] = []
    for intent in INTENTS:
        bins: dict[int, list[tuple[str, tuple[str, ...]]]] = {}
        for combo in combinations(intent):
            bins.setdefault(len(combo[1]), []).append(combo)
        for size in sorted(bins):
            members = bins[size]
            if size == 1:
                chosen.extend(members)
            else:
                rng = random.Random(f"{SAMPLE_SEED}:{intent}:{size}")
                chosen.extend(sorted(rng.sample(members, min(SAMPLE_PER_BIN, len(members)))))
    return chosen


# --------------------------------------------------------------------------------------------- one task

_REQUESTS = {
    "service_issue": ("My phone has no service: I can't make calls or send texts.",
                      "My phone has been acting strange since this morning."),
    "mobile_data_issue": ("Mobile data on my phone isn't working properly, and I need a fast connection again.",
                          "The internet on my phone is useless right now."),
    "mms_issue": ("I can't send picture messages (MMS) from my phone.",
                  "The photos I send to my family never arrive."),
}
_GOAL_SEEN = {"service_issue": "cellular: connected", "mobile_data_issue": "rated excellent",
              "mms_issue": "mms test: sent"}
# tau2-bench's env assertions per intent: when the task is fixable (solved), and when only a human can fix it (the
# problem must still be there when the agent transfers: a resumed contract-ended line, say, fails the task).
_SOLVED: Mapping[str, tuple[StateAssertion, ...]] = {
    "service_issue": (StateAssertion(path="phone_view.network_status", equals="connected"),),
    "mobile_data_issue": (StateAssertion(path="phone_view.data_connection", equals=True),
                          StateAssertion(path="phone_view.speed_mbps", at_least=MIN_SPEED_MBPS),
                          StateAssertion(path="phone_view.speed_rating", equals="excellent")),
    "mms_issue": (StateAssertion(path="phone_view.can_send_mms", equals=True),),
}
_UNSOLVED: Mapping[str, tuple[StateAssertion, ...]] = {
    "service_issue": (StateAssertion(path="phone_view.network_status", equals="no_service"),),
    "mobile_data_issue": (StateAssertion(path="phone_view.data_connection", equals=False),),
    "mms_issue": (StateAssertion(path="phone_view.can_send_mms", equals=False),),
}


def _pick(who: tuple[Who, ...], tid: str) -> Who:
    return who[int.from_bytes(hashlib.sha256(tid.encode()).digest()[:4], "big") % len(who)]


def _facts(w: Who) -> tuple[UserFact, ...]:
    return (
        UserFact(key="phone_number", value=w.phone_number,
                 aliases=("phone number", "mobile number", "line number", "number of the line", "your number"),
                 vague=f"it's the one ending in {w.phone_number[-4:]}, I think. I never call myself"),
        UserFact(key="full_name", value=w.full_name, aliases=("full name", "your name", "name on the account")),
        UserFact(key="date_of_birth", value=w.date_of_birth, aliases=("date of birth", "birth date", "birthday")),
    )


def optimal_turns(names: tuple[str, ...], fix_steps: int) -> int:
    """Agent turns of an oracle agent that is told the phone number up front and knows every fault.

    Fixable: one turn per fix step (instructing a user action, or asking to confirm an agent write, which is then
    made at the start of the next turn), one to verify, one to close. Escalation: transfer at once after the lookup
    when the contract ended; otherwise one turn to uncover the SIM lock (check, or reseat when it is loose) and one
    to transfer.
    """
    if any(SUBTASKS[n].fix is None for n in names):
        return 1 if "contract_end_suspension" in names else 2
    return fix_steps + 2


def build_task(intent: str, names: tuple[str, ...], who: tuple[Who, ...], persona: str | None = None) -> Task:
    tid = task_id(intent, names)
    w = _pick(who, tid)
    subtasks = sorted((SUBTASKS[n] for n in names), key=lambda s: _ORDER[s.name])
    escalate = any(s.fix is None for s in subtasks)
    setup = [_patch("phone.number", w.phone_number)] + [p for s in subtasks for p in s.setup(w)]
    lookups = [_agent("get_customer_by_phone", phone_number=w.phone_number),
               _agent("get_line_details", customer_id=w.customer_id, phone_number=w.phone_number)]
    fixes = [a for s in subtasks if s.fix is not None for a in s.fix(w)]
    critical = [CriticalField(name="phone_number", tool="get_line_details", argument="phone_number",
                              expected=w.phone_number),
                CriticalField(name="customer_id", tool="get_line_details", argument="customer_id",
                              expected=w.customer_id)]
    if escalate:
        blockers = "; ".join(s.fault for s in subtasks if s.fix is None)
        reference = (*lookups, _agent("transfer_to_human", summary=f"cannot be fixed by support: {blockers}"))
        success = SuccessCriteria(state=_UNSOLVED[intent], match_reference_state=False,
                                  required_calls=(Action(tool="transfer_to_human"),))
    else:
        reference = (*lookups, *fixes)
        success = SuccessCriteria(state=(*_SOLVED[intent], *(a for s in subtasks for a in s.check(w))))
        for action in fixes:
            if action.side == "agent":
                critical += [CriticalField(name=f"{action.tool}.{arg}", tool=action.tool, argument=arg, expected=value)
                             for arg, value in action.arguments.items()]
    abroad = next((w.country for s in subtasks if s.abroad), None)
    request, vague = _REQUESTS[intent]
    if abroad:
        request, vague = f"I'm travelling in {abroad} at the moment. {request}", f"I'm in {abroad}. {vague}"
    accepts = tuple(dict.fromkeys(a.tool for a in fixes if a.side == "agent"))
    label = intent.replace("_", " ")
    description = (f"{w.full_name} ({w.customer_id}, line {w.phone_number}) reports a {label}: "
                   + "; ".join(s.fault for s in subtasks) + "."
                   + (" Only a human agent can resolve it: the agent must transfer." if escalate else ""))
    return Task(
        id=tid, description=description,
        goal=UserGoal(intent=intent, request=request, vague_request=vague, facts=_facts(w),
                      confirmed_by=(_GOAL_SEEN[intent],), accepts=accepts),
        setup=tuple(setup), reference=tuple(reference), success=success, critical_fields=tuple(critical),
        optimal_turns=optimal_turns(names, len(fixes)), escalation_expected=escalate, persona=persona,
    )
