"""Exact positions for the challenge, stock, Uno and scoring tests (RULES.md §3.7–§3.11, §4, §6).

`position(...)` deals a real game with `new_game` and then rigs it with `dataclasses.replace`
("build states directly", RULES.md §9): the hands, the discard pile, the stock, whose turn it is.
Unless a stock is given explicitly, every card of the deck not placed anywhere else goes into the
stock beneath `stock_top`, so the deck is conserved (`state.deck_size` equals the deck size).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from lastcard import (
    Card,
    Color,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    Transition,
    apply,
    legal_actions,
    new_game,
)

Codes = str | Iterable[str]


def cards(codes: Codes) -> tuple[Card, ...]:
    """`"R5 G+2 W"` or `["R5", "G+2", "W"]` -> cards, in the order given."""
    if isinstance(codes, str):
        codes = codes.split()
    return tuple(Card.from_code(code) for code in codes)


def codes_of(cards_: Iterable[Card]) -> list[str]:
    return [card.code for card in cards_]


def position(
    players: int,
    hands: Sequence[Codes],
    discard: Codes,
    *,
    rules: Rules | None = None,
    base: GameState | None = None,
    color: Color | None = None,
    turn: int = 0,
    stock_top: Codes = (),
    stock: Codes | None = None,
    direction: int = 1,
    scores: Sequence[int] | None = None,
    top_player: int | None = None,
    seed: int = 1,
    **extra: Any,
) -> GameState:
    """A state in `AWAIT_TURN(turn)` with exactly these hands and discard pile.

    `discard` lists the pile bottom first: its first card is recorded as the hand's first
    discard, its last card is the top card. `stock_top` lists the next cards to be drawn, first
    drawn first; the rest of the deck lies beneath them. With `stock` given, the stock is exactly
    those cards (first drawn first) and the deck is not conserved. `color` defaults to the top
    card's colour. `base` rigs an existing game (later hands) instead of dealing a new one;
    `extra` fields are passed to `dataclasses.replace`.
    """
    if base is None:
        base = new_game(players, rules or Rules(), seed=seed, dealer=0)
    assert base.players == players
    hand_cards = tuple(cards(hand) for hand in hands)
    assert len(hand_cards) == players
    pile = cards(discard)
    assert pile, "the discard pile needs a top card"
    if stock is None:
        top = cards(stock_top)
        used = Counter(pile) + Counter(top)
        for hand in hand_cards:
            used += Counter(hand)
        available = Counter(base.rules.deck_cards())
        too_many = {c.code: n for c, n in used.items() if n > available[c]}
        assert not too_many, f"more copies than the deck holds: {too_many}"
        rest = sorted((available - used).elements(), key=lambda c: c.code)
        stock_cards = (*rest, *reversed(top))
    else:
        stock_cards = tuple(reversed(cards(stock)))
    top_card = pile[-1]
    if color is None:
        assert top_card.color is not None, "give the declared colour of a wild top card"
        color = top_card.color
    fields: dict[str, Any] = {
        "hands": hand_cards,
        "stock": stock_cards,
        "discard": pile,
        "color": color,
        "direction": direction,
        "turn": turn,
        "to_act": turn,
        "phase": Phase.AWAIT_TURN,
        "pending_draw": 0,
        "drawn": None,
        "challenge": None,
        "exposed": None,
        "uncaught": (),
        "top_player": top_player,
        "passes": 0,
        "first_discard": pile[0],
    }
    if scores is not None:
        fields["scores"] = tuple(scores)
    fields.update(extra)
    return dataclasses.replace(base, **fields)


def run(state: GameState, *steps: tuple[int, str]) -> Transition:
    """Apply `(seat, action)` steps in order; the last transition, with every event collected."""
    events: list[Event] = []
    transition = Transition(state, ())
    for seat, action in steps:
        transition = apply(transition.state, seat, action)
        events += transition.events
    return Transition(transition.state, tuple(events))


def rejected(state: GameState, seat: int, action: str, code: str) -> IllegalActionError:
    """Assert the action is rejected with `code` and leaves the state exactly as it was (5.2.1)."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        apply(state, seat, action)
    assert info.value.code == code, info.value
    assert state.to_dict() == before
    return info.value


def events_of(transition: Transition, type_: str) -> list[dict[str, Any]]:
    """The full (unredacted) events of one type, as dicts without their `type`."""
    out = []
    for event in transition.events:
        if event.type == type_:
            data = event.to_dict()
            del data["type"]
            out.append(data)
    return out


def event_types(transition: Transition) -> list[str]:
    return [event.type for event in transition.events]


def sizes(state: GameState) -> list[int]:
    return [len(hand) for hand in state.hands]


def action_codes(state: GameState, seat: int) -> list[str]:
    return [action.code for action in legal_actions(state, seat)]
