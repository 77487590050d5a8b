"""A home-broadband provider's support: find an account, book an engineer visit, change the plan, credit an outage;
and the customer's own router (its lights, a restart, a speed test), which only the customer can operate."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool

PLANS = {"Fibre 150": 32.0, "Fibre 500": 38.0, "Fibre 900": 45.0}


@tool(critical=("account_number", "postcode"))
def find_account(state: dict[str, Any], account_number: str, postcode: str) -> dict[str, Any]:
    """Look a broadband account up by its 10-digit account number (top of every bill) and the postcode of the
    installation address."""
    number = account_number.replace(" ", "").strip()
    account = state["accounts"].get(number)
    if account is None or account["postcode"].replace(" ", "").upper() != postcode.replace(" ", "").upper():
        raise ToolError("no account matches that number and postcode")
    return {"account_number": number, "holder": account["holder"], "plan": account["plan"],
            "monthly_price": account["monthly_price"], "postcode": account["postcode"]}


@tool(irreversible=True, critical=("account_number", "visit_date", "time_slot", "contact_name"))
def book_engineer_visit(state: dict[str, Any], account_number: str, visit_date: str,
                        time_slot: Literal["morning", "afternoon"], contact_name: str) -> dict[str, Any]:
    """Book an engineer to visit the installation address on a weekday (YYYY-MM-DD) in the morning (8-12) or the
    afternoon (12-5); someone over 18 must be home. A 65 GBP call-out fee applies if the fault is inside the home."""
    account = state["accounts"].get(account_number)
    if account is None:
        raise ToolError(f"no account {account_number}")
    account["visit"] = {"date": visit_date, "slot": time_slot, "contact": contact_name}
    return {"account_number": account_number, "visit_date": visit_date, "time_slot": time_slot,
            "reference": "ENG-7730"}


@tool(irreversible=True, critical=("account_number", "plan"))
def change_plan(state: dict[str, Any], account_number: str,
                plan: Literal["Fibre 150", "Fibre 500", "Fibre 900"]) -> dict[str, Any]:
    """Move the account to another broadband plan from the next bill; starts a new 18-month contract."""
    account = state["accounts"].get(account_number)
    if account is None:
        raise ToolError(f"no account {account_number}")
    if account["plan"] == plan:
        raise ToolError(f"the account is already on {plan}")
    account["plan"], account["monthly_price"] = plan, PLANS[plan]
    return {"account_number": account_number, "plan": plan, "monthly_price": PLANS[plan]}


@tool(critical=("account_number", "days"))
def apply_outage_credit(state: dict[str, Any], account_number: str, days: int) -> dict[str, Any]:
    """Credit the next bill for whole days without service (1.50 GBP a day, up to 14 days)."""
    account = state["accounts"].get(account_number)
    if account is None:
        raise ToolError(f"no account {account_number}")
    if not 1 <= int(days) <= 14:
        raise ToolError("an outage credit covers 1 to 14 days")
    account["credit_days"] = int(days)
    return {"account_number": account_number, "credit_gbp": round(1.5 * int(days), 2)}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Pass the customer to a second-line technician, with a one-line summary."""
    return "transferred"


@tool(side="user")
def check_router_lights(state: dict[str, Any]) -> str:
    """Look at the lights on the front of the router and say their colours."""
    router = state["router"]
    if not router["online"]:
        return "Power: solid green. Internet: blinking orange. Wi-Fi: solid green."
    return "Power, Internet and Wi-Fi lights are all solid green."


@tool(side="user")
def restart_router(state: dict[str, Any]) -> str:
    """Switch the router off at the back, wait 30 seconds, switch it on again and wait two minutes."""
    router = state["router"]
    router["restarts"] += 1
    if router["needs_restart"]:
        router["online"], router["needs_restart"] = True, False
    return "The router has restarted."


@tool(side="user")
def run_speed_test(state: dict[str, Any]) -> str:
    """Run the speed test at speedtest.example.net on a device connected to the router and read out the result."""
    router = state["router"]
    if not router["online"]:
        return "The speed test could not connect: no internet connection."
    if router["line_fault"]:
        return "Download 3.1 Mbps, upload 0.4 Mbps."
    return "Download 148.6 Mbps, upload 29.3 Mbps."
