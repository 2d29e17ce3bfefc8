"""The statistics helpers against known values (R's binom.test / prop.test, t tables) and
against brute force with exact fractions."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import pytest

from lastcard.analysis.statistics import (
    Histogram,
    RunningMean,
    binomial_p_value,
    detectable_difference,
    holm,
    one_sided_binomial_p,
    paired_comparison,
    position_trend,
    t_cdf,
    t_quantile,
    wilson_interval,
)


def exact_pmf(n: int, p: Fraction) -> list[Fraction]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def brute_two_sided(k: int, n: int, p: Fraction) -> float:
    pmf = exact_pmf(n, p)
    limit = pmf[k] * Fraction(1 + 10**-7)
    return float(sum(x for x in pmf if x <= limit))


@pytest.mark.parametrize(
    ("successes", "n", "expected"),
    [
        (50, 100, (0.4038, 0.5962)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (81, 263, (0.2553, 0.3662)),  # Wilson's / Newcombe's worked example
    ],
)
def test_wilson_interval_known_values(
    successes: int, n: int, expected: tuple[float, float]
) -> None:
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(expected[0], abs=1e-4)
    assert hi == pytest.approx(expected[1], abs=1e-4)


def test_wilson_interval_properties() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo90, hi90 = wilson_interval(30, 100, 0.90)
    lo99, hi99 = wilson_interval(30, 100, 0.99)
    assert lo99 < lo90 < 0.3 < hi90 < hi99
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(1, 10, confidence=1.0)


@pytest.mark.parametrize(
    ("successes", "n", "p", "expected"),
    [
        (60, 100, 0.5, 0.056887933640980),
        (40, 100, 0.5, 0.056887933640980),
        (7, 10, 0.5, 0.34375),
        (5, 10, 0.5, 1.0),
        (0, 10, 0.5, 0.001953125),
        (682, 925, 0.75, 0.3824),  # R: binom.test(682, 925, p = 0.75)
    ],
)
def test_binomial_p_value_known_values(successes: int, n: int, p: float, expected: float) -> None:
    assert binomial_p_value(successes, n, p) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("n", [1, 2, 7, 20, 33])
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(3, 10), Fraction(1, 4), Fraction(9, 10)])
def test_binomial_p_value_matches_brute_force(n: int, p: Fraction) -> None:
    for k in range(n + 1):
        assert binomial_p_value(k, n, float(p)) == pytest.approx(
            brute_two_sided(k, n, p), rel=1e-9, abs=1e-15
        )


def test_binomial_p_value_large_n_matches_normal_approximation() -> None:
    n = 1_000_000
    for excess, z in ((600, 1.2), (1000, 2.0), (1500, 3.0)):
        normal = 2 * (1 - statistics.NormalDist().cdf(z))
        assert binomial_p_value(n // 2 + excess, n) == pytest.approx(normal, rel=0.02)
    assert binomial_p_value(n // 2, n) == pytest.approx(1.0, abs=1e-8)  # lgamma rounding
    assert binomial_p_value(520_000, n) < 1e-300 or binomial_p_value(520_000, n) == 0.0


def test_binomial_edge_cases() -> None:
    assert binomial_p_value(0, 0) == 1.0
    assert binomial_p_value(0, 5, 0.0) == 1.0
    assert binomial_p_value(1, 5, 0.0) == 0.0
    assert binomial_p_value(5, 5, 1.0) == 1.0
    with pytest.raises(ValueError):
        binomial_p_value(3, 5, 1.5)


@pytest.mark.parametrize(
    ("successes", "n", "p", "expected"),
    [(7, 10, 0.5, 0.171875), (60, 100, 0.5, 0.028443966820490), (0, 10, 0.5, 1.0)],
)
def test_one_sided_known_values(successes: int, n: int, p: float, expected: float) -> None:
    assert one_sided_binomial_p(successes, n, p) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("n", [1, 6, 25])
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 5), Fraction(4, 5)])
def test_one_sided_matches_brute_force(n: int, p: Fraction) -> None:
    pmf = exact_pmf(n, p)
    for k in range(n + 1):
        assert one_sided_binomial_p(k, n, float(p)) == pytest.approx(
            float(sum(pmf[k:])), rel=1e-9, abs=1e-15
        )


@pytest.mark.parametrize(
    ("probability", "df", "expected"),
    [(0.975, 1, 12.7062), (0.975, 10, 2.2281), (0.995, 3, 5.8409), (0.95, 30, 1.6973)],
)
def test_t_quantile_table_values(probability: float, df: int, expected: float) -> None:
    assert t_quantile(probability, df) == pytest.approx(expected, abs=1e-4)
    assert t_cdf(t_quantile(probability, df), df) == pytest.approx(probability, abs=1e-10)
    assert t_quantile(1 - probability, df) == pytest.approx(-expected, abs=1e-4)


def test_running_mean_matches_statistics() -> None:
    values = [2.5, 3.0, -1.0, 7.25, 4.0, 4.0, 10.0, 0.5]
    m = RunningMean()
    m.extend(values)
    assert m.n == len(values)
    assert m.mean == pytest.approx(statistics.fmean(values))
    assert m.stdev == pytest.approx(statistics.stdev(values))
    lo, hi = m.interval(0.95)
    half = 2.3646 * statistics.stdev(values) / math.sqrt(len(values))  # t(0.975, 7)
    assert lo == pytest.approx(m.mean - half, abs=1e-3)
    assert hi == pytest.approx(m.mean + half, abs=1e-3)


def test_running_mean_merge_and_small_samples() -> None:
    a, b, whole = RunningMean(), RunningMean(), RunningMean()
    for i in range(50):
        x = (i * 37 % 11) / 3
        (a if i < 20 else b).add(x)
        whole.add(x)
    a.merge(b)
    assert (a.n, a.mean, a.stdev) == (
        whole.n,
        pytest.approx(whole.mean),
        pytest.approx(whole.stdev),
    )
    empty = RunningMean()
    assert all(math.isnan(x) for x in empty.interval())
    assert empty.to_dict()["mean"] is None
    one = RunningMean()
    one.add(3.0)
    assert one.stdev == 0.0 and all(math.isnan(x) for x in one.interval())


def test_histogram_bins() -> None:
    h = Histogram(start=0, width=5, bins=4)
    for x in (0, 4.9, 5, 19.9, 20, 100, -0.1):
        h.add(x)
    assert h.counts == [2, 1, 0, 1]
    assert (h.underflow, h.overflow, h.total) == (1, 2, 7)
    assert h.edges == [0, 5, 10, 15, 20]
    with pytest.raises(ValueError):
        Histogram(start=0, width=0, bins=3)


# -- paired comparisons ------------------------------------------------------------------------


def test_paired_comparison_against_hand_computed_values() -> None:
    """A won 30 hands B did not, B 20 that A did not, of 100 hands both played.

    Share 30/50; sign test = binom.test(30, 50): 0.2026; Wilson(30, 50) = 0.4618-0.7239.
    Difference (30 - 20)/100 = 0.10; Agresti-Min: cells + 1/2, so b = 30.5, c = 20.5, n = 102:
    SE = sqrt((b + c) - (b - c)^2 / n) / n = sqrt(51 - 100/102) / 102 = 0.069338, centre
    10/102 = 0.098039, so 0.098039 -+ 1.959964 x 0.069338 = -0.03786 to 0.23394.
    """
    c = paired_comparison(30, 20, 100)
    assert (c.separated, c.share, c.null_share) == (50, 0.6, 0.5)
    assert c.p_value == pytest.approx(0.202639, abs=1e-6)
    assert c.share_ci == pytest.approx((0.4618, 0.7239), abs=1e-4)
    assert c.difference == pytest.approx(0.10)
    assert c.difference_ci == pytest.approx((-0.037860, 0.233939), abs=1e-6)
    assert c.to_dict()["separated"] == 50


def test_paired_comparison_with_a_bot_in_two_seats() -> None:
    """B plays two seats: under equal skill it wins two hands for A's one (null share 1/3).

    Difference per seat: 10/100 - 40/(2 x 100) = -0.10. Agresti-Min with the cells' values
    (A only 1, B only -1/2, both 1/2, neither 0) and counts 10.5, 40.5, 0.5, 50.5 of 102:
    mean -9.5/102, second moment 20.75/102, so SE = sqrt((20.75/102 - (9.5/102)^2) / 102) =
    0.0436965 and the interval is -0.0931373 -+ 0.0856435.
    """
    c = paired_comparison(10, 40, 100, b_seats=2)
    assert c.null_share == pytest.approx(1 / 3)
    assert c.p_value == pytest.approx(brute_two_sided(10, 50, Fraction(1, 3)), rel=1e-9)
    assert c.difference == pytest.approx(-0.10)
    assert c.difference_ci == pytest.approx((-0.178781, -0.007494), abs=1e-6)


def test_paired_comparison_edge_cases() -> None:
    shared = paired_comparison(5, 5, 20, both=10)  # partners: 10 hands won by both
    assert shared.p_value == 1.0 and shared.difference == 0.0
    none = paired_comparison(0, 0, 10)
    assert math.isnan(none.share) and none.p_value == 1.0 and none.share_ci == (0.0, 1.0)
    sweep = paired_comparison(24, 0, 24)  # A won every hand: the interval stays within +-1
    assert sweep.difference == 1.0 and sweep.difference_ci[1] == 1.0
    assert sweep.p_value == pytest.approx(2 * 0.5**24)
    for bad in ((-1, 0, 5), (3, 3, 5)):
        with pytest.raises(ValueError):
            paired_comparison(*bad)
    with pytest.raises(ValueError):
        paired_comparison(1, 1, 5, a_seats=0)


# -- trend across places -----------------------------------------------------------------------


def test_position_trend_against_hand_computed_values() -> None:
    """Winners by place 50, 30, 20 of 100 hands: mean place 1.7 against 2, variance under no
    effect (3^2 - 1)/12 = 2/3, so z = -0.3 / sqrt(2/300) = -3.6742, p = 2 Phi(-3.6742) =
    0.000239. Least-squares slope of the shares .5, .3, .2 on places -1, 0, 1: -0.3/2 = -0.15;
    the winners' sample variance 61/99 gives SE 0.078496/2 and the interval -0.15 -+ 0.076925.
    """
    trend = position_trend([50, 30, 20])
    assert (trend.hands, trend.places) == (100, 3)
    assert trend.mean_place == pytest.approx(1.7)
    assert trend.z == pytest.approx(-3.674235, abs=1e-6)
    assert trend.p_value == pytest.approx(0.000239, abs=1e-6)
    assert trend.slope == pytest.approx(-0.15)
    assert trend.slope_ci == pytest.approx((-0.226925, -0.073075), abs=1e-6)
    assert trend.to_dict()["null_mean_place"] == 2.0


def test_position_trend_with_two_places_is_the_normal_test_of_the_first() -> None:
    trend = position_trend([60, 40])  # (40 - 50) / (0.5 x sqrt(100))
    assert trend.z == pytest.approx(-2.0)
    assert trend.p_value == pytest.approx(2 * statistics.NormalDist().cdf(-2.0))
    flat = position_trend([10, 10, 10, 10])
    assert (flat.slope, flat.z, flat.p_value) == (0.0, 0.0, 1.0)
    empty = position_trend([0, 0, 0])
    assert math.isnan(empty.slope) and empty.p_value == 1.0
    with pytest.raises(ValueError):
        position_trend([5])


def test_holm_against_hand_computed_values() -> None:
    # sorted 0.01, 0.03, 0.04 -> x3, x2, x1 = 0.03, 0.06, 0.04 -> non-decreasing 0.03, 0.06, 0.06
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.04, 0.001, 0.5]) == pytest.approx([0.08, 0.003, 0.5])
    assert holm([0.6, 0.7]) == [1.0, 1.0]
    assert holm([0.02]) == [0.02]
    assert holm([]) == []


# -- power -------------------------------------------------------------------------------------


def test_detectable_difference_against_hand_computed_values() -> None:
    """n = 1000 at p0 = 0.5: solve d sqrt(1000) = 1.959964 x 0.5 + 0.841621 sqrt((0.5 + d)
    (0.5 - d)) by iteration: d = 0.0443 -> 1.399140 / 31.6228 = 0.044245 -> 0.044245 (the wrong
    tail's Phi(-4.8) is below 1e-6). n = 10,000 at p0 = 0.25: above, d = (0.848689 + 0.841621
    sqrt(p q)) / 100 settles at 0.0121885 (p = 0.2622); below at 0.01207 (p = 0.2379): the
    larger is returned."""
    assert detectable_difference(1000, 0.5) == pytest.approx(0.044245, abs=2e-6)
    assert detectable_difference(10_000, 0.25) == pytest.approx(0.0121885, abs=2e-6)
    # the textbook shortcut (z_a + z_b) sqrt(p0 q0 / n) is close for large n
    shortcut = (1.959964 + 0.841621) * math.sqrt(0.25 / 1_000_000)
    assert detectable_difference(1_000_000, 0.5) == pytest.approx(shortcut, rel=1e-3)
    # more hands, smaller detectable effects; a stricter test or more power, larger ones
    assert detectable_difference(4000, 0.5) < detectable_difference(1000, 0.5)
    assert detectable_difference(1000, 0.5, alpha=0.01) > detectable_difference(1000, 0.5)
    assert detectable_difference(1000, 0.5, power=0.9) > detectable_difference(1000, 0.5)


def test_detectable_difference_edge_cases() -> None:
    assert math.isinf(detectable_difference(0, 0.5))
    assert math.isinf(detectable_difference(1, 0.5))  # one trial can never reject
    with pytest.raises(ValueError):
        detectable_difference(10, 0.0)
    with pytest.raises(ValueError):
        detectable_difference(-1, 0.5)
