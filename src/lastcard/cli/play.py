"""`lastcard play`: a game against bots in the terminal, full screen or line by line."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from .common import require


def play(
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            min=0,
            help="Deal a new game with this seed at once (with the last new game's settings): "
            "the same seed gives the same deal. An unfinished saved game is kept aside, under "
            "a name said on screen.",
        ),
    ] = None,
    new: Annotated[
        bool, typer.Option("--new", help="Start a new game even if one was saved.")
    ] = False,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            "-d",
            min=0.0,
            help="Seconds each bot waits before it moves, so you can follow (default 0.8).",
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Play line by line: each event a sentence, each decision a question answered "
            "with a number or an action code. For screen readers, dumb terminals and slow "
            "links; chosen by itself when standard input or output is not a terminal or "
            "TERM=dumb.",
        ),
    ] = False,
) -> None:
    """Play Uno against bots in the terminal: keyboard or mouse, house rules, save and resume.

    The new-game screen chooses the players, each bot's level and the rules, and remembers them.
    A game left unfinished is saved and offered again next time. Press ? at the table for the
    rules and the keys. With --plain (or without a full-screen terminal) the same game is
    played line by line, and resumes the same saved game.
    """
    if plain:
        raise typer.Exit(_play_plain(seed, new, delay))
    require("play", "textual", hint=" (or run make play; or play line by line: --plain)")
    from lastcard.tui.plain_io import full_screen_available

    if not full_screen_available():
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            "no full-screen terminal here (standard input or output is not a terminal, or "
            "TERM=dumb): playing line by line, as --plain does",
            style="dim",
        )
        raise typer.Exit(_play_plain(seed, new, delay))
    from lastcard.tui.app import PlayApp

    PlayApp(seed=seed, new=new, bot_delay=delay).run()


def _play_plain(seed: int | None, new: bool, delay: float | None) -> int:
    """`lastcard play --plain`, without Textual; its exit status."""
    require("play --plain", "platformdirs")  # where games are saved
    from lastcard.tui.plain import run_plain

    return run_plain(seed=seed, new=new, bot_delay=delay)
