"""Driving `PlayApp` through Textual's pilot, by key presses, in tests.

Games here are stacked (`deck=`, `dealer=`) so that every situation a test needs arrives on a
known move. The bots wait an hour before each move (`bot_delay=HOUR`) and move only when the
test presses Space, as a player who does not want to wait would; so whatever the person does
between two bot moves is in the test's hands, not the clock's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget

from lastcard import Rules
from lastcard.tui.app import PlayApp
from lastcard.tui.session import GameSession
from lastcard.tui.table import TableScreen

HOUR = 3600.0
SIZE = (160, 48)


def stacked_session(
    levels: Sequence[str], deck: str, *, rules: Rules | None = None, dealer: int = 1, seed: int = 1
) -> GameSession:
    """A single-hand game whose first cards are `deck` (dealt from the dealer's left, then
    the first discard, then the top of the stock)."""
    rules = rules if rules is not None else Rules(target_score=None, hand_size=3)
    names = ["You", "Ada", "Basil", "Cleo", "Dmitri"][: len(levels) + 1]
    return GameSession(levels, rules, names=names, seed=seed, dealer=dealer, deck=deck.split())


def make_app(session: GameSession | None, tmp_path: Path, **options: object) -> PlayApp:
    """An app with its settings and saved game under `tmp_path`."""
    return PlayApp(
        session=session,
        bot_delay=options.pop("bot_delay", HOUR),  # type: ignore[arg-type]
        settings_file=tmp_path / "play-settings.json",
        save_file=tmp_path / "saved-game.json",
        **options,  # type: ignore[arg-type]
    )


def at_table(
    app: PlayApp,
    scenario: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
    *,
    notifications: bool = False,
) -> None:
    """Run `app` headless at `size` and play `scenario` on it once it has started; its notices
    are drawn only with `notifications` (they are kept in `app._notifications` either way)."""

    async def main() -> None:
        async with app.run_test(size=size, notifications=notifications) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def table_of(app: PlayApp) -> TableScreen:
    assert app.table is not None, "no game at the table"
    return app.table


async def bots_move(pilot: Pilot[None], app: PlayApp, times: int = 1) -> None:
    """Press Space `times` times, each time waiting for that bot poll to finish."""
    table = table_of(app)
    for _ in range(times):
        before = table.polls
        await pilot.press("space")
        for _ in range(500):
            if table.polls > before:
                break
            await pilot.pause(0.01)
        else:
            raise AssertionError("the bots did not move after Space")
        await pilot.pause()


async def play(pilot: Pilot[None], app: PlayApp, code: str) -> None:
    """Select the card `code` in the hand with the number key of its position, press Enter."""
    table = table_of(app)
    codes = [card.code for card in table.hand]
    index = codes.index(code)
    assert index < 10, "a card beyond the tenth is reached with the arrows"
    await pilot.press(str((index + 1) % 10))
    await pilot.press("enter")
    await pilot.pause()


def screen_text(app: PlayApp) -> str:
    """The current screen as plain text, every colour and style dropped."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def fully_visible(app: App[None], widget: Widget) -> bool:
    """True when all of `widget` is on the screen: not scrolled out of its container, not
    cut by the screen's edge, not under something docked."""
    geometry = app.screen.find_widget(widget)
    region = geometry.region
    return (
        region.area > 0
        and geometry.clip.contains_region(region)
        and app.screen.region.contains_region(region)
    )


def codes(cards: Sequence[object]) -> list[str]:
    return [getattr(card, "code", str(card)) for card in cards]
