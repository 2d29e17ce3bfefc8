"""`fit_table`: what gives way, and in which order, when the table does not fit."""

from __future__ import annotations

import pytest

from lastcard.tui.fit import CARD_HEIGHT, TableFit, fit_table, per_row, rows_for


def fit(width: int, height: int, opponents: int, cards: int, **sizes: int) -> TableFit:
    return fit_table(
        width=width,
        height=height,
        opponents=opponents,
        middle_lines=sizes.get("middle_lines", 4),
        status_lines=sizes.get("status_lines", 2),
        cards=cards,
    )


def test_per_row_and_rows_for() -> None:
    assert per_row(80, 24) == 3 and per_row(74, 24) == 3 and per_row(73, 24) == 2
    assert per_row(5, 24) == 1  # one at least, however narrow
    assert (rows_for(9, 3), rows_for(10, 3), rows_for(0, 3)) == (3, 4, 0)


def test_room_enough_keeps_the_bordered_panels() -> None:
    result = fit(100, 43, 9, 12)  # 150×45, the story beside the board
    assert result.opponents == "panels" and not result.flat_middle
    assert result.opponent_columns == 4 and result.hand_columns == 11
    assert result.hand_height == 2 * CARD_HEIGHT  # the whole hand


def test_ten_players_at_80_by_24_go_one_line_each() -> None:
    result = fit(80, 22, 9, 7)
    assert result.opponents == "lines" and not result.flat_middle
    assert result.opponent_columns == 3
    assert result.seats_height >= 3  # three lines of three opponents
    assert result.hand_height == CARD_HEIGHT


def test_then_the_pile_and_your_panel_lose_their_borders() -> None:
    # Eleven cards (two rows), a pending draw (five pile lines) and a four-line status: boxed,
    # that makes 3 + 7 + 4 + 8 + 1 = 23 rows.
    result = fit(80, 22, 9, 11, middle_lines=5, status_lines=4)
    assert result.opponents == "lines" and result.flat_middle
    assert result.seats_height == 4 and result.hand_height == 2 * CARD_HEIGHT  # all the rest


def test_then_the_hand_gives_way_to_one_row_and_last_the_opponents() -> None:
    result = fit(80, 16, 9, 11, middle_lines=5, status_lines=3)
    # 16 rows: 5 for the flat pile, 3 status, 1 buttons; 7 left for the seats and the hand:
    # the nine opponents' three lines, and one row of cards that scrolls to the selected one.
    assert result.flat_middle
    assert result.seats_height == 3
    assert result.hand_height == CARD_HEIGHT
    small = fit(80, 13, 9, 11, middle_lines=5, status_lines=3)  # 4 rows: the hand's row
    assert small.seats_height == 1 and small.hand_height == CARD_HEIGHT
    tiny = fit(80, 10, 9, 11, middle_lines=5, status_lines=3)
    assert tiny.hand_height == CARD_HEIGHT  # one row of cards, whatever happens


@pytest.mark.parametrize("cards", range(11, 41))
def test_2_at_80_by_24_ten_players_stay_in_sight_however_long_your_hand(cards: int) -> None:
    # Past about 17 cards the opponents' area shrank to one line: 3 of the 9 in sight, with
    # nothing to say that the others were there.
    for middle_lines, status_lines in ((4, 2), (5, 3)):
        result = fit(80, 22, 9, cards, middle_lines=middle_lines, status_lines=status_lines)
        lines = -(-9 // result.opponent_columns)
        assert result.opponents == "lines" and result.seats_height >= lines
        assert result.hand_height >= CARD_HEIGHT


@pytest.mark.parametrize("opponents", range(1, 10))
@pytest.mark.parametrize("cards", [1, 7, 11, 20])
def test_at_80_by_24_the_hand_status_and_pile_always_fit(opponents: int, cards: int) -> None:
    for middle_lines, status_lines in ((4, 2), (5, 3), (5, 4)):
        result = fit(80, 22, opponents, cards, middle_lines=middle_lines, status_lines=status_lines)
        border = 0 if result.flat_middle else 2
        used = result.seats_height + middle_lines + border + status_lines + 1
        assert used + result.hand_height <= 22
        assert result.seats_height >= 1


def test_a_scrolling_hand_leaves_its_scroll_bar_room() -> None:
    # 80 columns hold 8 cards a row (78 inside the padding); with a scroll bar, 8 still fit
    # (76); at 74 columns, 8 fit (72) but not beside a scroll bar (70): 7 a row.
    assert fit(80, 12, 9, 20, middle_lines=4, status_lines=2).hand_columns == 8
    assert fit(74, 40, 9, 20).hand_columns == 8  # room enough: no scroll bar
    squeezed = fit(74, 12, 9, 20, middle_lines=4, status_lines=2)
    assert squeezed.hand_columns == 7 and squeezed.hand_height < rows_for(20, 7) * CARD_HEIGHT
