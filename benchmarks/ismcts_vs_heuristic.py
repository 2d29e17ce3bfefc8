"""Does ISMCTS beat the heuristic bot heads-up? Single hands, seats alternating.

Hand i (i = 0, 1, ...) is a two-player single hand (``Rules(target_score=None)``, otherwise the
official rules) dealt from ``derive_seed(--seed, "hand", i)``; ``IsmctsBot`` sits in seat
``i % 2`` and the opponent (``--opponent``, default ``heuristic``) in the other seat, so each
bot plays each seat equally often. Bots are seeded from the hand's seed as the game runner
does. A blocked hand is dealt again by the rules (a single hand ends only when someone goes
out), so every hand has a winner.

Printed: the hands played, ISMCTS's wins and win rate, a 95% Wilson interval, the one-sided
exact binomial p-value of "ISMCTS wins more than half" (P[X >= wins] for X ~ Bin(n, 1/2)), and
the search speed: decisions searched, iterations per searched decision and per second, and the
decisions answered without search.

Run::

    python benchmarks/ismcts_vs_heuristic.py --hands 1000 --seconds 0.2 --workers 2 --seed 0
    python benchmarks/ismcts_vs_heuristic.py --hands 200 --iterations 100   # reproducible

With ``--iterations`` the result is identical for any ``--workers``; with ``--seconds`` it
depends on the machine's speed and load (run it on an otherwise idle machine, with no more
workers than cores).
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from dataclasses import dataclass
from typing import Any

from lastcard import Rules
from lastcard.analysis.statistics import one_sided_binomial_p, wilson_interval
from lastcard.bots import Bot, make_bot, parse_bot_spec
from lastcard.bots.ismcts import IsmctsBot
from lastcard.core.rng import derive_seed
from lastcard.sim.parallel import run_tasks
from lastcard.sim.runner import play_game


@dataclass(frozen=True)
class Task:
    index: int
    seed: int
    opponent: str
    options: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Outcome:
    index: int
    ismcts_seat: int
    won: bool
    searched: int  # decisions that ran a search
    iterations: int
    search_seconds: float
    answered: int  # decisions answered without search
    actions: int


class _CountingIsmcts(IsmctsBot):
    """An `IsmctsBot` that adds up how much it searched."""

    def __init__(self, seed: int, **options: Any) -> None:
        super().__init__(seed, **options)
        self.searched = self.iterations_total = self.answered = 0
        self.search_seconds = 0.0

    def choose(self, view: Any, legal: Any, *, may_pass: bool = False) -> Any:
        self.last_iterations = 0
        choice = super().choose(view, legal, may_pass=may_pass)
        if self.last_iterations:
            self.searched += 1
            self.iterations_total += self.last_iterations
            self.search_seconds += self.last_seconds
        else:
            self.answered += 1
        return choice


def play_hand(task: Task) -> Outcome:
    """One hand, ISMCTS in seat `index % 2`."""
    seat = task.index % 2
    made: list[_CountingIsmcts] = []

    def ismcts(seed: int) -> Bot:
        bot = _CountingIsmcts(seed, **dict(task.options))
        made.append(bot)
        return bot

    def opponent(seed: int) -> Bot:
        return make_bot(task.opponent, seed)

    bots = [opponent, opponent]
    bots[seat] = ismcts
    record, state = play_game(bots, Rules(target_score=None), task.seed)
    (bot,) = made
    return Outcome(
        index=task.index,
        ismcts_seat=seat,
        won=state.winner == seat,
        searched=bot.searched,
        iterations=bot.iterations_total,
        search_seconds=bot.search_seconds,
        answered=bot.answered,
        actions=len(record.actions),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None, help="search time per decision")
    budget.add_argument("--iterations", type=int, default=None, help="iterations per decision")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="heuristic", help="a registered bot name")
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--rollout", default=None, help="rollout policy: smart or random")
    parser.add_argument(
        "--options", default="", help="more IsmctsBot options, e.g. rollout_depth=20,opponents=tree"
    )
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    parse_bot_spec(args.opponent)  # a clear message for a malformed name, before any work
    make_bot(args.opponent, 0)
    options: dict[str, Any] = {}
    if args.iterations is not None:
        options["iterations"] = args.iterations
    else:
        options["seconds"] = args.seconds if args.seconds is not None else 0.2
    if args.exploration is not None:
        options["exploration"] = args.exploration
    if args.rollout is not None:
        options["rollout"] = args.rollout
    options.update(parse_bot_spec("ismcts:" + args.options)[1])
    IsmctsBot(0, **options)  # validate the options here
    frozen = tuple(sorted(options.items()))
    tasks = (
        Task(i, derive_seed(args.seed, "hand", i), args.opponent, frozen) for i in range(args.hands)
    )
    budget_text = ", ".join(f"{k}={v}" for k, v in frozen)
    print(
        f"# ismcts ({budget_text}) vs {args.opponent}: {args.hands} two-player single hands, "
        f"seed {args.seed}, {args.workers} worker(s)",
        flush=True,
    )
    wins = n = searched = iterations = answered = 0
    seat_wins = [0, 0]
    seat_hands = [0, 0]
    search_seconds = 0.0
    started = time.perf_counter()
    run = functools.partial(
        run_tasks,
        workers=args.workers,
        description="hands",
        progress=not args.no_progress,
        total=args.hands,
        chunksize=1,
    )
    for outcome in run(play_hand, tasks):
        n += 1
        wins += outcome.won
        seat_hands[outcome.ismcts_seat] += 1
        seat_wins[outcome.ismcts_seat] += outcome.won
        searched += outcome.searched
        iterations += outcome.iterations
        search_seconds += outcome.search_seconds
        answered += outcome.answered
    wall = time.perf_counter() - started
    lo, hi = wilson_interval(wins, n)
    p_value = one_sided_binomial_p(wins, n)
    print(f"hands              {n}")
    print(f"ismcts wins        {wins} ({wins / n:.1%})")
    print(f"95% Wilson         [{lo:.1%}, {hi:.1%}]")
    print(f"one-sided p        {p_value:.3g}  (H0: win rate <= 50%)")
    for seat in (0, 1):
        if seat_hands[seat]:
            rate = seat_wins[seat] / seat_hands[seat]
            print(f"  in seat {seat}        {seat_wins[seat]}/{seat_hands[seat]} ({rate:.1%})")
    if searched:
        print(
            f"searched decisions {searched}: {iterations / searched:.0f} iterations each, "
            f"{iterations / search_seconds:,.0f} iterations/s, "
            f"{search_seconds / searched * 1000:.0f} ms each"
        )
    print(f"answered at once   {answered} (single option, uno, catch, jump-in)")
    print(f"wall time          {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
