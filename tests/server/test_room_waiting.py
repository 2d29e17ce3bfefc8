"""The room before a game: creating, joining, `hello`, the waiting room's messages and the
order of §4's checks (SERVER.md §2–§4, §7), on the pure `Room` without a network."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from room_harness import (
    CODE,
    T0,
    RoomHarness,
    client_seed,
    fixed_server_seed,
    observable,
    start_game,
)

from lastcard.server.credentials import token_hash
from lastcard.server.protocol import ProtocolError
from lastcard.server.room import INSTANT, PLAYING, WAITING, Room, Timing
from lastcard.server.storage import SeatRow


@pytest.fixture(autouse=True)
def _fixed_deal() -> Iterator[None]:
    with fixed_server_seed():
        yield


def three_seats() -> RoomHarness:
    """Ana (host, seat 0) and Ben (seat 1) connected as clients 0 and 1; seat 2 empty."""
    harness = RoomHarness({"name": "Ana", "seats": 3})
    harness.join("Ben", 1)
    harness.hello(0, 0)
    harness.hello(1, 1)
    harness.clear()
    return harness


def refused(harness: RoomHarness, client: int, expected: str, /, **fields: Any) -> dict[str, Any]:
    """`client` sends `fields`; assert one `error` `expected` to it alone, and nothing changed."""
    before = observable(harness)
    harness.clear()
    effects = harness.send(client, **fields)
    assert [(c, m["t"]) for c, m in effects.sends] == [(client, "error")], effects.sends
    error = effects.sends[0][1]
    assert error["code"] == expected, error
    assert effects.persist == [] and effects.closes == []
    assert observable(harness) == before
    return error


# -- creating and joining (§2) ---------------------------------------------------------------


def test_s2_create_seats_the_host_and_stores_only_the_tokens_hash() -> None:
    harness = RoomHarness(
        {"name": "Ana", "seats": 3, "bots": [{"seat": 2, "level": "hard"}], "turn_seconds": 30}
    )
    assert [m for m, _, _ in harness.persisted] == ["create_table"]
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.status == WAITING and stored.host == 0
    assert stored.seats == [
        SeatRow(0, "human", "Ana", None, token_hash(harness.tokens[0]), None),
        SeatRow(1, "empty"),
        SeatRow(2, "bot", "Bot 3", "hard"),
    ]
    assert stored.settings["turn_seconds"] == 30
    assert harness.tokens[0] not in repr(stored)


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Ana", "rules": "no such preset"},
        {"name": "Ana", "rules": {"stacking": "sideways"}},
        {"name": "Ana", "bots": [{"seat": 0, "level": "easy"}]},
        {"name": "Ana", "seats": 3, "bots": [{"seat": 3, "level": "easy"}]},
    ],
)
def test_s2_create_refuses_wrong_rules_and_bot_seats(body: dict[str, object]) -> None:
    with pytest.raises(ProtocolError) as info:
        Room.create(CODE, body, T0, timing=INSTANT)
    assert info.value.code == "BAD_FIELD"


def test_s2_join_gives_the_seat_asked_or_the_first_free_one() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 4})
    harness.hello(0, 0)
    harness.clear()
    assert harness.join("Ben", 2)["seat"] == 2
    assert harness.join("Cleo")["seat"] == 1
    assert harness.tokens[1] != harness.tokens[2]
    stored = harness.storage.load(CODE)
    assert stored is not None
    assert [(s.seat, s.kind, s.name) for s in stored.seats] == [
        (0, "human", "Ana"),
        (1, "human", "Cleo"),
        (2, "human", "Ben"),
        (3, "empty", None),
    ]
    tables = harness.received(0, "table")  # every join is pushed to the connected clients
    assert [t["seats"][2]["name"] for t in tables] == ["Ben", "Ben"]
    assert tables[-1]["seats"][1]["kind"] == "human"


@pytest.mark.parametrize(
    ("seat", "code"),
    [(0, "SEAT_TAKEN"), (1, "SEAT_TAKEN"), (2, "BAD_FIELD"), (-1, "BAD_FIELD")],
)
def test_s2_join_refuses_a_taken_or_missing_seat(seat: int, code: str) -> None:
    harness = RoomHarness({"name": "Ana", "seats": 2})
    harness.join("Ben", 1)
    before = observable(harness)
    with pytest.raises(ProtocolError) as info:
        harness.room.join("Cleo", seat, T0)
    assert info.value.code == code
    assert observable(harness) == before


def test_s2_a_full_table_is_table_full() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]})
    with pytest.raises(ProtocolError) as info:
        harness.room.join("Ben", None, T0)
    assert info.value.code == "TABLE_FULL"


def test_s2_once_playing_a_join_is_an_invitation_to_spectate() -> None:
    harness, _ = start_game({"name": "Ana", "seats": 3, "bots": [{"seat": 1, "level": "easy"}]})
    before = observable(harness)
    assert harness.join("Ben") == {"spectate": True}
    assert observable(harness) == before
    closed, _ = start_game(
        {"name": "Ana", "seats": 2, "bots": [{"seat": 1, "level": "easy"}], "spectators": False}
    )
    with pytest.raises(ProtocolError) as info:
        closed.room.join("Ben", None, T0)
    assert info.value.code == "NOT_WAITING"


# -- hello (§3, §7) -----------------------------------------------------------------------------


def test_s7_hello_with_a_token_binds_the_seat_and_tells_everyone() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 3})
    harness.join("Ben", 1)
    harness.hello(7)  # a spectator, already there
    harness.clear()
    effects = harness.send(1, t="hello", v=1, token=harness.tokens[1], id="h1")
    assert [(c, m["t"]) for c, m in effects.sends] == [
        (1, "welcome"),
        (7, "presence"),
        (1, "presence"),
        (1, "ack"),
    ]
    welcome = effects.sends[0][1]
    assert welcome["v"] == 1 and welcome["you"] == {"seat": 1, "host": False}
    presence = effects.sends[1][1]
    assert presence == {
        "t": "presence",
        "seat": 1,
        "connected": True,
        "away": False,
        "autopilot": False,
        "seq": presence["seq"],
    }
    assert effects.sends[-1][1] == {"t": "ack", "id": "h1", "ply": None}
    assert harness.room.seats[1].connected


def test_s7_the_host_is_told_so_and_a_spectator_has_no_seat() -> None:
    harness = RoomHarness({"name": "Ana"})
    harness.hello(0, 0)
    harness.hello(9)
    assert harness.last(0, "welcome")["you"] == {"seat": 0, "host": True}
    assert harness.last(9, "welcome")["you"] == {"seat": None, "host": False}
    assert harness.received(9, "presence") == []  # a spectator's arrival is nobody's business


def test_s3_welcome_carries_the_server_time() -> None:
    harness = RoomHarness({"name": "Ana"})
    harness.hello(0, 0, now=T0 + 5)
    assert harness.last(0, "welcome")["server_time"] == round((T0 + 5) * 1000)


def test_s7_a_second_hello_for_a_seat_replaces_the_older_connection() -> None:
    harness = three_seats()
    effects = harness.send(5, t="hello", v=1, token=harness.tokens[1])
    assert (1, {"t": "replaced"}) in effects.sends
    assert effects.closes == [(1, 4001, "replaced")]
    assert harness.closed[1] == (4001, "replaced")
    assert harness.last(5, "welcome")["you"]["seat"] == 1
    assert harness.room.seats[1].connected  # the old socket's end does not unseat anyone
    harness.clear()
    harness.send(0, t="chat", text="still there?")
    assert harness.received(5, "chat") and not harness.received(1)


def test_s7_a_bad_token_is_refused_with_close_4003() -> None:
    harness = three_seats()
    before = observable(harness)
    harness.clear()
    effects = harness.send(5, t="hello", v=1, token="not-a-token", id="h")
    assert [m["code"] for _, m in effects.sends] == ["BAD_TOKEN"]
    assert effects.sends[0] == (5, effects.sends[0][1]) and effects.sends[0][1]["id"] == "h"
    assert effects.closes == [(5, 4003, "bad token")]
    assert observable(harness) == before


def test_s7_a_token_of_a_seat_stood_up_holds_nothing() -> None:
    harness = three_seats()
    harness.send(1, t="stand")
    effects = harness.send(6, t="hello", v=1, token=harness.tokens[1])
    assert effects.closes == [(6, 4003, "bad token")]


@pytest.mark.parametrize("version", [0, 2, 99])
def test_s3_another_protocol_version_is_refused_with_close_4400(version: int) -> None:
    harness = three_seats()
    before = observable(harness)
    effects = harness.send(5, t="hello", v=version, token=harness.tokens[1])
    assert [m["code"] for _, m in effects.sends] == ["VERSION"]
    assert effects.closes == [(5, 4400, "version mismatch")]
    assert observable(harness) == before


def test_s3_a_table_without_spectators_refuses_a_tokenless_hello() -> None:
    harness = RoomHarness({"name": "Ana", "spectators": False})
    effects = harness.send(5, t="hello", v=1)
    assert [m["code"] for _, m in effects.sends] == ["NOT_SEATED"]
    assert effects.closes == [(5, 1008, "no spectators")]
    assert 5 not in harness.room.clients


def test_s4_step4_anything_before_hello_is_hello_first() -> None:
    harness = three_seats()
    before = observable(harness)
    attempts: list[dict[str, Any]] = [
        {"t": "ping"},
        {"t": "start", "id": "x"},
        {"t": "sit", "seat": 2},
    ]
    for fields in attempts:
        effects = harness.send(42, **fields)
        assert [(c, m["code"]) for c, m in effects.sends] == [(42, "HELLO_FIRST")]
        assert effects.sends[0][1].get("id") == fields.get("id")
    assert observable(harness) == before


def test_s3_ping_pong_for_anyone() -> None:
    harness = three_seats()
    harness.hello(9)
    for client in (0, 9):
        effects = harness.send(client, t="ping")
        assert effects.sends == [(client, {"t": "pong"})]


def test_s3_chat_is_stored_then_pushed_to_everyone() -> None:
    harness = three_seats()
    harness.hello(9)
    harness.clear()
    effects = harness.send(1, t="chat", text="hi all", now=T0 + 3)
    assert effects.persist == [("add_chat", (CODE, 1, "Ben", "hi all", T0 + 3), {})]
    assert {c for c, m in effects.sends if m["t"] == "chat"} == {0, 1, 9}
    assert [(line.name, line.text) for line in harness.storage.chat(CODE)] == [("Ben", "hi all")]
    harness.send(9, t="chat", text="from the rail")
    assert harness.last(0, "chat")["seat"] is None


# -- the waiting room ------------------------------------------------------------------------------


def test_waiting_sit_moves_a_person_and_their_host_role() -> None:
    harness = three_seats()
    effects = harness.send(0, t="sit", seat=2, id="s")
    assert [m for m, _, _ in effects.persist] == ["save_table"]
    assert harness.room.seats[0].empty and harness.room.seats[2].name == "Ana"
    assert harness.room.host == 2
    assert harness.last(0, "welcome")["you"] == {"seat": 2, "host": True}
    assert harness.last(1, "table")["seats"][2]["name"] == "Ana"
    assert harness.last(0, "ack")["id"] == "s"


def test_waiting_stand_frees_the_seat_and_passes_the_host_role() -> None:
    harness = three_seats()
    harness.send(0, t="stand")
    assert harness.room.seats[0].empty
    assert harness.room.host == 1
    assert harness.last(0, "welcome")["you"] == {"seat": None, "host": False}
    assert harness.room.clients[0].seat is None  # still watching, as a spectator


def test_waiting_ready_stores_the_client_seed_and_unready_forgets_it() -> None:
    harness = three_seats()
    harness.ready(1)
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.seats[1].client_seed == client_seed(1)
    assert harness.last(0, "table")["seats"][1]["ready"] is True
    harness.send(1, t="ready", ready=False, client_seed=client_seed(1))
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.seats[1].client_seed is None
    assert harness.room.seats[1].ready is False


def test_waiting_settings_change_the_table_and_ask_everyone_to_ready_again() -> None:
    harness = three_seats()
    harness.ready(0)
    harness.ready(1)
    harness.send(0, t="settings", rules="official", target=200, turn_seconds=15)
    settings = harness.last(1, "table")["settings"]
    assert (settings["target"], settings["turn_seconds"]) == (200, 15)
    assert not harness.room.seats[0].ready and not harness.room.seats[1].ready
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.settings["target"] == 200
    assert all(row.client_seed is None for row in stored.seats)


def test_waiting_bot_adds_and_removes_a_bot() -> None:
    harness = three_seats()
    harness.send(0, t="bot", seat=2, level="medium")
    assert harness.last(1, "table")["seats"][2] == {
        "seat": 2,
        "name": "Bot 3",
        "kind": "bot",
        "level": "medium",
        "connected": True,
        "ready": True,
        "away": False,
        "autopilot": False,
    }
    harness.send(0, t="bot", seat=2, level=None)
    assert harness.room.seats[2].empty


def test_waiting_start_needs_two_filled_seats_and_everyone_ready() -> None:
    alone = RoomHarness({"name": "Ana", "seats": 3})
    alone.hello(0, 0)
    alone.ready(0)
    assert "two" in str(refused(alone, 0, "NOT_WAITING", t="start")["message"])
    harness = three_seats()
    harness.ready(0)
    assert "Ben" in str(refused(harness, 0, "NOT_WAITING", t="start")["message"])
    harness.ready(1)
    harness.send(0, t="start")
    assert harness.room.status == PLAYING


def test_waiting_start_refuses_rules_that_do_not_fit_the_players() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 5, "rules": {"teams": "partners"}})
    harness.join("Ben", 1)
    harness.join("Cleo", 2)
    for seat in range(3):
        harness.hello(seat, seat)
        harness.ready(seat)
    message = str(refused(harness, 0, "BAD_FIELD", t="start")["message"])
    assert "partners" in message and "4 players" in message


@pytest.mark.parametrize("seats", [2, 3])
def test_waiting_rules_no_game_of_the_table_could_use_are_refused_when_made(seats: int) -> None:
    with pytest.raises(ProtocolError) as info:
        Room.create(CODE, {"name": "Ana", "seats": seats, "rules": {"teams": "partners"}}, T0)
    assert info.value.code == "BAD_FIELD"
    assert "needs exactly 4 players" in str(info.value)
    assert f"this table has {seats} seats" in str(info.value)
    harness = RoomHarness({"name": "Ana", "seats": seats})
    harness.hello(0, 0)
    refused(harness, 0, "BAD_FIELD", t="settings", rules={"teams": "partners"})


# -- every refusal of the waiting room, and that it changes nothing --------------------------------


@pytest.mark.parametrize(
    ("client", "fields", "code"),
    [
        (1, {"t": "settings", "target": 100}, "NOT_HOST"),
        (1, {"t": "bot", "seat": 2, "level": "easy"}, "NOT_HOST"),
        (1, {"t": "start"}, "NOT_HOST"),
        (9, {"t": "start"}, "NOT_HOST"),
        (9, {"t": "sit", "seat": 2}, "NOT_SEATED"),
        (9, {"t": "stand"}, "NOT_SEATED"),
        (9, {"t": "ready", "ready": True, "client_seed": "0" * 32}, "NOT_SEATED"),
        (1, {"t": "sit", "seat": 0}, "SEAT_TAKEN"),
        (0, {"t": "bot", "seat": 1, "level": "easy"}, "SEAT_TAKEN"),
        (0, {"t": "bot", "seat": 0, "level": "easy"}, "SEAT_TAKEN"),
        (1, {"t": "sit", "seat": 5}, "BAD_FIELD"),
        (0, {"t": "bot", "seat": 3, "level": "easy"}, "BAD_FIELD"),
        (0, {"t": "settings", "rules": "no such preset"}, "BAD_FIELD"),
        (0, {"t": "settings", "rules": {"hand_size": -3}}, "BAD_FIELD"),
        (1, {"t": "action", "code": "draw", "ply": 0}, "GAME_NOT_RUNNING"),
        (1, {"t": "autopilot", "on": True}, "GAME_NOT_RUNNING"),
    ],
)
def test_s3_waiting_room_refusals(client: int, fields: dict[str, object], code: str) -> None:
    harness = three_seats()
    harness.hello(9)
    error = refused(harness, client, code, id="r1", **fields)
    assert error["id"] == "r1" and "ply" not in error


def test_s3_a_closed_table_refuses_everything_but_ping_and_leave() -> None:
    harness = three_seats()
    harness.tick(T0 + INSTANT.idle_close_after)  # idle: closed, every client let go
    assert harness.room.status == "closed"
    assert harness.closed == {0: (1000, "idle"), 1: (1000, "idle")}
    effects = harness.send(20, t="hello", v=1, token=harness.tokens[1])
    assert [m["code"] for _, m in effects.sends] == ["TABLE_CLOSED"]
    assert effects.closes == [(20, 1000, "closed")]
    with pytest.raises(ProtocolError) as info:
        harness.room.join("Dan", None, harness.now)
    assert info.value.code == "TABLE_CLOSED"


# -- §4: the order of the checks -------------------------------------------------------------------


def test_s4_status_comes_before_role() -> None:
    harness = three_seats()
    harness.hello(9)
    # A spectator asks for host-only and seated-only things: the status answers first.
    refused(harness, 9, "GAME_NOT_RUNNING", t="action", code="draw", ply=0)
    harness.ready(0)
    harness.ready(1)
    harness.send(0, t="start")
    refused(harness, 9, "NOT_WAITING", t="start")
    refused(harness, 9, "NOT_WAITING", t="ready", ready=True, client_seed="0" * 32)
    refused(harness, 1, "NOT_WAITING", t="bot", seat=2, level="easy")


def test_s4_role_comes_before_a_repeated_id() -> None:
    harness = three_seats()
    harness.send(
        1,
        t="ready",
        ready=True,
        client_seed=client_seed(1),
        commitment=harness.room.next_commitment,
        id="x",
    )
    assert harness.last(1, "ack")["id"] == "x"
    refused(harness, 1, "NOT_HOST", t="start", id="x")  # not the stored ack of `ready`


def test_s4_status_comes_before_a_repeated_id() -> None:
    harness = three_seats()
    harness.send(
        1,
        t="ready",
        ready=True,
        client_seed=client_seed(1),
        commitment=harness.room.next_commitment,
        id="x",
    )
    harness.ready(0)
    harness.send(0, t="start")
    refused(
        harness,
        1,
        "NOT_WAITING",
        t="ready",
        ready=True,
        client_seed=client_seed(1),
        commitment="0" * 64,
        id="x",
    )


def test_s4_step7_a_repeated_id_gets_the_stored_answer_and_nothing_twice() -> None:
    harness = three_seats()
    first = harness.send(0, t="bot", seat=2, level="easy", id="b1")
    assert [m for m, _, _ in first.persist] == ["save_table"]
    harness.send(0, t="bot", seat=2, level=None)  # the seat is emptied again meanwhile
    before = observable(harness)
    again = harness.send(0, t="bot", seat=2, level="easy", id="b1")
    assert again.sends == [(0, {"t": "ack", "id": "b1", "ply": None})]
    assert again.persist == []
    assert observable(harness) == before
    assert harness.room.seats[2].empty  # not applied a second time


def test_s4_step7_a_stored_error_is_answered_again_without_judging_anew() -> None:
    harness = three_seats()
    error = refused(harness, 1, "SEAT_TAKEN", t="sit", seat=0, id="s1")
    harness.send(0, t="stand")  # seat 0 is free now; the same request would succeed
    again = harness.send(1, t="sit", seat=0, id="s1")
    assert again.sends == [(1, error)]
    assert harness.room.seats[0].empty and harness.room.seats[1].name == "Ben"


def test_s4_step7_ids_are_per_seat() -> None:
    harness = three_seats()
    harness.send(
        0,
        t="ready",
        ready=True,
        client_seed=client_seed(0),
        commitment=harness.room.next_commitment,
        id="same",
    )
    effects = harness.send(
        1,
        t="ready",
        ready=True,
        client_seed=client_seed(1),
        commitment=harness.room.next_commitment,
        id="same",
    )
    assert [m for m, _, _ in effects.persist] == ["save_table"]
    assert harness.room.seats[1].ready


def test_s4_step7_the_answers_of_a_seat_survive_its_reconnection() -> None:
    harness = three_seats()
    harness.send(
        1,
        t="ready",
        ready=True,
        client_seed=client_seed(1),
        commitment=harness.room.next_commitment,
        id="r",
    )
    harness.disconnect(1)
    harness.hello(11, 1)
    harness.send(11, t="ready", ready=False, client_seed=client_seed(1))
    effects = harness.send(
        11,
        t="ready",
        ready=True,
        client_seed=client_seed(1),
        commitment=harness.room.next_commitment,
        id="r",
    )
    assert effects.sends == [(11, {"t": "ack", "id": "r", "ply": None})]
    assert not harness.room.seats[1].ready  # the old request was not applied again


def test_s4_step7_only_the_newest_ids_are_remembered() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 3}, timing=Timing(remembered_ids=2))
    harness.hello(0, 0)
    for request_id in ("a", "b", "c"):
        harness.send(0, t="bot", seat=2, level="easy", id=request_id)
        harness.send(0, t="bot", seat=2, level=None)
    assert harness.send(0, t="bot", seat=2, level="easy", id="c").persist == []
    assert harness.room.seats[2].empty
    assert [m for m, _, _ in harness.send(0, t="bot", seat=2, level="easy", id="a").persist] == [
        "save_table"
    ]
    assert harness.room.seats[2].kind == "bot"


def test_s7_leave_in_the_waiting_room_frees_the_seat_and_says_bye() -> None:
    harness = three_seats()
    effects = harness.send(1, t="leave")
    assert (1, {"t": "bye", "reason": "left"}) in effects.sends
    assert effects.closes == [(1, 1000, "left")]
    assert harness.room.seats[1].empty
    assert 1 not in harness.room.clients  # the app reports the closed socket
    assert harness.last(0, "table")["seats"][1]["kind"] == "empty"


def test_s7_disconnecting_keeps_the_seat() -> None:
    harness = three_seats()
    effects = harness.disconnect(1, T0 + 2)
    assert [(c, m["t"]) for c, m in effects.sends] == [(0, "presence")]
    assert effects.sends[0][1]["connected"] is False
    assert harness.room.seats[1].name == "Ben" and not harness.room.seats[1].connected
    harness.hello(12, 1)
    assert harness.room.seats[1].connected
