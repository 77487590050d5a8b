"""A card issuer's support tools: verify a cardholder, read their transactions, dispute one, freeze a card; the
cardholder's banking app on their phone."""

from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool


@tool(critical=("full_name", "card_last_four"))
def verify_cardholder(state: dict[str, Any], full_name: str, card_last_four: str) -> dict[str, Any]:
    """Find the cardholder whose name and card's last four digits match."""
    for cid, c in state["customers"].items():
        if c["name"].lower() == full_name.strip().lower() and c["card"][-4:] == card_last_four.strip():
            return {"customer_id": cid, "card_id": c["card_id"]}
    raise ToolError("no cardholder matches that name and card")


@tool(critical=("customer_id",))
def list_transactions(state: dict[str, Any], customer_id: str) -> list[dict[str, Any]]:
    """Recent card transactions: id, date, merchant, amount in USD, status."""
    return [t for t in state["transactions"] if t["customer_id"] == customer_id]


@tool(irreversible=True, critical=("transaction_id", "reason"))
def dispute_transaction(state: dict[str, Any], transaction_id: str,
                        reason: Literal["not_recognised", "duplicate", "not_received"]) -> dict[str, Any]:
    """Open a dispute on a card transaction. A provisional credit follows in 2 business days."""
    for t in state["transactions"]:
        if t["transaction_id"] == transaction_id:
            t["status"] = "disputed"
            t["dispute_reason"] = reason
            return {"transaction_id": transaction_id, "status": "disputed"}
    raise ToolError(f"no transaction {transaction_id}")


@tool(irreversible=True, critical=("card_id",))
def freeze_card(state: dict[str, Any], card_id: str) -> dict[str, Any]:
    """Freeze a card so no new payment goes through."""
    for c in state["customers"].values():
        if c["card_id"] == card_id:
            c["frozen"] = True
            return {"card_id": card_id, "frozen": True}
    raise ToolError(f"no card {card_id}")


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a one-line summary."""
    return "transferred"


@tool(side="user")
def check_app_alerts(state: dict[str, Any]) -> str:
    """What the alerts screen of the cardholder's banking app shows."""
    return state["phone"]["alert"]
