"""The theme-pack cards (RULES.md §7.11) in the RL environments: the observation's theme slices
(the cards of `THEME_CARD_ORDER` in hand, on top, in the pile, just drawn, in Pirate's open
hands) and Pirate's `pirate_beneath`, masks that number every theme play (a Joker's every set of
seats and count) exactly as the engine accepts them in the AEC, parallel and single-agent
environments, PettingZoo's own tests under `Rules.preset("themes")`, a Travel's cards kept out
of every observation, and policy files of both versions playing theme games legally."""

from __future__ import annotations

import dataclasses
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from lastcard import (
    Card,
    Color,
    GameState,
    LastcardError,
    Phase,
    Rules,
    action_index,
    apply,
    legal_actions,
    player_view,
)
from lastcard.bots import make_bot
from lastcard.core import Action, ActionIndex, PlayerView
from lastcard.core.action_index import ALL_CARD_ORDER, CARD_ORDER, THEME_CARD_ORDER, version_size
from lastcard.rl import SingleAgentEnv, env, observe, parallel_env
from lastcard.rl.fast_path import fast_path_problem
from lastcard.rl.observation import LAYOUT, MAX_SEATS, OBSERVATION_SIZE
from lastcard.rl.policy import Policy, PolicyBot, load_policy
from lastcard.sim import play_game
from positions import position
from random_play import play_at_random

THEMES = Rules.preset("themes")
ONE_HAND = THEMES.changed(target_score=None)
PIRATE_THEMES = THEMES.changed(pirate=True)
TRAINED = Path(__file__).resolve().parents[2] / "examples" / "models" / "ppo_heads_up.npz"
THEME_SLICES = (
    "theme_hand",
    "theme_top",
    "theme_discard",
    "theme_drawn",
    "theme_open_hands",
    "pirate_beneath",
    "mambo_gift",
    "mambo_lead",
    "invisibility_block",
)
THEME_PLAYS = frozenset(THEME_CARD_ORDER)
# The next cards of the stock in rigged positions, first drawn first.
NEXT = "Y5 Y6 Y7 Y8 Y9 G5 G6 G7 G8 G9"


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a Dict observation "probably should be" a Box, Gymnasium that a Box
    # has no finite bounds: both on purpose (see test_aec.py and test_single_agent.py).
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")
    warnings.filterwarnings("ignore", category=UserWarning, module="gymnasium")


def themed(
    hands: list[str], discard: str, rules: Rules = THEMES, stock_top: str = NEXT, **fields: Any
) -> GameState:
    return position(hands, discard, rules=rules, stock_top=stock_top, **fields)


def theme_counts(codes: str) -> list[float]:
    """11 numbers: how many of each theme-pack card `codes` holds."""
    held = codes.split()
    return [float(held.count(code)) for code in THEME_CARD_ORDER]


def theme_one_hot(code: str) -> list[float]:
    return [1.0 if c == code else 0.0 for c in THEME_CARD_ORDER]


def beneath_one_hot(code: str) -> list[float]:
    return [1.0 if c == code else 0.0 for c in ALL_CARD_ORDER]


def open_theme_block(obs: npt.NDArray[np.float32], slot: int) -> list[float]:
    """The theme-pack cards of relative seat `slot`'s open hand in `obs`."""
    start = LAYOUT["theme_open_hands"].start + slot * len(THEME_CARD_ORDER)
    return [float(n) for n in obs[start : start + len(THEME_CARD_ORDER)]]


def open_block(obs: npt.NDArray[np.float32], slot: int) -> list[float]:
    """The other cards of relative seat `slot`'s open hand in `obs`."""
    start = LAYOUT["open_hands"].start + slot * len(CARD_ORDER)
    return [float(n) for n in obs[start : start + len(CARD_ORDER)]]


def codes_of(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


# -- the observation ------------------------------------------------------------------------


class TestTheThemeSlices:
    def test_7_11_theme_cards_in_hand_on_top_and_in_the_pile_have_slices_of_their_own(
        self,
    ) -> None:
        state = themed(["R+3 WH R+3 R5", "WJ B1", "WF G1"], "WCA B5 WT", color="r")
        obs = observe(player_view(state, 0))
        assert obs[LAYOUT["theme_hand"]].tolist() == theme_counts("R+3 R+3 WH")
        # `hand` counts the other cards alone: the two together are the hand.
        assert obs[LAYOUT["hand"]].sum() == 1.0
        assert obs[LAYOUT["hand"]][CARD_ORDER.index("R5")] == 1.0
        assert obs[LAYOUT["theme_top"]].tolist() == theme_one_hot("WT")
        assert not obs[LAYOUT["top"]].any()  # the top is a theme-pack card: not in `top`
        assert obs[LAYOUT["theme_discard"]].tolist() == theme_counts("WCA WT")
        assert obs[LAYOUT["discard"]].tolist() == [float(c == "B5") for c in CARD_ORDER]
        assert obs[LAYOUT["color"]].tolist() == [1.0, 0.0, 0.0, 0.0]
        # Another seat: its own theme cards, the same pile; nobody's hand but its own.
        other = observe(player_view(state, 1))
        assert other[LAYOUT["theme_hand"]].tolist() == theme_counts("WJ")
        assert other[LAYOUT["theme_discard"]].tolist() == theme_counts("WCA WT")
        assert not other[LAYOUT["theme_open_hands"]].any()  # no Pirate: no open hands

    def test_a_plain_top_leaves_theme_top_0_and_the_theme_slices_are_0_without_theme_cards(
        self,
    ) -> None:
        obs = observe(player_view(themed(["WH R5", "B1", "G1"], "G+3 R5"), 0))
        assert not obs[LAYOUT["theme_top"]].any()
        assert obs[LAYOUT["top"]][CARD_ORDER.index("R5")] == 1.0
        assert obs[LAYOUT["theme_discard"]].tolist() == theme_counts("G+3")
        plain = position(["R2 R5", "B1", "G1"], "G+2 R5")
        for seat in range(3):
            obs = observe(player_view(plain, seat))
            assert all(not obs[LAYOUT[name]].any() for name in THEME_SLICES)

    def test_7_11_a_theme_card_just_drawn_is_in_theme_drawn_for_its_drawer_alone(self) -> None:
        state = themed(["B2 Y3", "B1", "G1"], "B5 R5", stock_top="WF " + NEXT)
        state = apply(state, 0, "draw").state
        assert state.phase is Phase.AFTER_DRAW and state.drawn == Card.from_code("WF")
        mine = observe(player_view(state, 0))
        assert mine[LAYOUT["theme_drawn"]].tolist() == theme_one_hot("WF")
        assert not mine[LAYOUT["drawn"]].any()
        assert mine[LAYOUT["theme_hand"]].tolist() == theme_counts("WF")
        for seat in (1, 2):
            assert not observe(player_view(state, seat))[LAYOUT["theme_drawn"]].any()

    def test_7_11_7_a_mambos_gifts_and_lead_are_phase_numbers_of_their_own(self) -> None:
        gift = apply(themed(["WM R3 B2", "B1 R9"], "B5 R5"), 0, "WM").state
        lead = apply(gift, 0, "give R3").state
        assert (gift.phase, lead.phase) == (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD)
        for state, flag in ((gift, "mambo_gift"), (lead, "mambo_lead")):
            for seat in (0, 1):
                obs = observe(player_view(state, seat))
                assert obs[LAYOUT[flag]].tolist() == [1.0]
                assert obs[LAYOUT["mambo_gift"]].sum() + obs[LAYOUT["mambo_lead"]].sum() == 1.0
                assert obs[LAYOUT["phase"]].sum() == 0.0
                assert obs[LAYOUT["theme_top"]].tolist() == theme_one_hot("WM")

    def test_7_11_3_an_invisibilitys_block_is_a_phase_number_of_its_own(self) -> None:
        state = apply(themed(["R+3 R3 B2", "WI R9 B1", "G1 G2"], "B5 R5"), 0, "R+3").state
        assert (state.phase, state.to_act) == (Phase.AWAIT_BLOCK, 1)
        for seat in range(3):
            obs = observe(player_view(state, seat))
            assert obs[LAYOUT["invisibility_block"]].tolist() == [1.0]
            assert obs[LAYOUT["phase"]].sum() == 0.0
            assert obs[LAYOUT["to_act"]][(1 - seat) % 3] == 1.0
        holder = observe(player_view(state, 1))
        assert holder[LAYOUT["theme_hand"]].tolist() == theme_counts("WI")

    def test_a_plain_card_just_drawn_leaves_theme_drawn_0(self) -> None:
        state = apply(themed(["B2 Y3", "B1", "G1"], "B5 R5", stock_top="R9"), 0, "draw").state
        obs = observe(player_view(state, 0))
        assert obs[LAYOUT["drawn"]][CARD_ORDER.index("R9")] == 1.0
        assert not obs[LAYOUT["theme_drawn"]].any()


class TestPirateWithThemeCards:
    def test_7_6_2_the_open_hands_theme_cards_are_relative_to_the_observer(self) -> None:
        state = themed(["Y+3 WT G7", "WJ R1 R+3", "WH G1"], "B5 R+3", PIRATE_THEMES)
        for seat in range(3):
            obs = observe(player_view(state, seat))
            for slot in range(3):
                hand = state.hands[(seat + slot) % 3]
                assert open_theme_block(obs, slot) == theme_counts(codes_of(hand))
                # A card is in one block of the two: the 58 and the 11 make the whole hand.
                assert sum(open_block(obs, slot)) + sum(open_theme_block(obs, slot)) == len(hand)
            assert open_theme_block(obs, 0) == obs[LAYOUT["theme_hand"]].tolist()
            for slot in range(3, MAX_SEATS):
                assert not any(open_theme_block(obs, slot))

    def test_7_6_4_pirate_beneath_is_the_card_the_play_had_to_match(self) -> None:
        state = themed(["Y+3 WT G7", "WJ R1 R9", "WH G1"], "B5 R+3", PIRATE_THEMES)
        window = apply(state, 0, "Y+3").state  # a Draw Three on a Draw Three: fair
        assert window.phase is Phase.AWAIT_PIRATE
        for seat in range(3):
            obs = observe(player_view(window, seat))
            assert obs[LAYOUT["pirate_beneath"]].tolist() == beneath_one_hot("R+3")
            assert obs[LAYOUT["theme_top"]].tolist() == theme_one_hot("Y+3")
            assert obs[LAYOUT["pirate_color"]].tolist() == [1.0, 0.0, 0.0, 0.0]
        closed = apply(apply(window, 1, "pass").state, 2, "pass").state
        assert closed.phase is not Phase.AWAIT_PIRATE
        assert not observe(player_view(closed, 0))[LAYOUT["pirate_beneath"]].any()

    def test_7_6_3_a_number_match_is_told_from_a_cheat_of_the_same_colour(self) -> None:
        # G5 and G7 on R5, red to match: the same colour slices, but the card beneath is the
        # R5 in both, and the G5 matches it by number (fair) where the G7 does not (a cheat).
        def seen(card: str) -> npt.NDArray[np.float32]:
            state = themed(["G5 G7 B2", "B1 R9", "G1 G2"], "B5 R5", Rules(pirate=True))
            window = apply(state, 0, card).state
            assert window.pirate is not None and window.pirate.cheat == (card == "G7")
            return observe(player_view(window, 1))

        fair, cheat = seen("G5"), seen("G7")
        for obs in (fair, cheat):
            assert obs[LAYOUT["pirate_beneath"]].tolist() == beneath_one_hot("R5")
            assert obs[LAYOUT["pirate_color"]].tolist() == [1.0, 0.0, 0.0, 0.0]
        assert fair[LAYOUT["top"]][CARD_ORDER.index("G5")] == 1.0
        assert cheat[LAYOUT["top"]][CARD_ORDER.index("G7")] == 1.0


# -- what stays hidden ----------------------------------------------------------------------


def hidden_changed(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same state as `seat` sees it: the other hands and the stock dealt anew (sizes kept),
    and the generator moved on."""
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[: len(state.hands[s])]), pool[len(state.hands[s]) :]
    generator = dataclasses.replace(state.rng, counter=state.rng.counter + 777)
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool), rng=generator)


def test_7_11_8_a_travels_cards_reach_no_other_seats_observation() -> None:
    state = themed(["WT R3 B2", "B1 R9 Y2", "G1 G2 WH", "Y4 B4"], "B5 R5")
    travelled = apply(state, 0, "WT:g>2")
    assert [e.type.value for e in travelled.events if e.type.value == "travel"] == ["travel"]
    after = travelled.state
    # Seat 2's hand as the traveller saw it, and one made of other cards of the stock.
    other = dataclasses.replace(
        after,
        hands=(*after.hands[:2], after.stock[:3], after.hands[3]),
        stock=(*after.hands[2], *after.stock[3:]),
    )
    assert other.hands[2] != after.hands[2]
    for seat in (0, 1, 3):  # the traveller too: what it saw is an event, not its view
        assert np.array_equal(
            observe(player_view(after, seat)), observe(player_view(other, seat))
        ), seat
    # The target's own observation does move: the comparison above could fail.
    assert not np.array_equal(observe(player_view(after, 2)), observe(player_view(other, 2)))


def test_nothing_hidden_changes_an_observation_in_theme_games() -> None:
    rng = random.Random(11)
    effects: set[str] = set()
    changed = 0
    for players, seed in ((2, 1), (4, 2), (7, 3)):
        played = play_at_random("themes", THEMES, players, seed=seed, steps=400)
        effects |= {e.type.value for e in played.events}
        for state in played.states[::4]:
            for seat in range(players):
                other = hidden_changed(state, seat, rng)
                changed += other.hands != state.hands
                assert np.array_equal(
                    observe(player_view(state, seat)), observe(player_view(other, seat))
                )
    assert changed > 100  # the hidden parts really did change
    assert {"travel", "reveal", "swap_hands"} <= effects  # the theme effects were played


# -- masks ----------------------------------------------------------------------------------


def accepts(state: GameState, seat: int, action: Action) -> bool:
    try:
        apply(state, seat, action)
    except LastcardError:
        return False
    return True


def numbers(index: ActionIndex, mask: npt.NDArray[Any]) -> set[int]:
    """The action numbers a mask holds, `PASS` left out."""
    return {int(i) for i in np.flatnonzero(mask[:-1])}


def engine_numbers(index: ActionIndex, state: GameState, seat: int) -> set[int]:
    return set(index.indices(legal_actions(state, seat)))


def check_every_number(index: ActionIndex, state: GameState, seat: int, held: set[int]) -> None:
    """Each action number is in the mask exactly when the engine accepts it from `seat`."""
    for number in range(index.size):
        action = index.action_at(number)
        assert (number in held) == accepts(state, seat, action), (action.code, state.phase)


def theme_code(index: ActionIndex, number: int) -> str | None:
    """The theme-pack card a number plays, if it plays one."""
    if number >= index.size:
        return None
    card = index.action_at(number).card
    return card.code if card is not None and card.code in THEME_PLAYS else None


@pytest.mark.parametrize(("players", "steps", "every"), [(2, 400, 4), (4, 400, 8), (7, 300, 30)])
def test_7_11_the_aec_mask_is_exactly_what_the_engine_accepts(
    players: int, steps: int, every: int
) -> None:
    game = env(players, THEMES, render_mode="ansi")
    assert not game.fast_path  # the theme cards are the table's
    game.reset(seed=players)
    rng = np.random.default_rng(players)
    table = game.table
    assert table is not None
    played: set[str] = set()
    phases: set[Phase] = set()
    for step in range(steps):
        if not game.agents:
            game.reset(seed=players + step)
            table = game.table
            assert table is not None
        agent = game.agent_selection
        if game.terminations[agent]:  # the game is over: each agent steps out
            game.step(None)  # type: ignore[arg-type]
            continue
        seat = game.possible_agents.index(agent)
        state = table.state
        phases.add(state.phase)
        mask = game.observe(agent)["action_mask"]
        held = numbers(game.index, mask)
        assert held == engine_numbers(game.index, state, seat), state.phase
        assert mask[game.pass_action] == (seat != state.to_act)
        for other in game.possible_agents:
            if other != agent:
                assert not game.observe(other)["action_mask"].any()
        if step % every == 0:
            check_every_number(game.index, state, seat, held)
        choice = int(rng.choice(np.flatnonzero(mask)))
        code = theme_code(game.index, choice)
        if code is not None:
            played.add(code)
        game.step(choice)
        assert isinstance(game.render(), str)
    assert {"WH", "WCA", "WF", "WJ", "WT"} <= played
    assert any(code.endswith("+3") for code in played)
    assert Phase.AWAIT_DISCARD in phases  # a Care-a-lot's round was answered by number
    if "mambo" in THEMES.theme_cards:
        assert {Phase.AWAIT_GIFT, Phase.AWAIT_LEAD} <= phases


def test_7_11_3_an_invisibility_holder_is_asked_to_block_by_number_in_the_aec_env() -> None:
    # Dealer 2; seat 0: R+3 R3, seat 1: WI R9, seat 2: G1 G2; first discard R5.
    deck = ["R+3", "WI", "G1", "R3", "R9", "G2", "R5", "Y9", "Y8", "Y7", "Y6", "Y5"]
    game = env(3, THEMES.changed(hand_size=2, target_score=None))
    game.reset(seed=1, options={"dealer": 2, "deck": deck})
    game.step(game.index.index("R+3!"))
    assert game.table is not None
    state = game.table.state
    assert (state.phase, game.agent_selection) == (Phase.AWAIT_BLOCK, "player_1")
    mask = game.observe("player_1")["action_mask"]
    assert numbers(game.index, mask) == engine_numbers(game.index, state, 1)
    # The block leaves one card: each colour without and with the Uno call.
    blocks = [f"block {color}{call}" for color in "rygb" for call in ("", "!")]
    codes = [game.index.action_at(int(n)).code for n in np.flatnonzero(mask[:-1])]
    assert codes == [*blocks, "allow"]
    assert mask[game.pass_action] == 0  # a decision, not an offer
    game.step(game.index.index("block b!"))
    state = game.table.state
    assert [len(hand) for hand in state.hands] == [1, 1, 2]  # nobody drew
    assert (state.top.code, state.color) == ("WI", Color.BLUE)


def test_7_11_6_a_jokers_seats_and_count_are_its_numbers_in_the_aec_env() -> None:
    # Dealer 3; seat 0: WJ R7, seat 1: R1 B2, seat 2: G1 G2, seat 3: B1 Y2; first discard R3.
    deck = ["WJ", "R1", "G1", "B1", "R7", "B2", "G2", "Y2", "R3", "Y9", "Y8", "Y7", "Y6", "Y5"]
    game = env(4, THEMES.changed(hand_size=2, target_score=None))
    game.reset(seed=1, options={"dealer": 3, "deck": deck})
    assert game.agent_selection == "player_0"
    mask = game.observe("player_0")["action_mask"]
    jokers = [game.index.action_at(int(n)) for n in np.flatnonzero(mask[:-1])]
    jokers = [a for a in jokers if a.card is not None and a.card.code == "WJ"]
    # 4 colours x 7 sets of the other seats x 3 counts, each without and with the Uno call.
    variants = {(a.color, a.targets, a.count) for a in jokers}
    assert len(variants) == 4 * 7 * 3 and len(jokers) == 2 * len(variants)
    assert all(0 not in a.targets for a in jokers)  # never the player itself
    game.step(game.index.index("WJ:g>1,3*2!"))
    assert game.table is not None
    state = game.table.state
    assert [len(hand) for hand in state.hands] == [1, 4, 2, 4]
    assert (state.turn, state.color) == (1, Color.GREEN)  # nobody skipped


@pytest.mark.parametrize("players", [2, 4, 7])
def test_7_11_the_parallel_masks_are_exactly_what_the_engine_accepts(players: int) -> None:
    game = parallel_env(players, THEMES)
    observations, _ = game.reset(seed=players)
    rng = np.random.default_rng(players)
    table = game.table
    assert table is not None
    played: set[str] = set()
    for step in range(250):
        if not game.agents:
            observations, _ = game.reset(seed=players + step)
            table = game.table
            assert table is not None
        state = table.state
        for seat, agent in enumerate(game.possible_agents):
            mask = observations[agent]["action_mask"]
            held = numbers(game.index, mask)
            if seat == state.to_act:
                assert held == engine_numbers(game.index, state, seat)
                assert mask[game.pass_action] == 0
            else:  # an offer (a late call, a catch) or nothing, and `PASS` either way
                offered = engine_numbers(game.index, state, seat) if state.active[seat] else set()
                assert held == offered and mask[game.pass_action] == 1
            if step % 25 == 0 and players < 7:
                check_every_number(game.index, state, seat, held)
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
        }
        for choice in actions.values():
            code = theme_code(game.index, choice)
            if code is not None:
                played.add(code)
        observations, _, _, _, infos = game.step(actions)
        assert not any("illegal_action" in info for info in infos.values())
    assert {"WH", "WCA", "WF", "WJ", "WT"} <= played


@pytest.mark.parametrize(("players", "opponents"), [(2, "random"), (4, "greedy"), (7, "random")])
def test_7_11_the_single_agent_env_plays_theme_games(players: int, opponents: str) -> None:
    game = SingleAgentEnv(players, ONE_HAND, opponents=opponents, seat=players - 1)
    assert not game.fast_path
    rng = np.random.default_rng(players)
    played: set[str] = set()
    for seed in range(8):
        game.reset(seed=seed)
        terminated = False
        while not terminated:
            mask = game.action_masks()
            assert game.table is not None
            state = game.table.state
            expected = engine_numbers(game.index, state, game.seat)
            assert numbers(game.index, mask) == expected, state.phase
            choice = int(rng.choice(np.flatnonzero(mask)))
            code = theme_code(game.index, choice)
            if code is not None:
                played.add(code)
            _, _, terminated, _, info = game.step(choice)
            assert "illegal_action" not in info
    assert len({code for code in played if code.startswith("W")}) >= 3  # the theme wilds


def test_gymnasium_check_env_under_themes() -> None:
    check_env(SingleAgentEnv(2, THEMES, opponents="greedy"))


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test_under_themes(players: int) -> None:
    api_test(env(players, THEMES), num_cycles=400)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_parallel_api_test_under_themes(players: int) -> None:
    parallel_api_test(parallel_env(players, THEMES), num_cycles=400)


@pytest.mark.parametrize("name", sorted(THEMES.theme_cards))
def test_every_theme_card_alone_takes_the_table_path(name: str) -> None:
    # `FastGame` refuses the theme cards: an environment under any of them plays at the table,
    # where the checked engine plays them (and the observation is `observe`'s).
    rules = Rules(theme_cards=frozenset({name}))
    assert fast_path_problem(rules) is not None
    assert not env(2, rules).fast_path
    assert not SingleAgentEnv(2, rules, opponents="random").fast_path


# -- policies -------------------------------------------------------------------------------


def random_policy(observation_size: int, actions: int, players: int, seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    weight = rng.normal(0.0, 1.0, (observation_size, actions)).astype(np.float32)
    bias = rng.normal(0.0, 1.0, actions).astype(np.float32)
    return Policy((), (weight, bias), "tanh", players)


def favouring(players: int, code: str) -> PolicyBot:
    """A version 2 policy whose logits are 0 but for `code`'s number."""
    size = version_size(players) + 1
    bias = np.zeros(size, np.float32)
    bias[action_index(players).index(code)] = 50.0
    weight = np.zeros((OBSERVATION_SIZE, size), np.float32)
    return PolicyBot.from_policy(Policy((), (weight, bias), "relu", players))


def test_7_11_6_a_version_2_policy_chooses_a_jokers_seats_and_count_by_its_logits() -> None:
    state = themed(["WJ R3 B2", "B1 R9", "G1 G2", "Y4 B4"], "B5 R5")
    view, legal = player_view(state, 0), legal_actions(state, 0)
    for code in ("WJ:b>1,3*2", "WJ:y>2*3", "WJ:r>1,2,3*1"):
        answer = favouring(4, code).choose(view, legal)
        assert answer is not None and answer.code == code
    # A set naming the player itself is no legal Joker: the policy's favourite is passed over.
    answer = favouring(4, "WJ:b>0,1*2").choose(view, legal)
    assert answer is not None and answer in legal and answer.code != "WJ:b>0,1*2"


def test_7_11_a_version_1_policy_draws_rather_than_play_a_card_it_never_numbered() -> None:
    bot = PolicyBot.from_policy(random_policy(343, version_size(2, 1) + 1, 2, seed=3))
    state = themed(["WH B2", "B1 R9"], "B5 R5")  # the Howler alone matches
    view, legal = player_view(state, 0), legal_actions(state, 0)
    assert {a.code for a in legal} >= {"draw", "WH:r>1"}
    answer = bot.choose(view, legal)
    assert answer is not None and answer.code == "draw"


def test_7_11_4_a_version_1_policy_answers_a_care_a_lot_round_as_greedy() -> None:
    bot = PolicyBot.from_policy(random_policy(343, version_size(2, 1) + 1, 2, seed=1))
    state = apply(themed(["WCA R3 B2", "B1 R9 WT"], "B5 R5"), 0, "WCA:g").state
    assert state.phase is Phase.AWAIT_DISCARD and state.to_act == 1
    view, legal = player_view(state, 1), legal_actions(state, 1)
    assert all(a.code.startswith(("discard", "decline")) for a in legal)
    answer = bot.choose(view, legal)
    assert answer == make_bot("greedy", 0).choose(view, legal) and answer in legal


class Recording:
    """Wraps a bot and checks every answer against what was offered; counts the answers given
    with theme-pack cards in hand, those moving a theme-pack card, and those for which nothing
    the policy's version numbered was legal (the `greedy` fallback's)."""

    def __init__(self, bot: PolicyBot) -> None:
        self.bot = bot
        self.known = bot.policy.actions - 1  # the action numbers of its version, then PASS
        self.themed = self.theme_moves = self.fallbacks = 0

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        answer = self.bot.choose(view, legal, may_pass=may_pass)
        assert answer in legal if answer is not None else may_pass
        assert view.hand is not None
        index = action_index(view.players)
        fallback = all(index.index(a) >= self.known for a in legal)
        self.fallbacks += fallback
        self.themed += any(card.code in THEME_PLAYS for card in view.hand)
        if answer is not None and answer.card is not None and answer.card.code in THEME_PLAYS:
            self.theme_moves += 1
            # An older policy moves a card it never numbered only as `greedy`, for want of
            # anything else.
            assert fallback or self.known == index.size
        return answer


@pytest.mark.skipif(not TRAINED.exists(), reason="no trained policy in examples/models")
def test_the_trained_version_1_policy_plays_theme_games_legally() -> None:
    policy = load_policy(TRAINED)
    assert policy.observation_size == 343  # trained on version 1
    agent = Recording(PolicyBot(0, path=TRAINED))
    for seed in range(4):
        for bots in ([agent, make_bot("greedy", seed)], [make_bot("random", seed), agent]):
            _, state = play_game([lambda _s, b=b: b for b in bots], ONE_HAND, seed)  # type: ignore[misc]
            assert state.is_over  # a wrong answer would have raised BotMistakeError
    assert agent.themed > 0 and agent.fallbacks > 0


def test_a_version_2_policy_plays_theme_games_legally() -> None:
    policy = random_policy(OBSERVATION_SIZE, version_size(2) + 1, 2, seed=5)
    # Drawing only when it must: random weights that draw at will play very long hands.
    policy.out[1][action_index(2).index("draw")] = -1000.0
    agent = Recording(PolicyBot.from_policy(policy))
    for seed in range(3):
        bots = [agent, make_bot("random", seed)]
        _, state = play_game([lambda _s, b=b: b for b in bots], ONE_HAND, seed)  # type: ignore[misc]
        assert state.is_over
    assert agent.theme_moves > 0 and agent.fallbacks == 0
