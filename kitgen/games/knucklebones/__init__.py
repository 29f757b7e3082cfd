"""Knucklebones (RULES.md section 7): two 3x3 grids and one die. Its rules core is
:mod:`kitgen.games.knucklebones.rules`, its log walker :mod:`kitgen.games.knucklebones.log` (imported
for a knucklebones log only: a tenth of ``validate``'s start-up otherwise), its ranking
:mod:`kitgen.games.knucklebones.ranking`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kitgen.games import Game, Ranking
from kitgen.games.knucklebones.presets import PRESETS
from kitgen.games.preset import Rules

if TYPE_CHECKING:
    from kitgen.logs.reader import Header, Line
    from kitgen.logs.report import Report


class KnucklebonesGame(Game):
    """Knucklebones: faces placed in columns, matching faces knock out the facing column."""

    id = "knucklebones"
    presets = PRESETS

    def validate_log(self, header: Header, body: Iterable[Line], file: str) -> Report:
        """Return the :class:`Report` of a knucklebones log (LOG-FORMAT.md)."""
        from kitgen.games.knucklebones.log import validate_knucklebones_log

        return validate_knucklebones_log(header, body, file)

    def ranking(self, rules: Rules) -> Ranking:
        """Return the ranking by games won, then points (RULES.md section 7)."""
        from kitgen.games.knucklebones.ranking import ranking

        return ranking(rules)

    def player_figures(self, rules: Rules, report: Report, name: str) -> dict[str, float | int | None]:
        """Return the figures of player ``name`` at the table of ``report``."""
        from kitgen.games.knucklebones.ranking import player_figures

        return player_figures(rules, report, name)

    def count_throws(self, report: Report, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
        """Add the faces thrown in ``report`` to ``one_die`` (never impossible: 1-6)."""
        from kitgen.games.knucklebones.ranking import count_throws

        return count_throws(report, two_dice, one_die)
