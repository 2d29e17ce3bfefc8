"""What the compiled simulator covers: `unsupported(rules, bots)` says why it cannot play a
configuration, or None when it can. No numba or NumPy here: asking costs nothing."""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.bots import BotFactory, make_bot
from lastcard.bots import heuristic as heuristic_bot
from lastcard.bots.greedy import GreedyBot
from lastcard.bots.heuristic import HeuristicBot
from lastcard.bots.random_bot import RandomBot
from lastcard.core import LastcardError, Rules
from lastcard.core.capability import EVERY_VALUE, Coverage, uncovered_option

from . import layout


class FastUnsupportedError(LastcardError):
    """The compiled simulator does not cover these rules or bots (the reference engine does)."""

    code = "FAST_UNSUPPORTED"


# Every option of `Rules` with the values the kernel plays (`EVERY_VALUE`: all of them). The
# table is closed: an option missing here is one the kernel does not play (`capability`).
_COVERED: Coverage = {
    "deck": ("classic",),
    "hand_size": EVERY_VALUE,
    "target_score": EVERY_VALUE,
    "scoring": ("standard",),
    "tie_rule": EVERY_VALUE,  # only read by alternative scoring
    "mode": EVERY_VALUE,  # bots never make the mistakes table mode penalises (§5.4): one game
    "dealer_draw_non_number": EVERY_VALUE,
    "dealer_each_hand": EVERY_VALUE,
    "first_reverse": EVERY_VALUE,
    "first_wild": EVERY_VALUE,
    "first_wd4": EVERY_VALUE,
    "allow_voluntary_draw": EVERY_VALUE,
    "wd4_bluffing": EVERY_VALUE,
    "two_player_rules": EVERY_VALUE,
    "stacking": EVERY_VALUE,
    "seven_o": EVERY_VALUE,
    "jump_in": EVERY_VALUE,
    "jump_in_self": EVERY_VALUE,
    "elimination": (False,),
    "elimination_threshold": EVERY_VALUE,  # only read with elimination
    "pirate": (False,),
    "pirate_false_call_penalty": EVERY_VALUE,  # only read under Pirate
    "wild_downpour": (None,),
    "custom_wild_effect": EVERY_VALUE,  # no Wild Customizable in the classic deck
    "theme_cards": (frozenset(),),
    "teams": (None,),
    "turn_limit": EVERY_VALUE,
}

# RandomBot, GreedyBot and HeuristicBot, with any options
POLICIES = ("random", "eager", "greedy", "heuristic")


def unsupported(rules: Rules, bots: Sequence[BotFactory | str]) -> str | None:
    """Why the kernel cannot play `bots` under `rules`, or None when it can."""
    reason = uncovered_option(_COVERED, rules, "the fast simulator")
    if reason is not None:
        return reason
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
