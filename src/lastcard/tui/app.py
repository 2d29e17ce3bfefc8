"""`PlayApp`: the whole of `lastcard play`.

It starts on the resume question (when a game was left unfinished), the new-game screen, or
straight at the table (`--seed`, or a session handed in by a test). It keeps the settings of
the last new game, saves the game in progress after every move (a closed terminal loses
nothing), on `s` and on quitting, and forgets the saved game once that game is over.

A saved game that cannot be read is said so, renamed aside (`saved-game.json.corrupt-<time>`,
where the next save cannot overwrite it) and a fresh game starts. `n` in the middle of a game
asks first; once a game is over, cancelling the new-game screen goes back to the final
standings, never to the finished table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from lastcard.core import LastcardError

from .help_screen import HelpScreen
from .new_game import NewGameScreen
from .pickers import ConfirmScreen
from .session import GameSession
from .settings import (
    NOT_SAVED,
    SAVED,
    PlaySettings,
    keep_unfinished_aside,
    level_names,
    load_settings,
    save_settings,
    saved_game_path,
    set_aside,
    settings_path,
    write_atomically,
    write_problem,
)
from .table import TableScreen


class PlayApp(App[None]):
    """Uno against bots. Paths default to the user's config directory (`settings`)."""

    CSS_PATH = "play.tcss"
    TITLE = "lastcard"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "rules", key_display="?"),
        Binding("s", "save", "save"),
        Binding("n", "new_game", "new game"),
        Binding("q", "quit_game", "quit"),
    ]

    def __init__(
        self,
        *,
        seed: int | None = None,
        new: bool = False,
        bot_delay: float | None = None,
        session: GameSession | None = None,
        settings_file: Path | None = None,
        save_file: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings_file = settings_file if settings_file is not None else settings_path()
        self.save_file = save_file if save_file is not None else saved_game_path()
        self.settings = load_settings(self.settings_file)
        self.seed = seed
        self.new = new
        self.bot_delay = bot_delay
        self._initial = session
        self.table: TableScreen | None = None
        self._autosave_failed = False

    # -- starting ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self._initial is not None:
            self.start(self._initial)
        elif not self.new and self.save_file.exists():
            self.offer_resume()
        elif self.seed is not None:
            self.start_seeded()
        else:
            self.show_new_game()

    def start_seeded(self) -> None:
        """`--seed N`: deal at once with the last settings and that seed (not remembered)."""
        settings = PlaySettings.from_dict({**self.settings.to_dict(), "seed": self.seed})
        self.start_new(settings, remember=False)

    def offer_resume(self) -> None:
        try:
            session = self.load_game()
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            # json's errors and LastcardError are ValueErrors.
            self.report_unreadable_save(error)
            if self.seed is not None:
                self.start_seeded()
            else:
                self.show_new_game()
            return
        if self.seed is not None:
            # `--seed` deals at once, as its help says; the unfinished game is kept, not lost.
            message = keep_unfinished_aside(self.save_file)
            self.notify(message, title="Unfinished game", timeout=30)
            self.start_seeded()
            return
        view = session.view()
        scores = ", ".join(f"{n} {s}" for n, s in zip(session.names, view.scores, strict=True))
        question = (
            f"You have an unfinished game: {session.players} players, hand {view.hand_number}"
            f" (scores: {scores}). Resume it?"
        )

        def answered(resume: bool | None) -> None:
            if resume:
                self.start(session)
            else:
                self.show_new_game()

        self.push_screen(ConfirmScreen(question, "Resume (r)", "New game (n)"), answered)

    def report_unreadable_save(self, error: Exception) -> None:
        """Say that the saved game could not be read, and keep it aside for a look."""
        try:
            kept = set_aside(self.save_file)
        except OSError as move_error:
            where = f"It could not be kept aside ({move_error}); the next save replaces it."
        else:
            where = f"It is kept as {kept}."
        self.notify(
            f"Your saved game could not be read ({error}). {where} A new game starts.",
            title="Saved game unreadable",
            severity="error",
            timeout=30,
        )

    def show_new_game(self) -> None:
        def chosen(settings: PlaySettings | None) -> None:
            if settings is not None:
                self.start_new(settings)
            elif self.table is None:
                self.exit()
            elif self.table.session.is_over:
                # The finished table has nothing left to do: back to its final standings,
                # which offer a new game or quitting.
                self.table.show_final()

        self.push_screen(NewGameScreen(self.settings), chosen)

    def start_new(self, settings: PlaySettings, *, remember: bool = True) -> None:
        """A new game; its settings are remembered for the next one (`remember`), except the
        seed: a remembered seed would deal the same game every time."""
        if remember:
            self.settings = settings
            kept = PlaySettings.from_dict({**settings.to_dict(), "seed": None})
            try:
                save_settings(kept, self.settings_file)
            except OSError as error:
                self.notify(f"Settings not saved: {write_problem(error)}.", severity="warning")
        try:
            session = GameSession(
                settings.bot_specs(), settings.rules, names=settings.names(), seed=settings.seed
            )
        except (LastcardError, ValueError) as error:
            self.notify(str(error), severity="error")
            self.show_new_game()
            return
        self.start(session)

    def start(self, session: GameSession) -> None:
        delay = self.bot_delay if self.bot_delay is not None else self.settings.bot_delay
        levels = level_names(session.levels)
        table = TableScreen(
            session,
            level_names=levels,
            bot_delay=delay,
            on_game_over=self._game_over,
            on_change=self._autosave,
        )
        old = self.table
        self.table = table
        if old is not None:
            self.switch_screen(table) if self.screen is old else self.push_screen(table)
        else:
            self.push_screen(table)

    def _game_over(self, choice: str) -> None:
        self.forget_saved_game()
        if choice == "new":
            self.show_new_game()
        else:
            self.exit()

    # -- saving -------------------------------------------------------------------------------

    def load_game(self) -> GameSession:
        data = json.loads(self.save_file.read_text(encoding="utf-8"))
        return GameSession.from_dict(data)

    def save_game(self, *, quiet: bool = False) -> bool:
        """Write the game in progress; False when there is none or it failed (which is said,
        unless `quiet`)."""
        problem = self._write_game()
        if problem is not None and not quiet:
            self.notify(f"The game could not be saved: {problem}.", severity="error")
        return problem is None and self.playing

    @property
    def playing(self) -> bool:
        """A game is in progress (one that is over is not saved)."""
        return self.table is not None and not self.table.session.is_over

    def _write_game(self) -> str | None:
        """Write the game in progress, if any; why it could not be, else None."""
        if self.table is None or not self.playing:
            return None
        text = json.dumps(self.table.session.to_dict(), indent=1)
        try:
            write_atomically(self.save_file, text)
        except OSError as error:
            return write_problem(error)
        return None

    def _autosave(self) -> None:
        # A failure is said once, not after every move.
        if not self.save_game(quiet=self._autosave_failed):
            self._autosave_failed = self.playing

    def forget_saved_game(self) -> None:
        self.save_file.unlink(missing_ok=True)

    # -- keys -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Saving and a new game make sense at the table only (and are hidden elsewhere).
        if action in ("save", "new_game"):
            return self.table is not None and self.screen is self.table
        return True

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            rules = self.table.session.rules if self.table is not None else self.settings.rules
            self.push_screen(HelpScreen(rules))

    def action_save(self) -> None:
        if self.save_game():
            self.notify(f"Game saved to {self.save_file}. `lastcard play` resumes it.")

    def action_new_game(self) -> None:
        """A new game, once the person has said that this one may go (it is saved until the
        new one starts, so cancelling the new-game screen comes back to it)."""
        table = self.table
        if table is None or self.screen is not table:
            return
        if table.session.is_over:
            self.show_new_game()
            return
        view = table.session.view()
        scores = ", ".join(f"{n} {s}" for n, s in zip(table.names, view.scores, strict=True))
        question = (
            f"Leave this game for a new one? It is at hand {view.hand_number} (scores: {scores}),"
            " and it cannot be resumed once the new game starts."
        )

        def answered(leave: bool | None) -> None:
            if leave:
                self.save_game()
                self.show_new_game()

        self.push_screen(ConfirmScreen(question, "New game (n)", "Keep playing (k)"), answered)

    def action_quit_game(self) -> None:
        if not self.playing:
            self.exit()
            return
        # Said after the screen is gone, where it stays: a notice would go with the app.
        problem = self._write_game()
        if problem is None:
            self.exit(message=SAVED)
        else:
            self.exit(message=f"The game could not be saved: {problem}. {NOT_SAVED}")
