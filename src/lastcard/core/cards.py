"""Cards, colours and decks (RULES.md §1).

Cards are interned: there is exactly one `Card` object per code, so two cards compare equal
exactly when they are the same object. That keeps hands as plain tuples and makes the engine's
membership tests cheap. Physical copies of the same card (two red 5s) are the same value: only
their number matters.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import CardCodeError, shown


class Color(enum.Enum):
    """The four colours; the value is the colour's letter in text codes."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    # Members are singletons: identity hashing is correct and, unlike Enum's default
    # (a Python-level hash of the name), costs no function call in the engine's lookups.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value

    @classmethod
    def from_letter(cls, text: str) -> Color:
        """`"r"`, `"R"`, `"red"` → `Color.RED`; anything else (non-ASCII look-alikes included)
        is a `CardCodeError`, a `ValueError`."""
        if isinstance(text, str) and text.isascii():
            key = text.strip().upper()
            for color in cls:
                if key in (color.value, color.name):
                    return color
        raise CardCodeError(f"unknown colour {shown(text)}: use one of r, y, g, b")


COLORS: tuple[Color, ...] = tuple(Color)


class Kind(enum.Enum):
    """What a card does. The value is the symbol used after the colour letter in codes."""

    NUMBER = "number"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_SHUFFLE_HANDS = "WSH"
    WILD_CUSTOMIZABLE = "WC"
    WILD_DOWNPOUR_1 = "WD1"
    WILD_DOWNPOUR_2 = "WD2"
    # Theme-pack cards (§7.11), after the others so that every earlier order stays.
    DRAW_THREE = "+3"
    WILD_HOWLER = "WH"
    WILD_INVISIBILITY = "WI"
    WILD_CARE_A_LOT = "WCA"
    WILD_FRIENDSHIP = "WF"
    WILD_JOKER = "WJ"
    WILD_MAMBO = "WM"
    WILD_TRAVEL = "WT"

    __hash__ = object.__hash__  # see Color

    @property
    def is_wild(self) -> bool:
        return self not in _COLORED_KINDS

    @property
    def is_action(self) -> bool:
        """A coloured action card: Skip, Reverse or Draw Two."""
        return self in _ACTION_KINDS


_COLORED_KINDS = frozenset({Kind.NUMBER, Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.DRAW_THREE})
_ACTION_KINDS = frozenset({Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.DRAW_THREE})
_WILD_BY_CODE = {k.value: k for k in Kind if k.is_wild}
_ACTION_BY_SYMBOL = {k.value: k for k in _ACTION_KINDS}

# §1.4: points per card kind (numbers score their rank).
_POINTS = {
    Kind.SKIP: 20,
    Kind.REVERSE: 20,
    Kind.DRAW_TWO: 20,
    Kind.WILD: 50,
    Kind.WILD_DRAW_FOUR: 50,
    Kind.WILD_SHUFFLE_HANDS: 40,
    Kind.WILD_CUSTOMIZABLE: 40,
    Kind.WILD_DOWNPOUR_1: 50,
    Kind.WILD_DOWNPOUR_2: 50,
    # §7.11: theme wilds 50, the Draw Three 20
    Kind.DRAW_THREE: 20,
    Kind.WILD_HOWLER: 50,
    Kind.WILD_INVISIBILITY: 50,
    Kind.WILD_CARE_A_LOT: 50,
    Kind.WILD_FRIENDSHIP: 50,
    Kind.WILD_JOKER: 50,
    Kind.WILD_MAMBO: 50,
    Kind.WILD_TRAVEL: 50,
}
# §7.11: the option word of each theme card, and the kind it adds
THEME_KINDS: Mapping[str, Kind] = {
    "draw_three": Kind.DRAW_THREE,
    "howler": Kind.WILD_HOWLER,
    "invisibility": Kind.WILD_INVISIBILITY,
    "care_a_lot": Kind.WILD_CARE_A_LOT,
    "friendship": Kind.WILD_FRIENDSHIP,
    "joker": Kind.WILD_JOKER,
    "mambo": Kind.WILD_MAMBO,
    "travel": Kind.WILD_TRAVEL,
}

_INTERNED: dict[str, Card] = {}


class Card:
    """One card value, such as the red 5 (`R5`) or the Wild Draw Four (`W+4`).

    >>> Card.from_code("r+2").code
    'R+2'
    >>> Card.from_code("W+4").points
    50
    """

    __slots__ = ("code", "color", "draw_count", "is_wild", "kind", "points", "rank", "sort_key")

    code: str
    color: Color | None
    kind: Kind
    rank: int | None
    points: int
    is_wild: bool
    draw_count: int
    sort_key: tuple[int, int, int]

    def __new__(cls, kind: Kind, color: Color | None = None, rank: int | None = None) -> Card:
        code = _code_of(kind, color, rank)
        card = _INTERNED.get(code)
        if card is None:
            card = object.__new__(cls)
            set_ = object.__setattr__
            set_(card, "code", code)
            set_(card, "color", color)
            set_(card, "kind", kind)
            set_(card, "rank", rank)
            set_(card, "is_wild", kind.is_wild)
            set_(card, "points", rank if rank is not None else _POINTS[kind])
            set_(card, "draw_count", _DRAW_COUNTS.get(kind, 0))
            color_order = COLORS.index(color) if color is not None else len(COLORS)
            kind_order = list(Kind).index(kind)
            set_(card, "sort_key", (color_order, kind_order, rank if rank is not None else 0))
            _INTERNED[code] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def from_code(text: str) -> Card:
        """Parse a card code, case-insensitive: `R5`, `gS`, `B+2`, `W`, `w+4`, `WSH`, `WD2`.

        Only ASCII is a card code: look-alikes that Python's case mapping or digit rules would
        turn into one (`rſ`, `R٣`) are refused. Anything else raises `CardCodeError`.
        """
        card = _INTERNED.get(text) if isinstance(text, str) else None
        if card is not None:  # the canonical code: the common case, no normalising needed
            return card
        if not isinstance(text, str) or len(text) > _MAX_CODE_TEXT or not text.isascii():
            raise CardCodeError(f"not a card code: {shown(text)}")
        code = text.strip().upper()
        card = _INTERNED.get(code)
        if card is not None:
            return card
        if code in _WILD_BY_CODE:
            return Card(_WILD_BY_CODE[code])
        if len(code) >= 2 and code[0] in "RYGB":
            color = Color(code[0])
            rest = code[1:]
            if rest.isdigit() and len(rest) == 1:
                return Card(Kind.NUMBER, color, int(rest))
            if rest in _ACTION_BY_SYMBOL:
                return Card(_ACTION_BY_SYMBOL[rest], color)
        raise CardCodeError(
            f"unknown card code {text!r}: cards are R0..R9, RS, RR, R+2 (colours R Y G B), "
            "W, W+4, WSH, WC, WD1, WD2, and the theme cards R+3 (per colour), WH, WI, WCA, WF, "
            "WJ, WM, WT"
        )


_MAX_CODE_TEXT = 32  # a card code is at most 3 characters; room for surrounding spaces


_DRAW_COUNTS = {
    Kind.DRAW_TWO: 2,
    Kind.DRAW_THREE: 3,
    Kind.WILD_DRAW_FOUR: 4,
    Kind.WILD_DOWNPOUR_1: 1,
    Kind.WILD_DOWNPOUR_2: 2,
}


def _code_of(kind: Kind, color: Color | None, rank: int | None) -> str:
    # Checked strictly (a bool or 5.0 is no rank) because a card is interned for good: a
    # loose check would both accept odd cards and let odd values grow the intern table.
    if not isinstance(kind, Kind):
        raise CardCodeError(f"not a kind of card: {shown(kind)}")
    if color is not None and not isinstance(color, Color):
        raise CardCodeError(f"not a colour: {shown(color)}")
    if rank is not None and type(rank) is not int:
        raise CardCodeError(f"a rank is a whole number from 0 to 9, not {shown(rank)}")
    if kind.is_wild:
        if color is not None or rank is not None:
            raise CardCodeError(f"a {kind.name} card has no colour or rank")
        return kind.value
    if color is None:
        raise CardCodeError(f"a {kind.name} card needs a colour")
    if kind is Kind.NUMBER:
        if rank is None or not 0 <= rank <= 9:
            raise CardCodeError("a number card needs a rank from 0 to 9")
        return f"{color.value}{rank}"
    if rank is not None:
        raise CardCodeError(f"a {kind.name} card has no rank")
    return f"{color.value}{kind.value}"


def classic_deck() -> tuple[Card, ...]:
    """The 108-card deck of §1.1, in a fixed order (colour by colour, then the wilds)."""
    cards: list[Card] = []
    for color in COLORS:
        cards.append(Card(Kind.NUMBER, color, 0))
        for rank in range(1, 10):
            cards += [Card(Kind.NUMBER, color, rank)] * 2
        for kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO):
            cards += [Card(kind, color)] * 2
    cards += [Card(Kind.WILD)] * 4 + [Card(Kind.WILD_DRAW_FOUR)] * 4
    return tuple(cards)


def build_deck(
    deck: str, extras: Mapping[Kind, int] | None = None, themes: Iterable[str] = ()
) -> tuple[Card, ...]:
    """The deck named by the `deck` option plus optional extra wild cards (§1.2, §1.3) and
    theme cards (§7.11: the Draw Threes replace the Draw Twos; each theme wild is added once)."""
    themes = frozenset(themes)
    cards = list(classic_deck())
    if "draw_three" in themes:
        cards = [Card(Kind.DRAW_THREE, c.color) if c.kind is Kind.DRAW_TWO else c for c in cards]
    if deck == "2018":
        cards += [Card(Kind.WILD_SHUFFLE_HANDS)] + [Card(Kind.WILD_CUSTOMIZABLE)] * 3
    elif deck != "classic":
        raise ValueError(f"unknown deck {deck!r}: use 'classic' or '2018'")
    for kind, count in (extras or {}).items():
        cards += [Card(kind)] * count
    for name, kind in THEME_KINDS.items():
        if name in themes and kind.is_wild:
            cards.append(Card(kind))
    return tuple(cards)


def hand_value(cards: Iterable[Card]) -> int:
    """§6.2: the sum of the point values of the cards."""
    return sum(card.points for card in cards)


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Colour by colour (R, Y, G, B), numbers then actions, wilds last."""
    return tuple(sorted(cards, key=_SORT_KEY))


_SORT_KEY = operator.attrgetter("sort_key")
