"""Replay one conversation from the command line: ``python -m pytest_mmtau.replay --domain mock --task … --seed …``.

Prints the transcript turn by turn and every metric with its evidence, so a failing fuzz example or trial can be
looked at without pytest. ``--agent`` is ``<domain>:<name>`` for a domain's reference agents or
``package.module:factory`` for your own (called with no arguments). ``--persona`` is a preset, a persona from a
persona file (``fixtures/personas/`` under the current folder, ``--personas PATH``, domain folders) or persona JSON;
``--persona-exposure 2`` replays context injection, and every hint the agent got is printed before its turn.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from ._discovery import DomainRegistry
from .errors import UsageError
from .metrics import score_all
from .exposure import EXPOSURE_LEVELS, make_inferrer
from .models import Persona
from .personas import load_registry
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


def _persona(text: str, known: Mapping[str, Persona]) -> Persona:
    if text in known:
        return known[text]
    if not text.lstrip().startswith("{"):
        from .errors import allowed

        raise UsageError(f"--persona {text!r}: unknown persona; allowed: {allowed(known)}, or persona JSON")
    return Persona.model_validate_json(text if "name" in text else text.replace("{", '{"name": "replayed", ', 1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_mmtau.replay",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--domain", required=True)
    parser.add_argument("--task", required=True)
    parser.add_argument("--persona", default="none", help="a preset, a persona from a persona file, or persona JSON")
    parser.add_argument("--personas", action="append", default=[], metavar="PATH",
                        help="a persona file or folder of them, besides ./fixtures/personas (repeatable)")
    parser.add_argument("--persona-exposure", type=int, default=0, choices=EXPOSURE_LEVELS,
                        help="what the agent is told about the user: 0 nothing, 1 the persona, 2 context injection")
    parser.add_argument("--exposure-model", metavar="MODEL",
                        help="infer the persona for exposure 2 with this litellm model (default: the heuristic)")
    parser.add_argument("--exposure-api-base", metavar="URL", help="OpenAI-compatible base URL of that model")
    parser.add_argument("--user-model", metavar="MODEL",
                        help="write the simulated user with this litellm model (key from MMTAU_USER_API_KEY)")
    parser.add_argument("--user-api-base", metavar="URL", help="OpenAI-compatible base URL of the user model")
    parser.add_argument("--user-nlu-model", metavar="MODEL",
                        help="read the agent's messages for the scripted user with this litellm model (key from "
                             "MMTAU_USER_NLU_API_KEY)")
    parser.add_argument("--user-nlu-api-base", metavar="URL", help="OpenAI-compatible base URL of that model")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", required=True)
    parser.add_argument("--json", action="store_true", help="print the transcript as JSON instead")
    parser.add_argument("--domain-path", action="append", default=[], metavar="DIR",
                        help="a folder of domains (default: the project's ini mmtau_domains, found from here)")
    args = parser.parse_args(argv)
    try:
        from ._project_ini import project_domain_paths

        registry = DomainRegistry(tuple(Path(p) for p in args.domain_path) or tuple(project_domain_paths()))
        domain = registry.get(args.domain)
        known = load_registry(rootdir=Path.cwd(), extra_paths=[Path(p) for p in args.personas]).for_domain(
            args.domain)
        inferrer = make_inferrer(args.exposure_model, api_base=args.exposure_api_base,
                                 api_key=os.environ.get("MMTAU_EXPOSURE_API_KEY"))
        user = SimulatedUser(domain=domain, task=domain.task(args.task), persona=_persona(args.persona, known),
                             seed=args.seed, persona_exposure=args.persona_exposure, persona_inferrer=inferrer,
                             user_model=args.user_model, user_api_base=args.user_api_base,
                             user_api_key=os.environ.get("MMTAU_USER_API_KEY"), user_nlu_model=args.user_nlu_model,
                             user_nlu_api_base=args.user_nlu_api_base,
                             user_nlu_api_key=os.environ.get("MMTAU_USER_NLU_API_KEY"))
        conv = user.converse_sync(_agent(args.agent, registry))
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(conv.to_json(indent=2))
        return 0
    hints = {h.turn: h for h in conv.persona_hints}
    for turn in conv.turns:
        if turn.index in hints:
            hint = hints[turn.index]
            made = f", after {hint.user_messages} user messages" if hint.source != "persona" else ""
            print(f"      persona hint ({hint.source}{made}): {hint.text}")
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
