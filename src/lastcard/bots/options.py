"""What a bot accepts as options: each option's name, type, range and default, declared beside
the bot (`OPTIONS`) so that a bot name with options (`"heuristic:bluff=false"`) is read and
checked against it before the bot is built.

A declaration makes the value's type explicit instead of guessed: `bluff=maybe` is refused
rather than taken as text that happens to be true, `seconds=0.2` is a number, `base=3` is text.
Every refusal is one line that names the option, says what it takes and lists the bot's options,
so a person on the command line can correct it without reading the source.

>>> rate = BotOption("catch_rate", float, 0.5, "the chance of a catch", minimum=0, maximum=1)
>>> rate.read("0.9"), rate.accepts()
(0.9, 'a number from 0 to 1')
>>> rate.read("often")
Traceback (most recent call last):
...
lastcard.bots.options.BotOptionError: catch_rate must be a number from 0 to 1, not 'often'
"""

from __future__ import annotations

import functools
import inspect
import math
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from lastcard.core import LastcardError

__all__ = [
    "BotOption",
    "BotOptionError",
    "check_options",
    "describe_options",
    "missing_options",
    "options_from_signature",
    "read_options",
    "with_defaults",
]

_TRUE = ("true", "yes", "on")
_FALSE = ("false", "no", "off")
_NONE = "none"


class BotOptionError(LastcardError):
    """A bot name or option that no registered bot takes: an unknown bot, an unknown option, or
    a value of the wrong type or out of range. The message is one line."""

    code = "INVALID_BOT_OPTION"


@dataclass(frozen=True, slots=True)
class BotOption:
    """One keyword option of a bot.

    `kind` is `bool`, `int`, `float` or `str`. Numbers may be bounded (`minimum`, `maximum`;
    `above=True` excludes the minimum itself, as for a time budget that must be positive);
    text may be limited to `choices`, or described by `takes` (`the name of another bot`).
    `none=True` makes `none` a value too (no limit, no budget). `required=True` marks an
    option without a default.
    """

    name: str
    kind: type
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    above: bool = False
    choices: tuple[str, ...] = ()
    none: bool = False
    required: bool = False
    takes: str = ""

    def accepts(self) -> str:
        """What the option takes, in words: `true or false`, `a number from 0 to 1`, ..."""
        if self.takes:
            words = self.takes
        elif self.kind is bool:
            words = "true or false"
        elif self.kind is str:
            words = _either(self.choices) if self.choices else "text"
        else:
            words = ("a whole number" if self.kind is int else "a number") + self._range()
        return words + (" or none" if self.none else "")

    def _range(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f" from {_number(low)} to {_number(high)}"
        if low is not None:
            return f" above {_number(low)}" if self.above else f" of at least {_number(low)}"
        if high is not None:
            return f" up to {_number(high)}"
        return ""

    def describe(self) -> str:
        """`name (what it takes)`, as the list of a bot's options shows it."""
        return f"{self.name} ({self.accepts()}{', required' if self.required else ''})"

    def read(self, text: str) -> Any:
        """The value written as `text` in a bot name (`seconds=0.2` → 0.2)."""
        lowered = text.strip().lower()
        if self.none and lowered == _NONE:
            return None
        value: Any
        if self.kind is bool:
            if lowered not in _TRUE + _FALSE:
                raise self._refuse(repr(text))
            return lowered in _TRUE
        if self.kind is str:
            value = text.strip()
        else:
            try:
                value = self.kind(text)
            except ValueError:
                raise self._refuse(repr(text)) from None
            if not math.isfinite(value):
                raise self._refuse(repr(text))
        return self._in_range(value, text.strip())

    def check(self, value: object) -> Any:
        """`value`, given in code (`make_bot("random", 1, catch_rate=0.25)`), if it fits."""
        if value is None and self.none:
            return None
        kind = self.kind
        if isinstance(value, bool):
            fits = kind is bool
        elif kind is float:
            fits = isinstance(value, int | float) and math.isfinite(value)
        else:
            fits = isinstance(value, kind)
        if not fits:
            raise self._refuse(repr(value))
        return self._in_range(value, repr(value))

    def _in_range(self, value: Any, shown: str) -> Any:
        if self.choices and value not in self.choices:
            raise self._refuse(repr(value))
        low, high = self.minimum, self.maximum
        if isinstance(value, int | float) and not isinstance(value, bool):
            if low is not None and (value <= low if self.above else value < low):
                raise self._refuse(shown)
            if high is not None and value > high:
                raise self._refuse(shown)
        return value

    def _refuse(self, shown: str) -> BotOptionError:
        return BotOptionError(f"{self.name} must be {self.accepts()}, not {shown}")


def _either(choices: tuple[str, ...]) -> str:
    """`a or b`, `a, b or c`."""
    return (
        " or ".join(choices) if len(choices) < 3 else f"{', '.join(choices[:-1])} or {choices[-1]}"
    )


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def describe_options(options: Iterable[BotOption]) -> str:
    """The options on one line: `bluff (true or false), challenge_threshold (a number ...)`."""
    described = [option.describe() for option in options]
    return ", ".join(described) if described else "none"


def with_defaults(options: Iterable[BotOption], **defaults: Any) -> tuple[BotOption, ...]:
    """`options` with some defaults changed: the declaration of a preset of another bot
    (`eager` is `random` with `voluntary_draw=False`)."""
    out = []
    names = set()
    for option in options:
        names.add(option.name)
        if option.name in defaults:
            option = replace(option, default=defaults[option.name])
        out.append(option)
    unknown = set(defaults) - names
    if unknown:
        raise ValueError(f"no such options: {', '.join(sorted(unknown))}")
    return tuple(out)


def read_options(
    bot: str, declared: Iterable[BotOption], written: Mapping[str, str]
) -> dict[str, Any]:
    """The options `written` as text in a bot name, typed and checked against `declared`."""
    return _each(bot, declared, written, lambda option, value: option.read(value))


def check_options(
    bot: str, declared: Iterable[BotOption], given: Mapping[str, object]
) -> dict[str, Any]:
    """The options `given` in code, checked against `declared`."""
    return _each(bot, declared, given, lambda option, value: option.check(value))


def _each(
    bot: str,
    declared: Iterable[BotOption],
    values: Mapping[str, Any],
    convert: Callable[[BotOption, Any], Any],
) -> dict[str, Any]:
    options = tuple(declared)
    by_name = {option.name: option for option in options}
    out: dict[str, Any] = {}
    for name, value in values.items():
        option = by_name.get(name)
        try:
            if option is None:
                raise BotOptionError(f"no option {name!r}")
            out[name] = convert(option, value)
        except BotOptionError as error:
            raise BotOptionError(
                f"bad options for bot {bot!r}: {error}; its options are {describe_options(options)}"
            ) from None
    return out


def missing_options(declared: Iterable[BotOption], given: Iterable[str]) -> list[str]:
    """The required options not among `given`."""
    names = set(given)
    return [option.name for option in declared if option.required and option.name not in names]


def options_from_signature(factory: Callable[..., object]) -> tuple[BotOption, ...]:
    """A declaration read from `factory`'s keyword-only parameters, for a bot registered
    without one (`OPTIONS`): types from the annotations (anything but bool, int and float is
    text), defaults from the signature, no ranges; the bot's own checks do the rest."""
    inner = factory.func if isinstance(factory, functools.partial) else factory
    target = vars(inner).get("__init__", inner) if isinstance(inner, type) else inner
    try:
        hints = typing.get_type_hints(target)
    except Exception:  # an annotation that does not resolve here: take the value as text
        hints = {}
    out = []
    for parameter in inspect.signature(factory).parameters.values():
        if parameter.kind is not inspect.Parameter.KEYWORD_ONLY:
            continue
        hint = hints.get(parameter.name, str)
        kinds = typing.get_args(hint) or (hint,)
        kind = next((k for k in (bool, int, float) if k in kinds), str)
        required = parameter.default is inspect.Parameter.empty
        default = None if required else parameter.default
        out.append(
            BotOption(
                parameter.name,
                kind,
                default,
                "",
                none=type(None) in kinds,
                required=required,
            )
        )
    return tuple(out)
