"""The game runner and the simulator: deterministic, replayable, and who acts when."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import pytest

import lastcard
from lastcard import (
    Action,
    ActionKind,
    Event,
    GameState,
    PlayerView,
    Rules,
    Transition,
    new_game,
    open_game,
)
from lastcard.bots import Bot, RandomBot
from lastcard.sim import (
    BotMistakeError,
    bot_seed,
    game_seed,
    play_game,
    simulate,
)

SHORT = Rules().changed(target_score=200)


def forgetful(seed: int) -> Bot:
    """Never calls Uno and often catches: exercises the out-of-turn poll."""
    return RandomBot(seed, call_uno=False, catch_rate=0.5, voluntary_draw=False)


def test_same_seed_same_game() -> None:
    first, end = play_game(["eager"] * 4, SHORT, seed=7)
    second, end2 = play_game(["eager"] * 4, SHORT, seed=7)
    assert first == second
    assert lastcard.state_digest(end) == lastcard.state_digest(end2) == first.digest
    other, _ = play_game(["eager"] * 4, SHORT, seed=8)
    assert other.actions != first.actions


def test_the_game_is_played_to_its_end_and_every_recorded_action_replays() -> None:
    record, state = play_game(["random", "eager", "random"], SHORT, seed=3)
    assert state.is_over and state.winners
    assert record.players == 3 and record.seed == 3 and record.rules == SHORT
    assert lastcard.replay(record) == state  # the digest is checked too
    restored = lastcard.GameRecord.from_json(record.to_json())
    assert lastcard.state_digest(lastcard.replay(restored)) == record.digest


@pytest.mark.parametrize("preset", ["party", "elimination", "partners", "h2o", "official-2018"])
def test_presets_play_out_and_replay(preset: str) -> None:
    rules = Rules.preset(preset).changed(target_score=200, elimination_threshold=200)
    record, state = play_game([forgetful] * 4, rules, seed=5)
    assert state.is_over
    assert lastcard.replay(record) == state


def test_out_of_turn_actions_happen_and_replay() -> None:
    """Party games with forgetful players: Uno calls, catches and jump-ins all occur."""
    kinds: Counter[str] = Counter()
    rules = Rules.preset("party").changed(target_score=200)
    for seed in range(4):

        def count(event: Event, state: GameState) -> None:
            kinds[event.type] += 1
            if event.type == "play" and event.data["jump_in"]:
                kinds["jump_in"] += 1
            if event.type == "play" and event.data["uno"]:
                kinds["uno_with_play"] += 1

        bots = [forgetful, "eager", forgetful, "eager"]
        record, state = play_game(bots, rules, seed=seed, on_event=count)
        assert lastcard.replay(record) == state
    assert kinds["catch"] > 0
    assert kinds["uno_with_play"] > 0
    assert kinds["jump_in"] > 0


class Spy:
    """A forgetful random bot that records how it was asked."""

    calls: ClassVar[list[tuple[int | None, int | None, bool, tuple[str, ...]]]] = []

    def __init__(self, seed: int) -> None:
        self.bot = forgetful(seed)
        self.seed = seed

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        Spy.calls.append((view.seat, view.to_act, may_pass, tuple(a.code for a in legal)))
        return self.bot.choose(view, legal, may_pass=may_pass)


def test_who_is_asked_and_with_what() -> None:
    Spy.calls = []
    rules = Rules.preset("party").changed(target_score=100)
    play_game([Spy] * 3, rules, seed=2)
    optional = [call for call in Spy.calls if call[2]]
    assert optional, "some out-of-turn offers were made"
    for seat, to_act, _, offer in optional:
        assert seat != to_act  # never the seat to act
        assert offer and all(
            code.startswith(("catch", "uno")) or code[0] in "RYGB" for code in offer
        ), offer  # catches, Uno calls and (never wild) jump-ins only
    for seat, to_act, _, _ in (call for call in Spy.calls if not call[2]):
        assert seat == to_act


def test_bots_are_seeded_from_the_game_seed() -> None:
    seeds: list[int] = []

    def factory(seed: int) -> Bot:
        seeds.append(seed)
        return RandomBot(seed)

    play_game([factory] * 3, SHORT, seed=42, max_actions=1)
    assert seeds == [bot_seed(42, seat) for seat in range(3)]
    assert len(set(seeds)) == 3
    assert bot_seed(42, 0) == lastcard.core.rng.stream_seed(42, lastcard.core.rng.STREAM_BOT, 0)


def test_max_actions_stops_the_game() -> None:
    record, state = play_game(["eager"] * 2, SHORT, seed=1, max_actions=10)
    assert len(record.actions) == 10
    assert not state.is_over
    assert lastcard.replay(record) == state


def test_between_hands_the_dealer_sends_next() -> None:
    record, state = play_game(["eager"] * 3, SHORT, seed=4)
    nexts = [(seat, code) for seat, code in record.actions if code == "next"]
    assert len(nexts) == len(state.history) - 1
    dealers = [result.dealer for result in state.history[:-1]]
    assert [seat for seat, _ in nexts] == dealers


class Cheat:
    def __init__(self, seed: int) -> None:
        pass

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        return lastcard.parse_action("W+4:r!")


class Sulker(Cheat):
    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        return None


def test_a_bot_must_answer_with_an_offered_action() -> None:
    with pytest.raises(BotMistakeError, match="chose 'W\\+4:r!'"):
        play_game([Cheat, Cheat], seed=1)
    with pytest.raises(BotMistakeError, match="passed, but it must act"):
        play_game([Sulker, Sulker], seed=1)


def _real_opening(transition: Transition) -> list[dict[str, object]]:
    skip = {"dealer_draw", "first_discard_returned"}
    return [_full(e) for e in transition.events if e.type not in skip]


def _full(event: Event) -> dict[str, object]:
    return {**event.to_dict(), "secret_to": sorted(event.secret_to)}


@pytest.mark.parametrize("players", [2, 4])
def test_the_opening_events_are_those_of_the_deal(players: int) -> None:
    """`open_game` gives the state `new_game` gives, with the events of that deal."""
    opening = open_game(players, Rules(), seed=5)
    assert opening.state == new_game(players, Rules(), seed=5)
    types = [event.type for event in opening.events]
    assert types[:3] == ["dealer_draw", "deal", "first_discard"]
    deal = opening.events[1].to_dict()
    assert deal["sizes"] == [7] * players
    assert opening.events[2].to_dict()["card"] == opening.state.first_discard.code


def test_on_event_starts_with_the_opening_and_sees_every_event() -> None:
    seen: list[tuple[str, int]] = []
    _, state = play_game(
        ["eager"] * 3, SHORT, seed=9, on_event=lambda e, s: seen.append((e.type, s.hand_number))
    )
    assert seen[:3] == [("dealer_draw", 1), ("deal", 1), ("first_discard", 1)]
    assert seen[-1][0] == "game_over"
    assert sum(1 for t, _ in seen if t == "deal") == len(state.history)


def test_simulate_counts_and_is_reproducible() -> None:
    stats = simulate(["eager"] * 3, SHORT, games=4, seed=1)
    again = simulate(["eager"] * 3, SHORT, games=4, seed=1)
    assert stats.games == 4 and stats.unfinished == 0
    assert stats.hands == again.hands and stats.turns == again.turns
    assert stats.hand_wins == again.hand_wins and stats.game_wins == again.game_wins
    assert sum(stats.hand_wins) + stats.blocked_hands == stats.hands
    assert sum(stats.game_wins) >= 4
    assert abs(sum(stats.hand_win_shares) - 1) < 1e-9
    assert stats.mean_turns_per_hand > 5
    assert stats.games_per_second > 0
    # Game i is the game play_game deals with game_seed(seed, i).
    _, first = play_game(["eager"] * 3, SHORT, seed=game_seed(1, 0))
    assert first.history[0].went_out is not None


def test_simulate_turns_are_plays_draws_and_passes_in_await_turn() -> None:
    turns = 0

    def count(seat: int, action: Action, before: GameState, t: Transition) -> None:
        nonlocal turns
        if before.phase is lastcard.Phase.AWAIT_TURN and action.kind in (
            ActionKind.PLAY,
            ActionKind.DRAW,
        ):
            turns += 1

    _, state = play_game(["eager"] * 3, SHORT, seed=game_seed(5, 0), on_step=count)
    stats = simulate(["eager"] * 3, SHORT, games=1, seed=5)
    assert stats.turns == turns
    assert stats.hands == len(state.history)
