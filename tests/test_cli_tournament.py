"""`lastcard tournament`: writes its files; bad bots, presets and options exit 2 with the
valid choices and no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lastcard.cli import app

runner = CliRunner()


def test_tournament_writes_its_report(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            "tournament",
            "--bots",
            "greedy,eager,eager",
            "--games",
            "10",
            "--seed",
            "4",
            "--out",
            str(out),
            "--keep-records",
            "--no-plots",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "rounded up to 12" in result.output
    assert "greedy" in result.output and "win rate" in result.output
    data = json.loads((out / "results.json").read_text())
    assert data["command"] == (
        f"lastcard tournament --bots greedy,eager,eager --games 10 --rules official --seed 4 "
        f"--workers 1 --out {out} --keep-records"
    )
    assert data["config"]["games"] == 12 and data["config"]["mode"] == "hands"
    assert len((out / "records.jsonl").read_text().splitlines()) == 12
    report = (out / "report.md").read_text()
    assert data["command"] in report and "12 hands" in report
    assert len((out / "results.csv").read_text().splitlines()) == 3  # header, greedy, eager


def test_matches(tmp_path: Path) -> None:
    out = tmp_path / "m"
    args = ["tournament", "-b", "eager,greedy", "-n", "2", "-r", "party", "--matches"]
    result = runner.invoke(app, [*args, "-w", "1", "-o", str(out), "--no-plots"])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "results.json").read_text())
    assert data["config"]["mode"] == "matches"
    assert data["config"]["played_rules"]["target_score"] == 500
    assert data["summary"]["finished"] == 2


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--bots", "greedy,nobody"], ["unknown bot 'nobody'", "random", "greedy"]),
        (["--bots", "greedy"], ["2 to 10 bots", "random"]),
        (["--bots", "greedy,eager", "--rules", "nope"], ["unknown rules preset", "official"]),
        (["--bots", "greedy,eager,eager", "--rules", "partners"], ["exactly 4 players"]),
        (["--bots", "random:catch_rate=2,eager"], ["catch_rate", "random"]),
        (["--bots", "greedy,eager", "--games", "0"], ["--games"]),
        (["--bots", "greedy,eager", "--workers", "-1"], ["--workers"]),
        (["--bots", "greedy,eager", "--frobnicate"], ["No such option"]),
    ],
)
def test_bad_options_exit_2_with_the_valid_choices(
    tmp_path: Path, args: list[str], expected: list[str]
) -> None:
    result = runner.invoke(app, ["tournament", *args, "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    text = " ".join(result.output.split())  # rich wraps the message in a box
    text = text.replace("│", "").replace("  ", " ")
    for piece in expected:
        assert piece in " ".join(text.split()), result.output
    assert not (tmp_path / "x").exists()


def test_out_must_be_a_directory(tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("")
    result = runner.invoke(app, ["tournament", "-b", "greedy,eager", "-o", str(afile)])
    assert result.exit_code == 2
    assert "not a directory" in result.output
