"""Rebuild reports from the journal an (interrupted) run left behind.

``python -m pytest_mmtau.report --journal mmtau-report.json.items.jsonl --out report.json [--html r.html]
[--markdown r.md]``: every item that finished before the interruption is in the journal, one JSON line each. Exits
with the rebuilt run's verdict status (``_verdict``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from ..config import MmtauConfig
from . import ItemRecord
from ._finish import finish


def read_journal(path: Path) -> list[ItemRecord]:
    """Items from a journal; a last line cut off mid-write (the run was killed) is skipped, not fatal."""
    items: dict[str, ItemRecord] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = ItemRecord.from_json(line)
        except (json.JSONDecodeError, KeyError, ValueError):
            print(f"{path}:{number}: skipping an incomplete line", file=sys.stderr)
            continue
        items[record.nodeid] = record
    return list(items.values())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_mmtau.report", description=__doc__.splitlines()[0])
    parser.add_argument("--journal", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--html", type=Path)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args(argv)
    items = read_journal(args.journal)
    outcome = finish(items, MmtauConfig(report=args.out, html=args.html, markdown=args.markdown), __version__)
    print(f"rebuilt {args.out} from {len(items)} items ({sum(len(i.trials) for i in items)} trials)")
    for line, _ in outcome.lines:
        print(line)
    return outcome.verdict.exit_status  # the same status the run would have ended with


if __name__ == "__main__":
    raise SystemExit(main())
