"""The table read as plain text, every colour dropped: each card must still say what it is.

The table is rendered by Textual to the characters a terminal would show; each card of the hand
is read back from the place its widget occupies and must carry its colour letter, its shape and
its value (`faces.face_lines`), which are unique over every deck (tests/tui/test_faces.py).
Whether a card is playable must read without colour too: a playable card's edge is solid, an
unplayable one's dashed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lastcard import Rules
from lastcard.tui.app import PlayApp
from lastcard.tui.faces import color_text, face_lines
from lastcard.tui.session import GameSession
from lastcard.tui.widgets import CardWidget

from .driver import make_app, screen_text, table_of

WIDE = (230, 50)
# The top-left corner and edge of a card: solid when playable (heavy when selected), dashed
# when not (double when selected).
PLAYABLE = ("╭─", "┏━")
UNPLAYABLE = ("┏╍", "╔═")


def _read_table(app: PlayApp) -> None:
    """Assert that every card on the table reads without colour."""
    lines = screen_text(app).splitlines()
    table = table_of(app)
    session = table.session
    view = session.view()
    playable = {a.card for a in session.human_actions() if a.card is not None}
    cards = list(table.query(CardWidget))
    assert [w.card for w in cards] == list(table.hand)
    assert len(cards) == len(view.hand or ())
    for widget in cards:
        region = widget.content_region
        first, second = face_lines(widget.card)
        top = lines[region.y][region.x : region.x + region.width].strip()
        bottom = lines[region.y + 1][region.x : region.x + region.width].strip()
        assert (top, bottom) == (first, second), f"{widget.card.code} reads {top!r} {bottom!r}"
        edge = widget.region
        corner = lines[edge.y][edge.x : edge.x + 2]
        selected = widget.index == table.selected
        if widget.card in playable:
            assert corner == PLAYABLE[selected], f"playable {widget.card.code}: {corner!r}"
        else:
            assert corner == UNPLAYABLE[selected], f"unplayable {widget.card.code}: {corner!r}"
    text = "\n".join(lines)
    top_first, top_second = face_lines(view.top, view.color if view.top.is_wild else None)
    assert f"{top_first} {top_second}" in text, "the discard pile's top card"
    if view.color is not None:
        assert color_text(view.color).plain in text, "the current colour, as a mark and a word"
    for seat in range(1, view.players):
        count = view.hand_sizes[seat]
        assert f"{count} card{'s' if count != 1 else ''}" in text


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (Rules(target_score=None, hand_size=12), 1),
        (Rules(deck="2018", wild_downpour=True, target_score=None, hand_size=15), 2),
        (Rules(deck="2018", custom_wild_effect="skip", target_score=None, hand_size=15), 3),
    ],
)
def test_every_card_on_the_table_reads_without_colour(
    tmp_path: Path, rules: Rules, seed: int
) -> None:
    session = GameSession(["heuristic", "greedy"], rules, seed=seed)
    app = make_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            # Wherever the deal left the turn, read the table at each of your decisions and
            # after each bot move, a dozen times.
            for _ in range(12):
                _read_table(app)
                if session.hand_over or session.is_over:
                    break
                if session.human_to_act():
                    actions = session.human_actions()
                    await pilot.press("d" if any(a.code == "draw" for a in actions) else "a")
                    await pilot.pause()
                else:
                    await pilot.press("space")
                    for _ in range(200):
                        await pilot.pause(0.01)
                        if not table_of(app)._thinking:
                            break

    asyncio.run(scenario())
