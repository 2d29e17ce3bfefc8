"""Finding 1 of issue 27: blue cards in the hand rendered light grey.

The faces were styled with terminal colour names, which Textual resolves through its own theme:
`bright_blue` became (224, 224, 224), so a quarter of the deck looked colourless, and an
unplayable card's face, dimmed to 70%, fell below a readable contrast. Here every card face is
rendered in the app, at 80×24 and 120×30, and each colour is read back from the screen: it must
be in its hue family and at WCAG AA contrast (4.5:1) on the background it is painted on.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from lastcard import Rules
from lastcard.core import Color
from lastcard.tui.app import PlayApp
from lastcard.tui.faces import COLOR_NAMES, STYLES
from lastcard.tui.pickers import ColorPicker
from lastcard.tui.widgets import CardWidget, PileView

from .colors import READABLE, Painted, contrast, hue_family, rendered
from .driver import at_table, make_app, stacked_session, table_of

SIZES = [(80, 24), (120, 30)]
WILD_FAMILY = "magenta"
# Your hand: a card of each colour and a Wild; Ada's cards; then the first discard.
YOURS = ["R5", "Y7", "G1", "B7", "W"]
ADAS = ["Y2", "G4", "B5", "R6", "Y8"]


def family(color: Color | None) -> str:
    return COLOR_NAMES[color] if color is not None else WILD_FAMILY


def faults(painted: list[Painted], expected: str) -> list[str]:
    """What is wrong with text meant to be painted in the `expected` hue family."""
    found = []
    for piece in painted:
        ratio = contrast(piece.foreground, piece.background)
        hue = hue_family(piece.ink)
        if hue != expected or ratio < READABLE:
            rgb = piece.ink.get_truecolor()
            found.append(f"{piece.text!r} {tuple(rgb)} reads {hue}, contrast {ratio:.1f}")
    return found


def colored(painted: list[Painted], color: Color) -> list[Painted]:
    """The pieces of a line that name `color` (its mark or its name)."""
    letter = color.letter
    return [p for p in painted if letter in p.text or COLOR_NAMES[color] in p.text]


def hand_faults(app: PlayApp) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for widget in table_of(app).query(CardWidget):
        painted = list(rendered(app, widget.content_region))
        assert painted, f"{widget.card.code} is not on the screen"
        state = "selected" if widget.has_class("selected") else ""
        state += " playable" if widget.has_class("playable") else " unplayable"
        problems = faults(painted, family(widget.card.color))
        if problems:
            found[f"{widget.card.code} ({state.strip()})"] = problems
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("top", ["R9", "Y9", "G9", "B9"])
def test_1_every_card_face_is_in_its_colour_and_readable(
    tmp_path: Path, size: tuple[int, int], top: str
) -> None:
    deck = " ".join(card for pair in zip(YOURS, ADAS, strict=True) for card in pair) + f" {top}"
    session = stacked_session(["heuristic"], deck, rules=Rules(target_score=None, hand_size=5))
    app = make_app(session, tmp_path)
    pile_color = Color.from_letter(top[0])

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        assert [card.code for card in table.hand] == YOURS
        problems = hand_faults(app)
        # The discard (in reverse video: the colour is its background) and the colour to match.
        pile = list(rendered(app, table.query_one(PileView).content_region))
        problems["pile"] = faults(colored(pile, pile_color), family(pile_color))
        assert len(colored(pile, pile_color)) == 2, pile
        # The colour picker a Wild opens.
        await pilot.press(str(YOURS.index("W") + 1), "enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, ColorPicker)
        for color in Color:
            button = picker.query_one(f"#colour-{color.letter.lower()}")
            painted = colored(list(rendered(app, button.content_region)), color)
            assert painted, f"the {color} button is not on the screen"
            problems[f"picker {color.letter}"] = faults(painted, family(color))
        wrong = {where: what for where, what in problems.items() if what}
        assert not wrong, "\n".join(f"{where}: {what}" for where, what in wrong.items())

    at_table(app, scenario, size)


def test_1_the_faces_name_no_terminal_colour() -> None:
    # Terminal colour names are resolved by Textual's theme, not by the terminal: only an
    # explicit RGB colour is the colour the player sees.
    for style in STYLES.values():
        assert style.startswith("#") and len(style) == 7, style
