"""The `lastcard` command, run both as a real process and in-process with typer's CliRunner."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import lastcard
from lastcard.cli import app
from lastcard.sim import play_game
from lastcard.words import Narrator, card_text, cards_text

runner = CliRunner()


def lastcard_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m lastcard ARGS` in a fresh interpreter, output captured (not a terminal)."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "lastcard", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), prog_name="lastcard")
    return result.exit_code, result.stdout, result.stderr


def story_of(replayed: str) -> str:
    """The story `replay` told, without its last line (how many actions, the digest)."""
    story, _, last = replayed.rstrip("\n").rpartition("\n\n")
    assert last.startswith("Replayed "), last
    return story


# -- watch --------------------------------------------------------------------------------


def test_watch_in_a_process_ends_with_the_final_scores_and_is_deterministic() -> None:
    first = lastcard_process("watch", "--seed", "1", "--delay", "0")
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    out = first.stdout
    lines = out.splitlines()
    assert lines[0] == "lastcard · 4 players · official rules · seed 1 · first to 500 points"
    assert "── Hand 1 ──" in lines
    assert "First discard: " in out and " plays " in out
    assert "\x1b[" not in out  # no colour codes when the output is not a terminal
    game_over = next(i for i, line in enumerate(lines) if line.startswith("══ Game over: "))
    assert lines[game_over + 1] == "Final scores:"
    table = lines[game_over + 2 : game_over + 6]
    assert [line.split(".")[0].strip() for line in table] == ["1", "2", "3", "4"]
    assert table[0].endswith("winner.")
    assert int(table[0].split()[-2]) >= 500
    assert lines[-1] == "Watch this game again: lastcard watch -p 4 -s 1 -r official -b eager"
    second = lastcard_process("watch", "--seed", "1", "--delay", "0")
    assert second.stdout == out


def test_watch_without_a_seed_prints_the_seed_that_repeats_the_game() -> None:
    code, out, _ = run("watch", "--delay", "0", "--players", "2")
    assert code == 0
    seed = re.search(r"seed (\d+)", out.splitlines()[0])
    assert seed is not None
    code, again, _ = run("watch", "--delay", "0", "--players", "2", "--seed", seed.group(1))
    assert code == 0 and again == out


def test_watch_tells_every_hand_of_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run("watch", "-s", "3", "-p", "3", "-r", "party", "-d", "0", "--save", str(path))
    assert code == 0
    record = lastcard.GameRecord.from_json(path.read_text(encoding="utf-8"))
    final = lastcard.replay(record)
    assert final.is_over
    assert out.count("── Hand ") == len(final.history)
    assert out.count("Scores: ") == len(final.history)
    winner = final.winners[0]
    assert f"══ Game over: Seat {winner} wins! ══" in out


def test_watch_save_then_replay_gives_the_same_log(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, watched, _ = run("watch", "--seed", "5", "--delay", "0", "--save", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == 5 and data["players"] == 4 and data["actions"]
    assert f"lastcard replay {path}" in watched

    code, replayed, _ = run("replay", str(path))
    assert code == 0
    story = watched.split("\nWatch this game again:")[0]
    assert story_of(replayed) == story.rstrip("\n")
    assert replayed.splitlines()[-1] == (
        f"Replayed {len(data['actions']):,} actions; the final state matches the record's digest."
    )

    process = lastcard_process("replay", str(path))
    assert process.returncode == 0 and process.stdout == replayed


@pytest.mark.parametrize("preset", ["elimination", "partners", "h2o", "official-2018"])
def test_watch_and_replay_every_preset(preset: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, watched, err = run("watch", "-s", "2", "-r", preset, "-d", "0", "--save", str(path))
    assert code == 0, err
    assert "Final scores:" in watched
    code, replayed, _ = run("replay", str(path))
    assert code == 0
    assert story_of(replayed) == watched.split("\nWatch this game again:")[0].rstrip("\n")


# -- replay errors --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{ not json", "is not a valid game record: not a game record (invalid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"version": 1}', "is not a valid game record: record: missing 'players'"),
        ('{"version": 99, "players": 2}', "unsupported record format version 99"),
        ("", "invalid JSON"),
    ],
)
def test_replay_of_a_corrupt_file_is_a_clean_error(
    content: str, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run("replay", str(path))
    assert code == 1
    assert err.startswith("error: ") and message in err
    assert "Traceback" not in out + err


def test_replay_errors_in_a_process(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    result = lastcard_process("replay", str(path))
    assert result.returncode == 1
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    missing = lastcard_process("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 1 and "no such file" in missing.stderr


def test_replay_of_a_tampered_record(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    assert run("watch", "-s", "1", "-p", "2", "-d", "0", "--save", str(good))[0] == 0
    data = json.loads(good.read_text(encoding="utf-8"))

    illegal = tmp_path / "illegal.json"
    data["actions"][2] = [9, "draw"]
    illegal.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("replay", str(illegal))
    assert code == 1 and "record.actions[2][0]: 9 is not a seat of a 2-player game" in err

    data = json.loads(good.read_text(encoding="utf-8"))
    data["actions"][2] = [1, "challenge"]  # a real seat, an action it may not take there
    illegal.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("replay", str(illegal))
    assert code == 1 and "does not replay: action 3 (seat 1: 'challenge') was rejected" in err

    data = json.loads(good.read_text(encoding="utf-8"))
    data["digest"] = "0" * 64
    wrong = tmp_path / "digest.json"
    wrong.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run("replay", str(wrong))
    assert code == 1 and "replays to a different final state" in err

    data = json.loads(good.read_text(encoding="utf-8"))
    data["rules"]["stacking"] = "sometimes"
    bad_rules = tmp_path / "rules.json"
    bad_rules.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run("replay", str(bad_rules))
    assert code == 1 and "stacking must be one of" in err

    data = json.loads(good.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    data["digest"] = None
    short = tmp_path / "short.json"
    short.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run("replay", str(short))
    assert code == 0 and "The record ends here, before the end of the game." in out


def test_replay_of_a_directory(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path))
    assert code == 1 and "is a directory" in err


# -- options and usage errors -------------------------------------------------------------


def test_unknown_preset_lists_the_valid_ones() -> None:
    code, out, err = run("watch", "--rules", "nope")
    assert code == 2
    message = " ".join((out + err).split())
    assert "unknown rules preset 'nope'" in message
    for name in lastcard.Rules.presets():
        assert name in message
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "args",
    [
        ["watch", "--players", "1"],
        ["watch", "--players", "eleven"],
        ["watch", "--seed", "-3"],
        ["watch", "--delay", "-1"],
        ["simulate", "--games", "0"],
        ["simulate", "--games", "many"],
        ["simulate", "--bot", "genius"],
        ["replay"],
    ],
)
def test_bad_options_are_usage_errors(args: list[str]) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert "Traceback" not in out + err


def test_a_preset_that_needs_other_players_is_a_clean_error() -> None:
    code, out, err = run("watch", "--rules", "partners", "--players", "3")
    assert code == 1
    assert err.startswith("error: ") and "needs exactly 4 players" in err
    assert out == ""
    code, _, err = run("simulate", "--rules", "partners", "--players", "5", "--games", "1")
    assert code == 1 and "needs exactly 4 players" in err


def test_unwritable_save_file_is_a_clean_error(tmp_path: Path) -> None:
    code, _, err = run("watch", "-s", "1", "-p", "2", "-d", "0", "--save", str(tmp_path / "no/x"))
    assert code == 1 and err.startswith("error: cannot write")


# -- simulate -------------------------------------------------------------------------------


def test_simulate_prints_the_stats() -> None:
    result = lastcard_process("simulate", "--players", "3", "--games", "4", "--seed", "2")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.splitlines()[0] == "4 games · 3 eager players · official rules · seed 2"
    assert re.search(r"^games/s\s+[\d,.]+$", out, re.M)
    assert re.search(r"^mean turns per hand\s+[\d,.]+$", out, re.M)
    assert re.search(r"^hands\s+\d+ \(\d+ blocked\)$", out, re.M)
    shares = re.findall(r"^\s+(\d)\s+([\d.]+)%\s+([\d.]+)%$", out, re.M)
    assert [seat for seat, _, _ in shares] == ["0", "1", "2"]
    assert abs(sum(float(hand) for _, hand, _ in shares) - 100) < 0.2


def test_simulate_is_reproducible_apart_from_its_speed() -> None:
    args = ("simulate", "-p", "2", "-n", "3", "-s", "9", "-r", "party")
    first, second = run(*args), run(*args)
    assert first[0] == 0 and second[0] == 0
    assert "3 games · 2 eager players · party rules · seed 9" in first[1]

    def without_speed(out: str) -> list[str]:
        return [line for line in out.splitlines() if not line.startswith("games/s")]

    assert without_speed(first[1]) == without_speed(second[1])


# -- help and entry points ------------------------------------------------------------------


def test_help() -> None:
    result = lastcard_process("--help")
    assert result.returncode == 0
    for command in ("play", "watch", "replay", "simulate"):
        assert command in result.stdout
    assert "Usage: lastcard" in result.stdout
    for command in ("play", "watch", "replay", "simulate"):
        code, out, _ = run(command, "--help")
        assert code == 0 and f"Usage: lastcard {command}" in out
    code, out, _ = run()
    assert "Usage: lastcard" in out  # no command: the help
    code, out, _ = run("--version")
    assert code == 0 and out.strip() == "lastcard 0.1.0"


# -- narration -------------------------------------------------------------------------------


def test_cards_read_without_colour_and_are_coloured() -> None:
    assert card_text("R5").plain == "R5" and card_text("R5").style == "bold red"
    assert card_text("W+4", "g").plain == "W+4:g" and card_text("W+4", "g").style == "bold green"
    assert card_text("W").plain == "W"
    assert cards_text(["W", "B2", "R5"], sort=True).plain == "R5 B2 W"


def test_narrator_tells_each_event_type() -> None:
    narrator = Narrator(3)
    narrator.sizes = [5, 5, 5]
    tell = {
        "play": {
            "seat": 1,
            "card": "W+4",
            "color": "b",
            "target": None,
            "uno": False,
            "jump_in": False,
        },
        "draw": {"seat": 2, "count": 1, "reason": "turn", "owed": 1, "cards": ["G7"]},
        "challenge": {"seat": 2, "player": 1, "succeeded": True, "revealed": ["B1"]},
        "catch": {"seat": 0, "target": 1},
        "uno": {"seat": 1},
        "skip": {"seat": 2},
        "reverse": {"direction": -1},
        "pass": {"seat": 0},
        "color": {"seat": 0, "color": "y"},
        "mystery": {"x": 1},
    }
    text = {
        kind: "\n".join(t.plain for t in narrator.lines({"type": kind, **data}))
        for kind, data in tell.items()
    }
    assert text["play"] == "Seat 1 plays W+4:b (4 cards left)."
    assert text["draw"] == "Seat 2 draws a card: G7."
    assert text["challenge"].startswith("Seat 2 challenges Seat 1's Wild Draw Four: a bluff!")
    assert text["catch"] == "Seat 0 catches Seat 1 without an Uno call!"
    assert text["uno"] == "Seat 1 calls Uno!"
    assert text["reverse"] == "Play now goes counter-clockwise."
    assert text["color"] == "Seat 0 names the colour: yellow."
    assert text["mystery"] == "mystery: x=1"


def test_3_11_4_the_story_says_a_hand_ended_at_the_turn_limit() -> None:
    """An endless h2o hand (8 greedy bots, seed 3) ends blocked at the limit, and says why."""
    rules = lastcard.Rules.preset("h2o").changed(target_score=None)
    narrator = Narrator(8, rules)
    story: list[str] = []
    play_game(["greedy"] * 8, rules, 3, on_event=lambda e, s: story.extend(narrator.lines(e)))
    lines = [t.plain for t in story]
    at = lines.index("The hand has lasted 5,000 turns, the limit (§3.11.4).")
    assert lines[at + 1] == "That is the limit: the hand is blocked and scores nothing."
    later_blocked = [line for line in lines[at + 2 :] if "blocked" in line]
    assert all(line.startswith("Nobody can play") for line in later_blocked)
