"""Setting up a game and each hand: the dealer draw, the deal and the first discard (§2, §6.6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from .cards import Card, Kind
from .draft import Draft
from .effects import FirstDiscard, Play, compile_rules
from .errors import RulesError, shown
from .events import Event, EventType, codes
from .rng import GENERATORS, RngState, draw_without_replacement, seed_problem, shuffled
from .rules import Rules
from .seats import next_active
from .state import GameState, Phase
from .transition import Transition


def dealer_draw(
    cards: Iterable[Card], seats: Sequence[int], non_number: str = "zero"
) -> tuple[int, list[tuple[int, Card]]]:
    """§2.1.1–2.1.3: the seats draw one card each from `cards` (top first) in seat order.

    Non-number cards count 0 (`"zero"`) or are set aside and drawn again (`"redraw"`). Tied
    highest seats draw again; if the cards run out, the lowest tied seat deals. Returns the
    dealer and every (seat, card) drawn, in order.

    >>> from lastcard.core.cards import Card
    >>> cards = [Card.from_code(c) for c in ["RS", "G5", "B5", "Y3", "R2", "R9"]]
    >>> dealer, draws = dealer_draw(cards, [0, 1, 2, 3])
    >>> dealer, [(seat, card.code) for seat, card in draws][4:]
    (2, [(1, 'R2'), (2, 'R9')])
    """
    pile = iter(cards)
    drawn: list[tuple[int, Card]] = []
    contenders = list(seats)
    while True:
        values: dict[int, int] = {}
        for seat in contenders:
            while True:
                card = next(pile, None)
                if card is None:
                    return min(contenders), drawn
                drawn.append((seat, card))
                if card.kind is Kind.NUMBER or non_number == "zero":
                    values[seat] = card.rank if card.rank is not None else 0
                    break
        best = max(values.values())
        contenders = [seat for seat in contenders if values[seat] == best]
        if len(contenders) == 1:
            return contenders[0], drawn


def new_game(
    players: int,
    rules: Rules | None = None,
    *,
    seed: int,
    dealer: int | None = None,
    deck: Sequence[str] | None = None,
    generator: str = "fast",
) -> GameState:
    """Create a game and deal its first hand.

    `dealer` fixes the dealer (no dealer draw). `deck` stacks the deck: the listed card codes
    are the top of the deck in that order — dealt one at a time from the dealer's left, then the
    first discard, then the stock — and the rest follows in seeded random order.
    `generator` is `"fast"` (simulations) or `"secure"` (tables with people at them).

    Seeds: the fast generator takes 0 to 2**64 - 1, the secure one 0 to 2**512 - 1; a secure
    game should be dealt from 128 unguessable bits (`lastcard.table.fresh_seed`). Any other
    seed, and any other invalid argument, raises `RulesError`.
    """
    return open_game(players, rules, seed=seed, dealer=dealer, deck=deck, generator=generator).state


def open_game(
    players: int,
    rules: Rules | None = None,
    *,
    seed: int,
    dealer: int | None = None,
    deck: Sequence[str] | None = None,
    generator: str = "fast",
) -> Transition:
    """`new_game` with the events of the opening: the dealer draw, the deal, the first discard
    and whatever it did (for narrators and logs)."""
    rules = rules if rules is not None else Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules, not {shown(rules)}")
    rules.check_players(players)
    if type(generator) is not str or generator not in GENERATORS:
        raise RulesError(f"unknown generator {shown(generator)}: use one of {GENERATORS}")
    problem = seed_problem(seed, generator)
    if problem is not None:
        raise RulesError(problem)
    if dealer is not None and not (type(dealer) is int and 0 <= dealer < players):
        raise RulesError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    full_deck = rules.deck_cards()
    top = _stacked_top(deck, full_deck) if deck is not None else ()
    empty: tuple[Card, ...] = ()
    state = GameState(
        rules=rules,
        players=players,
        rng=RngState(generator, seed),
        hand_number=0,
        dealer=0,
        hands=(empty,) * players,
        stock=full_deck,
        discard=empty,
        color=None,
        direction=1,
        turn=0,
        to_act=None,
        phase=Phase.HAND_OVER,
        active=(True,) * players,
        scores=(0,) * players,
        first_discard=full_deck[0],
    )
    d = Draft(state)
    start_hand(d, dealer, top)
    return Transition(d.freeze(), tuple(d.events))


def _stacked_top(codes_: Sequence[str], full_deck: Sequence[Card]) -> tuple[Card, ...]:
    if isinstance(codes_, str) or not isinstance(codes_, Sequence):
        raise RulesError(f"a stacked deck is a list of card codes, not {shown(codes_)}")
    if len(codes_) > len(full_deck):
        raise RulesError(
            f"the stacked deck lists {len(codes_)} cards; the deck has {len(full_deck)}"
        )
    cards = tuple(Card.from_code(code) for code in codes_)
    available = Counter(full_deck)
    for card, count in Counter(cards).items():
        if count > available[card]:
            raise RulesError(
                f"the stacked deck lists {card.code} {count} times; "
                f"the deck holds {available[card]}"
            )
    return cards


def start_hand(d: Draft, dealer: int | None = None, top: Sequence[Card] = ()) -> None:
    """Gather every card, choose the dealer, shuffle, deal and turn the first discard (§6.6.1)."""
    rules = d.rules
    full_deck = rules.deck_cards()
    seats = [s for s in range(d.players) if d.active[s]]
    d.hand_number += 1
    if dealer is None:
        if d.hand_number > 1 and rules.dealer_each_hand == "rotate":
            d.dealer = _next_active(d, d.dealer)
        else:
            d.dealer, draws = _draw_for_dealer(d, full_deck, seats)
            d.emit(EventType.DEALER_DRAW, draws=[[s, c.code] for s, c in draws], dealer=d.dealer)
    else:
        d.dealer = dealer
    # The stacked cards go on top in the given order; the rest is shuffled beneath them.
    rest = list(full_deck)
    for card in top:
        rest.remove(card)
    shuffled_rest, d.rng = shuffled(rest, d.rng)
    pile = list(top) + list(shuffled_rest)  # top of the deck first
    d.hands = [() for _ in range(d.players)]
    d.direction = 1
    order = [_next_active(d, d.dealer)]
    while len(order) < len(seats):
        order.append(_next_active(d, order[-1]))
    dealt: dict[int, list[Card]] = {seat: [] for seat in seats}
    position = 0
    for _ in range(rules.hand_size):
        for seat in order:
            dealt[seat].append(pile[position])
            position += 1
    for seat in seats:
        d.hands[seat] = tuple(dealt[seat])
    d.stock = tuple(reversed(pile[position:]))  # the stock's top is its last element
    d.discard = ()
    d.pending_draw = d.passes = d.hand_turns = 0
    d.drawn = d.challenge = d.exposed = d.top_player = None
    d.uncaught = ()
    d.color = None
    # Each seat learns its own cards from its view; the full event keeps them for logs.
    d.events.append(
        Event(
            EventType.DEAL,
            {"hand": d.hand_number, "dealer": d.dealer, "sizes": [len(h) for h in d.hands]},
            {"hands": [codes(h) for h in d.hands]},
        )
    )
    turn_first_discard(d)


def _draw_for_dealer(
    d: Draft, full_deck: Sequence[Card], seats: Sequence[int]
) -> tuple[int, list[tuple[int, Card]]]:
    """§2.1 from a shuffled deck. Cards are turned from a lazy shuffle (the same order a full
    shuffle would give), so only the few numbers the draw needs are generated."""
    turned = draw_without_replacement(full_deck, d.rng)

    def cards() -> Iterator[Card]:
        for card, d.rng in turned:
            yield card

    return dealer_draw(cards(), seats, d.rules.dealer_draw_non_number)


def _next_active(d: Draft, seat: int) -> int:
    """The next active seat clockwise (dealing always goes to the left, §2.2.1)."""
    return next_active(d.active, seat, 1)


def turn_first_discard(d: Draft) -> None:
    """§2.3–2.4: turn the top card of the stock and apply its first-discard treatment."""
    variant = compile_rules(d.rules)
    while True:
        card = d.stock[-1]
        d.stock = d.stock[:-1]
        treatment = variant.first_discard[card.kind]
        if treatment != FirstDiscard.REDRAW:
            break
        # §2.4: returned to the stock, which is reshuffled (or the card goes to the bottom).
        d.emit(EventType.FIRST_DISCARD_RETURNED, card=card.code)
        if all(variant.first_discard[c.kind] == FirstDiscard.REDRAW for c in d.stock):
            raise RulesError("the stock holds no card that can start the discard pile (§2.4.1)")
        if d.rules.first_wd4 == "bottom":
            d.stock = (card, *d.stock)
        else:
            d.stock, d.rng = shuffled((*d.stock, card), d.rng)
    d.discard = (card,)
    d.first_discard = card
    d.color = card.color
    d.emit(EventType.FIRST_DISCARD, card=card.code, dealer=d.dealer)
    first = d.next_seat(d.dealer)
    if treatment == FirstDiscard.NONE:
        d.give_turn(first)
    elif treatment == FirstDiscard.CHOOSE_COLOR:
        d.phase = Phase.AWAIT_FIRST_COLOR
        d.turn = first
        d.to_act = d.dealer if d.rules.first_wild == "dealer_chooses" else first
    elif (
        card.kind is Kind.REVERSE
        and d.rules.first_reverse == "dealer_starts"
        and d.active_count > 2
    ):
        d.direction = -1  # §2.4: the older wording: the dealer plays first, counter-clockwise
        d.emit(EventType.REVERSE, direction=d.direction)
        d.give_turn(d.dealer)
    else:
        variant.effects[card.kind](d, Play(d.dealer, card, first=True))


def next_hand(d: Draft) -> None:
    """§6.6: deal the next hand of a game that is not over."""
    start_hand(d)
