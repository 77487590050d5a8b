"""A text-level model of recognition errors at a target word error rate, for cheap CI runs and fuzzing.

Each spoken word is, with probability ``wer``, hit by one error: a substitution by a similar-sounding word (digit
confusions such as five/nine and four/for, letter-name confusions such as b/d/e, homophones, or else the nearest
word of a small lexicon by spelling), a deletion, or an inserted filler word. Every error costs exactly one edit,
so the expected WER equals the target. Confidences are drawn so wrong words tend to score low (most under 0.5) and
right ones high, as a real recogniser's posteriors do. Deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ._asr import Word

CONFUSIONS: dict[str, tuple[str, ...]] = {
    # digits
    "zero": ("hero", "zeroes", "three"), "oh": ("owe", "o"), "one": ("won", "want", "nine"),
    "two": ("to", "do", "three"), "three": ("tree", "free", "two"), "four": ("for", "floor", "forty"),
    "five": ("nine", "fine", "fight"), "six": ("sick", "fix", "sixty"), "seven": ("eleven", "heaven"),
    "eight": ("a", "hate", "eighty"), "nine": ("five", "mine", "night"),
    # letter names
    "a": ("eight", "the", "hey"), "b": ("d", "e", "be"), "c": ("see", "z", "t"), "d": ("b", "t", "the"),
    "e": ("b", "he", "d"), "g": ("j", "d"), "i": ("eye", "hi"), "j": ("k", "jay"), "k": ("a", "j"),
    "m": ("n", "and"), "n": ("m", "and"), "p": ("b", "t"), "s": ("f", "x"), "t": ("d", "p", "tea"),
    "u": ("you", "q"), "v": ("b", "z"), "w": ("double", "you"), "y": ("why", "i"), "z": ("c", "see"),
    # common words
    "to": ("two", "too"), "for": ("four", "far"), "right": ("write", "ride"), "know": ("no", "now"),
    "no": ("know", "go"), "yes": ("guess", "yet"), "plan": ("plant", "plane"), "cancel": ("council", "can sell"),
    "account": ("count", "accounts"), "bill": ("build", "bell"), "owe": ("oh", "all"), "my": ("i", "by"),
    "premium": ("freedom", "premier"), "basic": ("basis", "bass"), "id": ("idea", "i'd"),
    "subscription": ("description", "prescription"), "internet": ("interest", "intern"), "down": ("done", "town"),
    "upgrade": ("up great", "operate"), "please": ("police", "peace"), "ahead": ("head", "said"),
}
FILLERS = ("uh", "the", "a", "and", "um", "it")
_LEXICON = tuple(sorted({w for options in CONFUSIONS.values() for o in options for w in o.split()} | {
    "the", "and", "is", "it", "in", "on", "at", "of", "that", "this", "with", "was", "but", "not", "what", "when",
    "would", "could", "should", "have", "has", "had", "her", "his", "him", "they", "them", "then", "than", "there",
    "here", "where", "were", "wear", "said", "say", "see", "sea", "some", "sum", "come", "came", "call", "called",
    "cold", "good", "wood", "look", "book", "took", "take", "make", "made", "maid", "name", "game",
    "same", "time", "line", "mine", "fine", "find", "kind", "mind", "need", "knead", "read", "red", "road", "rode",
    "change", "chance", "charge", "check", "chuck", "connection", "collection", "correction", "router", "writer",
    "restart", "rest", "start", "turn", "term", "learn", "wifi", "why", "fi", "order", "other", "number", "lumber",
    "thanks", "banks", "thank", "sorry", "story", "help", "held", "want", "won't", "went", "just", "adjust",
    "really", "rarely", "please", "pleased", "still", "steel", "problem", "program", "phone", "foam", "home",
    "email", "mail", "address", "dress", "again", "gain", "switch", "which", "witch", "also", "although",
}))


@lru_cache(maxsize=8192)
def _edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


@lru_cache(maxsize=4096)
def _neighbours(word: str) -> tuple[str, ...]:
    """Similar-sounding replacements: the curated confusions, else the lexicon's nearest words by spelling."""
    if word in CONFUSIONS:
        return tuple(o for o in CONFUSIONS[word] if " " not in o)
    ranked = sorted((w for w in _LEXICON if w != word), key=lambda w: (_edit_distance(word, w), w))
    best = _edit_distance(word, ranked[0])
    return tuple(w for w in ranked if _edit_distance(word, w) <= best + 1)[:4]


@dataclass(frozen=True, kw_only=True)
class ErrorModel:
    wer: float
    substitution: float = 0.65  # shares of the error kinds
    deletion: float = 0.25
    insertion: float = 0.10

    def corrupt(self, words: Sequence[str], rng: random.Random) -> list[Word]:
        """The recogniser's words for ``words`` (already spoken form), with confidences."""
        out: list[Word] = []
        for word in words:
            if rng.random() >= self.wer:
                out.append(Word(word=word, confidence=self._right(rng)))
                continue
            kind = rng.random() * (self.substitution + self.deletion + self.insertion)
            if kind < self.substitution:
                out.append(Word(word=rng.choice(_neighbours(word)), confidence=self._wrong(rng)))
            elif kind < self.substitution + self.deletion:
                continue
            else:
                out.append(Word(word=word, confidence=self._right(rng)))
                out.append(Word(word=rng.choice(FILLERS), confidence=self._wrong(rng)))
        return out

    @staticmethod
    def _right(rng: random.Random) -> float:
        return round(1.0 - 0.6 * rng.random() ** 3, 3)  # 0.4 to 1, about 6 % under 0.5

    @staticmethod
    def _wrong(rng: random.Random) -> float:
        return round(0.05 + 0.6 * rng.random(), 3)  # 0.05 to 0.65, about 75 % under 0.5
