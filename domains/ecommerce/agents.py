"""Offline reference agents for the e-commerce domain: one that follows policy.md, and flawed variants.

Stateless: every reply is re-derived from the conversation (user messages, own messages, tool calls and results).
A customer may bring several requests (ECom-Bench's tasks carry 2–8): the agent handles them in the order they were
first mentioned, one at a time; a request is done once the agent has given its closing answer.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView, ToolRequest

_PHONE = re.compile(r"(?<!\d)(\d{3})[-. ]?(555)[-. ]?(\d{4})(?!\d)")  # 209-555-4020, 209 555 4020, 2095554020
_ORDER = re.compile(r"(?<![a-z0-9])(e\d{6})(?![a-z0-9])", re.IGNORECASE)
_IMAGE = re.compile(r"(?<![a-z0-9])(img-\d{4})(?![a-z0-9])", re.IGNORECASE)
_TITLE = re.compile(r"([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)* (?:LLC|Ltd))")
_DAY = re.compile(r"(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)")
_YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right)\b", re.IGNORECASE)
_NO = re.compile(r"\b(no|don't|do not|stop)\b", re.IGNORECASE)
_INTENTS = (
    ("price", r"cheaper|price protection"),
    ("damage", r"damaged|broken"),
    ("invoice", r"need an invoice|invoice for|an invoice\b(?! title)"),
    ("install_info", r"installation service"),
    ("installation", r"book installation|book an installation|schedule installation|install\b"),
    ("tracking", r"tracking number|which carrier"),
    ("logistics", r"where is my package|delivery status"),
    ("order_details", r"what i paid|when i ordered|date i ordered"),
    ("delivery_date", r"was it delivered|delivery date"),
    ("product_price", r"cost on your site|current price"),
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
        intents = _mentioned(v)
        if not intents:
            return AgentReply(text="Sorry, I didn't quite catch that. Could you tell me what you need help with?")
        customer_id = None
        if self.authenticate:
            customer_id = v.result("find_customer_by_phone")
            if customer_id is None:
                phones = ["-".join(groups) for groups in _PHONE.findall(v.user)]
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
        for intent in intents:
            reply = getattr(self, f"_{intent}")(v, order)
            if not (reply.text.endswith(_CLOSE) and reply.text in v.own_texts and not reply.tool_calls):
                return reply  # this request is not answered yet
        if any(re.search(cue, v.last_user, re.IGNORECASE) for _, cue in _INTENTS):
            return AgentReply(text="I have answered that above." + _CLOSE)
        return AgentReply(text="Sorry, I didn't quite catch that. Is there anything else I can help you with?")

    # ------------------------------------------------------------------------------------------ intents

    def _shipment(self, v: ConversationView, order: dict[str, Any]) -> dict[str, Any] | AgentReply:
        """The order's shipment, or the step towards it (look it up; say it has not shipped)."""
        shipment = v.result("get_logistics", order_id=order["order_id"])
        if shipment is not None:
            return dict(shipment)
        if v.error("get_logistics"):
            return AgentReply(text=f"Order {order['order_id']} has not shipped yet." + _CLOSE)
        return AgentReply.calling("get_logistics", order_id=order["order_id"])

    def _tracking(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        shipment = self._shipment(v, order)
        if isinstance(shipment, AgentReply):
            return shipment
        return AgentReply(text=f"Order {order['order_id']} travels with {shipment['carrier']}; the tracking number is "
                               f"{shipment['tracking']}." + _CLOSE)

    def _order_details(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        return AgentReply(text=f"You paid ${order['price']:.2f} for the {order['product']} on order "
                               f"{order['order_id']}, placed on {order['order_date']}." + _CLOSE)

    def _delivery_date(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        if not order.get("delivered_date"):
            return AgentReply(text=f"Order {order['order_id']} has not been delivered yet." + _CLOSE)
        return AgentReply(text=f"Order {order['order_id']} was delivered on {order['delivered_date']}." + _CLOSE)

    def _product_price(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        product = v.result("get_product", product_id=order["product_id"])
        if product is None:
            return AgentReply.calling("get_product", product_id=order["product_id"])
        return AgentReply(text=f"The {product['name']} costs ${product['price']:.2f} on our site today." + _CLOSE)

    def _install_info(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        info = v.result("get_installation_service_info", product_id=order["product_id"])
        if info is None:
            return AgentReply.calling("get_installation_service_info", product_id=order["product_id"])
        if not info["installation"]:
            return AgentReply(text=f"The {order['product']} has no installation service." + _CLOSE)
        return AgentReply(text=f"The {order['product']} comes with an installation service; the fee is "
                               f"${info['fee']:.2f}." + _CLOSE)

    def _logistics(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        shipment = self._shipment(v, order)
        if isinstance(shipment, AgentReply):
            return shipment
        return AgentReply(text=f"Order {order['order_id']} is {shipment['status']}; the last scan was at the "
                               f"{shipment['last_scan']}." + _CLOSE)

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

    def _image(self, v: ConversationView, noun: str, kind: str) -> str | dict[str, Any] | AgentReply:
        """The image of ``kind`` among those the customer sent (read in turn until one is), or a request for it."""
        images = list(dict.fromkeys(i.upper() for i in _IMAGE.findall(v.user)))
        if not images:
            return AgentReply(text=f"Could you send me the {noun}?")
        if not self.read_images:
            return images[-1]
        for image_id in images:
            content = v.result("read_image", image_id=image_id)
            if content is None and not v.tried("read_image", image_id=image_id):
                return AgentReply.calling("read_image", image_id=image_id)
            if content is not None and content.get("kind") == kind:
                return {"image_id": image_id, **content}
        return AgentReply(text=f"I couldn't find the {noun} among the images you sent. Could you send me the {noun}?")

    def _price(self, v: ConversationView, order: dict[str, Any]) -> AgentReply:
        done = v.result("apply_price_protection")
        if done is not None:
            return AgentReply(text=f"Price protection is applied: ${done['refund']:.2f} is refunded for order "
                        f"{done['order_id']}." + _CLOSE)
        seen = self._image(v, "screenshot", "price_screenshot")
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
        seen = self._image(v, "photo of the damage", "damage_photo")
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
            if "?" in v.last_user and not _YES.search(v.last_user) and not _NO.search(v.last_user):
                return AgentReply(text=f"It cannot be undone once done, and it does exactly that. {question}")
            if _NO.search(v.last_user) or not _YES.search(v.last_user):
                return AgentReply(text="Okay, I won't do that." + _CLOSE)
        return AgentReply.calling(tool, **arguments)


def _mentioned(v: ConversationView) -> list[str]:
    """The requests the customer made, in the order first mentioned (within a message, by position)."""
    found: list[str] = []
    for text in v.user_texts:
        hits = sorted((m.start(), name) for name, cue in _INTENTS
                      if (m := re.search(cue, text, re.IGNORECASE)) is not None)
        found += [name for _, name in hits if name not in found]
    return found


AGENTS = {
    "reference": EcomAgent,
    "skips_authentication": lambda: EcomAgent(authenticate=False),
    "skips_confirmation": lambda: EcomAgent(confirm_writes=False),
    "wrong_order_id": lambda: EcomAgent(wrong_order=True),
    "skips_image": lambda: EcomAgent(read_images=False),
}
