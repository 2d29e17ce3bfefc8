"""A game's heading, its rules' name and the standings at its end, in words."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from lastcard.core import HandResult, Rules

# One line per preset, for the command line's help and the new-game screen; a preset added to the
# engine later has none. "custom" is what the new-game screen calls rules that equal no preset.
PRESET_HELP = {
    **Rules.preset_summaries(),
    "custom": "your own choice of the options on the right",
}


def rules_name(rules: Rules) -> str:
    """The preset a `Rules` equals, or "custom"."""
    for name in Rules.presets():
        if Rules.preset(name) == rules:
            return name
    return "custom"


def game_goal(rules: Rules) -> str:
    """How a game under `rules` ends: `first to 500 points`, `a single hand`, ..."""
    if rules.elimination:
        return f"last player under {rules.elimination_threshold} points wins"
    if rules.target_score is None:
        return "a single hand"
    return f"first to {rules.target_score} points"


def game_title(players: int, rules: Rules, seed: int) -> Text:
    """The one-line heading of a game: players, rules, seed and how it ends."""
    return Text(
        f"lastcard · {players} players · {rules_name(rules)} rules · seed {seed} · "
        f"{game_goal(rules)}",
        style="bold",
    )


def standings(
    totals: Sequence[int],
    winners: Sequence[int],
    rules: Rules,
    history: Sequence[HandResult] = (),
) -> list[int]:
    """Seats best first: the winners, then the others.

    Under elimination (§7.5) the others are ranked by how long they lasted, the last eliminated
    first (from `history`; seats eliminated in the same hand, or without a history, by their
    totals, low first). Otherwise by total, low first when low totals are good (§6.4).
    """
    low_wins = rules.elimination or rules.scoring == "alternative"
    sign = 1 if low_wins else -1
    lasted = elimination_hands(history) if rules.elimination else {}
    never = len(history) + 1  # not eliminated: lasted longest

    def key(seat: int) -> tuple[bool, int, int, int]:
        return (seat not in winners, -lasted.get(seat, never), sign * totals[seat], seat)

    return sorted(range(len(totals)), key=key)


def elimination_hands(history: Sequence[HandResult]) -> dict[int, int]:
    """The number of the hand after which each eliminated seat was eliminated."""
    return {seat: result.number for result in history for seat in result.eliminated}
