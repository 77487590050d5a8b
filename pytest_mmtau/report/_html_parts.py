"""Small pieces of the HTML report: escaping, numbers, tables, definition lists and badges.

Every string that came from a report is escaped here (``esc``) before it becomes markup.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, TypeGuard

from ..config import METRIC_NAMES

MAX_JSON_CHARS = 4000  # tool results longer than this are cut in the transcript view


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


_SEPARATOR = re.compile(r"(/|::|\[|\||,)")


def esc_name(value: object) -> str:
    """A test or item id, escaped, with line-break opportunities after its separators (/ :: [ | ,) so a long id
    wraps there instead of mid-word."""
    return "".join(f"{esc(part)}<wbr>" if _SEPARATOR.fullmatch(part) else esc(part)
                   for part in _SEPARATOR.split(str(value)) if part)


def is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def num(value: object, digits: int = 2) -> str:
    return f"{value:.{digits}f}" if is_number(value) else "–"


def as_json(value: object, limit: int = MAX_JSON_CHARS) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters)"


def metric_names(groups: Iterable[Mapping[str, Any]]) -> list[str]:
    present = {name for g in groups for name in (g.get("metrics") or {})}
    return [m for m in METRIC_NAMES if m in present] + sorted(present - set(METRIC_NAMES))


def table(head: Sequence[str], rows: Iterable[tuple[Sequence[str], str]], *, name_cols: int = 1,
          text_cols: Collection[int] = (), wide: bool = False) -> str:
    """``head`` is plain text; each row is (cells as HTML, row class); the first ``name_cols`` cells are names (left,
    wrapping), and the columns in ``text_cols`` (negative: from the end) hold text (left-aligned); a ``wide`` table
    takes the page's width, so long names wrap less."""
    width = len(head)
    texts = {c % width for c in text_cols} if width else set()

    def cls(i: int) -> str:
        return ' class="name"' if i < name_cols else ' class="text"' if i in texts else ""

    ths = "".join(f"<th{cls(i)}>{esc(h)}</th>" for i, h in enumerate(head))
    body = []
    for cells, row_cls in rows:
        tds = "".join(f"<td{cls(i)}>{c}</td>" for i, c in enumerate(cells))
        body.append(f'<tr class="{row_cls}">{tds}</tr>' if row_cls else f"<tr>{tds}</tr>")
    opening = '<table class="wide">' if wide else "<table>"
    return f'<div class="scroll">{opening}<thead><tr>{ths}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'


def kv(pairs: Iterable[tuple[str, str]]) -> str:
    """A definition list; keys are plain text, values HTML."""
    return '<dl class="kv">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in pairs) + "</dl>"


def badge(text: str, cls: str = "") -> str:
    return f'<span class="badge {esc(cls)}">{esc(text)}</span>'


def plain(value: object) -> str:
    """Any JSON value as escaped text: lists comma-joined, objects as JSON."""
    if value is None or value == [] or value == {}:
        return "–"
    if isinstance(value, list) and all(not isinstance(v, (list, dict)) for v in value):
        return esc(", ".join(str(v) for v in value))
    if isinstance(value, (list, dict)):
        return f"<code>{esc(as_json(value))}</code>"
    return esc(value)
