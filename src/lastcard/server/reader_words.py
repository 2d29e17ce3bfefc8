"""What each reader at a web table reads, in the words of `lastcard.words` (DESIGN.md §8): the
story of the events pushed to them, the prompt, a refusal, and which of their cards would be a
cheat. The browser shows these sentences; it words nothing of the game itself.

A reader is a seat of the game (told in the second person, "You play Red 5") or a spectator
(`None`). Each is told the events redacted for them (`Event.redact`), by a narrator of their
own that has followed the game from its start, so the story is the one line mode tells.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from lastcard.core import (
    Action,
    Event,
    GameState,
    IllegalActionError,
    PlayerView,
    Rules,
)
from lastcard.words.alerts import alerts
from lastcard.words.pirate import cheat_cards
from lastcard.words.prompts import prompt
from lastcard.words.refusals import refusal
from lastcard.words.spoken import narration_card, narration_color, spoken
from lastcard.words.story import Narrator
from lastcard.words.style import WEB


def reader_names(names: Sequence[str | None], seat: int | None) -> list[str]:
    """The seats' names as `seat` reads them: its own is "You"; an unnamed seat by number."""
    return ["You" if k == seat else (name or f"Seat {k + 1}") for k, name in enumerate(names)]


class Story:
    """Every reader's story of one game: the lines told for each push of this hand, by `seq`.

    Told lazily: a push is kept (its events, and the hand sizes after it), and a reader's
    narrator hears the pushes it has not heard yet only when that reader's story is asked
    for. A seat nobody reads (a bot's, a spectator's when none watches) is never narrated:
    the words cost a few hundred microseconds a push and reader, which a thousand tables
    cannot spend on readers who are not there."""

    def __init__(self, players: int, rules: Rules, names: Sequence[str | None]) -> None:
        self._players = players
        self._rules = rules
        self._names = list(names)
        self._narrators: dict[int | None, Narrator] = {}
        self._heard: dict[int | None, int] = {}  # pushes each reader's narrator has heard
        self._pushes: list[tuple[int, tuple[Event, ...], list[int]]] = []  # the whole game's
        self._hand_from = 0  # the first push of this hand
        self._told: dict[int | None, list[tuple[int, list[str]]]] = {}

    def tell(self, seq: int, events: Sequence[Event], state: GameState) -> None:
        """Keep the events of push `seq`; `state` is the game after them."""
        self._pushes.append((seq, tuple(events), [len(hand) for hand in state.hands]))

    def new_hand(self) -> None:
        """A reader who reconnects is told the current hand's story only."""
        self._hand_from = len(self._pushes)
        for told in self._told.values():
            told.clear()

    def since(self, seat: int | None, since: int | None) -> list[str]:
        """The lines `seat` was told after push `since` (None: the whole hand)."""
        self._catch_up(seat)
        told = self._told[seat]
        start = 0 if since is None else bisect_right(told, since, key=_push_number)
        return [line for _, lines in told[start:] for line in lines]

    def _catch_up(self, seat: int | None) -> None:
        narrator = self._narrators.get(seat)
        if narrator is None:
            narrator = self._narrators[seat] = Narrator(
                self._players,
                self._rules,
                reader_names(self._names, seat),
                you=seat,
                card_format=narration_card,
                color_format=narration_color,
            )
        told = self._told.setdefault(seat, [])
        heard = self._heard.get(seat, 0)
        for index in range(heard, len(self._pushes)):
            seq, events, sizes = self._pushes[index]
            lines = [
                spoken(line.plain)
                for event in events
                for line in narrator.lines(event.redact(seat))
            ]
            narrator.sizes = list(sizes)  # as `sync` would: hand sizes are public
            if index >= self._hand_from:
                told.append((seq, [line for line in lines if line.strip()]))
        self._heard[seat] = len(self._pushes)


def _push_number(told: tuple[int, list[str]]) -> int:
    return told[0]


def prompt_words(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str | None],
    log: Sequence[Event],
) -> str:
    """The status line for the reader of `view` (`log`: this hand's events, as they saw them)."""
    seat = view.seat
    text = prompt(
        view,
        actions,
        reader_names(names, seat),
        WEB,
        log=log,
    ).plain
    return " ".join(text.split())  # one line: the terminal's line breaks and gaps go


def refusal_words(
    error: IllegalActionError, action: Action, view: PlayerView, names: Sequence[str | None]
) -> str:
    """Why the reader's action was refused."""
    return refusal(error, action, view, reader_names(names, view.seat), WEB)


def cheat_codes(view: PlayerView, actions: Sequence[Action]) -> list[str]:
    """The codes of the reader's cards whose play now would be a cheat (Pirate, §7.6.3)."""
    return sorted({card.code for card in cheat_cards(view, actions)})


def alert_words(
    events: Sequence[Event], seat: int | None, names: Sequence[str | None], rules: Rules
) -> list[str]:
    """What in `events` (redacted for `seat`) concerns that reader alone, said at once."""
    said = reader_names(names, seat)
    return alerts(events, seat, said, rules.pirate_false_call_penalty)
