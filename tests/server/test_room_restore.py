"""A room rebuilt from its database after a restart (SERVER.md §7 "Restart"): every
`Effects.persist` of a room is run against a real SQLite file, then `Room.restore(load(code))`
must give the same game, and a client that reconnects must get the current hand's story."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from room_harness import (
    CODE,
    T0,
    RoomHarness,
    client_seed,
    first_choice,
    fixed_server_seed,
    play_until,
    start_game,
)

from lastcard.core import GameRecord, state_digest
from lastcard.server.fairness import make_bundle, verify_bundle
from lastcard.server.room import INSTANT, OVER, PLAYING, WAITING, Room, Timing
from lastcard.server.storage import Storage, open_storage

ANA, BEN, BOT = 0, 1, 2
LATER = T0 + 3600.0  # when the new process starts


@pytest.fixture(autouse=True)
def _fixed_deal() -> Iterator[None]:
    with fixed_server_seed():
        yield


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Storage]:
    opened = open_storage(f"sqlite:///{tmp_path / 'server.sqlite3'}")
    yield opened
    opened.close()


def into_the_second_hand(storage: Storage, **body: object) -> tuple[RoomHarness, list[int]]:
    """Ana and Ben (people, seats 0 and 1) and an easy bot (seat 2), some way into the second
    hand, every step stored in `storage`."""
    harness, clients = start_game(
        {"name": "Ana", "seats": 3, "bots": [{"seat": BOT, "level": "easy"}], **body},
        people=2,
        spectators=1,
        storage=storage,
    )
    by_seat = dict(enumerate(clients))

    def second_hand_under_way(h: RoomHarness) -> bool:
        game = h.room.game
        assert game is not None
        return game.table.state.hand_number == 2 and len(game.hand_log) > 12

    play_until(harness, by_seat, second_hand_under_way)
    assert harness.playing()
    return harness, clients


def restored(harness: RoomHarness, storage: Storage, now: float = LATER) -> RoomHarness:
    stored = storage.load(CODE)
    assert stored is not None
    room = Room.restore(stored, now, timing=INSTANT)
    return RoomHarness(storage=storage, room=room, tokens=harness.tokens, now=now)


def test_s7_restore_gives_the_same_position_views_and_legal_actions(storage: Storage) -> None:
    before, _ = into_the_second_hand(storage)
    after = restored(before, storage)
    old, new = before.room.game, after.room.game
    assert old is not None and new is not None
    assert after.room.status == PLAYING
    assert new.table.ply == old.table.ply
    assert state_digest(new.table.state) == state_digest(old.table.state)
    for seat in (None, 0, 1, 2):
        assert new.table.view(seat).to_dict() == old.table.view(seat).to_dict()
    for seat in (0, 1, 2):
        assert new.table.actions(seat) == old.table.actions(seat)
    assert (new.id, new.number, new.seats) == (old.id, old.number, old.seats)
    assert (new.server_seed, new.commitment) == (old.server_seed, old.commitment)
    assert new.client_seeds == old.client_seeds == (client_seed(ANA), client_seed(BEN))
    assert new.table.record() == old.table.record()


def test_s7_restore_keeps_the_seats_and_marks_the_people_disconnected(storage: Storage) -> None:
    before, _ = into_the_second_hand(storage)
    after = restored(before, storage)
    room = after.room
    assert room.host == ANA and room.settings == before.room.settings
    assert [(s.kind, s.name, s.level, s.token_hash) for s in room.seats] == [
        (s.kind, s.name, s.level, s.token_hash) for s in before.room.seats
    ]
    assert [s.connected for s in room.seats] == [False, False, False]
    assert room.clients == {}
    table = room.table_message()
    assert [s["connected"] for s in table["seats"]] == [False, False, True]  # bots are there
    assert room.seq > before.room.seq  # pushes count on from the old process's


def test_s7_a_reconnect_after_restore_gets_the_current_hands_events(storage: Storage) -> None:
    before, clients = into_the_second_hand(storage)
    game = before.room.game
    assert game is not None
    hand = [event for _, event in game.hand_log]
    last_seen = before.last(clients[ANA], "state")
    after = restored(before, storage)
    after.hello(20, ANA, since=last_seen["seq"])
    kinds = [m["t"] for m in after.inbox[20]]
    assert kinds == ["welcome", "commit", "presence", "state"]  # §3: the commit told again
    assert after.last(20, "commit")["commitment"] == game.commitment
    state = after.last(20, "state")
    assert state["events"] == [event.redact(ANA).to_dict() for event in hand]
    assert state["events"][0]["type"] in ("dealer_draw", "deal")  # from the hand's start
    assert state["ply"] == last_seen["ply"] and state["view"] == last_seen["view"]
    assert state["legal"] == last_seen["legal"] and state["seq"] > last_seen["seq"]
    after.hello(21)  # a spectator without `since` gets the same story, redacted for nobody
    assert after.last(21, "state")["events"] == [event.redact(None).to_dict() for event in hand]


def test_s7_the_restored_game_goes_on_and_stays_verifiable(storage: Storage) -> None:
    before, _ = into_the_second_hand(storage, target=250)
    ply = before.ply
    after = restored(before, storage)
    after.hello(ANA, ANA)
    after.hello(BEN, BEN)
    after.hello(100)
    by_seat = {ANA: ANA, BEN: BEN}
    if after.to_act_seat() == BOT:
        after.tick()
    seat = after.to_act_seat()
    assert seat in by_seat
    now_ply = after.ply  # the next stored ply follows the old process's last one
    after.act(by_seat[seat], first_choice(after.legal(seat)), id="go")
    assert after.last(by_seat[seat], "ack") == {"t": "ack", "id": "go", "ply": now_ply + 1}
    assert [a.ply for a in after.appended["game1"]] == list(range(now_ply + 1))
    play_until(after, by_seat, lambda h: False, limit=5000)
    assert after.room.status == OVER
    reveal = after.last(100, "reveal")
    record = GameRecord.from_dict(reveal["record"])
    bundle = make_bundle(
        record, bytes.fromhex(reveal["server_seed"]), CODE, reveal["game"], reveal["client_seeds"]
    )
    assert verify_bundle(bundle).ok
    stored = storage.game(reveal["game"])
    assert stored is not None and len(stored[1]) == len(record.actions) > ply


def test_s7_restore_twice_in_a_row_is_the_same_room(storage: Storage) -> None:
    before, _ = into_the_second_hand(storage)
    first = restored(before, storage, LATER)
    second = restored(before, storage, LATER + 60)
    assert first.room.game is not None and second.room.game is not None
    assert first.room.game.table.record() == second.room.game.table.record()
    assert second.room.seq > first.room.seq


def test_s7_restore_re_arms_the_turn_timer(storage: Storage) -> None:
    before, _ = into_the_second_hand(storage, turn_seconds=15)
    after = restored(before, storage)
    seat = after.to_act_seat()
    if seat == BOT:
        assert after.room.deadline() == LATER  # the bot moves at once
        after.tick()
        seat = after.to_act_seat()
    assert seat in (ANA, BEN)
    assert after.room.deadline() == after.now + 15
    ply = after.ply
    after.tick(after.now + 15)
    assert after.appended["game1"][ply].by == "timer"


def test_s7_nobody_returning_after_a_restart_means_autopilot_after_30_seconds(
    storage: Storage,
) -> None:
    before, _ = into_the_second_hand(storage)
    after = restored(before, storage)
    after.tick_until_quiet()
    if after.to_act_seat() == BOT:
        after.tick()
    assert after.to_act_seat() in (ANA, BEN)
    ply = after.ply
    after.tick(LATER + 29)
    assert after.ply == ply
    after.tick(LATER + 30)
    assert after.room.seats[ANA].away and after.room.seats[BEN].away
    assert after.ply > ply and after.appended["game1"][ply].by == "autopilot"


def test_s7_restore_in_the_waiting_room_keeps_readiness(storage: Storage) -> None:
    harness = RoomHarness({"name": "Ana", "seats": 3}, storage=storage)
    harness.join("Ben", 1)
    harness.hello(0, 0)
    harness.hello(1, 1)
    harness.ready(1)
    after = restored(harness, storage)
    assert after.room.status == WAITING and after.room.game is None
    assert [s.ready for s in after.room.seats] == [False, True, False]
    assert after.room.seats[1].client_seed == client_seed(1)
    after.hello(10, 0)
    after.hello(11, 1)
    after.ready(10)
    after.send(10, t="start")
    room = after.room  # read afresh: the checks above narrowed `after.room`'s fields
    game = room.game
    assert game is not None and room.status == PLAYING
    assert game.client_seeds == (client_seed(0), client_seed(1))


def test_s7_a_person_who_moved_seats_is_not_ready_after_a_restore(storage: Storage) -> None:
    harness = RoomHarness({"name": "Ana", "seats": 3}, storage=storage)
    harness.join("Ben", 1)
    harness.hello(1, 1)
    harness.ready(1)
    harness.send(1, t="sit", seat=2)
    assert not harness.room.seats[2].ready
    after = restored(harness, storage)
    assert not after.room.seats[2].ready


def test_s7_restore_after_the_game_keeps_it_over_and_allows_a_rematch(storage: Storage) -> None:
    harness, clients = start_game(
        {"name": "Ana", "seats": 3, "bots": [{"seat": 1, "level": "easy"}], "target": 50},
        storage=storage,
    )
    harness.send(clients[0], t="autopilot", on=True)
    harness.tick_until_quiet(limit=10_000)
    assert harness.room.status == OVER
    after = restored(harness, storage)
    assert after.room.status == OVER and after.room.deadline() is not None
    after.hello(10, 0)
    final = after.last(10, "state")
    assert final["to_act"] is None and final["legal"] == []
    after.send(10, t="rematch")
    after.ready(10)
    after.send(10, t="start")
    stored = storage.load(CODE)
    assert stored is not None and stored.game is not None
    assert (stored.status, stored.game.number) == (PLAYING, 2)


def test_s7_a_restored_room_with_a_closed_game_asks_for_nothing(storage: Storage) -> None:
    harness, _ = start_game(
        {"name": "Ana", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]},
        storage=storage,
        timing=Timing(bot_delay=1.0, hand_pause=0.0),
    )
    harness.tick(T0 + INSTANT.idle_close_after)
    assert harness.room.status == "closed"
    stored = storage.load(CODE)
    assert stored is not None and stored.status == "closed"
    assert storage.list_open() == []
    room = Room.restore(stored, LATER, timing=INSTANT)
    assert room.status == "closed" and room.deadline() is None
