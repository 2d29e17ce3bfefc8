"""Group commit (live.Writer over Storage.batch/atomic): many tables' writes in one commit, each
table's writes standing or falling alone, every acknowledged write durable."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_storage import act, new_game, new_table, stored_plies, url_of

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
