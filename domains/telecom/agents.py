"""Offline reference agents for the telecom domain: one that follows policy.md, and flawed variants.

Like an LLM agent, the agent is stateless: each reply is re-derived from the conversation it is given — the user's
words, the phone readings the user reported (``key: value`` segments), and the results of its own tool calls.

Variants: ``skips_confirmation`` makes account changes without asking; ``escalates_everything`` transfers every
customer to a human; ``never_verifies`` troubleshoots without identifying the customer, so it never sees the
account (suspensions, roaming, data allowance).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, ToolRequest

_NUMBER = re.compile(r"(?<!\d)(\d{3})[-. ]?(\d{3})[-. ]?(\d{4})(?!\d)")  # 312-555-0147, 3125550147, 312 555 0147
_YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right)\b", re.IGNORECASE)
_NO = re.compile(r"\b(no|don't|do not|stop)\b", re.IGNORECASE)
_INTENTS = (("mms_issue", r"\bmms\b|picture message|photo|multimedia"),
            ("mobile_data_issue", r"mobile data|internet|\bdata\b|speed|slow|brows"),
            ("service_issue", r"no service|no signal|\bcalls?\b|\btexts?\b|\bbars\b"))
_ABROAD = re.compile(r"travell?ing|abroad|holiday|vacation|\bi'm in\b|overseas")
# Keys of the phone readings, as the phone shows them ("sim: active") or a customer says them ("sim is active"); a
# value runs to the next ';', sentence end or end of message.
_KEYS = ("airplane mode", "sim", "cellular", "network", "roaming", "mobile data", "data roaming", "data saver",
         "wi-fi calling", "vpn", "apn", "mms center", "messages app", "speed test", "mms test", "payment request")
_READING = {key: re.compile(rf"(?<![a-z-])(?<!data ){re.escape(key)}(?::| is) (.+?)(?=;|\.\s|\.?$)")
            for key in _KEYS}
_SWITCHED = re.compile(r"done(?: -|:) ([a-z -]+?) (?:turned|was already) (on|off)")
_CHANGE = re.compile(r"done(?: -|:) ")
# the customer does one thing at a time: from then on, give one instruction per message
_ONE_AT_A_TIME = re.compile(r"one (?:thing|step|action) at a time")
# phone changes after which the phone searched the network again (and so sees a resumed line)
_SEARCHED = re.compile(r"the phone restarted|(?:airplane mode|mobile data|data roaming) (?:turned|was already)|"
                       r"sim card was taken out|network mode (?:set|was already)|apn settings will be reset")
_RESTARTED = re.compile(r"the phone restarted")
_APN_RESET_PENDING = re.compile(r"apn settings will be reset")
_APN_RESET_DONE = re.compile(r"apn settings reset to the carrier defaults")
_APN, _MMSC = "kestrel.web", "mms.kestrel.example"
_WRITES = frozenset({"suspend_line", "resume_line", "send_payment_request", "enable_roaming", "disable_roaming",
                     "refuel_data"})  # account changes: the phone may read differently afterwards
_REFUEL_GB = 2.0

Position = tuple[int, int]  # (message index, character offset): the order things were seen in


@dataclass
class _Conversation:
    """What the agent can read off the conversation."""

    user_texts: list[tuple[int, str]] = field(default_factory=list)
    own_texts: list[str] = field(default_factory=list)
    calls: list[tuple[int, str, dict[str, Any], Any]] = field(default_factory=list)  # (pos, tool, args, result)
    readings: dict[str, tuple[str, Position]] = field(default_factory=dict)
    last_change: Position = (-1, -1)
    last_restart: Position = (-1, -1)
    last_search: Position = (-1, -1)
    apn_reset_asked: Position = (-1, -1)  # the phone said an APN reset waits for the next restart
    resumed: Position | None = None  # the line was resumed here (the phone needs a network search afterwards)

    @property
    def last_own(self) -> str:
        return self.own_texts[-1] if self.own_texts else ""

    @property
    def last_user(self) -> str:
        return self.user_texts[-1][1] if self.user_texts else ""

    @property
    def one_step_at_a_time(self) -> bool:
        return any(_ONE_AT_A_TIME.search(text.lower()) for _, text in self.user_texts)

    def reading(self, key: str) -> str | None:
        found = self.readings.get(key)
        return found[0] if found else None

    def current(self, key: str) -> str | None:
        """The reading, if it was taken after the last change to the phone or the account."""
        found = self.readings.get(key)
        return found[0] if found and found[1] > self.last_change else None

    def result(self, tool: str, **arguments: Any) -> tuple[Any, int] | None:
        """The latest successful result of ``tool`` with these arguments, and where it arrived."""
        for pos, name, args, result in reversed(self.calls):
            ok = not (isinstance(result, dict) and "error" in result)
            if name == tool and ok and all(args.get(k) == v for k, v in arguments.items()):
                return result, pos
        return None

    def failed(self, tool: str, **arguments: Any) -> bool:
        return any(name == tool and isinstance(result, dict) and "error" in result
                   and all(args.get(k) == v for k, v in arguments.items()) for _, name, args, result in self.calls)


def _read(request: AgentRequest) -> _Conversation:
    conv = _Conversation()
    results = {m.tool_call_id: (i, json.loads(m.content)) for i, m in enumerate(request.messages) if m.role == "tool"}
    for index, message in enumerate(request.messages):
        if message.role == "user":
            conv.user_texts.append((index, message.content))
            _take_readings(conv, index, message.content.lower())
        elif message.role == "assistant":
            if not message.tool_calls:
                conv.own_texts.append(message.content)
            for call in message.tool_calls:
                pos, result = results.get(call.id, (index, None))
                conv.calls.append((pos, call.name, call.arguments, result))
                if call.name in _WRITES and not (isinstance(result, dict) and "error" in result):
                    conv.last_change = max(conv.last_change, (pos, 0))
                    if call.name == "resume_line":
                        conv.resumed = (pos, 0)
    return conv


# The agent re-reads every user message on every turn: a conversation's messages, several trials at once, is what
# the cache must hold. More keeps thousands of finished conversations' texts alive for nothing (4 MB by 500 items).
@functools.lru_cache(maxsize=256)
def _parse(text: str) -> tuple[tuple[tuple[str, str, int], ...], int]:
    """The phone readings in one user message as (key, value, offset), and the offset of its last change."""
    found = [(key, m.group(1).strip(" .)"), m.start()) for key, pattern in _READING.items() if key in text
             for m in pattern.finditer(text)]
    found += [(m.group(1).strip(), m.group(2), m.start()) for m in _SWITCHED.finditer(text)]
    # a restart that applied an APN reset: the settings are now the defaults the policy names
    found += [(key, value, m.start()) for m in _APN_RESET_DONE.finditer(text)
              for key, value in (("apn", _APN), ("mms center", _MMSC))]
    changes = [m.start() for m in _CHANGE.finditer(text)]
    return tuple(sorted(found, key=lambda r: r[2])), max(changes, default=-1)


def _take_readings(conv: _Conversation, index: int, text: str) -> None:
    readings, change = _parse(text)
    for key, value, offset in readings:
        conv.readings[key] = (value, (index, offset))
    if change >= 0:
        conv.last_change = max(conv.last_change, (index, change))
    for pattern, attribute in ((_RESTARTED, "last_restart"), (_SEARCHED, "last_search"),
                               (_APN_RESET_PENDING, "apn_reset_asked")):
        for m in pattern.finditer(text):
            setattr(conv, attribute, max(getattr(conv, attribute), (index, m.start())))


@dataclass(frozen=True)
class _Account:
    number: str
    customer: dict[str, Any]
    line: dict[str, Any]
    usage: dict[str, Any] | None


def _transfer(reason: str) -> AgentReply:
    return AgentReply(text=f"I'm sorry, I can't fix this from here: {reason}. I'm transferring you to a human agent "
                           "who can help you further.",
                      tool_calls=(ToolRequest(name="transfer_to_human", arguments={"summary": reason}),))


class TelecomSupportAgent:
    """Follows policy.md. The keyword switches give the flawed variants."""

    def __init__(self, *, confirm_writes: bool = True, verify_identity: bool = True,
                 escalate_all: bool = False) -> None:
        self.confirm_writes = confirm_writes
        self.verify_identity = verify_identity
        self.escalate_all = escalate_all

    async def respond(self, request: AgentRequest) -> AgentReply:
        return self.decide(_read(request))

    def decide(self, c: _Conversation) -> AgentReply:
        intent = next((name for _, text in c.user_texts for name, cue in _INTENTS if re.search(cue, text.lower())),
                      None)
        if intent is None:
            return AgentReply(
                text="I'm sorry to hear that. Could you describe what isn't working: calls and texts, mobile "
                        "data, or picture messages?")
        account: _Account | None = None
        if self.verify_identity:
            step, account = self._identify(c, intent)
            if step is not None:
                return step
        if self.escalate_all:
            return _transfer(f"the customer reports a {intent.replace('_', ' ')}")
        return self._troubleshoot(c, intent, account)

    # --------------------------------------------------------------------------------------------- identity

    def _identify(self, c: _Conversation, intent: str) -> tuple[AgentReply | None, _Account | None]:
        numbers = ["-".join(groups) for _, text in c.user_texts for groups in _NUMBER.findall(text)]
        if not numbers:
            if any("phone number" in t for t in c.own_texts):
                return AgentReply(
                    text="I need the full phone number, with the area code. Could you read me the phone number "
                            "of the line, please?"), None
            return AgentReply(
                text="I can help with that. First, could you give me the phone number of the line that has "
                        "the problem?"), None
        number = numbers[-1]
        found = c.result("get_customer_by_phone", phone_number=number)
        if found is None:
            if c.failed("get_customer_by_phone", phone_number=number):
                return AgentReply(
                    text=f"I couldn't find a line with the number {number}. Could you check the phone number "
                            "of the line for me?"), None
            return AgentReply.calling("get_customer_by_phone", phone_number=number), None
        customer = found[0]
        cid = customer["customer_id"]
        line = c.result("get_line_details", customer_id=cid, phone_number=number)
        if line is None:
            return AgentReply.calling("get_line_details", customer_id=cid, phone_number=number), None
        usage = None
        if intent != "service_issue":
            got = c.result("get_data_usage", customer_id=cid, phone_number=number)
            if got is None:
                return AgentReply.calling("get_data_usage", customer_id=cid, phone_number=number), None
            usage = got[0]
        return None, _Account(number, customer, line[0], usage)

    # --------------------------------------------------------------------------------------------- account changes

    def _write(self, c: _Conversation, tool: str, arguments: dict[str, Any], question: str) -> AgentReply | None:
        """An irreversible change: done once, after an explicit yes to a question naming it and its values."""
        if c.result(tool, **arguments) is not None:
            return None
        if not self.confirm_writes:
            return AgentReply.calling(tool, **arguments)
        asked = [i for i, text in enumerate(c.own_texts) if text == question]
        if not asked:
            return AgentReply(text=question)
        if c.last_own == question:
            if _YES.search(c.last_user) and not _NO.search(c.last_user):
                return AgentReply.calling(tool, **arguments)
            return _transfer(f"the customer declined: {question}")
        return AgentReply(text=question)

    def _suspension(self, c: _Conversation, a: _Account) -> AgentReply | None:
        cid, line = a.customer["customer_id"], a.line
        if line["status"] != "suspended" or c.result("resume_line", customer_id=cid, phone_number=a.number):
            return None
        if line["contract_ended"]:
            return _transfer(f"line {a.number} is suspended because its contract ended on "
                             f"{line['contract_end_date']}, and only a human agent can renew it")
        if line["suspended_for"] != "overdue_bill":
            return _transfer(f"line {a.number} is suspended ({line['suspended_for']})")
        bills = c.result("get_bills", customer_id=cid)
        if bills is None:
            return AgentReply.calling("get_bills", customer_id=cid)
        unpaid = [b for b in bills[0] if b["status"] in ("overdue", "awaiting_payment")]
        if unpaid:
            bill = unpaid[0]
            sent = c.result("send_payment_request", customer_id=cid, bill_id=bill["bill_id"])
            if not bill["payment_requested"] and sent is None:
                return self._write(c, "send_payment_request", {"customer_id": cid, "bill_id": bill["bill_id"]},
                                   f"Your line {a.number} is suspended because bill {bill['bill_id']} "
                                   f"(${bill['amount']:.2f}, due {bill['due_date']}) is overdue. To confirm: shall I "
                                   f"send a payment request for bill {bill['bill_id']} of ${bill['amount']:.2f} to "
                                   f"your phone, for account {cid}?")
            paid = c.readings.get("payment request")
            if paid is None or paid[0] != "paid":
                return AgentReply(
                    text=f"I've sent a payment request of ${bill['amount']:.2f} for bill {bill['bill_id']} to "
                            "your phone. Please pay the payment request on your phone, and tell me when it's done.")
            if bills[1] < paid[1][0]:
                return AgentReply.calling("get_bills", customer_id=cid)  # check the payment arrived
            return _transfer(f"bill {bill['bill_id']} still shows overdue after the customer paid it")
        return self._write(c, "resume_line", {"customer_id": cid, "phone_number": a.number},
                           f"Thank you, no bill is overdue any more. To confirm: shall I resume line {a.number} on "
                           f"account {cid}?")

    # --------------------------------------------------------------------------------------------- the phone

    def _troubleshoot(self, c: _Conversation, intent: str, a: _Account | None) -> AgentReply:
        if a is not None:
            step = self._suspension(c, a)
            if step is not None:
                return step
        if c.reading("airplane mode") is None:
            return AgentReply(text="Let's look at your phone. Please check your status bar and tell me what it shows.")
        fixes: list[str] = []
        writes: list[tuple[str, dict[str, Any], str]] = []
        checks: list[str] = []
        if c.reading("airplane mode") == "on":
            fixes.append("turn off airplane mode")
        sim = c.reading("sim") or ""
        if sim.startswith("locked"):
            return _transfer("the SIM card is locked and asks for a PIN, which needs a human agent")
        if sim == "not detected":
            fixes.append("reseat your SIM card (take it out and put it back in firmly)")
        line_ok = a is None or a.line["status"] == "active" or a is not None and c.result(
            "resume_line", customer_id=a.customer["customer_id"], phone_number=a.number) is not None
        no_service = c.reading("cellular") == "no service" and sim == "active" and line_ok
        if no_service or intent == "mms_issue":
            apn, mmsc = c.reading("apn"), c.reading("mms center")
            if c.apn_reset_asked > c.last_restart:
                if not any(f.startswith("restart") for f in fixes):
                    fixes.append("restart your phone so the APN reset takes effect")
            elif apn is None:
                checks.append("check your APN settings")
            elif apn != _APN or (intent == "mms_issue" and mmsc != _MMSC):
                fixes += ["reset your APN settings to the defaults", "restart your phone"]
        if intent != "service_issue":
            self._data_steps(c, intent, a, fixes, writes, checks)
        if c.resumed is not None and c.last_search < c.resumed and not any(f.startswith("restart") for f in fixes):
            fixes.append("restart your phone so it reconnects to the network")  # a resumed line needs a new search
        verification = {"service_issue": "check your status bar", "mobile_data_issue": "run a speed test",
                        "mms_issue": "send a test MMS"}[intent]
        if fixes:
            if c.one_step_at_a_time:
                return AgentReply(text=f"Please {fixes[0]}, and tell me what you see.")
            if not writes and not checks and intent != "service_issue":
                fixes.append(verification)
            return AgentReply(text="Please " + ", then ".join(fixes) + ", and tell me what you see.")
        for tool, arguments, question in writes:
            step = self._write(c, tool, arguments, question)
            if step is not None:
                return step
        if checks:
            return AgentReply(text=f"Thanks. Next, please {checks[0]} and tell me what it shows.")
        if self._solved(c, intent):
            return AgentReply(text="Great, that's working again. Is there anything else I can help you with?")
        if not self._verified_recently(c, intent):
            return AgentReply(text=f"Now please {verification} and tell me the result.")
        return _transfer(f"the {intent.replace('_', ' ')} remains after the whole troubleshooting path")

    def _data_steps(self, c: _Conversation, intent: str, a: _Account | None, fixes: list[str],
                    writes: list[tuple[str, dict[str, Any], str]], checks: list[str]) -> None:
        if c.reading("mobile data") == "off":
            fixes.append("turn on mobile data")
        abroad = (c.reading("roaming") or "").startswith("yes") or any(
            _ABROAD.search(text.lower()) for _, text in c.user_texts[:2])
        if abroad:
            if c.reading("data roaming") != "on":
                fixes.append("turn on data roaming")
            if a is not None and not a.line["roaming_enabled"]:
                cid = a.customer["customer_id"]
                question = (f"Roaming is disabled on line {a.number}, so your phone can't use data abroad. "
                            f"To confirm: shall I enable roaming on line {a.number} of account {cid}? "
                            "It's free of charge.")
                writes.append(("enable_roaming", {"customer_id": cid, "phone_number": a.number}, question))
        if a is not None and a.usage is not None and a.usage["remaining_gb"] <= 0:
            cid, price = a.customer["customer_id"], a.line["plan"]["refuel_price_per_gb"] * _REFUEL_GB
            question = (f"You've used all {a.usage['plan_gb']:g} GB of data on line {a.number} this cycle. "
                        f"To confirm: shall I refuel {_REFUEL_GB} GB on line {a.number} of account {cid}, "
                        f"for ${price:.2f}?")
            writes.append(("refuel_data", {"customer_id": cid, "phone_number": a.number, "gigabytes": _REFUEL_GB},
                           question))
        network = c.reading("network") or ""
        if network == "2g" or (intent == "mobile_data_issue" and network == "3g"):
            fixes.append("set your network mode to 4G/5G preferred")
        if intent == "mobile_data_issue":
            if c.reading("data saver") == "on":
                fixes.append("turn off data saver")
            if c.reading("vpn") == "on":
                fixes.append("disconnect your VPN")
        else:
            if c.reading("wi-fi calling") == "on":
                fixes.append("turn off Wi-Fi calling")
            permissions = c.reading("messages app")
            if permissions is None:
                checks.append("check the app permissions of the messages app")
            else:
                if "sms denied" in permissions:
                    fixes.append("grant the SMS permission to the messages app")
                if "storage denied" in permissions:
                    fixes.append("grant the storage permission to the messages app")

    @staticmethod
    def _solved(c: _Conversation, intent: str) -> bool:
        if intent == "service_issue":
            return c.current("cellular") == "connected"
        if intent == "mobile_data_issue":
            return (c.current("speed test") or "").endswith("rated excellent")
        return c.current("mms test") == "sent"

    @staticmethod
    def _verified_recently(c: _Conversation, intent: str) -> bool:
        key = {"service_issue": "cellular", "mobile_data_issue": "speed test", "mms_issue": "mms test"}[intent]
        return c.current(key) is not None


AGENTS = {
    "reference": TelecomSupportAgent,
    "skips_confirmation": lambda: TelecomSupportAgent(confirm_writes=False),
    "escalates_everything": lambda: TelecomSupportAgent(escalate_all=True),
    "never_verifies": lambda: TelecomSupportAgent(verify_identity=False),
}
