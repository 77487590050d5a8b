"""pytest-mmtau: regression tests for conversational support agents, scored the MM-τ-p² way, gated on pass^k.

The fixtures (``simulated_user``, ``voice_channel``, ``judge``) and markers (``domain``, ``persona``, ``modality``,
``trials``) are the main API; the names below are for writing agents, domains and assertions.
"""

from __future__ import annotations

import importlib
from typing import Any

from .config import METRIC_NAMES as _METRICS

_EXPORTS = {
    "Agent": "agents", "AgentReply": "agents", "AgentRequest": "agents", "FunctionAgent": "agents",
    "LiteLLMAgent": "agents", "OpenAICompatibleAgent": "agents", "LangGraphAgent": "agents",
    "PydanticAIAgent": "agents", "OpenAIAgentsSDKAgent": "agents", "AgentTool": "agents", "ToolCallError": "agents",    "ToolRequest": "agents", "Domain": "domain", "ToolError": "domain", "tool": "domain",
    "InfrastructureError": "errors", "MmtauError": "errors", "UnsupportedCapability": "errors",
    "UsageError": "errors", "JudgeReport": "judge", "LLMJudge": "judge", "RuleJudge": "judge",
    "arga": "metrics", "mm_tap": "metrics", "MmTapWeights": "metrics", "mrs": "metrics", "pass_hat_k": "metrics",
    "to": "metrics", "Persona": "models", "Score": "models", "Task": "models", "Transcript": "models",
    "TrialResult": "models", "SimulatedUser": "user", "per_trial": "_per_trial",
    "SimulatorQuality": "simulator_metrics", "simulator_quality": "simulator_metrics",
    **{name: "metrics" for name in _METRICS},
    **{f"assert_{name}": "assertions" for name in _METRICS},
}


def __getattr__(name: str) -> Any:
    """Import public names on first use, so loading the pytest plugin stays cheap for every test run."""
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'pytest_mmtau' has no attribute {name!r}") from None
    # not cached in globals(): if the submodule is re-imported (pytester does), callers get its current objects
    return getattr(importlib.import_module(f".{module}", __name__), name)


__version__ = "0.1.0"

__all__ = sorted([*_EXPORTS, "__version__"], key=str)
