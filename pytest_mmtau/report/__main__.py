"""Rebuild reports from the journal an (interrupted) run left behind.

``python -m pytest_mmtau.report --journal mmtau-report.json.items.jsonl --out report.json [--html r.html]
[--markdown r.md]``: every item that finished before the interruption is in the journal, one JSON line each. Exits
with the rebuilt run's verdict status (``_verdict``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from ._finish import finish
from ._journal import read_journal as _read


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_mmtau.report",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--journal", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--html", type=Path)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args(argv)
    journal = _read(args.journal)
    items = journal.items
    # judged again as the run judged: its gates, budget and metadata come from the journal's header; a journal
    # without its end line is a run that was interrupted
    config = journal.config(report=args.out, html=args.html, markdown=args.markdown)
    interrupted = "the run was interrupted or killed before it finished (its journal has no normal end)" \
        if journal.interrupted else ""
    outcome = finish(items, config, __version__, interrupted=interrupted, fuzz=journal.fuzz,
                     other_failures=journal.other_failures)
    print(f"rebuilt {args.out} from {len(items)} items ({sum(len(i.trials) for i in items)} trials)")
    from ._terminal import render_terminal

    for line, _ in render_terminal(outcome.report):
        print(line)
    if journal.end_status == 4:  # a usage error leaves no item behind to judge again; the run recorded it
        return 4
    return outcome.verdict.exit_status  # the same status the run would have ended with


if __name__ == "__main__":
    raise SystemExit(main())
