"""`Forgetful`: another bot, made fallible about Uno like a person.

The bots never slip: they call Uno with every penultimate play and catch every exposed player at
the first chance, so a person playing them can never catch one and is always caught. `Forgetful`
wraps a registered bot (`base`, built with `make_bot(base, seed)`) and lets everything through
unchanged except two habits (RULES.md §4):

- `forget` (0 to 1): the chance that it does not call. When the inner bot plays its penultimate
  card with the call (`R5!`, or discards it in a discard round: `discard R5!`, or leads it
  after a Mambo: `lead R5!`) and the same action without it is legal, it takes that one
  instead; and when the inner bot would make an owed call (`uno`), it does not. A bot that
  forgot with its play stays forgetful while that call is owed (it makes no late call), so it
  is exposed after about `forget` of its penultimate plays, as a person who forgot would be.
- `miss` (0 to 1): the chance that it does not notice an exposed player when the inner bot would
  catch them (`catch N`).

What it does instead: out of turn (`may_pass=True`) it passes; on its own turn it must act, so
it asks the inner bot again with the calls (or catches) taken out of the legal actions. It never
passes where it must act and never answers with an action that was not offered.

Everything else is the inner bot's, a Pirate window's `pass` or `cheat` (§7.6.4) and whether
it ever cheats included. With `forget=0` and `miss=0` it makes exactly the inner bot's choices.
Its own randomness comes from a `random.Random` seeded with `derive_seed(seed, "forgetful")`;
the inner bot gets `seed` itself, so the wrapped bot plays as the bare one would with the same
seed. Events are forwarded to the inner bot (`observe`) when it keeps a memory. Unnamed,
`forget` and `miss` are 0.25 each.

>>> from lastcard.bots import make_bot
>>> bot = make_bot("forgetful:base=greedy,forget=0.3,miss=0.5", seed=1)
>>> bot
Forgetful(seed=1, base='greedy', forget=0.3, miss=0.5)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import ClassVar

from lastcard.core import Action, ActionKind, Event, PlayerView
from lastcard.core.rng import derive_seed

from .options import BotOption
from .registry import Bot, make_bot

# The actions that may carry a call: plays, a discard round's discards, a Mambo's lead, an
# Invisibility's block.
_CALLED_KINDS = (ActionKind.PLAY, ActionKind.DISCARD, ActionKind.LEAD, ActionKind.BLOCK)

# Unnamed, both habits slip about one time in four, as a casual player's do: a bot named
# `forgetful` that never forgot would be the inner bot under another name.
DEFAULT_RATE = 0.25


def _rate(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a number from 0 to 1, not {value!r}")
    return float(value)


class Forgetful:
    """A registered bot that sometimes forgets to call Uno and misses catches.

    See the module docstring. `base` names the inner bot (a registered name, with no options in
    a `make_bot` spec since its commas would split it); `forget` and `miss` are probabilities.
    """

    SUMMARY: ClassVar[str] = (
        "another bot (base, default heuristic) that sometimes forgets to call Uno (forget) or "
        "misses a catch (miss), as people do"
    )
    OPTIONS: ClassVar[tuple[BotOption, ...]] = (
        BotOption("base", str, "heuristic", "the bot it wraps", takes="the name of another bot"),
        BotOption(
            "forget", float, DEFAULT_RATE, "the chance it does not call Uno", minimum=0, maximum=1
        ),
        BotOption(
            "miss",
            float,
            DEFAULT_RATE,
            "the chance it misses an exposed player",
            minimum=0,
            maximum=1,
        ),
    )

    def __init__(
        self,
        seed: int,
        *,
        base: str = "heuristic",
        forget: float = DEFAULT_RATE,
        miss: float = DEFAULT_RATE,
    ) -> None:
        self.seed = seed
        self.forget = _rate("forget", forget)
        self.miss = _rate("miss", miss)
        if not isinstance(base, str):
            raise ValueError(f"base must be the name of a registered bot, not {base!r}")
        try:
            self.inner: Bot = make_bot(base, seed)
        except ValueError as error:
            raise ValueError(f"bad base for forgetful: {error}") from None
        self.base = base
        self._rng = random.Random(derive_seed(seed, "forgetful"))
        self._forgot = False  # it dropped the call with its play, and the call is still owed

    def __repr__(self) -> str:
        return (
            f"Forgetful(seed={self.seed}, base={self.base!r}, "
            f"forget={self.forget}, miss={self.miss})"
        )

    def observe(self, event: Event) -> None:
        """Shows `event` to the inner bot, if it keeps a memory."""
        observe: Callable[[Event], None] | None = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(event)

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if not legal:
            raise ValueError("Forgetful was offered no legal action")
        if view.exposed != view.seat:
            self._forgot = False
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        slipped: set[ActionKind] = set()  # the side actions it failed to take
        while choice is not None:
            kind = choice.kind
            if kind in slipped:
                break  # cannot happen with a sound inner bot: it was not offered again
            if kind is ActionKind.CATCH:
                chance = self.miss
            elif kind is ActionKind.UNO:
                chance = 1.0 if self._forgot else self.forget
            else:
                break
            if not self._slips(chance):
                return choice
            if may_pass:
                return None
            slipped.add(kind)
            rest = tuple(action for action in legal if action.kind not in slipped)
            if not rest:
                return choice  # nothing else may be done: it has to remember after all
            other = self.inner.choose(view, rest)
            if other is None or other not in rest:
                return choice  # the inner bot's mistake; keep its first, legal answer
            choice = other
        if choice is not None and choice.kind in _CALLED_KINDS and choice.uno:
            plain = dataclasses.replace(choice, uno=False)  # a Joker's seats and count kept
            if plain in legal and self._slips(self.forget):
                self._forgot = True
                return plain
        return choice

    def _slips(self, chance: float) -> bool:
        """One draw of its own generator: True with probability `chance`."""
        return self._rng.random() < chance
