"""Inverse text normalisation: recogniser words → the written form an agent reads ("a one zero zero" → "A100").

Runs of number words become digits ("five five five" → 555, "two thousand two" → 2002, "one oh four" → 104);
a lone digit word stays a word ("the premium one"). A month, an ordinal day and a year become a date as written
("april twelfth nineteen eighty eight" → "April 12, 1988").
Spelled letters followed by digits are joined into an identifier only when the result has the shape of one of the
conversation's known identifiers (a speech-adaptation class, like "letter + three digits"); the shape comes from
the task, never the value, so a misheard "A101" stays "A101". Every output token keeps the lowest confidence of
the words it was made from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ._spoken import DIGITS, MONTHS, ordinal

_UNITS = {w: i for i, w in enumerate(DIGITS)}
_TEENS = {w: 10 + i for i, w in enumerate(("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                           "seventeen", "eighteen", "nineteen"))}
_TENS = {w: 10 * i for i, w in enumerate(("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
                                          "eighty", "ninety")) if w}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6}
_NUMBER_WORDS = {*_UNITS, *_TEENS, *_TENS, *_SCALES}
_ORDINALS = {" ".join(ordinal(day)): day for day in range(1, 32)}
# how recognisers write a spelled letter
_LETTER_NAMES = {"ay": "a", "eh": "a", "bee": "b", "be": "b", "see": "c", "sea": "c", "dee": "d", "ee": "e",
                 "gee": "g", "jay": "j", "kay": "k", "el": "l", "em": "m", "en": "n", "pee": "p", "cue": "q",
                 "queue": "q", "are": "r", "tee": "t", "tea": "t", "you": "u", "vee": "v", "ex": "x", "why": "y"}


@dataclass(frozen=True, kw_only=True)
class Token:
    text: str
    confidence: float
    words: tuple[int, ...]  # indices of the recogniser words it was made from


@dataclass(frozen=True, kw_only=True)
class Normalised:
    tokens: tuple[Token, ...]

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)


def shape_of(value: str) -> str | None:
    """A regex for identifiers shaped like ``value`` (letters and digits mixed), else None: A100 → [A-Z]\\d{3}."""
    compact = re.sub(r"[\s\-]", "", value)
    if not (re.search(r"[A-Za-z]", compact) and re.search(r"\d", compact)) or not compact.isalnum():
        return None
    parts = re.findall(r"[A-Za-z]+|\d+", compact)
    return "".join(rf"[A-Z]{{{len(p)}}}" if p.isalpha() else rf"\d{{{len(p)}}}" for p in parts)


def _number_run(words: Sequence[str]) -> str:
    """Digits for a run of number words: each new group starts where the words stop forming one cardinal."""
    groups: list[int] = []
    total, current, last = 0, None, None  # last: "unit" | "teen" | "tens" | "hundred" | "scale"
    for word in words:
        if word in ("oh", "o"):
            word = "zero"
        if word in _UNITS:
            value = _UNITS[word]
            if current is not None and last in ("tens", "hundred", "scale") and value > 0 and current % 10 == 0:
                current += value
            else:
                if current is not None:
                    groups.append(total + current)
                    total = 0
                current = value
            last = "unit"
        elif word in _TEENS or word in _TENS:
            value = _TEENS.get(word) or _TENS[word]
            if current is not None and last in ("hundred", "scale") and current % 100 == 0:
                current += value
            else:
                if current is not None:
                    groups.append(total + current)
                    total = 0
                current = value
            last = "teen" if word in _TEENS else "tens"
        elif word == "hundred":
            current = (current or 1) * 100
            last = "hundred"
        else:
            total += (current or 1) * _SCALES[word]
            current, last = 0, "scale"
    if current is not None:
        groups.append(total + current)
    return "".join(str(g) for g in groups)


def _is_number(word: str, neighbours: Iterable[str]) -> bool:
    if word in _NUMBER_WORDS:
        return word not in _SCALES or any(n in _NUMBER_WORDS for n in neighbours)
    return word in ("oh", "o") and any(n in _UNITS or n in ("oh", "o") for n in neighbours)


def normalise(words: Sequence[str], confidences: Sequence[float], shapes: Iterable[str] = ()) -> Normalised:
    """Written-form tokens for recogniser ``words``; ``shapes`` are identifier regexes from ``shape_of``."""
    clean = [w.lower().rstrip(".") if len(w.rstrip(".")) == 1 else w.lower() for w in words]
    tokens: list[Token] = []
    i = 0
    while i < len(clean):
        j = i
        while j < len(clean) and _is_number(clean[j], (clean[k] for k in (j - 1, j + 1) if 0 <= k < len(clean))):
            j += 1
        if j == i + 1 and clean[i] in _UNITS:
            j = i  # a lone "one" is as often a word ("the premium one") as a number: leave it
        if j > i:
            tokens.append(Token(text=_number_run(clean[i:j]), confidence=min(confidences[i:j]),
                                words=tuple(range(i, j))))
            i = j
        else:
            tokens.append(Token(text=clean[i], confidence=confidences[i], words=(i,)))
            i += 1
    return Normalised(tokens=tuple(_join_identifiers(_join_dates(tokens), tuple(shapes))))


def _join_dates(tokens: list[Token]) -> list[Token]:
    """"april" "twelfth" "1988" → "April 12, 1988"; "february" "20" "second" → "February 22"."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        month = tokens[i].text if tokens[i].text in MONTHS else None
        if month == "may" and not any(re.fullmatch(r"(?:1[89]|20)\d\d", t.text) for t in tokens[i + 2:i + 4]):
            month = None  # "you may first …": the modal, unless a year says it is the month
        day, used = None, 0
        if month is not None:
            for n in (2, 1):  # "twenty second" is a number token and a word
                said = " ".join(t.text for t in tokens[i + 1:i + 1 + n])
                tens = {"20": "twenty", "30": "thirty"}.get(tokens[i + 1].text) if i + 1 < len(tokens) else None
                key = f"{tens} {said.split(' ', 1)[1]}" if n == 2 and tens and " " in said else said
                if len(tokens) > i + n and key in _ORDINALS:
                    day, used = _ORDINALS[key], n
                    break
        if month is None or day is None:
            out.append(tokens[i])
            i += 1
            continue
        end = i + 1 + used
        year = tokens[end].text if end < len(tokens) and re.fullmatch(r"(?:1[89]|20)\d\d", tokens[end].text) else None
        end += year is not None
        part = tokens[i:end]
        text = f"{month.capitalize()} {day}" + (f", {year}" if year else "")
        out.append(Token(text=text, confidence=min(t.confidence for t in part),
                         words=tuple(w for t in part for w in t.words)))
        i = end
    return out


def _letter(text: str) -> str | None:
    if len(text) == 1 and text.isalpha():
        return text
    return _LETTER_NAMES.get(text)


def _join_identifiers(tokens: list[Token], shapes: tuple[str, ...]) -> list[Token]:
    if not shapes:
        return tokens
    patterns = [re.compile(rf"{s}") for s in shapes]
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        joined = None
        for n_letters in (3, 2, 1):  # letters then a digit token, longest first
            end = i + n_letters
            letters = [_letter(t.text) for t in tokens[i:end]]
            if end < len(tokens) and all(letters) and len(letters) == n_letters and tokens[end].text.isdigit():
                candidate = "".join(letters).upper() + tokens[end].text  # type: ignore[arg-type]
                if any(p.fullmatch(candidate) for p in patterns):
                    part = tokens[i:end + 1]
                    joined = Token(text=candidate, confidence=min(t.confidence for t in part),
                                   words=tuple(w for t in part for w in t.words))
                    i = end + 1
                    break
        if joined is None:
            out.append(tokens[i])
            i += 1
        else:
            out.append(joined)
    return out
