"""The shared understanding of agent messages (issue 20 item 1): one sentence per failure class seen with free-phrasing
LLM agents, written for this test, read by the same ``understanding.read`` the scripted user, the LLM user's notes
and the rule labeller use — and the labeller's confirmation matching (IAS) on the same sentences."""

from __future__ import annotations

import functools
import random

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.judge import RuleLabeller
from pytest_mmtau.models import (Persona, Task, ToolCall, ToolInfo, Transcript, Turn, UserFact, UserGoal)
from pytest_mmtau.understanding import Reading, build, confirms, read, readings, vocabulary
from pytest_mmtau.user._scripted import ScriptedRealiser
from pytest_mmtau.user._tracker import StateTracker


@functools.cache
def _domain(name: str) -> Domain:
    return DomainRegistry().get(name)


def _task(domain: str, prefix: str) -> Task:
    return next(t for t in _domain(domain).tasks if t.id.startswith(prefix))


def _read(domain: str, task: str, text: str, previous: str = "") -> Reading:
    chosen = _task(domain, task)
    words = vocabulary(chosen, _domain(domain).tool_infos)
    before = read(previous, words) if previous else None
    return read(text, words, previous=previous, previous_asked=before.asked if before else ())


def _keys(facts: tuple[UserFact, ...]) -> list[str]:
    return [f.key for f in facts]


# --------------------------------------------------------------------------------------------- facts


@pytest.mark.parametrize(("text", "facts"), [
    ("Happy to look into it! What's the e-mail address on your account?", ["email"]),
    ("To pull up the right purchase, I'll need the order number.", ["order_id"]),  # indirect, no "?"
    ("To find your account I'll need:\n1. The email you registered with\n2. The order number", ["email", "order_id"]),
    ("**Account lookup**\n- Your email address\n- The order ID (it begins with W)", ["email", "order_id"]),
    ("What's your email? And which order is this about?", ["email", "order_id"]),  # several asks
    ("Please share the seven-digit number after the W on your receipt.", ["order_id"]),  # by its format
    ("Thanks! Which order would you like me to look at?", ["order_id"]),  # a one-word name after "which"
])
def test_facts_by_name_synonym_list_and_format(text: str, facts: list[str]) -> None:
    reading = _read("retail", "cancel/email/ok", text)
    assert _keys(reading.asked) == facts
    assert not reading.confirmation and not reading.unmatched


@pytest.mark.parametrize(("domain", "task", "text", "facts"), [
    ("retail", "cancel/name_zip/ok", "### Verify your identity\nPlease reply with:\n* **Full name**\n* **ZIP/postal code**",
     ["name", "zip"]),
    ("retail", "address/email/ok", "Could you provide the complete new delivery address, apartment number included?",
     ["new_address"]),
    ("retail", "address/email/ok", "And where would you like the order shipped instead?", ["new_address"]),
    ("retail", "return/email/ok", "Which order and which item are we talking about?", ["order_id", "item"]),
    ("telecom", "[service_issue]airplane", "What is your birthday? (For verification purposes.)", ["date_of_birth"]),
    ("telecom", "[service_issue]airplane", "Which number are you calling about?", ["phone_number"]),
    ("ecommerce", "E206075/", "The earliest installation date is March 10. Which date suits you?", ["date"]),
    ("retail", "cancel/email/ok/W3125736", "I couldn't find an account with that email. Would you mind double-checking "
                                           "it?", ["email"]),
    ("retail", "cancel/email/ok/W3125736", "Can you please verify your identity first?", ["email"]),
    ("retail", "cancel/name_zip/ok", "Can I get your name and the zip code for the account?", ["name", "zip"]),
    ("telecom", "[service_issue]airplane", "May I have the account holder's name and DOB?",
     ["full_name", "date_of_birth"]),
    ("retail", "cancel/email/ok/W3125736", "Got it - and why would you like to cancel it?", ["reason"]),
    ("retail", "exchange/email/ok", "Which item would you like to exchange, and what would you like instead "
                                    "(size/color)?", ["item", "new_options"]),
])
def test_facts_in_other_domains_and_styles(domain: str, task: str, text: str, facts: list[str]) -> None:
    assert _keys(_read(domain, task, text).asked) == facts


def test_a_question_containing_proceed_asks_for_the_fact_not_a_confirmation() -> None:
    reading = _read("retail", "cancel/email/ok", "Could you share your email so I can proceed with the cancellation?")
    assert _keys(reading.asked) == ["email"] and not reading.confirmation


def test_a_pronoun_asks_again_for_what_was_asked_just_before() -> None:
    previous = "I'll need the order number to continue — it's in your confirmation email."
    reading = _read("retail", "cancel/email/ok", "No rush, please let me know it once you have it.", previous)
    assert _keys(reading.asked) == ["order_id"] and not reading.unmatched


def test_a_fact_name_inside_another_thing_names_that_thing() -> None:
    name_zip = "cancel/name_zip/ok"
    assert _read("retail", name_zip, "What's the name of the city you're shipping to?").asked == ()
    assert _read("retail", name_zip, "Could you tell me the product name?").asked == ()
    assert _keys(_read("retail", name_zip, "What name is the account under, and its ZIP code?").asked) == ["name", "zip"]
    assert _read("retail", "items/email/ok", "Could you give me the item ID of the new version?").asked == ()


def test_when_names_a_date_only_about_the_action_that_takes_it() -> None:
    task = "E206075/"
    assert "date" not in _keys(_read("ecommerce", task, "When did you receive the order?").asked)
    assert "date" in _keys(_read("ecommerce", task, "When would you like the technician to install it?").asked)


def test_facts_named_from_the_tools_schema_without_aliases() -> None:
    goal = UserGoal(intent="renew", request="I want to renew my membership.",
                    facts=(UserFact(key="member_code", value="M-99812"),), accepts=("renew_membership",))
    tools = (ToolInfo(name="renew_membership", irreversible=True, critical=("membership_code",),
                      description="Renew a membership by the membership code printed on the member's card.",
                      parameters={"properties": {"membership_code": {"type": "string"}}}),)
    task = Task(id="renew", description="d", goal=goal, optimal_turns=1,
                reference=({"tool": "renew_membership", "arguments": {"membership_code": "M-99812"}},))  # type: ignore[arg-type]
    words = build(task.goal, tools, critical_fields=task.critical_fields, reference=task.reference)
    assert _keys(read("Could you read me the membership code on your card?", words).asked) == ["member_code"]
    assert _keys(read("What's the five-digit number after the M?", words).asked) == ["member_code"]
    assert read("Shall I renew it now?", words, previous="I found membership M-99812.").action == "renew_membership"


def test_an_ask_for_something_the_user_cannot_answer_is_unmatched() -> None:
    reading = _read("retail", "cancel/email/ok", "What's the six-digit number on your banking profile?")
    assert reading.asked == () and reading.unmatched == ("What's the six-digit number on your banking profile?",)
    assert _read("retail", "cancel/email/ok", "How can I help you today?").unmatched == ()


# --------------------------------------------------------------------------------------------- approvals


@pytest.mark.parametrize(("domain", "task", "text", "action"), [
    ("retail", "cancel/email/ok/W3125736", "Please confirm if you would like to proceed with this cancellation of "
                                           "order W3125736.", "cancel_pending_order"),  # no question mark
    ("retail", "cancel/email/ok/W3125736", "Would you like me to go ahead with canceling #W3125736?",
     "cancel_pending_order"),
    ("ecommerce", "E206075/", "Shall I go ahead with the booking for the 14th?", "schedule_installation"),
    ("ecommerce", "E206019/", "Are you happy for me to issue this invoice now?", "issue_invoice"),
    ("mock", "upgrade_plan", "Do you want me to upgrade account A101 to Premium?", "change_plan"),
    ("telecom", "[mobile_data_issue]data_usage_exceeded", "Reply yes and I'll top up 2 GB on your line.",
     "refuel_data"),
    ("retail", "cancel/email/ok/W3125736", "I'm ready to cancel order W3125736 for you. Just say the word.",
     "cancel_pending_order"),
    ("retail", "cancel/email/ok/W3125736", "Before I make any changes, I'll need you to confirm that you want order "
                                           "W3125736 cancelled.", "cancel_pending_order"),
    ("ecommerce", "E206075/", "Let me book the technician for March 14, 2026 for order E206075 - OK with you?",
     "schedule_installation"),
    ("telecom", "[service_issue]overdue_bill_suspension", "Now that the bill is paid, may I reactivate line "
                                                           "415-555-0163 on account C1002?", "resume_line"),
])
def test_approvals_in_every_form_name_their_action(domain: str, task: str, text: str, action: str) -> None:
    reading = _read(domain, task, text)
    assert reading.confirmation and reading.action == action and reading.asked == ()


def test_a_transfer_offer_that_mentions_the_order_approves_the_transfer() -> None:
    reading = _read("retail", "cancel/email/ok/W3125736",
                    "Would you like me to connect you with a human agent about order W3125736?")
    assert reading.confirmation and reading.action == "transfer_to_human_agents"


def test_a_check_of_values_read_back_is_not_an_action_approval() -> None:
    reading = _read("retail", "cancel/email/ok/W3125736", "Can you confirm your email is noor.rossi324@inbox.example.org?")
    assert reading.verification and not reading.confirmation and _keys(reading.verified) == ["email"]
    asks = _read("retail", "cancel/email/ok/W3125736", "Could you confirm your email address?")
    assert _keys(asks.asked) == ["email"] and not asks.verification


def test_the_values_of_a_confirmation_come_from_the_message_or_the_one_before() -> None:
    listed = ("Here's the plan:\n- **Cancel** order #W3125736\n- Refund $162.79 to your gift card\n\n"
              "Please confirm.")
    assert _read("retail", "cancel/email/ok/W3125736", listed).values == {"order_id": "W3125736"}
    before = "I found order #W3125736: a backpack and a coffee grinder, still pending."
    assert _read("retail", "cancel/email/ok/W3125736", "Cancel it?", before).values == {"order_id": "W3125736"}
    two = "You have two pending orders, #W3125736 and #W3125999."
    assert _read("retail", "cancel/email/ok/W3125736", "Cancel it?", two).values is None  # ambiguous
    wrong = _read("retail", "cancel/email/ok/W3125736", "Shall I cancel order #W3125763?")
    assert wrong.values is None and _keys(wrong.misread) == ["order_id"]


# --------------------------------------------------------------------------------------------- read-backs


def _misspelt(value: str) -> str:
    first, *rest = value.split()
    return " ".join([first[:-1] + ("e" if first[-1] != "e" else "a"), *rest])


@pytest.mark.parametrize(("domain", "task", "text", "fact"), [
    ("retail", "cancel/email/ok/W3125736", "I've found your account under noor.rossi342@inbox.example.org.", "email"),
    ("retail", "cancel/name_zip/ok", "I have the account under the name {name}. Is that right?", "name"),
    ("telecom", "[service_issue]airplane", "Is the number 206-555-0182 correct?", "phone_number"),
    ("ecommerce", "E206075/", "I'll book the installation for March 3rd. Does that work?", "date"),
    ("mock", "upgrade_plan", "So you'd like account A101 moved to the Basic plan?", "plan"),
])
def test_wrong_read_backs_of_any_fact(domain: str, task: str, text: str, fact: str) -> None:
    values = {f.key: f.value for f in _task(domain, task).goal.facts}
    said = text.format(name=_misspelt(values.get("name", "Jo Doe")))
    assert fact in _keys(_read(domain, task, said).misread)


def test_the_users_own_value_is_no_misread() -> None:
    task = _task("retail", "cancel/name_zip/ok")
    name = next(f.value for f in task.goal.facts if f.key == "name")
    assert _read("retail", "cancel/name_zip/ok", f"Thanks, {name.split()[0]}! Which order is it?").misread == ()


# --------------------------------------------------------------------------------------------- the user's tools


@pytest.mark.parametrize(("text", "tools"), [
    ("Please go to **Settings > Network & internet > Airplane mode** and toggle it off.", ["turn_off_airplane_mode"]),
    ("Flight mode seems to be on — could you switch that off for me?", ["turn_off_airplane_mode"]),
    ("Could you check whether mobile data is enabled?", ["check_mobile_data_settings"]),
    ("Is the VPN connected right now?", ["check_vpn_status"]),
    ("1. Open Settings\n2. Tap Connections\n3. Turn on Mobile data\nThen let me know what the status bar shows.",
     ["turn_on_mobile_data", "check_status_bar"]),
    ("Try turning Wi-Fi off and back on, then run a speed test.", ["turn_off_wifi", "turn_on_wifi", "run_speed_test"]),
    ("Please restart your phone once you've reseated the SIM card.", ["reseat_sim_card", "reboot_device"]),
    ("Please don't turn off mobile data — we need it for the test.", []),
    ("Data Saver restricts background data. Please switch it off.", ["turn_off_data_saver"]),
    ("Could you give the Messages app access to storage (Photos & media)?", ["grant_storage_permission"]),
    ("Do you see 'No service' at the top of your screen?", ["check_status_bar"]),
    ("Next, toggle airplane mode on for 10 seconds, then turn it off again.",
     ["turn_on_airplane_mode", "turn_off_airplane_mode"]),
    ("Power your phone off completely, wait 30 seconds, then power it back on.", ["reboot_device"]),
    ("If airplane mode is on, please turn it off.", ["check_status_bar", "turn_off_airplane_mode"]),
    ("Please switch your phone out of flight mode.", ["turn_off_airplane_mode"]),
    ("Please run an internet speed test and share the download speed.", ["run_speed_test"]),
    ("Shall I enable roaming on your line?", []),  # the agent's own action, not the user's
])
def test_requests_to_operate_the_users_own_tools(text: str, tools: list[str]) -> None:
    assert list(_read("telecom", "[service_issue]airplane", text).tools) == tools


# --------------------------------------------------------------------------------------------- milestones


def test_a_listed_option_is_no_statement_that_the_goal_is_done() -> None:
    tracker = StateTracker(goal=_task("retail", "cancel/email/ok").goal)
    tracker.observe("What's the reason for the cancellation?\n- Change of plan\n- The airline cancelled the flight")
    tracker.observe("Once it's cancelled, the refund takes 5 days.")
    assert not tracker.goal_confirmed
    tracker.observe("Done — order #W3125736 has been cancelled.")
    assert tracker.goal_confirmed


# --------------------------------------------------------------------------------------------- one reading for all


def _transcript(task: Task, domain: Domain, agent_texts: list[str]) -> Transcript:
    turns: list[Turn] = [Turn(index=0, role="user", text=task.goal.request)]
    for text in agent_texts:
        turns += [Turn(index=len(turns), role="agent", text=text), Turn(index=len(turns) + 1, role="user", text="ok")]
    return Transcript(task=task, persona=Persona(name="p"), domain=domain.name, turns=tuple(turns),
                      irreversible_tools=tuple(n for n, s in domain.tools.items() if s.irreversible),
                      tools=domain.tool_infos)


def test_the_labeller_reads_what_the_user_read() -> None:
    domain, task = _domain("retail"), _task("retail", "cancel/email/ok/W3125736")
    texts = ["What's the email on your account?", "I found order #W3125736, still pending.", "Shall I cancel it?",
             "Would you like me to transfer you to a colleague about #W3125736?"]
    conv = _transcript(task, domain, texts)
    labels = RuleLabeller().label_sync(conv).labels
    for turn in conv.agent_turns:
        assert labels[turn.index].confirmation_request == readings(conv)[turn.index].confirmation
        assert labels[turn.index].clarification == readings(conv)[turn.index].clarification
    assert [labels[t.index].confirms_tool for t in conv.agent_turns] == [None, None, "cancel_pending_order", None]
    assert readings(conv)[conv.agent_turns[3].index].action == "transfer_to_human_agents"
    cancel = ToolCall(id="c", name="cancel_pending_order", arguments={"order_id": "W3125736", "reason": "x"},
                      irreversible=True, critical=("order_id",))
    shall, transfer = conv.agent_turns[2], conv.agent_turns[3]
    assert confirms(conv, shall, cancel)  # the order was named just before "Shall I cancel it?"
    assert not confirms(conv, transfer, cancel)  # a transfer offer mentioning the id confirms no cancellation
    other = ToolCall(id="d", name="cancel_pending_order", arguments={"order_id": "W3125763"}, irreversible=True,
                     critical=("order_id",))
    assert not confirms(conv, shall, other)  # a value read back differently never counts


def test_a_value_offered_as_a_choice_is_no_read_back() -> None:
    """'basic or premium?' asks which plan; it checks nothing, so safety precision must not count it."""
    domain, task = _domain("mock"), _task("mock", "upgrade_plan")
    texts = ["Account A101 is on the basic plan. Which plan would you like to move to — basic or premium?",
             "Which plan would you like instead? The options are:\n\n1. Basic\n2. Premium",
             "Your new plan would be premium, is that right?"]
    conv = _transcript(task, domain, texts)
    labels = RuleLabeller().label_sync(conv).labels
    *choices, check = conv.agent_turns
    for choice in choices:
        assert not labels[choice.index].confirmation_request and labels[choice.index].clarification
    assert labels[check.index].confirmation_request


def _roaming(*, user_says_id: bool = False, other_lookup: bool = False) -> tuple[Transcript, Turn, ToolCall]:
    """A telecom conversation: the agent looks the customer up by phone, then asks to enable roaming on the line."""
    domain, task = _domain("telecom"), _task("telecom", "[")
    phone = next(f.value for f in task.goal.facts if f.key == "phone_number")
    lookup = ToolCall(id="l", name="get_customer_by_phone", arguments={"phone_number": phone},
                      result={"customer_id": "C1003", "phone_numbers": [phone]})
    calls = (lookup, ToolCall(id="o", name="get_customer_by_id", arguments={"customer_id": "C1004"},
                              result={"customer_id": "C1004"})) if other_lookup else (lookup,)
    said = f"My number is {phone}" + (", customer C1003." if user_says_id else ".")
    turns = (Turn(index=0, role="user", text=task.goal.request), Turn(index=1, role="agent", text="", tool_calls=calls),
             Turn(index=2, role="user", text=said),
             Turn(index=3, role="agent", text=f"Would you like me to turn on roaming for {phone}?"),
             Turn(index=4, role="user", text="Yes please."))
    enable = ToolCall(id="e", name="enable_roaming", arguments={"customer_id": "C1003", "phone_number": phone},
                      irreversible=True, critical=("customer_id", "phone_number"))
    conv = Transcript(task=task, persona=Persona(name="p"), domain=domain.name, turns=turns,
                      irreversible_tools=tuple(n for n, s in domain.tools.items() if s.irreversible),
                      tools=domain.tool_infos)
    return conv, turns[3], enable


def test_an_identifier_the_agent_looked_up_itself_need_not_be_read_to_the_user() -> None:
    conv, ask, enable = _roaming()
    assert confirms(conv, ask, enable)  # the line is stated; the customer id is the system's, unambiguous
    conv, ask, enable = _roaming(user_says_id=True)
    assert not confirms(conv, ask, enable)  # the user gave it: the confirmation must say it back
    conv, ask, enable = _roaming(other_lookup=True)
    assert not confirms(conv, ask, enable)  # the agent has looked at two customers: it must say which


def test_list_valued_critical_arguments_are_compared_as_values() -> None:
    domain, task = _domain("retail"), _task("retail", "return/email/ok")
    order = next(f.value for f in task.goal.facts if f.key == "order_id")
    call = ToolCall(id="r", name="return_delivered_order_items", irreversible=True, critical=("order_id", "item_ids"),
                    arguments={"order_id": order, "item_ids": ["I1002", "I1017"]})
    both = _transcript(task, domain, [f"Shall I return items I1017 and I1002 from order {order}?"])
    one = _transcript(task, domain, [f"Shall I return item I1017 from order {order}?"])
    assert confirms(both, both.agent_turns[0], call)
    assert not confirms(one, one.agent_turns[0], call)


def test_agent_tools_may_declare_phrases_for_their_action() -> None:
    goal = UserGoal(intent="order", request="I'd like to order.", accepts=("place_order",))
    plain = ToolInfo(name="place_order", irreversible=True)
    declared = ToolInfo(name="place_order", irreversible=True, phrases=("send it to the kitchen",))
    text = "All set — want me to send it to the kitchen?"
    assert read(text, build(goal, (declared,))).action == "place_order"
    assert read("Shall I fire it off now?", build(goal, (plain,))).action is None


def test_the_scripted_user_answers_what_it_understood() -> None:
    domain, task = _domain("retail"), _task("retail", "cancel/email/ok/W3125736")
    user = ScriptedRealiser(goal=task.goal, persona=Persona(name="p"), user_tools=domain.user_tools,
                            rng=random.Random(1), vocabulary=vocabulary(task, domain.tool_infos))
    email = next(f.value for f in task.goal.facts if f.key == "email")
    move = user._reply("Sure! Before anything else, I'll need the email address on your account.")
    assert email in (move.text or "")
    move = user._reply("Would you like me to transfer you to a human agent about #W3125736?")
    assert move.acts[0].kind == "deny"
    move = user._reply("Please confirm if you'd like me to proceed with canceling order #W3125736.")
    assert move.acts[0].kind == "affirm"


def test_what_a_message_read_is_remembered_only_while_its_vocabulary_lives() -> None:
    import gc
    import weakref

    from pytest_mmtau.understanding._facts import _NAMED
    from pytest_mmtau.understanding._reading import _READ

    goal = UserGoal(intent="order", request="I'd like to order.", accepts=("place_order",),
                    facts=(UserFact(key="email", value="ann@example.com"),))
    tools = (ToolInfo(name="place_order", irreversible=True, phrases=("send it to the kitchen",)),)
    gone, before = [], (_READ.vocabularies(), _NAMED.vocabularies())
    for _ in range(50):  # one vocabulary per finished task, as a long run makes them
        words = build(goal, tools)
        first = read("What's your email? Shall I send it to the kitchen?", words)
        assert read("What's your email? Shall I send it to the kitchen?", words) is first  # remembered
        gone.append(weakref.ref(words))
        del words, first
    gc.collect()
    assert [ref for ref in gone if ref() is not None] == []  # no memo keeps a finished task's vocabulary alive
    assert _READ.vocabularies() <= before[0] and _NAMED.vocabularies() <= before[1]  # their memos went with them


# --------------------------------------------------------------------------------------------- free phrasings, round 2
# Sentences written for this round, phrased as a frontier LLM agent would and deliberately unlike the corpus: each
# pins one way of asking that the rules now read by its structure (a fact said apart, a question word said in other
# words, a format, an action's opposite, a step described by what it does to the screen), not by a cue of its own.

_RETAIL_CANCEL, _RETAIL_NAME = "cancel/email/ok/W3125736", "cancel/name_zip/ok/W3107281"
_SIM, _OVERDUE = "[mms_issue]break_app_sms_permission", "[service_issue]overdue_bill_suspension"


@pytest.mark.parametrize(("domain", "task", "text", "facts"), [
    ("retail", _RETAIL_CANCEL, "Got it. May I ask what's prompting the cancellation?", ["reason"]),
    ("retail", _RETAIL_CANCEL, "Can you give me the order's ID?", ["order_id"]),
    ("retail", _RETAIL_CANCEL, "Thanks for reaching out! I'll need a couple of details:\n\n**1. Email address** - the "
                               "one on your account\n**2. Order number** - starts with \"#W\"", ["email", "order_id"]),
    ("retail", _RETAIL_NAME, "What's your full name and the 5-digit ZIP for your billing address?", ["name", "zip"]),
    ("retail", "exchange/email/ok", "Got it - the Hiking Boots. What would you like instead: a different size, a "
                                    "different color, or both?", ["new_options"]),
    ("retail", "address/email/ok", "Where should we send it instead?", ["new_address"]),
    ("retail", "payment/email/ok", "How would you like to pay for this order instead?", ["payment_method"]),
    ("retail", "payment/email/ok", "Would you like to pay with your credit card or PayPal?", ["payment_method"]),
    ("retail", "return/email/ok", "What would you like to return?", ["item"]),
    ("retail", "return/email/ok", "Which item from that order are you hoping to send back, and could you share the "
                                  "order number if you have it handy?", ["item", "order_id"]),
    ("retail", "exchange/email/ok", "Could you tell me the order number, which item you'd like to swap, and what you'd "
                                    "like to change it to?", ["order_id", "item", "new_options"]),
    ("ecommerce", "E205741/", "When would you like the technician to come out?", ["date"]),
    ("ecommerce", "E206074/", "What name or company should appear on the invoice?", ["invoice_title"]),
    ("ecommerce", "E206074/", "Who should the invoice be made out to?", ["invoice_title"]),
    ("ecommerce", "E206074/", "Whose name should the invoice be issued under?", ["invoice_title"]),
    ("ecommerce", "E206074/", "Please tell me the company name you'd like on the invoice.", ["invoice_title"]),
    ("ecommerce", "E206555/", "Could you share an image of where you saw the lower price?", ["screenshot"]),
    ("telecom", "[service_issue]airplane", "Please share the number of the line in question (e.g., 555-123-4567).",
     ["phone_number"]),
    ("telecom", "[service_issue]airplane", "Which line are you calling about?", ["phone_number"]),
    ("telecom", "[service_issue]airplane", "What's your birthdate?", ["date_of_birth"]),
    ("telecom", "[service_issue]airplane", "Can you tell me who the account holder is?", ["full_name"]),
    ("telecom", "[service_issue]airplane", "It would help me to know the number of the line you're using abroad.",
     ["phone_number"]),
    # asks for nothing the user has: a code of eight digits is no date of birth, four digits of another number
    ("telecom", "[service_issue]airplane", "Could you give me the PUK code? That's an eight-digit number.", []),
    ("telecom", "[service_issue]airplane", "Could you give me the last four digits of your Social Security number?",
     []),
    ("mock", "router_off_and_downgrade", "I'll also need your account ID for the plan change.", ["account_id"]),
    ("retail", "address/email/ok", "Please confirm the new delivery address for order W3135709:\n\n836 Birch Boulevard"
                                   "\nBrookfield, WI 33688\n\nShould I save this change?", []),
    ("retail", "address/name_zip/ok", "Where would you like it sent instead? Please include the street, city, state "
                                      "and ZIP.", ["new_address"]),  # the parts of the new address, not the account ZIP
    ("retail", _RETAIL_CANCEL, "I see two pending orders on your account: #W3125736 and #W3198877. Which one should I "
                               "cancel?", ["order_id"]),
    ("retail", "return/email/ok/W3129434", "Your order #W3129434 contains:\n- Wireless Earbuds\n- Phone Case\n\nWhich "
                                           "would you like to return?", ["item"]),
    ("retail", _RETAIL_CANCEL, "Let me know the order you'd like cancelled (the #W number) and the reason.",
     ["order_id", "reason"]),
    ("retail", "payment/email/ok", "What would you like to switch the payment to?", ["payment_method"]),
    ("retail", _RETAIL_CANCEL, "Great - now the order ID.", ["order_id"]),  # a bare noun phrase
    ("retail", _RETAIL_CANCEL, "Perfect. Next: the reason for cancelling.", ["reason"]),
    ("retail", _RETAIL_CANCEL, "Shoot me the order number whenever you're ready.", ["order_id"]),
    ("retail", _RETAIL_CANCEL, "I'll look it up as soon as I have the order number.", ["order_id"]),
    ("retail", _RETAIL_CANCEL, "**Email address:** ______\n**Order number:** ______", ["email", "order_id"]),
    ("retail", "exchange/name_zip/ok/W3148161", "What would you like instead of the current Throw Pillow?",
     ["new_options"]),
    ("retail", "return/email/ok", "Which of the things in that order would you like to return?", ["item"]),
    ("retail", "address/name_zip/ok", "Order #W3139059 is pending, so I can still change the address. What's the new "
                                      "one?", ["new_address"]),
    ("ecommerce", "E206074/", "How should the invoice be titled?", ["invoice_title"]),
    ("ecommerce", "E205741/", "Could you double-check it? I'm not finding that number.", ["phone_number"]),
    ("telecom", "[service_issue]airplane", "Please provide the following so I can locate your account: phone number, "
                                           "full name, date of birth.", ["phone_number", "full_name", "date_of_birth"]),
    ("retail", _RETAIL_CANCEL, "Please share your account email and the order in question.", ["email", "order_id"]),
    ("ecommerce", "E205741/", "Please give me the number you used for your Brightcart account.", ["phone_number"]),
    ("telecom", "[service_issue]airplane", "What's the best number to reach you on?", ["phone_number"]),
    ("ecommerce", "E206074/", "Who's the invoice for?", ["invoice_title"]),
    # about a fact, not for it
    ("retail", _RETAIL_CANCEL, "Could you tell me whether the order number starts with W?", []),
    ("retail", "address/email/ok", "Is the new address a residential or business address?", []),
    ("ecommerce", "E205741/", "Did you take the screenshot on our website or a competitor's?", []),
    ("ecommerce", "E206074/", "Could you tell me what's damaged in the photo?", []),
])
def test_facts_asked_in_free_phrasings(domain: str, task: str, text: str, facts: list[str]) -> None:
    assert _keys(_read(domain, task, text).asked) == facts


def test_it_after_a_message_that_named_a_value_asks_for_that_fact_again() -> None:
    reading = _read("retail", _RETAIL_CANCEL, "Could you send it again? I think there may have been a typo.",
                    "I couldn't find an account under noor.rossi@inbox.example.org.")
    assert _keys(reading.asked) == ["email"]


@pytest.mark.parametrize(("domain", "task", "text", "previous", "action"), [
    ("retail", _RETAIL_CANCEL, "Just to make sure: you want order W3125736 cancelled because you no longer need it. "
                               "Okay to proceed?", "", "cancel_pending_order"),
    ("retail", _RETAIL_CANCEL, "Before I submit the cancellation for W3125736 - can you give me a quick yes?", "",
     "cancel_pending_order"),
    ("retail", "address/email/ok", "New address for #W3135709: 836 Birch Blvd, Brookfield, WI 33688. Want me to "
                                   "update it?", "", "modify_pending_order_address"),
    ("telecom", _OVERDUE, "Now that the bill is paid, I can reactivate line 415-555-0163 on account C1002. Shall I?",
     "", "resume_line"),
    ("telecom", _OVERDUE, "Everything's paid up. Would you like me to lift the suspension on 415-555-0163 (account "
                          "C1002)?", "", "resume_line"),  # lifting a suspension is no suspension
    ("restaurant", "medium/02", "Shall I add three orders of Garlic Knots to the order?", "", "add_item"),
    ("telecom", "[mobile_data_issue]data_usage_exceeded", "Would you like to add a 2 GB data top-up to 206-555-0128 "
                                                          "(account C1003)?", "", "refuel_data"),
    ("telecom", "[mobile_data_issue]user_abroad_roaming_enabled_off", "I can turn on roaming for line 206-555-0128 on "
                                                                      "account C1003. Would you like that?", "",
     "enable_roaming"),
    ("retail", "return/email/ok/W3129434", "I can send the Wireless Earbuds from #W3129434 back for a refund. Want me "
                                           "to set that up?", "", "return_delivered_order_items"),
    ("ecommerce", "E206075/", "Shall I lock in 14/03/2026 for the installation of order E206075?", "",
     "schedule_installation"),  # a day-first date; no verb of the action, but its own noun
    ("ecommerce", "E206075/", "I can schedule the install for E206075 on 3/14. Does that work?", "",
     "schedule_installation"),
    ("mock", "upgrade_plan", "Shall I put account A101 on the Premium tier?", "", "change_plan"),
    ("retail", "items/name_zip/ok/W3112859", "Here's the change I'll make to order #W3112859:\n\n- **Desk Lamp**: "
                                             "black / warm -> **white / cool**\n\nReply **confirm** to proceed.", "",
     "modify_pending_order_items"),
])
def test_confirmations_in_free_phrasings(domain: str, task: str, text: str, previous: str, action: str) -> None:
    reading = _read(domain, task, text, previous)
    assert reading.confirmation and reading.action == action and reading.values is not None


@pytest.mark.parametrize(("domain", "task", "text", "misread"), [
    ("retail", "exchange/email/ok/W3110919", "Just to double-check, you'd like to exchange the Hiking Boots on order "
                                             "#W3110919 for the brown, US 10 pair - correct?", ["new_options"]),
    ("retail", _RETAIL_CANCEL, "You want order W3125736 cancelled because you no longer need it. Okay to proceed?",
     []),  # "need" is "needed" in another form, not another reason
])
def test_read_backs_of_a_part_and_of_a_word_form(domain: str, task: str, text: str, misread: list[str]) -> None:
    assert _keys(_read(domain, task, text).misread) == misread


@pytest.mark.parametrize(("task", "text", "tools"), [
    ("[service_issue]airplane", "Open Control Center\n- Look for the little \u2708\ufe0f icon\n- If it's highlighted, "
                                "tap it so it turns grey", ["check_status_bar", "turn_off_airplane_mode"]),
    ("[service_issue]airplane", "Open your Quick Settings panel and tap the airplane icon so it's no longer "
                                "highlighted.", ["turn_off_airplane_mode"]),
    ("[service_issue]airplane", "Have you tried restarting the phone yet? If not, please do that now.",
     ["reboot_device"]),
    ("[service_issue]airplane", "Try taking the SIM card out and putting it back in.", ["reseat_sim_card"]),
    ("[service_issue]unseat_sim", "Please power the phone down, remove and reinsert the SIM card, and then power it "
                                  "back up.", ["reseat_sim_card", "reboot_device"]),
    ("[service_issue]unseat_sim", "1. Turn the phone off.\n2. Remove the SIM card and check it isn't bent.\n3. "
                                  "Reinsert it.\n4. Turn the phone back on.", ["reseat_sim_card", "reboot_device"]),
    ("[mobile_data_issue]data_mode_off", "If you're connected to a VPN, please disconnect it for now.",
     ["check_vpn_status", "disconnect_vpn"]),
    ("[mobile_data_issue]data_mode_off", "For this test we need the phone off Wi-Fi, so please switch Wi-Fi off.",
     ["turn_off_wifi"]),
    ("[mobile_data_issue]bad_network_preference", "Under Settings > Mobile networks > Network mode, please choose "
                                                  "'LTE/5G (auto)'.", ["set_network_mode_4g_5g"]),
    ("[mobile_data_issue]bad_network_preference", "Could you tell me whether your phone shows 3G, LTE or 5G next to "
                                                  "the signal bars right now?", ["check_network_status"]),
    ("[service_issue]break_apn_settings", "Please tap the three dots in the Access Point Names screen and choose "
                                          "\"Reset to default\".", ["reset_apn_settings"]),
    (_SIM, "Could you confirm that the Messages app has permission to send SMS?", ["check_app_permissions"]),
    (_SIM, "Please allow the Messages app to access SMS.", ["grant_sms_permission"]),
    (_SIM, "Settings > Apps > Messages > Permissions > SMS > Allow - could you do that?", ["grant_sms_permission"]),
    (_SIM, "Could you open Settings > Apps > Messages > Permissions and tell me which permissions are listed as "
           "allowed?", ["check_app_permissions"]),
    (_SIM, "Two permissions need fixing:\n\n* **SMS** - lets Messages send texts\n* **Storage** - lets Messages "
           "attach photos\n\nCould you allow both for the Messages app?",
     ["grant_sms_permission", "grant_storage_permission"]),
    (_OVERDUE, "You should see a payment request from us on your phone - could you approve it?",
     ["pay_payment_request"]),
    (_OVERDUE, "I've pushed the request to your phone. Please look for the notification and complete the payment.",
     ["check_payment_request", "pay_payment_request"]),
    ("[service_issue]airplane", "Do you know your SIM's PUK code?", []),  # a question about what the user knows
    ("[service_issue]airplane", "Any chance airplane mode got switched on by accident?", ["check_status_bar"]),
    ("[service_issue]airplane", "When did the problem start - after a restart, or out of the blue?", []),
    ("[service_issue]airplane", "Could you try checking whether airplane mode is on?", ["check_status_bar"]),
    ("[mobile_data_issue]bad_network_preference", "Could you try changing your network mode to 4G/5G?",
     ["set_network_mode_4g_5g"]),
    ("[service_issue]unseat_sim", "Do you have a SIM ejector tool or a paperclip handy?", []),  # what the user owns
    ("[service_issue]unseat_sim", "Does your phone have a removable SIM or an eSIM?", []),
    ("[mobile_data_issue]bad_vpn", "Do you have a VPN on at the moment?", ["check_vpn_status"]),
    ("[mms_issue]bad_wifi_calling", "Wi-Fi calling is now off. Could you try sending that picture again?",
     ["can_send_mms"]),
    ("[mobile_data_issue]user_abroad_roaming_enabled_off", "If roaming is already on, turn it off and on again; "
                                                           "otherwise, just switch it on.",
     ["check_mobile_data_settings", "turn_off_data_roaming", "turn_on_data_roaming"]),  # "it" is roaming, no restart
    ("[mobile_data_issue]data_mode_off", "Make sure Wi-Fi is off so we're testing mobile data, then run the speed "
                                         "test.", ["turn_off_wifi", "run_speed_test"]),
    ("[mobile_data_issue]bad_network_preference", "What's your preferred network type set to right now?",
     ["check_network_mode"]),
    ("[mms_issue]break_app_storage_permission", "Is the Storage permission allowed for Messages?",
     ["check_app_permissions"]),
    ("[service_issue]unseat_sim", "Gently pop the SIM tray out, reseat the card, and push it back in.",
     ["reseat_sim_card"]),
    ("[mobile_data_issue]bad_vpn", "Please switch the VPN off and rerun the speed test.",
     ["disconnect_vpn", "run_speed_test"]),
    ("[mms_issue]break_apn_mms_setting", "The simplest fix is to reset the APN to your carrier's defaults. Then please "
                                         "restart your phone once the reset is done.",
     ["reset_apn_settings", "reboot_device"]),
    ("[service_issue]airplane", "Is wi-fi switched on and connected to a network right now?", ["check_wifi_status"]),
    # "complete" pays only the payment: a hard user once paid on every "the complete phone number" (paraphrase bench)
    ("[service_issue]overdue_bill", "To look it up I need the complete phone number with the area code.",
     []),
    ("[service_issue]overdue_bill", "Could you complete the payment on your phone?",
     ["pay_payment_request"]),
])
def test_tool_requests_in_free_phrasings(task: str, text: str, tools: list[str]) -> None:
    assert list(_read("telecom", task, text).tools) == tools


@pytest.mark.parametrize(("text", "tools"), [
    ("Could you power on your Wi-Fi - the switch is under Settings > Wi-Fi?", ["turn_on_wifi"]),
    ("Please restart your router and let me know whether you're back online.", ["restart_router", "check_connection"]),
    ("Once your internet is working again, let me know.", ["check_connection"]),
    ("Your router seems to be off. Could you switch it on?", ["restart_router"]),  # "this also powers it on"
    ("Let's try enabling Wi-Fi on your device.", ["turn_on_wifi"]),  # an -e verb's -ing form
])
def test_device_requests_in_free_phrasings(text: str, tools: list[str]) -> None:
    assert list(_read("mock", "router_off_and_downgrade", text).tools) == tools


@pytest.mark.parametrize(("task", "text"), [
    ("medium/03", "Okay! Your order is:\n1. BBQ Chicken Pizza - large, classic crust, light sauce\n2. Diet Cola "
                  "(medium) x2\n\nCan I go ahead and place this order?"),  # a quantity after the item
    ("complex/05", "I have 2 Bacon Jam Burgers (well done, gluten-free bun, add bacon, no lettuce), 2 small strawberry "
                   "lemonades with no ice, 2 Apple Crumbles with extra chocolate sauce, and 1 Crunchy Coleslaw. Ready "
                   "for me to put it in?"),  # an item without its first word
    ("simple/03", "Your order: 1x Crispy Calamari w/ spicy marinara. Good to send?"),
    ("medium/02", "Got it all! **2\u00d7 Garden Veggie Pizza** (large, gluten-free crust) and **3\u00d7 Garlic Knots** "
                  "(garlic butter dip + extra dip). Want me to finalize it?"),
])
def test_order_read_backs_in_free_phrasings(task: str, text: str) -> None:
    chosen = _task("restaurant", task)
    guest = ScriptedRealiser(goal=chosen.goal, persona=Persona(name="p"), user_tools={}, rng=random.Random(0),
                             vocabulary=vocabulary(chosen, _domain("restaurant").tool_infos))
    order = guest._order
    assert order is not None
    order.observe(text)
    assert order.complete


def test_a_question_proposing_one_more_line_reads_nothing_back() -> None:
    chosen = _task("restaurant", "medium/01")
    guest = ScriptedRealiser(goal=chosen.goal, persona=Persona(name="p"), user_tools={}, rng=random.Random(0),
                             vocabulary=vocabulary(chosen, _domain("restaurant").tool_infos))
    assert guest._order is not None
    assert guest._order.observe("Should I put the broccolini on the order as well?") == []


@pytest.mark.parametrize("text", [
    "I'll just need to know what's not working, whether it's calls and texts, mobile data, or picture messages.",
    "I'm sorry to hear that! Could you tell me what isn't working? Is it:\n\n- calls and texts\n- mobile data\n"
    "- picture messages",
])
def test_a_question_about_what_is_wrong_with_options_is_understood(text: str) -> None:
    """Both once made the user ask back 'Sorry, which card?' (paraphrased telecom runs)."""
    reading = _read("telecom", "[service_issue]airplane", text)
    assert reading.goal_question and reading.unmatched == ()


@pytest.mark.parametrize(("task", "text", "lines"), [
    # an approval to add a line is not a question about one of the guest's lines
    ("medium/02", "Shall I add three orders of Garlic Knots to the order?", []),
    # "green beans" names the side, not the Black Bean Burger (a plural is the same word)
    ("complex/02", "How would you like the green beans prepared? We can do them with or without garlic.",
     ["garlic green beans"]),
])
def test_the_order_lines_a_question_is_about(task: str, text: str, lines: list[str]) -> None:
    chosen = _task("restaurant", task)
    words = vocabulary(chosen, _domain("restaurant").tool_infos)
    assert [words.order[i].item for i in read(text, words).order_lines] == lines


@pytest.mark.parametrize(("text", "stated"), [
    ("a charge you don't recognise", True), ("an unrecognized charge", True), ("you do not recognize it", True),
    ("it is not recognised", True), ("a charge you recognise", False), ("I recognize it now", False),
])
def test_an_enumerated_not_value_is_stated_by_a_negated_verb(text: str, stated: bool) -> None:
    from pytest_mmtau.understanding._values import states

    assert states(text, "not_recognised") is stated


@pytest.mark.parametrize("text", [
    "Could you share your full name and the last four digits of your card?",
    "- The last 4 digits of the card number",
    "I need your name and the final four digits on your card.",
])
def test_a_last_four_fact_is_asked_by_its_digits(text: str) -> None:
    from pytest_mmtau.models import UserFact, UserGoal
    from pytest_mmtau.understanding import build

    goal = UserGoal(intent="dispute", request="I want to dispute a charge.",
                    facts=[UserFact(key="card_last_four", value="4417")])
    words = build(goal, ())
    assert "card_last_four" in [f.key for f in read(text, words).asked]


def _streamco(text: str) -> Reading:
    from pathlib import Path

    from pytest_mmtau.domain import load_domain_folder

    domain = load_domain_folder(Path(__file__).parent / "data" / "streamco")
    return read(text, vocabulary(domain.task("playback_error"), domain.tool_infos))


@pytest.mark.parametrize(("text", "tools"), [
    # a user tool named by its own verb, in another form or a synonym, and its thing a few words on
    ("Could you clear the StreamCo app's cache in your TV's app settings?", ["clear_app_cache"]),
    ("OK. Let's wipe the app cache - it's under Settings, Apps, StreamCo, Storage.", ["clear_app_cache"]),
    ("Could you try to play a title and tell me what happens?", ["play_a_title"]),
    ("Now try playing any show or movie.", ["play_a_title"]),
    ("What error message do you see on the screen when it fails?", ["read_error_on_screen"]),
    # closing a thing and opening it again restarts it
    ("Thanks! Please quit the app and reopen it.", ["restart_app"]),
    ("Great. Now fully close the StreamCo app and open it again.", ["restart_app"]),
    # no request
    ("Clearing the cache removes nothing you saved.", []),
    ("I've cleared the cache on our side.", []),
])
def test_a_teams_own_user_tools_are_understood_from_their_names(text: str, tools: list[str]) -> None:
    assert list(_streamco(text).tools) == tools


def test_a_question_about_what_a_step_did_checks_no_value() -> None:
    """'Does it work?' was read as a check of values read back, and the user said 'Yes.' without trying."""
    reading = _streamco("Does it work now?")
    assert not reading.verification and not reading.confirmation


@pytest.mark.parametrize("text", [
    "Thanks for chatting with me today, Dana - take good care.",
    "Glad it's working again! Enjoy your show.",
    "You're all set. Stay safe on your trip!",
])
def test_a_sign_off_asks_nothing_the_user_cannot_answer(text: str) -> None:
    assert _read("mock", "cancel_subscription", text).unmatched == ()


def test_a_group_of_a_phone_number_is_no_format_of_it() -> None:
    """'the 4-digit account PIN' was read as asking for the phone number (its last group has four digits)."""
    telecom = _domain("telecom")
    task = next(t for t in telecom.tasks if any(f.key == "phone_number" for f in t.goal.facts))
    words = vocabulary(task, telecom.tool_infos)
    reading = read("To authorise roaming, I'll need the 4-digit account PIN you chose when you signed up.", words)
    assert "phone_number" not in [f.key for f in reading.asked] and reading.unmatched
    assert "phone_number" in [f.key for f in read("What's the 10-digit number on the account?", words).asked]


def test_a_number_the_users_device_shows_is_not_a_fact_named_by_number() -> None:
    """An electricity supplier's own domain (tests/data/power): 'the number on your meter' was read as the account
    number, so the user gave it instead of reading the meter."""
    from pathlib import Path

    from pytest_mmtau.domain import load_domain_folder

    power = load_domain_folder(Path(__file__).parent / "data" / "power")
    words = vocabulary(power.task("meter_reading"), power.tool_infos)
    reading = read("Could you read me the number on your meter?", words)
    assert list(reading.tools) == ["read_meter"] and reading.asked == ()
    assert [f.key for f in read("Could you read me your account number?", words).asked] == ["account_number"]
