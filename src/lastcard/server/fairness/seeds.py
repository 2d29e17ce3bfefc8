"""The commitment and the game's seed of fair dealing (the scheme is in the package's docstring):
what the server draws, publishes before the deal, and derives from the players' seeds."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

from lastcard.core import LastcardError
from lastcard.core.decoding import corrupt
from lastcard.core.errors import shown

ALGO = "lastcard/fair/v1 sha256-commit hmac-sha256-seed blake2b-secure-stream"
"""The scheme and its version; a bundle naming another is not checked as this one."""

COMMIT_PREFIX = b"lastcard/commit/v1"
SEED_PREFIX = "lastcard/seed/v1"
SERVER_SEED_BYTES = 32

_PART = re.compile(r"[0-9A-Za-z_-]{1,64}")


class FairnessError(LastcardError):
    """A bundle asked of values that cannot make one (a record not dealt from this seed)."""

    code = "NOT_FAIR"


# -- the seeds ---------------------------------------------------------------------------------


def new_server_seed() -> bytes:
    """32 bytes from the operating system: the server's secret until the game ends."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def commitment(server_seed: bytes) -> str:
    """What the server publishes before the deal: it binds the server to `server_seed`."""
    return hashlib.sha256(COMMIT_PREFIX + _server_seed(server_seed)).hexdigest()


def game_seed(server_seed: bytes, code: str, game_id: str, client_seeds: Sequence[str]) -> int:
    """The secure generator's seed for this game (the encoding is in the module docstring).

    A part that is not 1 to 64 characters of `[0-9A-Za-z_-]` raises `CorruptDataError`: a `|`
    in one would let two different lists of parts give the same text."""
    if isinstance(client_seeds, str):
        raise corrupt("client_seeds", "expected a list of client seeds, not one text")
    parts = [
        checked_part(code, "code"),
        checked_part(game_id, "game"),
        *(checked_part(seed, f"client_seeds[{i}]") for i, seed in enumerate(client_seeds)),
    ]
    text = "|".join([SEED_PREFIX, *parts]) + ("" if client_seeds else "|")
    digest = hmac.new(_server_seed(server_seed), text.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest, "little")


def checked_part(value: object, field: str) -> str:
    if type(value) is not str or not _PART.fullmatch(value):
        raise corrupt(field, f"{shown(value)} is not 1 to 64 characters of [0-9A-Za-z_-]")
    return value


def _server_seed(value: object) -> bytes:
    if not isinstance(value, bytes) or len(value) != SERVER_SEED_BYTES:
        raise corrupt("server_seed", f"expected {SERVER_SEED_BYTES} bytes, not {shown(value)}")
    return value
