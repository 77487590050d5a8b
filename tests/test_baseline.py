"""The baseline comparison's statistics: the vectorised permutation test against the pure-Python one it replaced,
against exact p-values, and the per-item changes (which items regressed or improved, by how much, how surely)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from baseline_scenarios import SCENARIOS, scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_mmtau.report._baseline import compare

# Captured from the pure-Python implementation (random.Random shuffles, commit c09ec9c) before it was replaced:
# for every scenario and seed, its change, MDE, p-value, verdict and notes.
CAPTURED = json.loads((Path(__file__).parent / "data" / "baseline_v1_outputs.json").read_text())
RESAMPLES = 2000


def _report(items: dict[str, list[bool]], **run: Any) -> dict[str, Any]:
    return {"schema_version": 1, "run": {"simulator": "scripted", "judge": "rules", **run},
            "trials": [{"nodeid": key, "outcome": "passed" if ok else "failed"}
                       for key, outcomes in items.items() for ok in outcomes]}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_same_p_values_as_the_pure_python_test(name: str) -> None:
    """Both are Monte Carlo estimates of one permutation p-value from different random streams: the change, the
    MDE, the verdict and the notes are identical, and the p-values agree within four standard errors of the
    difference of two estimates (the old stream was Python's shuffle; replaying it exactly would be sequential)."""
    base, cur = scenario(name)
    for seed, old in CAPTURED[name].items():
        new = compare(base, cur, seed=int(seed))
        assert new.verdict == old["verdict"] and list(new.notes) == old["notes"]
        assert len(new.results) == len(old["results"])
        for got, want in zip(new.results, old["results"]):
            assert (got.k, got.items, got.verdict) == (want["k"], want["items"], want["verdict"])
            assert got.change == want["change"] and got.mde == want["mde"]
            p = want["p_value"]
            tolerance = 4 * math.sqrt(2 * p * (1 - p) / RESAMPLES) + 2 / (RESAMPLES + 1)
            assert abs(got.p_value - p) <= tolerance, (name, seed, got.k, got.p_value, p)


def test_fixed_seeds_give_fixed_p_values() -> None:
    base, cur = scenario("example-suite shape")
    first, again, other = compare(base, cur, seed=3), compare(base, cur, seed=3), compare(base, cur, seed=4)
    assert first == again
    assert [r.p_value for r in first.results] != [r.p_value for r in other.results]


def test_the_permutation_p_value_converges_to_the_exact_one() -> None:
    """One item, 8 trials each side, 7 → 2 passes: for k=1 the change only grows with the passes that land in this
    run, so the exact p-value is the hypergeometric tail P(X ≤ 2) with 9 pooled passes among 16 trials."""
    base, cur = _report({"t": [True] * 7 + [False]}), _report({"t": [True] * 2 + [False] * 6})
    exact = sum(math.comb(9, x) * math.comb(7, 8 - x) for x in range(0, 3)) / math.comb(16, 8)
    result = compare(base, cur, resamples=200_000, seed=1).results[0]
    assert result.k == 1 and result.change == pytest.approx(-5 / 8)
    assert result.p_value == pytest.approx(exact, abs=0.002)
    item = compare(base, cur).items[0]
    assert item.p_value == pytest.approx(exact) and item.verdict == "regressed"


def test_items_that_regressed_and_improved_with_effect_size_and_p() -> None:
    base = _report({"a": [True] * 4, "b": [False] * 4, "c": [True, False] * 2, "d": [True] * 4})
    cur = _report({"a": [False] * 4, "b": [True] * 4, "c": [False, True] * 2, "d": [True, True, True, False]})
    result = compare(base, cur)
    by_key = {i.key: i for i in result.items}
    assert [i.key for i in result.items][:2] == ["a", "b"]  # regressions first, then improvements
    a, b, c, d = (by_key[k] for k in "abcd")
    assert (a.verdict, a.change, a.baseline_passed, a.current_passed) == ("regressed", -1.0, 4, 0)
    assert a.p_value == pytest.approx(1 / 70)  # Fisher's exact test: 4 passes, all in the baseline
    assert (b.verdict, b.change) == ("improved", 1.0) and b.p_value == pytest.approx(1 / 70)
    assert (c.verdict, c.change, c.p_value) == ("not significant", 0.0, 1.0)
    assert d.verdict == "not significant" and d.change == -0.25 and d.p_value == pytest.approx(0.5)
    # Benjamini–Hochberg over the four items: the two smallest p-values are 1/70 each
    assert a.q_value == pytest.approx(2 / 70) and c.q_value == 1.0
    from pytest_mmtau.report._terminal import baseline as terminal_lines

    lines = [line for line, _ in terminal_lines({"baseline": result.as_dict("b.json")}, 0)]
    assert "  items: 1 regressed, 1 improved (p < alpha per item), 1 changed without significance" in lines
    assert "    regressed        a: 4/4 -> 0/4 passed, change -1.00, p=0.014" in lines
    assert "    not significant  d: 4/4 -> 3/4 passed, change -0.25, p=0.500" in lines


def test_the_json_entry_is_named_for_what_it_holds() -> None:
    result = compare(_report({"a": [True] * 4}), _report({"a": [True, False, False, False]}))
    entry = result.as_dict("base.json")
    assert set(entry) == {"path", "verdict", "results", "items", "notes"}
    assert entry["results"][0]["change"] == -0.75 and "drop" not in entry["results"][0]
    assert entry["items"][0]["change"] == -0.75 and entry["items"][0]["verdict"] == "not significant"  # p = 0.5
    from pytest_mmtau.report._schema import Baseline

    Baseline.model_validate(entry)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(st.booleans(), min_size=1, max_size=6),
                          st.lists(st.booleans(), min_size=1, max_size=6)), min_size=1, max_size=12),
       st.integers(0, 2**32 - 1))
def test_p_values_are_probabilities_and_constant_items_change_nothing(
        pairs: list[tuple[list[bool], list[bool]]], seed: int) -> None:
    base = _report({f"i{n}": b for n, (b, _) in enumerate(pairs)})
    cur = _report({f"i{n}": c for n, (_, c) in enumerate(pairs)})
    result = compare(base, cur, resamples=200, seed=seed)
    for r in result.results:
        assert 1 / 201 <= r.p_value <= 1.0
    for item in result.items:
        assert 0.0 < item.p_value <= 1.0 and item.p_value <= item.q_value <= 1.0
        if item.change == 0:
            assert item.p_value == 1.0 and item.verdict == "not significant"
    if all(all(b) and all(c) for b, c in pairs):  # nothing can be relabelled: no change is ever surprising
        assert all(r.p_value == 1.0 for r in result.results)
