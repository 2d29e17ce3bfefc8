"""A fixed numbering of every action, for learning agents and compiled simulators.

A policy network has one output per action, so it needs every action the engine can accept
numbered once and for ever. `ActionIndex(players)` is that numbering for a game of `players`
seats. It does not depend on the rules: one space serves every preset and house rule, and an
action that the rules in force never allow (a `WSH` without the 2018 deck, a `R7>2` without
Seven-O) is simply never legal, so the mask built from `legal_actions` hides it. One
space per player count lets an agent train across presets with one network and lets a saved
policy keep its meaning when a house rule is switched on.

The order (version 2), which a C or NumPy reimplementation reproduces from this text alone:

1. Plays, card by card in this card order:
   `R0`..`R9`, `RS`, `RR`, `R+2`, then the same for `Y`, `G` and `B`, then
   `W`, `W+4`, `WSH`, `WC`, `WD1`, `WD2` (58 cards: every card of every deck).
   For each card, in nested order:

   - the declared colour: none for a coloured card; `r`, `y`, `g`, `b` for a wild;
   - the target: none for most cards; none, then seats `0`..`players-1` for the cards that
     name a seat under some rules (the 7s, for Seven-O; `WC`, for a swap or reveal effect);
   - the Uno call: without, then with `!`.

2. Then the other actions: `draw`, `keep`, `challenge`, `accept`, `color r`, `color y`,
   `color g`, `color b`, `uno`, `catch 0`..`catch players-1`, `next`.

3. Then (version 2) a discard round's answers (§7.11.4): `discard C` and `discard C!` for
   each card C in the card order above and then in the theme cards' order of 4, then
   `decline`; then Pirate's window (§7.6.4): `pass`, `cheat`.
4. Then (version 2) the plays of the theme-pack cards (§7.11), card by card in the order
   `R+3`, `Y+3`, `G+3`, `B+3`, `WH`, `WI`, `WCA`, `WF`, `WJ`, `WM`, `WT` (`THEME_CARD_ORDER`),
   nested as in 1: the colour (`r y g b` for the wilds but `WM`, which declares none); the
   target (none, then seats `0`..`players-1`, for `WH`, `WF` and `WT`; for `WJ` every set of 1
   to 3 seats, by size then in increasing order, each with the count `*1`, `*2`, `*3`); the
   Uno call.
5. Then (version 2) a Mambo's gifts (§7.11.7): `give C` for each card C in the order of 3.
6. Then (version 2) a Mambo's leads: every play of 1 and then of 4, in the same order, as
   `lead` and the play's code (`lead R0`, ..., `lead WT:b>N!`).
7. Then (version 2) Invisibility's answers (§7.11.3): `block r`, `block r!`, ... `block b!`,
   `allow`.

That makes `136 + 16 * (players + 1)` plays, `10 + players` other actions, and in version 2 141
answers, the theme plays, 69 gifts, the leads and 9 answers (1,629 in all for 4 players). `R0`
is 0, `R0!` is 1 and `draw` comes right after the last `WD2:b!`. This is the order in which
`legal_actions` lists actions, so the indices of a legal tuple are increasing. Targets are
absolute seats, as in the action codes; the acting seat's own number is never legal as a target.
Versions only append after what came before, never renumber: version 1 was everything up to
`next` (`version_size(players, 1)` numbers), so a policy trained on it keeps its meaning.

>>> index = ActionIndex(4)
>>> len(index), index.index("R0"), index.index("draw"), index.index("W+4:b!")
(1629, 0, 216, 151)
>>> index.index("decline"), version_size(4, 1), index.index("WJ:r>0*1")
(368, 230, 475)
>>> index.action_at(151).code
'W+4:b!'
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Iterable, Iterator

from .actions import Action, ActionKind, parse_action
from .cards import COLORS, Card, Color
from .errors import ActionSyntaxError, shown

VERSION = 2

# Written out rather than derived from the enums, so that reordering an enum cannot renumber.
CARD_ORDER: tuple[str, ...] = (
    *(
        f"{color}{face}"
        for color in "RYGB"
        for face in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2")
    ),
    "W",
    "W+4",
    "WSH",
    "WC",
    "WD1",
    "WD2",
)

# §7.11: the theme-pack cards, numbered after everything of version 1
THEME_CARD_ORDER: tuple[str, ...] = (
    "R+3",
    "Y+3",
    "G+3",
    "B+3",
    "WH",
    "WI",
    "WCA",
    "WF",
    "WJ",
    "WM",
    "WT",
)
ALL_CARD_ORDER: tuple[str, ...] = (*CARD_ORDER, *THEME_CARD_ORDER)

# Cards that name a seat under some rules (§7.2.1 Seven-O's 7s, §7.10.2 a swap or reveal WC).
TARGET_CARDS: frozenset[str] = frozenset({"R7", "Y7", "G7", "B7", "WC"})

DECLARED_COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)


class ActionIndex:
    """Every action a game of `players` seats can accept, numbered 0..`size`-1 (see the module).

    Build it once (`action_index(players)` keeps one per player count): `index` is then a
    dictionary lookup, cheap enough to call for every legal action at every step.
    """

    __slots__ = ("_actions", "_by_action", "players")

    def __init__(self, players: int) -> None:
        if type(players) is not int or not 2 <= players <= 10:
            raise ActionSyntaxError(f"an action index is for 2 to 10 players, not {players!r}")
        self.players = players
        self._actions: tuple[Action, ...] = tuple(_enumerate(players))
        self._by_action: dict[Action, int] = {a: i for i, a in enumerate(self._actions)}

    @property
    def size(self) -> int:
        return len(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __repr__(self) -> str:
        return f"ActionIndex(players={self.players}, size={self.size})"

    def index(self, action: Action | str) -> int:
        """The number of `action` (an `Action` or its code).

        Raises `ActionSyntaxError` for text that is no action and for an action outside this
        space (a seat beyond the table, a colour declared for a coloured card).
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, Action):
            raise ActionSyntaxError(f"not an action: {action!r}")
        try:
            number = self._by_action.get(action)
        except TypeError:  # a hand-built Action holding something unhashable
            number = None
        # `True == 1`: a bool target or a non-bool Uno flag would otherwise find a number.
        if (
            number is None
            or type(action.uno) is not bool
            or (action.target is not None and type(action.target) is not int)
        ):
            shown = action.code if _printable(action) else repr(action)
            raise ActionSyntaxError(
                f"{shown} is not in the action index of a {self.players}-player game"
            )
        return number

    def action_at(self, number: int) -> Action:
        """The action numbered `number`: an `int`, or any whole number that says so through
        `__index__` (a NumPy integer, as a policy's output is), but not a bool."""
        if isinstance(number, bool) or not hasattr(type(number), "__index__"):
            raise ActionSyntaxError(f"an action number is a whole number, not {shown(number)}")
        position = operator.index(number)
        if not 0 <= position < len(self._actions):
            raise ActionSyntaxError(
                f"action numbers run from 0 to {len(self._actions) - 1}, not {shown(number)}"
            )
        return self._actions[position]

    def indices(self, actions: Iterable[Action | str]) -> list[int]:
        """The numbers of several actions, in the order given."""
        return [self.index(action) for action in actions]

    def mask(self, actions: Iterable[Action | str]) -> bytes:
        """`size` bytes, 1 where the action is among `actions` (usually `legal_actions`).

        Bytes rather than a list so that NumPy can view it without copying
        (`numpy.frombuffer(mask, dtype=numpy.uint8)`).
        """
        out = bytearray(len(self._actions))
        if isinstance(actions, str) or not isinstance(actions, Iterable):
            raise ActionSyntaxError(f"a mask is made of several actions, not {shown(actions)}")
        for action in actions:
            out[self.index(action)] = 1
        return bytes(out)


@functools.cache
def action_index(players: int) -> ActionIndex:
    """The `ActionIndex` of a `players`-seat game, built once and shared."""
    return ActionIndex(players)


def _enumerate(players: int) -> Iterator[Action]:
    seats = tuple(range(players))
    yield from _plays(seats, ActionKind.PLAY)
    for kind in (ActionKind.DRAW, ActionKind.KEEP, ActionKind.CHALLENGE, ActionKind.ACCEPT):
        yield Action(kind)
    for color in COLORS:
        yield Action(ActionKind.COLOR, color=color)
    yield Action(ActionKind.UNO)
    for seat in seats:
        yield Action(ActionKind.CATCH, target=seat)
    yield Action(ActionKind.NEXT)
    for code in ALL_CARD_ORDER:  # version 2
        card = Card.from_code(code)
        for uno in (False, True):
            yield Action(ActionKind.DISCARD, card, uno=uno)
    yield Action(ActionKind.DECLINE)
    yield Action(ActionKind.PASS)
    yield Action(ActionKind.CHEAT)
    yield from _theme_plays(seats, ActionKind.PLAY)
    for code in ALL_CARD_ORDER:
        yield Action(ActionKind.GIVE, Card.from_code(code))
    yield from _plays(seats, ActionKind.LEAD)
    yield from _theme_plays(seats, ActionKind.LEAD)
    for color in COLORS:
        for uno in (False, True):
            yield Action(ActionKind.BLOCK, color=color, uno=uno)
    yield Action(ActionKind.ALLOW)


def _plays(seats: tuple[int, ...], kind: ActionKind) -> Iterator[Action]:
    """The plays of part 1 (a Mambo's leads, part 6, are the same with `kind` LEAD)."""
    for code in CARD_ORDER:
        card = Card.from_code(code)
        colors: tuple[Color | None, ...] = DECLARED_COLORS if card.is_wild else (None,)
        targets: tuple[int | None, ...] = (None, *seats) if code in TARGET_CARDS else (None,)
        for color in colors:
            for target in targets:
                for uno in (False, True):
                    yield Action(kind, card, color, target, uno)


def _theme_plays(seats: tuple[int, ...], kind: ActionKind) -> Iterator[Action]:
    """The plays of part 4."""
    for code in THEME_CARD_ORDER:
        card = Card.from_code(code)
        colors = DECLARED_COLORS if card.is_wild and code != "WM" else (None,)
        for color in colors:
            if code == "WJ":
                for group in _groups(seats):
                    for count in (1, 2, 3):
                        for uno in (False, True):
                            yield Action(kind, card, color, None, uno, group, count)
                continue
            targets = (None, *seats) if code in _THEME_TARGET_CARDS else (None,)
            for target in targets:
                for uno in (False, True):
                    yield Action(kind, card, color, target, uno)


_THEME_TARGET_CARDS = frozenset({"WH", "WF", "WT"})


def _groups(seats: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every set of 1 to 3 seats, by size, then in increasing order (a Joker's targets)."""
    return [group for size in (1, 2, 3) for group in itertools.combinations(seats, size)]


def version_size(players: int, version: int = VERSION) -> int:
    """How many numbers the index of `version` had for `players` seats: a policy trained on an
    earlier version reads the first `version_size(players, version)` numbers."""
    plays = 136 + 16 * (players + 1)
    size = plays + 10 + players
    if version >= 2:
        groups = sum(math.comb(players, k) for k in (1, 2, 3))
        # R+3 ×4; WH, WF, WT; WI, WCA; WJ; WM
        theme = 4 * 2 + 3 * 4 * (players + 1) * 2 + 2 * 4 * 2 + 4 * groups * 3 * 2 + 2
        size += 2 * len(ALL_CARD_ORDER) + 3  # discards, decline, pass, cheat
        size += theme + len(ALL_CARD_ORDER)  # theme plays, gifts
        size += plays + theme  # leads
        size += 9  # block c, block c!, allow
    return size


def _printable(action: object) -> bool:
    try:
        return isinstance(action, Action) and isinstance(action.code, str)
    except Exception:  # a hand-built Action may not print; the message then shows its repr
        return False
