"""End of a hand: hand values, points, running totals and the end of the game (RULES.md §6).

Scores are kept per seat. With teams (§7.12) the points of a hand go to the seat that went out,
and a team's total is the sum of its seats' totals (`team_totals`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import hand_value
from .draft import Draft
from .events import EventType, codes
from .facts import rule_facts
from .state import GameState, HandResult, Phase


def team_totals(state: GameState) -> tuple[int, ...] | None:
    """Each team's total, in the order of `rules.team_of_seats`; None without teams."""
    teams = state.rules.team_of_seats(state.players)
    if teams is None:
        return None
    return tuple(sum(state.scores[s] for s in team) for team in teams)


def end_hand(d: Draft, went_out: int | None) -> None:
    """Score the hand that just ended (`went_out` None: blocked, §3.11.3) and decide whether the
    game is over."""
    d.exposed = None
    d.uncaught = ()
    d.challenge = None
    d.pending_draw = 0
    d.drawn = None
    # A turn limit may end a hand while a Mambo's gifts or a block wait (§3.11.4): they go too.
    d.pirate = None
    d.gift_to = None
    d.block = None
    rules, n = d.rules, d.players
    values = tuple(hand_value(hand) for hand in d.hands)
    points = [0] * n
    teams = rules.team_of_seats(n)
    own_hand_scoring = rule_facts(rules).own_hand_scoring
    if went_out is not None:
        if own_hand_scoring:  # §6.4.1, §7.5.1
            for seat in range(n):
                if d.active[seat] and seat != went_out:
                    points[seat] = values[seat]
        else:  # §6.3.1, §7.12.2
            partners = _team_of(teams, went_out)
            points[went_out] = sum(values[s] for s in range(n) if s not in partners)
    totals = tuple(t + p for t, p in zip(d.scores, points, strict=True))
    d.scores = totals

    eliminated: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    if rules.elimination:
        if went_out is not None:  # §7.5.6: a blocked hand eliminates nobody
            eliminated = tuple(
                s for s in range(n) if d.active[s] and totals[s] >= rules.elimination_threshold
            )
            d.active = tuple(a and s not in eliminated for s, a in enumerate(d.active))
        if d.active_count == 1:
            winners = (d.active.index(True),)
    elif rules.target_score is None:  # §6.5.1: a single hand (a blocked one is dealt again)
        if went_out is not None:
            winners = _team_of(teams, went_out)
    elif own_hand_scoring:  # §6.4.2, §6.4.3
        if any(totals[s] >= rules.target_score for s in range(n) if d.active[s]):
            lowest = min(totals[s] for s in range(n) if d.active[s])
            tied = tuple(s for s in range(n) if d.active[s] and totals[s] == lowest)
            if len(tied) == 1 or rules.tie_rule == "shared":
                winners = tied
    elif teams is not None:  # §7.12.3
        for team in teams:
            if sum(totals[s] for s in team) >= rules.target_score:
                winners = team
    elif went_out is not None and totals[went_out] >= rules.target_score:  # §6.3.2
        winners = (went_out,)

    d.history = (
        *d.history,
        HandResult(
            d.hand_number,
            d.dealer,
            d.first_discard,
            went_out,
            values,
            tuple(points),
            totals,
            eliminated,
        ),
    )
    d.emit(
        EventType.HAND_OVER,
        went_out=went_out,
        blocked=went_out is None,
        hands=[codes(hand) for hand in d.hands],
        hand_values=list(values),
        points=points,
        totals=list(totals),
        eliminated=list(eliminated),
    )
    d.to_act = None
    if winners:
        d.winners = winners
        d.phase = Phase.GAME_OVER
        d.emit(EventType.GAME_OVER, winners=list(winners), totals=list(totals))
    else:
        d.phase = Phase.HAND_OVER


def _team_of(teams: Sequence[tuple[int, ...]] | None, seat: int) -> tuple[int, ...]:
    if teams is None:
        return (seat,)
    return next(team for team in teams if seat in team)
