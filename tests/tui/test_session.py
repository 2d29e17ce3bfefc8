"""`GameSession` without a screen: what the person is offered, what they are refused, the timing
of the bots, what the bots are shown, whole games, and saved games.

Games are stacked with `stacked_session` where a situation must arrive on a known move: the
listed cards are dealt one at a time from the dealer's left, then the first discard, then the
top of the stock.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import lastcard
from lastcard import (
    Action,
    CardDoesNotMatchError,
    CardNotInHandError,
    Event,
    HandOverError,
    IllegalActionError,
    LastcardError,
    NotYourTurnError,
    Phase,
    PlayerView,
    Rules,
    RulesError,
    UnoCallError,
    apply,
    legal_actions,
    parse_action,
    player_view,
    state_digest,
)
from lastcard.bots import Bot
from lastcard.core import offers as offers_module
from lastcard.core.offers import out_of_turn_actions
from lastcard.table import table as table_module
from lastcard.tui.session import GameSession

from .driver import stacked_session

HUMAN = GameSession.seat

# You: R5 R7 G1. Ada: B1 B2 B3. First discard R3; the stock's top is Y9, then Y8.
DUEL = "R5 B1 R7 B2 G1 B3 R3 Y9 Y8"

# Three seats, dealer 2, so you start; jump-in on. You: G5 Y0. Ada: GR B7. Basil: GR B8.
# First discard G2. You play G5!; Ada (never calls Uno, never draws by choice) must play GR, her
# penultimate card, silently: the Reverse gives the turn back to you, with Ada exposed, and Basil
# holding the twin of the top card (a jump-in he never takes) and a catch (he never catches).
PASSING = "G5 GR GR Y0 B7 B8 G2 R1 R2 R3"
PASSING_LEVELS = [
    "random:call_uno=false,voluntary_draw=false,catch_rate=0",
    "greedy:jump_in=false,catch=false",
]


def codes(actions: tuple[Action, ...]) -> list[str]:
    return [action.code for action in actions]


def assert_refused(
    session: GameSession, action: str, error: type[IllegalActionError], code: str
) -> IllegalActionError:
    """`act(action)` raises `error` with `code` and changes nothing at all."""
    state, actions, log = session.state, session.record().actions, list(session.log)
    with pytest.raises(error) as info:
        session.act(action)
    assert info.value.code == code
    assert session.state is state
    assert session.record().actions == actions
    assert session.log == log
    return info.value


def passing_table() -> GameSession:
    """The PASSING deal played to the moment Ada has played her Reverse without the call."""
    rules = Rules(target_score=None, hand_size=2, jump_in=True)
    session = stacked_session(PASSING_LEVELS, PASSING, rules=rules, dealer=2)
    session.act("G5!")
    assert session.step_bots() is not None  # Ada: GR, silently
    state = session.state
    assert (state.to_act, state.exposed, state.top.code, state.direction) == (0, 1, "GR", -1)
    return session


# -- what the person is offered ------------------------------------------------------------


def test_3_1_on_your_turn_you_are_offered_all_your_legal_actions() -> None:
    session = stacked_session(["heuristic"], DUEL)
    assert session.human_to_act()
    assert session.human_actions() == legal_actions(session.state, HUMAN)
    assert codes(session.human_actions()) == ["R5", "R7", "draw"]
    assert not session.bots_pending()  # nobody but you may do anything
    session.act("R5")
    assert not session.human_to_act() and session.state.to_act == 1
    assert session.human_actions() == out_of_turn_actions(session.state, HUMAN) == ()
    assert session.bots_pending()


def test_4_3_a_late_uno_call_is_offered_out_of_turn() -> None:
    session = stacked_session(["heuristic"], DUEL)
    session.act("R5")
    session.step_bots()  # Ada draws Y9 and cannot play it
    session.act("R7")  # your penultimate card, without the call
    state = session.state
    assert state.exposed == HUMAN and state.to_act == 1
    assert session.human_actions() == out_of_turn_actions(state, HUMAN)
    assert codes(session.human_actions()) == ["uno"]


def test_4_4_catch_window_offers_you_a_catch_and_the_catch_works() -> None:
    rules = Rules(target_score=None, hand_size=2)
    # Dealer 2: you R5 Y0, Ada R1 G6, Basil B2 B3; first discard R9.
    session = stacked_session(
        ["random:call_uno=false,voluntary_draw=false", "greedy:catch=false"],
        "R5 R1 B2 Y0 G6 B3 R9",
        rules=rules,
        dealer=2,
    )
    session.act("R5!")
    session.step_bots()  # Ada plays R1, her penultimate card, without the call
    state = session.state
    assert state.exposed == 1 and state.to_act == 2
    assert session.human_actions() == out_of_turn_actions(state, HUMAN)
    assert codes(session.human_actions()) == ["catch 1"]
    transition = session.act("catch 1")
    assert [e.type for e in transition.events][:2] == ["catch", "draw"]
    assert session.state.hands[1] and len(session.state.hands[1]) == 3
    assert session.state.exposed is None
    assert session.human_actions() == ()


def test_4_4_a_catch_window_closes_when_the_next_player_acts() -> None:
    rules = Rules(target_score=None, hand_size=2)
    session = stacked_session(
        ["random:call_uno=false,voluntary_draw=false", "greedy:catch=false"],
        "R5 R1 B2 Y0 G6 B3 R9",
        rules=rules,
        dealer=2,
    )
    session.act("R5!")
    session.step_bots()  # Ada plays R1 silently
    assert codes(session.human_actions()) == ["catch 1"]
    session.step_bots()  # Basil, who never catches, draws: his turn has begun (§4.4 a)
    assert session.record().actions[-1] == (2, "draw")
    assert session.state.exposed is None
    assert "catch 1" not in codes(session.human_actions())
    assert_refused(session, "catch 1", UnoCallError, "CATCH_TOO_LATE")


def test_7_3_a_jump_in_is_offered_out_of_turn_and_plays_from_the_jumper() -> None:
    rules = Rules(target_score=None, hand_size=3, jump_in=True)
    # Dealer 0: Ada B1 B3 B5, Basil B2 B4 B6, you G2 R5 Y0; first discard G2, twin of yours.
    session = stacked_session(
        ["greedy", "greedy"], "B1 B2 G2 B3 B4 R5 B5 B6 Y0 G2", rules=rules, dealer=0
    )
    state = session.state
    assert state.to_act == 1
    assert session.human_actions() == out_of_turn_actions(state, HUMAN)
    assert codes(session.human_actions()) == ["G2"]
    transition = session.act("G2")
    play = next(e for e in transition.events if e.type == "play")
    assert play.data["seat"] == HUMAN and play.data["jump_in"] is True
    assert session.state.to_act == 1  # next(jumper), clockwise (§7.3.4)
    assert session.state.top_player == HUMAN


def test_6_6_between_hands_nothing_is_offered_until_next_hand() -> None:
    rules = Rules(target_score=500, hand_size=1)
    session = stacked_session(["greedy"], "R5 B1 R3", rules=rules)
    session.act("R5")  # your last card: the hand is over, the game is not
    assert session.hand_over and not session.is_over
    assert session.human_actions() == ()
    assert not session.human_to_act()
    assert not session.bots_pending()
    assert session.plan_bot_step() is None
    assert_refused(session, "B1", HandOverError, "HAND_IS_OVER")
    # `next` is for `next_hand()`, not for `act()`.
    state, actions = session.state, session.record().actions
    with pytest.raises(IllegalActionError):
        session.act("next")
    assert session.state is state and session.record().actions == actions
    session.next_hand()
    assert session.state.hand_number == 2
    assert session.state.phase is not Phase.HAND_OVER
    assert session.human_actions() or session.bots_pending()


def test_6_after_game_over_nothing_is_offered() -> None:
    session = stacked_session(["greedy"], "R5 B1 R3", rules=Rules(target_score=None, hand_size=1))
    session.act("R5")
    assert session.is_over and session.state.winners == (HUMAN,)
    assert session.human_actions() == ()
    assert not session.human_to_act()
    assert not session.bots_pending()
    assert session.plan_bot_step() is None
    assert session.step_bots() is None
    assert_refused(session, "B1", HandOverError, "HAND_IS_OVER")
    with pytest.raises(IllegalActionError) as info:
        session.next_hand()
    assert info.value.code == "HAND_NOT_OVER"


# -- what the person is refused ------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "error", "code"),
    [
        ("G1", CardDoesNotMatchError, "CARD_DOES_NOT_MATCH"),
        ("B9", CardNotInHandError, "CARD_NOT_IN_HAND"),
        ("keep", IllegalActionError, "NOTHING_TO_KEEP"),
        ("uno", UnoCallError, "NOTHING_TO_CALL"),
        ("catch 1", UnoCallError, "CATCH_INVALID"),
    ],
)
def test_3_2_what_is_not_legal_on_your_turn_is_refused_with_the_engines_error(
    action: str, error: type[IllegalActionError], code: str
) -> None:
    session = stacked_session(["heuristic"], DUEL)
    assert_refused(session, action, error, code)


@pytest.mark.parametrize("action", ["draw", "R7", "G1", "uno"])
def test_3_1_acting_out_of_turn_is_refused(action: str) -> None:
    session = stacked_session(["heuristic"], DUEL)
    session.act("R5")
    assert session.state.to_act == 1
    error = NotYourTurnError if action != "uno" else UnoCallError
    code = "NOT_YOUR_TURN" if action != "uno" else "NOTHING_TO_CALL"
    assert_refused(session, action, error, code)


def test_7_3_2_an_out_of_turn_play_that_is_no_jump_in_is_refused() -> None:
    rules = Rules(target_score=None, hand_size=3, jump_in=True)
    session = stacked_session(
        ["greedy", "greedy"], "B1 B2 G2 B3 B4 R5 B5 B6 Y0 G2", rules=rules, dealer=0
    )
    assert_refused(session, "R5", NotYourTurnError, "JUMP_IN_NOT_ALLOWED")


def wild_on_top() -> GameSession:
    """Jump-in on; dealer 0; first discard W, named by Ada; you hold W W. Ada is to play."""
    rules = Rules(target_score=None, hand_size=2, jump_in=True)
    session = stacked_session(
        ["greedy", "greedy"], "R1 G1 W B1 R2 W W R3 R4", rules=rules, dealer=0
    )
    assert session.state.phase is Phase.AWAIT_FIRST_COLOR and session.state.to_act == 1
    session.step_bots()  # Ada names the colour
    state = session.state
    assert state.phase is Phase.AWAIT_TURN and state.to_act == 1 and state.top.code == "W"
    return session


def test_7_3_1_wild_jump_in_refused() -> None:
    session = wild_on_top()
    assert session.human_actions() == ()
    assert_refused(session, "W:r", NotYourTurnError, "JUMP_IN_NOT_ALLOWED")


def test_7_3_1_wild_jump_in_refused_even_when_the_engine_would_list_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = wild_on_top()
    wild_jump_ins = tuple(parse_action(f"W:{c}") for c in "rygb")
    real_legal = offers_module.legal_actions

    def listing_wild_jump_ins(state: lastcard.GameState, seat: int) -> tuple[Action, ...]:
        legal = real_legal(state, seat)
        return legal + wild_jump_ins if seat == HUMAN and state.to_act != HUMAN else legal

    def accepting(state: lastcard.GameState, seat: int, action: Action | str) -> object:
        return None  # an engine that lets the wild jump in

    monkeypatch.setattr(offers_module, "legal_actions", listing_wild_jump_ins)
    monkeypatch.setattr(table_module, "apply", accepting)
    assert set(wild_jump_ins) <= set(offers_module.legal_actions(session.state, HUMAN))
    assert session.human_actions() == ()
    assert_refused(session, "W:r", IllegalActionError, "JUMP_IN_NOT_ALLOWED")


def test_next_hand_before_the_hand_is_over_raises_hand_not_over() -> None:
    session = stacked_session(["heuristic"], DUEL)
    state, actions = session.state, session.record().actions
    with pytest.raises(IllegalActionError) as info:
        session.next_hand()
    assert info.value.code == "HAND_NOT_OVER"
    assert session.state is state and session.record().actions == actions


# -- timing ------------------------------------------------------------------------------


def test_timing_bots_pending_when_a_bot_is_to_act() -> None:
    session = stacked_session(["heuristic"], DUEL)
    session.act("R5")
    assert session.bots_pending()
    plan = session.plan_bot_step()
    assert plan is not None and plan.seat == 1 and plan.ply == session.table.ply
    assert plan.action is not None and plan.action.code == "draw"
    assert session.apply_bot_step(plan) is not None
    assert session.record().actions[-1] == (1, "draw")


def test_timing_a_plan_where_every_bot_passed_marks_the_state_polled() -> None:
    session = passing_table()
    polled = session.state
    assert session.human_to_act()
    # Ada may still call Uno; Basil may jump in or catch: a poll is due although it is your turn.
    assert codes(out_of_turn_actions(polled, 1)) == ["uno"]
    assert "GR" in codes(out_of_turn_actions(polled, 2))
    assert session.bots_pending()
    plan = session.plan_bot_step()
    assert plan is not None and plan.ply == session.table.ply
    assert plan.seat is None and plan.action is None  # both passed
    actions = session.record().actions
    assert session.apply_bot_step(plan) is None
    assert session.state is polled and session.record().actions == actions
    assert not session.bots_pending()  # nobody is asked again on this state
    assert session.human_actions() == legal_actions(polled, HUMAN)
    # The next transition (you catch Ada; it is still your turn, Basil's jump-in still open)
    # makes the bots due again.
    session.act("catch 1")
    assert session.human_to_act()
    assert codes(out_of_turn_actions(session.state, 2)) == ["GR", "GR!"]
    assert session.bots_pending()
    # ... and the old plan neither applies nor silences the new state.
    state, actions = session.state, session.record().actions
    assert session.apply_bot_step(plan) is None
    assert session.state is state and session.record().actions == actions
    assert session.bots_pending()
    again = session.plan_bot_step()
    assert again is not None and again.seat is None
    assert session.apply_bot_step(again) is None
    assert not session.bots_pending()


def test_4_3_late_uno_call_after_the_plan_drops_the_stale_plan() -> None:
    session = stacked_session(["heuristic"], DUEL)
    session.act("R5")
    session.step_bots()
    session.act("R7")  # without the call
    plan = session.plan_bot_step()
    assert plan is not None and plan.seat == 1
    assert plan.action is not None and plan.action.code == "catch 0"  # Ada would catch you
    session.act("uno")  # ... but you call first
    state, actions, log = session.state, session.record().actions, list(session.log)
    assert session.apply_bot_step(plan) is None
    assert session.state is state
    assert session.record().actions == actions
    assert session.log == log
    assert session.bots_pending()  # the poll runs again, on the new state
    transition = session.step_bots()
    assert transition is not None
    assert all(e.type != "catch" for e in transition.events)
    hand = session.view().hand
    assert hand is not None and len(hand) == 1


def test_timing_a_stale_plan_of_a_bot_action_changes_nothing() -> None:
    session = stacked_session(["heuristic"], DUEL)
    session.act("R5")
    plan = session.plan_bot_step()  # Ada would draw
    assert plan is not None and plan.seat == 1
    # Meanwhile the game moves on without this plan (another poll's plan is applied).
    fresh = session.plan_bot_step()
    assert fresh is not None and session.apply_bot_step(fresh) is not None
    state, actions = session.state, session.record().actions
    assert session.apply_bot_step(plan) is None
    assert session.state is state and session.record().actions == actions


# -- what the bots are shown -------------------------------------------------------------


class RecordingBot:
    """Wraps a real bot at `seat`: records what it observes and, each time it is asked to
    choose, checks that it has observed every event so far, redacted for its seat, in order."""

    def __init__(self, inner: Bot, seat: int, events: list[Event]) -> None:
        self.inner = inner
        self.seat = seat
        self.events = events  # every event of the game so far, unredacted (kept by the test)
        self.seen: list[Event] = []
        self.choices = 0

    def observe(self, event: Event) -> None:
        self.seen.append(event)
        self.inner.observe(event)  # type: ignore[attr-defined]

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        assert self.seen == [event.redact(self.seat) for event in self.events]
        self.choices += 1
        return self.inner.choose(view, legal, may_pass=may_pass)


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=20"])
def test_5_6_bots_observe_every_event_redacted_for_their_seat_before_choosing(spec: str) -> None:
    session = GameSession([spec, spec], Rules(target_score=None), seed=11)
    events: list[Event] = list(session.record().open().events)
    recorders: dict[int, RecordingBot] = {}
    for seat in (1, 2):
        assert hasattr(session.bots[seat], "observe")
        recorders[seat] = RecordingBot(session.bots[seat], seat, events)
        session.bots[seat] = recorders[seat]
    rng = random.Random(5)
    for _ in range(2_000):
        if session.is_over:
            break
        if session.human_to_act():
            transition = session.act(rng.choice(session.human_actions()))
        else:
            step = session.step_bots()
            assert step is not None
            transition = step
        events.extend(transition.events)
    assert session.is_over
    others_draws = own_draws = 0
    for seat, recorder in recorders.items():
        assert recorder.choices > 0
        for event in recorder.seen:
            if event.type == "draw" and event.data["seat"] != seat:
                others_draws += 1
                assert "cards" not in event.to_dict(), "another seat's drawn cards were shown"
            elif event.type == "draw" and event.data["count"]:
                own_draws += 1
                assert len(event.secret["cards"]) == event.data["count"]
            if event.type == "deal":
                assert "hands" not in event.to_dict()
    assert others_draws > 0 and own_draws > 0
    assert any(e.type == "draw" and e.secret.get("cards") for e in events)
    # The person's narration is redacted for seat 0 the same way.
    assert session.log == [event.redact(HUMAN) for event in events]


# -- whole games -------------------------------------------------------------------------

# Out-of-turn offers are rare under the official rules (a catch, when a bot forgets Uno): at these
# seeds the person has some under every preset below, and takes at least one.
SEEDS = (1, 2, 4, 8)
TABLES = [["eager"], ["greedy", "heuristic"], ["eager", "greedy", "heuristic"], ["heuristic"] * 4]


def play_out(session: GameSession, rng: random.Random, max_steps: int = 20_000) -> tuple[int, int]:
    """The person plays uniformly at random on their turn and takes an out-of-turn offer half
    the time; returns how many offers they had, and how many they took."""
    offers = taken = 0
    for _ in range(max_steps):
        state = session.state
        if session.is_over:
            break
        if session.hand_over:
            assert session.human_actions() == ()
            assert not session.bots_pending()
            session.next_hand()
            continue
        offer = session.human_actions()
        if session.human_to_act():
            assert offer == legal_actions(state, HUMAN)
            if session.bots_pending() and rng.random() < 0.3:
                session.step_bots()  # the bots' out-of-turn offers come first, this time
            else:
                session.act(rng.choice(offer))
            continue
        assert offer == out_of_turn_actions(state, HUMAN)
        offers += bool(offer)
        if offer and rng.random() < 0.5:
            session.act(rng.choice(offer))
            taken += 1
            continue
        assert session.bots_pending(), "nobody would ever move"
        assert session.step_bots() is not None, "the bots passed although one is to act"
    return offers, taken


@pytest.mark.parametrize("preset", ["official", "party", "official-2018"])
def test_whole_games_reach_game_over_and_replay_from_their_record(preset: str) -> None:
    rules = Rules.preset(preset).changed(target_score=200)
    offers = taken = 0
    for levels in TABLES:
        for seed in SEEDS:
            session = GameSession(levels, rules, seed=seed)
            had, took = play_out(session, random.Random(seed))
            offers, taken = offers + had, taken + took
            assert session.is_over, f"{levels} seed {seed}: no GAME_OVER"
            assert session.human_actions() == ()
            assert not session.bots_pending()
            record = session.record()
            assert lastcard.replay(record) == session.state
            assert record.digest == state_digest(session.state)
            assert max(session.state.scores) >= 200
    assert taken > 0, "the person never acted out of turn"


# -- saved games ---------------------------------------------------------------------------


def drive(session: GameSession, rng: random.Random, steps: int) -> None:
    """`steps` moves of the game: the person picks at random on their turn, bots otherwise."""
    for _ in range(steps):
        if session.is_over:
            return
        if session.hand_over:
            session.next_hand()
        elif session.human_to_act():
            session.act(rng.choice(session.human_actions()))
        else:
            session.step_bots()


def resumed(session: GameSession) -> GameSession:
    """The session saved as JSON and loaded again."""
    return GameSession.from_dict(json.loads(json.dumps(session.to_dict())))


def test_save_and_resume_mid_game_gives_the_same_game() -> None:
    names = ["Me", "Ada", "Basil"]
    session = GameSession(["greedy", "heuristic"], Rules(target_score=200), names=names, seed=4)
    drive(session, random.Random(4), 80)
    assert not session.is_over and len(session.record().actions) > 20
    again = resumed(session)
    assert again.state == session.state
    assert again.names == session.names == tuple(names)
    assert again.levels == session.levels == ("greedy", "heuristic")
    assert again.seed == session.seed and again.rules == session.rules
    assert again.record() == session.record()
    assert again.log == session.log
    assert again.human_actions() == session.human_actions()
    assert again.bots_pending() == session.bots_pending()


def continue_both(a: GameSession, b: GameSession, steps: int) -> None:
    """The same person actions and bot steps on both; their states stay equal."""
    rng_a, rng_b = random.Random(99), random.Random(99)
    for _ in range(steps):
        if a.is_over:
            break
        drive(a, rng_a, 1)
        drive(b, rng_b, 1)
        assert a.state == b.state
    assert a.record() == b.record()
    assert b.is_over == a.is_over


@pytest.mark.parametrize(
    ("levels", "seed"),
    # Seeds at which, without the generators put in place, the games part within 50 moves.
    [(["greedy"], 0), (["greedy", "greedy"], 3), (["greedy", "heuristic", "greedy"], 1)],
)
def test_resumed_bots_play_on_as_the_originals_would(levels: list[str], seed: int) -> None:
    session = GameSession(levels, Rules(target_score=200), seed=seed)
    drive(session, random.Random(seed), 60)
    assert not session.is_over
    again = resumed(session)
    # Greedy breaks ties with its generator, which the save does not hold: put the resumed bots'
    # generators where the originals' are, so that what is compared is the rest of each bot.
    for seat, bot in again.bots.items():
        original = session.bots[seat]
        if hasattr(original, "_rng"):
            bot._rng.setstate(original._rng.getstate())  # type: ignore[attr-defined]
    continue_both(session, again, 20_000)
    assert session.is_over


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_resumed_heuristic_bots_play_on_as_the_originals_would(seed: int) -> None:
    # The heuristic bot has no generator: all it knows is what it was shown, rebuilt on resume.
    session = GameSession(["heuristic", "heuristic"], Rules(target_score=200), seed=seed)
    drive(session, random.Random(seed), 60)
    assert not session.is_over
    continue_both(session, resumed(session), 20_000)
    assert session.is_over


@pytest.mark.parametrize("levels", [["eager", "eager"], ["greedy", "greedy", "greedy"]])
def test_a_game_saved_before_any_bot_chose_resumes_into_the_same_game(levels: list[str]) -> None:
    session = GameSession(levels, Rules(target_score=200), seed=8)
    again = resumed(session)
    assert again.state == session.state
    continue_both(session, again, 20_000)
    assert session.is_over and again.is_over


def saved_after_your_choice(seed: int = 2) -> tuple[GameSession, dict[str, Any]]:
    """A game whose last action is yours, chosen among several."""
    session = GameSession(["greedy", "greedy"], Rules(target_score=200), seed=seed)
    rng = random.Random(seed)
    drive(session, rng, 30)
    while not (session.human_to_act() and len(session.human_actions()) >= 2):
        drive(session, rng, 1)
    session.act(session.human_actions()[0])
    return session, session.to_dict()


def test_a_save_whose_digest_was_changed_is_refused() -> None:
    _, data = saved_after_your_choice()
    data["record"]["digest"] = "0" * 64
    with pytest.raises(LastcardError, match="does not replay"):
        GameSession.from_dict(data)


def test_a_save_with_an_action_changed_to_another_legal_one_is_refused() -> None:
    session, data = saved_after_your_choice()
    record = session.record()
    seat, code = record.actions[-1]
    assert seat == HUMAN
    before = lastcard.replay(dataclasses.replace(record, actions=record.actions[:-1], digest=None))
    other = next(
        action
        for action in legal_actions(before, seat)
        if action.code != code and state_digest(apply(before, seat, action).state) != record.digest
    )
    data["record"]["actions"][-1] = [seat, other.code]
    with pytest.raises(LastcardError, match="does not replay"):
        GameSession.from_dict(data)
    GameSession.from_dict(session.to_dict())  # the untouched save still loads


def test_a_save_with_an_illegal_action_is_refused() -> None:
    _, data = saved_after_your_choice()
    data["record"]["actions"][0] = [data["record"]["actions"][0][0], "catch 9"]
    with pytest.raises(LastcardError):
        GameSession.from_dict(data)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(format=2),
        lambda d: d.pop("format"),
        lambda d: d.update(format="1"),
    ],
)
def test_a_dict_that_is_not_a_save_is_refused(mutate: Callable[[dict[str, Any]], Any]) -> None:
    _, data = saved_after_your_choice()
    mutate(data)
    with pytest.raises(LastcardError, match="not a saved lastcard game"):
        GameSession.from_dict(data)


def test_a_record_is_not_a_save() -> None:
    session, _ = saved_after_your_choice()
    with pytest.raises(LastcardError):
        GameSession.from_dict(session.record().to_dict())
    with pytest.raises(LastcardError):
        GameSession.from_dict([1, 2, 3])  # type: ignore[arg-type]


# -- seats and names -----------------------------------------------------------------------


@pytest.mark.parametrize("names", [["You"], ["You", "Ada", "Basil"], []])
def test_wrong_number_of_names_raises_value_error(names: list[str]) -> None:
    with pytest.raises(ValueError, match="2 players need 2 names") as info:
        GameSession(["greedy"], names=names)
    assert not isinstance(info.value, LastcardError)


def test_1_5_default_names_and_seats() -> None:
    session = GameSession(["greedy", "heuristic"], seed=1)
    assert session.players == 3
    assert session.names == ("You", "Bot 1", "Bot 2")
    assert sorted(session.bots) == [1, 2]
    assert player_view(session.state, HUMAN) == session.view()


@pytest.mark.parametrize("levels", [["greedy"], ["greedy", "greedy"], ["greedy"] * 4])
def test_7_12_1_partners_need_four_players(levels: list[str]) -> None:
    with pytest.raises(RulesError):
        GameSession(levels, Rules(teams="partners"))


def test_7_12_partners_with_four_players_are_seated() -> None:
    session = GameSession(["greedy"] * 3, Rules(teams="partners"), seed=1)
    assert session.players == 4


def test_1_5_1_too_many_players_for_the_deck_raise_rules_error() -> None:
    with pytest.raises(RulesError):
        GameSession(["greedy"] * 9, Rules(hand_size=12))


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("record"),
        lambda d: d.pop("levels"),
        lambda d: d.update(names=["You"]),
        lambda d: d.update(levels=[5]),
        lambda d: d.update(levels=["no-such-bot"]),
        lambda d: d["record"].update(seed="seven"),
    ],
)
def test_a_corrupted_save_is_refused_with_a_lastcard_error(change: Any) -> None:
    data = json.loads(json.dumps(stacked_session(["greedy"], DUEL).to_dict()))
    change(data)
    with pytest.raises(LastcardError):
        GameSession.from_dict(data)
