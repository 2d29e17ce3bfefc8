"""Every house-rule option the engine plays, described for a player choosing them: the one
source of the options' names and help for the terminal's new-game screen and rules help, and
for the web table's rules form (the server sends these words with `GET /api/presets`).

The new-game screen builds one control per `OptionSpec` and the rules help lists the options a
game changes, each with its one-line `help`. Options that RULES.md §7.0 specifies but the engine
does not play yet are left out (`UNSUPPORTED`), so the screen never offers a game that would be
refused when it starts.

A `set` option is a set of names, each switched on or off by a switch of its own, with a line
of its own that says what it adds: the theme-pack cards (§7.11), one switch per card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from lastcard.core import Rules
from lastcard.core.rules import CUSTOM_WILD_EFFECTS, THEME_CARDS

OptionKind = Literal["bool", "choice", "int", "optional_int", "set"]


@dataclass(frozen=True)
class OptionSpec:
    """One option: its `Rules` field `name`, a short `label`, a one-line `help` for a player, the
    kind of control it needs and, for a choice, its values (default first); for a set, the
    names it may hold, with `member_help`, one line for each."""

    name: str
    label: str
    help: str
    kind: OptionKind
    choices: tuple[Any, ...] = ()
    member_help: tuple[str, ...] = ()


# `Rules` fields not offered, with the reason: the engine rejects them, or they only matter
# with an option it rejects.
UNSUPPORTED: dict[str, str] = {
    "turn_limit": "a safeguard that ends an endless hand (§3.11.4), not a house rule to choose",
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "deck",
        "Deck",
        "Classic 108 cards, or the 2018 deck with Wild Shuffle Hands and Wild Customizable (§1.2)",
        "choice",
        ("classic", "2018"),
    ),
    OptionSpec("hand_size", "Hand size", "Cards dealt to each player, 1 to 15 (§2.2)", "int"),
    OptionSpec(
        "target_score",
        "Target score",
        "Points that win the game; leave empty to play a single hand (§6)",
        "optional_int",
    ),
    OptionSpec(
        "scoring",
        "Scoring",
        "Standard: the hand's winner scores the others' cards; alternative: the lowest total wins "
        "(§6.3, §6.4)",
        "choice",
        ("standard", "alternative"),
    ),
    OptionSpec(
        "tie_rule",
        "Ties",
        "Alternative scoring: players tied for lowest share the win, or play on (§6.4.3)",
        "choice",
        ("shared", "play_on"),
    ),
    OptionSpec(
        "dealer_draw_non_number",
        "Dealer draw",
        "Choosing the dealer: an action or wild card drawn counts as 0, or is drawn again (§2.1.2)",
        "choice",
        ("zero", "redraw"),
    ),
    OptionSpec(
        "dealer_each_hand",
        "Next dealer",
        "Each hand, draw again for the dealer, or pass the deal to the left (§2.1.5)",
        "choice",
        ("redraw", "rotate"),
    ),
    OptionSpec(
        "first_reverse",
        "First Reverse",
        "A Reverse turned up first: the player on the dealer's right starts, or the dealer (§2.4)",
        "choice",
        ("dealer_right", "dealer_starts"),
    ),
    OptionSpec(
        "first_wild",
        "First Wild",
        "A Wild turned up first: the first player or the dealer names the colour, or redraw (§2.4)",
        "choice",
        ("first_player_chooses", "dealer_chooses", "redraw"),
    ),
    OptionSpec(
        "first_wd4",
        "First Wild Draw Four",
        "A Wild Draw Four turned up first is shuffled back into the stock, or put at the bottom "
        "(§2.4)",
        "choice",
        ("reshuffle", "bottom"),
    ),
    OptionSpec(
        "allow_voluntary_draw",
        "Draw when you could play",
        "You may draw a card even when you hold one you could play (§3.4.2)",
        "bool",
    ),
    OptionSpec(
        "wd4_bluffing",
        "Wild Draw Four bluffing",
        "A Wild Draw Four may be played while holding the colour, risking a challenge (§3.3.4)",
        "bool",
    ),
    OptionSpec(
        "two_player_rules",
        "Two-player rules",
        "With two players left, a Reverse acts as a Skip (§3.9)",
        "bool",
    ),
    OptionSpec(
        "mode",
        "Mistakes",
        "Strict: a card that does not match is refused; table: it costs 2 cards and the turn, "
        "as at a refereed table (§5.4)",
        "choice",
        ("strict", "table"),
    ),
    OptionSpec(
        "stacking",
        "Stacking",
        "Answer a Draw Two with a Draw Two (same) or with any draw card (mixed) and pass the sum "
        "on (§7.1)",
        "choice",
        ("off", "same", "mixed"),
    ),
    OptionSpec(
        "seven_o",
        "Seven-O",
        "A 7 swaps hands with a player you choose; a 0 passes every hand along (§7.2)",
        "bool",
    ),
    OptionSpec(
        "jump_in",
        "Jump-In",
        "Out of turn, play a card identical to the top card; play carries on from you (§7.3)",
        "bool",
    ),
    OptionSpec(
        "jump_in_self",
        "Jump-In on your own card",
        "With Jump-In, you may also jump in on the card you just played (§7.3.3)",
        "bool",
    ),
    OptionSpec(
        "elimination",
        "Elimination",
        "A player whose total reaches the threshold is out; the last one left wins (§7.5)",
        "bool",
    ),
    OptionSpec(
        "elimination_threshold",
        "Elimination threshold",
        "With Elimination, the total that puts a player out (§7.5.2)",
        "int",
    ),
    OptionSpec(
        "pirate",
        "Pirate",
        "Open hands; a card that does not match may be played, and stands unless someone calls "
        "the cheat (§7.6)",
        "bool",
    ),
    OptionSpec(
        "pirate_false_call_penalty",
        "False cheat call",
        "With Pirate, the cards drawn for calling a cheat on a fair play (§7.6.4)",
        "int",
    ),
    OptionSpec(
        "wild_downpour",
        "Wild Downpour",
        "Adds 2 Downpour Draw 1 and 2 Downpour Draw 2 wilds: everyone else draws 1 or 2 (§7.7)",
        "bool",
    ),
    OptionSpec(
        "custom_wild_effect",
        "Wild Customizable",
        "2018 deck only: what the three Wild Customizable cards do besides naming a colour (§7.10)",
        "choice",
        CUSTOM_WILD_EFFECTS,
    ),
    OptionSpec(
        "teams",
        "Teams",
        "Partners: 4 players, partners sit opposite and win or lose together (§7.12)",
        "choice",
        (None, "partners"),
    ),
    OptionSpec(
        "theme_cards",
        "Theme cards",
        "Theme-pack cards, each switched on by itself; every wild among them is added once (§7.11)",
        "set",
        THEME_CARDS,
        (
            "Replaces the Draw Twos: the next player draws 3 and misses their turn (§7.11.1)",
            "A wild that shows the hand of a player you choose to everyone (§7.11.2)",
            "A wild its holder puts down to block a card aimed at them (§7.11.3)",
            "A wild after which everyone may put one card beneath it (§7.11.4)",
            "A wild that swaps hands with a player you choose (§7.11.5)",
            "A wild: 1 to 3 players you choose each draw 1 to 3 cards (§7.11.6)",
            "Give a card to each other player, then lead any card you like (§7.11.7)",
            "A wild that shows you, and only you, the hand of a player you choose (§7.11.8)",
        ),
    ),
)

OPTIONS_BY_NAME: dict[str, OptionSpec] = {spec.name: spec for spec in OPTIONS}

_EFFECT_LABELS = {
    "none": "none (a plain Wild)",
    "skip": "skip the next player",
    "reverse": "reverse",
    "swap_hands": "swap hands with a player",
    "shuffle_hands": "shuffle all hands",
    "reveal": "reveal a player's hand",
    "all_discard_one": "everyone may discard one card",
}


# The theme cards by the names on their faces (plain_words and the web table name them so).
_MEMBER_LABELS: dict[str, dict[str, str]] = {
    "theme_cards": {
        "draw_three": "Draw Three",
        "howler": "Howler",
        "invisibility": "Invisibility",
        "care_a_lot": "Care-a-lot",
        "friendship": "Friendship",
        "joker": "Joker",
        "mambo": "Mambo",
        "travel": "Travel",
    }
}


def member_label(name: str, member: str) -> str:
    """One name of a set option as a player reads it: `care_a_lot` is "Care-a-lot"."""
    return _MEMBER_LABELS.get(name, {}).get(member, member.replace("_", " "))


def set_label(name: str, members: Any) -> str:
    """A set option's value in words, in the option's order: "Draw Three, Joker", or "none"."""
    spec = option_spec(name)
    chosen = [member_label(name, m) for m in spec.choices if m in members]
    return ", ".join(chosen) if chosen else "none"


def forced_options(values: Mapping[str, Any]) -> dict[str, tuple[Any, str]]:
    """The options that others among `values` (option name: control value) set, whatever
    their own control says: name -> (the value in force, the option that forces it). Pirate
    plays Seven-O (§7.6.6), so the Seven-O switch shows on and cannot be turned off."""
    return {"seven_o": (True, "Pirate")} if values.get("pirate") else {}


def option_spec(name: str) -> OptionSpec:
    try:
        return OPTIONS_BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown option {name!r}: choose from {list(OPTIONS_BY_NAME)}") from None


def choice_label(name: str, value: Any) -> str:
    """How a choice reads on screen: `teams` None is "none", `next_draws:2` reads in words."""
    if value is None:
        return "none"
    if name == "custom_wild_effect":
        kind, _, count = str(value).partition(":")
        if kind == "next_draws":
            return f"next player draws {count}"
        if kind == "others_draw":
            return f"everyone else draws {count}"
        return _EFFECT_LABELS.get(kind, kind.replace("_", " "))
    if not isinstance(value, str):
        return str(value)  # explicit team seat lists, which the screen shows but never offers
    return value.replace("_", " ")


def option_value(rules: Rules, name: str) -> Any:
    """The option as its control shows it (Wild Downpour as on/off, the theme cards as the
    frozenset of their names)."""
    option_spec(name)
    if name == "wild_downpour":
        return rules.wild_downpour is not None
    return getattr(rules, name)


def with_option(rules: Rules, name: str, value: Any) -> Rules:
    """`rules` with one option set from its control's value; a `RulesError` when invalid."""
    option_spec(name)
    if name == "wild_downpour":
        if not value:
            value = None
        elif rules.wild_downpour is not None:
            return rules  # switched on already: keep its card counts
        else:
            value = True  # §7.7.1: on without counts gives the default counts
    return rules.changed(**{name: value})


def described(name: str, choices: Any = ()) -> dict[str, Any]:
    """The words of option `name` for a client that draws its own controls: its label, help and
    kind, the `choices` (default: the option's own) each with its label, and for a set option
    its members, each with its label and help."""
    spec = option_spec(name)
    offered = list(choices) if choices else list(spec.choices)
    out: dict[str, Any] = {
        "label": spec.label,
        "help": spec.help,
        "kind": spec.kind,
        "order": OPTIONS.index(spec),
    }
    if spec.kind == "set":
        helps = dict(zip(spec.choices, spec.member_help, strict=False))
        out["members"] = [
            {"name": m, "label": member_label(name, m), "help": helps.get(m, "")} for m in offered
        ]
    elif offered:
        out["choices"] = offered
        out["choice_labels"] = [choice_label(name, value) for value in offered]
    return out
