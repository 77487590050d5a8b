"""A learned second opinion on which of the user's facts an agent message asks for.

The rules of ``_reading`` were written against the corpus's dev split and read lines like the ones they were fixed on
very well, and new phrasings less well. Beside them sits a logistic regression over what surrounds each mention of a
fact (the words before and after it, the sentence's shape, whether the message states the fact's value). It learns
from what the rules read of each dev line *on arrival*, before any rule was fixed on it
(``tests/data/understanding/arrival.jsonl``, written by ``benchmarks/arrival_readings.py``): which facts the rules miss
on a writer they have not seen. ``benchmarks/train_fact_model.py`` trains it and ships plain weights in
``fact_model.json``.

It never reads alone and never takes a fact away: it adds a fact the rules missed when it gives it ``ADD_AT`` or
more, in messages of more than one sentence. A model of which read facts were not asked was tried (round 28) and left
out: the drops it was sure of included asks made by "it", by a choice among listed options and by a bare "First, the
email you used", and every guard that kept those took its gain away; a dropped ask would leave the simulated user
silent before a correct agent. The threshold was chosen by cross-validation over the commits the arrival readings
come from (docs/understanding.md, "A learned check beside the rules"). Scoring is a sum of weights: no numerical
library runs at read time.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from importlib import resources
from collections.abc import Mapping, Sequence

from ..models import UserFact
from ._facts import Hit, named
from ._text import Segment, segments, words
from ._values import states
from ._vocabulary import FactSense, Vocabulary

ADD_AT = 0.8  # a fact the rules did not read is added at this probability or above
# it learned from whole agent messages; a one-sentence message ("What date were you born?") is the rules' alone
MIN_SENTENCES = 2
WEIGHTS_FILE = "fact_model.json"
ENABLED = True  # off only to train the model and to measure the rules alone (benchmarks/)

Features = dict[str, int]

# the words an ask opens with
_ASK_OPENERS = frozenset({
    "what", "which", "when", "where", "who", "how", "could", "can", "would", "will", "do", "does", "did", "is", "are",
    "please", "may", "share", "send", "provide", "tell", "confirm", "give", "need", "let"})
_CONDITION = re.compile(r"\b(?:if|once|when|after|before)\b")
_AGENT_VOICE = re.compile(r"\b(?:i|we)(?:'ve| have| found| see|'ll| will)\b")
_YOURS = re.compile(r"\b(?:you|your)\b")


def _bucket(count: int) -> str:
    return next((str(cut) for cut in (0, 1, 2, 3, 5, 8) if count <= cut), "more")


def _stated(text: str, sense: FactSense) -> bool:
    return bool(text) and states(text, sense.fact.value)


def features(text: str, previous: str, vocab: Vocabulary) -> dict[str, Features]:
    """The features of every fact of the task in one agent message (binary: a feature present has the value 1)."""
    segs = segments(text)
    return _features(text, segs, _hits(segs, vocab), previous, vocab)


def _hits(segs: Sequence[Segment], vocab: Vocabulary) -> list[tuple[int, Hit]]:
    return [(k, hit) for k, seg in enumerate(segs) for hit in named(seg.text, vocab)]


def _features(text: str, segs: Sequence[Segment], hits: Sequence[tuple[int, Hit]], previous: str,
              vocab: Vocabulary) -> dict[str, Features]:
    named_before = {hit.sense.fact.key for _, hit in _hits(segments(previous), vocab)} if previous else set()
    message: Features = {
        "bias": 1,
        "n_named=" + _bucket(len({hit.sense.fact.key for _, hit in hits})): 1,
        "n_asks=" + _bucket(sum(seg.asks for seg in segs)): 1,
        "n_segs=" + _bucket(len(segs)): 1,
        "n_named_in_asking=" + _bucket(len({hit.sense.fact.key for k, hit in hits if segs[k].asks})): 1,
    }
    if previous:
        message["has_prev"] = 1
    asking_words = {"u=" + word for seg in segs if seg.asks for word in words(seg.text)}
    last_ask = max((k for k, seg in enumerate(segs) if seg.asks), default=-1)
    out: dict[str, Features] = {}
    for sense in vocab.facts:
        key = sense.fact.key
        found = dict(message)
        found["kind=" + str(sense.kind)] = 1
        if key in named_before:
            found["prev_names"] = 1
        if _stated(text, sense):
            found["stated_msg"] = 1
        if sense.options:
            found["has_options"] = 1
        if _stated(previous, sense):
            found["prev_states"] = 1
        mentions = [(k, hit) for k, hit in hits if hit.sense.fact.key == key]
        if not mentions:  # what an unnamed fact may be asked by: the words of the asking sentences
            found["not_named"] = 1
            if last_ask >= 0:
                found["unnamed_msg_asks"] = 1
                found.update(dict.fromkeys(asking_words, 1))
        for k, hit in mentions:
            found.update(_mention(segs, k, hit, hits, last_ask))
        out[key] = found
    return out


def _mention(segs: Sequence[Segment], k: int, hit: Hit, hits: Sequence[tuple[int, Hit]], last_ask: int) -> Features:
    """The features of one mention of a fact: its sentence's shape and the words around it."""
    seg = segs[k]
    seq = words(seg.text)
    shape = "".join("1" if flag else "0" for flag in (seg.asks, seg.question, seg.item, seg.header))
    found: Features = {"flags=" + shape: 1, "weight=%d" % hit.weight: 1}
    for name, flag in (("asks", seg.asks), ("question", seg.question), ("item", seg.item), ("header", seg.header),
                       ("table", seg.table)):
        if flag:
            found["seg_" + name] = 1
    opening = seq[:3]
    found.update({"first%d=%s" % (j, word): 1 for j, word in enumerate(opening)})
    found["first2=" + " ".join(opening[:2])] = 1
    at = hit.start
    before, after = seq[max(0, at - 6):at], seq[at + 1:at + 4]
    found.update({"b=" + word: 1 for word in before})
    if seg.asks:
        found.update({"ab=" + word: 1 for word in before})
    found.update({"a=" + word: 1 for word in after})
    if before:
        found["b1=" + before[-1]] = 1
        found["b2=" + " ".join(before[-2:])] = 1
    if after:
        found["a1=" + after[0]] = 1
    if at >= len(seq):  # named by its format, not by a word
        found["hit_at_end_or_format"] = 1
    if at == 0:
        found["mention_first_word"] = 1
    if states(seg.text, hit.sense.fact.value):
        found["stated_seg"] = 1
        if seg.asks:
            found["stated_in_asking_seg"] = 1
    for name, flag in (("seg_first", k == 0), ("seg_last", k == len(segs) - 1), ("seg_last_ask", k == last_ask),
                       ("asks_last_ask", seg.asks and k == last_ask),
                       ("prev_seg_asks", k > 0 and segs[k - 1].asks),
                       ("next_seg_asks", k + 1 < len(segs) and segs[k + 1].asks),
                       ("qmark", "?" in seg.raw), ("opens_ask_word", any(w in _ASK_OPENERS for w in seq[:2])),
                       ("conditional_before", _CONDITION.search(" ".join(before)) is not None),
                       ("agent_voice", _AGENT_VOICE.search(seg.text) is not None),
                       ("your_before", _YOURS.search(" ".join(before)) is not None)):
        if flag:
            found[name] = 1
    found["seg_named=" + _bucket(len({h.sense.fact.key for j, h in hits if j == k}))] = 1
    return found


Model = tuple[float, Mapping[str, float]]  # an intercept and a weight per feature


@cache
def _weights() -> Model:
    weights_file = resources.files("pytest_mmtau.understanding").joinpath(WEIGHTS_FILE)
    data = json.loads(weights_file.read_text(encoding="utf-8"))
    return float(data["intercept"]), data["weights"]


def probability(found: Features, model: Model | None = None) -> float:
    """The probability that the fact these features describe is asked, under the shipped weights (or the given
    ones: training scores each fold's own)."""
    intercept, weights = model or _weights()
    score = intercept + sum(weights.get(name, 0.0) for name in found)
    return 1.0 / (1.0 + math.exp(-score))


def adds(chance: float, sentences: int) -> bool:
    """Whether a fact the rules did not read is added: the model sure enough, in a message of several sentences."""
    return chance >= ADD_AT and sentences >= MIN_SENTENCES


def revise(asked: Mapping[str, UserFact], text: str, previous: str,
           vocab: Vocabulary) -> tuple[dict[str, UserFact], set[int]]:
    """The facts the rules read as asked, with those the model says they missed; and the segments that asked what
    was added (those naming it; every asking segment for a fact asked without its name), which the user understood
    after all."""
    segs = segments(text)
    if not adds(1.0, len(segs)):  # too short for any addition: spare the features
        return dict(asked), set()
    hits = _hits(segs, vocab)
    by_key = _features(text, segs, hits, previous, vocab)
    revised, understood = dict(asked), set()
    for sense in vocab.facts:
        if sense.fact.key not in asked and adds(probability(by_key[sense.fact.key]), len(segs)):
            revised[sense.fact.key] = sense.fact
            understood |= {k for k, hit in hits if hit.sense is sense} or {k for k, seg in enumerate(segs) if seg.asks}
    return revised, understood
