"""The theme-pack cards (RULES.md §7.11) as the bots play them: the choices and the bookkeeping
they share.

- **A Joker's seats** (§7.11.6, `aimed_joker`): a Joker hurts most when it names as many seats
  as it may (three) and makes each draw as many as it may (three), so the choices left are
  *which* seats: those closest to going out (the fewest cards; among equals, the first in turn
  order after the player), seats to `avoid` (a partner) only when nobody else is left.
- **A Mambo's gifts** (§7.11.7, `gift_card`): the card given up is the one least worth keeping:
  never a wild while another card will do (a wild can always be played, and an opponent would
  get it); among the rest, one of the colour held fewest of (the hardest to follow), the higher
  points first (fewer points left in hand). The card the player means to lead (`keep`) is kept
  unless only wilds would be left to give.
- **Whether a Mambo goes out this turn** (`mambo_goes_out`): after it, one card goes to each
  other active seat while two or more are held, and then the last one is led, with no need to
  match. So a Mambo played with at most one card more than there are other seats empties the
  hand: a sure win (in a Pirate game too, where a lead opens no window, §7.6).
- **Knowledge after a hidden gift** (`after_unseen_loss`): a hand that gave away a card nobody
  else saw still surely holds what was known of it, one copy fewer of each card (any of them
  may be the one that left).
- **Invisibility's block** (§7.11.3, `wants_block`): asked whether to block an effect aimed at
  it, a seat blocks what costs it cards or a turn (a draw, a skip) and a swap into a hand no
  smaller than its own after the play, and lets a reveal, a view or a swap it gains from
  happen: the card is worth more kept for the next attack. What waits is read from the card on
  top, whose effect it is (`pending_effect`).
- **Which plays to build by hand** (`SHAPED_PLAYS`): a Joker's play carries seats and a count,
  and a Mambo's no colour; code that builds a play from a card, a colour and a call alone must
  not build theirs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from lastcard.core import Action, Card, Kind, Rules
from lastcard.core.facts import EffectKind, rule_facts
from lastcard.core.seats import next_active

__all__ = [
    "SHAPED_PLAYS",
    "after_unseen_loss",
    "aimed_joker",
    "gift_card",
    "joker_seats",
    "mambo_goes_out",
    "next_gift_seat",
    "pending_effect",
    "wants_block",
]

# Theme cards whose plays `smart_turn`-style code (a card, a colour and a call) cannot build.
SHAPED_PLAYS = frozenset({"joker", "mambo"})


def joker_seats(
    candidates: Iterable[int],
    sizes: Sequence[int],
    player: int | None = None,
    direction: int = 1,
    *,
    avoid: Collection[int] = (),
    limit: int = 3,
) -> tuple[int, ...]:
    """Up to `limit` of `candidates`: the seats with the fewest cards (among equals the first in
    turn order after `player`, or the lowest seat without one), none of `avoid` while others
    are left; in increasing order, as a Joker names them.

    >>> joker_seats([0, 2, 3, 4], sizes=[5, 7, 2, 6, 1], player=1)
    (0, 2, 4)
    """
    pool = set(candidates)
    preferred = [s for s in pool if s not in avoid] or list(pool)
    players = len(sizes)

    def rank(seat: int) -> tuple[int, int]:
        after = seat if player is None else ((seat - player) * direction) % players
        return sizes[seat], after

    return tuple(sorted(sorted(preferred, key=rank)[:limit]))


def aimed_joker(
    forms: Sequence[Action],
    sizes: Sequence[int],
    player: int | None = None,
    direction: int = 1,
    *,
    avoid: Collection[int] = (),
) -> list[Action]:
    """The forms among `forms` (a Joker's plays or leads: every colour, seat set, count and
    call) that name the seats closest to going out (`joker_seats`) with the highest count;
    `forms` itself when it holds no Joker form."""
    named = {seat for action in forms for seat in action.targets}
    if not named:
        return list(forms)
    seats = joker_seats(named, sizes, player, direction, avoid=avoid)
    count = max(action.count for action in forms)
    aimed = [a for a in forms if a.targets == seats and a.count == count]
    return aimed or list(forms)


def gift_card(hand: Sequence[Card], keep: Card | None = None) -> Card:
    """The card a Mambo's gift gives up (see the module docstring); `keep` is the card the
    player means to lead. `hand` holds two cards at least (the gifts stop before the last).

    >>> from lastcard.core import Card
    >>> [gift_card([Card.from_code(c) for c in "W B2 R9 B+3 G1 G2".split()]).code]
    ['R9']
    >>> gift_card([Card.from_code(c) for c in "W B2".split()], keep=Card.from_code("B2")).code
    'B2'
    """
    spare = list(hand)
    if keep is not None and keep in spare:
        spare.remove(keep)
        if not keep.is_wild and all(card.is_wild for card in spare):
            return keep  # give the coloured card and lead a wild, rather than give a wild
    if not spare:
        spare = list(hand)
    counts = Counter(card.color for card in hand if card.color is not None)

    def worth_keeping(card: Card) -> tuple[bool, int, int, bool, bool]:
        color = card.color
        return (
            card.is_wild,
            counts[color] if color is not None else 0,
            -card.points,
            card.kind is Kind.WILD_DRAW_FOUR,  # of the wilds, the theme ones go first,
            card.kind is Kind.WILD,  # then a plain Wild, a Wild Draw Four last
        )

    return min(spare, key=worth_keeping)


def mambo_goes_out(kept: int, others: int) -> bool:
    """Whether a Mambo played with `kept` cards left beside it, at a table with `others` other
    active seats, empties the hand this turn: the gifts take all but one card, the lead the
    last.

    >>> mambo_goes_out(kept=4, others=3), mambo_goes_out(kept=5, others=3)
    (True, False)
    """
    return kept <= others + 1


def next_gift_seat(
    active: Sequence[bool], player: int, last_target: int | None, direction: int
) -> int:
    """The seat a Mambo's next gift goes to: in turn order from next(player), after the seat
    that received the last one (`last_target`, None before the first gift)."""
    start = player if last_target is None else last_target
    seat = next_active(active, start, direction)
    return next_active(active, player, direction) if seat == player else seat


def after_unseen_loss(known: Iterable[Card]) -> list[Card]:
    """What is surely still in a hand known to hold `known` (a lower bound) after it gave away
    a card this seat did not see: one copy fewer of each card.

    >>> from lastcard.core import Card
    >>> [c.code for c in after_unseen_loss([Card.from_code(c) for c in "R5 R5 G2".split()])]
    ['R5']
    """
    counts = Counter(known)
    counts.subtract(set(counts))
    return list(counts.elements())


# Effects that cost the seat they reach cards or a turn: always worth blocking (§7.11.3).
_COSTLY = frozenset(
    {
        EffectKind.NEXT_DRAWS,
        EffectKind.OTHERS_DRAW,
        EffectKind.CHOSEN_DRAWS,
        EffectKind.SKIP,
    }
)


def pending_effect(rules: Rules, top: Card) -> EffectKind:
    """The effect an Invisibility's holder is asked to block (§7.11.3): the effect of the card
    on top, whose play is taking effect."""
    return rule_facts(rules).card_effect(top).kind


def wants_block(effect: EffectKind, own_cards: int, their_cards: int) -> bool:
    """Whether to block `effect` with the Invisibility card (see the module docstring): a seat
    holding `own_cards` facing the card of a player holding `their_cards`.

    >>> wants_block(EffectKind.NEXT_DRAWS, 5, 5), wants_block(EffectKind.REVEAL, 5, 5)
    (True, False)
    >>> wants_block(EffectKind.SWAP_HANDS, 5, 3), wants_block(EffectKind.SWAP_HANDS, 5, 8)
    (False, True)
    """
    if effect in _COSTLY:
        return True
    if effect is EffectKind.SWAP_HANDS:
        return their_cards >= own_cards
    return False
