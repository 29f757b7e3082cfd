"""How knucklebones players are ranked across tables, and the figures a player row carries
(docs/rules.md section 7; the standings of :mod:`kitgen.session.figures`)."""

from __future__ import annotations

from kitgen.games import MOST, Placing, Ranking
from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.games.knucklebones.results import KnucklebonesResults
from kitgen.text import N_


def ranking(rules: KnucklebonesRules) -> Ranking:
    """Return the ranking by games won, most first, then points over all games."""
    return Ranking((("games_won", MOST), ("points", MOST)),
                   N_("Between tables: games won, most first, then points over all games, most first."))


def placings(rules: KnucklebonesRules, results: KnucklebonesResults, players: tuple[str, ...]) -> dict[str, Placing]:
    """Return the match's result for each of its two ``players``: the match winner won, the
    other lost; neither is placed while the match is undecided (docs/rules.md section 7)."""
    if not results.decided:
        return {name: Placing(None, "undecided") for name in players}
    return {name: Placing(1, "won") if name in results.winners else Placing(2, "lost") for name in players}


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
    """Add the faces the walk recorded in ``results`` to ``one_die`` (a roll is one die,
    faces 1-6) and return how many placements wrote a face outside 1-6, left out."""
    for faces in results.rolls.values():
        for face in faces:
            one_die[face] = one_die.get(face, 0) + 1
    return results.impossible
