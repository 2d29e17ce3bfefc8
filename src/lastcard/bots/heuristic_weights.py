"""`HeuristicBot`'s weights and the small pure functions its scores are made of.

Every weight is in "cards": shedding a card is the unit every play shares. The compiled
simulator restates the weights (`lastcard.sim.fast.layout`) and checks they still equal these.
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, Card, Color, Kind, PlayerView, Rules

ATTACKS = frozenset({Kind.SKIP, Kind.DRAW_TWO, Kind.DRAW_THREE, Kind.WILD_DRAW_FOUR})
INVISIBILITY = Card(Kind.WILD_INVISIBILITY)
COLOR_SHARE = 0.23  # the share of an unseen card of one colour, roughly (25 of 108)

# Score weights, in "cards": shedding a card is the unit every play shares.
DRAW_SCORE = -2.0  # drawing instead of playing: one card more instead of one card fewer
KEEP_SCORE = -1.0  # keeping a drawn card instead of playing it
PASS_SCORE = -1.0  # declining a jump-in
FLEX = 0.35  # per card kept of the colour the play leaves current
HOLD_WILD = 5.0  # playing a wild while a coloured card would do
HOLD_WILD_URGENT = 2.0  # the same while an opponent is close to going out
DENY = 1.2  # leaving a colour the next player is known to lack
WILD_LAST = 0.8  # keeping a wild as one's last card
LAST_FOLLOWS = 1.5  # keeping a last card that could follow this one
SMALL_HAND = 1.5  # following matters more in a small hand: FLEX * (1 + this / cards kept)
CAUGHT = 8.0  # a bluff caught: four cards drawn and the victim's turn back
WIN = 1000.0
POINTS_TIE = 0.01  # per point of a card shed: all else equal, shed expensive cards first
POINTS_OWN = 0.04  # ... when every hand's leftover points count against their holder
POINTS_URGENT = 0.06  # ... more when an opponent is about to go out, in a match
THREAT = {1: 1.0, 2: 0.6, 3: 0.25}  # how close a hand of this size is to going out
THREAT_WEIGHT = 2.5  # what an opponent's closeness to going out is worth, in cards
SKIP_THREAT = 0.5  # the share of that closeness a lost turn takes away
DRAWN_CARD = 0.25  # a card an opponent is made to draw, against one this seat sheds
# Pirate (§7.6): a cheat is a gamble on nobody calling it.
OUT_VALUE = 6.0  # going out with a cheat that stands, in cards (a sure win stays WIN)
CHEAT_CAUGHT = -3.0  # a cheat called: the card back and two drawn, against one card shed
CHEAT_MARGIN = 0.5  # a cheat must beat the honest choice by this much
CALL_PRIOR = 0.9  # the chance an opponent calls a cheat it can see, before it has shown any
CALL_PRIOR_WEIGHT = 4.0  # ... worth this many observed cheats
HIDDEN_CALL = 0.5  # the share of that chance left for a cheat that matches (after a draw)
# Theme cards (§7.11).
HARMFUL_SWAP = -3.0  # a Friendship into a hand no smaller than its own: below a draw


def points_weight(rules: Rules, urgent: bool) -> float:
    """What a point of card value is worth shedding, in cards. A tie-break in single hands;
    in a match it counts once someone is close to going out (the cards left score), and with
    own-hand scoring (elimination, alternative) every hand's leftover points count against
    their holder."""
    if rules.elimination or rules.scoring == "alternative":
        return POINTS_OWN + (POINTS_URGENT if urgent else 0.0)
    if rules.target_score is not None and urgent:
        return POINTS_TIE + POINTS_URGENT
    return POINTS_TIE


def follow_value(rest: list[Card], color: Color, card: Card | None) -> float:
    """What the cards kept are worth for the next turn if the colour is still `color` and the
    top card is still `card` (None: a wild): the more that could follow, the better, all the more
    so in a small hand; a last card that could follow, or a wild kept last, more still.
    Nothing kept (the card played is the last one, as when answering a Wild Draw Four with
    one's last Wild Draw Four) is worth nothing."""
    if not rest:
        return 0.0
    follow = 0
    for kept in rest:
        if kept.color is color or (
            card is not None
            and not card.is_wild
            and kept.kind is card.kind
            and kept.rank == card.rank
            and not kept.is_wild
        ):
            follow += 1
    value = FLEX * follow * (1.0 + SMALL_HAND / len(rest))
    if len(rest) == 1:
        if follow:
            value += LAST_FOLLOWS
        elif rest[0].is_wild:
            value += WILD_LAST
    return value


def threat_of(cards: int) -> float:
    return THREAT.get(cards, 0.0)


def targets_of(variants: Sequence[Action]) -> list[int]:
    return sorted({a.target for a in variants if a.target is not None})


def own_seat(view: PlayerView) -> int:
    return view.seat if view.seat is not None else 0


def distinct_cards(plays: Sequence[Action]) -> list[Card]:
    seen: list[Card] = []
    for action in plays:
        card = action.card
        if card is not None and card not in seen:
            seen.append(card)
    return seen
