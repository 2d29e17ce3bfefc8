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
from lastcard.core import (
    Action,
    GameRecord,
    GameState,
    IllegalActionError,
    Kind,
    LastcardError,
    PlayerView,
    apply,
    parse_action,
    player_view,
    replay_steps,
)
from lastcard.server.autopilot import autopilot_choice
from lastcard.tui.session import GameSession
from lastcard.words.spoken import narration_card, narration_color, spoken
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
ColorDraw = Callable[[str], Text]


def story(
    record: GameRecord,
    seat: int | None,
    names: Sequence[str],
    card_format: CardDraw = narration_card,
    color_format: ColorDraw = narration_color,
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
        color_format=color_format,
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


# -- refusals ----------------------------------------------------------------------------------


def top_kind(view: PlayerView) -> str:
    """The kind of the top card, as the every-refusal test counts them: a number, an action
    card, a wild, a wild draw four, or the theme card's own kind."""
    kind = view.top.kind
    if kind is Kind.NUMBER:
        return "number"
    if kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO):
        return "action"
    if kind is Kind.WILD:
        return "wild"
    if kind is Kind.WILD_DRAW_FOUR:
        return "wild draw four"
    return kind.value


def _candidates(state: GameState, seat: int) -> list[str]:
    """Action codes a person might try now, right or wrong."""
    deck = sorted({card.code for card in state.rules.deck_cards()})
    held = [card.code for card in state.hands[seat]]
    missing = next((code for code in deck if code not in held and not code.startswith("W")), "R0")
    out: list[str] = []
    for code in [*held, missing]:
        out += [code, f"{code}:r", f"{code}:g>1", f"{code}:b>1,2*2", f"discard {code}"]
        out += [f"give {code}", f"lead {code}", f"{code}!"]
    out += ["draw", "keep", "accept", "challenge", "uno", "catch 1", "catch 2", "color r"]
    out += ["next", "pass", "cheat", "decline", "block r", "allow"]
    return out


def refusals_at(state: GameState, seat: int) -> dict[str, Action]:
    """One action of `seat` for each error code the engine refuses with now."""
    found: dict[str, Action] = {}
    for code in _candidates(state, seat):
        try:
            action = parse_action(code)
        except LastcardError:
            continue
        try:
            apply(state, seat, action)
        except IllegalActionError as error:
            found.setdefault(error.code, action)
        except LastcardError:
            continue
    return found


# Themes games where the person is asked with each theme card on top (found by a search over
# seeds): with `GAMES`, every kind of top card meets the person at some decision.
REFUSAL_GAMES = (*GAMES, *(Recorded("themes", seed) for seed in (1, 5, 6, 8, 16, 17)))


@dataclass(frozen=True)
class Refusal:
    """An action the engine refuses at `ply` of a recorded game, with its error."""

    ply: int
    kind: str  # the kind of the top card (`top_kind`)
    action: Action
    error: IllegalActionError
    view: PlayerView  # the person's, at that ply


def _plan() -> dict[str, list[Refusal]]:
    """For each refusal game, the refusals to try and where: each error code the person can
    cause over each kind of top card, once (the first place it can be caused), on their own
    decision and, for the codes of acting out of turn, while a bot decides."""
    seen: set[tuple[str, str]] = set()
    plan: dict[str, list[Refusal]] = {}
    for game in REFUSAL_GAMES:
        record = play(game).record()
        states = [record.open().state, *(t.state for _, _, t in replay_steps(record))]
        tried: list[Refusal] = []
        for ply, state in enumerate(states):
            if state.to_act is None:
                continue
            view = player_view(state, 0)
            kind = top_kind(view)
            for code, action in refusals_at(state, 0).items():
                if (kind, code) in seen:
                    continue
                seen.add((kind, code))
                try:
                    apply(state, 0, action)
                except IllegalActionError as error:
                    tried.append(Refusal(ply, kind, action, error, view))
        plan[game.id] = tried
    return plan


_PLAN: dict[str, list[Refusal]] = {}


def refusal_plan(game: Recorded) -> list[Refusal]:
    """The refusals to try in `game` (computed once for all the refusal games)."""
    if not _PLAN:
        _PLAN.update(_plan())
    return _PLAN[game.id]


def covered() -> set[tuple[str, str]]:
    """Every (kind of top card, error code) the refusal games try."""
    if not _PLAN:
        _PLAN.update(_plan())
    return {(r.kind, r.error.code) for tried in _PLAN.values() for r in tried}
