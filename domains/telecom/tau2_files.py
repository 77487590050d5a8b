"""tau2-bench's telecom task files, run as they are: ``@pytest.mark.domain("telecom", tasks_file=PATH, split=NAME)``.

PATH is a tau2-format ``tasks.json`` (or ``.json.gz``): a tau2-bench checkout's ``data/tau2/domains/telecom/``, or
the copy a package ships. Beside it must be tau2's agent-side database, ``db.toml`` (its customers, lines, plans,
bills and devices become this domain's, keyed by their tau2 ids); splits come from ``split_tasks.json``. The phone
is this domain's (tau2's default phone works too: every setting fine). The date is tau2-bench's, 2025-02-25.

Each task is translated and verified as tau2-bench verifies its own (the fix solves it, no proper prefix of the fix
does); a task that cannot run here is a UsageError naming the file, the task id and the field:

- ``initial_state.initialization_actions``: tau2's fault injectors and tools, run on a fresh state; the difference
  they make becomes the task's ``setup``.
- ``evaluation_criteria.actions``: mapped onto this domain's tools (a line id becomes its phone number, a toggle the
  switch that flips it) and replayed as the ``reference``; with ``ACTION`` in the reward basis each must be called.
- ``evaluation_criteria.env_assertions``: mapped onto state assertions (``ENV_ASSERTION``).
- ``reward_basis``: ``ENV_ASSERTION`` → those assertions, ``ACTION`` → required calls, ``DB`` → the end state must
  equal the reference's, ``COMMUNICATE`` → words the agent must say; ``NL_ASSERTION`` needs tau2's LLM judge and is
  refused.
- the user: the intent from the id (or the assertions), the phone number and name from ``set_user_info``, the
  persona from the id's ``[PERSONA:...]``; tau2's free-text instructions are not read (see docs/tau2.md).
"""

from __future__ import annotations

import copy
import functools
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from pytest_mmtau._task_files import read_json
from pytest_mmtau.domain import TaskFile, ToolError, _diff_paths, get_path, import_file
from pytest_mmtau.errors import UsageError
from pytest_mmtau.models import (Action, CriticalField, StateAssertion, StatePatch, SuccessCriteria, Task, UserFact,
                                 UserGoal)

_HERE = Path(__file__).resolve().parent
_PREFIX = __name__.rsplit("__", 1)[0]  # siblings as tools.py loaded them
agent_tools = import_file(_HERE / "agent_tools.py", f"{_PREFIX}__agent_tools")
phone = import_file(_HERE / "phone.py", f"{_PREFIX}__phone")
taskgen = import_file(_HERE / "taskgen.py", f"{_PREFIX}__taskgen")

TAU2_TODAY = "2025-02-25"  # tau2-bench's telecom clock
ABROAD = "France"  # where tau2's travelling customers are
_APP = {"messaging": "messages"}  # tau2's app names → this phone's
_PERSONAS = {"None": "none", "Easy": "easy", "Hard": "hard"}
_BASIS = ("DB", "ENV_ASSERTION", "ACTION", "COMMUNICATE", "NL_ASSERTION")


class _Broken(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field, message


@functools.cache
def _tools() -> dict[str, Callable[..., Any]]:
    return {name: fn for module in (agent_tools, phone) for name, fn in vars(module).items()
            if callable(fn) and hasattr(fn, "__mmtau_tool__")}


# --------------------------------------------------------------------------------------------- the world


def _world(path: Path, state: dict[str, Any]) -> dict[str, Any]:
    """tau2's agent-side database in this domain's schema, with this domain's phone and tau2's date."""
    db_file = path.with_name("db.toml")
    if not db_file.is_file():
        raise UsageError(f"{path}: tau2-bench tasks run on tau2's telecom database, db.toml beside the tasks file, "
                         f"and there is none at {db_file}")
    try:
        db = tomllib.loads(db_file.read_text(encoding="utf-8"))
        owner = {line: c["customer_id"] for c in db["customers"] for line in c.get("line_ids", [])}
        today, cycle_end = _tau2_dates()
        world = {
            "carrier": {**state["carrier"], "today": today, "cycle_end": cycle_end},
            "plans": {p["plan_id"]: {"plan_id": p["plan_id"], "name": p["name"], "data_gb": float(p["data_limit_gb"]),
                                     "monthly_fee": float(p["price_per_month"]),
                                     "refuel_price_per_gb": float(p["data_refueling_price_per_gb"])}
                      for p in db["plans"]},
            "customers": {c["customer_id"]: {"customer_id": c["customer_id"], "full_name": c["full_name"],
                                             "date_of_birth": c["date_of_birth"], "email": c.get("email", ""),
                                             "account_status": str(c.get("account_status", "")).lower()}
                          for c in db["customers"]},
            "lines": {ln["line_id"]: {"line_id": ln["line_id"], "customer_id": owner.get(ln["line_id"]),
                                      "phone_number": ln["phone_number"], "plan_id": ln["plan_id"],
                                      "device_id": ln.get("device_id"), "status": _snake(ln.get("status", "")),
                                      "suspended_for": None, "roaming_enabled": bool(ln.get("roaming_enabled")),
                                      "data_used_gb": float(ln.get("data_used_gb", 0.0)),
                                      "data_refuel_gb": float(ln.get("data_refueling_gb", 0.0)),
                                      "refuel_charges": 0.0, "contract_end_date": _iso(ln.get("contract_end_date"))}
                      for ln in db["lines"]},
            "bills": {b["bill_id"]: {"bill_id": b["bill_id"], "customer_id": b["customer_id"],
                                     "period": _iso(b["period_start"])[:7], "amount": float(b["total_due"]),
                                     "due_date": _iso(b["due_date"]), "status": _snake(b.get("status", "draft")),
                                     "payment_requested": _snake(b.get("status", "")) == "awaiting_payment"}
                      for b in db["bills"]},
            "devices": {d["device_id"]: {"device_id": d["device_id"], "model": d["model"],
                                         "esim": bool(d.get("is_esim_capable"))} for d in db["devices"]},
            "phone": copy.deepcopy(state["phone"]),
            "phone_view": {},
        }
    except (KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{db_file}: not tau2-bench's telecom database ({type(exc).__name__}: {exc})") from None
    return world


def _snake(status: str) -> str:
    return str(status).strip().lower().replace(" ", "_")


def _iso(value: Any) -> str | None:
    return None if value is None else str(value)[:10]


def _tau2_dates() -> tuple[str, str]:
    """tau2's today and the end of its billing cycle (the month's last day)."""
    today = date.fromisoformat(TAU2_TODAY)
    return TAU2_TODAY, ((today.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)).isoformat()


def policy_for_tau2(policy: str, state: Mapping[str, Any]) -> str:
    """The domain's policy with tau2's dates."""
    today, cycle_end = _tau2_dates()
    return policy.replace(state["carrier"]["today"], today).replace(state["carrier"]["cycle_end"], cycle_end)


# --------------------------------------------------------------------------------------------- one task


@dataclass
class _Run:
    """A tau2 task being replayed on this domain's state."""

    state: dict[str, Any]
    after_step: Callable[[dict[str, Any]], None]
    name: str | None = None
    tools: dict[str, Callable[..., Any]] = field(default_factory=_tools)

    def line(self, where: str, line_id: Any) -> dict[str, Any]:
        line = self.state["lines"].get(line_id)
        if line is None:
            raise _Broken(where, f"line {line_id!r} is not in db.toml")
        return line

    def run(self, where: str, tool: str, arguments: Mapping[str, Any]) -> None:
        try:
            self.tools[tool](self.state, **arguments)
        except ToolError as exc:
            raise _Broken(where, f"{tool} fails here: {exc}") from None
        finally:
            self.after_step(self.state)


def _toggle(run: _Run, key: str, on_tool: str, off_tool: str) -> str:
    return off_tool if run.state["phone"][key] else on_tool


def _action(run: _Run, where: str, requestor: str, name: str, args: Mapping[str, Any]) -> Action:
    """tau2's tool call as this domain's (the call it would be in this state)."""
    def arg(key: str) -> Any:
        if key not in args:
            raise _Broken(where, f"{name} needs the argument {key!r}")
        return args[key]

    def number(line_key: str = "line_id") -> str:
        return run.line(where, arg(line_key))["phone_number"]

    if requestor == "assistant":
        owned = lambda: {"customer_id": arg("customer_id"), "phone_number": number()}  # noqa: E731
        agent: dict[str, Callable[[], Action]] = {
            "get_customer_by_phone": lambda: Action(tool=name, arguments={"phone_number": arg("phone_number")}),
            "get_customer_by_id": lambda: Action(tool=name, arguments={"customer_id": arg("customer_id")}),
            "get_customer_by_name": lambda: Action(tool=name, arguments={"full_name": arg("full_name"),
                                                                        "date_of_birth": arg("dob")}),
            "get_bills_for_customer": lambda: Action(tool="get_bills", arguments={"customer_id": arg("customer_id")}),
            "get_data_usage": lambda: Action(tool=name, arguments=owned()),
            "suspend_line": lambda: Action(tool=name, arguments={**owned(), "reason": arg("reason")}),
            "resume_line": lambda: Action(tool=name, arguments=owned()),
            "enable_roaming": lambda: Action(tool=name, arguments=owned()),
            "disable_roaming": lambda: Action(tool=name, arguments=owned()),
            "refuel_data": lambda: Action(tool=name, arguments={**owned(), "gigabytes": float(arg("gb_amount"))}),
            "send_payment_request": lambda: Action(tool=name, arguments={"customer_id": arg("customer_id"),
                                                                        "bill_id": arg("bill_id")}),
            "transfer_to_human_agents": lambda: Action(tool="transfer_to_human",
                                                       arguments={"summary": args.get("summary", "")}),
            "get_details_by_id": lambda: _details(run, where, str(arg("id"))),
        }
        if name not in agent:
            raise _Broken(where, f"tau2 agent tool {name!r} has no counterpart in this telecom domain")
        return agent[name]()
    user: dict[str, Callable[[], str]] = {
        "toggle_airplane_mode": lambda: _toggle(run, "airplane_mode", "turn_on_airplane_mode",
                                                "turn_off_airplane_mode"),
        "toggle_data": lambda: _toggle(run, "mobile_data", "turn_on_mobile_data", "turn_off_mobile_data"),
        "toggle_roaming": lambda: _toggle(run, "data_roaming", "turn_on_data_roaming", "turn_off_data_roaming"),
        "toggle_data_saver_mode": lambda: _toggle(run, "data_saver", "turn_on_data_saver", "turn_off_data_saver"),
        "toggle_wifi": lambda: _toggle(run, "wifi", "turn_on_wifi", "turn_off_wifi"),
        "toggle_wifi_calling": lambda: _toggle(run, "wifi_calling", "turn_on_wifi_calling", "turn_off_wifi_calling"),
        "make_payment": lambda: "pay_payment_request",
        "check_network_mode_preference": lambda: "check_network_mode",
        "check_data_restriction_status": lambda: "check_mobile_data_settings",
        "check_wifi_calling_status": lambda: "check_wifi_calling",
        "set_network_mode_preference": lambda: _network_mode(where, arg("mode")),
        "grant_app_permission": lambda: _grant(where, arg("app_name"), arg("permission")),
        **{same: (lambda same=same: same) for same in (
            "reseat_sim_card", "reset_apn_settings", "reboot_device", "disconnect_vpn", "check_status_bar",
            "check_network_status", "run_speed_test", "check_sim_status", "check_apn_settings", "check_wifi_status",
            "check_vpn_status", "check_app_permissions", "can_send_mms", "check_payment_request")},
    }
    if name not in user:
        raise _Broken(where, f"tau2 user tool {name!r} has no counterpart on this domain's phone")
    return Action(tool=user[name](), side="user")


def _details(run: _Run, where: str, some_id: str) -> Action:
    if some_id in run.state["lines"]:
        line = run.state["lines"][some_id]
        return Action(tool="get_line_details", arguments={"customer_id": line["customer_id"],
                                                          "phone_number": line["phone_number"]})
    if some_id in run.state["customers"]:
        return Action(tool="get_customer_by_id", arguments={"customer_id": some_id})
    if some_id in run.state["bills"]:
        return Action(tool="get_bills", arguments={"customer_id": run.state["bills"][some_id]["customer_id"]})
    raise _Broken(where, f"get_details_by_id({some_id!r}): only line, customer and bill ids have a counterpart here")


def _network_mode(where: str, mode: Any) -> str:
    if mode != "4g_5g_preferred":
        raise _Broken(where, f"the phone's user can set the network mode to 4g_5g_preferred only, not {mode!r}")
    return "set_network_mode_4g_5g"


def _grant(where: str, app: Any, permission: Any) -> str:
    if _APP.get(app) != "messages" or permission not in ("sms", "storage"):
        raise _Broken(where, f"granting {permission!r} to {app!r} has no counterpart (only sms and storage of "
                             "the messaging app)")
    return f"grant_{permission}_permission"


# tau2's fault injectors (not tools) as changes of this domain's state
def _inject(run: _Run, where: str, env_type: str, name: str, args: Mapping[str, Any]) -> bool:
    """Apply a tau2 initialization function that is not a tool; False when ``name`` is none of them."""
    ph, state = run.state["phone"], run.state

    def arg(key: str, default: Any = ...) -> Any:
        if key not in args and default is ...:
            raise _Broken(where, f"{name} needs the argument {key!r}")
        return args.get(key, default)

    if env_type == "user":
        if name == "set_user_info":
            run.name, ph["number"] = arg("name"), arg("phone_number")
        elif name == "set_user_location":
            ph["location"] = ABROAD if arg("abroad") else "home"
        elif name in ("turn_airplane_mode_on", "turn_airplane_mode_off"):
            ph["airplane_mode"] = name.endswith("_on")
            phone.network_search(state)
        elif name == "unseat_sim_card":
            ph["sim"]["seated"] = False
        elif name == "lock_sim_card":
            if arg("mode") != "pin":
                raise _Broken(where, f"lock_sim_card mode {args.get('mode')!r}: this phone has a PIN lock only")
            ph["sim"]["pin_locked"] = True
        elif name == "break_apn_settings":
            ph["apn"]["name"] = "broken"
        elif name == "break_apn_mms_setting":
            ph["apn"]["mmsc"] = ""
        elif name in ("turn_data_on", "turn_data_off"):
            ph["mobile_data"] = name.endswith("_on")
        elif name in ("turn_roaming_on", "turn_roaming_off"):
            ph["data_roaming"] = name.endswith("_on")
            phone.network_search(state)
        elif name in ("turn_data_saver_mode_on", "turn_data_saver_mode_off"):
            ph["data_saver"] = name.endswith("_on")
        elif name == "set_network_mode_preference":
            if arg("mode") not in ("4g_5g_preferred", "4g_only", "3g_only", "2g_only"):
                raise _Broken(where, f"unknown network mode {args.get('mode')!r}")
            ph["network_mode"] = arg("mode")
            phone.network_search(state)
        elif name == "break_vpn":
            ph["vpn"] = {"connected": True, "server": "192.0.2.1", "performance": "poor"}
        elif name == "set_wifi_calling":
            ph["wifi_calling"] = bool(arg("enabled"))
            if arg("mms_over_wifi", None) is not None:
                ph["wifi_calling_mms"] = bool(arg("mms_over_wifi"))
        elif name == "remove_app_permission":
            app = ph["apps"].get(_APP.get(arg("app_name"), arg("app_name")))
            if app is None or arg("permission") not in app:
                raise _Broken(where, f"the phone has no permission {args.get('permission')!r} for app "
                                     f"{args.get('app_name')!r}")
            app[arg("permission")] = False
        elif name == "simulate_network_search":
            phone.network_search(state)
        else:
            return False
        return True
    if name == "set_data_usage":
        run.line(where, arg("line_id"))["data_used_gb"] = float(arg("data_used_gb"))
    elif name == "suspend_line_for_overdue_bill":
        _suspend_for_overdue_bill(run, where, arg("customer_id"), arg("line_id"), arg("new_bill_id"),
                                  bool(arg("contract_ended")))
    else:
        return False
    return True


def _suspend_for_overdue_bill(run: _Run, where: str, customer_id: str, line_id: str, bill_id: str,
                              contract_ended: bool) -> None:
    """tau2's: a new overdue bill for last month's plan price, the line suspended (and its contract ended)."""
    state, line = run.state, run.line(where, line_id)
    if line["status"] != "active" or any(b["status"] == "overdue" for b in state["bills"].values()
                                         if b["customer_id"] == customer_id):
        raise _Broken(where, f"suspend_line_for_overdue_bill: line {line_id} must be active and customer "
                             f"{customer_id} without an overdue bill")
    last_day = date.fromisoformat(state["carrier"]["today"]).replace(day=1) - timedelta(days=1)
    state["bills"][bill_id] = {"bill_id": bill_id, "customer_id": customer_id, "period": last_day.strftime("%Y-%m"),
                               "amount": state["plans"][line["plan_id"]]["monthly_fee"],
                               "due_date": last_day.replace(day=15).isoformat(), "status": "overdue",
                               "payment_requested": False}
    line["status"], line["suspended_for"] = "suspended", "overdue_bill"
    if contract_ended:
        line["contract_end_date"] = last_day.isoformat()


def _assertions(run: _Run, where: str, call: Mapping[str, Any]) -> tuple[StateAssertion, ...]:
    """tau2's env assertion as this domain's state assertions."""
    name, args, expected = call.get("func_name"), call.get("arguments") or {}, call.get("assert_value", True)

    def flag(path: str, key: str = "expected_status") -> tuple[StateAssertion, ...]:
        if key not in args:
            raise _Broken(where, f"{name} needs the argument {key!r}")
        return (StateAssertion(path=path, equals=bool(args[key]) == bool(expected)),)

    if call.get("env_type") == "user":
        if name == "assert_service_status":
            if args.get("expected_status") not in ("connected", "no_service"):
                raise _Broken(where, f"service status {args.get('expected_status')!r} never shows on this phone")
            status = args["expected_status"] if expected else {"connected": "no_service"}.get(
                args["expected_status"], "connected")
            return (StateAssertion(path="phone_view.network_status", equals=status),)
        simple = {"assert_mobile_data_status": "phone_view.data_connection",
                  "assert_can_send_mms": "phone_view.can_send_mms",
                  "assert_airplane_mode_status": "phone.airplane_mode",
                  "assert_mobile_roaming_status": "phone.data_roaming",
                  "assert_mobile_data_saver_mode_status": "phone.data_saver",
                  "assert_mobile_data_usage_exceeded": "phone_view.data_usage_exceeded"}
        if name in simple:
            return flag(simple[name])
        if name == "assert_internet_speed" and expected:
            speed, desc = float(args.get("expected_speed", 0.0)), args.get("expected_desc")
            return ((StateAssertion(path="phone_view.speed_mbps", at_least=speed),) if speed > 0 else ()) + (
                (StateAssertion(path="phone_view.speed_rating", equals=str(desc).lower()),) if desc else ())
    elif call.get("env_type") == "assistant":
        if name == "assert_data_refueling_amount":
            line = run.line(where, args.get("line_id"))
            return (StateAssertion(path=f"lines.{line['line_id']}.data_refuel_gb",
                                   equals=float(args.get("expected_amount", 0.0))),)
        if name == "assert_line_status" and expected:
            line = run.line(where, args.get("line_id"))
            return (StateAssertion(path=f"lines.{line['line_id']}.status",
                                   equals=_snake(args.get("expected_status", ""))),)
        if name == "assert_overdue_bill_exists" and expected:
            return (StateAssertion(path=f"bills.{args.get('overdue_bill_id')}.status", equals="overdue"),)
        if name == "assert_no_overdue_bill" and expected:
            bill = args.get("overdue_bill_id")  # absent or paid; no tool here adds a bill, so absent stays absent
            return (StateAssertion(path=f"bills.{bill}.status", equals="paid"),) if bill in run.state["bills"] else ()
    raise _Broken(where, f"tau2 assertion {call.get('env_type')}.{name}"
                         f"{'' if expected else ' (assert_value false)'} has no counterpart here")


def _patches(before: dict[str, Any], after: dict[str, Any], where: str) -> tuple[StatePatch, ...]:
    """The setup that turns ``before`` into ``after`` (what phone_view shows is derived again)."""
    patches = []
    for path in _diff_paths(before, after):
        if path.startswith("phone_view"):
            continue
        try:
            patches.append(StatePatch(path=path, value=copy.deepcopy(get_path(after, path))))
        except KeyError:
            raise _Broken(where, f"removes {path}, which a setup cannot express") from None
    return tuple(patches)


def _intent(tid: str, assertions: list[StateAssertion]) -> str:
    named = re.match(r"^\[([a-z_]+)\]", tid)
    if named and named.group(1) in taskgen.INTENTS:
        return named.group(1)
    paths = {a.path for a in assertions}
    for path, intent in (("phone_view.can_send_mms", "mms_issue"), ("phone_view.speed_mbps", "mobile_data_issue"),
                         ("phone_view.data_connection", "mobile_data_issue"),
                         ("phone_view.network_status", "service_issue")):
        if path in paths:
            return intent
    raise _Broken("id", "cannot tell the customer's problem: neither the id ([service_issue], [mobile_data_issue], "
                        "[mms_issue]) nor the env assertions name it")


def _succeeds(checks: list[StateAssertion], required: list[Action], state: dict[str, Any],
              calls: list[Action], end: dict[str, Any] | None) -> bool:
    made = lambda want: any(c.tool == want.tool and c.side == want.side and all(  # noqa: E731
        c.arguments.get(k) == v for k, v in want.arguments.items()) for c in calls)
    return (all(c.holds(_get(state, c.path)) for c in checks) and all(made(r) for r in required)
            and (end is None or not _diff_paths(end, state)))


def _get(state: Mapping[str, Any], path: str) -> Any:
    try:
        return get_path(state, path)
    except KeyError:
        return "<missing>"


def translate(item: Any, world: dict[str, Any], after_step: Callable[[dict[str, Any]], None]) -> Task:
    """One tau2 task on this domain, verified; a problem raises _Broken naming the field."""
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        raise _Broken("id", "a tau2 task is an object with a string id")
    tid = item["id"]
    base = copy.deepcopy(world)
    after_step(base)
    run = _Run(state=copy.deepcopy(base), after_step=after_step)
    initial = item.get("initial_state") or {}
    for key in ("initialization_data", "message_history"):
        if initial.get(key):
            raise _Broken(f"initial_state.{key}", "not supported: tau2's telecom tasks start from actions only")
    if item.get("user_tools") is not None:
        raise _Broken("user_tools", "restricting the customer's tools is not supported")
    for i, call in enumerate(initial.get("initialization_actions") or []):
        where = f"initial_state.initialization_actions[{i}]"
        env_type, name, args = call.get("env_type"), call.get("func_name"), call.get("arguments") or {}
        if not _inject(run, where, env_type, name, args):
            action = _action(run, where, env_type, name, args)
            run.run(where, action.tool, action.arguments)
        after_step(run.state)
    setup = _patches(base, run.state, "initial_state.initialization_actions")
    start = copy.deepcopy(run.state)
    criteria = item.get("evaluation_criteria") or {}
    basis = criteria.get("reward_basis") or ["DB", "COMMUNICATE"]  # tau2's default
    unknown = [b for b in basis if b not in _BASIS]
    if unknown or "NL_ASSERTION" in basis:
        raise _Broken("evaluation_criteria.reward_basis", f"{unknown or ['NL_ASSERTION']}: allowed here are DB, "
                      "ENV_ASSERTION, ACTION and COMMUNICATE (NL_ASSERTION needs tau2's LLM judge)")
    checks: list[StateAssertion] = []
    sources: list[str] = []
    for i, call in enumerate(criteria.get("env_assertions") or []):
        for check in _assertions(run, f"evaluation_criteria.env_assertions[{i}]", call):
            checks.append(check)
            sources.append(f"evaluation_criteria.env_assertions[{i}]")
    number = run.state["phone"]["number"]
    line = next((ln for ln in run.state["lines"].values() if ln["phone_number"] == number), None)
    if line is None:
        raise _Broken("initial_state.initialization_actions", f"the customer's phone number {number!r} is no line of "
                      "db.toml (set_user_info names it)")
    fixes, required = [], []
    for i, gold in enumerate(criteria.get("actions") or []):
        where = f"evaluation_criteria.actions[{i}]"
        action = _action(run, where, gold.get("requestor", "assistant"), gold.get("name"), gold.get("arguments") or {})
        compare = gold.get("compare_args")
        keep = set(action.arguments) if compare is None else {_OUR_ARG.get(a, a) for a in compare}
        required.append(Action(tool=action.tool, side=action.side,
                               arguments={k: v for k, v in action.arguments.items() if k in keep}))
        fixes.append(action)
        run.run(where, action.tool, action.arguments)
    end = run.state
    use_checks = checks if "ENV_ASSERTION" in basis else []
    use_required = required if "ACTION" in basis else []
    keywords = tuple(criteria.get("communicate_info") or ()) if "COMMUNICATE" in basis else ()
    if not (use_checks or use_required or "DB" in basis or keywords):
        raise _Broken("evaluation_criteria", "nothing to check under this reward basis: every agent would pass")
    for check, source in zip(checks, sources):
        if use_checks and not check.holds(_get(end, check.path)):
            raise _Broken(source, f"does not hold after the task's actions ({check.path} is "
                                  f"{_get(end, check.path)!r}, expected {check.expectation()})")
    replay = _Run(state=copy.deepcopy(start), after_step=after_step)
    db_end = end if "DB" in basis else None
    for k, action in enumerate(fixes):
        if _succeeds(use_checks, use_required, replay.state, fixes[:k], db_end):
            raise _Broken("evaluation_criteria.actions", f"the task is already solved after {k} of its "
                                                         f"{len(fixes)} actions")
        replay.run("evaluation_criteria.actions", action.tool, action.arguments)
    if not fixes and _succeeds(use_checks, use_required, replay.state, [], db_end):
        raise _Broken("evaluation_criteria", "the task is solved before any action: every agent would pass")
    intent = _intent(tid, checks)
    escalate = any(a.tool == "transfer_to_human" for a in fixes)
    writes = [a for a in fixes if a.side == "agent" and a.tool != "transfer_to_human" and not a.tool.startswith("get")]
    customer = run.state["customers"][line["customer_id"]]
    lookups = [Action(tool="get_customer_by_phone", arguments={"phone_number": number}),
               Action(tool="get_line_details", arguments={"customer_id": customer["customer_id"],
                                                          "phone_number": number})]
    critical = [CriticalField(name=n, tool="get_line_details", argument=n, expected=v)
                for n, v in (("phone_number", number), ("customer_id", customer["customer_id"]))]
    critical += [CriticalField(name=f"{a.tool}.{k}", tool=a.tool, argument=k, expected=v)
                 for a in writes for k, v in a.arguments.items()]
    request, vague = taskgen._REQUESTS[intent]
    if run.state["phone"]["location"] != "home":
        request, vague = f"I'm travelling in {ABROAD} at the moment. {request}", f"I'm in {ABROAD}. {vague}"
    persona = re.search(r"\[PERSONA:(\w+)\]$", tid)
    description = item.get("description") or {}
    return Task(
        id=tid,
        description=f"tau2-bench telecom task: {description.get('purpose') or intent}"
                    + (f" Faults: {description['info']}" if description.get("info") else ""),
        goal=UserGoal(intent=intent, request=request, vague_request=vague,
                      facts=(UserFact(key="phone_number", value=number, aliases=(
                          "phone number", "mobile number", "line number", "number of the line", "your number")),
                             UserFact(key="full_name", value=run.name or customer["full_name"],
                                      aliases=("full name", "your name", "name on the account"))),
                      confirmed_by=(taskgen._GOAL_SEEN[intent],),
                      accepts=tuple(dict.fromkeys(a.tool for a in writes))),
        setup=setup, reference=(*lookups, *fixes),
        success=SuccessCriteria(state=tuple(use_checks), match_reference_state="DB" in basis,
                                required_calls=tuple(use_required), output_keywords=keywords),
        critical_fields=tuple(critical),
        optimal_turns=2 if escalate else len([a for a in fixes if not a.tool.startswith("get")]) + 2,
        escalation_expected=escalate,
        persona=_PERSONAS.get(persona.group(1)) if persona else None,
    )


_OUR_ARG = {"line_id": "phone_number", "gb_amount": "gigabytes", "dob": "date_of_birth"}


def is_tau2(raw: Any) -> bool:
    """Whether a parsed tasks file is in tau2-bench's format (its tasks have a user scenario or criteria)."""
    tasks = raw.get("tasks") if isinstance(raw, dict) else raw
    return isinstance(tasks, list) and bool(tasks) and isinstance(tasks[0], dict) and (
        "user_scenario" in tasks[0] or "evaluation_criteria" in tasks[0])


def read(path: Path, state: dict[str, Any], policy: str, after_step: Callable[[dict[str, Any]], None],
         ids: frozenset[str] | None = None) -> TaskFile | None:
    """The tasks of a tau2-format file on this domain (only ``ids`` when given), or None when the file is not in
    tau2's format."""
    raw = read_json(path)
    if not is_tau2(raw):
        return None
    items = raw["tasks"] if isinstance(raw, dict) else raw
    if ids is not None:
        items = [item for item in items if not isinstance(item, dict) or item.get("id") in ids]
    world = _world(path, state)
    tasks, problems = [], []
    for i, item in enumerate(items):
        try:
            tasks.append(translate(item, world, after_step))
        except _Broken as broken:
            name = f"task {item['id']!r}" if isinstance(item, dict) and "id" in item else f"task #{i}"
            problems.append(f"  {name} field {broken.field!r}: {broken.message}")
        except Exception as exc:  # noqa: BLE001 - a malformed task is the file's problem, never a crash
            name = f"task {item['id']!r}" if isinstance(item, dict) and "id" in item else f"task #{i}"
            problems.append(f"  {name}: cannot be read ({type(exc).__name__}: {exc})")
    if problems:
        raise UsageError(f"{path}: {len(problems)} tau2-bench task(s) cannot run on the telecom domain:\n"
                         + "\n".join(problems))
    return TaskFile(tasks=tuple(tasks), initial_state=world, policy=policy_for_tau2(policy, state))
