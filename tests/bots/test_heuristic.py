"""HeuristicBot: each documented habit on built positions, and its memory of what it observed."""

from __future__ import annotations

import dataclasses

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
    apply,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.bots import Bot, HeuristicBot, make_bot
from lastcard.core.state import PendingChallenge
from lastcard.sim import play_game
from positions import decide, position

PARTY = Rules.preset("party")


def step(state: GameState, seat: int, action: str, watchers: dict[int, HeuristicBot]) -> GameState:
    """Apply an action and show its events to the watching bots, redacted for their seats."""
    transition = apply(state, seat, action)
    for event in transition.events:
        for watcher_seat, bot in watchers.items():
            bot.observe(event.redact(watcher_seat))
    return transition.state


# -- keeping wilds, colours ------------------------------------------------------------------


def test_holds_a_wild_while_it_has_a_coloured_play() -> None:
    state = position(["R3 W G5 G6", "B1 B2 B3 B4 B5 B6 B7"], "R9")
    assert decide(HeuristicBot(0), state) == "R3"
    greedy = make_bot("greedy", 0).choose(player_view(state, 0), legal_actions(state, 0))
    assert greedy is not None and greedy.card is Card.from_code("W")  # the contrast


def test_plays_a_wild_without_a_coloured_play_naming_the_colour_held_most() -> None:
    state = position(["W G5 G6 B2", "B1 B2 B3 B4 B5 B6 B7"], "R9")
    assert decide(HeuristicBot(0), state) == "W:g"


def test_without_the_habit_it_spends_wilds_freely() -> None:
    state = position(["R3 W G5", "B1 B2 B3 B4 B5 B6 B7"], "R9")
    assert decide(HeuristicBot(0), state) == "R3"
    assert decide(HeuristicBot(0, hold_wilds=False), state).startswith("W:")


def test_stays_in_the_colour_it_holds_most() -> None:
    # R4 keeps red (one more red), G4 switches to green (three more greens).
    state = position(["R4 R7 G4 G1 G2 G3", "B1 B2 B3 B4 B5 B6 B7"], "Y4")
    assert decide(HeuristicBot(0), state) == "G4"


def test_names_a_colour_the_next_player_was_seen_to_lack() -> None:
    # Seat 1 draws on blue and cannot play what it drew: it probably holds no blue. Seat 0, with
    # no coloured play, plays its Wild and names blue rather than one of its own colours.
    state = position(["B9 W R2 Y7", "R5 R6 G1 G2 G3 G4 G7"], "B5", stock_top=["Y8"])
    bot = HeuristicBot(0)
    state = step(state, 0, "B9", {0: bot})
    state = step(state, 1, "draw", {0: bot})
    assert state.to_act == 0
    assert decide(bot, state) == "W:b"
    assert decide(HeuristicBot(0), state) == "W:r"  # without the memory: a colour it holds


# -- Skips and Draw cards ----------------------------------------------------------------------


@pytest.mark.parametrize(("next_hand", "expected"), [("B1", "RS"), ("B1 B2 B3 B4 B5 B6 B7", "G1")])
def test_aims_a_skip_at_a_next_player_close_to_going_out(next_hand: str, expected: str) -> None:
    state = position(["RS G1 G2 G3 G4", next_hand, "Y1 Y2 Y3 Y4 Y5"], "R1")
    assert decide(HeuristicBot(0), state) == expected


def test_aims_a_draw_two_at_a_next_player_close_to_going_out() -> None:
    state = position(["R+2 G5 G2 G3 G4", "B1 B2", "Y1 Y2 Y3 Y4 Y5"], "G1", color="r")
    assert decide(HeuristicBot(0), state) == "R+2"


def test_plays_an_honest_wild_draw_four_at_a_player_about_to_go_out() -> None:
    others = ["Y1 Y2 Y3 Y4 Y5 Y6", "G1 G2 G3 G4 G5 G6"]
    state = position(["W+4 G5 G6 Y5", "B1", *others], "R5")  # no red: the WD4 is legal
    assert decide(HeuristicBot(0), state).startswith("W+4")
    calm = position(["W+4 G5 G6 Y5", "B1 B2 B3 B4 B5 B6", *others], "R5")
    assert not decide(HeuristicBot(0), calm).startswith("W+4")


def test_sheds_a_wild_when_its_points_would_count_against_it() -> None:
    # An opponent is about to go out. In a single hand the Wild is kept; under elimination,
    # where the points left in its own hand count against it, it goes.
    hands = ["R2 W G5 G6", "B1", "Y1 Y2 Y3 Y4"]
    single = position(hands, "R9", rules=Rules(target_score=None))
    assert decide(HeuristicBot(0), single) == "R2"
    elimination = position(hands, "R9", rules=Rules.preset("elimination"))
    assert decide(HeuristicBot(0), elimination).startswith("W:")


# -- bluffs and challenges ---------------------------------------------------------------------


def test_bluffs_at_a_player_about_to_go_out_who_never_challenges_only_when_allowed() -> None:
    # The next player holds one card and has accepted three WD4s without a challenge; the WD4
    # would be a bluff (the hand holds R3).
    # A single hand, where the WD4's 50 points do not count.
    state = position(["R3 W+4 G5", "B1", "Y1 Y2 Y3 Y4"], "R9", rules=Rules(target_score=None))

    def seen_accepting(bot: HeuristicBot) -> HeuristicBot:
        for _ in range(3):
            bot.observe(Event("play", {"seat": 2, "card": "W+4", "color": "g"}))
            bot.observe(Event("accept", {"seat": 1, "count": 4}))
        return bot

    assert decide(seen_accepting(HeuristicBot(0)), state).startswith("W+4")
    assert decide(seen_accepting(HeuristicBot(0, bluff=False)), state) == "R3"
    assert decide(HeuristicBot(0), state) == "R3"  # a victim that may well challenge


def test_bluff_false_never_plays_an_illegal_wild_draw_four() -> None:
    rules = Rules().changed(target_score=150)
    bluffs: list[str] = []
    played: list[str] = []  # the Wild Draw Fours the watched bots played, bluffs or not

    class Watch:
        def __init__(self, seed: int) -> None:
            self.inner = HeuristicBot(seed, bluff=False)

        def observe(self, event: Event) -> None:
            self.inner.observe(event)

        def choose(
            self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
        ) -> Action | None:
            choice = self.inner.choose(view, legal, may_pass=may_pass)
            card = choice.card if choice is not None else None
            if card is not None and card.kind is Kind.WILD_DRAW_FOUR:
                played.append(card.code)
                rest = list(view.hand or ())
                rest.remove(card)
                if any(c.color is view.color for c in rest):
                    bluffs.append(card.code)
            return choice

    wd4s = 0

    def count(event: Event, _state: GameState) -> None:
        nonlocal wd4s
        wd4s += event.type == "play" and event.data["card"] == "W+4"

    for seed in range(3):
        play_game([Watch, "greedy", Watch, "random"], rules, seed=seed, on_event=count)
    assert wd4s > 0 and bluffs == []
    assert played  # the check above saw the bot under test play Wild Draw Fours


def _void_then_wd4(observed: bool) -> str:
    """Seat 1 drew on blue (failing to follow), then plays a WD4 judged against blue."""
    state = position(["B5 B7 B8 Y1 Y2 Y3", "R3 G4 W+4 Y5 G6 G7"], "B4", stock_top=["R9"])
    bot = HeuristicBot(0)
    watchers = {0: bot} if observed else {}
    state = step(state, 0, "B5", watchers)
    state = step(state, 1, "draw", watchers)  # draws R9: nothing to play on blue
    state = step(state, 0, "B7", watchers)
    state = step(state, 1, "W+4:r", watchers)
    assert state.phase is Phase.AWAIT_WD4_RESPONSE
    view = player_view(state, 0)
    assert view.challenge_color is Color.BLUE and view.hand_sizes[1] == 6
    return decide(bot, state)


def test_does_not_challenge_a_player_who_failed_to_follow_the_judged_colour() -> None:
    assert _void_then_wd4(observed=True) == "accept"


def test_challenges_a_full_hand_without_that_evidence() -> None:
    assert _void_then_wd4(observed=False) == "challenge"


def test_challenges_when_it_knows_the_player_holds_the_judged_colour() -> None:
    # Seat 0 swaps its hand (with R2 in it) to seat 1 with a Seven-O 7; seat 1 then bluffs a
    # WD4 on red. With only three cards left the odds alone would say accept.
    state = position(["R7 R2 W+4 B3 B4", "G9"], "R5", rules=PARTY)
    bot = HeuristicBot(0)
    assert decide(bot, state) == "R7>1"
    state = step(state, 0, "R7>1", {0: bot})
    assert [c.code for c in state.hands[1]] == ["R2", "W+4", "B3", "B4"]
    state = step(state, 1, "W+4:b", {0: bot})
    assert state.phase is Phase.AWAIT_WD4_RESPONSE and player_view(state, 0).hand_sizes[1] == 3
    assert decide(bot, state) == "challenge"
    assert decide(HeuristicBot(0), state) == "accept"  # a bot that did not watch
    assert decide(HeuristicBot(0, challenge=False), state) == "accept"


# -- Seven-O, stacking, Uno, jump-in ------------------------------------------------------------


def test_a_seven_swaps_with_the_smallest_hand() -> None:
    state = position(["R7 G1 G2 G3", "B1 B2 B3 B4", "Y1", "G5 G6"], "R5", rules=PARTY)
    assert decide(HeuristicBot(0), state) == "R7>2"


def test_draws_rather_than_swap_into_a_bigger_hand() -> None:
    state = position(["R7 G1", "B1 B2 B3 B4 B5", "Y1 Y2 Y3 Y4 Y5"], "R5", rules=PARTY)
    assert decide(HeuristicBot(0), state) == "draw"


def test_a_wild_is_not_held_when_the_only_coloured_play_is_a_harmful_seven() -> None:
    state = position(["R7 W G1 G2", "B1 B2 B3 B4 B5", "Y1 Y2 Y3 Y4 Y5"], "R5", rules=PARTY)
    assert decide(HeuristicBot(0), state) == "W:g"


def test_stacks_a_draw_two() -> None:
    state = position(
        ["R1 G+2 G4", "B1 B2"], "R+2", rules=PARTY, phase=Phase.AWAIT_STACK_RESPONSE, pending_draw=2
    )
    assert decide(HeuristicBot(0), state) == "G+2"


def test_answers_a_wild_draw_four_with_its_last_card_a_wild_draw_four() -> None:
    """Nothing is left to keep after stacking one's last card: no colour is worth more."""
    state = position(
        ["W+4", "B1 B2 B3", "G1 G2 G3"],
        "W+4",
        color="r",
        rules=PARTY,
        phase=Phase.AWAIT_WD4_RESPONSE,
        pending_draw=4,
        top_player=2,
        challenge=PendingChallenge(
            2, True, tuple(Card.from_code(c) for c in ["G1", "G2", "G3"]), None
        ),
    )
    choice = decide(HeuristicBot(0), state)
    assert choice.startswith("W+4:")
    assert parse_action(choice) in legal_actions(state, 0)


def test_always_calls_uno_and_catches_opponents_but_not_its_partner() -> None:
    state = position(["R1 R2", "B1 B2 B3"], "R5")
    assert decide(HeuristicBot(0), state).endswith("!")
    exposed = position(["R1 R2 G4", "B1", "G1 G2", "Y1"], "R5", exposed=1)
    offer = (parse_action("catch 1"),)
    view = player_view(exposed, 0)
    assert HeuristicBot(0).choose(view, offer, may_pass=True) == offer[0]
    partners = Rules.preset("partners")
    mate = position(["R1 R2 G4", "Y1 Y2", "B1", "G1 G2"], "R5", rules=partners, exposed=2)
    offer = (parse_action("catch 2"),)
    assert HeuristicBot(0).choose(player_view(mate, 0), offer, may_pass=True) is None
    owed = (parse_action("uno"),)
    assert HeuristicBot(0).choose(player_view(exposed, 1), owed, may_pass=True) == owed[0]


def test_jumps_in() -> None:
    state = position(["R5 G7 G8", "B1 B2 B3"], "R5", rules=PARTY, turn=1, top_player=1)
    offer = tuple(a for a in legal_actions(state, 0) if a.kind is ActionKind.PLAY)
    assert [a.code for a in offer] == ["R5"]
    assert HeuristicBot(0).choose(player_view(state, 0), offer, may_pass=True) == offer[0]


def test_plays_a_drawn_card() -> None:
    state = position(["Y1 G7 R3", "B1 B2 B3"], "R5", phase=Phase.AFTER_DRAW)
    state = dataclasses.replace(state, drawn=Card.from_code("R3"))
    assert decide(HeuristicBot(0), state) == "R3"


# -- the bot as a whole ------------------------------------------------------------------------


def test_deterministic_and_registered_with_options() -> None:
    rules = PARTY.changed(target_score=150)
    first, _ = play_game(["heuristic", "heuristic", "greedy"], rules, seed=5)
    second, _ = play_game(["heuristic", "heuristic", "greedy"], rules, seed=5)
    assert first == second
    bot = make_bot("heuristic:bluff=false,challenge=false,challenge_threshold=0.5", seed=1)
    assert isinstance(bot, HeuristicBot)
    assert (bot.bluff, bot.challenge, bot.challenge_threshold) == (False, False, 0.5)
    with pytest.raises(ValueError, match="challenge_threshold"):
        HeuristicBot(0, challenge_threshold=2.0)


def test_beats_random_play_heads_up() -> None:
    """A smoke test of strength (the real measurements are tournaments): 30 single hands."""
    rules = Rules(target_score=None)
    wins = 0
    for seed in range(30):
        bots = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        _, state = play_game(bots, rules, seed=seed)
        wins += state.winners == ((0,) if seed % 2 == 0 else (1,))
    assert wins >= 24  # 28 at the time of writing


def test_a_bot_answers_any_view_without_having_observed_anything() -> None:
    bot: Bot = HeuristicBot(3)
    state = position(["R1 W+4 G5", "B1 B2"], "W+4", color="r", phase=Phase.AWAIT_WD4_RESPONSE)
    state = dataclasses.replace(state, pending_draw=4, top_player=1)
    assert bot.choose(player_view(state, 0), legal_actions(state, 0)) in legal_actions(state, 0)
