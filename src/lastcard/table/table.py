"""`Table`: the one home of a running game.

A table owns one game (a `Recorder`, so its `GameRecord` is always at hand) and knows who sits
where: each seat is a bot or an *outside* player (a person at a terminal, a web client, an RL
agent). No seat number is special. What a table does, and every wrapper (the simulation runner,
the terminal, the web server, the RL environments) relies on:

**Who may do what.** `actions(seat)` is `lastcard.core.offers.seat_actions`: the seat to act
chooses from all its legal actions; every other seat is offered its out-of-turn actions (a late
`uno`, `catch N`, a jump-in), which it may let pass; between hands any seat may send `next`.

**The ply.** `ply` counts the actions applied in this game (bots', outside seats' and automatic
ones alike); it is the index the next action will have in the record. `submit(seat, action,
ply)` applies an outside seat's action:

- an action of the seat that must decide (`to_act`, or `next` between hands) must carry the
  current ply, or it is refused as stale (`StaleActionError`): it was chosen for a position that
  is gone;
- an out-of-turn action (`uno`, `catch N`, a jump-in) is judged against the current state
  whatever its ply, as long as that ply lies within the current hand: a catch sent while a bot
  moved is still a catch if the player is still exposed, but nothing carries over from one hand
  into the next;
- `ply=None` skips the check (a caller that is never behind, such as a local terminal).

An action not on offer is refused with the engine's own error (wrong colour, not your turn, ...)
and changes nothing.

**Events.** Every event is delivered, redacted for each seat (`Event.redact`), to that seat's
inbox: outside seats read theirs with `take_events(seat)`; a bot that defines `observe` is shown
its inbox just before it is asked to choose. The opening deal's events are delivered when the
table is built.

**The bots' poll.** `step()` asks the bots, in this order, and applies the first action given:

1. **out-of-turn offers**, in seat order 0, 1, ..., n-1 (skipping the seat to act): each bot
   with an offer is asked with `may_pass=True`; `None` passes;
2. **the seat to act**, if it is a bot, from all its legal actions (it may not pass);
3. **between hands**, with `auto_next_hand`, `next` is sent for the dealer of the hand that
   ended (any seat may; nobody is asked).

If no bot acts, the table remembers that its bots passed on this position: `bots_pending()` is
False and `step()` returns None until something is applied. `plan()` and `commit(plan)` split a
step in two for callers that let slow bots think on another thread: `plan()` applies nothing
(it only shows the bots their inboxes and asks them); `commit` applies the plan if the
table is still at the ply it was made for, and drops it otherwise. One thread applies actions
(`submit`, `commit`, `next_hand`); at most one other may `plan` meanwhile.

No clock and no asyncio inside: pacing (a bot's visible pause, a web client's timeout) is the
caller's. A bot answering with an action that was not on offer raises `BotMistakeError`.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lastcard.bots import Bot
from lastcard.core import (
    Action,
    ActionKind,
    CorruptDataError,
    Event,
    GameRecord,
    GameState,
    IllegalActionError,
    LastcardError,
    Phase,
    PlayerView,
    Recorder,
    Rules,
    Transition,
    apply,
    parse_action,
    player_view,
)
from lastcard.core.errors import illegal, shown
from lastcard.core.offers import (
    anyone_may_act_out_of_turn,
    out_of_turn_actions,
    seat_actions,
    unlisted_but_accepted,
)
from lastcard.core.rng import SECURE_SEED_BITS, STREAM_BOT, stream_seed

_NEXT = Action(ActionKind.NEXT)


class BotMistakeError(LastcardError):
    """A bot answered with something that was not on offer, or passed when it had to act."""

    code = "BOT_MISTAKE"


class StaleActionError(LastcardError):
    """An action chosen for a position that is gone (see the ply rule of `Table`)."""

    code = "STALE"  # the code SERVER.md gives clients


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the game dealt with `seed`: `stream_seed(seed,
    STREAM_BOT, seat)`, cheap enough for a compiled simulator to derive per game and seat."""
    return stream_seed(seed, STREAM_BOT, seat)


def fresh_seed(generator: str) -> int:
    """A seed nobody can guess, for a game dealt without one: `SECURE_SEED_BITS` (128) bits from
    the operating system for the secure generator, the fast generator's whole range for it."""
    return secrets.randbits(SECURE_SEED_BITS if generator == "secure" else 64)


@dataclass(frozen=True, slots=True)
class BotMove:
    """What the bots decided at `ply`: `seat` plays `action`, or (both None) every bot passed."""

    ply: int
    seat: int | None = None
    action: Action | None = None

    @property
    def passed(self) -> bool:
        """Every bot passed (or none was asked): nothing to apply."""
        return self.action is None


class Table:
    """One running game; `seats[k]` is the bot at seat k, or None for an outside player.

    `seed` None deals from a fresh unguessable seed. `actions` replays recorded `(seat, code)`
    pairs first (a resumed game); bots are not asked meanwhile, and are shown those events
    before their first decision. See the module docstring for the rest.
    """

    def __init__(
        self,
        seats: Sequence[Bot | None],
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        generator: str = "fast",
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
        actions: Iterable[tuple[int, str]] = (),
        auto_next_hand: bool = False,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        self.players = len(seats)
        self.seed = seed if seed is not None else fresh_seed(generator)
        self.auto_next_hand = auto_next_hand
        self.bots: dict[int, Bot] = {seat: bot for seat, bot in enumerate(seats) if bot is not None}
        self._recorder = Recorder(
            self.players, self.rules, seed=self.seed, dealer=dealer, deck=deck, generator=generator
        )
        self.ply = 0
        self._hand_start = 0  # the ply of the current hand's first action
        # Outside seats keep every event until read; a bot only if it observes.
        self._inbox: dict[int, deque[Event]] = {
            seat: deque()
            for seat in range(self.players)
            if seat not in self.bots or hasattr(self.bots[seat], "observe")
        }
        self._offers_passed_at: int | None = None  # the ply at which the bots passed offers
        self._actions: dict[int, tuple[Action, ...]] = {}  # `actions(seat)` at this ply
        self._deliver(self._recorder.opening_events)
        for i, pair in enumerate(actions):
            if not (isinstance(pair, tuple | list) and len(pair) == 2):
                raise CorruptDataError(f"actions[{i}]: {shown(pair)} is not a (seat, code) pair")
            seat, code = pair
            self._apply(seat, parse_action(code))

    # -- what there is --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._recorder.state

    @property
    def opening_events(self) -> tuple[Event, ...]:
        """The events of the opening deal, unredacted."""
        return self._recorder.opening_events

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may see (None: a spectator)."""
        return player_view(self.state, seat)

    def record(self) -> GameRecord:
        """The game so far: replaying it gives the current state."""
        return self._recorder.record()

    def actions(self, seat: int) -> tuple[Action, ...]:
        """What `seat` may do now (see the module docstring); often nothing. Kept until the
        next action: a server asks it for every client and again to check what one sends."""
        if type(seat) is not int or not 0 <= seat < self.players:
            return ()  # no seat (True would find seat 1's entry: True == 1)
        actions = self._actions.get(seat)
        if actions is None:
            actions = self._actions[seat] = seat_actions(self.state, seat)
        return actions

    def take_events(self, seat: int) -> list[Event]:
        """The events `seat` has not read yet, redacted for it, oldest first."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise illegal("INVALID_TARGET", f"there is no seat {shown(seat)} at this table")
        inbox = self._inbox.get(seat)
        if inbox is None:
            raise LastcardError(f"seat {seat} is a bot that keeps no inbox")
        events = list(inbox)
        inbox.clear()
        return events

    # -- outside seats ----------------------------------------------------------------------

    def submit(self, seat: int, action: Action | str, ply: int | None = None) -> Transition:
        """Apply an outside seat's action under the ply rule; refusals change nothing."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise illegal("NOT_YOUR_TURN", f"there is no seat {shown(seat)} at this table")
        if seat in self.bots:
            raise illegal("NOT_YOUR_TURN", f"seat {seat} is played by a bot")
        state = self.state
        if ply is not None:
            self.check_ply(seat, ply)  # a stale action is stale whatever its text says
        if isinstance(action, str):
            action = parse_action(action)
        if action not in self.actions(seat) and not unlisted_but_accepted(state, seat, action):
            _refuse(state, seat, action)
        return self._apply(seat, action)

    def next_hand(self) -> Transition:
        """Deal the next hand (between hands), as the dealer of the hand that ended."""
        if self.state.phase is not Phase.HAND_OVER:
            raise illegal("HAND_NOT_OVER", "the hand is not over: `next` comes after it (§6.6)")
        return self._apply(self.state.dealer, _NEXT)

    def check_ply(self, seat: int, ply: int) -> None:
        """Raise `StaleActionError` if `seat` may not act with `ply` (the ply rule above)."""
        state = self.state
        # Keyed on the seat, as SERVER.md §5 states the rule: even a `uno` or a `catch` by the
        # seat that must decide needs the current ply (any new ply has closed a catch window).
        if type(ply) is not int:
            raise StaleActionError(f"a ply is a whole number, not {shown(ply)}")
        decides = seat == state.to_act or state.phase is Phase.HAND_OVER
        if decides and ply != self.ply:
            raise StaleActionError(
                f"the action was chosen at ply {shown(ply)}; the game is at ply {self.ply}"
            )
        if not self._hand_start <= ply <= self.ply:
            raise StaleActionError(
                f"ply {shown(ply)} is not in the current hand (plies {self._hand_start}–{self.ply})"
            )

    # -- the bots -----------------------------------------------------------------------

    def bots_pending(self) -> bool:
        """True when `step()` would ask a bot something (or deal on, with `auto_next_hand`)."""
        state = self.state
        if state.phase is Phase.GAME_OVER:
            return False
        if state.phase is Phase.HAND_OVER:
            return self.auto_next_hand
        if state.to_act in self.bots:
            return True
        return (
            self._offers_passed_at != self.ply
            and anyone_may_act_out_of_turn(state)
            and any(out_of_turn_actions(state, seat) for seat in self.bots)
        )

    def step(self) -> Transition | None:
        """One bot action (or an automatic `next`), applied; None when no bot acts."""
        return self.commit(self.plan())

    def plan(self, *, decisions: bool = True) -> BotMove:
        """What the bots would do now, without applying it (safe on a worker thread while
        nothing is applied meanwhile; `commit` drops the plan if something was).

        `decisions=False` polls only the out-of-turn offers and never asks the seat to act: a
        caller that gives an outside seat its own offers after the bots' (an RL environment)
        polls in two steps."""
        # The ply first: an action applied meanwhile on another thread changes the state before
        # the ply, so a plan can only be stamped with a ply older than its position, never newer
        # (and `commit` drops it).
        ply = self.ply
        state = self.state
        if state.phase is Phase.HAND_OVER:
            if self.auto_next_hand:
                return BotMove(ply, state.dealer, _NEXT)
            return BotMove(ply)
        if state.phase is Phase.GAME_OVER:
            return BotMove(ply)
        to_act = state.to_act
        if self._offers_passed_at != ply and anyone_may_act_out_of_turn(state):
            for seat, bot in self.bots.items():
                offer = out_of_turn_actions(state, seat)  # empty for the seat to act
                if offer:
                    choice = self._ask(bot, seat, state, offer, may_pass=True)
                    if choice is not None:
                        return BotMove(ply, seat, choice)
        if not decisions or to_act is None or to_act not in self.bots:
            return BotMove(ply)
        choice = self._ask(
            self.bots[to_act], to_act, state, seat_actions(state, to_act), may_pass=False
        )
        return BotMove(ply, to_act, choice)

    def commit(self, move: BotMove) -> Transition | None:
        """Apply `move` if the game is still at its ply; a move where every bot passed marks
        the position's offers as passed (they are not asked again until something is applied).
        None: nothing was applied."""
        if move.ply != self.ply:
            return None
        if move.passed:
            self._offers_passed_at = move.ply
            return None
        assert move.seat is not None and move.action is not None
        if move.seat not in self.bots and move.action.kind is not ActionKind.NEXT:
            raise LastcardError(f"seat {shown(move.seat)} is not a bot: use submit")
        return self._apply(move.seat, move.action)

    def _ask(
        self,
        bot: Bot,
        seat: int,
        state: GameState,
        offer: tuple[Action, ...],
        *,
        may_pass: bool,
    ) -> Action | None:
        inbox = self._inbox.get(seat)
        if inbox:
            observe = getattr(bot, "observe", None)
            while inbox:
                event = inbox.popleft()
                if observe is not None:
                    observe(event)
        choice = bot.choose(player_view(state, seat), offer, may_pass=may_pass)
        if choice is None:
            if may_pass:
                return None
            raise BotMistakeError(f"the bot at seat {seat} passed, but it must act now")
        if choice not in offer:
            codes = ", ".join(a.code for a in offer)
            said = repr(choice.code) if isinstance(choice, Action) else shown(choice)
            raise BotMistakeError(
                f"the bot at seat {seat} chose {said}, which was not offered: {codes}"
            )
        return choice

    # -- internals ------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> Transition:
        transition = self._recorder.apply(seat, action)
        self._actions = {}
        self.ply += 1
        if action.kind is ActionKind.NEXT:
            self._hand_start = self.ply
        self._deliver(transition.events)
        return transition

    def _deliver(self, events: Iterable[Event]) -> None:
        inboxes = self._inbox
        for event in events:
            if event.secret:
                for seat, inbox in inboxes.items():
                    inbox.append(event.redact(seat))
            else:  # most events: every seat sees the event itself (`redact` would return it)
                for inbox in inboxes.values():
                    inbox.append(event)


def _refuse(state: GameState, seat: int, action: Action) -> None:
    """Raise the engine's own error for an action not on offer; one the engine would allow
    but a table does not offer (a wild jump-in, §7.3.1) gets a plain refusal."""
    apply(state, seat, action)
    if action.kind is ActionKind.PLAY:
        raise illegal("JUMP_IN_NOT_ALLOWED", f"{action.code} may not be played out of turn")
    raise IllegalActionError("NOT_OFFERED", f"{action.code} is not offered now")
