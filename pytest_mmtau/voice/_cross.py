"""Cross-modality results: MRS, TO and ARGA from paired text and voice items of the same test.

Within one test function, an item in a noisy modality (``voice``, ``asr-noise``) is paired with the ``text`` item
of the same task and persona, and its trials with the text item's trials of the same index.

- **MRS** = pass^1 over the noisy items / pass^1 over their text twins, on the outcomes pass^k uses (a trial
  passed or failed; inconclusive trials excluded).
- **TO** = Σ agent turns of the noisy trials / Σ agent turns of their text twins − 1, over paired trials.
- **ARGA** = share of the noisy modality's passed-or-failed trials with an ASR error that mattered
  (``metrics.asr_changes``) that passed: P(pass | ASR error), the outcome basis of pass^k and MRS (no twin needed).

Works on the report's trial records (``TrialResult``), so it runs on the xdist controller as well as in-process.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

TEXT = "text"


@dataclass(frozen=True, kw_only=True)
class CrossModality:
    modality: str
    items: int  # noisy items with a text twin
    pairs: int  # paired trials (for TO)
    mrs: Any  # Score
    to: Any
    arga: Any
    wer: float | None  # mean WER of the modality's trials

    def as_dict(self) -> dict[str, Any]:
        def num(score: Any) -> float | None:
            return float(score) if score is not None and not math.isnan(score) else None

        return {"modality": self.modality, "paired_items": self.items, "paired_trials": self.pairs,
                "mrs": num(self.mrs), "to": num(self.to), "arga": num(self.arga), "wer": self.wer,
                "evidence": {name: list(getattr(self, name).evidence) for name in ("mrs", "to", "arga")}}


def _key(item: Any) -> tuple[str, str, str] | None:
    """(task, persona and persona exposure, modality): twins share the first two."""
    first = item.trials[0] if item.trials else None
    if first is None:
        return None
    return (first.task_id, f"{first.persona}/p{first.persona_exposure}", first.modality)


def compare(items: Sequence[Any], modality: str) -> CrossModality:
    """MRS, TO and ARGA of ``modality`` against text, over ``items`` (records of one test function)."""
    from ..metrics import arga_from, mrs, to_from

    text = {k[:2]: i for i in items if (k := _key(i)) and k[2] == TEXT}
    noisy = [i for i in items if (k := _key(i)) and k[2] == modality]
    twins = [(text[_key(i)[:2]], i) for i in noisy if _key(i)[:2] in text]  # type: ignore[index]
    pairs: list[tuple[int, int]] = []
    for plain, spoken in twins:
        by_trial = {t.trial: t for t in plain.trials if t.scored}
        for trial in spoken.trials:
            twin = by_trial.get(trial.trial)
            if trial.scored and twin is not None and trial.agent_turns is not None \
                    and twin.agent_turns is not None:
                pairs.append((twin.agent_turns, trial.agent_turns))
    scored = [t for i in noisy for t in i.trials if t.scored]
    wers = [w for t in scored if isinstance(w := t.channel.get("wer"), (int, float))]
    return CrossModality(
        modality=modality, items=len(twins), pairs=len(pairs),
        mrs=mrs([p.scored for p, _ in twins], [s.scored for _, s in twins], 1),
        to=to_from(pairs),
        arga=arga_from((bool(t.channel.get("asr_error")), t.outcome == "passed") for t in scored),
        wer=round(sum(wers) / len(wers), 4) if wers else None)


def modalities(items: Sequence[Any]) -> list[str]:
    """The noisy modalities present among ``items``, in order of first appearance."""
    found = [k[2] for i in items if (k := _key(i)) and k[2] != TEXT]
    return list(dict.fromkeys(found))


def for_item(item: Any, siblings: Sequence[Any]) -> CrossModality | None:
    """The item's own cross-modality result against its text twin (None for text items)."""
    key = _key(item)
    if key is None or key[2] == TEXT:
        return None
    twin = [i for i in siblings if (k := _key(i)) and k[:2] == key[:2] and k[2] == TEXT]
    return compare([*twin, item], key[2])


def terms(results: Sequence[CrossModality]) -> dict[str, float | None]:
    """mm-tap's voice terms: the mean of each defined term over the modalities (None when undefined)."""
    out: dict[str, float | None] = {}
    for name in ("mrs", "arga", "to"):
        values = [float(getattr(r, name)) for r in results if not math.isnan(getattr(r, name))]
        out[name] = sum(values) / len(values) if values else None
    return out
