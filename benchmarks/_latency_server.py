"""A fixed-latency OpenAI-compatible chat-completions server for the LLM-path benchmark (``llm_path.py``).

Run as its own process (``python benchmarks/_latency_server.py --latency-ms 200``), so its CPU is not counted as
the harness's: it prints ``PORT <n>`` on stdout once it listens on 127.0.0.1, answers every
``POST .../chat/completions`` after exactly the latency (``asyncio.sleep``, no thread per request, HTTP/1.1
keep-alive), and ``GET /stats`` returns how many requests of each kind it answered, its CPU time, and the most
requests it held at once since the previous ``/stats``.

Answers are plausible for each caller, so conversations run their normal length and every reply validates:

- **the LLM simulated user** (``response_format`` named ``simulated_user_turn``): opens with its request, gives
  one fact per turn (read from the TRACKER line of the prompt) for ``--user-turns`` turns, then ends with a
  ``stop`` act;
- **the LLM judge** (``turn_labels``): a strict label verdict for the last agent message;
- **the persona inferrer** (``inferred_persona``): a rubric that validates;
- **any other structured request** (the peers' simulators, ``--peers``): an object filling the schema;
- **the agent under test** (anything else; the peers' plain-text user simulators too): a short text answer with a random reference (so no two conversations
  send the same prompts), no tool calls.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import secrets
import time
from collections import Counter
from typing import Any

_TURN = re.compile(r"^TURN: (\{.*\})$", re.MULTILINE)
_TRACKER = re.compile(r"^TRACKER: (\{.*\})$", re.MULTILINE)


def _chat(content: str, model: str, prompt_tokens: int) -> dict[str, Any]:
    return {"id": "chatcmpl-bench", "object": "chat.completion", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": 20, "total_tokens": prompt_tokens + 20}}


def _last_user_text(body: dict[str, Any]) -> str:
    for message in reversed(body.get("messages") or []):
        if message.get("role") == "user" and isinstance(message.get("content"), str):
            return message["content"]
    return ""


def user_turn(prompt: str, user_turns: int) -> dict[str, Any]:
    """The simulated user's JSON reply for the turn the prompt's TURN line names."""
    turn_line, tracker_line = _TURN.search(prompt), _TRACKER.search(prompt)
    number = json.loads(turn_line.group(1)).get("your_turn_number", 1) if turn_line else 1
    facts = json.loads(tracker_line.group(1)).get("facts", []) if tracker_line else []
    if number <= 1:
        return {"message": "Hi, I need some help with my account, please.",
                "acts": [{"kind": "request", "slot": None, "value": None, "vague": False}], "tool_calls": []}
    if number > user_turns:
        return {"message": "Thanks, that's all I needed.",
                "acts": [{"kind": "stop", "slot": None, "value": None, "vague": False}], "tool_calls": []}
    if facts:
        fact = facts[(number - 2) % len(facts)]
        return {"message": f"Sure, my {fact['key'].replace('_', ' ')} is {fact['value']}.",
                "acts": [{"kind": "inform", "slot": fact["key"], "value": fact["value"], "vague": False}],
                "tool_calls": []}
    return {"message": "Yes, please go ahead.",
            "acts": [{"kind": "affirm", "slot": None, "value": None, "vague": False}], "tool_calls": []}


JUDGE_VERDICT = {"evidence": "the agent says it has noted the detail", "confirmation_request": False,
                 "clarification": False, "escalation": False, "refusal": False, "information": True,
                 "confirms_tool": None}
PERSONA_VERDICT = {"evidence": "short, precise messages", "articulation_skill": 8,
                   "language_understanding_skill": 8, "technical_skill": 6, "frustration_level": 1, "verbosity": 3,
                   "persona": "A calm customer who gives details when asked."}


def filled(schema: dict[str, Any], defs: dict[str, Any] | None = None) -> Any:
    """A value matching a JSON schema (any other caller's structured request: the peers' simulators)."""
    defs = schema.get("$defs", {}) if defs is None else defs
    if "$ref" in schema:
        return filled(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    for options in (schema.get("anyOf"), schema.get("oneOf")):
        if options:
            return filled(next((o for o in options if o.get("type") != "null"), options[0]), defs)
    kind = schema.get("type")
    if kind == "object":
        return {name: filled(part, defs) for name, part in (schema.get("properties") or {}).items()}
    return {"string": "Hi, I would like to cancel my subscription; my account is A100.", "boolean": False,
            "integer": 1, "number": 1.0, "array": [], "null": None}.get(kind, "")


def answer(body: dict[str, Any], user_turns: int) -> tuple[str, dict[str, Any]]:
    """(kind of caller, the chat completion to send back)."""
    schema = ((body.get("response_format") or {}).get("json_schema") or {}).get("name")
    model = str(body.get("model") or "bench")
    prompt_tokens = sum(len(str(m.get("content") or "")) for m in body.get("messages") or []) // 4
    if schema == "simulated_user_turn":
        return "user", _chat(json.dumps(user_turn(_last_user_text(body), user_turns)), model, prompt_tokens)
    if schema == "turn_labels":
        return "judge", _chat(json.dumps(JUDGE_VERDICT), model, prompt_tokens)
    if schema == "inferred_persona":
        return "inferrer", _chat(json.dumps(PERSONA_VERDICT), model, prompt_tokens)
    if schema is not None:
        return "other", _chat(json.dumps(filled(body["response_format"]["json_schema"].get("schema") or {})), model,
                              prompt_tokens)
    users = sum(1 for m in body.get("messages") or [] if m.get("role") == "user")
    # a reference that differs in every answer: no two conversations send the same prompts, as with a real model
    return "agent", _chat(f"Thank you, I have noted that (step {users}, reference {secrets.token_hex(4)}). Is there "
                          "anything else I can do?", model, prompt_tokens)


class Server:
    def __init__(self, latency_s: float, user_turns: int) -> None:
        self.latency_s, self.user_turns = latency_s, user_turns
        self.counts: Counter[str] = Counter()
        self.in_flight = self.peak_in_flight = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _version = lines[0].split(" ", 2)
                headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
                raw = await reader.readexactly(int(headers.get("content-length", "0")))
                if method == "GET" and path.rstrip("/").endswith("/stats"):
                    payload: Any = {**self.counts, "peak_in_flight": self.peak_in_flight,
                                    "cpu_s": time.process_time()}
                    self.peak_in_flight = self.in_flight  # the next read gives the peak since this one
                elif method == "POST" and path.rstrip("/").endswith("/chat/completions"):
                    self.in_flight += 1
                    self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
                    try:
                        kind, payload = answer(json.loads(raw or b"{}"), self.user_turns)
                        await asyncio.sleep(self.latency_s)
                    finally:
                        self.in_flight -= 1
                    self.counts[kind] += 1
                else:
                    payload = {"error": {"message": f"no route {method} {path}"}}
                data = json.dumps(payload).encode()
                writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
                             + str(len(data)).encode() + b"\r\n\r\n" + data)
                await writer.drain()
                if headers.get("connection", "").lower() == "close":
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


async def serve(latency_s: float, user_turns: int) -> None:
    server = Server(latency_s, user_turns)
    listener = await asyncio.start_server(server.handle, "127.0.0.1", 0, backlog=1024)
    print(f"PORT {listener.sockets[0].getsockname()[1]}", flush=True)
    async with listener:
        await listener.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--user-turns", type=int, default=6)
    args = parser.parse_args()
    try:
        asyncio.run(serve(args.latency_ms / 1000, args.user_turns))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
