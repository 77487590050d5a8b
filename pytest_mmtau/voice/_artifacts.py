"""Where audio goes: the artifact folder of a run, and safe file names for items, trials and turns.

Audio lives under the report's folder (``<report dir>/mmtau-audio/``) when a report is written, else in pytest's
temporary folder, unless ``--mmtau-audio-dir`` says otherwise. Names are made from the item id with everything but
letters, digits, ``.``, ``_`` and ``-`` replaced, shortened, and suffixed with a hash of the full id, so they are
unique, portable, and cannot climb out of the folder.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

MAX_NAME = 80


def safe_name(text: str, *, limit: int = MAX_NAME) -> str:
    from .._secrets import scrub  # a test id can carry a parameter value; a file name must never carry a secret

    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", scrub(text)).strip("._-")[:limit].rstrip("._-") or "item"
    return f"{stem}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def audio_root(*, configured: str | None, report: Path | None, fallback: Path) -> Path:
    if configured:
        return Path(configured).expanduser()
    if report is not None:
        return report.parent / "mmtau-audio"
    return fallback


def turn_file(root: Path, item: str, trial: int, turn: int, speaker: str, kind: str) -> Path:
    """``<root>/<item>/trial-<t>/turn-<n>-<speaker>-<kind>.wav``."""
    return root / safe_name(item) / f"trial-{trial:02d}" / f"turn-{turn:03d}-{speaker}-{kind}.wav"
