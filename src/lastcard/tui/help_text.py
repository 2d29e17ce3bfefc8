"""The help screen's text: how Uno is played, this game's house rules, and the keys.

The summary follows docs/RULES.md and adapts to the rules in force (how a game is won, whether a
Wild Draw Four can be challenged), so what the player reads is what the engine will do.
"""

from __future__ import annotations

from typing import Any

from lastcard.core import Card, EffectKind, Rules, rule_facts
from lastcard.words.options import OPTIONS, OptionSpec, choice_label, option_value, set_label

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
    if spec.kind == "set":
        return set_label(spec.name, value)
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
        _draw_card(rules),
        "## Wild cards",
        "- **Wild**: plays on anything; you name the colour the next player must match.",
        "- **Wild Draw Four** (W+4): names a colour too, and the next player draws 4 and misses "
        "their turn. You may only play it when you hold no card of the current colour.",
        _challenge(rules),
        *_extra_wilds(rules),
        *_theme_cards(rules),
        *_pirate(rules),
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


def _pirate(rules: Rules) -> list[str]:
    """§7.6: what Pirate changes, in the order a player meets it."""
    if not rules.pirate:
        return []
    penalty = rules.pirate_false_call_penalty
    wrong = f"the caller draws {penalty}" if penalty else "it costs the caller nothing"
    return [
        "## Pirate",
        "- **Open hands**: everyone's cards are shown to everyone, on each player's panel.",
        "- **Cheats**: on your turn you may play any card, even one that does not match; after "
        "drawing, any card of your hand. A card that does not match (or, after drawing, any card "
        "but a matching drawn one) is a **cheat**, and only you know it. Your hand marks those "
        "cards *cheat*. Playing out of turn (a jump-in) must still be genuine.",
        "- **The window**: after every play on a turn, before its card does anything, each "
        "other player in turn order lets it stand (**p**) or calls a cheat (**c**). The first "
        "call closes the window. A cheat called: the card goes back to its player, who draws 2 "
        f"and whose turn ends; the card does nothing. A fair play called: {wrong}, and the play "
        "stands. If everyone lets it stand, it counts as if it were fair, going out included.",
        "- Everyone can see whether a card matched, except after a draw: a matching card that "
        "is not the one drawn is a cheat too.",
        "- **Sevens and zeros** (Seven-O): a 7 may swap hands with a player you choose, or with "
        "nobody (**no swap**); a 0 passes every hand to the left, clockwise, whichever way play "
        "goes.",
        "- Uno is caught only once the window has closed and the play has taken effect.",
    ]


def _draw_card(rules: Rules) -> str:
    if "draw_three" in rules.theme_cards:  # §7.11.1: they replace the Draw Twos
        return (
            "- **Draw Three** (+3): the next player draws 3 cards and misses their turn. In this "
            "game it takes the place of the Draw Two."
        )
    return "- **Draw Two** (+2): the next player draws 2 cards and misses their turn."


# §7.11: each theme card's rules, by its option name, in the engine's order.
THEME_CARD_RULES: dict[str, str] = {
    "draw_three": (
        "- **Draw Three** (+3, §7.11.1): a coloured card in place of each Draw Two; it matches "
        "by colour or on another Draw Three. As the first discard the first player draws 3."
    ),
    "howler": (
        "- **Howler** (HOWL, §7.11.2): a wild; you name a player, whose whole hand is shown to "
        "everyone at that moment."
    ),
    "invisibility": (
        "- **Invisibility** (INVIS, §7.11.3): on your turn, a plain wild. Its real use is out of "
        "turn: when another player's card is about to hit you (a Draw Two or Three, a Wild Draw "
        "Four or a stack, a Joker, a Wild Downpour, a Skip, a 7 swap, a Friendship, a Howler or "
        "a Travel), you are asked to **block** it (**b**, then name a colour) or **allow** it "
        "(**a**). Blocking puts the Invisibility on the pile with your colour and the card does "
        "nothing to you. If you were the player it would skip or make draw, the block is your "
        "turn and the next player goes on; otherwise play goes on as it would have. If the "
        "block leaves you one card, press **u** first to call Uno with it."
    ),
    "care_a_lot": (
        "- **Care-a-lot** (CARE, §7.11.4): a wild that opens a discard round: each player in "
        "turn, starting with the next and ending with you, may put one card beneath it "
        "(choose a card) or decline (**d**). The discarded cards do nothing; nobody may discard "
        "their last card, and whoever discards down to one card must call Uno."
    ),
    "friendship": (
        "- **Friendship** (FRND, §7.11.5): a wild; you swap your whole hand with a player you name."
    ),
    "joker": (
        "- **Joker** (JOKER, §7.11.6): a wild; you choose 1 to 3 other players and a number from "
        "1 to 3: each of them draws that many cards. Nobody misses a turn."
    ),
    "mambo": (
        "- **Mambo** (MAMBO, §7.11.7): names no colour. You give one card of your choice to each "
        "other player in turn, from the next one (keeping at least one card), then **lead** any "
        "card of your hand: it need not match, a wild names its colour, and it works as if "
        "played (a Wild Draw Four led cannot be challenged). Leading your last card goes out; "
        "leaving one, call Uno."
    ),
    "travel": (
        "- **Travel** (TRVL, §7.11.8): a wild; you name a player and see their whole hand, and "
        "nobody else does."
    ),
}


def _theme_cards(rules: Rules) -> list[str]:
    """§7.11: the theme cards in this game, and what they share."""
    cards = [text for name, text in THEME_CARD_RULES.items() if name in rules.theme_cards]
    if not cards:
        return []
    return [
        "## Theme cards",
        "Each theme wild is in the deck once and scores 50. A Howler, Friendship or Travel played "
        "as your last card may name nobody; a Joker's draws still happen.",
        *cards,
    ]


def _scoring(rules: Rules) -> str:
    themes = rules.theme_cards
    wilds = sorted(themes - {"draw_three"})
    draw = "Draw Three" if "draw_three" in themes else "Draw Two"
    points = (
        f"Cards are worth their number; Skip, Reverse and {draw} 20; Wild and Wild Draw Four "
        "50"
        + (", Wild Downpour 50" if rules.wild_downpour is not None else "")
        + (", the theme wilds 50" if wilds else "")
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
| Enter | play the selected card (in a discard round, discard it; after a Mambo, give or lead it) |
| d | draw a card; in a discard round, decline |
| k | keep the card you drew |
| p | play the card you drew; under Pirate, when asked, let a play stand |
| u | call Uno |
| c | catch the player who forgot to call Uno; under Pirate, when asked, call a cheat |
| x | challenge a Wild Draw Four |
| a | accept the penalty and draw; asked about an Invisibility block, allow the card |
| b | block a card aimed at you with your Invisibility card, when asked |
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
