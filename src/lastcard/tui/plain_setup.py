"""The new-game questions of line-by-line play: players, the bots' level, rules, target score.

The full-screen new-game form, as a few questions: each shows its current value in brackets
(the last game's, as the form remembers them) and Enter keeps it, so a returning player presses
Enter four times. Every house rule the form offers one by one is reached here through the
presets; rules set one by one on the form are kept as "custom" when Enter keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from lastcard.core import LastcardError, Rules
from lastcard.words import PRESET_HELP, rules_name

from .plain_io import Lines
from .plain_questions import PROMPT_END
from .settings import (
    BOT_LEVELS,
    LEVEL_HELP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PlaySettings,
)

T = TypeVar("T")

_NONE = ("none", "no", "0", "-")


class _Invalid(ValueError):
    """An answer to a new-game question that cannot be used; its message is said."""


def choose_settings(lines: Lines, settings: PlaySettings) -> PlaySettings | None:
    """Ask for a new game, starting from `settings`; None when input ends meanwhile."""
    lines.say("New game. Press Enter to keep the value in brackets; type help for the choices.")
    players = _ask(
        lines,
        f"Players, you included, {MIN_PLAYERS} to {MAX_PLAYERS} [{settings.players}]",
        lambda text: _players(text, settings.players),
        [f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players: you and the bots."],
    )
    if players is None:
        return None
    wanted = PlaySettings(players, settings.levels, settings.rules).opponent_levels()
    levels = _ask(
        lines,
        f"Bots' level, {', '.join(BOT_LEVELS)}: one for all, or one per bot separated by "
        f"commas [{', '.join(wanted)}]",
        lambda text: _levels(text, wanted),
        [f"{level}: {what}." for level, what in LEVEL_HELP.items()],
    )
    if levels is None:
        return None
    current = rules_name(settings.rules)
    rules = _ask(
        lines,
        f"Rules, {', '.join(Rules.presets())} [{current}]",
        lambda text: _rules(text, settings.rules, players),
        [f"{name}: {what}." for name, what in PRESET_HELP.items() if name != "custom"],
    )
    if rules is None:
        return None
    if not rules.elimination:
        preset = rules
        now = "none" if rules.target_score is None else str(rules.target_score)
        target = _ask(
            lines,
            f"Target score, or none for a single hand [{now}]",
            lambda text: _target(text, preset),
            ["The first player to reach the target score wins; none plays a single hand."],
        )
        if target is None:
            return None
        rules = target
    chosen = PlaySettings(players, levels, rules, None, settings.bot_delay)
    names = chosen.names()
    bots = ", ".join(f"{names[seat]} ({level})" for seat, level in enumerate(levels, 1))
    lines.say(f"{players} players: you, {bots}; {rules_name(rules)} rules.")
    return chosen


def _ask(lines: Lines, question: str, read: Callable[[str], T], help_lines: list[str]) -> T | None:
    while True:
        text = lines.ask(question + PROMPT_END)
        if text is None:
            return None
        if text.strip().lower() in ("help", "?"):
            lines.say(*help_lines)
            continue
        try:
            return read(text.strip().lower())
        except _Invalid as error:
            lines.say(str(error))


def _players(text: str, current: int) -> int:
    if not text:
        return current
    if text.isdigit() and MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        return int(text)
    raise _Invalid(f"Type a number from {MIN_PLAYERS} to {MAX_PLAYERS}, or press Enter.")


def _levels(text: str, current: list[str]) -> list[str]:
    if not text:
        return current
    levels = [word.strip() for word in text.replace(" ", ",").split(",") if word.strip()]
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if unknown or len(levels) not in (1, len(current)):
        raise _Invalid(
            f"Type one of {', '.join(BOT_LEVELS)} for every bot, or {len(current)} of them "
            "separated by commas."
        )
    return levels * len(current) if len(levels) == 1 else levels


def _rules(text: str, current: Rules, players: int) -> Rules:
    if not text or text == rules_name(current):
        rules = current
    elif text in Rules.presets():
        rules = Rules.preset(text)
    else:
        raise _Invalid(f"Type one of {', '.join(Rules.presets())}, or press Enter.")
    try:
        rules.check_players(players)
    except LastcardError as error:
        raise _Invalid(f"{error} Choose other rules.") from None
    return rules


def _target(text: str, rules: Rules) -> Rules:
    if not text:
        return rules
    if text in _NONE:
        return rules.changed(target_score=None)
    if text.isdigit():
        try:
            return rules.changed(target_score=int(text))
        except LastcardError as error:
            raise _Invalid(str(error)) from None
    raise _Invalid("Type a number of points, none for a single hand, or press Enter.")
