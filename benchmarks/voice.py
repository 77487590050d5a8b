"""Benchmark of the voice channel: real-time factors, the voice turn's overhead over text, caching, and the WER of
each noise preset.

What it measures (offline engines only; each section is skipped, with the reason, when an engine is missing):

* **TTS real-time factor** (synthesis wall time / seconds of speech, subprocess included) per offline backend and
  voice, over the corpus below, with the TTS cache out of the way.
* **Effects real-time factor** per noise preset (numpy; babble comes from a loop synthesised once).
* **ASR real-time factor**: pocketsphinx on clean and on noisy speech; faster-whisper on a tiny random-weight
  model built here (this measures faster-whisper's own overhead, not a real model's speed), or on the model folder
  given with ``--whisper-model``.
* **Voice turn overhead**: the built-in mock domain's tasks with the scripted user and the reference agent, once
  over the text channel and once over the voice channel (flite → clean → pocketsphinx, agent replies synthesised
  too); the extra wall time per user turn and per conversation. The recogniser is loaded before timing.
* **Presets end to end**: for every noise preset, the mock domain's conversations over the voice channel with a
  cold TTS cache and ASR memo: the real-time factor of the whole conversation (wall time / seconds of speech, user
  and agent) and of each stage (user TTS, agent TTS, effects, ASR), the speech per conversation (noisier presets
  make conversations longer: the user repeats what was misheard) and the verdict against the target of 3x faster
  than real time (RTF <= 0.33).
* **asr-noise channel** (the simulated recogniser Hypothesis fuzzing runs through): milliseconds per turn, target
  under 5 ms (PASS/MISS).
* **Cache hit rate over repeated trials**: the same items run as trials 1..k, each trial with a fresh channel
  from ``for_trial`` (as the plugin does): TTS cache and ASR memo hit rates per trial.
* ``--calibrate``: corpus WER (jiwer, against the spoken form), critical fields that survived, mean word
  confidence and ASR RTF for every noise preset, per offline TTS backend, into pocketsphinx (and into
  faster-whisper when ``--whisper-model DIR`` names a real model). The preset table of docs/voice.md comes from this.

Run from the repository root::

    .venv/bin/python benchmarks/voice.py                 # about a minute
    .venv/bin/python benchmarks/voice.py --quick         # fewer sentences and trials
    .venv/bin/python benchmarks/voice.py --calibrate     # adds the preset WER table (several minutes)
    .venv/bin/python benchmarks/voice.py --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tiny_whisper

from pytest_mmtau._discovery import DomainRegistry  # noqa: E402
from pytest_mmtau.personas import get_persona  # noqa: E402
from pytest_mmtau.user import SimulatedUser  # noqa: E402
from pytest_mmtau.voice import AsrNoiseChannel, TextChannel, VoiceChannel, VoiceProfile  # noqa: E402
from pytest_mmtau.voice._asr import MEMO, make_recogniser  # noqa: E402
from pytest_mmtau.voice._audio import Audio  # noqa: E402
from pytest_mmtau.voice._babble import babble_for  # noqa: E402
from pytest_mmtau.voice._cache import TtsCache, cache_for  # noqa: E402
from pytest_mmtau.voice._effects import build  # noqa: E402
from pytest_mmtau.voice._listen import understand  # noqa: E402
from pytest_mmtau.voice._presets import PRESETS  # noqa: E402
from pytest_mmtau.voice._spoken import spoken_form  # noqa: E402
from pytest_mmtau.voice._tts import make_synthesiser  # noqa: E402

# Customer-support sentences written for this benchmark (no critical values) ...
GENERAL = (
    "Hi, I've been trying to log in to my account all morning and it keeps timing out.",
    "Could you tell me why my last bill was higher than usual?",
    "I moved house last week and I need to update my address.",
    "The internet drops every evening around eight and comes back an hour later.",
    "I'd like to know whether there is a cheaper plan with the same speed.",
    "My new phone doesn't get any signal inside the building.",
    "Please send me a copy of the contract by email.",
    "I was told someone would call me back yesterday, but nobody did.",
    "Can I pause my subscription while I'm travelling next month?",
    "The router's lights are all blinking orange and nothing works.",
    "Thanks, that fixed it. Have a good afternoon.",
    "I would rather speak to someone about cancelling, if that's possible.",
)
# ... and sentences carrying critical values (ids, numbers, names, plans), checked field by field.
CRITICAL = (
    ("My account ID is A100.", ("A100",)),
    ("Please move account A104 to the basic plan.", ("A104", "basic")),
    ("I want the premium plan on account A101.", ("A101", "premium")),
    ("My phone number is 555 123 2002.", ()),
    ("The order number is W2378156.", ()),
    ("My zip code is 19122.", ()),
    ("The last payment was $42.50.", ()),
    ("My name is Yusuf Rossi.", ("Yusuf", "Rossi")),
)
ASR_NOISE_TARGET_MS = 5.0  # per turn: Hypothesis runs hundreds of examples through this channel
TTS_CONFIGS = (("flite", "rms"), ("flite", "kal16"), ("espeak-ng", "en-us+klatt"))


def _available(backend: str) -> bool:
    return shutil.which(backend) is not None


def _rtf(seconds: float, audio_s: float) -> float:
    return round(seconds / audio_s, 4) if audio_s else float("nan")


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


async def _synthesise_all(backend: str, voice: str, texts: list[str]) -> tuple[list[Audio], float]:
    from pytest_mmtau.voice._audio import to_channel_rate

    engine = make_synthesiser(backend)
    out, total = [], 0.0
    for text in texts:
        started = time.perf_counter()
        audio = await engine.synthesise(spoken_form(text).tts_text, voice=voice, rate=1.0)
        total += time.perf_counter() - started
        out.append(to_channel_rate(audio))
    return out, total


# --------------------------------------------------------------------------------------------- sections


def bench_tts(texts: list[str]) -> tuple[list[dict[str, Any]], dict[tuple[str, str], list[Audio]]]:
    rows, audio = [], {}
    for backend, voice in TTS_CONFIGS:
        if not _available(backend):
            rows.append({"backend": backend, "voice": voice, "skipped": f"{backend} is not installed"})
            continue
        clips, took = asyncio.run(_synthesise_all(backend, voice, texts))
        seconds = sum(c.duration_s for c in clips)
        audio[(backend, voice)] = clips
        rows.append({"backend": backend, "voice": voice, "clips": len(clips), "audio_s": round(seconds, 2),
                     "wall_s": round(took, 3), "rtf": _rtf(took, seconds)})
    rows.append({"backend": "edge-tts", "voice": "en-US-AriaNeural", "skipped": "online only (not benchmarked)"})
    return rows, audio


def _babble_track(folder: Path) -> Any:
    source = babble_for(cache_for(folder / "tts-cache"))
    asyncio.run(source.prepare())
    return source


def bench_effects(clips: list[Audio], folder: Path) -> list[dict[str, Any]]:
    import numpy as np

    babble = _babble_track(folder)
    rows = []
    seconds = sum(c.duration_s for c in clips)
    for name, preset in PRESETS.items():
        chain = build(preset.for_asr("pocketsphinx"), babble)
        rng = np.random.default_rng(0)
        started = time.perf_counter()
        for clip in clips:
            chain.apply(clip, rng)
        took = time.perf_counter() - started
        rows.append({"preset": name, "steps": [list(s) for s in preset.for_asr("pocketsphinx")],
                     "rtf": _rtf(took, seconds)})
    return rows


def bench_asr(clips: list[Audio], folder: Path, whisper_model: str | None) -> list[dict[str, Any]]:
    import numpy as np

    rows: list[dict[str, Any]] = []
    seconds = sum(c.duration_s for c in clips)
    sphinx = make_recogniser("pocketsphinx")
    started = time.perf_counter()
    sphinx._decoder([])  # noqa: SLF001 - load outside the timing
    rows.append({"backend": "pocketsphinx", "what": "model load", "wall_s": round(time.perf_counter() - started, 3)})
    babble = _babble_track(folder)
    for preset in ("clean", "noisy"):
        chain = build(PRESETS[preset].for_asr("pocketsphinx"), babble)
        inputs = [chain.apply(c, np.random.default_rng(i)) for i, c in enumerate(clips)]
        started = time.perf_counter()
        for clip in inputs:
            sphinx.recognise(clip)
        rows.append({"backend": "pocketsphinx", "what": f"{preset} speech", "audio_s": round(seconds, 2),
                     "rtf": _rtf(time.perf_counter() - started, seconds)})
    try:
        from pytest_mmtau.voice._asr_whisper import Whisper

        if whisper_model is None:
            from tiny_whisper import build_tiny_whisper

            model_dir, label = str(build_tiny_whisper(folder / "tiny-whisper")), "tiny random model (overhead only)"
            recogniser = Whisper(model_dir, beam_size=1, temperature=0.0, max_new_tokens=24)
        else:
            model_dir, label = whisper_model, f"model {whisper_model}"
            recogniser = Whisper(model_dir)
        started = time.perf_counter()
        recogniser._load()  # noqa: SLF001
        rows.append({"backend": "faster-whisper", "what": f"{label}: load",
                     "wall_s": round(time.perf_counter() - started, 3)})
        started = time.perf_counter()
        for clip in clips:
            recogniser.recognise(clip)
        rows.append({"backend": "faster-whisper", "what": label, "audio_s": round(seconds, 2),
                     "rtf": _rtf(time.perf_counter() - started, seconds)})
    except Exception as exc:  # noqa: BLE001 - report and go on
        rows.append({"backend": "faster-whisper", "what": "skipped", "skipped": f"{type(exc).__name__}: {exc}"})
    return rows


def _items(quick: bool) -> list[tuple[Any, Any]]:
    domain = DomainRegistry().get("mock")
    personas = ("none",) if quick else ("none", "easy")
    return [(domain, domain.task(t), get_persona(p)) for t in ("balance_inquiry", "upgrade_plan", "cancel_subscription")
            for p in personas]


async def _conversations(items: list[Any], channel: Any, trial: int) -> list[Any]:
    out = []
    for n, (domain, task, persona) in enumerate(items):
        user = SimulatedUser(domain=domain, task=task, persona=persona, seed=1000 + trial, trial=trial)
        agent = domain.agents["reference"]()
        mine = channel.for_trial(trial, 1000 * trial + n)
        out.append(await user.converse(agent, channel=mine))
    return out


def bench_overhead(folder: Path, quick: bool) -> dict[str, Any]:
    items = _items(quick)
    make_recogniser("pocketsphinx")._decoder([])  # noqa: SLF001 - loaded before timing
    runs: dict[str, Any] = {}
    for name, channel in (("text", TextChannel()),
                          ("voice", VoiceChannel(VoiceProfile(), audio_dir=folder / "overhead", item="bench"))):
        started = time.perf_counter()
        convs = asyncio.run(_conversations(items, channel, 0))
        wall = time.perf_counter() - started
        user_turns = sum(len(c.user_turns) for c in convs)
        runs[name] = {"conversations": len(convs), "user_turns": user_turns, "wall_s": round(wall, 3),
                      "goals": sum(c.goal_achieved for c in convs)}
        if name == "voice":
            timings = [t.channel["timings"] for c in convs for t in c.turns if t.channel.get("timings")]
            runs[name]["audio_s"] = round(sum(t["audio_s"] for t in timings), 2)
            runs[name]["tts_s"] = round(sum(t["tts_s"] for t in timings), 3)
            runs[name]["asr_s"] = round(sum(t.get("asr_s", 0.0) for t in timings), 3)
    text, voice = runs["text"], runs["voice"]
    return {**runs, "overhead_per_user_turn_s": round((voice["wall_s"] - text["wall_s"]) / voice["user_turns"], 3),
            "overhead_per_conversation_s": round((voice["wall_s"] - text["wall_s"]) / voice["conversations"], 3),
            "slowdown": round(voice["wall_s"] / text["wall_s"], 1) if text["wall_s"] else None}


E2E_TARGET_RTF = 1 / 3  # every preset at least 3x faster than real time, end to end


def bench_presets(folder: Path, quick: bool) -> list[dict[str, Any]]:
    """Each preset end to end, cold: conversations timed whole and per stage, against seconds of speech."""
    items = _items(quick)
    make_recogniser("pocketsphinx")._decoder([])  # noqa: SLF001 - loaded before timing
    rows = []
    for name in PRESETS:
        MEMO.clear()
        channel = VoiceChannel(VoiceProfile(noise=name), audio_dir=folder / f"e2e-{name}", item="bench-e2e")
        started = time.perf_counter()
        convs = asyncio.run(_conversations(items, channel, 0))
        wall = time.perf_counter() - started
        turns = [(t.role, t.channel["timings"]) for c in convs for t in c.turns if t.channel.get("timings")]
        audio = sum(timing["audio_s"] for _, timing in turns)
        stages = {"user_tts": sum(t["tts_s"] for s, t in turns if s == "user"),
                  "agent_tts": sum(t["tts_s"] for s, t in turns if s == "agent"),
                  "effects": sum(t.get("effects_s", 0.0) for _, t in turns),
                  "asr": sum(t.get("asr_s", 0.0) for _, t in turns)}
        rtf = wall / audio if audio else float("nan")
        rows.append({"preset": name, "conversations": len(convs), "goals": sum(c.goal_achieved for c in convs),
                     "speech_per_conversation_s": round(audio / len(convs), 1), "wall_s": round(wall, 2),
                     "rtf": round(rtf, 3), **{f"rtf_{k}": _rtf(v, audio) for k, v in stages.items()},
                     "verdict": "PASS" if rtf <= E2E_TARGET_RTF else "MISS"})
    return rows


def bench_asr_noise(quick: bool) -> dict[str, Any]:
    """The simulated-ASR channel that Hypothesis fuzzing uses: it must stay far cheaper than real voice."""
    channel = AsrNoiseChannel(0.15, hints=("A100",))
    turns = 100 if quick else 1000

    async def many() -> None:
        for _ in range(turns):
            await channel.transmit("My account ID is A100 and I want the premium plan.", speaker="user")

    started = time.perf_counter()
    asyncio.run(many())
    per_turn_ms = (time.perf_counter() - started) / turns * 1000
    return {"turns": turns, "ms_per_turn": round(per_turn_ms, 3), "target_ms": ASR_NOISE_TARGET_MS,
            "verdict": "PASS" if per_turn_ms < ASR_NOISE_TARGET_MS else "MISS"}


def bench_cache(folder: Path, quick: bool, trials: int) -> list[dict[str, Any]]:
    items = _items(quick)
    channel = VoiceChannel(VoiceProfile(), audio_dir=folder / "cache-run", item="bench-cache")
    cache: TtsCache = channel.cache
    MEMO.clear()  # the overhead section recognised the same conversations: start cold
    rows = []
    for trial in range(trials):
        tts0, asr0 = (cache.hits, cache.misses), (MEMO.hits, MEMO.misses)
        started = time.perf_counter()
        asyncio.run(_conversations(items, channel, trial))
        tts_hits, tts_misses = cache.hits - tts0[0], cache.misses - tts0[1]
        asr_hits, asr_misses = MEMO.hits - asr0[0], MEMO.misses - asr0[1]
        rows.append({"trial": trial + 1, "wall_s": round(time.perf_counter() - started, 3),
                     "tts_hit_rate": round(tts_hits / max(1, tts_hits + tts_misses), 3),
                     "asr_hit_rate": round(asr_hits / max(1, asr_hits + asr_misses), 3),
                     "tts_lookups": tts_hits + tts_misses, "asr_lookups": asr_hits + asr_misses})
    return rows


def calibrate(folder: Path, quick: bool, whisper_model: str | None) -> list[dict[str, Any]]:
    """WER per preset, TTS backend and recogniser (pocketsphinx; faster-whisper with a real model folder)."""
    import jiwer
    import numpy as np

    texts = list(GENERAL[:6] if quick else GENERAL) + [t for t, _ in CRITICAL]
    hints = {t: h for t, h in CRITICAL}
    recognisers: list[tuple[str, Any]] = [("pocketsphinx", make_recogniser("pocketsphinx"))]
    if whisper_model is not None:
        from pytest_mmtau.voice._asr_whisper import Whisper

        recognisers.append(("faster-whisper", Whisper(whisper_model)))
    babble = _babble_track(folder)
    rows = []
    for backend, voice in (("flite", "rms"), ("espeak-ng", "en-us+klatt")):
        if not _available(backend):
            rows.append({"tts": f"{backend}:{voice}", "skipped": f"{backend} is not installed"})
            continue
        clips, _ = asyncio.run(_synthesise_all(backend, voice, texts))
        for (asr, recogniser), (name, preset) in itertools.product(recognisers, PRESETS.items()):
            chain = build(preset.for_asr(asr), babble)
            refs, hyps, fields, confidences, took, seconds = [], [], [], [], 0.0, 0.0
            for i, (text, clip) in enumerate(zip(texts, clips)):
                heard = chain.apply(clip, np.random.default_rng(i))
                started = time.perf_counter()
                recognised = recogniser.recognise(heard, vocabulary=[w.lower() for w in hints.get(text, ())])
                took += time.perf_counter() - started
                seconds += heard.duration_s
                out = understand(spoken_form(text), recognised.words, hints=hints.get(text, ()))
                refs.append(out.details["spoken"])
                hyps.append(" ".join(w.lower() for w in spoken_form(out.details["asr_text"]).words))
                fields += [f["survived"] for f in out.details["fields"]]
                confidences += [w.confidence for w in recognised.words]
            rows.append({"tts": f"{backend}:{voice}", "asr": asr, "preset": name,
                         "wer": round(jiwer.wer(refs, hyps), 3),
                         "fields_survived": f"{sum(fields)}/{len(fields)}",
                         "mean_confidence": round(statistics.fmean(confidences), 3) if confidences else None,
                         "asr_rtf": _rtf(took, seconds)})
    return rows


# --------------------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sentences, items and trials")
    parser.add_argument("--calibrate", action="store_true", help="also measure WER for every noise preset")
    parser.add_argument("--trials", type=int, default=4, help="repeated trials for the cache section (default 4)")
    parser.add_argument("--whisper-model", metavar="DIR", help="a real faster-whisper model folder to time")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers as JSON to PATH")
    args = parser.parse_args(argv)
    try:
        import jiwer  # noqa: F401
        import numpy  # noqa: F401
        import pocketsphinx  # noqa: F401
    except ImportError as exc:
        print(f'the voice benchmark needs the voice extra ({exc}): pip install "pytest-mmtau[voice]"')
        return 1
    if not (_available("flite") or _available("espeak-ng")):
        print("the voice benchmark needs flite or espeak-ng (apt-get install flite)")
        return 1
    texts = list(GENERAL[:6] if args.quick else GENERAL) + [t for t, _ in CRITICAL]
    out: dict[str, Any] = {"machine": {"python": platform.python_version(), "platform": platform.platform()}}
    with tempfile.TemporaryDirectory(prefix="mmtau-voice-bench-") as tmp:
        folder = Path(tmp)
        print(f"TTS real-time factor ({len(texts)} sentences, no cache)")
        out["tts"], audio = bench_tts(texts)
        print(_table([["backend", "voice", "audio s", "wall s", "RTF"]] +
                     [[r["backend"], r["voice"], str(r.get("audio_s", "-")), str(r.get("wall_s", "-")),
                       str(r.get("rtf", r.get("skipped")))] for r in out["tts"]]))
        clips = next(iter(audio.values()))
        print("\nEffects real-time factor (numpy, per preset)")
        out["effects"] = bench_effects(clips, folder)
        print(_table([["preset", "RTF"]] + [[r["preset"], str(r["rtf"])] for r in out["effects"]]))
        print("\nASR real-time factor (on flite rms speech)")
        out["asr"] = bench_asr(audio.get(("flite", "rms"), clips), folder, args.whisper_model)
        print(_table([["backend", "what", "audio s", "RTF / load s"]] +
                     [[r["backend"], r["what"], str(r.get("audio_s", "-")),
                       str(r.get("rtf", r.get("wall_s", r.get("skipped"))))] for r in out["asr"]]))
        print("\nVoice turn overhead against text (mock domain, reference agent)")
        out["overhead"] = bench_overhead(folder, args.quick)
        o = out["overhead"]
        print(_table([["channel", "conversations", "user turns", "wall s", "goals"]] +
                     [[name, str(o[name]["conversations"]), str(o[name]["user_turns"]), str(o[name]["wall_s"]),
                       str(o[name]["goals"])] for name in ("text", "voice")]))
        print(f"overhead: {o['overhead_per_user_turn_s']} s per user turn, {o['overhead_per_conversation_s']} s per "
              f"conversation ({o['slowdown']}x); voice audio {o['voice']['audio_s']} s, TTS {o['voice']['tts_s']} s,"
              f" ASR {o['voice']['asr_s']} s")
        print(f"\nPresets end to end (mock domain, cold cache; target RTF <= {E2E_TARGET_RTF:.2f})")
        out["presets"] = bench_presets(folder, args.quick)
        print(_table([["preset", "speech/conv s", "wall s", "RTF", "user TTS", "agent TTS", "effects", "ASR", "goals",
                       "verdict"]] +
                     [[r["preset"], str(r["speech_per_conversation_s"]), str(r["wall_s"]), str(r["rtf"]),
                       str(r["rtf_user_tts"]), str(r["rtf_agent_tts"]), str(r["rtf_effects"]), str(r["rtf_asr"]),
                       f"{r['goals']}/{r['conversations']}", r["verdict"]] for r in out["presets"]]))
        out["asr_noise"] = n = bench_asr_noise(args.quick)
        print(f"\nasr-noise channel: {n['ms_per_turn']} ms per turn over {n['turns']} turns "
              f"(target < {n['target_ms']} ms): {n['verdict']}")
        trials = 2 if args.quick else args.trials
        print(f"\nCache hit rate over {trials} repeated trials (clean preset)")
        out["cache"] = bench_cache(folder, args.quick, trials)
        print(_table([["trial", "wall s", "TTS hits", "ASR hits"]] +
                     [[str(r["trial"]), str(r["wall_s"]), f"{r['tts_hit_rate']:.0%} of {r['tts_lookups']}",
                       f"{r['asr_hit_rate']:.0%} of {r['asr_lookups']}"] for r in out["cache"]]))
        if args.calibrate:
            print("\nWER per noise preset into pocketsphinx (jiwer against the spoken form)")
            out["calibration"] = calibrate(folder, args.quick, args.whisper_model)
            print(_table([["tts", "asr", "preset", "WER", "fields", "confidence", "ASR RTF"]] +
                         [[r["tts"], r.get("asr", "-"), r.get("preset", "-"), str(r.get("wer", r.get("skipped"))),
                           str(r.get("fields_survived", "-")), str(r.get("mean_confidence", "-")),
                           str(r.get("asr_rtf", "-"))] for r in out["calibration"]]))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
