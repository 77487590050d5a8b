"""Text an agent (or any other party under test) produced, made safe to show: no terminal control sequences, no
bidirectional overrides, and a bounded length.

An agent's words reach the terminal (failure messages), Markdown, HTML and JUnit. Escape sequences there can
retitle the window, clear the screen or forge hyperlinks, and bidi controls can make text read differently from
what it is; each such character is shown as a visible ``\\u....``/``\\x..`` escape instead. A 1 MB turn would make
every report unusable, so turn text in reports is cut to ``TURN_LIMIT`` characters with a note of how much was
cut (after scrubbing secrets, so a cut never exposes part of one).
"""

from __future__ import annotations

import re

TURN_LIMIT = 20_000  # characters of one turn's text kept in reports
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` with control and bidi characters replaced by visible escapes (newlines and tabs kept)."""
    return _UNSAFE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else
                       f"\\u{ord(m.group()):04x}", text)


def bounded(text: str, limit: int = TURN_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how many were cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]} … [{len(text) - limit:,} more characters cut from the report]"
