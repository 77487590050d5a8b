"""``python -m pytest_mmtau new-domain NAME``: a runnable domain skeleton a team edits into its own.

It writes ``domains/NAME/`` (policy, data, tools with one read and one irreversible write, two tasks, a rule-based
reference agent) and ``tests/test_NAME.py`` with its ``conftest.py``, plus a ``pytest.ini`` naming the domain
folder when the project has no pytest configuration yet. The result passes ``check`` and its own test as written.
With ``--tools tools.json`` (a list of OpenAI-style tool schemas, e.g. the ones the team's agent already has), a
typed stub is added to ``tools.py`` for each, to be filled in.
"""

from __future__ import annotations

import json
import keyword
import re
from pathlib import Path
from typing import Any

from .errors import UsageError

_POLICY = """# {title} support policy

You help customers with their orders.

- Ask for the order ID (the letter O followed by three digits) before looking anything up.
- Look the order up with `get_order` before you act on it.
- Cancelling an order cannot be undone: first ask the customer to confirm, naming the order, and cancel only after
  an explicit yes.
- If you cannot help, transfer the customer to a human with `transfer_to_human`.
"""

_DB = {"orders": {"O100": {"item": "kettle", "status": "processing"},
                  "O200": {"item": "toaster", "status": "shipped"}}}

_TOOLS = '''"""Tools of the {name} domain: what the agent can do on the shop's orders."""

from typing import Any

from pytest_mmtau.domain import ToolError, tool


def _order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    try:
        return state["orders"][order_id.strip().upper()]
    except KeyError:
        raise ToolError(f"no order {{order_id!r}}") from None


@tool(critical=("order_id",))
def get_order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    """Look an order up: its item and status."""
    return {{"order_id": order_id.strip().upper(), **_order(state, order_id)}}


@tool(irreversible=True, critical=("order_id",))
def cancel_order(state: dict[str, Any], order_id: str) -> dict[str, Any]:
    """Cancel an order that has not shipped. Irreversible."""
    order = _order(state, order_id)
    if order["status"] != "processing":
        raise ToolError(f"order {{order_id}} is {{order['status']}} and can no longer be cancelled")
    order["status"] = "cancelled"
    return {{"status": "cancelled"}}


@tool()
def transfer_to_human(state: dict[str, Any], summary: str) -> str:
    """Hand the conversation to a human colleague, with a one-line summary."""
    return "transferred"
'''

_AGENTS = '''"""A rule-based reference agent for the {name} domain: it follows policy.md, so the domain's tasks are known to be
solvable. Your own agent (an LLM, a framework, an HTTP service) is what the tests are for."""

import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

_ORDER = re.compile(r"\\b(O\\d{{3}})\\b", re.IGNORECASE)
_YES = re.compile(r"\\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right)\\b", re.IGNORECASE)


class ReferenceAgent:
    async def respond(self, request: AgentRequest) -> AgentReply:
        return self.decide(ConversationView.of(request))

    def decide(self, v: ConversationView) -> AgentReply:
        ids = _ORDER.findall(" ".join(v.user_texts))
        if not ids:
            return AgentReply(text="Could you give me your order ID? It's the letter O followed by three digits.")
        order_id = ids[-1].upper()
        order = v.result("get_order", order_id=order_id)
        if order is None:
            if v.failed("get_order", order_id=order_id):
                return AgentReply(text=f"I couldn't find order {{order_id}}. Could you check the order ID?")
            return AgentReply.calling("get_order", order_id=order_id)
        if not re.search(r"\\bcancel", " ".join(v.user_texts), re.IGNORECASE):
            return AgentReply(text=f"Order {{order_id}} ({{order['item']}}) is {{order['status']}}. "
                                   "Is there anything else I can help you with?")
        if v.result("cancel_order", order_id=order_id) is not None:
            return AgentReply(text=f"Order {{order_id}} is now cancelled. Is there anything else I can help you with?")
        question = f"To confirm: shall I cancel order {{order_id}}? This cannot be undone."
        if v.own_texts and question in v.own_texts[-1] and _YES.search(v.user):
            return AgentReply.calling("cancel_order", order_id=order_id)
        return AgentReply(text=question)


AGENTS = {{"reference": ReferenceAgent}}
'''

_TEST = '''"""The {name} domain's tasks against the agent of `conftest.py`, for three kinds of customer, twice each."""

import pytest

from pytest_mmtau import assert_cfa, assert_ias


@pytest.mark.domain("{name}")
@pytest.mark.persona("none", "easy", "hard")
@pytest.mark.trials(2, pass_hat_k={{2: 1.0}})
async def test_support(simulated_user, agent):
    conv = await simulated_user.converse(agent)
    assert conv.goal_achieved, conv.success_detail
    assert_ias(conv)  # the cancellation was confirmed first
    assert_cfa(conv)  # on the right order
'''

_CONFTEST = '''import pytest


@pytest.fixture
def agent(mmtau_domain):
    # replace with your own agent, e.g. OpenAICompatibleAgent("http://localhost:8000/v1") or an adapter
    return mmtau_domain.agents["reference"]()
'''


def _fact(value: str) -> dict[str, Any]:
    return {"key": "order_id", "value": value, "aliases": ["order id", "order number", "order"],
            "vague": "it starts with an O, I think"}


def _tasks() -> list[dict[str, Any]]:
    return [
        {"id": "cancel_order", "description": "Sam wants order O100 cancelled before it ships.",
         "goal": {"intent": "cancel_order", "request": "I'd like to cancel my order.", "facts": [_fact("O100")],
                  "confirmed_by": ["cancelled|canceled"], "accepts": ["cancel_order"]},
         "reference": [{"tool": "get_order", "arguments": {"order_id": "O100"}},
                       {"tool": "cancel_order", "arguments": {"order_id": "O100"}}],
         "success": {"state": [{"path": "orders.O100.status", "equals": "cancelled"}]},
         "critical_fields": [{"name": "order_id", "tool": "cancel_order", "argument": "order_id",
                              "expected": "O100"}],
         "optimal_turns": 3},
        {"id": "order_status", "description": "Kim wants to know where order O200 is.",
         "goal": {"intent": "order_status", "request": "Where is my order?", "facts": [_fact("O200")],
                  "confirmed_by": ["shipped"]},
         "reference": [{"tool": "get_order", "arguments": {"order_id": "O200"}}],
         "success": {"required_calls": [{"tool": "get_order", "arguments": {"order_id": "O200"}}],
                     "output_keywords": ["shipped"]},
         "critical_fields": [{"name": "order_id", "tool": "get_order", "argument": "order_id", "expected": "O200"}],
         "optimal_turns": 2},
    ]


_JSON_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "array": "list[Any]",
               "object": "dict[str, Any]"}


def _stubs(tools_file: Path) -> str:
    """Typed stubs for the OpenAI-style tool schemas in ``tools_file``."""
    try:
        schemas = json.loads(tools_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UsageError(f"--tools {tools_file}: cannot read a JSON list of tool schemas ({exc})") from None
    if isinstance(schemas, dict):
        schemas = schemas.get("tools", [schemas])
    out = []
    for i, schema in enumerate(schemas if isinstance(schemas, list) else []):
        function = schema.get("function", schema) if isinstance(schema, dict) else {}
        name = str(function.get("name", ""))
        if not name.isidentifier() or keyword.iskeyword(name):
            raise UsageError(f"--tools {tools_file}: tool #{i}: 'name' must be a Python identifier, got {name!r}")
        parameters = function.get("parameters") or {}
        required = set(parameters.get("required") or [])
        args = []
        for arg, spec in (parameters.get("properties") or {}).items():
            kind = _JSON_TYPES.get(str((spec or {}).get("type")), "Any")
            args.append(f"{arg}: {kind}" if arg in required else f"{arg}: {kind} | None = None")
        doc = str(function.get("description") or name).replace('"""', "'''")
        out.append(f'''

@tool()  # set irreversible=True and critical=("arg", ...) for writes the agent must confirm first
def {name}(state: dict[str, Any]{"".join(", " + a for a in args)}) -> Any:
    """{doc}"""
    raise ToolError("{name} is not implemented in the test domain yet")''')
    return "".join(out)


def new_domain(name: str, root: Path, tools_file: Path | None = None) -> list[Path]:
    """Write the skeleton under ``root``; returns the files written. Refuses to overwrite anything."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise UsageError(f"new-domain {name!r}: use lower-case letters, digits and underscores, starting with a letter")
    folder, tests = root / "domains" / name, root / "tests"
    files = {folder / "policy.md": _POLICY.format(title=name.replace("_", " ").capitalize()),
             folder / "db.json": json.dumps(_DB, indent=2) + "\n",
             folder / "tools.py": _TOOLS.format(name=name) + (_stubs(tools_file) if tools_file else ""),
             folder / "tasks.json": json.dumps(_tasks(), indent=2) + "\n",
             folder / "agents.py": _AGENTS.format(name=name),
             tests / f"test_{name}.py": _TEST.format(name=name)}
    if not (tests / "conftest.py").exists():
        files[tests / "conftest.py"] = _CONFTEST
    if not any((root / f).exists() for f in ("pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")):
        files[root / "pytest.ini"] = "[pytest]\nmmtau_domains = domains\n"
    clashes = [str(p) for p in files if p.exists()]
    if clashes:
        raise UsageError(f"new-domain {name!r}: would overwrite {', '.join(clashes)}; choose another name or --dir")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return list(files)
