"""`lastcard replay`: a saved game record, told with the same narration and checked against
its digest.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from lastcard.core import (
    GameRecord,
    LastcardError,
    replay_steps,
)
from lastcard.core.record import state_digest
from lastcard.words import Narrator, game_title

from .common import (
    fail,
    output_console,
    read_file_text,
)
from .teller import Teller


def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record saved by `lastcard watch --save`.")
    ],
    delay: Annotated[
        float,
        typer.Option(
            "--delay", "-d", min=0.0, help="Seconds between lines on a terminal (0: no pauses)."
        ),
    ] = 0.0,
) -> None:
    """Tell a saved game (a GameRecord in JSON) as the same log `lastcard watch` printed.

    Every action is replayed through the engine, and the final state is checked against the
    digest in the record; the last line says whether it matched, or that the record carries
    no digest. A record that cannot be a game (a seat that is not a seat, a negative seed, an
    action that is not a code) is refused in one line naming the field.
    """
    record, names = _load_record(file)
    try:
        opening = record.open()
    except (LastcardError, TypeError) as error:
        raise fail(f"{file} is not a valid game record: {error}") from None
    console = output_console()
    console.print(game_title(record.players, record.rules, record.seed))
    teller = Teller(console, Narrator(record.players, record.rules, names), delay)
    state = opening.state
    for event in opening.events:
        teller(event, state)
    done = 0
    try:
        for _, _, transition in replay_steps(record):
            done += 1
            state = transition.state
            for event in transition.events:
                teller(event, state)
    except (LastcardError, ValueError) as error:
        seat, code = record.actions[done]
        raise fail(
            f"{file} does not replay: action {done + 1} (seat {seat}: {code!r}) was rejected: "
            f"{error}"
        ) from None
    except KeyboardInterrupt:
        console.print(Text("\nStopped.", style="dim"))
        raise typer.Exit(130) from None
    replayed = f"Replayed {done:,} action{'' if done == 1 else 's'}"
    if record.digest is not None and state_digest(state) != record.digest:
        raise fail(
            f"{file} replays to a different final state than it recorded "
            f"({replayed.lower()}; the digest does not match)"
        )
    if not state.is_over:
        console.print(Text("\nThe record ends here, before the end of the game.", style="dim"))
    if record.digest is None:
        checked = "the record has no digest, so the final state was not checked."
    else:
        checked = "the final state matches the record's digest."
    console.print(Text(f"\n{replayed}; {checked}", style="dim"))


def _load_record(file: Path) -> tuple[GameRecord, list[str] | None]:
    """The record in `file` and the players' names when it carries them: a bare `GameRecord`'s
    JSON, or a web table's proof bundle (the download `lastcard verify` checks), whose record
    is replayed the same way."""
    from lastcard.server.fairness import named_record_from_json  # standard library and core only

    text = read_file_text(file)
    try:
        return named_record_from_json(text)
    except KeyError as error:
        raise fail(f"{file} is not a valid game record: missing {error}") from None
    except (LastcardError, TypeError, ValueError, json.JSONDecodeError) as error:
        raise fail(f"{file} is not a valid game record: {error}") from None
