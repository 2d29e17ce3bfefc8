"""What a typed answer means in line-by-line play, and why one was refused, in words.

An answer is a card's number in the hand as listed (`3`), with what the action grammar adds to
a card (`3!` calls Uno with it, `4:g` names a wild's colour, `3>2` names a Seven-O target); or
an action code of DESIGN.md §2 (`R7`, `W:b`, `W+4:b!`, `draw`, `catch 2`, `discard R5`,
`decline`); or one of the keys of the full-screen table (`d` draw, or decline a discard round,
`k` keep, `p` play the drawn card, `u` Uno, `c` catch, `x` challenge, `a` accept); or a command
of the line mode (`help`, `hand`, `story`...). In a discard round (§7.11.4) a card chosen as for
a play is discarded (`narrowed_discard`). Asked in a Pirate window (§7.6.4), `p` or `pass`
lets the play stand and `c` or `cheat` calls a cheat.

The theme cards (§7.11): a Joker's seats and count follow the card as in its code (`4:g>1,3*2`,
`WJ:g>1,3*2`), or are asked; after a Mambo a card chosen (`3`, `give 3`, `lead 3:g`) is given,
then led; asked about an Invisibility block, `b` or `block` blocks (`block g` names the colour,
else it is asked) and `a` or `allow` allows.

`read_answer` only reads: whether an action is legal is the engine's to say, and a refused one
is explained by `lastcard.words.refusals`.

>>> from lastcard.core import Card
>>> hand = [Card.from_code("R5"), Card.from_code("W")]
>>> read_answer("2:g!", hand, (), None)
PlayRequest(card=Card('W'), color=<Color.GREEN: 'G'>, target=None, uno=True, targets=(), count=0)
>>> read_answer("story 5", hand, (), None)
Command(name='story', argument='5')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lastcard.core import (
    Action,
    ActionKind,
    Card,
    Color,
    LastcardError,
    PlayerView,
    parse_action,
)
from lastcard.words.cards import card_name

COMMANDS: dict[str, str] = {
    "help": "what you may type",
    "hand": "your hand again",
    "table": "every player's cards and points, the discard and the stock",
    "story": "the last events again (story 30: the last 30)",
    "rules": "the rules of this game",
    "quit": "save the game and leave (lastcard play resumes it)",
}
_COMMAND_ALIASES = {"?": "help", "h": "help", "q": "quit", "exit": "quit"}

_KEYS: dict[str, ActionKind] = {
    "d": ActionKind.DRAW,
    "k": ActionKind.KEEP,
    "u": ActionKind.UNO,
    "x": ActionKind.CHALLENGE,
    "a": ActionKind.ACCEPT,
}

_NUMBERED = re.compile(
    r"^(?P<number>[0-9]+)(?::(?P<color>[a-z]+))?(?:>(?P<target>[0-9]+(?:,[0-9]+)*))?"
    r"(?:\*(?P<count>[0-9]+))?(?P<uno>!)?$"
)
# Words that choose a card as a play does, where their action is on offer (§7.11.4, §7.11.7).
_CARD_WORDS = {"discard": ActionKind.DISCARD, "give": ActionKind.GIVE, "lead": ActionKind.LEAD}
_CATCH = re.compile(r"^c(?:atch)?(?:\s+(?P<who>\S+))?$")
_COLOR = re.compile(r"^(?:colou?r\s+)?(?P<color>[a-z]+)$")


@dataclass(frozen=True)
class Command:
    """A command of the line mode, not a game action; `argument` is the rest of the line.
    `Command("")` is an empty line (Enter alone), whose meaning depends on the question."""

    name: str
    argument: str = ""


@dataclass(frozen=True)
class PlayRequest:
    """A card the person chose to play, with the colour, target and Uno call they gave; a
    Joker's seats (`targets`, increasing) and `count` (0: not given)."""

    card: Card
    color: Color | None = None
    target: int | None = None
    uno: bool = False
    targets: tuple[int, ...] = ()
    count: int = 0


@dataclass(frozen=True)
class BlockRequest:
    """`b` or `block` with no colour yet (§7.11.3): the colour is asked next. (An `Action`
    cannot stand for it: a block carries its colour.)"""


@dataclass(frozen=True)
class Unclear:
    """Text that means nothing here; `message` says what it was, in one line."""

    message: str


Answer = Command | PlayRequest | BlockRequest | Action | Unclear

ENTER = Command("")


def read_answer(
    text: str,
    hand: Sequence[Card],
    offers: Sequence[Action],
    view: PlayerView | None,
    names: Sequence[str] = (),
) -> Answer:
    """What `text` asks for. `hand` is numbered from 1; `offers` (what may be done now) and
    `view` settle the keys that depend on them (`c`: the one player who can be caught, `p`:
    the card just drawn, `draw` under a penalty: accepting it); `names` lets a player be
    caught by name (`catch ada`)."""
    words = text.strip().lower().split()
    if not words:
        return ENTER
    head = _COMMAND_ALIASES.get(words[0], words[0])
    if head in COMMANDS:
        return Command(head, " ".join(words[1:]))
    offered = {a.kind for a in offers}
    if head == "play" and len(words) > 1:  # "play 3", "play R5": the same as "3", "R5"
        words = words[1:]
    elif _CARD_WORDS.get(head) in offered:  # "discard 3" as "3", where it is asked
        if len(words) == 1:
            return Unclear(f"Say which card to {head}: its number, as in 2, or its code.")
        words = words[1:]
    joined = "".join(words)
    numbered = _NUMBERED.match(joined)
    if numbered:
        return _numbered(numbered, hand)
    pirate = _pirate_answer(joined, offers)
    if pirate is not None:
        return pirate
    if joined in ("b", "block") and ActionKind.BLOCK in offered:
        return BlockRequest()  # its colour is asked
    if joined == "a" and ActionKind.ALLOW in offered and ActionKind.ACCEPT not in offered:
        return Action(ActionKind.ALLOW)
    if joined in ("p", "play"):
        if view is None or view.drawn is None:
            return Unclear("There is no drawn card to play: type the number of a card.")
        return PlayRequest(view.drawn)
    catch = _CATCH.match(" ".join(words))
    if catch:
        return _catch(catch["who"], offers, names)
    action = _word_action(joined, offers)
    if action is not None:
        return action
    color = _COLOR.match(" ".join(words))
    if color and any(a.kind is ActionKind.COLOR for a in offers):
        try:
            return Action(ActionKind.COLOR, color=Color.from_letter(color["color"]))
        except LastcardError:
            return Unclear(f"{color['color']!r} is no colour: type r, y, g or b.")
    try:
        action = parse_action(" ".join(words))
    except LastcardError:
        return Unclear(f"{text.strip()!r} is not an answer here.")
    if action.kind in (ActionKind.PLAY, ActionKind.LEAD) and action.card is not None:
        return PlayRequest(
            action.card, action.color, action.target, action.uno, action.targets, action.count
        )
    return action


def _numbered(match: re.Match[str], hand: Sequence[Card]) -> Answer:
    number = int(match["number"])
    if not 1 <= number <= len(hand):
        if not hand:
            return Unclear("You have no cards to choose from.")
        return Unclear(f"Your cards are numbered 1 to {len(hand)}.")
    color = None
    if match["color"]:
        try:
            color = Color.from_letter(match["color"])
        except LastcardError:
            return Unclear(f"{match['color']!r} is no colour: add :r, :y, :g or :b.")
    seats = [int(seat) for seat in match["target"].split(",")] if match["target"] else []
    count = int(match["count"]) if match["count"] else 0
    card, uno = hand[number - 1], bool(match["uno"])
    if count or len(seats) > 1:  # a Joker's form (§7.11.6)
        return PlayRequest(card, color, None, uno, tuple(sorted(seats)), count)
    return PlayRequest(card, color, seats[0] if seats else None, uno)


def _pirate_answer(word: str, offers: Sequence[Action]) -> Action | None:
    """§7.6.4: asked in a Pirate window, `p` lets the play stand and `c` calls a cheat (the
    full-screen table's keys); elsewhere they keep their usual meanings."""
    offered = {a.kind for a in offers}
    if word == "p" and ActionKind.PASS in offered:
        return Action(ActionKind.PASS)
    if word == "c" and ActionKind.CHEAT in offered:
        return Action(ActionKind.CHEAT)
    return None


def _catch(who: str | None, offers: Sequence[Action], names: Sequence[str]) -> Answer:
    catches = [a for a in offers if a.kind is ActionKind.CATCH]
    if who is None:
        if len(catches) == 1:
            return catches[0]
        if not catches:
            return Unclear("Nobody can be caught now.")
        whom = " or ".join(f"catch {a.target}" for a in catches)
        return Unclear(f"Say whom to catch: {whom}.")
    if who.isdigit():
        return Action(ActionKind.CATCH, target=int(who))
    seats = [seat for seat, name in enumerate(names) if name.lower() == who]
    if seats:
        return Action(ActionKind.CATCH, target=seats[0])
    return Unclear(f"Catch a player by their seat number or name, as in catch 1, not {who!r}.")


def _word_action(word: str, offers: Sequence[Action]) -> Action | None:
    kind = _KEYS.get(word)
    if kind is None:
        # They need more: a card, a seat or a colour (a bare `block` is read before this).
        named = (
            ActionKind.PLAY,
            ActionKind.CATCH,
            ActionKind.DISCARD,
            ActionKind.GIVE,
            ActionKind.LEAD,
            ActionKind.BLOCK,
        )
        kinds = {k.value: k for k in ActionKind if k not in named}
        kind = kinds.get(word)
    if kind is None or kind is ActionKind.COLOR:
        return None
    offered = {a.kind for a in offers}
    if kind is ActionKind.DRAW and kind not in offered and ActionKind.ACCEPT in offered:
        kind = ActionKind.ACCEPT  # drawing the penalty is accepting it (§7.1.5)
    if kind is ActionKind.DRAW and kind not in offered and ActionKind.DECLINE in offered:
        kind = ActionKind.DECLINE  # nobody draws in a discard round: `d` declines (§7.11.4)
    return Action(kind)


def narrowed(request: PlayRequest, offers: Sequence[Action]) -> list[Action] | str:
    """The plays (or a Mambo's leads) on offer that fit `request` (the card, then the colour,
    target, a Joker's seats and count, and Uno call it gave); an empty list when the card
    itself cannot be played now (the engine says why), a sentence when only what was added to
    it does not fit."""
    kinds = (ActionKind.PLAY, ActionKind.LEAD)
    plays = [a for a in offers if a.kind in kinds and a.card is request.card]
    if not plays:
        return []
    name = card_name(request.card)
    if request.color is not None:
        plays = [a for a in plays if a.color is request.color]
        if not plays:
            return f"{name} names no colour: play it without one."
    targets = request.targets
    if request.target is not None and any(a.targets for a in plays):
        targets = (request.target,)  # a Joker naming one seat: `4:g>1`
    if (targets or request.count) and not any(a.targets for a in plays):
        return f"{name} names no seats and no count: only a Joker does."
    if targets:
        plays = [a for a in plays if a.targets == targets]
        if not plays:
            together = ", ".join(str(seat) for seat in targets)
            return f"{name} cannot name seats {together} together: 1 to 3 other players."
    if request.count:
        plays = [a for a in plays if a.count == request.count]
        if not plays:
            return f"{name} makes each player draw 1, 2 or 3 cards, not {request.count}."
    if request.target is not None and not targets:
        named = [a for a in plays if a.target == request.target]
        if not named:
            seats = sorted({a.target for a in plays if a.target is not None})
            if not seats:
                return f"{name} names no player: play it without one."
            return f"{name} can name seat {_or(seats)}, not {request.target}."
        plays = named
    if request.uno:
        calls = [a for a in plays if a.uno]
        if not calls:
            return f"Uno is called with the play that leaves you one card; {name} does not."
        plays = calls
    return plays


def narrowed_discard(request: PlayRequest, offers: Sequence[Action]) -> list[Action] | str:
    """A discard round's discards that fit `request` (§7.11.4): an empty list when the card
    cannot be discarded (the engine says why), a sentence when what was added to it does not
    fit (a discard names no colour and no player; `!` only with the card that leaves one)."""
    discards = [a for a in offers if a.kind is ActionKind.DISCARD and a.card == request.card]
    if not discards:
        return []
    name = card_name(request.card)
    if request.color is not None or request.target is not None:
        return f"A discard names no colour and no player: discard {name} without them."
    if request.uno:
        calls = [a for a in discards if a.uno]
        if not calls:
            return f"Uno is called with the discard that leaves you one card; {name} does not."
        discards = calls
    return discards


def accepted_line(offers: Sequence[Action], hand: Sequence[Card]) -> str:
    """One line saying what may be typed now."""
    kinds = {a.kind for a in offers}
    parts = []
    if kinds & {ActionKind.PLAY, ActionKind.DISCARD, ActionKind.GIVE, ActionKind.LEAD} and hand:
        parts.append(f"a card's number (1 to {len(hand)}) or code")
    if ActionKind.COLOR in kinds:
        parts.append("a colour (r, y, g or b)")
    for kind in (
        ActionKind.DRAW,
        ActionKind.KEEP,
        ActionKind.CHALLENGE,
        ActionKind.ACCEPT,
        ActionKind.UNO,
        ActionKind.DECLINE,
        ActionKind.PASS,
        ActionKind.CHEAT,
        ActionKind.BLOCK,
        ActionKind.ALLOW,
    ):
        if kind in kinds:
            parts.append(kind.value)
    catches = [a.target for a in offers if a.kind is ActionKind.CATCH and a.target is not None]
    if catches:
        parts.append(f"catch {_or(catches)}")
    parts.append("help")
    return f"Type {_or(parts)}."


def _or(items: Sequence[object]) -> str:
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} or {texts[-1]}"
