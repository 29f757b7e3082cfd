"""How long games last: the figures behind each game's ``GAME_LENGTHS`` (``kitgen/games/box/lengths.py``,
``kitgen/games/knucklebones/lengths.py``).

For every Shut the Box preset and option set, and every seat count, this plays 4,000 games with
the test suite's legal-game generator (``tests/games_box.py``, driving the rules core) under each
of two habits: random play (any set that fits the throw) and shutting the largest tiles first.
It prints, per case, the turns a seat takes (rounds) that 9 in 10 and 19 in 20 games stay
within, and the throws of the median and the 90th-percentile game, each the larger of the two
habits, as the Python data kitgen keeps, one table a game. Knucklebones matches (``tests/games_knucklebones.py``,
random placements) count a placement as a turn and its roll as a throw::

    python benchmarks/game_lengths.py            # about 25 minutes on 2 shared cores
    python benchmarks/game_lengths.py --games 400

Seeded: the same command prints the same table.
"""

from __future__ import annotations

import argparse
import random
import sys
from math import ceil
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from games_box import NAMES, pick_largest, pick_tiles, random_box_game, rules_for  # noqa: E402
from games_knucklebones import random_knucklebones_game  # noqa: E402

from kitgen.games import find_game  # noqa: E402
from kitgen.games.box.presets import BoxRules  # noqa: E402

SEED = 20261201
GAMES = 4000  # per case and habit (issue 9)
HABITS = (pick_tiles, pick_largest)

# (preset, options, seat counts): every game kitgen prints round-by-round paper for
CASES = (
    ("strip", {}, range(1, 7)),
    *(("classic", {"tiles": tiles, "one-die": one_die, "format": fmt}, range(1, 5))
      for tiles in ("9", "12") for one_die in ("on", "off")
      for fmt in ("single", "best-of-3", "best-of-5", "best-of-7", "elimination")),
    ("ten", {}, range(1, 9)),
    ("hundred", {"scoring": "sum"}, range(2, 9)),
    ("hundred", {"scoring": "digits"}, range(2, 9)),
    ("long-game", {}, range(2, 3)),
    *(("knucklebones", {"match": match}, range(2, 3)) for match in ("single", "best-of-3", "best-of-5")),
)


def percentile(values: list[int], share: float) -> int:
    """Return the least value that ``share`` of ``values`` do not exceed."""
    ordered = sorted(values)
    return ordered[max(0, ceil(share * len(ordered)) - 1)]


def measure(preset: str, options: dict[str, str], seats: int, games: int) -> tuple[int, int, int, int]:
    """Return (turns per seat 9 in 10 games need, 19 in 20, median throws, 90th-percentile
    throws), each the larger of the two habits."""
    rules = rules_for(preset, **options)
    figures = []
    for habit in HABITS if isinstance(rules, BoxRules) else (None,):
        rng = random.Random(f"{SEED} {rules.describe()} {seats} {getattr(habit, '__name__', '')}")
        if habit is None:
            matches = [random_knucklebones_game(rng, rules) for _ in range(games)]
            turns = [max(sum(1 for placed in match.placements if placed.seat == seat) for seat in (0, 1))
                     for match in matches]
            throws = [len(match.placements) for match in matches]
        else:
            played = [random_box_game(rng, rules, NAMES[:seats], habit) for _ in range(games)]
            turns = [max(game.turns) for game in played]
            throws = [game.throws for game in played]
        figures.append((percentile(turns, 0.9), percentile(turns, 0.95),
                        percentile(throws, 0.5), percentile(throws, 0.9)))
    return tuple(max(column) for column in zip(*figures, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per case and habit")
    games = parser.parse_args().games
    print(f"# {games} games per case and habit (random play; largest tiles first)")
    game = None
    for preset, options, seat_counts in CASES:
        if find_game(preset).id != game:
            if game is not None:
                print("}")
            game = find_game(preset).id
            print(f"# kitgen/games/{game}/lengths.py")
            print("GAME_LENGTHS: Lengths = {  # (rules, seats): turns a seat needs 9 in 10 / 19 in 20, "
                  "throws median / 90th")
        rules = rules_for(preset, **options)
        for seats in seat_counts:
            figures = measure(preset, options, seats, games)
            print(f"    ({rules.describe()!r}, {seats}): {figures},", flush=True)
    print("}")


if __name__ == "__main__":
    main()
