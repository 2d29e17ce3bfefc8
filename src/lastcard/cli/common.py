"""What every `lastcard` command shares: its errors (one line and an exit status, never a
traceback), the checks of a rules preset, a bot and the extras a command needs, the console.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Iterable
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from lastcard.bots import bot_names, bot_summary, make_bot
from lastcard.core import (
    LastcardError,
    Rules,
)

# The optional extras (pyproject.toml) and the modules of each that the commands import. The
# rest (textual, numba, matplotlib, openskill, ...) comes with every install: `require`.
EXTRAS = {
    "server": ("starlette", "uvicorn", "platformdirs"),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
}


def choices(names: Iterable[str], described: dict[str, str]) -> str:
    return "; ".join(f"{n}: {described[n]}" if n in described else n for n in names)


def bot_choices() -> str:
    """Every registered bot with what it does, for the help of `--bot`."""
    described = {name: bot_summary(name) for name in bot_names() if name != "ppo"}
    return choices(described, described)


def require_extra(
    command: str, extra: str, modules: Iterable[str] | None = None, hint: str = ""
) -> None:
    """Exit at once, with one line naming what installs it, when a module of `extra` that
    `command` needs cannot be imported: before any work rather than a traceback after it."""
    for module in EXTRAS[extra] if modules is None else modules:
        try:
            importlib.import_module(module)
        except ImportError:
            raise fail(
                f"lastcard {command} needs the {extra} extra ({module} is not installed): "
                f"pip install 'lastcard[{extra}]'{hint}"
            ) from None


def require(command: str, module: str, hint: str = "") -> None:
    """Exit at once, with the command that installs it, when `module`, which every install of
    lastcard brings (its distribution has the module's name), cannot be imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        raise fail(
            f"lastcard {command} needs {module}, which is not installed: pip install {module}{hint}"
        ) from None


def preset_rules(name: str) -> Rules:
    if name not in Rules.presets():
        raise typer.BadParameter(
            f"unknown rules preset {name!r}; choose from {', '.join(Rules.presets())}",
            param_hint="'--rules'",
        )
    return Rules.preset(name)


def check_bot(command: str, name: str, players: int) -> str:
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
        raise usage_fail(f"--bot {name}: {message}") from None
    return name.strip()


def usage_fail(message: str) -> typer.Exit:
    """`error: message` on one line on stderr; the caller raises the returned `Exit(2)`, the
    status of a bad option."""
    fail(message)
    return typer.Exit(2)


def _policy_bot(command: str, spec: str, players: int) -> str:
    require_extra(command, "rl", hint=" (for --bot ppo)")
    from lastcard.rl import PolicyBot  # registers `ppo`; the rl extra, no torch

    rest = spec.partition(":")[2]
    if not rest:
        raise typer.BadParameter("give the policy file: ppo:FILE", param_hint="'--bot'")
    if "=" not in rest:
        spec = f"ppo:path={rest}"
    try:
        bot = make_bot(spec, 0)
    except ValueError as error:  # an unreadable or malformed file, a bad option
        raise fail(str(error)) from None
    if isinstance(bot, PolicyBot) and bot.policy.players != players:
        trained = bot.policy.players
        raise fail(f"the policy plays {trained}-player games: add --players {trained}")
    return spec


def fail(message: str) -> typer.Exit:
    """Print `error: message` on stderr; the caller raises the returned `Exit(1)`."""
    console = Console(stderr=True, highlight=False, soft_wrap=True)
    console.print(Text("error: ", style="bold red") + message)
    return typer.Exit(1)


def output_console() -> Console:
    """Standard output; lines are wrapped on a terminal only, so saved logs keep one per line."""
    console = Console(highlight=False)
    console.soft_wrap = not console.is_terminal
    return console


def check_players(rules: Rules, players: int) -> None:
    try:
        rules.check_players(players)
    except LastcardError as error:  # a preset that needs another number of players, say
        raise fail(str(error)) from None


def read_file_text(file: Path, status: int = 1) -> str:
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
    fail(problem)
    raise typer.Exit(status)
