"""Statistics for tournaments and studies, on the standard library alone.

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

Apart from the rest of `lastcard.analysis` and importing nothing of lastcard, because the
runs themselves tally with it (`lastcard.sim` may import this package, and only this, of
`analysis`): `proportions` (intervals and binomial tests), `comparisons` (pairs, trends,
multiple tests, power), `student_t`, `streaming` (means and histograms).

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

from .comparisons import (
    PairedComparison,
    PositionTrend,
    detectable_difference,
    holm,
    normal_two_sided_p,
    paired_comparison,
    position_trend,
)
from .proportions import binomial_p_value, normal_quantile, one_sided_binomial_p, wilson_interval
from .streaming import GrowingHistogram, Histogram, RunningMean
from .student_t import t_cdf, t_quantile

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
