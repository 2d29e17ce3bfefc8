"""Group commit (live.Writer over Storage.batch/atomic): many tables' writes in one commit, each
table's writes standing or falling alone, every acknowledged write durable."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest
from test_storage import act, new_game, new_table, stored_plies, url_of

from lastcard.server.batch_process import BatchProcess
from lastcard.server.live import Writer
from lastcard.server.room import Effects
from lastcard.server.storage import StorageError, open_storage


def appending(game_id: str, *plies: int) -> Effects:
    effects = Effects()
    for ply in plies:
        effects.store("append", game_id, act(ply))
    return effects


def test_s7_a_batch_keeps_every_table_apart_when_one_write_is_refused(tmp_path: Path) -> None:
    storage = open_storage(url_of(tmp_path / "db.sqlite3"))
    for n in (1, 2):
        storage.create_table(new_table(f"TABLE{n}"))
        storage.start_game(new_game(f"g{n}", code=f"TABLE{n}"))
    with storage.batch():
        with storage.atomic():
            storage.append("g1", act(0))
        with pytest.raises(StorageError), storage.atomic():
            storage.append("g2", act(0))
            storage.append("g2", act(5))  # a gap: refused, and g2's ply 0 goes with it
        with storage.atomic():
            storage.append("g1", act(1))
    assert stored_plies(storage, "g1") == [0, 1]
    assert stored_plies(storage, "g2") == []
    storage.close()
    reopened = open_storage(url_of(tmp_path / "db.sqlite3"))  # durable once the batch returned
    assert stored_plies(reopened, "g1") == [0, 1]


def test_s7_the_writer_gathers_concurrent_tables_and_reports_each_its_own_error(
    tmp_path: Path,
) -> None:
    storage = open_storage(url_of(tmp_path / "db.sqlite3"))
    for n in range(1, 6):
        storage.create_table(new_table(f"TABLE{n}"))
        storage.start_game(new_game(f"g{n}", code=f"TABLE{n}"))
    batches: list[int] = []
    real_batch = storage.batch

    def counting_batch():  # type: ignore[no-untyped-def]
        batches.append(1)
        return real_batch()

    storage.batch = counting_batch  # type: ignore[method-assign]

    async def scenario() -> list[BaseException | None]:
        writer = Writer(storage)
        effects = [appending(f"g{n}", 0, 1) for n in range(1, 5)]
        effects.append(appending("g5", 1))  # ply 1 before 0: refused
        results = await asyncio.gather(
            *(writer.persist(e) for e in effects), return_exceptions=True
        )
        await writer.close()
        return list(results)

    results = asyncio.run(scenario())
    assert results[:4] == [None] * 4
    assert isinstance(results[4], StorageError)
    assert 1 <= len(batches) <= 2  # five tables' writes in one or two commits, not five
    reopened = open_storage(url_of(tmp_path / "db.sqlite3"))
    assert [stored_plies(reopened, f"g{n}") for n in range(1, 6)] == [[0, 1]] * 4 + [[]]


def test_s7_the_batch_process_stores_each_batch_and_reports_each_tables_error(
    tmp_path: Path,
) -> None:
    # `lastcard serve` stores a SQLite file's batches in a process of its own (batch_process).
    url = url_of(tmp_path / "db.sqlite3")
    storage = open_storage(url)
    for n in range(1, 4):
        storage.create_table(new_table(f"TABLE{n}"))
        storage.start_game(new_game(f"g{n}", code=f"TABLE{n}"))

    async def scenario() -> tuple[list[BaseException | None], int | None]:
        writer = Writer(storage)
        await writer.store_apart(url)
        assert writer.batches is not None
        child = writer.batches._child
        first = await asyncio.gather(
            writer.persist(appending("g1", 0, 1)),
            writer.persist(appending("g2", 0)),
            writer.persist(appending("g3", 1)),  # ply 1 before 0: refused, alone
            return_exceptions=True,
        )
        second = await asyncio.gather(writer.persist(appending("g2", 1)), return_exceptions=True)
        await writer.close()
        return [*first, *second], child.returncode

    results, exit_status = asyncio.run(scenario())
    assert results[:2] == [None, None] and results[3] is None
    assert isinstance(results[2], StorageError) and "ply" in str(results[2])
    assert exit_status == 0  # closed with the writer
    reopened = open_storage(url)
    assert [stored_plies(reopened, f"g{n}") for n in (1, 2, 3)] == [[0, 1], [0, 1], []]


def test_s7_when_the_batch_process_dies_its_batch_is_refused_and_a_new_one_stores_the_next(
    tmp_path: Path,
) -> None:
    url = url_of(tmp_path / "db.sqlite3")
    storage = open_storage(url)
    storage.create_table(new_table("TABLE1"))
    storage.start_game(new_game("g1", code="TABLE1"))

    async def scenario() -> BaseException | None:
        writer = Writer(storage)
        await writer.store_apart(url)
        batches = writer.batches
        assert batches is not None
        await writer.persist(appending("g1", 0))
        # Dead between two batches: the next is stored by a new child, refused by none.
        batches._child.kill()
        await asyncio.to_thread(batches._child.wait)
        await writer.persist(appending("g1", 1))
        # Dead under a batch: stopped first, so that it dies with the batch sent and unread.
        child = batches._child
        child.send_signal(signal.SIGSTOP)
        while Path(f"/proc/{child.pid}/stat").read_text().split(")")[-1].split()[0] != "T":
            await asyncio.sleep(0.01)
        refused = asyncio.ensure_future(writer.persist(appending("g1", 2)))
        while writer._pending or not writer._flushing:
            await asyncio.sleep(0.01)  # until the batch has gone to the stopped child
        child.kill()
        failed = await asyncio.gather(refused, return_exceptions=True)
        await writer.persist(appending("g1", 2))  # and a new child stores the next batch
        await writer.close()
        return failed[0]

    failure = asyncio.run(scenario())
    assert isinstance(failure, StorageError) and "batch writer stopped" in str(failure)
    assert stored_plies(open_storage(url), "g1") == [0, 1, 2]


def test_s7_the_batch_process_refuses_a_database_it_cannot_open(tmp_path: Path) -> None:
    (tmp_path / "db.sqlite3").write_text("not a database")
    with pytest.raises(StorageError, match="batch writer could not open"):
        asyncio.run(BatchProcess.start(url_of(tmp_path / "db.sqlite3")))
