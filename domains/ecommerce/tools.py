"""The e-commerce domain (ECom-Bench style, English, our own data): customers, orders, logistics, invoices,
installation service, price protection and damage returns, with images the agent reads through a vision tool.

Customers, orders, shipments and images are generated from ``db.json`` (catalogue, names, seed) once per process
and put into every fresh state by :func:`after_step`, as in the retail domain. Success is ECom-Bench's product:
DB end state (reference replayed on a fresh DB) × required retrieval calls × output keywords.

**Images.** A task's customer holds an image id (``IMG-4821``); the image itself lives in ``state["images"]``:
what it shows as structured ``content`` (what a perfect vision model would read off it) and a one-line ``caption``.
``read_image`` returns ``content`` offline. To plug in a real vision model, set :data:`VISION_MODEL` to a callable
``(image_id, record) -> dict`` — or name one in the environment as ``MMTAU_ECOM_VISION=package.module:function`` —
and ``read_image`` returns what it returns (record carries ``caption`` and ``content``; an image file, if you add
one, can be named in the record as ``file``).
"""

from __future__ import annotations

import functools
import importlib
import json
import marshal
import os
import random
from collections.abc import Callable, Iterable, Mapping
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from pytest_mmtau.domain import ToolError, tool
from pytest_mmtau.models import Action, CriticalField, SuccessCriteria, Task, UserFact, UserGoal

_HERE = Path(__file__).resolve().parent
VISION_MODEL: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None
PROTECTION_DAYS, DAMAGE_RETURN_DAYS, INSTALL_LEAD_DAYS = 15, 30, 2


def money(value: float) -> str:
    return f"{value:.2f}"


# --------------------------------------------------------------------------------------------- generation


@functools.lru_cache(maxsize=4)
def _generated_bytes(db_text: str) -> bytes:
    return marshal.dumps(_generate(json.loads(db_text)))


def after_step(state: dict[str, Any]) -> None:
    """Put the generated customers, orders, shipments and images into a fresh state (once)."""
    if "orders" not in state:
        seeds = {k: state[k] for k in ("generator", "today", "products", "carriers", "depots", "names", "companies")}
        state.update(marshal.loads(_generated_bytes(json.dumps(seeds, sort_keys=True))))


def _generate(db: Mapping[str, Any]) -> dict[str, Any]:
    params, rng = db["generator"], random.Random(db["generator"]["seed"])
    today = date.fromisoformat(db["today"])
    customers: dict[str, Any] = {}
    phones: set[str] = set()
    while len(customers) < params["customers"]:
        phone = f"{rng.randint(200, 989)}-555-{rng.randint(0, 9999):04d}"
        if phone in phones:
            continue
        phones.add(phone)
        customer_id = f"C{7001 + len(customers)}"
        customers[customer_id] = {"customer_id": customer_id, "name": rng.choice(db["names"]), "phone": phone,
                                  "orders": []}
    orders, logistics, images = {}, {}, {}
    number, image_number = params["first_order"], 4100
    product_ids = sorted(db["products"])
    for _ in range(params["orders"]):
        number += rng.randint(1, 40)
        order_id = f"E{number}"
        customer = customers[rng.choice(sorted(customers))]
        product_id = rng.choice(product_ids)
        product = db["products"][product_id]
        ordered = today - timedelta(days=rng.randint(3, 28))
        status = rng.choices(("processing", "shipped", "delivered"), weights=(15, 30, 55))[0]
        order: dict[str, Any] = {"order_id": order_id, "customer_id": customer["customer_id"],
                                 "product_id": product_id, "product": product["name"],
                                 "price": round(product["price"] * rng.uniform(0.9, 1.05), 2),
                                 "order_date": ordered.isoformat(), "status": status, "invoice_id": None}
        if status == "delivered":
            order["delivered_date"] = (ordered + timedelta(days=rng.randint(1, 3))).isoformat()
            if rng.random() < 0.25:
                order["invoice_id"] = f"INV-{number}"
        if status != "processing":
            logistics[order_id] = {"order_id": order_id, "carrier": rng.choice(db["carriers"]),
                                   "tracking": f"{rng.randint(10**8, 10**9 - 1)}",
                                   "status": "delivered" if status == "delivered" else
                                   rng.choice(("in transit", "out for delivery")),
                                   "last_scan": "your doorstep" if status == "delivered" else rng.choice(db["depots"])}
        if status == "delivered":  # what customers might send about this order
            image_number += rng.randint(1, 9)
            drop = rng.choice((10.0, 15.0, 20.0, 35.0))
            shop = "Brightcart" if rng.random() < 0.7 else "another shop"
            seen = ordered + timedelta(days=rng.randint(1, min(PROTECTION_DAYS - 1, (today - ordered).days)))
            images[f"IMG-{image_number}"] = {
                "order_id": order_id,
                "caption": f"screenshot of a {shop} product page for the {product['name']}",
                "content": {"kind": "price_screenshot", "shop": shop, "product_id": product_id,
                            "product": product["name"], "price": round(order["price"] - drop, 2),
                            "date": seen.isoformat()}}
            image_number += rng.randint(1, 9)
            damage = rng.choice(("dented door", "cracked glass panel", "broken handle", "no visible damage"))
            images[f"IMG-{image_number}"] = {
                "order_id": order_id,
                "caption": f"photo of a {product['name']} just unpacked",
                "content": {"kind": "damage_photo", "product_id": product_id, "product": product["name"],
                            "damage": damage}}
        orders[order_id] = order
        customer["orders"].append(order_id)
    return {"customers": customers, "orders": orders, "logistics": logistics, "images": images,
            "invoices": {}, "installations": {}, "price_protection": {}, "returns": {}}


# --------------------------------------------------------------------------------------------- helpers


def _order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    try:
        return state["orders"][order_id.strip().upper()]
    except KeyError:
        raise ToolError(f"no order {order_id!r}") from None


def _image(state: dict[str, Any], image_id: str) -> dict[str, Any]:
    try:
        return state["images"][image_id.strip().upper()]
    except KeyError:
        raise ToolError(f"no image {image_id!r}") from None


def _delivered(order: dict[str, Any]) -> None:
    if order["status"] != "delivered":
        raise ToolError(f"order {order['order_id']} is {order['status']}, not delivered")


def _vision() -> Callable[[str, dict[str, Any]], dict[str, Any]] | None:
    if VISION_MODEL is not None:
        return VISION_MODEL
    named = os.environ.get("MMTAU_ECOM_VISION", "").strip()
    if not named:
        return None
    module, _, attribute = named.partition(":")
    return getattr(importlib.import_module(module), attribute)


def protection_refund(state: dict[str, Any], order: dict[str, Any], content: dict[str, Any]) -> float | None:
    """The price-protection refund the screenshot supports, or None when policy does not cover it."""
    if content.get("kind") != "price_screenshot" or content["shop"] != "Brightcart":
        return None
    if content["product_id"] != order["product_id"] or content["price"] >= order["price"]:
        return None
    days = (date.fromisoformat(content["date"]) - date.fromisoformat(order["order_date"])).days
    return round(order["price"] - content["price"], 2) if 0 <= days <= PROTECTION_DAYS else None


# --------------------------------------------------------------------------------------------- read tools


@tool(critical=("phone",))
def find_customer_by_phone(state: dict[str, Any], phone: str) -> str:
    """Identify a customer by the phone number on their account (like 415-555-0192); returns the customer id."""
    for customer_id, customer in state["customers"].items():
        if customer["phone"] == phone.strip():
            return customer_id
    raise ToolError("no customer with this phone number")


@tool(critical=("order_id",))
def get_order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    """An order: customer, product, price paid, order date, status, delivery date, invoice id."""
    return _order(state, order_id)


@tool(critical=("order_id",))
def get_logistics(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    """The shipment of an order: carrier, tracking number, status and last scan."""
    _order(state, order_id)
    shipment = state["logistics"].get(order_id.strip().upper())
    if shipment is None:
        raise ToolError(f"order {order_id} has not shipped yet")
    return shipment


@tool()
def get_installation_service_info(state: dict[str, Any], product_id: str) -> dict[str, Any]:
    """Whether a product has an installation service, and its fee."""
    product = state["products"].get(product_id.strip().upper())
    if product is None:
        raise ToolError(f"no product {product_id!r}")
    service = product["installation"]
    return {"product_id": product_id, "installation": service is not None,
            "fee": service["fee"] if service else None}


@tool(critical=("image_id",))
def read_image(state: dict[str, Any], image_id: str) -> dict[str, Any]:
    """Read an image the customer sent (a screenshot or a photo) and return what it shows."""
    record = _image(state, image_id)
    model = _vision()
    return model(image_id, dict(record)) if model is not None else dict(record["content"])


@tool()
def transfer_to_human_agents(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a short summary."""
    return "transferred"


# --------------------------------------------------------------------------------------------- write tools


@tool(irreversible=True, critical=("order_id", "title"))
def issue_invoice(state: dict[str, Any], order_id: str, title: str) -> dict[str, Any]:
    """Issue the invoice of a delivered order to a title. One invoice per order. Irreversible."""
    order = _order(state, order_id)
    _delivered(order)
    if order["invoice_id"]:
        raise ToolError(f"order {order['order_id']} already has invoice {order['invoice_id']}")
    invoice_id = f"INV-{order['order_id'][1:]}"
    state["invoices"][invoice_id] = {"invoice_id": invoice_id, "order_id": order["order_id"], "title": title.strip(),
                                     "amount": order["price"]}
    order["invoice_id"] = invoice_id
    return state["invoices"][invoice_id]


@tool(irreversible=True, critical=("order_id", "date"))
def schedule_installation(state: dict[str, Any], order_id: str, date: str) -> dict[str, Any]:
    """Book the installation of a delivered order's product on a date (YYYY-MM-DD). Irreversible."""
    order = _order(state, order_id)
    _delivered(order)
    service = state["products"][order["product_id"]]["installation"]
    if service is None:
        raise ToolError(f"{order['product']} has no installation service")
    when = date.strip()  # (this argument shadows datetime.date here; _parse_day uses the module's)
    try:
        day = _parse_day(when)
    except ValueError:
        raise ToolError(f"date {when!r} is not YYYY-MM-DD") from None
    if (day - _parse_day(state["today"])).days < INSTALL_LEAD_DAYS:
        raise ToolError(f"installation needs at least {INSTALL_LEAD_DAYS} days' notice")
    booking = {"order_id": order["order_id"], "date": when, "fee": service["fee"]}
    state["installations"][order["order_id"]] = booking
    return booking


def _parse_day(text: str) -> date:
    return date.fromisoformat(text)


@tool(irreversible=True, critical=("order_id", "image_id"))
def apply_price_protection(state: dict[str, Any], order_id: str, image_id: str) -> dict[str, Any]:
    """Refund the difference when the screenshot shows Brightcart's lower price for the ordered product within
    15 days of the order. Irreversible."""
    order = _order(state, order_id)
    if order["order_id"] in state["price_protection"]:
        raise ToolError("price protection was already applied to this order")
    refund = protection_refund(state, order, _image(state, image_id)["content"])
    if refund is None:
        raise ToolError("the screenshot does not qualify for price protection")
    state["price_protection"][order["order_id"]] = {"image_id": image_id.strip().upper(), "refund": refund}
    return {"order_id": order["order_id"], "refund": refund}


@tool(irreversible=True, critical=("order_id", "image_id"))
def create_return(state: dict[str, Any], order_id: str, image_id: str) -> dict[str, Any]:
    """Create a free return for a delivered item that arrived damaged, shown by the customer's photo. Irreversible."""
    order = _order(state, order_id)
    _delivered(order)
    content = _image(state, image_id)["content"]
    if content.get("kind") != "damage_photo" or content["product_id"] != order["product_id"] \
            or content["damage"] == "no visible damage":
        raise ToolError("the photo does not show damage to the ordered product")
    if (_parse_day(state["today"]) - _parse_day(order["delivered_date"])).days > DAMAGE_RETURN_DAYS:
        raise ToolError("the free return window has passed")
    return_id = f"R{order['order_id'][1:]}"
    state["returns"][return_id] = {"return_id": return_id, "order_id": order["order_id"], "label": "free",
                                   "image_id": image_id.strip().upper()}
    order["status"] = "return requested"
    return state["returns"][return_id]


# --------------------------------------------------------------------------------------------- tasks

TASK_SEED = 11
_REQUESTS = {
    "logistics": ("Where is my package? I'd like the delivery status of my order.", "I'm still waiting for something."),
    "invoice": ("I need an invoice for an order.", "My accountant needs some paperwork from you."),
    "installation": ("I'd like to book installation for something I bought.", "I need someone to set up a thing."),
    "price": ("I bought something and now it's cheaper on your site. I'd like price protection.",
              "I think I paid too much."),
    "damage": ("My item arrived damaged and I want to return it.", "What I got doesn't look right."),
}


def generate_tasks(state: dict[str, Any]) -> Iterable[Task]:
    return build_tasks(state)


def build_tasks(state: dict[str, Any]) -> list[Task]:
    """intents × (allowed, refused), a few orders each: 5 logistics reads and 4 + 2 per write intent."""
    after_step(state)
    rng, used, tasks = random.Random(TASK_SEED), set(), []
    orders = state["orders"]

    def pick(k: int, ok: Callable[[dict[str, Any]], bool]) -> list[str]:
        chosen = rng.sample([o for o in sorted(orders) if o not in used and ok(orders[o])], k=k)
        used.update(chosen)
        return chosen

    def image_for(order_id: str, kind: str) -> str:
        return next(i for i, r in sorted(state["images"].items())
                    if r["order_id"] == order_id and r["content"]["kind"] == kind)

    def installable(o: dict[str, Any]) -> bool:
        return state["products"][o["product_id"]]["installation"] is not None

    def protectable(o: dict[str, Any]) -> bool:
        return protection_refund(state, o, state["images"][image_for(o["order_id"], "price_screenshot")]["content"]) \
            is not None

    def damaged(o: dict[str, Any]) -> bool:
        return state["images"][image_for(o["order_id"], "damage_photo")]["content"]["damage"] != "no visible damage"

    delivered = lambda o: o["status"] == "delivered"  # noqa: E731
    for order_id in pick(5, lambda o: o["status"] == "shipped"):
        tasks.append(_task(state, "logistics", True, order_id, rng))
    for intent, ok, refused in (
        ("invoice", lambda o: delivered(o) and not o["invoice_id"], lambda o: delivered(o) and bool(o["invoice_id"])),
        ("installation", lambda o: delivered(o) and installable(o), lambda o: delivered(o) and not installable(o)),
        ("price", lambda o: delivered(o) and protectable(o), lambda o: delivered(o) and not protectable(o)),
        ("damage", lambda o: delivered(o) and damaged(o), lambda o: delivered(o) and not damaged(o)),
    ):
        for eligible, test, k in ((True, ok, 4), (False, refused, 2)):
            for order_id in pick(k, test):
                image = image_for(order_id, "price_screenshot" if intent == "price" else "damage_photo") \
                    if intent in ("price", "damage") else None
                tasks.append(_task(state, intent, eligible, order_id, rng, image))
    return tasks


def _task(state: dict[str, Any], intent: str, eligible: bool, order_id: str, rng: random.Random,
          image_id: str | None = None) -> Task:
    order = state["orders"][order_id]
    phone = state["customers"][order["customer_id"]]["phone"]
    facts = [UserFact(key="phone_number", value=phone, aliases=("phone number", "phone")),
             UserFact(key="order_id", value=order_id, aliases=("order id", "order number", "order"),
                      vague="it begins with an E, I think")]
    reads = [Action(tool="find_customer_by_phone", arguments={"phone": phone}),
             Action(tool="get_order", arguments={"order_id": order_id})]
    critical = [CriticalField(name="phone", tool="find_customer_by_phone", argument="phone", expected=phone)]
    write: Action | None = None
    if image_id is not None:
        facts.append(UserFact(key="image", value=image_id, aliases=("screenshot", "photo", "image", "picture")))
        reads.append(Action(tool="read_image", arguments={"image_id": image_id}))
    accepts: tuple[str, ...] = ()
    if intent == "logistics":
        shipment = state["logistics"][order_id]
        reads.append(Action(tool="get_logistics", arguments={"order_id": order_id}))
        keywords, confirmed = [shipment["status"], shipment["last_scan"]], [shipment["status"]]
    elif intent == "invoice":
        accepts = ("issue_invoice",)
        if eligible:
            title = f"{rng.choice(state['companies'])} {rng.choice(('LLC', 'Ltd'))}"
            facts.append(UserFact(key="invoice_title", value=title, aliases=("invoice title", "title")))
            write = Action(tool="issue_invoice", arguments={"order_id": order_id, "title": title})
            keywords, confirmed = [f"INV-{order_id[1:]}"], ["issued"]
        else:
            keywords, confirmed = [order["invoice_id"]], ["already"]
    elif intent == "installation":
        accepts = ("schedule_installation",)
        reads.append(Action(tool="get_installation_service_info", arguments={"product_id": order["product_id"]}))
        if eligible:
            day = (_parse_day(state["today"]) + timedelta(days=rng.randint(3, 12))).isoformat()
            facts.append(UserFact(key="date", value=day, aliases=("date", "which day", "when")))
            write = Action(tool="schedule_installation", arguments={"order_id": order_id, "date": day})
            fee = state["products"][order["product_id"]]["installation"]["fee"]
            keywords, confirmed = [day, money(fee)], ["booked"]
        else:
            keywords, confirmed = ["no installation service"], ["cannot"]
    elif intent == "price":
        accepts = ("apply_price_protection",)
        if eligible:
            write = Action(tool="apply_price_protection", arguments={"order_id": order_id, "image_id": image_id})
            refund = protection_refund(state, order, state["images"][image_id]["content"])
            keywords, confirmed = [money(refund or 0.0)], ["refunded"]
        else:
            keywords, confirmed = ["not covered"], ["cannot"]
    else:
        accepts = ("create_return",)
        if eligible:
            write = Action(tool="create_return", arguments={"order_id": order_id, "image_id": image_id})
            keywords, confirmed = [f"R{order_id[1:]}", "free"], ["created"]
        else:
            keywords, confirmed = ["no visible damage"], ["cannot"]
    reference = [*reads, write] if write else reads
    if write is not None:
        critical += [CriticalField(name=a, tool=write.tool, argument=a, expected=v)
                     for a, v in write.arguments.items()]
    else:
        critical.append(CriticalField(name="order_id", tool="get_order", argument="order_id", expected=order_id))
    request, vague_request = _REQUESTS[intent]
    return Task(
        id=f"{intent}/{'ok' if eligible else 'refused'}/{order_id}",
        description=f"{order['customer_id']} — {intent} for {order_id} ({order['product']}); "
                    f"{'allowed' if eligible else 'refused by policy'}" + (f"; image {image_id}" if image_id else ""),
        goal=UserGoal(intent=intent, request=request, vague_request=vague_request, facts=tuple(facts),
                      confirmed_by=tuple(confirmed), accepts=accepts),
        reference=tuple(reference),
        success=SuccessCriteria(required_calls=tuple(reads), output_keywords=tuple(keywords)),
        critical_fields=tuple(critical),
        optimal_turns=2 if write else 1,
    )
