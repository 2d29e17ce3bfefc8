"""Pirate Uno (RULES.md §7.6) as a seat sees it: which plays are cheats, which cheats it can
prove, and the open hands it follows between views (`PirateWatch`).

Under Pirate rules a player may play any card of its hand on its own turn. A card that does not
match, or after a draw a card other than the drawn one, is a cheat, flagged for its player alone;
each other active seat in turn then lets the play stand (`pass`) or calls it (`cheat`). A call on
a cheat sends the card back and costs its player 2 cards and the turn; a call on a fair play
costs the caller `pirate_false_call_penalty` cards. So a careful seat calls only what it knows
was a cheat. What it can know (`PirateWatch.judge`):

- **A card that could not have matched** is a cheat, for everyone to see: the card on top
  against the one beneath it (`view.discard[-2]`) with the colour it had to match
  (`view.pirate_color`) (`visible_cheat`).
- **A matching card on a fresh turn** is fair.
- **A matching card after a draw** is fair only if it is the drawn card. The engine offers the
  after-draw phase only for a drawn card that matches, and neither the top card nor the colour
  changes with a draw: after a forced draw (no card matched) every other card still does not
  match, so a matching card played then *is* the drawn one. Only a voluntary draw followed by
  another matching card is a cheat that matches. Hands are open, so a seat that saw the
  player's whole hand just before the draw sees which card came in and can tell; otherwise it
  cannot, and it lets the play stand: the card is almost surely the drawn one.
- **Its own play**: the engine tells its player (`view.cheat`).

A Joker's seats and count (§7.11.6) are not in the `play` event: a window on another seat's
Joker is rebuilt (`PirateWatch.pending`) with the seats that Joker most likely names, those
closest to going out, each drawing three (`lastcard.bots.themes.joker_seats`); a window on the
seat's own Joker with what it chose, when its bot says so (`PirateWatch.chose`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from lastcard.core import (
    Action,
    ActionKind,
    Card,
    Color,
    Event,
    EventType,
    Kind,
    Phase,
    PlayerView,
)
from lastcard.core.matching import matches
from lastcard.core.seats import next_active
from lastcard.core.state import PendingPirate

from .themes import joker_seats

__all__ = [
    "PirateWatch",
    "WindowOutcome",
    "honest_actions",
    "is_cheat",
    "is_cheat_card",
    "likely_joker",
    "visible_cheat",
    "window_answer",
]

_PLAY = ActionKind.PLAY
_INVISIBILITY = Card(Kind.WILD_INVISIBILITY)
_ON_TURN = (Phase.AWAIT_TURN, Phase.AFTER_DRAW)
# What may happen while a window is open: its answers, and the side actions allowed at any time
# (a late Uno call, a catch and its penalty, a referee's penalty: §4, §5.5).
_IN_WINDOW = frozenset(
    {
        EventType.PIRATE_WINDOW,
        EventType.PIRATE_PASS,
        EventType.PIRATE_CALL,
        EventType.UNO,
        EventType.CATCH,
        EventType.SUGGESTION_PENALTY,
    }
)
_SIDE_DRAWS = frozenset({"uno_penalty", "suggestion"})


def _during_window(event: Event) -> bool:
    """Whether `event` may happen while a Pirate window is still open."""
    kind = event.type
    return kind in _IN_WINDOW or (kind is EventType.DRAW and event.reason in _SIDE_DRAWS)


def is_cheat_card(card: Card, top: Card, color: Color | None, drawn: Card | None) -> bool:
    """Whether playing `card` on `top` with `color` current is a cheat (§7.6.3): it does not
    match, or a card was just `drawn` and `card` is another one."""
    if drawn is not None and card != drawn:
        return True
    return color is not None and not matches(card, top, color)


def is_cheat(view: PlayerView, action: Action) -> bool:
    """Whether `action`, taken now by the seat of `view`, would be a cheat: under Pirate rules, a
    play on its own turn of a card that does not match, or after a draw of a card other than the
    drawn one. Everything else is not (a jump-in or a stacking answer must be genuine, and the
    engine offers only genuine ones)."""
    card = action.card
    if (
        action.kind is not _PLAY
        or card is None
        or not view.rules.pirate
        or view.phase not in _ON_TURN
        or view.seat != view.turn
    ):
        return False
    drawn = view.drawn if view.phase is Phase.AFTER_DRAW else None
    return is_cheat_card(card, view.top, view.color, drawn)


def honest_actions(view: PlayerView, legal: Iterable[Action]) -> list[Action]:
    """`legal` without its cheats (`is_cheat`): what the game offers a player who never cheats."""
    if not view.rules.pirate:
        return list(legal)
    return [action for action in legal if not is_cheat(view, action)]


def visible_cheat(view: PlayerView) -> bool:
    """True when the play in an open Pirate window could not have matched: a cheat anyone can
    prove, from the card on top, the one beneath it and the colour it had to match."""
    color = view.pirate_color
    if view.phase is not Phase.AWAIT_PIRATE or color is None or len(view.discard) < 2:
        return False
    return not matches(view.discard[-1], view.discard[-2], color)


def window_answer(legal: Sequence[Action], call: bool) -> Action:
    """The `cheat` action of `legal` when `call`, else its `pass` (each is on offer to the seat a
    Pirate window asks)."""
    wanted = ActionKind.CHEAT if call else ActionKind.PASS
    return next(action for action in legal if action.kind is wanted)


@dataclass(frozen=True, slots=True)
class WindowOutcome:
    """A closed Pirate window as one seat saw it: whether the play was a cheat (None: it could
    not tell), the seats that let it stand, and the seat that called (None: nobody did)."""

    player: int
    cheat: bool | None
    passed: tuple[int, ...]
    caller: int | None


@dataclass
class _Play:
    """The last on-turn play: what a window on it needs, and the hand before a draw it followed."""

    seat: int
    card: Card
    target: int | None
    uno: bool
    top_player: int | None  # who had placed the card beneath it
    after_draw: bool  # it followed its player's draw in the same turn
    before_draw: Counter[Card] | None  # the player's whole hand before that draw, if known
    targets: tuple[int, ...] = ()  # a Joker's seats and count, when known (its own play)
    count: int = 0


@dataclass
class PirateWatch:
    """What one seat follows of a Pirate hand between its views: every hand (open at each view,
    then changed by the events: plays, draws whose cards it may not see, swaps, rotations), the
    last on-turn play and the hand its player held before drawing, and the open window.

    Feed it the seat's views (`see`) and every event it observes (`observe`, redacted events are
    enough). Without Pirate views it knows no hand and can only tell visible cheats.
    """

    record: bool = False  # keep the closed windows' outcomes for `take_closed`
    seat: int | None = None
    active: tuple[bool, ...] = ()
    # Each seat's cards as far as this seat knows, and how many unknown cards it holds besides
    # (drawn since the last view). None: not known (no Pirate view yet this hand).
    hands: list[Counter[Card]] | None = None
    unknown: list[int] = field(default_factory=list)
    top_player: int | None = None
    play: _Play | None = None
    # A draw of its turn just happened: the seat and its hand before it (None: not known).
    drew: tuple[int, Counter[Card] | None] | None = None
    # The open window: its player, what this seat knows of the cheat, who passed.
    window: tuple[int, bool | None, list[int]] | None = None
    closed: list[WindowOutcome] = field(default_factory=list)
    # The seat's own last Joker play, told by its bot (`chose`): its seats and count are in
    # no event.
    own_joker: Action | None = None

    # -- views and events -------------------------------------------------------------------

    def see(self, view: PlayerView) -> None:
        """Take the facts of a fresh view: under Pirate rules every hand, exactly."""
        self.seat = view.seat
        self.active = view.active
        if view.open_hands is not None:
            self.hands = [Counter(hand) for hand in view.open_hands]
            self.unknown = [0] * len(view.open_hands)
        if view.phase is not Phase.AWAIT_PIRATE:
            self.top_player = view.top_player

    def observe(self, event: Event) -> None:
        """Follow one event as this seat saw it."""
        kind = event.type
        if self.window is not None and not _during_window(event):
            self._close(None)  # everyone let the play stand: its effect follows
        drew = self.drew
        self.drew = None
        follow = _FOLLOW.get(kind)
        if follow is not None:
            follow(self, event)
        if kind is EventType.DRAW and event.reason == "turn":
            self.drew = (event.seat, self._before_draw(event))
        elif kind is EventType.PLAY and not event.jump_in:
            seat = event.seat
            after = drew is not None and drew[0] == seat
            own = self.own_joker
            mine = own is not None and seat == self.seat and own.card == event.card
            self.play = _Play(
                seat,
                event.card,
                event.target,
                event.uno,
                self.top_player,
                after,
                drew[1] if after and drew is not None else None,
                own.targets if mine and own is not None else (),
                own.count if mine and own is not None else 0,
            )
            self.own_joker = None
        if kind is EventType.PLAY:
            self.top_player = event.seat

    def chose(self, action: Action) -> None:
        """The seat's bot chose `action`: a Joker play's seats and count are remembered for
        its window (they are in no event)."""
        if action.kind is _PLAY and action.targets:
            self.own_joker = action

    def take_closed(self) -> list[WindowOutcome]:
        """The windows closed since the last call, oldest first (kept only with `record`)."""
        out, self.closed = self.closed, []
        return out

    def _reset(self) -> None:
        self.hands = None
        self.unknown = []
        self.top_player = None
        self.play = None
        self.drew = None
        self.window = None

    def _before_draw(self, event: Event) -> Counter[Card] | None:
        """The drawer's hand before the draw `event` (already counted in), if known exactly."""
        hands = self.hands
        seat = event.seat
        if hands is None or not 0 <= seat < len(hands):
            return None
        before = Counter(hands[seat])
        cards = event.cards
        if cards is not None:
            before.subtract(cards)
            return +before if all(n >= 0 for n in before.values()) else None
        return before if self.unknown[seat] == event.count else None

    def _on_play(self, event: Event) -> None:
        self._remove(event.seat, event.card)

    def _on_draw(self, event: Event) -> None:
        hands = self.hands
        seat = event.seat
        if hands is None or not 0 <= seat < len(hands):
            return
        cards = event.cards
        if cards is not None:
            hands[seat].update(cards)
        else:
            self.unknown[seat] += event.count

    def _remove(self, seat: int, card: Card) -> None:
        hands = self.hands
        if hands is None or not 0 <= seat < len(hands):
            return
        if hands[seat][card] > 0:
            hands[seat][card] -= 1
            if not hands[seat][card]:
                del hands[seat][card]
        elif self.unknown[seat] > 0:
            self.unknown[seat] -= 1  # one of the cards it drew unseen
        else:
            self.hands = None  # the events disagree with what it knew: know nothing

    def _on_window(self, event: Event) -> None:
        # Its own play's flag is told to the player alone; others judge at their view (`judge`).
        self.window = (event.seat, event.cheat, [])

    def _on_pass(self, event: Event) -> None:
        if self.window is not None:
            self.window[2].append(event.seat)

    def _on_call(self, event: Event) -> None:
        if self.window is None:
            self.window = (event.player, None, [])
        self._close(event.seat, event.cheat)
        play = self.play
        if event.cheat and play is not None:
            # The card goes back to its player, and the top card is the one beneath again.
            hands = self.hands
            if hands is not None and 0 <= play.seat < len(hands):
                hands[play.seat][play.card] += 1
            self.top_player = play.top_player

    def _close(self, caller: int | None, cheat: bool | None = None) -> None:
        window = self.window
        if window is None:
            return
        player, known, passed = window
        if self.record:
            outcome = cheat if cheat is not None else known
            self.closed.append(WindowOutcome(player, outcome, tuple(passed), caller))
        self.window = None

    def _swap(self, a: int, b: int) -> None:
        hands = self.hands
        if hands is None:
            return
        hands[a], hands[b] = hands[b], hands[a]
        self.unknown[a], self.unknown[b] = self.unknown[b], self.unknown[a]

    def _rotate(self, direction: int) -> None:
        hands = self.hands
        if hands is None:
            return
        old, unknown = list(hands), list(self.unknown)
        for seat, on in enumerate(self.active):
            if on:
                after = next_active(self.active, seat, direction)
                hands[after], self.unknown[after] = old[seat], unknown[seat]

    def _reveal(self, seat: int, cards: Sequence[Card] | None) -> None:
        if self.hands is not None and cards is not None and 0 <= seat < len(self.hands):
            self.hands[seat] = Counter(cards)
            self.unknown[seat] = 0

    def _forget_hands(self) -> None:
        self.hands = None

    def _on_gift(self, event: Event) -> None:
        """A Mambo's gift (§7.11.7): the card moves when this seat saw it (it gave it); else
        the hands are known again at the next view."""
        given, target = event.given, event.target
        hands = self.hands
        if hands is None:
            return
        if given is None or target is None or not 0 <= target < len(hands):
            self._forget_hands()
            return
        self._remove(event.seat, given)
        if self.hands is not None:
            self.hands[target][given] += 1

    def _on_block(self, event: Event) -> None:
        """An Invisibility's block (§7.11.3): its card leaves the hand for the pile."""
        self._remove(event.seat, _INVISIBILITY)
        self.top_player = event.seat

    def _on_travel(self, event: Event) -> None:
        if event.target is not None:
            self._reveal(event.target, event.cards)

    # -- what it can tell -------------------------------------------------------------------

    def judge(self, view: PlayerView) -> bool | None:
        """Whether the play in the open Pirate window of `view` was a cheat: True or False when
        this seat can be sure, None when it cannot (see the module docstring). The answer is
        remembered for the window's outcome (`take_closed`)."""
        if view.phase is not Phase.AWAIT_PIRATE:
            return None
        verdict = self._verdict(view)
        window = self.window
        if window is not None and window[1] is None and verdict is not None:
            self.window = (window[0], verdict, window[2])
        return verdict

    def _verdict(self, view: PlayerView) -> bool | None:
        if view.cheat is not None:
            return view.cheat
        if view.pirate_color is None or len(view.discard) < 2:
            return None
        if visible_cheat(view):
            return True
        play = self.play
        if play is None or play.seat != view.turn or play.card != view.top:
            return None  # it did not see the play: it cannot tell whether a draw came first
        if not play.after_draw:
            return False
        drawn = self.drawn_card(view)
        return None if drawn is None else view.top != drawn

    def drawn_card(self, view: PlayerView) -> Card | None:
        """The card the player of the window's play (or the seat in its after-draw phase) had
        just drawn, when this seat saw that player's whole hand before the draw; else None."""
        hands = view.open_hands
        play = self.play
        if hands is None:
            return None
        if view.phase is Phase.AWAIT_PIRATE:
            if play is None or not play.after_draw or play.before_draw is None:
                return None
            now = Counter(hands[play.seat])
            now[play.card] += 1  # the hand it drew into, before the play
            before = play.before_draw
        elif view.phase is Phase.AFTER_DRAW and self.drew is not None:
            seat, before_draw = self.drew
            if seat != view.turn or before_draw is None:
                return None
            now, before = Counter(hands[seat]), before_draw
        else:
            return None
        if any(now[card] < n for card, n in before.items()):
            return None
        came = now - before
        return next(iter(came)) if sum(came.values()) == 1 else None

    def pending(self, view: PlayerView) -> PendingPirate | None:
        """The open window of `view` as this seat believes it is, for a sampled state: the cheat
        flag when it can tell (else fair, the likely case), the colour and the top card's player
        before the play, the seat the play named and its Uno call."""
        if view.phase is not Phase.AWAIT_PIRATE:
            return None
        cheat = self._verdict(view)
        play = self.play
        if play is not None and (play.seat != view.turn or play.card != view.top):
            play = None
        targets, count = (play.targets, play.count) if play is not None else ((), 0)
        if not targets and view.top.kind is Kind.WILD_JOKER:
            targets, count = likely_joker(view), 3
        return PendingPirate(
            cheat=bool(cheat),
            color=view.pirate_color,
            top_player=play.top_player if play is not None else None,
            target=play.target if play is not None else None,
            uno=play.uno if play is not None else False,
            targets=targets,
            count=count,
        )


def likely_joker(view: PlayerView) -> tuple[int, ...]:
    """The seats the Joker on top of `view` (played by `view.turn`) most likely names: the (up
    to three) other active seats closest to going out, as every bot here aims its own."""
    player = view.turn
    others = [s for s in range(view.players) if s != player and view.active[s]]
    return joker_seats(others, view.hand_sizes, player, view.direction)


# What each type of event changes in a `PirateWatch` (beyond the draw and play bookkeeping of
# `PirateWatch.observe`).
_FOLLOW: dict[EventType, Callable[[PirateWatch, Event], None]] = {
    EventType.PLAY: PirateWatch._on_play,
    EventType.DISCARD: PirateWatch._on_play,
    EventType.DRAW: PirateWatch._on_draw,
    EventType.PIRATE_WINDOW: PirateWatch._on_window,
    EventType.PIRATE_PASS: PirateWatch._on_pass,
    EventType.PIRATE_CALL: PirateWatch._on_call,
    EventType.SWAP_HANDS: lambda watch, event: watch._swap(*event.seats),
    EventType.ROTATE_HANDS: lambda watch, event: watch._rotate(event.direction),
    EventType.REVEAL: lambda watch, event: watch._reveal(event.seat, event.cards),
    EventType.TRAVEL: PirateWatch._on_travel,
    EventType.GIFT: PirateWatch._on_gift,
    EventType.BLOCK: PirateWatch._on_block,
    EventType.CHALLENGE: lambda watch, event: watch._reveal(event.player, event.revealed),
    EventType.SHUFFLE_HANDS: lambda watch, event: watch._forget_hands(),
    EventType.FIRST_DISCARD: lambda watch, event: setattr(watch, "top_player", None),
    EventType.DEAL: lambda watch, event: watch._reset(),
    EventType.HAND_OVER: lambda watch, event: watch._reset(),
}
