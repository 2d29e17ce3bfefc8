"""`PlainGame`: one game of `lastcard play --plain`, told and asked one line at a time.

The game is a `GameSession`, as at the full-screen table; only the timing differs, since
nothing here runs while a question waits for its answer:

- **Your chances come first.** A chance out of turn (a late Uno call, a catch, a jump-in) is
  offered before any bot moves: at the full-screen table you would have had the bots' pause
  to take it. It is offered once per position; Enter lets it go and play goes on.
- **On your own turn** the bots' own out-of-turn chances (catching a player who did not call
  Uno, jumping in) come before your move, as they would while you think; unless you have a
  catch of your own to make, which you are offered first.
- The bots pause `bot_delay` seconds before each move when someone is reading at a terminal,
  and not at all when the answers come from a pipe or a file.

Every event is told as a sentence by the `Narrator`, with cards in words. The game is saved
after every move (by `plain.SavedGame`), in the file the full-screen table uses: either mode
resumes it.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence

from lastcard.core import (
    Action,
    ActionKind,
    Color,
    IllegalActionError,
    LastcardError,
    PlayerView,
)
from lastcard.core.actions import discard, play
from lastcard.narration import Narrator, game_title

from .help_text import rules_markdown
from .plain_answers import (
    ENTER,
    Command,
    PlayRequest,
    Unclear,
    accepted_line,
    narrowed,
    narrowed_discard,
    read_answer,
    refusal_words,
)
from .plain_io import Lines
from .plain_questions import PROMPT_END, decision_lines, help_lines, numbered_hand
from .plain_words import (
    COLOUR_WORDS,
    card_name,
    cards_count,
    discard_line,
    hand_line,
    narration_card,
    narration_colour,
    spoken,
    table_lines,
)
from .play_choice import colours_to_ask, settle_call, target_prompt, targets_to_ask
from .session import GameSession

STORY_LINES = 12
"""Lines `story` tells again unless asked for more."""


class Ending(enum.Enum):
    """How a game left the loop."""

    OVER = "over"  # played to its end
    QUIT = "quit"  # `quit`, or the end of input: saved
    STOPPED = "stopped"  # a bot made a mistake: saved, and said


class PlainGame:
    """Plays `session` over `lines`. `levels[k]` names the level of seat k+1; `save()` is
    called after every transition and `forget()` once the game is over."""

    def __init__(
        self,
        session: GameSession,
        lines: Lines,
        *,
        levels: Sequence[str],
        bot_delay: float = 0.0,
        save: Callable[[GameSession], None] = lambda session: None,
        forget: Callable[[], None] = lambda: None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.session = session
        self.lines = lines
        self.names = session.names
        self.levels = tuple(levels)
        self.pause = bot_delay if lines.interactive else 0.0
        self._save = save
        self._forget = forget
        self._sleep = sleep
        self.narrator = Narrator(
            session.players,
            session.rules,
            session.names,
            you=session.seat,
            card_format=narration_card,
            colour_format=narration_colour,
        )
        self.story: list[str] = []  # every line told, for `story`
        self.armed = False  # the next play goes with an Uno call
        self._told = 0  # events of `session.log` already told
        self._saved_at = -1  # the ply last saved
        self._offered_at = -1  # the ply at which the person was last offered a chance

    # -- the loop -------------------------------------------------------------------------

    def play(self, *, resumed: bool = False) -> Ending:
        """Play to the end of the game, or until the person leaves."""
        self._introduce(resumed)
        session = self.session
        while True:
            self._after_change()
            if session.is_over:
                self._forget()
                return Ending.OVER
            if session.hand_over:
                if not self._between_hands():
                    return self._leave()
            elif self._person_first():
                if not self._ask_person():
                    return self._leave()
            elif session.bots_pending():
                try:
                    self._bots_move()
                except LastcardError as error:  # a bot answered off the offer
                    self.lines.say(
                        f"A bot made a mistake and the game cannot go on: {error}. "
                        "The game is saved; please report it with the saved game."
                    )
                    return Ending.STOPPED
            elif not self._ask_person():  # nothing else can move: the person may still leave
                return self._leave()

    def _person_first(self) -> bool:
        session = self.session
        offers = session.human_actions()
        if session.human_to_act():
            return not session.bots_pending() or any(a.kind is ActionKind.CATCH for a in offers)
        return bool(offers) and self._offered_at != session.table.ply

    def _bots_move(self) -> None:
        plan = self.session.plan_bot_step()
        if plan is None:
            return
        if not plan.passed and self.pause:
            self._sleep(self.pause)
        self.session.apply_bot_step(plan)

    def _leave(self) -> Ending:
        self._save(self.session)
        self.lines.say("Game saved: lastcard play resumes it.")
        return Ending.QUIT

    # -- telling ----------------------------------------------------------------------------

    def _introduce(self, resumed: bool) -> None:
        session = self.session
        view = session.view()
        self.lines.say(game_title(session.players, session.rules, session.seed).plain)
        others = [
            f"{name} (seat {seat}, {self.levels[seat - 1]})"
            for seat, name in enumerate(self.names)
            if seat != session.seat
        ]
        against = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
        self.lines.say(f"You play against {against}. Type help at any question.")
        if resumed:
            self._tell(quiet=True)
            self.lines.say(f"Resuming hand {view.hand_number}. The story so far ends:")
            self.lines.say(*self.story[-5:])

    def _after_change(self) -> None:
        """Tell what happened and save, once per transition."""
        self._tell()
        ply = self.session.table.ply
        if ply != self._saved_at and not self.session.is_over:
            self._saved_at = ply
            self._save(self.session)

    def _tell(self, *, quiet: bool = False) -> None:
        events = self.session.log
        for event in events[self._told :]:
            told = [spoken(line.plain) for line in self.narrator.lines(event)]
            self.story += [line for line in told if line.strip()]
            if not quiet:
                self.lines.say(*told)
        self._told = len(events)
        self.narrator.sizes = list(self.session.view().hand_sizes)

    # -- asking ---------------------------------------------------------------------------

    def _ask_person(self) -> bool:
        """Ask until the person acts (or lets a chance go); False when they leave."""
        session = self.session
        self._offered_at = session.table.ply
        situation = True
        while True:
            view = session.view()
            offers = session.human_actions()
            notes, prompt = decision_lines(view, offers, self.names, armed=self.armed)
            if situation:
                self.lines.say(*notes)
                situation = False
            text = self.lines.ask(prompt)
            if text is None:
                return False
            hand = numbered_hand(view)
            answer = read_answer(text, hand, offers, view, self.names)
            if answer == ENTER and view.to_act != view.seat:
                return True  # the chance is let go
            if isinstance(answer, Command):
                if answer.name == "quit":
                    return False
                if answer == ENTER:
                    self.lines.say(accepted_line(offers, hand))
                else:
                    self._command(answer, view)
                continue
            if isinstance(answer, Unclear):
                self.lines.say(f"{answer.message} {accepted_line(offers, hand)}")
                continue
            outcome = self._answer(answer, view, offers)
            if outcome is None:
                return False
            if outcome:
                return True

    def _answer(
        self, answer: Action | PlayRequest, view: PlayerView, offers: Sequence[Action]
    ) -> bool | None:
        """Act on an answer: True when something was done, False when it was refused (said),
        None when the person left during a follow-up question."""
        if isinstance(answer, PlayRequest):
            return self._play(answer, view, offers)
        if (
            answer.kind is ActionKind.UNO
            and answer not in offers
            and any(a.uno for a in offers if a.kind in (ActionKind.PLAY, ActionKind.DISCARD))
        ):
            self.armed = not self.armed
            what = "discard" if any(a.kind is ActionKind.DISCARD for a in offers) else "play"
            said = f"will be called with your {what}" if self.armed else "will not be called"
            self.lines.say(f"Uno {said}.")
            return False
        return self._submit(answer, view)

    def _play(
        self, request: PlayRequest, view: PlayerView, offers: Sequence[Action]
    ) -> bool | None:
        if any(a.kind is ActionKind.DECLINE for a in offers):  # a discard round asks you
            return self._discard(request, view, offers)
        fitting = narrowed(request, offers)
        if isinstance(fitting, str):
            self.lines.say(fitting)
            return False
        if not fitting:  # the card cannot be played now: the engine says why
            action = play(request.card, request.color, request.target, request.uno)
            return self._submit(action, view)
        colours = colours_to_ask(fitting)
        if len(colours) > 1:
            colour = self._ask_colour(request, colours)
            if not isinstance(colour, Color):
                return colour
            fitting = [a for a in fitting if a.color is colour]
        targets = targets_to_ask(fitting)
        if len(targets) > 1:
            target = self._ask_target(request, targets, view)
            if target is None or target is False:
                return target
            fitting = [a for a in fitting if a.target == target]
        return self._submit(settle_call(fitting, armed=request.uno or self.armed), view)

    def _discard(self, request: PlayRequest, view: PlayerView, offers: Sequence[Action]) -> bool:
        """§7.11.4: the chosen card goes beneath the top card, with the Uno call if asked."""
        fitting = narrowed_discard(request, offers)
        if isinstance(fitting, str):
            self.lines.say(fitting)
            return False
        if not fitting:  # the card cannot be discarded: the engine says why
            return self._submit(discard(request.card, request.uno), view)
        return self._submit(settle_call(fitting, armed=request.uno or self.armed), view)

    def _ask_colour(self, request: PlayRequest, colours: Sequence[Color]) -> Color | bool | None:
        """The colour for a wild: a `Color`, False to choose again, None on leaving."""
        letters = ", ".join(f"{c.letter.lower()} {COLOUR_WORDS[c]}" for c in colours)
        question = f"{card_name(request.card)}: which colour? {letters}{PROMPT_END}"
        while True:
            text = self.lines.ask(question)
            if text is None or text.strip().lower() in ("quit", "q"):
                return None
            if not text.strip():
                self.lines.say("Not played: choose again.")
                return False
            try:
                colour = Color.from_letter(text.strip().removeprefix("colour ").strip())
            except LastcardError:
                colour = None
            if colour in colours:
                return colour
            self.lines.say("Type r, y, g or b, or press Enter to choose another card.")

    def _ask_target(
        self, request: PlayRequest, targets: Sequence[int], view: PlayerView
    ) -> int | bool | None:
        """The player a card names: a seat, False to choose again, None on leaving."""
        who = "; ".join(
            f"{seat} {self.names[seat]}, {cards_count(view.hand_sizes[seat])}" for seat in targets
        )
        question = f"{target_prompt(request.card, view.rules)} {who}{PROMPT_END}"
        while True:
            text = self.lines.ask(question)
            if text is None or text.strip().lower() in ("quit", "q"):
                return None
            answer = text.strip().lower()
            if not answer:
                self.lines.say("Not played: choose again.")
                return False
            for seat in targets:
                if answer in (str(seat), self.names[seat].lower()):
                    return seat
            seats = ", ".join(str(seat) for seat in targets)
            self.lines.say(f"Type a seat number ({seats}), or press Enter to choose again.")

    def _submit(self, action: Action, view: PlayerView) -> bool:
        try:
            self.session.act(action)
        except IllegalActionError as error:
            self.lines.say(refusal_words(error, action, view, self.names))
            return False
        except LastcardError as error:
            self.lines.say(str(error))
            return False
        self.armed = False
        return True

    def _between_hands(self) -> bool:
        """After a hand's summary (told): deal the next one when asked; False on leaving."""
        number = self.session.view().hand_number + 1
        while True:
            text = self.lines.ask(f"Press Enter to deal hand {number}, or type quit{PROMPT_END}")
            if text is None:
                return False
            answer = read_answer(text, (), (), None)
            if answer == ENTER or text.strip().lower() in ("next", "n"):
                self.session.next_hand()
                return True
            if isinstance(answer, Command) and answer.name == "quit":
                return False
            if isinstance(answer, Command):
                self._command(answer, self.session.view())
            else:
                self.lines.say("The hand is over: press Enter for the next one, or type quit.")

    # -- commands -----------------------------------------------------------------------------

    def _command(self, command: Command, view: PlayerView) -> None:
        if command.name == "help":
            self.lines.say(*help_lines(self.names))
        elif command.name == "hand":
            offers = self.session.human_actions()
            playable = [a.card for a in offers if a.card is not None]
            discarding = any(a.kind is ActionKind.DISCARD for a in offers)
            marked = "can be discarded" if discarding else "can be played"
            self.lines.say(
                discard_line(view), hand_line(numbered_hand(view), playable, marked=marked)
            )
        elif command.name == "table":
            self.lines.say(*table_lines(view, self.names, self.levels))
        elif command.name == "story":
            count = int(command.argument) if command.argument.isdigit() else STORY_LINES
            self.lines.say(*(self.story[-count:] if count else ()) or ["Nothing has happened."])
        elif command.name == "rules":
            self.lines.say(*_plain_markdown(rules_markdown(view.rules)))


def _plain_markdown(text: str) -> list[str]:
    """The rules help's Markdown as plain lines: headings and emphasis marks dropped."""
    lines = []
    for line in text.splitlines():
        if line.strip():
            lines.append(line.lstrip("# ").replace("**", ""))
    return lines
