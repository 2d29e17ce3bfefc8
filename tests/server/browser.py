"""Shared parts of the browser tests (SERVER.md §9): Debian's Chromium driven by Playwright
against a real `lastcard serve` process, pages that fail their test on any console error, and
the small policies that play a hand by mouse and by keyboard the way a person would: reading
only what the page shows (enabled cards, visible buttons, their `aria-keyshortcuts`).

A test module takes these fixtures by importing them (each is named without the suffix):

    from browser import chromium_fixture, pages_fixture, server_fixture  # noqa: F401

`chromium` and `server` live for the module (one browser process, one server with fast bots);
`pages` is per test: every page opened through it records console errors and uncaught page
errors, and the test fails at teardown if any came (`pages.allow(text)` accepts one exact
message, in the test that provokes it, such as Chromium's own report of a 404). It also
keeps every websocket frame each page sent and received, so a test can count the actions a
click sent and read the states that answered them.

Chromium is Debian's (`LASTCARD_CHROMIUM`, else `chromium` on the PATH), not a browser build
Playwright downloads. A machine without one fails these tests, never skips them; `make test`
installs it. Screenshots go to the directory `LASTCARD_SCREENSHOTS` names, if set.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from live_server import LiveServer
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    ViewportSize,
    sync_playwright,
)

CHROMIUM_ENV = "LASTCARD_CHROMIUM"
SCREENSHOTS_ENV = "LASTCARD_SCREENSHOTS"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 360, "height": 740}
WAIT_MS = 10_000  # any one thing a page is expected to show
GAME_SECONDS = 60.0  # a whole short game played through the page
TOKEN_KEY = "lastcard:token:{code}"  # static/js/storage.js
SEED_KEY = "lastcard:seed:game:{game}"  # static/js/fair/seeds.js: what a browser gave a game

T = TypeVar("T")


# -- the browser ----------------------------------------------------------------------------------


def chromium_path() -> str:
    """Debian's Chromium: `LASTCARD_CHROMIUM`, else `chromium` on the PATH. Fails the test
    (never skips it) when there is none: a browser test that silently skips proves nothing."""
    named = os.environ.get(CHROMIUM_ENV)
    if named:
        if os.access(named, os.X_OK):
            return named
        pytest.fail(
            f"{CHROMIUM_ENV}={named} is not an executable Chromium. `make test` installs "
            "Debian's chromium (`make browser`) and passes its path.",
            pytrace=False,
        )
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.fail(
            "The browser tests need Chromium and none was found (no chromium on the PATH, "
            f"{CHROMIUM_ENV} unset). `make test` installs Debian's chromium (`make browser`) "
            f"and passes its path in {CHROMIUM_ENV}.",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="module", name="chromium")
def chromium_fixture() -> Iterator[Browser]:
    """One Chromium for a test module. Module scope, not session: while Playwright's sync API
    is running, `asyncio.run` cannot be called in this thread, and other modules sharing a
    worker process use it."""
    path = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real server for a test module; bots move fast and hands follow at once."""
    with LiveServer(tmp_path_factory.mktemp("browser"), bot_delay=0.02, hand_pause=0.05) as live:
        yield live


class Pages:
    """Browser contexts and pages for one test, each watched for console and page errors.

    A context is one person (its own localStorage, so its own seat tokens); two pages of one
    context are two tabs of the same person."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.problems: list[str] = []
        self.allowed: set[str] = set()
        self.sent: dict[Page, list[dict[str, Any]]] = {}
        self.received: dict[Page, list[dict[str, Any]]] = {}
        self.sockets_opened: dict[Page, int] = {}

    def context(self, viewport: ViewportSize = DESKTOP) -> BrowserContext:
        context = self.browser.new_context(viewport=viewport)
        context.set_default_timeout(WAIT_MS)
        context.on("page", self._watch)
        self.contexts.append(context)
        return context

    def open(
        self,
        url: str | None = None,
        *,
        context: BrowserContext | None = None,
        viewport: ViewportSize = DESKTOP,
    ) -> Page:
        """A new page (in a new context unless one is given), at `url` if given."""
        page = (context or self.context(viewport)).new_page()
        if url is not None:
            page.goto(url)
        return page

    def allow(self, message: str) -> None:
        """Accept this exact console error: the calling test provokes it on purpose."""
        self.allowed.add(message)

    def _watch(self, page: Page) -> None:
        self.sent[page] = []
        self.received[page] = []
        self.sockets_opened[page] = 0

        def console(message: ConsoleMessage) -> None:
            if message.type == "error" and message.text not in self.allowed:
                where = message.location.get("url", "")
                self.problems.append(f"console error on {page.url} ({where}): {message.text}")

        def socket(ws: Any) -> None:
            self.sockets_opened[page] += 1
            ws.on("framesent", lambda payload: self.sent[page].append(_frame(payload)))
            ws.on("framereceived", lambda payload: self.received[page].append(_frame(payload)))

        page.on("console", console)
        page.on(
            "pageerror", lambda error: self.problems.append(f"page error on {page.url}: {error}")
        )
        page.on("crash", lambda _: self.problems.append(f"page crashed: {page.url}"))
        page.on("websocket", socket)

    def sent_of(self, page: Page, kind: str) -> list[dict[str, Any]]:
        """The messages of type `kind` this page sent on its websockets, in order."""
        return [message for message in self.sent[page] if message.get("t") == kind]

    def received_of(self, page: Page, kind: str) -> list[dict[str, Any]]:
        """The messages of type `kind` this page received on its websockets, in order."""
        return [message for message in self.received[page] if message.get("t") == kind]

    def state_after(self, page: Page, ply: int, timeout: float = WAIT_MS / 1000) -> dict[str, Any]:
        """The first state the page receives at a ply beyond `ply` (waiting for it)."""
        deadline = time.monotonic() + timeout
        while True:
            states = self.received_of(page, "state")
            found = next((state for state in states if state["ply"] > ply), None)
            if found is not None:
                return found
            assert time.monotonic() < deadline, f"{page.url}: no state beyond ply {ply}"
            page.wait_for_timeout(20)  # lets Playwright deliver the frames meanwhile

    def latest_state(self, page: Page) -> dict[str, Any]:
        states = self.received_of(page, "state")
        assert states, f"{page.url} received no state"
        return states[-1]

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()


def _frame(payload: str | bytes) -> dict[str, Any]:
    text = payload if isinstance(payload, str) else payload.decode()
    frame: dict[str, Any] = json.loads(text)
    return frame


@pytest.fixture(name="pages")
def pages_fixture(chromium: Browser) -> Iterator[Pages]:
    watched = Pages(chromium)
    try:
        yield watched
    finally:
        watched.close()
    assert not watched.problems, "the pages reported errors:\n" + "\n".join(watched.problems)


def screenshot(page: Page, name: str) -> Path | None:
    """Save a full-page screenshot as NAME.png in `LASTCARD_SCREENSHOTS`, when it is set."""
    directory = os.environ.get(SCREENSHOTS_ENV)
    if not directory:
        return None
    path = Path(directory) / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


def in_thread(function: Callable[[], T]) -> T:
    """Run `function` in a thread of its own: websocket clients built on asyncio cannot run in
    the thread that drives Playwright's sync API."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function).result()


# -- getting to a table ---------------------------------------------------------------------------


def by_id(page: Page, testid: str) -> Locator:
    return page.get_by_test_id(testid)


def seat_page(pages: Pages, server: LiveServer, code: str, token: str, **open: Any) -> Page:
    """A page holding the seat of `token` (stored as the lobby stores it) at table `code`."""
    page = pages.open(server.url + "/", **open)
    page.evaluate(
        "([key, token]) => localStorage.setItem(key, token)",
        [TOKEN_KEY.format(code=code), token],
    )
    page.goto(f"{server.url}/t/{code}")
    return page


def press_ready(page: Page) -> None:
    ready = by_id(page, "ready")
    ready.click()
    pressed = page.locator('[data-testid="ready"][aria-pressed="true"]')
    pressed.wait_for()


def start_game(page: Page) -> None:
    """The host starts the game once the waiting room says everyone is ready."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=waiting-hint]')"
        ".textContent.startsWith('Everyone is ready')"
    )
    by_id(page, "start").click()
    wait_in_game(page)


def wait_in_game(page: Page) -> None:
    by_id(page, "game").wait_for()
    page.locator('[data-testid="hand"] button.card').first.wait_for()


# The page offers its reader a move of their own turn: an enabled card, or an enabled decision
# that is not an out-of-turn call (catch, Uno, jump in).
MY_TURN_JS = """() => Boolean(
  document.querySelector('[data-testid=hand] button.card:not([aria-disabled=true])')
  || [...document.querySelectorAll('[data-testid=decisions] button')].some((b) =>
       b.getAttribute('aria-disabled') !== 'true'
       && !/^(catch-\\d+|uno|jump-in)$/.test(b.dataset.testid)))"""


def wait_my_turn(page: Page, timeout: float = WAIT_MS) -> None:
    """Wait until it is the reader's turn and the page offers them a move (the bots wait)."""
    page.wait_for_function(MY_TURN_JS, timeout=timeout)


def solo_game(
    pages: Pages,
    server: LiveServer,
    *,
    bots: int = 1,
    target: int | None = None,
    viewport: ViewportSize = DESKTOP,
) -> tuple[Page, str]:
    """One person (seat 0) against `bots` easy bots, readied and started through the page;
    the page and the table code."""
    body: dict[str, Any] = {
        "name": "Ana",
        "seats": bots + 1,
        "bots": [{"seat": seat, "level": "easy"} for seat in range(1, bots + 1)],
    }
    if target is not None:
        body["target"] = target
    created = server.create_table(**body)
    page = seat_page(pages, server, created["code"], created["token"], viewport=viewport)
    by_id(page, "waiting").wait_for()
    press_ready(page)
    start_game(page)
    return page, created["code"]


# -- reading the table ----------------------------------------------------------------------------

# What the page offers its reader right now, as a person sees it: the dialog, the enabled cards
# of the hand (in order), and the visible decision buttons with their state and shortcut.
OFFERS_JS = """() => {
  const dialog = document.querySelector('[data-testid=choice-dialog]');
  const cards = [...document.querySelectorAll('[data-testid=hand] button.card')];
  const decisions = [...document.querySelectorAll('[data-testid=decisions] button')];
  const game = document.querySelector('[data-testid=game]');
  return {
    dialog: Boolean(dialog && dialog.open),
    inGame: Boolean(game && !game.hidden),
    over: !document.querySelector('[data-testid=over]').hidden,
    cards: cards.filter((b) => b.getAttribute('aria-disabled') !== 'true')
                .map((b) => b.dataset.testid),
    buttons: decisions.filter((b) => b.getAttribute('aria-disabled') !== 'true')
                      .map((b) => ({testid: b.dataset.testid,
                                    key: b.getAttribute('aria-keyshortcuts')})),
  };
}"""

# The decisions a policy takes before any other, most pressing first: finish a draw, answer a
# draw card, draw, deal on; then the out-of-turn calls.
DECISION_ORDER = ("play-drawn", "keep", "accept", "stack", "draw", "next", "uno", "catch", "color")


def offers(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(OFFERS_JS)
    return result


def pick_decision(buttons: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The decision button a player presses when no card is played: by `DECISION_ORDER`, then
    any other visible one (pass, challenge, a code without words)."""

    def rank(button: dict[str, Any]) -> int:
        testid = str(button["testid"])
        for index, prefix in enumerate(DECISION_ORDER):
            if testid == prefix or testid.startswith(prefix + "-"):
                return index
        return len(DECISION_ORDER)

    return min(buttons, key=rank, default=None)


def hand_codes(page: Page) -> list[str]:
    """The test ids of the hand's card buttons, in order."""
    cards = page.locator('[data-testid="hand"] button.card')
    return [str(testid) for testid in cards.evaluate_all("bs => bs.map(b => b.dataset.testid)")]


def story_lines(page: Page) -> list[str]:
    return [line.strip() for line in by_id(page, "story").locator("p").all_inner_texts()]


def is_over(page: Page) -> bool:
    return by_id(page, "over").is_visible()


# -- playing by mouse and by keyboard -------------------------------------------------------------


def click_step(page: Page) -> str | None:
    """One move by mouse, from what the page offers: a colour in the open wild dialog, else the
    first enabled card of the hand, else a decision button; what was clicked, or None when the
    page offers nothing now (another seat decides, or a move is in flight)."""
    offered = offers(page)
    if not offered["inGame"] or offered["over"]:
        return None
    try:
        if offered["dialog"]:
            page.locator('[data-testid="choice-dialog"] input[type="radio"]').last.click()
            by_id(page, "choice-ok").click()
            return "choice-ok"
        if offered["cards"]:
            testid = str(offered["cards"][0])
        else:
            button = pick_decision(offered["buttons"])
            if button is None:
                return None
            testid = str(button["testid"])
        by_id(page, testid).click(timeout=1_000)
        return testid
    except Error:
        return None  # the table moved on under the pointer (a bot played): read it again


def key_step(page: Page) -> str | None:
    """One move by keyboard alone: in the wild dialog an arrow picks a colour and Enter plays;
    else H moves into the hand (onto its first playable card) and Enter plays it; else the
    shortcut of a decision button, or Tab to a button that has none and Enter."""
    offered = offers(page)
    if not offered["inGame"] or offered["over"]:
        return None
    if offered["dialog"]:
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        return "dialog"
    if offered["cards"]:
        page.keyboard.press("h")
        if focused_testid(page) not in offered["cards"]:
            return None  # the hand changed between reading and the key: read again
        page.keyboard.press("Enter")
        return "card"
    button = pick_decision(offered["buttons"])
    if button is None:
        return None
    if button["key"]:
        page.keyboard.press(str(button["key"]).lower())
        return str(button["key"])
    if tab_to(page, str(button["testid"]), limit=60):
        page.keyboard.press("Enter")
        return str(button["testid"])
    return None


def play_until(
    players: Sequence[Page],
    step: Callable[[Page], str | None],
    done: Callable[[], bool],
    *,
    timeout: float = GAME_SECONDS,
) -> dict[Page, list[str]]:
    """Let each page make its moves with `step` until `done()`; the moves made, by page."""
    moves: dict[Page, list[str]] = {page: [] for page in players}
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(
                f"not done within {timeout} s; moves: {[len(m) for m in moves.values()]}; "
                f"prompts: {[by_id(p, 'status').inner_text() for p in players]}"
            )
        moved = False
        for page in players:
            made = step(page)
            if made is not None:
                moves[page].append(made)
                moved = True
        if not moved:
            players[0].wait_for_timeout(25)  # a poll interval while the bots play
    return moves


def focused_testid(page: Page) -> str | None:
    value = page.evaluate("() => document.activeElement?.dataset?.testid ?? null")
    return None if value is None else str(value)


def tab_to(page: Page, testid: str, *, limit: int = 40) -> bool:
    """Press Tab until the element with this test id has the keyboard focus; False if it is not
    reached within `limit` presses (it is not in the tab order)."""
    for _ in range(limit):
        if focused_testid(page) == testid:
            return True
        page.keyboard.press("Tab")
    return focused_testid(page) == testid
