"""The order that makes the fairness proof a proof (SERVER.md §6), in the room: the commitment
is public in the waiting room before any client seed exists, `ready` must quote it, the game
is dealt from the seed committed to, a rematch commits afresh, and a restart keeps it.
"""

from __future__ import annotations

from room_harness import CODE, T0, RoomHarness, client_seed
from test_room_waiting import refused

from lastcard.server.fairness import commitment
from lastcard.server.room import PLAYING, Room


def waiting_room() -> RoomHarness:
    harness = RoomHarness({"name": "Ana", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]})
    harness.hello(0, 0)
    return harness


def test_s6_the_waiting_room_shows_the_next_commitment_before_any_seed() -> None:
    harness = waiting_room()
    shown = harness.last(0, "welcome")["table"]["next_commitment"]
    assert shown == harness.room.next_commitment
    assert harness.room.next_server_seed is not None
    assert shown == commitment(harness.room.next_server_seed)
    assert harness.room.next_server_seed.hex() not in str(harness.inbox[0])
    harness.send(0, t="settings", target=200)  # rules and seats do not change it
    assert harness.last(0, "table")["next_commitment"] == shown


def test_s6_ready_must_quote_the_current_commitment() -> None:
    harness = waiting_room()
    seed = client_seed(0)
    refused(harness, 0, "BAD_COMMITMENT", t="ready", ready=True, client_seed=seed)
    wrong = "ab" * 32
    refused(harness, 0, "BAD_COMMITMENT", t="ready", ready=True, client_seed=seed, commitment=wrong)
    harness.send(0, t="ready", ready=False, client_seed=seed)  # waiting again quotes nothing
    harness.ready(0)
    assert harness.room.seats[0].ready


def test_s6_the_game_is_dealt_from_the_seed_committed_to_and_a_rematch_commits_afresh() -> None:
    harness = waiting_room()
    shown = harness.room.next_commitment
    harness.ready(0)
    harness.clear()
    harness.send(0, t="start")
    assert harness.room.status == PLAYING and harness.room.game is not None
    assert harness.last(0, "commit")["commitment"] == shown == harness.room.game.commitment
    assert harness.last(0, "table")["next_commitment"] is None  # until the next waiting room
    harness.send(0, t="autopilot", on=True)
    harness.tick_until_quiet()
    harness.send(0, t="rematch")
    fresh = harness.last(0, "table")["next_commitment"]
    assert fresh is not None and fresh != shown


def test_s6_a_restart_keeps_the_waiting_rooms_commitment() -> None:
    harness = waiting_room()
    shown = harness.room.next_commitment
    harness.ready(0)
    stored = harness.storage.load(CODE)
    assert stored is not None
    restored = Room.restore(stored, T0 + 60)
    assert restored.next_commitment == shown and restored.seats[0].ready
