"""Positions for the tests, and the helpers that check what happens in them.

Two ways to build an exact position (RULES.md §9: "build states directly"):

- `position(hands, discard, ...)` writes a position in the one-line notation
  (`lastcard.core.notation`) and reads it back: the hands, the discard pile, whose turn it is,
  and every other field at its documented default unless given. Every card of the deck not
  placed lies in the stock beneath `stock_top` (the rest of the deck, in the fixed card order),
  so the deck is conserved unless `stock=` lists the whole stock. A test may also call
  `from_notation` itself: `position` is a shorthand for the common case.
- `stacked(...)` / `stacked_game(...)` stack the deck given to `new_game`, so that the engine
  does the real deal (§2.2) and the real first discard (§2.3-2.4).

`rig(state, ...)` changes fields of a state, taking card codes for cards. `rejected(...)` checks
a rejected action: its error `code` and that nothing changed (§5.2.1). `run(...)` applies
several actions and collects their events. `decide(bot, state)` is what a bot chooses.

pytest puts this directory on `sys.path` (`pythonpath` in pyproject.toml): test modules anywhere
under tests/ import it as `from positions import position, rejected, ...`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
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
    player_view,
)
from lastcard.bots import Bot
from lastcard.core.notation import REST, from_notation

Codes = str | Iterable[str]
Hands = Mapping[int, Codes] | Sequence[Codes]

SEED = 20240607


# -- cards -----------------------------------------------------------------------------------


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


# -- building positions ----------------------------------------------------------------------


def position(
    hands: Sequence[Codes],
    discard: Codes,
    *,
    rules: Rules | None = None,
    stock_top: Codes = (),
    stock: Codes | None = None,
    color: Color | str | None = None,
    direction: int = 1,
    phase: Phase = Phase.AWAIT_TURN,
    turn: int = 0,
    seed: int | None = None,
    base: GameState | None = None,
    **fields: Any,
) -> GameState:
    """A position with exactly these hands (seat by seat) and discard pile (bottom first: the
    last card is the top), `turn`'s to play unless `phase` says otherwise.

    `stock_top` lists the next cards drawn, first drawn first; the rest of the deck lies
    beneath them. `stock` instead gives the whole stock (first drawn first; `()` for none) and
    the deck is not conserved. A discard pile opening with `...` puts the rest of the deck
    beneath it instead. `color` defaults to the top card's colour. `seed` seeds the generator.
    `base` continues an existing game (its rules, hand number, dealer, scores, generator and
    history). Other `fields` (`to_act`, `dealer`, `top_player`, `exposed`, `drawn`, `scores`,
    ...) are set with `rig`.
    """
    if base is not None:
        rules = base.rules
    sections = [" / ".join(" ".join(codes(hand)) or "-" for hand in hands)]
    sections.append("discard " + " ".join(_words(discard)))
    if stock is None:
        sections.append(" ".join(["stock", REST, *reversed(codes(stock_top))]))
    else:
        sections.append("stock " + (" ".join(reversed(codes(stock))) or "-"))
    if color is not None:
        letter = color.value if isinstance(color, Color) else Color.from_letter(color).value
        sections.append(f"color {letter.lower()}")
    if direction == -1:
        sections.append("ccw")
    sections += [phase.value, f"turn {turn}"]
    if seed is not None:
        sections.append(f"rng {seed}")
    state = from_notation(" | ".join(sections), rules, check=False)
    if base is not None:
        state = dataclasses.replace(
            state,
            rng=base.rng,
            hand_number=base.hand_number,
            dealer=base.dealer,
            active=base.active,
            scores=base.scores,
            winners=base.winners,
            history=base.history,
        )
    return rig(state, **fields) if fields else state


def _words(value: Codes) -> list[str]:
    """Card codes, with the notation's `...` (the rest of the deck) passed through."""
    items = value.split() if isinstance(value, str) else list(value)
    return [item if item == REST else Card.from_code(item).code for item in items]


def rig(state: GameState, **changes: Any) -> GameState:
    """`dataclasses.replace(state, **changes)`, accepting card codes for the card fields.

    `hands` takes one entry per seat (codes), `stock` and `discard` take codes listed in the
    state's own order (the top card is the LAST one), `drawn`/`first_discard` take a code and
    `color` takes a letter ("r") or a `Color`; `scores` and `active` take any sequence (None:
    unchanged). The deck
    is not conserved automatically.
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
    for name in ("scores", "active", "uncaught"):
        if name in changes:
            if changes[name] is None:  # as if not given: the state keeps its own
                del changes[name]
            else:
                changes[name] = tuple(changes[name])
    return dataclasses.replace(state, **changes)


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


# -- acting ----------------------------------------------------------------------------------


def run(state: GameState, *steps: tuple[int, Any]) -> Transition:
    """Apply `(seat, action)` steps in order; returns the final state with all their events."""
    events: list[Event] = []
    for seat, action in steps:
        transition = apply(state, seat, action)
        state = transition.state
        events += transition.events
    return Transition(state, tuple(events))


def step(state: GameState, seat: int, action: str) -> Transition:
    """Apply an action that must be legal."""
    return apply(state, seat, action)


def act(state: GameState, seat: int, *actions: str) -> GameState:
    """Apply legal actions of one seat in order and return the final state."""
    for action in actions:
        state = apply(state, seat, action).state
    return state


def rejected(state: GameState, seat: int, action: Any, code: str) -> IllegalActionError:
    """Assert `apply(state, seat, action)` raises an `IllegalActionError` with this `code` and
    leaves the state exactly as it was (§5.2.1); returns the error."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        apply(state, seat, action)
    assert info.value.code == code, f"{action!r} by seat {seat}: {info.value}"
    assert state.to_dict() == before
    return info.value


def decide(bot: Bot, state: GameState, seat: int | None = None) -> str:
    """The code of the action `bot` chooses at `seat` (default: the seat to act) in `state`."""
    seat = state.to_act if seat is None else seat
    assert seat is not None
    choice = bot.choose(player_view(state, seat), legal_actions(state, seat))
    assert choice is not None
    return choice.code


# -- reading a state -------------------------------------------------------------------------


def action_codes(state: GameState, seat: int) -> list[str]:
    """The codes of `legal_actions(state, seat)`, in the engine's canonical order."""
    return [action.code for action in legal_actions(state, seat)]


def hand_of(state: GameState, seat: int) -> list[str]:
    """The codes of `seat`'s hand, in hand order."""
    return codes_of(state.hands[seat])


def sorted_hand(state: GameState, seat: int) -> list[str]:
    """A seat's hand as sorted card codes."""
    return sorted(card.code for card in state.hands[seat])


def sizes(state: GameState) -> list[int]:
    """Every seat's hand size."""
    return [len(hand) for hand in state.hands]


def all_cards(state: GameState) -> Counter[Card]:
    return Counter([*state.stock, *state.discard, *(c for h in state.hands for c in h)])


def hand_cards(state: GameState) -> Counter[Card]:
    return Counter(c for h in state.hands for c in h)


# -- reading events --------------------------------------------------------------------------


def event_types(transition: Transition) -> list[str]:
    """The event types of a transition, in order."""
    return types(transition.events)


def events_of(transition: Transition, type_: str) -> list[dict[str, Any]]:
    """The full (unredacted) events of one type, as dicts (including `type`)."""
    return of_type(transition.events, type_)


def event_data(transition: Transition, type_: str) -> list[dict[str, Any]]:
    """The full (unredacted) events of one type, as dicts without their `type`."""
    out = []
    for data in events_of(transition, type_):
        del data["type"]
        out.append(data)
    return out


def of_type(events: Iterable[Event], type_: str) -> list[dict[str, Any]]:
    """The full (unredacted) events of one type among `events`, as dicts (including `type`)."""
    return [event.to_dict() for event in events if event.type == type_]


def types(events: Iterable[Event]) -> list[str]:
    return [event.type for event in events]


def draws(events: Iterable[Event]) -> list[tuple[int, int]]:
    """(seat, count) of every draw event, in order."""
    return [(e["seat"], e["count"]) for e in of_type(events, "draw")]
