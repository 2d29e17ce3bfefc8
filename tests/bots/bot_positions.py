"""Hands in progress for the bot tests: `position(...)` deals a real game, then sets the hands,
the top card, the colour and whose turn it is (RULES.md §9: "build states directly");
`decide(bot, state)` is the code of what a bot does there."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from lastcard import Card, Color, GameState, Phase, Rules, legal_actions, new_game, player_view
from lastcard.bots import Bot


def position(
    hands: Sequence[str],
    top: str,
    *,
    color: str | None = None,
    seat: int = 0,
    rules: Rules | None = None,
    stock_top: Sequence[str] = (),
    **changes: Any,
) -> GameState:
    """A hand in progress: `hands[s]` is seat s's hand (codes), `top` the discard on top, `seat`
    to play (or to respond, with `phase=`), the current colour `color` (default: the top's);
    `stock_top` are the next cards drawn, first listed first."""
    rules = rules if rules is not None else Rules()
    players = len(hands)
    state = new_game(players, rules, seed=1, dealer=players - 1)
    top_card = Card.from_code(top)
    stock = state.stock + tuple(Card.from_code(c) for c in reversed(stock_top))
    fields: dict[str, Any] = {
        "hands": tuple(tuple(Card.from_code(c) for c in hand.split()) for hand in hands),
        "discard": (top_card,),
        "stock": stock,
        "color": Color.from_letter(color) if color else top_card.color,
        "turn": seat,
        "to_act": seat,
        "phase": Phase.AWAIT_TURN,
        "pending_draw": 0,
        "drawn": None,
        "challenge": None,
        "exposed": None,
        "uncaught": (),
        "direction": 1,
        "top_player": (seat - 1) % players,
        "passes": 0,
    }
    fields.update(changes)
    return dataclasses.replace(state, **fields)


def decide(bot: Bot, state: GameState, seat: int | None = None) -> str:
    """The code of the action `bot` chooses at `seat` (default: the seat to act) in `state`."""
    seat = state.to_act if seat is None else seat
    assert seat is not None
    choice = bot.choose(player_view(state, seat), legal_actions(state, seat))
    assert choice is not None
    return choice.code
