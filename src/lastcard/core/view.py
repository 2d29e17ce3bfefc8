"""What one seat may know: `PlayerView` (RULES.md §5.6, DESIGN.md §5).

A view has no field that could hold another player's cards, the stock's order or the
generator's state. Bots, the terminal, the server and RL observations consume views, never a
`GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color
from .rules import Rules
from .state import GameState, HandResult, Phase


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as `seat` sees it (`seat` None: a spectator, who sees no hand)."""

    seat: int | None
    players: int
    rules: Rules
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    color: Color | None
    direction: int
    stock_size: int
    turn: int
    to_act: int | None
    phase: Phase
    pending_draw: int
    drawn: Card | None  # the card this seat just drew, while it decides to play or keep it
    challengeable_by: int | None  # who may challenge the WD4 on top, if anyone
    challenge_color: Color | None  # the colour that WD4's legality is judged against
    exposed: int | None
    uncaught: tuple[int, ...]  # seats whose missed Uno call can no longer be caught
    top_player: int | None
    passes: int
    active: tuple[bool, ...]
    dealer: int
    first_discard: Card
    hand_number: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    history: tuple[HandResult, ...]

    @property
    def top(self) -> Card:
        return self.discard[-1]


def player_view(state: GameState, seat: int | None) -> PlayerView:
    """The part of `state` that `seat` may see; `None` gives a spectator's view."""
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} in this game")
    own_turn = seat is not None and seat == state.turn and state.phase is Phase.AFTER_DRAW
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        hand=state.hands[seat] if seat is not None else None,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        discard=state.discard,
        color=state.color,
        direction=state.direction,
        stock_size=len(state.stock),
        turn=state.turn,
        to_act=state.to_act,
        phase=state.phase,
        pending_draw=state.pending_draw,
        drawn=state.drawn if own_turn else None,
        challengeable_by=state.to_act if state.challenge is not None else None,
        challenge_color=state.challenge.color if state.challenge is not None else None,
        exposed=state.exposed,
        uncaught=state.uncaught,
        top_player=state.top_player,
        passes=state.passes,
        active=state.active,
        dealer=state.dealer,
        first_discard=state.first_discard,
        hand_number=state.hand_number,
        scores=state.scores,
        winners=state.winners,
        history=state.history,
    )
