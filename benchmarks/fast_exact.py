"""The compiled simulator against the reference engine, game for game, at scale.

`tests/sim/test_fast_exact.py` compares a few hundred games in `make test`; this script compares
`--games` whole games per preset and table (default 10,000) the kernel covers: each game is
played by the kernel (`lastcard.sim.fast.run.play_games`, its actions traced) and by the
reference engine (`lastcard.sim.play_game`) from the same seed, and must give the same actions
in the same order and the same final scores. Three tables, 2 to 7 players in turn (seat k takes
entry k of the table's list, cyclically):

- `mixed`: every kernel bot and habit but the heuristic one (`greedy`, `eager`, `random` without
  Uno calls, so catches happen, and a bluffing, challenging `greedy`);
- `heuristic`: `heuristic` with its options (no bluffs, a higher challenge threshold, wilds not
  held) beside `greedy` and `random`, so its memory meets exchanges, catches and challenges;
- `random`: `eager` and `random` only, with and without Uno calls, the tables whose turns the
  kernel's fast lane (`sim/fast/lane.py`) plays under the official rules, handing the catch
  window back to the general loop.

Games run on `--workers` processes; it prints, per preset and table, the games compared, the
actions compared and any game that differs (with its seed, to replay).

Run: ``python benchmarks/fast_exact.py [--games 10000] [--presets official party]
[--tables mixed heuristic] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from lastcard.core import Rules
from lastcard.sim import play_game
from lastcard.sim.fast.run import game_seeds, play_games
from lastcard.sim.parallel import run_tasks

TABLES = {
    "mixed": (
        "greedy",
        "eager",
        "random:call_uno=false,catch_rate=0.3",
        "greedy:bluff=true,challenge=true",
    ),
    "heuristic": (
        "heuristic",
        "greedy",
        "heuristic:bluff=false,challenge_threshold=0.5",
        "random:call_uno=false,catch_rate=0.3",
        "heuristic:hold_wilds=false",
        "greedy:bluff=true,challenge=true",
    ),
    "random": (
        "eager",
        "random:call_uno=false,catch_rate=0.3",
        "random",
        "eager:call_uno=false",
    ),
}
PLAYERS = (2, 3, 4, 5, 6, 7)
BLOCK = 50  # games per task
TRACE = 200_000  # actions kept per game


@dataclass(frozen=True)
class Block:
    preset: str
    table: str
    players: int
    seed: int
    start: int
    count: int


@dataclass(frozen=True)
class Compared:
    games: int
    actions: int
    differing: tuple[int, ...]  # seeds of the games that differ


def seats(table: str, players: int) -> list[str]:
    bots = TABLES[table]
    return [bots[seat % len(bots)] for seat in range(players)]


def compare(block: Block) -> Compared:
    """Play `block`'s games on both engines and compare them."""
    bots, rules = seats(block.table, block.players), Rules.preset(block.preset)
    seeds = game_seeds(block.seed, block.start, block.count)
    fast = play_games(bots, rules, seeds, trace=TRACE)
    actions = 0
    differing: list[int] = []
    for g, seed in enumerate(int(s) for s in seeds):
        record, state = play_game(bots, rules, seed)
        actions += len(record.actions)
        same = (
            fast.actions[g] <= TRACE
            and tuple(fast.actions_of(g)) == record.actions
            and list(fast.scores[g]) == list(state.scores)
        )
        if not same:
            differing.append(seed)
    return Compared(block.count, actions, tuple(differing))


def blocks(preset: str, table: str, games: int, seed: int) -> list[Block]:
    """`games` games of `preset` at `table`, the player counts taking turns block by block."""
    out = []
    for i, start in enumerate(range(0, games, BLOCK)):
        players = PLAYERS[i % len(PLAYERS)]
        count = min(BLOCK, games - start)
        out.append(Block(preset, table, players, seed + players, start, count))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per preset")
    parser.add_argument("--presets", nargs="+", default=["official", "party"])
    parser.add_argument("--tables", nargs="+", default=list(TABLES), choices=list(TABLES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    failed = False
    for table in args.tables:
        print(f"table {table}: {', '.join(TABLES[table])}, {PLAYERS} players")
    for preset in args.presets:
        for table in args.tables:
            began = time.perf_counter()
            games = actions = 0
            differing: list[int] = []
            for result in run_tasks(
                compare,
                blocks(preset, table, args.games, args.seed),
                workers=args.workers,
                description=f"{preset}, {table}: comparing",
                chunksize=1,
            ):
                games += result.games
                actions += result.actions
                differing += result.differing
            seconds = time.perf_counter() - began
            verdict = (
                "all identical" if not differing else f"{len(differing)} DIFFER: {differing[:10]}"
            )
            compared = f"{games:,} games, {actions:,} actions compared in {seconds:,.0f} s"
            print(f"{preset}, {table}: {compared}: {verdict}")
            failed = failed or bool(differing)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
