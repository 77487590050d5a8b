"""Simulator quality (issue 6 item 5): PAS, BVS, TRA, DEI, CRRS and the off-script flags, their pure math, hand-built
conversations for each flag, no false flags on the reference conversations, and what a failing run says and
reports."""

from __future__ import annotations

import html
import math
import statistics
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mmtau.domain import Domain
from pytest_mmtau.models import (
    CriticalField,
    DialogueAct,
    Persona,
    Task,
    ToolCall,
    Transcript,
    TrialResult,
    Turn,
    UserFact,
    UserGoal,
)
from pytest_mmtau.personas import PRESETS
from pytest_mmtau.simulator_metrics import (
    CRRS_WEIGHTS,
    bvs,
    bvs_from_rate,
    bvs_observed,
    crrs,
    dei,
    f1,
    normalise_item,
    off_script,
    off_script_sentence,
    pas,
    simulator_quality,
    tra,
)
from pytest_mmtau.user import SimulatedUser

NAN = float("nan")

# --------------------------------------------------------------------------------------------- pure math

rates = st.floats(0.0, 1.0)
terms = st.floats(0.0, 1.0) | st.just(NAN)
items = st.lists(st.sampled_from(["burger", "fries", "cola", "salad", "no onions", "large"]), max_size=6)


@given(rates)
def test_bvs_is_bounded_and_peaks_at_a_fifth(rate: float) -> None:
    value = bvs_from_rate(rate)
    assert 0.0 <= value <= 1.0
    assert value <= bvs_from_rate(0.2) == 1.0
    assert bvs_from_rate(0.0) == 0.0 and math.isclose(bvs_from_rate(1.0), 0.0, abs_tol=1e-12)


@given(rates, rates)
def test_bvs_rises_to_the_peak_then_falls(a: float, b: float) -> None:
    low, high = sorted((a, b))
    if high <= 0.2:
        assert bvs_from_rate(low) <= bvs_from_rate(high)
    if low >= 0.2:
        assert bvs_from_rate(low) >= bvs_from_rate(high)


@given(items, items)
def test_tra_f1_is_symmetric_and_bounded(target: list[str], current: list[str]) -> None:
    forward, backward = f1(target, current), f1(current, target)
    if not target and not current:
        assert math.isnan(forward) and math.isnan(backward)
        return
    assert forward == pytest.approx(backward) and 0.0 <= forward <= 1.0
    assert (forward == 1.0) == (sorted(target) == sorted(current))
    assert (forward == 0.0) == (not set(target) & set(current))


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=30))
def test_item_normalisation_ignores_case_punctuation_and_filler(text: str) -> None:
    assert normalise_item(text) == normalise_item(text.upper()) == normalise_item(f"please, the {text}!")
    assert normalise_item(text).isalnum() or normalise_item(text) == ""


@given(terms, terms, terms, terms)
def test_crrs_weights_and_rescales_over_defined_terms(p: float, b: float, t: float, d: float) -> None:
    values = {"pas": p, "bvs": b, "tra": t, "dei": d}
    defined = {k: v for k, v in values.items() if not math.isnan(v)}
    score = crrs(p, b, t, d)
    if not defined:
        assert not score.defined and "undefined" in score.evidence[0]
        return
    expected = sum(CRRS_WEIGHTS[k] * v for k, v in defined.items()) / sum(CRRS_WEIGHTS[k] for k in defined)
    assert score == pytest.approx(expected)
    assert min(defined.values()) - 1e-9 <= score <= max(defined.values()) + 1e-9
    if len(defined) == 4:
        assert score == pytest.approx(0.25 * p + 0.20 * b + 0.35 * t + 0.20 * d)


def test_crrs_weights_are_the_papers() -> None:
    assert dict(CRRS_WEIGHTS) == {"pas": 0.25, "bvs": 0.20, "tra": 0.35, "dei": 0.20}
    assert crrs(1.0, 0.0, 1.0, 1.0) == pytest.approx(0.8)
    rescaled = crrs(1.0, NAN, 0.0, 1.0)
    assert rescaled == pytest.approx(0.45 / 0.8) and "BVS undefined" in rescaled.evidence[1]


# --------------------------------------------------------------------------------------------- hand-built talks

GOAL = UserGoal(intent="cancel_subscription", request="I'd like to cancel my subscription.",
                facts=(UserFact(key="account_id", value="A100", aliases=("account id", "account")),),
                confirmed_by=("cancelled",), accepts=("cancel_subscription",))
TASK = Task(id="cancel", description="Dana wants to cancel the subscription on account A100 before the renewal date.",
            goal=GOAL, optimal_turns=3,
            critical_fields=(CriticalField(name="account_id", tool="cancel_subscription", argument="account_id",
                                           expected="A100"),))
CALM = {"mood": "calm", "execution_style": "one_by_one", "exploration": "stays_on_task"}


def _state(done: bool = False, attrs: dict[str, str] | None = CALM, **tracker: Any) -> dict[str, Any]:
    state: dict[str, Any] = {"tracker": {"disclosed": {}, "asked": {}, "goal_confirmed": done, **tracker}}
    if attrs is not None:
        state["attributes"] = dict(attrs)
    return state


def _user(text: str, *acts: DialogueAct, state: dict[str, Any] | None = None,
          calls: tuple[ToolCall, ...] = ()) -> tuple[str, str, tuple[DialogueAct, ...], dict[str, Any], tuple]:
    return ("user", text, acts, _state() if state is None else state, calls)


def _agent(text: str, *calls: ToolCall) -> tuple[str, str, tuple, dict, tuple]:
    return ("agent", text, (), {}, calls)


def _talk(*turns: tuple, task: Task = TASK, persona: Persona = PRESETS["none"], achieved: bool = True) -> Transcript:
    return Transcript(task=task, persona=persona, domain="mock", goal_achieved=achieved,
                      turns=tuple(Turn(index=i, role=role, text=text, acts=acts, user_state=state, tool_calls=calls)
                                  for i, (role, text, acts, state, calls) in enumerate(turns)))


def _cancel(account: str = "A100") -> ToolCall:
    return ToolCall(id="c1", name="cancel_subscription", arguments={"account_id": account},
                    result={"status": "cancelled"}, irreversible=True)


def good_talk(**kwargs: Any) -> Transcript:
    return _talk(
        _user("I'd like to cancel my subscription.", DialogueAct(kind="request", slot="cancel_subscription")),
        _agent("Could you give me your account ID?"),
        _user("My account id is A100.", DialogueAct(kind="inform", slot="account_id", value="A100"),
              state=_state(disclosed={"account_id": "exact"})),
        _agent("Shall I cancel the subscription on account A100?"),
        _user("Yes, please go ahead.", DialogueAct(kind="affirm"), state=_state(disclosed={"account_id": "exact"})),
        _agent("The subscription on account A100 is now cancelled. Anything else?", _cancel()),
        _user("No, that's everything. Thanks!", DialogueAct(kind="stop"), state=_state(True, None)),
        **kwargs)


def test_a_faithful_conversation_scores_well_and_is_on_script() -> None:
    q = simulator_quality(good_talk())
    assert q.off_script == () and q.sentence is None
    assert q.pas == 1.0 and q.tra == 1.0
    assert q.bvs == 0.0  # the generator asked for the same mood and styles every time: robotic
    assert q.bvs_observed == 0.0  # and that is what the messages show
    assert q.dei == pytest.approx(7 / 8)  # the closing records its tracker but no attributes
    assert q.crrs == pytest.approx(0.25 + 0.35 + 0.2 * 7 / 8)
    assert q.as_dict() == {"pas": 1.0, "bvs": 0.0, "tra": 1.0, "dei": pytest.approx(7 / 8),
                           "crrs": pytest.approx(float(q.crrs)), "bvs_observed": 0.0, "off_script": []}


def test_pas_renormalises_over_the_components_a_message_has() -> None:
    angry = dict(CALM, mood="angry")
    conv = _talk(_user("Yes.", DialogueAct(kind="affirm"), state=_state(attrs=angry)),
                 _agent("Anything else?"),
                 _user("Yes.", DialogueAct(kind="affirm")))
    score = pas(conv)
    # a plain "yes" has no execution style: 3 components; the first misses its mood (2/3), the second matches all
    assert score == pytest.approx((2 / 3 + 1) / 2)
    assert any("turn 0: mood calm, expected angry" in e for e in score.evidence)


def test_pas_falls_back_to_the_persona_and_the_transcript() -> None:
    angry = PRESETS["none"].model_copy(update={"emotion": "angry", "exploration": 0.9})
    conv = _talk(_user("Please cancel it.", state={}), _agent("Done, it is cancelled."),
                 _user("That's all, thank you.", DialogueAct(kind="stop"), state={}), persona=angry)
    score = pas(conv)
    # persona defaults: angry mood, explores; both messages are calm and on task. The last one claims done and the
    # goal was achieved (no tracker: the transcript decides)
    assert score == pytest.approx(1 / 3) and "held to the persona's defaults" in score.evidence[0]
    assert dei(conv) == 0.0 and "0 record" in dei(conv).evidence[0]


def test_bvs_observed_counts_changes_the_messages_show_and_needs_two() -> None:
    one = _talk(_user("Hello."))
    assert not bvs_observed(one).defined and "at least 2" in bvs_observed(one).evidence[0]
    moods = ["Hello.", "Look, hello.", "This is ridiculous. Hello.", "Hello.", "Hello."]
    conv = _talk(*[t for text in moods for t in (_user(text), _agent("Yes?"))])
    # mood changes 3 times in 4 steps, exploration never: average 0.375
    assert bvs_observed(conv) == pytest.approx(bvs_from_rate(0.375)) and "mood 0.75" in bvs_observed(conv).evidence[0]
    assert bvs(conv) == 0.0  # every message was told to be calm, on task, one by one


def test_bvs_is_eq_8_on_the_generator_states() -> None:
    told = [CALM, dict(CALM, mood="irritated"), dict(CALM, mood="irritated", exploration="explores"), CALM,
            dict(CALM, execution_style="all_at_once")]
    # whatever the messages show (all calm here): mood 2/4, exploration 2/4, execution style 1/4
    conv = _talk(*[t for attrs in told for t in (_user("Hello.", state=_state(attrs=attrs)), _agent("Yes?"))])
    assert bvs(conv) == pytest.approx(bvs_from_rate((0.5 + 0.5 + 0.25) / 3))
    assert "over 5 attribute states" in bvs(conv).evidence[0]
    assert bvs_observed(conv) == 0.0
    unrecorded = _talk(_user("Hello.", state={}), _agent("Yes?"), _user("Hi.", state={}))
    assert not bvs(unrecorded).defined and "0 attribute state(s)" in bvs(unrecorded).evidence[0]


@given(st.lists(st.sampled_from(["calm", "irritated", "angry"]), min_size=2, max_size=30))
def test_bvs_of_one_varying_dimension_is_a_third_of_its_rate_scored(moods: list[str]) -> None:
    conv = _talk(*[t for m in moods for t in (_user("Hello.", state=_state(attrs=dict(CALM, mood=m))), _agent("?"))])
    changes = sum(a != b for a, b in zip(moods, moods[1:]))
    assert bvs(conv) == pytest.approx(bvs_from_rate(changes / (len(moods) - 1) / 3))


def test_tra_facts_in_play_and_invented_values() -> None:
    assert tra(good_talk()) == 1.0
    wrong = _talk(_agent("What is your account ID?"),
                  _user("It's A100, and my coupon is SAVE20.",
                        DialogueAct(kind="inform", slot="account_id", value="A100"),
                        DialogueAct(kind="inform", slot="coupon", value="SAVE20")))
    assert tra(wrong) == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert any("coupon='SAVE20' (not a goal fact)" in e for e in tra(wrong).evidence)
    never = _talk(_agent("What is your account ID?"), _user("I don't know."))
    assert tra(never) == 0.0 and "never given exactly: account_id" in tra(never).evidence
    nothing = _talk(_user("Hello."))
    assert not tra(nothing).defined


def test_tra_reads_the_order_tracker() -> None:
    order = {"target": ["2 x Burger (no onions)", "Cola"], "current": ["2 x burger no onions", "Fries"],
             "complete": False}
    conv = _talk(_user("Two burgers without onions and fries, please.", state=_state(order=order)))
    score = tra(conv)
    assert score == pytest.approx(0.5)
    assert "missing: cola" in score.evidence and "not in the target: fries" in score.evidence
    done = {"current": ["Cola", {"item": "Burger", "qty": 2}], "target": [{"qty": 2, "item": "burger"}, "cola"],
            "complete": True}
    assert tra(_talk(_user("That's all, thank you.", DialogueAct(kind="stop"), state=_state(order=done)))) == 1.0


def test_dei_counts_attributes_and_tracker_per_message() -> None:
    assert dei(good_talk()) == pytest.approx(7 / 8)
    full = _talk(_user("Hello."), _agent("Hi."), _user("Bye now.", state=_state(attrs=CALM)))
    assert dei(full) == 1.0
    assert not dei(_talk(_agent("Hello?"))).defined


# --------------------------------------------------------------------------------------------- off-script flags


def test_ended_early_when_the_tracker_disagrees_or_patience_remained() -> None:
    early = _talk(_user("I'd like to cancel my subscription."), _agent("One moment."),
                  _user("That's all, thank you.", DialogueAct(kind="stop"), state=_state(False, None)))
    assert off_script(early) == (("turn 2: ended early: the user says it is done while its own tracker says the "
                                  "goal is not confirmed"),)
    order = {"target": ["burger"], "current": [], "complete": False}
    early_order = _talk(_user("That's everything.", DialogueAct(kind="stop"), state={"tracker": {"order": order}}))
    assert "ended early" in off_script(early_order)[0]
    # placed without a read-back: the simulator's tracker saw the goal confirmed, so no flag, but PAS counts the
    # closing against the incomplete order
    unread = _talk(_user("That's everything.", DialogueAct(kind="stop"), state=_state(True, None, order=order)))
    assert off_script(unread) == ()
    assert "completion claims done, expected not done per the tracker and order tracker" in pas(unread).evidence[1]
    turns = (_user("Hi."), _agent("Hello."),
             _user("Put me through to a person.", DialogueAct(kind="transfer"), state=_state(attrs=None)))
    patient = PRESETS["none"].model_copy(update={"patience": 12})
    assert off_script(_talk(*turns, persona=patient)) == (
        "turn 2: ended early: asked for a human at its user turn 2, before its patience (12 turns) ran out",)
    impatient = PRESETS["none"].model_copy(update={"patience": 1})
    assert off_script(_talk(*turns, persona=impatient)) == ()


def test_invented_identifiers_and_asserted_values() -> None:
    conv = _talk(_agent("Could you give me your account ID?"),
                 _user("My account is A100, order ORD-99812, mail dana@example.org; call 555-0199.",
                       DialogueAct(kind="inform", slot="account_id", value="A100")),
                 _agent("Thanks."),
                 _user("Also my plan is gold.", DialogueAct(kind="inform", slot="plan", value="gold"),
                       DialogueAct(kind="correct", slot="account_id", value="A101")))
    flags = off_script(conv)
    assert "turn 1: invented a fact: 'ORD-99812' is in no goal fact, request, agent message or tool result" in flags
    assert any("'dana@example.org'" in f for f in flags) and any("'555-0199'" in f for f in flags)
    assert not any("'A100' is in no" in f for f in flags)
    assert "turn 3: invented a fact: asserted plan='gold', which is not a goal fact" in flags
    assert "turn 3: invented a fact: asserted account_id='A101', the goal's is 'A100'" in flags


def test_identifiers_the_user_was_shown_are_not_invented() -> None:
    lookup = ToolCall(id="t", name="get_bills", arguments={"customer_id": "C1002"}, result=[{"bill_id": "B5201"}])
    report = ToolCall(id="u", name="check_status_bar", side="user", result="signal: 4/4 bars, battery 76%, 2026-04-15")
    conv = _talk(_agent("Your bill B5201 (due 2026-04-15) is overdue; see account C-1002.", lookup),
                 _user("I did that (check status bar). It says: signal: 4/4 bars, battery 76%, 2026-04-15.",
                       DialogueAct(kind="inform", slot="check_status_bar", value="..."), calls=(report,)),
                 _agent("Okay."), _user("So bill B5201 on C1002 is paid? On 2026-04-15, 10am, 3rd of May."))
    assert off_script(conv) == ()


def test_leaking_the_goal() -> None:
    tool = _talk(_user("Please call cancel_subscription for me."))
    assert off_script(tool) == ("turn 0: leaked the goal: names the agent's tool cancel_subscription",)
    quote = _talk(_user("I want to cancel the subscription on account A100 before the renewal date."))
    assert off_script(quote) == (("turn 0: leaked the goal: quotes the task description ('to cancel the "
                                  "subscription on account')"),)
    echoed = _talk(_agent("Shall I cancel the subscription on account A100 before the renewal date?"),
                   _user("Yes, cancel the subscription on account A100 before the renewal date."))
    assert off_script(echoed) == ()  # repeating the agent is no leak
    secret = TASK.model_copy(update={"critical_fields": (
        CriticalField(name="bill_id", tool="send_payment_request", argument="bill_id", expected="B5201"),)})
    told_later = _talk(_user("Is this about bill B5201?"), _agent("Yes, bill B5201 is overdue."),
                       _user("Then pay bill B5201."), task=secret)
    leaks = [f for f in off_script(told_later) if "leaked" in f]
    assert leaks == [("turn 0: leaked the goal: says 'B5201', the expected bill_id, which it was never told and "
                      "is not one of its facts")]
    meta = _talk(_user("As per the task, my instructions say to cancel."))
    assert off_script(meta) == ("turn 0: leaked the goal: meta-talk 'my instructions'",)


def test_the_failure_sentence() -> None:
    assert off_script_sentence(()) is None
    one = off_script_sentence(["turn 5: invented a fact: 'X1234' is in no goal fact"])
    assert one == ("the simulated user went off script at turn 5 (invented a fact: 'X1234' is in no goal fact) — "
                   "this failure may be the simulator's, not the agent's")
    two = off_script_sentence(["turn 2: ended early: x", "turn 4: leaked the goal: y"])
    assert two is not None and "at turn 2 (ended early: x); 1 more flag —" in two


# --------------------------------------------------------------------------------------------- reference runs


def _reference_runs(domain: Domain, tasks: list[Task], personas: list[str], seeds: range) -> list[Transcript]:
    agent = domain.agents["reference"]
    return [SimulatedUser(domain=domain, task=t, persona=PRESETS[p], seed=s).converse_sync(agent())
            for t in tasks for p in personas for s in seeds]


def test_no_false_flags_on_the_mock_reference_conversations(mock_domain: Domain,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    runs = _reference_runs(mock_domain, list(mock_domain.tasks), list(PRESETS), range(2))
    qualities = [simulator_quality(c) for c in runs]
    flagged = [(c.task.id, c.persona.name, c.seed, q.off_script) for c, q in zip(runs, qualities) if q.off_script]
    assert flagged == []
    means = {k: statistics.mean(float(s) for q in qualities if (s := q.scores()[k]).defined)
             for k in ("crrs", "pas", "bvs", "tra", "dei", "bvs_observed")}
    with capsys.disabled():
        print(f"\nmock reference, {len(runs)} conversations: " + ", ".join(f"{k} {v:.3f}" for k, v in means.items()))
    assert means["pas"] > 0.85 and means["tra"] > 0.9 and means["crrs"] > 0.6
    assert all(0.0 <= q.crrs <= 1.0 for q in qualities)


def test_no_false_flags_on_retail_reference_conversations() -> None:
    from pytest_mmtau._discovery import DomainRegistry

    retail = DomainRegistry().get("retail")
    sample = list(retail.tasks)[::16]  # every kind of task, a few of each
    flagged = [(c.task.id, q) for c in _reference_runs(retail, sample, ["none", "easy", "hard"], range(1))
               if (q := off_script(c))]
    assert flagged == []


# --------------------------------------------------------------------------------------------- plugin and reports

OFF_SCRIPT_TEST = """
import pytest
from pytest_mmtau import assert_ias

from pytest_mmtau import FunctionAgent

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(1)
def test_support(simulated_user):
    goal = simulated_user.task.goal.model_copy(update={"request": "Please run cancel_subscription on my account."})
    user = simulated_user.variant(task=simulated_user.task.model_copy(update={"goal": goal}))
    conv = user.converse_sync(FunctionAgent(lambda request: "Sorry, I cannot help with that."))
    simulated_user.transcripts.append(conv)  # the trial's conversation, as the plugin measures it
    assert conv.goal_achieved, "the agent did not cancel"
"""


def test_a_failure_says_when_the_simulator_went_off_script(pytester: pytest.Pytester) -> None:
    import json

    pytester.makepyfile(OFF_SCRIPT_TEST)
    result = pytester.runpytest("--mmtau-report=r.json", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([
        "--- trial 1/1 (seed *) FAILED: the agent did not cancel*",
        ("    note: the simulated user went off script at turn 0 (leaked the goal: names the agent's tool "
         "cancel_subscription); * more flags — this failure may be the simulator's, not the agent's"),
        "simulator quality: CRRS * (PAS *, BVS *, TRA *, DEI *); off script in 1/1 trials",
    ])
    report = json.loads((pytester.path / "r.json").read_text())
    trial = report["trials"][0]
    assert trial["simulator"]["realiser"] == "scripted"
    assert trial["simulator"]["off_script"][0] == "turn 0: leaked the goal: names the agent's tool cancel_subscription"
    item = next(g for g in report["groups"] if g["level"] == "item")
    assert item["simulator"]["off_script"] == 1 and item["simulator"]["trials"] == 1
    assert 0.0 < item["simulator"]["crrs"] <= 1.0


def _result(trial: int, outcome: str, **simulator: Any) -> TrialResult:
    return TrialResult(nodeid="t.py::test_x[a]", test="t.py::test_x", task_id="a", persona="none", modality="text",
                       trial=trial, seed=trial, outcome=outcome, success=outcome == "passed", simulator=simulator)


def test_reports_carry_simulator_means_and_off_script_trials() -> None:
    from pytest_mmtau.report import ItemRecord, build_report
    from pytest_mmtau.report._html import render_html
    from pytest_mmtau.report._markdown import render_markdown

    flag = "turn 3: invented a fact: '<b>X9999</b>' is in no goal fact"
    trials = (_result(0, "passed", pas=1.0, bvs=None, tra=1.0, dei=0.75, crrs=0.9, off_script=[]),
              _result(1, "failed", pas=0.5, bvs=0.5, tra=0.0, dei=0.25, crrs=0.3, off_script=[flag]),
              _result(2, "error"))
    record = ItemRecord(nodeid="t.py::test_x[a]", test="t.py::test_x", case_id="a", trials=trials,
                        gate_failures=("pass^1 = 0.500, required pass^1>=1",))
    report = build_report([record], run={"seed": 1})
    item, test = report["groups"]
    assert item["simulator"] == test["simulator"] == {"crrs": pytest.approx(0.6), "pas": 0.75, "bvs": 0.5,
                                                      "tra": 0.5, "dei": 0.5, "bvs_observed": None, "trials": 2,
                                                      "off_script": 1,
                                                      "misunderstood": 0}
    from pytest_mmtau.report._terminal import render_terminal

    lines = [line for line, _ in render_terminal(report)]
    assert "simulator quality: CRRS 0.60 (PAS 0.75, BVS 0.50, TRA 0.50, DEI 0.50); off script in 1/2 trials" in lines
    markdown = render_markdown(report)
    assert "Simulator quality: CRRS 0.60 (PAS 0.75, BVS 0.50, TRA 0.50, DEI 0.50); off script in 1 of 2 trials (a)" \
        in markdown
    assert "the simulated user went off script at turn 3" in markdown and "<b>" not in markdown
    page = render_html(report)
    assert "<h2>Simulator quality</h2>" in page and "Off script (1 trials)" in page
    assert "&lt;b&gt;X9999&lt;/b&gt;" in page and "<b>X9999" not in page
    assert "a failure there may be the simulator's" in page  # the flag list
    assert html.escape("this failure may be the simulator's, not the agent's") in page  # the failing trial's banner
