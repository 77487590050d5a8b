"""Stable seeds for per-turn randomness (noise realisations, ASR error draws), the same in every process."""

from __future__ import annotations

import hashlib


def mix(*parts: object) -> int:
    """A 64-bit seed from any parts (unlike ``hash``, stable across processes and runs)."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")
