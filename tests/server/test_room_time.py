"""Time at the table (SERVER.md §7): turn timers, away seats and autopilot, disconnections,
bots' pauses, the pause between hands, suspension and closing, rematch and leave. Every call
takes an explicit `now`; nothing happens between calls unless a test ticks the room."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from room_harness import (
    CODE,
    T0,
    RoomHarness,
    first_choice,
    fixed_server_seed,
    start_game,
)

from lastcard.core import Phase
from lastcard.server.autopilot import autopilot_choice
from lastcard.server.room import CLOSED, INSTANT, OVER, PLAYING, WAITING, Timing

BOTS = [{"seat": 1, "level": "easy"}, {"seat": 2, "level": "medium"}, {"seat": 3, "level": "hard"}]
ANA, BEN = 0, 1  # table seats, and their clients


@pytest.fixture(autouse=True)
def _fixed_deal() -> Iterator[None]:
    with fixed_server_seed():
        yield


def ana_and_ben(turn_seconds: int = 0, timing: Timing = INSTANT) -> RoomHarness:
    harness, clients = start_game(
        {"name": "Ana", "seats": 2, "turn_seconds": turn_seconds}, people=2, timing=timing
    )
    assert clients == [ANA, BEN]
    harness.clear()
    return harness


def appended(harness: RoomHarness, since: int = 0) -> list[tuple[int, str, str]]:
    """(table seat, code, by) of each action stored from ply `since` on."""
    return [(a.seat, a.code, a.by) for a in harness.appended["game1"][since:]]


def until_ana_decides(harness: RoomHarness) -> None:
    """Ben plays (and the room deals on) until Ana must decide."""
    for _ in range(200):
        harness.tick_until_quiet()
        seat = harness.to_act_seat()
        if seat == ANA:
            return
        assert harness.playing(), "the game ended first"
        if seat == BEN:
            harness.act(BEN, first_choice(harness.legal(BEN)))
        else:
            harness.tick()
    raise AssertionError("Ana never had to decide")


def autopilot_code(harness: RoomHarness, seat: int) -> str:
    game = harness.room.game
    assert game is not None
    choice = autopilot_choice(game.table.actions(harness.engine_seat(seat)))
    assert choice is not None
    return choice.code


def let_ana_time_out(harness: RoomHarness) -> dict[str, Any]:
    """Wait out Ana's turn timer; return what was stored and pushed when it ran out."""
    until_ana_decides(harness)
    state = harness.last(ANA, "state")
    deadline = state["deadline"] / 1000
    assert deadline == harness.room.deadline()
    assert harness.last(BEN, "state")["deadline"] == state["deadline"]  # everyone sees it
    ply = harness.ply
    early = harness.tick(deadline - 0.01)
    assert early.persist == [] and early.sends == []
    expected = autopilot_code(harness, ANA)
    effects = harness.tick(deadline)
    assert appended(harness, ply)[0] == (ANA, expected, "timer")
    presence = [m for c, m in effects.sends if c == BEN and m["t"] == "presence"]
    return {"presence": presence, "ply": ply}


# -- §7: the turn timer ---------------------------------------------------------------------------


def test_s7_the_deadline_is_in_the_state_and_autopilot_acts_when_it_passes() -> None:
    harness = ana_and_ben(turn_seconds=15)
    until_ana_decides(harness)
    state = harness.last(ANA, "state")
    assert state["deadline"] is not None
    assert state["deadline"] == round((harness.now + 15) * 1000)
    outcome = let_ana_time_out(harness)
    assert outcome["presence"] == []  # one timeout is no absence
    assert harness.room.seats[ANA].timeouts == 1 and not harness.room.seats[ANA].away


def test_s7_the_state_after_an_action_carries_the_next_decisions_deadline() -> None:
    harness = ana_and_ben(turn_seconds=15)
    until_ana_decides(harness)
    harness.act(ANA, first_choice(harness.legal(ANA)), now=harness.now + 5)
    decider = harness.to_act_seat()
    assert decider is not None and harness.room.deadline() == harness.now + 15
    assert harness.last(decider, "state")["deadline"] == round((harness.now + 15) * 1000)


def test_s7_no_timer_without_turn_seconds() -> None:
    harness = ana_and_ben(turn_seconds=0)
    until_ana_decides(harness)
    assert harness.last(ANA, "state")["deadline"] is None
    ply = harness.ply
    harness.tick(T0 + INSTANT.idle_close_after - 1)
    assert harness.ply == ply  # nobody plays for a person who is there


def test_s7_two_timeouts_in_a_row_make_the_seat_away_then_autopilot_plays() -> None:
    harness = ana_and_ben(turn_seconds=15)
    assert let_ana_time_out(harness)["presence"] == []
    second = let_ana_time_out(harness)
    assert second["presence"] == [
        {
            "t": "presence",
            "seat": ANA,
            "connected": True,
            "away": True,
            "autopilot": False,
            "seq": second["presence"][0]["seq"],
        }
    ]
    assert harness.room.seats[ANA].away
    # From now on Ana's decisions are autopilot's, at once, without a timer.
    ply = harness.ply
    for _ in range(50):
        harness.tick_until_quiet()
        if (ANA, "autopilot") in {(seat, by) for seat, _, by in appended(harness, ply)}:
            break
        assert harness.to_act_seat() == BEN, "Ana's decision was left waiting"
        assert harness.room.deadline() == harness.now + 15  # Ben still has his timer
        harness.act(BEN, first_choice(harness.legal(BEN)))
    else:
        raise AssertionError("autopilot never played for Ana")


def test_s7_an_action_in_between_resets_the_count() -> None:
    harness = ana_and_ben(turn_seconds=15)
    let_ana_time_out(harness)
    until_ana_decides(harness)
    harness.act(ANA, first_choice(harness.legal(ANA)))
    assert harness.room.seats[ANA].timeouts == 0
    assert let_ana_time_out(harness)["presence"] == []  # one in a row again
    assert not harness.room.seats[ANA].away


def test_s7_any_action_gives_an_away_seat_back() -> None:
    harness = ana_and_ben(turn_seconds=15, timing=Timing(bot_delay=5.0, hand_pause=0.0))
    let_ana_time_out(harness)
    let_ana_time_out(harness)
    assert harness.room.seats[ANA].away
    until_ana_decides(harness)  # autopilot waits bot_delay: Ana is quicker
    harness.clear()
    effects = harness.act(ANA, first_choice(harness.legal(ANA)))
    presence = [m for c, m in effects.sends if c == BEN and m["t"] == "presence"]
    assert [(m["seat"], m["away"]) for m in presence] == [(ANA, False)]
    assert not harness.room.seats[ANA].away
    assert appended(harness)[-1][::2] == (ANA, "player")


def test_s7_a_refused_action_leaves_an_away_seat_to_autopilot() -> None:
    # A refused message changes nothing (§4): the seat stays away, nobody is told it is back,
    # and autopilot still moves for it; only an accepted action gives the seat back.
    harness = ana_and_ben(turn_seconds=15, timing=Timing(bot_delay=5.0, hand_pause=0.0))
    let_ana_time_out(harness)
    let_ana_time_out(harness)
    until_ana_decides(harness)  # autopilot will play for Ana in 5 s
    effects = harness.act(ANA, first_choice(harness.legal(ANA)), ply=harness.ply - 1)
    assert "STALE" in [m.get("code") for _, m in effects.sends]
    assert not [m for c, m in effects.sends if c == BEN and m["t"] == "presence"]
    assert harness.room.seats[ANA].away
    ply = harness.ply
    harness.tick(harness.now + 5)
    assert (ANA, "autopilot") in {(seat, by) for seat, _, by in appended(harness, ply)}


def test_s7_autopilot_never_plays_for_a_seat_that_came_back() -> None:
    harness = ana_and_ben(turn_seconds=15, timing=Timing(bot_delay=5.0, hand_pause=0.0))
    let_ana_time_out(harness)
    let_ana_time_out(harness)
    until_ana_decides(harness)  # autopilot will play for Ana in 5 s
    harness.hello(5, ANA)  # Ana is back in a new tab: hello gives the seat back (§7)
    assert not harness.room.seats[ANA].away
    ply = harness.ply
    harness.tick(harness.now + 5)
    assert (ANA, "autopilot") not in {(seat, by) for seat, _, by in appended(harness, ply)}


# -- §7: disconnections ----------------------------------------------------------------------------


def test_s7_thirty_seconds_after_a_disconnect_autopilot_takes_over() -> None:
    harness = ana_and_ben(turn_seconds=60)
    until_ana_decides(harness)
    gone = harness.now + 1
    effects = harness.disconnect(ANA, gone)
    assert [(c, m["t"], m["connected"]) for c, m in effects.sends] == [(BEN, "presence", False)]
    assert harness.room.deadline() == gone + 30  # before the turn timer's minute is up
    ply = harness.ply
    assert harness.tick(gone + 29.9).persist == []
    expected = autopilot_code(harness, ANA)
    effects = harness.tick(gone + 30)
    away = [m for c, m in effects.sends if m["t"] == "presence"]
    assert [(m["seat"], m["connected"], m["away"]) for m in away] == [(ANA, False, True)]
    assert appended(harness, ply)[0] == (ANA, expected, "autopilot")


def test_s7_hello_gives_the_seat_back_and_autopilot_stops() -> None:
    harness = ana_and_ben()
    until_ana_decides(harness)
    harness.disconnect(ANA, harness.now)
    harness.tick(harness.now + 30)
    assert harness.room.seats[ANA].away
    harness.hello(10, ANA, now=harness.now + 1)
    presence = harness.last(BEN, "presence")
    assert (presence["seat"], presence["connected"], presence["away"]) == (ANA, True, False)
    until_ana_decides(harness)
    ply = harness.ply
    harness.tick(harness.now + 1000)
    assert harness.ply == ply  # Ana decides for herself again


def test_s7_a_seat_that_comes_back_cancels_autopilot_planned_for_it() -> None:
    harness = ana_and_ben(timing=Timing(bot_delay=1.0, catch_delay=1.0, hand_pause=0.0))
    for _ in range(200):  # Ben plays at once; Ana's autopilot would wait a second
        if harness.to_act_seat() == ANA:
            break
        harness.act(BEN, first_choice(harness.legal(BEN)))
        harness.tick(harness.now + 1)
    assert harness.to_act_seat() == ANA
    harness.disconnect(ANA, harness.now)
    harness.tick(harness.now + 30)
    assert harness.room.seats[ANA].away
    planned = harness.room.deadline()
    assert planned == harness.now + 1.0  # autopilot's move, a bot's pause away
    harness.hello(10, ANA, now=harness.now + 0.5)
    ply = harness.ply
    harness.tick(planned)
    harness.tick(planned + 100)
    assert harness.ply == ply


def test_s7_autopilot_on_plays_for_the_seat_and_off_stops_it() -> None:
    harness = ana_and_ben()
    until_ana_decides(harness)
    effects = harness.send(ANA, t="autopilot", on=True, id="ap")
    presence = [m for c, m in effects.sends if c == BEN]
    assert [(m["t"], m["autopilot"]) for m in presence] == [("presence", True)]
    expected = autopilot_code(harness, ANA)
    ply = harness.ply
    harness.tick()
    assert appended(harness, ply)[0] == (ANA, expected, "autopilot")
    harness.send(ANA, t="autopilot", on=False)
    until_ana_decides(harness)
    ply = harness.ply
    harness.tick(harness.now + 1000)
    assert harness.ply == ply


def test_s7_autopilot_off_cancels_a_move_already_planned() -> None:
    harness = ana_and_ben(timing=Timing(bot_delay=1.0, catch_delay=1.0, hand_pause=0.0))
    for _ in range(200):
        if harness.to_act_seat() == ANA:
            break
        harness.act(BEN, first_choice(harness.legal(BEN)))
        harness.tick(harness.now + 1)
    harness.send(ANA, t="autopilot", on=True)
    planned = harness.room.deadline()
    assert planned == harness.now + 1.0
    harness.send(ANA, t="autopilot", on=False, now=harness.now + 0.5)
    ply = harness.ply
    harness.tick(planned)
    assert harness.ply == ply


def test_s7_leave_during_a_game_hands_the_seat_to_autopilot() -> None:
    harness = ana_and_ben()
    until_ana_decides(harness)
    effects = harness.send(ANA, t="leave")
    assert (ANA, {"t": "bye", "reason": "left"}) in effects.sends
    assert harness.closed[ANA] == (1000, "left")
    assert harness.room.seats[ANA].away and harness.room.seats[ANA].name == "Ana"
    ply = harness.ply
    harness.tick_until_quiet()
    assert appended(harness, ply)[0][::2] == (ANA, "autopilot")
    harness.hello(10, ANA)  # and the seat is still hers
    assert not harness.room.seats[ANA].away


# -- bots, hands and suspension --------------------------------------------------------------------


def test_s1_a_bot_moves_after_its_pause_and_not_before() -> None:
    timing = Timing(bot_delay=2.0, catch_delay=3.0, hand_pause=0.0)
    harness, clients = start_game(
        {"name": "Ana", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}, timing=timing
    )
    for _ in range(100):
        if harness.to_act_seat() == 1:
            break
        harness.act(clients[0], first_choice(harness.legal(0)))
    start = harness.now
    ply = harness.ply
    due = harness.room.deadline()
    assert due == start + 2.0
    assert harness.tick(start + 1.99).persist == []
    harness.tick(due)
    assert appended(harness, ply)[0][::2] == (1, "bot")


def test_s7_between_hands_the_room_deals_on_after_the_pause_or_at_a_persons_next() -> None:
    timing = Timing(bot_delay=0.0, catch_delay=0.0, hand_pause=15.0)
    harness, clients = start_game(
        {"name": "Ana", "seats": 3, "bots": [BOTS[0], {"seat": 2, "level": "hard"}]},
        timing=timing,
    )
    harness.send(clients[0], t="autopilot", on=True)
    harness.tick_until_quiet(limit=5000)
    game = harness.room.game
    assert game is not None and game.table.state.phase is Phase.HAND_OVER
    ended, ply = harness.now, harness.ply
    assert harness.room.deadline() == ended + 15
    assert harness.tick(ended + 14).persist == []
    harness.tick(ended + 15)
    assert appended(harness, ply)[0][1:] == ("next", "timer")
    assert game.table.state.hand_number == 2
    # A person's `next` need not wait for the pause.
    harness.tick_until_quiet(limit=5000)
    if game.table.state.phase is Phase.HAND_OVER:
        ended, ply = harness.now, harness.ply
        harness.act(clients[0], "next")
        assert appended(harness, ply)[0] == (0, "next", "player")


def test_s7_a_table_nobody_is_at_is_suspended_then_resumes() -> None:
    timing = Timing(bot_delay=1.0, catch_delay=1.0, hand_pause=0.0)
    harness, clients = start_game({"name": "Ana", "seats": 4, "bots": BOTS}, timing=timing)
    harness.disconnect(clients[0], T0)
    assert harness.room.suspended_since == T0
    room = harness.room
    # Ticked directly: while suspended the room asks for ticks it has no use for (see below).
    harness.carry_out(room.tick(harness.at(T0 + timing.suspend_after)))
    assert room.suspended
    ply = harness.ply
    harness.carry_out(room.tick(harness.at(T0 + timing.suspend_after + 600)))
    assert harness.ply == ply
    harness.hello(10, 0, now=T0 + timing.suspend_after + 700)
    assert not harness.room.suspended
    harness.tick(harness.now + 60)
    assert harness.ply > ply


def test_s7_a_suspended_table_asks_for_no_tick_until_something_is_due() -> None:
    """`LiveTable.run` ticks at once whenever `deadline() <= now`: a deadline in the past that
    no tick can move makes it spin without awaiting, freezing every table of the process."""
    timing = Timing(bot_delay=1.0, catch_delay=1.0, hand_pause=0.0)
    harness, clients = start_game({"name": "Ana", "seats": 4, "bots": BOTS}, timing=timing)
    harness.disconnect(clients[0], T0)
    suspended = T0 + timing.suspend_after
    harness.carry_out(harness.room.tick(harness.at(suspended)))
    assert harness.room.suspended
    deadline = harness.room.deadline()
    assert deadline is not None and deadline > suspended


def test_s7_an_idle_table_is_closed_and_its_game_revealed() -> None:
    harness, clients = start_game(
        {"name": "Ana", "seats": 3, "bots": BOTS[:2]}, spectators=1, timing=INSTANT
    )
    harness.clear()
    effects = harness.tick(T0 + INSTANT.idle_close_after)
    methods = [m for m, _, _ in effects.persist]
    assert methods == ["finish_game", "save_table"]
    assert effects.persist[0][1][1:3] == ("abandoned", None)
    for client in (clients[0], 100):
        kinds = [m["t"] for c, m in effects.sends if c == client]
        assert kinds == ["reveal", "bye"]
    assert sorted(effects.closes) == [(clients[0], 1000, "idle"), (100, 1000, "idle")]
    assert harness.room.status == CLOSED and harness.room.deadline() is None
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.status == CLOSED
    assert stored.game is not None and stored.game.status == "abandoned"
    assert harness.tick(T0 + 10 * INSTANT.idle_close_after).sends == []


# -- rematch ---------------------------------------------------------------------------------------


def finished() -> tuple[RoomHarness, int]:
    harness, clients = start_game(
        {"name": "Ana", "seats": 4, "bots": BOTS, "target": 100}, spectators=1
    )
    harness.send(clients[0], t="autopilot", on=True)
    harness.tick_until_quiet(limit=10_000)
    assert harness.room.status == OVER
    harness.clear()
    return harness, clients[0]


def test_s7_rematch_returns_to_the_waiting_room_and_is_idempotent() -> None:
    harness, ana = finished()
    effects = harness.send(ana, t="rematch", id="r1")
    assert [m for m, _, _ in effects.persist] == ["save_table"]
    assert harness.room.status == WAITING and harness.room.game is None
    table = harness.last(100, "table")
    assert table["status"] == WAITING and table["game"] == "game1" and table["games"] == 1
    assert table["seats"][0]["ready"] is False
    assert harness.last(ana, "ack") == {"t": "ack", "id": "r1", "ply": None}
    seq = harness.room.seq
    again = harness.send(ana, t="rematch", id="r2")
    assert again.sends == [(ana, {"t": "ack", "id": "r2", "ply": None})]
    assert again.persist == [] and harness.room.seq == seq
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.status == WAITING


def test_s7_a_rematch_is_a_new_game_with_a_new_commitment() -> None:
    harness, ana = finished()
    first = harness.storage.load(CODE)
    assert first is not None and first.game is not None
    with fixed_server_seed(b"\x09" * 32):  # drawn when the waiting room opens again (§6)
        harness.send(ana, t="rematch")
    harness.ready(ana)
    harness.send(ana, t="start")
    assert harness.room.status == PLAYING
    commit = harness.last(100, "commit")
    assert commit["game"] == "game2" and commit["commitment"] != first.game.commitment
    stored = harness.storage.load(CODE)
    assert stored is not None and stored.game is not None
    assert (stored.game.id, stored.game.number, stored.actions) == ("game2", 2, [])


def test_s7_a_spectator_cannot_ask_for_a_rematch() -> None:
    harness, _ = finished()
    effects = harness.send(100, t="rematch")
    assert [m["code"] for _, m in effects.sends] == ["NOT_SEATED"]
    assert harness.room.status == OVER
