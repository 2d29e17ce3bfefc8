"""The room during a game (SERVER.md §4–§7): actions and their persistence, the ply rule and
races, fair dealing, what spectators see, and random message storms. No network: a
`RoomHarness` carries out each call's `Effects` on a real (in-memory) SQLite storage."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from room_harness import (
    CODE,
    T0,
    RoomHarness,
    client_seed,
    first_choice,
    fixed_server_seed,
    observable,
    play_until,
    start_game,
)

from lastcard.core import (
    Card,
    GameRecord,
    IllegalActionError,
    LastcardError,
    Phase,
    apply,
    parse_action,
)
from lastcard.core.events import EVENT_SPECS, EventType
from lastcard.server.credentials import token_hash
from lastcard.server.fairness import ALGO, commitment, game_seed, make_bundle, verify_bundle
from lastcard.server.protocol import ProtocolError, parse_message
from lastcard.server.room import OVER
from lastcard.server.storage import StoredAction

BOTS = [{"seat": 1, "level": "easy"}, {"seat": 2, "level": "medium"}, {"seat": 3, "level": "hard"}]
REQUEST_IDS = itertools.count()
EVERY_CARD = [Card.from_code(c + str(n)).code for c in "RYGB" for n in range(10)] + ["W", "W+4"]


@pytest.fixture(autouse=True)
def _fixed_deal() -> Iterator[None]:
    with fixed_server_seed():
        yield


def two_people() -> tuple[RoomHarness, dict[int, int]]:
    """Ana at table seat 0 and Ben at table seat 2 (seat 1 empty: Ben is engine seat 1), and a
    spectator (client 100). Returns the harness and {table seat: client}."""
    harness = RoomHarness({"name": "Ana", "seats": 3})
    harness.join("Ben", 2)
    harness.hello(0, 0)
    harness.hello(2, 2)
    harness.hello(100)
    harness.ready(0)
    harness.ready(2)
    harness.send(0, t="start")
    harness.clear()
    return harness, {0: 0, 2: 2}


def three_people() -> tuple[RoomHarness, dict[int, int]]:
    harness, clients = start_game({"name": "Ana", "seats": 3}, people=3, spectators=1)
    harness.clear()
    return harness, dict(enumerate(clients))


def deciding(harness: RoomHarness, clients: dict[int, int]) -> tuple[int, int]:
    """(table seat, client) of the person who must decide now."""
    seat = harness.to_act_seat()
    assert seat is not None and seat in clients
    return seat, clients[seat]


def engine_refusal(harness: RoomHarness, table_seat: int, code: str) -> IllegalActionError | None:
    """What the engine itself says to `code` by `table_seat` in the current state."""
    game = harness.room.game
    assert game is not None
    try:
        apply(game.table.state, harness.engine_seat(table_seat), parse_action(code))
    except IllegalActionError as error:
        return error
    return None


def assert_refused_quietly(
    harness: RoomHarness, client: int, code: str, *, ply: int, expect: str
) -> dict[str, Any]:
    """`client` sends `action code` at `ply`: one `error` `expect` (and, when stale, a fresh
    `state`) to it alone; nothing changed, nothing persisted."""
    before = observable(harness)
    request_id = f"q{next(REQUEST_IDS)}"  # fresh: a repeated id would get its stored answer
    effects = harness.act(client, code, ply=ply, id=request_id)
    assert effects.persist == [] and effects.closes == []
    assert {c for c, _ in effects.sends} == {client}
    kinds = [m["t"] for _, m in effects.sends]
    assert kinds == (["error", "state"] if expect == "STALE" else ["error"]), effects.sends
    error = effects.sends[0][1]
    assert (error["code"], error["id"], error["ply"]) == (expect, request_id, before["ply"])
    assert observable(harness) == before
    return error


# -- §4 step 10: an accepted action --------------------------------------------------------------


def test_s4_step10_an_accepted_action_is_persisted_then_acked_then_shown_to_all() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    ply = harness.ply
    code = first_choice(harness.legal(seat))
    effects = harness.act(client, code, id="a1", now=T0 + 7)
    assert effects.persist == [
        ("append", ("game1", StoredAction(ply, seat, code, "player", T0 + 7)), {})
    ]
    assert effects.closes == []
    acks = [(c, m) for c, m in effects.sends if m["t"] == "ack"]
    assert acks == [(client, {"t": "ack", "id": "a1", "ply": ply + 1})]
    states = {c: m for c, m in effects.sends if m["t"] == "state"}
    assert set(states) == {0, 2, 100}
    assert all(m["ply"] == ply + 1 for m in states.values())
    assert states[2]["seat"] == 1 and states[2]["seats"] == [0, 2]  # Ben: engine seat 1
    assert states[100]["seat"] is None and states[100]["legal"] == []
    assert states[0]["names"] == ["Ana", "Ben"]
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.actions[-1] == StoredAction(
        ply, seat, code, "player", T0 + 7
    )


def test_s4_step10_the_ack_comes_before_the_states() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    effects = harness.act(client, first_choice(harness.legal(seat)), id="a1")
    to_sender = [m["t"] for c, m in effects.sends if c == client]
    assert to_sender.index("ack") < to_sender.index("state")


def test_s3_state_is_a_full_snapshot_for_its_recipient() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    harness.act(client, first_choice(harness.legal(seat)))
    game = harness.room.game
    assert game is not None
    for table_seat, number in clients.items():
        state = harness.last(number, "state")
        engine = harness.engine_seat(table_seat)
        assert state["view"] == game.table.view(engine).to_dict()
        assert state["legal"] == harness.legal(table_seat)
        assert state["to_act"] == game.table.state.to_act
        assert state["game"] == "game1" and state["deadline"] is None
    assert harness.last(100, "state")["view"] == game.table.view(None).to_dict()


# -- the engine's refusals pass through unchanged --------------------------------------------------


def test_s3_engine_codes_pass_through_with_their_message() -> None:
    harness, clients = three_people()
    seen: set[str] = set()
    for _ in range(60):
        if not harness.playing():
            break
        seat, client = deciding(harness, clients)
        game = harness.room.game
        assert game is not None
        hand = [c.code for c in game.table.view(harness.engine_seat(seat)).hand or ()]
        others = [s for s in clients if s != seat]
        tries = [(seat, c) for c in EVERY_CARD if c not in hand][:1]
        tries += [(seat, c) for c in hand if not c.startswith("W")]
        tries += [(seat, c + ":b") for c in hand if not c.startswith("W")][:1]
        tries += [(seat, c) for c in hand if c.startswith("W")][:1]
        tries += [(seat, f"catch {harness.engine_seat(others[0])}"), (seat, "uno")]
        tries += [(others[0], hand_card) for hand_card in EVERY_CARD[:3]]
        tries += [(others[0], "accept"), (others[1], "draw"), (others[1], "keep")]
        for who, code in tries:
            expected = engine_refusal(harness, who, code)
            if expected is None or code in harness.legal(who):
                continue
            error = assert_refused_quietly(
                harness, clients[who], code, ply=harness.ply, expect=expected.code
            )
            assert error["message"] == str(expected)
            seen.add(expected.code)
        harness.act(client, first_choice(harness.legal(seat)))
    assert {
        "NOT_YOUR_TURN",
        "CARD_NOT_IN_HAND",
        "CARD_DOES_NOT_MATCH",
        "UNEXPECTED_COLOUR",
        "MISSING_COLOUR",
        "CATCH_INVALID",
        "NOTHING_TO_CALL",
    } <= seen, seen


def test_s3_an_action_the_grammar_does_not_know_is_refused_by_the_parser() -> None:
    harness, clients = two_people()
    _, client = deciding(harness, clients)
    with pytest.raises(LastcardError) as info:
        parse_action("play R7")
    error = assert_refused_quietly(
        harness, client, "play R7", ply=harness.ply, expect=info.value.code
    )
    assert error["message"] == str(info.value)


def test_s3_a_spectator_cannot_act() -> None:
    harness, _ = two_people()
    before = observable(harness)
    effects = harness.act(100, "draw", id="s")
    assert [(c, m["code"]) for c, m in effects.sends] == [(100, "NOT_SEATED")]
    assert observable(harness) == before


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"t": "sit", "seat": 1}, "NOT_WAITING"),
        ({"t": "stand"}, "NOT_WAITING"),
        ({"t": "settings", "target": 50}, "NOT_WAITING"),
        ({"t": "bot", "seat": 1, "level": "easy"}, "NOT_WAITING"),
        ({"t": "start"}, "NOT_WAITING"),
        ({"t": "ready", "ready": True, "client_seed": "f" * 32}, "NOT_WAITING"),
        ({"t": "rematch"}, "GAME_NOT_RUNNING"),
    ],
)
def test_s3_refusals_during_a_game_change_nothing(fields: dict[str, Any], code: str) -> None:
    harness, _ = two_people()
    before = observable(harness)
    effects = harness.send(0, id="g", **fields)
    assert effects.sends == [(0, effects.sends[0][1])]
    assert (effects.sends[0][1]["code"], effects.sends[0][1]["ply"]) == (code, before["ply"])
    assert effects.persist == []
    assert observable(harness) == before


# -- §4 steps 7–9: repeated ids, staleness, then the engine ----------------------------------------


def test_s4_step7_a_repeated_action_id_is_answered_again_and_applied_once() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    ply = harness.ply
    code = first_choice(harness.legal(seat))
    first = harness.act(client, code, ply=ply, id="dup")
    ack = next(m for _, m in first.sends if m["t"] == "ack")
    before = observable(harness)
    again = harness.act(client, code, ply=ply, id="dup")
    assert again.sends == [(client, ack)]
    assert again.persist == []
    assert observable(harness) == before
    assert len(harness.appended["game1"]) == ply + 1


def test_s4_step7_an_action_refused_once_stays_refused_under_its_id() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    other = next(s for s in clients if s != seat)
    early = first_choice([c for c in harness.legal(seat) if c != "draw"] or ["draw"])
    refusal = harness.act(clients[other], "draw", id="early").sends[0][1]
    assert refusal["code"] == "NOT_YOUR_TURN"
    harness.act(client, early)
    assert harness.to_act_seat() == other  # now "draw" would be legal, and is not judged
    before = observable(harness)
    again = harness.act(clients[other], "draw", id="early")
    assert again.sends == [(clients[other], refusal)]
    assert observable(harness) == before


def test_s4_order_the_stored_answer_comes_before_staleness() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    ply = harness.ply
    harness.act(client, first_choice(harness.legal(seat)), ply=ply, id="once")
    effects = harness.act(client, "draw", ply=ply, id="once")  # stale, but answered already
    assert [m["t"] for _, m in effects.sends] == ["ack"]


def test_s4_order_staleness_comes_before_the_engine() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    game = harness.room.game
    assert game is not None
    hand = {c.code for c in game.table.view(harness.engine_seat(seat)).hand or ()}
    missing = next(c for c in EVERY_CARD if c not in hand)
    assert engine_refusal(harness, seat, missing) is not None
    assert_refused_quietly(harness, client, missing, ply=harness.ply + 1, expect="STALE")


def test_s4_order_staleness_comes_before_parsing_the_action() -> None:
    harness, clients = two_people()
    _, client = deciding(harness, clients)
    assert_refused_quietly(harness, client, "nonsense", ply=harness.ply + 1, expect="STALE")


# -- §5: the ply rule and races ------------------------------------------------------------------


def test_s5_a_stale_decision_gets_stale_and_a_fresh_state() -> None:
    harness, clients = two_people()
    seat, client = deciding(harness, clients)
    old = harness.ply
    harness.act(client, first_choice(harness.legal(seat)))
    seat, client = deciding(harness, clients)
    harness.clear()
    assert_refused_quietly(
        harness, client, first_choice(harness.legal(seat)), ply=old, expect="STALE"
    )
    fresh = harness.last(client, "state")
    assert fresh["ply"] == harness.ply and fresh["events"] == []
    assert fresh["legal"] == harness.legal(seat)


def exposed_soon(harness: RoomHarness) -> bool:
    """The seat to act holds two cards and may play one of them (with or without Uno)."""
    seat = harness.to_act_seat()
    if seat is None:
        return False
    return any(code.endswith("!") for code in harness.legal(seat))


def expose_someone(harness: RoomHarness, clients: dict[int, int]) -> tuple[int, int]:
    """Play on until someone plays down to one card without calling Uno; return (their table
    seat, the ply before that play)."""
    play_until(harness, clients, exposed_soon)
    seat, client = deciding(harness, clients)
    ply = harness.ply
    silent = next(c for c in harness.legal(seat) if c.endswith("!"))[:-1]
    harness.act(client, silent)
    game = harness.room.game
    assert game is not None and game.table.state.exposed == harness.engine_seat(seat)
    return seat, ply


def test_s5_an_out_of_turn_catch_with_an_older_ply_of_the_hand_is_judged() -> None:
    harness, clients = three_people()
    exposed, old = expose_someone(harness, clients)
    catcher = next(s for s in clients if s not in (exposed, harness.to_act_seat()))
    ply = harness.ply
    assert old < ply
    effects = harness.act(clients[catcher], f"catch {harness.engine_seat(exposed)}", ply=old)
    assert effects.persist == [
        ("append", ("game1", StoredAction(ply, catcher, f"catch {exposed}", "player", T0)), {})
    ]
    game = harness.room.game
    assert game is not None and game.table.state.exposed is None
    # The race's loser: the engine's code, nothing changed.
    loser = harness.to_act_seat()
    assert loser is not None and loser != exposed
    expected = engine_refusal(harness, loser, f"catch {harness.engine_seat(exposed)}")
    assert expected is not None and expected.code == "CATCH_INVALID"
    error = assert_refused_quietly(
        harness, clients[loser], f"catch {exposed}", ply=harness.ply, expect="CATCH_INVALID"
    )
    assert error["message"] == str(expected)


def test_s5_a_late_uno_with_an_older_ply_is_judged() -> None:
    harness, clients = three_people()
    exposed, old = expose_someone(harness, clients)
    ply = harness.ply
    effects = harness.act(clients[exposed], "uno", ply=old)
    assert [m for m, _, _ in effects.persist] == ["append"]
    assert effects.persist[0][1][1] == StoredAction(ply, exposed, "uno", "player", T0)
    # The would-be catcher lost the race: the engine says there is no one to catch.
    catcher = next(s for s in clients if s not in (exposed, harness.to_act_seat()))
    assert_refused_quietly(
        harness, clients[catcher], f"catch {exposed}", ply=old, expect="CATCH_INVALID"
    )


def test_s5_a_decision_by_the_seat_to_act_needs_the_current_ply_even_for_a_catch() -> None:
    harness, clients = three_people()
    exposed, old = expose_someone(harness, clients)
    to_act = harness.to_act_seat()
    assert to_act is not None
    assert f"catch {exposed}" in harness.legal(to_act)
    assert_refused_quietly(harness, clients[to_act], f"catch {exposed}", ply=old, expect="STALE")


def test_s5_out_of_turn_play_is_not_your_turn() -> None:
    harness, clients = three_people()
    seat, _ = deciding(harness, clients)
    other = next(s for s in clients if s != seat)
    assert_refused_quietly(harness, clients[other], "draw", ply=harness.ply, expect="NOT_YOUR_TURN")


def test_s5_an_out_of_turn_ply_from_an_earlier_hand_is_stale() -> None:
    harness, clients = start_game({"name": "Ana", "seats": 3}, people=3)
    by_seat = dict(enumerate(clients))
    old = harness.ply

    def second_hand(h: RoomHarness) -> bool:
        game = h.room.game
        return game is not None and game.table.state.hand_number == 2

    play_until(harness, by_seat, second_hand)
    assert harness.playing()
    seat = harness.to_act_seat()
    other = next(s for s in by_seat if s != seat)
    assert_refused_quietly(harness, by_seat[other], "uno", ply=old, expect="STALE")


# -- §6: fair dealing ------------------------------------------------------------------------------


def test_s6_the_commitment_is_pushed_before_any_state_and_stored() -> None:
    with fixed_server_seed(b"\x2a" * 32) as server_seed:  # drawn when the table is created
        harness = RoomHarness({"name": "Ana", "seats": 3, "bots": [{"seat": 1, "level": "easy"}]})
    harness.join("Ben", 2)
    harness.hello(0, 0)
    harness.hello(2, 2)
    harness.hello(100)
    harness.ready(2)  # readiness order is not seat order
    harness.ready(0)
    harness.clear()
    effects = harness.send(0, t="start")
    for client in (0, 2, 100):
        kinds = [m["t"] for c, m in effects.sends if c == client]
        assert kinds[0] == "commit" and "state" in kinds, kinds
    commit = effects.sends[0][1]
    assert commit == {
        "t": "commit",
        "game": "game1",
        "algo": ALGO,
        "commitment": commitment(server_seed),
        "seq": commit["seq"],
    }
    assert [m for m, _, _ in effects.persist] == ["start_game", "save_table"]
    row = effects.persist[0][1][0]
    assert row.commitment == commit["commitment"] and row.server_seed == server_seed.hex()
    assert row.client_seeds == [client_seed(0), client_seed(2)]  # frozen in seat order
    assert row.seats == [0, 1, 2] and row.status == "running" and row.generator == "secure"
    seed = game_seed(server_seed, CODE, "game1", [client_seed(0), client_seed(2)])
    game = harness.room.game
    assert game is not None and row.seed == seed == game.table.record().seed
    for client in (0, 2, 100):  # the server seed stays secret until the end
        assert server_seed.hex() not in json.dumps(harness.inbox[client])


def test_s6_client_seeds_are_frozen_once_the_game_starts() -> None:
    harness, _ = two_people()
    game = harness.room.game
    assert game is not None
    frozen = game.client_seeds
    effects = harness.send(2, t="ready", ready=True, client_seed="e" * 32)
    assert effects.sends[0][1]["code"] == "NOT_WAITING"
    assert game.client_seeds == frozen == (client_seed(0), client_seed(2))


def play_to_the_end(people: int = 1, spectators: int = 1) -> tuple[RoomHarness, list[int]]:
    """Ana (autopilot on) with three bots and `spectators` spectators, played to its end."""
    harness, clients = start_game(
        {"name": "Ana", "seats": 4, "bots": BOTS, "target": 150},
        people=people,
        spectators=spectators,
    )
    harness.send(clients[0], t="autopilot", on=True)
    harness.tick_until_quiet(limit=10_000)
    assert harness.room.status == OVER
    return harness, clients


def test_s6_the_reveal_at_the_end_verifies() -> None:
    harness, clients = play_to_the_end()
    reveal = harness.last(100, "reveal")
    assert reveal == harness.last(clients[0], "reveal")
    commit = harness.last(100, "commit")
    record = GameRecord.from_dict(reveal["record"])
    bundle = make_bundle(
        record, bytes.fromhex(reveal["server_seed"]), CODE, reveal["game"], reveal["client_seeds"]
    )
    report = verify_bundle(bundle)
    assert report.ok, report.failed()
    assert bundle["fairness"]["commitment"] == commit["commitment"]
    assert reveal["client_seeds"] == [client_seed(0)]
    stored = harness.storage.game(reveal["game"])
    assert stored is not None
    row, actions = stored
    assert row.status == "over" and row.result is not None
    assert [(a.seat, a.code) for a in actions] == [tuple(pair) for pair in record.actions]


def test_s6_the_game_is_finished_in_storage_before_the_reveal_is_sent() -> None:
    harness, clients = start_game(
        {"name": "Ana", "seats": 4, "bots": BOTS, "target": 150}, spectators=1
    )
    harness.send(clients[0], t="autopilot", on=True)
    for _ in range(10_000):
        effects = harness.tick()
        if any(m["t"] == "reveal" for _, m in effects.sends):
            methods = [m for m, _, _ in effects.persist]
            assert "finish_game" in methods and methods.index("append") < methods.index(
                "finish_game"
            )
            return
    raise AssertionError("no reveal")


# -- §7 and §3: what spectators and players may see ------------------------------------------------


def secrets_shown(event: dict[str, Any], engine_seat: int | None) -> list[str]:
    """The secret fields of `event` that `engine_seat` (None: a spectator) may not see."""
    spec = EVENT_SPECS[EventType(event["type"])]
    present = [name for name in spec.secret_names if name in event]
    if present and spec.secret_to is not None and event[spec.secret_to] == engine_seat:
        return []
    return present


def test_s7_a_spectator_sees_no_card_of_any_hand_over_a_whole_game() -> None:
    harness, clients = play_to_the_end(spectators=2)
    for spectator in (100, 101):
        messages = harness.inbox[spectator]
        assert {m["t"] for m in messages} >= {"welcome", "commit", "state", "reveal"}
        states = [m for m in messages if m["t"] == "state"]
        record = GameRecord.from_dict(next(m for m in messages if m["t"] == "reveal")["record"])
        # The spectator followed the game to its last action, a state for (nearly) every ply.
        assert max(state["ply"] for state in states) == len(record.actions)
        assert len(states) > len(record.actions) // 2 > 20
        for state in states:
            assert state["seat"] is None and state["legal"] == []
            assert state["view"]["hand"] is None and state["view"]["drawn"] is None
            for event in state["events"]:
                assert secrets_shown(event, None) == [], event
        assert messages[-1]["t"] == "reveal"  # the seed and record only once the game is over
    # Ana sees her own drawn cards and nobody else's.
    ana = harness.received(clients[0], "state")
    own_draws = 0
    for state in ana:
        assert state["view"]["hand"] is not None
        for event in state["events"]:
            assert secrets_shown(event, 0) == [], event
            own_draws += event["type"] == "draw" and event["seat"] == 0 and "cards" in event
    assert own_draws > 0


def test_s7_autopilot_only_ever_decides_for_its_own_seat() -> None:
    harness, _ = play_to_the_end()
    game = harness.room.game
    assert game is not None
    record = game.table.record()
    stored = harness.appended[game.id]
    state = record.start()
    for (seat, code), row in zip(record.actions, stored, strict=True):
        if row.by in ("autopilot", "timer") and code != "next":
            assert row.seat == 0 and seat == state.to_act
            assert not code.startswith("catch") and code != "uno"
        state = apply(state, seat, parse_action(code)).state
    assert {"autopilot", "bot"} <= {row.by for row in stored}
    assert state.phase is Phase.GAME_OVER


# -- random storms of messages -------------------------------------------------------------------

PEOPLE = ("ana", "ben", "watcher")


# What happens, weighted towards play: a game needs many moves to reach its corners.
STORM_KINDS = (
    ["turn"] * 12
    + ["legal"] * 3
    + ["tick"] * 3
    + ["hello"] * 2
    + ["stale", "garbage", "raw", "bad_hello", "ready", "start", "sit", "stand", "bot"]
    + ["settings", "autopilot", "rematch", "leave", "chat", "ping", "disconnect"]
)


@st.composite
def storm_step(draw: st.DrawFn) -> tuple[str, str, dict[str, Any]]:
    """(who, what, details): one thing that happens to the table."""
    who = draw(st.sampled_from(PEOPLE))
    what = draw(st.sampled_from(STORM_KINDS))
    details = {
        "pick": draw(st.integers(0, 30)),
        "delta": draw(st.sampled_from([-2, -1, 1, 5])),
        "seat": draw(st.integers(0, 3)),
        "flag": draw(st.booleans()),
        "id": draw(st.none() | st.sampled_from(["a", "b", "c"])),
        "wait": draw(st.sampled_from([0.0, 1.0, 20.0, 31.0])),
        "text": draw(
            st.sampled_from(
                [
                    "{",
                    "[]",
                    '{"t": "fly"}',
                    '{"t": "action", "code": "R5"}',
                    '{"t": "sit", "seat": "one"}',
                    '{"t": "ping", "extra": 1}',
                    '{"t": "chat", "text": "' + "x" * 5000 + '"}',
                ]
            )
        ),
    }
    return who, what, details


class Storm:
    """Three people at a table (Ana hosts at seat 0, Ben has seat 1, a bot seat 2) sending
    whatever `storm_step` says, each on a fresh connection after a close."""

    def __init__(self) -> None:
        self.harness = RoomHarness(
            {"name": "Ana", "seats": 4, "bots": [{"seat": 2, "level": "easy"}], "target": 30}
        )
        self.harness.join("Ben", 1)
        self.token = {"ana": self.harness.tokens[0], "ben": self.harness.tokens[1]}
        self.numbers = iter(range(1, 10_000))
        self.connection = {who: next(self.numbers) for who in PEOPLE}
        self.plies: dict[str, int] = {}  # the highest ply seen of each game
        self.highest_seq = 0

    def client(self, who: str) -> int:
        if self.connection[who] in self.harness.closed:
            self.connection[who] = next(self.numbers)
        return self.connection[who]

    def seat(self, who: str) -> int | None:
        """The seat `who` holds now (sit and stand move people), if any."""
        token = self.token.get(who)
        if token is None:
            return None
        hashed = token_hash(token)
        return next(
            (k for k, s in enumerate(self.harness.room.seats) if s.token_hash == hashed), None
        )

    def fields(self, who: str, what: str, d: dict[str, Any]) -> dict[str, Any]:
        harness = self.harness
        game = harness.room.game
        seat = self.seat(who)
        token = self.token.get(who)
        ply = game.table.ply if game is not None else 0
        if what == "hello":
            return {"t": "hello", "v": 1, **({"token": token} if token else {})}
        if what == "bad_hello":
            if d["flag"]:
                return {"t": "hello", "v": 1, "token": "nobody-has-this-token"}
            return {"t": "hello", "v": 2, **({"token": token} if token else {})}
        if what in ("legal", "stale"):
            legal = []
            if game is not None and seat is not None and seat in game.seats:
                legal = harness.legal(seat)
            legal = legal or ["draw", "next", "uno", "R5"]
            code = legal[d["pick"] % len(legal)]
            shift = d["delta"] if what == "stale" else 0
            return {"t": "action", "code": code, "ply": max(0, ply + shift)}
        if what == "garbage":
            code = ["W+4:x", "catch 9", "R5!:b", "keep"][d["pick"] % 4]
            return {"t": "action", "code": code, "ply": ply}
        if what == "ready":
            commitment = harness.room.next_commitment or "0" * 64
            return {
                "t": "ready",
                "ready": d["flag"],
                "client_seed": client_seed(d["seat"]),
                "commitment": commitment,
            }
        if what == "sit":
            return {"t": "sit", "seat": d["seat"]}
        if what == "bot":
            return {"t": "bot", "seat": d["seat"], "level": "easy" if d["flag"] else None}
        if what == "settings":
            return {"t": "settings", "target": 30 + d["pick"], "turn_seconds": 15 * d["flag"]}
        if what == "autopilot":
            return {"t": "autopilot", "on": d["flag"]}
        if what == "chat":
            return {"t": "chat", "text": "hello"}
        assert what in ("start", "stand", "rematch", "leave", "ping"), what
        return {"t": what}

    def step(self, who: str, what: str, d: dict[str, Any]) -> None:
        harness = self.harness
        if what == "tick":
            harness.tick(harness.now + d["wait"])
        elif what == "disconnect":
            client = self.client(who)
            harness.disconnect(client)
            harness.closed[client] = (1000, "gone")
        elif what == "turn":  # whoever must decide, if a person, plays one of their actions
            seat = harness.to_act_seat() if harness.playing() else None
            person = next((p for p in ("ana", "ben") if self.seat(p) == seat), None)
            if person is not None:
                self.send(self.client(person), person, "legal", d)
        else:
            self.send(self.client(who), who, what, d)
        harness.tick_until_quiet()  # the live table runs what is due at once (bots, deals)
        self.check()

    def send(self, client: int, who: str, what: str, d: dict[str, Any]) -> None:
        harness = self.harness
        if what == "raw":
            text = d["text"]
        else:
            fields = self.fields(who, what, d)
            if d.get("id") is not None:
                fields["id"] = d["id"]
            text = json.dumps(fields)
        try:
            message = parse_message(text)
        except ProtocolError as error:
            assert what == "raw", error
            return  # the connection layer answers these; the room never sees them
        effects = harness.handle(client, message)
        mine = [m for c, m in effects.sends if c == client]
        if message.id is not None:  # exactly one answer to a request with an id
            answers = [m for m in mine if m["t"] in ("ack", "error") and "id" in m]
            assert [m["id"] for m in answers] == [message.id], mine
        if any(m["t"] == "error" for m in mine) and message.type != "hello":
            assert effects.persist == [], (message, mine)

    def check(self) -> None:
        room = self.harness.room
        game = room.game
        if game is not None:
            assert game.table.ply >= self.plies.get(game.id, 0)
            self.plies[game.id] = game.table.ply
        assert room.seq >= self.highest_seq
        self.highest_seq = room.seq


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(storm_step(), min_size=20, max_size=80))
def test_s4_random_message_storms_only_ever_get_answers(
    steps: list[tuple[str, str, dict[str, Any]]],
) -> None:
    storm = Storm()
    opening: list[tuple[str, str, dict[str, Any]]] = [
        ("ana", "hello", {"id": None}),
        ("ben", "hello", {"id": None}),
        ("ana", "ready", {"flag": True, "seat": 0, "id": None}),
        ("ben", "ready", {"flag": True, "seat": 1, "id": None}),
    ]
    for who, what, details in opening:
        storm.step(who, what, details)
    if steps[0][2]["pick"] % 3:
        storm.step("ana", "start", {"id": None})
    for who, what, details in steps:
        storm.step(who, what, details)
