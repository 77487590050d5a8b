"""What a listener takes in besides the words: where the speaker paused, and whether the voice rose in a question.

A recogniser writes words only. A person listening to the same speech also hears a sentence end, the pause between
two items of a list and the rising pitch of a question, and a reader of the agent's words relies on them: "I found
your order shall I cancel it" asks nothing that a reader can see, "I found your order. Shall I cancel it?" does.
So the simulated user who hears the agent through the channel (``agent_asr``) gets the recognised words with those
marks carried over from the agent's written message, along the word alignment the WER is computed from: each mark
goes after the recognised word that the last spoken word before it became (or, when the recogniser dropped that
word, the nearest earlier word it kept since the mark before). The words stay as misheard; only the pauses survive.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from ._itn import Normalised, number_of
from ._spoken import SpokenForm
from ._wer import Scored

# a sentence or clause mark a voice renders as a pause or a pitch (strongest first: "?!" is heard as a question)
_MARKS = "?!.:;>|,("
ASIDE = "("
_WRITTEN = {">": " >", "|": " |", ASIDE: ","}  # how a mark is written in what the user reads
_MARK_RUN = re.compile(r"[?!.:;,]+$")
# a step of a path said aloud ("Settings > Apps > Messages"): heard as the next step of the way, so kept as written
_PATH_STEP = re.compile(r"[>\u2192\u203a\u00bb]|->")
_CLOSERS = "\"')\u201d\u2019*_`]"  # closing quotes and markdown around a mark ("**Order:**", "(pending).")
LINE_BREAK = "\n"
ITEM = "-"  # the next line is an item of a list: heard as one ("- the email on the account")
NUMBERED = "#"  # this word is the number of a numbered item ("1. Email address" says "one"): heard as its number
_DASH = re.compile(r"[-\u2013\u2014]+")
_CELL_BORDER = re.compile(r"\|+")
_BULLET = re.compile(r"[-*+\u2022\u25cf\u25aa\u25e6]")
_NUMBER_MARKER = re.compile(r"\(?\d{1,2}[.)]")


def _opens_line(text: str, spans: Sequence[tuple[int, int]], index: int) -> bool:
    return LINE_BREAK in text[spans[index - 1][1]:spans[index][0]] if index else True


def _mark_after(text: str, spans: Sequence[tuple[int, int]], index: int) -> str:
    """The mark spoken after written token ``index``: its strongest trailing punctuation, and a line break when the
    next token starts a new line (a list item, a paragraph); an item mark when that line is a bulleted item."""
    start, end = spans[index]
    token = text[start:end]
    run = _MARK_RUN.search(token.rstrip(_CLOSERS))
    following = spans[index + 1][0] if index + 1 < len(spans) else len(text)
    if _BULLET.fullmatch(token) and _opens_line(text, spans, index):
        mark = ""  # the bullet itself: its item mark went with the line before
    elif run:
        mark = min(run.group(), key=_MARKS.index)
    elif _PATH_STEP.fullmatch(token):
        mark = ">"
    elif all(unicodedata.category(ch) in ("So", "Sk", "Mn", "Cf") for ch in token):  # an emoji ends what it follows
        mark = "."
    elif _CELL_BORDER.fullmatch(token):  # a table's cells said in a row: heard as cells
        inside = not _opens_line(text, spans, index) and index + 1 < len(spans) \
            and LINE_BREAK not in text[end:following]
        mark = "|" if inside else ""
    elif text[following:following + 1] == "(":  # an aside opens: heard as a comma no number runs on across
        mark = ASIDE
    else:  # a dash between words is said as a pause too
        mark = "," if _DASH.fullmatch(token) else ""
    if LINE_BREAK in text[end:following]:
        mark += LINE_BREAK
        if index + 1 < len(spans) and _BULLET.fullmatch(text[following:spans[index + 1][1]]):
            mark += ITEM
    return mark


def _merge(first: str, second: str) -> str:
    both = first + second
    punctuation = [ch for ch in both if ch in _MARKS]
    strongest = min(punctuation, key=_MARKS.index) if punctuation else ""
    return strongest + "".join(flag for flag in (LINE_BREAK, ITEM, NUMBERED) if flag in both)


def _marks_by_spoken_word(form: SpokenForm) -> dict[int, str]:
    """Per spoken word: the mark heard after it (marks of tokens that say nothing, like a bullet or an emoji, go to
    the last word said before them; -1 holds what is heard before the first word: a list opening the message)."""
    first_word_of: dict[int, int] = {}
    last_word_of: dict[int, int] = {}
    for position, source in enumerate(form.sources):
        first_word_of.setdefault(source, position)
        last_word_of[source] = position
    out: dict[int, str] = {}
    said = -1
    for index, (start, end) in enumerate(form.spans):
        token = form.text[start:end]
        if index == 0 and _BULLET.fullmatch(token):
            out[-1] = ITEM
        if _NUMBER_MARKER.fullmatch(token) and _opens_line(form.text, form.spans, index) and index in first_word_of:
            out[first_word_of[index]] = NUMBERED
        said = last_word_of.get(index, said)
        mark = _mark_after(form.text, form.spans, index)
        if mark and (said >= 0 or ITEM in mark):
            out[said] = _merge(out.get(said, ""), mark)
    return out


def heard_marks(form: SpokenForm, reference: Sequence[str], hypothesis: Sequence[str], scored: Scored,
                hyp_sources: Sequence[int]) -> dict[int, str]:
    """Per recognised word (by its index among the recogniser's words): the mark heard after it.

    ``reference`` and ``hypothesis`` are the normalised spoken and recognised words ``scored`` aligned (empty words
    were left out of the alignment); ``hyp_sources`` gives the recogniser word each hypothesis word came from."""
    kept_ref = [k for k, word in enumerate(reference) if word]
    kept_hyp = [k for k, word in enumerate(hypothesis) if word]
    aligned_of = {ref: scored.aligned[n] for n, ref in enumerate(kept_ref) if n < len(scored.aligned)}
    by_spoken = _marks_by_spoken_word(form)
    marks: dict[int, str] = {-1: by_spoken.pop(-1)} if -1 in by_spoken else {}
    previous_mark = -1
    for spoken, mark in sorted(by_spoken.items()):
        # the recognised word the spoken one became; back to the nearest word kept since the last mark if dropped
        ref = next((r for r in range(spoken, previous_mark, -1) if aligned_of.get(r)), None)
        previous_mark = spoken
        if ref is None:
            continue
        hyp = kept_hyp[aligned_of[ref][-1]]
        if hyp < len(hyp_sources):
            raw = hyp_sources[hyp]
            marks[raw] = _merge(marks.get(raw, ""), mark)
    return marks


def with_marks(heard: Normalised, marks: Mapping[int, str]) -> str:
    """The written form of what was heard, each mark after the token holding the word it follows."""
    out = ["- " if ITEM in marks.get(-1, "") else ""]
    for token in heard.tokens:
        mark = ""
        for raw in token.words:
            mark = _merge(mark, marks.get(raw, ""))
        number = number_of(token.text) if NUMBERED in mark else None
        if number is not None:  # the number of a numbered item, heard as one
            out.append(f"{number}. ")
            continue
        out.append(token.text + "".join(_WRITTEN.get(ch, ch) for ch in mark if ch in _MARKS))
        out.append((LINE_BREAK + ("- " if ITEM in mark else "")) if LINE_BREAK in mark else " ")
    return "".join(out).rstrip()
