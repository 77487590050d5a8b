"""A stdlib-only fake of an OpenAI-compatible chat-completions server, for the LLM judge tests.

``FakeOpenAI(script)`` listens on 127.0.0.1 (a free port) and answers ``POST /v1/chat/completions``. It records
every request body (and path and headers) in ``requests`` and answers from ``script(request_json, n)``, where
``n`` counts requests from 0. The script returns a ``Reply``: a status code, a JSON body (or raw bytes), an
optional delay before answering (to provoke client timeouts), and extra headers. Helpers build the usual bodies.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

__all__ = ["FakeOpenAI", "Reply", "chat_body", "content_reply", "error_reply", "json_reply"]


@dataclass(frozen=True)
class Reply:
    """What the fake server sends back for one request."""

    status: int = 200
    body: Any = None  # JSON-serialisable, or bytes sent as they are
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


Script = Callable[[dict[str, Any], int], Reply]


def chat_body(content: str | None, *, model: str = "fake-judge", prompt_tokens: int = 11,
              completion_tokens: int = 7, finish_reason: str = "stop") -> dict[str, Any]:
    """A chat.completion body whose single choice carries ``content``."""
    return {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()), "model": model,
        "choices": [{"index": 0, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


def content_reply(content: str | None, **kwargs: Any) -> Reply:
    """A 200 answer whose message content is ``content`` verbatim (valid JSON or not)."""
    return Reply(body=chat_body(content, **kwargs))


def json_reply(payload: dict[str, Any], **kwargs: Any) -> Reply:
    """A 200 answer whose message content is ``payload`` serialised as JSON."""
    return content_reply(json.dumps(payload), **kwargs)


def error_reply(status: int, message: str = "fake error", *, delay_s: float = 0.0) -> Reply:
    """An OpenAI-shaped error answer with ``status``."""
    body = {"error": {"message": message, "type": "fake_error", "param": None, "code": str(status)}}
    return Reply(status=status, body=body, delay_s=delay_s)


class FakeOpenAI:
    """Context manager running the fake server on a daemon thread; ``base_url`` ends in ``/v1``."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> Self:
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-openai",
                         daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    @property
    def bodies(self) -> list[dict[str, Any]]:
        """The JSON bodies of the requests received so far, in arrival order."""
        with self._lock:
            return [r["json"] for r in self.requests]

    def _record(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> int:
        with self._lock:
            self.requests.append({"path": path, "headers": headers, "json": body})
            return len(self.requests) - 1

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # as real servers do: no 40 ms delayed-ACK stall on kept-alive connections

            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", 0)))
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(error_reply(404, f"no route {self.path}"))
                    return
                n = server._record(self.path, dict(self.headers), json.loads(raw or b"{}"))
                self._send(server.script(server.requests[n]["json"], n))

            def _send(self, reply: Reply) -> None:
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                data = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                    pass

        return Handler
