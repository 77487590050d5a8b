"""The spoken form of a written message: what a caller would actually say, and the words a perfect ASR would write.

TTS engines normalise numbers and symbols in their own (often wrong) ways: flite reads "#W2378156" as "hash w two
thirty seven eighty one fifty six". So the channel speaks a pre-normalised text and scores the ASR against its
words: identifiers (letters mixed with digits) are spelled one character at a time, digit runs of three or more
are read digit by digit, numbers up to 99 as cardinals, money as dollars and cents, e-mail addresses with "at" and
"dot", dates (``2026-12-08``) as a caller says them: "december eighth twenty twenty six". Each spoken word remembers which written token it came from, so a critical value can be followed through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ((10**9, "billion"), (10**6, "million"), (1000, "thousand"))
# abbreviations a recogniser writes as one word: written -> (what the engine is asked to say, the word)
_ABBREVIATIONS = {"ID": ("I.D.", "id"), "IDs": ("I.D.s", "ids"), "OK": ("okay", "okay"), "TV": ("T.V.", "tv")}
# a month or a weekday written short, as a voice says it
_SHORT_NAMES = {**{m[:3].capitalize(): m for m in (
    "january", "february", "march", "april", "june", "july", "august", "september", "october", "november",
    "december")}, "Sept": "september", **{d[:3].capitalize(): d for d in (
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")}, "Tues": "tuesday",
    "Thurs": "thursday"}
_SYMBOLS = {"&": "and", "%": "percent", "+": "plus", "#": "number", "=": "equals"}
_TRAILING = ",.?!:;"
_MARKUP = "*_`"  # markdown emphasis and code around a token ("**pending**"): not said
_WRAPPERS = "\"')”’" + _MARKUP
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
_ORDINAL_UNITS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINAL_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                  "seventeenth", "eighteenth", "nineteenth")


def ordinal(day: int) -> list[str]:
    """The ordinal words of a day of the month (1–31): "first", "twenty second", "thirtieth"."""
    if day < 10:
        return [_ORDINAL_UNITS[day]]
    if day < 20:
        return [_ORDINAL_TEENS[day - 10]]
    tens, unit = divmod(day, 10)
    return [_TENS[tens][:-1] + "ieth"] if unit == 0 else [_TENS[tens], _ORDINAL_UNITS[unit]]


def _year(year: int) -> list[str]:
    """A year as said: 1988 "nineteen eighty eight", 2026 "twenty twenty six", 2005 "two thousand five"."""
    high, low = divmod(year, 100)
    if 2000 <= year < 2010:
        return cardinal(year)
    if low == 0:
        return cardinal(high) + ["hundred"]
    return cardinal(high) + (["oh", DIGITS[low]] if low < 10 else cardinal(low))


def cardinal(n: int) -> list[str]:
    """English words for a non-negative integer, without "and": 2002 -> two thousand two."""
    if n < 10:
        return [DIGITS[n]]
    if n < 20:
        return [_TEENS[n - 10]]
    if n < 100:
        return [_TENS[n // 10]] + ([DIGITS[n % 10]] if n % 10 else [])
    if n < 1000:
        return [DIGITS[n // 100], "hundred"] + (cardinal(n % 100) if n % 100 else [])
    for size, name in _SCALES:
        if n >= size:
            return cardinal(n // size) + [name] + (cardinal(n % size) if n % size else [])
    raise AssertionError("unreachable")


@dataclass(frozen=True, kw_only=True)
class Piece:
    say: str  # what the TTS engine is asked to say
    word: str  # the word a perfect recogniser writes


@dataclass(frozen=True, kw_only=True)
class SpokenForm:
    text: str
    tts_text: str
    words: tuple[str, ...]
    sources: tuple[int, ...]  # per spoken word: index of the written token it came from
    spans: tuple[tuple[int, int], ...]  # per written token: (start, end) in ``text``

    def words_of(self, start: int, end: int) -> tuple[int, ...]:
        """Indices of the spoken words that come from written text overlapping [start, end)."""
        tokens = {i for i, (a, b) in enumerate(self.spans) if a < end and b > start}
        return tuple(i for i, src in enumerate(self.sources) if src in tokens)


def _letter(ch: str) -> Piece:
    return Piece(say=f"{ch.upper()}.", word=ch.lower())


def _digit(ch: str) -> Piece:
    return Piece(say=DIGITS[int(ch)], word=DIGITS[int(ch)])


def _words(words: list[str]) -> list[Piece]:
    return [Piece(say=w, word=w) for w in words]


def _number(digits: str) -> list[Piece]:
    """Up to two digits as a cardinal ("forty two"); longer runs (ids, phone numbers) digit by digit."""
    if len(digits) <= 2 and not (len(digits) > 1 and digits[0] == "0"):
        return _words(cardinal(int(digits)))
    return [_digit(d) for d in digits]


def _spell(chunk: str) -> list[Piece]:
    return [_digit(c) if c.isdigit() else _letter(c) for c in chunk if c.isalnum()]


def _email(core: str) -> list[Piece]:
    out: list[Piece] = []
    for part in re.split(r"([@._\-])", core):
        if part in ("@", ".", "_", "-"):
            out += _words([{"@": "at", ".": "dot", "_": "underscore", "-": "dash"}[part]])
        else:
            for run in re.findall(r"[A-Za-z]+|\d+", part):  # rossi9136: a name, then digits
                out += [_digit(d) for d in run] if run.isdigit() else _chunk(run)
    return out


def _chunk(core: str) -> list[Piece]:
    """One written token without surrounding punctuation."""
    if core in _ABBREVIATIONS:
        say, word = _ABBREVIATIONS[core]
        return [Piece(say=say, word=word)]
    money = re.fullmatch(r"\$(\d[\d,]*)(?:\.(\d\d))?", core)
    if money:
        dollars = int(money[1].replace(",", ""))
        out = _words(cardinal(dollars) + ["dollar" if dollars == 1 else "dollars"])
        if money[2] and int(money[2]):
            out += _words(["and", *cardinal(int(money[2])), "cent" if int(money[2]) == 1 else "cents"])
        return out
    if "@" in core:
        return _email(core)
    if re.fullmatch(r"#+", core):  # a markdown heading's marks are not said
        return []
    if core.startswith("#") and len(core) > 1:
        return _words(["number"]) + _chunk(core[1:])
    if re.fullmatch(r"\d+%", core):
        return _number(core[:-1]) + _words(["percent"])
    if re.fullmatch(r"\d+\.\d+", core):
        whole, frac = core.split(".")
        return _number(whole) + _words(["point"]) + [_digit(d) for d in frac]
    date = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", core)
    if date and 1 <= int(date[2]) <= 12 and 1 <= int(date[3]) <= 31:
        return _words([MONTHS[int(date[2]) - 1], *ordinal(int(date[3])), *_year(int(date[1]))])
    day = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", core, re.IGNORECASE)
    if day and 1 <= int(day[1]) <= 31:  # "the 14th": "fourteenth", not "one four t h"
        return _words(ordinal(int(day[1])))
    if re.fullmatch(r"\d+", core):
        return _number(core)
    if re.fullmatch(r"[\d()\-]+", core):  # phone-number pieces: (555) 123-2002
        return [_digit(d) for d in core if d.isdigit()]
    if re.search(r"\d", core) and re.search(r"[A-Za-z]", core) and re.fullmatch(r"[A-Za-z0-9\-]+", core) \
            and not re.search(r"[A-Za-z]{4}", core):
        return _spell(core)  # an identifier: A100, W2378156, ABC-123 (not a word joined to a number: "4-cheese")
    if "-" in core.strip("-"):
        pieces: list[Piece] = []
        for part in core.split("-"):
            if len(part) == 1 and part.isalpha():
                pieces.append(_letter(part))  # "A-one-oh-something"
            elif part:
                pieces += _chunk(part)
        return pieces
    if core.isupper() and 2 <= len(core) <= 5 and core.isalpha():
        return [_letter(c) for c in core]  # SMS, USB
    if core in _SYMBOLS:
        return _words([_SYMBOLS[core]])
    word = core.lower().replace("\u2019", "'")
    return [Piece(say=core, word=word)] if re.search(r"[a-z0-9]", word) else []


_DAY_WORDS = frozenset(word for day in range(1, 32) for word in ordinal(day))


def spoken_form(text: str) -> SpokenForm:
    """The spoken form of ``text``; see the module docstring for the rules."""
    says: list[str] = []
    words: list[str] = []
    sources: list[int] = []
    spans: list[tuple[int, int]] = []
    tokens = list(re.finditer(r"\S+", text))
    for index, match in enumerate(tokens):
        spans.append(match.span())
        token = match.group()
        core = token.rstrip(_TRAILING + _WRAPPERS)
        trailing = "".join(ch for ch in token[len(core):] if ch in _TRAILING)
        core = core.lstrip("\"'(“‘" + _MARKUP)
        following = tokens[index + 1].group() if index + 1 < len(tokens) else ""
        # "Thu, Mar 5": the names said in full (a month before a number, a weekday before its comma or full stop)
        if core in _SHORT_NAMES and ((_SHORT_NAMES[core] in MONTHS and following[:1].isdigit())
                                     or (_SHORT_NAMES[core] not in MONTHS and trailing)):
            core = _SHORT_NAMES[core]
        if words and words[-1] in MONTHS and re.fullmatch(r"\d{1,2}", core) and 1 <= int(core) <= 31:
            pieces = _words(ordinal(int(core)))  # "March 5" is said "March fifth"
        elif words and (words[-1] in MONTHS or words[-1] in _DAY_WORDS) and re.fullmatch(r"(?:19|20)\d\d", core):
            pieces = _words(_year(int(core)))  # "March 5 2026": the year said as one
        else:
            pieces = _chunk(core) if core else []
        for piece in pieces:
            says.append(piece.say)
            words.extend(w for w in piece.word.split())
            sources.extend(index for _ in piece.word.split())
        if says and trailing:
            says[-1] += trailing if not says[-1].endswith(".") else trailing.replace(".", "")
    return SpokenForm(text=text, tts_text=" ".join(says), words=tuple(words), sources=tuple(sources),
                      spans=tuple(spans))
