"""The protocol's refusals (SERVER.md §3) in a player's words: the web table's own codes, beside
the engine's, which `lastcard.words.refusals` words. The server sends them with each `error`
(`words`); the page shows them as they come.

A code that speaks for itself better through the server's message (who is not ready yet, which
field was wrong) is said as that message, made a sentence.
"""

from __future__ import annotations

PROTOCOL_WORDS = {
    "NO_TABLE": "There is no table with that code.",
    "GAME_NOT_OVER": "The record can be downloaded once the game is over.",
    "SEAT_TAKEN": "That seat has just been taken. Pick another one.",
    "TABLE_FULL": "The table is full.",
    "TABLE_CLOSED": "This table is closed.",
    "GAME_NOT_RUNNING": "No game is running at this table.",
    "NOT_HOST": "Only the host can do that.",
    "NOT_SEATED": "Take a seat first.",
    "BAD_TOKEN": "This browser's key for the table was not accepted.",
    "RATE_LIMITED": "Too many messages at once: wait a moment.",
    "SHUTTING_DOWN": "The server is restarting: try again in a moment.",
    "STALE": "Too late: the table moved on before your move arrived.",
    "VERSION": "This page is out of date: reload it.",
    "TOO_BIG": "That message is too long.",
    "BAD_COMMITMENT": "The next deal's seal changed before you were ready: press ready again.",
}


def protocol_words(code: str, message: str) -> str:
    """The words for an `error` of `code` whose server message is `message`."""
    if code in PROTOCOL_WORDS:
        return PROTOCOL_WORDS[code]
    text = message.strip()
    if not text:
        return f"Refused ({code})."
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."
