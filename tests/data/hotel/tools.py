"""A hotel's guest-services tools: find a stay, upgrade the room, add breakfast, arrange a late check-out."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("booking_reference", "last_name"))
def find_stay(state: dict[str, Any], booking_reference: str, last_name: str) -> dict[str, Any]:
    """A stay by its six-character booking reference (from the confirmation email) and the guest's surname."""
    stay = state["stays"].get(booking_reference.strip().upper())
    if stay is None or stay["guest_last_name"].lower() != last_name.strip().lower():
        raise ToolError("no stay matches that reference and surname")
    return {"booking_reference": booking_reference.strip().upper(), **stay}


@tool(irreversible=True, critical=("booking_reference", "room_type"))
def upgrade_room(state: dict[str, Any], booking_reference: str,
                 room_type: Literal["superior double", "sea view double", "junior suite"]) -> dict[str, Any]:
    """Move the stay to a better room type for every night; the price difference is charged at check-out."""
    stay = state["stays"].get(booking_reference)
    if stay is None:
        raise ToolError(f"no stay {booking_reference}")
    if room_type not in state["available_rooms"]:
        raise ToolError(f"no {room_type} free for those nights")
    stay["room_type"] = room_type
    return {"booking_reference": booking_reference, "room_type": room_type}


@tool(irreversible=True, critical=("booking_reference", "guests"))
def add_breakfast(state: dict[str, Any], booking_reference: str, guests: int) -> dict[str, Any]:
    """Add the breakfast buffet for a number of guests on every morning of the stay (18 EUR per guest per day)."""
    stay = state["stays"].get(booking_reference)
    if stay is None:
        raise ToolError(f"no stay {booking_reference}")
    if not 1 <= int(guests) <= stay["guests"]:
        raise ToolError(f"the booking is for {stay['guests']} guests")
    stay["breakfast_guests"] = int(guests)
    return {"booking_reference": booking_reference, "breakfast_guests": int(guests)}


@tool(critical=("booking_reference", "checkout_time"))
def set_late_checkout(state: dict[str, Any], booking_reference: str, checkout_time: str) -> dict[str, Any]:
    """Let the guest leave the room later on the last day (HH:MM, no later than 14:00); free for loyalty members."""
    stay = state["stays"].get(booking_reference)
    if stay is None:
        raise ToolError(f"no stay {booking_reference}")
    if checkout_time > "14:00":
        raise ToolError("the latest check-out is 14:00")
    stay["checkout_time"] = checkout_time
    return {"booking_reference": booking_reference, "checkout_time": checkout_time}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the guest to the duty manager, with a one-line summary."""
    return "transferred"
