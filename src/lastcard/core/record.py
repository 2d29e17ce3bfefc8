"""`GameRecord`: a whole game as its setup and its actions (DESIGN.md §3).

A record is the save format, the bug-report format and the server's storage format: the rules,
the players, the seed and generator, any fixed dealer or stacked deck, and every `(seat, action
code)` in order, with a digest of the final state so that a replay can prove it reached the same
place.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import MAX_ACTION_TEXT, Action, parse_action
from .decoding import (
    corrupt,
    load_json,
    read_cards,
    read_list,
    read_mapping,
    read_optional_seat,
    read_seat,
    read_text,
    read_whole,
)
from .engine import apply
from .errors import ActionSyntaxError, CorruptDataError, LastcardError, RulesError, shown
from .rng import GENERATORS, seed_problem
from .rules import Rules
from .setup import open_game
from .state import MAX_PLAYERS, GameState, read_rules
from .transition import Transition

FORMAT_VERSION = 1
_DEFAULT_TURN_LIMIT = Rules().turn_limit


class ReplayMismatchError(LastcardError):
    """A replay ended in a state whose digest differs from the recorded one."""

    code = "REPLAY_MISMATCH"


def state_digest(state: GameState) -> str:
    """SHA-256 of the state's canonical JSON: equal digests mean equal states, but for the turn
    count of the hand (§3.11.4).

    So that records saved before the turn limit existed still verify, the digest leaves out the
    hand's turn count (which the recorded actions determine) and a default `turn_limit`.
    """
    data = state.to_dict()
    del data["hand_turns"]
    if data["rules"]["turn_limit"] == _DEFAULT_TURN_LIMIT:
        del data["rules"]["turn_limit"]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    players: int
    rules: Rules = field(default_factory=Rules)
    seed: int = 0
    generator: str = "fast"
    dealer: int | None = None
    deck: tuple[str, ...] | None = None
    actions: tuple[tuple[int, str], ...] = ()
    digest: str | None = None
    version: int = FORMAT_VERSION

    def start(self) -> GameState:
        """The game's initial state."""
        return self.open().state

    def open(self) -> Transition:
        """The game's initial state with the events of its opening deal."""
        return open_game(
            self.players,
            self.rules,
            seed=self.seed,
            dealer=self.dealer,
            deck=self.deck,
            generator=self.generator,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "generator": self.generator,
            "dealer": self.dealer,
            "deck": list(self.deck) if self.deck is not None else None,
            "actions": [[seat, code] for seat, code in self.actions],
            "digest": self.digest,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> GameRecord:
        """The record `to_dict` wrote. Anything else — a missing key, a value of the wrong type
        or out of range, an action that is not an action code — raises `CorruptDataError`
        naming the field (`record.seed: ...`). Keys it does not know are ignored: a record may
        travel with the context it was made in (a tournament's game number and bots)."""
        if isinstance(data, Mapping) and "version" in data:
            version = data["version"]
            if type(version) is not int or version != FORMAT_VERSION:
                raise corrupt(
                    "record.version", f"unsupported record format version {shown(version)}"
                )
        data = read_mapping(data, "record", _REQUIRED_KEYS, None)
        deck = data.get("deck")
        actions = read_list(data["actions"], "record.actions")
        record = GameRecord(
            players=data["players"],
            rules=read_rules(data["rules"], "record.rules"),
            seed=data["seed"],
            generator=data.get("generator", "fast"),
            dealer=data.get("dealer"),
            deck=tuple(read_list(deck, "record.deck")) if deck is not None else None,
            actions=tuple(
                tuple(read_list(action, f"record.actions[{i}]", length=2))
                for i, action in enumerate(actions)
            ),
            digest=data.get("digest"),
        )
        record.check()
        return record

    def check(self) -> None:
        """Raise `CorruptDataError` naming the field if no game could have this record: seats
        outside the game, a seed the generator does not take, a stacked deck the rules' deck
        cannot provide, an action that is not an action code. (Whether the actions are legal
        is for the replay to say.)"""
        if type(self.version) is not int or self.version != FORMAT_VERSION:
            raise corrupt("record.version", f"unsupported format version {shown(self.version)}")
        if not isinstance(self.rules, Rules):
            raise corrupt("record.rules", f"{shown(self.rules)} is not a Rules")
        players = read_whole(self.players, "record.players", 2, MAX_PLAYERS)
        try:
            self.rules.check_players(players)
        except RulesError as error:
            raise corrupt("record.players", str(error)) from None
        generator = self.generator
        if type(generator) is not str or generator not in GENERATORS:
            raise corrupt("record.generator", f"{shown(generator)} is not one of {GENERATORS}")
        problem = seed_problem(self.seed, generator)
        if problem is not None:
            raise corrupt("record.seed", problem)
        read_optional_seat(self.dealer, "record.dealer", players)
        if self.deck is not None:
            full_deck = self.rules.deck_cards()
            cards = read_cards(self.deck, "record.deck", len(full_deck))
            too_many = Counter(cards) - Counter(full_deck)
            if too_many:
                card = next(iter(too_many))
                raise corrupt("record.deck", f"lists {card.code} more often than the deck holds")
        for i, action in enumerate(read_list(self.actions, "record.actions")):
            seat, code = read_list(action, f"record.actions[{i}]", length=2)
            read_seat(seat, f"record.actions[{i}][0]", players)
            try:
                parse_action(read_text(code, f"record.actions[{i}][1]", MAX_ACTION_TEXT))
            except ActionSyntaxError as error:
                raise corrupt(f"record.actions[{i}][1]", str(error)) from None
        digest = self.digest
        if digest is not None and not (
            type(digest) is str and len(digest) == 64 and all(c in _HEX for c in digest)
        ):
            raise corrupt("record.digest", f"{shown(digest)} is not a SHA-256 hex digest")

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @staticmethod
    def from_json(text: str | bytes) -> GameRecord:
        """`from_dict` of the JSON text; `CorruptDataError` for text that is not a record's JSON
        (not JSON, nested too deep, NaN or Infinity, numbers too long to read)."""
        if not isinstance(text, str | bytes | bytearray):
            raise CorruptDataError(f"not a game record: {shown(text)} is not JSON text")
        data = load_json(text)
        if not isinstance(data, dict):
            raise CorruptDataError("not a game record (expected a JSON object)")
        return GameRecord.from_dict(data)


_REQUIRED_KEYS = ("version", "players", "rules", "seed", "actions")
_HEX = frozenset("0123456789abcdef")


def replay_steps(record: GameRecord) -> Iterator[tuple[int, Action, Transition]]:
    """Each recorded action with the transition it caused, in order.

    A record no game could have (see `GameRecord.check`) raises `CorruptDataError` first."""
    state = _checked(record).start()
    for seat, code in record.actions:
        action = parse_action(code)
        transition = apply(state, seat, action)
        yield seat, action, transition
        state = transition.state


def replay(record: GameRecord, *, verify: bool = True) -> GameState:
    """The state the record leads to; checks the final digest when the record has one.

    Raises `CorruptDataError` for a record no game could have (see `GameRecord.check`), an
    `IllegalActionError` for an action the game did not allow, `ReplayMismatchError` for a
    final state that is not the recorded one."""
    state: GameState | None = None
    for _, _, transition in replay_steps(record):
        state = transition.state
    if state is None:  # no action yet: the deal itself (dealt here only then, not twice)
        state = record.start()
    if verify and record.digest is not None and state_digest(state) != record.digest:
        raise ReplayMismatchError("the replay did not reach the recorded final state")
    return state


def _checked(record: GameRecord) -> GameRecord:
    if not isinstance(record, GameRecord):
        raise CorruptDataError(f"not a GameRecord: {shown(record)}")
    record.check()
    return record


class Recorder:
    """Plays a game through `apply` while keeping its record.

    >>> rec = Recorder(players=2, seed=1)
    >>> rec.state.hand_number
    1
    """

    def __init__(
        self,
        players: int,
        rules: Rules | None = None,
        *,
        seed: int,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
        generator: str = "fast",
    ) -> None:
        self._setup = GameRecord(
            players,
            rules if rules is not None else Rules(),
            seed,
            generator,
            dealer,
            tuple(deck) if deck is not None else None,
        )
        opening = self._setup.open()
        self.state = opening.state
        self.opening_events = opening.events  # the dealer draw, the deal, the first discard
        self._actions: list[tuple[int, str]] = []

    def apply(self, seat: int, action: Action | str) -> Transition:
        if isinstance(action, str):
            action = parse_action(action)
        transition = apply(self.state, seat, action)
        self._actions.append((seat, action.code))
        self.state = transition.state
        return transition

    def record(self) -> GameRecord:
        return GameRecord(
            self._setup.players,
            self._setup.rules,
            self._setup.seed,
            self._setup.generator,
            self._setup.dealer,
            self._setup.deck,
            tuple(self._actions),
            state_digest(self.state),
        )
