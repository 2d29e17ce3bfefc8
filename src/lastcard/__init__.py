"""lastcard: a rules-exact engine and platform for Uno, the shedding card game."""

from .core import *  # noqa: F403 - the core's public API is the package's
from .core import __all__ as __all__

__version__ = "0.1.0"
