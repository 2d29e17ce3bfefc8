"""Comparisons: two bots at the same tables, a trend across places, Holm's adjustment of a
family of tests, and the smallest difference a test would detect (see the package docstring).

>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from .proportions import binomial_p_value, check_confidence, normal_quantile, wilson_interval


def normal_two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic `z`."""
    return 2.0 * NormalDist().cdf(-abs(z))


@dataclass(frozen=True)
class PairedComparison:
    """Bots A and B at the same tables, compared on the hands that told them apart.

    In one hand two bots' wins are negatively correlated (at most one of them goes out), so
    comparing their two win rates' intervals, as if independent, misjudges the difference. The
    hands won by A and not B (`a_only`) and by B and not A (`b_only`) are what tells them apart:
    under equal skill, of those `separated` hands A wins a share `null_share` (1/2, or
    a_seats / (a_seats + b_seats) when a bot plays several seats), whatever the others do. The
    *sign test* (the conditional binomial test) is the exact binomial test of that share; its
    interval is Wilson's.

    The effect size is the difference in win rates per seat, `P(A won) / a_seats - P(B won) /
    b_seats` (hands won by both, partners say, count for each), with the Agresti-Min interval
    for matched proportions: the Wald interval after adding 1/2 to each of the four cells (A
    only, B only, both, neither) of the hands' 2 x 2 table (Agresti & Min, Statistics in
    Medicine 24, 2005, 729-740), clamped to the possible range.
    """

    hands: int
    a_only: int
    b_only: int
    both: int
    a_seats: int
    b_seats: int
    null_share: float
    share: float  # a_only / separated; nan when no hand separated them
    share_ci: tuple[float, float]
    p_value: float
    difference: float
    difference_ci: tuple[float, float]
    confidence: float

    @property
    def separated(self) -> int:
        """Hands won by exactly one of the two."""
        return self.a_only + self.b_only

    def to_dict(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "a_only": self.a_only,
            "b_only": self.b_only,
            "both": self.both,
            "separated": self.separated,
            "a_seats": self.a_seats,
            "b_seats": self.b_seats,
            "null_share": self.null_share,
            "share": self.share,
            "share_ci": list(self.share_ci),
            "p_value": self.p_value,
            "difference": self.difference,
            "difference_ci": list(self.difference_ci),
            "confidence": self.confidence,
        }


def paired_comparison(
    a_only: int,
    b_only: int,
    hands: int,
    *,
    both: int = 0,
    a_seats: int = 1,
    b_seats: int = 1,
    confidence: float = 0.95,
) -> PairedComparison:
    """Compare bots A and B over `hands` they both played (see `PairedComparison`).

    >>> c = paired_comparison(30, 20, 100)
    >>> round(c.share, 2), round(c.p_value, 4), round(c.difference, 2)
    (0.6, 0.2026, 0.1)
    >>> tuple(round(x, 4) for x in c.difference_ci)
    (-0.0379, 0.2339)
    """
    check_confidence(confidence)
    if min(a_only, b_only, both, hands) < 0 or a_only + b_only + both > hands:
        raise ValueError(
            f"need 0 <= a_only + b_only + both <= hands, not a_only={a_only}, b_only={b_only}, "
            f"both={both}, hands={hands}"
        )
    if a_seats < 1 or b_seats < 1:
        raise ValueError(f"seats must be 1 or more, not {a_seats} and {b_seats}")
    null_share = a_seats / (a_seats + b_seats)
    separated = a_only + b_only
    share = a_only / separated if separated else math.nan
    # Each hand scores y = [A won] / a_seats - [B won] / b_seats; the difference is its mean.
    values = (1 / a_seats, -1 / b_seats, 1 / a_seats - 1 / b_seats, 0.0)
    counts = (a_only, b_only, both, hands - separated - both)
    difference = (
        sum(v * c for v, c in zip(values, counts, strict=True)) / hands if hands else math.nan
    )
    adjusted = [c + 0.5 for c in counts]
    total = hands + 2
    mean = sum(v * c for v, c in zip(values, adjusted, strict=True)) / total
    variance = sum(v * v * c for v, c in zip(values, adjusted, strict=True)) / total - mean**2
    half = normal_quantile(1.0 - (1.0 - confidence) / 2.0) * math.sqrt(max(0.0, variance) / total)
    low, high = -1 / b_seats, 1 / a_seats
    return PairedComparison(
        hands=hands,
        a_only=a_only,
        b_only=b_only,
        both=both,
        a_seats=a_seats,
        b_seats=b_seats,
        null_share=null_share,
        share=share,
        share_ci=wilson_interval(a_only, separated, confidence),
        p_value=binomial_p_value(a_only, separated, null_share),
        difference=difference,
        difference_ci=(max(low, mean - half), min(high, mean + half)),
        confidence=confidence,
    )


@dataclass(frozen=True)
class PositionTrend:
    """A linear trend in win share across the places 1..N of the order of play.

    Each decided hand has one winner, so the winner's place K is one draw from 1..N, uniform
    when the place does not matter: mean (N+1)/2, variance (N^2-1)/12. The test compares the
    winners' mean place with (N+1)/2 (z, two-sided normal p); it is the Cochran-Armitage test
    for trend with the variance of one winner per hand (the usual Cochran-Armitage variance
    treats each place as an independent binomial sample, and is (N-1)/N of this one: the places
    of a hand are not independent, exactly one of them wins).

    `slope` is the least-squares slope of the win share on the place (share per place: -0.01
    is one point of win share less at each later place); it equals (mean place - (N+1)/2) /
    sum((k - (N+1)/2)^2), and its interval uses the winners' observed variance.
    """

    hands: int
    places: int
    mean_place: float
    slope: float
    slope_ci: tuple[float, float]
    z: float
    p_value: float
    confidence: float

    def to_dict(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "places": self.places,
            "mean_place": self.mean_place,
            "null_mean_place": (self.places + 1) / 2,
            "slope": self.slope,
            "slope_ci": list(self.slope_ci),
            "z": self.z,
            "p_value": self.p_value,
            "confidence": self.confidence,
        }


def position_trend(wins: Sequence[int], confidence: float = 0.95) -> PositionTrend:
    """The trend test of `wins[k]`, the hands won from place k + 1, one winner a hand.

    >>> t = position_trend([50, 30, 20])
    >>> round(t.slope, 3), round(t.z, 3), round(t.p_value, 5)
    (-0.15, -3.674, 0.00024)
    """
    check_confidence(confidence)
    places = len(wins)
    if places < 2 or min(wins) < 0:
        raise ValueError(f"need win counts for 2 or more places, none negative, not {wins!r}")
    hands = sum(wins)
    centre = (places + 1) / 2
    spread = places * (places * places - 1) / 12  # sum over places of (k - centre)^2
    if hands == 0:
        nan = math.nan
        return PositionTrend(0, places, nan, nan, (nan, nan), nan, 1.0, confidence)
    mean = sum((k + 1) * w for k, w in enumerate(wins)) / hands
    z = (mean - centre) / math.sqrt((places * places - 1) / 12 / hands)
    slope = (mean - centre) / spread
    if hands > 1:
        variance = sum(w * (k + 1 - mean) ** 2 for k, w in enumerate(wins)) / (hands - 1)
        half = normal_quantile(1.0 - (1.0 - confidence) / 2.0) * math.sqrt(variance / hands)
        interval = (slope - half / spread, slope + half / spread)
    else:
        interval = (math.nan, math.nan)
    return PositionTrend(hands, places, mean, slope, interval, z, normal_two_sided_p(z), confidence)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values, in their order: the i-th smallest
    is multiplied by (m - i + 1), then made non-decreasing, capped at 1. An adjusted p below
    0.05 keeps the chance of any false claim in the family under 5%.

    >>> holm([0.04, 0.001, 0.5])
    [0.08, 0.003, 0.5]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def detectable_difference(n: int, p0: float, *, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest difference |p - p0| that a two-sided test of a proportion at level `alpha`
    detects with probability `power` from `n` trials: the minimum detectable effect.

    The normal approximation of the binomial test, good once n p0 and n (1 - p0) are above
    about 10: the test rejects when the observed rate is more than z sqrt(p0 q0 / n) from `p0`
    (z = z(1 - alpha/2), q = 1 - p), and when the true rate is p it does so with probability

        Phi((sqrt(n) d - z sqrt(p0 q0)) / sqrt(p q)) + Phi((-sqrt(n) d - z sqrt(p0 q0)) / sqrt(p q))

    with d = |p - p0| (the second term, rejecting on the wrong side, is negligible but
    counted). That is solved for d by bisection above and below `p0`, and the larger of the two
    is returned: a difference of that size in either direction is detected with at least that
    probability. `inf` when no difference can be (it would take a rate past 0 or 1).

    >>> round(detectable_difference(1000, 0.5), 4)
    0.0442
    """
    if n < 0:
        raise ValueError(f"n must be 0 or more, not {n}")
    if not 0.0 < p0 < 1.0:
        raise ValueError(f"p0 must be strictly between 0 and 1, not {p0!r}")
    check_confidence(1.0 - alpha)
    check_confidence(power)
    if n == 0:
        return math.inf
    z = normal_quantile(1.0 - alpha / 2.0)
    root_n, null_sd = math.sqrt(n), math.sqrt(p0 * (1.0 - p0))
    phi = NormalDist().cdf

    def detects(delta: float, sign: int) -> float:
        p = p0 + sign * delta
        sd = math.sqrt(p * (1.0 - p))
        shift = root_n * delta
        if sd == 0.0:  # a rate of 0 or 1: the observed rate is exactly p, always or never past
            return 1.0 if shift > z * null_sd else 0.0
        return phi((shift - z * null_sd) / sd) + phi((-shift - z * null_sd) / sd)

    largest = 0.0
    for sign, room in ((1, 1.0 - p0), (-1, p0)):
        if detects(room, sign) < power:
            return math.inf
        lo, hi = 0.0, room
        for _ in range(100):  # bisection to machine precision: the power rises with d
            mid = (lo + hi) / 2.0
            if detects(mid, sign) < power:
                lo = mid
            else:
                hi = mid
        largest = max(largest, hi)
    return largest
