"""pytest-mmtau: regression tests for conversational support agents, scored the MM-τ-p² way, gated on pass^k.

The fixtures (``simulated_user``, ``voice_channel``, ``judge``) and markers (``domain``, ``persona``, ``modality``,
``trials``) are the main API; the names below are for writing agents, domains and assertions.

Every public name is imported on first use (``__getattr__``), so loading the pytest plugin stays cheap for every
test run; type checkers read the same names from the ``TYPE_CHECKING`` block below. ``tests/test_public_api.py``
keeps the two lists equal.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._per_trial import per_trial as per_trial
    from ._turn_checks import ConversationSoFar as ConversationSoFar
    from ._turn_checks import TurnCheckFailed as TurnCheckFailed
    from .agents import Agent as Agent
    from .agents import AgentReply as AgentReply
    from .agents import AgentRequest as AgentRequest
    from .agents import AgentTool as AgentTool
    from .agents import FunctionAgent as FunctionAgent
    from .agents import LangGraphAgent as LangGraphAgent
    from .agents import LiteLLMAgent as LiteLLMAgent
    from .agents import OpenAIAgentsSDKAgent as OpenAIAgentsSDKAgent
    from .agents import OpenAICompatibleAgent as OpenAICompatibleAgent
    from .agents import PydanticAIAgent as PydanticAIAgent
    from .agents import ToolCallError as ToolCallError
    from .agents import ToolRequest as ToolRequest
    from .assertions import assert_cfa as assert_cfa
    from .assertions import assert_cp as assert_cp
    from .assertions import assert_cr as assert_cr
    from .assertions import assert_err as assert_err
    from .assertions import assert_ias as assert_ias
    from .assertions import assert_rtc as assert_rtc
    from .assertions import assert_safety_precision as assert_safety_precision
    from .assertions import assert_sr as assert_sr
    from .assertions import assert_success as assert_success
    from .assertions import assert_te as assert_te
    from .assertions import assert_ues as assert_ues
    from .assertions import assert_ues_count as assert_ues_count
    from .domain import Domain as Domain
    from .domain import ToolError as ToolError
    from .domain import tool as tool
    from .errors import InfrastructureError as InfrastructureError
    from .errors import MmtauError as MmtauError
    from .errors import UnsupportedCapability as UnsupportedCapability
    from .errors import UsageError as UsageError
    from .judge import CriteriaReport as CriteriaReport
    from .judge import Judge as Judge
    from .judge import JudgeReport as JudgeReport
    from .judge import LLMJudge as LLMJudge
    from .judge import RuleJudge as RuleJudge
    from .metrics import MmTapWeights as MmTapWeights
    from .metrics import arga as arga
    from .metrics import cfa as cfa
    from .metrics import cp as cp
    from .metrics import cr as cr
    from .metrics import err as err
    from .metrics import ias as ias
    from .metrics import mm_tap as mm_tap
    from .metrics import mrs as mrs
    from .metrics import pass_hat_k as pass_hat_k
    from .metrics import rtc as rtc
    from .metrics import safety_precision as safety_precision
    from .metrics import sr as sr
    from .metrics import success as success
    from .metrics import te as te
    from .metrics import to as to
    from .metrics import ues as ues
    from .metrics import ues_count as ues_count
    from .models import Persona as Persona
    from .models import Score as Score
    from .models import Task as Task
    from .models import Transcript as Transcript
    from .models import TrialResult as TrialResult
    from .models import Turn as Turn
    from .simulator_metrics import SimulatorQuality as SimulatorQuality
    from .simulator_metrics import simulator_quality as simulator_quality
    from .user import SimulatedUser as SimulatedUser
    from .voice import Channel as Channel

_MODULES = {
    "_per_trial": ("per_trial",),
    "_turn_checks": ("ConversationSoFar", "TurnCheckFailed"),
    "agents": ("Agent", "AgentReply", "AgentRequest", "AgentTool", "FunctionAgent", "LangGraphAgent", "LiteLLMAgent",
               "OpenAIAgentsSDKAgent", "OpenAICompatibleAgent", "PydanticAIAgent", "ToolCallError", "ToolRequest"),
    "assertions": ("assert_cfa", "assert_cp", "assert_cr", "assert_err", "assert_ias", "assert_rtc",
                   "assert_safety_precision", "assert_sr", "assert_success", "assert_te", "assert_ues",
                   "assert_ues_count"),
    "domain": ("Domain", "ToolError", "tool"),
    "errors": ("InfrastructureError", "MmtauError", "UnsupportedCapability", "UsageError"),
    "judge": ("CriteriaReport", "Judge", "JudgeReport", "LLMJudge", "RuleJudge"),
    "metrics": ("MmTapWeights", "arga", "cfa", "cp", "cr", "err", "ias", "mm_tap", "mrs", "pass_hat_k", "rtc",
                "safety_precision", "sr", "success", "te", "to", "ues", "ues_count"),
    "models": ("Persona", "Score", "Task", "Transcript", "TrialResult", "Turn"),
    "simulator_metrics": ("SimulatorQuality", "simulator_quality"),
    "user": ("SimulatedUser",),
    "voice": ("Channel",),
}
_EXPORTS = {name: module for module, names in _MODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    """Import public names on first use, so loading the pytest plugin stays cheap for every test run."""
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'pytest_mmtau' has no attribute {name!r}") from None
    # not cached in globals(): if the submodule is re-imported (pytester does), callers get its current objects
    return getattr(importlib.import_module(f".{module}", __name__), name)


__version__ = "0.1.0"

__all__ = ["Agent", "AgentReply", "AgentRequest", "AgentTool", "Channel", "ConversationSoFar", "CriteriaReport",
           "Domain", "FunctionAgent", "InfrastructureError", "Judge", "JudgeReport", "LLMJudge", "LangGraphAgent",
           "LiteLLMAgent", "MmTapWeights", "MmtauError", "OpenAIAgentsSDKAgent", "OpenAICompatibleAgent", "Persona",
           "PydanticAIAgent", "RuleJudge", "Score", "SimulatedUser", "SimulatorQuality", "Task", "ToolCallError",
           "ToolError", "ToolRequest", "Transcript", "TrialResult", "Turn", "TurnCheckFailed", "UnsupportedCapability",
           "UsageError", "__version__", "arga", "assert_cfa", "assert_cp", "assert_cr", "assert_err", "assert_ias",
           "assert_rtc", "assert_safety_precision", "assert_sr", "assert_success", "assert_te", "assert_ues", "assert_ues_count", "cfa",
           "cp", "cr", "err", "ias", "mm_tap", "mrs", "pass_hat_k", "per_trial", "rtc", "safety_precision",
           "simulator_quality", "sr", "success", "te", "to", "tool", "ues", "ues_count"]
