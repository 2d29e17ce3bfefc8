"""The theme-pack cards (RULES.md §7.11) as the tables tell them: whom a Mambo's next gift goes
to, and what an Invisibility block would stop.

A view says that a Mambo's gifts are under way (`AWAIT_GIFT`) or that the holder of the
Invisibility card is asked (`AWAIT_BLOCK`), not whom the gift goes to nor what the card aimed at
the holder would do. Both are public at a table (the gifts go round in turn order; the card is
on the pile for all to see), so they are read here from the view and the events seen so far:

- the next gift goes to the seat after the last one given to (after the Mambo's player at
  first), in the direction of play, skipping seats out of the game;
- the card aimed at the holder is the top card, played by `turn`; what it would do is its
  effect under the rules in force. A Joker's count is said once a seat before the holder has
  drawn for it; the holder asked first hears only that it would draw.

Every front end words it through `lastcard.words.prompts`: these functions give the facts and
the sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Card, EffectKind, Event, EventType, Kind, Phase, PlayerView, rule_facts

from .cards import card_name

MAMBO = Card(Kind.WILD_MAMBO)
INVISIBILITY = Card(Kind.WILD_INVISIBILITY)


def next_active(view: PlayerView, seat: int) -> int:
    """The seat after `seat` in the direction of play, skipping seats out of the game."""
    players = view.players
    following = (seat + view.direction) % players
    while not view.active[following] and following != seat:
        following = (following + view.direction) % players
    return following


def gift_to(view: PlayerView, events: Sequence[Event]) -> int | None:
    """§7.11.7: the seat the Mambo's next gift goes to, or None when no gift is due."""
    if view.phase is not Phase.AWAIT_GIFT:
        return None
    giver = view.turn
    last = giver
    for event in reversed(events):
        if event.type == EventType.GIFT and event.seat == giver:
            target = event.target
            if target is not None:
                last = target
            break
        if event.type == EventType.PLAY and event.seat == giver:
            break  # the Mambo itself: no gift yet
    return next_active(view, last)


def gifts_after(view: PlayerView, events: Sequence[Event]) -> list[int]:
    """The seats that get a gift after the next one, in order: the rest of the round up to the
    giver, as far as the giver's cards allow (they keep at least one)."""
    first = gift_to(view, events)
    if first is None or view.seat != view.turn:
        return []
    cards_left = len(view.hand or ()) - 1  # after the next gift
    seats: list[int] = []
    seat = next_active(view, first)
    while seat != view.turn and len(seats) < cards_left - 1:
        seats.append(seat)
        seat = next_active(view, seat)
    return seats


def threat(view: PlayerView, events: Sequence[Event], names: Sequence[str]) -> str:
    """§7.11.3: what the card aimed at you would do: "Basil's Red Draw Three would make you draw
    3". For a pending Wild Draw Four or stack, the total that would be drawn."""
    player = view.top_player if view.top_player is not None else view.turn
    card = view.top
    whose = f"{names[player]}'s {card_name(card)}"
    if view.phase in (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE):
        return f"{whose} would make you draw {view.pending_draw}"
    facts = rule_facts(view.rules)
    effect = facts.card_effect(card)
    kind = effect.kind
    if kind in (EffectKind.NEXT_DRAWS, EffectKind.OTHERS_DRAW):
        return f"{whose} would make you draw {effect.draws}"
    if kind is EffectKind.CHOSEN_DRAWS:
        count = _joker_count(events, player)
        return f"{whose} would make you draw {count if count else 'cards'}"
    if kind is EffectKind.SKIP or (
        kind is EffectKind.REVERSE and facts.reverse_skips_with_two and sum(view.active) == 2
    ):
        return f"{whose} would skip your turn"
    if kind is EffectKind.SWAP_HANDS:
        return f"{whose} would swap hands with you"
    if kind is EffectKind.REVEAL:
        return f"{whose} would show your hand to everyone"
    if kind is EffectKind.VIEW_HAND:
        return f"{whose} would show your hand to {names[player]}"
    return f"{whose} is aimed at you"


def _joker_count(events: Sequence[Event], player: int) -> int | None:
    """The cards each seat draws for the Joker just played, once a seat has drawn them."""
    for event in reversed(events):
        if event.type == EventType.DRAW and event.reason == "joker":
            owed: int = event.owed
            return owed
        if event.type == EventType.PLAY and event.seat == player:
            return None
    return None
