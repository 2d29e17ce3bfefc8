"""The arguments both environments take: rules, reward, rendering and `reset` options."""

from __future__ import annotations

from typing import Any

from lastcard.core import LastcardError, Rules

from .rewards import REWARDS


def checked_rules(
    players: int, rules: Rules | str | None, reward: str, render_mode: str | None
) -> Rules:
    """The rules for `players` seats (a `Rules`, a preset's name, or None for the official
    rules), once the reward and the render mode are known ones."""
    if reward not in REWARDS:
        raise LastcardError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    if render_mode not in (None, "ansi"):
        raise LastcardError(f"render_mode is None or 'ansi', not {render_mode!r}")
    checked = rules_of(rules)
    checked.check_players(players)
    return checked


def table_options(options: dict[str, Any] | None) -> tuple[int | None, list[str] | None]:
    """The `dealer` and stacked `deck` a `reset`'s options may give; other keys are ignored, as
    PettingZoo's and Gymnasium's conventions want."""
    options = options or {}
    return options.get("dealer"), options.get("deck")


def rules_of(rules: Rules | str | None) -> Rules:
    """`Rules`, a preset's name, or None for the official rules."""
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    if isinstance(rules, Rules):
        return rules
    raise LastcardError(f"rules are a Rules or a preset's name, not {rules!r}")
