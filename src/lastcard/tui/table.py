"""The table: where a game is played, by keyboard or mouse.

`TableScreen` shows a `GameSession` from the person's seat; its keys and clicks, turned into
actions, are `TableKeys`' (`lastcard.tui.table_keys`), which it builds on. It runs the bots on
the timing of `lastcard.tui.session`: after each transition, if a bot has something to do, a
timer starts (`lastcard.tui.pacing` says how long; Space cuts it short); the bot's choice is
computed in a worker thread and applied here, on the app's thread.

The table fits itself to the terminal (`lastcard.tui.fit`): whatever the size and the number of
players, your hand and the decision stay in sight and the opponents give way.

Under Pirate (§7.6) the opponents' hands are open on their panels, any card of yours may be
played on your turn (one that would be a cheat is marked, and said before you play it), and a
play in its window asks you to let it stand (`p`) or call a cheat (`c`).

The theme cards (§7.11): a Joker asks its colour, then its seats (ticked together) and its
count; a Howler, Friendship or Travel its colour and target; after a Mambo the card chosen is
given (one to each player in turn), then led as a play that need not match. Asked about an
Invisibility block, `b` blocks (after a colour) and `a` allows. A hand shown by a Howler, or to
you alone by your Travel, is told in the story and for a while in a notice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from lastcard.core import (
    Action,
    ActionKind,
    Card,
    Event,
    EventType,
    LastcardError,
    Phase,
    PlayerView,
)
from lastcard.words import Narrator, game_goal, rules_name
from lastcard.words.pirate import cheat_cards

from .decision import decision_text
from .faces import card_label
from .fit import TableFit, fit_table
from .pacing import bot_pause
from .session import GameSession
from .summary import GameOverScreen, HandSummaryScreen
from .table_keys import TableKeys
from .table_style import story_card, story_color
from .uno_calls import UnoCalls
from .widgets import ActionBar, HandView, MePanel, OpponentPanel, PileView, open_cards

NARROW = 110
"""Below this many columns the story of the hand is hidden (`l` shows it)."""

SHOWN_HANDS = (EventType.REVEAL, EventType.TRAVEL)
"""Events that show a hand (§7.11.2, §7.11.8): their line stays a while in a notice too, so
that a narrow table, whose story is hidden, shows the cards before the bots move on."""


class TableScreen(TableKeys):
    """One game, from seat 0. `on_game_over(choice)` gets "new" or "quit" at the end;
    `on_change()` is called after every transition."""

    def __init__(
        self,
        session: GameSession,
        *,
        level_names: Sequence[str],
        bot_delay: float = 0.8,
        on_game_over: Callable[[str], None] | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.names = session.names
        self.level_names = tuple(level_names)
        self.bot_delay = bot_delay
        self.on_game_over = on_game_over
        self.on_change = on_change  # after every transition: the app saves the game there
        self.narrator = Narrator(
            session.players,
            session.rules,
            session.names,
            you=session.seat,
            card_format=story_card,
            color_format=story_color,
        )
        self.selected = 0
        self.uno_armed = False  # the next play goes with an Uno call
        self._told = 0  # events of `session.log` already narrated
        # A resumed game's past is told in the story only: a notice would show its hands again,
        # as they were then, for seconds after the table opens.
        self._noticed_from = len(session.log)
        self._last_line: Text | None = None
        self._refusal: str | None = None  # why the last action was refused
        self._timer: Timer | None = None
        self._thinking = False
        self.polls = 0  # bot polls finished: tests wait on it
        self.bots_stopped: str | None = None  # a bot's mistake, which stops the game
        self._ending = False  # a hand summary or the final screen is open
        self._log_shown: bool | None = None  # None: shown when the screen is wide enough
        self.calls = UnoCalls()  # who called Uno, for the badges
        self._seek_playable = True  # after a transition the cursor moves to a playable card
        self.fit: TableFit | None = None  # how the table is drawn at the current size

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="table-title")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                seats = VerticalScroll(id="seats")
                seats.can_focus = False  # the keys belong to the table
                with seats, Container(id="opponents"):
                    teams = self.session.rules.team_of_seats(self.session.players) or ()
                    partners = {s for team in teams if self.session.seat in team for s in team}
                    for seat in range(1, self.session.players):
                        level = self.level_names[seat - 1]
                        partner = seat in partners
                        yield OpponentPanel(seat, self.names[seat], level, partner=partner)
                # Everything you need to decide, kept together under the opponents.
                with Vertical(id="lower"):
                    with Horizontal(id="middle"):
                        yield PileView(id="pile")
                        yield MePanel(id="me")
                    yield Static(id="status")
                    yield HandView(id="hand")
                    yield ActionBar(id="actions")
            # min_width=20: lines wrap at the pane's width rather than at 78 columns.
            log = RichLog(id="log", wrap=True, markup=False, min_width=20)
            log.can_focus = False  # the arrows move through your hand, not the story
            yield log
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.after_change()

    def on_resize(self, event: events.Resize) -> None:
        if self._log_shown is None:  # the person has not chosen: the story needs room
            self.query_one("#log", RichLog).display = event.size.width >= NARROW
        self.refresh_table()

    def _fit(self) -> None:
        """Fit the table to the space the last layout gave it (`lastcard.tui.fit`)."""
        if not self.is_attached:
            return
        board = self.query_one("#board", Vertical)
        width, height = board.content_size
        if width <= 0 or height <= 0:
            return
        view = self.session.view()
        hands = [open_cards(view, seat) for seat in range(1, self.session.players)]
        fit = fit_table(
            width=width,
            height=height,
            opponents=self.session.players - 1,
            middle_lines=PileView.lines(view),
            status_lines=self.query_one("#status", Static).outer_size.height,
            cards=len(self.hand),
            open_hands=[[len(card_label(c)) for c in hand] for hand in hands if hand is not None],
        )
        if fit == self.fit:  # laid out as it will stay: the prompt is where it is drawn
            self._notices_above_prompt()
            return
        self.fit = fit
        one_line = fit.opponents == "lines"
        opponents = self.query_one("#opponents", Container)
        opponents.set_class(one_line, "lines")
        opponents.styles.grid_size_columns = fit.opponent_columns
        opponents.styles.grid_rows = (fit.panel_height,)  # taller with open hands (Pirate)
        for panel in self.query(OpponentPanel):
            panel.set_class(one_line, "line")
        self.query_one("#seats", VerticalScroll).styles.max_height = fit.seats_height
        self.query_one("#middle", Horizontal).set_class(fit.flat_middle, "flat")
        hand = self.query_one("#hand", HandView)
        hand.styles.grid_size_columns = fit.hand_columns
        hand.styles.max_height = fit.hand_height
        self.refresh_table()  # the opponents' text follows their style

    def _notices_above_prompt(self) -> None:
        """Notices stand at the top right, over the opponents (play.tcss), and end above the
        decision: at the bottom, at 80x24, they covered it and the hand."""
        racks = self.query("#textual-toastrack")  # none when notifications are off
        title = self.query_one("#table-title", Static).outer_size.height
        room = self.query_one("#status", Static).region.y - title
        for rack in racks:
            rack.styles.max_height = max(room, 1)

    # -- the loop -------------------------------------------------------------------------

    @property
    def hand(self) -> tuple[Card, ...]:
        """The person's cards as shown, in hand order (the number keys count in it)."""
        return self.query_one("#hand", HandView).cards

    @property
    def busy(self) -> bool:
        """True while a bot step is waiting or being computed (tests wait on this)."""
        return self._timer is not None or self._thinking

    def after_change(self) -> None:
        """Show the new state and start whatever comes next."""
        self._refusal = None
        self._seek_playable = True
        self._narrate()
        self.refresh_table()
        if self.on_change is not None:
            self.on_change()
        session = self.session
        if session.hand_over or session.is_over:
            self._stop_timer()
            if not self._ending:
                self._ending = True
                self._show_summary()
            return
        self._schedule()
        view = session.view()
        if view.phase is Phase.AWAIT_FIRST_COLOR and view.to_act == session.seat:
            self._pick_first_color()

    def _schedule(self) -> None:
        self._stop_timer()
        if self.app.screen is not self or self.bots_stopped is not None:
            return  # a picker, the help or a summary is open: the bots wait (on_screen_resume)
        if self.session.bots_pending():
            # A person's moments to call Uno late or to catch a bot (`lastcard.tui.pacing`).
            delay = bot_pause(self.session.view(), self.bot_delay)
            # Textual's timers need a positive delay; 10 ms is "at once" to a person.
            self._timer = self.set_timer(max(delay, 0.01), self._bot_tick)

    def on_screen_suspend(self) -> None:
        self._stop_timer()

    def on_screen_resume(self) -> None:
        if not self._ending and not self._thinking:
            self._schedule()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    async def _bot_tick(self) -> None:
        self._timer = None
        if self._thinking:
            return
        self._thinking = True
        self.refresh_table()
        try:
            plan = await asyncio.to_thread(self.session.plan_bot_step)
        except LastcardError as error:  # a bot answered with something not on offer
            self._thinking = False
            self.bots_stopped = str(error)
            self.notify(
                f"A bot made a mistake and the game cannot go on: {error}. It is saved; "
                "please report it with the saved game.",
                severity="error",
                timeout=30,
            )
            self.polls += 1
            self.refresh_table()
            return
        finally:
            self._thinking = False
        if not self.is_attached:
            return  # the table was closed (a new game) while the bot was thinking
        if plan is not None:
            self.session.apply_bot_step(plan)
        self.polls += 1
        self.after_change()

    def _narrate(self) -> None:
        log = self.query_one("#log", RichLog)
        events_ = self.session.log
        for index, event in enumerate(events_[self._told :], start=self._told):
            notice = event.type in SHOWN_HANDS and event.cards is not None
            for line in self.narrator.lines(event):
                log.write(line)
                if line.plain.strip() and not notice:
                    # A shown hand has its notice, which lasts 12 s; standing above the
                    # decision it stayed until the next line, minutes on your own turn, long
                    # after the cards had changed. The line before it (who showed it) stands.
                    self._last_line = line
                if notice and index >= self._noticed_from:
                    # Not markup: a player's name is theirs to spell, brackets and all.
                    self.notify(line.plain, timeout=12, markup=False)
        sizes = self.session.view().hand_sizes
        self.calls.read(events_[self._told :], sizes)
        self._told = len(events_)
        self.narrator.sizes = list(sizes)

    # -- drawing --------------------------------------------------------------------------

    def refresh_table(self) -> None:
        session = self.session
        view = session.view()
        actions = session.human_actions()
        self.query_one("#table-title", Static).update(self._title(view))
        for panel in self.query(OpponentPanel):
            panel.show(view, self.calls)
            if panel.seat == view.to_act:
                # Opponents squeezed into a scrolling area: keep the one to act in sight.
                self.query_one("#seats", VerticalScroll).scroll_to_widget(panel, animate=False)
        self.query_one("#pile", PileView).show(view, self.names)
        self.query_one("#me", MePanel).show(view, self.calls)
        hand = self.query_one("#hand", HandView)
        before = (hand.cards, self.selected)
        self.selected = hand.show(
            view,
            actions,
            self.selected,
            seek_playable=self._seek_playable,
            cheats=cheat_cards(view, actions),
        )
        self._seek_playable = False
        if (hand.cards, self.selected) != before:
            # A hand squeezed to fewer rows than it needs scrolls: keep the cursor in sight.
            self.call_after_refresh(self._scroll_to_selected)
        self.query_one("#actions", ActionBar).show(view, actions)
        status = decision_text(
            view,
            actions,
            self.names,
            thinking=self._thinking,
            selected=hand.cards[self.selected] if self.selected < len(hand.cards) else None,
            log=session.log,
        )
        if not self.query_one("#log", RichLog).display and self._last_line is not None:
            # The story is hidden: its latest line stands above the decision.
            status = Text.assemble(self._last_line, "\n", status)
        if self._refusal is not None:
            status = Text.assemble(Text(self._refusal, style="bold red"), "\n", status)
        if self.bots_stopped is not None:
            status = Text(f"The game stopped: a bot made a mistake ({self.bots_stopped}).")
            status.stylize("bold red")
        if self.uno_armed:
            what = armed_with(actions)
            status.append(
                f"\nUNO! will be called with your {what} (u again: not).", style="bold yellow"
            )
        self.query_one("#status", Static).update(status)
        # The status may have changed height, the hand its size: fit again once laid out.
        self.call_after_refresh(self._fit)

    def _title(self, view: PlayerView) -> Text:
        # The seed last, cut rather than wrapped (play.tcss): a random seed has 38 digits, and
        # wrapped at 80 columns it left "seed" alone on the one line there is, the hand's number
        # gone with the rest. The tooltip holds it whole.
        rules = view.rules
        title = Text(
            f"{view.players} players · {rules_name(rules)} rules · "
            f"{game_goal(rules)} · hand {view.hand_number} · seed {self.session.seed}",
            style="bold",
        )
        self.query_one("#table-title", Static).tooltip = f"seed {self.session.seed}"
        return title

    # -- keys that change the table itself ------------------------------------------------

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        self._log_shown = not log.display
        log.display = self._log_shown
        self.refresh_table()

    def action_hurry(self) -> None:
        """Let the bots move now instead of after the pause."""
        if self._timer is not None:
            self._stop_timer()
            self.run_worker(self._bot_tick(), exclusive=False, group="bots")

    # -- the end of a hand and of the game --------------------------------------------------

    def _show_summary(self) -> None:
        hand_over = _last_event(self.session.log, EventType.HAND_OVER)
        game_over = self.session.is_over
        view = self.session.view()
        # The hand just scored is the last of the history; seats out before it show "out".
        out = [seat for result in view.history[:-1] for seat in result.eliminated]
        screen = HandSummaryScreen(
            hand_over, self.names, game_over=game_over, rules=view.rules, out=out
        )
        self.app.push_screen(screen, lambda _: self._after_summary())

    def _after_summary(self) -> None:
        if self.session.is_over:
            self.show_final()
            return
        self._ending = False
        self.session.next_hand()
        self.after_change()

    def show_final(self) -> None:
        """The final standings, which end in a new game or quitting (the app decides)."""
        view = self.session.view()
        final = GameOverScreen(
            view.scores, view.winners, self.names, view.rules, history=view.history
        )
        self.app.push_screen(final, self._after_final)

    def _after_final(self, choice: str | None) -> None:
        if self.on_game_over is not None:
            self.on_game_over(choice or "quit")


def armed_with(actions: Sequence[Action]) -> str:
    """What an armed Uno call goes with: the action on offer that may carry it (a block beside
    accepting a pending draw, §7.11.3; a Mambo's lead; a discard round's discard), else a
    play."""
    calling = {a.kind for a in actions if a.uno}
    for kind in (ActionKind.DISCARD, ActionKind.LEAD, ActionKind.BLOCK):
        if kind in calling and ActionKind.PLAY not in calling:
            return str(kind.value)
    return "play"


def _last_event(log: Sequence[Event], kind: EventType) -> Event:
    for event in log[::-1]:
        if event.type == kind:
            return event
    raise LookupError(f"no {kind} event yet")
