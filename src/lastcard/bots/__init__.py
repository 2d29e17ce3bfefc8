"""Players that choose actions from what they may see: a `PlayerView` and the legal actions.

A bot never sees a `GameState` (DESIGN.md §5). The interface is deliberately small, for later
issues to grow (smarter bots, tournaments) rather than replace:

- `Bot`: anything with `choose(view, legal, *, may_pass=False) -> Action | None`. `legal` is
  never empty and the answer must be one of its actions. `may_pass=True` marks an optional
  offer made out of turn (a catch, a late Uno call, a jump-in): then `None` means "pass".
  Otherwise `None` is a mistake.
- `observe(event)`, optional: a bot that defines it is shown every event of its game, redacted
  for its seat (`Event.redact`), before its next decision: memory for bots that track what
  others have shown (colours they failed to follow, cards revealed by a challenge).
- `BotFactory`: builds a bot from a seed: a bot class such as `RandomBot`, or a
  `functools.partial` of one with its options. A bot takes all its randomness from that seed.
- a registry by name: `register`, `make_bot`, `bot_names`. A name may carry options:
  `"random:catch_rate=0.9,call_uno=false"` (values: true/false, numbers, or text).
  Registered: `random` (`RandomBot`: uniform over legal actions), `eager`
  (`RandomBot(voluntary_draw=False)`: uniform over its plays, drawing only when it has none;
  its games look like Uno and are short enough to watch), `greedy` (`GreedyBot`: its
  highest-value card first), `heuristic` (`HeuristicBot`: a real player's habits; options
  `bluff`, `challenge`, ...), `ismcts` (`IsmctsBot`: searches sampled deals) and `forgetful`
  (`Forgetful`: wraps another bot and sometimes forgets to call Uno or misses a catch, like a
  person: `"forgetful:base=greedy,forget=0.3,miss=0.5"`).

>>> bot = make_bot("heuristic:bluff=false", seed=7)
>>> bot_names()[:4]
('random', 'eager', 'greedy', 'heuristic')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from lastcard.core import Action, PlayerView

from .forgetful import Forgetful
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
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


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """`"heuristic:bluff=false,k=3"` → `("heuristic", {"bluff": False, "k": 3})`.

    >>> parse_bot_spec("random:catch_rate=0.9,call_uno=false")
    ('random', {'catch_rate': 0.9, 'call_uno': False})
    """
    name, _, rest = spec.strip().partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bad bot option {item!r} in {spec!r}: write name:key=value,...")
        options[key.strip()] = _option_value(text.strip())
    return name, options


def _option_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def make_bot(name: str, seed: int, **options: Any) -> Bot:
    """Build the bot registered as `name` with its own `seed` and options.

    `name` may carry options itself (`"random:catch_rate=0.9"`); keyword options win.
    """
    base, spec_options = parse_bot_spec(name)
    try:
        factory = _REGISTRY[base]
    except KeyError:
        raise ValueError(f"unknown bot {base!r}: choose from {', '.join(_REGISTRY)}") from None
    try:
        return factory(seed, **{**spec_options, **options})
    except TypeError as error:
        raise ValueError(f"bad options for bot {base!r}: {error}") from None


def _eager(seed: int, **options: Any) -> Bot:
    return RandomBot(seed, **{"voluntary_draw": False, **options})


register("random", RandomBot)
register("eager", _eager)
register("greedy", GreedyBot)
register("heuristic", HeuristicBot)
register("ismcts", IsmctsBot)
register("forgetful", Forgetful)

__all__ = [
    "Bot",
    "BotFactory",
    "Forgetful",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "register",
]
