"""Cards and colours in words (`Red 5`, `Wild Draw Four, choosing green`) and as coloured codes
(`R5` in red, a Wild played as green `W:g`).

A screen reader reads a card face's `R▲5` as "R, black up-pointing triangle, 5"; in a sentence a
card is what a player would say. The web table and line mode name cards this way; the terminal
table's story prints codes in their colours, which read the same without colour.

>>> card_name(Card.from_code("B+2"))
'Blue Draw Two'
>>> card_name(Card.from_code("W+4"), Color.GREEN)
'Wild Draw Four, choosing green'
>>> card_text("W+4", "g").plain
'W+4:g'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text

from lastcard.core import Card, Color, Kind

COLOR_WORDS: dict[Color, str] = {
    Color.RED: "red",
    Color.YELLOW: "yellow",
    Color.GREEN: "green",
    Color.BLUE: "blue",
}
COLOR_NAMES = {color.letter: name for color, name in COLOR_WORDS.items()}
"""The same names by colour letter, as events write colours (`"g"`, upper-cased)."""

_KIND_NAMES: dict[Kind, str] = {
    Kind.SKIP: "Skip",
    Kind.REVERSE: "Reverse",
    Kind.DRAW_TWO: "Draw Two",
    Kind.WILD: "Wild",
    Kind.WILD_DRAW_FOUR: "Wild Draw Four",
    Kind.WILD_SHUFFLE_HANDS: "Wild Shuffle Hands",
    Kind.WILD_CUSTOMIZABLE: "Wild Customizable",
    Kind.WILD_DOWNPOUR_1: "Wild Downpour Draw One",
    Kind.WILD_DOWNPOUR_2: "Wild Downpour Draw Two",
    # Theme-pack cards (§7.11).
    Kind.DRAW_THREE: "Draw Three",
    Kind.WILD_HOWLER: "Howler",
    Kind.WILD_INVISIBILITY: "Invisibility",
    Kind.WILD_CARE_A_LOT: "Care-a-lot",
    Kind.WILD_FRIENDSHIP: "Friendship",
    Kind.WILD_JOKER: "Joker",
    Kind.WILD_MAMBO: "Mambo",
    Kind.WILD_TRAVEL: "Travel",
}


def card_name(card: Card, declared: Color | None = None) -> str:
    """The card in words; a wild with a declared colour says it."""
    if card.color is not None:
        value = str(card.rank) if card.kind is Kind.NUMBER else _KIND_NAMES[card.kind]
        return f"{COLOR_WORDS[card.color].capitalize()} {value}"
    name = _KIND_NAMES[card.kind]
    if declared is None or card.kind is Kind.WILD_MAMBO:  # §7.11.7: a Mambo declares none
        return name
    return f"{name}, choosing {COLOR_WORDS[declared]}"


def every_card() -> list[Card]:
    """One card of every code any deck or theme pack holds, in the terminal's order."""
    cards = [Card(kind) for kind in Kind if kind.is_wild]
    actions = [kind for kind in Kind if kind is not Kind.NUMBER and not kind.is_wild]
    for color in COLOR_WORDS:
        cards += [Card(Kind.NUMBER, color, rank) for rank in range(10)]
        cards += [Card(kind, color) for kind in actions]
    return sorted(cards, key=lambda card: card.sort_key)


def card_names() -> dict[str, str]:
    """Every card's name by code, and every wild's with each colour declared, by `code:letter`
    (`W+4:G`): the web page names cards from this table, so that it has no second copy of
    the names to drift from `card_name`."""
    names = {card.code: card_name(card) for card in every_card()}
    for card in every_card():
        if card.is_wild:
            for color in COLOR_WORDS:
                names[f"{card.code}:{color.letter}"] = card_name(card, color)
    return names


def value_name(card: Card) -> str | None:
    """What a coloured card shows besides its colour (`5`, `Skip`), for "play a red card or a
    5"; None for a wild, which matches by nothing but being wild."""
    if card.color is None:
        return None
    return str(card.rank) if card.kind is Kind.NUMBER else _KIND_NAMES[card.kind]


CARD_STYLES = {
    "R": "bold red",
    "Y": "bold yellow",
    "G": "bold green",
    "B": "bold bright_blue",
    None: "bold magenta",  # wild-type cards with no declared colour
}


def card_text(code: str, color: str | None = None) -> Text:
    """A card code in its colour; a wild with a declared colour reads `W:g`, styled green."""
    card = Card.from_code(code)
    if card.is_wild:
        if color is None:
            return Text(card.code, style=CARD_STYLES[None])
        letter = color.upper()
        return Text(f"{card.code}:{letter.lower()}", style=CARD_STYLES.get(letter, ""))
    assert card.color is not None
    return Text(card.code, style=CARD_STYLES[card.color.value])


CardFormat = Callable[[str, str | None], Text]
"""Draws a card code (with a wild's declared colour letter, or None) as text."""


def cards_text(
    codes: Iterable[str], *, sort: bool = False, card_format: CardFormat | None = None
) -> Text:
    """Cards separated by spaces; `sort` orders them colour by colour, wilds last."""
    cards = [Card.from_code(code) for code in codes]
    if sort:
        cards.sort(key=lambda card: card.sort_key)
    if not cards:
        return Text("(none)", style="dim")
    draw = card_format if card_format is not None else card_text
    return Text(" ").join(draw(card.code, None) for card in cards)


def color_text(letter: str) -> Text:
    """A colour named in words, in that colour: `green`."""
    key = letter.upper()
    return Text(COLOR_NAMES.get(key, letter), style=CARD_STYLES.get(key, ""))
