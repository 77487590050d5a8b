"""Values as an agent writes them: whether a text states a value (an id however spaced, a phone number however
punctuated, a date in any common form, an amount, a number in words, every element of a list, every line of an
order), and which other values of the same shape it states instead (a wrong read-back).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date

from ._endings import METHOD_ID, MethodId
from ._lexicon import everyday_words, singular
from ._text import compiled, normalise, without_emphasis

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_ORDINAL = r"(\d{1,2})(?:st|nd|rd|th)?"
_DATES = (
    re.compile(r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"),  # 2026-03-05, 2026/03/05
    # 03/05/2026, 2/17/91, 02-17-1991 (month first; day first past 12), 17.02.1991 (day first)
    re.compile(r"(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/]|[.-]\d)"),
    re.compile(rf"\b{_MONTH}\s+{_ORDINAL}(?:,?\s+(\d{{4}}))?(?![\d])"),  # March 5th, 2026
    re.compile(rf"(?<!\d){_ORDINAL}(?:\s+of)?\s+{_MONTH}(?:,?\s+(\d{{4}}))?(?![\d])"),  # 5 March 2026
    re.compile(r"(?<![\d/.$])(\d{1,2})/(\d{1,2})(?![\d/])"),  # 3/14 (month first, no year)
)
_NUMBER_WORDS = {"zero": 0, "one": 1, "a": 1, "an": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                 "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple": 2,
                 "a pair": 2, "both": 2}
_EMAIL = re.compile(r"[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+")
_PHONE = re.compile(r"(?<![\d])(?:\+?1[-. ]?)?\(?(\d{3})\)?[-. ]?(\d{3})[-. ]?(\d{4})(?!\d)")
_LINE = re.compile(r"^\s*(\d{1,2})\s*x\s+(.+?)\s*(?:\((.*)\))?\s*$")


def _month(word: str) -> int:
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(word.rstrip(".")[:3]))


def dates_in(text: str) -> list[tuple[int | None, int, int]]:
    """(year or None, month, day) of every date the text writes."""
    return [found for _, found in date_spans(text)]


def _full_year(year: str) -> int:
    """A year as written: "91" is 1991 and "26" is 2026 (a two-digit year up to 40 is this century's)."""
    n = int(year)
    return n if len(year) == 4 else (2000 + n if n <= 40 else 1900 + n)


def date_spans(text: str) -> list[tuple[int, tuple[int | None, int, int]]]:
    """Where in the normalised text each date starts, with its (year or None, month, day)."""
    said = normalise(text)
    found: list[tuple[int, tuple[int | None, int, int]]] = []
    for i, pattern in enumerate(_DATES):
        for m in pattern.finditer(said):
            g = m.groups()
            y: int | None
            try:
                if i == 0:
                    y, mo, d = int(g[0]), int(g[1]), int(g[2])
                elif i == 1:
                    y, mo, d = _full_year(g[3]), int(g[0]), int(g[2])
                    if (mo > 12 >= d) or (g[1] == "." and d <= 12):  # 14/03/2026; 17.02.1991 and 05.03.2026
                        mo, d = d, mo
                elif i == 2:
                    y, mo, d = (int(g[2]) if g[2] else None), _month(g[0]), int(g[1])
                elif i == 3:
                    y, mo, d = (int(g[2]) if g[2] else None), _month(g[1]), int(g[0])
                else:
                    y, mo, d = None, int(g[0]), int(g[1])
                    if mo > 12 >= d:  # "14/11": the day first
                        mo, d = d, mo
                date(y or 2000, mo, d)
            except (ValueError, StopIteration):
                continue
            found.append((m.start(), (y, mo, d)))
    return found


_DIGIT_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                "seven": "7", "eight": "8", "nine": "9"}
_ONE_DIGIT = r"(?:\d|zero|one|two|three|four|five|six|seven|eight|nine)"
_DIGIT_RUN = re.compile(rf"(?<![a-z0-9.]){_ONE_DIGIT}(?:[- ]{_ONE_DIGIT}){{3,}}(?![a-z0-9])")


_LETTER_RUN = re.compile(r"(?<![a-z0-9-])[a-z](?:-[a-z]){2,}(?![a-z0-9-])")
# an identifier spelled one character at a time: "A-1-0-4"
_CODE_RUN = re.compile(r"(?<![a-z0-9-])(?=[a-z0-9-]*[a-z])(?=[a-z0-9-]*\d)[a-z0-9](?:-[a-z0-9]){2,}(?![a-z0-9-])")


_ITEM_NUMBER = re.compile(r"(?m)^\s*\(?\d{1,2}[.)](?=\s)")


@functools.lru_cache(maxsize=512)
def spelled_joined(said: str) -> str:
    """A word or an identifier spelled one character at a time ("O-K-O-R-O", "A-1-0-4") written as one."""
    for run in (_LETTER_RUN, _CODE_RUN):
        said = run.sub(lambda m: m.group(0).replace("-", ""), said)
    return said


def _one_by_one(said: str) -> str:
    """Digits said one at a time ("7-0-3-6-5", "seven zero three six five") written as one number, and a word
    or an identifier spelled character by character ("O-K-O-R-O", "A-1-0-4") as the word."""
    said = spelled_joined(said)
    if not _DIGIT_RUN.search(said):
        return said
    return _DIGIT_RUN.sub(lambda m: "".join(_DIGIT_WORDS.get(t, t) for t in re.split(r"[- ]", m.group(0))), said)


def _iso_date(value: str) -> tuple[int, int, int] | None:
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", value.strip())
    if not m:
        return None
    try:
        date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def _compact(text: str) -> str:
    return re.sub(r"[^a-z0-9@.]", "", text.lower())


def written_forms(value: str) -> frozenset[str]:
    """The ways an agent writes a value, for matching it as a phrase: a phone number with dashes, dots, spaces,
    the area code in brackets ("(206) 555-0128") or none ("2065550128", as a tool returns it); any other value as it
    is."""
    if shape(value) != "phone":
        return frozenset({value})
    digits = re.sub(r"\D", "", value)
    area, exchange, line = digits[-10:-7], digits[-7:-4], digits[-4:]
    return frozenset({value, f"{area}-{exchange}-{line}", f"({area}) {exchange}-{line}", f"{area}.{exchange}.{line}",
                      f"{area} {exchange} {line}", f"{area}{exchange}{line}"})


@functools.lru_cache(maxsize=4096)
def shape(value: str) -> str | None:
    """The kind of a scalar value: ``email``, ``phone``, ``date``, ``id`` (letters and digits), ``number``,
    ``money``, or None (free text)."""
    v = value.strip().lower()
    if _EMAIL.fullmatch(v):
        return "email"
    if _iso_date(v):
        return "date"
    if re.fullmatch(r"\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}", v):
        return "phone"
    if re.fullmatch(r"\$?\d+\.\d{2}", v):
        return "money"
    if re.fullmatch(r"\d+(?:\.\d+)?", v):
        return "number"
    if re.fullmatch(r"[a-z0-9#_-]+", v) and re.search(r"\d", v) and re.search(r"[a-z]", v):
        return "id"
    if re.fullmatch(r"\d{2,}(?:-\d{2,})+", v):  # an account number in groups ("4417-2290"): an id of digits
        return "id"
    return None


@functools.lru_cache(maxsize=4096)
def _id_pattern(value: str) -> re.Pattern[str]:
    """Values shaped like ``value``: the same letters and as many digits, separators optional (``W3125763`` is
    another order id than ``W3125736``; ``B5201`` is no customer id like ``C1002``)."""
    runs = re.findall(r"[a-z]+|\d+", value.lower())
    parts = [re.escape(r) if r.isalpha() else rf"\d{{{len(r)}}}" for r in runs]
    return re.compile(r"(?<![a-z0-9])" + r"[-_ #]?".join(parts) + r"(?![a-z0-9])")


def _number_forms(number: float) -> list[str]:
    forms = [f"{number:g}"]
    if float(number).is_integer():
        n = int(number)
        forms += [f"{n}.0", f"{n}.00"]
        forms += [w for w, v in _NUMBER_WORDS.items() if v == n and " " not in w and w not in ("a", "an", "both")]
        if abs(n) >= 1000:  # thousands grouped: "$2,350", "2,350.00"
            forms += [f"{n:,}", f"{n:,}.00"]
    else:
        forms.append(f"{number:.2f}")
        if abs(number) >= 1000:
            forms += [f"{number:,.2f}", f"{number:,g}"]
    if abs(number) >= 1000:  # "2.35k", "£2.35K"
        forms.append(f"{number / 1000:g}k")
    return forms


# what makes a number a price, a share or a time: not a count of something else ("$2" is no 2 GB)
_NOT_A_COUNT_BEFORE = re.compile(r"[$\u00a3\u20ac]\s*$")
_NOT_A_COUNT_AFTER = re.compile(r"\s*(?:dollars?|bucks|usd|cents?|%|percent|am|pm|a\.m\.|p\.m\.|o'clock)\b")


# two people said as "both" ("breakfast for both guests", "both of you")
_BOTH_OF_A_PARTY = re.compile(r"\bboth (?:of (?:you|us|them)|guests|adults|people|travellers|travelers|passengers)\b")


def _has_number(said: str, number: float, *, money: bool = False) -> bool:
    """The number, in digits or words; a count (not ``money``) is never one said as a price, a share or a time."""
    def counts(m: re.Match[str]) -> bool:
        return money or not (_NOT_A_COUNT_BEFORE.search(said[:m.start()]) or _NOT_A_COUNT_AFTER.match(said, m.end()))

    return any(counts(m) for f in _number_forms(number) if not f.isalpha()
               for m in compiled(rf"(?<![\d.]){re.escape(f)}(?![\d]|\.\d){'(?![a-z])' if f[-1] == 'k' else ''}")
               .finditer(said)) or any(
        counts(m) for f in _number_forms(number) if f.isalpha() for m in re.finditer(rf"\b{f}\b", said))


def states(text: str, value: object, *, money: bool = False) -> bool:
    """Whether ``text`` states ``value`` (a scalar, every element of a list, every value of a mapping, every line
    of an order written ``2 x item (modifiers); …``). ``money``: a number that is an amount of money, so "$890.00"
    states it (of a count, "$2" is no 2 GB)."""
    if isinstance(value, bool) or value is None:
        return True  # a flag is not read back as a value
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(states(text, v) for v in value)
    if isinstance(value, dict):
        return all(states(text, v) for v in value.values())
    if isinstance(value, (int, float)):  # (the number of a list item is no amount: "2. Would you like that?")
        said = _one_by_one(normalise(without_emphasis(_ITEM_NUMBER.sub(" ", text))))
        return _has_number(said, float(value), money=money) or (value == 2 and not money
                                                                and _BOTH_OF_A_PARTY.search(said) is not None)
    said = _one_by_one(normalise(without_emphasis(text)))
    as_given = value  # (a MethodId knows its record's digits; the stripped text below is a plain string)
    value = str(value).strip()
    if ";" in value or _LINE.match(value.lower()):
        return all(_states_line(said, line) for line in value.split(";") if line.strip())
    kind = shape(value)
    if kind == "email":
        return value.lower() in said or value.lower() in _spoken_email(said)
    if kind == "phone":
        digits = re.sub(r"\D", "", value)
        return any("".join(m.groups()) == digits for m in _PHONE.finditer(said)) or _in_groups(said, digits)
    if kind == "date":
        y, mo, d = _iso_date(value)  # type: ignore[misc]
        return any(mo == m and d == dd and (yy is None or yy == y)
                   for yy, m, dd in [*dates_in(said), *(other for _, other in _ambiguous_dates(said))])
    if kind in ("money", "number"):
        return _has_number(said, float(value.lstrip("$")), money=kind == "money") or (
            kind == "number" and len(value) >= 6 and value.isdigit() and _in_groups(said, value))
    if kind == "id":
        target = _compact(value)
        method = METHOD_ID.fullmatch(value.lower())
        return any(_compact(m.group(0)) == target for m in _id_pattern(value).finditer(said)) or (
            # (the last digits name it only where no method id is written: "off your Visa ending 1263 and onto
            # PayPal (paypal_6563202)", "credit_card_8640746 (ending 1263)" name another)
            method is not None and _last_digits(said, value) == [_last_four(as_given, method)]
            and METHOD_ID.search(said) is None)
    clock = _CLOCK_VALUE.fullmatch(value)
    if clock is not None and (int(clock.group(1)), int(clock.group(2))) in times_in(said):
        return True
    return _states_text(said, value)


def _in_groups(said: str, digits: str) -> bool:
    """A long number's digits in groups of any size ("6120-077-415", "61200 77415" for 6120077415)."""
    return compiled(r"(?<![\d-])" + r"[- ]?".join(digits) + r"(?!\d|-\d)").search(said) is not None


_CLOCK_VALUE = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
_CLOCK_SAID = re.compile(r"(?<![\d:.$])([01]?\d|2[0-3])(?:[:.]([0-5]\d))?\s*(a\.?m\.?|p\.?m\.?|o'clock)?(?![\d%])"
                         r"|\b(noon|midday|midnight)\b")


_HOUR_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_HOUR_OF_DAY = re.compile(r"\b(\d{1,2}|" + "|".join(_HOUR_WORDS)
                          + r")(?: o'clock)? in the (morning|afternoon|evening)\b")
# an hour in words with the day's half or o'clock ("one pm", "one o'clock")
_HOUR_WORD_SAID = re.compile(r"\b(" + "|".join(_HOUR_WORDS) + r")\s*(a\.?m\.?|p\.?m\.?|o'clock)(?![a-z])")


def times_in(said: str) -> set[tuple[int, int]]:
    """The times of day a text states, on a 24-hour clock: "13:00", "1 pm", "1:30 p.m.", "noon", "one in the
    afternoon" (a bare number is no time: only one with minutes or a mark of the day's half)."""
    found = {(hour % 12 + (0 if part == "morning" else 12), 0) for said_hour, part in _HOUR_OF_DAY.findall(said)
             if 1 <= (hour := int(said_hour) if said_hour.isdigit() else _HOUR_WORDS.index(said_hour) + 1) <= 12}
    for m in _CLOCK_SAID.finditer(said):
        if m.group(4):
            found.add((0, 0) if m.group(4) == "midnight" else (12, 0))
            continue
        if m.group(3) or m.group(2) is not None:
            found |= _on_the_clock(int(m.group(1)), int(m.group(2) or 0), m.group(3) or "")
    for hour, half in _HOUR_WORD_SAID.findall(said):
        found |= _on_the_clock(_HOUR_WORDS.index(hour) + 1, 0, half)
    return found


def _on_the_clock(hour: int, minutes: int, half: str) -> set[tuple[int, int]]:
    """The 24-hour times an hour said with its half of the day means; "one o'clock" either half, as people say it
    of the afternoon."""
    half = half.replace(".", "")
    if half == "pm" and hour < 12:
        return {(hour + 12, minutes)}
    if half == "am" and hour == 12:
        return {(0, minutes)}
    if half == "o'clock" and 1 <= hour < 12:
        return {(hour, minutes), (hour + 12, minutes)}
    return {(hour, minutes)}


_ENDING = re.compile(r"(?:ending(?: in| with)?|ends (?:in|with)|last (?:four|4)(?: digits)?(?: of)?|[*x\u2022.]{2,}|"
                     r"\u2026)\s*:?\s*(\d{4})(?!\d)")


def _last_four(value: object, method: re.Match[str]) -> str:
    """The last four digits a payment method is known by: its record's (``MethodId``), else its id's (``method``)."""
    return value.last_four if isinstance(value, MethodId) else method.group(2)[-4:]


def _other_methods(text: str, value: str) -> list[str]:
    """Payment methods of any kind other than ``value`` (a method) that the text names: rivals in an offer of
    "PayPal (paypal_7357918) or the gift card (gift_card_1190283)"."""
    if METHOD_ID.fullmatch(value.lower()) is None:
        return []
    return [m.group(0) for m in METHOD_ID.finditer(normalise(text)) if m.group(0) != value.lower()]


def _last_digits(said: str, value: str) -> list[str]:
    """The last four digits the text gives for a payment method of the value's kind ("your PayPal account ending
    in 7918"): a method is told by its kind and last digits, as a statement or receipt shows it."""
    method = METHOD_ID.fullmatch(value.lower())
    if method is None:
        return []
    kind = method.group(1).split("_")[-1]
    names = rf"{re.escape(kind)}|{_CARD_BRANDS}" if kind == "card" and "gift" not in method.group(1) else re.escape(kind)
    if not re.search(rf"(?<![a-z])(?:{names})", said):
        return []
    return _ENDING.findall(said)


# a credit or debit card is also named by its brand ("your Visa ending in 8457")
_CARD_BRANDS = r"visa|mastercard|master card|amex|american express|discover|maestro|debit card"


_BRITISH = re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)(?![a-z])")
# the other British spellings, written the American way: "Fibre 500" is "Fiber 500", "colour" "color", "cancelled"
# "canceled" (-re after a consonant but c, g and n: "centre", not "acre"; -our after a consonant but v: not "four")
_BRITISH_RE = re.compile(r"(?<=[a-z]{2}[b-df-hj-np-tv-z])(?<![cgn])re(s?)(?![a-z])")
_BRITISH_OUR = re.compile(r"(?<=[a-z][b-df-hj-np-tv-z])(?<!v)our(s|ed|ing|ite|ites)?(?![a-z])")
_BRITISH_LL = re.compile(r"(?<=[a-z]{2}[b-df-hj-np-tv-z]e)ll(ed|ing|er|ers)(?![a-z])")  # "travelled", "cancelled"


def american(text: str, *, name: bool = False) -> str:
    """Lower-case text with British spellings written the American way, so either spelling of a value matches;
    ``name``: of a name's value, whose letters are its own ("Harbour Print Ltd" is no "Harbor Print Ltd"), only the
    -ise endings are."""
    text = _BRITISH.sub(r"iz\1", text)
    return text if name else _BRITISH_LL.sub(r"l\1", _BRITISH_OUR.sub(r"or\1", _BRITISH_RE.sub(r"er\1", text)))


def words_pattern(tokens: Sequence[str]) -> str:
    """The tokens in order, any punctuation or spacing between them, and a number and its unit written together or
    apart ("750ml" is "750 ml")."""
    out = []
    for k, token in enumerate(tokens):
        if k:
            out.append(r"[^a-z0-9]*" if tokens[k - 1][-1].isdigit() and token[0].isalpha() else r"[^a-z0-9]+")
        out.append(re.sub(r"(?<=\d)(?=[a-z])", "[ -]?", re.escape(token)))
    return "".join(out)


def _states_text(said: str, value: str) -> bool:
    """Free text: the value's words in order, punctuation and spacing aside (``Granite Works LLC``), either
    spelling (recognised, recognized), an address's words as the post abbreviates them ("Blvd" for Boulevard, "WI"
    for Wisconsin), and an enumeration's "not <done>" said as a negated verb (``not_recognised``: "a charge you
    don't recognize", "an unrecognized charge")."""
    name = _PERSON_NAME.fullmatch(value.strip()) is not None
    tokens = _postal_tokens(value, name=name)
    if not tokens:
        return True
    said = postal(american(said, name=name))
    words = [re.escape(t) for t in tokens]
    if len(tokens) > 1 and tokens[0] == "not" and tokens[1].endswith("ed"):
        verb = re.escape(tokens[1][:-2]) + "e?"
        words[:2] = [rf"(?:not[^a-z0-9]+{words[1]}|(?:do|does|did)(?:n't|n’t| not) {verb}|un{words[1]})"]
    body = words_pattern(tokens) if words == [re.escape(t) for t in tokens] else r"[^a-z0-9]+".join(words)
    if compiled(rf"(?<![a-z0-9]){body}(?:s|es)?(?![a-z0-9])").search(said) is not None:
        return True
    if name and any(not _VOCATIVE.search(said, 0, m.start()) or not _CLAUSE_END.match(said, m.end())
                    for m in compiled(rf"\b{_TITLE} {re.escape(tokens[-1])}\b").finditer(said)):
        return True  # "contact Ms Mensah" for Ama Mensah (not "Thanks, Mr. Okafor.": the user addressed)
    if "_" in value.strip() and 2 <= len(tokens) <= 3 and tokens[0] != "not":
        # an enumeration's member read back in a sentence, its words in order with a few between them
        # (``below_excess``: "the cost is below your $300 excess")
        gap = r"[^a-z0-9.?!]+(?:[$\u00a3\u20ac]?[a-z0-9']+(?:[.,]\d+)*[^a-z0-9.?!]+){0,3}?"
        if re.search(r"(?<![a-z0-9])" + gap.join(words) + r"(?:s|es)?(?![a-z0-9])", said) is not None:
            return True
    if "_" in value.strip() and tokens[0] != "not" and in_everyday_words(said, tokens):
        return True
    # (not a name: "Harbor Prints Ltd" misreads ``Harbor Print Ltd``)
    if "_" not in value and 2 <= len(tokens) <= 4 and not any(c.isdigit() or c.isupper() for c in value) \
            and _words_close_by(said, tokens):
        return True
    parts = [_postal_tokens(part, name=name) for part in value.split(",")]
    # a value of several parts ("white, cool") read back in other words between them ("white with cool light")
    return len(parts) > 1 and all(part and _states_part(said, part) for part in parts)


# a name (of a person, a company, a room), and a title before a surname
_PERSON_NAME = re.compile(r"[A-Z][a-z'-]+(?: [A-Z][a-z'-]+){1,3}")
_TITLE = r"(?:mr|mrs|ms|miss|mx|dr)\.?"
_CLAUSE_END = re.compile(r"\s*(?:[,.!?;:\u2013\u2014]|-\s)")
_VOCATIVE = re.compile(r"(?:^|[,.!?:;]|\b(?:thanks|thank you|hi|hello|hey|dear|sorry|great|ok|okay|welcome)),?\s*$")


def _words_close_by(said: str, tokens: Sequence[str]) -> bool:
    """Every word of a value within a few words of each other in one clause, in any order ("the double with sea
    views" for ``sea view double``; not "a double room - the sea views are …")."""
    wanted = set(tokens)
    if any(len(t) < 3 for t in wanted):  # a size's letter is read in its place only ("navy s | black m")
        return False
    span = len(tokens) + 2
    for clause in re.split(r"\s[-\u2013\u2014]\s|[,.;:?!()|/]", said):
        said_words = re.findall(r"[a-z0-9]+", clause)
        # (a word of the value may be said in the plural: "sea views")
        said_words = [w[:-1] if w[:-1] in wanted and w not in wanted else w for w in said_words]
        if any(wanted <= set(said_words[k:k + span]) for k, w in enumerate(said_words) if w in wanted):
            return True
    return False


def in_everyday_words(said: str, tokens: Sequence[str], *, strict: bool = False) -> bool:
    """An enumeration's member said in everyday words: each of its content words in any form or by a word of the
    same meaning, in order ("relocating" for ``moving_away``, "a scheduling clash" for ``schedule_conflict``);
    ``strict``: a member of one content word only by a word of the same meaning ("moving" alone may be of anything)."""
    content = [t for t in tokens if t not in _ENUM_FILLERS]
    if not content or len(content) > 3:
        return False
    alternatives = []
    for token in content:
        own = set() if strict and len(content) == 1 else {re.escape(token[:max(4, len(token) - 2)]) + "[a-z]*"}
        forms = own | {re.escape(w) for w in everyday_words(token)}
        if not forms:
            return False
        alternatives.append("(?:" + "|".join(sorted(forms, key=len, reverse=True)) + ")")
    # (an amount between them: "the repair came in under your £300 excess" for ``below_excess``)
    gap = r"[^a-z0-9.?!]+(?:[$\u00a3\u20ac]?[a-z0-9']+(?:[.,]\d+)*[^a-z0-9.?!]+){0,2}?"
    return compiled(r"(?<![a-z0-9])" + gap.join(alternatives) + r"(?![a-z0-9])").search(said) is not None


# words of an enumeration's member that say nothing of its meaning alone ("moving_away", "too_expensive")
# (nor a generic head after the word that tells the member: "water_damage" is told by its water)
_ENUM_FILLERS = frozenset({"away", "too", "by", "of", "the", "a", "an", "to", "for", "in", "on", "at", "and", "or",
                           "damage", "issue", "problem", "type"})


def _postal_tokens(part: str, *, name: bool) -> list[str]:
    """The words of a value or a part of one, spelled the American way (a name's own letters kept) and as the post
    abbreviates them."""
    return [_POSTAL.get(t) or t for t in re.findall(r"[a-z0-9]+", american(part.lower(), name=name))]


def _states_part(said: str, tokens: list[str]) -> bool:
    """One part of a value; a part of one or two letters (a size "s", "xl") only where a size stands: after
    "size", "in", a comma, a slash or a bracket ("in XS", "(navy, S)")."""
    body = words_pattern(tokens)
    lead = r"(?:\bsize|\bin|[,/(])\s*" if len(tokens) == 1 and len(tokens[0]) <= 2 else ""
    return compiled(rf"{lead}(?<![a-z0-9]){body}(?:s|es)?(?![a-z0-9])").search(said) is not None


# the words of an address and their postal abbreviations (US states by name), and of a company's name
_POSTAL = {"street": "st", "avenue": "ave", "boulevard": "blvd", "road": "rd", "drive": "dr", "lane": "ln",
           "court": "ct", "place": "pl", "terrace": "ter", "parkway": "pkwy", "highway": "hwy", "square": "sq",
           "circle": "cir", "suite": "ste", "apartment": "apt", "north": "n", "south": "s", "east": "e", "west": "w",
           "alabama": "al", "alaska": "ak", "arizona": "az", "arkansas": "ar", "california": "ca", "colorado": "co",
           "connecticut": "ct", "delaware": "de", "florida": "fl", "georgia": "ga", "hawaii": "hi", "idaho": "id",
           "illinois": "il", "indiana": "in", "iowa": "ia", "kansas": "ks", "kentucky": "ky", "louisiana": "la",
           "maine": "me", "maryland": "md", "massachusetts": "ma", "michigan": "mi", "minnesota": "mn",
           "mississippi": "ms", "missouri": "mo", "montana": "mt", "nebraska": "ne", "nevada": "nv", "ohio": "oh",
           "oklahoma": "ok", "oregon": "or", "pennsylvania": "pa", "tennessee": "tn", "texas": "tx", "utah": "ut",
           "vermont": "vt", "virginia": "va", "washington": "wa", "wisconsin": "wi", "wyoming": "wy",
           # a company's legal form as a speaking agent says it ("Harbor Print Limited" for Harbor Print Ltd)
           "limited": "ltd", "incorporated": "inc", "corporation": "corp"}
_POSTAL_WORD = re.compile(r"(?<![a-z0-9])(?:" + "|".join(sorted(_POSTAL, key=len, reverse=True)) + r")(?![a-z0-9])")


@functools.lru_cache(maxsize=512)
def postal(said: str) -> str:
    """Normalised text with an address's words abbreviated as ``_POSTAL`` says (the value's words are too)."""
    return _POSTAL_WORD.sub(lambda m: _POSTAL[m.group(0)], said)


def _states_line(said: str, line: str) -> bool:
    """One order line: its item (singular or plural), its quantity near it (digits or words), every modifier."""
    m = _LINE.match(line.strip().lower())
    if not m:
        return _states_text(said, line)
    quantity, item, mods = int(m.group(1)), m.group(2), m.group(3) or ""
    tokens = re.findall(r"[a-z0-9]+", item)
    body = r"[^a-z0-9]+".join(re.escape(t) for t in tokens)
    found = list(compiled(rf"(?<![a-z0-9]){body}(?:s|es)?(?![a-z0-9])").finditer(said))
    if not found:
        return False
    quantities = {str(quantity), *(w for w, v in _NUMBER_WORDS.items() if v == quantity)}
    near = any(compiled(rf"(?<![a-z0-9])(?:{'|'.join(map(re.escape, quantities))})(?:\s*x)?(?![a-z0-9])").search(said[max(0, f.start() - 40):f.start()])
               # "Four Cheese Pizza x2", "Grilled Salmon (x 2)", "Garden Veggie Pizza (large) x 2", "… - qty: 2":
               # the count right after the item or after its modifiers in brackets
               or _count_after(said, f.end()) == quantity for f in found)
    if not near and quantity != 1:
        return False
    if quantity == 1 and not near and all(_other_quantity(said[max(0, f.start() - 40):f.start()]) for f in found):
        return False  # "2 Crunchy Coleslaws" for one
    return all(_states_modifier(said, mod.strip()) for mod in mods.split(",") if mod.strip())


# (… or in the next cell of a table row: "| Iced Tea | 2 | large |")
_COUNT_AFTER = re.compile(r"[*_]*\s*(?:\([^()]{1,60}\)\s*)?(?:\(\s*)?(?:x\s*|[-,:]?\s*(?:qty|quantity)\s*:?\s*|\|\s*)"
                          r"(\d{1,2})(?!\d|[.,]\d)")


def _count_after(said: str, at: int) -> int | None:
    count = _COUNT_AFTER.match(said, at)
    return int(count.group(1)) if count else None


def _other_quantity(before: str) -> bool:
    """A count of two or more right before an item ("and 2 small …")."""
    # "2. Shrimp Linguine" numbers a list; "Sparkling Water x3" counts the item before
    last = re.findall(r"[a-z]+|(?<![\dx])(?<!x )\d+(?![.)\d])", before)[-3:]
    return any(w.isdigit() and int(w) >= 2 or _NUMBER_WORDS.get(w, 0) >= 2 for w in last)


def _states_modifier(said: str, modifier: str) -> bool:
    if modifier.startswith("no "):
        rest = modifier[3:]
        return any(_states_text(said, form) for form in (modifier, f"without {rest}", f"hold the {rest}"))
    return _states_text(said, modifier) or _states_text(said, _without_kind(modifier))


# the kind of option a modifier's last word names, which a read-back leaves out ("on brioche" for a brioche bun)
OPTION_KINDS = frozenset({"bun", "crust", "dressing", "dip", "sauce"})
# words that say nothing on their own once the kind is gone ("extra dip", "light sauce")
_DEGREES = frozenset({"extra", "light", "no", "regular", "side", "small", "medium", "large", "more", "less"})


def _without_kind(modifier: str) -> str:
    """A modifier without the kind of option its last word names ("brioche bun" → brioche), or itself."""
    head, _, kind = modifier.rpartition(" ")
    return head if kind in OPTION_KINDS and head and head not in _DEGREES else modifier


def other_values(text: str, value: object) -> list[str]:
    """Values of the same shape as ``value`` that ``text`` states and that differ from it: what an agent read back
    instead of the user's value."""
    if not isinstance(value, str):
        return []
    said = _one_by_one(normalise(text))
    kind = shape(value)
    if kind == "email":
        return [m for m in _EMAIL.findall(said) if m != value.lower()]
    if kind == "phone":
        digits = re.sub(r"\D", "", value)
        return [m.group(0) for m in _PHONE.finditer(said) if "".join(m.groups()) != digits]
    if kind == "date":
        mine = _iso_date(value)
        # (12/04/1988 for 12 April; 3/12 for 3 December)
        mine_otherwise = {read for read, other in _ambiguous_dates(said)
                          if other[1:] == mine[1:] and other[0] in (None, mine[0])}  # type: ignore[index]
        return [f"{y or ''}-{mo:02d}-{d:02d}" for y, mo, d in dates_in(said) if (y, mo, d) not in mine_otherwise
                and ((mo, d) != mine[1:] or (y is not None and y != mine[0]))]  # type: ignore[index]
    if kind == "id":
        target = _compact(value)
        method = METHOD_ID.fullmatch(value.lower())
        found = [m.group(0) for m in _id_pattern(value).finditer(said) if _compact(m.group(0)) != target]
        return found + [t for t in _near_codes(said, value) if t not in found] + [
            d for d in _last_digits(said, value) if method and d != _last_four(value, method)]
    if kind == "money":  # another amount in dollars and cents ("$61.28" for 62.18)
        amount = float(value.strip().lstrip("$"))
        return [m for m in re.findall(r"\$\s?(\d+(?:,\d{3})*\.\d{2})(?!\d)", said)
                if float(m.replace(",", "")) != amount]
    if kind == "number" and len(value.strip()) >= 4:  # a code of digits (a ZIP): another run of as many digits
        digits = value.strip()  # the year of a date read back with it ("14 November 2026") is no other code
        # (nor the digits of an identifier: "CARD5120")
        return [m for m in re.findall(rf"(?<![\w.$,/:-])\d{{{len(digits)}}}(?![\d.,/:-]\d|\d)", _without_dates(said))
                if m != digits]
    return []


def _without_dates(said: str) -> str:
    """The text with every date it writes blanked out."""
    for pattern in _DATES:
        said = pattern.sub(lambda m: " " * len(m.group(0)), said)
    return said


def _ambiguous_dates(said: str) -> list[tuple[tuple[int | None, int, int], tuple[int | None, int, int]]]:
    """Dates of numbers only whose day and month could be either way round ("12/04/1988": 4 December or 12 April;
    "3/12", where British agents write the day first), each as (the reading ``dates_in`` takes, the other one)."""
    out: list[tuple[tuple[int | None, int, int], tuple[int | None, int, int]]] = []
    found = [(*m.groups(),) for m in _DATES[1].finditer(said)] + [(a, "/", b, None) for a, b in _DATES[4].findall(said)]
    for first, separator, second, year in found:
        a, b = int(first), int(second)
        if a == b or a > 12 or b > 12:
            continue
        y = _full_year(year) if year else None
        month_first, day_first = (y, a, b), (y, b, a)
        out.append((day_first, month_first) if separator == "." else (month_first, day_first))
    return out


_CODE_TOKEN = re.compile(r"(?<![a-z0-9])[a-z0-9]*(?:[a-z][a-z0-9]*\d|\d[a-z0-9]*[a-z])[a-z0-9]*(?![a-z0-9])")


def _near_codes(said: str, value: str) -> list[str]:
    """Codes of letters and digits mixed ("HB7Q2X" for ``HB7Q2K``) with the value's letters and digits in the same
    places and one or two characters other: the value mistyped, where the letters differ too."""
    mine = _compact(value)
    if not (re.search(r"[a-z]", mine) and re.search(r"\d", mine)) or len(mine) < 5:
        return []
    pattern = ["d" if c.isdigit() else "a" for c in mine]
    out = []
    for m in _CODE_TOKEN.finditer(said):
        token = m.group(0)
        if len(token) != len(mine) or token == mine or token[0] != mine[0]:
            continue
        if ["d" if c.isdigit() else "a" for c in token] == pattern and sum(x != y for x, y in zip(token, mine)) <= 2:
            out.append(token)
    return out


def _spoken_email(said: str) -> str:
    """The text with an address read out written as one ("noor dot rossi 324 at inbox dot example dot org")."""
    if " dot " not in said:
        return said
    return re.sub(r"\s+", "", re.sub(r"\s+at\s+", "@", re.sub(r"\s+dot\s+", ".", said.replace(" underscore ", "_"))))


def _scalars(value: object) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [v if isinstance(v, str) else str(v) for v in value if not isinstance(v, (list, dict))]
    return [value] if isinstance(value, str) else []


# a counted line of a list of order lines, between the list's separators ("…, and 1 garlic knots with marinara dip";
# not "one of them")
COUNTED_LINE = re.compile(r"(?:^|[,;:]|\band\b|\bplus\b)\s*(?P<line>(?P<n>\d{1,2}|one|two|three|four|five|six)\s+"
                          r"(?!(?:of|them|those|these|each|more|or|to)\b)(?P<name>[a-z][a-z ()]*?))"
                          r"\s*(?=[,;.!?~]|\s[-\u2013\u2014]|\band\b|\bplus\b|$)")


def _more_elements(text: str, value: object) -> bool:
    """A list read back with one more element of its elements' shape in the same sentence ("refund CH-1, CH-2 and
    CH-3" for ``["CH-2", "CH-3"]``; an order read back with a counted line of another item): another list. An
    element named in a sentence of its own is context ("You were charged three times: CH-1, CH-2, CH-3. Shall I
    refund CH-2 and CH-3?")."""
    if isinstance(value, str) and (";" in value or _LINE.match(value.lower())):
        return _more_lines(text, [line for line in value.split(";") if line.strip()])
    if not isinstance(value, (list, tuple)) or not value:
        return False
    elements = [str(v) for v in value]
    mine = {_compact(v) for v in elements}
    # (what the sentence leaves out is no element: "refund CH-2 and CH-3 … and leave CH-1 as your payment")
    whole = [_LEFT_OUT.sub(" ", sentence) for sentence in re.split(r"(?<=[.?!])\s+|\n+", text)
             if all(states(sentence, v) for v in elements)]
    return bool(whole) and all(any(_compact(o) not in mine for v in elements for o in other_values(sentence, v))
                               for sentence in whole)


_LEFT_OUT = re.compile(r"\b(?:(?:but |and )?(?:leave|leaving|keep|keeping|except|excluding|apart from|other than|"
                       r"not|but not)\b)[^.;!?]*")


# sentences, a numbered list read as one with its lead ("… send it: 1. 2 x … 2. 1 x …"), never cut after an item's number
_LIST_SENTENCE = re.compile(r"(?<=[.?!])(?<!\s\d\.)(?<!\s\d\d\.)(?<!^\d\.)\s+|\n+")


def _more_lines(text: str, lines: list[str]) -> bool:
    """A sentence (or a list read out under it) stating every order line that also counts an item none of them is."""
    items = [m.group(2) for line in lines if (m := _LINE.match(line.strip().lower()))]
    for sentence in _LIST_SENTENCE.split(normalise(without_emphasis(text))):
        if all(_states_line(sentence, line) for line in lines) and any(
                not any(compiled(rf"(?<![a-z0-9]){re.escape(item)}").search(m.group("name")) for item in items)
                for m in (*COUNTED_LINE.finditer(sentence), *_LISTED_LINE.finditer(sentence))):
            return True
    return False


# an order line in a numbered list, "2 x Four Cheese Pizza (small)", up to the next item's number or the sentence end
_LISTED_LINE = re.compile(r"(?:^|[,;:]|\s\d{1,2}\.)\s*(?:\d{1,2}|one|two|three|four|five|six)\s*x\s+"
                          r"(?P<name>[a-z][a-z (),-]*?)\s*(?=[.!?]|\s\d{1,2}\.\s|$)")


def _asked_of_another(text: str, value: object) -> bool:
    """A question that names another value of the shape and not this one ("Shall I turn roaming on for
    312-555-0199? Your other line 312-555-0147 already has it."): the ask is about the other value."""
    if not isinstance(value, str) or shape(value) not in ("id", "phone", "email"):
        return False  # a date or an amount may be asked about as the one it changes from ("the move from December 3")
    questions = [q for q in re.split(r"(?<=[.?!])\s+|\n+", text) if q.rstrip().endswith("?")]
    return any(other_values(q, value) and not states(q, value) for q in questions)


# the nouns a name may stand before and stay itself ("the Premium Plan", "Harbor Print Ltd Invoice")
_NAME_HEADS = frozenset({"plan", "plans", "tier", "package", "subscription", "account", "order", "membership",
                         "service", "option", "version", "edition", "bundle", "pack", "invoice", "title", "line",
                         "level", "rate", "price", "pricing", "monthly", "annual", "yearly"})


def _only_in_longer_names(text: str, value: object) -> bool:
    """A name said only as the start of a longer capitalised name ("Premium Plus", "the Premium Family plan" for
    ``premium``): another option, not this one."""
    if not isinstance(value, str) or shape(value) is not None or not value.strip():
        return False
    found = list(re.finditer(rf"(?<![A-Za-z0-9]){re.escape(value.strip())}(?![A-Za-z0-9])", text, re.IGNORECASE))
    longer = [m for m in found if (nxt := re.match(r"[*_]*[ \t]+([A-Z][a-z]+)\b", text[m.end():]))
              and nxt.group(1).lower() not in _NAME_HEADS]
    return bool(found) and len(longer) == len(found)


def all_stated(text: str, previous: str, values: Mapping[str, object]) -> bool:
    """Whether every value is stated in ``text`` or, absent there, unambiguously in ``previous`` (stated there,
    with no other value of its shape); a value written differently in ``text`` never counts."""
    for name, value in values.items():
        money = is_money(name)
        if states(text, value, money=money) and not _more_elements(text, value) \
                and not _asked_of_another(text, value) and not _only_in_longer_names(text, value) \
                and not _counts_another_unit(text, name, value):
            continue
        if any(other_values(text, v) for v in _scalars(value)) or _other_amount(text, previous, value):
            return False
        if previous and (
                _alone_in(previous, value, money=money)
                # "AP-9001 is currently booked for December 3. December 8 is open." → "Shall I move it?"
                or _alone_in(_proposed_part(previous), value, money=money)
                # "… from the card ending in 8501 to PayPal (paypal_7357918)." → "Shall I proceed?": the new one
                or _alone_in(_FROM_SOURCE.sub(" to ", previous), value, money=money, methods=True)):
            continue
        if previous and _day_picked(text, previous, value):
            continue  # "March 13 or March 14 is open." → "Shall I book the 13th?"
        if previous and _kind_picked(text, previous, value):
            continue  # "A: PayPal (paypal_4838621) B: a credit card" → "… onto that PayPal account"
        return False
    return True


# the units a count is told in: "2 nights" counts no guests
_UNITS = frozenset({"minute", "hour", "day", "night", "week", "month", "year", "guest", "adult", "child", "children",
                    "person", "people", "passenger", "room", "bed", "item", "seat", "ticket", "driver", "member"})


def _counts_another_unit(text: str, name: str, value: object) -> bool:
    """A count argument named by its unit (``guests``), its number said only of another unit: "booking KT4M9P, 2
    nights from 14 February" states no 2 guests."""
    unit = singular(name.lower())
    if not isinstance(value, int) or isinstance(value, bool) or unit not in _UNITS:
        return False
    after = [singular(m[1]) for m in re.finditer(rf"(?<![\d.,]){value}\s+([a-z]+)", normalise(text))]
    return bool(after) and all(word in _UNITS and word != unit for word in after)


def _alone_in(said: str, value: object, *, money: bool, methods: bool = False) -> bool:
    """The value stated in ``said`` with no other value of its shape (``methods``: nor another payment method)."""
    return bool(said) and states(said, value, money=money) and not any(
        other_values(said, v) or (methods and _other_methods(said, v)) for v in _scalars(value))


_AMOUNT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([a-z]{2,12})\b")


def _other_amount(text: str, previous: str, value: object) -> bool:
    """Another amount of the unit the message before gave the value in: "You can add 2 GB." → "Shall I add 1 GB
    then?" reads back 1, not 2."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not previous:
        return False
    units = {unit for number, unit in _AMOUNT.findall(normalise(previous)) if float(number) == float(value)}
    return any(unit in units and float(number) != float(value) for number, unit in _AMOUNT.findall(normalise(text)))


_DAY_ORDINAL = re.compile(r"\bthe (\d{1,2})(?:st|nd|rd|th)\b")


def _day_picked(text: str, previous: str, value: object) -> bool:
    """A date named in the message before, picked by its day alone ("the 13th"): the only day the text names, and
    no other date before has that day."""
    if not isinstance(value, str) or shape(value) != "date":
        return False
    days = {int(d) for d in _DAY_ORDINAL.findall(normalise(text))}
    day = int(value[-2:])
    return days == {day} and states(previous, value) and not any(
        other[-2:].isdigit() and int(other[-2:]) == day for other in other_values(previous, value))


def _kind_picked(text: str, previous: str, value: object) -> bool:
    """A payment method of the message before, picked by its kind alone: the text names the kind ("PayPal"), and
    the message before named one method of that kind, this one."""
    method = METHOD_ID.fullmatch(value.lower()) if isinstance(value, str) else None
    if method is None or not states(previous, value):
        return False
    kind = re.compile(rf"\b{method.group(1).replace('_', ' ')}\b")
    before = normalise(previous)
    return kind.search(normalise(text)) is not None and len(kind.findall(before)) == 1 and not any(
        m.group(1) == method.group(1) and m.group(0) != method.group(0) for m in METHOD_ID.finditer(before))


_MONEY_WORDS = frozenset({"amount", "cost", "price", "total", "fee", "fees", "payment", "charge", "refund", "balance",
                          "budget", "deposit", "loss", "sum", "premium", "fare", "usd", "eur", "gbp", "dollars"})


def is_money(name: str) -> bool:
    """Whether an argument's name says it holds an amount of money (``estimated_amount``, ``refund_usd``)."""
    return any(word in _MONEY_WORDS for word in re.split(r"[_\W]+", name.lower()))


# what describes how things are now (or were), not what the agent proposes: "currently booked for December 3",
# "Current address: …", "was delivered on March 9", "is due back on December 15", "Your storm claim CLM-55087 stays
# open"
# ("- From: 120 Meadow Crescent …" above "- To: …"; "Order E205810 arrived March 9.")
_CURRENT_STATE = re.compile(r"\b(?:current(?:ly)?|existing|old|original|previous(?:ly)?|was|were|(?:is|are) (?:due|"
                            r"booked|scheduled|set|on|for|paid)|has been|have been|delivered|placed|arrived|shipped|"
                            r"stays|remains)\b"
                            r"|^\W*from\s*:")


# what a change starts from, up to the "to" of what it goes to ("from the card ending in 8501 to …")
_FROM_SOURCE = re.compile(r"\bfrom\b(?:(?!\bto\b)[^.;!?\n]){1,80}\bto\b", re.IGNORECASE)


def _proposed_part(previous: str) -> str:
    """The sentences and lines of the message before that do not describe the current state of things: where a
    value it proposes stands apart from the value now in place."""
    parts = re.split(r"(?<=[.!?;])\s+|\n+", previous)
    kept = [p for p in parts if not _CURRENT_STATE.search(normalise(p))]
    return " ".join(kept) if len(kept) < len(parts) else ""
