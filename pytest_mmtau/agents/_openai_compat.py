"""``OpenAICompatibleAgent``: an agent under test served over HTTP in the chat-completions shape.

The plugin POSTs ``{base_url}/chat/completions`` with ``model``, ``messages`` (the policy as system prompt first)
and ``tools``, and reads the first choice's ``message`` (``content`` and ``tool_calls``). Agents written in any
language or framework can be tested this way. Agent-hosted tools may be reported in the message under
``hosted_tool_calls`` (``[{"name", "arguments", "result", "error", "irreversible"}]``).

Who is at fault when a call fails is decided as for every adapter (docs/agents.md, "Whose fault is a failed
call"): the endpoint not answering properly — connection errors, timeouts, any 5xx, 429, a 4xx, a body that is not a complete chat
completion — is **infrastructure**: retried under the one policy (``pytest_mmtau._retry``, honouring
``Retry-After``), then an ``InfrastructureError`` (the trial is an error, excluded from pass^k). Only a
well-formed chat completion whose content breaks the protocol (``choices[0].message`` not an object, tool-call
arguments that are not a JSON object) is the agent's fault (``AgentOutputError``).

One HTTP session per event loop (``pytest_mmtau._http_pool``, aiohttp, keep-alive, no connection cap) is reused by
every turn and trial on that loop, and by the LLM transport's lean path, and closed with the loop. These calls are not recorded by ``--mmtau-record`` (the agent under test is
what the suite exercises); the tokens they report are added to the trial's usage with an unknown cost.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from .._http_pool import aiohttp_module
from ..errors import InfrastructureError
from . import AgentOutputError, AgentReply, AgentRequest, coerce_reply
from ._litellm import build_messages, parse_tool_calls

__all__ = ["OpenAICompatibleAgent"]

_AUTH_STATUSES = frozenset({401, 403, 407})


class _EndpointFault(Exception):
    """The endpoint did not answer properly; ``transient`` faults are retried."""

    def __init__(self, text: str, *, transient: bool = True, headers: Any = None) -> None:
        super().__init__(text)
        self.transient, self.headers = transient, headers  # the answer's headers, for Retry-After


class OpenAICompatibleAgent:
    """An agent reached at ``base_url`` (ending before ``/chat/completions``, e.g. ``http://host:8000/v1``)."""

    def __init__(self, base_url: str, *, model: str = "agent", api_key: str | None = None, timeout_s: float = 60.0,
                 headers: Mapping[str, str] | None = None, max_attempts: int = 4, backoff_s: float = 0.5) -> None:
        self._aiohttp = aiohttp_module(extra="http", purpose="OpenAICompatibleAgent")
        if not base_url.startswith(("http://", "https://")):
            from ..errors import UsageError

            raise UsageError(f"OpenAICompatibleAgent(base_url={base_url!r}): expected an http:// or https:// URL")
        self.base_url = base_url.rstrip("/")
        self.url = self.base_url if self.base_url.endswith("/chat/completions") else f"{self.base_url}/chat/completions"
        self.model, self.timeout_s = model, timeout_s
        self.max_attempts, self.backoff_s = max(1, max_attempts), backoff_s
        self._headers = {"content-type": "application/json", **dict(headers or {})}
        self._api_key = api_key
        if api_key:
            self._headers["authorization"] = f"Bearer {api_key}"
        self.name = f"http:{self.base_url}"
        self._timeout = self._aiohttp.ClientTimeout(total=timeout_s)

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
        from .._retry import RetryPolicy, with_retries

        body, attempts = self._body(request), [0]

        async def once() -> AgentReply:
            attempts[0] += 1
            return await self._attempt(body)

        try:
            return await with_retries(once, transient=lambda exc: isinstance(exc, _EndpointFault) and exc.transient,
                                      policy=RetryPolicy(attempts=self.max_attempts, base_s=self.backoff_s))
        except _EndpointFault as fault:
            error = InfrastructureError(f"agent at {self.url}: {fault} (after {attempts[0]} "
                                        f"attempt{'s' * (attempts[0] != 1)}); the endpoint, not the agent's "
                                        "behaviour, failed")
            error.transient = fault.transient
            raise error from None

    async def _attempt(self, body: dict[str, Any]) -> AgentReply:
        """One POST: the reply, or an _EndpointFault; a protocol breach in a well-formed answer raises
        AgentOutputError."""
        from .._http_pool import session, ssl_for

        aiohttp = self._aiohttp
        try:
            async with session().post(self.url, data=json.dumps(body).encode(), headers=self._headers,
                                      timeout=self._timeout, ssl=ssl_for(self.url)) as response:
                status, headers = response.status, response.headers
                text = await response.text(errors="replace")
        except (asyncio.TimeoutError, aiohttp.ServerTimeoutError) as exc:
            raise _EndpointFault(f"no answer within {self.timeout_s:g} s ({type(exc).__name__})") from None
        except aiohttp.ClientError as exc:  # refused, reset, DNS, a body cut short
            raise _EndpointFault(f"transport error: {type(exc).__name__}: {self._clean(str(exc))}") from None
        if status in _AUTH_STATUSES:
            raise _EndpointFault(f"HTTP {status} (check the credentials/headers given to OpenAICompatibleAgent): "
                                 f"{self._clean(text)[:300]}", transient=False, headers=headers)
        if status == 429 or status >= 500:
            raise _EndpointFault(f"HTTP {status}: {self._clean(text)[:300]}", headers=headers)
        if status >= 400:
            raise _EndpointFault(f"HTTP {status} (the endpoint refused the request; check base_url and model): "
                                 f"{self._clean(text)[:300]}", transient=False, headers=headers)
        return self._reply(text)

    def _reply(self, text: str) -> AgentReply:
        try:
            payload = json.loads(text)
            message = payload["choices"][0]["message"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise _EndpointFault(f"the answer is not a complete chat completion (truncated?): "
                                 f"{self._clean(text)[:200]!r}") from None
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
