"""The house-rule options offered to a player: all of the engine's, each valid or refused."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from textual.binding import Binding

from lastcard.core import Rules
from lastcard.core.errors import RulesError
from lastcard.tui.app import PlayApp
from lastcard.tui.help_text import KEYS_MARKDOWN, house_rules, rules_markdown
from lastcard.tui.pacing import CATCH_WINDOW, UNO_GRACE
from lastcard.tui.table import TableScreen
from lastcard.words.options import (
    OPTIONS,
    OPTIONS_BY_NAME,
    UNSUPPORTED,
    OptionSpec,
    choice_label,
    option_value,
    with_option,
)

RULES_FIELDS = [f.name for f in dataclasses.fields(Rules)]


def sample_values(spec: OptionSpec) -> list[Any]:
    """Every value a control can give for `spec`, plus out-of-range numbers."""
    if spec.kind == "bool":
        return [True, False]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "set":  # none, each member alone, all of them
        members = [frozenset({member}) for member in spec.choices]
        return [frozenset(), *members, frozenset(spec.choices)]
    values: list[Any] = [-1, 0, 1, 7, 15, 16, 500, 10_000]
    return [None, *values] if spec.kind == "optional_int" else values


def test_every_rules_field_is_offered_or_listed_as_unsupported() -> None:
    offered = [spec.name for spec in OPTIONS]
    assert len(offered) == len(set(offered)) == len(OPTIONS_BY_NAME)
    assert not set(offered) & set(UNSUPPORTED)
    assert sorted(offered + list(UNSUPPORTED)) == sorted(RULES_FIELDS)
    assert all(UNSUPPORTED.values())


def test_7_11_every_theme_card_the_engine_plays_is_offered() -> None:
    """The theme cards were listed as unsupported until the engine played them (§7.11)."""
    spec = OPTIONS_BY_NAME["theme_cards"]
    assert spec.kind == "set"
    assert set(spec.choices) == set(Rules.preset("themes").theme_cards)
    assert len(spec.member_help) == len(spec.choices)
    assert all(help_line.strip() and "§7.11." in help_line for help_line in spec.member_help)
    assert with_option(Rules(), "theme_cards", frozenset(spec.choices)) == Rules.preset("themes")


def test_unsupported_values_are_not_offered() -> None:
    assert OPTIONS_BY_NAME["teams"].choices == (None, "partners")
    assert OPTIONS_BY_NAME["mode"].choices == ("strict", "table")


@pytest.mark.parametrize("spec", OPTIONS, ids=lambda spec: spec.name)
def test_each_value_gives_valid_rules_or_a_rules_error(spec: OptionSpec) -> None:
    valid = 0
    for value in sample_values(spec):
        try:
            rules = with_option(Rules(), spec.name, value)
        except RulesError:
            assert spec.kind in ("int", "optional_int"), f"{spec.name}={value!r} refused"
            continue
        valid += 1
        assert option_value(rules, spec.name) == value
        assert Rules.from_dict(rules.to_dict()) == rules
    assert valid >= 2


@pytest.mark.parametrize("spec", OPTIONS, ids=lambda spec: spec.name)
def test_the_default_is_the_official_game(spec: OptionSpec) -> None:
    value = option_value(Rules(), spec.name)
    assert with_option(Rules(), spec.name, value) == Rules()
    if spec.kind == "choice":
        assert spec.choices[0] == value
    if spec.kind == "set":
        assert value == frozenset()  # the official game has no theme cards
    assert spec.kind in ("bool", "choice", "int", "optional_int", "set")
    assert bool(spec.choices) == (spec.kind in ("choice", "set"))


@pytest.mark.parametrize("spec", OPTIONS, ids=lambda spec: spec.name)
def test_labels_and_help_are_one_line(spec: OptionSpec) -> None:
    assert spec.label.strip() and "\n" not in spec.label
    assert spec.help.strip() and "\n" not in spec.help
    assert "§" in spec.help  # where RULES.md specifies it


def test_numbers_out_of_range_are_refused() -> None:
    for name, value in [("hand_size", 0), ("hand_size", 16), ("target_score", 0)]:
        with pytest.raises(RulesError):
            with_option(Rules(), name, value)
    assert with_option(Rules(), "target_score", None).target_score is None
    assert with_option(Rules(), "elimination_threshold", 250).elimination_threshold == 250


def test_wild_downpour_is_shown_as_on_or_off() -> None:
    on = with_option(Rules(), "wild_downpour", True)
    assert on == Rules.preset("h2o")
    assert option_value(on, "wild_downpour") is True
    assert option_value(Rules(), "wild_downpour") is False
    assert with_option(on, "wild_downpour", False) == Rules()
    # Switching it "on" again keeps counts chosen elsewhere.
    counted = Rules(wild_downpour={"draw1": 3, "draw2": 1})
    assert with_option(counted, "wild_downpour", True) == counted
    assert with_option(counted, "seven_o", True).wild_downpour == counted.wild_downpour


def test_invalid_combinations_raise_rules_error() -> None:
    with pytest.raises(RulesError, match="elimination"):
        with_option(Rules(teams="partners"), "elimination", True)
    with pytest.raises(RulesError, match="alternative"):
        with_option(Rules(teams="partners"), "scoring", "alternative")
    # §7.11.4: the discard round is played now, so the Wild Customizable may carry it.
    care = with_option(Rules(deck="2018"), "custom_wild_effect", "all_discard_one")
    assert care == Rules(deck="2018", custom_wild_effect="all_discard_one")


def test_unknown_option_names_are_refused() -> None:
    with pytest.raises(KeyError, match="stackng"):
        option_value(Rules(), "stackng")
    with pytest.raises(KeyError, match="pirate_uno"):
        with_option(Rules(), "pirate_uno", True)


def test_choice_labels() -> None:
    assert choice_label("teams", None) == "none"
    assert choice_label("teams", "partners") == "partners"
    assert choice_label("custom_wild_effect", "next_draws:2") == "next player draws 2"
    assert choice_label("custom_wild_effect", "others_draw:3") == "everyone else draws 3"
    assert choice_label("first_wild", "first_player_chooses") == "first player chooses"
    for spec in OPTIONS:
        labels = [choice_label(spec.name, choice) for choice in spec.choices]
        assert len(set(labels)) == len(labels), spec.name


# -- the rules help, which lists the options a game changes --------------------------------


def test_the_official_game_has_no_house_rules() -> None:
    text = rules_markdown(Rules())
    assert house_rules(Rules()) == []
    assert "## House rules in this game\n\nNone: the official game." in text
    assert "first player to reach 500 points wins" in text
    for topic in ("Skip", "Reverse", "Draw Two", "Wild Draw Four", "challenge", "Uno"):
        assert topic in text


def test_house_rules_are_listed_with_their_help() -> None:
    rules = Rules.preset("party").changed(target_score=None)
    listed = [spec.name for spec, _ in house_rules(rules)]
    assert listed == ["target_score", "stacking", "seven_o", "jump_in"]
    text = rules_markdown(rules)
    section = text.split("## House rules in this game", 1)[1]
    for name in listed:
        assert OPTIONS_BY_NAME[name].help in section
    assert "**Stacking**: same." in section
    assert "**Target score**: a single hand." in section
    assert "None: the official game." not in text
    assert "single hand" in text.split("##", 2)[0]  # the aim says how the game ends


def test_the_summary_follows_the_rules_in_force() -> None:
    no_bluff = rules_markdown(Rules(wd4_bluffing=False))
    assert "can never be challenged" in no_bluff
    assert "**Wild Draw Four bluffing**: off." in no_bluff
    eliminate = rules_markdown(Rules(elimination=True, elimination_threshold=300))
    assert "300 points are out" in eliminate
    assert "Wild Shuffle Hands" in rules_markdown(Rules(deck="2018"))
    assert "Wild Shuffle Hands" not in rules_markdown(Rules())


def test_keys_help_names_every_key() -> None:
    for key in ("←", "→", "1–9", "0", "Enter", "space", "?", "click"):
        assert key in KEYS_MARKDOWN
    for letter, word in [
        ("d", "draw"),
        ("k", "keep"),
        ("p", "play the card you drew"),
        ("u", "call Uno"),
        ("c", "catch"),
        ("x", "challenge"),
        ("a", "accept"),
        ("s", "save"),
        ("n", "new game"),
        ("q", "quit"),
    ]:
        assert f"| {letter} | {word}" in KEYS_MARKDOWN


def test_keys_help_names_every_key_the_table_and_the_app_bind() -> None:
    """`l` (the story) was bound at the table but missing from the help's table of keys."""
    column = " ".join(
        line.split("|")[1] for line in KEYS_MARKDOWN.splitlines() if line.startswith("| ")
    )
    shown = {"left": "←", "right": "→", "enter": "Enter", "question_mark": "?"}
    for binding in [*TableScreen.BINDINGS, *PlayApp.BINDINGS]:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            if key.isdigit():
                assert "1–9, 0" in column
            else:
                assert shown.get(key, key) in column.split(), f"{key} is not in the help"


def test_the_help_explains_the_time_to_call_and_to_catch() -> None:
    assert f"{UNO_GRACE:g} seconds" in KEYS_MARKDOWN
    assert f"{CATCH_WINDOW:g} seconds" in KEYS_MARKDOWN
    assert "press **u** late" in KEYS_MARKDOWN and "press **c**" in KEYS_MARKDOWN
