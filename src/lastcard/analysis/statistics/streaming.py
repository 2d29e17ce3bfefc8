"""Streaming summaries: a mergeable mean with its interval and histograms, in bounded memory
(see the package docstring)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from .proportions import check_confidence
from .student_t import t_quantile


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
        check_confidence(confidence)
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
