"""pytest-mmtau: regression tests for conversational support agents, scored the MM-τ-p² way, gated on pass^k.

The fixtures (``simulated_user``, ``voice_channel``, ``judge``) and markers (``domain``, ``persona``, ``modality``,
``trials``) are the main API; the names below are for writing agents, domains and assertions.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Agent": "agents", "AgentReply": "agents", "AgentRequest": "agents", "FunctionAgent": "agents",
    "ToolRequest": "agents", "assert_cfa": "assertions", "assert_ias": "assertions",
    "assert_success": "assertions", "assert_te": "assertions", "Domain": "domain", "ToolError": "domain",
    "tool": "domain", "InfrastructureError": "errors", "MmtauError": "errors", "UnsupportedCapability": "errors",
    "UsageError": "errors", "RuleJudge": "judge", "cfa": "metrics", "ias": "metrics", "pass_hat_k": "metrics",
    "te": "metrics", "Persona": "models", "Score": "models", "Task": "models", "Transcript": "models",
    "TrialResult": "models", "SimulatedUser": "user",
}


def __getattr__(name: str) -> Any:
    """Import public names on first use, so loading the pytest plugin stays cheap for every test run."""
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'pytest_mmtau' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "Agent", "AgentReply", "AgentRequest", "Domain", "FunctionAgent", "InfrastructureError", "MmtauError",
    "Persona", "RuleJudge", "Score", "SimulatedUser", "Task", "ToolError", "ToolRequest", "Transcript",
    "TrialResult", "UnsupportedCapability", "UsageError", "__version__", "assert_cfa", "assert_ias",
    "assert_success", "assert_te", "cfa", "ias", "pass_hat_k", "te", "tool",
]
