"""The server's limits (SERVER.md §8) as one value, and the token bucket that enforces rates."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    frame_bytes: int = 16 * 1024  # the transport's limit: a bigger frame closes with 1009
    rate: float = 10.0  # messages per second per seat token (spectators: connection), burst
    burst: int = 20
    violations_to_close: int = 5  # rate violations within `violation_window` seconds → 1008
    violation_window: float = 10.0
    catch_rate: float = 2.0  # `catch` actions per second per seat (§5)
    hello_within: float = 10.0
    outgoing_queue: int = 32
    stuck_reader: float = 20.0  # a client that takes no frame for this long is closed (4008)
    chat_burst: int = 5  # chat lines per `chat_window` seconds
    chat_window: float = 10.0
    creates_per_minute: int = 10  # per IP
    joins_per_minute: int = 30  # per IP
    connections_per_ip: int = 20
    unknown_codes_per_minute: int = 10  # per IP, HTTP and websocket together: no scanning
    max_tables: int = 5000  # live tables per process: more → 503


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up; `take(now)` spends one if it can."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp: float | None = None

    def take(self, now: float) -> bool:
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class WindowCounter:
    """How many things happened in the last `window` seconds (violations, chat lines, joins)."""

    def __init__(self, window: float) -> None:
        self.window = window
        self.times: deque[float] = deque()

    def add(self, now: float) -> int:
        self.times.append(now)
        return self.count(now)

    def count(self, now: float) -> int:
        while self.times and self.times[0] <= now - self.window:
            self.times.popleft()
        return len(self.times)
