"""Effects that move or show whole hands (RULES.md §7.2, §7.9.1, §7.11.2, §7.11.8).

Apart from `effects` because an Invisibility block (`invisibility.resume`) carries out the same
moves once the holder has answered, and `effects` asks `invisibility` to pause them first.
"""

from __future__ import annotations

from .cards import Card
from .draft import Draft
from .events import Event, EventType
from .rng import shuffled
from .seats import next_active


def swap_hands(d: Draft, a: int, b: int) -> None:
    """§7.2.1: two seats exchange their whole hands."""
    d.hands[a], d.hands[b] = d.hands[b], d.hands[a]
    # A hand received from someone else owes no call (§4.2): no missed call is left to catch.
    d.uncaught = tuple(s for s in d.uncaught if s not in (a, b))
    d.emit(EventType.SWAP_HANDS, seats=[a, b], sizes=[len(d.hands[a]), len(d.hands[b])])


def rotate_hands(d: Draft, player: int, to_the_left: bool = False) -> None:
    """§7.2.2: every active hand passes to the next player in the current direction, or
    clockwise whatever the direction (`to_the_left`, Pirate's 0, §7.6.1)."""
    seats = d.seats_from(player)
    old = {seat: d.hands[seat] for seat in seats}
    direction = 1 if to_the_left else d.direction
    for seat in seats:
        d.hands[next_active(d.active, seat, direction)] = old[seat]
    d.uncaught = ()  # every hand changed owner (§4.2)
    d.emit(EventType.ROTATE_HANDS, direction=direction)


def shuffle_hands(d: Draft, player: int) -> None:
    """§7.9.1: gather every active hand, shuffle, deal one at a time from next(p) onwards."""
    seats = d.seats_from(d.next_seat(player))
    pool = [card for seat in seats for card in d.hands[seat]]
    cards, d.rng = shuffled(pool, d.rng)
    dealt: dict[int, list[Card]] = {seat: [] for seat in seats}
    for i, card in enumerate(cards):
        dealt[seats[i % len(seats)]].append(card)
    for seat in seats:
        d.hands[seat] = tuple(dealt[seat])
    d.uncaught = ()  # every hand was dealt anew (§4.2)
    d.emit(EventType.SHUFFLE_HANDS, sizes=[len(hand) for hand in d.hands])


def reveal_hand(d: Draft, target: int) -> None:
    """A hand shown to everyone at that moment (the `reveal` custom effect, as Howler §7.11.2)."""
    d.emit(EventType.REVEAL, seat=target, cards=[card.code for card in d.hands[target]])


def show_hand(d: Draft, player: int, target: int) -> None:
    """§7.11.8 Travel: `target`'s hand shown to `player` alone, at that moment."""
    cards = [card.code for card in d.hands[target]]
    d.events.append(
        Event(
            EventType.TRAVEL,
            {"seat": player, "target": target},
            {"cards": cards},
            frozenset({player}),
        )
    )
