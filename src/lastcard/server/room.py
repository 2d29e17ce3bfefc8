"""`Room`: one web table's rules of conduct, as a pure class (SERVER.md §1).

Its parts, each a class `Room` builds on: `RoomBase` (room_base.py), the state and what clients
are sent of it; `RoomStorage` (room_storage.py), its rows and its restoration; `RunningGame`
(room_game.py), the game, its timers and autopilot; `WaitingRoom` (room_waiting.py), the seats
before a game and its start. `Room` itself creates and joins tables, binds connections to
seats, and answers each message (§4 steps 5–11) with the part that handles it.

No sockets, no clock, no asyncio: every entry point takes `now` (seconds since the epoch) and
returns `Effects`, what to persist and what to send to whom; `deadline()` says when `tick(now)`
must next be called. The asyncio task around it (`live.py`) persists first, then sends, so
nothing is shown that a crash could take back (§4 step 10). Every check of §4 steps 5–11 and
every rule of §5–§7 lives here and is tested without a network.

Clients are numbered connections. A connection becomes a *client* of the room with `hello`; its
seat (or None: a spectator) comes from its token. Seats are numbered 0..n-1 at the table; a game
is played by the filled seats in order, so the engine's seat k is `game_seats[k]`.

Decisions this module makes where SERVER.md is silent (each named in the closing note):
- between hands, any seated person's `next` deals on; otherwise the room deals after
  `HAND_PAUSE` seconds (at once when no person is connected);
- `rematch` puts the table back in its waiting room, same seats and rules; people ready again
  (with fresh client seeds) and the host starts;
- `leave` during a game hands the seat to autopilot for good (the seat stays away);
- a host who stands passes the host role to the next person seated;
- a table that allows no spectators answers a token-less `hello` with `NOT_SEATED` and closes;
- the next game's server seed is drawn when a waiting room opens (creation, `rematch`) and
  stored with the table; a table restored without one (stored before seeds were drawn this
  early) draws one and asks its people to ready again, since their seeds quoted nothing;
- `kick` frees at once the seat of a person not ready who is not connected (an absent joiner);
  a person who is connected but not ready, only `kick_unready_after` seconds after the host's
  first `start` attempt of this waiting room (§8), so a host cannot sweep away people who are
  still reading the rules.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lastcard.core import IllegalActionError, LastcardError
from lastcard.table import StaleActionError

from .credentials import new_token, token_hash, token_matches
from .fairness import ALGO
from .protocol import MAX_NAME, VERSION, ClientMessage, ProtocolError, error_message
from .room_model import (
    CLOSED,
    INSTANT,
    OVER,
    PLAYING,
    RECENT_CHAT,
    WAITING,
    Client,
    Effects,
    Game,
    Settings,
    Timing,
)
from .room_waiting import WaitingRoom
from .seating import Seat
from .storage import ChatLine, StoredTable

__all__ = [
    "CLOSED",
    "INSTANT",
    "OVER",
    "PLAYING",
    "RECENT_CHAT",
    "WAITING",
    "Client",
    "Effects",
    "Game",
    "Room",
    "Settings",
    "Timing",
]

WAITING_ONLY = frozenset({"sit", "stand", "ready", "settings", "bot", "kick", "start"})
HOST_ONLY = frozenset({"settings", "bot", "kick", "start"})
SEATED_ONLY = frozenset({"sit", "stand", "ready", "action", "autopilot", "rematch"})


class Room(WaitingRoom):
    """One table: seats, settings, the game, the connected clients. See the module docstring."""

    # == creating and joining (HTTP) ========================================================

    @staticmethod
    def create(
        code: str,
        body: Mapping[str, Any],
        now: float,
        *,
        timing: Timing = Timing(),
        new_game_id: Callable[[], str] | None = None,
    ) -> tuple[Room, dict[str, Any], Effects]:
        """A new table from `POST /api/tables`'s checked body; the creator sits at seat 0 as
        host. Returns the room, the reply `{code, seat, token}` and the effects."""
        settings = Settings(
            rules=body.get("rules", "official"),
            target=body.get("target"),
            turn_seconds=body.get("turn_seconds", 0),
            spectators=body.get("spectators", True),
            public=body.get("public", False),
        )
        # Wrong rules are refused now, not at `start`.
        settings.build_rules_for(body.get("seats", 4))
        room = Room(
            code, body.get("table_name") or "", body.get("seats", 4), settings, now, timing=timing
        )
        if new_game_id is not None:
            room._new_game_id = new_game_id
        token = new_token()
        room.seats[0] = Seat("human", body["name"], token_hash=token_hash(token))
        for bot in body.get("bots", ()):
            seat = bot["seat"]
            if not 0 < seat < len(room.seats):
                raise ProtocolError("BAD_FIELD", f"bots: there is no seat {seat} to give a bot")
            room.seats[seat] = Seat("bot", f"Bot {seat + 1}", level=bot["level"])
        room._draw_next_seed()
        effects = Effects()
        effects.store("create_table", room.snapshot(now))
        return room, {"code": code, "seat": 0, "token": token}, effects

    def join(self, name: str, seat: int | None, now: float) -> tuple[dict[str, Any], Effects]:
        """`POST /api/tables/{code}/join`: a seat and its token, or `{spectate: true}` once the
        game is running and the table allows spectators; `TABLE_FULL` when no seat is free."""
        effects = Effects()
        if self.status == CLOSED:
            raise ProtocolError("TABLE_CLOSED", "this table is closed")
        if self.status != WAITING:
            if self.settings.spectators:
                return {"spectate": True}, effects
            raise ProtocolError("NOT_WAITING", "the game has started and spectators are off")
        if seat is None:
            free = [k for k, s in enumerate(self.seats) if s.empty]
            if not free:
                raise ProtocolError("TABLE_FULL", "every seat is taken")
            seat = free[0]
        elif not 0 <= seat < len(self.seats):
            raise ProtocolError(
                "BAD_FIELD", f"seat: this table has seats 0 to {len(self.seats) - 1}"
            )
        elif not self.seats[seat].empty:
            raise ProtocolError("SEAT_TAKEN", f"seat {seat} is taken")
        token = new_token()
        self.seats[seat] = Seat("human", name[:MAX_NAME], token_hash=token_hash(token))
        if self.host is None:
            self.host = seat
        self.last_activity = now
        self._save(effects, now)
        self._broadcast_table(effects)
        return {"seat": seat, "token": token}, effects

    # == connections ==========================================================================

    def connect(self, client: int, message: ClientMessage, now: float) -> Effects:
        """`hello`: bind the connection to its seat (token) or make it a spectator."""
        effects = Effects()
        if message.get("v") != VERSION:
            effects.send(
                client,
                error_message("VERSION", f"this server speaks version {VERSION}", message.id),
            )
            effects.closes.append((client, 4400, "version mismatch"))
            return effects
        if self.status == CLOSED:
            effects.send(client, error_message("TABLE_CLOSED", "this table is closed", message.id))
            effects.closes.append((client, 1000, "closed"))
            return effects
        token = message.get("token")
        seat: int | None = None
        if token is not None:
            seat = next(
                (
                    k
                    for k, s in enumerate(self.seats)
                    if s.human and token_matches(token, s.token_hash)
                ),
                None,
            )
            if seat is None:
                effects.send(
                    client, error_message("BAD_TOKEN", "this token holds no seat here", message.id)
                )
                effects.closes.append((client, 4003, "bad token"))
                return effects
        elif not self.settings.spectators:
            effects.send(
                client, error_message("NOT_SEATED", "this table allows no spectators", message.id)
            )
            effects.closes.append((client, 1008, "no spectators"))
            return effects
        if client in self.clients and self.clients[client].seat != seat:
            gone = self.disconnect(client, now)  # a hello with another token: leave the first
            effects.sends.extend(gone.sends)
        if seat is not None:
            for other, known in list(self.clients.items()):
                if known.seat == seat and other != client:  # the newest connection wins (§7)
                    effects.send(other, {"t": "replaced"})
                    effects.closes.append((other, 4001, "replaced"))
                    del self.clients[other]
        self.clients[client] = Client(seat, message.get("since"))
        if seat is not None:
            self.suspended_since = None
            self._suspended = False
            self.seats[seat].connected = True
        effects.send(client, self._welcome(client, now))
        self._retell(effects, client, message.get("since"))
        if seat is not None:
            place = self.seats[seat]
            place.disconnected_at = None
            place.timeouts = 0
            place.away = False
            self._push_presence(effects, seat)
            self._replan(now, force=True)
        if self.game is not None:
            since = message.get("since")
            effects.send(client, self._state_for(client, since))
        if message.id is not None:
            effects.send(client, {"t": "ack", "id": message.id, "ply": self._ply()})
        return effects

    def _retell(self, effects: Effects, client: int, since: int | None) -> None:
        """§3: what a reload must not lose besides the state: the game's commitment and the
        chat lines pushed after `since` (all the recent ones to a page with none). Told again
        without a `seq`, so the client's count of pushes stays where the welcome put it."""
        if self.game is not None:
            game = self.game
            commit = {"t": "commit", "game": game.id, "algo": ALGO, "commitment": game.commitment}
            effects.send(client, commit)
        for seq, line in self.recent_chat:
            if since is None or seq > since:
                effects.send(client, {**line, "earlier": True})

    def disconnect(self, client: int, now: float) -> Effects:
        """A connection went away (or was closed): the seat stays, marked disconnected."""
        effects = Effects()
        known = self.clients.pop(client, None)
        self._answers.pop(-1 - client, None)  # a spectator's remembered answers go with it
        if known is None or known.seat is None:
            return effects
        if any(c.seat == known.seat for c in self.clients.values()):
            return effects  # another connection of that seat remains
        place = self.seats[known.seat]
        place.connected = False
        place.disconnected_at = now
        self._push_presence(effects, known.seat)
        if not self._people_connected():
            self.suspended_since = now
        return effects

    # == one message (§4 steps 5–11) =========================================================

    def handle(self, client: int, message: ClientMessage, now: float) -> Effects:
        if message.type == "hello":
            return self.connect(client, message, now)
        effects = Effects()
        known = self.clients.get(client)
        if known is None:
            effects.send(client, error_message("HELLO_FIRST", "say hello first", message.id))
            return effects
        seat = known.seat
        try:
            self._check_status_and_role(message, seat)
            key = seat if seat is not None else -1 - client
            answers = self._answers.setdefault(key, OrderedDict())
            if message.id is not None and message.id in answers:
                for reply in answers[message.id]:  # §4 step 7: the stored answer, again
                    effects.send(client, reply)
                return effects
            mark = len(effects.sends)
            handler = getattr(self, "_on_" + message.type)
            handler(effects, client, seat, message, now)
            if message.type != "ping":
                self.last_activity = now  # a waiting room in use is not idle
            if message.id is not None:  # §4 step 10: the ack before the states it caused
                reply = {"t": "ack", "id": message.id, "ply": self._ply()}
                effects.sends.insert(mark, (client, reply))
                self._remember(answers, message.id, [reply])
        except LastcardError as error:
            ply = self._ply() if self.game is not None else None
            reply = error_message(error.code, str(error), message.id, ply)
            if isinstance(error, IllegalActionError):
                reply["words"] = self._refusal_words(error, message, seat)
            effects.send(client, reply)
            if message.id is not None and seat is not None:
                self._remember(self._answers.setdefault(seat, OrderedDict()), message.id, [reply])
            if isinstance(error, StaleActionError):
                effects.send(client, self._state_for(client, self.seq))
        self._replan(now, force=message.type in ("autopilot", "leave"))
        return effects

    def _check_status_and_role(self, message: ClientMessage, seat: int | None) -> None:
        kind = message.type
        if self.status == CLOSED and kind not in ("ping", "leave"):
            raise ProtocolError("TABLE_CLOSED", "this table is closed")
        if kind in WAITING_ONLY and self.status != WAITING:
            raise ProtocolError("NOT_WAITING", "that is for the waiting room, before the game")
        if kind in ("action", "autopilot") and self.status != PLAYING:
            raise ProtocolError("GAME_NOT_RUNNING", "no game is being played")
        if kind == "rematch" and self.status != OVER and self.status != WAITING:
            raise ProtocolError("GAME_NOT_RUNNING", "a rematch comes after the game")
        if kind in HOST_ONLY and (seat is None or seat != self.host):
            raise ProtocolError("NOT_HOST", "only the host may do that")
        if kind in SEATED_ONLY and seat is None:
            raise ProtocolError("NOT_SEATED", "only a seated player may do that")
        if kind == "chat" and seat is None and not self.settings.spectators:
            raise ProtocolError("NOT_SEATED", "only seated players chat here")

    def _remember(
        self,
        answers: OrderedDict[str, list[dict[str, Any]]],
        request_id: str,
        replies: list[dict[str, Any]],
    ) -> None:
        answers[request_id] = replies
        while len(answers) > self.timing.remembered_ids:
            answers.popitem(last=False)

    def _on_leave(
        self, effects: Effects, client: int, seat: int | None, msg: ClientMessage, now: float
    ) -> None:
        if seat is not None:
            if self.status == WAITING:
                self._on_stand(effects, client, seat, msg, now)
            else:  # autopilot plays the seat until its person comes back (hello or an action)
                self.seats[seat].away = True
                self._push_presence(effects, seat)
        effects.send(client, {"t": "bye", "reason": "left"})
        effects.closes.append((client, 1000, "left"))

    def _on_ping(
        self, effects: Effects, client: int, seat: int | None, msg: ClientMessage, now: float
    ) -> None:
        effects.send(client, {"t": "pong"})

    def _on_chat(
        self, effects: Effects, client: int, seat: int | None, msg: ClientMessage, now: float
    ) -> None:
        name = self.seats[seat].name if seat is not None else "spectator"
        text = msg.get("text")
        effects.store("add_chat", self.code, seat, name or "", text, now)
        line = {"t": "chat", "seat": seat, "name": name, "text": text}
        self._push(effects, dict(line))
        self.recent_chat.append((self.seq, line))

    @staticmethod
    def restore(
        stored: StoredTable,
        now: float,
        *,
        timing: Timing = Timing(),
        chat: Sequence[ChatLine] = (),
    ) -> Room:
        """A room rebuilt from storage after a restart: every seat disconnected, the game
        replayed from its seed and actions, deadlines re-armed (§7); `chat`, its recent lines
        (oldest first), told to whoever connects."""
        settings = Settings(**stored.settings)
        room = Room(stored.code, stored.name, len(stored.seats), settings, now, timing=timing)
        room._restore_from(stored, chat, now)
        room._replan(now)
        return room
