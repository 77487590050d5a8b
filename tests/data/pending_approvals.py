"""What an agent framework's human-in-the-loop layer makes of any agent (an OpenAI Agents SDK tool marked as needing
approval, a LangGraph interrupt, a pydantic-ai deferred tool): the write the agent is about to make waits on a card
showing the pending call, and runs once the customer approves it. Written for `tests/test_own_domain.py` to wrap each
domain's `free_agent.py`, not from the simulated user's rules.

The approval question the wrapped agent would ask is found by asking it what it would do after a yes; that call is
shown on the card instead (and a write the agent makes without asking is held on a card too). ``LEAVE_OUT`` names an
argument the card leaves out, as a framework's summary template that drops a field would (which IAS must catch)."""

import dataclasses
import random
import re
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, Message, ToolRequest

APPROVED = re.compile(r"\b(approved?|yes|yeah|yep|sure|go ahead|do it|please do|ok(ay)?|confirm(ed)?|that's right|"
                      r"correct)\b", re.I)
DECLINED = re.compile(r"\b(no|nope|reject(ed)?|don't|do not|cancel|stop|wait)\b", re.I)
ENUM = re.compile(r"[a-z]+(?:_[a-z]+)+")


def _said(value: Any) -> str:
    return value.replace("_", " ") if isinstance(value, str) and ENUM.fullmatch(value) else str(value)


def _card(style: int, call: ToolRequest) -> str:
    fields = list(call.arguments.items())
    if style == 0:
        lines = "\n".join(f"- {key.replace('_', ' ').capitalize()}: {_said(value)}" for key, value in fields)
        return f"**Pending action:** `{call.name}`\n{lines}\n\nApprove or reject?"
    if style == 1:
        args = "\n".join(f"  {key}={value!r}," for key, value in fields)
        return (f"This step needs your sign-off before it runs:\n\n```\n{call.name}(\n{args}\n)\n```\n\n"
                "Reply APPROVE to run it, or REJECT to cancel.")
    if style == 2:
        listed = "; ".join(f"{key.replace('_', ' ')} {_said(value)}" for key, value in fields)
        return f"Ready to {call.name.replace('_', ' ')} ({listed}) - it's held pending your approval. OK to go ahead?"
    rows = "\n".join(f"| {key.replace('_', ' ')} | {_said(value)} |" for key, value in fields)
    return (f"| Field | Value |\n|---|---|\n{rows}\n\n`{call.name}` is paused until you approve it. "
            "Do I have your go-ahead?")


class PendingApprovals:
    LEAVE_OUT: str | None = None

    def __init__(self, inner: Any, style: int = 0) -> None:
        self.inner, self.style = inner, style
        self.pending: ToolRequest | None = None

    def for_trial(self, trial: int, seed: int) -> "PendingApprovals":
        inner = self.inner.for_trial(trial, seed) if hasattr(self.inner, "for_trial") else self.inner
        return type(self)(inner, random.Random(seed + 1).randrange(4))

    async def respond(self, request: AgentRequest) -> AgentReply:
        writes = {t.name for t in request.tool_specs if t.irreversible}
        if self.pending is not None and request.messages and request.messages[-1].role == "user":
            call, self.pending = self.pending, None
            answer = request.messages[-1].content
            if APPROVED.search(answer) and not DECLINED.search(answer):
                return AgentReply(tool_calls=(call,))
            return AgentReply(text="Understood - I've cancelled that, and nothing was changed. What would you like "
                                   "to do instead?")
        reply = await self.inner.respond(request)
        held = [c for c in reply.tool_calls if c.name in writes]
        if not held and reply.text and not reply.tool_calls:
            after_yes = dataclasses.replace(request, messages=(*request.messages,
                                                               Message(role="assistant", content=reply.text),
                                                               Message(role="user", content="Yes, please go ahead.")))
            held = [c for c in (await self.inner.respond(after_yes)).tool_calls if c.name in writes]
        if not held:
            return reply
        call = held[0]
        self.pending = call
        shown = ToolRequest(name=call.name, arguments={k: v for k, v in call.arguments.items() if k != self.LEAVE_OUT})
        return AgentReply(text=_card(self.style, shown))
