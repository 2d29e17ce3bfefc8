"""The server's storage (SERVER.md §7, §10): reopened, killed, shared, on both engines.

A test that asks for `storage`, `playing` or `database_url` runs on a SQLite file in tmp_path
and on a new database of the session's throwaway PostgreSQL (tests/server/conftest.py); the
tests of one engine's own file, schema or URLs say which.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from lastcard import LastcardError
from lastcard.server.storage import (
    ACTORS,
    SEAT_KINDS,
    TABLE_STATUSES,
    ChatLine,
    GameRow,
    ListedTable,
    SeatRow,
    Storage,
    StorageError,
    StoredAction,
    StoredTable,
    default_database_url,
    open_storage,
    sqlite_path,
)
from lastcard.server.storage.sqlite import SCHEMA_VERSION, TABLE_NAMES, SqliteStorage

CODE = "KXR7QM"
T0 = 1_700_000_000.0
HASH = "ab" * 32  # a SHA-256 in hex
SECURE_SEED = 2**512 - 12345  # the secure generator's seeds reach 2**512 - 1


def seats() -> list[SeatRow]:
    return [
        SeatRow(0, "human", name="Ana", token_hash=HASH, client_seed="0f" * 16),
        SeatRow(1, "bot", name="Basil", level="hard"),
        SeatRow(2, "empty"),
        SeatRow(3, "human", name="Cleo", token_hash="cd" * 32),
    ]


def new_table(code: str = CODE, *, status: str = "waiting", created: float = T0) -> StoredTable:
    return StoredTable(
        code=code,
        name="Friday night",
        status=status,
        settings={"rules": "official", "target": None, "turn_seconds": 30, "spectators": True},
        host=0,
        public=False,
        seats=seats(),
        created=created,
        updated=created,
    )


def new_game(game_id: str = "g1", *, code: str = CODE, number: int = 1) -> GameRow:
    return GameRow(
        id=game_id,
        code=code,
        number=number,
        players=3,
        rules={"stacking": "same", "seven_o": False},
        seed=SECURE_SEED,
        generator="secure",
        commitment="c0" * 32,
        server_seed="5e" * 32,
        client_seeds=["0f" * 16, "a1" * 16],
        seats=[0, 1, 3],
        status="running",
        result=None,
        started=T0 + 10,
        ended=None,
        dealer=2,
        names=["Ana", "Ben", "Bot 4"],
    )


def act(ply: int, *, seat: int = 0, code: str = "draw", by: str = "player") -> StoredAction:
    return StoredAction(ply=ply, seat=seat, code=code, by=by, time=T0 + 20 + ply)


def url_of(path: Path) -> str:
    return f"sqlite:///{path}"  # an absolute path: four slashes in all


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "server.sqlite3"


# For the tests of the SQLite file itself: `database_url` (and so `storage`) on SQLite alone.
sqlite_only = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


@pytest.fixture
def storage(database_url: str) -> Iterator[Storage]:
    opened = open_storage(database_url)
    yield opened
    opened.close()


@pytest.fixture
def playing(storage: Storage) -> Storage:
    """A table with a running game "g1" and no actions yet."""
    storage.create_table(new_table())
    storage.start_game(new_game())
    return storage


def where(storage: Storage) -> str:
    """How the storage names its database in its refusals."""
    return str(storage._where)  # type: ignore[attr-defined]


def stored_plies(storage: Storage, game_id: str = "g1") -> list[int]:
    found = storage.game(game_id)
    assert found is not None
    return [action.ply for action in found[1]]


# -- tables ---------------------------------------------------------------------------------


def test_s7_create_table_then_load_gives_it_back(storage: Storage) -> None:
    storage.create_table(new_table())
    assert storage.load(CODE) == new_table()


def test_s7_load_of_an_unknown_code_is_none(storage: Storage) -> None:
    assert storage.load("NOPE42") is None


def test_s7_a_taken_code_is_refused_and_the_first_table_kept(storage: Storage) -> None:
    storage.create_table(new_table())
    other = dataclasses.replace(new_table(), name="Impostor", seats=[])
    with pytest.raises(StorageError, match="taken"):
        storage.create_table(other)
    assert storage.load(CODE) == new_table()


def test_s7_save_table_replaces_fields_and_every_seat_row(storage: Storage) -> None:
    storage.create_table(new_table())
    fewer = [SeatRow(0, "human", name="Ana", token_hash=HASH), SeatRow(1, "bot", level="easy")]
    storage.save_table(
        CODE,
        name="Saturday",
        status="playing",
        settings={"rules": {"stacking": "any"}, "turn_seconds": 0},
        host=None,
        public=True,
        seats=fewer,
        now=T0 + 5,
    )
    loaded = storage.load(CODE)
    assert loaded == StoredTable(
        code=CODE,
        name="Saturday",
        status="playing",
        settings={"rules": {"stacking": "any"}, "turn_seconds": 0},
        host=None,
        public=True,
        seats=fewer,
        created=T0,
        updated=T0 + 5,
    )


def test_s7_save_table_of_an_unknown_code_is_an_error(storage: Storage) -> None:
    with pytest.raises(StorageError, match="no table 'NOPE42'"):
        storage.save_table(
            "NOPE42",
            name="x",
            status="waiting",
            settings={},
            host=0,
            public=False,
            seats=[],
            now=T0,
        )


def test_s7_a_seat_listed_twice_is_refused_and_nothing_changes(storage: Storage) -> None:
    storage.create_table(new_table())
    with pytest.raises(StorageError, match="seat twice"):
        storage.save_table(
            CODE,
            name="x",
            status="waiting",
            settings={},
            host=0,
            public=False,
            seats=[SeatRow(1, "empty"), SeatRow(1, "bot")],
            now=T0 + 1,
        )
    assert storage.load(CODE) == new_table()


def test_s7_set_status_round_trip_and_every_status_fits_the_schema(storage: Storage) -> None:
    storage.create_table(new_table())
    for offset, status in enumerate(sorted(TABLE_STATUSES), start=1):
        storage.set_status(CODE, status, T0 + offset)
        loaded = storage.load(CODE)
        assert loaded is not None
        assert (loaded.status, loaded.updated) == (status, T0 + offset)


def test_s7_set_status_refuses_unknown_statuses_and_tables(storage: Storage) -> None:
    storage.create_table(new_table())
    with pytest.raises(StorageError, match="'paused' is not one of"):
        storage.set_status(CODE, "paused", T0)
    with pytest.raises(StorageError, match="no table"):
        storage.set_status("NOPE42", "closed", T0)


def test_s7_every_seat_kind_fits_the_schema_and_others_are_refused(storage: Storage) -> None:
    table = dataclasses.replace(
        new_table(), seats=[SeatRow(n, kind) for n, kind in enumerate(sorted(SEAT_KINDS))]
    )
    storage.create_table(table)
    assert storage.load(CODE) == table
    with pytest.raises(StorageError, match="seat kind 'robot'"):
        storage.create_table(dataclasses.replace(table, code="OTHER1", seats=[SeatRow(0, "robot")]))
    assert storage.load("OTHER1") is None


def test_s7_list_open_lists_every_table_not_closed_oldest_first(storage: Storage) -> None:
    assert storage.list_open() == []
    for n, (code, status) in enumerate(
        [("CCCCC3", "playing"), ("AAAAA1", "waiting"), ("DDDDD4", "closed"), ("BBBBB2", "over")]
    ):
        storage.create_table(new_table(code, status=status, created=T0 + n))
    storage.create_table(new_table("EEEEE5", created=T0 + 9))
    storage.set_status("EEEEE5", "suspended", T0 + 10)
    assert storage.list_open() == ["CCCCC3", "AAAAA1", "BBBBB2", "EEEEE5"]
    storage.set_status("AAAAA1", "closed", T0 + 11)
    assert storage.list_open() == ["CCCCC3", "BBBBB2", "EEEEE5"]


# -- games and the action log ----------------------------------------------------------------


def test_s7_start_game_round_trip_keeps_a_512_bit_seed(playing: Storage) -> None:
    assert playing.game("g1") == (new_game(), [])
    loaded = playing.load(CODE)
    assert loaded is not None
    assert loaded.game == new_game()
    assert loaded.game.seed == SECURE_SEED
    assert loaded.actions == []
    assert loaded.updated == new_game().started


def test_s7_a_game_without_seed_or_dealer_round_trips(storage: Storage) -> None:
    storage.create_table(new_table())
    game = dataclasses.replace(new_game(), seed=None, dealer=None, client_seeds=[])
    storage.start_game(game)
    assert storage.game("g1") == (game, [])


def test_s7_game_of_an_unknown_id_is_none(storage: Storage) -> None:
    assert storage.game("nope") is None


def test_s7_start_game_needs_its_table(storage: Storage) -> None:
    with pytest.raises(StorageError, match="no table"):
        storage.start_game(new_game())
    assert storage.game("g1") is None


def test_s7_a_table_has_one_running_game_and_unique_ids_and_numbers(playing: Storage) -> None:
    with pytest.raises(StorageError, match="cannot start game 'g2'"):
        playing.start_game(new_game("g2", number=2))  # g1 still runs
    playing.finish_game("g1", "over", {"winner": 1}, T0 + 50)
    with pytest.raises(StorageError, match="has that id or number"):
        playing.start_game(new_game("g1", number=2))  # the id is taken
    with pytest.raises(StorageError, match="has that id or number"):
        playing.start_game(new_game("g2", number=1))  # so is the number
    with pytest.raises(StorageError, match="starts running"):
        playing.start_game(dataclasses.replace(new_game("g2", number=2), status="over"))
    assert playing.game("g2") is None


def test_s7_append_round_trip_in_ply_order(playing: Storage) -> None:
    log = [act(0, code="R7"), act(1, seat=1, code="W+4:b!", by="bot"), act(2, by="timer")]
    for action in log:
        playing.append("g1", action)
    assert playing.game("g1") == (new_game(), log)
    loaded = playing.load(CODE)
    assert loaded is not None
    assert loaded.actions == log
    assert loaded.updated == log[-1].time


@pytest.mark.parametrize(("plies", "bad"), [([], 1), ([0], 0), ([0, 1], 3), ([0, 1], 1), ([], -1)])
def test_s5_append_refuses_a_gap_or_a_repeat(playing: Storage, plies: list[int], bad: int) -> None:
    for ply in plies:
        playing.append("g1", act(ply))
    with pytest.raises(StorageError, match=rf"expects ply {len(plies)} next, not {bad}"):
        playing.append("g1", act(bad))
    assert stored_plies(playing) == plies


def test_s7_append_many_is_one_transaction(playing: Storage) -> None:
    playing.append("g1", act(0))
    with pytest.raises(StorageError, match="expects ply 3 next, not 4"):
        playing.append_many("g1", [act(1), act(2), act(4)])
    assert stored_plies(playing) == [0]  # the valid head of the burst was not kept either
    with pytest.raises(StorageError, match="actor 'ghost'"):
        playing.append_many("g1", [act(1), act(2, by="ghost")])
    assert stored_plies(playing) == [0]
    playing.append_many("g1", [act(1, by="bot"), act(2, by="autopilot"), act(3, by="timer")])
    playing.append_many("g1", [])
    assert stored_plies(playing) == [0, 1, 2, 3]


def test_s7_every_actor_fits_the_schema(playing: Storage) -> None:
    log = [act(ply, by=by) for ply, by in enumerate(sorted(ACTORS))]
    playing.append_many("g1", log)
    assert playing.game("g1") == (new_game(), log)


def test_s7_append_needs_a_running_game(playing: Storage) -> None:
    with pytest.raises(StorageError, match="no game 'g9'"):
        playing.append("g9", act(0))
    playing.append("g1", act(0))
    playing.finish_game("g1", "abandoned", None, T0 + 60)
    with pytest.raises(StorageError, match="is abandoned, not running"):
        playing.append("g1", act(1))
    assert stored_plies(playing) == [0]


def test_s7_append_each_stores_each_game_s_action_alone(playing: Storage) -> None:
    """The group commit's form: several games' next actions at once, each refused or stored
    on its own, with the same refusals `append` gives."""
    for number, code in enumerate(["T2BLE1", "T2BLE2", "T2BLE3"], start=2):
        playing.create_table(new_table(code))
        playing.start_game(new_game(f"g{number}", code=code))
    playing.append("g3", act(0))
    playing.finish_game("g4", "abandoned", None, T0 + 50)
    late = dataclasses.replace(act(0), time=T0 + 500)
    items = [
        ("g1", late),
        ("g2", act(1)),  # a gap: g2 expects ply 0
        ("g3", act(1, by="bot")),
        ("g4", act(0)),  # no longer running
        ("g9", act(0)),  # no such game
        ("g5", act(0, by="ghost")),
    ]
    errors = playing.append_each(items)
    assert [None if error is None else str(error) for error in errors] == [
        None,
        f"{where(playing)}: game 'g2' expects ply 0 next, not 1",
        None,
        f"{where(playing)}: game 'g4' is abandoned, not running",
        f"{where(playing)}: no game 'g9'",
        "actor 'ghost' is not one of autopilot, bot, player, timer",
    ]
    assert stored_plies(playing, "g1") == [0]
    assert stored_plies(playing, "g2") == []
    assert stored_plies(playing, "g3") == [0, 1]
    loaded = playing.load(CODE)
    assert loaded is not None and loaded.updated == T0 + 500  # the table was touched
    assert playing.append_each([]) == []


def test_s7_append_each_takes_one_game_s_actions_in_order(playing: Storage) -> None:
    errors = playing.append_each([("g1", act(0)), ("g1", act(1)), ("g1", act(1))])
    assert errors[:2] == [None, None]
    assert "expects ply 2 next, not 1" in str(errors[2])
    assert stored_plies(playing) == [0, 1]


def test_s7_append_each_stores_hundreds_in_one_commit(storage: Storage) -> None:
    games = [f"g{n}" for n in range(1, 601)]  # past one statement's rows (SQLite: 500)
    with storage.batch():
        for number, game in enumerate(games):
            code = f"C{number:05d}"
            storage.create_table(new_table(code))
            storage.start_game(new_game(game, code=code))
    with storage.batch():
        assert storage.append_each([(game, act(0)) for game in games]) == [None] * len(games)
    assert all(stored_plies(storage, game) == [0] for game in games[::97])


def test_s7_finish_game_round_trip(playing: Storage) -> None:
    playing.append("g1", act(0))
    result = {"winner": 1, "scores": [0, 120, 35], "digest": "f" * 64}
    playing.finish_game("g1", "over", result, T0 + 99)
    found = playing.game("g1")
    assert found is not None
    game, actions = found
    assert (game.status, game.result, game.ended) == ("over", result, T0 + 99)
    assert game == dataclasses.replace(new_game(), status="over", result=result, ended=T0 + 99)
    assert actions == [act(0)]
    loaded = playing.load(CODE)
    assert loaded is not None
    assert loaded.updated == T0 + 99


def test_s7_finish_game_only_once_and_only_as_over_or_abandoned(playing: Storage) -> None:
    with pytest.raises(StorageError, match="'running' is not one of abandoned, over"):
        playing.finish_game("g1", "running", None, T0)
    with pytest.raises(StorageError, match="no game"):
        playing.finish_game("g9", "over", None, T0)
    playing.finish_game("g1", "over", None, T0 + 1)
    with pytest.raises(StorageError, match="is over, not running"):
        playing.finish_game("g1", "abandoned", None, T0 + 2)


def test_s7_load_gives_the_newest_game_and_only_its_actions(playing: Storage) -> None:
    playing.append_many("g1", [act(0), act(1), act(2)])
    playing.finish_game("g1", "over", {"winner": 0}, T0 + 50)
    rematch = dataclasses.replace(new_game("g2", number=2), started=T0 + 60)
    playing.start_game(rematch)
    playing.append("g2", act(0, code="R1"))
    loaded = playing.load(CODE)
    assert loaded is not None
    assert loaded.game == rematch
    assert loaded.actions == [act(0, code="R1")]
    assert stored_plies(playing, "g1") == [0, 1, 2]  # the first game's log is still there


# -- chat -----------------------------------------------------------------------------------


def test_s7_chat_round_trip_newest_lines_oldest_first(storage: Storage) -> None:
    storage.create_table(new_table())
    storage.create_table(new_table("OTHER1"))
    storage.add_chat(CODE, 0, "Ana", "hi", T0 + 1)
    storage.add_chat(CODE, None, "watcher", "good luck", T0 + 2)
    storage.add_chat("OTHER1", 0, "Zed", "elsewhere", T0 + 3)
    storage.add_chat(CODE, 3, "Cleo", "gl hf ✨", T0 + 4)
    assert storage.chat(CODE) == [
        ChatLine(0, "Ana", "hi", T0 + 1),
        ChatLine(None, "watcher", "good luck", T0 + 2),
        ChatLine(3, "Cleo", "gl hf ✨", T0 + 4),
    ]
    assert storage.chat(CODE, limit=2) == storage.chat(CODE)[1:]
    assert storage.chat("NOPE42") == []
    loaded = storage.load(CODE)
    assert loaded is not None
    assert loaded.updated == T0 + 4
    with pytest.raises(StorageError, match="no table"):
        storage.add_chat("NOPE42", 0, "x", "y", T0)


# -- durability -----------------------------------------------------------------------------


def test_s7_everything_written_survives_close_and_reopen(database_url: str) -> None:
    first = open_storage(database_url)
    first.create_table(new_table())
    first.create_table(new_table("CLOSED", status="closed"))
    first.start_game(new_game())
    log = [act(ply, seat=ply % 3, code=f"R{ply % 10}") for ply in range(40)]
    first.append_many("g1", log[:10])
    for action in log[10:]:
        first.append("g1", action)
    first.add_chat(CODE, 0, "Ana", "brb", T0 + 70)
    first.close()

    second = open_storage(database_url)
    try:
        loaded = second.load(CODE)
        assert loaded is not None
        assert loaded.game == new_game()
        assert loaded.actions == log
        assert loaded.seats == seats()
        assert second.list_open() == [CODE]
        assert second.chat(CODE) == [ChatLine(0, "Ana", "brb", T0 + 70)]
    finally:
        second.close()


KILLED_WRITER = textwrap.dedent(
    """
    import sys
    from lastcard.server.storage import GameRow, StoredAction, StoredTable, open_storage

    storage = open_storage(sys.argv[1])
    storage.create_table(StoredTable("KILLME", "t", "playing", {}, 0, False, [], 0.0, 0.0))
    storage.start_game(GameRow("g1", "KILLME", 1, 2, {}, 7, "secure", "c", "s", [], [0, 1],
                               "running", None, 0.0, None))
    print("ready", flush=True)
    for ply in range(1_000_000):
        storage.append("g1", StoredAction(ply, ply % 2, "draw", "player", float(ply)))
        print(ply, flush=True)
    """
)


def test_s7_an_action_appended_before_sigkill_is_stored(database_url: str) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, database_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    assert writer.stderr is not None
    with writer:  # closes the pipes
        try:
            started = writer.stdout.readline() == "ready\n"
            printed = [int(writer.stdout.readline()) for _ in range(300)] if started else []
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait(timeout=30)
        assert started, writer.stderr.read()
        assert writer.returncode == -signal.SIGKILL
        # Plies acknowledged before the kill landed, read through the same buffered stream.
        printed += [int(line) for line in writer.stdout.read().split()]
    assert printed == list(range(len(printed)))

    storage = open_storage(database_url)
    try:
        stored = stored_plies(storage)
    finally:
        storage.close()
    assert stored == list(range(len(stored)))  # no gap, whatever the kill interrupted
    assert len(stored) >= len(printed)  # every acknowledged append is there


# -- threads --------------------------------------------------------------------------------


def test_s7_a_worker_thread_can_do_every_call(database_url: str) -> None:
    """The server opens the database on one thread and then uses it from its storage thread."""
    storage = open_storage(database_url)
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(storage.create_table, new_table()).result()
        worker.submit(storage.start_game, new_game()).result()
        for ply in range(20):
            worker.submit(storage.append, "g1", act(ply)).result()
        worker.submit(storage.add_chat, CODE, 0, "Ana", "hi", T0).result()
        loaded = worker.submit(storage.load, CODE).result()
        worker.submit(storage.close).result()
    assert loaded is not None
    assert [action.ply for action in loaded.actions] == list(range(20))
    with pytest.raises(StorageError, match="is closed"):
        storage.load(CODE)


def test_s7_overlapping_calls_from_two_threads_wait_for_each_other(storage: Storage) -> None:
    storage.create_table(new_table())
    storage.create_table(new_table("OTHER1"))
    storage.start_game(new_game())
    storage.start_game(new_game("g2", code="OTHER1"))
    start = threading.Barrier(2)

    def write(game_id: str) -> None:
        start.wait()
        for ply in range(200):
            storage.append(game_id, act(ply))

    threads = [threading.Thread(target=write, args=(game_id,)) for game_id in ("g1", "g2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert stored_plies(storage, "g1") == list(range(200))
    assert stored_plies(storage, "g2") == list(range(200))


def test_s7_after_close_every_call_is_a_storage_error(storage: Storage) -> None:
    storage.close()
    storage.close()  # harmless
    with pytest.raises(StorageError, match="is closed"):
        storage.list_open()
    with pytest.raises(StorageError, match="is closed"):
        storage.append("g1", act(0))


# -- URLs -----------------------------------------------------------------------------------


def test_s7_a_relative_url_is_relative_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    storage = open_storage("sqlite:///nested/dir/server.sqlite3")
    storage.create_table(new_table())
    storage.close()
    assert (tmp_path / "nested" / "dir" / "server.sqlite3").is_file()


def test_s7_an_absolute_url_takes_four_slashes_and_creates_parents(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b c" / "server.sqlite3"
    assert url_of(target).startswith("sqlite:////")
    storage = open_storage(url_of(target))
    storage.close()
    assert target.is_file()


def test_s7_an_in_memory_database_works_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for url in ("sqlite://:memory:", "sqlite:///:memory:"):
        storage = open_storage(url)
        storage.create_table(new_table())
        assert storage.list_open() == [CODE]
        storage.close()
    assert list(tmp_path.iterdir()) == []


def test_s7_url_paths_are_percent_decoded() -> None:
    assert sqlite_path("sqlite:////srv/my%20tables/db.sqlite3") == Path("/srv/my tables/db.sqlite3")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("", "unknown database URL"),
        ("server.sqlite3", "unknown database URL"),
        ("mysql://localhost/lastcard", "unknown database URL .the scheme 'mysql'"),
        ("sqlite:server.sqlite3", "starts with sqlite://"),
        ("sqlite://localhost/server.sqlite3", "names no host"),
        ("sqlite:///", "names no file"),
        ("sqlite:////srv/data/", "names no file"),
        ("sqlite:///server.sqlite3?mode=ro", "options"),
    ],
)
def test_s7_bad_urls_are_storage_errors(url: str, message: str) -> None:
    with pytest.raises(StorageError, match=message):
        open_storage(url)


@pytest.mark.parametrize("scheme", ["postgresql", "postgres", "postgresql+psycopg"])
def test_s10_an_unreachable_postgresql_is_a_storage_error_without_the_password(
    scheme: str,
) -> None:
    with socket.socket() as closed:  # a port nobody listens on: refused at once
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        url = f"{scheme}://lastcard:hunter2@127.0.0.1:{port}/tables"
        with pytest.raises(
            StorageError, match="cannot open the PostgreSQL database tables"
        ) as caught:
            open_storage(url)
    assert f"127.0.0.1:{port}" in str(caught.value)
    assert "hunter2" not in str(caught.value)


def test_s7_storage_errors_are_lastcard_errors_with_their_code() -> None:
    with pytest.raises(LastcardError) as caught:
        open_storage("nope://")
    assert caught.value.code == "STORAGE"


def test_s7_default_url_is_in_lastcard_home_when_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LASTCARD_HOME", str(tmp_path / "home"))
    url = default_database_url()
    assert sqlite_path(url) == tmp_path / "home" / "server.sqlite3"
    open_storage(url).close()
    assert (tmp_path / "home" / "server.sqlite3").is_file()


def test_s7_default_url_is_in_the_user_data_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LASTCARD_HOME", raising=False)
    expected = Path(platformdirs.user_data_dir("lastcard")).absolute() / "server.sqlite3"
    assert sqlite_path(default_database_url()) == expected


# -- the file and its schema ----------------------------------------------------------------


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection to the file, behind the storage's back."""
    return sqlite3.connect(path, isolation_level=None)


@sqlite_only
def test_s7_a_new_file_has_the_versioned_schema_in_wal_mode(
    storage: Storage, db_path: Path
) -> None:
    connection = raw(db_path)
    try:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        names = {
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        assert set(TABLE_NAMES) <= names
        seat_columns = {row[1] for row in connection.execute("PRAGMA table_info(seats)")}
        assert "token_hash" in seat_columns
        assert "token" not in seat_columns  # tokens are never stored, only their hashes
    finally:
        connection.close()


@sqlite_only
def test_s7_the_action_log_is_append_only_in_the_file_itself(
    playing: Storage, db_path: Path
) -> None:
    playing.append("g1", act(0))
    connection = raw(db_path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            connection.execute("UPDATE actions SET code = 'R9'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            connection.execute("DELETE FROM actions")
    finally:
        connection.close()
    assert playing.game("g1") == (new_game(), [act(0)])


def test_s7_reopening_keeps_the_schema_version(db_path: Path) -> None:
    for _ in range(3):
        open_storage(url_of(db_path)).close()
    connection = raw(db_path)
    try:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    finally:
        connection.close()


def test_s7_a_file_from_a_newer_lastcard_is_refused_untouched(db_path: Path) -> None:
    open_storage(url_of(db_path)).close()
    connection = raw(db_path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    with pytest.raises(StorageError, match=rf"{db_path}.*newer lastcard") as caught:
        open_storage(url_of(db_path))
    assert f"version {SCHEMA_VERSION + 1}" in str(caught.value)
    connection = raw(db_path)
    assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
    connection.close()


def test_s7_a_database_of_something_else_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    connection = raw(db_path)
    connection.execute("CREATE TABLE invoices (id INTEGER)")
    connection.close()
    with pytest.raises(StorageError, match="not a lastcard database"):
        open_storage(url_of(db_path))


def test_s7_a_corrupt_file_is_a_storage_error_naming_the_file(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"this is not a database, just bytes\n" * 200)
    with pytest.raises(StorageError, match="not a database") as caught:
        open_storage(url_of(db_path))
    assert str(db_path) in str(caught.value)


def test_s7_an_unopenable_path_is_a_storage_error_naming_it(tmp_path: Path) -> None:
    directory = tmp_path / "is-a-directory"
    directory.mkdir()
    with pytest.raises(StorageError, match="cannot open") as caught:
        open_storage(url_of(directory))
    assert str(directory) in str(caught.value)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot open") as caught:
        open_storage(url_of(blocker / "below" / "server.sqlite3"))  # a file where a folder goes
    assert str(blocker) in str(caught.value)


def test_s7_json_fields_round_trip_exactly(storage: Storage) -> None:
    settings: dict[str, Any] = {
        "rules": {"stacking": "same", "draw_until_playable": True, "target": 500},
        "nested": [1, 2.5, None, "ü"],
    }
    storage.create_table(dataclasses.replace(new_table(), settings=settings))
    loaded = storage.load(CODE)
    assert loaded is not None
    assert loaded.settings == settings
    assert json.dumps(loaded.settings, sort_keys=True) == json.dumps(settings, sort_keys=True)


@sqlite_only
def test_s7_the_database_is_not_left_locked_after_a_refused_write(
    playing: Storage, db_path: Path
) -> None:
    """A refused write rolls back: another connection can write at once."""
    with pytest.raises(StorageError):
        playing.append("g1", act(5))
    connection = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("ROLLBACK")
    finally:
        connection.close()
    assert os.path.getsize(db_path) > 0


@pytest.mark.parametrize("bad", [{"rules": {1, 2}}, {"target": float("nan")}])
def test_s7_a_value_json_cannot_hold_is_a_storage_error(
    storage: Storage, bad: dict[str, Any]
) -> None:
    with pytest.raises(StorageError, match="as JSON"):
        storage.create_table(dataclasses.replace(new_table(), settings=bad))
    assert storage.load(CODE) is None


def test_s7_a_ply_past_64_bits_is_a_storage_error(playing: Storage) -> None:
    with pytest.raises(StorageError, match="expects ply 0 next"):
        playing.append("g1", act(2**64))
    with pytest.raises(StorageError):
        playing.add_chat(CODE, 2**64, "x", "y", T0)
    assert playing.chat(CODE) == []


# -- owners ---------------------------------------------------------------------------------


def test_s10_a_claim_of_one_process_succeeds_and_can_be_released(storage: Storage) -> None:
    storage.create_table(new_table())
    assert storage.claim(CODE)
    storage.release(CODE)
    assert storage.claim(CODE)
    assert storage.claim("NOTYET")  # a table about to be created
    storage.close()
    with pytest.raises(StorageError, match="is closed"):
        storage.claim(CODE)


def test_s10_the_lobby_lists_public_tables_waiting_or_playing_with_their_seats(
    storage: Storage,
) -> None:
    assert storage.lobby() == []
    for n, (code, status, public) in enumerate(
        [
            ("PUBLC1", "waiting", True),
            ("HIDDEN", "waiting", False),
            ("PUBLC2", "playing", True),
            ("ENDED1", "over", True),
            ("SHUT01", "closed", True),
        ]
    ):
        table = dataclasses.replace(new_table(code, status=status, created=T0 + n), public=public)
        storage.create_table(table)
    storage.create_table(
        dataclasses.replace(new_table("NOSEAT", created=T0 + 9), public=True, seats=[])
    )
    settings = new_table().settings
    assert storage.lobby() == [
        ListedTable("PUBLC1", "Friday night", "waiting", settings, seats=4, taken=3),
        ListedTable("PUBLC2", "Friday night", "playing", settings, seats=4, taken=3),
        ListedTable("NOSEAT", "Friday night", "waiting", settings, seats=0, taken=0),
    ]


def test_s7_append_each_alone_falls_back_without_nesting_transactions(db_path: Path) -> None:
    """Called outside a batch, a failed multi-row write (of SQLite's engine) is retried action
    by action inside the same transaction (savepoints), not in a transaction begun inside
    another."""
    playing = open_storage(url_of(db_path))
    assert isinstance(playing, SqliteStorage)
    playing.create_table(new_table())
    playing.start_game(new_game())
    playing.create_table(new_table("T2BLE1"))
    playing.start_game(new_game("g2", code="T2BLE1"))
    playing._connection.execute(  # the one bad row makes the whole statement fail
        "CREATE TEMP TRIGGER refuse BEFORE INSERT ON actions WHEN NEW.code = 'boom'"
        " BEGIN SELECT RAISE(ABORT, 'refused here'); END"
    )
    errors = playing.append_each([("g1", act(0, code="boom")), ("g2", act(0))])
    assert "refused here" in str(errors[0]) and errors[1] is None, errors
    assert stored_plies(playing, "g1") == [] and stored_plies(playing, "g2") == [0]
    playing.close()
