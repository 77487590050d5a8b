"""JSON Schemas of the files a team writes: a domain's ``tasks.json`` and a persona file, generated from the
pydantic models that read them, published under ``docs/`` and pinned by a test (editors validate with them)."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from .models import Persona, Task


def tasks_schema() -> dict[str, Any]:
    schema = TypeAdapter(list[Task]).json_schema()
    schema.update({"$id": "https://pytest-mmtau.invalid/tasks.schema.json",
                   "title": "pytest-mmtau tasks.json: the tasks of a domain"})
    return schema


def personas_schema() -> dict[str, Any]:
    persona = Persona.model_json_schema()
    definitions = persona.pop("$defs", {})
    return {"$id": "https://pytest-mmtau.invalid/personas.schema.json",
            "title": "pytest-mmtau persona file: one persona, or a 'personas' list of them",
            "$defs": {**definitions, "Persona": persona},
            "oneOf": [{"$ref": "#/$defs/Persona"},
                      {"type": "object", "additionalProperties": False, "required": ["personas"],
                       "properties": {"personas": {"type": "array", "minItems": 1,
                                                   "items": {"$ref": "#/$defs/Persona"}}}}]}
