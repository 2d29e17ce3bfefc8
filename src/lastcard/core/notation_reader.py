"""`from_notation`: the position a line of the notation describes, checked (the grammar is
`lastcard.core.notation`'s)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import COLORS, Card, Color
from .notation_grammar import (
    EMPTY,
    REST,
    NotationError,
    default_first,
    default_to_act,
    top_color,
    unwritten_cards,
)
from .rng import RngState
from .rules import Rules
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

_MAX_TEXT = 1_000_000  # a full position with a long history is a few kilobytes
_COLOR_WORDS = {color.name.lower(): color for color in COLORS}
_PHASES = {phase.value: phase for phase in Phase}
_DIRECTIONS = {"cw": 1, "ccw": -1}
_NUMBER = re.compile(r"-?[0-9]{1,200}")
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
                if key in _COLOR_WORDS
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
        if list(words) == [EMPTY]:
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
        return None if word is None or word == EMPTY else self._seat(word, key)

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
            stock_words = [EMPTY]
        discard = self._cards(discard_words, "discard", rest=True)
        stock = self._cards(stock_words, "stock", rest=True)
        rest = unwritten_cards(self.rules, self.hands, discard, stock)
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
            self._optional_seat("to_act") if "to_act" in self.words else default_to_act(phase, turn)
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
            "color": self._color(discard),
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
            else default_first(self.rules, discard),
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

    def _color(self, discard: tuple[Card, ...]) -> Color | None:
        word = self.bare.get("colour")
        if word is not None:
            return _COLOR_WORDS[word]
        letter = self._one("color")
        if letter is None:
            return top_color(discard)
        if letter == EMPTY:
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
        color = None if words[2] == EMPTY else Color.from_letter(words[2])
        hand = self._cards(words[3:], "challenge")
        return PendingChallenge(self._seat(words[0], "challenge"), words[1] == "legal", hand, color)

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
            () if words[4] == EMPTY else tuple(self._seat(w, "block") for w in words[4].split(","))
        )
        return PendingBlock(
            words[0],
            self._seat(words[1], "block"),
            self._number(words[2], "block count", 0, 4),
            "" if words[3] == EMPTY else words[3],
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
            or words[4] not in ("uno", EMPTY)
            or words[1] not in (EMPTY, "r", "y", "g", "b")
        ):
            raise NotationError("pirate takes cheat|fair COLOUR|- SEAT|- SEAT|- uno|-")
        color = None if words[1] == EMPTY else Color.from_letter(words[1])

        def seat(word: str) -> int | None:
            return None if word == EMPTY else self._seat(word, "pirate")

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
            words[0] == "cheat", color, seat(words[2]), target, words[4] == "uno", targets, count
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
            went_out=None if parts[3] == EMPTY else self._seat(parts[3], "history"),
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
