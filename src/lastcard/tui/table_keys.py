"""The keys and clicks of the table (`TableScreen`): what each key does, turned into actions,
and the pickers that narrow a play with a choice (colour, target, a Joker's seats and count).

`TableKeys` is the part of the table screen that acts; the screen itself (`lastcard.tui.table`)
draws the game and runs the bots, and supplies what is declared here without a body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button

from lastcard.core import Action, ActionKind, Card, Color, IllegalActionError, LastcardError
from lastcard.core.actions import discard, play
from lastcard.words.choices import JOKER_COUNT_PROMPT, JOKER_SEATS_PROMPT
from lastcard.words.refusals import refusal

from .faces import card_text
from .pickers import NO_TARGET, ColorPicker, SeatsPicker, TargetPicker
from .play_choice import (
    colors_to_ask,
    counts_to_ask,
    may_name_nobody,
    nobody_label,
    seat_sets_to_ask,
    settle_call,
    target_prompt,
    targets_to_ask,
)
from .session import GameSession
from .table_style import TABLE_STYLE
from .widgets import CardWidget

# The actions that may carry an Uno call: arming it before them is what `u` does.
_WITH_A_CALL = frozenset({ActionKind.PLAY, ActionKind.DISCARD, ActionKind.LEAD, ActionKind.BLOCK})


class TableKeys(Screen[None]):
    """The table's keys and clicks, turned into the actions of the person's seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # The footer names the keys that always work; the keys of a decision (d, u, c, ...)
        # are on its button, shown while it is possible, so that the footer fits 80 columns
        # with `q quit` in it.
        Binding("left", "move(-1)", "choose", key_display="←→"),
        Binding("right", "move(1)", "move right", show=False),
        Binding("enter", "play_selected", "play"),
        Binding("d", "draw", "draw", show=False),  # in a discard round: decline
        Binding("p", "play_drawn", "play drawn", show=False),  # Pirate's window: let it stand
        Binding("k", "keep", "keep", show=False),
        Binding("u", "uno", "UNO!", show=False),
        Binding("c", "catch", "catch", show=False),  # Pirate's window: call a cheat
        Binding("x", "challenge", "challenge", show=False),
        Binding("a", "accept", "accept", show=False),  # asked to block: allow
        Binding("b", "block", "block", show=False),  # Invisibility (§7.11.3)
        Binding("space", "hurry", "bots now"),
        Binding("l", "toggle_log", "story"),
        *(Binding(str(k % 10), f"select({k - 1})", show=False) for k in range(1, 11)),
    ]

    # What the screen that draws the table supplies (`TableScreen`).
    session: GameSession
    names: tuple[str, ...]
    selected: int
    uno_armed: bool
    _refusal: str | None

    @property
    def hand(self) -> tuple[Card, ...]:
        raise NotImplementedError

    def refresh_table(self) -> None:
        raise NotImplementedError

    def after_change(self) -> None:
        raise NotImplementedError

    # -- the person's actions -------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Send one action; a refusal is shown and changes nothing."""
        try:
            self.session.act(action)
        except IllegalActionError as error:
            # Said where the eyes are, above the hand, until the next move.
            self._refusal = refusal(error, action, self.session.view(), self.names, TABLE_STYLE)
            self.refresh_table()
            return
        except LastcardError as error:
            self.notify(str(error), severity="warning", timeout=4)
            self.refresh_table()
            return
        self.uno_armed = False
        self.after_change()

    def _offered(self, kind: ActionKind) -> list[Action]:
        return [a for a in self.session.human_actions() if a.kind is kind]

    def _act_kind(self, kind: ActionKind, missing: str) -> None:
        offered = self._offered(kind)
        if offered:
            self.act(offered[0])
        else:
            self.notify(missing, severity="warning", timeout=3)

    def play_card(self, card: Card) -> None:
        """Play `card`, asking for a colour or a target when there is a choice; in a discard
        round that asks you, discard it instead (§7.11.4); after your Mambo, give it or lead it
        (§7.11.7)."""
        if self._offered(ActionKind.DECLINE):
            self.discard_card(card)
            return
        if self._offered(ActionKind.GIVE):
            gifts = [a for a in self._offered(ActionKind.GIVE) if a.card is card]
            self.act(gifts[0] if gifts else Action(ActionKind.GIVE, card))
            return
        if self._offered(ActionKind.LEAD):
            leads = [a for a in self._offered(ActionKind.LEAD) if a.card is card]
            if leads:
                self._choose_play(leads)
            else:
                self.act(Action(ActionKind.LEAD, card))  # the engine explains why not
            return
        offers = [a for a in self._offered(ActionKind.PLAY) if a.card is card]
        if not offers:
            self.act(play(card))  # the engine explains why not
            return
        self._choose_play(offers)

    def discard_card(self, card: Card) -> None:
        """Discard `card` beneath the top card, with the Uno call when `u` armed it (a wild
        names no colour: discards have no effect)."""
        offers = [a for a in self._offered(ActionKind.DISCARD) if a.card == card]
        if not offers:
            self.act(discard(card))  # the engine explains why not
            return
        self.act(settle_call(offers, armed=self.uno_armed))

    def _choose_play(self, offers: list[Action]) -> None:
        """Narrow `offers` (the plays, or a Mambo's leads, of one card) by asking what is still
        open, in order: colour, target (or a Joker's seats, then its count), then send the one
        left with the Uno call if armed."""
        colors = colors_to_ask(offers)
        if len(colors) > 1:

            def chosen_color(color: Color | None) -> None:
                if color is not None:
                    self._choose_play([a for a in offers if a.color is color])

            card = offers[0].card
            assert card is not None
            prompt = f"{card_text(card).plain}: name a colour"
            self.app.push_screen(ColorPicker(colors, prompt), chosen_color)
            return
        targets = targets_to_ask(offers)
        nobody = may_name_nobody(offers)  # Pirate's 7 may swap nothing (§7.6.1)
        if len(targets) > 1 or (targets and nobody):
            sizes = self.session.view().hand_sizes

            def chosen_target(seat: int | None) -> None:
                if seat == NO_TARGET:
                    self._choose_play([a for a in offers if a.target is None])
                elif seat is not None:
                    self._choose_play([a for a in offers if a.target == seat])

            labels = [f"{self.names[t]} ({sizes[t]} cards)" for t in targets]
            card = offers[0].card
            assert card is not None
            prompt = target_prompt(card, self.session.rules)
            label = nobody_label(card) if nobody else None
            picker = TargetPicker(targets, labels, prompt, nobody=label)
            self.app.push_screen(picker, chosen_target)
            return
        if len(seat_sets_to_ask(offers)) > 1:
            self._choose_joker_seats(offers)
            return
        counts = counts_to_ask(offers)
        if len(counts) > 1:

            def chosen_count(count: int | None) -> None:
                if count is not None:
                    self._choose_play([a for a in offers if a.count == count])

            labels = [f"{n} card{'s' if n > 1 else ''} each" for n in counts]
            self.app.push_screen(TargetPicker(counts, labels, JOKER_COUNT_PROMPT), chosen_count)
            return
        self.act(settle_call(offers, armed=self.uno_armed))

    def _choose_joker_seats(self, offers: list[Action]) -> None:
        """§7.11.6: the seats a Joker makes draw, ticked together (1 to 3 of them)."""
        seat_sets = seat_sets_to_ask(offers)
        seats = sorted({seat for chosen in seat_sets for seat in chosen})
        sizes = self.session.view().hand_sizes

        def chosen_seats(picked: tuple[int, ...] | None) -> None:
            if picked is None:
                return
            fitting = [a for a in offers if a.targets == picked]
            if fitting:
                self._choose_play(fitting)
            else:  # a set the picker allowed but the engine does not offer: only a safeguard
                self.notify("A Joker cannot name those players.", severity="warning")

        labels = [f"{self.names[s]} ({sizes[s]} cards)" for s in seats]
        most = max(len(chosen) for chosen in seat_sets)
        self.app.push_screen(
            SeatsPicker(seats, labels, JOKER_SEATS_PROMPT, most=most), chosen_seats
        )

    def _pick_first_color(self) -> None:
        colors = [a.color for a in self._offered(ActionKind.COLOR) if a.color is not None]

        def chosen(color: Color | None) -> None:
            offered = [a for a in self._offered(ActionKind.COLOR) if a.color is color]
            if offered:
                self.act(offered[0])

        if colors and not isinstance(self.app.screen, ColorPicker):
            picker = ColorPicker(colors, "The first discard is a Wild: name its colour")
            self.app.push_screen(picker, chosen)

    # -- keys and clicks ------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        if self.hand:
            self.selected = (self.selected + step) % len(self.hand)
            self.refresh_table()
            self._scroll_to_selected()

    def action_select(self, index: int) -> None:
        if index < len(self.hand):
            self.selected = index
            self.refresh_table()
            self._scroll_to_selected()

    def _scroll_to_selected(self) -> None:
        for widget in self.query(CardWidget):
            if widget.index == self.selected:
                widget.scroll_visible()

    def action_play_selected(self) -> None:
        if self._offered(ActionKind.COLOR):
            self._pick_first_color()
        elif self.hand:
            self.play_card(self.hand[self.selected])

    def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        self.selected = message.index
        if message.index < len(self.hand):
            self.play_card(self.hand[message.index])

    def action_draw(self) -> None:
        if self._offered(ActionKind.DECLINE):
            self.action_decline()  # nobody draws in a discard round: d declines it
            return
        if not self._offered(ActionKind.DRAW) and self._offered(ActionKind.ACCEPT):
            self.action_accept()  # drawing the penalty is accepting it (§7.1.5)
            return
        self._act_kind(ActionKind.DRAW, "You cannot draw now.")

    def action_keep(self) -> None:
        self._act_kind(ActionKind.KEEP, "There is no drawn card to keep.")

    def action_play_drawn(self) -> None:
        if self._offered(ActionKind.PASS):  # asked in Pirate's window (§7.6.4)
            self.action_let_stand()
            return
        drawn = self.session.view().drawn
        if drawn is None:
            self.notify("There is no drawn card to play.", severity="warning", timeout=3)
        else:
            self.play_card(drawn)

    def action_uno(self) -> None:
        """Call Uno now if one is owed; before playing (or discarding, leading, blocking) down
        to one card, arm the call."""
        with_card = [a for a in self.session.human_actions() if a.kind in _WITH_A_CALL]
        if self._offered(ActionKind.UNO):
            self._act_kind(ActionKind.UNO, "")
        elif any(a.uno for a in with_card):
            self.uno_armed = not self.uno_armed
            self.refresh_table()
        else:
            self.notify("You have no Uno to call.", severity="warning", timeout=3)

    def action_decline(self) -> None:
        self._act_kind(ActionKind.DECLINE, "There is no discard round to decline.")

    def action_catch(self) -> None:
        if self._offered(ActionKind.CHEAT):  # asked in Pirate's window (§7.6.4)
            self.action_call_cheat()
            return
        self._act_kind(ActionKind.CATCH, "Nobody can be caught now.")

    def action_let_stand(self) -> None:
        self._act_kind(ActionKind.PASS, "There is no play to let stand.")

    def action_call_cheat(self) -> None:
        self._act_kind(ActionKind.CHEAT, "There is no play to call a cheat on.")

    def action_challenge(self) -> None:
        self._act_kind(ActionKind.CHALLENGE, "There is no Wild Draw Four to challenge.")

    def action_accept(self) -> None:
        if self._offered(ActionKind.ALLOW):  # asked about an Invisibility block (§7.11.3)
            self._act_kind(ActionKind.ALLOW, "")
            return
        self._act_kind(ActionKind.ACCEPT, "There is no penalty to accept.")

    def action_block(self) -> None:
        """§7.11.3: block the card aimed at you with your Invisibility card, in a colour you
        name; with the Uno call when `u` armed it (or when it is the only way)."""
        offers = self._offered(ActionKind.BLOCK)
        if not offers:
            self.notify("Nothing is aimed at you to block now.", severity="warning", timeout=3)
            return

        def chosen(color: Color | None) -> None:
            fitting = [a for a in offers if a.color is color]
            if fitting:
                self.act(settle_call(fitting, armed=self.uno_armed))

        colors = colors_to_ask(offers)
        picker = ColorPicker(colors, "Block it with Invisibility: name a colour")
        self.app.push_screen(picker, chosen)

    def action_allow(self) -> None:
        self._act_kind(ActionKind.ALLOW, "There is nothing to allow now.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        handlers: dict[str, Callable[[], None]] = {
            "draw": self.action_draw,
            "play-drawn": self.action_play_drawn,
            "keep": self.action_keep,
            "uno": self.action_uno,
            "catch": self.action_catch,
            "challenge": self.action_challenge,
            "accept": self.action_accept,
            "decline": self.action_decline,
            "pass": self.action_let_stand,
            "cheat": self.action_call_cheat,
            "block": self.action_block,
            "allow": self.action_allow,
        }
        handler = handlers.get(event.button.id or "")
        if handler is not None:
            handler()
