"""An agent that phrases as an LLM agent might, which the scripted user's rules do not follow, and a fake
understanding model that does (for tests/test_user_nlu.py, in-process pytester runs included)."""

from __future__ import annotations

import re
from typing import Any

from fake_openai import Reply, json_reply

from pytest_mmtau.agents import AgentReply, ConversationView, ToolRequest

ASK_ID = "Happy to help with that! To get started, could you share the customer code on your profile?"
CONFIRM = "I'm all set to terminate the plan on {id}. Please confirm you want me to do this."
DONE = "Done: the subscription on {id} is now cancelled. Anything else I can do for you today?"


def free_agent(request: Any) -> AgentReply:
    """Cancels a mock subscription, phrased as an LLM agent might."""
    v = ConversationView.of(request)
    ids = re.findall(r"\bA\d{3}\b", " ".join(v.user_texts))
    if not ids:
        return AgentReply(text=ASK_ID)
    account = ids[-1]
    if v.result("get_account", account_id=account) is None:
        return AgentReply(tool_calls=(ToolRequest(name="get_account", arguments={"account_id": account}),))
    if v.tried("cancel_subscription", account_id=account):
        return AgentReply(text=DONE.format(id=account))
    if re.search(r"\byes\b", v.last_user, re.IGNORECASE) and CONFIRM.format(id=account) in v.last_own:
        return AgentReply(tool_calls=(ToolRequest(name="cancel_subscription", arguments={"account_id": account}),))
    return AgentReply(text=CONFIRM.format(id=account))


def message_of(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    return prompt.split(">>\n", 1)[1].rsplit("\n<<END-", 1)[0]


def reading_for(message: str) -> dict[str, Any]:
    """What a capable reader makes of the agent's messages above."""
    if "customer code" in message:
        return {"facts": ["account_id"], "tools": [], "confirmation": None, "closing": False, "unmatched": []}
    if "terminate the plan" in message:
        found = re.search(r"A\d{3}", message)
        return {"facts": [], "tools": [], "closing": False, "unmatched": [],
                "confirmation": {"action": "cancel_subscription", "values": {"account_id": found.group()}}}
    if "Anything else" in message:
        return {"facts": [], "tools": [], "confirmation": None, "closing": True, "unmatched": []}
    return {"facts": [], "tools": [], "confirmation": None, "closing": False, "unmatched": [message]}


def reader(body: dict[str, Any], n: int) -> Reply:
    return json_reply(reading_for(message_of(body)), model="fake-nlu", prompt_tokens=21, completion_tokens=9)
