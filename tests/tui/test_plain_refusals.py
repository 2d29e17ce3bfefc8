"""Line mode answers every refusal with a sentence, whatever card lies on top (issue 23: a wrong
card on a wild top ended the game with a traceback)."""

from __future__ import annotations

import pytest

from lastcard import IllegalActionError, Rules, apply, parse_action, player_view
from lastcard.words.refusals import refusal
from lastcard.words.style import PLAIN
from positions import position

THEMES = Rules.preset("themes")
# One top card of every kind, with a held card that does not match it (the colour is blue).
CLASSIC_TOPS = ["B5", "BS", "BR", "B+2", "W", "W+4"]
THEME_TOPS = ["B+3", "WH", "WI", "WCA", "WF", "WJ", "WM", "WT"]
TOPS = CLASSIC_TOPS + THEME_TOPS
NAMES = ["You", "Ada", "Basil"]


@pytest.mark.parametrize("top", TOPS)
def test_a_card_that_does_not_match_is_refused_in_words_on_every_top(top: str) -> None:
    rules = THEMES if top in THEME_TOPS else Rules()
    state = position(["R4 G7", "Y1 Y2", "G1 G2"], ["R1", top], rules=rules, color="b")
    action = parse_action("R4")
    with pytest.raises(IllegalActionError) as refused:
        apply(state, 0, action)
    said = refusal(refused.value, action, player_view(state, 0), NAMES, PLAIN)
    assert said.startswith("Red 4 does not match") and "play a blue card" in said
    assert said.endswith("or a wild."), said
