"""Where persona files are: found with path checks only, so the plugin can look for them at start-up without
loading pydantic or the models (a run without mmtau tests stays light). Reading and validating them is
:mod:`pytest_mmtau.personas`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

PERSONA_DIR = Path("fixtures") / "personas"
SUFFIXES = (".yaml", ".yml", ".json")
DOMAIN_FILES = tuple(f"personas{s}" for s in SUFFIXES)


def files_in(folder: Path) -> list[Path]:
    """The persona files directly in ``folder``, sorted (hidden files skipped)."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in SUFFIXES and not p.name.startswith("."))


def _is_domain_folder(path: Path) -> bool:  # the rule of _discovery, without importing it (it loads the models)
    return (path / "policy.md").is_file() and (path / "tools.py").is_file()


def domain_folders(roots: Iterable[Path]) -> list[Path]:
    """The domain folders among ``roots`` (each a domain folder or a folder of them); missing roots are skipped."""
    out: list[Path] = []
    for root in (Path(r) for r in roots):
        if root.is_dir():
            out += [root] if _is_domain_folder(root) else sorted(p for p in root.iterdir() if _is_domain_folder(p))
    return out


def builtin_domain_roots() -> list[Path]:
    """The built-in domains' roots (the wheel's copy, else the source checkout's ``domains/``)."""
    package = Path(__file__).resolve().parent
    packaged = package / "_builtin_domains"
    if packaged.is_dir():
        return [packaged]
    checkout = package.parent
    pyproject = checkout / "pyproject.toml"
    if (checkout / "domains").is_dir() and pyproject.is_file() and 'name = "pytest-mmtau"' in pyproject.read_text():
        return [checkout / "domains"]
    return []


def user_files_present(rootdir: Path, extra_paths: Iterable[Path], domain_roots: Iterable[Path]) -> bool:
    """Whether the project brings persona files of its own (fixtures/personas, ini mmtau_personas, its domains):
    then they are validated at start-up; the built-in domains' files are read on first use."""
    folder = Path(rootdir) / PERSONA_DIR
    if folder.is_dir() and files_in(folder):
        return True
    if any(True for _ in extra_paths):
        return True  # listed explicitly: read them (a missing one is an error worth reporting at once)
    return any((d / name).is_file() for d in domain_folders(domain_roots) for name in DOMAIN_FILES)
