"""The state every part of a web table shares (`RoomBase`), and what its clients are sent of it:
the table, the welcome, each reader's `state` with its story and prompt, the pushes.

`Room` (room.py) is built up from here: `RoomStorage` (room_storage.py) the rows it is stored
as, `RunningGame` (room_game.py) the game, its timers and autopilot, `WaitingRoom`
(room_waiting.py) the seats before a game; `Room` itself, the connections and the dispatch of
each message.
"""

from __future__ import annotations

import secrets
from bisect import bisect_right
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

from lastcard.core import Event, IllegalActionError, LastcardError, Phase, parse_action

from .fairness import commitment, new_server_seed
from .protocol import VERSION, ClientMessage, ProtocolError
from .protocol_words import protocol_words
from .reader_words import alert_words, cheat_codes, prompt_words, refusal_words
from .room_model import RECENT_CHAT, WAITING, Client, Effects, Game, Plan, Settings, Timing
from .seating import Seat


class RoomBase:
    """One table's state, and the messages that show it. See room.py's docstring."""

    def __init__(
        self,
        code: str,
        name: str,
        seats: int,
        settings: Settings,
        now: float,
        *,
        timing: Timing = Timing(),
        new_game_id: Callable[[], str] = lambda: secrets.token_urlsafe(9),
    ) -> None:
        self.code = code
        self.name = name
        self.settings = settings
        self.timing = timing
        self.seats = [Seat() for _ in range(seats)]
        self.host: int | None = 0
        self.status = WAITING
        self.clients: dict[int, Client] = {}
        self.seq = 0
        self.game: Game | None = None
        self.games_played = 0
        self.last_game_id: str | None = None
        self.last_activity = now
        self.suspended_since: float | None = None
        self.closed_reason: str | None = None
        self._new_game_id = new_game_id
        self._answers: dict[int | None, OrderedDict[str, list[dict[str, Any]]]] = {}
        self._plan: Plan | None = None
        self._turn_deadline: float | None = None  # the turn timer of the seat to act
        self._deadline_ply: int | None = None
        self._suspended = False
        self._first_start_attempt: float | None = None  # in this waiting room (for `kick`)
        # §6: the next game's server seed, secret, and its commitment, public before any
        # client seed is given; None while a game runs (drawn again at `rematch`).
        self.next_server_seed: bytes | None = None
        self.next_commitment: str | None = None
        # §3: the recent chat, resent on (re)connecting: (seq of the push, the line).
        self.recent_chat: deque[tuple[int, dict[str, Any]]] = deque(maxlen=RECENT_CHAT)

    def _draw_next_seed(self) -> None:
        """§6 step 1: the next game's server seed, committed to before any client seed."""
        self.next_server_seed = new_server_seed()
        self.next_commitment = commitment(self.next_server_seed)

    # == what clients see ======================================================================

    def table_message(self) -> dict[str, Any]:
        return {
            "t": "table",
            "code": self.code,
            "name": self.name,
            "status": self.status,
            "host": self.host,
            "seats": [place.public(k) for k, place in enumerate(self.seats)],
            "settings": self.settings.to_dict(),
            "game": self.game.id if self.game is not None else self.last_game_id,
            "games": self.games_played,
            "next_commitment": self.next_commitment,
        }

    def _welcome(self, client: int, now: float) -> dict[str, Any]:
        seat = self.clients[client].seat
        return {
            "t": "welcome",
            "v": VERSION,
            "server_time": round(now * 1000),
            "you": {"seat": seat, "host": seat is not None and seat == self.host},
            "table": self.table_message(),
            "seq": self.seq,
        }

    def _state_for(self, client: int, since: int | None) -> dict[str, Any]:
        """The `state` for `client`, with the events (and their story) pushed after `since`
        (None: the whole hand)."""
        game = self._running()
        seat = self.clients[client].seat
        engine_seat = game.engine_seat(seat)
        table = game.table
        state = table.state
        actions = table.actions(engine_seat) if engine_seat is not None else ()
        legal = [a.code for a in actions]
        view = table.view(engine_seat)
        names = [self.seats[k].name for k in game.seats]
        seen = game.seen_by(engine_seat)
        pushed = [event.redact(engine_seat) for event in self._events_since(since)]
        to_act = state.to_act if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) else None
        deadline = self._turn_deadline if self._turn_deadline is not None else None
        return {
            "t": "state",
            "seq": self.seq,
            "game": game.id,
            "ply": table.ply,
            "seat": engine_seat,
            "seats": list(game.seats),
            "names": names,
            "view": view.to_dict(),
            "legal": legal,
            "to_act": to_act,
            "deadline": round(deadline * 1000) if deadline is not None else None,
            "events": [event.to_dict() for event in pushed],
            "story": game.story.since(engine_seat, since),
            "prompt": prompt_words(view, actions, names, seen),
            "cheats": cheat_codes(view, actions),
            "alerts": alert_words(pushed, engine_seat, names, game.table.rules),
        }

    def _refusal_words(
        self, error: IllegalActionError, message: ClientMessage, seat: int | None
    ) -> str:
        """An engine's refusal in the reader's words, for their position (`lastcard.words`)."""
        game = self.game
        engine_seat = game.engine_seat(seat) if game is not None else None
        if game is not None and message.type == "action":
            try:
                action = parse_action(message.get("code"))
            except LastcardError:
                action = None
            if action is not None:
                names = [self.seats[k].name for k in game.seats]
                view = game.table.view(engine_seat)
                return refusal_words(error, action, view, names)
        return protocol_words(error.code, error.message)

    def _events_since(self, since: int | None) -> list[Event]:
        log = self._running().hand_log
        # The log is in push order: the first event after `since` is found by bisection, not
        # by reading the whole hand again for every state sent (a hand runs to hundreds).
        start = 0 if since is None else bisect_right(log, since, key=_push_number)
        return [event for _, event in log[start:]]

    def _log_and_broadcast(self, effects: Effects, events: list[Event]) -> None:
        game = self._running()
        self.seq += 1
        for event in events:
            game.hand_log.append((self.seq, event))
        game.story.tell(self.seq, events, game.table.state)
        for client in self.clients:
            effects.send(client, self._state_for(client, self.seq - 1))

    def _push(self, effects: Effects, message: dict[str, Any]) -> None:
        self.seq += 1
        message["seq"] = self.seq
        for client in self.clients:
            effects.send(client, message)

    def _broadcast_table(self, effects: Effects) -> None:
        self._push(effects, self.table_message())

    def _push_presence(self, effects: Effects, seat: int) -> None:
        place = self.seats[seat]
        self._push(
            effects,
            {
                "t": "presence",
                "seat": seat,
                "connected": place.connected,
                "away": place.away,
                "autopilot": place.autopilot,
            },
        )

    # == small helpers =========================================================================

    def _running(self) -> Game:
        if self.game is None:
            raise ProtocolError("GAME_NOT_RUNNING", "no game is being played")
        return self.game

    def _ply(self) -> int | None:
        return self.game.table.ply if self.game is not None else None

    def _people_connected(self) -> bool:
        return any(place.human and place.connected for place in self.seats)


def _push_number(logged: tuple[int, Event]) -> int:
    return logged[0]
