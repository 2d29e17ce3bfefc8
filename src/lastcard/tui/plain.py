"""`lastcard play --plain`: Uno one line at a time, for screen readers and plain terminals.

The full-screen table draws a picture; this mode tells a story and asks questions, so that it
works wherever text does: with a screen reader or a Braille display, on a dumb terminal, over
a slow link, from a script. Each event is a sentence, each decision a question listing your
hand with numbers and marking the cards that can be played; you answer with a number or an
action code. It is the same game (a `GameSession`), the same settings and the same saved game
as the full-screen table, so a game begun in one mode resumes in the other.

`lastcard play` chooses this mode by itself when no full-screen terminal is available
(`full_screen_available`). It needs no Textual: only the game, rich (the narration) and
platformdirs (where the settings and the saved game live).

- `plain_io`: `Lines`, the conversation over two text streams.
- `plain_words`: cards, hands and the table in words.
- `plain_answers`: what an answer means; why an action was refused.
- `plain_questions`: each decision's question, and the help.
- `plain_game`: `PlainGame`, one game's loop and the bots' timing.
- `plain_setup`: the new-game questions.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from lastcard.core import LastcardError

from .plain_game import Ending, PlainGame
from .plain_io import Lines
from .plain_questions import PROMPT_END
from .plain_setup import choose_settings
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

INTERRUPTED = 130
"""The exit status after Ctrl+C (the game is saved first)."""


class SavedGame:
    """The game in progress, in the file the full-screen table uses and in its form
    (`GameSession.to_dict()` as JSON, replaced whole by `write_atomically`), so that either
    mode resumes what the other saved. A failure to write is said once, not after every move."""

    def __init__(self, path: Path, lines: Lines) -> None:
        self.path = path
        self.lines = lines
        self._failed = False

    def exists(self) -> bool:
        return self.path.exists()

    def load(self) -> GameSession:
        """The saved game; raises `OSError`, `ValueError` (a `LastcardError` among them),
        `KeyError` or `TypeError` when it cannot be read."""
        return GameSession.from_dict(json.loads(self.path.read_text(encoding="utf-8")))

    def save(self, session: GameSession) -> bool:
        """Write `session`; False when it could not be written (said the first time)."""
        if session.is_over:
            return False
        try:
            write_atomically(self.path, json.dumps(session.to_dict(), indent=1))
        except OSError as error:
            if not self._failed:
                self.lines.say(f"The game could not be saved: {write_problem(error)}.")
            self._failed = True
            return False
        self._failed = False
        return True

    def forget(self) -> None:
        self.path.unlink(missing_ok=True)


def run_plain(
    *,
    seed: int | None = None,
    new: bool = False,
    bot_delay: float | None = None,
    lines: Lines | None = None,
    settings_file: Path | None = None,
    save_file: Path | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Play line by line until the person leaves; the exit status (0, or 1 when a bot made a
    mistake, 130 after Ctrl+C). As `lastcard play`: a saved game is offered first (unless
    `new`); `seed` deals at once with the last settings; otherwise the new-game questions."""
    lines = lines if lines is not None else Lines()
    settings_file = settings_file if settings_file is not None else settings_path()
    saved = SavedGame(save_file if save_file is not None else saved_game_path(), lines)
    settings = load_settings(settings_file)
    delay = bot_delay if bot_delay is not None else settings.bot_delay
    session: GameSession | None = None
    try:
        resumed = False
        if not new and saved.exists():
            offer = _offer_resume(lines, saved, seeded=seed is not None)
            if offer is None:
                return 0
            if isinstance(offer, GameSession):
                session, resumed = offer, True
        while True:
            if session is None:
                chosen = _next_settings(lines, settings, seed)
                seed = None  # `--seed` deals the first game only
                if chosen is None:
                    return 0
                if chosen.seed is None:  # chosen by the questions: remembered
                    settings = chosen
                    _remember(lines, chosen, settings_file)
                session = _new_session(lines, chosen)
                if session is None:
                    continue
            levels = level_names(session.levels)
            game = PlainGame(
                session,
                lines,
                levels=levels,
                bot_delay=delay,
                save=saved.save,
                forget=saved.forget,
                sleep=sleep,
            )
            ending = game.play(resumed=resumed)
            if ending is Ending.QUIT:
                return 0
            if ending is Ending.STOPPED:
                return 1
            answer = lines.ask(f"Type new for another game, or press Enter to leave{PROMPT_END}")
            if answer is None or answer.strip().lower() not in ("new", "n", "yes", "y"):
                return 0
            session, resumed = None, False
    except KeyboardInterrupt:
        if session is not None and not session.is_over:
            lines.say("", SAVED if saved.save(session) else NOT_SAVED)
        return INTERRUPTED


def _offer_resume(lines: Lines, saved: SavedGame, *, seeded: bool) -> GameSession | bool | None:
    """The saved game if the person resumes it, False for a new game, None if input ended.
    `seeded` (`--seed`): a new game at once, the saved one kept aside without a question."""
    try:
        session = saved.load()
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
        # As the full-screen table does: said, and kept aside where no save overwrites it.
        try:
            kept = set_aside(saved.path)
        except OSError as move_error:
            where = f"It could not be kept aside ({move_error}); the next save replaces it."
        else:
            where = f"It is kept as {kept}."
        lines.say(f"Your saved game could not be read ({error}). {where} A new game starts.")
        return False
    if seeded:
        lines.say(keep_unfinished_aside(saved.path))
        return False
    view = session.view()
    scores = ", ".join(f"{n} {s}" for n, s in zip(session.names, view.scores, strict=True))
    lines.say(
        f"You have an unfinished game: {session.players} players, hand {view.hand_number}"
        f" (scores: {scores})."
    )
    while True:
        text = lines.ask(f"Resume it? Enter or r to resume, n for a new game{PROMPT_END}")
        if text is None:
            return None
        answer = text.strip().lower()
        if answer in ("", "r", "resume", "y", "yes"):
            return session
        if answer in ("n", "new", "no"):
            return False
        lines.say("Type r to resume the saved game, or n to start a new one.")


def _next_settings(lines: Lines, settings: PlaySettings, seed: int | None) -> PlaySettings | None:
    if seed is not None:
        return PlaySettings.from_dict({**settings.to_dict(), "seed": seed})
    return choose_settings(lines, settings)


def _remember(lines: Lines, settings: PlaySettings, path: Path) -> None:
    try:
        save_settings(settings, path)
    except OSError as error:
        lines.say(f"Settings not saved: {write_problem(error)}.")


def _new_session(lines: Lines, settings: PlaySettings) -> GameSession | None:
    try:
        return GameSession(
            settings.bot_specs(), settings.rules, names=settings.names(), seed=settings.seed
        )
    except (LastcardError, ValueError) as error:
        lines.say(f"That game cannot start: {error}")
        return None
