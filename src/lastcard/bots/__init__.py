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
  person: `"forgetful:base=greedy,forget=0.3,miss=0.5"`) and `expert` (`ExpertBot`: a
  network trained heads-up, played with NumPy; `heuristic` at larger tables).

>>> bot = make_bot("heuristic:bluff=false", seed=7)
>>> bot_names()[:4]
('random', 'eager', 'greedy', 'heuristic')
"""

from __future__ import annotations

from typing import Any

from .expert import ExpertBot
from .forgetful import Forgetful
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .options import BotOption, BotOptionError, with_defaults
from .random_bot import RandomBot
from .registry import (
    Bot,
    BotFactory,
    bot_names,
    bot_options,
    bot_summary,
    make_bot,
    parse_bot_spec,
    register,
)


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
register("expert", ExpertBot)

__all__ = [
    "Bot",
    "BotFactory",
    "BotOption",
    "BotOptionError",
    "ExpertBot",
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
