"""`--backend ray`: the same results as the local backend, on real Ray clusters.

Two clusters of 2 CPUs: one this process starts through `RayBackend` (and shuts down), and one
started by `ray start --head` in a process of its own that `lastcard` joins by `--address`.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
import ray
from typer.testing import CliRunner

from lastcard.analysis.study import run_study
from lastcard.analysis.tournament import write_report
from lastcard.cli import app
from lastcard.core import Rules
from lastcard.sim import run_tournament, simulate
from lastcard.sim.fast import available as fast_available
from lastcard.sim.parallel import (
    BackendError,
    LocalBackend,
    RayBackend,
    default_backend,
    run_tasks,
    set_default_backend,
)
from lastcard.sim.simulate import GameBlock, play_block
from lastcard.sim.simulation_stats import SimulationStats
from lastcard.sim.study import QUICK_GAMES

runner = CliRunner()
FAST = Rules(hand_size=4)  # short hands keep the suite quick
BOTS = ["greedy", "eager", "random", "random"]


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[RayBackend]:
    """A local cluster of 2 CPUs started by the backend, as `--backend ray` without an address
    starts one; shut down at the end, which the teardown checks."""
    backend = RayBackend(num_cpus=2)
    backend.connect()
    yield backend
    backend.close()
    assert not ray.is_initialized()


@pytest.fixture
def on_ray(ray_backend: RayBackend) -> Iterator[RayBackend]:
    """`ray_backend` as the process-wide default, as the command line sets it."""
    previous = set_default_backend(ray_backend)
    yield ray_backend
    set_default_backend(previous)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def ray_head() -> Iterator[tuple[str, dict[str, str]]]:
    """`ray start --head` on a free port with 2 CPUs, its own token and a temporary folder;
    yields its address and the environment that joins it. Stopped by killing its process group
    (`ray stop` would stop every Ray cluster of this machine, the one above too)."""
    port = free_port()
    folder = tempfile.mkdtemp(prefix="ray")  # short: Ray's socket paths must fit 107 bytes
    token = Path(folder, "token")
    token.write_text(secrets.token_hex(32))
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env |= {
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN_PATH": str(token),
        "RAY_USAGE_STATS_ENABLED": "0",
        "NO_COLOR": "1",
        "COLUMNS": "100",
    }
    log = Path(folder, "head.log")
    command = [str(Path(sys.executable).with_name("ray")), "start", "--head", "--block"]
    command += [f"--port={port}", "--num-cpus=2", "--node-ip-address=127.0.0.1"]
    command += ["--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={folder}"]
    with log.open("w") as out:
        head = subprocess.Popen(
            command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        while "Ray runtime started" not in log.read_text():
            assert head.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield f"127.0.0.1:{port}", env
    finally:
        os.killpg(head.pid, signal.SIGKILL)  # its group: the head and every process it started
        head.wait()
        shutil.rmtree(folder, ignore_errors=True)


def lastcard(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lastcard", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def counts(stats: SimulationStats) -> dict[str, Any]:
    """Everything `simulate` measured but the wall clock."""
    return {k: v for k, v in asdict(stats).items() if k != "seconds"}


def without_speed(output: str) -> str:
    """`lastcard simulate`'s report without its games/s line (the only one that may differ)."""
    return "\n".join(line for line in output.splitlines() if not line.startswith("games/s"))


def without_run(data: dict[str, Any]) -> dict[str, Any]:
    """results.json or study.json without the command line and the timings."""
    return {k: v for k, v in data.items() if k not in ("command", "run")}


# -- run_tasks -------------------------------------------------------------------------------


def test_a_cluster_started_without_an_address_has_the_cpus_asked_for(
    ray_backend: RayBackend,
) -> None:
    assert ray.cluster_resources()["CPU"] == 2
    assert ray_backend.parallelism(1) == 2 and ray_backend.parallelism(5) == 5


def test_run_tasks_on_ray_yields_the_local_results_in_task_order(ray_backend: RayBackend) -> None:
    tasks = list(range(300))
    local = list(run_tasks(math.factorial, tasks, workers=1, description="t", progress=False))
    for chunksize in (7, None):
        on_ray = run_tasks(
            math.factorial,
            tasks,
            workers=2,
            description="t",
            progress=False,
            chunksize=chunksize,
            backend=ray_backend,
        )
        assert list(on_ray) == local == [math.factorial(n) for n in tasks]


def test_run_tasks_on_ray_reads_the_tasks_lazily_and_stops_early(ray_backend: RayBackend) -> None:
    read = 0

    def endless() -> Iterator[int]:
        nonlocal read
        for n in itertools.count(0, -1):
            read += 1
            yield n

    results = run_tasks(
        abs, endless(), workers=2, description="t", progress=False, chunksize=3, backend=ray_backend
    )
    assert list(itertools.islice(results, 50)) == list(range(50))
    # at most 4 chunks per CPU in flight beyond what was taken, and the chunk being yielded
    assert read <= 50 + (2 * 4 + 1) * 3
    results.close()  # type: ignore[attr-defined]


def test_an_error_in_a_ray_task_is_raised_as_itself(ray_backend: RayBackend) -> None:
    tasks = [3, -1, 4]
    with pytest.raises(ValueError, match="negative"):
        list(run_tasks(math.factorial, tasks, workers=2, description="t", backend=ray_backend))


def test_run_tasks_follows_the_default_backend(on_ray: RayBackend) -> None:
    # Ray's workers know their raylet; this process and a local pool's workers do not.
    keys = ["RAY_RAYLET_PID"] * 6
    assert all(run_tasks(os.getenv, keys, workers=1, description="t", progress=False))
    local = run_tasks(os.getenv, keys, workers=1, description="t", backend=LocalBackend())
    assert not any(local)


# -- simulate --------------------------------------------------------------------------------


def test_simulate_counts_the_same_on_any_workers_and_either_backend(
    ray_backend: RayBackend,
) -> None:
    bots = ["eager"] * 3
    one = simulate(bots, games=30, seed=5)
    done: list[int] = []
    on_ray = simulate(bots, games=30, seed=5, workers=2, backend=ray_backend, on_game=done.append)
    on_ray_one = simulate(bots, games=30, seed=5, backend=ray_backend)
    on_pool = simulate(bots, games=30, seed=5, workers=2, backend=LocalBackend())
    assert counts(one) == counts(on_ray) == counts(on_ray_one) == counts(on_pool)
    assert one.games == 30 and one.hands > 30 and sum(one.game_wins) == 30
    assert done == sorted(done) and done[-1] == 30 and len(done) > 1  # a block at a time
    assert on_ray.seconds > 0
    other = simulate(bots, games=30, seed=6, workers=2, backend=ray_backend)
    assert counts(other) != counts(one)


@pytest.mark.skipif(not fast_available(), reason="the fast extra (numba) is not installed")
def test_a_block_of_games_is_played_alike_by_both_engines() -> None:
    """The fast engine plays a block from its first index, as the reference engine does."""
    rules, bots, limit = Rules.preset("official"), ("eager",) * 3, 10_000
    blocks = {
        engine: GameBlock(bots, rules, 4, 7, 9, limit, engine) for engine in ("fast", "reference")
    }
    fast, reference = play_block(blocks["fast"]), play_block(blocks["reference"])
    assert counts(fast) == counts(reference)
    assert fast.games == 9
    whole = simulate(bots, rules, games=16, seed=4, max_actions=limit)
    head = play_block(GameBlock(bots, rules, 4, 0, 7, limit, "fast"))
    head.add(fast)
    assert counts(head) == counts(whole)


# -- tournament and study ----------------------------------------------------------------------


def test_a_tournament_on_ray_writes_the_local_results(tmp_path: Path, on_ray: RayBackend) -> None:
    results = []
    for name, backend in (("ray", on_ray), ("local", LocalBackend())):
        previous = set_default_backend(backend)
        try:
            result = run_tournament(BOTS, games=40, rules=FAST, seed=11, workers=2, progress=False)
        finally:
            set_default_backend(previous)
        write_report(result, tmp_path / name, plots=False)
        results.append(json.loads((tmp_path / name / "results.json").read_text()))
    assert without_run(results[0]) == without_run(results[1])
    assert results[0]["summary"] == results[1]["summary"]


def test_a_quick_study_on_ray_writes_the_local_figures(tmp_path: Path, on_ray: RayBackend) -> None:
    options: dict[str, Any] = dict(
        games=QUICK_GAMES, seat_hands=2_000, seed=3, players=(2, 3), progress=False
    )
    run_study(tmp_path / "ray", workers=2, **options)  # on the default backend: Ray
    set_default_backend(LocalBackend())
    run_study(tmp_path / "local", workers=1, **options)
    figures = [json.loads((tmp_path / n / "study.json").read_text()) for n in ("ray", "local")]
    assert without_run(figures[0]) == without_run(figures[1])
    assert figures[0]["run"]["hands"] == figures[1]["run"]["hands"] > 0


# -- the command line ------------------------------------------------------------------------


def test_simulate_with_backend_ray_prints_the_local_figures(ray_backend: RayBackend) -> None:
    args = ["simulate", "-p", "3", "-n", "24", "-s", "7", "-e", "reference"]
    local = runner.invoke(app, args)
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "--workers", "2"])
    assert local.exit_code == on_ray.exit_code == 0, on_ray.output
    assert without_speed(on_ray.stdout) == without_speed(local.stdout)
    assert "hands" in on_ray.stdout and "seat" in on_ray.stdout
    assert isinstance(default_backend(), LocalBackend)  # put back after the command
    assert ray.is_initialized()  # the caller's Ray is left running


def test_address_needs_backend_ray() -> None:
    result = runner.invoke(app, ["simulate", "--address", "127.0.0.1:6379"])
    assert result.exit_code == 2
    assert "--address needs --backend ray" in result.output


def test_an_unknown_backend_is_refused() -> None:
    result = runner.invoke(app, ["tournament", "--backend", "cloud"], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert "unknown backend 'cloud'; choose from local, ray" in result.output


@pytest.mark.parametrize("command", ["simulate", "tournament", "study"])
def test_an_unreachable_address_is_one_line_and_status_1(command: str, tmp_path: Path) -> None:
    address = f"127.0.0.1:{free_port()}"  # nothing listens there
    # A tournament of 24 games needs no rounding note before the error.
    args = [command, "--backend", "ray", "--address", address]
    if command == "tournament":
        args += ["--games", "24"]
    if command != "simulate":
        args += ["--out", str(tmp_path / "out")]
    started = time.monotonic()
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"error: cannot reach the Ray cluster at {address}: Connection refused"
    ]
    assert time.monotonic() - started < 10


def test_a_malformed_address_is_one_line() -> None:
    with pytest.raises(BackendError, match="a Ray address is HOST:PORT"):
        RayBackend("no-port-here").connect()


def test_without_ray_installed_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(BackendError, match=r"pip install 'lastcard\[ray\]'"):
        RayBackend().connect()
    result = runner.invoke(app, ["simulate", "-n", "2", "--backend", "ray"])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: the ray backend needs Ray, which is not installed: pip install 'lastcard[ray]'"
    )
    assert isinstance(default_backend(), LocalBackend)


def test_simulate_and_tournament_by_address_print_the_local_results(
    ray_head: tuple[str, dict[str, str]], tmp_path: Path
) -> None:
    address, env = ray_head
    args = ["simulate", "-p", "3", "-n", "24", "-s", "7", "-e", "reference"]
    local = lastcard(env, *args)
    joined = lastcard(env, *args, "--backend", "ray", "--address", address, "-w", "2")
    assert local.returncode == joined.returncode == 0, joined.stderr
    assert joined.stderr == ""  # Ray's own logs stay off the terminal
    assert without_speed(joined.stdout) == without_speed(local.stdout)

    args = ["tournament", "-b", ",".join(BOTS), "-n", "40", "-s", "11", "--no-plots"]
    results = []
    for name, more in (("ray", ["--backend", "ray", "--address", address]), ("local", [])):
        run = lastcard(env, *args, "-w", "2", "-o", str(tmp_path / name), *more)
        assert run.returncode == 0, run.stderr
        results.append(json.loads((tmp_path / name / "results.json").read_text()))
    assert without_run(results[0]) == without_run(results[1])
