"""`GameRecord`: a whole game as its setup and its actions (DESIGN.md §3).

A record is the save format, the bug-report format and the server's storage format: the rules,
the players, the seed and generator, any fixed dealer or stacked deck, and every `(seat, action
code)` in order, with a digest of the final state so that a replay can prove it reached the same
place.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, parse_action
from .engine import apply
from .errors import LastcardError
from .rules import Rules
from .setup import open_game
from .state import GameState
from .transition import Transition

FORMAT_VERSION = 1


class ReplayMismatchError(LastcardError):
    """A replay ended in a state whose digest differs from the recorded one."""

    code = "REPLAY_MISMATCH"


def state_digest(state: GameState) -> str:
    """SHA-256 of the state's canonical JSON: equal digests mean equal states."""
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
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
    def from_dict(data: dict[str, Any]) -> GameRecord:
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise LastcardError(f"unsupported record format version {version!r}")
        deck = data.get("deck")
        return GameRecord(
            players=int(data["players"]),
            rules=Rules.from_dict(data["rules"]),
            seed=int(data["seed"]),
            generator=str(data.get("generator", "fast")),
            dealer=data.get("dealer"),
            deck=tuple(deck) if deck is not None else None,
            actions=tuple((int(seat), str(code)) for seat, code in data["actions"]),
            digest=data.get("digest"),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @staticmethod
    def from_json(text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise LastcardError(f"not a game record (invalid JSON: {error})") from None
        if not isinstance(data, dict):
            raise LastcardError("not a game record (expected a JSON object)")
        return GameRecord.from_dict(data)


def replay_steps(record: GameRecord) -> Iterator[tuple[int, Action, Transition]]:
    """Each recorded action with the transition it caused, in order."""
    state = record.start()
    for seat, code in record.actions:
        action = parse_action(code)
        transition = apply(state, seat, action)
        yield seat, action, transition
        state = transition.state


def replay(record: GameRecord, *, verify: bool = True) -> GameState:
    """The state the record leads to; checks the final digest when the record has one."""
    state = record.start()
    for _, _, transition in replay_steps(record):
        state = transition.state
    if verify and record.digest is not None and state_digest(state) != record.digest:
        raise ReplayMismatchError("the replay did not reach the recorded final state")
    return state


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
