"""What a browser reads before it opens a table (`/api/presets`): the presets, the bot levels,
the turn lengths, and every rule option with its choices and its words (`lastcard.words`)."""

from __future__ import annotations

import functools
from typing import Any

from lastcard.core import Rules, RulesError
from lastcard.core.rules import OPTION_CHOICES, THEME_CARDS
from lastcard.words import PRESET_HELP
from lastcard.words.options import OPTIONS_BY_NAME, described

from .protocol import TURN_SECONDS
from .seating import LEVELS


def presets_catalogue() -> dict[str, Any]:
    """The presets a web table may start from and every option the rules form offers."""
    official = Rules()
    options: dict[str, Any] = {}
    for name, value in official.to_dict().items():
        options[name] = {"default": value, "type": type(value).__name__}
    for name, choices in OPTION_CHOICES.items():
        options[name]["choices"] = list(choices)
    options["theme_cards"]["choices"] = list(supported_theme_cards())
    for name, option in options.items():  # the words of lastcard.words.options
        if name in OPTIONS_BY_NAME:
            option.update(described(name, option.get("choices", ())))
    return {
        "presets": [
            {
                "name": name,
                "description": PRESET_HELP.get(name, ""),
                "rules": Rules.preset(name).to_dict(),
            }
            for name in Rules.presets()
            # Table mode penalises wrong cards, which this table's hand cannot choose
            # (it offers only the cards that match): it is played in the terminal.
            if Rules.preset(name).mode == "strict"
        ],
        "levels": list(LEVELS),
        "turn_seconds": list(TURN_SECONDS),
        "options": options,
    }


@functools.cache
def supported_theme_cards() -> tuple[str, ...]:
    """The theme cards (RULES.md §7.11) this engine plays, in its order: the rules form offers
    these, so a card the engine still refuses is never on offer."""
    supported = []
    for name in THEME_CARDS:
        try:
            Rules(theme_cards=frozenset({name}))
        except RulesError:
            continue
        supported.append(name)
    return tuple(supported)
