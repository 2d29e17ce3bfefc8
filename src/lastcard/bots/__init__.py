"""Players that choose actions from what they may see: a `PlayerView` and the legal actions.

A bot never sees a `GameState` (DESIGN.md §5). The interface is deliberately small, for later
issues to grow (smarter bots, tournaments) rather than replace:

- `Bot`: anything with `choose(view, legal, *, may_pass=False) -> Action | None`. `legal` is
  never empty and the answer must be one of its actions. `may_pass=True` marks an optional
  offer made out of turn (a catch, a late Uno call, a jump-in): then `None` means "pass".
  Otherwise `None` is a mistake.
- `BotFactory`: builds a bot from a seed: a bot class such as `RandomBot`, or a
  `functools.partial` of one with its options. A bot takes all its randomness from that seed.
- a registry by name: `register`, `make_bot`, `bot_names`. Registered: `random` (`RandomBot`:
  uniform over legal actions) and `eager` (`RandomBot(voluntary_draw=False)`: uniform over its
  plays, drawing only when it has none; its games look like Uno and are short enough to watch).

>>> bot = make_bot("random", seed=7)
>>> bot_names()
('random', 'eager')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from lastcard.core import Action, PlayerView

from .random_bot import RandomBot


class Bot(Protocol):
    """A player: given its view and its legal actions, it picks one (or passes, when allowed)."""

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None: ...


BotFactory = Callable[[int], Bot]

_REGISTRY: dict[str, Callable[..., Bot]] = {}


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make a bot available by `name`; `factory(seed, **options)` must build it."""
    if name in _REGISTRY:
        raise ValueError(f"a bot named {name!r} is already registered")
    _REGISTRY[name] = factory


def bot_names() -> tuple[str, ...]:
    """The registered bot names, in registration order."""
    return tuple(_REGISTRY)


def make_bot(name: str, seed: int, **options: Any) -> Bot:
    """Build the bot registered as `name` with its own `seed` (and options, e.g. `catch_rate`)."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(_REGISTRY)}") from None
    return factory(seed, **options)


def _eager(seed: int, **options: Any) -> Bot:
    return RandomBot(seed, **{"voluntary_draw": False, **options})


register("random", RandomBot)
register("eager", _eager)

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_names", "make_bot", "register"]
