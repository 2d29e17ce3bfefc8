"""Question 3 of study.md: what bluffing and challenging a Wild Draw Four are worth."""

from __future__ import annotations

import math
from typing import Any

from .report_text import (
    ALPHA,
    cell_names,
    ci_text,
    digits_for,
    image,
    md_table,
    p_text,
    pct,
    pp,
    pp_ci,
    strength,
)


def habit_section(figures: dict[str, Any]) -> list[str]:
    rows = figures["habits"]
    lines = ["## 3. The value of bluffing and of challenging", ""]
    if not rows:
        return [*lines, "Skipped: neither the `greedy` nor the `heuristic` bot is registered.", ""]
    method = [
        "**Method.** One bot with a habit switched off plays among bots that keep it, its seat "
        "rotating so it sits in every seat equally. Only that one player's policy differs, so "
        "its win rate against 1/N measures what the habit is worth to a player at a table of "
        "players who have it. **Value** = 1/N minus that rate, in percentage points of hands "
        "won (positive: the habit helps); its interval is the Wilson interval of the rate. Two "
        "bots, at two sizes:"
    ]
    greedy = [r for r in rows if r["bot"] == "greedy"]
    heuristic = [r for r in rows if r["bot"] == "heuristic"]
    if greedy:
        method.append(
            f"`greedy` (cells {cell_names([r['cell'] for r in greedy])}, "
            f"{min(r['games'] for r in greedy):,} hands or more each): a table of "
            "`greedy:bluff=true,challenge=true` bots, which treat every Wild Draw Four as "
            "playable, bluff or not, and challenge every one, with one `greedy:challenge=true` "
            "(never bluffs) or `greedy:bluff=true` (never challenges);"
        )
    if heuristic:
        method.append(
            f"`heuristic` (cells {cell_names([r['cell'] for r in heuristic])}, "
            f"{min(r['games'] for r in heuristic):,} hands or more each): one "
            "`heuristic:bluff=false` (never bluffs) or `heuristic:challenge=false` (never "
            "challenges) among `heuristic` bots, which bluff and challenge on the evidence."
        )
    method.append(
        f"Holm's correction runs over the {len(rows)} cells. **Detectable** is the smallest "
        "value the cell's test would detect with 80% power (two-sided, α = 0.05 before Holm's "
        "correction; normal approximation): with that many hands a value this large, either "
        "way, would show four times in five. Bluffs are Wild Draw Fours played while holding a "
        "card of the current colour (the engine's own judgement); *upheld* challenges caught "
        "a bluff."
    )
    lines += [" ".join(method), ""]
    lines += md_table(
        [
            "habit",
            "bot",
            "N",
            "decided hands",
            "bot without it wins",
            "95% CI",
            "1/N",
            "value (points)",
            "95% CI",
            "p",
            "Holm p",
            "detectable (points)",
            "bluffs /100 hands (with · without)",
            "challenges /100 hands (with · without), upheld",
        ],
        (_habit_row(r) for r in rows),
    )
    lines += [image(figures, "habits", "Value of the habit, percentage points of hands won"), ""]
    reading = [habit_reading(r) for r in rows]
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _detectable(r: dict[str, Any]) -> str:
    """± the value the habit's test detects with its power, in points."""
    size = r["power"]["detectable"]
    return "–" if size is None or math.isinf(size) else f"±{100 * size:.2f}"


def habit_reading(r: dict[str, Any]) -> str:
    """One habit cell in words: the value, what its test shows, and what size of value the test
    would have detected, so that a result that is not significant says what it makes
    unlikely."""
    what = "bluffing" if r["habit"] == "bluff" else "challenging"
    where = "heads-up" if r["players"] == 2 else f"at {r['players']} players"
    test, power = r["without_wins"], r["power"]
    d = digits_for(test["hands"])
    said = (
        f"{what.capitalize()} (`{r['bot']}`, {where}, {_against(r)}): value "
        f"{pp(r['value'], d)} points of hands won (95% CI {pp_ci(r['value_ci'], d)}), "
        f"{strength(test)}"
    )
    size, chance = power["detectable"], f"{100 * power['power']:.0f}%"
    if test["p_holm"] < ALPHA:
        said += (
            ": the habit helps this bot"
            if r["value"] > 0
            else ": this bot does better without the habit"
        )
        if size is not None and not math.isinf(size):
            said += f" (the test detects ±{100 * size:.2f} points with {chance} power)"
        return said + "."
    if size is None or math.isinf(size):
        return said + f"; {test['hands']:,} decided hands are too few to detect any value."
    return said + (
        f". With {test['hands']:,} decided hands the test would detect a value of "
        f"±{100 * size:.2f} points with {chance} power (α = {power['alpha']:g}, two-sided, "
        "before Holm's correction), so a value that large either way is unlikely to have gone "
        "unseen; a smaller one is not ruled out, and the 95% interval bounds what these hands "
        "allow."
    )


def _against(r: dict[str, Any]) -> str:
    """The opponents' side of a habit: a challenge can pay only against a bluff, and a bluff
    costs only when it is challenged, so each result holds for opponents who do that as often
    as these did (`with`: the bots that keep the habit, every opponent of the one without)."""
    act = r["activity"][r["with"]]
    if r["habit"] == "challenge":
        return f"against opponents who bluff {act['bluffs_per_100_hands']:.1f} times in 100 hands"
    return (
        f"against opponents who challenge {act['challenges_per_100_hands']:.1f} times in 100 hands"
    )


def _habit_row(r: dict[str, Any]) -> list[object]:
    act_with, act_without = r["activity"][r["with"]], r["activity"][r["without"]]
    upheld = act_with["upheld"] + act_without["upheld"]
    challenges = act_with["challenges"] + act_without["challenges"]
    return [
        r["habit"],
        f"`{r['bot']}`",
        r["players"],
        f"{r['without_wins']['hands']:,}",
        pct(r["without_wins"]["rate"], 2),
        ci_text(r["without_wins"]["ci"], 2),
        pct(1 / r["players"]),
        pp(r["value"], 2),
        f"{pp(r['value_ci'][0], 2)} – {pp(r['value_ci'][1], 2)}",
        p_text(r["without_wins"]["p_value"]),
        p_text(r["without_wins"]["p_holm"]),
        _detectable(r),
        f"{act_with['bluffs_per_100_hands']:.1f} · {act_without['bluffs_per_100_hands']:.1f}",
        f"{act_with['challenges_per_100_hands']:.1f} · "
        f"{act_without['challenges_per_100_hands']:.1f}, "
        f"{pct(upheld / challenges, 0) if challenges else '–'}",
    ]
