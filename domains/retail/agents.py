"""Offline reference agents for the retail domain: one that follows policy.md, and flawed variants.

Stateless: every reply is re-derived from the conversation (user messages, own messages, tool calls and results).
"""

from __future__ import annotations

import re
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView, ToolRequest

_EMAIL = re.compile(r"[a-z0-9._+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+", re.IGNORECASE)
_ORDER = re.compile(r"(?<![a-z0-9])(w\d{7})(?![a-z0-9])", re.IGNORECASE)
_NAME = re.compile(r"my name is ([a-z]+) ([a-z]+)", re.IGNORECASE)
_BARE_NAME = re.compile(r"(?:^|[.!?]\s+)([A-Za-z][a-z]+) ([A-Z][a-z]+)\.(?:\s|$)")
_ZIP = re.compile(r"zip(?: code)? is (\d{5})\b|(?:^|[.!?]\s+)(\d{5})\.(?:\s|$)", re.IGNORECASE)
_ADDRESS = re.compile(r"(\d{1,4} [A-Z][a-z]+ [A-Z][a-z]+), ([A-Z][A-Za-z ]+), ([A-Z]{2}) (\d{5})")
_YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right)\b", re.IGNORECASE)
_NO = re.compile(r"\b(no|don't|do not|stop)\b", re.IGNORECASE)
_INTENTS = (  # checked in order; the first that matches wins
    ("exchange", r"\bexchange\b"),
    ("return", r"\breturn\b"),
    ("cancel", r"\bcancel"),
    ("address", r"shipping address|new address"),
    ("payment", r"payment method"),
    ("items", r"change an item"),
    ("status", r"where is my order|status"),
)
_WRITE_TOOL = {"cancel": "cancel_pending_order", "address": "modify_pending_order_address",
               "payment": "modify_pending_order_payment", "items": "modify_pending_order_items",
               "return": "return_delivered_order_items", "exchange": "exchange_delivered_order_items"}
_NEEDS = {"cancel": "pending", "address": "pending", "payment": "pending", "items": "pending",
          "return": "delivered", "exchange": "delivered"}
_VERB = {"cancel": "cancel", "address": "change the address of", "payment": "change the payment method of",
         "items": "change the items of", "return": "return items from", "exchange": "exchange items from"}
_AUTH_QUESTION = ("Before I can help, I need to verify your identity. Could you tell me your email address, "
                  "or your full name and zip code?")
_CLOSE = " Is there anything else I can help you with?"


def _wrong(order_id: str) -> str:
    """The flawed agents' slip: the last two digits swapped (or, when they are equal, the last one off by one)."""
    swapped = order_id[:-2] + order_id[-1] + order_id[-2]
    return swapped if swapped != order_id else order_id[:-1] + str((int(order_id[-1]) + 1) % 10)


def _options_text(options: dict[str, str]) -> str:
    return ", ".join(v for _, v in sorted(options.items()))


class RetailAgent:
    """Follows policy.md. Flaws: ``authenticate=False`` never verifies identity (nor order ownership);
    ``confirm_writes=False`` writes without asking; ``wrong_order=True`` confirms the right order but writes to
    the customer's order id with its last two digits swapped."""

    def __init__(self, *, authenticate: bool = True, confirm_writes: bool = True, wrong_order: bool = False) -> None:
        self.authenticate, self.confirm_writes, self.wrong_order = authenticate, confirm_writes, wrong_order

    async def respond(self, request: AgentRequest) -> AgentReply:
        return self.decide(ConversationView.of(request))

    # ------------------------------------------------------------------------------------------ flow

    def decide(self, v: ConversationView) -> AgentReply:
        intent = next((name for name, cue in _INTENTS if re.search(cue, v.user, re.IGNORECASE)), None)
        if intent is None:
            return AgentReply(text="Sorry, I didn't quite catch that. Could you tell me what you need help with?")
        user_id = None
        if self.authenticate:
            user_id = self._user_id(v)
            if not isinstance(user_id, str):
                return user_id
        orders = _ORDER.findall(v.user)
        if not orders:
            if any("order ID" in t for t in v.own_texts):
                return AgentReply(text="I need the exact order ID: the letter W followed by seven digits. "
                            "Could you check the order ID for me?")
            return AgentReply(text="Which order is this about? Please tell me the order ID.")
        order_id = orders[-1].upper()
        order = v.result("get_order_details", order_id=order_id)
        if order is None:
            if v.tried("get_order_details", order_id=order_id):
                return AgentReply(text=f"I couldn't find order {order_id}. Could you double-check the order ID?")
            return AgentReply.calling("get_order_details", order_id=order_id)
        if user_id is not None and order["user_id"] != user_id:
            return AgentReply(text=f"Order {order_id} is not on your account, so I cannot make changes to it." + _CLOSE)
        if intent == "status":
            tracking = f" Its tracking number is {order['tracking_id']}." if order.get("tracking_id") else ""
            return AgentReply(text=f"Order {order_id} is {order['status']}.{tracking}" + _CLOSE)
        return self._write_intent(v, intent, order)

    def _user_id(self, v: ConversationView) -> str | AgentReply:
        for tool in ("find_user_id_by_email", "find_user_id_by_name_zip"):
            found = v.result(tool)
            if isinstance(found, str):
                return found
        text = v.user
        emails = _EMAIL.findall(text)
        if emails:
            email = emails[-1].lower()
            if not v.tried("find_user_id_by_email", email=email):
                return AgentReply.calling("find_user_id_by_email", email=email)
        # a bare "First Last." sentence: the first one, since volunteered facts come in order (name before items)
        name = _NAME.findall(text)[-1:] or _BARE_NAME.findall(text)[:1]
        zips = [a or b for a, b in _ZIP.findall(text)]
        if name and zips:
            first, last = (part.capitalize() for part in name[0])
            args = {"first_name": first, "last_name": last, "zip": zips[-1]}
            if not v.tried("find_user_id_by_name_zip", **args):
                return AgentReply.calling("find_user_id_by_name_zip", **args)
        if v.calls:
            return AgentReply(text="I couldn't find an account with those details. " + _AUTH_QUESTION)
        return AgentReply(text=_AUTH_QUESTION)

    def _write_intent(self, v: ConversationView, intent: str, order: dict[str, Any]) -> AgentReply:
        order_id, tool = order["order_id"], _WRITE_TOOL[intent]
        done = v.result(tool)
        if done is not None:
            return AgentReply(text=self._done(intent, order, done) + _CLOSE)
        if v.error(tool) is not None:
            return AgentReply(text=f"I'm sorry, I could not complete that ({v.error(tool)}); I'm transferring you "
                                   "to a colleague.",
                              tool_calls=(ToolRequest(name="transfer_to_human_agents",
                                                      arguments={"summary": f"{tool} failed"}),))
        if order["status"] != _NEEDS[intent]:
            return AgentReply(text=f"Order {order_id} is {order['status']}, so I cannot {_VERB[intent]} it: only a "
                        f"{_NEEDS[intent]} order allows that." + _CLOSE)
        plan = self._plan(v, intent, order)
        if isinstance(plan, AgentReply):
            return plan
        arguments, question = plan
        if self.wrong_order:
            arguments = {**arguments, "order_id": _wrong(order_id)}
        if self.confirm_writes:
            if not v.last_own.endswith(question):
                return AgentReply(text=question)
            if _NO.search(v.last_user) or not _YES.search(v.last_user):
                return AgentReply(text="Okay, I won't make that change." + _CLOSE)
        return AgentReply.calling(tool, **arguments)

    # ------------------------------------------------------------------------------------------ details

    def _plan(self, v: ConversationView, intent: str, order: dict[str, Any]) -> tuple[dict[str, Any], str] | AgentReply:
        order_id, text = order["order_id"], v.user
        ask = "To confirm, shall I"
        if intent == "cancel":
            reason = next((r for r in ("no longer needed", "ordered by mistake") if r in text.lower()), None)
            if reason is None:
                return AgentReply(
                    text="Could you tell me the reason for cancelling: no longer needed, or ordered by mistake?")
            return ({"order_id": order_id, "reason": reason},
                    f"{ask} cancel order {order_id} because it was {reason}? The total of ${order['total']:.2f} "
                    "goes back to the original payment method.")
        if intent == "address":
            found = _ADDRESS.findall(text)
            if not found:
                return AgentReply(text="What is the new shipping address, with street, city, state and zip code?")
            address1, city, code, zip_code = found[-1]
            return ({"order_id": order_id, "address1": address1, "city": city, "state_code": code, "zip": zip_code},
                    f"{ask} modify order {order_id} to ship to {address1}, {city}, {code} {zip_code}?")
        if intent == "payment":
            details = v.result("get_user_details", user_id=order["user_id"])
            if details is None:
                return AgentReply.calling("get_user_details", user_id=order["user_id"])
            kind = next((k for k in ("credit card", "paypal", "gift card") if k in text.lower()), None)
            if kind is None:
                return AgentReply(
                    text="Which payment method would you like to use instead: credit card, paypal or gift card?")
            method = next((m for m in details["payment_methods"].values() if m["kind"] == kind.replace(" ", "_")),
                          None)
            if method is None:
                return AgentReply(
                    text=f"I don't see a {kind} on your account. Which payment method would you like to use?")
            if kind == "gift card" and method["balance"] < order["total"]:
                return AgentReply(text=f"Your gift card holds ${method['balance']:.2f}, less than the order total of "
                            f"${order['total']:.2f}, so I cannot use it." + _CLOSE)
            return ({"order_id": order_id, "payment_method_id": method["id"]},
                    f"{ask} modify the payment of order {order_id} to {method['id']} ({kind})? The total is "
                    f"${order['total']:.2f}.")
        item = next((i for i in order["items"] if i["name"].lower() in text.lower()), None)
        if item is None:
            return AgentReply(text="Which item of the order is it about? Please tell me the product.")
        if intent == "return":
            return ({"order_id": order_id, "item_ids": [item["item_id"]]},
                    f"{ask} return the {item['name']} from order {order_id}? The refund of ${item['price']:.2f} "
                    "goes to the original payment method.")
        product = v.result("get_product_details", product_id=item["product_id"])
        if product is None:
            return AgentReply.calling("get_product_details", product_id=item["product_id"])
        words = text.lower()
        matches = [var for var in product["variants"].values()
                   if var["available"] and var["item_id"] != item["item_id"]
                   and all(re.search(rf"(?<![a-z0-9.'-]){re.escape(val)}(?![a-z0-9'-])", words)
                           for val in var["options"].values())]
        if len(matches) != 1:
            return AgentReply(
                text=f"Which new options would you like for the {item['name']}? Please tell me the color or "
                        "size and any other option.")
        new = matches[0]
        difference = round(new["price"] - item["price"], 2)
        settle = (f"you pay ${difference:.2f} more" if difference >= 0 else f"you get ${-difference:.2f} back")
        verb = "modify order" if intent == "items" else "exchange the delivered"
        what = (f"{verb} {order_id} so the {item['name']} becomes the {_options_text(new['options'])} version"
                if intent == "items" else
                f"exchange the {item['name']} from order {order_id} for the {_options_text(new['options'])} version")
        return ({"order_id": order_id, "item_ids": [item["item_id"]], "new_item_ids": [new["item_id"]]},
                f"{ask} {what}? The price difference is ${abs(difference):.2f}: {settle}.")

    @staticmethod
    def _done(intent: str, order: dict[str, Any], result: dict[str, Any]) -> str:
        order_id = result["order_id"]
        if intent == "cancel":
            return f"Order {order_id} is now cancelled, and ${result['refund']:.2f} goes back to your payment method."
        if intent == "address":
            a = result["address"]
            return (f"The shipping address of order {order_id} is now updated to {a['address1']}, {a['city']}, "
                    f"{a['state']} {a['zip']}.")
        if intent == "payment":
            return (f"The payment method of order {order_id} is now updated to {result['payment_method_id']}; "
                    f"the total of ${order['total']:.2f} is charged there.")
        if intent == "items":
            return (f"Order {order_id} is now modified; the price difference of "
                    f"${abs(result['price_difference']):.2f} is settled with your payment method.")
        if intent == "return":
            return (f"The return for order {order_id} is now requested; a refund of ${result['refund']:.2f} goes to "
                    "your original payment method.")
        return (f"The exchange for order {order_id} is now requested; the price difference of "
                f"${abs(result['price_difference']):.2f} is settled with your payment method.")


AGENTS = {
    "reference": RetailAgent,
    "skips_authentication": lambda: RetailAgent(authenticate=False),
    "skips_confirmation": lambda: RetailAgent(confirm_writes=False),
    "wrong_order_id": lambda: RetailAgent(wrong_order=True),
}
