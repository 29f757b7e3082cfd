"""The Shut the Box rules core moved to :mod:`kitgen.games.box.rules`; these names stay
here for the kit and rulebook code until it asks the registry (imports only)."""

from kitgen.games.box.rules import FACES, HIGH_SHUT_FROM, LOW_SUM_LIMIT, TWO_DICE_TOTALS

__all__ = ["FACES", "HIGH_SHUT_FROM", "LOW_SUM_LIMIT", "TWO_DICE_TOTALS"]
