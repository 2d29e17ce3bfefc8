"""Statistics helpers for tournaments and studies, on the standard library alone.

- `wilson_interval`: the Wilson score interval for a proportion (better than the normal
  "Wald" interval near 0 and 1 and for small samples).
- `binomial_p_value`: the exact two-sided binomial test: the probability, under the null
  proportion `p`, of every outcome no more likely than the observed one (the definition R's
  `binom.test` and SciPy's `binomtest` use), with a relative tolerance of 1e-7 when comparing
  probabilities so that outcomes exactly as likely as the observed one count despite rounding.
- `one_sided_binomial_p`: P[X >= successes] under `p`, for "A beats B" questions.
- `paired_comparison`: two bots at the same tables, compared on the hands that separated them
  (the conditional binomial, or sign, test), with the difference in win rates as the effect.
- `position_trend`: a linear trend in win share across the places in the order of play.
- `holm`: Holm's step-down adjustment of a family of p-values.
- `detectable_difference`: the smallest difference from a null proportion that the two-sided
  test would detect with a given power, so that a null result says what size of effect it
  makes unlikely.
- `RunningMean`: Welford's streaming mean and variance, with a Student-t interval for the mean,
  mergeable (Chan et al.) so that partial results from several workers can be combined.
- `Histogram`: counts in fixed-width bins with an overflow bin, for bounded-memory summaries.

Probabilities are computed in log space (`math.lgamma`), so n may be in the millions; only the
terms of the tails that matter are summed.

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> round(binomial_p_value(60, 100), 4)
0.0569
>>> round(one_sided_binomial_p(7, 10), 4)
0.1719
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

_REL_TOLERANCE = 1e-7
_LOG_TOLERANCE = math.log1p(_REL_TOLERANCE)


def _check_confidence(confidence: float) -> None:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), not {confidence!r}")


def _check_counts(successes: int, n: int) -> None:
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, not successes={successes}, n={n}")


def _check_p(p: float) -> None:
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"p must be between 0 and 1, not {p!r}")


def normal_quantile(probability: float) -> float:
    """The standard normal quantile: `normal_quantile(0.975)` ≈ 1.96."""
    return NormalDist().inv_cdf(probability)


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for the proportion `successes / n`.

    With `n == 0` nothing is known: the interval is (0, 1).

    >>> tuple(round(x, 4) for x in wilson_interval(0, 10))
    (0.0, 0.2775)
    """
    _check_counts(successes, n)
    _check_confidence(confidence)
    if n == 0:
        return (0.0, 1.0)
    z = normal_quantile(1.0 - (1.0 - confidence) / 2.0)
    phat = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (phat + z2 / (2 * n)) / denominator
    half = z * math.sqrt(phat * (1.0 - phat) / n + z2 / (4 * n * n)) / denominator
    # Clamp: at 0 or n successes the exact bound is 0 or 1; rounding may stray past it.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def _log_pmf(k: int, n: int, log_p: float, log_q: float) -> float:
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + (k * log_p if k else 0.0)
        + ((n - k) * log_q if n - k else 0.0)
    )


def _sum_pmf(start: int, stop: int, step: int, n: int, log_p: float, log_q: float) -> float:
    """Sum of pmf(k) for k = start, start+step, ... up to `stop` (inclusive), moving away from
    the mode; stops early once the terms no longer change the sum."""
    total = 0.0
    k = start
    while (k <= stop) if step > 0 else (k >= stop):
        term = math.exp(_log_pmf(k, n, log_p, log_q))
        total += term
        if term <= total * 1e-17:
            break
        k += step
    return total


def binomial_p_value(successes: int, n: int, p: float = 0.5) -> float:
    """The exact two-sided binomial test of `successes` out of `n` against proportion `p`.

    Sums the probabilities of all outcomes no more likely than the observed one (with a
    relative tolerance of 1e-7). The result is at most 1.

    >>> round(binomial_p_value(7, 10), 5)
    0.34375
    >>> binomial_p_value(5, 10)
    1.0
    """
    _check_counts(successes, n)
    _check_p(p)
    if n == 0:
        return 1.0
    if p in (0.0, 1.0):
        expected = 0 if p == 0.0 else n
        return 1.0 if successes == expected else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    mode = min(n, math.floor((n + 1) * p))
    threshold = _log_pmf(successes, n, log_p, log_q) + _LOG_TOLERANCE

    def small(k: int) -> bool:
        return _log_pmf(k, n, log_p, log_q) <= threshold

    # The pmf rises up to the mode and falls after it: each side's "no more likely" outcomes
    # form a tail, found by bisection.
    left_end = -1  # the left tail is [0, left_end]: the largest a <= mode with pmf(a) small
    if small(0):
        lo, hi = 0, mode
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if small(mid):
                lo = mid
            else:
                hi = mid - 1
        left_end = lo
    right_start = n + 1  # the right tail is [right_start, n]: the smallest b >= mode, small
    if small(n):
        lo, hi = max(mode, left_end + 1), n
        while lo < hi:
            mid = (lo + hi) // 2
            if small(mid):
                hi = mid
            else:
                lo = mid + 1
        right_start = lo
    if right_start <= left_end + 1:
        return 1.0  # every outcome is as unlikely as the observed one or less
    total = 0.0
    if left_end >= 0:
        total += _sum_pmf(left_end, 0, -1, n, log_p, log_q)
    if right_start <= n:
        total += _sum_pmf(right_start, n, 1, n, log_p, log_q)
    return min(1.0, total)


def one_sided_binomial_p(successes: int, n: int, p: float = 0.5) -> float:
    """P[X >= successes] for X ~ Binomial(n, p): the one-sided p-value for "more than p".

    >>> round(one_sided_binomial_p(60, 100), 4)
    0.0284
    >>> one_sided_binomial_p(0, 10)
    1.0
    """
    _check_counts(successes, n)
    _check_p(p)
    if successes == 0:
        return 1.0
    if p == 0.0:
        return 0.0
    if p == 1.0:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    mode = min(n, math.floor((n + 1) * p))
    if successes > mode:  # the upper tail is the small side: sum it directly
        return min(1.0, _sum_pmf(successes, n, 1, n, log_p, log_q))
    # Otherwise 1 - P[X <= successes - 1], the lower tail summed from its top.
    return max(0.0, min(1.0, 1.0 - _sum_pmf(successes - 1, 0, -1, n, log_p, log_q)))


# --- comparisons and trends ----------------------------------------------------------------


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
    _check_confidence(confidence)
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
    _check_confidence(confidence)
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
    _check_confidence(1.0 - alpha)
    _check_confidence(power)
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


# --- Student's t ---------------------------------------------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _regularized_beta(a: float, b: float, x: float) -> float:
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """The cumulative distribution function of Student's t with `df` degrees of freedom."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, not {df!r}")
    tail = 0.5 * _regularized_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(probability: float, df: float) -> float:
    """The quantile of Student's t: `t_quantile(0.975, 10)` ≈ 2.2281.

    >>> round(t_quantile(0.975, 10), 4)
    2.2281
    """
    if not 0.0 < probability < 1.0:
        raise ValueError(f"probability must be between 0 and 1 (exclusive), not {probability!r}")
    if probability == 0.5:
        return 0.0
    if probability < 0.5:
        return -t_quantile(1.0 - probability, df)
    if df > 1e7:
        return normal_quantile(probability)
    lo, hi = 0.0, max(1.0, normal_quantile(probability))
    while t_cdf(hi, df) < probability:
        hi *= 2.0
    for _ in range(200):  # bisection: t_cdf is monotone, and this is called rarely
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < probability:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


# --- streaming summaries -------------------------------------------------------------------


@dataclass
class RunningMean:
    """Welford's online mean and variance: `add` values one at a time, in bounded memory.

    `interval()` is the Student-t confidence interval for the mean (sample standard deviation,
    n - 1 degrees of freedom); with fewer than 2 values it is (nan, nan).

    >>> m = RunningMean()
    >>> for x in (2, 4, 4, 4, 5, 5, 7, 9):
    ...     m.add(x)
    >>> m.n, m.mean, round(m.stdev, 4)
    (8, 5.0, 2.1381)
    """

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0  # sum of squared deviations from the mean

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def extend(self, values: Iterable[float]) -> None:
        for x in values:
            self.add(x)

    def merge(self, other: RunningMean) -> None:
        """Fold `other` into this one, as if its values had been added here (Chan et al.)."""
        if other.n == 0:
            return
        if self.n == 0:
            self.n, self.mean, self.m2 = other.n, other.mean, other.m2
            return
        n = self.n + other.n
        delta = other.mean - self.mean
        self.mean += delta * other.n / n
        self.m2 += other.m2 + delta * delta * self.n * other.n / n
        self.n = n

    @property
    def variance(self) -> float:
        """The sample variance (divisor n - 1); 0 with fewer than 2 values."""
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation (divisor n - 1); 0 with fewer than 2 values."""
        return math.sqrt(max(0.0, self.variance))

    @property
    def sem(self) -> float:
        """The standard error of the mean."""
        return self.stdev / math.sqrt(self.n) if self.n > 1 else math.nan

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The Student-t interval for the mean; (nan, nan) with fewer than 2 values."""
        _check_confidence(confidence)
        if self.n < 2:
            return (math.nan, math.nan)
        half = t_quantile(1.0 - (1.0 - confidence) / 2.0, self.n - 1) * self.sem
        return (self.mean - half, self.mean + half)

    def to_dict(self, confidence: float = 0.95) -> dict[str, float | int | None]:
        """A JSON-ready summary (nan becomes None)."""
        lo, hi = self.interval(confidence)
        return {
            "n": self.n,
            "mean": self.mean if self.n else None,
            "stdev": self.stdev,
            "ci_low": None if math.isnan(lo) else lo,
            "ci_high": None if math.isnan(hi) else hi,
        }


@dataclass
class Histogram:
    """Counts of values in fixed-width bins `[start + i*width, start + (i+1)*width)`.

    Values below `start` go to `underflow`, values at or past the last bin to `overflow`, so
    memory stays bounded whatever is added.

    >>> h = Histogram(start=0, width=10, bins=3)
    >>> for x in (1, 9, 10, 35, -1):
    ...     h.add(x)
    >>> h.counts, h.underflow, h.overflow
    ([2, 1, 0], 1, 1)
    """

    start: float
    width: float
    bins: int
    counts: list[int] = field(default_factory=list)
    underflow: int = 0
    overflow: int = 0

    def __post_init__(self) -> None:
        if self.width <= 0 or self.bins <= 0:
            raise ValueError("a histogram needs a positive bin width and at least one bin")
        if not self.counts:
            self.counts = [0] * self.bins

    def add(self, x: float) -> None:
        index = math.floor((x - self.start) / self.width)
        if index < 0:
            self.underflow += 1
        elif index >= self.bins:
            self.overflow += 1
        else:
            self.counts[index] += 1

    @property
    def total(self) -> int:
        return sum(self.counts) + self.underflow + self.overflow

    @property
    def edges(self) -> list[float]:
        return [self.start + i * self.width for i in range(self.bins + 1)]

    def to_dict(self) -> dict[str, object]:
        return {
            "start": self.start,
            "width": self.width,
            "bins": self.bins,
            "counts": list(self.counts),
            "underflow": self.underflow,
            "overflow": self.overflow,
        }


@dataclass
class GrowingHistogram:
    """Counts of non-negative values in `bins` equal bins from 0 that double their width as
    needed, so that every value fits and memory stays bounded: when a value falls past the last
    bin, neighbouring bins are merged in pairs and the width doubles. The result depends only on
    the values and the order they came in (not on any guess of their range).

    >>> h = GrowingHistogram(bins=4)
    >>> for x in (0, 1, 2, 3):
    ...     h.add(x)
    >>> h.width, h.counts
    (1, [1, 1, 1, 1])
    >>> h.add(9)  # past 4 -> width 2 (0-8) -> width 4 (0-16)
    >>> h.width, h.counts
    (4, [4, 0, 1, 0])
    """

    bins: int = 64
    width: int = 1
    counts: list[int] = field(default_factory=list)
    minimum: float | None = None
    maximum: float | None = None

    def __post_init__(self) -> None:
        if self.bins < 2 or self.bins % 2 or self.width < 1:
            raise ValueError("a growing histogram needs an even number of bins and a width >= 1")
        if not self.counts:
            self.counts = [0] * self.bins

    def add(self, x: float) -> None:
        if x < 0:
            raise ValueError(f"a growing histogram counts values >= 0, not {x!r}")
        while x >= self.width * self.bins:
            half = [self.counts[i] + self.counts[i + 1] for i in range(0, self.bins, 2)]
            self.counts = half + [0] * (self.bins - len(half))
            self.width *= 2
        self.counts[int(x // self.width)] += 1
        self.minimum = x if self.minimum is None else min(self.minimum, x)
        self.maximum = x if self.maximum is None else max(self.maximum, x)

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def edges(self) -> list[int]:
        return [i * self.width for i in range(self.bins + 1)]

    def quantile(self, q: float) -> float | None:
        """The `q` quantile, interpolated within its bin; None when empty."""
        total = self.total
        if not total:
            return None
        target = q * total
        seen = 0
        for i, count in enumerate(self.counts):
            if count and seen + count >= target:
                return (i + (target - seen) / count) * self.width
            seen += count
        return float(self.bins * self.width)

    def to_dict(self) -> dict[str, object]:
        last = max((i for i, c in enumerate(self.counts) if c), default=-1)
        return {
            "bin_width": self.width,
            "edges_start": 0,
            "counts": self.counts[: last + 1],
            "min": self.minimum,
            "max": self.maximum,
        }


__all__ = [
    "GrowingHistogram",
    "Histogram",
    "PairedComparison",
    "PositionTrend",
    "RunningMean",
    "binomial_p_value",
    "detectable_difference",
    "holm",
    "normal_quantile",
    "normal_two_sided_p",
    "one_sided_binomial_p",
    "paired_comparison",
    "position_trend",
    "t_cdf",
    "t_quantile",
    "wilson_interval",
]
