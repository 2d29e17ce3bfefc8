"""A server stopped mid-hand and started again on the same database (SERVER.md §4 step 10, §7).

Two people and a bot play; mid-hand the server process gets SIGTERM (a graceful stop: sockets
close with 1012) or SIGKILL (no goodbye: the sockets just drop). A new process on the same
database restores the table; the people reconnect with their tokens and play the game to its
end. Nothing acknowledged is lost: the position they come back to is at or past the last ack,
every action ever acknowledged is in the published record at the ply its ack named, and the
record verifies.
"""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from held_game import hold_mid_hand
from live_server import LiveServer
from ws_client import Frame, Person, get, is_state, run

from lastcard.core import ActionKind, Event, GameRecord, replay_steps
from lastcard.server.fairness import verify_text


@pytest.fixture
def server(tmp_path: Any, database_url: str) -> Iterator[LiveServer]:
    """A server on each database: SQLite, then PostgreSQL."""
    with LiveServer(tmp_path, database_url=database_url) as live:
        yield live


def pre_kill_acks(person: Person, connections: int) -> list[int]:
    """The plies named by the acks a person's first `connections` connections received."""
    return [
        f["ply"]
        for client in person.connections[:connections]
        for f in client.frames
        if f.get("t") == "ack" and f.get("id") in {s.request_id for s in person.sent}
    ]


def check_story(record: GameRecord, seat: int, before: Frame, after: Frame) -> None:
    """The first state after the restart tells the current hand's story: the events it carries
    are the latest of the hand's, and at least those the person missed while away."""
    steps = list(replay_steps(record))
    story: list[Event] = list(record.open().events)
    for _, action, transition in steps[: after["ply"]]:
        if action.kind is ActionKind.NEXT:
            story = []  # a new hand: its story starts with its deal
        story.extend(transition.events)
    told = after["events"]
    assert 0 < len(told) <= len(story)
    assert told == json.loads(json.dumps([e.redact(seat).to_dict() for e in story[-len(told) :]]))
    away = steps[before["ply"] : after["ply"]]
    if not any(action.kind is ActionKind.NEXT for _, action, _ in away):  # the same hand
        assert len(told) >= sum(len(transition.events) for _, _, transition in away)


@pytest.mark.parametrize(
    ("sig", "close_code"),
    [(signal.SIGTERM, 1012), (signal.SIGKILL, 1006)],
    ids=["sigterm", "sigkill"],
)
def test_s7_restart_mid_hand_loses_nothing_acknowledged(
    server: LiveServer, sig: int, close_code: int
) -> None:
    async def scenario() -> None:
        # The people stop acting mid-hand, so the game waits for them however long the kill
        # takes on a busy machine; they play on after the restart.
        held = await hold_mid_hand(server)
        table, people, go, plays = held.table, held.table.people, held.go, held.plays

        before = [len(person.connections) for person in people]
        killed = [person.client for person in people]
        exit_code = await asyncio.to_thread(server.kill, sig)
        # uvicorn raises SIGTERM again after its graceful shutdown, so both end by the signal;
        # the close code tells the graceful stop (1012) from the drop (1006).
        assert exit_code in (0, -sig)
        for client in killed:
            assert await client.wait_closed() == close_code
        last_ack = max(
            ply
            for person, n in zip(people, before, strict=True)
            for ply in pre_kill_acks(person, n)
        )
        await asyncio.to_thread(server.start)
        go.set()
        finals = await asyncio.gather(*plays)

        for person, n in zip(people, before, strict=True):
            back = [after for _, after in person.reconnects]
            assert back, f"{person.label} came back"
            # The first position after the restart holds every acknowledged action.
            assert back[0]["ply"] >= last_ack
            assert any(f.get("t") == "ack" for c in person.connections[n:] for f in c.frames)

        reply = await get(f"{server.url}/api/games/{table.game_id}/record")
        assert reply.status_code == 200, reply.text
        report = verify_text(reply.text)
        assert report.ok, report.to_dict()
        actions = reply.json()["record"]["actions"]
        record = GameRecord.from_dict(reply.json()["record"])
        assert len(actions) == finals[0]["ply"] == finals[1]["ply"]
        seats = finals[0]["seats"]
        for person in people:
            engine_seat = seats.index(person.table_seat)
            before_kill, after_restart = person.reconnects[0]
            assert before_kill is not None
            check_story(record, engine_seat, before_kill, after_restart)
            acked = person.acked()
            assert acked
            for sent, ply in acked:
                assert actions[ply - 1] == [engine_seat, sent.code], (sent, ply)
        # The game went on after the restart with people and bots alike.
        assert len(actions) > last_ack
        for person in people:
            states = [f for c in person.connections for f in c.frames if is_state(f)]
            assert states[-1]["view"]["phase"] == "game_over"
            await person.client.close()

    run(scenario(), timeout=80)
