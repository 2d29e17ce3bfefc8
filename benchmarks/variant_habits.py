"""How the variants of RULES.md §7.6 and §7.11 play out between bots: hand length, Pirate's
cheats and calls, and how often each theme card and its decisions come up.

    python benchmarks/variant_habits.py --games 100 --bot heuristic
    python benchmarks/variant_habits.py --games 100 --bot heuristic,random,random,random

Plays `--games` games of 4 players (or one seat per bot of a comma-separated `--bot`) under the
`pirate` preset, the `themes` preset and the 2018 deck with the Care-a-lot effect on its Wild
Customizable, replays each record and counts the events. Every figure is a count over all games
(a rate where it says so).
"""

from __future__ import annotations

import argparse
from collections import Counter

from lastcard import Rules
from lastcard.core import EventType, replay_steps
from lastcard.core.cards import THEME_KINDS
from lastcard.sim import play_game

CASES = {
    "pirate": Rules.preset("pirate"),
    "themes": Rules.preset("themes"),
    "care-a-lot (2018 deck)": Rules(deck="2018", custom_wild_effect="all_discard_one"),
}


def habits(rules: Rules, games: int, bots: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    theme_kinds = frozenset(THEME_KINDS.values())
    for seed in range(games):
        record, _ = play_game(bots, rules, seed)
        for _seat, _action, transition in replay_steps(record):
            for event in transition.events:
                kind = event.type
                counts[str(kind)] += 1
                if kind is EventType.PIRATE_CALL:  # by the caller's seat and bot
                    right = "right" if event.cheat else "wrong"
                    counts[f"pirate calls {right}, seat {event.seat} {bots[event.seat]}"] += 1
                    if event.cheat:
                        counts[f"pirate cheats caught, seat {event.player}"] += 1
                elif kind is EventType.PIRATE_WINDOW and event.cheat:
                    counts[f"pirate cheats, seat {event.seat} {bots[event.seat]}"] += 1
                elif kind is EventType.PLAY and event.card.kind in theme_kinds:
                    counts[
                        f"played {event.card.code[-2:] if event.card.color else event.card.code}"
                    ] += 1
                elif kind is EventType.HAND_OVER:
                    counts["hands"] += 1
                    counts["turns in hands"] += transition.state.hand_turns
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    bots = args.bot.split(",")
    if len(bots) == 1:
        bots *= args.players
    for name, rules in CASES.items():
        counts = habits(rules, args.games, bots)
        print(f"== {name}: {args.games} games, seats {', '.join(bots)}")
        for key in sorted(counts):
            print(f"  {key:44} {counts[key]:>9,}")
        if counts["hands"]:
            print(
                f"  {'mean turns per hand':28} {counts['turns in hands'] / counts['hands']:>9.1f}"
            )


if __name__ == "__main__":
    main()
