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
    from pytest_mmtau.config import METRIC_NAMES

    # every metric brings its function and its assert_ helper; the rest of the surface stays small
    assert len(pytest_mmtau.__all__) - 2 * len(METRIC_NAMES) <= 44


def test_type_checkers_see_every_public_name() -> None:
    """The lazy ``__getattr__`` table and the ``TYPE_CHECKING`` imports list the same names from the same modules,
    so mypy and pyright see what ``import pytest_mmtau`` gives at run time."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(pytest_mmtau.__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    static = {alias.asname: node.module.lstrip(".") for node in block.body if isinstance(node, ast.ImportFrom)
              for alias in node.names}
    assert all(alias.name == alias.asname for node in block.body for alias in node.names)  # explicit re-exports
    assert static == pytest_mmtau._EXPORTS
    assert set(pytest_mmtau.__all__) == {*static, "__version__"}


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


def test_metric_names_are_listed_once_and_all_computed() -> None:
    from pytest_mmtau.config import METRIC_NAMES
    from pytest_mmtau.metrics import PER_CONVERSATION

    assert tuple(PER_CONVERSATION) == METRIC_NAMES


def test_scores_survive_copy_and_pickle() -> None:
    import copy
    import pickle

    from pytest_mmtau import Score

    score = Score(0.5, metric="ias", evidence=("turn 3: x",))
    for clone in (copy.deepcopy(score), pickle.loads(pickle.dumps(score))):
        assert clone == 0.5 and clone.metric == "ias" and clone.evidence == ("turn 3: x",)


def test_a_run_without_mmtau_tests_loads_no_model_code(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import sys

        def test_plain():
            loaded = [m for m in ("pytest_mmtau.models", "pytest_mmtau.report", "pydantic") if m in sys.modules]
            assert loaded == []
    """)
    # langchain-core's langsmith plugin (a dev dependency for the LangGraph adapter) imports pydantic itself
    pytester.runpytest_subprocess("-p", "no:hypothesispytest", "-p", "no:langsmith_plugin").assert_outcomes(passed=1)
