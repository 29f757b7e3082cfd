"""How knucklebones players are ranked across tables, and the figures a player row carries
(docs/rules.md section 7; the standings of :mod:`kitgen.session.figures`)."""

from __future__ import annotations

from kitgen.games import MOST, Ranking
from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.logs.report import Report


def ranking(rules: KnucklebonesRules) -> Ranking:
    """Return the ranking by games won, most first, then points over all games."""
    return Ranking((("games_won", MOST), ("points", MOST)),
                   "Ranked by games won, most first, then by points over all games, most first.")


def player_figures(rules: KnucklebonesRules, report: Report, name: str) -> dict[str, float | int | None]:
    """Return the figures of player ``name`` at the table of ``report``."""
    results = report.results
    games = results["games"]
    return {
        "games_won": results["wins"][name],
        "points": sum(game["totals"][name] for game in games),
        "games": len(games),
        "removed": results["removed"][name],
        "throws": len(results["rolls"][name]),
    }


def count_throws(report: Report, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
    """Add the faces thrown in ``report`` to ``one_die`` (faces 1-6, never impossible)."""
    for faces in report.results["rolls"].values():
        for face in faces:
            one_die[face] = one_die.get(face, 0) + 1
    return 0
