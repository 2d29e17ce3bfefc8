"""How a card looks on the table, readable without colour.

Colour alone must never carry information (colour-blind players, monochrome terminals), so every
colour has its letter and a shape of its own: R▲ red, Y● yellow, G■ green, B◆ blue; wild-type
cards are W★. The shapes are ours, chosen to be distinct at a glance in any terminal font.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from lastcard import words
from lastcard.core import Card, Color, Kind
from lastcard.core.cards import sort_hand

SHAPES: dict[Color, str] = {
    Color.RED: "▲",
    Color.YELLOW: "●",
    Color.GREEN: "■",
    Color.BLUE: "◆",
}
WILD_SHAPE = "★"
WILD_LETTER = "W"
CHEAT_MARK = "✗"
"""Marks a card of your hand whose play would be a cheat under Pirate (§7.6.3), on its bottom
edge, which holds two characters: a word would be cut."""

STYLES: dict[Color | None, str] = {
    Color.RED: "#ff5f5f",
    Color.YELLOW: "#ffd700",
    Color.GREEN: "#5fd75f",
    Color.BLUE: "#5f87ff",
    None: "#ff5fff",  # magenta: wild-type cards before a colour is declared
}
"""The colours cards are drawn in. Explicit RGB, never a terminal colour's name: Textual resolves
names through its own theme (`bright_blue` came out light grey, `yellow` orange), so a name is
not the colour the player sees. Each is in its hue family and reads at WCAG AA contrast (4.5:1)
or better on the table's dark background, as text and in reverse video (the discard pile); each
is one of xterm's 256 colours, so a 256-colour terminal shows it exactly."""

COLOR_NAMES: dict[Color, str] = {color: words.COLOR_NAMES[color.letter] for color in Color}

_VALUE_LABELS: dict[Kind, str] = {
    Kind.SKIP: "SKIP",
    Kind.REVERSE: "REV",
    Kind.DRAW_TWO: "+2",
    Kind.WILD: "WILD",
    Kind.WILD_DRAW_FOUR: "W+4",
    Kind.WILD_SHUFFLE_HANDS: "SHUF",
    Kind.WILD_CUSTOMIZABLE: "CUST",
    Kind.WILD_DOWNPOUR_1: "ALL+1",
    Kind.WILD_DOWNPOUR_2: "ALL+2",
    # Theme-pack cards (§7.11): the web table's short words (server/static/js/cards.js).
    Kind.DRAW_THREE: "+3",
    Kind.WILD_HOWLER: "HOWL",
    Kind.WILD_INVISIBILITY: "INVIS",
    Kind.WILD_CARE_A_LOT: "CARE",
    Kind.WILD_FRIENDSHIP: "FRND",
    Kind.WILD_JOKER: "JOKER",
    Kind.WILD_MAMBO: "MAMBO",
    Kind.WILD_TRAVEL: "TRVL",
}


def color_mark(color: Color) -> str:
    """The colour's letter and shape: `G■`."""
    return f"{color.letter}{SHAPES[color]}"


def value_label(card: Card) -> str:
    """The card's value in at most six characters: `7`, `SKIP`, `REV`, `+2`, `W+4`, `ALL+2`,
    `JOKER`.

    >>> value_label(Card.from_code("B+2"))
    '+2'
    """
    if card.kind is Kind.NUMBER:
        return str(card.rank)
    return _VALUE_LABELS[card.kind]


def face_lines(card: Card, declared: Color | None = None) -> tuple[str, str]:
    """The two lines of a card drawn as a small box: colour mark, then value.

    A wild on the discard pile shows the colour declared for it: `★→G■`.

    >>> face_lines(Card.from_code("R5"))
    ('R▲', '5')
    >>> face_lines(Card.from_code("W+4"), Color.GREEN)
    ('★→G■', 'W+4')
    """
    if card.color is not None:
        return color_mark(card.color), value_label(card)
    declared = declared_color(card, declared)
    if declared is not None:
        return f"{WILD_SHAPE}→{color_mark(declared)}", value_label(card)
    return f"{WILD_LETTER}{WILD_SHAPE}", value_label(card)


def declared_color(card: Card, current: Color | None) -> Color | None:
    """The colour a wild on the pile was declared with: `current`, but for a Mambo, which
    declares none (§7.11.7: the colour before it stays until its lead)."""
    return None if card.kind is Kind.WILD_MAMBO else current


def card_style(card: Card, declared: Color | None = None) -> str:
    """The rich style a card is drawn in: its colour, or for a wild its declared colour."""
    return STYLES[card.color if card.color is not None else declared_color(card, declared)]


def card_label(card: Card, declared: Color | None = None) -> str:
    """The one-line plain form: `R▲5`, `B◆SKIP`, `W★W+4`, `W★W+4→G■`."""
    if card.color is not None:
        return f"{color_mark(card.color)}{value_label(card)}"
    text = f"{WILD_LETTER}{WILD_SHAPE}{value_label(card)}"
    declared = declared_color(card, declared)
    if declared is not None:
        text += f"→{color_mark(declared)}"
    return text


def card_text(card: Card, declared: Color | None = None) -> Text:
    """`card_label` styled in the card's colour (a wild's declared colour, else magenta).

    >>> card_text(Card.from_code("W+4"), Color.GREEN).plain
    'W★W+4→G■'
    """
    return Text(card_label(card, declared), style=card_style(card, declared))


def color_text(color: Color) -> Text:
    """A colour as its mark and its name, in that colour: `G■ green`."""
    return Text(f"{color_mark(color)} {COLOR_NAMES[color]}", style=STYLES[color])


def hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Colour by colour (R, Y, G, B), numbers ascending then Skip, Reverse, Draw Two, Draw
    Three; wilds last."""
    return sort_hand(cards)
