"""Readings round 6 of issue 20 fixed: what the dev half of the corpus and of the third blind set read wrong, read
here in new sentences of the same kinds, written for this test.

- A read-back of the order that counts an item the guest never ordered ("…, and 1 garlic knots with marinara
  dip") is a wrong read-back: the guest does not approve it, and the labeller does not count it as confirming the
  order (a list's value is the whole multiset of lines, not a subset).
- A modifier said with the kind of option it is ("spicy marinara dip" for "spicy marinara") or in a menu's shorthand
  ("GF crust") is the guest's own.
- A hyphenated word is one part of an option value: "the **charging-pad-case, jet** version" lists another case than
  the user's "standard-case, jet".
- "Snap a picture" asks for the photo as "take a picture" does.
- "What should the invoice be addressed to?" (made out, issued, billed to or under) asks for the invoice title.
- "The order it's for" picks the order out by what it holds.
- "After we receive the item" in a statement of what usually happens asks for nothing.
- A hurried agent's shorthand reads as the words it stands for ("acct # pls?", "addr", "ur", "pic", "name + zip"),
  never inside an email or an id; a bare "need the …" asks, as do "two things: …" and a step after an inline
  "(2)".
- Options of a fact after a slash ("(ordered by mistake / no longer needed)") are a choice, not a read-back; the
  options of an approval (to act, or to keep things as they are) ask for no fact.
- A table row pairing a label with its value ("| Order | E206019 |") states it, and a blank cell asks for it; an
  "or" that ends a list item ("1. Create a return using photo IMG-4553, or") joins the items, it offers no value.
- The same asks with their sentences set as list items read the same: an offer then "just let me know", two options
  then "which works best?", a recap then "Good to go?"; a list item that is a clause with a modal, an adverb of habit
  or a verb of seeming ("Exchanges usually ship …", "Your line looks fine") states; a list item's number is no amount
  ("2. Would you like that?" after "I can add 5 GB" for a task of 2 GB).
- The list right above or below an approval (the plan to review, the options to act or hold off) is the
  approval's: the user can answer it, nothing in it is left unplaced.
- "There are three orders on it, so I'll need the order number" is a statement and an ask, not a question about it.
- An "it" that only says when or why ("once it's up, tell me what the status bar shows", "restart so it can find
  the network") stands for no fact of the sentence before.
"""

from __future__ import annotations

from typing import Any

import pytest

from test_understanding_confirmations import guest_errors, probe_errors
from test_understanding_facts import _read
from test_understanding_confirmations_round3 import (_A101, _A104, _CALAMARI, _CANCEL, _E_INSTALL, _INSTALL, _NONE,
                                                     _PIZZA, _R_CALAMARI, _R_PIZZA, _REFUEL, _ROAMING, _T_ROAMING,
                                                     _W_CANCEL)

# (domain, task, previous agent message, message, the action it asks to approve or None, its values when confirmed)
PROBES: list[tuple[str, str, str, str, str | None, dict[str, Any] | None]] = [
    ("restaurant", _PIZZA, "", "So that's 1 large BBQ Chicken Pizza with classic crust and light sauce, 2 medium Diet "
                               "Colas, and 1 Caesar salad. Shall I send it through?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "Recap: one large BBQ Chicken Pizza (classic crust, light sauce), two medium Diet Colas "
                               "plus two mozzarella sticks. Ready for me to place it?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "Your order: 2 medium Diet Colas; 1 large BBQ Chicken Pizza, classic crust, light "
                               "sauce; 1 tiramisu. Okay to submit?", "place_order", _NONE),
    ("restaurant", _PIZZA, "", "1 large BBQ Chicken Pizza with classic crust and light sauce, 2 medium Diet Colas and "
                               "2 garlic knots - want me to send that to the kitchen?", "place_order", _NONE),
    # the action or leaving things be, offered in running text or as labelled options, then a bare "which?"
    ("telecom", _ROAMING, "", "Roaming is off on 312-555-0147 (customer C1001). I can turn it on right away, or we can "
                              "leave it as it is. Which would you prefer?", "enable_roaming", _T_ROAMING),
    ("telecom", _ROAMING, "", "I could activate roaming on 312-555-0147 for customer C1001 today, or you can keep it "
                              "off until you're home - what would you like to do?", "enable_roaming", _T_ROAMING),
    ("mock", "router_off_and_downgrade", "", "**Option 1:** I downgrade A104 to Basic today.\n**Option 2:** we leave "
                                             "the plan as it is.\n\nWhich do you prefer?", "change_plan", _A104),
    ("telecom", _ROAMING, "", "I can turn on roaming for 312-555-0147 (C1001), or add a travel pass instead. Which would "
                              "you prefer?", None, None),
    # an offer of the action, then a bare "just let me know"
    ("retail", _CANCEL, "", "It hasn't shipped, so I can cancel #W3125736 for you instead; just let me know.",
     "cancel_pending_order", _W_CANCEL),
    ("retail", _CANCEL, "", "I'd be happy to cancel order W3125736 for you. Just say the word.", "cancel_pending_order",
     _W_CANCEL),
    ("retail", _CANCEL, "", "I can look up the tracking for #W3125736 as well - just let me know.", None, None),
    # an offer on a condition of the user's assent ("if Premium looks good", "as long as that's still what you want",
    # "if it still works"), a terse "do it now?", the option of staying as things are, "which works best for you?"
    ("mock", "upgrade_plan", "", "If Premium looks good to you, I can move A101 over right away.", "change_plan",
     _A101),
    ("retail", _CANCEL, "", "As long as that's still what you want, I'll cancel order W3125736 for you.",
     "cancel_pending_order", _W_CANCEL),
    ("ecommerce", _INSTALL, "Order E205810 can get an installation on Friday, March 13.",
     "I'd be happy to book that for you if it still works.", "schedule_installation", _E_INSTALL),
    ("mock", "upgrade_plan", "Moving A101 to Premium costs $10 more a month.", "do it now?", "change_plan", _A101),
    ("retail", _CANCEL, "", "Two ways forward:\n\n1. **Cancel now** - order #W3125736 is cancelled and refunded.\n2. "
                            "**Keep it** - nothing changes.\n\nLet me know which you'd prefer.",
     "cancel_pending_order", _W_CANCEL),
    ("mock", "router_off_and_downgrade", "", "You can downgrade A104 to Basic today, or stay on Standard for now. "
                                             "Which works best for you?", "change_plan", _A104),
    ("ecommerce", _INSTALL, "", "Which works better for you for the installation on E205810: morning or afternoon?",
     None, None),
    # options of a fact after a slash are a choice, not a read-back to check
    ("retail", _CANCEL, "", "found it - W3125736, still pending. reason for cancelling? (ordered by mistake / no longer "
                            "needed)", None, None),
    # a modifier said with the kind of option it is, and a menu's shorthand
    ("restaurant", _CALAMARI, "", "Your order: 1 x Crispy Calamari (spicy marinara dip). Shall I send it in?",
     "place_order", _R_CALAMARI),
    ("restaurant", "medium/02-garden-veggie-pizza", "", "Recap: 2 x Garden Veggie Pizza (large, GF crust); 3 x Garlic "
                                                        "Knots (garlic butter dip, extra dip). Shall I place it?",
     "place_order", {"lines": "2 x garden veggie pizza (large, gluten free crust); 3 x garlic knots (garlic butter "
                              "dip, extra dip)"}),
    # the same asks with their sentences set as list items; a list item's number is no amount
    ("retail", _CANCEL, "", "- Order W3125736 hasn't shipped yet.\n- I can cancel it for you instead; just let me know.",
     "cancel_pending_order", _W_CANCEL),
    ("mock", "router_off_and_downgrade", "", "1. You can downgrade A104 to Basic now, or stay on Standard.\n2. Which works "
                                             "best for you?", "change_plan", _A104),
    ("telecom", _REFUEL, "", "1. I can add 5 GB to 206-555-0128 for customer C1003.\n2. Would you like that?",
     "refuel_data", _NONE),
    ("mock", "upgrade_plan", "", "- So, to recap: account A101, move to Premium.\n- Good to go?", "change_plan", _A101),
    # the same lists with nothing extra still confirm the order
    ("restaurant", _PIZZA, "", "So that's 1 large BBQ Chicken Pizza with classic crust and light sauce, and 2 medium "
                               "Diet Colas. Shall I send it through?", "place_order", _R_PIZZA),
    ("restaurant", _PIZZA, "", "Recap: one large BBQ Chicken Pizza (classic crust, light sauce) plus two medium Diet "
                               "Colas. Ready for me to place it?", "place_order", _R_PIZZA),
]


@pytest.mark.parametrize("case", PROBES, ids=[c[3][:50] for c in PROBES])
def test_approvals_read_alike(case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert probe_errors(case) == []


@pytest.mark.parametrize("case", [c for c in PROBES if c[0] == "restaurant"],
                         ids=[c[3][:50] for c in PROBES if c[0] == "restaurant"])
def test_the_guest_reads_these_order_approvals_alike(
        case: tuple[str, str, str, str, str | None, dict[str, Any] | None]) -> None:
    assert guest_errors(case) == []


_KETTLE = ("retail", "exchange/email/ok/W3108492")
_BOOTS = ("retail", "exchange/email/ok/W3110919")


@pytest.mark.parametrize(("where", "text"), [
    (_KETTLE, "So you'd like the Electric Kettle on #W3108492 swapped for the 1.0l, brushed-steel one?"),
    (_BOOTS, "Just checking: the Hiking Boots on your order go to the forest-green, us-10 pair instead?"),
])
def test_a_hyphenated_part_of_an_option_is_one_part(where: tuple[str, str], text: str) -> None:
    reading = _read(where, text)
    assert [f.key for f in reading.misread] == ["new_options"], text


@pytest.mark.parametrize(("where", "text"), [
    (_KETTLE, "So you'd like the Electric Kettle on #W3108492 swapped for the 1.0l, matte-black one?"),
])
def test_the_right_hyphenated_option_is_no_misread(where: tuple[str, str], text: str) -> None:
    assert not _read(where, text).misread, text


_DAMAGE = ("ecommerce", "E205947/")
_ORDER_ADDRESS = ("retail", "address/")


@pytest.mark.parametrize(("where", "text", "facts"), [
    (_DAMAGE, "Snap a quick picture of the cracked panel and send it here.", ["photo"]),
    (_DAMAGE, "If possible, snap a photo of the dent and upload it.", ["photo"]),
    (_DAMAGE, "What should the invoice be addressed to?", ["invoice_title"]),
    (_DAMAGE, "And what would you like the invoice made out to?", ["invoice_title"]),
    (_ORDER_ADDRESS, "I'll also need the order it's for.", ["order_id"]),
    (_ORDER_ADDRESS, "Once we receive your order number, I can check whether it has shipped.", ["order_id"]),
    (("mock", "upgrade_plan"), "acct # pls?", ["account_id"]),
    (("mock", "upgrade_plan"), "need ur acct id + the plan u want", ["account_id", "plan"]),
    (("mock", "upgrade_plan"), "ok: (1) unplug the router for a minute, (2) send me your account id", ["account_id"]),
    (_ORDER_ADDRESS, "what's the delivery addr? street, city, zip", ["new_address"]),
    (_ORDER_ADDRESS, "order # + the email on the acct pls", ["email", "order_id"]),
    (_DAMAGE, "pls send a pic of the damage", ["photo"]),
    (_ORDER_ADDRESS, "There are two orders on your account, so I'll need the order number.", ["order_id"]),
    (("ecommerce", "E205810/"), "two things before I can book it: the install date you'd like and your order number",
     ["date", "order_id"]),
    # statements and clauses of time or purpose ask for nothing they name
    (_ORDER_ADDRESS, "A few things for your reference: the refund goes back to your card within 5 days.", []),
    (_ORDER_ADDRESS, "There are three orders on your profile.", []),
    # list items that are clauses state; the options of an approval as list items ask for no fact
    (_ORDER_ADDRESS, "- Exchanges usually ship within a week of receiving the original item.\n- Anything else I can help "
                     "with?", []),
    (("telecom", "[mobile_data_issue]data_mode_off"), "- Your line and plan look fine on my end.\n- Could you check "
                                                      "whether Mobile data is on?", []),
    (("mock", "router_off_and_downgrade"), "1. You can downgrade A104 to Basic now, or stay on Standard.\n2. Which "
                                           "works best for you?", []),
    (("mock", "upgrade_plan"), "- So, to recap: account A101, move to Premium.\n- Good to go?", []),
    # a table row pairing a label with its value states it; a blank cell asks for it
    (("ecommerce", "E206019/"), "| Detail | Value |\n|---|---|\n| Order | E206019 |\n| Invoice title | Harbor Print Ltd |"
                                "\n\nPlease check these details and confirm I should issue the invoice.", []),
    (("ecommerce", "E206019/"), "| Detail | Your answer |\n|---|---|\n| Order number | |\n| Invoice title | ___ |\n\n"
                                "Please fill in the table.", ["invoice_title", "order_id"]),
    # an "or" that ends a list item joins the items, not two values
    (_DAMAGE, "Would you like me to:\n1. Start a return for E205947 with photo IMG-4553, or\n2. Leave it for now?", []),
    (("mock", "router_off_and_downgrade"), "You can move A104 to Basic today, or keep Standard for now. Which works "
                                           "better for you?", []),
    (_ORDER_ADDRESS, "Refunds typically post 3-5 days after we receive the returned item.", []),
    (_ORDER_ADDRESS, "Replacements normally ship once we get the original back.", []),
    (_DAMAGE, "The invoice will be addressed to whatever name you give me later.", []),
    (("telecom", "[service_issue]overdue_bill_suspension"),
     "Your line is active again. Restart the phone so it can re-register, and once it's back, tell me what the "
     "status bar shows.", []),
])
def test_facts_asked_and_not(where: tuple[str, str], text: str, facts: list[str]) -> None:
    assert sorted(f.key for f in _read(where, text).asked) == facts, text


@pytest.mark.parametrize("text", [
    "Here are your options:\n\n1. Cancel order #W3125736 now\n2. Hold off for now\n\nWhich would you prefer?",
    "Before I cancel anything, please review:\n1. Order #W3125736\n2. Reason: no longer needed\n\nIf that's all "
    "correct, reply \"confirm\".",
])
def test_the_list_beside_an_approval_is_placed(text: str) -> None:
    reading = _read(("retail", _CANCEL), text)
    assert reading.confirmation and reading.action == "cancel_pending_order" and not reading.unmatched, text
