"""How one front end draws what a sentence names: a card, a colour, the key (or word) that does
something, the way a card of the hand is chosen.

The sentences are written once (`refusals`, `prompts`); each front end passes its `Style`:
the terminal table draws cards as faces (`R▲5`) and keys in brackets (`[d]`), line mode names
cards in words and keys in parentheses (`(d)`), the web table names cards in words and its
keys in capitals (`(D)`). The terminal's style is built in `lastcard.tui` (its faces live
there); the two others are here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rich.text import Text

from lastcard.core import Card, Color

from .cards import COLOR_WORDS, card_name

CardWords = Callable[[Card, Color | None], str]
"""Draws a card as text (with a wild's declared colour, or None): `R▲5`, or `Red 5`."""

# What a front end's keys do; every style names each of them.
KEY_NAMES = (
    "draw",
    "keep",
    "play_drawn",
    "accept",
    "challenge",
    "stack",
    "uno",
    "catch",
    "decline",
    "let_stand",
    "call_cheat",
    "block",
    "allow",
    "next",
    "choose",  # choose a card of the hand (to play, discard, give or lead)
    "jump_in",
    "colour",  # name a colour
)


@dataclass(frozen=True)
class Style:
    """A front end's way of drawing cards and naming keys. `keys[name]` is the whole hint, as
    it stands after a verb: `[d]`, `(d)`, `(D)`. `playable` names the cards that may be played
    as the front end shows them; `cheat_mark` the mark of a Pirate cheat in the hand;
    `call_uno_with` how a play is made with an Uno call; `hurry` follows "Ada to play." where
    the front end lets a person skip the bots' pause. `rich_card` draws a card in colour where
    the front end has colour (default: `card`, plain)."""

    card: CardWords
    keys: Mapping[str, str]
    playable: str
    cheat_mark: str
    call_uno_with: str
    hurry: str = ""
    rich_card: Callable[[Card, Color | None], Text] | None = None

    def key(self, name: str) -> str:
        return self.keys[name]

    def card_text(self, card: Card, declared: Color | None) -> Text:
        if self.rich_card is not None:
            return self.rich_card(card, declared)
        return Text(self.card(card, declared))

    def color_word(self, color: Color) -> str:
        return COLOR_WORDS[color]


def _hints(opening: str, closing: str, letters: Mapping[str, str]) -> dict[str, str]:
    return {name: f"{opening}{letters[name]}{closing}" for name in KEY_NAMES}


PLAIN = Style(
    card=card_name,
    keys=_hints(
        "(",
        ")",
        {
            "draw": "d",
            "keep": "k",
            "play_drawn": "p",
            "accept": "a",
            "challenge": "x",
            "stack": "a card marked *",
            "uno": "u",
            "catch": "c",
            "decline": "d",
            "let_stand": "p",
            "call_cheat": "c",
            "block": "b",
            "allow": "a",
            "next": "Enter",
            "choose": "its number",
            "jump_in": "its number",
            "colour": "r, y, g or b",
        },
    ),
    playable="a card marked *",
    cheat_mark="cheat",
    call_uno_with="add ! to call Uno with it, as in 3!.",
)
"""Line mode (`lastcard play --plain`): what is typed, in parentheses."""

WEB = Style(
    card=card_name,
    keys=_hints(
        "(",
        ")",
        {
            "draw": "D",
            "keep": "K",
            "play_drawn": "P",
            "accept": "A",
            "challenge": "X",
            "stack": "S",
            "uno": "U",
            "catch": "C",
            "decline": "D",
            "let_stand": "L",
            "call_cheat": "C",
            "block": "B",
            "allow": "A",
            "next": "N",
            "choose": "Enter, or click",
            "jump_in": "J",
            "colour": "R, Y, G or B",
        },
    ),
    playable="a playable card",
    cheat_mark="cheat",
    call_uno_with="Shift+Enter plays it with an Uno call.",
)
"""The web table: its keyboard shortcuts (`aria-keyshortcuts` carries the same letters)."""
