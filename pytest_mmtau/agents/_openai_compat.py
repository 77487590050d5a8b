"""``OpenAICompatibleAgent``: an agent under test served over HTTP in the chat-completions shape.

The plugin POSTs ``{base_url}/chat/completions`` with ``model``, ``messages`` (the policy as system prompt first)
and ``tools``, and reads the first choice's ``message`` (``content`` and ``tool_calls``). Agents written in any
language or framework can be tested this way. Agent-hosted tools may be reported in the message under
``hosted_tool_calls`` (``[{"name", "arguments", "result", "error", "irreversible"}]``).

Who is at fault when a call fails — the agent under test or the infrastructure around it:

- connection refused / DNS / connect timeout, 429, 502, 503, 504: **infrastructure**. They are retried with
  backoff, then raise :class:`~pytest_mmtau.errors.InfrastructureError` (the trial is an error, excluded from
  pass^k). The agent cannot answer because it cannot be reached or is overloaded, which says nothing about how
  it behaves.
- 401, 403, 407: **infrastructure** at once (credentials of the test setup, not agent behaviour).
- 500 and any other 4xx/5xx, a read timeout, a body that is not a chat completion, malformed tool-call
  arguments: **agent failure** (:class:`AgentOutputError`; the engine ends the conversation with
  ``agent_error``). The agent server received the conversation and failed on it: that is the agent under test
  failing, and a regression suite must count it.

These calls are not recorded by ``--mmtau-record`` (the agent under test is what the suite exercises); the tokens
they report are added to the trial's usage with an unknown cost.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping
from typing import Any

from ..errors import InfrastructureError
from . import AgentOutputError, AgentReply, AgentRequest, coerce_reply
from ._litellm import build_messages, parse_tool_calls

__all__ = ["OpenAICompatibleAgent"]

_RETRY_STATUSES = frozenset({429, 502, 503, 504})
_AUTH_STATUSES = frozenset({401, 403, 407})


class OpenAICompatibleAgent:
    """An agent reached at ``base_url`` (ending before ``/chat/completions``, e.g. ``http://host:8000/v1``)."""

    def __init__(self, base_url: str, *, model: str = "agent", api_key: str | None = None, timeout_s: float = 60.0,
                 headers: Mapping[str, str] | None = None, max_attempts: int = 4, backoff_s: float = 0.5) -> None:
        self.base_url = base_url.rstrip("/")
        self.url = self.base_url if self.base_url.endswith("/chat/completions") else f"{self.base_url}/chat/completions"
        self.model, self.timeout_s = model, timeout_s
        self.max_attempts, self.backoff_s = max(1, max_attempts), backoff_s
        self._headers = {"content-type": "application/json", **dict(headers or {})}
        self._api_key = api_key
        if api_key:
            self._headers["authorization"] = f"Bearer {api_key}"
        self.name = f"http:{self.base_url}"

    def __repr__(self) -> str:  # never shows the key or the headers
        return f"OpenAICompatibleAgent({self.base_url!r}, model={self.model!r})"

    def _clean(self, text: str) -> str:
        from .._llm_transport import clean_error

        return clean_error(RuntimeError(text), self._api_key, *self._headers.values())

    def _body(self, request: AgentRequest) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": build_messages(request)}
        if request.tools:
            body["tools"] = [dict(t) for t in request.tools]
        return body

    async def respond(self, request: AgentRequest) -> AgentReply:
        import httpx

        body = self._body(request)
        async with httpx.AsyncClient(timeout=httpx.Timeout(self.timeout_s)) as client:
            for attempt in range(1, self.max_attempts + 1):
                problem = await self._attempt(client, body)
                if isinstance(problem, AgentReply):
                    return problem
                if attempt == self.max_attempts:
                    raise InfrastructureError(f"agent at {self.url}: {problem} (after {attempt} attempts)")
                await asyncio.sleep(self.backoff_s * 2 ** (attempt - 1) * random.uniform(0.5, 1.5))
        raise AssertionError("unreachable")  # pragma: no cover

    async def _attempt(self, client: Any, body: dict[str, Any]) -> AgentReply | str:
        """One POST: the reply, or a retryable problem's description; other failures raise."""
        import httpx

        try:
            response = await client.post(self.url, json=body, headers=self._headers)
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout) as exc:
            return f"cannot connect: {type(exc).__name__}: {self._clean(str(exc))}"
        except httpx.TimeoutException as exc:
            raise AgentOutputError(f"agent did not answer within {self.timeout_s:g} s "
                                   f"({type(exc).__name__})") from None
        except httpx.TransportError as exc:  # reset, protocol error: the network or a crashed server
            return f"transport error: {type(exc).__name__}: {self._clean(str(exc))}"
        status = response.status_code
        if status in _RETRY_STATUSES:
            return f"HTTP {status}: {self._clean(response.text[:300])}"
        if status in _AUTH_STATUSES:
            raise InfrastructureError(f"agent at {self.url}: HTTP {status} (check the credentials/headers given "
                                      f"to OpenAICompatibleAgent): {self._clean(response.text[:300])}")
        if status >= 400:
            raise AgentOutputError(f"agent server answered HTTP {status}: {self._clean(response.text[:300])}")
        return self._reply(response)

    def _reply(self, response: Any) -> AgentReply:
        try:
            payload = response.json()
            message = payload["choices"][0]["message"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise AgentOutputError(f"agent server answer is not a chat completion: "
                                   f"{self._clean(response.text[:200])!r}") from None
        if not isinstance(message, dict):
            raise AgentOutputError("agent server answer: choices[0].message is not an object")
        self._count(payload.get("usage"))
        content = message.get("content")
        calls = parse_tool_calls(message.get("tool_calls"))
        hosted = message.get("hosted_tool_calls") or []
        if hosted:
            reply = coerce_reply({"text": content or "", "hosted_tool_calls": hosted})
            return AgentReply(text=reply.text, tool_calls=calls, hosted_tool_calls=reply.hosted_tool_calls)
        return AgentReply(text=content if isinstance(content, str) else "", tool_calls=calls)

    @staticmethod
    def _count(usage: Any) -> None:
        from ..record import current

        scope = current()
        if scope is not None and isinstance(usage, dict):
            scope.usage.add(usage, None, replayed=False)

