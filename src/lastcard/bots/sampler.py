"""`Sampler`: determinizations of one view, many at a time: the hidden hands dealt within what
the seat knows (`Knowledge`), as a `GameState` or an unchecked `FastGame` (see
`lastcard.bots.determinize` for what a sample promises).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from lastcard.core import Card, GameState, Kind, Phase, PlayerView
from lastcard.core.facts import EffectKind, rule_facts
from lastcard.core.matching import is_wd4_legal, matches
from lastcard.core.rng import RngState
from lastcard.core.state import PendingBlock, PendingChallenge
from lastcard.core.unchecked import FastGame, unsupported

from .knowledge import DeterminizationError, Knowledge, Void, unseen_pool
from .pirate import likely_joker
from .themes import next_gift_seat

_RESAMPLES = 8  # attempts at a sample that agrees with `bluff_odds`


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
        pool = unseen_pool(view)
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
