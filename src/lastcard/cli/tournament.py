"""`lastcard tournament`: games between different bots, seats and neighbours balanced, with
its report and plots.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lastcard.analysis.tournament import write_report
from lastcard.bots import bot_names, make_bot
from lastcard.core import LastcardError
from lastcard.sim import DEFAULT_MAX_ACTIONS
from lastcard.sim.tournament import (
    TournamentResult,
    balanced_games,
    check_config,
    run_tournament,
    split_bot_list,
)

from .common import (
    fail,
    output_console,
    preset_rules,
    require,
    usage_fail,
)
from .options import (
    AddressOption,
    BackendOption,
    EngineOption,
    RulesOption,
    WorkersOption,
    connect_backend,
    running_on,
)


def tournament(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            metavar="BOTS",
            help="The bots, one per seat, separated by commas: heuristic,greedy,random,random. "
            "A bot may carry options: heuristic:bluff=false. A bot listed twice plays two seats. "
            "The bots: " + ", ".join(bot_names()) + ".",
        ),
    ] = "heuristic,greedy,random,random",
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help="Number of games (rounded up to a multiple of the seating design's length: "
            "every bot in every seat, and after every other bot, equally often). A game is one "
            "hand unless --matches.",
        ),
    ] = 1000,
    rules: RulesOption = "official",
    seed: Annotated[
        int,
        typer.Option(
            "--seed", "-s", min=0, help="Base seed: the same seed gives the same results."
        ),
    ] = 0,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            metavar="DIR",
            help="Directory for results.json, results.csv, report.md and the plots.",
        ),
    ] = Path("tournament"),
    matches: Annotated[
        bool,
        typer.Option(
            "--matches", help="Play whole games to the target score instead of single hands."
        ),
    ] = False,
    keep_records: Annotated[
        bool,
        typer.Option(
            "--keep-records",
            help="Also write every game's record to DIR/records.jsonl (one JSON object a line).",
        ),
    ] = False,
    plots: Annotated[
        bool, typer.Option("--plots/--no-plots", help="Draw the PNG plots (needs matplotlib).")
    ] = True,
    max_actions: Annotated[
        int,
        typer.Option(
            "--max-actions", min=1, help="Stop a game after this many actions (a safety net)."
        ),
    ] = DEFAULT_MAX_ACTIONS,
    engine: EngineOption = "auto",
) -> None:
    """Play a tournament between bots, seats balanced, and write a report with plots.

    Game g takes seating g of a balanced design (every seating for up to 4 bots, else a
    Williams-style cyclic design), so every bot plays every seat, and follows every other bot,
    equally often; each game is dealt from a seed derived from --seed and g, so any --workers
    gives the same results. Writes results.json, results.csv, report.md and PNG plots (win rate
    per bot with 95% confidence intervals, points per hand, game lengths, win rate by position)
    to --out.
    Memory stays bounded for any --games: results are aggregated as they arrive.
    """
    the_rules = preset_rules(rules)
    specs = split_bot_list(bots)
    if not 2 <= len(specs) <= 10:
        raise typer.BadParameter(
            f"give 2 to 10 bots (one per seat), not {len(specs)}; the bots are "
            f"{', '.join(bot_names())}",
            param_hint="'--bots'",
        )
    for spec in specs:
        try:
            make_bot(spec, 0)
        except ValueError as error:  # an unknown bot or a bad option: one line with the choices
            raise usage_fail(f"--bots {spec}: {error}") from None
    mode = "matches" if matches else "hands"
    try:
        check_config(specs, the_rules, mode)
    except LastcardError as error:  # the preset needs another number of players, say
        raise typer.BadParameter(
            f"{error} ({len(specs)} bots given)", param_hint="'--rules' / '--bots'"
        ) from None
    if out.exists() and not out.is_dir():
        raise typer.BadParameter(f"{out} exists and is not a directory", param_hint="'--out'")
    workers = workers or os.cpu_count() or 1
    command = _tournament_command(specs, games, rules, seed, workers, out, matches, keep_records)
    require("tournament", "openskill")  # the ratings
    if plots:
        require("tournament", "matplotlib", hint=" (or --no-plots)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise fail(f"cannot create {out}: {error.strerror or error}") from None
    err = Console(stderr=True, highlight=False)
    n = len(specs)
    balanced = balanced_games(games, n)
    if balanced != games:
        err.print(
            Text(
                f"note: {games} games rounded up to {balanced}, so that every bot plays every "
                "seat, and follows every other bot, equally often",
                style="dim",
            )
        )
    runner = connect_backend(backend, address, workers)
    try:
        with running_on(runner):
            result = run_tournament(
                specs,
                games=games,
                rules=the_rules,
                rules_name=rules,
                mode=mode,
                seed=seed,
                workers=workers,
                records_path=out / "records.jsonl" if keep_records else None,
                max_actions=max_actions,
                command=command,
                engine=engine,
            )
        written = write_report(result, out, plots=plots)
    except LastcardError as error:
        raise fail(str(error)) from None
    except OSError as error:
        raise fail(f"cannot write to {out}: {error.strerror or error}") from None
    except KeyboardInterrupt:
        raise fail("stopped") from None
    _print_tournament(result, written)


def _tournament_command(
    specs: list[str],
    games: int,
    rules: str,
    seed: int,
    workers: int,
    out: Path,
    matches: bool,
    keep_records: bool,
) -> str:
    """The command line that repeats this tournament, every option spelled out."""
    words = ["lastcard", "tournament", "--bots", ",".join(specs), "--games", str(games)]
    words += ["--rules", rules, "--seed", str(seed), "--workers", str(workers), "--out", str(out)]
    if matches:
        words.append("--matches")
    if keep_records:
        words.append("--keep-records")
    return shlex.join(words)


def _print_tournament(result: TournamentResult, written: list[Path]) -> None:
    console = output_console()
    config = result.config
    unit = "hands" if config.mode == "hands" else "games"
    console.print(
        Text(
            f"{result.games:,} {unit} · {', '.join(config.bots)} · {config.rules_name} rules · "
            f"seed {config.seed} · {result.seconds:,.1f} s ({result.games_per_second:,.1f}/s)",
            style="bold",
        )
    )
    console.print(Text(f"engine  {result.engine_line}"))
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("bot", "seats", "win rate", "95% CI", "points/hand", "left in hand", "rating"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot in result.ranked():
        lo, hi = bot.win_ci
        rating = " / ".join(f"{r['mu']:.1f}" for r in bot.ratings)
        table.add_row(
            bot.name if bot.entries == 1 else f"{bot.name} ×{bot.entries}",
            f"{bot.seats_played:,}",
            f"{bot.win_rate:.1%}",
            f"{lo * 100:.1f}–{hi * 100:.1f}%",
            f"{bot.points.mean:.1f}",
            f"{bot.left.mean:.1f}",
            rating,
        )
    console.print(table)
    if result.unfinished:
        console.print(f"{result.unfinished:,} games stopped by the action limit")
    console.print(Text("Wrote " + ", ".join(str(p) for p in written), style="dim"))
