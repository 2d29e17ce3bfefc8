"""`run_tasks`: run a function over many tasks on several processes, in order, streaming.

    for result in run_tasks(play_one, tasks, workers=4, description="games"):
        aggregate(result)

- **Ordered and deterministic**: results come back in task order whatever `workers` is, and
  whatever the backend, so anything computed from them (as long as each task is itself
  deterministic, e.g. seeded from its index) is identical for 1 or 16 workers, on this machine
  or on a cluster.
- **Streaming, bounded memory**: tasks are read lazily from the iterable and sent in chunks of
  `chunksize`; at most `4 * workers` chunks are in flight at once, so neither the tasks nor the
  results are ever all held in memory (`Pool.imap` would read the whole task iterable ahead
  and buffer results without limit when the consumer is slower).
- **Spawn-safe**: worker processes are started with the "spawn" method on every platform, so
  `fn` must be a top-level (picklable) function and tasks must pickle. Each worker imports
  `fn`'s module afresh; nothing is inherited from the parent's memory.
- `workers=1` runs everything in this process, with no pickling at all (local backend).
- A rich progress bar on stderr (description, bar, done/total, rate per second, elapsed and
  time left), shown when `progress` is true and stderr is a terminal. Piped output stays clean.

**Backends** say where the chunks run. `LocalBackend` (the default): a pool of processes on
this machine. `RayBackend`: a Ray cluster, the one at an address (`ray start --head` on one
machine, `ray start --address HEAD:6379` on the others) or a local one it starts and stops;
each chunk is a Ray task. `run_tasks(..., backend=None)` uses the process-wide default, which
`set_default_backend` changes: the command line sets it once from `--backend/--address`, and
everything that runs through `run_tasks` (tournaments, studies, simulations) follows. Ray is
an optional extra (`lastcard[ray]`), imported only when a `RayBackend` connects.

An exception in `fn` is raised from the iterator (with workers, as the pool or Ray re-raises
it); the pool is shut down, or the Ray tasks still in flight cancelled, when the iterator is
exhausted, closed or garbage-collected.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from contextlib import closing
from itertools import islice
from multiprocessing.pool import AsyncResult
from typing import Any, TypeVar

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

from lastcard.core import LastcardError

T = TypeVar("T")
R = TypeVar("R")

_IN_FLIGHT_PER_WORKER = 4
_REACH_TIMEOUT = 5.0  # seconds to wait for a cluster's head to accept a connection
BACKENDS = ("local", "ray")


class BackendError(LastcardError):
    """A backend that cannot run: Ray is not installed, or its cluster cannot be reached."""

    code = "BACKEND_UNAVAILABLE"


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


# -- backends --------------------------------------------------------------------------------


class Backend(ABC):
    """Where `run_tasks` runs its chunks of tasks when there is more than this process."""

    name: str

    def parallelism(self, workers: int) -> int:
        """How many chunks can run at once when asked for `workers`: what sizes the chunks and
        bounds those in flight."""
        return workers

    @abstractmethod
    def map_chunks(
        self, fn: Callable[[T], R], chunks: Iterator[list[T]], workers: int
    ) -> Generator[list[R], None, None]:
        """Yield `[fn(task) for task in chunk]` for each chunk, in chunk order, reading
        `chunks` lazily: at most `4 * parallelism(workers)` chunks submitted and not yet
        yielded."""

    @abstractmethod
    def close(self) -> None:
        """Release what the backend holds (a cluster it started); it may be used again after."""


class LocalBackend(Backend):
    """A pool of `workers` processes on this machine, started with "spawn" for each run."""

    name = "local"

    def map_chunks(
        self, fn: Callable[[T], R], chunks: Iterator[list[T]], workers: int
    ) -> Generator[list[R], None, None]:
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(processes=workers)
        try:
            pending: deque[AsyncResult[list[R]]] = deque()

            def submit() -> bool:
                chunk = next(chunks, None)
                if chunk is None:
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
                yield results
            pool.close()
            pool.join()
        finally:
            pool.terminate()

    def close(self) -> None:
        """Nothing to release: each run's pool ends with the run."""


class RayBackend(Backend):
    """A Ray cluster: the one at `address` (`HOST:PORT` of its head, `ray://HOST:PORT` for Ray
    Client, or `auto`), or, with no address, a local cluster of `num_cpus` CPUs (by default the
    `workers` of the first run) started on first use and shut down by `close`.

    When Ray is already initialised in this process (by the caller) and no address is given,
    that connection is used and left open. The cluster's machines need lastcard installed, the
    same version, as they import `fn`'s module.
    """

    name = "ray"

    def __init__(self, address: str | None = None, *, num_cpus: int | None = None) -> None:
        if num_cpus is not None and num_cpus < 1:
            raise ValueError(f"num_cpus must be 1 or more, not {num_cpus}")
        self.address = address
        self.num_cpus = num_cpus
        self._connected = False  # this backend called ray.init (and so shuts it down)
        self._remote_chunk: Any = None

    def __repr__(self) -> str:
        return f"RayBackend(address={self.address!r}, num_cpus={self.num_cpus!r})"

    def connect(self, workers: int | None = None) -> None:
        """Join the cluster (or start the local one) unless already done: at once, so that a
        missing Ray or an unreachable address is a `BackendError` before any work."""
        ray = _import_ray()
        if self._connected and ray.is_initialized():
            return
        if self.address is not None:
            _check_reachable(self.address)
        if ray.is_initialized():  # by the caller: use it, and leave it open
            if self.address is not None:
                raise BackendError(
                    f"Ray is already initialised in this process, so it cannot join the "
                    f"cluster at {self.address}"
                )
            return
        options: dict[str, Any] = {
            "log_to_driver": False,  # the workers' output would break the progress bar
            "logging_level": logging.WARNING,
            "include_dashboard": False,
        }
        if self.address is None:
            num_cpus = self.num_cpus or workers or 1
            _quiet_ray_advice()
            # "local" rather than None: always a cluster of our own, never one that happens
            # to run on this machine (which ray.init() would join, ignoring num_cpus).
            ray.init(address="local", num_cpus=num_cpus, **options)
        else:
            try:
                ray.init(address=self.address, **options)
            except (ConnectionError, RuntimeError, ValueError, ray.exceptions.RayError) as error:
                raise BackendError(_connect_problem(self.address, error)) from None
        self._connected = True
        self._remote_chunk = None

    def parallelism(self, workers: int) -> int:
        """`workers`, or the cluster's CPUs when it has more (a cluster joined by address)."""
        self.connect(workers)
        ray = _import_ray()
        cpus = int(ray.cluster_resources().get("CPU", 0))
        return max(workers, cpus)

    def map_chunks(
        self, fn: Callable[[T], R], chunks: Iterator[list[T]], workers: int
    ) -> Generator[list[R], None, None]:
        ray = _import_ray()
        in_flight = self.parallelism(workers) * _IN_FLIGHT_PER_WORKER
        if self._remote_chunk is None:
            self._remote_chunk = ray.remote(_run_chunk)
        fn_ref = ray.put(fn)  # sent to the object store once, not with every chunk
        pending: deque[Any] = deque()

        def submit() -> bool:
            chunk = next(chunks, None)
            if chunk is None:
                return False
            pending.append(self._remote_chunk.remote(fn_ref, chunk))
            return True

        try:
            more = True
            while more and len(pending) < in_flight:
                more = submit()
            while pending:
                try:
                    results: list[R] = ray.get(pending.popleft())
                except ray.exceptions.RayTaskError:
                    raise  # `fn` raised: its own exception (Ray's subclass of it), as locally
                except ray.exceptions.RayError as error:  # a worker or a machine was lost
                    raise BackendError(_ray_problem("the Ray cluster failed", error)) from error
                if more:
                    more = submit()
                yield results
        finally:
            for ref in pending:  # an error, or the consumer stopped early
                ray.cancel(ref)

    def close(self) -> None:
        """Shut down the local cluster this backend started, or leave the one it joined (which
        goes on); a Ray the caller had initialised is left alone."""
        if self._connected:
            self._connected = False
            self._remote_chunk = None
            ray = _import_ray()
            if ray.is_initialized():
                ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray, which is not installed: pip install 'lastcard[ray]'"
        ) from None
    return ray


def _quiet_ray_advice() -> None:
    """Ray warns, on every local start, that the cluster uses token authentication (its
    default since 2.59): advice for clusters that others can reach, not for ours."""
    logger = "ray._private.authentication.authentication_token_setup"
    logging.getLogger(logger).setLevel(logging.ERROR)


def _check_reachable(address: str) -> None:
    """Fail at once when nothing listens at `address` (HOST:PORT): `ray.init` would retry
    without end."""
    if address in ("auto", "local"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(f"a Ray address is HOST:PORT, like 10.0.0.5:6379, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=_REACH_TIMEOUT):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise BackendError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def _connect_problem(address: str, error: BaseException) -> str:
    """One line on why joining the cluster at `address` failed."""
    causes: list[BaseException] = []
    cause: BaseException | None = error
    while cause is not None and len(causes) < 10:
        causes.append(cause)
        cause = cause.__cause__ or cause.__context__
    if any(type(c).__name__ == "AuthenticationError" for c in causes):
        return (
            f"the Ray cluster at {address} refused this machine's token: set RAY_AUTH_MODE=token "
            "and give it the cluster's token (ray get-auth-token on the head)"
        )
    return _ray_problem(f"cannot join the Ray cluster at {address}", error)


def _ray_problem(what: str, error: BaseException) -> str:
    """`what: ` and the first line of `error`'s message (Ray's run to many lines)."""
    first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return f"{what}: {first_line}"


_default_backend: Backend = LocalBackend()


def default_backend() -> Backend:
    """The backend `run_tasks` uses when given none."""
    return _default_backend


def set_default_backend(backend: Backend) -> Backend:
    """Make `backend` the one `run_tasks` uses when given none; returns the previous one (to
    put back when done)."""
    global _default_backend
    previous, _default_backend = _default_backend, backend
    return previous


# -- run_tasks -------------------------------------------------------------------------------


def run_tasks(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    *,
    workers: int,
    description: str,
    progress: bool = True,
    total: int | None = None,
    chunksize: int | None = None,
    backend: Backend | None = None,
) -> Iterator[R]:
    """Yield `fn(task)` for each task, in task order, computed on `workers` processes of
    `backend` (by default `default_backend()`).

    `total` (the number of tasks, for the progress bar) defaults to `len(tasks)` when it has one.
    `chunksize` defaults to `default_chunksize(total, parallelism)`, where parallelism is
    `workers` (or a Ray cluster's CPUs when it has more).
    """
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if total is None and isinstance(tasks, Sized):
        total = len(tasks)
    if chunksize is not None and chunksize < 1:
        raise ValueError(f"chunksize must be 1 or more, not {chunksize}")
    chosen = backend if backend is not None else _default_backend
    return _run(fn, tasks, workers, description, progress, total, chunksize, chosen)


def _run(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    workers: int,
    description: str,
    progress: bool,
    total: int | None,
    chunksize: int | None,
    backend: Backend,
) -> Iterator[R]:
    bar = make_progress(description, enabled=progress)
    with bar:
        task_id = bar.add_task(description, total=total)
        if workers == 1 and isinstance(backend, LocalBackend):
            for task in tasks:
                result = fn(task)
                bar.advance(task_id)
                yield result
            return
        if chunksize is None:
            chunksize = default_chunksize(total, backend.parallelism(workers))
        source = iter(tasks)
        size = chunksize
        chunks = iter(lambda: list(islice(source, size)), [])
        # closed at once when this iterator is (early, or on an error): the pool stops, the
        # Ray tasks in flight are cancelled
        with closing(backend.map_chunks(fn, chunks, workers)) as chunk_results:
            for results in chunk_results:
                for result in results:
                    bar.advance(task_id)
                    yield result


__all__ = [
    "BACKENDS",
    "Backend",
    "BackendError",
    "LocalBackend",
    "RateColumn",
    "RayBackend",
    "default_backend",
    "default_chunksize",
    "make_progress",
    "run_tasks",
    "set_default_backend",
]
