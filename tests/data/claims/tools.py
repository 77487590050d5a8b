"""A home-insurance claims desk: find a policy, lodge a new claim, withdraw an open one, email a claim form."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("policy_number", "date_of_birth"))
def find_policy(state: dict[str, Any], policy_number: str, date_of_birth: str) -> dict[str, Any]:
    """Look a home policy up by its policy number (like HM-204871, on the policy schedule) and the policyholder's
    date of birth (YYYY-MM-DD). Returns the holder, the cover, the excess and the policy's open claims."""
    number = policy_number.strip().upper()
    policy = state["policies"].get(number)
    if policy is None or policy["date_of_birth"] != date_of_birth.strip():
        raise ToolError("no policy matches that number and date of birth")
    open_claims = [{"claim_number": cid, **c} for cid, c in state["claims"].items()
                   if c["policy_number"] == number and c["status"] == "open"]
    return {"policy_number": number, "holder": policy["holder"], "cover": policy["cover"],
            "excess": policy["excess"], "open_claims": open_claims}


@tool(irreversible=True, critical=("policy_number", "claim_type", "incident_date", "estimated_amount"))
def file_claim(state: dict[str, Any], policy_number: str,
               claim_type: Literal["water_damage", "theft", "storm", "fire", "accidental_damage"],
               incident_date: str, estimated_amount: float) -> dict[str, Any]:
    """Lodge a new claim on a policy: what happened (the peril), the date it happened (YYYY-MM-DD) and the estimated
    cost of the loss. A lodged claim stays on the policy's claims history even if withdrawn later."""
    policy = state["policies"].get(policy_number)
    if policy is None:
        raise ToolError(f"no policy {policy_number}")
    if claim_type not in policy["cover"]:
        raise ToolError(f"the policy does not cover {claim_type}")
    claim_number = f"CLM-{state['next_claim']}"
    state["next_claim"] += 1
    state["claims"][claim_number] = {"policy_number": policy_number, "type": claim_type,
                                     "incident_date": incident_date, "estimated_amount": float(estimated_amount),
                                     "status": "open"}
    return {"claim_number": claim_number, "status": "open", "excess": policy["excess"]}


@tool(irreversible=True, critical=("claim_number", "reason"))
def withdraw_claim(state: dict[str, Any], claim_number: str,
                   reason: Literal["below_excess", "resolved_privately", "filed_by_mistake"]) -> dict[str, Any]:
    """Withdraw an open claim; it cannot be reopened (a new claim would have to be lodged)."""
    claim = state["claims"].get(claim_number.strip().upper())
    if claim is None or claim["status"] != "open":
        raise ToolError(f"no open claim {claim_number}")
    claim["status"] = "withdrawn"
    claim["withdrawal_reason"] = reason
    return {"claim_number": claim_number, "status": "withdrawn"}


@tool(critical=("claim_number", "email"))
def send_claim_form(state: dict[str, Any], claim_number: str, email: str) -> dict[str, Any]:
    """Email the detailed claim form of an open claim (to list the damaged items and attach receipts)."""
    claim = state["claims"].get(claim_number.strip().upper())
    if claim is None:
        raise ToolError(f"no claim {claim_number}")
    claim["form_sent_to"] = email.strip().lower()
    return {"claim_number": claim_number, "sent_to": email.strip().lower()}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Pass the caller to a claims handler, with a one-line summary."""
    return "transferred"
