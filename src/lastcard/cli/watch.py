"""`lastcard watch`: a seeded game between bots, narrated to the final scores."""

from __future__ import annotations

import secrets
import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from lastcard.core import LastcardError
from lastcard.sim import play_game
from lastcard.words import Narrator, game_title

from .common import (
    check_bot,
    check_players,
    fail,
    output_console,
    preset_rules,
)
from .options import (
    BotOption,
    PlayersOption,
    RulesOption,
)
from .teller import Teller


def watch(
    players: PlayersOption = 4,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            min=0,
            help="Seed of the deal and the bots: the same seed gives the same game. "
            "Default: a random seed, printed.",
        ),
    ] = None,
    rules: RulesOption = "official",
    bot: BotOption = "eager",
    delay: Annotated[
        float,
        typer.Option(
            "--delay", "-d", min=0.0, help="Seconds between lines on a terminal (0: no pauses)."
        ),
    ] = 0.02,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", metavar="FILE", help="Write the game's record (JSON) to FILE for replay."
        ),
    ] = None,
) -> None:
    """Watch a game between bots, narrated hand by hand to the final scores.

    Cards are their letters in their colours, so the story reads without colour too: R5 is the
    red 5, GS the green Skip, BR the blue Reverse, Y+2 the yellow Draw Two, W a Wild and W+4 a
    Wild Draw Four; a Wild played as green reads W:g.
    """
    the_rules = preset_rules(rules)
    check_players(the_rules, players)
    bot = check_bot("watch", bot, players)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console = output_console()
    console.print(game_title(players, the_rules, seed))
    teller = Teller(console, Narrator(players, the_rules), delay)
    try:
        record, state = play_game([bot] * players, the_rules, seed, on_event=teller)
    except LastcardError as error:  # a preset that needs another number of players, say
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        console.print(Text("\nStopped.", style="dim"))
        raise typer.Exit(130) from None
    if not state.is_over:
        console.print(Text("The game hit the action limit before its end.", style="bold red"))
    again = shlex.join(["lastcard", "watch", "-p", f"{players}", "-s", f"{seed}", "-r", rules])
    again += " -b " + shlex.quote(bot)
    console.print(Text(f"\nWatch this game again: {again}", style="dim"))
    if save is not None:
        try:
            save.write_text(record.to_json() + "\n", encoding="utf-8")
        except OSError as error:
            raise fail(f"cannot write {save}: {error.strerror or error}") from None
        console.print(Text(f"Saved to {save}: lastcard replay {save}", style="dim"))
