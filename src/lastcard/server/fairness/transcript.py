"""The deal transcript: every use of the random stream and every card moved, recomputed by
replaying a record beside the engine (the steps are listed in the package's docstring)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lastcard.core import (
    Card,
    Event,
    EventType,
    GameRecord,
    GameState,
    Kind,
    LastcardError,
    replay_steps,
)
from lastcard.core.rng import RngState, draw_without_replacement, shuffled
from lastcard.core.seats import next_active, turn_order

Step = dict[str, Any]


# -- the deal transcript -----------------------------------------------------------------------


class TranscriptError(LastcardError):
    """The engine moved cards in a way the transcript cannot describe (a rule it does not know)."""

    code = "TRANSCRIPT"


def deal_transcript(record: GameRecord) -> list[Step]:
    """Every use of the random stream and every card moved, replaying `record` (see the module
    docstring). Raises what the replay raises for a record that does not replay."""
    return replay_with_transcript(record)[1]


def replay_with_transcript(record: GameRecord) -> tuple[GameState, list[Step]]:
    """The final state and the transcript, in one replay."""
    opening = record.open()
    follower = _Follower(record)
    follower.follow(opening.events, opening.state)
    state = opening.state
    for _, _, transition in replay_steps(record):
        follower.follow(transition.events, transition.state)
        state = transition.state
    return state, follower.steps


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


class _Follower:
    """Where every card is, moved as the events of each transition say, with the random stream
    run again beside the engine. After each transition it must agree with the engine's state
    (stock, discard pile, hands, direction, the stream's counter): a disagreement is a
    `TranscriptError`, never a transcript that silently describes another game."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.full_deck = record.rules.deck_cards()
        self.steps: list[Step] = []
        self.counter = 0
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(record.players)]
        self.direction = 1
        self.active: tuple[bool, ...] = (True,) * record.players
        self.player: int | None = None  # who played last: a hand shuffle deals from their left
        self.reshuffle_due = False  # a reshuffle event precedes the draw it happened in
        self.dealer_draw: Step | None = None  # shown after the `hand` step it belongs to
        self.actions = 0

    def follow(self, events: Sequence[Event], state: GameState) -> None:
        for event in events:
            handler = _HANDLERS.get(event.type)
            if handler is not None:
                handler(self, event)
        self._agree(state)
        self.active = state.active
        self.player = None

    def _agree(self, state: GameState) -> None:
        where = f"after action {self.actions}" if self.actions else "after the opening deal"
        self.actions += 1
        differs = [
            name
            for name, mine, theirs in (
                ("stock", tuple(self.stock), state.stock),
                ("discard pile", tuple(self.discard), state.discard),
                ("hands", tuple(map(tuple, self.hands)), state.hands),
                ("direction", self.direction, state.direction),
                ("stream counter", self.counter, state.rng.counter),
                ("reshuffle", self.reshuffle_due, False),
            )
            if mine != theirs
        ]
        if differs:
            raise TranscriptError(f"the transcript lost track of the {differs[0]} {where}")

    def _fail(self, problem: str) -> TranscriptError:
        return TranscriptError(f"the transcript cannot follow action {self.actions}: {problem}")

    # -- the stream ----------------------------------------------------------------------

    def _rng(self) -> RngState:
        return RngState(self.record.generator, self.record.seed, self.counter)

    def _shuffle(self, why: str, cards: Sequence[Card], **extra: Any) -> tuple[Card, ...]:
        output, after = shuffled(cards, self._rng())
        self.steps.append(
            {
                "op": "shuffle",
                "why": why,
                "counter": self.counter,
                "input": _codes(cards),
                "output": _codes(output),
                "next": after.counter,
                **extra,
            }
        )
        self.counter = after.counter
        return output

    # -- moves -----------------------------------------------------------------------------

    def _pop(self, code: str) -> Card:
        if not self.stock or self.stock[-1].code != code:
            raise self._fail(f"{code} is not the top of the stock")
        return self.stock.pop()

    def _take(self, seat: int, code: str) -> None:
        self.hands[seat].append(self._pop(code))
        self.steps.append({"op": "take", "card": code, "to": seat})

    def _turn(self, code: str) -> Card:
        card = self._pop(code)
        self.discard = [card]
        self.steps.append({"op": "turn", "card": code})
        return card

    def _move_hands(self, moves: list[list[int]]) -> None:
        old = [list(hand) for hand in self.hands]
        for source, target in moves:
            self.hands[target] = old[source]
        self.steps.append({"op": "move_hands", "moves": moves})

    # -- the events ------------------------------------------------------------------------

    def on_dealer_draw(self, event: Event) -> None:
        draws = event.data["draws"]
        start = self._rng()
        after = start  # the state after the last card turned
        turned = draw_without_replacement(self.full_deck, start)
        for (_, code), (card, state) in zip(draws, turned, strict=False):
            if card.code != code:
                raise self._fail(f"the dealer draw turned {card.code}, not {code}")
            after = state
        self.dealer_draw = {
            "op": "dealer_draw",
            "counter": start.counter,
            "input": _codes(self.full_deck),
            "output": [code for _, code in draws],
            "seats": [seat for seat, _ in draws],
            "next": after.counter,
        }
        self.counter = after.counter

    def on_deal(self, event: Event) -> None:
        number = event.data["hand"]
        dealer = event.data["dealer"]
        top = [Card.from_code(code) for code in self.record.deck or ()] if number == 1 else []
        self.steps.append({"op": "hand", "hand": number, "dealer": dealer, "top": _codes(top)})
        if self.dealer_draw is not None:
            self.steps.append(self.dealer_draw)
            self.dealer_draw = None
        rest = list(self.full_deck)
        for card in top:
            rest.remove(card)
        pile = [*top, *self._shuffle("deal", rest)]
        self.stock = pile[::-1]
        self.discard = []
        self.hands = [[] for _ in self.hands]
        self.direction = 1
        seats = turn_order(self.active, next_active(self.active, dealer, 1), 1)
        for _ in range(self.record.rules.hand_size):
            for seat in seats:
                self._take(seat, self.stock[-1].code)
        if [_codes(hand) for hand in self.hands] != event.secret["hands"]:
            raise self._fail("the deal gave other hands than the engine's")

    def on_first_discard_returned(self, event: Event) -> None:
        card = self._turn(event.data["card"])
        self.discard = []
        if self.record.rules.first_wd4 == "bottom":
            self.stock.insert(0, card)
            self.steps.append({"op": "return", "card": card.code, "to": "bottom"})
        else:
            self.steps.append({"op": "return", "card": card.code, "to": "shuffle"})
            self.stock = list(self._shuffle("first_discard", [*self.stock, card]))

    def on_first_discard(self, event: Event) -> None:
        self._turn(event.data["card"])

    def on_play(self, event: Event) -> None:
        seat, code = event.data["seat"], event.data["card"]
        hand = self.hands[seat]
        card = Card.from_code(code)
        if card not in hand:
            raise self._fail(f"seat {seat} plays {code}, which is not in their hand")
        hand.remove(card)
        self.discard.append(card)
        self.player = seat
        self.steps.append({"op": "play", "seat": seat, "card": code})

    def on_discard(self, event: Event) -> None:
        seat, code = event.data["seat"], event.data["card"]
        hand = self.hands[seat]
        card = Card.from_code(code)
        if card not in hand:
            raise self._fail(f"seat {seat} discards {code}, which is not in their hand")
        if not self.discard:
            raise self._fail(f"seat {seat} discards {code} beneath an empty discard pile")
        hand.remove(card)
        # Beneath the top card: a later reshuffle takes it with the rest of the pile.
        self.discard.insert(len(self.discard) - 1, card)
        self.steps.append({"op": "discard", "seat": seat, "card": code})

    def on_pirate_call(self, event: Event) -> None:
        # A false call moves no card here (the caller's draw is a `draw` event of its own); a
        # caught cheat puts the played card back in its player's hand, before the player draws.
        if not event.data["cheat"]:
            return
        player = event.data["player"]
        if len(self.discard) < 2:
            raise self._fail(f"seat {player}'s cheat is caught with no card played on the pile")
        card = self.discard.pop()
        self.hands[player].append(card)
        self.steps.append({"op": "take_back", "seat": player, "card": card.code})

    def on_block(self, event: Event) -> None:
        """§7.11.3: the Invisibility card goes from its holder's hand onto the pile, as a play."""
        seat = event.data["seat"]
        card = Card(Kind.WILD_INVISIBILITY)
        if card not in self.hands[seat]:
            raise self._fail(f"seat {seat} blocks without holding {card.code}")
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.steps.append({"op": "play", "seat": seat, "card": card.code})

    def on_gift(self, event: Event) -> None:
        """§7.11.7: a Mambo's player gives a card (told to the giver alone during play; the
        record, replayed, holds it)."""
        seat, target, code = event.data["seat"], event.data["target"], event.secret["given"]
        card = Card.from_code(code)
        if card not in self.hands[seat]:
            raise self._fail(f"seat {seat} gives {code}, which is not in their hand")
        self.hands[seat].remove(card)
        self.hands[target].append(card)
        self.steps.append({"op": "give", "seat": seat, "card": code, "to": target})

    def on_reshuffle(self, event: Event) -> None:
        if self.reshuffle_due:
            raise self._fail("two reshuffles in one draw")
        self.reshuffle_due = True

    def on_draw(self, event: Event) -> None:
        seat = event.data["seat"]
        for code in event.secret["cards"]:
            if not self.stock:
                if not self.reshuffle_due or len(self.discard) < 2:
                    raise self._fail("a card is drawn from an empty stock")
                self.reshuffle_due = False
                top = self.discard[-1]
                self.stock = list(self._shuffle("reshuffle", self.discard[:-1]))
                self.discard = [top]
            self._take(seat, code)

    def on_reverse(self, event: Event) -> None:
        self.direction = event.data["direction"]

    def on_swap_hands(self, event: Event) -> None:
        a, b = event.data["seats"]
        self._move_hands([[a, b], [b, a]])

    def on_rotate_hands(self, event: Event) -> None:
        direction = event.data["direction"]
        seats = [seat for seat, active in enumerate(self.active) if active]
        self._move_hands([[seat, next_active(self.active, seat, direction)] for seat in seats])

    def on_shuffle_hands(self, event: Event) -> None:
        if self.player is None:
            raise self._fail("the hands are shuffled without a card played")
        first = next_active(self.active, self.player, self.direction)
        seats = turn_order(self.active, first, self.direction)
        pool = [card for seat in seats for card in self.hands[seat]]
        cards = self._shuffle("shuffle_hands", pool, seats=seats)
        for seat in seats:
            self.hands[seat] = []
        for i, card in enumerate(cards):
            self.hands[seats[i % len(seats)]].append(card)


_HANDLERS: dict[EventType, Callable[[_Follower, Event], None]] = {
    EventType.DEALER_DRAW: _Follower.on_dealer_draw,
    EventType.DEAL: _Follower.on_deal,
    EventType.FIRST_DISCARD_RETURNED: _Follower.on_first_discard_returned,
    EventType.FIRST_DISCARD: _Follower.on_first_discard,
    EventType.PLAY: _Follower.on_play,
    EventType.DISCARD: _Follower.on_discard,
    EventType.PIRATE_CALL: _Follower.on_pirate_call,
    EventType.GIFT: _Follower.on_gift,
    EventType.BLOCK: _Follower.on_block,
    EventType.RESHUFFLE: _Follower.on_reshuffle,
    EventType.DRAW: _Follower.on_draw,
    EventType.REVERSE: _Follower.on_reverse,
    EventType.SWAP_HANDS: _Follower.on_swap_hands,
    EventType.ROTATE_HANDS: _Follower.on_rotate_hands,
    EventType.SHUFFLE_HANDS: _Follower.on_shuffle_hands,
}
