"""A stand-in for an LLM inside each framework's own offline test model: it decides the next step with a domain's
rule-based reference agent reading the conversation in the framework's own message format, then answers in that
format (text, or a tool call the framework runs itself). The frameworks' machinery — tool schemas, tool
execution, history, retries — runs for real; only the model's judgement is scripted."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from pytest_mmtau.agents import AgentReply, AgentRequest, Message
from pytest_mmtau.models import ToolCall

_LOOP_LOCK = threading.Lock()


def decide(reference: Any, messages: list[Message]) -> AgentReply:
    """The reference agent's next step for ``messages`` (run on a private loop: callers may be sync)."""
    request = AgentRequest(messages=tuple(messages))
    with _LOOP_LOCK:
        return asyncio.run(reference.respond(request))


async def adecide(reference: Any, messages: list[Message]) -> AgentReply:
    return await reference.respond(AgentRequest(messages=tuple(messages)))


def tool_message_content(content: Any) -> str:
    """A framework's tool result as the JSON text a reference agent reads."""
    if isinstance(content, str):
        try:
            json.loads(content)
            return content
        except ValueError:
            if content.startswith("error: ") or content.startswith("Error: "):
                return json.dumps({"error": content.split(": ", 1)[1]})
            return json.dumps(content)
    return json.dumps(content, default=str)


# ------------------------------------------------------------------------------------------------ LangChain


def from_langchain(messages: list[Any]) -> list[Message]:
    out: list[Message] = []
    for m in messages:
        kind = getattr(m, "type", "")
        if kind == "human":
            out.append(Message(role="user", content=str(m.content)))
        elif kind == "ai":
            calls = tuple(ToolCall(id=c["id"], name=c["name"], arguments=dict(c["args"])) for c in m.tool_calls)
            out.append(Message(role="assistant", content=str(m.content or ""), tool_calls=calls))
        elif kind == "tool":
            out.append(Message(role="tool", tool_call_id=m.tool_call_id, content=tool_message_content(m.content)))
    return out


def langchain_chat_model(reference_factory: Any) -> Any:
    """A LangChain chat model, written for these tests, that supports ``bind_tools`` (LangChain's own fakes raise
    NotImplementedError there) and answers like a tool-calling LLM."""
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    class ScriptedChatModel(BaseChatModel):
        bound_tools: list[str] = []

        @property
        def _llm_type(self) -> str:
            return "mmtau-scripted"

        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            names = [getattr(t, "name", None) or t["function"]["name"] for t in tools]
            return self.model_copy(update={"bound_tools": names})

        def _answer(self, reply: AgentReply, n: int) -> ChatResult:
            calls = [{"id": f"lc{n}_{i}", "name": c.name, "args": dict(c.arguments), "type": "tool_call"}
                     for i, c in enumerate(reply.tool_calls)]
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content=reply.text, tool_calls=calls))])

        def _generate(self, messages: list[Any], stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
            return self._answer(decide(reference_factory(), from_langchain(messages)), len(messages))

        async def _agenerate(self, messages: list[Any], stop: Any = None, run_manager: Any = None,
                             **kw: Any) -> ChatResult:
            return self._answer(await adecide(reference_factory(), from_langchain(messages)), len(messages))

    return ScriptedChatModel()


# ------------------------------------------------------------------------------------------------ pydantic-ai


def from_pydantic_ai(messages: list[Any]) -> list[Message]:
    from pydantic_ai.messages import (ModelRequest, ModelResponse, RetryPromptPart, TextPart, ToolCallPart,
                                      ToolReturnPart, UserPromptPart)

    out: list[Message] = []
    for message in messages:
        if isinstance(message, ModelRequest):
            for part in message.parts:
                if isinstance(part, UserPromptPart):
                    out.append(Message(role="user", content=str(part.content)))
                elif isinstance(part, ToolReturnPart):
                    out.append(Message(role="tool", tool_call_id=part.tool_call_id,
                                       content=tool_message_content(part.content)))
                elif isinstance(part, RetryPromptPart) and part.tool_name:
                    out.append(Message(role="tool", tool_call_id=part.tool_call_id,
                                       content=json.dumps({"error": str(part.content)})))
        elif isinstance(message, ModelResponse):
            text = "".join(p.content for p in message.parts if isinstance(p, TextPart))
            calls = tuple(ToolCall(id=p.tool_call_id, name=p.tool_name, arguments=p.args_as_dict())
                          for p in message.parts if isinstance(p, ToolCallPart))
            out.append(Message(role="assistant", content=text, tool_calls=calls))
    return out


def pydantic_ai_model(reference_factory: Any) -> Any:
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    async def respond(messages: list[Any], info: Any) -> Any:
        reply = await adecide(reference_factory(), from_pydantic_ai(messages))
        parts: list[Any] = [TextPart(reply.text)] if reply.text else []
        parts += [ToolCallPart(tool_name=c.name, args=dict(c.arguments), tool_call_id=f"pa{len(messages)}_{i}")
                  for i, c in enumerate(reply.tool_calls)]
        return ModelResponse(parts=parts)

    return FunctionModel(respond)


# ------------------------------------------------------------------------------------------------ chat completions


def from_chat_completions(messages: list[dict[str, Any]]) -> list[Message]:
    out: list[Message] = []
    for m in messages:
        if m["role"] == "user":
            out.append(Message(role="user", content=str(m.get("content") or "")))
        elif m["role"] == "assistant":
            calls = tuple(ToolCall(id=c["id"], name=c["function"]["name"],
                                   arguments=json.loads(c["function"]["arguments"] or "{}"))
                          for c in m.get("tool_calls") or ())
            out.append(Message(role="assistant", content=str(m.get("content") or ""), tool_calls=calls))
        elif m["role"] == "tool":
            out.append(Message(role="tool", tool_call_id=m.get("tool_call_id"),
                               content=tool_message_content(m.get("content"))))
    return out


def chat_completion_script(reference_factory: Any) -> Any:
    """A FakeOpenAI script answering each chat-completions request as the reference agent would."""
    from fake_openai import Reply, chat_body

    def script(request: dict[str, Any], n: int) -> Any:
        reply = decide(reference_factory(), from_chat_completions(request["messages"]))
        body = chat_body(reply.text or None, model="scripted")
        if reply.tool_calls:
            body["choices"][0]["message"]["tool_calls"] = [
                {"id": f"oa{n}_{i}", "type": "function",
                 "function": {"name": c.name, "arguments": json.dumps(c.arguments)}}
                for i, c in enumerate(reply.tool_calls)]
            body["choices"][0]["finish_reason"] = "tool_calls"
        return Reply(body=body)

    return script
