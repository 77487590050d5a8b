"""The carrier backend the agent works on: customers, lines, plans, bills, devices.

Reads look customers up (by phone number, by id, or by full name and date of birth) and show a line, its data usage,
and a customer's bills. Writes are irreversible. As in tau2-bench, they refuse only what the system cannot do (an
unknown id, a line of another customer, resuming a line that is not suspended); the policy's rules — resume only
after overdue bills are paid and never after the contract ended, request payment only for an unpaid bill, refuel
at most 2 GB — are the agent's to keep, so breaking one shows in the task's success and in the metrics rather than
as a refusal. ``customer_id`` and ``phone_number`` are critical fields of every write.
"""

from __future__ import annotations

from typing import Any

from pytest_mmtau.domain import ToolError, tool


def _customer(state: dict[str, Any], customer_id: str) -> dict[str, Any]:
    customer = state["customers"].get(customer_id.strip().upper())
    if customer is None:
        raise ToolError(f"no customer {customer_id!r}")
    return customer


def _digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def _line_by_number(state: dict[str, Any], phone_number: str) -> dict[str, Any]:
    wanted = _digits(phone_number)
    line = next((line for line in state["lines"].values() if _digits(line["phone_number"]) == wanted), None)
    if line is None or not wanted:
        raise ToolError(f"no line with phone number {phone_number!r}")
    return line


def _owned_line(state: dict[str, Any], customer_id: str, phone_number: str) -> dict[str, Any]:
    customer = _customer(state, customer_id)
    line = _line_by_number(state, phone_number)
    if line["customer_id"] != customer["customer_id"]:
        raise ToolError(f"line {phone_number} does not belong to customer {customer['customer_id']}")
    return line


def _summary(state: dict[str, Any], customer: dict[str, Any]) -> dict[str, Any]:
    numbers = [line["phone_number"] for line in state["lines"].values()
               if line["customer_id"] == customer["customer_id"]]
    return {**customer, "phone_numbers": numbers}


def _contract_ended(state: dict[str, Any], line: dict[str, Any]) -> bool:
    end = line["contract_end_date"]  # None: no contract
    return end is not None and end < state["carrier"]["today"]  # ISO dates compare as text


def _remaining(state: dict[str, Any], line: dict[str, Any]) -> float:
    plan = state["plans"][line["plan_id"]]
    return round(plan["data_gb"] + line["data_refuel_gb"] - line["data_used_gb"], 2)


# --------------------------------------------------------------------------------------------- reads


@tool(critical=("phone_number",))
def get_customer_by_phone(state: dict[str, Any], phone_number: str) -> dict[str, Any]:
    """Find the customer who owns the line with this phone number (format 312-555-0147)."""
    line = _line_by_number(state, phone_number)
    return _summary(state, state["customers"][line["customer_id"]])


@tool(critical=("customer_id",))
def get_customer_by_id(state: dict[str, Any], customer_id: str) -> dict[str, Any]:
    """Find a customer by customer id (format C1001)."""
    return _summary(state, _customer(state, customer_id))


@tool()
def get_customer_by_name(state: dict[str, Any], full_name: str, date_of_birth: str) -> dict[str, Any]:
    """Find a customer by full name and date of birth (YYYY-MM-DD); both must match."""
    name = " ".join(full_name.lower().split())
    found = [c for c in state["customers"].values()
             if " ".join(c["full_name"].lower().split()) == name and c["date_of_birth"] == date_of_birth.strip()]
    if not found:
        raise ToolError(f"no customer named {full_name!r} born on {date_of_birth!r}")
    return _summary(state, found[0])


@tool(critical=("customer_id", "phone_number"))
def get_line_details(state: dict[str, Any], customer_id: str, phone_number: str) -> dict[str, Any]:
    """Show a customer's line: status and why it is suspended, plan, roaming, contract end date, device."""
    line = _owned_line(state, customer_id, phone_number)
    plan = state["plans"][line["plan_id"]]
    return {
        "phone_number": line["phone_number"], "line_id": line["line_id"], "status": line["status"],
        "suspended_for": line["suspended_for"], "contract_end_date": line["contract_end_date"],
        "contract_ended": _contract_ended(state, line), "roaming_enabled": line["roaming_enabled"],
        "plan": {"name": plan["name"], "data_gb": plan["data_gb"], "monthly_fee": plan["monthly_fee"],
                 "refuel_price_per_gb": plan["refuel_price_per_gb"]},
        "device": state["devices"].get(line["device_id"] or "", {}).get("model"), "today": state["carrier"]["today"],
    }


@tool(critical=("customer_id", "phone_number"))
def get_data_usage(state: dict[str, Any], customer_id: str, phone_number: str) -> dict[str, Any]:
    """Show a line's data usage in this billing cycle: used, plan allowance, refuelled, remaining."""
    line = _owned_line(state, customer_id, phone_number)
    return {"phone_number": line["phone_number"], "used_gb": line["data_used_gb"],
            "plan_gb": state["plans"][line["plan_id"]]["data_gb"], "refuelled_gb": line["data_refuel_gb"],
            "remaining_gb": max(_remaining(state, line), 0.0), "cycle_end": state["carrier"]["cycle_end"]}


@tool(critical=("customer_id",))
def get_bills(state: dict[str, Any], customer_id: str) -> list[dict[str, Any]]:
    """List a customer's bills: period, amount, due date, status (paid, issued, overdue, awaiting_payment), and
    whether a payment request was ever sent."""
    customer = _customer(state, customer_id)
    return [dict(bill) for _, bill in sorted(state["bills"].items()) if bill["customer_id"] == customer["customer_id"]]


# --------------------------------------------------------------------------------------------- writes


@tool(irreversible=True, critical=("customer_id", "phone_number"))
def suspend_line(state: dict[str, Any], customer_id: str, phone_number: str, reason: str) -> dict[str, Any]:
    """Suspend a line at the customer's request (lost or stolen phone). Irreversible."""
    line = _owned_line(state, customer_id, phone_number)
    if line["status"] != "active":
        raise ToolError(f"line {line['phone_number']} is not active (status {line['status']})")
    line["status"], line["suspended_for"] = "suspended", "customer_request"
    return {"phone_number": line["phone_number"], "status": "suspended", "reason": reason}


@tool(irreversible=True, critical=("customer_id", "phone_number"))
def resume_line(state: dict[str, Any], customer_id: str, phone_number: str) -> dict[str, Any]:
    """Resume a suspended line; the phone gets service again at its next network search (a restart). It does not
    check bills or the contract: the policy says when a line may be resumed. Irreversible."""
    line = _owned_line(state, customer_id, phone_number)
    if line["status"] != "suspended":
        raise ToolError(f"line {line['phone_number']} is not suspended")
    line["status"], line["suspended_for"] = "active", None
    return {"phone_number": line["phone_number"], "status": "active"}


@tool(irreversible=True, critical=("customer_id", "bill_id"))
def send_payment_request(state: dict[str, Any], customer_id: str, bill_id: str) -> dict[str, Any]:
    """Send a payment request for a bill to the customer's phone; the bill then awaits payment. It does not check
    whether the bill is already paid: check its status first. Refused while another bill of the customer awaits
    payment. Irreversible."""
    customer = _customer(state, customer_id)
    bill = state["bills"].get(bill_id.strip().upper())
    if bill is None or bill["customer_id"] != customer["customer_id"]:
        raise ToolError(f"customer {customer['customer_id']} has no bill {bill_id!r}")
    if any(b["status"] == "awaiting_payment" for b in state["bills"].values()
           if b["customer_id"] == customer["customer_id"]):
        raise ToolError("a bill of this customer already awaits payment; wait until it is paid")
    bill["status"], bill["payment_requested"] = "awaiting_payment", True
    return {"bill_id": bill["bill_id"], "amount": bill["amount"], "payment_request": "sent"}


def _set_roaming(state: dict[str, Any], customer_id: str, phone_number: str, enabled: bool) -> dict[str, Any]:
    line = _owned_line(state, customer_id, phone_number)
    was = line["roaming_enabled"] == enabled
    line["roaming_enabled"] = enabled
    return {"phone_number": line["phone_number"], "roaming_enabled": enabled,
            **({"note": f"roaming was already {'enabled' if enabled else 'disabled'}"} if was else {})}


@tool(irreversible=True, critical=("customer_id", "phone_number"))
def enable_roaming(state: dict[str, Any], customer_id: str, phone_number: str) -> dict[str, Any]:
    """Enable international roaming on a line (free of charge). Irreversible."""
    return _set_roaming(state, customer_id, phone_number, True)


@tool(irreversible=True, critical=("customer_id", "phone_number"))
def disable_roaming(state: dict[str, Any], customer_id: str, phone_number: str) -> dict[str, Any]:
    """Disable international roaming on a line. Irreversible."""
    return _set_roaming(state, customer_id, phone_number, False)


@tool(irreversible=True, critical=("customer_id", "phone_number", "gigabytes"))
def refuel_data(state: dict[str, Any], customer_id: str, phone_number: str, gigabytes: float) -> dict[str, Any]:
    """Add data to a line for this billing cycle, charged at the plan's refuel price. It does not enforce the
    policy's limit per cycle. Irreversible."""
    line = _owned_line(state, customer_id, phone_number)
    if gigabytes <= 0:
        raise ToolError(f"the refuel amount must be positive, got {gigabytes:g} GB")
    price = state["plans"][line["plan_id"]]["refuel_price_per_gb"]
    line["data_refuel_gb"] = round(line["data_refuel_gb"] + gigabytes, 2)
    line["refuel_charges"] = round(line["refuel_charges"] + gigabytes * price, 2)
    return {"phone_number": line["phone_number"], "added_gb": gigabytes, "charge": round(gigabytes * price, 2),
            "remaining_gb": _remaining(state, line)}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the customer to a human agent, with a one-line summary of the problem and what was tried."""
    return "transferred"
