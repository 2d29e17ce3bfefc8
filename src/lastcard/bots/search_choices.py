"""What a search considers: the actions worth searching (`search_actions`, `pruned_actions`),
and the questions it answers without searching (an Invisibility's block, a Pirate turn's
honest plays).
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import (
    Action,
    ActionKind,
    Card,
    Color,
    GameState,
    PlayerView,
)
from lastcard.core.unchecked import FastGame

from .greedy import color_counts
from .rollout import (
    honest_plays,
)
from .themes import aimed_joker, pending_effect, wants_block

_PLAY = ActionKind.PLAY
_DRAW = ActionKind.DRAW
_DISCARD = ActionKind.DISCARD
_DECLINE = ActionKind.DECLINE
_GIVE = ActionKind.GIVE
_BLOCK = ActionKind.BLOCK
_ALLOW = ActionKind.ALLOW
_SIDE = frozenset({ActionKind.UNO, ActionKind.CATCH})
# The actions that carry a call: plays, a discard round's discards, a Mambo's lead, a block.
_CALLED = frozenset({ActionKind.PLAY, ActionKind.DISCARD, ActionKind.LEAD, ActionKind.BLOCK})
# The actions that name a colour for a wild: its plays, a Mambo's leads, a block.
_COLORED = frozenset({ActionKind.PLAY, ActionKind.LEAD, ActionKind.BLOCK})


def search_actions(legal: Sequence[Action]) -> list[Action]:
    """The actions worth searching: no `uno`/`catch`, and a penultimate play (or a discard
    round's discard, or a Mambo's lead, down to one card) only with its call."""
    if any(a.uno for a in legal):
        return [a for a in legal if a.kind not in _SIDE and (a.uno or a.kind not in _CALLED)]
    return [a for a in legal if a.kind not in _SIDE]


def pruned_actions(
    actions: list[Action], hand: Sequence[Card], sizes: Sequence[int] | None = None
) -> list[Action]:
    """`actions` without the ones a sensible player never considers: a wild (played or led)
    naming a colour it holds fewer of than another (ties keep every tied colour), a voluntary
    draw while it has a play (kept when every play is a wild's), declining a discard round's
    discard (§7.11.4: one card fewer, for nothing), a Mambo's gift of a wild while another
    card could go (§7.11.7), and every form of a Joker but the strongest (§7.11.6): three
    cards each for the (up to three) seats with the fewest cards by `sizes`, each seat's
    number of cards (without `sizes`, every seat set with three cards each)."""
    if len(actions) < 2:
        return actions
    counts: dict[Color, int] | None = None
    most = 0
    out = []
    colored_play = discard = colored_gift = joker = False
    for a in actions:
        card = a.card
        kind = a.kind
        if kind is _DISCARD:
            discard = True
        elif kind in _COLORED:
            joker = joker or bool(a.targets)
            if card is not None and not card.is_wild:
                colored_play = True
            elif a.color is not None:
                if counts is None:
                    counts = color_counts(hand)
                    most = max(counts.values())
                if counts[a.color] < most:
                    continue
        elif kind is _GIVE and card is not None and not card.is_wild:
            colored_gift = True
        out.append(a)
    if colored_play:
        out = [a for a in out if a.kind is not _DRAW]
    if discard:
        out = [a for a in out if a.kind is not _DECLINE]
    if colored_gift:
        out = [a for a in out if a.kind is not _GIVE or (a.card is not None and not a.card.is_wild)]
    if joker:
        out = _strongest_jokers(out, sizes)
    return out or actions


def _strongest_jokers(actions: list[Action], sizes: Sequence[int] | None) -> list[Action]:
    """`actions` with only the strongest forms of a Joker (see `pruned_actions`)."""
    forms = [a for a in actions if a.targets]
    if sizes is not None:
        kept = set(aimed_joker(forms, sizes))
    else:
        top = max(a.count for a in forms)
        kept = {a for a in forms if a.count == top}
    return [a for a in actions if not a.targets or a in kept]


def block_answer(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Its answer to an Invisibility's question (§7.11.3): `wants_block` on the effect of the
    card on top; a block names the colour it holds most of, with the call when it leaves one
    card."""
    hand = view.hand or ()
    effect = pending_effect(view.rules, view.top)
    blocks = [a for a in legal if a.kind is _BLOCK]
    if not blocks or not wants_block(effect, len(hand), view.hand_sizes[view.turn]):
        return next((a for a in legal if a.kind is _ALLOW), legal[0])
    if any(a.uno for a in blocks):
        blocks = [a for a in blocks if a.uno]
    counts = color_counts(hand)
    return max(blocks, key=lambda a: counts[a.color] if a.color is not None else -1)


def honest_in(state: GameState | FastGame, actions: list[Action]) -> list[Action]:
    """`actions` without the cheats of a Pirate turn (`honest_plays`), keeping the rest."""
    plays = [a for a in actions if a.kind is _PLAY]
    honest = honest_plays(state, plays)
    if len(honest) == len(plays):
        return actions
    kept = set(honest)
    return [a for a in actions if a.kind is not _PLAY or a in kept] or actions
