"""`GameSession`: one person against bots, without any screen.

The session wraps a `lastcard.table.Table` (the game, its record, the bots' poll, the inboxes)
with the person at an outside seat, `seat` (0: the dealer is drawn as usual); the Textual app
only shows it and feeds it the person's choices. Keeping it free of Textual lets the rules of
timing be tested directly.

**Timing.** The table's poll runs only when the app says so: after a short visible pause
(`bot_delay`), or at once when the person presses Space. During the pause the person may act
out of turn (call Uno after their play, catch an exposed player, jump in), and whatever they do
comes first. So:

1. After each transition the app asks `bots_pending()`. If True it waits `bot_delay` (longer
   while you could still call Uno late or catch a bot: `lastcard.tui.pacing`), then
   calls `plan_bot_step()` (slow for a searching bot: the app runs it in a worker thread) and
   `apply_bot_step(plan)` on its own thread. A plan made at a ply that is no longer current
   (the person acted meanwhile) is dropped, and the poll runs again.
2. The poll is the table's: bots with an out-of-turn offer in seat order (catch, late Uno,
   jump-in), then the bot whose turn it is. A bot that passes an offer is asked again only
   after the next transition.
3. The person's actions are `human_actions()`: everything legal for their seat when they are to
   act, else their out-of-turn offers; empty between hands, when the app deals the next hand
   once the person has read the summary (`next_hand()`).

Bots see the events redacted for their seat just before each of their decisions; they reach a
bot through its inbox, drained by the thread that asks it to choose, so a bot is never read and
written at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lastcard.bots import Bot, make_bot
from lastcard.core import (
    Action,
    CorruptDataError,
    Event,
    GameRecord,
    GameState,
    LastcardError,
    Phase,
    PlayerView,
    Rules,
    Transition,
)
from lastcard.core.errors import illegal, shown
from lastcard.table import BotMove, Table, bot_seed, fresh_seed

SAVE_FORMAT = 1


class GameSession:
    """A game between the person at seat `seat` (0) and bots at the other seats.

    `levels[k]` is the bot spec (`lastcard.bots.make_bot`) of seat k+1, `names[k]` the name of
    seat k. `seed` None picks an unguessable one; the game uses the "secure" generator, the one
    for tables with people at them, and replays from its seed like any other.
    """

    seat = 0

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
        self.seed = seed if seed is not None else fresh_seed("secure")
        self.rules.check_players(self.players)
        bots: list[Bot | None] = [None]
        bots += [make_bot(spec, bot_seed(self.seed, seat)) for seat, spec in enumerate(levels, 1)]
        self.table = Table(
            bots,
            self.rules,
            seed=self.seed,
            generator="secure",
            dealer=dealer,
            deck=deck,
            actions=actions,
        )
        self.bots = self.table.bots
        self.log: list[Event] = []  # every event as the person may see it, for the narration
        self._read_events()

    # -- what there is --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def is_over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def hand_over(self) -> bool:
        return self.state.phase is Phase.HAND_OVER

    def view(self) -> PlayerView:
        """The person's `PlayerView`."""
        return self.table.view(self.seat)

    def record(self) -> GameRecord:
        return self.table.record()

    # -- the person ---------------------------------------------------------------------

    def human_to_act(self) -> bool:
        """True when the game waits for the person (their turn, or a response they owe)."""
        return self.state.to_act == self.seat and self.state.phase not in _BETWEEN

    def human_actions(self) -> tuple[Action, ...]:
        """What the person may do now: all their legal actions when they are to act, else
        their out-of-turn offers (catch, a late Uno call, a jump-in); empty between hands."""
        if self.state.phase in _BETWEEN:
            return ()
        return self.table.actions(self.seat)

    def act(self, action: Action | str) -> Transition:
        """The person's action; anything not on offer raises `IllegalActionError` and changes
        nothing."""
        if self.state.phase is Phase.HAND_OVER:
            raise illegal("HAND_IS_OVER", "the hand is over: its summary deals the next one")
        return self._read(self.table.submit(self.seat, action))

    def next_hand(self) -> Transition:
        """Deal the next hand (after the person has seen the hand's summary)."""
        return self._read(self.table.next_hand())

    # -- the bots -----------------------------------------------------------------------

    def bots_pending(self) -> bool:
        """True when a bot would be asked something now: an out-of-turn offer, or its turn."""
        return self.table.bots_pending()

    def plan_bot_step(self) -> BotMove | None:
        """The table's poll over the bots, not applied. Safe in a worker thread: it reads one
        immutable state and touches only the bots. A bot's answer off the offer raises
        `BotMistakeError` (a `LastcardError`). None between hands."""
        if self.state.phase in _BETWEEN:
            return None
        return self.table.plan()

    def apply_bot_step(self, plan: BotMove) -> Transition | None:
        """Apply `plan` if the game is still where the bots looked at it, else None. A plan
        in which every bot passed marks the position: no bot is asked again before the next
        transition."""
        transition = self.table.commit(plan)
        return self._read(transition) if transition is not None else None

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
        record = GameRecord.from_dict(data.get("record"))  # type: ignore[arg-type]
        levels, names = data.get("levels"), data.get("names")
        for field, texts, count in (
            ("levels", levels, record.players - 1),
            ("names", names, record.players),
        ):
            if not (
                isinstance(texts, list)
                and len(texts) == count
                and all(isinstance(t, str) for t in texts)
            ):
                raise CorruptDataError(f"save.{field}: expected {count} texts, not {shown(texts)}")
        assert isinstance(levels, list) and isinstance(names, list)
        try:
            session = GameSession(
                levels,
                record.rules,
                names=names,
                seed=record.seed,
                dealer=record.dealer,
                deck=record.deck,
                actions=record.actions,
            )
        except LastcardError:
            raise
        except ValueError as error:  # a bot level that no longer exists
            raise CorruptDataError(f"save.levels: {error}") from None
        if record.digest is not None and session.record().digest != record.digest:
            raise LastcardError("the saved game does not replay to the state it was saved in")
        return session

    # -- internals ------------------------------------------------------------------------

    def _read(self, transition: Transition) -> Transition:
        self._read_events()
        return transition

    def _read_events(self) -> None:
        self.log += self.table.take_events(self.seat)


_BETWEEN = (Phase.HAND_OVER, Phase.GAME_OVER)


def _default_names(players: int) -> tuple[str, ...]:
    return ("You", *(f"Bot {seat}" for seat in range(1, players)))
