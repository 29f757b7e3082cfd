"""How long games last (docs/performance.md, "Game lengths"): what a kit prints rounds and roll
records for, and the minutes "How to use this kit" plans. Each game keeps its measured
figures in its own ``lengths`` module and answers :meth:`kitgen.games.Game.game_length`
from them through :func:`measured_length`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from kitgen.games.preset import Rules, check_player_count

# (rules as a log's rules: line names them, seats) -> turns a seat takes in 9 of 10 and in
# 19 of 20 games, throws of the median and of the 90th-percentile game
Lengths = Mapping[tuple[str, int], tuple[int, int, int, int]]


@dataclass(frozen=True)
class GameLength:
    """How long games of one preset, options and seat count last: the turns a seat takes
    in 9 of 10 games (``turns_90``) and in 19 of 20 (``turns_95``), and the throws of the
    median game and of the 90th-percentile game (knucklebones: a placement is a turn, its
    roll a throw, and a game the whole match)."""

    turns_90: int
    turns_95: int
    throws_median: int
    throws_90: int


def measured_length(lengths: Lengths, rules: Rules, seats: int) -> GameLength:
    """Return how long games of ``rules`` for ``seats`` players last, as ``lengths``
    measured them; for a registered variant that was not measured, as games of the preset
    it prints as last with the same options; with a set option (``ops``) other than its
    default, as games without it (not measured yet).

    Raises :class:`PlayerCountError` for seats outside the preset's range.
    """
    check_player_count(rules, seats)
    measured = lengths.get((rules.describe(), seats))
    if measured is None:
        from kitgen.games import find_preset

        preset = find_preset(rules.preset)
        # a set option (ops, docs/rules.md section 9) is not measured: as its default's games
        unset = {option.name: option.default for option in preset.set_options}
        options = tuple((name, unset.get(name, value)) for name, value in rules.options)
        measured = lengths[replace(rules, preset=preset.layout, options=options).describe(), seats]
    return GameLength(*measured)
