"""`lastcard study`: the strategy questions, answered in a report with plots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from lastcard.analysis.study import parse_players, run_study
from lastcard.core import LastcardError
from lastcard.sim.study import (
    DEFAULT_GAMES,
    DEFAULT_SEAT_HANDS,
    DEFAULT_WORKERS,
    QUICK_GAMES,
    QUICK_SEAT_HANDS,
    reference_fallback,
)

from .common import (
    fail,
    output_console,
    require,
)
from .options import (
    AddressOption,
    BackendOption,
    EngineOption,
    connect_backend,
    running_on,
)


def study(
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Folder for study.md, study.json and the PNG plots."),
    ] = Path("study"),
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help=f"Hands per ladder cell (default {DEFAULT_GAMES:,}).",
        ),
    ] = None,
    seat_hands: Annotated[
        int | None,
        typer.Option(
            "--seat-hands",
            min=1,
            help=f"Hands per first-seat cell (each player count) and per habit cell "
            f"(default {DEFAULT_SEAT_HANDS:,}).",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", min=0, help="Base seed: the same seed gives the same study."),
    ] = 1,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            min=1,
            help="Processes to play on; with --backend ray, the CPUs of the cluster started "
            "for the run (a cluster at --address uses all of its CPUs). The figures do not "
            "depend on it.",
        ),
    ] = DEFAULT_WORKERS,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            metavar="COUNTS",
            help="Player counts for the first-seat and hand-length questions: 2-10, or 2,4,6.",
        ),
    ] = "2-10",
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help=f"A smoke run: {QUICK_GAMES} hands per cell, {QUICK_SEAT_HANDS:,} per seat cell.",
        ),
    ] = False,
    backend: BackendOption = "local",
    address: AddressOption = None,
    engine: EngineOption = "auto",
) -> None:
    """Measure first-seat advantage, hand length, bluffing, challenging and the bot ladder.

    Single hands of the official rules between bots. Writes study.md (methods, seeds, the
    command, tables with 95% intervals and p-values, readings), study.json (every figure) and
    PNG plots into --out. The same seed gives the same study with any --workers and either
    engine; the default (about a minute on 2 cores with the compiled simulator) plays a million
    hands per player count for the first-seat question.
    """
    try:
        counts = parse_players(players)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="'--players'") from None
    require("study", "matplotlib")  # the plots; before the games
    fallback = None if quick else reference_fallback(engine)
    if fallback is not None:
        # Said before hours of work, not after: the same study, on the slow engine.
        Console(stderr=True, highlight=False).print(
            Text(
                f"note: the reference engine plays this study ({fallback}), hundreds of "
                "times slower than the compiled simulator: the default study takes hours "
                "instead of about a minute (--seat-hands and --games make it smaller)",
                style="bold",
            )
        )
    runner = connect_backend(backend, address, workers)
    try:
        with running_on(runner):
            report = run_study(
                out,
                games=QUICK_GAMES if quick else games,
                seed=seed,
                workers=workers,
                players=counts,
                seat_hands=QUICK_SEAT_HANDS if quick else seat_hands,
                engine=engine,
            )
    except LastcardError as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise fail("stopped") from None
    except OSError as error:
        raise fail(f"cannot write the study into {out}: {error}") from None
    output_console().print(f"wrote {report} (with study.json and the plots beside it)")
