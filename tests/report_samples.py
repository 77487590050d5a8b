"""Sample reports for the HTML and Markdown report tests and for ``benchmarks/html_report.py``: hand-made trials and
conversations (with hostile text), a team's suite, and what an agent saying 1 MB per turn leaves in a report."""

from __future__ import annotations

from typing import Any

SCRIPT = '<script>alert("x")</script>'
IMG = '"><img src=x onerror=alert(1)>'


def trial(nodeid: str, trial: int, outcome: str, **extra: Any) -> dict[str, Any]:
    base = {"nodeid": nodeid, "test": "tests/test_bot.py::test_support", "task_id": "cancel", "persona": "easy",
            "modality": "voice", "trial": trial, "seed": 100 + trial, "outcome": outcome,
            "success": outcome == "passed", "reason": "", "termination": "user_stop",
            "metrics": {"success": 1.0, "ias": 1.0 if outcome == "passed" else 0.0, "err": None},
            "judge": {"labeller": "rules"}, "duration_s": 0.25, "detail": "", "transcript": None}
    return base | extra


def transcript() -> dict[str, Any]:
    user = {"index": 0, "role": "user", "text": "Cancel my plan, account A100.",
            "heard": "Cancel my plan, account A 100.",
            "acts": [{"kind": "request", "slot": "cancel", "value": None, "vague": False},
                     {"kind": "inform", "slot": "account_id", "value": "A100", "vague": True}],
            "tool_calls": [], "at": 0.1,
            "channel": {"wer": 0.25, "audio": {"spoken": "/runs/out/audio/t0.wav", "heard": "audio/t0-heard.ogg"},
                        "confidence": 0.41234, "engine": "pocketsphinx"}}
    agent = {"index": 1, "role": "agent", "text": f"Done {SCRIPT} {IMG}", "heard": None, "acts": [], "at": 0.2,
             "tool_calls": [
                 {"id": "c1", "name": "cancel_subscription", "arguments": {"account_id": IMG}, "side": "agent",
                  "hosted": "env", "irreversible": True, "critical": ["account_id"], "result": {"note": SCRIPT},
                  "error": None, "at": 0.15},
                 {"id": "c2", "name": "lookup", "arguments": {}, "side": "agent", "hosted": "agent",
                  "irreversible": False, "critical": [], "result": None, "error": f"no account {IMG}", "at": 0.16}]}
    return {"task": {"id": "cancel", "description": "Dana cancels <b>now</b>."},
            "persona": {"name": "easy", "expertise": "expert", "emotion": "calm"}, "domain": "mock",
            "modality": "voice", "seed": 101, "trial": 1, "turns": [user, agent], "termination": "user_stop",
            "termination_detail": "the user ended the conversation (stop)", "agent_error": None,
            "goal_achieved": False, "success_detail": ["state accounts.A100.status is 'active'"],
            "persona_exposure": 2,
            "persona_hints": [{"text": f"Terse and irritated {SCRIPT}", "source": "heuristic", "turn": 1,
                               "user_messages": 3, "window": 5, "rubric": {"frustration": 6}}]}


def bulky_report(failing_items: int, trials: int = 4, turns: int = 12) -> dict[str, Any]:
    """What an agent that says 1 MB per turn leaves in a report: every turn cut to the report's limit."""
    from pytest_mmtau._display import bounded

    said = bounded("x" * 1_000_000)  # as the plugin stores a turn's text
    long_talk = transcript() | {"turns": [{"index": i, "role": "agent" if i % 2 else "user", "text": said,
                                           "acts": [], "tool_calls": []} for i in range(turns)]}
    report: dict[str, Any] = {"schema_version": 1, "run": {}, "trials": [], "groups": []}
    for n in range(failing_items):
        key = f"tests/test_big.py::test_x[item{n}-none-text]"
        report["trials"] += [trial(key, t, "failed", reason="x" * 2000, detail="y" * 20_000,
                                    transcript=long_talk) for t in range(trials)]
        report["groups"].append({"level": "item", "key": key, "test": "tests/test_big.py::test_x",
                                 "case": f"item{n}-none-text", "trials": trials, "passed": 0, "errors": 0,
                                 "pass_hat_k": {"1": 0.0}, "metrics": {}, "gate_failures": ["pass^1 = 0.0"]})
    return report


def team_report() -> dict[str, Any]:
    """A team's suite: 300 items over 12 tests with long ids, failures and infrastructure errors in some, a
    baseline that moved, voice against text, a falsifying example."""
    groups: list[dict[str, Any]] = []
    trials: list[dict[str, Any]] = []
    changes = []
    for t in range(12):
        test = f"tests/support_flows/test_customer_journeys_{t:02d}.py::test_journey_with_a_long_descriptive_name"
        for i in range(25):
            key = f"{test}[[mobile_data_issue]airplane_mode_on|bad_network_preference|bad_vpn|item_{i}-hard-text]"
            outcomes = ["passed"] * 4 if (t * 25 + i) % 9 else ["passed", "failed", "error", "failed"]
            for n, outcome in enumerate(outcomes):
                trials.append(trial(key, n, outcome, test=test, reason="" if outcome == "passed" else "ias = 0.000 "
                                     + "because the agent skipped the confirmation " * 3,
                                     transcript=None if outcome == "passed" else transcript(),
                                     metrics={m: 0.5 + (i % 5) / 10 for m in ("success", "cfa", "ias", "te", "ues",
                                                                               "err", "sr", "safety_precision")}))
            passed = outcomes.count("passed")
            scored = passed + outcomes.count("failed")
            groups.append({"level": "item", "key": key, "test": test, "case": key.split("[", 1)[1][:-1],
                           "trials": 4, "passed": passed, "errors": outcomes.count("error"),
                           "pass_hat_k": {str(k): (1.0 if passed == scored else 0.0 if k > passed else 1 / 3)
                                          for k in range(1, scored + 1)},
                           "metrics": {m: 0.5 + (i % 5) / 10 for m in ("success", "cfa", "ias", "te", "ues")},
                           "mm_tap": 0.8, "thresholds": ["pass^1>=0.9"],
                           "gate_failures": [] if passed == 4 else ["pass^1 = 0.333, required pass^1>=0.9"]})
            changes.append({"key": key, "baseline_passed": 4, "baseline_scored": 4, "current_passed": passed,
                            "current_scored": scored, "change": passed / scored - 1, "p_value": 0.2 if passed < 4
                            else 1.0, "q_value": 0.9, "verdict": "not significant"})
        groups.append({"level": "test", "key": test, "test": test, "items": 25, "trials": 100, "errors": 3,
                       "pass_hat_k": {"1": 0.9, "2": 0.85, "3": 0.8}, "mm_tap": 0.7,
                       "metrics": {m: 0.8 for m in ("success", "cfa", "ias", "te", "ues", "err", "sr", "cp", "cr")},
                       "cross_modality": [{"modality": "asr-noise", "paired_items": 12, "paired_trials": 48,
                                           "mrs": 0.9, "to": 0.2, "arga": 1.0, "wer": 0.11,
                                           "evidence": {"mrs": ["voice pass^1 0.9 over text 1.0"]}}],
                       "simulator": {"crrs": 0.8, "pas": 1.0, "bvs": 0.2, "tra": 1.0, "dei": 1.0, "trials": 100,
                                     "off_script": 0}})
    return {"schema_version": 1, "run": {"plugin_version": "0.1.0", "seed": 0, "thresholds": ["pass^1>=0.9"]},
            "trials": trials, "groups": groups,
            "gate_failures": [{"scope": "session", "group": "all", "gate": "session:pass^1>=0.95", "observed": 0.9,
                               "trials": ["x" * 300]}],
            "baseline": {"path": "main.json", "verdict": "WARN", "notes": [], "items": changes,
                         "results": [{"k": 1, "items": 300, "change": -0.07, "p_value": 0.06, "mde": 0.02,
                                      "verdict": "WARN"}]},
            "fuzz_failures": [{"nodeid": "tests/test_fuzz.py::test_personas[cancel-none-text]", "test": "t",
                               "error": "AssertionError: " + "y" * 300, "notes": ["mmtau: task=x seed=1"],
                               "falsifying_example": "Falsifying example: test_personas(" + "z" * 400 + ")",
                               "reproduce": "python -m pytest_mmtau.replay --domain mock --task x " + "w" * 200,
                               "expected_failure": False}]}
