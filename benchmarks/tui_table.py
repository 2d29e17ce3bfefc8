"""How fast the `lastcard play` table redraws, measured headless.

Plays whole games at the table (Textual's headless test driver, a 160x48 screen) with the bots'
pause at its 10 ms floor; the person's seat plays its first legal action. It prints the time
of each table refresh (everything redrawn from the person's view after a transition; the first
of each game, which builds the widgets, apart), the actions per second of the whole loop, and
the process's peak memory.

    python benchmarks/tui_table.py [--games 3] [--players 4] [--bot heuristic]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from pathlib import Path

from lastcard import Rules
from lastcard.core import ActionKind
from lastcard.tui.app import PlayApp
from lastcard.tui.session import GameSession
from lastcard.tui.table import TableScreen


async def one_game(players: int, bot: str, seed: int, home: Path) -> tuple[list[float], int, float]:
    session = GameSession([bot] * (players - 1), Rules(target_score=None), seed=seed)
    app = PlayApp(
        session=session,
        bot_delay=0.0,
        settings_file=home / "settings.json",
        save_file=home / "save.json",
    )
    refreshes: list[float] = []
    original = TableScreen.refresh_table

    def timed(self: TableScreen) -> None:
        start = time.perf_counter()
        original(self)
        refreshes.append(time.perf_counter() - start)

    TableScreen.refresh_table = timed  # type: ignore[method-assign]
    try:
        start = time.perf_counter()
        async with app.run_test(size=(160, 48)) as pilot:
            table = app.table
            assert table is not None
            while not (session.hand_over or session.is_over):
                if session.human_to_act():
                    actions = session.human_actions()
                    plays = [a for a in actions if a.kind is ActionKind.PLAY]
                    table.act((plays or list(actions))[0])
                await pilot.pause(0.005)
        elapsed = time.perf_counter() - start
    finally:
        TableScreen.refresh_table = original  # type: ignore[method-assign]
    return refreshes, len(session.record().actions), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    times: list[float] = []
    firsts: list[float] = []
    actions = 0
    wall = 0.0
    with tempfile.TemporaryDirectory() as home:
        for seed in range(args.games):
            refreshes, count, elapsed = asyncio.run(
                one_game(args.players, args.bot, seed, Path(home))
            )
            times += refreshes[1:]
            firsts.append(refreshes[0])
            actions += count
            wall += elapsed
    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"{args.games} hands, {args.players} players, bots {args.bot}: {actions} actions")
    print(f"table refresh: mean {statistics.mean(ms):.2f} ms, median {statistics.median(ms):.2f}")
    print(f"               p95 {p95:.2f} ms, max {ms[-1]:.2f} ms over {len(ms)} refreshes")
    first = ", ".join(f"{t * 1000:.1f}" for t in firsts)
    print(f"first refresh of each game (builds the widgets), not counted above: {first} ms")
    print(f"whole loop incl. the 10 ms bot floor: {actions / wall:.1f} actions/s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
