"""The environments' fast path (`lastcard.rl.fast_path`) against the reference path through the
`Table` (`fast=False`): seeded games played through both with the same actions give the same
observations, masks, rewards, terminations, truncations, infos and agent order at every step,
the same errors for refused actions, and in the end the same table (record, state, inboxes).
Also: which rules and bots take the fast path, and the table left behind catching up whenever
it is read."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from lastcard import ActionKind, GameState, LastcardError, Rules, new_game, player_view
from lastcard.core import action_index
from lastcard.core.unchecked import FastGame
from lastcard.rl import SingleAgentEnv, env, parallel_env
from lastcard.rl.aec import LastcardEnv
from lastcard.rl.deferred_table import DeferredTable
from lastcard.rl.fast_path import fast_path_problem
from lastcard.rl.observation import HandObserver, observe
from lastcard.table import Table

# Rules the fast path plays, each with a table size, and options that make hands, games and
# the rarer moments come sooner: a first wild whose colour the dealer names, a stock that runs
# out (passes), the turn limit, eliminations, teams, Wild Downpour cards.
COVERED: dict[str, tuple[Rules, int]] = {
    "official, 2 players": (Rules(target_score=150), 2),
    "official, 4 players": (Rules(target_score=200), 4),
    "official, 10 players": (Rules(target_score=150), 10),
    "official preset, 3 players": (Rules.preset("official"), 3),
    "h2o": (Rules.preset("h2o").changed(target_score=150), 3),
    "elimination": (Rules.preset("elimination").changed(elimination_threshold=60), 3),
    "partners": (Rules.preset("partners").changed(target_score=150), 4),
    "no bluffing, no voluntary draws": (
        Rules(wd4_bluffing=False, allow_voluntary_draw=False, target_score=150),
        3,
    ),
    "reverse never skips": (Rules(two_player_rules=False, target_score=100), 2),
    "alternative scoring": (Rules(scoring="alternative", target_score=60), 3),
    "turn limit, dealer names a first wild": (
        Rules(turn_limit=30, first_wild="dealer_chooses", hand_size=4, target_score=100),
        3,
    ),
    "crowded, stock runs out": (Rules(hand_size=10, target_score=100), 10),
}

NOT_COVERED = {  # the option of each preset that `FastGame` does not play
    "party": "stacking",
    "official-2018": "deck",
    "table": "mode",
    "pirate": "seven_o",  # Pirate brings Seven-O (§7.6.1)
}


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a Dict observation "probably should be" a Box: on purpose.
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


def pick(mask: npt.NDArray[np.int8], pass_action: int, draw: int, rng: random.Random) -> int:
    """A legal action that ends hands sooner than a uniform one: an offer is taken half the
    time, the seat to act plays a card four times in five when it can (plays are the numbers
    below `draw`)."""
    legal = [int(n) for n in np.flatnonzero(mask)]
    if mask[pass_action]:
        return pass_action if rng.random() < 0.5 else rng.choice(legal)
    plays = [n for n in legal if n < draw]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(legal)


def wrong(mask: npt.NDArray[np.int8], pass_action: int, rng: random.Random) -> int:
    """An action the asked seat may not take: outside the mask, `PASS` for a seat that must
    decide, or no action number at all."""
    refused = [int(n) for n in np.flatnonzero(mask == 0)] + [-1, pass_action + 1, 10**6]
    return rng.choice(refused)


def raised(call: Callable[[int], object], number: int) -> tuple[str, str, str] | None:
    """The error `call(number)` raised: its type, code and message (None: it did not raise)."""
    try:
        call(number)
    except (LastcardError, ValueError) as error:
        return type(error).__name__, getattr(error, "code", ""), str(error)
    return None


def same_table(fast: Table | None, reference: Table | None) -> None:
    """The table left behind has caught up: the same record, state and unread events."""
    assert isinstance(fast, DeferredTable) and reference is not None
    assert not isinstance(reference, DeferredTable)
    assert fast.record() == reference.record()
    assert fast.state == reference.state
    assert fast.ply == reference.ply
    assert fast.bots_pending() == reference.bots_pending()  # the bots' passes were noted
    for seat in range(reference.players):
        if seat not in reference.bots:
            assert fast.take_events(seat) == reference.take_events(seat)


# -- the AEC environment ---------------------------------------------------------------------


def same_aec(fast: LastcardEnv, reference: LastcardEnv) -> None:
    """Everything an agent or a PettingZoo loop reads, equal in both."""
    assert fast.agent_selection == reference.agent_selection
    assert fast.agents == reference.agents
    for agent in fast.agents:
        mine, theirs = fast.observe(agent), reference.observe(agent)
        assert np.array_equal(mine["observation"], theirs["observation"]), agent
        assert mine["observation"].dtype == theirs["observation"].dtype
        assert np.array_equal(mine["action_mask"], theirs["action_mask"]), agent
        assert mine["action_mask"].dtype == theirs["action_mask"].dtype
    # Compared as their string forms too: -0.0 and 0.0 are equal numbers.
    for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert getattr(fast, name) == getattr(reference, name), name
        assert repr(getattr(fast, name)) == repr(getattr(reference, name)), name


def lockstep_aec(rules: Rules, players: int, seed: int, steps: int, reward: str) -> Counter[str]:
    """Both AEC environments, the same actions (now and then a refused one) over `steps`
    steps, whole games one after another; what happened, counted."""
    fast = env(players, rules, reward=reward)
    reference = env(players, rules, reward=reward, fast=False)
    assert fast.fast_path and not reference.fast_path
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    fast.reset(seed=seed)
    reference.reset(seed=seed)
    reference_table = reference.table
    assert reference_table is not None
    draw = fast.index.index("draw")
    for _ in range(steps):
        if not reference.agents:
            seen["game over"] += 1
            same_table(fast.table, reference.table)
            fast.reset()
            reference.reset()
            reference_table = reference.table
            assert reference_table is not None
        same_aec(fast, reference)
        obs, _, terminated, truncated, _ = reference.last()
        if terminated or truncated:
            fast.step(None)  # type: ignore[arg-type]
            reference.step(None)  # type: ignore[arg-type]
            continue
        mask = obs["action_mask"]
        if rng.random() < 0.03:
            number = wrong(mask, fast.pass_action, rng)
            error = raised(reference.step, number)
            assert error is not None and raised(fast.step, number) == error
            seen["refused"] += 1
            continue
        number = pick(mask, fast.pass_action, draw, rng)
        seat = reference.possible_agents.index(reference.agent_selection)
        before = reference_table.state
        fast.step(number)
        reference.step(number)
        seen.update(moments(before, reference_table.state, seat, number, fast.pass_action))
    same_aec(fast, reference)
    same_table(fast.table, reference.table)
    return seen


def moments(
    before: GameState, after: GameState, seat: int, number: int, pass_action: int
) -> list[str]:
    """What `seat`'s action `number` was, and what it did, from the states around it."""
    if number == pass_action:
        return ["pass an offer"]
    action = action_index(before.players).action_at(number)
    found = [action.kind.value]
    if action.kind is ActionKind.UNO and seat != before.to_act:
        found.append("late uno")
    if len(after.history) > len(before.history):
        found.append("hand over")
    elif after.rng != before.rng:
        found.append("reshuffle")
    if after.passes > before.passes:
        found.append("pass for want of cards")
    return found


@pytest.mark.parametrize("name", list(COVERED))
def test_the_aec_env_gives_the_same_steps_on_both_paths(name: str) -> None:
    rules, players = COVERED[name]
    seen: Counter[str] = Counter()
    for seed in range(2):
        seen += lockstep_aec(rules, players, seed, steps=1500, reward=("hand", "game")[seed])
    if not seen["game over"]:
        # The random choices depend on the size of the action space (`wrong` picks among the
        # refused numbers), which grows with the numbering's versions: one more game then.
        seen += lockstep_aec(rules, players, 2, steps=1500, reward="game")
    assert seen["game over"] >= 1, seen
    for moment in ("catch", "uno", "late uno", "pass an offer", "refused", "play", "hand over"):
        assert seen[moment] > 0, (moment, seen)
    print(name, dict(seen))


# -- the parallel environment ----------------------------------------------------------------


def lockstep_parallel(rules: Rules, players: int, seed: int, steps: int) -> Counter[str]:
    """Both parallel environments, the same actions from every agent (each a random one of its
    mask; now and then an illegal one, which ends the episode) over `steps` steps."""
    fast = parallel_env(players, rules)
    reference = parallel_env(players, rules, fast=False)
    assert fast.fast_path and not reference.fast_path
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    draw = fast.index.index("draw")
    mine: tuple[Any, ...] = fast.reset(seed=seed)
    theirs: tuple[Any, ...] = reference.reset(seed=seed)
    for _ in range(steps):
        same_parallel(mine, theirs)
        assert fast.agents == reference.agents
        if not reference.agents:
            seen["episode over"] += 1
            mine, theirs = fast.reset(), reference.reset()
            continue
        observations = theirs[0]
        actions: dict[str, Any] = {}
        for agent, obs in observations.items():
            actions[agent] = pick(obs["action_mask"], fast.pass_action, draw, rng)
        if rng.random() < 0.01:
            agent = rng.choice(sorted(observations))
            actions[agent] = wrong(observations[agent]["action_mask"], fast.pass_action, rng)
            seen["illegal"] += 1
        offers = sum(bool(obs["action_mask"][fast.pass_action]) for obs in observations.values())
        seen["several asked"] += offers > players - 1
        mine, theirs = fast.step(actions), reference.step(actions)
    same_parallel(mine, theirs)
    same_table(fast.table, reference.table)
    return seen


def same_parallel(mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> None:
    """Observations (and masks), then rewards, terminations, truncations, infos: equal."""
    assert len(mine) == len(theirs)
    assert mine[0].keys() == theirs[0].keys()
    for agent, obs in theirs[0].items():
        assert np.array_equal(mine[0][agent]["observation"], obs["observation"]), agent
        assert np.array_equal(mine[0][agent]["action_mask"], obs["action_mask"]), agent
    for rest, other in zip(mine[1:], theirs[1:], strict=True):
        assert rest == other and repr(rest) == repr(other)


@pytest.mark.parametrize(
    "name", ["official, 2 players", "official, 4 players", "official, 10 players", "h2o"]
)
def test_the_parallel_env_gives_the_same_steps_on_both_paths(name: str) -> None:
    rules, players = COVERED[name]
    seen = lockstep_parallel(rules, players, seed=3, steps=1200)
    assert seen["episode over"] >= 2 and seen["illegal"] > 0, seen


# -- the single-agent environment ------------------------------------------------------------


def lockstep_single(
    rules: Rules, players: int, opponents: str, seed: int, steps: int
) -> Counter[str]:
    """Both single-agent environments, the same actions (now and then an illegal one)."""
    fast = SingleAgentEnv(players, rules, opponents=opponents, seat=seed % players)
    reference = SingleAgentEnv(players, rules, opponents=opponents, seat=seed % players, fast=False)
    assert fast.fast_path and not reference.fast_path
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    draw = fast.index.index("draw")
    mine: tuple[Any, ...] = fast.reset(seed=seed)
    theirs: tuple[Any, ...] = reference.reset(seed=seed)
    for _ in range(steps):
        same_single(mine, theirs)
        assert np.array_equal(fast.action_masks(), reference.action_masks())
        if len(theirs) == 5 and theirs[2]:
            seen["illegal" if "illegal_action" in theirs[4] else "game over"] += 1
            same_table(fast.table, reference.table)
            mine, theirs = fast.reset(), reference.reset()
            continue
        mask = theirs[-1]["action_mask"]
        if rng.random() < 0.01:
            number = wrong(mask, fast.pass_action, rng)
        else:
            number = pick(mask, fast.pass_action, draw, rng)
        seen["offered"] += bool(mask[fast.pass_action])
        mine, theirs = fast.step(number), reference.step(number)
        seen["reward"] += theirs[1] != 0
    same_single(mine, theirs)
    same_table(fast.table, reference.table)
    return seen


def same_single(mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> None:
    assert len(mine) == len(theirs)
    assert np.array_equal(mine[0], theirs[0])
    for rest, other in zip(mine[1:-1], theirs[1:-1], strict=True):
        assert rest == other and repr(rest) == repr(other)
    info, other_info = mine[-1], theirs[-1]
    assert info.keys() == other_info.keys()
    assert np.array_equal(info["action_mask"], other_info["action_mask"])
    assert info.get("illegal_action") == other_info.get("illegal_action")


@pytest.mark.parametrize(
    ("name", "opponents", "offers"),
    [
        ("official, 2 players", "random", True),
        ("official, 4 players", "random:call_uno=false", True),  # catches for the agent
        ("official, 4 players", "greedy", False),  # greedy bots call, and catch first
        ("official, 10 players", "eager", False),
        ("elimination", "random", True),
        ("partners", "greedy", False),
    ],
)
def test_the_single_agent_env_gives_the_same_steps_on_both_paths(
    name: str, opponents: str, offers: bool
) -> None:
    rules, players = COVERED[name]
    seen: Counter[str] = Counter()
    for seed in range(2):
        seen += lockstep_single(rules, players, opponents, seed, steps=800)
    assert seen["game over"] + seen["illegal"] >= 2 and seen["reward"] > 0, seen
    # Out-of-turn offers to the agent: a late call when no bot catches it first, a catch
    # when a bot forgets its call.
    assert seen["offered"] > 0 or not offers, seen


# -- which games take the fast path ----------------------------------------------------------


@pytest.mark.parametrize("preset", ["official", "h2o", "elimination", "partners"])
def test_presets_the_fast_path_covers(preset: str) -> None:
    assert fast_path_problem(Rules.preset(preset)) is None
    players = 4
    assert env(players, preset).fast_path
    assert parallel_env(players, preset).fast_path
    assert SingleAgentEnv(players, preset, opponents="random").fast_path
    assert not env(players, preset, fast=False).fast_path


@pytest.mark.parametrize(("preset", "problem"), list(NOT_COVERED.items()))
def test_other_rules_stay_on_the_table(preset: str, problem: str) -> None:
    reason = fast_path_problem(Rules.preset(preset))
    assert reason is not None and f" {problem}=" in reason
    game = env(3, preset)
    game.reset(seed=1)
    assert not game.fast_path
    assert type(game.table) is Table


def test_jump_ins_and_bots_that_observe_stay_off_the_fast_path() -> None:
    # A `FastGame` never lists a jump-in; a bot with `observe` needs the table's events, or
    # the compiled kernel, which keeps the heuristic's memory itself (lastcard.rl.vector).
    assert fast_path_problem(Rules(jump_in=True)) == "jump-ins"
    assert not env(3, Rules(jump_in=True)).fast_path
    heuristic = SingleAgentEnv(2, "official", opponents="heuristic")
    heuristic.reset(seed=1)
    assert not heuristic.fast_path and heuristic.compiled and type(heuristic.table) is Table
    jumping = SingleAgentEnv(3, Rules(jump_in=True), opponents="heuristic")
    jumping.reset(seed=1)
    assert not jumping.fast_path and not jumping.compiled and type(jumping.table) is Table


# -- the table left behind -------------------------------------------------------------------


def test_the_table_waits_until_it_is_read_and_then_catches_up() -> None:
    fast, reference = env(3, "official"), env(3, "official", fast=False)
    fast.reset(seed=4)
    reference.reset(seed=4)
    table = fast.table  # kept, as a caller may keep it
    assert isinstance(table, DeferredTable)
    rng = random.Random(4)
    for step in range(200):
        obs = reference.observe(reference.agent_selection)
        number = pick(obs["action_mask"], fast.pass_action, fast.index.index("draw"), rng)
        fast.step(number)
        reference.step(number)
        assert reference.table is not None
        if step < 150:
            # Played on the fast path: every action applied (and each deal) is waiting.
            assert len(table.deferred) == reference.table.ply
        else:
            # Read: the same game as the reference table, and nothing left waiting.
            assert table.state == reference.table.state and table.deferred == []
    assert reference.table is not None and table.record() == reference.table.record()


def test_a_refused_action_is_refused_by_the_table_caught_up() -> None:
    fast = env(2, "official")
    fast.reset(seed=2)
    for _ in range(5):
        fast.step(int(np.flatnonzero(fast.observe(fast.agent_selection)["action_mask"])[0]))
    table = fast.table
    assert isinstance(table, DeferredTable) and table.deferred
    ply = len(table.deferred)
    mask = fast.observe(fast.agent_selection)["action_mask"]
    with pytest.raises(LastcardError):
        fast.step(int(np.flatnonzero(mask == 0)[0]))
    assert table.deferred == [] and table.ply == ply  # caught up, nothing more applied


# -- the pieces ------------------------------------------------------------------------------


def fast_games(seed: int) -> list[FastGame]:
    """Positions of random hands on a `FastGame`, one per action (every covered option)."""
    rng = random.Random(seed)
    positions: list[FastGame] = []
    for rules, players in COVERED.values():
        state = new_game(players, rules, seed=seed)
        game = FastGame.from_state(state)
        for _ in range(300):
            seat = game.to_act
            assert seat is not None
            side = [(s, a) for s in range(players) if s != seat for a in game.legal(s)]
            if side and rng.random() < 0.3:
                game.push(*rng.choice(side))
            else:
                legal = game.legal(seat)
                plays = [a for a in legal if a.kind is ActionKind.PLAY]
                game.push(seat, rng.choice(plays if plays and rng.random() < 0.7 else legal))
            if game.ended:
                break
            positions.append(FastGame.from_state(game.to_state()))
    return positions


def test_fast_game_view_playable_and_may_draw_answer_as_the_engine() -> None:
    for game in fast_games(1)[::3]:
        state = game.to_state()
        for seat in range(game.players):
            assert game.view(seat) == player_view(state, seat)
        if game.phase is state.phase.AWAIT_TURN:
            legal = game.legal(game.turn)
            plays = [a.card for a in legal if a.kind is ActionKind.PLAY]
            assert sorted(game.playable(), key=lambda card: card.sort_key) == list(
                dict.fromkeys(plays)
            )
            assert game.may_draw() == any(a.kind is ActionKind.DRAW for a in legal)


def test_the_hand_observer_writes_what_observe_reads_from_the_view() -> None:
    # One observer follows each hand as it is played (its discard counts are carried along).
    rng = random.Random(2)
    checked = 0
    for rules, players in COVERED.values():
        game = FastGame.from_state(new_game(players, rules, seed=2))
        observer = HandObserver(game)
        while not game.ended and checked < 20_000:
            state = game.to_state()
            for seat in range(players):
                assert np.array_equal(observer.observe(seat), observe(player_view(state, seat)))
                checked += 1
            to_act = game.to_act
            assert to_act is not None
            game.push(to_act, rng.choice(game.legal(to_act)))
    assert checked > 1000
