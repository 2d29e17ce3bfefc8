"""`lastcard play --plain` as a real process, its answers written into a pipe by a script that
reads each question as a person would: whole games against bots to the final standings, the
game saved at the end of input and resumed, the automatic fallback without a terminal, and
the line mode without Textual.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

from lastcard import Rules
from lastcard.tui.plain_io import full_screen_available

LASTCARD = [sys.executable, "-m", "lastcard"]
PROMPT_END = " > "
HAND = re.compile(r"Your hand, (\d+) cards? \(\* can be played\): (.*)\.$")
SEAT = re.compile(r"(\d+) [A-Z][a-z]+, \d+ cards?")


def write_settings(home: Path, players: int, level: str, rules: Rules) -> None:
    """The last new game's settings, as the new-game screen (or questions) would leave them."""
    home.mkdir(parents=True, exist_ok=True)
    data = {"players": players, "levels": [level] * (players - 1), "rules": rules.to_dict()}
    (home / "play-settings.json").write_text(json.dumps(data), encoding="utf-8")


def answer_for(question: str, told: list[str]) -> str:
    """What the script answers to `question`, knowing the lines `told` since the last one:
    the first card that can be played (calling Uno with the second-to-last card), else the card
    just drawn, else draw, keep or accept; red for a wild; the first seat a card can name."""
    if "which colour?" in question or "name its colour" in question:
        return "r"
    seats: list[str] = SEAT.findall(question)
    if seats:
        return seats[0]
    if "Press Enter to let play go on" in question:
        return "uno" if any("call it now (u)" in line for line in told) else ""
    if "Press Enter to deal hand" in question or "another game" in question:
        return ""
    if "Resume it?" in question:
        return "r"
    if "play it (p)" in question:
        return "p"
    if "keep it (k)" in question:
        return "k"
    for line in reversed(told):
        match = HAND.match(line)
        if match:
            count = int(match[1])
            playable = [item.split()[0] for item in match[2].split(", ") if item.endswith("*")]
            if playable:
                return playable[0] + ("!" if count == 2 else "")
            break
    if "draw (d)" in question or "Draw a card (d)" in question:
        return "d"
    if "accept (a)" in question:
        return "a"
    raise AssertionError(f"no answer for {question!r} after {told[-5:]!r}")


class Conversation:
    """`lastcard ARGS` with its standard input and output pipes."""

    def __init__(self, args: list[str], home: Path, env: dict[str, str] | None = None) -> None:
        environ = {**os.environ, "LASTCARD_HOME": str(home), "TERM": "xterm-256color"}
        self.process = subprocess.Popen(
            [*LASTCARD, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**environ, **(env or {})},
        )
        self.transcript = ""

    def question(self, deadline: float) -> str | None:
        """Read until the next question; None when the process has ended instead."""
        assert self.process.stdout is not None
        start = len(self.transcript)
        fd = self.process.stdout.fileno()
        while len(self.transcript) == start or not self.transcript.endswith(PROMPT_END):
            if time.monotonic() > deadline:
                raise AssertionError(f"no question in time: {self.transcript[-1500:]}")
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self.transcript += chunk.decode()
        return self.transcript[start:]

    def answer(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()

    def finish(self, timeout: float = 30) -> tuple[int, str]:
        """Close the input, wait for the end: the exit status and the standard error."""
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        assert process.stderr is not None
        process.stdin.close()
        self.transcript += process.stdout.read().decode()
        status = process.wait(timeout=timeout)
        return status, process.stderr.read().decode()


def play_through(conversation: Conversation, questions: int = 4000, seconds: float = 60) -> int:
    """Answer every question until the process ends; the number of answers given."""
    deadline = time.monotonic() + seconds
    for asked in range(questions):
        text = conversation.question(deadline)
        if text is None:
            return asked
        lines = text.splitlines()
        conversation.answer(answer_for(lines[-1], lines[:-1]))
    raise AssertionError(f"still asking after {questions} answers")


def test_a_whole_game_against_bots_ends_with_the_standings(tmp_path: Path) -> None:
    # Three hands: 3 cards each, first to 150 points.
    write_settings(tmp_path, 3, "beginner", Rules(hand_size=3, target_score=150))
    conversation = Conversation(["play", "--plain", "--seed", "11", "--new"], tmp_path)
    answers = play_through(conversation)
    status, err = conversation.finish()
    text = conversation.transcript
    assert status == 0, err + text[-2000:]
    assert answers > 10
    assert "lastcard, 3 players, custom rules, seed 11, first to 150 points" in text
    assert "Hand 3" in text and "Press Enter to deal hand 3" in text
    final = text[text.index("Game over:") :].splitlines()
    assert final[1] == "Final scores:"
    ranked = [line.split()[1] for line in final[2:5]]
    assert sorted(ranked) == ["Ada", "Basil", "You"]
    assert "Type new for another game" in text
    assert not (tmp_path / "saved-game.json").exists()  # a finished game is forgotten
    assert "\x1b" not in text  # no escape codes: plain text only


def test_every_decision_of_a_party_game_is_answered(tmp_path: Path) -> None:
    # Stacking, Seven-O and Jump-In: stack responses, swaps and jump-in chances come up.
    write_settings(tmp_path, 4, "normal", Rules.preset("party").changed(target_score=None))
    conversation = Conversation(["play", "--plain", "--seed", "5", "--new"], tmp_path)
    play_through(conversation)
    status, err = conversation.finish()
    assert status == 0, err + conversation.transcript[-2000:]
    assert "Game over:" in conversation.transcript


def test_end_of_input_saves_and_the_next_run_resumes(tmp_path: Path) -> None:
    write_settings(tmp_path, 2, "easy", Rules(hand_size=7))
    first = Conversation(["play", "--plain", "--seed", "3", "--new"], tmp_path)
    deadline = time.monotonic() + 30
    for _ in range(3):
        text = first.question(deadline)
        assert text is not None
        lines = text.splitlines()
        first.answer(answer_for(lines[-1], lines[:-1]))
    assert first.question(deadline) is not None
    status, _ = first.finish()
    assert status == 0
    assert first.transcript.rstrip().endswith("Game saved: lastcard play resumes it.")
    saved = json.loads((tmp_path / "saved-game.json").read_text(encoding="utf-8"))
    assert saved["record"]["seed"] == 3 and saved["levels"] == [
        "forgetful:base=greedy,forget=0.3,miss=0.3"
    ]

    second = Conversation(["play", "--plain"], tmp_path)
    text = second.question(time.monotonic() + 30)
    assert text is not None
    assert "You have an unfinished game: 2 players, hand 1" in text
    second.answer("r")
    text = second.question(time.monotonic() + 30)
    assert text is not None and "Resuming hand 1." in text and "seed 3" in text
    second.answer("quit")
    status, _ = second.finish()
    assert status == 0
    again = json.loads((tmp_path / "saved-game.json").read_text(encoding="utf-8"))
    assert (
        again["record"]["actions"][: len(saved["record"]["actions"])]
        == (saved["record"]["actions"])
    )


def test_without_a_terminal_play_falls_back_to_lines(tmp_path: Path) -> None:
    write_settings(tmp_path, 2, "beginner", Rules(hand_size=3, target_score=None))
    conversation = Conversation(["play", "--seed", "2", "--new"], tmp_path)
    play_through(conversation)
    status, err = conversation.finish()
    assert status == 0, err
    assert "playing line by line" in err
    assert "Game over:" in conversation.transcript


def test_a_dumb_terminal_gets_whole_questions_and_ctrl_d_saves(tmp_path: Path) -> None:
    write_settings(tmp_path, 2, "beginner", Rules(hand_size=3, target_score=None))
    main, child = pty.openpty()
    env = {**os.environ, "LASTCARD_HOME": str(tmp_path), "TERM": "dumb"}
    process = subprocess.Popen(
        [*LASTCARD, "play", "--seed", "2", "--new", "--delay", "0"],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    seen = b""
    deadline = time.monotonic() + 30
    try:
        while not seen.endswith(PROMPT_END.encode()):
            assert time.monotonic() < deadline, seen.decode(errors="replace")
            if select.select([main], [], [], 0.2)[0]:
                seen += os.read(main, 65536)
        os.write(main, b"\x04")  # Ctrl+D: the end of input
        while process.poll() is None or select.select([main], [], [], 0.1)[0]:
            assert time.monotonic() < deadline, seen.decode(errors="replace")
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        os.close(main)
    text = seen.decode().replace("\r\n", "\n")
    assert process.returncode == 0, text
    assert "playing line by line" in text
    whole = (
        "\nAda played a Wild Draw Four on you: challenge (x) or accept (a) and draw 4. "
        "A failed challenge: you draw 6. A caught bluff: Ada draws 4 instead. > "
    )
    assert whole in text  # not scrolled sideways, as readline does on a dumb terminal
    assert "Game saved: lastcard play resumes it." in text
    assert (tmp_path / "saved-game.json").exists()


def test_plain_play_needs_no_textual(tmp_path: Path) -> None:
    write_settings(tmp_path, 2, "beginner", Rules(hand_size=3, target_score=None))
    code = (
        "import sys; sys.modules['textual'] = None\n"
        "from lastcard.cli import main\n"
        "sys.argv = ['lastcard', 'play', '--plain', '--seed', '4', '--new']\n"
        "main()\n"
    )
    process = subprocess.run(
        [sys.executable, "-c", code],
        input="quit\n",
        capture_output=True,
        text=True,
        env={**os.environ, "LASTCARD_HOME": str(tmp_path)},
        timeout=60,
    )
    assert process.returncode == 0, process.stderr
    assert "Game saved" in process.stdout


def test_full_screen_needs_two_terminals_and_a_terminal_that_is_not_dumb() -> None:
    class Stream:
        def __init__(self, terminal: bool) -> None:
            self.terminal = terminal

        def isatty(self) -> bool:
            return self.terminal

    tty, pipe = Stream(True), Stream(False)
    assert full_screen_available(tty, tty, {"TERM": "xterm"})  # type: ignore[arg-type]
    assert full_screen_available(tty, tty, {})  # type: ignore[arg-type]
    assert not full_screen_available(tty, tty, {"TERM": "dumb"})  # type: ignore[arg-type]
    assert not full_screen_available(pipe, tty, {"TERM": "xterm"})  # type: ignore[arg-type]
    assert not full_screen_available(tty, pipe, {"TERM": "xterm"})  # type: ignore[arg-type]


def test_4_a_failed_save_is_never_reported_as_saved(tmp_path: Path) -> None:
    # LASTCARD_HOME names a file: nothing can be saved under it. Line mode printed a raw
    # `[Errno 17]`, then "Game saved: lastcard play resumes it."
    home = tmp_path / "home"
    home.write_text("not a folder\n", encoding="utf-8")
    result = subprocess.run(
        [*LASTCARD, "play", "--plain", "--seed", "3", "--new"],
        input="quit\n",
        capture_output=True,
        text=True,
        env={**os.environ, "LASTCARD_HOME": str(home)},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert "Game saved" not in said
    assert "[Errno" not in said
    assert f"The game could not be saved: {home} is a file, not a folder." in said
    assert said.rstrip().endswith("The game is not saved: lastcard play cannot resume it.")
    assert home.read_text(encoding="utf-8") == "not a folder\n"


def plain_run(home: Path, *args: str, answers: str) -> subprocess.CompletedProcess[str]:
    """`lastcard play --plain ARGS` with `answers` piped in, to its end."""
    return subprocess.run(
        [*LASTCARD, "play", "--plain", *args],
        input=answers,
        capture_output=True,
        text=True,
        env={**os.environ, "LASTCARD_HOME": str(home)},
        timeout=60,
        check=False,
    )


def test_9_play_seed_deals_at_once_and_keeps_the_unfinished_game_aside(tmp_path: Path) -> None:
    # `play --seed N` asked to resume the saved game instead of dealing at once as its help
    # says; piped a script of answers, it asked the question again for every line.
    write_settings(tmp_path, 2, "easy", Rules(hand_size=7))
    first = plain_run(tmp_path, "--seed", "3", "--new", answers="quit\n")
    assert first.returncode == 0 and "Game saved" in first.stdout
    save = tmp_path / "saved-game.json"
    unfinished = save.read_text(encoding="utf-8")

    seeded = plain_run(tmp_path, "--seed", "5", answers="draw\nquit\n")
    assert seeded.returncode == 0, seeded.stderr
    said = seeded.stdout
    assert "Resume it?" not in said and "unfinished game:" not in said
    assert "seed 5" in said
    kept = [path for path in tmp_path.iterdir() if path.name.startswith("saved-game.json.")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == unfinished
    assert f"Your unfinished game is kept as {kept[0]}" in said
    assert json.loads(save.read_text(encoding="utf-8"))["record"]["seed"] == 5
