"""Closed capability gates (DESIGN.md §8): the compiled simulator and the unchecked `FastGame`
each name every option of `Rules` with the values they play, and play nothing else.

Adding an option to `Rules` fails `test_each_table_names_every_option_of_rules` until both
tables say what their player makes of it; until then both refuse every rules (an option they do
not know could change the game).
"""

from __future__ import annotations

import dataclasses

import pytest

from lastcard import Rules
from lastcard.core import unchecked, unchecked_coverage
from lastcard.core.capability import EVERY_VALUE, rule_fields, uncovered_option
from lastcard.sim.fast import support

TABLES = {"compiled simulator": support._COVERED, "unchecked game": unchecked_coverage.COVERED}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_table_names_every_option_of_rules(name: str) -> None:
    table = TABLES[name]
    assert set(table) == {f.name for f in dataclasses.fields(Rules)}
    assert rule_fields() == set(table)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_an_option_a_table_does_not_name_is_not_played(name: str) -> None:
    partial = {k: v for k, v in TABLES[name].items() if k != "turn_limit"}
    reason = uncovered_option(partial, Rules(), name)
    assert reason is not None and "turn_limit" in reason


@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_listed_value_is_a_value_of_its_option(name: str) -> None:
    # A table cannot cover a value by a typo: each listed value is one `Rules` accepts.
    for option, values in TABLES[name].items():
        if values is EVERY_VALUE:
            continue
        for value in values:
            Rules(**{option: value})


def test_pirate_is_refused_by_its_own_entry() -> None:
    # Pirate's cheat plays and window are no part of either player. Today Pirate also brings
    # Seven-O (§7.6.1), which both refuse; each table still refuses Pirate on its own account.
    for table in TABLES.values():
        assert table["pirate"] == (False,)
        without_seven_o = {**table, "seven_o": EVERY_VALUE}
        reason = uncovered_option(without_seven_o, Rules(pirate=True), "player")
        assert reason is not None and "pirate=True" in reason
    assert unchecked.unsupported(Rules()) is None
    assert support.unsupported(Rules(), ["random"]) is None


@pytest.mark.parametrize(
    "rules",
    [
        Rules(stacking="same"),
        Rules(seven_o=True),
        Rules(mode="table"),
        Rules(deck="2018"),
        Rules(theme_cards={"joker"}),
    ],
    ids=["stacking", "seven_o", "table", "2018", "themes"],
)
def test_the_unchecked_game_refuses_what_adds_a_decision_or_a_card(rules: Rules) -> None:
    assert unchecked.unsupported(rules) is not None
