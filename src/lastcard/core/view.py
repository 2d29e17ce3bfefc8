"""What one seat may know: `PlayerView` (RULES.md §5.6, DESIGN.md §5).

A view has no field that could hold another player's cards, the stock's order or the
generator's state, but one: `open_hands`, every hand, which Pirate rules show to everyone
(§7.6.2) and which is None under every other rule. Bots, the terminal, the server and RL
observations consume views, never a `GameState`.

Wire form: `view.to_dict()` is plain JSON, one key per field, described field by field in
`VIEW_FIELDS` (cards are their codes, colours their upper-case letters as in `GameState.to_dict`,
the phase its value, the rules `Rules.to_dict()`); the server sends it as it is.
`PlayerView.from_dict` reads it back exactly (`PlayerView.from_dict(v.to_dict()) == v`, through
`json` too) and refuses anything else with a `CorruptDataError` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from .cards import Card, Color
from .decoding import (
    corrupt,
    read_bool,
    read_cards,
    read_enum,
    read_list,
    read_mapping,
    read_optional_card,
    read_optional_seat,
    read_seat,
    read_seats,
    read_whole,
)
from .errors import CorruptDataError, InvalidTargetError, RulesError, shown
from .rules import Rules
from .state import BLOCKABLE, MAX_COUNT, MAX_PLAYERS, GameState, HandResult, Phase, read_rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as `seat` sees it (`seat` None: a spectator, who sees no hand)."""

    seat: int | None
    players: int
    rules: Rules
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    color: Color | None
    direction: int
    stock_size: int
    turn: int
    to_act: int | None
    phase: Phase
    pending_draw: int
    drawn: Card | None  # the card this seat just drew, while it decides to play or keep it
    challengeable_by: int | None  # who may challenge the WD4 on top, if anyone
    challenge_color: Color | None  # the colour that WD4's legality is judged against
    exposed: int | None
    uncaught: tuple[int, ...]  # seats whose missed Uno call can no longer be caught
    top_player: int | None
    passes: int
    hand_turns: int  # turns taken this hand: at `rules.turn_limit` the hand ends blocked (§3.11.4)
    active: tuple[bool, ...]
    dealer: int
    first_discard: Card
    hand_number: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    history: tuple[HandResult, ...]
    # §7.6.2: under Pirate rules every hand is open to everyone; None otherwise.
    open_hands: tuple[tuple[Card, ...], ...] | None = None
    # §7.6.3: whether this seat's own play, now in its Pirate window, was a cheat; None when
    # no play of this seat's is (the flag is its player's alone until a call).
    cheat: bool | None = None
    # §7.6.4: the colour the play in a Pirate window had to match (public: it was current).
    pirate_color: Color | None = None
    # §7.11.7: the seat a Mambo's next gift goes to (phase await_gift), public.
    gift_to: int | None = None
    # §7.11.3: what the Invisibility holder (`to_act`) may block in phase await_block: next_draws,
    # skip, draws, swap, reveal or view (the card on top is the one that does it), public.
    blocking: str | None = None

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON, field by field as `VIEW_FIELDS` says."""
        return {f.name: f.encode(getattr(self, f.name)) for f in VIEW_FIELDS}

    @staticmethod
    def from_dict(data: Any) -> PlayerView:
        """The view `to_dict` wrote; anything else is a `CorruptDataError` naming the field."""
        return _read_view(data)


def player_view(state: GameState, seat: int | None) -> PlayerView:
    """The part of `state` that `seat` may see; `None` gives a spectator's view."""
    if not isinstance(state, GameState):
        raise CorruptDataError(f"not a GameState: {shown(state)}")
    # `type(...) is int`: a bool is an int to Python but no seat.
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise InvalidTargetError(
            "INVALID_TARGET", f"there is no seat {shown(seat)} in this {state.players}-player game"
        )
    own_turn = seat is not None and seat == state.turn and state.phase is Phase.AFTER_DRAW
    challenge = state.challenge
    # The values in field order, stored slot by slot (`_build_view`): this runs for every
    # observation, and the frozen dataclass's `__init__` (28 keywords, each set through
    # `object.__setattr__`) cost as much again as gathering them. The state was checked when
    # it was built, so the view needs no checking of its own.
    return _build_view(
        seat,
        state.players,
        state.rules,
        state.hands[seat] if seat is not None else None,
        tuple(map(len, state.hands)),
        state.discard,
        state.color,
        state.direction,
        len(state.stock),
        state.turn,
        state.to_act,
        state.phase,
        state.pending_draw,
        state.drawn if own_turn else None,
        state.to_act if challenge is not None else None,  # challengeable_by
        challenge.color if challenge is not None else None,  # challenge_color
        state.exposed,
        state.uncaught,
        state.top_player,
        state.passes,
        state.hand_turns,
        state.active,
        state.dealer,
        state.first_discard,
        state.hand_number,
        state.scores,
        state.winners,
        state.history,
        state.hands if state.rules.pirate else None,
        state.pirate.cheat if state.pirate is not None and seat == state.turn else None,
        state.pirate.color if state.pirate is not None else None,
        state.gift_to,
        state.block.what if state.block is not None else None,
    )


# Each field's slot descriptor's setter, in field order: `_build_view` fills a bare instance
# through them, which is what the frozen dataclass's `__init__` does, minus its per-field calls.
_SLOT_SETTERS = tuple(getattr(PlayerView, f.name).__set__ for f in fields(PlayerView))


def _build_view(*values: Any) -> PlayerView:
    view: PlayerView = object.__new__(PlayerView)
    for put, value in zip(_SLOT_SETTERS, values, strict=True):
        put(view, value)
    return view


# -- the wire form ---------------------------------------------------------------------------

_MAX_CARDS = 1000  # far above any deck (§1, §7.11)


@dataclass(frozen=True, slots=True)
class ViewField:
    """One field of `PlayerView.to_dict()`: its JSON `form` and `meaning`; `encode` turns the
    field's value into that form, `decode(value, name, players)` checks and reads it back."""

    name: str
    form: str
    meaning: str
    encode: Callable[[Any], Any]
    decode: Callable[[Any, str, int], Any]


def _same(value: Any) -> Any:
    return value


def _listed(values: Any) -> list[Any]:
    return list(values)


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _codes(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [card.code for card in cards]


def _letter(color: Color | None) -> str | None:
    return None if color is None else color.value


def _seat(value: Any, name: str, players: int) -> int:
    return read_seat(value, name, players)


def _optional_seat(value: Any, name: str, players: int) -> int | None:
    return read_optional_seat(value, name, players)


def _seats(value: Any, name: str, players: int) -> tuple[int, ...]:
    return read_seats(value, name, players)


def _count(value: Any, name: str, players: int) -> int:
    return read_whole(value, name, 0, MAX_COUNT)


def _per_seat_counts(value: Any, name: str, players: int) -> tuple[int, ...]:
    items = read_list(value, name, length=players)
    return tuple(read_whole(n, f"{name}[{i}]", 0, MAX_COUNT) for i, n in enumerate(items))


def _flags(value: Any, name: str, players: int) -> tuple[bool, ...]:
    items = read_list(value, name, length=players)
    return tuple(read_bool(flag, f"{name}[{i}]") for i, flag in enumerate(items))


def _cards(value: Any, name: str, players: int) -> tuple[Card, ...]:
    return read_cards(value, name, _MAX_CARDS)


def _optional_cards(value: Any, name: str, players: int) -> tuple[Card, ...] | None:
    return None if value is None else read_cards(value, name, _MAX_CARDS)


def _optional_card(value: Any, name: str, players: int) -> Card | None:
    return read_optional_card(value, name)


def _card(value: Any, name: str, players: int) -> Card:
    card = read_optional_card(value, name)
    if card is None:
        raise corrupt(name, "a card is needed here")
    return card


def _optional_color(value: Any, name: str, players: int) -> Color | None:
    return None if value is None else read_enum(value, name, Color)


def _direction(value: Any, name: str, players: int) -> int:
    if type(value) is not int or value not in (1, -1):
        raise corrupt(name, f"{shown(value)} is neither 1 nor -1")
    return value


def _phase(value: Any, name: str, players: int) -> Phase:
    return read_enum(value, name, Phase)


def _players(value: Any, name: str, players: int) -> int:
    return read_whole(value, name, 2, MAX_PLAYERS)


def _rules(value: Any, name: str, players: int) -> Rules:
    rules = read_rules(value, name)
    try:
        rules.check_players(players)
    except RulesError as error:
        raise corrupt(name, str(error)) from None
    return rules


def _history(value: Any, name: str, players: int) -> tuple[HandResult, ...]:
    items = read_list(value, name)
    return tuple(HandResult.from_dict(h, players, f"{name}[{i}]") for i, h in enumerate(items))


def _open_hands_codes(hands: tuple[tuple[Card, ...], ...] | None) -> list[list[str]] | None:
    return None if hands is None else [[card.code for card in hand] for hand in hands]


def _open_hands(value: Any, name: str, players: int) -> tuple[tuple[Card, ...], ...] | None:
    if value is None:
        return None
    items = read_list(value, name, length=players)
    return tuple(read_cards(hand, f"{name}[{i}]", _MAX_CARDS) for i, hand in enumerate(items))


def _blocking(value: Any, name: str, players: int) -> str | None:
    if value is not None and value not in BLOCKABLE:
        raise corrupt(name, f"{shown(value)} is not one of {list(BLOCKABLE)}")
    return value  # type: ignore[no-any-return]


def _optional_flag(value: Any, name: str, players: int) -> bool | None:
    return None if value is None else read_bool(value, name)


def _history_dicts(history: tuple[HandResult, ...]) -> list[dict[str, Any]]:
    return [result.to_dict() for result in history]


def _rules_dict(rules: Rules) -> dict[str, Any]:
    return rules.to_dict()


def _phase_value(phase: Phase) -> str:
    return phase.value


def _field(
    name: str,
    form: str,
    meaning: str,
    encode: Callable[[Any], Any],
    decode: Callable[[Any, str, int], Any],
) -> ViewField:
    return ViewField(name, form, meaning, encode, decode)


_SEAT = "a seat: a whole number from 0 to players - 1"
_SEAT_OR_NULL = f"{_SEAT}, or null"
_COUNT = "a whole number, 0 or more"
_PER_SEAT = "a list of whole numbers, one per seat"
_SEATS = "a list of seats"

VIEW_FIELDS: tuple[ViewField, ...] = (
    _field("seat", _SEAT_OR_NULL, "whose view this is; null: a spectator's", _same, _optional_seat),
    _field("players", "a whole number from 2 to 10", "the number of seats", _same, _players),
    _field("rules", "an object: Rules.to_dict()", "the rules of the game", _rules_dict, _rules),
    _field(
        "hand",
        "a list of card codes, or null",
        "this seat's cards in the order held; null for a spectator",
        _codes,
        _optional_cards,
    ),
    _field(
        "hand_sizes", _PER_SEAT, "the number of cards each seat holds", _listed, _per_seat_counts
    ),
    _field("discard", "a list of card codes", "the discard pile, its top last", _codes, _cards),
    _field(
        "color",
        "a colour letter (R, Y, G, B), or null",
        "the colour to match; null while a Wild turned up first awaits its colour (§2.4)",
        _letter,
        _optional_color,
    ),
    _field(
        "direction",
        "1 or -1",
        "the direction of play: 1 increasing seats (clockwise), -1 the other way",
        _same,
        _direction,
    ),
    _field("stock_size", _COUNT, "the number of cards in the stock", _same, _count),
    _field("turn", _SEAT, "whose turn it is in turn order", _same, _seat),
    _field(
        "to_act",
        _SEAT_OR_NULL,
        "who must decide now (a challenger, a stack's victim...); null when the hand is over",
        _same,
        _optional_seat,
    ),
    _field(
        "phase",
        "text: a Phase value, e.g. await_turn",
        "what the seat to act must decide (§3.1)",
        _phase_value,
        _phase,
    ),
    _field(
        "pending_draw",
        _COUNT,
        "the cards the seat to act must draw unless it answers (a Wild Draw Four, a stack §7.1)",
        _same,
        _count,
    ),
    _field(
        "drawn",
        "a card code, or null",
        "the card this seat just drew, while it decides to play or keep it (§3.4.3)",
        _code,
        _optional_card,
    ),
    _field(
        "challengeable_by",
        _SEAT_OR_NULL,
        "the seat that may challenge the Wild Draw Four on top (§3.8), if any",
        _same,
        _optional_seat,
    ),
    _field(
        "challenge_color",
        "a colour letter (R, Y, G, B), or null",
        "the colour that Wild Draw Four's legality is judged against (§3.3.1)",
        _letter,
        _optional_color,
    ),
    _field(
        "exposed",
        _SEAT_OR_NULL,
        "the seat that owes an Uno call and can be caught now (§4.4)",
        _same,
        _optional_seat,
    ),
    _field(
        "uncaught",
        _SEATS,
        "seats whose missed Uno call can no longer be caught (§4.4)",
        _listed,
        _seats,
    ),
    _field(
        "top_player",
        _SEAT_OR_NULL,
        "who played the top card; null for a first discard",
        _same,
        _optional_seat,
    ),
    _field(
        "passes",
        _COUNT,
        "consecutive passes by seats that could neither play nor draw (§3.11.3)",
        _same,
        _count,
    ),
    _field(
        "hand_turns",
        _COUNT,
        "turns taken this hand; at the rules' turn_limit the hand ends blocked (§3.11.4)",
        _same,
        _count,
    ),
    _field(
        "active",
        "a list of true/false, one per seat",
        "false: the seat is eliminated (§7.5)",
        _listed,
        _flags,
    ),
    _field("dealer", _SEAT, "the dealer of this hand", _same, _seat),
    _field("first_discard", "a card code", "the card that started this hand's pile", _code, _card),
    _field("hand_number", _COUNT, "the number of this hand, from 1", _same, _count),
    _field("scores", _PER_SEAT, "each seat's total so far", _listed, _per_seat_counts),
    _field("winners", _SEATS, "the seats that won; empty until the game is over", _listed, _seats),
    _field(
        "history",
        "a list of objects: HandResult.to_dict()",
        "the result of each hand played so far (§6.6.2)",
        _history_dicts,
        _history,
    ),
    _field(
        "open_hands",
        "a list of lists of card codes, one per seat, or null",
        "every seat's cards, open to all under Pirate rules (§7.6.2); null otherwise",
        _open_hands_codes,
        _open_hands,
    ),
    _field(
        "cheat",
        "true, false or null",
        "whether this seat's play in its Pirate window did not match (§7.6.3); null otherwise",
        _same,
        _optional_flag,
    ),
    _field(
        "pirate_color",
        "a colour letter (R, Y, G, B), or null",
        "the colour the play in a Pirate window had to match (§7.6.4); null otherwise",
        _letter,
        _optional_color,
    ),
    _field(
        "gift_to",
        _SEAT_OR_NULL,
        "the seat a Mambo's next gift goes to, in phase await_gift (§7.11.7)",
        _same,
        _optional_seat,
    ),
    _field(
        "blocking",
        "text or null: next_draws, skip, draws, swap, reveal or view",
        "what the Invisibility holder may block, in phase await_block (§7.11.3)",
        _same,
        _blocking,
    ),
)


def _read_view(data: Any) -> PlayerView:
    names = [f.name for f in fields(PlayerView)]
    data = read_mapping(data, "view", names, names)
    players = _players(data["players"], "view.players", MAX_PLAYERS)
    values = {f.name: f.decode(data[f.name], f"view.{f.name}", players) for f in VIEW_FIELDS}
    view = PlayerView(**values)
    _check_view(view)
    return view


def _check_view(view: PlayerView) -> None:
    """What the fields of one view must agree on."""
    if (view.hand is None) != (view.seat is None):
        raise corrupt("view.hand", "a seat sees its hand; a spectator sees none")
    if view.seat is not None and view.hand is not None:
        if len(view.hand) != view.hand_sizes[view.seat]:
            raise corrupt("view.hand", f"holds {len(view.hand)} cards, not hand_sizes[seat]")
        if view.drawn is not None and view.drawn not in view.hand:
            raise corrupt("view.drawn", "the card drawn is not in the hand")
    elif view.drawn is not None:
        raise corrupt("view.drawn", "a spectator sees no card drawn")
    if not view.discard:
        raise corrupt("view.discard", "the discard pile is never empty")
    if view.open_hands is not None:
        if not view.rules.pirate:
            raise corrupt("view.open_hands", "hands are open under Pirate rules only (§7.6.2)")
        if [len(hand) for hand in view.open_hands] != list(view.hand_sizes):
            raise corrupt("view.open_hands", "the open hands do not have the hand sizes")
        if view.seat is not None and view.open_hands[view.seat] != view.hand:
            raise corrupt("view.open_hands", "the seat's own open hand is not its hand")
    if view.cheat is not None and (view.phase is not Phase.AWAIT_PIRATE or view.seat != view.turn):
        raise corrupt("view.cheat", "only the player of a card in its Pirate window knows this")
    if view.pirate_color is not None and view.phase is not Phase.AWAIT_PIRATE:
        raise corrupt("view.pirate_color", "there is no Pirate window open")
    if (view.gift_to is not None) != (view.phase is Phase.AWAIT_GIFT):
        raise corrupt("view.gift_to", "a gift is due exactly in phase await_gift")
    if (view.blocking is not None) != (view.phase is Phase.AWAIT_BLOCK):
        raise corrupt("view.blocking", "a block is asked exactly in phase await_block")
    if view.hand_number < 1:
        raise corrupt("view.hand_number", "hands are numbered from 1")
