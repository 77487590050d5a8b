"""Tools of a small dental clinic: patients, their appointments, and rescheduling or cancelling them."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("last_name", "date_of_birth"))
def find_patient(state: dict[str, Any], last_name: str, date_of_birth: str) -> dict[str, Any]:
    """Find a patient record by surname and date of birth (YYYY-MM-DD)."""
    for pid, p in state["patients"].items():
        if p["last_name"].lower() == last_name.strip().lower() and p["dob"] == date_of_birth.strip():
            return {"patient_id": pid, "first_name": p["first_name"], "last_name": p["last_name"]}
    raise ToolError("no patient with that surname and date of birth")


@tool(critical=("patient_id",))
def list_appointments(state: dict[str, Any], patient_id: str) -> list[dict[str, Any]]:
    """Upcoming appointments of a patient: id, date, time, clinician and status."""
    return [{"appointment_id": aid, **a} for aid, a in state["appointments"].items() if a["patient_id"] == patient_id]


@tool(irreversible=True, critical=("appointment_id", "new_date"))
def reschedule_appointment(state: dict[str, Any], appointment_id: str, new_date: str) -> dict[str, Any]:
    """Move an appointment to another day (YYYY-MM-DD), same time and clinician."""
    appt = state["appointments"].get(appointment_id)
    if appt is None:
        raise ToolError(f"no appointment {appointment_id}")
    if new_date not in state["open_days"]:
        raise ToolError(f"no free slot on {new_date}")
    appt["date"] = new_date
    return {"appointment_id": appointment_id, "date": new_date}


@tool(irreversible=True, critical=("appointment_id",))
def cancel_appointment(state: dict[str, Any], appointment_id: str,
                       reason: Literal["illness", "schedule_conflict", "other"]) -> dict[str, Any]:
    """Cancel an appointment. Cannot be undone."""
    appt = state["appointments"].get(appointment_id)
    if appt is None:
        raise ToolError(f"no appointment {appointment_id}")
    appt["status"] = "cancelled"
    return {"appointment_id": appointment_id, "status": "cancelled"}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a receptionist, with a one-line summary."""
    return "transferred"
