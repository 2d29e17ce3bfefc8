"""The environments' fast path: each hand played on a `FastGame`, the table caught up only when
something reads it.

A step through the `Table` applies the checked engine (a new frozen state, events delivered to
every seat's inbox), lists the legal actions as `Action`s, numbers them and builds a
`PlayerView` to observe; most of an environment's time went there. For the rules that
`lastcard.core.unchecked.FastGame` plays (`fast_path_problem` is None) a `FastTable` plays each
hand in place on a `FastGame` instead, and writes the masks and observations from its fields:

- **the same game**: a `FastGame` reaches the engine's state for the same actions (hands in
  order, stock, generator, ...; tests/bots/test_fast_game.py), and its `legal` lists what the
  engine lists but jump-ins, which only rules left to the table offer;
- **the same order**: with nobody exposed nobody has an out-of-turn offer, so the seat to act
  decides; with a seat exposed, every other active seat is offered the late call or the catch,
  in seat order, as `lastcard.rl.seating` asks;
- **hand boundaries** go through the engine: the hand that ends is scored by the engine's own
  `end_hand` (`FastGame.to_state`) and the next is dealt by `apply(state, dealer, next)`, as
  `Table.next_hand` deals it;
- **the table** (a `DeferredTable`) is left behind: every action applied here waits in its
  `deferred` list and is applied there when anything reads the table (a caller inspecting the
  game, rendering, an action to refuse), so it is always the table the reference path holds;
- **refusals**: an action outside the asked seat's mask goes to the table, which refuses it with
  the engine's error as on the reference path (should it accept one, the hand goes on from the
  table's state).

The reference path is `lastcard.rl.position.TablePosition` (and the environments' `fast=False`);
tests/rl/test_fast_path.py plays seeded games through both and compares every observation,
mask, reward, termination and agent.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import NamedTuple

import numpy as np

from lastcard.core import (
    Action,
    ActionIndex,
    ActionKind,
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    apply,
    player_view,
    rule_facts,
)
from lastcard.core.unchecked import FastGame, unsupported

from .deferred_table import DeferredTable
from .observation import HandObserver, Observation, observe
from .position import Ask, Mask

_NEXT = Action(ActionKind.NEXT)
_AWAIT_TURN = Phase.AWAIT_TURN
_AFTER_DRAW = Phase.AFTER_DRAW
_WD4_RESPONSE = Phase.AWAIT_WD4_RESPONSE
_FIRST_COLOR = Phase.AWAIT_FIRST_COLOR
_IN_HAND = frozenset({_AWAIT_TURN, _AFTER_DRAW, _WD4_RESPONSE, _FIRST_COLOR})


def fast_path_problem(rules: Rules) -> str | None:
    """Why the fast path cannot play a game under `rules`, or None when it can: what
    `FastGame` does not play (`unsupported`), and jump-ins, which a `FastGame` never lists."""
    problem = unsupported(rules)
    if problem is None and rule_facts(rules).allows_jump_in:
        return "jump-ins"
    return problem


class FastTable:
    """A table's game played hand by hand on a `FastGame` (see the module docstring), for
    rules without a `fast_path_problem`.

    `ask`, `submit`, `next_hand`, `observation`, `state` and `ply` answer as
    `TablePosition`'s do; `mask`, `view`, `decision`, `offer`, `push` and `bots_passed` serve
    an environment that plays bots (the single-agent one)."""

    __slots__ = ("_deferred", "_numbers", "_observer", "_state", "game", "index", "ply", "table")

    def __init__(self, table: DeferredTable, index: ActionIndex) -> None:
        self.table = table
        self.index = index
        self._numbers = _numbers(index)
        self._deferred = table.deferred  # what the table has still to apply
        self.ply = table.ply
        self._start(table.state)

    def _start(self, state: GameState) -> None:
        """Play on from `state`: a hand in progress on a new `FastGame`, else (between hands,
        after the game) `state` is the position."""
        self._state = state
        if state.phase in _IN_HAND:
            self.game: FastGame | None = FastGame.from_state(state)
            self._observer: HandObserver | None = HandObserver(self.game)
        else:
            self.game = None
            self._observer = None

    # -- the game ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game's state now (built from the `FastGame` in the middle of a hand)."""
        game = self.game
        return game.to_state() if game is not None else self._state

    def ask(self, passed: Collection[int]) -> Ask | None:
        """As `TablePosition.ask`. With nobody exposed (no jump-ins here) nobody has an offer,
        and the seat to act decides."""
        game = self.game
        if game is None:
            return None
        to_act = game.to_act
        assert to_act is not None, "a hand in progress has a seat to act"
        if game.exposed is not None:
            # Every other active seat is offered the late call (the exposed seat) or the catch.
            active = game.active
            for seat in range(game.players):
                if seat != to_act and seat not in passed and active[seat]:
                    return Ask(seat, True, self._offer_mask(game, seat))
        return Ask(to_act, False, self._decision_mask(game, to_act))

    def mask(self, seat: int, *, may_pass: bool) -> Mask:
        """The mask of `seat`'s decision (it is to act) or, with `may_pass`, of its offer (it
        has one: see `offer`)."""
        game = self.game
        assert game is not None
        return self._offer_mask(game, seat) if may_pass else self._decision_mask(game, seat)

    def _offer_mask(self, game: FastGame, seat: int) -> Mask:
        """The mask of the offer of a seat that is not to act while someone is exposed."""
        numbers = self._numbers
        exposed = game.exposed
        assert exposed is not None
        mask = numbers.empty.copy()
        put = mask.data
        put[numbers.uno if seat == exposed else numbers.catch[exposed]] = 1
        put[numbers.pass_action] = 1
        return mask

    def _decision_mask(self, game: FastGame, seat: int) -> Mask:
        """The mask of `game.legal(seat)` for the seat to act, without the `Action`s."""
        numbers = self._numbers
        mask = numbers.empty.copy()
        put = mask.data
        phase = game.phase
        if phase is _AWAIT_TURN:
            forms = numbers.forms[len(game.hands[seat]) == 2]
            for card in game.playable():
                for number in forms[card]:
                    put[number] = 1
            if game.may_draw():
                put[numbers.draw] = 1
        elif phase is _AFTER_DRAW:
            drawn = game.drawn
            assert drawn is not None
            for number in numbers.forms[len(game.hands[seat]) == 2][drawn]:
                put[number] = 1
            put[numbers.keep] = 1
        elif phase is _WD4_RESPONSE:
            put[numbers.challenge] = 1
            put[numbers.accept] = 1
        else:
            assert phase is _FIRST_COLOR
            for number in numbers.colors:
                put[number] = 1
        exposed = game.exposed
        if exposed is not None:
            put[numbers.uno if exposed == seat else numbers.catch[exposed]] = 1
        return mask

    def submit(self, ask: Ask, number: int) -> bool:
        """As `TablePosition.submit`: an action of `ask`'s mask is applied here, any other is
        handed to the table (which refuses it with the engine's error)."""
        numbers = self._numbers
        if 0 <= number < numbers.pass_action and ask.mask[number]:
            return self.push(ask.seat, numbers.actions[number])
        table = self.table
        hands = len(table.state.history)
        table.submit(ask.seat, self.index.action_at(number))  # catches up first
        # Accepted after all (the mask and the table agree on every covered rule, so this is
        # a safeguard): the table's state is the position now.
        self.ply = table.ply
        self._start(table.state)
        return len(table.state.history) > hands

    def push(self, seat: int, action: Action) -> bool:
        """Apply `action`, one that `seat` is offered now, unchecked; whether it ended the hand
        (the position is then the scored state, `HAND_OVER` or `GAME_OVER`)."""
        game = self.game
        assert game is not None, "an action comes in the middle of a hand"
        game.push(seat, action)
        self._deferred.append((seat, action))
        self.ply += 1
        if not game.ended:
            return False
        self._start(game.to_state())  # scored by the engine's `end_hand`
        return True

    def next_hand(self) -> None:
        """Deal the next hand, as `Table.next_hand` does (the dealer of the hand that ended
        sends `next`)."""
        state = self._state
        assert self.game is None and state.phase is Phase.HAND_OVER
        self._deferred.append((state.dealer, _NEXT))
        self.ply += 1
        self._start(apply(state, state.dealer, _NEXT).state)

    def observation(self, seat: int) -> Observation:
        """The observation of `seat` now."""
        observer = self._observer
        if observer is None:
            return observe(player_view(self._state, seat))
        return observer.observe(seat)

    # -- for bots ---------------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """`player_view` of the position for `seat`."""
        game = self.game
        return game.view(seat) if game is not None else player_view(self._state, seat)

    def decision(self, seat: int) -> tuple[Action, ...]:
        """What the seat to act chooses from: `Table.actions(seat)` for it."""
        assert self.game is not None
        return self.game.legal(seat)

    def bots_passed(self) -> None:
        """The bots let this position's offers pass: the table notes it when it catches up, as
        `Table.commit` of such a plan does."""
        self._deferred.append((-1, None))

    def offer(self, seat: int) -> tuple[Action, ...]:
        """`Table.actions(seat)` for a seat that is not to act: a late Uno call or a catch
        (no jump-ins on this path), often nothing."""
        game = self.game
        if game is None or seat == game.to_act or game.exposed is None:
            return ()
        return game.legal(seat)  # only the call or the catch: the seat has no decision


class _Numbers(NamedTuple):
    """The action numbers a mask is written with, for one `ActionIndex`."""

    # [penultimate][card]: the numbers of the card's plays as `FastGame.legal` lists them.
    forms: tuple[dict[Card, tuple[int, ...]], dict[Card, tuple[int, ...]]]
    draw: int
    keep: int
    challenge: int
    accept: int
    colors: tuple[int, ...]
    uno: int
    catch: tuple[int, ...]
    pass_action: int
    empty: Mask  # all 0: copied for each mask
    actions: tuple[Action, ...]  # number -> action


@functools.cache
def _numbers(index: ActionIndex) -> _Numbers:
    plays: list[dict[Card, tuple[int, ...]]] = [{}, {}]
    for position, action in enumerate(index):
        if action.kind is ActionKind.PLAY and action.target is None:
            card = action.card
            assert card is not None
            for penultimate in (False, True):
                if penultimate or not action.uno:  # the call only with a penultimate card
                    plays[penultimate][card] = (*plays[penultimate].get(card, ()), position)
    number = index.index
    return _Numbers(
        forms=(plays[0], plays[1]),
        draw=number("draw"),
        keep=number("keep"),
        challenge=number("challenge"),
        accept=number("accept"),
        colors=tuple(number(f"color {c}") for c in "rygb"),
        uno=number("uno"),
        catch=tuple(number(f"catch {seat}") for seat in range(index.players)),
        pass_action=index.size,
        empty=np.zeros(index.size + 1, dtype=np.int8),
        actions=tuple(index),
    )
