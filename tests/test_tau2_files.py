"""tau2-bench task files run as they are on the telecom domain: a handful of tasks written here in tau2's schema (on a
small database of our own in tau2's db.toml schema), translated, verified on load, run, and refused with a usage
error naming file, task and field when they cannot run."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau import UsageError
from pytest_mmtau.domain import Domain, load_domain_folder
from pytest_mmtau.models import Termination
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

FOLDER = Path(__file__).resolve().parents[1] / "domains" / "telecom"
NUMBER, OTHER = "555-010-4411", "555-010-4412"

DB_TOML = """
[[plans]]
plan_id = "P7"
name = "Seven Gigs"
data_limit_gb = 7.0
price_per_month = 30.0
data_refueling_price_per_gb = 4.0

[[devices]]
device_id = "D7"
device_type = "phone"
model = "Test Phone"
is_esim_capable = true

[[lines]]
line_id = "L71"
phone_number = "555-010-4411"
status = "Active"
plan_id = "P7"
device_id = "D7"
data_used_gb = 2.5
roaming_enabled = false
contract_end_date = "2026-06-30"

[[lines]]
line_id = "L72"
phone_number = "555-010-4412"
status = "Active"
plan_id = "P7"
data_used_gb = 1.0

[[bills]]
bill_id = "B70"
customer_id = "C70"
period_start = "2025-01-01"
period_end = "2025-01-31"
issue_date = "2025-01-01"
total_due = 30.0
due_date = "2025-01-15"
status = "Paid"

[[customers]]
customer_id = "C70"
full_name = "Ada Quill"
date_of_birth = "1990-03-04"
email = "ada@example.com"
phone_number = "555-010-4411"
account_status = "Active"
line_ids = ["L71", "L72"]
bill_ids = ["B70"]

[customers.address]
street = "1 Test Way"
city = "Testville"
state = "TS"
zip_code = "00000"
"""


def call(env_type: str, func_name: str, **arguments: Any) -> dict[str, Any]:
    return {"env_type": env_type, "func_name": func_name, "arguments": arguments}


def check(env_type: str, func_name: str, **arguments: Any) -> dict[str, Any]:
    return {**call(env_type, func_name, **arguments), "assert_value": True}


def action(i: int, requestor: str, name: str, compare_args: list[str] | None = None, **arguments: Any) -> dict:
    return {"action_id": f"{name}_{i}", "requestor": requestor, "name": name, "arguments": arguments,
            "compare_args": compare_args}


def task(tid: str, init: list[dict], actions: list[dict], assertions: list[dict],
         basis: tuple[str, ...] = ("ENV_ASSERTION",)) -> dict[str, Any]:
    """One task in tau2-bench's schema."""
    return {
        "id": tid,
        "description": {"purpose": "a test task written for pytest-mmtau", "info": tid},
        "user_scenario": {"persona": None, "instructions": {
            "domain": "telecom", "reason_for_call": "Something is wrong with my phone.",
            "known_info": f"You are Ada Quill with phone number {NUMBER}.", "task_instructions": "Be brief."}},
        "ticket": "A customer has a problem.",
        "initial_state": {"initialization_data": None, "message_history": None,
                          "initialization_actions": [call("user", "set_user_info", name="Ada Quill",
                                                          phone_number=NUMBER), *init]},
        "evaluation_criteria": {"actions": actions, "env_assertions": assertions, "communicate_info": [],
                                "nl_assertions": None, "reward_basis": list(basis)},
    }


SERVICE_OK = [check("user", "assert_service_status", expected_status="connected"),
              check("assistant", "assert_no_overdue_bill", overdue_bill_id="B99")]
SUSPEND = [call("assistant", "suspend_line_for_overdue_bill", customer_id="C70", line_id="L71", new_bill_id="B99",
                contract_ended=False),
           call("user", "simulate_network_search")]
TASKS = [
    task("[service_issue]airplane_mode_on[PERSONA:None]", [call("user", "turn_airplane_mode_on")],
         [action(0, "user", "toggle_airplane_mode")], SERVICE_OK),
    task("[service_issue]lock_sim_card_pin[PERSONA:Hard]", [call("user", "lock_sim_card", mode="pin")],
         [action(0, "assistant", "transfer_to_human_agents", [], summary="I cannot fix the issue.")],
         [check("user", "assert_service_status", expected_status="no_service")], ("ENV_ASSERTION", "ACTION")),
    task("[service_issue]overdue_bill_suspension[PERSONA:Easy]", SUSPEND,
         [action(0, "assistant", "send_payment_request", customer_id="C70", bill_id="B99"),
          action(1, "user", "make_payment"), action(2, "assistant", "resume_line", customer_id="C70", line_id="L71"),
          action(3, "user", "reboot_device")], SERVICE_OK),
    task("[service_issue]contract_end_suspension[PERSONA:Hard]",
         [{**SUSPEND[0], "arguments": {**SUSPEND[0]["arguments"], "contract_ended": True}}, SUSPEND[1]],
         [action(0, "assistant", "transfer_to_human_agents", [], summary="I cannot fix the issue.")],
         [check("user", "assert_service_status", expected_status="no_service")], ("ENV_ASSERTION", "ACTION")),
    task("[mobile_data_issue]data_usage_exceeded[PERSONA:Easy]",
         [call("assistant", "set_data_usage", customer_id="C70", line_id="L71", data_used_gb=7.1)],
         [action(0, "assistant", "refuel_data", customer_id="C70", line_id="L71", gb_amount=2.0)],
         [check("user", "assert_mobile_data_status", expected_status=True),
          check("user", "assert_internet_speed", expected_speed=200, expected_desc="excellent"),
          check("assistant", "assert_data_refueling_amount", customer_id="C70", line_id="L71", expected_amount=2.0)]),
    task("[mms_issue]bad_wifi_calling|break_apn_mms_setting[PERSONA:None]",
         [call("user", "set_wifi_calling", enabled=True, mms_over_wifi=True), call("user", "break_apn_mms_setting")],
         [action(0, "user", "toggle_wifi_calling"), action(1, "user", "reset_apn_settings"),
          action(2, "user", "reboot_device")],
         [check("user", "assert_can_send_mms", expected_status=True)]),
]
SPLITS = {"test": [TASKS[1]["id"], TASKS[2]["id"], TASKS[5]["id"]],
          "train": [t["id"] for t in TASKS if t["id"] not in (TASKS[1]["id"], TASKS[2]["id"], TASKS[5]["id"])]}


def write(folder: Path, tasks: list[dict], *, name: str = "tasks.json", db: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if db:
        (folder / "db.toml").write_text(DB_TOML)
    (folder / "split_tasks.json").write_text(json.dumps(SPLITS))
    path = folder / name
    data = json.dumps(tasks, indent=2).encode()
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    return path


@pytest.fixture(scope="module")
def telecom() -> Domain:
    return load_domain_folder(FOLDER)


@pytest.fixture
def tau2(tmp_path: Path) -> Path:
    return write(tmp_path / "tau2", TASKS)


def converse(domain: Domain, task_id: str, agent: str = "reference"):
    task = domain.task(task_id)
    user = SimulatedUser(domain=domain, task=task, persona=get_persona(task.persona or "none"), seed=0)
    return user.converse_sync(domain.agents[agent]())


# --------------------------------------------------------------------------------------------- translation


def test_tasks_keep_their_ids_personas_and_splits(telecom, tau2) -> None:
    every = telecom.with_task_file(tau2)
    assert [t.id for t in every.tasks] == [t["id"] for t in TASKS]
    assert [t.persona for t in every.tasks] == ["none", "hard", "easy", "hard", "easy", "none"]
    assert set(every.splits) == {"test", "train"}
    test = telecom.with_task_file(tau2, "test")
    assert [t.id for t in test.tasks] == SPLITS["test"] and "split 'test'" in test.task_source
    with pytest.raises(UsageError, match="split_tasks.json: no split 'full'; allowed: 'test', 'train'"):
        telecom.with_task_file(tau2, "full")


def test_the_world_is_tau2s_database_on_tau2s_date(telecom, tau2) -> None:
    domain = telecom.with_task_file(tau2)
    state = domain.new_state(domain.task(TASKS[2]["id"]))
    assert state["carrier"]["today"] == "2025-02-25" and "Today is 2025-02-25" in domain.policy
    assert state["lines"]["L71"]["status"] == "suspended" and state["phone"]["number"] == NUMBER
    assert state["bills"]["B99"] == {"bill_id": "B99", "customer_id": "C70", "period": "2025-01", "amount": 30.0,
                                     "due_date": "2025-01-15", "status": "overdue", "payment_requested": False}
    assert state["phone_view"]["network_status"] == "no_service"


def test_actions_assertions_and_basis_map_onto_the_domain(telecom, tau2) -> None:
    domain = telecom.with_task_file(tau2)
    airplane = domain.task(TASKS[0]["id"])
    assert [a.tool for a in airplane.reference] == ["get_customer_by_phone", "get_line_details",
                                                    "turn_off_airplane_mode"]  # a toggle: the switch it flips
    assert [(c.path, c.equals) for c in airplane.success.state] == [("phone_view.network_status", "connected")]
    assert not airplane.success.match_reference_state and not airplane.success.required_calls  # ENV_ASSERTION only
    data = domain.task(TASKS[4]["id"])
    refuel = data.reference[-1]
    assert (refuel.tool, refuel.arguments) == ("refuel_data", {"customer_id": "C70", "phone_number": NUMBER,
                                                               "gigabytes": 2.0})  # a line id is its number here
    assert [(c.path, c.at_least if c.at_least is not None else c.equals) for c in data.success.state] == [
        ("phone_view.data_connection", True), ("phone_view.speed_mbps", 200.0),
        ("phone_view.speed_rating", "excellent"), ("lines.L71.data_refuel_gb", 2.0)]
    assert data.goal.intent == "mobile_data_issue" and data.goal.accepts == ("refuel_data",)
    assert {f.key: f.value for f in data.goal.facts} == {"phone_number": NUMBER, "full_name": "Ada Quill"}


def test_an_escalation_is_scored_by_its_assertion_and_the_transfer(telecom, tau2) -> None:
    """tau2's checks of an escalation hold from the start (still no service); the transfer is what is missing."""
    domain = telecom.with_task_file(tau2)
    locked = domain.task(TASKS[1]["id"])
    assert locked.escalation_expected and domain.verify(locked) == []
    assert [a.tool for a in locked.success.required_calls] == ["transfer_to_human"]
    ok, problems = domain.evaluate(locked, domain.new_state(locked), [], [])
    assert not ok and problems == ("required call transfer_to_human() was not made",)


def test_the_reference_agent_passes_them_and_flawed_agents_fail_for_the_right_reason(telecom, tau2) -> None:
    domain = telecom.with_task_file(tau2)
    for t in TASKS:
        conv = converse(domain, t["id"])
        assert conv.goal_achieved, (t["id"], conv.success_detail)
    for t in TASKS:
        conv = converse(domain, t["id"], "escalates_everything")
        assert conv.goal_achieved == ("ACTION" in t["evaluation_criteria"]["reward_basis"]), t["id"]
    conv = converse(domain, TASKS[4]["id"], "never_verifies")  # never sees the account: no refuel
    assert not conv.goal_achieved and conv.termination is Termination.AGENT_TRANSFER


def test_a_gzipped_file_reads_the_same(telecom, tmp_path) -> None:
    path = write(tmp_path / "gz", TASKS, name="tasks.json.gz")
    assert [t.id for t in telecom.with_task_file(path, "test").tasks] == SPLITS["test"]


# --------------------------------------------------------------------------------------------- broken files


@pytest.mark.parametrize(("change", "field", "message"), [
    (lambda t: t["initial_state"]["initialization_actions"].append(call("user", "break_everything")),
     "initial_state.initialization_actions[2]", "tau2 user tool 'break_everything' has no counterpart"),
    (lambda t: t["evaluation_criteria"].update(reward_basis=["ENV_ASSERTION", "NL_ASSERTION"]),
     "evaluation_criteria.reward_basis", "NL_ASSERTION needs tau2's LLM judge"),
    (lambda t: t["evaluation_criteria"]["actions"].clear(),
     "evaluation_criteria.env_assertions[0]", "does not hold after the task's actions"),
    (lambda t: t["evaluation_criteria"]["actions"].append(action(1, "user", "reboot_device")),
     "evaluation_criteria.actions", "already solved after 1 of its 2 actions"),
    (lambda t: t["evaluation_criteria"]["env_assertions"].append(check("user", "assert_internet_not_excellent")),
     "evaluation_criteria.env_assertions[2]", "assert_internet_not_excellent has no counterpart"),
    (lambda t: t["evaluation_criteria"]["actions"].append(action(1, "user", "connect_vpn")),
     "evaluation_criteria.actions[1]", "'connect_vpn' has no counterpart on this domain's phone"),
])
def test_a_broken_task_is_a_usage_error_naming_file_task_and_field(telecom, tmp_path, change, field, message) -> None:
    broken = json.loads(json.dumps(TASKS))
    change(broken[0])
    path = write(tmp_path / "broken", broken)
    with pytest.raises(UsageError) as raised:
        telecom.with_task_file(path)
    text = str(raised.value)
    assert text.startswith(f"{path}: 1 tau2-bench task(s) cannot run on the telecom domain:")
    assert f"task {TASKS[0]['id']!r} field {field!r}: " in text and message in text, text


def test_missing_database_and_foreign_split_files_are_usage_errors(telecom, tmp_path) -> None:
    with pytest.raises(UsageError, match="tau2's telecom database, db.toml beside the tasks file"):
        telecom.with_task_file(write(tmp_path / "no_db", TASKS, db=False))
    path = write(tmp_path / "small", TASKS[:2])
    with pytest.raises(UsageError, match="split 'test' names 2 task\\(s\\) that tasks.json does not hold"):
        telecom.with_task_file(path, "test")
    with pytest.raises(UsageError, match="no such file"):
        telecom.with_task_file(tmp_path / "nowhere" / "tasks.json")


# --------------------------------------------------------------------------------------------- the plugin and check


TAU2_TEST = """
import pytest
from pytest_mmtau import assert_ias

@pytest.mark.domain("telecom", tasks_file="tau2/tasks.json", split="test")
@pytest.mark.trials(2)
def test_tau2_split(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)
"""


def test_plugin_runs_a_tau2_file_and_its_split_from_a_relative_path(pytester: pytest.Pytester) -> None:
    write(pytester.path / "tau2", TASKS)
    pytester.makeconftest("""
import pytest

@pytest.fixture
def agent(mmtau_domain):
    return mmtau_domain.agents["reference"]()
""")
    pytester.makepyfile(test_tau2=TAU2_TEST)
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*test_tau2_split[[][[]service_issue[]]lock_sim_card_pin[[]PERSONA:Hard[]]"
                                 "-hard-text[]] PASSED*"])
    pytester.makepyfile(test_tau2=TAU2_TEST.replace('split="test"', 'split="dev"'))
    bad = pytester.runpytest()
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stdout.fnmatch_lines(["*split_tasks.json: no split 'dev'; allowed: 'test', 'train'*"])


def test_check_accepts_a_tau2_file_and_a_split(tmp_path) -> None:
    path = write(tmp_path / "tau2", TASKS)
    run = lambda *args: subprocess.run([sys.executable, "-m", "pytest_mmtau", "check", "telecom", *args],  # noqa: E731
                                       capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1])
    ok = run("--tasks-file", str(path), "--split", "test")
    assert ok.returncode == 0, ok.stderr
    assert f"telecom: 3 tasks (from {path} split 'test'), 0 errors, 0 warnings" in ok.stdout
    broken = json.loads(json.dumps(TASKS))
    broken[1]["evaluation_criteria"]["reward_basis"] = ["NL_ASSERTION"]
    bad = run("--tasks-file", str(write(tmp_path / "bad", broken)))
    assert bad.returncode == 4 and f"task {TASKS[1]['id']!r} field 'evaluation_criteria.reward_basis'" in bad.stderr
