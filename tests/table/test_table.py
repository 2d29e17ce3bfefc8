"""`lastcard.table.Table`: the ply rule, the inboxes, the bots' poll, plan and commit.

Positions are stacked decks: with `dealer=2` and three players the deck deals seat 0, 1, 2, 0,
1, 2, ..., then turns the first discard, then the stock follows top first.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lastcard import (
    Action,
    CardNotInHandError,
    GameState,
    IllegalActionError,
    LastcardError,
    NotYourTurnError,
    Phase,
    PlayerView,
    Rules,
    parse_action,
    replay,
)
from lastcard.bots import Bot, RandomBot
from lastcard.core.offers import out_of_turn_actions
from lastcard.table import BotMistakeError, BotMove, StaleActionError, Table

ONE_HAND = Rules(target_score=None, hand_size=2)


def deck_of(codes: str) -> list[str]:
    return codes.split()


# Seat 0: R5 R7, seat 1: R1 B2, seat 2: G1 G2; first discard R3; then Y9, Y8, ... in the stock.
TRIO = deck_of("R5 R1 G1 R7 B2 G2 R3 Y9 Y8 Y7 Y6")


def trio(seats: list[Bot | None] | None = None, **options: object) -> Table:
    return Table(seats or [None, None, None], ONE_HAND, seed=1, dealer=2, deck=TRIO, **options)  # type: ignore[arg-type]


def snapshot(table: Table) -> tuple[GameState, int, tuple[tuple[int, str], ...]]:
    return table.state, table.ply, table.record().actions


class Scripted:
    """A bot that answers with `answer(seat, offer, may_pass)` and logs every question."""

    def __init__(
        self,
        seat: int,
        log: list[tuple[int, tuple[str, ...], bool]],
        answer: Callable[[tuple[Action, ...], bool], Action | None],
    ) -> None:
        self.seat, self.log, self.answer = seat, log, answer

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        assert view.seat == self.seat
        self.log.append((self.seat, tuple(a.code for a in legal), may_pass))
        return self.answer(legal, may_pass)


def first(legal: tuple[Action, ...], may_pass: bool) -> Action | None:
    return legal[0]


def passes(legal: tuple[Action, ...], may_pass: bool) -> Action | None:
    return None if may_pass else legal[0]


# -- the ply -------------------------------------------------------------------------------


def test_ply_counts_every_applied_action() -> None:
    table = trio()
    assert table.ply == 0
    table.submit(0, "R5")
    table.submit(2, "catch 0", ply=1)
    assert table.ply == 2 == len(table.record().actions)
    assert table.record().actions == ((0, "R5"), (2, "catch 0"))


def test_a_decision_with_a_stale_ply_is_refused_and_changes_nothing() -> None:
    table = trio()
    table.submit(0, "R5!", ply=0)
    before = snapshot(table)
    with pytest.raises(StaleActionError) as info:
        table.submit(1, "R1", ply=0)  # chosen before seat 0 played
    assert info.value.code == "STALE"
    assert snapshot(table) == before
    table.submit(1, "R1", ply=1)
    assert table.ply == 2


def test_a_decision_from_the_future_is_refused() -> None:
    table = trio()
    with pytest.raises(StaleActionError):
        table.submit(0, "R5", ply=1)


def test_4_6_an_out_of_turn_catch_is_judged_on_the_current_state_whatever_its_ply() -> None:
    table = trio()
    table.submit(0, "R5", ply=0)  # no Uno call: seat 0 can be caught
    assert out_of_turn_actions(table.state, 2) == (parse_action("catch 0"),)
    # Seat 2's catch carries an older ply than the table's: an out-of-turn action is judged
    # on the current state, and seat 0 is still exposed.
    table.submit(2, "catch 0", ply=0)
    assert table.record().actions[-1] == (2, "catch 0")
    before = snapshot(table)
    with pytest.raises(IllegalActionError) as info:
        table.submit(1, "catch 0", ply=2)  # the same catch again: judged, and refused
    assert info.value.code == "CATCH_INVALID"
    assert snapshot(table) == before


def test_an_out_of_turn_action_from_an_earlier_hand_is_stale() -> None:
    rules = Rules(target_score=500, hand_size=1)
    table = Table([None, None], rules, seed=1, dealer=1, deck=deck_of("R5 B1 R3 Y9"))
    table.submit(0, "R5")  # out: the hand is over
    assert table.state.phase is Phase.HAND_OVER
    with pytest.raises(StaleActionError):
        table.submit(1, "next", ply=0)  # `next` is a decision: it needs the current ply
    table.submit(1, "next", ply=1)
    assert table.state.hand_number == 2
    not_to_act = 1 - table.state.to_act  # type: ignore[operator]
    with pytest.raises(StaleActionError):
        table.submit(not_to_act, "uno", ply=1)  # from the hand before: stale
    with pytest.raises(IllegalActionError) as info:
        table.submit(not_to_act, "uno", ply=2)  # in this hand: judged, and refused
    assert info.value.code == "NOTHING_TO_CALL"


@pytest.mark.parametrize(
    "ply",
    [True, 1.0, "1", [1], pytest.param(10**5000, id="huge"), pytest.param("9" * 10**6, id="long")],
)
def test_a_ply_that_is_not_a_whole_number_is_refused(ply: object) -> None:
    table = trio()
    table.submit(0, "R5")
    with pytest.raises(StaleActionError):
        table.submit(2, "catch 0", ply=ply)  # type: ignore[arg-type]


# -- refusals ----------------------------------------------------------------------------------


def test_an_action_not_on_offer_gets_the_engines_error_and_changes_nothing() -> None:
    table = trio()
    before = snapshot(table)
    with pytest.raises(CardNotInHandError):
        table.submit(0, "B9")
    with pytest.raises(NotYourTurnError):
        table.submit(1, "B1")
    with pytest.raises(LastcardError):
        table.submit(0, "not an action")
    assert snapshot(table) == before


def test_a_bots_seat_cannot_be_played_from_outside() -> None:
    table = trio([Scripted(0, [], first), None, None])
    with pytest.raises(NotYourTurnError, match="played by a bot"):
        table.submit(0, "R5")


def test_a_bot_keeps_no_inbox_unless_it_observes() -> None:
    table = trio([Scripted(0, [], first), None, None])
    with pytest.raises(LastcardError):
        table.take_events(0)


# -- inboxes -------------------------------------------------------------------------------


def test_each_outside_seat_reads_the_events_redacted_for_it_from_the_deal_on() -> None:
    table = trio()
    opening = table.opening_events
    assert [table.take_events(seat) for seat in range(3)] == [
        [event.redact(seat) for event in opening] for seat in range(3)
    ]
    assert table.take_events(1) == []  # read once
    transition = table.submit(0, "R7")
    for seat in range(3):
        assert table.take_events(seat) == [event.redact(seat) for event in transition.events]


def test_3_5_a_drawn_card_reaches_only_its_drawer() -> None:
    table = Table([None, None], ONE_HAND, seed=1, dealer=1, deck=deck_of("G5 B1 G7 B2 R3 Y9 Y8"))
    for seat in (0, 1):
        table.take_events(seat)
    table.submit(0, "draw")
    mine, theirs = table.take_events(0), table.take_events(1)
    assert any("Y9" in str(event) for event in mine)
    assert not any("Y9" in str(event) for event in theirs)
    assert all(not event.secret for event in theirs)


# -- the bots' poll ---------------------------------------------------------------------------


def test_poll_order_out_of_turn_offers_in_seat_order_then_the_seat_to_act() -> None:
    log: list[tuple[int, tuple[str, ...], bool]] = []
    bots: list[Bot | None] = [None, Scripted(1, log, first), Scripted(2, log, passes)]
    table = trio(bots)
    table.submit(0, "R5")  # exposed: seat 2 may catch out of turn; seat 1 is to act
    assert table.state.to_act == 1
    assert table.bots_pending()
    move = table.plan()
    assert log == [
        (2, ("catch 0",), True),  # the offer first; seat 2 passes it
        (1, ("R1", "R1!", "draw", "catch 0"), False),  # then the seat to act: all its actions
    ]
    assert (move.seat, move.action) == (1, parse_action("R1"))
    assert table.commit(move) is not None
    assert table.record().actions[-1] == (1, "R1")


def test_an_out_of_turn_bot_acts_before_the_seat_to_act() -> None:
    log: list[tuple[int, tuple[str, ...], bool]] = []
    bots: list[Bot | None] = [None, Scripted(1, log, first), Scripted(2, log, first)]
    table = trio(bots)
    table.submit(0, "R5")
    transition = table.step()
    assert transition is not None and table.record().actions[-1] == (2, "catch 0")
    assert log == [(2, ("catch 0",), True)]  # seat 1 was not asked on that position


def test_when_every_bot_passes_nobody_is_asked_again_until_something_happens() -> None:
    log: list[tuple[int, tuple[str, ...], bool]] = []
    table = trio([None, None, Scripted(2, log, passes)])
    table.submit(0, "R5")
    assert table.bots_pending()
    assert table.step() is None
    assert not table.bots_pending() and table.step() is None
    assert len(log) == 1
    table.submit(0, "uno")  # a late call (§4.3): a new position, with nothing left to catch
    assert not table.bots_pending() and table.step() is None
    assert len(log) == 1


def test_a_plan_made_before_an_outside_action_is_dropped() -> None:
    log: list[tuple[int, tuple[str, ...], bool]] = []
    table = trio([None, None, Scripted(2, log, first)])
    table.submit(0, "R5")
    move = table.plan()
    assert move.action == parse_action("catch 0")
    table.submit(1, "catch 0")  # the person was quicker
    before = snapshot(table)
    assert table.commit(move) is None
    assert snapshot(table) == before


def test_a_plan_overtaken_by_an_outside_action_is_dropped_not_stamped_with_the_new_ply() -> None:
    """The person acts on the main thread while a bot plans on another: here, just after the
    plan has read the position. The plan must not count as made at the new ply, or the bot now
    to act would never be asked (the terminal would wait for ever)."""

    class Overtaken(Table):
        race: Callable[[], object] | None = None

        @property
        def state(self) -> GameState:
            current = super().state
            race, self.race = self.race, None
            if race is not None:
                race()  # applied after the plan read `current`
            return current

    log: list[tuple[int, tuple[str, ...], bool]] = []
    table = Overtaken([None, Scripted(1, log, first), None], ONE_HAND, seed=1, dealer=2, deck=TRIO)
    table.race = lambda: table.submit(0, "R5!")
    move = table.plan()  # made on the position where seat 0 was to act: no bot acts
    assert move.passed and table.state.to_act == 1
    assert table.commit(move) is None
    assert table.bots_pending()  # seat 1, a bot, is to act and will be asked
    assert table.step() is not None and table.record().actions[-1][0] == 1

    # The same race when the plan is a bot's move: seat 2 would catch seat 0, who calls Uno
    # late just after the plan read the position. The catch was chosen for a position that
    # is gone: it must be dropped, not applied (nor refused by the engine) at the new ply.
    catcher = Overtaken(
        [None, None, Scripted(2, log, first)], ONE_HAND, seed=1, dealer=2, deck=TRIO
    )
    catcher.submit(0, "R5")  # no call: seat 2 may catch
    catcher.race = lambda: catcher.submit(0, "uno")
    move = catcher.plan()
    assert move.action == parse_action("catch 0")
    before = snapshot(catcher)
    assert catcher.commit(move) is None
    assert snapshot(catcher) == before and catcher.record().actions[-1] == (0, "uno")


def test_a_plan_for_an_outside_seat_is_refused() -> None:
    table = trio()
    with pytest.raises(LastcardError, match="not a bot"):
        table.commit(BotMove(0, 0, parse_action("R5")))
    assert table.ply == 0


def test_bot_mistakes_raise() -> None:
    def cheat(legal: tuple[Action, ...], may_pass: bool) -> Action | None:
        return parse_action("W+4:r")

    table = trio([Scripted(0, [], cheat), None, None])
    with pytest.raises(BotMistakeError, match="not offered"):
        table.step()
    sulker = trio([Scripted(0, [], lambda legal, may_pass: None), None, None])
    with pytest.raises(BotMistakeError, match="must act"):
        sulker.step()
    babbler = trio([Scripted(0, [], lambda legal, may_pass: "R5"), None, None])  # type: ignore[arg-type,return-value]
    with pytest.raises(BotMistakeError, match="chose 'R5', which was not offered"):
        babbler.step()


def test_observing_bots_see_their_events_before_each_decision() -> None:
    class Watcher(RandomBot):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.seen: list[object] = []

        def observe(self, event: object) -> None:
            self.seen.append(event)

    watcher = Watcher(1)
    table = trio([None, watcher, None])
    opening = [event.redact(1) for event in table.opening_events]
    assert watcher.seen == []  # shown lazily, just before choosing
    transition = table.submit(0, "R5!")
    table.step()
    assert watcher.seen == opening + [event.redact(1) for event in transition.events]


def test_auto_next_hand_deals_on_for_the_dealer() -> None:
    rules = Rules(target_score=500, hand_size=1)
    deck = deck_of("R5 B1 R3 Y9")
    manual = Table([None, None], rules, seed=1, dealer=1, deck=deck)
    manual.submit(0, "R5")
    assert not manual.bots_pending() and manual.step() is None
    auto = Table([None, None], rules, seed=1, dealer=1, deck=deck, auto_next_hand=True)
    auto.submit(0, "R5")
    assert auto.bots_pending()
    auto.step()
    assert auto.record().actions[-1] == (1, "next") and auto.state.hand_number == 2


def test_next_hand_before_the_end_of_the_hand_is_refused() -> None:
    table = trio()
    with pytest.raises(IllegalActionError) as info:
        table.next_hand()
    assert info.value.code == "HAND_NOT_OVER"


# -- the record -----------------------------------------------------------------------------


def test_the_record_replays_to_the_tables_state_and_a_table_resumes_from_it() -> None:
    table = Table([RandomBot(1), RandomBot(2), RandomBot(3)], Rules(), seed=5, auto_next_hand=True)
    while table.ply < 150 and table.step() is not None:
        pass
    record = table.record()
    assert replay(record) == table.state
    resumed = Table([None] * 3, record.rules, seed=record.seed, actions=record.actions)
    assert resumed.state == table.state and resumed.ply == table.ply


def test_a_table_without_a_seed_deals_from_a_fresh_one() -> None:
    seeds = {Table([None, None]).seed for _ in range(4)}
    assert len(seeds) == 4
    secure = Table([None, None], generator="secure")
    assert secure.record().generator == "secure"
    assert replay(secure.record()) == secure.state


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None, 10**40, 1.0])
def test_a_seat_that_is_not_a_seat_of_the_table_is_refused_and_changes_nothing(
    seat: object,
) -> None:
    table = trio()
    table.submit(0, "R5")  # seat 1 is to act and seat 0 exposed: True == 1 must not pass
    before = snapshot(table)
    for attempt in ("R1", "catch 0", "draw"):
        with pytest.raises(LastcardError):
            table.submit(seat, attempt)  # type: ignore[arg-type]
    with pytest.raises(LastcardError):
        table.take_events(seat)  # type: ignore[arg-type]
    assert table.actions(seat) == ()  # type: ignore[arg-type]
    assert snapshot(table) == before


@pytest.mark.parametrize("actions", [[5], [(0,)], ["R5"], [(0, "R5", 1)]])
def test_resumed_actions_that_are_not_seat_code_pairs_are_refused(actions: list[object]) -> None:
    with pytest.raises(LastcardError):
        Table([None, None, None], ONE_HAND, seed=1, dealer=2, deck=TRIO, actions=actions)  # type: ignore[arg-type]
