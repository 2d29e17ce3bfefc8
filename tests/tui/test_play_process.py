"""`lastcard play` as a real process in a real (pseudo-)terminal: it starts, draws the table,
saves on `q`, and offers the saved game the next time; without Textual it says what to install.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

LASTCARD = [sys.executable, "-m", "lastcard"]
# Escape sequences (cursor moves, colours, modes): what is left is the text drawn.
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def drawn_text(raw: bytes) -> str:
    return ESCAPES.sub(b"", raw).decode(errors="replace")


def run_in_terminal(args: list[str], home: Path, keys: list[tuple[str, str]]) -> str:
    """Run `lastcard` in a pseudo-terminal; for each (text, key): wait until `text` has been
    drawn, then type `key`. Returns everything drawn; fails if the process outlives the keys."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 150, 0, 0))
    env = {**os.environ, "LASTCARD_HOME": str(home), "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [*LASTCARD, *args], stdin=child, stdout=child, stderr=child, env=env, close_fds=True
    )
    os.close(child)
    seen = b""
    try:
        for text, key in keys:
            deadline = time.monotonic() + 60
            while text not in drawn_text(seen):
                if time.monotonic() > deadline:
                    tail = drawn_text(seen)[-1500:]
                    raise AssertionError(f"{text!r} never appeared; the screen had: {tail!r}")
                ready, _, _ = select.select([main], [], [], 0.2)
                if ready:
                    try:
                        seen += os.read(main, 65536)
                    except OSError:
                        break
            os.write(main, key.encode())
        # Keep reading while the process ends: a full terminal buffer would block its output.
        deadline = time.monotonic() + 60
        while process.poll() is None or select.select([main], [], [], 0.1)[0]:
            if time.monotonic() > deadline:
                raise AssertionError("lastcard play did not quit")
            if select.select([main], [], [], 0.1)[0]:
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
    assert process.returncode == 0, drawn_text(seen)[-1500:]
    return drawn_text(seen)


def test_play_starts_saves_on_quit_and_offers_to_resume(tmp_path: Path) -> None:
    run_in_terminal(
        ["play", "--seed", "3", "--delay", "30"], tmp_path, [("first to 500 points", "q")]
    )
    save = tmp_path / "saved-game.json"
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["record"]["seed"] == 3 and data["names"][0] == "You"
    assert not (tmp_path / "play-settings.json").exists()  # --seed is not remembered
    drawn = run_in_terminal(["play"], tmp_path, [("unfinished game", "r"), ("seed 3", "q")])
    assert "New game (n)" in drawn and "Game saved" in drawn


def test_play_without_textual_says_what_to_install(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['textual'] = None\n"
        "from lastcard.cli import main\n"
        "sys.argv = ['lastcard', 'play']\n"
        "main()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "LASTCARD_HOME": str(tmp_path)},
        timeout=60,
    )
    assert result.returncode == 1
    assert "pip install textual" in result.stderr + result.stdout


def test_4_quitting_a_game_that_cannot_be_saved_says_so(tmp_path: Path) -> None:
    # LASTCARD_HOME names a file: the full-screen table showed a raw error and quit silently.
    home = tmp_path / "home"
    home.write_text("not a folder\n", encoding="utf-8")
    drawn = run_in_terminal(
        ["play", "--seed", "3", "--delay", "30"], home, [("first to 500 points", "q")]
    )
    said = " ".join(drawn.split())  # the terminal wraps the last words at its width
    assert "Game saved" not in said and "[Errno" not in said
    assert "is a file, not a folder. The game is not saved" in said


def test_9_play_seed_deals_at_once_with_a_game_saved(tmp_path: Path) -> None:
    # `play --seed N` asked to resume the saved game instead of dealing at once.
    run_in_terminal(
        ["play", "--seed", "3", "--delay", "30"], tmp_path, [("first to 500 points", "q")]
    )
    save = tmp_path / "saved-game.json"
    unfinished = save.read_text(encoding="utf-8")
    drawn = run_in_terminal(["play", "--seed", "5", "--delay", "30"], tmp_path, [("seed 5", "q")])
    assert "Resume (r)" not in drawn
    kept = [path for path in tmp_path.iterdir() if path.name.startswith("saved-game.json.")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == unfinished
    assert json.loads(save.read_text(encoding="utf-8"))["record"]["seed"] == 5
