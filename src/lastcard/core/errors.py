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


class ColourError(IllegalActionError):
    """`MISSING_COLOUR` or `UNEXPECTED_COLOUR`."""


class InvalidTargetError(IllegalActionError):
    pass


class ResponseRequiredError(IllegalActionError):
    pass


class UnoCallError(IllegalActionError):
    """`NOTHING_TO_CALL`, `CATCH_INVALID` or `CATCH_TOO_LATE`."""


class ActionSyntaxError(LastcardError):
    """Text that is not an action code at all (see `parse_action`)."""

    code = "INVALID_ACTION_TEXT"


# Each code of §5.2.2 and the type raised for it.
ERROR_TYPES: dict[str, type[IllegalActionError]] = {
    "NOT_YOUR_TURN": NotYourTurnError,
    "HAND_IS_OVER": HandOverError,
    "CARD_NOT_IN_HAND": CardNotInHandError,
    "CARD_DOES_NOT_MATCH": CardDoesNotMatchError,
    "MISSING_COLOUR": ColourError,
    "UNEXPECTED_COLOUR": ColourError,
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
}


def illegal(code: str, message: str) -> IllegalActionError:
    """The typed error for a §5.2.2 code."""
    return ERROR_TYPES[code](code, message)
