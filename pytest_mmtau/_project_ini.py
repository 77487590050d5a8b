"""The project's ``mmtau_domains`` for command-line tools run outside pytest (replay, check), found from the
current folder the way pytest finds its configuration: the nearest ``pytest.ini``, ``pyproject.toml`` with
``[tool.pytest.ini_options]``, ``tox.ini`` or ``setup.cfg`` with a pytest section, upwards."""

from __future__ import annotations

import tomllib
from pathlib import Path


def _from(path: Path) -> tuple[bool, list[str]]:
    """(is this pytest's configuration file, the mmtau_domains it names)."""
    if path.name == "pyproject.toml":
        options = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("pytest", {}) \
            .get("ini_options")
        if options is None:
            return False, []
        value = options.get("mmtau_domains", [])
        return True, value.split() if isinstance(value, str) else list(value)
    from iniconfig import IniConfig  # pytest's own ini reader

    ini = IniConfig(str(path))
    section = "tool:pytest" if path.name == "setup.cfg" else "pytest"
    if section not in ini:
        return path.name == "pytest.ini", []  # a pytest.ini is the configuration even without the section
    return True, (ini[section].get("mmtau_domains") or "").split()


def project_domain_paths(start: Path | None = None) -> list[Path]:
    """The ``mmtau_domains`` folders of the project around ``start`` (default: the current folder)."""
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        for name in ("pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"):
            path = candidate / name
            if path.is_file():
                found, values = _from(path)
                if found:
                    return [candidate / v for v in values]
    return []
