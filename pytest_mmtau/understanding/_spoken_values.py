"""Values as a speaking agent says them, written as a typing agent would.

A voice agent's replies go to text-to-speech, so it says its values in words: "order W three one four one eight oh
five", "the line four one five, five five five, oh one six three", "bill B as in Bravo, nine zero zero one",
"noor dot rossi three two four at inbox dot example dot org". The readers compare values in their written form, so
the spoken form is written first: number words by the voice channel's own inverse text normalisation, spelled
letters before digits said one by one joined into the identifier, digit groups of a phone number joined, an email
said with "dot" and "at" written with its symbols. A lone number word stays a word ("two chicken parm", "the
premium one"): only runs of them are a value.
"""

from __future__ import annotations

import re

from ..voice._itn import normalise as itn
from ..voice._spoken import DIGITS, MONTHS, ordinal

_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ZERO = ("oh", "o")
_NUMBER = r"(?:" + "|".join((*DIGITS, *_TEENS, *_TENS, "hundred", "thousand", *_ZERO)) + r")"
# up to three spelled capitals (an identifier's prefix: "W", "I M G") before a run of number words (digits said
# one by one may be set apart by commas: "A, one, zero, eight")
# (a dash said between them is the identifier's own: "I M G dash four five oh oh")
# (or a word spelled with dashes before them: "card reference C-A-R-D, five, one, two, zero")
_RUN = re.compile(rf"(?P<letters>\b(?:(?:(?-i:[A-Z])-){{1,5}}(?-i:[A-Z]),? |(?:(?-i:[A-Z]),? ){{0,3}})"
                  rf"(?:(?<=[A-Z] )(?:dash|hyphen) )?)"
                  rf"(?P<run>\b{_NUMBER}(?:(?:[ -]|, |(?<=hundred) and |(?<=thousand) and ){_NUMBER})+\b)",
                  re.IGNORECASE)
# two or three spelled capitals before one digit: "charges C H two and C H three" (CH-2, CH-3)
_SPELLED_ONE = re.compile(rf"\b(?-i:((?:[A-Z] ){{2,3}}))({'|'.join(DIGITS)})\b")
_DAYS = {" ".join(ordinal(day)): day for day in range(1, 32)}
# (a day's two words said with a hyphen between as well: "twenty-second")
_DAY_SAID = "|".join(d.replace(" ", "[ -]") for d in sorted(_DAYS, key=len, reverse=True))
# a month and its day said as an ordinal ("March twelfth", "April twenty first"): the date as written
_MONTH = "|".join(m.capitalize() for m in MONTHS)  # capitalised: "may" is as often the modal
_DATE = re.compile(rf"\b((?-i:{_MONTH})) (?:the )?({_DAY_SAID})\b", re.IGNORECASE)
# … or the day first ("Saturday the fourteenth of March")
_DAY_OF = re.compile(rf"\b(?:the )?({_DAY_SAID}) of ((?-i:{_MONTH}))\b",
                     re.IGNORECASE)
# an amount said in dollars and cents: "forty-two dollars and fifty cents"
_AMOUNT_WORDS = rf"(?:\d+|{_NUMBER}(?:(?:[ -]|(?<=hundred) and ){_NUMBER})*)"
# … or in pounds and pence, euros and cents ("twelve seventy-five pounds fifty", "ten pounds and five pence")
_DOLLARS = re.compile(rf"\b({_AMOUNT_WORDS}) (dollars?|pounds?|euros?),? (?:and )?({_AMOUNT_WORDS})"
                      rf"(?: (?:cents?|pence|p)\b|(?=[.,;?!)]|$))", re.IGNORECASE)
_CURRENCY = {"d": "$", "p": "\u00a3", "e": "\u20ac"}
# an identifier spelled a character at a time, letters and digits mixed, with pauses: "H, B, seven, Q, two, K"
# (never "I", the speaker: "… five, I'll change it")
_CHARACTER = rf"(?:(?-i:[A-HJ-Z])|{'|'.join(DIGITS)}|oh|\d)"
_MIXED_SPELLING = re.compile(rf"\b{_CHARACTER}(?:(?:, | |-){_CHARACTER}){{3,}}\b", re.IGNORECASE)
_SPELLED_AS = re.compile(r"\b([A-Za-z]) as in ([A-Za-z]+)\b")  # "B as in Bravo"
_REPEATED = re.compile(rf"\b(double|triple) ({'|'.join((*DIGITS, *_ZERO))})\b", re.IGNORECASE)  # "double five"
_PHONE = re.compile(r"\b(\d{3})[,.]? (\d{3})[,.]? (\d{4})\b")
_EMAIL_PART = r"[a-z][a-z0-9]*(?: (?:dot|underscore|dash|hyphen) [a-z0-9]+)*"
_EMAIL = re.compile(rf"\b(?P<local>{_EMAIL_PART}(?: \d+)?) at (?P<domain>[a-z0-9]+(?: dot [a-z0-9]+)+)\b",
                    re.IGNORECASE)
_EMAIL_SYMBOLS = {" dot ": ".", " underscore ": "_", " dash ": "-", " hyphen ": "-"}
# a word spelled letter by letter, without digits: "Harbor Print, L T D"
_LETTERS = re.compile(r"(?-i:\b[A-Z](?:,? [A-Z]){1,5}\b)")
_SPOKEN_HINT = re.compile(rf"\b{_NUMBER}(?:[ -]|, ){_NUMBER}\b|\b(?-i:[A-Z]), |\b(?:double|triple) \w| as in "
                          r"| at \S+ dot "
                          r"| (?:dollars?|pounds?|euros?),? (?:and )?\w|"
                          + _LETTERS.pattern + "|"
                          + _DATE.pattern + "|" + _DAY_OF.pattern, re.IGNORECASE)


def written_values(text: str) -> str:
    """``text`` with the values it says in words written as values; unchanged when it says none."""
    if _SPOKEN_HINT.search(text) is None:  # the common case: a typed message
        return text
    text = _SPELLED_AS.sub(lambda m: m.group(1).upper() if m.group(2)[0].lower() == m.group(1).lower()
                           else m.group(0), text)
    text = _REPEATED.sub(lambda m: " ".join([m.group(2)] * (2 if m.group(1).lower() == "double" else 3)), text)
    text = _DOLLARS.sub(_written_amount, text)
    text = _DATE.sub(lambda m: f"{m.group(1)} {_DAYS[m.group(2).lower().replace('-', ' ')]}", text)
    text = _DAY_OF.sub(lambda m: f"{m.group(2)} {_DAYS[m.group(1).lower().replace('-', ' ')]}", text)
    text = _MIXED_SPELLING.sub(_written_spelling, text)
    text = _RUN.sub(_written_run, text)
    text = _SPELLED_ONE.sub(lambda m: m.group(1).replace(" ", "") + str(DIGITS.index(m.group(2))), text)
    text = _LETTERS.sub(lambda m: re.sub(r"[, ]", "", m.group(0)), text)
    text = _PHONE.sub(r"\1-\2-\3", text)
    return _EMAIL.sub(_written_email, text)


def _written_amount(m: re.Match[str]) -> str:
    """"forty-two dollars and fifty cents" as "$42.50", "twelve seventy-five pounds fifty" as "£1275.50" (unchanged
    when a part is no number)."""
    units, cents = _whole_number(m.group(1)), _whole_number(m.group(3))
    if units is None or cents is None or cents > 99:
        return m.group(0)
    return f"{_CURRENCY[m.group(2)[0].lower()]}{units}.{cents:02d}"


def _written_spelling(m: re.Match[str]) -> str:
    """"H, B, seven, Q, two, K" as "HB7Q2K": a run of two capitals and two digits at least, a letter after a digit
    (capitals before digits alone are a prefix ``_RUN`` reads: "W, three, one, …")."""
    chars = [c.lower() if c.lower() in (*DIGITS, "oh") else c for c in re.split(r", | |-", m.group(0))]
    is_letter = [len(c) == 1 and c.isupper() for c in chars]
    first_digit = is_letter.index(False) if False in is_letter else len(chars)
    if sum(is_letter) < 2 or len(chars) - sum(is_letter) < 2 or not any(is_letter[first_digit:]):
        return m.group(0)
    return "".join(str(DIGITS.index(c)) if c in DIGITS else "0" if c == "oh" else c for c in chars)


def _whole_number(said: str) -> int | None:
    """A whole number said in digits or in words ("forty-two", "fifty", "five")."""
    words = [w for w in re.split(r"[ -]", said.lower()) if w != "and"]
    if said.isdigit():
        return int(said)
    if len(words) == 1 and words[0] in DIGITS:
        return DIGITS.index(words[0])
    written = itn(words, [1.0] * len(words)).text.replace(" ", "")
    return int(written) if written.isdigit() else None


def _written_run(m: re.Match[str]) -> str:
    run, letters = m.group("run"), m.group("letters")
    digits_only = all(w in DIGITS or w in _ZERO for w in re.split(r",? |-", run.lower()))
    # (four or more digits said one by one with a pause between each are one number: "zip code two, zero, seven,
    # two, eight")
    # (not the options of a list: "one, two, three, four, or five")
    # ("… one, two, six, three, and the amount …" goes on with something else)
    said_one_by_one = run.count(",") >= 3 and re.match(rf",? (?:or|and) {_NUMBER}\b", m.string[m.end():],
                                                       re.IGNORECASE) is None
    groups = [len(re.split(r"[ -]", group)) for group in run.split(", ")]
    if digits_only and len(groups) > 1 and min(groups) >= 3 and groups != [3, 3, 4]:
        # "account six one two zero, zero four nine, one eight three": an identifier said in groups (a phone
        # number's three groups stay apart: it is written with its dashes)
        return _written_words(run.replace(",", ""), letters)
    if "," in run and not ((letters.strip() or said_one_by_one) and digits_only):
        # "three one two, five five five, …" and "two, three or four": each group on its own
        return letters + ", ".join(_written_words(group, "") for group in run.split(", "))
    return _written_words(run, letters)


def _written_words(run: str, letters: str) -> str:
    # ("two thousand three hundred and fifty": the "and" of an amount said the British way)
    words = [w for w in re.split(r",? |-", run.lower()) if w != "and"]
    if len(words) < 2 or any(w in _ZERO for w in words) and (
            len(words) < 3 or words[0] in _ZERO and words[1] not in (*DIGITS, *_ZERO)):
        return letters + run  # "Oh one more thing", "o two", a lone "two" are words, not a value
    if all(w in DIGITS or w in _ZERO for w in words):  # said digit by digit: an identifier's digits
        digits = "".join(str(DIGITS.index(w)) if w in DIGITS else "0" for w in words)
        dash = "-" if re.search(r"(?:dash|hyphen) $", letters) else ""
        prefix = re.sub(r"[, ]|\b(?:dash|hyphen)\b|(?<=[A-Z])-(?=[A-Z])", "", letters) + dash
        # ("I" alone before digits is the speaker, not a prefix)
        return prefix + digits if prefix and prefix != "I" else letters + digits
    return letters + itn(words, [1.0] * len(words)).text


def _written_email(m: re.Match[str]) -> str:
    local, domain = m.group("local").lower(), m.group("domain").lower()
    for said, symbol in _EMAIL_SYMBOLS.items():
        local = local.replace(said, symbol)
    return f"{local.replace(' ', '')}@{domain.replace(' dot ', '.')}"
