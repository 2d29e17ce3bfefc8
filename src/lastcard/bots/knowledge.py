"""What a seat knows of the cards it cannot see (`Knowledge`, learnt from the events of its
game), and which cards those are (`unseen_cards`): what every determinization starts from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from lastcard.core import Card, Color, Event, EventType, Kind, Phase, PlayerView

from .pirate import PirateWatch
from .themes import after_unseen_loss

T = TypeVar("T")
INVISIBILITY = Card(Kind.WILD_INVISIBILITY)


class DeterminizationError(ValueError):
    """The view is not one a seat of a real game could see (its cards do not add up)."""


@dataclass
class Void:
    """A seat held no card playable on `top` with `color` current; it has received `since`
    cards after that (so at most `since` of the cards it holds now can be playable there)."""

    top: Card
    color: Color
    since: int = 0


@dataclass
class Knowledge:
    """What one seat has learnt about the others' hands during the current hand.

    Feed it every event the seat observes (`observe`; redacted events are enough) and the seat's
    views (`sync`). `known[s]` lists cards seat `s` is known to hold (a multiset lower bound);
    `voids[s]` the `Void`s of seat s. The seat's own hand is tracked between views, so that a
    swap tells it what it gave away.
    """

    seat: int | None = None
    hand_number: int = -1
    known: dict[int, list[Card]] = field(default_factory=dict)
    voids: dict[int, list[Void]] = field(default_factory=dict)
    hand: list[Card] | None = None  # the seat's own hand as far as events tell, None: unknown
    active: tuple[bool, ...] = ()
    top: Card | None = None
    color: Color | None = None
    wd4_legal: bool | None = None  # whether the seat's own last Wild Draw Four was legal
    wd4_player: int | None = None  # who played the Wild Draw Four on top
    wd4_extra: int = 0  # cards its player drew since (a catch), not part of the judged hand
    pirate: PirateWatch = field(default_factory=PirateWatch)  # open hands and windows (§7.6)
    # A Mambo under way (§7.11.7): its player, and the seat its last gift went to (None: none
    # yet); the next gift goes to the seat after that one.
    mambo_player: int | None = None
    gift_after: int | None = None

    def sync(self, view: PlayerView) -> None:
        """Take the facts of a fresh view: the own hand, the seats, the top card and colour."""
        if view.hand_number != self.hand_number:
            self.reset()
            self.hand_number = view.hand_number
        self.pirate.see(view)
        self.seat = view.seat
        self.active = view.active
        self.hand = list(view.hand) if view.hand is not None else None
        self.top = view.top if view.discard else None
        self.color = view.color
        if view.phase is Phase.AWAIT_BLOCK and view.to_act is not None:
            self.holds_invisibility(view.to_act)  # only its holder is asked (§7.11.3)

    def reset(self) -> None:
        self.known = {}
        self.voids = {}
        self.hand = None
        self.wd4_legal = None
        self.wd4_player = None
        self.wd4_extra = 0
        self.mambo_player = None
        self.gift_after = None

    def observe(self, event: Event) -> None:
        """Update from one event as this seat saw it (`Event.redact(seat)`)."""
        learn = _LEARN.get(event.type)
        if learn is not None:  # the other types change nothing it knows
            learn(self, event)
        self.pirate.observe(event)

    def _on_play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        self._remove(seat, card)
        self.top, self.color = card, event.color
        if card.code == "W+4":
            self.wd4_player, self.wd4_extra = seat, 0
        else:
            self.wd4_player = None
        if card.kind is Kind.WILD_MAMBO:
            self.mambo_player, self.gift_after = seat, None

    def _on_gift(self, event: Event) -> None:
        """A Mambo's gift (§7.11.7): the giver alone is told the card."""
        giver, target, given = event.seat, event.target, event.given
        if target is None:  # no gift event lacks its receiver
            return
        self.mambo_player, self.gift_after = giver, target
        for void in self.voids.get(target, ()):
            void.since += 1  # a card received may be one it lacked
        if given is not None:  # this seat gave it: it left its hand for the target's
            self._remove(giver, given)
            if target != self.seat:
                self.known.setdefault(target, []).append(given)
            return
        if target == self.seat:
            self.hand = None  # a card it will see in its next view
        if giver in self.known:
            self.known[giver] = after_unseen_loss(self.known[giver])

    def _on_block(self, event: Event) -> None:
        """A block (§7.11.3): the Invisibility card leaves the hand for the pile, with the
        colour it names."""
        self._remove(event.seat, INVISIBILITY)
        self.top, self.color = INVISIBILITY, event.color
        self.wd4_player = None

    def holds_invisibility(self, seat: int) -> None:
        """`seat` showed it holds the Invisibility card (it was asked to block, or allowed)."""
        if seat != self.seat:
            cards = self.known.setdefault(seat, [])
            if INVISIBILITY not in cards:
                cards.append(INVISIBILITY)

    def _on_travel(self, event: Event) -> None:
        """A Travel (§7.11.8): the player alone is told the whole hand of the target."""
        cards, target = event.cards, event.target
        if cards is not None and target is not None and target != self.seat:
            self.known[target] = list(cards)

    def _on_discard(self, event: Event) -> None:
        """A discard round's card (§7.11.4) left the hand for the discard pile; the top card
        and the colour stay."""
        self._remove(event.seat, event.card)

    def _on_first_discard(self, event: Event) -> None:
        self.top = event.card
        self.color = self.top.color

    def _on_color(self, event: Event) -> None:
        self.color = event.color

    def _on_challenge(self, event: Event) -> None:
        revealed = event.revealed
        if revealed is not None:
            self.known[event.player] = list(revealed)
        self.wd4_player = None

    def _on_accept(self, event: Event) -> None:
        self.wd4_player = None

    def _on_reveal(self, event: Event) -> None:
        self.known[event.seat] = list(event.cards or ())

    def _on_deal(self, event: Event) -> None:
        self.hand_number = event.hand
        self.reset()

    def _on_draw(self, event: Event) -> None:
        seat, count = event.seat, event.count
        if seat == self.wd4_player:
            self.wd4_extra += count
        for void in self.voids.get(seat, ()):
            void.since += count
        if event.reason == "turn":
            self._void(seat, count)
        if seat == self.seat and self.hand is not None:
            cards = event.cards
            if cards is None:
                self.hand = None
            else:
                self.hand += cards

    def _void(self, seat: int, since: int) -> None:
        if seat != self.seat and self.top is not None and self.color is not None:
            voids = self.voids.setdefault(seat, [])
            voids.append(Void(self.top, self.color, since))
            if len(voids) > 6:
                del voids[0]

    def _remove(self, seat: int, card: Card) -> None:
        if seat == self.seat:
            if self.hand is not None:
                if card in self.hand:
                    self.hand.remove(card)
                else:
                    self.hand = None
            return
        cards = self.known.get(seat)
        if cards and card in cards:
            cards.remove(card)

    def _swap(self, a: int, b: int) -> None:
        _exchange(self.known, a, b)
        _exchange(self.voids, a, b)
        me = self.seat
        if me in (a, b):
            other = b if me == a else a
            self.known.pop(me, None)
            self.voids.pop(me, None)
            if self.hand is not None:
                self.known[other] = self.hand  # what it gave away, exactly
            self.hand = None  # until the next view shows what it got

    def _rotate(self, direction: int) -> None:
        seats = [s for s, on in enumerate(self.active) if on]
        me = self.seat
        known: dict[int, list[Card]] = {}
        voids: dict[int, list[Void]] = {}
        n = len(seats)
        for i, seat in enumerate(seats):
            nxt = seats[(i + direction) % n]
            if nxt == me:
                continue
            cards = self.hand if seat == me else self.known.get(seat)
            if cards is not None:
                known[nxt] = cards
            if seat in self.voids:
                voids[nxt] = self.voids[seat]
        self.known, self.voids = known, voids
        self.hand = None

    def known_cards(self) -> dict[int, list[Card]]:
        return {seat: list(cards) for seat, cards in self.known.items() if cards}


# What each type of event changes in `Knowledge` (`Knowledge.observe`).
_LEARN: dict[EventType, Callable[[Knowledge, Event], None]] = {
    EventType.PLAY: Knowledge._on_play,
    EventType.DRAW: Knowledge._on_draw,
    EventType.DISCARD: Knowledge._on_discard,
    EventType.PASS: lambda knowledge, event: knowledge._void(event.seat, 0),
    EventType.FIRST_DISCARD: Knowledge._on_first_discard,
    EventType.COLOR: Knowledge._on_color,
    EventType.CHALLENGE: Knowledge._on_challenge,
    EventType.ACCEPT: Knowledge._on_accept,
    EventType.REVEAL: Knowledge._on_reveal,
    EventType.TRAVEL: Knowledge._on_travel,
    EventType.GIFT: Knowledge._on_gift,
    EventType.BLOCK: Knowledge._on_block,
    EventType.ALLOW: lambda knowledge, event: knowledge.holds_invisibility(event.seat),
    EventType.SWAP_HANDS: lambda knowledge, event: knowledge._swap(*event.seats),
    EventType.ROTATE_HANDS: lambda knowledge, event: knowledge._rotate(event.direction),
    # After these, what was known of the hands no longer holds.
    EventType.DEAL: Knowledge._on_deal,
    EventType.HAND_OVER: lambda knowledge, event: knowledge.reset(),
    EventType.SHUFFLE_HANDS: lambda knowledge, event: knowledge.reset(),
}


def _exchange(table: dict[int, T], a: int, b: int) -> None:
    va, vb = table.pop(a, None), table.pop(b, None)
    if vb is not None:
        table[a] = vb
    if va is not None:
        table[b] = va


def unseen_cards(view: PlayerView) -> list[Card]:
    """`rules.deck_cards()` minus the seat's own hand and the discard pile, in deck order."""
    return list(unseen_pool(view).elements())


def unseen_pool(view: PlayerView) -> Counter[Card]:
    """The multiset behind `unseen_cards`."""
    pool = Counter(view.rules.deck_cards())
    pool.subtract(view.hand or ())
    pool.subtract(view.discard)
    if any(count < 0 for count in pool.values()):
        raise DeterminizationError("the view shows more copies of a card than the deck holds")
    return pool
