"""Every bot declares its options (name, type, default, range), and a bot name's options are read
by those declarations: a bad one is refused in one line that lists what the bot takes.

The registry is walked when the tests run, so a bot registered later must declare its options
(or have them read from its signature) to pass.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import pytest

from lastcard.bots import (
    BotOption,
    BotOptionError,
    Forgetful,
    HeuristicBot,
    IsmctsBot,
    RandomBot,
    bot_names,
    bot_options,
    bot_summary,
    make_bot,
    parse_bot_spec,
)
from lastcard.bots.ismcts import ROLLOUT_POLICIES
from lastcard.bots.options import describe_options, options_from_signature
from lastcard.core import LastcardError


def keyword_parameters(name: str) -> dict[str, inspect.Parameter]:
    """The keyword-only parameters of the class that `name` builds (the factory itself when it
    is a class, else the type of the bot it makes, as for `eager`)."""
    built = type(make_bot(name, 0, **required_options(name)))
    return {
        p.name: p
        for p in inspect.signature(built).parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    }


def required_options(name: str) -> dict[str, Any]:
    if name == "ppo":  # only registered when lastcard.rl is imported; needs a policy file
        pytest.skip("ppo needs a trained policy file")
    return {}


@pytest.mark.parametrize("name", bot_names())
def test_every_registered_bot_declares_each_of_its_options(name: str) -> None:
    declared = {option.name: option for option in bot_options(name)}
    parameters = keyword_parameters(name)
    assert set(declared) == set(parameters), f"{name}: declared options differ from __init__"
    for option in declared.values():
        assert option.kind in (bool, int, float, str), (name, option)
        assert option.accepts(), (name, option)
        assert option.help, f"{name}: option {option.name} says nothing about itself"
    assert bot_summary(name), f"{name} has no one-line summary"


@pytest.mark.parametrize("name", bot_names())
def test_declared_defaults_are_the_bots_own(name: str) -> None:
    """The defaults a listing shows are what the bot does when not told: equal to its class's
    signature (eager's `voluntary_draw` is its own), and accepted by the declaration."""
    parameters = keyword_parameters(name)
    for option in bot_options(name):
        if name == "eager" and option.name == "voluntary_draw":
            assert option.default is False and make_bot("eager", 0).voluntary_draw is False  # type: ignore[attr-defined]
            continue
        assert option.default == parameters[option.name].default, (name, option.name)
        assert option.check(option.default) == option.default
        make_bot(name, 0, **{option.name: option.default})  # the bot takes it too


def numeric_edges() -> list[tuple[str, BotOption, float, bool]]:
    """(bot, option, value, accepted) at and just past every declared bound."""
    cases = []
    for name in bot_names():
        if name == "ppo":
            continue
        for option in bot_options(name):
            if option.kind not in (int, float):
                continue
            step = 1 if option.kind is int else 0.001
            if option.minimum is not None:
                low = option.kind(option.minimum)
                cases.append((name, option, low, not option.above))
                cases.append((name, option, low - step, False))
                if option.above:
                    cases.append((name, option, low + step, True))
            if option.maximum is not None:
                high = option.kind(option.maximum)
                cases.append((name, option, high, True))
                cases.append((name, option, high + step, False))
    return cases


@pytest.mark.parametrize(
    ("name", "option", "value", "accepted"),
    numeric_edges(),
    ids=lambda v: v.name if isinstance(v, BotOption) else str(v),
)
def test_ranges_are_the_bots_own(
    name: str, option: BotOption, value: float, accepted: bool
) -> None:
    """At each bound, the declaration and the bot agree: a value the declaration lets through
    builds the bot, and one past the bound is refused before the bot is built."""
    spec = f"{name}:{option.name}={value}"
    if accepted:
        make_bot(spec, 0)
        return
    with pytest.raises(BotOptionError, match=f"{option.name} must be {option.accepts()}"):
        make_bot(spec, 0)


def test_choices_are_the_bots_own() -> None:
    rollout = next(o for o in IsmctsBot.OPTIONS if o.name == "rollout")
    assert rollout.choices == tuple(ROLLOUT_POLICIES)
    for option in IsmctsBot.OPTIONS:
        for choice in option.choices:
            make_bot(f"ismcts:iterations=1,{option.name}={choice}", 0)


# -- the cases ---------------------------------------------------------------------


HEURISTIC_OPTIONS = (
    "bluff (true or false), challenge (true or false), challenge_threshold (a number from 0 "
    "to 1), hold_wilds (true or false)"
)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("heuristic:bluff=maybe", "bluff must be true or false, not 'maybe'"),
        ("heuristic:nope=1", "no option 'nope'"),
        (
            "heuristic:challenge_threshold=1.5",
            "challenge_threshold must be a number from 0 to 1, not 1.5",
        ),
        (
            "heuristic:challenge_threshold=nan",
            "challenge_threshold must be a number from 0 to 1, not 'nan'",
        ),
    ],
)
def test_a_bad_option_is_one_line_listing_the_valid_ones(spec: str, problem: str) -> None:
    with pytest.raises(BotOptionError) as caught:
        make_bot(spec, 0)
    message = str(caught.value)
    assert message == (
        f"bad options for bot 'heuristic': {problem}; its options are {HEURISTIC_OPTIONS}"
    )
    assert "\n" not in message
    assert isinstance(caught.value, LastcardError) and isinstance(caught.value, ValueError)
    assert caught.value.code == "INVALID_BOT_OPTION"


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("ismcts:seconds=0", "seconds must be a number above 0 or none, not 0"),
        ("ismcts:seconds=inf", "seconds must be a number above 0 or none, not 'inf'"),
        ("ismcts:iterations=3.5", "iterations must be a whole number of at least 1 or none"),
        ("ismcts:rollout=fast", "rollout must be smart, strong or random, not 'fast'"),
        ("greedy:stack=1", "stack must be true or false, not '1'"),
        ("random:catch_rate=often", "catch_rate must be a number from 0 to 1, not 'often'"),
        ("eager:call_uno=", "call_uno must be true or false, not ''"),
    ],
)
def test_types_and_ranges_are_checked(spec: str, problem: str) -> None:
    name = spec.partition(":")[0]
    with pytest.raises(BotOptionError, match="bad options for bot") as caught:
        make_bot(spec, 0)
    message = str(caught.value)
    assert problem in message
    assert message.endswith(f"its options are {describe_options(bot_options(name))}")


def test_valid_options_still_work_and_are_typed() -> None:
    bot = make_bot("heuristic:bluff=false,challenge_threshold=0.5", 1)
    assert isinstance(bot, HeuristicBot)
    assert (bot.bluff, bot.challenge, bot.challenge_threshold) == (False, True, 0.5)
    name, options = parse_bot_spec("ismcts:seconds=0.2,iterations=300,tree_depth=none")
    assert name == "ismcts" and options == {"seconds": 0.2, "iterations": 300, "tree_depth": None}
    assert type(options["iterations"]) is int and type(options["seconds"]) is float
    searcher = make_bot("ismcts:seconds=0.2", 1)
    assert isinstance(searcher, IsmctsBot) and searcher.seconds == 0.2
    assert parse_bot_spec("heuristic:bluff=NO")[1] == {"bluff": False}
    # Text stays text: a base named "true" is a bot name, not a boolean.
    assert parse_bot_spec("forgetful:base=greedy")[1] == {"base": "greedy"}
    with pytest.raises(ValueError, match="bad base for forgetful: unknown bot 'true'"):
        make_bot("forgetful:base=true", 1)


def test_keyword_options_are_checked_too() -> None:
    assert make_bot("random", 1, catch_rate=1).catch_rate == 1  # type: ignore[attr-defined]
    for bad in ("0.5", True, None, float("nan")):
        with pytest.raises(BotOptionError, match="catch_rate must be a number from 0 to 1"):
            make_bot("random", 1, catch_rate=bad)
    with pytest.raises(BotOptionError, match="base must be the name of another bot, not 3"):
        make_bot("forgetful", 1, base=3)
    with pytest.raises(BotOptionError, match="no option 'k'"):
        make_bot("greedy", 1, k=3)
    # Keyword options win over the name's, and are checked before either is used.
    bot = make_bot("forgetful:forget=0.9", 1, forget=0.1)
    assert isinstance(bot, Forgetful) and bot.forget == 0.1


def test_unknown_bots_and_malformed_names_are_refused() -> None:
    with pytest.raises(BotOptionError, match="unknown bot 'genius': choose from random, eager"):
        make_bot("genius:x=1", 0)
    with pytest.raises(BotOptionError, match=r"bad bot option 'bluff' .*write name:key=value"):
        make_bot("heuristic:bluff", 0)


def test_a_factory_without_declarations_has_them_read_from_its_signature() -> None:
    class Plain:
        def __init__(
            self, seed: int, *, path: str, depth: int | None = 3, eager: bool = False
        ) -> None:
            self.seed = seed

    options = {option.name: option for option in options_from_signature(Plain)}
    assert list(options) == ["path", "depth", "eager"]
    assert options["path"].required and options["path"].kind is str
    assert options["depth"].kind is int and options["depth"].none and options["depth"].default == 3
    assert options["eager"].kind is bool and not options["eager"].required
    assert options["depth"].read("none") is None and options["eager"].read("yes") is True
    # A partial of a bot class reads its types through to the class.
    partial = {
        o.name: o for o in options_from_signature(functools.partial(RandomBot, catch_rate=1))
    }
    assert partial["catch_rate"].kind is float and partial["call_uno"].kind is bool
