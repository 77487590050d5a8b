"""One conversation's channel measurements in a few numbers, for the trial record in the JSON report.

``asr_error`` (the channel changed a critical value, a goal fact or a question: feeds ARGA; ``metrics.asr_changes``),
``asr_changed`` (it changed any user message at all), the mean WER of the user's messages, the
critical fields that crossed the channel and how many survived or were flagged as unsure, the seconds of speech,
and the time the channel itself took. Empty for conversations whose turns carry no channel measurements.
"""

from __future__ import annotations

from typing import Any


def summarise(conv: Any) -> dict[str, Any]:
    from ..metrics import asr_changed, asr_error

    user = [t for t in conv.user_turns if t.channel]
    if not user:
        return {"asr_error": asr_error(conv), "asr_changed": asr_changed(conv)} if conv.modality != "text" else {}
    wers = [t.channel["wer"] for t in user if isinstance(t.channel.get("wer"), (int, float))]
    fields = [f for t in user for f in t.channel.get("fields", ()) or ()]
    spoken = [t.channel.get("timings", {}) for t in conv.turns if t.channel.get("timings")]
    out: dict[str, Any] = {
        "asr_error": asr_error(conv),
        "asr_changed": asr_changed(conv),
        "wer": round(sum(wers) / len(wers), 4) if wers else None,
        "fields": len(fields),
        "fields_survived": sum(bool(f.get("survived")) for f in fields),
        "fields_low_confidence": sum(bool(f.get("low_confidence")) for f in fields),
    }
    if spoken:
        out["audio_s"] = round(sum(t.get("audio_s", 0.0) for t in spoken), 3)
        out["channel_s"] = round(sum(t.get("total_s", t.get("tts_s", 0.0)) for t in spoken), 3)
    return out
