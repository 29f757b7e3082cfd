"""The Shut the Box formats moved to :mod:`kitgen.games.box.formats`; these names stay
here for the kit and rulebook code until it asks the registry (imports only)."""

from kitgen.games.box.formats import (
    ATTEMPTS,
    GAME_LENGTHS,
    HUNDRED_LOSES_AT,
    game_length,
)

__all__ = ["ATTEMPTS", "GAME_LENGTHS", "HUNDRED_LOSES_AT", "game_length"]
