"""The `lastcard` command: thin, it parses options and dispatches to the layers (DESIGN.md §1).

    lastcard watch      a seeded game between bots, narrated hand by hand to the final scores
    lastcard replay     a saved game record, told with the same narration
    lastcard simulate   many games between bots, and their statistics

User errors (an unknown preset, an unreadable record, a bad number) end with a short message
and a non-zero exit status, never a traceback: 2 for a bad option (with the usage line), 1 for
anything else.
"""

from __future__ import annotations

import importlib.metadata
import json
import secrets
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lastcard.bots import bot_names
from lastcard.core import Event, GameRecord, GameState, LastcardError, Rules, replay_steps
from lastcard.core.record import state_digest
from lastcard.narration import Narrator, game_title, rules_name
from lastcard.sim import play_game, simulate_with_progress

app = typer.Typer(
    name="lastcard",
    help=(
        "lastcard: rules-exact Uno in the terminal.\n\n"
        "Watch bots play a narrated game, replay a saved game, or simulate many games. "
        "Try: lastcard watch --seed 1"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

# One line per preset for the help; a preset added to the engine later is listed without one.
PRESET_HELP = {
    "official": "the official rules, first to 500 points",
    "official-2018": "official rules with the 2018 deck (Shuffle Hands, Customizable wilds)",
    "party": "stacking Draw Twos, Seven-O and Jump-In",
    "elimination": "players reaching 500 points are out; the last one left wins",
    "partners": "two teams of partners sitting opposite (4 players)",
    "h2o": "adds Wild Downpour cards: everyone else draws 1 or 2",
}

BOT_HELP = {
    "eager": "random plays; draws only when it cannot play",
    "random": "uniform over every legal action, voluntary draws included (far longer hands)",
}


def _choices(names: Iterable[str], described: dict[str, str]) -> str:
    return "; ".join(f"{n}: {described[n]}" if n in described else n for n in names)


def _rules(name: str) -> Rules:
    if name not in Rules.presets():
        raise typer.BadParameter(
            f"unknown rules preset {name!r}; choose from {', '.join(Rules.presets())}",
            param_hint="'--rules'",
        )
    return Rules.preset(name)


def _check_bot(name: str) -> None:
    if name not in bot_names():
        raise typer.BadParameter(
            f"unknown bot {name!r}; choose from {', '.join(bot_names())}", param_hint="'--bot'"
        )


def _fail(message: str) -> typer.Exit:
    """Print `error: message` on stderr; the caller raises the returned `Exit(1)`."""
    console = Console(stderr=True, highlight=False, soft_wrap=True)
    console.print(Text("error: ", style="bold red") + message)
    return typer.Exit(1)


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


# -- options shared by the commands ----------------------------------------------------------

PlayersOption = Annotated[
    int, typer.Option("--players", "-p", min=2, max=10, help="Number of players, 2 to 10.")
]
RulesOption = Annotated[
    str,
    typer.Option(
        "--rules",
        "-r",
        metavar="PRESET",
        help="House rules preset. " + _choices(Rules.presets(), PRESET_HELP) + ".",
    ),
]
BotOption = Annotated[
    str,
    typer.Option(
        "--bot", "-b", metavar="BOT", help="The players. " + _choices(bot_names(), BOT_HELP) + "."
    ),
]


# -- narration -------------------------------------------------------------------------------


class _Teller:
    """Prints each event's lines, pausing `delay` seconds between lines on a terminal."""

    def __init__(self, console: Console, narrator: Narrator, delay: float) -> None:
        self.console = console
        self.narrator = narrator
        self.pause = delay if console.is_terminal else 0.0
        self._state: GameState | None = None

    def __call__(self, event: Event, state: GameState) -> None:
        """Tell `event`, which led to `state` (the state after its transition)."""
        if state is not self._state:  # a new transition: counts as they were after the last
            if self._state is not None:
                self.narrator.sync(self._state)
            self._state = state
        for line in self.narrator.lines(event):
            self.console.print(line)
            if self.pause:
                time.sleep(self.pause)
        if self.pause and event.type == "hand_over":
            time.sleep(self.pause * 25)  # a breath between hands


def _console() -> Console:
    """Standard output; lines are wrapped on a terminal only, so saved logs keep one per line."""
    console = Console(highlight=False)
    console.soft_wrap = not console.is_terminal
    return console


def _check_players(rules: Rules, players: int) -> None:
    try:
        rules.check_players(players)
    except LastcardError as error:  # a preset that needs another number of players, say
        raise _fail(str(error)) from None


# -- commands --------------------------------------------------------------------------------


@app.command()
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
    the_rules = _rules(rules)
    _check_bot(bot)
    _check_players(the_rules, players)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console = _console()
    console.print(game_title(players, the_rules, seed))
    teller = _Teller(console, Narrator(players, the_rules), delay)
    try:
        record, state = play_game([bot] * players, the_rules, seed, on_event=teller)
    except LastcardError as error:  # a preset that needs another number of players, say
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        console.print(Text("\nStopped.", style="dim"))
        raise typer.Exit(130) from None
    if not state.is_over:
        console.print(Text("The game hit the action limit before its end.", style="bold red"))
    again = f"lastcard watch -p {players} -s {seed} -r {rules} -b {bot}"
    console.print(Text(f"\nWatch this game again: {again}", style="dim"))
    if save is not None:
        try:
            save.write_text(record.to_json() + "\n", encoding="utf-8")
        except OSError as error:
            raise _fail(f"cannot write {save}: {error.strerror or error}") from None
        console.print(Text(f"Saved to {save}: lastcard replay {save}", style="dim"))


@app.command()
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
    digest in the record.
    """
    record = _load_record(file)
    try:
        opening = record.open()
    except (LastcardError, TypeError) as error:
        raise _fail(f"{file} is not a valid game record: {error}") from None
    console = _console()
    console.print(game_title(record.players, record.rules, record.seed))
    teller = _Teller(console, Narrator(record.players, record.rules), delay)
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
        raise _fail(
            f"{file} does not replay: action {done + 1} (seat {seat}: {code!r}) was rejected: "
            f"{error}"
        ) from None
    except KeyboardInterrupt:
        console.print(Text("\nStopped.", style="dim"))
        raise typer.Exit(130) from None
    if record.digest is not None and state_digest(state) != record.digest:
        raise _fail(f"{file} replays to a different final state than it recorded")
    if not state.is_over:
        console.print(Text("\nThe record ends here, before the end of the game.", style="dim"))


def _load_record(file: Path) -> GameRecord:
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(f"no such file: {file}") from None
    except IsADirectoryError:
        raise _fail(f"{file} is a directory, not a game record") from None
    except OSError as error:
        raise _fail(f"cannot read {file}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise _fail(f"{file} is not a valid game record: it is not text") from None
    try:
        return GameRecord.from_json(text)
    except KeyError as error:
        raise _fail(f"{file} is not a valid game record: missing {error}") from None
    except (LastcardError, TypeError, ValueError, json.JSONDecodeError) as error:
        raise _fail(f"{file} is not a valid game record: {error}") from None


@app.command()
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
) -> None:
    """Play many games between bots and print games/s, turns per hand and who wins.

    Each game is played to the preset's end (500 points for the official rules). A turn is a play,
    a draw or a pass made when a turn is awaited (a draw and the play of the drawn card are one
    turn). Hand wins are shares of the hands someone went out of.
    """
    the_rules = _rules(rules)
    _check_bot(bot)
    _check_players(the_rules, players)
    try:
        stats = simulate_with_progress([bot] * players, the_rules, games=games, seed=seed)
    except LastcardError as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        raise _fail("stopped") from None
    console = _console()
    title = f"{games} games · {players} {bot} players · {rules_name(the_rules)} rules · seed {seed}"
    console.print(Text(title, style="bold"))
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


def main() -> None:
    """The `lastcard` console script."""
    app(prog_name="lastcard")
