"""What a web table (`Room`) is made of: its timing, its settings, the game it runs, the
clients connected and the effects of each step (what to store, send and close)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lastcard.bots import make_bot
from lastcard.core import Event, Rules, RulesError
from lastcard.table import Table, bot_seed

from .protocol import ProtocolError
from .reader_words import Story
from .seating import LEVELS, Seat

# -- timing (SERVER.md §7; all configurable through `Timing`) ---------------------------------


@dataclass(frozen=True)
class Timing:
    bot_delay: float = 0.9  # a bot's visible pause before a decision
    catch_delay: float = 1.6  # a bot's pause before an out-of-turn move (a catch, a jump-in)
    hand_pause: float = 15.0  # between hands, before the room deals on by itself
    away_after_disconnect: float = 30.0
    timeouts_before_away: int = 2
    suspend_after: float = 300.0  # no person connected
    close_suspended_after: float = 24 * 3600.0
    idle_close_after: float = 2 * 3600.0  # no action at all
    remembered_ids: int = 64  # request ids remembered per seat (§4 step 7)
    kick_unready_after: float = 300.0  # after the host's first `start` attempt (§8)


RECENT_CHAT = 50  # chat lines a (re)connecting client is told (§3)

INSTANT = Timing(bot_delay=0.0, catch_delay=0.0, hand_pause=0.0)

# Status of a table: its waiting room, a game in play, a game over (rematch possible), closed.
WAITING, PLAYING, OVER, CLOSED = "waiting", "playing", "over", "closed"


@dataclass
class Effects:
    """What one call of the room asks its owner to do, in this order: persist, send, close."""

    persist: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = field(default_factory=list)
    sends: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    closes: list[tuple[int, int, str]] = field(default_factory=list)  # client, code, reason

    def send(self, client: int, message: dict[str, Any]) -> None:
        self.sends.append((client, message))

    def store(self, method: str, *args: Any, **kwargs: Any) -> None:
        """Ask for `storage.method(*args, **kwargs)`, before anything of this call is sent."""
        self.persist.append((method, args, kwargs))


@dataclass
class Client:
    seat: int | None
    since: int | None = None


@dataclass
class Settings:
    rules: str | dict[str, Any] = "official"
    target: int | None = None
    turn_seconds: int = 0
    spectators: bool = True
    public: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "target": self.target,
            "turn_seconds": self.turn_seconds,
            "spectators": self.spectators,
            "public": self.public,
        }

    def build_rules(self) -> Rules:
        """The engine's rules for these settings; `ProtocolError(BAD_FIELD)` if they are wrong."""
        try:
            if isinstance(self.rules, str):
                rules = Rules.preset(self.rules)
            else:
                rules = Rules.from_dict(self.rules)
            if self.target is not None:
                rules = rules.changed(target_score=self.target)
        except (RulesError, TypeError, ValueError) as error:
            raise ProtocolError("BAD_FIELD", f"rules: {error}") from None
        return rules

    def build_rules_for(self, seats: int) -> Rules:
        """`build_rules`, refusing rules no game at a table of `seats` seats could be played
        under (a `partners` table of 2 seats): a table is refused when it is made or changed,
        not at its start, when nothing but starting again could mend it."""
        rules = self.build_rules()
        problem: RulesError | None = None
        for players in range(2, seats + 1):
            try:
                rules.check_players(players)
                return rules
            except RulesError as error:
                problem = error
        seated = f"{seats} seats" if seats != 1 else "1 seat"
        raise ProtocolError("BAD_FIELD", f"rules: {problem}; this table has {seated}")


@dataclass
class Game:
    """The game being played at the table and its fairness secrets (§6)."""

    id: str
    number: int
    seats: tuple[int, ...]  # the table seats that play, in the engine's seat order
    table: Table
    server_seed: bytes
    commitment: str
    client_seeds: tuple[str, ...]
    started: float
    story: Story  # what each reader has been told of this hand (`reader_words`)
    hand_log: list[tuple[int, Event]] = field(default_factory=list)  # (seq, event) this hand
    # This hand's events as each engine seat (None: a spectator) saw them, redacted once each
    # rather than the whole hand again for every state sent; kept with the log they are of.
    _seen: dict[int | None, tuple[list[tuple[int, Event]], list[Event]]] = field(
        default_factory=dict
    )

    def engine_seat(self, seat: int | None) -> int | None:
        return None if seat is None or seat not in self.seats else self.seats.index(seat)

    def seen_by(self, engine_seat: int | None) -> list[Event]:
        """This hand's events, redacted for `engine_seat`."""
        log, seen = self._seen.get(engine_seat, (None, []))
        if log is not self.hand_log:  # a new hand (or a restored one): start again
            seen = []
            self._seen[engine_seat] = (self.hand_log, seen)
        seen.extend(event.redact(engine_seat) for _, event in self.hand_log[len(seen) :])
        return seen


@dataclass
class Plan:
    """Something the room will do at `due` unless the game moved on from `ply` first."""

    due: float
    ply: int
    kind: str  # "bot", "autopilot", "timer", "next_hand"
    seat: int | None = None  # engine seat
    code: str | None = None


def build_game(
    places: Sequence[Seat],
    game_id: str,
    number: int,
    seats: tuple[int, ...],
    rules: Rules,
    seed: int,
    server_seed: bytes,
    promise: str,
    client_seeds: tuple[str, ...],
    started: float,
    actions: Sequence[tuple[int, str]],
) -> Game:
    """A game of the seats `seats` of the table whose places are `places`, dealt from `seed`
    by the secure generator, its bots made from their levels, `actions` replayed (a restore)."""
    players = [
        make_bot(LEVELS[places[k].level or "easy"], seed=bot_seed(seed, i))
        if places[k].kind == "bot"
        else None
        for i, k in enumerate(seats)
    ]
    table = Table(players, rules, seed=seed, generator="secure", actions=actions)
    story = Story(len(seats), rules, [places[k].name for k in seats])
    return Game(game_id, number, seats, table, server_seed, promise, client_seeds, started, story)
