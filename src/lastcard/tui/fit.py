"""Fitting the table to the terminal, so that your hand and the decision are always in sight.

The table is a column: the opponents, then the discard pile beside your own panel, the status
line (what you may decide), your hand and the buttons. On a small terminal, or with many
players, it does not fit whole. What gives way, in this order:

1. the opponents: from a bordered panel each (`panels`) to one line each (`lines`), laid out
   in as many columns as the width holds;
2. the borders of the pile and of your own panel (`flat_middle`);
3. your hand: down to one row of cards, scrolling to the selected one, so that every opponent
   stays in sight (with ten players and a long hand at 80×24 the opponents' area had shrunk
   to one line: six opponents out of sight, one on his last card perhaps among them);
4. last, the opponents' area: it keeps at least one line and scrolls (the player to act is
   scrolled into view).

The status line and the buttons never give way. `fit_table` decides from the sizes alone, so
the rule is tested without a screen.

Under Pirate every hand is open (§7.6.2): a panel lists its opponent's cards under its three
lines, packed into as many rows as they need (`pack`, the same packing the panel draws with);
on one line an opponent takes a whole row, its cards after the count, cut where the row ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

PANEL_WIDTH = 24
PANEL_HEIGHT = 5  # three lines in a border
LINE_WIDTH = 24  # an opponent on one line: name, cards, badge, score
CARD_WIDTH = 8
CARD_HEIGHT = 4
GAP = 1  # between two panels, lines or cards on a row
HAND_PADDING = 2  # the hand's left and right padding
BORDER = 2  # a border's top and bottom lines
ACTIONS_HEIGHT = 1
SCROLLBAR = 2  # a vertical scroll bar's width
PANEL_INSIDE = PANEL_WIDTH - 4  # a panel's text width: inside its border and padding
MIDDLE_WIDTH = 32 + PANEL_WIDTH  # the pile and your panel side by side, each in its border,
# their longest lines unwrapped (play.tcss); narrower (the story shown at 80 columns), they go flat

OpponentStyle = Literal["panels", "lines"]


@dataclass(frozen=True)
class TableFit:
    """How the table is drawn at one size."""

    opponents: OpponentStyle
    flat_middle: bool  # the pile and your panel without borders
    seats_height: int  # rows for the opponents (they scroll within it when they need more)
    hand_height: int  # rows for your hand (it scrolls when it needs more)
    opponent_columns: int  # opponents side by side, in the style chosen
    hand_columns: int  # cards side by side
    card_rows: int = 0  # rows of open cards in a panel (Pirate, §7.6.2)

    @property
    def panel_height(self) -> int:
        """A panel's height with its open cards (one line in the `lines` style)."""
        return 1 if self.opponents == "lines" else PANEL_HEIGHT + self.card_rows


def per_row(width: int, item_width: int) -> int:
    """How many items of `item_width`, `GAP` apart, fit in `width` (at least one)."""
    return max(1, (width + GAP) // (item_width + GAP))


def rows_for(items: int, columns: int) -> int:
    return -(-items // columns)  # ceiling division


def pack(widths: Sequence[int], width: int) -> list[int]:
    """How many items go on each row when items of `widths`, `GAP` apart, are laid in order
    along rows of `width` (an item wider than a row gets a row of its own).

    >>> pack([3, 3, 4, 6, 3], 10)
    [2, 1, 2]
    """
    rows: list[int] = []
    used = 0
    for item in widths:
        if rows and used + GAP + item <= width:
            rows[-1] += 1
            used += GAP + item
        else:
            rows.append(1)
            used = item
    return rows


def fit_table(
    *,
    width: int,
    height: int,
    opponents: int,
    middle_lines: int,
    status_lines: int,
    cards: int,
    open_hands: Sequence[Sequence[int]] = (),
) -> TableFit:
    """The fit for a board of `width` × `height` cells with `opponents` seats to show, a pile
    panel of `middle_lines` lines (without its border), a status of `status_lines` lines and
    `cards` cards in your hand. `open_hands`: under Pirate, the width of each card of each
    opponent's hand as a panel draws it (empty when hands are hidden)."""
    hand_columns = per_row(width - HAND_PADDING, CARD_WIDTH)
    hand = rows_for(cards, hand_columns) * CARD_HEIGHT
    fixed = status_lines + ACTIONS_HEIGHT + hand
    card_rows = max((len(pack(widths, PANEL_INSIDE)) for widths in open_hands), default=0)
    panel_columns = per_row(width, PANEL_WIDTH)
    panels = rows_for(opponents, panel_columns) * (PANEL_HEIGHT + card_rows)
    # Open hands need the width: one opponent to a line.
    line_columns = 1 if open_hands else per_row(width, LINE_WIDTH)
    lines = rows_for(opponents, line_columns)
    flat = width < MIDDLE_WIDTH
    boxed = middle_lines + (0 if flat else BORDER)

    if panels + boxed + fixed <= height:
        seats = height - boxed - fixed
        return TableFit("panels", flat, seats, hand, panel_columns, hand_columns, card_rows)
    if lines + boxed + fixed <= height:
        return TableFit("lines", flat, height - boxed - fixed, hand, line_columns, hand_columns)
    room = height - middle_lines - status_lines - ACTIONS_HEIGHT  # for the seats and the hand
    # Every opponent's line while the hand keeps a row of cards; then the hand's row first.
    seats = max(min(lines, 1), room - hand, min(lines, room - CARD_HEIGHT))
    if seats + hand > room:  # the hand scrolls, and its scroll bar takes columns from the cards
        hand_columns = per_row(width - HAND_PADDING - SCROLLBAR, CARD_WIDTH)
        hand = rows_for(cards, hand_columns) * CARD_HEIGHT
    hand_height = max(min(hand, CARD_HEIGHT), min(hand, room - seats))
    return TableFit("lines", True, seats, hand_height, line_columns, hand_columns)
