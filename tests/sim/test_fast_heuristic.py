"""The compiled `HeuristicBot` (`lastcard.sim.fast.heuristic`) plays the reference bot's games,
action for action.

The tables put `heuristic` (with its options) beside `greedy` and `random`, heads-up and at 3 to
10 seats, under the official rules, the party preset and the other house rules the kernel
plays, and each game is checked as `test_fast_exact.py` checks it: replayed through the engine
from the kernel's trace, and compared with `play_game` from the same seed. The bot's memory is
where a compiled copy could most easily part from it; one test counts, on the reference bots,
that the tables reach every kind of it (an exchange of hands teaching the hand given away, a
rotation before the bot has seen the table, a challenge showing a hand after a catch, ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numba
import numpy as np
import pytest
from test_fast_exact import check_games

import lastcard.bots.heuristic as heuristic_bot
import lastcard.bots.heuristic_memory as heuristic_memory
from lastcard.bots.heuristic import HeuristicBot
from lastcard.core import Color, Event, EventType, Phase, PlayerView, Rules, player_view
from lastcard.core.cards import COLORS
from lastcard.core.state import PendingChallenge
from lastcard.sim import simulate
from lastcard.sim.fast import FastUnsupportedError, choose_engine, layout, unsupported
from lastcard.sim.fast import heuristic as compiled
from lastcard.sim.fast.cards import KINDS, kind_of
from lastcard.sim.fast.run import game_seeds, habits, play_games
from lastcard.sim.fast.support import changed_heuristic_weights
from positions import cards, position

# numba's package does not declare this export to mypy; it is public API all the same.
NUMBA_MAX_THREADS: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]


@pytest.mark.parametrize("seats", [("heuristic", "greedy"), ("greedy", "heuristic")])
def test_heads_up_single_hands_against_greedy(seats: tuple[str, str]) -> None:
    check_games(list(seats), Rules(target_score=None), games=40, seed=len(seats[0]))


@pytest.mark.parametrize(
    "bots",
    [
        ["heuristic", "heuristic:challenge_threshold=0.1"],
        ["heuristic", "greedy:bluff=true,challenge=true", "heuristic:hold_wilds=false", "random"],
    ],
    ids=["2", "4"],
)
def test_official_whole_games(bots: list[str]) -> None:
    """Games to 500 points: points weigh more once an opponent is close to going out, and
    the challenge tallies carry from hand to hand."""
    check_games(bots, Rules(), games=8, seed=80 + len(bots))


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_7_party_preset_with_heuristic_seats(players: int) -> None:
    """§7.1 stacks (a Draw Two before a WD4), §7.2 exchanges (the hand it gains most from, what
    it learns of the hand it gave away), §7.3 jump-ins (taken unless harmful)."""
    bots = ["heuristic", "random:call_uno=false", "heuristic", "greedy"] * 3
    check_games(bots[:players], Rules.preset("party"), games=10, seed=90 + players)


HOUSE_OPTIONS = [
    {"wd4_bluffing": False, "allow_voluntary_draw": False},
    {"two_player_rules": False, "dealer_each_hand": "rotate"},
    {"first_wild": "dealer_chooses", "first_wd4": "bottom", "hand_size": 4},
    {"first_wild": "redraw", "hand_size": 12, "turn_limit": 60},
    {"stacking": "mixed", "wd4_bluffing": False},
    {"stacking": "mixed", "seven_o": True},
    {"jump_in": True, "jump_in_self": True, "two_player_rules": False},
]
HEURISTIC_OPTIONS = [
    "heuristic:bluff=false,hold_wilds=false",
    "random:call_uno=false,catch_rate=0.4",
    "heuristic:challenge=false",
    "greedy:bluff=true,challenge=true",
    "heuristic:challenge_threshold=0.05",
]


@pytest.mark.parametrize("options", HOUSE_OPTIONS, ids=lambda o: ",".join(o))
@pytest.mark.parametrize("players", [2, 5])
def test_every_option_of_the_bot_under_the_covered_house_rules(
    options: dict[str, Any], players: int
) -> None:
    bots = [
        HEURISTIC_OPTIONS[(seat + len(options)) % len(HEURISTIC_OPTIONS)] for seat in range(players)
    ]
    rules = Rules(target_score=150, **options)
    check_games(bots, rules, games=8, seed=len(options) + players, max_actions=20_000)


# -- the memory --------------------------------------------------------------------------------


@pytest.fixture
def memory_paths(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts, on the reference bots, the kinds of memory they use (the same games as the
    kernel's, so the kernel's copy of each is compared)."""
    seen: Counter[str] = Counter()

    def count(name: str, what: Callable[..., str | None]) -> None:
        """Wrap `HeuristicBot.<name>`; `what(bot, *args)`, asked before the call, names the
        kind of memory the call uses (None: none worth counting)."""
        original = getattr(HeuristicBot, name)

        def counted(bot: HeuristicBot, *args: Any) -> Any:
            kind = what(bot, *args)
            if kind is not None:
                seen[kind] += 1
            return original(bot, *args)

        monkeypatch.setattr(HeuristicBot, name, counted)

    def swap(bot: HeuristicBot, a: int, b: int) -> str | None:
        given = bot._me in (a, b) and bot._hand is not None
        return "a swap teaches the hand given away" if given else None

    def rotation(bot: HeuristicBot, direction: int) -> str:
        if not bot._players:
            return "a rotation before the bot has seen the table"
        if bot._hand is not None:
            return "a rotation teaches the hand passed on"
        return "a rotation of hands it has not seen"

    def bluff(bot: HeuristicBot, view: PlayerView) -> str:
        player, color = view.top_player, view.challenge_color
        known = player is not None and any(c.color is color for c in +bot._known[player])
        return "a known card makes a bluff certain" if known else "a bluff chance"

    def lacks(bot: HeuristicBot, seat: int, color: Color) -> str | None:
        since = bot._void[seat].get(color) if seat != bot._me else None
        return None if since is None else "a seat seen to lack a colour"

    count("_on_swap", swap)
    count("_on_rotate", rotation)
    count("_bluff_chance", bluff)
    count("_lacks", lacks)
    # Two events go straight to functions its memory class holds in `_MEMORY`.
    on_challenge = heuristic_memory._MEMORY[EventType.CHALLENGE]
    on_draw = heuristic_memory._MEMORY[EventType.DRAW]

    def challenge(bot: HeuristicBot, event: Event) -> None:
        if event.revealed is not None:
            seen["a challenge shows a hand"] += 1
        on_challenge(bot, event)

    def draw(bot: HeuristicBot, event: Event) -> None:
        if event.reason == "uno_penalty" and bot._wd4 is not None:
            seen["a catch while a Wild Draw Four awaits its answer"] += 1
        on_draw(bot, event)

    monkeypatch.setitem(heuristic_memory._MEMORY, EventType.CHALLENGE, challenge)
    monkeypatch.setitem(heuristic_memory._MEMORY, EventType.DRAW, draw)
    yield seen


def test_every_kind_of_memory_is_reached_and_agrees(memory_paths: Counter[str]) -> None:
    """The bot's memory after swaps, rotations and challenges, compiled. Nine random players
    that forget their Uno calls make catches come between a Wild Draw Four and its challenge
    (the challenger is shown the hand as it was when the card was played); ten seats play 0s
    before the last heuristic seats have been asked anything (they forget instead of
    following the hands). Both tables hold a game where a kernel that got either wrong
    parts from the reference."""
    check_games(
        ["heuristic", "random:call_uno=false", "heuristic", "greedy"], Rules.preset("party"), 10, 7
    )
    single = Rules(seven_o=True, target_score=None)
    check_games(["random:call_uno=false"] * 9 + ["heuristic"], single, games=160, seed=7)
    check_games(["greedy"] * 7 + ["heuristic"] * 3, single, games=240, seed=9)
    assert set(memory_paths) == {
        "a swap teaches the hand given away",
        "a rotation before the bot has seen the table",
        "a rotation teaches the hand passed on",
        "a rotation of hands it has not seen",
        "a challenge shows a hand",
        "a catch while a Wild Draw Four awaits its answer",
        "a known card makes a bluff certain",
        "a bluff chance",
        "a seat seen to lack a colour",
    }


def test_powers_are_python_float_powers() -> None:
    """`x ** n` with a whole `n` is C's `pow` in Python but repeated multiplication in numba
    (a last bit apart at times: a tie the bot breaks one way, the kernel the other). The
    kernel raises to float exponents; both powers of the bot are compared bit for bit."""
    bot = HeuristicBot()
    bot._me = 0
    void = np.full((2, 2, 4), -1, dtype=np.int64)
    for since in range(400):
        bot._void[1][Color.RED] = void[0, 1, 0] = since
        assert compiled._lacks(void, 0, 1, 0) == bot._lacks(1, Color.RED), since
    for size in range(1, 31):
        for blues in range(0, 12, 3):
            for bluffs, honest in ((0, 0), (2, 1), (0, 5)):
                bot = HeuristicBot()
                bot._bluffs[1], bot._honest[1] = bluffs, honest
                view = _facing_a_wild_draw_four(size, blues)
                assert _compiled_bluff_chance(view, bluffs, honest) == bot._bluff_chance(view)


def _facing_a_wild_draw_four(size: int, blues: int) -> PlayerView:
    """Seat 0 answers seat 1's Wild Draw Four (`size` cards left, judged against blue) on a
    pile holding `blues` blue cards."""
    pile = [f"B{rank % 10}" for rank in range(blues)] + ["R5", "W+4"]
    wd4_hand = [f"{color}{rank}" for color in "YG" for rank in [*range(10), *range(1, 10)]][:size]
    state = position(
        [["R1", "G2", "B3"], wd4_hand],
        pile,
        phase=Phase.AWAIT_WD4_RESPONSE,
        color="r",
        to_act=0,
        top_player=1,
        challenge=PendingChallenge(1, True, cards(wd4_hand), Color.BLUE),
    )
    return player_view(state, 0)


def _compiled_bluff_chance(view: PlayerView, bluffs: int, honest: int) -> float:
    hands = np.zeros((2, KINDS), dtype=np.int64)
    assert view.hand is not None
    for card in view.hand:
        hands[0, kind_of(card)] += 1
    sizes = np.array(view.hand_sizes, dtype=np.int64)
    discard = np.array([kind_of(card) for card in view.discard], dtype=np.int8)
    memory = np.zeros((2, layout.M_SIZE), dtype=np.int64)
    memory[1, layout.M_BLUFFS], memory[1, layout.M_HONEST] = bluffs, honest
    void = np.full((2, 2, 4), -1, dtype=np.int64)
    known = np.zeros((2, 2, layout.KNOWN_SIZE), dtype=np.int64)
    blue = COLORS.index(Color.BLUE)
    chance: float = compiled._bluff_chance(
        0, 1, blue, hands, sizes, discard, len(discard), void, known, memory
    )
    return chance


# -- the engine around it ----------------------------------------------------------------------


def test_simulate_gives_the_same_statistics_on_either_engine() -> None:
    bots, rules = ["heuristic", "greedy", "heuristic:bluff=false"], Rules(target_score=300)
    fast = simulate(bots, rules, games=20, seed=6, engine="fast")
    reference = simulate(bots, rules, games=20, seed=6, engine="reference")
    fast.seconds = reference.seconds = 0.0
    assert fast == reference
    assert sum(fast.game_wins) == 20


def test_the_options_are_read_off_the_bot() -> None:
    rows = habits(["heuristic:bluff=false,challenge=false,challenge_threshold=0.45", "heuristic"])
    assert rows[0, layout.H_POLICY] == rows[1, layout.H_POLICY] == layout.POLICY_HEURISTIC
    assert list(rows[:, layout.H_BLUFF]) == [0, 1] and list(rows[:, layout.H_CHALLENGE]) == [0, 1]
    assert list(rows[:, layout.H_CHALLENGE_THRESHOLD]) == [0.45, 0.3]
    assert rows[0, layout.H_CALL_UNO] == rows[0, layout.H_CATCH] == 1
    assert habits(["heuristic:hold_wilds=false"])[0, layout.H_HOLD_WILDS] == 0


def test_a_retuned_bot_is_left_to_the_reference_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel compiles the bot's weights as constants: once the bot's differ, `auto`
    plays it on the reference engine and says why."""
    assert changed_heuristic_weights() == []
    assert unsupported(Rules(), ["heuristic", "greedy"]) is None
    monkeypatch.setattr(heuristic_bot, "_FLEX", 0.4)
    monkeypatch.setattr(heuristic_bot, "_THREAT", {1: 1.0, 2: 0.5, 3: 0.25})
    assert changed_heuristic_weights() == ["_FLEX", "_THREAT"]
    engine, why = choose_engine("auto", Rules(), ["heuristic", "greedy"])
    assert engine == "reference" and why is not None and "_FLEX, _THREAT" in why
    with pytest.raises(FastUnsupportedError, match="other weights"):
        play_games(["heuristic", "greedy"], Rules(), game_seeds(1, 0, 1))
    assert unsupported(Rules(), ["greedy", "random"]) is None  # the others are unaffected
