"""How often a hand reaches the turn limit (RULES.md §3.11.4), per bot, preset and table size.

Every game is played to the end of its first hand, with the same bot in every seat; a hand
that reaches `turn_limit` turns ends blocked and is counted. Prints one table: for each preset
and bot, the share of hands that reached the limit at each number of players, and the longest
hand seen (in turns).

    python benchmarks/turn_limit.py --workers 2     # 100 hands per cell, a few minutes
    python benchmarks/turn_limit.py --hands 50 --bots random greedy --presets h2o
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from lastcard import Event, GameState, Rules
from lastcard.sim import play_game

BOTS = ("random", "eager", "greedy", "heuristic")
PLAYERS = (2, 4, 8, 10)


@dataclass(frozen=True)
class Cell:
    preset: str
    bot: str
    players: int
    hands: int
    seed: int


@dataclass(frozen=True)
class Tally:
    cell: Cell
    limited: int  # hands that reached the turn limit
    longest: int  # the most turns a hand lasted
    seconds: float


class _HandOver(Exception):
    """Raised from the event hook to stop a game once its first hand is over."""


def play_cell(cell: Cell) -> Tally:
    rules = Rules.preset(cell.preset)
    limited = longest = 0
    started = time.perf_counter()
    for game in range(cell.hands):
        turns = 0

        def watch(event: Event, state: GameState) -> None:
            nonlocal turns, limited
            if event.type == "turn_limit":
                limited += 1
            if event.type in ("hand_over", "game_over"):
                turns = state.hand_turns
                raise _HandOver

        with contextlib.suppress(_HandOver):
            play_game([cell.bot] * cell.players, rules, cell.seed + game, on_event=watch)
        longest = max(longest, turns)
    return Tally(cell, limited, longest, time.perf_counter() - started)


def cells(presets: Sequence[str], bots: Sequence[str], hands: int, seed: int) -> list[Cell]:
    out = []
    for preset in presets:
        for bot in bots:
            for players in PLAYERS:
                if preset == "partners" and players != 4:
                    continue  # §7.12.1: partners needs four players
                out.append(Cell(preset, bot, players, hands, seed))
    return out


def report(tallies: Sequence[Tally], limit: int | None, console: Console) -> None:
    hands = max(t.cell.hands for t in tallies)
    table = Table(title=f"Hands (of {hands} per cell) reaching the turn limit of {limit} turns")
    table.add_column("preset", no_wrap=True, min_width=13)
    table.add_column("bot")
    for players in PLAYERS:
        table.add_column(f"{players}p", justify="right")
    table.add_column("longest", justify="right")
    rows: dict[tuple[str, str], dict[int, Tally]] = {}
    for tally in tallies:
        rows.setdefault((tally.cell.preset, tally.cell.bot), {})[tally.cell.players] = tally
    for (preset, bot), by_players in rows.items():
        shown = []
        for players in PLAYERS:
            tally = by_players.get(players)
            if tally is None:
                shown.append("-")
            else:
                share = 100 * tally.limited / tally.cell.hands
                shown.append(f"{tally.limited} ({share:.0f}%)")
        longest = max(t.longest for t in by_players.values())
        table.add_row(preset, bot, *shown, f"{longest:,}")
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100, help="hands per cell (default 100)")
    parser.add_argument("--bots", nargs="+", default=list(BOTS), help="bots (default: all four)")
    parser.add_argument(
        "--presets", nargs="+", default=list(Rules.presets()), help="presets (default: all)"
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    console = Console()
    todo = cells(args.presets, args.bots, args.hands, args.seed)
    started = time.perf_counter()
    tallies: list[Tally] = []
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("hands", total=len(todo) * args.hands)
        with ProcessPoolExecutor(args.workers) as pool:
            for tally in pool.map(play_cell, todo):
                tallies.append(tally)
                progress.advance(task, tally.cell.hands)
    report(tallies, Rules().turn_limit, console)
    hands = sum(t.cell.hands for t in tallies)
    console.print(f"{hands:,} hands in {time.perf_counter() - started:.0f} s, seed {args.seed}")


if __name__ == "__main__":
    main()
