"""What happened during an action, as a list of events redacted per recipient.

An event has a `type`, public `data` and optionally `secret` data that only the seats in
`secret_to` may see (the cards a player drew, a hand revealed by a challenge). `to_dict()` gives
the full event, for storage and logs; `redact(seat)` gives what that seat (or a spectator, with
`None`) is allowed to know, where hidden cards have become a count.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    # A named tuple rather than a frozen dataclass: several are built per action, and tuple
    # construction is several times cheaper.
    type: str
    data: Mapping[str, Any] = _NO_DATA
    secret: Mapping[str, Any] = _NO_DATA
    secret_to: frozenset[int] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden parts included: `{"type": ..., **data, **secret}`."""
        return {"type": self.type, **self.data, **self.secret}

    def redact(self, seat: int | None) -> Event:
        """The event as `seat` may see it (`None`: a spectator)."""
        if not self.secret or (seat is not None and seat in self.secret_to):
            return self
        return Event(self.type, self.data)

    def __str__(self) -> str:
        details = ", ".join(f"{k}={v}" for k, v in {**self.data, **self.secret}.items())
        return f"{self.type}({details})"


def codes(cards: Any) -> list[str]:
    """Card codes of a sequence of cards, for event payloads."""
    return [card.code for card in cards]
