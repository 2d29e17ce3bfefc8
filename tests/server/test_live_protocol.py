"""The websocket protocol and the HTTP API of a real server process (SERVER.md §2–§5, §7, §8).

Each test abuses one table, paused at its person's turn, and checks three things: the answer
(an error code or a close code), that nothing changed (the table's ply, the view and the seats,
as a fresh spectator sees them, are the same before and after), and that another table, playing
by itself alongside (autopilot and bots), kept playing meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from live_server import LiveServer
from typer.testing import CliRunner
from ws_client import (
    WAIT,
    Frame,
    Game,
    WsClient,
    answering,
    decides,
    get,
    is_state,
    post,
    run,
    start_game,
)

from lastcard.cli import app
from lastcard.core import parse_action
from lastcard.server.autopilot import autopilot_choice
from lastcard.server.fairness import verify_text


@pytest.fixture
def server(tmp_path: Any, database_url: str) -> Iterator[LiveServer]:
    """A server on each database: SQLite, then PostgreSQL."""
    with LiveServer(tmp_path, database_url=database_url) as live:
        yield live


@dataclass
class Arena:
    """A busy table playing by itself, and a table paused at its one person's turn."""

    server: LiveServer
    busy: Game  # one person on autopilot and two bots, a game that never ends
    game: Game  # the table under test: its person (seat 0) against a bot, target 1

    @property
    def me(self) -> WsClient:
        return self.game.people[0].client

    async def my_turn(self) -> Frame:
        """The state at which the person must decide (the table waits for them there)."""
        return await self.me.wait_for(lambda f: is_state(f) and decides(f))

    def busy_ply(self) -> int:
        state = self.busy.people[0].client.latest_state()
        assert state is not None
        ply: int = state["ply"]
        return ply

    async def snapshot(self) -> dict[str, Any]:
        """The table as a newcomer sees it: ply, public view, status and seats."""
        spectator = await WsClient.open(self.server.ws_url(self.game.code), "snapshot")
        welcome = await spectator.hello()
        state = await spectator.wait_for(is_state)
        await spectator.close()
        table = welcome["table"]
        seats = [{k: v for k, v in s.items() if k != "connected"} for s in table["seats"]]
        return {
            "ply": state["ply"],
            "view": state["view"],
            "status": table["status"],
            "seats": seats,
        }

    @asynccontextmanager
    async def abuse(self) -> AsyncIterator[dict[str, Any]]:
        """Around an abuse: the table is the same after it, the busy table moved on."""
        before = await self.snapshot()
        busy_before = self.busy_ply()
        yield before
        after = await self.snapshot()
        assert after == before, "the refused messages changed the table"
        watcher = self.busy.people[0].client
        await watcher.wait_for(lambda f: is_state(f) and f["ply"] > busy_before)


@asynccontextmanager
async def arena(server: LiveServer) -> AsyncIterator[Arena]:
    busy = await start_game(
        server,
        seats=3,
        bots=[{"seat": 1, "level": "easy"}, {"seat": 2, "level": "medium"}],
        target=100_000,
        autopilot=True,
    )
    game = await start_game(
        server, seats=2, bots=[{"seat": 1, "level": "easy"}], target=1, spectator=True
    )
    place = Arena(server, busy, game)
    await place.my_turn()
    try:
        yield place
    finally:
        for table in (busy, game):
            for person in table.people:
                if not person.client.closed:
                    await person.client.close()
            if table.spectator is not None and not table.spectator.closed:
                await table.spectator.close()


def choice(state: Frame) -> str:
    """The action autopilot would take in `state` (a legal one)."""
    action = autopilot_choice([parse_action(code) for code in state["legal"]])
    assert action is not None
    return action.code


def action_text(state: Frame, *, request_id: str, size: int | None = None, **extra: Any) -> str:
    """A legal action for `state` as JSON text, padded with spaces to `size` bytes."""
    message = {"t": "action", "id": request_id, "code": choice(state), "ply": state["ply"]}
    text = json.dumps({**message, **extra})
    if size is not None:
        assert len(text) <= size
        text += " " * (size - len(text))
    return text


async def pong(client: WsClient) -> None:
    """A round trip: everything sent before was handled, and the connection is open."""
    answer = await client.request("ping")
    assert answer["t"] == "ack"


def error_codes(client: WsClient, start: int) -> list[tuple[str, str | None]]:
    return [(f["code"], f.get("id")) for f in client.of_type("error", start)]


# -- §4 step 3: JSON, type, schema ---------------------------------------------------------------


def test_s4_malformed_json_is_bad_json_and_changes_nothing(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place, place.abuse():
            start = place.me.mark()
            for raw in ("{not json", "[1, 2]", '"hello"', "", b"\xff\xfe{}"):
                await place.me.send_raw(raw)
            await pong(place.me)
            assert error_codes(place.me, start) == [("BAD_JSON", None)] * 5
            assert not place.me.of_type("state", start)

    run(scenario())


def test_s4_unknown_type_is_refused_with_its_id(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place, place.abuse():
            start = place.me.mark()
            await place.me.send_raw(json.dumps({"t": "dance", "id": "u1"}))
            await place.me.send_raw(json.dumps({"id": "u2", "code": "d", "ply": 0}))
            await place.me.send_raw(json.dumps({"t": 7, "id": "u3"}))
            await pong(place.me)
            assert error_codes(place.me, start) == [
                ("UNKNOWN_TYPE", "u1"),
                ("UNKNOWN_TYPE", "u2"),
                ("UNKNOWN_TYPE", "u3"),
            ]

    run(scenario())


def test_s4_extra_or_ill_typed_fields_refuse_a_legal_action(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            async with place.abuse():
                start = place.me.mark()
                await place.me.send_raw(action_text(state, request_id="x1", extra=True))
                await place.me.send_raw(action_text(state, request_id="x2", ply=str(state["ply"])))
                await place.me.send_raw(json.dumps({"t": "action", "id": "x3", "code": "d"}))
                await place.me.send_raw(action_text(state, request_id="x" * 25))
                await pong(place.me)
                assert error_codes(place.me, start) == [
                    ("BAD_FIELD", "x1"),
                    ("BAD_FIELD", "x2"),
                    ("BAD_FIELD", "x3"),
                    ("BAD_FIELD", None),  # an id too long is no id to answer
                ]
            # The same action without the extra key is legal: the refusal was the schema's.
            answer = await place.me.request("action", code=choice(state), ply=state["ply"])
            assert answer == {"t": "ack", "id": answer["id"], "ply": state["ply"] + 1}

    run(scenario())


# -- §4 step 1, §8: sizes -------------------------------------------------------------------------


def test_s8_oversized_message_is_too_big_and_oversized_frame_closes_1009(
    server: LiveServer,
) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            async with place.abuse():
                start = place.me.mark()
                await place.me.send_raw(action_text(state, request_id="big", size=4097))
                await place.me.send_raw(action_text(state, request_id="big2", size=16 * 1024))
                await pong(place.me)
                assert error_codes(place.me, start) == [("TOO_BIG", None), ("TOO_BIG", None)]
                await place.me.send_raw(action_text(state, request_id="huge", size=16 * 1024 + 1))
                assert await place.me.wait_closed() == 1009
                answered = {f.get("id") for f in place.me.frames[start:]}
                assert not answered & {"big", "big2", "huge"}
            # Back with the same token: the game waits at the same ply, and a message of
            # exactly 4 KiB is still one message.
            person = place.game.people[0]
            await person.connect()
            fresh = await person.client.wait_for(is_state)
            assert fresh["ply"] == state["ply"]
            assert fresh["view"] == state["view"]
            text = action_text(fresh, request_id="fits", size=4096)
            start = person.client.mark()
            await person.client.send_raw(text)
            answer = await person.client.answer("fits", start)
            assert answer == {"t": "ack", "id": "fits", "ply": state["ply"] + 1}

    run(scenario())


# -- §4 step 2, §8: rate --------------------------------------------------------------------------


def test_s8_flooding_is_rate_limited_then_closed_1008(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            spectator = place.game.spectator
            assert spectator is not None
            flooder = await place.game.people[0].reconnect()
            # A known start for the count below: a bucket full again after the hello (it holds
            # 20 and refills 10 a second). This pause sets up the flood; it asserts nothing.
            await asyncio.sleep(0.2)
            async with place.abuse():
                start = flooder.mark()
                ping = json.dumps({"t": "ping"})
                # At once: 20 pings spend the bucket and 3 more are refused, so the action is
                # refused even if the server reads the burst over a slow 0.3 s; the pings after
                # it are the violations that close the connection.
                burst = [ping] * 23 + [action_text(state, request_id="flood")] + [ping] * 10
                for text in burst:
                    await flooder.send_raw(text)
                assert await flooder.wait_closed() == 1008
                errors = error_codes(flooder, start)
                assert ("RATE_LIMITED", "flood") in errors  # a refused action is not applied
                assert set(errors) == {("RATE_LIMITED", "flood"), ("RATE_LIMITED", None)}
                assert len(errors) == 4  # the fifth violation in 10 s closes the connection
                # At most the burst and its refill got through; replies to those still queued
                # at the table when the connection closed may never be sent.
                assert 1 <= len(flooder.of_type("pong", start)) <= 23
                assert not flooder.of_type("ack", start)
            # Only the flooding connection was closed.
            assert not spectator.closed
            await pong(spectator)

    run(scenario())


# -- §3 hello, tokens, spectators -----------------------------------------------------------------


def test_s3_wrong_token_closes_4003_and_wrong_version_4400(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place, place.abuse():
            url = server.ws_url(place.game.code)
            other_tables_token = place.busy.people[0].token
            refused = [
                ({"v": 1, "token": "A" * 22}, "BAD_TOKEN", 4003),
                ({"v": 1, "token": other_tables_token}, "BAD_TOKEN", 4003),
                ({"v": 2, "token": place.game.people[0].token}, "VERSION", 4400),
            ]
            for hello, code, close in refused:
                intruder = await WsClient.open(url, "intruder")
                await intruder.send_raw(json.dumps({"t": "hello", **hello}))
                assert await intruder.wait_closed() == close
                assert [(f["t"], f["code"]) for f in intruder.frames] == [("error", code)]
            await pong(place.me)  # the seat's own connection is untouched

    run(scenario())


def test_s3_no_token_is_a_spectator_who_sees_no_hand_and_cannot_act(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            async with place.abuse():
                watcher = await WsClient.open(server.ws_url(place.game.code), "watcher")
                welcome = await watcher.hello()
                assert set(welcome) == {"t", "v", "server_time", "you", "table", "seq"}
                assert abs(welcome["server_time"] / 1000 - time.time()) < 60
                assert welcome["you"] == {"seat": None, "host": False}
                seen = await watcher.wait_for(is_state)
                assert seen["seat"] is None and seen["legal"] == []
                assert seen["view"]["hand"] is None and seen["view"]["drawn"] is None
                assert seen["ply"] == state["ply"]
                answer = await watcher.request("action", code=choice(state), ply=state["ply"])
                assert (answer["t"], answer["code"]) == ("error", "NOT_SEATED")
                answer = await watcher.request("autopilot", on=True)
                assert (answer["t"], answer["code"]) == ("error", "NOT_SEATED")
                await watcher.close()
            # A table without spectators turns a token-less hello away.
            private = await post(server.url + "/api/tables", {"name": "A", "spectators": False})
            outsider = await WsClient.open(server.ws_url(private.json()["code"]), "outsider")
            await outsider.send_raw(json.dumps({"t": "hello", "v": 1}))
            assert await outsider.wait_closed() == 1008
            assert [(f["t"], f["code"]) for f in outsider.frames] == [("error", "NOT_SEATED")]

    run(scenario())


def test_s4_an_action_before_hello_is_hello_first(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            person = place.game.people[0]
            await person.client.close()
            early = await WsClient.open(server.ws_url(place.game.code), "early")
            person.connections.append(early)
            async with place.abuse():
                await early.send_raw(action_text(state, request_id="early"))
                await early.send_raw(json.dumps({"t": "ping", "id": "p"}))
                await early.wait_for(lambda f: f.get("id") == "p")
                assert error_codes(early, 0) == [("HELLO_FIRST", "early"), ("HELLO_FIRST", "p")]
            await early.hello(person.token)
            fresh = await early.wait_for(is_state)
            assert fresh["ply"] == state["ply"]
            # Now the same action is taken.
            answer = await early.request("action", code=choice(fresh), ply=fresh["ply"])
            assert (answer["t"], answer["ply"]) == ("ack", state["ply"] + 1)

    run(scenario())


# Ten seconds of a connection's own timer, which no database takes part in: run once.
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_s8_no_hello_within_10_seconds_closes_4008(server: LiveServer) -> None:
    """The one slow test: the limit is 10 s and the command line does not change it."""

    async def scenario() -> None:
        async with arena(server) as place, place.abuse():
            silent = await WsClient.open(server.ws_url(place.game.code), "silent")
            opened = time.monotonic()
            idle = await WsClient.open(server.ws_url(place.game.code), "idle")
            await idle.hello()  # greeted: may stay quiet as long as it likes
            assert await silent.wait_closed(timeout=20) == 4008
            waited = time.monotonic() - opened
            assert 9.0 <= waited <= 15.0, waited
            assert [(f["t"], f.get("code")) for f in silent.frames] == [("error", "HELLO_FIRST")]
            assert not idle.closed
            await pong(idle)
            await idle.close()

    run(scenario(), timeout=60)


def test_s7_a_second_tab_replaces_the_first_with_4001(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            person = place.game.people[0]
            first = person.client
            async with place.abuse():
                second = await person.connect()
                assert await first.wait_closed() == 4001
                assert first.frames[-1] == {"t": "replaced"}
                fresh = await second.wait_for(is_state)
                assert (fresh["ply"], fresh["view"]) == (state["ply"], state["view"])
            answer = await second.request("action", code=choice(fresh), ply=fresh["ply"])
            assert (answer["t"], answer["ply"]) == ("ack", state["ply"] + 1)

    run(scenario())


def test_s7_a_second_hello_on_the_same_connection_does_not_replace_it(
    server: LiveServer,
) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            person = place.game.people[0]
            spectator = place.game.spectator
            assert spectator is not None
            start = place.me.mark()
            await place.me.hello(person.token, since=place.me.last_seq(), state=True)
            await place.me.wait_for(is_state, start=start)
            await pong(spectator)  # anything the room did about that hello is told by now
            assert not place.me.of_type("replaced", start)
            assert place.me.close_code is None
            answer = await place.me.request("action", code=choice(state), ply=state["ply"])
            assert (answer["t"], answer["ply"]) == ("ack", state["ply"] + 1)
            presence = spectator.of_type("presence")
            assert presence and presence[-1]["connected"]

    run(scenario())


def test_s3_unknown_table_closes_4004(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place, place.abuse():
            missing = next(
                code
                for code in ("333333", "444444")
                if code not in (place.game.code, place.busy.code)
            )
            for path in (missing, "nope!", place.game.code + "X"):
                lost = await WsClient.open(f"ws://127.0.0.1:{server.port}/ws/{path}", "lost")
                assert await lost.wait_closed() == 4004
                assert lost.frames == []

    run(scenario())


# -- §5 the ply rule, §4 step 7 repeated ids -----------------------------------------------------


def test_s5_a_stale_ply_gets_stale_and_a_fresh_state(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            state = await place.my_turn()
            ply = state["ply"]
            async with place.abuse():
                for wrong in sorted({max(ply - 1, 0), ply + 1, ply + 1000} - {ply}):
                    start = place.me.mark()
                    request_id = await place.me.send("action", code=choice(state), ply=wrong)
                    at = await place.me.wait_index(answering(request_id), start=start)
                    error = place.me.frames[at]
                    assert (error["t"], error["code"], error["ply"]) == ("error", "STALE", ply)
                    fresh = await place.me.wait_for(is_state, start=at + 1)
                    assert (fresh["ply"], fresh["view"]) == (ply, state["view"])
                    assert fresh["legal"] == state["legal"]
            answer = await place.me.request("action", code=choice(state), ply=ply)
            assert (answer["t"], answer["ply"]) == ("ack", ply + 1)

    run(scenario())


def test_s4_a_repeated_id_gets_the_same_answer_and_is_applied_once(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place:
            spectator = place.game.spectator
            assert spectator is not None
            # A chat line sent twice with one id is said once.
            watched = spectator.mark()
            start = place.me.mark()
            for _ in range(2):
                await place.me.send("chat", request_id="hi", text="hello")
            await pong(place.me)
            answers = [f for f in place.me.frames[start:] if f.get("id") == "hi"]
            assert answers == [{"t": "ack", "id": "hi", "ply": answers[0]["ply"]}] * 2
            await pong(spectator)
            assert [f["text"] for f in spectator.of_type("chat", watched)] == ["hello"]
            # An action sent twice with one id: the same ack twice, never a STALE.
            state = await place.my_turn()
            start = place.me.mark()
            text = action_text(state, request_id="twice")
            await place.me.send_raw(text)
            await place.me.send_raw(text)
            first = await place.me.wait_index(lambda f: f.get("id") == "twice", start=start)
            second = await place.me.wait_index(lambda f: f.get("id") == "twice", start=first + 1)
            expected = {"t": "ack", "id": "twice", "ply": state["ply"] + 1}
            assert place.me.frames[first] == place.me.frames[second] == expected
            # Play on to the end: the record holds that action once, at its ply, and each
            # other action of the person's once, at the ply its ack named.
            person = place.game.people[0]
            await person.autoplay()
            record = (await get(f"{server.url}/api/games/{place.game.game_id}/record")).json()
            played = [
                (ply, code)
                for ply, (seat, code) in enumerate(record["record"]["actions"])
                if seat == 0 and code != "next"  # `next` deals on by itself, as the dealer
            ]
            acked = [(state["ply"], choice(state))]
            acked += [(ply - 1, sent.code) for sent, ply in person.acked()]
            assert played == sorted(acked)

    run(scenario())


# -- §2 HTTP ---------------------------------------------------------------------------------------


def _error(reply: Any, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "words"}, body
    assert body["error"]["code"] == code and body["error"]["message"]


def test_s2_create_and_join_errors(server: LiveServer) -> None:
    async def scenario() -> None:
        async with arena(server) as place, place.abuse():
            tables = server.url + "/api/tables"
            _error(await post(tables, raw=b"{"), 400, "BAD_JSON")
            _error(await post(tables, [1, 2]), 400, "BAD_JSON")
            _error(await post(tables, {"seats": 3}), 400, "BAD_FIELD")
            _error(await post(tables, {"name": "A", "colour": "red"}), 400, "BAD_FIELD")
            _error(await post(tables, {"name": "A", "seats": 1}), 400, "BAD_FIELD")

            made = await post(
                tables, {"name": "Host", "seats": 3, "bots": [{"seat": 2, "level": "hard"}]}
            )
            assert made.status_code == 201
            code = made.json()["code"]
            join = f"{tables}/{code}/join"
            watcher = await WsClient.open(server.ws_url(code), "lobby")
            seats_before = (await watcher.hello())["table"]["seats"]
            _error(await post(join, {"name": "B", "seat": 0}), 409, "SEAT_TAKEN")
            _error(await post(join, {"name": "B", "seat": 2}), 409, "SEAT_TAKEN")
            _error(await post(join, {"name": "B", "seat": 3}), 400, "BAD_FIELD")
            _error(await post(join, {"name": ""}), 400, "BAD_FIELD")
            _error(await post(join, {"name": "B", "token": "x"}), 400, "BAD_FIELD")
            _error(await post(join, raw=b"nope"), 400, "BAD_JSON")
            _error(await post(f"{tables}/333333/join", {"name": "B"}), 404, "NO_TABLE")
            await pong(watcher)
            assert not watcher.of_type("table")  # nothing to tell: nothing changed
            seated = await post(join, {"name": "B"})
            assert seated.status_code == 200 and seated.json()["seat"] == 1
            update = await watcher.wait_for(lambda f: f.get("t") == "table")
            assert update["seats"][1]["name"] == "B"
            assert [s for k, s in enumerate(update["seats"]) if k != 1] == [
                s for k, s in enumerate(seats_before) if k != 1
            ]
            _error(await post(join, {"name": "C"}), 409, "TABLE_FULL")
            # A table that plays takes no more players, only spectators.
            late = await post(f"{tables}/{place.game.code}/join", {"name": "Late"})
            assert (late.status_code, late.json()) == (200, {"spectate": True})
            await watcher.close()

    run(scenario())


def test_s2_the_record_is_published_when_the_game_ends(server: LiveServer, tmp_path: Path) -> None:
    download = tmp_path / "download.json"

    async def scenario() -> None:
        async with arena(server) as place:
            records = f"{server.url}/api/games"
            _error(await get(f"{records}/{place.game.game_id}/record"), 403, "GAME_NOT_OVER")
            _error(await get(f"{records}/{place.busy.game_id}/record"), 403, "GAME_NOT_OVER")
            _error(await get(f"{records}/no-such-game/record"), 404, "NO_GAME")
            person = place.game.people[0]
            final = await person.autoplay()
            reply = await get(f"{records}/{place.game.game_id}/record")
            assert reply.status_code == 200
            assert "attachment" in reply.headers["content-disposition"]
            report = verify_text(reply.text)
            assert report.ok, report.to_dict()
            bundle = reply.json()
            assert len(bundle["record"]["actions"]) == final["ply"]
            download.write_text(reply.text, encoding="utf-8")
            reveal = await person.client.wait_for(lambda f: f.get("t") == "reveal")
            assert reveal["server_seed"] == bundle["fairness"]["server_seed"]
            # Each action the person saw acknowledged is in the record at its ply.
            for sent, ply in person.acked():
                assert bundle["record"]["actions"][ply - 1] == [0, sent.code]
            _error(await get(f"{records}/{place.busy.game_id}/record"), 403, "GAME_NOT_OVER")

    run(scenario(), timeout=WAIT * 6)
    # The download names its players, and `lastcard replay` tells the game with their names.
    told = CliRunner().invoke(app, ["replay", str(download)], env={"NO_COLOR": "1"})
    assert told.exit_code == 0, told.output
    assert "P0 deals" in told.output or "P0 plays" in told.output
    assert "Bot 2" in told.output and "Seat 0" not in told.output
