"""The new-game screen, driven through Textual's pilot as a player would."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from rich.color import Color as RichColor
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Static, Switch

from lastcard.core import Rules
from lastcard.tui.new_game import NewGameScreen
from lastcard.tui.settings import PlaySettings
from lastcard.words import PRESET_HELP
from lastcard.words.options import OPTIONS, OPTIONS_BY_NAME, choice_label, option_value

from .colors import contrast

SIZE = (120, 50)


class Host(App[None]):
    """Pushes the screen and records what it is dismissed with."""

    def __init__(self, settings: PlaySettings) -> None:
        super().__init__()
        self.settings = settings
        self.results: list[PlaySettings | None] = []

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen(self.settings), self.results.append)


Scenario = Callable[[Host, Pilot[None]], Awaitable[None]]


def run(
    scenario: Scenario, settings: PlaySettings | None = None, size: tuple[int, int] = SIZE
) -> Host:
    app = Host(settings if settings is not None else PlaySettings())

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    asyncio.run(main())
    return app


def screen(app: Host) -> NewGameScreen:
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def select(app: Host, widget_id: str) -> Select[Any]:
    return screen(app).query_one(f"#{widget_id}", Select)


def switch(app: Host, name: str) -> Switch:
    return screen(app).query_one(f"#opt-{name}", Switch)


def screen_text(app: Host) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def error_text(app: Host) -> str:
    return str(screen(app).query_one("#error", Static).content)


async def pick(pilot: Pilot[None], app: Host, widget_id: str, presses: list[str]) -> None:
    """Open a Select from the keyboard, move through its list and choose."""
    select(app, widget_id).focus()
    await pilot.press("enter", *presses, "enter")
    await pilot.pause()


async def toggle(pilot: Pilot[None], app: Host, name: str) -> None:
    switch(app, name).focus()  # focusing scrolls it into view
    await pilot.press("space")
    await pilot.pause()


def test_every_option_has_a_control_and_its_help() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        kinds = {"bool": Switch, "choice": Select, "int": Input, "optional_int": Input}
        for spec in OPTIONS:
            if spec.kind == "set":  # a switch per member: test_themes_tui.py
                continue
            control = screen(app).query_one(f"#opt-{spec.name}")
            assert isinstance(control, kinds[spec.kind]), spec.name
            option = screen(app).query_one(f"#option-{spec.name}")
            assert control in option.query("*")
            assert [str(s.content) for s in option.query(".option-help").results(Static)] == [
                spec.help
            ]
        assert select(app, "preset").value == "official"
        assert error_text(app) == ""
        assert not screen(app).query_one("#start", Button).disabled

    run(scenario)


def test_choose_players_levels_preset_and_an_option_then_start() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        opponents = [screen(app).query_one(f"#opponent-{k}") for k in range(1, 10)]
        assert [row.display for row in opponents] == [True] * 3 + [False] * 6
        assert str(screen(app).query_one("#opponent-2 Label", Static).content) == "Basil"

        await pick(pilot, app, "players", ["up"])  # 4 -> 3
        assert select(app, "players").value == 3
        assert [row.display for row in opponents] == [True] * 2 + [False] * 7

        await pick(pilot, app, "level-1", ["down"])  # normal -> hard
        assert select(app, "level-1").value == "hard"

        select(app, "preset").value = "party"  # as when chosen from its list
        await pilot.pause()
        assert switch(app, "seven_o").value is True
        assert switch(app, "jump_in").value is True
        assert select(app, "opt-stacking").value == OPTIONS_BY_NAME["stacking"].choices.index(
            "same"
        )
        assert str(screen(app).query_one("#state-seven_o", Static).content) == "on"
        assert select(app, "preset").value == "party"

        await toggle(pilot, app, "elimination")
        assert switch(app, "elimination").value is True
        assert select(app, "preset").value == "custom"

        screen(app).query_one("#seed", Input).focus()
        await pilot.press("4", "2")
        await pilot.click("#start")
        await pilot.pause()

    app = run(scenario)
    assert len(app.results) == 1
    result = app.results[0]
    assert result is not None
    assert result.players == 3
    assert result.levels == ["hard", "normal"]
    assert result.rules == Rules.preset("party").changed(elimination=True)
    assert result.seed == 42
    assert result.bot_delay == PlaySettings().bot_delay


def test_start_is_focused_on_mount_and_enter_starts() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        assert screen(app).focused is screen(app).query_one("#start", Button)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)

    app = run(scenario)
    assert app.results == [PlaySettings()]


def preset_help(app: Host) -> str:
    return str(screen(app).query_one("#preset-help", Static).content)


def test_the_preset_help_line_follows_the_preset() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        assert preset_help(app) == "the official rules, first to 500 points"
        select(app, "preset").value = "party"
        await pilot.pause()
        assert preset_help(app) == PRESET_HELP["party"] == "stacking Draw Twos, Seven-O and Jump-In"
        assert "stacking Draw Twos, Seven-O and Jump-In" in screen_text(app)
        await toggle(pilot, app, "elimination")
        assert select(app, "preset").value == "custom"
        assert preset_help(app) == "your own choice of the options on the right"
        await toggle(pilot, app, "elimination")
        assert preset_help(app) == PRESET_HELP["party"], "its options set back: the preset again"
        await pick(pilot, app, "preset", ["down"])  # party -> elimination, from the keyboard
        assert select(app, "preset").value == "elimination"
        assert preset_help(app) == PRESET_HELP["elimination"]

    run(scenario)
    for name in Rules.presets():
        assert PRESET_HELP.get(name), f"the preset {name} has no help line"


def test_setting_a_presets_options_by_hand_shows_its_name() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        await toggle(pilot, app, "seven_o")
        assert select(app, "preset").value == "custom"
        await toggle(pilot, app, "jump_in")
        select(app, "opt-stacking").value = OPTIONS_BY_NAME["stacking"].choices.index("same")
        await pilot.pause()
        assert select(app, "preset").value == "party"
        await toggle(pilot, app, "jump_in")
        assert select(app, "preset").value == "custom"
        select(app, "preset").value = "official"
        await pilot.pause()
        assert not switch(app, "seven_o").value
        assert select(app, "preset").value == "official"

    run(scenario)


def test_partners_with_three_players_shows_an_error_and_cannot_start() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        select(app, "players").value = 3
        select(app, "preset").value = "partners"
        await pilot.pause()
        assert "4 players" in error_text(app)
        assert screen(app).query_one("#start", Button).disabled
        # Start had the focus: it must not pass to Cancel, where Enter would drop the form.
        assert screen(app).focused is not screen(app).query_one("#cancel")
        await pilot.click("#start")
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert isinstance(app.screen, NewGameScreen)

        select(app, "players").value = 4
        await pilot.pause()
        assert error_text(app) == ""
        await pilot.click("#start")
        await pilot.pause()

    app = run(scenario)
    assert len(app.results) == 1 and app.results[0] is not None
    assert app.results[0].rules == Rules.preset("partners")
    assert app.results[0].players == 4


def test_invalid_numbers_show_an_error_until_fixed() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        hand = screen(app).query_one("#opt-hand_size", Input)
        hand.value = "16"
        await pilot.pause()
        assert "hand_size" in error_text(app)
        assert screen(app).query_one("#start", Button).disabled
        hand.value = "-"
        await pilot.pause()
        assert "whole number" in error_text(app)
        hand.value = "5"
        await pilot.pause()
        assert error_text(app) == ""
        target = screen(app).query_one("#opt-target_score", Input)
        target.value = ""
        await pilot.pause()
        assert error_text(app) == ""
        await pilot.click("#start")
        await pilot.pause()

    app = run(scenario)
    result = app.results[0]
    assert result is not None
    assert result.rules == Rules(hand_size=5, target_score=None)


def test_a_deck_too_small_for_the_players_is_an_error() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        select(app, "players").value = 10
        screen(app).query_one("#opt-hand_size", Input).value = "11"
        await pilot.pause()
        assert "the deck has 108" in error_text(app)
        assert screen(app).query_one("#start", Button).disabled

    run(scenario)


def test_escape_and_cancel_return_none() -> None:
    async def escape(app: Host, pilot: Pilot[None]) -> None:
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)

    async def cancel(app: Host, pilot: Pilot[None]) -> None:
        await pilot.click("#cancel")
        await pilot.pause()

    assert run(escape).results == [None]
    assert run(cancel).results == [None]


def test_the_screen_starts_from_the_given_settings() -> None:
    settings = PlaySettings(
        players=5,
        levels=["easy", "beginner"],
        rules=Rules.preset("h2o").changed(hand_size=6),
        seed=9,
        bot_delay=0.1,
    )

    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        assert select(app, "players").value == 5
        assert [select(app, f"level-{k}").value for k in range(1, 5)] == [
            "easy",
            "beginner",
            "normal",
            "normal",
        ]
        assert select(app, "preset").value == "custom"
        assert switch(app, "wild_downpour").value is True
        assert screen(app).query_one("#opt-hand_size", Input).value == "6"
        assert screen(app).query_one("#seed", Input).value == "9"
        await pilot.click("#start")
        await pilot.pause()

    app = run(scenario, settings)
    assert app.results == [
        PlaySettings(
            players=5,
            levels=["easy", "beginner", "normal", "normal"],
            rules=settings.rules,
            seed=9,
            bot_delay=0.1,
        )
    ]


def test_a_narrow_terminal_stacks_the_two_columns() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        body = screen(app).query_one("#body")
        assert not body.has_class("stacked")  # SIZE is wide: side by side
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert body.has_class("stacked")
        assert screen(app).query_one("#options").region.y > screen(app).query_one("#setup").region.y

    run(scenario)


@pytest.mark.parametrize("size", [(120, 30), (150, 45)])
def test_side_by_side_the_option_lists_are_whole(size: tuple[int, int]) -> None:
    """At 120×30 the options' dropdowns were cut at the right edge, their arrows out of sight."""
    checked: list[str] = []

    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        options = screen(app).query_one("#options")
        assert not screen(app).query_one("#body").has_class("stacked")
        room = options.scrollable_content_region
        text = screen_text(app).splitlines()
        for spec in OPTIONS:
            if spec.kind != "choice":
                continue
            control = select(app, f"opt-{spec.name}")
            assert control.region.right <= room.right, spec.name
            if room.contains_region(control.region):  # on screen: read it
                shown = text[control.region.y][control.region.x : control.region.right]
                assert "▼" in shown, f"{spec.name}: {shown!r}"
                label = choice_label(spec.name, option_value(PlaySettings().rules, spec.name))
                assert label in shown, f"{spec.name}: {shown!r}"
                checked.append(spec.name)

    run(scenario, size=size)
    assert len(checked) >= 2  # the first lists, at least, were read on the screen


@pytest.mark.parametrize("typed", ["-5", str(2**512)])
def test_12_a_seed_out_of_range_is_refused_in_plain_words(typed: str) -> None:
    # The form passed it on, and the engine's refusal named "the secure generator".
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        screen(app).query_one("#seed", Input).focus()
        await pilot.press(*typed)
        await pilot.pause()
        said = error_text(app)
        assert "Seed: enter a whole number from 0 to 2^512 − 1" in said
        assert "generator" not in said
        assert screen(app).query_one("#start", Button).disabled

    run(scenario)


FOCUS_CONTRAST = 3.0  # WCAG 2 non-text contrast: what shows where the keyboard is


def backgrounds(app: App[None], widget: Widget) -> list[RichColor]:
    """The background colour of each of `widget`'s cells on the screen (reverse undone)."""
    region = widget.region.intersection(app.screen.region)
    strips = app.screen._compositor.render_strips()
    painted: list[RichColor] = []
    for y in range(region.y, region.bottom):
        x = 0
        for segment in strips[y]:
            style = segment.style
            for cell in range(x, x + len(segment.text)):
                if style is not None and region.x <= cell < region.right:
                    back = style.color if style.reverse else style.bgcolor
                    if back is not None:
                        painted.append(back)
            x += len(segment.text)
    return painted


@pytest.mark.parametrize("size", [(80, 24), (120, 30)], ids=["80x24", "120x30"])
def test_6_tab_goes_from_control_to_control_and_the_one_with_the_keyboard_stands_out(
    size: tuple[int, int],
) -> None:
    # The form's focus was a background one step lighter (234 against 235), and Tab stopped
    # once on a column that showed nothing: values went into another field than the one looked at.
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        form = screen(app)
        controls = [w for w in form.query("Select, Input, Switch, Button") if w.focusable]
        form_background = app.screen.styles.background.rich_color
        visited: list[Widget] = []
        for _ in controls:
            focused = app.focused
            assert focused is not None and focused in controls, f"a stop on {focused!r}"
            if visited and focused is visited[0]:
                break  # round once
            visited.append(focused)
            if not isinstance(focused, Button):  # a button shows its focus in reverse video
                # Most of it, at least: a switch's knob keeps its own colour on the track.
                painted = backgrounds(app, focused)
                marked = [b for b in painted if contrast(b, form_background) >= FOCUS_CONTRAST]
                assert painted and len(marked) * 2 >= len(painted), focused
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is visited[0], "Tab comes back round to Start"
        assert len(set(visited)) == len(visited)
        assert {f"opt-{spec.name}" for spec in OPTIONS if spec.kind != "set"} <= {
            w.id for w in visited
        }
        # In the order they are read: players, the opponents, rules, seed, then the options.
        fields = [w.id for w in visited if not isinstance(w, Button)]
        assert fields[:6] == ["players", "level-1", "level-2", "level-3", "preset", "seed"]

    run(scenario, size=size)
