"""How knucklebones players are ranked across tables, and the figures a player row carries
(docs/rules.md section 7; the standings of :mod:`kitgen.session.figures`)."""

from __future__ import annotations

from kitgen.games import MOST, Ranking
from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.games.knucklebones.results import KnucklebonesResults
from kitgen.text import N_


def ranking(rules: KnucklebonesRules) -> Ranking:
    """Return the ranking by games won, most first, then points over all games."""
    return Ranking((("games_won", MOST), ("points", MOST)),
                   N_("Ranked by games won, most first, then by points over all games, most first."))


def player_figures(rules: KnucklebonesRules, results: KnucklebonesResults, name: str) -> dict[str, float | int | None]:
    """Return the figures of player ``name`` at the table whose log gave ``results``."""
    return {
        "games_won": results.wins[name],
        "points": sum(game.totals[name] for game in results.games),
        "games": len(results.games),
        "removed": results.removed[name],
        "throws": len(results.rolls[name]),
    }


def count_throws(results: KnucklebonesResults, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
    """Add the faces the walk recorded in ``results`` to ``one_die`` (faces 1-6, never impossible)."""
    for faces in results.rolls.values():
        for face in faces:
            one_die[face] = one_die.get(face, 0) + 1
    return 0
