"""Where domain folders are, found with path checks only (no pydantic, no models), so both the domain registry and
the plugin's start-up look for persona files can use it while a run without mmtau tests stays light."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def builtin_roots() -> list[Path]:
    """The wheel's copy, else the source checkout's ``domains/`` (only when this checkout is pytest-mmtau's own,
    so an unrelated ``site-packages/domains`` folder is never mistaken for ours)."""
    packaged = _PACKAGE_DIR / "_builtin_domains"
    if packaged.is_dir():
        return [packaged]
    checkout = _PACKAGE_DIR.parent
    pyproject = checkout / "pyproject.toml"
    if (checkout / "domains").is_dir() and pyproject.is_file() and 'name = "pytest-mmtau"' in pyproject.read_text():
        return [checkout / "domains"]
    return []


def is_domain_folder(path: Path) -> bool:
    return (path / "policy.md").is_file() and (path / "tools.py").is_file()


def domain_folders(root: Path) -> list[Path]:
    """The domain folders of ``root``: itself when it is one, else its children that are."""
    return [root] if is_domain_folder(root) else sorted(p for p in root.iterdir() if is_domain_folder(p))


def effective_domain_folders(extra_roots: Iterable[Path]) -> list[Path]:
    """Every domain folder a run sees, one per name: a folder from ``extra_roots`` (ini ``mmtau_domains``)
    overrides the built-in of the same name, as the domain registry does. Missing roots are skipped."""
    by_name: dict[str, Path] = {}
    for root in (*builtin_roots(), *(Path(r) for r in extra_roots)):
        if root.is_dir():
            by_name.update((folder.name, folder) for folder in domain_folders(root))
    return list(by_name.values())
