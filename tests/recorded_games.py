"""Recorded games for the words tests: fixed seeds under several rule sets (the theme cards and
Pirate among them), and the words each front end must show for them, made by `lastcard.words`.

A game here is played by a person at seat 0 who always does what the web table's autopilot
would (`autopilot_choice`: the first matching card, Uno with the play, never a catch) against
bots that always call Uno, so no move waits on a clock: the same seed gives the same game in
the Textual table, in line mode and at the web table (whose server deals from the same seed
with the same bots). Each front end's test plays it there and compares what that front end
shows with these words, drawn in its own style; so a sentence changed in one front end only
fails its test, while a sentence changed in `lastcard.words` changes every front end alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from rich.text import Text

from lastcard import Rules
from lastcard.core import Action, GameRecord, replay_steps
from lastcard.server.autopilot import autopilot_choice
from lastcard.tui.session import GameSession
from lastcard.words.spoken import narration_card, narration_colour, spoken
from lastcard.words.story import Narrator

LEVELS = ("greedy", "heuristic")  # the web table's "medium" and "hard": they always call Uno
WEB_LEVELS = ("medium", "hard")
NAMES = ("You", "Ada", "Basil")


@dataclass(frozen=True)
class Recorded:
    """One recorded game: its rules (a preset's name, single hand) and seed."""

    preset: str
    seed: int

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset).changed(target_score=None, elimination=False)

    @property
    def id(self) -> str:
        return f"{self.preset}-{self.seed}"


GAMES = (
    Recorded("official", 3),
    Recorded("party", 5),
    Recorded("themes", 7),
    Recorded("pirate", 11),
)


def person_choice(session: GameSession) -> Action | None:
    """What the person at seat 0 does now: autopilot's choice when they are to act, nothing
    out of turn (a chance is let go)."""
    if not session.human_to_act():
        return None
    return autopilot_choice(session.human_actions(), session.view())


def play(game: Recorded) -> GameSession:
    """The recorded game played out in process, the way every front end's test plays it."""
    session = GameSession(list(LEVELS), game.rules, names=list(NAMES), seed=game.seed)
    while not session.is_over and not session.hand_over:
        action = person_choice(session)
        if action is not None:
            session.act(action)
        elif session.bots_pending():
            session.step_bots()
        else:
            raise AssertionError("nobody can move")
    return session


CardDraw = Callable[[str, str | None], Text]
ColourDraw = Callable[[str], Text]


def story(
    record: GameRecord,
    seat: int | None,
    names: Sequence[str],
    card_format: CardDraw = narration_card,
    colour_format: ColourDraw = narration_colour,
    *,
    speak: bool = True,
) -> list[str]:
    """The story of `record` told to `seat` (redacted for it), cards drawn by `card_format`,
    the sizes taken after each transition as every front end does; in spoken form (`speak`)
    as line mode and the web table say it, else as the terminal table draws it. Empty lines
    left out."""
    narrator = Narrator(
        record.players,
        record.rules,
        list(names),
        you=seat,
        card_format=card_format,
        colour_format=colour_format,
    )
    lines: list[str] = []

    def tell(events: Iterator[object] | Sequence[object]) -> None:
        for event in events:
            for line in narrator.lines(event.redact(seat)):  # type: ignore[attr-defined]
                text = spoken(line.plain) if speak else line.plain
                if text.strip():
                    lines.append(text)

    opening = record.open()
    tell(opening.events)
    narrator.sync(opening.state)
    for _, _, transition in replay_steps(record):
        tell(transition.events)
        narrator.sync(transition.state)
    return lines
