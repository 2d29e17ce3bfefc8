"""`HeuristicBot`: a real player's habits, as a one-step evaluation plus a little memory.

Each decision scores every candidate (each card it may play, with its best colour and target,
and drawing) with a few hand-written terms and takes the best; ties go to the first candidate
in the engine's order, so the bot is deterministic. What it remembers comes from `observe`
(the events of its game, redacted for its seat) and is small: per seat, the colours that seat
was seen to lack and how many cards it has received since, the cards it is known to hold
(after a Seven-O exchange or a challenge showed them), and how often each seat challenged and
bluffed a Wild Draw Four.

Its habits:

- **Keep wilds for when they matter.** A wild costs a large penalty while a coloured card could
  be played instead (one at least as good as drawing), a smaller one when an opponent holds one
  or two cards; so it plays a wild when it has no coloured play, or when the wild's draw penalty
  or colour change is worth that much (an opponent about to go out, an opponent known to lack
  a colour). A wild kept to the end is a last card it can always play.
- **Stay in its strong colour.** A play is worth more the more of the kept cards could follow it
  (same colour, or same number or symbol), the more so in a small hand, and most when the last
  card could follow; a wild names the colour it holds most of, unless the next player is known
  to lack another one: a player who drew (or passed) when the colour was X probably holds no X,
  less so with every card it has drawn since.
- **Aim Skips and Draw cards at whoever is closest to going out.** A Skip, Draw Two, Reverse
  (heads-up) or Wild Draw Four is worth the turn and the cards it costs its victim (the next
  player), shared among the opponents (all of it heads-up), plus a large part of that
  opponent's closeness to going out (one card: the most); a Reverse with three or more players
  is worth what it takes from the next player minus what it gives the previous one. Aimed at a
  partner, the same is a cost.
- **Wild Draw Four bluffs** (`bluff`, default True): while the rules allow bluffing, a WD4 held
  beside a card of the current colour is scored as a gamble: its worth if the victim accepts,
  against four cards drawn if the victim challenges, at the victim's challenge rate as seen so
  far (prior 35%). In practice it bluffs only at a victim about to go out who has let WD4s
  pass. With `bluff=False` it never plays an illegal WD4.
- **Challenges** (`challenge`, default True): it estimates the chance that the WD4's player
  holds a card of the colour the WD4 is judged against (`PlayerView.challenge_color`) from that
  player's hand size, the colours it failed to follow (and the cards drawn since), the cards it
  is known to hold and how often it was caught bluffing (prior 25%), and challenges when that
  chance is above `challenge_threshold` (default 0.3): a failed challenge costs two cards, a
  successful one saves four and costs the bluffer four. With False it always accepts.
- **Stacking**: it stacks whenever it can, with a Draw Two before a WD4 (unless a challenge
  looks very likely to succeed).
- **Points**: in a single hand a card's points only break ties (shed the expensive card first).
  In a match it sheds high cards, wilds included, once an opponent is about to go out (they
  would score them), and with own-hand scoring (elimination, alternative scoring), where the
  points left in its own hand count against it every hand, it sheds them throughout.
- **Uno**: it always calls (with the play, or as soon as a call is owed) and always catches an
  opponent (never its partner).
- **Seven-O and other exchanges**: a 7 swaps with the hand it gains most from (the smallest; an
  opponent among equals), and a 7, a 0 or a Wild Shuffle Hands is worth the cards it gains or
  loses by the exchange, plus what it takes from (or gives) the opponent's closeness to going
  out; a harmful one loses to another card or even to a draw.
- **Draws**: it draws only when every play is worse than a draw (a harmful exchange, a hopeless
  bluff); a drawn card that may be played is played unless that is worse than keeping it.
- **Jump-in**: it jumps in whenever the play is not harmful. A first Wild gets its favourite
  colour.
- **Discard round** (§7.11.4, the 2018 deck's `WC` with `all_discard_one`): it always discards
  while it may (a card shed there costs nothing and helps nobody), giving up the card it least
  wants to keep (`HeuristicBot.discard`): never a wild while it holds a coloured card, else one
  of the colour it holds fewest of, the higher points first; and it calls Uno with a discard
  that leaves it one card.

Everything is deterministic; `seed` is kept only for the registry's protocol (and `repr`).
A decision costs a few tens of microseconds. The weights below were tuned on seat-rotated
single hands against the greedy bot and earlier versions of this one (tens of thousands of
hands per change, official rules, 2 and 4 players) and on elimination games.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import ClassVar

from lastcard.core import Action, ActionKind, Card, Color, Event, EventType, Kind, PlayerView, Rules
from lastcard.core.cards import COLORS
from lastcard.core.facts import EffectKind, rule_facts
from lastcard.core.seats import next_active as next_active_seat

from .greedy import is_honest_wd4, least_wanted_card, next_active, play_variants
from .options import BotOption

__all__ = ["HeuristicBot"]

_ATTACKS = frozenset({Kind.SKIP, Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR})
_COLOUR_SHARE = 0.23  # the share of an unseen card of one colour, roughly (25 of 108)

# Score weights, in "cards": shedding a card is the unit every play shares.
_DRAW_SCORE = -2.0  # drawing instead of playing: one card more instead of one card fewer
_KEEP_SCORE = -1.0  # keeping a drawn card instead of playing it
_PASS_SCORE = -1.0  # declining a jump-in
_FLEX = 0.35  # per card kept of the colour the play leaves current
_HOLD_WILD = 5.0  # playing a wild while a coloured card would do
_HOLD_WILD_URGENT = 2.0  # the same while an opponent is close to going out
_DENY = 1.2  # leaving a colour the next player is known to lack
_WILD_LAST = 0.8  # keeping a wild as one's last card
_LAST_FOLLOWS = 1.5  # keeping a last card that could follow this one
_SMALL_HAND = 1.5  # following matters more in a small hand: _FLEX * (1 + this / cards kept)
_CAUGHT = 8.0  # a bluff caught: four cards drawn and the victim's turn back
_WIN = 1000.0
_POINTS_TIE = 0.01  # per point of a card shed: all else equal, shed expensive cards first
_POINTS_OWN = 0.04  # ... when every hand's leftover points count against their holder
_POINTS_URGENT = 0.06  # ... more when an opponent is about to go out, in a match
_THREAT = {1: 1.0, 2: 0.6, 3: 0.25}  # how close a hand of this size is to going out
_THREAT_WEIGHT = 2.5  # what an opponent's closeness to going out is worth, in cards
_SKIP_THREAT = 0.5  # the share of that closeness a lost turn takes away
_DRAWN_CARD = 0.25  # a card an opponent is made to draw, against one this seat sheds


class HeuristicBot:
    """A player with a real player's habits; see the module docstring.

    >>> from lastcard import legal_actions, new_game, player_view
    >>> deck = "R5 G2 W G3 R9 G4 R1 G5 R2 G6 R3 G7 R4 G8 R7".split()
    >>> state = new_game(2, seed=0, dealer=0, deck=deck)
    >>> [c.code for c in state.hands[1]], state.top.code
    (['R5', 'W', 'R9', 'R1', 'R2', 'R3', 'R4'], 'R7')
    >>> HeuristicBot(seed=0).choose(player_view(state, 1), legal_actions(state, 1)).code
    'R9'
    """

    SUMMARY: ClassVar[str] = (
        "a real player's habits: keeps its wilds, stays in its strong colour, aims attacks at "
        "whoever is closest to going out"
    )
    OPTIONS: ClassVar[tuple[BotOption, ...]] = (
        BotOption("bluff", bool, True, "bluffs a Wild Draw Four when the odds are good"),
        BotOption("challenge", bool, True, "challenges a Wild Draw Four that looks like a bluff"),
        BotOption(
            "challenge_threshold",
            float,
            0.3,
            "how likely a bluff must look for it to challenge",
            minimum=0,
            maximum=1,
        ),
        BotOption("hold_wilds", bool, True, "keeps its wilds while a coloured card will do"),
    )

    def __init__(
        self,
        seed: int = 0,
        *,
        bluff: bool = True,
        challenge: bool = True,
        challenge_threshold: float = 0.3,
        hold_wilds: bool = True,
    ) -> None:
        if not 0.0 <= challenge_threshold <= 1.0:
            raise ValueError(
                f"challenge_threshold must be between 0 and 1, not {challenge_threshold!r}"
            )
        self.seed = seed
        self.bluff = bluff
        self.challenge = challenge
        self.challenge_threshold = challenge_threshold
        self.hold_wilds = hold_wilds
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

    def __repr__(self) -> str:
        return (
            f"HeuristicBot(seed={self.seed}, bluff={self.bluff}, challenge={self.challenge}, "
            f"challenge_threshold={self.challenge_threshold}, hold_wilds={self.hold_wilds})"
        )

    # -- memory ---------------------------------------------------------------------------

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

    def _on_pass(self, event: Event) -> None:
        if self._color is not None:
            self._void[event.seat][self._color] = 0

    def _on_accept(self, event: Event) -> None:
        if self._wd4 is not None:
            self._faced[event.seat] += 1
            self._wd4 = None

    def _on_colour(self, event: Event) -> None:
        self._color = event.color

    def _on_first_discard(self, event: Event) -> None:
        self._color = event.card.color

    def _on_play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        self._wd4 = (seat, self._color) if card.kind is Kind.WILD_DRAW_FOUR else None
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

    # -- decisions -------------------------------------------------------------------------

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if not legal:
            raise ValueError("HeuristicBot was offered no legal action")
        self._look(view)
        plays: list[Action] = []
        draw = keep = accept = challenge = decline = None
        colors: list[Action] = []
        discards: list[Action] = []
        for action in legal:
            kind = action.kind
            if kind is ActionKind.PLAY:
                plays.append(action)
            elif kind is ActionKind.DISCARD:
                discards.append(action)
            elif kind is ActionKind.DECLINE:
                decline = action
            elif kind is ActionKind.UNO:
                return action
            elif kind is ActionKind.CATCH:
                if action.target not in self._teammates:
                    return action
            elif kind is ActionKind.DRAW:
                draw = action
            elif kind is ActionKind.KEEP:
                keep = action
            elif kind is ActionKind.ACCEPT:
                accept = action
            elif kind is ActionKind.CHALLENGE:
                challenge = action
            elif kind is ActionKind.COLOR:
                colors.append(action)
        if may_pass:  # a jump-in (or a catch of a partner, declined)
            if not plays:
                return None
            action, score = self._best(view, plays, in_turn=False)
            return action if score > _PASS_SCORE else None
        if decline is not None:
            return self.discard(view, discards, decline)
        if colors:
            favourite = self._colour_for(view, list(view.hand or ()), None)
            return next((a for a in colors if a.color is favourite), colors[0])
        if accept is not None:
            return self._respond(view, plays, challenge, accept)
        if not self.bluff:
            plays = [a for a in plays if is_honest_wd4(view, a)]
        if plays:
            action, score = self._best(view, plays, in_turn=keep is None)
            if keep is not None:
                return action if score > _KEEP_SCORE else keep
            if draw is None or score > _DRAW_SCORE:
                return action
        if keep is not None:
            return keep
        if draw is not None:
            return draw
        return legal[0]  # only a declined catch was on offer

    @staticmethod
    def discard(view: PlayerView, discards: Sequence[Action], decline: Action) -> Action:
        """Its answer to a discard round (§7.11.4): the card it least wants to keep
        (`lastcard.bots.greedy.least_wanted_card`), with the Uno call when that leaves one card.

        Shedding a card there is always a gain: one card fewer towards going out (and fewer
        points left in hand), with no effect that could help anyone. So it declines only when
        no discard is on offer (a single card left, which the round never takes). A wild goes
        only when it holds nothing else: a wild can always be played, a coloured card only on
        its colour or symbol, and the colour it holds fewest of is the hardest to follow; among
        equals the costlier card goes first.
        """
        offered = [a.card for a in discards if a.card is not None]
        card = least_wanted_card([c for c in view.hand or () if c in offered])
        if card is None:
            return discards[0] if discards else decline
        return play_variants(discards, card, uno=True)[0]

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

    # -- responses to a pending draw ---------------------------------------------------------

    def _respond(
        self,
        view: PlayerView,
        plays: list[Action],
        challenge: Action | None,
        accept: Action,
    ) -> Action:
        chance = -1.0
        if challenge is not None and self.challenge:
            chance = self._bluff_chance(view)
            if chance > max(0.6, self.challenge_threshold):
                return challenge
        if not self.bluff:
            plays = [a for a in plays if is_honest_wd4(view, a)]
        if plays:
            cards = {a.card for a in plays if a.card is not None}
            # A Draw Two before a WD4: the WD4 is the more useful card to keep.
            card = min(cards, key=lambda c: (c.kind is Kind.WILD_DRAW_FOUR, c.sort_key))
            variants = play_variants(plays, card)
            if card.is_wild:
                rest = list(view.hand or ())
                rest.remove(card)
                color = self._colour_for(view, rest, next_active(view, _seat(view)))
                variants = [a for a in variants if a.color is color] or variants
            return variants[0]
        if challenge is not None and chance > self.challenge_threshold:
            return challenge
        return accept

    def _bluff_chance(self, view: PlayerView) -> float:
        """The chance that the WD4 on top was a bluff: its player holds a card of the colour
        it is judged against."""
        player = view.top_player
        color = view.challenge_color
        if player is None or color is None:
            return 0.0
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
            return _COLOUR_SHARE
        of_color = sum(1 for c in deck if c.color is color) - sum(
            1 for c in seen if c.color is color
        )
        return max(0.0, min(1.0, of_color / total))

    # -- plays -------------------------------------------------------------------------------

    def _best(
        self, view: PlayerView, plays: list[Action], *, in_turn: bool
    ) -> tuple[Action, float]:
        """The best play and its score (relative to an ordinary play)."""
        hand = list(view.hand or ())
        me = _seat(view)
        sizes, active = view.hand_sizes, view.active
        mates = self._teammates
        opponents = [s for s in range(view.players) if s != me and active[s] and s not in mates]
        urgent = any(sizes[s] <= 2 for s in opponents)
        nxt = next_active(view, me)
        two_players = sum(active) == 2
        scored: list[tuple[Card, Action, float]] = []
        for card in _distinct_cards(plays):
            rest = list(hand)
            if card in rest:
                rest.remove(card)
            variants = play_variants(plays, card)
            if not rest:
                return variants[0], _WIN
            score, action = self._score(
                view, card, rest, variants, me, nxt, opponents, urgent, two_players
            )
            if card.kind is Kind.WILD_DRAW_FOUR and not is_honest_wd4(view, action):
                caught = self._challenge_rate(nxt)
                score = (1.0 - caught) * score - caught * _CAUGHT
            scored.append((card, action, score))
        # A wild is kept while a coloured card would do (one at least as good as a draw).
        coloured = max((score for card, _, score in scored if not card.is_wild), default=None)
        hold = in_turn and self.hold_wilds and coloured is not None and coloured >= _DRAW_SCORE
        best: tuple[Action, float] | None = None
        for card, action, score in scored:
            if hold and card.is_wild:
                score -= _HOLD_WILD_URGENT if urgent else _HOLD_WILD
            if best is None or score > best[1]:
                best = (action, score)
        assert best is not None
        return best

    def _score(
        self,
        view: PlayerView,
        card: Card,
        rest: list[Card],
        variants: list[Action],
        me: int,
        nxt: int,
        opponents: list[int],
        urgent: bool,
        two_players: bool,
    ) -> tuple[float, Action]:
        sizes = view.hand_sizes
        kind = card.kind
        facts = rule_facts(view.rules)
        effect = facts.card_effect(card).kind
        score = card.points * _points_weight(view.rules, urgent)
        # Who plays next after this card: skipped over by an attack, reversed by a Reverse.
        after = nxt
        skips = kind in _ATTACKS or (
            kind is Kind.REVERSE and two_players and facts.reverse_skips_with_two
        )
        if skips:
            score += self._harm(view, nxt, card.draw_count, skip=True)
            after = next_active(view, nxt)
        elif kind is Kind.REVERSE:
            back = next_active(view, me, -view.direction)
            score += self._harm(view, nxt, 0, skip=True) - self._harm(view, back, 0, skip=True)
            after = back
        elif kind in (Kind.WILD_DOWNPOUR_1, Kind.WILD_DOWNPOUR_2):
            for seat in range(view.players):
                score += self._harm(view, seat, card.draw_count, skip=False)
        # The colour it leaves, and for a 7 or a swapping wild, the seat it names.
        color: Color | None = card.color
        if color is None:
            color = self._colour_for(view, rest, after)
            variants = [a for a in variants if a.color is color] or variants
        score += _follow_value(rest, color, card)
        score += self._denial(after, color)
        if variants[0].target is not None:
            swaps = effect is EffectKind.SWAP_HANDS
            target, gain = max(
                (
                    (t, self._exchange(view, len(rest), t, len(rest), sizes[t]) if swaps else 0.0)
                    for t in _targets(variants)
                ),
                key=lambda pair: (pair[1], -sizes[pair[0]], -((pair[0] - me) % view.players)),
            )
            variants = [a for a in variants if a.target == target]
            score += gain
        elif effect is EffectKind.ROTATE_HANDS:
            giver = next_active(view, me, -view.direction)  # hands pass along the direction
            score += self._exchange(view, len(rest), nxt, len(rest), sizes[giver])
        elif kind is Kind.WILD_SHUFFLE_HANDS:
            seats = [s for s in range(view.players) if view.active[s]]
            average = (sum(sizes[s] for s in seats) - 1) / len(seats)
            score += self._own_value(len(rest)) - self._own_value(round(average))
            for seat in opponents:
                score += _THREAT_WEIGHT * (_threat_of(sizes[seat]) - _threat_of(round(average)))
        return score, variants[0]

    def _exchange(self, view: PlayerView, mine: int, other: int, given: int, got: int) -> float:
        """What a hand exchange is worth: this seat goes from `mine` cards to `got`, and `other`
        from its hand to `given` cards (a Seven-O 7 or 0, a swapping wild)."""
        value = self._own_value(mine) - self._own_value(got)
        if other == self._me or not view.active[other]:
            return value
        before = _threat_of(view.hand_sizes[other])
        change = _THREAT_WEIGHT * (before - _threat_of(given))
        return value + (-change if other in self._teammates else change)

    @staticmethod
    def _own_value(cards: int) -> float:
        """How bad holding `cards` cards is, in cards: one more per card, and more for leaving
        the last few (going down to one card is worth more than one card)."""
        return cards - _THREAT_WEIGHT * _threat_of(cards)

    def _harm(self, view: PlayerView, seat: int, draws: int, *, skip: bool) -> float:
        """What making `seat` draw `draws` cards, and lose its turn if `skip`, is worth to this
        seat, in cards: each card and turn shared among the opponents (all of it heads-up), plus
        what it takes from a hand close to going out. Negative for a partner."""
        if seat == self._me or not view.active[seat]:
            return 0.0
        size = view.hand_sizes[seat]
        others = sum(view.active) - 1
        value = (draws * _DRAWN_CARD + (1.0 if skip else 0.0)) / max(others, 1)
        value += _THREAT_WEIGHT * (_threat_of(size) - _threat_of(size + draws))
        if skip:
            value += _SKIP_THREAT * _THREAT_WEIGHT * _threat_of(size)
        return -value if seat in self._teammates else value

    def _denial(self, seat: int, color: Color) -> float:
        """What leaving `color` to `seat` is worth: more the likelier it is to lack it."""
        return _DENY * self._lacks(seat, color)

    def _lacks(self, seat: int, color: Color) -> float:
        """How likely `seat` is to hold no card of `color`, from what it showed."""
        if seat == self._me or seat not in self._void:
            return 0.0
        since = self._void[seat].get(color)
        if since is None:
            return 0.0
        return float((1.0 - _COLOUR_SHARE) ** since)

    def _challenge_rate(self, seat: int) -> float:
        return (self._challenged[seat] + 0.35 * 2) / (self._faced[seat] + 2)

    def _colour_for(self, view: PlayerView, rest: list[Card], victim: int | None) -> Color:
        """The colour to name: the one it holds most of, or one `victim` lacks."""
        best = COLORS[0]
        best_score = -1.0
        for color in COLORS:
            score = _follow_value(rest, color, None)
            if victim is not None:
                score += self._denial(victim, color)
            if score > best_score:
                best, best_score = color, score
        return best


# What each type of event teaches a HeuristicBot (`HeuristicBot.observe`).
_MEMORY: dict[EventType, Callable[[HeuristicBot, Event], None]] = {
    EventType.PLAY: HeuristicBot._on_play,
    EventType.DRAW: HeuristicBot._on_draw,
    EventType.DISCARD: HeuristicBot._on_discard,
    EventType.PASS: HeuristicBot._on_pass,
    EventType.ACCEPT: HeuristicBot._on_accept,
    EventType.CHALLENGE: HeuristicBot._on_challenge,
    EventType.SWAP_HANDS: lambda bot, event: bot._on_swap(*event.seats),
    EventType.ROTATE_HANDS: lambda bot, event: bot._on_rotate(event.direction),
    EventType.SHUFFLE_HANDS: lambda bot, event: bot._forget_hands(),
    EventType.REVEAL: lambda bot, event: bot._learn(event.seat, event.cards or ()),
    EventType.COLOR: HeuristicBot._on_colour,
    EventType.FIRST_DISCARD: HeuristicBot._on_first_discard,
    EventType.DEAL: lambda bot, event: bot._new_hand(),
}


def _points_weight(rules: Rules, urgent: bool) -> float:
    """What a point of card value is worth shedding, in cards. A tie-break in single hands;
    in a match it counts once someone is close to going out (the cards left score), and with
    own-hand scoring (elimination, alternative) every hand's leftover points count against
    their holder."""
    if rules.elimination or rules.scoring == "alternative":
        return _POINTS_OWN + (_POINTS_URGENT if urgent else 0.0)
    if rules.target_score is not None and urgent:
        return _POINTS_TIE + _POINTS_URGENT
    return _POINTS_TIE


def _follow_value(rest: list[Card], color: Color, card: Card | None) -> float:
    """What the cards kept are worth for the next turn if the colour is still `color` and the
    top card is still `card` (None: a wild): the more that could follow, the better, all the more
    so in a small hand; a last card that could follow, or a wild kept last, more still.
    Nothing kept (the card played is the last one, as when answering a Wild Draw Four with
    one's last Wild Draw Four) is worth nothing."""
    if not rest:
        return 0.0
    follow = 0
    for kept in rest:
        if kept.color is color or (
            card is not None
            and not card.is_wild
            and kept.kind is card.kind
            and kept.rank == card.rank
            and not kept.is_wild
        ):
            follow += 1
    value = _FLEX * follow * (1.0 + _SMALL_HAND / len(rest))
    if len(rest) == 1:
        if follow:
            value += _LAST_FOLLOWS
        elif rest[0].is_wild:
            value += _WILD_LAST
    return value


def _threat_of(cards: int) -> float:
    return _THREAT.get(cards, 0.0)


def _targets(variants: Sequence[Action]) -> list[int]:
    return sorted({a.target for a in variants if a.target is not None})


def _seat(view: PlayerView) -> int:
    return view.seat if view.seat is not None else 0


def _distinct_cards(plays: Sequence[Action]) -> list[Card]:
    seen: list[Card] = []
    for action in plays:
        card = action.card
        if card is not None and card not in seen:
            seen.append(card)
    return seen
