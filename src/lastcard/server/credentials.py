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


def respelled(text: str) -> str | None:
    """The canonical form of a code spelled otherwise (`acd-efg` for `ACDEFG`); None when `text`
    is already canonical, or no code at all.

    A process on a shared database (SERVER.md §10) answers such a spelling with a redirect to
    the canonical one: nginx sends a table's requests to one process by a hash of the code as
    typed (deploy/nginx.conf), stock nginx cannot upper-case it, and the process a lower-case
    spelling reached would refuse a table it does not own (TABLE_ELSEWHERE) for ever. A `map`
    in nginx would need one per character position and every spelling `normalise_code` takes
    (dashes, spaces); clients canonicalising (the browser pages do) would still leave a link
    typed by hand or a script to chance. The redirect serves them all, nginx or not.

    >>> respelled("acd-efg"), respelled("ACDEFG"), respelled("no code")
    ('ACDEFG', None, None)
    """
    code = normalise_code(text)
    return None if code is None or code == text else code


def new_token() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(16)).rstrip(b"=").decode()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    if stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)
