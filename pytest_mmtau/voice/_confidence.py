"""How recogniser confidence reaches the agent: a short note after the transcript naming the unsure words.

The agent reads ``my account id is A102 [asr low confidence: "A102" 0.41]``: the transcript, then every span of
tokens below the threshold with its lowest confidence. An LLM agent can read it as a cue to confirm; the note's
format is stable so a code agent can parse it with ``parse_note``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ._itn import Normalised

NOTE_PREFIX = "[asr low confidence:"
_ITEM = re.compile(r'"([^"]*)" (\d\.\d\d)')


@dataclass(frozen=True, kw_only=True)
class Unsure:
    text: str
    confidence: float


def unsure_spans(heard: Normalised, threshold: float) -> list[Unsure]:
    """Runs of adjacent tokens below ``threshold``, each with its lowest confidence."""
    spans: list[Unsure] = []
    run: list[tuple[str, float]] = []
    for token in (*heard.tokens, None):
        if token is not None and token.confidence < threshold:
            run.append((token.text, token.confidence))
            continue
        if run:
            spans.append(Unsure(text=" ".join(t for t, _ in run), confidence=min(c for _, c in run)))
            run = []
    return spans


def agent_view(heard: Normalised, threshold: float) -> str:
    """The transcript plus the low-confidence note (no note when every token is above the threshold)."""
    spans = unsure_spans(heard, threshold)
    if not spans:
        return heard.text
    items = ", ".join(f'"{s.text}" {s.confidence:.2f}' for s in spans)
    return f"{heard.text} {NOTE_PREFIX} {items}]".strip()


def parse_note(text: str) -> tuple[str, list[Unsure]]:
    """Split what the agent read into (transcript, unsure spans)."""
    at = text.rfind(NOTE_PREFIX)
    if at < 0:
        return text, []
    return text[:at].rstrip(), [Unsure(text=m[1], confidence=float(m[2])) for m in _ITEM.finditer(text[at:])]
