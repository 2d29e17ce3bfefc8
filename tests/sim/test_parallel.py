"""`run_tasks`: ordered, identical for any number of workers, streaming, errors surface."""

from __future__ import annotations

import itertools
import math

import pytest

from lastcard.sim.parallel import default_chunksize, run_tasks


def test_same_results_in_order_for_one_and_two_workers() -> None:
    tasks = list(range(300))
    one = list(run_tasks(math.factorial, tasks, workers=1, description="t", progress=False))
    two = list(
        run_tasks(math.factorial, tasks, workers=2, description="t", progress=False, chunksize=7)
    )
    assert one == two == [math.factorial(n) for n in tasks]


def test_streams_from_an_endless_iterable() -> None:
    # An endless task stream is never read ahead in full: taking a few results returns.
    results = run_tasks(
        abs, itertools.count(0, -1), workers=2, description="t", progress=False, chunksize=3
    )
    assert list(itertools.islice(results, 50)) == list(range(50))
    results.close()  # type: ignore[attr-defined]


def test_errors_propagate() -> None:
    with pytest.raises(ValueError):
        list(run_tasks(math.factorial, [3, -1, 4], workers=2, description="t", progress=False))
    with pytest.raises(ValueError):
        list(run_tasks(math.factorial, [3, -1, 4], workers=1, description="t", progress=False))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        run_tasks(abs, [1], workers=0, description="t")
    with pytest.raises(ValueError):
        run_tasks(abs, [1], workers=1, description="t", chunksize=0)


def test_default_chunksize() -> None:
    assert default_chunksize(None, 2) == 8
    assert default_chunksize(10, 2) == 1
    assert default_chunksize(1_000_000, 2) == 16
