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
from collections.abc import Collection, Iterable, Mapping, Sequence
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


def _digits_go_on(words: Sequence[str], start: int, end: int, pauses: Collection[int]) -> bool:
    """Whether a number read digit by digit goes on after a short pause ("four one five, five five five, …": one
    phone number said in groups of up to four), as opposed to a new number ("March thirteen, twenty twenty six";
    "order W three one three nine zero five nine: seven nine nine Willow Street")."""
    digit = {*_UNITS, "oh", "o"}
    group_start = max([start, *(k + 1 for k in pauses if start <= k < end - 1)])
    group = words[group_start:end]
    short_pause = not isinstance(pauses, Mapping) or pauses.get(end - 1, ",").startswith(",")
    # one digit a group only for an identifier spelled after its letter ("A, one, zero, eight"), not for a list of
    # options ("one, two or three")
    smallest = 1 if start and _letter(words[start - 1]) else 2
    return short_pause and smallest <= len(group) <= 4 and all(w in digit for w in words[start:end]) \
        and end < len(words) and words[end] in digit \
        and (end + 1 < len(words) and words[end + 1] in digit or smallest == 1)


def _is_number(word: str, neighbours: Iterable[str]) -> bool:
    if word in _NUMBER_WORDS:
        return word not in _SCALES or any(n in _NUMBER_WORDS for n in neighbours)
    return word in ("oh", "o") and any(n in _UNITS or n in ("oh", "o") for n in neighbours)


def normalise(words: Sequence[str], confidences: Sequence[float], shapes: Iterable[str] = (),
              pauses: Collection[int] = ()) -> Normalised:
    """Written-form tokens for recogniser ``words``; ``shapes`` are identifier regexes from ``shape_of``;
    ``pauses``: the words after which the speaker paused (a mapping gives each pause's mark: a comma is a short
    one), where no number or date runs on ("March 13, 2026" is not "March 132026")."""
    clean = [w.lower().rstrip(".") if len(w.rstrip(".")) == 1 else w.lower() for w in words]
    tokens: list[Token] = []
    i = 0
    while i < len(clean):
        j = i
        while j < len(clean) and _is_number(clean[j], (clean[k] for k in (j - 1, j + 1) if 0 <= k < len(clean))):
            j += 1
            if j - 1 in pauses and not _digits_go_on(clean, i, j, pauses):
                break
        if j == i + 1 and clean[i] in _UNITS:
            j = i  # a lone "one" is as often a word ("the premium one") as a number: leave it
        elif j == i + 2 and all(w in _UNITS for w in clean[i:j]) and not (i and _letter(clean[i - 1])):
            j = i  # "two four cheese pizzas": a count, then a name (an id is spelled after a letter: "a one zero")
        if j > i:
            tokens.append(Token(text=_number_run(clean[i:j]), confidence=min(confidences[i:j]),
                                words=tuple(range(i, j))))
            i = j
        else:
            tokens.append(Token(text=clean[i], confidence=confidences[i], words=(i,)))
            i += 1
    joined = _join_identifiers(_join_dates(_spelled_by_word(tokens)), tuple(shapes))
    return Normalised(tokens=tuple(_amounts(_join_acronyms(joined, pauses))))


_SIZES = frozenset({"GB", "MB", "TB", "KB"})


def number_of(word: str) -> int | None:
    """The number a written-back token says: digits, or a lone digit word ("seven"); else None."""
    return int(word) if word.isdigit() else _UNITS.get(word)


def _merged(text: str, part: Sequence[Token]) -> Token:
    return Token(text=text, confidence=min(t.confidence for t in part), words=tuple(w for t in part for w in t.words))


def _amounts(tokens: list[Token]) -> list[Token]:
    """Money and sizes as written: "four dollars and 50 cents" → "$4.50", "16 dollars" → "$16", "two GB" →
    "2 GB"."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        amount = number_of(tokens[i].text)
        said = [t.text for t in tokens[i + 1:i + 5]]
        if amount is not None and said[:1] in (["dollars"], ["dollar"]):
            cents = number_of(tokens[i + 3].text) if said[1:2] == ["and"] and said[3:4] in (["cents"], ["cent"]) else None
            end = i + (5 if cents is not None else 2)
            out.append(_merged(f"${amount}" + (f".{cents:02d}" if cents is not None else ""), tokens[i:end]))
            i = end
        elif amount is not None and said[:1] and said[0] in _SIZES:
            out.append(_merged(str(amount), tokens[i:i + 1]))
            i += 1
        else:
            out.append(tokens[i])
            i += 1
    return out


def _join_acronyms(tokens: list[Token], pauses: Collection[int]) -> list[Token]:
    """Letters spelled one by one that no identifier took are an acronym: "s m s" → "SMS", "a p n" → "APN" (two
    letters opening with "a" or "i" may be words: "a b" stays; four or more open with the article: "a VPN")."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        end = i
        while end < len(tokens) and len(tokens[end].text) == 1 and tokens[end].text.isalpha():
            end += 1
            if tokens[end - 1].words[-1] in pauses:
                break
        run = tokens[i:end]
        if len(run) >= 4 and run[0].text in ("a", "i"):  # "a v p n": the article, then the acronym
            out.append(tokens[i])
            i += 1
            run = run[1:]
        if len(run) >= 3 or (len(run) == 2 and run[0].text not in ("a", "i")):
            out.append(_merged("".join(t.text for t in run).upper(), run))
            i = end
        else:
            out.append(tokens[i])
            i += 1
    return out


_YEAR = re.compile(r"(?:1[89]|20)\d\d")


def _spelled_by_word(tokens: list[Token]) -> list[Token]:
    """A letter spelled by a word that starts with it is the letter: "b as in bravo" → "b"."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        said = [t.text for t in tokens[i:i + 4]]
        if len(said) == 4 and len(said[0]) == 1 and said[0].isalpha() and said[1:3] == ["as", "in"] \
                and said[3].startswith(said[0]):
            out.append(_merged(said[0], tokens[i:i + 4]))
            i += 4
        else:
            out.append(tokens[i])
            i += 1
    return out


def _day_at(tokens: Sequence[Token], i: int) -> tuple[int | None, int]:
    """The day of the month said at ``tokens[i]`` and how many tokens say it: an ordinal ("twelfth", "20" "second")
    or a cardinal from 1 to 31 ("13", "seven")."""
    for n in (2, 1):  # "twenty second" is a number token and a word
        if len(tokens) < i + n:
            continue
        said = " ".join(t.text for t in tokens[i:i + n])
        tens = {"20": "twenty", "30": "thirty"}.get(tokens[i].text)
        key = f"{tens} {said.split(' ', 1)[1]}" if n == 2 and tens and " " in said else said
        if key in _ORDINALS:
            return _ORDINALS[key], n
    if i < len(tokens):
        number = number_of(tokens[i].text) or 0
        if 1 <= number <= 31:
            return number, 1
    return None, 0


def _join_dates(tokens: list[Token]) -> list[Token]:
    """"april" "twelfth" "1988" → "April 12, 1988"; "february" "20" "second" → "February 22"; "march" "7" →
    "March 7"; "the fourteenth of march" → "the March 14"."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        month = tokens[i].text if tokens[i].text in MONTHS else None
        if month == "may" and not any(_YEAR.fullmatch(t.text) for t in tokens[i + 2:i + 4]):
            month = None  # "you may first …": the modal, unless a year says it is the month
        day, used = _day_at(tokens, i + 1) if month is not None else (None, 0)
        start, end = i, i + 1 + used
        if day is None:  # "six march 2026", "14 march": the day first (a lone "six" only with a year after)
            before, said = _day_at(tokens, i)
            after = i + said
            if before is not None and after < len(tokens) and tokens[after].text in MONTHS \
                    and tokens[after].text != "may" and (tokens[i].text not in _UNITS or (
                        after + 1 < len(tokens) and _YEAR.fullmatch(tokens[after + 1].text))):
                month, day, end = tokens[after].text, before, after + 1
        if day is None and month is None:  # "the fourteenth of march"
            ordinal_day, said = _day_at(tokens, i)
            after = i + said
            if ordinal_day is not None and not tokens[i + said - 1].text.isdigit() \
                    and tokens[i].text not in _UNITS and after + 1 < len(tokens) \
                    and tokens[after].text == "of" and tokens[after + 1].text in MONTHS:
                month, day, end = tokens[after + 1].text, ordinal_day, after + 2
        if month is None or day is None:
            out.append(tokens[i])
            i += 1
            continue
        year = tokens[end].text if end < len(tokens) and _YEAR.fullmatch(tokens[end].text) else None
        end += year is not None
        out.append(_merged(f"{month.capitalize()} {day}" + (f", {year}" if year else ""), tokens[start:end]))
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
            dash = end < len(tokens) and tokens[end].text in ("dash", "hyphen")  # "i m g dash four five …"
            digits = end + dash
            if digits < len(tokens) and all(letters) and len(letters) == n_letters and tokens[digits].text.isdigit():
                candidate = "".join(letters).upper() + tokens[digits].text  # type: ignore[arg-type]
                if any(p.fullmatch(candidate) for p in patterns):
                    joined = _merged(candidate, tokens[i:digits + 1])
                    i = digits + 1
                    break
        if joined is None:
            out.append(tokens[i])
            i += 1
        else:
            out.append(joined)
    return out
