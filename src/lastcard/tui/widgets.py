"""The pieces of the table: opponents, the pile, the hand's cards.

Each widget draws from a `PlayerView` (never a `GameState`) plus the seat names, so the table
shows exactly what the person may know. Every card reads without colour: its colour letter and
shape (`lastcard.tui.faces`) are part of the text. Under Pirate every hand is open (§7.6.2), and
each opponent's cards are drawn with its panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.message import Message
from textual.widgets import Button, Static

from lastcard.core import Action, ActionKind, Card, PlayerView

from .faces import (
    CHEAT_MARK,
    card_label,
    card_style,
    card_text,
    color_text,
    face_lines,
    hand_order,
)
from .fit import PANEL_INSIDE, pack
from .plain_words import cards_count
from .uno_calls import UnoCalls

DIRECTION_NAMES = {1: "↻ clockwise", -1: "↺ counter-clockwise"}


class OpponentPanel(Static):
    """One opponent: name, bot level, card count, Uno badge, score, whose turn.

    Two styles (`lastcard.tui.fit`): a bordered panel of three lines, or, when space runs out,
    a single line (class `line`) that keeps what matters during play (who acts, the count, the
    badge) and then the score; the level and the dealer are in its tooltip. The player to act
    is marked with `▶` as well as by colour. Under Pirate the opponent's cards follow: on rows
    of their own in a panel, after the score on a line (and whole in its tooltip).
    """

    def __init__(self, seat: int, name: str, level: str, *, partner: bool = False) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat-panel")
        self.seat = seat
        self.seat_name = name
        self.level = level
        self.partner = partner  # on the person's team (§7.12)
        if partner:
            self.border_title = "your partner"

    @property
    def one_line(self) -> bool:
        return self.has_class("line")

    def show(self, view: PlayerView, calls: UnoCalls) -> None:
        seat = self.seat
        count = view.hand_sizes[seat]
        cards = f"{count} card{'s' if count != 1 else ''}"
        badge = calls.badge(view, seat)
        to_act = view.to_act == seat
        open_hand = open_cards(view, seat)
        if self.one_line:
            text = Text(no_wrap=True, overflow="ellipsis")
            text.append("▶ " if to_act else "  ", style="bold")
            text.append(self.seat_name, style="bold")
            text.append(f" {cards}")
            if not view.active[seat]:
                text.append(" out", style="dim")
            if badge is not None:
                text.append(" ")
                text.append(badge)
            if self.partner:
                text.append(" partner", style="dim")
            text.append(f" · {view.scores[seat]} pts", style="dim")
            if open_hand is not None:
                text.append(" │ ", style="dim")
                text.append(Text(" ").join(card_text(card) for card in open_hand))
            dealer = ", the dealer" if view.dealer == seat else ""
            holds = ""
            if open_hand is not None:
                holds = ": " + " ".join(card_label(card) for card in open_hand)
            self.tooltip = (
                f"{self.seat_name} ({self.level}): {cards}, score {view.scores[seat]}{dealer}"
                + holds
            )
        else:
            text = Text()
            text.append(self.seat_name, style="bold")
            text.append(f"  {self.level}\n", style="dim")
            text.append(cards)
            if not view.active[seat]:
                text.append("  out", style="dim")
            if badge is not None:
                text.append("  ")
                text.append(badge)
            text.append(f"\nscore {view.scores[seat]}", style="dim")
            if view.dealer == seat:
                text.append("  dealer", style="dim")
            if open_hand is not None:
                text.append(open_rows(open_hand))
            self.tooltip = None
        self.update(text)
        self.set_class(to_act, "to-act")
        self.set_class(not view.active[seat], "eliminated")


def open_cards(view: PlayerView, seat: int) -> tuple[Card, ...] | None:
    """`seat`'s cards in hand order when hands are open (Pirate, §7.6.2), else None."""
    if view.open_hands is None:
        return None
    return hand_order(view.open_hands[seat])


def open_rows(cards: Sequence[Card]) -> Text:
    """The cards on rows of a panel's width, each row begun on a new line; packed as
    `lastcard.tui.fit` counts them."""
    text = Text()
    rest = list(cards)
    for count in pack([len(card_label(card)) for card in cards], PANEL_INSIDE):
        row, rest = rest[:count], rest[count:]
        text.append("\n")
        text.append(Text(" ").join(card_text(card) for card in row))
    return text


class PileView(Static):
    """The discard pile's top card, the current colour, the direction, the stock."""

    @staticmethod
    def lines(view: PlayerView) -> int:
        """How many lines `show` writes (a pending draw adds one); never fewer than `MePanel`'s
        three, which stands beside it."""
        return 5 if view.pending_draw else 4

    def show(self, view: PlayerView, names: Sequence[str]) -> None:
        top = view.top
        declared = view.color if top.is_wild else None
        line1, line2 = face_lines(top, declared)
        style = card_style(top, declared)
        text = Text()
        text.append("Discard  ", style="dim")
        text.append(f" {line1} {line2} ", style=f"reverse {style}")
        text.append("\nColour   ")
        text.append(color_text(view.color) if view.color is not None else Text("none yet"))
        text.append("\nPlay     ")
        text.append(DIRECTION_NAMES[view.direction], style="bold")
        text.append(f"\nStock    {cards_count(view.stock_size)}")
        if view.pending_draw:
            text.append(f"\nPending  +{view.pending_draw} to draw", style="bold red")
        self.update(text)


class CardWidget(Static):
    """One card of the person's hand: a small box with its colour mark and value.

    Classes: `playable` (legal now), `selected` (the keyboard's cursor), `drawn` (the card just
    drawn, the only one playable then), `cheat` (under Pirate, playable as a cheat only: its
    bottom edge carries `CHEAT_MARK`, so it reads without colour).
    """

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, card: Card, index: int) -> None:
        super().__init__(classes="card")
        self.card = card
        self.index = index
        line1, line2 = face_lines(card)
        self.update(Text(f"{line1}\n{line2}", style=f"bold {card_style(card)}"))
        self.tooltip = card_text(card).plain

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.index))


class MePanel(Static):
    """The person's own panel: card count, Uno badge, score, dealer, out."""

    def show(self, view: PlayerView, calls: UnoCalls) -> None:
        me = view.seat
        assert me is not None, "the panel shows a player's own view"
        count = len(view.hand or ())
        text = Text()
        text.append("You", style="bold")
        text.append(f"\n{count} card{'s' if count != 1 else ''}")
        if not view.active[me]:
            text.append("  out", style="bold")
        badge = calls.badge(view, me)
        if badge is not None:
            text.append("  ")
            text.append(badge)
        text.append(f"\nscore {view.scores[me]}", style="dim")
        if view.dealer == me:
            text.append("  dealer", style="dim")
        self.update(text)


class HandView(Container):
    """The person's hand as `CardWidget`s in hand order, with the keyboard's cursor."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[Card, ...] = ()

    def show(
        self,
        view: PlayerView,
        actions: Sequence[Action],
        selected: int,
        *,
        seek_playable: bool = False,
        cheats: frozenset[Card] = frozenset(),
    ) -> int:
        """Draw the hand; returns the cursor, moved where the hand's changes require.

        `seek_playable` (after a transition, not after the person moved the cursor): a cursor
        on a card that cannot be played moves to the first one that can, so that Enter plays;
        a fair one before a cheat (`cheats`: under Pirate, the cards whose play is one)."""
        hand = hand_order(view.hand or ())
        # The cards that Enter would use now: plays, a discard round's discards (§7.11.4), a
        # Mambo's gifts and its lead (§7.11.7).
        playable = {a.card for a in actions if a.kind in CARD_KINDS}
        if hand != self.cards:
            # The cursor stays on its card as the hand changes; a drawn card takes it.
            chosen = self.cards[selected] if selected < len(self.cards) else None
            self.cards = hand
            self.remove_children()
            self.mount_all(CardWidget(card, index) for index, card in enumerate(hand))
            if view.drawn is not None and view.drawn in hand:
                selected = hand.index(view.drawn)
            elif chosen is not None and chosen in hand:
                selected = hand.index(chosen)
        selected = max(0, min(selected, len(hand) - 1))
        jump_in = view.to_act != view.seat
        fair = playable - cheats
        if seek_playable and fair and hand and hand[selected] not in fair:
            selected = next(i for i, card in enumerate(hand) if card in fair)
        if (seek_playable or jump_in) and playable and hand and hand[selected] not in playable:
            # On a jump-in, always: Enter should do what the status line says.
            selected = next(i for i, card in enumerate(hand) if card in playable)
        for widget in self.query(CardWidget):
            widget.set_class(widget.card in playable, "playable")
            widget.set_class(widget.card in cheats, "cheat")
            widget.border_subtitle = CHEAT_MARK if widget.card in cheats else None
            widget.set_class(widget.index == selected, "selected")
            widget.set_class(view.drawn is not None and widget.card is view.drawn, "drawn")
            # The number key that selects it.
            widget.border_title = str((widget.index + 1) % 10) if widget.index < 10 else None
        return selected


CARD_KINDS = frozenset(
    {ActionKind.PLAY, ActionKind.DISCARD, ActionKind.GIVE, ActionKind.LEAD},
)
"""The actions that use a card of the hand: choosing the card does them."""

# The buttons under the hand: (id, label, the action kind that enables it).
BUTTONS: tuple[tuple[str, str, ActionKind], ...] = (
    ("draw", "Draw (d)", ActionKind.DRAW),
    ("play-drawn", "Play drawn (p)", ActionKind.PLAY),
    ("keep", "Keep (k)", ActionKind.KEEP),
    ("uno", "UNO! (u)", ActionKind.UNO),
    ("catch", "Catch (c)", ActionKind.CATCH),
    ("challenge", "Challenge (x)", ActionKind.CHALLENGE),
    ("accept", "Accept (a)", ActionKind.ACCEPT),
    ("decline", "Decline (d)", ActionKind.DECLINE),
    ("pass", "Let it stand (p)", ActionKind.PASS),
    ("cheat", "Call a cheat (c)", ActionKind.CHEAT),
    ("block", "Block (b)", ActionKind.BLOCK),
    ("allow", "Allow (a)", ActionKind.ALLOW),
)


class ActionBar(Horizontal):
    """A button per kind of decision; only those possible now are shown (a Catch button while
    someone can be caught, Challenge and Accept after a Wild Draw Four, Decline in a discard
    round, Block and Allow to the holder of an Invisibility card, ...)."""

    def compose(self) -> ComposeResult:
        for button_id, label, _ in BUTTONS:
            button = Button(label, id=button_id, compact=True)
            button.can_focus = False  # keys belong to the table, not to a button
            yield button

    def show(self, view: PlayerView, actions: Sequence[Action]) -> None:
        kinds = {a.kind for a in actions}
        for button_id, _, kind in BUTTONS:
            enabled = kind in kinds
            if button_id == "play-drawn":
                enabled = view.drawn is not None and kind in kinds
            elif button_id == "uno":  # owed now, or to arm with a penultimate play
                enabled = kind in kinds or any(a.uno for a in actions)
            button = self.query_one(f"#{button_id}", Button)
            button.disabled = not enabled
            button.display = enabled
