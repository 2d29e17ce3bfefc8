"""Rates kept per seat token (SERVER.md §8), so that reconnecting does not reset them.

A connection counts its messages in a `Rates` of its own until its `hello` names a token; from
then on it shares the `Rates` that `RateBook` keeps for that token, as every later connection
with the same token will. The book holds no token, only its hash, and forgets a token's rates
once they have been unused for longer than any of their windows remembers.
"""

from __future__ import annotations

from .credentials import token_hash
from .limits import Limits, TokenBucket, WindowCounter

FORGET_AFTER = 60.0  # seconds unused: longer than every window and refill of `Limits`
MAX_REMEMBERED = 10_000  # tokens before unused ones are looked for and dropped


class Rates:
    """Everything counted against one sender: messages, rate violations, catches, chat."""

    def __init__(self, limits: Limits) -> None:
        self.messages = TokenBucket(limits.rate, limits.burst)
        self.violations = WindowCounter(limits.violation_window)
        self.catches = TokenBucket(limits.catch_rate, limits.catch_rate)
        self.chat = WindowCounter(limits.chat_window)
        self.used = 0.0  # time.monotonic() of the last message counted


class RateBook:
    """The `Rates` of each seat token seen, by the token's hash."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._rates: dict[str, Rates] = {}

    def __len__(self) -> int:
        return len(self._rates)

    def of_token(self, token: str, now: float) -> Rates:
        key = token_hash(token)
        rates = self._rates.get(key)
        if rates is None:
            if len(self._rates) >= MAX_REMEMBERED:
                self._forget_unused(now)
            rates = self._rates[key] = Rates(self.limits)
        rates.used = now
        return rates

    def _forget_unused(self, now: float) -> None:
        for key in [k for k, rates in self._rates.items() if now - rates.used > FORGET_AFTER]:
            del self._rates[key]
