"""Properties of `Table` over random games of every preset and 2–10 players.

- a game played through a table, and the same choices made on the engine directly
  (`legal_actions` / `apply`), give the same record;
- no seat's inbox ever holds another seat's hidden cards: every event a seat reads is the
  event redacted for it, and its secret part, if any, is addressed to it;
- an action carrying a stale ply changes nothing;
- `play_game` (bots at every seat) records a game that replays to its final state.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lastcard import (
    Action,
    ActionKind,
    Event,
    GameRecord,
    GameState,
    Rules,
    apply,
    legal_actions,
    new_game,
    replay,
)
from lastcard.sim import play_game
from lastcard.table import StaleActionError, Table
from random_play import seatable

PRESETS = sorted(Rules.presets())
MAX_ACTIONS = 300
OUT_OF_TURN = (ActionKind.CATCH, ActionKind.UNO, ActionKind.PLAY)


def rules_for(preset: str) -> Rules:
    return Rules.preset(preset).changed(target_score=None)


def playable(game: tuple[str, int, int]) -> bool:
    return seatable(Rules.preset(game[0]), game[1])


games = st.tuples(st.sampled_from(PRESETS), st.integers(2, 10), st.integers(0, 2**32 - 1)).filter(
    playable
)


def pick(
    rng: random.Random, offers: dict[int, tuple[Action, ...]], to_act: int | None
) -> tuple[int, Action]:
    """The same choice from the same offers: an out-of-turn seat now and then, else the seat
    to act."""
    for seat, actions in sorted(offers.items()):
        if seat != to_act and actions and rng.random() < 0.3:
            return seat, rng.choice(actions)
    assert to_act is not None
    return to_act, rng.choice(offers[to_act])


def engine_offers(state: GameState, players: int) -> dict[int, tuple[Action, ...]]:
    """What each seat may do, asked of the engine directly."""
    out: dict[int, tuple[Action, ...]] = {}
    for seat in range(players):
        legal = legal_actions(state, seat)
        if seat != state.to_act:
            legal = tuple(
                a
                for a in legal
                if a.kind in OUT_OF_TURN and not (a.card is not None and a.card.is_wild)
            )
        out[seat] = legal
    return out


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32 - 1))
def test_a_game_through_a_table_equals_the_same_game_on_the_engine(
    game: tuple[str, int, int], choices: int
) -> None:
    preset, players, seed = game
    rules = rules_for(preset)

    # Through the table, every seat outside; the inboxes read after every action.
    table = Table([None] * players, rules, seed=seed)
    rng = random.Random(choices)
    pending: list[Event] = list(table.opening_events)
    stale_tried = False
    while table.state.to_act is not None and table.ply < MAX_ACTIONS:
        for seat in range(players):
            read = table.take_events(seat)
            assert read == [event.redact(seat) for event in pending]
            assert all(not e.secret or seat in e.secret_to for e in read)
        offers = {seat: table.actions(seat) for seat in range(players)}
        seat, action = pick(rng, offers, table.state.to_act)
        if table.ply and seat == table.state.to_act and not stale_tried:
            stale_tried = True
            before = (table.state, table.ply, table.record())
            try:
                table.submit(seat, action, ply=table.ply - 1)
            except StaleActionError:
                pass
            else:
                raise AssertionError("a decision with a stale ply was applied")
            assert (table.state, table.ply, table.record()) == before
        pending = list(table.submit(seat, action, ply=table.ply).events)

    # The same choices on the engine directly.
    state = new_game(players, rules, seed=seed)
    rng = random.Random(choices)
    actions: list[tuple[int, str]] = []
    while state.to_act is not None and len(actions) < MAX_ACTIONS:
        seat, action = pick(rng, engine_offers(state, players), state.to_act)
        state = apply(state, seat, action).state
        actions.append((seat, action.code))

    assert table.record().actions == tuple(actions)
    assert table.state == state
    assert replay(table.record()) == state


@settings(max_examples=15, deadline=None)
@given(games)
def test_play_game_records_replay(game: tuple[str, int, int]) -> None:
    preset, players, seed = game
    record, final = play_game(["eager"] * players, rules_for(preset), seed, max_actions=2_000)
    assert replay(GameRecord.from_json(record.to_json())) == final
