"""How long knucklebones matches last, per match length (docs/performance.md, "Game lengths"), as
measured: a placement is a turn, its roll a throw, and a game the whole match.

>>> from kitgen.games import find_game, find_preset
>>> find_game("knucklebones").game_length(find_preset("knucklebones").configure(), 2).throws_median
21
"""

from __future__ import annotations

from kitgen.games.lengths import Lengths

# Measured by benchmarks/game_lengths.py (docs/performance.md, "Game lengths"): 4,000 matches
# per case and seed, two seeds, from the test suite's generator (tests/games_knucklebones.py),
# random placements, each figure the larger over the seeds.
GAME_LENGTHS: Lengths = {
    ('knucklebones', 2): (13, 14, 21, 26),
    ('knucklebones match=best-of-3', 2): (35, 37, 55, 68),
    ('knucklebones match=best-of-5', 2): (56, 59, 87, 111),
}
