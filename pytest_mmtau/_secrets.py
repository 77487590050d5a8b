"""Scrubbing secrets from everything pytest-mmtau writes or prints: reports, journals, transcripts, failures.

Masks the values of environment variables whose names look secret (``*KEY*``, ``*TOKEN*``, ``*SECRET*``,
``*PASSWORD*``, ``*CREDENTIAL*``) and text shaped like a credential (``sk-…`` keys, ``Bearer …`` headers,
``api_key=…``). The replacement contains no quote or backslash, so scrubbing serialised JSON keeps it valid.
"""

from __future__ import annotations

import os
import re

MASK = "[REDACTED]"
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL", re.IGNORECASE)
_SHAPES = (
    re.compile(r"\bsk-[A-Za-z0-9_\-]{8,}"),
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._\-~+/]{8,}=*"),
    re.compile(r"(?i)\b(api[_-]?key|access[_-]?token|secret|password)(\s*[=:]\s*)[^\s\"',;\\]{4,}"),
)


def _secret_values() -> list[str]:
    values = {v for k, v in os.environ.items() if _SECRET_NAME.search(k) and len(v) >= 8}
    return sorted(values, key=len, reverse=True)  # longest first, so a secret containing another is masked whole


def scrub(text: str) -> str:
    for value in _secret_values():
        text = text.replace(value, MASK)
    text = _SHAPES[0].sub(MASK, text)
    text = _SHAPES[1].sub(f"Bearer {MASK}", text)
    return _SHAPES[2].sub(lambda m: f"{m.group(1)}{m.group(2)}{MASK}", text)
