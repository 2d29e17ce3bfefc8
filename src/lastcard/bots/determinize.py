"""Sampling the hidden cards: a full `GameState` consistent with what one seat knows.

A search bot sees a `PlayerView`, never a `GameState` (DESIGN.md §5). To search it needs states,
so it *determinizes*: it deals the cards it cannot see at random, consistently with everything
it can see, and searches over many such samples (information-set Monte-Carlo tree search,
`lastcard.bots.ismcts`). The true state is never consulted: a sample is built from the view and
from what the seat observed.

What a sample keeps exactly (everything public, plus the seat's own hand):

- the seat's own hand, the whole discard pile, every hand size, the stock size, the colour, the
  direction, turn / to_act / phase, the pending draw, the seat's own drawn card, who is exposed
  and who is no longer catchable, the top card's player, the passes, who is active, the scores,
  the first discard, the winners, the history, the dealer and the hand number;
- cards the seat *knows* another hand holds (`Knowledge`, fed by the events the bot observes):
  a hand revealed to it by a challenge it made or by a public reveal, and the cards it passed to
  another hand in a swap or a rotation. They are a lower bound (a multiset the hand contains),
  updated as those seats play or discard (a discard round's card, §7.11.4, leaves its seat's
  hand face up for the discard pile, beneath the top card: public, like a play, so it is
  neither unseen nor in that hand any more).

The theme-pack cards (§7.11) add to what it knows: a Howler's public reveal and a Travel's
private view (the player of the Travel alone is told the cards) fix the whole hand as it was
then; a Friendship's swap is a swap, so what was known of each hand moves with it (and the
player knows exactly what it gave); a Mambo's gift (the giver alone is told the card) is a card
its receiver is known to hold, while a gift nobody else saw leaves the giver surely holding one
copy fewer of each card known of it (`lastcard.bots.themes.after_unseen_loss`); a Care-a-lot
discard is a public discard. A sample during a Mambo's gifts (phase `await_gift`) sends the
next gift where the events say it goes (`Knowledge.gift_after`). The Invisibility card (§7.11.3)
shows itself: a block plays it, and a seat asked to block, or letting an effect through, holds
it; a sample in which a block is asked rebuilds what waits from the card on top (its player's
effect on the seat asked; a Joker as `lastcard.bots.pirate` guesses its seats).

The rest is sampled: the unseen cards (`rules.deck_cards()` minus the own hand, the discard pile
and the known cards) are shuffled with the caller's `random.Random` and dealt to the other hands
by their sizes; what is left is the stock, in random order. The generator inside the sample is a
fresh `RngState("fast", ...)` drawn from the same `random.Random`, so later reshuffles are
sampled too.

Two kinds of *soft* evidence shape the samples (both can be switched off):

- **Voids** (`Knowledge.voids`): a seat that drew at the start of its turn, or passed, is taken
  to have held no card it could play then (true for players who draw only when they must; with
  voluntary draws a player may draw anyway, so this is a belief, not a fact). Of the cards it
  holds now, at most as many can match that top card and colour as it has received since. The
  deal honours these bounds when the unseen cards allow it.
- **Honest Wild Draw Fours** (`bluff_odds`): a player is assumed to play a Wild Draw Four while
  holding the colour it is judged against `bluff_odds` times as often as without (1: no
  assumption). A sample in which a pending WD4 is a bluff is kept with that probability, else
  dealt again (up to a few times), so the samples follow the posterior.

A pending Wild Draw Four challenge is rebuilt from the sampled hand of its player: `legal` is
judged against the colour the view says it is judged against (`view.challenge_color`). For the
seat's own Wild Draw Four the bot knows the answer (`Knowledge.wd4_legal`).

**Open hands** (Pirate rules, §7.6.2: `view.open_hands`). Every hand is on the table, so nothing
of them is sampled: a sample holds exactly the open hands, and only the order of the stock (the
unseen cards) is random; known cards and voids have nothing left to add. An open Pirate window
(§7.6.4) is rebuilt as the seat believes it (`lastcard.bots.pirate.PirateWatch.pending`, fed by
`Knowledge.pirate`): the cheat flag when the seat can tell, else fair (the likely case), and the
colour, the previous top card's player, the target and the Uno call of the play. Another seat's
drawn card (its after-draw phase) is the card the watch saw come into its hand, else a card of
that hand that matches.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lastcard.core import Card, Color, Event, EventType, GameState, Kind, Phase, PlayerView
from lastcard.core.facts import EffectKind, rule_facts
from lastcard.core.matching import is_wd4_legal, matches
from lastcard.core.rng import RngState
from lastcard.core.state import PendingBlock, PendingChallenge
from lastcard.core.unchecked import FastGame, unsupported

from .pirate import PirateWatch, likely_joker
from .themes import after_unseen_loss, next_gift_seat

T = TypeVar("T")
INVISIBILITY = Card(Kind.WILD_INVISIBILITY)
_RESAMPLES = 8  # attempts at a sample that agrees with `bluff_odds`


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

    def _on_colour(self, event: Event) -> None:
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
    EventType.COLOR: Knowledge._on_colour,
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
    return list(_unseen_pool(view).elements())


def _unseen_pool(view: PlayerView) -> Counter[Card]:
    """The multiset behind `unseen_cards`."""
    pool = Counter(view.rules.deck_cards())
    pool.subtract(view.hand or ())
    pool.subtract(view.discard)
    if any(count < 0 for count in pool.values()):
        raise DeterminizationError("the view shows more copies of a card than the deck holds")
    return pool


def determinize(
    view: PlayerView,
    rng: random.Random,
    knowledge: Knowledge | None = None,
    *,
    voids: bool = True,
    bluff_odds: float = 1.0,
) -> GameState:
    """A `GameState` consistent with `view` and `knowledge`, sampled with `rng`.

    Known cards that no longer fit (more than the hand holds, or cards that are not unseen) are
    dropped for that seat rather than trusted; void bounds that the unseen cards cannot honour
    are relaxed. `voids=False` ignores the voids; `bluff_odds` is described in the module
    docstring (1.0: samples uniform over the hands consistent with the facts).
    """
    return Sampler(view, knowledge, voids=voids, bluff_odds=bluff_odds).state(rng)


class Sampler:
    """`determinize` for many samples of one view: what every sample shares (the unseen cards,
    the known hands, the useful voids and which unseen cards each void bound counts) is worked
    out once. `state(rng)` and `fast_game(rng)` draw exactly what `determinize` draws from
    `rng`, so the same generator gives the same sample either way."""

    def __init__(
        self,
        view: PlayerView,
        knowledge: Knowledge | None = None,
        *,
        voids: bool = True,
        bluff_odds: float = 1.0,
    ) -> None:
        seat = view.seat
        if seat is None or view.hand is None:
            raise DeterminizationError("a spectator's view has no hand to search from")
        knowledge = knowledge if knowledge is not None else Knowledge()
        players = view.players
        sizes = view.hand_sizes
        pool = _unseen_pool(view)
        fixed: dict[int, list[Card]] = {}
        self.open_hands = view.open_hands
        if self.open_hands is not None:  # every hand is seen: only the stock is hidden
            for other, hand in enumerate(self.open_hands):
                if other != seat:
                    pool.subtract(hand)
            if any(count < 0 for count in pool.values()):
                raise DeterminizationError("the open hands hold more copies than the deck")
            voids = False  # nothing left to guess about the hands
        self.pirate = knowledge.pirate.pending(view)
        self.gift_to: int | None = None
        if view.phase is Phase.AWAIT_GIFT:
            last = knowledge.gift_after if knowledge.mambo_player == view.turn else None
            self.gift_to = next_gift_seat(view.active, view.turn, last, view.direction)
        self.block: PendingBlock | None = None
        if view.phase is Phase.AWAIT_BLOCK and view.to_act is not None:
            self.block = likely_block(view)
        self.their_drawn = knowledge.pirate.drawn_card(view)
        known = knowledge.known if self.open_hands is None else {}
        for other, cards in sorted(known.items()):
            if other == seat or not 0 <= other < players or not cards:
                continue
            need = Counter(cards)
            if len(cards) > sizes[other] or any(pool[c] < n for c, n in need.items()):
                continue  # knowledge that no longer fits: sample that hand freely instead
            pool.subtract(need)
            fixed[other] = list(cards)
        bounds: dict[int, list[Void]] = {}
        if voids:
            for other, found in knowledge.voids.items():
                useful = (
                    [v for v in found if v.since < sizes[other]] if 0 <= other < players else []
                )
                if useful and other != seat:
                    bounds[other] = useful
        self.view = view
        self.seat = seat
        self.bluff_odds = bluff_odds
        self.unseen = list(pool.elements())
        self.fixed = fixed
        self.bounds = bounds
        # For each bounded seat, the void bounds each card counts against (filled as met).
        self.hits: dict[int, dict[Card, tuple[int, ...]]] = {s: {} for s in bounds}
        challenger = view.challengeable_by
        self.wd4_player = view.top_player if challenger is not None else None
        self.own_wd4 = knowledge.wd4_legal if self.wd4_player == seat else None
        self.extra = knowledge.wd4_extra if knowledge.wd4_player == self.wd4_player else 0
        self.fast_rules = unsupported(view.rules) is None

    def _sample(
        self, rng: random.Random
    ) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], Card | None, PendingChallenge | None]:
        """The hidden cards: the hands, the stock, the drawn card and a pending challenge."""
        view = self.view
        if self.open_hands is not None:
            hands, stock, drawn = _deal_open(self, self.open_hands, rng)
            challenge = None
            if self.wd4_player is not None:
                challenge = _challenge(view, hands, self.own_wd4, self.extra)
            return hands, stock, drawn, challenge
        for attempt in range(_RESAMPLES):
            hands, stock, drawn = _deal(self, rng)
            challenge = None
            if self.wd4_player is not None:
                challenge = _challenge(view, hands, self.own_wd4, self.extra)
                if (
                    not challenge.legal
                    and challenge.player != self.seat
                    and attempt < _RESAMPLES - 1
                    and rng.random() >= self.bluff_odds
                ):
                    continue  # a bluff: kept only with probability bluff_odds
            break
        return hands, stock, drawn, challenge

    def state(self, rng: random.Random) -> GameState:
        """One sample, as `determinize` returns it."""
        fields = self._sampled_fields(rng)
        fields["hands"] = tuple(fields["hands"])
        if self.pirate is not None:
            fields["pirate"] = self.pirate
        if self.gift_to is not None:
            fields["gift_to"] = self.gift_to
        if self.block is not None:
            fields["block"] = self.block
        return GameState(**fields)

    def fast_game(self, rng: random.Random) -> FastGame:
        """The same sample as `state(rng)`, as a `FastGame` (rules `unsupported` does not name
        only: see `fast_rules`)."""
        return FastGame(**self._sampled_fields(rng))

    def _sampled_fields(self, rng: random.Random) -> dict[str, Any]:
        """One sample's fields: the hidden hands and stock dealt, the rest as the view has it
        (the generator draws in the same order for `state` and `fast_game`)."""
        hands, stock, drawn, challenge = self._sample(rng)
        view = self.view
        return {
            "rules": view.rules,
            "players": view.players,
            "rng": RngState("fast", rng.getrandbits(64)),
            "hand_number": view.hand_number,
            "dealer": view.dealer,
            "hands": hands,
            "stock": stock,
            "discard": view.discard,
            "color": view.color,
            "direction": view.direction,
            "turn": view.turn,
            "to_act": view.to_act,
            "phase": view.phase,
            "active": view.active,
            "scores": view.scores,
            "first_discard": view.first_discard,
            "pending_draw": view.pending_draw,
            "drawn": drawn,
            "challenge": challenge,
            "exposed": view.exposed,
            "uncaught": view.uncaught,
            "top_player": view.top_player,
            "passes": view.passes,
            "hand_turns": view.hand_turns,
            "winners": view.winners,
            "history": view.history,
        }


# What an Invisibility's holder is asked to block, by the effect of the card on top (§7.11.3):
# the `PendingBlock.what` of the engine, and the draw reason of a drawing effect.
_BLOCKED = {
    EffectKind.NEXT_DRAWS: "next_draws",
    EffectKind.SKIP: "skip",
    EffectKind.OTHERS_DRAW: "draws",
    EffectKind.CHOSEN_DRAWS: "draws",
    EffectKind.SWAP_HANDS: "swap",
    EffectKind.REVEAL: "reveal",
    EffectKind.VIEW_HAND: "view",
}
_DRAW_REASONS = {
    Kind.DRAW_TWO: "draw_two",
    Kind.DRAW_THREE: "draw_three",
    Kind.WILD_DRAW_FOUR: "wild_draw_four",
    Kind.WILD_DOWNPOUR_1: "wild_downpour",
    Kind.WILD_DOWNPOUR_2: "wild_downpour",
    Kind.WILD_CUSTOMIZABLE: "wild_customizable",
    Kind.WILD_JOKER: "joker",
}


def likely_block(view: PlayerView) -> PendingBlock:
    """The effect the seat to act in `view` is asked to block (§7.11.3), rebuilt from the card
    on top and its player (`view.turn`): what waits, the cards to draw and why, and for a Joker
    the seats it most likely named (the holder among them)."""
    top = view.top
    effect = rule_facts(view.rules).card_effect(top)
    what = _BLOCKED.get(effect.kind, "skip")
    count = effect.draws
    targets: tuple[int, ...] = ()
    if effect.kind is EffectKind.CHOSEN_DRAWS:
        count = 3
        targets = likely_joker(view)
        holder = view.to_act
        if holder is not None and holder not in targets:
            targets = tuple(sorted((*targets[:2], holder)))
    reason = _DRAW_REASONS.get(top.kind, "") if count else ""
    return PendingBlock(what, view.turn, count, reason, targets)


def _deal(
    sampler: Sampler, rng: random.Random
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], Card | None]:
    """The other hands (`fixed` cards plus random ones, within the void bounds), the stock and
    the drawn card."""
    view = sampler.view
    seat = sampler.seat
    assert view.hand is not None
    bounds = sampler.bounds
    sizes = view.hand_sizes
    rest = _shuffled(sampler.unseen, rng)
    held = {s: list(cards) for s, cards in sampler.fixed.items()}
    drawn = view.drawn
    if view.phase is Phase.AFTER_DRAW and view.turn != seat:
        # Another seat drew a card it may play: it must be a playable card in its hand.
        mine = held.setdefault(view.turn, [])
        drawn = _take_playable(rest, view, mine)
        if drawn not in mine:
            mine.append(drawn)
    hands: list[tuple[Card, ...]] = [()] * view.players
    hands[seat] = view.hand
    skipped: list[Card] = []
    # Constrained seats first, while the unseen cards offer the most choice.
    order = sorted((s for s in range(view.players) if s != seat), key=lambda s: s not in bounds)
    for s in order:
        hand = held.get(s, [])
        need = sizes[s] - len(hand)
        if need < 0:
            raise DeterminizationError(f"seat {s} is known to hold more than {sizes[s]} cards")
        limits = bounds.get(s)
        if limits:
            hits_of = sampler.hits[s]
            room = [v.since for v in limits]
            for card in hand:
                for i in _hits(hits_of, limits, card):
                    room[i] -= 1
            while need and rest:
                card = rest.pop()
                hits = _hits(hits_of, limits, card)
                for i in hits:
                    if room[i] <= 0:
                        skipped.append(card)
                        break
                else:
                    for i in hits:
                        room[i] -= 1
                    hand.append(card)
                    need -= 1
            if need:  # the bounds cannot all hold: fill up regardless
                rest = _shuffled(rest + skipped, rng)
                skipped = []
        if need:
            if len(rest) < need and skipped:
                # Cards an earlier constrained seat set aside are still unseen: without them
                # this seat would be dealt short and they would end up in the stock.
                rest = _shuffled(rest + skipped, rng)
                skipped = []
            hand += rest[-need:]
            del rest[-need:]
        hands[s] = tuple(hand)
    if skipped:
        rest = _shuffled(rest + skipped, rng)
    if len(rest) != view.stock_size:
        raise DeterminizationError(
            f"the cards do not add up: {len(rest)} unseen cards are left for a stock of "
            f"{view.stock_size}"
        )
    return hands, tuple(rest), drawn


def _deal_open(
    sampler: Sampler, open_hands: Sequence[tuple[Card, ...]], rng: random.Random
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], Card | None]:
    """Under open hands: the hands as they are, the unseen cards as the stock in a random
    order, and the drawn card."""
    view = sampler.view
    hands = list(open_hands)
    stock = tuple(_shuffled(sampler.unseen, rng))
    if len(stock) != view.stock_size:
        raise DeterminizationError(
            f"the cards do not add up: {len(stock)} unseen cards are left for a stock of "
            f"{view.stock_size}"
        )
    drawn = view.drawn
    if view.phase is Phase.AFTER_DRAW and view.turn != sampler.seat:
        hand = hands[view.turn]
        drawn = sampler.their_drawn
        if drawn is None or drawn not in hand:
            color = view.color
            assert color is not None
            playable = [card for card in hand if matches(card, view.top, color)]
            if not playable:
                raise DeterminizationError("no card of that hand could be the card just drawn")
            drawn = playable[-1]  # drawn cards come last
    return hands, stock, drawn


def _hits(known: dict[Card, tuple[int, ...]], limits: list[Void], card: Card) -> tuple[int, ...]:
    """The void bounds of `limits` that `card` counts against (it matches their top card and
    colour), remembered in `known`."""
    hits = known.get(card)
    if hits is None:
        hits = tuple(i for i, v in enumerate(limits) if matches(card, v.top, v.color))
        known[card] = hits
    return hits


def _shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A uniformly random order: sorting by random keys is several times faster than
    `random.shuffle` for a deck's worth of cards, and as deterministic given `rng`."""
    keys = [rng.random() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def _take_playable(rest: list[Card], view: PlayerView, held: Sequence[Card]) -> Card:
    """The card the drawing seat just drew: a playable unseen card, taken out of `rest` (it
    came from the stock, so not from the cards known to be in that hand, unless nothing else
    fits)."""
    color = view.color
    top = view.top
    assert color is not None
    # Without bluffing a drawn WD4 is playable only when legal: avoid that question.
    skip = "" if view.rules.wd4_bluffing else "W+4"
    for i in range(len(rest) - 1, -1, -1):
        card = rest[i]
        if matches(card, top, color) and card.code != skip:
            return rest.pop(i)
    for card in held:
        if matches(card, top, color):
            return card
    raise DeterminizationError("no unseen card could be the card just drawn")


def _challenge(
    view: PlayerView,
    hands: Sequence[tuple[Card, ...]],
    own_wd4_legal: bool | None,
    extra: int,
) -> PendingChallenge:
    player = view.top_player
    color = view.challenge_color
    if player is None or color is None:
        raise DeterminizationError("a pending challenge needs the Wild Draw Four's player")
    hand = hands[player]
    judged = hand[: max(0, len(hand) - extra)]  # sampled hands are in random order
    if player == view.seat and own_wd4_legal is not None:
        legal = own_wd4_legal
    else:
        legal = is_wd4_legal(judged, color)
    return PendingChallenge(player, legal, tuple(judged), color)
