"""What autopilot does for a person who is away or ran out of time (SERVER.md §7).

It decides only what the seat must decide, never anything optional: the first legal card
(calling Uno with it when that leaves one card), else draw; it plays a drawn card it may play;
it accepts a Wild Draw Four rather than gamble on a challenge; it declines a discard round
(§7.11.4: discarding is a choice, declining is not); it never catches anyone or jumps in for an
absent person, and never sends a lone `uno`.

Under Pirate rules (RULES.md §7.6) the legal list offers every card of the hand, matching or
not: autopilot plays only a card that matches (given the seat's view, it can tell which), so
it never cheats for an absent person; and in a Pirate window it lets the play stand, never
calling a cheat.

The theme cards (RULES.md §7.11): a Draw Three, a Care-a-lot, an Invisibility and a Mambo are
played like any card; an effect aimed at the seat is allowed, never blocked with the
Invisibility (blocking is a choice, allowing is not, as accepting a Wild Draw Four is). A card
that acts on a person autopilot would name (Howler, Friendship, Travel, Joker) is played only
when the seat must: any other card comes first, then drawing or keeping a drawn card; with
nothing else on offer it plays the gentlest (Travel, then Joker, then Howler, then Friendship;
a Joker on the fewest seats for the fewest cards, the first offered). A last card is no such
choice: a Howler, Friendship or Travel then names nobody, and a Joker that ends the hand is
played (on one seat, for one card) rather than a card drawn instead of going out. After a
Mambo (§7.11.7) it gives its least valuable card each time, then leads as it would play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from lastcard.core import Action, ActionKind, Kind, Phase, PlayerView
from lastcard.core.matching import matches

# The order autopilot prefers among the kinds of a decision: play, then accept a penalty, then
# draw, then the quiet choices (keep a drawn card, name a colour, deal on, keep every card when
# a discard round asks, let a Pirate play stand, let an effect through an Invisibility); a
# Mambo's gifts and lead come alone. An Invisibility's block is never chosen: it is optional.
_PREFERENCE = (
    ActionKind.PLAY,
    ActionKind.ACCEPT,
    ActionKind.DRAW,
    ActionKind.KEEP,
    ActionKind.COLOR,
    ActionKind.NEXT,
    ActionKind.DECLINE,
    ActionKind.PASS,
    ActionKind.ALLOW,
    ActionKind.GIVE,
    ActionKind.LEAD,
)

# The theme cards that act on a person the player names (§7.11), gentlest first.
PERSONAL_KINDS = (Kind.WILD_TRAVEL, Kind.WILD_JOKER, Kind.WILD_HOWLER, Kind.WILD_FRIENDSHIP)


def autopilot_choice(legal: Sequence[Action], view: PlayerView | None = None) -> Action | None:
    """The action autopilot takes from a decision's legal actions; None if it takes none.

    `view` is the deciding seat's view. Under Pirate rules it is needed to leave the cheats
    out of the plays (without it every offered card counts as playable); it also tells a
    Joker that is the seat's last card (without it a Joker counts as a choice)."""
    plays = [action for action in legal if action.kind is ActionKind.PLAY]
    if view is not None and view.rules.pirate:
        plays = [action for action in plays if not is_cheat(view, action)]
    personal = [action for action in plays if names_a_person(action, view)]
    ordinary = [action for action in plays if action not in personal]
    for kind in _PREFERENCE:
        options = [action for action in legal if action.kind is kind]
        if kind is ActionKind.PLAY:
            pick = _with_uno(_first(ordinary), ordinary)
        elif kind is ActionKind.GIVE:
            pick = _least_valuable(options)
        elif kind is ActionKind.LEAD:
            pick = _lead(options, view)
        else:
            pick = _first(options)
        if pick is not None:
            return pick
    # Nothing else may be done: a card that acts on a person, the gentlest.
    return _with_uno(_gentlest(personal), personal)


def names_a_person(play: Action, view: PlayerView | None = None) -> bool:
    """Whether `play` is a theme card acting on a person it names: a Howler, Friendship or
    Travel with a target, or a Joker, unless (given `view`) the Joker is the seat's last card."""
    card = play.card
    if card is None or card.kind not in PERSONAL_KINDS:
        return False
    if card.kind is Kind.WILD_JOKER:
        last = view is not None and view.hand is not None and len(view.hand) == 1
        return not last
    return play.target is not None


def is_cheat(view: PlayerView, play: Action) -> bool:
    """Whether `play` by the seat of `view` would be a Pirate cheat (§7.6.3): on its own turn a
    card that does not match the top card and colour, or after a draw any card but the one
    drawn. A stacking answer or a jump-in is never one (the engine asks those to be genuine)."""
    card = play.card
    if card is None or view.seat is None or view.seat != view.turn:
        return False
    if view.phase is Phase.AFTER_DRAW:
        return card != view.drawn
    if view.phase is not Phase.AWAIT_TURN or view.to_act != view.seat or view.color is None:
        return False
    return not matches(card, view.discard[-1], view.color)


def _first(options: Sequence[Action]) -> Action | None:
    return options[0] if options else None


def _with_uno(choice: Action | None, options: Sequence[Action]) -> Action | None:
    """The same play calling Uno, when that is on offer (it leaves one card)."""
    if choice is None:
        return None
    called = dataclasses.replace(choice, uno=True)
    return called if called in options else choice


def _gentlest(personal: Sequence[Action]) -> Action | None:
    """Travel before Joker before Howler before Friendship; a Joker on the fewest seats for
    the fewest cards; otherwise the first offered."""

    def gentleness(play: Action) -> tuple[int, int, int]:
        assert play.card is not None
        return (PERSONAL_KINDS.index(play.card.kind), len(play.targets), play.count)

    return min(personal, key=gentleness, default=None)


def _least_valuable(gifts: Sequence[Action]) -> Action | None:
    """A Mambo's gift (§7.11.7): the card worth fewest points, the first offered of those."""
    return min(gifts, key=lambda gift: gift.card.points if gift.card else 0, default=None)


def _lead(leads: Sequence[Action], view: PlayerView | None) -> Action | None:
    """A Mambo's lead (§7.11.7), chosen as a play is: the first ordinary card, else the
    gentlest of those acting on a person; with Uno when it leaves one card."""
    personal = [lead for lead in leads if names_a_person(lead, view)]
    ordinary = [lead for lead in leads if lead not in personal]
    if ordinary:
        return _with_uno(ordinary[0], ordinary)
    return _with_uno(_gentlest(personal), personal)
