"""What the new-game screen remembers between runs, and where it keeps it.

Settings live in a small JSON file in the user's config directory (`$LASTCARD_HOME` overrides
it, which also keeps tests away from the real one). A missing, corrupt or outdated file gives the
defaults: a settings file must never stop anyone from playing.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from lastcard.core import Rules
from lastcard.words import rules_name

BOT_LEVELS: dict[str, str] = {
    "beginner": "forgetful:base=eager,forget=0.5,miss=0.5",
    "easy": "forgetful:base=greedy,forget=0.3,miss=0.3",
    "normal": "forgetful:base=heuristic,forget=0.1,miss=0.1",
    "hard": "ismcts:seconds=0.3",
    "expert": "expert",
}
_LEVEL_OF_SPEC = {spec: level for level, spec in BOT_LEVELS.items()}


def level_names(specs: Sequence[str]) -> list[str]:
    """The level each bot spec was chosen as (`normal`), or the spec itself if none."""
    return [_LEVEL_OF_SPEC.get(spec, spec) for spec in specs]


LEVEL_HELP: dict[str, str] = {  # one line of the new-game screen: 33 columns at most
    "beginner": "random plays; often forgets Uno",
    "easy": "sheds high cards; may forget Uno",
    "normal": "careful; now and then forgets Uno",
    "hard": "thinks ahead; never forgets Uno",
    "expert": "trained network; best heads-up",
}
DEFAULT_LEVEL = "normal"

OPPONENT_NAMES: tuple[str, ...] = (
    "Ada",
    "Basil",
    "Cleo",
    "Dmitri",
    "Esme",
    "Farid",
    "Greta",
    "Hugo",
    "Ines",
)
HUMAN_NAME = "You"

MIN_PLAYERS = 2
MAX_PLAYERS = 10

ENV_HOME = "LASTCARD_HOME"


def _default_levels() -> list[str]:
    return [DEFAULT_LEVEL] * 3


@dataclass
class PlaySettings:
    """A game against bots: seat 0 is the human, seats 1.. the bots at `levels`."""

    players: int = 4
    levels: list[str] = field(default_factory=_default_levels)
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None  # None: a fresh random seed for each game
    bot_delay: float = 0.8  # seconds between two bot moves, so the human can follow

    def opponent_levels(self) -> list[str]:
        """One level per opponent: `levels` cut to `players - 1` or padded with the default."""
        wanted = max(self.players - 1, 0)
        return [*self.levels[:wanted], *[DEFAULT_LEVEL] * (wanted - len(self.levels))]

    def bot_specs(self) -> list[str]:
        """The `make_bot` spec of each opponent, seat 1 first."""
        return [BOT_LEVELS[level] for level in self.opponent_levels()]

    def names(self) -> list[str]:
        return [HUMAN_NAME, *OPPONENT_NAMES[: self.players - 1]]

    def preset_name(self) -> str:
        """The preset the rules equal, or "custom"."""
        return rules_name(self.rules)

    def check(self) -> None:
        """Raise `RulesError` or `ValueError` when these settings cannot start a game."""
        self.rules.check_players(self.players)
        unknown = [level for level in self.levels if level not in BOT_LEVELS]
        if unknown:
            raise ValueError(f"unknown bot levels {unknown}: choose from {list(BOT_LEVELS)}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "levels": list(self.levels),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "bot_delay": self.bot_delay,
        }

    @staticmethod
    def from_dict(data: Any) -> PlaySettings:
        """Settings from `to_dict` data; missing keys take their default, wrong values raise
        `ValueError` (a `RulesError` for the rules)."""
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        defaults = PlaySettings()
        players = data.get("players", defaults.players)
        if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
        levels = data.get("levels", defaults.levels)
        if not isinstance(levels, list) or not all(
            isinstance(level, str) and level in BOT_LEVELS for level in levels
        ):
            raise ValueError(f"levels must be a list of {list(BOT_LEVELS)}, not {levels!r}")
        rules_data = data.get("rules", {})
        if not isinstance(rules_data, dict):
            raise ValueError("rules must be a JSON object")
        rules = Rules.from_dict(rules_data)
        seed = data.get("seed")
        if seed is not None and not _is_int(seed):
            raise ValueError(f"seed must be a whole number or null, not {seed!r}")
        bot_delay = data.get("bot_delay", defaults.bot_delay)
        if not (_is_int(bot_delay) or isinstance(bot_delay, float)) or not 0 <= bot_delay < 60:
            raise ValueError(f"bot_delay must be 0 to 60 seconds, not {bot_delay!r}")
        settings = PlaySettings(players, list(levels), rules, seed, float(bot_delay))
        settings.check()
        return settings


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def config_dir() -> Path:
    """`$LASTCARD_HOME` if set, else the user's config directory for lastcard."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_config_dir("lastcard"))


def settings_path() -> Path:
    return config_dir() / "play-settings.json"


def saved_game_path() -> Path:
    return config_dir() / "saved-game.json"


def load_settings(path: Path | None = None) -> PlaySettings:
    """The saved settings, or the defaults when there are none or they cannot be read."""
    path = settings_path() if path is None else path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return PlaySettings.from_dict(data)
    except (OSError, UnicodeDecodeError, ValueError, TypeError, RecursionError):
        # json and RulesError are ValueErrors; TypeError covers odd JSON values reaching Rules.
        return PlaySettings()


def save_settings(settings: PlaySettings, path: Path | None = None) -> None:
    """Write the settings as JSON (see `write_atomically`)."""
    path = settings_path() if path is None else path
    write_atomically(path, json.dumps(settings.to_dict(), indent=2) + "\n")


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path`, creating its folder; the file is replaced whole, so a crash never
    leaves it torn (the settings, the saved game)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_problem(error: OSError) -> str:
    """Why a file could not be written, in words rather than an errno: `/x/home is a file, not
    a folder` (`LASTCARD_HOME` naming a file), `/x/home: Permission denied`."""
    where = error.filename
    if isinstance(error, FileExistsError | NotADirectoryError) and where is not None:
        # mkdir met a file where a folder of the path should be.
        return f"{where} is a file, not a folder"
    reason = error.strerror or str(error)
    return f"{where}: {reason}" if where is not None else reason


NOT_SAVED = "The game is not saved: lastcard play cannot resume it."
"""Said on leaving a game that could not be saved, instead of the usual `SAVED`."""
SAVED = "Game saved: lastcard play resumes it."


def keep_unfinished_aside(path: Path) -> str:
    """`play --seed` deals a new game at once: the unfinished game saved in `path` is renamed
    aside, where the new game's saves cannot overwrite it. Returns what to tell the player."""
    try:
        kept = set_aside(path, "unfinished")
    except OSError as error:
        problem = write_problem(error)
        return (
            f"Your unfinished game could not be kept aside ({problem}): the new game replaces it."
        )
    return f"Your unfinished game is kept as {kept}: rename it to {path.name} to resume it."


def set_aside(path: Path, why: str = "corrupt") -> Path:
    """Rename `path` to `<name>.<why>-<date>-<time>` beside it (a number is added if that name
    is taken) and return the new path: a file that cannot be used is kept for a look, out of the
    way of the next one written under its name. Raises `OSError` when it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.{why}-{stamp}")
    number = 1
    while kept.exists():
        number += 1
        kept = path.with_name(f"{path.name}.{why}-{stamp}-{number}")
    os.replace(path, kept)
    return kept
