"""Rollouts for the search bots: the fast policies that play a sampled hand to its end, and
the two simulators they play on.

**Policies** (`ROLLOUT_POLICIES`, `IsmctsBot(rollout=...)`):

- `"smart"` (default): play a coloured card if it can (uniformly among them), else a wild;
  draw only with nothing to play, then play the drawn card; a wild names the colour the player
  holds most of; a Seven-O 7 swaps with the smallest other hand; stack when possible, otherwise
  accept (never challenge); a first Wild gets the colour held most; in a discard round
  (§7.11.4) discard the card least worth keeping (`lastcard.bots.greedy.least_wanted_card`:
  never a wild while a coloured card is held).
- `"strong"`: `"smart"`, choosing its coloured card as a player would: the one that leaves the
  most cards of the colour it makes current, and a Skip, Reverse or Draw Two first when the
  next player is down to two cards or fewer.
- `"random"`: uniform over the play actions (each colour of a wild counts once), draw only
  with nothing to play, play the drawn card or keep it at random; accept every penalty; in a
  discard round, discard a card chosen uniformly (decline only with nothing to discard).

Every policy calls Uno with a play or a discard that leaves one card.

The theme-pack cards (§7.11) in every policy: a Draw Three is a Draw Two drawing three (an
attack for `"strong"`); a Howler, Friendship or Travel names the smallest other hand (as a 7
does); a Joker names the (up to three) other seats closest to going out, three cards each
(`lastcard.bots.themes.aimed_joker`; `"random"` too: a uniform choice among its hundreds of
forms would say nothing about the game); a Mambo's gifts are the cards least worth keeping
(`lastcard.bots.themes.gift_card`: never a wild while another card will do) for `"smart"` and
`"strong"`, uniform for `"random"`; its lead is chosen as an ordinary turn's play (any card may
be led); a Care-a-lot's discards are a discard round's. Holding the Invisibility card,
`"smart"` and `"strong"` block as `lastcard.bots.themes.wants_block` says (naming the colour
held most) and block a pending draw they cannot stack; `"random"` blocks or allows at random.

Under Pirate rules (§7.6) every card of the hand is on offer on one's turn; the policies never
cheat: they play only cards that match (after a draw, only the drawn card), so a rollout plays
the game the honest players of the table would. Asked about a play in a Pirate window they call
it only when it could not have matched (a cheat anyone can prove) and pass otherwise. A Pirate
7 may swap nothing: `"smart"` swaps with the smallest other hand only when that hand is smaller
than its own after the play.

A policy reads a `Position`: a `GameState`, or the `FastGame` a search plays on.

**Simulators.** `fast_playout` plays on a `FastGame` (`lastcard.core.unchecked`), in place and
unchecked; `lastcard.bots.ismcts.engine_playout` plays through the checked engine
(`legal_actions`, `apply`), several times slower. Both make the same choices with the same
random numbers, so from the same position and generator they reach the same end: which one a
search uses changes its speed, never its answers (`tests/bots/test_fast_search.py`).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from lastcard.core import Action, ActionKind, Card, Color, Kind, Phase, Rules
from lastcard.core.cards import COLORS
from lastcard.core.facts import rule_facts
from lastcard.core.matching import matches
from lastcard.core.seats import next_active
from lastcard.core.state import PendingPirate
from lastcard.core.unchecked import FastGame

from .greedy import least_wanted_card, play_variants
from .pirate import is_cheat_card
from .themes import SHAPED_PLAYS, aimed_joker, gift_card, pending_effect, wants_block

_PLAY = ActionKind.PLAY
_DRAW = ActionKind.DRAW
_KEEP = ActionKind.KEEP
_DISCARD = ActionKind.DISCARD
_DECLINE = ActionKind.DECLINE
_ACCEPT = ActionKind.ACCEPT
_OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
_RESPONSES = (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE)
_AWAIT_TURN = Phase.AWAIT_TURN
_AFTER_DRAW = Phase.AFTER_DRAW
_WD4_RESPONSE = Phase.AWAIT_WD4_RESPONSE
_AWAIT_DISCARD = Phase.AWAIT_DISCARD
_AWAIT_PIRATE = Phase.AWAIT_PIRATE
_AWAIT_GIFT = Phase.AWAIT_GIFT
_AWAIT_LEAD = Phase.AWAIT_LEAD
_PASS = ActionKind.PASS
_CHEAT = ActionKind.CHEAT
_GIVE = ActionKind.GIVE
_LEAD = ActionKind.LEAD
_PLAYS = frozenset({_PLAY, _LEAD})  # a Mambo's lead is chosen as a play (§7.11.7)
_AWAIT_BLOCK = Phase.AWAIT_BLOCK
_BLOCK = ActionKind.BLOCK
_ALLOW = ActionKind.ALLOW
_FREE_CHOICE = (_AWAIT_TURN, _AWAIT_LEAD)  # any of its plays, not a drawn card or a stack


class Position(Protocol):
    """What a rollout policy reads of a position: `GameState` and `FastGame` both are one."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> int: ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...

    @property
    def discard(self) -> Sequence[Card]: ...

    @property
    def color(self) -> Color | None: ...

    @property
    def drawn(self) -> Card | None: ...

    @property
    def direction(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def active(self) -> Sequence[bool]: ...


RolloutPolicy = Callable[[Position, int, tuple[Action, ...], random.Random], Action]


# -- the simulators ----------------------------------------------------------------------------


def smart_turn_shortcut(rules: Rules, policy: RolloutPolicy) -> bool:
    """Whether `policy`'s ordinary turns may be chosen by `smart_turn`, from the hand alone:
    for `smart_policy`, under rules where a play names no target and every Wild Draw Four may
    be played (so every card `smart_turn` considers is on offer), and no card's play has a
    form it does not build (a Joker's seats and count, a Mambo without colour)."""
    facts = rule_facts(rules)
    return (
        policy is smart_policy
        and facts.allows_wd4_bluff
        and not facts.has_targeted_cards
        and not rules.theme_cards & SHAPED_PLAYS
    )


def fast_playout(
    game: FastGame, rng: random.Random, policy: RolloutPolicy, max_actions: int
) -> list[float]:
    """Play `game` on in place with `policy` until the hand ends (or `max_actions`): the
    rewards per seat (`hand_rewards`, or `estimate` for a rollout cut short)."""
    # `smart_policy` needs no list of legal actions in the phases a rollout meets: its choice
    # is made from the hand, as `smart_policy` makes it from the list (the same card, colour
    # and call, from the same random numbers).
    shortcut = smart_turn_shortcut(game.rules, policy)
    hands = game.hands
    for _ in range(max_actions):
        if game.ended:
            return hand_rewards(game.players, game.went_out)
        seat = game.to_act
        assert seat is not None
        phase = game.phase
        if shortcut and phase is _AWAIT_TURN:
            color = game.color
            assert color is not None
            choice = smart_turn(hands[seat], color, game.discard[-1], rng)
            if choice is None:
                game.draw_turn(seat)
            else:
                game.play(seat, choice[0], choice[1], choice[2])
        elif shortcut and phase is _AFTER_DRAW:  # play the drawn card
            hand = hands[seat]
            card = game.drawn
            assert card is not None
            game.play(seat, card, most_held(hand, card) if card.is_wild else None, len(hand) == 2)
        elif shortcut and phase is _WD4_RESPONSE:  # never challenge
            game.accept(seat)
        else:
            game.push(seat, policy(game, seat, game.legal(seat), rng))
    if game.ended:
        return hand_rewards(game.players, game.went_out)
    return estimate(game)


def fast_policy_move(game: FastGame, seat: int, policy: RolloutPolicy, rng: random.Random) -> None:
    """`seat` makes `policy`'s move on `game`, in place: exactly
    `game.push(seat, policy(game, seat, game.legal(seat), rng))`, without the list of legal
    actions where `smart_policy` does not need it (`smart_policy_turn`)."""
    phase = game.phase
    if smart_turn_shortcut(game.rules, policy):
        if phase is _AWAIT_TURN:
            color = game.color
            assert color is not None
            choice = smart_policy_turn(game.hands[seat], color, game.discard[-1], rng)
            if choice is None:
                game.draw_turn(seat)
            else:
                game.play(seat, choice[0], choice[1], choice[2])
            return
        if phase is _AFTER_DRAW:  # play the drawn card
            hand = game.hands[seat]
            card = game.drawn
            assert card is not None
            game.play(seat, card, most_held(hand, card) if card.is_wild else None, len(hand) == 2)
            return
        if phase is _WD4_RESPONSE:  # never challenge
            game.accept(seat)
            return
    game.push(seat, policy(game, seat, game.legal(seat), rng))


def hand_rewards(players: int, went_out: int | None) -> list[float]:
    """1 for the seat that went out, 0 for the others; a blocked hand gives each seat 1/n."""
    if went_out is None:
        return [1.0 / players] * players
    rewards = [0.0] * players
    rewards[went_out] = 1.0
    return rewards


def estimate(state: Position) -> list[float]:
    """Each seat's chance of going out, guessed from the hand sizes alone.

    A seat's share is proportional to `cards ** -0.6`, times 1.1 for the seat to act: the fit
    of two-player hands between `smart_policy` players (P(the seat to act wins) with a cards
    against b is about 1 / (1 + (a / b) ** 0.6 / 1.1)).
    """
    to_act = state.to_act
    weights = [
        (_MOVER if seat == to_act else 1.0) * max(len(hand), 1) ** _SIZE_EXPONENT if on else 0.0
        for seat, (hand, on) in enumerate(zip(state.hands, state.active, strict=True))
    ]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


_SIZE_EXPONENT = -0.6
_MOVER = 1.1


# -- the policies ------------------------------------------------------------------------------


def smart_turn(
    hand: Sequence[Card], color: Color, top: Card, rng: random.Random
) -> tuple[Card, Color | None, bool] | None:
    """`smart_policy` on an ordinary turn, from the hand itself: the card to play, the colour
    it names and the Uno call, or None to draw. A coloured card it can play (uniformly among
    the distinct ones, in hand order), else a wild naming its most held colour. Only where
    `smart_turn_shortcut` allows it."""
    top_wild = top.is_wild
    kind, rank = top.kind, top.rank
    colored: list[Card] = []
    wilds: list[Card] = []
    for c in hand:
        if c.is_wild:
            if c not in wilds:
                wilds.append(c)
        elif (c.color is color or (not top_wild and c.kind is kind and c.rank == rank)) and (
            c not in colored
        ):
            colored.append(c)
    uno = len(hand) == 2
    if colored:
        card = colored[int(rng.random() * len(colored))] if len(colored) > 1 else colored[0]
        return card, None, uno
    if wilds:
        card = wilds[int(rng.random() * len(wilds))] if len(wilds) > 1 else wilds[0]
        return card, most_held(hand, card), uno
    return None


def smart_policy_turn(
    hand: Sequence[Card], color: Color, top: Card, rng: random.Random
) -> tuple[Card, Color | None, bool] | None:
    """`smart_policy`'s own choice on an ordinary turn, from the hand: as `smart_turn`, but
    among the distinct cards in the engine's order (`legal_actions` lists plays card by card in
    `sort_hand` order), as `smart_policy` picks from that list. Only where
    `smart_turn_shortcut` allows it."""
    top_wild = top.is_wild
    kind, rank = top.kind, top.rank
    colored: set[Card] = set()
    wilds: set[Card] = set()
    for c in hand:
        if c.is_wild:
            wilds.add(c)
        elif c.color is color or (not top_wild and c.kind is kind and c.rank == rank):
            colored.add(c)
    pool = colored or wilds
    if not pool:
        return None
    if len(pool) > 1:
        ordered = sorted(pool, key=_SORT_KEY)
        card = ordered[int(rng.random() * len(ordered))]
    else:
        (card,) = pool
    return card, most_held(hand, card) if card.is_wild else None, len(hand) == 2


def most_held(hand: Sequence[Card], without: Card | None = None) -> Color:
    """The colour `hand` holds most of (the first of `COLORS` on a tie), one `without` aside."""
    counts = [0, 0, 0, 0]
    skipped = without is None
    for card in hand:
        if not skipped and card is without:
            skipped = True
            continue
        color = card.color
        if color is not None:
            counts[_COLOR_INDEX[color]] += 1
    return COLORS[counts.index(max(counts))]


_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}
_SORT_KEY = operator.attrgetter("sort_key")


def _variant(state: Position, seat: int, plays: list[Action], card: Card) -> Action:
    """The best form of playing `card`: the colour held most, the smallest hand as target
    (under Pirate rules only a hand smaller than its own after the play), a Joker's three cards
    each for the seats closest to going out."""
    forms = [a for a in plays if a.card is card]
    if len(forms) == 1:
        return forms[0]
    if card.is_wild:
        color = most_held(state.hands[seat], card)
        forms = [a for a in forms if a.color is color] or forms
    if card.kind is Kind.WILD_JOKER:
        sizes = [len(hand) for hand in state.hands]
        return aimed_joker(forms, sizes, seat, state.direction)[0]
    if any(a.target is not None for a in forms):  # a last card needs no target: go out
        hands = state.hands
        forms.sort(key=lambda a: len(hands[a.target]) if a.target is not None else -1)
        kept = len(hands[seat]) - 1
        if kept and forms[0].target is None and state.rules.pirate:  # §7.6.1: optional swap
            target = forms[1].target
            assert target is not None
            return forms[1] if len(hands[target]) < kept else forms[0]
    return forms[0]


def honest_plays(state: Position, plays: list[Action]) -> list[Action]:
    """`plays` without cheats (Pirate rules, §7.6.3): on its turn only cards that match, after
    a draw only the drawn card. Under other rules every play on offer is genuine already."""
    if not plays or not state.rules.pirate or state.phase not in (_AWAIT_TURN, _AFTER_DRAW):
        return plays
    top = state.discard[-1]
    color = state.color
    drawn = state.drawn if state.phase is _AFTER_DRAW else None
    return [a for a in plays if a.card is not None and not is_cheat_card(a.card, top, color, drawn)]


def pirate_answer(state: Position, legal: tuple[Action, ...]) -> Action:
    """A policy's answer in a Pirate window (§7.6.4): call a play that could not have matched
    (the card beneath the top with the colour before the play), pass otherwise."""
    pending: PendingPirate | None = getattr(state, "pirate", None)
    discard = state.discard
    call = (
        pending is not None
        and pending.color is not None
        and len(discard) > 1
        and not matches(discard[-1], discard[-2], pending.color)
    )
    wanted = _CHEAT if call else _PASS
    return next((a for a in legal if a.kind is wanted), legal[0])


def smart_policy(
    state: Position, seat: int, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    """The default rollout policy (see the module docstring)."""
    phase = state.phase
    if phase is _AWAIT_DISCARD:
        return _discard_or_decline(legal, least_wanted_card(state.hands[seat]))
    if phase is Phase.AWAIT_FIRST_COLOR:
        color = most_held(state.hands[seat])
        for a in legal:
            if a.color is color:
                return a
        return legal[0]
    if phase is _AWAIT_PIRATE:
        return pirate_answer(state, legal)
    if phase is _AWAIT_GIFT:
        return _give(legal, gift_card(state.hands[seat]))
    if phase is _AWAIT_BLOCK:
        return _block_or_allow(state, seat, legal)
    plays = honest_plays(state, [a for a in legal if a.kind in _PLAYS])
    if plays:
        if plays[-1].uno:
            plays = [a for a in plays if a.uno]
        if phase in _FREE_CHOICE:
            # Distinct cards in the engine's order (a set's order would vary between runs).
            cards = list(dict.fromkeys(a.card for a in plays if a.card is not None))
            colored = [c for c in cards if not c.is_wild]
            pool = colored or cards
            card = pool[int(rng.random() * len(pool))] if len(pool) > 1 else pool[0]
        else:  # after a draw: the drawn card; a response: stack
            first = plays[0].card
            assert first is not None
            card = first
        return _variant(state, seat, plays, card)
    if phase in _RESPONSES and any(a.kind is _BLOCK for a in legal):
        return _block_form(state, seat, legal)
    for a in legal:
        kind = a.kind
        if kind is _DRAW or kind is _ACCEPT or kind is _KEEP:
            return a
    return legal[0]


def _block_or_allow(state: Position, seat: int, legal: tuple[Action, ...]) -> Action:
    """An Invisibility's answer (§7.11.3): a block where `wants_block` says so, else `allow`."""
    hands = state.hands
    effect = pending_effect(state.rules, state.discard[-1])
    if wants_block(effect, len(hands[seat]), len(hands[state.turn])):
        return _block_form(state, seat, legal)
    return next((a for a in legal if a.kind is _ALLOW), legal[0])


def _block_form(state: Position, seat: int, legal: tuple[Action, ...]) -> Action:
    """The block naming the colour held most, with the call when it leaves one card."""
    blocks = [a for a in legal if a.kind is _BLOCK]
    if any(a.uno for a in blocks):
        blocks = [a for a in blocks if a.uno]
    color = most_held(state.hands[seat])
    return next((a for a in blocks if a.color is color), blocks[0])


def strong_policy(
    state: Position, seat: int, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    """`smart_policy`, choosing its coloured card as a player would: the card that leaves the
    most cards of the colour it makes current, and a Skip, Reverse or Draw Two first when the
    next player is down to two cards or fewer (ties broken at random)."""
    if state.phase is not _AWAIT_TURN:
        return smart_policy(state, seat, legal, rng)
    plays = honest_plays(state, [a for a in legal if a.kind is _PLAY])
    if not plays:
        return smart_policy(state, seat, legal, rng)
    if plays[-1].uno:
        plays = [a for a in plays if a.uno]
    hand = state.hands[seat]
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.color is not None:
            counts[_COLOR_INDEX[c.color]] += 1
    nxt = next_active(state.active, seat, state.direction)
    threatened = len(state.hands[nxt]) <= 2
    best: Card | None = None
    best_score = -1.0
    wild: Card | None = None
    for a in plays:
        card = a.card
        if card is None or card is best:
            continue
        color = card.color
        if color is None:
            wild = wild or card
            continue
        score = counts[_COLOR_INDEX[color]] + rng.random()
        if threatened and card.kind in _ATTACKS:
            score += 10.0
        if score > best_score:
            best, best_score = card, score
    card = best if best is not None else wild
    assert card is not None
    return _variant(state, seat, plays, card)


_ATTACKS = frozenset({Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.DRAW_THREE})


def random_policy(
    state: Position, seat: int, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    """Uniform over plays; draw only with nothing to play; accept penalties; in a discard
    round, a uniform discard."""
    phase = state.phase
    if phase is _AWAIT_DISCARD:
        cards = list(dict.fromkeys(a.card for a in legal if a.kind is _DISCARD))
        card = cards[int(rng.random() * len(cards))] if cards else None
        return _discard_or_decline(legal, card)
    if phase is Phase.AWAIT_FIRST_COLOR:
        return legal[int(rng.random() * len(legal))]
    if phase is _AWAIT_PIRATE:
        return pirate_answer(state, legal)
    if phase is _AWAIT_GIFT:
        gifts = [a for a in legal if a.kind is _GIVE]
        if gifts:
            return gifts[int(rng.random() * len(gifts))]
    if phase is _AWAIT_BLOCK and rng.random() < 0.5:
        return next((a for a in legal if a.kind is _ALLOW), legal[0])
    plays = honest_plays(state, [a for a in legal if a.kind in _PLAYS])
    if any(a.uno for a in plays):
        plays = [a for a in plays if a.uno]
    plays = _one_joker_form(state, seat, plays)
    if phase is Phase.AFTER_DRAW:
        keep = [a for a in legal if a.kind is _KEEP]
        options = plays + keep
        return options[int(rng.random() * len(options))]
    if plays and phase not in _RESPONSES:
        return plays[int(rng.random() * len(plays))]
    for a in legal:
        kind = a.kind
        if kind is _DRAW or kind is _ACCEPT:
            return a
    return legal[0]


def _one_joker_form(state: Position, seat: int, plays: list[Action]) -> list[Action]:
    """`plays` with a Joker's many forms cut down to the aimed ones (`aimed_joker`), so that
    a uniform choice over plays weighs a Joker about as much as a Wild."""
    jokers = [a for a in plays if a.targets]
    if len(jokers) < 2:
        return plays
    sizes = [len(hand) for hand in state.hands]
    kept = set(aimed_joker(jokers, sizes, seat, state.direction))
    return [a for a in plays if not a.targets or a in kept]


def _give(legal: tuple[Action, ...], card: Card) -> Action:
    """The gift of `card` among `legal` (the first action on offer if it is not there)."""
    return next((a for a in legal if a.kind is _GIVE and a.card is card), legal[0])


def _discard_or_decline(legal: tuple[Action, ...], card: Card | None) -> Action:
    """The discard of `card` among `legal`, with the Uno call when that form is on offer;
    without one, `decline` (or the first legal action, for a seat the round does not ask)."""
    if card is not None:
        discards = play_variants((a for a in legal if a.kind is _DISCARD), card, uno=True)
        if discards:
            return discards[0]
    return next((a for a in legal if a.kind is _DECLINE), legal[0])


ROLLOUT_POLICIES: dict[str, RolloutPolicy] = {
    "smart": smart_policy,
    "strong": strong_policy,
    "random": random_policy,
}
