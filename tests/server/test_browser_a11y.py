"""SERVER.md §9's accessibility in a real browser: axe-core finds nothing serious or critical
on the lobby, the waiting room, the table mid-game and the game's end; at a phone's size
(360x740) the table has no horizontal scroll and every card of the hand can be reached and
played.
"""

from __future__ import annotations

import time
from typing import Any

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from browser import (
    PHONE,
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    click_step,
    is_over,
    pages_fixture,  # noqa: F401  (a fixture)
    play_until,
    screenshot,
    seat_page,
    server_fixture,  # noqa: F401  (a fixture)
    solo_game,
    story_lines,
    wait_my_turn,
)
from live_server import LiveServer
from playwright.sync_api import Page

SERIOUS = frozenset({"serious", "critical"})


def axe_findings(page: Page, where: str) -> list[str]:
    """Run axe-core on the page as it is; every violation found is printed (shown when a test
    fails, or with -s), and those of impact serious or critical are returned, one line per
    element: rule, impact, element, what is wrong."""
    results: Any = Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    serious: list[str] = []
    for violation in violations:
        for node in violation["nodes"]:
            line = (
                f"{where}: {violation['id']} ({violation['impact']}) at "
                f"{', '.join(map(str, node['target']))}: {violation['help']} — {node['html']}"
            )
            print(line)
            if violation["impact"] in SERIOUS:
                serious.append(line)
    return serious


def no_horizontal_scroll(page: Page) -> int:
    width: int = page.evaluate("() => document.scrollingElement.scrollWidth")
    return width


def open_house_rules(page: Page, scope: str) -> None:
    """Open the `<details>` of house rules so that axe sees its controls too."""
    page.locator(f"{scope} details.house-rules summary").click()


def test_s9_axe_finds_nothing_serious_in_the_lobby(pages: Pages, server: LiveServer) -> None:
    page = pages.open(server.url + "/")
    by_id(page, "seat-kind-1").wait_for()
    page.wait_for_function("() => document.querySelector('#preset').options.length > 1")
    open_house_rules(page, "#create-form")
    assert axe_findings(page, "lobby") == []


def test_s9_axe_finds_nothing_serious_in_the_waiting_room(pages: Pages, server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=3, bots=[{"seat": 1, "level": "easy"}])
    page = seat_page(pages, server, created["code"], created["token"])
    by_id(page, "waiting").wait_for()
    by_id(page, "bot-2").wait_for()  # the host's controls of the empty seat
    page.wait_for_function("() => document.querySelector('#settings-preset').options.length > 1")
    open_house_rules(page, "#host-settings")
    assert axe_findings(page, "waiting room") == []


def test_s9_axe_finds_nothing_serious_at_the_table(pages: Pages, server: LiveServer) -> None:
    page, _ = solo_game(pages, server, bots=2, target=1)
    wait_my_turn(page)
    found = axe_findings(page, "table mid-game")
    play_until([page], click_step, lambda: is_over(page))
    found += axe_findings(page, "game over")
    assert found == []


def test_s9_phone_size_table_has_no_horizontal_scroll_and_a_reachable_hand(
    pages: Pages, server: LiveServer
) -> None:
    lobby = pages.open(server.url + "/", viewport=PHONE)
    by_id(lobby, "seat-kind-1").wait_for()
    assert no_horizontal_scroll(lobby) <= PHONE["width"]

    page, _ = solo_game(pages, server, bots=3, viewport=PHONE)
    wait_my_turn(page)
    screenshot(page, "table-phone")
    assert no_horizontal_scroll(page) <= PHONE["width"]
    cards = page.locator("[data-testid=hand] button.card")
    assert cards.count() >= 7
    for index in range(cards.count()):
        card = cards.nth(index)
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (index, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (index, box)
    # A tap on the first playable card (else whatever the turn asks) is a move.
    ply = pages.latest_state(page)["ply"]
    told = len(mine(page))
    playable = page.locator("[data-testid=hand] button.card:not([aria-disabled=true])")
    if playable.count():
        playable.first.scroll_into_view_if_needed()
        playable.first.click()
    else:
        assert click_step(page) is not None
    deadline = time.monotonic() + 10
    while pages.latest_state(page)["ply"] == ply:  # a wild asks its colour first
        assert time.monotonic() < deadline, "the tap made no move"
        if by_id(page, "choice-dialog").is_visible():
            by_id(page, "choice-ok").click()
        page.wait_for_timeout(25)
    page.wait_for_function(
        "n => [...document.querySelectorAll('[data-testid=story] p')]"
        ".filter(p => p.textContent.startsWith('You ')).length > n",
        arg=told,
    )
    assert no_horizontal_scroll(page) <= PHONE["width"]


def mine(page: Page) -> list[str]:
    """The story's lines about the reader."""
    return [line for line in story_lines(page) if line.startswith("You ")]
