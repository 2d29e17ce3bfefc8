"""Actions and their text codes (DESIGN.md §2).

| action | code |
| --- | --- |
| play | the card code, `:c` to declare a colour, `>N` to name a seat, `!` to call Uno |
| Joker's play | `WJ:c>1,3*2`: seats 1 and 3 each draw 2 (§7.11.6) |
| others | `draw`, `keep`, `challenge`, `accept`, `uno`, `catch N`, `color c`, `next` |
| table mode's referee | `penalize N`: seat N drew 2 for a suggestion (§5.5) |
| a discard round | `discard CARD` (`!` to call Uno), `decline` (§7.11.4) |
| Pirate's window | `pass` (let the play stand), `cheat` (call it a cheat) (§7.6.4) |
| Invisibility (§7.11.3) | `block c` (`!` to call Uno), `allow` |
| Mambo (§7.11.7) | `give CARD` to each seat in turn, then `lead` and a play's code (`lead W:r!`) |

Parsing is case-insensitive; `Action.code` prints the canonical form, and parsing it gives the
same action back.

>>> parse_action("w+4:B!").code
'W+4:b!'
>>> parse_action("Catch  2").code
'catch 2'
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass

from .cards import Card, Color
from .errors import ActionSyntaxError, shown


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
    PENALIZE = "penalize"
    DISCARD = "discard"
    DECLINE = "decline"
    PASS = "pass"
    CHEAT = "cheat"
    GIVE = "give"
    LEAD = "lead"
    BLOCK = "block"
    ALLOW = "allow"

    __hash__ = object.__hash__  # members are singletons; see Color


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a seat may do. Build with `parse_action` or the helpers below."""

    kind: ActionKind
    card: Card | None = None
    color: Color | None = None
    target: int | None = None
    uno: bool = False
    # Joker (§7.11.6): the seats named, in increasing order, and the cards each draws.
    targets: tuple[int, ...] = ()
    count: int = 0

    def __post_init__(self) -> None:
        """An action is well formed by construction: the parts its kind carries, each of its
        type, and no other (a `draw` carries no card, a bool is no seat, `uno` is a bool)."""
        kind = self.kind
        carried = _CARRIES.get(kind) if isinstance(kind, ActionKind) else None
        if carried is None:
            raise ActionSyntaxError(f"not an action kind: {shown(kind)}")
        name = kind.value
        card, color, target = self.card, self.color, self.target
        if card is not None and not isinstance(card, Card):
            raise ActionSyntaxError(f"not a card: {shown(card)}")
        if color is not None and not isinstance(color, Color):
            raise ActionSyntaxError(f"not a colour: {shown(color)}")
        if target is not None:
            _seat_text(target)
        if self.uno is not False and self.uno is not True:
            raise ActionSyntaxError(f"uno is True or False, not {shown(self.uno)}")
        targets = self.targets
        if targets != ():
            if not isinstance(targets, tuple) or not targets:
                raise ActionSyntaxError(f"targets are a tuple of seats, not {shown(targets)}")
            for seat in targets:
                _seat_text(seat)  # raises for anything but a seat number
        count = self.count
        if count != 0 and (type(count) is not int or not 0 < count < _SEAT_BOUND):
            raise ActionSyntaxError(f"a count is a whole number, not {shown(count)}")
        present = {
            part
            for part, value in (
                ("card", card),
                ("color", color),
                ("target", target),
                ("uno", self.uno or None),
                ("targets", targets or None),
                ("count", count or None),
            )
            if value is not None
        }
        extra = present - carried
        if extra:
            raise ActionSyntaxError(f"`{name}` carries no {', no '.join(sorted(extra))}")
        needed = _NEEDS.get(kind)
        if needed is not None and needed not in present:
            word = {"color": "colour", "target": "seat number"}.get(needed, needed)
            raise ActionSyntaxError(f"`{name}` needs a {word}: {_EXAMPLES[kind]}")
        if targets and target is not None:
            raise ActionSyntaxError("a play names one target or a Joker's seats, not both")

    @property
    def code(self) -> str:
        """The canonical text code; parsing it gives this action back. (An action is well
        formed by construction, `__post_init__`, so every action has one.)"""
        kind = self.kind
        card, color, target = self.card, self.color, self.target
        bang = "!" if self.uno else ""
        if kind is ActionKind.PLAY or kind is ActionKind.LEAD:
            assert card is not None
            text = card.code
            if color is not None:
                text += ":" + _color_letter(color)
            if target is not None:
                text += ">" + str(target)
            if self.targets:
                text += ">" + ",".join(map(str, self.targets))
            if self.count:
                text += "*" + str(self.count)
            return ("lead " if kind is ActionKind.LEAD else "") + text + bang
        if kind is ActionKind.CATCH or kind is ActionKind.PENALIZE:
            return f"{kind.value} {target}"
        if kind is ActionKind.COLOR or kind is ActionKind.BLOCK:
            return f"{kind.value} {_color_letter(color)}" + bang
        if kind is ActionKind.DISCARD or kind is ActionKind.GIVE:
            assert card is not None
            return f"{kind.value} {card.code}" + bang
        return str(kind.value)

    def __str__(self) -> str:
        """The code: `print(action)` and f-strings show `W:r`, as a player writes it."""
        return self.code

    def __repr__(self) -> str:
        """`Action('W:r')`, like `Card('R5')`: a tuple of legal actions reads as their codes.

        >>> parse_action("w:R"), (parse_action("draw"),)
        (Action('W:r'), (Action('draw'),))
        """
        return f"Action({self.code!r})"


def _seat_text(target: object) -> str:
    # `type(...) is int`: a bool is an int to Python but no seat (True would print as "True").
    # The bound keeps every printed code within what `parse_action` reads.
    if type(target) is not int or not 0 <= target < _SEAT_BOUND:
        raise ActionSyntaxError(f"a target is a seat number, not {shown(target)}")
    return str(target)


_SEAT_BOUND = 10**20

_PLAY_PARTS = frozenset({"card", "color", "target", "uno", "targets", "count"})
# The parts each kind of action carries (`Action.__post_init__` refuses any other).
_CARRIES: dict[ActionKind, frozenset[str]] = {
    **{kind: frozenset() for kind in ActionKind},
    ActionKind.PLAY: _PLAY_PARTS,
    ActionKind.LEAD: _PLAY_PARTS,
    ActionKind.DISCARD: frozenset({"card", "uno"}),
    ActionKind.GIVE: frozenset({"card"}),
    ActionKind.BLOCK: frozenset({"color", "uno"}),
    ActionKind.COLOR: frozenset({"color"}),
    ActionKind.CATCH: frozenset({"target"}),
    ActionKind.PENALIZE: frozenset({"target"}),
}
# The part without which a kind is no action, and an example of its code.
_NEEDS = {
    ActionKind.PLAY: "card",
    ActionKind.LEAD: "card",
    ActionKind.DISCARD: "card",
    ActionKind.GIVE: "card",
    ActionKind.BLOCK: "color",
    ActionKind.COLOR: "color",
    ActionKind.CATCH: "target",
    ActionKind.PENALIZE: "target",
}
_EXAMPLES = {
    ActionKind.PLAY: "R5",
    ActionKind.LEAD: "lead R5",
    ActionKind.DISCARD: "discard R5",
    ActionKind.GIVE: "give R5",
    ActionKind.BLOCK: "block r",
    ActionKind.COLOR: "color r",
    ActionKind.CATCH: "catch N",
    ActionKind.PENALIZE: "penalize N",
}


def _color_letter(color: object) -> str:
    if not isinstance(color, Color):
        raise ActionSyntaxError(f"not a colour: {shown(color)}")
    return color.value.lower()


MAX_ACTION_TEXT = 64
"""The longest text `parse_action` reads: every real code is far shorter (`W+4:b>9!`)."""

_DIGITS = re.compile(r"[0-9]+")
_PLAY = re.compile(
    r"^(?P<card>[A-Z0-9+]+?)(?::(?P<color>[A-Z]+))?(?:>(?P<target>[0-9]+(?:,[0-9]+)*))?"
    r"(?:\*(?P<count>[0-9]+))?(?P<uno>!)?$"
)
_DISCARD = re.compile(r"^(?P<card>[A-Z0-9+]+?)(?P<uno>!)?$")
_WORDS = {
    k.value: k
    for k in (
        ActionKind.DRAW,
        ActionKind.KEEP,
        ActionKind.CHALLENGE,
        ActionKind.ACCEPT,
        ActionKind.UNO,
        ActionKind.NEXT,
        ActionKind.DECLINE,
        ActionKind.PASS,
        ActionKind.CHEAT,
        ActionKind.ALLOW,
    )
}


def parse_action(text: str) -> Action:
    """Parse an action code (case-insensitive, surrounding spaces ignored).

    Raises `ActionSyntaxError` (a `ValueError`) for anything that is no action at all: text
    that is not a `str`, longer than `MAX_ACTION_TEXT` (64) characters or not ASCII (look-alikes
    such as `\\u212aeep` or `rſ` are not `keep` and `RS`). Whether the action is legal is for
    `apply` to say.
    """
    try:
        return _PARSED[text]  # the hot path: a code seen before
    except (KeyError, TypeError):  # not seen yet, or not even hashable
        pass
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text such as 'R5' or 'draw', not {shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise ActionSyntaxError(
            f"not an action: {shown(text)} is longer than {MAX_ACTION_TEXT} characters"
        )
    text = str.__str__(text)  # a str subclass: its plain text
    action = _parse_short(text)
    # Only short texts that parsed are kept (errors raise before this), so the cache holds at
    # most `_CACHE_SIZE` texts of at most 64 characters.
    if len(_PARSED) >= _CACHE_SIZE:
        _PARSED.clear()
    _PARSED[text] = action
    return action


_CACHE_SIZE = 4096
_PARSED: dict[str, Action] = {}


def _parse_short(text: str) -> Action:
    if not text.isascii():
        raise ActionSyntaxError(f"not an action: {shown(text)} (codes are ASCII text)")
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError("empty action: try a card code such as R5, or draw")
    head = words[0].lower()
    if len(words) == 1 and head in _WORDS:
        return Action(_WORDS[head])
    if head == "catch" and len(words) == 2 and _DIGITS.fullmatch(words[1]):
        return Action(ActionKind.CATCH, target=_seat(words[1], text))
    if head in ("penalize", "penalise") and len(words) == 2 and _DIGITS.fullmatch(words[1]):
        return Action(ActionKind.PENALIZE, target=_seat(words[1], text))
    if head == "discard" and len(words) == 2:
        match = _DISCARD.match(words[1].upper())
        if match:
            return Action(ActionKind.DISCARD, _card(match["card"]), uno=bool(match["uno"]))
    if head == "give" and len(words) == 2:
        match = _DISCARD.match(words[1].upper())
        if match and not match["uno"]:
            return Action(ActionKind.GIVE, _card(match["card"]))
    if head == "lead" and len(words) == 2:
        led = _parse_short(words[1])
        if led.kind is ActionKind.PLAY:
            return dataclasses.replace(led, kind=ActionKind.LEAD)
    if head == "discard":
        raise ActionSyntaxError(
            f"not an action: {text!r}. `discard` names one card: discard R5 (discard R5! calls Uno)"
        )
    if head == "block" and len(words) == 2:
        word = words[1]
        uno = word.endswith("!")
        return Action(ActionKind.BLOCK, color=_color(word.rstrip("!"), text), uno=uno)
    if head in ("color", "colour") and len(words) == 2:
        return Action(ActionKind.COLOR, color=_color(words[1], text))
    if len(words) == 1:
        match = _PLAY.match(words[0].upper())
        if match:
            card = _card(match["card"])
            color = _color(match["color"], text) if match["color"] else None
            uno = bool(match["uno"])
            seats = match["target"].split(",") if match["target"] else []
            if match["count"] is None and len(seats) <= 1:
                target = _seat(seats[0], text) if seats else None
                return Action(ActionKind.PLAY, card, color, target, uno)
            # Joker's form: several seats and a count, the seats in increasing order.
            targets = tuple(sorted(_seat(seat, text) for seat in seats))
            count = _seat(match["count"], text) if match["count"] is not None else 0
            return Action(ActionKind.PLAY, card, color, None, uno, targets, count)
    raise ActionSyntaxError(
        f"not an action: {text!r}. Play a card code (R5, W:g, W+4:b!, R7>2, WJ:r>1,3*2) or say "
        "draw, keep, challenge, accept, uno, catch N, color c or next "
        "(in a discard round, discard CARD or decline; in Pirate's window, pass or cheat; "
        "after a Mambo, give CARD then lead CARD; to an Invisibility, block c or allow; "
        "in table mode, penalize N)"
    )


def _card(code: str) -> Card:
    try:
        return Card.from_code(code)
    except ValueError as error:
        raise ActionSyntaxError(str(error)) from None


def _seat(digits: str, text: str) -> int:
    seat = int(digits)
    if seat >= _SEAT_BOUND:
        raise ActionSyntaxError(f"not an action: {text!r} names no seat number")
    return seat


def _color(word: str, text: str) -> Color:
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


def penalize(seat: int) -> Action:
    """Table mode's referee action: `seat` draws 2 for a card-play suggestion (§5.5.1)."""
    return Action(ActionKind.PENALIZE, target=seat)


DECLINE = Action(ActionKind.DECLINE)
PIRATE_PASS = Action(ActionKind.PASS)
CALL_CHEAT = Action(ActionKind.CHEAT)


def discard(card: Card | str, uno: bool = False) -> Action:
    """A discard round's discard (§7.11.4); `card` may be a `Card` or its code."""
    if isinstance(card, str):
        card = Card.from_code(card)
    return Action(ActionKind.DISCARD, card, uno=uno)


def choose_color(color: Color) -> Action:
    return Action(ActionKind.COLOR, color=color)
