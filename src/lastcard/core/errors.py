"""Typed errors with the stable codes of RULES.md §5.2.2.

Every error is a `ValueError`, carries a machine-readable `code`, and its message names the rule
that was broken. Raising one never changes anything: `apply` builds the new state aside and only
returns it when the action was legal.
"""

from __future__ import annotations


class LastcardError(ValueError):
    """Base class of every error the engine raises on purpose."""

    code = "ERROR"


class RulesError(LastcardError):
    """An invalid `Rules` combination or game configuration (RULES.md §7.13, E69)."""

    code = "INVALID_CONFIGURATION"


class IllegalActionError(LastcardError):
    """An action that is not legal in the current state (RULES.md §5.2)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class NotYourTurnError(IllegalActionError):
    pass


class HandOverError(IllegalActionError):
    pass


class CardNotInHandError(IllegalActionError):
    pass


class CardDoesNotMatchError(IllegalActionError):
    pass


class ColorError(IllegalActionError):
    """`MISSING_COLOUR` or `UNEXPECTED_COLOUR`."""


class InvalidTargetError(IllegalActionError):
    pass


class ResponseRequiredError(IllegalActionError):
    pass


class UnoCallError(IllegalActionError):
    """`NOTHING_TO_CALL`, `CATCH_INVALID` or `CATCH_TOO_LATE`."""


class ActionSyntaxError(LastcardError):
    """Text that is not an action code at all (see `parse_action`), or a hand-built `Action`
    whose parts do not fit its kind."""

    code = "INVALID_ACTION_TEXT"


class CardCodeError(LastcardError):
    """Text that is not a card code (see `Card.from_code`)."""

    code = "INVALID_CARD_CODE"


class CorruptDataError(LastcardError):
    """Stored data (a state, a record) that no game could have produced: a missing key, a value
    of the wrong type or out of range, cards that are not the deck. The message names the field,
    e.g. `state.turn: 99 is not a seat of a 4-player game`."""

    code = "CORRUPT_DATA"


# Each code of §5.2.2 and the type raised for it.
ERROR_TYPES: dict[str, type[IllegalActionError]] = {
    "NOT_YOUR_TURN": NotYourTurnError,
    "HAND_IS_OVER": HandOverError,
    "CARD_NOT_IN_HAND": CardNotInHandError,
    "CARD_DOES_NOT_MATCH": CardDoesNotMatchError,
    "MISSING_COLOUR": ColorError,
    "UNEXPECTED_COLOUR": ColorError,
    "INVALID_TARGET": InvalidTargetError,
    "ONLY_DRAWN_CARD_MAY_BE_PLAYED": CardDoesNotMatchError,
    "DRAW_NOT_ALLOWED": IllegalActionError,
    "RESPONSE_REQUIRED": ResponseRequiredError,
    "NOT_THE_CHALLENGER": NotYourTurnError,
    "NOTHING_TO_CALL": UnoCallError,
    "CATCH_INVALID": UnoCallError,
    "CATCH_TOO_LATE": UnoCallError,
    "JUMP_IN_NOT_ALLOWED": NotYourTurnError,
    "OPTION_DISABLED": IllegalActionError,
    "ILLEGAL_WILD_DRAW_FOUR": CardDoesNotMatchError,
    # Beyond the minimum of §5.2.2:
    "NOTHING_TO_KEEP": IllegalActionError,
    "NOTHING_TO_ACCEPT": ResponseRequiredError,
    "HAND_NOT_OVER": IllegalActionError,
    "NOT_OFFERED": IllegalActionError,  # the table layer: an action not on offer now
    "NO_DISCARD_ROUND": IllegalActionError,  # `discard`/`decline` outside a discard round
    "NO_PIRATE_WINDOW": IllegalActionError,  # `pass`/`cheat` while no Pirate window is open
    "NO_BLOCK": IllegalActionError,  # `block`/`allow` with nothing to block (§7.11.3)
    "NO_MAMBO": IllegalActionError,  # `give`/`lead` with no Mambo under way (§7.11.7)
    "CANNOT_DISCARD_LAST_CARD": IllegalActionError,  # §7.11.4: a last card is never discarded
}


def illegal(code: str, message: str) -> IllegalActionError:
    """The typed error for a §5.2.2 code.

    Every code the engine uses is in `ERROR_TYPES` (a test greps the sources); a code missing
    from it still gives an `IllegalActionError` rather than failing while reporting the error.
    """
    return ERROR_TYPES.get(code, IllegalActionError)(code, message)


def shown(value: object, limit: int = 40) -> str:
    """`value` as an error message shows it: its repr, cut short, so that a message never
    carries a huge input (nor fails on an integer too long to print)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit integer"
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # no need to repr a megabyte to show its start
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # holds a huge integer, or nests too deep
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
