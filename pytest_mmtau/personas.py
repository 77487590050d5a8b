"""Personas: the built-in presets, persona files, and the one registry every persona lookup goes through.

**Presets.** MM-τ-p²'s three settings: ``none`` is the neutral baseline, ``easy`` a user familiar with the domain
who gives structured information up front, ``hard`` a novice who omits details until asked, hedges, and tires
sooner. ECom-Bench's persona ablation adds eight more, one per combination of emotion (calm/angry), patience
(patient/impatient) and communication style (clear/vague), named ``<emotion>-<patience>-<style>``. Each varies only
those three traits around the neutral persona, so an ablation isolates them:

- *angry* sets ``emotion="angry"`` (the simulator starts out angry and its messages show it);
- *impatient* gives up after 6 unproductive agent turns (``patience``) and tolerates one re-ask
  (``clarification_tolerance``); *patient* lasts 20 and tolerates three. A turn that asks for something new,
  gives a new step, asks for a confirmation or reaches a milestone spends no patience, so a long but efficient
  conversation never loses a user;
- *vague* opens with the task's vague request, first gives most facts hazily (``ambiguity`` 0.6) and rambles
  (``verbosity="verbose"``); *clear* states everything exactly, in plain length.

**ECom-Bench's other traits.** Its personas also carry a consumer type, attentiveness, trust, rights awareness,
inquiry style, tone and pace; so does :class:`~pytest_mmtau.models.Persona` (``consumer_type``, ``attentiveness``,
``trust``, ``rights_awareness``, ``inquiry_style``, ``tone``, ``pace``), every one neutral by default, and the
scripted user acts on each (``user._traits`` says how). ``mood_vocabulary="toast"`` gives the attribute generator
the Toast paper's moods (casual, frustrated, confused, enthusiastic) instead of calm/irritated/angry. A file persona
sets any of them, e.g. ``{name: shrewd, extends: none, consumer_type: value_oriented, attentiveness:
detail_oriented, rights_awareness: high, tone: concise}``.

**Files.** YAML or JSON, each holding one persona mapping or a ``personas:`` list of them; an entry may start from
a preset with ``extends: <preset>`` and override fields. Found in ``<rootdir>/fixtures/personas/`` (every
``*.yaml``, ``*.yml``, ``*.json``), in the files and folders of ini ``mmtau_personas``, and as ``personas.yaml``
(``.yml``, ``.json``) in any domain folder (built-in or ini ``mmtau_domains``); a domain folder's personas serve
that domain's tests only, the others every test. File personas are validated with
pydantic; every problem is a UsageError naming the file, the field (``personas[1].patience``), the line when the
file is YAML, and what is allowed. Names are unique across presets and files.

**Registry.** :func:`load_registry` merges presets and files into a :class:`PersonaRegistry`; the plugin builds one
per run (:func:`registry_for`) and marker resolution, the ``simulated_user`` fixture, ``--mmtau-list personas`` and
``python -m pytest_mmtau.replay`` all read it.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ._domain_paths import effective_domain_folders
from ._persona_files import DOMAIN_FILES, PERSONA_DIR, SUFFIXES, files_in
from .errors import UsageError, allowed
from .models import Persona

__all__ = ["ECOM_BENCH", "MM_TAU_P2", "PRESETS", "PersonaRegistry", "get_persona", "load_persona_file",
           "load_registry", "registry_for"]

MM_TAU_P2 = ("none", "easy", "hard")  # MM-τ-p²'s persona settings, in order of difficulty
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
_BUILTIN = "built-in preset"


def _ecom_bench(emotion: str, patient: bool, clear: bool) -> Persona:
    """One cell of ECom-Bench's emotion × patience × style ablation, around the neutral persona."""
    name = f"{emotion}-{'patient' if patient else 'impatient'}-{'clear' if clear else 'vague'}"
    mood = ("Stays composed and polite" if emotion == "calm"
            else "Is angry from the first message and lets it show")
    time = ("will stay on for a long conversation" if patient
            else "gives up and asks for a human after a handful of turns")
    speech = ("states the problem and every detail precisely" if clear
              else "talks loosely, rambles and gives details hazily until pressed for them")
    return Persona(
        name=name,
        emotion="angry" if emotion == "angry" else "calm",
        patience=20 if patient else 6,
        clarification_tolerance=3 if patient else 1,
        communication_style="clear" if clear else "vague",
        ambiguity=0.0 if clear else 0.6,
        verbosity="normal" if clear else "verbose",
        biography=f"{mood}, {time}, and {speech}.",
    )


ECOM_BENCH: tuple[str, ...] = tuple(
    f"{e}-{p}-{s}" for e in ("calm", "angry") for p in ("patient", "impatient") for s in ("clear", "vague"))

PRESETS: Mapping[str, Persona] = {
    p.name: p
    for p in (
        Persona(
            name="none",
            expertise="none",
            biography="A customer with no particular traits; the neutral baseline.",
        ),
        Persona(
            name="easy",
            expertise="expert",
            ambiguity=0.0,
            verbosity="terse",
            clarification_tolerance=3,
            patience=15,
            communication_style="clear",
            execution_style="all_at_once",
            biography="Knows the product and its vocabulary; states the problem and every identifier at once.",
        ),
        Persona(
            name="hard",
            expertise="novice",
            ambiguity=0.7,
            verbosity="verbose",
            clarification_tolerance=1,
            emotion="frustrated",
            patience=14,
            communication_style="vague",
            execution_style="one_by_one",
            exploration=0.2,
            biography="Unsure of the terms, describes symptoms loosely and only shares details when asked.",
        ),
        *(_ecom_bench(e, p == "patient", s == "clear")
          for e in ("calm", "angry") for p in ("patient", "impatient") for s in ("clear", "vague")),
    )
}


def get_persona(name: str) -> Persona:
    """Return the built-in preset called ``name``, else a UsageError listing the presets (files: the registry)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UsageError(f"unknown persona {name!r}; allowed: {allowed(PRESETS)}") from None


# --------------------------------------------------------------------------------------------- registry


@dataclass(frozen=True, kw_only=True)
class PersonaRegistry(Mapping[str, Persona]):
    """Name → persona (presets and files), with where each came from. A read-only Mapping.

    Personas from a domain folder's ``personas.yaml`` belong to that domain (``domains``): :meth:`for_domain`
    gives the view a test of one domain sees, every other persona plus that domain's own.
    """

    personas: Mapping[str, Persona]
    origins: Mapping[str, str]  # name → "built-in preset" or the file (and entry) that defined it
    domains: Mapping[str, str] = field(default_factory=dict)  # name → domain, for personas of a domain folder

    def __getitem__(self, name: str) -> Persona:
        return self.personas[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.personas)

    def __len__(self) -> int:
        return len(self.personas)

    def get_persona(self, name: str) -> Persona:
        """The persona called ``name``, else a UsageError listing every known name."""
        try:
            return self.personas[name]
        except KeyError:
            raise UsageError(f"unknown persona {name!r}; allowed: {allowed(self.personas)}") from None

    def origin(self, name: str) -> str:
        return self.origins[name]

    def for_domain(self, domain: str) -> PersonaRegistry:
        """The personas a test of ``domain`` may use: presets, project files, and ``domain``'s own."""
        mine = [n for n in self.personas if self.domains.get(n, domain) == domain]
        return PersonaRegistry(personas={n: self.personas[n] for n in mine},
                               origins={n: self.origins[n] for n in mine},
                               domains={n: d for n, d in self.domains.items() if d == domain})

    def elsewhere(self, name: str, domain: str) -> str | None:
        """Why ``name`` is missing from ``domain``'s view when it belongs to another domain; else None."""
        owner = self.domains.get(name)
        if owner is None or owner == domain:
            return None
        return (f"persona {name!r} is defined for domain {owner!r} in {self.origins[name]}; only that domain's tests "
                f"can use it, not tests of domain {domain!r}")


_STASH = pytest.StashKey[PersonaRegistry]()


def load_registry(*, rootdir: Path | None = None, extra_paths: Iterable[Path] = (),
                  domain_roots: Iterable[Path] | None = None) -> PersonaRegistry:
    """Presets plus every persona file found (see the module docstring); all problems in one UsageError.

    ``rootdir`` is where ``fixtures/personas/`` is looked for and what shown paths are relative to;
    ``extra_paths`` are files or folders (ini ``mmtau_personas``); ``domain_roots`` are domain folders or folders
    of domain folders (None: the built-in domains only).
    """
    shown_root = Path(rootdir) if rootdir is not None else Path.cwd()
    problems: list[str] = []
    files = _discover(shown_root if rootdir is not None else None, extra_paths, domain_roots, problems)
    personas: dict[str, Persona] = dict(PRESETS)
    origins: dict[str, str] = {n: _BUILTIN for n in PRESETS}
    domains: dict[str, str] = {}
    for path, domain in files:
        shown = _shown(path, shown_root, domain)
        entries, found = _read_file(path, shown)
        problems += found
        for where, persona in entries:
            here = f"{shown} ({where})" if where else shown
            if persona.name in origins:
                first = origins[persona.name]
                problems.append(
                    f"{shown}: {where + '.' if where else ''}name: persona {persona.name!r} clashes with the "
                    f"{first} of that name; choose another name" if first == _BUILTIN else
                    f"{shown}: {where + '.' if where else ''}name: duplicate persona name {persona.name!r}: "
                    f"defined in {first} and in {here}")
                continue
            personas[persona.name], origins[persona.name] = persona, here
            if domain is not None:
                domains[persona.name] = domain
    if problems:
        more = len(problems) - 1
        raise UsageError("\n".join([problems[0] + (f" (and {more} more problem{'s' * (more > 1)} below)"
                                                   if more else ""), *("  " + p for p in problems[1:])]))
    return PersonaRegistry(personas=personas, origins=origins, domains=domains)


def _shown(path: Path, root: Path, domain: str | None = None) -> str:
    """The path relative to the rootdir; a domain's file outside it as ``<domains folder>/<domain>/<file>``."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.relative_to(path.parent.parent.parent).as_posix() if domain is not None else str(path)


def _discover(rootdir: Path | None, extra_paths: Iterable[Path], domain_roots: Iterable[Path] | None,
              problems: list[str]) -> list[tuple[Path, str | None]]:
    """Persona files in a stable order (rootdir fixtures, ini paths, domain folders), each once, with the domain
    that owns it (None: every test may use its personas)."""
    found: list[tuple[Path, str | None]] = []
    if rootdir is not None and (rootdir / PERSONA_DIR).is_dir():
        found += [(p, None) for p in files_in(rootdir / PERSONA_DIR)]
    for raw in extra_paths:
        path = Path(raw)
        if path.is_dir():
            found += [(p, None) for p in files_in(path)]
        elif path.is_file() and path.suffix in SUFFIXES:
            found.append((path, None))
        elif path.is_file():
            problems.append(f"ini mmtau_personas: {str(path)!r} is not a persona file; persona files end in "
                            f"{', '.join(SUFFIXES)}")
        else:
            problems.append(f"ini mmtau_personas: {str(path)!r} does not exist")
    for folder in effective_domain_folders(domain_roots or ()):
        found += [(folder / name, folder.name) for name in DOMAIN_FILES if (folder / name).is_file()]
    unique: dict[Path, tuple[Path, str | None]] = {}
    for path, domain in found:
        unique.setdefault(path.resolve(), (path, domain))
    return list(unique.values())


def registry_for(config: Any) -> PersonaRegistry:
    """The run's registry, built on first use from the rootdir, ini ``mmtau_personas`` and ``mmtau_domains``."""
    registry: PersonaRegistry | None = config.stash.get(_STASH, None)
    if registry is None:
        registry = load_registry(rootdir=config.rootpath, extra_paths=config.getini("mmtau_personas") or (),
                                 domain_roots=config.getini("mmtau_domains") or ())
        config.stash[_STASH] = registry
    return registry


def persona_for(config: Any, domain: str, name: str) -> Persona:
    """The persona called ``name`` as tests of ``domain`` see it (presets, persona files, the domain's own)."""
    return registry_for(config).for_domain(domain).get_persona(name)


# --------------------------------------------------------------------------------------------- files


def load_persona_file(path: Path, *, shown: str | None = None) -> list[tuple[str, Persona]]:
    """The personas of one file as (entry, persona) pairs; entry is ``personas[i]`` or ``""`` for a lone mapping.

    Problems raise one UsageError, a line per problem, each starting with ``shown`` (default: the path) and naming
    the field.
    """
    entries, problems = _read_file(Path(path), shown or str(path))
    if problems:
        raise UsageError("\n".join(problems))
    return entries


def _read_file(path: Path, shown: str) -> tuple[list[tuple[str, Persona]], list[str]]:
    try:
        return _entries(path, shown), []
    except _Problems as exc:
        return [], exc.problems
    except UsageError as exc:
        return [], [str(exc)]


class _Problems(UsageError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _entries(path: Path, shown: str) -> list[tuple[str, Persona]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{shown}: cannot read the file: {exc}") from None
    data, lines = _parse(text, shown, json_file=Path(path).suffix == ".json")
    if data is None:
        raise UsageError(f"{shown}: the file is empty; write one persona (a mapping with at least 'name') or a "
                         "'personas:' list of them")
    if isinstance(data, list):
        raise UsageError(f"{shown}: the top level is a list; put 'personas:' above it, or write one persona mapping")
    if not isinstance(data, dict):
        raise UsageError(f"{shown}: expected one persona mapping or a 'personas:' list, got {_kind(data)}")
    if "personas" not in data:
        return [("", _validate(data, "", shown, lines))]
    others = sorted(str(k) for k in data if k != "personas")
    if others:
        raise UsageError(f"{shown}: unknown top-level field {others[0]!r}{_at(lines, (others[0],), key=True)} next "
                         "to 'personas'; a file holds one persona mapping or a 'personas:' list")
    entries = data["personas"]
    if not isinstance(entries, list):
        raise UsageError(f"{shown}: personas: must be a list of persona mappings (got {_kind(entries)}"
                         f"{_at(lines, ('personas',))})")
    if not entries:
        raise UsageError(f"{shown}: personas: the list is empty; add at least one persona or delete the file")
    problems: list[str] = []
    out: list[tuple[str, Persona]] = []
    seen: dict[str, str] = {}
    for i, entry in enumerate(entries):
        where = f"personas[{i}]"
        try:
            persona = _validate(entry, where, shown, lines, loc=("personas", i))
        except _Problems as exc:
            problems += exc.problems
            continue
        except UsageError as exc:
            problems.append(str(exc))
            continue
        if persona.name in seen:
            problems.append(f"{shown}: {where}.name: duplicate persona name {persona.name!r}: also "
                            f"{seen[persona.name]} of this file")
            continue
        seen[persona.name] = where
        out.append((where, persona))
    if problems:
        raise _Problems(problems)
    return out


class _Lines:
    """Line numbers of a YAML document's nodes, by path (None for JSON)."""

    def __init__(self, root: Any) -> None:
        self._root = root

    def of(self, path: Sequence[str | int], *, key: bool = False) -> int | None:
        node = self._root
        for i, step in enumerate(path):
            if node is None:
                return None
            last = i == len(path) - 1
            if isinstance(step, int) and getattr(node, "id", "") == "sequence":
                node = node.value[step] if step < len(node.value) else None
            elif isinstance(step, str) and getattr(node, "id", "") == "mapping":
                pair = next(((k, v) for k, v in node.value if getattr(k, "value", None) == step), None)
                if pair is None:
                    line: int = node.start_mark.line + 1  # the field is missing: the mapping that lacks it
                    return line
                node = pair[0] if key and last else pair[1]
            else:
                return None
        return node.start_mark.line + 1 if node is not None else None


def _parse(text: str, shown: str, *, json_file: bool) -> tuple[Any, _Lines | None]:
    if json_file:
        if not text.strip():
            return None, None
        try:
            return json.loads(text), None
        except json.JSONDecodeError as exc:
            raise UsageError(f"{shown}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise UsageError(f"{shown}: invalid YAML{where}: {problem}") from None
    return data, _Lines(node)


def _at(lines: _Lines | None, path: Sequence[str | int], *, key: bool = False, prefix: str = " on") -> str:
    line = lines.of(path, key=key) if lines is not None else None
    return f"{prefix} line {line}" if line is not None else ""


def _kind(value: Any) -> str:
    names = {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "a number",
             float: "a number", type(None): "nothing"}
    return names.get(type(value), type(value).__name__)


def _validate(entry: Any, where: str, shown: str, lines: _Lines | None,
              loc: tuple[str | int, ...] = ()) -> Persona:
    label = f"{where}: " if where else ""
    if not isinstance(entry, dict):
        raise UsageError(f"{shown}: {label}must be a mapping of persona fields (got {_kind(entry)}"
                         f"{_at(lines, loc)})")
    fields = dict(entry)
    base = fields.pop("extends", None)
    if base is not None:
        if not isinstance(base, str) or base not in PRESETS:
            raise UsageError(f"{shown}: {_dotted(where, 'extends')}: unknown preset {base!r}"
                             f"{_at(lines, (*loc, 'extends'))}; allowed: {allowed(PRESETS)}")
        if "name" not in fields:
            raise UsageError(f"{shown}: {_dotted(where, 'name')}: required field is missing"
                             f"{_at(lines, loc, prefix=' in the entry on')} (extends does not copy the name)")
        fields = {**PRESETS[base].model_dump(exclude={"name"}), **fields}
    try:
        persona = Persona.model_validate(fields)
    except ValidationError as exc:
        problems = [f"{shown}: {_dotted(where, _loc(e['loc']))}: {_explain(e, lines, (*loc, *e['loc']))}"
                    for e in exc.errors()]
        raise _Problems(problems) from None
    if not _NAME.match(persona.name):
        raise UsageError(f"{shown}: {_dotted(where, 'name')}: must be letters, digits, '-', '_' or '.' without "
                         f"spaces, since it becomes part of test ids (got {persona.name!r}"
                         f"{_at(lines, (*loc, 'name'))})")
    return persona


def _loc(loc: Sequence[Any]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")


def _dotted(where: str, field: str) -> str:
    return f"{where}.{field}" if where and field else where or field


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else json.dumps(value, default=str) if value is None or \
        isinstance(value, (bool, list, dict)) else str(value)


def _explain(error: Any, lines: _Lines | None, path: tuple[Any, ...]) -> str:
    """One pydantic error as a sentence: what is wrong, what was given (and on which line), what is allowed."""
    kind, ctx, got = error["type"], error.get("ctx") or {}, error.get("input")
    field = next((p for p in reversed(error["loc"]) if isinstance(p, str)), "")
    given = f" (got {_show(got)}{_at(lines, path)})"
    if kind == "extra_forbidden":
        return (f"unknown field{_at(lines, path, key=True, prefix=' on')}; allowed: "
                f"{allowed(['extends', *Persona.model_fields])}")
    if kind == "missing":
        return f"required field is missing{_at(lines, path[:-1], prefix=' in the entry on')}"
    bounds = {"less_than_equal": ("≤", "le"), "less_than": ("<", "lt"), "greater_than_equal": ("≥", "ge"),
              "greater_than": (">", "gt")}
    if kind in bounds:
        symbol, key = bounds[kind]
        return f"must be {symbol} {ctx.get(key)}{given}"
    if kind == "literal_error" and field in Persona.model_fields:
        choices = typing.get_args(Persona.model_fields[field].annotation)
        return f"must be one of {allowed(choices)}{given}"
    readable = {"int_parsing": "must be a whole number", "int_type": "must be a whole number",
                "int_from_float": "must be a whole number", "float_parsing": "must be a number",
                "float_type": "must be a number", "string_type": "must be a string",
                "bool_parsing": "must be true or false", "bool_type": "must be true or false"}
    return f"{readable.get(kind, error['msg'])}{given}"
