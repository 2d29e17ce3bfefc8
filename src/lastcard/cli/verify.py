"""`lastcard verify`: the check of a web game's fair-dealing proof (docs/SERVER.md §6)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from lastcard.core import LastcardError

from .common import (
    fail,
    output_console,
    read_file_text,
)


def verify(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A finished web game's record with its proof, as the table's page downloads "
            "it (/api/games/ID/record).",
        ),
    ],
    client_seed: Annotated[
        str | None,
        typer.Option(
            metavar="HEX",
            help="The seed your browser gave when you were ready (32 hex digits): checked to be "
            "among the game's seeds.",
        ),
    ] = None,
    commitment: Annotated[
        str | None,
        typer.Option(
            metavar="HEX",
            help="The commitment you were shown before you were ready (64 hex digits): checked "
            "to be the game's.",
        ),
    ] = None,
) -> None:
    """Check that a web table dealt a game fairly (docs/SERVER.md §6).

    Checks that the server seed revealed after the game is the one it committed to before the
    deal; that it and the players' own seeds give the game's seed; that the game replays
    through the rules engine, every action legal, to its recorded end; and that every card
    dealt, drawn and reshuffled follows from that seed: the order of the cards was fixed before
    the deal and not changed during the game.

    With --client-seed and --commitment, what you kept yourself is checked too: that your seed
    was used and the commitment is the one you were shown, which the server cannot fake.

    It does not prove that the server kept the hands secret during play: the server sees every
    hand. Exit status: 0 verified, 1 a mismatch, 2 a file that cannot be read as a proof (or a
    seed or commitment that is not hex of its length).
    """
    from lastcard.server.fairness import verify_text  # standard library and core only
    from lastcard.server.protocol import CLIENT_SEED, COMMITMENT

    for value, pattern, option in (
        (client_seed, CLIENT_SEED, "--client-seed: 32"),
        (commitment, COMMITMENT, "--commitment: 64"),
    ):
        if value is not None and not pattern.fullmatch(value.strip().lower()):
            fail(f"{option} hexadecimal digits, not {value!r}")
            raise typer.Exit(2)
    text = read_file_text(file, status=2)
    try:
        report = verify_text(
            text,
            client_seed=client_seed.strip().lower() if client_seed else None,
            commitment=commitment.strip().lower() if commitment else None,
        )
    except LastcardError as error:
        fail(f"{file} is not a game's proof: {error}")
        raise typer.Exit(2) from None
    console = output_console()
    for check in report.checks:
        mark, word, style = ("✓", "passed", "green") if check.ok else ("✗", "FAILED", "bold red")
        line = Text(f"{mark} {word}", style=style) + f"  {check.name}: {check.detail}"
        console.print(line)
    failed = [check.name for check in report.checks if not check.ok]
    if failed:
        count = f"{len(failed)} of {len(report.checks)} checks failed"
        console.print(Text(f"\nMismatch: {count} ({', '.join(failed)}).", style="bold red"))
        raise typer.Exit(1)
    if client_seed:
        verdict = "Verified, with your seed: the game was dealt from the committed seed and yours."
    else:
        verdict = "Verified: the game was dealt from the committed seed."
    console.print(Text("\n" + verdict, style="bold"))
