"""The harness's HTTP client: one aiohttp session per event loop, shared by every call made on that loop.

``OpenAICompatibleAgent`` and the lean LLM transport (``_openai_http``) post through :func:`session`. One session per
loop means one connection pool with keep-alive for every turn and trial on the loop, and no per-call client set-up
(an SSL context and the CA bundle cost ≈ 30 ms each time). The pool has no connection cap: how many calls are in
flight is the plugin's concurrency to decide, and a capped pool would queue a latency-bound run behind it.
aiohttp rather than httpx because httpx's pool costs 2–8 ms of CPU per request at 128 connections in flight
(aiohttp: 0.2 ms; ``benchmarks/llm_path.py``).

The session is closed with its loop (``_loop_resources``). HTTPS uses ``SSL_CERT_FILE`` when set, else certifi's
bundle when installed (as httpx and the OpenAI SDK do), else the system's; proxies from the environment
(``HTTPS_PROXY``, ``NO_PROXY``, …) are honoured.
"""

from __future__ import annotations

import asyncio
import os
import ssl
import weakref
from functools import lru_cache
from typing import Any

from ._optional import require

__all__ = ["aiohttp_module", "session", "ssl_for"]

_SESSIONS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = weakref.WeakKeyDictionary()


def aiohttp_module(*, extra: str, purpose: str) -> Any:
    """aiohttp, or a UsageError naming the extra to install."""
    return require("aiohttp", extra=extra, purpose=purpose)


def session() -> Any:
    """The running loop's session, made on first use and closed when the loop's resources are released."""
    loop = asyncio.get_running_loop()
    found = _SESSIONS.get(loop)
    if found is None or found.closed:
        import urllib.request

        import aiohttp

        from ._loop_resources import on_loop_close

        connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=300)
        found = _SESSIONS[loop] = aiohttp.ClientSession(connector=connector,
                                                        trust_env=bool(urllib.request.getproxies()))
        on_loop_close(lambda: _close(loop))
    return found


async def _close(loop: asyncio.AbstractEventLoop) -> None:
    found = _SESSIONS.pop(loop, None)  # the session refers to its loop: a kept entry would keep both alive
    if found is not None:
        await found.close()


def ssl_for(url: str) -> ssl.SSLContext | bool:
    """The SSL context for ``url`` (True, aiohttp's default, for plain HTTP: no context is built)."""
    return _ssl_context() if url.startswith("https:") else True


@lru_cache(maxsize=1)
def _ssl_context() -> ssl.SSLContext:
    cafile = os.environ.get("SSL_CERT_FILE") or None
    if cafile is None:
        try:
            import certifi

            cafile = certifi.where()
        except ImportError:
            pass
    return ssl.create_default_context(cafile=cafile)
