"""Table codes and seat tokens (SERVER.md §2): no accounts, a secret per seat.

A token is 16 random bytes in base64url; the server keeps only its SHA-256 and compares digests
with `hmac.compare_digest`, so a stolen database does not seat anyone and a timing attack learns
nothing. Table codes are 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z,
5/S, 8/B), typed by people reading them off a phone.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str | None:
    """A code as people type it (lower case, spaces, dashes) in its canonical form, or None."""
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _CODE.fullmatch(code) else None


def new_token() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(16)).rstrip(b"=").decode()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    if stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)
