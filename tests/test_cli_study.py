"""`lastcard study` through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_study_quick_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "study"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "lastcard",
            "study",
            "--quick",
            "--players",
            "2,3",
            "--workers",
            "1",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = (out / "study.md").read_text()
    assert "lastcard study" in report
    figures = json.loads((out / "study.json").read_text())
    assert figures
    assert list(out.glob("*.png"))


def test_study_rejects_bad_player_counts(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "lastcard", "study", "--players", "1-12", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
