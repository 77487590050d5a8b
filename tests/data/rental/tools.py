"""A car-rental desk's tools: find a reservation, extend it, add a second driver, cancel it."""

from typing import Any

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("confirmation_code", "last_name"))
def find_reservation(state: dict[str, Any], confirmation_code: str, last_name: str) -> dict[str, Any]:
    """Look up a reservation by the confirmation code from the booking email (like RX-48213) and the renter's
    surname."""
    res = state["reservations"].get(confirmation_code.strip().upper())
    if res is None or res["renter_last_name"].lower() != last_name.strip().lower():
        raise ToolError("no reservation matches that code and surname")
    return {"confirmation_code": confirmation_code.strip().upper(), **res}


@tool(irreversible=True, critical=("confirmation_code", "return_date"))
def extend_rental(state: dict[str, Any], confirmation_code: str, return_date: str) -> dict[str, Any]:
    """Move the drop-off to a later day (YYYY-MM-DD); the daily rate applies to the added days."""
    res = state["reservations"].get(confirmation_code)
    if res is None:
        raise ToolError(f"no reservation {confirmation_code}")
    if return_date <= res["return_date"]:
        raise ToolError("the new return date must be after the current one")
    added = int(return_date[-2:]) - int(res["return_date"][-2:])
    res["return_date"] = return_date
    return {"confirmation_code": confirmation_code, "return_date": return_date,
            "added_cost_usd": round(added * res["daily_rate_usd"], 2)}


@tool(irreversible=True, critical=("confirmation_code", "driver_name", "licence_number"))
def add_driver(state: dict[str, Any], confirmation_code: str, driver_name: str,
               licence_number: str) -> dict[str, Any]:
    """Add a second driver to the rental agreement (12 USD a day); they must show this driving licence at pick-up."""
    res = state["reservations"].get(confirmation_code)
    if res is None:
        raise ToolError(f"no reservation {confirmation_code}")
    res["drivers"].append({"name": driver_name, "licence": licence_number.replace(" ", "").upper()})
    return {"confirmation_code": confirmation_code, "drivers": len(res["drivers"])}


@tool(irreversible=True, critical=("confirmation_code",))
def cancel_reservation(state: dict[str, Any], confirmation_code: str) -> dict[str, Any]:
    """Cancel a reservation; free up to 24 hours before pick-up."""
    res = state["reservations"].get(confirmation_code)
    if res is None:
        raise ToolError(f"no reservation {confirmation_code}")
    res["status"] = "cancelled"
    return {"confirmation_code": confirmation_code, "status": "cancelled", "fee_usd": 0}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the caller to a branch supervisor with a short summary."""
    return "transferred"
