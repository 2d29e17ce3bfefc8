"""The `expert` bot level in a real browser: chosen for a seat in the lobby, named in the
waiting room, and playing a whole hand against a person who clicks (browser.py's `pages`
watches for console and page errors)."""

from __future__ import annotations

from typing import Any

import httpx
from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    click_step,
    is_over,
    pages_fixture,  # noqa: F401  (a fixture)
    play_until,
    press_ready,
    server_fixture,  # noqa: F401  (a fixture)
    start_game,
)
from live_server import LiveServer


def test_a_hand_against_the_expert_bot_chosen_in_the_lobby(
    pages: Pages, server: LiveServer
) -> None:
    ana = pages.open(server.url + "/")
    by_id(ana, "seat-kind-1").wait_for()
    by_id(ana, "player-name").fill("Ana")
    by_id(ana, "seats").select_option("2")
    by_id(ana, "seat-kind-1").select_option("expert")
    by_id(ana, "target").fill("1")  # the first hand ends the game
    by_id(ana, "create").click()
    by_id(ana, "waiting").wait_for()
    assert "expert bot" in by_id(ana, "waiting-seats").inner_text()
    press_ready(ana)
    start_game(ana)

    moves = play_until([ana], click_step, lambda: is_over(ana))

    assert moves[ana], "Ana clicked something"
    state = pages.latest_state(ana)
    reply = httpx.get(f"{server.url}/api/games/{state['game']}/record", timeout=10)
    assert reply.status_code == 200, reply.text
    record: dict[str, Any] = reply.json()["record"]
    bot_seat = 1 - int(state["seat"])
    assert any(seat == bot_seat for seat, _ in record["actions"]), "the expert bot played"
