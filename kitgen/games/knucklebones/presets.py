"""The knucklebones preset as data and the rules it settles (docs/rules.md section 7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kitgen.games.preset import Option, Preset, RecordShape, Rules, wins_needed
from kitgen.text import N_

MatchLength = Literal["single", "best-of-3", "best-of-5"]


@dataclass(frozen=True, kw_only=True)
class KnucklebonesRules(Rules):
    """The rules of a knucklebones preset with every option settled: the ``match`` length
    (``single``, ``best-of-3``, ``best-of-5``)."""

    match: MatchLength = "single"

    @property
    def wins_needed(self) -> int:
        """Return the game wins that decide the match (1 for a single game).

        >>> from kitgen.games import find_preset
        >>> find_preset("knucklebones").configure({"match": "best-of-5"}).wins_needed
        3
        """
        return wins_needed(self.match)


def knucklebones_rules(rules: Rules) -> KnucklebonesRules:
    """Return ``rules``, which must be a knucklebones preset's: raises ``ValueError`` for
    another game's rules."""
    if not isinstance(rules, KnucklebonesRules):
        raise ValueError(f"{rules.preset!r} is not knucklebones")
    return rules


PRESETS: tuple[Preset[KnucklebonesRules], ...] = (
    Preset(  # docs/rules.md section 7
        "knucklebones",
        N_("2 players, two 3x3 grids and one die; matching faces knock out the facing column."),
        KnucklebonesRules(preset="knucklebones", min_players=2, max_players=2),
        (
            Option("match", "match",
                   tuple((name, name) for name in ("single", "best-of-3", "best-of-5")),
                   "single"),
        ),
        RecordShape(body="grid"),
    ),
)
