"""The telecom domain: the task space, tau2-bench's splits and our sample, every task verified, the phone and backend
coupling, the lexicon, personas, the reference agent, and flawed agents failing for the right reason."""

from __future__ import annotations

import importlib.util
import json
import re
import statistics
import sys
import types
from collections import Counter
from pathlib import Path

import pytest

from pytest_mmtau import UsageError, assert_ias, cfa, ias
from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain, get_path, load_domain_folder
from pytest_mmtau.models import Termination, ToolCall, Transcript
from pytest_mmtau.personas import get_persona
from pytest_mmtau.user import SimulatedUser

FOLDER = Path(__file__).resolve().parents[1] / "domains" / "telecom"
SPACE = {"service_issue": 47, "mobile_data_issue": 254, "mms_issue": 1984}  # tau2-bench's full set: 2285
WRITES = {"suspend_line", "resume_line", "send_payment_request", "enable_roaming", "disable_roaming", "refuel_data"}
UNFIXABLE = ("lock_sim_card_pin", "contract_end_suspension")


@pytest.fixture(scope="module")
def telecom() -> Domain:
    return DomainRegistry().get("telecom")


@pytest.fixture(scope="module")
def taskgen() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("telecom_taskgen_under_test", FOLDER / "taskgen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def initial_state() -> dict:
    return json.loads((FOLDER / "db.json").read_text())


def converse(domain: Domain, task_id: str, persona: str = "none", agent: str = "reference",
             seed: int = 0) -> Transcript:
    user = SimulatedUser(domain=domain, task=domain.task(task_id), persona=get_persona(persona), seed=seed)
    return user.converse_sync(domain.agents[agent]())


def subtasks(task_id: str) -> list[str]:
    return task_id.split("]", 1)[1].split("|")


# --------------------------------------------------------------------------------------------- the task space


def test_space_size_is_counted_and_enumerated_lazily(taskgen) -> None:
    assert taskgen.space_size() == sum(SPACE.values()) == 2285
    assert isinstance(taskgen.combinations(), types.GeneratorType)
    for intent, size in SPACE.items():
        assert taskgen.space_size(intent) == size
        combos = list(taskgen.combinations(intent))
        assert len(combos) == len(set(combos)) == size
        for _, names in combos:  # at most one subtask from each selection set, and one the intent requires
            sets = taskgen.SELECTION_SETS[intent]
            assert all(sum(n in s for n in names) <= 1 for s in sets), names
            assert list(names) == sorted(names)


def test_ids_name_the_intent_and_the_sorted_subtasks(telecom) -> None:
    pattern = re.compile(r"^\[(service_issue|mobile_data_issue|mms_issue)\][a-z_]+(\|[a-z_]+)*$")
    for task in telecom.tasks:
        assert pattern.match(task.id), task.id
    assert telecom.task("[mms_issue]break_app_sms_permission").goal.intent == "mms_issue"


def test_default_sample_is_seeded_and_covers_every_subtask_and_bin(telecom, taskgen) -> None:
    ids = [t.id for t in telecom.tasks]
    assert ids == [taskgen.task_id(*c) for c in taskgen.sample_combinations()]  # the same every time
    assert 40 <= len(ids) <= 60, len(ids)
    assert {n for i in ids for n in subtasks(i)} == set(taskgen.SUBTASKS) and len(taskgen.SUBTASKS) == 19
    singles = [i for i in ids if "|" not in i]
    assert len(singles) == 20  # each atomic subtask on its own, in its intent (bad_network_preference in two)
    bins = {(i.split("]")[0][1:], len(subtasks(i))) for i in ids}
    every_bin = {(intent, len(names)) for intent, names in taskgen.combinations()}
    assert bins == every_bin


def test_the_64_mms_tasks_whose_only_mms_fault_is_the_network_mode(taskgen) -> None:
    """tau2's MMS validator counts bad_network_preference as an MMS-path fault (MMS needs 3G or better)."""
    mms_own = {"bad_network_preference", "bad_wifi_calling", "break_apn_mms_setting", "break_app_sms_permission",
               "break_app_storage_permission", "break_app_both_permissions"}
    recovered = [names for _, names in taskgen.combinations("mms_issue") if set(names) & mms_own == {
        "bad_network_preference"}]
    assert len(recovered) == 64  # any of {airplane, SIM, data off, data used up} x 4 roaming choices
    assert ("bad_network_preference", "data_mode_off", "user_abroad_roaming_disabled_on") in recovered  # in test


# --------------------------------------------------------------------------------------------- tau2-bench's splits


def test_splits_have_tau2_benchmarks_sizes_and_personas(telecom) -> None:
    sizes = {name: len(telecom.with_split(name).tasks) for name in telecom.splits}
    assert sizes == {"sample": 56, "small": 20, "base": 114, "train": 74, "test": 40, "full": 2285}
    full = telecom.with_split("full").tasks
    assert Counter(t.persona for t in full) == {"none": 769, "easy": 760, "hard": 756}  # tau2's released counts
    base = telecom.with_split("base").tasks
    assert Counter(t.goal.intent for t in base) == {"mms_issue": 49, "mobile_data_issue": 36, "service_issue": 29}
    assert min(len(subtasks(t.id)) for t in base) == 2
    assert Counter((t.goal.intent, len(subtasks(t.id)), t.persona) for t in base).most_common(1)[0][1] == 3
    test_tasks = telecom.with_split("test").tasks
    assert Counter(t.goal.intent for t in test_tasks) == {"mms_issue": 16, "service_issue": 15, "mobile_data_issue": 9}
    assert Counter(len(subtasks(t.id)) for t in test_tasks) == {2: 10, 3: 9, 4: 8, 5: 4, 6: 3, 7: 4, 9: 2}
    test = {t.id for t in test_tasks}
    train = {t.id for t in telecom.with_split("train").tasks}
    assert test | train == {t.id for t in base} and not test & train
    assert {t.id for t in telecom.with_split("small").tasks} == {t.id for t in full if "|" not in t.id}


def test_the_test_split_is_mm_tau_p2_appendix_a1(telecom) -> None:
    seed = Path("/work/shared/seeds/000_9f8c4c8c22f1cf8b.txt")
    if not seed.is_file():
        pytest.skip("the MM-tau-p2 paper is not on this machine")
    text = seed.read_text()
    listed = {line.strip()[2:].replace("\\_", "_").replace(" | ", "|")
              for line in text[text.index("### A.1"):text.index("## A.2")].splitlines()
              if line.strip().startswith("- [")}
    assert len(listed) == 40 and {t.id for t in telecom.with_split("test").tasks} == listed


def test_tau2_ids_and_personas_follow_the_generation_rule(telecom) -> None:
    splits = sys.modules[next(n for n in sys.modules if n.endswith("_tools__splits"))]
    test = telecom.with_split("test")
    task = test.task("[mms_issue]bad_network_preference|data_mode_off|user_abroad_roaming_disabled_on")
    assert task.persona in ("none", "easy", "hard")
    combo = ("mms_issue", ("bad_network_preference", "data_mode_off", "user_abroad_roaming_disabled_on"))
    assert splits.tau2_id(combo) == f"{task.id}[PERSONA:{task.persona.capitalize()}]"
    # the first three tasks tau2 generated (mobile data, one subtask) cycle None, Easy, Hard
    first = [t for t in telecom.with_split("full").tasks if t.goal.intent == "mobile_data_issue"][:3]
    assert [t.persona for t in first] == ["none", "easy", "hard"]


def test_a_split_is_a_validated_marker_option_and_environment_default(monkeypatch) -> None:
    domain = load_domain_folder(FOLDER)
    with pytest.raises(UsageError, match="telecom.*no split 'tset'; allowed: 'base', 'full', 'sample', 'small', "
                                         "'test', 'train'"):
        domain.with_split("tset")
    monkeypatch.setenv("MMTAU_TELECOM_TASKS", "base")
    assert len(load_domain_folder(FOLDER).tasks) == 114
    monkeypatch.setenv("MMTAU_TELECOM_TASKS", "everything")
    with pytest.raises(UsageError, match="MMTAU_TELECOM_TASKS='everything'.*'sample'.*'full'"):
        load_domain_folder(FOLDER)


# --------------------------------------------------------------------------------------------- verification


def _check_task(domain: Domain, task) -> None:
    """Setup then fix: assertions hold. Setup alone: every fault's own assertion fails (or, for an escalation, the
    missing transfer fails the task). As tau2-bench verifies its tasks, the problem is not solved after any proper
    prefix of the fix (every step is needed, the restart after an APN reset or a resumed line included)."""
    assert domain.verify(task) == [], task.id
    before = domain.new_state(task)
    if task.escalation_expected:
        ok, problems = domain.evaluate(task, before, [], [])
        assert not ok and any("transfer_to_human" in p for p in problems), task.id
        assert any(n in task.id for n in UNFIXABLE)
        assert all(c.holds(get_path(before, c.path)) for c in task.success.state), task.id  # still broken: fine
        return
    assert task.success.state and task.success.match_reference_state
    solved = [c for c in task.success.state if c.path.startswith("phone_view.")]  # the intent's goal, as tau2's
    for check in task.success.state:
        if check not in solved:  # each fault's own check fails until it is fixed
            assert not check.holds(get_path(before, check.path)), f"{task.id}: {check.path} already holds"
    state, fixes = domain.new_state(task), [a for a in task.reference if a.tool not in ("get_customer_by_phone",
                                                                                         "get_line_details")]
    for i, action in enumerate(fixes):
        assert not all(c.holds(get_path(state, c.path)) for c in solved), f"{task.id}: solved after {i} steps"
        assert domain.execute(state, action.side, action.tool, action.arguments)[1] is None, (task.id, action)
    assert all(c.holds(get_path(state, c.path)) for c in solved), task.id


def test_every_default_task_is_verified(telecom) -> None:
    for task in telecom.tasks:
        _check_task(telecom, task)


@pytest.mark.parametrize("intent", list(SPACE))
def test_the_whole_space_is_verified(telecom, taskgen, initial_state, intent: str) -> None:
    count = 0
    for task in taskgen.iter_tasks(initial_state, intent):
        _check_task(telecom, task)
        count += 1
    assert count == SPACE[intent]


def test_tasks_carry_goal_facts_critical_fields_turns_and_escalation(telecom) -> None:
    for task in telecom.tasks:
        facts = {f.key: f.value for f in task.goal.facts}
        assert set(facts) == {"phone_number", "full_name", "date_of_birth"}
        critical = {(f.tool, f.argument): f.expected for f in task.critical_fields}
        assert critical[("get_line_details", "phone_number")] == facts["phone_number"]
        assert task.escalation_expected == any(n in UNFIXABLE for n in subtasks(task.id))
        writes = [a for a in task.reference if a.tool in WRITES]
        if not task.escalation_expected:  # the user agrees to exactly the account changes the fix needs
            assert set(task.goal.accepts) == {a.tool for a in writes}
        for action in writes:  # every argument of every write is a critical field with its expected value
            for argument, value in action.arguments.items():
                assert critical[(action.tool, argument)] == value
        assert 1 <= task.optimal_turns <= 14
    assert telecom.task("[service_issue]contract_end_suspension").optimal_turns == 1


# --------------------------------------------------------------------------------------------- tools


def test_tool_catalogue(telecom) -> None:
    assert {n for n, s in telecom.tools.items() if s.irreversible} == WRITES
    assert "transfer_to_human" in telecom.tools and not telecom.tools["transfer_to_human"].irreversible
    for name in WRITES - {"send_payment_request"}:
        assert {"customer_id", "phone_number"} <= set(telecom.tools[name].critical), name
    assert set(telecom.tools["send_payment_request"].critical) == {"customer_id", "bill_id"}
    assert len(telecom.user_tools) >= 30
    owners: dict[str, str] = {}
    for name, spec in telecom.user_tools.items():
        assert spec.phrases and not spec.parameters.get("properties"), name  # no-argument tools with a lexicon
        for phrase in spec.phrases:
            assert owners.setdefault(phrase, name) == name, f"{phrase!r} belongs to {owners[phrase]} and {name}"


@pytest.mark.parametrize(("said", "tools"), [
    ("Please turn off Wi-Fi calling.", ["turn_off_wifi_calling"]),
    ("Please turn off WiFi.", ["turn_off_wifi"]),
    ("Please reset your APN settings to the defaults.", ["reset_apn_settings"]),
    ("Please turn off airplane mode, then turn on mobile data, then run a speed test.",
     ["turn_off_airplane_mode", "turn_on_mobile_data", "run_speed_test"]),
    ("To confirm: shall I enable roaming on line 312-555-0147 of account C1001?", []),
])
def test_the_lexicon_maps_instructions_to_tools_longest_phrase_first(telecom, said: str, tools: list[str]) -> None:
    from pytest_mmtau.understanding import read, vocabulary

    task = telecom.tasks[0]
    assert list(read(said, vocabulary(task, telecom.tool_infos)).tools) == tools


def test_speed_follows_tau2s_model_of_network_signal_vpn_and_data_saver(telecom) -> None:
    state = telecom.new_state(telecom.task("[mobile_data_issue]data_mode_off"))
    run = lambda: telecom.execute(state, "user", "run_speed_test", {})[0]
    assert run() == "speed test: no data connection, rated no connection"
    telecom.execute(state, "user", "turn_on_mobile_data", {})
    assert run() == "speed test: 275.0 mbps download, rated excellent"  # 5G at excellent signal
    state["phone"]["data_saver"] = True
    assert run() == "speed test: 55.0 mbps download, rated good"  # x0.2
    state["phone"]["data_saver"] = False
    state["phone"]["vpn"] = {"connected": True, "server": "x", "performance": "poor"}
    assert run() == "speed test: 27.5 mbps download, rated good"  # x0.1 over a poor VPN
    state["phone"]["vpn"]["performance"] = "excellent"
    assert run().endswith("rated excellent")  # a VPN that performs well costs nothing
    state["phone"]["network_mode"] = "2g_only"
    assert run() == "speed test: 0.05 mbps download, rated very poor"  # 2G at poor signal


def test_backend_changes_reach_the_phone_after_every_step(telecom) -> None:
    task = telecom.task("[service_issue]overdue_bill_suspension")
    state = telecom.new_state(task)
    customer, number = task.reference[-2].arguments["customer_id"], task.reference[-2].arguments["phone_number"]
    bill = next(a.arguments["bill_id"] for a in task.reference if a.tool == "send_payment_request")
    assert state["bills"][bill]["status"] == "overdue" and bill not in telecom.initial_state["bills"]  # a new bill
    assert state["phone_view"]["network_status"] == "no_service" and not state["phone_view"]["line_active"]
    assert telecom.execute(state, "user", "pay_payment_request", {})[1] == \
        "there is no pending payment request on this phone"
    telecom.execute(state, "agent", "send_payment_request", {"customer_id": customer, "bill_id": bill})
    assert state["bills"][bill]["status"] == "awaiting_payment"
    assert state["phone"]["payment_request"]["status"] == "pending"  # the request reached the phone
    telecom.execute(state, "user", "pay_payment_request", {})
    assert state["bills"][bill]["status"] == "paid" and state["phone"]["payment_request"] is None  # settled
    telecom.execute(state, "agent", "resume_line", {"customer_id": customer, "phone_number": number})
    assert state["phone_view"]["line_active"] and state["phone_view"]["cellular"] == "no service"
    telecom.execute(state, "user", "reboot_device", {})  # the phone searches the network again
    assert state["phone_view"]["cellular"] == "connected"

    task = telecom.task("[mobile_data_issue]user_abroad_roaming_disabled_on")
    state = telecom.new_state(task)
    args = dict(task.reference[-1].arguments)
    assert not state["phone_view"]["data_connection"]
    telecom.execute(state, "agent", "enable_roaming", args)
    assert state["phone_view"]["roaming_allowed"] and state["phone_view"]["speed_rating"] == "excellent"


def test_an_apn_reset_takes_effect_at_the_next_restart(telecom) -> None:
    state = telecom.new_state(telecom.task("[service_issue]break_apn_settings"))
    done, _ = telecom.execute(state, "user", "reset_apn_settings", {})
    assert "at the next restart" in done and state["phone_view"]["cellular"] == "no service"
    done, _ = telecom.execute(state, "user", "reboot_device", {})
    assert "apn settings reset to the carrier defaults" in done and state["phone_view"]["cellular"] == "connected"


def test_tools_leave_the_policy_to_the_agent_and_success_shows_it_broken(telecom) -> None:
    """tau2-bench's tools do not enforce the policy (resume with an overdue bill or after the contract ended, a
    payment request for a paid bill, a refuel above 2 GB): the agent that breaks it fails the task instead."""
    task = telecom.task("[mobile_data_issue]data_usage_exceeded")
    state = telecom.new_state(task)
    number = state["phone"]["number"]
    customer = next(line["customer_id"] for line in state["lines"].values() if line["phone_number"] == number)
    result, error = telecom.execute(state, "agent", "refuel_data",
                                    {"customer_id": customer, "phone_number": number, "gigabytes": 5.0})
    assert error is None and result["added_gb"] == 5.0
    ok, problems = telecom.evaluate(task, state, [], [])
    assert not ok and any("data_refuel_gb is 5.0, expected 2.0" in p for p in problems)  # the policy's 2 GB
    paid = next(b for b in state["bills"].values() if b["customer_id"] == customer and b["status"] == "paid")
    assert telecom.execute(state, "agent", "send_payment_request",
                           {"customer_id": customer, "bill_id": paid["bill_id"]})[1] is None
    other = "617-555-0192"  # a line of another customer: that, the system refuses
    _, error = telecom.execute(state, "agent", "enable_roaming", {"customer_id": customer, "phone_number": other})
    assert "does not belong" in error

    task = telecom.task("[service_issue]contract_end_suspension")
    state = telecom.new_state(task)
    line = next(line for line in state["lines"].values() if line["phone_number"] == state["phone"]["number"])
    assert state["bills"]["B9001"]["status"] == "overdue"  # suspended for an overdue bill, and the contract ended
    args = {"customer_id": line["customer_id"], "phone_number": line["phone_number"]}
    assert telecom.execute(state, "agent", "resume_line", args)[1] is None  # against the policy, yet possible
    telecom.execute(state, "user", "reboot_device", {})
    transfer = ToolCall(id="t", name="transfer_to_human", arguments={"summary": "contract ended"})
    ok, problems = telecom.evaluate(task, state, [transfer], [])
    assert not ok and problems == ("state phone_view.network_status is 'connected', expected 'no_service'",)


def test_the_full_space_on_request(monkeypatch) -> None:
    monkeypatch.setenv("MMTAU_TELECOM_TASKS", "full")
    full = load_domain_folder(FOLDER)
    assert len(full.tasks) == 2285
    assert len(full.select("[[]mms_issue[]]*")) == SPACE["mms_issue"]


# --------------------------------------------------------------------------------------------- selecting tasks


def test_bracketed_ids_are_selectable_by_glob(telecom) -> None:
    mms = [t.id for t in telecom.tasks if t.id.startswith("[mms_issue]")]
    assert [t.id for t in telecom.select("[[]mms_issue[]]*")] == mms  # fnmatch's escape for brackets
    assert [t.id for t in telecom.select("[mms_issue]*")] == mms  # read literally when the class matches nothing
    assert [t.id for t in telecom.select("*mms_issue]*")] == mms
    assert len(telecom.select("[service_issue]*lock_sim_card_pin*")) >= 3
    with pytest.raises(UsageError, match="matches no task"):
        telecom.select("[billing_issue]*")


AGENT_CONFTEST = """
import pytest

@pytest.fixture
def agent(mmtau_domain, request):
    return mmtau_domain.agents[getattr(request.module, "AGENT", "reference")]()
"""

TELECOM_TEST = """
import pytest
from pytest_mmtau import assert_ias

AGENT = "{agent}"

@pytest.mark.domain("telecom", tasks="{tasks}")
@pytest.mark.persona("none", "hard")
@pytest.mark.trials(2)
def test_support(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)
"""


def test_plugin_runs_select_and_list_telecom_tasks(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(AGENT_CONFTEST)
    pytester.makepyfile(test_support=TELECOM_TEST.format(agent="reference", tasks="[service_issue]*"))
    picked = pytester.runpytest("-k", "[service_issue]airplane_mode_on-", "-q")  # -k takes [, ], - but not |
    picked.assert_outcomes(passed=2)
    pytester.runpytest("-k", "[service_issue] and unseat_sim_card and not lock", "-q").assert_outcomes(passed=6)
    node = "test_support.py::test_support[[service_issue]break_apn_settings|unseat_sim_card-hard-text]"
    by_node = pytester.runpytest(node, "-v")  # item ids keep the task id whole, brackets and bars included
    by_node.assert_outcomes(passed=1)
    by_node.stdout.fnmatch_lines(
        ["*::test_support[[][[]service_issue[]]break_apn_settings|unseat_sim_card-hard-text[]] PASSED*"])
    listed = pytester.runpytest("--mmtau-list=tasks:telecom:[mms_issue]*break_app_sms*")
    assert listed.ret == 0 and all(line.startswith("[mms_issue]") for line in listed.outlines[:-1])
    assert "[mms_issue]break_app_sms_permission" in listed.outlines


SPLIT_TEST = """
import pytest

@pytest.mark.domain("telecom", split="{split}", tasks="{tasks}")
def test_support(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail
"""


def test_plugin_selects_a_split_and_plays_each_task_with_its_tau2_persona(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(AGENT_CONFTEST)
    pytester.makepyfile(test_split=SPLIT_TEST.format(split="test", tasks="*"))
    collected = pytester.runpytest("--collect-only", "-q")
    ids = [line for line in collected.outlines if line.startswith("test_split.py::")]
    assert len(ids) == 40  # one item per task, with the persona tau2-bench gives it
    assert "test_split.py::test_support[[service_issue]airplane_mode_on|lock_sim_card_pin-easy-text]" in ids
    assert {line.rsplit("-", 2)[1] for line in ids} == {"none", "easy", "hard"}
    one = "[service_issue]airplane_mode_on|lock_sim_card_pin"
    pytester.makepyfile(test_split=SPLIT_TEST.format(split="test", tasks=one))
    pytester.runpytest("-q").assert_outcomes(passed=1)
    listed = pytester.runpytest("--mmtau-list=tasks:telecom@test:[service_issue]*")
    assert listed.ret == 0 and len([line for line in listed.outlines if line.startswith("[service_issue]")]) == 15
    pytester.makepyfile(test_split=SPLIT_TEST.format(split="tset", tasks="*"))
    bad = pytester.runpytest("-q")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stdout.fnmatch_lines(["*domain 'telecom' has no split 'tset'; allowed: 'base', 'full', 'sample', 'small', "
                              "'test', 'train'*"])


def test_plugin_fails_the_flawed_agent_naming_the_unconfirmed_write(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(AGENT_CONFTEST)
    pytester.makepyfile(TELECOM_TEST.format(agent="skips_confirmation",
                                            tasks="[mobile_data_issue]user_abroad_roaming_disabled_on"))
    result = pytester.runpytest()
    result.assert_outcomes(failed=2)
    unconfirmed = "*enable_roaming(customer_id='C1001', phone_number='312-555-0147') UNCONFIRMED*"
    result.stdout.fnmatch_lines(["*ias = 0.000*", unconfirmed])


# --------------------------------------------------------------------------------------------- the reference agent


def test_reference_agent_solves_the_default_set_within_the_users_patience(telecom) -> None:
    failures = []
    for task in telecom.tasks:
        for persona in ("none", "easy", "hard"):
            conv = converse(telecom, task.id, persona)
            if conv.goal_achieved:
                assert ias(conv) == 1.0 and cfa(conv) == 1.0, (task.id, persona, ias(conv).evidence, cfa(conv).evidence)
                if task.escalation_expected:
                    assert conv.termination is Termination.AGENT_TRANSFER
            else:
                failures.append((task.id, persona, conv.success_detail))
    # a one-step-at-a-time user (tau2's rule) takes a turn per fault, check and restart: long, but never wasted
    assert not failures, failures


def test_reference_agent_confirms_each_write_naming_its_values(telecom) -> None:
    conv = converse(telecom, "[service_issue]overdue_bill_suspension", "none")
    assert conv.goal_achieved, conv.success_detail
    score = assert_ias(conv)
    assert len([e for e in score.evidence if "confirmed at turn" in e]) == 2  # payment request, resume
    question = next(t.text for t in conv.agent_turns if "payment request for bill" in t.text)
    assert re.search(r"account C\d{4}\?$", question) and re.search(r"bill B\d{4} of \$\d+\.\d\d", question)


def test_personas_behave_on_telecom(telecom) -> None:
    tasks = [t.id for t in telecom.tasks if "|" not in t.id]

    def stats(persona: str) -> tuple[float, float, float]:
        convs = [converse(telecom, tid, persona, seed=s) for tid in tasks for s in range(2)]
        number = re.compile(r"\d{3}-\d{3}-\d{4}")
        opening_number = statistics.mean(bool(number.search(c.turns[0].text)) for c in convs)
        vague_opening = statistics.mean(any(a.vague for a in c.turns[0].acts) for c in convs)
        return opening_number, vague_opening, statistics.mean(len(c.agent_turns) for c in convs)

    easy, none, hard = stats("easy"), stats("none"), stats("hard")
    assert easy[0] > 0.8 and hard[0] < 0.1  # easy gives the phone number at once, hard only when asked
    assert hard[1] == 1.0 and easy[1] == none[1] == 0.0  # hard opens vaguely
    assert easy[2] < none[2] < hard[2]


# --------------------------------------------------------------------------------------------- flawed agents


def test_skipping_confirmation_fails_ias(telecom) -> None:
    for task_id in ("[mobile_data_issue]data_usage_exceeded", "[service_issue]overdue_bill_suspension"):
        conv = converse(telecom, task_id, "easy", agent="skips_confirmation")
        assert conv.goal_achieved  # the account ends up right, which is exactly why success alone is not enough
        assert ias(conv) == 0.0
        with pytest.raises(AssertionError, match="UNCONFIRMED: no earlier agent turn asked"):
            assert_ias(conv)


def test_escalating_everything_fails_every_fixable_task(telecom) -> None:
    for task in telecom.tasks:
        conv = converse(telecom, task.id, "none", agent="escalates_everything")
        assert conv.termination is Termination.AGENT_TRANSFER
        assert conv.goal_achieved == task.escalation_expected, task.id
        if not task.escalation_expected:
            assert any("expected" in p for p in conv.success_detail), conv.success_detail


def test_never_verifying_identity_misses_the_account(telecom) -> None:
    device_only = converse(telecom, "[mms_issue]break_app_sms_permission", "none", agent="never_verifies")
    assert device_only.goal_achieved  # the phone got fixed...
    score = cfa(device_only)  # ...but the customer and the line were never looked up
    assert score == 0.0 and any("get_line_details was never called" in e for e in score.evidence)
    account = converse(telecom, "[mobile_data_issue]data_usage_exceeded", "none", agent="never_verifies")
    assert not account.goal_achieved and account.termination is Termination.AGENT_TRANSFER
    assert "state lines.L301.data_refuel_gb is 0.0, expected 2.0" in account.success_detail or any(
        "data_refuel_gb" in p for p in account.success_detail)
