"""E-commerce tasks as ECom-Bench builds them: one customer, one order, 2–8 requests made one after another.

A request is an *intent* about the order. Reads: the delivery status, the carrier and tracking number, what was
paid and when, the delivery date, the product's current price, whether it comes with an installation service.
Writes (each allowed or refused by policy, as the order happens to be): an invoice, an installation booking, price
protection from a screenshot, a free return from a photo of damage. Combinations stay sensible: a damage return
comes last and never with installation; asking about installation and booking it do not share a task; an order
not yet delivered gets reads only.

Each request has its own ``confirmed_by`` marker, a phrase only the agent's answer to that request states, so the
user's tracker moves through the requests in order; success is ECom-Bench's product over the whole task: the end
state of the reference (all writes, in request order), every retrieval the requests need, every answer's keywords.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from pytest_mmtau.models import Action, CriticalField, GoalRequest, SuccessCriteria, Task, UserFact, UserGoal

TASK_SEED = 11
REQUESTS_PER_TASK = range(2, 9)  # ECom-Bench's tasks carry 2–8 requests
SHIPPED_SIZES = (2, 3, 4, 5, 3)  # requests of the tasks about orders still on their way (reads only)
EXTRA_DELIVERED = 13  # tasks on further delivered orders, so that every size has at least five tasks

READS = ("logistics", "tracking", "order_details", "delivery_date", "product_price", "install_info")
WRITES = ("invoice", "installation", "price", "damage")
# what the agent must get across when the answer is no, in its own words: the literal phrase, or any statement
# negating the thing ("the Air Fryer doesn't come with an installation service")
_NO_INSTALLATION = "no installation service|not:install"
_NOT_COVERED = "not covered|not:cover|not:price protection"
_NO_DAMAGE = "no visible damage|not:damage"

# (request, the hedged way to ask it)
_WORDS = {
    "logistics": ("Can you tell me the delivery status of my order?", "I want to know what's going on with my order."),
    "tracking": ("Which carrier has my parcel, and what is the tracking number?", "How do I follow my parcel?"),
    "order_details": ("Can you confirm what I paid and the date I ordered?", "I can't remember the details of my "
                                                                             "purchase."),
    "delivery_date": ("On what date was it delivered?", "I can't remember when it arrived."),
    "product_price": ("What does the {product} cost on your site right now?", "Is it still the same price?"),
    "install_info": ("Does it come with an installation service, and what does that cost?",
                     "Do you help with setting it up?"),
    "invoice": ("I need an invoice for my order.", "My accountant needs some paperwork from you."),
    "installation": ("I'd like to book installation for it.", "I need someone to come and set it up."),
    "price": ("I bought something and now it's cheaper on your site. I'd like price protection.",
              "I think I paid too much."),
    "damage": ("My item arrived damaged and I want to return it.", "What I got doesn't look right."),
}
Refund = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], float | None]


def money(value: float) -> str:
    return f"{value:.2f}"


def build_tasks(state: dict[str, Any], refund: Refund) -> list[Task]:
    """The domain's tasks from a generated state; ``refund`` is the price-protection rule (tools.protection_refund).

    Each task starts from a *base* request about its order — logistics for five orders on their way, each write
    allowed for four orders and refused for two — chosen, with its values (invoice title, installation date), by
    the same seeded draws as ever, so the orders, ids of images and values that other test data names stay put; the
    other requests of the task are drawn per order. Thirteen more delivered orders get tasks of their own.
    """
    rng, used = random.Random(TASK_SEED), set()
    orders = state["orders"]
    bases: list[tuple[str, str, dict[str, str]]] = []

    def pick(k: int, ok: Callable[[dict[str, Any]], bool]) -> list[str]:
        chosen = rng.sample([o for o in sorted(orders) if o not in used and ok(orders[o])], k=k)
        used.update(chosen)
        return chosen

    def eligible(intent: str, order: dict[str, Any]) -> bool:
        return _allowed(state, intent, order, refund)

    delivered = lambda o: o["status"] == "delivered"  # noqa: E731
    bases += [(o, "logistics", {}) for o in pick(len(SHIPPED_SIZES), lambda o: o["status"] == "shipped")]
    for intent in WRITES:
        for allowed, k in ((True, 4), (False, 2)):
            for order_id in pick(k, lambda o, i=intent, a=allowed: delivered(o) and eligible(i, o) == a):
                bases.append((order_id, intent, _values(state, intent, order_id, allowed, rng)))
    extra = rng.sample([o for o in sorted(orders) if o not in used and delivered(orders[o])], k=EXTRA_DELIVERED)
    sizes = [*SHIPPED_SIZES, *(REQUESTS_PER_TASK[i % len(REQUESTS_PER_TASK)]
                               for i in range(len(bases) - len(SHIPPED_SIZES) + EXTRA_DELIVERED))]
    plans = [*bases, *((o, "", {}) for o in extra)]
    tasks = []
    for (order_id, base, values), size in zip(plans, sizes, strict=True):
        own = random.Random(f"{TASK_SEED}/{order_id}")
        intents = _intents(own, size, delivered(orders[order_id]), base)
        for intent in intents:
            if intent != base and intent in ("invoice", "installation"):
                values |= _values(state, intent, order_id, eligible(intent, orders[order_id]), own)
        tasks.append(_task(state, order_id, intents, values, refund))
    return tasks


def _allowed(state: dict[str, Any], intent: str, order: dict[str, Any], refund: Refund) -> bool:
    """Whether policy allows this write on this (delivered) order."""
    if intent == "invoice":
        return not order["invoice_id"]
    if intent == "installation":
        return state["products"][order["product_id"]]["installation"] is not None
    kind = "price_screenshot" if intent == "price" else "damage_photo"
    content = state["images"][_image(state, order["order_id"], kind)]["content"]
    return refund(state, order, content) is not None if intent == "price" else content["damage"] != "no visible damage"


def _values(state: dict[str, Any], intent: str, order_id: str, allowed: bool, rng: random.Random) -> dict[str, str]:
    """What the user brings for an allowed invoice (a company title) or installation (a date two to twelve days
    ahead); drawn from ``rng`` in this order."""
    if intent == "invoice" and allowed:
        return {"title": f"{rng.choice(state['companies'])} {rng.choice(('LLC', 'Ltd'))}"}
    if intent == "installation" and allowed:
        return {"date": (date.fromisoformat(state["today"]) + timedelta(days=rng.randint(3, 12))).isoformat()}
    return {}


def _intents(rng: random.Random, k: int, delivered: bool, base: str) -> list[str]:
    """k intents in the order the user makes them, ``base`` among them (see the module docstring for the
    combinations)."""
    pool = [*READS, *WRITES] if delivered else [r for r in READS if r != "delivery_date"]
    while True:
        chosen = rng.sample(pool, k=k)
        if base and base not in chosen:
            continue
        if "damage" in chosen and {"installation", "install_info"} & set(chosen):
            continue
        if {"installation", "install_info"} <= set(chosen):
            continue
        if "damage" in chosen:  # a return comes last: after it the order is no longer delivered
            chosen.remove("damage")
            chosen.append("damage")
        return chosen


def _image(state: dict[str, Any], order_id: str, kind: str) -> str:
    return next(i for i, r in sorted(state["images"].items())
                if r["order_id"] == order_id and r["content"]["kind"] == kind)


def _task(state: dict[str, Any], order_id: str, intents: list[str], values: dict[str, str], refund: Refund) -> Task:
    order = state["orders"][order_id]
    product = state["products"][order["product_id"]]
    customer = state["customers"][order["customer_id"]]
    phone = customer["phone"]
    facts = [UserFact(key="phone_number", value=phone, aliases=("phone number", "phone")),
             UserFact(key="order_id", value=order_id, aliases=("order id", "order number", "order"),
                      vague="it begins with an E, I think")]
    reads = [Action(tool="find_customer_by_phone", arguments={"phone": phone}),
             Action(tool="get_order", arguments={"order_id": order_id})]
    writes: list[Action] = []
    requests: list[GoalRequest] = []
    keywords: list[str] = []
    labels: list[str] = []
    optimal = 0

    def read(action: Action) -> None:
        if action not in reads:
            reads.append(action)

    for intent in intents:
        write: Action | None = None
        allowed = True
        if intent in ("logistics", "tracking"):
            shipment = state["logistics"][order_id]
            read(Action(tool="get_logistics", arguments={"order_id": order_id}))
            said, marker = ([shipment["status"], shipment["last_scan"]], shipment["last_scan"]) \
                if intent == "logistics" else ([shipment["carrier"], shipment["tracking"]], shipment["tracking"])
        elif intent == "order_details":
            said, marker = [money(order["price"]), order["order_date"]], order["order_date"]
        elif intent == "delivery_date":
            said, marker = [order["delivered_date"]], order["delivered_date"]
        elif intent == "product_price":
            read(Action(tool="get_product", arguments={"product_id": order["product_id"]}))
            said, marker = [money(product["price"])], money(product["price"])
        elif intent == "install_info":
            read(Action(tool="get_installation_service_info", arguments={"product_id": order["product_id"]}))
            service = product["installation"]
            said = [money(service["fee"])] if service else [_NO_INSTALLATION]
            marker = said[0]
        elif intent == "invoice":
            allowed = not order["invoice_id"]
            if allowed:
                title = values["title"]
                facts.append(UserFact(key="invoice_title", value=title, aliases=("invoice title", "title")))
                write = Action(tool="issue_invoice", arguments={"order_id": order_id, "title": title})
                said, marker = [f"INV-{order_id[1:]}"], "issued"
            else:
                said, marker = [order["invoice_id"]], "already"
        elif intent == "installation":
            read(Action(tool="get_installation_service_info", arguments={"product_id": order["product_id"]}))
            allowed = product["installation"] is not None
            if allowed:
                day = values["date"]
                facts.append(UserFact(key="date", value=day, aliases=("date", "which day", "when")))
                write = Action(tool="schedule_installation", arguments={"order_id": order_id, "date": day})
                said, marker = [day, money(product["installation"]["fee"])], "booked"
            else:
                said, marker = [_NO_INSTALLATION], _NO_INSTALLATION
        elif intent == "price":
            image_id = _image(state, order_id, "price_screenshot")
            facts.append(UserFact(key="screenshot", value=image_id, aliases=("screenshot", "image")))
            read(Action(tool="read_image", arguments={"image_id": image_id}))
            amount = refund(state, order, state["images"][image_id]["content"])
            allowed = amount is not None
            if allowed:
                write = Action(tool="apply_price_protection", arguments={"order_id": order_id, "image_id": image_id})
                said, marker = [money(amount or 0.0)], "refunded"
            else:
                said, marker = [_NOT_COVERED], _NOT_COVERED
        else:  # damage
            image_id = _image(state, order_id, "damage_photo")
            facts.append(UserFact(key="photo", value=image_id, aliases=("photo", "picture", "image")))
            read(Action(tool="read_image", arguments={"image_id": image_id}))
            allowed = state["images"][image_id]["content"]["damage"] != "no visible damage"
            if allowed:
                write = Action(tool="create_return", arguments={"order_id": order_id, "image_id": image_id})
                said, marker = [f"R{order_id[1:]}", "free"], "created"
            else:
                said, marker = [_NO_DAMAGE], _NO_DAMAGE
        request, vague = _WORDS[intent]
        requests.append(GoalRequest(intent=intent, request=request.format(product=product["name"]),
                                    vague_request=vague, confirmed_by=(marker,)))
        keywords += [k for k in said if k not in keywords]
        labels.append(intent if allowed or intent not in WRITES else f"{intent}_refused")
        if write is not None:
            writes.append(write)
        optimal += 2 if write is not None else 1

    critical = [CriticalField(name="phone", tool="find_customer_by_phone", argument="phone", expected=phone)]
    critical += [CriticalField(name=f"{w.tool}.{a}", tool=w.tool, argument=a, expected=v)
                 for w in writes for a, v in w.arguments.items()]
    if not writes:
        critical.append(CriticalField(name="order_id", tool="get_order", argument="order_id", expected=order_id))
    first = requests[0]
    summary = ", ".join(label.replace("_refused", " (refused by policy)") for label in labels)
    return Task(
        id=f"{order_id}/{'|'.join(labels)}",
        description=f"{order['customer_id']} — {len(requests)} requests about {order_id} ({order['product']}): "
                    f"{summary}",
        goal=UserGoal(intent=first.intent, request=first.request, vague_request=first.vague_request,
                      facts=tuple(facts), confirmed_by=tuple(c for r in requests for c in r.confirmed_by),
                      accepts=tuple(dict.fromkeys(f"{w}" for w in _accepts(intents))), requests=tuple(requests)),
        reference=(*reads, *writes),
        success=SuccessCriteria(required_calls=tuple(reads), output_keywords=tuple(keywords)),
        critical_fields=tuple(critical),
        optimal_turns=optimal,
    )


def _accepts(intents: list[str]) -> list[str]:
    """The actions the user agrees to when asked: the writes its requests ask for (allowed or not)."""
    tools = {"invoice": "issue_invoice", "installation": "schedule_installation", "price": "apply_price_protection",
             "damage": "create_return"}
    return [tools[i] for i in intents if i in tools]
