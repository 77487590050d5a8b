"""Properties of the pass^k estimator."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mmtau.metrics import mean_pass_hat_k, pass_hat_k

outcomes = st.lists(st.booleans(), min_size=1, max_size=10)


@given(outcomes)
def test_pass_hat_1_is_the_pass_fraction(trials: list[bool]) -> None:
    assert pass_hat_k(trials, 1) == pytest.approx(sum(trials) / len(trials))


@given(st.integers(1, 10).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n))))
def test_all_passing_gives_one(nk: tuple[int, int]) -> None:
    n, k = nk
    assert pass_hat_k([True] * n, k) == 1.0


@given(outcomes)
def test_non_increasing_in_k(trials: list[bool]) -> None:
    curve = [pass_hat_k(trials, k) for k in range(1, len(trials) + 1)]
    assert all(a >= b for a, b in zip(curve, curve[1:]))


@given(outcomes, st.data())
def test_matches_brute_force_over_subsets(trials: list[bool], data: st.DataObject) -> None:
    k = data.draw(st.integers(1, len(trials)))
    subsets = list(itertools.combinations(trials, k))
    assert pass_hat_k(trials, k) == pytest.approx(sum(all(s) for s in subsets) / len(subsets))


@given(outcomes)
def test_bounded_and_zero_when_fewer_successes_than_k(trials: list[bool]) -> None:
    for k in range(1, len(trials) + 1):
        value = pass_hat_k(trials, k)
        assert 0.0 <= value <= 1.0
        assert (value == 0.0) == (sum(trials) < k)


@pytest.mark.parametrize("k", [0, 4])
def test_k_outside_one_to_n_is_rejected(k: int) -> None:
    with pytest.raises(ValueError, match="1 <= k <= number of trials"):
        pass_hat_k([True, False, True], k)


def test_mean_over_tasks_skips_tasks_with_too_few_trials() -> None:
    groups = [[True, True], [True, False], [True]]
    assert mean_pass_hat_k(groups, 2) == pytest.approx((1.0 + 0.0) / 2)
    assert mean_pass_hat_k(groups, 3) is None
    assert math.isclose(mean_pass_hat_k(groups, 1) or 0, (1 + 0.5 + 1) / 3)
