"""A web table's persistence (`RoomStorage`): the rows it is stored as (the table and its
seats, each game), and the room rebuilt from them after a restart (SERVER.md §4, §7)."""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import ActionKind, Event, GameRecord, Rules, replay_steps

from .fairness import commitment
from .room_base import RoomBase
from .room_model import OVER, PLAYING, WAITING, Effects, build_game
from .seating import Seat
from .storage import ChatLine, GameRow, SeatRow, StoredTable


class RoomStorage(RoomBase):
    """The rows of a table, and its state restored from them."""

    def snapshot(self, now: float) -> StoredTable:
        """The table as storage keeps it (its game and actions are stored apart)."""
        return StoredTable(
            self.code,
            self.name,
            self.status,
            self.settings.to_dict(),
            self.host,
            self.settings.public,
            self._seat_rows(),
            now,
            now,
            next_server_seed=self._next_seed_hex(),
        )

    def _seat_rows(self) -> list[SeatRow]:
        return [
            SeatRow(k, p.kind, p.name, p.level, p.token_hash, p.client_seed)
            for k, p in enumerate(self.seats)
        ]

    def _save(self, effects: Effects, now: float) -> None:
        effects.store(
            "save_table",
            self.code,
            name=self.name,
            status=self.status,
            settings=self.settings.to_dict(),
            host=self.host,
            public=self.settings.public,
            seats=self._seat_rows(),
            now=now,
            next_server_seed=self._next_seed_hex(),
        )

    def _next_seed_hex(self) -> str | None:
        return self.next_server_seed.hex() if self.next_server_seed is not None else None

    def _game_row(self, now: float) -> GameRow:
        game = self._running()
        record = game.table.record()
        return GameRow(
            id=game.id,
            code=self.code,
            number=game.number,
            players=record.players,
            rules=record.rules.to_dict(),
            seed=record.seed,
            generator=record.generator,
            commitment=game.commitment,
            server_seed=game.server_seed.hex(),
            client_seeds=list(game.client_seeds),
            seats=list(game.seats),
            status="running",
            result=None,
            started=now,
            ended=None,
            names=[self.seats[k].name or f"Seat {k + 1}" for k in game.seats],
        )

    def _restore_from(self, stored: StoredTable, chat: Sequence[ChatLine], now: float) -> None:
        """This new room as `stored` left it after a restart: every seat disconnected, the game
        replayed from its seed and actions; `chat`, its recent lines (oldest first), told to
        whoever connects."""
        room = self
        for said in chat:  # pushed by the process before: below every `seq` of this one
            line = {"t": "chat", "seat": said.seat, "name": said.name, "text": said.text}
            room.recent_chat.append((0, line))
        room.status = stored.status
        room.host = stored.host
        # The new process's pushes must count on from the old one's, whose last `seq` is not
        # stored: one push per microsecond is more than a table ever sends, so the time in
        # microseconds lies above every `seq` sent before (and stays exact in JavaScript).
        room.seq = int(now * 1_000_000)
        for row in stored.seats:
            room.seats[row.seat] = Seat(
                row.kind,
                row.name,
                row.level,
                row.token_hash,
                row.client_seed,
                ready=row.kind == "bot" or row.client_seed is not None,
                disconnected_at=now if row.kind == "human" else None,
            )
        if stored.next_server_seed is not None:
            room.next_server_seed = bytes.fromhex(stored.next_server_seed)
            room.next_commitment = commitment(room.next_server_seed)
        elif room.status == WAITING:
            room._draw_next_seed()
            for place in room.seats:
                if place.human:
                    place.ready, place.client_seed = False, None
        game = stored.game
        if game is not None:
            room.games_played = game.number
            room.last_game_id = game.id
            if room.status in (PLAYING, OVER) and game.seed is not None:
                actions = [(game.seats.index(a.seat), a.code) for a in stored.actions]
                room.game = build_game(
                    room.seats,
                    game.id,
                    game.number,
                    tuple(game.seats),
                    Rules.from_dict(game.rules),
                    game.seed,
                    bytes.fromhex(game.server_seed),
                    game.commitment,
                    tuple(game.client_seeds),
                    game.started,
                    actions,
                )
                room.game.hand_log = _current_hand_events(room.game.table.record(), room.seq)
                told = [event for _, event in room.game.hand_log]
                room.game.story.tell(room.seq, told, room.game.table.state)
        room.suspended_since = now


def _current_hand_events(record: GameRecord, seq: int) -> list[tuple[int, Event]]:
    """The events of a replayed game's current hand, for clients that reconnect after a
    restart, as pushed at `seq` (after every push of the process before)."""
    events = list(record.open().events)
    for _, action, transition in replay_steps(record):
        if action.kind is ActionKind.NEXT:
            events = []
        events.extend(transition.events)
    return [(seq, event) for event in events]
