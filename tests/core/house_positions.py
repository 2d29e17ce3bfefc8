"""Position builders and assertion helpers for the house-rule tests.

Positions are built directly (RULES.md §9: "tests should build states directly"): a game is
created with `new_game` and then its hands, piles, turn and phase are replaced. Every card of the
deck stays somewhere (hands, discard pile or stock) unless `rest=None` is asked for, so
`state.deck_size` still equals the size of the deck.
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

SEED = 20240607


def cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.from_code(code) for code in codes)


def rig(
    rules: Rules,
    hands: Sequence[Sequence[str]],
    top: str,
    *,
    below: Sequence[str] = (),
    stock: Sequence[str] = (),
    color: Color | None = None,
    turn: int = 0,
    to_act: int | None = None,
    direction: int = 1,
    phase: Phase = Phase.AWAIT_TURN,
    dealer: int | None = None,
    top_player: int | None = None,
    scores: Sequence[int] | None = None,
    active: Sequence[bool] | None = None,
    pending_draw: int = 0,
    rest: str | None = "stock",
) -> GameState:
    """A position with the given hands (seat by seat), discard pile (`below` then `top`) and
    stock (`stock` lists the next cards drawn, first drawn first).

    The unused cards of the deck go beneath the listed stock (`rest="stock"`), beneath the
    discard pile (`rest="discard"`), or are left out (`rest=None`, for positions that need an
    empty stock and a one-card discard pile).
    """
    players = len(hands)
    dealer = (turn - direction) % players if dealer is None else dealer
    base = new_game(players, rules, seed=SEED, dealer=dealer)
    hand_cards = tuple(cards(hand) for hand in hands)
    discard = cards([*below, top])
    stock_top = cards(stock)
    remaining = Counter(rules.deck_cards())
    for card in [*(c for hand in hand_cards for c in hand), *discard, *stock_top]:
        if remaining[card] <= 0:
            raise ValueError(f"position uses more {card.code} cards than the deck holds")
        remaining[card] -= 1
    rest_list: list[Card] = []
    for card in rules.deck_cards():
        if remaining[card] > 0:
            rest_list.append(card)
            remaining[card] -= 1
    rest_cards = tuple(rest_list)
    stock_cards = tuple(reversed(stock_top))  # the stock's top is its last element
    if rest == "stock":
        stock_cards = rest_cards + stock_cards
    elif rest == "discard":
        discard = rest_cards + discard
    elif rest is not None:
        raise ValueError(f"rest must be 'stock', 'discard' or None, not {rest!r}")
    top_card = discard[-1]
    if color is None:
        if top_card.is_wild:
            raise ValueError("a wild top card needs an explicit colour")
        color = top_card.color
    return dataclasses.replace(
        base,
        hands=hand_cards,
        stock=stock_cards,
        discard=discard,
        color=color,
        direction=direction,
        turn=turn,
        to_act=turn if to_act is None else to_act,
        phase=phase,
        active=tuple(active) if active is not None else (True,) * players,
        scores=tuple(scores) if scores is not None else (0,) * players,
        first_discard=discard[0],
        pending_draw=pending_draw,
        drawn=None,
        challenge=None,
        exposed=None,
        uncaught=(),
        top_player=top_player,
        passes=0,
        winners=(),
        history=(),
    )


def step(state: GameState, seat: int, action: str) -> Transition:
    """Apply an action that must be legal."""
    return apply(state, seat, action)


def act(state: GameState, seat: int, *actions: str) -> GameState:
    """Apply legal actions of one seat in order and return the final state."""
    for action in actions:
        state = apply(state, seat, action).state
    return state


def reject(state: GameState, seat: int, action: str, code: str) -> IllegalActionError:
    """Assert that the action is rejected with `code` and that nothing changed (§5.2.1)."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        apply(state, seat, action)
    assert info.value.code == code, f"{action!r} by seat {seat}: {info.value}"
    assert state.to_dict() == before
    return info.value


def legal(state: GameState, seat: int) -> list[str]:
    return [action.code for action in legal_actions(state, seat)]


def hand(state: GameState, seat: int) -> list[str]:
    """A seat's hand as sorted card codes."""
    return sorted(card.code for card in state.hands[seat])


def sizes(state: GameState) -> tuple[int, ...]:
    return tuple(len(h) for h in state.hands)


def of_type(events: Iterable[Event], type_: str) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events if event.type == type_]


def types(events: Iterable[Event]) -> list[str]:
    return [event.type for event in events]


def draws(events: Iterable[Event]) -> list[tuple[int, int]]:
    """(seat, count) of every draw event, in order."""
    return [(e["seat"], e["count"]) for e in of_type(events, "draw")]


def all_cards(state: GameState) -> Counter[Card]:
    return Counter([*state.stock, *state.discard, *(c for h in state.hands for c in h)])


def hand_cards(state: GameState) -> Counter[Card]:
    return Counter(c for h in state.hands for c in h)
