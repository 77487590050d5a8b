"""A trial that did not pass, as HTML: what happened, turn by turn.

Each turn shows who spoke, what was said and (for voice) heard, the dialogue acts, every tool call with its side,
whether it was irreversible and its result or error, persona hints the agent was given, and what the channel did
(WER, confidence, a player per audio file). Audio paths become relative URLs that can never carry a scheme.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .._misunderstood import misunderstood_sentence
from ..simulator_metrics import off_script_sentence
from ._html_parts import as_json, badge, esc, is_number, kv, num, plain

AUDIO_SUFFIXES = (".wav", ".mp3", ".ogg", ".oga", ".opus", ".flac", ".webm", ".m4a", ".aac")
TURN_CHARS = 4_000  # of one turn's text on the page (the JSON report keeps up to _display.TURN_LIMIT)


def _cut(text: str, limit: int = TURN_CHARS) -> str:
    if len(text) <= limit:
        return esc(text)
    return f'{esc(text[:limit])}<span class="cut"> … {len(text) - limit:,} more characters in the JSON report</span>'


def _media_src(path: str, base_dir: Path | None) -> str:
    """A relative URL for a local audio file.

    With ``base_dir`` (the folder the page is written to) the path is made relative to it; a relative path is read
    as relative to the current directory, where the run wrote it. Quoting turns ``:`` into ``%3A``, so the result
    never carries a scheme such as ``javascript:``.
    """
    if base_dir is not None:
        with contextlib.suppress(ValueError):  # ValueError: another drive on Windows; keep the path as it is
            path = os.path.relpath(os.path.abspath(path), os.path.abspath(base_dir))
    return quote(path.replace(os.sep, "/"), safe="/-_.~")


def _audio_files(value: Any, label: str, found: dict[str, list[str]]) -> None:
    """Collect every audio file path in the details, with the keys that lead to it (``tts``, ``heard``...)."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            _audio_files(inner, f"{label}.{key}" if label else str(key), found)
    elif isinstance(value, list):
        for inner in value:
            _audio_files(inner, label, found)
    elif isinstance(value, str) and value.lower().endswith(AUDIO_SUFFIXES):
        found.setdefault(value, []).append(label.removeprefix("audio.") or "audio")


def _detail_value(key: str, value: Any) -> str:
    if isinstance(value, Mapping):
        return _details(value)
    if isinstance(value, list):
        if value and all(isinstance(v, Mapping) for v in value):  # e.g. recognised words with their confidence
            return "; ".join(", ".join(f"{esc(k)} {_detail_value(str(k), v)}" for k, v in d.items()) for d in value)
        if any(isinstance(v, list) for v in value):
            return f"<code>{esc(as_json(value))}</code>"
        return ", ".join(_detail_value(key, v) for v in value) or "–"
    if is_number(value) and not isinstance(value, int):
        return esc(f"{value:.3f}" if key.lower() == "wer" else f"{value:.4g}")
    if isinstance(value, str) and value.lower().endswith(AUDIO_SUFFIXES):
        return f"<code>{esc(value)}</code>"
    return "–" if value is None else esc(value)


def _details(details: Mapping[str, Any]) -> str:
    """Details of any shape as a key/value list, WER first; nested mappings nest."""
    keys = sorted(details, key=lambda k: str(k).lower() != "wer")
    return kv(("WER" if str(k).lower() == "wer" else str(k), _detail_value(str(k), details[k])) for k in keys)


def _channel(details: Mapping[str, Any], base_dir: Path | None) -> str:
    """What the channel did to a turn: WER and confidence up front, a player per audio file, the rest folded."""
    facts = [f"{label} {details[key]:.3f}" for key, label in (("wer", "WER"), ("confidence", "confidence"))
             if is_number(details.get(key))]
    files: dict[str, list[str]] = {}
    _audio_files(details, "", files)
    players = "".join(f'<div class="player">{esc(" = ".join(labels))} <audio controls preload="none" '
                      f'src="{esc(_media_src(path, base_dir))}"></audio></div>' for path, labels in files.items())
    head = f'<div class="facts">{esc(" · ".join(facts))}</div>' if facts else ""
    return (f'<div class="channel">{head}{players}<details><summary>channel details</summary>{_details(details)}'
            "</details></div>")


def _tool_call(call: Mapping[str, Any]) -> str:
    args = ", ".join(f"{k}={as_json(v, 400)}" for k, v in (call.get("arguments") or {}).items())
    tags = [badge(f"{call.get('side', 'agent')} side"), badge(f"hosted by {call.get('hosted', 'env')}")]
    if call.get("irreversible"):
        tags.append(badge("irreversible", "irreversible"))
    if call.get("critical"):
        tags.append(badge("critical: " + ", ".join(map(str, call["critical"]))))
    parts = [f"<code>{esc(call.get('name'))}({esc(args)})</code> {''.join(tags)}"]
    if call.get("error"):
        parts.append(f'<div class="tool-error">error: {esc(call["error"])}</div>')
    elif "result" in call:
        parts.append(f"<div>result: <code>{esc(as_json(call.get('result')))}</code></div>")
    return f'<li class="{"irreversible" if call.get("irreversible") else ""}">{"".join(parts)}</li>'


def _act(act: Mapping[str, Any]) -> str:
    inner = ", ".join(str(act[p]) for p in ("slot", "value") if act.get(p) not in (None, ""))
    label = f"{act.get('kind')}({inner})" if inner else str(act.get("kind"))
    return f"<li>{badge(label, 'vague' if act.get('vague') else '')}</li>"


def _hint(hint: Mapping[str, Any]) -> str:
    """A persona hint the agent received before this turn (persona exposure 1 or 2)."""
    made = (f"inferred by {hint.get('source')} from the last {hint.get('window')} messages after "
            f"{hint.get('user_messages')} user messages" if hint.get("source") != "persona" else "the persona")
    return f'<div class="hint">agent was told ({esc(made)}): {esc(hint.get("text", ""))}</div>'


def _turn(turn: Mapping[str, Any], base_dir: Path | None, hints: Sequence[Mapping[str, Any]] = (),
          misunderstood: bool = False) -> str:
    role = "agent" if turn.get("role") == "agent" else "user"
    text, heard = str(turn.get("text") or ""), turn.get("heard")
    note = " · not understood by the simulated user" if misunderstood else ""
    out = [f'<li class="turn {role}{" misunderstood" if misunderstood else ""}"><div class="who">'
           f'{role.capitalize()} · turn {esc(turn.get("index", "?"))}{note}</div>',
           *(_hint(h) for h in hints),
           f'<div class="said">{_cut(text) if text else "<em>(no text)</em>"}</div>']
    if heard is not None and str(heard) != text:
        out.append(f'<div class="heard">heard: {_cut(str(heard))}</div>')
    if turn.get("acts"):
        out.append('<ul class="acts">' + "".join(_act(a) for a in turn["acts"]) + "</ul>")
    if turn.get("tool_calls"):
        out.append('<ul class="calls">' + "".join(_tool_call(c) for c in turn["tool_calls"]) + "</ul>")
    channel = turn.get("channel")
    if isinstance(channel, Mapping) and channel:
        out.append(_channel(channel, base_dir))
    elif channel:
        out.append(f'<div class="channel">{plain(channel)}</div>')
    return "".join(out) + "</li>"


def _transcript(transcript: Mapping[str, Any], base_dir: Path | None, lost: AbstractSet[Any] = frozenset()) -> str:
    task, persona = transcript.get("task") or {}, transcript.get("persona") or {}
    traits = ", ".join(f"{k} {persona[k]}" for k in ("expertise", "emotion", "verbosity", "communication_style")
                       if k in persona)
    pairs = [("task", f"{esc(task.get('id', '–'))}: {esc(task.get('description', ''))}"),
             ("persona", f"{esc(persona.get('name', '–'))}" + (f" ({esc(traits)})" if traits else "")),
             ("domain", esc(transcript.get("domain", "–"))), ("modality", esc(transcript.get("modality", "–"))),
             ("persona exposure", esc(transcript.get("persona_exposure", 0))),
             ("goal achieved", esc(transcript.get("goal_achieved", "–"))),
             ("ended", esc(f"{transcript.get('termination', '–')}: {transcript.get('termination_detail', '')}"))]
    if transcript.get("success_detail"):
        pairs.append(("success checks", "<br>".join(esc(s) for s in transcript["success_detail"])))
    hints: dict[Any, list[Mapping[str, Any]]] = {}
    for hint in transcript.get("persona_hints") or []:
        hints.setdefault(hint.get("turn"), []).append(hint)
    out = [kv(pairs), '<ol class="turns">',
           *(_turn(t, base_dir, hints.get(t.get("index"), ()), t.get("index") in lost)
             for t in transcript.get("turns") or []), "</ol>"]
    if transcript.get("agent_error"):
        out.append(f"<h4>Agent error</h4><pre>{_cut(str(transcript['agent_error']), 3 * TURN_CHARS)}</pre>")
    return "".join(out)


def trial_article(index: int, trial: Mapping[str, Any], base_dir: Path | None, *, with_transcript: bool = True) -> str:
    """One trial that did not pass: ``id="trial-<index>"``, its reason, its conversation and its traceback;
    ``with_transcript=False`` leaves the conversation to the JSON report (the page's budget is spent)."""
    outcome = str(trial.get("outcome"))
    meta = (f"trial {esc(int(trial.get('trial', 0)) + 1)} · seed {esc(trial.get('seed', '–'))} · persona "
            f"{esc(trial.get('persona', '–'))} · {esc(trial.get('modality', '–'))} · ended "
            f"{esc(trial.get('termination') or '–')} · {num(trial.get('duration_s'), 3)} s")
    token = re.sub(r"[^a-z0-9_-]", "_", outcome.lower())  # the class the page's filters select on
    checks = "".join(badge(str(d), "error") for d in trial.get("failure") or ())  # ECom-Bench's dimensions
    out = [f'<article class="trial {token}" id="trial-{index}">',
           f"<h3>{badge(outcome, outcome)}{checks}{esc(trial.get('nodeid'))}</h3>", f'<p class="stats">{meta}</p>']
    if trial.get("reason"):
        reason = str(trial["reason"])
        out.append(f'<p class="reason">{esc(reason) if with_transcript else _cut(reason, 500)}</p>')
    flags = (trial.get("simulator") or {}).get("off_script") or []
    if flags:
        out.append(f'<div class="banner warn">{esc(off_script_sentence(flags))}</div>')
    lost = [e for e in (trial.get("simulator") or {}).get("misunderstood") or [] if isinstance(e, Mapping)]
    if lost:
        verdict = ": inconclusive (simulator), this trial says nothing about the agent" \
            if outcome == "inconclusive" else ""
        out.append(f'<div class="banner warn">{esc(misunderstood_sentence(lost))}{verdict}</div>')
    if isinstance(trial.get("transcript"), Mapping) and not with_transcript:
        out.append("<p><em>The conversation and traceback are left out of this page to keep it quick to open; "
                   "they are in the JSON report.</em></p>")
    elif isinstance(trial.get("transcript"), Mapping):
        out.append(_transcript(trial["transcript"], base_dir, {e.get("turn") for e in lost}))
    else:
        out.append("<p><em>No conversation was recorded for this trial.</em></p>")
    if trial.get("detail") and with_transcript:
        out.append(f"<h4>Traceback</h4><pre>{_cut(str(trial['detail']), 3 * TURN_CHARS)}</pre>")
    return "".join(out) + "</article>"
