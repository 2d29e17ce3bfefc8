"""The table on a small terminal and with many players: your hand, the discard pile and the
decision stay in sight, the opponents give way, and the footer says how to leave.

Ten players at 80×24 filled the screen with the opponents' panels and put the pile, the status
and the hand below the fold; an 11-card hand wrapped out of sight as well.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from textual.pilot import Pilot

from lastcard import Rules
from lastcard.tui.app import PlayApp
from lastcard.tui.session import GameSession
from lastcard.tui.widgets import CardWidget, OpponentPanel, PileView

from .driver import at_table, bots_move, fully_visible, make_app, screen_text, table_of

NAMES = ["You", "Ada", "Basil", "Cleo", "Dmitri", "Esme", "Farid", "Greta", "Hugo", "Ines"]
SMALL = (80, 24)
LARGE = (150, 45)


def ten_players_eleven_cards() -> GameSession:
    """Ten players dealt ten cards each; you draw one and keep it, so on your next turn you hold
    eleven (seed 2, dealer Ines: you play first)."""
    session = GameSession(["heuristic"] * 9, Rules(hand_size=10), names=NAMES, seed=2, dealer=9)
    session.act("draw")
    if session.human_to_act():
        session.act("keep")
    while not session.human_to_act():
        session.step_bots()
    assert len(session.view().hand or ()) == 11
    return session


def assert_you_can_decide(app: PlayApp) -> None:
    """The pile, the status, every card of your hand and the buttons are wholly on screen, and
    every opponent is named there."""
    table = table_of(app)
    for widget_id in ("#pile", "#status", "#actions"):
        assert fully_visible(app, table.query_one(widget_id)), widget_id
    cards = list(table.query(CardWidget))
    assert len(cards) == len(table.session.view().hand or ())
    hidden = [w.card.code for w in cards if not fully_visible(app, w)]
    assert not hidden, f"cards out of sight: {hidden}"
    text = screen_text(app)
    for name in NAMES[1:]:
        assert name in text, f"{name} is not on the screen"
    assert "q quit" in text.splitlines()[-1], "the footer says how to leave"


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_ten_players_and_an_eleven_card_hand_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    session = ten_players_eleven_cards()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        assert_you_can_decide(app)
        assert "Your turn" in screen_text(app)
        panels = list(table.query(OpponentPanel))
        one_line = [panel.one_line for panel in panels]
        if size == SMALL:  # no room for bordered panels: one line each
            assert all(one_line)
            assert all(panel.region.height == 1 for panel in panels)
        else:  # room enough: the bordered panels
            assert not any(one_line)
        # Your draw, then the bots in turn until it is yours again: the hand comes back with
        # the turn, in sight.
        await pilot.press("d")
        await pilot.pause()
        if session.human_to_act():
            await pilot.press("k")
            await pilot.pause()
        to_act = session.view().to_act
        assert to_act is not None and to_act != 0
        marker = "▶ " if size == SMALL else ""
        assert f"{marker}{NAMES[to_act]}" in screen_text(app)
        for _ in range(12):
            if session.human_to_act():
                break
            await bots_move(pilot, app)
        assert session.human_to_act()
        assert_you_can_decide(app)

    at_table(app, scenario, size)


def test_the_footer_names_the_way_out_at_80_columns_while_a_catch_is_on_offer(
    tmp_path: Path,
) -> None:
    # Ada never calls: once she plays her penultimate card, the Catch and UNO buttons are
    # shown, and the footer still ends with `q quit`.
    rules = Rules(target_score=None, hand_size=2)
    session = GameSession(
        ["random:call_uno=false,voluntary_draw=false,catch_rate=0", "heuristic"],
        rules,
        names=NAMES[:3],
        seed=1,
        dealer=2,
        deck=["R5", "R1", "R8", "G7", "B4", "Y2", "R3", "B9", "B8", "B7"],
    )
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert "q quit" in screen_text(app).splitlines()[-1]
        await pilot.press("u", "1", "enter")  # R5, with the call
        await pilot.pause()
        await bots_move(pilot, app)  # Ada's R1, silently
        assert session.view().exposed == 1
        text = screen_text(app)
        assert "Catch (c)" in text
        assert "q quit" in text.splitlines()[-1]

    at_table(app, scenario, SMALL)


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
def test_10_the_title_keeps_the_hand_and_the_seed_in_sight(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A random seed has 38 digits: at 80 columns the title wrapped at it, and its one line
    # showed "seed" and nothing after it (not even the hand).
    seed = 123456789012345678901234567890123456789 % 2**128
    session = GameSession(["heuristic"] * 3, Rules(), names=NAMES[:4], seed=seed)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        title = screen_text(app).splitlines()[0].strip()
        assert title.startswith(
            "4 players · official rules · first to 500 points · hand 1 · seed 1234"
        )
        if size[0] >= 120:
            assert title.endswith(f"seed {seed}")
        else:
            assert title.endswith("…"), "cut where it ends, not wrapped out of sight"
        assert table_of(app).query_one("#table-title").tooltip == f"seed {seed}"

    at_table(app, scenario, size)


def test_2_squeezed_the_hand_gives_way_before_the_opponents(tmp_path: Path) -> None:
    # 80×17 squeezes ten players and an eleven-card hand as 80×24 squeezes a hand past 24
    # cards: the opponents' area kept one line, and six opponents went out of sight.
    app = make_app(ten_players_eleven_cards(), tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        text = screen_text(app)
        hidden = [name for name in NAMES[1:] if name not in text]
        assert not hidden, f"opponents out of sight: {hidden}"
        table = table_of(app)
        for widget_id in ("#pile", "#status", "#actions"):
            assert fully_visible(app, table.query_one(widget_id)), widget_id
        selected = [w for w in table.query(CardWidget) if w.has_class("selected")]
        assert len(selected) == 1 and fully_visible(app, selected[0])

    at_table(app, scenario, (80, 17))


def test_12_one_card_in_the_stock_is_one_card(tmp_path: Path) -> None:
    # The pile read "Stock    1 cards".
    session = ten_players_eleven_cards()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        pile = table_of(app).query_one(PileView)
        view = dataclasses.replace(session.view(), stock_size=1)
        pile.show(view, session.names)
        await pilot.pause()
        text = screen_text(app)
        assert "Stock    1 card " in text and "Stock    1 cards" not in text

    at_table(app, scenario, (120, 30))


@pytest.mark.parametrize("story", [False, True], ids=["story hidden", "story shown"])
def test_12_at_80_by_24_notices_and_the_story_leave_the_decision_and_your_panel_whole(
    tmp_path: Path, story: bool
) -> None:
    # Notices stood at the bottom right, over the decision and the hand; the story shown (l)
    # at 80 columns ran over your own panel.
    app = make_app(ten_players_eleven_cards(), tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        if story:
            await pilot.press("l")
        for key in ("p", "u", "p"):  # three warnings at once: nothing drawn, no Uno to call
            await pilot.press(key)
        for _ in range(100):
            await pilot.pause()
            if len(app.screen.query("Toast")) == 3:
                break
        table = table_of(app)
        for widget_id in ("#pile", "#me", "#status", "#hand", "#actions"):
            assert fully_visible(app, table.query_one(widget_id)), widget_id
        # The notices may cover the opponents and the pile for their seconds, not the decision.
        kept = [table.query_one(widget_id).region for widget_id in ("#status", "#hand", "#actions")]
        notices = [toast.region for toast in app.screen.query("Toast")]
        assert len(notices) == 3 and all(notice.area > 0 for notice in notices)
        for notice in notices:
            assert not any(notice.overlaps(region) for region in kept), (notice, kept)

    at_table(app, scenario, SMALL, notifications=True)
