"""A fitness club's member-services tools: look a member up, pause (freeze) or end a membership, change the home
club; and the member's own club app on their phone (sign-in and the door pass)."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("email",))
def find_member(state: dict[str, Any], email: str) -> dict[str, Any]:
    """Look a member up by the email address they signed up with."""
    for mid, m in state["members"].items():
        if m["email"].lower() == email.strip().lower():
            return {"member_id": mid, "name": m["name"], "plan": m["plan"], "home_club": m["home_club"],
                    "status": m["status"]}
    raise ToolError("no member with that email")


@tool(critical=("member_id", "months"))
def freeze_membership(state: dict[str, Any], member_id: str, months: int) -> dict[str, Any]:
    """Pause billing and access for 1 to 3 whole months, starting on the next billing date."""
    member = state["members"].get(member_id)
    if member is None:
        raise ToolError(f"no member {member_id}")
    if not 1 <= int(months) <= 3:
        raise ToolError("a freeze lasts 1 to 3 months")
    member["status"] = "frozen"
    member["frozen_months"] = int(months)
    return {"member_id": member_id, "status": "frozen", "months": int(months)}


@tool(irreversible=True, critical=("member_id", "reason"))
def cancel_membership(state: dict[str, Any], member_id: str,
                      reason: Literal["moving_away", "too_expensive", "health", "other"]) -> dict[str, Any]:
    """End a membership at the close of the current billing month. It cannot be reactivated; a new joining fee
    applies to rejoin."""
    member = state["members"].get(member_id)
    if member is None:
        raise ToolError(f"no member {member_id}")
    member["status"] = "cancelled"
    member["cancel_reason"] = reason
    return {"member_id": member_id, "status": "cancelled"}


@tool(irreversible=True, critical=("member_id", "club"))
def change_home_club(state: dict[str, Any], member_id: str,
                     club: Literal["Harbour Street", "Millbrook", "Station Square"]) -> dict[str, Any]:
    """Move a member's home club (where their plan's classes are booked). Allowed once per 12 months."""
    member = state["members"].get(member_id)
    if member is None:
        raise ToolError(f"no member {member_id}")
    if member["home_club"] == club:
        raise ToolError(f"{club} is already the home club")
    member["home_club"] = club
    return {"member_id": member_id, "home_club": club}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Pass the member to a club manager, with a one-line summary."""
    return "transferred"


@tool(side="user")
def open_door_pass(state: dict[str, Any]) -> str:
    """Open the club app's door pass (the QR code scanned at the entrance) and say what it shows."""
    return "The door pass says: 'Pass expired - sign in again'." if state["app"]["signed_out"] else "A QR code."


@tool(side="user")
def sign_out_and_back_in(state: dict[str, Any]) -> str:
    """Sign out of the club app and sign back in."""
    state["app"]["signed_out"] = False
    return "Signed out, then back in."
