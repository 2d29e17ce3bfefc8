"""A `Room` driven as the live table drives it, without sockets or a clock (SERVER.md §1).

`RoomHarness` plays the part of `live.py` and `app.py` for the room tests: it builds messages
through the real parser (`parse_message`), carries out each call's `Effects` in the live order
(persist on a real storage, then send, then close; a closed connection then leaves the room, as
the app reports it), and keeps every message each client received. Time is explicit: `at` moves
the harness's `now`, and nothing happens between calls unless a test calls `tick`.

It also checks, on every call, two promises a test could otherwise forget: no `state` shows a
ply whose action is not yet in the database (§4 step 10), and a tick that did nothing leaves
`deadline()` in the future (the live table ticks again at once while it is due).

    harness = RoomHarness({"name": "Ana", "seats": 3, "bots": [{"seat": 1, "level": "easy"}]})
    ana = harness.hello(1, seat=0)
    harness.ready(ana)
    harness.send(ana, t="start")
    harness.tick()
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from lastcard.core import Phase
from lastcard.server import room_base
from lastcard.server.protocol import ClientMessage, parse_message
from lastcard.server.room import INSTANT, PLAYING, Effects, Room, Timing
from lastcard.server.storage import Storage, StoredAction, open_storage

CODE = "KXR7QM"
T0 = 1_700_000_000.0  # the tests' "now": a fixed epoch time


def client_seed(seat: int) -> str:
    """A distinct, valid `client_seed` (32 hex digits) for each seat."""
    return hashlib.sha256(f"client seed {seat}".encode()).hexdigest()[:32]


def message(**fields: Any) -> ClientMessage:
    """A client message as the connection layer would hand it over: JSON text, parsed."""
    return parse_message(json.dumps(fields))


@contextmanager
def fixed_server_seed(seed: bytes = b"\x07" * 32) -> Iterator[bytes]:
    """Deal every game from `seed`, so a test replays the same cards each run.

    The room draws its server seed from `secrets`; the tests replace that one function (and
    nothing else of the fairness scheme) to make the deal reproducible."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(room_base, "new_server_seed", lambda: seed)
        yield seed


class RoomHarness:
    """One room, its storage and the messages each client received. See the module docstring."""

    def __init__(
        self,
        body: Mapping[str, Any] | None = None,
        *,
        timing: Timing = INSTANT,
        storage: Storage | None = None,
        now: float = T0,
        room: Room | None = None,
        tokens: Mapping[int, str] | None = None,
    ) -> None:
        self.now = now
        self.storage = storage if storage is not None else open_storage("sqlite://:memory:")
        self.inbox: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.closed: dict[int, tuple[int, str]] = {}
        self.persisted: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.appended: dict[str, list[StoredAction]] = defaultdict(list)
        self.client_seat: dict[int, int | None] = {}
        if room is None:
            created, reply, effects = Room.create(
                CODE, body if body is not None else {"name": "Ana"}, now, timing=timing
            )
            self.room = created
            self.tokens: dict[int, str] = {0: reply["token"]}
            numbers = iter(range(1, 1000))
            # Game ids enter the seed (§6): numbered ids keep a fixed server seed's deal fixed.
            created._new_game_id = lambda: f"game{next(numbers)}"
            self.carry_out(effects)
        else:
            self.room = room
            self.tokens = dict(tokens or {})
            stored = self.storage.load(room.code)
            if stored is not None and stored.game is not None:
                self.appended[stored.game.id] = list(stored.actions)

    # -- time --------------------------------------------------------------------------------

    def at(self, now: float | None) -> float:
        """Move the harness clock to `now` (never back) and return it."""
        if now is not None:
            assert now >= self.now, "the harness clock never goes back"
            self.now = now
        return self.now

    def tick(self, now: float | None = None) -> Effects:
        """`room.tick(now)`, checking that the room then asks for no tick it cannot use: the
        live table ticks again at once while `deadline() <= now`, so a tick that changes
        nothing must leave the deadline in the future, or the table spins."""
        room = self.room
        before = (room.seq, room.status, len(self.persisted))
        effects = self.carry_out(room.tick(self.at(now)))
        due = room.deadline()
        if due is not None and due <= self.now:
            assert (room.seq, room.status, len(self.persisted)) != before, (
                f"after a tick at {self.now} that did nothing the room is due again at {due}"
            )
        return effects

    def tick_until_quiet(self, *, limit: int = 200) -> None:
        """Tick at the current time until nothing more is due now (bots, autopilot, deals)."""
        for _ in range(limit):
            due = self.room.deadline()
            if due is None or due > self.now:
                return
            before = (self.room.seq, self.room.status, self.ply)
            self.tick()
            if (self.room.seq, self.room.status, self.ply) == before:
                return
        raise AssertionError("the room kept finding work due at the same instant")

    # -- HTTP ----------------------------------------------------------------------------------

    def join(self, name: str, seat: int | None = None) -> dict[str, Any]:
        reply, effects = self.room.join(name, seat, self.now)
        self.carry_out(effects)
        if "seat" in reply:
            self.tokens[reply["seat"]] = reply["token"]
        return reply

    # -- websocket messages ------------------------------------------------------------------------

    def hello(
        self, client: int, seat: int | None = None, *, now: float | None = None, **extra: Any
    ) -> int:
        """Connect `client` (seat None: a spectator) and return its number."""
        fields: dict[str, Any] = {"t": "hello", "v": 1, **extra}
        if seat is not None:
            fields["token"] = self.tokens[seat]
        self.client_seat[client] = seat
        self.send(client, now=now, **fields)
        return client

    def send(self, client: int, *, now: float | None = None, **fields: Any) -> Effects:
        """`client` sends the message `fields` (through the parser) at `now`."""
        return self.handle(client, message(**fields), now=now)

    def handle(self, client: int, msg: ClientMessage, *, now: float | None = None) -> Effects:
        return self.carry_out(self.room.handle(client, msg, self.at(now)))

    def disconnect(self, client: int, now: float | None = None) -> Effects:
        return self.carry_out(self.room.disconnect(client, self.at(now)))

    def ready(self, client: int, *, now: float | None = None) -> Effects:
        seat = self.client_seat[client]
        assert seat is not None
        return self.send(
            client,
            now=now,
            t="ready",
            ready=True,
            client_seed=client_seed(seat),
            commitment=self.room.next_commitment,
        )

    def act(self, client: int, code: str, *, ply: int | None = None, **extra: Any) -> Effects:
        """`client` sends `action code` at the current ply (or the one given)."""
        return self.send(
            client, t="action", code=code, ply=self.ply if ply is None else ply, **extra
        )

    # -- carrying out Effects, as live.py does -------------------------------------------------

    def carry_out(self, effects: Effects) -> Effects:
        for method, args, kwargs in effects.persist:
            getattr(self.storage, method)(*args, **kwargs)
            self.persisted.append((method, args, kwargs))
            if method == "append":
                game_id, action = args
                self.appended[game_id].append(action)
        for client, sent in effects.sends:
            if sent.get("t") == "state":
                stored = len(self.appended[sent["game"]])
                assert sent["ply"] <= stored, (
                    f"a state at ply {sent['ply']} was sent with {stored} actions stored"
                )
            assert client not in self.closed, f"client {client} got {sent} after its close"
            self.inbox[client].append(sent)
        for client, code, reason in effects.closes:
            self.closed[client] = (code, reason)
        for client, _, _ in effects.closes:  # the socket is gone: the app tells the room
            self.carry_out(self.room.disconnect(client, self.now))
        return effects

    # -- reading what happened -------------------------------------------------------------------

    @property
    def ply(self) -> int:
        game = self.room.game
        assert game is not None, "no game at the table"
        return game.table.ply

    def received(self, client: int, kind: str | None = None) -> list[dict[str, Any]]:
        return [m for m in self.inbox[client] if kind is None or m["t"] == kind]

    def last(self, client: int, kind: str) -> dict[str, Any]:
        found = self.received(client, kind)
        assert found, f"client {client} received no {kind!r}"
        return found[-1]

    def clear(self) -> None:
        """Forget the messages received so far (the persisted list too)."""
        self.inbox.clear()
        self.persisted.clear()

    def engine_seat(self, table_seat: int) -> int:
        game = self.room.game
        assert game is not None
        return game.seats.index(table_seat)

    def to_act_seat(self) -> int | None:
        """The table seat that must decide now, or None (between hands, game over)."""
        game = self.room.game
        assert game is not None
        state = game.table.state
        if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) or state.to_act is None:
            return None
        return game.seats[state.to_act]

    def legal(self, table_seat: int) -> list[str]:
        game = self.room.game
        assert game is not None
        return [a.code for a in game.table.actions(self.engine_seat(table_seat))]

    def playing(self) -> bool:
        return self.room.status == PLAYING


def start_game(
    body: Mapping[str, Any],
    *,
    people: int = 1,
    spectators: int = 0,
    timing: Timing = INSTANT,
    storage: Storage | None = None,
) -> tuple[RoomHarness, list[int]]:
    """A room from `body` whose first `people` seats are people, each connected (client k sits
    at seat k), ready and started by the host; then `spectators` token-less clients (numbered
    from 100). Returns the harness and the people's client numbers."""
    harness = RoomHarness(body, timing=timing, storage=storage)
    for seat in range(1, people):
        harness.join(f"Player {seat}", seat)
    clients = [harness.hello(seat, seat) for seat in range(people)]
    for number in range(spectators):
        harness.hello(100 + number)
    for client in clients:
        harness.ready(client)
    harness.send(clients[0], t="start")
    assert harness.playing(), harness.inbox[clients[0]][-1]
    return harness, clients


def first_choice(legal: list[str]) -> str:
    """A plain player's pick: the first play (with Uno when offered), else draw, else anything."""
    plays = [code for code in legal if code not in WORDS and not code.startswith("catch")]
    if plays:
        called = [code for code in plays if code.endswith("!")]
        return called[0] if called else plays[0]
    for word in ("accept", "draw", "keep", "next"):
        if word in legal:
            return word
    return legal[0]


WORDS = frozenset({"draw", "keep", "challenge", "accept", "uno", "next"}) | {
    f"color {c}" for c in "rgby"
}


def play_until(
    harness: RoomHarness,
    clients_by_seat: Mapping[int, int],
    done: Callable[[RoomHarness], bool],
    *,
    choose: Callable[[list[str]], str] = first_choice,
    limit: int = 2000,
) -> None:
    """Let the people at `clients_by_seat` play `choose`'s pick in turn (bots and deals on
    ticks) until `done(harness)` or the game ends."""
    for _ in range(limit):
        if done(harness) or not harness.playing():
            return
        harness.tick_until_quiet()
        if done(harness) or not harness.playing():
            return
        seat = harness.to_act_seat()
        if seat is None or seat not in clients_by_seat:
            game = harness.room.game
            assert game is not None
            if game.table.state.phase is Phase.HAND_OVER:
                person = next(iter(clients_by_seat))
                harness.act(clients_by_seat[person], "next")
                continue
            harness.tick()
            continue
        harness.act(clients_by_seat[seat], choose(harness.legal(seat)))
    raise AssertionError("the game did not reach the wanted position")


def observable(harness: RoomHarness) -> dict[str, Any]:
    """Everything a refused message must leave as it was: seats, settings, host, status, the
    game's position and what the database holds."""
    room = harness.room
    game = room.game
    return {
        "seats": [dataclasses.asdict(place) for place in room.seats],
        "settings": room.settings.to_dict(),
        "host": room.host,
        "status": room.status,
        "seq": room.seq,
        "clients": {k: (c.seat, c.since) for k, c in room.clients.items()},
        "ply": game.table.ply if game is not None else None,
        "position": game.table.state.to_dict() if game is not None else None,
        "stored": harness.storage.load(room.code),
    }
