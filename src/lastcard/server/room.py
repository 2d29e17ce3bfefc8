"""`Room`: one web table's rules of conduct, as a pure class (SERVER.md §1).

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

import secrets
from bisect import bisect_right
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lastcard.bots import make_bot
from lastcard.core import (
    ActionKind,
    Event,
    GameRecord,
    IllegalActionError,
    LastcardError,
    Phase,
    Rules,
    RulesError,
    parse_action,
    replay_steps,
)
from lastcard.table import StaleActionError, Table, bot_seed

from .autopilot import autopilot_choice
from .credentials import new_token, token_hash, token_matches
from .fairness import ALGO, commitment, game_seed, new_server_seed
from .protocol import MAX_NAME, VERSION, ClientMessage, ProtocolError, error_message
from .protocol_words import protocol_words
from .reader_words import Story, alert_words, cheat_codes, prompt_words, refusal_words
from .seating import LEVELS, Seat
from .storage import ChatLine, GameRow, SeatRow, StoredAction, StoredTable

# -- timing (SERVER.md §7; all configurable through `Timing`) ---------------------------------


@dataclass(frozen=True)
class Timing:
    bot_delay: float = 0.9  # a bot's visible pause before a decision
    catch_delay: float = 1.6  # a bot's pause before an out-of-turn move (a catch, a jump-in)
    hand_pause: float = 15.0  # between hands, before the room deals on by itself
    away_after_disconnect: float = 30.0
    timeouts_before_away: int = 2
    suspend_after: float = 300.0  # no person connected
    close_suspended_after: float = 24 * 3600.0
    idle_close_after: float = 2 * 3600.0  # no action at all
    remembered_ids: int = 64  # request ids remembered per seat (§4 step 7)
    kick_unready_after: float = 300.0  # after the host's first `start` attempt (§8)


RECENT_CHAT = 50  # chat lines a (re)connecting client is told (§3)

INSTANT = Timing(bot_delay=0.0, catch_delay=0.0, hand_pause=0.0)

# Status of a table: its waiting room, a game in play, a game over (rematch possible), closed.
WAITING, PLAYING, OVER, CLOSED = "waiting", "playing", "over", "closed"
WAITING_ONLY = frozenset({"sit", "stand", "ready", "settings", "bot", "kick", "start"})
HOST_ONLY = frozenset({"settings", "bot", "kick", "start"})
SEATED_ONLY = frozenset({"sit", "stand", "ready", "action", "autopilot", "rematch"})


@dataclass
class Effects:
    """What one call of the room asks its owner to do, in this order: persist, send, close."""

    persist: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = field(default_factory=list)
    sends: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    closes: list[tuple[int, int, str]] = field(default_factory=list)  # client, code, reason

    def send(self, client: int, message: dict[str, Any]) -> None:
        self.sends.append((client, message))

    def store(self, method: str, *args: Any, **kwargs: Any) -> None:
        """Ask for `storage.method(*args, **kwargs)`, before anything of this call is sent."""
        self.persist.append((method, args, kwargs))


@dataclass
class Client:
    seat: int | None
    since: int | None = None


@dataclass
class Settings:
    rules: str | dict[str, Any] = "official"
    target: int | None = None
    turn_seconds: int = 0
    spectators: bool = True
    public: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "target": self.target,
            "turn_seconds": self.turn_seconds,
            "spectators": self.spectators,
            "public": self.public,
        }

    def build_rules(self) -> Rules:
        """The engine's rules for these settings; `ProtocolError(BAD_FIELD)` if they are wrong."""
        try:
            if isinstance(self.rules, str):
                rules = Rules.preset(self.rules)
            else:
                rules = Rules.from_dict(self.rules)
            if self.target is not None:
                rules = rules.changed(target_score=self.target)
        except (RulesError, TypeError, ValueError) as error:
            raise ProtocolError("BAD_FIELD", f"rules: {error}") from None
        return rules

    def build_rules_for(self, seats: int) -> Rules:
        """`build_rules`, refusing rules no game at a table of `seats` seats could be played
        under (a `partners` table of 2 seats): a table is refused when it is made or changed,
        not at its start, when nothing but starting again could mend it."""
        rules = self.build_rules()
        problem: RulesError | None = None
        for players in range(2, seats + 1):
            try:
                rules.check_players(players)
                return rules
            except RulesError as error:
                problem = error
        seated = f"{seats} seats" if seats != 1 else "1 seat"
        raise ProtocolError("BAD_FIELD", f"rules: {problem}; this table has {seated}")


@dataclass
class Game:
    """The game being played at the table and its fairness secrets (§6)."""

    id: str
    number: int
    seats: tuple[int, ...]  # the table seats that play, in the engine's seat order
    table: Table
    server_seed: bytes
    commitment: str
    client_seeds: tuple[str, ...]
    started: float
    story: Story  # what each reader has been told of this hand (`reader_words`)
    hand_log: list[tuple[int, Event]] = field(default_factory=list)  # (seq, event) this hand
    # This hand's events as each engine seat (None: a spectator) saw them, redacted once each
    # rather than the whole hand again for every state sent; kept with the log they are of.
    _seen: dict[int | None, tuple[list[tuple[int, Event]], list[Event]]] = field(
        default_factory=dict
    )

    def engine_seat(self, seat: int | None) -> int | None:
        return None if seat is None or seat not in self.seats else self.seats.index(seat)

    def seen_by(self, engine_seat: int | None) -> list[Event]:
        """This hand's events, redacted for `engine_seat`."""
        log, seen = self._seen.get(engine_seat, (None, []))
        if log is not self.hand_log:  # a new hand (or a restored one): start again
            seen = []
            self._seen[engine_seat] = (self.hand_log, seen)
        seen.extend(event.redact(engine_seat) for _, event in self.hand_log[len(seen) :])
        return seen


@dataclass
class _Plan:
    """Something the room will do at `due` unless the game moved on from `ply` first."""

    due: float
    ply: int
    kind: str  # "bot", "autopilot", "timer", "next_hand"
    seat: int | None = None  # engine seat
    code: str | None = None


class Room:
    """One table: seats, settings, the game, the connected clients. See the module docstring."""

    def __init__(
        self,
        code: str,
        name: str,
        seats: int,
        settings: Settings,
        now: float,
        *,
        timing: Timing = Timing(),
        new_game_id: Callable[[], str] = lambda: secrets.token_urlsafe(9),
    ) -> None:
        self.code = code
        self.name = name
        self.settings = settings
        self.timing = timing
        self.seats = [Seat() for _ in range(seats)]
        self.host: int | None = 0
        self.status = WAITING
        self.clients: dict[int, Client] = {}
        self.seq = 0
        self.game: Game | None = None
        self.games_played = 0
        self.last_game_id: str | None = None
        self.last_activity = now
        self.suspended_since: float | None = None
        self.closed_reason: str | None = None
        self._new_game_id = new_game_id
        self._answers: dict[int | None, OrderedDict[str, list[dict[str, Any]]]] = {}
        self._plan: _Plan | None = None
        self._turn_deadline: float | None = None  # the turn timer of the seat to act
        self._deadline_ply: int | None = None
        self._suspended = False
        self._first_start_attempt: float | None = None  # in this waiting room (for `kick`)
        # §6: the next game's server seed, secret, and its commitment, public before any
        # client seed is given; None while a game runs (drawn again at `rematch`).
        self.next_server_seed: bytes | None = None
        self.next_commitment: str | None = None
        # §3: the recent chat, resent on (re)connecting: (seq of the push, the line).
        self.recent_chat: deque[tuple[int, dict[str, Any]]] = deque(maxlen=RECENT_CHAT)

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

    # -- the waiting room ---------------------------------------------------------------------

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

    def _draw_next_seed(self) -> None:
        """§6 step 1: the next game's server seed, committed to before any client seed."""
        self.next_server_seed = new_server_seed()
        self.next_commitment = commitment(self.next_server_seed)

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
        game = self._build_game(
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

    # -- the game -------------------------------------------------------------------------------

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

    def _carry_out(self, effects: Effects, plan: _Plan, now: float) -> None:
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
            self._plan = _Plan(now + pause, ply, "next_hand")
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
                    self._plan = _Plan(
                        now + self.timing.bot_delay, ply, "autopilot", to_act, choice.code
                    )
                    return
            elif self.settings.turn_seconds and self._turn_deadline is None:
                self._turn_deadline = now + self.settings.turn_seconds
        if table.bots_pending():
            decides = place is not None and place.kind == "bot"
            delay = self.timing.bot_delay if decides else self.timing.catch_delay
            self._plan = _Plan(now + delay, ply, "bot")

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

    # == what clients see ======================================================================

    def table_message(self) -> dict[str, Any]:
        return {
            "t": "table",
            "code": self.code,
            "name": self.name,
            "status": self.status,
            "host": self.host,
            "seats": [place.public(k) for k, place in enumerate(self.seats)],
            "settings": self.settings.to_dict(),
            "game": self.game.id if self.game is not None else self.last_game_id,
            "games": self.games_played,
            "next_commitment": self.next_commitment,
        }

    def _welcome(self, client: int, now: float) -> dict[str, Any]:
        seat = self.clients[client].seat
        return {
            "t": "welcome",
            "v": VERSION,
            "server_time": round(now * 1000),
            "you": {"seat": seat, "host": seat is not None and seat == self.host},
            "table": self.table_message(),
            "seq": self.seq,
        }

    def _state_for(self, client: int, since: int | None) -> dict[str, Any]:
        """The `state` for `client`, with the events (and their story) pushed after `since`
        (None: the whole hand)."""
        game = self._running()
        seat = self.clients[client].seat
        engine_seat = game.engine_seat(seat)
        table = game.table
        state = table.state
        actions = table.actions(engine_seat) if engine_seat is not None else ()
        legal = [a.code for a in actions]
        view = table.view(engine_seat)
        names = [self.seats[k].name for k in game.seats]
        seen = game.seen_by(engine_seat)
        pushed = [event.redact(engine_seat) for event in self._events_since(since)]
        to_act = state.to_act if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) else None
        deadline = self._turn_deadline if self._turn_deadline is not None else None
        return {
            "t": "state",
            "seq": self.seq,
            "game": game.id,
            "ply": table.ply,
            "seat": engine_seat,
            "seats": list(game.seats),
            "names": names,
            "view": view.to_dict(),
            "legal": legal,
            "to_act": to_act,
            "deadline": round(deadline * 1000) if deadline is not None else None,
            "events": [event.to_dict() for event in pushed],
            "story": game.story.since(engine_seat, since),
            "prompt": prompt_words(view, actions, names, seen),
            "cheats": cheat_codes(view, actions),
            "alerts": alert_words(pushed, engine_seat, names, game.table.rules),
        }

    def _refusal_words(
        self, error: IllegalActionError, message: ClientMessage, seat: int | None
    ) -> str:
        """An engine's refusal in the reader's words, for their position (`lastcard.words`)."""
        game = self.game
        engine_seat = game.engine_seat(seat) if game is not None else None
        if game is not None and message.type == "action":
            try:
                action = parse_action(message.get("code"))
            except LastcardError:
                action = None
            if action is not None:
                names = [self.seats[k].name for k in game.seats]
                view = game.table.view(engine_seat)
                return refusal_words(error, action, view, names)
        return protocol_words(error.code, error.message)

    def _events_since(self, since: int | None) -> list[Event]:
        log = self._running().hand_log
        # The log is in push order: the first event after `since` is found by bisection, not
        # by reading the whole hand again for every state sent (a hand runs to hundreds).
        start = 0 if since is None else bisect_right(log, since, key=_push_number)
        return [event for _, event in log[start:]]

    def _log_and_broadcast(self, effects: Effects, events: list[Event]) -> None:
        game = self._running()
        self.seq += 1
        for event in events:
            game.hand_log.append((self.seq, event))
        game.story.tell(self.seq, events, game.table.state)
        for client in self.clients:
            effects.send(client, self._state_for(client, self.seq - 1))

    def _push(self, effects: Effects, message: dict[str, Any]) -> None:
        self.seq += 1
        message["seq"] = self.seq
        for client in self.clients:
            effects.send(client, message)

    def _broadcast_table(self, effects: Effects) -> None:
        self._push(effects, self.table_message())

    def _push_presence(self, effects: Effects, seat: int) -> None:
        place = self.seats[seat]
        self._push(
            effects,
            {
                "t": "presence",
                "seat": seat,
                "connected": place.connected,
                "away": place.away,
                "autopilot": place.autopilot,
            },
        )

    # == storage ===============================================================================

    def snapshot(self, now: float) -> StoredTable:
        """The table as storage keeps it (its game and actions are stored apart)."""
        return StoredTable(
            self.code,
            self.name,
            self.status,
            self.settings.to_dict(),
            self.host,
            self.settings.public,
            self._seat_rows(),
            now,
            now,
            next_server_seed=self._next_seed_hex(),
        )

    def _seat_rows(self) -> list[SeatRow]:
        return [
            SeatRow(k, p.kind, p.name, p.level, p.token_hash, p.client_seed)
            for k, p in enumerate(self.seats)
        ]

    def _save(self, effects: Effects, now: float) -> None:
        effects.store(
            "save_table",
            self.code,
            name=self.name,
            status=self.status,
            settings=self.settings.to_dict(),
            host=self.host,
            public=self.settings.public,
            seats=self._seat_rows(),
            now=now,
            next_server_seed=self._next_seed_hex(),
        )

    def _next_seed_hex(self) -> str | None:
        return self.next_server_seed.hex() if self.next_server_seed is not None else None

    def _game_row(self, now: float) -> GameRow:
        game = self._running()
        record = game.table.record()
        return GameRow(
            id=game.id,
            code=self.code,
            number=game.number,
            players=record.players,
            rules=record.rules.to_dict(),
            seed=record.seed,
            generator=record.generator,
            commitment=game.commitment,
            server_seed=game.server_seed.hex(),
            client_seeds=list(game.client_seeds),
            seats=list(game.seats),
            status="running",
            result=None,
            started=now,
            ended=None,
            names=[self.seats[k].name or f"Seat {k + 1}" for k in game.seats],
        )

    def _build_game(
        self,
        game_id: str,
        number: int,
        seats: tuple[int, ...],
        rules: Rules,
        seed: int,
        server_seed: bytes,
        promise: str,
        client_seeds: tuple[str, ...],
        started: float,
        actions: Sequence[tuple[int, str]],
    ) -> Game:
        players = [
            make_bot(LEVELS[self.seats[k].level or "easy"], seed=bot_seed(seed, i))
            if self.seats[k].kind == "bot"
            else None
            for i, k in enumerate(seats)
        ]
        table = Table(players, rules, seed=seed, generator="secure", actions=actions)
        story = Story(len(seats), rules, [self.seats[k].name for k in seats])
        return Game(
            game_id, number, seats, table, server_seed, promise, client_seeds, started, story
        )

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
        for said in chat:  # pushed by the process before: below every `seq` of this one
            line = {"t": "chat", "seat": said.seat, "name": said.name, "text": said.text}
            room.recent_chat.append((0, line))
        room.status = stored.status
        room.host = stored.host
        # The new process's pushes must count on from the old one's, whose last `seq` is not
        # stored: one push per microsecond is more than a table ever sends, so the time in
        # microseconds lies above every `seq` sent before (and stays exact in JavaScript).
        room.seq = int(now * 1_000_000)
        for row in stored.seats:
            room.seats[row.seat] = Seat(
                row.kind,
                row.name,
                row.level,
                row.token_hash,
                row.client_seed,
                ready=row.kind == "bot" or row.client_seed is not None,
                disconnected_at=now if row.kind == "human" else None,
            )
        if stored.next_server_seed is not None:
            room.next_server_seed = bytes.fromhex(stored.next_server_seed)
            room.next_commitment = commitment(room.next_server_seed)
        elif room.status == WAITING:
            room._draw_next_seed()
            for place in room.seats:
                if place.human:
                    place.ready, place.client_seed = False, None
        game = stored.game
        if game is not None:
            room.games_played = game.number
            room.last_game_id = game.id
            if room.status in (PLAYING, OVER) and game.seed is not None:
                actions = [(game.seats.index(a.seat), a.code) for a in stored.actions]
                room.game = room._build_game(
                    game.id,
                    game.number,
                    tuple(game.seats),
                    Rules.from_dict(game.rules),
                    game.seed,
                    bytes.fromhex(game.server_seed),
                    game.commitment,
                    tuple(game.client_seeds),
                    game.started,
                    actions,
                )
                room.game.hand_log = _current_hand_events(room.game.table.record(), room.seq)
                told = [event for _, event in room.game.hand_log]
                room.game.story.tell(room.seq, told, room.game.table.state)
        room.suspended_since = now
        room._replan(now)
        return room

    # == small helpers =========================================================================

    def _running(self) -> Game:
        if self.game is None:
            raise ProtocolError("GAME_NOT_RUNNING", "no game is being played")
        return self.game

    def _ply(self) -> int | None:
        return self.game.table.ply if self.game is not None else None

    def _people_connected(self) -> bool:
        return any(place.human and place.connected for place in self.seats)


def _push_number(logged: tuple[int, Event]) -> int:
    return logged[0]


def _current_hand_events(record: GameRecord, seq: int) -> list[tuple[int, Event]]:
    """The events of a replayed game's current hand, for clients that reconnect after a
    restart, as pushed at `seq` (after every push of the process before)."""
    events = list(record.open().events)
    for _, action, transition in replay_steps(record):
        if action.kind is ActionKind.NEXT:
            events = []
        events.extend(transition.events)
    return [(seq, event) for event in events]
