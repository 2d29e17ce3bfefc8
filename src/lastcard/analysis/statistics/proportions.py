"""Proportions: the Wilson interval and the exact binomial tests (see the package docstring).

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> round(binomial_p_value(60, 100), 4)
0.0569
>>> round(one_sided_binomial_p(7, 10), 4)
0.1719
"""

from __future__ import annotations

import math
from statistics import NormalDist

_REL_TOLERANCE = 1e-7
_LOG_TOLERANCE = math.log1p(_REL_TOLERANCE)


def check_confidence(confidence: float) -> None:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), not {confidence!r}")


def check_counts(successes: int, n: int) -> None:
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, not successes={successes}, n={n}")


def check_p(p: float) -> None:
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
    check_counts(successes, n)
    check_confidence(confidence)
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
    check_counts(successes, n)
    check_p(p)
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
    check_counts(successes, n)
    check_p(p)
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
