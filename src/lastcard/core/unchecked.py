"""`FastGame`: one hand played in place, without validation, for search and rollouts.

`apply` checks every action, copies the state, builds events and freezes a new state (DESIGN.md
§2). A search that plays tens of thousands of actions a second from actions the engine itself
listed needs none of that: python-chess keeps an unchecked `push` beside its checked `push_san`
for the same reason. `FastGame` is the position as plain mutable fields: every field of
`GameState` under the same name (hands, stock and discard as lists, top last) and two more,
`ended` and `went_out`. `push(seat, action)` applies an action of `legal(seat)` in place; the
rollout helpers `play` and `draw_turn` take the parts of a play or a turn's draw without
building an `Action`.

**Exactly the engine's game.** For the rules it covers (`unsupported`) a `FastGame` reaches the
state `apply` reaches for the same actions: the same hands in the same order, stock, discard,
colour, direction, turn, phase, pending draw, challenge, Uno exposure, passes, turn count and
generator (a reshuffle calls the engine's own `shuffled`). `to_state()` gives that `GameState`,
scored by the engine's `end_hand` once the hand is over, so scores, history, winners and
phase are the engine's too (`tests/bots/test_fast_game.py` compares them action by action).
`legal(seat)` lists what `legal_actions` lists, in the same order, except jump-ins: a
`FastGame` plays a hand in which nobody jumps in, which is all a search simulates.
`playable()` and `may_draw()` give the turn's choices without `Action`s (the RL environments
write their action masks from them), and `view(seat)` is `player_view` of the position without
building the state (for bots playing on a `FastGame`; the RL single-agent environment's).

**Unchecked.** `push` trusts its caller: an action `legal` did not list may corrupt the game
rather than raise. There are no events and no record.

**The end of the hand.** When the hand ends (a player goes out, a full cycle of passes, the turn
limit) `ended` becomes True, `went_out` names who went out (None: blocked), `phase` becomes
`HAND_OVER` and `to_act` None; the other fields stay as they were at that moment (the scoring is
left to `to_state`, which a search does not need). A `FastGame` never deals the next hand.

Covered: the classic deck and the Wild Downpour cards, with every option that does not add a
decision or a card effect of its own: voluntary draws, Wild Draw Four bluffing, two-player rules,
scoring, elimination and teams (they act at the end of a hand), the turn limit, jump-in (never
taken). Not covered: stacking, Seven-O, the 2018 deck's cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, ActionKind
from .cards import COLORS, Card, Color, Kind
from .matching import is_wd4_legal, matches
from .rng import shuffled
from .seats import next_active, turn_order
from .state import GameState, PendingChallenge, Phase
from .unchecked_coverage import FastGameError, unsupported
from .unchecked_position import STATE_FIELDS, UncheckedPosition

__all__ = ["FastGame", "FastGameError", "unsupported"]


_PLAY = ActionKind.PLAY
_NUMBER = Kind.NUMBER
_SKIP = Kind.SKIP
_REVERSE = Kind.REVERSE
_DRAW_TWO = Kind.DRAW_TWO
_WILD = Kind.WILD
_WD4 = Kind.WILD_DRAW_FOUR
_DOWNPOUR = {Kind.WILD_DOWNPOUR_1: 1, Kind.WILD_DOWNPOUR_2: 2}
_AWAIT_TURN = Phase.AWAIT_TURN
_AFTER_DRAW = Phase.AFTER_DRAW
_WD4_RESPONSE = Phase.AWAIT_WD4_RESPONSE
_FIRST_COLOR = Phase.AWAIT_FIRST_COLOR
_HAND_OVER = Phase.HAND_OVER

_DRAW = Action(ActionKind.DRAW)
_KEEP = Action(ActionKind.KEEP)
_CHALLENGE = Action(ActionKind.CHALLENGE)
_ACCEPT = Action(ActionKind.ACCEPT)
_UNO = Action(ActionKind.UNO)
_COLOR_CHOICES = tuple(Action(ActionKind.COLOR, color=c) for c in COLORS)
_CATCH = {seat: Action(ActionKind.CATCH, target=seat) for seat in range(10)}

# A play's forms, as `legal_actions` lists them: each colour of a wild, then without and with
# the Uno call for a penultimate card. Equal to the engine's actions (actions compare by value).
_FORMS: dict[tuple[Card, bool], tuple[Action, ...]] = {}


def _forms(card: Card, penultimate: bool) -> tuple[Action, ...]:
    forms = _FORMS.get((card, penultimate))
    if forms is None:
        colors: tuple[Color | None, ...] = COLORS if card.is_wild else (None,)
        calls = (False, True) if penultimate else (False,)
        forms = tuple(Action(_PLAY, card, c, None, u) for c in colors for u in calls)
        _FORMS[card, penultimate] = forms
    return forms


def _sort_key(card: Card) -> tuple[int, int, int]:
    return card.sort_key


class FastGame(UncheckedPosition):
    """A hand in progress, changed in place (see the module docstring).

    >>> from lastcard.core import Rules, apply, legal_actions, new_game
    >>> state = new_game(2, Rules(target_score=None), seed=5)
    >>> game = FastGame.from_state(state)
    >>> seat = state.to_act
    >>> action = legal_actions(state, seat)[0]
    >>> game.push(seat, action)
    >>> game.to_state() == apply(state, seat, action).state
    True
    """

    __slots__ = ()

    @staticmethod
    def from_state(state: GameState) -> FastGame:
        """A `FastGame` at `state` (a hand in progress, under covered rules)."""
        fields: dict[str, Any] = dict(state.__dict__)
        return FastGame(**{name: fields[name] for name in STATE_FIELDS})

    # -- what may be done ------------------------------------------------------------------

    def legal(self, seat: int) -> tuple[Action, ...]:
        """`legal_actions(state, seat)` for this position, without jump-ins."""
        phase = self.phase
        if self.ended or not self.active[seat]:
            return ()
        out: list[Action] = []
        if phase is _AWAIT_TURN:
            if seat == self.turn:
                hand = self.hands[seat]
                penultimate = len(hand) == 2
                for card in sorted(self._playable(hand), key=_sort_key):
                    out += _forms(card, penultimate)
                if self._may_draw(hand):
                    out.append(_DRAW)
        elif phase is _AFTER_DRAW:
            if seat == self.turn:
                drawn = self.drawn
                assert drawn is not None
                out += _forms(drawn, len(self.hands[seat]) == 2)
                out.append(_KEEP)
        elif phase is _WD4_RESPONSE:
            if seat == self.to_act:
                out += (_CHALLENGE, _ACCEPT)
        elif phase is _FIRST_COLOR and seat == self.to_act:
            out += _COLOR_CHOICES
        exposed = self.exposed
        if exposed is not None:
            out.append(_UNO if exposed == seat else _CATCH[exposed])
        return tuple(out)

    def playable(self) -> set[Card]:
        """The distinct cards the player whose turn it is may play now (phase `AWAIT_TURN`).
        `legal` lists the plays of each, in card order, in every form: the four declared
        colours of a wild, and without then with the Uno call for a penultimate card. A caller
        that needs the choices rather than `Action`s in order (an action mask) reads this and
        `may_draw` instead of `legal`."""
        return self._playable(self.hands[self.turn])

    def may_draw(self) -> bool:
        """Whether the player whose turn it is may draw now (phase `AWAIT_TURN`): `legal` lists
        `draw`."""
        return self._may_draw(self.hands[self.turn])

    def _playable(self, hand: list[Card]) -> set[Card]:
        color = self.color
        assert color is not None
        top = self.discard[-1]
        top_wild = top.is_wild
        playable = {
            c
            for c in hand
            if c.is_wild
            or c.color is color
            or (not top_wild and c.kind is top.kind and c.rank == top.rank)
        }
        if not self._settings.bluffing:
            for card in [c for c in playable if c.kind is _WD4]:
                if not _wd4_legal(hand, card, color):
                    playable.discard(card)
        return playable

    def _may_draw(self, hand: list[Card]) -> bool:
        if self.stock or len(self.discard) > 1:
            return self._settings.voluntary_draw or not self._has_legal_play(hand)
        return not self._has_legal_play(hand)  # §3.11: the draw is a pass

    def _has_legal_play(self, hand: list[Card]) -> bool:
        color = self.color
        assert color is not None
        top = self.discard[-1]
        for card in hand:
            if matches(card, top, color) and (
                card.kind is not _WD4 or _wd4_legal(hand, card, color)
            ):
                return True
        return False

    # -- doing it --------------------------------------------------------------------------

    def push(self, seat: int, action: Action) -> None:
        """Apply `seat`'s `action`, one that `legal(seat)` lists, in place. Unchecked."""
        kind = action.kind
        if kind is _PLAY:
            card = action.card
            assert card is not None
            self.play(seat, card, action.color, action.uno)
        elif kind is ActionKind.DRAW:
            self.draw_turn(seat)
        elif kind is ActionKind.KEEP:
            self._advance(seat)
            self._turn_taken()
        elif kind is ActionKind.ACCEPT:
            self.accept(seat)
        elif kind is ActionKind.CHALLENGE:
            self.challenge_wd4(seat)
        elif kind is ActionKind.UNO:
            self.exposed = None
        elif kind is ActionKind.CATCH:
            assert action.target is not None
            self.exposed = None
            self._draw(action.target, 2)
        elif kind is ActionKind.COLOR:
            self.color = action.color
            self._give_turn(self.turn)
        else:
            raise FastGameError(f"FastGame does not apply {action.code}")

    def play(self, seat: int, card: Card, color: Color | None, uno: bool) -> None:
        """`seat` plays `card` (naming `color` for a wild, calling Uno if `uno`) in its turn or
        after drawing it (§3.6); unchecked."""
        hand = self.hands[seat]
        before = self.color
        # close the catch window (§4.4)
        exposed = self.exposed
        if exposed is not None:
            self.uncaught = (*self.uncaught, exposed)
            self.exposed = None
        if self.uncaught and seat in self.uncaught:
            self.uncaught = tuple(s for s in self.uncaught if s != seat)
        kind = card.kind
        legal = True
        if kind is _WD4:
            assert before is not None
            legal = _wd4_legal(hand, card, before)
        hand.remove(card)
        self.discard.append(card)
        self.color = color if card.is_wild else card.color
        self.top_player = seat
        self.passes = 0
        self.drawn = None
        self.challenge = None
        if kind is _WD4 and hand and self._settings.bluffing:
            self.challenge = PendingChallenge(seat, legal, tuple(hand), before)
        self.turn = seat
        if not hand:  # §6.1: out; only the draw part of the last card still happens
            if kind is _DRAW_TWO or kind is _WD4:
                total = self.pending_draw + (2 if kind is _DRAW_TWO else 4)
                self.pending_draw = 0
                self._draw(self._next(seat), total)
            elif kind in _DOWNPOUR:
                self._others_draw(seat, _DOWNPOUR[kind])
            self._end(seat)
        else:
            penultimate = len(hand) == 1
            after = seat  # the seat after which the turn passes on; -1: a response is awaited
            if kind is _NUMBER or kind is _WILD:
                pass
            elif kind is _SKIP:
                after = self._next(seat)
            elif kind is _REVERSE:
                self.direction = -self.direction
                if self._settings.reverse_skips_with_two and self._active_count == 2:
                    after = self._next(seat)  # §3.9.1: as a Skip
            elif kind is _DRAW_TWO:
                after = self._next(seat)
                self._draw(after, 2)
            elif kind is _WD4:
                victim = self._next(seat)
                if self._settings.bluffing:  # §3.8: the victim challenges or accepts
                    self.pending_draw += 4
                    self.phase = _WD4_RESPONSE
                    self.turn = self.to_act = victim
                    after = -1
                else:  # every WD4 is legal: nothing to decide
                    self.pending_draw = 0
                    self._draw(victim, 4)
                    after = victim
            else:  # a Wild Downpour (§7.7.3): nobody is skipped
                self._others_draw(seat, _DOWNPOUR[kind])
            if after >= 0:  # `_advance(after)`, inline: this is most plays
                active = self.active
                step = self.direction
                players = self.players
                nxt = (after + step) % players
                while not active[nxt] and nxt != after:
                    nxt = (nxt + step) % players
                self.phase = _AWAIT_TURN
                self.turn = self.to_act = nxt
            if penultimate and not uno and len(hand) == 1:
                self.exposed = seat  # §4.1: a missed call
        # `_turn_taken()`, inline
        self.hand_turns += 1
        limit = self._settings.turn_limit
        if limit is not None and self.hand_turns >= limit and not self.ended:
            self._end(None)

    def draw_turn(self, seat: int) -> None:
        """`seat` draws in its turn (§3.4, §3.5), or passes when nothing can be drawn (§3.11);
        unchecked."""
        exposed = self.exposed
        if exposed is not None:
            self.uncaught = (*self.uncaught, exposed)
            self.exposed = None
        stock = self.stock
        if not stock and len(self.discard) <= 1:  # §3.11: a pass
            self.passes += 1
            if self.passes >= self._active_count:
                self._end(None)
            else:
                self._advance(seat)
            self._turn_taken()
            return
        if not stock:
            self._rebuild_stock()
            stock = self.stock
        card = stock.pop()
        hand = self.hands[seat]
        hand.append(card)
        color = self.color
        assert color is not None
        if matches(card, self.discard[-1], color) and (
            card.kind is not _WD4 or self._settings.bluffing or _wd4_legal(hand, card, color)
        ):
            self.phase = _AFTER_DRAW  # §3.5.2: the drawn card may be played
            self.drawn = card
        else:
            self._advance(seat)
            self._turn_taken()

    def accept(self, seat: int) -> None:
        """`seat` accepts the pending Wild Draw Four: draws and loses its turn; unchecked."""
        self._close_catch_window()
        total, self.pending_draw = self.pending_draw, 0
        self.challenge = None
        self._draw(seat, total)
        self._advance(seat)

    def challenge_wd4(self, seat: int) -> None:
        """`seat` challenges the pending Wild Draw Four (§3.8); unchecked."""
        self._close_catch_window()
        challenge = self.challenge
        assert challenge is not None
        self.challenge = None
        if not challenge.legal:  # §3.8.3: its player draws four, the challenger plays on
            self._draw(challenge.player, 4)
            self.pending_draw -= 4
            self._give_turn(seat)
        else:  # §3.8.4
            total, self.pending_draw = self.pending_draw + 2, 0
            self._draw(seat, total)
            self._advance(seat)

    # -- shared moves ----------------------------------------------------------------------

    def _next(self, seat: int) -> int:
        return next_active(self.active, seat, self.direction)

    def _give_turn(self, seat: int) -> None:
        self.phase = _AWAIT_TURN
        self.turn = self.to_act = seat
        self.drawn = None

    def _advance(self, after: int) -> None:
        seat = next_active(self.active, after, self.direction)
        self.phase = _AWAIT_TURN
        self.turn = self.to_act = seat
        self.drawn = None

    def _close_catch_window(self) -> None:
        if self.exposed is not None:
            self.uncaught = (*self.uncaught, self.exposed)
            self.exposed = None

    def _turn_taken(self) -> None:
        """§3.11.4: a turn is counted; at the limit the hand ends blocked."""
        self.hand_turns += 1
        limit = self._settings.turn_limit
        if limit is not None and self.hand_turns >= limit and not self.ended:
            self._end(None)

    def _end(self, went_out: int | None) -> None:
        self.ended = True
        self.went_out = went_out
        self.phase = _HAND_OVER
        self.to_act = None

    def _draw(self, seat: int, count: int) -> None:
        """`Draft.draw`: one card at a time, rebuilding the stock when needed; what cannot be
        drawn at all is forfeited (§3.7.2)."""
        hand = self.hands[seat]
        for _ in range(count):
            if not self.stock:
                if len(self.discard) <= 1:
                    break
                self._rebuild_stock()
            hand.append(self.stock.pop())

    def _others_draw(self, player: int, count: int) -> None:
        """§7.7.3: every other active player draws, in turn order from next(player)."""
        for seat in turn_order(self.active, self._next(player), self.direction):
            if seat != player:
                self._draw(seat, count)

    def _rebuild_stock(self) -> None:
        """§3.10, with the engine's own shuffle and generator."""
        top = self.discard[-1]
        cards, self.rng = shuffled(self.discard[:-1], self.rng)
        self.stock = list(cards)
        self.discard = [top]


def _wd4_legal(hand: Sequence[Card], card: Card, color: Color) -> bool:
    """§3.3.1 for `card` in `hand`: the rest holds no card of `color`."""
    rest = list(hand)
    rest.remove(card)
    return is_wd4_legal(rest, color)
