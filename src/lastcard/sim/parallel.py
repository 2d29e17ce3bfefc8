"""`run_tasks`: run a function over many tasks on several processes, in order, streaming.

    for result in run_tasks(play_one, tasks, workers=4, description="games"):
        aggregate(result)

- **Ordered and deterministic**: results come back in task order whatever `workers` is, so
  anything computed from them (as long as each task is itself deterministic, e.g. seeded from
  its index) is identical for 1 or 16 workers.
- **Streaming, bounded memory**: tasks are read lazily from the iterable and sent in chunks of
  `chunksize`; at most `4 * workers` chunks are in flight at once, so neither the tasks nor the
  results are ever all held in memory (`Pool.imap` would read the whole task iterable ahead
  and buffer results without limit when the consumer is slower).
- **Spawn-safe**: worker processes are started with the "spawn" method on every platform, so
  `fn` must be a top-level (picklable) function and tasks must pickle. Each worker imports
  `fn`'s module afresh; nothing is inherited from the parent's memory.
- `workers=1` runs everything in this process, with no pickling at all.
- A rich progress bar on stderr (description, bar, done/total, rate per second, elapsed and
  time left), shown when `progress` is true and stderr is a terminal. Piped output stays clean.

An exception in `fn` is raised from the iterator (with workers, as the pool re-raises it); the
pool is shut down when the iterator is exhausted, closed or garbage-collected.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sized
from itertools import islice
from multiprocessing.pool import AsyncResult
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

T = TypeVar("T")
R = TypeVar("R")

_IN_FLIGHT_PER_WORKER = 4


class RateColumn(ProgressColumn):
    """Tasks finished per second, e.g. `1,234/s`."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("?/s", style="progress.data.speed")
        text = f"{speed:,.0f}/s" if speed >= 10 else f"{speed:.2f}/s"
        return Text(text, style="progress.data.speed")


def default_chunksize(total: int | None, workers: int) -> int:
    """Enough tasks per chunk to amortise the messaging, few enough that the load balances
    and the progress bar moves smoothly: about 32 chunks per worker, 1 to 16 tasks each."""
    if total is None:
        return 8
    return max(1, min(16, total // (workers * 32)))


def make_progress(
    description: str, *, console: Console | None = None, enabled: bool = True
) -> Progress:
    """The progress bar `run_tasks` shows: description, bar, done/total, rate, elapsed, left."""
    console = console if console is not None else Console(stderr=True)
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=False,
        disable=not (enabled and console.is_terminal),
        speed_estimate_period=60.0,
    )


def _run_chunk(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [fn(task) for task in chunk]


def run_tasks(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    *,
    workers: int,
    description: str,
    progress: bool = True,
    total: int | None = None,
    chunksize: int | None = None,
) -> Iterator[R]:
    """Yield `fn(task)` for each task, in task order, computed on `workers` processes.

    `total` (the number of tasks, for the progress bar) defaults to `len(tasks)` when it has one.
    `chunksize` defaults to `default_chunksize(total, workers)`.
    """
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if total is None and isinstance(tasks, Sized):
        total = len(tasks)
    if chunksize is None:
        chunksize = default_chunksize(total, workers)
    if chunksize < 1:
        raise ValueError(f"chunksize must be 1 or more, not {chunksize}")
    return _run(fn, tasks, workers, description, progress, total, chunksize)


def _run(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    workers: int,
    description: str,
    progress: bool,
    total: int | None,
    chunksize: int,
) -> Iterator[R]:
    bar = make_progress(description, enabled=progress)
    with bar:
        task_id = bar.add_task(description, total=total)
        if workers == 1:
            for task in tasks:
                result = fn(task)
                bar.advance(task_id)
                yield result
            return
        source = iter(tasks)
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(processes=workers)
        try:
            pending: deque[AsyncResult[list[R]]] = deque()

            def submit() -> bool:
                chunk = list(islice(source, chunksize))
                if not chunk:
                    return False
                pending.append(pool.apply_async(_run_chunk, (fn, chunk)))
                return True

            more = True
            while more and len(pending) < workers * _IN_FLIGHT_PER_WORKER:
                more = submit()
            while pending:
                results = pending.popleft().get()
                if more:
                    more = submit()
                for result in results:
                    bar.advance(task_id)
                    yield result
            pool.close()
            pool.join()
        finally:
            pool.terminate()


__all__ = ["RateColumn", "default_chunksize", "make_progress", "run_tasks"]
