"""Every bot plays Pirate Uno (RULES.md §7.6), and plays it as its habits say.

- Legality: every registered bot, at mixed tables and against itself, at 2 to 10 players,
  answers Pirate windows and makes its turns with actions on offer only (`play_game` refuses
  anything else), and is asked in windows at every table size.
- Honesty (§7.6.3, §7.6.4): `eager`, `greedy` and `forgetful` (around `greedy`) never cheat and
  never call a fair play; `random` does both; `heuristic` never calls a play it cannot prove a
  cheat, calls every cheat it can see (but a partner's), and cheats only when the seats asked
  are unlikely to call.
- Positions: the calls of a visible cheat and of an after-draw cheat (certain only for a seat
  that saw the hand before the draw), the Pirate 7 (a swap only into a smaller hand) and 0
  (always to the left), a Wild Draw Four bluff in an open hand.
- The search: rollout policies never cheat and call only what they can see, samples hold the
  open hands exactly and rebuild the window, the checked engine is used, and whole games end.

Seats in positions: A = 0, B = 1, C = 2, D = 3.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from lastcard import Action, ActionKind, Phase, PlayerView, Rules, legal_actions
from lastcard.bots import HeuristicBot, IsmctsBot, bot_names, make_bot
from lastcard.bots.determinize import Knowledge, Sampler
from lastcard.bots.pirate import (
    PirateWatch,
    WindowOutcome,
    honest_actions,
    is_cheat,
    visible_cheat,
)
from lastcard.bots.rollout import ROLLOUT_POLICIES
from lastcard.core import GameState, Transition, apply, player_view
from lastcard.core.matching import matches
from lastcard.core.unchecked import unsupported
from lastcard.sim import play_game
from positions import cards, decide, position, run

PIRATE = Rules(pirate=True)
SINGLE_HAND = Rules.preset("pirate").changed(target_score=None)
NEEDS_A_FILE = {"ppo"}  # needs a policy file (see test_every_bot_is_legal.py)
SEARCH = "ismcts:iterations=6,rollout_depth=60"
FORGETS_TO_CALL = "eager:call_uno=false"  # exposes itself: the others get catches to decide
HONEST = ("eager", "greedy", "forgetful:base=greedy")


def spec(name: str) -> str:
    return SEARCH if name == "ismcts" else name


def fast_names() -> list[str]:
    return [name for name in bot_names() if name not in NEEDS_A_FILE and name != "ismcts"]


# -- a tally of what each bot did in whole games -------------------------------------------------


@dataclass
class Tally:
    """What each bot (by name) did under Pirate rules, judged on the true state."""

    names: list[str]
    plays: Counter[str] = field(default_factory=Counter)  # on-turn plays
    cheats: Counter[str] = field(default_factory=Counter)  # ... that were cheats
    asked: Counter[str] = field(default_factory=Counter)  # window answers
    calls: Counter[str] = field(default_factory=Counter)
    false_calls: Counter[str] = field(default_factory=Counter)
    seen_cheats: Counter[str] = field(default_factory=Counter)  # visible cheats it was asked on
    let_pass: Counter[str] = field(default_factory=Counter)  # ... and passed (not a partner's)

    def step(self, seat: int, action: Action, before: GameState, transition: Transition) -> None:
        name = self.names[seat]
        after = transition.state
        kind = action.kind
        if kind is ActionKind.PLAY and before.phase in (Phase.AWAIT_TURN, Phase.AFTER_DRAW):
            if seat == before.turn:
                assert after.pirate is not None  # every on-turn play opens a window (§7.6.4)
                self.plays[name] += 1
                self.cheats[name] += after.pirate.cheat
        elif kind in (ActionKind.PASS, ActionKind.CHEAT):
            pending = before.pirate
            assert pending is not None and pending.color is not None
            self.asked[name] += 1
            visible = not matches(before.discard[-1], before.discard[-2], pending.color)
            partners = before.rules.team_of_seats(before.players) or ()
            partner = any(seat in team and before.turn in team for team in partners)
            if visible and not partner:
                self.seen_cheats[name] += 1
                self.let_pass[name] += kind is ActionKind.PASS
            if kind is ActionKind.CHEAT:
                self.calls[name] += 1
                self.false_calls[name] += not pending.cheat


def tallied(table: list[str], seed: int, rules: Rules = SINGLE_HAND, actions: int = 800) -> Tally:
    tally = Tally(table)
    bots = [spec(name) for name in table]
    play_game(bots, rules, seed=seed, on_step=tally.step, max_actions=actions)
    return tally


def merged(tallies: list[Tally]) -> Tally:
    out = Tally([])
    for tally in tallies:
        for name in ("plays", "cheats", "asked", "calls", "false_calls", "seen_cheats"):
            getattr(out, name).update(getattr(tally, name))
        out.let_pass.update(tally.let_pass)
    return out


# -- every bot is legal at every table size ------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_every_bot_plays_pirate_legally_at_a_mixed_table(players: int) -> None:
    """Every fast bot at one table (seats rotating from deal to deal; at 3 players or more one
    seat forgets to call Uno, so catches come up during windows): each is asked in windows."""
    bots = fast_names()
    found: list[Tally] = []
    for deal in range(40):
        table = [bots[(deal + seat) % len(bots)] for seat in range(players)]
        if players >= 3:
            table[-1] = FORGETS_TO_CALL
        found.append(tallied(table, seed=deal, actions=500))
        total = merged(found)
        if all(total.asked[name] and total.plays[name] for name in bots):
            break
    total = merged(found)
    assert all(total.asked[name] and total.plays[name] for name in bots), dict(total.asked)


@pytest.mark.parametrize("name", [n for n in bot_names() if n not in NEEDS_A_FILE])
@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_each_bot_plays_pirate_legally_against_itself(name: str, players: int) -> None:
    actions = 150 if name == "ismcts" else 600
    tally = tallied([name] * players, seed=players, actions=actions)
    assert tally.plays[name] > 0 and tally.asked[name] > 0


# -- honesty over whole games --------------------------------------------------------------------


def self_play(name: str, games: int = 6, players: tuple[int, ...] = (2, 4)) -> Tally:
    return merged([tallied([name] * n, seed=seed) for n in players for seed in range(games)])


@pytest.mark.parametrize("name", HONEST)
def test_honest_bots_never_cheat_and_call_only_cheats_they_can_see(name: str) -> None:
    # Against `random`, which cheats: the honest bot is asked about many cheats.
    tally = merged(
        [tallied([name, "random", name], seed=seed) for seed in range(8)]
        + [tallied([name] * 3, seed=seed) for seed in range(4)]
    )
    assert tally.plays[name] > 50 and tally.cheats[name] == 0
    assert tally.seen_cheats[name] > 5
    assert tally.calls[name] == tally.seen_cheats[name]  # every visible cheat, nothing else
    assert tally.false_calls[name] == 0


def test_random_cheats_and_calls_at_random() -> None:
    tally = self_play("random", games=3, players=(3,))
    assert tally.cheats["random"] > 10
    assert tally.false_calls["random"] > 10  # it calls fair plays too
    assert 0.3 < tally.calls["random"] / tally.asked["random"] < 0.7


def test_heuristic_calls_every_cheat_it_sees_and_never_a_fair_play() -> None:
    tally = merged([tallied(["heuristic", "random", "random"], seed=s) for s in range(8)])
    assert tally.seen_cheats["heuristic"] > 20
    assert tally.let_pass["heuristic"] == 0
    assert tally.false_calls["heuristic"] == 0


def test_heuristic_hardly_cheats_among_players_who_call() -> None:
    tally = self_play("heuristic", games=5, players=(2, 4))
    assert tally.plays["heuristic"] > 100
    assert tally.cheats["heuristic"] <= tally.plays["heuristic"] // 100
    assert tally.false_calls["heuristic"] == 0


def test_heuristic_never_calls_its_partner() -> None:
    """Partners sit opposite (A and C): the heuristic at A lets every cheat of its partner, a
    random player, stand, and calls the visible cheats of the others."""
    partners = Rules.preset("partners").changed(pirate=True, target_score=None)
    tally = Tally(["heuristic", "random", "random", "random"])
    asked_on_partner = Counter[str]()

    def step(seat: int, action: Action, before: GameState, transition: Transition) -> None:
        tally.step(seat, action, before, transition)
        if seat == 0 and before.turn == 2 and before.pirate is not None:
            asked_on_partner[action.code] += 1
            asked_on_partner["cheats"] += before.pirate.cheat

    for seed in range(6):
        play_game(tally.names, partners, seed=seed, on_step=step)
    assert asked_on_partner["cheats"] > 5 and asked_on_partner["cheat"] == 0
    assert tally.seen_cheats["heuristic"] > 5 and tally.let_pass["heuristic"] == 0
    assert tally.false_calls["heuristic"] == 0


# -- positions: calls ----------------------------------------------------------------------------


def windowed(play: str) -> GameState:
    """A (seat 0) plays `play` on R5 (red): B (seat 1) is asked first."""
    state = position(["G7 R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=PIRATE)
    after = apply(state, 0, play).state
    assert after.phase is Phase.AWAIT_PIRATE and after.to_act == 1
    return after


@pytest.mark.parametrize("name", [*fast_names(), "ismcts"])
def test_honest_answers_to_a_visible_cheat_and_a_fair_play(name: str) -> None:
    cheat, fair = windowed("G7"), windowed("R3")
    assert visible_cheat(player_view(cheat, 1)) and not visible_cheat(player_view(fair, 1))
    if name == "random":
        return  # it answers at random (see the tallies)
    assert decide(make_bot(spec(name), seed=1), cheat) == "cheat"
    assert decide(make_bot(spec(name), seed=1), fair) == "pass"


def feed(bots: dict[int, HeuristicBot | IsmctsBot], transition: Transition) -> None:
    for seat, bot in bots.items():
        for event in transition.events:
            bot.observe(event.redact(seat))


def after_a_draw(final: str, watcher: HeuristicBot | IsmctsBot | None) -> GameState:
    """C (seat 2) plays R6, which A and B let stand (B's answer is `watcher`'s, which sees the
    hands then); A, holding R3 B2, draws R8 although R3 matches, and plays `final`. B is asked."""
    hands = ["R3 B2", "B1 Y9 Y2", "R6 G1 G2"]
    state = position(hands, "B5 R5", rules=PIRATE, turn=2, stock_top="R8")
    bots = {1: watcher} if watcher is not None else {}
    for seat, action in [(2, "R6"), (0, "pass")]:
        transition = apply(state, seat, action)
        state = transition.state
        feed(bots, transition)
    answer = decide(watcher, state) if watcher is not None else "pass"
    assert answer == "pass"  # R6 was fair
    transition = run(state, (1, answer), (0, "draw"), (0, final))
    feed(bots, transition)
    state = transition.state
    assert state.phase is Phase.AWAIT_PIRATE and state.to_act == 1
    return state


@pytest.mark.parametrize("name", ["heuristic", "ismcts"])
def test_a_matching_card_after_a_draw_is_called_only_when_the_hand_was_seen(name: str) -> None:
    """R3 matches R6, but A drew R8: playing R3 is a cheat that only a seat that saw A's hand
    before the draw can prove. Without that, the play is let stand (the likely case: the drawn
    card). The drawn card itself is fair."""
    bot = make_bot(spec(name), seed=2)
    assert isinstance(bot, HeuristicBot | IsmctsBot)
    cheat = after_a_draw("R3", bot)
    assert cheat.pirate is not None and cheat.pirate.cheat
    assert not visible_cheat(player_view(cheat, 1))
    assert decide(bot, cheat) == "cheat"
    blind = make_bot(spec(name), seed=2)  # never saw a hand nor an event
    assert decide(blind, after_a_draw("R3", None)) == "pass"
    bot = make_bot(spec(name), seed=2)
    assert isinstance(bot, HeuristicBot | IsmctsBot)
    assert decide(bot, after_a_draw("R8", bot)) == "pass"


def test_the_watch_tells_the_drawn_card_from_the_hand_before_the_draw() -> None:
    watch = PirateWatch()
    state = position(["R3 B2", "B1 Y9 Y2", "R6 G1 G2"], "B5 R5", rules=PIRATE, stock_top="R8")
    watch.see(player_view(state, 1))
    transition = run(state, (0, "draw"), (0, "R3"))
    for event in transition.events:
        watch.observe(event.redact(1))
    view = player_view(transition.state, 1)
    assert watch.drawn_card(view) == cards("R8")[0]
    assert watch.judge(view) is True
    assert PirateWatch().judge(view) is None  # a watch that saw nothing cannot tell


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        # A cheat, let pass by B and called by C: what the player's own watch reports.
        ([(0, "G7"), (1, "pass"), (2, "cheat")], WindowOutcome(0, True, (1,), 2)),
        # A fair play everyone lets stand: reported once something else happens (B draws).
        ([(0, "R3"), (1, "pass"), (2, "pass"), (1, "draw")], WindowOutcome(0, False, (1, 2), None)),
    ],
)
def test_the_watch_reports_each_window_once_it_closes(
    steps: list[tuple[int, str]], expected: WindowOutcome
) -> None:
    state = position(["G7 R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=PIRATE)
    watch = PirateWatch(record=True)
    watch.see(player_view(state, 0))
    transition = run(state, *steps[:-1])
    for event in transition.events:
        watch.observe(event.redact(0))
    assert watch.take_closed() == []  # still open: C may yet call
    for event in run(transition.state, steps[-1]).events:
        watch.observe(event.redact(0))
    assert watch.take_closed() == [expected]


# -- positions: cheats ---------------------------------------------------------------------------


def trained_against_a_seat_that_lets_cheats_pass(rounds: int) -> HeuristicBot:
    """A heuristic at A that saw B let `rounds` of its cheats stand."""
    bot = HeuristicBot()
    for _ in range(rounds):
        state = position(["G9 B2 Y9", "B1 R9 Y2"], "B5 R5", rules=PIRATE)
        bot.choose(player_view(state, 0), legal_actions(state, 0))  # its view of the hands
        transition = run(state, (0, "G9"), (1, "pass"), (1, "draw"))
        feed({0: bot}, transition)
    return bot


def test_heuristic_cheats_only_when_the_seats_asked_are_unlikely_to_call() -> None:
    """Holding nothing that matches, it draws against a player it knows nothing of (most call
    what they see), and cheats against one that let every cheat pass."""
    state = position(["B2 G3", "Y1 Y2 Y3 Y4 Y5"], "B5 R5", rules=PIRATE)
    assert decide(HeuristicBot(), state) == "draw"
    assert decide(trained_against_a_seat_that_lets_cheats_pass(1), state) == "draw"
    choice = decide(trained_against_a_seat_that_lets_cheats_pass(20), state)
    assert choice in ("B2!", "G3!"), choice  # with the call: one card left


def test_heuristic_cheats_its_last_card_out_only_against_a_lax_seat() -> None:
    state = position(["B2", "Y1 Y2 Y3 Y4 Y5"], "B5 R5", rules=PIRATE)
    assert decide(HeuristicBot(), state) == "draw"
    assert decide(trained_against_a_seat_that_lets_cheats_pass(8), state) == "B2"


def test_is_cheat_and_honest_actions_follow_the_drawn_card() -> None:
    state = position(["R3 B2 G1", "Y1 Y2"], "B5 R5", rules=PIRATE, stock_top="R8")
    view = player_view(state, 0)
    legal = legal_actions(state, 0)
    assert [a.code for a in legal] == ["R3", "G1", "B2", "draw"]
    assert [a.code for a in honest_actions(view, legal)] == ["R3", "draw"]
    drawn = apply(state, 0, "draw").state
    assert drawn.phase is Phase.AFTER_DRAW
    view = player_view(drawn, 0)
    legal = legal_actions(drawn, 0)
    assert [a.code for a in legal if is_cheat(view, a)] == ["R3", "G1", "B2"]
    assert [a.code for a in honest_actions(view, legal)] == ["R8", "keep"]


@pytest.mark.parametrize("name", ["eager", "greedy", "forgetful:base=greedy", "heuristic"])
def test_honest_bots_draw_rather_than_cheat_and_play_the_drawn_card(name: str) -> None:
    state = position(["B2 G3 Y4", "Y1 Y2 Y3", "G1 G2"], "B5 R5", rules=PIRATE, stock_top="R8")
    # `eager` keeps a drawn card as often as it plays it, as under every rule.
    allowed = {"R8", "keep"} if name == "eager" else {"R8"}
    drawn = apply(state, 0, "draw").state
    for seed in range(5):
        assert decide(make_bot(name, seed=seed), state) == "draw"
        assert decide(make_bot(name, seed=seed), drawn) in allowed


# -- positions: sevens, zeros and bluffs ---------------------------------------------------------


def sevens(a: str, b: str, c: str) -> tuple[GameState, tuple[Action, ...]]:
    """A to play on R5 with `a`; the 7 forms on offer (swap with B, with C, or nobody)."""
    state = position([a, b, c], "B5 R5", rules=PIRATE)
    legal = legal_actions(state, 0)
    return state, tuple(x for x in legal if x.card is not None and x.card.rank == 7)


@pytest.mark.parametrize("name", ["heuristic", "greedy"])
def test_a_seven_swaps_with_the_smallest_hand_when_that_is_smaller(name: str) -> None:
    state, forms = sevens("R7 R1 R2 R3", "Y1 Y2 Y3 Y4 Y5", "G1 G2")
    assert {a.code for a in forms} == {"R7", "R7>1", "R7>2"}
    choice = make_bot(name, seed=3).choose(player_view(state, 0), forms)
    assert choice is not None and choice.code == "R7>2"
    if name == "heuristic":  # the swap is its best play, too
        assert decide(make_bot(name, seed=3), state) == "R7>2"


@pytest.mark.parametrize("name", ["heuristic", "greedy"])
def test_a_seven_swaps_nothing_when_its_own_hand_is_smallest(name: str) -> None:
    state, forms = sevens("R7 R1 R2", "Y1 Y2 Y3 Y4 Y5", "G1 G2 G3 G4")
    choice = make_bot(name, seed=3).choose(player_view(state, 0), forms)
    assert choice is not None and choice.code == "R7"


def test_heuristic_sees_that_a_zero_passes_left_whatever_the_direction() -> None:
    """Counterclockwise, A's hand would go to C and B's to A in Seven-O; under Pirate A's goes
    to B and C's single card comes to A: the 0 is its best play."""
    hands = ["R0 R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5 Y6", "G1"]
    state = position(hands, "B5 R6", rules=PIRATE, direction=-1)
    assert decide(HeuristicBot(), state) == "R0"
    after = apply(state, 0, "R0").state
    passed = run(after, (2, "pass"), (1, "pass")).state  # C is next counterclockwise
    assert [len(hand) for hand in passed.hands] == [1, 5, 6]


@pytest.mark.parametrize(
    ("a_hand", "expected"), [("W+4 R3 G1", "challenge"), ("W+4 G3 G1", "accept")]
)
def test_heuristic_challenges_exactly_the_bluffs_it_sees(a_hand: str, expected: str) -> None:
    state = position([a_hand, "B1 B2", "Y1 Y2"], "B5 R5", rules=PIRATE)
    state = run(state, (0, "W+4:b"), (1, "pass"), (2, "pass")).state
    assert state.phase is Phase.AWAIT_WD4_RESPONSE and state.to_act == 1
    assert decide(HeuristicBot(), state) == expected


# -- the search ----------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", sorted(ROLLOUT_POLICIES))
def test_rollout_policies_answer_windows_and_never_cheat(policy: str) -> None:
    choose = ROLLOUT_POLICIES[policy]
    rng = random.Random(1)
    for play, expected in (("G7", "cheat"), ("R3", "pass")):
        state = windowed(play)
        assert choose(state, 1, legal_actions(state, 1), rng).code == expected
    nothing = position(["B2 G3 Y7", "Y1 Y2", "G1 G2"], "B5 R5", rules=PIRATE, stock_top="R8")
    drawn = apply(nothing, 0, "draw").state
    for _ in range(10):
        assert choose(nothing, 0, legal_actions(nothing, 0), rng).code == "draw"
        assert choose(drawn, 0, legal_actions(drawn, 0), rng).code in ("R8", "keep")


def test_the_smart_rollout_swaps_only_into_a_smaller_hand() -> None:
    smart = ROLLOUT_POLICIES["smart"]
    for c_hand, expected in (("G1 G2", "R7>2"), ("G1 G2 G3", "R7")):
        state, forms = sevens("R7 R1 R2 R3", "Y1 Y2 Y3 Y4 Y5", c_hand)
        assert smart(state, 0, forms, random.Random(0)).code == expected


def knowing(state: GameState, seat: int, *steps: tuple[int, str]) -> tuple[PlayerView, Knowledge]:
    """`seat`'s view after `steps`, with what it learnt from their events."""
    knowledge = Knowledge()
    knowledge.sync(player_view(state, seat))
    transition = run(state, *steps)
    for event in transition.events:
        knowledge.observe(event.redact(seat))
    view = player_view(transition.state, seat)
    knowledge.sync(view)
    return view, knowledge


def test_samples_hold_the_open_hands_exactly_and_only_shuffle_the_stock() -> None:
    state = position(["G7 R3 B2 Y5", "B1 R9 Y2", "G1 G2 W"], "B5 R5", rules=PIRATE)
    steps = ((0, "R3"), (1, "pass"), (2, "pass"))
    view, knowledge = knowing(state, 1, *steps)
    truth = run(state, *steps).state
    assert view.open_hands is not None and truth.to_act == 1
    sampler = Sampler(view, knowledge)
    assert not sampler.fast_rules  # Seven-O: the checked engine
    rng = random.Random(7)
    orders = set()
    for _ in range(20):
        sample = sampler.state(rng)
        assert sample.hands == view.open_hands == truth.hands
        assert Counter(sample.stock) == Counter(truth.stock)
        assert sample.to_act == 1 and legal_actions(sample, 1) == legal_actions(truth, 1)
        orders.add(sample.stock)
    assert len(orders) > 1  # the stock's order is what is sampled


@pytest.mark.parametrize(("play", "cheat"), [("G7", True), ("R3", False)])
def test_samples_rebuild_the_open_window(play: str, cheat: bool) -> None:
    state = position(["G7 R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=PIRATE)
    view, knowledge = knowing(state, 2, (0, play), (1, "pass"))
    sample = Sampler(view, knowledge).state(random.Random(0))
    truth = run(state, (0, play), (1, "pass")).state
    assert sample.phase is Phase.AWAIT_PIRATE and sample.hands == truth.hands
    assert sample.pirate == truth.pirate and truth.pirate is not None
    assert truth.pirate.cheat is cheat
    # The sample plays on as the game does: a call is judged on the sampled flag (the cards
    # drawn for it come from the sampled stock).
    called, real = apply(sample, 2, "cheat").state, apply(truth, 2, "cheat").state
    assert [len(hand) for hand in called.hands] == [len(hand) for hand in real.hands]
    assert called.discard == real.discard and called.turn == real.turn


def test_the_search_uses_the_checked_engine_under_pirate(monkeypatch: pytest.MonkeyPatch) -> None:
    assert unsupported(PIRATE) is not None  # the fast game refuses Seven-O

    def refuse(self: Sampler, rng: random.Random) -> None:
        raise AssertionError("a fast game was sampled under Pirate rules")

    monkeypatch.setattr(Sampler, "fast_game", refuse)
    state = position(["R1 R2 G3 R7 B5", "Y1 Y2 Y3", "G1 G2 G4"], "B5 R5", rules=PIRATE)
    fast = IsmctsBot(seed=5, iterations=30, fast=True)
    checked = IsmctsBot(seed=5, iterations=30, fast=False)
    assert decide(fast, state) == decide(checked, state)
    assert fast.last_iterations == 30
    # With pruning the search never considers a cheat.
    assert fast.last_statistics and not any(
        is_cheat(player_view(state, 0), a) for a in fast.last_statistics
    )


def test_the_search_plays_whole_pirate_games_honestly() -> None:
    tally = merged(
        [tallied(["ismcts", "heuristic", "greedy"], seed=seed, actions=5000) for seed in range(2)]
    )
    assert tally.plays["ismcts"] > 10 and tally.asked["ismcts"] > 10
    assert tally.cheats["ismcts"] == 0 and tally.false_calls["ismcts"] == 0
