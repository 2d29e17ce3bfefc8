"""Capability tables: which house rules a faster player of the game covers, closed-world.

The reference engine plays every `Rules`. A faster player (the compiled simulator,
`sim.fast`; the unchecked `FastGame` of search and the RL environments) plays some of them, and
must refuse the rest rather than play them with other rules. Each states what it covers as a
table naming **every** field of `Rules` with the values it plays (`EVERY_VALUE`: any). An option
the table does not name is not covered, so a house rule added to `Rules` later runs on the
reference engine until someone decides, in that table, what the faster player makes of it; a
test compares each table's names with `Rules`' fields.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from .rules import Rules

EVERY_VALUE = None
"""A table entry meaning: every value of the option is covered."""

Coverage = Mapping[str, tuple[Any, ...] | None]


@functools.cache
def rule_fields() -> frozenset[str]:
    """The names of every option of `Rules` (what a capability table must name)."""
    return frozenset(f.name for f in dataclasses.fields(Rules))


def uncovered_option(coverage: Coverage, rules: Rules, who: str) -> str | None:
    """Why `who` cannot play `rules` by `coverage`, or None when it can: the first option
    `coverage` does not name, or whose value it does not list."""
    unknown = sorted(rule_fields() - coverage.keys())
    if unknown:
        return f"{who} does not know the option {unknown[0]} (nobody has said how it plays it)"
    for name, values in coverage.items():
        value = getattr(rules, name)
        if values is not EVERY_VALUE and value not in values:
            shown = sorted(value) if isinstance(value, frozenset) else value
            return f"{who} does not play {name}={shown!r} yet"
    return None
