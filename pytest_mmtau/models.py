"""The values that flow through pytest-mmtau.

Files (tasks, personas, transcripts, reports) cross the boundary as pydantic models; inside, everything is frozen:
pydantic models are ``frozen=True`` and the conversation records are frozen, keyword-only dataclasses. A
``Transcript`` round-trips through versioned JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

TRANSCRIPT_SCHEMA_VERSION = 1

Side = Literal["agent", "user"]
ActKind = Literal["inform", "request", "affirm", "deny", "repeat", "correct", "restate", "stop", "transfer"]
ACT_KINDS: tuple[str, ...] = ActKind.__args__  # type: ignore[attr-defined]
# Tool names that hand the conversation to a human; calling one ends the episode.
TRANSFER_TOOLS = frozenset({"transfer_to_human", "transfer_to_human_agents"})


class _FileModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --------------------------------------------------------------------------------------------- persona


class Persona(_FileModel):
    """How the simulated user behaves. Presets live in ``pytest_mmtau.personas``."""

    name: str
    expertise: Literal["none", "novice", "intermediate", "expert"] = "intermediate"
    ambiguity: float = Field(default=0.0, ge=0.0, le=1.0, description="chance a fact is first given vaguely")
    verbosity: Literal["terse", "normal", "verbose"] = "normal"
    clarification_tolerance: int = Field(default=2, ge=0, le=10, description="re-asks tolerated before irritation")
    emotion: Literal["calm", "frustrated", "angry"] = "calm"
    patience: int = Field(default=12, ge=1, le=100, description="unproductive agent turns (nothing new asked, done or "
                                                                "confirmed) the user sits through before asking for a human")
    communication_style: Literal["clear", "vague"] = "clear"
    execution_style: Literal["one_by_one", "all_at_once"] = "one_by_one"
    exploration: float = Field(default=0.0, ge=0.0, le=1.0, description="chance of a side question per turn")
    biography: str = ""
    # ECom-Bench's persona dimensions beyond emotion × patience × style (personas.py says how each one acts)
    consumer_type: Literal["unspecified", "value_oriented", "quality_oriented", "convenience_oriented"] = \
        "unspecified"
    attentiveness: Literal["average", "detail_oriented", "careless"] = "average"
    trust: Literal["neutral", "trusting", "skeptical"] = "neutral"
    rights_awareness: Literal["average", "high"] = "average"
    inquiry_style: Literal["direct", "indirect"] = "direct"
    tone: Literal["neutral", "concise", "formal", "familiar"] = "neutral"
    pace: Literal["measured", "hurried"] = "measured"
    mood_vocabulary: Literal["mmtau", "toast"] = Field(
        default="mmtau", description="moods of the attribute generator: calm/irritated/angry, or the Toast paper's "
                             "casual/frustrated/confused/enthusiastic")
    voice: str = "default"
    speaking_rate: float = Field(default=1.0, gt=0.2, le=3.0)
    noise_profile: str = "clean"


# --------------------------------------------------------------------------------------------- task


class CriticalField(_FileModel):
    """A value the agent must get exactly right, carried by one argument of one tool; a list (``charge_ids``) is
    compared as a multiset of values, order aside."""

    name: str
    tool: str
    argument: str
    expected: str | int | float | bool | tuple[str | int | float, ...]

    @property
    def scalars(self) -> tuple[str, ...]:
        """The expected value's parts as text: each item of a list, else the value itself."""
        return tuple(str(v) for v in self.expected) if isinstance(self.expected, tuple) else (str(self.expected),)


class UserFact(_FileModel):
    """Something the user knows; ``aliases`` are how an agent may ask for it; ``vague`` is a hedged first answer."""

    key: str
    value: str
    aliases: tuple[str, ...] = ()
    vague: str | None = None


class OrderLine(_FileModel):
    """One line of a restaurant order the user wants: a menu item, how many, and the modifiers chosen for it
    (options of the item's modifier groups, by name). ``vague`` is how a hesitant guest may first name the item
    ("the spicy chicken thing")."""

    item: str = Field(min_length=1)
    quantity: int = Field(default=1, ge=1, le=20)
    modifiers: tuple[str, ...] = ()
    vague: str | None = None


class GoalRequest(_FileModel):
    """One request of a goal that holds several (ECom-Bench's tasks carry 2–8): what the user asks for, a hedged
    way to ask it, and what the user must observe before considering this request done."""

    intent: str
    request: str
    vague_request: str | None = None
    confirmed_by: tuple[str, ...] = ()


class UserGoal(_FileModel):
    """What the simulated user wants and knows.

    ``confirmed_by`` lists what the user must observe before considering the goal met; each entry is a set of
    alternatives separated by ``|``, read in agent messages that report something done (not in questions, options
    or plans) and in results of the user's own tools: the words as whole words, case aside, and for an outcome its
    usual other words ("booked": "scheduled"); ``cannot`` is met by any refusal, ``not:<word>`` by any statement
    negating the word ("not:install": "it doesn't come with an installation service"). ``accepts`` names the agent actions the user agrees to when asked to confirm. ``order`` is the target
    order of an ordering goal (restaurant): the lines the user wants the agent to confirm back and place.
    ``requests`` makes the goal a sequence of requests (ECom-Bench style): the user opens with the first and moves
    to the next once the ones it made are confirmed; ``request``/``intent`` are then the first one's and
    ``confirmed_by`` all of theirs, in order.
    """

    intent: str
    request: str
    vague_request: str | None = None
    facts: tuple[UserFact, ...] = ()
    confirmed_by: tuple[str, ...] = ()
    accepts: tuple[str, ...] = ()
    order: tuple[OrderLine, ...] = ()
    requests: tuple[GoalRequest, ...] = ()

    @model_validator(mode="after")
    def _requests_in_order(self) -> UserGoal:
        if self.requests and (self.request, self.intent) != (self.requests[0].request, self.requests[0].intent):
            raise ValueError("request and intent must be those of requests[0], the request the user opens with")
        joined = tuple(c for r in self.requests for c in r.confirmed_by)
        if self.requests and self.confirmed_by != joined:
            raise ValueError("confirmed_by must list every request's confirmed_by, in order: "
                             f"{list(joined)}")
        return self


class Action(_FileModel):
    """One tool call of a reference solution or a required call (arguments are a subset match)."""

    tool: str
    side: Side = "agent"
    arguments: dict[str, Any] = Field(default_factory=dict)


class StatePatch(_FileModel):
    """Sets a dotted path of the domain state (``device.wifi``) to a value."""

    path: str
    value: Any


class StateAssertion(_FileModel):
    """What must hold at a dotted path of the end state: it ``equals`` a value, or is a number ``at_least`` a
    threshold (tau2-bench's speed test: at least 200 Mbps). Exactly one of the two."""

    path: str
    equals: Any = None
    at_least: float | None = None

    @model_validator(mode="after")
    def _one_check(self) -> StateAssertion:
        if ("equals" in self.model_fields_set) == (self.at_least is not None):
            raise ValueError("give exactly one of 'equals' and 'at_least'")
        return self

    def holds(self, actual: Any) -> bool:
        if self.at_least is not None:
            return isinstance(actual, (int, float)) and not isinstance(actual, bool) and actual >= self.at_least
        return bool(actual == self.equals)

    def expectation(self) -> str:
        return f"at least {self.at_least:g}" if self.at_least is not None else f"{self.equals!r}"


class SuccessCriteria(_FileModel):
    """How a task's success is checked. ``output_keywords`` are what the agent must have said, each a set of
    alternatives separated by ``|``: as written (case aside) anywhere in its messages, or for ``not:<word>`` any
    statement negating the word (the answer "no" in the agent's own words)."""

    state: tuple[StateAssertion, ...] = ()
    match_reference_state: bool = True
    required_calls: tuple[Action, ...] = ()
    output_keywords: tuple[str, ...] = ()


class Task(_FileModel):
    id: str = Field(pattern=r"^[A-Za-z0-9_\-\[\]|.:/]+$")
    description: str
    goal: UserGoal
    setup: tuple[StatePatch, ...] = ()
    reference: tuple[Action, ...] = ()
    success: SuccessCriteria = SuccessCriteria()
    critical_fields: tuple[CriticalField, ...] = ()
    optimal_turns: int = Field(ge=1)
    escalation_expected: bool = False
    persona: str | None = Field(None, description="the persona the task is written for (tau2-bench gives each "
                                                  "telecom task one); a test without a persona marker plays it")


# --------------------------------------------------------------------------------------------- conversation


class Termination(str, Enum):
    """Why an episode ended."""

    USER_STOP = "user_stop"
    USER_TRANSFER = "user_transfer"
    AGENT_TRANSFER = "agent_transfer"
    MAX_TURNS = "max_turns"
    MAX_TOOL_ERRORS = "max_tool_errors"
    MAX_TOOL_STEPS = "max_tool_steps"
    TIMEOUT = "timeout"
    AGENT_ERROR = "agent_error"
    CHECK_FAILED = "check_failed"  # a turn check of the test failed (``converse(..., on_turn=)``)


@dataclass(frozen=True, kw_only=True)
class DialogueAct:
    kind: ActKind
    slot: str | None = None
    value: str | None = None
    vague: bool = False  # the user was deliberately unclear (a hedged value, a fuzzy request)

    def __str__(self) -> str:
        inner = ", ".join(p for p in (self.slot, self.value) if p)
        return f"{self.kind}({inner})" if inner else self.kind


@dataclass(frozen=True, kw_only=True)
class ToolInfo:
    """A domain tool as a transcript keeps it: what the understanding reads of a tool to know how an agent names
    its action and its arguments (``pytest_mmtau.understanding``). ``phrases`` are the tool's declared phrases."""

    name: str
    side: Side = "agent"
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=dict, compare=False)
    irreversible: bool = False
    critical: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """A tool call as it happened: who made it, where it ran, what it returned."""

    id: str
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    side: Side = "agent"
    hosted: Literal["env", "agent"] = "env"
    irreversible: bool = False
    critical: tuple[str, ...] = ()
    result: Any = None
    error: str | None = None
    at: float = 0.0

    def signature(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.arguments.items()))
        return f"{self.name}({args})"


@dataclass(frozen=True, kw_only=True)
class Turn:
    """One message of the conversation; ``heard`` is what the other side received through the channel, and
    ``channel`` the channel's measurements of this message (voice: spoken form, WER, field checks, confidences,
    audio files, timings; empty for text). ``user_state`` is what the simulated user decided a message from:
    its instructed attributes and a snapshot of its state tracker (empty for agent turns)."""

    index: int
    role: Side
    text: str
    heard: str | None = None
    acts: tuple[DialogueAct, ...] = ()
    tool_calls: tuple[ToolCall, ...] = ()
    at: float = 0.0
    channel: dict[str, Any] = field(default_factory=dict)
    user_state: dict[str, Any] = field(default_factory=dict)

    def has_act(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.acts)


@dataclass(frozen=True, kw_only=True)
class PersonaHint:
    """A description of the user handed to the agent (``AgentRequest.persona_hint``), as the transcript records it.

    Persona exposure 1 hands over the simulator's persona (``source="persona"``); exposure 2 a persona inferred from
    the conversation (``source`` names the inferrer: ``"heuristic"`` or ``"llm:<model>"``), remade whenever three
    new user messages arrived. ``turn`` is the index of the first agent turn that received this hint,
    ``user_messages`` how many user messages had arrived when it was made, ``window`` how many messages the
    inference read, and ``rubric`` its scores (articulation, technical skill, frustration … on 0–10).
    """

    text: str
    source: str = "persona"
    turn: int = -1
    user_messages: int = 0
    window: int = 0
    rubric: dict[str, Any] = field(default_factory=dict)


class TurnsView:
    """The agent's turns, the user's turns and every tool call of a sequence of ``turns`` (a transcript, or the
    conversation so far that a turn check sees)."""

    turns: tuple[Turn, ...]

    @property
    def agent_turns(self) -> tuple[Turn, ...]:
        return tuple(t for t in self.turns if t.role == "agent")

    @property
    def user_turns(self) -> tuple[Turn, ...]:
        return tuple(t for t in self.turns if t.role == "user")

    @property
    def tool_calls(self) -> tuple[ToolCall, ...]:
        """Every tool call, the agent's and the user's, in order."""
        return tuple(c for t in self.turns for c in t.tool_calls)


@dataclass(frozen=True, kw_only=True)
class Transcript(TurnsView):
    """Everything that happened in one episode, with enough of the task to score it offline.

    ``persona_exposure`` is MM-τ-p²'s p (0 none, 1 the persona, 2 context injection) and ``persona_hints`` every
    hint the agent was given, in order (the hint of agent turn i is the last one whose ``turn`` <= i)."""

    task: Task
    persona: Persona
    domain: str
    modality: str = "text"
    seed: int = 0
    trial: int = 0
    turns: tuple[Turn, ...] = ()
    termination: Termination = Termination.MAX_TURNS
    termination_detail: str = ""
    agent_error: str | None = None
    goal_achieved: bool = False
    success_detail: tuple[str, ...] = ()
    # ECom-Bench's dimensions whose success checks failed: action (end state), search (retrievals), output (keywords)
    failed_dimensions: tuple[str, ...] = ()
    final_state: dict[str, Any] = field(default_factory=dict)
    irreversible_tools: tuple[str, ...] = ()  # the domain's irreversible agent tools, for labelling
    tools: tuple[ToolInfo, ...] = ()  # the domain's agent tools, so labelling reads the agent as the user did
    started_at: str = ""
    duration_s: float = 0.0
    persona_exposure: int = 0
    persona_hints: tuple[PersonaHint, ...] = ()
    # what the harness noticed about how the agent ran, e.g. that it blocked the event loop (see engine)
    warnings: tuple[str, ...] = ()
    schema_version: int = TRANSCRIPT_SCHEMA_VERSION


    def to_json(self, *, indent: int | None = None) -> str:
        """Versioned JSON, with secrets masked (see ``_secrets``)."""
        from ._secrets import scrub

        return scrub(_TRANSCRIPT.dump_json(self, indent=indent).decode())

    @classmethod
    def from_json(cls, data: str | bytes) -> Transcript:
        transcript = _TRANSCRIPT.validate_json(data)
        if transcript.schema_version != TRANSCRIPT_SCHEMA_VERSION:
            from .errors import UsageError

            raise UsageError(
                f"transcript schema_version {transcript.schema_version} is not supported; "
                f"this version reads {TRANSCRIPT_SCHEMA_VERSION}"
            )
        return transcript


_TRANSCRIPT = TypeAdapter(Transcript)


@dataclass(frozen=True, kw_only=True, slots=True)  # slots: a run keeps one per trial to its end
class TrialResult:
    """The outcome of one trial of one item, as it travels to the controller and into the report."""

    nodeid: str
    test: str
    task_id: str
    domain: str = ""
    persona: str
    modality: str
    trial: int
    seed: int
    # passed / failed: the agent's verdict; error: inconclusive (infrastructure: a provider or endpoint fault after
    # retries, or a trial the harness cut); inconclusive: inconclusive (simulator: the simulated user did not
    # understand the agent, ``_misunderstood``). Only passed and failed enter pass^k and the metric means.
    outcome: Literal["passed", "failed", "error", "inconclusive"]
    persona_exposure: int = 0  # MM-τ-p²'s p: 0 none, 1 persona given to the agent, 2 context injection
    success: bool = False  # the trial's body raised nothing (outcome == "passed")
    reason: str = ""
    termination: str | None = None
    metrics: dict[str, float | None] = field(default_factory=dict)
    judge: dict[str, Any] = field(default_factory=dict)  # labeller, model, prompt version, sampling, agreement
    duration_s: float = 0.0
    agent_turns: int | None = None  # of the trial's last conversation, for turn overhead (TO) across modalities
    channel: dict[str, Any] = field(default_factory=dict)  # voice summary: asr_error, mean WER, fields, audio time
    detail: str = ""  # the failing trial's traceback, short
    retries: int = 0  # infrastructure retries before this outcome
    transcript: dict[str, Any] | None = None  # the last conversation of a trial that did not pass (JSON form)
    # a failed trial's ECom-Bench dimensions (action, search, output); "other" when none of them failed
    failure: tuple[str, ...] = ()
    usage: dict[str, Any] = field(default_factory=dict)  # LLM/TTS/ASR calls, tokens, cost (None: unpriced): record.py
    # who wrote the user's messages (realiser, model) and how well it played its part: pas, bvs, tra, dei, crrs
    # (None: undefined) and off_script flags, from ``simulator_metrics``
    simulator: dict[str, Any] = field(default_factory=dict)

    @property
    def scored(self) -> bool:
        """Whether this trial is evidence about the agent (passed or failed), not inconclusive."""
        return self.outcome in SCORED_OUTCOMES


SCORED_OUTCOMES = ("passed", "failed")
TRIAL_RESULT = TypeAdapter(TrialResult)


# --------------------------------------------------------------------------------------------- scores


UNJUDGED_EVIDENCE = "undefined: the judge could not label"


class Score(float):
    """A metric value that carries its name and the evidence behind it; compares like a float.

    An undefined metric (nothing to measure) is ``nan`` with ``defined`` False; its evidence says why.
    """

    __slots__ = ("metric", "evidence", "ideal")

    metric: str
    evidence: tuple[str, ...]
    ideal: float

    def __new__(cls, value: float, *, metric: str, evidence: tuple[str, ...] = (), ideal: float = 1.0) -> Score:
        self = super().__new__(cls, value)
        object.__setattr__(self, "metric", metric)
        object.__setattr__(self, "evidence", tuple(evidence))
        object.__setattr__(self, "ideal", ideal)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Score is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_score, (float(self), self.metric, self.evidence, self.ideal))

    @property
    def defined(self) -> bool:
        return not math.isnan(self)

    def __repr__(self) -> str:
        return f"{self.metric}={float(self):.3f}" if self.defined else f"{self.metric}=undefined"

    @property
    def unjudged(self) -> bool:
        """Undefined because the judge could not label turns it depends on (not because there was nothing to
        measure): a comparison with it says nothing about the agent."""
        return not self.defined and bool(self.evidence) and self.evidence[0].startswith(UNJUDGED_EVIDENCE)

    def _judged(self) -> None:
        if self.unjudged:
            from .errors import InfrastructureError

            error = InfrastructureError(f"{self.metric} cannot be compared: {self.evidence[0].removeprefix('undefined: ')}"
                                        "; this trial says nothing about the agent")
            error.transient = False
            raise error

    # comparing an unjudged score makes the trial an infrastructure error instead of a silent False (nan)
    def __lt__(self, other: object) -> bool:
        self._judged()
        return float.__lt__(self, other)  # type: ignore[operator]

    def __le__(self, other: object) -> bool:
        self._judged()
        return float.__le__(self, other)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        self._judged()
        return float.__gt__(self, other)  # type: ignore[operator]

    def __ge__(self, other: object) -> bool:
        self._judged()
        return float.__ge__(self, other)  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        self._judged()
        return float.__eq__(self, other)  # type: ignore[operator,unused-ignore]

    def __ne__(self, other: object) -> bool:
        self._judged()
        return float.__ne__(self, other)  # type: ignore[operator,unused-ignore]

    __hash__ = float.__hash__



def _rebuild_score(value: float, metric: str, evidence: tuple[str, ...], ideal: float) -> Score:
    return Score(value, metric=metric, evidence=evidence, ideal=ideal)
