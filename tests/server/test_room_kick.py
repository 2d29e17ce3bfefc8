"""`kick` (SERVER.md §8, waiting room griefing) in the room, without a network: the host frees
the seat of a person who is not ready, at once when they are absent and only some minutes after
the host first tried to start when they are here; the kicked token holds nothing any more.
"""

from __future__ import annotations

from room_harness import T0, RoomHarness
from test_room_waiting import refused

from lastcard.server.room import INSTANT


def absent_joiner() -> RoomHarness:
    """Ana hosts (seat 0, client 0); Ben joined seat 1 over HTTP and never connected."""
    harness = RoomHarness({"name": "Ana", "seats": 3})
    harness.join("Ben", 1)
    harness.hello(0, 0)
    harness.clear()
    return harness


def test_s8_the_host_frees_an_absent_joiners_seat_and_the_token_dies() -> None:
    harness = absent_joiner()
    ben_token = harness.tokens[1]
    harness.send(0, t="kick", seat=1)
    assert harness.room.seats[1].empty
    assert harness.last(0, "table")["seats"][1]["kind"] == "empty"
    stored = harness.storage.load(harness.room.code)
    assert stored is not None and stored.seats[1].kind == "empty"
    harness.hello(5, None, token=ben_token)
    assert harness.last(5, "error")["code"] == "BAD_TOKEN"
    assert harness.closed[5][0] == 4003
    again = harness.join("Cleo", 1)  # the seat is free again
    assert again["seat"] == 1


def test_s8_a_connected_person_not_ready_is_freed_only_after_the_wait() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 3}, timing=INSTANT)
    harness.join("Ben", 1)
    harness.hello(0, 0)
    harness.hello(1, 1)
    harness.ready(0)
    refused(harness, 0, "BAD_FIELD", t="kick", seat=1)  # no start tried yet
    refused(harness, 0, "NOT_WAITING", t="start")  # Ben is not ready: the wait begins
    wait = INSTANT.kick_unready_after
    harness.at(T0 + wait - 1)
    refused(harness, 0, "BAD_FIELD", t="kick", seat=1)
    harness.at(T0 + wait)
    harness.clear()
    harness.send(0, t="kick", seat=1)
    assert harness.received(1, "kicked") == [{"t": "kicked"}]
    assert harness.closed[1] == (4003, "kicked")
    assert harness.room.seats[1].empty


def test_s8_kick_refuses_a_ready_person_a_bot_an_empty_seat_the_host_and_a_guest() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 4, "bots": [{"seat": 3, "level": "easy"}]})
    harness.join("Ben", 1)
    harness.hello(0, 0)
    harness.hello(1, 1)
    harness.ready(1)
    harness.disconnect(1)
    harness.hello(2, None)
    for seat in (1, 2, 3, 0):  # ready, empty, a bot, the host herself
        refused(harness, 0, "BAD_FIELD", t="kick", seat=seat)
    refused(harness, 2, "NOT_HOST", t="kick", seat=1)
