"""A one-line notation for a whole game position, in the spirit of chess's FEN.

`to_notation(state)` writes every field of a `GameState` on one line; `from_notation(text)`
builds the state back exactly (`from_notation(to_notation(s)) == s`). Tests write positions in
it by hand, leaving out whatever keeps its default:

>>> state = from_notation("R5 B7 W+4 / G3 G4 / Y1 Y2 | discard G5 R3 | turn 1")
>>> [len(hand) for hand in state.hands], state.top.code, state.color, state.turn
([3, 2, 2], 'R3', <Color.RED: 'R'>, 1)
>>> len(state.stock), state.stock[-1].code  # the rest of the deck, W+4 on top
(99, 'W+4')
>>> to_notation(state)
'R5 B7 W+4 / G3 G4 / Y1 Y2 | discard G5 R3 | turn 1'

The syntax. Sections are separated by `|`. The first lists the hands, seat 0 first, separated
by `/`; a hand is card codes separated by spaces, `-` for an empty hand. The number of hands is
the number of players. Every other section is a keyword and its values, in any order, each at
most once, or a single word that sets one field (the first three lines below). Defaults in
brackets; `N` is a number, `C` a card code, `..` means any number of them.

- `red`, `yellow`, `green`, `blue`: the colour to match [the top card's colour; none on a wild]
- `cw`, `ccw`: the direction of play, seat numbers increasing or decreasing [`cw`]
- `await_turn`, `after_draw`, `await_wd4_response`, `await_stack_response`,
  `await_first_color`, `await_discard`, `await_pirate`, `await_gift`, `await_lead`,
  `await_block`, `hand_over`, `game_over`: the phase [`await_turn`]
- `discard C..`: the discard pile, bottom first: the last card is the top [required]
- `stock C..`: the stock, bottom first: the last card is the next one drawn [`stock ...`]
- `color c`: the colour as a letter, `-` for none (the word form above is the usual one)
- `turn N`: whose turn it is [`0`]
- `to_act N`: who must decide now, `-` for nobody [`turn`; `-` once the hand is over]
- `pending N`: the cards the victim of a draw card must draw [`0`]
- `drawn C`: the card drawn this turn, which is also in the hand [none]
- `challenge P legal|bluff c C..`: a Wild Draw Four its victim may still challenge: its
  player, whether it was legal, the colour it was judged against (`-`: none) and the player's
  hand when it was played [none]
- `pirate cheat|fair c N T uno|-`: an open Pirate window (§7.6.4) on the play of `turn`: whether
  it was a cheat, the colour (`-`: none) and the seat that placed the top card (`-`) before it,
  the seat it named (`-`; a Joker's `1,3*2`) and whether Uno was called with it [none]
- `gift_to N`: the seat a Mambo's next gift goes to (phase `await_gift`, §7.11.7) [none]
- `block WHAT P N REASON SEATS`: the effect of seat P's card that the Invisibility holder
  (`to_act`, phase `await_block`, §7.11.3) may block: `next_draws`, `skip`, `draws`, `swap`,
  `reveal` or `view`, the cards to draw and their reason (`-`), a Joker's seats (`-`), and
  `uno` when the player owes a call once it is answered [none]
- `exposed N`: the seat that can be caught for a missed Uno call [none]
- `uncaught N..`: seats whose missed call went unpunished [none]
- `top_player N`: who placed the top card [none]
- `passes N`: consecutive passes with nothing to draw [`0`]
- `hand_turns N`: turns taken in this hand [`0`]
- `dealer N`: the dealer [the seat before `turn` in the direction of play]
- `hand N`: the hand's number [`1`]
- `scores N..`: every seat's score [all `0`]
- `eliminated N..`: seats out of the game [none]
- `winners N..`: the game's winners [none]
- `first C`: the hand's first discard [the bottom card of the discard pile]
- `rng [fast|secure] SEED [COUNTER]`: the generator's state [`rng 0`: fast, counter 0]
- `history H..`: finished hands, each `number:dealer:first:went_out:values:points:totals:
  eliminated` (no spaces), lists comma-separated, `-` for a blocked hand's `went_out` [none]
- `rules NAME option=value..`: a preset and the options changed from it, values as JSON, bare
  words as text (`rules party hand_size=2`) [the `rules` argument, else the official rules]

`...` stands for the rest of the deck: every card of the rules' deck not placed in a hand, the
discard pile or the rest of the stock, in the fixed card order `R0`..`R9`, `RS`, `RR`, `R+2`,
then yellow, green and blue alike, then `W`, `W+4`, `WSH`, `WC`, `WD1`, `WD2`, then the theme
cards `R+3`, `Y+3`, `G+3`, `B+3`, `WH`, `WI`, `WCA`, `WF`, `WJ`, `WM`, `WT`, bottom first.
It may open the stock (the default) or the discard pile, not both. Without it the position
holds only the cards written, which is how a test asks for an empty stock (`stock -`).
Cards never number more copies than the deck holds.

Invalid text raises `NotationError`, naming the section at fault. Only the notation is checked:
its syntax, seat numbers within the table and no more copies of a card than the deck holds.
Whether play could reach the position is not: tests build impossible ones on purpose (a partial
deck, a hand of one card in the first turn).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .action_index import ALL_CARD_ORDER
from .cards import COLORS, Card, Color
from .errors import LastcardError
from .rng import RngState
from .rules import PRESETS, Rules
from .state import (
    BLOCKABLE,
    GameState,
    HandResult,
    PendingBlock,
    PendingChallenge,
    PendingPirate,
    Phase,
)
from .validity import check_state


class NotationError(LastcardError):
    """Text that is not a position in the notation of `lastcard.core.notation`."""

    code = "INVALID_NOTATION"


REST = "..."
_EMPTY = "-"
_MAX_TEXT = 1_000_000  # a full position with a long history is a few kilobytes
_COLOUR_WORDS = {color.name.lower(): color for color in COLORS}
_PHASES = {phase.value: phase for phase in Phase}
_DIRECTIONS = {"cw": 1, "ccw": -1}
_NUMBER = re.compile(r"-?[0-9]{1,200}")
_CARD_RANK = {code: rank for rank, code in enumerate(ALL_CARD_ORDER)}
_KEYS = (
    "rules",
    "discard",
    "stock",
    "color",
    "turn",
    "to_act",
    "pending",
    "drawn",
    "challenge",
    "pirate",
    "gift_to",
    "block",
    "exposed",
    "uncaught",
    "top_player",
    "passes",
    "hand_turns",
    "dealer",
    "hand",
    "scores",
    "eliminated",
    "winners",
    "first",
    "rng",
    "history",
)


# -- writing -----------------------------------------------------------------------------------


def to_notation(state: GameState, *, include_rules: bool = True) -> str:
    """The position on one line, every field that differs from its default written.

    With `include_rules=False` the rules are left out and must be given to `from_notation`.
    """
    players = state.players
    sections = [" / ".join(_cards_text(hand) for hand in state.hands)]

    def add(key: str, *values: object) -> None:
        sections.append(" ".join((key, *map(str, values))))

    if include_rules and state.rules != Rules():
        add("rules", _rules_text(state.rules))
    add("discard", _cards_text(state.discard))
    if state.stock != _rest(state.rules, state.hands, state.discard, ()):
        add("stock", _cards_text(state.stock))
    default_colour = _top_colour(state.discard)
    if state.color is not default_colour:
        sections.append("color -" if state.color is None else state.color.name.lower())
    if state.direction != 1:
        sections.append("ccw")
    if state.phase is not Phase.AWAIT_TURN:
        sections.append(state.phase.value)
    if state.turn != 0:
        add("turn", state.turn)
    if state.to_act != _default_to_act(state.phase, state.turn):
        add("to_act", _seat_text(state.to_act))
    if state.pending_draw:
        add("pending", state.pending_draw)
    if state.drawn is not None:
        add("drawn", state.drawn.code)
    if state.challenge is not None:
        c = state.challenge
        colour = _EMPTY if c.color is None else c.color.value.lower()
        add("challenge", c.player, "legal" if c.legal else "bluff", colour, *_codes(c.hand))
    if state.pirate is not None:
        p = state.pirate
        add(
            "pirate",
            "cheat" if p.cheat else "fair",
            _EMPTY if p.color is None else p.color.value.lower(),
            _seat_text(p.top_player),
            ",".join(map(str, p.targets)) + f"*{p.count}" if p.targets else _seat_text(p.target),
            "uno" if p.uno else _EMPTY,
        )
    if state.gift_to is not None:
        add("gift_to", state.gift_to)
    if state.block is not None:
        b = state.block
        targets = ",".join(map(str, b.targets)) or _EMPTY
        add("block", b.what, b.player, b.count, b.reason or _EMPTY, targets)
        if b.owes_uno:
            sections[-1] += " uno"
    if state.exposed is not None:
        add("exposed", state.exposed)
    if state.uncaught:
        add("uncaught", *state.uncaught)
    if state.top_player is not None:
        add("top_player", state.top_player)
    if state.passes:
        add("passes", state.passes)
    if state.hand_turns:
        add("hand_turns", state.hand_turns)
    if state.dealer != (state.turn - state.direction) % players:
        add("dealer", state.dealer)
    if state.hand_number != 1:
        add("hand", state.hand_number)
    if any(state.scores):
        add("scores", *state.scores)
    if not all(state.active):
        add("eliminated", *(seat for seat in range(players) if not state.active[seat]))
    if state.winners:
        add("winners", *state.winners)
    if state.first_discard is not _default_first(state.rules, state.discard):
        add("first", state.first_discard.code)
    rng = state.rng
    if rng != RngState("fast", 0):
        kind = () if rng.kind == "fast" else (rng.kind,)
        add("rng", *kind, rng.seed, *((rng.counter,) if rng.counter else ()))
    if state.history:
        add("history", *(_result_text(result) for result in state.history))
    return " | ".join(sections)


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(_codes(cards)) if cards else _EMPTY


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def _seat_text(seat: int | None) -> str:
    return _EMPTY if seat is None else str(seat)


def _rules_text(rules: Rules) -> str:
    """The preset these rules differ least from, and the options that differ."""
    options = rules.to_dict()
    best: tuple[str, list[str]] | None = None
    for name in PRESETS:
        preset = Rules.preset(name).to_dict()
        changes = [
            f"{key}={json.dumps(value, separators=(',', ':'))}"
            for key, value in options.items()
            if value != preset[key]
        ]
        if best is None or len(changes) < len(best[1]):
            best = (name, changes)
    assert best is not None
    return " ".join((best[0], *best[1]))


def _result_text(result: HandResult) -> str:
    def numbers(values: Sequence[int]) -> str:
        return ",".join(map(str, values))

    went_out = _EMPTY if result.went_out is None else str(result.went_out)
    return ":".join(
        (
            str(result.number),
            str(result.dealer),
            result.first_discard.code,
            went_out,
            numbers(result.hand_values),
            numbers(result.points),
            numbers(result.totals),
            numbers(result.eliminated),
        )
    )


# -- reading -----------------------------------------------------------------------------------


def from_notation(text: str, rules: Rules | None = None, *, check: bool = True) -> GameState:
    """The position `text` describes (see the module), under `rules` unless it names its own.

    Raises `NotationError` for text that is not a position, and when `text` names rules that
    differ from `rules`. With `check` (the default) it also refuses a position the engine could
    not have reached, the history and the deck apart (`validity.check_state`: nobody to
    decide, no current colour, a pending draw of nothing, ...); tests that only show a bot a
    view may build such positions with `check=False`.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise NotationError(f"a position is at most {_MAX_TEXT} characters long")
    if rules is not None and not isinstance(rules, Rules):
        raise NotationError(f"rules must be a Rules, not {type(rules).__name__}")
    try:
        state = _Reader(text, rules).state()
        if check:
            check_state(state, position=True)
        return state
    except NotationError:
        raise
    except (ValueError, TypeError, KeyError, IndexError) as error:  # LastcardErrors included
        raise NotationError(f"not a position: {error}") from None


class _Reader:
    """Reads one position; each method reads one field, its defaults already known."""

    def __init__(self, text: str, rules: Rules | None) -> None:
        parts = [part.strip() for part in text.split("|")]
        hands = parts[0].split("/")
        self.words: dict[str, list[str]] = {}
        self.bare: dict[str, str] = {}
        for part in parts[1:]:
            self._section(part)
        named = self.words.pop("rules", None)
        if named is not None:
            named_rules = _read_rules(named)
            if rules is not None and rules != named_rules:
                raise NotationError("the position names rules other than the rules given")
            rules = named_rules
        self.rules = rules if rules is not None else Rules()
        self.players = len(hands)
        if not 2 <= self.players <= 10:
            raise NotationError(f"a game has 2 to 10 hands, not {self.players}")
        self.hands = tuple(self._cards(hand.split(), f"hand {i}") for i, hand in enumerate(hands))

    def _section(self, part: str) -> None:
        words = part.split()
        if not words:
            raise NotationError("an empty section between two `|`")
        key = words[0].lower()
        if len(words) == 1 and key not in _KEYS:
            kind = (
                "colour"
                if key in _COLOUR_WORDS
                else "direction"
                if key in _DIRECTIONS
                else "phase"
                if key in _PHASES
                else None
            )
            if kind is None:
                raise NotationError(f"unknown section {words[0]!r}")
            if kind in self.bare or (kind == "colour" and "color" in self.words):
                raise NotationError(f"two {kind}s: {self.bare[kind]!r} and {key!r}")
            self.bare[kind] = key
            return
        if key not in _KEYS:
            raise NotationError(f"unknown section {words[0]!r}: the keys are {', '.join(_KEYS)}")
        if key in self.words or (key == "color" and "colour" in self.bare):
            raise NotationError(f"section {key!r} given twice")
        self.words[key] = words[1:]

    # -- values --

    def _cards(self, words: Sequence[str], field: str, rest: bool = False) -> tuple[Card, ...]:
        if list(words) == [_EMPTY]:
            return ()
        if rest and words and words[0] == REST:
            words = words[1:]
        cards = []
        for word in words:
            try:
                cards.append(Card.from_code(word))
            except ValueError:  # CardCodeError
                raise NotationError(f"{field}: {word[:20]!r} is not a card code") from None
        return tuple(cards)

    def _number(self, word: str, field: str, low: int = 0, high: int | None = None) -> int:
        if not _NUMBER.fullmatch(word):
            raise NotationError(f"{field}: {word[:20]!r} is not a whole number")
        value = int(word)
        if value < low or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            raise NotationError(f"{field}: {value} is out of range ({low}{top})")
        return value

    def _seat(self, word: str, field: str) -> int:
        return self._number(word, field, 0, self.players - 1)

    def _seats(self, key: str) -> tuple[int, ...]:
        return tuple(self._seat(word, key) for word in self.words.get(key, ()))

    def _one(self, key: str) -> str | None:
        words = self.words.get(key)
        if words is None:
            return None
        if len(words) != 1:
            raise NotationError(f"{key} takes one value, not {len(words)}")
        return words[0]

    def _count(self, key: str) -> int:
        word = self._one(key)
        return 0 if word is None else self._number(word, key)

    def _optional_seat(self, key: str) -> int | None:
        word = self._one(key)
        return None if word is None or word == _EMPTY else self._seat(word, key)

    # -- the state --

    def state(self) -> GameState:
        discard_words = self.words.get("discard")
        if discard_words is None:
            raise NotationError("a position needs its discard pile: `discard C..` (top last)")
        stock_words = self.words.get("stock", [REST])
        if not discard_words or not stock_words:
            raise NotationError("a pile lists its cards, `-` when it is empty")
        if discard_words[:1] == [REST] and stock_words[:1] == [REST]:
            if "stock" in self.words:
                raise NotationError("`...` may open the stock or the discard pile, not both")
            stock_words = [_EMPTY]
        discard = self._cards(discard_words, "discard", rest=True)
        stock = self._cards(stock_words, "stock", rest=True)
        rest = _rest(self.rules, self.hands, discard, stock)
        if discard_words[:1] == [REST]:
            discard = rest + discard
        elif stock_words[:1] == [REST]:
            stock = rest + stock
        self._check_copies(discard, stock)

        direction = _DIRECTIONS[self.bare.get("direction", "cw")]
        phase = _PHASES[self.bare.get("phase", Phase.AWAIT_TURN.value)]
        turn_word = self._one("turn")
        turn = 0 if turn_word is None else self._seat(turn_word, "turn")
        to_act = (
            self._optional_seat("to_act")
            if "to_act" in self.words
            else _default_to_act(phase, turn)
        )
        dealer = self._optional_seat("dealer")
        first = self._one("first")
        eliminated = set(self._seats("eliminated"))
        scores = self.words.get("scores")
        if scores is not None and len(scores) != self.players:
            raise NotationError(f"scores: give {self.players} scores, not {len(scores)}")
        drawn = self._one("drawn")
        values: dict[str, Any] = {
            "rules": self.rules,
            "players": self.players,
            "rng": self._rng(),
            "hand_number": self._count("hand") if "hand" in self.words else 1,
            "dealer": (turn - direction) % self.players if dealer is None else dealer,
            "hands": self.hands,
            "stock": stock,
            "discard": discard,
            "color": self._colour(discard),
            "direction": direction,
            "turn": turn,
            "to_act": to_act,
            "phase": phase,
            "active": tuple(seat not in eliminated for seat in range(self.players)),
            "scores": tuple(self._number(w, "scores", -(10**9)) for w in scores)
            if scores is not None
            else (0,) * self.players,
            "first_discard": self._cards([first], "first")[0]
            if first is not None
            else _default_first(self.rules, discard),
            "pending_draw": self._count("pending"),
            "drawn": self._cards([drawn], "drawn")[0] if drawn is not None else None,
            "challenge": self._challenge(),
            "pirate": self._pirate(),
            "gift_to": self._optional_seat("gift_to"),
            "block": self._block(),
            "exposed": self._optional_seat("exposed"),
            "uncaught": self._seats("uncaught"),
            "top_player": self._optional_seat("top_player"),
            "passes": self._count("passes"),
            "winners": self._seats("winners"),
            "hand_turns": self._count("hand_turns"),
            "history": tuple(self._result(word) for word in self.words.get("history", ())),
        }
        return GameState(**values)

    def _check_copies(self, discard: tuple[Card, ...], stock: tuple[Card, ...]) -> None:
        used = Counter(discard) + Counter(stock)
        for hand in self.hands:
            used.update(hand)
        deck = Counter(self.rules.deck_cards())
        extra = sorted(card.code for card, n in used.items() if n > deck[card])
        if extra:
            raise NotationError(f"more copies than the deck holds of {', '.join(extra)}")

    def _colour(self, discard: tuple[Card, ...]) -> Color | None:
        word = self.bare.get("colour")
        if word is not None:
            return _COLOUR_WORDS[word]
        letter = self._one("color")
        if letter is None:
            return _top_colour(discard)
        if letter == _EMPTY:
            return None
        try:
            return Color.from_letter(letter)
        except ValueError:
            raise NotationError(f"color: {letter[:20]!r} is not r, y, g, b or -") from None

    def _rng(self) -> RngState:
        words = list(self.words.get("rng", ["0"]))
        kind = "fast"
        if words and words[0] in ("fast", "secure"):
            kind = words.pop(0)
        if not 1 <= len(words) <= 2:
            raise NotationError("rng takes [fast or secure] SEED [COUNTER]")
        seed = self._number(words[0], "rng seed", 0, (1 << 512) - 1)
        counter = self._number(words[1], "rng counter", 0, (1 << 64) - 1) if len(words) > 1 else 0
        return RngState(kind, seed, counter)

    def _challenge(self) -> PendingChallenge | None:
        words = self.words.get("challenge")
        if words is None:
            return None
        if len(words) < 3 or words[1] not in ("legal", "bluff"):
            raise NotationError("challenge takes PLAYER legal|bluff COLOUR CARDS..")
        colour = None if words[2] == _EMPTY else Color.from_letter(words[2])
        hand = self._cards(words[3:], "challenge")
        return PendingChallenge(
            self._seat(words[0], "challenge"), words[1] == "legal", hand, colour
        )

    def _block(self) -> PendingBlock | None:
        words = self.words.get("block")
        if words is None:
            return None
        if (
            len(words) not in (5, 6)
            or words[0] not in BLOCKABLE
            or len(words[3]) > 32
            or words[5:] not in ([], ["uno"])
        ):
            raise NotationError(
                f"block takes {'|'.join(BLOCKABLE)} PLAYER COUNT REASON|- SEATS|- [uno]"
            )
        targets = (
            () if words[4] == _EMPTY else tuple(self._seat(w, "block") for w in words[4].split(","))
        )
        return PendingBlock(
            words[0],
            self._seat(words[1], "block"),
            self._number(words[2], "block count", 0, 4),
            "" if words[3] == _EMPTY else words[3],
            targets,
            words[5:] == ["uno"],
        )

    def _pirate(self) -> PendingPirate | None:
        words = self.words.get("pirate")
        if words is None:
            return None
        if (
            len(words) != 5
            or words[0] not in ("cheat", "fair")
            or words[4] not in ("uno", _EMPTY)
            or words[1] not in (_EMPTY, "r", "y", "g", "b")
        ):
            raise NotationError("pirate takes cheat|fair COLOUR|- SEAT|- SEAT|- uno|-")
        colour = None if words[1] == _EMPTY else Color.from_letter(words[1])

        def seat(word: str) -> int | None:
            return None if word == _EMPTY else self._seat(word, "pirate")

        target: int | None = None
        targets: tuple[int, ...] = ()
        count = 0
        seats, star, times = words[3].partition("*")
        if star:  # a Joker's seats and count, as in its action code
            targets = tuple(self._seat(w, "pirate") for w in seats.split(","))
            count = self._number(times, "pirate count", 1, 3)
        else:
            target = seat(words[3])
        return PendingPirate(
            words[0] == "cheat", colour, seat(words[2]), target, words[4] == "uno", targets, count
        )

    def _result(self, word: str) -> HandResult:
        parts = word.split(":")
        if len(parts) != 8:
            raise NotationError(
                f"history: {word[:40]!r} is not "
                "number:dealer:first:went_out:values:points:totals:eliminated"
            )

        def numbers(text: str, low: int = -(10**9)) -> tuple[int, ...]:
            items = text.split(",") if text else []
            return tuple(self._number(item, "history", low) for item in items)

        return HandResult(
            number=self._number(parts[0], "history", 1),
            dealer=self._seat(parts[1], "history"),
            first_discard=self._cards([parts[2]], "history")[0],
            went_out=None if parts[3] == _EMPTY else self._seat(parts[3], "history"),
            hand_values=numbers(parts[4]),
            points=numbers(parts[5]),
            totals=numbers(parts[6]),
            eliminated=numbers(parts[7], 0),
        )


def _read_rules(words: Sequence[str]) -> Rules:
    if not words:
        raise NotationError("rules takes a preset name and option=value changes")
    rules = Rules.preset(words[0])
    options = rules.to_dict()
    changes: dict[str, Any] = {}
    for word in words[1:]:
        key, equals, value = word.partition("=")
        if not equals:
            raise NotationError(f"rules: {word[:40]!r} is not option=value")
        if isinstance(options.get(key), str) and not value.startswith('"'):
            changes[key] = value  # text options take bare words: deck=2018 is deck="2018"
            continue
        try:
            changes[key] = json.loads(value)
        except json.JSONDecodeError:
            changes[key] = value
    return rules.changed(**changes) if changes else rules


# -- defaults shared by both directions --------------------------------------------------------


def _rest(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    discard: Sequence[Card],
    stock: Sequence[Card],
) -> tuple[Card, ...]:
    """The deck's cards not among those given, in the fixed card order, bottom first."""
    remaining = Counter(rules.deck_cards())
    remaining.subtract(discard)
    remaining.subtract(stock)
    for hand in hands:
        remaining.subtract(hand)
    cards = sorted(remaining.elements(), key=lambda card: _CARD_RANK[card.code])
    return tuple(cards)


def _top_colour(discard: Sequence[Card]) -> Color | None:
    return discard[-1].color if discard else None


def _default_to_act(phase: Phase, turn: int) -> int | None:
    return None if phase in (Phase.HAND_OVER, Phase.GAME_OVER) else turn


def _default_first(rules: Rules, discard: Sequence[Card]) -> Card:
    return discard[0] if discard else rules.deck_cards()[0]
