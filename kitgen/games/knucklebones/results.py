"""What a knucklebones log's walk records (docs/log-format.md, "Knucklebones"): the results
record of :func:`kitgen.games.knucklebones.log.validate_knucklebones_log`, and its JSON.

The JSON object ``Report.results`` of ``--json``, field by field:

- ``games``: one object per game that had a placement, in log order:
  ``{"game": n, "starter": name, "totals": {name: total}, "result": r, "winner": w}``
  where ``n`` counts games from 1 in log order, ``r`` is ``"won"``, ``"draw"``,
  ``"abandoned"`` (a ``game`` line came before its end) or ``"unfinished"`` (the log
  ended first), and ``w`` is the winner's name for ``"won"`` and ``null`` otherwise;
- ``wins``: ``{name: game wins}`` (draws count for neither);
- ``winners``: ``[match winner]`` once the match is decided, else ``[]``;
- ``decided``: whether the match is decided;
- ``rolls``: ``{name: [faces]}``, the faces 1-6 of the placements that counted for each
  player, in log order (a placement refused for its column still shows its roll);
- ``removed``: ``{name: dice}``, how many of the opponent's dice each player's placements
  removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

Outcome = Literal["won", "draw", "abandoned", "unfinished"]


@dataclass(frozen=True)
class GameResult:
    """One game that had a placement: its number (from 1, in log order), the player who
    started it, each player's grid total, how it came out, and the winner of a game won."""

    number: int
    starter: str
    totals: Mapping[str, int]
    outcome: Outcome
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        """Return the game as the JSON object of the ``games`` list."""
        return {"game": self.number, "starter": self.starter, "totals": dict(self.totals),
                "result": self.outcome, "winner": self.winner}


@dataclass(frozen=True)
class KnucklebonesResults:
    """The results of one knucklebones log: its games, the game wins, the match winner
    (none while undecided), whether the match is decided, the faces of the placements that
    counted for each player in log order, and how many of the opponent's dice each
    player's placements removed, and how many placements wrote an impossible face."""

    games: tuple[GameResult, ...]
    wins: Mapping[str, int]
    winners: tuple[str, ...]
    decided: bool
    rolls: Mapping[str, tuple[int, ...]]
    removed: Mapping[str, int]
    impossible: int = 0  # placements whose face is outside 1-6 (bad-roll): not in rolls, not in the JSON

    def to_json(self) -> dict[str, Any]:
        """Return the results as the JSON object of this module's docstring."""
        return {
            "games": [game.to_json() for game in self.games],
            "wins": dict(self.wins),
            "winners": list(self.winners),
            "decided": self.decided,
            "rolls": {name: list(faces) for name, faces in self.rolls.items()},
            "removed": dict(self.removed),
        }
