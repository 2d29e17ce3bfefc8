"""The words test, the web table: the recorded games (tests/recorded_games.py) played at a real
`lastcard serve` in headless Chromium, dealt from the recorded seed, the person at seat 0 on
autopilot (which plays as the recorded person does) against the same bots. The page's story
must be, line for line, the story `lastcard.words` tells that seat of the game the server
played, and its last status the prompt it words for the end; and the game must be the recorded
one. A sentence changed in the page only fails this test; one changed in `lastcard.words`
changes every front end alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    press_ready,
    seat_page,
    start_game,
)
from test_discard_round_web import SeededServer, status

from lastcard.core import GameRecord, player_view, replay
from lastcard.server.reader_words import reader_names
from lastcard.words.prompts import prompt
from lastcard.words.style import WEB
from recorded_games import GAMES, WEB_LEVELS, Recorded, play, story

GAME_MS = 60_000  # a whole recorded game, bots and autopilot at the server's pace


@pytest.fixture(scope="module", name="server")
def seeded_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeededServer]:
    with SeededServer(tmp_path_factory.mktemp("words")) as live:
        yield live


def page_story(page) -> list[str]:  # type: ignore[no-untyped-def]
    lines: list[str] = page.locator("[data-testid=story] p").evaluate_all(
        "ps => ps.map(p => p.textContent)"
    )
    return lines


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_page_says_the_words_of_the_recorded_game(
    game: Recorded, pages: Pages, server: SeededServer
) -> None:
    server.deal_from(game.seed)
    created = server.create_table(
        name="Ana",
        seats=3,
        rules=game.rules.to_dict(),
        bots=[{"seat": seat, "level": level} for seat, level in enumerate(WEB_LEVELS, 1)],
    )
    page = seat_page(pages, server, created["code"], created["token"])
    by_id(page, "waiting").wait_for()
    press_ready(page)
    start_game(page)
    by_id(page, "autopilot").click()  # the person plays as the recorded person does
    page.wait_for_function(
        "() => document.querySelector('[data-testid=status]').textContent"
        ".startsWith('The game is over')",
        timeout=GAME_MS,
    )
    state = pages.latest_state(page)
    # The game's record, as the server reveals it at the end (§6).
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=story] p')]"
        '.some((p) => p.textContent.startsWith("The server\'s seed for game"))'
    )
    reveal = next(m for m in pages.received_of(page, "reveal") if m["game"] == state["game"])
    record = GameRecord.from_dict(reveal["record"])
    assert record.actions == play(game).record().actions, "the recorded game"
    names = reader_names(state["names"], 0)
    told = story(record, 0, names)
    # The page's story from the deal on (before it: the waiting room's own lines).
    shown = page_story(page)
    shown = shown[shown.index("Hand 1") :]
    shown = [line for line in shown if not line.startswith("The server's seed for game")]
    assert shown == [line.strip() for line in told]  # indented lines: the page's indent
    final = player_view(replay(record), 0)
    assert status(page) == " ".join(prompt(final, (), names, WEB).plain.split())
