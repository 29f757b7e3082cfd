"""The knucklebones rules core moved to :mod:`kitgen.games.knucklebones.rules`; these
names stay here for the kit, rulebook and test code until it asks the registry."""

from kitgen.games.knucklebones.rules import (
    COLUMN_DICE,
    FACES,
    MAX_TOTAL,
    SEATS,
    Column,
    Game,
    Match,
    column_score,
    new_match,
    other_seat,
)

__all__ = ["COLUMN_DICE", "FACES", "MAX_TOTAL", "SEATS", "Column", "Game", "Match", "column_score",
           "new_match", "other_seat"]
