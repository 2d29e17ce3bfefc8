"""`lastcard study`: seat order, hand length, bluffing, challenging and the bot ladder, measured.

Every figure comes from single hands of the official game (`Rules()` with `target_score=None`:
one hand per game, RULES.md §6.5.1), played between bots. Only the first hand of each game is
counted; if it is blocked (nobody went out, §3.11.3, which the engine then re-deals) it counts
in no win rate and is reported apart.

The questions, each a set of *cells* (one table of bots, a number of hands):

1. **First seat** (cells `seat/N`, N = 2..10 `greedy` bots, `seat_hands` hands each): the
   *first player* of a hand is the seat that takes its first turn (`first_player`): the
   dealer's left, unless the first discard moved the turn (a Skip or Draw Two skips the
   dealer's left; a Reverse starts at the dealer's right, which with two players is the
   dealer). A Draw Two first discard also makes the skipped player draw two cards, a different
   start: those hands (`draw_opening`) are counted apart, and the first player's win rate,
   compared with 1/N, is over the other hands. The same hands give the win share of every
   place in the order of play, with a trend test across the places (`statistics.position_trend`),
   and of the dealer's left, for readers who define "first seat" that way. The trend over
   every place is passed by the first place alone, so two more tests say what happens after
   it: the trend across the places between the first and the last (`inner_trend`), and the
   last place against the one before it (`last_upturn`: the last place, usually the dealer,
   wins more again). Each family of tests (first player at each N; each trend, and the
   upturn, at each N; Draw Two openings at each N) is adjusted with Holm's method
   (`statistics.holm`). `greedy` is the seat bot because the compiled simulator
   plays it: a million hands per player count (`DEFAULT_SEAT_HANDS`) take seconds there, and
   give intervals of a few tenths of a point. Without it the reference engine plays the same
   hands, hours instead of a minute, and the report says so at its top.
2. **Hand length** (same hands): turns per hand, a *turn* as `lastcard simulate` counts it: a
   play or a draw made while a turn is awaited (a draw and the play of the drawn card are one).
3. **Habits**: one bot without a habit among N-1 bots that keep it, its seat rotating so it
   sits in every seat equally; its win rate against 1/N is the cost of giving the habit up when
   everyone else keeps it, and the *value of the habit* reported is 1/N minus that rate. Two
   families of cells, N = 2 and 4, each of `seat_hands` hands (the compiled simulator plays
   both bots): `bluff/greedy/N` and `challenge/greedy/N`: `greedy:bluff=true,challenge=true`
   bots with one `greedy:challenge=true` (never bluffs) or `greedy:bluff=true` (never
   challenges); and `bluff/heuristic/N`, `challenge/heuristic/N`: `heuristic` bots with one
   `heuristic:bluff=false` or `heuristic:challenge=false`. Holm's adjustment runs
   over all of them, and each carries the smallest value its test would detect with 80% power
   (`statistics.detectable_difference`), so a null result says what size of effect it makes
   unlikely.
4. **Ladder** (cells `ladder/table`, `ladder/A-vs-B`, `ladder/ismcts`, `games` hands): a table
   of the ladder bots taking every order of the seats in turn, and every pair heads-up, seats
   alternating; `ismcts` with a small budget against `heuristic` when it is registered. Bots
   are compared in pairs with the sign test of `statistics.paired_comparison` (of the hands won by
   one of the two, the share won by the first), Holm-adjusted over every comparison of the
   question.

Every cell's seatings come from `tournament.name_seatings`, the tournament's seating design:
each bot sits in every seat, and right after every other bot, equally often. Hand `i` of a cell
takes seating `i % len(seatings)`.

Its games are played by `lastcard.sim.study` (engines, tasks, tallies); this package turns
them into figures (`figures`), `study.md` (`report`), the plots (`plots`) and runs it all
(`run.run_study`).
"""

from __future__ import annotations

from .figures import (
    adjust,
    adjust_first_seat,
    habit_figures,
    inner_trend,
    ladder_figures,
    last_upturn,
    length_figures,
    pair_figures,
    seat_figures,
)
from .run import command_line, compute_study, engine_figures, parse_players, players_text, run_study

__all__ = [
    "adjust",
    "adjust_first_seat",
    "command_line",
    "compute_study",
    "engine_figures",
    "habit_figures",
    "inner_trend",
    "ladder_figures",
    "last_upturn",
    "length_figures",
    "pair_figures",
    "parse_players",
    "players_text",
    "run_study",
    "seat_figures",
]
