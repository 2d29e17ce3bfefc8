"""A web table's running game (`RunningGame`, SERVER.md §4, §7): the actions of its seats, what
happens without a message (the bots, autopilot, the turn timer, the next hand, closing an idle
table) and when, and the end of the game with its seed revealed."""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Event, Phase, parse_action

from .autopilot import autopilot_choice
from .protocol import ClientMessage, ProtocolError
from .room_model import CLOSED, OVER, PLAYING, Effects, Game, Plan
from .room_storage import RoomStorage
from .storage import StoredAction


class RunningGame(RoomStorage):
    """The game of a table, its actions and its timers."""

    def _on_action(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        game = self._running()
        engine_seat = game.engine_seat(seat)
        if engine_seat is None:
            raise ProtocolError("NOT_SEATED", "this seat does not play in this game")
        self._apply(effects, engine_seat, msg.get("code"), msg.get("ply"), "player", now)
        place = self.seats[seat]  # an action accepted gives the seat back to its person
        place.timeouts = 0
        if place.away:
            place.away = False
            self._push_presence(effects, seat)

    def _on_autopilot(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        place = self.seats[seat]
        place.autopilot = msg.get("on")
        if not place.autopilot:
            place.away = False
            place.timeouts = 0
        self._push_presence(effects, seat)

    # == time ==================================================================================

    def deadline(self) -> float | None:
        """When `tick` must next be called (None: only a message can change anything)."""
        if self.status == CLOSED:
            return None
        times = [self.last_activity + self.timing.idle_close_after]
        if self.suspended_since is not None:
            if not self._suspended:
                times.append(self.suspended_since + self.timing.suspend_after)
            times.append(self.suspended_since + self.timing.close_suspended_after)
        if not self.suspended:
            if self._plan is not None:
                times.append(self._plan.due)
            if self._turn_deadline is not None:
                times.append(self._turn_deadline)
            for place in self.seats:
                if place.human and place.disconnected_at is not None and not place.away:
                    times.append(place.disconnected_at + self.timing.away_after_disconnect)
        return min(times)

    @property
    def suspended(self) -> bool:
        """No person has been connected for `suspend_after` seconds: the game waits for one
        to return (§7), rather than autopilot playing it to the end for nobody."""
        return self._suspended

    def tick(self, now: float) -> Effects:
        """Do what is due at `now`: a bot's or autopilot's move, a timer, away marks, closing."""
        effects = Effects()
        if self.status == CLOSED:
            return effects
        for k, place in enumerate(self.seats):
            if (
                place.human
                and place.disconnected_at is not None
                and not place.away
                and now >= place.disconnected_at + self.timing.away_after_disconnect
            ):
                place.away = True
                self._push_presence(effects, k)
                self._replan(now, force=True)
        if now >= self.last_activity + self.timing.idle_close_after or (
            self.suspended_since is not None
            and now >= self.suspended_since + self.timing.close_suspended_after
        ):
            self.close(effects, now, "idle")
            return effects
        if (
            self.suspended_since is not None
            and now >= self.suspended_since + self.timing.suspend_after
        ):
            self._suspended = True
            self._plan = None
            self._turn_deadline = None
            return effects
        for _ in range(1000):  # bounded: a table of bots with no delay plays on in one tick
            if self.status != PLAYING:
                break
            plan = self._plan
            timer = self._turn_deadline
            if timer is not None and now >= timer and (plan is None or plan.due > now):
                self._time_out(effects, now)
            elif plan is not None and now >= plan.due:
                self._plan = None
                self._carry_out(effects, plan, now)
            else:
                break
            self._replan(now)
        return effects

    def _time_out(self, effects: Effects, now: float) -> None:
        game = self._running()
        to_act = game.table.state.to_act
        self._turn_deadline = None
        if to_act is None:
            return
        seat = game.seats[to_act]
        place = self.seats[seat]
        place.timeouts += 1
        if place.timeouts >= self.timing.timeouts_before_away and not place.away:
            place.away = True
            self._push_presence(effects, seat)
        choice = autopilot_choice(game.table.actions(to_act), game.table.view(to_act))
        if choice is not None:
            self._apply(effects, to_act, choice.code, game.table.ply, "timer", now)

    def _carry_out(self, effects: Effects, plan: Plan, now: float) -> None:
        game = self._running()
        table = game.table
        if plan.ply != table.ply:
            return
        if plan.kind == "next_hand":
            if table.state.phase is Phase.HAND_OVER:
                dealer = table.state.dealer
                transition = table.next_hand()  # as the dealer, who may be a bot
                self._after_apply(effects, dealer, "next", "timer", transition.events, now)
            return
        if plan.kind == "autopilot":
            assert plan.code is not None and plan.seat is not None
            place = self.seats[game.seats[plan.seat]]
            if not (place.away or place.autopilot):
                return  # its person came back since the plan was made
            self._apply(effects, plan.seat, plan.code, plan.ply, "autopilot", now)
            return
        move = table.plan()
        if move.passed or move.ply != table.ply:
            table.commit(move)  # marks the bots' offers passed at this ply
            return
        assert move.action is not None and move.seat is not None
        applied = table.commit(move)
        if applied is not None:
            self._after_apply(effects, move.seat, move.action.code, "bot", applied.events, now)

    def _replan(self, now: float, *, force: bool = False) -> None:
        """Step 11 of §4: what happens next without a message, and when. `force` plans afresh
        at the same ply (someone came back, went away or switched autopilot)."""
        if force:
            self._plan = None
        if self.status != PLAYING or self.game is None or self._suspended:
            self._plan = None
            self._turn_deadline = None
            return
        table = self.game.table
        ply = table.ply
        if self._plan is not None and self._plan.ply == ply:
            return  # already planned for this position
        self._plan = None
        state = table.state
        if self._deadline_ply != ply:
            self._deadline_ply = ply
            self._turn_deadline = None
        if state.phase is Phase.GAME_OVER:
            return
        if state.phase is Phase.HAND_OVER:
            pause = self.timing.hand_pause if self._people_connected() else 0.0
            self._plan = Plan(now + pause, ply, "next_hand")
            return
        to_act = state.to_act
        seat = self.game.seats[to_act] if to_act is not None else None
        place = self.seats[seat] if seat is not None else None
        if place is not None and place.human:
            if place.away or place.autopilot:
                choice = (
                    autopilot_choice(table.actions(to_act), table.view(to_act))
                    if to_act is not None
                    else None
                )
                if choice is not None:
                    self._plan = Plan(
                        now + self.timing.bot_delay, ply, "autopilot", to_act, choice.code
                    )
                    return
            elif self.settings.turn_seconds and self._turn_deadline is None:
                self._turn_deadline = now + self.settings.turn_seconds
        if table.bots_pending():
            decides = place is not None and place.kind == "bot"
            delay = self.timing.bot_delay if decides else self.timing.catch_delay
            self._plan = Plan(now + delay, ply, "bot")

    # == applying an action (§4 steps 8–10) ===================================================

    def _apply(
        self, effects: Effects, engine_seat: int, code: str, ply: int | None, by: str, now: float
    ) -> None:
        game = self._running()
        if ply is not None:
            game.table.check_ply(engine_seat, ply)  # §4 step 8 before step 9
        action = parse_action(code)
        transition = game.table.submit(engine_seat, action)  # the ply is checked already
        self._after_apply(effects, engine_seat, action.code, by, transition.events, now)

    def _after_apply(
        self,
        effects: Effects,
        engine_seat: int,
        code: str,
        by: str,
        events: Sequence[Event],
        now: float,
    ) -> None:
        game = self._running()
        table = game.table
        effects.store(
            "append",
            game.id,
            StoredAction(table.ply - 1, game.seats[engine_seat], code, by, now),
        )
        self.last_activity = now
        if code == "next":
            game.hand_log = []  # a reconnecting client is told the current hand's story
            game.story.new_hand()
        self._replan(now)  # the states sent carry the next decision's deadline
        self._log_and_broadcast(effects, list(events))
        if table.state.phase is Phase.GAME_OVER:
            self._finish(effects, now)

    def _finish(self, effects: Effects, now: float) -> None:
        game = self._running()
        state = game.table.state
        self.status = OVER
        self._plan = None
        self._turn_deadline = None
        result = {"scores": list(state.scores), "winners": list(state.winners)}
        effects.store("finish_game", game.id, "over", result, now)
        self._save(effects, now)
        self._broadcast_table(effects)
        self._reveal(effects, game)

    def _reveal(self, effects: Effects, game: Game) -> None:
        """§6: the server seed and the record, once the game is over or abandoned."""
        self._push(
            effects,
            {
                "t": "reveal",
                "game": game.id,
                "server_seed": game.server_seed.hex(),
                "client_seeds": list(game.client_seeds),
                "record": game.table.record().to_dict(),
            },
        )

    def close(self, effects: Effects, now: float, reason: str) -> None:
        """Close the table for good (idle, abandoned); a running game's seed is revealed."""
        if self.game is not None and self.status == PLAYING:
            game = self.game
            effects.store("finish_game", game.id, "abandoned", None, now)
            self._reveal(effects, game)
        self.status = CLOSED
        self.closed_reason = reason
        self._plan = None
        self._turn_deadline = None
        self._save(effects, now)
        for client in list(self.clients):
            effects.send(client, {"t": "bye", "reason": reason})
            effects.closes.append((client, 1000, reason))
        self.clients.clear()
