"""Critical fields through speech: which values a message carries, and whether each one reached the agent exactly.

Values come from the task (the user's facts and the critical fields' expected values, passed as hints) and from
patterns in the text itself (identifiers mixing letters and digits, digit runs, phone numbers, e-mail addresses,
money). A value *survived* when the agent's text contains it exactly (case-, space- and dash-insensitive). Its
*confidence* is the lowest recogniser confidence among the words that stand where its spoken words stood.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ._itn import Normalised
from ._spoken import MONTHS, SpokenForm
from ._wer import Scored

_PATTERNS = (
    re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),  # e-mail
    re.compile(r"\$\d[\d,]*(?:\.\d\d)?"),  # money
    re.compile(r"\(?\d{3}\)?[\s-]\d{3}-\d{4}"),  # phone number with separators
    re.compile(r"#?(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*"),  # identifier
    re.compile(r"\d{3,}"),  # digit run
)


@dataclass(frozen=True, kw_only=True)
class FieldCheck:
    value: str
    survived: bool
    heard_as: str
    confidence: float
    low_confidence: bool

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "survived": self.survived, "heard_as": self.heard_as,
                "confidence": round(self.confidence, 3), "low_confidence": self.low_confidence}


def _value_pattern(value: str) -> re.Pattern[str]:
    chunks = [re.escape(c) for c in re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d\-]", value)]
    return re.compile(r"(?<![A-Za-z0-9])" + r"[\s\-]*".join(chunks) + r"(?![A-Za-z0-9])", re.IGNORECASE)


def find_values(text: str, hints: Iterable[str] = ()) -> list[tuple[str, int, int]]:
    """(value, start, end) of each critical value in ``text``: hints first, then patterns; no overlaps."""
    found: list[tuple[str, int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for _, s, e in found)

    for hint in sorted({h for h in hints if h and h.strip()}, key=len, reverse=True):
        for m in _value_pattern(hint).finditer(text):
            if free(*m.span()):
                found.append((hint, *m.span()))
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            value = m.group().rstrip(".-")
            if value and free(m.start(), m.start() + len(value)):
                found.append((value, m.start(), m.start() + len(value)))
    return sorted(found, key=lambda f: f[1])


def survives(value: str, heard: str) -> bool:
    date = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", value.strip())
    if date and 1 <= int(date[2]) <= 12:  # read back as written from speech: "April 12, 1988"
        written = f"{MONTHS[int(date[2]) - 1]} {int(date[3])}, {date[1]}"
        if re.search(rf"(?<![A-Za-z]){written}(?!\d)", heard, re.IGNORECASE):
            return True
    return _value_pattern(value).search(heard) is not None


def check(form: SpokenForm, scored: Scored, heard: Normalised, hyp_sources: Sequence[int], *,
          hints: Sequence[str] = (), threshold: float = 0.5) -> list[FieldCheck]:
    """Follow every critical value of ``form.text`` through the recogniser to the agent's text ``heard``.

    ``scored`` aligns the spoken words with the hypothesis words; ``hyp_sources`` maps each hypothesis word to the
    recogniser word it came from, which ``heard``'s tokens refer to.
    """
    by_word = {w: t for t in heard.tokens for w in t.words}
    out: list[FieldCheck] = []
    for value, start, end in find_values(form.text, hints):
        refs = form.words_of(start, end)
        hyps = sorted({hyp_sources[h] for r in refs if r < len(scored.aligned) for h in scored.aligned[r]})
        tokens = list(dict.fromkeys(by_word[h] for h in hyps if h in by_word))
        confidence = min((t.confidence for t in tokens), default=0.0)  # every word dropped: no confidence
        heard_as = " ".join(t.text for t in tokens)
        out.append(FieldCheck(value=value, survived=survives(value, heard.text), heard_as=heard_as,
                              confidence=confidence, low_confidence=confidence < threshold))
    return out
