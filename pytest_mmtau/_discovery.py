"""Finding domains by name: built-ins, folders listed in ini ``mmtau_domains``, and the entry-point group.

Built-in domains live in the top-level ``domains/`` folder of a source checkout and are copied into the wheel as
``pytest_mmtau/_builtin_domains``; both places are searched so editable and regular installs behave the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from ._domain_paths import builtin_roots, domain_folders, is_domain_folder
from .domain import Domain, load_domain_folder
from .errors import UsageError, allowed

ENTRY_POINT_GROUP = "pytest_mmtau.domains"

class DomainRegistry:
    """Name → domain, loaded lazily and cached; later sources (ini paths, entry points) override built-ins."""

    def __init__(self, extra_paths: Iterable[Path] = ()) -> None:
        self._sources: dict[str, Callable[[], Domain]] = {}
        for root in builtin_roots():
            self._add_root(root, origin="built-in")
        for path in extra_paths:
            path = Path(path)
            if not path.is_dir():
                raise UsageError(f"ini mmtau_domains: {str(path)!r} is not a folder")
            self._add_root(path, origin="ini mmtau_domains")
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            self._sources[ep.name] = partial(_load_entry_point, ep)
        self._cache: dict[str, Domain] = {}

    def _add_root(self, root: Path, *, origin: str) -> None:
        folders = domain_folders(root)
        if not folders:
            raise UsageError(f"{origin}: {str(root)!r} holds no domain folder (policy.md + tools.py)")
        for folder in folders:
            self._sources[folder.name] = partial(load_domain_folder, folder)

    def names(self) -> list[str]:
        return sorted(self._sources)

    def get(self, name: str) -> Domain:
        if name not in self._cache:
            try:
                load = self._sources[name]
            except KeyError:
                raise UsageError(f"unknown domain {name!r}; allowed: {allowed(self._sources)}") from None
            self._cache[name] = load()
        return self._cache[name]


def _load_entry_point(ep: EntryPoint) -> Domain:
    return _from_entry_point(ep.name, ep.load())


def _from_entry_point(name: str, loaded: Any) -> Domain:
    value = loaded() if callable(loaded) and not isinstance(loaded, Domain) else loaded
    if isinstance(value, Domain):
        return value
    if isinstance(value, (str, Path)) and is_domain_folder(Path(value)):
        return load_domain_folder(Path(value), name=name)
    raise UsageError(f"entry point {name!r} in group {ENTRY_POINT_GROUP!r} must give a Domain or a domain folder, "
                     f"got {value!r}")
