"""Replay one conversation from the command line: ``python -m pytest_mmtau.replay --domain mock --task … --seed …``.

Prints the transcript turn by turn and every metric with its evidence, so a failing fuzz example or trial can be
looked at without pytest. ``--agent`` is ``<domain>:<name>`` for a domain's reference agents or
``package.module:factory`` for your own (called with no arguments).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ._discovery import DomainRegistry
from .errors import UsageError
from .metrics import score_all
from .models import Persona
from .personas import PRESETS
from .user import SimulatedUser


def _agent(spec: str, registry: DomainRegistry) -> object:
    where, _, name = spec.partition(":")
    if not name:
        raise UsageError(f"--agent {spec!r}: write <domain>:<agent name> or <module>:<factory>")
    if where in registry.names() and name in registry.get(where).agents:
        return registry.get(where).agents[name]()
    try:
        return getattr(importlib.import_module(where), name)()
    except (ImportError, AttributeError) as exc:
        raise UsageError(f"--agent {spec!r}: {exc}") from None


def _persona(text: str) -> Persona:
    if text in PRESETS:
        return PRESETS[text]
    return Persona.model_validate_json(text if "name" in text else text.replace("{", '{"name": "replayed", ', 1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_mmtau.replay", description=__doc__.splitlines()[0])
    parser.add_argument("--domain", required=True)
    parser.add_argument("--task", required=True)
    parser.add_argument("--persona", default="none", help="a preset name or persona JSON")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", required=True)
    parser.add_argument("--json", action="store_true", help="print the transcript as JSON instead")
    args = parser.parse_args(argv)
    try:
        registry = DomainRegistry()
        domain = registry.get(args.domain)
        user = SimulatedUser(domain=domain, task=domain.task(args.task), persona=_persona(args.persona),
                             seed=args.seed)
        conv = user.converse_sync(_agent(args.agent, registry))
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(conv.to_json(indent=2))
        return 0
    for turn in conv.turns:
        acts = " ".join(str(a) for a in turn.acts)
        print(f"[{turn.index}] {turn.role}: {turn.text}" + (f"   <{acts}>" if acts else ""))
        for call in turn.tool_calls:
            print(f"      {call.side} tool {call.signature()} -> {call.error or call.result}")
    print(f"termination: {conv.termination.value} ({conv.termination_detail}); goal achieved: {conv.goal_achieved}")
    for name, score in score_all(conv).items():
        print(f"{name}: {float(score):.3f}" if score.defined else f"{name}: undefined")
        for line in score.evidence:
            print(f"    {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
