"""A web table's waiting room (`WaitingRoom`, SERVER.md §5, §8): sitting and standing, being
ready (with a seed quoting the next deal's commitment, §6), the host's settings, bots and
kicks, the start of a game, and the way back after one (`rematch`)."""

from __future__ import annotations

from lastcard.core import RulesError

from .fairness import ALGO, game_seed
from .protocol import ClientMessage, ProtocolError
from .room_game import RunningGame
from .room_model import PLAYING, WAITING, Effects, Settings, build_game
from .seating import Seat


class WaitingRoom(RunningGame):
    """The seats of a table before its game, and its start."""

    def _on_sit(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        target = msg.get("seat")
        if target >= len(self.seats):
            raise ProtocolError(
                "BAD_FIELD", f"seat: this table has seats 0 to {len(self.seats) - 1}"
            )
        if target == seat:
            return
        if not self.seats[target].empty:
            raise ProtocolError("SEAT_TAKEN", f"seat {target} is taken")
        self.seats[target], self.seats[seat] = self.seats[seat], Seat()
        self.seats[target].ready = False
        self.seats[target].client_seed = None
        self._seat_left(effects, client, seat, target, now)

    def _on_stand(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        self.seats[seat] = Seat()
        self._seat_left(effects, client, seat, None, now)

    def _seat_left(
        self, effects: Effects, client: int, seat: int, target: int | None, now: float
    ) -> None:
        """A person left `seat` for `target` (None: stood up): their connections follow them,
        and so does the host role (to the next person seated, if they stood up)."""
        for known in self.clients.values():
            if known.seat == seat:
                known.seat = target
        if self.host == seat:
            if target is None:
                target = next((k for k, s in enumerate(self.seats) if s.human), None)
            self.host = target
        self._answers.pop(seat, None)
        self._save(effects, now)
        self._broadcast_table(effects)
        effects.send(client, self._welcome(client, now))

    def _on_ready(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        if msg.get("ready") and (
            self.next_commitment is None or msg.get("commitment") != self.next_commitment
        ):
            # §6 step 2: a seed chosen before the commitment was seen proves nothing.
            raise ProtocolError(
                "BAD_COMMITMENT", "ready quotes the table's next_commitment: reload and try again"
            )
        place = self.seats[seat]
        place.ready = msg.get("ready")
        place.client_seed = msg.get("client_seed") if place.ready else None
        self._save(effects, now)
        self._broadcast_table(effects)

    def _on_settings(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        changed = Settings(**{**self.settings.to_dict(), **msg.fields})
        changed.build_rules_for(len(self.seats))
        self.settings = changed
        for place in self.seats:  # people agree to a game's rules by being ready for them
            place.ready = place.kind == "bot"
            place.client_seed = None
        self._save(effects, now)
        self._broadcast_table(effects)

    def _on_bot(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        target, level = msg.get("seat"), msg.get("level")
        if target >= len(self.seats):
            raise ProtocolError(
                "BAD_FIELD", f"seat: this table has seats 0 to {len(self.seats) - 1}"
            )
        if self.seats[target].human:
            raise ProtocolError("SEAT_TAKEN", f"seat {target} is a person's")
        self.seats[target] = Seat("bot", f"Bot {target + 1}", level=level) if level else Seat()
        self._save(effects, now)
        self._broadcast_table(effects)

    def _on_kick(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        """§8: free a seat held by a person not ready; their token is dead from now on."""
        target = msg.get("seat")
        place = self.seats[target] if target < len(self.seats) else None
        if place is None or not place.human or target == seat:
            raise ProtocolError("BAD_FIELD", f"seat: seat {target} holds no other person")
        if place.ready:
            raise ProtocolError(
                "BAD_FIELD", f"{place.name} is ready: only a seat not ready is freed"
            )
        started = self._first_start_attempt
        if place.connected and (started is None or now < started + self.timing.kick_unready_after):
            minutes = round(self.timing.kick_unready_after / 60)
            raise ProtocolError(
                "BAD_FIELD",
                f"{place.name} is here: their seat can be freed {minutes} minutes after you "
                "first try to start without them",
            )
        self.seats[target] = Seat()
        self._answers.pop(target, None)
        for other, known in list(self.clients.items()):
            if known.seat == target:
                effects.send(other, {"t": "kicked"})
                effects.closes.append((other, 4003, "kicked"))
                del self.clients[other]
        self._save(effects, now)
        self._broadcast_table(effects)

    def _on_start(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        if self._first_start_attempt is None:
            self._first_start_attempt = now
        filled = [k for k, s in enumerate(self.seats) if not s.empty]
        if len(filled) < 2:
            raise ProtocolError("NOT_WAITING", "a game needs at least two filled seats")
        unready = [
            self.seats[k].name for k in filled if self.seats[k].human and not self.seats[k].ready
        ]
        if unready:
            raise ProtocolError(
                "NOT_WAITING", "not everyone is ready: " + ", ".join(map(str, unready))
            )
        rules = self.settings.build_rules()
        try:
            rules.check_players(len(filled))
        except RulesError as error:
            raise ProtocolError("BAD_FIELD", str(error)) from None
        # §6: commit to the server seed before any card is dealt, then freeze the client seeds.
        # Everything that could fail comes first, so a refused start pushes and changes nothing.
        server_seed, promise = self.next_server_seed, self.next_commitment
        assert server_seed is not None and promise is not None  # drawn with the waiting room
        game_id = self._new_game_id()
        client_seeds = tuple(self.seats[k].client_seed or "" for k in filled if self.seats[k].human)
        seed = game_seed(server_seed, self.code, game_id, client_seeds)
        game = build_game(
            self.seats,
            game_id,
            self.games_played + 1,
            tuple(filled),
            rules,
            seed,
            server_seed,
            promise,
            client_seeds,
            now,
            (),
        )
        self._push(effects, {"t": "commit", "game": game_id, "algo": ALGO, "commitment": promise})
        self.games_played += 1
        self.game = game
        self.last_game_id = game_id
        self.status = PLAYING
        self.next_server_seed = self.next_commitment = None
        effects.store("start_game", self._game_row(now))
        self._save(effects, now)
        self._broadcast_table(effects)
        opening = list(self.game.table.opening_events)
        self._log_and_broadcast(effects, opening)

    def _on_rematch(
        self, effects: Effects, client: int, seat: int, msg: ClientMessage, now: float
    ) -> None:
        if self.status == WAITING:
            return  # idempotent: the table is already back in its waiting room
        self.status = WAITING
        self.game = None
        self._plan = None
        self._turn_deadline = None
        self._first_start_attempt = None
        self._draw_next_seed()
        for place in self.seats:
            place.ready = place.kind == "bot"
            place.client_seed = None
            place.autopilot = False  # a new game starts with everyone deciding for themselves
            place.timeouts = 0
            place.away = place.human and not place.connected
        self._save(effects, now)
        self._broadcast_table(effects)
