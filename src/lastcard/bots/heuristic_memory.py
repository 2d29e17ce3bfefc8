"""What a `HeuristicBot` remembers of its game, and what it reads from that memory.

It learns only from `observe` (the events of its game, redacted for its seat) and from the
views it is asked with (`_look`): per seat, the colours that seat was seen to lack and how many
cards it has received since, the cards it is known to hold (after an exchange, a challenge or a
Travel showed them), how often it challenged and bluffed a Wild Draw Four, and under Pirate
how often it called the cheats it could see. A base class of `HeuristicBot`, apart because the
memory is one concept and the decisions another.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from lastcard.core import Card, Color, Event, EventType, Kind, PlayerView
from lastcard.core.cards import COLORS
from lastcard.core.seats import next_active as next_active_seat

from .heuristic_weights import (
    CALL_PRIOR,
    CALL_PRIOR_WEIGHT,
    COLOR_SHARE,
    INVISIBILITY,
)
from .pirate import PirateWatch
from .themes import after_unseen_loss


class HeuristicMemory:
    """The memory of a `HeuristicBot` (see the module docstring)."""

    def __init__(self) -> None:
        self._players = 0
        self._me: int | None = None
        self._teammates: frozenset[int] = frozenset()
        self._teams_of: int | None = None  # the seat `_teammates` was worked out for
        self._active: tuple[bool, ...] = ()
        # What the events said (see `observe`), by seat.
        self._color: Color | None = None
        self._hand: list[Card] | None = None  # own hand since the last view, while it is known
        self._void: defaultdict[int, dict[Color, int]] = defaultdict(dict)  # colour -> cards
        # received since the seat was seen to hold none of it
        self._known: defaultdict[int, Counter[Card]] = defaultdict(Counter)  # cards it holds
        self._wd4: tuple[int, Color | None] | None = None  # the WD4 awaiting a response
        self._faced: Counter[int] = Counter()  # WD4s each seat had to answer
        self._challenged: Counter[int] = Counter()  # ... and challenged
        self._bluffs: Counter[int] = Counter()  # challenges against each seat that succeeded
        self._honest: Counter[int] = Counter()  # ... and that failed
        self._wd4_draws = 0  # cards the player of the pending WD4 drew since
        # Pirate: the hands and windows it follows, and what each seat did with cheats.
        self._watch = PirateWatch(record=True)
        self._open: tuple[tuple[Card, ...], ...] | None = None  # every hand, under Pirate
        self._cheats_asked: Counter[int] = Counter()  # cheats each seat was asked about
        self._cheats_called: Counter[int] = Counter()  # ... and called

    def _new_hand(self) -> None:
        """Forget what belonged to the hand that ended (the challenge habits are kept)."""
        self._void.clear()
        self._known.clear()
        self._hand = None
        self._wd4 = None
        self._color = None

    def observe(self, event: Event) -> None:
        """Remember what this seat may know of `event` (already redacted for it)."""
        remember = _MEMORY.get(event.type)
        if remember is not None:  # the other types teach it nothing
            remember(self, event)
        watch = self._watch
        watch.observe(event)
        if watch.closed:
            self._learn_calls()

    def _learn_calls(self) -> None:
        """What the closed Pirate windows showed: for each cheat it knew of, who let it pass
        and who called it."""
        for outcome in self._watch.take_closed():
            if outcome.cheat is not True:
                continue  # a fair play, or one it could not judge: nothing to learn
            for seat in outcome.passed:
                if seat != self._me:
                    self._cheats_asked[seat] += 1
            caller = outcome.caller
            if caller is not None and caller != self._me:
                self._cheats_asked[caller] += 1
                self._cheats_called[caller] += 1

    def _on_pass(self, event: Event) -> None:
        if self._color is not None:
            self._void[event.seat][self._color] = 0

    def _on_accept(self, event: Event) -> None:
        if self._wd4 is not None:
            self._faced[event.seat] += 1
            self._wd4 = None

    def _on_color(self, event: Event) -> None:
        self._color = event.color

    def _on_first_discard(self, event: Event) -> None:
        self._color = event.card.color

    def _on_play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        self._wd4 = (seat, self._color) if card.kind is Kind.WILD_DRAW_FOUR else None
        self._wd4_draws = 0
        if card.color is not None:
            self._void[seat].pop(card.color, None)  # it held one
        known = self._known[seat]
        if known[card] > 0:
            known[card] -= 1
        if seat == self._me and self._hand is not None and card in self._hand:
            self._hand.remove(card)
        self._color = event.color

    def _on_discard(self, event: Event) -> None:
        """A discard round's card left `seat`'s hand, face up (§7.11.4): like a play, without
        changing the colour."""
        seat, card = event.seat, event.card
        if card.color is not None:
            self._void[seat].pop(card.color, None)  # it held one
        known = self._known[seat]
        if known[card] > 0:
            known[card] -= 1
        if seat == self._me and self._hand is not None and card in self._hand:
            self._hand.remove(card)

    def _on_draw(self, event: Event) -> None:
        seat, count = event.seat, event.count
        if self._wd4 is not None and seat == self._wd4[0]:
            self._wd4_draws += count
        void = self._void[seat]
        if event.reason == "turn" and self._color is not None and seat != self._me:
            void[self._color] = 0  # it had nothing to play on this colour (or chose not to)
        for color in void:
            void[color] += count
        cards = event.cards
        if cards is not None:  # only our own draws show their cards
            self._me = seat
            if self._hand is not None:
                self._hand.extend(cards)

    def _on_challenge(self, event: Event) -> None:
        challenger, player, succeeded = event.seat, event.player, event.succeeded
        self._faced[challenger] += 1
        self._challenged[challenger] += 1
        color = self._wd4[1] if self._wd4 is not None else None
        self._wd4 = None
        if succeeded:
            self._bluffs[player] += 1
            if color is not None:
                self._void[player].pop(color, None)
        else:
            self._honest[player] += 1
            if color is not None:
                self._void[player][color] = 0
        revealed = event.revealed
        if revealed is not None:
            self._learn(player, revealed)

    def _on_gift(self, event: Event) -> None:
        """A Mambo's gift (§7.11.7): a card more for the receiver (perhaps of a colour it
        lacked); the giver alone is told which."""
        giver, target, given = event.seat, event.target, event.given
        if target is None:  # no gift event lacks its receiver
            return
        void = self._void[target]
        for color in void:
            void[color] += 1
        if given is not None:  # its own gift
            if self._hand is not None and given in self._hand:
                self._hand.remove(given)
            if given.color is not None:
                void.pop(given.color, None)
            self._known[target][given] += 1
            return
        if target == self._me:
            self._hand = None  # the next view shows the card
        if self._known[giver]:
            self._known[giver] = Counter(after_unseen_loss(self._known[giver].elements()))

    def _on_block(self, event: Event) -> None:
        """An Invisibility's block (§7.11.3): its card goes from `seat`'s hand onto the pile,
        naming the colour."""
        seat = event.seat
        known = self._known[seat]
        if known[INVISIBILITY] > 0:
            known[INVISIBILITY] -= 1
        if seat == self._me and self._hand is not None and INVISIBILITY in self._hand:
            self._hand.remove(INVISIBILITY)
        self._color = event.color
        self._wd4 = None  # a blocked Wild Draw Four can no longer be challenged

    def _on_travel(self, event: Event) -> None:
        """A Travel (§7.11.8): its player alone sees the hand of the seat it named."""
        cards, target = event.cards, event.target
        if cards is not None and target is not None and target != self._me:
            self._learn(target, cards)

    def _learn(self, seat: int, cards: Sequence[Card]) -> None:
        """`seat` holds exactly `cards` now."""
        self._known[seat] = Counter(cards)
        held = {card.color for card in cards}
        self._void[seat] = {color: 0 for color in COLORS if color not in held}

    def _on_swap(self, a: int, b: int) -> None:
        void, known = self._void, self._known
        void[a], void[b] = void[b], void[a]
        known[a], known[b] = known[b], known[a]
        me = self._me
        if me in (a, b) and self._hand is not None:
            self._learn(b if me == a else a, self._hand)
        if me in (a, b):
            self._hand = None

    def _on_rotate(self, direction: int) -> None:
        n, active = self._players, self._active
        if not n:  # not seated yet: nothing is known
            self._forget_hands()
            return
        seats = [s for s in range(n) if active[s]]

        def after(seat: int) -> int:
            return next_active_seat(active, seat, direction)

        void, known = dict(self._void), dict(self._known)
        self._void.clear()
        self._known.clear()
        for seat in seats:
            if seat in void:
                self._void[after(seat)] = void[seat]
            if seat in known:
                self._known[after(seat)] = known[seat]
        me = self._me
        if me is not None and active[me] and self._hand is not None:
            self._learn(after(me), self._hand)
        self._hand = None

    def _forget_hands(self) -> None:
        self._void.clear()
        self._known.clear()
        self._hand = None

    def _look(self, view: PlayerView) -> None:
        """Refresh what the view says: seat, players, partners, own hand."""
        self._players = view.players
        me = view.seat
        self._me = me
        if me != self._teams_of:
            self._teams_of = me
            teams = view.rules.team_of_seats(view.players) or ()
            self._teammates = frozenset(s for team in teams if me in team for s in team if s != me)
        self._active = view.active
        self._hand = list(view.hand or ())
        if view.color is not None:
            self._color = view.color
        self._open = view.open_hands
        self._watch.see(view)

    # -- what the memory says ----------------------------------------------------------------

    def _bluff_chance(self, view: PlayerView) -> float:
        """The chance that the WD4 on top was a bluff: its player holds a card of the colour
        it is judged against."""
        player = view.top_player
        color = view.challenge_color
        if player is None or color is None:
            return 0.0
        if view.open_hands is not None:  # the hand is open: the bluff is plain to see
            hand = view.open_hands[player]
            judged = hand[: max(0, len(hand) - self._wd4_draws)]  # draws come last
            return 1.0 if any(card.color is color for card in judged) else 0.0
        size = view.hand_sizes[player]
        known = self._known[player]
        if any(card.color is color and n > 0 for card, n in known.items()):
            return 1.0
        unknown = size - sum(known.values())
        void = self._void[player].get(color)
        if void is not None:
            unknown = min(unknown, void)
        share = self._unseen_share(view, color)
        holds = 1.0 - (1.0 - share) ** max(unknown, 0)
        caught, cleared = self._bluffs[player], self._honest[player]
        rate = (caught + 0.25 * 2) / (caught + cleared + 2)  # how often it bluffs
        return holds * rate / (holds * rate + (1.0 - holds))

    def _unseen_share(self, view: PlayerView, color: Color) -> float:
        """The share of cards of `color` among those this seat has not seen."""
        deck = view.rules.deck_cards()
        seen = list(view.discard) + list(view.hand or ())
        total = len(deck) - len(seen)
        if total <= 0:
            return COLOR_SHARE
        of_color = sum(1 for c in deck if c.color is color) - sum(
            1 for c in seen if c.color is color
        )
        return max(0.0, min(1.0, of_color / total))

    def _lacks(self, seat: int, color: Color) -> float:
        """How likely `seat` is to hold no card of `color`, from what it showed (under open
        hands, from what it holds)."""
        if seat == self._me:
            return 0.0
        if self._open is not None and 0 <= seat < len(self._open):
            return 0.0 if any(card.color is color for card in self._open[seat]) else 1.0
        if seat not in self._void:
            return 0.0
        since = self._void[seat].get(color)
        if since is None:
            return 0.0
        return float((1.0 - COLOR_SHARE) ** since)

    def _challenge_rate(self, seat: int) -> float:
        return (self._challenged[seat] + 0.35 * 2) / (self._faced[seat] + 2)

    def _call_rate(self, seat: int) -> float:
        """How often `seat` calls a cheat it is asked about, as seen so far (prior 90%)."""
        prior = CALL_PRIOR * CALL_PRIOR_WEIGHT
        return (self._cheats_called[seat] + prior) / (self._cheats_asked[seat] + CALL_PRIOR_WEIGHT)


# What each type of event teaches a HeuristicMemory (`HeuristicMemory.observe`).
_MEMORY: dict[EventType, Callable[[HeuristicMemory, Event], None]] = {
    EventType.PLAY: HeuristicMemory._on_play,
    EventType.DRAW: HeuristicMemory._on_draw,
    EventType.DISCARD: HeuristicMemory._on_discard,
    EventType.PASS: HeuristicMemory._on_pass,
    EventType.ACCEPT: HeuristicMemory._on_accept,
    EventType.CHALLENGE: HeuristicMemory._on_challenge,
    EventType.SWAP_HANDS: lambda bot, event: bot._on_swap(*event.seats),
    EventType.ROTATE_HANDS: lambda bot, event: bot._on_rotate(event.direction),
    EventType.SHUFFLE_HANDS: lambda bot, event: bot._forget_hands(),
    EventType.REVEAL: lambda bot, event: bot._learn(event.seat, event.cards or ()),
    EventType.TRAVEL: HeuristicMemory._on_travel,
    EventType.GIFT: HeuristicMemory._on_gift,
    EventType.BLOCK: HeuristicMemory._on_block,
    EventType.COLOR: HeuristicMemory._on_color,
    EventType.FIRST_DISCARD: HeuristicMemory._on_first_discard,
    EventType.DEAL: lambda bot, event: bot._new_hand(),
}
