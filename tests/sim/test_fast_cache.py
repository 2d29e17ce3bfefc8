"""numba checks only the source file of the function it loads from its cache, so the kernel
clears its own cache when any of its modules is newer (`run.clear_stale_cache`): an edit to
one helper module must not leave a kernel compiled from the old code."""

from __future__ import annotations

import os
from pathlib import Path

from lastcard.sim.fast.run import clear_stale_cache


def _touch(path: Path, mtime: float) -> None:
    path.write_text("")
    os.utime(path, (mtime, mtime))


def test_cache_files_older_than_an_edited_module_are_deleted(tmp_path: Path) -> None:
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    _touch(tmp_path / "kernel.py", 1_000)
    _touch(tmp_path / "lane.py", 3_000)  # edited after the kernel was cached
    _touch(cache / "kernel.run_games-1.py311.nbi", 2_000)
    _touch(cache / "kernel.run_games-1.py311.1.nbc", 2_000)
    _touch(cache / "streams.stream_seeds-9.py311.nbi", 4_000)  # cached after the edit
    _touch(cache / "kernel.cpython-311.pyc", 2_000)  # not numba's

    clear_stale_cache(tmp_path)

    assert sorted(p.name for p in cache.iterdir()) == [
        "kernel.cpython-311.pyc",
        "streams.stream_seeds-9.py311.nbi",
    ]


def test_a_current_cache_and_a_missing_one_are_left_alone(tmp_path: Path) -> None:
    _touch(tmp_path / "kernel.py", 1_000)
    clear_stale_cache(tmp_path)  # no __pycache__ at all
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    _touch(cache / "kernel.run_games-1.py311.nbi", 2_000)
    clear_stale_cache(tmp_path)
    assert [p.name for p in cache.iterdir()] == ["kernel.run_games-1.py311.nbi"]
