"""What a player sees at the table, in Chromium on a real server (issue 24): alerts that leave
with the moment they were about; the end of a hand summed up; on a phone the game's end and,
at a table of ten, the hand brought into view when the turn comes; every text readable at
4.5:1 whoever's turn it is, and the cards seen against the felt; a brief motion for a card
played that stays still for people who ask for less motion.

Screenshots of the table at 1280x800 and 360x740, mid-hand and at the end of a hand, go to
`LASTCARD_SCREENSHOTS` when it is set.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser import (
    DESKTOP,
    MY_TURN_JS,
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
    wait_in_game,
    wait_my_turn,
)
from contrast import contrast_problems
from live_server import LiveServer
from playwright.sync_api import Page, ViewportSize


@pytest.fixture(scope="module", name="slow_server")
def slow_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose bots think for a while: the page can be read while they do."""
    with LiveServer(tmp_path_factory.mktemp("slow"), bot_delay=0.6, hand_pause=0.05) as live:
        yield live


def alert_text(page: Page) -> str:
    return by_id(page, "alert").inner_text().strip()


def story_length(page: Page) -> int:
    return len(story_lines(page))


def wait_story_beyond(page: Page, length: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=story] p').length > n", arg=length
    )


def my_move(page: Page) -> None:
    """One move of the reader's turn, by clicks (a wild's colour asked too)."""
    told = story_length(page)
    while story_length(page) == told:
        click_step(page)
        page.wait_for_timeout(25)  # a poll interval while the move travels


def end_my_turn(pages: Pages, page: Page) -> None:
    """Moves until the turn leaves the reader: a drawn card that can be played keeps it."""
    my_move(page)
    state = pages.latest_state(page)
    while state["to_act"] == state["seat"]:
        my_move(page)
        state = pages.latest_state(page)


def in_view(page: Page, testid: str) -> bool:
    box = page.get_by_test_id(testid).bounding_box()
    height: int = page.evaluate("() => window.innerHeight")
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 90) <= height


# -- alerts -------------------------------------------------------------------------------------


def test_an_alert_leaves_with_the_next_move(pages: Pages, slow_server: LiveServer) -> None:
    page, _ = solo_game(pages, slow_server, bots=1, target=100_000)
    disabled = page.locator("[data-testid=hand] button.card[aria-disabled=true]")
    while True:
        wait_my_turn(page, timeout=30_000)
        if disabled.count():
            break
        my_move(page)
    disabled.first.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    by_id(page, "alert").get_by_text("cannot be played now").wait_for()
    told = story_length(page)
    my_move(page)
    wait_story_beyond(page, told)
    # Gone with the move; an alert of the bots' turns may stand in its place ("You are skipped.").
    assert "cannot be played now" not in alert_text(page)


def test_taking_a_seat_back_clears_open_in_another_tab(pages: Pages, server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=2, bots=[{"seat": 1, "level": "easy"}])
    first = seat_page(pages, server, created["code"], created["token"])
    by_id(first, "waiting").wait_for()
    second = pages.open(f"{server.url}/t/{created['code']}", context=first.context)
    by_id(second, "waiting").wait_for()
    by_id(first, "alert").get_by_text("open in another tab").wait_for()
    by_id(first, "reclaim").click()
    by_id(second, "reclaim").wait_for()
    first.wait_for_function(
        "() => document.querySelector('[data-testid=connection]').textContent === 'Connected'"
    )
    assert alert_text(first) == ""


# -- the end of a hand and of the game, at both sizes ---------------------------------------------


@pytest.mark.parametrize(("viewport", "size"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_the_end_of_a_hand_is_summed_up_and_the_games_end_comes_into_view(
    pages: Pages, server: LiveServer, viewport: ViewportSize, size: str
) -> None:
    page, _ = solo_game(pages, server, bots=3, target=1, viewport=viewport)
    wait_my_turn(page)
    screenshot(page, f"table-{size}-mid-hand")
    play_until([page], click_step, lambda: is_over(page))
    summary = by_id(page, "hand-summary")
    summary.wait_for()
    heading = by_id(page, "hand-summary-heading").inner_text()
    assert re.fullmatch(
        r"Hand 1: (You go out and score|Bot \d goes out and scores) \d+ points?", heading
    ), heading
    rows = summary.locator("tbody tr")
    assert rows.count() == 4
    finals = by_id(page, "final-scores").locator("li").all_inner_texts()
    for k in range(4):
        row = by_id(page, f"summary-{k}").locator("td").all_inner_texts()
        total = row[-1]
        assert any(
            line.endswith(f": {total} points") or f": {total} points," in line for line in finals
        ), (row, finals)
        assert re.fullmatch(r"\+?\d+ points?", row[-2]), row
    out = summary.locator("tr.summary-out")
    assert out.count() == 1 and out.locator("td").first.inner_text() == "none"
    page.wait_for_function("() => document.activeElement?.id === 'over-heading'")
    assert in_view(page, "over"), "the end of the game opened out of view"
    screenshot(page, f"table-{size}-end-of-hand")


# Away to the story at the bottom of the page, and whether the turn was the reader's already
# when the page scrolled: in one task of the page, so that no state is drawn in between.
SCROLL_AWAY_JS = f"""() => {{
  const mine = ({MY_TURN_JS})();
  window.scrollTo(0, document.scrollingElement.scrollHeight);
  const box = document.querySelector('[data-testid=hand]').getBoundingClientRect();
  return {{ mine, away: box.top < 0 || box.top + Math.min(box.height, 90) > window.innerHeight }};
}}"""


def test_at_a_table_of_ten_on_a_phone_the_turn_brings_the_hand_into_view(
    pages: Pages, slow_server: LiveServer
) -> None:
    page, _ = solo_game(pages, slow_server, bots=9, target=100_000, viewport=PHONE)
    for _ in range(5):
        wait_my_turn(page, timeout=30_000)
        # The whole turn, not one move: a drawn card that can be played keeps the turn, and the
        # page had brought that turn's hand into view already.
        end_my_turn(pages, page)
        page.wait_for_function(f"() => !({MY_TURN_JS})()", timeout=30_000)
        scrolled = page.evaluate(SCROLL_AWAY_JS)
        if not scrolled["mine"]:
            break
        # The bots (0.6 s each) gave the turn back before the scroll, on a loaded machine: its
        # hand was brought into view then. Play that turn too and scroll away again.
    else:
        pytest.fail("the turn came back before every scroll away")
    assert scrolled["away"], "the hand is still in view at the bottom of the page"
    wait_my_turn(page, timeout=30_000)
    # Waited for, not asserted at once: the turn's state may be read before its render ends.
    page.wait_for_function(
        """() => {
          const box = document.querySelector('[data-testid=hand] button.card')
            .getBoundingClientRect();
          return box.top >= 0 && box.top + Math.min(box.height, 90) <= window.innerHeight;
        }""",
        timeout=30_000,
    )


# -- contrast and motion ------------------------------------------------------------------------


def test_every_text_is_readable_whoever_is_to_play(pages: Pages, slow_server: LiveServer) -> None:
    page, _ = solo_game(pages, slow_server, bots=2, target=1)
    wait_my_turn(page, timeout=30_000)
    problems = [f"my turn: {p}" for p in contrast_problems(page)]
    end_my_turn(pages, page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=hand] button.card')]"
        ".every(b => b.getAttribute('aria-disabled') === 'true')",
        timeout=30_000,
    )
    problems += [f"their turn: {p}" for p in contrast_problems(page)]
    play_until([page], click_step, lambda: is_over(page), timeout=120)
    problems += [f"game over: {p}" for p in contrast_problems(page)]
    assert problems == []


ARRIVALS_JS = """() => {
  window.__arrivals = [];
  const discard = document.querySelector('[data-testid=discard]');
  new MutationObserver(() => {
    if (discard.classList.contains('card-arrive'))
      window.__arrivals.push(getComputedStyle(discard).animationName);
  }).observe(discard, { attributes: true, attributeFilter: ['class'] });
}"""


@pytest.mark.parametrize(("reduced", "expected"), [(False, "card-arrive"), (True, "none")])
def test_a_card_played_lands_with_a_motion_unless_less_is_asked(
    pages: Pages, server: LiveServer, reduced: bool, expected: str
) -> None:
    created = server.create_table(
        name="Ana", seats=3, target=100_000, bots=[{"seat": s, "level": "easy"} for s in (1, 2)]
    )
    page = seat_page(pages, server, created["code"], created["token"])
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    by_id(page, "waiting").wait_for()
    by_id(page, "ready").click()
    page.locator('[data-testid="ready"][aria-pressed="true"]').wait_for()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=waiting-hint]')"
        ".textContent.startsWith('Everyone is ready')"
    )
    by_id(page, "start").click()
    wait_in_game(page)
    page.evaluate(ARRIVALS_JS)
    # Someone plays a card: a bot, or the reader when the turn is theirs.
    play_until([page], click_step, lambda: bool(page.evaluate("() => window.__arrivals.length")))
    assert set(page.evaluate("() => window.__arrivals")) == {expected}
