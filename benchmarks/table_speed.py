"""What does the table layer cost a simulation?

`play_game` is a loop over `lastcard.table.Table` (the ply, the inboxes, the offer checks, the
bots' poll). This benchmark plays the same games two ways and prints actions/s for each, and
their ratio, measured in the same run, interleaved run by run:

- ``table``: ``lastcard.sim.play_game`` (the table);
- ``bare loop``: the smallest loop that asks the same bots the same questions in the same order
  directly on the engine (``legal_actions``, ``player_view``, a ``Recorder`` for the same
  record; bots that observe are shown each event at once), as `play_game` was before the table.

Both must give the same games: the benchmark checks that the action lists agree before timing.

Run: ``python benchmarks/table_speed.py [--games N] [--runs N] [--players N] [--bots eager]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from lastcard import (
    Action,
    GameState,
    Phase,
    Recorder,
    Rules,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.bots import Bot, make_bot
from lastcard.core.offers import out_of_turn_actions
from lastcard.sim import bot_seed, play_game

NEXT = parse_action("next")


def bare_game(bots: list[str], rules: Rules, seed: int) -> list[tuple[int, str]]:
    """The reference loop: the table's poll order, written inline on the engine."""
    seated: list[Bot] = [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    watchers = [(seat, bot.observe) for seat, bot in enumerate(seated) if hasattr(bot, "observe")]
    recorder = Recorder(len(bots), rules, seed=seed)
    state: GameState = recorder.state
    for _ in range(100_000):
        if state.phase is Phase.GAME_OVER:
            break
        seat, action = _next(state, seated)
        transition = recorder.apply(seat, action)
        state = transition.state
        for event in transition.events:
            for watcher, observe in watchers:
                observe(event.redact(watcher))
    return list(recorder.record().actions)


def _next(state: GameState, bots: list[Bot]) -> tuple[int, Action]:
    if state.phase is Phase.HAND_OVER:
        return state.dealer, NEXT
    for seat, bot in enumerate(bots):
        offer = out_of_turn_actions(state, seat)
        if offer:
            choice = bot.choose(player_view(state, seat), offer, may_pass=True)
            if choice is not None:
                return seat, choice
    to_act = state.to_act
    assert to_act is not None
    choice = bots[to_act].choose(player_view(state, to_act), legal_actions(state, to_act))
    assert choice is not None
    return to_act, choice


def timed(run: Callable[[], int]) -> float:
    start = time.perf_counter()
    actions = run()
    return actions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per way (default 5)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--bots", default="eager", help="bot at every seat (default eager)")
    parser.add_argument("--whole-games", action="store_true", help="to 500 points, not 1 hand")
    args = parser.parse_args()

    rules = Rules() if args.whole_games else Rules(target_score=None)
    bots = [args.bots] * args.players
    seeds = range(args.games)
    for seed in seeds[:20]:
        record, _ = play_game(bots, rules, seed)
        if list(record.actions) != bare_game(bots, rules, seed):
            sys.exit(f"the table and the bare loop disagree on game {seed}")

    def through_table() -> int:
        return sum(len(play_game(bots, rules, seed)[0].actions) for seed in seeds)

    def bare() -> int:
        return sum(len(bare_game(bots, rules, seed)) for seed in seeds)

    rates: dict[str, list[float]] = {"table": [], "bare loop": []}
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs}", file=sys.stderr)
        rates["table"].append(timed(through_table))
        rates["bare loop"].append(timed(bare))
    what = "whole games" if args.whole_games else "single hands"
    print(f"{args.games} {what} x {args.runs} runs, {args.players} x {args.bots}, official rules")
    print(f"{'way':<10} {'min':>9} {'median':>9} {'max':>9}  actions/s")
    for name, values in rates.items():
        low, mid, high = min(values), statistics.median(values), max(values)
        print(f"{name:<10} {low:>9,.0f} {mid:>9,.0f} {high:>9,.0f}")
    ratio = statistics.median(rates["table"]) / statistics.median(rates["bare loop"])
    print(f"table / bare loop (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
