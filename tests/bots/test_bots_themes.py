"""Every bot plays the theme-pack cards (RULES.md §7.11), legally and sensibly.

- Legality: every registered bot, at mixed tables and against itself, at 2 to 10 players, under
  the `themes` preset, with Pirate (§7.6) and with mixed stacking (§7.1.3), only ever answers
  with an action on offer; between them the bots play every theme card, give and lead after a
  Mambo, discard in a Care-a-lot round and name targets. The search plays with a tiny budget.
- Habits, in positions (seats A = 0, B = 1, ...; A is to play on R5 unless stated):
  `heuristic` aims a Howler or a Travel at the opponent with the fewest cards, swaps hands only
  into a smaller hand, aims a Joker at the seats closest to going out with three cards each,
  keeps its Mambo until it wins outright, gives its worst cards and leads a Skip at a
  threatening next player, plays a Draw Three like a Draw Two, weighs a Care-a-lot round and
  blocks with its Invisibility only what hurts; `greedy` gives and leads its costliest cards
  and names the first seat set; `random` and `forgetful` keep a Joker's seats and count when
  they add or drop the Uno call.
- The search: its candidate moves, its fallback to the checked engine, and what its sampled
  deals keep of Howler reveals, Travels, gifts, Friendship swaps, Care-a-lot discards, a
  Mambo under way, an Invisibility's question and a Pirate window on a Joker.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from lastcard import (
    Action,
    ActionKind,
    Card,
    Color,
    Event,
    GameState,
    Kind,
    Phase,
    PlayerView,
    Rules,
)
from lastcard.bots import (
    Bot,
    Forgetful,
    GreedyBot,
    HeuristicBot,
    IsmctsBot,
    RandomBot,
    bot_names,
    make_bot,
)
from lastcard.bots.determinize import Knowledge, Sampler
from lastcard.bots.ismcts import pruned_actions, search_actions
from lastcard.bots.pirate import PirateWatch
from lastcard.bots.rollout import ROLLOUT_POLICIES
from lastcard.bots.themes import after_unseen_loss, gift_card, joker_seats
from lastcard.core import apply, legal_actions, new_game, parse_action, player_view
from lastcard.core.unchecked import unsupported
from lastcard.sim import play_game
from positions import cards, decide, hand_of, position, run

ALL = frozenset({"draw_three", "howler", "care_a_lot", "friendship", "joker", "mambo", "travel"})
THEMES = Rules(theme_cards=ALL)  # positions: the seven cards whose play the brief covers
PRESET = Rules.preset("themes").changed(target_score=None)
VARIANTS = {
    "themes": PRESET,
    "pirate": PRESET.changed(pirate=True),
    "mixed": PRESET.changed(stacking="mixed"),
}
# Bots a name alone cannot build (`ppo` needs a policy file; see test_every_bot_is_legal.py).
NEEDS_A_FILE = {"ppo"}
# Under theme-pack and Pirate rules `expert` plays as `heuristic`, which is covered here.
PLAYS_AS_HEURISTIC = {"expert"}
SEARCH = "ismcts:iterations=4,rollout_depth=40"
FORGETS_TO_CALL = "forgetful:base=eager,forget=0.7"
THEME_KINDS = {
    Kind.DRAW_THREE,
    Kind.WILD_HOWLER,
    Kind.WILD_CARE_A_LOT,
    Kind.WILD_FRIENDSHIP,
    Kind.WILD_JOKER,
    Kind.WILD_MAMBO,
    Kind.WILD_TRAVEL,
}


def fast_bots() -> list[str]:
    return [
        name
        for name in bot_names()
        if name not in NEEDS_A_FILE | PLAYS_AS_HEURISTIC and name != "ismcts"
    ]


def themed(
    hands: list[str], discard: str = "B5 R5", rules: Rules = THEMES, **fields: Any
) -> GameState:
    return position(hands, discard, rules=rules, **fields)


# -- watching whole games -------------------------------------------------------------------------


class Tally:
    """What the bots of a run did with the theme cards, by bot name."""

    def __init__(self) -> None:
        self.by_bot: dict[str, Counter[str]] = {}
        self.decisions: Counter[str] = Counter()

    def add(self, name: str, what: str) -> None:
        self.by_bot.setdefault(name, Counter())[what] += 1

    def of(self, name: str) -> Counter[str]:
        return self.by_bot.get(name, Counter())


class Checked:
    """Wraps a bot: every answer is one on offer (or a pass where passing is allowed), and each
    theme decision is counted."""

    def __init__(self, inner: Bot, name: str, tally: Tally) -> None:
        self.inner = inner
        self.name = name
        self.tally = tally

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        self.tally.decisions[self.name] += 1
        if choice is None:
            assert may_pass, f"{self.name} at seat {view.seat} passed where it must act"
            return None
        offer = [a.code for a in legal]
        assert choice in legal, f"{self.name} at seat {view.seat}: {choice.code} not in {offer}"
        card = choice.card
        if choice.kind is ActionKind.GIVE:
            self.tally.add(self.name, "give")
        elif choice.kind is ActionKind.LEAD:
            self.tally.add(self.name, "lead")
        elif choice.kind is ActionKind.DISCARD:
            self.tally.add(self.name, "discard")
        elif choice.kind is ActionKind.PLAY and card is not None and card.kind in THEME_KINDS:
            self.tally.add(self.name, card.kind.value)
        if choice.targets:
            assert choice.count in (1, 2, 3) and 1 <= len(choice.targets) <= 3
        return choice

    def observe(self, event: Event) -> None:
        observe: Callable[[Event], None] | None = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(event)


def checked(table: list[str], tally: Tally) -> list[Callable[[int], Bot]]:
    def factory(name: str) -> Callable[[int], Bot]:
        return lambda seed: Checked(
            make_bot(SEARCH if name == "ismcts" else name, seed), name, tally
        )

    return [factory(name) for name in table]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_fast_bot_is_legal_at_mixed_tables_of_every_size(variant: str) -> None:
    """Seats rotate from game to game; one seat forgets to call Uno, so catches are offered
    while gifts, leads, discard rounds and windows wait on someone."""
    rules = VARIANTS[variant]
    bots = fast_bots()
    tally = Tally()
    for players in range(2, 11):
        for deal in range(4):
            table = [bots[(deal + seat) % len(bots)] for seat in range(players)]
            if players >= 3:
                table[-1] = FORGETS_TO_CALL
            play_game(checked(table, tally), rules, seed=100 * players + deal, max_actions=500)
    for name in bots:
        done = tally.of(name)
        assert done[Kind.WILD_JOKER.value] and done["give"] and done["lead"], (name, done)
        assert sum(done[kind.value] for kind in THEME_KINDS) >= 10, (name, done)


@pytest.mark.parametrize("name", fast_bots())
def test_each_fast_bot_plays_every_theme_card_against_itself(name: str) -> None:
    tally = Tally()
    for players in range(2, 11):
        for variant in sorted(VARIANTS):
            play_game(
                checked([name] * players, tally), VARIANTS[variant], seed=players, max_actions=400
            )
    done = tally.of(name)
    assert {kind.value for kind in THEME_KINDS} <= set(done), done
    assert done["give"] and done["lead"] and done["discard"], done


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_search_is_legal_with_a_tiny_budget(variant: str) -> None:
    tally = Tally()
    for players in (2, 4, 7, 10):
        table = ["ismcts"] + [("heuristic", "greedy")[i % 2] for i in range(players - 1)]
        for seed in range(2):
            play_game(checked(table, tally), VARIANTS[variant], seed=seed, max_actions=90)
    assert tally.decisions["ismcts"] >= 8, tally.decisions


def test_the_search_plays_whole_theme_hands_and_their_new_phases() -> None:
    tally = Tally()
    for seed in range(3):
        play_game(
            checked(["ismcts", "ismcts", "heuristic"], tally), PRESET, seed=seed, max_actions=400
        )
    done = tally.of("ismcts")
    assert sum(done[kind.value] for kind in THEME_KINDS) > 0, done


# -- the heuristic's habits ----------------------------------------------------------------------


@pytest.mark.parametrize("card", ["WH", "WT"])
def test_heuristic_aims_a_howler_or_a_travel_at_the_fewest_cards(card: str) -> None:
    state = themed([f"{card} G1 G2", "B1 B2 B3 B4 B5", "Y1 Y2", "G7 G8 G9 Y9"])
    assert decide(HeuristicBot(), state) == f"{card}:g>2"


def test_heuristic_aims_a_howler_at_an_opponent_rather_than_its_partner() -> None:
    rules = THEMES.changed(teams="partners")  # seats 0 and 2 against 1 and 3
    state = themed(["WH G1 G2", "B1 B2 B3", "Y1", "G7 G8 G9 Y9 Y8"], rules=rules)
    assert decide(HeuristicBot(), state) == "WH:g>1"


def test_heuristic_remembers_the_hand_a_travel_showed_it() -> None:
    bot = HeuristicBot()
    state = themed(["WT G1 G2", "B1 B2 B3 B4 B5", "Y1 Y2", "G7 G8 G9 Y9"])
    bot.choose(player_view(state, 0), legal_actions(state, 0))
    for event in apply(state, 0, "WT:g>2").events:
        bot.observe(event.redact(0))
    assert bot._known[2] == Counter(cards("Y1 Y2"))
    assert bot._lacks(2, Color.GREEN) == 1.0  # it holds no green


def test_heuristic_swaps_hands_only_into_a_smaller_hand() -> None:
    smaller = themed(["WF G1 G2 G3", "B1 B2 B3 B4 B5", "Y1 Y2", "G7 G8 G9 Y9 Y8 Y7"])
    code = decide(HeuristicBot(), smaller)
    assert code.startswith("WF:") and code.endswith(">2"), code
    none_smaller = themed(["WF G1 G2 G3", "B1 B2 B3 B4 B5", "Y1 Y2 Y3 Y4", "G7 G8 G9 Y9"])
    assert decide(HeuristicBot(), none_smaller) == "draw"  # it keeps its Friendship


def test_heuristic_aims_a_joker_at_the_three_closest_to_going_out_with_three_cards() -> None:
    state = themed(["WJ G1 G2", "B1 B2 B3 B4 B5 B6", "Y1 Y2", "G7 G8 G9 Y9", "Y7"])
    assert decide(HeuristicBot(), state) == "WJ:g>2,3,4*3"


def test_heuristic_never_names_its_partner_with_a_joker() -> None:
    rules = THEMES.changed(teams="partners")
    state = themed(["WJ G1 G2", "B1 B2 B3 B4 B5 B6", "Y1", "G7 G8 G9 Y9"], rules=rules)
    assert decide(HeuristicBot(), state) == "WJ:g>1,3*3"


def test_heuristic_plays_its_mambo_when_it_wins_outright_and_keeps_it_otherwise() -> None:
    # 4 players: gifts to 3 seats, then the lead: 4 cards beside the Mambo go out this turn.
    wins = themed(["WM G1 B2 Y3 R9", "B1 B2 B3 B4 B5 B6", "Y1 Y2 Y5", "G7 G8 G9 Y9"])
    assert decide(HeuristicBot(), wins) == "WM"
    keeps = themed(["WM R1 G1 B2 Y3 Y4 Y5", "B1 B2 B3 B4 B5 B6", "Y1 Y2 Y5", "G7 G8 G9 Y9"])
    assert decide(HeuristicBot(), keeps) != "WM"


def test_heuristic_gives_its_worst_cards_and_leads_a_skip_at_a_threatening_next_player() -> None:
    state = themed(["WM W B1 B2 B3 G9 RS", "B4", "Y1 Y2 Y5", "G7 G8 G9 Y9"])
    bot = HeuristicBot()
    chosen = []
    while state.to_act == 0 and state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        code = decide(bot, state)
        chosen.append(code)
        state = apply(state, 0, code).state
        if code.startswith("lead"):
            break
    # The lone green first, then the costliest blues; never the Wild; the Skip kept to lead.
    assert chosen == ["WM", "give G9", "give B3", "give B2", "lead RS"]
    assert hand_of(state, 0) == ["W", "B1"] and state.turn == 2


@pytest.mark.parametrize(("rules", "card"), [(Rules(), "R+2"), (THEMES, "R+3")])
def test_heuristic_plays_a_draw_three_as_a_draw_two(rules: Rules, card: str) -> None:
    state = themed([f"{card} R4 G1", "B1", "Y1 Y2 Y5", "G7 G8 G9 Y9"], rules=rules)
    assert decide(HeuristicBot(), state) == card  # at the next player, down to one card


def test_heuristic_weighs_a_care_a_lot_round_against_the_opponents_it_helps() -> None:
    free = themed(["WCA W G1 G2 G3", "B1 B2 B3 B4 B5 B6", "Y1 Y2 Y5 Y6 Y7", "G7 G8 G9 Y9 B9"])
    assert decide(HeuristicBot(), free).startswith("WCA")  # a card shed for nothing
    helps = themed(["WCA W G1 G2 G3", "B1 B2", "Y1 Y2", "G7 G8 G9 Y9 B9"])
    assert decide(HeuristicBot(), helps).startswith("W:")  # two opponents would go to one card


def test_heuristic_discards_a_coloured_card_and_keeps_its_theme_wilds() -> None:
    state = apply(themed(["WCA B2 B3", "WJ WT R1 G1", "G1 G2"]), 0, "WCA:b").state
    assert state.phase is Phase.AWAIT_DISCARD and state.to_act == 1
    assert decide(HeuristicBot(), state, 1) in ("discard R1", "discard G1")


def test_heuristic_blocks_a_draw_and_lets_a_howler_show_its_hand() -> None:
    rules = THEMES.changed(theme_cards=ALL | {"invisibility"})
    draw = apply(themed(["R+3 B2 B3", "WI G1 G2", "G3 G4"], rules=rules), 0, "R+3").state
    assert draw.phase is Phase.AWAIT_BLOCK and draw.to_act == 1
    assert decide(HeuristicBot(), draw, 1) == "block g"
    howl = apply(themed(["WH B2 B3", "WI G1 G2", "G3 G4"], rules=rules), 0, "WH:b>1").state
    assert howl.phase is Phase.AWAIT_BLOCK and decide(HeuristicBot(), howl, 1) == "allow"


# -- greedy, random and forgetful -----------------------------------------------------------------


def test_greedy_names_the_first_seat_set_with_three_cards() -> None:
    state = themed(["WJ G1 G3", "B1 B2 B3 B4 B5 B6", "Y1 Y2", "G7 G8 G9 Y9"])
    assert decide(GreedyBot(0), state) == "WJ:g>1*3"


def test_greedy_gives_and_leads_its_costliest_cards() -> None:
    state = apply(themed(["WM W R1 B+3 G2", "B4", "Y1 Y2 Y5", "G7 G8 G9 Y9"]), 0, "WM").state
    bot = GreedyBot(0)
    chosen = []
    while state.phase in (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD):
        code = decide(bot, state, 0)
        chosen.append(code)
        state = apply(state, 0, code).state
    assert chosen == ["give W", "give B+3", "give G2", "lead R1"]


def test_random_calls_uno_with_a_penultimate_joker_and_keeps_its_seats() -> None:
    state = themed(["WJ G1", "B1 B2 B3", "Y1 Y2", "G7 G8 G9 Y9"])
    view, legal = player_view(state, 0), legal_actions(state, 0)
    jokers = 0
    for seed in range(40):
        choice = RandomBot(seed, call_uno=True).choose(view, legal)
        assert choice is not None and choice in legal
        if choice.card is not None and choice.card.code == "WJ":
            jokers += 1
            assert choice.uno, choice.code  # both forms are offered: it takes the call
    assert jokers > 30  # each of its many forms is one action: it nearly always plays it


def test_forgetful_drops_the_call_of_a_joker_and_keeps_its_seats_and_count() -> None:
    state = themed(["WJ G1", "B1 B2 B3", "Y1 Y2", "G7 G8 G9 Y9"])
    bot = Forgetful(0, base="greedy", forget=1.0)
    choice = bot.choose(player_view(state, 0), legal_actions(state, 0))
    assert choice is not None and choice.code == "WJ:g>1*3"  # greedy's `WJ:g>1*3!`, forgotten


# -- the search ---------------------------------------------------------------------------------


def test_the_checked_engine_searches_theme_games_even_when_fast_is_asked() -> None:
    assert unsupported(PRESET) is not None  # FastGame refuses theme decks
    state = themed(["WJ G1 G2 R7", "B1 B2 B3", "Y1 Y2", "G7 G8 G9 Y9"])
    view = player_view(state, 0)
    assert not Sampler(view).fast_rules
    choice = IsmctsBot(1, iterations=30, fast=True).choose(view, legal_actions(state, 0))
    assert choice is not None and choice in legal_actions(state, 0)


def test_search_candidates_keep_one_joker_form_per_colour_and_no_wild_gift() -> None:
    state = themed(["WJ G1 G2 R7", "B1 B2 B3", "Y1 Y2", "G7 G8 G9 Y9", "B7 B8"])
    legal = legal_actions(state, 0)
    assert sum(1 for a in legal if a.targets) > 100
    kept = pruned_actions(search_actions(legal), state.hands[0], [len(h) for h in state.hands])
    jokers = [a.code for a in kept if a.targets]
    assert jokers == ["WJ:g>1,2,4*3"]  # green held most; the three smallest hands; three each
    gift = apply(themed(["WM W B1 G2", "B4", "Y1 Y2"]), 0, "WM").state
    gifts = pruned_actions(search_actions(legal_actions(gift, 0)), gift.hands[0])
    assert sorted(a.code for a in gifts) == ["give B1", "give G2"]


@pytest.mark.parametrize("policy", sorted(ROLLOUT_POLICIES))
def test_rollout_policies_play_every_theme_phase(policy: str) -> None:
    rng = random.Random(3)
    play = ROLLOUT_POLICIES[policy]
    seen: set[Phase] = set()
    for seed in range(12):
        state = new_game(4, PRESET, seed=seed)
        for _ in range(400):
            if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                break
            seen.add(state.phase)
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(state, seat)
            choice = play(state, seat, legal, rng)
            assert choice in legal, (policy, choice.code)
            state = apply(state, seat, choice).state
    new_phases = {Phase.AWAIT_GIFT, Phase.AWAIT_LEAD, Phase.AWAIT_DISCARD, Phase.AWAIT_BLOCK}
    assert new_phases <= seen, seen


def test_the_search_gives_no_wild_and_blocks_a_draw_without_searching() -> None:
    gift = apply(themed(["WM W B1 G2 G3", "B4", "Y1 Y2"]), 0, "WM").state
    choice = IsmctsBot(3, iterations=30).choose(player_view(gift, 0), legal_actions(gift, 0))
    assert choice is not None and choice.kind is ActionKind.GIVE and choice.code != "give W"
    rules = THEMES.changed(theme_cards=ALL | {"invisibility"})
    draw = apply(themed(["R+3 B2 B3", "WI G1 G2", "G3 G4"], rules=rules), 0, "R+3").state
    bot = IsmctsBot(3, iterations=30)
    assert bot.choose(player_view(draw, 1), legal_actions(draw, 1)) == parse_action("block g")
    assert bot.last_iterations == 0  # answered without a search


def test_a_penultimate_lead_is_searched_only_with_its_call() -> None:
    state = run(themed(["WM B2 B3 G4", "B1 R9"]), (0, "WM"), (0, "give B2")).state
    assert state.phase is Phase.AWAIT_LEAD
    leads = search_actions(legal_actions(state, 0))
    assert leads and all(a.uno for a in leads), [a.code for a in leads]


# -- what sampled deals keep ---------------------------------------------------------------------


def follow(state: GameState, seat: int, *steps: tuple[int, str]) -> tuple[GameState, Knowledge]:
    """Play `steps` from `state`, showing `seat` its views and every event as it sees them."""
    knowledge = Knowledge()
    knowledge.sync(player_view(state, seat))
    for actor, code in steps:
        if actor == seat:
            knowledge.sync(player_view(state, seat))
            knowledge.pirate.chose(parse_action(code))
        transition = apply(state, actor, code)
        for event in transition.events:
            knowledge.observe(event.redact(seat))
        state = transition.state
    knowledge.sync(player_view(state, seat))
    return state, knowledge


def samples(state: GameState, seat: int, knowledge: Knowledge, n: int = 25) -> list[GameState]:
    """`n` samples of `seat`'s view, each checked: the same view, the same offer, a whole
    deck."""
    view = player_view(state, seat)
    sampler = Sampler(view, knowledge)
    rng = random.Random(7)
    out = []
    for _ in range(n):
        sample = sampler.state(rng)
        assert player_view(sample, seat) == view
        assert legal_actions(sample, seat) == legal_actions(state, seat)
        every = [*sample.stock, *sample.discard, *(c for hand in sample.hands for c in hand)]
        assert Counter(every) == Counter(state.rules.deck_cards())
        out.append(sample)
    return out


def test_samples_keep_a_howlers_reveal_exactly() -> None:
    state, knowledge = follow(themed(["WH B2 B3", "B1 R9", "G1 G2 Y4"]), 1, (0, "WH:b>2"))
    for sample in samples(state, 1, knowledge):
        assert Counter(sample.hands[2]) == Counter(cards("G1 G2 Y4"))


def test_samples_keep_what_a_travel_showed_its_player_alone() -> None:
    start = themed(["WT B2 B3", "B1 R9", "G1 G2 Y4"])
    state, mine = follow(start, 0, (0, "WT:b>2"))
    for sample in samples(state, 0, mine):
        assert Counter(sample.hands[2]) == Counter(cards("G1 G2 Y4"))
    _, theirs = follow(start, 1, (0, "WT:b>2"))
    assert 2 not in theirs.known  # seat 1 was told nothing


def test_samples_keep_a_gift_where_it_went_and_the_next_gift_due() -> None:
    start = themed(["WM B2 B3 G4 Y9 R1", "B1 R9", "G1 G2", "Y1 Y2"])
    state, knowledge = follow(start, 0, (0, "WM"), (0, "give G4"))
    assert state.phase is Phase.AWAIT_GIFT and state.gift_to == 2
    for sample in samples(state, 0, knowledge):
        assert Card.from_code("G4") in sample.hands[1]
        assert sample.gift_to == 2
        after = apply(sample, 0, "give B2").state  # the search can go on from the sample
        assert after.gift_to == 3
    # The receiver holds it, and another seat only knows that seat 0 gave something away.
    _, other = follow(start, 2, (0, "WM"), (0, "give G4"))
    assert other.gift_after == 1 and other.mambo_player == 0


def test_samples_follow_a_friendship_swap_with_the_hand() -> None:
    start = themed(["WF B2 B3 G4", "B1 R9", "G1 G2"])
    state, knowledge = follow(start, 0, (0, "WF:b>2"))
    assert hand_of(state, 0) == ["G1", "G2"]
    for sample in samples(state, 0, knowledge):
        assert Counter(sample.hands[2]) == Counter(cards("B2 B3 G4"))  # what it gave, exactly


def test_samples_keep_a_care_a_lot_discard_out_of_every_hand() -> None:
    start = themed(["WCA B2 B3", "B1 R9 Y0", "G1 G2"])  # one Y0 in the deck
    state, knowledge = follow(start, 2, (0, "WCA:b"), (1, "discard Y0"))
    for sample in samples(state, 2, knowledge):
        assert all(Card.from_code("Y0") not in hand for hand in sample.hands)
        assert sample.discard[-2:] == cards("Y0 WCA")  # beneath the top card


def test_samples_during_the_lead_let_the_search_lead() -> None:
    start = themed(["WM B2 B3 G4", "B1 R9", "G1 G2", "Y1 Y2"])
    state, knowledge = follow(start, 0, (0, "WM"), (0, "give B2"), (0, "give B3"))
    assert state.phase is Phase.AWAIT_LEAD
    for sample in samples(state, 0, knowledge, n=5):
        assert apply(sample, 0, "lead G4").state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    bot = IsmctsBot(2, iterations=20)
    bot._knowledge = knowledge
    assert bot.choose(player_view(state, 0), legal_actions(state, 0)) == parse_action("lead G4")


def test_a_hidden_gift_keeps_only_what_is_sure_of_the_givers_hand() -> None:
    # A's Howler shows everyone B's hand; B's Mambo then gives C a card D does not see.
    start = themed(["WH B2 B3", "WM B1 R9 R9", "G1 G2", "Y1 Y2"])
    steps = (0, "WH:b>1"), (1, "WM"), (1, "give R9")
    state, knowledge = follow(start, 3, *steps)
    assert hand_of(state, 1) == ["B1", "R9"] and state.gift_to == 3
    assert knowledge.known[1] == list(cards("R9"))  # B1 or R9 left: one R9 is sure
    for sample in samples(state, 3, knowledge):
        assert Card.from_code("R9") in sample.hands[1] and sample.gift_to == 3
    _, giver = follow(start, 1, *steps)
    assert giver.known[2] == list(cards("R9"))  # the giver knows where its card went
    assert after_unseen_loss(cards("R9 R9 B1")) == list(cards("R9"))


def test_samples_rebuild_an_invisibilitys_question() -> None:
    rules = THEMES.changed(theme_cards=ALL | {"invisibility"})
    start = themed(["R+3 B2 B3", "WI G1 G2", "G3 G4"], rules=rules)
    state, knowledge = follow(start, 2, (0, "R+3"))
    assert state.phase is Phase.AWAIT_BLOCK
    for sample in samples(state, 2, knowledge, n=10):
        assert Card.from_code("WI") in sample.hands[1]  # only its holder is asked
        assert sample.block == state.block
        assert len(apply(sample, 1, "allow").state.hands[1]) == 3 + 3
        assert apply(sample, 1, "block g").state.turn == 2  # the block was seat 1's turn


def test_samples_of_a_pirate_window_on_a_joker_hold_its_seats_and_count() -> None:
    rules = THEMES.changed(pirate=True)
    start = themed(["WJ B2 B3", "B1 R9 R8 R7", "G1 G2", "Y1 Y2 Y3"], rules=rules)
    state, mine = follow(start, 0, (0, "WJ:r>1,3*2"))
    assert state.phase is Phase.AWAIT_PIRATE
    for sample in samples(state, 0, mine, n=5):
        assert sample.pirate == state.pirate  # its own choice, remembered
    _, theirs = follow(start, 1, (0, "WJ:r>1,3*2"))
    guessed = Sampler(player_view(state, 1), theirs).state(random.Random(1)).pirate
    assert guessed is not None and guessed.count == 3
    assert guessed.targets == joker_seats([1, 2, 3], [len(h) for h in state.hands], 0)


def test_a_pirate_watch_moves_a_gift_it_saw() -> None:
    rules = THEMES.changed(pirate=True)
    start = themed(["WM B2 B3 G4", "B1 R9", "G1 G2"], rules=rules)
    watch = PirateWatch()
    watch.see(player_view(start, 0))
    steps = (0, "WM"), (1, "pass"), (2, "pass"), (0, "give G4")
    for event in run(start, *steps).events:
        watch.observe(event.redact(0))
    assert watch.hands is not None and watch.hands[1][Card.from_code("G4")] == 1


def test_gift_card_never_gives_a_wild_beside_another_card() -> None:
    hand = cards("W WJ B2 B3 G1")
    assert gift_card(hand).code == "G1"
    assert gift_card(cards("W WJ R5"), keep=Card.from_code("R5")).code == "R5"
    assert gift_card(cards("W+4 W WH")).code == "WH"
