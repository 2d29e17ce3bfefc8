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

Its play under house rules (discard rounds, Pirate, theme cards) is told in
`lastcard.bots.heuristic_variants`, beside its core scoring of plays (`heuristic_scoring`). Its
memory is `HeuristicMemory` (`heuristic_memory`), its scoring terms `ScoringTerms`
(`heuristic_terms`), its weights `heuristic_weights`; each a class `HeuristicBot` builds on.


Everything is deterministic; `seed` is kept only for the registry's protocol (and `repr`).
A decision costs a few tens of microseconds. The weights below were tuned on seat-rotated
single hands against the greedy bot and earlier versions of this one (tens of thousands of
hands per change, official rules, 2 and 4 players) and on elimination games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from lastcard.core import Action, ActionKind, Card, Kind, Phase, PlayerView

from . import heuristic_weights as weights
from .greedy import is_honest_wd4, next_active, play_variants
from .heuristic_scoring import CoreScoring
from .heuristic_weights import DRAW_SCORE, KEEP_SCORE, PASS_SCORE, own_seat
from .options import BotOption
from .pirate import window_answer
from .themes import gift_card

__all__ = ["HeuristicBot"]

# The weights under the names the compiled simulator compares with its own
# (`lastcard.sim.fast.support.changed_heuristic_weights`).
_COLOR_SHARE = weights.COLOR_SHARE
_DRAW_SCORE = weights.DRAW_SCORE
_KEEP_SCORE = weights.KEEP_SCORE
_PASS_SCORE = weights.PASS_SCORE
_FLEX = weights.FLEX
_HOLD_WILD = weights.HOLD_WILD
_HOLD_WILD_URGENT = weights.HOLD_WILD_URGENT
_DENY = weights.DENY
_WILD_LAST = weights.WILD_LAST
_LAST_FOLLOWS = weights.LAST_FOLLOWS
_SMALL_HAND = weights.SMALL_HAND
_CAUGHT = weights.CAUGHT
_WIN = weights.WIN
_POINTS_TIE = weights.POINTS_TIE
_POINTS_URGENT = weights.POINTS_URGENT
_THREAT = weights.THREAT
_THREAT_WEIGHT = weights.THREAT_WEIGHT
_SKIP_THREAT = weights.SKIP_THREAT
_DRAWN_CARD = weights.DRAWN_CARD


class HeuristicBot(CoreScoring):
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
        super().__init__()

    def __repr__(self) -> str:
        return (
            f"HeuristicBot(seed={self.seed}, bluff={self.bluff}, challenge={self.challenge}, "
            f"challenge_threshold={self.challenge_threshold}, hold_wilds={self.hold_wilds})"
        )

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
            return action if score > PASS_SCORE else None
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
            favourite = self._color_for(view, list(view.hand or ()), None)
            return next((a for a in colors if a.color is favourite), colors[0])
        if accept is not None:
            return self._respond(view, plays, challenge, accept, blocks)
        if not self.bluff:
            plays = [a for a in plays if is_honest_wd4(view, a)]
        if plays:
            action, score = self._best(view, plays, in_turn=keep is None)
            if keep is not None:
                return action if score > KEEP_SCORE else keep
            if draw is None or score > DRAW_SCORE:
                return action
        if keep is not None:
            return keep
        if draw is not None:
            return draw
        return legal[0]  # only a declined catch was on offer

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
        me = own_seat(view)
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
                color = self._color_for(view, rest, next_active(view, own_seat(view)))
                variants = [a for a in variants if a.color is color] or variants
            return variants[0]
        if blocks:  # an Invisibility card: the whole pending total is cancelled (§7.11.3)
            return self._block(view, blocks)
        if challenge is not None and chance > self.challenge_threshold:
            return challenge
        return accept
