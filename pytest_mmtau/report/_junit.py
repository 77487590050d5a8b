"""What mmtau writes into pytest's JUnit XML (``--junitxml``): a few readable properties, never the full records.

CI dashboards show JUnit properties next to each test case; they are for a glance (pass^k, the key metrics, why a
gate failed), so each test case's properties stay under ``MAX_TESTCASE_BYTES`` and the rest is left to the JSON
report, which holds every trial. Per test case they go through ``user_properties`` (what ``record_property``
does); for the suite through the JUnit writer's ``add_global_property``, the method ``record_testsuite_property``
itself calls, found among the registered plugins (that fixture cannot be requested at the end of a run, and not on
the xdist controller at all).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from .._display import bounded
from . import ItemRecord

MAX_TESTCASE_BYTES = 2048
_MARKUP_BYTES = 32  # <property name="" value="" /> and indentation, per property
_GATE_CHARS = 400


def _xml_bytes(name: str, value: str) -> int:
    escaped = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return len(name.encode()) + len(escaped.encode()) + _MARKUP_BYTES


def testcase_properties(record: ItemRecord, gate_failures: Sequence[str]) -> list[tuple[str, str]]:
    """The item's JUnit properties, most useful first, cut to ``MAX_TESTCASE_BYTES``."""
    scored, curve = record.scored, record.pass_hat()
    lost = f", {record.inconclusive} inconclusive (simulator)" if record.inconclusive else ""
    first = [("mmtau.trials", f"{sum(scored)}/{len(scored)} passed, {record.errors} infrastructure errors{lost}")]
    not_understood = [t for t in record.trials if t.simulator.get("misunderstood")]
    if not_understood:  # where the simulated user did not understand the agent, with the turn
        from .._misunderstood import quoted

        first.append(("mmtau.simulator_misunderstood", bounded("; ".join(
            f"trial {t.trial + 1} {t.outcome}: {quoted(t.simulator['misunderstood'][0])}" for t in not_understood),
            _GATE_CHARS)))
    if gate_failures:
        first.append(("mmtau.gate_failures", bounded("; ".join(gate_failures), _GATE_CHARS)))
    deepest = max(curve, default=0)
    ks = sorted(curve, key=lambda k: (k not in (1, deepest), k))  # pass^1 and the deepest k before the others
    wanted = [*first, *((f"mmtau.pass^{k}", f"{curve[k]:.4f}") for k in ks[:2]),
              *((f"mmtau.{name}", f"{value:.4f}") for name, value in record.metric_means().items()),
              *((f"mmtau.pass^{k}", f"{curve[k]:.4f}") for k in ks[2:])]
    return fit(wanted, MAX_TESTCASE_BYTES)


def fit(properties: Sequence[tuple[str, str]], budget: int) -> list[tuple[str, str]]:
    """As many properties as fit in ``budget`` bytes of XML, in order, and a note of how many were left out."""
    note = ("mmtau.more", "N more values in the JSON report (--mmtau-report)")
    room = budget - _xml_bytes(*note)
    kept: list[tuple[str, str]] = []
    for name, value in properties:
        size = _xml_bytes(name, value)
        if size > room:
            break
        kept.append((name, value))
        room -= size
    if len(kept) < len(properties):
        kept.append(("mmtau.more", f"{len(properties) - len(kept)} more values in the JSON report (--mmtau-report)"))
    return shared(kept)


def shared(properties: Sequence[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """The properties with their names and values interned: pytest keeps every item's report to the end of the run,
    and most of them repeat ("mmtau.pass^1", "1.0000"). What is not a string (another plugin's) is left as it is."""
    def one(part: Any) -> Any:
        return sys.intern(part) if isinstance(part, str) else part

    return [(one(name), one(value)) for name, value in properties]


def suite_properties(report: Mapping[str, Any]) -> dict[str, str]:
    """The run's totals and each test's pass^k, for the ``<testsuite>`` element."""
    groups = report.get("groups") or []
    items = [g for g in groups if g.get("level") == "item"]  # the report's trials may have been streamed away
    properties = {f"mmtau.{g['test']}.pass^{k}": f"{v:.4f}"
                  for g in groups if g.get("level") == "test" for k, v in g["pass_hat_k"].items()}
    properties["mmtau.trials"] = str(sum(int(g.get("trials") or 0) for g in items))
    properties["mmtau.infrastructure_errors"] = str(sum(int(g.get("errors") or 0) for g in items))
    properties["mmtau.inconclusive.infrastructure"] = properties["mmtau.infrastructure_errors"]
    properties["mmtau.inconclusive.simulator"] = str(sum(int(g.get("inconclusive") or 0) for g in items))
    properties["mmtau.verdict"] = str((report.get("verdict") or {}).get("kind", ""))
    return properties


def add_suite_properties(config: pytest.Config, properties: Mapping[str, str]) -> None:
    """Add ``<testsuite>`` properties when a JUnit file is being written (``--junitxml``), else nothing."""
    writers = [p for p in config.pluginmanager.get_plugins() if callable(getattr(p, "add_global_property", None))]
    for writer in writers[:1]:
        for name, value in properties.items():
            writer.add_global_property(name, value)
