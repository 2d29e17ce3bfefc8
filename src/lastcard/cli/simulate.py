"""`lastcard simulate`: many games between the same bots, and their statistics."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from lastcard.core import LastcardError
from lastcard.sim import simulate_with_progress
from lastcard.sim.fast import choose_engine
from lastcard.words import rules_name

from .common import (
    check_bot,
    check_players,
    fail,
    output_console,
    preset_rules,
)
from .options import (
    AddressOption,
    BackendOption,
    BotOption,
    EngineOption,
    PlayersOption,
    RulesOption,
    WorkersOption,
    connect_backend,
    running_on,
)


def simulate(
    players: PlayersOption = 4,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Number of games, each played to its end.")
    ] = 100,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", min=0, help="Base seed: the same seed gives the same run."),
    ] = 0,
    rules: RulesOption = "official",
    bot: BotOption = "eager",
    engine: EngineOption = "auto",
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Play many games between bots and print games/s, turns per hand and who wins.

    Each game is played to the preset's end (500 points for the official rules). A turn is a play,
    a draw or a pass made when a turn is awaited (a draw and the play of the drawn card are one
    turn). Hand wins are shares of the hands someone went out of. The same seed gives the same
    figures with any --workers and --backend (games/s apart).
    """
    the_rules = preset_rules(rules)
    check_players(the_rules, players)
    bot = check_bot("simulate", bot, players)
    workers = workers or os.cpu_count() or 1
    try:
        chosen, why = choose_engine(engine, the_rules, [bot] * players)
    except LastcardError as error:
        raise fail(str(error)) from None
    runner = connect_backend(backend, address, workers)
    try:
        with running_on(runner):
            stats = simulate_with_progress(
                [bot] * players, the_rules, games=games, seed=seed, engine=chosen, workers=workers
            )
    except LastcardError as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise fail("stopped") from None
    console = output_console()
    title = f"{games} games · {players} {bot} players · {rules_name(the_rules)} rules · seed {seed}"
    console.print(Text(title, style="bold"))
    # Text, not markup: a reason may hold an install hint's `[extra]`.
    console.print(Text(f"engine                {chosen}" + (f" ({why})" if why else "")))
    unfinished = f" ({stats.unfinished} stopped by the action limit)" if stats.unfinished else ""
    console.print(f"games/s               {stats.games_per_second:,.1f}{unfinished}")
    console.print(f"hands                 {stats.hands:,} ({stats.blocked_hands:,} blocked)")
    console.print(f"mean turns per hand   {stats.mean_turns_per_hand:,.1f}")
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("seat", justify="right")
    table.add_column("hand wins", justify="right")
    table.add_column("game wins", justify="right")
    for seat in range(players):
        table.add_row(
            str(seat),
            f"{stats.hand_win_shares[seat]:.1%}",
            f"{stats.game_win_shares[seat]:.1%}",
        )
    console.print(table)
