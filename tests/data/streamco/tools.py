"""A streaming service's support: accounts and charges for the agent; the customer's TV app for the customer."""

from typing import Any

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("email",))
def find_account(state: dict[str, Any], email: str) -> dict[str, Any]:
    """Look up a subscriber by the email they sign in with: account id, plan, recent charges."""
    for aid, a in state["accounts"].items():
        if a["email"] == email.strip().lower():
            return {"account_id": aid, "plan": a["plan"], "charges": a["charges"]}
    raise ToolError("no account with that email")


@tool(irreversible=True, critical=("account_id", "charge_ids"))
def refund_charges(state: dict[str, Any], account_id: str, charge_ids: list[str]) -> dict[str, Any]:
    """Refund one or more charges of an account to the card they were paid with."""
    account = state["accounts"].get(account_id)
    if account is None:
        raise ToolError(f"no account {account_id}")
    known = {c["charge_id"]: c for c in account["charges"]}
    for cid in charge_ids:
        if cid not in known:
            raise ToolError(f"no charge {cid} on this account")
        known[cid]["refunded"] = True
    return {"refunded": sorted(charge_ids)}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a one-line summary."""
    return "transferred"


@tool(side="user")
def read_error_on_screen(state: dict[str, Any]) -> str:
    """The error message the TV app shows when playback fails (empty when none)."""
    return "" if state["tv"]["playback_ok"] else "Error code S-204: cannot load title"


@tool(side="user")
def clear_app_cache(state: dict[str, Any]) -> str:
    """Clear the TV app's cached data from the TV's app settings."""
    state["tv"]["cache_cleared"] = True
    return "cache cleared"


@tool(side="user")
def restart_app(state: dict[str, Any]) -> str:
    """Close the TV app completely and open it again."""
    tv = state["tv"]
    tv["playback_ok"] = tv["cache_cleared"]
    return "the app is open again"


@tool(side="user")
def play_a_title(state: dict[str, Any]) -> str:
    """Try to play any show or film in the TV app and say what happens."""
    return "it plays" if state["tv"]["playback_ok"] else "Error code S-204: cannot load title"
