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
- **Pirate** (§7.6; what a seat can tell is `lastcard.bots.pirate`):
  - *Calls a cheat only when certain*: the card on top could not have matched the one beneath
    it with the colour it had to match, or (after a draw) it is not the drawn card, which it
    knows when it saw the player's whole hand before the draw (hands are open). Otherwise it
    passes: a false call costs cards, and a matching card played after a draw is almost surely
    the drawn one (after a forced draw no other card matched). It never calls a partner.
  - *Cheats when the odds favour it*: a cheat is scored as a gamble, like a bluff: its worth if
    it stands (going out counts `_OUT_VALUE` cards), against being caught (the card back and
    two more: `_CHEAT_CAUGHT`), at the chance that at least one opponent calls it, less a
    margin. Each opponent's chance to call a cheat is what it was seen to do with the cheats
    this seat knew of (its own, those it could prove, those called), from a prior of 90% worth
    four cheats seen; a cheat that matches (another card than the drawn one) is called half as
    often (only a seat that follows the hands can prove it). So it cheats against players who
    let cheats pass, and practically never against players who call what they see (then only
    when every honest choice is worse still: no card to draw and only a ruinous 0 or 7 to play).
    These Pirate terms were set by reasoning and checked on a few thousand hands, not tuned.
  - *Uses the open hands*: it knows which colours a seat lacks (exactly, not from its draws),
    whether a Wild Draw Four was a bluff (so it challenges exactly the bluffs), and that a bluff
    of its own would be seen (it is called as often as that seat calls cheats). A 7 may swap
    nothing: it swaps only with a hand it gains from (the smallest, smaller than its own after
    the play) and otherwise keeps its hand; a 0 passes every hand to the left.

- **Theme cards** (§7.11; the shared choices are in `lastcard.bots.themes`):
  - *Draw Three*: a Draw Two that draws three (an attack on the next player, stacked first
    like a Draw Two).
  - *Howler and Travel*: wilds that name a seat; it names the opponent with the fewest cards
    (what the leader holds is the most useful thing to know), and remembers the hand shown
    (to everyone, or to itself alone).
  - *Friendship*: it swaps into the smallest other hand, and only when that hand is smaller
    than its own after the play: otherwise the swap is scored below a draw, so it keeps the
    card. A swap is worth the cards it gains and the closeness to going out it gives away (as
    a 7's); the colour it names suits the hand it gets when it knows that hand (a Howler or a
    Travel showed it), else the one the next player is known to lack.
  - *Joker*: three cards each for the (up to three) opponents closest to going out (fewest
    cards), worth what those draws take from them (a partner is named only when no opponent
    is left).
  - *Mambo*: a wild it keeps for the end: played with at most one card more than there are
    other players, its gifts and lead empty the hand, a sure win; otherwise it is worth the
    cards it sheds (the gifts and the lead) and the cards it hands out, against the usual
    penalty for a wild played while a coloured card would do. Its gifts are its worst cards
    (`HeuristicBot.gift`: never a wild while another card will do, the colour it holds fewest
    of, the higher points first), keeping the card it means to lead; the lead is chosen as a
    play on which anything may be played (a Skip or Draw card aimed at the next player, a
    card of its longest colour; never a wild while a coloured card does as well), and a Wild
    Draw Four lead is never a bluff.
  - *Care-a-lot*: worth the card it sheds itself in the round against the card each other
    seat sheds (a large cost when an opponent is down to two or three cards); its discards
    are a discard round's (above).
  - *Invisibility* (its block): it blocks what costs it cards or a turn and a swap into a hand
    no smaller than its own, and lets a reveal, a view or a gainful swap happen
    (`lastcard.bots.themes.wants_block`), naming its favourite colour; a pending draw it
    stacks if it can, else blocks (a challenge that looks very likely to succeed first).

Everything is deterministic; `seed` is kept only for the registry's protocol (and `repr`).
A decision costs a few tens of microseconds. The weights below were tuned on seat-rotated
single hands against the greedy bot and earlier versions of this one (tens of thousands of
hands per change, official rules, 2 and 4 players) and on elimination games.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import ClassVar

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
    Rules,
)
from lastcard.core.cards import COLORS
from lastcard.core.facts import EffectKind, rule_facts
from lastcard.core.matching import matches
from lastcard.core.seats import next_active as next_active_seat
from lastcard.core.seats import turn_order

from .greedy import is_honest_wd4, least_wanted_card, next_active, play_variants
from .options import BotOption
from .pirate import PirateWatch, is_cheat, window_answer
from .themes import (
    after_unseen_loss,
    aimed_joker,
    gift_card,
    mambo_goes_out,
    pending_effect,
    wants_block,
)

__all__ = ["HeuristicBot"]

_ATTACKS = frozenset({Kind.SKIP, Kind.DRAW_TWO, Kind.DRAW_THREE, Kind.WILD_DRAW_FOUR})
_INVISIBILITY = Card(Kind.WILD_INVISIBILITY)
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
# Pirate (§7.6): a cheat is a gamble on nobody calling it.
_OUT_VALUE = 6.0  # going out with a cheat that stands, in cards (a sure win stays _WIN)
_CHEAT_CAUGHT = -3.0  # a cheat called: the card back and two drawn, against one card shed
_CHEAT_MARGIN = 0.5  # a cheat must beat the honest choice by this much
_CALL_PRIOR = 0.9  # the chance an opponent calls a cheat it can see, before it has shown any
_CALL_PRIOR_WEIGHT = 4.0  # ... worth this many observed cheats
_HIDDEN_CALL = 0.5  # the share of that chance left for a cheat that matches (after a draw)
# Theme cards (§7.11).
_HARMFUL_SWAP = -3.0  # a Friendship into a hand no smaller than its own: below a draw


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
        self._wd4_draws = 0  # cards the player of the pending WD4 drew since
        # Pirate: the hands and windows it follows, and what each seat did with cheats.
        self._watch = PirateWatch(record=True)
        self._open: tuple[tuple[Card, ...], ...] | None = None  # every hand, under Pirate
        self._cheats_asked: Counter[int] = Counter()  # cheats each seat was asked about
        self._cheats_called: Counter[int] = Counter()  # ... and called

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

    def _on_colour(self, event: Event) -> None:
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
        if known[_INVISIBILITY] > 0:
            known[_INVISIBILITY] -= 1
        if seat == self._me and self._hand is not None and _INVISIBILITY in self._hand:
            self._hand.remove(_INVISIBILITY)
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
        gifts: list[Action] = []
        leads: list[Action] = []
        blocks: list[Action] = []
        allow = None
        for action in legal:
            kind = action.kind
            if kind is ActionKind.PLAY:
                plays.append(action)
            elif kind is ActionKind.DISCARD:
                discards.append(action)
            elif kind is ActionKind.GIVE:
                gifts.append(action)
            elif kind is ActionKind.LEAD:
                leads.append(action)
            elif kind is ActionKind.BLOCK:
                blocks.append(action)
            elif kind is ActionKind.ALLOW:
                allow = action
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
        if view.phase is Phase.AWAIT_PIRATE and view.to_act == view.seat:
            return window_answer(legal, self.calls_cheat(view))
        if decline is not None:
            return self.discard(view, discards, decline)
        if gifts:
            return self.gift(view, gifts)
        if leads:
            return self._best(view, leads, in_turn=True)[0]
        if allow is not None:  # an effect aimed at its Invisibility card (§7.11.3)
            return self._block(view, blocks) if blocks and self.blocks(view) else allow
        if colors:
            favourite = self._colour_for(view, list(view.hand or ()), None)
            return next((a for a in colors if a.color is favourite), colors[0])
        if accept is not None:
            return self._respond(view, plays, challenge, accept, blocks)
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

    def calls_cheat(self, view: PlayerView) -> bool:
        """Its answer to a Pirate window (§7.6.4): call only a cheat it can prove
        (`PirateWatch.judge`), and never a partner's."""
        certain = self._watch.judge(view)
        return certain is True and view.turn not in self._teammates

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

    def blocks(self, view: PlayerView) -> bool:
        """Whether to block the effect it is asked about (`lastcard.bots.themes.wants_block`,
        the effect read from the card on top)."""
        effect = pending_effect(view.rules, view.top)
        return wants_block(effect, len(view.hand or ()), view.hand_sizes[view.turn])

    def _block(self, view: PlayerView, blocks: Sequence[Action]) -> Action:
        """A block naming its favourite colour for what it keeps (the call when it leaves one
        card)."""
        rest = [card for card in view.hand or () if card.kind is not Kind.WILD_INVISIBILITY]
        color = self._colour_for(view, rest, next_active(view, _seat(view)))
        forms = [a for a in blocks if a.uno] or list(blocks)
        return next((a for a in forms if a.color is color), forms[0])

    def gift(self, view: PlayerView, gifts: Sequence[Action]) -> Action:
        """Its gift after a Mambo (§7.11.7): its worst card (`lastcard.bots.themes.gift_card`:
        never a wild while another card will do, the colour it holds fewest of, the higher
        points first), keeping the coloured card it would lead now (`_planned_lead`)."""
        hand = [card for card in view.hand or () if any(a.card is card for a in gifts)]
        if not hand:
            return gifts[0]
        card = gift_card(hand, self._planned_lead(view, hand))
        return next((a for a in gifts if a.card is card), gifts[0])

    def _planned_lead(self, view: PlayerView, hand: list[Card]) -> Card | None:
        """The coloured card it would lead if the gifts ended now: the best scored as a play
        that need not match (its wilds are never given while a coloured card is left, so only
        the coloured cards need keeping)."""
        me = _seat(view)
        mates = self._teammates
        opponents = [
            s for s in range(view.players) if s != me and view.active[s] and s not in mates
        ]
        urgent = any(view.hand_sizes[s] <= 2 for s in opponents)
        nxt = next_active(view, me)
        two_players = sum(view.active) == 2
        best: tuple[float, Card] | None = None
        for card in dict.fromkeys(card for card in hand if not card.is_wild):
            rest = list(hand)
            rest.remove(card)
            lead = [Action(ActionKind.LEAD, card)]
            score, _ = self._score(view, card, rest, lead, me, nxt, opponents, urgent, two_players)
            if best is None or score > best[0]:
                best = (score, card)
        return None if best is None else best[1]

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

    # -- responses to a pending draw ---------------------------------------------------------

    def _respond(
        self,
        view: PlayerView,
        plays: list[Action],
        challenge: Action | None,
        accept: Action,
        blocks: Sequence[Action] = (),
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
        if blocks:  # an Invisibility card: the whole pending total is cancelled (§7.11.3)
            return self._block(view, blocks)
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
        pirate = view.rules.pirate
        scored: list[tuple[Card, Action, float, bool]] = []
        for card in _distinct_cards(plays):
            rest = list(hand)
            if card in rest:
                rest.remove(card)
            variants = play_variants(plays, card)
            cheat = pirate and is_cheat(view, variants[0])
            if not cheat and (
                not rest
                or (card.kind is Kind.WILD_MAMBO and mambo_goes_out(len(rest), sum(active) - 1))
            ):
                return variants[0], _WIN  # out now, or after a Mambo's gifts and lead
            if rest:
                score, action = self._score(
                    view, card, rest, variants, me, nxt, opponents, urgent, two_players
                )
            else:
                score, action = _OUT_VALUE, variants[0]
            lead = action.kind is ActionKind.LEAD  # a Wild Draw Four lead is never a bluff
            if card.kind is Kind.WILD_DRAW_FOUR and not lead and not is_honest_wd4(view, action):
                # Under open hands the victim sees the bluff: it challenges as it calls cheats.
                caught = (
                    self._call_rate(nxt) if self._open is not None else self._challenge_rate(nxt)
                )
                score = (1.0 - caught) * score - caught * _CAUGHT
            if cheat:
                caught = self._cheat_called_chance(view, card)
                score = (1.0 - caught) * score + caught * _CHEAT_CAUGHT - _CHEAT_MARGIN
            scored.append((card, action, score, cheat))
        # A wild is kept while a coloured card would do (one at least as good as a draw).
        coloured = max(
            (score for card, _, score, cheat in scored if not card.is_wild and not cheat),
            default=None,
        )
        hold = in_turn and self.hold_wilds and coloured is not None and coloured >= _DRAW_SCORE
        best: tuple[Action, float] | None = None
        for card, action, score, _ in scored:
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
        if effect is EffectKind.MAMBO:
            return score + self._mambo_value(view, len(rest), me), variants[0]
        if effect is EffectKind.SWAP_HANDS and card.is_wild:
            return self._swap_wild(view, rest, variants, me, nxt, score)
        if effect is EffectKind.CHOSEN_DRAWS:  # a Joker: its strongest form
            direction = view.direction
            variants = aimed_joker(variants, sizes, me, direction, avoid=self._teammates)
            count = variants[0].count
            for seat in variants[0].targets:
                score += self._harm(view, seat, count, skip=False)
        elif effect is EffectKind.ALL_DISCARD_ONE:
            score += self._discard_round_value(view, len(rest))
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
        targets = _targets(variants)
        if targets:
            swaps = effect is EffectKind.SWAP_HANDS
            target, gain = max(
                (
                    (t, self._exchange(view, len(rest), t, len(rest), sizes[t]) if swaps else 0.0)
                    for t in targets
                ),
                key=lambda pair: (
                    pair[1],
                    swaps or pair[0] not in self._teammates,  # a reveal tells of an opponent
                    -sizes[pair[0]],
                    -((pair[0] - me) % view.players),
                ),
            )
            if gain <= 0.0 and any(a.target is None for a in variants):
                variants = [a for a in variants if a.target is None]  # §7.6.1: swap nothing
            else:
                variants = [a for a in variants if a.target == target]
                score += gain
        elif effect is EffectKind.ROTATE_HANDS:
            # Hands pass along the direction; Pirate's 0 always to the left (§7.6.1).
            flow = 1 if view.rules.pirate else view.direction
            giver = next_active(view, me, -flow)
            taker = next_active(view, me, flow)
            score += self._exchange(view, len(rest), taker, len(rest), sizes[giver])
        elif kind is Kind.WILD_SHUFFLE_HANDS:
            seats = [s for s in range(view.players) if view.active[s]]
            average = (sum(sizes[s] for s in seats) - 1) / len(seats)
            score += self._own_value(len(rest)) - self._own_value(round(average))
            for seat in opponents:
                score += _THREAT_WEIGHT * (_threat_of(sizes[seat]) - _threat_of(round(average)))
        return score, variants[0]

    def _mambo_value(self, view: PlayerView, kept: int, me: int) -> float:
        """What a Mambo that does not empty the hand is worth beyond shedding itself: the
        cards its gifts and lead shed (a gift to each other seat in turn order while two cards
        are held, then the lead), and what each gift does to its receiver (a card drawn)."""
        receivers = turn_order(view.active, me, view.direction)[1:]
        gifts = receivers[: max(0, kept - 1)]
        value = float(len(gifts) + 1)  # the gifts and the lead, each a card shed
        for seat in gifts:
            value += self._harm(view, seat, 1, skip=False)
        return value

    def _swap_wild(
        self,
        view: PlayerView,
        rest: list[Card],
        variants: list[Action],
        me: int,
        nxt: int,
        score: float,
    ) -> tuple[float, Action]:
        """A Friendship (or a wild that swaps hands): the best seat to swap with and the
        colour to name. A swap into a hand no smaller than its own after the play is scored
        `_HARMFUL_SWAP` lower, below a draw. The colour suits the hand it gets when it knows
        that hand, else it is the one the next player is known to lack."""
        sizes = view.hand_sizes
        best: tuple[tuple[float, int, int], int, Color, float] | None = None
        for target in _targets(variants):
            value = self._exchange(view, len(rest), target, len(rest), sizes[target])
            got = self._whole_hand(view, target)
            color = self._colour_for(view, got or [], nxt)
            value += _follow_value(got, color, None) if got else 0.0
            value += self._denial(nxt, color)
            key = (value, -sizes[target], -((target - me) % view.players))
            if best is None or key > best[0]:
                best = (key, target, color, value)
        if best is None:  # a last card names no seat: it goes out (scored before this)
            return score, variants[0]
        _, target, color, value = best
        score += value
        if sizes[target] >= len(rest):
            score += _HARMFUL_SWAP
        chosen = [a for a in variants if a.target == target]
        return score, next((a for a in chosen if a.color is color), chosen[0])

    def _whole_hand(self, view: PlayerView, seat: int) -> list[Card] | None:
        """Every card `seat` holds, when this seat knows them all (open hands, or a hand
        shown and followed since), else None."""
        if self._open is not None and 0 <= seat < len(self._open):
            return list(self._open[seat])
        known = self._known.get(seat)
        if known and sum(known.values()) == view.hand_sizes[seat]:
            return list(known.elements())
        return None

    def _discard_round_value(self, view: PlayerView, kept: int) -> float:
        """What a Care-a-lot's discard round is worth (§7.11.4): the card it sheds itself
        (while it keeps two or more), against the card each other seat holding two or more
        sheds (`_harm` of a card drawn back: a gift to a partner)."""
        value = 0.0
        if kept >= 2:
            value += self._own_value(kept) - self._own_value(kept - 1)
        me = _seat(view)
        for seat in range(view.players):
            if seat != me and view.active[seat] and view.hand_sizes[seat] >= 2:
                value += self._harm(view, seat, -1, skip=False)
        return value

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
        return float((1.0 - _COLOUR_SHARE) ** since)

    def _challenge_rate(self, seat: int) -> float:
        return (self._challenged[seat] + 0.35 * 2) / (self._faced[seat] + 2)

    def _call_rate(self, seat: int) -> float:
        """How often `seat` calls a cheat it is asked about, as seen so far (prior 90%)."""
        prior = _CALL_PRIOR * _CALL_PRIOR_WEIGHT
        return (self._cheats_called[seat] + prior) / (self._cheats_asked[seat] + _CALL_PRIOR_WEIGHT)

    def _cheat_called_chance(self, view: PlayerView, card: Card) -> float:
        """The chance that a cheat with `card` is called: every other active seat is asked in
        turn until one calls; a partner is taken never to call. A card that matches (played
        after a draw instead of the drawn card) is proved only by a seat that followed the
        hands, so it is called `_HIDDEN_CALL` times as often."""
        assert view.color is not None
        hidden = matches(card, view.top, view.color)
        share = _HIDDEN_CALL if hidden else 1.0
        me = _seat(view)
        passes = 1.0
        for seat in range(view.players):
            if seat != me and view.active[seat] and seat not in self._teammates:
                passes *= 1.0 - share * self._call_rate(seat)
        return 1.0 - passes

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
    EventType.TRAVEL: HeuristicBot._on_travel,
    EventType.GIFT: HeuristicBot._on_gift,
    EventType.BLOCK: HeuristicBot._on_block,
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
