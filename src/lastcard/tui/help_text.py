"""The help screen's text: how Uno is played, this game's house rules, and the keys.

The summary follows docs/RULES.md and adapts to the rules in force (how a game is won, whether a
Wild Draw Four can be challenged), so what the player reads is what the engine will do.
"""

from __future__ import annotations

from typing import Any

from lastcard.core import Card, EffectKind, Rules, rule_facts

from .options import OPTIONS, OptionSpec, choice_label, option_value
from .pacing import CATCH_WINDOW, UNO_GRACE

_OFFICIAL = Rules()
_CUSTOMIZABLE = Card.from_code("WC")


def shown_value(spec: OptionSpec, value: Any) -> str:
    """An option's value in words: on/off, a number, a choice's label."""
    if spec.kind == "bool":
        return "on" if value else "off"
    if spec.kind == "optional_int":
        return "a single hand" if value is None else str(value)
    if spec.kind == "int":
        return str(value)
    return choice_label(spec.name, value)


def house_rules(rules: Rules) -> list[tuple[OptionSpec, Any]]:
    """The options whose value differs from the official game, in screen order."""
    return [
        (spec, option_value(rules, spec.name))
        for spec in OPTIONS
        if option_value(rules, spec.name) != option_value(_OFFICIAL, spec.name)
    ]


def rules_markdown(rules: Rules) -> str:
    """Markdown for the rules help: the game in brief, then this game's house rules."""
    facts = rule_facts(rules)
    parts = [
        "# How to play",
        "Be the first to get rid of all your cards. " + _aim(rules),
        "## Your turn",
        "- Play **one** card that matches the top of the discard pile: the same colour, the same "
        "number, or the same symbol (a Skip on a Skip).",
        "- Or draw one card. If it can be played you may play it at once or keep it; either way "
        "your turn ends. "
        + (
            "You may draw even when you have a card you could play."
            if rules.allow_voluntary_draw
            else "In this game you may only draw when you have nothing to play."
        ),
        "## Action cards",
        "- **Skip**: the next player misses their turn.",
        "- **Reverse**: play changes direction"
        + (" (with two players it works like a Skip)." if facts.reverse_skips_with_two else "."),
        "- **Draw Two** (+2): the next player draws 2 cards and misses their turn.",
        "## Wild cards",
        "- **Wild**: plays on anything; you name the colour the next player must match.",
        "- **Wild Draw Four** (W+4): names a colour too, and the next player draws 4 and misses "
        "their turn. You may only play it when you hold no card of the current colour.",
        _challenge(rules),
        *_extra_wilds(rules),
        "## Calling Uno",
        "- When you play your second-to-last card, call **Uno**, with the card or right after it.",
        "- If someone catches you before the next player begins their turn, you draw 2 cards. "
        "Catch a player who forgot in the same way.",
        "## Scoring",
        _scoring(rules),
        "## House rules in this game",
        _house_rules_text(rules),
    ]
    return _join_blocks(parts)


def _join_blocks(parts: list[str]) -> str:
    """Paragraphs apart, but the items of one list on consecutive lines (a tight list)."""
    out = ""
    for part in parts:
        if out:
            tight = part.startswith("- ") and out.rsplit("\n", 1)[-1].startswith("- ")
            out += "\n" if tight else "\n\n"
        out += part
    return out + "\n"


def _aim(rules: Rules) -> str:
    if rules.elimination:
        return (
            f"Players who reach {rules.elimination_threshold} points are out; "
            "the last player left wins."
        )
    if rules.target_score is None:
        return "This game is a single hand: whoever goes out first wins."
    if rules.teams is not None:
        return f"The first team to reach {rules.target_score} points wins."
    if rules.scoring == "alternative":
        return f"When anyone reaches {rules.target_score} points, the lowest total wins."
    return f"The first player to reach {rules.target_score} points wins."


def _challenge(rules: Rules) -> str:
    if not rules.wd4_bluffing:
        return (
            "- In this game a Wild Draw Four that breaks that rule is refused, so it can never "
            "be challenged."
        )
    return (
        "- You may bluff. The player who must draw may **challenge**: if the card was played "
        "while holding the colour, its player draws the 4 instead; if it was fair, the challenger "
        "draws 6. Or **accept** and draw 4."
    )


def _custom_effect(rules: Rules) -> str:
    """What the Wild Customizable does here, in the option's words (§7.10.2)."""
    return rule_facts(rules).card_effect(_CUSTOMIZABLE).code


def _extra_wilds(rules: Rules) -> list[str]:
    lines = []
    if rules.deck == "2018":
        lines += [
            "- **Wild Shuffle Hands** (SHUF): all hands are gathered, shuffled and dealt again.",
            "- **Wild Customizable** (CUST): a Wild that also does: "
            f"{choice_label('custom_wild_effect', _custom_effect(rules))}.",
        ]
        if rule_facts(rules).card_effect(_CUSTOMIZABLE).kind is EffectKind.ALL_DISCARD_ONE:
            lines.append(_DISCARD_ROUND)
    if rules.wild_downpour is not None:
        lines.append(
            "- **Wild Downpour** (ALL+1, ALL+2): everyone else draws 1 or 2; nobody is skipped."
        )
    return lines


_DISCARD_ROUND = (
    "- **Discard round** (§7.11.4): once the Wild Customizable's colour is named, each player "
    "in turn, starting with the next and ending with the player of the card, may put one card "
    "from their hand beneath it, or decline. The Wild Customizable and its colour stay on top, "
    "and the discarded cards do nothing. Nobody may discard their last card (a player with one "
    "card is not asked), and whoever discards down to one card must call Uno. Then the next "
    "player takes their turn."
)


def _scoring(rules: Rules) -> str:
    points = (
        "Cards are worth their number; Skip, Reverse and Draw Two 20; Wild and Wild Draw Four "
        "50"
        + (", Wild Downpour 50" if rules.wild_downpour is not None else "")
        + (", Wild Shuffle Hands and Wild Customizable 40" if rules.deck == "2018" else "")
        + "."
    )
    if rules.elimination:
        how = (
            "When someone goes out, every other player adds the points left in their own hand "
            f"to their total; at {rules.elimination_threshold} a player is eliminated."
        )
    elif rules.teams is not None:
        how = (
            "When someone goes out their team scores the points left in the other team's hands; "
            "the partner's cards score nothing."
        )
    elif rules.scoring == "alternative":
        how = (
            "When someone goes out, every other player adds the points left in their own hand "
            "to their own total: low is good."
        )
    else:
        how = "When someone goes out, they score the points left in everyone else's hands."
    if rules.target_score is None and not rules.elimination:
        how += " Points are still counted for the record."
    return f"{how} {points}"


def _house_rules_text(rules: Rules) -> str:
    changed = house_rules(rules)
    if not changed:
        return "None: the official game."
    return "\n".join(
        f"- **{spec.label}**: {shown_value(spec, value)}. {spec.help}" for spec, value in changed
    )


def _seconds(value: float) -> str:
    return f"{value:g} seconds"


KEYS_MARKDOWN = f"""\
# Keys

| Key | What it does |
| --- | --- |
| ← / → | move the selection in your hand |
| 1–9, 0 | pick a card by its position (0 is the tenth) |
| Enter | play the selected card (in a discard round, discard it) |
| d | draw a card; in a discard round, decline |
| k | keep the card you drew |
| p | play the card you drew |
| u | call Uno |
| c | catch the player who forgot to call Uno |
| x | challenge a Wild Draw Four |
| a | accept the penalty and draw |
| space | let the bots move now (skip the pause) |
| l | show or hide the story of the hand |
| s | save the game |
| ? | this help |
| n | new game (it asks first) |
| q | quit (the game is saved) |

The buttons under your hand show the decisions open to you now, each with its key.

With the mouse: click a card in your hand to play it (or, in a discard round, discard it), and
click the buttons.

# Time to call and to catch

A bot decides in a blink, and the bots would win every race for Uno at that speed. So they
give you a person's time:

- When you forget to call Uno, the bots wait at least {_seconds(UNO_GRACE)} before any of
  them moves: time to press **u** late. If you don't, a bot may catch you then, as a player
  who noticed would.
- When a bot forgets, the bots wait at least {_seconds(CATCH_WINDOW)} before any of them
  moves: time to notice and press **c**. The other bots' catches come no sooner.

Space skips these pauses too: pressing it gives up the race.
"""
