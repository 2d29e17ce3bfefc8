"""SERVER.md §9 in a real browser: people play whole hands through the table page, by mouse and
by keyboard alone; a reload finds the same seat, hand and story; a second tab takes the seat;
a double click sends one action (§5, the ply rule).

Every page here is watched for console and page errors (browser.py's `pages`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
from browser import (
    DESKTOP,
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    click_step,
    focused_testid,
    hand_codes,
    is_over,
    key_step,
    offers,
    pages_fixture,  # noqa: F401  (a fixture)
    play_until,
    press_ready,
    screenshot,
    seat_page,
    server_fixture,  # noqa: F401  (a fixture)
    solo_game,
    start_game,
    story_lines,
    tab_to,
    wait_in_game,
    wait_my_turn,
)
from live_server import LiveServer
from playwright.sync_api import Page

# Counts presses of a pointer: a test by keyboard alone must see none.
COUNT_POINTER_JS = """
window.__pointerPresses = 0;
for (const kind of ["pointerdown", "mousedown", "touchstart"]) {
  window.addEventListener(kind, () => { window.__pointerPresses += 1; }, true);
}
"""


def record_of(server: LiveServer, game: str) -> dict[str, Any]:
    reply = httpx.get(f"{server.url}/api/games/{game}/record", timeout=10)
    assert reply.status_code == 200, reply.text
    bundle: dict[str, Any] = reply.json()
    return bundle


def game_of(pages: Pages, page: Page) -> tuple[str, int]:
    """The game id and the reader's engine seat, from the states the page received."""
    state = pages.latest_state(page)
    return str(state["game"]), int(state["seat"])


def answers(pages: Pages, page: Page) -> tuple[list[str], list[dict[str, Any]]]:
    """The ids of the page's actions the server acknowledged, and the errors answering them."""
    ids = {str(message["id"]) for message in pages.sent_of(page, "action")}
    acked = [str(m["id"]) for m in pages.received_of(page, "ack") if m.get("id") in ids]
    refused = [m for m in pages.received_of(page, "error") if m.get("id") in ids]
    return acked, refused


def assert_game_shown_over(page: Page, names: list[str]) -> None:
    """The end of the game as §9 wants it: scores of every seat, the winners, the story."""
    finals = by_id(page, "final-scores").locator("li").all_inner_texts()
    assert len(finals) == len(names), finals
    for name in names:
        assert any(re.match(rf"{name}( \(you\))?: \d+ points", line) for line in finals), finals
    assert by_id(page, "winners").inner_text().strip()
    seats = by_id(page, "seats").locator("li").all_inner_texts()
    assert len(seats) == len(names) and all(re.search(r"score \d+", s) for s in seats), seats
    story = story_lines(page)
    assert "Hand 1" in story and len(story) > 5, story
    assert by_id(page, "verify").get_attribute("href", timeout=1_000)


def test_s9_two_people_and_a_bot_play_a_hand_by_clicks(pages: Pages, server: LiveServer) -> None:
    # Ana creates the table in the lobby: three seats, Seat 2 left to a person, Seat 3 an easy
    # bot, a target of 1 point so that the first hand ends the game.
    ana = pages.open(server.url + "/")
    by_id(ana, "seat-kind-2").wait_for()
    by_id(ana, "player-name").fill("Ana")
    by_id(ana, "seats").select_option("3")
    by_id(ana, "seat-kind-1").select_option("person")
    by_id(ana, "seat-kind-2").select_option("easy")
    by_id(ana, "target").fill("1")
    screenshot(ana, "lobby")
    by_id(ana, "create").click()
    by_id(ana, "waiting").wait_for()
    link = by_id(ana, "invite-link").get_attribute("href")
    assert link is not None and link.startswith(server.url + "/t/")

    # Ben follows the invite link in his own browser and joins with his name.
    ben = pages.open(link)
    by_id(ben, "join-name").fill("Ben")
    by_id(ben, "join").click()
    by_id(ben, "waiting").wait_for()
    seats = by_id(ana, "waiting-seats")
    seats.get_by_text("Ben").wait_for()
    assert "easy bot" in seats.inner_text()
    press_ready(ben)
    press_ready(ana)
    screenshot(ana, "waiting-room")
    start_game(ana)
    wait_in_game(ben)
    by_id(ana, "story").get_by_text("First discard").first.wait_for()
    screenshot(ana, "table-desktop")

    moves = play_until([ana, ben], click_step, lambda: is_over(ana) and is_over(ben))

    screenshot(ana, "game-over")
    for page in (ana, ben):
        assert moves[page], "each person clicked something"
        assert_game_shown_over(page, ["Ana", "Ben", "Bot 3"])
        acked, _ = answers(pages, page)
        assert acked, "the server accepted actions clicked on each page"
    assert "Ben plays" in " ".join(story_lines(ana)) or "Ben draws" in " ".join(story_lines(ana))
    # The server's record has moves of both people: the pages played, not a timer.
    game, ana_seat = game_of(pages, ana)
    _, ben_seat = game_of(pages, ben)
    movers = {seat for seat, _ in record_of(server, game)["record"]["actions"]}
    assert {ana_seat, ben_seat} <= movers


def type_into(page: Page, testid: str, text: str) -> None:
    assert tab_to(page, testid), f"Tab never reached {testid}"
    page.keyboard.type(text)


def press_on(page: Page, testid: str, key: str) -> None:
    assert tab_to(page, testid), f"Tab never reached {testid}"
    page.keyboard.press(key)


def pointer_presses(page: Page) -> int:
    return int(page.evaluate("() => window.__pointerPresses"))


def test_s9_a_hand_by_keyboard_alone(pages: Pages, server: LiveServer) -> None:
    ana_context = pages.context(DESKTOP)
    ben_context = pages.context(DESKTOP)
    for context in (ana_context, ben_context):
        context.add_init_script(COUNT_POINTER_JS)
    ana = pages.open(server.url + "/", context=ana_context)
    by_id(ana, "seat-kind-2").wait_for()
    ana.wait_for_function("() => document.querySelector('#preset').options.length > 1")
    # The form by keys: Tab to each field, type; a select takes the first letter of an option.
    type_into(ana, "player-name", "Ana")
    type_into(ana, "seats", "3")
    type_into(ana, "seat-kind-1", "a")  # "a person"
    type_into(ana, "seat-kind-2", "e")  # "easy bot"
    type_into(ana, "target", "1")
    kinds = ana.evaluate(
        "() => [...document.querySelectorAll('#seat-kinds select')].map(s => s.value)"
    )
    assert kinds == ["person", "easy"]
    assert pointer_presses(ana) == 0
    press_on(ana, "create", "Enter")
    by_id(ana, "waiting").wait_for()
    link = by_id(ana, "invite-link").get_attribute("href")
    assert link is not None

    ben = pages.open(link, context=ben_context)
    by_id(ben, "join-name").wait_for()
    assert focused_testid(ben) == "join-name"  # the page puts the keyboard in the name field
    ben.keyboard.type("Ben")
    ben.keyboard.press("Enter")
    by_id(ben, "ready").wait_for()
    press_on(ben, "ready", "Space")
    ben.locator('[data-testid="ready"][aria-pressed="true"]').wait_for()
    by_id(ana, "waiting-seats").get_by_text("Ben").wait_for()
    press_on(ana, "ready", "Space")
    ana.wait_for_function(
        "() => document.querySelector('[data-testid=waiting-hint]')"
        ".textContent.startsWith('Everyone is ready')"
    )
    press_on(ana, "start", "Enter")
    wait_in_game(ana)
    wait_in_game(ben)

    moves = play_until([ana, ben], key_step, lambda: is_over(ana) and is_over(ben))

    for page in (ana, ben):
        assert pointer_presses(page) == 0, "the keyboard alone played"
        assert moves[page]
        acked, _ = answers(pages, page)
        assert acked, "the server accepted actions sent by keys"
        assert_game_shown_over(page, ["Ana", "Ben", "Bot 3"])
    game, ana_seat = game_of(pages, ana)
    _, ben_seat = game_of(pages, ben)
    movers = {seat for seat, _ in record_of(server, game)["record"]["actions"]}
    assert {ana_seat, ben_seat} <= movers


def seat_of_reader(page: Page) -> str | None:
    """The data-testid of the seat marked as the reader's."""
    return page.locator("[data-testid=seats] li.seat-you").get_attribute("data-testid")


def card_labels(page: Page) -> list[str]:
    labels: list[str] = page.locator("[data-testid=hand] button.card").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    return labels


def move_applied(pages: Pages, page: Page, *, after: int, timeout: float = 5) -> None:
    """Click one move on `page` and wait for a state beyond ply `after`: the server applied
    it. (Its `ack` alone is not enough: a repeated request id is acknowledged, not applied.)"""
    wait_my_turn(page)
    sent = len(pages.sent_of(page, "action"))
    deadline = time.monotonic() + timeout
    while len(pages.sent_of(page, "action")) == sent:
        assert time.monotonic() < deadline, "the page offered no move"
        if click_step(page) is None:
            page.wait_for_timeout(25)
    while pages.latest_state(page)["ply"] <= after:
        assert time.monotonic() < deadline, (
            f"the move {pages.sent_of(page, 'action')[-1]} was not applied within {timeout} s; "
            f"answers: {pages.received_of(page, 'ack')[-2:]}"
        )
        page.wait_for_timeout(25)


def reload_mid_hand(pages: Pages, server: LiveServer) -> tuple[Page, dict[str, Any]]:
    """A person facing a bot reaches their turn, where the table waits for them (the bot cannot
    catch a person who calls Uno with every play), so nothing moves while the page reloads;
    the page and the last state before the reload."""
    page, _ = solo_game(pages, server, bots=1)
    wait_my_turn(page)
    before = pages.latest_state(page)
    return page, before


def test_s7_reload_mid_hand_finds_the_same_seat_hand_and_story(
    pages: Pages, server: LiveServer
) -> None:
    page, before = reload_mid_hand(pages, server)
    cards, labels, story = hand_codes(page), card_labels(page), story_lines(page)
    seat = seat_of_reader(page)
    assert cards and story and seat is not None

    seen = len(pages.received[page])
    page.reload()
    wait_in_game(page)
    wait_my_turn(page)

    after = next(m for m in pages.received[page][seen:] if m.get("t") == "state")
    assert (after["game"], after["seat"], after["ply"]) == (
        before["game"],
        before["seat"],
        before["ply"],
    )
    assert by_id(page, "join-panel").is_hidden()  # the stored token took the seat back
    assert seat_of_reader(page) == seat
    assert hand_codes(page) == cards
    assert card_labels(page) == labels
    told = story_lines(page)
    assert told, "the story is told again after a reload"
    assert set(told) & set(story), (told, story)
    assert any(line.startswith("First discard") for line in told), told


def test_s7_after_a_reload_the_seat_plays_on(pages: Pages, server: LiveServer) -> None:
    page, before = reload_mid_hand(pages, server)
    page.reload()
    wait_in_game(page)
    move_applied(pages, page, after=before["ply"])


def second_tab(pages: Pages, server: LiveServer) -> tuple[Page, Page]:
    """A person at a table with a bot opens it again in a second tab of the same browser (so
    with the same stored token); both pages."""
    created = server.create_table(name="Ana", seats=2, bots=[{"seat": 1, "level": "easy"}])
    first = seat_page(pages, server, created["code"], created["token"])
    by_id(first, "waiting").wait_for()
    press_ready(first)
    start_game(first)
    second = first.context.new_page()
    second.goto(first.url)
    wait_in_game(second)
    return first, second


def test_s7_a_second_tab_takes_the_seat(pages: Pages, server: LiveServer) -> None:
    first, second = second_tab(pages, server)
    by_id(first, "connection").get_by_text("This seat is now open in another tab.").wait_for()
    by_id(first, "reclaim").wait_for()
    by_id(first, "alert").get_by_text("another tab").wait_for()
    # The first tab stays away: longer than its first reconnect would take, no new socket.
    first.wait_for_timeout(1_500)
    assert pages.sockets_opened[first] == 1
    assert pages.received_of(second, "replaced") == []
    assert by_id(second, "connection").inner_text() == "Connected"
    assert hand_codes(second) == hand_codes(first)
    wait_my_turn(second)  # the second tab holds the seat's controls


def test_s7_the_second_tab_plays(pages: Pages, server: LiveServer) -> None:
    first, second = second_tab(pages, server)
    by_id(first, "reclaim").wait_for()
    move_applied(pages, second, after=pages.latest_state(second)["ply"])
    assert pages.sent_of(first, "action") == []


def test_s7_the_first_tab_takes_the_seat_back_and_plays(pages: Pages, server: LiveServer) -> None:
    first, second = second_tab(pages, server)
    first.bring_to_front()  # the person goes back to the first tab
    by_id(first, "reclaim").click()  # "Play in this tab instead"
    by_id(second, "connection").get_by_text("This seat is now open in another tab.").wait_for()
    by_id(first, "connection").get_by_text("Connected", exact=True).wait_for()
    assert by_id(first, "reclaim").count() == 0
    move_applied(pages, first, after=pages.latest_state(first)["ply"])
    assert pages.sent_of(second, "action") == []


NUMBER_CARD = re.compile(r"^card-[RYGB][0-9](-\d+)?$")


def reach(page: Page, wanted: Callable[[dict[str, Any]], bool], timeout: float = 30) -> None:
    """Play by clicks until the page offers what `wanted` looks for, at the start of a turn."""
    deadline = time.monotonic() + timeout
    while True:
        offered = offers(page)
        if wanted(offered):
            return
        assert not offered["over"], "the game ended before the position wanted came"
        assert time.monotonic() < deadline, f"no such position within {timeout} s"
        if click_step(page) is None:
            page.wait_for_timeout(25)


def start_of_turn(offered: dict[str, Any]) -> bool:
    names = {button["testid"] for button in offered["buttons"]}
    return "draw" in names and not offered["dialog"]


def test_s5_a_double_click_sends_one_action(pages: Pages, server: LiveServer) -> None:
    page, _ = solo_game(pages, server, bots=1, target=1)

    # A double click on "Draw a card".
    reach(page, start_of_turn)
    ply = pages.latest_state(page)["ply"]
    size = len(hand_codes(page))
    sent = len(pages.sent_of(page, "action"))
    by_id(page, "draw").dblclick()
    after = pages.state_after(page, ply)
    draws = pages.sent_of(page, "action")[sent:]
    assert [(m["code"], m["ply"]) for m in draws] == [("draw", ply)]
    assert after["ply"] == ply + 1 and len(after["view"]["hand"]) == size + 1
    draw_ply = ply

    # A double click on a number card (no Skip or Reverse: the turn passes to the bot).
    reach(
        page,
        lambda o: start_of_turn(o) and any(NUMBER_CARD.match(c) for c in o["cards"]),
    )
    card = next(c for c in offers(page)["cards"] if NUMBER_CARD.match(c))
    ply = pages.latest_state(page)["ply"]
    size = len(hand_codes(page))
    sent = len(pages.sent_of(page, "action"))
    by_id(page, card).dblclick()
    after = pages.state_after(page, ply)
    plays = pages.sent_of(page, "action")[sent:]
    code = card.split("-")[1]
    assert [(m["code"].rstrip("!"), m["ply"]) for m in plays] == [(code, ply)]
    assert after["ply"] == ply + 1 and len(after["view"]["hand"]) == size - 1
    card_ply = ply
    _, refused = answers(pages, page)
    assert refused == [], "no second action was sent and refused"

    # The game's record has each of those as this seat's action at its ply.
    play_until([page], click_step, lambda: is_over(page))
    game, seat = game_of(pages, page)
    actions = record_of(server, game)["record"]["actions"]
    assert actions[draw_ply] == [seat, "draw"]
    assert actions[card_ply][0] == seat and actions[card_ply][1].rstrip("!") == code


# The controls are aria-disabled only while an action is in flight; on a fast connection its
# state arrives within a person's double-click interval, and the second click lands on the
# control drawn in the first one's place ("Play the drawn card" where "Draw a card" was): the
# page ignores the second click of a double click.
def test_s5_a_double_click_at_a_persons_pace_sends_one_action(
    pages: Pages, server: LiveServer
) -> None:
    page, _ = solo_game(pages, server, bots=1)
    reach(page, start_of_turn)
    ply = pages.latest_state(page)["ply"]
    sent = len(pages.sent_of(page, "action"))
    by_id(page, "draw").click()  # the first click of a double click: draws
    pages.state_after(page, ply)
    wait_my_turn(page)  # its state has come before the second click, as on a fast line
    # The second click of the same double click, on the button now first in the row (where
    # "Draw a card" was, unless the prompt above it changed its number of lines).
    first = by_id(page, "decisions").locator("button").first
    box = first.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    page.wait_for_timeout(300)  # time for a second action to go out, if the page sends one
    assert [m["code"] for m in pages.sent_of(page, "action")[sent:]] == ["draw"]
    assert not by_id(page, "choice-dialog").is_visible(), "the second click began a wild's play"
