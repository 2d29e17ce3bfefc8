"""`RandomBot`: a player that picks uniformly among its legal actions, with two habits.

It is the baseline every other bot is measured against, and the player `lastcard watch` and
`lastcard simulate` use. Its habits are explicit options, because a "random" player still has to
decide whether to call Uno and whether to catch others:

- `call_uno` (default True): when a play (or a discard round's discard) and the same one with
  `!` are both legal, it takes the `!` one, and when it owes a call (`uno` is on offer) it
  makes it at once. With False it never calls: it takes the plain play and ignores `uno`, so
  others may catch it.
- `catch_rate` (default 0.5): the chance that it catches when `catch N` is on offer. It decides
  once per offer, in turn or out of turn.
- `voluntary_draw` (default True): a voluntary draw (RULES.md §3.4.2) is one more legal action,
  taken as often as any other. With False it draws only when it has no legal play (and in a
  discard round, §7.11.4, declines only when it has no discard). The difference is large:
  uniform players draw so often that their hands grow and a hand of the official game lasts
  about 1,000 actions; with False, about 65. The registry's `eager` bot is this player.
- `cheat` (default None: as `voluntary_draw`): under Pirate rules (§7.6) every card of the hand
  may be played on one's turn, a card that does not match being a cheat, and each play is put
  to the others, who may call it. With True the bot is uniform over all of that: it plays
  cheats as often as any other card and calls every play half the time (`pass` and `cheat`
  are two actions). With False it never cheats: it plays only matching cards (after a draw,
  only the drawn card), and asked about a play it calls only a cheat it can see (the card on
  top could not have matched the one beneath: `lastcard.bots.pirate.visible_cheat`), else
  passes, drawing no random number for it. So `random` cheats and `eager` does not.

Everything else is uniform over what remains: each legal action in turn is equally likely (a
Wild with four colours counts four times), and an optional out-of-turn offer of jump-in plays is
uniform over those plays and passing. The theme-pack cards (§7.11) are no exception: a Mambo's
gifts are uniform over the cards held and its lead over every lead on offer (with the call
when it leaves one card, as a play), and a Joker counts once per form on offer (colour, seat
set, count), so a random player holding one plays it almost every turn it may. Asked to block
an effect with its Invisibility card (§7.11.3), each colour of the block and `allow` are
equally likely.

All randomness comes from the bot's own `BotRng(seed)` (`lastcard.core.rng`): the fast
generator's counter-based SplitMix64 stream, not Python's Mersenne Twister, so that a compiled
simulator can reproduce every decision bit for bit. A game between seeded bots is therefore
reproducible, on any Python version. The order of draws is part of that promise (a compiled
simulator makes the same ones): calling Uno draws nothing; otherwise one `random()` when a catch
is on offer, then `below(number of catches)` if it catches, else one `below(...)` over the main
options (one more with `may_pass`, the last standing for passing); a choice among one option
draws nothing.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from lastcard.core import Action, ActionKind, Phase, PlayerView
from lastcard.core.rng import BotRng

from .options import BotOption
from .pirate import honest_actions, visible_cheat, window_answer

_SIDE_KINDS = (ActionKind.UNO, ActionKind.CATCH)
# The actions that may carry a call (`!`): plays, a discard round's discards, a Mambo's lead,
# an Invisibility's block.
_CALLED_KINDS = (ActionKind.PLAY, ActionKind.DISCARD, ActionKind.LEAD, ActionKind.BLOCK)
# What it does instead of acting, when it need not: draw (a turn) or decline (a discard round).
_HOLD_BACK = {ActionKind.PLAY: ActionKind.DRAW, ActionKind.DISCARD: ActionKind.DECLINE}


class RandomBot:
    """Uniform over legal actions; see the module docstring for its Uno habits.

    >>> from lastcard import legal_actions, new_game, player_view
    >>> state = new_game(players=2, seed=3)
    >>> seat = state.to_act
    >>> legal = legal_actions(state, seat)
    >>> RandomBot(seed=1).choose(player_view(state, seat), legal) in legal
    True
    """

    SUMMARY: ClassVar[str] = (
        "uniform over every legal action, voluntary draws included (far longer hands)"
    )
    OPTIONS: ClassVar[tuple[BotOption, ...]] = (
        BotOption("call_uno", bool, True, "calls Uno with its penultimate card"),
        BotOption("catch_rate", float, 0.5, "the chance it catches a player", minimum=0, maximum=1),
        BotOption("voluntary_draw", bool, True, "draws by choice as often as it plays"),
        BotOption(
            "cheat",
            bool,
            None,
            "plays cards that do not match and calls plays at random under Pirate rules "
            "(none: as voluntary_draw)",
            none=True,
        ),
    )

    def __init__(
        self,
        seed: int,
        *,
        call_uno: bool = True,
        catch_rate: float = 0.5,
        voluntary_draw: bool = True,
        cheat: bool | None = None,
    ) -> None:
        if not 0.0 <= catch_rate <= 1.0:
            raise ValueError(f"catch_rate must be between 0 and 1, not {catch_rate!r}")
        self.seed = seed
        self.call_uno = call_uno
        self.catch_rate = catch_rate
        self.voluntary_draw = voluntary_draw
        self.cheat = voluntary_draw if cheat is None else cheat
        self._rng = BotRng(seed)

    def __repr__(self) -> str:
        return (
            f"RandomBot(seed={self.seed}, call_uno={self.call_uno}, "
            f"catch_rate={self.catch_rate}, voluntary_draw={self.voluntary_draw}, "
            f"cheat={self.cheat})"
        )

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if not legal:
            raise ValueError("RandomBot was offered no legal action")
        rng = self._rng
        for action in legal:
            if action.kind is ActionKind.UNO and self.call_uno:
                return action
        catches = [action for action in legal if action.kind is ActionKind.CATCH]
        if catches and rng.random() < self.catch_rate:
            return catches[rng.below(len(catches))]
        if not self.cheat and view.rules.pirate:
            if view.phase is Phase.AWAIT_PIRATE and view.to_act == view.seat and not may_pass:
                return window_answer(legal, visible_cheat(view))
            legal = tuple(honest_actions(view, legal)) or legal
        options = self._main_options(legal)
        if may_pass:
            pick = rng.below(len(options) + 1)  # the last index stands for passing
            return options[pick] if pick < len(options) else None
        if not options:  # only side actions were on offer and the bot declined them all
            options = list(legal)
        return options[rng.below(len(options))]

    def _main_options(self, legal: tuple[Action, ...]) -> list[Action]:
        """Legal actions other than `uno`/`catch`, with each play (or discard) in its preferred
        Uno form."""
        twins = any(action.uno for action in legal)  # only then are there two forms of a play
        out = []
        for action in legal:
            kind = action.kind
            if kind in _SIDE_KINDS:
                continue
            if twins and kind in _CALLED_KINDS and action.uno is not self.call_uno:
                # The same action but for the call (a Joker's seats and count included).
                twin = dataclasses.replace(action, uno=not action.uno)
                if twin in legal:
                    continue  # both forms are legal: keep only the habitual one
            out.append(action)
        if not self.voluntary_draw:
            for act, hold_back in _HOLD_BACK.items():
                if any(a.kind is act for a in out):
                    out = [a for a in out if a.kind is not hold_back]
        return out
