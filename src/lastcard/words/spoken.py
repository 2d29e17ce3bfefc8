"""The story in words to be read aloud or on a Braille line: line mode and the web table.

The `Narrator` draws its cards through a `card_format`; here each card is its name in words,
between invisible marks, because the narrator separates the cards of a list with spaces, which
codes can afford ("R5 G7") but names cannot ("Red 5 Green 7"). `spoken` then puts a comma where
one card ends and the next begins, drops the marks, the rules drawn around headings
(`── Hand 2 ──`) and the typography a speech synthesizer reads aloud by name.

>>> from lastcard.words.cards import cards_text
>>> spoken(cards_text(["G5", "W"], card_format=narration_card).plain)
'Green 5, Wild'
>>> spoken("══ Game over: You win! ══")
'Game over: You win!'
"""

from __future__ import annotations

from rich.text import Text

from lastcard.core import Card, Color

from .cards import COLOR_WORDS, card_name

_CARD_START, _CARD_END = "\u2062", "\u2063"
_NEXT_CARD = f"{_CARD_END} {_CARD_START}"

_DECORATION = "─═ "
_REPLACED = {" · ": ", ", "…": "...", "→": " to ", " — ": ", "}


def narration_card(code: str, declared: str | None) -> Text:
    """`card_name` as the `Narrator` draws cards (`card_format`: a code and a colour letter),
    marked so that `spoken` separates the cards of a list with commas."""
    color = Color.from_letter(declared) if declared else None
    return Text(f"{_CARD_START}{card_name(Card.from_code(code), color)}{_CARD_END}")


def narration_color(letter: str) -> Text:
    """A declared colour in words, as the `Narrator` draws colours (`color_format`)."""
    return Text(COLOR_WORDS[Color.from_letter(letter)])


def spoken(line: str) -> str:
    """`line` without decoration: headings lose their rules, middle dots become commas, the
    cards of a list are separated by commas."""
    stripped = line.strip(_DECORATION)
    if stripped != line.strip():  # a decorated heading
        line = stripped
    line = line.replace(_NEXT_CARD, ", ").replace(_CARD_START, "").replace(_CARD_END, "")
    for old, new in _REPLACED.items():
        line = line.replace(old, new)
    return line.rstrip()
