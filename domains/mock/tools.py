"""Tools of the mock domain: an account backend for the agent and a home router the user operates."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool


def _account(state: dict[str, Any], account_id: str) -> dict[str, Any]:
    try:
        return state["accounts"][account_id.strip().upper()]
    except KeyError:
        raise ToolError(f"no account {account_id!r}") from None


@tool(critical=("account_id",))
def get_account(state: dict[str, Any], account_id: str) -> dict[str, Any]:
    """Look up an account: holder name, plan, status, balance and whether it is locked."""
    return {"account_id": account_id.strip().upper(), **_account(state, account_id)}


@tool(irreversible=True, critical=("account_id",))
def cancel_subscription(state: dict[str, Any], account_id: str) -> dict[str, Any]:
    """Cancel the subscription of an account. Irreversible."""
    account = _account(state, account_id)
    if account["locked"]:
        raise ToolError("account is locked; transfer the customer to a human")
    if account["status"] == "cancelled":
        raise ToolError("subscription is already cancelled")
    account["status"] = "cancelled"
    return {"status": "cancelled"}


@tool(irreversible=True, critical=("account_id", "plan"))
def change_plan(state: dict[str, Any], account_id: str, plan: Literal["basic", "premium"]) -> dict[str, Any]:
    """Move an account to another plan. Irreversible."""
    account = _account(state, account_id)
    if account["locked"]:
        raise ToolError("account is locked; transfer the customer to a human")
    account["plan"] = plan
    return {"plan": plan}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a one-line summary."""
    return "transferred"


@tool(side="user", phrases=("check the connection", "check your connection", "connection status"))
def check_connection(state: dict[str, Any]) -> str:
    """What the device's connection indicator shows."""
    return "online" if state["device"]["connected"] else "offline"


@tool(side="user", phrases=("turn on wi-fi", "turn on wifi", "switch on wi-fi", "enable wi-fi"))
def turn_on_wifi(state: dict[str, Any]) -> str:
    """Switch the device's Wi-Fi on."""
    state["device"]["wifi"] = True
    return "wi-fi is on"


@tool(side="user", phrases=("restart the router", "restart your router", "reboot the router", "power on the router"))
def restart_router(state: dict[str, Any]) -> str:
    """Power-cycle the home router (this also powers it on)."""
    state["device"]["router_powered"] = True
    return "the router restarted"


def after_step(state: dict[str, Any]) -> None:
    """The device is online exactly when Wi-Fi is on and the router has power."""
    device = state["device"]
    device["connected"] = bool(device["wifi"] and device["router_powered"])
