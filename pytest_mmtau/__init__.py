"""pytest-mmtau: regression tests for conversational support agents, scored the MM-τ-p² way, gated on pass^k.

The fixtures (``simulated_user``, ``voice_channel``, ``judge``) and markers (``domain``, ``persona``, ``modality``,
``trials``) are the main API; the names below are for writing agents, domains and assertions.
"""

from __future__ import annotations

from .agents import Agent, AgentReply, AgentRequest, FunctionAgent, ToolRequest
from .assertions import assert_cfa, assert_ias, assert_success, assert_te
from .domain import Domain, ToolError, tool
from .errors import InfrastructureError, MmtauError, UnsupportedCapability, UsageError
from .judge import RuleJudge
from .metrics import cfa, ias, pass_hat_k, te
from .models import Persona, Score, Task, Transcript, TrialResult
from .user import SimulatedUser

__version__ = "0.1.0"

__all__ = [
    "Agent", "AgentReply", "AgentRequest", "Domain", "FunctionAgent", "InfrastructureError", "MmtauError",
    "Persona", "RuleJudge", "Score", "SimulatedUser", "Task", "ToolError", "ToolRequest", "Transcript",
    "TrialResult", "UnsupportedCapability", "UsageError", "__version__", "assert_cfa", "assert_ias",
    "assert_success", "assert_te", "cfa", "ias", "pass_hat_k", "te", "tool",
]
