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

import dataclasses
import enum
import time
from collections.abc import Callable, Sequence

from lastcard.core import (
    Action,
    ActionKind,
    Card,
    Color,
    IllegalActionError,
    LastcardError,
    PlayerView,
)
from lastcard.core.actions import discard, play
from lastcard.words import Narrator, game_title
from lastcard.words.cards import COLOR_WORDS, card_name
from lastcard.words.choices import JOKER_COUNT_PROMPT, JOKER_SEATS_PROMPT
from lastcard.words.pirate import cheat_cards
from lastcard.words.refusals import refusal
from lastcard.words.spoken import narration_card, narration_color, spoken
from lastcard.words.style import PLAIN
from lastcard.words.themes import INVISIBILITY

from .help_text import rules_markdown
from .plain_answers import (
    ENTER,
    BlockRequest,
    Command,
    PlayRequest,
    Unclear,
    accepted_line,
    narrowed,
    narrowed_discard,
    read_answer,
)
from .plain_io import Lines
from .plain_questions import PROMPT_END, decision_lines, help_lines, numbered_hand
from .plain_words import cards_count, discard_line, hand_line, table_lines
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
from .settings import NOT_SAVED, SAVED

STORY_LINES = 12
"""Lines `story` tells again unless asked for more."""

NOBODY = -1
"""`_ask_target`'s answer for naming nobody: Pirate's 7 swaps nothing (§7.6.1), a theme wild
played as a last card names no one (§7.11)."""
_NO_SWAP = ("none", "no", "no swap", "nobody", "n")
_WITH_A_CALL = (ActionKind.PLAY, ActionKind.DISCARD, ActionKind.LEAD, ActionKind.BLOCK)
"""The actions that may carry an Uno call: `uno` before them arms it."""


class Ending(enum.Enum):
    """How a game left the loop."""

    OVER = "over"  # played to its end
    QUIT = "quit"  # `quit`, or the end of input: saved
    STOPPED = "stopped"  # a bot made a mistake: saved, and said


class PlainGame:
    """Plays `session` over `lines`. `levels[k]` names the level of seat k+1; `save()` is
    called after every transition (False: it could not write) and `forget()` once the game is
    over."""

    def __init__(
        self,
        session: GameSession,
        lines: Lines,
        *,
        levels: Sequence[str],
        bot_delay: float = 0.0,
        save: Callable[[GameSession], bool] = lambda session: True,
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
            color_format=narration_color,
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
        self.lines.say(SAVED if self._save(self.session) else NOT_SAVED)
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
            notes, prompt = decision_lines(
                view, offers, self.names, armed=self.armed, log=session.log
            )
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
        self,
        answer: Action | PlayRequest | BlockRequest,
        view: PlayerView,
        offers: Sequence[Action],
    ) -> bool | None:
        """Act on an answer: True when something was done, False when it was refused (said),
        None when the person left during a follow-up question."""
        if isinstance(answer, PlayRequest):
            return self._play(answer, view, offers)
        if isinstance(answer, BlockRequest):
            return self._block(None, view, offers)
        if (
            answer.kind is ActionKind.UNO
            and answer not in offers
            and any(a.uno for a in offers if a.kind in _WITH_A_CALL)
        ):
            self.armed = not self.armed
            kinds = {a.kind for a in offers if a.uno}
            what = next((k.value for k in _WITH_A_CALL[1:] if k in kinds), "play")
            said = f"will be called with your {what}" if self.armed else "will not be called"
            self.lines.say(f"Uno {said}.")
            return False
        if answer.kind is ActionKind.BLOCK:
            return self._block(answer, view, offers)
        return self._submit(answer, view)

    def _block(
        self, answer: Action | None, view: PlayerView, offers: Sequence[Action]
    ) -> bool | None:
        """§7.11.3: block with the Invisibility card, in the colour given (`answer`) or asked,
        with the Uno call if given or armed."""
        blocks = [a for a in offers if a.kind is ActionKind.BLOCK]
        if not blocks:
            if answer is None:
                self.lines.say("There is nothing to block now.")
                return False
            return self._submit(answer, view)  # the engine says why not
        color = answer.color if answer is not None else None
        if color is None:
            asked = self._ask_color(INVISIBILITY, colors_to_ask(blocks), verb="Not blocked")
            if not isinstance(asked, Color):
                return asked
            color = asked
        fitting = [a for a in blocks if a.color is color]
        called = answer is not None and answer.uno
        return self._submit(settle_call(fitting, armed=called or self.armed), view)

    def _play(
        self, request: PlayRequest, view: PlayerView, offers: Sequence[Action]
    ) -> bool | None:
        if any(a.kind is ActionKind.DECLINE for a in offers):  # a discard round asks you
            return self._discard(request, view, offers)
        if any(a.kind is ActionKind.GIVE for a in offers):  # your Mambo's gifts (§7.11.7)
            gifts = [a for a in offers if a.kind is ActionKind.GIVE and a.card is request.card]
            return self._submit(gifts[0] if gifts else Action(ActionKind.GIVE, request.card), view)
        fitting = narrowed(request, offers)
        if isinstance(fitting, str):
            self.lines.say(fitting)
            return False
        if not fitting:  # the card cannot be played now: the engine says why
            action = play(request.card, request.color, request.target, request.uno)
            if any(a.kind is ActionKind.LEAD for a in offers):
                action = dataclasses.replace(action, kind=ActionKind.LEAD)
            return self._submit(action, view)
        colors = colors_to_ask(fitting)
        if len(colors) > 1:
            color = self._ask_color(request.card, colors)
            if not isinstance(color, Color):
                return color
            fitting = [a for a in fitting if a.color is color]
        targets = targets_to_ask(fitting)
        nobody = may_name_nobody(fitting)  # a 7 or a theme wild may name nobody (§7.6.1, §7.11)
        if len(targets) > 1 or (targets and nobody):
            target = self._ask_target(request, targets, view, nobody=nobody)
            if target is None or target is False:
                return target
            chosen = None if target is NOBODY else target
            fitting = [a for a in fitting if a.target == chosen]
        if len(seat_sets_to_ask(fitting)) > 1:  # a Joker (§7.11.6)
            seats = self._ask_joker_seats(fitting, view)
            if not isinstance(seats, tuple):
                return seats
            fitting = [a for a in fitting if a.targets == seats]
        counts = counts_to_ask(fitting)
        if len(counts) > 1:
            count = self._ask_joker_count(counts)
            if count is None or count is False:
                return count
            fitting = [a for a in fitting if a.count == count]
        return self._submit(settle_call(fitting, armed=request.uno or self.armed), view)

    def _ask_joker_seats(
        self, offers: Sequence[Action], view: PlayerView
    ) -> tuple[int, ...] | bool | None:
        """§7.11.6: the seats a Joker makes draw, given together (`1 3`, `1,3`): the seats,
        False to choose again, None on leaving."""
        sets = seat_sets_to_ask(offers)
        seats = sorted({seat for chosen in sets for seat in chosen})
        most = max(len(chosen) for chosen in sets)
        who = "; ".join(
            f"{seat} {self.names[seat]}, {cards_count(view.hand_sizes[seat])}" for seat in seats
        )
        question = f"{JOKER_SEATS_PROMPT} 1 to {most} of {who}{PROMPT_END}"
        while True:
            text = self.lines.ask(question)
            if text is None or text.strip().lower() in ("quit", "q"):
                return None
            words = text.replace(",", " ").lower().split()
            if not words:
                self.lines.say("Not played: choose again.")
                return False
            picked = {self._seat_named(word, seats) for word in words}
            if None not in picked:
                chosen = tuple(sorted(seat for seat in picked if seat is not None))
                if chosen in sets:
                    return chosen
            numbers = ", ".join(str(seat) for seat in seats)
            self.lines.say(
                f"Type 1 to {most} seat numbers ({numbers}), as in {seats[0]} {seats[-1]}, "
                "or press Enter to choose again."
            )

    def _seat_named(self, word: str, seats: Sequence[int]) -> int | None:
        for seat in seats:
            if word in (str(seat), self.names[seat].lower()):
                return seat
        return None

    def _ask_joker_count(self, counts: Sequence[int]) -> int | bool | None:
        """§7.11.6: the cards each seat draws: a count, False to choose again, None on
        leaving."""
        numbers = ", ".join(str(count) for count in counts)
        question = f"{JOKER_COUNT_PROMPT} {numbers}{PROMPT_END}"
        while True:
            text = self.lines.ask(question)
            if text is None or text.strip().lower() in ("quit", "q"):
                return None
            answer = text.strip()
            if not answer:
                self.lines.say("Not played: choose again.")
                return False
            if answer.isdigit() and int(answer) in counts:
                return int(answer)
            self.lines.say(f"Type {numbers}, or press Enter to choose another card.")

    def _discard(self, request: PlayRequest, view: PlayerView, offers: Sequence[Action]) -> bool:
        """§7.11.4: the chosen card goes beneath the top card, with the Uno call if asked."""
        fitting = narrowed_discard(request, offers)
        if isinstance(fitting, str):
            self.lines.say(fitting)
            return False
        if not fitting:  # the card cannot be discarded: the engine says why
            return self._submit(discard(request.card, request.uno), view)
        return self._submit(settle_call(fitting, armed=request.uno or self.armed), view)

    def _ask_color(
        self, card: Card, colors: Sequence[Color], *, verb: str = "Not played"
    ) -> Color | bool | None:
        """The colour for a wild: a `Color`, False to choose again, None on leaving."""
        letters = ", ".join(f"{c.letter.lower()} {COLOR_WORDS[c]}" for c in colors)
        question = f"{card_name(card)}: which colour? {letters}{PROMPT_END}"
        while True:
            text = self.lines.ask(question)
            if text is None or text.strip().lower() in ("quit", "q"):
                return None
            if not text.strip():
                self.lines.say(f"{verb}: choose again.")
                return False
            try:
                color = Color.from_letter(text.strip().removeprefix("colour ").strip())
            except LastcardError:
                color = None
            if color in colors:
                return color
            self.lines.say("Type r, y, g or b, or press Enter to choose another card.")

    def _ask_target(
        self, request: PlayRequest, targets: Sequence[int], view: PlayerView, *, nobody: bool
    ) -> int | bool | None:
        """The player a card names: a seat, False to choose again, None on leaving; with
        `nobody` (Pirate's 7), `NOBODY` when the answer is none: no swap."""
        who = "; ".join(
            f"{seat} {self.names[seat]}, {cards_count(view.hand_sizes[seat])}" for seat in targets
        )
        if nobody:
            who += f"; or none: {nobody_label(request.card)}"
        question = f"{target_prompt(request.card, view.rules)} {who}{PROMPT_END}"
        while True:
            text = self.lines.ask(question)
            if text is None or text.strip().lower() in ("quit", "q"):
                return None
            answer = text.strip().lower()
            if not answer:
                self.lines.say("Not played: choose again.")
                return False
            if nobody and answer in _NO_SWAP:
                return NOBODY
            for seat in targets:
                if answer in (str(seat), self.names[seat].lower()):
                    return seat
            seats = ", ".join(str(seat) for seat in targets)
            none = f", none for {nobody_label(request.card)}" if nobody else ""
            self.lines.say(f"Type a seat number ({seats}){none}, or press Enter to choose again.")

    def _submit(self, action: Action, view: PlayerView) -> bool:
        try:
            self.session.act(action)
        except IllegalActionError as error:
            self.lines.say(refusal(error, action, view, self.names, PLAIN))
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
            self.lines.say(*help_lines(self.names, pirate=view.rules.pirate, rules=view.rules))
        elif command.name == "hand":
            offers = self.session.human_actions()
            playable = [a.card for a in offers if a.card is not None]
            kinds = {a.kind for a in offers}
            marked = "can be played"
            for kind, words in _MARKED.items():
                if kind in kinds:
                    marked = words
            cheats = cheat_cards(view, offers)
            self.lines.say(
                discard_line(view),
                hand_line(numbered_hand(view), playable, marked=marked, cheats=cheats),
            )
        elif command.name == "table":
            self.lines.say(*table_lines(view, self.names, self.levels))
        elif command.name == "story":
            count = int(command.argument) if command.argument.isdigit() else STORY_LINES
            self.lines.say(*(self.story[-count:] if count else ()) or ["Nothing has happened."])
        elif command.name == "rules":
            self.lines.say(*_plain_markdown(rules_markdown(view.rules)))


# What the hand's marks mean when a card is chosen for something other than a play.
_MARKED = {
    ActionKind.DISCARD: "can be discarded",
    ActionKind.GIVE: "can be given",
    ActionKind.LEAD: "can be led",
}


def _plain_markdown(text: str) -> list[str]:
    """The rules help's Markdown as plain lines: headings and emphasis marks dropped."""
    lines = []
    for line in text.splitlines():
        if line.strip():
            lines.append(line.lstrip("# ").replace("**", ""))
    return lines
