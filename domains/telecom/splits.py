"""The named task sets of the telecom domain: tau2-bench's splits, computed from stated rules, and our default sample.

Every set is a rule over the task space of ``taskgen`` (2285 compositions, tau2-bench's full telecom set); nothing
is read from tau2-bench's data files.

- ``full``: every task.
- ``small``: the 20 tasks with a single subtask.
- ``base``: tau2-bench's benchmark set (114). tau2 generated its tasks with a 20th subtask,
  ``data_usage_exceeded_no_refuel``, in the data-usage selection set, cycled the personas None, Easy, Hard over each
  intent's tasks in generation order (mobile data, service, MMS; see ``taskgen.combinations``), drew up to 3 tasks
  from every (intent, number of subtasks >= 2, persona) bin with Python's ``random.seed(42)`` and ``random.sample``,
  bins in first-seen order, and released only the tasks without that 20th subtask. Replaying that rule gives
  exactly its 114 tasks, and the persona of each of the 2285.
- ``test``: the 40 tasks MM-τ-p² lists in its Appendix A.1 (tau2-bench's test split; not derivable by a rule, so the
  ids are listed here as published).
- ``train``: ``base`` without ``test`` (74).
- ``sample`` (the default): ours, every single-subtask task plus 2 seeded tasks per (intent, number of subtasks) bin
  (``taskgen.sample_combinations``), for a fast default run.

A task's persona is tau2's (``None``/``Easy``/``Hard`` → the presets ``none``/``easy``/``hard``); tau2's task id is
ours plus ``[PERSONA:<persona>]``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from pathlib import Path

from pytest_mmtau.domain import import_file
from pytest_mmtau.errors import UsageError, allowed

# the sibling as tools.py loaded it (domain files are imported by path, under names derived from tools.py's)
taskgen = import_file(Path(__file__).with_name("taskgen.py"), __name__.rsplit("__", 1)[0] + "__taskgen")

SPLITS: Mapping[str, str] = {
    "sample": "our default: every single-subtask task plus 2 seeded tasks per (intent, number of subtasks) bin",
    "small": "tau2-bench's small split: the 20 single-subtask tasks",
    "base": "tau2-bench's benchmark set: 114 tasks, up to 3 per (intent, number of subtasks, persona) bin",
    "train": "tau2-bench's train split: base without test (74 tasks)",
    "test": "tau2-bench's test split: the 40 tasks of MM-τ-p² Appendix A.1",
    "full": "tau2-bench's full set: all 2285 tasks",
}
DEFAULT_SPLIT = "sample"
PERSONA_PRESETS = {"None": "none", "Easy": "easy", "Hard": "hard"}  # tau2's persona names → our presets

_UNRELEASED = "data_usage_exceeded_no_refuel"  # in tau2's generator, absent from its released tasks
_GENERATION_ORDER = ("mobile_data_issue", "service_issue", "mms_issue")
_BASE_SEED, _BASE_PER_BIN = 42, 3
Combo = tuple[str, tuple[str, ...]]

# MM-τ-p² Appendix A.1: tau2-bench's 40 test tasks (their ids without the persona).
TEST_IDS: tuple[str, ...] = (
    "[mms_issue]airplane_mode_on|bad_network_preference|bad_wifi_calling|break_apn_mms_setting|"
    "break_app_both_permissions|unseat_sim_card|user_abroad_roaming_enabled_off",
    "[mms_issue]airplane_mode_on|bad_network_preference|bad_wifi_calling|break_apn_mms_setting|"
    "break_app_sms_permission|data_mode_off|data_usage_exceeded|unseat_sim_card|user_abroad_roaming_disabled_on",
    "[mms_issue]airplane_mode_on|bad_network_preference|bad_wifi_calling|break_apn_mms_setting|"
    "break_app_storage_permission|data_mode_off|data_usage_exceeded|unseat_sim_card|user_abroad_roaming_disabled_on",
    "[mms_issue]airplane_mode_on|bad_network_preference|break_app_both_permissions|data_usage_exceeded|"
    "unseat_sim_card|user_abroad_roaming_disabled_on",
    "[mms_issue]airplane_mode_on|bad_network_preference|break_app_storage_permission|data_mode_off|"
    "user_abroad_roaming_enabled_off",
    "[mms_issue]airplane_mode_on|bad_wifi_calling|break_app_both_permissions|data_mode_off|data_usage_exceeded|"
    "unseat_sim_card|user_abroad_roaming_enabled_off",
    "[mms_issue]airplane_mode_on|bad_wifi_calling|user_abroad_roaming_enabled_off",
    "[mms_issue]airplane_mode_on|break_app_both_permissions",
    "[mms_issue]airplane_mode_on|break_app_both_permissions|data_usage_exceeded|user_abroad_roaming_disabled_off",
    "[mms_issue]bad_network_preference|bad_wifi_calling|break_app_sms_permission|data_mode_off|data_usage_exceeded|"
    "unseat_sim_card|user_abroad_roaming_enabled_off",
    "[mms_issue]bad_network_preference|break_app_both_permissions",
    "[mms_issue]bad_network_preference|break_app_sms_permission|user_abroad_roaming_disabled_on",
    "[mms_issue]bad_network_preference|data_mode_off|user_abroad_roaming_disabled_on",
    "[mms_issue]bad_wifi_calling|break_apn_mms_setting|break_app_both_permissions|data_mode_off|data_usage_exceeded|"
    "user_abroad_roaming_disabled_off",
    "[mms_issue]break_apn_mms_setting|user_abroad_roaming_enabled_off",
    "[mms_issue]break_app_sms_permission|data_mode_off",
    "[mobile_data_issue]airplane_mode_on|bad_network_preference|bad_vpn|data_mode_off|data_saver_mode_on|"
    "data_usage_exceeded|user_abroad_roaming_enabled_off",
    "[mobile_data_issue]airplane_mode_on|bad_network_preference|data_mode_off|data_saver_mode_on",
    "[mobile_data_issue]airplane_mode_on|data_mode_off|data_saver_mode_on|data_usage_exceeded|"
    "user_abroad_roaming_enabled_off",
    "[mobile_data_issue]airplane_mode_on|data_saver_mode_on|user_abroad_roaming_disabled_on",
    "[mobile_data_issue]bad_network_preference|bad_vpn|data_mode_off|data_saver_mode_on|data_usage_exceeded|"
    "user_abroad_roaming_enabled_off",
    "[mobile_data_issue]bad_network_preference|bad_vpn|data_saver_mode_on|data_usage_exceeded|"
    "user_abroad_roaming_disabled_off",
    "[mobile_data_issue]bad_network_preference|bad_vpn|user_abroad_roaming_disabled_off",
    "[mobile_data_issue]bad_vpn|data_mode_off|data_usage_exceeded|user_abroad_roaming_disabled_off",
    "[mobile_data_issue]data_saver_mode_on|user_abroad_roaming_enabled_off",
    "[service_issue]airplane_mode_on|break_apn_settings|contract_end_suspension|lock_sim_card_pin",
    "[service_issue]airplane_mode_on|break_apn_settings|contract_end_suspension|lock_sim_card_pin|unseat_sim_card",
    "[service_issue]airplane_mode_on|break_apn_settings|lock_sim_card_pin|overdue_bill_suspension",
    "[service_issue]airplane_mode_on|break_apn_settings|lock_sim_card_pin|unseat_sim_card",
    "[service_issue]airplane_mode_on|break_apn_settings|overdue_bill_suspension",
    "[service_issue]airplane_mode_on|contract_end_suspension|lock_sim_card_pin|unseat_sim_card",
    "[service_issue]airplane_mode_on|lock_sim_card_pin",
    "[service_issue]airplane_mode_on|lock_sim_card_pin|overdue_bill_suspension",
    "[service_issue]airplane_mode_on|overdue_bill_suspension",
    "[service_issue]break_apn_settings|contract_end_suspension|lock_sim_card_pin",
    "[service_issue]break_apn_settings|contract_end_suspension|lock_sim_card_pin|unseat_sim_card",
    "[service_issue]break_apn_settings|lock_sim_card_pin",
    "[service_issue]break_apn_settings|lock_sim_card_pin|overdue_bill_suspension",
    "[service_issue]contract_end_suspension|unseat_sim_card",
    "[service_issue]overdue_bill_suspension|unseat_sim_card",
)


@functools.cache
def _generated() -> tuple[tuple[Combo, str], ...]:
    """tau2's generation: every composition, the unreleased subtask included, with its cycled persona."""
    sets = {intent: tuple((*s, _UNRELEASED) if "data_usage_exceeded" in s else s for s in members)
            for intent, members in taskgen.SELECTION_SETS.items()}
    cycle = tuple(PERSONA_PRESETS)
    return tuple((combo, cycle[i % len(cycle)])
                 for intent in _GENERATION_ORDER
                 for i, combo in enumerate(taskgen.combinations(intent, sets)))


def persona(combo: Combo) -> str:
    """The preset tau2-bench plays this task with."""
    return _personas()[combo]


@functools.cache
def _personas() -> dict[Combo, str]:
    return {combo: PERSONA_PRESETS[name] for combo, name in _generated() if _UNRELEASED not in combo[1]}


def tau2_id(combo: Combo) -> str:
    """tau2-bench's id of a task: ours plus the persona."""
    tau2_name = next(k for k, v in PERSONA_PRESETS.items() if v == persona(combo))
    return f"{taskgen.task_id(*combo)}[PERSONA:{tau2_name}]"


def _base() -> set[Combo]:
    rng = random.Random(_BASE_SEED)  # the same stream as tau2's random.seed(42)
    bins: dict[tuple[str, int, str], list[Combo]] = {}
    for combo, persona_name in _generated():
        if len(combo[1]) >= 2:
            bins.setdefault((combo[0], len(combo[1]), persona_name), []).append(combo)
    drawn = (c for members in bins.values() for c in rng.sample(members, min(_BASE_PER_BIN, len(members))))
    return {c for c in drawn if _UNRELEASED not in c[1]}


def _test() -> set[Combo]:
    return {(tid[1:tid.index("]")], tuple(tid[tid.index("]") + 1:].split("|"))) for tid in TEST_IDS}


def combinations(split: str) -> list[Combo]:
    """The compositions of a named split, in tau2-bench's order."""
    if split not in SPLITS:
        raise UsageError(f"telecom has no split {split!r}; allowed: {allowed(SPLITS)}")
    if split == "sample":
        return taskgen.sample_combinations()
    every = list(_personas())  # tau2's generation order
    if split == "full":
        return every
    if split == "small":
        return [c for c in every if len(c[1]) == 1]
    chosen = {"base": _base, "test": _test, "train": lambda: _base() - _test()}[split]()
    return [c for c in every if c in chosen]
