"""From recognised words to what the agent reads, with the turn's measurements (shared by voice and asr-noise).

Given the spoken form of what the user meant and the recogniser's words (with confidences): the WER against the
spoken form, the written form the agent reads (inverse text normalisation plus the low-confidence note), and the
check of every critical field.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._asr import Word
from ._confidence import agent_view, unsure_spans
from ._fields import check
from ._itn import normalise, shape_of
from ._prosody import heard_marks, with_marks
from ._spoken import SpokenForm, spoken_form
from ._wer import norm_word, score


def shapes_of(hints: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s for h in hints if (s := shape_of(h))))


def vocabulary_of(hints: Sequence[str]) -> tuple[str, ...]:
    """Words of the hints worth teaching a recogniser (names, plan names; not identifiers or numbers)."""
    words = [w for h in hints if not re.search(r"\d", h) for w in spoken_form(h).words if len(w) > 1 and w.isalpha()]
    return tuple(dict.fromkeys(words))


def _clean(word: str) -> str:
    word = word.strip().strip(".,?!;:\"()[]").replace("\u2019", "'")
    return word if re.search(r"\d", word) else word.lower()


@dataclass(frozen=True, kw_only=True)
class Understood:
    text: str  # what the agent reads
    details: dict[str, Any]


def understand(form: SpokenForm, recognised: Sequence[Word], *, hints: Sequence[str] = (),
               threshold: float = 0.5, listener: bool = False) -> Understood:
    """``listener``: the words go to a person (the simulated user hearing the agent), who hears the pauses and the
    questions too, so ``details["heard"]`` carries the marks of the written message (``_prosody``)."""
    raw = [(w, c) for w, c in ((_clean(r.word), r.confidence) for r in recognised) if w]
    hyp_form = spoken_form(" ".join(w for w, _ in raw))
    hyp_words = [norm_word(w) for w in hyp_form.words]
    hyp_sources = list(hyp_form.sources)
    reference = [norm_word(w) for w in form.words]
    scored = score(reference, hyp_words)
    marks = heard_marks(form, reference, hyp_words, scored, hyp_sources) if listener else {}
    heard = normalise([w for w, _ in raw], [c for _, c in raw], shapes_of(hints), pauses=marks)
    fields = check(form, scored, heard, hyp_sources, hints=hints, threshold=threshold)
    confidences = [c for _, c in raw]
    details: dict[str, Any] = {
        "intended": form.text,
        "spoken": " ".join(reference),
        "asr_text": " ".join(w for w, _ in raw),
        "heard": with_marks(heard, marks) if listener else heard.text,
        "wer": round(scored.wer, 4),
        "wer_detail": scored.as_dict(),
        "fields": [f.as_dict() for f in fields],
        "confidence": round(sum(confidences) / len(confidences), 3) if confidences else None,
        "low_confidence": [{"text": s.text, "confidence": round(s.confidence, 3)}
                           for s in unsure_spans(heard, threshold)],
        "low_confidence_threshold": threshold,
    }
    return Understood(text=agent_view(heard, threshold), details=details)


def words_detail(recognised: Sequence[Word]) -> list[dict[str, Any]]:
    return [{"word": w.word, "confidence": round(w.confidence, 3),
             **({"start": round(w.start, 3), "end": round(w.end, 3)} if w.start is not None and w.end is not None
                else {})} for w in recognised]
