"""The episode loop: agent ↔ channel ↔ simulated user, both acting on the domain state through tools.

The user speaks first. Each user message crosses the channel to the agent; the agent may call environment tools
(run here, results fed back) before it answers in text; its answer crosses the channel back. The loop stops on
the user's stop/transfer, a transfer-to-human tool call, the turn limit, too many consecutive tool errors, the
timeout, or an agent that raises or returns garbage — and the Transcript records which.

Persona exposure: ``persona_hint`` is a fixed text (p=1, the persona) or a :class:`PersonaHintSource` asked before
every agent turn (p=2, context injection, see :mod:`pytest_mmtau.exposure`); each hint the agent received is
recorded in ``Transcript.persona_hints`` with the first agent turn that got it.

Time: the conversation's ``timeout_s`` is charged with the agent's and the channel's time only (``_agent_clock``),
checked before every tool call of either side and after every agent call, so nothing runs after the deadline,
however the agent behaves. A conversation that ends on its deadline fails its task (``Limits.timeout_fails``).
Records: tool arguments, results and user states are deep-copied when they happen, so a later write never changes
what an earlier turn recorded.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import threading
import time
import traceback
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any, Protocol, TypeVar

from ._agent_clock import BLOCKING_WARNING_S, ConversationClock, timed
from ._turn_checks import ConversationSoFar, TurnCheck, run_check
from .agents import (Agent, AgentOutputError, AgentReply, AgentRequest, AgentTool, Message, ToolRequest,
                     coerce_reply)
from .config import Limits
from .domain import Domain
from .errors import InfrastructureError, UsageError
from .models import (TRANSFER_TOOLS, DialogueAct, Persona, PersonaHint, Side, Task, Termination, ToolCall,
                     Transcript, Turn)
from .voice import Channel



@dataclass(frozen=True, kw_only=True)
class UserObservation:
    """What the simulated user perceives: the agent's message as heard, or results of its own tool calls."""

    agent_message: str | None
    tool_results: tuple[ToolCall, ...] = ()
    # the words of the agent's message the user heard only unclearly (a recogniser between them, ``agent_asr``)
    unclear: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class UserMove:
    """The user's next move. ``state`` is what the simulator decided it from (instructed attributes, tracker
    snapshot); it is recorded on the turn as ``Turn.user_state`` so simulator quality can be measured."""

    text: str = ""
    acts: tuple[DialogueAct, ...] = ()
    tool_calls: tuple[ToolRequest, ...] = ()
    state: dict[str, Any] = field(default_factory=dict)


class UserRole(Protocol):
    """The simulated user's role inside one episode."""

    async def act(self, observation: UserObservation) -> UserMove: ...


class PersonaHintSource(Protocol):
    """Where the agent's persona hint comes from; asked before every agent turn with the turns so far.

    Return the same object for as long as the hint holds (the engine records a hint when a new object arrives),
    or None for no hint yet. One source serves one episode.
    """

    async def current(self, turns: Sequence[Turn]) -> PersonaHint | None: ...


@dataclass(frozen=True)
class _FixedHint:
    """A fixed text (persona exposure 1) as a hint source."""

    hint: PersonaHint

    async def current(self, turns: Sequence[Turn]) -> PersonaHint | None:
        return self.hint


def _hint_source(persona_hint: str | PersonaHintSource | None) -> PersonaHintSource | None:
    if persona_hint is None or isinstance(persona_hint, str):
        return _FixedHint(PersonaHint(text=persona_hint)) if persona_hint else None
    if not callable(getattr(persona_hint, "current", None)):
        raise UsageError(f"persona_hint must be a str or a PersonaHintSource (async current(turns)), "
                         f"got {type(persona_hint).__name__}")
    return persona_hint


@dataclass(kw_only=True)
class _Episode:
    domain: Domain
    task: Task
    state: dict[str, Any]
    clock: Callable[[], float]
    turns: list[Turn] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    consecutive_tool_errors: int = 0
    ids: Any = field(default_factory=lambda: itertools.count(1))
    hints: list[PersonaHint] = field(default_factory=list)
    _last_hint: PersonaHint | None = None
    budget: ConversationClock | None = None
    checked: int = 0  # turns the test's on_turn check has seen
    lock: threading.Lock = field(default_factory=threading.Lock)  # hosted tools may run from framework threads

    @property
    def agent_turn(self) -> int:
        """The number (from 1) of the agent turn in progress or just finished."""
        return sum(t.role == "agent" for t in self.turns) + 1

    def check_deadline(self, side: Side) -> None:
        if self.budget is not None and self.budget.expired():
            raise _DeadlineHit(side)

    async def hint(self, source: PersonaHintSource | None) -> str | None:
        """The hint for the agent turn about to start (its index is ``len(turns)``), recorded when it is new."""
        if source is None:
            return None
        hint = await source.current(tuple(self.turns))
        if hint is not None and hint is not self._last_hint:
            self._last_hint = hint
            self.hints.append(replace(hint, turn=len(self.turns)))
        return hint.text if hint is not None else None

    def run_tool(self, side: Side, request: ToolRequest) -> ToolCall:
        """Run one tool now (never after the deadline) and record a snapshot of what it was given and returned."""
        with self.lock:
            self.check_deadline(side)
            spec = self.domain.spec(side, request.name)
            arguments = copy.deepcopy(dict(request.arguments))
            result, error = self.domain.execute(self.state, side, request.name, copy.deepcopy(arguments))
            return ToolCall(id=request.id or f"call{next(self.ids)}", name=request.name, arguments=arguments,
                            side=side, hosted="env", irreversible=bool(spec and spec.irreversible),
                            critical=spec.critical if spec else (), result=copy.deepcopy(result), error=error,
                            at=self.clock())

    def add_turn(self, role: Side, text: str, heard: str | None, acts: tuple[DialogueAct, ...] = (),
                 calls: tuple[ToolCall, ...] = (), channel: dict[str, Any] | None = None,
                 user_state: dict[str, Any] | None = None) -> None:
        self.turns.append(Turn(index=len(self.turns), role=role, text=text, heard=heard, acts=acts,
                               tool_calls=calls, at=self.clock(), channel=copy.deepcopy(dict(channel or {})),
                               user_state=copy.deepcopy(dict(user_state or {}))))


class _CheckFailed(Exception):
    """The test's on_turn check failed; the conversation stops at that turn."""


async def _check_new_turns(episode: _Episode, check: TurnCheck | None, persona: Persona, modality: str) -> None:
    """Show every turn added since the last call to the test's check, one at a time (its time is off the clock)."""
    if check is None:
        return
    budget = episode.budget
    assert budget is not None  # run_episode always sets it
    while episode.checked < len(episode.turns):
        episode.checked += 1
        so_far = ConversationSoFar(turns=tuple(episode.turns[:episode.checked]), task=episode.task, persona=persona,
                                   modality=modality)
        failure = await _off_the_clock(budget, run_check(check, so_far))
        if failure is not None:
            raise _CheckFailed(failure)


class _DeadlineHit(Exception):
    """The conversation's time ran out; raised where a tool call or an agent step would otherwise go on."""

    def __init__(self, side: Side) -> None:
        super().__init__(side)
        self.side: Side = side


class _HostedTools:
    """``request.call_tool`` for one agent step: runs agent-side tools on the episode's state at once and keeps
    them, in call order, for the step's record. Closed when the step ends: a late call runs nothing."""

    def __init__(self, episode: _Episode, limits: Limits) -> None:
        self._episode, self._limits = episode, limits
        self.calls: list[ToolCall] = []
        self.open = True

    def run(self, name: str, arguments: dict[str, Any]) -> ToolCall:
        if not self.open:
            raise RuntimeError(f"call_tool({name!r}) after the agent's turn ended; nothing was run (a framework "
                               "tool must finish before respond() returns)")
        if len(self.calls) >= self._limits.max_tool_steps * 4:
            raise RuntimeError(f"call_tool({name!r}): more than {self._limits.max_tool_steps * 4} tool calls in "
                               "one agent step; nothing was run")
        call = self._episode.run_tool("agent", ToolRequest(name=name, arguments=arguments))
        self.calls.append(call)
        return call


async def run_episode(
    *,
    domain: Domain,
    task: Task,
    persona: Persona,
    user: UserRole,
    agent: Agent,
    channel: Channel,
    limits: Limits = Limits(),
    seed: int = 0,
    trial: int = 0,
    persona_hint: str | PersonaHintSource | None = None,
    persona_exposure: int | None = None,
    on_turn: TurnCheck | None = None,
) -> Transcript:
    """One conversation. ``persona_exposure`` is recorded as given; by default it follows ``persona_hint``: 0
    without one, 1 for a text, else the source's ``level`` (2 for context injection). ``on_turn`` is the test's
    check, run after every turn; when it fails the conversation ends as ``check_failed``."""
    hints = _hint_source(persona_hint)
    if persona_exposure is None:
        persona_exposure = 0 if hints is None else 1 if isinstance(hints, _FixedHint) else \
            int(getattr(hints, "level", 2))
    started = time.monotonic()
    budget = ConversationClock(limit_s=limits.timeout_s)
    episode = _Episode(domain=domain, task=task, state=domain.new_state(task),
                       clock=lambda: round(time.monotonic() - started, 6), budget=budget)
    started_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    agent_error: str | None = None
    conversation_id = f"{task.id}/trial{trial}/seed{seed}/{uuid.uuid4().hex[:12]}"

    def check() -> Awaitable[None]:
        return _check_new_turns(episode, on_turn, persona, channel.modality)

    try:
        termination, detail = await _loop(episode, user, agent, channel, limits, hints, conversation_id, check)
        await check()  # the turns of the conversation's last step
    except _CheckFailed as failed:
        termination, detail = Termination.CHECK_FAILED, str(failed)
    except _DeadlineHit as hit:
        termination, detail = Termination.TIMEOUT, _timeout_detail(episode, limits, hit.side)
    except _AgentFailed as failed:
        termination, detail, agent_error = Termination.AGENT_ERROR, failed.summary, failed.trace
    warnings = _blocking_warnings(budget)

    calls = [c for t in episode.turns for c in t.tool_calls]
    checks = domain.check_success(task, episode.state, calls, (t.text for t in episode.turns if t.role == "agent"))
    problems_list = [text for _, text in checks]
    if termination is Termination.AGENT_ERROR:
        problems_list.insert(0, f"the agent failed: {detail}")
    if termination is Termination.CHECK_FAILED:
        problems_list.insert(0, detail)
    if termination is Termination.TIMEOUT and limits.timeout_fails:
        problems_list.insert(0, f"the conversation ran out of time: {detail}")
    if task.escalation_expected and termination is not Termination.AGENT_TRANSFER:
        problems_list.append("the task requires a transfer to a human, which never happened")
    return Transcript(
        task=task, persona=persona, domain=domain.name, modality=channel.modality, seed=seed, trial=trial,
        turns=tuple(episode.turns), termination=termination, termination_detail=detail, agent_error=agent_error,
        goal_achieved=not problems_list, success_detail=tuple(problems_list), final_state=episode.state,
        failed_dimensions=tuple(dict.fromkeys(dimension for dimension, _ in checks)),
        irreversible_tools=tuple(sorted(name for name, spec in domain.tools.items() if spec.irreversible)),
        tools=domain.tool_infos,
        started_at=started_at, duration_s=round(time.monotonic() - started, 6),
        persona_exposure=persona_exposure, persona_hints=tuple(episode.hints), warnings=warnings,
    )


def _timeout_detail(episode: _Episode, limits: Limits, side: Side) -> str:
    where = f"the agent's turn {episode.agent_turn}" if side == "agent" else \
        f"the user's turn after agent turn {episode.agent_turn - 1}"
    text = f"{where} exceeded the {limits.timeout_s:g} s conversation time limit"
    held, turn = episode.budget.longest_hold if episode.budget is not None else (0.0, 0)
    if held > BLOCKING_WARNING_S:
        text += f" (the agent blocked the event loop for {held:.1f} s in turn {turn})"
    return text + "; nothing was executed after the deadline"


def _blocking_warnings(budget: ConversationClock) -> tuple[str, ...]:
    held, turn = budget.longest_hold
    if held <= BLOCKING_WARNING_S:
        return ()
    return (f"the agent blocked the event loop for {held:.2f} s in turn {turn} (and {budget.own_held_s:.2f} s in "
            "all): an `async def respond` must not block; use async I/O and `await asyncio.sleep`, or a sync "
            "function in FunctionAgent (run in a thread). Other conversations were not charged for it.",)


_LOOP_CLASHES = ("attached to a different loop", "event loop is already running", "event loop is closed",
                 "bound to a different event loop", "is bound to a different loop")


def _is_event_loop_clash(exc: BaseException) -> bool:
    """An error asyncio (or a client library) raises when an object made on one loop is used on another."""
    return isinstance(exc, RuntimeError) and any(cue in str(exc).lower() for cue in _LOOP_CLASHES)


class _AgentFailed(Exception):
    def __init__(self, summary: str, trace: str) -> None:
        super().__init__(summary)
        self.summary, self.trace = summary, trace


async def _loop(episode: _Episode, user: UserRole, agent: Agent, channel: Channel, limits: Limits,
                hints: PersonaHintSource | None, conversation_id: str,
                check: Callable[[], Awaitable[None]]) -> tuple[Termination, str]:
    budget = episode.budget
    assert budget is not None
    max_turns = limits.turns_for(episode.task.optimal_turns)
    tool_specs = tuple(AgentTool(name=s.name, description=s.description, parameters=s.parameters,
                                 irreversible=s.irreversible, critical=tuple(s.critical))
                       for s in episode.domain.tools.values())
    agent_message: str | None = None
    unclear: tuple[str, ...] = ()
    while True:
        await asyncio.sleep(0)  # let other conversations in flight run
        # ---- the user's turn (it may operate its own device first)
        move, user_calls = await _off_the_clock(budget, _user_turn(episode, user, agent_message, limits, unclear))
        stop = next((a.kind for a in move.acts if a.kind in ("stop", "transfer")), None)
        if stop is not None:
            episode.add_turn("user", move.text, None, move.acts, user_calls, user_state=move.state)
            kind = Termination.USER_STOP if stop == "stop" else Termination.USER_TRANSFER
            return kind, f"the user ended the conversation ({stop})"
        episode.check_deadline("user")
        heard = await channel.transmit(move.text, speaker="user")
        episode.add_turn("user", move.text, heard.text, move.acts, user_calls, heard.details, move.state)
        episode.messages.append(Message(role="user", content=heard.text))
        await check()
        if len(episode.turns) >= max_turns:
            return Termination.MAX_TURNS, f"reached max_turns={max_turns}"

        # ---- the agent's turn (tool steps until it answers in text); every text it produced is the turn's text
        agent_calls: list[ToolCall] = []
        texts: list[str] = []

        def finish(text: str = "") -> None:
            episode.add_turn("agent", _joined([*texts, text]), None, (), tuple(agent_calls))

        persona_hint = await _off_the_clock(budget, episode.hint(hints))
        for _step in range(limits.max_tool_steps + 1):
            hosted_tools = _HostedTools(episode, limits)
            request = AgentRequest(messages=tuple(episode.messages), tools=tuple(t.openai_schema() for t in tool_specs),
                                   policy=episode.domain.policy, persona_hint=persona_hint,
                                   conversation_id=conversation_id, tool_specs=tool_specs, executor=hosted_tools)
            try:
                reply = await _ask_agent(agent, request, episode)
            finally:
                hosted_tools.open = False
                agent_calls.extend(hosted_tools.calls)
            via_call_tool = tuple(hosted_tools.calls)
            hosted = [_hosted(episode, c) for c in reply.hosted_tool_calls]
            agent_calls.extend(hosted)
            if via_call_tool:  # the framework's own tool steps, as the agent's history shows them
                episode.messages.append(Message(role="assistant", content="", tool_calls=via_call_tool))
                episode.messages.extend(_tool_messages(via_call_tool))
            ran = [*via_call_tool, *hosted]
            if any(c.name in TRANSFER_TOOLS and not c.error for c in ran):
                finish(reply.text)
                return Termination.AGENT_TRANSFER, "the agent transferred the user to a human (agent-hosted tool)"
            if not reply.tool_calls:
                if _count_errors(episode, via_call_tool, limits):
                    finish(reply.text)
                    return _too_many_errors(episode, limits, via_call_tool)
                break
            if reply.text:
                texts.append(reply.text)
            executed = tuple(episode.run_tool("agent", r) for r in reply.tool_calls)
            agent_calls.extend(executed)
            episode.messages.append(Message(role="assistant", content=reply.text, tool_calls=executed))
            episode.messages.extend(_tool_messages(executed))
            if any(c.name in TRANSFER_TOOLS and not c.error for c in executed):
                finish()
                return Termination.AGENT_TRANSFER, "the agent transferred the user to a human"
            if _count_errors(episode, (*via_call_tool, *executed), limits):
                finish()
                return _too_many_errors(episode, limits, (*via_call_tool, *executed))
        else:
            finish()
            return Termination.MAX_TOOL_STEPS, (
                f"the agent kept calling tools without answering (max_tool_steps={limits.max_tool_steps})")
        text = _joined([*texts, reply.text])
        episode.check_deadline("agent")
        heard = await channel.transmit(text, speaker="agent")
        episode.add_turn("agent", text, heard.text, (), tuple(agent_calls), heard.details)
        episode.messages.append(Message(role="assistant", content=reply.text))
        agent_message = heard.text
        unclear = tuple(str(span["text"]) for span in heard.details.get("low_confidence") or ())
        await check()
        if len(episode.turns) >= max_turns:
            return Termination.MAX_TURNS, f"reached max_turns={max_turns}"


def _joined(texts: Sequence[str]) -> str:
    """Every text of one agent turn, in order, as the user reads it: paragraphs separated by a blank line."""
    return "\n\n".join(t.strip() for t in texts if t and t.strip())


def _tool_messages(calls: Sequence[ToolCall]) -> list[Message]:
    return [Message(role="tool", tool_call_id=c.id,
                    content=json.dumps({"error": c.error} if c.error else c.result, default=str)) for c in calls]


def _count_errors(episode: _Episode, calls: Sequence[ToolCall], limits: Limits) -> bool:
    """Update the run of consecutive tool errors; True when it reached the limit."""
    if not calls:
        return False
    errors = sum(bool(c.error) for c in calls)
    episode.consecutive_tool_errors = episode.consecutive_tool_errors + errors if errors else 0
    return episode.consecutive_tool_errors >= limits.max_tool_errors


def _too_many_errors(episode: _Episode, limits: Limits, calls: Sequence[ToolCall]) -> tuple[Termination, str]:
    last = next((c.error for c in reversed(calls) if c.error), "")
    return Termination.MAX_TOOL_ERRORS, (f"{episode.consecutive_tool_errors} consecutive tool errors "
                                         f"(max_tool_errors={limits.max_tool_errors}); last: {last}")


def _hosted(episode: _Episode, call: ToolCall) -> ToolCall:
    """Stamp an agent-hosted tool trace; a tool the domain knows keeps the domain's irreversibility flag."""
    spec = episode.domain.spec("agent", call.name)
    if spec is None:
        return replace(call, at=episode.clock())
    return replace(call, at=episode.clock(), irreversible=spec.irreversible, critical=spec.critical)


async def _user_turn(episode: _Episode, user: UserRole, agent_message: str | None, limits: Limits,
                     unclear: tuple[str, ...] = ()) -> tuple[UserMove, tuple[ToolCall, ...]]:
    calls: list[ToolCall] = []
    observation = UserObservation(agent_message=agent_message, unclear=unclear)
    for _step in range(limits.max_tool_steps + 1):
        move = await user.act(observation)
        if not move.tool_calls:
            return move, tuple(calls)
        executed = tuple(episode.run_tool("user", r) for r in move.tool_calls)
        calls.extend(executed)
        observation = UserObservation(agent_message=agent_message, tool_results=executed, unclear=unclear)
    error = InfrastructureError(f"the simulated user made more than max_tool_steps={limits.max_tool_steps} tool calls "
                                "in one turn; the simulator, not the agent, is at fault")
    error.transient = False
    raise error


T = TypeVar("T")


async def _off_the_clock(budget: ConversationClock, work: Awaitable[T]) -> T:
    """Await the simulator's side (the user's move, a persona inference) without spending the conversation's time
    budget: a slow user model must not end the episode as the agent's timeout. Its own calls are bounded by the
    LLM transport, which raises InfrastructureError."""
    started = time.monotonic()
    try:
        return await work
    finally:
        budget.off_s += time.monotonic() - started


async def _ask_agent(agent: Agent, request: AgentRequest, episode: _Episode) -> AgentReply:
    """One agent step, cut at the conversation's deadline (charged time, see ``_agent_clock``)."""
    budget = episode.budget
    assert budget is not None
    episode.check_deadline("agent")
    task = asyncio.ensure_future(timed(agent.respond(request), budget, episode.agent_turn))
    try:
        while not task.done():
            remaining = budget.remaining()
            if remaining <= 0:
                raise _DeadlineHit("agent")
            await asyncio.wait({task}, timeout=remaining)
    finally:
        if not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=1.0)  # an agent that ignores cancellation is left behind
    episode.check_deadline("agent")  # an answer that came too late is not acted on
    try:
        reply = coerce_reply(task.result())
    except (InfrastructureError, UsageError, asyncio.CancelledError):
        raise
    except AgentOutputError as exc:
        raise _AgentFailed(f"malformed reply: {exc}", traceback.format_exc()) from None
    except Exception as exc:  # the agent under test failing is a result, not a crash of the run
        if _is_event_loop_clash(exc):
            raise UsageError(
                f"the agent raised an event-loop error ({type(exc).__name__}: {exc}): it was built on another "
                "event loop than the one its trials run on. This is the test setup, not the agent: build the agent "
                "in a sync fixture, or in an async fixture of the plugin that runs the test (pytest-asyncio: mark "
                "the test @pytest.mark.asyncio with the fixture's loop scope; anyio: @pytest.mark.anyio)") from exc
        raise _AgentFailed(f"{type(exc).__name__}: {exc}", traceback.format_exc()) from None
    if not reply.text and not reply.tool_calls and not reply.hosted_tool_calls and not request.executor.calls:  # type: ignore[union-attr]
        raise _AgentFailed("malformed reply: no text and no tool calls", "")
    return reply
