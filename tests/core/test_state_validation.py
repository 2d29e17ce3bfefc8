"""Stored data is checked when it comes in: `read_state`, `GameRecord.from_dict` /
`from_json`, `Rules.from_dict` and `replay` refuse what no game could produce, naming the field
(DESIGN.md §2: illegal input raises a typed error; RULES.md E68: cards are conserved)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import lastcard
from lastcard import (
    CorruptDataError,
    GameRecord,
    GameState,
    LastcardError,
    Recorder,
    Rules,
    RulesError,
    apply,
    legal_actions,
    new_game,
    read_state,
    replay,
)
from lastcard.core import errors

SRC = Path(lastcard.__file__).parent


def _game() -> GameState:
    """A 4-player game some way in, with a history of one hand."""
    rec = Recorder(4, Rules(hand_size=2, target_score=None), seed=11)
    while not rec.state.is_over and len(rec._actions) < 60:
        seat = rec.state.to_act
        assert seat is not None
        rec.apply(seat, legal_actions(rec.state, seat)[0])
    return rec.state


STATE = new_game(4, seed=1)


def _corrupt_state(change: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(STATE.to_dict()))
    change(data)
    return data


def _refused(data: Any) -> CorruptDataError:
    with pytest.raises(CorruptDataError) as caught:
        read_state(data)
    return caught.value


# -- read_state ----------------------------------------------------------------------------


def test_a_stored_state_round_trips_and_its_json_too() -> None:
    for state in (STATE, _game()):
        assert read_state(state.to_dict()) == state
        assert read_state(json.loads(json.dumps(state.to_dict()))) == state


def test_e68_a_state_whose_cards_are_not_the_deck_is_refused() -> None:
    error = _refused(_corrupt_state(lambda d: d["hands"][0].append("W+4")))
    assert "state.hands/stock/discard" in str(error)
    assert "W+4" in str(error)
    # A card moved from the stock to a hand keeps the deck whole: accepted.
    moved = _corrupt_state(lambda d: d["hands"][0].append(d["stock"].pop()))
    assert len(read_state(moved).hands[0]) == 8
    # A card swapped for another of the deck is one extra and one missing.
    _refused(_corrupt_state(lambda d: d["stock"].__setitem__(0, "W")))


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("turn", 99, "state.turn: 99 is not a seat of a 4-player game"),
        ("turn", True, "state.turn: True is not a seat"),
        ("turn", 1.0, "state.turn: 1.0 is not a seat"),
        ("dealer", -1, "state.dealer"),
        ("to_act", "0", "state.to_act"),
        ("exposed", 4, "state.exposed"),
        ("top_player", False, "state.top_player"),
        ("players", "4", "state.players: '4' is not a whole number"),
        ("players", 11, "state.players"),
        ("players", 5, "state.hands: expected 5 items"),
        ("pending_draw", -5, "state.pending_draw"),
        ("pending_draw", 5.9, "state.pending_draw: 5.9 is not a whole number"),
        ("passes", True, "state.passes"),
        ("hand_number", 0, "state.hand_number"),
        ("direction", 2, "state.direction"),
        ("direction", True, "state.direction"),
        ("phase", "lunch", "state.phase"),
        ("color", "X", "state.color"),
        ("color", None, "state.color: a colour is current"),
        ("first_discard", "R10", "state.first_discard"),
        ("drawn", "R٣", "state.drawn"),
        ("active", [True, True, True], "state.active: expected 4 items"),
        ("active", [1, 1, 1, 1], "state.active[0]"),
        ("scores", [0, 0, 0, "0"], "state.scores[3]"),
        ("uncaught", [7], "state.uncaught[0]"),
        ("winners", None, "state.winners"),
        ("history", {}, "state.history"),
        ("rng", {"kind": "fast", "seed": 2**64, "counter": 0}, "state.rng.seed"),
        ("rng", {"kind": "fast", "seed": 1, "counter": -1}, "state.rng.counter"),
        ("rng", {"kind": "mersenne", "seed": 1, "counter": 0}, "state.rng.kind"),
        ("rules", {"hand_size": 5.9}, "state.rules"),
        ("rules", [], "state.rules"),
        ("challenge", {"player": 0}, "state.challenge"),
    ],
)
def test_a_corrupted_field_is_refused_by_name(field: str, value: Any, named: str) -> None:
    error = _refused(_corrupt_state(lambda d: d.__setitem__(field, value)))
    assert named in str(error)
    assert error.code == "CORRUPT_DATA"


@pytest.mark.parametrize("field", ["phase", "rules", "players", "hands", "drawn", "history"])
def test_a_missing_key_is_refused_by_name(field: str) -> None:
    error = _refused(_corrupt_state(lambda d: d.pop(field)))
    assert f"missing '{field}'" in str(error)


def test_an_unknown_key_or_a_non_object_is_refused() -> None:
    assert "unknown keys" in str(_refused(_corrupt_state(lambda d: d.__setitem__("cheat", 1))))
    not_objects: list[Any] = [None, [], "state", 5]
    for data in not_objects:
        _refused(data)


def test_keys_added_after_the_first_format_may_be_missing() -> None:
    later = {f for f in STATE.to_dict() if f == "hand_turns"}
    data = STATE.to_dict()
    for key in later:
        del data[key]
    assert read_state(data).to_dict() == {**STATE.to_dict(), **dict.fromkeys(later, 0)}


def test_a_hand_result_is_checked_against_the_game() -> None:
    state = _game()
    assert state.history, "the game played a hand"
    data = state.to_dict()
    data["history"][0]["dealer"] = 9
    assert "state.history[0].dealer" in str(_refused(data))


def test_after_draw_needs_the_drawn_card_in_the_players_hand() -> None:
    state = new_game(2, Rules(hand_size=1), seed=3, dealer=0, deck=["G1", "G2", "R5", "R7"])
    state = apply(state, 1, "draw").state
    assert state.phase.value == "after_draw"
    data = state.to_dict()
    assert read_state(data) == state
    data["drawn"] = None
    assert "state.drawn" in str(_refused(data))


# -- Rules.from_dict -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"hand_size": 5.9},
        {"hand_size": float("nan")},
        {"target_score": 10**40},
        {"theme_cards": [[1]]},
        {"theme_cards": [1, "a"]},
        {"wild_downpour": [[["draw1"], 1]]},
        {"wild_downpour": {"draw1": 10**6}},
        {"teams": [[[0]], [[1]]]},
        {1: 2},
        {"deck": "x" * 1000},
    ],
)
def test_rules_from_dict_refuses_what_no_option_takes(data: Any) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_rules_from_dict_round_trips_every_preset() -> None:
    for name in Rules.presets():
        rules = Rules.preset(name)
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


# -- GameRecord ------------------------------------------------------------------------------

RECORD = GameRecord(players=3, seed=5, actions=((1, "draw"),)).to_dict()


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"seed": 5.9}, "record.seed"),
        ({"seed": True}, "record.seed"),
        ({"seed": -1}, "record.seed"),
        ({"seed": 2**64}, "record.seed"),
        ({"players": "3"}, "record.players"),
        ({"players": 1}, "record.players"),
        ({"dealer": 3}, "record.dealer"),
        ({"dealer": True}, "record.dealer"),
        ({"generator": "mersenne"}, "record.generator"),
        ({"deck": ["R10"]}, "record.deck[0]"),
        ({"deck": ["W+4"] * 5}, "record.deck"),
        ({"deck": "R5"}, "record.deck"),
        ({"actions": [[True, "draw"]]}, "record.actions[0][0]"),
        ({"actions": [[1, "\u212aeep"]]}, "record.actions[0][1]"),
        ({"actions": [[1]]}, "record.actions[0]"),
        ({"actions": [[1, "draw", 2]]}, "record.actions[0]"),
        ({"actions": "draw"}, "record.actions"),
        ({"digest": 5}, "record.digest"),
        ({"version": True}, "record.version"),
        ({"version": 2}, "record.version"),
        ({"rules": {"stacking": "sometimes"}}, "record.rules"),
    ],
)
def test_a_corrupted_record_is_refused_by_name(change: dict[str, Any], named: str) -> None:
    with pytest.raises(CorruptDataError) as caught:
        GameRecord.from_dict({**RECORD, **change})
    assert named in str(caught.value)
    with pytest.raises(CorruptDataError):
        GameRecord.from_json(json.dumps({**RECORD, **change}))


@pytest.mark.parametrize("key", ["version", "players", "rules", "seed", "actions"])
def test_a_record_missing_a_required_key_is_refused(key: str) -> None:
    with pytest.raises(CorruptDataError, match=f"missing '{key}'"):
        GameRecord.from_dict({k: v for k, v in RECORD.items() if k != key})


def test_a_record_round_trips_and_optional_keys_take_their_defaults() -> None:
    assert GameRecord.from_dict(RECORD) == GameRecord.from_dict(json.loads(json.dumps(RECORD)))
    minimal = {k: RECORD[k] for k in ("version", "players", "rules", "seed", "actions")}
    assert GameRecord.from_dict(minimal).generator == "fast"


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"a": ' * 50_000,
        "NaN",
        json.dumps(RECORD).replace('"seed": 5', '"seed": ' + "9" * 5000),
        json.dumps({**RECORD, "seed": float("nan")}),
        json.dumps({**RECORD, "seed": float("inf")}),
        "not json",
        b"\xff\xfe",
        "[]",
    ],
)
def test_from_json_refuses_hostile_text(text: str | bytes) -> None:
    with pytest.raises(CorruptDataError):
        GameRecord.from_json(text)


@pytest.mark.parametrize("text", [None, 5, ["{}"]])
def test_from_json_refuses_what_is_not_text(text: Any) -> None:
    with pytest.raises(CorruptDataError):
        GameRecord.from_json(text)


@pytest.mark.parametrize(
    "record",
    [
        GameRecord(players=3, deck=("R10",)),
        GameRecord(players=3, deck=("W+4",) * 5),
        GameRecord(players="3"),  # type: ignore[arg-type]
        GameRecord(players=3, seed=None),  # type: ignore[arg-type]
        GameRecord(players=3, rules={}),  # type: ignore[arg-type]
        GameRecord(players=3, actions=((0,),)),  # type: ignore[arg-type]
        GameRecord(players=3, actions=((True, "draw"),)),
        GameRecord(players=3, actions=((0, None),)),  # type: ignore[arg-type]
    ],
)
def test_replay_refuses_a_record_no_game_could_have(record: GameRecord) -> None:
    with pytest.raises(CorruptDataError):
        replay(record)


# -- the error module --------------------------------------------------------------------


def test_every_error_code_raised_in_the_sources_has_its_type() -> None:
    # The web server's protocol has codes of its own (SERVER.md §3), declared in its module.
    from lastcard.server.protocol import HTTP_CODES, PROTOCOL_CODES

    pattern = re.compile(r"""(?:illegal|Error)\(\s*["']([A-Z_]+)["']""")
    server = SRC / "server"

    def codes(paths: Any) -> set[str]:
        return {code for path in paths for code in pattern.findall(path.read_text("utf-8"))}

    used = codes(path for path in SRC.rglob("*.py") if server not in path.parents)
    assert "NOT_YOUR_TURN" in used, "the pattern finds the codes"
    assert used <= set(errors.ERROR_TYPES), sorted(used - set(errors.ERROR_TYPES))
    served = codes(server.rglob("*.py"))
    assert "BAD_FIELD" in served, "the pattern finds the server's codes"
    known = set(errors.ERROR_TYPES) | set(PROTOCOL_CODES) | set(HTTP_CODES)
    assert served <= known, sorted(served - known)


def test_an_unknown_code_is_still_an_illegal_action_error() -> None:
    error = errors.illegal("NO_SUCH_CODE", "a message")
    assert isinstance(error, lastcard.IllegalActionError)
    assert error.code == "NO_SUCH_CODE"


def test_every_exported_error_is_a_lastcard_error_with_a_code() -> None:
    exported = [getattr(lastcard, name) for name in lastcard.__all__]
    classes = [c for c in exported if isinstance(c, type) and issubclass(c, BaseException)]
    assert CorruptDataError in classes
    for error_type in classes:
        assert issubclass(error_type, LastcardError), error_type
        assert isinstance(error_type.code, str)
    assert all(issubclass(t, LastcardError) for t in errors.ERROR_TYPES.values())
