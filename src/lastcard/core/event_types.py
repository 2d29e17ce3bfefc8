"""The event types and the one description of their fields (`EVENT_SPECS`): for each field its
name, wire form, meaning and whether it is secret, and what the fields of one event must agree
on (`CHECKS`). `lastcard.core.events` builds, redacts, reads and writes events from it."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import Color
from .decoding import (
    corrupt,
    read_bool,
    read_card,
    read_cards,
    read_list,
    read_optional_seat,
    read_seat,
    read_seats,
    read_whole,
)
from .errors import shown
from .state import MAX_COUNT, MAX_PLAYERS


class EventType(enum.StrEnum):
    """The type of an event; members equal (and JSON-encode as) their lower-case names."""

    DEALER_DRAW = "dealer_draw"
    DEAL = "deal"
    FIRST_DISCARD_RETURNED = "first_discard_returned"
    FIRST_DISCARD = "first_discard"
    PLAY = "play"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"
    SKIP = "skip"
    REVERSE = "reverse"
    SWAP_HANDS = "swap_hands"
    ROTATE_HANDS = "rotate_hands"
    SHUFFLE_HANDS = "shuffle_hands"
    REVEAL = "reveal"
    KEEP = "keep"
    PASS = "pass"
    ACCEPT = "accept"
    CHALLENGE = "challenge"
    UNO = "uno"
    CATCH = "catch"
    COLOR = "color"
    TURN_LIMIT = "turn_limit"
    WRONG_CARD = "wrong_card"
    SUGGESTION_PENALTY = "suggestion_penalty"
    DISCARD_ROUND = "discard_round"
    DISCARD = "discard"
    DECLINE = "decline"
    PIRATE_WINDOW = "pirate_window"
    PIRATE_PASS = "pirate_pass"
    PIRATE_CALL = "pirate_call"
    TRAVEL = "travel"
    GIFT = "gift"
    LEAD = "lead"
    BLOCK = "block"
    ALLOW = "allow"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


# -- wire forms ------------------------------------------------------------------------------

_MAX_CARDS = 1000  # far above any deck (§1, §7.11)
COLOR_LETTERS: Mapping[str, Color] = MappingProxyType({c.value.lower(): c for c in Color})
# Why a draw happened: the card or rule that caused it (`turn`: the player chose to draw).
DRAW_REASONS = (
    "turn",
    "draw_two",
    "wild_draw_four",
    "accept",
    "challenge",
    "uno_penalty",
    "wild_downpour",
    "wrong_card",
    "suggestion",
    "wild_customizable",
    "cheat",
    "false_cheat_call",
    "draw_three",
    "joker",
)


@dataclass(frozen=True, slots=True)
class Wire:
    """How one field travels: `form` says it in words; `read` checks a value in that form and
    returns it as the payload holds it (fresh lists, canonical card codes)."""

    form: str
    read: Callable[[Any, str], Any]


def _code(value: Any, field: str) -> str:
    return read_card(value, field).code


def _codes(value: Any, field: str) -> list[str]:
    return [card.code for card in read_cards(value, field, _MAX_CARDS)]


def _hands(value: Any, field: str) -> list[list[str]]:
    items = read_list(value, field, max_length=MAX_PLAYERS)
    return [_codes(hand, f"{field}[{i}]") for i, hand in enumerate(items)]


def _counts(value: Any, field: str) -> list[int]:
    items = read_list(value, field, max_length=MAX_PLAYERS)
    return [read_whole(n, f"{field}[{i}]", 0, MAX_COUNT) for i, n in enumerate(items)]


def _direction(value: Any, field: str) -> int:
    if type(value) is not int or value not in (1, -1):
        raise corrupt(field, f"{shown(value)} is neither 1 nor -1")
    return value


def _color(value: Any, field: str) -> str:
    if type(value) is not str or value not in COLOR_LETTERS:
        raise corrupt(field, f"{shown(value)} is not one of {', '.join(COLOR_LETTERS)}")
    return value


def _reason(value: Any, field: str) -> str:
    if type(value) is not str or value not in DRAW_REASONS:
        raise corrupt(field, f"{shown(value)} is not one of {', '.join(DRAW_REASONS)}")
    return value


def _draws(value: Any, field: str) -> list[list[int | str]]:
    pairs = read_list(value, field, max_length=_MAX_CARDS)
    out: list[list[int | str]] = []
    for i, pair in enumerate(pairs):
        seat, card = read_list(pair, f"{field}[{i}]", length=2)
        out.append(
            [read_seat(seat, f"{field}[{i}][0]", MAX_PLAYERS), _code(card, f"{field}[{i}][1]")]
        )
    return out


SEAT = Wire("a seat, 0 to 9", lambda v, f: read_seat(v, f, MAX_PLAYERS))
OPTIONAL_SEAT = Wire("a seat, or null", lambda v, f: read_optional_seat(v, f, MAX_PLAYERS))
SEATS = Wire("a list of seats", lambda v, f: list(read_seats(v, f, MAX_PLAYERS)))
COUNT = Wire("a whole number, 0 or more", lambda v, f: read_whole(v, f, 0, MAX_COUNT))
COUNTS = Wire("a list of whole numbers, one per seat (at most 10)", _counts)
FLAG = Wire("true or false", read_bool)
DIRECTION = Wire("1 (increasing seats, clockwise) or -1", _direction)
CARD = Wire("a card code, e.g. R5, W+4", _code)
CARDS = Wire("a list of card codes", _codes)
HANDS = Wire("a list, per seat, of lists of card codes", _hands)
COLOR = Wire("a colour letter: r, y, g or b", _color)
REASON = Wire(f"one of {', '.join(DRAW_REASONS)}", _reason)
DRAWS = Wire("a list of [seat, card code] pairs", _draws)


# -- the spec of each type -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One field of an event type. A secret field is only in the event's `secret` part."""

    name: str
    wire: Wire
    meaning: str
    secret: bool = False


@dataclass(frozen=True, slots=True)
class EventSpec:
    """An event type: what it means and its fields, in the order the engine writes them.
    `secret_to` names the public field holding the one seat that may see the secret fields
    (`None`: nobody may, or there are none)."""

    meaning: str
    fields: tuple[FieldSpec, ...]
    secret_to: str | None = None
    # The names of the secret fields: a redacted event's accessors ask on every read.
    secret_names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        names = frozenset(f.name for f in self.fields if f.secret)
        object.__setattr__(self, "secret_names", names)

    @property
    def public(self) -> tuple[FieldSpec, ...]:
        return tuple(f for f in self.fields if not f.secret)

    @property
    def secret(self) -> tuple[FieldSpec, ...]:
        return tuple(f for f in self.fields if f.secret)


def _spec(meaning: str, *fields: FieldSpec, secret_to: str | None = None) -> EventSpec:
    return EventSpec(meaning, fields, secret_to)


def _f(name: str, wire: Wire, meaning: str, *, secret: bool = False) -> FieldSpec:
    return FieldSpec(name, wire, meaning, secret)


_SEAT_ACTED = _f("seat", SEAT, "the seat that did it")

EVENT_SPECS: Mapping[EventType, EventSpec] = MappingProxyType(
    {
        EventType.DEALER_DRAW: _spec(
            "§2.2: the seats drew cards to choose the first dealer",
            _f("draws", DRAWS, "each card drawn, in order, with the seat that drew it"),
            _f("dealer", SEAT, "the dealer chosen"),
        ),
        EventType.DEAL: _spec(
            "§2.3: a hand is dealt",
            _f("hand", COUNT, "the hand's number, from 1"),
            _f("dealer", SEAT, "the dealer"),
            _f("sizes", COUNTS, "each seat's number of cards (0: out of the game)"),
            _f(
                "hands", HANDS, "each seat's cards; each seat sees its own in its view", secret=True
            ),
        ),
        EventType.FIRST_DISCARD_RETURNED: _spec(
            "§2.4.1: a card that may not start the discard pile goes back into the stock",
            _f("card", CARD, "the card returned"),
        ),
        EventType.FIRST_DISCARD: _spec(
            "§2.4: the first card of the discard pile is turned up",
            _f("card", CARD, "the card turned up"),
            _f("dealer", SEAT, "the dealer"),
        ),
        EventType.PLAY: _spec(
            "§3.2: a card is played (on turn, as a stacking answer or jumping in)",
            _SEAT_ACTED,
            _f("card", CARD, "the card played"),
            _f("color", COLOR, "the colour to match now: the card's own or the one declared"),
            _f("target", OPTIONAL_SEAT, "the seat a Seven-O 7 names (§7.2.1), else null"),
            _f("uno", FLAG, "Uno was called with the play (§4.1)"),
            _f("jump_in", FLAG, "played out of turn under Jump-In (§7.3)"),
        ),
        EventType.DRAW: _spec(
            "§3.4, §3.7: a seat draws cards",
            _f("seat", SEAT, "the seat that draws"),
            _f("count", COUNT, "the number of cards drawn"),
            _f("reason", REASON, "why: the player's choice (turn) or what made it draw"),
            _f("owed", COUNT, "the number it had to draw: more than count when none were left"),
            _f("cards", CARDS, "the cards drawn; the others see only their count", secret=True),
            secret_to="seat",
        ),
        EventType.RESHUFFLE: _spec(
            "§3.10: the discard pile but its top card becomes a new stock",
            _f("stock", COUNT, "the number of cards in the new stock"),
        ),
        EventType.SKIP: _spec(
            "§3.6: a seat loses its turn",
            _f("seat", SEAT, "the seat skipped"),
        ),
        EventType.REVERSE: _spec(
            "§3.6.3: the direction of play changes",
            _f("direction", DIRECTION, "the direction now"),
        ),
        EventType.SWAP_HANDS: _spec(
            "§7.2.1: two seats exchange their hands",
            _f("seats", SEATS, "the player of the 7, then the seat it named"),
            _f("sizes", COUNTS, "their numbers of cards after the swap, in the same order"),
        ),
        EventType.ROTATE_HANDS: _spec(
            "§7.2.2: every hand passes to the next seat",
            _f("direction", DIRECTION, "the direction the hands moved"),
        ),
        EventType.SHUFFLE_HANDS: _spec(
            "§7.9.1: every hand is gathered, shuffled and dealt again",
            _f("sizes", COUNTS, "each seat's number of cards after the deal (0: out)"),
        ),
        EventType.REVEAL: _spec(
            "§7.11.2: a seat's hand is shown to everyone",
            _f("seat", SEAT, "the seat whose hand is shown"),
            _f("cards", CARDS, "its cards"),
        ),
        EventType.KEEP: _spec("§3.4.3: a seat keeps the card it drew", _SEAT_ACTED),
        EventType.PASS: _spec("§3.11.3: a seat can neither play nor draw, and passes", _SEAT_ACTED),
        EventType.ACCEPT: _spec(
            "§3.8, §7.1: a seat accepts the draw pending against it",
            _SEAT_ACTED,
            _f("count", COUNT, "the number of cards it must draw"),
        ),
        EventType.CHALLENGE: _spec(
            "§3.8: a seat challenges a Wild Draw Four",
            _f("seat", SEAT, "the challenger"),
            _f("player", SEAT, "the seat that played the Wild Draw Four"),
            _f("succeeded", FLAG, "the Wild Draw Four was a bluff"),
            _f(
                "revealed",
                CARDS,
                "the challenged hand (the Wild Draw Four aside), shown to the challenger",
                secret=True,
            ),
            secret_to="seat",
        ),
        EventType.UNO: _spec("§4.1: a seat calls Uno", _SEAT_ACTED),
        EventType.CATCH: _spec(
            "§4.5: a seat catches another that did not call Uno",
            _f("seat", SEAT, "the seat that catches"),
            _f("target", SEAT, "the seat caught, which draws 2"),
        ),
        EventType.COLOR: _spec(
            "§2.4: a seat names the colour of a Wild turned up first",
            _SEAT_ACTED,
            _f("color", COLOR, "the colour named"),
        ),
        EventType.TURN_LIMIT: _spec(
            "§3.11.4: the hand reached its turn limit and ends blocked",
            _f("turns", COUNT, "the turns taken in the hand"),
            _f("limit", COUNT, "the rules' turn limit"),
        ),
        EventType.WRONG_CARD: _spec(
            "§5.4.1: table mode: a card that does not match goes back to its player, who draws 2",
            _SEAT_ACTED,
            _f("card", CARD, "the card shown and taken back"),
        ),
        EventType.SUGGESTION_PENALTY: _spec(
            "§5.5.1: table mode: a seat that suggested a play draws 2",
            _f("seat", SEAT, "the seat penalised"),
        ),
        EventType.DISCARD_ROUND: _spec(
            "§7.11.4: a discard round begins, ending with the player of its card",
            _f("seat", SEAT, "the player of the card"),
        ),
        EventType.DISCARD: _spec(
            "§7.11.4: in a discard round a seat puts one card beneath the top card",
            _SEAT_ACTED,
            _f("card", CARD, "the card discarded, face up"),
            _f("uno", FLAG, "Uno called with the discard"),
        ),
        EventType.DECLINE: _spec("§7.11.4: in a discard round a seat keeps its cards", _SEAT_ACTED),
        EventType.PIRATE_WINDOW: _spec(
            "§7.6.4: Pirate: the others may call a cheat on the play, in turn order",
            _f("seat", SEAT, "the player of the card"),
            _f("cheat", FLAG, "the card did not match: told to its player alone", secret=True),
            secret_to="seat",
        ),
        EventType.PIRATE_PASS: _spec("§7.6.4: Pirate: a seat lets the play stand", _SEAT_ACTED),
        EventType.PIRATE_CALL: _spec(
            "§7.6.4: Pirate: a seat calls a cheat, which closes the window",
            _f("seat", SEAT, "the seat that calls"),
            _f("player", SEAT, "the player of the card"),
            _f("cheat", FLAG, "it was a cheat: the card goes back and its player draws 2"),
        ),
        EventType.TRAVEL: _spec(
            "§7.11.8: Travel: a seat's hand is shown to the player of the card alone",
            _f("seat", SEAT, "the player of the card, who sees the hand"),
            _f("target", SEAT, "the seat whose hand is shown"),
            _f("cards", CARDS, "its cards", secret=True),
            secret_to="seat",
        ),
        EventType.GIFT: _spec(
            "§7.11.7: Mambo: its player gives one card to a seat",
            _f("seat", SEAT, "the player of the Mambo"),
            _f("target", SEAT, "the seat that receives the card"),
            _f(
                "given",
                CARD,
                "the card given: told to the giver (the receiver holds it)",
                secret=True,
            ),
            secret_to="seat",
        ),
        EventType.LEAD: _spec(
            "§7.11.7: Mambo: its player leads a card, which needs not match (a `play` follows)",
            _SEAT_ACTED,
        ),
        EventType.BLOCK: _spec(
            "§7.11.3: a seat blocks an effect with its Invisibility card, which goes on the pile",
            _SEAT_ACTED,
            _f("color", COLOR, "the colour it declares"),
            _f("uno", FLAG, "Uno called with the block"),
        ),
        EventType.ALLOW: _spec(
            "§7.11.3: a seat holding the Invisibility card lets the effect apply", _SEAT_ACTED
        ),
        EventType.HAND_OVER: _spec(
            "§6: a hand ends and is scored",
            _f("went_out", OPTIONAL_SEAT, "the seat that went out; null: a blocked hand"),
            _f("blocked", FLAG, "nobody could play or draw (§3.11.3)"),
            _f("hands", HANDS, "each seat's cards left, shown to everyone"),
            _f("hand_values", COUNTS, "the points of each seat's cards left"),
            _f("points", COUNTS, "the points each seat scores for the hand"),
            _f("totals", COUNTS, "each seat's total after the hand"),
            _f("eliminated", SEATS, "the seats eliminated by this hand (§7.5)"),
        ),
        EventType.GAME_OVER: _spec(
            "§6.3: the game is over",
            _f("winners", SEATS, "the seats that win (a team, or a shared win)"),
            _f("totals", COUNTS, "each seat's final total"),
        ),
    }
)


# -- what the fields of one event must agree on ----------------------------------------------


def no_check(kind: str, fields: Mapping[str, Any]) -> None:
    pass


def _check_draw(kind: str, fields: Mapping[str, Any]) -> None:
    if fields["count"] > fields["owed"]:
        raise corrupt(f"{kind}.count", "more cards drawn than owed")
    if "cards" in fields and len(fields["cards"]) != fields["count"]:
        raise corrupt(f"{kind}.cards", f"expected {fields['count']} cards")


def _check_same_length(kind: str, fields: Mapping[str, Any], *names: str) -> None:
    lengths = {len(fields[name]) for name in names if name in fields}
    if len(lengths) > 1:
        raise corrupt(f"event {kind}", f"{', '.join(names)} differ in length")


def _check_deal(kind: str, fields: Mapping[str, Any]) -> None:
    _check_same_length(kind, fields, "sizes", "hands")
    if "hands" in fields and [len(h) for h in fields["hands"]] != fields["sizes"]:
        raise corrupt(f"{kind}.hands", "the hands do not have the sizes dealt")


def _check_swap(kind: str, fields: Mapping[str, Any]) -> None:
    seats = fields["seats"]
    if len(seats) != 2 or seats[0] == seats[1] or len(fields["sizes"]) != 2:
        raise corrupt(f"event {kind}", "two different seats and their two sizes are expected")


def _check_challenge(kind: str, fields: Mapping[str, Any]) -> None:
    if fields["seat"] == fields["player"]:
        raise corrupt(f"event {kind}", "a seat never challenges its own Wild Draw Four")


def _check_hand_over(kind: str, fields: Mapping[str, Any]) -> None:
    if fields["blocked"] != (fields["went_out"] is None):
        raise corrupt(f"{kind}.blocked", "a hand is blocked exactly when nobody went out")
    _check_same_length(kind, fields, "hands", "hand_values", "points", "totals")


def _check_game_over(kind: str, fields: Mapping[str, Any]) -> None:
    if not fields["winners"]:
        raise corrupt(f"{kind}.winners", "a game over has a winner")


CHECKS: Mapping[EventType, Callable[[str, Mapping[str, Any]], None]] = MappingProxyType(
    {
        EventType.DRAW: _check_draw,
        EventType.DEAL: _check_deal,
        EventType.SWAP_HANDS: _check_swap,
        EventType.CHALLENGE: _check_challenge,
        EventType.HAND_OVER: _check_hand_over,
        EventType.GAME_OVER: _check_game_over,
    }
)
