"""A correct agent that phrases freely: ``Paraphrasing(inner, domain)`` lets a built-in reference agent decide every
step and rewrites each text it says into one of several paraphrases, as a frontier LLM support agent would word it
(polite, verbose, markdown, lists of the details, several asks in one message, indirect asks, confirmations in their
many forms, descriptions instead of names, settings paths for phone steps).

Every paraphrase carries exactly the content of the original: the same facts asked, the same values stated, the same
action (or an exact synonym), the same steps in the same order. So a trial that fails with it, and passes without it,
is the harness misreading a correct agent (``benchmarks/free_phrasing.py`` measures that, ``tests/test_free_phrasing.py``
pins it). The tables were written from the reference agents' message templates, without looking at the simulator's
or the labeller's understanding rules, so they measure those rules honestly.

A message is cut into units, each matched by a rule of the domain's table (a regex over the original wording and the
templates that say it again); the variant of each unit is chosen by a hash of the conversation id, the turn and the
unit (deterministic: the random tail of the engine's ids is left out). The wrapped agent sees its own original words in the history: the rewritten assistant messages
of a conversation are mapped back before each step. Importable by tests and benchmarks (``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, as_agent

Template = str | Callable[[Mapping[str, str]], str]


@dataclass(frozen=True)
class Rule:
    """One unit of an agent's wording (``pattern``, matched at the start of what is left of the message) and the
    ways to say it again (format strings over the named groups, or functions of them)."""

    pattern: re.Pattern[str]
    variants: tuple[Template, ...]


def rule(pattern: str, *variants: Template) -> Rule:
    # a unit ends at a blank or at the end of the message, so non-greedy groups stretch to a whole sentence
    return Rule(re.compile(rf"(?:{pattern})(?=\s|$)", re.DOTALL), variants)


def _steps_list(steps: list[str], *, numbered: bool) -> str:
    return "\n".join(f"{k}. {s}" if numbered else f"- {s}" for k, s in enumerate(steps, 1))


# ------------------------------------------------------------------------------------------------- every domain

_CLOSE_VARIANTS = (
    "Is there anything else I can help you with?",
    "Is there anything else I can help you with today?",
    "Is there anything else you need help with?",
    "If there's anything else I can help you with, just let me know!",
    "Let me know if there's anything else I can do for you.",
)

COMMON = (
    rule(r"Sorry, I didn't quite catch that\. Could you tell me what you need help with\?",
         "I'm sorry, I didn't quite follow that. What can I help you with today?",
         "Apologies, I'm not sure I understood. Could you let me know what you need help with?",
         "Sorry, I missed that. Please tell me what you'd like help with, and I'll take it from there."),
    rule(r"Sorry, I didn't (?:quite )?catch that\.",
         "Sorry, I didn't quite catch that.", "Apologies, I didn't quite follow that.",
         "I'm sorry, I didn't understand that."),
    rule(r"Is there anything else I can help you with\?", *_CLOSE_VARIANTS),
    rule(r"Okay, I won't make that change\.",
         "Understood, I won't make that change.", "No problem, I'll leave it as it is and won't make that change.",
         "Got it, I won't go ahead with that change."),
    rule(r"Okay, I won't do that\.",
         "Understood, I won't do that.", "No problem, I won't go ahead with it.", "Got it, I'll leave that as is."),
    rule(r"I'm sorry, I could not complete that \((?P<error>.+?)\); I'm transferring you to a colleague\.",
         "Unfortunately I wasn't able to complete that ({error}). I'm transferring you to a colleague who can help.",
         "I'm sorry, that didn't go through ({error}), so I'm handing you over to a colleague now."),
    rule(r"Which order is this about\? Please tell me the order ID\.",
         "Which order is this regarding? Could you share the order ID?",
         "Could you let me know the order ID of the order in question?",
         "I'll just need the order ID of the order you're asking about.",
         "Thanks! Which order would you like me to look at? Please provide the order number."),
    rule(r"I couldn't find order (?P<id>[A-Z]\d+)\. Could you double-check the order ID\?",
         "I wasn't able to find an order with the ID {id}. Could you double-check the order ID?",
         "Hmm, order {id} doesn't come up on my end. Please double-check the order ID and send it again.",
         "I'm sorry, I couldn't locate order **{id}**. Would you mind checking the order ID once more?"),
)

# ------------------------------------------------------------------------------------------------- mock

MOCK = (
    rule(r"Please check your connection status and tell me what it shows\.",
         "Could you take a look at your connection status and let me know what it says?",
         "To start troubleshooting, please check the connection status on your device and tell me what it shows.",
         "Let's start with a quick check:\n\n1. Open your connection status.\n2. Let me know what it shows.",
         "I'll just need you to check your connection status and share what it shows."),
    rule(r"Please turn on Wi-Fi on your device\.",
         "Next, please switch on Wi-Fi on your device.",
         "Could you turn Wi-Fi on on your device?",
         "Please go to **Settings › Wi-Fi** on your device and turn Wi-Fi on.",
         "Let's try enabling Wi-Fi on your device."),
    rule(r"Please restart the router and wait a minute\.",
         "Please restart your router, then give it about a minute.",
         "Could you reboot the router and wait a minute for it to come back up?",
         "Next step: restart the router and wait about a minute."),
    rule(r"I need the exact account ID, for example A123\. Could you check your account ID for me\?",
         "I'll need the exact account ID, which looks like A123. Could you double-check it for me?",
         "To continue I need your exact account ID (for example, A123). Please check it and send it over."),
    rule(r"Could you give me your account ID\? It's the letter A followed by three digits\.",
         "Could you share your account ID? It's the letter A followed by three digits.",
         "To get started, I'll just need your account ID: that's the letter A followed by three digits.",
         "Happy to help! First, please provide your account ID (the letter **A** and three digits).",
         "Please tell me your account ID, which is an A followed by three digits."),
    rule(r"I couldn't find account (?P<id>\w+)\. Could you double-check your account ID\?",
         "I wasn't able to find an account with the ID {id}. Could you double-check your account ID?",
         "Hmm, account {id} doesn't come up on my end. Please double-check your account ID and send it again."),
    rule(r"This account is locked, so a colleague needs to help you; transferring you now\.",
         "Your account is locked, so a colleague will need to help you with this. I'm transferring you now.",
         "I see this account is locked, which means a colleague has to take it from here. Transferring you now."),
    rule(r"The balance on account (?P<id>A\d{3}) is (?P<amount>[\d.]+) dollars\.",
         "Your account {id} has a balance of {amount} dollars.",
         "The current balance on account **{id}** is **{amount} dollars**.",
         "I've checked account {id}: the balance is ${amount}."),
    rule(r"Which plan would you like: basic or premium\?",
         "Which plan would you like to switch to, basic or premium?",
         "We have two plans available:\n\n- **Basic**\n- **Premium**\n\nPlease let me know which one you'd like.",
         "I'll just need to know which plan you'd like: basic or premium."),
    rule(r"Please choose one of our two plans: which plan, basic or premium\?",
         "Please pick one of our two plans: basic or premium.",
         "Which of our two plans would you like, basic or premium?"),
    rule(r"Account (?P<id>A\d{3}) is now on the (?P<plan>\w+) plan\.",
         "All done! Account {id} has been switched to the {plan} plan.",
         "Account **{id}** is now on the **{plan}** plan."),
    rule(r"The subscription on account (?P<id>A\d{3}) is now cancelled\.",
         "I've cancelled the subscription on account {id}.",
         "Done: the subscription on account {id} has been canceled."),
    rule(r"Your connection is back online\.",
         "Great news, your connection is back online.", "Your connection is back up and running online."),
    rule(r"To confirm: shall I change the plan on account (?P<id>A\d{3}) to (?P<plan>\w+)\? This cannot be undone\.",
         "Just to confirm, you'd like me to change the plan on account {id} to {plan}. Please note this cannot be "
         "undone. Reply yes to proceed.",
         "Before I go ahead, here's the change:\n\n- **Account:** {id}\n- **New plan:** {plan}\n\nThis can't be "
         "undone. Please confirm you'd like me to change the plan.",
         "I can switch account {id} to the {plan} plan for you. This change is permanent. Shall I go ahead?",
         "Please confirm you'd like me to update the plan on account {id} to {plan}. This cannot be undone."),
    rule(r"To confirm: shall I cancel the subscription on account (?P<id>A\d{3})\? This cannot be undone\.",
         "Just to confirm: you'd like me to cancel the subscription on account {id}? Please note this cannot be "
         "undone.",
         "I'm ready to cancel the subscription on account **{id}**. This action is permanent, so please reply yes "
         "to proceed.",
         "Before I proceed:\n\n- **Action:** cancel the subscription\n- **Account:** {id}\n\nThis cannot be undone. "
         "Would you like me to go ahead?",
         "Please confirm that you want me to cancel your subscription on account {id}. Once it's cancelled, this "
         "can't be undone."),
    rule(r"Please confirm I heard you right: you want to (?P<action>.+?) on account (?P<id>A\d{3}), is that right\?",
         "Just to make sure I heard you correctly: you'd like to {action} on account {id}. Is that right?",
         "Could you confirm I got that right? You want to {action} on account **{id}**."),
)

# ------------------------------------------------------------------------------------------------- retail

_R_ORDER = r"(?P<id>W\d{7})"


def _retail_status(g: Mapping[str, str]) -> list[str]:
    tracking = g.get("tracking")
    return [f"Your order {g['id']} is currently {g['status']}." + (f" The tracking number is {tracking}."
                                                                    if tracking else ""),
            f"Here's the latest on order **{g['id']}**:\n\n- **Status:** {g['status']}"
            + (f"\n- **Tracking number:** {tracking}" if tracking else ""),
            f"I've looked it up: order {g['id']} is {g['status']}"
            + (f", and you can track it with tracking number {tracking}." if tracking else ".")]


def _variants(make: Callable[[Mapping[str, str]], list[str]], n: int) -> tuple[Template, ...]:
    """``n`` templates from one function that returns every wording of a unit (units with optional or listed
    parts)."""
    return tuple((lambda g, k=k: make(g)[k]) for k in range(n))


RETAIL = (
    rule(r"Before I can help, I need to verify your identity\. Could you tell me your email address, or your full "
         r"name and zip code\?",
         "I'd be happy to help with that! First, I'll need to verify your identity. Could you please provide "
         "either:\n\n- the email address on your account, or\n- your full name and ZIP code",
         "Before we get started, I need to confirm your identity. Please share the email address associated with "
         "your account, or alternatively your first and last name along with your zip code.",
         "To verify your identity, I'll just need your email address, or if you prefer, your full name and ZIP "
         "code.",
         "Sure! For security, could you tell me the email you used to sign up, or your full name plus zip code?"),
    rule(r"I couldn't find an account with those details\.",
         "I wasn't able to find an account matching those details.",
         "Unfortunately, no account came up with those details."),
    rule(r"I need the exact order ID: the letter W followed by seven digits\. Could you check the order ID for me\?",
         "I'll need the exact order ID, which is the letter W followed by seven digits. Could you double-check it "
         "for me?",
         "To find it, I need the exact order ID: a W followed by seven digits. Please check the order ID and send "
         "it over."),
    rule(rf"Order {_R_ORDER} is not on your account, so I cannot make changes to it\.",
         "I'm sorry, but order {id} isn't on your account, so I'm not able to make changes to it.",
         "Order {id} isn't associated with your account, which means I can't modify it."),
    rule(rf"Order {_R_ORDER} is (?P<status>[\w ]+), so I cannot (?P<verb>.+?) it: only a (?P<needs>\w+) order "
         r"allows that\.",
         "Unfortunately, order {id} is {status}, so I'm not able to {verb} it: that's only possible for a {needs} "
         "order.",
         "I'm sorry, but since order {id} is {status}, I can't {verb} it. Only {needs} orders allow that."),
    rule(rf"Order {_R_ORDER} is (?P<status>[\w ]+)\.(?: Its tracking number is (?P<tracking>\S+?)\.)?",
         *_variants(_retail_status, 3)),
    rule(r"Could you tell me the reason for cancelling: no longer needed, or ordered by mistake\?",
         "May I ask why you'd like to cancel? The options are:\n\n1. No longer needed\n2. Ordered by mistake",
         "Could you let me know the reason for the cancellation: is it no longer needed, or was it ordered by "
         "mistake?",
         "I'll just need the reason for canceling: either no longer needed or ordered by mistake."),
    rule(rf"To confirm, shall I cancel order {_R_ORDER} because it was (?P<reason>[\w ]+)\? The total of "
         r"\$(?P<total>[\d.]+) goes back to the original payment method\.",
         "Here's a summary before I proceed:\n\n- **Order:** {id}\n- **Action:** cancel\n- **Reason:** {reason}\n"
         "- **Refund:** ${total} to the original payment method\n\nPlease confirm you'd like me to cancel this "
         "order.",
         "Just to confirm, you'd like me to cancel order {id} because it was {reason}. The total of ${total} will "
         "be refunded to your original payment method. Reply yes to proceed.",
         "I can cancel order **{id}** (reason: {reason}) for you; the ${total} total would go back to your "
         "original payment method. Shall I go ahead with the cancellation?",
         "Please confirm that you want me to go ahead and cancel order {id} as {reason}. The full ${total} goes "
         "back to the original payment method."),
    rule(rf"To confirm, shall I modify order {_R_ORDER} to ship to (?P<address>.+?)\?",
         "Just to confirm, you'd like me to update the shipping address for order {id} to {address}. Please "
         "confirm and I'll make the change.",
         "Here's the change I'll make:\n\n- **Order:** {id}\n- **New shipping address:** {address}\n\nShall I go "
         "ahead and update it?",
         "I'm ready to change the shipping address of order {id} to {address}. Reply yes to proceed."),
    rule(rf"To confirm, shall I modify the payment of order {_R_ORDER} to (?P<method>\S+) \((?P<kind>[\w ]+)\)\? "
         r"The total is \$(?P<total>[\d.]+)\.",
         "Just to confirm, you'd like me to change the payment method of order {id} to {method} ({kind}). The "
         "total is ${total}. Shall I proceed?",
         "Here's what I'll update:\n\n- **Order:** {id}\n- **New payment method:** {method} ({kind})\n- **Total:** "
         "${total}\n\nPlease confirm you'd like me to make this change.",
         "I can switch the payment for order {id} to your {kind}, {method}, for the total of ${total}. Reply yes "
         "to proceed."),
    rule(rf"To confirm, shall I return the (?P<item>.+?) from order {_R_ORDER}\? The refund of \$(?P<refund>[\d.]+) "
         r"goes to the original payment method\.",
         "Just to confirm, you'd like me to return the {item} from order {id}. The refund of ${refund} will go to "
         "your original payment method. Shall I go ahead?",
         "Here's a summary of the return:\n\n- **Order:** {id}\n- **Item:** {item}\n- **Refund:** ${refund} to the "
         "original payment method\n\nPlease confirm you'd like me to proceed with this return.",
         "I'm ready to process the return of the {item} from order **{id}**, refunding ${refund} to your original "
         "payment method. Reply yes to confirm."),
    rule(rf"To confirm, shall I modify order {_R_ORDER} so the (?P<item>.+?) becomes the (?P<options>.+?) version\? "
         r"The price difference is \$(?P<diff>[\d.]+): (?P<settle>you pay \$[\d.]+ more|you get \$[\d.]+ back)\.",
         "Just to confirm, you'd like me to modify order {id} so the {item} becomes the {options} version. The "
         "price difference is ${diff} ({settle}). Shall I proceed?",
         "Here's the change to order **{id}**:\n\n- **Item:** {item}\n- **New version:** {options}\n- **Price "
         "difference:** ${diff}: {settle}\n\nPlease confirm you'd like me to modify the order.",
         "I can change the {item} on order {id} to the {options} version; the price difference is ${diff}, so "
         "{settle}. Reply yes to proceed."),
    rule(rf"To confirm, shall I exchange the (?P<item>.+?) from order {_R_ORDER} for the (?P<options>.+?) version\? "
         r"The price difference is \$(?P<diff>[\d.]+): (?P<settle>you pay \$[\d.]+ more|you get \$[\d.]+ back)\.",
         "Just to confirm, you'd like me to exchange the {item} from order {id} for the {options} version. The "
         "price difference is ${diff} ({settle}). Shall I go ahead?",
         "Here's the exchange I'll set up:\n\n- **Order:** {id}\n- **Item:** {item}\n- **Exchange for:** the "
         "{options} version\n- **Price difference:** ${diff}: {settle}\n\nPlease confirm you'd like me to proceed.",
         "I'm ready to exchange the {item} from order **{id}** for the {options} version; the price difference is "
         "${diff}, so {settle}. Reply yes to confirm the exchange."),
    rule(r"What is the new shipping address, with street, city, state and zip code\?",
         "What's the new shipping address? Please include the street, city, state and ZIP code.",
         "Sure, I'll just need the new address, including:\n\n- street\n- city\n- state\n- zip code",
         "Could you share the new shipping address (street, city, state and zip code)?"),
    rule(r"Which payment method would you like to use instead: credit card, paypal or gift card\?",
         "Which payment method would you like to switch to: credit card, PayPal or gift card?",
         "I can update that for you. Please let me know the payment method you'd like to use instead:\n\n"
         "- credit card\n- PayPal\n- gift card"),
    rule(r"I don't see a (?P<kind>[\w ]+) on your account\. Which payment method would you like to use\?",
         "I'm not seeing a {kind} on your account. Which payment method would you like to use instead?",
         "It looks like there's no {kind} on your account. Please let me know which payment method you'd like to "
         "use."),
    rule(r"Your gift card holds \$(?P<balance>[\d.]+), less than the order total of \$(?P<total>[\d.]+), so I "
         r"cannot use it\.",
         "Your gift card has a balance of ${balance}, which is less than the order total of ${total}, so I'm not "
         "able to use it.",
         "Unfortunately, the gift card only holds ${balance} and the order total is ${total}, so it can't be used "
         "for this order."),
    rule(r"Which item of the order is it about\? Please tell me the product\.",
         "Which item in the order is this about? Please let me know the product.",
         "Could you tell me which product from the order this concerns?",
         "I'll just need to know which item of the order you mean."),
    rule(r"Which new options would you like for the (?P<item>.+?)\? Please tell me the color or size and any other "
         r"option\.",
         "What new options would you like for the {item}? Please let me know the color or size, and any other "
         "option.",
         "Sure! For the {item}, which options would you like instead? I'll need the color or size and any other "
         "option it has."),
    rule(rf"Order {_R_ORDER} is now cancelled, and \$(?P<refund>[\d.]+) goes back to your payment method\.",
         "Order {id} has been cancelled, and ${refund} will be refunded to your payment method.",
         "All done! Order **{id}** is now canceled and ${refund} is on its way back to your payment method."),
    rule(rf"The shipping address of order {_R_ORDER} is now updated to (?P<address>.+?)\.",
         "Done! The shipping address for order {id} has been updated to {address}.",
         "Order **{id}** will now ship to {address}."),
    rule(rf"The payment method of order {_R_ORDER} is now updated to (?P<method>\S+); the total of "
         r"\$(?P<total>[\d.]+) is charged there\.",
         "The payment method for order {id} has been updated to {method}, and the total of ${total} is charged "
         "there.",
         "Done! Order **{id}** is now paid with {method}; the ${total} total is charged to it."),
    rule(rf"Order {_R_ORDER} is now modified; the price difference of \$(?P<diff>[\d.]+) is settled with your "
         r"payment method\.",
         "Order {id} has been modified, and the price difference of ${diff} is settled with your payment method.",
         "All set! Order **{id}** is updated; the ${diff} price difference goes through your payment method."),
    rule(rf"The return for order {_R_ORDER} is now requested; a refund of \$(?P<refund>[\d.]+) goes to your "
         r"original payment method\.",
         "The return for order {id} has been requested, and a refund of ${refund} will go to your original "
         "payment method.",
         "Done! I've submitted the return for order **{id}**; you'll get ${refund} back on your original payment "
         "method."),
    rule(rf"The exchange for order {_R_ORDER} is now requested; the price difference of \$(?P<diff>[\d.]+) is "
         r"settled with your payment method\.",
         "The exchange for order {id} has been requested, and the price difference of ${diff} is settled with your "
         "payment method.",
         "All set! I've submitted the exchange for order **{id}**; the ${diff} price difference goes through your "
         "payment method."),
)

# ------------------------------------------------------------------------------------------------- ecommerce

_E_ORDER = r"(?P<id>E\d{6})"
ECOMMERCE = (
    rule(r"I couldn't find an account with that number\.",
         "I wasn't able to find an account with that phone number.",
         "Unfortunately, no account came up with that number."),
    rule(r"To look into this, could you tell me the phone number on your account\?",
         "I'd be glad to look into this! Could you share the phone number on your account?",
         "To get started, I'll just need the phone number associated with your account.",
         "Happy to help. First, please provide the phone number linked to your account."),
    rule(r"I need the exact order ID: the letter E and six digits\. Could you check the order ID\?",
         "I'll need the exact order ID, which is the letter E followed by six digits. Could you double-check it?",
         "To find it, I need the exact order ID: an E and six digits. Please check the order ID and send it over."),
    rule(rf"Order {_E_ORDER} is not on your account, so I cannot help with it\.",
         "I'm sorry, but order {id} isn't on your account, so I'm not able to help with it.",
         "Order {id} isn't associated with your account, which means I can't help with it."),
    rule(r"I have answered that above\.",
         "I've answered that in my previous message.", "I covered that just above."),
    rule(rf"Order {_E_ORDER} travels with (?P<carrier>.+?); the tracking number is (?P<tracking>\S+?)\.",
         "Order {id} is being shipped with {carrier}, and the tracking number is {tracking}.",
         "Here are the shipping details for order **{id}**:\n\n- **Carrier:** {carrier}\n- **Tracking number:** "
         "{tracking}"),
    rule(rf"Order {_E_ORDER} has not shipped yet\.",
         "Order {id} hasn't shipped yet.", "It looks like order **{id}** has not been shipped yet."),
    rule(rf"You paid \$(?P<price>[\d.]+) for the (?P<product>.+?) on order {_E_ORDER}, placed on "
         r"(?P<date>\d{4}-\d{2}-\d{2})\.",
         "You paid ${price} for the {product} on order {id}, which was placed on {date}.",
         "Here are the details of order **{id}**:\n\n- **Product:** {product}\n- **Amount paid:** ${price}\n"
         "- **Order date:** {date}"),
    rule(rf"Order {_E_ORDER} has not been delivered yet\.",
         "Order {id} hasn't been delivered yet.", "It looks like order **{id}** has not been delivered so far."),
    rule(rf"Order {_E_ORDER} was delivered on (?P<date>[\d-]+)\.",
         "Order {id} was delivered on {date}.", "According to our records, order **{id}** was delivered on {date}."),
    rule(r"The (?P<product>.+?) costs \$(?P<price>[\d.]+) on our site today\.",
         "The {product} is currently priced at ${price} on our site.",
         "Today, the {product} costs **${price}** on our website."),
    rule(r"The (?P<product>.+?) has no installation service, so I cannot book one\.",
         "Unfortunately, the {product} doesn't come with an installation service, so I'm not able to book one.",
         "The {product} has no installation service available, which means I can't book an installation."),
    rule(r"The (?P<product>.+?) has no installation service\.",
         "The {product} doesn't come with an installation service.",
         "There's no installation service available for the {product}."),
    rule(r"The (?P<product>.+?) comes with an installation service; the fee is \$(?P<fee>[\d.]+)\.",
         "The {product} does come with an installation service, and the fee is ${fee}.",
         "Good news: an installation service is available for the {product}. The fee is **${fee}**."),
    rule(rf"Order {_E_ORDER} is (?P<status>.+?); the last scan was at the (?P<scan>.+?)\.",
         "Order {id} is {status}, and it was last scanned at the {scan}.",
         "Here's the latest on order **{id}**:\n\n- **Status:** {status}\n- **Last scan:** at the {scan}"),
    rule(r"Invoice (?P<invoice>\S+) is issued to (?P<title>.+?) for \$(?P<amount>[\d.]+)\.",
         "Invoice {invoice} has been issued to {title} for ${amount}.",
         "All done! I've issued invoice **{invoice}** to {title}, for ${amount}."),
    rule(rf"Order {_E_ORDER} already has invoice (?P<invoice>\S+), so I cannot issue another one\.",
         "Order {id} already has an invoice, {invoice}, so I'm not able to issue another one.",
         "It looks like invoice {invoice} was already issued for order {id}, so I can't issue a second one."),
    rule(r"What title should the invoice be issued to\? Please tell me the invoice title\.",
         "What title would you like on the invoice? Please let me know the invoice title.",
         "Sure! I'll just need the title the invoice should be issued to.",
         "Who should the invoice be made out to? Please provide the invoice title."),
    rule(rf"Installation for order {_E_ORDER} is booked on (?P<date>[\d-]+); the fee is \$(?P<fee>[\d.]+)\.",
         "Installation for order {id} is booked for {date}, and the fee is ${fee}.",
         "You're all set! The installation for order **{id}** is scheduled on {date}; the fee is ${fee}."),
    rule(r"Which date would you like for the installation\? Please give it as YYYY-MM-DD\.",
         "What date would you like the installation on? Please give it in YYYY-MM-DD format.",
         "I'll just need your preferred installation date, in the format YYYY-MM-DD."),
    rule(r"I couldn't find the (?P<noun>screenshot|photo of the damage) among the images you sent\. Could you send "
         r"me the (?P=noun)\?",
         "I wasn't able to find the {noun} among the images you sent. Could you send me the {noun}?",
         "None of the images you sent is the {noun}. Please send me the {noun}."),
    rule(r"Could you send me the (?P<noun>screenshot|photo of the damage)\?",
         "Could you please send me the {noun}?", "I'll just need you to send me the {noun}.",
         "To look into this, please send over the {noun}."),
    rule(rf"Price protection is applied: \$(?P<refund>[\d.]+) is refunded for order {_E_ORDER}\.",
         "Price protection has been applied, and ${refund} is refunded for order {id}.",
         "All done! I've applied price protection to order **{id}**; ${refund} is being refunded."),
    rule(r"That screenshot is not covered by price protection \(it must show Brightcart's own lower price for the "
         r"(?P<product>.+?) within (?P<days>\d+) days of the order\), so I cannot apply it\.",
         "Unfortunately, that screenshot isn't covered by price protection, so I can't apply it. To qualify, it "
         "has to show Brightcart's own lower price for the {product} within {days} days of the order.",
         "I'm sorry, but price protection doesn't cover that screenshot: it must show Brightcart's own lower price "
         "for the {product} within {days} days of the order. So I'm not able to apply it."),
    rule(rf"Return (?P<ret>\S+) is created for order {_E_ORDER}; the return label is free\.",
         "Return {ret} has been created for order {id}, and the return label is free.",
         "All set! I've created return **{ret}** for order {id}; the return label is free of charge."),
    rule(r"The photo shows no visible damage to the (?P<product>.+?), so I cannot create a free return\.",
         "The photo doesn't show any visible damage to the {product}, so I'm not able to create a free return.",
         "Unfortunately, I can't see any visible damage to the {product} in the photo, so I can't create a free "
         "return."),
    rule(r"It cannot be undone once done, and it does exactly that\.",
         "Just so you know, this can't be undone once it's done, and it does exactly what I described.",
         "Please note it cannot be reversed once done, and it does exactly that."),
    rule(rf"To confirm, shall I issue an invoice for order {_E_ORDER} to (?P<title>.+?), for \$(?P<amount>[\d.]+)\?",
         "Just to confirm, you'd like me to issue an invoice for order {id} to {title}, for ${amount}. Reply yes to "
         "proceed.",
         "Here's the invoice I'll issue:\n\n- **Order:** {id}\n- **Invoice title:** {title}\n- **Amount:** "
         "${amount}\n\nPlease confirm you'd like me to issue it.",
         "I'm ready to issue the invoice for order **{id}** to {title}, for ${amount}. Shall I go ahead?"),
    rule(rf"To confirm, shall I schedule installation of the (?P<product>.+?) for order {_E_ORDER} on "
         r"(?P<date>[\d-]+), with a fee of \$(?P<fee>[\d.]+)\?",
         "Just to confirm, you'd like me to schedule installation of the {product} for order {id} on {date}, with "
         "a fee of ${fee}. Reply yes to proceed.",
         "Here are the installation details:\n\n- **Product:** {product}\n- **Order:** {id}\n- **Date:** {date}\n"
         "- **Fee:** ${fee}\n\nPlease confirm you'd like me to book this installation.",
         "I can book the installation of the {product} (order {id}) on {date}; the fee is ${fee}. Shall I go "
         "ahead and schedule it?"),
    rule(rf"To confirm, shall I apply price protection to order {_E_ORDER} with (?P<image>\S+?), refunding "
         r"\$(?P<refund>[\d.]+)\?",
         "Just to confirm, you'd like me to apply price protection to order {id} based on {image}, refunding "
         "${refund}. Reply yes to proceed.",
         "Here's what I'll do:\n\n- **Order:** {id}\n- **Screenshot:** {image}\n- **Refund:** ${refund}\n\n"
         "Please confirm you'd like me to apply price protection.",
         "I can apply price protection to order **{id}** with {image}, which refunds ${refund}. Shall I go ahead?"),
    rule(rf"To confirm, shall I apply price protection to order {_E_ORDER} with (?P<image>\S+?)\?",
         "Just to confirm, you'd like me to apply price protection to order {id} with {image}. Reply yes to "
         "proceed.",
         "I can apply price protection to order **{id}** with {image}. Shall I go ahead?"),
    rule(rf"To confirm, shall I create a free return for order {_E_ORDER} based on (?P<image>\S+?) "
         r"\((?P<damage>.+?)\)\?",
         "Just to confirm, you'd like me to create a free return for order {id} based on {image} ({damage}). "
         "Reply yes to proceed.",
         "Here's the return I'll create:\n\n- **Order:** {id}\n- **Photo:** {image}\n- **Damage:** {damage}\n"
         "- **Return label:** free\n\nPlease confirm you'd like me to create this return.",
         "I can set up a free return for order **{id}** based on {image}, which shows {damage}. Shall I go ahead?"),
    rule(rf"To confirm, shall I create a free return for order {_E_ORDER} based on (?P<image>\S+?)\?",
         "Just to confirm, you'd like me to create a free return for order {id} based on {image}. Reply yes to "
         "proceed.",
         "I can set up a free return for order **{id}** based on {image}. Shall I go ahead?"),
)

# ------------------------------------------------------------------------------------------------- restaurant


def _choice_groups(options: str) -> list[tuple[str, list[str]]]:
    """``Size: small, medium or large. Crust: classic or thin.`` -> [("Size", [small, medium, large]), ...]."""
    groups = []
    for label, names in re.findall(r"([A-Z][\w ]*?): (.+?)\.(?= [A-Z][\w ]*?: |$)", options):
        head, _, last = names.rpartition(" or ")
        groups.append((label, [*(n.strip() for n in head.split(", ") if n.strip()), last.strip()]))
    return groups


def _or_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _restaurant_choice(g: Mapping[str, str]) -> list[str]:
    groups, item, labels = _choice_groups(g["options"]), g["item"], g["labels"]
    bullets = "\n".join(f"- **{label}:** {', '.join(names)}" for label, names in groups)
    sentences = " ".join(f"For the {label.lower()}, you can pick {_or_list(names)}." for label, names in groups)
    numbered = "\n".join(f"{k}. {label}: {_or_list(names)}" for k, (label, names) in enumerate(groups, 1))
    return [f"Great choice! Which {labels} would you like for your {item}? Here are the options:\n\n{bullets}",
            f"I'll just need a bit more detail for the {item}. {sentences}",
            f"For the {item}, please choose your {labels}:\n\n{numbered}"]


def _restaurant_order(g: Mapping[str, str]) -> list[str]:
    lines = g["summary"].split("; ")
    bullets = "\n".join(f"- {line}" for line in lines)
    return [f"Here's a summary of your order:\n\n{bullets}\n\n**Total:** ${g['total']}\n\nWould you like me to "
            "place the order?",
            f"Let me read your order back: {'; '.join(lines)}. That comes to ${g['total']}. Please confirm you'd "
            "like me to place it.",
            f"Your order so far:\n\n{bullets}\n\nThe total is ${g['total']}. Reply yes and I'll place the order."]


def _restaurant_which(g: Mapping[str, str]) -> list[str]:
    offer = [name for name in (g.get("a"), g.get("b")) if name]
    did_you = (" Did you mean the " + " or the ".join(offer) + "?") if offer else ""
    listed = ("\n\n" + "\n".join(f"- the {name}" for name in offer) + "\n\n") if offer else " "
    return [f"I'm sorry, I'm not sure which dish you mean by \"{g['desc']}\".{did_you} Could you tell me the name "
            "of the dish?",
            f"Apologies, I couldn't tell which menu item \"{g['desc']}\" refers to."
            + (f" Were you thinking of one of these?{listed}" if offer else " ")
            + "Please let me know the dish's name."]


RESTAURANT = (
    rule(r"Welcome to The Lantern Yard! What would you like to order\?",
         "Hi, and welcome to The Lantern Yard! What can I get started for you today?",
         "Welcome to The Lantern Yard! Let me know what you'd like to order.",
         "Thanks for calling The Lantern Yard! What would you like to order today?"),
    rule(r"I've added (?P<line>.+?)\.", "I've added {line} to your order.", "Got it, {line} is added.",
         "Added: **{line}**."),
    rule(r"I've changed that line to (?P<line>.+?)\.", "I've updated that line to {line}.",
         "Done, that line is now {line}."),
    rule(r"I've removed (?P<line>.+?)\.", "I've taken {line} off your order.", "Done, {line} is removed."),
    rule(r"Sorry, I couldn't do that: (?P<error>.+?)\.", "I'm sorry, I wasn't able to do that: {error}.",
         "Unfortunately that didn't work ({error})."),
    rule(r"Orders are usually ready about 20 minutes after they are placed\.",
         "Orders are typically ready about 20 minutes after they're placed.",
         "Usually, an order is ready roughly 20 minutes after it's placed."),
    rule(r"Which (?P<labels>.+?) would you like for the (?P<item>.+?)\? (?P<options>[A-Z][\w ]*?: .+?\.)\Z", *_variants(_restaurant_choice, 3)),
    rule(r"Sorry, I'm not sure which dish you mean by \"(?P<desc>.+?)\"\.(?: Do you mean the (?P<a>.+?)"
         r"(?: or the (?P<b>.+?))?\?)? Please tell me the dish's name\.", *_variants(_restaurant_which, 2)),
    rule(r"Here is your order: (?P<summary>.+?)\. Your total is \$(?P<total>[\d.]+)\. Shall I place the order\?",
         *_variants(_restaurant_order, 3)),
    rule(r"Anything else\?", "Would you like anything else?", "Can I get you anything else?",
         "Is there anything else you'd like to add?"),
    rule(r"Thank you! Your order is placed\. Your order number is (?P<number>\S+?), the total is "
         r"\$(?P<total>[\d.]+), and it will be ready for pickup in about (?P<minutes>\d+) minutes\.",
         "Thank you! Your order has been placed. Your order number is {number}, the total is ${total}, and it'll "
         "be ready for pickup in about {minutes} minutes.",
         "You're all set! 🎉\n\n- **Order number:** {number}\n- **Total:** ${total}\n- **Ready for pickup in:** "
         "about {minutes} minutes"),
    rule(r"Your order (?P<number>\S+) is already placed and can't be changed here\.",
         "Your order {number} has already been placed, so I can't change it here.",
         "Order {number} is already placed, and I'm not able to make changes to it here."),
)

# ------------------------------------------------------------------------------------------------- telecom

_STEPS: dict[str, tuple[str, ...]] = {  # each step of a phone instruction, said again (settings paths included)
    "turn off airplane mode": ("turn off airplane mode", "switch Airplane mode off (Settings › Airplane mode)",
                               "disable airplane mode"),
    "reseat your SIM card (take it out and put it back in firmly)": (
        "reseat your SIM card (take it out and put it back in firmly)",
        "take your SIM card out and insert it back in firmly",
        "remove the SIM card and reinsert it firmly"),
    "restart your phone so the APN reset takes effect": (
        "restart your phone so the APN reset takes effect", "reboot your phone so the APN reset is applied"),
    "check your APN settings": ("check your APN settings",
                                "check your APN settings (Settings › Mobile network › Access Point Names)",
                                "take a look at your APN settings"),
    "reset your APN settings to the defaults": (
        "reset your APN settings to the defaults",
        "reset your APN settings to default (Settings › Mobile network › Access Point Names › Reset to default)",
        "restore the default APN settings"),
    "restart your phone": ("restart your phone", "reboot your phone", "restart your device"),
    "restart your phone so it reconnects to the network": (
        "restart your phone so it reconnects to the network", "reboot your phone so that it reconnects to the network"),
    "turn on mobile data": ("turn on mobile data", "turn on Mobile data (Settings › Network › Mobile data)",
                            "enable mobile data"),
    "turn on data roaming": ("turn on data roaming", "enable Data roaming (Settings › Mobile network › Data roaming)",
                             "switch data roaming on"),
    "set your network mode to 4G/5G preferred": (
        "set your network mode to 4G/5G preferred",
        "change your preferred network mode to 4G/5G (Settings › Mobile network › Network mode)",
        "switch the network mode to 4G/5G preferred"),
    "turn off data saver": ("turn off data saver", "disable Data Saver (Settings › Network › Data saver)",
                            "switch data saver off"),
    "disconnect your VPN": ("disconnect your VPN", "turn off your VPN (Settings › VPN)", "disconnect from your VPN"),
    "turn off Wi-Fi calling": ("turn off Wi-Fi calling", "disable Wi-Fi Calling (Settings › Phone › Wi-Fi Calling)",
                               "switch Wi-Fi calling off"),
    "grant the SMS permission to the messages app": (
        "grant the SMS permission to the messages app",
        "allow the SMS permission for the Messages app (Settings › Apps › Messages › Permissions › SMS)",
        "give the Messages app permission to use SMS"),
    "grant the storage permission to the messages app": (
        "grant the storage permission to the messages app",
        "allow the Storage permission for the Messages app (Settings › Apps › Messages › Permissions › Storage)",
        "give the Messages app permission to access storage"),
    "check the app permissions of the messages app": (
        "check the app permissions of the messages app",
        "check the Messages app's permissions (Settings › Apps › Messages › Permissions)",
        "take a look at which permissions the Messages app has"),
    "check your status bar": ("check your status bar", "look at the status bar at the top of your screen"),
    "run a speed test": ("run a speed test", "do a quick speed test"),
    "send a test MMS": ("send a test MMS", "try sending a test picture message (MMS)"),
}


class _StepSayer:
    """Says each step of an instruction in one of its wordings (the variant index offset per step)."""

    def __init__(self, pick: int) -> None:
        self.pick = pick

    def __call__(self, step: str, k: int = 0) -> str:
        wordings = _STEPS.get(step, (step,))
        return wordings[(self.pick + k) % len(wordings)]


def _telecom_fix(g: Mapping[str, str]) -> list[str]:
    steps = g["steps"].split(", then ")
    out = []
    for style in range(4):
        say = _StepSayer(style)
        said = [say(s, k) for k, s in enumerate(steps)]
        if len(said) == 1:
            one = said[0]
            out.append([f"Please {one}, and let me know what you see.",
                        f"Could you {one} and tell me what you see?",
                        f"Next, I'd like you to {one}. Once that's done, let me know what you see on your phone.",
                        f"Let's try this: {one}, and then tell me what you see."][style])
            continue
        out.append([
            f"Let's try the following steps, in this order:\n\n{_steps_list(said, numbered=True)}\n\nOnce you've "
            "done that, let me know what you see.",
            f"Here's what I'd like you to do:\n\n{_steps_list(said, numbered=False)}\n\nThen tell me what you see on "
            "your phone.",
            "Please " + ", then ".join(said) + ". After that, let me know what you see.",
            f"Could you {said[0]}" + "".join(f", and after that {s}" for s in said[1:]) + "? Then tell me what you "
            "see.",
        ][style])
    return out


def _telecom_check(g: Mapping[str, str]) -> list[str]:
    return [f"Thanks! Next, could you {_StepSayer(k)(g['check'])} and tell me what it shows?" if k % 2 else
            f"Thank you. As a next step, please {_StepSayer(k)(g['check'])} and let me know what it shows."
            for k in range(3)]


def _telecom_verify(g: Mapping[str, str]) -> list[str]:
    return [f"Now, please {_StepSayer(k)(g['check'])} and let me know the result." if k % 2 else
            f"Could you now {_StepSayer(k)(g['check'])} and tell me what the result is?" for k in range(3)]


_T_LINE = r"(?P<number>\d{3}-\d{3}-\d{4})"

TELECOM = (
    rule(r"I'm sorry to hear that\. Could you describe what isn't working: calls and texts, mobile data, or picture "
         r"messages\?",
         "I'm sorry to hear that! Could you tell me what isn't working? Is it:\n\n- calls and texts\n"
         "- mobile data\n- picture messages",
         "Sorry you're having trouble. What exactly isn't working: calls and texts, mobile data, or picture "
         "messages?",
         "I'm sorry about that. I'll just need to know what's not working, whether it's calls and texts, mobile "
         "data, or picture messages."),
    rule(r"I need the full phone number, with the area code\. Could you read me the phone number of the line, "
         r"please\?",
         "I'll need the full phone number, including the area code. Could you share the phone number of the line?",
         "To look it up I need the complete phone number with the area code. Please tell me the number of the "
         "line."),
    rule(r"I can help with that\. First, could you give me the phone number of the line that has the problem\?",
         "I can definitely help with that! First, could you share the phone number of the line that's having the "
         "problem?",
         "Happy to help. To get started, I'll just need the phone number of the affected line.",
         "I can help with that. Please provide the phone number of the line with the issue so I can look it up."),
    rule(rf"I couldn't find a line with the number {_T_LINE}\. Could you check the phone number of the line for me\?",
         "I wasn't able to find a line with the number {number}. Could you double-check the phone number of the "
         "line?",
         "Hmm, no line came up for {number}. Please check the phone number of the line and send it again."),
    rule(r"I'm sorry, I can't fix this from here: (?P<reason>.+?)\. I'm transferring you to a human agent who can "
         r"help you further\.",
         "I'm sorry, this isn't something I can fix from here: {reason}. I'm transferring you to a human agent who "
         "can help you further.",
         "Unfortunately I can't resolve this on my end ({reason}), so I'm transferring you to a human agent who "
         "can take it from here."),
    rule(rf"Your line {_T_LINE} is suspended because bill (?P<bill>\S+) \(\$(?P<amount>[\d.]+), due "
         r"(?P<due>[\d-]+)\) is overdue\. To confirm: shall I send a payment request for bill (?P=bill) of "
         r"\$(?P=amount) to your phone, for account (?P<cid>\S+?)\?",
         "Your line {number} is suspended because bill {bill} (${amount}, due {due}) is overdue. Would you like "
         "me to send a payment request for bill {bill} of ${amount} to your phone, for account {cid}? Please "
         "confirm.",
         "I see that your line {number} is suspended: bill {bill} for ${amount}, due {due}, is overdue.\n\n"
         "Here's what I can do:\n\n- **Action:** send a payment request to your phone\n- **Bill:** {bill}\n"
         "- **Amount:** ${amount}\n- **Account:** {cid}\n\nReply yes to proceed.",
         "Your line {number} has been suspended because bill {bill} (${amount}, due {due}) is overdue. I can send "
         "a payment request of ${amount} for bill {bill} to your phone, for account {cid}. Please confirm you'd "
         "like me to send it."),
    rule(r"I've sent a payment request of \$(?P<amount>[\d.]+) for bill (?P<bill>\S+) to your phone\. Please pay the "
         r"payment request on your phone, and tell me when it's done\.",
         "I've sent a payment request of ${amount} for bill {bill} to your phone. Please pay it on your phone and "
         "let me know once it's done.",
         "Done! A payment request for bill {bill} (${amount}) is on its way to your phone. Could you pay the "
         "payment request on your phone and tell me when that's done?"),
    rule(rf"Thank you, no bill is overdue any more\. To confirm: shall I resume line {_T_LINE} on account "
         r"(?P<cid>\S+?)\?",
         "Thank you, there are no overdue bills any more. Would you like me to resume line {number} on account "
         "{cid}? Please confirm.",
         "Thanks! No bill is overdue now.\n\n- **Action:** resume the line\n- **Line:** {number}\n- **Account:** "
         "{cid}\n\nReply yes to proceed.",
         "Thank you, nothing is overdue any more. Please confirm you'd like me to resume line {number} on account "
         "{cid}."),
    rule(r"Let's look at your phone\. Please check your status bar and tell me what it shows\.",
         "Let's take a look at your phone. Could you check your status bar and tell me what it shows?",
         "Let's check your phone. Please look at the status bar at the top of your screen and let me know what it "
         "shows.",
         "Next, let's look at your phone. I'll just need you to check your status bar and tell me what you see "
         "there."),
    rule(r"Please (?P<steps>.+?), and tell me what you see\.", *_variants(_telecom_fix, 4)),
    rule(r"Thanks\. Next, please (?P<check>.+?) and tell me what it shows\.", *_variants(_telecom_check, 3)),
    rule(r"Now please (?P<check>.+?) and tell me the result\.", *_variants(_telecom_verify, 3)),
    rule(r"Great, that's working again\.", "Great, that's working again!", "That's great news, it's working again.",
         "Excellent, everything's working again."),
    rule(rf"Roaming is disabled on line {_T_LINE}, so your phone can't use data abroad\. To confirm: shall I enable "
         r"roaming on line (?P=number) of account (?P<cid>\S+?)\? It's free of charge\.",
         "Roaming is disabled on line {number}, which is why your phone can't use data abroad. Would you like me "
         "to enable roaming on line {number} of account {cid}? It's free of charge. Please confirm.",
         "I found the issue: roaming is turned off on line {number}, so your phone can't use data abroad.\n\n"
         "- **Action:** enable roaming\n- **Line:** {number}\n- **Account:** {cid}\n- **Cost:** free of charge\n\n"
         "Reply yes to proceed.",
         "Roaming is disabled on line {number}, so data won't work abroad. Please confirm you'd like me to turn on "
         "roaming for line {number} on account {cid}; there's no charge for it."),
    rule(rf"You've used all (?P<plan>[\d.]+) GB of data on line {_T_LINE} this cycle\. To confirm: shall I refuel "
         r"(?P<gb>[\d.]+) GB on line (?P=number) of account (?P<cid>\S+?), for \$(?P<price>[\d.]+)\?",
         "You've used all {plan} GB of data on line {number} this cycle. Would you like me to add {gb} GB of data "
         "to line {number} of account {cid}, for ${price}? Please confirm.",
         "It looks like line {number} has used all {plan} GB of data this cycle. I can refuel it:\n\n"
         "- **Data:** {gb} GB\n- **Line:** {number}\n- **Account:** {cid}\n- **Price:** ${price}\n\n"
         "Reply yes to proceed.",
         "You've used up all {plan} GB of data on line {number} this cycle. Please confirm you'd like me to refuel "
         "{gb} GB on line {number} of account {cid} for ${price}."),
)

TABLES: dict[str, tuple[Rule, ...]] = {name: (*table, *COMMON) for name, table in {
    "mock": MOCK, "retail": RETAIL, "ecommerce": ECOMMERCE, "restaurant": RESTAURANT, "telecom": TELECOM}.items()}

_SENTENCE = re.compile(r".+?(?:[.!?](?=\s|$)|$)", re.DOTALL)


# ------------------------------------------------------------------------------------------------- rewriting


@dataclass(frozen=True)
class Rewrite:
    """One text of the agent and what the user got instead; ``unmatched``: parts no rule knew (said verbatim)."""

    original: str
    rewritten: str
    unmatched: tuple[str, ...] = ()


def _stable(conversation_id: str) -> str:
    """The engine's conversation ids end with a random part; the rest (task, trial, seed) picks the variants, so a
    run repeats exactly."""
    return re.sub(r"/[0-9a-f]{12}$", "", conversation_id)


def _choice(key: str, count: int) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % count


def paraphrase(domain: str, text: str, key: str) -> Rewrite:
    """``text`` said again with the domain's table, the variant of each unit chosen by ``key`` (deterministic)."""
    table = TABLES[domain]
    pieces: list[str] = []
    unmatched: list[str] = []
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        for r in table:
            m = r.pattern.match(text, pos)
            if m is not None:
                variant = r.variants[_choice(f"{key}|{len(pieces)}", len(r.variants))]
                groups = {k: v for k, v in m.groupdict().items() if v is not None}
                pieces.append(variant(groups) if callable(variant) else variant.format(**groups))
                pos = m.end()
                break
        else:
            m = _SENTENCE.match(text, pos)
            assert m is not None
            pieces.append(m.group())
            unmatched.append(m.group())
            pos = m.end()
    out = ""
    for piece in pieces:
        out += ("" if not out else "\n\n" if "\n" in piece or "\n" in out.rsplit("\n\n", 1)[-1] else " ") + piece
    return Rewrite(original=text, rewritten=out, unmatched=tuple(unmatched))


@dataclass
class Paraphrasing:
    """A reference agent that decides every step, speaking through the domain's paraphrase table.

    ``inner``: an agent (or an agent class, built with no arguments); ``domain``: its name (or the Domain). The
    rewritten texts of each conversation are mapped back to the agent's own words before it sees the history.
    ``rewrites`` keeps every rewrite, per conversation, for reports."""

    inner: Any
    domain: str
    rewrites: dict[str, list[Rewrite]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.inner, type):
            self.inner = self.inner()
        self._agent = as_agent(self.inner)
        self.domain = getattr(self.domain, "name", self.domain)
        if self.domain not in TABLES:
            raise ValueError(f"no paraphrase table for domain {self.domain!r}; allowed: {sorted(TABLES)}")
        self._originals: dict[str, dict[str, str]] = {}

    def for_trial(self, trial: int, seed: int) -> Paraphrasing:
        fresh = self.inner.for_trial(trial, seed) if hasattr(self.inner, "for_trial") else self.inner
        return Paraphrasing(fresh, self.domain)

    async def respond(self, request: AgentRequest) -> AgentReply:
        originals = self._originals.setdefault(request.conversation_id, {})
        own = tuple(replace(m, content=originals[m.content]) if m.role == "assistant" and m.content in originals
                    else m for m in request.messages)
        reply = await self._agent.respond(replace(request, messages=own))
        if not reply.text:
            return reply
        turn = sum(1 for m in request.messages if m.role == "assistant" and m.content)
        rewrite = paraphrase(self.domain, reply.text, f"{_stable(request.conversation_id)}|{turn}")
        originals[rewrite.rewritten] = reply.text
        self.rewrites.setdefault(request.conversation_id, []).append(rewrite)
        return replace(reply, text=rewrite.rewritten)

    def original_of(self, conversation_id: str, text: str) -> str | None:
        """The agent's own words behind a text the user got (None if it was not rewritten here)."""
        return self._originals.get(conversation_id, {}).get(text)


# ------------------------------------------------------------------------------------------------- judging a trial

FLAG_METRICS = ("cr", "cp", "ias", "cfa", "safety_precision")


@dataclass(frozen=True)
class Judged:
    """One conversation as the plugin would judge it: ``outcome`` passed (goal reached), inconclusive (it failed
    after the simulated user said it did not understand the agent) or failed; ``flags``: the metrics with a defined
    score below 1, with their evidence; ``misunderstood``: the simulator's events."""

    outcome: str
    flags: dict[str, str]
    misunderstood: tuple[dict[str, Any], ...]


def judge(conv: Any) -> Judged:
    from pytest_mmtau import metrics
    from pytest_mmtau._misunderstood import misunderstandings
    from pytest_mmtau.judge import RuleLabeller

    lost = tuple(misunderstandings([conv]))
    outcome = "passed" if conv.goal_achieved else "inconclusive" if lost else "failed"
    labels = RuleLabeller().label_sync(conv)
    flags = {}
    for name in FLAG_METRICS:
        score = getattr(metrics, name)(conv, labels)
        if score.defined and float(score) < 1.0:
            flags[name] = f"{float(score):.2f}: {' | '.join(score.evidence)}"
    return Judged(outcome=outcome, flags=flags, misunderstood=lost)
