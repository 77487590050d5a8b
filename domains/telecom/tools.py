"""The telecom domain's entry point: agent tools (carrier backend), user tools (the phone), the per-step sync and
the task generator.

The loader imports only this file, so the sibling modules (``agent_tools``, ``phone``, ``taskgen``) are imported
here by path, under names derived from this module's own unique name; the tools they define are re-exported so the
loader finds them in this module's namespace.

``read_task_file`` runs tau2-bench's own telecom task files (``tau2_files``). The domain's task sets are
``splits.SPLITS`` (tau2-bench's ``small``, ``base``, ``train``, ``test``, ``full`` and our
default ``sample``): a test picks one with ``@pytest.mark.domain("telecom", split="test")``, and
``MMTAU_TELECOM_TASKS=<split>`` changes the default set of every test that names none.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from pytest_mmtau.domain import import_file
from pytest_mmtau.errors import UsageError

_HERE = Path(__file__).resolve().parent


def _sibling(name: str) -> ModuleType:
    return import_file(_HERE / f"{name}.py", f"{__name__}__{name}")


agent_tools = _sibling("agent_tools")
phone = _sibling("phone")
taskgen = _sibling("taskgen")
splits = _sibling("splits")
tau2_files = _sibling("tau2_files")
SPLITS = splits.SPLITS

# Re-export every tool so the loader, which scans this module, registers them.
for _module in (agent_tools, phone):
    for _name, _value in vars(_module).items():
        if callable(_value) and hasattr(_value, "__mmtau_tool__"):
            globals()[_name] = _value
del _module, _name, _value


def after_step(state: dict[str, Any]) -> None:
    """Carry the backend onto the phone after every step (and the phone's payments back to the backend), as
    tau2-bench's ``sync_tools`` does.

    A paid payment request settles its bill; the first bill awaiting payment appears on the phone as a payment
    request; line status (at the phone's next network search), roaming permission and data left reach the phone
    through ``phone_view``.
    """
    handset = state["phone"]
    request = handset["payment_request"]
    if request is not None and request["status"] == "paid":
        state["bills"][request["bill_id"]]["status"] = "paid"
        handset["payment_request"] = None
    if handset["payment_request"] is None:
        line = phone.phone_line(state)
        owner = line["customer_id"] if line else None
        waiting = [b for _, b in sorted(state["bills"].items())
                   if b["customer_id"] == owner and b["status"] == "awaiting_payment"]
        if waiting:
            handset["payment_request"] = {"bill_id": waiting[0]["bill_id"], "amount": waiting[0]["amount"],
                                          "status": "pending"}
    state["phone_view"] = phone.derive_view(state)


def generate_tasks(state: dict[str, Any], split: str | None = None) -> Iterable[Any]:
    """The tasks of ``split``; without one, of ``MMTAU_TELECOM_TASKS`` (default: our seeded ``sample``)."""
    if split is None:
        split = os.environ.get("MMTAU_TELECOM_TASKS", "").strip().lower() or splits.DEFAULT_SPLIT
        if split not in SPLITS:
            raise UsageError(f"MMTAU_TELECOM_TASKS={split!r}: allowed values are the telecom splits "
                             f"{', '.join(map(repr, SPLITS))}")
    who = taskgen.customers(state)
    return [taskgen.build_task(intent, names, who, persona=splits.persona((intent, names)))
            for intent, names in splits.combinations(split)]


def read_task_file(path: Path, state: dict[str, Any], ids: frozenset[str] | None = None) -> Any:
    """The tasks of a tau2-bench telecom task file (``tau2_files``; only ``ids`` when given); None for a file in this
    domain's own format."""
    return tau2_files.read(path, state, (_HERE / "policy.md").read_text(encoding="utf-8"), after_step, ids)
