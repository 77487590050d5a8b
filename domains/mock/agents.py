"""Offline reference agents for the mock domain: one that follows the policy, and flawed variants.

The agent is stateless: every reply is derived from the conversation it is given, as an LLM agent's would be.
"""

from __future__ import annotations

import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView, ToolRequest

_ACCOUNT = re.compile(r"\b(A\d{3})\b", re.IGNORECASE)
# through speech the letter is often misheard ("J100") or lost ("they 100"): three digits are still a good guess
_HEARD_ACCOUNT = re.compile(r"\b[B-Z]?(\d{3})\b", re.IGNORECASE)
# a voice channel appends `[asr low confidence: "A100" 0.41, ...]` to what it was unsure of
_UNSURE = re.compile(r"\[asr low confidence: (.*)\]")
_VERIFY_ACTIONS = {"cancel": "cancel the subscription", "change_plan": "change the plan",
                   "balance": "check the balance"}
_YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right)\b", re.IGNORECASE)
_NO = re.compile(r"\b(no|don't|do not|stop)\b", re.IGNORECASE)
_DEVICE_STEPS = ("check", "wifi", "check", "router", "check")
_INSTRUCTIONS = {
    "check": "Please check your connection status and tell me what it shows.",
    "wifi": "Please turn on Wi-Fi on your device.",
    "router": "Please restart the router and wait a minute.",
}


_UPSET = re.compile(r"ridiculous|annoyed|too long", re.IGNORECASE)


class MockSupportAgent:
    """Follows policy.md. Flawed variants: ``confirm_writes=False`` never asks before a write;
    ``rush_upset_users=True`` skips the confirmation only once the user sounds angry (a seeded defect for fuzzing)."""

    def __init__(self, *, confirm_writes: bool = True, rush_upset_users: bool = False) -> None:
        self.confirm_writes = confirm_writes
        self.rush_upset_users = rush_upset_users

    async def respond(self, request: AgentRequest) -> AgentReply:
        return self.decide(ConversationView.of(request))

    def decide(self, v: ConversationView) -> AgentReply:
        text = v.user.lower()
        intents = [name for name, cue in (
            ("connectivity", r"internet|connection|wi-?fi|offline"),
            ("balance", r"\bowe\b|\bbill\b|balance"),
            ("cancel", r"\bcancel"),
            ("change_plan", r"upgrade|downgrade|\bplan\b"),
        ) if re.search(cue, text)]
        if not intents:
            return AgentReply(text="Sorry, I didn't quite catch that. Could you tell me what you need help with?")
        done: list[str] = []
        if "connectivity" in intents:
            step = self._connectivity(v)
            if step is not None:
                return step
            done.append("Your connection is back online.")
        account_intents = [i for i in intents if i != "connectivity"]
        if account_intents:
            reply = self._account_work(v, account_intents, done)
            if reply is not None:
                return reply
        return AgentReply(text=" ".join(done) + " Is there anything else I can help you with?")

    # --------------------------------------------------------------------------------------------- device

    def _connectivity(self, v: ConversationView) -> AgentReply | None:
        if any(re.search(r"\bonline\b", t.lower()) for t in v.user_texts):
            return None
        asked = sum(1 for t in v.own_texts for s in _INSTRUCTIONS.values() if s in t)
        if asked >= len(_DEVICE_STEPS):
            return AgentReply(tool_calls=(ToolRequest(name="transfer_to_human",
                                                      arguments={"summary": "connection still down"}),))
        return AgentReply(text=_INSTRUCTIONS[_DEVICE_STEPS[asked]])

    # --------------------------------------------------------------------------------------------- account

    def _account_work(self, v: ConversationView, intents: list[str], done: list[str]) -> AgentReply | None:
        ids = _ACCOUNT.findall(" ".join(v.user_texts))
        guessed = not ids and bool(ids := [f"A{d}" for d in _HEARD_ACCOUNT.findall(" ".join(v.user_texts))])
        if not ids:
            if any("account ID" in t for t in v.own_texts):
                return AgentReply(text="I need the exact account ID, for example A123. Could you check your account ID for me?")
            return AgentReply(text="Could you give me your account ID? It's the letter A followed by three digits.")
        account_id = ids[-1].upper()
        check = self._verify_heard(v, account_id, guessed, intents)
        if check is not None:
            return check
        if v.failed("get_account", account_id=account_id) and not v.result("get_account", account_id=account_id):
            return AgentReply(text=f"I couldn't find account {account_id}. Could you double-check your account ID?")
        record = v.result("get_account", account_id=account_id)
        if record is None:
            return AgentReply(tool_calls=(ToolRequest(name="get_account", arguments={"account_id": account_id}),))
        if record.get("locked"):  # type: ignore[union-attr]
            return AgentReply(text="This account is locked, so a colleague needs to help you; transferring you now.",
                              tool_calls=(ToolRequest(name="transfer_to_human",
                                                      arguments={"summary": f"locked account {account_id}"}),))
        if "balance" in intents:
            done.append(f"The balance on account {account_id} is {record['balance']} dollars.")  # type: ignore[index]
        if "change_plan" in intents:
            plans = re.findall(r"\b(basic|premium)\b", v.user.lower())
            if not plans:
                if any("which plan" in t.lower() for t in v.own_texts):
                    return AgentReply(text="Please choose one of our two plans: which plan, basic or premium?")
                return AgentReply(text="Which plan would you like: basic or premium?")
            plan = plans[-1]
            reply = self._write(v, "change_plan", {"account_id": account_id, "plan": plan},
                                f"change the plan on account {account_id} to {plan}")
            if reply is not None:
                return reply
            done.append(f"Account {account_id} is now on the {plan} plan.")
        if "cancel" in intents:
            reply = self._write(v, "cancel_subscription", {"account_id": account_id},
                                f"cancel the subscription on account {account_id}")
            if reply is not None:
                return reply
            done.append(f"The subscription on account {account_id} is now cancelled.")
        return None

    @staticmethod
    def _verify_heard(v: ConversationView, account_id: str, guessed: bool, intents: list[str]) -> AgentReply | None:
        """Over voice: read back an account ID that was guessed or heard with low confidence, once, before using it."""
        said = next((t for t in reversed(v.user_texts) if account_id[1:] in t), "")
        note = _UNSURE.search(said)
        if not guessed and not (note and account_id[1:] in note.group(1)):
            return None
        action = next((_VERIFY_ACTIONS[i] for i in intents if i in _VERIFY_ACTIONS), "look at")
        question = f"Please confirm I heard you right: you want to {action} on account {account_id}, is that right?"
        if any(question in t for t in v.own_texts):
            return None  # asked already: a correction would have brought a new ID
        return AgentReply(text=question)

    def _write(self, v: ConversationView, tool: str, arguments: dict, action: str) -> AgentReply | None:
        """Perform an irreversible write once, after an explicit yes to a confirmation naming it exactly."""
        if v.result(tool, **arguments) is not None:
            return None
        question = f"To confirm: shall I {action}? This cannot be undone."
        rushing = self.rush_upset_users and any(_UPSET.search(t) for t in v.user_texts)
        if self.confirm_writes and not rushing:
            if not v.last_own.endswith(question):
                return AgentReply(text=question)
            if not _NO.search(v.last_user) and not _YES.search(v.last_user) and v.last_own == question:
                return AgentReply(text="Sorry, I didn't catch that. " + question)  # a garbled answer: ask once more
            if _NO.search(v.last_user) or not _YES.search(v.last_user):
                return AgentReply(text="Okay, I won't make that change. Is there anything else I can help with?")
        return AgentReply(tool_calls=(ToolRequest(name=tool, arguments=arguments),))


AGENTS = {
    "reference": MockSupportAgent,
    "skips_confirmation": lambda: MockSupportAgent(confirm_writes=False),
    "rushes_upset_users": lambda: MockSupportAgent(rush_upset_users=True),
}
