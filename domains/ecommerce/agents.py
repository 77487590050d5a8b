"""Offline reference agents for the e-commerce domain: one that follows policy.md, and flawed variants.

Stateless: every reply is re-derived from the conversation (user messages, own messages, tool calls and results).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView, ToolRequest

_PHONE = re.compile(r"(?<!\d)(\d{3}-555-\d{4})(?!\d)")
_ORDER = re.compile(r"(?<![a-z0-9])(e\d{6})(?![a-z0-9])", re.IGNORECASE)
_IMAGE = re.compile(r"(?<![a-z0-9])(img-\d{4})(?![a-z0-9])", re.IGNORECASE)
_TITLE = re.compile(r"([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)* (?:LLC|Ltd))")
_DAY = re.compile(r"(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)")
_YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right)\b", re.IGNORECASE)
_NO = re.compile(r"\b(no|don't|do not|stop)\b", re.IGNORECASE)
_INTENTS = (
    ("price", r"cheaper|price protection"),
    ("damage", r"damaged|broken"),
    ("invoice", r"invoice"),
    ("installation", r"installation|install\b"),
    ("logistics", r"where is my package|delivery status|track"),
)
_CLOSE = " Is there anything else I can help you with?"
TODAY, PROTECTION_DAYS = date(2026, 3, 2), 15


def _wrong(order_id: str) -> str:
    """The flawed agents' slip: the last two digits swapped (or, when they are equal, the last one off by one)."""
    swapped = order_id[:-2] + order_id[-1] + order_id[-2]
    return swapped if swapped != order_id else order_id[:-1] + str((int(order_id[-1]) + 1) % 10)


class EcomAgent:
    """Follows policy.md. Flaws: ``authenticate=False`` skips identifying the customer; ``confirm_writes=False``
    writes without asking; ``wrong_order=True`` writes to the order id with its last two digits swapped;
    ``read_images=False`` takes the customer's word for what an image shows and never calls ``read_image``."""

    def __init__(self, *, authenticate: bool = True, confirm_writes: bool = True, wrong_order: bool = False,
                 read_images: bool = True) -> None:
        self.authenticate, self.confirm_writes = authenticate, confirm_writes
        self.wrong_order, self.read_images = wrong_order, read_images

    async def respond(self, request: AgentRequest) -> AgentReply:
        return self.decide(ConversationView.of(request))

    def decide(self, v: ConversationView) -> AgentReply:
        intent = next((name for name, cue in _INTENTS if re.search(cue, v.user, re.IGNORECASE)), None)
        if intent is None:
            return AgentReply(text="Sorry, I didn't quite catch that. Could you tell me what you need help with?")
        customer_id = None
        if self.authenticate:
            customer_id = v.result("find_customer_by_phone")
            if customer_id is None:
                phones = _PHONE.findall(v.user)
                if phones and not v.tried("find_customer_by_phone", phone=phones[-1]):
                    return AgentReply.calling("find_customer_by_phone", phone=phones[-1])
                lead = "I couldn't find an account with that number. " if v.calls else ""
                return AgentReply(text=lead + "To look into this, could you tell me the phone number on your account?")
        orders = _ORDER.findall(v.user)
        if not orders:
            if any("order ID" in t for t in v.own_texts):
                return AgentReply(
                    text="I need the exact order ID: the letter E and six digits. Could you check the order ID?")
            return AgentReply(text="Which order is this about? Please tell me the order ID.")
        order_id = orders[-1].upper()
        order = v.result("get_order", order_id=order_id)
        if order is None:
            if v.tried("get_order", order_id=order_id):
                return AgentReply(text=f"I couldn't find order {order_id}. Could you double-check the order ID?")
            return AgentReply.calling("get_order", order_id=order_id)
        if customer_id is not None and order["customer_id"] != customer_id:
            return AgentReply(text=f"Order {order_id} is not on your account, so I cannot help with it." + _CLOSE)
        return getattr(self, f"_{intent}")(v, order)

    # ------------------------------------------------------------------------------------------ intents

    def _logistics(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        shipment = v.result("get_logistics", order_id=order["order_id"])
        if shipment is None:
            if v.error("get_logistics"):
                return AgentReply(text=f"Order {order['order_id']} has not shipped yet." + _CLOSE)
            return AgentReply.calling("get_logistics", order_id=order["order_id"])
        return AgentReply(
            text=f"Order {order['order_id']} is {shipment['status']} with {shipment['carrier']} (tracking "
                    f"{shipment['tracking']}); the last scan was at the {shipment['last_scan']}." + _CLOSE)

    def _invoice(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        done = v.result("issue_invoice")
        if done is not None:
            return AgentReply(
                text=f"Invoice {done['invoice_id']} is issued to {done['title']} for ${done['amount']:.2f}." + _CLOSE)
        if order["invoice_id"]:
            return AgentReply(
                text=f"Order {order['order_id']} already has invoice {order['invoice_id']}, so I cannot issue "
                        "another one." + _CLOSE)
        titles = _TITLE.findall(v.user)
        if not titles:
            return AgentReply(text="What title should the invoice be issued to? Please tell me the invoice title.")
        return self._write(v, "issue_invoice", {"order_id": order["order_id"], "title": titles[-1]},
                           f"issue an invoice for order {order['order_id']} to {titles[-1]}, for ${order['price']:.2f}")

    def _installation(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        done = v.result("schedule_installation")
        if done is not None:
            return AgentReply(text=f"Installation for order {done['order_id']} is booked on {done['date']}; the fee is "
                        f"${done['fee']:.2f}." + _CLOSE)
        info = v.result("get_installation_service_info", product_id=order["product_id"])
        if info is None:
            return AgentReply.calling("get_installation_service_info", product_id=order["product_id"])
        if not info["installation"]:
            return AgentReply(
                text=f"The {order['product']} has no installation service, so I cannot book one." + _CLOSE)
        days = _DAY.findall(v.user)
        if not days:
            return AgentReply(text="Which date would you like for the installation? Please give it as YYYY-MM-DD.")
        return self._write(v, "schedule_installation", {"order_id": order["order_id"], "date": days[-1]},
                           f"schedule installation of the {order['product']} for order {order['order_id']} on "
                           f"{days[-1]}, with a fee of ${info['fee']:.2f}")

    def _image(self, v: ConversationView, noun: str) -> str | dict[str, Any] | AgentReply:
        images = _IMAGE.findall(v.user)
        if not images:
            return AgentReply(text=f"Could you send me the {noun}?")
        image_id = images[-1].upper()
        if not self.read_images:
            return image_id
        content = v.result("read_image", image_id=image_id)
        if content is None:
            if v.tried("read_image", image_id=image_id):
                return AgentReply(text=f"I couldn't open {image_id}. Could you send the {noun} again?")
            return AgentReply.calling("read_image", image_id=image_id)
        return {"image_id": image_id, **content}

    def _price(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        done = v.result("apply_price_protection")
        if done is not None:
            return AgentReply(text=f"Price protection is applied: ${done['refund']:.2f} is refunded for order "
                        f"{done['order_id']}." + _CLOSE)
        seen = self._image(v, "screenshot")
        if isinstance(seen, AgentReply):
            return seen
        if isinstance(seen, str):  # flawed: never looked at it
            return self._write(v, "apply_price_protection", {"order_id": order["order_id"], "image_id": seen},
                               f"apply price protection to order {order['order_id']} with {seen}")
        days = (date.fromisoformat(seen.get("date", "1970-01-01")) - date.fromisoformat(order["order_date"])).days
        if seen.get("kind") != "price_screenshot" or seen.get("shop") != "Brightcart" \
                or seen.get("product_id") != order["product_id"] or seen["price"] >= order["price"] \
                or not 0 <= days <= PROTECTION_DAYS:
            return AgentReply(
                text=f"That screenshot is not covered by price protection (it must show Brightcart's own lower "
                        f"price for the {order['product']} within {PROTECTION_DAYS} days of the order), so I cannot "
                        "apply it." + _CLOSE)
        refund = order["price"] - seen["price"]
        return self._write(v, "apply_price_protection", {"order_id": order["order_id"], "image_id": seen["image_id"]},
                           f"apply price protection to order {order['order_id']} with {seen['image_id']}, "
                           f"refunding ${refund:.2f}")

    def _damage(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        done = v.result("create_return")
        if done is not None:
            return AgentReply(
                text=f"Return {done['return_id']} is created for order {done['order_id']}; the return label is "
                        "free." + _CLOSE)
        seen = self._image(v, "photo of the damage")
        if isinstance(seen, AgentReply):
            return seen
        if isinstance(seen, str):
            return self._write(v, "create_return", {"order_id": order["order_id"], "image_id": seen},
                               f"create a free return for order {order['order_id']} based on {seen}")
        if seen.get("damage") in (None, "no visible damage") or seen.get("product_id") != order["product_id"]:
            return AgentReply(
                text=f"The photo shows no visible damage to the {order['product']}, so I cannot create a free "
                        "return." + _CLOSE)
        return self._write(v, "create_return", {"order_id": order["order_id"], "image_id": seen["image_id"]},
                           f"create a free return for order {order['order_id']} based on {seen['image_id']} "
                           f"({seen['damage']})")

    # ------------------------------------------------------------------------------------------ writes

    def _write(self, v: ConversationView, tool: str, arguments: dict[str, Any], action: str) -> AgentReply:
        if v.error(tool) is not None:
            return AgentReply(text=f"I'm sorry, I could not complete that ({v.error(tool)}); I'm transferring you "
                                   "to a colleague.",
                              tool_calls=(ToolRequest(name="transfer_to_human_agents",
                                                      arguments={"summary": f"{tool} failed"}),))
        question = f"To confirm, shall I {action}?"
        if self.wrong_order:
            order_id = arguments["order_id"]
            arguments = {**arguments, "order_id": _wrong(order_id)}
        if self.confirm_writes:
            if not v.last_own.endswith(question):
                return AgentReply(text=question)
            if _NO.search(v.last_user) or not _YES.search(v.last_user):
                return AgentReply(text="Okay, I won't do that." + _CLOSE)
        return AgentReply.calling(tool, **arguments)


AGENTS = {
    "reference": EcomAgent,
    "skips_authentication": lambda: EcomAgent(authenticate=False),
    "skips_confirmation": lambda: EcomAgent(confirm_writes=False),
    "wrong_order_id": lambda: EcomAgent(wrong_order=True),
    "skips_image": lambda: EcomAgent(read_images=False),
}
