"""Reading a stored `GameState` (`read_state`, the inverse of `GameState.to_dict`).

Apart from `state` because what is read is checked by `validity.check_state`, whose invariants
are stated over a `GameState`: this module imports both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from .cards import Color
from .decoding import (
    corrupt,
    read_bool,
    read_card,
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
from .errors import RulesError, shown
from .rng import RngState
from .state import (
    BLOCKABLE,
    MAX_COUNT,
    MAX_PLAYERS,
    GameState,
    HandResult,
    PendingBlock,
    PendingChallenge,
    PendingPirate,
    Phase,
    read_rules,
    register_reader,
)
from .validity import check_state

_CHALLENGE_KEYS = ("player", "legal", "hand", "color")
# Keys of the first format, which every stored state has; fields added later may be missing
# (states saved before them) and then take their default.
_FIRST_KEYS = (
    *("rules", "players", "rng", "hand_number", "dealer", "hands", "stock", "discard"),
    *("color", "direction", "turn", "to_act", "phase", "active", "scores", "first_discard"),
    *("pending_draw", "drawn", "challenge", "exposed", "uncaught", "top_player", "passes"),
    *("winners", "history"),
)


def read_state(data: Mapping[str, Any]) -> GameState:
    """The state `GameState.to_dict` wrote: `read_state(s.to_dict()) == s`.

    Data that no game could have reached is refused with a `CorruptDataError` naming the field:
    a missing key, a value of the wrong type (a bool is no seat or count, a float no whole
    number) or out of range (seats, counts, the direction), and whatever `check_state` refuses
    (cards in hands, stock and discard that are not exactly the rules' deck, a phase without
    what it needs: a colour to match, a seat to decide, a drawn card held by the player). Keys
    added after the format was first written (`hand_turns`, `pirate`) may be missing and take
    their default; `pirate` is written only while a Pirate window is open.
    """
    names = [f.name for f in fields(GameState)]
    data = read_mapping(data, "state", _FIRST_KEYS, names)
    rules = read_rules(data["rules"], "state.rules")
    players = read_whole(data["players"], "state.players", 2, MAX_PLAYERS)
    try:
        rules.check_players(players)
    except RulesError as error:
        raise corrupt("state.players", str(error)) from None
    deck = rules.deck_cards()
    size = len(deck)

    def seat(name: str) -> int:
        return read_seat(data[name], f"state.{name}", players)

    def optional_seat(name: str) -> int | None:
        return read_optional_seat(data[name], f"state.{name}", players)

    def count(name: str, low: int = 0) -> int:
        return read_whole(data[name], f"state.{name}", low, MAX_COUNT)

    def color(value: Any, name: str) -> Color | None:
        return None if value is None else read_enum(value, name, Color)

    hands = tuple(
        read_cards(hand, f"state.hands[{i}]", size)
        for i, hand in enumerate(read_list(data["hands"], "state.hands", length=players))
    )
    stock = read_cards(data["stock"], "state.stock", size)
    discard = read_cards(data["discard"], "state.discard", size)
    if not discard:
        raise corrupt("state.discard", "the discard pile is never empty")
    active = tuple(
        read_bool(flag, f"state.active[{i}]")
        for i, flag in enumerate(read_list(data["active"], "state.active", length=players))
    )
    scores = tuple(
        read_whole(score, f"state.scores[{i}]", 0, MAX_COUNT)
        for i, score in enumerate(read_list(data["scores"], "state.scores", length=players))
    )
    direction = data["direction"]
    if type(direction) is not int or direction not in (1, -1):
        raise corrupt("state.direction", f"{shown(direction)} is neither 1 nor -1")
    history = tuple(
        HandResult.from_dict(result, players, f"state.history[{i}]")
        for i, result in enumerate(read_list(data["history"], "state.history"))
    )
    values: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "rng": RngState.from_dict(data["rng"], "state.rng"),
        "hand_number": count("hand_number", 1),
        "dealer": seat("dealer"),
        "hands": hands,
        "stock": stock,
        "discard": discard,
        "color": color(data["color"], "state.color"),
        "direction": direction,
        "turn": seat("turn"),
        "to_act": optional_seat("to_act"),
        "phase": read_enum(data["phase"], "state.phase", Phase),
        "active": active,
        "scores": scores,
        "first_discard": read_card(data["first_discard"], "state.first_discard"),
        "pending_draw": count("pending_draw"),
        "drawn": read_optional_card(data["drawn"], "state.drawn"),
        "challenge": _read_challenge(data["challenge"], players, size),
        "exposed": optional_seat("exposed"),
        "uncaught": read_seats(data["uncaught"], "state.uncaught", players),
        "top_player": optional_seat("top_player"),
        "passes": count("passes"),
        "winners": read_seats(data["winners"], "state.winners", players),
        "history": history,
    }
    if data.get("pirate") is not None:
        values["pirate"] = _read_pirate(data["pirate"], players)
    if data.get("gift_to") is not None:
        values["gift_to"] = seat("gift_to")
    if data.get("block") is not None:
        values["block"] = _read_block(data["block"], players)
    for name in names:  # fields added after the first format: counts, as `hand_turns`
        if name not in values and name in data and name not in ("pirate", "gift_to", "block"):
            values[name] = count(name)
    state = GameState(**values)
    check_state(state)
    return state


def _read_challenge(value: Any, players: int, size: int) -> PendingChallenge | None:
    if value is None:
        return None
    data = read_mapping(value, "state.challenge", _CHALLENGE_KEYS[:3], _CHALLENGE_KEYS)
    color = data.get("color")
    return PendingChallenge(
        read_seat(data["player"], "state.challenge.player", players),
        read_bool(data["legal"], "state.challenge.legal"),
        read_cards(data["hand"], "state.challenge.hand", size),
        None if color is None else read_enum(color, "state.challenge.color", Color),
    )


_PIRATE_KEYS = ("cheat", "color", "top_player", "target", "uno", "targets", "count")


def _read_pirate(value: Any, players: int) -> PendingPirate:
    data = read_mapping(value, "state.pirate", _PIRATE_KEYS, _PIRATE_KEYS)
    color = data["color"]
    return PendingPirate(
        read_bool(data["cheat"], "state.pirate.cheat"),
        None if color is None else read_enum(color, "state.pirate.color", Color),
        read_optional_seat(data["top_player"], "state.pirate.top_player", players),
        read_optional_seat(data["target"], "state.pirate.target", players),
        read_bool(data["uno"], "state.pirate.uno"),
        read_seats(data["targets"], "state.pirate.targets", players),
        read_whole(data["count"], "state.pirate.count", 0, 3),
    )


_BLOCK_KEYS = ("what", "player", "count", "reason", "targets", "owes_uno")


def _read_block(value: Any, players: int) -> PendingBlock:
    data = read_mapping(value, "state.block", _BLOCK_KEYS, _BLOCK_KEYS)
    what, reason = data["what"], data["reason"]
    if what not in BLOCKABLE:
        raise corrupt("state.block.what", f"{shown(what)} is not one of {list(BLOCKABLE)}")
    if not isinstance(reason, str) or len(reason) > 32:
        raise corrupt("state.block.reason", f"{shown(reason)} is no draw reason")
    return PendingBlock(
        what,
        read_seat(data["player"], "state.block.player", players),
        read_whole(data["count"], "state.block.count", 0, 4),
        reason,
        read_seats(data["targets"], "state.block.targets", players),
        read_bool(data["owes_uno"], "state.block.owes_uno"),
    )


register_reader(read_state)
