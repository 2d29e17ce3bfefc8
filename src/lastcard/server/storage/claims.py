"""The tables one connection owns (SERVER.md §10), and what a lost connection took with it.

An owner's claim is a session-level advisory lock: it lives exactly as long as the connection
that took it. When PostgreSQL drops that connection (the server restarted, an administrator
ended the session, the network failed), every claim is gone at once and another process may
take the tables, though this one still has them in memory. `Claims` keeps the count of each
table's claims on the current connection and, once that connection is lost, moves them to
`stale`: such a table is no longer this process's to write (`owns` is False) and the server is
told to give it up (`lost`); the release the server then sends unlocks nothing, since the lock
went with the connection, and a release of a table claimed again since is matched to its old
claim first (the newer one stays held). PostgreSQL counts a lock taken twice as two, as this
does.
"""

from __future__ import annotations

from collections import Counter


class Claims:
    def __init__(self) -> None:
        self._held: Counter[str] = Counter()  # on the current connection
        self._stale: Counter[str] = Counter()  # lost with an earlier one, not yet released

    def taken(self, code: str) -> None:
        self._held[code] += 1

    def release(self, code: str) -> bool:
        """Count a release of `code`; whether the database still holds a lock to let go of."""
        if self._stale[code]:
            self._stale[code] -= 1
            if not self._stale[code]:
                del self._stale[code]
            return False
        if self._held[code]:
            self._held[code] -= 1
            if not self._held[code]:
                del self._held[code]
        return True  # an unlock of a lock not held is harmless: PostgreSQL only warns

    def connection_lost(self) -> None:
        self._stale.update(self._held)
        self._held.clear()

    def owns(self, code: str) -> bool:
        """False for a table whose claim was lost and not taken again: another process may
        own it now, so this one must not write to it."""
        return not self._stale[code] or bool(self._held[code])

    def lost(self) -> list[str]:
        """The tables whose claims were lost with a connection and not taken again."""
        return sorted(code for code in self._stale if not self._held[code])
