"""Our formulas against the papers' own numbers: MM-τ-p² Table 5 from its Table 2 (and Eq. 1's math, with
Hypothesis), ECom-Bench Table 2's pass^k, the Toast paper's Table 1 CRRS.

MM-τ-p². 
What the paper prints. Table 2 gives, per judge × exposure × domain, every input of Eq. 1's β and γ terms (MRS,
ARGA, ERR, TE, UES as a rate per user message, TO) and CFA. Two inputs are not printed anywhere: pass¹ is only
drawn (Fig. 2, bars without values), and IAS is not reported — Table 2's "Safety Precision" stands in its place
(the authors' code computes no IAS; its "Safety Precision" is confirmations asked when required / asked). So no
Table 5 cell has all of its inputs in print. What the tables do pin down, and what these tests check:

- taking IAS = Table 2's Safety Precision, Eq. 1 leaves one unknown per cell, pass¹; solved from Table 5 by hand
  arithmetic (not by our code), it must be a probability in every cell — it is, and it comes out lower for Telecom
  than Retail, as Fig. 2 and §4 describe. With IAS = 1 instead, Telecom would need a negative pass¹;
- with those inputs, our ``mm_tap`` gives Table 5 within 0.001 in all 12 cells — including the six whose MRS > 1
  or TO < 0, which a capped MRS or a floored TO would move by up to 0.031;
- GPT-4.1 Telecom's best exposure is p=1 (0.447), as in the paper; with the cap and the floor it would be p=0.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mmtau.metrics import MmTapWeights, mean_pass_hat_k, mm_tap, to_from
from pytest_mmtau.simulator_metrics import crrs

ALPHA, BETA, GAMMA, DELTA = 0.35, 0.35, 0.20, 0.10  # Table 5's caption

# MM-τ-p² Table 2, typed from the paper: (judge, domain, p) → the columns we use.
# p: 0 no persona, 1 persona injection, 2 context injection.
COLUMNS = ("cfa", "te", "to", "err", "rtc", "ues", "arga", "mrs", "cp", "cr", "safety_precision", "sr")
TABLE_2 = {
    ("gpt-4.1", "telecom", 0): (0.46, 0.95, 0.13, 0.31, 1.40, 0.53, 0.32, 1.06, 0.36, 0.93, 0.26, 0.26),
    ("gpt-4.1", "retail", 0): (0.38, 0.98, 0.03, 0.07, 0.89, 0.46, 0.51, 0.75, 0.68, 0.98, 0.47, 0.43),
    ("gpt-4.1", "telecom", 1): (0.46, 0.95, 0.20, 0.21, 1.18, 0.51, 0.34, 1.27, 0.26, 1.00, 0.20, 0.18),
    ("gpt-4.1", "retail", 1): (0.38, 0.98, -0.02, 0.05, 2.17, 0.47, 0.44, 0.80, 0.70, 0.92, 0.54, 0.49),
    ("gpt-4.1", "telecom", 2): (0.477, 0.961, 0.099, 0.242, 0.625, 0.473, 0.2, 1.164, 0.211, 0.935, 0.140, 0.133),
    ("gpt-4.1", "retail", 2): (0.389, 0.986, 0.146, 0.041, 2.57, 0.507, 0.581, 0.772, 0.970, 1.0, 0.521, 0.49),
    ("gpt-5", "telecom", 0): (0.48, 0.95, 0.13, 0.31, 1.42, 0.49, 0.41, 1.00, 0.23, 1.00, 0.23, 0.30),
    ("gpt-5", "retail", 0): (0.44, 0.98, 0.03, 0.09, 1.75, 0.43, 0.48, 0.73, 0.47, 0.97, 0.38, 0.36),
    ("gpt-5", "telecom", 1): (0.47, 0.94, 0.20, 0.18, 1.28, 0.49, 0.36, 0.87, 0.20, 1.00, 0.17, 0.19),
    ("gpt-5", "retail", 1): (0.44, 0.99, -0.02, 0.05, 3.00, 0.43, 0.30, 0.67, 0.43, 1.00, 0.49, 0.43),
    ("gpt-5", "telecom", 2): (0.483, 0.968, 0.099, 0.192, 1.3, 0.473, 0.344, 1.125, 0.171, 0.969, 0.149, 0.169),
    ("gpt-5", "retail", 2): (0.429, 0.986, 0.146, 0.085, 1.3, 0.479, 0.588, 0.743, 0.247, 1.0, 0.430, 0.408),
}
# MM-τ-p² Table 5: mm-tap per judge and domain at p = 0, 1, 2.
TABLE_5 = {
    ("gpt-4.1", "telecom"): (0.436, 0.447, 0.415), ("gpt-4.1", "retail"): (0.470, 0.474, 0.481),
    ("gpt-5", "telecom"): (0.466, 0.409, 0.455), ("gpt-5", "retail"): (0.473, 0.441, 0.484),
}
CELLS = sorted(TABLE_2)


def row(cell: tuple[str, str, int]) -> dict[str, float]:
    return dict(zip(COLUMNS, TABLE_2[cell], strict=True))


def published(cell: tuple[str, str, int]) -> float:
    judge, domain, p = cell
    return TABLE_5[(judge, domain)][p]


def implied_pass1(cell: tuple[str, str, int], *, ias: float | None = None) -> float:
    """pass¹ that makes Eq. 1 give Table 5's value, by hand: S − β·robustness − γ·efficiency = α·CFA·pass¹ +
    δ·IAS."""
    r = row(cell)
    robustness = (r["mrs"] + r["arga"] + r["err"]) / 3
    efficiency = (r["te"] + 1 / (1 + r["ues"]) + 1 / (1 + r["to"])) / 3
    rest = published(cell) - BETA * robustness - GAMMA * efficiency
    return (rest - DELTA * (r["safety_precision"] if ias is None else ias)) / (ALPHA * r["cfa"])


def ours(cell: tuple[str, str, int], pass1: float) -> float:
    r = row(cell)
    return float(mm_tap(cfa=r["cfa"], pass1=pass1, te=r["te"], ues=r["ues"], ias=r["safety_precision"],
                        mrs=r["mrs"], arga=r["arga"], err=r["err"], to=r["to"]))


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: f"{c[0]}-{c[1]}-p{c[2]}")
def test_table_2_inputs_admit_table_5_and_mm_tap_reproduces_it(cell) -> None:
    pass1 = implied_pass1(cell)
    assert 0.0 <= pass1 <= 1.0, f"Table 5 needs pass¹ = {pass1:.3f}: Eq. 1 cannot give it from Table 2"
    assert ours(cell, pass1) == pytest.approx(published(cell), abs=0.001)


def test_implied_pass1_is_lower_for_telecom_and_needs_a_low_ias() -> None:
    telecom = [implied_pass1(c) for c in CELLS if c[1] == "telecom"]
    retail = [implied_pass1(c) for c in CELLS if c[1] == "retail"]
    assert max(telecom) < min(retail)  # Fig. 2 / §4: telecom has the lower pass¹
    # IAS = 1 (every irreversible action confirmed) is incompatible with Table 5 for Telecom
    assert all(implied_pass1(c, ias=1.0) < 0 for c in CELLS if c[1] == "telecom")


def _capped(cell: tuple[str, str, int], pass1: float) -> float:
    """The old variant, MRS capped at 1 and TO floored at 0, by hand."""
    r = row(cell)
    robustness = (min(r["mrs"], 1.0) + r["arga"] + r["err"]) / 3
    efficiency = (r["te"] + 1 / (1 + r["ues"]) + 1 / (1 + max(r["to"], 0.0))) / 3
    return ALPHA * r["cfa"] * pass1 + BETA * robustness + GAMMA * efficiency + DELTA * r["safety_precision"]


def test_gpt41_telecom_is_best_at_p1_as_in_the_paper_and_a_cap_would_flip_it() -> None:
    cells = [("gpt-4.1", "telecom", p) for p in (0, 1, 2)]
    pass1 = [implied_pass1(c) for c in cells]
    scores = [ours(c, p1) for c, p1 in zip(cells, pass1)]
    assert max(range(3), key=scores.__getitem__) == 1
    old = [_capped(c, p1) for c, p1 in zip(cells, pass1)]
    assert max(range(3), key=old.__getitem__) == 0
    assert old[1] == pytest.approx(0.4155, abs=5e-4) and old[0] == pytest.approx(0.4290, abs=5e-4)


def test_every_row_ranks_exposures_as_table_5_does() -> None:
    for (judge, domain), values in TABLE_5.items():
        cells = [(judge, domain, p) for p in (0, 1, 2)]
        scores = [ours(c, implied_pass1(c)) for c in cells]
        assert sorted(range(3), key=scores.__getitem__) == sorted(range(3), key=values.__getitem__)


# --------------------------------------------------------------------------------------------- Eq. 1's math

unit = st.floats(0, 1)
ratio = st.floats(0, 3)  # MRS: voice pass^k may beat text
overhead = st.floats(-0.99, 5)  # TO in (-1, ∞)
rate = st.floats(0, 5)


@given(unit, unit, unit, rate, unit, ratio, unit, unit, overhead)
def test_with_every_term_defined_mm_tap_is_eq_1(cfa, p1, te, ues, ias, mrs, arga, err, to) -> None:
    by_hand = (ALPHA * cfa * p1 + BETA * (mrs + arga + err) / 3
               + GAMMA * (te + 1 / (1 + ues) + 1 / (1 + to)) / 3 + DELTA * ias)
    s = mm_tap(cfa=cfa, pass1=p1, te=te, ues=ues, ias=ias, mrs=mrs, arga=arga, err=err, to=to)
    assert s == pytest.approx(by_hand, rel=1e-12, abs=1e-12)
    assert not any("left out" in e for e in s.evidence)


@given(unit, unit, unit, rate, unit, st.none() | unit, st.none() | unit, st.none() | unit,
       st.none() | st.floats(0, 10))
def test_in_range_inputs_keep_s_in_0_1_even_with_terms_dropped(cfa, p1, te, ues, ias, mrs, arga, err, to) -> None:
    s = mm_tap(cfa=cfa, pass1=p1, te=te, ues=ues, ias=ias, mrs=mrs, arga=arga, err=err, to=to)
    assert 0.0 <= s <= 1.0 + 1e-12


@given(unit, unit, unit, rate, unit, st.none() | ratio, st.none() | unit, st.none() | unit,
       st.none() | overhead)
def test_dropping_undefined_terms_rescales_the_weights(cfa, p1, te, ues, ias, mrs, arga, err, to) -> None:
    robust = [v for v in (mrs, arga, err) if v is not None]
    efficient = [te, 1 / (1 + ues), *([1 / (1 + to)] if to is not None else [])]
    groups = [(ALPHA, cfa * p1), (GAMMA, sum(efficient) / len(efficient)), (DELTA, ias)]
    if robust:
        groups.append((BETA, sum(robust) / len(robust)))
    by_hand = sum(w * v for w, v in groups) / sum(w for w, _ in groups)
    s = mm_tap(cfa=cfa, pass1=p1, te=te, ues=ues, ias=ias, mrs=mrs, arga=arga, err=err, to=to)
    assert s == pytest.approx(by_hand, rel=1e-12, abs=1e-12)


@given(ratio, ratio, overhead, overhead)
def test_more_robustness_and_less_overhead_never_lower_s(mrs_a, mrs_b, to_a, to_b) -> None:
    def s(mrs: float, to: float) -> float:
        return float(mm_tap(cfa=0.5, pass1=0.5, te=0.8, ues=0.4, ias=1.0, mrs=mrs, arga=0.5, err=0.5, to=to))

    (low_mrs, high_mrs), (low_to, high_to) = sorted((mrs_a, mrs_b)), sorted((to_a, to_b))
    assert s(high_mrs, to_a) >= s(low_mrs, to_a) - 1e-12
    assert s(mrs_a, low_to) >= s(mrs_a, high_to) - 1e-12


def test_a_voice_run_without_agent_turns_leaves_the_to_term_out() -> None:
    s = mm_tap(cfa=1, pass1=1, te=1, ues=0, ias=1, mrs=1, arga=1, err=1, to=-1.0)
    assert s == pytest.approx(1.0) and "left out (undefined): TO" in s.evidence[-1]
    assert to_from([(4, 0)]) == -1.0


def test_weights_are_configurable_and_must_sum_to_one() -> None:
    w = MmTapWeights(alpha=0.25, beta=0.25, gamma=0.25, delta=0.25)
    assert mm_tap(cfa=1, pass1=1, te=1, ues=0, ias=1, mrs=2, arga=1, err=1, to=0, weights=w) == \
        pytest.approx(0.25 + 0.25 * 4 / 3 + 0.25 + 0.25)


# --------------------------------------------------------------------------------------------- ECom-Bench, Toast


def test_ecom_bench_table_2_gpt4o_pass_hat_k() -> None:
    # 53 tasks × 3 trials; 16/13/15/9 tasks with 0/1/2/3 successes give the published row
    groups = [[False] * 3] * 16 + [[True, False, False]] * 13 + [[True, True, False]] * 15 + [[True] * 3] * 9
    published = {1: 44.03, 2: 26.42, 3: 16.98}
    for k, value in published.items():
        assert 100 * mean_pass_hat_k(groups, k) == pytest.approx(value, abs=0.005)


TOAST_TABLE_1 = {  # config: (PAS, BVS, TRA, DEI, CRRS)
    1: (0.589, 0.218, 0.608, 0.000, 0.404), 2: (0.585, 0.485, 0.582, 0.200, 0.487),
    3: (0.554, 0.689, 0.785, 0.498, 0.651), 4: (0.661, 0.000, 0.602, 0.432, 0.462),
    5: (0.706, 0.839, 0.785, 0.994, 0.818),
}


@pytest.mark.parametrize("config", sorted(TOAST_TABLE_1))
def test_toast_table_1_crrs(config: int) -> None:
    pas, bvs, tra, dei, published_crrs = TOAST_TABLE_1[config]
    assert crrs(pas, bvs, tra, dei) == pytest.approx(published_crrs, abs=0.0005)
