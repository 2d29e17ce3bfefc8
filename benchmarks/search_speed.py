"""How much faster ISMCTS searches on the unchecked fast game, and what the extra iterations buy.

**1. Iterations per second.** Decisions are recorded from ``--games`` single hands between
``heuristic`` bots (official rules, ``Rules(target_score=None)``), 2 and 4 players: every
decision of seat 0 that a search would answer (more than one option after pruning), with the
view, the offer and what the seat had observed. Each is searched with ``--iterations``
iterations by ``IsmctsBot(fast=True)`` (the default: samples are ``FastGame``s changed in place)
and by ``IsmctsBot(fast=False)`` (the checked engine: ``legal_actions``/``apply`` on
``GameState`` samples). Iterations per second = iterations / CPU time (``time.process_time``)
over all the decisions of a run; the medians of ``--runs`` runs, the two paths alternating run
by run. The first run also checks that both paths chose the same actions with the same root
statistics (they simulate exactly the same games).

**2. What the extra iterations buy.** A budget of ``--seconds`` per decision is converted into
an iteration budget per path from the 2-player medians just measured (iterations/s x seconds,
CPU time), so that the comparison is reproducible and runs on ``--workers`` processes with
identical results: the fast path gets more iterations for the same time. Then ``--hands``
heads-up single hands against ``heuristic`` per path (the checked-engine arm plays at its own,
smaller budget), seats alternating (ISMCTS in seat ``i % 2`` of hand ``i``), seed-paired: hand
``i`` is dealt from ``derive_seed(--seed, "hand", i)`` for both arms, with the same bot seeds.
Printed: each arm's win rate with a 95% Wilson interval, and the paired comparison of the two
arms (hands only one of them won; the difference in win rate with its matched-pairs interval
and the exact sign test). ``--timed`` gives each bot the real budget instead
(``seconds=S, clock=cpu``): not reproducible, and only fair on an otherwise idle machine.

An arm's games at a given iteration budget do not depend on the simulator (part 1 and
``tests/bots/test_fast_search.py`` check this), so ``--checked-arm-on fast`` plays the checked
arm's games on the fast game, in a quarter of the time, with the same results.

Run::

    python benchmarks/search_speed.py --hands 300 --workers 2
    python benchmarks/search_speed.py --skip-match --runs 7          # speed only
    python benchmarks/search_speed.py --hands 500 --seconds 0.05 --checked-arm-on fast
"""

from __future__ import annotations

import argparse
import copy
import functools
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from ismcts_vs_heuristic import Outcome, Task, play_hand
from lastcard import Action, Rules
from lastcard.analysis.statistics import paired_comparison, wilson_interval
from lastcard.bots import Bot, parse_bot_spec
from lastcard.bots.ismcts import IsmctsBot
from lastcard.bots.search_decisions import DecisionRecorder, SearchDecision
from lastcard.core.rng import derive_seed
from lastcard.sim.parallel import run_tasks
from lastcard.sim.runner import play_game

RULES = Rules(target_score=None)


def record_decisions(players: int, games: int, seed: int) -> list[SearchDecision]:
    found: list[SearchDecision] = []

    def recorder(bot_seed: int) -> Bot:
        return DecisionRecorder(bot_seed, found)

    for game in range(games):
        bots: list[Any] = [recorder] + ["heuristic"] * (players - 1)
        play_game(bots, RULES, seed=derive_seed(seed, "positions", players, game))
    return found


def search_all(
    decisions: list[SearchDecision], fast: bool, iterations: int, options: dict[str, Any]
) -> tuple[float, list[tuple[Action | None, dict[Action, tuple[int, float]]]]]:
    """Iterations per CPU second over every decision, and each search's choice and statistics."""
    done = 0
    spent = 0.0
    results = []
    for i, decision in enumerate(decisions):
        bot = IsmctsBot(i, iterations=iterations, fast=fast, **options)
        bot._knowledge = copy.deepcopy(decision.knowledge)
        started = time.process_time()
        choice = bot.choose(decision.view, decision.legal)
        spent += time.process_time() - started
        done += bot.last_iterations
        results.append((choice, bot.last_statistics))
    return done / spent, results


def measure_speed(
    args: argparse.Namespace, options: dict[str, Any]
) -> dict[int, dict[bool, float]]:
    medians: dict[int, dict[bool, float]] = {}
    print(
        f"## 1. iterations per CPU second, {args.iterations} iterations a decision, "
        f"median of {args.runs} runs (min / median / max)"
    )
    print(f"{'players':>7} {'decisions':>9} {'checked engine':>26} {'fast game':>26} {'ratio':>6}")
    for players in args.players:
        decisions = record_decisions(players, args.games, args.seed)
        rates: dict[bool, list[float]] = {True: [], False: []}
        same = True
        for run in range(args.runs):
            order = (False, True) if run % 2 == 0 else (True, False)
            found = {}
            for fast in order:
                rate, found[fast] = search_all(decisions, fast, args.iterations, options)
                rates[fast].append(rate)
            same = same and found[True] == found[False]
        medians[players] = {fast: statistics.median(rates[fast]) for fast in (False, True)}

        def cell(r: list[float]) -> str:
            return f"{min(r):,.0f} / {statistics.median(r):,.0f} / {max(r):,.0f}"

        ratio = medians[players][True] / medians[players][False]
        print(
            f"{players:>7} {len(decisions):>9} {cell(rates[False]):>26} "
            f"{cell(rates[True]):>26} {ratio:>5.2f}x",
            flush=True,
        )
        if not same:
            print(f"        !! the two paths chose differently with {players} players")
    print("same choices and root statistics on both paths: " + ("yes" if same else "NO"))
    return medians


@dataclass(frozen=True)
class ArmTask:
    arm: str
    task: Task


def play_arm(item: ArmTask) -> tuple[str, Outcome]:
    return item.arm, play_hand(item.task)


def play_match(
    args: argparse.Namespace, options: dict[str, Any], budgets: dict[str, dict[str, Any]]
) -> None:
    arms = list(budgets)
    tasks = [
        ArmTask(
            arm,
            Task(
                i,
                derive_seed(args.seed, "hand", i),
                "heuristic",
                tuple(sorted({**options, **budgets[arm]}.items())),
            ),
        )
        for i in range(args.hands)
        for arm in arms
    ]
    won: dict[str, list[bool]] = {arm: [] for arm in arms}
    searched = dict.fromkeys(arms, 0)
    iterations = dict.fromkeys(arms, 0)
    seconds = dict.fromkeys(arms, 0.0)
    started = time.perf_counter()
    run = functools.partial(
        run_tasks,
        workers=args.workers,
        description="hands",
        progress=not args.no_progress,
        total=len(tasks),
        chunksize=1,
    )
    for arm, outcome in run(play_arm, tasks):
        won[arm].append(outcome.won)
        searched[arm] += outcome.searched
        iterations[arm] += outcome.iterations
        seconds[arm] += outcome.search_seconds
    wall = time.perf_counter() - started
    print(
        f"{'arm':<28} {'hands':>5} {'wins':>5} {'rate':>6} {'95% Wilson':>16} {'it/decision':>11}"
    )
    for arm in arms:
        wins, n = sum(won[arm]), len(won[arm])
        lo, hi = wilson_interval(wins, n)
        per = iterations[arm] / searched[arm] if searched[arm] else 0.0
        print(
            f"{arm:<28} {n:>5} {wins:>5} {wins / n:>6.1%} {f'[{lo:.1%}, {hi:.1%}]':>16} "
            f"{per:>11,.0f}"
        )
    a, b = arms
    a_only = sum(x and not y for x, y in zip(won[a], won[b], strict=True))
    b_only = sum(y and not x for x, y in zip(won[a], won[b], strict=True))
    both = sum(x and y for x, y in zip(won[a], won[b], strict=True))
    paired = paired_comparison(a_only, b_only, args.hands, both=both)
    lo, hi = paired.difference_ci
    print(
        f"paired, same deals: won by the fast arm only {a_only}, by the checked arm only "
        f"{b_only}, by both {both}; difference {paired.difference:+.1%} "
        f"(95% CI [{lo:+.1%}, {hi:+.1%}]), sign test p = {paired.p_value:.3g}"
    )
    print(f"wall time {wall:.0f} s on {args.workers} worker(s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=3, help="hands recorded per player count")
    parser.add_argument("--iterations", type=int, default=300, help="per decision, part 1")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.25, help="budget per decision, part 2")
    parser.add_argument("--hands", type=int, default=200, help="hands per arm, part 2")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="", help="IsmctsBot options, e.g. rollout=strong")
    parser.add_argument(
        "--timed", action="store_true", help="part 2 with the real budget (seconds=S, clock=cpu)"
    )
    parser.add_argument(
        "--checked-arm-on",
        choices=("engine", "fast"),
        default="engine",
        help="where the checked arm's games are played (the same games either way)",
    )
    parser.add_argument("--skip-match", action="store_true", help="part 1 only")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options = dict(parse_bot_spec("ismcts:" + args.options)[1])
    for name in ("iterations", "seconds", "fast"):
        if name in options:
            parser.error(f"--options may not set {name}: the benchmark sets it")
    IsmctsBot(0, iterations=1, **options)  # a clear error for bad options, before any work
    print(
        f"# ISMCTS search speed: fast game vs checked engine; options {options or 'default'}; "
        f"official rules, single hands; seed {args.seed}"
    )
    medians = measure_speed(args, options)
    if args.skip_match:
        return 0
    players = 2 if 2 in medians else min(medians)
    checked_rate, fast_rate = medians[players][False], medians[players][True]
    budgets: dict[str, dict[str, Any]]
    if args.timed:
        timed = {"seconds": args.seconds, "clock": "cpu"}
        budgets = {
            f"fast game, {args.seconds} s": {**timed, "fast": True},
            f"checked engine, {args.seconds} s": {**timed, "fast": False},
        }
        print(f"\n## 2. vs heuristic, {args.seconds} s of CPU time a decision (timed)")
    else:
        fast_n = max(1, round(fast_rate * args.seconds))
        checked_n = max(1, round(checked_rate * args.seconds))
        budgets = {
            f"fast game, {fast_n} it": {"iterations": fast_n, "fast": True},
            f"checked engine, {checked_n} it": {
                "iterations": checked_n,
                "fast": args.checked_arm_on == "fast",
            },
        }
        print(
            f"\n## 2. vs heuristic at {args.seconds} s a decision, as iterations: "
            f"{args.seconds} s x the {players}-player medians above = {fast_n} iterations "
            f"(fast game) and {checked_n} (checked engine"
            + (", its games played on the fast game" if args.checked_arm_on == "fast" else "")
            + ")"
        )
    print(
        f"{args.hands} heads-up single hands per arm, seats alternating, the same deals and "
        "bot seeds for both arms"
    )
    play_match(args, options, budgets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
