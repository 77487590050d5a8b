"""Word error rate through jiwer 4, against the spoken form, keeping the word alignment.

Both sides are normalised word by word (lower case, punctuation off, "a." → "a") before jiwer sees them, so word
positions survive and a reference word can be followed to what the recogniser wrote in its place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._deps import module


def norm_word(word: str) -> str:
    word = word.lower().replace("\u2019", "'")
    word = re.sub(r"\(\d+\)$", "", word)  # pocketsphinx alternates: to(2)
    word = re.sub(r"[^\w']+", "", word).strip("'")
    return word


@dataclass(frozen=True, kw_only=True)
class Scored:
    wer: float
    hits: int
    substitutions: int
    deletions: int
    insertions: int
    errors: tuple[tuple[str, str, str], ...]  # (kind, reference words, hypothesis words)
    aligned: tuple[tuple[int, ...], ...]  # per reference word: the hypothesis word(s) it became (empty: deleted)

    def as_dict(self) -> dict[str, Any]:
        return {"wer": round(self.wer, 4), "hits": self.hits, "substitutions": self.substitutions,
                "deletions": self.deletions, "insertions": self.insertions,
                "errors": [list(e) for e in self.errors]}


def score(reference: Sequence[str], hypothesis: Sequence[str]) -> Scored:
    """WER of ``hypothesis`` against ``reference`` (both already split into normalised words)."""
    ref, hyp = [w for w in reference if w], [w for w in hypothesis if w]
    if not ref:
        return Scored(wer=float(bool(hyp)), hits=0, substitutions=0, deletions=0, insertions=len(hyp),
                      errors=tuple(("insert", "", w) for w in hyp), aligned=())
    jiwer = module("jiwer", purpose="word error rate")
    if not hyp:
        return Scored(wer=1.0, hits=0, substitutions=0, deletions=len(ref), insertions=0,
                      errors=(("delete", " ".join(ref), ""),), aligned=tuple(() for _ in ref))
    out = jiwer.process_words(" ".join(ref), " ".join(hyp))
    aligned: list[tuple[int, ...]] = [() for _ in ref]
    errors: list[tuple[str, str, str]] = []
    for chunk in out.alignments[0]:
        r = list(range(chunk.ref_start_idx, chunk.ref_end_idx))
        h = list(range(chunk.hyp_start_idx, chunk.hyp_end_idx))
        if chunk.type in ("equal", "substitute"):
            for ri, hi in zip(r, h):
                aligned[ri] = (hi,)
        if chunk.type != "equal":
            errors.append((chunk.type, " ".join(ref[i] for i in r), " ".join(hyp[i] for i in h)))
    return Scored(wer=float(out.wer), hits=out.hits, substitutions=out.substitutions, deletions=out.deletions,
                  insertions=out.insertions, errors=tuple(errors), aligned=tuple(aligned))
