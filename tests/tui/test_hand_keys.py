"""Your hand from the keyboard: where the cursor starts, and number keys that can be read.

The number over each card is the key that selects it; an unplayable card's number was drawn in
colour 234 on 233 (a contrast of about 1.1 to 1), unreadable. WCAG asks 4.5 to 1 for text.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from lastcard import Rules
from lastcard.tui.app import PlayApp
from lastcard.tui.session import GameSession
from lastcard.tui.widgets import CardWidget

from .colors import READABLE, contrast
from .driver import at_table, make_app, stacked_session, table_of


def number_key_contrasts(app: PlayApp) -> dict[str, float]:
    """Each card's number key (its border title) and the contrast it is drawn with."""
    strips = app.screen._compositor.render_strips()
    found: dict[str, float] = {}
    for widget in table_of(app).query(CardWidget):
        region = widget.region
        x = 0
        for segment in strips[region.y]:
            end = x + len(segment.text)
            inside = region.x <= x and end <= region.right
            if inside and segment.text.strip().isdigit():
                style = segment.style
                assert style is not None and style.color and style.bgcolor
                found[widget.card.code] = contrast(style.color, style.bgcolor)
            x = end
    return found


def test_every_cards_number_key_is_readable(tmp_path: Path) -> None:
    session = GameSession(["heuristic", "heuristic"], Rules(target_score=None), seed=2, dealer=2)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        playable = {a.card for a in session.human_actions() if a.card is not None}
        assert set(table.hand) - playable, "the deal holds cards that cannot be played"
        contrasts = number_key_contrasts(app)
        assert len(contrasts) == len(table.hand)
        dim = {code: round(ratio, 1) for code, ratio in contrasts.items() if ratio < READABLE}
        assert not dim, f"number keys drawn with too little contrast: {dim}"

    at_table(app, scenario)


def test_the_cursor_starts_on_a_playable_card(tmp_path: Path) -> None:
    # You: R5 B7 G1, in hand order R5 G1 B7; G3 on the pile: only G1 can be played.
    session = stacked_session(["heuristic"], "R5 B1 B7 B2 G1 B3 G3")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        assert [card.code for card in table.hand] == ["R5", "G1", "B7"]
        assert table.selected == 1
        await pilot.press("left")  # the person's own choice stands until something happens
        await pilot.pause()
        assert table.selected == 0
        await pilot.press("right", "enter")
        await pilot.pause()

    at_table(app, scenario)
    assert [e.to_dict()["card"] for e in session.log if e.type == "play"] == ["G1"]
