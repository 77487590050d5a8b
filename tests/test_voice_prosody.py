"""What the simulated user hears of the agent through the voice channel (``agent_asr``): the recognised words with
the pauses and the questions of the agent's speech (``voice/_prosody.py``), and the written forms the inverse text
normalisation gives them back."""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import read, vocabulary
from pytest_mmtau.voice._asr import Word
from pytest_mmtau.voice._itn import normalise
from pytest_mmtau.voice._listen import understand
from pytest_mmtau.voice._spoken import spoken_form


def _heard(said: str, recognised: str | None = None, hints: tuple[str, ...] = ()) -> str:
    form = spoken_form(said)
    words = recognised.split() if recognised is not None else list(form.words)
    return str(understand(form, [Word(word=w, confidence=0.9) for w in words], hints=hints,
                          listener=True).details["heard"])


@pytest.mark.parametrize(("said", "recognised", "heard"), [
    # a dropped word: the question mark goes to the nearest word kept in the same sentence
    ("I found your order. Shall I cancel it?", "i found your order shall i cancel",
     "i found your order. shall i cancel?"),
    # a misheard word keeps the mark that followed it
    ("I found your order. Shall I cancel it?", "i found your older shall i cancel it",
     "i found your older. shall i cancel it?"),
    # a sentence misheard as one word ends where it ended; an inserted word takes no mark
    ("Thanks. One moment. What is your email?", "thanks uh what is your email", "thanks. uh. what is your email?"),
    ("Thanks. What is your email?", "thanks uh what is your email", "thanks. uh what is your email?"),
    # a sentence lost whole leaves the one before with its own mark
    ("Thanks. One moment. What is your email?", "thanks what is your email", "thanks. what is your email?"),
])
def test_marks_follow_the_word_alignment(said: str, recognised: str, heard: str) -> None:
    assert _heard(said, recognised) == heard


@pytest.mark.parametrize(("said", "heard"), [
    ("Here's the plan:\n- Order: **#W3125736**\n- New size: M\n\nShall I go ahead?",
     "here's the plan:\n- order: number W3125736\n- new size: m\nshall i go ahead?"),
    ("Open Settings > Apps > Messages > Permissions and allow SMS.",
     "open settings > apps > messages > permissions and allow SMS."),
    ("Your order W3125736 ($498.81) - placed 2026-02-20 - is pending.",
     "your order W3125736, $498.81, placed February 20, 2026, is pending."),
    ("The slot is Friday, March 13, 2026, or the 14th of March.",
     "the slot is friday, March 13, 2026, or the March 14."),
    ("Saturday, March 7 is open.", "saturday, March 7 is open."),
    # an aside in brackets is a pause no number runs on across; an id spelled after its letter is one id
    ("The line ending 0182 (206-555-0182) is it.", "the line ending 0182, 2065550182 is it."),
    ("So that's account A, one, zero, zero, right?", "so that's account A100, right?"),
    ("Options one, two, or three. Two 4-cheese pizzas.", "options one, two, or three. two four cheese pizzas."),
    ("Is the SIM detected? Check the APN, then the VPN.", "is the SIM detected? check the APN, then the VPN."),
    # a numbered list is heard as one; a heading's marks are not said; a table's cells are heard as cells
    ("Kindly provide:\n1. Email address\n2. Order ID\n\n## Next\n- Cancel it",
     "kindly provide:\n1. email address\n2. order id\nnext\n- cancel it"),
    ("- first\n- second", "- first\n- second"),
    ("| Plan | Price |\n|---|---|\n| Basic | $10 |", "plan | price\nbasic | $10"),
])
def test_what_a_listener_hears_of_a_written_message(said: str, heard: str) -> None:
    assert _heard(said, hints=("W3125736", "A100")) == heard


def test_without_a_listener_the_recognised_words_stay_bare() -> None:
    form = spoken_form("Shall I cancel it? Thanks.")
    out = understand(form, [Word(word=w, confidence=0.9) for w in form.words])
    assert out.details["heard"] == "shall i cancel it thanks"


@pytest.mark.parametrize(("words", "written"), [
    ("a b testing", "a b testing"),  # two letters opening with "a" may be words
    ("it is nine a m", "it is nine a m"),
    ("you may first restart", "you may first restart"),
    ("the first of the month", "the first of the month"),
])
def test_inverse_normalisation_leaves_words_that_are_words(words: str, written: str) -> None:
    split = words.split()
    assert normalise(split, [1.0] * len(split)).text == written


def test_the_simulated_user_hears_a_confirmation_request_through_the_channel() -> None:
    from pytest_mmtau._discovery import DomainRegistry

    domain = DomainRegistry().get("retail")
    task = domain.task("cancel/email/ok/W3125736")
    vocab = vocabulary(task, domain.tool_infos)
    said = "Thanks, I found order W3125736. It's still pending, so it can be cancelled. Shall I go ahead and cancel it?"
    heard = _heard(said, hints=("W3125736",))
    reading = read(heard, vocab)
    assert reading.confirmation and reading.action == "cancel_pending_order"
    assert reading.values == {"order_id": "W3125736"}
    bare = read(str(understand(spoken_form(said), [Word(word=w, confidence=0.9) for w in spoken_form(said).words],
                               hints=("W3125736",)).details["heard"]), vocab)
    assert not bare.confirmation  # the same words without the voice's marks: no question a reader can see
