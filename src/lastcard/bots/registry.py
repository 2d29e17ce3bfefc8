"""The bots by name: the `Bot` interface and the registry (`register`, `make_bot`, ...).

Apart from the package so that a bot may build another by name (`Forgetful` wraps a registered
bot) without importing the package that registers it; `lastcard.bots` registers the bots and
re-exports all of this.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lastcard.core import Action, PlayerView

from .options import (
    BotOption,
    BotOptionError,
    check_options,
    describe_options,
    missing_options,
    options_from_signature,
    read_options,
)


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
