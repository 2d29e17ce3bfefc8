"""Shared helpers for the core engine tests.

Two ways to build an exact position (RULES.md §9: "build states directly"):

- `stacked(...)` / `stacked_game(...)` stack the deck given to `new_game`, so a test can say
  "seat 1 holds R5, B7; the first discard is G3; the next card drawn is Y9" and let the engine do
  the real deal (§2.2) and the real first discard (§2.3-2.4).
- `rig(...)` changes fields of an existing state with `dataclasses.replace`, taking card codes
  instead of `Card` objects, for positions in the middle of a hand.

`rejected(...)` checks a rejected action: its error `code` and that `state.to_dict()` did not
change (§5.2.1). `run(...)` applies several actions and collects their events.

Import the helpers with `from conftest import stacked, rejected, ...` (pytest puts this directory
on `sys.path`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from lastcard import (
    Card,
    Color,
    Event,
    GameState,
    IllegalActionError,
    Rules,
    Transition,
    apply,
    legal_actions,
    new_game,
)

Codes = str | Iterable[str]
Hands = Mapping[int, Codes] | Sequence[Codes]


def codes(value: Codes | Iterable[Card]) -> list[str]:
    """`"R5 G+2 W"`, `["R5", "G+2", "W"]` or `Card`s -> `["R5", "G+2", "W"]` (canonical)."""
    items = value.split() if isinstance(value, str) else list(value)
    return [item.code if isinstance(item, Card) else Card.from_code(item).code for item in items]


def cards(value: Codes | Iterable[Card]) -> tuple[Card, ...]:
    """Card codes (a space-separated string or an iterable) -> `Card`s, in the order given."""
    return tuple(Card.from_code(code) for code in codes(value))


def codes_of(cards_: Iterable[Card]) -> list[str]:
    """`Card`s -> their codes, in order."""
    return [card.code for card in cards_]


def deal_order(players: int, dealer: int) -> list[int]:
    """The seats in the order they receive cards: the dealer's left first, clockwise (§2.2.1)."""
    return [(dealer + 1 + i) % players for i in range(players)]


def stacked(
    players: int,
    hands: Hands,
    first_discard: str,
    stock_top: Codes = (),
    *,
    dealer: int = 0,
    rules: Rules | None = None,
) -> list[str]:
    """The `deck=` list for `new_game` that deals exactly these hands.

    `hands` gives every seat's hand, either as a sequence indexed by seat or as a mapping
    seat -> codes; each hand must hold exactly `rules.hand_size` cards (use
    `Rules(hand_size=2)` and the like for small positions). `first_discard` is the card turned
    up first; `stock_top` lists the next cards of the stock, first drawn first (the rest of the
    stock is the remaining deck in seeded random order). Pass the same `dealer` to `new_game`.

    >>> stacked(2, {0: "R1 R2", 1: "B1 B2"}, "G5", "Y7", rules=Rules(hand_size=2))
    ['B1', 'R1', 'B2', 'R2', 'G5', 'Y7']
    """
    rules = rules if rules is not None else Rules()
    by_seat = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
    if sorted(by_seat) != list(range(players)):
        raise ValueError(f"give a hand for every seat 0..{players - 1}, not {sorted(by_seat)}")
    parsed = {seat: codes(hand) for seat, hand in by_seat.items()}
    for seat, hand in parsed.items():
        if len(hand) != rules.hand_size:
            raise ValueError(
                f"seat {seat} is given {len(hand)} cards; the hand size is {rules.hand_size}"
            )
    deck: list[str] = []
    for index in range(rules.hand_size):
        for seat in deal_order(players, dealer):
            deck.append(parsed[seat][index])
    deck.append(Card.from_code(first_discard).code)
    deck += codes(stock_top)
    return deck


def stacked_game(
    players: int,
    hands: Hands,
    first_discard: str,
    stock_top: Codes = (),
    *,
    dealer: int = 0,
    rules: Rules | None = None,
    seed: int = 0,
) -> GameState:
    """`new_game` with the deck stacked by `stacked(...)` and a fixed dealer (no dealer draw)."""
    rules = rules if rules is not None else Rules()
    deck = stacked(players, hands, first_discard, stock_top, dealer=dealer, rules=rules)
    return new_game(players, rules, seed=seed, dealer=dealer, deck=deck)


def rig(state: GameState, **changes: Any) -> GameState:
    """`dataclasses.replace(state, **changes)`, accepting card codes for the card fields.

    `hands` takes one entry per seat (codes), `stock` and `discard` take codes listed in the
    state's own order (the top card is the LAST one), `drawn`/`first_discard` take a code and
    `color` takes a letter ("r") or a `Color`. The deck is not conserved automatically.
    """
    if "hands" in changes:
        changes["hands"] = tuple(cards(hand) for hand in changes["hands"])
    for name in ("stock", "discard"):
        if name in changes:
            changes[name] = cards(changes[name])
    for name in ("drawn", "first_discard"):
        if isinstance(changes.get(name), str):
            changes[name] = Card.from_code(changes[name])
    if isinstance(changes.get("color"), str):
        changes["color"] = Color.from_letter(changes["color"])
    return dataclasses.replace(state, **changes)


def hand_of(state: GameState, seat: int) -> list[str]:
    """The codes of `seat`'s hand, in hand order."""
    return codes_of(state.hands[seat])


def sizes(state: GameState) -> list[int]:
    """Every seat's hand size."""
    return [len(hand) for hand in state.hands]


def rejected(state: GameState, seat: int, action: Any, code: str) -> IllegalActionError:
    """Assert `apply(state, seat, action)` raises an `IllegalActionError` with this `code` and
    leaves the state exactly as it was (§5.2.1); returns the error."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        apply(state, seat, action)
    assert info.value.code == code, str(info.value)
    assert state.to_dict() == before
    return info.value


def run(state: GameState, *steps: tuple[int, Any]) -> Transition:
    """Apply `(seat, action)` steps in order; returns the final state with all their events."""
    events: list[Event] = []
    for seat, action in steps:
        transition = apply(state, seat, action)
        state = transition.state
        events += transition.events
    return Transition(state, tuple(events))


def event_types(transition: Transition) -> list[str]:
    """The event types of a transition, in order."""
    return [event.type for event in transition.events]


def events_of(transition: Transition, type_: str) -> list[dict[str, Any]]:
    """The full (unredacted) events of one type, as dicts (including `type`)."""
    return [event.to_dict() for event in transition.events if event.type == type_]


def action_codes(state: GameState, seat: int) -> list[str]:
    """The codes of `legal_actions(state, seat)`, in the engine's canonical order."""
    return [action.code for action in legal_actions(state, seat)]
