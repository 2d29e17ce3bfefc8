"""`UncheckedPosition`: the fields of an unchecked game (`lastcard.core.unchecked.FastGame`), every
field of `GameState` under the same name as a plain mutable one, with its way back to a
`GameState` and to a seat's `PlayerView`. Apart from the play itself (`FastGame`), which is the
hot loop of every search.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Color
from .draft import Draft
from .rng import RngState
from .rules import Rules
from .scoring import end_hand
from .state import GameState, HandResult, PendingChallenge, Phase
from .unchecked_coverage import FastGameError, unchecked_rules
from .view import PlayerView, _build_view

STATE_FIELDS = (
    *("rules", "players", "rng", "hand_number", "dealer", "hands", "stock", "discard"),
    *("color", "direction", "turn", "to_act", "phase", "active", "scores", "first_discard"),
    *("pending_draw", "drawn", "challenge", "exposed", "uncaught", "top_player", "passes"),
    *("hand_turns", "winners", "history"),
)
# The phases of a hand in progress: what a `FastGame` plays.
PLAYING_PHASES = frozenset(
    {Phase.AWAIT_TURN, Phase.AFTER_DRAW, Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_FIRST_COLOR}
)


class UncheckedPosition:
    """The position of a `FastGame` (see the module docstring)."""

    __slots__ = (*STATE_FIELDS, "_active_count", "_settings", "ended", "went_out")

    rules: Rules
    players: int
    rng: RngState
    hand_number: int
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    color: Color | None
    direction: int
    turn: int
    to_act: int | None
    phase: Phase
    active: tuple[bool, ...]
    scores: tuple[int, ...]
    first_discard: Card
    pending_draw: int
    drawn: Card | None
    challenge: PendingChallenge | None
    exposed: int | None
    uncaught: tuple[int, ...]
    top_player: int | None
    passes: int
    hand_turns: int
    winners: tuple[int, ...]
    history: tuple[HandResult, ...]
    ended: bool
    went_out: int | None

    def __init__(
        self,
        *,
        rules: Rules,
        players: int,
        rng: RngState,
        hand_number: int,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        discard: Sequence[Card],
        color: Color | None,
        direction: int,
        turn: int,
        to_act: int | None,
        phase: Phase,
        active: tuple[bool, ...],
        scores: tuple[int, ...],
        first_discard: Card,
        pending_draw: int = 0,
        drawn: Card | None = None,
        challenge: PendingChallenge | None = None,
        exposed: int | None = None,
        uncaught: tuple[int, ...] = (),
        top_player: int | None = None,
        passes: int = 0,
        hand_turns: int = 0,
        winners: tuple[int, ...] = (),
        history: tuple[HandResult, ...] = (),
    ) -> None:
        """The fields of `GameState` (the sequences are copied into lists). Raises
        `FastGameError` for rules `unsupported` names and for a hand that is over."""
        settings = unchecked_rules(rules)
        if settings.problem is not None:
            raise FastGameError(f"FastGame does not play {settings.problem}")
        if phase not in PLAYING_PHASES:
            raise FastGameError(f"FastGame plays a hand in progress, not phase {phase.value}")
        self._settings = settings
        self.rules = rules
        self.players = players
        self.rng = rng
        self.hand_number = hand_number
        self.dealer = dealer
        self.hands = [list(hand) for hand in hands]
        self.stock = list(stock)
        self.discard = list(discard)
        self.color = color
        self.direction = direction
        self.turn = turn
        self.to_act = to_act
        self.phase = phase
        self.active = active
        self._active_count = sum(active)
        self.scores = scores
        self.first_discard = first_discard
        self.pending_draw = pending_draw
        self.drawn = drawn
        self.challenge = challenge
        self.exposed = exposed
        self.uncaught = uncaught
        self.top_player = top_player
        self.passes = passes
        self.hand_turns = hand_turns
        self.winners = winners
        self.history = history
        self.ended = False
        self.went_out = None

    def to_state(self) -> GameState:
        """The `GameState` the engine would hold now; once the hand has ended, scored by the
        engine's `end_hand` exactly as `apply` scores it."""
        values = {name: getattr(self, name) for name in STATE_FIELDS}
        values["hands"] = tuple(tuple(hand) for hand in self.hands)
        values["stock"] = tuple(self.stock)
        values["discard"] = tuple(self.discard)
        state = GameState(**values)
        if not self.ended:
            return state
        draft = Draft(state)
        end_hand(draft, self.went_out)
        return draft.freeze()

    def view(self, seat: int) -> PlayerView:
        """`player_view(self.to_state(), seat)` while the hand is in progress, without building
        the state: what a bot is shown when it plays on a `FastGame` (a seat, never None)."""
        challenge = self.challenge
        to_act = self.to_act
        # The values in `PlayerView`'s field order, as `player_view` gives them.
        return _build_view(
            seat,
            self.players,
            self.rules,
            tuple(self.hands[seat]),
            tuple(map(len, self.hands)),
            tuple(self.discard),
            self.color,
            self.direction,
            len(self.stock),
            self.turn,
            to_act,
            self.phase,
            self.pending_draw,
            self.drawn if seat == self.turn and self.phase is Phase.AFTER_DRAW else None,
            to_act if challenge is not None else None,  # challengeable_by
            challenge.color if challenge is not None else None,  # challenge_color
            self.exposed,
            self.uncaught,
            self.top_player,
            self.passes,
            self.hand_turns,
            self.active,
            self.dealer,
            self.first_discard,
            self.hand_number,
            self.scores,
            self.winners,
            self.history,
            None,  # open_hands, cheat, pirate_color: a FastGame never plays Pirate
            None,
            None,
            None,  # gift_to, blocking: nor the theme cards
            None,
        )
