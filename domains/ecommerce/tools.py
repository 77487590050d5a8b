"""The e-commerce domain (ECom-Bench style, English, our own data): customers, orders, logistics, invoices,
installation service, price protection and damage returns, with images the agent reads through a vision tool.

Customers, orders, shipments and images are generated from ``db.json`` (catalogue, names, seed) once per process
and put into every fresh state by :func:`after_step`, as in the retail domain. Tasks (``taskgen.py``) carry 2–8
requests about one order each, as ECom-Bench's do. Success is ECom-Bench's product: DB end state (reference
replayed on a fresh DB) × required retrieval calls × output keywords.

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

from pytest_mmtau.domain import ToolError, import_file, tool
from pytest_mmtau.models import Task

_HERE = Path(__file__).resolve().parent
VISION_MODEL: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None
PROTECTION_DAYS, DAMAGE_RETURN_DAYS, INSTALL_LEAD_DAYS = 15, 30, 2


def _sibling(name: str) -> Any:
    """A module of this folder (the loader imports only this file), imported by path under a name of its own."""
    return import_file(_HERE / f"{name}.py", f"{__name__}__{name}")


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
def get_product(state: dict[str, Any], product_id: str) -> dict[str, Any]:
    """A product of the catalogue: its name and Brightcart's current price."""
    product = state["products"].get(product_id.strip().upper())
    if product is None:
        raise ToolError(f"no product {product_id!r}")
    return {"product_id": product_id.strip().upper(), "name": product["name"], "price": product["price"]}


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


def generate_tasks(state: dict[str, Any]) -> Iterable[Task]:
    """One customer and order per task, 2–8 requests each (``taskgen``), deterministic from the generated state."""
    after_step(state)
    return _sibling("taskgen").build_tasks(state, protection_refund)
