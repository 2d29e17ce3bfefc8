"""A tournament's configuration: the entrants, the rules played and the checks that refuse an
unusable tournament (see the package docstring; the seatings are `seating`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lastcard.bots import make_bot
from lastcard.core import Rules

from ..runner import DEFAULT_MAX_ACTIONS
from .seating import seating_design

MODES = ("hands", "matches")
CONFIDENCE = 0.95


def split_bot_list(text: str) -> list[str]:
    """Split `"heuristic:bluff=false,k=3,greedy,random"` into bot specs.

    Commas separate bots, and also a bot's options: a piece with `=` but no `:` continues the
    options of the bot before it.

    >>> split_bot_list("heuristic:bluff=false,k=3,greedy, random")
    ['heuristic:bluff=false,k=3', 'greedy', 'random']
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def hand_rules(rules: Rules) -> Rules:
    """The rules of a single hand of `rules` (see the package docstring)."""
    if rules.elimination:
        return rules.changed(elimination=False, target_score=None, scoring="alternative")
    return rules.changed(target_score=None)


def rounded_games(games: int, period: int) -> int:
    """`games` rounded up to a multiple of `period` (the length of a seating design), so that
    every seating is used equally often.

    >>> rounded_games(10, 4)
    12
    """
    return -(-games // period) * period


@dataclass(frozen=True)
class TournamentConfig:
    bots: tuple[str, ...]
    games: int
    games_requested: int
    rules: Rules
    rules_name: str
    mode: str
    seed: int
    max_actions: int = DEFAULT_MAX_ACTIONS

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def design_length(self) -> int:
        """How many seatings the design has (`seating_design`): games are a multiple of it."""
        return len(seating_design(self.players))

    @property
    def played_rules(self) -> Rules:
        return hand_rules(self.rules) if self.mode == "hands" else self.rules

    @property
    def own_hand_scoring(self) -> bool:
        """Points count against the player (alternative or elimination scoring)."""
        rules = self.played_rules
        return rules.elimination or rules.scoring == "alternative"

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "players": self.players,
            "games": self.games,
            "games_requested": self.games_requested,
            "mode": self.mode,
            "rules_name": self.rules_name,
            "rules": self.rules.to_dict(),
            "played_rules": self.played_rules.to_dict(),
            "seed": self.seed,
            "game_seed": "stream_seed(seed, STREAM_GAME, g) for game g (lastcard.sim.game_seed)",
            "bot_seed": "stream_seed(game seed, STREAM_BOT, seat) (lastcard.sim.bot_seed)",
            "seating": (
                "game g: seat s gets entry seating_design(n)[g mod L][s] of the bot list "
                "(lastcard.sim.tournament.seating_design): every entry sits in every seat, and "
                "right after every other entry, equally often over each L games"
            ),
            "seating_design_length": self.design_length,
            "max_actions": self.max_actions,
        }


def check_config(bots: Sequence[str], rules: Rules, mode: str) -> None:
    """Raise ValueError with a clear message for an unusable tournament."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose from {', '.join(MODES)}")
    if len(bots) < 2:
        raise ValueError(f"a tournament needs 2 to 10 bots (one per seat), not {len(bots)}")
    for spec in bots:
        make_bot(spec, seed=0)  # ValueError naming the valid bots or options
    rules.check_players(len(bots))  # RulesError is a ValueError
    hand_rules(rules)
