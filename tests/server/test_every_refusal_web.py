"""Every refusal at the web table: each engine error code the person can cause on their own
decisions, over every kind of top card, in the refusal games (tests/recorded_games.py) played one
after another at one table, in one page: the page sends each wrong action over its own
websocket, the server answers with the refusal `lastcard.words` words for it (`error.words`),
the page says it, nothing changes, and the game goes on to its end.

The person's moves are the recorded person's, sent the same way, so each game is the recorded
one and each refusal is judged on the position the test knows. (Out-of-turn refusals are not
sent here: the bots move on their own clock, so the position such a message meets is a race;
the Textual table and line mode try those.) The server runs with its rate limit raised: the
test sends a burst of wrong actions no person would."""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import (
    WAIT_MS,
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    press_ready,
    seat_page,
    start_game,
)
from live_server import LiveServer
from playwright.sync_api import Page

from lastcard.server.reader_words import reader_names
from lastcard.words.refusals import refusal
from lastcard.words.style import WEB
from recorded_games import REFUSAL_GAMES, WEB_LEVELS, play, refusal_plan

RIGGED = """
import functools
import sys
from pathlib import Path

import lastcard.server.limits as limits
import lastcard.server.room_waiting as room_waiting

seed_file = Path(sys.argv.pop(1))
room_waiting.game_seed = lambda *parts: int(seed_file.read_text())
limits.Limits = functools.partial(limits.Limits, rate=1000.0, burst=1000)

from lastcard.cli import main

main()
"""

# The page's websocket, kept where the test can send on it (the page's own code is untouched).
KEEP_SOCKET = """
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.lastcardSocket = this;
  return send.call(this, data);
};
"""
GAME_MS = 60_000


class WordsServer(LiveServer):
    """`lastcard serve`, each game dealt from the seed last written (`deal_from`), rates raised."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory, bot_delay=0.02, hand_pause=0.05)
        self.seed_file = directory / "seed"
        self.deal_from(0)
        self.launcher = [sys.executable, "-c", RIGGED, str(self.seed_file)]

    def deal_from(self, seed: int) -> None:
        self.seed_file.write_text(str(seed))


@pytest.fixture(scope="module", name="server")
def words_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WordsServer]:
    with WordsServer(tmp_path_factory.mktemp("refusals")) as live:
        yield live


def send(page: Page, message: dict[str, Any]) -> None:
    page.evaluate("(m) => window.lastcardSocket.send(JSON.stringify(m))", message)


def answer_to(pages: Pages, page: Page, request: str) -> dict[str, Any]:
    """The server's `error` or `ack` answering the request `request`."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        for kind in ("error", "ack"):
            for frame in pages.received_of(page, kind):
                if frame.get("id") == request:
                    return frame
        page.wait_for_timeout(10)  # the frames arrive on the page's own loop
    raise AssertionError(f"no answer to {request}")


def my_decision(pages: Pages, page: Page, after: int, game: str) -> dict[str, Any]:
    """The first state of game `game` past ply `after` where the person decides, or the
    game's end (a rematch's states start again at ply 0: the game's id tells them apart)."""
    deadline = time.monotonic() + GAME_MS / 1000
    while True:
        for state in pages.received_of(page, "state"):
            if state["game"] != game or state["ply"] <= after:
                continue
            if state["to_act"] == 0 or state["view"]["phase"] == "game_over":
                return state
        assert time.monotonic() < deadline, f"no decision of the person after ply {after}"
        page.wait_for_timeout(20)  # lets Playwright deliver the frames meanwhile


def alert_says(page: Page, words: str) -> None:
    page.wait_for_function(
        "(w) => document.querySelector('[data-testid=alert]').textContent === w", arg=words
    )


def test_the_page_says_every_refusal_and_the_games_go_on(pages: Pages, server: WordsServer) -> None:
    ids = (f"r{n}" for n in itertools.count())
    first = REFUSAL_GAMES[0]
    server.deal_from(first.seed)
    created = server.create_table(
        name="Ana",
        seats=3,
        rules=first.rules.to_dict(),
        bots=[{"seat": seat, "level": level} for seat, level in enumerate(WEB_LEVELS, 1)],
    )
    context = pages.context()
    context.add_init_script(KEEP_SOCKET)
    page = seat_page(pages, server, created["code"], created["token"], context=context)
    said = 0
    done: set[str] = set()  # the games played, whose states the page still holds
    for number, game in enumerate(REFUSAL_GAMES):
        if number:  # the next game at the same table: its rules, its seed
            by_id(page, "rematch").click()
            by_id(page, "waiting").wait_for()
            send(page, {"t": "settings", "id": next(ids), "rules": game.rules.to_dict()})
            server.deal_from(game.seed)
        by_id(page, "waiting").wait_for()
        press_ready(page)
        start_game(page)
        recorded = play(game)
        plan = [r for r in refusal_plan(game) if r.view.to_act == 0]
        playing = next(
            s["game"] for s in reversed(pages.received_of(page, "state")) if s["game"] not in done
        )
        done.add(playing)
        state = my_decision(pages, page, -1, playing)
        names = reader_names(state["names"], 0)
        while state["view"]["phase"] != "game_over":
            ply = state["ply"]
            for tried in (r for r in plan if r.ply == ply):
                request = next(ids)
                send(page, {"t": "action", "id": request, "code": tried.action.code, "ply": ply})
                answer = answer_to(pages, page, request)
                words = refusal(tried.error, tried.action, tried.view, names, WEB)
                assert (answer["t"], answer["code"], answer["words"]) == (
                    "error",
                    tried.error.code,
                    words,
                ), tried
                alert_says(page, words)
                said += 1
            choice = person_choice_at(recorded, ply)
            request = next(ids)
            send(page, {"t": "action", "id": request, "code": choice, "ply": ply})
            assert answer_to(pages, page, request)["t"] == "ack", "the game goes on"
            state = my_decision(pages, page, ply, playing)
    assert said >= 100, said


def person_choice_at(recorded: Any, ply: int) -> str:
    """The recorded person's action at `ply` (the record's action of that ply)."""
    seat, code = recorded.record().actions[ply]
    assert seat == 0, (ply, seat)
    return str(code)
