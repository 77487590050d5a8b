"""The public surface: curated exports, frozen values, and a plugin that loads nothing heavy."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import pytest_mmtau
from pytest_mmtau import models


def test_all_is_sorted_complete_and_small() -> None:
    assert pytest_mmtau.__all__ == sorted(pytest_mmtau.__all__, key=str)
    assert all(hasattr(pytest_mmtau, name) for name in pytest_mmtau.__all__)
    assert len(pytest_mmtau.__all__) <= 30


@pytest.mark.parametrize("cls", [models.DialogueAct, models.ToolCall, models.Turn, models.Transcript,
                                 models.TrialResult])
def test_values_are_frozen_keyword_only_dataclasses(cls: type) -> None:
    params = dataclasses.fields(cls)
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert all(f.kw_only for f in params)


@pytest.mark.parametrize("cls", [models.Persona, models.Task, models.CriticalField])
def test_file_models_are_frozen_and_strict(cls: type) -> None:
    assert cls.model_config["frozen"] and cls.model_config["extra"] == "forbid"


def test_plugin_import_loads_no_heavy_library() -> None:
    code = ("import sys, pytest_mmtau.plugin; "
            "heavy = [m for m in ('litellm', 'numpy', 'faster_whisper', 'pocketsphinx', 'edge_tts', 'hypothesis') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
