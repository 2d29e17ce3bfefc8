"""Who sits where at a web table: the bot levels players choose from, and a seat's record.

Levels are named for players, not for the bots behind them; each maps to a registered bot
(`lastcard.bots`) whose moves take microseconds, so a server runs a thousand tables of them.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS: dict[str, str] = {
    "easy": "eager",
    "medium": "greedy",
    "hard": "heuristic",
    "expert": "expert",  # a network trained heads-up; `heuristic` at larger tables
}


@dataclass
class Seat:
    """One seat of a web table. `kind` is "human", "bot" or "empty"."""

    kind: str = "empty"
    name: str | None = None
    level: str | None = None  # bots: a key of LEVELS
    token_hash: str | None = None  # humans: SHA-256 of the seat's token
    client_seed: str | None = None  # humans: the seed sent with `ready` (§6)
    ready: bool = False
    connected: bool = False
    away: bool = False  # two timeouts in a row, or disconnected for a while (§7)
    autopilot: bool = False  # asked for by the player
    timeouts: int = 0  # turn timers that ran out in a row
    disconnected_at: float | None = None

    @property
    def empty(self) -> bool:
        return self.kind == "empty"

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def public(self, seat: int) -> dict[str, object]:
        """The seat as every client sees it in a `table` push."""
        return {
            "seat": seat,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "connected": self.connected if self.human else self.kind == "bot",
            "ready": self.ready if self.human else self.kind == "bot",
            "away": self.away,
            "autopilot": self.autopilot,
        }
