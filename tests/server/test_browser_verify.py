"""SERVER.md §6 in a real browser: the page /verify/{id} checks a finished game's proof on the
reader's device and says Verified; a copy with a drawn card or an action changed, uploaded or
pasted, is a Mismatch; before the end it says the game is not over, and an unknown id is
unknown. The game's end on the table page links to it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import (
    PHONE,
    SEED_KEY,
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    click_step,
    in_thread,
    is_over,
    pages_fixture,  # noqa: F401  (a fixture)
    play_until,
    screenshot,
    server_fixture,  # noqa: F401  (a fixture)
    solo_game,
)
from live_server import LiveServer
from playwright.sync_api import Page
from ws_client import CLIENT_SEED, run, start_game

CHECKS = ["algorithm", "commitment", "seed", "generator", "stream", "deck", "cards", "plays"]
# lastcard.words.page's check_* titles of the checks a tampering must fail.
CARDS_TITLE = "Every card dealt, drawn or played follows from the shuffles"
PLAYS_TITLE = "The record's plays are the transcript's"
# Chromium reports a fetch answered 403 or 404 on the console; the page handles both.
NOT_OVER_CONSOLE = "Failed to load resource: the server responded with a status of 403 (Forbidden)"
UNKNOWN_CONSOLE = "Failed to load resource: the server responded with a status of 404 (Not Found)"

# lastcard.words.page's check_* titles of what the browser kept: the commitment, its seed.
OWN_TITLES = (
    "The commitment is the one this browser was shown before it was ready",
    "This browser's own seed is among the seeds the game was dealt from",
)

FAVICON = "/favicon.ico"  # what Chromium asks for when a page names no icon

Bundle = dict[str, Any]


@pytest.fixture(scope="module")
def finished(server: LiveServer) -> tuple[str, Bundle]:
    """A game played to its end by a person's autopilot and a bot (no browser needed): its id
    and the proof the server publishes."""

    async def scenario() -> str:
        game = await start_game(
            server, people=1, seats=2, bots=[{"seat": 1, "level": "easy"}], target=1
        )
        await game.people[0].autoplay()
        return game.game_id

    game_id = in_thread(lambda: run(scenario()))
    reply = httpx.get(f"{server.url}/api/games/{game_id}/record", timeout=10)
    assert reply.status_code == 200, reply.text
    bundle: Bundle = reply.json()
    return game_id, bundle


def verdict(page: Page, kind: str) -> str:
    """Wait for the verdict of this kind (verified, mismatch) and say it."""
    page.locator(f"#verdict.{kind}").wait_for(timeout=30_000)
    return page.locator("#verdict").inner_text()


def check_lines(page: Page) -> list[str]:
    return [line.strip() for line in page.locator("#checks li .check-title").all_inner_texts()]


def test_s6_verify_page_says_verified(pages: Pages, server: LiveServer, finished: Any) -> None:
    game_id, _ = finished
    page = pages.open(f"{server.url}/verify/{game_id}", viewport=PHONE)
    said = verdict(page, "verified")
    assert said.startswith("Verified"), said
    assert f"All {len(CHECKS)} checks of game {game_id} from this server passed." in said
    lines = check_lines(page)
    assert len(lines) == len(CHECKS) and all(line.startswith("✓ Passed: ") for line in lines)
    assert page.locator("#download a").get_attribute("download") == f"lastcard-game-{game_id}.json"
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "verify")


def change_a_drawn_card(bundle: Bundle) -> Bundle:
    """The last card taken from the stock (a draw, or the last card dealt in a hand nobody
    drew in) becomes another card."""
    tampered = copy.deepcopy(bundle)
    takes = [step for step in tampered["fairness"]["transcript"] if step["op"] == "take"]
    drawn = takes[-1]
    drawn["card"] = "G5" if drawn["card"] != "G5" else "B7"
    return tampered


def change_an_action(bundle: Bundle) -> Bundle:
    """The first card played in the record becomes another card."""
    tampered = copy.deepcopy(bundle)
    actions = tampered["record"]["actions"]
    index, (seat, code) = next(
        (k, action) for k, action in enumerate(actions) if action[1][:1] in "RYGB"
    )
    other = "Y3" if not code.startswith("Y3") else "R4"
    actions[index] = [seat, other + code[len(code.rstrip("!")) :]]
    return tampered


@pytest.mark.parametrize(
    ("tamper", "how", "failing"),
    [
        (change_a_drawn_card, "upload", CARDS_TITLE),
        (change_an_action, "paste", PLAYS_TITLE),
    ],
)
def test_s6_verify_page_says_mismatch_for_a_tampered_copy(
    pages: Pages,
    server: LiveServer,
    finished: Any,
    tmp_path: Path,
    tamper: Callable[[Bundle], Bundle],
    how: str,
    failing: str,
) -> None:
    game_id, bundle = finished
    page = pages.open(f"{server.url}/verify/{game_id}")
    verdict(page, "verified")
    text = json.dumps(tamper(bundle))
    if how == "upload":
        copy_file = tmp_path / f"lastcard-game-{game_id}.json"
        copy_file.write_text(text, encoding="utf-8")
        page.locator("#file").set_input_files(copy_file)  # the page checks a chosen file at once
        source = f"the file {copy_file.name}"
    else:
        page.locator("#paste").fill(text)
        page.get_by_role("button", name="Check").click()
        source = "the pasted text"
    said = verdict(page, "mismatch")
    assert said.startswith("Mismatch"), said
    assert source in said
    failed = [line for line in check_lines(page) if line.startswith("✗ Failed: ")]
    assert f"✗ Failed: {failing}" in failed, failed
    # The untouched proof still verifies: the page judged the copy, not the server.
    page.locator("#paste").fill(json.dumps(bundle))
    page.locator("#file").set_input_files([])
    page.get_by_role("button", name="Check").click()
    assert verdict(page, "verified").startswith("Verified")


def test_s6_the_game_over_links_to_its_check(pages: Pages, server: LiveServer) -> None:
    table, _ = solo_game(pages, server, target=1)
    game_id = pages.latest_state(table)["game"]
    pages.allow(NOT_OVER_CONSOLE)
    early = pages.open(f"{server.url}/verify/{game_id}")
    early.locator("#verdict").get_by_text("is not over yet").wait_for()
    assert early.locator("#checks li").count() == 0

    play_until([table], click_step, lambda: is_over(table))
    by_id(table, "verify").click()
    table.wait_for_url(f"**/verify/{game_id}")
    # The browser readied at this table: it kept its seed and the commitment it was shown.
    assert verdict(table, "verified").startswith("Verified, with your seed")
    assert {"✓ Passed: " + title for title in OWN_TITLES} <= set(check_lines(table))


def open_with_kept(pages: Pages, server: LiveServer, bundle: Bundle, seed: str) -> Page:
    """The verify page of `bundle`'s game in a browser that remembers giving it `seed` after
    being shown the game's commitment (as the table page keeps them)."""
    fair = bundle["fairness"]
    kept = {
        "code": fair["code"],
        "game": fair["game"],
        "commitment": fair["commitment"],
        "client_seed": seed,
    }
    page = pages.open(server.url + "/")
    page.evaluate(
        "([key, kept]) => localStorage.setItem(key, JSON.stringify(kept))",
        [SEED_KEY.format(game=fair["game"]), kept],
    )
    page.goto(f"{server.url}/verify/{fair['game']}")
    return page


def test_s6_verify_page_says_verified_with_your_seed(
    pages: Pages, server: LiveServer, finished: Any
) -> None:
    _, bundle = finished
    page = open_with_kept(pages, server, bundle, CLIENT_SEED)
    assert verdict(page, "verified").startswith("Verified, with your seed")


def test_s6_verify_page_says_your_seed_was_not_used_when_the_seeds_were_swapped(
    pages: Pages, server: LiveServer, finished: Any
) -> None:
    """The proof is sound in itself (every other check passes), but the seed this browser gave
    is not among its seeds: what a server that swapped the players' seeds would publish."""
    _, bundle = finished
    page = open_with_kept(pages, server, bundle, "0123456789abcdef" * 2)
    said = verdict(page, "mismatch")
    assert "your seed was not used" in said, said
    failed = [line for line in check_lines(page) if line.startswith("✗ Failed: ")]
    assert failed == ["✗ Failed: " + OWN_TITLES[1]], failed


def test_s6_verify_page_for_an_unknown_game(pages: Pages, server: LiveServer) -> None:
    pages.allow(UNKNOWN_CONSOLE)
    page = pages.open(f"{server.url}/verify/no-such-game")
    page.locator("#verdict").get_by_text("This server knows no game no-such-game").wait_for()
    assert page.locator("#checks li").count() == 0


@pytest.mark.parametrize(
    "page_of",
    [
        pytest.param(lambda code, game: "/", id="lobby"),
        pytest.param(lambda code, game: f"/t/{code}", id="table"),
        pytest.param(lambda code, game: f"/verify/{game}", id="verify"),
    ],
)
def test_s9_every_page_names_its_icon(
    pages: Pages, server: LiveServer, finished: Any, page_of: Callable[[str, str], str]
) -> None:
    """A page without an icon makes the browser ask for /favicon.ico; this server has none,
    and the 404 lands on the page's console as an error (now and then: Chromium does not
    always ask, so the markup is checked)."""
    game_id, bundle = finished
    path = page_of(bundle["fairness"]["code"], game_id)
    page = pages.open(server.url + path)
    icons = page.locator('link[rel~="icon"]')
    served = httpx.get(server.url + FAVICON, timeout=10).status_code == 200
    assert icons.count() >= 1 or served, f"{path} names no icon and {FAVICON} is not served"
