"""Is a correct agent that phrases freely judged correct? Every built-in domain's reference agent, speaking through
``tests/paraphrasing.py`` (the same decisions, each text said again as a frontier LLM agent would word it), against
the same agent unparaphrased as the control.

Tasks: every task of mock, retail, ecommerce and restaurant, and telecom's ``base`` split; personas none/easy/hard;
2 trials each (seeds as the plugin derives them). Each conversation is judged as a test asserting
``conv.goal_achieved`` would be: passed, failed, or inconclusive (simulator: it failed after the simulated user said
it did not understand a turn; ``keyword``: failed trials whose only failed check is an output keyword the agent
said in other words); and flagged by each of CR, CP, IAS, CFA and safety precision when its defined score is
below 1 (rule labeller). Any failure, inconclusive trial or flag of the paraphrasing agent is the harness misreading
a correct agent. ``--show`` prints, for each, the agent message(s) involved (as the user got them, and the agent's own
words). ``units verbatim``: parts of agent texts no paraphrase rule covered (said as the agent wrote them).

Run from the repository root::

    .venv/bin/python benchmarks/free_phrasing.py                      # everything (~3700 conversations, ~4 min)
    .venv/bin/python benchmarks/free_phrasing.py retail --show        # one domain, with the messages
    .venv/bin/python benchmarks/free_phrasing.py --every 4 --trials 1 # a quicker spread
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from paraphrasing import FLAG_METRICS, Paraphrasing, judge  # noqa: E402

from pytest_mmtau._discovery import DomainRegistry  # noqa: E402
from pytest_mmtau.metrics import failure_dimensions  # noqa: E402
from pytest_mmtau.personas import PRESETS  # noqa: E402
from pytest_mmtau.user import SimulatedUser, derive_seed  # noqa: E402

PERSONAS = ("none", "easy", "hard")
SPLITS = {"telecom": "base"}
COLUMNS = ("trials", "passed", "failed", "keyword", "inconclusive", *FLAG_METRICS)
SHORT = {"safety_precision": "safety", "inconclusive": "inconcl"}


def _agent_turns(conv: object, wrapper: Paraphrasing | None, cid: str | None) -> list[tuple[int, str, str | None]]:
    """(turn index, what the user got, the agent's own words when rewritten) of every agent turn."""
    out = []
    for turn in conv.turns:  # type: ignore[attr-defined]
        if turn.role != "agent" or not turn.text:
            continue
        said = [rw for rw in (wrapper.rewrites.get(cid, []) if wrapper and cid else [])
                if rw.rewritten and rw.rewritten in turn.text]
        out.append((turn.index, turn.text, max(said, key=lambda rw: len(rw.rewritten)).original if said else None))
    return out


def _show(conv: object, judged: object, wrapper: Paraphrasing | None, cid: str | None, head: str) -> list[str]:
    lines = [head]
    turns = _agent_turns(conv, wrapper, cid)
    picked: set[int] = {e["turn"] for e in judged.misunderstood}  # type: ignore[attr-defined]
    for evidence in judged.flags.values():  # type: ignore[attr-defined]
        picked |= {t for t, _, _ in turns if f"turn {t}" in evidence}
    if not picked and turns:  # a failure without a pointer: the last agent turns
        picked = {t for t, _, _ in turns[-2:]}
    for problem in getattr(conv, "success_detail", ()):
        lines.append(f"      goal: {problem}")
    for event in judged.misunderstood:  # type: ignore[attr-defined]
        lines.append(f"      simulator did not understand turn {event['turn']}: asks {event['asks']}")
    for name, evidence in judged.flags.items():  # type: ignore[attr-defined]
        lines.append(f"      {name} {evidence}")
    for index, text, original in turns:
        if index in picked:
            lines.append(f"      agent turn {index}: {text!r}")
            if original is not None and original != text:
                lines.append(f"        (its own words: {original!r})")
    user_after = {t.index: t.text for t in conv.turns if t.role == "user"}  # type: ignore[attr-defined]
    for index in sorted(picked):
        if index + 1 in user_after:
            lines.append(f"      user turn {index + 1}: {user_after[index + 1]!r}")
    return lines


def run(name: str, *, every: int, trials: int, show: bool) -> tuple[Counter[str], Counter[str], list[str]]:
    registry = DomainRegistry()
    domain = registry.get(name)
    if name in SPLITS:
        domain = domain.with_split(SPLITS[name])
    counts = {"paraphrased": Counter[str](), "control": Counter[str]()}
    shown: list[str] = []
    verbatim: Counter[str] = Counter()
    for task in domain.tasks[::every]:
        for persona in PERSONAS:
            for trial in range(trials):
                for kind in ("control", "paraphrased"):
                    inner = domain.agents["reference"]()
                    wrapper = Paraphrasing(inner, name) if kind == "paraphrased" else None
                    user = SimulatedUser(domain=domain, task=task, persona=PRESETS[persona],
                                         seed=derive_seed(0, trial))
                    conv = user.converse_sync(wrapper or inner)
                    judged = judge(conv)
                    c = counts[kind]
                    c["trials"] += 1
                    c[judged.outcome] += 1
                    c["keyword"] += judged.outcome == "failed" and failure_dimensions(conv) == ("output",)
                    for metric in judged.flags:
                        c[metric] += 1
                    cid = next(iter(wrapper.rewrites), None) if wrapper else None
                    if wrapper is not None:
                        for rewrites in wrapper.rewrites.values():
                            for rw in rewrites:
                                verbatim.update(rw.unmatched)
                    if show and (judged.outcome != "passed" or judged.flags):
                        head = (f"  [{kind}] {task.id} persona={persona} trial={trial}: {judged.outcome}"
                                + (f", flags {', '.join(judged.flags)}" if judged.flags else ""))
                        shown += _show(conv, judged, wrapper, cid, head)
    if verbatim:
        shown.append(f"  units verbatim (no paraphrase rule): {sum(verbatim.values())}")
        shown += [f"    x{n}: {text!r}" for text, n in verbatim.most_common(8)]
    return counts["paraphrased"], counts["control"], shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("domains", nargs="*", help="domain names (default: every built-in domain)")
    parser.add_argument("--every", type=int, default=1, metavar="N", help="every Nth task only")
    parser.add_argument("--trials", type=int, default=2)
    parser.add_argument("--show", action="store_true", help="print the agent messages of every miss and flag")
    args = parser.parse_args(argv)
    names = args.domains or DomainRegistry().names()
    header = f"{'domain':<11} {'agent':<12}" + "".join(f"{SHORT.get(c, c):>8}" for c in COLUMNS) + "   cpu s"
    print(header)
    bad = 0
    for name in names:
        start = time.process_time()
        para, control, shown = run(name, every=args.every, trials=args.trials, show=args.show)
        took = time.process_time() - start
        for kind, c in (("paraphrased", para), ("control", control)):
            print(f"{name:<11} {kind:<12}" + "".join(f"{c[col]:>8}" for col in COLUMNS)
                  + (f"   {took:5.0f}" if kind == "paraphrased" else ""))
        bad += para["failed"] + para["inconclusive"] + sum(para[m] for m in FLAG_METRICS)
        for line in shown:
            print(line)
    print(f"paraphrased failures + inconclusive + flags: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
