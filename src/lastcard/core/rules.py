"""The options of RULES.md §7.0 as one frozen value, with the named presets.

`Rules()` is the official game. Option names and values are exactly those of §7.0. Invalid
values and combinations are rejected when the `Rules` is built (§7.13); the checks that depend on
the number of players (§1.5.1, §7.12.1, §7.13.9) run when a game is created.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import InitVar, dataclass, field
from typing import Any, TypeVar

from .cards import Card, Kind, build_deck
from .errors import RulesError, shown

_CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": ("classic", "2018"),
    "scoring": ("standard", "alternative"),
    "tie_rule": ("shared", "play_on"),
    "mode": ("strict", "table"),
    "dealer_draw_non_number": ("zero", "redraw"),
    "dealer_each_hand": ("redraw", "rotate"),
    "first_reverse": ("dealer_right", "dealer_starts"),
    "first_wild": ("first_player_chooses", "dealer_chooses", "redraw"),
    "first_wd4": ("reshuffle", "bottom"),
    "stacking": ("off", "same", "mixed"),
}

OPTION_CHOICES: Mapping[str, tuple[Any, ...]] = _CHOICES  # the options that take one of a few texts

_BOOLEANS = (
    "allow_voluntary_draw",
    "wd4_bluffing",
    "two_player_rules",
    "seven_o",
    "jump_in",
    "jump_in_self",
    "elimination",
    "pirate",
)

# §7.10.2: effects a Wild Customizable may carry; `k` runs over 1..4.
CUSTOM_WILD_EFFECTS: tuple[str, ...] = (
    "none",
    *(f"next_draws:{k}" for k in range(1, 5)),
    *(f"others_draw:{k}" for k in range(1, 5)),
    "skip",
    "reverse",
    "swap_hands",
    "shuffle_hands",
    "reveal",
    "all_discard_one",
)

THEME_CARDS = (
    "draw_three",
    "howler",
    "invisibility",
    "care_a_lot",
    "friendship",
    "joker",
    "mambo",
    "travel",
)

_WILD_DOWNPOUR_KINDS = {"draw1": Kind.WILD_DOWNPOUR_1, "draw2": Kind.WILD_DOWNPOUR_2}
_DEFAULT_DOWNPOUR = (("draw1", 2), ("draw2", 2))  # §7.7.1: engine choice, 2 of each


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md §7.0; the defaults are the official game.

    >>> Rules().target_score
    500
    >>> Rules.preset("party").stacking
    'same'
    """

    deck: str = "classic"
    hand_size: int = 7
    target_score: int | None = 500
    scoring: str = "standard"
    tie_rule: str = "shared"
    mode: str = "strict"
    dealer_draw_non_number: str = "zero"
    dealer_each_hand: str = "redraw"
    first_reverse: str = "dealer_right"
    first_wild: str = "first_player_chooses"
    first_wd4: str = "reshuffle"
    allow_voluntary_draw: bool = True
    wd4_bluffing: bool = True
    two_player_rules: bool = True
    stacking: str = "off"
    seven_o: bool = False
    jump_in: bool = False
    jump_in_self: bool = False
    elimination: bool = False
    elimination_threshold: int = 500
    pirate: bool = False
    pirate_false_call_penalty: int = 2
    wild_downpour: tuple[tuple[str, int], ...] | None = None
    custom_wild_effect: str = "none"
    theme_cards: frozenset[str] = field(default_factory=frozenset)
    teams: str | tuple[tuple[int, ...], ...] | None = None
    turn_limit: int | None = 5000
    speed_uno: InitVar[bool | None] = None

    def __post_init__(self, speed_uno: bool | None) -> None:
        set_ = object.__setattr__
        if speed_uno is not None:  # §7.0: `speed_uno` is another name for `jump_in`
            if not isinstance(speed_uno, bool):
                raise RulesError("speed_uno must be True or False")
            set_(self, "jump_in", speed_uno)
        set_(self, "wild_downpour", _normalise_downpour(self.wild_downpour))
        theme_cards: Any = self.theme_cards  # as given, which may be any type
        if isinstance(theme_cards, str) or not _is_iterable(theme_cards):
            raise RulesError("theme_cards must be a set of theme card names")
        set_(self, "theme_cards", frozenset(theme_cards))
        set_(self, "teams", _normalise_teams(self.teams))
        if self.pirate is True:  # §7.6.6, §7.13.1: Pirate implies Seven-O
            set_(self, "seven_o", True)
        self._check()

    def _check(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(f"{name} must be one of {list(choices)}, not {value!r}")
        for name in _BOOLEANS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False")
        if not (_is_whole(self.hand_size) and 1 <= self.hand_size <= 15):
            raise RulesError(
                f"hand_size must be a whole number from 1 to 15, not {self.hand_size!r}"
            )
        if self.target_score is not None and not (
            _is_whole(self.target_score) and self.target_score > 0
        ):
            raise RulesError(
                f"target_score must be a positive whole number or None, not {self.target_score!r}"
            )
        if self.turn_limit is not None and not (_is_whole(self.turn_limit) and self.turn_limit > 0):
            raise RulesError(
                f"turn_limit must be a positive whole number or None, not {self.turn_limit!r}"
            )
        if not (_is_whole(self.elimination_threshold) and self.elimination_threshold > 0):
            raise RulesError("elimination_threshold must be a positive whole number")
        if not (_is_whole(self.pirate_false_call_penalty) and self.pirate_false_call_penalty >= 0):
            raise RulesError("pirate_false_call_penalty must be a whole number, 0 or more")
        if self.custom_wild_effect not in CUSTOM_WILD_EFFECTS:
            raise RulesError(
                f"custom_wild_effect must be one of {list(CUSTOM_WILD_EFFECTS)}, "
                f"not {self.custom_wild_effect!r}"
            )
        unknown = self.theme_cards - set(THEME_CARDS)
        if unknown:
            raise RulesError(
                f"unknown theme cards {sorted(unknown)}: choose from {list(THEME_CARDS)}"
            )
        if self.teams is not None:
            if self.elimination:
                raise RulesError("teams cannot be combined with elimination (§7.5.7, §7.13.7)")
            if self.scoring == "alternative":
                raise RulesError("teams cannot be combined with alternative scoring (§7.12.5)")
            if isinstance(self.teams, str) and self.teams != "partners":
                raise RulesError("teams must be None, 'partners' or a list of seat lists")

    def __getstate__(self) -> dict[str, Any]:
        # Drop the compiled tables and deck cached on the instance: they hold closures (which
        # do not pickle) and are rebuilt on first use.
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    # -- per-game checks ---------------------------------------------------------------

    def deck_cards(self) -> tuple[Card, ...]:
        """The full deck these rules play with (§1), built once and kept."""
        return kept_on(self, "_deck", _build_deck)

    def team_of_seats(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        """The teams as seat tuples, checked against the number of players (§7.12.1)."""
        if self.teams is None:
            return None
        if self.teams == "partners":
            if players != 4:
                raise RulesError("teams = 'partners' needs exactly 4 players (§7.12.1)")
            return ((0, 2), (1, 3))
        teams = self.teams
        assert not isinstance(teams, str)
        seats = sorted(s for team in teams for s in team)
        if len(teams) < 2 or not all(teams) or seats != list(range(players)):
            raise RulesError("explicit teams need at least 2 teams and every seat in exactly one")
        return teams

    def check_players(self, players: int) -> None:
        """§1.5.1, §7.12.1 and §7.13.9 for a game of `players` players."""
        if not isinstance(players, int) or not 2 <= players <= 10:
            raise RulesError(f"a game has 2 to 10 players, not {players!r} (§1.5.1)")
        self.team_of_seats(players)
        deck_size = len(self.deck_cards())
        if players * self.hand_size + 1 > deck_size:
            raise RulesError(
                f"{players} hands of {self.hand_size} plus a first discard need "
                f"{players * self.hand_size + 1} cards; the deck has {deck_size} (§7.13.9)"
            )

    # -- serialisation and presets ------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; `Rules.from_dict(r.to_dict()) == r`."""
        # Every view sent to a web player carries its rules: the fields are read once per
        # Rules (they are frozen), and each caller gets a copy, its lists and objects new too.
        out = dict(kept_on(self, "_plain", _plain_fields))
        for name, value in out.items():
            if isinstance(value, dict):
                out[name] = dict(value)
            elif isinstance(value, list):
                out[name] = [list(v) if isinstance(v, list) else v for v in value]
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Rules:
        """Rules from plain data: `to_dict`'s output, or JSON from outside.

        Data from outside is held to the plain shapes the options take: text, whole numbers
        within ±2**63, true/false, and lists or objects at most two levels deep (`teams`); no
        float (no option takes one: no silent `5.9 → 5`), at most `MAX_EXTRA_CARDS` Wild
        Downpour cards. Anything else, like any invalid `Rules`, raises `RulesError`.
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules are an object of options, not {shown(data)}")
        unknown = [key for key in data if key not in _OPTION_NAMES]
        if unknown:
            raise RulesError(
                f"unknown rule options {shown(unknown, 80)}; known: {sorted(_OPTION_NAMES)}"
            )
        for name, value in data.items():
            problem = _plain_problem(value, depth=2)
            if problem is not None:
                raise RulesError(f"{name}: {problem}")
        try:
            rules = Rules(**data)
        except TypeError as error:  # a value of a shape no option takes, such as a list as a name
            raise RulesError(f"invalid rule options: {error}") from None
        if sum(count for _, count in rules.wild_downpour or ()) > MAX_EXTRA_CARDS:
            raise RulesError(f"wild_downpour adds at most {MAX_EXTRA_CARDS} cards")
        return rules

    def changed(self, **options: Any) -> Rules:
        """A copy with some options changed (validated like a new `Rules`)."""
        return Rules.from_dict({**self.to_dict(), **options})

    @staticmethod
    def presets() -> tuple[str, ...]:
        """The names `Rules.preset` accepts."""
        return tuple(PRESETS)

    @staticmethod
    def preset_summaries() -> dict[str, str]:
        """Each preset's name and one line saying what it plays.

        >>> Rules.preset_summaries()["party"]
        'stacking Draw Twos, Seven-O and Jump-In'
        """
        return dict(PRESET_SUMMARIES)

    @staticmethod
    def preset(name: str) -> Rules:
        try:
            return Rules(**PRESETS[name])
        except KeyError:
            raise RulesError(f"unknown preset {name!r}: choose from {', '.join(PRESETS)}") from None

    @property
    def is_default(self) -> bool:
        return self == Rules()


_OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(Rules)) | {"speed_uno"}
MAX_EXTRA_CARDS = 100  # `Rules.from_dict`: Wild Downpour cards data from outside may add
_PLAIN_INT = 1 << 63


def _plain_problem(value: Any, depth: int) -> str | None:
    """What keeps `value` from being a plain option value (see `Rules.from_dict`), or None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return None if len(value) <= 64 else "text longer than 64 characters"
    if isinstance(value, int):
        return None if -_PLAIN_INT <= value < _PLAIN_INT else f"{shown(value)} is too large"
    if isinstance(value, list | tuple | set | frozenset | Mapping):
        if depth == 0:
            return "lists or objects nested too deep"
        if len(value) > 64:
            return "more than 64 items"
        items = [*value.keys(), *value.values()] if isinstance(value, Mapping) else value
        for item in items:
            problem = _plain_problem(item, depth - 1)
            if problem is not None:
                return problem
        return None
    return f"{shown(value)} is not text, a whole number, true/false, a list or an object"


_dataclass_init = Rules.__init__


def _init_naming_unknown_options(self: Rules, *args: Any, **options: Any) -> None:
    """`Rules(stackng="same")` names the valid options instead of a bare TypeError."""
    unknown = set(options) - _OPTION_NAMES
    if unknown:
        raise RulesError(
            f"unknown rule options {sorted(unknown)}; the options are {sorted(_OPTION_NAMES)}"
        )
    if args:
        raise RulesError("Rules takes its options by name, e.g. Rules(stacking='same')")
    _dataclass_init(self, **options)


Rules.__init__ = _init_naming_unknown_options  # type: ignore[method-assign]


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_iterable(value: Any) -> bool:
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _normalise_downpour(value: Any) -> tuple[tuple[str, int], ...] | None:
    if value is None or value is False:
        return None
    if value is True:
        return _DEFAULT_DOWNPOUR  # §7.7.1: enabled without counts
    problem = RulesError("wild_downpour takes None, True or counts like {'draw1': 2, 'draw2': 2}")
    if isinstance(value, str) or not _is_iterable(value):
        raise problem
    items = value.items() if isinstance(value, Mapping) else value
    out = []
    for item in items:
        if not (isinstance(item, tuple | list) and len(item) == 2):
            raise problem
        name, count = item
        if name not in _WILD_DOWNPOUR_KINDS or not _is_whole(count) or count < 0:
            raise problem
        out.append((name, count))
    # §7.7.1: no counts at all, from any empty collection, is enabled without counts. to_dict
    # stores either as {}, so every empty one must read back as the same rules.
    return tuple(sorted(out)) or _DEFAULT_DOWNPOUR


def _normalise_teams(value: Any) -> str | tuple[tuple[int, ...], ...] | None:
    if value is None or isinstance(value, str):
        return value
    problem = RulesError(
        "teams must be None, 'partners' or a list of seat lists like [[0, 2], [1, 3]]"
    )
    if not _is_iterable(value):
        raise problem
    teams = []
    for team in value:
        if not _is_iterable(team) or isinstance(team, str):
            raise problem
        seats = tuple(team)
        if not all(_is_whole(seat) for seat in seats):
            raise problem
        teams.append(seats)
    return tuple(teams)


# The named presets (§7.0 option values). `party` is the three house rules the Ubisoft game
# made standard: stacking of the same draw card, Seven-O and Jump-In.
PRESETS: dict[str, dict[str, Any]] = {
    "official": {},
    "official-2018": {"deck": "2018"},
    "party": {"stacking": "same", "seven_o": True, "jump_in": True},
    "elimination": {"elimination": True},
    "partners": {"teams": "partners"},
    "h2o": {"wild_downpour": {"draw1": 2, "draw2": 2}},
    "table": {"mode": "table"},
    "pirate": {"pirate": True},
    "themes": {"theme_cards": list(THEME_CARDS)},
}

# One line per preset, for menus and help: what it changes from the official game.
PRESET_SUMMARIES: dict[str, str] = {
    "official": "the official rules, first to 500 points",
    "official-2018": "official rules with the 2018 deck (Shuffle Hands, Customizable wilds)",
    "party": "stacking Draw Twos, Seven-O and Jump-In",
    "elimination": "players reaching 500 points are out; the last one left wins",
    "partners": "two teams of partners sitting opposite (4 players)",
    "h2o": "adds Wild Downpour cards: everyone else draws 1 or 2",
    "table": "refereeing a real table: a wrong card or a suggestion costs 2 cards",
    "pirate": "Pirate Uno: open hands, cheat plays stand unless called; 7s may swap, 0s pass left",
    "themes": "all eight theme-pack cards: Draw Three, Howler, Invisibility, Joker, Mambo...",
}


_Built = TypeVar("_Built")


def kept_on(rules: Rules, key: str, build: Callable[[Rules], _Built]) -> _Built:
    """`build(rules)`, built once per `Rules` object and kept on it under `key` (a frozen
    dataclass, so the cache goes in through `object.__setattr__`; `__getstate__` drops it).
    The engine asks for its tables on every call: this makes that a dictionary look-up."""
    value: _Built | None = rules.__dict__.get(key)
    if value is None:
        value = build(rules)
        object.__setattr__(rules, key, value)
    return value


def _plain_fields(rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name == "wild_downpour" and value is not None:
            value = dict(value)
        elif f.name == "theme_cards":
            value = sorted(value)
        elif f.name == "teams" and isinstance(value, tuple):
            value = [list(team) for team in value]
        out[f.name] = value
    return out


def _build_deck(rules: Rules) -> tuple[Card, ...]:
    extras = {_WILD_DOWNPOUR_KINDS[name]: n for name, n in rules.wild_downpour or ()}
    return build_deck(rules.deck, extras, rules.theme_cards)
