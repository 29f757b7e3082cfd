"""The Shut the Box family: strip, classic, ten, hundred and the long game (RULES.md
sections 1-6). Its rules core is :mod:`kitgen.games.box.rules` and :mod:`kitgen.games.box.formats`,
its log walker :mod:`kitgen.games.box.log`, its ranking :mod:`kitgen.games.box.ranking`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kitgen.games import Game, Ranking
from kitgen.games.box.presets import PRESETS
from kitgen.games.preset import Rules

if TYPE_CHECKING:
    from kitgen.logs.reader import Header, Line
    from kitgen.logs.report import Report


class BoxGame(Game):
    """Shut the Box: a box of tiles 1-N shut by the exact sum of a throw."""

    id = "box"
    presets = PRESETS

    def validate_log(self, header: Header, body: Iterable[Line], file: str) -> Report:
        """Return the :class:`Report` of a Shut the Box log (LOG-FORMAT.md)."""
        from kitgen.games.box.log import validate_box_log

        return validate_box_log(header, body, file)

    def ranking(self, rules: Rules) -> Ranking:
        """Return how players of ``rules``' format are ranked across tables."""
        from kitgen.games.box.ranking import ranking

        return ranking(rules)

    def player_figures(self, rules: Rules, report: Report, name: str) -> dict[str, float | int | None]:
        """Return the figures of player ``name`` at the table of ``report``."""
        from kitgen.games.box.ranking import player_figures

        return player_figures(rules, report, name)

    def count_throws(self, report: Report, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
        """Add the throws of ``report``'s turns to the counts; return the impossible ones."""
        from kitgen.games.box.ranking import count_throws

        return count_throws(report, two_dice, one_die)
