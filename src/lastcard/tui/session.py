"""`GameSession`: one person against bots, without any screen.

The session owns the game (a `Recorder`, so the game is always a `GameRecord` away from disk),
the bots, and the order in which seats act; the Textual app only shows it and feeds it the
person's choices. Keeping it free of Textual lets the rules of timing be tested directly.

**Timing.** The runner of `lastcard.sim` polls every seat after every transition. At a table
with a person the same poll runs, but only over the bots, and only when the app says so: after
a short visible pause (`bot_delay`), or at once when the person presses Space. During the pause
the person may act out of turn (call Uno after their play, catch an exposed player, jump in),
and whatever they do comes first. So:

1. After each transition the app asks `bots_pending()`. If True it waits `bot_delay`, then
   calls `plan_bot_step()` (slow for a searching bot: the app runs it in a worker thread) and
   `apply_bot_step(plan)` on its own thread. A plan made for a state that is no longer current
   (the person acted meanwhile) is dropped, and the poll runs again.
2. The poll: bots with an out-of-turn offer in seat order (catch, late Uno, jump-in), then the
   bot whose turn it is. A bot that passes an offer is asked again only after the next
   transition, as in the runner.
3. The person's actions are `human_actions()`: everything legal for their seat when they are to
   act, else their out-of-turn offers. Between hands anyone may deal the next one, and the app
   does so when the person has read the summary (`next_hand()`).

Bots see the events redacted for their seat before each of their decisions, as in the runner.
Events reach a bot through a queue drained by the thread that asks it to choose, so a bot is
never read and written at once.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lastcard.bots import Bot, make_bot
from lastcard.core import (
    Action,
    ActionKind,
    Event,
    GameRecord,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    Recorder,
    Rules,
    Transition,
    apply,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.core.errors import LastcardError, illegal
from lastcard.sim.runner import bot_seed, out_of_turn_offer, poll_bots

HUMAN = 0
"""The person always sits at seat 0; the dealer is drawn as usual."""

SAVE_FORMAT = 1
_NEXT = parse_action("next")


@dataclass(frozen=True)
class BotPlan:
    """What the bots decided for `state`, valid only while `state` is the current state.
    `action` None: every bot passed its offer and none is to act (the person is)."""

    state: GameState
    seat: int | None = None
    action: Action | None = None


class GameSession:
    """A game between the person at seat 0 and bots at the other seats.

    `levels[k]` is the bot spec (`lastcard.bots.make_bot`) of seat k+1, `names[k]` the name of
    seat k. `seed` None picks a random one; the game uses the "secure" generator, the one for
    tables with people at them, and replays from its seed like any other.
    """

    def __init__(
        self,
        levels: Sequence[str],
        rules: Rules | None = None,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
        actions: Sequence[tuple[int, str]] = (),
    ) -> None:
        self.players = len(levels) + 1
        self.rules = rules if rules is not None else Rules()
        self.levels = tuple(levels)
        self.names = tuple(names) if names is not None else _default_names(self.players)
        if len(self.names) != self.players:
            raise ValueError(f"{self.players} players need {self.players} names")
        self.seed = seed if seed is not None else secrets.randbits(32)
        self.rules.check_players(self.players)
        self._recorder = Recorder(
            self.players, self.rules, seed=self.seed, dealer=dealer, deck=deck, generator="secure"
        )
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, bot_seed(self.seed, seat))
            for seat, spec in enumerate(self.levels, start=1)
        }
        self._inbox: dict[int, deque[Event]] = {seat: deque() for seat in self.bots}
        self.log: list[Event] = []  # every event as the person may see it, for the narration
        self._polled: GameState | None = None  # a state on which every bot passed its offer
        self._deliver(self._recorder.opening_events)
        for seat, code in actions:  # a resumed game: replay what was played
            self._apply(seat, parse_action(code))

    # -- what there is --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._recorder.state

    @property
    def is_over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def hand_over(self) -> bool:
        return self.state.phase is Phase.HAND_OVER

    def view(self) -> PlayerView:
        """The person's `PlayerView`."""
        return player_view(self.state, HUMAN)

    def record(self) -> GameRecord:
        return self._recorder.record()

    # -- the person ---------------------------------------------------------------------

    def human_to_act(self) -> bool:
        """True when the game waits for the person (their turn, or a response they owe)."""
        return self.state.to_act == HUMAN and self.state.phase not in _BETWEEN

    def human_actions(self) -> tuple[Action, ...]:
        """What the person may do now: all their legal actions when they are to act, else
        their out-of-turn offers (catch, a late Uno call, a jump-in); empty between hands."""
        state = self.state
        if state.phase in _BETWEEN:
            return ()
        if state.to_act == HUMAN:
            return legal_actions(state, HUMAN)
        return out_of_turn_offer(state, HUMAN)

    def act(self, action: Action | str) -> Transition:
        """The person's action; anything not on offer raises `IllegalActionError` and changes
        nothing."""
        if isinstance(action, str):
            action = parse_action(action)
        offered = self.human_actions()
        if action not in offered:
            _explain(self.state, action)
        return self._apply(HUMAN, action)

    def next_hand(self) -> Transition:
        """Deal the next hand (after the person has seen the hand's summary)."""
        if not self.hand_over:
            raise IllegalActionError("HAND_NOT_OVER", "the hand is not over")
        return self._apply(self.state.dealer, _NEXT)

    # -- the bots -----------------------------------------------------------------------

    def bots_pending(self) -> bool:
        """True when a bot would be asked something now: an out-of-turn offer, or its turn."""
        state = self.state
        if state.phase in _BETWEEN or state is self._polled:
            return False
        if state.to_act is not None and state.to_act != HUMAN:
            return True
        return any(out_of_turn_offer(state, seat) for seat in self.bots)

    def plan_bot_step(self) -> BotPlan | None:
        """The runner's poll (`lastcard.sim.runner.poll_bots`) over the bots only. Safe in a
        worker thread: it reads one immutable state and touches only the bots. A bot's answer
        off the offer raises `BotMistakeError` (a `LastcardError`)."""
        state = self.state
        if state.phase in _BETWEEN:
            return None
        step = poll_bots(state, self.bots, before_choosing=self._catch_up)
        if step is None:
            return BotPlan(state)
        return BotPlan(state, *step)

    def apply_bot_step(self, plan: BotPlan) -> Transition | None:
        """Apply `plan` if the game is still where the bots looked at it, else None. A plan
        in which every bot passed marks the state as polled: no bot is asked again before the
        next transition."""
        if plan.state is not self.state:
            return None
        if plan.seat is None or plan.action is None:
            self._polled = plan.state
            return None
        return self._apply(plan.seat, plan.action)

    def step_bots(self) -> Transition | None:
        """Plan and apply one bot step on this thread (tests and quick bots)."""
        plan = self.plan_bot_step()
        return self.apply_bot_step(plan) if plan is not None else None

    # -- saving -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The saved game: its record plus who sat where."""
        return {
            "format": SAVE_FORMAT,
            "record": self.record().to_dict(),
            "levels": list(self.levels),
            "names": list(self.names),
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> GameSession:
        """Resume a saved game: the record is replayed (and checked against its digest); the
        bots are rebuilt from their seeds and shown the game so far.

        The position is exactly the saved one; the bots' own generators are not saved, so a bot
        that breaks ties at random may choose differently from how it would have gone on."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise LastcardError("not a saved lastcard game")
        record = GameRecord.from_dict(data["record"])
        session = GameSession(
            data["levels"],
            record.rules,
            names=data["names"],
            seed=record.seed,
            dealer=record.dealer,
            deck=record.deck,
            actions=record.actions,
        )
        if record.digest is not None and session.record().digest != record.digest:
            raise LastcardError("the saved game does not replay to the state it was saved in")
        return session

    # -- internals ------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> Transition:
        transition = self._recorder.apply(seat, action)
        self._deliver(transition.events)
        return transition

    def _deliver(self, events: Sequence[Event]) -> None:
        for event in events:
            self.log.append(event.redact(HUMAN))
            for seat, inbox in self._inbox.items():
                inbox.append(event.redact(seat))

    def _catch_up(self, seat: int) -> None:
        observe = getattr(self.bots[seat], "observe", None)
        inbox = self._inbox[seat]
        while inbox:
            event = inbox.popleft()
            if observe is not None:
                observe(event)


_BETWEEN = (Phase.HAND_OVER, Phase.GAME_OVER)


def _default_names(players: int) -> tuple[str, ...]:
    return ("You", *(f"Bot {seat}" for seat in range(1, players)))


def _explain(state: GameState, action: Action) -> None:
    """Raise the engine's own error (wrong colour, not your turn, ...) for an action the person
    may not take; one the engine would allow but the table does not offer (a wild jump-in,
    §7.3.1) gets a plain refusal."""
    apply(state, HUMAN, action)
    if action.kind is ActionKind.PLAY:
        raise illegal("JUMP_IN_NOT_ALLOWED", f"{action.code} may not be played out of turn")
    raise IllegalActionError("NOT_OFFERED", f"{action.code} is not offered now")
