"""Actions and their text codes (DESIGN.md §2).

| action | code |
| --- | --- |
| play | the card code, `:c` to declare a colour, `>N` to name a seat, `!` to call Uno |
| others | `draw`, `keep`, `challenge`, `accept`, `uno`, `catch N`, `color c`, `next` |

Parsing is case-insensitive; `Action.code` prints the canonical form, and parsing it gives the
same action back.

>>> parse_action("w+4:B!").code
'W+4:b!'
>>> parse_action("Catch  2").code
'catch 2'
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass

from .cards import Card, Color
from .errors import ActionSyntaxError


class ActionKind(enum.Enum):
    PLAY = "play"
    DRAW = "draw"
    KEEP = "keep"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    UNO = "uno"
    CATCH = "catch"
    COLOR = "color"
    NEXT = "next"

    __hash__ = object.__hash__  # members are singletons; see Color


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a seat may do. Build with `parse_action` or the helpers below."""

    kind: ActionKind
    card: Card | None = None
    color: Color | None = None
    target: int | None = None
    uno: bool = False

    @property
    def code(self) -> str:
        kind = self.kind
        if kind is ActionKind.PLAY:
            assert self.card is not None
            text = self.card.code
            if self.color is not None:
                text += ":" + self.color.value.lower()
            if self.target is not None:
                text += f">{self.target}"
            return text + "!" if self.uno else text
        if kind is ActionKind.CATCH:
            return f"catch {self.target}"
        if kind is ActionKind.COLOR:
            assert self.color is not None
            return f"color {self.color.value.lower()}"
        return str(kind.value)

    def __str__(self) -> str:
        return self.code


_DIGITS = re.compile(r"[0-9]+")
_PLAY = re.compile(
    r"^(?P<card>[A-Z0-9+]+?)(?::(?P<color>[A-Z]+))?(?:>(?P<target>[0-9]+))?(?P<uno>!)?$"
)
_WORDS = {
    k.value: k
    for k in (
        ActionKind.DRAW,
        ActionKind.KEEP,
        ActionKind.CHALLENGE,
        ActionKind.ACCEPT,
        ActionKind.UNO,
        ActionKind.NEXT,
    )
}


@functools.lru_cache(maxsize=4096)
def parse_action(text: str) -> Action:
    """Parse an action code (case-insensitive, surrounding spaces ignored).

    Raises `ActionSyntaxError` (a `ValueError`) for text that is no action at all; whether the
    action is legal is for `apply` to say.
    """
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError("empty action: try a card code such as R5, or draw")
    head = words[0].lower()
    if len(words) == 1 and head in _WORDS:
        return Action(_WORDS[head])
    if head == "catch" and len(words) == 2 and _DIGITS.fullmatch(words[1]):
        return Action(ActionKind.CATCH, target=int(words[1]))
    if head in ("color", "colour") and len(words) == 2:
        return Action(ActionKind.COLOR, color=_colour(words[1], text))
    if len(words) == 1:
        match = _PLAY.match(words[0].upper())
        if match:
            try:
                card = Card.from_code(match["card"])
            except ValueError as error:
                raise ActionSyntaxError(str(error)) from None
            color = _colour(match["color"], text) if match["color"] else None
            target = int(match["target"]) if match["target"] else None
            return Action(ActionKind.PLAY, card, color, target, bool(match["uno"]))
    raise ActionSyntaxError(
        f"not an action: {text!r}. Play a card code (R5, W:g, W+4:b!, R7>2) or say "
        "draw, keep, challenge, accept, uno, catch N, color c or next"
    )


def _colour(word: str, text: str) -> Color:
    try:
        return Color.from_letter(word)
    except ValueError:
        raise ActionSyntaxError(f"unknown colour in {text!r}: use r, y, g or b") from None


def play(
    card: Card | str, color: Color | None = None, target: int | None = None, uno: bool = False
) -> Action:
    """A play action; `card` may be a `Card` or its code."""
    if isinstance(card, str):
        card = Card.from_code(card)
    return Action(ActionKind.PLAY, card, color, target, uno)


DRAW = Action(ActionKind.DRAW)
KEEP = Action(ActionKind.KEEP)
CHALLENGE = Action(ActionKind.CHALLENGE)
ACCEPT = Action(ActionKind.ACCEPT)
CALL_UNO = Action(ActionKind.UNO)
NEXT_HAND = Action(ActionKind.NEXT)


def catch(seat: int) -> Action:
    return Action(ActionKind.CATCH, target=seat)


def choose_color(color: Color) -> Action:
    return Action(ActionKind.COLOR, color=color)
