"""An electricity supplier: customer accounts, meter readings and move-outs; the customer's meter at home."""

from typing import Any

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("account_number",))
def find_account(state: dict[str, Any], account_number: str) -> dict[str, Any]:
    """Look up a customer account by its account number (four digits, a dash, four digits)."""
    account = state["accounts"].get(account_number.strip())
    if account is None:
        raise ToolError("no account with that number")
    return {"account_number": account_number.strip(), **account}


@tool(critical=("account_number", "reading"))
def submit_meter_reading(state: dict[str, Any], account_number: str, reading: int) -> dict[str, Any]:
    """Record the customer's meter reading (kWh) so the next bill is not estimated."""
    account = state["accounts"].get(account_number)
    if account is None:
        raise ToolError("no account with that number")
    if reading < account["last_reading"]:
        raise ToolError(f"a reading below the last one ({account['last_reading']}) is impossible")
    account["last_reading"] = reading
    return {"recorded": reading}


@tool(irreversible=True, critical=("account_number", "move_out_date"))
def schedule_move_out(state: dict[str, Any], account_number: str, move_out_date: str) -> dict[str, Any]:
    """Close the account on the customer's move-out date (YYYY-MM-DD): a final bill follows."""
    account = state["accounts"].get(account_number)
    if account is None:
        raise ToolError("no account with that number")
    account["move_out"] = move_out_date
    return {"closing_on": move_out_date}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a one-line summary."""
    return "transferred"


@tool(side="user")
def read_meter(state: dict[str, Any]) -> str:
    """The number shown on the electricity meter's display, in kWh."""
    return f"{state['home']['meter']} kWh"
