"""The `lastcard` command: thin, it parses options and dispatches to the layers (DESIGN.md §1).

    lastcard play       play Uno against bots in the terminal (Textual)
    lastcard watch      a seeded game between bots, narrated hand by hand to the final scores
    lastcard replay     a saved game record, told with the same narration
    lastcard verify     check a web game's fair-dealing proof
    lastcard simulate   many games between bots, and their statistics
    lastcard tournament games between different bots, seats and neighbours balanced, with a report
    lastcard study      the strategy questions, answered in a report with plots
    lastcard serve      tables in the browser
    lastcard bots       the bots and the options each one takes

User errors (an unknown preset, an unreadable record, a bad number) end with a short message
and a non-zero exit status, never a traceback: 2 for a bad option (with the usage line; a bad
bot name or bot option is one line listing what the bot takes), 1 for anything else. A command
that needs an optional extra (plots, the terminal UI, the server) checks for it before doing
any work and names the command that installs it.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import secrets
import shlex
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lastcard.bots import bot_names, bot_options, bot_summary, make_bot
from lastcard.core import (
    Event,
    EventType,
    GameRecord,
    GameState,
    LastcardError,
    Rules,
    replay_steps,
)
from lastcard.core.record import state_digest
from lastcard.sim import DEFAULT_MAX_ACTIONS, play_game, simulate_with_progress
from lastcard.sim.fast import choose_engine
from lastcard.sim.fast.support import POLICIES
from lastcard.sim.parallel import (
    BACKENDS,
    Backend,
    BackendError,
    LocalBackend,
    RayBackend,
    set_default_backend,
)
from lastcard.sim.report import write_report
from lastcard.sim.study import (
    DEFAULT_GAMES,
    DEFAULT_SEAT_HANDS,
    DEFAULT_WORKERS,
    QUICK_GAMES,
    QUICK_SEAT_HANDS,
    parse_players,
    reference_fallback,
    run_study,
)
from lastcard.sim.tournament import (
    TournamentResult,
    balanced_games,
    check_config,
    run_tournament,
    split_bot_list,
)
from lastcard.words import PRESET_HELP, Narrator, game_title, rules_name

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

# The optional extras (pyproject.toml) and the modules of each that the commands import. The
# rest (textual, numba, matplotlib, openskill, ...) comes with every install: `_require`.
EXTRAS = {
    "server": ("starlette", "uvicorn", "platformdirs"),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
}


def _choices(names: Iterable[str], described: dict[str, str]) -> str:
    return "; ".join(f"{n}: {described[n]}" if n in described else n for n in names)


def _bot_choices() -> str:
    """Every registered bot with what it does, for the help of `--bot`."""
    described = {name: bot_summary(name) for name in bot_names() if name != "ppo"}
    return _choices(described, described)


def _require_extra(
    command: str, extra: str, modules: Iterable[str] | None = None, hint: str = ""
) -> None:
    """Exit at once, with one line naming what installs it, when a module of `extra` that
    `command` needs cannot be imported: before any work rather than a traceback after it."""
    for module in EXTRAS[extra] if modules is None else modules:
        try:
            importlib.import_module(module)
        except ImportError:
            raise _fail(
                f"lastcard {command} needs the {extra} extra ({module} is not installed): "
                f"pip install 'lastcard[{extra}]'{hint}"
            ) from None


def _require(command: str, module: str, hint: str = "") -> None:
    """Exit at once, with the command that installs it, when `module`, which every install of
    lastcard brings (its distribution has the module's name), cannot be imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        raise _fail(
            f"lastcard {command} needs {module}, which is not installed: pip install {module}{hint}"
        ) from None


def _rules(name: str) -> Rules:
    if name not in Rules.presets():
        raise typer.BadParameter(
            f"unknown rules preset {name!r}; choose from {', '.join(Rules.presets())}",
            param_hint="'--rules'",
        )
    return Rules.preset(name)


def _check_bot(command: str, name: str, players: int) -> str:
    """`name` (a bot, with options: `ismcts:seconds=0.2`) as `play_game` takes it, once a bot
    was built from it, so an unknown bot or a bad option is one line before the game.
    `ppo:FILE` (or `ppo:path=FILE`), a trained policy, is read now too."""
    if name.partition(":")[0].strip() == "ppo":
        return _policy_bot(command, name, players)
    try:
        make_bot(name, 0)
    except ValueError as error:  # an unknown bot, a bad option: the message lists the choices
        message = str(error)
        if message.startswith("unknown bot"):
            message += ", or ppo:FILE"
        raise _usage_fail(f"--bot {name}: {message}") from None
    return name.strip()


def _usage_fail(message: str) -> typer.Exit:
    """`error: message` on one line on stderr; the caller raises the returned `Exit(2)`, the
    status of a bad option."""
    _fail(message)
    return typer.Exit(2)


def _policy_bot(command: str, spec: str, players: int) -> str:
    _require_extra(command, "rl", hint=" (for --bot ppo)")
    from lastcard.rl import PolicyBot  # registers `ppo`; the rl extra, no torch

    rest = spec.partition(":")[2]
    if not rest:
        raise typer.BadParameter("give the policy file: ppo:FILE", param_hint="'--bot'")
    if "=" not in rest:
        spec = f"ppo:path={rest}"
    try:
        bot = make_bot(spec, 0)
    except ValueError as error:  # an unreadable or malformed file, a bad option
        raise _fail(str(error)) from None
    if isinstance(bot, PolicyBot) and bot.policy.players != players:
        trained = bot.policy.players
        raise _fail(f"the policy plays {trained}-player games: add --players {trained}")
    return spec


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
WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers",
        "-w",
        min=0,
        help="Worker processes (0: one per CPU); with --backend ray, the CPUs of the "
        "cluster started for the run (a cluster at --address uses all of its CPUs). "
        "Results do not depend on it.",
    ),
]
EngineOption = Annotated[
    str,
    typer.Option(
        "--engine",
        "-e",
        metavar="ENGINE",
        help="auto: the compiled simulator when it covers the rules and every bot ("
        + ", ".join(POLICIES[:-1])
        + f" and {POLICIES[-1]}; not the 2018 deck, Wild Downpour, elimination, teams or "
        "alternative scoring), else the reference engine; fast: the compiled one or an "
        "error; reference: the reference engine. Both play the same games for the same seed.",
    ),
]
BotOption = Annotated[
    str,
    typer.Option(
        "--bot",
        "-b",
        metavar="BOT",
        help="The bot in every seat. "
        + _bot_choices()
        + ". A bot may carry options (heuristic:bluff=false, ismcts:seconds=0.5): "
        "`lastcard bots` lists them.",
    ),
]


BackendOption = Annotated[
    str,
    typer.Option(
        "--backend",
        metavar="BACKEND",
        help="Where the games run. local: processes on this machine. ray: a Ray cluster, the "
        "one at --address or else one started on this machine for the run (needs the ray "
        "extra). The results are the same on either.",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDR",
        help="HOST:PORT of a Ray cluster's head (ray start --head prints it; port 6379 by "
        "default) to run on, with --backend ray.",
    ),
]


def _backend(name: str, address: str | None, workers: int) -> Backend:
    """The backend `--backend NAME --address ADDR` asks for, connected now: a missing Ray or
    an unreachable cluster is one line before any work."""
    if name not in BACKENDS:
        raise typer.BadParameter(
            f"unknown backend {name!r}; choose from {', '.join(BACKENDS)}",
            param_hint="'--backend'",
        )
    if address is not None and name != "ray":
        raise typer.BadParameter("--address needs --backend ray", param_hint="'--address'")
    if name == "local":
        return LocalBackend()
    backend = RayBackend(address, num_cpus=workers)
    try:
        backend.connect()
    except BackendError as error:
        raise _fail(str(error)) from None
    return backend


@contextmanager
def _running_on(backend: Backend) -> Iterator[None]:
    """Make `backend` the one every `run_tasks` uses for the command, then put the previous one
    back and release it (a Ray cluster started for the run is shut down)."""
    previous = set_default_backend(backend)
    try:
        yield
    except BackendError as error:  # the cluster failed during the run
        raise _fail(str(error)) from None
    finally:
        set_default_backend(previous)
        backend.close()


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
        if self.pause and event.type == EventType.HAND_OVER:
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
    _require("play", "textual", hint=" (or run make play; or play line by line: --plain)")
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
    _require("play --plain", "platformdirs")  # where games are saved
    from lastcard.tui.plain import run_plain

    return run_plain(seed=seed, new=new, bot_delay=delay)


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
    _check_players(the_rules, players)
    bot = _check_bot("watch", bot, players)
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
    again = shlex.join(["lastcard", "watch", "-p", f"{players}", "-s", f"{seed}", "-r", rules])
    again += " -b " + shlex.quote(bot)
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
    digest in the record; the last line says whether it matched, or that the record carries
    no digest. A record that cannot be a game (a seat that is not a seat, a negative seed, an
    action that is not a code) is refused in one line naming the field.
    """
    record, names = _load_record(file)
    try:
        opening = record.open()
    except (LastcardError, TypeError) as error:
        raise _fail(f"{file} is not a valid game record: {error}") from None
    console = _console()
    console.print(game_title(record.players, record.rules, record.seed))
    teller = _Teller(console, Narrator(record.players, record.rules, names), delay)
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
    replayed = f"Replayed {done:,} action{'' if done == 1 else 's'}"
    if record.digest is not None and state_digest(state) != record.digest:
        raise _fail(
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

    text = _file_text(file)
    try:
        return named_record_from_json(text)
    except KeyError as error:
        raise _fail(f"{file} is not a valid game record: missing {error}") from None
    except (LastcardError, TypeError, ValueError, json.JSONDecodeError) as error:
        raise _fail(f"{file} is not a valid game record: {error}") from None


def _file_text(file: Path, status: int = 1) -> str:
    """The text of `file`, or a one-line error and the exit `status`."""
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        problem = f"no such file: {file}"
    except IsADirectoryError:
        problem = f"{file} is a directory, not a game record"
    except OSError as error:
        problem = f"cannot read {file}: {error.strerror or error}"
    except UnicodeDecodeError:
        problem = f"{file} is not a valid game record: it is not text"
    _fail(problem)
    raise typer.Exit(status)


@app.command()
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
            _fail(f"{option} hexadecimal digits, not {value!r}")
            raise typer.Exit(2)
    text = _file_text(file, status=2)
    try:
        report = verify_text(
            text,
            client_seed=client_seed.strip().lower() if client_seed else None,
            commitment=commitment.strip().lower() if commitment else None,
        )
    except LastcardError as error:
        _fail(f"{file} is not a game's proof: {error}")
        raise typer.Exit(2) from None
    console = _console()
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
    the_rules = _rules(rules)
    _check_players(the_rules, players)
    bot = _check_bot("simulate", bot, players)
    workers = workers or os.cpu_count() or 1
    try:
        chosen, why = choose_engine(engine, the_rules, [bot] * players)
    except LastcardError as error:
        raise _fail(str(error)) from None
    runner = _backend(backend, address, workers)
    try:
        with _running_on(runner):
            stats = simulate_with_progress(
                [bot] * players, the_rules, games=games, seed=seed, engine=chosen, workers=workers
            )
    except LastcardError as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        raise _fail("stopped") from None
    console = _console()
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


@app.command()
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
    the_rules = _rules(rules)
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
            raise _usage_fail(f"--bots {spec}: {error}") from None
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
    _require("tournament", "openskill")  # the ratings
    if plots:
        _require("tournament", "matplotlib", hint=" (or --no-plots)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _fail(f"cannot create {out}: {error.strerror or error}") from None
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
    runner = _backend(backend, address, workers)
    try:
        with _running_on(runner):
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
        raise _fail(str(error)) from None
    except OSError as error:
        raise _fail(f"cannot write to {out}: {error.strerror or error}") from None
    except KeyboardInterrupt:
        raise _fail("stopped") from None
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
    console = _console()
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


@app.command()
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
    _require("study", "matplotlib")  # the plots; before the games
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
    runner = _backend(backend, address, workers)
    try:
        with _running_on(runner):
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
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        raise _fail("stopped") from None
    except OSError as error:
        raise _fail(f"cannot write the study into {out}: {error}") from None
    _console().print(f"wrote {report} (with study.json and the plots beside it)")


@app.command()
def bots() -> None:
    """List the bots, what each one does and the options it takes.

    A bot name may carry options after a colon, separated by commas:
    heuristic:bluff=false,challenge_threshold=0.5 or ismcts:seconds=0.5. Numbers, true or
    false, or text, as each option says; none where an option may be left unset.
    """
    console = _console()
    for name in bot_names():
        console.print(Text(name, style="bold") + f"  {bot_summary(name)}")
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 2, 0, 0))
        for column in ("option", "takes", "default"):
            table.add_column(column, no_wrap=True)
        table.add_column("what")  # the only column that wraps on a narrow terminal
        for option in bot_options(name):
            default = "required" if option.required else _option_text(option.default)
            table.add_row(f"  {option.name}", option.accepts(), default, option.help)
        console.print(table if table.rows else Text("  no options", style="dim"))
        console.print()


def _option_text(value: object) -> str:
    """A default as it is written in a bot name: true, false, none, 0.3, heuristic."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@app.command()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 serves every network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="Database URL: sqlite:///path/to/file.sqlite3 (default: a file in your data "
            "directory).",
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds a bot pauses before it moves, as a person would."),
    ] = 0.9,
    hand_pause: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds between hands before the next is dealt by itself."),
    ] = 15.0,
    max_tables: Annotated[
        int, typer.Option(min=1, help="Live tables this process holds; more are refused (503).")
    ] = 5000,
    creates_per_minute: Annotated[
        int, typer.Option(min=1, help="Tables one address may create a minute.")
    ] = 10,
    joins_per_minute: Annotated[
        int, typer.Option(min=1, help="Joins (and record downloads) one address may make a minute.")
    ] = 30,
    connections_per_ip: Annotated[
        int, typer.Option(min=1, help="Open websockets one address may hold.")
    ] = 20,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN",
            help="Another site whose pages may use this server, as https://host[:port] "
            "(repeat for more). Pages of other sites can neither join nor watch.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ADDRESS",
            help="A reverse proxy's address or network whose X-Forwarded-For header names the "
            "client (repeat for more). From any other address the header is ignored.",
        ),
    ] = None,
) -> None:
    """Serve Uno tables in the browser: friends and bots, over the network (docs/SERVER.md).

    Open the printed address, create a table and share its link. Every game is stored as it is
    played: stop the server (Ctrl+C) and start it again, and the tables go on where they were.
    """
    _require_extra("serve", "server")
    from lastcard.server.addresses import invite_lines, lan_addresses
    from lastcard.server.limits import Limits
    from lastcard.server.room import Timing
    from lastcard.server.serve import run
    from lastcard.server.storage import default_database_url, open_storage

    url = db or default_database_url()
    try:
        open_storage(url).close()  # a clear error now rather than a traceback at startup
    except LastcardError as error:
        raise _fail(str(error)) from None
    console = _console()
    for line in invite_lines(host, port, lan_addresses()):
        console.print(line, markup=False, highlight=False)
    console.print(f"Database: {url}", markup=False, highlight=False)
    sys.stdout.flush()  # the addresses come before uvicorn's lines, even when logged to a file
    timing = Timing(bot_delay=bot_delay, catch_delay=bot_delay * 1.8, hand_pause=hand_pause)
    limits = Limits(
        max_tables=max_tables,
        creates_per_minute=creates_per_minute,
        joins_per_minute=joins_per_minute,
        connections_per_ip=connections_per_ip,
    )
    run(
        url,
        host=host,
        port=port,
        timing=timing,
        limits=limits,
        log_level="warning",
        allow_origins=allow_origin or (),
        trusted_proxies=trusted_proxy or (),
    )


def main() -> None:
    """The `lastcard` console script."""
    app(prog_name="lastcard")
