"""The retail domain: a shop backend (users, orders, products) generated deterministically at load, its tools, and
the task generator (intents × constraints).

``db.json`` holds only the catalogue, the name lists and the generator's seed and sizes; the users, orders and
product variants are generated once per process (:func:`generated_db`, cached as marshal bytes) and put into every
fresh state by :func:`after_step`, which the framework runs on each new state. A domain state therefore holds
``products``, ``users`` and ``orders`` like a stored DB would, without a multi-megabyte file in the repository.
Caveat: task setup patches would run before the generated data arrives, so retail tasks use no setup patches.
"""

from __future__ import annotations

import functools
import json
import marshal
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from pytest_mmtau.domain import ToolError, tool
from pytest_mmtau.models import Action, CriticalField, SuccessCriteria, Task, UserFact, UserGoal

_HERE = Path(__file__).resolve().parent
PENDING, PROCESSED, DELIVERED, CANCELLED = "pending", "processed", "delivered", "cancelled"
REASONS = ("no longer needed", "ordered by mistake")


def money(value: float) -> str:
    return f"{value:.2f}"


# --------------------------------------------------------------------------------------------- generation


@functools.lru_cache(maxsize=4)
def _generated_bytes(db_text: str) -> bytes:
    # marshal: our own plain data (dicts, lists, str, float, bool), and the fastest copy per fresh state
    return marshal.dumps(_generate(json.loads(db_text)))


def generated_db(db: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """products, users and orders, generated from ``db`` (default: this folder's db.json) — a fresh copy."""
    text = json.dumps(db, sort_keys=True) if db is not None else _db_text()
    return marshal.loads(_generated_bytes(text))


@functools.lru_cache(maxsize=1)
def _db_text() -> str:
    return json.dumps(json.loads((_HERE / "db.json").read_text(encoding="utf-8")), sort_keys=True)


def _generate(db: Mapping[str, Any]) -> dict[str, Any]:
    params, names = db["generator"], db["names"]
    rng = random.Random(params["seed"])
    products: dict[str, Any] = {}
    item_counter = 1001
    for p_index, (name, spec) in enumerate(sorted(db["catalogue"].items())):
        product_id = f"P{101 + p_index}"
        variants = {}
        option_names = sorted(spec["options"])
        combos: list[dict[str, str]] = [{}]
        for option in option_names:
            combos = [{**c, option: v} for c in combos for v in spec["options"][option]]
        for combo in combos:
            item_id = f"I{item_counter}"
            item_counter += 1
            price = round(spec["price"] * rng.uniform(0.85, 1.25), 2)
            variants[item_id] = {"item_id": item_id, "options": combo, "price": price,
                                 "available": rng.random() < 0.8}
        products[product_id] = {"product_id": product_id, "name": name, "option_names": option_names,
                                "variants": variants}

    users: dict[str, Any] = {}
    seen_names: set[tuple[str, str, str]] = set()
    emails: set[str] = set()
    while len(users) < params["users"]:
        first, last = rng.choice(names["first"]), rng.choice(names["last"])
        city, state = rng.choice(names["cities"])
        zip_code = f"{rng.randint(10000, 99999)}"
        if (first, last, zip_code) in seen_names:
            continue
        email = f"{first.lower()}.{last.lower()}{rng.randint(1, 999)}@{rng.choice(names['mail_domains'])}"
        if email in emails:
            continue
        seen_names.add((first, last, zip_code))
        emails.add(email)
        user_id = f"{first.lower()}_{last.lower()}_{rng.randint(1000, 9999)}"
        while user_id in users:
            user_id = f"{first.lower()}_{last.lower()}_{rng.randint(1000, 9999)}"
        kinds = ["credit_card"] + rng.sample(["paypal", "gift_card"], k=rng.randint(0, 2))
        methods = {}
        for kind in kinds:
            pm_id = f"{kind}_{rng.randint(1000000, 9999999)}"
            method: dict[str, Any] = {"id": pm_id, "kind": kind}
            if kind == "credit_card":
                method["last_four"] = f"{rng.randint(0, 9999):04d}"
            if kind == "gift_card":
                method["balance"] = float(rng.choice((25, 50, 100, 150, 250, 400)))
            methods[pm_id] = method
        users[user_id] = {
            "user_id": user_id, "name": {"first_name": first, "last_name": last}, "email": email,
            "address": {"address1": f"{rng.randint(1, 999)} {rng.choice(names['streets'])}", "city": city,
                        "state": state, "zip": zip_code},
            "payment_methods": methods, "orders": [],
        }

    orders: dict[str, Any] = {}
    user_ids = sorted(users)
    product_ids = sorted(products)
    number = params["first_order"]
    for _ in range(params["orders"]):
        number += rng.randint(1, 97)
        order_id = f"W{number}"
        user = users[rng.choice(user_ids)]
        status = rng.choices((PENDING, PROCESSED, DELIVERED, CANCELLED), weights=(30, 20, 40, 10))[0]
        items = []
        for product_id in sorted(rng.sample(product_ids, k=rng.randint(1, 4))):
            product = products[product_id]
            variant = product["variants"][rng.choice(sorted(product["variants"]))]
            items.append({"item_id": variant["item_id"], "product_id": product_id, "name": product["name"],
                          "options": dict(variant["options"]), "price": variant["price"]})
        payment = rng.choice(sorted(user["payment_methods"]))
        order: dict[str, Any] = {"order_id": order_id, "user_id": user["user_id"], "status": status,
                                 "address": dict(user["address"]), "items": items, "payment_method_id": payment,
                                 "total": round(sum(i["price"] for i in items), 2)}
        if status in (PROCESSED, DELIVERED):
            order["tracking_id"] = f"TRK{rng.randint(10**9, 10**10 - 1)}"
        if status == CANCELLED:
            order["cancel_reason"] = rng.choice(REASONS)
        orders[order_id] = order
        user["orders"].append(order_id)
    return {"products": products, "users": users, "orders": orders}


def after_step(state: dict[str, Any]) -> None:
    """Put the generated users, orders and products into a fresh state (a no-op once they are there)."""
    if "orders" not in state:
        seeds = {k: state[k] for k in ("generator", "catalogue", "names")}
        state.update(generated_db(seeds))


# --------------------------------------------------------------------------------------------- helpers


def _order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    try:
        return state["orders"][order_id.strip().upper()]
    except KeyError:
        raise ToolError(f"no order {order_id!r}") from None


def _user(state: dict[str, Any], user_id: str) -> dict[str, Any]:
    try:
        return state["users"][user_id.strip()]
    except KeyError:
        raise ToolError(f"no user {user_id!r}") from None


def _require(order: dict[str, Any], status: str, action: str) -> None:
    if order["status"] != status:
        raise ToolError(f"order {order['order_id']} is {order['status']}; only a {status} order can {action}")


def _method(state: dict[str, Any], order: dict[str, Any], payment_method_id: str) -> dict[str, Any]:
    methods = state["users"][order["user_id"]]["payment_methods"]
    if payment_method_id not in methods:
        raise ToolError(f"payment method {payment_method_id!r} does not belong to the order's customer")
    return methods[payment_method_id]


def _settle(method: dict[str, Any], amount: float) -> None:
    """Money to (amount > 0) or from (amount < 0) the customer; only gift cards keep a balance."""
    if method["kind"] == "gift_card":
        if method["balance"] + amount < -1e-9:
            raise ToolError(f"gift card {method['id']} balance {money(method['balance'])} is too low")
        method["balance"] = round(method["balance"] + amount, 2)


def _items(order: dict[str, Any], item_ids: list[str]) -> list[dict[str, Any]]:
    if not item_ids:
        raise ToolError("item_ids is empty")
    held = [i["item_id"] for i in order["items"]]
    missing = [i for i in item_ids if i not in held]
    if missing or len(set(item_ids)) != len(item_ids):
        raise ToolError(f"items {missing or item_ids} are not (uniquely) in order {order['order_id']}")
    return [i for i in order["items"] if i["item_id"] in item_ids]


def _swaps(state: dict[str, Any], old: list[dict[str, Any]], new_item_ids: list[str]) -> list[dict[str, Any]]:
    if len(old) != len(new_item_ids):
        raise ToolError("item_ids and new_item_ids must have the same length")
    new = []
    for item, new_id in zip(old, new_item_ids):
        variant = state["products"][item["product_id"]]["variants"].get(new_id)
        if variant is None:
            raise ToolError(f"{new_id} is not a variant of {item['name']} ({item['product_id']})")
        if not variant["available"] or new_id == item["item_id"]:
            raise ToolError(f"{new_id} is not available as a replacement")
        new.append(variant)
    return new


# --------------------------------------------------------------------------------------------- read tools


@tool(critical=("email",))
def find_user_id_by_email(state: dict[str, Any], email: str) -> str:
    """Authenticate a customer by email; returns their user id."""
    wanted = email.strip().lower()
    for user_id, user in state["users"].items():
        if user["email"] == wanted:
            return user_id
    raise ToolError("no user with this email")


@tool(critical=("first_name", "last_name", "zip"))
def find_user_id_by_name_zip(state: dict[str, Any], first_name: str, last_name: str, zip: str) -> str:
    """Authenticate a customer by first name, last name and zip code; returns their user id."""
    key = (first_name.strip().lower(), last_name.strip().lower(), zip.strip())
    for user_id, user in state["users"].items():
        if (user["name"]["first_name"].lower(), user["name"]["last_name"].lower(), user["address"]["zip"]) == key:
            return user_id
    raise ToolError("no user with this name and zip code")


@tool(critical=("user_id",))
def get_user_details(state: dict[str, Any], user_id: str) -> dict[str, Any]:
    """A customer's name, email, address, payment methods and order ids."""
    return _user(state, user_id)


@tool(critical=("order_id",))
def get_order_details(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    """An order: owner, status, items (with item ids, options, prices), address, payment method, total, tracking."""
    return _order(state, order_id)


@tool()
def get_product_details(state: dict[str, Any], product_id: str) -> dict[str, Any]:
    """A product and all its variants (item id, options, price, availability)."""
    try:
        return state["products"][product_id.strip().upper()]
    except KeyError:
        raise ToolError(f"no product {product_id!r}") from None


@tool()
def list_all_product_types(state: dict[str, Any]) -> dict[str, str]:
    """Product names and their product ids."""
    return {p["name"]: pid for pid, p in sorted(state["products"].items())}


@tool()
def transfer_to_human_agents(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a short summary."""
    return "transferred"


# --------------------------------------------------------------------------------------------- write tools


@tool(irreversible=True, critical=("order_id",))
def cancel_pending_order(state: dict[str, Any], order_id: str,
                         reason: Literal["no longer needed", "ordered by mistake"]) -> dict[str, Any]:
    """Cancel a pending order; its total goes back to its payment method. Irreversible."""
    order = _order(state, order_id)
    _require(order, PENDING, "be cancelled")
    _settle(_method(state, order, order["payment_method_id"]), order["total"])
    order["status"], order["cancel_reason"] = CANCELLED, reason
    return {"order_id": order["order_id"], "status": CANCELLED, "refund": order["total"]}


@tool(irreversible=True, critical=("order_id", "zip"))
def modify_pending_order_address(state: dict[str, Any], order_id: str, address1: str, city: str, state_code: str,
                                 zip: str) -> dict[str, Any]:
    """Change the shipping address of a pending order. Irreversible."""
    order = _order(state, order_id)
    _require(order, PENDING, "have its address changed")
    order["address"] = {"address1": address1.strip(), "city": city.strip(), "state": state_code.strip().upper(),
                        "zip": zip.strip()}
    return {"order_id": order["order_id"], "address": order["address"]}


@tool(irreversible=True, critical=("order_id", "payment_method_id"))
def modify_pending_order_payment(state: dict[str, Any], order_id: str, payment_method_id: str) -> dict[str, Any]:
    """Pay a pending order with another of the customer's payment methods. Irreversible."""
    order = _order(state, order_id)
    _require(order, PENDING, "have its payment changed")
    if payment_method_id == order["payment_method_id"]:
        raise ToolError("the order is already paid with this method")
    new = _method(state, order, payment_method_id)
    _settle(new, -order["total"])
    _settle(_method(state, order, order["payment_method_id"]), order["total"])
    order["payment_method_id"] = payment_method_id
    return {"order_id": order["order_id"], "payment_method_id": payment_method_id}


@tool(irreversible=True, critical=("order_id",))
def modify_pending_order_items(state: dict[str, Any], order_id: str, item_ids: list[str],
                               new_item_ids: list[str]) -> dict[str, Any]:
    """Swap items of a pending order for other variants of the same products (once per order); the price
    difference is settled with the order's payment method. Irreversible."""
    order = _order(state, order_id)
    _require(order, PENDING, "have its items changed")
    if order.get("items_modified"):
        raise ToolError("the items of this order were already modified once")
    old = _items(order, item_ids)
    new = _swaps(state, old, new_item_ids)
    difference = round(sum(v["price"] for v in new) - sum(i["price"] for i in old), 2)
    _settle(_method(state, order, order["payment_method_id"]), -difference)
    for item, variant in zip(old, new):
        item.update(item_id=variant["item_id"], options=dict(variant["options"]), price=variant["price"])
    order["total"] = round(sum(i["price"] for i in order["items"]), 2)
    order["items_modified"] = True
    return {"order_id": order["order_id"], "price_difference": difference, "total": order["total"]}


@tool(irreversible=True, critical=("order_id",))
def return_delivered_order_items(state: dict[str, Any], order_id: str, item_ids: list[str]) -> dict[str, Any]:
    """Request the return of items of a delivered order; the refund goes to the order's payment method.
    Irreversible."""
    order = _order(state, order_id)
    _require(order, DELIVERED, "have items returned")
    refund = round(sum(i["price"] for i in _items(order, item_ids)), 2)
    _settle(_method(state, order, order["payment_method_id"]), refund)
    order["status"], order["return_items"], order["refund"] = "return requested", sorted(item_ids), refund
    return {"order_id": order["order_id"], "status": order["status"], "refund": refund}


@tool(irreversible=True, critical=("order_id",))
def exchange_delivered_order_items(state: dict[str, Any], order_id: str, item_ids: list[str],
                                   new_item_ids: list[str]) -> dict[str, Any]:
    """Exchange items of a delivered order for other variants of the same products; the price difference is
    settled with the order's payment method. Irreversible."""
    order = _order(state, order_id)
    _require(order, DELIVERED, "have items exchanged")
    old = _items(order, item_ids)
    new = _swaps(state, old, new_item_ids)
    difference = round(sum(v["price"] for v in new) - sum(i["price"] for i in old), 2)
    _settle(_method(state, order, order["payment_method_id"]), -difference)
    order["status"] = "exchange requested"
    order["exchange_items"], order["exchange_new_items"] = list(item_ids), list(new_item_ids)
    order["exchange_price_difference"] = difference
    return {"order_id": order["order_id"], "status": order["status"], "price_difference": difference}


# --------------------------------------------------------------------------------------------- tasks

WRITE_INTENTS = ("cancel", "address", "payment", "items", "return", "exchange")
AUTHS = ("email", "name_zip")
PER_COMBINATION = 5
TASK_SEED = 7


def generate_tasks(state: dict[str, Any]) -> Iterable[Task]:
    return build_tasks(state)


def build_tasks(state: dict[str, Any]) -> list[Task]:
    """intents × authentication × eligibility, ``PER_COMBINATION`` orders each, plus order-status reads."""
    after_step(state)
    rng = random.Random(TASK_SEED)
    used: set[str] = set()
    tasks: list[Task] = []
    order_ids = sorted(state["orders"])
    for intent in WRITE_INTENTS:
        for auth in AUTHS:
            for eligible in (True, False):
                candidates = [o for o in order_ids if o not in used
                              and _fits(state, intent, eligible, state["orders"][o])]
                for order_id in rng.sample(candidates, k=PER_COMBINATION):
                    used.add(order_id)
                    tasks.append(_task(state, intent, auth, eligible, order_id, rng))
    for auth in AUTHS:
        for status in (PENDING, PROCESSED, DELIVERED, CANCELLED):
            order_id = rng.choice([o for o in order_ids if o not in used and state["orders"][o]["status"] == status])
            used.add(order_id)
            tasks.append(_task(state, "status", auth, True, order_id, rng))
    return tasks


def _unique_items(order: dict[str, Any]) -> list[dict[str, Any]]:
    return [i for i in order["items"] if sum(j["product_id"] == i["product_id"] for j in order["items"]) == 1]


def _alternatives(state: dict[str, Any], item: dict[str, Any]) -> list[dict[str, Any]]:
    variants = state["products"][item["product_id"]]["variants"]
    return [v for k, v in sorted(variants.items()) if v["available"] and k != item["item_id"]]


def _payment_targets(state: dict[str, Any], order: dict[str, Any]) -> list[dict[str, Any]]:
    methods = state["users"][order["user_id"]]["payment_methods"]
    current = methods[order["payment_method_id"]]["kind"]
    return [m for _, m in sorted(methods.items()) if m["kind"] != current
            and (m["kind"] != "gift_card" or m["balance"] >= order["total"])]


def _fits(state: dict[str, Any], intent: str, eligible: bool, order: dict[str, Any]) -> bool:
    wanted = (PENDING if intent in ("cancel", "address", "payment", "items") else DELIVERED)
    if not eligible:
        blocked = DELIVERED if wanted == PENDING else PENDING
        return order["status"] == blocked and bool(_unique_items(order))
    if order["status"] != wanted:
        return False
    if intent == "payment":
        return bool(_payment_targets(state, order))
    if intent in ("items", "exchange"):
        return any(_alternatives(state, i) for i in _unique_items(order))
    if intent == "return":
        return bool(_unique_items(order))
    return True


_REQUESTS = {
    "cancel": ("I'd like to cancel an order.", "I don't think I want something I bought anymore."),
    "address": ("I need to change the shipping address on an order.", "My package might go to the wrong place."),
    "payment": ("I want to change the payment method of an order.", "I'd rather pay for something differently."),
    "items": ("I want to change an item in an order I haven't received yet.", "I picked the wrong kind of thing."),
    "return": ("I want to return an item from an order.", "I'm not happy with something I got."),
    "exchange": ("I want to exchange an item from an order for a different version.",
                 "Something I got isn't quite the one I wanted."),
    "status": ("Where is my order? I'd like to know its status.", "I'm wondering about a purchase."),
}
_VERB = {"cancel": "cancel", "address": "change the address of", "payment": "change the payment of",
         "items": "change the items of", "return": "return items from", "exchange": "exchange items from"}
_WRITE_TOOL = {"cancel": "cancel_pending_order", "address": "modify_pending_order_address",
               "payment": "modify_pending_order_payment", "items": "modify_pending_order_items",
               "return": "return_delivered_order_items", "exchange": "exchange_delivered_order_items"}
_DONE = {"cancel": "cancelled", "address": "updated", "payment": "updated", "items": "modified",
         "return": "requested", "exchange": "requested"}


def _task(state: dict[str, Any], intent: str, auth: str, eligible: bool, order_id: str,
          rng: random.Random) -> Task:
    order = state["orders"][order_id]
    user = state["users"][order["user_id"]]
    facts: list[UserFact] = []
    reference: list[Action] = []
    critical: list[CriticalField] = []
    if auth == "email":
        facts.append(UserFact(key="email", value=user["email"], aliases=("email", "email address")))
        reference.append(Action(tool="find_user_id_by_email", arguments={"email": user["email"]}))
        critical.append(CriticalField(name="email", tool="find_user_id_by_email", argument="email",
                                      expected=user["email"]))
    else:
        name = user["name"]
        facts += [UserFact(key="name", value=f"{name['first_name']} {name['last_name']}",
                           aliases=("full name", "your name")),
                  UserFact(key="zip", value=user["address"]["zip"], aliases=("zip code", "zip", "postal code"))]
        args = {"first_name": name["first_name"], "last_name": name["last_name"], "zip": user["address"]["zip"]}
        reference.append(Action(tool="find_user_id_by_name_zip", arguments=args))
        critical += [CriticalField(name=k, tool="find_user_id_by_name_zip", argument=k, expected=v)
                     for k, v in args.items()]
    facts.append(UserFact(key="order_id", value=order_id, aliases=("order id", "order number", "order"),
                          vague="it starts with a W, I don't have the rest in front of me"))
    reference.append(Action(tool="get_order_details", arguments={"order_id": order_id}))
    required = tuple(reference)
    request, vague_request = _REQUESTS[intent]
    keywords: list[str] = []
    accepts: tuple[str, ...] = ()
    suffix = "ok" if eligible else "refused"
    if intent == "status":
        confirmed = [order["status"]]
        keywords = [order["status"]] + ([order["tracking_id"]] if "tracking_id" in order else [])
        description = f"{user['user_id']} asks for the status of {order_id} ({order['status']})."
        suffix = order["status"]
        critical.append(CriticalField(name="order_id", tool="get_order_details", argument="order_id",
                                      expected=order_id))
    elif not eligible:
        accepts = (_WRITE_TOOL[intent],)
        confirmed = ["cannot"]
        keywords = [order["status"]]
        description = (f"{user['user_id']} wants to {_VERB[intent]} {order_id}, which is {order['status']}: the "
                       "agent must refuse and change nothing.")
        critical.append(CriticalField(name="order_id", tool="get_order_details", argument="order_id",
                                      expected=order_id))
        if intent in ("return", "exchange", "items"):
            facts.append(_item_fact(rng.choice(_unique_items(order))))
    else:
        accepts = (_WRITE_TOOL[intent],)
        confirmed = [_DONE[intent]]
        write, keyword, extra = _write_for(state, intent, order, rng)
        facts += extra
        reference.append(write)
        keywords = [keyword]
        description = f"{user['user_id']} wants to {_VERB[intent]} {order_id}: {write.tool}({write.arguments})."
        critical += [CriticalField(name=a, tool=write.tool, argument=a, expected=write.arguments[a])
                     for a in ("order_id", "payment_method_id", "zip") if a in write.arguments]
    return Task(
        id=f"{intent}/{auth}/{suffix}/{order_id}",
        description=description,
        goal=UserGoal(intent=intent, request=request, vague_request=vague_request, facts=tuple(facts),
                      confirmed_by=tuple(confirmed), accepts=accepts),
        reference=tuple(reference),
        success=SuccessCriteria(required_calls=required, output_keywords=tuple(keywords)),
        critical_fields=tuple(critical),
        optimal_turns=2 if eligible and intent != "status" else 1,
    )


def _item_fact(item: dict[str, Any]) -> UserFact:
    return UserFact(key="item", value=item["name"], aliases=("which item", "item", "which product"))


def _variant_text(variant: dict[str, Any]) -> str:
    return ", ".join(v for _, v in sorted(variant["options"].items()))


def _write_for(state: dict[str, Any], intent: str, order: dict[str, Any],
               rng: random.Random) -> tuple[Action, str, list[UserFact]]:
    """The write, the keyword the agent must say (an amount, or the new zip code), and the facts it needs."""
    order_id = order["order_id"]
    if intent == "cancel":
        reason = rng.choice(REASONS)
        return (Action(tool="cancel_pending_order", arguments={"order_id": order_id, "reason": reason}),
                money(order["total"]), [UserFact(key="reason", value=reason, aliases=("reason", "why"))])
    if intent == "address":
        names = state["names"]
        city, code = rng.choice(names["cities"])
        address1, zip_code = f"{rng.randint(1, 999)} {rng.choice(names['streets'])}", f"{rng.randint(10000, 99999)}"
        text = f"{address1}, {city}, {code} {zip_code}"
        return (Action(tool="modify_pending_order_address",
                       arguments={"order_id": order_id, "address1": address1, "city": city, "state_code": code,
                                  "zip": zip_code}),
                zip_code, [UserFact(key="new_address", value=text,
                                          aliases=("new shipping address", "shipping address", "new address"))])
    if intent == "payment":
        target = rng.choice(_payment_targets(state, order))
        kind = target["kind"].replace("_", " ")
        return (Action(tool="modify_pending_order_payment",
                       arguments={"order_id": order_id, "payment_method_id": target["id"]}),
                money(order["total"]), [UserFact(key="payment_method", value=kind,
                                          aliases=("payment method", "pay with"))])
    if intent == "return":
        item = rng.choice(_unique_items(order))
        return (Action(tool="return_delivered_order_items", arguments={"order_id": order_id,
                                                                        "item_ids": [item["item_id"]]}),
                money(item["price"]), [_item_fact(item)])
    item = rng.choice([i for i in _unique_items(order) if _alternatives(state, i)])
    new = rng.choice(_alternatives(state, item))
    tool_name = "modify_pending_order_items" if intent == "items" else "exchange_delivered_order_items"
    return (Action(tool=tool_name, arguments={"order_id": order_id, "item_ids": [item["item_id"]],
                                              "new_item_ids": [new["item_id"]]}),
            money(abs(round(new["price"] - item["price"], 2))),
            [_item_fact(item), UserFact(key="new_options", value=_variant_text(new),
                                        aliases=("new options", "which options", "color or size"))])
