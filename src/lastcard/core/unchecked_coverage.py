"""What the unchecked game (`lastcard.core.unchecked.FastGame`) covers: the options of `Rules`
it plays (`unsupported` says why not), and what one `Rules` means to it, looked up once.
"""

from __future__ import annotations

from typing import NamedTuple

from .capability import EVERY_VALUE, Coverage, uncovered_option
from .errors import LastcardError
from .facts import rule_facts
from .rules import Rules, kept_on


class FastGameError(LastcardError):
    """Rules or a position that `FastGame` does not play (see `unsupported`)."""

    code = "FAST_GAME_UNSUPPORTED"


# Every option of `Rules` with the values a `FastGame` plays (`EVERY_VALUE`: all of them). The
# table is closed (`capability`): an option missing here is not played. Options that act only
# between hands (scoring, elimination, teams, dealing) or add no decision of their own are
# covered; jump-ins are covered because a search's hand has nobody jump in.
COVERED: Coverage = {
    "deck": ("classic",),  # the 2018 deck's Shuffle Hands and Customizable cards are not
    "hand_size": EVERY_VALUE,
    "target_score": EVERY_VALUE,
    "scoring": EVERY_VALUE,
    "tie_rule": EVERY_VALUE,
    "mode": ("strict",),
    "dealer_draw_non_number": EVERY_VALUE,
    "dealer_each_hand": EVERY_VALUE,
    "first_reverse": EVERY_VALUE,
    "first_wild": EVERY_VALUE,
    "first_wd4": EVERY_VALUE,
    "allow_voluntary_draw": EVERY_VALUE,
    "wd4_bluffing": EVERY_VALUE,
    "two_player_rules": EVERY_VALUE,
    "stacking": ("off",),
    "seven_o": (False,),
    "jump_in": EVERY_VALUE,
    "jump_in_self": EVERY_VALUE,
    "elimination": EVERY_VALUE,
    "elimination_threshold": EVERY_VALUE,
    "pirate": (False,),
    "pirate_false_call_penalty": EVERY_VALUE,  # only read under Pirate
    "wild_downpour": EVERY_VALUE,
    "custom_wild_effect": EVERY_VALUE,  # no Wild Customizable in the classic deck
    "theme_cards": (frozenset(),),
    "teams": EVERY_VALUE,
    "turn_limit": EVERY_VALUE,
}


def unsupported(rules: Rules) -> str | None:
    """Why `FastGame` cannot play a hand under `rules`, or None when it can."""
    return uncovered_option(COVERED, rules, "the unchecked game")


class UncheckedRules(NamedTuple):
    """What one `Rules` means to a `FastGame`, looked up once per game."""

    bluffing: bool
    voluntary_draw: bool
    reverse_skips_with_two: bool
    turn_limit: int | None
    problem: str | None


def unchecked_rules(rules: Rules) -> UncheckedRules:
    """`UncheckedRules` for `rules`, kept on them (`kept_on`) so each game finds it ready."""
    return kept_on(rules, "_fast_game", _read_rules)


def _read_rules(rules: Rules) -> UncheckedRules:
    facts = rule_facts(rules)
    return UncheckedRules(
        bluffing=facts.allows_wd4_bluff,
        voluntary_draw=facts.allows_voluntary_draw,
        reverse_skips_with_two=facts.reverse_skips_with_two,
        turn_limit=facts.turn_limit,
        problem=unsupported(rules),
    )
