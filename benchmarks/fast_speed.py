"""How close does the compiled simulator come to a C program that plays Uno as fast as it can?

``lastcard.sim.fast`` plays whole games exactly as the reference engine does (same seeds, same
games). ``benchmarks/uno_limit.c`` is an independent single-threaded C simulator of a simplified
official hand with uniformly random play, written for speed alone (bit masks per hand, no
per-card loop in a turn): its speed is the "limit" the kernel is measured against. Everything
is timed on one core as CPU time, medians over ``--runs`` runs, the programs interleaved run by
run so that drift in the machine's speed hits them alike; the kernel plays in batches of 20,000
games, as ``lastcard simulate`` does:

a. ``C program``: ``uno_limit PLAYERS GAMES SEED`` compiled with ``gcc -O2``, its rules; its own
   CPU time (it prints ``cpu_s``);
b. ``kernel, C rules``: the kernel as close to those rules as the options go:
   ``Rules(target_score=None, wd4_bluffing=False, allow_voluntary_draw=False)``, bot ``eager``;
c. ``kernel, official``: the official rules, one hand: ``Rules(target_score=None)``, ``eager``;
d. ``kernel, official, random``: the same with bot ``random``, which draws voluntarily as often
   as it takes any other action, so hands last ~15 times longer (``--random-hands``, fewer);

and, in the same run, the reference engine (``lastcard.sim.simulate``) for configuration c on
the same seeds, which must give the same games, and configuration c at 1 and at 2 threads
(wall clock), which must give the same results.

A hand is one deal played out; the kernel deals again after a blocked hand (rare), and counts
both. A turn is a play, a draw, or a draw then playing the drawn card (``SimulationStats``);
an action is every decision, Uno calls and Wild Draw Four answers included.

Run: ``python benchmarks/fast_speed.py [--players 2 4] [--runs 5] [--hands N] [--c-games N]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lastcard.core import Rules
from lastcard.sim.simulate import simulate

try:
    import numba

    from lastcard.sim.fast.run import FastGames, game_seeds, play_games
except ImportError as error:  # numba comes with the `fast` extra only
    raise SystemExit(f"fast_speed.py needs numba ({error}): pip install -e '.[fast]'") from error

# numba's package does not declare these exports to mypy; they are public API all the same.
NUMBA_THREADING_LAYER: Callable[[], str] = numba.threading_layer  # type: ignore[attr-defined]
NUMBA_MAX_THREADS: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]

C_SOURCE = Path(__file__).with_name("uno_limit.c")
BATCH = 20_000  # games per call of the kernel: `simulate_fast`'s batch
C_MIN_SECONDS = 0.3  # a shorter C run is mostly clock granularity and start-up noise

C_PROGRAM = "a. C program"
KERNEL_C_RULES = "b. kernel, C rules"
KERNEL_OFFICIAL = "c. kernel, official"
KERNEL_RANDOM = "d. kernel, official, random"

C_RULES = Rules(target_score=None, wd4_bluffing=False, allow_voluntary_draw=False)
OFFICIAL = Rules(target_score=None)

#: The kernel configurations: bot and rules.
KERNEL_CONFIGS: dict[str, tuple[str, Rules]] = {
    KERNEL_C_RULES: ("eager", C_RULES),
    KERNEL_OFFICIAL: ("eager", OFFICIAL),
    KERNEL_RANDOM: ("random", OFFICIAL),
}

DIFFERENCES = """\
What still differs between a and b:
  - choice: the C player picks uniformly over the playable card *instances* it holds (a kind
    held twice is twice as likely); `eager` picks uniformly over distinct plays, a Wild or
    Wild Draw Four counting once per colour (the colour is part of the play);
  - a drawn card: the C player always plays it when it can; `eager` keeps or plays it at random;
  - the deal: the kernel draws for dealer and shuffles the whole deck (Fisher-Yates); the C
    program draws each card lazily from the unshuffled stock (the same law, fewer numbers);
  - Uno calls cost nothing to either: `eager` always calls, so nobody is ever caught."""


@dataclass(frozen=True)
class Sample:
    """One timed run: hands played, their turns and actions (None: not counted), seconds."""

    hands: int
    turns: float
    actions: int | None
    seconds: float

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.seconds

    @property
    def actions_per_s(self) -> float | None:
        return None if self.actions is None else self.actions / self.seconds


# -- the C program ------------------------------------------------------------------------------


def compile_c(directory: Path) -> Path:
    """``gcc -O2`` of ``uno_limit.c`` into `directory`; exits with a clear message without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise SystemExit(
            "gcc not found: this benchmark compiles benchmarks/uno_limit.c with `gcc -O2`. "
            "Install gcc (Debian/Ubuntu: apt-get install gcc) and run it again."
        )
    program = directory / "uno_limit"
    subprocess.run([gcc, "-O2", "-o", str(program), str(C_SOURCE)], check=True)
    return program


def run_c(program: Path, players: int, games: int, seed: int) -> Sample:
    """One run of the C program, timed by its own CPU clock (``cpu_s``), else by the children's
    rusage delta."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [str(program), str(players), str(games), str(seed)],
        check=True,
        capture_output=True,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    fields = dict(re.findall(r"(\w+)=(\S+)", done.stdout))
    if "cpu_s" in fields:
        seconds = float(fields["cpu_s"])
    else:
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Sample(games, float(fields["avg_turns"]) * games, None, seconds)


# -- the kernel ---------------------------------------------------------------------------------


def play(bot: str, rules: Rules, players: int, seeds: np.ndarray) -> FastGames:
    return play_games([bot] * players, rules, seeds)


def run_kernel(bot: str, rules: Rules, players: int, seeds: np.ndarray) -> Sample:
    """One run of the kernel on one thread, CPU time (the seeds are made beforehand), in
    batches of `BATCH` games as `lastcard simulate` plays them: one call for every game would
    allocate result arrays of a hundred megabytes, whose fresh pages cost the system a tenth of
    the time again (and a varying tenth)."""
    numba.set_num_threads(1)
    hands = actions = 0
    turns = 0.0
    start = time.process_time()
    for first in range(0, len(seeds), BATCH):
        games = play(bot, rules, players, seeds[first : first + BATCH])
        if np.any(games.winner < 0):
            raise RuntimeError(f"{bot}: a game reached the action limit")
        hands += int(games.hands.sum())
        turns += float(games.turns.sum())
        actions += int(games.actions.sum())
    return Sample(hands, turns, actions, time.process_time() - start)


def warm_up(players: int, threads: int, seed: int) -> None:
    """Compile (or load from numba's cache) and start the thread pool before any timing."""
    seeds = game_seeds(seed, 0, 64)
    for bot, rules in KERNEL_CONFIGS.values():
        for count in range(1, threads + 1):
            numba.set_num_threads(count)
            play(bot, rules, players, seeds)


# -- the reference engine -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reference:
    """The reference engine's run of configuration c, and whether the kernel played the same."""

    sample: Sample
    same_games: bool


def run_reference(players: int, hands: int, seed: int) -> Reference:
    """`simulate` on `hands` games of configuration c (CPU time), checked against the kernel."""
    bot, rules = KERNEL_CONFIGS[KERNEL_OFFICIAL]
    simulate([bot] * players, rules, games=2, seed=seed)  # imports and first-use caches
    start = time.process_time()
    stats = simulate([bot] * players, rules, games=hands, seed=seed)
    seconds = time.process_time() - start
    numba.set_num_threads(1)
    fast = play(bot, rules, players, game_seeds(seed, 0, hands))
    same = (
        stats.hands == int(fast.hands.sum())
        and stats.turns == int(fast.turns.sum())
        and stats.actions == int(fast.actions.sum())
        and stats.hand_wins == [int(w) for w in fast.hand_wins.sum(axis=0)]
    )
    return Reference(Sample(stats.hands, stats.turns, stats.actions, seconds), same)


# -- threads ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Threaded:
    """Configuration c at a number of threads: wall-clock hands/s, the cores it kept busy (its
    CPU time over the wall clock: below the thread count when other work took the cores), and
    what was played."""

    threads: int
    hands_per_s: list[float]
    cores_busy: list[float]
    turns: int
    hand_wins: tuple[int, ...]


def run_threads(
    players: int, seeds: np.ndarray, thread_counts: Sequence[int], runs: int
) -> list[Threaded]:
    """Configuration c at each thread count, wall clock, interleaved run by run."""
    bot, rules = KERNEL_CONFIGS[KERNEL_OFFICIAL]
    rates: dict[int, list[float]] = {count: [] for count in thread_counts}
    busy: dict[int, list[float]] = {count: [] for count in thread_counts}
    played: dict[int, FastGames] = {}
    for _ in range(runs):
        for count in thread_counts:
            numba.set_num_threads(count)
            start, cpu = time.perf_counter(), time.process_time()
            games = play(bot, rules, players, seeds)
            wall = time.perf_counter() - start
            rates[count].append(int(games.hands.sum()) / wall)
            busy[count].append((time.process_time() - cpu) / wall)
            played[count] = games
    return [
        Threaded(
            count,
            rates[count],
            busy[count],
            int(played[count].turns.sum()),
            tuple(int(w) for w in played[count].hand_wins.sum(axis=0)),
        )
        for count in thread_counts
    ]


# -- the report ---------------------------------------------------------------------------------


def _median(samples: Sequence[Sample], rate: Callable[[Sample], float]) -> float:
    return statistics.median(rate(sample) for sample in samples)


def _hands_per_s(sample: Sample) -> float:
    return sample.hands_per_s


def speed_table(
    results: dict[tuple[int, str], list[Sample]],
    references: dict[int, Reference],
    player_counts: Sequence[int],
) -> str:
    """Hands/s of each configuration (one core, CPU time, median) and its ratio to the C
    program's; then the kernel against the reference engine."""
    header = (
        f"{'players':>7}  {'configuration':<28} {'hands/s':>11} {'vs C':>8} "
        f"{'turns/hand':>10} {'actions/hand':>12} {'actions/s':>12}"
    )
    lines = [header, "-" * len(header)]
    for players in player_counts:
        c_rate = _median(results[players, C_PROGRAM], _hands_per_s)
        for config in (C_PROGRAM, *KERNEL_CONFIGS):
            lines.append(_row(players, config, results[players, config], c_rate))
        engine = references[players].sample
        lines.append(_row(players, "e. reference engine, as c", [engine], c_rate))
    lines += [
        "",
        "kernel (c) over the reference engine (e), same games, CPU time:",
        f"{'players':>7}  {'speed-up':>9}  same games",
    ]
    for players in player_counts:
        kernel = _median(results[players, KERNEL_OFFICIAL], _hands_per_s)
        reference = references[players]
        lines.append(
            f"{players:>7}  {kernel / reference.sample.hands_per_s:>8,.0f}x  "
            f"{'yes' if reference.same_games else 'NO: the kernel played other games'}"
        )
    return "\n".join(lines)


def _row(players: int, config: str, samples: Sequence[Sample], c_rate: float) -> str:
    hands = sum(s.hands for s in samples)
    rate = _median(samples, _hands_per_s)
    turns = sum(s.turns for s in samples) / hands
    if samples[0].actions is None:
        per_hand, per_s = "-", "-"
    else:
        per_hand = f"{sum(s.actions or 0 for s in samples) / hands:.1f}"
        per_s = f"{statistics.median(s.actions_per_s or 0.0 for s in samples):,.0f}"
    return (
        f"{players:>7}  {config:<28} {rate:>11,.0f} {_ratio(rate / c_rate):>8} "
        f"{turns:>10.1f} {per_hand:>12} {per_s:>12}"
    )


def _ratio(ratio: float) -> str:
    """Two decimals, or two significant digits below 0.1 (the reference engine's 0.00038x)."""
    return f"{ratio:.2f}x" if ratio >= 0.1 else f"{ratio:.2g}x"


def threads_table(threaded: dict[int, list[Threaded]], player_counts: Sequence[int]) -> str:
    """Configuration c's wall-clock hands/s per thread count, speed-up, and the identity check."""
    lines = [
        "configuration c, wall clock (median hands/s), threads:",
        f"{'players':>7}  {'threads':>7} {'hands/s':>11} {'speed-up':>9} {'cores busy':>10}  "
        f"{'sum of turns':>12}  hand wins per seat",
    ]
    for players in player_counts:
        runs = threaded[players]
        base = statistics.median(runs[0].hands_per_s)
        for run in runs:
            rate = statistics.median(run.hands_per_s)
            lines.append(
                f"{players:>7}  {run.threads:>7} {rate:>11,.0f} {rate / base:>8.2f}x "
                f"{statistics.median(run.cores_busy):>10.2f}  "
                f"{run.turns:>12,}  {' '.join(str(w) for w in run.hand_wins)}"
            )
        same = all((r.turns, r.hand_wins) == (runs[0].turns, runs[0].hand_wins) for r in runs)
        lines.append(
            f"{'':>7}  results identical for every thread count: {'yes' if same else 'NO'}"
        )
        starved = [r.threads for r in runs if statistics.median(r.cores_busy) < r.threads - 0.3]
        if starved:
            lines.append(
                f"{'':>7}  busy machine: at {', '.join(map(str, starved))} thread(s) the kernel "
                f"had fewer cores than threads\n{'':>7}  (other work took them): these figures "
                "are not its scaling"
            )
    return "\n".join(lines)


def load_average() -> str:
    """The 1-minute load average: other work on the machine skews every figure."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "unknown"


def machine(load_before: str) -> str:
    """CPU model and cores, Python, numpy, numba (and its threading layer), gcc."""
    model = platform.processor() or "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo.read_text(), re.MULTILINE)
        if found:
            model = found.group(1).strip()
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    gcc = subprocess.run(["gcc", "--version"], capture_output=True, text=True, check=True)
    return "\n".join(
        [
            f"CPU: {model}, {os.cpu_count()} cores ({usable} usable)",
            f"Python {platform.python_version()}, numpy {np.__version__}, numba "
            f"{numba.__version__} (threading layer {NUMBA_THREADING_LAYER()}, "
            f"{NUMBA_MAX_THREADS} threads at most)",
            f"{gcc.stdout.splitlines()[0]}; C flags: -O2",
            f"load average (1 min) before the run: {load_before}",
        ]
    )


# -- main ---------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Time the compiled simulator (lastcard.sim.fast) against uno_limit.c, a C simulator "
            "of a simplified official hand with uniformly random play, and against the reference "
            "engine; on one core (CPU time, medians), then at 1 and 2 threads (wall clock). "
            "Tables on stdout, progress on stderr. The defaults take about half a minute per "
            "player count. Run it on a quiet machine."
        ),
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2, 4],
        choices=range(2, 11),
        metavar="N",
        help="player counts, 2..10 (default: 2 4)",
    )
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument(
        "--hands",
        type=int,
        default=300_000,
        help="kernel hands per run with the eager bot (configurations b, c; default 300000)",
    )
    parser.add_argument(
        "--random-hands",
        type=int,
        default=None,
        help="kernel hands per run with the random bot (configuration d; default --hands / 15: "
        "its hands are about 15 times longer)",
    )
    parser.add_argument(
        "--c-games",
        type=int,
        default=600_000,
        help=f"C program hands per run (default 600000; a run should take at least "
        f"{C_MIN_SECONDS} s, and the report says when one did not)",
    )
    parser.add_argument(
        "--ref-hands",
        type=int,
        default=300,
        help="reference engine hands, one run (default 300)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=2,
        help="the most threads for the scaling check, compared with 1 (default 2)",
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    args = parser.parse_args(argv)
    args.players = list(dict.fromkeys(args.players))
    if args.random_hands is None:
        args.random_hands = max(1, args.hands // 15)
    sizes = (args.runs, args.hands, args.random_hands, args.c_games, args.ref_hands, args.threads)
    if min(sizes) < 1:
        parser.error("--runs, --hands, --random-hands, --c-games, --ref-hands, --threads: >= 1")
    if args.seed < 0:
        parser.error("--seed must be non-negative")
    args.threads = min(args.threads, NUMBA_MAX_THREADS)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    load_before = load_average()
    thread_counts = sorted({1, args.threads})
    with tempfile.TemporaryDirectory(prefix="uno_limit") as directory:
        program = compile_c(Path(directory))
        print(
            "warming up (numba compiles on first use, then loads from its cache)", file=sys.stderr
        )
        for players in args.players:
            warm_up(players, args.threads, args.seed)
        print(machine(load_before))
        print(
            f"one core, CPU time, median of {args.runs} runs; per run: C {args.c_games:,} hands, "
            f"kernel {args.hands:,} hands (random bot: {args.random_hands:,}); "
            f"reference engine {args.ref_hands:,} hands once; seed {args.seed}"
        )
        print()
        seeds = {
            KERNEL_C_RULES: game_seeds(args.seed, 0, args.hands),
            KERNEL_OFFICIAL: game_seeds(args.seed, 0, args.hands),
            KERNEL_RANDOM: game_seeds(args.seed, 0, args.random_hands),
        }
        results: dict[tuple[int, str], list[Sample]] = {}
        references: dict[int, Reference] = {}
        threaded: dict[int, list[Threaded]] = {}
        for players in args.players:
            for run in range(args.runs):
                # Interleaved, so that drift in the machine's speed hits every program alike.
                sample = run_c(program, players, args.c_games, args.seed)
                results.setdefault((players, C_PROGRAM), []).append(sample)
                timings = [f"C {sample.seconds:.2f} s"]
                for config, (bot, rules) in KERNEL_CONFIGS.items():
                    sample = run_kernel(bot, rules, players, seeds[config])
                    results.setdefault((players, config), []).append(sample)
                    timings.append(f"{config[0]} {sample.seconds:.2f} s")
                print(
                    f"  {players} players, run {run + 1}/{args.runs}: {', '.join(timings)}",
                    file=sys.stderr,
                )
            references[players] = run_reference(players, args.ref_hands, args.seed)
            print(f"  {players} players: reference engine done", file=sys.stderr)
            threaded[players] = run_threads(
                players, seeds[KERNEL_OFFICIAL], thread_counts, args.runs
            )
            print(f"  {players} players: threads done", file=sys.stderr)
    print(speed_table(results, references, args.players))
    short = [
        s.seconds for p in args.players for s in results[p, C_PROGRAM] if s.seconds < C_MIN_SECONDS
    ]
    if short:
        print(
            f"note: {len(short)} C runs took less than {C_MIN_SECONDS} s; "
            "raise --c-games for a steadier C figure"
        )
    print()
    print(DIFFERENCES)
    print()
    print(threads_table(threaded, args.players))
    print(f"load average (1 min) after the run: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
