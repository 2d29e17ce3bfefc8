"""Every bot plays the discard round of Care-a-lot (RULES.md §7.11.4, carried by the 2018 deck's
`WC` with `custom_wild_effect="all_discard_one"`, §7.10.2), and plays it sensibly.

- Legality: every registered bot, alone and at mixed tables, at 2, 3, 5 and 10 players, only
  ever answers a discard round (asked, or offered a catch while the round waits) with an action
  on offer; each is asked at every table size.
- Habits, in positions and over whole games: `heuristic` discards the card it least wants to
  keep (never a wild beside a coloured card, the colour it holds fewest of) and calls Uno with
  a discard down to one card; `greedy` its highest-value coloured card; `eager` never declines
  a discard; `forgetful` can forget the call with a discard as with a play.
- The search: its candidate discards, its rollout policies in the round, what its sampled deals
  know of a discarded card, and whole games with a small budget on the checked engine (the
  fast game does not play the 2018 deck).

Seats in positions: A = 0, B = 1, C = 2; A plays `WC` (yellow) on R5 and B is asked first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from lastcard import Action, ActionKind, Event, Phase, PlayerView, Rules, legal_actions
from lastcard.bots import Bot, Forgetful, IsmctsBot, bot_names, make_bot
from lastcard.bots.determinize import Knowledge, Sampler
from lastcard.bots.greedy import color_counts
from lastcard.bots.ismcts import pruned_actions, search_actions
from lastcard.bots.rollout import ROLLOUT_POLICIES
from lastcard.core import GameState, apply, player_view
from lastcard.core.unchecked import unsupported
from lastcard.sim import play_game
from positions import cards, decide, position, run

CARE = Rules(deck="2018", custom_wild_effect="all_discard_one")
SINGLE_HAND = CARE.changed(target_score=None)
TABLE_SIZES = (2, 3, 5, 10)
# Bots a name alone cannot build (`ppo` needs a policy file; see test_every_bot_is_legal.py).
NEEDS_A_FILE = {"ppo"}
SEARCH = "ismcts:iterations=6,rollout_depth=60"
FORGETS_TO_CALL = "eager:call_uno=false"  # exposes itself, so rounds offer catches too


def spec(name: str) -> str:
    return SEARCH if name == "ismcts" else name


def names() -> list[str]:
    return [name for name in bot_names() if name not in NEEDS_A_FILE]


# -- watching decisions -----------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One answer given while a discard round waited: `asked` when the round asked this seat."""

    name: str
    view: PlayerView
    legal: tuple[Action, ...]
    choice: Action | None
    may_pass: bool

    @property
    def asked(self) -> bool:
        return self.view.to_act == self.view.seat

    @property
    def hand(self) -> list[str]:
        return [card.code for card in self.view.hand or ()]


class Watcher:
    """Wraps a bot: every answer in a discard round is checked against the offer and kept."""

    def __init__(self, inner: Bot, name: str, seen: list[Decision]) -> None:
        self.inner = inner
        self.name = name
        self.seen = seen

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        if choice is None:
            assert may_pass, f"{self.name} passed where it must act"
        else:
            offer = [a.code for a in legal]
            assert choice in legal, f"{self.name} at seat {view.seat}: {choice.code} not in {offer}"
        if view.phase is Phase.AWAIT_DISCARD:
            self.seen.append(Decision(self.name, view, legal, choice, may_pass))
        return choice

    def observe(self, event: Event) -> None:
        observe: Callable[[Event], None] | None = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(event)


def watched(table: list[str], seen: list[Decision]) -> list[Callable[[int], Bot]]:
    def factory(name: str) -> Callable[[int], Bot]:
        return lambda seed: Watcher(make_bot(spec(name), seed), name, seen)

    return [factory(name) for name in table]


def one_hand(table: list[str], seed: int, max_actions: int = 600) -> list[Decision]:
    """Every discard-round decision of `table` in one single hand under `SINGLE_HAND`."""
    seen: list[Decision] = []
    play_game(watched(table, seen), SINGLE_HAND, seed=seed, max_actions=max_actions)
    return seen


def asked_of(seen: list[Decision], name: str) -> list[Decision]:
    return [d for d in seen if d.name == name and d.asked]


# -- every bot is legal at every table size ------------------------------------------------------


@pytest.mark.parametrize("players", TABLE_SIZES)
@pytest.mark.parametrize("name", [n for n in names() if n != "ismcts"])
def test_every_bot_answers_the_round_legally_against_itself(name: str, players: int) -> None:
    seen: list[Decision] = []
    for seed in range(12):
        seen += one_hand([name] * players, seed=100 * players + seed)
        if len(asked_of(seen, name)) >= 3:
            break
    assert len(asked_of(seen, name)) >= 3, f"{name} was not asked in a discard round"


@pytest.mark.parametrize("players", TABLE_SIZES)
def test_every_bot_answers_the_round_legally_at_a_mixed_table(players: int) -> None:
    """Every registered bot at one table (seats rotating from deal to deal), with one seat that
    forgets to call Uno (at 3 players or more): the others are offered catches while a round
    waits on someone."""
    bots = names()
    seen: list[Decision] = []
    for deal in range(60):
        table = [bots[(deal + seat) % len(bots)] for seat in range(players)]
        if players >= 3:
            table[-1] = FORGETS_TO_CALL
        seen += one_hand(table, seed=deal, max_actions=400)
        offered = players < 3 or any(not d.asked for d in seen)
        if offered and {d.name for d in seen if d.asked} >= set(bots):
            break
    assert {d.name for d in seen if d.asked} >= set(bots)
    if players >= 3:
        assert any(not d.asked for d in seen)  # a catch (or a late call) offered in a round


def test_the_search_answers_the_round_legally_at_every_table_size() -> None:
    for players in TABLE_SIZES:
        others = ["heuristic", "greedy"]
        table = ["ismcts"] + [others[i % 2] for i in range(players - 1)]
        seen: list[Decision] = []
        for seed in range(10):
            seen += one_hand(table, seed=seed, max_actions=250)
            if asked_of(seen, "ismcts"):
                break
        assert asked_of(seen, "ismcts"), f"ismcts was not asked at {players} players"


# -- habits over whole games ----------------------------------------------------------------------


def whole_game_decisions(name: str) -> list[Decision]:
    seen: list[Decision] = []
    for players in (3, 5):
        for seed in range(8):
            seen += one_hand([name] * players, seed=seed)
    asked = [d for d in seen if d.asked and d.name == name]
    assert len(asked) >= 10, len(asked)
    return asked


def test_heuristic_always_sheds_never_a_wild_beside_a_coloured_card_and_calls() -> None:
    for d in whole_game_decisions("heuristic"):
        choice = d.choice
        assert choice is not None and choice.kind is ActionKind.DISCARD, (d.hand, choice)
        card = choice.card
        assert card is not None
        hand = list(d.view.hand or ())
        counts = color_counts(hand)
        if any(c.color is not None for c in hand):
            assert card.color is not None, (d.hand, choice.code)
            fewest = min(n for c, n in counts.items() if n)
            assert counts[card.color] == fewest, (d.hand, choice.code)
        assert choice.uno is (len(hand) == 2), (d.hand, choice.code)


def test_greedy_sheds_its_highest_value_coloured_card() -> None:
    for d in whole_game_decisions("greedy"):
        hand = list(d.view.hand or ())
        colored = [c for c in hand if c.color is not None]
        choice = d.choice
        assert choice is not None
        if not colored:
            assert choice.kind is ActionKind.DECLINE, (d.hand, choice.code)
            continue
        assert choice.kind is ActionKind.DISCARD and choice.card is not None
        assert choice.card.points == max(c.points for c in colored), (d.hand, choice.code)
        assert choice.uno is (len(hand) == 2)


def test_eager_never_declines_while_it_can_discard() -> None:
    for d in whole_game_decisions("eager"):
        assert d.choice is not None and d.choice.kind is ActionKind.DISCARD, d.hand


def test_random_declines_sometimes_and_calls_with_a_discard_to_one_card() -> None:
    decided = whole_game_decisions("random")
    assert any(d.choice is not None and d.choice.kind is ActionKind.DECLINE for d in decided)
    for d in decided:
        choice = d.choice
        assert choice is not None
        if choice.kind is ActionKind.DISCARD and len(d.hand) == 2:
            assert choice.uno, d.hand


# -- positions -----------------------------------------------------------------------------------


def in_round(b_hand: str, c_hand: str = "G1 G2", *, rules: Rules = CARE) -> GameState:
    """A (seat 0) has just played WC naming yellow: B (seat 1) is asked, holding `b_hand`."""
    state = position(["WC R3 B2", b_hand, c_hand], "B5 R5", rules=rules)
    after = run(state, (0, "WC:y")).state
    assert after.phase is Phase.AWAIT_DISCARD and after.to_act == 1
    return after


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("W R9 B1 B2", "discard R9"),  # the colour it holds fewest of, never the wild
        ("W B1 B2 B3 R1 R9", "discard R9"),  # the costlier of the fewest colour
        ("W+4 Y2 Y3 GS G1", "discard GS"),  # equal colours: the costlier card
        ("W R9", "discard R9!"),  # down to one card: with the call
        ("W W+4", "discard W!"),  # only wilds: one goes, the Wild Draw Four stays
    ],
)
def test_heuristic_discards_the_card_it_least_wants(hand: str, expected: str) -> None:
    assert decide(make_bot("heuristic", seed=1), in_round(hand)) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("W R9 B1 B2", "discard R9"),
        ("W B1 B2 GS R9", "discard GS"),
        ("W R9", "discard R9!"),
        ("W W+4", "decline"),
    ],
)
def test_greedy_discards_its_highest_value_coloured_card(hand: str, expected: str) -> None:
    assert decide(make_bot("greedy", seed=1), in_round(hand)) == expected


def test_greedy_without_calls_discards_without_the_call() -> None:
    assert decide(make_bot("greedy:call_uno=false", seed=1), in_round("W R9")) == "discard R9"


def test_forgetful_can_forget_the_call_with_a_discard() -> None:
    state = in_round("W R9")
    assert decide(Forgetful(1, base="greedy", forget=1.0), state) == "discard R9"
    assert decide(Forgetful(1, base="greedy", forget=0.0), state) == "discard R9!"


def test_a_seat_not_asked_is_only_offered_a_catch_and_takes_it() -> None:
    state = run(in_round("B1 R9"), (1, "discard R9")).state  # B forgot the call
    assert state.exposed == 1 and state.to_act == 2
    for name in names():
        assert decide(make_bot(spec(name), seed=2), state, seat=0) == "catch 1", name


@pytest.mark.parametrize("name", ["random", "eager"])
def test_random_bots_call_with_a_discard_to_one_card(name: str) -> None:
    state = in_round("W R9")
    for seed in range(20):
        choice = decide(make_bot(name, seed=seed), state)
        assert choice in ("discard W!", "discard R9!", "decline"), choice
        assert name != "eager" or choice != "decline"


# -- the search ----------------------------------------------------------------------------------


def test_search_actions_keep_only_called_discards_to_one_card() -> None:
    state = in_round("B1 R9")
    legal = legal_actions(state, 1)
    assert [a.code for a in search_actions(legal)] == ["discard R9!", "discard B1!", "decline"]
    hand = state.hands[1]
    assert [a.code for a in pruned_actions(search_actions(legal), hand)] == [
        "discard R9!",
        "discard B1!",
    ]


@pytest.mark.parametrize("policy", sorted(ROLLOUT_POLICIES))
def test_every_rollout_policy_discards_in_the_round(policy: str) -> None:
    choose = ROLLOUT_POLICIES[policy]
    rng = random.Random(3)
    for hand in ("W R9 B1 B2", "W R9", "W W+4"):
        state = in_round(hand)
        legal = legal_actions(state, 1)
        for _ in range(10):
            action = choose(state, 1, legal, rng)
            assert action in legal and action.kind is ActionKind.DISCARD, (policy, hand)
            assert action.uno is (len(state.hands[1]) == 2)
            if policy != "random" and "R9" in hand:
                assert action.card is not None and not action.card.is_wild


def test_the_smart_rollout_sheds_the_card_least_worth_keeping() -> None:
    state = in_round("W R9 B1 B2")
    choice = ROLLOUT_POLICIES["smart"](state, 1, legal_actions(state, 1), random.Random(0))
    assert choice.code == "discard R9"


def test_knowledge_drops_a_discarded_card_from_what_the_seat_held() -> None:
    state = position(["WC R3 B2", "B1 R9 Y2", "G1 G2 G3"], "B5 R5", rules=CARE)
    knowledge = Knowledge()
    knowledge.sync(player_view(state, 2))
    knowledge.known[1] = list(cards("R9 Y2"))  # as if a reveal had shown them
    transition = run(state, (0, "WC:y"), (1, "discard R9"))
    for event in transition.events:
        knowledge.observe(event.redact(2))
    assert knowledge.known_cards() == {1: list(cards("Y2"))}


def test_samples_in_a_round_keep_the_discarded_cards_out_of_every_hand() -> None:
    state = run(in_round("B1 R9 Y2"), (1, "discard R9"), (2, "discard G1")).state
    view = player_view(state, 0)
    knowledge = Knowledge()
    knowledge.sync(view)
    sampler = Sampler(view, knowledge)
    assert not sampler.fast_rules  # the 2018 deck: the checked engine
    deck = Counter(CARE.deck_cards())
    rng = random.Random(5)
    for _ in range(30):
        sample = sampler.state(rng)
        held = Counter(c for hand in sample.hands for c in hand)
        assert held + Counter(sample.stock) + Counter(sample.discard) == deck
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert sample.phase is Phase.AWAIT_DISCARD and sample.to_act == 0
        assert legal_actions(sample, 0) == legal_actions(state, 0)


@pytest.mark.parametrize("fast", [True, False])
def test_the_search_falls_back_to_the_checked_engine_and_calls(fast: bool) -> None:
    assert unsupported(CARE) is not None  # the fast game refuses the 2018 deck
    state = in_round("B1 R9")
    bot = IsmctsBot(seed=4, iterations=24, fast=fast)
    choice = decide(bot, state)
    assert choice in ("discard R9!", "discard B1!")
    assert bot.last_iterations == 24


def test_the_search_plays_whole_games_under_these_rules_and_always_sheds() -> None:
    """Self-play with a small budget: games end, and every round that asks the search is
    answered with a discard (declining is never searched while a discard is on offer), called
    when it leaves one card."""
    seen: list[Decision] = []
    for seed in range(6):
        _, final = play_game(watched(["ismcts"] * 3, seen), SINGLE_HAND, seed=seed)
        assert final.phase is Phase.GAME_OVER
        if len(asked_of(seen, "ismcts")) >= 5:
            break
    asked = asked_of(seen, "ismcts")
    assert len(asked) >= 5
    for d in asked:
        assert d.choice is not None and d.choice.kind is ActionKind.DISCARD, d.hand
        assert d.choice.uno is (len(d.hand) == 2), (d.hand, d.choice.code)


def test_fast_and_checked_searches_choose_alike_in_the_round() -> None:
    state = in_round("W R9 B1 B2 Y7")
    fast = decide(IsmctsBot(seed=9, iterations=30, fast=True), state)
    checked = decide(IsmctsBot(seed=9, iterations=30, fast=False), state)
    assert fast == checked
    assert fast.startswith("discard")


def test_a_round_position_plays_on_after_every_bot_answers() -> None:
    """Each bot's answer is accepted by the engine and the round moves on to the next seat."""
    for name in names():
        state = in_round("W R9 B1 B2")
        code = decide(make_bot(spec(name), seed=5), state)
        after = apply(state, 1, code).state
        assert after.to_act == 2 and after.phase is Phase.AWAIT_DISCARD, (name, code)
