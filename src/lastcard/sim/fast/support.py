"""What the compiled simulator covers: `unsupported(rules, bots)` says why it cannot play a
configuration, or None when it can. No numba or NumPy here: asking costs nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lastcard.bots import BotFactory, make_bot
from lastcard.bots import heuristic as heuristic_bot
from lastcard.bots.greedy import GreedyBot
from lastcard.bots.heuristic import HeuristicBot
from lastcard.bots.random_bot import RandomBot
from lastcard.core import LastcardError, Rules

from . import layout


class FastUnsupportedError(LastcardError):
    """The compiled simulator does not cover these rules or bots (the reference engine does)."""

    code = "FAST_UNSUPPORTED"


# The options the kernel plays, each with the values it covers (None: every value).
_COVERED: dict[str, tuple[Any, ...] | None] = {
    "deck": ("classic",),
    "hand_size": None,
    "target_score": None,
    "scoring": ("standard",),
    "tie_rule": None,  # only read by alternative scoring
    "mode": None,  # bots never make the mistakes table mode penalises (§5.4): the same game
    "dealer_draw_non_number": None,
    "dealer_each_hand": None,
    "first_reverse": None,
    "first_wild": None,
    "first_wd4": None,
    "allow_voluntary_draw": None,
    "wd4_bluffing": None,
    "two_player_rules": None,
    "stacking": None,
    "seven_o": None,
    "jump_in": None,
    "jump_in_self": None,
    "elimination": (False,),
    "elimination_threshold": None,  # only read with elimination
    "pirate": (False,),
    "pirate_false_call_penalty": None,
    "wild_downpour": (None,),
    "custom_wild_effect": None,  # no Wild Customizable in the classic deck
    "theme_cards": (frozenset(),),
    "teams": (None,),
    "turn_limit": None,
}

# RandomBot, GreedyBot and HeuristicBot, with any options
POLICIES = ("random", "eager", "greedy", "heuristic")


def unsupported(rules: Rules, bots: Sequence[BotFactory | str]) -> str | None:
    """Why the kernel cannot play `bots` under `rules`, or None when it can."""
    for name, values in _COVERED.items():
        value = getattr(rules, name)
        if values is not None and value not in values:
            shown = sorted(value) if isinstance(value, frozenset) else value
            return f"the fast simulator does not play {name}={shown!r} yet"
    for bot in bots:
        if not isinstance(bot, str):
            return "the fast simulator plays registered bots given by name only"
        kind = type(make_bot(bot, 0))
        if kind not in (RandomBot, GreedyBot, HeuristicBot):
            return f"the fast simulator has no version of the bot {bot!r} (it plays {POLICIES})"
        if kind is HeuristicBot:
            changed = changed_heuristic_weights()
            if changed:
                return (
                    "the fast simulator's heuristic bot was built with other weights than "
                    f"HeuristicBot's ({', '.join(changed)})"
                )
    return None


def changed_heuristic_weights() -> list[str]:
    """The weights of `HeuristicBot` that its compiled version (`layout`) no longer equals:
    the bot was retuned, so the kernel would play another game until `layout` follows."""
    return [
        f"_{name}"
        for name in layout.HEURISTIC_WEIGHTS
        if getattr(heuristic_bot, f"_{name}", None) != getattr(layout, name)
    ]
