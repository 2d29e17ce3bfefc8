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
- a registry by name: `register`, `make_bot`, `bot_names`, `bot_summary`, `bot_options`. A
  name may carry options: `"random:catch_rate=0.9,call_uno=false"`. Each bot declares its
  options (`OPTIONS`, a tuple of `BotOption`: name, type, default, range) and a one-line
  `SUMMARY`; a value is read by its declared type (true/false, a whole number, a number, text,
  `none` where that is allowed) and checked against its range before the bot is built, and a
  bad one raises `BotOptionError` (a `ValueError`) in one line that lists the bot's options.
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

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lastcard.core import Action, PlayerView

from .forgetful import Forgetful
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .options import (
    BotOption,
    BotOptionError,
    check_options,
    describe_options,
    missing_options,
    options_from_signature,
    read_options,
    with_defaults,
)
from .random_bot import RandomBot


class Bot(Protocol):
    """A player: given its view and its legal actions, it picks one (or passes, when allowed)."""

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None: ...


BotFactory = Callable[[int], Bot]


@dataclass(frozen=True, slots=True)
class _Entry:
    factory: Callable[..., Bot]
    options: tuple[BotOption, ...]
    summary: str


_REGISTRY: dict[str, _Entry] = {}


def register(
    name: str,
    factory: Callable[..., Bot],
    *,
    options: Sequence[BotOption] | None = None,
    summary: str | None = None,
) -> None:
    """Make a bot available by `name`; `factory(seed, **options)` must build it.

    `options` and `summary` default to the factory's `OPTIONS` and `SUMMARY`; a factory that
    declares no options has them read from its keyword-only parameters (types and defaults,
    no ranges), and one without a summary is summed up by its docstring's first line.
    """
    if name in _REGISTRY:
        raise ValueError(f"a bot named {name!r} is already registered")
    inner = factory.func if isinstance(factory, functools.partial) else factory
    declared = options if options is not None else getattr(inner, "OPTIONS", None)
    if declared is None:
        declared = options_from_signature(factory)
    if summary is None:
        summary = getattr(inner, "SUMMARY", None) or _first_line(inner.__doc__)
    _REGISTRY[name] = _Entry(factory, tuple(declared), summary)


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().partition("\n")[0].rstrip(".")


def bot_names() -> tuple[str, ...]:
    """The registered bot names, in registration order."""
    return tuple(_REGISTRY)


def bot_options(name: str) -> tuple[BotOption, ...]:
    """The options the bot registered as `name` takes (`"heuristic"` → bluff, challenge, ...).

    >>> [option.describe() for option in bot_options("random")][:2]
    ['call_uno (true or false)', 'catch_rate (a number from 0 to 1)']
    """
    return _entry(name).options


def bot_summary(name: str) -> str:
    """What the bot registered as `name` does, in one line."""
    return _entry(name).summary


def _entry(name: str) -> _Entry:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise BotOptionError(f"unknown bot {name!r}: choose from {', '.join(_REGISTRY)}") from None


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """`"heuristic:bluff=false,challenge_threshold=0.5"` → the name and its options, each read
    by the type the bot declares for it and checked against its range.

    >>> parse_bot_spec("random:catch_rate=0.9,call_uno=false")
    ('random', {'catch_rate': 0.9, 'call_uno': False})
    >>> try:
    ...     parse_bot_spec("heuristic:bluff=maybe")
    ... except BotOptionError as error:
    ...     print(str(error).partition(";")[0])
    bad options for bot 'heuristic': bluff must be true or false, not 'maybe'
    """
    name, _, rest = spec.strip().partition(":")
    entry = _entry(name)
    written: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise BotOptionError(
                f"bad bot option {item!r} in {spec!r}: write name:key=value,... (the options of "
                f"{name} are {describe_options(entry.options)})"
            )
        written[key.strip()] = text.strip()
    return name, read_options(name, entry.options, written)


def make_bot(name: str, seed: int, **options: Any) -> Bot:
    """Build the bot registered as `name` with its own `seed` and options.

    `name` may carry options itself (`"random:catch_rate=0.9"`); keyword options win. Both are
    checked against the bot's declared options first (`BotOptionError`, one line).
    """
    base, spec_options = parse_bot_spec(name)
    entry = _REGISTRY[base]
    chosen = {**spec_options, **check_options(base, entry.options, options)}
    missing = missing_options(entry.options, chosen)
    if missing:
        raise BotOptionError(
            f"bad options for bot {base!r}: {', '.join(missing)} must be given; its options are "
            f"{describe_options(entry.options)}"
        )
    try:
        return entry.factory(seed, **chosen)
    except TypeError as error:  # a factory whose declaration and signature disagree
        raise BotOptionError(f"bad options for bot {base!r}: {error}") from None


def _eager(seed: int, **options: Any) -> Bot:
    return RandomBot(seed, **{"voluntary_draw": False, **options})


register("random", RandomBot)
register(
    "eager",
    _eager,
    options=with_defaults(RandomBot.OPTIONS, voluntary_draw=False),
    summary="random plays; draws only when it cannot play",
)
register("greedy", GreedyBot)
register("heuristic", HeuristicBot)
register("ismcts", IsmctsBot)
register("forgetful", Forgetful)

__all__ = [
    "Bot",
    "BotFactory",
    "BotOption",
    "BotOptionError",
    "Forgetful",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "bot_names",
    "bot_options",
    "bot_summary",
    "make_bot",
    "parse_bot_spec",
    "register",
]
