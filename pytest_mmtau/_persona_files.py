"""Where persona files are: found with path checks only, so the plugin can look for them at start-up without
loading pydantic or the models (a run without mmtau tests stays light). Reading and validating them is
:mod:`pytest_mmtau.personas`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ._domain_paths import domain_folders

PERSONA_DIR = Path("fixtures") / "personas"
SUFFIXES = (".yaml", ".yml", ".json")
DOMAIN_FILES = tuple(f"personas{s}" for s in SUFFIXES)


def files_in(folder: Path) -> list[Path]:
    """The persona files directly in ``folder``, sorted (hidden files skipped)."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in SUFFIXES and not p.name.startswith("."))


def user_files_present(rootdir: Path, extra_paths: Iterable[Path], domain_roots: Iterable[Path]) -> bool:
    """Whether the project brings persona files of its own (fixtures/personas, ini mmtau_personas, its domains):
    then they are validated at start-up; the built-in domains' files are read on first use."""
    folder = Path(rootdir) / PERSONA_DIR
    if folder.is_dir() and files_in(folder):
        return True
    if any(True for _ in extra_paths):
        return True  # listed explicitly: read them (a missing one is an error worth reporting at once)
    return any((d / name).is_file() for r in domain_roots if (root := Path(r)).is_dir()
               for d in domain_folders(root) for name in DOMAIN_FILES)
