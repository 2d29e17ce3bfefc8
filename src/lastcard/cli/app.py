"""The Typer application of the `lastcard` command and its root options (`--version`); the
commands are registered on it by `lastcard.cli`.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from typing import Annotated

import typer

app = typer.Typer(
    name="lastcard",
    help=(
        "lastcard: rules-exact Uno in the terminal.\n\n"
        "Play against bots, watch bots play a narrated game, replay a saved game, or simulate "
        "many games. Try: lastcard play"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        print(f"lastcard {importlib.metadata.version('lastcard')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """lastcard: rules-exact Uno in the terminal.

    Watch bots play a narrated game, replay a saved game, or simulate many games.
    Try: lastcard watch --seed 1
    """
